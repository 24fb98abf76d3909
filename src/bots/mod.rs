//! Bots: the [`Bot`] trait, search limits and control, the built-in bots (`random`,
//! `greedy`, `alphabeta`), external bots speaking a UCI-like line protocol
//! (`docs/bot-protocol.md`) and the headless match runner behind `esoterica match`.
//!
//! Plain Rust, no Bevy: a bot sees only the rules core. The game (a Bevy `BotPlugin`, added
//! elsewhere) runs a bot on a worker thread ([`BotWorker`]) with a clone of the [`Position`] and a
//! [`StopControl`] whose stop flag it may raise, and receives a [`Move`].
//!
//! Turn models: alternating variants call [`Bot::choose`]; Parity calls [`Bot::commit`] once
//! per side with the start-of-turn position only, so a bot never sees the other commit.

pub mod analysis;
pub mod arena;
pub mod eval;
pub mod external;
pub mod greedy;
#[cfg(feature = "app")]
pub mod live_analysis;
pub mod nnue;
#[cfg(feature = "app")]
pub mod plugin;
pub mod random;
pub mod search;
pub mod simultaneous;
pub mod tournament;
pub mod tune;
pub mod uci_engine;
pub mod worker;

use std::fmt;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use crate::rules::{Color, Move, Position, Variant};

pub use arena::{MatchConfig, MatchReport, run_match};
pub use external::{EngineFault, ExternalBot};
pub use greedy::GreedyBot;
pub use random::RandomBot;
pub use search::AlphaBetaBot;
pub use worker::BotWorker;

/// How long or how deep a bot may think. `None` everywhere means "the bot's own default".
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SearchLimits {
    /// Wall-clock time for this move (a cap: searches may stop earlier).
    pub movetime: Option<Duration>,
    /// Maximum search depth in plies (Parity: turns).
    pub depth: Option<u32>,
    /// Maximum number of nodes searched.
    pub nodes: Option<u64>,
}

impl SearchLimits {
    /// Limits with only a move time, in milliseconds.
    pub fn movetime_ms(ms: u64) -> SearchLimits {
        SearchLimits {
            movetime: Some(Duration::from_millis(ms)),
            ..SearchLimits::default()
        }
    }
}

/// A player's clock when it is asked for a move: the time it has left, the increment it
/// gets after the move and, where the time control says so, the moves until the next time
/// control. [`Bot::choose_on_clock`] plans the move's time from it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Clock {
    /// Time left on the player's clock.
    pub remaining: Duration,
    /// Time added after each move.
    pub increment: Duration,
    /// Moves until the next time control (`None`: the rest of the game, counted as
    /// [`Clock::DEFAULT_MOVES_TO_GO`] moves).
    pub moves_to_go: Option<u32>,
}

impl Clock {
    /// The clock a bot plans its move on under `control` with `remaining` left: what each
    /// move gives back is the Fischer increment, or the part of a move a delay clock does
    /// not count; `None` without a clock.
    pub fn for_control(
        control: crate::rules::clock::TimeControl,
        remaining: Duration,
    ) -> Option<Clock> {
        use crate::rules::clock::TimeControl;
        let increment = match control {
            TimeControl::Unlimited => return None,
            TimeControl::Fischer { increment, .. } => increment,
            TimeControl::Delay { delay, .. } => delay,
        };
        Some(Clock {
            remaining,
            increment,
            moves_to_go: None,
        })
    }

    /// Moves assumed left when the time control names none.
    pub const DEFAULT_MOVES_TO_GO: u32 = 30;

    /// A clock with `remaining` and `increment` in milliseconds and no moves-to-go.
    pub fn ms(remaining: u64, increment: u64) -> Clock {
        Clock {
            remaining: Duration::from_millis(remaining),
            increment: Duration::from_millis(increment),
            moves_to_go: None,
        }
    }

