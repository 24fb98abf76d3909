//! Esoterica's own bots as a UCI engine (`esoterica uci`): the engine side of the line
//! protocol of `docs/bot-protocol.md`, so that any UCI host — `esoterica match` and
//! `esoterica tournament` through `ext:`, cutechess-cli, fastchess, a GUI — can play a
//! built-in bot, and so that an older build of Esoterica can be kept as a frozen baseline.
//!
//! The engine reads one command per line and answers on its output, one line each, flushed.
//! A search runs on a thread of its own, so `stop`, `isready` and `quit` are read while it
//! thinks; after every `go` exactly one `bestmove` is written. Unknown commands are ignored;
//! a malformed line (an unknown variant, a bad position text, an illegal move, a bad number)
//! is answered with `info string error: …` and never panics.
//!
//! Dialect, beyond plain UCI (`docs/bot-protocol.md`):
//! - `setoption name UCI_Variant value <variant>` chooses the variant; the combo lists
//!   [`uci_variant_name`]s (`chess` for standard chess, as Fairy-Stockfish, so that
//!   python-chess can set it) and any name [`Variant::parse`] reads is taken;
//!   `position startpos` is then that variant's initial position.
//! - `setoption name MultiPV value <n>` (1 to [`MAX_MULTIPV`], `alphabeta` bots): each
//!   `go` analyses the best `n` lines ([`analysis::analyse`], without the level's random
//!   choice) and answers the best line's first move; the time and node limits are shared
//!   among the lines. Every `info` line carries the whole principal variation.
//! - `setoption name Threads value <n>` (1 to [`MAX_THREADS`]): the `alphabeta` bot's
//!   search threads in the alternating variants (Lazy SMP, [`Bot::set_threads`]); other
//!   bots, Parity commits and `MultiPV` analyses search on one thread.
//! - `position fen <text>` takes the variant's position text (FEN, Big Outer's corner field,
//!   Parity's resting field); `moves …` are in coordinate form; for Parity each is a turn
//!   `WHITE/BLACK` (`e2e4/e7e5`).
//! - Parity: `go commit <white|black> …` asks for that side's commit on the start-of-turn
//!   position; without `commit` the side to move of the position text is asked.

use std::io::{BufRead, Read, Write};
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

use super::analysis::{self, Line, MAX_MULTIPV};
use super::search::{MATE, MATE_BOUND, MAX_THREADS};
use super::{Bot, BotSpec, Clock, SearchControl, SearchInfo, SearchLimits, mix_seed};
use crate::rules::{Color, Move, Position, TurnModel, Variant};

/// The longest command line read, in bytes; a longer line is answered with an
/// `info string` and skipped.
pub const MAX_COMMAND_BYTES: usize = 64 * 1024;

/// The value of the spin option `name` (1 to `max`) from `setoption`'s `value` text.
///
/// # Errors
/// `setoption: <name> is a whole number from 1 to <max>, not '<text>'`, or `setoption:
/// <name> needs a value` when there is none.
fn spin_value(name: &str, value: Option<&str>, max: usize) -> Result<usize, String> {
    match value.map(str::parse::<usize>) {
        Some(Ok(n)) if (1..=max).contains(&n) => Ok(n),
        Some(_) => Err(format!(
            "setoption: {name} is a whole number from 1 to {max}, not '{}'",
            value.unwrap_or_default()
        )),
        None => Err(format!("setoption: {name} needs a value")),
    }
}

/// A sink for the engine's output lines that the search thread shares with the reader.
type Output<W> = Arc<Mutex<W>>;

/// Writes one line and flushes it; returns whether the output is still open.
fn send<W: Write>(out: &Output<W>, line: &str) -> bool {
    let Ok(mut w) = out.lock() else {
        return false;
    };
    writeln!(w, "{line}").and_then(|()| w.flush()).is_ok()
}

/// The name of `variant` in the engine's `UCI_Variant` combo: `chess` for standard chess
/// (the name python-chess sends and Fairy-Stockfish lists), else [`Variant::name`].
/// `setoption name UCI_Variant value …` takes either name ([`Variant::parse`]).
///
/// # Examples
/// ```
/// use esoterica::bots::uci_engine::uci_variant_name;
/// use esoterica::rules::Variant;
/// assert_eq!(uci_variant_name(Variant::Standard), "chess");
/// assert_eq!(uci_variant_name(Variant::BigOuter), "big-outer");
/// ```
pub fn uci_variant_name(variant: Variant) -> &'static str {
    if variant == Variant::Standard {
        "chess"
    } else {
        variant.name()
    }
}

/// The limits of one `go` command.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct GoCommand {
    /// The limits handed to the bot (a bot's own level caps still apply).
    pub limits: SearchLimits,
    /// `infinite` or `ponder`: the `bestmove` waits for `stop` (or `ponderhit`) even when
    /// the search ends earlier.
    pub hold: bool,
    /// Parity: the side whose commit is asked (`go commit white|black`).
    pub commit: Option<Color>,
    /// The clock of the side asked (`wtime`/`btime`, `winc`/`binc`, `movestogo`), if given;
    /// [`GoCommand::limits`] then holds its [`Clock::budget`] as the move time (or the
    /// `movetime`, if lower) for bots that take a move time only.
    pub clock: Option<Clock>,
    /// The `movetime` as given, without the clock's budget.
    pub movetime: Option<Duration>,
}

