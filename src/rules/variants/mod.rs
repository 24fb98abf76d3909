//! The variants Esoterica plays, one folder each, every one implementing
//! [`VariantRules`]: [`standard`], [`intrachange`], [`force_field`], [`parity`] (with Single
//! Occupation), [`big_outer`], [`bully`] and [`nonviolent`]. Classic chess itself is a set of
//! building blocks in [`classic`](crate::rules::classic) that the variants use.
//!
//! This module dispatches from a [`Variant`] to its rules with [`with_rules!`], a `match`
//! with no wildcard arm (a new variant is a compile error until it is registered here) whose
//! calls are static, so the move generator's hot path costs what it did before the trait.
//! `docs/ADDING-A-VARIANT.md` says what a new variant implements.

pub mod big_outer;
pub mod bully;
pub mod force_field;
pub mod intrachange;
pub mod nonviolent;
pub mod parity;
mod rules;
pub mod standard;
#[cfg(test)]
mod test_support;

pub use rules::VariantRules;

/// The classic building blocks, under their former path `variants::classic`.
pub use crate::rules::classic;

use super::geometry::Square;
use super::moves::{Effect, Move};
use super::outcome::Outcome;
use super::piece::Color;
use super::position::{CastleSpec, EnPassant, IllegalMove, Position, Wing};
use super::refusal::{Reason, Refusal};
use super::variant::Variant;

/// Runs `$body` with `$r` bound to the rules of `$variant` (a reference to the variant's
/// zero-sized rules type), so that the trait calls in `$body` are static.
///
/// ```ignore
/// with_rules!(pos.variant, r => r.legal_moves(pos, out))
/// ```
macro_rules! with_rules {
    ($variant:expr, $r:ident => $body:expr) => {
        match $variant {
            $crate::rules::Variant::Standard => {
                let $r = &$crate::rules::variants::standard::Standard;
                $body
            }
            $crate::rules::Variant::Intrachange => {
                let $r = &$crate::rules::variants::intrachange::Intrachange;
                $body
            }
            $crate::rules::Variant::ForceField => {
                let $r = &$crate::rules::variants::force_field::ForceField;
                $body
            }
            $crate::rules::Variant::Parity => {
                let $r = &$crate::rules::variants::parity::Parity::<false>;
                $body
            }
            $crate::rules::Variant::ParitySingle => {
                let $r = &$crate::rules::variants::parity::Parity::<true>;
                $body
            }
            $crate::rules::Variant::BigOuter => {
                let $r = &$crate::rules::variants::big_outer::BigOuter;
                $body
            }
            $crate::rules::Variant::Bully => {
                let $r = &$crate::rules::variants::bully::Bully;
                $body
            }
            $crate::rules::Variant::Nonviolent => {
                let $r = &$crate::rules::variants::nonviolent::Nonviolent;
                $body
            }
        }
    };
}
pub(crate) use with_rules;

/// Runs `f` on `pos` with `side` to move (on a copy when it is the other side's turn): the
/// judges of alternating variants judge the side to move.
pub(crate) fn with_turn<R>(pos: &Position, side: Color, f: impl FnOnce(&Position) -> R) -> R {
    if side == pos.turn {
        f(pos)
    } else {
        let mut p = pos.clone();
        p.turn = side;
        f(&p)
    }
}

/// The rules of `variant`, as a trait object (see [`Variant::rules`]).
pub fn rules_of(variant: Variant) -> &'static dyn VariantRules {
    with_rules!(variant, r => r)
}

/// The built-in initial position text of a variant.
pub fn initial_text(variant: Variant) -> &'static str {
    with_rules!(variant, r => r.initial_text())
}

/// The castling geometry of a variant (`None` where the variant has no castling).
pub fn castle_spec(variant: Variant, side: Color, wing: Wing) -> Option<CastleSpec> {
    with_rules!(variant, r => r.castle_spec(side, wing))
}

#[inline]
pub(crate) fn legal_moves(pos: &Position, out: &mut Vec<Move>) {
    with_rules!(pos.variant, r => r.legal_moves(pos, out));
}

pub(crate) fn legal_commits(pos: &Position, side: Color, out: &mut Vec<Move>) {
    with_rules!(pos.variant, r => r.legal_commits(pos, side, out));
}

pub(crate) fn play(pos: &mut Position, mv: &Move) -> Vec<Effect> {
    with_rules!(pos.variant, r => r.play(pos, mv))
}

