//! Force Field charges and control (`rules/force-field.md §1–2`): every piece but the King
//! charges the empty squares it could move to or through; the side with the larger charge
//! on an empty square controls it. [`fields`] gives every contribution (what the game shows
//! per piece) and each square's net charge; the move generator uses the net charges only.
//!
//! Determinism: the charge map lists contributions by source square (a1 first), then in the
//! piece's generation order.

use crate::rules::board::Board;
use crate::rules::classic;
use crate::rules::geometry::Square;
use crate::rules::piece::{Color, PieceKind};
use crate::rules::position::Position;

/// Squares a charge map covers: Force Field is played on the 8×8 board (index = rank × 8 +
/// file, a1 = 0). On other shapes squares from index 64 on are never charged.
pub const FIELD_SQUARES: usize = 64;

/// The intensity of a piece kind's field (`rules/force-field.md §1`): Pawn 1, Knight 2,
/// Bishop 3, Rook 4, Queen 5. The King projects none (ruling F-2); the Big Outer kinds are
/// not played in Force Field and project none either.
///
/// # Examples
/// ```
/// use esoterica::rules::PieceKind;
/// use esoterica::rules::variants::force_field::field_strength;
/// assert_eq!(field_strength(PieceKind::Rook), Some(4));
/// assert_eq!(field_strength(PieceKind::King), None);
/// ```
pub fn field_strength(kind: PieceKind) -> Option<i32> {
    match kind {
        PieceKind::Pawn => Some(1),
        PieceKind::Knight => Some(2),
        PieceKind::Bishop => Some(3),
        PieceKind::Rook => Some(4),
        PieceKind::Queen => Some(5),
        PieceKind::King
        | PieceKind::Guard
        | PieceKind::Matriarch
        | PieceKind::Jumper
        | PieceKind::OuterKnight => None,
    }
}

/// One piece's field on one empty square: the game shows one of these per (piece, square).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Contribution {
    /// Where the charging piece stands.
    pub source: Square,
    /// The empty square it charges.
    pub square: Square,
    /// The charging piece's side.
    pub side: Color,
    /// The charging piece's kind.
    pub kind: PieceKind,
    /// The field's intensity, always positive ([`field_strength`]); see
    /// [`Contribution::signed`] for the charge it adds.
    pub strength: i32,
}

impl Contribution {
    /// The charge this contribution adds to its square: `+strength` for White,
    /// `-strength` for Black (`rules/force-field.md §2`).
    pub fn signed(&self) -> i32 {
        match self.side {
            Color::White => self.strength,
            Color::Black => -self.strength,
        }
    }
}

/// The fields of a position: every contribution and each square's net charge
/// (`rules/force-field.md §1–2`).
///
/// Shape: 8×8, indexed by [`Square::index`] (a1 = 0, index = rank × 8 + file, White at the
/// bottom). Occupied squares have no contributions and net charge 0 (neutral).
/// Determinism: contributions are ordered by source square, then by the piece's generation
/// order (Knight: each leap's destination, then its "long leg first" route, then its "short
/// leg first" route; sliders: direction by direction, nearest square first; Pawn: ahead,
/// double step, left diagonal, right diagonal).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct ChargeMap {
    contributions: Vec<Contribution>,
    net: [i32; FIELD_SQUARES],
}

impl ChargeMap {
    /// Every contribution, in the stable order described on [`ChargeMap`].
    pub fn contributions(&self) -> &[Contribution] {
        &self.contributions
    }

    /// The contributions of the piece standing on `source` (its whole field).
    pub fn contributions_from(&self, source: Square) -> impl Iterator<Item = &Contribution> + '_ {
        self.contributions
            .iter()
            .filter(move |c| c.source == source)
    }

    /// Net charge of a square: White's fields minus Black's; 0 for an occupied square.
    pub fn net(&self, sq: Square) -> i32 {
        self.net.get(sq.index()).copied().unwrap_or(0)
    }

    /// All net charges, by square index (a1 = 0, h8 = 63).
    pub fn nets(&self) -> &[i32; FIELD_SQUARES] {
        &self.net
    }

    /// The side that controls a square: White for a positive charge, Black for a negative
    /// one, `None` for a neutral (zero-charge or occupied) square.
    pub fn controller(&self, sq: Square) -> Option<Color> {
        controller_of(self.net(sq))
    }
}

pub(super) fn controller_of(charge: i32) -> Option<Color> {
    match charge.signum() {
        1 => Some(Color::White),
        -1 => Some(Color::Black),
        _ => None,
    }
}

/// The charge map of a position (`rules/force-field.md §1–2`). Fields follow classical
/// movement geometry only: pins, checks, the side to move and other fields are ignored
/// (ruling F-1); a Knight charges routes only to on-board destinations (ruling F-5); a piece
/// charges a square at most once.
///
/// # Examples
/// ```
/// use esoterica::rules::{Color, Position, Variant};
/// use esoterica::rules::variants::force_field::fields;
/// let pos = Position::new(Variant::ForceField);
/// let map = fields(&pos);
/// let e3 = pos.shape().parse_square("e3").unwrap();
/// // Pawns d2 and f2 (diagonals) and e2 (straight ahead): 1 + 1 + 1.
/// assert_eq!(map.net(e3), 3);
/// assert_eq!(map.controller(e3), Some(Color::White));
/// ```
pub fn fields(pos: &Position) -> ChargeMap {
    fields_of_board(pos.board())
}

