//! Nonviolent: captures are illegal, so mobility and pawn advancement weigh more, pieces
//! gathering round the enemy King count (mate is the only win), and a pawn whose file is
//! empty up to its promotion square races for it ([`promotion_race`]).

use crate::rules::classic::masks::Sides;
use crate::rules::{Color, Direction, PieceKind, Position};

use super::common::{
    CLASSIC_VALUES, HAND_SET_TABLES, Terms, VariantEval, Weights, common, shared_terms,
};

/// Nonviolent: without captures pawn advances matter more, free pawns race, and pieces
/// gathering round the enemy King count (mate is the only win). Fitted to the alphabeta
/// bot's own searches of 5,000 quiet positions of self-play games (docs/BOTS.md, "Fitting
/// to deeper searches of our own"); against the hand-set weights (mobility 6, centre 6,
/// pawn step 12, race 4) they scored 55.3 % over 200 games from the bundled openings.
pub const NONVIOLENT_WEIGHTS: Weights = Weights {
    race_step: 4,
    king_attack: 25,
    ..common(5, 4, 14)
};

/// Nonviolent's evaluation.
pub(super) const EVAL: VariantEval = VariantEval {
    weights: NONVIOLENT_WEIGHTS,
    tables: &HAND_SET_TABLES,
    values: &CLASSIC_VALUES,
    terms,
};

/// The shared terms and the pawns racing on free files ([`race_squares`]).
fn terms(pos: &Position, sides: Option<&Sides>, every: bool) -> (i32, Terms) {
    let (material, mut t) = shared_terms(
        pos,
        sides,
        &NONVIOLENT_WEIGHTS,
        &HAND_SET_TABLES,
        every,
        true,
    );
    t.race_step = race_squares(pos);
    (material, t)
}

/// Nonviolent: each pawn whose file is empty from it to its promotion square scores the
/// race weight ([`Weights::race_step`]) times the square of the ranks it has advanced
/// (nothing can take it or stop it but a piece stepping in front). White minus Black, in
/// centipawns.
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
    super::weights(pos.variant()).race_step * race_squares(pos)
}

/// The squares of the ranks advanced by the pawns on free files, White's less Black's.
pub(super) fn race_squares(pos: &Position) -> i32 {
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
            let v = adv.max(0) * adv.max(0);
            s += if p.color == Color::White { v } else { -v };
        }
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Variant;

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
}
