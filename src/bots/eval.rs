//! Static evaluation for the built-in bots, per variant: material (zone-aware on the Big
//! Outer board), mobility, centralisation and pawn advancement. Scores are centipawns.
//!
//! - Big Outer (`rules/big-outer.md §2`): the Matriarch, Jumper and outer Knight lose power
//!   toward the centre (shorter range, shorter or no leaps), so their value depends on the
//!   zone they stand in; the Guard is zone-free.
//! - Intrachange: standard values; King-capture threats are found by the search (a move that
//!   captures the King ends the game and is searched in quiescence).
//! - Force Field: standard values, the empty squares each side's fields hold
//!   ([`fields`](crate::rules::variants::force_field::fields)), and mobility without the
//!   piece moves that end on a square the other side holds (`rules/force-field.md §3`:
//!   fields block enemy moves; the King ignores them): [`force_field_terms`].
//! - Bully: a piece attacked by an enemy piece that the by-value rule lets capture it is
//!   threatened; one attacked only by more valuable pieces is safe: [`bully_threats`].
//! - Nonviolent: captures are illegal, so mobility and pawn advancement weigh more, and a
//!   pawn whose file is empty up to its promotion square races for it: [`promotion_race`].
//!
//! Deterministic; reads only the position.

use crate::rules::classic::{self, CaptureRule};
use crate::rules::variants::force_field;
use crate::rules::{BoardShape, Color, Direction, PieceKind, Position, Square, Variant, Zone};

/// Force Field: centipawns per empty square held.
const HELD_SQUARE: i32 = 2;
/// Bully: the share of a threatened piece's value counted against its side (1/`THREAT_SHARE`).
const THREAT_SHARE: i32 = 8;
/// Nonviolent: centipawns for a free pawn, times the square of the ranks it has advanced.
const RACE_STEP: i32 = 4;

/// Value of a piece of `kind` standing in `zone` in `variant`, in centipawns (the King is 0:
/// it is never traded).
///
/// # Examples
/// ```
/// use esoterica::bots::eval::piece_value;
/// use esoterica::rules::{PieceKind, Variant, Zone};
/// assert_eq!(piece_value(Variant::Standard, PieceKind::Queen, Zone::Outer), 900);
/// assert!(
///     piece_value(Variant::BigOuter, PieceKind::Matriarch, Zone::Central)
///         < piece_value(Variant::BigOuter, PieceKind::Matriarch, Zone::Outer)
/// );
/// ```
pub fn piece_value(variant: Variant, kind: PieceKind, zone: Zone) -> i32 {
    let big = variant.has_fairy_pieces();
    match kind {
        PieceKind::Pawn => 100,
        PieceKind::Knight => 320,
        PieceKind::Bishop => {
            if big {
                360
            } else {
                330
            }
        }
        PieceKind::Rook => {
            if big {
                550
            } else {
                500
            }
        }
        PieceKind::Queen => {
            if big {
                1000
            } else {
                900
            }
        }
        PieceKind::King => 0,
        PieceKind::Guard => 330,
        // Queen lines: unlimited from the outer zone, 6 from the mid zone, 3 from the centre.
        PieceKind::Matriarch => match zone {
            Zone::Outer => 900,
            Zone::Mid => 750,
            Zone::Central => 550,
        },
        // King step plus a 3-leap (outer), a 2-leap (mid) or nothing more (central).
        PieceKind::Jumper => match zone {
            Zone::Outer => 380,
            Zone::Mid => 300,
            Zone::Central => 160,
        },
        // (4,1)/(3,2) leaps outside, (3,1)/(2,2) in the mid zone, a plain Knight inside.
        PieceKind::OuterKnight => match zone {
            Zone::Outer => 350,
            Zone::Mid => 320,
            Zone::Central => 260,
        },
    }
}

/// Weights of the positional terms for a variant.
#[derive(Clone, Copy, Debug)]
struct Weights {
    mobility: i32,
    centre: i32,
    pawn_step: i32,
}

