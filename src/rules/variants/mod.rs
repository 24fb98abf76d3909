//! Per-variant move generation and resolution, dispatched on [`Variant`] with exhaustive
//! `match`es so a new variant is a compile error until every rule is decided for it.
//!
//! - [`classic`]: standard chess and the variants that only change captures or geometry
//!   (Bully, Nonviolent, Big Outer); Force Field builds on it.
//! - [`intrachange`], [`force_field`], [`parity`]: the variants with their own resolution.

pub mod classic;
pub mod force_field;
pub mod intrachange;
pub mod parity;

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
        Variant::BigOuter => classic::BIG_OUTER_INITIAL,
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
        Variant::Standard
        | Variant::Bully
        | Variant::Nonviolent
        | Variant::BigOuter
        | Variant::Parity
        | Variant::ParitySingle => classic::play(pos, mv),
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
        | Variant::ForceField
        | Variant::Parity
        | Variant::ParitySingle => classic::play_unchecked(pos, mv),
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
        Variant::Standard
        | Variant::Bully
        | Variant::Nonviolent
        | Variant::BigOuter
        | Variant::Parity
        | Variant::ParitySingle => classic::in_check(pos, side),
        Variant::ForceField => force_field::in_check(pos, side),
        Variant::Intrachange => false,
    }
}

pub(crate) fn why_illegal(pos: &Position, mv: &Move) -> String {
    match pos.variant {
        Variant::Standard
        | Variant::Bully
        | Variant::Nonviolent
        | Variant::BigOuter
        | Variant::Parity
        | Variant::ParitySingle => classic::why_illegal(pos, mv),
        Variant::ForceField => force_field::why_illegal(pos, mv),
        Variant::Intrachange => intrachange::why_illegal(pos, mv),
    }
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
pub fn parse_move_text(
    pos: &Position,
    text: &str,
) -> Result<Move, super::position::MoveError> {
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