    /// The planned time for one move: `remaining / moves_to_go + ¾ increment`, at most 80%
    /// of `remaining`, at least 1 ms. A bot that takes only a move time uses this.
    ///
    /// # Examples
    /// ```
    /// use esoterica::bots::Clock;
    /// use std::time::Duration;
    /// assert_eq!(Clock::ms(60_000, 1_000).budget(), Duration::from_millis(2_750));
    /// ```
    pub fn budget(&self) -> Duration {
        let left = self.remaining.as_millis() as u64;
        let inc = self.increment.as_millis() as u64;
        let mtg = u64::from(self.moves_to_go.unwrap_or(Self::DEFAULT_MOVES_TO_GO).max(1));
        Duration::from_millis((left / mtg + inc / 4 * 3).min(left / 10 * 8).max(1))
    }

    /// The soft and hard limits of a search on this clock: no new iteration starts after
    /// the soft one (half the [`Clock::budget`]), and the search stops at the hard one
    /// (three budgets, at most 80% of the time left, never below the soft one).
    ///
    /// # Examples
    /// ```
    /// use esoterica::bots::Clock;
    /// use std::time::Duration;
    /// let (soft, hard) = Clock::ms(60_000, 1_000).allocation();
    /// assert_eq!(soft, Duration::from_millis(1_375));
    /// assert_eq!(hard, Duration::from_millis(8_250));
    /// // Little time left: the hard limit keeps a fifth of it.
    /// let (soft, hard) = Clock::ms(1_000, 0).allocation();
    /// assert_eq!((soft, hard), (Duration::from_micros(16_500), Duration::from_millis(99)));
    /// ```
    pub fn allocation(&self) -> (Duration, Duration) {
        let budget = self.budget();
        let soft = budget / 2;
        let cap = self.remaining / 10 * 8;
        let hard = (budget * 3).min(cap).max(soft);
        (soft, hard)
    }
}

/// What a search reports after each completed iteration.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SearchInfo {
    /// Completed depth in plies.
    pub depth: u32,
    /// Score in centipawns from the mover's point of view; mates are beyond
    /// [`search::MATE_BOUND`].
    pub score: i32,
    /// Nodes searched so far.
    pub nodes: u64,
    /// The best move found so far.
    pub best: Option<Move>,
    /// The principal variation of the completed depth: [`SearchInfo::best`] first, then the
    /// best replies the transposition table holds, each legal where it is played, at most
    /// `depth` moves; empty when the search reports none.
    pub pv: Vec<Move>,
}

/// The host side of a running search: asked whether to stop, told about progress (the
/// Tantabus handler shape).
pub trait SearchControl {
    /// Whether the search must stop now; `nodes` is the count searched so far. Searches
    /// call this every few hundred nodes.
    fn should_stop(&mut self, nodes: u64) -> bool;
    /// Progress after an iteration; the default ignores it.
    fn report(&mut self, _info: SearchInfo) {}
    /// Whether [`SearchControl::report`] reads what it is given. A control that ignores
    /// reports says `false`, and the search then skips building them (each one reads its
    /// principal variation from the transposition table). The default is `true`.
    fn wants_reports(&self) -> bool {
        true
    }
}

/// A [`SearchControl`] driven by a shared stop flag: another thread (the game's UI, the match
/// runner) sets the flag to end the search; the bot then returns its best move so far.
#[derive(Clone, Debug, Default)]
pub struct StopControl {
    stop: Arc<AtomicBool>,
    /// The last report received.
    pub last: Option<SearchInfo>,
}

impl StopControl {
    /// A control watching `stop`.
    pub fn new(stop: Arc<AtomicBool>) -> StopControl {
        StopControl { stop, last: None }
    }

    /// The flag that ends the search when set to `true`.
    pub fn flag(&self) -> Arc<AtomicBool> {
        Arc::clone(&self.stop)
    }
}

