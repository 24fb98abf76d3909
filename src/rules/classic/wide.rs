//! The bitboard legal move generator of classic chess on the 148-square Big Outer board
//! (`rules/big-outer.md §1–2`). Squares are bits of a set of four words ([`Wide`]: bit `i`
//! is square index `i`, the layout of the board's own bit planes; three words hold the
//! board). Every piece's reach is a set:
//!
//! - leaps (outer Knight, Guard, Jumper, by the zone of the square moved from, ruling B-3)
//!   are reverse tables: the squares from which each leaper lands on a square (a leap need
//!   not be reversible, so the forward tables would not do);
//! - the King's, Jumper's and Guard's single steps and the pawns' captures are step sets;
//! - a line piece on `s` reaches `sq` when the two share a rank, file or diagonal that the
//!   piece moves along, within its range (the Matriarch's depends on its zone), and the
//!   squares between them, the difference of two ray tables, are empty.
//!
//! Checks, pins and the squares that answer a check are found once per position from
//! these sets. Out of check, with no pinned piece and no capture en passant, every move a
//! piece's movement allows is legal, and the pieces are walked as the square-array
//! generator walks them; otherwise each piece's moves are kept when their destination is
//! in its mask (the check's answers, the pin's line). King moves are tested against the
//! enemy's reach with the King lifted; captures en passant, and castling (which must be
//! replayed on this board, ruling B-5), on a copy of the board.
//!
//! It gives the same moves in the same order as the square-array generator
//! ([`fast`](super::fast)), which stays as its reference in the tests: by origin square;
//! pawns' straight steps, then the diagonals; lines direction by direction in
//! [`Direction::ALL`] order, nearest square first; then leaps in table order; castling last.

use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, Not};
use std::sync::OnceLock;

use super::ClassicHooks;
use super::attacks::king_safe_after;
use super::fast::FixedMoves;
use super::movement::CaptureRule;
use super::pseudo::{Filtered, MoveCount, MoveSink, castling_moves, moves_of_piece_in};
use super::tables::{GenTables, LEAPERS, NO_SQUARE, PAIR_DIST, dir_list, leaper_index};
use crate::rules::board::Board;
use crate::rules::geometry::{BoardShape, Direction, Square};
use crate::rules::moves::{Move, Special};
use crate::rules::piece::{Color, PieceKind};
use crate::rules::position::{EnPassant, Position};

/// Squares of the Big Outer board.
const SQUARES: usize = 148;

/// Words of a [`Wide`]: three hold the board, the fourth (always empty) lets a square's
/// word be found with a mask.
const WORDS: usize = 4;

/// Rows of the per-square tables: one per `u8`, so that a square index masked to 8 bits
/// needs no bounds check. Rows past the board stay empty.
const ROWS: usize = 256;

/// A set of squares of the Big Outer board: bit `i % 64` of word `i / 64` for square index
/// `i` (the layout of the board's bit planes). Bits 148–255 are never set.
#[derive(Clone, Copy, Default, PartialEq, Eq, Debug)]
pub(crate) struct Wide(pub(crate) [u64; WORDS]);

impl Wide {
    /// No square.
    pub(crate) const EMPTY: Wide = Wide([0; WORDS]);
    /// Every square of the board.
    const ALL: Wide = Wide([u64::MAX, u64::MAX, (1 << (SQUARES - 128)) - 1, 0]);

    /// The set of one square (`sq` < 256).
    #[inline(always)]
    pub(crate) fn bit(sq: usize) -> Wide {
        let mut w = Wide::EMPTY;
        w.0[(sq >> 6) & 3] = 1 << (sq & 63);
        w
    }

    /// Whether `sq` is in the set.
    #[inline(always)]
    pub(crate) fn has(self, sq: usize) -> bool {
        self.0[(sq >> 6) & 3] >> (sq & 63) & 1 != 0
    }

    #[inline(always)]
    pub(crate) fn is_empty(self) -> bool {
        self.0[0] | self.0[1] | self.0[2] | self.0[3] == 0
    }

    /// The number of squares in the set.
    #[inline(always)]
    pub(crate) fn count(self) -> u32 {
        self.0.iter().map(|w| w.count_ones()).sum()
    }

