//! `esoterica tournament …`: round robins, gauntlets and SPRT A/B tests between bots
//! ([`crate::bots::tournament`]), `tournament merge` for the result files of shards, and
//! `tournament openings` to generate an opening set. Documented in `docs/BOTS.md`.
//!
//! Files: `--pgn` gets every game as it ends, in game-index order, each game appended whole
//! and flushed (a reader can follow it); `--json` and `--results` are written at the end
//! (`--results` atomically). All of them are created before the first game, so a path that
//! cannot be written exits 1 at once. The report on stdout and the files hold no clock and no
//! paths: a merge of the shards prints and writes exactly what the unsharded run does; the
//! timing line goes to stderr.

use std::io::Write as _;
use std::path::{Path, PathBuf};
use std::time::Instant;

use clap::{Args, Subcommand};

use crate::bots::BotSpec;
use crate::bots::tournament::openings::{self, GenerateOptions};
use crate::bots::tournament::report::{self, SprtSummary};
use crate::bots::tournament::results::{self, GameEntry, ReportOptions, ResultsFile};
use crate::bots::tournament::runner;
use crate::bots::tournament::schedule::{Format, OpeningSet, Player, Schedule, TournamentSpec};
use crate::bots::tournament::sprt::{Sprt, SprtSpec};
use crate::bots::tournament::{parse_shard, split_named};
use crate::persist::output::OutputFile;
use crate::rules::Variant;

/// `tournament` and its subcommands.
#[derive(Args, Debug)]
#[command(
    args_conflicts_with_subcommands = true,
    after_help = "Examples (docs/BOTS.md, \"Tournaments\"):
  esoterica tournament --bot random --bot greedy --bot alphabeta:3 --variants all --games-per-pair 4 --movetime 50 --pgn games.pgn
  esoterica tournament --gauntlet alphabeta:3 --bot sf=ext:stockfish --bot greedy --games-per-pair 8
  esoterica tournament --bot 'new=ext:./new uci' --bot 'old=ext:./old uci' --sprt elo0=0 elo1=5 alpha=0.05 beta=0.05
  esoterica tournament ARGS --shard 0/4 --results s0.ron   (… --shard 3/4 --results s3.ron)
  esoterica tournament merge s0.ron s1.ron s2.ron s3.ron --pgn games.pgn --json report.json"
)]
pub struct TournamentCmd {
    /// `merge` or `openings`; none runs a tournament.
    #[command(subcommand)]
    pub action: Option<TournamentAction>,
    /// The tournament to run.
    #[command(flatten)]
    pub run: TournamentArgs,
}

/// Subcommands of `tournament`.
#[derive(Subcommand, Debug)]
pub enum TournamentAction {
    /// Combine the result files of a tournament's shards into its report, PGN and JSON.
    Merge(MergeArgs),
    /// Generate a balanced opening set for a variant (printed in the opening-file format).
    Openings(OpeningsArgs),
}

