//! `esoterica puzzles …`: finding and checking puzzles ([`crate::learn::puzzle`],
//! [`crate::learn::generate`], `docs/LESSONS.md`).
//!
//! - `puzzles generate --variant V --games N [--seed S] [--nodes K] [--verify-nodes K2]
//!   [--levels A-B] [--max-plies N] [--per-game N] [--target N] [--out FILE [--append]]`:
//!   bot self-play games; each puzzle's line is written as it is found (to FILE after the
//!   file's header, or to stdout), a progress line per game on stderr. `--append` keeps the
//!   puzzles FILE holds and skips their positions.
//! - `puzzles check FILE [--variant V] [--nodes K] [--first N] [--sample N]`: re-solves
//!   every puzzle (or the first N, or N spread over the file) at K nodes per line (default:
//!   the file's `# check-nodes`, else 200 000); `bad <line>: <why>` for each bad line in
//!   line order (one that cannot be read, a position given twice, a puzzle that fails),
//!   then `checked <N> puzzles at <K> nodes, <M> bad`; exit status 1 when a line is bad or
//!   the file cannot be read. `--keep OUT` writes the puzzles that pass to OUT (the file's
//!   comment lines, then `# Kept by: …`), exit status 0 once it is written.

use std::collections::HashSet;
use std::path::{Path, PathBuf};

use clap::{Args, Subcommand};

use crate::learn::generate::{self, GameReport, GenerateConfig};
use crate::learn::puzzle::{self, Puzzle};
use crate::persist::output::OutputFile;
use crate::rules::Variant;
use crate::rules::narrate::count;

/// The largest puzzle file read, in bytes.
const MAX_PUZZLE_FILE_BYTES: usize = 32 << 20;

/// How a header line naming the command that made the file starts ([`puzzle::file_header`]).
const MADE_BY: &str = "# Made by: ";

/// The budget `check` uses when the file names none.
const DEFAULT_CHECK_NODES: u64 = 200_000;

/// `puzzles` subcommands.
#[derive(Subcommand, Debug)]
pub enum PuzzlesCmd {
    /// Find puzzles in bot self-play games.
    Generate(GenerateArgs),
    /// Re-solve every puzzle of a file; exit 1 naming the bad lines.
    Check(CheckArgs),
}

/// `puzzles generate` options.
#[derive(Args, Debug)]
pub struct GenerateArgs {
    /// standard intrachange force-field parity parity-single big-outer bully nonviolent
    #[arg(long, value_parser = super::parse_variant)]
    variant: Variant,
    /// Self-play games to play.
    #[arg(long, default_value_t = 100)]
    games: usize,
    /// Master seed (game i is seeded from it and i).
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Nodes per self-play move and per line of a candidate's screening.
    #[arg(long, default_value_t = 20_000)]
    nodes: u64,
    /// Nodes per line of the analyses that solve and verify each puzzle (written to the
    /// file as `# check-nodes`).
    #[arg(long = "verify-nodes", default_value_t = 200_000)]
    verify_nodes: u64,
    /// The self-play bots' levels, `A-B` (each side drawn from it per game) or one level.
    #[arg(long, default_value = "2-4")]
    levels: String,
    /// Plies (Parity: turns) after which a game is abandoned.
    #[arg(long = "max-plies", default_value_t = 300)]
    max_plies: usize,
    /// The most puzzles taken from one game.
    #[arg(long = "per-game", default_value_t = 3)]
    per_game: usize,
    /// Stop after the game in which this many new puzzles have been found.
    #[arg(long)]
    target: Option<usize>,
    /// Write the puzzles to FILE (a header, then one line each, as found).
    #[arg(long, value_name = "FILE")]
    out: Option<PathBuf>,
    /// Keep the puzzles FILE already holds (their positions are skipped) and add to them.
    #[arg(long, requires = "out")]
    append: bool,
}

/// `puzzles check` options.
#[derive(Args, Debug)]
pub struct CheckArgs {
    /// The puzzle file.
    #[arg(value_name = "FILE")]
    file: PathBuf,
    /// The variant (default: from the file's header, else its name).
    #[arg(long, value_parser = super::parse_variant)]
    variant: Option<Variant>,
    /// Nodes per analysis line (default: the file's `# check-nodes`, else 200000).
    #[arg(long)]
    nodes: Option<u64>,
    /// Check only the first N puzzles.
    #[arg(long)]
    first: Option<usize>,
    /// Check only N puzzles spread evenly over the file (the first, then every
    /// (count / N)-th); with --first, spread over the first puzzles.
    #[arg(long, value_name = "N")]
    sample: Option<usize>,
    /// Write the puzzles that pass to OUT (FILE's comment lines first, then a line naming
    /// this check): a file whose every puzzle also re-solves at --nodes. Exit status 0
    /// when OUT is written.
    #[arg(long, value_name = "OUT", conflicts_with_all = ["first", "sample"])]
    keep: Option<PathBuf>,
}

