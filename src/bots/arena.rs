//! The headless match runner behind `esoterica match`: a series of games between two bots,
//! in parallel on worker threads, with colours alternated, faults reported, results
//! tallied, and every game kept as a [`GameRecord`].
//!
//! Determinism: game `i` is seeded from `(seed, i)` only, so the same seed plays the same
//! games whatever the number of jobs (as long as no wall-clock `movetime` cuts a search).
//! Even games give bot A White, odd games give it Black.
//!
//! Faults: a bot that panics (caught with `catch_unwind`), answers garbage or an illegal
//! move, is too slow or dies forfeits the game (or, with [`Fallback::Random`], is replaced by
//! the `random` bot for the rest of that game); the fault is reported and the series goes
//! on. A game longer than [`MatchConfig::max_plies`] plies (Parity: turns) is adjudicated a
//! draw ([`DrawReason::PlyCap`]). A move the rules listed as legal and then cannot resolve
//! is a bug in the rules core: the game stops unscored and the error is reported as an
//! internal fault ([`Fault::internal`]), never as a result.

use std::collections::BTreeMap;
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::sync::Arc;
use std::sync::atomic::Ordering;
use std::sync::mpsc::channel;
use std::time::Instant;

use super::random::RandomBot;
use super::{Bot, BotError, BotSpec, NoControl, SearchLimits, mix_seed};
use crate::rules::clock::{Clock, TimeControl, flag_fall};
use crate::rules::{
    Color, DrawReason, Entry, GameRecord, Move, Outcome, Position, TurnModel, Variant, WinReason,
};

/// What happens to a bot that fails during a game.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Fallback {
    /// It forfeits the game.
    #[default]
    Forfeit,
    /// The `random` bot plays the rest of the game for it (the fault is still reported).
    Random,
}

/// Makes a fresh bot for one game from a seed.
pub type BotFactory = Arc<dyn Fn(u64) -> Box<dyn Bot> + Send + Sync>;

/// One side of a match: a display name and how to build the bot.
#[derive(Clone)]
pub struct Contestant {
    /// Name in the results table, PGN and JSON.
    pub name: String,
    /// Builds the bot for a game.
    pub factory: BotFactory,
}

impl Contestant {
    /// A contestant built from a [`BotSpec`].
    pub fn from_spec(spec: &BotSpec) -> Contestant {
        let s = spec.clone();
        Contestant {
            name: spec.to_string(),
            factory: Arc::new(move |seed| s.build(seed)),
        }
    }

    /// The same contestant whose bots search on `threads` threads ([`Bot::set_threads`];
    /// bots that search on one thread ignore it).
    #[must_use]
    pub fn with_threads(self, threads: usize) -> Contestant {
        if threads <= 1 {
            return self;
        }
        let make = self.factory;
        Contestant {
            name: self.name,
            factory: Arc::new(move |seed| {
                let mut bot = make(seed);
                bot.set_threads(threads);
                bot
            }),
        }
    }
}

/// The settings of a series.
#[derive(Clone)]
pub struct MatchConfig {
    /// The variant played.
    pub variant: Variant,
    /// Bot A (White in even games).
    pub a: Contestant,
    /// Bot B.
    pub b: Contestant,
    /// Number of games.
    pub games: usize,
    /// Limits passed to the bots for every move.
    pub limits: SearchLimits,
    /// Master seed.
    pub seed: u64,
    /// Worker threads (at least 1).
    pub jobs: usize,
    /// What happens to a failing bot.
    pub fallback: Fallback,
    /// Plies (Parity: turns) after which the game is adjudicated a draw.
    pub max_plies: usize,
    /// The start position (default: the variant's initial position).
    pub start: Option<Position>,
    /// The game clock (`docs/rules/clocks.md`): each bot plans its moves from its time
    /// left and the increment, the time it takes is charged to it (wall clock), and a bot
    /// whose time runs out loses on time (a draw if the other side cannot mate). With
    /// [`TimeControl::Unlimited`] (the default) no clock runs.
    pub time_control: TimeControl,
}

/// The default ply cap: 400 plies (200 moves each).
pub const DEFAULT_MAX_PLIES: usize = 400;

impl MatchConfig {
    /// A series of `games` games of `variant` between `a` and `b`, with the defaults: no
    /// limits beyond the bots' own, seed 0, all cores, forfeit on faults, 400 plies.
    pub fn new(variant: Variant, a: Contestant, b: Contestant, games: usize) -> MatchConfig {
        MatchConfig {
            variant,
            a,
            b,
            games,
            limits: SearchLimits::default(),
            seed: 0,
            jobs: std::thread::available_parallelism().map_or(1, |n| n.get()),
            fallback: Fallback::Forfeit,
            max_plies: DEFAULT_MAX_PLIES,
            start: None,
            time_control: TimeControl::Unlimited,
        }
    }
}

/// A fault of one bot in one game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Fault {
    /// Game index (0-based).
    pub game: usize,
    /// The failing bot's name (for an internal error: the bot whose move was refused).
    pub bot: String,
    /// Its colour in that game.
    pub color: Color,
    /// What went wrong.
    pub reason: String,
    /// Whether it is an internal error rather than the bot's fault: the rules refused a
    /// move they had listed as legal (a bug in the rules core). The game stops unscored.
    pub internal: bool,
}

/// One finished game.
#[derive(Clone, Debug)]
pub struct GameResult {
    /// Game index (0-based).
    pub index: usize,
    /// Whether bot A had White.
    pub a_white: bool,
    /// The record (PGN tags `White`, `Black`, `Round` set).
    pub record: GameRecord,
    /// The result; `None` for a game stopped by an internal error (see [`Fault::internal`]),
    /// which is not scored.
    pub outcome: Option<Outcome>,
    /// Why the game ended, in words (includes adjudications and internal errors).
    pub termination: String,
    /// Faults in this game.
    pub faults: Vec<Fault>,
}

impl GameResult {
    /// Bot A's points (1, ½, 0); `None` for a game stopped by an internal error.
    pub fn a_score(&self) -> Option<f64> {
        let a = if self.a_white {
            Color::White
        } else {
            Color::Black
        };
        self.outcome.map(|o| o.score_for(a))
    }
}

/// Wins, draws and losses of one bot.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Tally {
    /// Games won.
    pub wins: usize,
    /// Games drawn.
    pub draws: usize,
    /// Games lost.
    pub losses: usize,
}

impl Tally {
    /// Points: wins + draws / 2.
    pub fn score(&self) -> f64 {
        self.wins as f64 + self.draws as f64 / 2.0
    }