/// Options of a tournament run.
#[derive(Args, Debug)]
pub struct TournamentArgs {
    /// A player (repeat it): random, greedy, alphabeta[:1-9], pure:1-9, exploit:1-9 or
    /// `ext:<command line>`; `NAME=SPEC` names it (`sf=ext:stockfish`).
    #[arg(long = "bot", value_name = "SPEC")]
    bots: Vec<String>,
    /// Gauntlet: this bot plays every `--bot`, and they do not play each other.
    #[arg(long, value_name = "SPEC")]
    gauntlet: Option<String>,
    /// One variant (default standard).
    #[arg(long)]
    variant: Option<String>,
    /// Several variants, comma-separated, or `all`.
    #[arg(long, value_delimiter = ',')]
    variants: Vec<String>,
    /// Games per pairing and variant, even (each opening with both colours); default 2,
    /// with --sprt the most games of the test (default 20000).
    #[arg(long)]
    games_per_pair: Option<usize>,
    /// Time per move in milliseconds (a cap for built-in bots; sent to external bots,
    /// which otherwise get 1000).
    #[arg(long, value_parser = crate::cli::positive_u64)]
    movetime: Option<u64>,
    /// Node budget per move (deterministic; tightens the alphabeta levels' own budgets).
    #[arg(long, value_parser = crate::cli::positive_u64)]
    nodes: Option<u64>,
    /// A clock for every game: `1+1` (Fischer: minutes + seconds of increment), `1d2`
    /// (delay) or `none`; bots plan on their time left, are charged their wall-clock time
    /// and lose on time (docs/BOTS.md).
    #[arg(long = "time-control", value_name = "TC")]
    time_control: Option<String>,
    /// Worker threads; default all cores.
    #[arg(long, value_parser = crate::cli::jobs)]
    jobs: Option<usize>,
    /// Master seed: the schedule, the openings' order and every game's seed follow from it.
    #[arg(long, default_value_t = 0)]
    seed: u64,
    /// Plies (Parity: turns) after which a game is adjudicated a draw.
    #[arg(long, default_value_t = crate::bots::arena::DEFAULT_MAX_PLIES, value_parser = crate::cli::at_least_one)]
    max_plies: usize,
    /// `forfeit` (default) or `random`: what happens to a bot that fails.
    #[arg(long, default_value = "forfeit")]
    fallback: String,
    /// Openings: a file (one variant), a folder of `<variant>.txt` files, or `none` (the
    /// initial position); default the bundled `assets/openings/<variant>.txt`.
    #[arg(long, value_name = "FILE|DIR|none")]
    openings: Option<String>,
    /// Write every game as PGN to FILE, in game order, each game flushed as it is written.
    #[arg(long, value_name = "FILE")]
    pgn: Option<PathBuf>,
    /// Write the report as JSON to FILE.
    #[arg(long, value_name = "FILE")]
    json: Option<PathBuf>,
    /// Write the result file (the games, for `tournament merge`) to FILE.
    #[arg(long, value_name = "FILE")]
    results: Option<PathBuf>,
    /// Play only shard K of N (0 ≤ K < N): the games whose index is K modulo N, with the
    /// seeds of the whole schedule. Needs --results.
    #[arg(long, value_name = "K/N")]
    shard: Option<String>,
    /// A/B test of exactly two bots: `elo0=0 elo1=5 alpha=0.05 beta=0.05`; stops as soon as
    /// the test decides.
    #[arg(long, num_args = 1..=4, value_name = "KEY=VALUE")]
    sprt: Vec<String>,
    /// Virtual draws per pairing in the rating fit (0: plain maximum likelihood).
    #[arg(long, default_value_t = 1.0)]
    prior: f64,
    /// The bot rated 0 (default: the mean is 0).
    #[arg(long, value_name = "NAME")]
    anchor: Option<String>,
}

/// The `--time-control` text as the spec keeps it: trimmed and in lower case, `None` for
/// no clock.
///
/// # Errors
/// The option and the text when it is not a time control.
fn time_control(text: Option<&str>) -> Result<Option<String>, String> {
    let Some(t) = text else { return Ok(None) };
    match crate::rules::clock::TimeControl::parse(t) {
        Ok(crate::rules::clock::TimeControl::Unlimited) => Ok(None),
        Ok(_) => Ok(Some(t.trim().to_ascii_lowercase())),
        Err(e) => Err(format!("--time-control: {e}")),
    }
}

/// `tournament merge` options.
#[derive(Args, Debug)]
pub struct MergeArgs {
    /// The result files of the shards (any order).
    #[arg(required = true, value_name = "FILES")]
    files: Vec<PathBuf>,
    /// Write every game as PGN to FILE.
    #[arg(long, value_name = "FILE")]
    pgn: Option<PathBuf>,
    /// Write the report as JSON to FILE.
    #[arg(long, value_name = "FILE")]
    json: Option<PathBuf>,
    /// Write the merged result file (one shard of one) to FILE.
    #[arg(long, value_name = "FILE")]
    results: Option<PathBuf>,
}

/// `tournament openings` options.
#[derive(Args, Debug)]
pub struct OpeningsArgs {
    /// The variant.
    #[arg(long)]
    variant: String,
    /// Openings wanted.
    #[arg(long, default_value_t = 12)]
    count: usize,
    /// Random plies (Parity: turns) from the initial position.
    #[arg(long, default_value_t = 4)]
    plies: usize,
    /// Seed of the random moves.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Keep an opening only if its score is within this many centipawns of 0.
    #[arg(long, default_value_t = 40)]
    window: i32,
    /// Also play this many games of --check-bot against itself from each candidate and
    /// keep it only if White scores 37.5% to 62.5% in them (0: no such check).
    #[arg(long, default_value_t = 0)]
    check_games: usize,
    /// The bot of the self-play check: random, greedy or alphabeta[:1-9].
    #[arg(long, default_value = "alphabeta:1")]
    check_bot: String,
}