/// Without captures (Nonviolent) mobility and pawn advances matter more; on a board with
/// zones (Big Outer) every term counts less against the material of the new pieces.
fn weights(variant: Variant) -> Weights {
    if variant.capture_rule() == CaptureRule::Never {
        Weights {
            mobility: 6,
            centre: 6,
            pawn_step: 12,
        }
    } else if variant.has_zones() {
        Weights {
            mobility: 2,
            centre: 3,
            pawn_step: 5,
        }
    } else {
        Weights {
            mobility: 3,
            centre: 5,
            pawn_step: 6,
        }
    }
}

/// King-distance of a square from the board centre, in whole squares (0 = a centre square).
fn centre_distance(shape: BoardShape, sq: Square) -> i32 {
    let n = i32::from(shape.files());
    let (f, r) = shape.coords(sq);
    let (f, r) = (i32::from(f), i32::from(r));
    ((2 * f - (n - 1)).abs().max((2 * r - (n - 1)).abs()) - 1) / 2
}

/// Material only, White minus Black, in centipawns.
pub fn material(pos: &Position) -> i32 {
    let shape = pos.shape();
    let v = pos.variant();
    let mut s = 0;
    for (sq, p) in pos.board().all_pieces() {
        let val = piece_value(v, p.kind, shape.zone(sq));
        s += if p.color == Color::White { val } else { -val };
    }
    s
}

/// Number of piece moves (pawns and castling left out) `side` has, ignoring checks: a cheap
/// mobility measure.
pub fn mobility(pos: &Position, side: Color) -> i32 {
    let mut buf = Vec::with_capacity(64);
    for (from, kind) in pos.board().pieces(side) {
        if kind != PieceKind::Pawn && kind != PieceKind::King {
            classic::piece_moves(pos, from, side, kind, &mut buf);
        }
    }
    buf.len() as i32
}

/// Force Field terms, White minus Black, in centipawns: `HELD_SQUARE` per empty square held
/// (the larger charge), and minus the positional mobility weight for each piece move
/// (pawns and King left out, as in [`mobility`]) that ends on an empty square the other
/// side holds, where the rules block it (`rules/force-field.md §3`).
///
/// # Examples
/// ```
/// use esoterica::bots::eval::force_field_terms;
/// use esoterica::rules::{Position, Variant};
/// // A lone White Rook holds its 14 squares; Black's King projects no field.
/// let p = Position::from_text(Variant::ForceField, "4k3/8/8/8/8/8/8/R3K3 w - - 0 1").unwrap();
/// assert_eq!(force_field_terms(&p), 2 * 10);
/// ```
pub fn force_field_terms(pos: &Position) -> i32 {
    let nets = force_field::net_charges(pos.board());
    let held: i32 = nets.iter().map(|n| n.signum()).sum();
    let holder = |sq: Square| match nets.get(sq.index()).copied().unwrap_or(0).signum() {
        1 => Some(Color::White),
        -1 => Some(Color::Black),
        _ => None,
    };
    let w = weights(pos.variant()).mobility;
    let mut blocked = [0i32; 2];
    let mut buf = Vec::with_capacity(64);
    for side in [Color::White, Color::Black] {
        buf.clear();
        for (from, kind) in pos.board().pieces(side) {
            if kind != PieceKind::Pawn && kind != PieceKind::King {
                classic::piece_moves(pos, from, side, kind, &mut buf);
            }
        }
        blocked[side.index()] = buf
            .iter()
            .filter(|m| pos.board().is_empty(m.to) && holder(m.to) == Some(side.other()))
            .count() as i32;
    }
    held * HELD_SQUARE - w * (blocked[Color::White.index()] - blocked[Color::Black.index()])
}

