//! Big Outer Chess (`rules/big-outer.md`): a 12×12 board with four corner squares, three
//! zones that change how some pieces move, the Guard, Matriarch, Jumper and outer Knight,
//! pawns that run up to four squares, castling three squares toward the Rook with every
//! square between King and Rook empty and unattacked (ruling B-2), and only King against
//! King as dead material (ruling B-6).
//!
//! Movement is the classic generator's: [`classic`] reads the
//! pieces' leaps and lines by zone from the board shape. This module owns the set-up
//! (`setup.rs`: [`BigOuterSetup`]), the piece cards (`cards.rs`: [`piece_card`]), the promotion kinds and the corner field of the
//! position text.

mod cards;
mod setup;
#[cfg(test)]
mod tests;

pub use cards::{OUTER_PIECES, piece_card, zone_name};
pub use setup::{BIG_OUTER_SETUP_RON, BigOuterSetup, CornerPiece, SetupError, initial_text};

use super::{Capabilities, TitleExample, VariantRules};
use crate::rules::board::Board;
use crate::rules::classic;
use crate::rules::geometry::{BoardShape, Square};
use crate::rules::moves::Move;
use crate::rules::notation::fen::PositionError;
use crate::rules::piece::{Color, Piece, PieceKind};
use crate::rules::position::Position;
use crate::rules::refusal::{CastlingRefusal, Reason, RuleRef};
use crate::rules::variant::Variant;

/// Big Outer initial position (`rules/big-outer.md §3`, ruling B-1): board field, then the
/// corner field C1 C2 C3 C4. The game reads its set-up from `assets/big-outer.ron`
/// ([`BigOuterSetup`]); a test keeps the two equal.
pub const BIG_OUTER_INITIAL: &str =
    "jrmgbqkbgmrj/pppppppppppp/12/12/12/12/12/12/12/12/PPPPPPPPPPPP/JRMGBKQBGMRJ NNnn w KQkq - 0 1";

/// The kinds a Big Outer pawn promotes to, strongest first (`rules/big-outer.md §2`).
pub const PROMOTIONS: [PieceKind; 7] = [
    PieceKind::Queen,
    PieceKind::Rook,
    PieceKind::Bishop,
    PieceKind::Guard,
    PieceKind::Matriarch,
    PieceKind::Jumper,
    PieceKind::OuterKnight,
];

/// The corner squares C1 C2 C3 C4 in the order of the corner field (`Square` indices 144 to
/// 147 of the Big Outer shape).
const CORNERS: [Square; 4] = [Square(144), Square(145), Square(146), Square(147)];

/// A rule of `rules/big-outer.md`.
const fn big_outer(
    section: &'static str,
    ruling: Option<&'static str>,
    title: &'static str,
) -> RuleRef {
    RuleRef {
        doc: "big-outer",
        name: "Big Outer",
        section,
        ruling,
        title,
    }
}

/// §2: the pieces and how they move by zone.
pub const PIECES: RuleRef = big_outer("§2", None, "the pieces and how they move by zone");
/// §2, ruling B-2: every square between King and Rook empty and unattacked.
pub const CASTLING: RuleRef = big_outer(
    "§2",
    Some("B-2"),
    "castling: every square between King and Rook empty and unattacked",
);
/// §2, ruling B-5: castling may not leave the King in check.
pub const CASTLING_INTO_CHECK: RuleRef = big_outer(
    "§2",
    Some("B-5"),
    "castling may not leave the King in check",
);

/// What Big Outer Chess: the 148-square board with zones, the new pieces and their promotions (§1–2).
pub const CAPABILITIES: Capabilities = Capabilities {
    shape: BoardShape::BigOuter,
    zones: true,
    fairy_pieces: true,
    promotions: &PROMOTIONS,
    ..Capabilities::CLASSIC
};

/// The rules of Big Outer Chess.
#[derive(Clone, Copy, Debug, Default)]
pub struct BigOuter;

impl VariantRules for BigOuter {
    fn legal_move_count(&self, pos: &Position, buffer: &mut Vec<Move>) -> usize {
        classic::legal_move_count(self, pos, buffer)
    }

    fn variant(&self) -> Variant {
        Variant::BigOuter
    }

    fn capabilities(&self) -> &'static Capabilities {
        &CAPABILITIES
    }

    fn initial_text(&self) -> &'static str {
        initial_text()
    }

    fn rules_card(&self) -> &'static str {
        include_str!("../../../../assets/rules-cards/big-outer.md")
    }

    fn openings(&self) -> &'static str {
        include_str!("../../../../assets/openings/big-outer.txt")
    }

    fn title_example(&self) -> TitleExample {
        TitleExample {
            setup: &[],
            entry: "f2f6",
        }
    }

    fn rule_line(&self) -> &'static str {
        "148 squares in three zones: leaps and ranges change with the zone."
    }

    fn title_card(&self) -> &'static [&'static str] {
        &[
            "A 12 by 12 board plus four corner squares: 148 in all.",
            "New pieces grow weaker toward the centre: the Matriarch, the Jumper, the outer Knight.",
            "Pawns may run up to 4 squares on their first move.",
        ]
    }

    /// Ruling B-6: only King against King.
    fn insufficient_material(&self, pos: &Position) -> bool {
        classic::only_kings(pos)
    }

    fn board_fields(&self) -> usize {
        1
    }

    /// The corner field: four characters for C1 C2 C3 C4, a piece letter or `-`.
    fn read_board_fields(&self, board: &mut Board, fields: &[&str]) -> Result<(), PositionError> {
        let corners = fields.first().copied().unwrap_or_default();
        let chars: Vec<char> = corners.chars().collect();
        if chars.len() != 4 {
            return Err(PositionError::new(
                "corners",
                format!("'{corners}' must be 4 characters for C1 C2 C3 C4 (a piece letter or -)"),
            ));
        }
        for (sq, c) in CORNERS.into_iter().zip(chars) {
            if c == '-' {
                continue;
            }
            let kind = PieceKind::from_letter(c, true).ok_or_else(|| {
                PositionError::new("corners", format!("'{c}' is not a piece letter"))
            })?;
            let color = if c.is_ascii_uppercase() {
                Color::White
            } else {
                Color::Black
            };
            board.put(sq, Piece::new(color, kind));
        }
        Ok(())
    }

    fn write_board_fields(&self, board: &Board, out: &mut String) {
        out.push(' ');
        for sq in CORNERS {
            match board.piece_at(sq) {
                Some(p) => out.push(p.fen_char()),
                None => out.push('-'),
            }
        }
    }
    fn rule_of(&self, reason: &Reason) -> Option<RuleRef> {
        match reason {
            Reason::Movement { .. } | Reason::Blocked { .. } | Reason::BadPromotion { .. } => {
                Some(PIECES)
            }
            Reason::Castling(CastlingRefusal::LeavesKingInCheck) => Some(CASTLING_INTO_CHECK),
            Reason::Castling(_) => Some(CASTLING),
            _ => None,
        }
    }

    fn rule_refs(&self) -> &'static [RuleRef] {
        &[PIECES]
    }
}
