//! Movement geometry of the classic pieces and the Big Outer kinds: leaps, lines, pawn
//! steps, castling squares, the squares between two squares, and the capture rule a variant
//! applies. Pure functions of the board shape; no position, no tables.

use crate::rules::geometry::{BoardShape, Direction, Square, Zone};
use crate::rules::piece::{Color, PieceKind};
use crate::rules::position::{CastleSpec, Wing};

/// The 8 Knight leaps (file, rank), in generation order.
pub const KNIGHT_LEAPS: [(i8, i8); 8] = [
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
pub(super) fn sym(a: i8, b: i8) -> Vec<(i8, i8)> {
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

/// The value scale of the capture-by-value rule (`rules/bully-nonviolent.md §1`): Pawn 1,
/// Knight 2, Bishop 3, Rook 5, Queen 9, King infinite. The Big Outer kinds are not played
/// under that rule; they get a value for completeness.
///
/// # Examples
/// ```
/// use esoterica::rules::PieceKind;
/// use esoterica::rules::classic::capture_value;
/// assert!(capture_value(PieceKind::Rook) > capture_value(PieceKind::Knight));
/// ```
pub fn capture_value(kind: PieceKind) -> u32 {
    match kind {
        PieceKind::Pawn => 1,
        PieceKind::Knight | PieceKind::OuterKnight => 2,
        PieceKind::Bishop | PieceKind::Guard | PieceKind::Jumper => 3,
        PieceKind::Rook => 5,
        PieceKind::Queen | PieceKind::Matriarch => 9,
        PieceKind::King => u32::MAX,
    }
}

/// Which captures a variant's movement allows. Attacks and checks ignore it: every piece
/// attacks as it moves (rulings BN-1, BN-2).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum CaptureRule {
    /// Any enemy piece may be captured (standard chess).
    Any,
    /// Only an enemy piece worth no more than the attacker ([`capture_value`];
    /// `rules/bully-nonviolent.md §1`). A promoting pawn counts as a Pawn (ruling BN-3).
    ByValue,
    /// Nothing may be captured, en passant included (`rules/bully-nonviolent.md §2`).
    Never,
}

impl CaptureRule {
    /// Whether `attacker` may capture `victim` (a promoting pawn is passed as a Pawn).
    ///
    /// # Examples
    /// ```
    /// use esoterica::rules::PieceKind;
    /// use esoterica::rules::classic::CaptureRule;
    /// assert!(!CaptureRule::ByValue.allows(PieceKind::Knight, PieceKind::Rook));
    /// assert!(CaptureRule::ByValue.allows(PieceKind::King, PieceKind::Queen));
    /// ```
    #[inline]
    pub fn allows(self, attacker: PieceKind, victim: PieceKind) -> bool {
        match self {
            CaptureRule::Any => true,
            CaptureRule::ByValue => capture_value(attacker) >= capture_value(victim),
            CaptureRule::Never => false,
        }
    }
}

/// The promotion kinds of standard chess, strongest first.
pub const STANDARD_PROMOTIONS: [PieceKind; 4] = [
    PieceKind::Queen,
    PieceKind::Rook,
    PieceKind::Bishop,
    PieceKind::Knight,
];

/// The files (0 = a) of a castling move: the King's start and landing, the Rook's start
/// and landing.
fn castle_files(shape: BoardShape, side: Color, wing: Wing) -> (i8, i8, i8, i8) {
    match (shape, side, wing) {
        (BoardShape::Standard, _, Wing::Short) => (4, 6, 7, 5),
        (BoardShape::Standard, _, Wing::Long) => (4, 2, 0, 3),
        (BoardShape::BigOuter, Color::White, Wing::Short) => (5, 2, 1, 3),
        (BoardShape::BigOuter, Color::White, Wing::Long) => (5, 8, 10, 7),
        (BoardShape::BigOuter, Color::Black, Wing::Short) => (6, 9, 10, 8),
        (BoardShape::BigOuter, Color::Black, Wing::Long) => (6, 3, 1, 4),
    }
}

/// The square of file `f` on `side`'s back rank.
fn back_rank_square(shape: BoardShape, side: Color, f: i8) -> Square {
    let back = match side {
        Color::White => 0,
        Color::Black => shape.ranks() - 1,
    };
    shape
        .square_at(f, back)
        .expect("invariant: castling squares are on the back rank")
}

/// The King's and the Rook's start squares of a castling move: [`castle_spec`]'s
/// `king_from` and `rook_from`, without building the rest.
pub(crate) fn castle_ends(shape: BoardShape, side: Color, wing: Wing) -> (Square, Square) {
    let (kf, _, rf, _) = castle_files(shape, side, wing);
    (
        back_rank_square(shape, side, kf),
        back_rank_square(shape, side, rf),
    )
}

/// Castling geometry. 8×8: King e→g / e→c, Rook h→f / a→d. Big Outer (`§2`): White King
/// f1→c1 with Rook b1→d1 (short) or f1→i1 with Rook k1→h1 (long); Black King g12→j12 with
/// Rook k12→i12 (short) or g12→d12 with Rook b12→e12 (long).
pub fn castle_spec(shape: BoardShape, side: Color, wing: Wing) -> CastleSpec {
    let (kf, kt, rf, rt) = castle_files(shape, side, wing);
    let at = |f: i8| back_rank_square(shape, side, f);
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
pub(super) fn pawn_steps(shape: BoardShape, side: Color, rank: i8) -> u8 {
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

pub(super) fn last_rank(shape: BoardShape, side: Color) -> i8 {
    match side {
        Color::White => shape.ranks() - 1,
        Color::Black => 0,
    }
}

/// The most squares one pawn advance passes over: a double step on 8×8, a 4-square advance
/// on the Big Outer board (`rules/big-outer.md §2`).
pub fn max_passed(shape: BoardShape) -> i8 {
    match shape {
        BoardShape::Standard => 1,
        BoardShape::BigOuter => 3,
    }
}