    /// The lowest square index in the set.
    #[inline(always)]
    pub(crate) fn first(self) -> Option<usize> {
        for (w, &bits) in self.0.iter().enumerate() {
            if bits != 0 {
                return Some(w * 64 + bits.trailing_zeros() as usize);
            }
        }
        None
    }

    /// The square indices of the set, lowest first.
    #[inline(always)]
    pub(crate) fn squares(self) -> WideSquares {
        WideSquares { set: self, word: 0 }
    }

    /// The squares of `color`'s pieces of `kind` on `b`.
    #[inline(always)]
    fn of_kind(b: &Board, color: Color, kind: PieceKind) -> Wide {
        let k = |w| b.kind_word(color, kind, w);
        Wide([k(0), k(1), k(2), 0])
    }
}

/// The iterator of [`Wide::squares`].
pub(crate) struct WideSquares {
    set: Wide,
    word: usize,
}

impl Iterator for WideSquares {
    type Item = usize;

    #[inline(always)]
    fn next(&mut self) -> Option<usize> {
        while self.word < WORDS {
            let bits = &mut self.set.0[self.word & 3];
            if *bits != 0 {
                let i = bits.trailing_zeros() as usize;
                *bits &= *bits - 1;
                return Some(self.word * 64 + i);
            }
            self.word += 1;
        }
        None
    }
}

impl BitAnd for Wide {
    type Output = Wide;
    #[inline(always)]
    fn bitand(self, o: Wide) -> Wide {
        Wide(std::array::from_fn(|i| self.0[i] & o.0[i]))
    }
}

impl BitOr for Wide {
    type Output = Wide;
    #[inline(always)]
    fn bitor(self, o: Wide) -> Wide {
        Wide(std::array::from_fn(|i| self.0[i] | o.0[i]))
    }
}

impl Not for Wide {
    type Output = Wide;
    #[inline(always)]
    fn not(self) -> Wide {
        Wide(std::array::from_fn(|i| !self.0[i]))
    }
}

impl BitAndAssign for Wide {
    #[inline(always)]
    fn bitand_assign(&mut self, o: Wide) {
        *self = *self & o;
    }
}

impl BitOrAssign for Wide {
    #[inline(always)]
    fn bitor_assign(&mut self, o: Wide) {
        *self = *self | o;
    }
}

/// The movement of every piece kind on every square of the Big Outer board as sets.
struct WideTables {
    /// `ray[sq][d]`: the squares from `sq` in direction index `d` to the edge, `sq` not
    /// included.
    ray: Box<[[Wide; 8]; ROWS]>,
    /// `lines[sq]`: the squares on a rank, file or diagonal through `sq`.
    lines: Box<[Wide; ROWS]>,
    /// `leap_from[li][sq]`: the squares from which a `LEAPERS[li]` leaps onto `sq`.
    leap_from: Box<[[Wide; ROWS]; LEAPERS.len()]>,
    /// `leap_to[li][sq]`: the squares a `LEAPERS[li]` on `sq` leaps onto.
    leap_to: Box<[[Wide; ROWS]; LEAPERS.len()]>,
    /// `step[sq]`: the (up to eight) neighbours of `sq`.
    step: Box<[Wide; ROWS]>,
    /// `diagonal_step[sq]`: the diagonal neighbours of `sq`.
    diagonal_step: Box<[Wide; ROWS]>,
    /// `pawn_from[side][sq]`: the squares from which a pawn of `side` attacks `sq`.
    pawn_from: Box<[[Wide; ROWS]; 2]>,
}