/// Reads the words after `go` for the position `pos` (whose side to move picks `wtime` or
/// `btime`). Returns the command and one message per word it could not use (the search
/// still runs, without that word).
///
/// # Examples
/// ```
/// use esoterica::bots::uci_engine::parse_go;
/// use esoterica::rules::{Position, Variant};
/// let pos = Position::new(Variant::Standard);
/// let (go, errors) = parse_go(&["depth", "3", "nodes", "x"], &pos);
/// assert_eq!(go.limits.depth, Some(3));
/// assert_eq!(go.limits.nodes, None);
/// assert_eq!(errors, ["go: nodes needs a whole number, not 'x'"]);
/// ```
pub fn parse_go(words: &[&str], pos: &Position) -> (GoCommand, Vec<String>) {
    let mut go = GoCommand::default();
    let mut errors = Vec::new();
    let mut clock = [None::<u64>; 2];
    let mut inc = [0u64; 2];
    let mut moves_to_go = None;
    let mut it = words.iter().peekable();
    while let Some(&word) = it.next() {
        let mut number = |name: &str| -> Option<u64> {
            match it.next() {
                Some(v) => match v.parse::<i64>() {
                    // A clock below zero (a host that overstepped) counts as no time left.
                    Ok(n) => Some(n.max(0) as u64),
                    Err(_) => {
                        errors.push(format!("go: {name} needs a whole number, not '{v}'"));
                        None
                    }
                },
                None => {
                    errors.push(format!("go: {name} needs a number"));
                    None
                }
            }
        };
        match word {
            "movetime" => {
                if let Some(n) = number("movetime") {
                    go.limits.movetime = Some(Duration::from_millis(n.max(1)));
                    go.movetime = go.limits.movetime;
                }
            }
            "depth" => {
                if let Some(n) = number("depth") {
                    go.limits.depth = Some(n.clamp(1, u64::from(u32::MAX)) as u32);
                }
            }
            "nodes" => {
                if let Some(n) = number("nodes") {
                    go.limits.nodes = Some(n.max(1));
                }
            }
            "mate" => {
                // A mate in n moves is found within 2n - 1 plies.
                if let Some(n) = number("mate") {
                    let plies = n.saturating_mul(2).saturating_sub(1).max(1);
                    go.limits.depth = Some(plies.min(u64::from(u32::MAX)) as u32);
                }
            }
            "wtime" => clock[0] = number("wtime"),
            "btime" => clock[1] = number("btime"),
            "winc" => inc[0] = number("winc").unwrap_or(0),
            "binc" => inc[1] = number("binc").unwrap_or(0),
            "movestogo" => moves_to_go = number("movestogo"),
            "infinite" | "ponder" => go.hold = true,
            "commit" => match it.next().and_then(|s| Color::parse(s)) {
                Some(c) => go.commit = Some(c),
                None => errors.push("go: commit needs white or black".into()),
            },
            "searchmoves" => {
                errors.push("go: searchmoves is not supported; searching every move".into());
                while it.peek().is_some_and(|w| !is_go_keyword(w)) {
                    it.next();
                }
            }
            other => errors.push(format!("go: unknown word '{other}' ignored")),
        }
    }
    if go.commit.is_some() && pos.variant().turn_model() != TurnModel::Simultaneous {
        errors.push("go: commit is for Parity only; ignored".into());
        go.commit = None;
    }
    let side = go.commit.unwrap_or_else(|| pos.turn());
    if let Some(left) = clock[side.index()] {
        let c = Clock {
            remaining: Duration::from_millis(left),
            increment: Duration::from_millis(inc[side.index()]),
            moves_to_go: moves_to_go.map(|n| n.min(u64::from(u32::MAX)) as u32),
        };
        let t = c.budget();
        go.limits.movetime = Some(go.limits.movetime.map_or(t, |m| m.min(t)));
        go.clock = Some(c);
    }
    (go, errors)
}

fn is_go_keyword(w: &str) -> bool {
    matches!(
        w,
        "movetime"
            | "depth"
            | "nodes"
            | "mate"
            | "wtime"
            | "btime"
            | "winc"
            | "binc"
            | "movestogo"
            | "infinite"
            | "ponder"
            | "commit"
    )
}

/// The time for one move, in milliseconds, from the clock (`left`, ms), the increment and
/// the moves to go: `left / movestogo + ¾ increment`, at most 80% of `left`, at least 1.
///
/// # Examples
/// ```
/// use esoterica::bots::uci_engine::clock_budget;
/// assert_eq!(clock_budget(60_000, 1_000, None), 2_750); // 60 s / 30 + 750 ms
/// assert_eq!(clock_budget(100, 1_000, Some(1)), 80); // never more than 80% of the clock
/// ```
pub fn clock_budget(left: u64, inc: u64, moves_to_go: Option<u64>) -> u64 {
    let c = Clock {
        remaining: Duration::from_millis(left),
        increment: Duration::from_millis(inc),
        moves_to_go: moves_to_go.map(|n| n.min(u64::from(u32::MAX)) as u32),
    };
    c.budget().as_millis() as u64
}

/// Why a move of a `position` command could not be played.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PositionMoveError {
    /// A Parity move is not a turn `WHITE/BLACK`.
    NotATurn,
    /// The game was over before the move.
    GameOver(crate::rules::Outcome),
    /// No legal move (Parity: commit) of `side` is written so.
    NotLegal {
        /// Whose move.
        side: Color,
        /// The position text before it.
        position: String,
    },
    /// The rules refused to resolve it.
    Refused(crate::rules::IllegalMove),
}

impl std::fmt::Display for PositionMoveError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            PositionMoveError::NotATurn => {
                f.write_str("a Parity move is a turn WHITE/BLACK, e.g. e2e4/e7e5")
            }
            PositionMoveError::GameOver(o) => write!(f, "the game is over: {}", o.describe()),
            PositionMoveError::NotLegal { side, position } => {
                write!(f, "not a legal move of {} in {position}", side.name())
            }
            PositionMoveError::Refused(e) => write!(f, "{e}"),
        }
    }
}

/// Why a UCI `position` command could not be read ([`parse_position`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PositionCommandError {
    /// Words after `startpos` other than `moves …`.
    AfterStartpos(String),
    /// `fen` without a position text.
    MissingFen,
    /// Neither `startpos` nor `fen`.
    NoStart,
    /// The position text could not be read.
    BadText {
        /// The variant it was read for.
        variant: Variant,
        /// The reader's error.
        error: crate::rules::notation::fen::PositionError,
    },
    /// A move could not be played.
    BadMove {
        /// Its number in the list, from 1.
        number: usize,
        /// The move as written.
        token: String,
        /// Why.
        why: PositionMoveError,
    },
}

impl std::fmt::Display for PositionCommandError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            PositionCommandError::AfterStartpos(rest) => {
                write!(f, "position: unexpected '{rest}' after startpos")
            }
            PositionCommandError::MissingFen => f.write_str("position: fen needs a position text"),
            PositionCommandError::NoStart => f.write_str("position: expected startpos or fen"),
            PositionCommandError::BadText { variant, error } => {
                write!(f, "position: bad {} position text: {error}", variant.name())
            }
            PositionCommandError::BadMove { number, token, why } => {
                write!(f, "position: move {number} '{token}': {why}")
            }
        }
    }
}

impl std::error::Error for PositionCommandError {}

