//! Big Outer (`rules/big-outer.md §2`): the Matriarch, Jumper and outer Knight lose power
//! toward the centre (shorter range, shorter or no leaps), so their value depends on the
//! zone they stand in; the Guard is zone-free, and the classic Bishop, Rook and Queen are
//! worth more on the larger board. The shared terms, every one counting less against the
//! material of the new pieces (no square tables, pawn structure or King attack off the
//! 8×8 board).

use crate::rules::classic::masks::Sides;
use crate::rules::{PieceKind, Position, Zone};

use super::common::{
    HAND_SET_TABLES, PieceValues, Terms, VariantEval, Weights, classic_value, common, shared_terms,
    value_table,
};

/// Big Outer: every term counts less against the material of the new pieces.
pub const BIG_OUTER_WEIGHTS: Weights = common(2, 3, 5);

/// The value of a piece of `kind` in `zone` on the Big Outer board, centipawns: the
/// classic Bishop, Rook and Queen are worth more on 148 squares; the new kinds by their
/// zone ([`classic_value`]).
const fn value(kind: PieceKind, zone: Zone) -> i32 {
    match kind {
        PieceKind::Bishop => 360,
        PieceKind::Rook => 550,
        PieceKind::Queen => 1000,
        PieceKind::Pawn
        | PieceKind::Knight
        | PieceKind::King
        | PieceKind::Guard
        | PieceKind::Matriarch
        | PieceKind::Jumper
        | PieceKind::OuterKnight => classic_value(kind, zone),
    }
}

/// Big Outer's material values ([`value`]).
const VALUES: PieceValues = value_table!(value);

/// Big Outer's evaluation.
pub(super) const EVAL: VariantEval = VariantEval {
    weights: BIG_OUTER_WEIGHTS,
    tables: &HAND_SET_TABLES,
    values: &VALUES,
    terms,
};

/// The shared terms ([`BIG_OUTER_WEIGHTS`]).
fn terms(pos: &Position, sides: Option<&Sides>, every: bool) -> (i32, Terms) {
    shared_terms(
        pos,
        sides,
        &BIG_OUTER_WEIGHTS,
        &HAND_SET_TABLES,
        every,
        true,
    )
}

#[cfg(test)]
mod tests {
    use crate::bots::eval::piece_value;
    use crate::rules::{PieceKind, Variant, Zone};

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
}