impl WideTables {
    fn build() -> WideTables {
        let shape = BoardShape::BigOuter;
        let t = GenTables::of(shape);
        let mut ray = Box::new([[Wide::EMPTY; 8]; ROWS]);
        let mut lines = Box::new([Wide::EMPTY; ROWS]);
        let mut step = Box::new([Wide::EMPTY; ROWS]);
        let mut diagonal_step = Box::new([Wide::EMPTY; ROWS]);
        for sq in shape.squares() {
            let i = sq.index();
            for d in Direction::ALL {
                for (n, s) in shape.ray(sq, d).enumerate() {
                    ray[i][d.index()] |= Wide::bit(s.index());
                    lines[i] |= Wide::bit(s.index());
                    if n == 0 {
                        step[i] |= Wide::bit(s.index());
                        if !d.is_orthogonal() {
                            diagonal_step[i] |= Wide::bit(s.index());
                        }
                    }
                }
            }
        }
        let mut leap_from = Box::new([[Wide::EMPTY; ROWS]; LEAPERS.len()]);
        let mut leap_to = Box::new([[Wide::EMPTY; ROWS]; LEAPERS.len()]);
        for (li, kind) in LEAPERS.into_iter().enumerate() {
            for sq in shape.squares() {
                for &to in t.leap_targets(kind, sq) {
                    leap_from[li][to.index()] |= Wide::bit(sq.index());
                    leap_to[li][sq.index()] |= Wide::bit(to.index());
                }
            }
        }
        let mut pawn_from = Box::new([[Wide::EMPTY; ROWS]; 2]);
        for side in Color::BOTH {
            for sq in shape.squares() {
                for s in t.pawn_from[side.index()][sq.index()] {
                    if s != NO_SQUARE {
                        pawn_from[side.index()][sq.index()] |= Wide::bit(s as usize);
                    }
                }
            }
        }
        WideTables {
            ray,
            lines,
            leap_from,
            leap_to,
            step,
            diagonal_step,
            pawn_from,
        }
    }

    #[inline(always)]
    fn get() -> &'static WideTables {
        static TABLES: OnceLock<WideTables> = OnceLock::new();
        TABLES.get_or_init(WideTables::build)
    }
}

/// One side's pieces as sets.
struct WideSide {
    all: Wide,
    /// `kinds[kind as usize]`.
    kinds: [Wide; 10],
    /// Pieces that move along ranks and files without a range of one: Queen, Rook,
    /// Matriarch.
    orthogonal: Wide,
    /// Along diagonals: Queen, Bishop, Matriarch.
    diagonal: Wide,
}

impl WideSide {
    #[inline(always)]
    fn of(b: &Board, color: Color) -> WideSide {
        let kinds = PieceKind::ALL.map(|kind| Wide::of_kind(b, color, kind));
        let o = |w| b.occupied_word(color, w);
        let all = Wide([o(0), o(1), o(2), 0]);
        let k = |kind: PieceKind| kinds[kind as usize];
        WideSide {
            all,
            orthogonal: k(PieceKind::Queen) | k(PieceKind::Rook) | k(PieceKind::Matriarch),
            diagonal: k(PieceKind::Queen) | k(PieceKind::Bishop) | k(PieceKind::Matriarch),
            kinds,
        }
    }

    #[inline(always)]
    fn kind(&self, kind: PieceKind) -> Wide {
        self.kinds[kind as usize]
    }
}

/// What the generator knows about one position.
struct Gen<'a> {
    w: &'static WideTables,
    t: &'static GenTables,
    pos: &'a Position,
    us: Color,
    theirs: WideSide,
    occ: Wide,
    king: usize,
    /// The empty squares.
    empty: Wide,
    /// The squares every kind of ours may move to where the capture rule does not depend on
    /// the kinds (any or no capture).
    same_targets: Option<Wide>,
    /// The capture rule of the variant.
    rule: CaptureRule,
    promotions: &'static [PieceKind],
    /// The enemy pawn our pawns may take en passant.
    ep: Option<&'a EnPassant>,
}

