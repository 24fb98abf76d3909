//! Classic move generation: standard chess (castling, en passant, promotion, pins, checks)
//! and the variants that only change what may be captured (Bully, Nonviolent) or the
//! geometry and pieces (Big Outer, `rules/big-outer.md`).
//!
//! Generation is pseudo-legal by piece, then filtered by "does the own King stand attacked
//! after the move"; the expensive test is skipped for moves that cannot expose the King.
//! Output order is stable: by origin square, then by generation order of the piece.

use crate::rules::geometry::{BoardShape, Direction, Square, Zone};
use crate::rules::moves::{CheckKind, Effect, Move, Special};
use crate::rules::outcome::{DrawReason, Outcome, WinReason};
use crate::rules::piece::{Color, Piece, PieceKind};
use crate::rules::position::{CastleSpec, EnPassant, Position, Wing};
use crate::rules::variant::Variant;
use crate::rules::board::Board;

/// Big Outer initial position (`rules/big-outer.md §3`, ruling B-1): board field, then the
/// corner field C1 C2 C3 C4.
pub const BIG_OUTER_INITIAL: &str = "jrmgbqkbgmrj/pppppppppppp/12/12/12/12/12/12/12/12/PPPPPPPPPPPP/JRMGBKQBGMRJ NNnn w KQkq - 0 1";