#[inline]
pub(crate) fn play_unchecked(pos: &mut Position, mv: &Move) {
    with_rules!(pos.variant, r => r.play_unchecked(pos, mv));
}

/// Keeps in `pos`'s en passant records only the passed squares onto which the other side has
/// a legal en passant capture, judged by the variant's own rules (Force Field's fields,
/// Bully's capture rule, Nonviolent's ban on captures, Parity's commits), and drops a record
/// with none left. In an alternating variant a record the side to move cannot use (the side
/// to move's own pawn) is dropped too. This is what Stockfish records and what python-chess
/// writes in FEN and repetition keys, so positions that differ only by an en passant square
/// nobody can use are the same position.
pub(crate) fn retain_legal_en_passant(pos: &mut Position) {
    let rules = pos.variant.rules();
    for side in Color::BOTH {
        let Some(ep) = pos.ep[side.index()] else {
            continue;
        };
        let capturer = side.other();
        let legal = |s: Square| rules.en_passant_is_legal(pos, capturer, ep.pawn, s);
        let mut passed = [None; 3];
        for (slot, s) in passed.iter_mut().zip(ep.squares().filter(|&s| legal(s))) {
            *slot = Some(s);
        }
        pos.ep[side.index()] = passed[0].map(|_| EnPassant {
            pawn: ep.pawn,
            passed,
        });
    }
}

/// Why `side` may not play `mv` as a game in progress asks it
/// ([`VariantRules::judge_in_game`]), or `None` when it is legal.
pub(crate) fn refusal(pos: &Position, side: Color, mv: &Move) -> Option<Refusal> {
    with_rules!(pos.variant, r => r.judge_in_game(pos, side, mv))
        .err()
        .map(|reason| Refusal::new(pos.variant, reason))
}

pub(crate) fn judge(pos: &Position, side: Color, mv: &Move) -> Result<Move, Reason> {
    with_rules!(pos.variant, r => r.judge(pos, side, mv))
}

pub(crate) fn resolve(
    pos: &mut Position,
    white: &Move,
    black: &Move,
) -> Result<Vec<Effect>, IllegalMove> {
    with_rules!(pos.variant, r => r.resolve(pos, white, black))
}

pub(crate) fn outcome(pos: &Position) -> Option<Outcome> {
    with_rules!(pos.variant, r => r.outcome(pos))
}

pub(crate) fn in_check(pos: &Position, side: Color) -> bool {
    with_rules!(pos.variant, r => r.in_check(pos, side))
}

pub(crate) fn insufficient_material(pos: &Position) -> bool {
    with_rules!(pos.variant, r => r.insufficient_material(pos))
}

#[cfg(test)]
pub(crate) fn why_illegal(pos: &Position, mv: &Move) -> String {
    // A refused en passant capture is explained on the position where the enemy pawn's
    // advance is recorded (only legal captures keep their record).
    if pos.variant.turn_model() == super::variant::TurnModel::Alternating
        && let Some((probe, pawn)) = classic::en_passant_probe(pos, pos.turn, mv)
    {
        let ep = Move {
            special: super::moves::Special::EnPassant { captured: pawn },
            ..*mv
        };
        return if probe.legal_moves().contains(&ep) {
            classic::not_just_advanced(pos, pos.turn, mv, pawn)
        } else {
            with_rules!(probe.variant, r => r.why_illegal(&probe, mv))
        };
    }
    with_rules!(pos.variant, r => r.why_illegal(pos, mv))
}

/// Why the piece of `side` on `from` has no legal move (Parity: no legal commit): the
/// judge's refusal for the first destination that is refused for more than the piece's
/// movement ([`Refusal::is_movement`]), so that a resting piece, a pin, a field or a check is
/// named rather than how the piece moves; [`Reason::NoFreeSquare`] when every refusal is
/// about movement. `None` when there is no piece of `side` on `from` or it does have a legal
/// move. `Display` of the refusal gives the command-line wording;
/// [`narrate::refusal`](super::narrate::refusal) the player's.
///
/// # Examples
/// ```
/// use esoterica::rules::{Color, Position, Reason, Variant, variants};
/// // The Parity Rook on a1 moved last turn (`a1/-`): it rests this turn.
/// let p = Position::from_text(Variant::Parity, "4k3/8/8/8/8/8/8/R3K3 w - - 0 1 a1/-").unwrap();
/// let a1 = p.shape().parse_square("a1").unwrap();
/// let why = variants::why_no_move(&p, Color::White, a1).unwrap();
/// assert!(matches!(why.reason, Reason::Resting { .. }));
/// assert!(why.to_string().contains("moved last turn and must rest this turn"), "{why}");
/// ```
pub fn why_no_move(pos: &Position, side: Color, from: Square) -> Option<Refusal> {
    let kind = pos.board.kind(side, from)?;
    if pos.legal_commits(side).iter().any(|m| m.from == from) {
        return None;
    }
    let shape = pos.shape();
    let free = |to: Square| to != from && pos.board.kind(side, to).is_none();
    let reason = shape
        .squares()
        .filter(|&to| free(to))
        .filter_map(|to| refusal(pos, side, &Move::new(from, to)))
        .find(|r| !r.is_movement());
    Some(
        reason.unwrap_or_else(|| {
            Refusal::new(pos.variant, Reason::NoFreeSquare { kind, square: from })
        }),
    )
}

