//! Simultaneous-move search for Parity (`rules/parity.md`): a one-turn payoff matrix over
//! both sides' commits on the start-of-turn position, each pair resolved by the rules
//! ([`Position::resolve`]) and scored by the evaluation.
//!
//! - **A second turn** (`second_turn`): the best-rated commits (by the blend of worst
//!   case and mean, 3:1) are followed through the replies that hurt them most into the
//!   next turn's matrix, and the commit that is best after that is played.
//! - **A mixed strategy** where the second turn finishes no row (the move time, a stop or
//!   the node budget): among the commits whose blend is within [`MIX_MARGIN_CP`] of the
//!   best (as shipped: those rated exactly alike) their rows of the matrix are solved as a
//!   zero-sum game ([`equilibrium`], regret matching) and the commit is drawn from the
//!   equilibrium with the bot's seeded random generator, so that no fixed reply exploits a
//!   predictable choice between them. Where one commit is best it is played.
//! - **Pieces free to move**: a resolved position in which a side can move only one to
//!   four pieces next turn costs that side [`FEW_MOVERS_PENALTY`] (500 for one, down to 25
//!   for four): with the rest rule such a side is soon forced, and one that can move none
//!   loses (`rules/parity.md` §4; in Single Occupation a piece on a shared square is the
//!   only one its side may move, §5).
//! - A resolution that reports an immediate check on the bot's King costs
//!   [`IMMEDIATE_CHECK_PENALTY`], so the bot never walks into an immediate check that some
//!   other commit avoids against every reply.
//!
//! The bot sees only the start-of-turn position and its side: never the other commit.
//! The resolver is a parameter (tests pass a fake one); a pair it refuses is scored by
//! playing the two moves one after the other. The rules' own resolver refuses no pair of
//! legal commits, so in play every pair is resolved by the rules.

use std::collections::HashSet;
use std::time::Instant;

use rand::RngExt;
use rand::rngs::Xoshiro256PlusPlus;
use rand::seq::SliceRandom;

use super::eval::piece_value;
use super::nnue::StaticEval;
use super::search::MATE;
use super::{SearchControl, SearchInfo, SearchLimits};
use crate::rules::classic;
use crate::rules::{
    CheckKind, Color, DrawReason, Effect, IllegalMove, Move, Outcome, Position, TurnModel,
};
use crate::rules::{PieceKind, Square};

/// Score subtracted when a resolution puts the bot's King in immediate check.
pub const IMMEDIATE_CHECK_PENALTY: i32 = 5_000;

/// Resolves one turn: `(position, white commit, black commit)` → the next position and its
/// effects.
pub type Resolver<'a> =
    dyn Fn(&Position, &Move, &Move) -> Result<(Position, Vec<Effect>), IllegalMove> + 'a;

/// The rules' own resolution ([`Position::resolve`]).
///
/// # Errors
/// The rules' [`IllegalMove`].
pub fn rules_resolver(
    pos: &Position,
    white: &Move,
    black: &Move,
) -> Result<(Position, Vec<Effect>), IllegalMove> {
    let mut p = pos.clone();
    let fx = p.resolve(white, black)?;
    Ok((p, fx))
}

/// The key of `pos` for repetition between turns: its [`Position::repetition_key`] with
/// White to move, so that a position the bot resolves and the same position handed to it
/// at a later turn compare equal whichever side each names to move.
pub fn turn_key(pos: &Position) -> u64 {
    if pos.turn() == Color::White {
        return pos.repetition_key();
    }
    let mut p = pos.clone();
    p.set_turn(Color::White);
    p.repetition_key()
}

/// The rules' resolution of commits the position's [`Position::legal_commits`] gave, which
/// the bot's commits and replies always are ([`Position::resolve_legal`]: the same
/// position and effects as [`rules_resolver`] without judging the commits again).
///
/// # Errors
/// None: the result is always `Ok` (the type is the [`Resolver`]'s).
pub fn legal_resolver(
    pos: &Position,
    white: &Move,
    black: &Move,
) -> Result<(Position, Vec<Effect>), IllegalMove> {
    let mut p = pos.clone();
    let fx = p.resolve_legal(white, black);
    Ok((p, fx))
}

/// [`legal_resolver`], except that a resolution back to a position in `seen` (the
/// [`turn_key`]s of the game's earlier start-of-turn positions) ends in a draw by
/// repetition (an added [`Effect::GameOver`]): the bot scores going back as a draw, as the
/// alternating search does, so a side ahead leaves the shuffle the rules' threefold
/// repetition ends, and a side behind seeks it.
///
/// # Errors
/// The rules' [`IllegalMove`].
pub fn resolve_with_repetitions(
    seen: &HashSet<u64>,
    pos: &Position,
    white: &Move,
    black: &Move,
) -> Result<(Position, Vec<Effect>), IllegalMove> {
    let (next, mut fx) = legal_resolver(pos, white, black)?;
    let over = fx.iter().any(|e| matches!(e, Effect::GameOver(_)));
    if !over && !seen.is_empty() && seen.contains(&turn_key(&next)) {
        fx.push(Effect::GameOver(Outcome::Draw {
            reason: DrawReason::Repetition,
        }));
    }
    Ok((next, fx))
}

/// The most `by` can expect to win with one capture next turn: over the enemy pieces that a
/// non-resting piece of `by` attacks, the victim's value if undefended, else the victim's
/// value less the cheapest attacker's (Kings left out: checks are the rules' business).
pub fn best_threat(pos: &Position, by: Color) -> i32 {
    let v = pos.variant();
    let shape = pos.shape();
    let board = pos.board();
    let resting: Vec<Square> = pos.resting(by).collect();
    let view = classic::AttackView::of(board);
    let mut best = 0;
    for (sq, kind) in board.pieces(by.other()) {
        if kind == PieceKind::King {
            continue;
        }
        // The attackers as a set on the 8×8 board, else as the scan lists them.
        let attackers: Vec<Square> = match &view {
            Some(v) => classic::masks::squares(v.attackers(sq, by))
                .map(|i| Square(i as u8))
                .collect(),
            None => classic::attackers(board, sq, by),
        };
        let Some(cheapest) = attackers
            .iter()
            .filter(|a| !resting.contains(a))
            .filter_map(|&a| board.kind(by, a).map(|k| piece_value(v, k, shape.zone(a))))
            .min()
        else {
            continue;
        };
        let value = piece_value(v, kind, shape.zone(sq));
        let defended = match &view {
            Some(v) => v.attackers(sq, by.other()) != 0,
            None => !classic::attackers(board, sq, by.other()).is_empty(),
        };
        let gain = if defended { value - cheapest } else { value };
        best = best.max(gain);
    }
    best
}

/// The evaluation of a resolved position for `side`, with next turn's captures priced in:
/// a piece left hanging is mostly lost (the other side will take it unless it moves away,
/// and only one piece moves per turn); a threat of one's own is worth less (the target may
/// move away); a side left with few pieces free to move next turn pays
/// [`FEW_MOVERS_PENALTY`].
fn judge(next: &Position, side: Color, ev: StaticEval) -> i32 {
    ev.evaluate_for(next, side) - best_threat(next, side.other()) * 3 / 4
        + best_threat(next, side) / 4
        + few_movers_penalty(next, side.other())
        - few_movers_penalty(next, side)
}

/// How many of `side`'s pieces have a legal commit in `pos`, each piece counted once: its
/// resting piece never has one (`rules/parity.md` §2.1), and in Single Occupation a side
/// with a piece on a shared square may move only that piece (§5).
pub fn movable_pieces(pos: &Position, side: Color) -> usize {
    movable_pieces_up_to(pos, side, usize::MAX)
}

/// [`movable_pieces`], counted no further than `at_most` (the rules stop generating there,
/// [`parity::movable_pieces`]); other variants count the origins of their legal commits.
///
/// [`parity::movable_pieces`]: crate::rules::variants::parity::movable_pieces
fn movable_pieces_up_to(pos: &Position, side: Color, at_most: usize) -> usize {
    if pos.variant().turn_model() == TurnModel::Simultaneous {
        return crate::rules::variants::parity::movable_pieces(pos, side, at_most);
    }
    // One bit per square index (a `Square` is a `u8`).
    let mut from = [0u64; 4];
    for m in pos.legal_commits(side) {
        let i = m.from.index();
        from[i / 64] |= 1 << (i % 64);
    }
    let n: usize = from.iter().map(|w| w.count_ones() as usize).sum();
    n.min(at_most)
}

/// What a side with 1, 2, 3 or 4 pieces free to move next turn loses, in centipawns
/// ([`movable_pieces`]): with the rest rule a side that can move only one piece is forced
/// into that piece's moves, and one that can move none loses (`rules/parity.md` §4). More
/// pieces cost nothing.
pub const FEW_MOVERS_PENALTY: [i32; 5] = [0, 500, 200, 75, 25];