    /// Games counted.
    pub fn games(&self) -> usize {
        self.wins + self.draws + self.losses
    }

    /// The other bot's tally: wins and losses swapped.
    pub fn mirror(&self) -> Tally {
        Tally {
            wins: self.losses,
            draws: self.draws,
            losses: self.wins,
        }
    }
}

/// Bot A's Elo difference over bot B, with 95% confidence, from the score fraction.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Elo {
    /// The estimate and its 95% margin (normal approximation of the mean score, with the
    /// per-game standard deviation; when every game was drawn, the exact bound on the rate
    /// of decisive games instead, see [`Elo::of`]).
    Interval {
        /// The estimate.
        diff: f64,
        /// Half the width of the 95% interval, in Elo.
        margin: f64,
    },
    /// The upper end of the normal interval is a perfect score: the estimate and the lower
    /// end only.
    AtLeast {
        /// The estimate.
        diff: f64,
        /// The lower end of the 95% interval.
        lower: f64,
    },
    /// The lower end of the normal interval is a zero score: the estimate and the upper end.
    AtMost {
        /// The estimate.
        diff: f64,
        /// The upper end of the 95% interval.
        upper: f64,
    },
    /// The normal interval reaches both a zero and a perfect score (too few games): the
    /// estimate only.
    Wide {
        /// The estimate.
        diff: f64,
    },
    /// Every game won: the difference has no upper bound. `lower` is the exact one-sided
    /// 95% lower bound (Clopper–Pearson: the win rate `p` with `p^n = 0.05`), in Elo.
    AllWon {
        /// The 95% lower bound.
        lower: f64,
    },
    /// Every game lost: the mirror image of [`Elo::AllWon`].
    AllLost {
        /// The 95% upper bound.
        upper: f64,
    },
}

impl Elo {
    /// The estimate for a tally (bot A's); `None` for no games.
    pub fn of(t: &Tally) -> Option<Elo> {
        let n = t.games();
        if n == 0 {
            return None;
        }
        let nf = n as f64;
        if t.wins == n || t.losses == n {
            let bound = elo_of_score(0.05f64.powf(1.0 / nf));
            return Some(if t.wins == n {
                Elo::AllWon { lower: bound }
            } else {
                Elo::AllLost { upper: -bound }
            });
        }
        if t.draws == n {
            // The per-game spread is zero, so the normal interval would be ± 0. Exact instead:
            // the rate of decisive games is below `q` with 97.5% confidence when none of `n`
            // games was decisive (`(1 - q)^n = 0.025`), and the score is within `q / 2` of
            // one half.
            let q = 1.0 - 0.025f64.powf(1.0 / nf);
            return Some(Elo::Interval {
                diff: 0.0,
                margin: elo_of_score(0.5 + q / 2.0),
            });
        }
        let p = t.score() / nf;
        let var = (t.wins as f64 * (1.0 - p).powi(2)
            + t.draws as f64 * (0.5 - p).powi(2)
            + t.losses as f64 * p.powi(2))
            / nf;
        let se = (var / nf).sqrt();
        let diff = elo_of_score(p) + 0.0;
        let (lo, hi) = (p - 1.96 * se, p + 1.96 * se);
        Some(match (lo > 0.0, hi < 1.0) {
            (true, true) => Elo::Interval {
                diff,
                margin: (elo_of_score(hi) - elo_of_score(lo)) / 2.0,
            },
            (true, false) => Elo::AtLeast {
                diff,
                lower: elo_of_score(lo),
            },
            (false, true) => Elo::AtMost {
                diff,
                upper: elo_of_score(hi),
            },
            (false, false) => Elo::Wide { diff },
        })
    }

    /// The difference in words, as the results table prints it: `+35 ± 60 (95%)`,
    /// `+798 (95%: at least +607)`, `above +183 (95% lower bound; a 100% score has no
    /// upper bound)`.
    pub fn text(&self) -> String {
        let f = |x: f64| format!("{:+.0}", x + 0.0);
        match *self {
            Elo::Interval { diff, margin } => format!("{} ± {margin:.0} (95%)", f(diff)),
            Elo::AtLeast { diff, lower } => format!("{} (95%: at least {})", f(diff), f(lower)),
            Elo::AtMost { diff, upper } => format!("{} (95%: at most {})", f(diff), f(upper)),
            Elo::Wide { diff } => format!("{} (95%: unbounded, too few games)", f(diff)),
            Elo::AllWon { lower } => format!(
                "above {} (95% lower bound; a 100% score has no upper bound)",
                f(lower)
            ),
            Elo::AllLost { upper } => format!(
                "below {} (95% upper bound; a 0% score has no lower bound)",
                f(upper)
            ),
        }
    }

    /// The JSON object: `{"diff": D, "margin95": M}`, `{"diff": D, "lower95": L}`,
    /// `{"diff": D, "upper95": U}`, `{"diff": D}` (too few games), `{"lower95": L}` (all
    /// won) or `{"upper95": U}` (all lost).
    pub fn json(&self) -> String {
        let f = |x: f64| format!("{:.1}", x + 0.0);
        match *self {
            Elo::Interval { diff, margin } => {
                format!("{{\"diff\": {}, \"margin95\": {}}}", f(diff), f(margin))
            }
            Elo::AtLeast { diff, lower } => {
                format!("{{\"diff\": {}, \"lower95\": {}}}", f(diff), f(lower))
            }
            Elo::AtMost { diff, upper } => {
                format!("{{\"diff\": {}, \"upper95\": {}}}", f(diff), f(upper))
            }
            Elo::Wide { diff } => format!("{{\"diff\": {}}}", f(diff)),
            Elo::AllWon { lower } => format!("{{\"lower95\": {}}}", f(lower)),
            Elo::AllLost { upper } => format!("{{\"upper95\": {}}}", f(upper)),
        }
    }
}

/// The most faults [`MatchTotals`] keeps (it counts all of them).
pub const MAX_KEPT_FAULTS: usize = 1000;

/// The running totals of a series, in constant memory (the games are not kept): all that
/// the results table and the JSON need.
#[derive(Clone, Debug)]
pub struct MatchTotals {
    /// The variant.
    pub variant: Variant,
    /// Bot A's name.
    pub a: String,
    /// Bot B's name.
    pub b: String,
    /// Games played, scored or not.
    pub played: usize,
    /// Bot A's wins, draws and losses (games stopped by an internal error are not counted).
    pub tally_a: Tally,
    /// Draws adjudicated at the ply cap (also counted in the draws).
    pub ply_cap_draws: usize,
    /// Games stopped by an internal error, unscored.
    pub internal_errors: usize,
    /// The first [`MAX_KEPT_FAULTS`] faults, in game order.
    pub faults: Vec<Fault>,
    /// All faults, counted.
    pub fault_count: usize,
}