/// Why `mv` is not a legal commit (Parity) or move of `side`, in the command-line wording
/// (the reason [`Position::try_play`] and [`Position::resolve`] give); the typed answer is
/// [`Position::judge_commit`]. For a legal move: `the move is legal`.
///
/// # Examples
/// ```
/// use esoterica::rules::{Color, Move, Position, Variant, variants};
/// let p = Position::from_text(Variant::Parity, "4k3/8/8/8/8/8/8/R3K3 w - - 0 1 a1/-").unwrap();
/// let mv = p.parse_move("a1a5").unwrap_or_else(|_| {
///     let s = p.shape();
///     Move::new(s.parse_square("a1").unwrap(), s.parse_square("a5").unwrap())
/// });
/// let why = variants::why_illegal_commit(&p, Color::White, &mv);
/// assert!(why.contains("must rest"), "{why}");
/// ```
pub fn why_illegal_commit(pos: &Position, side: Color, mv: &Move) -> String {
    refusal(pos, side, mv).map_or_else(|| "the move is legal".to_string(), |r| r.to_string())
}

/// The reference list of `side`'s legal moves (Parity: commits): exactly the candidates
/// ([`VariantRules::candidates`]) the judge ([`VariantRules::judge`]) accepts, in the fast
/// generator's order. Slow; the tests check it equals [`Position::legal_commits`].
///
/// # Examples
/// ```
/// use esoterica::rules::{Color, Position, Variant, variants};
/// let p = Position::new(Variant::ForceField);
/// assert_eq!(variants::reference_moves(&p, Color::White), p.legal_moves());
/// ```
pub fn reference_moves(pos: &Position, side: Color) -> Vec<Move> {
    if pos.variant.turn_model() == super::variant::TurnModel::Alternating && side != pos.turn {
        return Vec::new();
    }
    let mut candidates = Vec::new();
    with_rules!(pos.variant, r => r.candidates(pos, side, &mut candidates));
    candidates
        .iter()
        .filter_map(|mv| judge(pos, side, mv).ok())
        .collect()
}

/// Squares strictly between two squares on one line (rank, file or diagonal), nearest
/// `from` first; empty if they are not aligned.
pub fn between(pos: &Position, from: Square, to: Square) -> Vec<Square> {
    classic::between(pos.shape(), from, to)
}

/// A move in the variant's own notation, as the move list and PGN show it: SAN for the
/// classic-movement variants, the Intrachange notation (`rules/intrachange.md §6`), and for
/// Parity a commit's SAN on the start-of-turn position.
pub fn move_text(pos: &Position, mv: &Move) -> String {
    with_rules!(pos.variant, r => r.move_text(pos, mv))
}

/// Reads a move in the variant's notation or in coordinate form (the inverse of
/// [`move_text`]). For Parity it reads a commit of `pos.turn()`.
///
/// # Errors
/// [`MoveError`](super::position::MoveError) as for [`Position::parse_move`].
pub fn parse_move_text(pos: &Position, text: &str) -> Result<Move, super::position::MoveError> {
    with_rules!(pos.variant, r => r.parse_move_text(pos, text))
}

#[cfg(test)]
mod reference_tests {
    //! One source for legality: in every variant the fast generator gives exactly the
    //! candidates the judge accepts, in the same order, over seeded random games.

    use super::*;
    use crate::rules::variant::TurnModel;
    use rand::rngs::Xoshiro256PlusPlus;
    use rand::{RngExt, SeedableRng};

