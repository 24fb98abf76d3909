//! Position analysis: the best lines of a position from the `alphabeta` bot at a level, the
//! code behind `esoterica analyse` and the game's analysis panel.
//!
//! Alternating variants: multi-PV by exclusion. Line 1 is the bot's search of the
//! position ([`AlphaBetaBot::search_lines`]); line `k` is the same search with the first
//! moves of lines `1..k` left out of the root, so each line's score is the exact
//! (depth-limited) value of the best remaining move, and the lines come out ordered by
//! score, best first, with distinct first moves. The searches share one transposition
//! table; each gets the whole of `limits` (so `N` lines take about `N` times as long).
//! The principal variation is read from the transposition table and played move by move
//! (every move in it is legal where it stands).
//!
//! Simultaneous variants (Parity, Single Occupation): the commits of the side to move
//! ([`Position::turn`], set it with [`Position::set_turn`]) scored against every commit of
//! the other side, each pair resolved by the rules ([`simultaneous::commit_score`]). A
//! line's score is a blend of the commit's worst case and mean, `(3 × worst + mean) / 4`
//! over the other side's commits (the Parity bot itself samples its commit from the
//! equilibrium of the same matrix, [`simultaneous::choose_commit`]); a commit that wins the game against every reply (a simultaneous
//! mate) scores [`Score::Mate`]`(1)`, one that loses against every reply `Mate(-1)`.
//! Depth is 1 (one turn) and the variation is the commit alone.
//!
//! [`threats`] answers "what would the other side play if it were its move": the same
//! analysis with the side to move swapped (a null move), refused where that position could
//! not arise (the side to move is in check: after the swap the other side gives check with
//! the move).

use std::fmt;
use std::time::Instant;

use super::search::{AlphaBetaBot, MATE, MATE_BOUND};
use super::simultaneous::{self, CommitScore};
use super::{SearchControl, SearchInfo, SearchLimits};
use crate::rules::{Color, Move, Outcome, Position, TurnModel};

/// The most lines one analysis gives.
pub const MAX_MULTIPV: usize = 32;

/// The seed of the analysing bot (analysis is deterministic under depth or node limits).
const SEED: u64 = 0;

/// A line's score, from the point of view of the side the line is for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Score {
    /// Centipawns (a pawn is about 100).
    Cp(i32),
    /// Mate in this many moves of the side (negative: the side is mated in that many).
    Mate(i32),
}

impl Score {
    /// Reads a search score ([`MATE`]` - plies` for a mate in `plies` plies).
    pub fn from_search(score: i32) -> Score {
        if score >= MATE_BOUND {
            Score::Mate((MATE - score + 1) / 2)
        } else if score <= -MATE_BOUND {
            Score::Mate(-((MATE + score) / 2).max(1))
        } else {
            Score::Cp(score)
        }
    }

    /// A key that orders scores, higher is better for the side.
    pub fn rank(self) -> i64 {
        match self {
            Score::Cp(c) => i64::from(c),
            Score::Mate(n) if n > 0 => 1_000_000 - i64::from(n),
            Score::Mate(n) => -1_000_000 - i64::from(n),
        }
    }
}

impl fmt::Display for Score {
    /// UCI form: `cp 35`, `mate 1`, `mate -2`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Score::Cp(c) => write!(f, "cp {c}"),
            Score::Mate(n) => write!(f, "mate {n}"),
        }
    }
}

/// One analysed line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Line {
    /// Rank among the lines, 1 = best.
    pub multipv: usize,
    /// The first move (Parity: the commit).
    pub first: Move,
    /// The score for the side the line is for.
    pub score: Score,
    /// Completed depth in plies (Parity: 1 turn).
    pub depth: u32,
    /// Nodes searched for this line (Parity: resolved pairs).
    pub nodes: u64,
    /// Principal variation, `first` first; every move legal in turn (Parity: the commit).
    pub pv: Vec<Move>,
}

/// The result of an analysis.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Analysis {
    /// The side the lines are for.
    pub side: Color,
    /// The lines, best first, distinct first moves; empty when the game is over or the
    /// side has no move.
    pub lines: Vec<Line>,
    /// The game's result when the position is over (mate, stalemate, King capture, …).
    pub outcome: Option<Outcome>,
}

impl Analysis {
    /// The best first move, if any.
    pub fn best(&self) -> Option<Move> {
        self.lines.first().map(|l| l.first)
    }
}

