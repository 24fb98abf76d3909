//! The fast legal move generator of classic chess. [`legal_moves`] finds checks and pins
//! once per position from a list of the enemy's non-pawn pieces, so only King moves, pinned
//! pieces, en passant and castling are tested for King safety, and in check the other moves
//! must capture or block the checker (docs/PERFORMANCE.md has the measurements). Its
//! reference is the classic judge ([`judge`](super::judge)): the tests check that the two
//! give the same moves in the same order. Output order is the pseudo-legal order
//! ([`pseudo`](super::pseudo)).

use arrayvec::ArrayVec;

use super::ClassicHooks;
use super::attacks::king_safe_after;
use super::movement::CaptureRule;
use super::play::apply_to_board;
use super::pseudo::{
    MoveList, MoveSink, castling_moves, moves_of_piece, moves_of_piece_in, pawn_moves_in,
    pseudo_moves, retain_tail, step_moves_in,
};
use super::tables::{GenTables, Mobility, NO_SQUARE, PAIR_DIR, PAIR_DIST, PAIR_LEAPS_SHIFT};
use crate::rules::board::Board;
use crate::rules::geometry::Square;
use crate::rules::moves::{Move, Special};
use crate::rules::piece::{Color, PieceKind};
use crate::rules::position::Position;

/// A set of squares of any board shape (one bit per `u8` index).
#[derive(Clone, Copy, Default)]
struct SquareSet([u64; 4]);

impl SquareSet {
    #[inline]
    fn insert(&mut self, sq: Square) {
        self.0[sq.index() >> 6] |= 1 << (sq.index() & 63);
    }

    #[inline]
    fn contains(&self, sq: Square) -> bool {
        self.0[sq.index() >> 6] & (1 << (sq.index() & 63)) != 0
    }
}

/// A piece that attacks by lines or leaps (pawns are looked up from the target square).
#[derive(Clone, Copy)]
struct Attacker {
    sq: Square,
    /// How it moves from there.
    m: Mobility,
}

/// The most attackers [`Attackers`] holds; for a side with more non-pawn pieces (only in
/// hand-made positions) the classic judge filters the candidates instead.
const MAX_ATTACKERS: usize = 32;

/// One side's non-pawn pieces with their movement, listed once per position so that each
/// attack test looks at a few pieces instead of walking every line from the square.
struct Attackers {
    list: ArrayVec<Attacker, MAX_ATTACKERS>,
    /// The side the pieces belong to.
    by: Color,
    /// Whether `list` holds them yet (it is filled on the first attack test).
    filled: bool,
}

impl Attackers {
    /// An empty list for `by`'s pieces.
    #[inline]
    fn new(by: Color) -> Attackers {
        Attackers {
            list: ArrayVec::new(),
            by,
            filled: false,
        }
    }

    /// Lists the pieces if that was not done yet. The caller has made sure that they fit
    /// ([`non_pawn_count`]).
    #[inline]
    fn ensure(&mut self, t: &GenTables, b: &Board) {
        if !self.filled {
            self.filled = true;
            self.fill(t, b);
        }
    }

    /// [`Attackers::attack`], listing the pieces first if needed.
    #[inline]
    fn attack_lazy(&mut self, t: &GenTables, b: &Board, sq: Square, lifted: Square) -> bool {
        self.ensure(t, b);
        self.attack(t, b, sq, lifted)
    }

    /// Lists the side's non-pawn pieces (the first [`MAX_ATTACKERS`] of them).
    #[inline]
    fn fill(&mut self, t: &GenTables, b: &Board) {
        for (sq, kind) in b.non_pawns(self.by) {
            let m = t.mobility[kind as usize][sq.index()];
            if self.list.try_push(Attacker { sq, m }).is_err() {
                return;
            }
        }
    }

    #[inline]
    fn as_slice(&self) -> &[Attacker] {
        &self.list
    }

    /// Whether one of these pieces or one of their side's pawns attacks `sq` (the list must
    /// be filled: [`Attackers::ensure`]), with the
    /// piece on `lifted` taken off the board (a King testing the square it steps to must
    /// not shield that square itself; [`NO_SQUARE`] lifts nothing).
    #[inline]
    fn attack(&self, t: &GenTables, b: &Board, sq: Square, lifted: Square) -> bool {
        for s in t.pawn_from[self.by.index()][sq.index()] {
            if s != NO_SQUARE && b.kind(self.by, Square(s)) == Some(PieceKind::Pawn) {
                return true;
            }
        }
        for a in self.as_slice() {
            let p = t.pair(a.sq, sq);
            if (p >> PAIR_LEAPS_SHIFT) as u8 & a.m.leap != 0 {
                return true;
            }
            let dist = (p & PAIR_DIST) as u8;
            let dir = (p >> 4) as usize & 7;
            if dist == 0 || dist > a.m.range || a.m.dirs & (1 << dir) == 0 {
                continue;
            }
            if between_clear(t, b, a.sq, dir, dist, lifted) {
                return true;
            }
        }
        false
    }
}