impl SearchControl for StopControl {
    fn should_stop(&mut self, _nodes: u64) -> bool {
        self.stop.load(Ordering::Relaxed)
    }

    fn report(&mut self, info: SearchInfo) {
        self.last = Some(info);
    }
}

/// A player of one or more variants.
///
/// Bots are `Send + 'static` so a host can move them to a worker thread. A bot is seeded
/// when built ([`BotSpec::build`]) and is deterministic given its seed and limits, except
/// where a wall-clock `movetime` cuts a search short.
pub trait Bot: Send + 'static {
    /// A short name for tables and PGN (`random`, `alphabeta:3`, `ext:…`).
    fn name(&self) -> &str;

    /// Whether the bot plays `v`, asked before a match. Default: yes (the built-in bots play
    /// every variant through the rules core). An external bot starts its program and reads
    /// the variants it declares ([`ExternalBot::check_variant`]).
    ///
    /// # Errors
    /// Why the bot cannot play `v`: for an external bot [`BotError::Engine`] with
    /// [`EngineFault::Unsupported`], or the failure that kept it from answering.
    fn supports(&mut self, v: Variant) -> Result<(), BotError> {
        let _ = v;
        Ok(())
    }

    /// The move for the side to move in `pos` (alternating variants). `None` means the bot
    /// has no move to offer (no legal move, or a failure: see [`Bot::fault`]). For a
    /// simultaneous variant the default [`Bot::commit`] calls this with `pos`'s turn set to
    /// the committing side.
    fn choose(
        &mut self,
        pos: &Position,
        limits: SearchLimits,
        ctl: &mut dyn SearchControl,
    ) -> Option<Move>;

    /// The move for the side to move in `pos` when the bot plays on a clock; `limits` may
    /// still cap depth, nodes and move time. The default asks [`Bot::choose`] with the
    /// clock's [`Clock::budget`] as the move time; the `alphabeta` bot plans its iterations
    /// from the clock ([`AlphaBetaBot::search_on_clock`]).
    fn choose_on_clock(
        &mut self,
        pos: &Position,
        clock: Clock,
        limits: SearchLimits,
        ctl: &mut dyn SearchControl,
    ) -> Option<Move> {
        let t = clock.budget();
        let limits = SearchLimits {
            movetime: Some(limits.movetime.map_or(t, |m| m.min(t))),
            ..limits
        };
        self.choose(pos, limits, ctl)
    }

    /// Parity: `side`'s commit for this turn, from the start-of-turn position `pos` only
    /// (the host asks both sides before resolving, so the other commit is never visible).
    fn commit(
        &mut self,
        pos: &Position,
        side: Color,
        limits: SearchLimits,
        ctl: &mut dyn SearchControl,
    ) -> Option<Move> {
        let mut p = pos.clone();
        p.set_turn(side);
        self.choose(&p, limits, ctl)
    }

    /// Asks the bot to search on `threads` threads (the UCI `Threads` option). The
    /// default ignores it: the bot searches on one thread. The `alphabeta` bot searches
    /// the alternating variants with Lazy SMP (helper threads sharing its table; see
    /// [`search::AlphaBetaBot`]).
    fn set_threads(&mut self, threads: usize) {
        let _ = threads;
    }

    /// Why the last [`Bot::choose`]/[`Bot::commit`] returned no move or failed (external
    /// bots: garbage, timeout, crash, as [`BotError::Engine`]), taken once. Built-in bots
    /// have none.
    fn fault(&mut self) -> Option<BotError> {
        None
    }
}