/// Runs `tournament …`; the exit status (0, 1 bad input, 3 an internal error in a game).
pub(super) fn run(cmd: &TournamentCmd) -> u8 {
    let r = match &cmd.action {
        Some(TournamentAction::Merge(m)) => run_merge(m),
        Some(TournamentAction::Openings(o)) => run_openings(o),
        None => run_tournament(&cmd.run),
    };
    match r {
        Ok(code) => code,
        Err(e) => {
            eprintln!("error: {e}");
            1
        }
    }
}

/// An output file, created (locked and probed) at once, so a bad path, a device or a file
/// another run is writing fails before any game ([`OutputFile::create`]).
fn create_opt(p: Option<&PathBuf>) -> Result<Option<OutputFile>, String> {
    p.map(|p| OutputFile::create(p).map_err(|e| e.to_string()))
        .transpose()
}

/// Refuses two of the output options naming one file.
fn distinct_outputs(outputs: &[(&str, Option<&PathBuf>)]) -> Result<(), String> {
    for (i, (name_a, a)) in outputs.iter().enumerate() {
        for (name_b, b) in &outputs[i + 1..] {
            if let (Some(a), Some(b)) = (a, b)
                && super::same_file(a, b)
            {
                return Err(format!(
                    "{name_a} and {name_b} name the same file {}",
                    a.display()
                ));
            }
        }
    }
    Ok(())
}

/// The players: the gauntlet bot first, then the `--bot`s; unique names.
fn players(a: &TournamentArgs) -> Result<Vec<Player>, String> {
    let mut out: Vec<Player> = Vec::new();
    for text in a.gauntlet.iter().chain(&a.bots) {
        let (name, spec_text) = split_named(text);
        let spec = BotSpec::parse(spec_text).map_err(|e| format!("--bot {text}: {e}"))?;
        let base = name.map_or_else(|| spec.to_string(), str::to_string);
        let mut name = base.clone();
        let mut k = 2;
        while out.iter().any(|p| p.name == name) {
            name = format!("{base}#{k}");
            k += 1;
        }
        out.push(Player {
            name,
            spec: spec.to_string(),
        });
    }
    Ok(out)
}

fn variants(a: &TournamentArgs) -> Result<Vec<Variant>, String> {
    let mut names: Vec<String> = a.variants.clone();
    if let Some(v) = &a.variant {
        if !names.is_empty() {
            return Err("give --variant or --variants, not both".into());
        }
        names.push(v.clone());
    }
    if names.iter().any(|n| n.trim() == "all") {
        if names.len() > 1 {
            return Err("--variants all stands alone (it names every variant)".into());
        }
        return Ok(Variant::ALL.to_vec());
    }
    if names.is_empty() {
        return Ok(vec![Variant::default()]);
    }
    let mut out = Vec::new();
    for n in names {
        let v = Variant::parse(&n).map_err(|e| e.to_string())?;
        if out.contains(&v) {
            return Err(format!("variant {} is given twice", v.name()));
        }
        out.push(v);
    }
    Ok(out)
}

/// An opening file's text ([`crate::persist::read_text_bounded`]: a regular file of at most
/// [`openings::MAX_FILE_BYTES`]).
fn read_text(path: &Path) -> Result<String, String> {
    use crate::persist::PersistError;
    crate::persist::read_text_bounded(path, openings::MAX_FILE_BYTES as usize).map_err(
        |e| match e {
            PersistError::TooLarge { max, .. } => {
                format!("{}: larger than {max} bytes", path.display())
            }
            PersistError::NotText => format!("{}: not UTF-8 text", path.display()),
            e => e.naming(path),
        },
    )
}

