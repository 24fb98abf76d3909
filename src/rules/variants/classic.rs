//! Classic move generation: standard chess (castling, en passant, promotion, pins, checks)
//! and the variants that only change what may be captured (Bully, Nonviolent) or the
//! geometry and pieces (Big Outer, `rules/big-outer.md`).
//!
//! Generation is pseudo-legal by piece, from per-shape lookup tables (steps, leaps by zone,
//! pawn steps, and a pair table saying how a piece on one square reaches another; built
//! once per board shape, 256 rows so a `Square` indexes them without a bounds check).
//! Legality comes from the checks and pins found once per position from a list of the
//! enemy's non-pawn pieces: only King moves, pinned pieces, en passant and castling are
//! tested for King safety, and in check the other moves must capture or block the checker
//! (`legal_moves`; docs/PERFORMANCE.md has the measurements). The straightforward generator that tests every risky
//! move on a copy of the board is kept as `legal_moves_reference` (Parity's shared
//! squares; the tests compare the two). Output order is stable: by origin square, then by
//! generation order of the piece, castling last.

use crate::rules::board::Board;
use crate::rules::geometry::{BoardShape, Direction, Square, Zone};
use crate::rules::moves::{CheckKind, Effect, Move, Special};
use crate::rules::outcome::{DrawReason, Outcome, WinReason};
use crate::rules::piece::{Color, Piece, PieceKind};
use crate::rules::position::{CastleSpec, EnPassant, Position, Wing};
use crate::rules::variant::Variant;
use arrayvec::ArrayVec;
use std::sync::OnceLock;

/// Big Outer initial position (`rules/big-outer.md §3`, ruling B-1): board field, then the
/// corner field C1 C2 C3 C4. The game reads its set-up from `assets/big-outer.ron`
/// ([`big_outer`](super::big_outer)); a test keeps the two equal.
pub const BIG_OUTER_INITIAL: &str =
    "jrmgbqkbgmrj/pppppppppppp/12/12/12/12/12/12/12/12/PPPPPPPPPPPP/JRMGBKQBGMRJ NNnn w KQkq - 0 1";

/// The 8 Knight leaps (file, rank), in generation order.
pub(crate) const KNIGHT_LEAPS: [(i8, i8); 8] = [
    (1, 2),
    (2, 1),
    (2, -1),
    (1, -2),
    (-1, -2),
    (-2, -1),
    (-2, 1),
    (-1, 2),
];

/// The 8 symmetric leaps of an (a, b) leaper, deduplicated, stable order.
fn sym(a: i8, b: i8) -> Vec<(i8, i8)> {
    let mut v = Vec::with_capacity(8);
    for (x, y) in [(a, b), (b, a)] {
        for (sx, sy) in [(1, 1), (1, -1), (-1, -1), (-1, 1)] {
            let d = (x * sx, y * sy);
            if !v.contains(&d) {
                v.push(d);
            }
        }
    }
    v
}

/// Leap offsets of a piece kind standing in `zone` (Big Outer pieces by zone, ruling B-3).
/// Returns an empty list for pieces that do not leap. The generator itself reads these
/// from its per-shape tables, built once from this function.
pub fn leaps(kind: PieceKind, zone: Zone) -> Vec<(i8, i8)> {
    match kind {
        PieceKind::Knight => KNIGHT_LEAPS.to_vec(),
        PieceKind::Guard => sym(3, 1),
        PieceKind::OuterKnight => match zone {
            Zone::Central => sym(2, 1),
            Zone::Mid => [sym(3, 1), sym(2, 2)].concat(),
            Zone::Outer => [sym(4, 1), sym(3, 2)].concat(),
        },
        PieceKind::Jumper => match zone {
            Zone::Outer => [sym(3, 0), sym(3, 3)].concat(),
            Zone::Mid => [sym(2, 0), sym(2, 2)].concat(),
            Zone::Central => Vec::new(),
        },
        PieceKind::Pawn
        | PieceKind::Bishop
        | PieceKind::Rook
        | PieceKind::Queen
        | PieceKind::King
        | PieceKind::Matriarch => Vec::new(),
    }
}

/// The line directions of a piece and how far it may slide (`u8::MAX` = unlimited; 1 = a
/// single step). Leaps are separate ([`leaps`]).
pub fn lines(kind: PieceKind, zone: Zone) -> (&'static [Direction], u8) {
    match kind {
        PieceKind::Bishop => (&Direction::DIAGONAL, u8::MAX),
        PieceKind::Rook => (&Direction::ORTHOGONAL, u8::MAX),
        PieceKind::Queen => (&Direction::ALL, u8::MAX),
        PieceKind::King | PieceKind::Jumper => (&Direction::ALL, 1),
        PieceKind::Guard => (&Direction::DIAGONAL, 1),
        PieceKind::Matriarch => (
            &Direction::ALL,
            match zone {
                Zone::Outer => u8::MAX,
                Zone::Mid => 6,
                Zone::Central => 3,
            },
        ),
        PieceKind::Pawn | PieceKind::Knight | PieceKind::OuterKnight => (&[], 0),
    }
}

/// Piece value for Bully Chess (`rules/bully-nonviolent.md`): P1 N2 B3 R5 Q9, King
/// infinite. Big Outer kinds are not played in Bully; they get a value for completeness.
pub fn bully_value(kind: PieceKind) -> u32 {
    match kind {
        PieceKind::Pawn => 1,
        PieceKind::Knight | PieceKind::OuterKnight => 2,
        PieceKind::Bishop | PieceKind::Guard | PieceKind::Jumper => 3,
        PieceKind::Rook => 5,
        PieceKind::Queen | PieceKind::Matriarch => 9,
        PieceKind::King => u32::MAX,
    }
}

/// Whether `attacker` may capture `victim` in this variant (Bully: value rule; Nonviolent:
/// never; ruling BN-3: a promoting pawn counts as a Pawn, so pass `Pawn`).
#[inline]
pub fn may_capture(variant: Variant, attacker: PieceKind, victim: PieceKind) -> bool {
    match variant {
        Variant::Bully => bully_value(attacker) >= bully_value(victim),
        Variant::Nonviolent => false,
        Variant::Standard
        | Variant::Intrachange
        | Variant::ForceField
        | Variant::Parity
        | Variant::ParitySingle
        | Variant::BigOuter => true,
    }
}

/// The kinds a pawn may promote to in a variant, strongest first.
pub fn promotion_kinds(variant: Variant) -> &'static [PieceKind] {
    match variant {
        Variant::BigOuter => &[
            PieceKind::Queen,
            PieceKind::Rook,
            PieceKind::Bishop,
            PieceKind::Guard,
            PieceKind::Matriarch,
            PieceKind::Jumper,
            PieceKind::OuterKnight,
        ],
        Variant::Intrachange => &[],
        Variant::Standard
        | Variant::ForceField
        | Variant::Parity
        | Variant::ParitySingle
        | Variant::Bully
        | Variant::Nonviolent => &[
            PieceKind::Queen,
            PieceKind::Rook,
            PieceKind::Bishop,
            PieceKind::Knight,
        ],
    }
}

/// Castling geometry. 8×8: King e→g / e→c, Rook h→f / a→d. Big Outer (`§2`): White King
/// f1→c1 with Rook b1→d1 (short) or f1→i1 with Rook k1→h1 (long); Black King g12→j12 with
/// Rook k12→i12 (short) or g12→d12 with Rook b12→e12 (long).
pub fn castle_spec(shape: BoardShape, side: Color, wing: Wing) -> CastleSpec {
    let back = match side {
        Color::White => 0,
        Color::Black => shape.ranks() - 1,
    };
    let (kf, kt, rf, rt) = match (shape, side, wing) {
        (BoardShape::Standard, _, Wing::Short) => (4, 6, 7, 5),
        (BoardShape::Standard, _, Wing::Long) => (4, 2, 0, 3),
        (BoardShape::BigOuter, Color::White, Wing::Short) => (5, 2, 1, 3),
        (BoardShape::BigOuter, Color::White, Wing::Long) => (5, 8, 10, 7),
        (BoardShape::BigOuter, Color::Black, Wing::Short) => (6, 9, 10, 8),
        (BoardShape::BigOuter, Color::Black, Wing::Long) => (6, 3, 1, 4),
    };
    let at = |f: i8| {
        shape
            .square_at(f, back)
            .expect("invariant: castling squares are on the back rank")
    };
    let span = |a: i8, b: i8| -> Vec<Square> {
        let (lo, hi) = (a.min(b), a.max(b));
        (lo + 1..hi).map(at).collect()
    };
    let empty = span(kf, rf);
    let mut safe = vec![at(kf)];
    match shape {
        // King's start, the squares it crosses and its landing square.
        BoardShape::Standard => {
            let step = if kt > kf { 1 } else { -1 };
            let mut f = kf;
            while f != kt {
                f += step;
                safe.push(at(f));
            }
        }
        // Ruling B-2: every square between King and Rook.
        BoardShape::BigOuter => safe.extend(empty.iter().copied()),
    }
    CastleSpec {
        king_from: at(kf),
        king_to: at(kt),
        rook_from: at(rf),
        rook_to: at(rt),
        empty,
        safe,
    }
}