/// Why a bot cannot play or gave no usable move: the error of the [`Bot`] trait
/// ([`Bot::supports`], [`Bot::fault`]) and of the hosts that run a bot (the worker thread,
/// the match runner, the game, the Python module). `Display` is the wording the player,
/// the match record and the logs show.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum BotError {
    /// An external engine failed or refused the variant (its own fault, which names the
    /// engine where it matters).
    Engine(EngineFault),
    /// The bot answered without a move although legal moves exist.
    NoMove,
    /// The bot's move is not a legal move (Parity: commit) of its side.
    IllegalMove {
        /// The move, in coordinate form.
        mv: String,
        /// The position text it was asked in.
        position: String,
    },
    /// The bot panicked while thinking (the panic's message, where it gave one).
    Panicked {
        /// The message.
        message: Option<String>,
    },
    /// The bot panicked while being built.
    PanickedWhileBuilt,
    /// The thread the bot thought on ended without an answer.
    ThreadEnded,
    /// The channel to the bot's thread was poisoned by a panic elsewhere.
    ChannelPoisoned,
}

impl fmt::Display for BotError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BotError::Engine(e) => e.fmt(f),
            BotError::NoMove => f.write_str("the bot returned no move although legal moves exist"),
            BotError::IllegalMove { mv, position } => write!(f, "illegal move {mv} in {position}"),
            BotError::Panicked { message: None } => f.write_str("the bot panicked"),
            BotError::Panicked {
                message: Some(message),
            } => write!(f, "the bot panicked: {message}"),
            BotError::PanickedWhileBuilt => f.write_str("the bot panicked while being built"),
            BotError::ThreadEnded => f.write_str("the bot thread ended without an answer"),
            BotError::ChannelPoisoned => f.write_str("the bot's channel is poisoned"),
        }
    }
}

impl std::error::Error for BotError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            BotError::Engine(e) => Some(e),
            BotError::NoMove
            | BotError::IllegalMove { .. }
            | BotError::Panicked { .. }
            | BotError::PanickedWhileBuilt
            | BotError::ThreadEnded
            | BotError::ChannelPoisoned => None,
        }
    }
}

impl From<EngineFault> for BotError {
    fn from(e: EngineFault) -> BotError {
        BotError::Engine(e)
    }
}

impl BotError {
    /// The bot's move `mv` is not legal in `pos` ([`BotError::IllegalMove`]).
    pub fn illegal_move(pos: &Position, mv: &Move) -> BotError {
        BotError::IllegalMove {
            mv: mv.coordinate(pos.shape()),
            position: pos.to_text(),
        }
    }

    /// A panic caught while the bot thought, with its message where the payload is a
    /// string ([`BotError::Panicked`]).
    pub fn from_panic(payload: &(dyn std::any::Any + Send)) -> BotError {
        let message = payload
            .downcast_ref::<&str>()
            .map(|s| s.to_string())
            .or_else(|| payload.downcast_ref::<String>().cloned());
        BotError::Panicked { message }
    }
}

/// Asks `bot` for its move in `pos`: with `commit_side`, Parity's commit of that side
/// ([`Bot::commit`]), else the side to move's move ([`Bot::choose`]). With a `clock` an
/// alternating bot plans its own time ([`Bot::choose_on_clock`]) and a commit gets the
/// clock's [`Clock::budget`] as its move time; `limits` may still cap either.
pub fn think(
    bot: &mut dyn Bot,
    pos: &Position,
    commit_side: Option<Color>,
    clock: Option<Clock>,
    limits: SearchLimits,
    ctl: &mut dyn SearchControl,
) -> Option<Move> {
    match (commit_side, clock) {
        (Some(s), Some(c)) => {
            let t = c.budget();
            let limits = SearchLimits {
                movetime: Some(limits.movetime.map_or(t, |m| m.min(t))),
                ..limits
            };
            bot.commit(pos, s, limits, ctl)
        }
        (Some(s), None) => bot.commit(pos, s, limits, ctl),
        (None, Some(c)) => bot.choose_on_clock(pos, c, limits, ctl),
        (None, None) => bot.choose(pos, limits, ctl),
    }
}