impl MatchTotals {
    /// Empty totals for a series between `a` and `b`.
    pub fn new(variant: Variant, a: &str, b: &str) -> MatchTotals {
        MatchTotals {
            variant,
            a: a.to_string(),
            b: b.to_string(),
            played: 0,
            tally_a: Tally::default(),
            ply_cap_draws: 0,
            internal_errors: 0,
            faults: Vec::new(),
            fault_count: 0,
        }
    }

    /// Counts one game.
    pub fn add(&mut self, g: &GameResult) {
        self.played += 1;
        match g.a_score() {
            None => self.internal_errors += 1,
            Some(s) if s > 0.75 => self.tally_a.wins += 1,
            Some(s) if s < 0.25 => self.tally_a.losses += 1,
            Some(_) => self.tally_a.draws += 1,
        }
        if g.outcome
            == Some(Outcome::Draw {
                reason: DrawReason::PlyCap,
            })
        {
            self.ply_cap_draws += 1;
        }
        self.fault_count += g.faults.len();
        let room = MAX_KEPT_FAULTS.saturating_sub(self.faults.len());
        self.faults.extend(g.faults.iter().take(room).cloned());
    }

    /// Bot A's Elo difference over bot B; `None` when no game was scored.
    pub fn elo(&self) -> Option<Elo> {
        Elo::of(&self.tally_a)
    }

    /// The results table: one row per bot with wins, draws, losses, score and percentage,
    /// then the Elo difference, the ply-cap draws and the internal errors (when there are
    /// any).
    pub fn table(&self) -> String {
        let a = self.tally_a;
        let b = a.mirror();
        let w = self.a.len().max(self.b.len()).max(3);
        let mut out = format!(
            "{} — {} games\n{:<w$}  {:>5} {:>5} {:>5} {:>7} {:>6}\n",
            self.variant, self.played, "bot", "wins", "draws", "losses", "score", "%"
        );
        for (name, t) in [(&self.a, a), (&self.b, b)] {
            let pct = if t.games() == 0 {
                0.0
            } else {
                100.0 * t.score() / t.games() as f64
            };
            out.push_str(&format!(
                "{name:<w$}  {:>5} {:>5} {:>6} {:>7.1} {:>5.1}%\n",
                t.wins,
                t.draws,
                t.losses,
                t.score(),
                pct
            ));
        }
        if let Some(e) = self.elo() {
            out.push_str(&format!(
                "Elo difference ({} vs {}): {}\n",
                self.a,
                self.b,
                e.text()
            ));
        }
        if self.ply_cap_draws > 0 {
            out.push_str(&format!(
                "draws adjudicated at the ply cap: {}\n",
                self.ply_cap_draws
            ));
        }
        if self.internal_errors > 0 {
            out.push_str(&format!(
                "internal errors: {} (games stopped by a rules error, not scored; a bug)\n",
                self.internal_errors
            ));
        }
        out
    }

    /// The results as JSON: `{"games": N, "variant": V, "results": {"<bot>": {"wins": W,
    /// "draws": D, "losses": L, "score": S}}, "elo": …, "ply_cap_draws": C,
    /// "internal_errors": E, "fault_count": F, "faults": [...]}` (`elo`: see [`Elo::json`],
    /// `null` for no scored game; `faults`: the first [`MAX_KEPT_FAULTS`]).
    pub fn json(&self) -> String {
        let a = self.tally_a;
        let b = a.mirror();
        let row = |t: Tally| {
            format!(
                "{{\"wins\": {}, \"draws\": {}, \"losses\": {}, \"score\": {}}}",
                t.wins,
                t.draws,
                t.losses,
                t.score()
            )
        };
        let mut results = format!("\"{}\": {}", json_escape(&self.a), row(a));
        if self.b != self.a {
            results.push_str(&format!(", \"{}\": {}", json_escape(&self.b), row(b)));
        }
        let elo = self.elo().map_or_else(|| "null".into(), |e| e.json());
        let faults: Vec<String> = self
            .faults
            .iter()
            .map(|f| {
                format!(
                    "{{\"game\": {}, \"bot\": \"{}\", \"color\": \"{}\", \"reason\": \"{}\", \"internal\": {}}}",
                    f.game,
                    json_escape(&f.bot),
                    f.color.name(),
                    json_escape(&f.reason),
                    f.internal
                )
            })
            .collect();
        format!(
            "{{\"games\": {}, \"variant\": \"{}\", \"results\": {{{}}}, \"elo\": {}, \"ply_cap_draws\": {}, \"internal_errors\": {}, \"fault_count\": {}, \"faults\": [{}]}}\n",
            self.played,
            self.variant.name(),
            results,
            elo,
            self.ply_cap_draws,
            self.internal_errors,
            self.fault_count,
            faults.join(", ")
        )
    }
}

/// The outcome of a series, with every game kept.
#[derive(Clone, Debug)]
pub struct MatchReport {
    /// The variant.
    pub variant: Variant,
    /// Bot A's name.
    pub a: String,
    /// Bot B's name.
    pub b: String,
    /// The games, in index order.
    pub games: Vec<GameResult>,
}

impl MatchReport {
    /// The totals of the games.
    pub fn totals(&self) -> MatchTotals {
        let mut t = MatchTotals::new(self.variant, &self.a, &self.b);
        for g in &self.games {
            t.add(g);
        }
        t
    }

    /// Bot A's tally (bot B's is the mirror image).
    pub fn tally_a(&self) -> Tally {
        self.totals().tally_a
    }

    /// All faults, in game order.
    pub fn faults(&self) -> Vec<&Fault> {
        self.games.iter().flat_map(|g| g.faults.iter()).collect()
    }

    /// Bot A's Elo difference over bot B ([`MatchTotals::elo`]).
    pub fn elo(&self) -> Option<Elo> {
        self.totals().elo()
    }

    /// The results table ([`MatchTotals::table`]).
    pub fn table(&self) -> String {
        self.totals().table()
    }

    /// All games as PGN, one after another, separated by blank lines.
    pub fn pgn(&self) -> String {
        self.games
            .iter()
            .map(|g| crate::rules::notation::pgn::write(&g.record))
            .collect::<Vec<_>>()
            .join("\n")
    }

    /// The results as JSON ([`MatchTotals::json`]).
    pub fn json(&self) -> String {
        self.totals().json()
    }
}

