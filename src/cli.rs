//! The command line (clap). A stable contract that scripts rely on:
//!
//! - `esoterica perft --variant V --depth D [--position TEXT] [--divide]`: last line
//!   `nodes <N>`;
//! - `esoterica moves --variant V [--position TEXT] [--side white|black]`: legal moves (Parity:
//!   legal commits of `--side`) in coordinate form, sorted, one per line;
//! - `esoterica apply --variant V [--position TEXT] MOVE…`: plays the moves (Parity: turns
//!   `WHITE/BLACK`), prints each effect on its own line, then `position <TEXT>`; an illegal
//!   move exits with status 2 and names the rule;
//! - `esoterica apply --variant parity --record TURN…`: Parity record mode (ruling P-6):
//!   per turn a `turn N` line, its effects, and `rule-error <rule> <move>` for each commit
//!   that breaks a rule (the reason on stderr); the replay goes on; then `position <TEXT>`;
//! - `esoterica explain --variant V [--position TEXT] MOVE…`: plays the moves (Parity: turns
//!   `WHITE/BLACK`) and prints, per move, a line `N. MOVE` and the demo captions
//!   ([`crate::demo::captions`]) indented, one per line; for Force Field also a `field:` line
//!   with one move the fields now forbid. Illegal move: exit 2 naming the rule.
//! - `esoterica scene FILE`: validates a scene file (`scenes/*.ron`, `docs/SAVING.md`) and
//!   prints `scene`, `variant`, `position` lines, then per scripted move `move <I> <TEXT>`,
//!   its effects indented by two spaces and `  caption <TEXT>` if any, then `end <TEXT>` and
//!   `outcome <RESULT>` when the script ends the game; a bad file exits 1, an illegal
//!   scripted move exits 2 naming the rule.
//! - `esoterica match --variant V --white BOT --black BOT [--games N] [--movetime MS]
//!   [--nodes N] [--seed S] [--jobs J] [--pgn FILE] [--json FILE] [--fallback random]
//!   [--max-plies N]`: a headless bot series (`docs/BOTS.md`); progress on stderr, the
//!   results table on stdout.
//!
//! Exit status: 0 success, 1 bad input (position text, arguments), 2 illegal move.

use std::process::ExitCode;

/// `println!` that ends the process quietly when stdout is closed (e.g. piped into `head`)
/// instead of panicking: the CLI is used from scripts.
macro_rules! println {
    ($($arg:tt)*) => {{
        use std::io::Write as _;
        if writeln!(std::io::stdout(), $($arg)*).is_err() {
            std::process::exit(0);
        }
    }};
}

use clap::{Args, Parser, Subcommand};

use crate::rules::perft;
use crate::rules::{Color, Entry, GameRecord, Position, TurnModel, Variant};

/// Command-line arguments.
#[derive(Parser, Debug)]
#[command(
    name = "esoterica",
    version,
    about = "Play and show off unusual chess variants"
)]
pub struct Cli {
    /// What to do; no subcommand means `play`.
    #[command(subcommand)]
    pub command: Option<Command>,
    /// Options of `play` when no subcommand is given.
    #[command(flatten)]
    pub play: PlayArgs,
}