/// The charge map of a bare placement (see [`fields`]).
pub fn fields_of_board(board: &Board) -> ChargeMap {
    let mut contributions = Vec::with_capacity(128);
    let mut net = [0; FIELD_SQUARES];
    for (source, p) in board.all_pieces() {
        let Some(strength) = field_strength(p.kind) else {
            continue;
        };
        piece_field(board, source, p.color, p.kind, &mut |square| {
            let c = Contribution {
                source,
                square,
                side: p.color,
                kind: p.kind,
                strength,
            };
            net[square.index()] += c.signed();
            contributions.push(c);
        });
    }
    ChargeMap { contributions, net }
}

/// Net charges only, by square index (the hot path of move generation and of the bots'
/// evaluation): [`ChargeMap::nets`] without the contributions. Summed over bitboards
/// (`masks.rs`) where the board allows, else square by square.
pub fn net_charges(board: &Board) -> [i32; FIELD_SQUARES] {
    super::masks::net_charges(board).unwrap_or_else(|| net_charges_reference(board))
}

/// [`net_charges`] square by square, from [`piece_field`]: the reference of the bitboard
/// sums in the tests, and the sums of the boards they decline.
pub(super) fn net_charges_reference(board: &Board) -> [i32; FIELD_SQUARES] {
    let mut net = [0; FIELD_SQUARES];
    for (source, p) in board.all_pieces() {
        let Some(strength) = field_strength(p.kind) else {
            continue;
        };
        let signed = match p.color {
            Color::White => strength,
            Color::Black => -strength,
        };
        piece_field(board, source, p.color, p.kind, &mut |s| {
            net[s.index()] += signed;
        });
    }
    net
}

/// The squares of a Knight's two routes to the leap (df, dr) from `from`: the "long leg
/// first" route, then the "short leg first" route (`rules/force-field.md §1`). A route
/// square is on the board whenever the destination is.
pub(super) fn knight_routes(
    board: &Board,
    from: Square,
    df: i8,
    dr: i8,
) -> [[Option<Square>; 2]; 2] {
    let shape = board.shape();
    let at = |f: i8, r: i8| shape.leap(from, f, r);
    let (sf, sr) = (df.signum(), dr.signum());
    if df.abs() == 1 {
        // (±1, ±2): along the file first passes (0, ±1), (0, ±2); else (±1, 0), (±1, ±1).
        [[at(0, sr), at(0, 2 * sr)], [at(df, 0), at(df, sr)]]
    } else {
        // (±2, ±1): along the rank first passes (±1, 0), (±2, 0); else (0, ±1), (±1, ±1).
        [[at(sf, 0), at(2 * sf, 0)], [at(0, dr), at(sf, dr)]]
    }
}

/// Calls `emit` once for each empty square in the field of `kind` on `from`.
pub(super) fn piece_field(
    board: &Board,
    from: Square,
    side: Color,
    kind: PieceKind,
    emit: &mut impl FnMut(Square),
) {
    let shape = board.shape();
    let mut seen = 0u64;
    let mut hit = |s: Option<Square>| {
        if let Some(s) = s
            && s.index() < FIELD_SQUARES
            && board.is_empty(s)
            && seen & (1u64 << s.index()) == 0
        {
            seen |= 1u64 << s.index();
            emit(s);
        }
    };
    match kind {
        PieceKind::Pawn => {
            let (f, r) = shape.coords(from);
            let fwd = side.forward();
            let start = match side {
                Color::White => 1,
                Color::Black => shape.ranks() - 2,
            };
            let one = shape.square_at(f, r + fwd);
            if let Some(one) = one
                && board.is_empty(one)
            {
                hit(Some(one));
                if r == start {
                    hit(shape.square_at(f, r + 2 * fwd));
                }
            }
            hit(shape.square_at(f - 1, r + fwd));
            hit(shape.square_at(f + 1, r + fwd));
        }
        PieceKind::Knight => {
            for (df, dr) in classic::KNIGHT_LEAPS {
                let Some(dest) = shape.leap(from, df, dr) else {
                    continue; // Ruling F-5: no routes to a destination off the board.
                };
                hit(Some(dest));
                for route in knight_routes(board, from, df, dr) {
                    for s in route {
                        hit(s);
                    }
                }
            }
        }
        PieceKind::Bishop | PieceKind::Rook | PieceKind::Queen => {
            let (dirs, _) = classic::lines(kind, shape.zone(from));
            for &d in dirs {
                for s in shape.ray(from, d) {
                    if !board.is_empty(s) {
                        break;
                    }
                    hit(Some(s));
                }
            }
        }
        PieceKind::King
        | PieceKind::Guard
        | PieceKind::Matriarch
        | PieceKind::Jumper
        | PieceKind::OuterKnight => {}
    }
}

/// Whether `sq` is an empty square controlled by the opponent of `mover`.
#[inline]
pub(super) fn hostile(net: &[i32; FIELD_SQUARES], sq: Square, mover: Color) -> bool {
    let c = net.get(sq.index()).copied().unwrap_or(0);
    match mover {
        Color::White => c < 0,
        Color::Black => c > 0,
    }
}