impl Gen<'_> {
    /// The squares our `kind` may move to: empty ones and the enemy pieces the capture rule
    /// lets it take.
    #[inline(always)]
    fn targets(&self, kind: PieceKind) -> Wide {
        if let Some(t) = self.same_targets {
            return t;
        }
        self.empty
            | match self.rule {
                CaptureRule::Any => self.theirs.all,
                CaptureRule::Never => Wide::EMPTY,
                CaptureRule::ByValue => PieceKind::ALL
                    .into_iter()
                    .filter(|&victim| self.rule.allows(kind, victim))
                    .fold(Wide::EMPTY, |m, victim| m | self.theirs.kind(victim)),
            }
    }

    /// Where the enemy piece on `s` moves along a line onto `sq` on an empty board (a
    /// Queen, Rook or Bishop along its lines, a Matriarch within its zone's range): the
    /// squares between the two; `None` where it does not.
    #[inline(always)]
    fn slider_line(&self, s: usize, sq: usize) -> Option<Wide> {
        let p = self.t.pair(Square(s as u8), Square(sq as u8));
        let dist = (p & PAIR_DIST) as u8;
        if dist == 0 {
            return None;
        }
        let d = (p >> 4) as usize & 7;
        let sliders = if d < 4 {
            self.theirs.orthogonal
        } else {
            self.theirs.diagonal
        };
        // A Matriarch's range is that of its zone (6 squares from the mid zone, 3 from the
        // central one, unlimited from the outer zone).
        let matriarch_range = self.t.mobility[PieceKind::Matriarch as usize][s & 255].range;
        if !sliders.has(s)
            || (self.theirs.kind(PieceKind::Matriarch).has(s) && dist > matriarch_range)
        {
            return None;
        }
        let w = self.w;
        Some(w.ray[s & 255][d] & !w.ray[sq & 255][d] & !Wide::bit(sq))
    }

    /// The enemy pieces that reach `sq` by a pawn's capture, a single step or a leap: those
    /// no piece between can stop.
    #[inline(always)]
    fn near_attackers(&self, sq: usize) -> Wide {
        let (w, th) = (self.w, &self.theirs);
        let i = sq & 255;
        let mut near = (w.pawn_from[self.us.other().index()][i] & th.kind(PieceKind::Pawn))
            | (w.step[i] & (th.kind(PieceKind::King) | th.kind(PieceKind::Jumper)))
            | (w.diagonal_step[i] & th.kind(PieceKind::Guard));
        for (li, kind) in LEAPERS.into_iter().enumerate() {
            near |= w.leap_from[li][i] & th.kind(kind);
        }
        near
    }

    /// Whether `sq` is attacked by the enemy with `occ` occupied.
    #[inline(always)]
    fn attacked(&self, sq: usize, occ: Wide) -> bool {
        let (w, th) = (self.w, &self.theirs);
        let i = sq & 255;
        if !self.near_attackers(i).is_empty() {
            return true;
        }
        let candidates = (th.orthogonal | th.diagonal) & w.lines[i];
        for s in candidates.squares() {
            if let Some(between) = self.slider_line(s, i)
                && (between & occ).is_empty()
            {
                return true;
            }
        }
        false
    }

    /// Pushes a pawn move, once per promotion kind onto the last rank.
    #[inline(always)]
    fn push_pawn(&self, from: usize, to: usize, special: Special, out: &mut impl MoveSink) {
        let promotes = self.t.promotes[self.us.index()][to & 255];
        super::legal64::push_pawn_move(promotes, self.promotions, from, to, special, out);
    }

    /// The moves of our pawn on `from` whose destination is in `allowed`, and its captures
    /// en passant that leave the King safe (tested on a copy of the board).
    #[inline(always)]
    fn pawn_moves(&self, from: usize, allowed: Wide, out: &mut impl MoveSink) {
        let c = self.us.index();
        let b = &self.pos.board;
        for to in self.t.pawn_push[c][from & 255] {
            if to == NO_SQUARE || !b.is_empty(Square(to)) {
                break;
            }
            if allowed.has(to as usize) {
                self.push_pawn(from, to as usize, Special::Normal, out);
            }
        }
        let captures = self.targets(PieceKind::Pawn) & self.theirs.all & allowed;
        for to in self.t.pawn_to[c][from & 255] {
            if to == NO_SQUARE {
                continue;
            }
            let to_i = to as usize;
            if b.has(self.us.other(), Square(to)) {
                if captures.has(to_i) {
                    self.push_pawn(from, to_i, Special::Normal, out);
                }
            } else if let Some(ep) = self.ep
                && b.is_empty(Square(to))
                && ep.squares().any(|s| s.0 == to)
                && self.theirs.kind(PieceKind::Pawn).has(ep.pawn.index())
                && self.rule.allows(PieceKind::Pawn, PieceKind::Pawn)
            {
                let special = Special::EnPassant { captured: ep.pawn };
                let mv = Move {
                    from: Square(from as u8),
                    to: Square(to),
                    promotion: None,
                    special,
                };
                if king_safe_after(self.pos, self.us, &mv) {
                    self.push_pawn(from, to_i, special, out);
                }
            }
        }
    }

    /// The moves of our piece on `from`: with `free` (no check, no pin) every move its
    /// movement allows; else those onto `check_mask` and, for a pinned piece, onto its line
    /// (from `pins`: each pinned piece with the squares from the King to its pinner).
    #[inline(always)]
    fn piece<O: MoveSink>(
        &self,
        from: usize,
        free: bool,
        check_mask: Wide,
        pinned: Wide,
        pins: &[(usize, Wide)],
        out: &mut O,
    ) {
        let Some(kind) = self.pos.board.kind(self.us, Square(from as u8)) else {
            return;
        };
        if kind == PieceKind::King {
            self.king_moves(out);
            return;
        }
        if free && O::COUNTS && leaper_index(kind).is_some() {
            // Every move the piece's movement allows is legal, and only their number is
            // asked: the leaps counted from the sets.
            self.piece_moves(from, kind, Wide::ALL, out);
            return;
        }
        if free {
            // Out of check, with no pin and no capture en passant, every move the piece's
            // movement allows is legal: the square-array walk, which lists it in order.
            moves_of_piece_in::<false>(
                self.t,
                self.pos,
                self.rule,
                self.promotions,
                Square(from as u8),
                self.us,
                kind,
                out,
            );
            return;
        }
        let allowed = if pinned.has(from) {
            let line = pins
                .iter()
                .find(|&&(s, _)| s == from)
                .map_or(Wide::EMPTY, |&(_, line)| line);
            check_mask & line
        } else {
            check_mask
        };
        if kind == PieceKind::Pawn {
            // En passant is tested on a copy whatever the mask says (the pawn it takes may
            // be the checker, and it does not land on the checker's square).
            self.pawn_moves(from, allowed, out);
        } else if !allowed.is_empty() {
            self.piece_moves(from, kind, allowed, out);
        }
    }

    /// The King's steps onto squares the enemy does not attack once the King has left its
    /// square, in direction order.
    #[inline(always)]
    fn king_moves(&self, out: &mut impl MoveSink) {
        let to = self.w.step[self.king & 255] & self.targets(PieceKind::King);
        if to.is_empty() {
            return;
        }
        let occ = self.occ & !Wide::bit(self.king);
        for s in self.t.step[self.king & 255] {
            if s != NO_SQUARE && to.has(s as usize) && !self.attacked(s as usize, occ) {
                out.push(Move::new(Square(self.king as u8), Square(s)));
            }
        }
    }

    /// The moves of our `kind` (not a pawn, not the King) on `from` onto `allowed`: lines
    /// direction by direction, then leaps. A counting sink gets the number of leaps from
    /// the sets.
    #[inline(always)]
    fn piece_moves<O: MoveSink>(&self, from: usize, kind: PieceKind, allowed: Wide, out: &mut O) {
        let t = self.t;
        let i = from & 255;
        let m = t.mobility[kind as usize][i];
        let to = self.targets(kind) & allowed;
        if m.range == 1 {
            // Guard and Jumper: one step along their lines.
            for &d in dir_list(m.dirs) {
                let s = t.step[i][d & 7];
                if s != NO_SQUARE && to.has(s as usize) {
                    out.push(Move::new(Square(from as u8), Square(s)));
                }
            }
        } else {
            // Along each line up to the first piece, nearest square first (the order of
            // the moves); the Matriarch no farther than its zone's range.
            let b = &self.pos.board;
            for &d in dir_list(m.dirs) {
                let d = d & 7;
                let mut s = t.step[i][d];
                let mut left = m.range;
                while s != NO_SQUARE && left > 0 {
                    if to.has(s as usize) {
                        out.push(Move::new(Square(from as u8), Square(s)));
                    }
                    if !b.is_empty(Square(s)) {
                        break;
                    }
                    s = t.step[s as usize][d];
                    left -= 1;
                }
            }
        }
        if O::COUNTS
            && m.leap != 0
            && let Some(li) = leaper_index(kind)
        {
            out.add((self.w.leap_to[li][i] & to).count());
        } else if m.leap != 0 {
            for &s in t.leap_targets(kind, Square(from as u8)) {
                if to.has(s.index()) {
                    out.push(Move::new(Square(from as u8), s));
                }
            }
        }
    }
}

