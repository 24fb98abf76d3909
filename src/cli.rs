//! The command line (clap). A stable contract that scripts rely on:
//!
//! - `esoterica perft --variant V --depth D [--position TEXT] [--divide]`: last line
//!   `nodes <N>`; `D` at most [`perft::MAX_DEPTH`];
//! - `esoterica moves --variant V [--position TEXT] [--side white|black]`: legal moves (Parity:
//!   legal commits of `--side`) in coordinate form, sorted, one per line; none for a
//!   position whose game is over (`the game is over: …` on stderr, exit 0);
//! - `esoterica apply --variant V [--position TEXT] MOVE…`: plays the moves (Parity: turns
//!   `WHITE/BLACK`) as a game record (repetition ends the game), prints each effect on its
//!   own line, then `position <TEXT>`; an illegal or unreadable move exits with status 2
//!   and names the rule or the mistake, a move after the end of the game exits 2 with
//!   `the game is over: …`;
//! - `esoterica apply --variant parity --record TURN…`: Parity record mode (ruling P-6):
//!   per turn a `turn N` line, its effects, and `rule-error <rule> <move>` for each commit
//!   that breaks a rule (the reason on stderr); the replay goes on; then `position <TEXT>`;
//!   text that is no move at all prints `unreadable <move>` and makes the exit status 1;
//! - `esoterica explain --variant V [--position TEXT] MOVE…`: plays the moves (Parity: turns
//!   `WHITE/BLACK`) and prints, per move, a line `N. MOVE` and the narrator's words for it
//!   ([`narrate::entry`], the demo captions) indented, one per line; for Force Field also a
//!   `field:` line with one move the fields now forbid ([`narrate::blocked_move`]). Illegal
//!   move: exit 2 naming the rule.
//! - `esoterica scene FILE`: validates a scene file (`scenes/*.ron`, `docs/SAVING.md`) and
//!   prints `scene`, `variant`, `position` lines, then per scripted move `move <I> <TEXT>`,
//!   its effects indented by two spaces and `  caption <TEXT>` if any, then `end <TEXT>` and
//!   `outcome <RESULT>` when the script ends the game; a bad file exits 1, an illegal
//!   scripted move exits 2 naming the rule.
//! - `esoterica match --variant V --white BOT --black BOT [--games N] [--movetime MS]
//!   [--nodes N] [--seed S] [--jobs J] [--threads T] [--pgn FILE] [--json FILE] [--fallback random]
//!   [--max-plies N]`: a headless bot series (`docs/BOTS.md`); progress on stderr, the
//!   results table on stdout. The output files are created and the bots asked whether they
//!   play the variant before the first game; games are streamed (constant memory).
//! - `esoterica uci [--bot SPEC] [--seed S] [--threads N]`: a built-in bot as a UCI engine on stdin/stdout
//!   ([`uci`], `docs/bot-protocol.md`).
//! - `esoterica analyse --variant V [--position TEXT] [--moves M…] [--movetime MS]
//!   [--depth D] [--level L] [--multipv N] [--side white|black] [--threats]`: the best
//!   lines as UCI `info … score cp|mate … pv …` lines and a final `bestmove` ([`analyse`],
//!   `docs/BOTS.md`).
//! - `esoterica tournament …`, `tournament merge FILES…`, `tournament openings …`: round
//!   robins, gauntlets, SPRT tests, shards and their merge ([`tournament`],
//!   `docs/BOTS.md`).
//! - `esoterica tune --variant V (--pgn FILE… | --labels FILE…) [--skip N] [--passes N]`:
//!   fits the evaluation's positional weights to the games' results or to labelled
//!   positions (Texel's method, [`tune`], `docs/BOTS.md`) and prints the loss and the
//!   weights before and after.
//!
//! - `esoterica lessons list|check|try …`: the try-it lessons ([`lessons`],
//!   `docs/LESSONS.md`).
//! - `esoterica puzzles generate|check …`: puzzles found in bot self-play, and re-solving a
//!   puzzle file ([`puzzles`], `docs/LESSONS.md`).
//!
//! Exit status: 0 success, 1 bad input (position text, arguments, an output file that cannot
//! be written, a bot that cannot play the variant), 2 illegal move, 3 an internal error in
//! `match` (a rules error on a move the rules listed as legal).

use std::process::ExitCode;