/// Bully: White minus Black, minus `1/THREAT_SHARE` of the value of each piece (the King
/// left out) that an enemy piece attacks and may capture by the by-value rule
/// (`rules/bully-nonviolent.md §1`: only an equal or lower value). Attacks by classic
/// movement ([`classic::attackers`]).
///
/// # Examples
/// ```
/// use esoterica::bots::eval::bully_threats;
/// use esoterica::rules::{Position, Variant};
/// // The Black pawn on c6 attacks the Knight on d5 but may not take it.
/// let p = Position::from_text(Variant::Bully, "4k3/8/2p5/3N4/8/8/8/4K3 w - - 0 1").unwrap();
/// assert_eq!(bully_threats(&p), 0);
/// // A Black Rook on d8 may: 320 / 8 against White.
/// let p = Position::from_text(Variant::Bully, "3rk3/8/8/3N4/8/8/8/4K3 w - - 0 1").unwrap();
/// assert_eq!(bully_threats(&p), -40);
/// ```
pub fn bully_threats(pos: &Position) -> i32 {
    let board = pos.board();
    let rule = pos.variant().capture_rule();
    let mut s = 0;
    for (sq, p) in board.all_pieces() {
        if p.kind == PieceKind::King {
            continue;
        }
        let them = p.color.other();
        let threatened = classic::attackers(board, sq, them)
            .into_iter()
            .any(|a| board.kind(them, a).is_some_and(|k| rule.allows(k, p.kind)));
        if threatened {
            let v = piece_value(pos.variant(), p.kind, pos.shape().zone(sq)) / THREAT_SHARE;
            s += if p.color == Color::White { -v } else { v };
        }
    }
    s
}

/// Nonviolent: each pawn whose file is empty from it to its promotion square scores
/// `RACE_STEP` times the square of the ranks it has advanced (nothing can take it or stop
/// it but a piece stepping in front). White minus Black, in centipawns.
///
/// # Examples
/// ```
/// use esoterica::bots::eval::promotion_race;
/// use esoterica::rules::{Position, Variant};
/// // White's pawn on b6 has advanced 4 ranks with b7 and b8 empty: 4 × 16.
/// let p = Position::from_text(Variant::Nonviolent, "4k3/8/1P6/8/8/8/8/4K3 w - - 0 1").unwrap();
/// assert_eq!(promotion_race(&p), 64);
/// ```
pub fn promotion_race(pos: &Position) -> i32 {
    let shape = pos.shape();
    let n = i32::from(shape.files());
    let mut s = 0;
    for (sq, p) in pos.board().all_pieces() {
        if p.kind != PieceKind::Pawn {
            continue;
        }
        let dir = if p.color == Color::White {
            Direction::North
        } else {
            Direction::South
        };
        let free = shape.ray(sq, dir).all(|t| pos.board().is_empty(t));
        let r = i32::from(shape.rank(sq));
        if free {
            let adv = if p.color == Color::White {
                r - 1
            } else {
                n - 2 - r
            };
            let v = RACE_STEP * adv.max(0) * adv.max(0);
            s += if p.color == Color::White { v } else { -v };
        }
    }
    s
}

/// The evaluation from White's point of view, in centipawns.
pub fn evaluate_white(pos: &Position) -> i32 {
    let shape = pos.shape();
    let v = pos.variant();
    let w = weights(v);
    let half = i32::from(shape.files()) / 2;
    let mut s = 0;
    for (sq, p) in pos.board().all_pieces() {
        let zone = shape.zone(sq);
        let mut val = piece_value(v, p.kind, zone);
        match p.kind {
            PieceKind::Pawn => {
                let r = i32::from(shape.rank(sq));
                let adv = if p.color == Color::White {
                    r - 1
                } else {
                    i32::from(shape.files()) - 2 - r
                };
                val += adv.max(0) * w.pawn_step;
            }
            PieceKind::King => {}
            PieceKind::Knight
            | PieceKind::Bishop
            | PieceKind::Queen
            | PieceKind::Guard
            | PieceKind::OuterKnight
            | PieceKind::Rook
            | PieceKind::Matriarch
            | PieceKind::Jumper => {
                val += (half - 1 - centre_distance(shape, sq)).max(0) * w.centre;
            }
        }
        s += if p.color == Color::White { val } else { -val };
    }
    s += w.mobility * (mobility(pos, Color::White) - mobility(pos, Color::Black));
    if v.has_fields() {
        s += force_field_terms(pos);
    }
    match v.capture_rule() {
        CaptureRule::Never => s += promotion_race(pos),
        CaptureRule::ByValue => s += bully_threats(pos),
        CaptureRule::Any => {}
    }
    s
}