/// Options of `play`.
#[derive(Args, Debug, Clone, Default)]
pub struct PlayArgs {
    /// Variant to start with.
    #[arg(long, value_parser = parse_variant)]
    pub variant: Option<Variant>,
    /// Start position (the variant's position text).
    #[arg(long)]
    pub position: Option<String>,
    /// Save a screenshot to FILE after `--frames` frames, then exit.
    #[arg(long, value_name = "FILE")]
    pub screenshot: Option<std::path::PathBuf>,
    /// Frames to render before the screenshot (or before writing `--frame-stats`).
    #[arg(long, default_value_t = 60)]
    pub frames: u32,
    /// Measure the wall-clock time of every frame, split by whether a move is animating,
    /// write the summary to FILE after `--frames` frames and exit (see docs/PERFORMANCE.md).
    #[arg(long = "frame-stats", value_name = "FILE")]
    pub frame_stats: Option<std::path::PathBuf>,
    /// Moves to play before showing the board (coordinate form or SAN; Parity `W/B`).
    #[arg(long = "moves", value_name = "MOVES", num_args = 0.., value_delimiter = ' ')]
    pub moves: Vec<String>,
    /// Play the last of `--moves` (Parity: the last turn) after the window opens, animated
    /// (for screenshots of a teleport or of simultaneous landings).
    #[arg(long)]
    pub animate_last: bool,
    /// Go back to the demo after this many idle minutes (default: the settings file's
    /// idle minutes; off when neither is set).
    #[arg(long = "idle-demo", value_name = "MINUTES")]
    pub idle_demo: Option<f32>,
    /// White's player: human (default), random, greedy, alphabeta[:1-5] or `ext:<command>`.
    #[arg(long, value_name = "BOT")]
    pub white: Option<String>,
    /// Black's player: human (default), random, greedy, alphabeta[:1-5] or `ext:<command>`.
    #[arg(long, value_name = "BOT")]
    pub black: Option<String>,
    /// Show a scene (RON, see docs/SAVING.md): its position, then its scripted moves.
    #[arg(long, value_name = "FILE")]
    pub scene: Option<std::path::PathBuf>,
}

/// `demo` options.
#[derive(Args, Debug, Clone)]
pub struct DemoArgs {
    /// Variants to cycle through, comma-separated (default: all).
    #[arg(long, value_delimiter = ',', value_parser = parse_variant)]
    pub variants: Vec<Variant>,
    /// Borderless fullscreen.
    #[arg(long)]
    pub fullscreen: bool,
    /// Seconds between two bot moves.
    #[arg(long, default_value_t = 1.5)]
    pub pace: f32,
    /// Bot playing both sides: random, greedy or alphabeta[:1-5].
    #[arg(long, default_value = "alphabeta:2")]
    pub bot: String,
}

/// Subcommands.
#[derive(Subcommand, Debug)]
pub enum Command {
    /// Open the game window (the default).
    Play(PlayArgs),
    /// Count leaf nodes of the legal move tree.
    Perft(PerftArgs),
    /// List the legal moves (Parity: the legal commits of a side).
    Moves(MovesArgs),
    /// Play moves and print what happened.
    Apply(ApplyArgs),
    /// Play moves and print the demo's captions for each (to read them by eye).
    Explain(ExplainArgs),
    /// Check a scene file and print its moves and their effects.
    Scene(SceneArgs),
    /// Play a headless series of games between two bots.
    Match(MatchArgs),
    /// Attract mode for events: bots play each variant with captions; any key takes over.
    Demo(DemoArgs),
}

/// `scene` options.
#[derive(Args, Debug)]
pub struct SceneArgs {
    /// The scene file (RON; see docs/SAVING.md).
    #[arg(value_name = "FILE")]
    file: std::path::PathBuf,
}

/// `match` options.
#[derive(Args, Debug)]
pub struct MatchArgs {
    /// standard intrachange force-field parity parity-single big-outer bully nonviolent
    #[arg(long, value_parser = parse_variant)]
    variant: Variant,
    /// Bot A, White in the odd-numbered games (1, 3, …): random, greedy,
    /// alphabeta[:1-5] or `ext:<command line>`.
    #[arg(long)]
    white: String,
    /// Bot B, Black in the odd-numbered games; colours alternate.
    #[arg(long)]
    black: String,
    /// Number of games.
    #[arg(long, default_value_t = 10)]
    games: usize,
    /// Time per move in milliseconds (a cap for built-in bots; sent to external bots,
    /// default 1000 for them).
    #[arg(long)]
    movetime: Option<u64>,
    /// Node budget per move (deterministic; tightens the alphabeta level's own budget).
    #[arg(long)]
    nodes: Option<u64>,
    /// Master seed: game i is seeded from (seed, i), whatever the number of jobs.
    #[arg(long, default_value_t = 0)]
    seed: u64,
    /// Worker threads; default all cores.
    #[arg(long)]
    jobs: Option<usize>,
    /// Write every game as PGN to FILE.
    #[arg(long, value_name = "FILE")]
    pgn: Option<std::path::PathBuf>,
    /// Write the results as JSON to FILE.
    #[arg(long, value_name = "FILE")]
    json: Option<std::path::PathBuf>,
    /// What happens to a bot that fails: `forfeit` (default) or `random` (the random bot
    /// finishes its game).
    #[arg(long, default_value = "forfeit")]
    fallback: String,
    /// Plies (Parity: turns) after which a game is adjudicated a draw.
    #[arg(long, default_value_t = crate::bots::arena::DEFAULT_MAX_PLIES)]
    max_plies: usize,
    /// Start position text (default: the variant's initial position).
    #[arg(long)]
    position: Option<String>,
    /// Refuse a position text with an impossible castling right instead of dropping it.
    #[arg(long)]
    strict: bool,
}