/// `println!` that never panics on a failed write to stdout ([`stdout_failed`]): the CLI
/// is used from scripts.
macro_rules! println {
    ($($arg:tt)*) => {{
        use std::io::Write as _;
        if let Err(e) = writeln!(std::io::stdout(), $($arg)*) {
            $crate::cli::stdout_failed(&e);
        }
    }};
}

/// `print!` that never panics on a failed write to stdout ([`stdout_failed`]).
macro_rules! print {
    ($($arg:tt)*) => {{
        use std::io::Write as _;
        if let Err(e) = write!(std::io::stdout(), $($arg)*) {
            $crate::cli::stdout_failed(&e);
        }
    }};
}

/// Ends the process after a failed write to stdout. A reader that went away (a closed pipe,
/// as with `| head`) ends it quietly with status 0; any other error (a full disk,
/// `> /dev/full`) is named on stderr and ends it with status 1. Commands that write files
/// write them before their report on stdout, so neither loses data.
pub(crate) fn stdout_failed(e: &std::io::Error) -> ! {
    if e.kind() == std::io::ErrorKind::BrokenPipe {
        std::process::exit(0);
    }
    eprintln!("error: cannot write to standard output: {e}");
    std::process::exit(1);
}

use clap::{Args, Parser, Subcommand};

pub mod analyse;
pub mod lessons;
pub mod puzzles;
pub mod tournament;
pub mod tune;
pub mod uci;

use crate::rules::notation::fen::PositionError;
use crate::rules::{
    Color, Effect, Entry, GameRecord, IllegalMove, MoveError, Position, Reason, Refusal, TurnModel,
    Variant, narrate, perft,
};

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
    /// Variant to start with: standard intrachange force-field parity parity-single
    /// big-outer bully nonviolent.
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
    /// White's player: human (default), random, greedy, alphabeta[:1-9] or `ext:<command>`.
    #[arg(long, value_name = "BOT")]
    pub white: Option<String>,
    /// Black's player: human (default), random, greedy, alphabeta[:1-9] or `ext:<command>`.
    #[arg(long, value_name = "BOT")]
    pub black: Option<String>,
    /// Show a scene: a scene file (RON, see docs/SAVING.md) or the name of a bundled
    /// scene (`parity-failed-capture`); its position, then its scripted moves.
    #[arg(long, value_name = "FILE|NAME")]
    pub scene: Option<std::path::PathBuf>,
    /// Master seed of the bots in this window (default: random; the Players panel shows
    /// it, so a game can be replayed).
    #[arg(long)]
    pub seed: Option<u64>,
    /// Window size in logical pixels, `WIDTHxHEIGHT` (default 1280x800, shrunk to fit the
    /// monitor).
    #[arg(long, value_name = "WxH")]
    pub window: Option<String>,
    /// Start in borderless fullscreen (F11 toggles it).
    #[arg(long)]
    pub fullscreen: bool,
    /// The board's view for this run: `2d` or `3d` (default: the one chosen last in the
    /// window; V switches).
    #[arg(long, value_name = "2d|3d", value_parser = crate::persist::ViewMode::parse)]
    pub view: Option<crate::persist::ViewMode>,
    /// Clock: `MINUTES+SECONDS` (Fischer, e.g. 5+3), `MINUTESdSECONDS` (delay, e.g. 5d2)
    /// or `none`; default: the one chosen last in the window (docs/rules/clocks.md).
    #[arg(long = "time-control", value_name = "TC")]
    pub time_control: Option<String>,
    /// Watch a PGN file as it grows (a running `tournament --pgn` or `match --pgn`): its
    /// last game is replayed, one move a second, and each new game is shown as it is
    /// appended. Both sides are watched, not played.
    #[arg(long, value_name = "FILE")]
    pub watch: Option<std::path::PathBuf>,
    /// Open a try-it lesson: `VARIANT` (its first lesson) or `VARIANT:N` (lesson N, from 1);
    /// `esoterica lessons list` names them.
    #[arg(long, value_name = "VARIANT[:N]", conflicts_with_all = ["puzzles", "watch", "scene", "position", "moves"])]
    pub lesson: Option<String>,
    /// Open the puzzles of a variant: `VARIANT` (the one nearest your puzzle rating) or
    /// `VARIANT:N` (puzzle N of the bundled file, from 1).
    #[arg(long, value_name = "VARIANT[:N]", conflicts_with_all = ["watch", "scene", "position", "moves"])]
    pub puzzles: Option<String>,
    /// Search threads of the alphabeta bots in this window (1-64, default 1; Lazy SMP,
    /// docs/BOTS.md): more makes a bot stronger in the same time, on a machine with the
    /// cores to spare.
    #[arg(long, value_parser = search_threads)]
    pub threads: Option<usize>,
}

