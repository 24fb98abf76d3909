//! The variants Esoterica plays, one folder each, every one implementing
//! [`VariantRules`]: [`standard`], [`intrachange`], [`force_field`], [`parity`] (with Single
//! Occupation), [`big_outer`], [`bully`] and [`nonviolent`]. Classic chess itself is a set of
//! building blocks in [`classic`] that the variants use.
//!
//! This module dispatches from a [`Variant`] to its rules with `with_rules!` (the registry's
//! `match` in `variants/registry.rs`, with no wildcard arm: a new variant is a compile error
//! until it is registered there), whose calls are static, so the move generator's hot path
//! costs what it did before the trait. The methods of [`Position`] that ask its variant
//! (`position_rules.rs`) and those of [`Variant`] that read its rules (`registry.rs`) live
//! here too, above the plain data of `rules/position.rs` and `rules/variant.rs`, so that
//! the classic building blocks below can use that data without a path back up.
//! `docs/ADDING-A-VARIANT.md` says what a new variant implements.

pub mod big_outer;
pub mod bully;
pub mod force_field;
pub mod intrachange;
pub mod nonviolent;
pub mod parity;
mod position_rules;
mod registry;
mod rules;
pub mod standard;
#[cfg(test)]
mod test_support;

pub use rules::{Capabilities, TitleExample, VariantRules};

pub(crate) use registry::with_rules;

/// The classic building blocks, under their former path `variants::classic`.
pub use crate::rules::classic;

use super::geometry::Square;
use super::moves::{Effect, Move};
use super::outcome::Outcome;
use super::piece::Color;
use super::position::{CastleSpec, IllegalMove, Position, Wing};
use super::refusal::{Reason, Refusal};
use super::variant::Variant;

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

#[inline]
pub(crate) fn legal_captures(pos: &Position, out: &mut Vec<Move>) {
    with_rules!(pos.variant, r => r.legal_captures(pos, out));
}