fn json_escape(s: &str) -> String {
    let mut o = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '"' => o.push_str("\\\""),
            '\\' => o.push_str("\\\\"),
            '\n' => o.push_str("\\n"),
            '\r' => o.push_str("\\r"),
            '\t' => o.push_str("\\t"),
            c if (c as u32) < 0x20 => o.push_str(&format!("\\u{:04x}", c as u32)),
            c => o.push(c),
        }
    }
    o
}

/// A seat at the board during one game.
struct Seat {
    name: String,
    bot: Box<dyn Bot>,
    replaced: bool,
    seed: u64,
}

impl Seat {
    /// Asks the bot for a move (Parity: a commit of `side`), catching panics and checking
    /// the answer against `legal`. On failure returns the reason.
    fn ask(
        &mut self,
        pos: &Position,
        side: Color,
        clock: Option<super::Clock>,
        limits: SearchLimits,
        legal: &[Move],
    ) -> Result<Move, BotError> {
        let simultaneous = pos.variant().turn_model() == TurnModel::Simultaneous;
        let bot = &mut self.bot;
        let got = catch_unwind(AssertUnwindSafe(|| {
            super::think(
                bot.as_mut(),
                pos,
                simultaneous.then_some(side),
                clock,
                limits,
                &mut NoControl,
            )
        }));
        match got {
            Err(p) => Err(match BotError::from_panic(p.as_ref()) {
                // The record names a panic without a message too.
                BotError::Panicked { message: None } => BotError::Panicked {
                    message: Some("unknown panic".into()),
                },
                e => e,
            }),
            Ok(None) => Err(self.bot.fault().unwrap_or(BotError::NoMove)),
            Ok(Some(m)) if legal.contains(&m) => Ok(m),
            Ok(Some(m)) => Err(BotError::illegal_move(pos, &m)),
        }
    }
}

/// Why a bot may not start a match or tournament ([`check_bots`]). The text of a refusal is
/// the bot's own reason (an external engine names itself in it).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum BotCheckError {
    /// The bot does not play the variant ([`Bot::supports`]'s reason; `Display` gives its
    /// words).
    Unsupported {
        /// The bot's name.
        bot: String,
        /// The variant.
        variant: Variant,
        /// Why not.
        reason: BotError,
    },
    /// The bot panicked while being built or asked.
    Panicked {
        /// The bot's name.
        bot: String,
    },
}

impl std::fmt::Display for BotCheckError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            BotCheckError::Unsupported { reason, .. } => reason.fmt(f),
            BotCheckError::Panicked { bot } => write!(f, "bot '{bot}' panicked while being asked"),
        }
    }
}

impl std::error::Error for BotCheckError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            BotCheckError::Unsupported { reason, .. } => Some(reason),
            BotCheckError::Panicked { .. } => None,
        }
    }
}

/// Asks `bot` (built with `seed`) whether it plays `variant` ([`Bot::supports`]): an
/// external program is started, its `uci` answer read and the program ended.
///
/// # Errors
/// [`BotCheckError`]: its refusal, or a panic while it is built or asked.
pub fn check_bot(bot: &Contestant, seed: u64, variant: Variant) -> Result<(), BotCheckError> {
    let asked = catch_unwind(AssertUnwindSafe(|| (bot.factory)(seed).supports(variant)));
    match asked {
        Ok(Ok(())) => Ok(()),
        Ok(Err(reason)) => Err(BotCheckError::Unsupported {
            bot: bot.name.clone(),
            variant,
            reason,
        }),
        Err(_) => Err(BotCheckError::Panicked {
            bot: bot.name.clone(),
        }),
    }
}

/// Asks both bots whether they play the match's variant ([`check_bot`]), before the first
/// game.
///
/// # Errors
/// The first refusal ("engine 'ext:…' does not support variant …"), or a bot that panics
/// while being built or asked.
pub fn check_bots(cfg: &MatchConfig) -> Result<(), BotCheckError> {
    for c in [&cfg.a, &cfg.b] {
        check_bot(c, cfg.seed, cfg.variant)?;
    }
    Ok(())
}

/// The seed of game `index` in a series seeded with `seed`.
pub fn game_seed(seed: u64, index: usize) -> u64 {
    mix_seed(seed ^ mix_seed(index as u64))
}