/// Variant and position, shared by the rules subcommands.
#[derive(Args, Debug, Clone)]
pub struct PositionArgs {
    /// standard intrachange force-field parity parity-single big-outer bully nonviolent
    #[arg(long, value_parser = parse_variant)]
    pub variant: Variant,
    /// Position text (FEN for standard chess); default the initial position.
    #[arg(long)]
    pub position: Option<String>,
    /// Refuse a position text with an impossible castling right (its King or Rook is not on
    /// its square) instead of dropping the right with a warning.
    #[arg(long)]
    pub strict: bool,
}

/// `perft` options.
#[derive(Args, Debug)]
pub struct PerftArgs {
    #[command(flatten)]
    pos: PositionArgs,
    /// Depth in plies (Parity: turns).
    #[arg(long)]
    depth: u32,
    /// Print the count below each first move.
    #[arg(long)]
    divide: bool,
}

/// `moves` options.
#[derive(Args, Debug)]
pub struct MovesArgs {
    #[command(flatten)]
    pos: PositionArgs,
    /// Whose moves (Parity: whose commits); default the side to move.
    #[arg(long)]
    side: Option<String>,
}

/// `apply` options.
#[derive(Args, Debug)]
pub struct ApplyArgs {
    #[command(flatten)]
    pos: PositionArgs,
    /// Moves in order (coordinate form or the variant's notation; Parity: `WHITE/BLACK`).
    #[arg(allow_hyphen_values = true)]
    moves: Vec<String>,
    /// Parity record mode (ruling P-6): replay the turns without the legality filter, print
    /// `rule-error <rule> <move>` for each commit that breaks a rule, and go on.
    #[arg(long)]
    record: bool,
}

/// `explain` options.
#[derive(Args, Debug)]
pub struct ExplainArgs {
    #[command(flatten)]
    pos: PositionArgs,
    /// Moves in order (coordinate form or the variant's notation; Parity: `WHITE/BLACK`).
    #[arg(allow_hyphen_values = true)]
    moves: Vec<String>,
}

fn parse_variant(s: &str) -> Result<Variant, String> {
    Variant::parse(s).map_err(|e| e.to_string())
}

/// Reads the position of a rules subcommand ([`read_position`]).
///
/// # Errors
/// The position text's error, as text.
pub fn load_position(args: &PositionArgs) -> Result<Position, String> {
    match &args.position {
        Some(t) => read_position(args.variant, t, args.strict),
        None => Ok(Position::new(args.variant)),
    }
}

/// Reads a `--position` text: with `strict`, an impossible castling right is an error;
/// otherwise it is dropped and a `warning: …` line per dropped right goes to stderr.
///
/// # Errors
/// The position text's error, as text.
pub fn read_position(variant: Variant, text: &str, strict: bool) -> Result<Position, String> {
    if strict {
        return Position::from_text(variant, text).map_err(|e| e.to_string());
    }
    let (pos, warnings) = Position::from_text_lenient(variant, text).map_err(|e| e.to_string())?;
    for w in warnings {
        eprintln!("warning: {w}");
    }
    Ok(pos)
}

/// Runs the command line and returns the process exit code.
pub fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(c) => c,
        Err(e) => {
            // Help and version go to stdout with status 0; a usage error is bad input: 1.
            let code = if e.use_stderr() { 1 } else { 0 };
            let _ = e.print();
            return ExitCode::from(code);
        }
    };
    let code = match cli.command {
        None => run_play(cli.play),
        Some(Command::Play(a)) => run_play(a),
        Some(Command::Perft(a)) => run_perft(&a),
        Some(Command::Moves(a)) => run_moves(&a),
        Some(Command::Apply(a)) => run_apply(&a),
        Some(Command::Explain(a)) => run_explain(&a),
        Some(Command::Scene(a)) => run_scene(&a),
        Some(Command::Match(a)) => run_match(&a),
        Some(Command::Demo(a)) => run_demo(a),
    };
    ExitCode::from(code)
}

