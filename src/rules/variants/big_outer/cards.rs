//! The Big Outer piece cards: how each piece moves from each zone, in words, for the
//! game's piece card (`rules/big-outer.md §2`, ruling B-3).

use crate::rules::geometry::Zone;
use crate::rules::piece::PieceKind;

/// The name of a zone as the piece cards use it (`central`, `mid`, `outer`).
pub fn zone_name(zone: Zone) -> &'static str {
    match zone {
        Zone::Central => "central",
        Zone::Mid => "mid",
        Zone::Outer => "outer",
    }
}

/// The Big Outer pieces whose move depends on (or is new with) the zone system, in the
/// order a piece card lists them.
pub const OUTER_PIECES: [PieceKind; 4] = [
    PieceKind::Guard,
    PieceKind::Matriarch,
    PieceKind::Jumper,
    PieceKind::OuterKnight,
];

/// A short description of how `kind` moves when it starts its move in `zone` on the Big
/// Outer board (`rules/big-outer.md §2`, ruling B-3). Every piece captures the way it moves.
///
/// # Examples
/// ```
/// use esoterica::rules::{PieceKind, Zone};
/// use esoterica::rules::variants::big_outer::piece_card;
/// assert!(piece_card(PieceKind::Matriarch, Zone::Central).contains("3 squares"));
/// ```
pub fn piece_card(kind: PieceKind, zone: Zone) -> &'static str {
    match (kind, zone) {
        (PieceKind::Guard, _) => {
            "Steps one square diagonally, or jumps 3 squares along a rank or file and then 1 \
             square to the side, over anything in between. The same in every zone."
        }
        (PieceKind::Matriarch, Zone::Outer) => {
            "From the outer zone: a full Queen, any distance along ranks, files and diagonals \
             while the way is clear."
        }
        (PieceKind::Matriarch, Zone::Mid) => {
            "From the mid zone: moves like a Queen, but at most 6 squares."
        }
        (PieceKind::Matriarch, Zone::Central) => {
            "From the central zone: moves like a Queen, but at most 3 squares."
        }
        (PieceKind::Jumper, Zone::Outer) => {
            "From the outer zone: one step in any direction, or a jump of exactly 3 squares \
             straight or diagonally, over anything in between."
        }
        (PieceKind::Jumper, Zone::Mid) => {
            "From the mid zone: one step in any direction, or a jump of exactly 2 squares \
             straight or diagonally, over anything in between."
        }
        (PieceKind::Jumper, Zone::Central) => {
            "From the central zone: only one step in any direction."
        }
        (PieceKind::OuterKnight, Zone::Central) => {
            "From the central zone: the ordinary Knight's jump, 2 squares one way and 1 across."
        }
        (PieceKind::OuterKnight, Zone::Mid) => {
            "From the mid zone: jumps 3 squares one way and 1 across, or 2 and 2 (a diagonal \
             jump of two)."
        }
        (PieceKind::OuterKnight, Zone::Outer) => {
            "From the outer zone: jumps 4 squares one way and 1 across, or 3 and 2 across; it \
             can jump onto and off the corner squares."
        }
        (PieceKind::King, _) => {
            "One step in any direction. Castles three squares toward a Rook when every square \
             between them is empty and unattacked."
        }
        (PieceKind::Queen, _) => "Any distance along ranks, files and diagonals, in every zone.",
        (PieceKind::Rook, _) => "Any distance along ranks and files; it never reaches a corner.",
        (PieceKind::Bishop, _) => {
            "Any distance diagonally; on a long diagonal it can slide into the corner square."
        }
        (PieceKind::Pawn, _) => {
            "First move 1 to 4 squares straight ahead, later 1 or 2, but onto the last rank only \
             1. Captures one square diagonally forward, en passant after any advance of 2 or \
             more. Promotes to Q, R, B, G, M, J or N."
        }
        (PieceKind::Knight, _) => "Not used on the Big Outer board (the outer Knight is).",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_outer_piece_has_a_card_per_zone() {
        for kind in OUTER_PIECES {
            for zone in [Zone::Central, Zone::Mid, Zone::Outer] {
                assert!(!piece_card(kind, zone).is_empty(), "{kind:?} {zone:?}");
            }
        }
        assert!(piece_card(PieceKind::Matriarch, Zone::Mid).contains("6 squares"));
        assert!(piece_card(PieceKind::Jumper, Zone::Mid).contains("exactly 2"));
        assert!(piece_card(PieceKind::Jumper, Zone::Outer).contains("exactly 3"));
        assert!(piece_card(PieceKind::OuterKnight, Zone::Outer).contains("4 squares"));
        assert_eq!(zone_name(Zone::Mid), "mid");
    }
}
