//! Bitboard building blocks for the variants' own generators on the 8×8 board (Intrachange's
//! teleports, Force Field's fields): each side's pieces as sets ([`Side`]), the attack sets
//! of the standard pieces, and the moves of a set of destinations pushed in the order of the
//! square-array generator, so a variant's bitboard generator gives the same list, in the same
//! order, as its reference. Sets are `u64`, bit `i` for square index `i` (a1 = 0 … h8 = 63,
//! see [`bitboard`](super::bitboard)).

use super::bitboard::Attacks64;
use super::pseudo::MoveSink;
use super::tables::{GenTables, MAX_PAWN_STEPS, NO_SQUARE};
use crate::rules::board::Board;
use crate::rules::geometry::{BoardShape, Square};
use crate::rules::moves::{Move, Special};
use crate::rules::piece::{Color, PieceKind};
use crate::rules::position::Position;

pub(crate) use super::legal64::{Side, squares};
pub(crate) use super::tables::NO_SQUARE as NONE;

/// The directions of each line piece (indices in
/// [`Direction::ALL`](crate::rules::geometry::Direction::ALL)).
const ROOK_DIRS: [usize; 4] = [0, 1, 2, 3];
const BISHOP_DIRS: [usize; 4] = [4, 5, 6, 7];
const QUEEN_DIRS: [usize; 8] = [0, 1, 2, 3, 4, 5, 6, 7];

/// The pieces of both sides of an 8×8 position as sets, seen from the side `us`.
#[derive(Clone, Copy)]
pub(crate) struct Sides {
    /// The side whose moves are generated.
    pub(crate) us: Color,
    pub(crate) ours: Side,
    pub(crate) theirs: Side,
    /// Every occupied square.
    pub(crate) occ: u64,
}

impl Sides {
    /// The sets of `pos` for `us`, or `None` where they do not describe it: another board
    /// shape, a kind beyond the standard six, or a square held by both sides.
    #[inline]
    pub(crate) fn of(pos: &Position, us: Color) -> Option<Sides> {
        Sides::of_board(&pos.board, us)
    }

    /// [`Sides::of`] for a bare placement.
    #[inline]
    pub(crate) fn of_board(b: &Board, us: Color) -> Option<Sides> {
        if b.shape() != BoardShape::Standard {
            return None;
        }
        let ours = Side::of(b.planes64(us))?;
        let theirs = Side::of(b.planes64(us.other()))?;
        (ours.all & theirs.all == 0).then_some(Sides {
            us,
            ours,
            theirs,
            occ: ours.all | theirs.all,
        })
    }
}

/// The attack tables and the generator's square lists of the 8×8 board.
#[derive(Clone, Copy)]
pub(crate) struct Kit {
    /// The attack sets.
    pub(crate) a: &'static Attacks64,
    t: &'static GenTables,
}

impl Kit {
    /// The tables, built on first use.
    #[inline]
    pub(crate) fn get() -> Kit {
        Kit {
            a: Attacks64::get(),
            t: GenTables::of(BoardShape::Standard),
        }
    }

    /// The squares a piece of a standard kind other than the pawn on `from` (< 64) attacks
    /// with `occ` occupied; none for a pawn or a kind beyond the six.
    #[inline(always)]
    pub(crate) fn attacks(&self, kind: PieceKind, from: usize, occ: u64) -> u64 {
        let a = self.a;
        match kind {
            PieceKind::Knight => a.knight[from & 63],
            PieceKind::Bishop => a.bishop(from, occ),
            PieceKind::Rook => a.rook(from, occ),
            PieceKind::Queen => a.rook(from, occ) | a.bishop(from, occ),
            PieceKind::King => a.king[from & 63],
            PieceKind::Pawn
            | PieceKind::Guard
            | PieceKind::Matriarch
            | PieceKind::Jumper
            | PieceKind::OuterKnight => 0,
        }
    }

