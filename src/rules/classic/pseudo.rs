//! Pseudo-legal move generation: the moves each piece's movement allows (own-King safety
//! not checked), under a capture rule, and castling moves whose conditions a caller's attack
//! test accepts. Stable order: by origin square, then the piece's generation order
//! (pawns: straight steps, then the left and right diagonals; lines: direction by
//! direction, nearest square first; then leaps), castling last.

use super::ClassicHooks;
use super::attacks::is_attacked;
use super::movement::CaptureRule;
use super::tables::{
    ALL_DIRS, DIAG_DIRS, GenTables, NO_SQUARE, ORTHO_DIRS, castle_specs, dir_list, line_mask,
};
use crate::rules::board::Board;
use crate::rules::geometry::Square;
use crate::rules::moves::{Move, Special};
use crate::rules::piece::{Color, PieceKind};
use crate::rules::position::{CastleSpec, Position, Wing};

/// Pushes moves of a pawn onto `out` (classic rules: no pass-through, promotion on the last
/// rank to the variant's kinds; the variant's capture rule decides the diagonal moves, so
/// Nonviolent has none).
pub(crate) fn pawn_moves<R: ClassicHooks + ?Sized>(
    rules: &R,
    pos: &Position,
    from: Square,
    us: Color,
    out: &mut Vec<Move>,
) {
    pawn_moves_in::<true>(
        GenTables::of(pos.shape()),
        pos,
        rules.capture_rule(),
        rules.promotion_kinds(),
        from,
        us,
        out,
    );
}

/// [`pawn_moves`] with the shape's tables, the capture rule and the promotion kinds at
/// hand. With `MAY_EP` false the en passant data is not looked at (the caller knows there
/// is none).
#[inline(always)]
pub(super) fn pawn_moves_in<const MAY_EP: bool>(
    t: &GenTables,
    pos: &Position,
    captures: CaptureRule,
    promotions: &[PieceKind],
    from: Square,
    us: Color,
    out: &mut impl MoveSink,
) {
    // Only a pawn one step from its last rank can promote; the others skip the test.
    if t.promotes_from[us.index()][from.index()] {
        pawn_moves_with::<MAY_EP, true>(t, pos, captures, promotions, from, us, out);
    } else {
        pawn_moves_with::<MAY_EP, false>(t, pos, captures, promotions, from, us, out);
    }
}

/// [`pawn_moves_in`]; `MAY_PROMOTE` false when no move of this pawn reaches the last rank.
#[inline(always)]
fn pawn_moves_with<const MAY_EP: bool, const MAY_PROMOTE: bool>(
    t: &GenTables,
    pos: &Position,
    captures: CaptureRule,
    promotions: &[PieceKind],
    from: Square,
    us: Color,
    out: &mut impl MoveSink,
) {
    let b = &pos.board;
    let promotions = if MAY_PROMOTE { promotions } else { &[] };
    // Straight steps, up to the first occupied square.
    for to in t.pawn_push[us.index()][from.index()] {
        if to == NO_SQUARE || !b.is_empty(Square(to)) {
            break;
        }
        push_pawn_move::<MAY_PROMOTE>(t, us, promotions, from, Square(to), Special::Normal, out);
    }
    // Captures.
    let them = us.other();
    for to in t.pawn_to[us.index()][from.index()] {
        if to == NO_SQUARE {
            continue;
        }
        let to = Square(to);
        if b.has(them, to) {
            if !b.has(us, to)
                && let Some(victim) = b.kind(them, to)
                && captures.allows(PieceKind::Pawn, victim)
            {
                push_pawn_move::<MAY_PROMOTE>(t, us, promotions, from, to, Special::Normal, out);
            }
        } else if MAY_EP
            && let Some(ep) = &pos.ep[them.index()]
            && b.is_empty(to)
            && ep.squares().any(|s| s == to)
            && b.kind(them, ep.pawn) == Some(PieceKind::Pawn)
            && captures.allows(PieceKind::Pawn, PieceKind::Pawn)
        {
            let special = Special::EnPassant { captured: ep.pawn };
            push_pawn_move::<MAY_PROMOTE>(t, us, promotions, from, to, special, out);
        }
    }
}

/// Pushes a pawn move, once per promotion kind when it reaches the last rank (which it
/// cannot when `MAY_PROMOTE` is false).
#[inline(always)]
fn push_pawn_move<const MAY_PROMOTE: bool>(
    t: &GenTables,
    us: Color,
    promotions: &[PieceKind],
    from: Square,
    to: Square,
    special: Special,
    out: &mut impl MoveSink,
) {
    let promotes = MAY_PROMOTE && t.promotes[us.index()][to.index()];
    super::legal64::push_pawn_move(promotes, promotions, from.index(), to.index(), special, out);
}