/// A bot as named on the command line: `random`, `greedy`, `alphabeta[:LEVEL]` (1–9),
/// `pure:LEVEL`, `exploit:LEVEL`, `mixed:LEVEL:MARGIN` or `ext:<command line>`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum BotSpec {
    /// Uniformly random legal moves.
    Random,
    /// Best immediate material.
    Greedy,
    /// Alpha-beta search at a strength level 1–9 ([`search::level_limits`]; level 9
    /// evaluates with the variant's network, [`search::NETWORK_LEVEL`]).
    AlphaBeta(u8),
    /// The alpha-beta bot of a level whose Parity and Single Occupation commits are pure:
    /// no random choice among equals, no mixed strategy
    /// ([`simultaneous::CommitStyle::Pure`]). In the other variants it is `alphabeta`.
    Pure(u8),
    /// The alpha-beta bot of a level that, in Parity and Single Occupation, computes the
    /// commit the pure bot of its level would play against it and plays the best reply
    /// to that commit ([`simultaneous::CommitStyle::Exploit`]): the opponent that punishes
    /// a predictable commit. In the other variants it is `alphabeta`.
    Exploit(u8),
    /// The alpha-beta bot of a level (first) whose Parity and Single Occupation commits
    /// are drawn from the mixed strategy over the commits rated within a margin (second,
    /// centipawns, 0–1000) of the best ([`simultaneous::CommitStyle::MixedWithin`]). In
    /// the other variants it is `alphabeta`.
    Mixed(u8, i32),
    /// An external program: its argument vector (split like a shell, without running one).
    External(Vec<String>),
}

/// A bot spec that cannot be read ([`BotSpec::parse`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum BotSpecError {
    /// `ext:` with a command line that cannot be split.
    Command(external::CommandLineError),
    /// `ext:` with no command line.
    EmptyCommand,
    /// `alphabeta:`, `pure:`, `exploit:` or `mixed:` with a level outside 1 to
    /// [`search::MAX_LEVEL`]: the bot's name and the level's text.
    Level(String, String),
    /// No bot of that name (the text given).
    Unknown(String),
}

impl fmt::Display for BotSpecError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BotSpecError::Command(e) => e.fmt(f),
            BotSpecError::EmptyCommand => {
                f.write_str("ext: needs a command line, e.g. ext:python3 bot.py")
            }
            BotSpecError::Level(name, l) => write!(
                f,
                "{name} level must be 1 to {}, not '{l}'",
                search::MAX_LEVEL
            ),
            BotSpecError::Unknown(t) => write!(
                f,
                "unknown bot '{t}' (expected random, greedy, alphabeta[:1-{m}], pure:1-{m}, \
                 exploit:1-{m}, mixed:1-{m}:0-1000 or ext:<command>)",
                m = search::MAX_LEVEL
            ),
        }
    }
}

impl std::error::Error for BotSpecError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            BotSpecError::Command(e) => Some(e),
            BotSpecError::EmptyCommand | BotSpecError::Level(..) | BotSpecError::Unknown(_) => None,
        }
    }
}

/// The default alpha-beta level when none is given.
pub const DEFAULT_LEVEL: u8 = 3;

/// The level 1 to [`search::MAX_LEVEL`] of the bot `name` from its text.
fn parse_level(name: &str, text: &str) -> Result<u8, BotSpecError> {
    match text.parse::<u8>() {
        Ok(n @ 1..=search::MAX_LEVEL) => Ok(n),
        _ => Err(BotSpecError::Level(name.to_string(), text.to_string())),
    }
}