#[cfg(feature = "app")]
fn run_play(args: PlayArgs) -> u8 {
    crate::app::run(args)
}

#[cfg(feature = "app")]
fn run_demo(args: DemoArgs) -> u8 {
    crate::app::run_demo(args)
}

#[cfg(not(feature = "app"))]
fn run_demo(_args: DemoArgs) -> u8 {
    eprintln!("this build has no game window: build with the default 'app' feature");
    1
}

#[cfg(not(feature = "app"))]
fn run_play(_args: PlayArgs) -> u8 {
    eprintln!("this build has no game window: build with the default 'app' feature");
    1
}

fn run_perft(a: &PerftArgs) -> u8 {
    let pos = match load_position(&a.pos) {
        Ok(p) => p,
        Err(e) => {
            eprintln!("error: {e}");
            return 1;
        }
    };
    let start = std::time::Instant::now();
    let nodes = if a.divide && pos.variant().turn_model() == TurnModel::Alternating {
        let mut lines: Vec<(String, u64)> = perft::divide(&pos, a.depth)
            .into_iter()
            .map(|(m, n)| (m.coordinate(pos.shape()), n))
            .collect();
        lines.sort();
        for (m, n) in &lines {
            println!("{m}: {n}");
        }
        lines.iter().map(|(_, n)| n).sum()
    } else if a.divide {
        let mut lines = crate::rules::variants::parity::divide(&pos, a.depth);
        lines.sort();
        for (m, n) in &lines {
            println!("{m}: {n}");
        }
        lines.iter().map(|(_, n)| n).sum()
    } else {
        perft::perft(&pos, a.depth)
    };
    let secs = start.elapsed().as_secs_f64();
    eprintln!(
        "{:.3} s, {:.0} nodes/s",
        secs,
        nodes as f64 / secs.max(1e-9)
    );
    println!("nodes {nodes}");
    0
}

fn run_moves(a: &MovesArgs) -> u8 {
    let pos = match load_position(&a.pos) {
        Ok(p) => p,
        Err(e) => {
            eprintln!("error: {e}");
            return 1;
        }
    };
    let side = match a.side.as_deref() {
        None => pos.turn(),
        Some(s) => match Color::parse(s) {
            Some(c) => c,
            None => {
                eprintln!("error: --side must be white or black, not '{s}'");
                return 1;
            }
        },
    };
    if pos.variant().turn_model() == TurnModel::Alternating && side != pos.turn() {
        eprintln!("error: it is {}'s move in this position", pos.turn());
        return 1;
    }
    let mut list: Vec<String> = pos
        .legal_commits(side)
        .iter()
        .map(|m| m.coordinate(pos.shape()))
        .collect();
    list.sort();
    for m in list {
        println!("{m}");
    }
    0
}