/// Squares strictly between two aligned squares, nearest `from` first; empty if the squares
/// are not on one rank, file or diagonal.
pub fn between(shape: BoardShape, from: Square, to: Square) -> Vec<Square> {
    let (f0, r0) = shape.coords(from);
    let (f1, r1) = shape.coords(to);
    let (df, dr) = (f1 - f0, r1 - r0);
    if (df == 0 && dr == 0) || !(df == 0 || dr == 0 || df.abs() == dr.abs()) {
        return Vec::new();
    }
    let (sf, sr) = (df.signum(), dr.signum());
    let n = df.abs().max(dr.abs());
    (1..n)
        .filter_map(|i| shape.square_at(f0 + sf * i, r0 + sr * i))
        .collect()
}

/// The pawn's start rank (index) and how far it may step from it and from elsewhere.
fn pawn_steps(shape: BoardShape, side: Color, rank: i8) -> u8 {
    let start = match side {
        Color::White => 1,
        Color::Black => shape.ranks() - 2,
    };
    match shape {
        BoardShape::Standard => {
            if rank == start {
                2
            } else {
                1
            }
        }
        BoardShape::BigOuter => {
            if rank == start {
                4
            } else {
                2
            }
        }
    }
}

fn last_rank(shape: BoardShape, side: Color) -> i8 {
    match side {
        Color::White => shape.ranks() - 1,
        Color::Black => 0,
    }
}

/// Pushes moves of a pawn onto `out` (classic rules: no pass-through, promotion on the last
/// rank; `captures` false suppresses diagonal moves, as Nonviolent does).
pub(crate) fn pawn_moves(pos: &Position, from: Square, us: Color, out: &mut Vec<Move>) {
    pawn_moves_in::<true>(GenTables::of(pos.shape()), pos, from, us, out);
}

/// [`pawn_moves`] with the shape's tables at hand. With `MAY_EP` false the en passant
/// data is not looked at (the caller knows there is none).
#[inline(always)]
fn pawn_moves_in<const MAY_EP: bool>(
    t: &GenTables,
    pos: &Position,
    from: Square,
    us: Color,
    out: &mut impl MoveSink,
) {
    // Only a pawn one step from its last rank can promote; the others skip the test.
    if t.promotes_from[us.index()][from.index()] {
        pawn_moves_with::<MAY_EP, true>(t, pos, from, us, out);
    } else {
        pawn_moves_with::<MAY_EP, false>(t, pos, from, us, out);
    }
}

/// [`pawn_moves_in`]; `MAY_PROMOTE` false when no move of this pawn reaches the last rank.
#[inline(always)]
fn pawn_moves_with<const MAY_EP: bool, const MAY_PROMOTE: bool>(
    t: &GenTables,
    pos: &Position,
    from: Square,
    us: Color,
    out: &mut impl MoveSink,
) {
    let b = &pos.board;
    let variant = pos.variant;
    // Straight steps, up to the first occupied square.
    for to in t.pawn_push[us.index()][from.index()] {
        if to == NO_SQUARE || !b.is_empty(Square(to)) {
            break;
        }
        push_pawn_move::<MAY_PROMOTE>(t, us, variant, from, Square(to), Special::Normal, out);
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
                && may_capture(variant, PieceKind::Pawn, victim)
            {
                push_pawn_move::<MAY_PROMOTE>(t, us, variant, from, to, Special::Normal, out);
            }
        } else if MAY_EP
            && let Some(ep) = &pos.ep[them.index()]
            && b.is_empty(to)
            && ep.squares().any(|s| s == to)
            && b.kind(them, ep.pawn) == Some(PieceKind::Pawn)
            && may_capture(variant, PieceKind::Pawn, PieceKind::Pawn)
        {
            let special = Special::EnPassant { captured: ep.pawn };
            push_pawn_move::<MAY_PROMOTE>(t, us, variant, from, to, special, out);
        }
    }
}

/// Pushes a pawn move, once per promotion kind when it reaches the last rank (which it
/// cannot when `MAY_PROMOTE` is false).
#[inline(always)]
fn push_pawn_move<const MAY_PROMOTE: bool>(
    t: &GenTables,
    us: Color,
    variant: Variant,
    from: Square,
    to: Square,
    special: Special,
    out: &mut impl MoveSink,
) {
    if MAY_PROMOTE && t.promotes[us.index()][to.index()] {
        let promos = promotion_kinds(variant);
        if !promos.is_empty() {
            for &k in promos {
                out.push(Move {
                    from,
                    to,
                    promotion: Some(k),
                    special,
                });
            }
            return;
        }
    }
    out.push(Move {
        from,
        to,
        promotion: None,
        special,
    });
}

/// Pushes the non-pawn, non-castling moves of a piece: lines then leaps.
pub(crate) fn piece_moves(
    pos: &Position,
    from: Square,
    us: Color,
    kind: PieceKind,
    out: &mut Vec<Move>,
) {
    piece_moves_in(GenTables::of(pos.shape()), pos, from, us, kind, out);
}

/// [`piece_moves`] with the shape's tables at hand.
#[inline(always)]
fn piece_moves_in(
    t: &GenTables,
    pos: &Position,
    from: Square,
    us: Color,
    kind: PieceKind,
    out: &mut impl MoveSink,
) {
    let (dirs, range) = line_mask(kind, t.zone[from.index()]);
    line_moves_in(t, pos, from, us, kind, dir_list(dirs), range, out);
    for &to in t.leap_targets(kind, from) {
        push_piece_move(&pos.board, pos.variant, us, kind, from, to, out);
    }
}

/// Pushes the moves of `us`'s `kind` on `from` along the directions `dirs` (indices in
/// [`Direction::ALL`]) up to `range` squares, in that order.
#[inline(always)]
fn line_moves_in(
    t: &GenTables,
    pos: &Position,
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
            if !push_piece_move(&pos.board, pos.variant, us, kind, from, Square(to), out) {
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
            && push_piece_move(&pos.board, pos.variant, us, kind, from, Square(to), out)
        {
            to = t.step[to as usize][d];
        }
    }
}

/// [`line_moves_in`] one square in each of the eight directions (the King).
#[inline(always)]
fn step_moves_in(
    t: &GenTables,
    pos: &Position,
    from: Square,
    us: Color,
    kind: PieceKind,
    out: &mut impl MoveSink,
) {
    for to in t.step[from.index()] {
        if to != NO_SQUARE {
            push_piece_move(&pos.board, pos.variant, us, kind, from, Square(to), out);
        }
    }
}

/// [`moves_of_piece`] with the shape's tables at hand, the standard kinds each with their
/// movement known at compile time (the same moves, in the same order, as
/// [`piece_moves_in`]). `MAY_EP` false: the caller knows there is no en passant.
#[inline(always)]
fn moves_of_piece_in<const MAY_EP: bool>(
    t: &GenTables,
    pos: &Position,
    from: Square,
    us: Color,
    kind: PieceKind,
    out: &mut impl MoveSink,
) {
    let b = &pos.board;
    match kind {
        PieceKind::Pawn => pawn_moves_in::<MAY_EP>(t, pos, from, us, out),
        PieceKind::Knight => {
            for &to in t.leap_targets(PieceKind::Knight, from) {
                push_piece_move(b, pos.variant, us, kind, from, to, out);
            }
        }
        PieceKind::Bishop => slide_moves_in(t, pos, from, us, kind, &DIAG_DIRS, out),
        PieceKind::Rook => slide_moves_in(t, pos, from, us, kind, &ORTHO_DIRS, out),
        PieceKind::Queen => slide_moves_in(t, pos, from, us, kind, &ALL_DIRS, out),
        PieceKind::King => step_moves_in(t, pos, from, us, kind, out),
        PieceKind::Guard | PieceKind::Matriarch | PieceKind::Jumper | PieceKind::OuterKnight => {
            piece_moves_in(t, pos, from, us, kind, out);
        }
    }
}

/// Pushes the move `from` → `to` if the square is empty or holds an enemy piece that may be
/// captured; returns whether a line continues past `to` (it was empty).
#[inline(always)]
fn push_piece_move(
    b: &Board,
    variant: Variant,
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
        && may_capture(variant, kind, victim)
    {
        out.push(Move::new(from, to));
    }
    false
}

/// Whether `sq` is attacked by any piece of `by` under classic movement (fields, resting
/// pieces and capture restrictions ignored: rulings BN-1, BN-2). A square holding any piece
/// blocks lines.
#[inline]
pub fn is_attacked(board: &Board, sq: Square, by: Color) -> bool {
    let mut hit = false;
    scan_attackers(board, sq, by, &mut |_| {
        hit = true;
        true
    });
    hit
}

/// The squares of `by`'s pieces that attack `sq` under classic movement: pawns, then leaps,
/// then lines. Stable order.
pub fn attackers(board: &Board, sq: Square, by: Color) -> Vec<Square> {
    let mut found = Vec::new();
    scan_attackers(board, sq, by, &mut |s| {
        found.push(s);
        false
    });
    found
}

