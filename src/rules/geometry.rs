//! Board geometry for every board shape Esoterica plays on: the 8×8 board and the 148-square
//! Big Outer board (12×12 plus four corner squares, `rules/big-outer.md §1`).
//!
//! Owns square indexing, names, zones, and the step/leap tables that move generators use.
//! It never looks at pieces. Tables are built once per shape and shared (`OnceLock`).

use std::fmt;
use std::sync::OnceLock;

/// The largest number of squares on any board (the Big Outer board: 144 + 4 corners).
pub const MAX_SQUARES: usize = 148;

/// A square, as an index into its board shape.
///
/// Indexing: on a board of `files` columns, `index = rank * files + file` with a1 = 0
/// (White at the bottom, rank 1). The Big Outer corner squares C1–C4 follow the 144 board
/// squares as 144–147. A `Square` only means something together with its [`BoardShape`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Square(pub u8);

impl Square {
    /// The index as `usize`, for array lookups.
    #[inline]
    pub fn index(self) -> usize {
        self.0 as usize
    }
}

/// One of the eight directions a slider or stepper moves in, as a (file, rank) delta.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Direction {
    /// +rank (toward Black).
    North,
    /// +file (toward the h/l file).
    East,
    /// −rank.
    South,
    /// −file.
    West,
    /// +file +rank.
    NorthEast,
    /// +file −rank.
    SouthEast,
    /// −file −rank.
    SouthWest,
    /// −file +rank.
    NorthWest,
}

impl Direction {
    /// All eight, orthogonal first. Stable order.
    pub const ALL: [Direction; 8] = [
        Direction::North,
        Direction::East,
        Direction::South,
        Direction::West,
        Direction::NorthEast,
        Direction::SouthEast,
        Direction::SouthWest,
        Direction::NorthWest,
    ];
    /// The four rook directions.
    pub const ORTHOGONAL: [Direction; 4] = [
        Direction::North,
        Direction::East,
        Direction::South,
        Direction::West,
    ];
    /// The four bishop directions.
    pub const DIAGONAL: [Direction; 4] = [
        Direction::NorthEast,
        Direction::SouthEast,
        Direction::SouthWest,
        Direction::NorthWest,
    ];

    /// The (file, rank) delta of one step.
    pub fn delta(self) -> (i8, i8) {
        match self {
            Direction::North => (0, 1),
            Direction::East => (1, 0),
            Direction::South => (0, -1),
            Direction::West => (-1, 0),
            Direction::NorthEast => (1, 1),
            Direction::SouthEast => (1, -1),
            Direction::SouthWest => (-1, -1),
            Direction::NorthWest => (-1, 1),
        }
    }

    /// Index 0–7 in [`Direction::ALL`].
    pub fn index(self) -> usize {
        match self {
            Direction::North => 0,
            Direction::East => 1,
            Direction::South => 2,
            Direction::West => 3,
            Direction::NorthEast => 4,
            Direction::SouthEast => 5,
            Direction::SouthWest => 6,
            Direction::NorthWest => 7,
        }
    }

    /// Whether this is a rook direction.
    pub fn is_orthogonal(self) -> bool {
        self.index() < 4
    }
}

/// The zone of a Big Outer square (`rules/big-outer.md §1`); every 8×8 square is `Outer`
/// only in the sense that zones do not apply there.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Zone {
    /// The 16 squares e5–h8.
    Central,
    /// The 48 squares within king-distance 2 of the centre (c3–j10 without the central 16).
    Mid,
    /// The other 80 board squares and the 4 corners (ruling B-4).
    Outer,
}

/// The shape of a board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub enum BoardShape {
    /// 8×8, files a–h, ranks 1–8, 64 squares.
    Standard,
    /// 12×12, files a–l, ranks 1–12, plus corners C1 (-1,-1), C2 (12,-1), C3 (12,12),
    /// C4 (-1,12): 148 squares.
    BigOuter,
}

/// Why a square name could not be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SquareParseError {
    /// The text that was given.
    pub text: String,
    /// The shape it was read for.
    pub shape: BoardShape,
}

