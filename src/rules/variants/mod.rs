//! Per-variant move generation and resolution, dispatched on [`Variant`] with exhaustive
//! `match`es so a new variant is a compile error until every rule is decided for it.
//!
//! - [`classic`]: standard chess and the variants that only change captures or geometry
//!   (Bully, Nonviolent, Big Outer); Force Field builds on it.
//! - [`big_outer`]: Big Outer data: the set-up from `assets/big-outer.ron`, piece cards.
//! - [`intrachange`], [`force_field`], [`parity`]: the variants with their own resolution.

pub mod big_outer;
pub mod classic;
pub mod force_field;
pub mod intrachange;
pub mod parity;

#[cfg(test)]
mod big_outer_tests;
#[cfg(test)]
mod bully_nonviolent_tests;

use super::geometry::Square;
use super::moves::{Effect, Move};
use super::outcome::Outcome;
use super::piece::Color;
use super::position::{CastleSpec, IllegalMove, Position, Wing};
use super::variant::Variant;

/// The built-in initial position text of a variant.
pub fn initial_text(variant: Variant) -> &'static str {
    const STANDARD: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    match variant {
        Variant::Standard | Variant::ForceField | Variant::Bully | Variant::Nonviolent => STANDARD,
        Variant::Intrachange => "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1",
        Variant::Parity | Variant::ParitySingle => {
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 -/-"
        }
        Variant::BigOuter => big_outer::initial_text(),
    }
}

/// The castling geometry of a variant (`None` where the variant has no castling).
pub fn castle_spec(variant: Variant, side: Color, wing: Wing) -> Option<CastleSpec> {
    match variant {
        Variant::Intrachange => None,
        Variant::Standard
        | Variant::ForceField
        | Variant::Parity
        | Variant::ParitySingle
        | Variant::Bully
        | Variant::Nonviolent
        | Variant::BigOuter => Some(classic::castle_spec(variant.shape(), side, wing)),
    }
}

pub(crate) fn legal_moves(pos: &Position, out: &mut Vec<Move>) {
    match pos.variant {
        Variant::Standard | Variant::Bully | Variant::Nonviolent | Variant::BigOuter => {
            classic::legal_moves(pos, out);
        }
        Variant::ForceField => force_field::legal_moves(pos, out),
        Variant::Intrachange => intrachange::legal_moves(pos, out),
        Variant::Parity | Variant::ParitySingle => parity::legal_commits(pos, pos.turn, out),
    }
}

pub(crate) fn legal_commits(pos: &Position, side: Color, out: &mut Vec<Move>) {
    parity::legal_commits(pos, side, out);
}

pub(crate) fn play(pos: &mut Position, mv: &Move) -> Vec<Effect> {
    match pos.variant {
        Variant::Standard | Variant::Bully | Variant::Nonviolent | Variant::BigOuter => {
            classic::play(pos, mv)
        }
        Variant::Parity | Variant::ParitySingle => parity::play_alone(pos, mv),
        Variant::ForceField => force_field::play(pos, mv),
        Variant::Intrachange => intrachange::play(pos, mv),
    }
}

pub(crate) fn play_unchecked(pos: &mut Position, mv: &Move) {
    match pos.variant {
        Variant::Standard
        | Variant::Bully
        | Variant::Nonviolent
        | Variant::BigOuter
        | Variant::ForceField => classic::play_unchecked(pos, mv),
        Variant::Parity | Variant::ParitySingle => {
            parity::play_alone(pos, mv);
        }
        Variant::Intrachange => intrachange::play_unchecked(pos, mv),
    }
}

pub(crate) fn resolve(
    pos: &mut Position,
    white: &Move,
    black: &Move,
) -> Result<Vec<Effect>, IllegalMove> {
    parity::resolve(pos, white, black)
}

