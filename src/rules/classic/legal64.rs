//! The bitboard legal move generator of classic chess on the 8×8 board. Checks, pins and
//! the squares that answer a check are sets of squares (`u64`, one bit per square, see
//! [`bitboard`](super::bitboard)) found once per position; every move of a piece other than
//! the King is then legal when its destination is in the piece's target set, and only King
//! moves and captures en passant are tested against the enemy's attacks.
//!
//! It gives the same moves in the same order as the square-array generator
//! ([`fast`](super::fast)), which stays as its reference in the tests: by origin square;
//! pawns' straight steps, then the diagonals (file − 1 first); lines direction by direction
//! in [`Direction::ALL`](crate::rules::geometry::Direction::ALL) order, nearest square
//! first; Knight leaps in [`KNIGHT_LEAPS`](super::KNIGHT_LEAPS) order; castling last.

use std::sync::OnceLock;

use super::ClassicHooks;
use super::bitboard::Attacks64;
use super::fast::FixedMoves;
use super::movement::{CaptureRule, castle_spec};
use super::pseudo::{MoveCount, MoveSink};
use super::tables::{GenTables, NO_SQUARE};
use crate::rules::geometry::{BoardShape, Square};
use crate::rules::moves::{Move, Special};
use crate::rules::piece::{Color, PieceKind};
use crate::rules::position::{Position, Wing};

/// The rook, bishop and all eight directions (indices in
/// [`Direction::ALL`](crate::rules::geometry::Direction::ALL)).
const ROOK_DIRS: [usize; 4] = [0, 1, 2, 3];
const BISHOP_DIRS: [usize; 4] = [4, 5, 6, 7];
const QUEEN_DIRS: [usize; 8] = [0, 1, 2, 3, 4, 5, 6, 7];

/// Files a and h, ranks 3 and 6 (the squares a pawn's single step from its start reaches).
const FILE_A: u64 = 0x0101_0101_0101_0101;
const FILE_H: u64 = FILE_A << 7;
const RANK_3: u64 = 0xff << 16;
const RANK_6: u64 = 0xff << 40;

/// One castling move of the 8×8 board as sets of squares, from
/// [`castle_spec`](super::castle_spec).
struct Castle {
    wing: Wing,
    king_from: u64,
    rook_from: u64,
    /// The squares that must be empty: those between King and Rook, and the King's and the
    /// Rook's destinations unless one of the two stands there.
    clear: u64,
    /// The squares that must not be attacked (the King's start included).
    safe: Vec<usize>,
    mv: Move,
}

/// The castling moves of each side (`Color::index`), short first, built once.
fn castles() -> &'static [[Castle; 2]; 2] {
    static CASTLES: OnceLock<[[Castle; 2]; 2]> = OnceLock::new();
    CASTLES.get_or_init(|| {
        let bit = |s: Square| 1u64 << (s.index() & 63);
        Color::BOTH.map(|side| {
            Wing::BOTH.map(|wing| {
                let spec = castle_spec(BoardShape::Standard, side, wing);
                let ends = bit(spec.king_from) | bit(spec.rook_from);
                Castle {
                    wing,
                    king_from: bit(spec.king_from),
                    rook_from: bit(spec.rook_from),
                    clear: spec.empty.iter().fold(0, |m, &s| m | bit(s))
                        | ((bit(spec.king_to) | bit(spec.rook_to)) & !ends),
                    safe: spec.safe.iter().map(|s| s.index() & 63).collect(),
                    mv: spec.castle_move(),
                }
            })
        })
    })
}

/// One side's pieces on the 8×8 board by kind, read from the board's bit planes.
#[derive(Clone, Copy)]
pub(crate) struct Side {
    pub(crate) all: u64,
    pub(crate) pawns: u64,
    pub(crate) knights: u64,
    /// Bishops and Queens.
    pub(crate) diagonal: u64,
    /// Rooks and Queens.
    pub(crate) orthogonal: u64,
    pub(crate) kings: u64,
}

