//! Sides, piece kinds and pieces: the standard six and the Big Outer kinds (Guard,
//! Matriarch, Jumper, outer Knight). Movement lives in the variants; this module only names
//! things and maps them to letters.

use std::fmt;

/// A side. White moves up the board (toward higher ranks).
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize, serde::Deserialize,
)]
pub enum Color {
    /// Moves first (alternating variants), starts on ranks 1–2.
    White,
    /// Starts on the last two ranks.
    Black,
}

impl Color {
    /// Both sides, White first.
    pub const BOTH: [Color; 2] = [Color::White, Color::Black];

    /// The other side.
    #[inline]
    pub fn other(self) -> Color {
        match self {
            Color::White => Color::Black,
            Color::Black => Color::White,
        }
    }

    /// 0 for White, 1 for Black.
    #[inline]
    pub fn index(self) -> usize {
        match self {
            Color::White => 0,
            Color::Black => 1,
        }
    }

    /// +1 for White, −1 for Black: the rank direction pawns move in.
    #[inline]
    pub fn forward(self) -> i8 {
        match self {
            Color::White => 1,
            Color::Black => -1,
        }
    }

    /// `white` or `black`.
    pub fn name(self) -> &'static str {
        match self {
            Color::White => "white",
            Color::Black => "black",
        }
    }

    /// `White` or `Black`.
    pub fn title(self) -> &'static str {
        match self {
            Color::White => "White",
            Color::Black => "Black",
        }
    }

    /// Reads `white`/`w`/`black`/`b` (any case).
    pub fn parse(text: &str) -> Option<Color> {
        match text.to_ascii_lowercase().as_str() {
            "white" | "w" => Some(Color::White),
            "black" | "b" => Some(Color::Black),
            _ => None,
        }
    }
}

impl fmt::Display for Color {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.title())
    }
}

/// A kind of piece.
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize, serde::Deserialize,
)]
pub enum PieceKind {
    /// Pawn (`P`).
    Pawn,
    /// Standard Knight (`N`): (2,1) leaps.
    Knight,
    /// Bishop (`B`).
    Bishop,
    /// Rook (`R`).
    Rook,
    /// Queen (`Q`).
    Queen,
    /// King (`K`).
    King,
    /// Big Outer Guard (`G`): one step diagonally or a (3,1) leap (`rules/big-outer.md §2`).
    Guard,
    /// Big Outer Matriarch (`M`): Queen lines, range 3/6/unlimited by zone.
    Matriarch,
    /// Big Outer Jumper (`J`): king step plus zone-dependent leaps of 3 or 2.
    Jumper,
    /// Big Outer outer Knight (written `N` on the Big Outer board): leaps by zone.
    OuterKnight,
}

impl PieceKind {
    /// Every kind, in declaration (discriminant) order: the six standard kinds, then Big
    /// Outer's Guard, Matriarch, Jumper and outer Knight.
    pub const ALL: [PieceKind; 10] = [
        PieceKind::Pawn,
        PieceKind::Knight,
        PieceKind::Bishop,
        PieceKind::Rook,
        PieceKind::Queen,
        PieceKind::King,
        PieceKind::Guard,
        PieceKind::Matriarch,
        PieceKind::Jumper,
        PieceKind::OuterKnight,
    ];

    /// The six standard kinds in value order.
    pub const STANDARD: [PieceKind; 6] = [
        PieceKind::Pawn,
        PieceKind::Knight,
        PieceKind::Bishop,
        PieceKind::Rook,
        PieceKind::Queen,
        PieceKind::King,
    ];

    /// Every kind but the King, most valuable first (Big Outer's between the standard
    /// kinds of similar value), the Pawn last: the order pieces are listed in (captured
    /// pieces, the editor's palette).
    pub const BY_VALUE: [PieceKind; 9] = [
        PieceKind::Queen,
        PieceKind::Matriarch,
        PieceKind::Rook,
        PieceKind::Guard,
        PieceKind::Jumper,
        PieceKind::Bishop,
        PieceKind::Knight,
        PieceKind::OuterKnight,
        PieceKind::Pawn,
    ];