/// Why an analysis was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum AnalysisError {
    /// `multipv` outside `1..=`[`MAX_MULTIPV`].
    MultiPv(usize),
    /// [`threats`]: this side, to move, is in check, so the other side cannot be to move
    /// (it would be able to take the King).
    InCheck(Color),
}

impl fmt::Display for AnalysisError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            AnalysisError::MultiPv(n) => {
                write!(f, "multipv must be 1 to {MAX_MULTIPV}, not {n}")
            }
            AnalysisError::InCheck(c) => write!(
                f,
                "no threats to show: {c} is in check, so it cannot be {}'s move",
                c.other()
            ),
        }
    }
}

impl std::error::Error for AnalysisError {}

/// Analyses `pos` for its side to move with the `alphabeta` bot at `level` (1–8,
/// [`level_limits`](super::search::level_limits)) tightened by `limits`, giving the best
/// `multipv` lines (fewer when fewer moves exist). `progress` is called with each line
/// after each completed depth (alternating variants: line 1's depths first, then line 2's…;
/// Parity: each line once, at the end). `ctl` may stop the analysis; the lines completed so
/// far are returned.
///
/// # Errors
/// [`AnalysisError::MultiPv`] for `multipv` 0 or above [`MAX_MULTIPV`].
pub fn analyse(
    pos: &Position,
    level: u8,
    limits: SearchLimits,
    multipv: usize,
    ctl: &mut dyn SearchControl,
    progress: &mut dyn FnMut(&Line),
) -> Result<Analysis, AnalysisError> {
    if multipv == 0 || multipv > MAX_MULTIPV {
        return Err(AnalysisError::MultiPv(multipv));
    }
    let side = pos.turn();
    let outcome = pos.outcome();
    if outcome.is_some() {
        return Ok(Analysis {
            side,
            lines: Vec::new(),
            outcome,
        });
    }
    let lines = match pos.variant().turn_model() {
        TurnModel::Alternating => alternating(pos, level, limits, multipv, ctl, progress),
        TurnModel::Simultaneous => simultaneous_lines(pos, limits, multipv, ctl, progress),
    };
    Ok(Analysis {
        side,
        lines,
        outcome: None,
    })
}

/// What the side not to move would play if it were its move: [`analyse`] of `pos` with
/// the side to move swapped (en passant rights are not carried over: the swap is a null
/// move). Parity: the other side's commits.
///
/// # Errors
/// [`AnalysisError::InCheck`] when the side to move is in check (alternating variants: with
/// the other side to move, that position is illegal), and [`analyse`]'s errors.
pub fn threats(
    pos: &Position,
    level: u8,
    limits: SearchLimits,
    multipv: usize,
    ctl: &mut dyn SearchControl,
    progress: &mut dyn FnMut(&Line),
) -> Result<Analysis, AnalysisError> {
    let us = pos.turn();
    let alternating = pos.variant().turn_model() == TurnModel::Alternating;
    if alternating && pos.outcome().is_none() && pos.in_check(us) {
        return Err(AnalysisError::InCheck(us));
    }
    let text = if alternating {
        null_move_text(pos)
    } else {
        None
    };
    let mut p = text
        .and_then(|t| Position::from_text(pos.variant(), &t).ok())
        .unwrap_or_else(|| pos.clone());
    p.set_turn(us.other());
    analyse(&p, level, limits, multipv, ctl, progress)
}

/// `pos`'s text with the side-to-move field swapped and the en passant field cleared, for
/// 8×8 FEN texts (`None` when the text has another shape).
fn null_move_text(pos: &Position) -> Option<String> {
    let text = pos.to_text();
    let mut f: Vec<String> = text.split(' ').map(str::to_owned).collect();
    if f.len() < 4 || !(f[1] == "w" || f[1] == "b") {
        return None;
    }
    f[1] = if f[1] == "w" { "b".into() } else { "w".into() };
    f[3] = "-".into();
    Some(f.join(" "))
}