impl fmt::Display for SquareParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.shape {
            BoardShape::Standard => write!(f, "'{}' is not a square (a1–h8)", self.text),
            BoardShape::BigOuter => {
                write!(f, "'{}' is not a square (a1–l12 or C1–C4)", self.text)
            }
        }
    }
}

impl std::error::Error for SquareParseError {}

/// Precomputed lookups for one board shape.
struct Tables {
    coords: Vec<(i8, i8)>,
    /// `grid[(rank + 1) * (files + 2) + file + 1]` = square index or `NONE`.
    grid: Vec<u8>,
    /// `step[dir * n + sq]` = neighbouring square or `NONE`.
    step: Vec<u8>,
    zones: Vec<Zone>,
}

const NONE: u8 = u8::MAX;

impl BoardShape {
    /// Number of files (8 or 12).
    pub const fn files(self) -> i8 {
        match self {
            BoardShape::Standard => 8,
            BoardShape::BigOuter => 12,
        }
    }

    /// Number of ranks (8 or 12).
    pub const fn ranks(self) -> i8 {
        self.files()
    }

    /// Number of squares (64 or 148).
    pub const fn len(self) -> usize {
        match self {
            BoardShape::Standard => 64,
            BoardShape::BigOuter => 148,
        }
    }

    /// Always false: a board has squares. Present for clippy's `len_without_is_empty`.
    pub const fn is_empty(self) -> bool {
        false
    }

    fn tables(self) -> &'static Tables {
        static STD: OnceLock<Tables> = OnceLock::new();
        static BIG: OnceLock<Tables> = OnceLock::new();
        match self {
            BoardShape::Standard => STD.get_or_init(|| Tables::build(self)),
            BoardShape::BigOuter => BIG.get_or_init(|| Tables::build(self)),
        }
    }

    /// All squares in index order (a1, b1, … then corners). Stable order.
    pub fn squares(self) -> impl Iterator<Item = Square> + Clone {
        (0..self.len() as u8).map(Square)
    }

    /// The square at (file, rank), a1 = (0, 0), or `None` off the board.
    #[inline]
    pub fn square_at(self, file: i8, rank: i8) -> Option<Square> {
        let f = self.files() as i32 + 2;
        let (x, y) = (file as i32 + 1, rank as i32 + 1);
        if x < 0 || y < 0 || x >= f || y >= f {
            return None;
        }
        let v = self.tables().grid[(y * f + x) as usize];
        (v != NONE).then_some(Square(v))
    }

    /// (file, rank) of a square, a1 = (0, 0); corners lie outside 0..files.
    #[inline]
    pub fn coords(self, sq: Square) -> (i8, i8) {
        self.tables().coords[sq.index()]
    }

    /// File index of a square (corners: −1 or 12).
    #[inline]
    pub fn file(self, sq: Square) -> i8 {
        self.coords(sq).0
    }

    /// Rank index of a square, 0 = rank 1 (corners: −1 or 12).
    #[inline]
    pub fn rank(self, sq: Square) -> i8 {
        self.coords(sq).1
    }

    /// One step in a direction, or `None` where that is not a square.
    #[inline]
    pub fn step(self, sq: Square, dir: Direction) -> Option<Square> {
        let t = self.tables();
        let v = t.step[dir.index() * self.len() + sq.index()];
        (v != NONE).then_some(Square(v))
    }

    /// A leap by (file, rank) delta, or `None` where it lands off the board.
    #[inline]
    pub fn leap(self, sq: Square, df: i8, dr: i8) -> Option<Square> {
        let (f, r) = self.coords(sq);
        self.square_at(f + df, r + dr)
    }

    /// The squares along a direction from `sq` (not including `sq`), nearest first, stopping
    /// at the edge. Pieces are not considered.
    pub fn ray(self, sq: Square, dir: Direction) -> impl Iterator<Item = Square> {
        let mut cur = Some(sq);
        std::iter::from_fn(move || {
            cur = cur.and_then(|s| self.step(s, dir));
            cur
        })
    }

    /// The zone of a square (`rules/big-outer.md §1`; every 8×8 square reports `Outer`).
    #[inline]
    pub fn zone(self, sq: Square) -> Zone {
        self.tables().zones[sq.index()]
    }

    /// The name of a square: `e4`, `a10`, `C1`.
    pub fn name(self, sq: Square) -> String {
        let (f, r) = self.coords(sq);
        if (0..self.files()).contains(&f) && (0..self.ranks()).contains(&r) {
            format!("{}{}", (b'a' + f as u8) as char, r + 1)
        } else {
            // Corner squares, numbered counter-clockwise from White's king side.
            let n = match (f < 0, r < 0) {
                (true, true) => 1,
                (false, true) => 2,
                (false, false) => 3,
                (true, false) => 4,
            };
            format!("C{n}")
        }
    }

    /// Reads a square name (`e4`, `a10`, `C1`–`C4` on the Big Outer board).
    ///
    /// # Errors
    /// [`SquareParseError`] when the text names no square of this shape.
    pub fn parse_square(self, text: &str) -> Result<Square, SquareParseError> {
        let err = || SquareParseError {
            text: text.to_string(),
            shape: self,
        };
        let b = text.as_bytes();
        if b.len() < 2 || b.len() > 3 {
            return Err(err());
        }
        if b[0] == b'C' && self == BoardShape::BigOuter {
            return match text {
                "C1" => self.square_at(-1, -1),
                "C2" => self.square_at(12, -1),
                "C3" => self.square_at(12, 12),
                "C4" => self.square_at(-1, 12),
                _ => None,
            }
            .ok_or_else(err);
        }
        if !b[0].is_ascii_lowercase() || !b[1..].iter().all(u8::is_ascii_digit) || b[1] == b'0' {
            return Err(err());
        }
        let file = (b[0] - b'a') as i32;
        let rank: i32 = text[1..].parse::<i32>().map_err(|_| err())? - 1;
        if file >= self.files() as i32 || rank >= self.ranks() as i32 {
            return Err(err());
        }
        self.square_at(file as i8, rank as i8).ok_or_else(err)
    }

    /// The square's mirror across the middle rank line (a1 ↔ a8; C1 ↔ C4).
    pub fn flip_rank(self, sq: Square) -> Square {
        let (f, r) = self.coords(sq);
        self.square_at(f, self.ranks() - 1 - r)
            .expect("invariant: every shape is symmetric under a rank flip")
    }

    /// The square rotated 180° about the board centre (a1 ↔ h8; C1 ↔ C3).
    pub fn rotate(self, sq: Square) -> Square {
        let (f, r) = self.coords(sq);
        self.square_at(self.files() - 1 - f, self.ranks() - 1 - r)
            .expect("invariant: every shape is symmetric under a half turn")
    }
}

