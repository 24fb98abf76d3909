//! Force Field on bitboards: the charge map and the legal moves of `rules/force-field.md`
//! with sets of squares (`classic::masks`).
//!
//! - **Fields (§1–2).** Each piece's field is one set: a slider's attack set with the board's
//!   occupancy, less the occupied squares; a Knight's leap squares and both routes to each
//!   (ruling F-5: on-board leaps only), a pawn's step(s) and forward diagonals, each less
//!   the occupied squares. Charges are summed per square of those sets; the squares each
//!   side holds are the empty ones with a charge in its favour.
//! - **Moves (§3).** With `held` the squares the enemy holds, a line piece's or pawn's
//!   path and destination must avoid `held`: a slider's destinations are its attack set
//!   with `held` counted as blockers, less `held`. A Knight's destination must not be held
//!   and at least one of its two routes must be free of held squares. The King ignores
//!   fields (ruling F-2).
//! - **Legality (§4).** Field attacks are classic attacks less the ones a field cuts, so a
//!   move that leaves the King safe from classic attacks is legal: the classic check and
//!   pin sets decide most moves at once. Only the others (moves of a pinned piece off its
//!   line, moves that do not answer a check, King steps onto classically attacked squares,
//!   en passant and castling) are played on a copy of the board and tested with the fields
//!   recomputed, as the square-array generator tests every move. Under ruling F-4
//!   (`classic_check`) those are simply illegal.
//!
//! The square-array generator (`legal_moves_reference` in `mod.rs`) and the square-walking
//! charge map (`fields::net_charges_reference`) stay as references: the tests compare them
//! with these, move for move and square for square, over random games.

use std::sync::OnceLock;

use super::fields::{FIELD_SQUARES, field_strength};
use crate::rules::board::Board;
use crate::rules::classic::masks::{Kit, NONE, Sides, forward, second_rank, squares};
use crate::rules::classic::{self, CaptureRule, Filtered, KNIGHT_LEAPS, MoveCount, MoveSink};
use crate::rules::geometry::Square;
use crate::rules::moves::{Move, Special};
use crate::rules::piece::{Color, PieceKind};
use crate::rules::position::Position;

/// A Knight's field squares and routes on the 8×8 board, built once.
struct KnightTables {
    /// `field[from]`: every on-board leap destination and the squares of both routes to
    /// each (§1, ruling F-5).
    field: [u64; 64],
    /// `routes[from][to]`: the squares of the two routes of the leap `from` → `to`, the
    /// long leg first, then the short leg first (`fields::knight_routes`); none for a pair
    /// that is not a Knight's leap.
    routes: Box<[[[u64; 2]; 64]; 64]>,
}

fn knight_tables() -> &'static KnightTables {
    static TABLES: OnceLock<KnightTables> = OnceLock::new();
    TABLES.get_or_init(|| {
        let at = |f: i8, r: i8| {
            ((0..8).contains(&f) && (0..8).contains(&r)).then(|| 1u64 << (r * 8 + f))
        };
        let mut t = KnightTables {
            field: [0; 64],
            routes: Box::new([[[0; 2]; 64]; 64]),
        };
        for from in 0..64i8 {
            let (f, r) = (from % 8, from / 8);
            for (df, dr) in KNIGHT_LEAPS {
                let Some(dest) = at(f + df, r + dr) else {
                    continue;
                };
                let (sf, sr) = (df.signum(), dr.signum());
                let legs = if df.abs() == 1 {
                    [[(0, sr), (0, 2 * sr)], [(df, 0), (df, sr)]]
                } else {
                    [[(sf, 0), (2 * sf, 0)], [(0, dr), (sf, dr)]]
                };
                let routes = legs.map(|route| {
                    route
                        .iter()
                        .filter_map(|&(lf, lr)| at(f + lf, r + lr))
                        .fold(0, |m, s| m | s)
                });
                t.field[from as usize] |= dest | routes[0] | routes[1];
                t.routes[from as usize][dest.trailing_zeros() as usize] = routes;
            }
        }
        t
    })
}