fn alternating(
    pos: &Position,
    level: u8,
    limits: SearchLimits,
    multipv: usize,
    ctl: &mut dyn SearchControl,
    progress: &mut dyn FnMut(&Line),
) -> Vec<Line> {
    let mut bot = AlphaBetaBot::with_level(level, SEED);
    let mut lines: Vec<Line> = Vec::new();
    let mut excluded: Vec<Move> = Vec::new();
    for k in 1..=multipv {
        let mut last: Option<Line> = None;
        let mut stopped = StopSeen {
            inner: ctl,
            stopped: false,
        };
        let found = bot.search_lines(
            pos,
            limits,
            &mut stopped,
            &excluded,
            &mut |info: &SearchInfo, pv: &[Move]| {
                let Some(first) = info.best else { return };
                let line = Line {
                    multipv: k,
                    first,
                    score: Score::from_search(info.score),
                    depth: info.depth,
                    nodes: info.nodes,
                    pv: if pv.is_empty() {
                        vec![first]
                    } else {
                        pv.to_vec()
                    },
                };
                progress(&line);
                last = Some(line);
            },
        );
        let Some((m, score)) = found else { break };
        let line = match last {
            Some(l) if l.first == m => l,
            // No depth completed, or a stopped deeper iteration found a better move.
            _ => Line {
                multipv: k,
                first: m,
                score: Score::from_search(score),
                depth: 0,
                nodes: 0,
                pv: bot.principal_variation(pos, m, 1),
            },
        };
        if line.depth == 0 && stopped.stopped {
            // Not even depth 1 was completed: no score to report for this line.
            if lines.is_empty() {
                lines.push(line);
            }
            break;
        }
        excluded.push(m);
        lines.push(line);
        if stopped.stopped {
            break;
        }
    }
    lines.sort_by_key(|l| std::cmp::Reverse(l.score.rank()));
    for (i, l) in lines.iter_mut().enumerate() {
        l.multipv = i + 1;
    }
    lines
}

/// Forwards to the host's control and remembers whether it asked to stop.
struct StopSeen<'a> {
    inner: &'a mut dyn SearchControl,
    stopped: bool,
}

impl SearchControl for StopSeen<'_> {
    fn should_stop(&mut self, nodes: u64) -> bool {
        let s = self.inner.should_stop(nodes);
        self.stopped |= s;
        s
    }

    fn report(&mut self, info: SearchInfo) {
        self.inner.report(info);
    }
}

fn simultaneous_lines(
    pos: &Position,
    limits: SearchLimits,
    multipv: usize,
    ctl: &mut dyn SearchControl,
    progress: &mut dyn FnMut(&Line),
) -> Vec<Line> {
    let side = pos.turn();
    let mine = pos.legal_commits(side);
    let theirs = pos.legal_commits(side.other());
    let deadline = limits.movetime.map(|t| Instant::now() + t);
    let mut pairs = 0u64;
    let mut scored: Vec<(Move, CommitScore)> = Vec::new();
    for m in &mine {
        let sc = simultaneous::commit_score(
            pos,
            side,
            m,
            &theirs,
            &simultaneous::legal_resolver,
            &mut pairs,
        );
        scored.push((*m, sc));
        let over_budget = limits.nodes.is_some_and(|n| pairs >= n);
        if deadline.is_some_and(|d| Instant::now() >= d) || ctl.should_stop(pairs) || over_budget {
            break;
        }
    }
    // Stable: equal scores keep the rules' commit order.
    scored.sort_by_key(|(_, s)| std::cmp::Reverse(s.blend));
    let lines: Vec<Line> = scored
        .into_iter()
        .take(multipv)
        .enumerate()
        .map(|(i, (m, s))| Line {
            multipv: i + 1,
            first: m,
            score: commit_score_value(s),
            depth: 1,
            nodes: pairs,
            pv: vec![m],
        })
        .collect();
    for l in &lines {
        progress(l);
    }
    lines
}

/// A commit's [`Score`]: mate in 1 when it wins against every reply, mated in 1 when it
/// loses against every reply, else the blend in centipawns.
fn commit_score_value(s: CommitScore) -> Score {
    if s.worst >= MATE_BOUND {
        Score::Mate(1)
    } else if s.blend <= -MATE_BOUND && s.mean <= -MATE_BOUND {
        Score::Mate(-1)
    } else {
        Score::Cp(s.blend)
    }
}