pub(crate) fn outcome(pos: &Position) -> Option<Outcome> {
    match pos.variant {
        Variant::Standard | Variant::Bully | Variant::Nonviolent | Variant::BigOuter => {
            classic::outcome(pos)
        }
        Variant::ForceField => force_field::outcome(pos),
        Variant::Intrachange => intrachange::outcome(pos),
        Variant::Parity | Variant::ParitySingle => parity::outcome(pos),
    }
}

pub(crate) fn in_check(pos: &Position, side: Color) -> bool {
    match pos.variant {
        Variant::Standard | Variant::Bully | Variant::Nonviolent | Variant::BigOuter => {
            classic::in_check(pos, side)
        }
        Variant::Parity | Variant::ParitySingle => parity::in_check(pos, side),
        Variant::ForceField => force_field::in_check(pos, side),
        Variant::Intrachange => false,
    }
}

pub(crate) fn why_illegal(pos: &Position, mv: &Move) -> String {
    match pos.variant {
        Variant::Standard | Variant::Bully | Variant::Nonviolent | Variant::BigOuter => {
            classic::why_illegal(pos, mv)
        }
        Variant::Parity | Variant::ParitySingle => parity::why_illegal(pos, mv),
        Variant::ForceField => force_field::why_illegal(pos, mv),
        Variant::Intrachange => intrachange::why_illegal(pos, mv),
    }
}

/// Why the piece of `side` on `from` has no legal move (Parity: no legal commit), in the
/// rules' words: the reason given for the first destination its movement allows, so that
/// a resting piece, a pin, a field or a check is named rather than how the piece moves.
/// `None` when there is no piece of `side` on `from` or it does have a legal move.
///
/// # Examples
/// ```
/// use esoterica::rules::{Color, Position, Variant, variants};
/// // The Parity Rook on a1 moved last turn (`a1/-`): it rests this turn.
/// let p = Position::from_text(Variant::Parity, "4k3/8/8/8/8/8/8/R3K3 w - - 0 1 a1/-").unwrap();
/// let a1 = p.shape().parse_square("a1").unwrap();
/// let why = variants::why_no_move(&p, Color::White, a1).unwrap();
/// assert!(why.contains("moved last turn and must rest this turn"), "{why}");
/// ```
pub fn why_no_move(pos: &Position, side: Color, from: Square) -> Option<String> {
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

pub(crate) fn insufficient_material(pos: &Position) -> bool {
    match pos.variant {
        Variant::BigOuter => classic::only_kings(pos),
        Variant::Standard
        | Variant::Bully
        | Variant::Nonviolent
        | Variant::ForceField
        | Variant::Parity
        | Variant::ParitySingle => classic::insufficient_material(pos),
        Variant::Intrachange => intrachange::insufficient_material(pos),
    }
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
    match pos.variant {
        Variant::Standard
        | Variant::ForceField
        | Variant::BigOuter
        | Variant::Bully
        | Variant::Nonviolent => super::notation::san::to_san(pos, mv),
        Variant::Intrachange => intrachange::move_text(pos, mv),
        Variant::Parity | Variant::ParitySingle => parity::commit_text(pos, mv),
    }
}

/// Reads a move in the variant's notation or in coordinate form (the inverse of
/// [`move_text`]). For Parity it reads a commit of `pos.turn()`.
///
/// # Errors
/// [`MoveError`](super::position::MoveError) as for [`Position::parse_move`].
pub fn parse_move_text(pos: &Position, text: &str) -> Result<Move, super::position::MoveError> {
    match pos.variant {
        Variant::Standard
        | Variant::ForceField
        | Variant::BigOuter
        | Variant::Bully
        | Variant::Nonviolent => pos.parse_move(text),
        Variant::Intrachange => intrachange::parse_move_text(pos, text),
        Variant::Parity | Variant::ParitySingle => parity::parse_commit(pos, pos.turn, text),
    }
}

#[cfg(test)]
mod why_no_move_tests {
    use super::*;

    fn why(variant: Variant, text: &str, side: Color, sq: &str) -> Option<String> {
        let p = Position::from_text(variant, text).expect("test position");
        why_no_move(&p, side, p.shape().parse_square(sq).expect("square"))
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