/// Reads `position startpos|fen <text> [moves …]` (the words after `position`) for
/// `variant`. Alternating variants: each move is in coordinate form; Parity: each is a turn
/// `WHITE/BLACK` of two commits in coordinate form.
///
/// # Errors
/// [`PositionCommandError`]: a missing `startpos`/`fen`, a bad position text, or the first
/// move that is unreadable or illegal (with its number).
///
/// # Examples
/// ```
/// use esoterica::bots::uci_engine::{PositionCommandError, parse_position};
/// use esoterica::rules::Variant;
/// let p = parse_position(&["startpos", "moves", "e2e4/e7e5"], Variant::Parity).unwrap();
/// assert!(p.to_text().starts_with("rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR"));
/// let e = parse_position(&["startpos", "moves", "e2e5"], Variant::Standard).unwrap_err();
/// assert!(matches!(e, PositionCommandError::BadMove { number: 1, .. }));
/// ```
pub fn parse_position(words: &[&str], variant: Variant) -> Result<Position, PositionCommandError> {
    let moves_at = words.iter().position(|w| *w == "moves");
    let (head, moves) = match moves_at {
        Some(i) => (&words[..i], &words[i + 1..]),
        None => (words, &[][..]),
    };
    let mut pos = match head.split_first() {
        Some((&"startpos", [])) => Position::new(variant),
        Some((&"startpos", rest)) => {
            return Err(PositionCommandError::AfterStartpos(rest.join(" ")));
        }
        Some((&"fen", [])) => return Err(PositionCommandError::MissingFen),
        Some((&"fen", text)) => Position::from_text_lenient(variant, &text.join(" "))
            .map(|(p, _warnings)| p)
            .map_err(|error| PositionCommandError::BadText { variant, error })?,
        _ => return Err(PositionCommandError::NoStart),
    };
    let simultaneous = variant.turn_model() == TurnModel::Simultaneous;
    for (n, token) in moves.iter().enumerate() {
        let played = if simultaneous {
            let pair = token.split_once('/').ok_or(PositionMoveError::NotATurn);
            pair.and_then(|(w, b)| {
                let w = find_legal(&pos, Color::White, w)?;
                let b = find_legal(&pos, Color::Black, b)?;
                pos.resolve(&w, &b)
                    .map(|_| ())
                    .map_err(PositionMoveError::Refused)
            })
        } else {
            find_legal(&pos, pos.turn(), token).and_then(|m| {
                pos.try_play(&m)
                    .map(|_| ())
                    .map_err(PositionMoveError::Refused)
            })
        };
        if let Err(why) = played {
            return Err(PositionCommandError::BadMove {
                number: n + 1,
                token: (*token).to_string(),
                why,
            });
        }
    }
    Ok(pos)
}

/// The legal move (Parity: commit) of `side` written `text` in coordinate form.
fn find_legal(pos: &Position, side: Color, text: &str) -> Result<Move, PositionMoveError> {
    let shape = pos.shape();
    if let Some(o) = pos.outcome() {
        return Err(PositionMoveError::GameOver(o));
    }
    pos.legal_commits(side)
        .into_iter()
        .find(|m| m.coordinate(shape) == text)
        .ok_or_else(|| PositionMoveError::NotLegal {
            side,
            position: pos.to_text(),
        })
}

/// One search's `info` line: depth, score (`cp`, or `mate` in moves, negative when the
/// engine is mated), nodes, time (ms), nodes per second and the principal variation
/// ([`SearchInfo::pv`]; the best move alone when the search gave none).
///
/// # Examples
/// ```
/// use esoterica::bots::SearchInfo;
/// use esoterica::bots::uci_engine::info_line;
/// use esoterica::rules::{Position, Variant};
/// let pos = Position::new(Variant::Standard);
/// let best = pos.parse_move("e2e4").ok();
/// let mut after = pos.clone();
/// after.play(&best.unwrap());
/// let pv = vec![best.unwrap(), after.parse_move("e7e5").unwrap()];
/// let info = SearchInfo { depth: 2, score: 35, nodes: 900, best, pv };
/// assert_eq!(
///     info_line(&info, pos.shape(), 3),
///     "info depth 2 score cp 35 nodes 900 time 3 nps 300000 pv e2e4 e7e5"
/// );
/// ```
pub fn info_line(info: &SearchInfo, shape: crate::rules::BoardShape, ms: u64) -> String {
    let score = if info.score.abs() >= MATE_BOUND {
        let plies = i64::from(MATE - info.score.abs());
        let moves = (plies + 1) / 2;
        format!("mate {}", if info.score > 0 { moves } else { -moves })
    } else {
        format!("cp {}", info.score)
    };
    let nps = info.nodes.saturating_mul(1000) / ms.max(1);
    let mut line = format!(
        "info depth {} score {score} nodes {} time {ms} nps {nps}",
        info.depth, info.nodes
    );
    if !info.pv.is_empty() {
        line.push_str(" pv");
        for m in &info.pv {
            line.push(' ');
            line.push_str(&m.coordinate(shape));
        }
    } else if let Some(m) = info.best {
        line.push_str(&format!(" pv {}", m.coordinate(shape)));
    }
    line
}

/// One line of a `MultiPV` analysis as an `info` line: `info depth D multipv K score cp X |
/// mate N nodes N time MS nps N pv m1 m2 …`, with `nodes` the analysis's total so far.
///
/// # Examples
/// ```
/// use esoterica::bots::analysis::{Line, Score};
/// use esoterica::bots::uci_engine::multipv_info_line;
/// use esoterica::rules::{Position, Variant};
/// let pos = Position::new(Variant::Standard);
/// let first = pos.parse_move("d2d4").unwrap();
/// let line = Line { multipv: 2, first, score: Score::Cp(20), depth: 3, nodes: 500, pv: vec![first] };
/// assert_eq!(
///     multipv_info_line(&line, pos.shape(), 1_500, 10),
///     "info depth 3 multipv 2 score cp 20 nodes 1500 time 10 nps 150000 pv d2d4"
/// );
/// ```
pub fn multipv_info_line(
    line: &Line,
    shape: crate::rules::BoardShape,
    total_nodes: u64,
    ms: u64,
) -> String {
    let nps = total_nodes.saturating_mul(1000) / ms.max(1);
    let mut text = format!(
        "info depth {} multipv {} score {} nodes {total_nodes} time {ms} nps {nps} pv",
        line.depth.max(1),
        line.multipv,
        line.score
    );
    for m in &line.pv {
        text.push(' ');
        text.push_str(&m.coordinate(shape));
    }
    text
}

