//! Per-shape lookup tables for move generation and attack tests: steps, leaps by zone,
//! pawn steps, the pair table (how a piece on one square reaches another) and castling
//! data. Built once per board shape from [`movement`](super::movement); 256 rows, so a
//! [`Square`] indexes them without a bounds check.

use std::sync::OnceLock;

use super::movement::{KNIGHT_LEAPS, castle_spec, last_rank, leaps, pawn_steps};
use crate::rules::geometry::{BoardShape, Direction, Square, Zone};
use crate::rules::piece::{Color, PieceKind};
use crate::rules::position::{CastleSpec, Wing};

/// Every leap offset any Big Outer piece can make (union over kinds and zones).
pub(super) const ALL_BIG_LEAPS: [(i8, i8); 48] = {
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
pub(crate) const NO_SQUARE: u8 = u8::MAX;

/// The kinds that leap, in table order.
pub(super) const LEAPERS: [PieceKind; 4] = [
    PieceKind::Knight,
    PieceKind::Guard,
    PieceKind::OuterKnight,
    PieceKind::Jumper,
];

/// A kind's index in [`LEAPERS`] (`None` for kinds that do not leap).
#[inline]
pub(super) fn leaper_index(kind: PieceKind) -> Option<usize> {
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
pub(super) const ORTHO: u8 = 0x0f;
/// The bishop directions as a direction mask.
pub(super) const DIAG: u8 = 0xf0;

/// The direction indices of [`ORTHO`], [`DIAG`] and all eight, in [`Direction::ALL`] order.
pub(super) const ORTHO_DIRS: [usize; 4] = [0, 1, 2, 3];
pub(super) const DIAG_DIRS: [usize; 4] = [4, 5, 6, 7];
pub(super) const ALL_DIRS: [usize; 8] = [0, 1, 2, 3, 4, 5, 6, 7];

/// The direction indices of a mask from [`line_mask`] (which only gives these four).
#[inline]
pub(super) fn dir_list(mask: u8) -> &'static [usize] {
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
pub(super) fn line_mask(kind: PieceKind, zone: Zone) -> (u8, u8) {
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
pub(super) const ROWS: usize = 256;

/// The most leap destinations of one piece on one square (an outer-zone outer Knight).
pub(super) const MAX_LEAPS: usize = 16;

/// The most straight steps of a pawn (four from the Big Outer start rank).
pub(crate) const MAX_PAWN_STEPS: usize = 4;

/// The squares one leaper on one square leaps to, in [`leaps`] order.
#[derive(Clone, Copy)]
pub(super) struct LeapList {
    pub(super) to: [Square; MAX_LEAPS],
    pub(super) len: u8,
}

impl LeapList {
    const EMPTY: LeapList = LeapList {
        to: [Square(NO_SQUARE); MAX_LEAPS],
        len: 0,
    };

    #[inline]
    pub(super) fn squares(&self) -> &[Square] {
        &self.to[..(self.len as usize).min(MAX_LEAPS)]
    }
}

/// How a kind moves from one square by lines and leaps: [`line_mask`] and its leaper bit
/// (1 << index in [`LEAPERS`], 0 if it does not leap). All zero for a pawn.
#[derive(Clone, Copy)]
pub(super) struct Mobility {
    pub(super) dirs: u8,
    pub(super) range: u8,
    pub(super) leap: u8,
}

impl Mobility {
    const NONE: Mobility = Mobility {
        dirs: 0,
        range: 0,
        leap: 0,
    };
}

/// Every piece kind, in `kind as usize` order.
pub(super) const ALL_KINDS: [PieceKind; KINDS] = PieceKind::ALL;

/// The number of piece kinds (rows of [`GenTables::mobility`], indexed by `kind as usize`).
pub(super) const KINDS: usize = 10;

/// How a piece on one square reaches another, packed in a `u16` (see [`GenTables::pair`]):
/// bits 0–3 the distance along a shared rank, file or diagonal (0: none), bits 4–6 the
/// direction index from the first square to the second, bits 8–11 the leapers (bit =
/// index in [`LEAPERS`]) that leap from the first square onto the second.
pub(super) const PAIR_DIST: u16 = 0x000f;
/// The direction bits of a [`GenTables::pair`] entry.
pub(super) const PAIR_DIR: u16 = 0x0070;
pub(super) const PAIR_LEAPS_SHIFT: u16 = 8;

/// Lookup tables of one board shape for move generation and attack tests, built once per
/// shape. Everything here is derived from [`BoardShape`], [`leaps`] and the pawn rules, so
/// the generator stays general (8×8 and the 148-square Big Outer board with its corners and
/// zones); the tables only avoid recomputing it on every call.
pub(super) struct GenTables {
    /// `step[sq][dir]`: the neighbour of `sq` in `Direction::ALL[dir]`, or [`NO_SQUARE`].
    pub(super) step: [[u8; 8]; ROWS],
    /// (file, rank) of each square.
    pub(super) coords: [(i8, i8); ROWS],
    /// Zone of each square.
    pub(super) zone: [Zone; ROWS],
    /// `mobility[kind as usize][sq]`: how a `kind` on `sq` moves by lines and leaps.
    pub(super) mobility: [[Mobility; ROWS]; KINDS],
    /// `leaps[leaper][sq]`: the squares a `LEAPERS[leaper]` on `sq` leaps to.
    pub(super) leaps: [[LeapList; ROWS]; LEAPERS.len()],
    /// `leaper_span[sq]`: the range of `leaper_from` listing the squares a leaper could
    /// leap onto `sq` from, each with the mask of leapers (bit = index in [`LEAPERS`]) that
    /// make that leap from there; in the order of the old attack scan.
    pub(super) leaper_span: Vec<(u16, u16)>,
    /// Reverse leaps (see `leaper_span`).
    pub(super) leaper_from: Vec<(Square, u16)>,
    /// `pair[a << 8 | b]`: how a piece on `a` reaches `b` (lines and leaps, see
    /// [`PAIR_DIST`]).
    pub(super) pair: Box<[u16; ROWS * ROWS]>,
    /// `reach[b]`: the squares `a` (one bit each) with a nonzero `pair[a << 8 | b]`, from
    /// which some piece could reach `b` on an empty board: only an enemy piece there can
    /// check or pin a King on `b`.
    pub(super) reach: Box<[[u64; 4]; ROWS]>,
    /// `pawn_from[side][sq]`: the (up to two) squares from which a pawn of `side` attacks
    /// `sq`, or [`NO_SQUARE`].
    pub(super) pawn_from: [[[u8; 2]; ROWS]; 2],
    /// `pawn_push[side][sq]`: the squares a pawn of `side` on `sq` steps straight to on an
    /// empty board, nearest first, then [`NO_SQUARE`] ([`pawn_steps`]; the last rank only
    /// by a single step).
    pub(super) pawn_push: [[[u8; MAX_PAWN_STEPS]; ROWS]; 2],
    /// `pawn_to[side][sq]`: the squares diagonally ahead (file − 1 first), or
    /// [`NO_SQUARE`].
    pub(super) pawn_to: [[[u8; 2]; ROWS]; 2],
    /// `promotes[side][sq]`: whether `sq` is on `side`'s last rank.
    pub(super) promotes: [[bool; ROWS]; 2],
    /// `promotes_from[side][sq]`: whether a pawn of `side` on `sq` has a step or a
    /// diagonal onto its last rank.
    pub(super) promotes_from: [[bool; ROWS]; 2],
    /// `castle_clear[sq]`: the castling rights (bits of `Position::castling`) lost when a
    /// move leaves or lands on `sq` (a Rook's start square).
    pub(super) castle_clear: [u8; ROWS],
    /// Whether a castling move must still be played on a copy of the board after its
    /// squares passed the safety test (see [`castle_needs_recheck`]).
    pub(super) castle_recheck: bool,
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
    pub(super) fn of(shape: BoardShape) -> &'static GenTables {
        static STANDARD: OnceLock<GenTables> = OnceLock::new();
        static BIG_OUTER: OnceLock<GenTables> = OnceLock::new();
        match shape {
            BoardShape::Standard => STANDARD.get_or_init(|| GenTables::build(shape)),
            BoardShape::BigOuter => BIG_OUTER.get_or_init(|| GenTables::build(shape)),
        }
    }

    /// How a piece on `a` reaches `b` (see [`PAIR_DIST`]).
    #[inline]
    pub(super) fn pair(&self, a: Square, b: Square) -> u16 {
        self.pair[a.index() << 8 | b.index()]
    }

    /// The squares a `kind` on `sq` leaps to (empty for kinds that do not leap).
    #[inline]
    pub(super) fn leap_targets(&self, kind: PieceKind, sq: Square) -> &[Square] {
        match leaper_index(kind) {
            Some(li) => self.leaps[li][sq.index()].squares(),
            None => &[],
        }
    }

    /// The squares a leaper could attack `sq` from, with the leapers that do.
    #[inline]
    pub(super) fn leapers_to(&self, sq: Square) -> &[(Square, u16)] {
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
pub(super) fn castle_needs_recheck(shape: BoardShape, spec: &CastleSpec) -> bool {
    let file = |s: Square| shape.file(s);
    let (kf, kt, rt) = (file(spec.king_from), file(spec.king_to), file(spec.rook_to));
    let rook_between = kf.min(kt) < rt && rt < kf.max(kt);
    let away = if file(spec.rook_from) > kt { 1 } else { -1 };
    let beyond = shape.leap(spec.rook_from, away, 0).is_some();
    !spec.safe.contains(&spec.king_to) || !rook_between || beyond
}

/// The castling geometry of `shape` for each side and wing, built once.
pub(super) fn castle_specs(shape: BoardShape) -> &'static [[CastleSpec; 2]; 2] {
    static STANDARD: OnceLock<[[CastleSpec; 2]; 2]> = OnceLock::new();
    static BIG_OUTER: OnceLock<[[CastleSpec; 2]; 2]> = OnceLock::new();
    let build = || Color::BOTH.map(|side| Wing::BOTH.map(|wing| castle_spec(shape, side, wing)));
    match shape {
        BoardShape::Standard => STANDARD.get_or_init(build),
        BoardShape::BigOuter => BIG_OUTER.get_or_init(build),
    }
}