fn opening_sets(a: &TournamentArgs, vs: &[Variant]) -> Result<Vec<OpeningSet>, String> {
    vs.iter()
        .map(|&v| match a.openings.as_deref() {
            None => openings::bundled(v).map_err(|e| e.to_string()),
            Some("none") => Ok(OpeningSet {
                variant: v.name().to_string(),
                source: "none".into(),
                lines: Vec::new(),
            }),
            Some(p) => {
                let path = Path::new(p);
                let file = if path.is_dir() {
                    path.join(format!("{}.txt", v.name()))
                } else if vs.len() == 1 {
                    path.to_path_buf()
                } else {
                    return Err(format!(
                        "--openings {p}: with several variants give a folder of <variant>.txt files"
                    ));
                };
                let text = read_text(&file)?;
                // The source is the file name only, so the report does not depend on where
                // the files lie.
                let name = file
                    .file_name()
                    .map_or_else(|| p.to_string(), |n| n.to_string_lossy().into_owned());
                openings::set_from_text(v, &text, &name).map_err(|e| e.to_string())
            }
        })
        .collect()
}

fn run_tournament(a: &TournamentArgs) -> Result<u8, String> {
    let players = players(a)?;
    let format = if a.gauntlet.is_some() {
        Format::Gauntlet(0)
    } else {
        Format::RoundRobin
    };
    let vs = variants(a)?;
    let sprt = if a.sprt.is_empty() {
        None
    } else {
        let s = SprtSpec::parse(&a.sprt).map_err(|e| e.to_string())?;
        if players.len() != 2 || a.gauntlet.is_some() {
            return Err("--sprt tests exactly two bots (--bot A --bot B)".into());
        }
        if a.shard.is_some() || a.results.is_some() {
            return Err(
                "--sprt is sequential: it cannot be sharded (no --shard, --results)".into(),
            );
        }
        Some(s)
    };
    if a.fallback != "forfeit" && a.fallback != "random" {
        return Err(format!(
            "--fallback must be forfeit or random, not '{}'",
            a.fallback
        ));
    }
    if !(a.prior.is_finite() && a.prior >= 0.0) {
        return Err(format!("--prior must be a number ≥ 0, not {}", a.prior));
    }
    if let Some(an) = &a.anchor
        && !players.iter().any(|p| &p.name == an)
    {
        let names: Vec<&str> = players.iter().map(|p| p.name.as_str()).collect();
        return Err(format!(
            "--anchor {an} is not a player (players: {})",
            names.join(", ")
        ));
    }
    let gpp = a
        .games_per_pair
        .unwrap_or(if sprt.is_some() { 20_000 } else { 2 });
    let spec = TournamentSpec {
        players,
        format,
        variants: vs.iter().map(|v| v.name().to_string()).collect(),
        games_per_pair: gpp,
        seed: a.seed,
        movetime_ms: a.movetime,
        nodes: a.nodes,
        time_control: time_control(a.time_control.as_deref())?,
        max_plies: a.max_plies,
        fallback: a.fallback.clone(),
        openings: opening_sets(a, &vs)?,
    };
    let schedule = Schedule::build(&spec).map_err(|e| e.to_string())?;
    let (shard, shards) = match &a.shard {
        Some(t) => {
            if a.results.is_none() {
                return Err("--shard needs --results FILE (the shard's games, for merge)".into());
            }
            parse_shard(t).map_err(|e| e.to_string())?
        }
        None => (0, 1),
    };
    let indices = schedule.shard_indices(shard, shards);
    let opts = ReportOptions {
        prior: a.prior,
        anchor: a.anchor.clone(),
    };
    distinct_outputs(&[
        ("--pgn", a.pgn.as_ref()),
        ("--json", a.json.as_ref()),
        ("--results", a.results.as_ref()),
    ])?;
    let mut pgn = create_opt(a.pgn.as_ref())?;
    let mut json = create_opt(a.json.as_ref())?;
    // Created (empty) and locked now, so that a bad path fails early and no other run
    // writes it meanwhile; replaced atomically at the end.
    let _results_lock = create_opt(a.results.as_ref())?;
    let contestants = runner::contestants(&schedule)?;
    runner::check_players(&schedule, &contestants).map_err(|e| match &e {
        crate::bots::arena::BotCheckError::Unsupported { bot, .. } => format!("bot '{bot}': {e}"),
        crate::bots::arena::BotCheckError::Panicked { .. } => e.to_string(),
    })?;
    let jobs = a
        .jobs
        .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()))
        .max(1);
    let total = indices.len();
    let t0 = Instant::now();
    let mut games: Vec<GameEntry> = Vec::new();
    let mut write_error = None;
    let mut test = sprt.map(|s| SprtSummary {
        sprt: Sprt::new(s),
        a: schedule.spec.players[0].name.clone(),
        b: schedule.spec.players[1].name.clone(),
        skipped_pairs: 0,
    });
    runner::play_games(&schedule, &contestants, &indices, jobs, |g| {
        for f in &g.faults {
            let kind = if f.internal {
                "internal error"
            } else {
                "fault"
            };
            eprintln!(
                "\rgame {}: {} ({}) {kind}: {}",
                g.index, f.bot, f.color, f.reason
            );
        }
        if let Some(out) = &mut pgn
            && write_error.is_none()
        {
            let sep = if games.is_empty() { "" } else { "\n" };
            if let Err(e) = out.append(&format!("{sep}{}", g.pgn)) {
                write_error = Some(format!(
                    "{e}; the tournament stopped after {} games: {} are kept in {}",
                    games.len() + 1,
                    games.len(),
                    out.path().display()
                ));
            }
        }
        games.push(g);
        let done = games.len();
        let mut go_on = write_error.is_none();
        let mut llr = String::new();
        if let Some(t) = &mut test
            && done.is_multiple_of(2)
        {
            let pair = &games[done - 2..];
            let a_name = &t.a;
            let points: Option<f64> = pair
                .iter()
                .map(|g| {
                    g.white_points()
                        .map(|p| if &g.white == a_name { p } else { 1.0 - p })
                })
                .sum();
            match points {
                Some(p) => t.sprt.add_pair(p),
                None => t.skipped_pairs += 1,
            }
            let (lo, hi) = t.sprt.spec.bounds();
            llr = format!("  LLR {:.2} ({lo:.2}, {hi:.2})", t.sprt.llr());
            if t.sprt.decision().is_some() {
                go_on = false;
            }
        }
        let secs = t0.elapsed().as_secs_f64();
        let eta = secs / done as f64 * (total - done) as f64;
        eprint!("\r[{done}/{total}] {secs:.0} s, ETA {eta:.0} s{llr}   ");
        go_on
    });
    eprintln!();
    let rep = report::build(&schedule, &games, &opts, test.as_ref());
    let secs = t0.elapsed().as_secs_f64();
    eprintln!(
        "{} games in {secs:.1} s ({:.2} games/s, {jobs} jobs)",
        games.len(),
        games.len() as f64 / secs.max(1e-9)
    );
    // The files first, then stdout: a stdout that cannot be written loses nothing.
    if let Some(out) = &mut json {
        out.replace(&rep.json).map_err(|e| e.to_string())?;
    }
    if let Some(p) = &a.results {
        let file = ResultsFile {
            format: results::FORMAT.to_string(),
            schedule_hash: schedule.hash_hex(),
            shard,
            shards,
            spec: schedule.spec.clone(),
            report: opts,
            games: games.clone(),
            checksum: String::new(),
        };
        write_results(p, &file)?;
    }
    // A PGN that could not be written stopped the run; the other files hold its games.
    if let Some(e) = write_error {
        return Err(e);
    }
    print_stdout(&rep.text);
    Ok(exit_for(&games))
}

