//! Learning: try-it lessons and the puzzle rating, in plain Rust (no Bevy). The
//! window's Lessons and Puzzles modes and the command line (`esoterica lessons`) are built on these APIs; nothing here draws, plays a sound or reads
//! a clock.
//!
//! - [`lesson`]: lessons as data (`assets/lessons/<variant>.ron`, `docs/LESSONS.md`): steps
//!   with a start position, a typed [`Goal`](crate::rules::goal::Goal) the rules core
//!   checks ([`lesson::Step::check`]), a hint and the words shown on success.
//! - [`glicko`]: the Glicko-2 rating of a puzzle solver and of each puzzle.

pub mod glicko;
pub mod lesson;
