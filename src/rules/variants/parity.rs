//! Parity Chess and Single Occupation (`rules/parity.md`). Placeholder until the variant
//! lands.

use crate::rules::moves::{Effect, Move};
use crate::rules::outcome::Outcome;
use crate::rules::piece::Color;
use crate::rules::position::{IllegalMove, Position};

pub(crate) fn legal_commits(pos: &Position, side: Color, out: &mut Vec<Move>) {
    let mut p = pos.clone();
    p.turn = side;
    super::classic::legal_moves(&p, out);
}
pub(crate) fn resolve(pos: &mut Position, white: &Move, _black: &Move) -> Result<Vec<Effect>, IllegalMove> {
    Err(IllegalMove {
        mv: white.coordinate(pos.shape()),
        reason: "Parity resolution is not available yet".into(),
    })
}
pub(crate) fn outcome(_pos: &Position) -> Option<Outcome> {
    None
}
pub(crate) fn perft(_pos: &Position, _depth: u32) -> u64 {
    0
}
pub(crate) fn commit_text(pos: &Position, mv: &Move) -> String {
    mv.coordinate(pos.shape())
}
pub(crate) fn parse_commit(
    pos: &Position,
    side: Color,
    text: &str,
) -> Result<Move, crate::rules::position::MoveError> {
    let legal = pos.legal_commits(side);
    crate::rules::notation::san::find_coordinate(pos, text, &legal, |_| "not a legal commit".into())
}
/// Perft split by White's commit (placeholder).
pub fn divide(_pos: &Position, _depth: u32) -> Vec<(String, u64)> {
    Vec::new()
}