impl BotSpec {
    /// Reads a spec.
    ///
    /// # Errors
    /// [`BotSpecError`] for an unknown name, a level outside 1–9, an empty or badly quoted
    /// external command line.
    ///
    /// # Examples
    /// ```
    /// use esoterica::bots::BotSpec;
    /// assert_eq!(BotSpec::parse("alphabeta:4").unwrap(), BotSpec::AlphaBeta(4));
    /// assert_eq!(BotSpec::parse("exploit:8").unwrap(), BotSpec::Exploit(8));
    /// assert!(BotSpec::parse("pure").is_err());
    /// assert_eq!(
    ///     BotSpec::parse("ext:python3 'my bot.py' -v").unwrap(),
    ///     BotSpec::External(vec!["python3".into(), "my bot.py".into(), "-v".into()])
    /// );
    /// ```
    pub fn parse(text: &str) -> Result<BotSpec, BotSpecError> {
        let t = text.trim();
        if let Some(cmd) = t.strip_prefix("ext:") {
            let argv = external::split_command(cmd).map_err(BotSpecError::Command)?;
            if argv.is_empty() {
                return Err(BotSpecError::EmptyCommand);
            }
            return Ok(BotSpec::External(argv));
        }
        let (name, level) = match t.split_once(':') {
            Some((n, l)) => (n, Some(l)),
            None => (t, None),
        };
        match (name, level) {
            ("random", None) => Ok(BotSpec::Random),
            ("greedy", None) => Ok(BotSpec::Greedy),
            ("alphabeta", None) => Ok(BotSpec::AlphaBeta(DEFAULT_LEVEL)),
            ("mixed", Some(rest)) => {
                let (l, m) = rest
                    .split_once(':')
                    .ok_or_else(|| BotSpecError::Unknown(t.to_string()))?;
                let level = parse_level(name, l)?;
                match m.parse::<i32>() {
                    Ok(margin @ 0..=1000) => Ok(BotSpec::Mixed(level, margin)),
                    _ => Err(BotSpecError::Unknown(t.to_string())),
                }
            }
            ("alphabeta" | "pure" | "exploit", Some(l)) => {
                let level = parse_level(name, l)?;
                Ok(match name {
                    "pure" => BotSpec::Pure(level),
                    "exploit" => BotSpec::Exploit(level),
                    _ => BotSpec::AlphaBeta(level),
                })
            }
            _ => Err(BotSpecError::Unknown(t.to_string())),
        }
    }

    /// The built-in bots, weakest first, for menus (the game's bot setup panel).
    pub fn built_in() -> Vec<BotSpec> {
        let mut v = vec![BotSpec::Random, BotSpec::Greedy];
        v.extend((1..=search::MAX_LEVEL).map(BotSpec::AlphaBeta));
        v
    }

    /// One line describing the bot, for menus and `--help`-style listings.
    pub fn describe(&self) -> String {
        match self {
            BotSpec::Random => "random legal moves".into(),
            BotSpec::Greedy => "best immediate material".into(),
            BotSpec::AlphaBeta(l) => {
                let lim = search::level_limits(*l);
                let eval = if *l >= search::NETWORK_LEVEL {
                    ", the variant's network"
                } else {
                    ""
                };
                format!(
                    "alpha-beta search, level {l} (depth {}, {} nodes per move{eval})",
                    lim.depth.unwrap_or(0),
                    lim.nodes.unwrap_or(0)
                )
            }
            BotSpec::Pure(l) => {
                format!("alpha-beta search, level {l}, Parity commits without the random choice")
            }
            BotSpec::Exploit(l) => {
                format!("alpha-beta search, level {l}, Parity commits that answer the pure bot's")
            }
            BotSpec::Mixed(l, m) => format!(
                "alpha-beta search, level {l}, Parity commits mixed within {m} cp of the best"
            ),
            BotSpec::External(argv) => {
                format!("external program: {}", external::join_command(argv))
            }
        }
    }

