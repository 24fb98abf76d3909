//! Piece placement on any board shape: which piece of which side stands on each square.
//!
//! A square can hold one White and one Black piece at once (Parity's shared squares,
//! `rules/parity.md §1`); every other variant keeps at most one piece per square. King
//! squares are cached.
//!
//! Storage is one byte per square for 256 squares (White's piece in the low four bits,
//! Black's in the high four), so any `Square` (a `u8`) indexes it without a bounds check and
//! an empty square is a single zero test; only the first `shape.len()` squares are used.
//! Beside it each side's kind codes are kept as four bit planes of `WORDS` words (bit
//! `i` of word `w` is square `w * 64 + i`), so the bitboard generator gets any kind's
//! squares, or all of a side's, with a few word operations.

use super::geometry::{BoardShape, Square};
use super::piece::{Color, Piece, PieceKind};

/// Squares the storage has room for: every `u8` index.
const CELLS: usize = 256;

/// Words of 64 squares in a bit plane: enough for the largest board
/// ([`MAX_SQUARES`](super::geometry::MAX_SQUARES) = 148 squares).
pub(crate) const WORDS: usize = 3;

/// The kind stored as a four-bit code (0 = no piece).
const KIND_OF_CODE: [Option<PieceKind>; 16] = [
    None,
    Some(PieceKind::Pawn),
    Some(PieceKind::Knight),
    Some(PieceKind::Bishop),
    Some(PieceKind::Rook),
    Some(PieceKind::Queen),
    Some(PieceKind::King),
    Some(PieceKind::Guard),
    Some(PieceKind::Matriarch),
    Some(PieceKind::Jumper),
    Some(PieceKind::OuterKnight),
    None,
    None,
    None,
    None,
    None,
];

/// The four-bit code of a kind (never 0).
#[inline]
fn code(kind: PieceKind) -> u8 {
    kind as u8 + 1
}

/// The bit shift of a side's code in a cell.
#[inline]
fn shift(color: Color) -> u32 {
    4 * color.index() as u32
}

/// Piece placement. Cheap to clone (≈330 bytes).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Board {
    shape: BoardShape,
    /// Per square: White's kind code in bits 0–3, Black's in bits 4–7 (see [`KIND_OF_CODE`]).
    cells: [u8; CELLS],
    kings: [Option<Square>; 2],
    /// How many Kings each side has (one, except in hand-made positions), so that lifting
    /// the King searches for another only when there is one.
    king_count: [u16; 2],
    /// `planes[side][b][w]`: bit `i` set when bit `b` of `side`'s kind code on square
    /// `w * 64 + i` is set (see [`KIND_OF_CODE`]). The same facts as `cells`, kept so a
    /// side's pieces, or those of one kind, can be listed without scanning every square.
    planes: [[[u64; WORDS]; 4]; 2],
}