/// `apply --record`: each turn's effects, then a `rule-error <rule> <move>` line per broken
/// rule (the reason on stderr), then the final position. Exit 0 even with rule errors.
fn run_record(pos: &Position, turns: &[String]) -> u8 {
    if pos.variant().turn_model() != TurnModel::Simultaneous {
        eprintln!(
            "error: --record replays Parity turns; {} alternates moves",
            pos.variant()
        );
        return 1;
    }
    // A single existing file argument is a record file: one turn per line, `N. WHITE/BLACK`,
    // `#` starts a comment (the format of scenes/parity-sample-game.txt).
    let from_file: Vec<String>;
    let turns = match turns {
        [one] if std::path::Path::new(one).is_file() => {
            let text = match std::fs::read_to_string(one) {
                Ok(t) if t.len() <= crate::rules::notation::pgn::MAX_PGN_BYTES => t,
                Ok(_) => {
                    eprintln!("error: {one}: the record file is too large");
                    return 1;
                }
                Err(e) => {
                    eprintln!("error: {one}: {e}");
                    return 1;
                }
            };
            from_file = text
                .lines()
                .map(|l| l.split('#').next().unwrap_or(""))
                .filter_map(|l| {
                    let mut words = l.split_whitespace();
                    let first = words.next()?;
                    if first.ends_with('.') {
                        words.next().map(str::to_string)
                    } else {
                        Some(first.to_string())
                    }
                })
                .collect();
            &from_file[..]
        }
        _ => turns,
    };
    let mut pairs = Vec::with_capacity(turns.len());
    for t in turns {
        let Some(pair) = t.split_once('/') else {
            eprintln!("error: a Parity turn is written WHITE/BLACK, e.g. e2e4/e7e5, not '{t}'");
            return 1;
        };
        pairs.push(pair);
    }
    let reports = crate::rules::variants::parity::replay_record(pos, &pairs);
    let shape = pos.shape();
    let mut last = pos.to_text();
    for r in reports {
        println!("turn {}", r.number);
        for e in &r.effects {
            println!("{}", e.describe(shape));
        }
        for e in &r.errors {
            println!("rule-error {} {}", e.rule.code(), e.mv);
            eprintln!("turn {}: {e}", r.number);
        }
        last = r.position;
    }
    println!("position {last}");
    0
}

fn run_apply(a: &ApplyArgs) -> u8 {
    let mut pos = match load_position(&a.pos) {
        Ok(p) => p,
        Err(e) => {
            eprintln!("error: {e}");
            return 1;
        }
    };
    let shape = pos.shape();
    if a.record {
        return run_record(&pos, &a.moves);
    }
    for text in &a.moves {
        let effects = if pos.variant().turn_model() == TurnModel::Simultaneous {
            let Some((w, b)) = text.split_once('/') else {
                eprintln!(
                    "error: illegal move {text}: a Parity turn is written WHITE/BLACK, e.g. e2e4/e7e5"
                );
                return 2;
            };
            let parse = |side: Color, t: &str| {
                let mut p = pos.clone();
                p.set_turn(side);
                crate::rules::variants::parse_move_text(&p, t)
            };
            let (wm, bm) = match (parse(Color::White, w), parse(Color::Black, b)) {
                (Ok(wm), Ok(bm)) => (wm, bm),
                (Err(e), _) | (_, Err(e)) => {
                    eprintln!("error: {e}");
                    return 2;
                }
            };
            match pos.resolve(&wm, &bm) {
                Ok(fx) => fx,
                Err(e) => {
                    eprintln!("error: {e}");
                    return 2;
                }
            }
        } else {
            let mv = match crate::rules::variants::parse_move_text(&pos, text) {
                Ok(m) => m,
                Err(e) => {
                    eprintln!("error: {e}");
                    return 2;
                }
            };
            match pos.try_play(&mv) {
                Ok(fx) => fx,
                Err(e) => {
                    eprintln!("error: {e}");
                    return 2;
                }
            }
        };
        for e in effects {
            println!("{}", e.describe(shape));
        }
    }
    println!("position {}", pos.to_text());
    0
}

/// Reads one move or Parity turn (`WHITE/BLACK`) of `pos` into a record entry.
fn parse_entry(pos: &Position, text: &str) -> Result<Entry, String> {
    if pos.variant().turn_model() == TurnModel::Simultaneous {
        let Some((w, b)) = text.split_once('/') else {
            return Err(format!(
                "illegal move {text}: a Parity turn is written WHITE/BLACK, e.g. e2e4/e7e5"
            ));
        };
        let parse = |side: Color, t: &str| {
            let mut p = pos.clone();
            p.set_turn(side);
            crate::rules::variants::parse_move_text(&p, t).map_err(|e| e.to_string())
        };
        Ok(Entry::Turn {
            white: parse(Color::White, w)?,
            black: parse(Color::Black, b)?,
        })
    } else {
        crate::rules::variants::parse_move_text(pos, text)
            .map(Entry::Move)
            .map_err(|e| e.to_string())
    }
}