/// [`FEW_MOVERS_PENALTY`] of `side` in `pos`.
fn few_movers_penalty(pos: &Position, side: Color) -> i32 {
    // Counting stops where the penalty does.
    FEW_MOVERS_PENALTY
        .get(movable_pieces_up_to(pos, side, FEW_MOVERS_PENALTY.len()))
        .copied()
        .unwrap_or(0)
}

/// Plays `mine` then `theirs` as alternating moves: the score of a pair the resolver
/// refuses, and of a commit when the other side has none.
fn sequential(
    pos: &Position,
    side: Color,
    mine: &Move,
    theirs: Option<&Move>,
    ev: StaticEval,
) -> i32 {
    let mut p = pos.clone();
    p.set_turn(side);
    p.play_unchecked(mine);
    if let Some(t) = theirs {
        p.set_turn(side.other());
        p.play_unchecked(t);
    }
    if p.board().king(side).is_none() {
        return -MATE;
    }
    if p.board().king(side.other()).is_none() {
        return MATE;
    }
    let mut v = judge(&p, side, ev);
    if p.in_check(side) {
        v -= IMMEDIATE_CHECK_PENALTY;
    }
    v
}

/// Whether the effects of a resolution report an immediate check on `side`'s King.
fn immediate_check_on(fx: &[Effect], side: Color) -> bool {
    fx.iter()
        .any(|e| matches!(e, Effect::Check { side: s, kind: CheckKind::Immediate } if *s == side))
}

/// The payoff of one pair for `side`.
fn payoff(
    pos: &Position,
    side: Color,
    mine: &Move,
    theirs: &Move,
    resolver: &Resolver,
    ev: StaticEval,
) -> i32 {
    let (w, b) = if side == Color::White {
        (mine, theirs)
    } else {
        (theirs, mine)
    };
    match resolver(pos, w, b) {
        Ok((next, fx)) => {
            for e in &fx {
                if let Effect::GameOver(o) = e {
                    return match o {
                        Outcome::Win { winner, .. } if *winner == side => MATE,
                        Outcome::Win { .. } => -MATE,
                        Outcome::Draw { .. } => 0,
                    };
                }
            }
            let mut v = judge(&next, side, ev);
            if immediate_check_on(&fx, side) {
                v -= IMMEDIATE_CHECK_PENALTY;
            }
            v
        }
        Err(_) => sequential(pos, side, mine, Some(theirs), ev),
    }
}

/// How threatening an enemy commit looks before resolving (captures of big pieces first).
fn threat(pos: &Position, side: Color, m: &Move) -> i32 {
    let shape = pos.shape();
    let mut t = pos
        .kind_at(side, m.to)
        .map_or(0, |k| 1 + piece_value(pos.variant(), k, shape.zone(m.to)));
    if m.promotion.is_some() {
        t += 800;
    }
    t
}

/// The expected score of one commit against a set of the other side's commits, for the
/// committing side, in centipawns ([`MATE`] for a win, `-MATE` for a loss).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CommitScore {
    /// A blend of the worst case and the mean, `(3 × worst + mean) / 4`, rounded down:
    /// the score `esoterica analyse` ranks commits by.
    pub blend: i32,
    /// The worst payoff over the replies considered: [`MATE`] when every one of them
    /// loses the game for the other side (a simultaneous mate).
    pub worst: i32,
    /// The mean payoff over the replies considered, rounded towards zero.
    pub mean: i32,
}

/// Scores `mine` for `side` against each of `theirs` (the payoff of each pair resolved by
/// `resolver`, as [`choose_commit`] does) and adds the pairs resolved to `pairs`. With no
/// replies the commit is played alone and all three fields are that one payoff.
pub fn commit_score(
    pos: &Position,
    side: Color,
    mine: &Move,
    theirs: &[Move],
    resolver: &Resolver,
    pairs: &mut u64,
) -> CommitScore {
    commit_score_with(
        pos,
        side,
        mine,
        theirs,
        resolver,
        pairs,
        StaticEval::HandTuned,
    )
}

/// [`commit_score`] with the resolved positions scored by `ev` (a network, or the
/// hand-tuned evaluation as [`commit_score`] does).
pub fn commit_score_with(
    pos: &Position,
    side: Color,
    mine: &Move,
    theirs: &[Move],
    resolver: &Resolver,
    pairs: &mut u64,
    ev: StaticEval,
) -> CommitScore {
    let mut row = Vec::with_capacity(theirs.len().max(1));
    push_payoffs(pos, side, mine, theirs, resolver, pairs, &mut row, ev);
    CommitScore::of_row(&row)
}

/// Pushes onto `row` the payoffs of `mine` for `side` against each of `theirs` (each pair
/// resolved by `resolver`, counted in `pairs`), or the one payoff of `mine` played alone
/// when there is no reply.
fn push_payoffs(
    pos: &Position,
    side: Color,
    mine: &Move,
    theirs: &[Move],
    resolver: &Resolver,
    pairs: &mut u64,
    row: &mut Vec<i32>,
    ev: StaticEval,
) {
    if theirs.is_empty() {
        row.push(sequential(pos, side, mine, None, ev));
        return;
    }
    for t in theirs {
        row.push(payoff(pos, side, mine, t, resolver, ev));
        *pairs += 1;
    }
}

impl CommitScore {
    /// The score of one row of payoffs (one payoff per reply; not empty).
    fn of_row(row: &[i32]) -> CommitScore {
        let worst = row.iter().copied().min().unwrap_or(0);
        let sum: i64 = row.iter().map(|&v| i64::from(v)).sum();
        let mean = (sum / row.len().max(1) as i64) as i32;
        let blend = (3 * i64::from(worst) + i64::from(mean)).div_euclid(4) as i32;
        CommitScore { blend, worst, mean }
    }
}

/// Regret-matching iterations [`choose_commit`] runs on its payoff matrix.
pub const EQUILIBRIUM_ITERATIONS: usize = 2_000;

/// How far below the best commit's blend of worst case and mean ([`CommitScore::blend`]) a
/// commit may score and still be part of the mixed strategy, in centipawns: 0, so the bot
/// mixes only among the commits it rates exactly alike (and plays the best one where it
/// is alone). Wider margins (8, 30, all commits) were measured against the pure bot and
/// each lost about 100–130 Elo (`docs/BOTS.md`, Parity).
pub const MIX_MARGIN_CP: i32 = 0;

/// Commits whose equilibrium probability is below this share are dropped before sampling
/// (and the rest renormalised): regret matching leaves small weights on commits that are
/// never part of the equilibrium.
pub const MIN_COMMIT_SHARE: f64 = 0.05;

/// An approximate equilibrium strategy of the row player of the zero-sum matrix game
/// `payoff` (`rows × cols`, row-major, the row player's payoff; the column player's is its
/// negation): regret matching⁺ for both players for `iterations` rounds, and the row
/// player's strategies averaged with linearly growing weights. Returns one probability per
/// row, summing to 1; an empty vector for an empty matrix.
///
/// The average converges to an equilibrium: its exploitability (what the column player's
/// best reply takes from it, below the game's value) falls roughly as `1 / iterations`.
pub fn equilibrium(payoff: &[i32], rows: usize, cols: usize, iterations: usize) -> Vec<f64> {
    if rows == 0 || cols == 0 || payoff.len() != rows * cols {
        return Vec::new();
    }
    let a: Vec<f64> = payoff.iter().map(|&v| f64::from(v)).collect();
    let mut row_regret = vec![0.0f64; rows];
    let mut col_regret = vec![0.0f64; cols];
    let mut average = vec![0.0f64; rows];
    let (mut x, mut y) = (vec![0.0f64; rows], vec![0.0f64; cols]);
    let (mut u, mut w) = (vec![0.0f64; rows], vec![0.0f64; cols]);
    for t in 1..=iterations.max(1) {
        strategy_from(&row_regret, &mut x);
        strategy_from(&col_regret, &mut y);
        // The row player's payoff of each row against y; the column player's of each
        // column against x.
        w.fill(0.0);
        for (i, row) in a.chunks_exact(cols).enumerate() {
            u[i] = row.iter().zip(&y).map(|(p, q)| p * q).sum();
            for (wj, p) in w.iter_mut().zip(row) {
                *wj -= x[i] * p;
            }
        }
        let value: f64 = x.iter().zip(&u).map(|(p, q)| p * q).sum();
        for (r, ui) in row_regret.iter_mut().zip(&u) {
            *r = (*r + ui - value).max(0.0);
        }
        for (r, wj) in col_regret.iter_mut().zip(&w) {
            *r = (*r + wj + value).max(0.0);
        }
        for (avg, xi) in average.iter_mut().zip(&x) {
            *avg += t as f64 * xi;
        }
    }
    let total: f64 = average.iter().sum();
    average.iter().map(|v| v / total).collect()
}