impl Side {
    /// The pieces from the four bit planes of the kind codes (`Board::planes64`), or
    /// `None` when a kind beyond the standard six is on the board. The codes are
    /// `kind as u8 + 1`: Pawn 001, Knight 010, Bishop 011, Rook 100, Queen 101, King 110
    /// (plane 0 is the lowest bit); every other kind has plane 3 or all of planes 0–2.
    #[inline(always)]
    pub(crate) fn of(planes: [u64; 4]) -> Option<Side> {
        let [p0, p1, p2, p3] = planes;
        if p3 | (p0 & p1 & p2) != 0 {
            return None;
        }
        Some(Side {
            all: p0 | p1 | p2,
            pawns: p0 & !p1 & !p2,
            knights: !p0 & p1 & !p2,
            diagonal: p0 & (p1 ^ p2),
            orthogonal: p2 & !p1,
            kings: !p0 & p1 & p2,
        })
    }

    /// The pieces of `kind` (none for kinds beyond the six).
    #[inline(always)]
    pub(crate) fn of_kind(&self, kind: PieceKind) -> u64 {
        match kind {
            PieceKind::Pawn => self.pawns,
            PieceKind::Knight => self.knights,
            PieceKind::Bishop => self.diagonal & !self.orthogonal,
            PieceKind::Rook => self.orthogonal & !self.diagonal,
            PieceKind::Queen => self.diagonal & self.orthogonal,
            PieceKind::King => self.kings,
            PieceKind::Guard
            | PieceKind::Matriarch
            | PieceKind::Jumper
            | PieceKind::OuterKnight => 0,
        }
    }
}

/// The squares of one bit each, lowest first.
#[inline(always)]
pub(crate) fn squares(mut bits: u64) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        (bits != 0).then(|| {
            let s = bits.trailing_zeros() as usize;
            bits &= bits - 1;
            s
        })
    })
}

/// What the generator knows about one position.
struct Gen<'a> {
    a: &'static Attacks64,
    t: &'static GenTables,
    pos: &'a Position,
    us: Color,
    theirs: Side,
    occ: u64,
    /// The King of the side to move.
    king: usize,
    /// Per kind of ours (`kind as usize`, the six standard kinds), the squares it may move
    /// to: empty ones and the enemy pieces the capture rule lets it take.
    targets: [u64; 6],
    /// The kinds a pawn promotes to (the variant's, [`ClassicHooks::promotion_kinds`]).
    promotions: &'static [PieceKind],
    /// The variant's capture rule.
    capture_rule: CaptureRule,
    /// Only captures and promotions are generated ([`legal_captures`]).
    captures_only: bool,
}

impl Gen<'_> {
    /// Whether `sq` is attacked by the enemy with `occ` occupied (the enemy pieces as on
    /// the board, less `removed`).
    #[inline(always)]
    fn attacked(&self, sq: usize, occ: u64, removed: u64) -> bool {
        let (a, th) = (self.a, &self.theirs);
        (a.pawn[self.us.index()][sq] & th.pawns & !removed)
            | (a.knight[sq] & th.knights)
            | (a.king[sq] & th.kings)
            | (a.bishop(sq, occ) & th.diagonal)
            | (a.rook(sq, occ) & th.orthogonal)
            != 0
    }

    /// Pushes the moves from `from` onto the squares of `to`, ray by ray in the order of
    /// `dirs`, nearest square first.
    #[inline(always)]
    fn push_lines(&self, from: usize, to: u64, dirs: &[usize], out: &mut impl MoveSink) {
        self.a.push_lines(from, to, dirs, out);
    }

    /// Pushes a pawn move, once per promotion kind onto the last rank.
    #[inline(always)]
    fn push_pawn(&self, from: usize, to: usize, special: Special, out: &mut impl MoveSink) {
        let promotes = self.t.promotes[self.us.index()][to & 63];
        push_pawn_move(promotes, self.promotions, from, to, special, out);
    }
    /// The moves of our pawn on `from` whose destination is in `allowed` (the check and pin
    /// mask), and its captures en passant that leave the King safe: for a pinned pawn or one
    /// that may take en passant (the others come from [`PawnSets`]).
    #[inline(always)]
    fn pawn_moves(&self, from: usize, allowed: u64, out: &mut impl MoveSink) {
        let c = self.us.index();
        for to in self.t.pawn_push[c][from] {
            if to == NO_SQUARE || self.occ >> to & 1 != 0 {
                break;
            }
            let wanted = !self.captures_only || self.t.promotes[c][to as usize & 63];
            if wanted && allowed >> to & 1 != 0 {
                self.push_pawn(from, to as usize, Special::Normal, out);
            }
        }
        let captures = self.targets[PieceKind::Pawn as usize] & self.theirs.all & allowed;
        for to in self.t.pawn_to[c][from] {
            if to == NO_SQUARE {
                continue;
            }
            let bit = 1u64 << (to & 63);
            if self.theirs.all & bit != 0 {
                if captures & bit != 0 {
                    self.push_pawn(from, to as usize, Special::Normal, out);
                }
            } else if let Some(ep) = &self.pos.ep[self.us.other().index()]
                && self.occ & bit == 0
                && ep.squares().any(|s| s.0 == to)
                && self.theirs.pawns >> (ep.pawn.index() & 63) & 1 != 0
                && self.capture_rule.allows(PieceKind::Pawn, PieceKind::Pawn)
            {
                // Played on the occupancy: both pawns leave, ours lands on `to`.
                let taken = 1u64 << (ep.pawn.index() & 63);
                let occ = (self.occ & !taken & !(1 << from)) | bit;
                if !self.attacked(self.king, occ, taken) {
                    let special = Special::EnPassant { captured: ep.pawn };
                    self.push_pawn(from, to as usize, special, out);
                }
            }
        }
    }

    /// The King's moves onto squares the enemy does not attack once the King has left its
    /// square, in step order.
    #[inline(always)]
    fn king_moves(&self, out: &mut impl MoveSink) {
        let to = self.a.king[self.king] & self.targets[PieceKind::King as usize];
        if to == 0 {
            return;
        }
        let occ = self.occ & !(1 << self.king);
        for s in self.t.step[self.king] {
            if s != NO_SQUARE && to >> (s & 63) & 1 != 0 && !self.attacked(s as usize, occ, 0) {
                out.push(Move::new(Square(self.king as u8), Square(s)));
            }
        }
    }
}