const KNIGHT_LEAPS: [(i8, i8); 8] = [
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
/// Returns an empty list for pieces that do not leap.
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
fn pawn_moves(pos: &Position, from: Square, us: Color, out: &mut Vec<Move>) {
    let shape = pos.shape();
    let b = &pos.board;
    let (f, r) = shape.coords(from);
    let fwd = us.forward();
    let last = last_rank(shape, us);
    let promos = promotion_kinds(pos.variant);
    let push = |to: Square, special: Special, out: &mut Vec<Move>| {
        if shape.rank(to) == last && !promos.is_empty() {
            for &k in promos {
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
    };
    // Straight steps.
    let max = pawn_steps(shape, us, r);
    for n in 1..=max as i8 {
        let Some(to) = shape.square_at(f, r + fwd * n) else {
            break;
        };
        if !b.is_empty(to) {
            break;
        }
        // The last rank is reached only by a single step (Big Outer; on 8×8 it is implied).
        if n > 1 && shape.rank(to) == last {
            break;
        }
        push(to, Special::Normal, out);
    }
    // Captures.
    let them = us.other();
    for df in [-1, 1] {
        let Some(to) = shape.square_at(f + df, r + fwd) else {
            continue;
        };
        if let Some(victim) = b.kind(them, to) {
            if b.kind(us, to).is_none() && may_capture(pos.variant, PieceKind::Pawn, victim) {
                push(to, Special::Normal, out);
            }
        } else if let Some(ep) = &pos.ep
            && b.is_empty(to)
            && ep.squares().any(|s| s == to)
            && b.kind(them, ep.pawn) == Some(PieceKind::Pawn)
            && may_capture(pos.variant, PieceKind::Pawn, PieceKind::Pawn)
        {
            push(to, Special::EnPassant { captured: ep.pawn }, out);
        }
    }
}

/// Pushes the non-pawn, non-castling moves of a piece: lines then leaps.
pub(crate) fn piece_moves(pos: &Position, from: Square, us: Color, kind: PieceKind, out: &mut Vec<Move>) {
    let shape = pos.shape();
    let b = &pos.board;
    let them = us.other();
    let zone = shape.zone(from);
    let target = |to: Square, out: &mut Vec<Move>| -> bool {
        // Returns whether a line continues past `to`.
        if b.kind(us, to).is_some() {
            return false;
        }
        match b.kind(them, to) {
            None => {
                out.push(Move::new(from, to));
                true
            }
            Some(victim) => {
                if may_capture(pos.variant, kind, victim) {
                    out.push(Move::new(from, to));
                }
                false
            }
        }
    };
    let (dirs, range) = lines(kind, zone);
    for &d in dirs {
        let mut cur = from;
        let mut n = 0u8;
        while n < range {
            let Some(to) = shape.step(cur, d) else { break };
            if !target(to, out) {
                break;
            }
            cur = to;
            n += 1;
        }
    }
    for (df, dr) in leaps(kind, zone) {
        if let Some(to) = shape.leap(from, df, dr) {
            target(to, out);
        }
    }
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

/// The squares of `by`'s pieces that attack `sq` under classic movement: lines, then leaps,
/// then pawns. Stable order.
pub fn attackers(board: &Board, sq: Square, by: Color) -> Vec<Square> {
    let mut found = Vec::new();
    scan_attackers(board, sq, by, &mut |s| {
        found.push(s);
        false
    });
    found
}

/// Calls `f` with each attacker of `sq`; stops when `f` returns true.
fn scan_attackers(board: &Board, sq: Square, by: Color, f: &mut impl FnMut(Square) -> bool) {
    let shape = board.shape();
    // Pawns attack diagonally forward, so look diagonally backward from `sq`.
    for df in [-1, 1] {
        if let Some(s) = shape.leap(sq, df, -by.forward())
            && board.kind(by, s) == Some(PieceKind::Pawn)
            && f(s)
        {
            return;
        }
    }
    // Leaps.
    match shape {
        BoardShape::Standard => {
            for (df, dr) in KNIGHT_LEAPS {
                if let Some(s) = shape.leap(sq, df, dr)
                    && board.kind(by, s) == Some(PieceKind::Knight)
                    && f(s)
                {
                    return;
                }
            }
        }
        BoardShape::BigOuter => {
            for (df, dr) in ALL_BIG_LEAPS {
                if let Some(s) = shape.leap(sq, df, dr)
                    && let Some(k) = board.kind(by, s)
                    && leaps(k, shape.zone(s)).contains(&(-df, -dr))
                    && f(s)
                {
                    return;
                }
            }
        }
    }
    // Lines.
    for d in Direction::ALL {
        let mut cur = sq;
        let mut dist = 0u8;
        while let Some(next) = shape.step(cur, d) {
            dist += 1;
            cur = next;
            if board.is_empty(cur) {
                continue;
            }
            if let Some(k) = board.kind(by, cur) {
                let (dirs, range) = lines(k, shape.zone(cur));
                // The attacker moves in the opposite direction, which is in its set iff `d`
                // is (every set is symmetric).
                if dist <= range && dirs.contains(&d) && f(cur) {
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
    let fams: [(i8, i8); 8] = [(2, 1), (3, 1), (2, 2), (4, 1), (3, 2), (3, 0), (3, 3), (2, 0)];
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

/// Pseudo-legal moves of `us` (own-King safety not yet checked), castling included.
pub(crate) fn pseudo_moves(pos: &Position, us: Color, out: &mut Vec<Move>) {
    for (from, kind) in pos.board.pieces(us) {
        match kind {
            PieceKind::Pawn => pawn_moves(pos, from, us, out),
            PieceKind::Knight
            | PieceKind::Bishop
            | PieceKind::Rook
            | PieceKind::Queen
            | PieceKind::King
            | PieceKind::Guard
            | PieceKind::Matriarch
            | PieceKind::Jumper
            | PieceKind::OuterKnight => piece_moves(pos, from, us, kind, out),
        }
    }
    castling_moves(pos, us, out, |sq| is_attacked(&pos.board, sq, us.other()));
}

/// Pushes castling moves whose rights, emptiness and safety conditions hold; `attacked`
/// decides whether a square is attacked by the enemy (variants differ).
pub(crate) fn castling_moves(
    pos: &Position,
    us: Color,
    out: &mut Vec<Move>,
    attacked: impl Fn(Square) -> bool,
) {
    for wing in Wing::BOTH {
        if !pos.can_castle(us, wing) {
            continue;
        }
        let Some(spec) = pos.castle_spec(us, wing) else {
            continue;
        };
        let b = &pos.board;
        if b.kind(us, spec.king_from) != Some(PieceKind::King)
            || b.kind(us, spec.rook_from) != Some(PieceKind::Rook)
        {
            continue;
        }
        let free = |s: Square| b.is_empty(s) || s == spec.king_from || s == spec.rook_from;
        if !spec.empty.iter().all(|&s| b.is_empty(s))
            || !free(spec.king_to)
            || !free(spec.rook_to)
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
            board.remove(them, mv.to);
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

/// Legal moves of the side to move (classic rules).
pub(crate) fn legal_moves(pos: &Position, out: &mut Vec<Move>) {
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
    let shape = pos.shape();
    let Some(kind) = pos.board.kind(us, mv.from) else {
        return;
    };
    let capture = match mv.special {
        Special::EnPassant { .. } => true,
        Special::Castle { .. } => false,
        Special::Normal => pos.board.kind(them, mv.to).is_some(),
    };
    apply_to_board(&mut pos.board, us, mv);
    // Castling rights.
    if kind == PieceKind::King {
        pos.set_castling(us, Wing::Short, false);
        pos.set_castling(us, Wing::Long, false);
    }
    if pos.castling != 0 {
        for side in Color::BOTH {
            for wing in Wing::BOTH {
                if pos.can_castle(side, wing)
                    && let Some(spec) = pos.castle_spec(side, wing)
                    && (mv.from == spec.rook_from || mv.to == spec.rook_from)
                {
                    pos.set_castling(side, wing, false);
                }
            }
        }
    }
    // En passant: recorded only when an enemy pawn could take it.
    pos.ep = None;
    if kind == PieceKind::Pawn {
        let dist = (shape.rank(mv.to) - shape.rank(mv.from)).abs();
        if dist >= 2 {
            let passed = between(shape, mv.from, mv.to);
            let capturable = passed.iter().any(|&s| {
                [-1, 1].into_iter().any(|df| {
                    shape
                        .leap(s, df, us.forward())
                        .is_some_and(|q| pos.board.kind(them, q) == Some(PieceKind::Pawn))
                })
            });
            if capturable {
                let mut arr = [None; 3];
                for (i, s) in passed.into_iter().take(3).enumerate() {
                    arr[i] = Some(s);
                }
                pos.ep = Some(EnPassant {
                    pawn: mv.to,
                    passed: arr,
                });
            }
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

/// Names the rule that forbids `mv` (which is not in the legal move list).
pub(crate) fn why_illegal(pos: &Position, mv: &Move) -> String {
    let shape = pos.shape();
    let n = |s: Square| shape.name(s);
    let us = pos.turn;
    let Some(piece) = pos.board.piece_at(mv.from) else {
        return format!("there is no piece on {}", n(mv.from));
    };
    let Some(kind) = pos.board.kind(us, mv.from) else {
        return format!("the piece on {} is {}'s, and it is {}'s move", n(mv.from), piece.color, us);
    };
    if mv.from == mv.to {
        return "a move must change the square".to_string();
    }
    if pos.board.kind(us, mv.to).is_some() && !matches!(mv.special, Special::Castle { .. }) {
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
    if geometric
        && let Some(v) = victim
    {
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
        && pos.ep.is_some_and(|e| e.squares().any(|s| s == mv.to))
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
        let spec = pos.castle_spec(us, wing).unwrap_or_else(|| castle_spec(shape, us, wing));
        if !pos.can_castle(us, wing) {
            return "castling is no longer allowed on that side (King or Rook has moved)".to_string();
        }
        if let Some(b) = spec.empty.iter().find(|&&s| !pos.board.is_empty(s)) {
            return format!("castling needs the squares between King and Rook empty, but {} is occupied", n(*b));
        }
        if pos.in_check(us) {
            return "the King may not castle out of check".to_string();
        }
        if let Some(a) = spec.safe.iter().find(|&&s| is_attacked(&pos.board, s, us.other())) {
            return format!("the King may not castle through or into check ({} is attacked)", n(*a));
        }
        return "castling would leave the King in check".to_string();
    }
    let matching: Vec<&Move> = geom
        .iter()
        .filter(|m| m.from == mv.from && m.to == mv.to)
        .collect();
    if matching.is_empty() {
        let blocked = between(shape, mv.from, mv.to)
            .into_iter()
            .find(|&s| !pos.board.is_empty(s));
        return match blocked {
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
        };
    }
    if matching.iter().all(|m| m.promotion.is_some()) && mv.promotion.is_none() {
        return "a pawn reaching the last rank must promote: add the piece letter (e.g. e7e8q)".to_string();
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

    #[test]
    fn big_leap_table_is_complete() {
        for (a, b) in [(2, 1), (3, 1), (2, 2), (4, 1), (3, 2), (3, 0), (3, 3), (2, 0)] {
            for d in sym(a, b) {
                assert!(ALL_BIG_LEAPS.contains(&d), "{d:?}");
            }
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
        assert_eq!((b.name(c.king_from), b.name(c.king_to)), ("f1".into(), "c1".into()));
        assert_eq!((b.name(c.rook_from), b.name(c.rook_to)), ("b1".into(), "d1".into()));
        let c = castle_spec(b, Color::Black, Wing::Long);
        assert_eq!((b.name(c.king_to), b.name(c.rook_to)), ("d12".into(), "e12".into()));
    }
}