    /// Plays `games` random games of `plies` plies (Parity: turns) from `start` and
    /// compares, at every position and for both sides, the fast list with the reference.
    /// Returns the number of lists compared.
    fn compare(variant: Variant, start: &str, games: u64, plies: usize) -> usize {
        let mut compared = 0;
        for g in 0..games {
            let mut rng = Xoshiro256PlusPlus::seed_from_u64(0x00ca_11ed + g);
            let mut pos = Position::from_text(variant, start).expect("test position");
            for _ in 0..plies {
                for side in Color::BOTH {
                    assert_eq!(
                        pos.legal_commits(side),
                        reference_moves(&pos, side),
                        "{variant} {side:?} at {}",
                        pos.to_text()
                    );
                    compared += 1;
                }
                match variant.turn_model() {
                    TurnModel::Alternating => {
                        let moves = pos.legal_moves();
                        if moves.is_empty() {
                            break;
                        }
                        pos.play_unchecked(&moves[rng.random_range(0..moves.len())]);
                    }
                    TurnModel::Simultaneous => {
                        let w = pos.legal_commits(Color::White);
                        let b = pos.legal_commits(Color::Black);
                        if w.is_empty() || b.is_empty() || pos.outcome().is_some() {
                            break;
                        }
                        let w = w[rng.random_range(0..w.len())];
                        let b = b[rng.random_range(0..b.len())];
                        pos.resolve(&w, &b).expect("legal commits");
                    }
                }
            }
        }
        compared
    }

    #[test]
    fn fast_generators_equal_the_judge_filtered_candidates_in_every_variant() {
        const KIWIPETE: &str =
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
        let mut n = 0;
        for variant in Variant::ALL {
            n += compare(variant, initial_text(variant), 6, 60);
        }
        for variant in [Variant::Standard, Variant::ForceField, Variant::Bully] {
            n += compare(variant, KIWIPETE, 4, 40);
        }
        n += compare(
            Variant::BigOuter,
            "4k7/12/12/2m5j3/12/5G6/2r3q2M2/12/1g6b3/12/4N7/5K6 NbBn w - - 0 1",
            4,
            40,
        );
        assert!(n > 3000, "{n} lists compared");
    }
}

#[cfg(test)]
mod why_no_move_tests {
    use super::*;

    fn why(variant: Variant, text: &str, side: Color, sq: &str) -> Option<String> {
        let p = Position::from_text(variant, text).expect("test position");
        why_no_move(&p, side, p.shape().parse_square(sq).expect("square")).map(|r| r.to_string())
    }

    #[test]
    fn a_pinned_piece_is_explained_by_the_pin_not_by_its_movement() {
        let text = "4k3/4r3/8/8/8/8/4B3/4K3 w - - 0 1";
        let reason = why(Variant::Standard, text, Color::White, "e2").expect("pinned");
        let p = Position::from_text(Variant::Standard, text).expect("test position");
        let d3 = p.parse_move("e2d3").unwrap_err().to_string();
        assert!(d3.contains(&reason), "{d3} / {reason}");
        assert!(!reason.contains("cannot move from"), "{reason}");
        // A piece with legal moves, an empty square and a blocked Rook.
        assert_eq!(why(Variant::Standard, text, Color::White, "e1"), None);
        assert_eq!(why(Variant::Standard, text, Color::White, "a1"), None);
        let start = Position::new(Variant::Standard).to_text();
        assert_eq!(
            why(Variant::Standard, &start, Color::White, "a1").as_deref(),
            Some("the Rook on a1 has no free square to move to")
        );
    }

    #[test]
    fn a_resting_parity_piece_is_explained_by_the_rest_rule() {
        let reason = why(
            Variant::Parity,
            "4k3/8/8/8/8/8/8/R3K3 w - - 0 1 a1/-",
            Color::White,
            "a1",
        )
        .expect("resting");
        assert_eq!(
            reason,
            "the Rook on a1 moved last turn and must rest this turn (§2.1 (rule 2))"
        );
    }
}

#[cfg(test)]
mod migration_tests {
    //! The judges against the explanations they replace: over random positions of every
    //! variant, every move from an occupied square is judged; a refused move must get the
    //! old explanation word for word, an accepted one must be in the legal move list.

    use super::*;
    use crate::rules::piece::PieceKind;
    use rand::rngs::Xoshiro256PlusPlus;
    use rand::{RngExt, SeedableRng};

    fn old_text(pos: &Position, side: Color, mv: &Move) -> String {
        let mut p = pos.clone();
        p.set_turn(side);
        why_illegal(&p, mv)
    }