    /// Upper-case letter as used in FEN/SAN for White. The outer Knight is written `N` (it
    /// only exists on the Big Outer board, where there is no standard Knight).
    pub fn letter(self) -> char {
        match self {
            PieceKind::Pawn => 'P',
            PieceKind::Knight | PieceKind::OuterKnight => 'N',
            PieceKind::Bishop => 'B',
            PieceKind::Rook => 'R',
            PieceKind::Queen => 'Q',
            PieceKind::King => 'K',
            PieceKind::Guard => 'G',
            PieceKind::Matriarch => 'M',
            PieceKind::Jumper => 'J',
        }
    }

    /// English name (`Knight`, `Matriarch`, …).
    pub fn name(self) -> &'static str {
        match self {
            PieceKind::Pawn => "Pawn",
            PieceKind::Knight => "Knight",
            PieceKind::Bishop => "Bishop",
            PieceKind::Rook => "Rook",
            PieceKind::Queen => "Queen",
            PieceKind::King => "King",
            PieceKind::Guard => "Guard",
            PieceKind::Matriarch => "Matriarch",
            PieceKind::Jumper => "Jumper",
            PieceKind::OuterKnight => "Knight",
        }
    }

    /// Reads a letter (either case). `big_outer` selects the Big Outer set, where `N` is the
    /// outer Knight and `G M J` exist.
    pub fn from_letter(c: char, big_outer: bool) -> Option<PieceKind> {
        Some(match (c.to_ascii_uppercase(), big_outer) {
            ('P', _) => PieceKind::Pawn,
            ('N', false) => PieceKind::Knight,
            ('N', true) => PieceKind::OuterKnight,
            ('B', _) => PieceKind::Bishop,
            ('R', _) => PieceKind::Rook,
            ('Q', _) => PieceKind::Queen,
            ('K', _) => PieceKind::King,
            ('G', true) => PieceKind::Guard,
            ('M', true) => PieceKind::Matriarch,
            ('J', true) => PieceKind::Jumper,
            _ => return None,
        })
    }
}

/// A piece: side and kind.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub struct Piece {
    /// Whose piece.
    pub color: Color,
    /// What kind.
    pub kind: PieceKind,
}

impl Piece {
    /// A piece of `color` and `kind`.
    pub const fn new(color: Color, kind: PieceKind) -> Piece {
        Piece { color, kind }
    }

    /// FEN letter: upper case for White, lower case for Black.
    pub fn fen_char(self) -> char {
        match self.color {
            Color::White => self.kind.letter(),
            Color::Black => self.kind.letter().to_ascii_lowercase(),
        }
    }

    /// Unicode chess glyph for the six standard kinds (and the outer Knight);
    /// `None` for Guard, Matriarch, Jumper.
    pub fn glyph(self) -> Option<char> {
        let white = match self.kind {
            PieceKind::King => '♔',
            PieceKind::Queen => '♕',
            PieceKind::Rook => '♖',
            PieceKind::Bishop => '♗',
            PieceKind::Knight | PieceKind::OuterKnight => '♘',
            PieceKind::Pawn => '♙',
            PieceKind::Guard | PieceKind::Matriarch | PieceKind::Jumper => return None,
        };
        Some(match self.color {
            Color::White => white,
            Color::Black => char::from_u32(white as u32 + 6).unwrap_or(white),
        })
    }
}

impl fmt::Display for Piece {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {}", self.color.title(), self.kind.name())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn by_value_lists_every_kind_but_the_king_once_queen_first_pawn_last() {
        let mut kinds: Vec<PieceKind> = PieceKind::BY_VALUE.to_vec();
        kinds.push(PieceKind::King);
        kinds.sort();
        assert_eq!(kinds, PieceKind::ALL);
        assert_eq!(PieceKind::BY_VALUE[0], PieceKind::Queen);
        assert_eq!(PieceKind::BY_VALUE[8], PieceKind::Pawn);
    }
}