/// Calls `f` with each attacker of `sq`; stops when `f` returns true.
#[inline]
fn scan_attackers(board: &Board, sq: Square, by: Color, f: &mut impl FnMut(Square) -> bool) {
    let t = GenTables::of(board.shape());
    // Pawns attack diagonally forward, so look diagonally backward from `sq`.
    for s in t.pawn_from[by.index()][sq.index()] {
        if s != NO_SQUARE && board.kind(by, Square(s)) == Some(PieceKind::Pawn) && f(Square(s)) {
            return;
        }
    }
    // Leaps.
    for &(s, mask) in t.leapers_to(sq) {
        if let Some(k) = board.kind(by, s)
            && leaper_index(k).is_some_and(|li| mask & (1 << li) != 0)
            && f(s)
        {
            return;
        }
    }
    // Lines: the first piece along each line from `sq`.
    for d in 0..8 {
        let mut cur = t.step[sq.index()][d];
        let mut dist = 1;
        while cur != NO_SQUARE {
            let s = Square(cur);
            if board.is_empty(s) {
                cur = t.step[s.index()][d];
                dist += 1;
                continue;
            }
            if let Some(k) = board.kind(by, s) {
                let (dirs, range) = line_mask(k, t.zone[s.index()]);
                // The attacker moves in the opposite direction, which is in its set iff `d`
                // is (every set is symmetric).
                if dist <= range && dirs & (1 << d) != 0 && f(s) {
                    return;
                }
            }
            break;
        }
    }
}

/// Every leap offset any Big Outer piece can make (union over kinds and zones).
const ALL_BIG_LEAPS: [(i8, i8); 48] = {
    // Families (2,1) (3,1) (2,2) (4,1) (3,2) (3,0) (3,3) (2,0): 8+8+4+8+8+4+4+4 = 48.
    let mut v = [(0i8, 0i8); 48];
    let fams: [(i8, i8); 8] = [
        (2, 1),
        (3, 1),
        (2, 2),
        (4, 1),
        (3, 2),
        (3, 0),
        (3, 3),
        (2, 0),
    ];
    let mut n = 0;
    let mut i = 0;
    while i < fams.len() {
        let (a, b) = fams[i];
        let cands = [
            (a, b),
            (a, -b),
            (-a, -b),
            (-a, b),
            (b, a),
            (b, -a),
            (-b, -a),
            (-b, a),
        ];
        let mut j = 0;
        while j < 8 {
            let c = cands[j];
            let mut dup = false;
            let mut k = 0;
            while k < n {
                if v[k].0 == c.0 && v[k].1 == c.1 {
                    dup = true;
                }
                k += 1;
            }
            if !dup {
                v[n] = c;
                n += 1;
            }
            j += 1;
        }
        i += 1;
    }
    assert!(n == 48);
    v
};

/// "No square" in the lookup tables.
const NO_SQUARE: u8 = u8::MAX;

/// The kinds that leap, in table order.
const LEAPERS: [PieceKind; 4] = [
    PieceKind::Knight,
    PieceKind::Guard,
    PieceKind::OuterKnight,
    PieceKind::Jumper,
];

/// A kind's index in [`LEAPERS`] (`None` for kinds that do not leap).
#[inline]
fn leaper_index(kind: PieceKind) -> Option<usize> {
    match kind {
        PieceKind::Knight => Some(0),
        PieceKind::Guard => Some(1),
        PieceKind::OuterKnight => Some(2),
        PieceKind::Jumper => Some(3),
        PieceKind::Pawn
        | PieceKind::Bishop
        | PieceKind::Rook
        | PieceKind::Queen
        | PieceKind::King
        | PieceKind::Matriarch => None,
    }
}

/// The rook directions as a direction mask (bit = index in [`Direction::ALL`]).
const ORTHO: u8 = 0x0f;
/// The bishop directions as a direction mask.
const DIAG: u8 = 0xf0;

/// The direction indices of [`ORTHO`], [`DIAG`] and all eight, in [`Direction::ALL`] order.
const ORTHO_DIRS: [usize; 4] = [0, 1, 2, 3];
const DIAG_DIRS: [usize; 4] = [4, 5, 6, 7];
const ALL_DIRS: [usize; 8] = [0, 1, 2, 3, 4, 5, 6, 7];

/// The direction indices of a mask from [`line_mask`] (which only gives these four).
#[inline]
fn dir_list(mask: u8) -> &'static [usize] {
    match mask {
        0 => &[],
        ORTHO => &ORTHO_DIRS,
        DIAG => &DIAG_DIRS,
        _ => &ALL_DIRS,
    }
}

/// Line movement as a direction mask (bit = index in [`Direction::ALL`]) and a range; the
/// same facts as [`lines`], in a form that is cheap to test.
#[inline]
fn line_mask(kind: PieceKind, zone: Zone) -> (u8, u8) {
    match kind {
        PieceKind::Bishop => (DIAG, u8::MAX),
        PieceKind::Rook => (ORTHO, u8::MAX),
        PieceKind::Queen => (0xff, u8::MAX),
        PieceKind::King | PieceKind::Jumper => (0xff, 1),
        PieceKind::Guard => (DIAG, 1),
        PieceKind::Matriarch => (
            0xff,
            match zone {
                Zone::Outer => u8::MAX,
                Zone::Mid => 6,
                Zone::Central => 3,
            },
        ),
        PieceKind::Pawn | PieceKind::Knight | PieceKind::OuterKnight => (0, 0),
    }
}

/// Rows of the per-square tables: one per `u8`, so that a [`Square`] indexes them without a
/// bounds check. Only the first `shape.len()` rows mean anything; the others say "no
/// square" / "no move".
const ROWS: usize = 256;

/// The most leap destinations of one piece on one square (an outer-zone outer Knight).
const MAX_LEAPS: usize = 16;

/// The most straight steps of a pawn (four from the Big Outer start rank).
const MAX_PAWN_STEPS: usize = 4;

/// The squares one leaper on one square leaps to, in [`leaps`] order.
#[derive(Clone, Copy)]
struct LeapList {
    to: [Square; MAX_LEAPS],
    len: u8,
}

impl LeapList {
    const EMPTY: LeapList = LeapList {
        to: [Square(NO_SQUARE); MAX_LEAPS],
        len: 0,
    };

    #[inline]
    fn squares(&self) -> &[Square] {
        &self.to[..(self.len as usize).min(MAX_LEAPS)]
    }
}

/// How a kind moves from one square by lines and leaps: [`line_mask`] and its leaper bit
/// (1 << index in [`LEAPERS`], 0 if it does not leap). All zero for a pawn.
#[derive(Clone, Copy)]
struct Mobility {
    dirs: u8,
    range: u8,
    leap: u8,
}

impl Mobility {
    const NONE: Mobility = Mobility {
        dirs: 0,
        range: 0,
        leap: 0,
    };
}

/// Every piece kind, in `kind as usize` order.
const ALL_KINDS: [PieceKind; KINDS] = [
    PieceKind::Pawn,
    PieceKind::Knight,
    PieceKind::Bishop,
    PieceKind::Rook,
    PieceKind::Queen,
    PieceKind::King,
    PieceKind::Guard,
    PieceKind::Matriarch,
    PieceKind::Jumper,
    PieceKind::OuterKnight,
];

/// The number of piece kinds (rows of [`GenTables::mobility`], indexed by `kind as usize`).
const KINDS: usize = 10;

/// How a piece on one square reaches another, packed in a `u16` (see [`GenTables::pair`]):
/// bits 0–3 the distance along a shared rank, file or diagonal (0: none), bits 4–6 the
/// direction index from the first square to the second, bits 8–11 the leapers (bit =
/// index in [`LEAPERS`]) that leap from the first square onto the second.
const PAIR_DIST: u16 = 0x000f;
/// The direction bits of a [`GenTables::pair`] entry.
const PAIR_DIR: u16 = 0x0070;
const PAIR_LEAPS_SHIFT: u16 = 8;

/// Lookup tables of one board shape for move generation and attack tests, built once per
/// shape. Everything here is derived from [`BoardShape`], [`leaps`] and the pawn rules, so
/// the generator stays general (8×8 and the 148-square Big Outer board with its corners and
/// zones); the tables only avoid recomputing it on every call.
struct GenTables {
    /// `step[sq][dir]`: the neighbour of `sq` in `Direction::ALL[dir]`, or [`NO_SQUARE`].
    step: [[u8; 8]; ROWS],
    /// (file, rank) of each square.
    coords: [(i8, i8); ROWS],
    /// Zone of each square.
    zone: [Zone; ROWS],
    /// `mobility[kind as usize][sq]`: how a `kind` on `sq` moves by lines and leaps.
    mobility: [[Mobility; ROWS]; KINDS],
    /// `leaps[leaper][sq]`: the squares a `LEAPERS[leaper]` on `sq` leaps to.
    leaps: [[LeapList; ROWS]; LEAPERS.len()],
    /// `leaper_span[sq]`: the range of `leaper_from` listing the squares a leaper could
    /// leap onto `sq` from, each with the mask of leapers (bit = index in [`LEAPERS`]) that
    /// make that leap from there; in the order of the old attack scan.
    leaper_span: Vec<(u16, u16)>,
    /// Reverse leaps (see `leaper_span`).
    leaper_from: Vec<(Square, u16)>,
    /// `pair[a << 8 | b]`: how a piece on `a` reaches `b` (lines and leaps, see
    /// [`PAIR_DIST`]).
    pair: Box<[u16; ROWS * ROWS]>,
    /// `reach[b]`: the squares `a` (one bit each) with a nonzero `pair[a << 8 | b]`, from
    /// which some piece could reach `b` on an empty board: only an enemy piece there can
    /// check or pin a King on `b`.
    reach: Box<[[u64; 4]; ROWS]>,
    /// `pawn_from[side][sq]`: the (up to two) squares from which a pawn of `side` attacks
    /// `sq`, or [`NO_SQUARE`].
    pawn_from: [[[u8; 2]; ROWS]; 2],
    /// `pawn_push[side][sq]`: the squares a pawn of `side` on `sq` steps straight to on an
    /// empty board, nearest first, then [`NO_SQUARE`] ([`pawn_steps`]; the last rank only
    /// by a single step).
    pawn_push: [[[u8; MAX_PAWN_STEPS]; ROWS]; 2],
    /// `pawn_to[side][sq]`: the squares diagonally ahead (file − 1 first), or
    /// [`NO_SQUARE`].
    pawn_to: [[[u8; 2]; ROWS]; 2],
    /// `promotes[side][sq]`: whether `sq` is on `side`'s last rank.
    promotes: [[bool; ROWS]; 2],
    /// `promotes_from[side][sq]`: whether a pawn of `side` on `sq` has a step or a
    /// diagonal onto its last rank.
    promotes_from: [[bool; ROWS]; 2],
    /// `castle_clear[sq]`: the castling rights (bits of `Position::castling`) lost when a
    /// move leaves or lands on `sq` (a Rook's start square).
    castle_clear: [u8; ROWS],
    /// Whether a castling move must still be played on a copy of the board after its
    /// squares passed the safety test (see [`castle_needs_recheck`]).
    castle_recheck: bool,
}

