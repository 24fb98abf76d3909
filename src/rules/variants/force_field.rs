//! Force Field Chess (`rules/force-field.md`). Placeholder until the variant lands.

use crate::rules::moves::{Effect, Move};
use crate::rules::outcome::Outcome;
use crate::rules::piece::Color;
use crate::rules::position::Position;

pub(crate) fn legal_moves(pos: &Position, out: &mut Vec<Move>) {
    super::classic::legal_moves(pos, out);
}
pub(crate) fn play(pos: &mut Position, mv: &Move) -> Vec<Effect> {
    super::classic::play(pos, mv)
}
pub(crate) fn outcome(pos: &Position) -> Option<Outcome> {
    super::classic::outcome(pos)
}
pub(crate) fn in_check(pos: &Position, side: Color) -> bool {
    super::classic::in_check(pos, side)
}
pub(crate) fn why_illegal(pos: &Position, mv: &Move) -> String {
    super::classic::why_illegal(pos, mv)
}