/// The regret-matching strategy: proportional to the positive regrets, uniform where none
/// is positive.
fn strategy_from(regret: &[f64], out: &mut [f64]) {
    let total: f64 = regret.iter().map(|r| r.max(0.0)).sum();
    if total > 0.0 {
        for (o, r) in out.iter_mut().zip(regret) {
            *o = r.max(0.0) / total;
        }
    } else {
        out.fill(1.0 / out.len() as f64);
    }
}

/// Draws an index from `strategy` (probabilities summing to about 1) with `rng`, after
/// dropping the entries below [`MIN_COMMIT_SHARE`] of the largest. `None` when empty.
pub fn sample_strategy(strategy: &[f64], rng: &mut Xoshiro256PlusPlus) -> Option<usize> {
    let top = strategy.iter().copied().fold(0.0f64, f64::max);
    let kept: Vec<(usize, f64)> = strategy
        .iter()
        .copied()
        .enumerate()
        .filter(|&(_, p)| p > 0.0 && p >= MIN_COMMIT_SHARE * top)
        .collect();
    let total: f64 = kept.iter().map(|k| k.1).sum();
    if kept.is_empty() || total <= 0.0 {
        return None;
    }
    let mut r = rng.random::<f64>() * total;
    for &(i, p) in &kept {
        if r < p {
            return Some(i);
        }
        r -= p;
    }
    kept.last().map(|k| k.0)
}

/// Chooses `side`'s commit in `pos` within `limits` (`nodes` caps the number of resolved
/// pairs, default 4 000; `movetime` caps the time) as the strongest level does
/// ([`CommitSettings::STRONGEST`]). `None` if `side` has no legal commit.
///
/// Each of `side`'s commits is resolved against the other side's most threatening commits
/// (as many as the budget allows). A win the matrix finds against every reply (a
/// simultaneous mate) is played at once. Then `second_turn` looks at the best rows a turn
/// further and its choice is played; where it finishes no row within the limits, the
/// commits within [`MIX_MARGIN_CP`] of the best blend of worst case and mean are kept,
/// their rows of the matrix solved by [`equilibrium`], and the commit drawn from that
/// strategy with `rng` ([`sample_strategy`]).
pub fn choose_commit(
    pos: &Position,
    side: Color,
    limits: SearchLimits,
    ctl: &mut dyn SearchControl,
    rng: &mut Xoshiro256PlusPlus,
    resolver: &Resolver,
) -> Option<Move> {
    choose_commit_with(
        pos,
        side,
        limits,
        ctl,
        rng,
        resolver,
        CommitSettings::STRONGEST,
    )
}

/// How [`choose_commit_with`] chooses a commit: the second turn's size, the mixed
/// strategy's margin and a level's noise ([`CommitSettings::for_level`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CommitSettings {
    /// How far below the best blend a commit may be rated and still be part of the mixed
    /// strategy, in centipawns ([`MIX_MARGIN_CP`]).
    pub margin_cp: i32,
    /// How many of the best-rated commits `second_turn` looks at; 0: no second turn.
    pub deep_commits: usize,
    /// How many of each such commit's worst replies `second_turn` follows.
    pub deep_replies: usize,
    /// A weak level's mistakes, in centipawns: where above 0 there is no second turn and
    /// no mixed strategy; among the commits whose blend is within `noise` of the best
    /// (never one that loses against some reply while another does not), the one whose
    /// blend plus a seeded random amount in `0..=noise` is highest is played, so the bot
    /// may play a commit up to `noise` worse than its best, as the alternating search's
    /// levels do ([`super::search::level_noise`]).
    pub noise: i32,
    /// Whether the choice is drawn with the bot's random generator: the commits are
    /// shuffled before they are rated (so equals are taken in a random order) and, where
    /// the second turn finishes no row, drawn from the mixed strategy. `false`: the pure
    /// bot, whose commit follows from the position and the limits alone (the first of the
    /// best-rated in [`Position::legal_commits`]' order); a level's noise still draws.
    pub mixed: bool,
}

impl CommitSettings {
    /// The strongest level's settings: a second turn over the 5 best rows and each row's
    /// 4 worst replies, no noise, the mixed strategy at [`MIX_MARGIN_CP`]. Against the
    /// 3 × 3 second turn (level 6's) it scored +196 ± 76 Elo over 100 Parity games and
    /// +10 ± 67 over 100 in Single Occupation (`docs/BOTS.md`, Parity).
    pub const STRONGEST: CommitSettings = CommitSettings {
        margin_cp: MIX_MARGIN_CP,
        deep_commits: 5,
        deep_replies: 4,
        noise: 0,
        mixed: true,
    };

    /// These settings without the random choice ([`CommitSettings::mixed`] `false`): the
    /// pure bot, whose commit an opponent who knows the bot can compute
    /// ([`CommitStyle::Exploit`]).
    ///
    /// # Examples
    /// ```
    /// use esoterica::bots::simultaneous::CommitSettings;
    /// assert!(!CommitSettings::STRONGEST.pure().mixed);
    /// assert_eq!(CommitSettings::STRONGEST.pure().deep_commits, 5);
    /// ```
    pub const fn pure(self) -> CommitSettings {
        CommitSettings {
            mixed: false,
            ..self
        }
    }

    /// The settings of level `level` (1–9, clamped): levels 1–4 choose from the one-turn
    /// matrix with the alternating search's noise for the level (250, 150, 90 and 50 cp);
    /// levels 5–8 look a second turn deep over 2 rows × 2 replies, 3 × 3, 4 × 3 and (the
    /// strongest) 5 × 4, without noise; level 9 as level 8 (its network is the bot's
    /// evaluation, not a setting).
    ///
    /// # Examples
    /// ```
    /// use esoterica::bots::simultaneous::CommitSettings;
    /// assert_eq!(CommitSettings::for_level(1).noise, 250);
    /// assert_eq!(CommitSettings::for_level(1).deep_commits, 0);
    /// assert_eq!(CommitSettings::for_level(8), CommitSettings::STRONGEST);
    /// assert_eq!(CommitSettings::for_level(9), CommitSettings::STRONGEST);
    /// ```
    pub fn for_level(level: u8) -> CommitSettings {
        let level = level.clamp(1, super::search::MAX_LEVEL);
        let (deep_commits, deep_replies) = match level {
            1..=4 => (0, 0),
            5 => (2, 2),
            6 => (3, 3),
            7 => (4, 3),
            _ => (5, 4),
        };
        CommitSettings {
            margin_cp: MIX_MARGIN_CP,
            deep_commits,
            deep_replies,
            noise: if deep_commits == 0 {
                super::search::level_noise(level)
            } else {
                0
            },
            mixed: true,
        }
    }
}

/// How an alpha-beta bot chooses its Parity and Single Occupation commits (in the
/// alternating variants the three play alike).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum CommitStyle {
    /// The level's settings ([`CommitSettings::for_level`]): equals in a random order and
    /// the mixed strategy where the second turn finishes no row. Bot name `alphabeta:L`.
    #[default]
    Mixed,
    /// The same without the random choice ([`CommitSettings::pure`]): a predictable bot.
    /// Bot name `pure:L`.
    Pure,
    /// The exploiter: it computes the commit the pure bot of its level would play for the
    /// other side in the same position, with the same limits and the same positions seen,
    /// and plays its best reply to that commit ([`choose_commit_against`]). Against the
    /// pure bot under a node budget its prediction is exact; with a move time each half
    /// gets half of it. Bot name `exploit:L`.
    Exploit,
    /// The level's settings with the mixed strategy over the commits within this many
    /// centipawns of the best blend ([`CommitSettings::margin_cp`]) instead of
    /// [`MIX_MARGIN_CP`]. Bot name `mixed:L:M`.
    MixedWithin(i32),
}

impl CommitStyle {
    /// The name of the bot of level `level` that chooses in this style: `alphabeta:L`,
    /// `pure:L`, `exploit:L` or `mixed:L:M`.
    pub fn bot_name(self, level: u8) -> String {
        match self {
            CommitStyle::Mixed => format!("alphabeta:{level}"),
            CommitStyle::Pure => format!("pure:{level}"),
            CommitStyle::Exploit => format!("exploit:{level}"),
            CommitStyle::MixedWithin(m) => format!("mixed:{level}:{m}"),
        }
    }
}