    /// Pushes the moves of our `kind` (Knight, Bishop, Rook, Queen or King) on `from` onto
    /// the squares of `to`, in the square-array generator's order: lines direction by
    /// direction in [`Direction::ALL`](crate::rules::geometry::Direction::ALL) order,
    /// nearest square first; Knight leaps in [`KNIGHT_LEAPS`](super::KNIGHT_LEAPS) order;
    /// King steps in direction order. Squares of `to` the kind cannot reach from `from` are
    /// not pushed; a counting sink counts every square of `to` (so the caller passes only
    /// squares the kind reaches).
    #[inline(always)]
    pub(crate) fn push<O: MoveSink>(&self, kind: PieceKind, from: usize, to: u64, out: &mut O) {
        if to == 0 {
            return;
        }
        if O::COUNTS {
            out.add(to.count_ones());
            return;
        }
        let from_sq = Square(from as u8);
        match kind {
            PieceKind::Bishop => self.push_lines(from, to, &BISHOP_DIRS, out),
            PieceKind::Rook => self.push_lines(from, to, &ROOK_DIRS, out),
            PieceKind::Queen => self.push_lines(from, to, &QUEEN_DIRS, out),
            PieceKind::Knight => {
                for &s in self.t.leap_targets(PieceKind::Knight, from_sq) {
                    if to >> (s.index() & 63) & 1 != 0 {
                        out.push(Move::new(from_sq, s));
                    }
                }
            }
            PieceKind::King => {
                for s in self.t.step[from & 63] {
                    if s != NO_SQUARE && to >> (s & 63) & 1 != 0 {
                        out.push(Move::new(from_sq, Square(s)));
                    }
                }
            }
            PieceKind::Pawn
            | PieceKind::Guard
            | PieceKind::Matriarch
            | PieceKind::Jumper
            | PieceKind::OuterKnight => {}
        }
    }

    /// Pushes the moves from `from` onto the squares of `to`, ray by ray in the order of
    /// `dirs`, nearest square first.
    #[inline(always)]
    fn push_lines(&self, from: usize, to: u64, dirs: &[usize], out: &mut impl MoveSink) {
        self.a.push_lines(from, to, dirs, out);
    }

    /// Pushes the pawn move `from` → `to` of `side` (square indices), once per kind of
    /// `promotions` onto the last rank, else once.
    #[inline(always)]
    pub(crate) fn push_pawn(
        &self,
        side: Color,
        promotions: &[PieceKind],
        from: usize,
        to: usize,
        special: Special,
        out: &mut impl MoveSink,
    ) {
        super::legal64::push_pawn_move(self.promotes(side, to), promotions, from, to, special, out);
    }

    /// The squares a pawn of `side` on `from` steps to straight ahead, nearest first, up to
    /// [`NO_SQUARE`] (two from its start rank, else one).
    #[inline(always)]
    pub(crate) fn pawn_pushes(&self, side: Color, from: usize) -> [u8; MAX_PAWN_STEPS] {
        self.t.pawn_push[side.index()][from & 63]
    }

    /// The squares a pawn of `side` on `from` captures on, file − 1 first, [`NO_SQUARE`]
    /// off the board.
    #[inline(always)]
    pub(crate) fn pawn_captures(&self, side: Color, from: usize) -> [u8; 2] {
        self.t.pawn_to[side.index()][from & 63]
    }

    /// Whether a pawn of `side` promotes on reaching square index `to`.
    #[inline(always)]
    pub(crate) fn promotes(&self, side: Color, to: usize) -> bool {
        self.t.promotes[side.index()][to & 63]
    }
}

/// The square one step forward of each square of `set` for `side` (off the board dropped).
#[inline(always)]
pub(crate) fn forward(side: Color, set: u64) -> u64 {
    match side {
        Color::White => set << 8,
        Color::Black => set >> 8,
    }
}

/// The squares of `side`'s own 2nd rank (where a pawn may step two).
#[inline(always)]
pub(crate) fn second_rank(side: Color) -> u64 {
    match side {
        Color::White => 0xff << 8,
        Color::Black => 0xff << 48,
    }
}
