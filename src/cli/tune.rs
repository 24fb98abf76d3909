//! `esoterica tune --variant V (--pgn FILE… | --labels FILE…) [--skip N] [--passes N]
//! [--tables FILE [--iterations N]]`: fits the evaluation's positional weights of a variant
//! to the results of the games in the PGN files, or to the expected scores of the
//! positions in labels files (Texel's method, [`crate::bots::tune`]), and prints the
//! samples, the fitted scale, and the loss and weights before and after. With `--tables`
//! (8×8 variants) the square tables are fitted with the weights
//! ([`crate::bots::tune::fit_tables`]) and written to FILE as the Rust module
//! `src/bots/eval/tables.rs` holds.
//!
//! `esoterica label --variant V --pgn FILE… --out FILE [--nodes N] [--every N] [--limit N]`:
//! writes a labels file for `tune --labels` from the quiet positions of the games, each
//! labelled by a search of the alphabeta bot ([`crate::bots::tune::search_label`]).

use std::path::PathBuf;

use clap::Args;

use crate::bots::SearchLimits;
use crate::bots::eval::{Terms, square_tables, weights};
use crate::bots::tune::{
    DEFAULT_TABLE_PRIOR, LABEL_LEVEL, Sample, TableFit, TableFitSettings, TableSample, fit,
    fit_tables, label_line, labelled_positions, quiet_positions, search_label, tables_source,
    tuned_terms,
};
use crate::rules::geometry::BoardShape;
use crate::rules::notation::pgn;
use crate::rules::{GameRecord, Position, Variant};

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
    /// writes them from Stockfish's evaluations, `esoterica label` from deeper searches of the
    /// alphabeta bot.
    #[arg(long, num_args = 1.., value_name = "FILE", conflicts_with = "pgn")]
    labels: Vec<PathBuf>,
    /// Plies (Parity: turns) at the start of each game left out (the opening book's).
    #[arg(long, default_value_t = 8)]
    skip: usize,
    /// The most passes of the local search over the weights.
    #[arg(long, default_value_t = 200, value_parser = clap::value_parser!(u64).range(1..=100_000))]
    passes: u64,
    /// Fit the square tables (every square's middlegame and endgame value of the six kinds)
    /// with the weights, by gradient descent, and write them to FILE as a Rust module in the
    /// form of `src/bots/eval/tables.rs` (8×8 variants only).
    #[arg(long, value_name = "FILE")]
    tables: Option<PathBuf>,
    /// Gradient steps of the table fit (`--tables`).
    #[arg(long, default_value_t = 2000, value_parser = clap::value_parser!(u64).range(1..=1_000_000), requires = "tables")]
    iterations: u64,
    /// The table fit's pull of each value toward its start, per squared centipawn
    /// (`--tables`); larger keeps the tables nearer the hand-set ones.
    #[arg(long, default_value_t = DEFAULT_TABLE_PRIOR, value_parser = parse_prior, requires = "tables")]
    prior: f64,
    /// Leave every Nth block of 256 consecutive positions (a few games' worth, so that
    /// neighbouring positions of one game do not fall on both sides) out of the table fit
    /// and report its loss before and after, to see whether the tables generalise
    /// (`--tables`).
    #[arg(long, value_parser = clap::value_parser!(u64).range(2..=1_000_000), requires = "tables")]
    hold_out_every: Option<u64>,
}

/// Positions per block of `--hold-out-every`.
const HOLD_OUT_BLOCK: usize = 256;

/// A `--prior`: a finite number from 0 up.
fn parse_prior(text: &str) -> Result<f64, String> {
    match text.parse::<f64>() {
        Ok(x) if x.is_finite() && x >= 0.0 => Ok(x),
        _ => Err(format!("'{text}' is not a number from 0 up")),
    }
}

/// The largest games or labels file read, in bytes.
pub const MAX_INPUT_BYTES: usize = 1 << 30;

/// A games or labels file's text ([`crate::persist::read_text_bounded`]: a regular file of
/// at most [`MAX_INPUT_BYTES`]); the error names the path.
fn read_input(path: &std::path::Path) -> Result<String, String> {
    crate::persist::read_text_bounded(path, MAX_INPUT_BYTES).map_err(|e| e.naming(path))
}

