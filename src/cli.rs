//! The command line (clap). A stable contract that scripts rely on:
//!
//! - `esoterica perft --variant V --depth D [--position TEXT] [--divide]`: last line
//!   `nodes <N>`;
//! - `esoterica moves --variant V [--position TEXT] [--side white|black]`: legal moves (Parity:
//!   legal commits of `--side`) in coordinate form, sorted, one per line;
//! - `esoterica apply --variant V [--position TEXT] MOVE…`: plays the moves (Parity: turns
//!   `WHITE/BLACK`), prints each effect on its own line, then `position <TEXT>`; an illegal
//!   move exits with status 2 and names the rule.
//!
//! Exit status: 0 success, 1 bad input (position text, arguments), 2 illegal move.

use std::process::ExitCode;

use clap::{Args, Parser, Subcommand};

use crate::rules::perft;
use crate::rules::{Color, Position, TurnModel, Variant};

/// Command-line arguments.
#[derive(Parser, Debug)]
#[command(name = "esoterica", version, about = "Play and show off unusual chess variants")]
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
    /// Frames to render before the screenshot.
    #[arg(long, default_value_t = 60)]
    pub frames: u32,
    /// Moves to play before showing the board (coordinate form or SAN; Parity `W/B`).
    #[arg(long = "moves", value_name = "MOVES", num_args = 0.., value_delimiter = ' ')]
    pub moves: Vec<String>,
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
}

fn parse_variant(s: &str) -> Result<Variant, String> {
    Variant::parse(s).map_err(|e| e.to_string())
}

/// Reads the position of a rules subcommand.
///
/// # Errors
/// The position text's error, as text.
pub fn load_position(args: &PositionArgs) -> Result<Position, String> {
    match &args.position {
        Some(t) => Position::from_text(args.variant, t).map_err(|e| e.to_string()),
        None => Ok(Position::new(args.variant)),
    }
}

/// Runs the command line and returns the process exit code.
pub fn main() -> ExitCode {
    let cli = Cli::parse();
    let code = match cli.command {
        None => run_play(cli.play),
        Some(Command::Play(a)) => run_play(a),
        Some(Command::Perft(a)) => run_perft(&a),
        Some(Command::Moves(a)) => run_moves(&a),
        Some(Command::Apply(a)) => run_apply(&a),
    };
    ExitCode::from(code)
}

#[cfg(feature = "app")]
fn run_play(args: PlayArgs) -> u8 {
    crate::app::run(args)
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
    eprintln!("{:.3} s, {:.0} nodes/s", secs, nodes as f64 / secs.max(1e-9));
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

fn run_apply(a: &ApplyArgs) -> u8 {
    let mut pos = match load_position(&a.pos) {
        Ok(p) => p,
        Err(e) => {
            eprintln!("error: {e}");
            return 1;
        }
    };
    let shape = pos.shape();
    for text in &a.moves {
        let effects = if pos.variant().turn_model() == TurnModel::Simultaneous {
            let Some((w, b)) = text.split_once('/') else {
                eprintln!("error: illegal move {text}: a Parity turn is written WHITE/BLACK, e.g. e2e4/e7e5");
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