    /// Builds a fresh bot seeded with `seed`. External bots start their process lazily, on
    /// the first move.
    pub fn build(&self, seed: u64) -> Box<dyn Bot> {
        match self {
            BotSpec::Random => Box::new(RandomBot::new(seed)),
            BotSpec::Greedy => Box::new(GreedyBot::new(seed)),
            BotSpec::AlphaBeta(level) => Box::new(AlphaBetaBot::with_level(*level, seed)),
            BotSpec::Pure(level) => Box::new(AlphaBetaBot::with_commit_style(
                *level,
                seed,
                simultaneous::CommitStyle::Pure,
            )),
            BotSpec::Exploit(level) => Box::new(AlphaBetaBot::with_commit_style(
                *level,
                seed,
                simultaneous::CommitStyle::Exploit,
            )),
            BotSpec::Mixed(level, margin) => Box::new(AlphaBetaBot::with_commit_style(
                *level,
                seed,
                simultaneous::CommitStyle::MixedWithin(*margin),
            )),
            BotSpec::External(argv) => Box::new(ExternalBot::new(argv.clone(), seed)),
        }
    }
}

impl fmt::Display for BotSpec {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BotSpec::Random => f.write_str("random"),
            BotSpec::Greedy => f.write_str("greedy"),
            BotSpec::AlphaBeta(l) => write!(f, "alphabeta:{l}"),
            BotSpec::Pure(l) => write!(f, "pure:{l}"),
            BotSpec::Exploit(l) => write!(f, "exploit:{l}"),
            BotSpec::Mixed(l, m) => write!(f, "mixed:{l}:{m}"),
            BotSpec::External(argv) => write!(f, "ext:{}", external::join_command(argv)),
        }
    }
}

impl std::str::FromStr for BotSpec {
    type Err = BotSpecError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        BotSpec::parse(s)
    }
}

/// A [`SearchControl`] that never stops and ignores reports (tests, benches).
#[derive(Clone, Copy, Debug, Default)]
pub struct NoControl;

impl SearchControl for NoControl {
    fn should_stop(&mut self, _nodes: u64) -> bool {
        false
    }

    fn wants_reports(&self) -> bool {
        false
    }
}

