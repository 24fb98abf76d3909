//! The Big Outer initial set-up (`rules/big-outer.md §3`, ruling B-1), read from
//! `assets/big-outer.ron` (embedded at build time) and validated into a position. No I/O:
//! the asset text is compiled in, and [`BigOuterSetup::from_ron`] reads any other text a
//! caller supplies.

use std::fmt;
use std::sync::OnceLock;

use serde::{Deserialize, Serialize};

use crate::rules::geometry::BoardShape;
use crate::rules::piece::{Color, Piece, PieceKind};
use crate::rules::position::Position;
use crate::rules::variant::Variant;

/// The embedded set-up file `assets/big-outer.ron` (RON, see [`BigOuterSetup`]).
pub const BIG_OUTER_SETUP_RON: &str = include_str!("../../../../assets/big-outer.ron");

/// A piece on a corner square in a [`BigOuterSetup`].
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CornerPiece {
    /// `C1`–`C4` (C1 beyond a1, C2 beyond l1, C3 beyond l12, C4 beyond a12).
    pub square: String,
    /// Whose piece.
    pub side: Color,
    /// Upper-case piece letter (K Q R B G M J N).
    pub piece: char,
}

/// The Big Outer initial set-up as data: two back ranks, two pawn ranks, corner pieces and
/// castling rights. Unvalidated; [`BigOuterSetup::to_position`] validates it.
///
/// Shape: back ranks are 12 upper-case letters for files a–l; ranks are numbered 1–12 from
/// White's side.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BigOuterSetup {
    /// White's pieces on rank 1, files a–l (`JRMGBKQBGMRJ`).
    pub white_back_rank: String,
    /// Black's pieces on rank 12, files a–l, written in upper case (`JRMGBQKBGMRJ`).
    pub black_back_rank: String,
    /// The rank (1–12) filled with White pawns.
    pub white_pawn_rank: u8,
    /// The rank (1–12) filled with Black pawns.
    pub black_pawn_rank: u8,
    /// Pieces on the corner squares.
    pub corners: Vec<CornerPiece>,
    /// Castling rights as in the position text (`KQkq`, a subset, or `-`).
    pub castling: String,
}

/// Why a Big Outer set-up could not be used.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SetupError {
    /// What is wrong, naming the field.
    pub reason: String,
}

impl fmt::Display for SetupError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "bad Big Outer set-up: {}", self.reason)
    }
}

impl std::error::Error for SetupError {}

fn setup_err(reason: impl Into<String>) -> SetupError {
    SetupError {
        reason: reason.into(),
    }
}

impl BigOuterSetup {
    /// Reads a set-up from RON text and validates it (see [`BigOuterSetup::to_position`]).
    ///
    /// # Errors
    /// [`SetupError`] with the RON parser's message (line and column) for unreadable text or
    /// unknown fields, or the validation error.
    ///
    /// # Examples
    /// ```
    /// use esoterica::rules::variants::big_outer::{BigOuterSetup, BIG_OUTER_SETUP_RON};
    /// let setup = BigOuterSetup::from_ron(BIG_OUTER_SETUP_RON).unwrap();
    /// assert_eq!(setup.white_back_rank, "JRMGBKQBGMRJ");
    /// assert!(BigOuterSetup::from_ron("(white_back_rank: 3)").is_err());
    /// ```
    pub fn from_ron(text: &str) -> Result<BigOuterSetup, SetupError> {
        let setup: BigOuterSetup =
            ron::from_str(text).map_err(|e| setup_err(format!("cannot read RON: {e}")))?;
        setup.to_position()?;
        Ok(setup)
    }