    fn old_why_no_move(pos: &Position, side: Color, from: Square) -> Option<String> {
        let kind = pos.board.kind(side, from)?;
        let mut p = pos.clone();
        p.set_turn(side);
        if p.legal_commits(side).iter().any(|m| m.from == from) {
            return None;
        }
        let shape = p.shape();
        let free = |to: Square| to != from && p.board.kind(side, to).is_none();
        let reason = shape.squares().filter(|&to| free(to)).find_map(|to| {
            let mv = Move::new(from, to);
            let why = why_illegal(&p, &mv);
            (!why.starts_with(&classic::movement_refusal(&p, kind, &mv))).then_some(why)
        });
        Some(reason.unwrap_or_else(|| {
            format!(
                "the {} on {} has no free square to move to",
                kind.name(),
                shape.name(from)
            )
        }))
    }

    /// Compares every move of `side` from its occupied squares (and from a few other
    /// squares); returns the number of refusals compared.
    fn compare(pos: &Position, side: Color, mismatches: &mut Vec<String>) -> usize {
        let shape = pos.shape();
        let alternating = pos.variant.turn_model() == super::super::variant::TurnModel::Alternating;
        if alternating && side != pos.turn {
            return 0;
        }
        let legal = pos.legal_commits(side);
        let promos = [
            None,
            Some(PieceKind::Queen),
            Some(PieceKind::Knight),
            Some(PieceKind::Guard),
        ];
        let mut compared = 0;
        for from in shape.squares() {
            let occupied = !pos.board.is_empty(from);
            if !occupied && from.0 % 9 != 0 {
                continue;
            }
            let pawn = pos.board.kind(side, from) == Some(PieceKind::Pawn);
            for to in shape.squares() {
                for promotion in promos {
                    if promotion.is_some() && !pawn && to.0 % 7 != 0 {
                        continue;
                    }
                    let mv = Move {
                        from,
                        to,
                        promotion,
                        special: super::super::moves::Special::Normal,
                    };
                    let same = legal
                        .iter()
                        .find(|m| m.from == from && m.to == to && m.promotion == promotion);
                    match judge(pos, side, &mv) {
                        Ok(m) => {
                            if same != Some(&m) {
                                mismatches.push(format!(
                                    "{} {side:?} {}: judge accepts {m:?}, legal {same:?}",
                                    pos.to_text(),
                                    mv.coordinate(shape)
                                ));
                            }
                        }
                        Err(_) => {
                            if same.is_some() {
                                mismatches.push(format!(
                                    "{} {side:?} {}: judge refuses a legal move",
                                    pos.to_text(),
                                    mv.coordinate(shape)
                                ));
                                continue;
                            }
                            let new = refusal(pos, side, &mv).map(|r| r.to_string());
                            let old = old_text(pos, side, &mv);
                            if new.as_deref() != Some(old.as_str()) {
                                mismatches.push(format!(
                                    "{} {side:?} {}:\n  old {old}\n  new {new:?}",
                                    pos.to_text(),
                                    mv.coordinate(shape)
                                ));
                            }
                            compared += 1;
                        }
                    }
                }
            }
            if occupied {
                let old = old_why_no_move(pos, side, from);
                let new = why_no_move(pos, side, from).map(|r| r.to_string());
                if old != new {
                    mismatches.push(format!(
                        "{} {side:?} why_no_move {}:\n  old {old:?}\n  new {new:?}",
                        pos.to_text(),
                        shape.name(from)
                    ));
                }
            }
        }
        // Parity: a turn refused by `resolve` names the side, the rule and the reason.
        if !alternating && let Some(other) = pos.legal_commits(side.other()).first().copied() {
            let bad = shape
                .squares()
                .flat_map(|a| shape.squares().map(move |b| Move::new(a, b)))
                .find(|m| pos.board.kind(side, m.from).is_some() && judge(pos, side, m).is_err());
            if let Some(bad) = bad {
                let commits = match side {
                    Color::White => [bad, other],
                    Color::Black => [other, bad],
                };
                // The old `resolve`: White's commit first, the game's end before the list.
                let old = Color::BOTH.into_iter().find_map(|c| {
                    let mv = commits[c.index()];
                    let listed = pos
                        .legal_commits(c)
                        .iter()
                        .any(|m| m.from == mv.from && m.to == mv.to && m.promotion == mv.promotion);
                    if listed && pos.outcome().is_none() {
                        return None;
                    }
                    let (rule, reason) = parity::broken_rule(pos, c, &mv)?;
                    Some(format!("{c}'s commit breaks {rule}: {reason}"))
                });
                let new = pos
                    .clone()
                    .resolve(&commits[0], &commits[1])
                    .err()
                    .map(|e| e.reason());
                if new != old {
                    mismatches.push(format!(
                        "{} resolve:\n  old {old:?}\n  new {new:?}",
                        pos.to_text()
                    ));
                }
            }
        }
        compared
    }