/// The games of the PGN files, in order; `Err` after naming on stderr the file that does
/// not read, or the game that does not, with its file.
fn read_games(paths: &[PathBuf]) -> Result<Vec<GameRecord>, ()> {
    let mut records = Vec::new();
    for path in paths {
        let text = read_input(path).map_err(|e| eprintln!("error: {e}"))?;
        match pgn::read_games(&text, None) {
            Ok(games) => records.extend(games),
            Err((i, e)) => {
                eprintln!("error: {}: game {}: {e}", path.display(), i + 1);
                return Err(());
            }
        }
    }
    Ok(records)
}

/// Says on stderr that `games` games gave no quiet position of `variant` after ply
/// `skip`; returns the exit code, 1.
fn no_quiet_position(variant: Variant, skip: usize, games: usize) -> u8 {
    eprintln!(
        "error: no quiet position of a finished {} game after ply {skip} in {games} game(s) read",
        variant.name()
    );
    1
}

/// Runs the fit; 0 on success, 1 for bad input (an unreadable file, a game or a label line
/// that does not read, no position to fit, `--tables` off the 8×8 board or a tables file
/// that cannot be written).
pub(super) fn run(a: &TuneArgs) -> u8 {
    if let Some(out) = &a.tables {
        return run_tables(a, out);
    }
    let (positions, what) = match positions_to_fit(a) {
        Ok(x) => x,
        Err(code) => return code,
    };
    let set: Vec<Sample> = positions
        .iter()
        .map(|(pos, result)| Sample::of(pos, *result))
        .collect();
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

/// The positions `tune` fits to with White's score in each, from the games or the labels
/// files, and a line saying what they are; `Err` with the exit code after saying on stderr
/// what is wrong.
fn positions_to_fit(a: &TuneArgs) -> Result<(Vec<(Position, f64)>, String), u8> {
    if a.labels.is_empty() {
        let records = read_games(&a.pgn).map_err(|()| 1u8)?;
        let games = records.iter().filter(|r| r.variant() == a.variant).count();
        let set = quiet_positions(&records, a.variant, a.skip);
        if set.is_empty() {
            return Err(no_quiet_position(a.variant, a.skip, records.len()));
        }
        let what = format!(
            "{} games, {} quiet positions (first {} plies left out)",
            games,
            set.len(),
            a.skip
        );
        return Ok((set, what));
    }
    let mut set = Vec::new();
    for path in &a.labels {
        let text = read_input(path).map_err(|e| {
            eprintln!("error: {e}");
            1u8
        })?;
        match labelled_positions(a.variant, &text) {
            Ok(s) => set.extend(s),
            Err(e) => {
                eprintln!("error: {}: {e}", path.display());
                return Err(1);
            }
        }
    }
    if set.is_empty() {
        eprintln!("error: no labelled position in the file(s) read");
        return Err(1);
    }
    let what = format!("{} labelled positions", set.len());
    Ok((set, what))
}

/// `tune --tables`: fits the square tables and the weights, prints the fit and writes the
/// tables module to `out`.
fn run_tables(a: &TuneArgs, out: &std::path::Path) -> u8 {
    if a.variant.shape() != BoardShape::Standard {
        eprintln!(
            "error: --tables: {} is not played on the 8×8 board, which the square tables are for",
            a.variant.name()
        );
        return 1;
    }
    // Created before the fit, so that a path that cannot be written fails at once.
    let mut file = match crate::persist::output::OutputFile::create(out) {
        Ok(f) => f,
        Err(e) => {
            eprintln!("error: {e}");
            return 1;
        }
    };
    let (set, what) = match positions_to_fit(a) {
        Ok(x) => x,
        Err(code) => return code,
    };
    let every = a.hold_out_every.map_or(usize::MAX, |n| n as usize);
    let (mut samples, mut held_out) = (Vec::new(), Vec::new());
    for (i, (pos, result)) in set.iter().enumerate() {
        if let Some(s) = TableSample::of(pos, *result) {
            if (i / HOLD_OUT_BLOCK) % every == every - 1 {
                held_out.push(s);
            } else {
                samples.push(s);
            }
        }
    }
    if samples.is_empty() {
        eprintln!("error: --tables: no position with only the six standard kinds");
        return 1;
    }
    let start = weights(a.variant);
    let tuned = tuned_terms(a.variant);
    let settings = TableFitSettings {
        iterations: a.iterations as usize,
        prior: a.prior,
    };
    let f = fit_tables(
        &samples,
        &held_out,
        start,
        square_tables(a.variant),
        tuned,
        settings,
    );
    let text = tables_module(a.variant, &what, &f);
    if let Err(e) = file.replace(&text) {
        eprintln!("error: {e}");
        return 1;
    }
    println!("{}: {what}", a.variant.name());
    println!("k = {:.4}", f.k);
    println!(
        "loss {:.6} -> {:.6} after {} gradient steps (square tables and weights)",
        f.loss_before, f.loss_after, f.iterations
    );
    if let Some((before, after)) = f.held_out {
        println!(
            "held out: {} positions (every {}th block of {HOLD_OUT_BLOCK}), loss {before:.6} -> {after:.6}",
            held_out.len(),
            every
        );
    }
    let (before, after) = (start.to_array(), f.weights.to_array());
    for i in 0..Terms::COUNT {
        if tuned[i] {
            println!(
                "{:<12} {:>5} -> {:>5}",
                Terms::NAMES[i],
                before[i],
                after[i]
            );
        }
    }
    println!("square tables written to {}", out.display());
    0
}

/// The Rust module of fitted tables: a header saying how they were fitted, then the
/// constant ([`tables_source`]).
fn tables_module(variant: Variant, what: &str, f: &TableFit) -> String {
    let name = if variant == Variant::Standard {
        "CLASSIC_TABLES".to_string()
    } else {
        format!("{}_TABLES", variant.name().to_uppercase().replace('-', "_"))
    };
    let w = f.weights.to_array();
    let weights: Vec<String> = (0..Terms::COUNT)
        .filter(|&i| w[i] != 0)
        .map(|i| format!("`{}` {}", Terms::NAMES[i], w[i]))
        .collect();
    let header = format!(
        "{} square tables, fitted by `esoterica tune --tables` to {what}: k = {:.4}, loss \
         {:.6} -> {:.6} after {} gradient steps, with the weights {}.",
        variant.title(),
        f.k,
        f.loss_before,
        f.loss_after,
        f.iterations,
        weights.join(", "),
    );
    let doc = format!(
        "{} square tables, Pawn to King: `[middlegame, endgame]` centipawns per square, a1 \
         first and rank by rank from White's side (Black's squares mirrored), on top of the \
         material, read by [`placement`](super::placement) at a placement weight of 100.",
        variant.title()
    );
    format!(
        "{}\n//!\n//! Written by the tuner; fit again rather than edit by hand.\n\n\
         use super::SquareTable;\n\n{}\n#[rustfmt::skip]\n{}",
        wrapped("//! ", &header),
        wrapped("/// ", &doc),
        tables_source(&name, &f.tables)
    )
}

/// `text` as comment lines of at most 100 characters, each starting with `prefix`.
fn wrapped(prefix: &str, text: &str) -> String {
    let mut lines = Vec::new();
    let mut line = prefix.to_string();
    for word in text.split_whitespace() {
        if line.len() > prefix.len() && line.chars().count() + 1 + word.chars().count() > 100 {
            lines.push(std::mem::replace(&mut line, prefix.to_string()));
        }
        if line.len() > prefix.len() {
            line.push(' ');
        }
        line.push_str(word);
    }
    lines.push(line);
    lines.join("\n")
}

/// `label` options.
#[derive(Args, Debug)]
pub struct LabelArgs {
    /// The variant whose positions are labelled (its games are read from the files; others
    /// are skipped).
    #[arg(long, value_parser = super::parse_variant)]
    variant: Variant,
    /// PGN files of finished games (as `match` and `tournament` write them).
    #[arg(long, num_args = 1.., value_name = "FILE", required = true)]
    pgn: Vec<PathBuf>,
    /// The labels file to write (`POSITION;SCORE` lines, as `tune --labels` reads them).
    #[arg(long, value_name = "FILE")]
    out: PathBuf,
    /// Plies (Parity: turns) at the start of each game left out (the opening book's).
    #[arg(long, default_value_t = 8)]
    skip: usize,
    /// Label every Nth quiet position only (neighbouring positions of a game say much the
    /// same).
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u64).range(1..=1_000_000))]
    every: u64,
    /// The most positions to label.
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..))]
    limit: Option<u64>,
    /// Node budget of each position's search (Parity: resolved pairs).
    #[arg(long, default_value_t = 100_000, value_parser = clap::value_parser!(u64).range(1..))]
    nodes: u64,
    /// Depth cap of each position's search, in plies.
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..=64))]
    depth: Option<u32>,
    /// Worker threads; default all cores.
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..=256))]
    jobs: Option<u64>,
}