    /// The position text (`rules/big-outer.md §5`) of this set-up, White to move.
    ///
    /// # Errors
    /// [`SetupError`] when a rank is not 12 known letters, a pawn rank is out of 1–12 or
    /// collides with another filled rank, or a corner entry names no corner or a corner
    /// twice.
    pub fn to_text(&self) -> Result<String, SetupError> {
        let shape = BoardShape::BigOuter;
        let files = shape.files() as usize;
        let mut grid: Vec<Vec<Option<Piece>>> = vec![vec![None; files]; files];
        let mut filled = [None::<&str>; 12];
        let mut fill = |rank: u8, what: &'static str| -> Result<usize, SetupError> {
            if !(1..=12).contains(&rank) {
                return Err(setup_err(format!("{what}: rank {rank} is not 1–12")));
            }
            let i = rank as usize - 1;
            if let Some(other) = filled[i] {
                return Err(setup_err(format!(
                    "{what} and {other} both fill rank {rank}"
                )));
            }
            filled[i] = Some(what);
            Ok(i)
        };
        for (text, side, rank, what) in [
            (&self.white_back_rank, Color::White, 1, "white_back_rank"),
            (&self.black_back_rank, Color::Black, 12, "black_back_rank"),
        ] {
            let letters: Vec<char> = text.chars().collect();
            if letters.len() != files {
                return Err(setup_err(format!(
                    "{what} '{text}' has {} letters, expected {files} (files a–l)",
                    letters.len()
                )));
            }
            let i = fill(rank, what)?;
            for (f, &c) in letters.iter().enumerate() {
                let kind = piece_letter(c).ok_or_else(|| {
                    setup_err(format!("{what}: '{c}' is not an upper-case Big Outer piece letter (K Q R B G M J N P)"))
                })?;
                grid[i][f] = Some(Piece::new(side, kind));
            }
        }
        for (side, rank, what) in [
            (Color::White, self.white_pawn_rank, "white_pawn_rank"),
            (Color::Black, self.black_pawn_rank, "black_pawn_rank"),
        ] {
            let i = fill(rank, what)?;
            for cell in &mut grid[i] {
                *cell = Some(Piece::new(side, PieceKind::Pawn));
            }
        }
        let mut corners = ['-'; 4];
        for c in &self.corners {
            let k = match c.square.as_str() {
                "C1" => 0,
                "C2" => 1,
                "C3" => 2,
                "C4" => 3,
                other => {
                    return Err(setup_err(format!(
                        "corners: '{other}' is not a corner square (C1–C4)"
                    )));
                }
            };
            if corners[k] != '-' {
                return Err(setup_err(format!("corners: {} is given twice", c.square)));
            }
            let kind = piece_letter(c.piece).ok_or_else(|| {
                setup_err(format!(
                    "corners: '{}' is not an upper-case Big Outer piece letter",
                    c.piece
                ))
            })?;
            corners[k] = Piece::new(c.side, kind).fen_char();
        }
        let mut text = String::new();
        for (ri, row) in grid.iter().enumerate().rev() {
            let mut empty = 0;
            for cell in row {
                match cell {
                    None => empty += 1,
                    Some(p) => {
                        if empty > 0 {
                            text.push_str(&empty.to_string());
                            empty = 0;
                        }
                        text.push(p.fen_char());
                    }
                }
            }
            if empty > 0 {
                text.push_str(&empty.to_string());
            }
            if ri > 0 {
                text.push('/');
            }
        }
        text.push(' ');
        text.extend(corners);
        let castling = if self.castling.is_empty() {
            "-"
        } else {
            &self.castling
        };
        text.push_str(&format!(" w {castling} - 0 1"));
        Ok(text)
    }

    /// The validated initial position of this set-up.
    ///
    /// # Errors
    /// [`SetupError`] from [`BigOuterSetup::to_text`], or the position text's own error
    /// (one King each, pawns not on the first or last rank, castling rights that need a King
    /// and Rook where they are not, the side not to move in check).
    pub fn to_position(&self) -> Result<Position, SetupError> {
        let text = self.to_text()?;
        Position::from_text(Variant::BigOuter, &text).map_err(|e| setup_err(e.to_string()))
    }
}

/// Reads an upper-case Big Outer piece letter (`N` is the outer Knight).
fn piece_letter(c: char) -> Option<PieceKind> {
    if c.is_ascii_uppercase() {
        PieceKind::from_letter(c, true)
    } else {
        None
    }
}