impl GenTables {
    fn build(shape: BoardShape) -> GenTables {
        let mut step = [[NO_SQUARE; 8]; ROWS];
        let mut coords = [(0, 0); ROWS];
        let mut zone = [Zone::Outer; ROWS];
        for sq in shape.squares() {
            for d in Direction::ALL {
                if let Some(to) = shape.step(sq, d) {
                    step[sq.index()][d.index()] = to.0;
                }
            }
            coords[sq.index()] = shape.coords(sq);
            zone[sq.index()] = shape.zone(sq);
        }
        let mut mobility = [[Mobility::NONE; ROWS]; KINDS];
        for (i, kind) in ALL_KINDS.into_iter().enumerate() {
            assert_eq!(
                kind as usize, i,
                "invariant: ALL_KINDS is in discriminant order"
            );
            for sq in shape.squares() {
                let (dirs, range) = line_mask(kind, shape.zone(sq));
                let leap = leaper_index(kind).map_or(0, |li| 1 << li);
                mobility[kind as usize][sq.index()] = Mobility { dirs, range, leap };
            }
        }
        let mut leap_lists = [[LeapList::EMPTY; ROWS]; LEAPERS.len()];
        for (li, kind) in LEAPERS.into_iter().enumerate() {
            for sq in shape.squares() {
                let list = &mut leap_lists[li][sq.index()];
                for (df, dr) in leaps(kind, shape.zone(sq)) {
                    if let Some(to) = shape.leap(sq, df, dr) {
                        list.to[list.len as usize] = to;
                        list.len += 1;
                    }
                }
            }
        }
        let mut leaper_span = Vec::with_capacity(shape.len());
        let mut leaper_from = Vec::new();
        for sq in shape.squares() {
            let start = leaper_from.len() as u16;
            let offsets: &[(i8, i8)] = match shape {
                BoardShape::Standard => &KNIGHT_LEAPS,
                BoardShape::BigOuter => &ALL_BIG_LEAPS,
            };
            for &(df, dr) in offsets {
                let Some(s) = shape.leap(sq, df, dr) else {
                    continue;
                };
                let mut mask = 0;
                for (li, kind) in LEAPERS.into_iter().enumerate() {
                    let leaps_here = match shape {
                        BoardShape::Standard => kind == PieceKind::Knight,
                        BoardShape::BigOuter => leaps(kind, shape.zone(s)).contains(&(-df, -dr)),
                    };
                    if leaps_here {
                        mask |= 1 << li;
                    }
                }
                if mask != 0 {
                    leaper_from.push((s, mask));
                }
            }
            leaper_span.push((start, leaper_from.len() as u16));
        }
        let mut pair: Box<[u16; ROWS * ROWS]> = vec![0; ROWS * ROWS]
            .into_boxed_slice()
            .try_into()
            .expect("invariant: the vector has ROWS * ROWS entries");
        for a in shape.squares() {
            for d in Direction::ALL {
                for (i, b) in shape.ray(a, d).enumerate() {
                    pair[a.index() << 8 | b.index()] |= (i as u16 + 1) | (d.index() as u16) << 4;
                }
            }
            for (li, list) in leap_lists.iter().enumerate() {
                for b in list[a.index()].squares() {
                    pair[a.index() << 8 | b.index()] |= 1 << (PAIR_LEAPS_SHIFT + li as u16);
                }
            }
        }
        let mut reach = Box::new([[0u64; 4]; ROWS]);
        for a in shape.squares() {
            for b in shape.squares() {
                if pair[a.index() << 8 | b.index()] != 0 {
                    reach[b.index()][a.index() >> 6] |= 1 << (a.index() & 63);
                }
            }
        }
        let mut pawn_from = [[[NO_SQUARE; 2]; ROWS]; 2];
        let mut pawn_to = [[[NO_SQUARE; 2]; ROWS]; 2];
        let mut pawn_push = [[[NO_SQUARE; MAX_PAWN_STEPS]; ROWS]; 2];
        let mut promotes = [[false; ROWS]; 2];
        let mut promotes_from = [[false; ROWS]; 2];
        for side in Color::BOTH {
            let ahead = match side {
                Color::White => Direction::North,
                Color::Black => Direction::South,
            };
            let last = last_rank(shape, side);
            let c = side.index();
            for sq in shape.squares() {
                for (i, df) in [-1, 1].into_iter().enumerate() {
                    if let Some(s) = shape.leap(sq, df, -side.forward()) {
                        pawn_from[c][sq.index()][i] = s.0;
                    }
                    if let Some(s) = shape.leap(sq, df, side.forward()) {
                        pawn_to[c][sq.index()][i] = s.0;
                    }
                }
                let max = pawn_steps(shape, side, shape.rank(sq));
                let mut cur = sq;
                for n in 1..=max {
                    let Some(to) = shape.step(cur, ahead) else {
                        break;
                    };
                    if n > 1 && shape.rank(to) == last {
                        break;
                    }
                    pawn_push[c][sq.index()][n as usize - 1] = to.0;
                    cur = to;
                }
                promotes[c][sq.index()] = shape.rank(sq) == last;
            }
            for sq in shape.squares() {
                let mut reach = pawn_push[c][sq.index()]
                    .into_iter()
                    .chain(pawn_to[c][sq.index()]);
                promotes_from[c][sq.index()] =
                    reach.any(|s| s != NO_SQUARE && promotes[c][s as usize]);
            }
        }
        let mut castle_clear = [0; ROWS];
        let mut castle_recheck = false;
        for side in Color::BOTH {
            for (w, wing) in Wing::BOTH.into_iter().enumerate() {
                let spec = castle_spec(shape, side, wing);
                castle_clear[spec.rook_from.index()] |= 1 << (side.index() * 2 + w);
                castle_recheck |= castle_needs_recheck(shape, &spec);
            }
        }
        GenTables {
            step,
            coords,
            zone,
            mobility,
            leaps: leap_lists,
            leaper_span,
            leaper_from,
            pair,
            reach,
            pawn_from,
            pawn_push,
            pawn_to,
            promotes,
            promotes_from,
            castle_clear,
            castle_recheck,
        }
    }

    /// The tables of `shape`.
    #[inline]
    fn of(shape: BoardShape) -> &'static GenTables {
        static STANDARD: OnceLock<GenTables> = OnceLock::new();
        static BIG_OUTER: OnceLock<GenTables> = OnceLock::new();
        match shape {
            BoardShape::Standard => STANDARD.get_or_init(|| GenTables::build(shape)),
            BoardShape::BigOuter => BIG_OUTER.get_or_init(|| GenTables::build(shape)),
        }
    }

    /// How a piece on `a` reaches `b` (see [`PAIR_DIST`]).
    #[inline]
    fn pair(&self, a: Square, b: Square) -> u16 {
        self.pair[a.index() << 8 | b.index()]
    }

    /// The squares a `kind` on `sq` leaps to (empty for kinds that do not leap).
    #[inline]
    fn leap_targets(&self, kind: PieceKind, sq: Square) -> &[Square] {
        match leaper_index(kind) {
            Some(li) => self.leaps[li][sq.index()].squares(),
            None => &[],
        }
    }

    /// The squares a leaper could attack `sq` from, with the leapers that do.
    #[inline]
    fn leapers_to(&self, sq: Square) -> &[(Square, u16)] {
        let (a, b) = self.leaper_span[sq.index()];
        &self.leaper_from[a as usize..b as usize]
    }
}