/// The running search's side of the conversation: its stop flag, and the `info` lines it
/// writes.
struct EngineControl<W: Write> {
    stop: Arc<AtomicBool>,
    out: Output<W>,
    shape: crate::rules::BoardShape,
    started: Instant,
    /// A `MultiPV` analysis writes its own lines: the searches' reports are not written.
    quiet: bool,
    /// The best move of the last reported depth (the first move of its `pv`).
    last_best: Option<Move>,
}

impl<W: Write> EngineControl<W> {
    fn elapsed_ms(&self) -> u64 {
        self.started.elapsed().as_millis().min(u128::from(u64::MAX)) as u64
    }
}

impl<W: Write> SearchControl for EngineControl<W> {
    fn should_stop(&mut self, _nodes: u64) -> bool {
        self.stop.load(Ordering::Relaxed)
    }

    fn report(&mut self, info: SearchInfo) {
        self.last_best = info.best;
        if !self.quiet {
            send(&self.out, &info_line(&info, self.shape, self.elapsed_ms()));
        }
    }
}

/// The `info string` that explains a `bestmove` other than the first move of the last `pv`:
/// a level with noise plays a move its search scores at most `noise` centipawns below the
/// best on purpose (`docs/BOTS.md`, "Strength levels"). `None` when they agree or the level
/// has no noise.
fn noise_note(noise: i32, played: Option<Move>, best: Option<Move>) -> Option<String> {
    (noise > 0 && played.is_some() && best.is_some() && played != best).then(|| {
        format!(
            "info string this level plays a move at most {noise} cp below its best on purpose \
             (noise): bestmove is not the pv's first move"
        )
    })
}

/// A `MultiPV` search: [`analysis::analyse`] of `pos` for `side` at `level`, each line's
/// depths written as they complete and the final lines, best first, once more at the end
/// (so a host that keeps the last line of each number has the lines in order). The time and
/// node limits are shared equally among the lines (alternating variants; Parity scores
/// every commit in one pass). Returns the best line's first move.
fn multipv_search<W: Write>(
    pos: &Position,
    side: Color,
    level: u8,
    limits: SearchLimits,
    lines: usize,
    ctl: &mut EngineControl<W>,
) -> Option<Move> {
    let mut p = pos.clone();
    p.set_turn(side);
    let alternating = p.variant().turn_model() == TurnModel::Alternating;
    let share = lines.max(1) as u32;
    let limits = if alternating {
        SearchLimits {
            movetime: limits
                .movetime
                .map(|t| (t / share).max(Duration::from_millis(1))),
            nodes: limits.nodes.map(|n| (n / u64::from(share)).max(1)),
            ..limits
        }
    } else {
        limits
    };
    let shape = p.shape();
    let out = Arc::clone(&ctl.out);
    let started = ctl.started;
    ctl.quiet = true;
    // The nodes of each line's search (by the order the lines were searched), for the total.
    let mut nodes: Vec<u64> = Vec::new();
    let mut total = 0u64;
    let ms = || started.elapsed().as_millis().min(u128::from(u64::MAX)) as u64;
    let result = analysis::analyse(&p, level, limits, lines, ctl, &mut |line: &Line| {
        if nodes.len() < line.multipv {
            nodes.resize(line.multipv, 0);
        }
        if alternating {
            nodes[line.multipv - 1] = line.nodes;
            total = nodes.iter().sum();
        } else {
            total = line.nodes;
        }
        send(&out, &multipv_info_line(line, shape, total, ms()));
    });
    let analysis = result.ok()?;
    if alternating && analysis.lines.len() > 1 {
        for line in &analysis.lines {
            send(&out, &multipv_info_line(line, shape, total, ms()));
        }
    }
    analysis.best()
}

/// A search in progress: its flags and the thread that hands the bot back.
struct Running {
    /// Raised by `stop` (and by any command that needs the search ended).
    stop: Arc<AtomicBool>,
    /// Raised for `infinite`/`ponder`: the `bestmove` waits until it is lowered.
    hold: Arc<AtomicBool>,
    thread: JoinHandle<Option<Box<dyn Bot>>>,
}

/// The engine: one built-in bot, the current variant and position, and at most one search.
pub struct UciEngine<W: Write + Send + 'static> {
    spec: BotSpec,
    seed: u64,
    games: u64,
    /// The bot, while no search holds it.
    bot: Option<Box<dyn Bot>>,
    variant: Variant,
    /// The `MultiPV` option: the number of lines a search gives (1 to [`MAX_MULTIPV`]).
    multipv: usize,
    /// The `Threads` option: the bot's search threads (1 to [`MAX_THREADS`]).
    threads: usize,
    /// The position for the next `go`, or why the last `position` command was refused.
    position: Result<Position, PositionCommandError>,
    out: Output<W>,
    search: Option<Running>,
    /// The output was closed: nothing more can be said, so the engine ends.
    closed: bool,
}