/// The Big Outer initial position text, built from the embedded `assets/big-outer.ron`.
///
/// The asset is checked against [`BIG_OUTER_INITIAL`](super::BIG_OUTER_INITIAL)
/// by a test, so a broken file fails CI; should it fail at run time anyway, the built-in
/// text is used.
pub fn initial_text() -> &'static str {
    static TEXT: OnceLock<String> = OnceLock::new();
    TEXT.get_or_init(|| {
        BigOuterSetup::from_ron(BIG_OUTER_SETUP_RON)
            .and_then(|s| s.to_text())
            .unwrap_or_else(|_| super::BIG_OUTER_INITIAL.to_string())
    })
}

#[cfg(test)]
mod tests {
    use super::super::BIG_OUTER_INITIAL;
    use super::*;

    fn asset() -> BigOuterSetup {
        BigOuterSetup::from_ron(BIG_OUTER_SETUP_RON).unwrap()
    }

    #[test]
    fn asset_set_up_equals_big_outer_initial() {
        assert_eq!(asset().to_text().unwrap(), BIG_OUTER_INITIAL);
        assert_eq!(initial_text(), BIG_OUTER_INITIAL);
        assert_eq!(
            Position::new(Variant::BigOuter),
            Position::from_text(Variant::BigOuter, BIG_OUTER_INITIAL).unwrap()
        );
    }

    #[test]
    fn set_up_round_trips_through_ron() {
        let s = asset();
        let text = ron::to_string(&s).unwrap();
        assert_eq!(BigOuterSetup::from_ron(&text).unwrap(), s);
    }

    #[test]
    fn broken_set_up_files_give_clear_errors() {
        let e = BigOuterSetup::from_ron("(white_back_rank: \"JRM\"").unwrap_err();
        assert!(
            e.to_string()
                .starts_with("bad Big Outer set-up: cannot read RON: "),
            "{e}"
        );
        let e = BigOuterSetup::from_ron(&BIG_OUTER_SETUP_RON.replace("castling", "castle"))
            .unwrap_err();
        assert!(e.to_string().contains("castle"), "{e}");
        let bad = |from: &str, to: &str| {
            BigOuterSetup::from_ron(&BIG_OUTER_SETUP_RON.replacen(from, to, 1))
                .unwrap_err()
                .to_string()
        };
        assert_eq!(
            bad("\"JRMGBKQBGMRJ\"", "\"JRMGBKQBGMR\""),
            "bad Big Outer set-up: white_back_rank 'JRMGBKQBGMR' has 11 letters, expected 12 (files a–l)"
        );
        assert_eq!(
            bad("\"JRMGBKQBGMRJ\"", "\"JRMGBKQBGMRX\""),
            "bad Big Outer set-up: white_back_rank: 'X' is not an upper-case Big Outer piece letter (K Q R B G M J N P)"
        );
        assert_eq!(
            bad("black_pawn_rank: 11", "black_pawn_rank: 2"),
            "bad Big Outer set-up: black_pawn_rank and white_pawn_rank both fill rank 2"
        );
        assert_eq!(
            bad("black_pawn_rank: 11", "black_pawn_rank: 13"),
            "bad Big Outer set-up: black_pawn_rank: rank 13 is not 1–12"
        );
        assert_eq!(
            bad("\"C4\"", "\"C3\""),
            "bad Big Outer set-up: corners: C3 is given twice"
        );
        assert_eq!(
            bad("\"C4\"", "\"a1\""),
            "bad Big Outer set-up: corners: 'a1' is not a corner square (C1–C4)"
        );
        // No White King: the position check names the rule.
        let no_king = BIG_OUTER_SETUP_RON
            .replacen("\"JRMGBKQBGMRJ\"", "\"JRMGBQQBGMRJ\"", 1)
            .replace("\"KQkq\"", "\"kq\"");
        assert_eq!(
            BigOuterSetup::from_ron(&no_king).unwrap_err().to_string(),
            "bad Big Outer set-up: bad position text (position): White must have exactly one King, found 0"
        );
        assert_eq!(
            bad("\"JRMGBKQBGMRJ\"", "\"JRMGKBQBGMRJ\""),
            "bad Big Outer set-up: bad position text (castling): right 'K' needs White's King on f1 and Rook on b1"
        );
    }
}