/// [`VariantRules::legal_move_count`] of the position's variant.
#[inline]
pub(crate) fn legal_move_count(pos: &Position, buffer: &mut Vec<Move>) -> usize {
    with_rules!(pos.variant, r => r.legal_move_count(pos, buffer))
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
/// Bully's capture rule, Nonviolent's ban on captures, Parity's commits); see
/// [`classic::retain_legal_en_passant`].
pub(crate) fn retain_legal_en_passant(pos: &mut Position) {
    with_rules!(pos.variant, r => classic::retain_legal_en_passant(r, pos));
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

/// Why the piece of `side` on `from` has no legal move (Parity: no legal commit): of the
/// judge's refusals of its destinations, one that holds the piece wherever it would go (it
/// rests, it is pinned, the King is in check, another piece must leave a shared square:
/// [`Refusal::holds_the_piece`]) first; else the first refused for more than the piece's
/// movement ([`Refusal::is_movement`]), so that a field or a check is named rather than how
/// the piece moves, a square's own geometry (a Pawn's diagonal without a target) last;
/// [`Reason::NoFreeSquare`] when every refusal is about movement. `None` when there is no piece of `side` on `from` or it does have a legal
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
        .filter(|r| !r.is_movement())
        .min_by_key(|r| {
            if r.holds_the_piece() {
                0
            } else if r.is_pawn_geometry() {
                2
            } else {
                1
            }
        });
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

/// Whether `side` could still win the game by the variant's rules with some series of legal
/// moves — what a flag fall asks (`docs/rules/clocks.md`): the side whose time is up loses
/// only if the other side has mating material, else the game is drawn. No side has any
/// once the other side's King is gone. Each variant answers for itself
/// ([`VariantRules::has_mating_material`]):
///
/// - Classic checkmate variants (standard, Force Field, Bully, Nonviolent, Big Outer): a
///   lone King cannot mate; nor can a King with a single Bishop or Knight against a lone
///   King. Anything else can (a helpmate is possible).
/// - Intrachange: a King is won by capture, which any piece, the King included, can make:
///   every side has material while the other side has a King.
/// - Parity: a side also wins when the other is stalemated (rule 6), so every side has
///   winning chances except in King against King (ruling P-9, a draw).
///
/// # Examples
/// ```
/// use esoterica::rules::{Color, Position, Variant, variants};
/// let p = Position::from_text(Variant::Standard, "4k3/8/8/8/8/8/8/2N1K3 w - - 0 1").unwrap();
/// assert!(!variants::has_mating_material(&p, Color::White)); // K+N v K
/// let p = Position::from_text(Variant::Standard, "4k3/4p3/8/8/8/8/8/2N1K3 w - - 0 1").unwrap();
/// assert!(variants::has_mating_material(&p, Color::White)); // K+N v K+P: a helpmate exists
/// ```
pub fn has_mating_material(pos: &Position, side: Color) -> bool {
    pos.board.king(side.other()).is_some()
        && with_rules!(pos.variant, r => r.has_mating_material(pos, side))
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
mod tests {
    use super::*;
    use crate::rules::variants::test_support::compare_fast_with_reference;

    /// One source for legality: in every variant the fast generator gives exactly the
    /// candidates the judge accepts, in the same order, over seeded random games from the
    /// initial position (each variant's tests add positions of its own).
    #[test]
    fn fast_generators_equal_the_judge_filtered_candidates_in_every_variant() {
        let n: usize = Variant::ALL
            .into_iter()
            .map(|v| compare_fast_with_reference(v, initial_text(v), 6, 60))
            .sum();
        assert!(n > 3000, "{n} lists compared");
    }

    /// A flag fall loses only against mating material, as each variant counts it
    /// (`docs/rules/clocks.md`, ruling P-9).
    #[test]
    fn mating_material_is_counted_by_each_variants_rules() {
        let at = |v: Variant, text: &str| Position::from_text(v, text).unwrap();
        let (w, b) = (Color::White, Color::Black);
        // Classic: K+N v K cannot mate, K+N v K+P can (a helpmate), a lone King never.
        let p = at(Variant::Standard, "4k3/8/8/8/8/8/8/2N1K3 w - - 0 1");
        assert!(!has_mating_material(&p, w));
        assert!(!has_mating_material(&p, b));
        let p = at(Variant::ForceField, "4k3/4p3/8/8/8/8/8/2N1K3 w - - 0 1");
        assert!(has_mating_material(&p, w));
        assert!(has_mating_material(&p, b)); // the pawn may promote
        let p = at(Variant::Bully, "4k3/8/8/8/8/8/8/R3K3 w - - 0 1");
        assert!(has_mating_material(&p, w));
        assert!(!has_mating_material(&p, b));
        // Parity: a lone King still wins by stalemate, except King against King.
        let p = at(Variant::Parity, "4k3/4p3/8/8/8/8/8/4K3 w - - 0 1 -/-");
        assert!(has_mating_material(&p, w));
        assert!(has_mating_material(&p, b));
        let p = at(Variant::ParitySingle, "4k3/8/8/8/8/8/8/4K3 w - - 0 1 -/-");
        assert!(!has_mating_material(&p, w));
        // Intrachange: any piece captures the King; every variant's start has material.
        for v in Variant::ALL {
            let p = Position::new(v);
            assert!(
                has_mating_material(&p, w) && has_mating_material(&p, b),
                "{v}"
            );
        }
    }

    /// The registry's capabilities are the variant's own.
    #[test]
    fn the_registry_reads_each_variants_own_capabilities() {
        for variant in Variant::ALL {
            assert_eq!(variant.rules().variant(), variant);
            assert_eq!(
                variant.rules().capabilities(),
                variant.capabilities(),
                "{variant}"
            );
        }
    }

    /// Every rule a variant cites has its section and title on the variant's rules card, so
    /// the "§3" of a refusal can be found there.
    #[test]
    fn rules_cards_carry_the_sections_and_titles_the_refusals_cite() {
        for variant in Variant::ALL {
            let rules = variant.rules();
            let card = rules.rules_card();
            assert!(!rules.rule_refs().is_empty(), "{variant}");
            for r in rules.rule_refs() {
                let heading = format!("## {}", r.card_heading());
                assert!(card.contains(&heading), "{variant}: {heading}");
            }
        }
    }

    /// The banner's rule line is one short sentence, different for every variant.
    #[test]
    fn every_variant_has_its_own_one_line_rule() {
        let mut seen = std::collections::BTreeSet::new();
        for v in Variant::ALL {
            let line = v.rules().rule_line();
            assert!(!line.contains('\n'), "{v:?}");
            assert!((20..=75).contains(&line.chars().count()), "{v:?}: {line}");
            assert!(line.ends_with('.'), "{v:?}");
            assert!(seen.insert(line), "{v:?} repeats {line}");
        }
    }
}