fn run_explain(a: &ExplainArgs) -> u8 {
    let start = match load_position(&a.pos) {
        Ok(p) => p,
        Err(e) => {
            eprintln!("error: {e}");
            return 1;
        }
    };
    let mut game = GameRecord::new(start);
    for (i, text) in a.moves.iter().enumerate() {
        let before = game.current().clone();
        let entry = match parse_entry(&before, text) {
            Ok(e) => e,
            Err(e) => {
                eprintln!("error: {e}");
                return 2;
            }
        };
        let played = match &entry {
            Entry::Move(m) => game.play(m),
            Entry::Turn { white, black } => game.play_turn(white, black),
        };
        let effects = match played {
            Ok(fx) => fx,
            Err(e) => {
                eprintln!("error: {e}");
                return 2;
            }
        };
        println!("{}. {text}", i + 1);
        for c in crate::demo::captions::captions(&before, &entry, &effects) {
            println!("  {c}");
        }
        if game.outcome().is_none()
            && let Some(c) = crate::demo::captions::field_caption(game.current())
        {
            println!("  field: {c}");
        }
    }
    println!("position {}", game.current().to_text());
    0
}

fn run_scene(a: &SceneArgs) -> u8 {
    let scene = match crate::persist::load_scene(&a.file) {
        Ok(s) => s,
        Err(e) => {
            eprintln!("error: {}: {e}", a.file.display());
            return match e {
                crate::persist::PersistError::SceneMove { .. } => 2,
                _ => 1,
            };
        }
    };
    let shape = scene.start.shape();
    println!("scene {}", scene.scene.name);
    println!("variant {}", scene.variant.name());
    println!("position {}", scene.start.to_text());
    for (i, step) in scene.steps.iter().enumerate() {
        println!("move {i} {}", step.text);
        for e in &step.effects {
            println!("  {}", e.describe(shape));
        }
        if let Some(c) = &step.caption {
            println!("  caption {c}");
        }
    }
    println!("end {}", scene.end().to_text());
    if let Some(o) = scene.record.outcome() {
        println!("outcome {o}");
    }
    0
}

