//! Standard chess: material, mobility, centralisation, the pawn structure, the placement
//! by the fitted square tables ([`CLASSIC_TABLES`]) and the attack on the Kings, the
//! terms every 8×8 variant may count ([`shared_terms`]) with the weights fitted to
//! Stockfish's evaluations.

use crate::rules::Position;
use crate::rules::classic::masks::Sides;

use super::CLASSIC_TABLES;
use super::common::{CLASSIC_VALUES, Terms, VariantEval, Weights, common, shared_terms};

/// Standard chess: every term of the 8×8 board, the weights fitted with the square tables
/// ([`CLASSIC_TABLES`], placement at 100) to Stockfish's evaluations of 234,033 quiet
/// positions (`esoterica tune --labels … --tables`; docs/BOTS.md, "Fitting the square
/// tables").
pub const CLASSIC_WEIGHTS: Weights = Weights {
    passed: 3,
    pawn_weakness: 15,
    king_shield: 9,
    placement: 100,
    king_attack: 26,
    ..common(5, 17, 0)
};

/// Standard chess's evaluation.
pub(super) const EVAL: VariantEval = VariantEval {
    weights: CLASSIC_WEIGHTS,
    tables: &CLASSIC_TABLES,
    values: &CLASSIC_VALUES,
    terms,
};

/// The shared terms, every one weighed ([`CLASSIC_WEIGHTS`]).
fn terms(pos: &Position, sides: Option<&Sides>, every: bool) -> (i32, Terms) {
    shared_terms(pos, sides, &CLASSIC_WEIGHTS, &CLASSIC_TABLES, every, true)
}
