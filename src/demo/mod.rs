//! Attract mode for events, rules-level half: bots play each variant while
//! captions explain every special event, title cards introduce each variant, and a pure
//! state machine cycles variants until a visitor presses a key.
//!
//! - [`captions`]: plain-words captions for a move's special events ([`captions::captions`])
//!   and Force Field's "this move is blocked by a field" ([`captions::field_caption`]).
//! - [`cards`]: the title card of a variant and the result card of a game.
//! - [`script`]: [`script::DemoLoop`], the clock-free demo loop that answers elapsed time and the game's moves with
//!   [`script::DemoCommand`]s.
//!
//! Plain Rust, no Bevy: these files build without the `app` feature. The Bevy `DemoPlugin`
//! (timers, bots on the task pool, fullscreen, "any key takes over") is `plugin.rs`, built
//! with the `app` feature, driving [`script::DemoLoop`]. The words of the captions come
//! from the rules core's narrator ([`narrate`](crate::rules::narrate)).

pub mod captions;
pub mod cards;
pub mod script;

#[cfg(feature = "app")]
pub mod plugin;
#[cfg(feature = "app")]
pub use plugin::DemoPlugin;