impl Tables {
    fn build(shape: BoardShape) -> Tables {
        let files = shape.files();
        let mut coords = Vec::with_capacity(shape.len());
        for r in 0..files {
            for f in 0..files {
                coords.push((f, r));
            }
        }
        if shape == BoardShape::BigOuter {
            coords.extend([(-1, -1), (12, -1), (12, 12), (-1, 12)]);
        }
        let gw = files as usize + 2;
        let mut grid = vec![NONE; gw * gw];
        for (i, &(f, r)) in coords.iter().enumerate() {
            grid[(r + 1) as usize * gw + (f + 1) as usize] = i as u8;
        }
        let lookup = |f: i8, r: i8| -> u8 {
            if f < -1 || r < -1 || f > files || r > files {
                NONE
            } else {
                grid[(r + 1) as usize * gw + (f + 1) as usize]
            }
        };
        let n = coords.len();
        let mut step = vec![NONE; 8 * n];
        for dir in Direction::ALL {
            let (df, dr) = dir.delta();
            for (i, &(f, r)) in coords.iter().enumerate() {
                step[dir.index() * n + i] = lookup(f + df, r + dr);
            }
        }
        let zones = coords
            .iter()
            .map(|&(f, r)| {
                if shape == BoardShape::Standard {
                    return Zone::Outer;
                }
                // Central: e5–h8 = files 4..=7, ranks 4..=7. Mid: king-distance ≤ 2 → 2..=9.
                let inside = |lo: i8, hi: i8| (lo..=hi).contains(&f) && (lo..=hi).contains(&r);
                if inside(4, 7) {
                    Zone::Central
                } else if inside(2, 9) {
                    Zone::Mid
                } else {
                    Zone::Outer
                }
            })
            .collect();
        Tables {
            coords,
            grid,
            step,
            zones,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn standard_board_has_64_named_squares_a1_is_zero() {
        let s = BoardShape::Standard;
        assert_eq!(s.squares().count(), 64);
        assert_eq!(s.parse_square("a1"), Ok(Square(0)));
        assert_eq!(s.parse_square("h8"), Ok(Square(63)));
        assert_eq!(s.parse_square("e4"), Ok(Square(28)));
        assert_eq!(s.name(Square(28)), "e4");
        for sq in s.squares() {
            assert_eq!(s.parse_square(&s.name(sq)), Ok(sq));
        }
    }

    #[test]
    fn big_outer_has_148_squares_with_corners_and_two_digit_ranks() {
        let s = BoardShape::BigOuter;
        assert_eq!(s.squares().count(), 148);
        assert_eq!(s.name(Square(144)), "C1");
        assert_eq!(s.name(Square(147)), "C4");
        assert_eq!(s.parse_square("a10"), Ok(Square(108)));
        assert_eq!(s.parse_square("l12"), Ok(Square(143)));
        assert_eq!(s.parse_square("C3").map(|q| s.coords(q)), Ok((12, 12)));
        for sq in s.squares() {
            assert_eq!(s.parse_square(&s.name(sq)), Ok(sq));
        }
    }

    #[test]
    fn bad_square_names_are_errors() {
        for bad in ["", "a", "i1", "a9", "a0", "A1", "C1", "e44", "é4"] {
            assert!(BoardShape::Standard.parse_square(bad).is_err(), "{bad}");
        }
        for bad in ["m1", "a13", "C5", "C0", "a00"] {
            assert!(BoardShape::BigOuter.parse_square(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn corners_touch_the_board_only_diagonally() {
        let s = BoardShape::BigOuter;
        let c1 = s.parse_square("C1").unwrap();
        assert_eq!(s.step(c1, Direction::NorthEast), s.parse_square("a1").ok());
        for dir in Direction::ALL {
            if dir != Direction::NorthEast {
                assert_eq!(s.step(c1, dir), None, "{dir:?}");
            }
        }
        let a1 = s.parse_square("a1").unwrap();
        assert_eq!(s.step(a1, Direction::SouthWest), Some(c1));
        assert_eq!(s.step(a1, Direction::South), None);
        // Ranks and files never reach a corner.
        let b1 = s.parse_square("b1").unwrap();
        assert!(s.ray(b1, Direction::West).all(|q| q != c1));
        // A (4,1) leap d1 -> C1.
        let d1 = s.parse_square("d1").unwrap();
        assert_eq!(s.leap(d1, -4, -1), Some(c1));
    }

    #[test]
    fn zones_count_16_48_84() {
        let s = BoardShape::BigOuter;
        let count = |z| s.squares().filter(|&q| s.zone(q) == z).count();
        assert_eq!(count(Zone::Central), 16);
        assert_eq!(count(Zone::Mid), 48);
        assert_eq!(count(Zone::Outer), 84);
        assert_eq!(s.zone(s.parse_square("e5").unwrap()), Zone::Central);
        assert_eq!(s.zone(s.parse_square("c3").unwrap()), Zone::Mid);
        assert_eq!(s.zone(s.parse_square("j10").unwrap()), Zone::Mid);
        assert_eq!(s.zone(s.parse_square("b2").unwrap()), Zone::Outer);
    }

    #[test]
    fn rays_stop_at_the_edge() {
        let s = BoardShape::Standard;
        let a1 = Square(0);
        assert_eq!(s.ray(a1, Direction::North).count(), 7);
        assert_eq!(s.ray(a1, Direction::NorthEast).last(), Some(Square(63)));
        assert_eq!(s.ray(a1, Direction::South).count(), 0);
        assert_eq!(s.leap(a1, 1, 2), Some(Square(17)));
        assert_eq!(s.leap(a1, -1, 2), None);
    }
}
