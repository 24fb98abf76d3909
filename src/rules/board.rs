//! Piece placement on any board shape: which piece of which side stands on each square.
//!
//! Stored as one layer per side so a square can hold one White and one Black piece at once
//! (Parity's shared squares, `rules/parity.md §1`); every other variant keeps at most one
//! piece per square. King squares are cached.

use super::geometry::{BoardShape, MAX_SQUARES, Square};
use super::piece::{Color, Piece, PieceKind};

/// Piece placement. Cheap to clone (≈300 bytes).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Board {
    shape: BoardShape,
    cells: [[Option<PieceKind>; MAX_SQUARES]; 2],
    kings: [Option<Square>; 2],
    /// Per side, a bit per occupied square (index order): the same facts as `cells`, kept so
    /// a side's pieces can be listed without scanning every square.
    occupied: [[u64; 3]; 2],
}

impl Board {
    /// An empty board of the given shape.
    pub fn empty(shape: BoardShape) -> Board {
        Board {
            shape,
            cells: [[None; MAX_SQUARES]; 2],
            kings: [None; 2],
            occupied: [[0; 3]; 2],
        }
    }

    /// The board's shape.
    #[inline]
    pub fn shape(&self) -> BoardShape {
        self.shape
    }

    /// The kind of `color`'s piece on `sq`, if any.
    #[inline]
    pub fn kind(&self, color: Color, sq: Square) -> Option<PieceKind> {
        self.cells[color.index()][sq.index()]
    }

    /// The piece on `sq`. On a shared square (Parity) this is White's; use
    /// [`Board::pieces_on`] to see both.
    #[inline]
    pub fn piece_at(&self, sq: Square) -> Option<Piece> {
        for c in Color::BOTH {
            if let Some(k) = self.kind(c, sq) {
                return Some(Piece::new(c, k));
            }
        }
        None
    }

    /// Both pieces on `sq`: (White's, Black's).
    #[inline]
    pub fn pieces_on(&self, sq: Square) -> (Option<PieceKind>, Option<PieceKind>) {
        (self.kind(Color::White, sq), self.kind(Color::Black, sq))
    }

    /// Whether no piece stands on `sq`.
    #[inline]
    pub fn is_empty(&self, sq: Square) -> bool {
        self.cells[0][sq.index()].is_none() && self.cells[1][sq.index()].is_none()
    }

    /// Whether one White and one Black piece share `sq`.
    #[inline]
    pub fn is_shared(&self, sq: Square) -> bool {
        self.cells[0][sq.index()].is_some() && self.cells[1][sq.index()].is_some()
    }

    /// Puts `piece` on `sq`, replacing a piece of the same side there; returns the replaced
    /// kind.
    #[inline]
    pub fn put(&mut self, sq: Square, piece: Piece) -> Option<PieceKind> {
        let old = self.cells[piece.color.index()][sq.index()].replace(piece.kind);
        self.occupied[piece.color.index()][sq.index() >> 6] |= 1 << (sq.index() & 63);
        if old == Some(PieceKind::King) && self.kings[piece.color.index()] == Some(sq) {
            self.kings[piece.color.index()] = None;
        }
        if piece.kind == PieceKind::King {
            self.kings[piece.color.index()] = Some(sq);
        }
        old
    }

    /// Removes `color`'s piece from `sq` and returns its kind.
    #[inline]
    pub fn remove(&mut self, color: Color, sq: Square) -> Option<PieceKind> {
        let old = self.cells[color.index()][sq.index()].take();
        self.occupied[color.index()][sq.index() >> 6] &= !(1 << (sq.index() & 63));
        if old == Some(PieceKind::King) && self.kings[color.index()] == Some(sq) {
            self.kings[color.index()] = self.find_king(color);
        }
        old
    }

    fn find_king(&self, color: Color) -> Option<Square> {
        self.pieces(color)
            .find(|&(_, k)| k == PieceKind::King)
            .map(|(s, _)| s)
    }

    /// The square of `color`'s King (the first one, if a hand-made position has several).
    #[inline]
    pub fn king(&self, color: Color) -> Option<Square> {
        self.kings[color.index()]
    }

    /// `color`'s pieces in square order. Stable order.
    pub fn pieces(&self, color: Color) -> impl Iterator<Item = (Square, PieceKind)> + '_ {
        let layer = &self.cells[color.index()];
        self.occupied[color.index()]
            .iter()
            .enumerate()
            .flat_map(|(w, &bits)| {
                let mut bits = bits;
                std::iter::from_fn(move || {
                    if bits == 0 {
                        return None;
                    }
                    let i = w * 64 + bits.trailing_zeros() as usize;
                    bits &= bits - 1;
                    Some(i)
                })
            })
            .filter_map(move |i| layer[i].map(|k| (Square(i as u8), k)))
    }

    /// Every piece as (square, piece), White's before Black's on a shared square. Stable order.
    pub fn all_pieces(&self) -> impl Iterator<Item = (Square, Piece)> + '_ {
        self.shape.squares().flat_map(move |s| {
            Color::BOTH
                .into_iter()
                .filter_map(move |c| self.kind(c, s).map(|k| (s, Piece::new(c, k))))
        })
    }

    /// How many pieces of `color` and `kind` are on the board.
    pub fn count(&self, color: Color, kind: PieceKind) -> usize {
        self.cells[color.index()][..self.shape.len()]
            .iter()
            .filter(|&&k| k == Some(kind))
            .count()
    }

    /// Total number of pieces (a shared square counts two).
    pub fn piece_count(&self) -> usize {
        self.cells
            .iter()
            .map(|l| l[..self.shape.len()].iter().flatten().count())
            .sum()
    }

    /// Whether the board holds no piece.
    pub fn is_board_empty(&self) -> bool {
        self.piece_count() == 0
    }
}