impl<W: Write + Send + 'static> UciEngine<W> {
    /// An engine playing `spec` (a built-in bot), seeded with `seed` (game `n` after `n`
    /// `ucinewgame`s is seeded from `(seed, n)`), writing to `out`.
    pub fn new(spec: BotSpec, seed: u64, out: W) -> UciEngine<W> {
        let bot = spec.build(mix_seed(seed));
        UciEngine {
            spec,
            seed,
            games: 0,
            bot: Some(bot),
            variant: Variant::default(),
            multipv: 1,
            threads: 1,
            position: Ok(Position::new(Variant::default())),
            out: Arc::new(Mutex::new(out)),
            search: None,
            closed: false,
        }
    }

    /// Sets the `Threads` option (clamped to 1 to [`MAX_THREADS`]), as `setoption name
    /// Threads value <n>` does.
    pub fn set_threads(&mut self, threads: usize) {
        self.threads = threads.clamp(1, MAX_THREADS);
    }

    /// The engine's `id name`: `Esoterica <bot> <version>`.
    pub fn id_name(&self) -> String {
        format!("Esoterica {} {}", self.spec, env!("CARGO_PKG_VERSION"))
    }

    fn say(&mut self, line: &str) {
        if !send(&self.out, line) {
            self.closed = true;
        }
    }

    fn error(&mut self, msg: &str) {
        let clean: String = msg.chars().filter(|c| !c.is_control()).collect();
        self.say(&format!("info string error: {clean}"));
    }

    /// Reads commands from `input` until `quit`, the end of the input or a closed output.
    /// A search still running is answered before it returns: after `quit` it is stopped at
    /// once, at the end of the input it ends by its own limits.
    pub fn run(&mut self, input: impl BufRead) {
        let mut input = input;
        loop {
            let mut buf = Vec::new();
            let read = (&mut input)
                .take(MAX_COMMAND_BYTES as u64 + 1)
                .read_until(b'\n', &mut buf);
            match read {
                Ok(0) | Err(_) => break,
                Ok(_) => {}
            }
            if buf.last() != Some(&b'\n') && buf.len() > MAX_COMMAND_BYTES {
                // Skip the rest of the over-long line.
                let mut rest = Vec::new();
                let _ = input.read_until(b'\n', &mut rest);
                self.error(&format!(
                    "a command longer than {MAX_COMMAND_BYTES} bytes was ignored"
                ));
                continue;
            }
            let line = String::from_utf8_lossy(&buf).into_owned();
            if !self.handle(&line) || self.closed {
                break;
            }
        }
        self.await_search();
    }

    /// Handles one command line; returns `false` after `quit`.
    ///
    /// `stop` and `quit` end a running search at once. Any other command that needs the
    /// bot or the position (`setoption`, `ucinewgame`, `position`, `go`) first waits for a
    /// running search to end by its own limits (an `infinite` or `ponder` search, which
    /// has none, is stopped), so a host that does not wait for `bestmove` still gets the
    /// search it asked for.
    pub fn handle(&mut self, line: &str) -> bool {
        let words: Vec<&str> = line.split_whitespace().collect();
        let Some((&cmd, args)) = words.split_first() else {
            return true;
        };
        match cmd {
            "uci" => self.uci(),
            "isready" => self.say("readyok"),
            "debug" | "register" | "legalmoves" => {}
            "setoption" => {
                self.await_search();
                self.set_option(args);
            }
            "ucinewgame" => {
                self.await_search();
                self.games += 1;
                self.bot = Some(self.spec.build(mix_seed(self.seed ^ mix_seed(self.games))));
                self.position = Ok(Position::new(self.variant));
            }
            "position" => {
                self.await_search();
                self.position = parse_position(args, self.variant);
                if let Err(e) = &self.position {
                    let e = e.to_string();
                    self.error(&e);
                }
            }
            "go" => {
                self.await_search();
                self.go(args);
            }
            "stop" => self.finish_search(),
            "ponderhit" => {
                if let Some(s) = &self.search {
                    s.hold.store(false, Ordering::Relaxed);
                    s.thread.thread().unpark();
                }
            }
            "quit" => {
                self.finish_search();
                return false;
            }
            _ => {} // UCI: unknown commands are ignored.
        }
        true
    }

    fn uci(&mut self) {
        let name = self.id_name();
        let vars: String = Variant::ALL
            .iter()
            .map(|&v| format!(" var {}", uci_variant_name(v)))
            .collect();
        self.say(&format!("id name {name}"));
        self.say("id author the Esoterica authors");
        self.say(&format!(
            "option name UCI_Variant type combo default {}{vars}",
            uci_variant_name(Variant::default())
        ));
        self.say(&format!(
            "option name MultiPV type spin default 1 min 1 max {MAX_MULTIPV}"
        ));
        self.say(&format!(
            "option name Threads type spin default 1 min 1 max {MAX_THREADS}"
        ));
        self.say("uciok");
    }

    fn set_option(&mut self, args: &[&str]) {
        if args.first() != Some(&"name") {
            self.error("setoption: expected 'setoption name <id> [value <x>]'");
            return;
        }
        let value_at = args.iter().position(|w| *w == "value");
        let name = args[1..value_at.unwrap_or(args.len())].join(" ");
        let value = value_at.map(|i| args[i + 1..].join(" "));
        if name.eq_ignore_ascii_case("UCI_Variant") {
            match value.as_deref().map(Variant::parse) {
                Some(Ok(v)) => {
                    self.variant = v;
                    self.position = Ok(Position::new(v));
                }
                Some(Err(e)) => self.error(&format!("setoption: {e}")),
                None => self.error("setoption: UCI_Variant needs a value"),
            }
        } else if name.eq_ignore_ascii_case("MultiPV") {
            match spin_value("MultiPV", value.as_deref(), MAX_MULTIPV) {
                Ok(n) if n > 1 && !matches!(self.spec, BotSpec::AlphaBeta(_)) => {
                    self.error(&format!(
                        "setoption: MultiPV above 1 needs an alphabeta bot, not {}",
                        self.spec
                    ));
                }
                Ok(n) => self.multipv = n,
                Err(e) => self.error(&e),
            }
        } else if name.eq_ignore_ascii_case("Threads") {
            match spin_value("Threads", value.as_deref(), MAX_THREADS) {
                Ok(n) => self.threads = n,
                Err(e) => self.error(&e),
            }
        } else {
            self.error(&format!("setoption: no such option '{name}'"));
        }
    }

    fn go(&mut self, args: &[&str]) {
        let pos = match &self.position {
            Ok(p) => p.clone(),
            Err(e) => {
                let e = format!("go: no valid position ({e})");
                self.error(&e);
                self.say("bestmove 0000");
                return;
            }
        };
        let (go, errors) = parse_go(args, &pos);
        for e in errors {
            self.error(&e);
        }
        let mut bot = self
            .bot
            .take()
            .unwrap_or_else(|| self.spec.build(mix_seed(self.seed)));
        bot.set_threads(self.threads);
        let stop = Arc::new(AtomicBool::new(false));
        let hold = Arc::new(AtomicBool::new(go.hold));
        let out = Arc::clone(&self.out);
        let (stop2, hold2) = (Arc::clone(&stop), Arc::clone(&hold));
        let multipv = match self.spec {
            BotSpec::AlphaBeta(level) if self.multipv > 1 => Some((level, self.multipv)),
            _ => None,
        };
        let noise = match self.spec {
            BotSpec::AlphaBeta(level) if multipv.is_none() => super::search::level_noise(level),
            _ => 0,
        };
        let spawned = std::thread::Builder::new()
            .name("esoterica-uci-search".into())
            .spawn(move || {
                let mut ctl = EngineControl {
                    stop: Arc::clone(&stop2),
                    out: Arc::clone(&out),
                    shape: pos.shape(),
                    started: Instant::now(),
                    quiet: false,
                    last_best: None,
                };
                let simultaneous = pos.variant().turn_model() == TurnModel::Simultaneous;
                let got = catch_unwind(AssertUnwindSafe(|| {
                    let side = go.commit.unwrap_or_else(|| pos.turn());
                    let mv = if let Some((level, lines)) = multipv {
                        multipv_search(&pos, side, level, go.limits, lines, &mut ctl)
                    } else if simultaneous {
                        bot.commit(&pos, side, go.limits, &mut ctl)
                    } else if let Some(clock) = go.clock {
                        let limits = SearchLimits {
                            movetime: go.movetime,
                            ..go.limits
                        };
                        bot.choose_on_clock(&pos, clock, limits, &mut ctl)
                    } else {
                        bot.choose(&pos, go.limits, &mut ctl)
                    };
                    (mv, bot)
                }));
                // `infinite`/`ponder`: the answer waits for `stop` or `ponderhit`.
                while hold2.load(Ordering::Relaxed) && !stop2.load(Ordering::Relaxed) {
                    std::thread::park_timeout(Duration::from_millis(20));
                }
                match got {
                    Ok((mv, bot)) => {
                        let text = mv.map_or_else(|| "0000".into(), |m| m.coordinate(pos.shape()));
                        if let Some(why) = noise_note(noise, mv, ctl.last_best) {
                            send(&out, &why);
                        }
                        send(&out, &format!("bestmove {text}"));
                        Some(bot)
                    }
                    Err(_) => {
                        let why = super::BotError::Panicked { message: None };
                        send(&out, &format!("info string error: {why}"));
                        send(&out, "bestmove 0000");
                        None
                    }
                }
            });
        match spawned {
            Ok(thread) => self.search = Some(Running { stop, hold, thread }),
            Err(e) => {
                self.error(&format!("go: cannot start the search thread: {e}"));
                self.say("bestmove 0000");
            }
        }
    }

    /// Waits for the running search, if any, to end by its own limits and answer; an
    /// `infinite` or `ponder` search is stopped.
    fn await_search(&mut self) {
        if let Some(s) = &self.search
            && s.hold.load(Ordering::Relaxed)
        {
            s.stop.store(true, Ordering::Relaxed);
        }
        self.join_search();
    }

    /// Stops the running search, if any, and waits for its `bestmove`.
    fn finish_search(&mut self) {
        if let Some(s) = &self.search {
            s.stop.store(true, Ordering::Relaxed);
        }
        self.join_search();
    }

    /// Waits for the running search thread and takes its bot back.
    fn join_search(&mut self) {
        if let Some(s) = self.search.take() {
            if s.stop.load(Ordering::Relaxed) {
                s.hold.store(false, Ordering::Relaxed);
            }
            s.thread.thread().unpark();
            match s.thread.join() {
                Ok(Some(bot)) => self.bot = Some(bot),
                // A panicked bot is rebuilt for the next search.
                Ok(None) | Err(_) => {
                    self.bot = Some(self.spec.build(mix_seed(self.seed ^ mix_seed(self.games))));
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// An output buffer shared with the test.
    #[derive(Clone, Default)]
    struct Shared(Arc<Mutex<Vec<u8>>>);

    impl Write for Shared {
        fn write(&mut self, b: &[u8]) -> std::io::Result<usize> {
            self.0.lock().expect("test buffer").extend_from_slice(b);
            Ok(b.len())
        }
        fn flush(&mut self) -> std::io::Result<()> {
            Ok(())
        }
    }

    impl Shared {
        fn lines(&self) -> Vec<String> {
            String::from_utf8_lossy(&self.0.lock().expect("test buffer"))
                .lines()
                .map(str::to_string)
                .collect()
        }
    }

    fn converse(bot: &str, script: &str) -> Vec<String> {
        let out = Shared::default();
        let mut e = UciEngine::new(BotSpec::parse(bot).unwrap(), 7, out.clone());
        e.run(script.as_bytes());
        out.lines()
    }

    fn bestmoves(lines: &[String]) -> Vec<String> {
        lines
            .iter()
            .filter_map(|l| l.strip_prefix("bestmove ").map(str::to_string))
            .collect()
    }

    #[test]
    fn handshake_lists_every_variant_and_ends_with_uciok() {
        let lines = converse("alphabeta:2", "uci\nisready\nquit\n");
        assert_eq!(
            lines[0],
            format!(
                "id name Esoterica alphabeta:2 {}",
                env!("CARGO_PKG_VERSION")
            )
        );
        assert_eq!(lines[1], "id author the Esoterica authors");
        assert_eq!(
            lines[2],
            "option name UCI_Variant type combo default chess var chess var intrachange \
             var force-field var parity var parity-single var big-outer var bully var nonviolent"
        );
        assert_eq!(
            lines[3],
            "option name MultiPV type spin default 1 min 1 max 32"
        );
        assert_eq!(
            lines[4],
            "option name Threads type spin default 1 min 1 max 64"
        );
        assert_eq!(&lines[5..], ["uciok", "readyok"]);
    }

    /// A level with noise says so whenever its `bestmove` is not the first move of the last
    /// `pv`; without noise the two always agree.
    #[test]
    fn a_bestmove_other_than_the_pv_head_is_explained() {
        let mut script = String::from("uci\n");
        for _ in 0..12 {
            script.push_str("ucinewgame\nposition startpos\ngo depth 2\n");
        }
        script.push_str("quit\n");
        let mut differed = 0;
        for (bot, noisy) in [("alphabeta:1", true), ("alphabeta:6", false)] {
            let lines = converse(bot, &script);
            let mut last_pv_head = None;
            let mut explained = false;
            for l in &lines {
                if let Some(rest) = l.strip_prefix("info depth") {
                    last_pv_head = rest
                        .split(" pv ")
                        .nth(1)
                        .and_then(|pv| pv.split(' ').next());
                } else if l.starts_with("info string this level plays a move") {
                    explained = true;
                } else if let Some(best) = l.strip_prefix("bestmove ") {
                    let head = last_pv_head.take().expect("an info line before bestmove");
                    if best != head {
                        assert!(
                            noisy && explained,
                            "{bot}: bestmove {best}, pv {head}: {lines:?}"
                        );
                        differed += 1;
                    } else {
                        assert!(!explained, "{bot}: explained an agreeing bestmove");
                    }
                    explained = false;
                }
            }
            assert_eq!(bestmoves(&lines).len(), 12);
        }
        // Level 1's noise (250 cp) changes the move in some of twelve seeded games.
        assert!(differed > 0);
    }

    #[test]
    fn a_scripted_game_answers_each_go_once_with_a_legal_move() {
        let lines = converse(
            "alphabeta:2",
            "uci\nsetoption name UCI_Variant value intrachange\nucinewgame\nisready\n\
             position startpos moves e2e4\ngo depth 2\nisready\n\
             position startpos moves e2e4 d7d5 b1c3\ngo movetime 50\nquit\n",
        );
        let best = bestmoves(&lines);
        assert_eq!(best.len(), 2, "{lines:?}");
        let p1 = parse_position(&["startpos", "moves", "e2e4"], Variant::Intrachange).unwrap();
        let p2 = parse_position(
            &["startpos", "moves", "e2e4", "d7d5", "b1c3"],
            Variant::Intrachange,
        )
        .unwrap();
        for (pos, mv) in [(p1, &best[0]), (p2, &best[1])] {
            let legal: Vec<String> = pos
                .legal_moves()
                .iter()
                .map(|m| m.coordinate(pos.shape()))
                .collect();
            assert!(legal.contains(mv), "{mv} not in {legal:?}");
        }
        // The depth-2 search reported its iterations before answering.
        let first_best = lines
            .iter()
            .position(|l| l.starts_with("bestmove"))
            .unwrap();
        assert!(
            lines[..first_best]
                .iter()
                .any(|l| l.starts_with("info depth 2 score cp ") && l.contains(" pv ")),
            "{lines:?}"
        );
    }

    /// The moves after `pv` in an `info` line.
    fn pv_of(line: &str) -> Vec<String> {
        line.split_once(" pv ")
            .map(|(_, pv)| pv.split_whitespace().map(str::to_string).collect())
            .unwrap_or_default()
    }

    /// The word after `key` in an `info` line.
    fn field<'a>(line: &'a str, key: &str) -> Option<&'a str> {
        let words: Vec<&str> = line.split_whitespace().collect();
        let i = words.iter().position(|w| *w == key)?;
        words.get(i + 1).copied()
    }

    /// Plays `pv` (coordinate moves) from `pos`, each checked legal.
    fn assert_legal_pv(pos: &Position, pv: &[String]) {
        let mut p = pos.clone();
        for m in pv {
            let mv = find_legal(&p, p.turn(), m).unwrap_or_else(|e| panic!("{m} in {pv:?}: {e}"));
            p.try_play(&mv).unwrap();
        }
    }

    // The scripts below end without `quit`: at the end of the input the search ends by
    // its own limits (`quit` would stop it at once).
    #[test]
    fn info_lines_carry_the_whole_principal_variation() {
        let lines = converse(
            "alphabeta:5",
            "setoption name UCI_Variant value chess\nposition startpos moves e2e4\ngo depth 4\n",
        );
        let info = lines
            .iter()
            .find(|l| l.starts_with("info depth 4 "))
            .unwrap_or_else(|| panic!("{lines:?}"));
        let pv = pv_of(info);
        assert!(pv.len() >= 3, "{info}");
        let pos = parse_position(&["startpos", "moves", "e2e4"], Variant::Standard).unwrap();
        assert_legal_pv(&pos, &pv);
        assert_eq!(bestmoves(&lines).len(), 1);
    }

    #[test]
    fn multipv_gives_distinct_legal_lines_best_first() {
        let lines = converse(
            "alphabeta:5",
            "setoption name MultiPV value 3\nposition startpos moves e2e4 e7e5\ngo depth 3\n",
        );
        let pos =
            parse_position(&["startpos", "moves", "e2e4", "e7e5"], Variant::Standard).unwrap();
        // The last line of each number, as a host keeps them.
        let mut last: Vec<Option<&String>> = vec![None; 3];
        for l in lines.iter().filter(|l| l.starts_with("info depth ")) {
            let k: usize = field(l, "multipv")
                .unwrap_or_else(|| panic!("{l}"))
                .parse()
                .unwrap();
            last[k - 1] = Some(l);
        }
        let last: Vec<&String> = last.into_iter().map(|l| l.expect("three lines")).collect();
        let cp: Vec<i32> = last
            .iter()
            .map(|l| {
                assert_eq!(field(l, "score"), Some("cp"), "{l}");
                assert_eq!(field(l, "depth"), Some("3"), "{l}");
                field(l, "cp").unwrap().parse().unwrap()
            })
            .collect();
        assert!(cp[0] >= cp[1] && cp[1] >= cp[2], "{last:?}");
        let firsts: Vec<String> = last.iter().map(|l| pv_of(l)[0].clone()).collect();
        assert!(firsts[0] != firsts[1] && firsts[1] != firsts[2] && firsts[0] != firsts[2]);
        for l in &last {
            let pv = pv_of(l);
            assert!(pv.len() >= 2, "{l}");
            assert_legal_pv(&pos, &pv);
        }
        assert_eq!(bestmoves(&lines), [firsts[0].clone()]);
    }

    #[test]
    fn multipv_refuses_bad_values_and_bots_without_a_search() {
        let lines = converse(
            "alphabeta:2",
            "setoption name MultiPV value 0\nsetoption name MultiPV value 33\n\
             setoption name MultiPV value two\nsetoption name MultiPV\nquit\n",
        );
        let errors: Vec<&String> = lines.iter().filter(|l| l.contains("error")).collect();
        assert_eq!(errors.len(), 4, "{lines:?}");
        assert!(errors[0].ends_with("MultiPV is a whole number from 1 to 32, not '0'"));
        assert!(errors[2].ends_with("not 'two'"));
        assert!(errors[3].ends_with("MultiPV needs a value"));
        let lines = converse(
            "random",
            "setoption name MultiPV value 2\nsetoption name MultiPV value 1\nquit\n",
        );
        assert_eq!(
            lines,
            ["info string error: setoption: MultiPV above 1 needs an alphabeta bot, not random"]
        );
    }

    /// `Threads` takes 1 to 64 and refuses anything else; a search on two threads answers
    /// a legal move with its `info` lines, and the position after it is still searched.
    #[test]
    fn threads_are_set_and_bad_values_refused() {
        let lines = converse(
            "alphabeta:8",
            "setoption name Threads value 0
setoption name Threads value 65
\
             setoption name Threads value two
setoption name Threads
\
             setoption name Threads value 2
position startpos moves e2e4
go depth 6
\
             position startpos moves e2e4 e7e5
go movetime 200
quit
",
        );
        let errors: Vec<&String> = lines.iter().filter(|l| l.contains("error")).collect();
        assert_eq!(errors.len(), 4, "{lines:?}");
        assert!(errors[0].ends_with("Threads is a whole number from 1 to 64, not '0'"));
        assert!(errors[1].ends_with("not '65'"));
        assert!(errors[2].ends_with("not 'two'"));
        assert!(errors[3].ends_with("Threads needs a value"));
        assert!(
            lines.iter().any(|l| l.starts_with("info depth 6 ")),
            "{lines:?}"
        );
        let moves = bestmoves(&lines);
        assert_eq!(moves.len(), 2, "{lines:?}");
        let mut pos = Position::new(Variant::Standard);
        for (before, answer) in [("e2e4", &moves[0]), ("e7e5", &moves[1])] {
            let m = pos.parse_move(before).unwrap();
            pos.play_unchecked(&m);
            assert!(pos.parse_move(answer).is_ok(), "{answer} after {before}");
        }
    }

    #[test]
    fn multipv_in_parity_scores_the_commits_of_the_side_asked() {
        let lines = converse(
            "alphabeta:2",
            "setoption name UCI_Variant value parity\nsetoption name MultiPV value 2\n\
             position startpos moves e2e4/e7e5\ngo commit black nodes 100000\n",
        );
        let infos: Vec<&String> = lines
            .iter()
            .filter(|l| l.starts_with("info depth 1 multipv "))
            .collect();
        assert_eq!(infos.len(), 2, "{lines:?}");
        let pos = parse_position(&["startpos", "moves", "e2e4/e7e5"], Variant::Parity).unwrap();
        let legal: Vec<String> = pos
            .legal_commits(Color::Black)
            .iter()
            .map(|m| m.coordinate(pos.shape()))
            .collect();
        for l in &infos {
            assert!(legal.contains(&pv_of(l)[0]), "{l}");
        }
        assert_eq!(bestmoves(&lines), [pv_of(infos[0])[0].clone()]);
    }

    #[test]
    fn go_infinite_answers_only_after_stop() {
        let out = Shared::default();
        let mut e = UciEngine::new(BotSpec::AlphaBeta(1), 1, out.clone());
        e.handle("position startpos");
        e.handle("go infinite");
        // The level-1 search ends at once, but the answer waits for `stop`; `isready` is
        // answered meanwhile.
        e.handle("isready");
        assert!(bestmoves(&out.lines()).is_empty(), "{:?}", out.lines());
        assert!(out.lines().contains(&"readyok".to_string()));
        e.handle("stop");
        assert_eq!(bestmoves(&out.lines()).len(), 1, "{:?}", out.lines());
        // A second stop has nothing to answer.
        e.handle("stop");
        assert_eq!(bestmoves(&out.lines()).len(), 1);
    }

    #[test]
    fn parity_commits_are_asked_per_side() {
        let lines = converse(
            "greedy",
            "setoption name UCI_Variant value parity\nposition startpos moves e2e4/e7e5\n\
             go commit black movetime 20\nquit\n",
        );
        let best = bestmoves(&lines);
        assert_eq!(best.len(), 1, "{lines:?}");
        let pos = parse_position(&["startpos", "moves", "e2e4/e7e5"], Variant::Parity).unwrap();
        let legal: Vec<String> = pos
            .legal_commits(Color::Black)
            .iter()
            .map(|m| m.coordinate(pos.shape()))
            .collect();
        assert!(legal.contains(&best[0]), "{} not in {legal:?}", best[0]);
    }

    #[test]
    fn malformed_lines_get_an_info_string_and_never_a_panic() {
        let lines = converse(
            "random",
            "frobnicate\nsetoption name UCI_Variant value chess960\nsetoption name Hash value 16\n\
             setoption\nposition fen not a fen\ngo\nposition startpos moves e2e5\n\
             position startpos moves e2e4 e7\nposition\nposition startpos\n\
             go movetime ten wtime -5\ngo depth 1 nodes\nquit\n",
        );
        let errors: Vec<&String> = lines
            .iter()
            .filter(|l| l.starts_with("info string error: "))
            .collect();
        assert!(
            errors[0].contains("unknown variant 'chess960'")
                && errors[1].contains("no such option 'Hash'")
                && errors[2].contains("setoption: expected")
                && errors[3].contains("position: bad standard position text")
                && errors[4].contains("go: no valid position")
                && errors[5].contains("position: move 1 'e2e5': not a legal move of white")
                && errors[6].contains("position: move 2 'e7'")
                && errors[7].contains("position: expected startpos or fen")
                && errors[8].contains("go: movetime needs a whole number, not 'ten'")
                && errors[9].contains("go: nodes needs a number"),
            "{errors:?}"
        );
        // Each go got exactly one answer: none for the refused position, then moves.
        assert_eq!(bestmoves(&lines).len(), 3, "{lines:?}");
        assert_eq!(bestmoves(&lines)[0], "0000");
        assert_eq!(errors.len(), 10, "{errors:?}");
    }

    #[test]
    fn clock_budget_shares_the_time_left() {
        let pos = Position::new(Variant::Standard);
        let (go, errors) = parse_go(&["wtime", "30000", "btime", "10", "winc", "400"], &pos);
        assert!(errors.is_empty(), "{errors:?}");
        assert_eq!(go.limits.movetime, Some(Duration::from_millis(1300)));
        assert_eq!(go.clock, Some(Clock::ms(30_000, 400)));
        assert_eq!(go.movetime, None);
        let mut black = pos.clone();
        black.set_turn(Color::Black);
        let (go, _) = parse_go(
            &["wtime", "30000", "btime", "600", "movetime", "500"],
            &black,
        );
        // Black's clock: 600 ms / 30 moves = 20 ms, below the movetime.
        assert_eq!(go.limits.movetime, Some(Duration::from_millis(20)));
        assert_eq!(go.clock, Some(Clock::ms(600, 0)));
        assert_eq!(go.movetime, Some(Duration::from_millis(500)));
    }

    #[test]
    fn mate_scores_are_given_in_moves() {
        let shape = Position::new(Variant::Standard).shape();
        let info = |score| SearchInfo {
            depth: 3,
            score,
            nodes: 0,
            best: None,
            pv: Vec::new(),
        };
        assert_eq!(
            info_line(&info(MATE - 3), shape, 0),
            "info depth 3 score mate 2 nodes 0 time 0 nps 0"
        );
        assert_eq!(
            info_line(&info(-(MATE - 2)), shape, 0),
            "info depth 3 score mate -1 nodes 0 time 0 nps 0"
        );
    }
}
