//! Esoterica: play and show off unusual chess variants on one machine.
//!
//! - [`rules`]: the plain-Rust rules core (no Bevy), the single source of truth.
//! - [`cli`]: the command-line tools (`perft`, `moves`, `apply`, `explain`, `scene`, …).
//! - [`demo`]: attract mode for events: captions, title cards and the demo loop (plain Rust).
//! - [`persist`]: game files, autosave, settings and scenes (plain Rust).
//! - [`bots`]: the Bot trait, built-in and external bots, the match runner.
//! - With the default `app` feature: the Bevy game (`game`, `render`, `ui`).

pub mod bots;
pub mod cli;
pub mod demo;
pub mod persist;
pub mod rules;