/// Whether a castling move whose `safe` squares are unattacked (with King and Rook still on
/// their start squares) can still leave the King attacked, so that it must be played on a
/// copy of the board. Castling moves only the King and the Rook along the back rank, so the
/// only lines that change are along that rank through the squares they leave. It cannot
/// when the King lands on a tested square, the Rook lands between the King's two squares
/// (blocking the line through the King's start) and no square lies beyond the Rook's start
/// (so no line runs through it): true of the 8×8 board, not of the Big Outer board (a1
/// lies beyond the Rook on b1).
fn castle_needs_recheck(shape: BoardShape, spec: &CastleSpec) -> bool {
    let file = |s: Square| shape.file(s);
    let (kf, kt, rt) = (file(spec.king_from), file(spec.king_to), file(spec.rook_to));
    let rook_between = kf.min(kt) < rt && rt < kf.max(kt);
    let away = if file(spec.rook_from) > kt { 1 } else { -1 };
    let beyond = shape.leap(spec.rook_from, away, 0).is_some();
    !spec.safe.contains(&spec.king_to) || !rook_between || beyond
}

/// The castling geometry of `shape` for each side and wing, built once.
fn castle_specs(shape: BoardShape) -> &'static [[CastleSpec; 2]; 2] {
    static STANDARD: OnceLock<[[CastleSpec; 2]; 2]> = OnceLock::new();
    static BIG_OUTER: OnceLock<[[CastleSpec; 2]; 2]> = OnceLock::new();
    let build = || Color::BOTH.map(|side| Wing::BOTH.map(|wing| castle_spec(shape, side, wing)));
    match shape {
        BoardShape::Standard => STANDARD.get_or_init(build),
        BoardShape::BigOuter => BIG_OUTER.get_or_init(build),
    }
}

/// The castling geometry a position's variant uses (`None` where it has no castling), without
/// building it anew: the shared tables behind [`Position::castle_spec`].
#[inline]
pub(crate) fn castle_spec_ref(
    pos: &Position,
    side: Color,
    wing: Wing,
) -> Option<&'static CastleSpec> {
    if !has_castling(pos.variant) {
        return None;
    }
    let w = match wing {
        Wing::Short => 0,
        Wing::Long => 1,
    };
    Some(&castle_specs(pos.shape())[side.index()][w])
}

/// Whether the variant knows castling at all.
#[inline]
fn has_castling(variant: Variant) -> bool {
    match variant {
        Variant::Intrachange => false,
        Variant::Standard
        | Variant::ForceField
        | Variant::Parity
        | Variant::ParitySingle
        | Variant::Bully
        | Variant::Nonviolent
        | Variant::BigOuter => true,
    }
}

/// Pseudo-legal moves of `us` (own-King safety not yet checked), castling included.
pub(crate) fn pseudo_moves(pos: &Position, us: Color, out: &mut Vec<Move>) {
    piece_pseudo_moves(pos, us, out);
    castling_moves(pos, us, out, |sq| is_attacked(&pos.board, sq, us.other()));
}

/// Pseudo-legal moves of `us` by ordinary movement (no castling, own-King safety not
/// checked): by origin square, then by generation order of the piece.
pub(crate) fn piece_pseudo_moves(pos: &Position, us: Color, out: &mut Vec<Move>) {
    for (from, kind) in pos.board.pieces(us) {
        moves_of_piece(pos, from, us, kind, out);
    }
}

/// Pushes the pseudo-legal moves (no castling) of `us`'s `kind` on `from`: pawn moves or
/// lines and leaps. Not inlined: the fast generator calls it only for pinned pieces.
#[inline(never)]
pub(crate) fn moves_of_piece(
    pos: &Position,
    from: Square,
    us: Color,
    kind: PieceKind,
    out: &mut impl MoveSink,
) {
    moves_of_piece_in::<true>(GenTables::of(pos.shape()), pos, from, us, kind, out);
}