/// Runs a `puzzles` subcommand and returns the exit status.
pub(super) fn run(cmd: &PuzzlesCmd) -> u8 {
    match cmd {
        PuzzlesCmd::Generate(a) => run_generate(a),
        PuzzlesCmd::Check(a) => run_check(a),
    }
}

fn fail(e: &str) -> u8 {
    eprintln!("error: {e}");
    1
}

fn read(path: &Path) -> Result<String, String> {
    crate::persist::read_text_bounded(path, MAX_PUZZLE_FILE_BYTES).map_err(|e| e.naming(path))
}

/// The variant a puzzle file is for: its header's `# Esoterica puzzles: <title>`, else its
/// file name (`force-field.txt`).
fn file_variant(path: &Path, text: &str) -> Option<Variant> {
    text.lines()
        .filter_map(|l| l.strip_prefix("# Esoterica puzzles:"))
        .find_map(|t| Variant::parse(t.trim()).ok())
        .or_else(|| {
            path.file_stem()
                .and_then(|s| s.to_str())
                .and_then(|s| Variant::parse(s).ok())
        })
}

fn parse_levels(text: &str) -> Option<(u8, u8)> {
    let max = crate::bots::search::MAX_LEVEL;
    let (a, b) = match text.split_once('-') {
        Some((a, b)) => (a.trim().parse().ok()?, b.trim().parse().ok()?),
        None => {
            let l = text.trim().parse().ok()?;
            (l, l)
        }
    };
    ((1..=max).contains(&a) && (a..=max).contains(&b)).then_some((a, b))
}

fn run_generate(a: &GenerateArgs) -> u8 {
    let Some(levels) = parse_levels(&a.levels) else {
        return fail(&format!(
            "--levels must be A-B with 1 <= A <= B <= {}, not '{}'",
            crate::bots::search::MAX_LEVEL,
            a.levels
        ));
    };
    if a.nodes == 0 || a.verify_nodes == 0 {
        return fail("--nodes and --verify-nodes must be at least 1");
    }
    let config = GenerateConfig {
        games: a.games,
        seed: a.seed,
        nodes: a.nodes,
        verify_nodes: a.verify_nodes,
        levels,
        max_plies: a.max_plies,
        max_per_game: a.per_game,
        target: a.target,
        ..GenerateConfig::new(a.variant)
    };
    let mut seen = HashSet::new();
    let mut kept: Vec<String> = Vec::new();
    // The commands that made the puzzles kept from FILE: with this one, in order, they make
    // the file again.
    let mut made_by: Vec<String> = Vec::new();
    if a.append
        && let Some(path) = &a.out
        && path.exists()
    {
        let text = match read(path) {
            Ok(t) => t,
            Err(e) => return fail(&e),
        };
        let (file, bad) = puzzle::read_file(a.variant, &text);
        if let Some((line, e)) = bad.first() {
            return fail(&format!("{}:{line}: {e}", path.display()));
        }
        if file.check_nodes.is_some_and(|n| n != a.verify_nodes) {
            return fail(&format!(
                "{} was verified at {} nodes, not --verify-nodes {}",
                path.display(),
                file.check_nodes.unwrap_or_default(),
                a.verify_nodes
            ));
        }
        for (_, p) in &file.puzzles {
            seen.insert(p.position.repetition_key());
            kept.push(p.to_line());
        }
        made_by.extend(
            text.lines()
                .filter(|l| l.starts_with(MADE_BY))
                .map(str::to_string),
        );
    }
    let mut command = format!(
        "esoterica puzzles generate --variant {} --games {} --seed {} --nodes {} --verify-nodes {} --levels {}-{} --max-plies {} --per-game {}",
        a.variant.name(),
        a.games,
        a.seed,
        a.nodes,
        a.verify_nodes,
        levels.0,
        levels.1,
        a.max_plies,
        a.per_game
    );
    if let Some(t) = a.target {
        command.push_str(&format!(" --target {t}"));
    }
    let mut header = puzzle::file_header(a.variant, &command, Some(a.verify_nodes));
    if !made_by.is_empty() {
        let at = header.find(MADE_BY).unwrap_or(header.len());
        let earlier: String = made_by.iter().map(|l| format!("{l}\n")).collect();
        header.insert_str(at, &earlier);
    }
    let mut out = match &a.out {
        Some(path) => match OutputFile::create(path) {
            Ok(f) => Some(f),
            Err(e) => return fail(&e.naming(path)),
        },
        None => None,
    };
    let mut write = |text: &str| -> Result<(), String> {
        match out.as_mut() {
            Some(f) => f.append(text).map_err(|e| e.to_string()),
            None => {
                print!("{text}");
                Ok(())
            }
        }
    };
    let mut start = header;
    for l in &kept {
        start.push_str(l);
        start.push('\n');
    }
    if let Err(e) = write(&start) {
        return fail(&e);
    }
    let mut failed: Option<String> = None;
    let mut total = kept.len();
    let mut played = 0;
    let begun = std::time::Instant::now();
    let found = generate::generate(
        &config,
        &mut seen,
        &mut |p: &Puzzle| {
            if failed.is_none()
                && let Err(e) = write(&format!("{}\n", p.to_line()))
            {
                failed = Some(e);
            }
        },
        &mut |r: &GameReport| {
            total += r.found;
            played += 1;
            eprintln!(
                "game {}/{}: {} plies, {} candidates, {} found ({} in all, {:.0} s)",
                r.game + 1,
                a.games,
                r.plies,
                r.candidates,
                r.found,
                total,
                begun.elapsed().as_secs_f64()
            );
        },
    );
    if let Some(e) = failed {
        return fail(&e);
    }
    eprintln!(
        "{} found in {} ({:.0} s)",
        count(found, "puzzle"),
        count(played, "game"),
        begun.elapsed().as_secs_f64()
    );
    0
}