impl Board {
    /// An empty board of the given shape.
    pub fn empty(shape: BoardShape) -> Board {
        Board {
            shape,
            cells: [0; CELLS],
            kings: [None; 2],
            king_count: [0; 2],
            planes: [[[0; WORDS]; 4]; 2],
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
        KIND_OF_CODE[((self.cells[sq.index()] >> shift(color)) & 15) as usize]
    }

    /// Whether `color` has a piece on `sq`.
    #[inline]
    pub fn has(&self, color: Color, sq: Square) -> bool {
        (self.cells[sq.index()] >> shift(color)) & 15 != 0
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
        self.cells[sq.index()] == 0
    }

    /// Whether one White and one Black piece share `sq`.
    #[inline]
    pub fn is_shared(&self, sq: Square) -> bool {
        self.has(Color::White, sq) && self.has(Color::Black, sq)
    }

    /// Puts `piece` on `sq`, replacing a piece of the same side there; returns the replaced
    /// kind.
    #[inline]
    pub fn put(&mut self, sq: Square, piece: Piece) -> Option<PieceKind> {
        let c = piece.color.index();
        let old = self.kind(piece.color, sq);
        let s = shift(piece.color);
        let cell = &mut self.cells[sq.index()];
        *cell = (*cell & !(15 << s)) | (code(piece.kind) << s);
        self.set_planes(c, sq, code(piece.kind));
        if old == Some(PieceKind::King) {
            self.king_count[c] -= 1;
            if self.kings[c] == Some(sq) {
                self.kings[c] = None;
            }
        }
        if piece.kind == PieceKind::King {
            self.king_count[c] += 1;
            self.kings[c] = Some(sq);
        }
        old
    }

    /// Removes `color`'s piece from `sq` and returns its kind.
    #[inline]
    pub fn remove(&mut self, color: Color, sq: Square) -> Option<PieceKind> {
        let old = self.kind(color, sq);
        self.cells[sq.index()] &= !(15 << shift(color));
        self.set_planes(color.index(), sq, 0);
        if old == Some(PieceKind::King) {
            let c = color.index();
            self.king_count[c] -= 1;
            if self.kings[c] == Some(sq) {
                self.kings[c] = if self.king_count[c] == 0 {
                    None
                } else {
                    self.find_king(color)
                };
            }
        }
        old
    }

    /// Moves `color`'s piece from `from` to `to`, where it stands as `kind` (a promotion
    /// changes the kind), taking the other side's piece on `to` if there is one; returns
    /// whether it did. The same as [`Board::remove`], removing the enemy piece and
    /// [`Board::put`], in fewer steps. Nothing happens when `from` holds no piece of `color`
    /// or `to` already holds one.
    #[inline]
    pub fn step(&mut self, color: Color, from: Square, to: Square, kind: PieceKind) -> bool {
        let s = shift(color);
        let moving = (self.cells[from.index()] >> s) & 15;
        if moving == 0 || self.has(color, to) {
            return false;
        }
        let captured = self.has(color.other(), to);
        if captured {
            self.remove(color.other(), to);
        }
        let c = color.index();
        self.cells[from.index()] &= !(15 << s);
        self.cells[to.index()] |= code(kind) << s;
        self.set_planes(c, from, 0);
        self.set_planes(c, to, code(kind));
        let king = code(PieceKind::King);
        if moving == king || code(kind) == king {
            if moving == king {
                self.king_count[c] -= 1;
            }
            if code(kind) == king {
                self.king_count[c] += 1;
                self.kings[c] = Some(to);
            } else if self.kings[c] == Some(from) {
                self.kings[c] = self.find_king(color);
            }
        }
        captured
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
    #[inline]
    pub fn pieces(&self, color: Color) -> impl Iterator<Item = (Square, PieceKind)> + '_ {
        Pieces::new(self, color, false)
    }

    /// `color`'s pieces other than pawns, in square order.
    #[inline]
    pub fn non_pawns(&self, color: Color) -> impl Iterator<Item = (Square, PieceKind)> + '_ {
        Pieces::new(self, color, true)
    }

    /// Every piece as (square, piece), White's before Black's on a shared square. Stable order.
    pub fn all_pieces(&self) -> impl Iterator<Item = (Square, Piece)> + '_ {
        AllPieces {
            board: self,
            word: 0,
            bits: self.occupied_word(Color::White, 0) | self.occupied_word(Color::Black, 0),
            pending: None,
        }
    }

    /// The bit planes of both sides, word by word: `f(word)` for each of the eight plane
    /// words (White's four, then Black's) of each occupancy word the shape uses. Two boards
    /// of one shape give the same sequence exactly when they hold the same pieces on the
    /// same squares.
    #[inline]
    pub(crate) fn for_each_plane_word(&self, mut f: impl FnMut(u64)) {
        for w in 0..self.words().min(WORDS) {
            for side in &self.planes {
                for plane in side {
                    f(plane[w]);
                }
            }
        }
    }

    /// How many pieces of `color` and `kind` are on the board.
    pub fn count(&self, color: Color, kind: PieceKind) -> usize {
        self.pieces(color).filter(|&(_, k)| k == kind).count()
    }

    /// Total number of pieces (a shared square counts two).
    pub fn piece_count(&self) -> usize {
        Color::BOTH
            .into_iter()
            .flat_map(|c| (0..WORDS).map(move |w| (c, w)))
            .map(|(c, w)| self.occupied_word(c, w).count_ones() as usize)
            .sum()
    }

    /// Writes the four-bit `code` of side `c` on `sq` into the bit planes (0: no piece). A
    /// square beyond the planes' [`WORDS`] words is on no board and is not recorded.
    #[inline]
    fn set_planes(&mut self, c: usize, sq: Square, code: u8) {
        let (w, bit) = (sq.index() >> 6, 1u64 << (sq.index() & 63));
        if w >= WORDS {
            return;
        }
        for (b, plane) in self.planes[c].iter_mut().enumerate() {
            let set = 0u64.wrapping_sub(u64::from(code >> b & 1));
            plane[w] = (plane[w] & !bit) | (set & bit);
        }
    }

    /// Whether the board holds no piece.
    pub fn is_board_empty(&self) -> bool {
        self.piece_count() == 0
    }
}