/// Pushes the non-pawn, non-castling moves of a piece: lines then leaps, under the
/// variant's capture rule.
pub(crate) fn piece_moves<R: ClassicHooks + ?Sized>(
    rules: &R,
    pos: &Position,
    from: Square,
    us: Color,
    kind: PieceKind,
    out: &mut Vec<Move>,
) {
    piece_moves_in(
        GenTables::of(pos.shape()),
        pos,
        rules.capture_rule(),
        from,
        us,
        kind,
        out,
    );
}

/// [`piece_moves`] with the shape's tables at hand.
#[inline(always)]
fn piece_moves_in(
    t: &GenTables,
    pos: &Position,
    captures: CaptureRule,
    from: Square,
    us: Color,
    kind: PieceKind,
    out: &mut impl MoveSink,
) {
    let (dirs, range) = line_mask(kind, t.zone[from.index()]);
    line_moves_in(t, pos, captures, from, us, kind, dir_list(dirs), range, out);
    for &to in t.leap_targets(kind, from) {
        push_piece_move(&pos.board, captures, us, kind, from, to, out);
    }
}

/// Pushes the moves of `us`'s `kind` on `from` along the directions `dirs` (indices in
/// [`Direction::ALL`]) up to `range` squares, in that order.
#[inline(always)]
fn line_moves_in(
    t: &GenTables,
    pos: &Position,
    captures: CaptureRule,
    from: Square,
    us: Color,
    kind: PieceKind,
    dirs: &[usize],
    range: u8,
    out: &mut impl MoveSink,
) {
    for &d in dirs {
        let d = d & 7;
        let mut to = t.step[from.index()][d];
        let mut left = range;
        while to != NO_SQUARE && left > 0 {
            if !push_piece_move(&pos.board, captures, us, kind, from, Square(to), out) {
                break;
            }
            to = t.step[to as usize][d];
            left -= 1;
        }
    }
}

/// [`line_moves_in`] without a range limit (Bishop, Rook, Queen).
#[inline(always)]
fn slide_moves_in(
    t: &GenTables,
    pos: &Position,
    captures: CaptureRule,
    from: Square,
    us: Color,
    kind: PieceKind,
    dirs: &[usize],
    out: &mut impl MoveSink,
) {
    for &d in dirs {
        let d = d & 7;
        let mut to = t.step[from.index()][d];
        while to != NO_SQUARE
            && push_piece_move(&pos.board, captures, us, kind, from, Square(to), out)
        {
            to = t.step[to as usize][d];
        }
    }
}

/// [`line_moves_in`] one square in each of the eight directions (the King).
#[inline(always)]
pub(super) fn step_moves_in(
    t: &GenTables,
    pos: &Position,
    captures: CaptureRule,
    from: Square,
    us: Color,
    kind: PieceKind,
    out: &mut impl MoveSink,
) {
    for to in t.step[from.index()] {
        if to != NO_SQUARE {
            push_piece_move(&pos.board, captures, us, kind, from, Square(to), out);
        }
    }
}

/// [`moves_of_piece`] with the shape's tables at hand, the standard kinds each with their
/// movement known at compile time (the same moves, in the same order, as
/// [`piece_moves_in`]). `MAY_EP` false: the caller knows there is no en passant.
#[inline(always)]
pub(super) fn moves_of_piece_in<const MAY_EP: bool>(
    t: &GenTables,
    pos: &Position,
    captures: CaptureRule,
    promotions: &[PieceKind],
    from: Square,
    us: Color,
    kind: PieceKind,
    out: &mut impl MoveSink,
) {
    let b = &pos.board;
    match kind {
        PieceKind::Pawn => pawn_moves_in::<MAY_EP>(t, pos, captures, promotions, from, us, out),
        PieceKind::Knight => {
            for &to in t.leap_targets(PieceKind::Knight, from) {
                push_piece_move(b, captures, us, kind, from, to, out);
            }
        }
        PieceKind::Bishop => slide_moves_in(t, pos, captures, from, us, kind, &DIAG_DIRS, out),
        PieceKind::Rook => slide_moves_in(t, pos, captures, from, us, kind, &ORTHO_DIRS, out),
        PieceKind::Queen => slide_moves_in(t, pos, captures, from, us, kind, &ALL_DIRS, out),
        PieceKind::King => step_moves_in(t, pos, captures, from, us, kind, out),
        PieceKind::Guard | PieceKind::Matriarch | PieceKind::Jumper | PieceKind::OuterKnight => {
            piece_moves_in(t, pos, captures, from, us, kind, out);
        }
    }
}