/// The evaluation from `side`'s point of view.
pub fn evaluate_for(pos: &Position, side: Color) -> i32 {
    let e = evaluate_white(pos);
    if side == Color::White { e } else { -e }
}

/// The evaluation from the side to move's point of view (negamax convention).
pub fn evaluate(pos: &Position) -> i32 {
    evaluate_for(pos, pos.turn())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn initial_positions_are_balanced() {
        for v in [
            Variant::Standard,
            Variant::BigOuter,
            Variant::Bully,
            Variant::Nonviolent,
            Variant::ForceField,
        ] {
            assert_eq!(evaluate_white(&Position::new(v)), 0, "{v}");
        }
    }

    #[test]
    fn an_extra_queen_counts() {
        let p = Position::from_text(Variant::Standard, "4k3/8/8/8/8/8/8/3QK3 w - - 0 1").unwrap();
        assert!(evaluate(&p) > 900);
        let mut b = p.clone();
        b.set_turn(Color::Black);
        assert!(evaluate(&b) < -900);
    }

    /// White: Ra1 holds a2–a8 and b1–d1 (a5 against the Bishop's weaker charge), 10
    /// squares. Black: Bc3 holds b2, d2, b4, d4, e5, f6, g7, h8, 8 squares, and its move to
    /// a5 is blocked by White's field. (10 − 8) × 2 + 3 × 1 = 7.
    #[test]
    fn force_field_scores_held_squares_and_blocked_moves() {
        let p =
            Position::from_text(Variant::ForceField, "4k3/8/8/8/8/2b5/8/R3K3 w - - 0 1").unwrap();
        assert_eq!(force_field_terms(&p), 7);
        // The same placement in standard chess has no field terms.
        let s = Position::from_text(Variant::Standard, "4k3/8/8/8/8/2b5/8/R3K3 w - - 0 1").unwrap();
        let ff = Position::from_text(Variant::ForceField, &s.to_text()).unwrap();
        assert_eq!(evaluate_white(&ff) - evaluate_white(&s), 7);
    }

    #[test]
    fn nonviolent_pawns_race_only_on_a_free_file() {
        // The b6 pawn is stopped by b7, the b7 pawn has not advanced: no race.
        let p =
            Position::from_text(Variant::Nonviolent, "4k3/1p6/1P6/8/8/8/8/4K3 w - - 0 1").unwrap();
        assert_eq!(promotion_race(&p), 0);
        // Black's pawn on g3 (advanced 4, g2 and g1 empty) against White's on b6.
        let p =
            Position::from_text(Variant::Nonviolent, "4k3/8/1P6/8/8/6p1/8/4K3 w - - 0 1").unwrap();
        assert_eq!(promotion_race(&p), 0);
        let p =
            Position::from_text(Variant::Nonviolent, "4k3/8/1P6/8/8/8/6p1/4K3 w - - 0 1").unwrap();
        assert_eq!(promotion_race(&p), 64 - 100);
    }

    #[test]
    fn big_outer_values_fall_toward_the_centre() {
        for k in [
            PieceKind::Matriarch,
            PieceKind::Jumper,
            PieceKind::OuterKnight,
        ] {
            let o = piece_value(Variant::BigOuter, k, Zone::Outer);
            let m = piece_value(Variant::BigOuter, k, Zone::Mid);
            let c = piece_value(Variant::BigOuter, k, Zone::Central);
            assert!(o > m && m > c, "{k:?}");
        }
    }

    #[test]
    fn centre_distance_is_zero_in_the_middle() {
        let s = BoardShape::Standard;
        assert_eq!(centre_distance(s, s.parse_square("e4").unwrap()), 0);
        assert_eq!(centre_distance(s, s.parse_square("a1").unwrap()), 3);
        let b = BoardShape::BigOuter;
        assert_eq!(centre_distance(b, b.parse_square("f6").unwrap()), 0);
        assert_eq!(centre_distance(b, b.parse_square("a1").unwrap()), 5);
    }
}
