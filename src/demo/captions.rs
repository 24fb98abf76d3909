//! Captions for the demo: plain-words explanations of the special events of a move, for a
//! visitor watching bots play at an event. The words are the rules core's narrator's
//! ([`narrate`]); this module only names them for the demo. Plain
//! Rust, no Bevy.
//!
//! Determinism: captions come in the order of the effects they explain (the rules order).

use crate::rules::moves::Effect;
use crate::rules::narrate;
use crate::rules::position::Position;
use crate::rules::record::Entry;

/// One caption: its kind and one sentence for the screen (the narrator's
/// [`Narration`](narrate::Narration)).
pub type Caption = narrate::Narration;

/// What a caption explains (the narrator's [`NarrationKind`](narrate::NarrationKind)).
pub use narrate::NarrationKind as CaptionKind;

/// Explains the special events of one move (or Parity turn) in plain words, for a visitor:
/// [`narrate::entry`].
pub fn captions(before: &Position, entry: &Entry, effects: &[Effect]) -> Vec<Caption> {
    narrate::entry(before, entry, effects)
}

/// [`captions`] when the position after the entry is already known (the game's record holds
/// it): [`narrate::effects`].
pub fn captions_between(
    before: &Position,
    after: Option<&Position>,
    entry: &Entry,
    effects: &[Effect],
) -> Vec<Caption> {
    narrate::effects(before, after, entry, effects)
}

/// One interesting move of the side to move that the variant's own rule forbids, explained
/// (Force Field: a field): [`narrate::blocked_move`].
pub fn field_caption(pos: &Position) -> Option<Caption> {
    narrate::blocked_move(pos)
}