/// A weak level's choice among rated rows: the index whose blend plus a random amount in
/// `0..=noise` (drawn with `rng`) is highest, among the rows within `noise` of the best
/// blend. A row that loses against some reply is rated near `-MATE`, so it is within
/// reach only when the best row loses too. `None` when `blends` is empty.
fn pick_near_best(blends: &[i32], noise: i32, rng: &mut Xoshiro256PlusPlus) -> Option<usize> {
    let best = blends.iter().copied().max()?;
    let noise = noise.max(0);
    let mut pick: Option<(i32, usize)> = None;
    for (i, &b) in blends.iter().enumerate() {
        if b < best.saturating_sub(noise) {
            continue;
        }
        let key = b.saturating_add(rng.random_range(0..=noise));
        if pick.is_none_or(|(k, _)| key > k) {
            pick = Some((key, i));
        }
    }
    pick.map(|(_, i)| i)
}

/// How many of the other side's most threatening commits the second turn's matrix holds.
pub const DEEP_WIDTH: usize = 8;

/// The value for `side` of the turn after a resolution: over `side`'s commits in `next`,
/// the best blend ([`CommitScore::blend`]) against the other side's [`DEEP_WIDTH`] most
/// threatening commits. Counts the pairs in `pairs`.
fn one_turn_value(
    next: &Position,
    side: Color,
    resolver: &Resolver,
    pairs: &mut u64,
    ev: StaticEval,
) -> i32 {
    let mine = next.legal_commits(side);
    let mut theirs = next.legal_commits(side.other());
    theirs.sort_by_cached_key(|m| std::cmp::Reverse(threat(next, side, m)));
    theirs.truncate(DEEP_WIDTH);
    mine.iter()
        .map(|m| commit_score_with(next, side, m, &theirs, resolver, pairs, ev).blend)
        .max()
        // No commit left: the rules end such a game; score it as the evaluation does.
        .unwrap_or_else(|| judge(next, side, ev))
}

/// Looks a second turn deep: for each of the `deep.0` best rows of the one-turn
/// `matrix` (`rows` = `mine`, `cols` = `theirs`, payoffs for `side`; `blends` each row's
/// [`CommitScore::blend`]), the `deep.1`
/// replies that score worst against it are resolved and their payoffs replaced by the
/// value of the turn after (`one_turn_value`; a pair that ends the game keeps its
/// payoff, and an immediate check on `side`'s King still costs
/// [`IMMEDIATE_CHECK_PENALTY`]). Returns the rows it finished, each as its index in
/// `mine` and its payoffs with the second turn's values in place, the best-rated first
/// (equals in `mine`'s order). When `stop` says so part-way, only the rows finished so far
/// (so one row done is the one-turn choice's); none when none is done.
#[expect(
    clippy::too_many_arguments,
    reason = "the matrix, its two move lists and the search's counters are one call's state"
)]
fn second_turn(
    pos: &Position,
    side: Color,
    mine: &[Move],
    theirs: &[Move],
    matrix: &[i32],
    blends: &[i32],
    deep: (usize, usize),
    resolver: &Resolver,
    pairs: &mut u64,
    stop: &mut dyn FnMut(u64) -> bool,
    ev: StaticEval,
) -> Vec<(usize, Vec<i32>)> {
    let cols = theirs.len();
    if cols == 0 || matrix.len() != mine.len() * cols || blends.len() != mine.len() {
        return Vec::new();
    }
    let mut order: Vec<usize> = (0..mine.len()).collect();
    order.sort_by_key(|&i| std::cmp::Reverse(blends[i]));
    let mut done = Vec::new();
    'rows: for &i in order.iter().take(deep.0) {
        let mut row = matrix[i * cols..(i + 1) * cols].to_vec();
        let mut worst: Vec<usize> = (0..cols).filter(|&j| row[j].abs() < MATE).collect();
        worst.sort_by_key(|&j| row[j]);
        for &j in worst.iter().take(deep.1) {
            if stop(*pairs) {
                break 'rows;
            }
            let (w, b) = if side == Color::White {
                (&mine[i], &theirs[j])
            } else {
                (&theirs[j], &mine[i])
            };
            let Ok((next, fx)) = resolver(pos, w, b) else {
                continue;
            };
            if fx.iter().any(|e| matches!(e, Effect::GameOver(_))) {
                continue;
            }
            let mut v = one_turn_value(&next, side, resolver, pairs, ev);
            if immediate_check_on(&fx, side) {
                v -= IMMEDIATE_CHECK_PENALTY;
            }
            row[j] = v;
        }
        done.push((i, row));
    }
    done
}

/// [`choose_commit`] with other [`CommitSettings`]: a level's, or settings under
/// measurement. With a second turn (`deep_commits` above 0) and the whole matrix resolved
/// in time, the commit `second_turn` rates best among the rows it finished is played;
/// with `noise` above 0 a commit is drawn near the best (see [`CommitSettings::noise`]);
/// else the mixed strategy over the commits within `margin_cp` of the best blend.
pub fn choose_commit_with(
    pos: &Position,
    side: Color,
    limits: SearchLimits,
    ctl: &mut dyn SearchControl,
    rng: &mut Xoshiro256PlusPlus,
    resolver: &Resolver,
    settings: CommitSettings,
) -> Option<Move> {
    choose_commit_evaluated(
        pos,
        side,
        limits,
        ctl,
        rng,
        resolver,
        settings,
        StaticEval::HandTuned,
    )
}

/// [`choose_commit_with`] with the resolved positions scored by `ev` (the network
/// level's network, or the hand-tuned evaluation as [`choose_commit_with`] does).
pub fn choose_commit_evaluated(
    pos: &Position,
    side: Color,
    limits: SearchLimits,
    ctl: &mut dyn SearchControl,
    rng: &mut Xoshiro256PlusPlus,
    resolver: &Resolver,
    settings: CommitSettings,
    ev: StaticEval,
) -> Option<Move> {
    let job = Job {
        pos,
        side,
        limits,
        resolver,
        settings,
        ev,
    };
    choose(&job, ctl, rng, None)
}

/// `side`'s best reply in `pos` to the other side's commit `reply`, known in advance: the
/// matrix of [`choose_commit_evaluated`] with that one column (its second turn follows the
/// reply into the next turn), chosen as the pure bot chooses ([`CommitSettings::pure`]).
/// `None` if `side` has no legal commit. The exploiter's move ([`CommitStyle::Exploit`]).
pub fn choose_commit_against(
    pos: &Position,
    side: Color,
    reply: &Move,
    limits: SearchLimits,
    ctl: &mut dyn SearchControl,
    resolver: &Resolver,
    settings: CommitSettings,
    ev: StaticEval,
) -> Option<Move> {
    let job = Job {
        pos,
        side,
        limits,
        resolver,
        settings: settings.pure(),
        ev,
    };
    // The pure choice draws nothing; the generator is there for a level's noise.
    let mut rng = <Xoshiro256PlusPlus as rand::SeedableRng>::seed_from_u64(0);
    choose(&job, ctl, &mut rng, Some(reply))
}

/// One commit choice's fixed inputs.
struct Job<'a, 'r> {
    pos: &'a Position,
    side: Color,
    limits: SearchLimits,
    resolver: &'a Resolver<'r>,
    settings: CommitSettings,
    ev: StaticEval<'a>,
}

/// [`choose_commit_evaluated`]'s body; with `known` the matrix's only column is that
/// commit of the other side. Where a matrix was rated, its value for `job.side` is
/// reported to `ctl` ([`SearchControl::report`]) with the commit chosen: see
/// [`reported_value`] for the score, `depth` 1 for the one-turn matrix and 2 where the
/// second turn finished a row, `nodes` the pairs resolved.
fn choose(
    job: &Job,
    ctl: &mut dyn SearchControl,
    rng: &mut Xoshiro256PlusPlus,
    known: Option<&Move>,
) -> Option<Move> {
    let (commit, rated) = choose_rated(job, ctl, rng, known);
    if let (Some(best), Some(r)) = (commit, rated) {
        ctl.report(SearchInfo {
            depth: r.depth,
            score: r.value,
            nodes: r.pairs,
            best: Some(best),
            pv: vec![best],
        });
    }
    commit
}

/// What a commit choice rated: the value of the rows it chose among for the committing
/// side ([`reported_value`]), how deep it looked (1 or 2 turns) and the pairs resolved.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Rated {
    value: i32,
    depth: u32,
    pairs: u64,
}

