//! Esoterica: play and show off unusual chess variants on one machine.
//!
//! - [`rules`]: the plain-Rust rules core (no Bevy), the single source of truth.
//! - [`persist`]: game files, autosave, settings and scenes (plain Rust).
//! - [`cli`]: the command-line tools (`perft`, `moves`, `apply`, …).
//! - With the default `app` feature: the Bevy game (`game`, `render`, `ui`).

pub mod cli;
pub mod persist;
pub mod rules;