/// The iterator behind [`Board::pieces`] and [`Board::non_pawns`]: the set bits of one
/// side's occupancy words.
struct Pieces<'a> {
    board: &'a Board,
    color: Color,
    /// All ones to skip pawns, else zero.
    skip_pawns: u64,
    /// The occupancy word being read.
    word: usize,
    /// Its squares not yet returned.
    bits: u64,
}

impl<'a> Pieces<'a> {
    #[inline]
    fn new(board: &'a Board, color: Color, skip_pawns: bool) -> Pieces<'a> {
        let skip_pawns = if skip_pawns { u64::MAX } else { 0 };
        Pieces {
            board,
            color,
            skip_pawns,
            word: 0,
            bits: board.word(color, 0, skip_pawns),
        }
    }
}

impl Board {
    /// How many occupancy words the shape uses (1 on 8×8, 3 on the Big Outer board).
    #[inline]
    pub(crate) fn words(&self) -> usize {
        self.shape.len().div_ceil(64)
    }

    /// Occupancy word `w` of `color` (`w` < [`WORDS`]): bit `i` set when `color` has a
    /// piece on square `w * 64 + i`.
    #[inline]
    pub(crate) fn occupied_word(&self, color: Color, w: usize) -> u64 {
        let p = &self.planes[color.index()];
        p[0][w] | p[1][w] | p[2][w] | p[3][w]
    }

    /// Pawn word `w` of `color` (a subset of [`Board::occupied_word`]).
    #[inline]
    pub(crate) fn pawn_word(&self, color: Color, w: usize) -> u64 {
        self.kind_word(color, PieceKind::Pawn, w)
    }

    /// Word `w` (< [`WORDS`]) of the squares holding `color`'s pieces of `kind`.
    #[inline]
    pub(crate) fn kind_word(&self, color: Color, kind: PieceKind, w: usize) -> u64 {
        let p = &self.planes[color.index()];
        let code = code(kind);
        let bit = |b: usize| {
            if code >> b & 1 != 0 {
                p[b][w]
            } else {
                !p[b][w]
            }
        };
        bit(0) & bit(1) & bit(2) & bit(3)
    }

    /// The four bit planes of `color`'s kind codes on the first 64 squares (the whole
    /// 8×8 board): plane `b` has a bit for each square whose code has bit `b` set.
    #[inline]
    pub(crate) fn planes64(&self, color: Color) -> [u64; 4] {
        let p = &self.planes[color.index()];
        [p[0][0], p[1][0], p[2][0], p[3][0]]
    }

    /// Occupancy word `w` of `color`, pawns masked out by `skip_pawns`.
    #[inline]
    fn word(&self, color: Color, w: usize, skip_pawns: u64) -> u64 {
        self.occupied_word(color, w) & !(self.pawn_word(color, w) & skip_pawns)
    }
}

/// The iterator behind [`Board::all_pieces`]: the set bits of both sides' occupancy words,
/// White's piece before Black's on a shared square.
struct AllPieces<'a> {
    board: &'a Board,
    /// The occupancy word being read.
    word: usize,
    /// Its squares not yet visited.
    bits: u64,
    /// Black's piece on the square whose White piece was just returned.
    pending: Option<(Square, Piece)>,
}

impl Iterator for AllPieces<'_> {
    type Item = (Square, Piece);

    #[inline]
    fn next(&mut self) -> Option<(Square, Piece)> {
        if let Some(p) = self.pending.take() {
            return Some(p);
        }
        loop {
            if self.bits != 0 {
                let sq = Square((self.word * 64 + self.bits.trailing_zeros() as usize) as u8);
                self.bits &= self.bits - 1;
                let black = self
                    .board
                    .kind(Color::Black, sq)
                    .map(|k| (sq, Piece::new(Color::Black, k)));
                return match self.board.kind(Color::White, sq) {
                    Some(k) => {
                        self.pending = black;
                        Some((sq, Piece::new(Color::White, k)))
                    }
                    None => black,
                };
            }
            self.word += 1;
            if self.word >= self.board.words().min(WORDS) {
                return None;
            }
            self.bits = self.board.occupied_word(Color::White, self.word)
                | self.board.occupied_word(Color::Black, self.word);
        }
    }
}