/// `line` as a UCI info line: `info depth D multipv K score cp X|mate N nodes N pv m1 m2 …`
/// (moves in coordinate form; Parity: the commit).
pub fn info_line(pos: &Position, line: &Line) -> String {
    let shape = pos.shape();
    let pv: Vec<String> = line.pv.iter().map(|m| m.coordinate(shape)).collect();
    format!(
        "info depth {} multipv {} score {} nodes {} pv {}",
        line.depth,
        line.multipv,
        line.score,
        line.nodes,
        pv.join(" ")
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bots::NoControl;
    use crate::rules::{Effect, Variant};

    fn run(v: Variant, text: &str, multipv: usize, limits: SearchLimits) -> (Position, Analysis) {
        let pos = Position::from_text(v, text).unwrap();
        let a = analyse(&pos, 5, limits, multipv, &mut NoControl, &mut |_| {}).unwrap();
        (pos, a)
    }

    fn depth(d: u32) -> SearchLimits {
        SearchLimits {
            depth: Some(d),
            ..SearchLimits::default()
        }
    }

    /// Plays `pv` from `pos`, each move checked legal by the rules; the position after it.
    fn play_pv(pos: &Position, pv: &[Move]) -> Position {
        let mut p = pos.clone();
        for m in pv {
            assert!(
                p.is_legal(m),
                "{} in {}",
                m.coordinate(p.shape()),
                p.to_text()
            );
            p.try_play(m).unwrap();
        }
        p
    }

    const BACK_RANK: &str = "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1";
    /// A Bishop on e4 covers a8: Ra8+ Bxa8 in standard chess, mate where the Bishop may not
    /// take the Rook (Bully: 3 < 5; Nonviolent: no captures).
    const GUARDED_BACK_RANK: &str = "6k1/5ppp/8/8/4b3/8/8/R5K1 w - - 0 1";

    #[test]
    fn a_mate_in_one_is_found_in_every_alternating_variant() {
        let cases = [
            (Variant::Standard, BACK_RANK, "a1a8"),
            (Variant::ForceField, BACK_RANK, "a1a8"),
            (Variant::Bully, GUARDED_BACK_RANK, "a1a8"),
            (Variant::Nonviolent, GUARDED_BACK_RANK, "a1a8"),
            (
                Variant::BigOuter,
                "10k1/9ppp/12/12/12/12/12/12/12/12/12/R9K1 ---- w - - 0 1",
                "a1a12",
            ),
            // Pawn exception: dxe7 onto White's 7th rank returns the pawn to e1 and
            // captures the King on e7, which ends the game.
            (
                Variant::Intrachange,
                "8/4k3/3P4/8/8/8/8/K7 w - - 0 1",
                "d6e7",
            ),
        ];
        for (v, text, mv) in cases {
            let (pos, a) = run(v, text, 2, depth(4));
            let l = &a.lines[0];
            assert_eq!(l.score, Score::Mate(1), "{v}");
            assert_eq!(l.first.coordinate(pos.shape()), mv, "{v}");
            assert_eq!(l.pv, vec![l.first], "{v}");
            let after = play_pv(&pos, &l.pv);
            assert!(
                matches!(
                    after.outcome(),
                    Some(Outcome::Win {
                        winner: Color::White,
                        ..
                    })
                ),
                "{v}: {:?}",
                after.outcome()
            );
            // The second line is no mate.
            assert!(matches!(a.lines[1].score, Score::Cp(_)), "{v}");
        }
        // In standard chess the Bishop takes: no mate in one.
        let (_, a) = run(Variant::Standard, GUARDED_BACK_RANK, 1, depth(3));
        assert!(matches!(a.lines[0].score, Score::Cp(_)));
    }

    /// White Kf7 covers g8, g7 and g6; a Knight move off the h-file opens the Rook's file
    /// on the Black King. Whatever Black commits (Kh7 or a pawn move), Black is then in
    /// immediate check with no King move: mated. (Or stalemated, which loses too.)
    const PARITY_MATE: &str = "7k/p4K2/8/8/7N/8/8/7R w - - 0 1 -/-";

    #[test]
    fn a_simultaneous_mate_in_one_is_found_in_parity_and_single_occupation() {
        for v in [Variant::Parity, Variant::ParitySingle] {
            let (pos, a) = run(v, PARITY_MATE, 3, SearchLimits::default());
            assert_eq!(a.side, Color::White);
            assert_eq!(a.lines.len(), 3);
            let mut firsts = Vec::new();
            for l in &a.lines {
                assert_eq!(l.score, Score::Mate(1), "{v}");
                assert_eq!(l.depth, 1);
                assert_eq!(l.pv, vec![l.first]);
                assert_eq!(
                    pos.kind_at(Color::White, l.first.from),
                    Some(crate::rules::PieceKind::Knight)
                );
                firsts.push(l.first);
                // Against every Black commit the game is won by White.
                let replies = pos.legal_commits(Color::Black);
                assert_eq!(replies.len(), 3, "Kh7, a6, a5");
                for b in &replies {
                    let mut p = pos.clone();
                    let fx = p.resolve(&l.first, b).unwrap();
                    let won = fx.iter().any(|e| {
                        matches!(
                            e,
                            Effect::GameOver(Outcome::Win {
                                winner: Color::White,
                                ..
                            })
                        )
                    }) || matches!(
                        p.outcome(),
                        Some(Outcome::Win {
                            winner: Color::White,
                            ..
                        })
                    );
                    assert!(
                        won,
                        "{v}: {} against {}",
                        l.first.coordinate(pos.shape()),
                        b.coordinate(pos.shape())
                    );
                }
            }
            firsts.dedup();
            assert_eq!(firsts.len(), 3);
            // A Rook move keeps the file closed: no mate.
            let rook = pos
                .legal_commits(Color::White)
                .into_iter()
                .find(|m| m.coordinate(pos.shape()) == "h1g1")
                .unwrap();
            let mut pairs = 0;
            let theirs = pos.legal_commits(Color::Black);
            let s = simultaneous::commit_score(
                &pos,
                Color::White,
                &rook,
                &theirs,
                &simultaneous::rules_resolver,
                &mut pairs,
            );
            assert_ne!(commit_score_value(s), Score::Mate(1));
            assert_eq!(pairs, 3);
        }
    }

    #[test]
    fn multipv_gives_distinct_first_moves_ordered_by_score() {
        let (pos, a) = run(Variant::Standard, BACK_RANK, 3, depth(3));
        assert_eq!(a.lines.len(), 3);
        assert_eq!(a.lines[0].first.coordinate(pos.shape()), "a1a8");
        let mut firsts: Vec<Move> = a.lines.iter().map(|l| l.first).collect();
        firsts.sort_by_key(|m| m.coordinate(pos.shape()));
        firsts.dedup();
        assert_eq!(firsts.len(), 3);
        for (i, w) in a.lines.windows(2).enumerate() {
            assert!(w[0].score.rank() >= w[1].score.rank(), "line {i}");
        }
        for (i, l) in a.lines.iter().enumerate() {
            assert_eq!(l.multipv, i + 1);
            assert_eq!(l.pv[0], l.first);
            play_pv(&pos, &l.pv);
        }
        // From the start position, at depth 4: four lines, each searched to depth 4.
        let (pos, a) = run(
            Variant::Standard,
            &Position::new(Variant::Standard).to_text(),
            4,
            depth(4),
        );
        assert_eq!(a.lines.len(), 4);
        for l in &a.lines {
            assert_eq!(l.depth, 4);
            assert!(
                matches!(l.score, Score::Cp(c) if c.abs() < 150),
                "{:?}",
                l.score
            );
            assert!(l.pv.len() >= 2, "{:?}", l.pv);
            play_pv(&pos, &l.pv);
        }
    }

    #[test]
    fn a_single_legal_move_is_searched_and_more_lines_than_moves_give_each_once() {
        // The Black King's one move, h8g8 (h7 and g7 are covered by the White King).
        let (pos, a) = run(
            Variant::Standard,
            "7k/8/6K1/8/8/8/8/1R6 b - - 0 1",
            5,
            depth(3),
        );
        let mut firsts: Vec<String> = a
            .lines
            .iter()
            .map(|l| l.first.coordinate(pos.shape()))
            .collect();
        firsts.sort();
        assert_eq!(firsts, ["h8g8"]);
        assert_eq!(pos.legal_moves().len(), 1);
        // 1... Kg8 2. Rb8#: mated in one.
        assert_eq!(a.lines[0].score, Score::Mate(-1));
        assert_eq!(a.lines[0].depth, 3);
    }

    #[test]
    fn progress_reports_every_completed_depth_of_every_line() {
        let pos = Position::new(Variant::Standard);
        let mut seen = Vec::new();
        let a = analyse(&pos, 5, depth(3), 2, &mut NoControl, &mut |l| {
            seen.push((l.multipv, l.depth));
        })
        .unwrap();
        assert_eq!(seen, [(1, 1), (1, 2), (1, 3), (2, 1), (2, 2), (2, 3)]);
        assert_eq!(a.lines.len(), 2);
    }

    #[test]
    fn a_finished_game_reports_its_result_and_no_line() {
        let (_, a) = run(
            Variant::Standard,
            "R5k1/5ppp/8/8/8/8/8/6K1 b - - 0 1",
            3,
            depth(3),
        );
        assert!(a.lines.is_empty());
        assert_eq!(a.best(), None);
        assert!(matches!(
            a.outcome,
            Some(Outcome::Win {
                winner: Color::White,
                ..
            })
        ));
        // Stalemate: a draw.
        let (_, a) = run(
            Variant::Standard,
            "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1",
            1,
            depth(3),
        );
        assert!(a.lines.is_empty());
        assert!(matches!(a.outcome, Some(Outcome::Draw { .. })));
    }

    #[test]
    fn bad_multipv_is_refused() {
        let pos = Position::new(Variant::Standard);
        for n in [0, MAX_MULTIPV + 1, usize::MAX] {
            assert_eq!(
                analyse(&pos, 3, depth(1), n, &mut NoControl, &mut |_| {}),
                Err(AnalysisError::MultiPv(n))
            );
        }
        assert_eq!(
            AnalysisError::MultiPv(0).to_string(),
            "multipv must be 1 to 32, not 0"
        );
    }

    #[test]
    fn threats_show_the_other_sides_best_move() {
        // Black to move; White threatens Ra8 mate.
        let pos =
            Position::from_text(Variant::Standard, "6k1/5ppp/8/8/8/8/8/R5K1 b - - 0 1").unwrap();
        let a = threats(&pos, 5, depth(3), 1, &mut NoControl, &mut |_| {}).unwrap();
        assert_eq!(a.side, Color::White);
        assert_eq!(a.lines[0].first.coordinate(pos.shape()), "a1a8");
        assert_eq!(a.lines[0].score, Score::Mate(1));
        // Black to move is in check from the Rook: White cannot be to move.
        let pos =
            Position::from_text(Variant::Standard, "6k1/5p1p/8/8/8/8/8/K5R1 b - - 0 1").unwrap();
        let e = threats(&pos, 5, depth(3), 1, &mut NoControl, &mut |_| {}).unwrap_err();
        assert_eq!(e, AnalysisError::InCheck(Color::Black));
        assert_eq!(
            e.to_string(),
            "no threats to show: Black is in check, so it cannot be White's move"
        );
        // Parity: Black's commits.
        let pos = Position::from_text(Variant::Parity, PARITY_MATE).unwrap();
        let a = threats(
            &pos,
            5,
            SearchLimits::default(),
            3,
            &mut NoControl,
            &mut |_| {},
        )
        .unwrap();
        assert_eq!(a.side, Color::Black);
        assert_eq!(a.lines.len(), 3);
        let mut firsts: Vec<String> = a
            .lines
            .iter()
            .map(|l| l.first.coordinate(pos.shape()))
            .collect();
        firsts.sort();
        assert_eq!(firsts, ["a7a5", "a7a6", "h8h7"]);
    }

    #[test]
    fn search_scores_read_as_mates_and_centipawns() {
        assert_eq!(Score::from_search(MATE - 1), Score::Mate(1));
        assert_eq!(Score::from_search(MATE - 3), Score::Mate(2));
        assert_eq!(Score::from_search(-MATE + 2), Score::Mate(-1));
        assert_eq!(Score::from_search(-MATE + 4), Score::Mate(-2));
        assert_eq!(Score::from_search(-35), Score::Cp(-35));
        assert_eq!(Score::Mate(-2).to_string(), "mate -2");
        assert_eq!(Score::Cp(35).to_string(), "cp 35");
        assert!(Score::Mate(1).rank() > Score::Mate(2).rank());
        assert!(Score::Mate(2).rank() > Score::Cp(900).rank());
        assert!(Score::Cp(-900).rank() > Score::Mate(-3).rank());
        assert!(Score::Mate(-3).rank() > Score::Mate(-1).rank());
    }

    #[test]
    fn info_lines_are_uci() {
        let (pos, a) = run(Variant::Standard, BACK_RANK, 1, depth(2));
        let s = info_line(&pos, &a.lines[0]);
        assert!(
            s.starts_with("info depth 2 multipv 1 score mate 1 nodes "),
            "{s}"
        );
        assert!(s.ends_with(" pv a1a8"), "{s}");
    }
}