/// The legal moves of the pawns that are neither pinned nor next to an en passant square,
/// as the sets of their origins, with the step from origin to destination of each set.
struct PawnSets {
    /// A single step, a double step, a capture toward file − 1 and toward file + 1.
    from: [u64; 4],
    step: [i32; 4],
}

impl PawnSets {
    /// The sets for `us`'s `pawns`, given the empty squares, the squares the pawns may
    /// capture on and the check mask.
    #[inline(always)]
    fn new(us: Color, pawns: u64, empty: u64, captures: u64, check_mask: u64) -> PawnSets {
        let (left, right) = (pawns & !FILE_A, pawns & !FILE_H);
        match us {
            Color::White => {
                let one = pawns << 8 & empty;
                let two = (one & RANK_3) << 8 & empty & check_mask;
                PawnSets {
                    from: [
                        (one & check_mask) >> 8,
                        two >> 16,
                        (left << 7 & captures) >> 7,
                        (right << 9 & captures) >> 9,
                    ],
                    step: [8, 16, 7, 9],
                }
            }
            Color::Black => {
                let one = pawns >> 8 & empty;
                let two = (one & RANK_6) >> 8 & empty & check_mask;
                PawnSets {
                    from: [
                        (one & check_mask) << 8,
                        two << 16,
                        (left >> 9 & captures) << 9,
                        (right >> 7 & captures) << 7,
                    ],
                    step: [-8, -16, -9, -7],
                }
            }
        }
    }
}

/// The victims the capture rule allows each of our kinds (`kind as usize`) to take.
#[inline(always)]
fn victims(rule: CaptureRule, theirs: &Side) -> [u64; 6] {
    const SIX: [PieceKind; 6] = PieceKind::STANDARD;
    match rule {
        CaptureRule::Any => [theirs.all; 6],
        CaptureRule::Never => [0; 6],
        CaptureRule::ByValue => SIX.map(|attacker| {
            SIX.iter()
                .filter(|&&victim| rule.allows(attacker, victim))
                .fold(0, |m, &victim| m | theirs.of_kind(victim))
        }),
    }
}

/// The legal moves of the side to move under classic rules on the 8×8 board, pushed onto
/// `out`; returns false, pushing nothing, where this generator does not apply (another
/// board shape, a kind beyond the standard six, a square held by both sides, or not
/// exactly one King of the side to move), and the caller uses the square-array generator.
pub(crate) fn legal_moves<R: ClassicHooks + ?Sized>(
    rules: &R,
    pos: &Position,
    out: &mut Vec<Move>,
) -> bool {
    FixedMoves::generate_into(
        out,
        |f| generate::<_, _, false>(rules, pos, f),
        |v| generate::<_, _, false>(rules, pos, v),
    )
}