/// The net charge of every square (§2, positive for White), by square index; `None` where
/// the sets do not describe the board (another shape, a kind beyond the six, a shared
/// square). Occupied squares carry none.
pub(super) fn net_charges(board: &Board) -> Option<[i32; FIELD_SQUARES]> {
    let s = Sides::of_board(board, Color::White)?;
    let kit = Kit::get();
    let knights = knight_tables();
    let empty = !s.occ;
    let mut net = [0i32; FIELD_SQUARES];
    for (side, pieces) in [(Color::White, &s.ours), (Color::Black, &s.theirs)] {
        let sign = match side {
            Color::White => 1,
            Color::Black => -1,
        };
        let pawns = pieces.pawns;
        for from in squares(pieces.all & !pieces.kings) {
            let bit = 1u64 << from;
            let (field, kind) = if pawns & bit != 0 {
                let one = forward(side, bit) & empty;
                let two = forward(side, one & forward(side, second_rank(side) & bit));
                (
                    (one | two | kit.a.pawn[side.index()][from]) & empty,
                    PieceKind::Pawn,
                )
            } else if pieces.knights & bit != 0 {
                (knights.field[from] & empty, PieceKind::Knight)
            } else {
                let kind = match (pieces.diagonal & bit != 0, pieces.orthogonal & bit != 0) {
                    (true, true) => PieceKind::Queen,
                    (true, false) => PieceKind::Bishop,
                    _ => PieceKind::Rook,
                };
                (kit.attacks(kind, from, s.occ) & empty, kind)
            };
            let charge = sign * field_strength(kind).unwrap_or(0);
            for sq in squares(field) {
                net[sq] += charge;
            }
        }
    }
    Some(net)
}

/// Bits of a per-square charge counter: one side's charge on a square is at most 320 (64
/// pieces of strength 5 at most on the 64 squares), below 2⁹.
const COUNTER_BITS: usize = 9;

/// A charge per square as bit planes: bit `i` of `planes[k]` is bit `k` of square `i`'s
/// charge.
#[derive(Clone, Copy, Default)]
struct Counter {
    planes: [u64; COUNTER_BITS],
}

impl Counter {
    /// Adds `strength` (1–5) to every square of `set`.
    #[inline(always)]
    fn add(&mut self, set: u64, strength: u32) {
        for j in 0..3 {
            if strength >> j & 1 == 0 {
                continue;
            }
            let mut carry = set;
            for plane in &mut self.planes[j..] {
                let next = *plane & carry;
                *plane ^= carry;
                carry = next;
                if carry == 0 {
                    break;
                }
            }
        }
    }

    /// The squares where this charge exceeds `other`'s.
    #[inline(always)]
    fn greater(&self, other: &Counter) -> u64 {
        let (mut gt, mut eq) = (0u64, u64::MAX);
        for k in (0..COUNTER_BITS).rev() {
            let (a, b) = (self.planes[k], other.planes[k]);
            gt |= eq & a & !b;
            eq &= !(a ^ b);
        }
        gt
    }
}

/// The squares each side holds (`Color::index`): the empty squares whose net charge favours
/// it (§2), from per-side charges summed as bit planes ([`Counter`]), pawns' fields as whole
/// sets. `None` where the sets do not describe the board (see [`net_charges`]).
pub(super) fn held(board: &Board) -> Option<[u64; 2]> {
    Sides::of_board(board, Color::White).map(|s| held_of(&s))
}

/// [`held`] from the sets of the board, seen from either side: from four-bit counters
/// ([`SmallCounter`]) where no charge reaches 16, else from exact ones ([`held_exact`]).
#[inline]
fn held_of(s: &Sides) -> [u64; 2] {
    held_small(s).unwrap_or_else(|| held_exact(s))
}

/// A charge per square below 16 as four bit planes held in registers, with the squares whose
/// charge overflowed them.
#[derive(Clone, Copy, Default)]
struct SmallCounter {
    planes: [u64; 4],
    overflow: u64,
}

impl SmallCounter {
    /// Adds `1 << BIT` to every square of `set`.
    #[inline(always)]
    fn add<const BIT: usize>(&mut self, set: u64) {
        let mut carry = set;
        for plane in &mut self.planes[BIT..] {
            let next = *plane & carry;
            *plane ^= carry;
            carry = next;
        }
        self.overflow |= carry;
    }

