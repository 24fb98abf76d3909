//! Components of the board model: one entity per square, one per piece. They show the
//! position held by [`ActiveGame`](super::ActiveGame); they never decide anything.

use bevy::prelude::*;

use crate::rules::{Color as Side, PieceKind, Square};

/// A square of the board (one entity per square: 64, or 148 on the Big Outer board).
#[derive(Component, Debug, Clone, Copy, PartialEq, Eq)]
#[require(Transform, Visibility)]
pub struct BoardSquare {
    /// The square (index = rank * files + file, a1 = 0; Big Outer corners 144..148).
    pub square: Square,
    /// Its file and rank, a1 = (0, 0); the Big Outer corners lie outside `0..12`.
    pub coords: (i8, i8),
}

/// The colour of a square, for drawing.
#[derive(Component, Debug, Clone, Copy, PartialEq, Eq)]
pub enum SquareShade {
    /// A light square (h1 is light).
    Light,
    /// A dark square (a1 is dark).
    Dark,
}

/// Intrachange: the official number 0–63 of a square, read as a hexagram (bit 0 = bottom
/// line, 1 = solid). Only on Intrachange boards (`rules/intrachange.md §1`).
#[derive(Component, Debug, Clone, Copy, PartialEq, Eq)]
pub struct HexagramNumber(pub u8);

/// A piece on the board.
#[derive(Component, Debug, Clone, Copy, PartialEq, Eq)]
#[require(Transform, Visibility)]
pub struct PieceEntity {
    /// Its colour.
    pub side: Side,
    /// Its kind (changes on promotion).
    pub kind: PieceKind,
}

/// The square a piece stands on. Removed when the piece is captured.
#[derive(Component, Debug, Clone, Copy, PartialEq, Eq)]
pub struct OnSquare(pub Square);

/// A captured piece. The Sync set despawns it at once unless the presentation holds it
/// ([`HeldForPresentation`]) for its fade-out.
#[derive(Component, Debug, Clone, Copy, PartialEq, Eq)]
pub struct Captured;

/// The presentation (animation) still shows this captured piece: the game despawns it once
/// the mark is removed. The game layer spawns and despawns every piece entity; presentation
/// only holds and releases.
#[derive(Component, Debug, Clone, Copy, PartialEq, Eq)]
pub struct HeldForPresentation;

/// Intrachange square number: `number(file, rank) = 8 * T[rank] + T[file]` with
/// `T = [1, 2, 4, 7, 0, 3, 5, 6]` (`rules/intrachange.md §1`; a1 = 9, e5 = 0, d4 = 63).
/// Files and ranks are 0..8 (a1 = (0, 0)); outside that range the result is `None`.
pub fn hexagram_number(file: i8, rank: i8) -> Option<u8> {
    ((0..8).contains(&file) && (0..8).contains(&rank))
        .then(|| crate::rules::intrachange_chart::number(file as u8, rank as u8))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hexagram_numbers_match_the_chart_examples() {
        assert_eq!(hexagram_number(0, 0), Some(9)); // a1
        assert_eq!(hexagram_number(4, 4), Some(0)); // e5
        assert_eq!(hexagram_number(3, 3), Some(63)); // d4
        assert_eq!(hexagram_number(7, 7), Some(54)); // h8
        assert_eq!(hexagram_number(4, 0), Some(8)); // e1
        assert_eq!(hexagram_number(5, 0), Some(11)); // f1
        assert_eq!(hexagram_number(8, 0), None);
    }
}