/// Plays game `index` of a series.
pub fn play_game(cfg: &MatchConfig, index: usize) -> GameResult {
    let gs = game_seed(cfg.seed, index);
    let a_white = index.is_multiple_of(2);
    let (wc, bc) = if a_white {
        (&cfg.a, &cfg.b)
    } else {
        (&cfg.b, &cfg.a)
    };
    let make = |c: &Contestant, s: u64| -> Result<Box<dyn Bot>, BotError> {
        catch_unwind(AssertUnwindSafe(|| (c.factory)(s))).map_err(|_| BotError::PanickedWhileBuilt)
    };
    let start = cfg
        .start
        .clone()
        .unwrap_or_else(|| Position::new(cfg.variant));
    let mut record = GameRecord::new(start);
    record.time_control = cfg.time_control;
    let mut clock = Clock::new(cfg.time_control);
    record.tags.push(("Event".into(), "Esoterica match".into()));
    record.tags.push(("Round".into(), (index + 1).to_string()));
    record.tags.push(("White".into(), wc.name.clone()));
    record.tags.push(("Black".into(), bc.name.clone()));
    let mut faults = Vec::new();
    let mut seats: Vec<Seat> = Vec::with_capacity(2);
    for (i, c) in [wc, bc].into_iter().enumerate() {
        let seed = mix_seed(gs.wrapping_add(i as u64 + 1));
        let side = Color::BOTH[i];
        let (bot, replaced) = match make(c, seed) {
            Ok(b) => (b, false),
            Err(e) => {
                if cfg.fallback == Fallback::Random {
                    record.tags.push(fallback_tag(side, &c.name, &e));
                }
                faults.push(Fault {
                    game: index,
                    bot: c.name.clone(),
                    color: side,
                    reason: e.to_string(),
                    internal: false,
                });
                (Box::new(RandomBot::new(seed)) as Box<dyn Bot>, true)
            }
        };
        seats.push(Seat {
            name: c.name.clone(),
            bot,
            replaced,
            seed,
        });
    }
    let mut termination: Option<String> = None;
    if let Some(f) = faults.first()
        && cfg.fallback == Fallback::Forfeit
    {
        record.declare(Outcome::Win {
            winner: f.color.other(),
            reason: WinReason::Forfeit,
        });
        termination = Some(format!("{} forfeits: {}", f.color.title(), f.reason));
    }
    // Asks one side; on a fault applies the fallback. `None`: a forfeit was declared.
    // With a clock, the time the answer took is charged to `side`.
    let turn = |seats: &mut [Seat],
                record: &mut GameRecord,
                side: Color,
                clock: &mut Option<Clock>,
                faults: &mut Vec<Fault>,
                termination: &mut Option<String>|
     -> Option<Move> {
        let pos = record.current().clone();
        let legal = pos.legal_commits(side);
        let seat = &mut seats[side.index()];
        let on_clock = clock
            .as_ref()
            .and_then(|c| super::Clock::for_control(c.control(), c.remaining(side)));
        let t0 = Instant::now();
        let answer = seat.ask(&pos, side, on_clock, cfg.limits, &legal);
        if let Some(c) = clock.as_mut() {
            c.tick(t0.elapsed());
        }
        match answer {
            Ok(m) => Some(m),
            Err(reason) => {
                faults.push(Fault {
                    game: index,
                    bot: seat.name.clone(),
                    color: side,
                    reason: reason.to_string(),
                    internal: false,
                });
                if cfg.fallback == Fallback::Random && !seat.replaced {
                    record.tags.push(fallback_tag(side, &seat.name, &reason));
                    seat.bot = Box::new(RandomBot::new(seat.seed));
                    seat.replaced = true;
                    if let Ok(m) = seat.ask(&pos, side, None, cfg.limits, &legal) {
                        return Some(m);
                    }
                }
                record.declare(Outcome::Win {
                    winner: side.other(),
                    reason: WinReason::Forfeit,
                });
                *termination = Some(format!("{} forfeits: {reason}", side.title()));
                None
            }
        }
    };
    while termination.is_none() && record.outcome().is_none() {
        if record.len() >= cfg.max_plies {
            record.declare(Outcome::Draw {
                reason: DrawReason::PlyCap,
            });
            record.tags.push((
                "Adjudication".into(),
                format!("draw after {} plies (cap)", cfg.max_plies),
            ));
            termination = Some(format!(
                "adjudicated a draw at the {}-ply cap",
                cfg.max_plies
            ));
            break;
        }
        // A move the rules listed as legal and then refuse is a bug in the rules core: the
        // game stops unscored and the error is reported as an internal fault.
        let (played, side, text) = if record.is_simultaneous() {
            // Both clocks run in a turn; each side is charged the time of its own commit
            // (the host asks one after the other).
            if let Some(c) = clock.as_mut() {
                c.start_turn();
                c.commit(Color::Black);
            }
            let Some(w) = turn(
                &mut seats,
                &mut record,
                Color::White,
                &mut clock,
                &mut faults,
                &mut termination,
            ) else {
                break;
            };
            if let Some(c) = clock.as_mut() {
                c.commit(Color::White);
                c.uncommit(Color::Black);
            }
            let Some(b) = turn(
                &mut seats,
                &mut record,
                Color::Black,
                &mut clock,
                &mut faults,
                &mut termination,
            ) else {
                break;
            };
            if flag_fell(&mut record, &clock) {
                break;
            }
            let shape = record.start().shape();
            let text = format!("{}/{}", w.coordinate(shape), b.coordinate(shape));
            let played = record.play_turn(&w, &b);
            if let Some(c) = clock.as_mut() {
                c.turn_resolved();
            }
            (played, Color::White, text)
        } else {
            let side = record.current().turn();
            if let Some(c) = clock.as_mut() {
                c.start_move(side);
            }
            let Some(m) = turn(
                &mut seats,
                &mut record,
                side,
                &mut clock,
                &mut faults,
                &mut termination,
            ) else {
                break;
            };
            if flag_fell(&mut record, &clock) {
                break;
            }
            let text = m.coordinate(record.start().shape());
            let played = record.play(&m);
            if let Some(c) = clock.as_mut() {
                c.moved(side);
            }
            (played, side, text)
        };
        if played.is_ok()
            && let Some(c) = &clock
        {
            record.set_last_clocks([c.remaining(Color::White), c.remaining(Color::Black)]);
        }
        if let Err(e) = played {
            let reason = format!(
                "internal error: the rules refused {text}, which they listed as legal, in {}: {e}",
                record.current().to_text()
            );
            faults.push(Fault {
                game: index,
                bot: seats[side.index()].name.clone(),
                color: side,
                reason: reason.clone(),
                internal: true,
            });
            record.tags.push(("Adjudication".into(), reason.clone()));
            termination = Some(reason);
        }
    }
    let outcome = record.outcome();
    GameResult {
        index,
        a_white,
        termination: termination
            .unwrap_or_else(|| outcome.map_or_else(String::new, |o| o.describe())),
        record,
        outcome,
        faults,
    }
}

/// Declares the loss on time of the sides whose clock reached zero (a draw if the other
/// side cannot mate, `rules::clock::flag_fall`); `true` when the game ended so. The move
/// a bot returned after its time ran out is not played.
fn flag_fell(record: &mut GameRecord, clock: &Option<Clock>) -> bool {
    let Some(c) = clock else {
        return false;
    };
    match flag_fall(record.current(), &c.flagged()) {
        Some(outcome) => {
            record.declare(outcome);
            true
        }
        None => false,
    }
}

/// The PGN tag of a bot replaced by the `random` bot: `WhiteFallback` or `BlackFallback`,
/// naming the bot and its fault.
fn fallback_tag(side: Color, bot: &str, reason: &BotError) -> (String, String) {
    (
        format!("{}Fallback", side.title()),
        format!("{bot} faulted ({reason}); the random bot played the rest of the game"),
    )
}

