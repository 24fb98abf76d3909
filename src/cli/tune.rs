//! `esoterica tune --variant V (--pgn FILE… | --labels FILE…) [--skip N] [--passes N]`:
//! fits the evaluation's positional weights of a variant to the results of the games in
//! the PGN files, or to the expected scores of the positions in labels files (Texel's
//! method, [`crate::bots::tune`]), and prints the samples, the fitted scale, and the loss
//! and weights before and after.

use std::path::PathBuf;

use clap::Args;

use crate::bots::eval::{Terms, weights};
use crate::bots::tune::{fit, labelled_samples, samples, tuned_terms};
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
    #[arg(long, num_args = 1.., value_name = "FILE", required_unless_present = "labels")]
    pgn: Vec<PathBuf>,
    /// Labels files instead of games: one `POSITION;SCORE` a line, SCORE White's expected
    /// score from 0 to 1 or a result (`1-0`, `0-1`, `1/2-1/2`); `scripts/sf-labels.py`
    /// writes them from Stockfish's evaluations.
    #[arg(long, num_args = 1.., value_name = "FILE", conflicts_with = "pgn")]
    labels: Vec<PathBuf>,
    /// Plies (Parity: turns) at the start of each game left out (the opening book's).
    #[arg(long, default_value_t = 8)]
    skip: usize,
    /// The most passes of the local search over the weights.
    #[arg(long, default_value_t = 200, value_parser = clap::value_parser!(u64).range(1..=100_000))]
    passes: u64,
}

/// Runs the fit; 0 on success, 1 for bad input (an unreadable file, a game or a label line
/// that does not read, no position to fit).
pub(super) fn run(a: &TuneArgs) -> u8 {
    let read = |path: &PathBuf| {
        std::fs::read_to_string(path).map_err(|e| eprintln!("error: {}: {e}", path.display()))
    };
    let (set, what) = if a.labels.is_empty() {
        let mut records = Vec::new();
        for path in &a.pgn {
            let Ok(text) = read(path) else { return 1 };
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
        let what = format!(
            "{} games, {} quiet positions (first {} plies left out)",
            games,
            set.len(),
            a.skip
        );
        (set, what)
    } else {
        let mut set = Vec::new();
        for path in &a.labels {
            let Ok(text) = read(path) else { return 1 };
            match labelled_samples(a.variant, &text) {
                Ok(s) => set.extend(s),
                Err(e) => {
                    eprintln!("error: {}: {e}", path.display());
                    return 1;
                }
            }
        }
        if set.is_empty() {
            eprintln!("error: no labelled position in the file(s) read");
            return 1;
        }
        let what = format!("{} labelled positions", set.len());
        (set, what)
    };
    let start = weights(a.variant);
    let tuned = tuned_terms(a.variant);
    let f = fit(&set, start, tuned, a.passes as usize);
    println!("{}: {what}", a.variant.name());
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