/// Whether the `dist - 1` squares after `from` in direction index `dir` are all empty, the
/// piece on `lifted` not counting.
#[inline]
fn between_clear(
    t: &GenTables,
    b: &Board,
    from: Square,
    dir: usize,
    dist: u8,
    lifted: Square,
) -> bool {
    let mut cur = from;
    for _ in 1..dist {
        cur = Square(t.step[cur.index()][dir]);
        if !b.is_empty(cur) && cur != lifted {
            return false;
        }
    }
    true
}

/// Legal moves of the side to move (classic rules), in pseudo-legal generation order.
///
/// Checks and pins are found once per position, so most moves need no test: a King move is
/// tested against the attackers of its destination (with the King lifted off the board), a
/// move of a pinned piece, en passant and castling are played on a copy of the board, and
/// in check every other move must capture the single checker or block its line. The
/// capture rule, promotion kinds and castling are the variant's (`rules`).
pub(crate) fn legal_moves<R: ClassicHooks + ?Sized>(
    rules: &R,
    pos: &Position,
    out: &mut Vec<Move>,
) {
    let us = pos.turn;
    let them = us.other();
    let b = &pos.board;
    let Some(king) = b.king(us) else {
        pseudo_moves(rules, pos, us, out);
        return;
    };
    let t = GenTables::of(pos.shape());
    if non_pawn_count(b, them) > MAX_ATTACKERS {
        // A hand-made position with more pieces than the list holds: the judge decides.
        let start = out.len();
        super::judge::candidates(rules, pos, out);
        retain_tail(out, start, |mv| super::judge::judge(rules, pos, mv).is_ok());
        return;
    }
    // Listed when the King's destinations or castling need an attack test.
    let mut enemy = Attackers::new(them);
    // Checkers (two are enough to know that only the King may move) and pinned pieces:
    // an enemy piece whose line reaches the King checks when nothing stands between, and
    // pins our piece when that is the only one between.
    let mut n_checks = 0;
    let mut pinned = SquareSet::default();
    // Each pinned piece with the King's relation to its pinner (see `GenTables::pair`): it
    // may move along that line up to and onto the pinner. Eight lines lead to the King.
    let mut pins = [(king, 0u16); 8];
    let mut n_pins = 0;
    // Against a single check, a non-King move must capture the checker or, if it attacks
    // along a line (and not by a leap as well), stand between it and the King.
    let mut answers = SquareSet::default();
    let mut add_check = |c: Square, line: Option<(usize, u8)>, answers: &mut SquareSet| {
        if n_checks == 0 {
            answers.insert(c);
            if let Some((dir, dist)) = line {
                let mut cur = c;
                for _ in 1..dist {
                    cur = Square(t.step[cur.index()][dir]);
                    answers.insert(cur);
                }
            }
        }
        n_checks += 1;
    };
    for s in t.pawn_from[them.index()][king.index()] {
        if s != NO_SQUARE && b.kind(them, Square(s)) == Some(PieceKind::Pawn) {
            add_check(Square(s), None, &mut answers);
        }
    }
    // Only enemy pieces on squares from which a piece could reach the King at all.
    let reach = &t.reach[king.index()];
    for w in 0..b.words() {
        let mut bits = b.occupied_word(them, w) & !b.pawn_word(them, w) & reach[w & 3];
        while bits != 0 {
            let sq = Square((w * 64 + bits.trailing_zeros() as usize) as u8);
            bits &= bits - 1;
            let Some(kind) = b.kind(them, sq) else {
                continue;
            };
            let a = Attacker {
                sq,
                m: t.mobility[kind as usize][sq.index()],
            };
            let p = t.pair(a.sq, king);
            if (p >> PAIR_LEAPS_SHIFT) as u8 & a.m.leap != 0 {
                add_check(a.sq, None, &mut answers);
                continue;
            }
            let dist = (p & PAIR_DIST) as u8;
            let dir = (p >> 4) as usize & 7;
            if dist == 0 || dist > a.m.range || a.m.dirs & (1 << dir) == 0 {
                continue;
            }
            // The pieces between the enemy piece and the King.
            let mut cur = a.sq;
            let mut first = None;
            let mut more = false;
            for _ in 1..dist {
                cur = Square(t.step[cur.index()][dir]);
                if !b.is_empty(cur) {
                    if first.is_some() {
                        more = true;
                        break;
                    }
                    first = Some(cur);
                }
            }
            match first {
                None => add_check(a.sq, Some((dir, dist)), &mut answers),
                Some(s) if !more && b.has(us, s) => {
                    pinned.insert(s);
                    if n_pins < pins.len() {
                        pins[n_pins] = (s, t.pair(king, a.sq));
                        n_pins += 1;
                    }
                }
                Some(_) => {}
            }
        }
    }
    if n_checks != 1 {
        answers = SquareSet::default();
    }
    let legality = Legality {
        king,
        n_checks,
        pinned,
        pins,
        n_pins,
        answers,
    };
    // Into a buffer on the stack; a hand-made position with too many moves again into `out`.
    let mut fixed = FixedMoves {
        moves: ArrayVec::new(),
        overflow: false,
    };
    legal_moves_with(rules, t, pos, &mut enemy, &legality, &mut fixed);
    if fixed.overflow {
        legal_moves_with(rules, t, pos, &mut enemy, &legality, out);
    } else {
        out.extend_from_slice(&fixed.moves);
    }
}