    /// A counter holding the number of the four sets covering each square (at most 4).
    #[inline(always)]
    fn of_four([a, b, c, d]: [u64; 4]) -> SmallCounter {
        let (sum, carry) = (a ^ b ^ c, (a & b) | (c & (a ^ b)));
        let (ones, carry2) = (sum ^ d, sum & d);
        SmallCounter {
            planes: [ones, carry ^ carry2, carry & carry2, 0],
            overflow: 0,
        }
    }

    /// The squares where this charge exceeds `other`'s.
    #[inline(always)]
    fn greater(&self, other: &SmallCounter) -> u64 {
        let (mut gt, mut eq) = (0u64, u64::MAX);
        for k in (0..4).rev() {
            let (a, b) = (self.planes[k], other.planes[k]);
            gt |= eq & a & !b;
            eq &= !(a ^ b);
        }
        gt
    }
}

/// [`held`] from four-bit counters only: `None` where a side's charge on a square reaches
/// 16 (the case [`held`] sends to the exact counters).
#[cfg(test)]
pub(super) fn held_four_bit(board: &Board) -> Option<[u64; 2]> {
    held_small(&Sides::of_board(board, Color::White)?)
}

/// [`held_of`] with four-bit counters; `None` where a side's charge on a square reaches 16.
#[inline(always)]
fn held_small(s: &Sides) -> Option<[u64; 2]> {
    let a = Kit::get().a;
    let knights = knight_tables();
    let empty = !s.occ;
    let mut charge = [SmallCounter::default(); 2];
    for (side, pieces) in [(s.us, &s.ours), (s.us.other(), &s.theirs)] {
        let pawns = pieces.pawns;
        let one = forward(side, pawns) & empty;
        let two = forward(side, one & forward(side, second_rank(side) & pawns)) & empty;
        let ahead = forward(side, pawns);
        let west = ahead >> 1 & !0x8080_8080_8080_8080;
        let east = ahead << 1 & !0x0101_0101_0101_0101;
        let mut c = SmallCounter::of_four([one, two, west & empty, east & empty]);
        // Strengths by kind (`field_strength`): Knight 2, Bishop 3, Rook 4, Queen 5.
        for from in squares(pieces.knights) {
            c.add::<1>(knights.field[from] & empty);
        }
        let queens = pieces.diagonal & pieces.orthogonal;
        for from in squares(pieces.diagonal) {
            let set = a.bishop(from, s.occ) & empty;
            c.add::<0>(set);
            if queens >> from & 1 == 0 {
                c.add::<1>(set);
            } else {
                c.add::<2>(set);
            }
        }
        for from in squares(pieces.orthogonal & !queens) {
            c.add::<2>(a.rook(from, s.occ) & empty);
        }
        for from in squares(queens) {
            let set = a.rook(from, s.occ) & empty;
            c.add::<0>(set);
            c.add::<2>(set);
        }
        charge[side.index()] = c;
    }
    let [white, black] = charge;
    (white.overflow | black.overflow == 0)
        .then(|| [white.greater(&black) & empty, black.greater(&white) & empty])
}

/// [`held_of`] with counters wide enough for any board.
fn held_exact(s: &Sides) -> [u64; 2] {
    let kit = Kit::get();
    let knights = knight_tables();
    let empty = !s.occ;
    let mut charge = [Counter::default(); 2];
    for (side, pieces) in [(s.us, &s.ours), (s.us.other(), &s.theirs)] {
        let c = &mut charge[side.index()];
        // Each pawn's step, double step and two diagonals are four different squares, so the
        // pawns' fields are four sets of weight 1.
        let pawns = pieces.pawns;
        let one = forward(side, pawns) & empty;
        let two = forward(side, one & forward(side, second_rank(side) & pawns)) & empty;
        let ahead = forward(side, pawns);
        let (west, east) = (
            ahead >> 1 & !0x8080_8080_8080_8080,
            ahead << 1 & !0x0101_0101_0101_0101,
        );
        for set in [one, two, west & empty, east & empty] {
            c.add(set, 1);
        }
        for from in squares(pieces.knights) {
            c.add(knights.field[from] & empty, 2);
        }
        for from in squares(pieces.diagonal | pieces.orthogonal) {
            let bit = 1u64 << from;
            let kind = match (pieces.diagonal & bit != 0, pieces.orthogonal & bit != 0) {
                (true, true) => PieceKind::Queen,
                (true, false) => PieceKind::Bishop,
                _ => PieceKind::Rook,
            };
            let strength = field_strength(kind).unwrap_or(0).unsigned_abs();
            c.add(kit.attacks(kind, from, s.occ) & empty, strength);
        }
    }
    let [white, black] = charge;
    [white.greater(&black) & empty, black.greater(&white) & empty]
}