/// The legal moves of [`legal_moves`] that capture (en passant included) or promote, in
/// the same order, without generating the others; false, pushing nothing, where the
/// generator does not apply.
pub(crate) fn legal_captures<R: ClassicHooks + ?Sized>(
    rules: &R,
    pos: &Position,
    out: &mut Vec<Move>,
) -> bool {
    FixedMoves::generate_into(
        out,
        |f| generate::<_, _, true>(rules, pos, f),
        |v| generate::<_, _, true>(rules, pos, v),
    )
}

/// The number of legal moves [`legal_moves`] gives, counted from the target sets without
/// listing the moves; `None` where the generator does not apply.
pub(crate) fn legal_move_count<R: ClassicHooks + ?Sized>(rules: &R, pos: &Position) -> Option<u64> {
    MoveCount::of(|count| generate::<_, _, false>(rules, pos, count))
}

/// [`legal_moves`] into any move sink; with `CAPTURES` only the captures and promotions
/// ([`legal_captures`]). The capture rule, promotion kinds and castling are the variant's
/// (`rules`).
#[inline(always)]
fn generate<R: ClassicHooks + ?Sized, O: MoveSink, const CAPTURES: bool>(
    rules: &R,
    pos: &Position,
    out: &mut O,
) -> bool {
    if pos.shape() != BoardShape::Standard {
        return false;
    }
    let us = pos.turn;
    let b = &pos.board;
    let (Some(ours), Some(theirs)) = (Side::of(b.planes64(us)), Side::of(b.planes64(us.other())))
    else {
        return false;
    };
    if ours.kings.count_ones() != 1 || ours.all & theirs.all != 0 {
        return false;
    }
    let a = Attacks64::get();
    let t = GenTables::of(BoardShape::Standard);
    let occ = ours.all | theirs.all;
    let king = ours.kings.trailing_zeros() as usize;
    let checkers = (a.pawn[us.index()][king] & theirs.pawns)
        | (a.knight[king] & theirs.knights)
        | (a.king[king] & theirs.kings)
        | (a.bishop(king, occ) & theirs.diagonal)
        | (a.rook(king, occ) & theirs.orthogonal);
    // Enemy lines that reach the King through our pieces alone; one piece between pins it.
    let snipers = (a.rook(king, theirs.all) & theirs.orthogonal)
        | (a.bishop(king, theirs.all) & theirs.diagonal);
    let mut pinned = 0;
    for s in squares(snipers) {
        let between = a.between[king][s] & occ;
        if between.count_ones() == 1 && between & ours.all != 0 {
            pinned |= between;
        }
    }
    // Non-King moves must capture the single checker or stand between; none may answer two.
    let check_mask = match checkers.count_ones() {
        0 => u64::MAX,
        1 => checkers | a.between[king][checkers.trailing_zeros() as usize],
        _ => 0,
    };
    let empty = !occ;
    let capture_rule = rules.capture_rule();
    let targets = victims(capture_rule, &theirs).map(|v| if CAPTURES { v } else { empty | v });
    // Pawns that are pinned or may take en passant are generated one by one, the others as
    // sets.
    let mut slow_pawns = ours.pawns & pinned;
    if let Some(ep) = &pos.ep[us.other().index()] {
        for s in ep.squares() {
            slow_pawns |= ours.pawns & a.pawn[us.other().index()][s.index() & 63];
        }
    }
    // The pawns one step from the last rank.
    let may_promote = ours.pawns
        & match us {
            Color::White => 0xff << 48,
            Color::Black => 0xff << 8,
        };
    // Captures only: a pawn steps only onto the last rank (a promotion).
    let last_rank = match us {
        Color::White => 0xff << 56,
        Color::Black => 0xff,
    };
    let pawn_sets = PawnSets::new(
        us,
        ours.pawns & !slow_pawns,
        if CAPTURES { empty & last_rank } else { empty },
        targets[PieceKind::Pawn as usize] & theirs.all & check_mask,
        check_mask,
    );
    let g = Gen {
        a,
        t,
        pos,
        us,
        theirs,
        occ,
        king,
        targets,
        promotions: rules.promotion_kinds(),
        capture_rule,
        captures_only: CAPTURES,
    };
    let [single, double, left, right] = pawn_sets.from;
    let [s1, s2, sl, sr] = pawn_sets.step;
    let pawn_movers = single | double | left | right;
    // The pawns generated as sets that have no move are skipped; a count takes the sets'
    // sizes, one move per promotion kind onto the last rank, and skips them all.
    let skipped_pawns = if O::COUNTS {
        let per_promotion = g.promotions.len().max(1) as u32;
        let n: u32 = pawn_sets
            .from
            .iter()
            .map(|&set| {
                (set & !may_promote).count_ones() + (set & may_promote).count_ones() * per_promotion
            })
            .sum();
        out.add(n);
        ours.pawns & !slow_pawns
    } else {
        ours.pawns & !slow_pawns & !pawn_movers
    };
    for from in squares(ours.all & !skipped_pawns) {
        let bit = 1u64 << from;
        if bit & pawn_movers != 0 {
            let f = from as i32;
            let sq = |step: i32| Square((f + step) as u8 & 63);
            let from_sq = Square(from as u8);
            if bit & may_promote == 0 {
                for (set, step) in [(single, s1), (double, s2), (left, sl), (right, sr)] {
                    if set & bit != 0 {
                        out.push(Move::new(from_sq, sq(step)));
                    }
                }
            } else {
                for (set, step) in [(single, s1), (double, s2), (left, sl), (right, sr)] {
                    if set & bit != 0 {
                        g.push_pawn(from, sq(step).index(), Special::Normal, out);
                    }
                }
            }
            continue;
        }
        if from == king {
            g.king_moves(out);
            continue;
        }
        let allowed = if pinned & bit != 0 {
            check_mask & a.line[king][from]
        } else {
            check_mask
        };
        if bit & ours.pawns != 0 {
            g.pawn_moves(from, allowed, out);
            continue;
        }
        if allowed == 0 {
            continue;
        }
        // The kind from the sets: Knight, else Bishop, Rook or Queen by its lines.
        if bit & ours.knights != 0 {
            let to = a.knight[from] & targets[PieceKind::Knight as usize] & allowed;
            if O::COUNTS {
                out.add(to.count_ones());
            } else if to != 0 {
                for &s in t.leap_targets(PieceKind::Knight, Square(from as u8)) {
                    if to >> (s.index() & 63) & 1 != 0 {
                        out.push(Move::new(Square(from as u8), s));
                    }
                }
            }
            continue;
        }
        match (ours.diagonal & bit != 0, ours.orthogonal & bit != 0) {
            (true, false) => {
                let to = a.bishop(from, occ) & targets[PieceKind::Bishop as usize] & allowed;
                g.push_lines(from, to, &BISHOP_DIRS, out);
            }
            (false, true) => {
                let to = a.rook(from, occ) & targets[PieceKind::Rook as usize] & allowed;
                g.push_lines(from, to, &ROOK_DIRS, out);
            }
            (true, true) => {
                let to = (a.rook(from, occ) | a.bishop(from, occ))
                    & targets[PieceKind::Queen as usize]
                    & allowed;
                g.push_lines(from, to, &QUEEN_DIRS, out);
            }
            // Pawns and the King are handled above; no other kind is on the board.
            (false, false) => {}
        }
    }
    if !CAPTURES && checkers == 0 && pos.castling != 0 && rules.has_castling() {
        // The King's own square is safe (no check), so only the others are tested; on 8×8
        // the tested squares decide (`castle_needs_recheck` is false there).
        debug_assert!(!t.castle_recheck);
        let rooks = ours.orthogonal & !ours.diagonal;
        for c in &castles()[us.index()] {
            if pos.can_castle(us, c.wing)
                && ours.kings & c.king_from != 0
                && rooks & c.rook_from != 0
                && occ & c.clear == 0
                && !c.safe.iter().any(|&s| s != king && g.attacked(s, occ, 0))
            {
                out.push(c.mv);
            }
        }
    }
    true
}

/// Pushes the pawn move `from` → `to` (square indices), once per kind of `promotions` in
/// their order when it `promotes` (and the variant promotes at all), else once.
#[inline(always)]
pub(crate) fn push_pawn_move(
    promotes: bool,
    promotions: &[PieceKind],
    from: usize,
    to: usize,
    special: Special,
    out: &mut impl MoveSink,
) {
    let (from, to) = (Square(from as u8), Square(to as u8));
    if promotes && !promotions.is_empty() {
        for &k in promotions {
            out.push(Move {
                from,
                to,
                promotion: Some(k),
                special,
            });
        }
    } else {
        out.push(Move {
            from,
            to,
            promotion: None,
            special,
        });
    }
}