/// How many pieces other than pawns `color` has.
#[inline]
fn non_pawn_count(b: &Board, color: Color) -> usize {
    (0..b.words())
        .map(|w| (b.occupied_word(color, w) & !b.pawn_word(color, w)).count_ones() as usize)
        .sum()
}

/// What [`legal_moves`] found out about the King of the side to move.
struct Legality {
    king: Square,
    /// How many enemy pieces give check.
    n_checks: usize,
    pinned: SquareSet,
    /// The first `n_pins` pinned pieces with the King's relation to their pinner (see
    /// [`GenTables::pair`]).
    pins: [(Square, u16); 8],
    n_pins: usize,
    /// Against a single check: the checker's square and the squares that block it.
    answers: SquareSet,
}

/// The legal moves of [`legal_moves`], given the checks and pins.
#[inline(always)]
fn legal_moves_with<R: ClassicHooks + ?Sized>(
    rules: &R,
    t: &GenTables,
    pos: &Position,
    enemy: &mut Attackers,
    legality: &Legality,
    out: &mut impl MoveList,
) {
    let us = pos.turn;
    let b = &pos.board;
    let Legality {
        king,
        n_checks,
        ref pinned,
        n_pins,
        ref answers,
        ..
    } = *legality;
    // Generate piece by piece and filter only where a move could be illegal. The common
    // case first: out of check and no en passant, only the King and pinned pieces.
    if n_checks == 0 && pos.ep[us.other().index()].is_none() {
        if n_pins == 0 {
            quiet_piece_moves::<_, false>(rules, t, pos, enemy, legality, out);
        } else {
            quiet_piece_moves::<_, true>(rules, t, pos, enemy, legality, out);
        }
    } else {
        let (rule, promotions) = (rules.capture_rule(), rules.promotion_kinds());
        legal_piece_moves_in_check_or_ep(
            t, pos, rule, promotions, king, enemy, n_checks, pinned, answers, out,
        );
    }
    // Castling is never allowed in check (the King's square is one that must be safe), and
    // out of check that square need not be tested again; where the shape needs it, the move
    // is then played on a copy (`castle_needs_recheck`).
    if n_checks == 0 {
        let first = out.len();
        let nothing = Square(NO_SQUARE);
        castling_moves(rules, pos, us, out, |sq| {
            sq != king && enemy.attack_lazy(t, b, sq, nothing)
        });
        if !t.castle_recheck {
            return;
        }
        enemy.ensure(t, b);
        retain_tail(out, first, |mv| {
            let mut after = b.clone();
            apply_to_board(&mut after, us, mv);
            after
                .king(us)
                .is_none_or(|k| !enemy.attack(t, &after, k, nothing))
        });
    }
}

/// The piece moves of [`legal_moves`] out of check and without en passant: only the
/// King's moves and those of pinned pieces (none when `PINS` is false) are filtered. Pieces
/// in square order, pawns recognised from the pawn bits.
#[inline(always)]
fn quiet_piece_moves<R: ClassicHooks + ?Sized, const PINS: bool>(
    rules: &R,
    t: &GenTables,
    pos: &Position,
    enemy: &mut Attackers,
    legality: &Legality,
    out: &mut impl MoveList,
) {
    let us = pos.turn;
    let captures = rules.capture_rule();
    let promotions = rules.promotion_kinds();
    let b = &pos.board;
    let Legality {
        king,
        ref pinned,
        ref pins,
        n_pins,
        ..
    } = *legality;
    for w in 0..b.words() {
        let mut bits = b.occupied_word(us, w);
        let pawns = b.pawn_word(us, w);
        while bits != 0 {
            let i = bits.trailing_zeros();
            bits &= bits - 1;
            let from = Square((w * 64 + i as usize) as u8);
            let is_pinned = PINS && pinned.contains(from);
            if pawns >> i & 1 != 0 && !is_pinned {
                pawn_moves_in::<false>(t, pos, captures, promotions, from, us, out);
                continue;
            }
            let Some(kind) = b.kind(us, from) else {
                continue;
            };
            if from == king {
                let first = out.len();
                step_moves_in(t, pos, captures, from, us, kind, out);
                if out.len() > first {
                    enemy.ensure(t, b);
                    retain_tail(out, first, |mv| !enemy.attack(t, b, mv.to, king));
                }
            } else if is_pinned {
                let first = out.len();
                moves_of_piece(rules, pos, from, us, kind, out);
                match pins[..n_pins].iter().find(|&&(s, _)| s == from) {
                    // Legal when it stays between the King and the pinner or takes the pinner.
                    Some(&(_, line)) => retain_tail(out, first, |mv| {
                        let p = t.pair(king, mv.to);
                        p & PAIR_DIST != 0
                            && (p ^ line) & PAIR_DIR == 0
                            && p & PAIR_DIST <= line & PAIR_DIST
                    }),
                    None => retain_tail(out, first, |mv| king_safe_after(pos, us, mv)),
                }
            } else {
                moves_of_piece_in::<false>(t, pos, captures, promotions, from, us, kind, out);
            }
        }
    }
}