/// The score a commit choice reports for the committing side, in centipawns from the best
/// blend of worst case and mean ([`CommitScore::blend`]) among the rows it chose from:
/// `MATE - 1` (mate this turn) where that row wins against every reply considered,
/// `-(MATE - 1)` where its blend is beyond [`super::search::MATE_BOUND`] on the losing
/// side (every row loses against some reply and the rest are nearly as bad), else the
/// blend itself. `None` for no rows.
fn reported_value(payoffs: &[i32], cols: usize) -> Option<i32> {
    let best = payoffs
        .chunks_exact(cols.max(1))
        .map(CommitScore::of_row)
        .max_by_key(|s| s.blend)?;
    Some(if best.worst >= MATE {
        MATE - 1
    } else if best.blend <= -super::search::MATE_BOUND {
        -(MATE - 1)
    } else {
        best.blend
    })
}

/// [`choose`] without the report: the commit, and what was rated where a matrix was
/// (`None` where `side` had at most one commit).
fn choose_rated(
    job: &Job,
    ctl: &mut dyn SearchControl,
    rng: &mut Xoshiro256PlusPlus,
    known: Option<&Move>,
) -> (Option<Move>, Option<Rated>) {
    let &Job {
        pos,
        side,
        limits,
        resolver,
        settings,
        ev,
    } = job;
    let CommitSettings {
        margin_cp,
        deep_commits,
        deep_replies,
        noise,
        mixed,
    } = settings;
    let deep = deep_commits > 0 && noise <= 0;
    let mut mine = pos.legal_commits(side);
    if mine.len() <= 1 {
        return (mine.first().copied(), None);
    }
    if mixed {
        mine.shuffle(rng);
    }
    let mut theirs = match known {
        Some(m) => vec![*m],
        None => pos.legal_commits(side.other()),
    };
    theirs.sort_by_cached_key(|m| std::cmp::Reverse(threat(pos, side, m)));
    let budget = limits.nodes.unwrap_or(4_000).max(mine.len() as u64) as usize;
    let keep = (budget / mine.len()).clamp(1, theirs.len().max(1));
    theirs.truncate(keep);
    let deadline = limits.movetime.map(|t| Instant::now() + t);
    let mut scored: Vec<Move> = Vec::with_capacity(mine.len());
    let mut matrix: Vec<i32> = Vec::with_capacity(mine.len() * theirs.len().max(1));
    let mut pairs = 0u64;
    for m in &mine {
        let row_start = matrix.len();
        push_payoffs(pos, side, m, &theirs, resolver, &mut pairs, &mut matrix, ev);
        scored.push(*m);
        if matrix[row_start..].iter().all(|&v| v >= MATE) {
            let rated = Rated {
                value: MATE - 1,
                depth: 1,
                pairs,
            };
            return (Some(*m), Some(rated));
        }
        if deadline.is_some_and(|d| Instant::now() >= d) || ctl.should_stop(pairs) {
            break;
        }
    }
    let cols = theirs.len().max(1);
    let blends: Vec<i32> = matrix
        .chunks_exact(cols)
        .map(|row| CommitScore::of_row(row).blend)
        .collect();
    if deep && scored.len() == mine.len() && !theirs.is_empty() {
        // The second turn keeps to the move time, a stop and a node budget given.
        let mut stop = |n: u64| {
            deadline.is_some_and(|d| Instant::now() >= d)
                || limits.nodes.is_some_and(|cap| n >= cap)
                || ctl.should_stop(n)
        };
        let done = second_turn(
            pos,
            side,
            &scored,
            &theirs,
            &matrix,
            &blends,
            (deep_commits, deep_replies),
            resolver,
            &mut pairs,
            &mut stop,
            ev,
        );
        if !done.is_empty() {
            let rows: Vec<usize> = done.iter().map(|d| d.0).collect();
            let payoffs: Vec<i32> = done.into_iter().flat_map(|d| d.1).collect();
            let rated = reported_value(&payoffs, cols).map(|value| Rated {
                value,
                depth: 2,
                pairs,
            });
            let commit =
                choose_row(&rows, &payoffs, cols, margin_cp, mixed, rng).map(|i| scored[i]);
            return (commit, rated);
        }
    }
    let rated = reported_value(&matrix, cols).map(|value| Rated {
        value,
        depth: 1,
        pairs,
    });
    if noise > 0 {
        return (
            pick_near_best(&blends, noise, rng).map(|i| scored[i]),
            rated,
        );
    }
    let rows: Vec<usize> = (0..scored.len()).collect();
    let commit = choose_row(&rows, &matrix, cols, margin_cp, mixed, rng).map(|i| scored[i]);
    (commit, rated)
}

