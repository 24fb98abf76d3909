//! Simultaneous-move search for Parity (`rules/parity.md`): a one-turn payoff matrix over
//! both sides' commits on the start-of-turn position, each pair resolved by the rules
//! ([`Position::resolve`]) and scored by the evaluation; the commit with the best blend of
//! worst case and average (maximin, 3:1) is chosen. A resolution that reports an immediate
//! check on the bot's King costs [`IMMEDIATE_CHECK_PENALTY`], so the bot never walks into an
//! immediate check that some other commit avoids against every reply.
//!
//! The bot sees only the start-of-turn position and its side: never the other commit.
//! The resolver is a parameter (tests pass a fake one); a pair it refuses is scored by
//! playing the two moves one after the other. The rules' own resolver refuses no pair of
//! legal commits, so in play every pair is resolved by the rules.

use std::time::Instant;

use rand::rngs::Xoshiro256PlusPlus;
use rand::seq::SliceRandom;

use super::eval::{evaluate_for, piece_value};
use super::search::MATE;
use super::{SearchControl, SearchLimits};
use crate::rules::classic;
use crate::rules::{CheckKind, Color, Effect, IllegalMove, Move, Outcome, Position};
use crate::rules::{PieceKind, Square};

/// Score subtracted when a resolution puts the bot's King in immediate check.
pub const IMMEDIATE_CHECK_PENALTY: i32 = 5_000;

/// Resolves one turn: `(position, white commit, black commit)` → the next position and its
/// effects.
pub type Resolver = dyn Fn(&Position, &Move, &Move) -> Result<(Position, Vec<Effect>), IllegalMove>;

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

/// The most `by` can expect to win with one capture next turn: over the enemy pieces that a
/// non-resting piece of `by` attacks, the victim's value if undefended, else the victim's
/// value less the cheapest attacker's (Kings left out: checks are the rules' business).
pub fn best_threat(pos: &Position, by: Color) -> i32 {
    let v = pos.variant();
    let shape = pos.shape();
    let board = pos.board();
    let resting: Vec<Square> = pos.resting(by).collect();
    let mut best = 0;
    for (sq, kind) in board.pieces(by.other()) {
        if kind == PieceKind::King {
            continue;
        }
        let attackers: Vec<Square> = classic::attackers(board, sq, by)
            .into_iter()
            .filter(|a| !resting.contains(a))
            .collect();
        let Some(cheapest) = attackers
            .iter()
            .filter_map(|&a| board.kind(by, a).map(|k| piece_value(v, k, shape.zone(a))))
            .min()
        else {
            continue;
        };
        let value = piece_value(v, kind, shape.zone(sq));
        let defended = !classic::attackers(board, sq, by.other()).is_empty();
        let gain = if defended { value - cheapest } else { value };
        best = best.max(gain);
    }
    best
}

/// The evaluation of a resolved position for `side`, with next turn's captures priced in:
/// a piece left hanging is mostly lost (the other side will take it unless it moves away,
/// and only one piece moves per turn); a threat of one's own is worth less (the target may
/// move away).
fn judge(next: &Position, side: Color) -> i32 {
    evaluate_for(next, side) - best_threat(next, side.other()) * 3 / 4 + best_threat(next, side) / 4
}

/// Plays `mine` then `theirs` as alternating moves: the score of a pair the resolver
/// refuses, and of a commit when the other side has none.
fn sequential(pos: &Position, side: Color, mine: &Move, theirs: Option<&Move>) -> i32 {
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
    let mut v = judge(&p, side);
    if p.in_check(side) {
        v -= IMMEDIATE_CHECK_PENALTY;
    }
    v
}

/// The payoff of one pair for `side`.
fn payoff(pos: &Position, side: Color, mine: &Move, theirs: &Move, resolver: &Resolver) -> i32 {
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
            let mut v = judge(&next, side);
            if fx.iter().any(|e| matches!(e, Effect::Check { side: s, kind: CheckKind::Immediate } if *s == side)) {
                v -= IMMEDIATE_CHECK_PENALTY;
            }
            v
        }
        Err(_) => sequential(pos, side, mine, Some(theirs)),
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
    /// What the bot maximises: `(3 × worst + mean) / 4`, rounded down.
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
    if theirs.is_empty() {
        let v = sequential(pos, side, mine, None);
        return CommitScore {
            blend: v,
            worst: v,
            mean: v,
        };
    }
    let mut worst = i32::MAX;
    let mut sum = 0i64;
    for t in theirs {
        let v = payoff(pos, side, mine, t, resolver);
        worst = worst.min(v);
        sum += i64::from(v);
        *pairs += 1;
    }
    let mean = (sum / theirs.len() as i64) as i32;
    let blend = (3 * i64::from(worst) + i64::from(mean)).div_euclid(4) as i32;
    CommitScore { blend, worst, mean }
}

/// Chooses `side`'s commit in `pos` within `limits` (`nodes` caps the number of resolved
/// pairs, default 4 000; `movetime` caps the time). `None` if `side` has no legal commit.
pub fn choose_commit(
    pos: &Position,
    side: Color,
    limits: SearchLimits,
    ctl: &mut dyn SearchControl,
    rng: &mut Xoshiro256PlusPlus,
    resolver: &Resolver,
) -> Option<Move> {
    let mut mine = pos.legal_commits(side);
    if mine.len() <= 1 {
        return mine.first().copied();
    }
    mine.shuffle(rng);
    let mut theirs = pos.legal_commits(side.other());
    theirs.sort_by_cached_key(|m| std::cmp::Reverse(threat(pos, side, m)));
    let budget = limits.nodes.unwrap_or(4_000).max(mine.len() as u64) as usize;
    let keep = (budget / mine.len()).clamp(1, theirs.len().max(1));
    theirs.truncate(keep);
    let deadline = limits.movetime.map(|t| Instant::now() + t);
    let mut best: Option<(i32, Move)> = None;
    let mut pairs = 0u64;
    for m in &mine {
        let score = commit_score(pos, side, m, &theirs, resolver, &mut pairs).blend;
        if best.is_none_or(|(b, _)| score > b) {
            best = Some((score, *m));
        }
        if deadline.is_some_and(|d| Instant::now() >= d) || ctl.should_stop(pairs) {
            break;
        }
    }
    best.map(|(_, m)| m)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bots::NoControl;
    use crate::rules::Variant;
    use rand::SeedableRng;

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

    #[test]
    fn parity_commit_with_the_rules_resolver_takes_the_free_queen() {
        assert_eq!(
            pick("4k3/8/8/3q4/8/8/8/3RK3 w - - 0 1 -/-", &rules_resolver),
            "d1d5"
        );
    }
}
