//! Force Field: standard values, the empty squares each side's fields hold
//! ([`fields`](crate::rules::variants::force_field::fields)), and mobility without the
//! piece moves that end on a square the other side holds (`rules/force-field.md §3`:
//! fields block enemy moves; the King ignores them): [`force_field_terms`].

use crate::rules::classic;
use crate::rules::classic::masks::Sides;
use crate::rules::variants::force_field as rules;
use crate::rules::{Color, PieceKind, Position, Square};

use super::common::{
    CLASSIC_VALUES, HAND_SET_TABLES, Terms, VariantEval, Weights, common, piece_targets,
    shared_terms,
};

/// Force Field: the common terms and the squares held.
pub const FORCE_FIELD_WEIGHTS: Weights = Weights {
    held_square: 2,
    ..common(3, 5, 6)
};

/// Force Field's evaluation.
pub(super) const EVAL: VariantEval = VariantEval {
    weights: FORCE_FIELD_WEIGHTS,
    tables: &HAND_SET_TABLES,
    values: &CLASSIC_VALUES,
    terms,
};

/// The shared terms, the squares held and the moves the fields block taken off the
/// mobility ([`field_counts`]).
fn terms(pos: &Position, sides: Option<&Sides>, every: bool) -> (i32, Terms) {
    let (material, mut t) = shared_terms(
        pos,
        sides,
        &FORCE_FIELD_WEIGHTS,
        &HAND_SET_TABLES,
        every,
        true,
    );
    let (held, blocked) = field_counts(pos, sides);
    t.held_square = held;
    t.mobility -= blocked;
    (material, t)
}

/// Force Field terms, White minus Black, in centipawns: the held-square weight per empty
/// square held (the larger charge), and minus the mobility weight for each piece move
/// (pawns and King left out, as in [`mobility`](super::mobility)) that ends on an empty square the other
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
    let w = super::weights(pos.variant());
    let (held, blocked) = field_counts(pos, Sides::of(pos, Color::White).as_ref());
    held * w.held_square - w.mobility * blocked
}

/// The empty squares held (White's less Black's) and the piece moves a field blocks
/// (White's less Black's): on bitboards where the board allows, else from the charge map
/// and the generated moves. `sides`: the sets of `pos` (White's view), if they describe it.
pub(super) fn field_counts(pos: &Position, sides: Option<&Sides>) -> (i32, i32) {
    if let Some(s) = sides
        && let Some(held) = rules::held_squares(pos.board())
    {
        let blocked = |side: Color| piece_targets(pos, s, side, Some(held[side.other().index()]));
        if let (Some(w), Some(b)) = (blocked(Color::White), blocked(Color::Black)) {
            let count = |c: Color| held[c.index()].count_ones() as i32;
            return (count(Color::White) - count(Color::Black), w - b);
        }
    }
    field_counts_reference(pos)
}

/// [`field_counts`] from the charge map and the generated moves.
pub(super) fn field_counts_reference(pos: &Position) -> (i32, i32) {
    let nets = rules::net_charges(pos.board());
    let held: i32 = nets.iter().map(|n| n.signum()).sum();
    let holder = |sq: Square| match nets.get(sq.index()).copied().unwrap_or(0).signum() {
        1 => Some(Color::White),
        -1 => Some(Color::Black),
        _ => None,
    };
    let mut blocked = [0i32; 2];
    let mut buf = Vec::with_capacity(64);
    let rules = pos.variant().rules();
    for side in [Color::White, Color::Black] {
        buf.clear();
        for (from, kind) in pos.board().pieces(side) {
            if kind != PieceKind::Pawn && kind != PieceKind::King {
                classic::piece_moves(rules, pos, from, side, kind, &mut buf);
            }
        }
        blocked[side.index()] = buf
            .iter()
            .filter(|m| pos.board().is_empty(m.to) && holder(m.to) == Some(side.other()))
            .count() as i32;
    }
    (
        held,
        blocked[Color::White.index()] - blocked[Color::Black.index()],
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bots::eval::{evaluate_white, material_and_terms};
    use crate::rules::Variant;

    /// White: Ra1 holds a2–a8 and b1–d1 (a5 against the Bishop's weaker charge), 10
    /// squares. Black: Bc3 holds b2, d2, b4, d4, e5, f6, g7, h8, 8 squares, and its move to
    /// a5 is blocked by White's field. (10 − 8) × 2 + 3 × 1 = 7.
    #[test]
    fn force_field_scores_held_squares_and_blocked_moves() {
        let p =
            Position::from_text(Variant::ForceField, "4k3/8/8/8/8/2b5/8/R3K3 w - - 0 1").unwrap();
        assert_eq!(force_field_terms(&p), 7);
        // The same placement in standard chess has no field terms: scored with Force
        // Field's weights, its terms fall short by exactly the field terms.
        let s = Position::from_text(Variant::Standard, "4k3/8/8/8/8/2b5/8/R3K3 w - - 0 1").unwrap();
        let ff = Position::from_text(Variant::ForceField, &s.to_text()).unwrap();
        let (material, terms) = material_and_terms(&s);
        assert_eq!(terms.held_square, 0);
        let plain = material + terms.score(&FORCE_FIELD_WEIGHTS);
        assert_eq!(evaluate_white(&ff) - plain, 7);
    }
}