/// Whether `side`'s King stands attacked on `board` (§4): by a pawn or the King as in
/// classic chess, by a line whose empty squares between hold none the defender controls, or
/// by a Knight with at least one route free of such squares; under ruling F-4
/// (`classic_check`) by classic attacks. `None` where the sets do not describe the board
/// (see [`net_charges`]; also without exactly one King of `side`).
pub(super) fn king_attacked(board: &Board, side: Color, classic_check: bool) -> Option<bool> {
    let s = Sides::of_board(board, side)?;
    if s.ours.kings.count_ones() != 1 {
        return None;
    }
    let a = Kit::get().a;
    let th = &s.theirs;
    let king = s.ours.kings.trailing_zeros() as usize;
    let close = (a.pawn[side.index()][king] & th.pawns) | (a.king[king] & th.kings);
    let knights = a.knight[king] & th.knights;
    let lines = (a.bishop(king, s.occ) & th.diagonal) | (a.rook(king, s.occ) & th.orthogonal);
    if close | knights | lines == 0 {
        return Some(false);
    }
    if classic_check || close != 0 {
        return Some(true);
    }
    // The squares the defender holds cut lines and Knight routes.
    let cut = held_of(&s)[side.index()];
    let blockers = s.occ | cut;
    if (a.bishop(king, blockers) & th.diagonal) | (a.rook(king, blockers) & th.orthogonal) != 0 {
        return Some(true);
    }
    let routes = &knight_tables().routes;
    Some(squares(knights).any(|from| {
        let [long, short] = routes[from][king];
        long & cut == 0 || short & cut == 0
    }))
}

/// The legal moves of the side to move, in the reference generator's order (by origin
/// square and the piece's own order, castling last), pushed onto `out`; false, pushing
/// nothing, where the sets do not apply (see [`net_charges`]; also without exactly one King
/// of the side to move) and the caller uses the square-array generator.
pub(super) fn legal_moves(pos: &Position, out: &mut Vec<Move>) -> bool {
    generate(pos, out)
}

/// The number of moves [`legal_moves`] gives, counted from the sets where they are proven
/// legal; `None` where the sets do not apply.
pub(super) fn legal_move_count(pos: &Position) -> Option<u64> {
    MoveCount::of(|count| generate(pos, count))
}

/// [`legal_moves`] into any move sink.
#[inline(always)]
fn generate<O: MoveSink>(pos: &Position, out: &mut O) -> bool {
    let us = pos.turn;
    let Some(s) = Sides::of(pos, us) else {
        return false;
    };
    if s.ours.kings.count_ones() != 1 || pos.variant.capture_rule() != CaptureRule::Any {
        return false;
    }
    let g = Gen::new(pos, s, held_of(&s)[us.other().index()]);
    for from in squares(s.ours.all) {
        let bit = 1u64 << from;
        if bit & s.ours.pawns != 0 {
            g.pawn_moves(from, out);
        } else if from == g.king {
            g.king_moves(out);
        } else if let Some(kind) = pos.board.kind(us, Square(from as u8)) {
            g.piece_moves(kind, from, out);
        }
    }
    // Castling: the squares crossed tested with the fields recomputed (ruling F-6), the
    // landing square on the position after castling.
    let mut kept = Filtered::new(out, |mv: &Move| g.survives(mv));
    classic::castling_moves(&super::ForceField, pos, us, &mut kept, |sq| {
        super::castle_square_attacked(pos, us, sq)
    });
    true
}