/// A portable 64-bit mix (`SplitMix64`) used to derive per-game and per-bot seeds.
pub fn mix_seed(x: u64) -> u64 {
    let mut z = x.wrapping_add(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

#[cfg(test)]
mod tests {
    #[test]
    fn a_bot_plans_on_its_time_left_and_what_each_move_gives_back() {
        use super::Clock;
        use crate::rules::clock::TimeControl;
        use std::time::Duration;
        let left = Duration::from_secs(42);
        assert_eq!(Clock::for_control(TimeControl::Unlimited, left), None);
        let c = Clock::for_control(TimeControl::fischer(5, 3), left).unwrap();
        assert_eq!(c.remaining, left);
        assert_eq!(c.increment, Duration::from_secs(3));
        assert_eq!(c.moves_to_go, None);
        // 42 s / 30 moves + ¾ of the 3 s increment.
        assert_eq!(c.budget(), Duration::from_millis(1400 + 2250));
        let d = Clock::for_control(TimeControl::delay(5, 2), left).unwrap();
        assert_eq!(d.increment, Duration::from_secs(2));
    }

    use super::*;

    #[test]
    fn specs_parse_and_print_back() {
        for t in [
            "random",
            "greedy",
            "alphabeta:1",
            "alphabeta:5",
            "pure:5",
            "exploit:9",
            "mixed:8:30",
            "ext:python3 bot.py",
        ] {
            assert_eq!(BotSpec::parse(t).unwrap().to_string(), t);
        }
        assert_eq!(BotSpec::parse("alphabeta").unwrap(), BotSpec::AlphaBeta(3));
        assert!(BotSpec::parse("alphabeta:0").is_err());
        assert_eq!(
            BotSpec::parse("alphabeta:8").unwrap(),
            BotSpec::AlphaBeta(8)
        );
        assert_eq!(
            BotSpec::parse("alphabeta:9").unwrap(),
            BotSpec::AlphaBeta(9)
        );
        assert!(BotSpec::parse("alphabeta:10").is_err());
        assert_eq!(
            BotSpec::parse("exploit:0").unwrap_err().to_string(),
            "exploit level must be 1 to 9, not '0'"
        );
        assert_eq!(
            BotSpec::parse("alphabeta:10").unwrap_err().to_string(),
            "alphabeta level must be 1 to 9, not '10'"
        );
        assert!(BotSpec::parse("pure").is_err());
        assert!(BotSpec::parse("mixed:8").is_err());
        assert!(BotSpec::parse("mixed:8:-5").is_err());
        assert!(BotSpec::parse("mixed:0:5").is_err());
        assert!(BotSpec::parse("stockfish").is_err());
        assert!(BotSpec::parse("ext:").is_err());
        assert!(BotSpec::parse("ext:python3 'unclosed").is_err());
    }

    #[test]
    fn built_in_bots_are_listed_weakest_first() {
        let names: Vec<String> = BotSpec::built_in()
            .iter()
            .map(ToString::to_string)
            .collect();
        assert_eq!(
            names,
            [
                "random",
                "greedy",
                "alphabeta:1",
                "alphabeta:2",
                "alphabeta:3",
                "alphabeta:4",
                "alphabeta:5",
                "alphabeta:6",
                "alphabeta:7",
                "alphabeta:8",
                "alphabeta:9"
            ]
        );
        assert_eq!(
            BotSpec::AlphaBeta(3).describe(),
            "alpha-beta search, level 3 (depth 3, 15000 nodes per move)"
        );
    }

    #[test]
    fn stop_control_follows_its_flag() {
        let mut c = StopControl::default();
        assert!(!c.should_stop(0));
        c.flag().store(true, Ordering::Relaxed);
        assert!(c.should_stop(0));
    }

    /// The exploiter answers the pure bot's commit: through a Parity and a Single
    /// Occupation game between `exploit:5` (White) and `pure:5` (Black) at a node budget,
    /// every White commit is the best reply ([`simultaneous::choose_commit_against`]) to
    /// the commit Black then plays, and the pure bot's commits do not depend on its seed.
    #[test]
    fn the_exploiter_answers_the_commit_the_pure_bot_plays() {
        use std::collections::HashSet;
        let limits = SearchLimits {
            nodes: Some(3_000),
            ..SearchLimits::default()
        };
        for variant in [Variant::Parity, Variant::ParitySingle] {
            let mut white = BotSpec::parse("exploit:5").unwrap().build(1);
            let mut black = BotSpec::Pure(5).build(2);
            let mut other_seed = BotSpec::Pure(5).build(99);
            assert_eq!((white.name(), black.name()), ("exploit:5", "pure:5"));
            let mut pos = Position::new(variant);
            let mut seen = HashSet::new();
            for turn in 0..12 {
                if pos.outcome().is_some() {
                    break;
                }
                let w = white
                    .commit(&pos, Color::White, limits, &mut NoControl)
                    .unwrap();
                let b = black
                    .commit(&pos, Color::Black, limits, &mut NoControl)
                    .unwrap();
                assert_eq!(
                    other_seed.commit(&pos, Color::Black, limits, &mut NoControl),
                    Some(b)
                );
                if pos.halfmove_clock() == 0 {
                    seen.clear();
                }
                seen.insert(simultaneous::turn_key(&pos));
                let resolver = |p: &Position, w: &Move, b: &Move| {
                    simultaneous::resolve_with_repetitions(&seen, p, w, b)
                };
                let reply = simultaneous::choose_commit_against(
                    &pos,
                    Color::White,
                    &b,
                    search::AlphaBetaBot::with_level(5, 0).effective_limits(limits),
                    &mut NoControl,
                    &resolver,
                    simultaneous::CommitSettings::for_level(5),
                    nnue::StaticEval::HandTuned,
                );
                assert_eq!(Some(w), reply, "{variant} turn {turn}: {}", pos.to_text());
                if pos.resolve(&w, &b).is_err() {
                    break;
                }
            }
        }
    }
}