/// The legal moves of the side to move under classic rules on the Big Outer board, pushed
/// onto `out`; returns false, pushing nothing, where this generator does not apply (another
/// board shape, a square held by both sides, or not exactly one King of the side to move),
/// and the caller uses the square-array generator.
pub(crate) fn legal_moves<R: ClassicHooks + ?Sized>(
    rules: &R,
    pos: &Position,
    out: &mut Vec<Move>,
) -> bool {
    FixedMoves::generate_into(
        out,
        |f| generate(rules, pos, f),
        |v| generate(rules, pos, v),
    )
}

/// The number of moves [`legal_moves`] gives, counted from the sets where every move of a
/// piece is legal; `None` where the generator does not apply.
pub(crate) fn legal_move_count<R: ClassicHooks + ?Sized>(rules: &R, pos: &Position) -> Option<u64> {
    MoveCount::of(|count| generate(rules, pos, count))
}

/// [`legal_moves`] into any move sink, under the variant's capture rule, promotion kinds
/// and castling (`rules`).
#[inline(always)]
fn generate<R: ClassicHooks + ?Sized, O: MoveSink>(rules: &R, pos: &Position, out: &mut O) -> bool {
    if pos.shape() != BoardShape::BigOuter {
        return false;
    }
    let us = pos.turn;
    let b = &pos.board;
    let o = |w| b.occupied_word(us, w);
    let ours = Wide([o(0), o(1), o(2), 0]);
    let theirs = WideSide::of(b, us.other());
    let our_kings = Wide::of_kind(b, us, PieceKind::King);
    if our_kings.count() != 1 || !(ours & theirs.all).is_empty() {
        return false;
    }
    let w = WideTables::get();
    let t = GenTables::of(BoardShape::BigOuter);
    let occ = ours | theirs.all;
    let Some(king) = our_kings.first() else {
        return false;
    };
    let k = king & 255;
    let empty = Wide::ALL & !occ;
    let rule = rules.capture_rule();
    let same_targets = match rule {
        CaptureRule::Any => Some(empty | theirs.all),
        CaptureRule::Never => Some(empty),
        CaptureRule::ByValue => None,
    };
    let g = Gen {
        w,
        t,
        pos,
        us,
        theirs,
        occ,
        king,
        empty,
        same_targets,
        rule,
        promotions: rules.promotion_kinds(),
        ep: pos.ep[us.other().index()].as_ref(),
    };
    // Checks by pawns, leaps and single steps: the checker's square alone answers them.
    let mut checkers = g.near_attackers(k);
    // Lines to the King: an enemy piece whose line reaches the King checks when nothing
    // stands between (the squares between answer it), and pins our piece when that is the
    // only one between.
    let mut blocks = Wide::EMPTY;
    let mut pinned = Wide::EMPTY;
    let mut pins = [(usize::MAX, Wide::EMPTY); 8];
    let mut n_pins = 0;
    let candidates = (g.theirs.orthogonal | g.theirs.diagonal) & w.lines[k];
    for s in candidates.squares() {
        let Some(between) = g.slider_line(s, k) else {
            continue;
        };
        let pieces = between & occ;
        match pieces.count() {
            0 => {
                checkers |= Wide::bit(s);
                blocks |= between;
            }
            1 if !(pieces & ours).is_empty() && n_pins < pins.len() => {
                pinned |= pieces;
                pins[n_pins] = (pieces.first().unwrap_or(usize::MAX), between | Wide::bit(s));
                n_pins += 1;
            }
            _ => {}
        }
    }
    let check_mask = match checkers.count() {
        0 => Wide::ALL,
        1 => checkers | blocks,
        _ => Wide::EMPTY,
    };
    let free = checkers.is_empty() && pinned.is_empty() && g.ep.is_none();
    for (word, &bits) in ours.0.iter().enumerate() {
        let mut bits = bits;
        while bits != 0 {
            let from = word * 64 + bits.trailing_zeros() as usize;
            bits &= bits - 1;
            g.piece(from, free, check_mask, pinned, &pins[..n_pins], out);
        }
    }
    if checkers.is_empty() && pos.castling != 0 && rules.has_castling() {
        // The King's own square is safe (no check); the move is then replayed on a copy,
        // since lines along the back rank change (ruling B-5, `castle_needs_recheck`).
        let mut kept = Filtered::new(out, |mv: &Move| {
            !t.castle_recheck || king_safe_after(pos, us, mv)
        });
        castling_moves(rules, pos, us, &mut kept, |sq| {
            sq.index() != king && g.attacked(sq.index(), occ)
        });
    }
    true
}