/// Pushes the move `from` → `to` if the square is empty or holds an enemy piece that may be
/// captured; returns whether a line continues past `to` (it was empty).
#[inline(always)]
fn push_piece_move(
    b: &Board,
    captures: CaptureRule,
    us: Color,
    kind: PieceKind,
    from: Square,
    to: Square,
    out: &mut impl MoveSink,
) -> bool {
    if b.is_empty(to) {
        out.push(Move::new(from, to));
        return true;
    }
    if !b.has(us, to)
        && let Some(victim) = b.kind(us.other(), to)
        && captures.allows(kind, victim)
    {
        out.push(Move::new(from, to));
    }
    false
}

/// The castling geometry a position's variant uses (`None` where it has no castling), without
/// building it anew: the shared tables behind [`Position::castle_spec`].
#[inline]
pub(crate) fn castle_spec_ref<R: ClassicHooks + ?Sized>(
    rules: &R,
    pos: &Position,
    side: Color,
    wing: Wing,
) -> Option<&'static CastleSpec> {
    if !rules.has_castling() {
        return None;
    }
    let w = match wing {
        Wing::Short => 0,
        Wing::Long => 1,
    };
    Some(&castle_specs(pos.shape())[side.index()][w])
}

/// Pseudo-legal moves of `us` (own-King safety not yet checked), castling included.
pub(crate) fn pseudo_moves<R: ClassicHooks + ?Sized>(
    rules: &R,
    pos: &Position,
    us: Color,
    out: &mut Vec<Move>,
) {
    piece_pseudo_moves(rules, pos, us, out);
    castling_moves(rules, pos, us, out, |sq| {
        is_attacked(&pos.board, sq, us.other())
    });
}

/// Pseudo-legal moves of `us` by ordinary movement (no castling, own-King safety not
/// checked), under the variant's capture rule and promotion kinds: by origin square, then by
/// generation order of the piece.
pub(crate) fn piece_pseudo_moves<R: ClassicHooks + ?Sized>(
    rules: &R,
    pos: &Position,
    us: Color,
    out: &mut Vec<Move>,
) {
    piece_pseudo_moves_with(pos, rules.capture_rule(), rules.promotion_kinds(), us, out);
}

/// [`piece_pseudo_moves`] under the capture rule `captures` instead of the variant's
/// (pawns promote to `promotions`).
pub(crate) fn piece_pseudo_moves_with(
    pos: &Position,
    captures: CaptureRule,
    promotions: &[PieceKind],
    us: Color,
    out: &mut Vec<Move>,
) {
    for (from, kind) in pos.board.pieces(us) {
        moves_of_piece_with(pos, captures, promotions, from, us, kind, out);
    }
}

/// Pushes the pseudo-legal moves (no castling) of `us`'s `kind` on `from`: pawn moves or
/// lines and leaps, under the variant's capture rule and promotion kinds. Not inlined: the
/// fast generator calls it only for pinned pieces.
#[inline(never)]
pub(crate) fn moves_of_piece<R: ClassicHooks + ?Sized>(
    rules: &R,
    pos: &Position,
    from: Square,
    us: Color,
    kind: PieceKind,
    out: &mut impl MoveSink,
) {
    moves_of_piece_with(
        pos,
        rules.capture_rule(),
        rules.promotion_kinds(),
        from,
        us,
        kind,
        out,
    );
}

/// [`moves_of_piece`] under the capture rule `captures` instead of the variant's: with
/// [`CaptureRule::Any`], the moves the piece's movement allows whatever it may capture
/// (pawns promote to `promotions`).
pub(crate) fn moves_of_piece_with(
    pos: &Position,
    captures: CaptureRule,
    promotions: &[PieceKind],
    from: Square,
    us: Color,
    kind: PieceKind,
    out: &mut impl MoveSink,
) {
    let t = GenTables::of(pos.shape());
    moves_of_piece_in::<true>(t, pos, captures, promotions, from, us, kind, out);
}