/// 3 when a game was stopped by an internal error (a rules bug), else 0.
fn exit_for(games: &[GameEntry]) -> u8 {
    let internal = games
        .iter()
        .filter(|g| g.faults.iter().any(|f| f.internal))
        .count();
    if internal > 0 {
        eprintln!(
            "error: {internal} games stopped by an internal error (a rules error on a move the rules listed as legal): a bug, please report it"
        );
        3
    } else {
        0
    }
}

/// Prints `text` on stdout ([`super::stdout_failed`] if that fails).
fn print_stdout(text: &str) {
    let mut out = std::io::stdout().lock();
    if let Err(e) = out.write_all(text.as_bytes()).and_then(|()| out.flush()) {
        drop(out);
        super::stdout_failed(&e);
    }
}

fn write_results(path: &Path, file: &ResultsFile) -> Result<(), String> {
    let text = file.to_text().map_err(|e| e.to_string())?;
    crate::persist::atomic::write_atomic(path, text.as_bytes())
        .map_err(|e| format!("cannot write {}: {e}", path.display()))
}

fn run_merge(m: &MergeArgs) -> Result<u8, String> {
    let mut files = Vec::new();
    for p in &m.files {
        files.push((
            p.display().to_string(),
            ResultsFile::read(p).map_err(|e| e.to_string())?,
        ));
    }
    let merged = results::merge(&files).map_err(|e| e.to_string())?;
    distinct_outputs(&[
        ("--pgn", m.pgn.as_ref()),
        ("--json", m.json.as_ref()),
        ("--results", m.results.as_ref()),
    ])?;
    let mut pgn = create_opt(m.pgn.as_ref())?;
    let mut json = create_opt(m.json.as_ref())?;
    // Locked, not emptied (it may be one of the files merged); replaced atomically.
    let _results_lock = m
        .results
        .as_deref()
        .map(OutputFile::lock)
        .transpose()
        .map_err(|e| e.to_string())?;
    let rep = report::build(&merged.schedule, &merged.games, &merged.report, None);
    if let Some(out) = &mut pgn {
        let text: Vec<&str> = merged.games.iter().map(|g| g.pgn.as_str()).collect();
        out.append(&text.join("\n")).map_err(|e| e.to_string())?;
    }
    if let Some(out) = &mut json {
        out.replace(&rep.json).map_err(|e| e.to_string())?;
    }
    if let Some(p) = &m.results {
        let file = ResultsFile {
            format: results::FORMAT.to_string(),
            schedule_hash: merged.schedule.hash_hex(),
            shard: 0,
            shards: 1,
            spec: merged.schedule.spec.clone(),
            report: merged.report.clone(),
            games: merged.games.clone(),
            checksum: String::new(),
        };
        write_results(p, &file)?;
    }
    print_stdout(&rep.text);
    Ok(exit_for(&merged.games))
}