/// Runs `play(0)`, `play(1)`, … `play(count - 1)` on `jobs` threads and hands each result to
/// `on_result` on the calling thread, in index order. Work is handed out as tickets, at
/// most [`in_flight`]`(jobs)` ahead of the last result handed over, so no more than that
/// many results are ever held (playing, waiting in the channel, or finished ahead of a
/// slower one): memory stays bounded however many jobs there are and however uneven they
/// take. When `on_result` returns `false` no further job starts, the running ones are
/// finished and dropped, and this returns `false`; otherwise `true` once every result was
/// handed over.
pub(crate) fn run_in_order<T: Send>(
    count: usize,
    jobs: usize,
    play: impl Fn(usize) -> T + Sync,
    mut on_result: impl FnMut(T) -> bool,
) -> bool {
    use std::sync::atomic::AtomicBool;
    use std::sync::{Mutex, PoisonError};
    let jobs = jobs.clamp(1, count.max(1));
    let window = in_flight(jobs);
    let stop = AtomicBool::new(false);
    let mut completed = true;
    let (ticket_tx, ticket_rx) = channel::<usize>();
    let tickets = Mutex::new(ticket_rx);
    std::thread::scope(|s| {
        let (tx, rx) = channel::<(usize, T)>();
        for _ in 0..jobs {
            let tx = tx.clone();
            let (tickets, stop, play) = (&tickets, &stop, &play);
            s.spawn(move || {
                loop {
                    let ticket = tickets
                        .lock()
                        .unwrap_or_else(PoisonError::into_inner)
                        .recv();
                    let Ok(k) = ticket else { return };
                    if stop.load(Ordering::Relaxed) {
                        return;
                    }
                    if tx.send((k, play(k))).is_err() {
                        return;
                    }
                }
            });
        }
        drop(tx);
        let mut ticket_tx = Some(ticket_tx);
        let mut issued = 0;
        let mut issue = |ticket_tx: &mut Option<std::sync::mpsc::Sender<usize>>| {
            if issued < count
                && let Some(t) = ticket_tx
            {
                // The workers outlive every ticket: a send cannot fail while they run.
                let _ = t.send(issued);
                issued += 1;
            }
            if issued == count {
                *ticket_tx = None;
            }
        };
        for _ in 0..window {
            issue(&mut ticket_tx);
        }
        let mut ahead: BTreeMap<usize, T> = BTreeMap::new();
        let mut done = 0;
        for (k, v) in rx {
            if !completed {
                continue;
            }
            ahead.insert(k, v);
            while let Some(v) = ahead.remove(&done) {
                done += 1;
                if !on_result(v) {
                    completed = false;
                    stop.store(true, Ordering::Relaxed);
                    ticket_tx = None;
                    ahead.clear();
                    break;
                }
                issue(&mut ticket_tx);
            }
        }
    });
    completed
}

/// How many games `run_in_order` keeps in flight for `jobs` workers: two per worker, so
/// a worker always finds its next game while the calling thread writes the last one.
pub fn in_flight(jobs: usize) -> usize {
    jobs.max(1) * 2
}

/// Plays the series on `cfg.jobs` threads and hands each game to `on_game` on the calling
/// thread, in index order, with (games done, total): the games are not kept and at most
/// [`in_flight`]`(cfg.jobs)` are held at once, so a series of any length runs in constant
/// memory. When `on_game` returns `false` the series stops there: no further game starts
/// and the games still running are dropped. Returns the totals of the games handed over.
pub fn stream_match(
    cfg: &MatchConfig,
    mut on_game: impl FnMut(usize, usize, GameResult) -> bool,
) -> MatchTotals {
    let mut totals = MatchTotals::new(cfg.variant, &cfg.a.name, &cfg.b.name);
    let mut done = 0;
    run_in_order(
        cfg.games,
        cfg.jobs,
        |i| play_game(cfg, i),
        |g| {
            done += 1;
            totals.add(&g);
            on_game(done, cfg.games, g)
        },
    );
    totals
}

/// Plays the series on `cfg.jobs` threads and keeps every game. `progress` is called on the
/// calling thread after each game, in index order, with (games done, total, the game).
pub fn run_match(
    cfg: &MatchConfig,
    mut progress: impl FnMut(usize, usize, &GameResult),
) -> MatchReport {
    let mut games = Vec::new();
    stream_match(cfg, |done, total, g| {
        progress(done, total, &g);
        games.push(g);
        true
    });
    MatchReport {
        variant: cfg.variant,
        a: cfg.a.name.clone(),
        b: cfg.b.name.clone(),
        games,
    }
}

/// Moves of a game record in coordinate form (for logs and tests).
pub fn coordinate_moves(record: &GameRecord) -> Vec<String> {
    let shape = record.start().shape();
    record
        .entries()
        .iter()
        .map(|e| match e {
            Entry::Move(m) => m.coordinate(shape),
            Entry::Turn { white, black } => {
                format!("{}/{}", white.coordinate(shape), black.coordinate(shape))
            }
        })
        .collect()
}