/// Pushes castling moves whose rights, emptiness and safety conditions hold (none where the
/// variant has no castling); `attacked` decides whether a square is attacked by the enemy
/// (variants differ).
pub(crate) fn castling_moves<R: ClassicHooks + ?Sized>(
    rules: &R,
    pos: &Position,
    us: Color,
    out: &mut impl MoveSink,
    mut attacked: impl FnMut(Square) -> bool,
) {
    for wing in Wing::BOTH {
        if !pos.can_castle(us, wing) {
            continue;
        }
        let Some(spec) = castle_spec_ref(rules, pos, us, wing) else {
            continue;
        };
        let b = &pos.board;
        if b.kind(us, spec.king_from) != Some(PieceKind::King)
            || b.kind(us, spec.rook_from) != Some(PieceKind::Rook)
        {
            continue;
        }
        let free = |s: Square| b.is_empty(s) || s == spec.king_from || s == spec.rook_from;
        if !spec.empty.iter().all(|&s| b.is_empty(s)) || !free(spec.king_to) || !free(spec.rook_to)
        {
            continue;
        }
        if spec.safe.iter().any(|&s| attacked(s)) {
            continue;
        }
        out.push(spec.castle_move());
    }
}

/// Keeps the moves of `out[first..]` that `keep` accepts, in order.
#[inline]
pub(crate) fn retain_tail(
    out: &mut impl MoveList,
    first: usize,
    mut keep: impl FnMut(&Move) -> bool,
) {
    let moves = out.moves_mut();
    let mut w = first;
    for i in first..moves.len() {
        let mv = moves[i];
        if keep(&mv) {
            moves[w] = mv;
            w += 1;
        }
    }
    out.truncate(w);
}

/// Where the generator puts its moves: the caller's `Vec`, the fixed buffer of
/// [`legal_moves_fast`](super::fast) (no capacity check against the heap on every push), or
/// a count ([`MoveCount`]).
pub(crate) trait MoveSink {
    /// Whether the sink only counts the moves: a generator may then [`MoveSink::add`] the
    /// size of a set of destinations at once instead of pushing its moves one by one.
    const COUNTS: bool = false;
    /// Appends a move.
    fn push(&mut self, mv: Move);
    /// Counts `n` more moves without listing them; called only where [`MoveSink::COUNTS`].
    #[inline]
    fn add(&mut self, n: u32) {
        debug_assert!(Self::COUNTS, "add({n}) on a sink that lists its moves");
    }
}

/// A sink that keeps its moves, so that a generator can filter those it pushed.
pub(crate) trait MoveList: MoveSink {
    /// The number of moves held.
    fn len(&self) -> usize;
    /// The moves held.
    fn moves_mut(&mut self) -> &mut [Move];
    /// Keeps the first `len` moves.
    fn truncate(&mut self, len: usize);
}

impl MoveSink for Vec<Move> {
    #[inline]
    fn push(&mut self, mv: Move) {
        Vec::push(self, mv);
    }
}

impl MoveList for Vec<Move> {
    #[inline]
    fn len(&self) -> usize {
        Vec::len(self)
    }

    #[inline]
    fn moves_mut(&mut self) -> &mut [Move] {
        self
    }

    #[inline]
    fn truncate(&mut self, len: usize) {
        Vec::truncate(self, len);
    }
}

/// The number of moves a generator gives, without the moves (perft's leaves).
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct MoveCount(pub(crate) u64);

impl MoveSink for MoveCount {
    const COUNTS: bool = true;

    #[inline(always)]
    fn push(&mut self, _mv: Move) {
        self.0 += 1;
    }

    #[inline(always)]
    fn add(&mut self, n: u32) {
        self.0 += u64::from(n);
    }
}

impl MoveCount {
    /// The count `generate` gives into a counting sink, `None` where it returns false
    /// (the generator does not apply to the position).
    #[inline(always)]
    pub(crate) fn of(generate: impl FnOnce(&mut MoveCount) -> bool) -> Option<u64> {
        let mut count = MoveCount::default();
        generate(&mut count).then_some(count.0)
    }
}

/// A sink that passes on to `out` only the moves `keep` accepts, one by one: a generator's
/// filter for a sink that need not hold its moves (a count).
pub(crate) struct Filtered<'a, O, F> {
    out: &'a mut O,
    keep: F,
}

impl<'a, O: MoveSink, F: FnMut(&Move) -> bool> Filtered<'a, O, F> {
    /// The moves of `out` that `keep` accepts.
    #[inline(always)]
    pub(crate) fn new(out: &'a mut O, keep: F) -> Self {
        Filtered { out, keep }
    }
}

impl<O: MoveSink, F: FnMut(&Move) -> bool> MoveSink for Filtered<'_, O, F> {
    #[inline(always)]
    fn push(&mut self, mv: Move) {
        if (self.keep)(&mv) {
            self.out.push(mv);
        }
    }
}