fn run_openings(o: &OpeningsArgs) -> Result<u8, String> {
    let variant = Variant::parse(&o.variant).map_err(|e| e.to_string())?;
    if o.count == 0 || o.count > openings::MAX_OPENINGS {
        return Err(format!(
            "--count must be 1 to {}, not {}",
            openings::MAX_OPENINGS,
            o.count
        ));
    }
    let check_bot = match BotSpec::parse(&o.check_bot) {
        Ok(BotSpec::External(_)) => {
            return Err("--check-bot must be a built-in bot, not an ext: program".into());
        }
        Ok(b) => b,
        Err(e) => return Err(format!("--check-bot: {e}")),
    };
    if o.check_games > 100 {
        return Err(format!(
            "--check-games must be at most 100, not {}",
            o.check_games
        ));
    }
    if o.window < 0 {
        return Err(format!(
            "--window must be at least 0 (centipawns), not {}",
            o.window
        ));
    }
    if o.plies > 40 {
        return Err(format!("--plies must be at most 40, not {}", o.plies));
    }
    let found = openings::generate(&GenerateOptions {
        variant,
        count: o.count,
        plies: o.plies,
        seed: o.seed,
        window_cp: o.window,
        check_games: o.check_games,
        check_bot: check_bot.clone(),
    });
    let mut text = format!(
        "# {} openings for {}: {} random plies{} from the initial position, kept when the score\n\
         # (centipawns, White's view) is within ±{}{}; esoterica tournament openings --variant {} \
         --count {} --plies {} --seed {} --window {}{}\n",
        found.len(),
        variant.title(),
        o.plies,
        if variant.turn_model() == crate::rules::TurnModel::Simultaneous {
            " (turns)"
        } else {
            ""
        },
        o.window,
        if o.check_games > 0 {
            format!(
                " and White scored 37.5-62.5% in {} {check_bot} self-play games from it",
                o.check_games
            )
        } else {
            String::new()
        },
        variant.name(),
        o.count,
        o.plies,
        o.seed,
        o.window,
        if o.check_games > 0 {
            format!(" --check-games {} --check-bot {check_bot}", o.check_games)
        } else {
            String::new()
        }
    );
    for g in &found {
        text.push_str(&format!("{}  # {:+}\n", g.line, g.score_cp));
    }
    print_stdout(&text);
    if found.len() < o.count {
        eprintln!(
            "warning: only {} of {} openings found within ±{} cp",
            found.len(),
            o.count,
            o.window
        );
    }
    Ok(0)
}