/// The Elo difference that gives an expected score `x` (0–1): −∞ at 0, +∞ at 1.
fn elo_of_score(x: f64) -> f64 {
    if x <= 0.0 {
        f64::NEG_INFINITY
    } else if x >= 1.0 {
        f64::INFINITY
    } else {
        -400.0 * (1.0 / x - 1.0).log10()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bots::{GreedyBot, SearchControl};

    fn spec(s: &str) -> Contestant {
        Contestant::from_spec(&BotSpec::parse(s).unwrap())
    }

    #[test]
    fn same_seed_same_games_whatever_the_jobs() {
        let mut c = MatchConfig::new(Variant::Standard, spec("random"), spec("greedy"), 4);
        c.seed = 42;
        c.max_plies = 60;
        c.jobs = 1;
        let one = run_match(&c, |_, _, _| {});
        c.jobs = 2;
        let two = run_match(&c, |_, _, _| {});
        let moves = |r: &MatchReport| {
            r.games
                .iter()
                .map(|g| coordinate_moves(&g.record))
                .collect::<Vec<_>>()
        };
        assert_eq!(moves(&one), moves(&two));
        assert_eq!(one.games.len(), 4);
        assert!(
            one.games
                .iter()
                .all(|g| g.a_white == g.index.is_multiple_of(2))
        );
        c.seed = 43;
        assert_ne!(moves(&run_match(&c, |_, _, _| {})), moves(&one));
    }

    #[test]
    fn ply_cap_is_adjudicated_a_draw() {
        let mut c = MatchConfig::new(Variant::Nonviolent, spec("random"), spec("random"), 1);
        c.max_plies = 10;
        let r = run_match(&c, |_, _, _| {});
        let g = &r.games[0];
        assert_eq!(g.record.len(), 10);
        assert_eq!(
            g.outcome,
            Some(Outcome::Draw {
                reason: DrawReason::PlyCap
            })
        );
        assert!(g.termination.contains("10-ply cap"), "{}", g.termination);
        let pgn = r.pgn();
        assert!(
            pgn.contains("[Adjudication \"draw after 10 plies (cap)\"]")
                && pgn.contains("[Termination \"Draw by adjudication (ply cap)\"]")
                && !pgn.contains("agreement"),
            "{pgn}"
        );
        assert!(
            r.table().ends_with("draws adjudicated at the ply cap: 1\n"),
            "{}",
            r.table()
        );
        assert!(r.json().contains("\"ply_cap_draws\": 1,"), "{}", r.json());
    }

    struct Panicker;
    impl Bot for Panicker {
        fn name(&self) -> &str {
            "panicker"
        }
        fn choose(
            &mut self,
            pos: &Position,
            _l: SearchLimits,
            _c: &mut dyn SearchControl,
        ) -> Option<Move> {
            if pos.fullmove_number() >= 3 {
                panic!("boom at move {}", pos.fullmove_number());
            }
            pos.legal_moves().first().copied()
        }
    }

    fn panicker() -> Contestant {
        Contestant {
            name: "panicker".into(),
            factory: Arc::new(|_| Box::new(Panicker)),
        }
    }

    /// Thinks 40 ms a move whatever its limits or clock, then plays its first legal move
    /// (Parity: its first legal commit).
    struct Sleeper;
    impl Bot for Sleeper {
        fn name(&self) -> &str {
            "sleeper"
        }
        fn choose(
            &mut self,
            pos: &Position,
            _l: SearchLimits,
            _c: &mut dyn SearchControl,
        ) -> Option<Move> {
            std::thread::sleep(std::time::Duration::from_millis(40));
            pos.legal_moves().first().copied()
        }
    }

    #[test]
    fn a_bot_that_overruns_its_clock_loses_on_time_and_the_clocks_are_recorded() {
        use std::time::Duration;
        let sleeper = Contestant {
            name: "sleeper".into(),
            factory: Arc::new(|_| Box::new(Sleeper)),
        };
        for variant in [Variant::Standard, Variant::Parity] {
            // 0.3 s each, no increment: the sleeper's 40 ms a move run out by its eighth
            // move; greedy answers in well under a millisecond.
            let mut c = MatchConfig::new(variant, sleeper.clone(), spec("greedy"), 1);
            c.time_control = TimeControl::Fischer {
                base: Duration::from_millis(300),
                increment: Duration::ZERO,
            };
            c.jobs = 1;
            let r = run_match(&c, |_, _, _| {});
            let g = &r.games[0];
            assert_eq!(
                g.outcome,
                Some(Outcome::Win {
                    winner: Color::Black,
                    reason: WinReason::Timeout
                }),
                "{variant:?}: {}",
                g.termination
            );
            // White moved 7 times at most (8 × 40 ms > 300 ms), each reading recorded.
            let white_moves = if variant == Variant::Parity {
                g.record.len()
            } else {
                g.record.len().div_ceil(2)
            };
            assert!((1..=7).contains(&white_moves), "{variant:?}: {white_moves}");
            let last = g.record.clocks_after(g.record.len() - 1).unwrap();
            assert!(last[0] < Duration::from_millis(300) - Duration::from_millis(30));
            assert!(last[1] > Duration::from_millis(250), "{last:?}");
            let pgn = r.pgn();
            // The tag holds whole seconds.
            assert!(pgn.contains("[TimeControl \"0+0\"]"), "{pgn}");
            // Parity writes both sides' clocks after each turn.
            let reading = if variant == Variant::Parity {
                "[%clkw 0:00:00]"
            } else {
                "[%clk 0:00:00]"
            };
            assert!(pgn.contains(reading), "{pgn}");
        }
    }

    #[test]
    fn a_panicking_builtin_bot_forfeits_and_the_match_goes_on() {
        let c = MatchConfig::new(Variant::Standard, panicker(), spec("random"), 4);
        let r = run_match(&c, |_, _, _| {});
        assert_eq!(r.games.len(), 4);
        let t = r.tally_a();
        // The panicker loses every game that reaches its third move (random may mate first
        // only by a miracle: it did not with this seed).
        assert_eq!(t.losses, 4, "{}", r.table());
        let f = r.faults();
        assert_eq!(f.len(), 4);
        assert!(
            f.iter()
                .all(|f| f.bot == "panicker" && f.reason.contains("panicked: boom")),
            "{f:?}"
        );
    }

    #[test]
    fn fallback_random_replaces_a_panicking_bot() {
        let mut c = MatchConfig::new(Variant::Standard, panicker(), spec("random"), 2);
        c.fallback = Fallback::Random;
        c.max_plies = 40;
        let r = run_match(&c, |_, _, _| {});
        assert_eq!(r.faults().len(), 2);
        assert!(
            r.games
                .iter()
                .all(|g| g.record.len() > 6 && !g.termination.contains("forfeit"))
        );
        // The PGN says which side faulted, and why.
        let pgn = r.pgn();
        for side in ["White", "Black"] {
            let tag = format!(
                "[{side}Fallback \"panicker faulted (the bot panicked: boom at move 3); the random bot played the rest of the game\"]"
            );
            assert_eq!(pgn.matches(&tag).count(), 1, "{pgn}");
        }
    }

    #[test]
    fn greedy_beats_random_more_often_than_not() {
        let _ = GreedyBot::new(0);
        let mut c = MatchConfig::new(Variant::Standard, spec("greedy"), spec("random"), 6);
        c.max_plies = 200;
        let r = run_match(&c, |_, _, _| {});
        let t = r.tally_a();
        assert!(t.score() >= 3.0, "{}", r.table());
        let j = r.json();
        assert!(
            j.starts_with(
                "{\"games\": 6, \"variant\": \"standard\", \"results\": {\"greedy\": {\"wins\": "
            ),
            "{j}"
        );
    }

    #[test]
    fn elo_of_an_even_score_is_zero() {
        let mut c = MatchConfig::new(Variant::Standard, spec("random"), spec("random"), 2);
        c.max_plies = 4;
        let r = run_match(&c, |_, _, _| {});
        // Two draws: an even score.
        assert_eq!(r.tally_a().draws, 2, "{}", r.table());
        // Every game drawn: not ± 0, but the exact bound. Two games with no decisive one
        // leave a decisive rate of up to 1 − 0.025^½ = 0.842, a score of up to 0.921,
        // +427 Elo.
        match r.elo() {
            Some(Elo::Interval { diff, margin }) => {
                assert_eq!(diff, 0.0);
                assert!((margin - 426.6).abs() < 1.0, "{margin}");
            }
            other => panic!("{other:?}"),
        }
        assert!(
            r.table()
                .contains("Elo difference (random vs random): +0 ± 427 (95%)"),
            "{}",
            r.table()
        );
    }

    #[test]
    fn parity_series_always_ends() {
        let mut c = MatchConfig::new(Variant::Parity, spec("alphabeta:1"), spec("random"), 2);
        c.max_plies = 20;
        let r = run_match(&c, |_, _, _| {});
        assert_eq!(r.games.len(), 2);
        for g in &r.games {
            assert!(g.outcome.is_some(), "{}", g.termination);
            assert!(g.record.len() <= 20, "{}", g.record.len());
        }
        assert!(r.faults().is_empty(), "{:?}", r.faults());
        assert_eq!(r.totals().internal_errors, 0);
    }

    #[test]
    fn a_perfect_score_gets_a_positive_lower_elo_bound() {
        let mut c = MatchConfig::new(Variant::Standard, spec("alphabeta:1"), panicker(), 10);
        c.max_plies = 40;
        let r = run_match(&c, |_, _, _| {});
        assert_eq!(r.tally_a().wins, 10, "{}", r.table());
        // 0.05^(1/10) = 0.7411: Elo 400·log10(0.7411/0.2589) = +182.7.
        let Some(Elo::AllWon { lower }) = r.elo() else {
            panic!("{:?}", r.elo());
        };
        assert!((lower - 182.7).abs() < 0.1, "{lower}");
        assert!(
            r.table().contains(
                "Elo difference (alphabeta:1 vs panicker): above +183 (95% lower bound; a 100% score has no upper bound)"
            ),
            "{}",
            r.table()
        );
        assert!(
            r.json().contains("\"elo\": {\"lower95\": 182.7}"),
            "{}",
            r.json()
        );
        let mut c = MatchConfig::new(Variant::Standard, panicker(), spec("alphabeta:1"), 10);
        c.max_plies = 40;
        let r = run_match(&c, |_, _, _| {});
        assert!(
            r.table().contains(
                "Elo difference (panicker vs alphabeta:1): below -183 (95% upper bound; a 0% score has no lower bound)"
            ),
            "{}",
            r.table()
        );
    }

    #[test]
    fn elo_bounds_are_bounds_of_the_score() {
        let t = |wins, draws, losses| Tally {
            wins,
            draws,
            losses,
        };
        // 60 of 100 points: +70; per-game sd 0.436, score 0.600 ± 0.085: 10 to 135, ± 63.
        let Some(Elo::Interval { diff, margin }) = Elo::of(&t(50, 20, 30)) else {
            panic!()
        };
        assert!(
            (diff - 70.4).abs() < 0.1 && (margin - 62.6).abs() < 0.1,
            "{diff} {margin}"
        );
        // 99 wins, 1 loss: the normal interval's upper end passes 1.
        let e = Elo::of(&t(99, 0, 1)).unwrap();
        assert_eq!(e.text(), "+798 (95%: at least +607)");
        assert_eq!(
            Elo::of(&t(1, 0, 99)).unwrap().text(),
            "-798 (95%: at most -607)"
        );
        // A single won game proves nothing: its lower bound is below zero.
        let Some(Elo::AllWon { lower }) = Elo::of(&t(1, 0, 0)) else {
            panic!()
        };
        assert!(lower < -400.0, "{lower}");
        // 100 won games: 0.05^(1/100) = 0.97049, +607.
        let Some(Elo::AllWon { lower }) = Elo::of(&t(100, 0, 0)) else {
            panic!()
        };
        assert!((lower - 606.6).abs() < 0.5, "{lower}");
        assert_eq!(Elo::of(&t(0, 0, 0)), None);
    }

    /// With correct rules no match can provoke a rules error; this checks how the totals
    /// treat a game that one stopped: reported, not scored (no draw).
    #[test]
    fn an_internal_error_is_reported_and_not_scored() {
        let mut t = MatchTotals::new(Variant::Standard, "a", "b");
        let mut g = play_game(
            &MatchConfig::new(Variant::Standard, spec("random"), spec("random"), 1),
            0,
        );
        g.outcome = None;
        g.faults.push(Fault {
            game: 0,
            bot: "a".into(),
            color: Color::White,
            reason: "internal error: …".into(),
            internal: true,
        });
        t.add(&g);
        assert_eq!((t.played, t.tally_a.games(), t.internal_errors), (1, 0, 1));
        assert!(t.table().contains("internal errors: 1"), "{}", t.table());
        assert!(t.json().contains("\"internal\": true"), "{}", t.json());
    }

    /// The games of a series are streamed, not reserved up front: a series of `usize::MAX`
    /// games starts at once (it is ended here by a panic in the callback, which drops the
    /// channel so the workers stop after their current game).
    #[test]
    fn a_huge_series_is_streamed() {
        let mut c = MatchConfig::new(
            Variant::Standard,
            spec("random"),
            spec("random"),
            usize::MAX,
        );
        c.max_plies = 2;
        c.jobs = 2;
        let mut seen = Vec::new();
        let stopped = catch_unwind(AssertUnwindSafe(|| {
            stream_match(&c, |done, total, g| {
                assert_eq!(total, usize::MAX);
                seen.push(g.index);
                if done == 3 {
                    panic!("enough");
                }
                true
            })
        }));
        let msg = stopped
            .err()
            .and_then(|p| p.downcast_ref::<&str>().map(|s| s.to_string()));
        assert_eq!(msg.as_deref(), Some("enough"));
        assert_eq!(seen, [0, 1, 2]);
    }

    /// The workers never run more than [`in_flight`] games ahead of the games handed over,
    /// however slow the caller is (the results do not pile up in the channel), and a
    /// `false` from the caller stops the series at that game.
    #[test]
    fn games_in_flight_are_bounded_and_the_caller_can_stop_the_series() {
        use std::sync::atomic::AtomicUsize;
        let started = Arc::new(AtomicUsize::new(0));
        let counter = Arc::clone(&started);
        let mut c = MatchConfig::new(
            Variant::Standard,
            Contestant {
                name: "counted".into(),
                factory: Arc::new(move |seed| {
                    counter.fetch_add(1, Ordering::SeqCst);
                    BotSpec::Random.build(seed)
                }),
            },
            spec("random"),
            usize::MAX,
        );
        c.max_plies = 2;
        c.jobs = 2;
        let mut most_ahead = 0;
        let totals = stream_match(&c, |done, _, _| {
            // A slow caller: the workers would otherwise play thousands of games ahead.
            std::thread::sleep(std::time::Duration::from_millis(2));
            most_ahead = most_ahead.max(started.load(Ordering::SeqCst) - done);
            done < 40
        });
        assert_eq!(totals.played, 40);
        assert!(
            most_ahead <= in_flight(2),
            "{most_ahead} games started ahead of the caller"
        );
        // Nothing starts after the stop (the games in flight then are finished and dropped).
        assert!(started.load(Ordering::SeqCst) <= 40 + in_flight(2));
    }
}
