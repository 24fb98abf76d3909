//! Esoterica: play and show off unusual chess variants on one machine.
//!
//! - [`rules`]: the plain-Rust rules core (no Bevy), the single source of truth.
//! - [`bots`]: the Bot trait, built-in and external bots, the match runner.
//! - [`cli`]: the command-line tools (`perft`, `moves`, `apply`, …).
//! - With the default `app` feature: the Bevy game (`game`, `render`, `ui`).

pub mod bots;
pub mod cli;
pub mod rules;
