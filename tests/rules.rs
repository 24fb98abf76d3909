//! Rules-level integration tests: one test binary for all of them (each binary links the
//! crate, and links are slow on the 2-core CI machine). Add a module here and a file under
//! `tests/rules/` for a new group (the crate root is `tests/`, hence the `#[path]`s).
//!
//! - [`perft_suite`]: the published perft counts of `tests/data/perft-standard.epd`.
//! - [`shakmaty_diff`]: legal moves, FEN, SAN and outcomes against shakmaty 0.30.1.
//! - [`malformed`]: bad position, move and game texts give clear errors and never panic.
//! - [`cli`]: the `esoterica` binary's output and exit status (game ends, finished
//!   positions, scene text, `uci` over a pipe and through `match`'s `ext:` client, tournament
//!   shards merged byte for byte, bad tournament input).
//! - [`stockfish`]: a short match against the real Stockfish (it must be installed).
//! - [`learn`]: `esoterica lessons` and `esoterica puzzles`: every lesson solved by its
//!   script, the bundled puzzle files re-solved (a sample; all of them in an ignored test),
//!   malformed puzzle files named line by line, generated puzzles accepted by the checker.

#[path = "rules/cli.rs"]
mod cli;
#[path = "rules/learn.rs"]
mod learn;
#[path = "rules/malformed.rs"]
mod malformed;
#[path = "rules/perft_suite.rs"]
mod perft_suite;
#[path = "rules/shakmaty_diff.rs"]
mod shakmaty_diff;
#[path = "rules/stockfish.rs"]
mod stockfish;
