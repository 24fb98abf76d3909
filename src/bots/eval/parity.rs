//! Parity and Single Occupation, which play their pieces by classic movement: the terms
//! every variant shares ([`shared_terms`]), the common three weighed.

use crate::rules::Position;
use crate::rules::classic::masks::Sides;

use super::common::{
    CLASSIC_VALUES, HAND_SET_TABLES, Terms, VariantEval, Weights, common, shared_terms,
};

/// Parity and Single Occupation, which play their pieces by classic movement: the common
/// terms (the square tables made no difference to the one-turn matrix in 200 games).
pub const PARITY_WEIGHTS: Weights = common(3, 5, 6);

/// Parity's evaluation (Single Occupation's too).
pub(super) const EVAL: VariantEval = VariantEval {
    weights: PARITY_WEIGHTS,
    tables: &HAND_SET_TABLES,
    values: &CLASSIC_VALUES,
    terms,
};

/// The shared terms ([`PARITY_WEIGHTS`]).
fn terms(pos: &Position, sides: Option<&Sides>, every: bool) -> (i32, Terms) {
    shared_terms(pos, sides, &PARITY_WEIGHTS, &HAND_SET_TABLES, every, true)
}
