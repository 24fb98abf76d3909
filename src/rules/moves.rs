//! Moves, resolution effects and their stages, and the facts worth telling about a move.
//!
//! A [`Move`] is what a player chooses (for Intrachange: the exoteric square; for Parity: a
//! commit). An [`Effect`] is one thing that happened when a move was resolved; the ECS layer
//! replays effects stage by stage and never decides anything itself. A [`Fact`] is something
//! a variant's rules notice that changes nothing on the board; the narrator
//! ([`narrate`](super::narrate)) words effects and facts.

use std::fmt;

use super::geometry::{BoardShape, Square};
use super::outcome::Outcome;
use super::piece::{Color, Piece, PieceKind};

/// What is special about a move beyond from → to.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Special {
    /// An ordinary move or capture.
    Normal,
    /// En passant: the captured pawn stands on `captured`, not on the destination.
    EnPassant {
        /// Where the captured pawn stands.
        captured: Square,
    },
    /// Castling; `from`/`to` are the King's squares.
    Castle {
        /// The Rook's square before castling.
        rook_from: Square,
        /// The Rook's square after castling.
        rook_to: Square,
    },
}

/// A move: the piece on `from` goes to `to` (Intrachange: `to` is the exoteric square).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Move {
    /// Origin square.
    pub from: Square,
    /// Destination (exoteric) square; for castling the King's destination.
    pub to: Square,
    /// The kind a pawn promotes to (chosen with the move, also in Parity's commit).
    pub promotion: Option<PieceKind>,
    /// En passant or castling data.
    pub special: Special,
}

impl Move {
    /// An ordinary move from → to.
    pub const fn new(from: Square, to: Square) -> Move {
        Move {
            from,
            to,
            promotion: None,
            special: Special::Normal,
        }
    }

    /// Coordinate (UCI-style) text on a board shape: `e2e4`, `e7e8q`, `b11b7`, `d1C1`;
    /// castling is the King's move (`e1g1`).
    pub fn coordinate(&self, shape: BoardShape) -> String {
        let mut s = shape.name(self.from);
        s.push_str(&shape.name(self.to));
        if let Some(p) = self.promotion {
            s.push(p.letter().to_ascii_lowercase());
        }
        s
    }
}

/// The stage of resolution an effect belongs to, in rules order; the game runs one system
/// set per stage and applies the effects of that stage there.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Stage {
    /// The ordinary move to the (exoteric) square; Parity: the simultaneous landings.
    Exoteric,
    /// Intrachange teleport to the esoteric square.
    Esoteric,
    /// Captures (and failed captures).
    Capture,
    /// Everything decided after the pieces stand still: promotion, checks, game end.
    Settle,
}

/// Whether a check in Parity must be answered now (`rules/parity.md §2.4`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum CheckKind {
    /// Standard check (alternating variants).
    Classic,
    /// Parity: the attacker is not resting; the King must move now.
    Immediate,
    /// Parity: only the enemy's resting piece attacks; no obligation this turn.
    Delayed,
}

/// One thing that happened while a move resolved. Effects come in rules order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Effect {
    /// A piece moved by ordinary movement (the exoteric move; a castling Rook; a Parity
    /// landing).
    Step {
        /// The moving piece.
        piece: Piece,
        /// From.
        from: Square,
        /// To.
        to: Square,
    },
    /// Intrachange: the piece was transferred from the exoteric to the esoteric square
    /// (`rules/intrachange.md §3.2`); a pawn's return to its first rank is one too.
    Teleport {
        /// The moving piece.
        piece: Piece,
        /// Exoteric square.
        from: Square,
        /// Esoteric square.
        to: Square,
    },
    /// Intrachange: the enemy piece on the exoteric square was passed through and survives.
    PassThrough {
        /// The piece that stays.
        piece: Piece,
        /// The exoteric square.
        at: Square,
    },
    /// A piece was captured and removed.
    Capture {
        /// The captured piece.
        piece: Piece,
        /// Where it stood.
        at: Square,
    },
    /// Parity: a capture found its target gone; the attacker still lands.
    FailedCapture {
        /// The capturing piece.
        by: Piece,
        /// The target square.
        at: Square,
    },
    /// Parity: two enemy pieces now share `at`.
    Shared {
        /// The shared square.
        at: Square,
    },
    /// Parity: a pawn stepped off a square it shared with an enemy pawn (it "passes" it).
    PawnPasses {
        /// The pawn that moved on.
        piece: Piece,
        /// The square it left.
        from: Square,
    },
    /// A pawn became another piece.
    Promote {
        /// Where.
        at: Square,
        /// The new piece.
        piece: Piece,
    },
    /// A King is in check after the move.
    Check {
        /// The side in check.
        side: Color,
        /// Classic, immediate or delayed.
        kind: CheckKind,
    },
    /// Parity: a check intended on the start-of-turn board was defeated by the other move.
    FailedCheck {
        /// The side whose check failed.
        by: Color,
    },
    /// Force Field: the charge map changed (the Settle stage recomputes charges).
    ChargesChanged,
    /// The game ended.
    GameOver(Outcome),
}

impl Effect {
    /// The resolution stage that applies this effect.
    pub fn stage(&self) -> Stage {
        match self {
            Effect::Step { .. } => Stage::Exoteric,
            Effect::Teleport { .. } | Effect::PassThrough { .. } => Stage::Esoteric,
            Effect::Capture { .. } | Effect::FailedCapture { .. } => Stage::Capture,
            Effect::Shared { .. }
            | Effect::PawnPasses { .. }
            | Effect::Promote { .. }
            | Effect::Check { .. }
            | Effect::FailedCheck { .. }
            | Effect::ChargesChanged
            | Effect::GameOver(_) => Stage::Settle,
        }
    }
}

/// A fact about a played move that changes nothing on the board but is worth telling: what
/// a variant's rules notice beside the [`Effect`]s
/// ([`VariantRules::facts`](super::VariantRules::facts)); the narrator words it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Fact {
    /// Force Field: an empty square passed from one side's control to the other's
    /// (`rules/force-field.md §2`).
    ControlChanged {
        /// The square.
        square: Square,
        /// The side that holds it now.
        holder: Color,
        /// Its net charge now.
        charge: i32,
    },
    /// Force Field: an enemy piece lines up on `side`'s King by classic movement, but a field
    /// cuts the line, so there is no check (§4).
    CheckNeutralised {
        /// The King's side.
        side: Color,
        /// The piece that lines up.
        attacker: Piece,
        /// Where it stands.
        at: Square,
        /// The first square on the way that `side` holds, with its charge (`None`: a
        /// Knight whose routes are held).
        cut: Option<(Square, i32)>,
    },
    /// Force Field: a piece that stood still and was cut off from `side`'s King checks it now
    /// that the field is gone (§4).
    CheckByFields {
        /// The King's side.
        side: Color,
        /// The checking piece.
        attacker: Piece,
        /// Where it stands.
        at: Square,
    },
}

impl fmt::Display for Special {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Special::Normal => f.write_str("normal"),
            Special::EnPassant { .. } => f.write_str("en passant"),
            Special::Castle { .. } => f.write_str("castling"),
        }
    }
}