/// The last step of a commit choice among `rows` (indices of the rated commits), whose
/// payoffs against the `cols` columns are `payoffs` (row-major, one row per entry of
/// `rows`): the pure bot (`mixed` false) takes the first whose blend of worst case and
/// mean is best; else the rows within `margin_cp` of the best blend are kept, their
/// payoffs solved by [`equilibrium`] and the row drawn with `rng` ([`sample_strategy`]).
/// `None` when `rows` is empty.
fn choose_row(
    rows: &[usize],
    payoffs: &[i32],
    cols: usize,
    margin_cp: i32,
    mixed: bool,
    rng: &mut Xoshiro256PlusPlus,
) -> Option<usize> {
    if cols == 0 {
        return rows.first().copied();
    }
    let blends: Vec<i32> = payoffs
        .chunks_exact(cols)
        .map(|row| CommitScore::of_row(row).blend)
        .collect();
    let best = blends.iter().copied().max()?;
    if !mixed {
        return blends.iter().position(|&b| b == best).map(|k| rows[k]);
    }
    // The rows whose blend of worst case and mean is within `margin_cp` of the best
    // one's, and the equilibrium of the matrix of those rows alone.
    let near: Vec<usize> = (0..blends.len())
        .filter(|&k| blends[k] >= best.saturating_sub(margin_cp.max(0)))
        .collect();
    let sub: Vec<i32> = near
        .iter()
        .flat_map(|&k| payoffs[k * cols..(k + 1) * cols].iter().copied())
        .collect();
    let strategy = equilibrium(&sub, near.len(), cols, EQUILIBRIUM_ITERATIONS);
    sample_strategy(&strategy, rng).map(|k| rows[near[k]])
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bots::NoControl;
    use crate::rules::Variant;
    use rand::SeedableRng;

    const STRONGEST: CommitSettings = CommitSettings::STRONGEST;

    /// White's commit in `pos` with `resolver`, `settings` and `limits`, the random
    /// generator seeded with `seed`.
    fn white_commit(
        pos: &Position,
        seed: u64,
        limits: SearchLimits,
        settings: CommitSettings,
        resolver: &Resolver,
    ) -> Move {
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
        choose_commit_with(
            pos,
            Color::White,
            limits,
            &mut NoControl,
            &mut rng,
            resolver,
            settings,
        )
        .unwrap()
    }

    /// A stand-in for the Parity rules: both commits applied one after the other (White
    /// first), and an immediate check reported for White whenever White's piece left d2.
    fn fake(pos: &Position, w: &Move, b: &Move) -> Result<(Position, Vec<Effect>), IllegalMove> {
        let mut p = pos.clone();
        p.set_turn(Color::White);
        p.play_unchecked(w);
        p.set_turn(Color::Black);
        p.play_unchecked(b);
        let mut fx = Vec::new();
        if w.from == pos.shape().parse_square("d2").unwrap() {
            fx.push(Effect::Check {
                side: Color::White,
                kind: CheckKind::Immediate,
            });
        }
        Ok((p, fx))
    }

    fn pick(fen: &str, resolver: &Resolver) -> String {
        let pos = Position::from_text(Variant::Parity, fen).unwrap();
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(1);
        let m = choose_commit(
            &pos,
            Color::White,
            SearchLimits::default(),
            &mut NoControl,
            &mut rng,
            resolver,
        )
        .unwrap();
        m.coordinate(pos.shape())
    }

    /// On the positions of seeded random games, the commit the strongest level's second
    /// turn chooses is one of its `deep_commits` best rows of the one-turn matrix, it
    /// differs from the one-turn choice somewhere, and a budget too small for the second
    /// turn leaves the one-turn choice.
    #[test]
    fn the_second_turn_chooses_among_the_best_rated_commits() {
        let mut game = Xoshiro256PlusPlus::seed_from_u64(5);
        let (mut positions, mut differ) = (0, 0);
        for v in [Variant::Parity, Variant::ParitySingle] {
            let mut pos = Position::new(v);
            for turn in 0..24 {
                let w = pos.legal_commits(Color::White);
                let b = pos.legal_commits(Color::Black);
                if w.is_empty() || b.is_empty() {
                    break;
                }
                if turn % 3 == 2 {
                    let choose = |limits: SearchLimits, deep: bool| {
                        let settings = CommitSettings {
                            deep_commits: if deep { STRONGEST.deep_commits } else { 0 },
                            ..STRONGEST
                        };
                        white_commit(&pos, turn, limits, settings, &rules_resolver)
                    };
                    let deep = choose(SearchLimits::default(), true);
                    let mut theirs = b.clone();
                    theirs.sort_by_cached_key(|m| std::cmp::Reverse(threat(&pos, Color::White, m)));
                    theirs.truncate((4_000 / w.len()).clamp(1, theirs.len()));
                    let blend = |m: &Move| {
                        commit_score(&pos, Color::White, m, &theirs, &rules_resolver, &mut 0).blend
                    };
                    let mut blends: Vec<i32> = w.iter().map(blend).collect();
                    blends.sort_unstable_by(|a, b| b.cmp(a));
                    let last = blends[STRONGEST.deep_commits.min(blends.len()) - 1];
                    assert!(blend(&deep) >= last, "{}", pos.to_text());
                    if deep != choose(SearchLimits::default(), false) {
                        differ += 1;
                    }
                    let tiny = SearchLimits {
                        nodes: Some(1),
                        ..SearchLimits::default()
                    };
                    assert_eq!(choose(tiny, true), choose(tiny, false), "{}", pos.to_text());
                    positions += 1;
                }
                let (wm, bm) = (
                    w[game.random_range(0..w.len())],
                    b[game.random_range(0..b.len())],
                );
                if pos.resolve(&wm, &bm).is_err() {
                    break;
                }
                if pos.outcome().is_some() {
                    break;
                }
            }
        }
        assert!(positions >= 8, "{positions}");
        assert!(differ > 0, "the second turn never changed a choice");
    }

    /// Keeps the last report of a search.
    struct LastReport(Option<SearchInfo>);

    impl SearchControl for LastReport {
        fn should_stop(&mut self, _nodes: u64) -> bool {
            false
        }
        fn report(&mut self, info: SearchInfo) {
            self.0 = Some(info);
        }
    }

    /// A commit choice reports its value for the committing side: a Queen ahead is far
    /// ahead for the side that has it and far behind for the other, with the commit played
    /// as the report's best move and the second turn's depth; a side with one commit has
    /// no matrix and reports nothing.
    #[test]
    fn a_commit_choice_reports_its_value_for_the_committing_side() {
        let pos = Position::from_text(
            Variant::Parity,
            "r3k3/pp3ppp/8/8/8/8/PP3PPP/R2QK3 w - - 0 1 -/-",
        )
        .unwrap();
        for (side, ahead) in [(Color::White, true), (Color::Black, false)] {
            let mut ctl = LastReport(None);
            let mut rng = Xoshiro256PlusPlus::seed_from_u64(3);
            let commit = choose_commit_evaluated(
                &pos,
                side,
                SearchLimits::default(),
                &mut ctl,
                &mut rng,
                &rules_resolver,
                STRONGEST,
                StaticEval::HandTuned,
            );
            let info = ctl.0.expect("a report");
            assert_eq!(info.best, commit);
            assert_eq!(info.pv, vec![commit.unwrap()]);
            assert_eq!(info.depth, 2);
            assert!(info.nodes > 0);
            if ahead {
                assert!(info.score > 600, "{side:?}: {}", info.score);
            } else {
                assert!(info.score < -600, "{side:?}: {}", info.score);
            }
        }
        // White's King in the corner, b2 covered and the a-pawn blocked: one commit, b1.
        let one =
            Position::from_text(Variant::Parity, "4k3/8/8/8/8/p7/P7/K7 w - - 0 1 -/-").unwrap();
        assert_eq!(one.legal_commits(Color::White).len(), 1);
        let mut ctl = LastReport(None);
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(3);
        let commit = choose_commit(
            &one,
            Color::White,
            SearchLimits::default(),
            &mut ctl,
            &mut rng,
            &rules_resolver,
        );
        assert!(commit.is_some());
        assert!(ctl.0.is_none());
    }

    /// The reported value of a matrix: the best blend of worst case and mean, a mate this
    /// turn where a row wins against every reply, and a loss where every row's blend is
    /// beyond the mate bound.
    #[test]
    fn the_reported_value_is_the_best_blend_or_a_mate() {
        // Rows (0, 100) and (40, 40): blends (0 + 50) / 4 = 12 and 40.
        assert_eq!(reported_value(&[0, 100, 40, 40], 2), Some(40));
        assert_eq!(reported_value(&[MATE, MATE, 40, 40], 2), Some(MATE - 1));
        assert_eq!(
            reported_value(&[-MATE, -MATE, -MATE, 100 - MATE], 2),
            Some(-(MATE - 1))
        );
        // One losing reply of two: 3 × -MATE + the mean, a quarter of it, still above the
        // bound, and reported as the blend.
        let b = reported_value(&[-MATE, 2_000], 2).unwrap();
        assert_eq!(b, (3 * -MATE + (2_000 - MATE) / 2).div_euclid(4));
        assert_eq!(reported_value(&[], 2), None);
        assert!(matches!(
            crate::bots::analysis::Score::from_search(MATE - 1),
            crate::bots::analysis::Score::Mate(1)
        ));
    }

    #[test]
    fn parity_commit_takes_a_free_queen() {
        assert_eq!(pick("4k3/8/8/3q4/8/8/8/3RK3 w - - 0 1 -/-", &fake), "d1d5");
    }

    #[test]
    fn parity_commit_avoids_an_immediate_check_it_can_avoid() {
        // Taking the Queen with the d2 Rook is reported as walking into an immediate check;
        // the other Rook takes it instead.
        assert_eq!(
            pick("4k3/8/8/R2q4/8/8/3R4/4K3 w - - 0 1 -/-", &fake),
            "a5d5"
        );
    }

    /// The pieces free to move next turn: the resting piece and blocked pawns are not, and
    /// in Single Occupation a piece on a shared square is the only one that is.
    #[test]
    fn movable_pieces_leave_out_resting_and_blocked_pieces_and_follow_a_shared_square() {
        let parity = |v, fen| Position::from_text(v, fen).unwrap();
        // White's King rests and its a-pawn is blocked; Black's a-pawn is blocked too.
        let p = parity(Variant::Parity, "4k3/8/8/8/8/p7/P7/4K3 w - - 0 1 e1/-");
        assert_eq!(movable_pieces(&p, Color::White), 0);
        assert_eq!(movable_pieces(&p, Color::Black), 1);
        let p = parity(Variant::Parity, "4k3/8/8/8/8/8/P6N/4K3 w - - 0 1 -/-");
        assert_eq!(movable_pieces(&p, Color::White), 3);
        // A White Knight and a Black Queen share d5.
        let shared = "4k3/8/8/3[Nq]4/8/8/P7/4K3 w - - 0 1 -/-";
        let p = parity(Variant::Parity, shared);
        assert_eq!(movable_pieces(&p, Color::White), 3);
        assert_eq!(movable_pieces(&p, Color::Black), 2);
        let p = parity(Variant::ParitySingle, shared);
        assert_eq!(movable_pieces(&p, Color::White), 1);
        assert_eq!(movable_pieces(&p, Color::Black), 1);
    }

    /// `judge` adds the other side's few-movers penalty and takes off its own: here Black
    /// can move only its King (500) and White its King and Knight (200).
    #[test]
    fn judge_prices_in_the_pieces_free_to_move() {
        let p =
            Position::from_text(Variant::Parity, "4k3/8/8/8/8/p7/P7/4K2N w - - 0 1 -/-").unwrap();
        assert_eq!(movable_pieces(&p, Color::White), 2);
        assert_eq!(movable_pieces(&p, Color::Black), 1);
        let without = crate::bots::eval::evaluate_for(&p, Color::White)
            - best_threat(&p, Color::Black) * 3 / 4
            + best_threat(&p, Color::White) / 4;
        assert_eq!(
            judge(&p, Color::White, StaticEval::HandTuned) - without,
            300
        );
        assert_eq!(
            judge(&p, Color::Black, StaticEval::HandTuned) + without,
            -300
        );
    }

    /// A resolution back to a start position of an earlier turn ends in a draw for the
    /// bot: ahead, it leaves the commit that goes back; behind, it takes it.
    #[test]
    fn a_commit_back_to_an_earlier_turn_scores_as_a_draw() {
        let limits = SearchLimits {
            movetime: None,
            depth: None,
            nodes: Some(4_000),
        };
        let settings = CommitSettings::for_level(8);
        let choose = |pos: &Position, seen: &HashSet<u64>| {
            let resolver =
                |p: &Position, w: &Move, b: &Move| resolve_with_repetitions(seen, p, w, b);
            white_commit(pos, 5, limits, settings, &resolver)
        };
        // Every position White's commit `w` leads to, whatever Black commits.
        let after = |pos: &Position, w: &Move| -> HashSet<u64> {
            pos.legal_commits(Color::Black)
                .iter()
                .filter_map(|b| rules_resolver(pos, w, b).ok())
                .map(|(next, _)| turn_key(&next))
                .collect()
        };
        let parity = |text: &str| Position::from_text(Variant::Parity, text).unwrap();
        let ahead = parity("4k3/pp3ppp/8/8/8/8/PP3PPP/3QK1N1 w - - 6 20 -/-");
        let plain = choose(&ahead, &HashSet::new());
        let seen = after(&ahead, &plain);
        let black = ahead.legal_commits(Color::Black)[0];
        let (_, fx) = resolve_with_repetitions(&seen, &ahead, &plain, &black).unwrap();
        assert!(fx.contains(&Effect::GameOver(Outcome::Draw {
            reason: DrawReason::Repetition
        })));
        let avoided = choose(&ahead, &seen);
        assert_ne!(avoided, plain);
        let (_, fx) = resolve_with_repetitions(&seen, &ahead, &avoided, &black).unwrap();
        assert!(!fx.iter().any(|e| matches!(e, Effect::GameOver(_))));
        // A Queen down, White goes back to the earlier position when every reply lets it.
        let behind = parity("3qk1n1/pp3ppp/8/8/8/8/PP3PPP/4K3 w - - 6 20 -/-");
        let plain = choose(&behind, &HashSet::new());
        let back = behind
            .legal_commits(Color::White)
            .into_iter()
            .find(|w| *w != plain && after(&behind, w).len() > 1)
            .unwrap();
        assert_eq!(choose(&behind, &after(&behind, &back)), back);
    }

    #[test]
    fn parity_commit_does_not_leave_the_queen_hanging() {
        // Qd1-g4 would stand where the Knight on h6 (or the pawn) takes it next turn.
        let m = pick("4k3/8/7n/8/8/8/8/3QK3 w - - 0 1 -/-", &fake);
        assert_ne!(m, "d1g4");
        let pos =
            Position::from_text(Variant::Parity, "4k3/8/8/8/6Q1/8/8/4K3 w - - 0 1 -/-").unwrap();
        assert_eq!(best_threat(&pos, Color::Black), 0);
        let pos =
            Position::from_text(Variant::Parity, "4k3/8/7n/8/6Q1/8/8/4K3 w - - 0 1 -/-").unwrap();
        assert_eq!(best_threat(&pos, Color::Black), 900);
    }

    /// What the column player's best reply leaves the row player with `x`.
    fn guaranteed(payoff: &[i32], cols: usize, x: &[f64]) -> f64 {
        (0..cols)
            .map(|j| {
                x.iter()
                    .enumerate()
                    .map(|(i, p)| p * f64::from(payoff[i * cols + j]))
                    .sum::<f64>()
            })
            .fold(f64::INFINITY, f64::min)
    }

    #[test]
    fn equilibrium_of_matching_pennies_is_half_and_half() {
        let x = equilibrium(&[100, -100, -100, 100], 2, 2, EQUILIBRIUM_ITERATIONS);
        assert_eq!(x.len(), 2);
        assert!((x[0] - 0.5).abs() < 0.02, "{x:?}");
        assert!((x.iter().sum::<f64>() - 1.0).abs() < 1e-9);
    }

    #[test]
    fn equilibrium_of_rock_paper_scissors_is_a_third_each_and_unexploitable() {
        let rps = [0, -1, 1, 1, 0, -1, -1, 1, 0];
        let x = equilibrium(&rps, 3, 3, EQUILIBRIUM_ITERATIONS);
        for p in &x {
            assert!((p - 1.0 / 3.0).abs() < 0.02, "{x:?}");
        }
        // The game's value is 0: the best reply takes almost nothing from it.
        assert!(guaranteed(&rps, 3, &x) > -0.02);
        // Any pure strategy loses a whole point to its best reply.
        assert_eq!(guaranteed(&rps, 3, &[1.0, 0.0, 0.0]), -1.0);
    }

    #[test]
    fn equilibrium_of_an_unbalanced_game_weights_by_the_payoffs() {
        // Row 0 wins 300 against column 0 and loses 100 against column 1; row 1 loses 100
        // and wins 100. Mixing row 0 with share x: 400x - 100 against column 0 and
        // 100 - 200x against column 1, equal at x = 1/3, the game's value 100/3.
        let m = [300, -100, -100, 100];
        let x = equilibrium(&m, 2, 2, EQUILIBRIUM_ITERATIONS);
        assert!((x[0] - 1.0 / 3.0).abs() < 0.02, "{x:?}");
        assert!((guaranteed(&m, 2, &x) - 100.0 / 3.0).abs() < 3.0);
    }

    #[test]
    fn equilibrium_plays_a_dominant_row_alone() {
        // Row 1 is better than row 0 against every column.
        let x = equilibrium(&[10, 20, -5, 50, 60, 40], 2, 3, EQUILIBRIUM_ITERATIONS);
        assert!(x[1] > 0.99, "{x:?}");
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(3);
        for _ in 0..50 {
            assert_eq!(sample_strategy(&x, &mut rng), Some(1));
        }
    }

    #[test]
    fn equilibrium_of_an_empty_or_misshapen_matrix_is_empty() {
        assert!(equilibrium(&[], 0, 3, 10).is_empty());
        assert!(equilibrium(&[1, 2, 3], 2, 2, 10).is_empty());
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(3);
        assert_eq!(sample_strategy(&[], &mut rng), None);
    }

    #[test]
    fn sampling_follows_the_strategy_and_drops_tiny_shares() {
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(7);
        let strategy = [0.6, 0.39, 0.01];
        let mut counts = [0usize; 3];
        for _ in 0..4_000 {
            counts[sample_strategy(&strategy, &mut rng).unwrap()] += 1;
        }
        assert_eq!(counts[2], 0, "a share under 5 % of the largest is dropped");
        let share = counts[0] as f64 / 4_000.0;
        // 0.6 / 0.99 of the draws, within sampling error.
        assert!((share - 0.606).abs() < 0.03, "{counts:?}");
        // The same seed draws the same commits.
        let mut a = Xoshiro256PlusPlus::seed_from_u64(11);
        let mut b = Xoshiro256PlusPlus::seed_from_u64(11);
        let da: Vec<_> = (0..20)
            .map(|_| sample_strategy(&strategy, &mut a))
            .collect();
        let db: Vec<_> = (0..20)
            .map(|_| sample_strategy(&strategy, &mut b))
            .collect();
        assert_eq!(da, db);
    }

    #[test]
    fn parity_commits_rated_alike_are_drawn_from_a_mixed_strategy() {
        // After 1. d4/f6 2. e3/Nc6 (Parity) White's Qf3 and d5 are rated within 8 cp of
        // each other: with that margin the bot plays both over seeds, each seed reproducing
        // its choice, and never a commit rated worse than the margin. The shipped margin
        // plays a best-rated commit.
        let pos = Position::from_text(
            Variant::Parity,
            "r1bqkbnr/ppppp1pp/2n2p2/8/3P4/4P3/PPP2PPP/RNBQKBNR w KQkq - 0 3 e3/f6",
        )
        .unwrap();
        let choose = |seed: u64, margin: i32| {
            let settings = CommitSettings {
                margin_cp: margin,
                deep_commits: 0,
                ..STRONGEST
            };
            white_commit(
                &pos,
                seed,
                SearchLimits::default(),
                settings,
                &rules_resolver,
            )
        };
        let theirs = pos.legal_commits(Color::Black);
        let blend =
            |m: &Move| commit_score(&pos, Color::White, m, &theirs, &rules_resolver, &mut 0).blend;
        let best = pos
            .legal_commits(Color::White)
            .iter()
            .map(blend)
            .max()
            .unwrap();
        let mut counts = std::collections::BTreeMap::new();
        for seed in 0..20 {
            let m = choose(seed, 8);
            assert_eq!(
                choose(seed, 8),
                m,
                "seed {seed} chose differently the second time"
            );
            assert!(blend(&m) >= best - 8, "{}", m.coordinate(pos.shape()));
            *counts.entry(m.coordinate(pos.shape())).or_insert(0) += 1;
            assert_eq!(blend(&choose(seed, MIX_MARGIN_CP)), best);
        }
        assert!(counts.len() >= 2, "a pure choice: {counts:?}");
        assert!(counts.contains_key("d1f3"), "{counts:?}");
    }

    /// The weak levels choose from the one-turn matrix with their noise: on the positions
    /// of a seeded random game each of levels 1–4 plays a commit rated within its noise of
    /// the best blend, the same seed chooses the same commit, and level 1 plays a commit
    /// rated below the best on at least three positions. Levels 0 and 9 act as 1 and 8.
    #[test]
    fn weak_levels_play_commits_within_their_noise_of_the_best() {
        let mut game = Xoshiro256PlusPlus::seed_from_u64(9);
        let mut pos = Position::new(Variant::Parity);
        let (mut positions, mut worse) = (0, 0);
        for turn in 0..30u64 {
            let w = pos.legal_commits(Color::White);
            let b = pos.legal_commits(Color::Black);
            if w.is_empty() || b.is_empty() {
                break;
            }
            if w.len() > 1 {
                let blend = |m: &Move| {
                    commit_score(&pos, Color::White, m, &b, &rules_resolver, &mut 0).blend
                };
                let best = w.iter().map(blend).max().unwrap();
                for level in 1..=4u8 {
                    let settings = CommitSettings::for_level(level);
                    assert_eq!(settings.deep_commits, 0);
                    let choose = || {
                        white_commit(
                            &pos,
                            turn,
                            SearchLimits::default(),
                            settings,
                            &rules_resolver,
                        )
                    };
                    let m = choose();
                    assert_eq!(choose(), m, "level {level} at {}", pos.to_text());
                    let rated = blend(&m);
                    assert!(
                        rated >= best - settings.noise,
                        "level {level}: {} rated {rated}, best {best} at {}",
                        m.coordinate(pos.shape()),
                        pos.to_text()
                    );
                    if level == 1 && rated < best {
                        worse += 1;
                    }
                }
                positions += 1;
            }
            let (wm, bm) = (
                w[game.random_range(0..w.len())],
                b[game.random_range(0..b.len())],
            );
            if pos.resolve(&wm, &bm).is_err() || pos.outcome().is_some() {
                break;
            }
        }
        assert!(positions >= 10, "{positions}");
        assert!(
            worse >= 3,
            "level 1 played below the best on {worse} of {positions} positions"
        );
        assert_eq!(CommitSettings::for_level(0), CommitSettings::for_level(1));
        assert_eq!(CommitSettings::for_level(9), STRONGEST);
        assert_eq!(CommitSettings::for_level(6).deep_commits, 3);
    }

    /// The positions of a seeded random Parity or Single Occupation game, one every
    /// second turn (`turns` turns).
    fn random_turns(variant: Variant, seed: u64, turns: usize) -> Vec<Position> {
        let mut game = Xoshiro256PlusPlus::seed_from_u64(seed);
        let mut pos = Position::new(variant);
        let mut out = Vec::new();
        for turn in 0..turns {
            let w = pos.legal_commits(Color::White);
            let b = pos.legal_commits(Color::Black);
            if w.is_empty() || b.is_empty() || pos.outcome().is_some() {
                break;
            }
            if turn % 2 == 1 {
                out.push(pos.clone());
            }
            let (wm, bm) = (
                w[game.random_range(0..w.len())],
                b[game.random_range(0..b.len())],
            );
            if pos.resolve(&wm, &bm).is_err() {
                break;
            }
        }
        out
    }

    /// The pure bot's commit follows from the position alone: on the positions of seeded
    /// random games in both variants the strongest settings without the random choice
    /// play the same commit whatever the generator's seed; and after 1. d4/f6 2. e3/Nc6,
    /// where an 8 cp margin draws both Qf3 and d5 over seeds, the pure settings with that
    /// margin play the first best-rated commit every time.
    #[test]
    fn the_pure_bot_plays_the_same_commit_whatever_its_seed() {
        let limits = SearchLimits {
            nodes: Some(1_500),
            ..SearchLimits::default()
        };
        let mut positions = 0;
        for variant in [Variant::Parity, Variant::ParitySingle] {
            for pos in random_turns(variant, 4, 16) {
                let pure =
                    |seed| white_commit(&pos, seed, limits, STRONGEST.pure(), &rules_resolver);
                let first = pure(1);
                for seed in 2..5 {
                    assert_eq!(pure(seed), first, "{variant} {}", pos.to_text());
                }
                positions += 1;
            }
        }
        assert!(positions >= 12, "{positions}");
        let pos = Position::from_text(
            Variant::Parity,
            "r1bqkbnr/ppppp1pp/2n2p2/8/3P4/4P3/PPP2PPP/RNBQKBNR w KQkq - 0 3 e3/f6",
        )
        .unwrap();
        let wide = CommitSettings {
            margin_cp: 8,
            deep_commits: 0,
            ..STRONGEST
        };
        let chosen = |settings: CommitSettings| -> HashSet<Move> {
            (0..12)
                .map(|seed| {
                    white_commit(
                        &pos,
                        seed,
                        SearchLimits::default(),
                        settings,
                        &rules_resolver,
                    )
                })
                .collect()
        };
        assert!(chosen(wide).len() >= 2, "the mixed bot chose one commit");
        let pure = chosen(wide.pure());
        assert_eq!(pure.len(), 1, "{pure:?}");
        let theirs = pos.legal_commits(Color::Black);
        let mine = pos.legal_commits(Color::White);
        let blend =
            |m: &Move| commit_score(&pos, Color::White, m, &theirs, &rules_resolver, &mut 0).blend;
        let best = mine.iter().map(blend).max().unwrap();
        let first_best = mine.iter().find(|m| blend(m) == best).unwrap();
        assert!(pure.contains(first_best));
    }

    /// The reply to a known commit is a best response: without a second turn the commit
    /// [`choose_commit_against`] plays scores, against that one commit, as well as any of
    /// the side's commits does (and with the second turn it is one of the five best by that
    /// score), on the positions of seeded random games, the known commit being each of
    /// the other side's three most threatening ones.
    #[test]
    fn the_reply_to_a_known_commit_scores_best_against_it() {
        let one_turn = CommitSettings {
            deep_commits: 0,
            ..STRONGEST
        };
        let mut checked = 0;
        for variant in [Variant::Parity, Variant::ParitySingle] {
            for pos in random_turns(variant, 11, 14) {
                let mine = pos.legal_commits(Color::White);
                let mut theirs = pos.legal_commits(Color::Black);
                theirs.sort_by_cached_key(|m| std::cmp::Reverse(threat(&pos, Color::White, m)));
                for reply in theirs.iter().take(3) {
                    let against = |m: &Move| {
                        commit_score(&pos, Color::White, m, &[*reply], &rules_resolver, &mut 0)
                            .blend
                    };
                    let mut scores: Vec<i32> = mine.iter().map(against).collect();
                    scores.sort_unstable_by(|a, b| b.cmp(a));
                    let answer = |settings| {
                        choose_commit_against(
                            &pos,
                            Color::White,
                            reply,
                            SearchLimits::default(),
                            &mut NoControl,
                            &rules_resolver,
                            settings,
                            StaticEval::HandTuned,
                        )
                        .unwrap()
                    };
                    let shown =
                        |m: Move| format!("{} at {}", m.coordinate(pos.shape()), pos.to_text());
                    let m = answer(one_turn);
                    assert_eq!(against(&m), scores[0], "{}", shown(m));
                    let deep = answer(STRONGEST);
                    let fifth = scores[scores.len().min(5) - 1];
                    assert!(against(&deep) >= fifth, "{}", shown(deep));
                    checked += 1;
                }
            }
        }
        assert!(checked >= 30, "{checked}");
    }

    /// The last step of a choice (after the second turn as after the one-turn matrix):
    /// the pure bot takes the first best-rated row; the mixed one draws, over seeds, both
    /// rows of a matching-pennies matrix when the margin keeps both, and only the better
    /// row when the margin leaves the other out; the index returned is the row's own.
    #[test]
    fn the_last_step_mixes_the_rows_within_the_margin() {
        // Rows 3 and 7: matching pennies, blends equal (-100 each); row 9 is worse.
        let payoffs = [100, -100, -100, 100, -300, -300];
        let rows = [3, 7, 9];
        let draw = |margin: i32, mixed: bool| -> std::collections::BTreeSet<usize> {
            (0..16)
                .map(|seed| {
                    let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
                    choose_row(&rows, &payoffs, 2, margin, mixed, &mut rng).unwrap()
                })
                .collect()
        };
        assert_eq!(draw(0, false), [3].into());
        assert_eq!(draw(1_000, false), [3].into());
        assert_eq!(draw(0, true), [3, 7].into());
        assert_eq!(draw(150, true), [3, 7].into());
        // Row 9 (blend -300) comes within a 250 cp margin but is never part of the
        // equilibrium: both of its payoffs are below the others'.
        assert_eq!(draw(250, true), [3, 7].into());
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(0);
        assert_eq!(choose_row(&[], &[], 2, 0, true, &mut rng), None);
        assert_eq!(choose_row(&[5], &[], 0, 0, true, &mut rng), Some(5));
    }
}