fn run_match(a: &MatchArgs) -> u8 {
    use crate::bots::arena::{Contestant, Fallback, MatchConfig};
    use crate::bots::{BotSpec, SearchLimits};
    let spec = |t: &str| BotSpec::parse(t).map_err(|e| e.to_string());
    let (wa, bb) = match (spec(&a.white), spec(&a.black)) {
        (Ok(w), Ok(b)) => (w, b),
        (Err(e), _) | (_, Err(e)) => {
            eprintln!("error: {e}");
            return 1;
        }
    };
    for s in [&wa, &bb] {
        if !s.build(0).supports(a.variant) {
            eprintln!("error: bot {s} does not play {}", a.variant);
            return 1;
        }
    }
    let fallback = match a.fallback.as_str() {
        "forfeit" => Fallback::Forfeit,
        "random" => Fallback::Random,
        other => {
            eprintln!("error: --fallback must be forfeit or random, not '{other}'");
            return 1;
        }
    };
    let start = match &a.position {
        Some(t) => match read_position(a.variant, t, a.strict) {
            Ok(p) => Some(p),
            Err(e) => {
                eprintln!("error: {e}");
                return 1;
            }
        },
        None => None,
    };
    let mut cfg = MatchConfig::new(
        a.variant,
        Contestant::from_spec(&wa),
        Contestant::from_spec(&bb),
        a.games,
    );
    if cfg.a.name == cfg.b.name {
        cfg.a.name.push_str(" (A)");
        cfg.b.name.push_str(" (B)");
    }
    cfg.limits = SearchLimits {
        movetime: a.movetime.map(std::time::Duration::from_millis),
        depth: None,
        nodes: a.nodes,
    };
    cfg.seed = a.seed;
    if let Some(j) = a.jobs {
        cfg.jobs = j.max(1);
    }
    cfg.fallback = fallback;
    cfg.max_plies = a.max_plies;
    cfg.start = start;
    let t0 = std::time::Instant::now();
    let mut score = 0.0;
    let report = crate::bots::run_match(&cfg, |done, total, g| {
        score += g.a_score();
        for f in &g.faults {
            eprintln!(
                "\rgame {}: {} ({}) fault: {}",
                f.game + 1,
                f.bot,
                f.color.name(),
                f.reason
            );
        }
        eprint!(
            "\r[{done}/{total}] {} {score:.1} - {:.1} {}  {:.1} s   ",
            cfg.a.name,
            done as f64 - score,
            cfg.b.name,
            t0.elapsed().as_secs_f64()
        );
    });
    eprintln!();
    print!("{}", report.table());
    let secs = t0.elapsed().as_secs_f64();
    println!(
        "{} games in {secs:.1} s ({:.2} games/s, {} jobs)",
        report.games.len(),
        report.games.len() as f64 / secs.max(1e-9),
        cfg.jobs
    );
    let faults = report.faults();
    if !faults.is_empty() {
        println!("faults: {}", faults.len());
    }
    if let Some(p) = &a.pgn
        && let Err(e) = std::fs::write(p, report.pgn())
    {
        eprintln!("error: cannot write {}: {e}", p.display());
        return 1;
    }
    if let Some(p) = &a.json
        && let Err(e) = std::fs::write(p, report.json())
    {
        eprintln!("error: cannot write {}: {e}", p.display());
        return 1;
    }
    0
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn position_with_an_impossible_castling_right_is_refused_only_with_strict() {
        let parse = |strict: bool| {
            let mut argv = vec![
                "esoterica",
                "perft",
                "--variant",
                "standard",
                "--depth",
                "1",
                "--position",
                "4k3/8/8/8/8/8/8/4K3 w K - 0 1",
            ];
            if strict {
                argv.push("--strict");
            }
            match Cli::try_parse_from(argv).unwrap().command {
                Some(Command::Perft(a)) => a,
                _ => panic!("not a perft command"),
            }
        };
        let p = load_position(&parse(false).pos).unwrap();
        assert_eq!(p.to_text(), "4k3/8/8/8/8/8/8/4K3 w - - 0 1");
        let e = load_position(&parse(true).pos).unwrap_err();
        assert!(
            e.contains("right 'K' needs White's King on e1 and Rook on h1"),
            "{e}"
        );
        assert_eq!(run_perft(&parse(true)), 1);
        assert_eq!(run_perft(&parse(false)), 0);
    }

    #[test]
    fn match_subcommand_writes_pgn_and_json() {
        let dir = std::env::temp_dir().join(format!("esoterica-cli-match-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let (pgn, json) = (dir.join("games.pgn"), dir.join("results.json"));
        let cli = Cli::try_parse_from([
            "esoterica",
            "match",
            "--variant",
            "standard",
            "--white",
            "greedy",
            "--black",
            "random",
            "--games",
            "2",
            "--max-plies",
            "20",
            "--seed",
            "5",
            "--pgn",
            pgn.to_str().unwrap(),
            "--json",
            json.to_str().unwrap(),
        ])
        .unwrap();
        let Some(Command::Match(a)) = cli.command else {
            panic!("not a match command");
        };
        assert_eq!(run_match(&a), 0);
        let p = std::fs::read_to_string(&pgn).unwrap();
        assert_eq!(p.matches("[Event \"Esoterica match\"]").count(), 2);
        assert!(p.contains("[White \"greedy\"]\n[Black \"random\"]"), "{p}");
        assert!(p.contains("[White \"random\"]\n[Black \"greedy\"]"), "{p}");
        let j = std::fs::read_to_string(&json).unwrap();
        assert!(
            j.starts_with(
                "{\"games\": 2, \"variant\": \"standard\", \"results\": {\"greedy\": {\"wins\": "
            ),
            "{j}"
        );
        assert!(j.contains("\"random\": {\"wins\": "), "{j}");
    }

    #[test]
    fn match_subcommand_rejects_bad_bots_and_fallbacks() {
        for (w, fb) in [("nobody", "forfeit"), ("random", "retry")] {
            let cli = Cli::try_parse_from([
                "esoterica",
                "match",
                "--variant",
                "standard",
                "--white",
                w,
                "--black",
                "random",
                "--fallback",
                fb,
            ])
            .unwrap();
            let Some(Command::Match(a)) = cli.command else {
                panic!("not a match command");
            };
            assert_eq!(run_match(&a), 1);
        }
    }
}