/// Pushes castling moves whose rights, emptiness and safety conditions hold; `attacked`
/// decides whether a square is attacked by the enemy (variants differ).
pub(crate) fn castling_moves(
    pos: &Position,
    us: Color,
    out: &mut impl MoveSink,
    mut attacked: impl FnMut(Square) -> bool,
) {
    for wing in Wing::BOTH {
        if !pos.can_castle(us, wing) {
            continue;
        }
        let Some(spec) = castle_spec_ref(pos, us, wing) else {
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
        out.push(Move {
            from: spec.king_from,
            to: spec.king_to,
            promotion: None,
            special: Special::Castle {
                rook_from: spec.rook_from,
                rook_to: spec.rook_to,
            },
        });
    }
}

/// Applies a move's piece placement to a board (no rights or counters).
pub(crate) fn apply_to_board(board: &mut Board, us: Color, mv: &Move) {
    let them = us.other();
    let Some(kind) = board.remove(us, mv.from) else {
        return;
    };
    match mv.special {
        Special::EnPassant { captured } => {
            board.remove(them, captured);
        }
        Special::Castle { rook_from, rook_to } => {
            if let Some(r) = board.remove(us, rook_from) {
                board.put(rook_to, Piece::new(us, r));
            }
        }
        Special::Normal => {
            if board.has(them, mv.to) {
                board.remove(them, mv.to);
            }
        }
    }
    board.put(mv.to, Piece::new(us, mv.promotion.unwrap_or(kind)));
}

/// Whether `us`'s King is safe after `mv`, by the classic attack rule.
pub(crate) fn king_safe_after(pos: &Position, us: Color, mv: &Move) -> bool {
    let mut b = pos.board.clone();
    apply_to_board(&mut b, us, mv);
    match b.king(us) {
        Some(k) => !is_attacked(&b, k, us.other()),
        None => true,
    }
}

/// Whether the side to move has a legal capture en passant onto `to` of the enemy pawn on
/// `pawn` (classic rules): one of the pawn moves the generator makes from a square attacking
/// `to` is that capture, and the own King is safe after it — the test the legal generator
/// applies to every capture en passant.
pub(crate) fn en_passant_is_legal(pos: &Position, pawn: Square, to: Square) -> bool {
    let us = pos.turn;
    let t = GenTables::of(pos.shape());
    let mut moves = Vec::new();
    t.pawn_from[us.index()][to.index()].into_iter().any(|q| {
        if q == NO_SQUARE || pos.board.kind(us, Square(q)) != Some(PieceKind::Pawn) {
            return false;
        }
        moves.clear();
        pawn_moves(pos, Square(q), us, &mut moves);
        moves.iter().any(|m| {
            m.to == to
                && matches!(m.special, Special::EnPassant { captured } if captured == pawn)
                && king_safe_after(pos, us, m)
        })
    })
}

/// Whether moving the piece on `from` (not the King) could expose the King on `king` to a
/// line piece: they are aligned with nothing between, and the first piece beyond `from` is
/// an enemy line piece.
fn may_be_pinned(pos: &Position, king: Square, from: Square, us: Color) -> bool {
    let shape = pos.shape();
    let (kf, kr) = shape.coords(king);
    let (ff, fr) = shape.coords(from);
    let (df, dr) = (ff - kf, fr - kr);
    if !(df == 0 || dr == 0 || df.abs() == dr.abs()) {
        return false;
    }
    let dir = Direction::ALL
        .into_iter()
        .find(|d| d.delta() == (df.signum(), dr.signum()));
    let Some(dir) = dir else { return false };
    let mut cur = king;
    // Walk to `from`: anything in between shields the King.
    loop {
        match shape.step(cur, dir) {
            Some(s) if s == from => {
                cur = s;
                break;
            }
            Some(s) if pos.board.is_empty(s) => cur = s,
            _ => return false,
        }
    }
    while let Some(s) = shape.step(cur, dir) {
        cur = s;
        if pos.board.is_empty(s) {
            continue;
        }
        return match pos.board.kind(us.other(), s) {
            Some(k) => !lines(k, shape.zone(s)).0.is_empty() && lines(k, shape.zone(s)).1 > 1,
            None => false,
        };
    }
    false
}

/// Legal moves of the side to move (classic rules), in pseudo-legal generation order.
///
/// Checks and pins are found once per position, so most moves need no test: a King move is
/// tested against the attackers of its destination (with the King lifted off the board), a
/// move of a pinned piece, en passant and castling are played on a copy of the board, and
/// in check every other move must capture the single checker or block its line. Parity
/// (shared squares) uses [`legal_moves_reference`].
pub(crate) fn legal_moves(pos: &Position, out: &mut Vec<Move>) {
    match pos.variant {
        Variant::Parity | Variant::ParitySingle => legal_moves_reference(pos, out),
        Variant::Standard
        | Variant::Bully
        | Variant::Nonviolent
        | Variant::BigOuter
        | Variant::Intrachange
        | Variant::ForceField => legal_moves_fast(pos, out),
    }
}

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

/// The most attackers [`Attackers`] holds; a side with more non-pawn pieces (only in
/// hand-made positions) is handled by [`legal_moves_reference`].
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

fn legal_moves_fast(pos: &Position, out: &mut Vec<Move>) {
    let us = pos.turn;
    let them = us.other();
    let b = &pos.board;
    let Some(king) = b.king(us) else {
        pseudo_moves(pos, us, out);
        return;
    };
    let t = GenTables::of(pos.shape());
    if non_pawn_count(b, them) > MAX_ATTACKERS {
        legal_moves_reference(pos, out);
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
    legal_moves_with(t, pos, &mut enemy, &legality, &mut fixed);
    if fixed.overflow {
        legal_moves_with(t, pos, &mut enemy, &legality, out);
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

/// What [`legal_moves_fast`] found out about the King of the side to move.
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

/// The legal moves of [`legal_moves_fast`], given the checks and pins.
#[inline(always)]
fn legal_moves_with(
    t: &GenTables,
    pos: &Position,
    enemy: &mut Attackers,
    legality: &Legality,
    out: &mut impl MoveSink,
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
            quiet_piece_moves::<false>(t, pos, enemy, legality, out);
        } else {
            quiet_piece_moves::<true>(t, pos, enemy, legality, out);
        }
    } else {
        legal_piece_moves_in_check_or_ep(t, pos, king, enemy, n_checks, pinned, answers, out);
    }
    // Castling is never allowed in check (the King's square is one that must be safe), and
    // out of check that square need not be tested again; where the shape needs it, the move
    // is then played on a copy (`castle_needs_recheck`).
    if n_checks == 0 {
        let first = out.len();
        let nothing = Square(NO_SQUARE);
        castling_moves(pos, us, out, |sq| {
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

/// The piece moves of [`legal_moves_fast`] out of check and without en passant: only the
/// King's moves and those of pinned pieces (none when `PINS` is false) are filtered. Pieces
/// in square order, pawns recognised from the pawn bits.
#[inline(always)]
fn quiet_piece_moves<const PINS: bool>(
    t: &GenTables,
    pos: &Position,
    enemy: &mut Attackers,
    legality: &Legality,
    out: &mut impl MoveSink,
) {
    let us = pos.turn;
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
                pawn_moves_in::<false>(t, pos, from, us, out);
                continue;
            }
            let Some(kind) = b.kind(us, from) else {
                continue;
            };
            if from == king {
                let first = out.len();
                step_moves_in(t, pos, from, us, kind, out);
                if out.len() > first {
                    enemy.ensure(t, b);
                    retain_tail(out, first, |mv| !enemy.attack(t, b, mv.to, king));
                }
            } else if is_pinned {
                let first = out.len();
                moves_of_piece(pos, from, us, kind, out);
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
                moves_of_piece_in::<false>(t, pos, from, us, kind, out);
            }
        }
    }
}

/// The piece moves of [`legal_moves_fast`] when the side to move is in check or may take
/// en passant: every move is filtered by the checks, pins and en passant tests.
#[inline(never)]
fn legal_piece_moves_in_check_or_ep(
    t: &GenTables,
    pos: &Position,
    king: Square,
    enemy: &mut Attackers,
    n_checks: usize,
    pinned: &SquareSet,
    answers: &SquareSet,
    out: &mut impl MoveSink,
) {
    let us = pos.turn;
    let b = &pos.board;
    for (from, kind) in b.pieces(us) {
        let first = out.len();
        moves_of_piece_in::<true>(t, pos, from, us, kind, out);
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

/// Keeps the moves of `out[first..]` that `keep` accepts, in order.
#[inline]
fn retain_tail(out: &mut impl MoveSink, first: usize, mut keep: impl FnMut(&Move) -> bool) {
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

/// Where the generator puts its moves: the caller's `Vec`, or the fixed buffer of
/// [`legal_moves_fast`] (no capacity check against the heap on every push).
pub(crate) trait MoveSink {
    /// Appends a move.
    fn push(&mut self, mv: Move);
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

/// Room for the legal moves of every position of a real game (8×8 at most 218); a hand-made
/// position with more overflows it, and is generated again into the caller's `Vec`.
const FIXED_MOVES: usize = 256;

/// The fast generator's move buffer on the stack: no initialisation, no heap.
struct FixedMoves {
    moves: ArrayVec<Move, FIXED_MOVES>,
    /// Set when a move did not fit (the contents are then incomplete).
    overflow: bool,
}

impl MoveSink for FixedMoves {
    #[inline]
    fn push(&mut self, mv: Move) {
        if self.moves.try_push(mv).is_err() {
            self.overflow = true;
        }
    }

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

/// Legal moves of the side to move (classic rules), the straightforward way: every move
/// that could expose the King is played on a copy of the board. The reference the fast
/// generator is tested against, and the generator for Parity's shared squares.
pub(crate) fn legal_moves_reference(pos: &Position, out: &mut Vec<Move>) {
    let us = pos.turn;
    let start = out.len();
    pseudo_moves(pos, us, out);
    let Some(king) = pos.board.king(us) else {
        return;
    };
    let checked = is_attacked(&pos.board, king, us.other());
    let mut w = start;
    for i in start..out.len() {
        let mv = out[i];
        let needs_test = checked
            || mv.from == king
            || !matches!(mv.special, Special::Normal)
            || may_be_pinned(pos, king, mv.from, us);
        if !needs_test || king_safe_after(pos, us, &mv) {
            out[w] = mv;
            w += 1;
        }
    }
    out.truncate(w);
}

/// Updates rights, en passant, counters and the side to move after `mv`; the board must not
/// have been changed yet.
pub(crate) fn play_unchecked(pos: &mut Position, mv: &Move) {
    let us = pos.turn;
    let them = us.other();
    let t = GenTables::of(pos.shape());
    let Some(kind) = pos.board.kind(us, mv.from) else {
        return;
    };
    let capture = match mv.special {
        Special::EnPassant { .. } => {
            apply_to_board(&mut pos.board, us, mv);
            true
        }
        Special::Castle { .. } => {
            apply_to_board(&mut pos.board, us, mv);
            false
        }
        Special::Normal => {
            let to_kind = mv.promotion.unwrap_or(kind);
            pos.board.step(us, mv.from, mv.to, to_kind)
        }
    };
    // Castling rights: lost by a King move and by any move from or onto a Rook's start.
    if kind == PieceKind::King {
        pos.set_castling(us, Wing::Short, false);
        pos.set_castling(us, Wing::Long, false);
    }
    if pos.castling != 0 && has_castling(pos.variant) {
        pos.castling &= !(t.castle_clear[mv.from.index()] | t.castle_clear[mv.to.index()]);
    }
    // En passant: recorded only when an enemy pawn attacks a passed square (cheap), and then
    // kept only where the capture is legal.
    pos.ep = [None; 2];
    let mut may_take = false;
    if kind == PieceKind::Pawn && may_capture(pos.variant, PieceKind::Pawn, PieceKind::Pawn) {
        let dist = (t.coords[mv.to.index()].1 - t.coords[mv.from.index()].1).abs();
        if dist >= 2 {
            pos.ep[us.index()] = en_passant_after_advance(&pos.board, us, mv.from, mv.to);
            may_take = pos.ep[us.index()].is_some();
        }
    }
    if kind == PieceKind::Pawn || capture {
        pos.halfmove = 0;
    } else {
        pos.halfmove += 1;
    }
    if us == Color::Black {
        pos.fullmove += 1;
    }
    pos.turn = them;
    if may_take {
        super::retain_legal_en_passant(pos);
    }
}

/// Plays a legal move and reports its effects: the step (and the castling Rook's), the
/// capture, the promotion, a check, the game end.
pub(crate) fn play(pos: &mut Position, mv: &Move) -> Vec<Effect> {
    let us = pos.turn;
    let them = us.other();
    let mut fx = Vec::new();
    let Some(kind) = pos.board.kind(us, mv.from) else {
        return fx;
    };
    fx.push(Effect::Step {
        piece: Piece::new(us, kind),
        from: mv.from,
        to: mv.to,
    });
    match mv.special {
        Special::Castle { rook_from, rook_to } => fx.push(Effect::Step {
            piece: Piece::new(us, PieceKind::Rook),
            from: rook_from,
            to: rook_to,
        }),
        Special::EnPassant { captured } => fx.push(Effect::Capture {
            piece: Piece::new(them, PieceKind::Pawn),
            at: captured,
        }),
        Special::Normal => {
            if let Some(v) = pos.board.kind(them, mv.to) {
                fx.push(Effect::Capture {
                    piece: Piece::new(them, v),
                    at: mv.to,
                });
            }
        }
    }
    if let Some(p) = mv.promotion {
        fx.push(Effect::Promote {
            at: mv.to,
            piece: Piece::new(us, p),
        });
    }
    super::play_unchecked(pos, mv);
    if pos.in_check(them) {
        fx.push(Effect::Check {
            side: them,
            kind: CheckKind::Classic,
        });
    }
    if let Some(o) = pos.outcome() {
        fx.push(Effect::GameOver(o));
    }
    fx
}

/// Whether `side`'s King is attacked (classic).
pub(crate) fn in_check(pos: &Position, side: Color) -> bool {
    pos.board
        .king(side)
        .is_some_and(|k| is_attacked(&pos.board, k, side.other()))
}

/// Mate, stalemate, the 50-move rule (automatic at 100 plies) and dead material.
pub(crate) fn outcome(pos: &Position) -> Option<Outcome> {
    if pos.legal_moves().is_empty() {
        return Some(if pos.in_check(pos.turn) {
            Outcome::Win {
                winner: pos.turn.other(),
                reason: WinReason::Checkmate,
            }
        } else {
            Outcome::Draw {
                reason: DrawReason::Stalemate,
            }
        });
    }
    if pos.halfmove >= 100 {
        return Some(Outcome::Draw {
            reason: DrawReason::FiftyMoves,
        });
    }
    if pos.insufficient_material() {
        return Some(Outcome::Draw {
            reason: DrawReason::InsufficientMaterial,
        });
    }
    None
}

/// Only the two Kings are left.
pub(crate) fn only_kings(pos: &Position) -> bool {
    pos.board
        .all_pieces()
        .all(|(_, p)| p.kind == PieceKind::King)
}

/// Standard dead positions: K v K, K + one minor v K, and Kings with Bishops all on one
/// square colour.
pub(crate) fn insufficient_material(pos: &Position) -> bool {
    let shape = pos.shape();
    let mut minors = 0;
    let mut knights = 0;
    let mut bishop_colors = [false; 2];
    for (sq, p) in pos.board.all_pieces() {
        match p.kind {
            PieceKind::King => {}
            PieceKind::Knight => {
                minors += 1;
                knights += 1;
            }
            PieceKind::Bishop => {
                minors += 1;
                let (f, r) = shape.coords(sq);
                bishop_colors[((f + r) & 1) as usize] = true;
            }
            PieceKind::Pawn
            | PieceKind::Rook
            | PieceKind::Queen
            | PieceKind::Guard
            | PieceKind::Matriarch
            | PieceKind::Jumper
            | PieceKind::OuterKnight => return false,
        }
    }
    minors <= 1 || (knights == 0 && !(bishop_colors[0] && bishop_colors[1]))
}

/// The en passant data after `side`'s pawn advanced from `from` to `to`: the squares it
/// passed, when an enemy pawn attacks one of them (and so might take it; whether the capture
/// is legal is [`retain_legal_en_passant`](super::retain_legal_en_passant)'s to decide).
pub(crate) fn en_passant_after_advance(
    board: &Board,
    side: Color,
    from: Square,
    to: Square,
) -> Option<EnPassant> {
    let t = GenTables::of(board.shape());
    let p = t.pair(from, to);
    let dist = (p & PAIR_DIST) as u8;
    let dir = (p >> 4) as usize & 7;
    // The squares passed over, and whether an enemy pawn attacks one of them.
    let mut passed = [None; 3];
    let mut capturable = false;
    let mut cur = from;
    for i in 1..dist {
        cur = Square(t.step[cur.index()][dir]);
        if let Some(slot) = passed.get_mut(i as usize - 1) {
            *slot = Some(cur);
        }
        capturable |= t.pawn_from[side.other().index()][cur.index()]
            .into_iter()
            .any(|q| {
                q != NO_SQUARE && board.kind(side.other(), Square(q)) == Some(PieceKind::Pawn)
            });
    }
    if !capturable {
        return None;
    }
    Some(EnPassant { pawn: to, passed })
}

/// Why a piece cannot make `mv` by its movement: the first piece in the way of a line move,
/// else that the piece does not move so.
pub(crate) fn movement_refusal(pos: &Position, kind: PieceKind, mv: &Move) -> String {
    let shape = pos.shape();
    let n = |s: Square| shape.name(s);
    let blocked = between(shape, mv.from, mv.to)
        .into_iter()
        .find(|&s| !pos.board.is_empty(s));
    match blocked {
        Some(b) if kind != PieceKind::Knight => format!(
            "the {} on {} cannot reach {}: {} is in the way",
            kind.name(),
            n(mv.from),
            n(mv.to),
            n(b)
        ),
        _ => format!(
            "a {} cannot move from {} to {}",
            kind.name(),
            n(mv.from),
            n(mv.to)
        ),
    }
}

/// Names the rule that forbids `mv` (which is not in the legal move list).
pub(crate) fn why_illegal(pos: &Position, mv: &Move) -> String {
    let shape = pos.shape();
    let n = |s: Square| shape.name(s);
    let us = pos.turn;
    let Some(piece) = pos.board.piece_at(mv.from) else {
        return format!("there is no piece on {}", n(mv.from));
    };
    let Some(kind) = pos.board.kind(us, mv.from) else {
        return format!(
            "the piece on {} is {}'s, and it is {}'s move",
            n(mv.from),
            piece.color,
            us
        );
    };
    if mv.from == mv.to {
        return "a move must change the square".to_string();
    }
    // A King move onto its castling square is judged by the castling rules below (on the
    // Big Outer board the landing square may hold an own piece at the start).
    let castle_attempt = kind == PieceKind::King
        && Wing::BOTH.into_iter().any(|w| {
            pos.castle_spec(us, w)
                .is_some_and(|s| s.king_from == mv.from && s.king_to == mv.to)
        });
    if pos.board.kind(us, mv.to).is_some()
        && !castle_attempt
        && !matches!(mv.special, Special::Castle { .. })
    {
        return format!("{} holds one of {}'s own pieces", n(mv.to), us);
    }
    // Same move ignoring the capture rules?
    let mut geom = Vec::new();
    let probe = Position {
        variant: Variant::Standard,
        ..pos.clone()
    };
    if kind == PieceKind::Pawn {
        let mut tmp = Vec::new();
        pawn_moves(&probe, mv.from, us, &mut tmp);
        geom = tmp;
    } else if matches!(pos.variant, Variant::BigOuter) {
        piece_moves(pos, mv.from, us, kind, &mut geom);
    } else {
        piece_moves(&probe, mv.from, us, kind, &mut geom);
    }
    let victim = pos.board.kind(us.other(), mv.to);
    let geometric = geom.iter().any(|m| m.from == mv.from && m.to == mv.to);
    if geometric && let Some(v) = victim {
        match pos.variant {
            Variant::Nonviolent => {
                return "captures are not allowed in Nonviolent Chess".to_string();
            }
            Variant::Bully if !may_capture(Variant::Bully, kind, v) => {
                return format!(
                    "a {} cannot capture a {} in Bully Chess (a piece may only capture one of equal or lower value: {} < {})",
                    kind.name(),
                    v.name(),
                    bully_value(kind),
                    bully_value(v)
                );
            }
            _ => {}
        }
    }
    if pos.variant == Variant::Nonviolent
        && kind == PieceKind::Pawn
        && pos.ep[us.other().index()].is_some_and(|e| e.squares().any(|s| s == mv.to))
    {
        return "captures (en passant included) are not allowed in Nonviolent Chess".to_string();
    }
    if kind == PieceKind::King
        && pos.castle_spec(us, Wing::Short).is_some()
        && Wing::BOTH.into_iter().any(|w| {
            pos.castle_spec(us, w)
                .is_some_and(|s| s.king_from == mv.from && s.king_to == mv.to)
        })
    {
        let wing = Wing::BOTH
            .into_iter()
            .find(|&w| {
                pos.castle_spec(us, w)
                    .is_some_and(|s| s.king_from == mv.from && s.king_to == mv.to)
            })
            .unwrap_or(Wing::Short);
        let spec = pos
            .castle_spec(us, wing)
            .unwrap_or_else(|| castle_spec(shape, us, wing));
        if !pos.can_castle(us, wing) {
            return "castling is no longer allowed on that side (King or Rook has moved)"
                .to_string();
        }
        if let Some(b) = spec.empty.iter().find(|&&s| !pos.board.is_empty(s)) {
            return format!(
                "castling needs the squares between King and Rook empty, but {} is occupied",
                n(*b)
            );
        }
        if pos.in_check(us) {
            return "the King may not castle out of check".to_string();
        }
        if let Some(a) = spec
            .safe
            .iter()
            .find(|&&s| is_attacked(&pos.board, s, us.other()))
        {
            return match shape {
                BoardShape::Standard => format!(
                    "the King may not castle through or into check ({} is attacked)",
                    n(*a)
                ),
                // Ruling B-2: every square between King and Rook, not only the King's path.
                BoardShape::BigOuter => format!(
                    "every square between King and Rook must be unattacked ({} is attacked)",
                    n(*a)
                ),
            };
        }
        return "castling would leave the King in check".to_string();
    }
    let matching: Vec<&Move> = geom
        .iter()
        .filter(|m| m.from == mv.from && m.to == mv.to)
        .collect();
    if matching.is_empty() {
        return movement_refusal(pos, kind, mv);
    }
    if matching.iter().all(|m| m.promotion.is_some()) && mv.promotion.is_none() {
        return "a pawn reaching the last rank must promote: add the piece letter (e.g. e7e8q)"
            .to_string();
    }
    if mv.promotion.is_some() && !matching.iter().any(|m| m.promotion == mv.promotion) {
        return "that promotion is not allowed here".to_string();
    }
    if pos.in_check(us) {
        return format!("{} is in check and this move does not answer it", us);
    }
    if kind == PieceKind::King {
        return "the King may not move into check".to_string();
    }
    "it would leave the King in check (the piece is pinned)".to_string()
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::rngs::Xoshiro256PlusPlus;
    use rand::{RngExt, SeedableRng};

    /// Plays seeded random games and checks at every position that the fast generator and
    /// the reference one (every risky move played on a copy) give the same moves in the same
    /// order. Returns the number of positions compared.
    fn compare_with_reference(variant: Variant, start: &str, games: u64, plies: usize) -> usize {
        let mut compared = 0;
        for g in 0..games {
            let mut rng = Xoshiro256PlusPlus::seed_from_u64(0xc1a5_0000 + g);
            let mut pos = Position::from_text(variant, start).unwrap();
            for _ in 0..plies {
                let mut fast = Vec::new();
                legal_moves_fast(&pos, &mut fast);
                let mut reference = Vec::new();
                legal_moves_reference(&pos, &mut reference);
                assert_eq!(fast, reference, "{variant} at {}", pos.to_text());
                compared += 1;
                if fast.is_empty() {
                    break;
                }
                let mv = fast[rng.random_range(0..fast.len())];
                pos.play_unchecked(&mv);
            }
        }
        compared
    }

    #[test]
    fn fast_generator_matches_the_reference_in_random_games_of_every_classic_variant() {
        let standard = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
        let kiwipete = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
        let mut n = 0;
        for v in [Variant::Standard, Variant::Bully, Variant::Nonviolent] {
            n += compare_with_reference(v, standard, 20, 150);
            n += compare_with_reference(v, kiwipete, 10, 100);
        }
        n += compare_with_reference(Variant::BigOuter, BIG_OUTER_INITIAL, 30, 200);
        // Big Outer pieces checking and pinning from every zone and from the corners.
        let busy = "4k7/12/12/2m5j3/12/5G6/2r3q2M2/12/1g6b3/12/4N7/5K6 NbBn w - - 0 1";
        n += compare_with_reference(Variant::BigOuter, busy, 30, 120);
        assert!(n > 10_000, "{n} positions compared");
    }

    #[test]
    fn classic_variant_perft_counts_are_unchanged_by_the_fast_generator() {
        // Counts of the generator before the lookup tables and the check/pin filter (commit
        // 015c4ec); not published figures, a guard that the rewrite changed no move.
        use crate::rules::perft::perft;
        let busy = "4k7/12/12/2m5j3/12/5G6/2r3q2M2/12/1g6b3/12/4N7/5K6 NbBn w - - 0 1";
        let kiwipete = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
        assert_eq!(perft(&Position::new(Variant::BigOuter), 3), 233_438);
        assert_eq!(
            perft(&Position::from_text(Variant::BigOuter, busy).unwrap(), 3),
            12_860
        );
        assert_eq!(perft(&Position::new(Variant::Bully), 4), 197_079);
        assert_eq!(perft(&Position::new(Variant::Nonviolent), 4), 195_005);
        assert_eq!(
            perft(&Position::from_text(Variant::Bully, kiwipete).unwrap(), 3),
            94_674
        );
    }

    /// Depth 4 of the Big Outer start (15 million nodes): release build only.
    #[test]
    #[ignore = "slow in the dev profile: cargo test --release --no-default-features --lib -- --ignored"]
    fn big_outer_perft_depth_4_is_unchanged_by_the_fast_generator() {
        use crate::rules::perft::perft;
        let busy = "4k7/12/12/2m5j3/12/5G6/2r3q2M2/12/1g6b3/12/4N7/5K6 NbBn w - - 0 1";
        assert_eq!(perft(&Position::new(Variant::BigOuter), 4), 15_118_658);
        assert_eq!(
            perft(&Position::from_text(Variant::BigOuter, busy).unwrap(), 4),
            1_362_349
        );
    }

    #[test]
    fn single_check_by_a_leaper_on_a_line_cannot_be_blocked() {
        // A Big Outer Jumper in the mid zone leaps (2,0): from e3 it checks the King on e1,
        // and the Rook on a2 cannot answer by standing on e2 in between.
        let p = Position::from_text(
            Variant::BigOuter,
            "12/12/12/12/12/12/12/12/12/4j7/R11/4K6k ---- w - - 0 1",
        )
        .unwrap();
        assert!(p.in_check(Color::White));
        let mut fast = Vec::new();
        legal_moves_fast(&p, &mut fast);
        let mut reference = Vec::new();
        legal_moves_reference(&p, &mut reference);
        assert_eq!(fast, reference);
        let names: Vec<String> = fast.iter().map(|m| m.coordinate(p.shape())).collect();
        assert!(!names.iter().any(|m| m == "a2e2"), "{names:?}");
        assert!(names.iter().all(|m| m.starts_with("e1")), "{names:?}");
    }

    #[test]
    fn big_leap_table_is_complete() {
        for (a, b) in [
            (2, 1),
            (3, 1),
            (2, 2),
            (4, 1),
            (3, 2),
            (3, 0),
            (3, 3),
            (2, 0),
        ] {
            for d in sym(a, b) {
                assert!(ALL_BIG_LEAPS.contains(&d), "{d:?}");
            }
        }
    }

    #[test]
    fn board_step_places_pieces_as_remove_and_put_do() {
        // Captures, promotions (with capture), King moves; 8×8 and Big Outer.
        let cases = [
            (
                Variant::Standard,
                "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            ),
            (Variant::Standard, "n1n5/PPPk4/8/8/8/8/4Kppp/5N1N b - - 0 1"),
            (
                Variant::BigOuter,
                "4k7/12/12/2m5j3/12/5G6/2r3q2M2/12/1g6b3/12/4N7/5K6 NbBn w - - 0 1",
            ),
        ];
        let mut stepped = 0;
        for (variant, text) in cases {
            let pos = Position::from_text(variant, text).unwrap();
            for mv in pos.legal_moves() {
                if mv.special != Special::Normal {
                    continue;
                }
                let us = pos.turn;
                let kind = pos.board.kind(us, mv.from).unwrap();
                let mut expected = pos.board.clone();
                apply_to_board(&mut expected, us, &mv);
                let mut board = pos.board.clone();
                let captured = board.step(us, mv.from, mv.to, mv.promotion.unwrap_or(kind));
                assert_eq!(board, expected, "{variant} {text} {mv:?}");
                assert_eq!(captured, pos.board.has(us.other(), mv.to));
                stepped += 1;
            }
        }
        assert_eq!(stepped, 72, "moves stepped");
    }

    #[test]
    fn reach_lists_exactly_the_squares_with_a_line_or_leap_to_the_square() {
        let t = GenTables::of(BoardShape::Standard);
        let e1 = BoardShape::Standard.parse_square("e1").unwrap();
        let has = |name: &str| {
            let a = BoardShape::Standard.parse_square(name).unwrap();
            t.reach[e1.index()][a.index() >> 6] & (1 << (a.index() & 63)) != 0
        };
        // Lines, Knight leaps and the Big Outer leapers' leaps (f4: a (1, 3) leap).
        for sq in ["e8", "a5", "h4", "a1", "h1", "d2", "f3", "c2", "f4"] {
            assert!(has(sq), "{sq} reaches e1");
        }
        for sq in ["e1", "b8", "g8", "d8", "h6", "a4"] {
            assert!(!has(sq), "{sq} does not reach e1");
        }
        for shape in [BoardShape::Standard, BoardShape::BigOuter] {
            let t = GenTables::of(shape);
            for a in shape.squares() {
                for b in shape.squares() {
                    let bit = t.reach[b.index()][a.index() >> 6] >> (a.index() & 63) & 1;
                    assert_eq!(bit != 0, t.pair(a, b) != 0, "{shape:?} {a:?} {b:?}");
                }
            }
        }
    }

    #[test]
    fn more_moves_than_the_fixed_buffer_holds_are_generated_into_the_vec() {
        // Nine Queens on the open Big Outer board: 278 legal moves, more than FIXED_MOVES.
        let p = Position::from_text(
            Variant::BigOuter,
            "11k/12/2Q5Q3/12/5Q3Q2/1Q10/12/6Q5/12/3Q4Q3/12/K5Q5 ---- w - - 0 1",
        )
        .unwrap();
        let mut fast = Vec::new();
        legal_moves(&p, &mut fast);
        let mut reference = Vec::new();
        legal_moves_reference(&p, &mut reference);
        assert_eq!(fast.len(), 278);
        assert!(fast.len() > FIXED_MOVES);
        assert_eq!(fast, reference);
    }

    #[test]
    fn castling_is_replayed_on_a_copy_only_on_the_big_outer_board() {
        // 8×8: the Rook starts in the corner and lands between the King's squares, so the
        // tested squares decide; Big Outer: a1 / l12 lie beyond the Rooks on b1 / k12.
        for (shape, expected) in [(BoardShape::Standard, false), (BoardShape::BigOuter, true)] {
            for side in Color::BOTH {
                for wing in Wing::BOTH {
                    let spec = castle_spec(shape, side, wing);
                    assert_eq!(
                        castle_needs_recheck(shape, &spec),
                        expected,
                        "{shape:?} {side:?} {wing:?}"
                    );
                }
            }
            assert_eq!(GenTables::of(shape).castle_recheck, expected);
        }
    }

    #[test]
    fn castle_specs_match_the_rules() {
        let s = BoardShape::Standard;
        let c = castle_spec(s, Color::White, Wing::Long);
        assert_eq!(s.name(c.king_to), "c1");
        assert_eq!(c.empty.len(), 3);
        assert_eq!(c.safe.len(), 3); // e1 d1 c1, b1 may be attacked
        let b = BoardShape::BigOuter;
        let c = castle_spec(b, Color::White, Wing::Short);
        assert_eq!(
            (b.name(c.king_from), b.name(c.king_to)),
            ("f1".into(), "c1".into())
        );
        assert_eq!(
            (b.name(c.rook_from), b.name(c.rook_to)),
            ("b1".into(), "d1".into())
        );
        let c = castle_spec(b, Color::Black, Wing::Long);
        assert_eq!(
            (b.name(c.king_to), b.name(c.rook_to)),
            ("d12".into(), "e12".into())
        );
    }
}