    fn walk(
        variant: Variant,
        start: &str,
        games: u64,
        plies: usize,
        seed: u64,
    ) -> (usize, Vec<String>) {
        let mut mismatches = Vec::new();
        let mut compared = 0;
        for g in 0..games {
            let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed + g);
            let mut pos = Position::from_text(variant, start).expect("test position");
            for _ in 0..plies {
                for side in Color::BOTH {
                    compared += compare(&pos, side, &mut mismatches);
                }
                if mismatches.len() > 20 {
                    return (compared, mismatches);
                }
                if pos.variant.turn_model() == super::super::variant::TurnModel::Alternating {
                    let moves = pos.legal_moves();
                    if moves.is_empty() {
                        break;
                    }
                    pos.play_unchecked(&moves[rng.random_range(0..moves.len())]);
                } else {
                    let w = pos.legal_commits(Color::White);
                    let b = pos.legal_commits(Color::Black);
                    if w.is_empty() || b.is_empty() || pos.outcome().is_some() {
                        break;
                    }
                    let (w, b) = (
                        w[rng.random_range(0..w.len())],
                        b[rng.random_range(0..b.len())],
                    );
                    pos.resolve(&w, &b).expect("legal commits");
                }
            }
        }
        (compared, mismatches)
    }

    fn run(cases: &[(Variant, &str)], games: u64, plies: usize) {
        let mut all = Vec::new();
        let mut compared = 0;
        for (i, &(variant, start)) in cases.iter().enumerate() {
            let (n, m) = walk(variant, start, games, plies, 0x5eed_0000 + i as u64 * 1000);
            compared += n;
            all.extend(m);
        }
        assert!(
            all.is_empty(),
            "{} mismatches:\n{}",
            all.len(),
            all.join("\n")
        );
        assert!(compared > 1000, "{compared}");
    }

    const KIWIPETE: &str = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
    const PROMOTIONS: &str = "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1";
    const EN_PASSANT: &str = "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1";

    fn cases() -> Vec<(Variant, &'static str)> {
        let mut v = Vec::new();
        for variant in [
            Variant::Standard,
            Variant::Bully,
            Variant::Nonviolent,
            Variant::ForceField,
        ] {
            v.push((variant, initial_text(variant)));
            v.push((variant, KIWIPETE));
            v.push((variant, PROMOTIONS));
            v.push((variant, EN_PASSANT));
        }
        v.push((Variant::ForceField, "3qk3/3p4/8/4P3/8/8/8/4K3 b - - 0 1"));
        v.push((Variant::ForceField, "5q1k/8/8/8/Q7/4P3/8/4K2R w K - 0 1"));
        v.push((Variant::ForceField, "4k3/8/3p4/7r/8/8/8/K3R3 b - - 0 1"));
        v.push((Variant::Intrachange, initial_text(Variant::Intrachange)));
        v.push((Variant::Intrachange, "4k3/1P6/8/8/8/8/6p1/4K3 w - - 0 1"));
        v.push((Variant::BigOuter, initial_text(Variant::BigOuter)));
        v.push((
            Variant::BigOuter,
            "4k7/12/12/2m5j3/12/5G6/2r3q2M2/12/1g6b3/12/4N7/5K6 NbBn w - - 0 1",
        ));
        for variant in [Variant::Parity, Variant::ParitySingle] {
            v.push((variant, initial_text(variant)));
            v.push((variant, "4k3/8/8/3[Nn]4/8/8/8/4K3 w - - 0 1 d5/d5"));
            v.push((
                variant,
                "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w KQkq - 0 1 -/-",
            ));
        }
        v
    }

    #[test]
    fn judges_refuse_with_the_old_explanations() {
        run(&cases(), 2, 12);
    }

    #[test]
    #[ignore = "the long run: cargo test --release --no-default-features --lib migration -- --ignored"]
    fn judges_refuse_with_the_old_explanations_long() {
        run(&cases(), 12, 80);
    }
}
