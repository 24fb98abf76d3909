//! `esoterica analyse --variant V [--position TEXT] [--moves M…] [--movetime MS]
//! [--depth D] [--nodes N] [--level L] [--multipv N] [--side white|black] [--threats]`:
//! the best lines of a position ([`crate::bots::analysis`]) as UCI `info` lines, each
//! printed as soon as its depth completes, then `bestmove M` (or, when the game is over,
//! `info string game over: …` and `bestmove (none)`).

use clap::Args;

use crate::bots::SearchLimits;
use crate::bots::StopControl;
use crate::bots::analysis::{self, Line};
use crate::rules::narrate;
use crate::rules::{Color, GameRecord, TurnModel};

use super::{PositionArgs, load_position, play_text};

/// `analyse` options.
#[derive(Args, Debug)]
pub struct AnalyseArgs {
    #[command(flatten)]
    pos: PositionArgs,
    /// Moves to play from the position first (coordinate form or SAN; Parity `WHITE/BLACK`),
    /// separated by spaces.
    #[arg(long, num_args = 1..)]
    moves: Vec<String>,
    /// Time per line in milliseconds (default: the level's depth and node limits only).
    #[arg(long, value_name = "MS")]
    movetime: Option<u64>,
    /// Maximum depth in plies.
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..=100))]
    depth: Option<u32>,
    /// Maximum nodes per line (Parity: resolved pairs).
    #[arg(long)]
    nodes: Option<u64>,
    /// Strength level of the analysing alphabeta bot, 1 to 9 (level 7: depth 64, 1 500 000
    /// nodes per line; level 9: the variant's network as the evaluation; analysis plays no
    /// weak level's deliberate mistakes).
    #[arg(long, default_value_t = 7, value_parser = clap::value_parser!(u8).range(1..=i64::from(crate::bots::search::MAX_LEVEL)))]
    level: u8,
    /// Number of lines, 1 to 32, best first with distinct first moves.
    #[arg(long, default_value_t = 1)]
    multipv: usize,
    /// Parity and Single Occupation: the side whose commits are analysed (default White).
    /// Other variants: must be the side to move if given.
    #[arg(long)]
    side: Option<String>,
    /// Analyse what the other side would play if it were its move (a null move).
    #[arg(long)]
    threats: bool,
}

/// Runs the analysis; 0 on success, 1 for bad input, 2 for an illegal `--moves` move.
pub(super) fn run(a: &AnalyseArgs) -> u8 {
    let start = match load_position(&a.pos) {
        Ok(p) => p,
        Err(e) => {
            eprintln!("error: {e}");
            return 1;
        }
    };
    let mut game = GameRecord::new(start);
    for text in a.moves.iter().flat_map(|t| t.split_whitespace()) {
        if let Err(e) = play_text(&mut game, text) {
            eprintln!("error: {e}");
            return 2;
        }
    }
    let mut pos = game.current().clone();
    let simultaneous = pos.variant().turn_model() == TurnModel::Simultaneous;
    if let Some(s) = a.side.as_deref() {
        let Some(side) = Color::parse(s) else {
            eprintln!("error: --side must be white or black, not '{s}'");
            return 1;
        };
        if simultaneous {
            pos.set_turn(side);
        } else if side != pos.turn() {
            eprintln!("error: it is {}'s move in this position", pos.turn());
            return 1;
        }
    }
    if let Some(o) = game.outcome() {
        println!("info string game over: {}", narrate::outcome(&o));
        println!("bestmove (none)");
        return 0;
    }
    let limits = SearchLimits {
        movetime: a.movetime.map(std::time::Duration::from_millis),
        depth: a.depth,
        nodes: a.nodes,
    };
    let mut ctl = StopControl::default();
    let shown = pos.clone();
    let mut progress = |l: &Line| println!("{}", analysis::info_line(&shown, l));
    let result = if a.threats {
        analysis::threats(&pos, a.level, limits, a.multipv, &mut ctl, &mut progress)
    } else {
        analysis::analyse(&pos, a.level, limits, a.multipv, &mut ctl, &mut progress)
    };
    let result = match result {
        Ok(r) => r,
        Err(e) => {
            eprintln!("error: {e}");
            return 1;
        }
    };
    if let Some(o) = result.outcome {
        println!("info string game over: {}", narrate::outcome(&o));
    }
    match result.best() {
        Some(m) => println!("bestmove {}", m.coordinate(pos.shape())),
        None => println!("bestmove (none)"),
    }
    0
}
