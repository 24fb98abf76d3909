//! Intrachange (`rules/intrachange.md`). Placeholder until the variant lands: classic
//! movement without castling, en passant or promotion.

use crate::rules::moves::{Effect, Move};
use crate::rules::outcome::Outcome;
use crate::rules::position::Position;

pub(crate) fn legal_moves(pos: &Position, out: &mut Vec<Move>) {
    super::classic::legal_moves(pos, out);
}
pub(crate) fn play(pos: &mut Position, mv: &Move) -> Vec<Effect> {
    super::classic::play(pos, mv)
}
pub(crate) fn play_unchecked(pos: &mut Position, mv: &Move) {
    super::classic::play_unchecked(pos, mv);
}
pub(crate) fn outcome(pos: &Position) -> Option<Outcome> {
    super::classic::outcome(pos)
}
pub(crate) fn why_illegal(pos: &Position, mv: &Move) -> String {
    super::classic::why_illegal(pos, mv)
}
pub(crate) fn insufficient_material(_pos: &Position) -> bool {
    false
}
pub(crate) fn move_text(pos: &Position, mv: &Move) -> String {
    mv.coordinate(pos.shape())
}
pub(crate) fn parse_move_text(
    pos: &Position,
    text: &str,
) -> Result<Move, crate::rules::position::MoveError> {
    pos.parse_move(text)
}
