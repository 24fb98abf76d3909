//! Learning: try-it lessons, puzzles and the puzzle rating, in plain Rust (no Bevy). The
//! window's Lessons and Puzzles modes and the command line (`esoterica lessons`,
//! `esoterica puzzles`) are built on these APIs; nothing here draws, plays a sound or reads
//! a clock.
//!
//! - [`lesson`]: lessons as data (`assets/lessons/<variant>.ron`, `docs/LESSONS.md`): steps
//!   with a start position, a typed [`Goal`](crate::rules::goal::Goal) the rules core
//!   checks ([`lesson::Step::check`]), a hint and the words shown on success.
//! - [`puzzle`]: puzzles as data (`assets/puzzles/<variant>.txt`): reading and writing the
//!   files, the criteria a puzzle meets, re-solving one ([`puzzle::check_puzzle`]), themes
//!   from the rules' effects and each puzzle's initial rating.
//! - [`generate`]: finding puzzles in bot self-play (`esoterica puzzles generate`).
//! - [`glicko`]: the Glicko-2 rating of a puzzle solver and of each puzzle.

pub mod generate;
pub mod glicko;
pub mod lesson;
pub mod puzzle;