impl Iterator for Pieces<'_> {
    type Item = (Square, PieceKind);

    #[inline]
    fn next(&mut self) -> Option<(Square, PieceKind)> {
        loop {
            if self.bits != 0 {
                let sq = Square((self.word * 64 + self.bits.trailing_zeros() as usize) as u8);
                self.bits &= self.bits - 1;
                if let Some(k) = self.board.kind(self.color, sq) {
                    return Some((sq, k));
                }
                continue;
            }
            self.word += 1;
            if self.word >= self.board.words() {
                return None;
            }
            self.bits = self.board.word(self.color, self.word, self.skip_pawns);
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::rules::{Color, Piece, PieceKind, Position, Square, TurnModel, Variant};

    /// `all_pieces` as the square walk it replaces: every square of the shape in order,
    /// White's piece before Black's.
    fn walked(pos: &Position) -> Vec<(Square, Piece)> {
        let board = pos.board();
        board
            .shape()
            .squares()
            .flat_map(|s| {
                Color::BOTH
                    .into_iter()
                    .filter_map(move |c| board.kind(c, s).map(|k| (s, Piece::new(c, k))))
            })
            .collect()
    }

    #[test]
    fn all_pieces_walks_the_squares_in_order_on_every_board_and_after_moves() {
        for v in Variant::ALL {
            let mut pos = Position::new(v);
            // A few plies of each variant (the first legal move each time), so that
            // pieces leave their home squares, and the Big Outer board's upper words fill.
            for _ in 0..6 {
                let listed: Vec<_> = pos.board().all_pieces().collect();
                assert_eq!(listed, walked(&pos), "{v:?}: {}", pos.to_text());
                if v.turn_model() == TurnModel::Simultaneous {
                    let white = pos.legal_commits(Color::White);
                    let black = pos.legal_commits(Color::Black);
                    pos.resolve(&white[0], &black[0]).unwrap();
                } else {
                    let moves = pos.legal_moves();
                    pos.play(&moves[0]);
                }
            }
        }
    }

    #[test]
    fn all_pieces_lists_white_before_black_on_a_shared_square() {
        let mut pos =
            Position::from_text(Variant::Parity, "4k3/8/8/8/6P1/8/8/4K3 w - - 0 1 -/-").unwrap();
        let g4 = pos.board().shape().parse_square("g4").unwrap();
        pos.board_mut()
            .put(g4, Piece::new(Color::Black, PieceKind::Queen));
        let listed: Vec<_> = pos.board().all_pieces().collect();
        assert_eq!(listed, walked(&pos));
        let on_g4: Vec<_> = listed.iter().filter(|(s, _)| *s == g4).collect();
        assert_eq!(
            on_g4,
            [
                &(g4, Piece::new(Color::White, PieceKind::Pawn)),
                &(g4, Piece::new(Color::Black, PieceKind::Queen))
            ]
        );
        assert_eq!(listed.len(), 4);
    }

    #[test]
    fn repetition_key_tells_placements_apart_and_ignores_the_move_counters() {
        let v = Variant::Standard;
        let a = Position::from_text(v, "4k3/8/8/8/8/8/8/4K2R w K - 0 1").unwrap();
        let same = Position::from_text(v, "4k3/8/8/8/8/8/8/4K2R w K - 7 30").unwrap();
        let moved = Position::from_text(v, "4k3/8/8/8/8/8/7R/4K3 w - - 0 1").unwrap();
        let other_kind = Position::from_text(v, "4k3/8/8/8/8/8/8/4K2Q w - - 0 1").unwrap();
        let other_side = Position::from_text(v, "4k3/8/8/8/8/8/8/4K2r w - - 0 1").unwrap();
        let no_castling = Position::from_text(v, "4k3/8/8/8/8/8/8/4K2R w - - 0 1").unwrap();
        let black_to_move = Position::from_text(v, "4k3/8/8/8/8/8/8/4K2R b K - 0 1").unwrap();
        assert_eq!(a.repetition_key(), same.repetition_key());
        let keys = [
            &a,
            &moved,
            &other_kind,
            &other_side,
            &no_castling,
            &black_to_move,
        ]
        .map(|p| p.repetition_key());
        for i in 0..keys.len() {
            for j in 0..i {
                assert_ne!(keys[i], keys[j], "positions {i} and {j}");
            }
        }
    }
}