/// `demo` options.
#[derive(Args, Debug, Clone)]
pub struct DemoArgs {
    /// Variants to cycle through, comma-separated (default: all, the most surprising
    /// first: intrachange, parity, force-field, big-outer, parity-single, bully,
    /// nonviolent, standard).
    #[arg(long, value_delimiter = ',', value_parser = parse_variant)]
    pub variants: Vec<Variant>,
    /// Borderless fullscreen.
    #[arg(long)]
    pub fullscreen: bool,
    /// Seconds between two bot moves.
    #[arg(long, default_value_t = 1.5)]
    pub pace: f32,
    /// Bot playing both sides: random, greedy or alphabeta[:1-9].
    #[arg(long, default_value = "alphabeta:2")]
    pub bot: String,
    /// Hide the scoreboard of the demo's games (shown in a corner by default).
    #[arg(long)]
    pub no_scoreboard: bool,
    /// The board's view: `2d` or `3d` (default: the one chosen last in the window); the 3D
    /// camera circles the board slowly.
    #[arg(long, value_name = "2d|3d", value_parser = crate::persist::ViewMode::parse)]
    pub view: Option<crate::persist::ViewMode>,
    /// Window size in logical pixels, `WIDTHxHEIGHT` (default 1280x800, shrunk to fit the
    /// monitor).
    #[arg(long, value_name = "WxH")]
    pub window: Option<String>,
    /// Play sound in the demo (the demo is silent otherwise; needs a build with the
    /// `sound` feature).
    #[arg(long)]
    pub sound: bool,
    /// Minutes without a key, click or mouse motion after a visitor took over before the
    /// loop starts again (0: never).
    #[arg(long, default_value_t = 1.0, value_name = "MINUTES")]
    pub idle_return: f32,
    /// For an unattended screen at an event: fullscreen, the window's close button and
    /// Alt+F4 do nothing (hold Esc to quit), and the loop comes back after the idle time.
    #[arg(long)]
    pub kiosk: bool,
    /// Scenes between each variant's title card and its game: `on` (default) or `off`.
    #[arg(long, default_value = "on", value_parser = ["on", "off"])]
    pub scenes: String,
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
    /// Play a built-in bot as a UCI engine on stdin/stdout.
    Uci(uci::UciArgs),
    /// Round robin, gauntlet or SPRT test between bots; `merge` combines shards.
    Tournament(Box<tournament::TournamentCmd>),
    /// The best lines of a position as UCI info lines (score cp|mate, pv), then bestmove.
    Analyse(analyse::AnalyseArgs),
    /// Fit the evaluation's positional weights to the results of games or to labelled
    /// positions (Texel's method).
    Tune(tune::TuneArgs),
    /// Label the quiet positions of games with White's expected score by deeper searches
    /// of the alphabeta bot, for `tune --labels`.
    Label(tune::LabelArgs),
    /// The try-it lessons: list them, solve them by their scripts, try a move.
    #[command(subcommand)]
    Lessons(lessons::LessonsCmd),
    /// Puzzles: find them in bot self-play, re-solve a puzzle file.
    #[command(subcommand)]
    Puzzles(puzzles::PuzzlesCmd),
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
    /// alphabeta[:1-9], pure:1-9 and exploit:1-9 (Parity's predictable bot and the bot
    /// that answers it; docs/BOTS.md) or `ext:<command line>`.
    #[arg(long)]
    white: String,
    /// Bot B, Black in the odd-numbered games; colours alternate.
    #[arg(long)]
    black: String,
    /// Number of games. Any number: games are streamed (each game's PGN is written as it
    /// ends and only the totals are kept), so memory does not grow with the series.
    #[arg(long, default_value_t = 10)]
    games: usize,
    /// Time per move in milliseconds (a cap for built-in bots; sent to external bots,
    /// default 1000 for them).
    #[arg(long, value_parser = positive_u64)]
    movetime: Option<u64>,
    /// Node budget per move (deterministic; tightens the alphabeta level's own budget).
    #[arg(long, value_parser = positive_u64)]
    nodes: Option<u64>,
    /// Game clock: `MINUTES+SECONDS` (Fischer, e.g. 1+1) or `MINUTESdSECONDS` (delay); the
    /// bots plan their time from it and lose on time when it runs out (docs/BOTS.md).
    #[arg(long = "time-control", value_name = "TC")]
    time_control: Option<String>,
    /// Master seed: game i is seeded from (seed, i), whatever the number of jobs.
    #[arg(long, default_value_t = 0)]
    seed: u64,
    /// Worker threads; default all cores.
    #[arg(long, value_parser = jobs)]
    jobs: Option<usize>,
    /// Search threads of each built-in alphabeta bot (1-64, default 1; Lazy SMP,
    /// docs/BOTS.md). Games run `--jobs` at a time, so threads × jobs should not exceed
    /// the cores. External bots take their own options.
    #[arg(long, default_value_t = 1, value_parser = search_threads)]
    threads: usize,
    /// Write every game as PGN to FILE, each as it ends (created before the first game: a
    /// path that cannot be written exits 1 at once).
    #[arg(long, value_name = "FILE")]
    pgn: Option<std::path::PathBuf>,
    /// Write the results as JSON to FILE (created before the first game).
    #[arg(long, value_name = "FILE")]
    json: Option<std::path::PathBuf>,
    /// What happens to a bot that fails: `forfeit` (default) or `random` (the random bot
    /// finishes its game).
    #[arg(long, default_value = "forfeit")]
    fallback: String,
    /// Plies (Parity: turns) after which a game is adjudicated a draw.
    #[arg(long, default_value_t = crate::bots::arena::DEFAULT_MAX_PLIES, value_parser = at_least_one)]
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
    /// Depth in plies (Parity: turns), at most 20 (deeper counts never finish).
    #[arg(long, value_parser = clap::value_parser!(u32).range(0..=i64::from(perft::MAX_DEPTH)))]
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
    /// `rule-error <rule> <move>` for each commit that breaks a rule (`unreadable <move>`
    /// for text that is no move; exit status 1 at the end), and go on.
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

pub(crate) fn parse_variant(s: &str) -> Result<Variant, String> {
    Variant::parse(s).map_err(|e| e.to_string())
}

/// Reads the position of a rules subcommand ([`read_position`]).
///
/// # Errors
/// The position text's [`PositionError`].
pub fn load_position(args: &PositionArgs) -> Result<Position, PositionError> {
    match &args.position {
        Some(t) => read_position(args.variant, t, args.strict),
        None => Ok(Position::new(args.variant)),
    }
}

/// Reads a `--position` text: with `strict`, an impossible castling right is an error;
/// otherwise it is dropped and a `warning: …` line per dropped right goes to stderr.
///
/// # Errors
/// The position text's [`PositionError`].
pub fn read_position(
    variant: Variant,
    text: &str,
    strict: bool,
) -> Result<Position, PositionError> {
    if strict {
        return Position::from_text(variant, text);
    }
    let (pos, warnings) = Position::from_text_lenient(variant, text)?;
    for w in warnings {
        eprintln!("warning: {w}");
    }
    Ok(pos)
}

/// Reads a count of at least 1 (`--max-plies`, `--jobs`).
///
/// # Errors
/// The reason, for clap to show with the option's name.
pub(crate) fn at_least_one(s: &str) -> Result<usize, String> {
    match s.parse::<usize>() {
        Ok(0) => Err("must be at least 1".into()),
        Ok(n) => Ok(n),
        Err(e) => Err(e.to_string()),
    }
}

/// Reads a worker-thread count: 1 to [`MAX_JOBS`].
///
/// # Errors
/// The reason, for clap to show with the option's name.
pub(crate) fn jobs(s: &str) -> Result<usize, String> {
    count_up_to(s, MAX_JOBS)
}

/// Reads a count from 1 to `max`.
fn count_up_to(s: &str, max: usize) -> Result<usize, String> {
    match at_least_one(s)? {
        n if n > max => Err(format!("must be at most {max}")),
        n => Ok(n),
    }
}

/// Reads a search-thread count (`--threads`): 1 to [`MAX_THREADS`](crate::bots::search::MAX_THREADS).
///
/// # Errors
/// The reason, for clap to show with the option's name.
pub(crate) fn search_threads(s: &str) -> Result<usize, String> {
    count_up_to(s, crate::bots::search::MAX_THREADS)
}

/// The most worker threads `--jobs` takes.
pub const MAX_JOBS: usize = 256;

/// Reads a budget of at least 1 (`--nodes`, `--movetime` in milliseconds).
///
/// # Errors
/// The reason, for clap to show with the option's name.
pub(crate) fn positive_u64(s: &str) -> Result<u64, String> {
    match s.parse::<u64>() {
        Ok(0) => Err("must be at least 1".into()),
        Ok(n) => Ok(n),
        Err(e) => Err(e.to_string()),
    }
}

impl Cli {
    /// Reads the command line `argv` (the program's name first). A negative number is read
    /// as an option's value wherever one is expected, so `--games -1` is refused by the
    /// option's own check ("invalid digit", "must be at least 1") rather than taken for an
    /// unknown option.
    ///
    /// # Errors
    /// clap's error: a usage error, or the help and version texts.
    pub fn parse_args<I, T>(argv: I) -> Result<Cli, clap::Error>
    where
        I: IntoIterator<Item = T>,
        T: Into<std::ffi::OsString> + Clone,
    {
        fn negatives(cmd: clap::Command) -> clap::Command {
            cmd.mut_args(|a| {
                if a.get_action().takes_values() {
                    a.allow_negative_numbers(true)
                } else {
                    a
                }
            })
            .mut_subcommands(negatives)
        }
        use clap::{CommandFactory, FromArgMatches};
        let mut matches = negatives(Cli::command()).try_get_matches_from(argv)?;
        Cli::from_arg_matches_mut(&mut matches)
    }
}

/// Runs the command line and returns the process exit code.
pub fn main() -> ExitCode {
    let cli = match Cli::parse_args(std::env::args_os()) {
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
        Some(Command::Uci(a)) => uci::run(&a),
        Some(Command::Tournament(a)) => tournament::run(&a),
        Some(Command::Analyse(a)) => analyse::run(&a),
        Some(Command::Tune(a)) => tune::run(&a),
        Some(Command::Label(a)) => tune::run_label(&a),
        Some(Command::Lessons(c)) => lessons::run(&c),
        Some(Command::Puzzles(c)) => puzzles::run(&c),
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
    if let Some(o) = pos.outcome() {
        eprintln!(
            "the game is over: {}; there are no moves",
            narrate::outcome(&o)
        );
        return 0;
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
/// rule and an `unreadable <move>` line per text that is no move at all (the reasons on
/// stderr), then the final position. Exit 0 even with rule errors; 1 when a text could not
/// be read (the replay still goes on, that side making no move that turn).
fn run_record(pos: &Position, turns: &[String]) -> u8 {
    if pos.variant().turn_model() != TurnModel::Simultaneous {
        eprintln!(
            "error: --record replays Parity turns; {} alternates moves",
            pos.variant()
        );
        return 1;
    }
    // A single argument naming an existing path is a record file: one turn per line,
    // `N. WHITE/BLACK`, `#` starts a comment (the format of scenes/parity-sample-game.txt);
    // anything there but a regular file is refused unread.
    let from_file: Vec<String>;
    let turns = match turns {
        [one] if std::path::Path::new(one).exists() => {
            let path = std::path::Path::new(one);
            let text = match crate::persist::read_text_bounded(
                path,
                crate::rules::notation::pgn::MAX_PGN_BYTES,
            ) {
                Ok(t) => t,
                Err(e) => {
                    eprintln!("error: {}", crate::persist::printable(&e.naming(path)));
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
            eprintln!(
                "error: a Parity turn is written WHITE/BLACK, e.g. e2e4/e7e5, not '{}'",
                crate::persist::printable(t)
            );
            return 1;
        };
        pairs.push(pair);
    }
    let reports = crate::rules::variants::parity::replay_record(pos, &pairs);
    let shape = pos.shape();
    let mut last = pos.to_text();
    let mut unreadable = 0;
    for r in reports {
        println!("turn {}", r.number);
        for e in &r.effects {
            println!("{}", narrate::effect_line(e, shape));
        }
        for e in &r.errors {
            // The move text may come from a file: printed without control characters.
            let mv = crate::persist::printable(&e.mv);
            if let crate::rules::variants::parity::Problem::Unreadable(
                why @ MoveError::Syntax { .. },
            ) = &e.problem
            {
                // Not a move at all (a typo, a stray word): the side passes this turn.
                unreadable += 1;
                println!("unreadable {mv}");
                eprintln!(
                    "turn {}: {} {mv} cannot be read, so {} makes no move this turn: {}",
                    r.number,
                    e.side,
                    e.side,
                    crate::persist::printable(&why.to_string())
                );
                continue;
            }
            println!("rule-error {} {mv}", e.rule.code());
            eprintln!(
                "turn {}: {}",
                r.number,
                crate::persist::printable(&e.to_string())
            );
        }
        last = r.position;
    }
    println!("position {last}");
    if unreadable > 0 {
        eprintln!("error: {unreadable} recorded move(s) could not be read (see above)");
        1
    } else {
        0
    }
}

fn run_apply(a: &ApplyArgs) -> u8 {
    let start = match load_position(&a.pos) {
        Ok(p) => p,
        Err(e) => {
            eprintln!("error: {e}");
            return 1;
        }
    };
    if a.record {
        return run_record(&start, &a.moves);
    }
    let shape = start.shape();
    let mut game = GameRecord::new(start);
    for text in &a.moves {
        let effects = match play_text(&mut game, text) {
            Ok((_, fx)) => fx,
            Err(e) => {
                eprintln!("error: {e}");
                return 2;
            }
        };
        for e in &effects {
            println!("{}", narrate::effect_line(e, shape));
        }
    }
    println!("position {}", game.current().to_text());
    0
}

/// Why a typed move or Parity turn was not played.
#[derive(Debug)]
enum EntryError {
    /// The text is no move of this position (syntax, ambiguity, or a refused move).
    Move(MoveError),
    /// The rules refuse the move or turn (the game may be over).
    Illegal(IllegalMove),
    /// A Parity turn must be written `WHITE/BLACK`.
    NotATurn(String),
}

impl std::fmt::Display for EntryError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            EntryError::Move(e) => e.fmt(f),
            EntryError::Illegal(e) => e.fmt(f),
            EntryError::NotATurn(text) => write!(
                f,
                "illegal move {text}: a Parity turn is written WHITE/BLACK, e.g. e2e4/e7e5"
            ),
        }
    }
}

/// Plays one move or Parity turn, as typed, on the game record (so repetition and every
/// other game end count). A game that is over refuses any move, naming its outcome.
///
/// # Errors
/// [`EntryError`]: `illegal move TEXT: the game is over: …`, or why the text is no legal
/// move.
fn play_text(game: &mut GameRecord, text: &str) -> Result<(Entry, Vec<Effect>), EntryError> {
    if let Some(o) = game.outcome() {
        return Err(EntryError::Illegal(IllegalMove {
            mv: text.to_string(),
            refusal: Refusal::new(game.variant(), Reason::GameOver(o)),
        }));
    }
    let entry = parse_entry(game.current(), text)?;
    let played = match &entry {
        Entry::Move(m) => game.play(m),
        Entry::Turn { white, black } => game.play_turn(white, black),
    };
    played.map(|fx| (entry, fx)).map_err(EntryError::Illegal)
}

/// Reads one move or Parity turn (`WHITE/BLACK`) of `pos` into a record entry.
fn parse_entry(pos: &Position, text: &str) -> Result<Entry, EntryError> {
    if pos.variant().turn_model() == TurnModel::Simultaneous {
        let Some((w, b)) = text.split_once('/') else {
            return Err(EntryError::NotATurn(text.to_string()));
        };
        let parse = |side: Color, t: &str| {
            let mut p = pos.clone();
            p.set_turn(side);
            crate::rules::variants::parse_move_text(&p, t).map_err(EntryError::Move)
        };
        Ok(Entry::Turn {
            white: parse(Color::White, w)?,
            black: parse(Color::Black, b)?,
        })
    } else {
        crate::rules::variants::parse_move_text(pos, text)
            .map(Entry::Move)
            .map_err(EntryError::Move)
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
        let (entry, effects) = match play_text(&mut game, text) {
            Ok(played) => played,
            Err(e) => {
                eprintln!("error: {e}");
                return 2;
            }
        };
        println!("{}. {text}", i + 1);
        for c in narrate::entry(&before, &entry, &effects) {
            println!("  {c}");
        }
        if game.outcome().is_none()
            && let Some(c) = narrate::blocked_move(game.current())
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
            // The message may quote the file: printed without control characters.
            let why = crate::persist::printable(&e.to_string());
            eprintln!("error: {}: {why}", a.file.display());
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
            println!("  {}", narrate::effect_line(e, shape));
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
        Contestant::from_spec(&wa).with_threads(a.threads),
        Contestant::from_spec(&bb).with_threads(a.threads),
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
    if let Some(t) = &a.time_control {
        match crate::rules::clock::TimeControl::parse(t) {
            Ok(tc) => cfg.time_control = tc,
            Err(e) => {
                eprintln!("error: --time-control: {e}");
                return 1;
            }
        }
    }
    // Output files are created before the first game: a path that cannot be written (or
    // that another run is writing) is bad input, found before any time is spent.
    if let (Some(p), Some(j)) = (&a.pgn, &a.json)
        && same_file(p, j)
    {
        eprintln!("error: --pgn and --json name the same file {}", p.display());
        return 1;
    }
    let create = |p: &Option<std::path::PathBuf>| {
        p.as_deref()
            .map(crate::persist::output::OutputFile::create)
            .transpose()
    };
    let (mut pgn_out, mut json_out) = match (create(&a.pgn), create(&a.json)) {
        (Ok(p), Ok(j)) => (p, j),
        (Err(e), _) | (_, Err(e)) => {
            eprintln!("error: {e}");
            return 1;
        }
    };
    if let Err(e) = crate::bots::arena::check_bots(&cfg) {
        eprintln!("error: {e}");
        return 1;
    }
    let t0 = std::time::Instant::now();
    let (mut a_points, mut b_points) = (0.0, 0.0);
    let mut kept = 0usize;
    let mut write_error: Option<String> = None;
    let totals = crate::bots::arena::stream_match(&cfg, |done, total, g| {
        if let Some(s) = g.a_score() {
            a_points += s;
            b_points += 1.0 - s;
        }
        for f in &g.faults {
            let kind = if f.internal {
                "internal error"
            } else {
                "fault"
            };
            eprintln!(
                "\rgame {}: {} ({}) {kind}: {}",
                f.game + 1,
                f.bot,
                f.color.name(),
                f.reason
            );
        }
        eprint!(
            "\r[{done}/{total}] {} {a_points:.1} - {b_points:.1} {}  {:.1} s   ",
            cfg.a.name,
            cfg.b.name,
            t0.elapsed().as_secs_f64()
        );
        if let Some(out) = &mut pgn_out {
            // Each game is written through as it ends; a failed write stops the series at
            // once (the file keeps the whole games before it).
            let sep = if kept > 0 { "\n" } else { "" };
            let text = crate::rules::notation::pgn::write(&g.record);
            if let Err(e) = out.append(&format!("{sep}{text}")) {
                write_error = Some(format!(
                    "{e}; the match stopped after game {done}: {kept} games are kept in {}",
                    out.path().display()
                ));
                return false;
            }
            kept += 1;
        }
        true
    });
    eprintln!();
    // The files first, then stdout: a stdout that cannot be written loses nothing.
    let mut code = 0;
    if let Some(e) = write_error {
        eprintln!("error: {e}");
        code = 1;
    }
    if let Some(out) = &mut json_out
        && let Err(e) = out.replace(&totals.json())
    {
        eprintln!("error: {e}");
        code = 1;
    }
    print!("{}", totals.table());
    let secs = t0.elapsed().as_secs_f64();
    println!(
        "{} games in {secs:.1} s ({:.2} games/s, {} jobs)",
        totals.played,
        totals.played as f64 / secs.max(1e-9),
        cfg.jobs
    );
    if totals.fault_count > 0 {
        println!("faults: {}", totals.fault_count);
    }
    if code != 0 {
        return code;
    }
    if totals.internal_errors > 0 {
        eprintln!(
            "error: {} games stopped by an internal error (a rules error on a move the rules listed as legal): a bug, please report it",
            totals.internal_errors
        );
        return 3;
    }
    0
}

/// Whether two paths name one file: equal, or (when both exist) the same file by their
/// canonical paths.
pub(crate) fn same_file(a: &std::path::Path, b: &std::path::Path) -> bool {
    a == b
        || matches!(
            (std::fs::canonicalize(a), std::fs::canonicalize(b)),
            (Ok(x), Ok(y)) if x == y
        )
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
            e.to_string()
                .contains("right 'K' needs White's King on e1 and Rook on h1"),
            "{e}"
        );
        assert_eq!(run_perft(&parse(true)), 1);
        assert_eq!(run_perft(&parse(false)), 0);
    }

    #[test]
    fn a_negative_number_is_refused_as_the_options_value() {
        for argv in [
            &["esoterica", "match", "--games", "-1"][..],
            &["esoterica", "perft", "--depth", "-1"],
            &["esoterica", "tournament", "--seed", "-1", "--bot", "random"],
        ] {
            let e = Cli::parse_args(argv).unwrap_err();
            assert_eq!(
                e.kind(),
                clap::error::ErrorKind::ValueValidation,
                "{argv:?}"
            );
            let text = e.to_string();
            assert!(
                text.contains(&format!("invalid value '-1' for '{}", argv[2])),
                "{text}"
            );
        }
        // Zero budgets and absurd thread counts are refused by name.
        for (argv, why) in [
            (
                &["esoterica", "match", "--max-plies", "0"][..],
                "must be at least 1",
            ),
            (
                &["esoterica", "match", "--nodes", "0"],
                "must be at least 1",
            ),
            (
                &["esoterica", "match", "--movetime", "0"],
                "must be at least 1",
            ),
            (
                &["esoterica", "match", "--jobs", "100000"],
                "must be at most 256",
            ),
            (
                &["esoterica", "tournament", "--jobs", "0"],
                "must be at least 1",
            ),
            (
                &["esoterica", "tournament", "--max-plies", "0"],
                "must be at least 1",
            ),
        ] {
            let text = Cli::parse_args(argv).unwrap_err().to_string();
            assert!(
                text.contains(&format!("invalid value '{}' for '{}", argv[3], argv[2]))
                    && text.contains(why),
                "{argv:?}: {text}"
            );
        }
        // Other options and flags read as before.
        let cli =
            Cli::parse_args(["esoterica", "perft", "--depth", "2", "--variant", "bully"]).unwrap();
        assert!(matches!(cli.command, Some(Command::Perft(a)) if a.depth == 2));
        let cli = Cli::parse_args(["esoterica", "--variant", "parity"]).unwrap();
        assert_eq!(cli.play.variant, Some(Variant::Parity));
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

    fn match_args(args: &[&str]) -> MatchArgs {
        let mut all = vec!["esoterica", "match"];
        all.extend_from_slice(args);
        let Some(Command::Match(a)) = Cli::try_parse_from(all).unwrap().command else {
            panic!("not a match command");
        };
        a
    }

    /// An output path that cannot be written is refused before the first game: the bot
    /// (a script that leaves a mark when started) never runs.
    #[test]
    fn unwritable_outputs_are_refused_before_any_game() {
        let dir = std::env::temp_dir().join(format!("esoterica-cli-out-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let mark = dir.join("started");
        let bot = format!("ext:sh -c 'touch {}; exit 1'", mark.display());
        let good = dir.join("ok.json");
        for (flag, path) in [
            ("--pgn", dir.join("missing/games.pgn")),
            ("--json", dir.join("missing/results.json")),
            ("--pgn", dir.clone()),
        ] {
            let other = if flag == "--pgn" { "--json" } else { "--pgn" };
            let a = match_args(&[
                "--variant",
                "standard",
                "--white",
                &bot,
                "--black",
                "random",
                flag,
                path.to_str().unwrap(),
                other,
                good.to_str().unwrap(),
            ]);
            assert_eq!(run_match(&a), 1, "{flag} {}", path.display());
            assert!(!mark.exists(), "the bot was started");
        }
    }

    #[test]
    fn perft_depth_is_bounded() {
        let max = crate::rules::perft::MAX_DEPTH.to_string();
        let over = (crate::rules::perft::MAX_DEPTH + 1).to_string();
        for (depth, ok) in [
            (max.as_str(), true),
            (over.as_str(), false),
            ("4294967295", false),
        ] {
            let parsed = Cli::try_parse_from([
                "esoterica",
                "perft",
                "--variant",
                "standard",
                "--depth",
                depth,
            ]);
            assert_eq!(parsed.is_ok(), ok, "{depth}");
        }
    }
}