/// Positions labelled between two writes to the file (and a progress line on stderr).
const LABEL_CHUNK: usize = 256;

/// Labels the quiet positions of the games with searches of the alphabeta bot
/// ([`search_label`]) and writes them, chunk by chunk, to the labels file; 0 on success,
/// 1 for bad input (an unreadable or unwritable file, a game that does not read, no
/// position to label).
pub(super) fn run_label(a: &LabelArgs) -> u8 {
    let Ok(records) = read_games(&a.pgn) else {
        return 1;
    };
    let games = records.iter().filter(|r| r.variant() == a.variant).count();
    let mut positions: Vec<Position> = quiet_positions(&records, a.variant, a.skip)
        .into_iter()
        .step_by(a.every as usize)
        .map(|(p, _)| p)
        .collect();
    if let Some(limit) = a.limit {
        positions.truncate(usize::try_from(limit).unwrap_or(usize::MAX));
    }
    if positions.is_empty() {
        return no_quiet_position(a.variant, a.skip, records.len());
    }
    let mut file = match crate::persist::output::OutputFile::create(&a.out) {
        Ok(f) => f,
        Err(e) => {
            eprintln!("error: {e}");
            return 1;
        }
    };
    let limits = SearchLimits {
        movetime: None,
        depth: a.depth,
        nodes: Some(a.nodes),
    };
    let jobs = a.jobs.map_or_else(
        || std::thread::available_parallelism().map_or(1, |n| n.get()),
        |j| j as usize,
    );
    let header = format!(
        "# esoterica label: {} positions of {} {} games (one in {} of the quiet positions after ply {}), \
         alphabeta level {LABEL_LEVEL}, {} nodes{}",
        positions.len(),
        games,
        a.variant.name(),
        a.every,
        a.skip,
        a.nodes,
        a.depth.map_or(String::new(), |d| format!(", depth {d}"))
    );
    let write = |file: &mut crate::persist::output::OutputFile, text: &str| {
        file.append(&format!("{text}\n"))
            .map_err(|e| eprintln!("error: {e}"))
    };
    if write(&mut file, &header).is_err() {
        return 1;
    }
    let mut written = 0;
    for chunk in positions.chunks(LABEL_CHUNK) {
        let per_job = chunk.len().div_ceil(jobs);
        let labels: Vec<Option<f64>> = std::thread::scope(|scope| {
            let handles: Vec<_> = chunk
                .chunks(per_job)
                .map(|part| {
                    scope.spawn(move || {
                        part.iter()
                            .map(|p| search_label(p, limits))
                            .collect::<Vec<_>>()
                    })
                })
                .collect();
            handles
                .into_iter()
                .zip(chunk.chunks(per_job))
                .flat_map(|(h, part)| {
                    // A search that panicked labels nothing of its part; the rest stand.
                    h.join().unwrap_or_else(|_| vec![None; part.len()])
                })
                .collect()
        });
        let text: Vec<String> = chunk
            .iter()
            .zip(&labels)
            .filter_map(|(p, l)| l.map(|score| label_line(p, score)))
            .collect();
        written += text.len();
        if !text.is_empty() && write(&mut file, &text.join("\n")).is_err() {
            return 1;
        }
        eprintln!("{written} of {} positions labelled", positions.len());
    }
    println!(
        "{}: {written} positions labelled into {}",
        a.variant.name(),
        a.out.display()
    );
    0
}