/// The piece moves of [`legal_moves`] when the side to move is in check or may take
/// en passant: every move is filtered by the checks, pins and en passant tests.
#[inline(never)]
fn legal_piece_moves_in_check_or_ep(
    t: &GenTables,
    pos: &Position,
    captures: CaptureRule,
    promotions: &[PieceKind],
    king: Square,
    enemy: &mut Attackers,
    n_checks: usize,
    pinned: &SquareSet,
    answers: &SquareSet,
    out: &mut impl MoveList,
) {
    let us = pos.turn;
    let b = &pos.board;
    for (from, kind) in b.pieces(us) {
        let first = out.len();
        moves_of_piece_in::<true>(t, pos, captures, promotions, from, us, kind, out);
        if from == king {
            if out.len() > first {
                enemy.ensure(t, b);
                retain_tail(out, first, |mv| !enemy.attack(t, b, mv.to, king));
            }
        } else if n_checks >= 2 {
            // Only the King may answer a double check (en passant is tested to be sure).
            retain_tail(out, first, |mv| {
                matches!(mv.special, Special::EnPassant { .. }) && king_safe_after(pos, us, mv)
            });
        } else if pinned.contains(from) {
            retain_tail(out, first, |mv| king_safe_after(pos, us, mv));
        } else if kind == PieceKind::Pawn && pos.ep[us.other().index()].is_some() {
            retain_tail(out, first, |mv| match mv.special {
                Special::EnPassant { .. } => king_safe_after(pos, us, mv),
                Special::Normal | Special::Castle { .. } => {
                    n_checks == 0 || answers.contains(mv.to)
                }
            });
        } else if n_checks == 1 {
            retain_tail(out, first, |mv| answers.contains(mv.to));
        }
    }
}

/// Room for the legal moves of every position of a real game (8×8 at most 218); a hand-made
/// position with more overflows it, and is generated again into the caller's `Vec`.
pub(super) const FIXED_MOVES: usize = 256;

/// The generators' move buffer on the stack: no initialisation, no heap.
pub(super) struct FixedMoves {
    pub(super) moves: ArrayVec<Move, FIXED_MOVES>,
    /// Set when a move did not fit (the contents are then incomplete).
    pub(super) overflow: bool,
}

impl FixedMoves {
    /// An empty buffer.
    #[inline]
    pub(super) fn new() -> FixedMoves {
        FixedMoves {
            moves: ArrayVec::new(),
            overflow: false,
        }
    }

    /// Runs a generator into a buffer on the stack and appends its moves to `out`; where
    /// they did not fit (a hand-made position), runs it again straight into `out`.
    /// Returns what the generator returns (false: it does not apply, nothing pushed).
    #[inline(always)]
    pub(super) fn generate_into(
        out: &mut Vec<Move>,
        into_fixed: impl FnOnce(&mut FixedMoves) -> bool,
        into_vec: impl FnOnce(&mut Vec<Move>) -> bool,
    ) -> bool {
        let mut fixed = FixedMoves::new();
        if !into_fixed(&mut fixed) {
            return false;
        }
        if fixed.overflow {
            into_vec(out);
        } else {
            out.extend_from_slice(&fixed.moves);
        }
        true
    }
}

impl MoveSink for FixedMoves {
    #[inline]
    fn push(&mut self, mv: Move) {
        if self.moves.try_push(mv).is_err() {
            self.overflow = true;
        }
    }
}

impl MoveList for FixedMoves {
    #[inline]
    fn len(&self) -> usize {
        self.moves.len()
    }

    #[inline]
    fn moves_mut(&mut self) -> &mut [Move] {
        &mut self.moves
    }

    #[inline]
    fn truncate(&mut self, len: usize) {
        self.moves.truncate(len);
    }
}