fn run_check(a: &CheckArgs) -> u8 {
    let text = match read(&a.file) {
        Ok(t) => t,
        Err(e) => return fail(&e),
    };
    let Some(variant) = a.variant.or_else(|| file_variant(&a.file, &text)) else {
        return fail(&format!(
            "cannot tell the variant of {}: give --variant",
            a.file.display()
        ));
    };
    let (file, unreadable) = puzzle::read_file(variant, &text);
    if a.nodes == Some(0) || a.sample == Some(0) {
        return fail("--nodes and --sample must be at least 1");
    }
    let nodes = a.nodes.or(file.check_nodes).unwrap_or(DEFAULT_CHECK_NODES);
    // Locked, not emptied (it may be FILE itself); replaced once the check is done.
    let mut keep = match &a.keep {
        Some(path) => match OutputFile::lock(path) {
            Ok(f) => Some(f),
            Err(e) => return fail(&e.naming(path)),
        },
        None => None,
    };
    let mut bad: Vec<(usize, String)> = unreadable
        .iter()
        .map(|(line, e)| (*line, e.to_string()))
        .collect();
    // A position twice is a bad line wherever it stands, checked or not.
    let mut keys = HashSet::new();
    let mut repeated = HashSet::new();
    for (line, p) in &file.puzzles {
        if !keys.insert(p.position.repetition_key()) {
            repeated.insert(*line);
            bad.push((*line, "the same position as an earlier puzzle".into()));
        }
    }
    let chosen = choose(file.puzzles.len(), a.first, a.sample);
    let mut checked = 0;
    for i in chosen {
        let (line, p) = &file.puzzles[i];
        checked += 1;
        if repeated.contains(line) {
            continue;
        }
        if let Err(why) = puzzle::check_puzzle(p, nodes) {
            bad.push((*line, why));
        }
    }
    bad.sort_by_key(|(line, _)| *line);
    for (line, why) in &bad {
        println!("bad {line}: {why}");
    }
    let bad_lines: HashSet<usize> = bad.iter().map(|(line, _)| *line).collect();
    let bad = bad.len();
    println!(
        "checked {} at {nodes} nodes; {bad} bad lines in the file",
        count(checked, "puzzle")
    );
    if let (Some(out), Some(path)) = (keep.as_mut(), &a.keep) {
        let kept = file
            .puzzles
            .iter()
            .filter(|(line, _)| !bad_lines.contains(line))
            .count();
        let mut body: String = text
            .lines()
            .filter(|l| l.trim_start().starts_with('#'))
            .map(|l| format!("{l}\n"))
            .collect();
        let lines = text
            .lines()
            .map(str::trim)
            .filter(|l| !l.is_empty() && !l.starts_with('#'))
            .count();
        body.push_str(&format!(
            "# Kept by: esoterica puzzles check --nodes {nodes}: {} of {lines}\n",
            count(kept, "puzzle"),
        ));
        for (line, p) in &file.puzzles {
            if !bad_lines.contains(line) {
                body.push_str(&p.to_line());
                body.push('\n');
            }
        }
        if let Err(e) = out.replace(&body) {
            return fail(&e.naming(path));
        }
        return 0;
    }
    u8::from(bad > 0)
}

/// The indices of the puzzles to check among `len`: all, the first `first`, or `sample`
/// spread evenly (the first, then every `len / sample`-th), the first `first` sampled.
fn choose(len: usize, first: Option<usize>, sample: Option<usize>) -> Vec<usize> {
    let len = first.map_or(len, |n| n.min(len));
    match sample {
        Some(k) if k < len => (0..k).map(|i| i * len / k).collect(),
        _ => (0..len).collect(),
    }
}
