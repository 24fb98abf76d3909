//! `esoterica tune --variant V --pgn FILE… [--skip N] [--passes N]`: fits the evaluation's
//! positional weights of a variant to the results of the games in the PGN files (Texel's
//! method, [`crate::bots::tune`]) and prints the samples, the fitted scale, and the loss and
//! weights before and after.

use std::path::PathBuf;

use clap::Args;

use crate::bots::eval::{Terms, weights};
use crate::bots::tune::{fit, samples, tuned_terms};
use crate::rules::Variant;
use crate::rules::notation::pgn;

/// `tune` options.
#[derive(Args, Debug)]
pub struct TuneArgs {
    /// The variant whose weights are fitted (its games are read from the files; others are
    /// skipped).
    #[arg(long, value_parser = super::parse_variant)]
    variant: Variant,
    /// PGN files of finished games (as `match` and `tournament` write them).
    #[arg(long, required = true, num_args = 1.., value_name = "FILE")]
    pgn: Vec<PathBuf>,
    /// Plies (Parity: turns) at the start of each game left out (the opening book's).
    #[arg(long, default_value_t = 8)]
    skip: usize,
    /// The most passes of the local search over the weights.
    #[arg(long, default_value_t = 200, value_parser = clap::value_parser!(u64).range(1..=100_000))]
    passes: u64,
}

/// Runs the fit; 0 on success, 1 for bad input (an unreadable file, a game that does not
/// read, no quiet position to fit).
pub(super) fn run(a: &TuneArgs) -> u8 {
    let mut records = Vec::new();
    for path in &a.pgn {
        let text = match std::fs::read_to_string(path) {
            Ok(t) => t,
            Err(e) => {
                eprintln!("error: {}: {e}", path.display());
                return 1;
            }
        };
        match pgn::read_games(&text, None) {
            Ok(games) => records.extend(games),
            Err((i, e)) => {
                eprintln!("error: {}: game {}: {e}", path.display(), i + 1);
                return 1;
            }
        }
    }
    let games = records.iter().filter(|r| r.variant() == a.variant).count();
    let set = samples(&records, a.variant, a.skip);
    if set.is_empty() {
        eprintln!(
            "error: no quiet position of a finished {} game after ply {} in {} game(s) read",
            a.variant.name(),
            a.skip,
            records.len()
        );
        return 1;
    }
    let start = weights(a.variant);
    let tuned = tuned_terms(a.variant);
    let f = fit(&set, start, tuned, a.passes as usize);
    println!(
        "{}: {} games, {} quiet positions (first {} plies left out)",
        a.variant.name(),
        games,
        set.len(),
        a.skip
    );
    println!("k = {:.4}", f.k);
    println!(
        "loss {:.6} -> {:.6} after {} passes",
        f.loss_before, f.loss_after, f.passes
    );
    let (before, after) = (start.to_array(), f.weights.to_array());
    for i in (0..Terms::COUNT).filter(|&i| tuned[i]) {
        println!(
            "{:<12} {:>5} -> {:>5}",
            Terms::NAMES[i],
            before[i],
            after[i]
        );
    }
    0
}