/// What the generator knows about one position.
struct Gen<'a> {
    kit: Kit,
    pos: &'a Position,
    s: Sides,
    /// The squares the enemy holds (empty, charged in its favour).
    held: u64,
    king: usize,
    /// The squares a non-King move must reach to leave the King safe from classic attacks
    /// (all of them out of check; the checker and the squares between in single check;
    /// none in double check).
    check_mask: u64,
    /// Our pieces that stand alone between the King and an enemy line.
    pinned: u64,
    /// Ruling F-4: checks are decided by classic attacks, so no classically illegal move is
    /// legal.
    classic_check: bool,
}

impl<'a> Gen<'a> {
    fn new(pos: &'a Position, s: Sides, held: u64) -> Gen<'a> {
        let kit = Kit::get();
        let a = kit.a;
        let king = s.ours.kings.trailing_zeros() as usize;
        let th = &s.theirs;
        let checkers = (a.pawn[s.us.index()][king] & th.pawns)
            | (a.knight[king] & th.knights)
            | (a.king[king] & th.kings)
            | (a.bishop(king, s.occ) & th.diagonal)
            | (a.rook(king, s.occ) & th.orthogonal);
        let snipers =
            (a.rook(king, th.all) & th.orthogonal) | (a.bishop(king, th.all) & th.diagonal);
        let mut pinned = 0;
        for sn in squares(snipers) {
            let between = a.between[king][sn] & s.occ;
            if between.count_ones() == 1 && between & s.ours.all != 0 {
                pinned |= between;
            }
        }
        let check_mask = match checkers.count_ones() {
            0 => u64::MAX,
            1 => checkers | a.between[king][checkers.trailing_zeros() as usize],
            _ => 0,
        };
        Gen {
            kit,
            pos,
            s,
            held,
            king,
            check_mask,
            pinned,
            classic_check: pos.options().classic_check,
        }
    }

    /// Whether `sq` is attacked by the enemy (classic attacks) with `occ` occupied.
    #[inline(always)]
    fn classically_attacked(&self, sq: usize, occ: u64) -> bool {
        let (a, th) = (self.kit.a, &self.s.theirs);
        (a.pawn[self.s.us.index()][sq] & th.pawns)
            | (a.knight[sq] & th.knights)
            | (a.king[sq] & th.kings)
            | (a.bishop(sq, occ) & th.diagonal)
            | (a.rook(sq, occ) & th.orthogonal)
            != 0
    }

    /// Whether our King stands unattacked (§4, fields recomputed) after `mv`, played on a
    /// copy of the board: the test of the moves the classic sets do not decide.
    #[inline(never)]
    fn survives(&self, mv: &Move) -> bool {
        let mut b = self.pos.board.clone();
        classic::apply_to_board(&mut b, self.s.us, mv);
        !super::king_attacked(&b, self.s.us, self.classic_check)
    }

    /// The destinations of a non-King move from `from` that the classic sets prove leave
    /// the King safe.
    #[inline(always)]
    fn safe_targets(&self, from: usize) -> u64 {
        if self.pinned >> from & 1 != 0 {
            self.check_mask & self.kit.a.line[self.king][from]
        } else {
            self.check_mask
        }
    }

    /// The moves of our Knight, Bishop, Rook or Queen on `from` that the fields allow (§3)
    /// and that leave the King safe (§4).
    #[inline(always)]
    fn piece_moves(&self, kind: PieceKind, from: usize, out: &mut impl MoveSink) {
        let held = self.held;
        let not_ours = !self.s.ours.all;
        let mut to = match kind {
            PieceKind::Knight => {
                let routes = &knight_tables().routes[from];
                let mut to = self.kit.a.knight[from] & not_ours & !held;
                for x in squares(to) {
                    let [a, b] = routes[x];
                    if a & held != 0 && b & held != 0 {
                        to &= !(1 << x);
                    }
                }
                to
            }
            _ => self.kit.attacks(kind, from, self.s.occ | held) & !held & not_ours,
        };
        let unsure = to & !self.safe_targets(from);
        if unsure != 0 {
            to &= !unsure;
            if !self.classic_check {
                for x in squares(unsure) {
                    if self.survives(&Move::new(Square(from as u8), Square(x as u8))) {
                        to |= 1 << x;
                    }
                }
            }
        }
        self.kit.push(kind, from, to, out);
    }

    /// The King's moves: fields never stop it (ruling F-2); a step onto a square no enemy
    /// piece attacks classically is safe, the others are tested.
    #[inline(always)]
    fn king_moves(&self, out: &mut impl MoveSink) {
        let king = self.king;
        let mut to = self.kit.a.king[king] & !self.s.ours.all;
        let occ = self.s.occ & !(1 << king);
        for x in squares(to) {
            if self.classically_attacked(x, occ)
                && (self.classic_check
                    || !self.survives(&Move::new(Square(king as u8), Square(x as u8))))
            {
                to &= !(1 << x);
            }
        }
        self.kit.push(PieceKind::King, king, to, out);
    }

    /// The pawn on `from`'s moves in the reference order: the straight steps, then the
    /// diagonals (file − 1 first), each once per promotion kind on the last rank; a step or
    /// an en passant capture onto a held square is stopped by the field (§3; a capture's
    /// square is occupied, so neutral).
    fn pawn_moves(&self, from: usize, out: &mut impl MoveSink) {
        let us = self.s.us;
        let them = us.other();
        let safe = self.safe_targets(from);
        let bit = 1u64 << from;
        let may_take_en_passant = self.pos.ep[them.index()].is_some_and(|ep| {
            ep.squares()
                .any(|s| self.kit.a.pawn[us.index()][from] >> (s.index() & 63) & 1 != 0)
        });
        if !may_take_en_passant
            && !self
                .kit
                .promotes(us, forward(us, bit).trailing_zeros() as usize)
        {
            // No promotion, no en passant: the moves as one set, pushed in order.
            let free = !self.s.occ & !self.held;
            let one = forward(us, bit) & free;
            let two = forward(us, one & forward(us, second_rank(us))) & free;
            let all = one | two | (self.kit.a.pawn[us.index()][from] & self.s.theirs.all);
            let mut ok = all & safe;
            if !self.classic_check {
                for x in squares(all & !safe) {
                    if self.survives(&Move::new(Square(from as u8), Square(x as u8))) {
                        ok |= 1 << x;
                    }
                }
            }
            let from_sq = Square(from as u8);
            for straight in [one, two] {
                if ok & straight != 0 {
                    out.push(Move::new(from_sq, Square(straight.trailing_zeros() as u8)));
                }
            }
            for x in squares(ok & !(one | two)) {
                out.push(Move::new(from_sq, Square(x as u8)));
            }
            return;
        }
        for to in self.kit.pawn_pushes(us, from) {
            let bit = 1u64 << (to & 63);
            if to == NONE || self.s.occ & bit != 0 || self.held & bit != 0 {
                break;
            }
            self.push_pawn(from, to as usize, Special::Normal, safe & bit != 0, out);
        }
        for to in self.kit.pawn_captures(us, from) {
            if to == NONE {
                continue;
            }
            let bit = 1u64 << (to & 63);
            if self.s.theirs.all & bit != 0 {
                self.push_pawn(from, to as usize, Special::Normal, safe & bit != 0, out);
            } else if let Some(ep) = &self.pos.ep[them.index()]
                && self.s.occ & bit == 0
                && self.held & bit == 0
                && ep.squares().any(|s| s.0 == to)
                && self.s.theirs.pawns >> (ep.pawn.index() & 63) & 1 != 0
            {
                // Two pieces leave the King's lines at once: always tested.
                let special = Special::EnPassant { captured: ep.pawn };
                self.push_pawn(from, to as usize, special, false, out);
            }
        }
    }

    /// Pushes a pawn move (once per promotion kind onto the last rank) if `safe` or, else,
    /// if it survives the test.
    #[inline(always)]
    fn push_pawn(
        &self,
        from: usize,
        to: usize,
        special: Special,
        safe: bool,
        out: &mut impl MoveSink,
    ) {
        let promotions = self.pos.variant.promotion_kinds();
        // Not proven safe: each promotion kind is tested (its field may cut a line), none
        // under ruling F-4.
        let mut kept = Filtered::new(out, |mv: &Move| {
            safe || (!self.classic_check && self.survives(mv))
        });
        self.kit
            .push_pawn(self.s.us, promotions, from, to, special, &mut kept);
    }
}
