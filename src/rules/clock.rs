//! Chess clocks: time controls and the arithmetic of two clocks, for alternating and
//! simultaneous (Parity) turns. No wall clock here: the host passes the elapsed time in
//! ([`Clock::tick`]), so a clock replays exactly in tests and analysis.
//!
//! - **Fischer** (`5+3`): each side starts with a base time and gains the increment after
//!   each of its moves.
//! - **Delay** (`5d3`, the US "simple delay"): on each move the clock waits the delay before
//!   it starts counting down; unused delay is not kept.
//! - **Parity** (`rules/parity.md`, both sides commit at once): both clocks run while the
//!   sides choose; a side's clock stops when it commits; when the turn resolves each side
//!   gains its increment and both run again.

use std::fmt;
use std::time::Duration;

use super::outcome::{DrawReason, Outcome, WinReason};
use super::piece::Color;
use super::position::Position;
use super::variant::TurnModel;

/// How much time the players get.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum TimeControl {
    /// No clock.
    #[default]
    Unlimited,
    /// Base time plus an increment after each move (Fischer).
    Fischer {
        /// Each side's time at the start.
        base: Duration,
        /// Added after each of the side's moves.
        increment: Duration,
    },
    /// Base time, and a delay before the clock counts down on each move (simple delay).
    Delay {
        /// Each side's time at the start.
        base: Duration,
        /// Seconds of each move that do not count.
        delay: Duration,
    },
}

/// A time control that could not be read ([`TimeControl::parse`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TimeControlError {
    /// Text that is not a time control (as written).
    Unreadable(String),
    /// A time control whose base time is zero (as written): both clocks would run out
    /// before the first move.
    ZeroBase(String),
}

impl fmt::Display for TimeControlError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TimeControlError::Unreadable(t) => write!(
                f,
                "time control '{t}': expected MINUTES+SECONDS (e.g. 5+3), MINUTESdSECONDS for \
                 a delay (e.g. 5d2), or none; minutes 0–600, seconds 0–600"
            ),
            TimeControlError::ZeroBase(t) => write!(
                f,
                "time control '{t}': the base time must be more than 0 minutes (with none, \
                 both clocks run out before the first move)"
            ),
        }
    }
}

impl std::error::Error for TimeControlError {}

impl TimeControl {
    /// The presets offered in the new-game panel: none, 1+0, 3+2, 5+3, 10+5, 15+10.
    pub const PRESETS: [(&'static str, u64, u64); 5] = [
        ("1+0", 1, 0),
        ("3+2", 3, 2),
        ("5+3", 5, 3),
        ("10+5", 10, 5),
        ("15+10", 15, 10),
    ];

    /// Minutes + seconds (Fischer).
    pub fn fischer(minutes: u64, increment_secs: u64) -> TimeControl {
        TimeControl::Fischer {
            base: Duration::from_secs(minutes * 60),
            increment: Duration::from_secs(increment_secs),
        }
    }

    /// Minutes with a per-move delay in seconds.
    pub fn delay(minutes: u64, delay_secs: u64) -> TimeControl {
        TimeControl::Delay {
            base: Duration::from_secs(minutes * 60),
            delay: Duration::from_secs(delay_secs),
        }
    }

    /// Reads `5+3` (Fischer), `5d3` (delay), `none`/`-` (no clock); minutes may have a
    /// fraction (`0.5+1`). Every time control typed (`match`, `tournament`, `play`, the
    /// window's custom clock) is read here.
    ///
    /// # Errors
    /// [`TimeControlError::Unreadable`] for anything else or values out of 0–600,
    /// [`TimeControlError::ZeroBase`] for a base time of zero (`0+1`, `0d1`: both clocks
    /// would run out before the first move).
    ///
    /// # Examples
    /// ```
    /// use esoterica::rules::clock::TimeControl;
    /// use std::time::Duration;
    /// assert_eq!(TimeControl::parse("5+3").unwrap(), TimeControl::fischer(5, 3));
    /// assert_eq!(TimeControl::parse("none").unwrap(), TimeControl::Unlimited);
    /// let TimeControl::Delay { base, delay } = TimeControl::parse("0.5d2").unwrap() else { panic!() };
    /// assert_eq!((base, delay), (Duration::from_secs(30), Duration::from_secs(2)));
    /// assert!(TimeControl::parse("5+").is_err());
    /// ```
    pub fn parse(text: &str) -> Result<TimeControl, TimeControlError> {
        let t = text.trim().to_ascii_lowercase();
        if matches!(t.as_str(), "none" | "-" | "unlimited" | "") {
            return Ok(TimeControl::Unlimited);
        }
        let err = || TimeControlError::Unreadable(text.to_string());
        let (m, s, delay) = if let Some((m, s)) = t.split_once('+') {
            (m, s, false)
        } else if let Some((m, s)) = t.split_once('d') {
            (m, s, true)
        } else {
            return Err(err());
        };
        let minutes: f64 = m.trim().parse().map_err(|_| err())?;
        let secs: u64 = s.trim().parse().map_err(|_| err())?;
        if !(0.0..=600.0).contains(&minutes) || secs > 600 || !minutes.is_finite() {
            return Err(err());
        }
        let base = Duration::from_millis((minutes * 60_000.0).round() as u64);
        if base.is_zero() {
            return Err(TimeControlError::ZeroBase(text.to_string()));
        }
        Ok(if delay {
            TimeControl::Delay {
                base,
                delay: Duration::from_secs(secs),
            }
        } else {
            TimeControl::Fischer {
                base,
                increment: Duration::from_secs(secs),
            }
        })
    }

    /// The PGN `TimeControl` tag value in seconds: `300+3`; with a delay the tag holds the
    /// base (`300`) and the delay goes in a separate `TimeControlDelay` tag; no clock is `-`.
    pub fn pgn_tag(&self) -> String {
        match self {
            TimeControl::Unlimited => "-".into(),
            TimeControl::Fischer { base, increment } => {
                format!("{}+{}", base.as_secs(), increment.as_secs())
            }
            TimeControl::Delay { base, .. } => format!("{}", base.as_secs()),
        }
    }

    /// Reads a PGN `TimeControl` tag (`300+3`, `300`, `-`); the delay (not part of the tag)
    /// comes from `delay_secs`.
    pub fn from_pgn(tag: &str, delay_secs: Option<u64>) -> Option<TimeControl> {
        let tag = tag.trim();
        if tag == "-" || tag == "?" {
            return Some(TimeControl::Unlimited);
        }
        let (base, inc) = match tag.split_once('+') {
            Some((b, i)) => (b.parse().ok()?, i.parse().ok()?),
            None => (tag.parse().ok()?, 0),
        };
        let base = Duration::from_secs(base);
        Some(match delay_secs {
            Some(d) => TimeControl::Delay {
                base,
                delay: Duration::from_secs(d),
            },
            None => TimeControl::Fischer {
                base,
                increment: Duration::from_secs(inc),
            },
        })
    }

    /// The text [`TimeControl::parse`] reads back: `5+3`, `5d2`, `none`.
    pub fn spec(&self) -> String {
        let minutes = |d: &Duration| {
            let m = d.as_secs_f64() / 60.0;
            if m.fract() == 0.0 {
                format!("{m:.0}")
            } else {
                format!("{m}")
            }
        };
        match self {
            TimeControl::Unlimited => "none".into(),
            TimeControl::Fischer { base, increment } => {
                format!("{}+{}", minutes(base), increment.as_secs())
            }
            TimeControl::Delay { base, delay } => format!("{}d{}", minutes(base), delay.as_secs()),
        }
    }

    /// A move time for a bot with `remaining` on its clock under this control: about a
    /// thirtieth of the time left plus most of the increment, at most a third of the time
    /// left, at least 20 ms. `None` without a clock.
    pub fn budget(&self, remaining: Duration) -> Option<Duration> {
        self.base()?;
        let bonus = match self {
            TimeControl::Delay { delay, .. } => *delay,
            _ => self.increment(),
        };
        let t = (remaining / 30 + bonus * 3 / 4).min(remaining / 3);
        // Whole milliseconds: bots and UCI engines take `movetime` in ms.
        let ms = u64::try_from(t.as_millis()).unwrap_or(u64::MAX);
        Some(Duration::from_millis(ms.max(20)))
    }

    /// Each side's time at the start; `None` without a clock.
    pub fn base(&self) -> Option<Duration> {
        match self {
            TimeControl::Unlimited => None,
            TimeControl::Fischer { base, .. } | TimeControl::Delay { base, .. } => Some(*base),
        }
    }

    /// The increment per move (zero for delay and no clock).
    pub fn increment(&self) -> Duration {
        match self {
            TimeControl::Fischer { increment, .. } => *increment,
            TimeControl::Unlimited | TimeControl::Delay { .. } => Duration::ZERO,
        }
    }
}

impl fmt::Display for TimeControl {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let minutes = |d: &Duration| {
            let m = d.as_secs_f64() / 60.0;
            if m.fract() == 0.0 {
                format!("{m:.0}")
            } else {
                format!("{m}")
            }
        };
        match self {
            TimeControl::Unlimited => f.write_str("no clock"),
            TimeControl::Fischer { base, increment } => {
                write!(f, "{}+{}", minutes(base), increment.as_secs())
            }
            TimeControl::Delay { base, delay } => {
                write!(f, "{} min, {} s delay", minutes(base), delay.as_secs())
            }
        }
    }
}

/// Two clocks under one time control. Which clocks run is set by the game
/// ([`Clock::start_move`], [`Clock::start_turn`], [`Clock::commit`]); time passes with
/// [`Clock::tick`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Clock {
    control: TimeControl,
    remaining: [Duration; 2],
    running: [bool; 2],
    /// Delay still to wait before each side's clock counts down (delay mode).
    delay_left: [Duration; 2],
    /// Paused clocks keep which ones were running.
    paused: bool,
}

impl Clock {
    /// Both clocks at the base time, stopped. `None` for [`TimeControl::Unlimited`].
    pub fn new(control: TimeControl) -> Option<Clock> {
        let base = control.base()?;
        Some(Clock {
            control,
            remaining: [base; 2],
            running: [false; 2],
            delay_left: [Duration::ZERO; 2],
            paused: false,
        })
    }

    /// A clock continuing from saved remaining times (resume, a loaded game).
    pub fn with_remaining(control: TimeControl, white: Duration, black: Duration) -> Option<Clock> {
        let mut c = Clock::new(control)?;
        c.remaining = [white, black];
        Some(c)
    }

    /// The time control.
    pub fn control(&self) -> TimeControl {
        self.control
    }

    /// Time left for `side`.
    pub fn remaining(&self, side: Color) -> Duration {
        self.remaining[side.index()]
    }

    /// Whether `side`'s clock is running (and not paused).
    pub fn is_running(&self, side: Color) -> bool {
        self.running[side.index()] && !self.paused
    }

    /// Whether the clocks are paused.
    pub fn is_paused(&self) -> bool {
        self.paused
    }

    /// Pauses or resumes both clocks (hot-seat pause); the running state is kept.
    pub fn set_paused(&mut self, paused: bool) {
        self.paused = paused;
    }

    /// Lets `dt` pass on the running clocks (a clock at zero stays at zero).
    pub fn tick(&mut self, dt: Duration) {
        self.tick_sides(dt, [true; 2]);
    }

    /// Lets `dt` pass on the running clocks of the sides marked in `sides` (White, Black):
    /// a side that cannot move now keeps its time although its clock is the running one.
    pub fn tick_sides(&mut self, dt: Duration, sides: [bool; 2]) {
        if self.paused {
            return;
        }
        for (i, may_tick) in sides.into_iter().enumerate() {
            if !self.running[i] || !may_tick {
                continue;
            }
            let waited = self.delay_left[i].min(dt);
            self.delay_left[i] -= waited;
            self.remaining[i] = self.remaining[i].saturating_sub(dt - waited);
        }
    }

    /// Alternating play: `side` is to move; its clock runs, the other's stops.
    pub fn start_move(&mut self, side: Color) {
        self.running = [false; 2];
        self.running[side.index()] = true;
        self.delay_left[side.index()] = self.delay();
    }

    /// Alternating play: `side` has moved; it gains its increment and the other side's
    /// clock starts.
    pub fn moved(&mut self, side: Color) {
        self.remaining[side.index()] += self.control.increment();
        self.start_move(side.other());
    }

    /// Parity: a new turn; both clocks run.
    pub fn start_turn(&mut self) {
        self.running = [true; 2];
        self.delay_left = [self.delay(); 2];
    }

    /// Parity: `side` has committed; its clock stops (the other's keeps running).
    pub fn commit(&mut self, side: Color) {
        self.running[side.index()] = false;
    }

    /// Parity: `side` took its commit back; its clock runs again.
    pub fn uncommit(&mut self, side: Color) {
        self.running[side.index()] = true;
    }

    /// Parity: the turn resolved; each side gains its increment and the next turn starts.
    pub fn turn_resolved(&mut self) {
        for r in &mut self.remaining {
            *r += self.control.increment();
        }
        self.start_turn();
    }

    /// Starts the clocks of a position under `model`: the side to move's (alternating), or
    /// both (a simultaneous turn).
    pub fn start(&mut self, model: TurnModel, turn: Color) {
        match model {
            TurnModel::Alternating => self.start_move(turn),
            TurnModel::Simultaneous => self.start_turn(),
        }
    }

    /// An entry was played under `model`: `mover` gains its increment and the other side's
    /// clock starts (alternating), or both gain it and the next turn starts (simultaneous;
    /// `mover` is unused).
    pub fn entry_played(&mut self, model: TurnModel, mover: Color) {
        match model {
            TurnModel::Alternating => self.moved(mover),
            TurnModel::Simultaneous => self.turn_resolved(),
        }
    }

    /// Stops both clocks (the game is over).
    pub fn stop(&mut self) {
        self.running = [false; 2];
    }

    /// The sides whose time is up, White first.
    pub fn flagged(&self) -> Vec<Color> {
        [Color::White, Color::Black]
            .into_iter()
            .filter(|s| self.remaining[s.index()].is_zero())
            .collect()
    }

    fn delay(&self) -> Duration {
        match self.control {
            TimeControl::Delay { delay, .. } => delay,
            TimeControl::Unlimited | TimeControl::Fischer { .. } => Duration::ZERO,
        }
    }
}

/// A clock reading as a PGN `%clk` value: `H:MM:SS` (whole seconds, rounded down).
///
/// # Examples
/// ```
/// use esoterica::rules::clock::clk_text;
/// assert_eq!(clk_text(std::time::Duration::from_millis(293_900)), "0:04:53");
/// ```
pub fn clk_text(d: Duration) -> String {
    let s = d.as_secs();
    format!("{}:{:02}:{:02}", s / 3600, s / 60 % 60, s % 60)
}

/// Reads a `%clk` value (`H:MM:SS`, optionally with fractional seconds).
pub fn parse_clk(text: &str) -> Option<Duration> {
    let mut parts = text.trim().split(':');
    let h: u64 = parts.next()?.parse().ok()?;
    let m: u64 = parts.next()?.parse().ok()?;
    let s: f64 = parts.next()?.parse().ok()?;
    if parts.next().is_some() || m >= 60 || !(0.0..60.0).contains(&s) {
        return None;
    }
    Some(Duration::from_secs(h * 3600 + m * 60) + Duration::from_secs_f64(s))
}

/// The outcome of a flag fall (`docs/rules/clocks.md`, "Flag fall"): `flagged` are the sides
/// whose time is up, in [`Clock::flagged`]'s order. One side: it loses on time if the other
/// side has mating material in the variant ([`has_mating_material`], rulings C-1 to C-3),
/// else the game is drawn. Both sides at once (Parity): a draw (ruling C-4). `None` when no
/// side flagged.
///
/// [`has_mating_material`]: super::variants::has_mating_material
///
/// # Examples
/// ```
/// use esoterica::rules::clock::flag_fall;
/// use esoterica::rules::outcome::{DrawReason, Outcome, WinReason};
/// use esoterica::rules::{Color, Position, Variant};
/// let p = Position::from_text(Variant::Standard, "4k3/8/8/8/8/8/8/R3K3 w - - 0 1").unwrap();
/// assert_eq!(
///     flag_fall(&p, &[Color::Black]),
///     Some(Outcome::Win { winner: Color::White, reason: WinReason::Timeout })
/// );
/// assert_eq!(
///     flag_fall(&p, &[Color::White]),
///     Some(Outcome::Draw { reason: DrawReason::TimeoutVsInsufficientMaterial })
/// );
/// ```
pub fn flag_fall(pos: &Position, flagged: &[Color]) -> Option<Outcome> {
    match flagged {
        [] => None,
        [loser] => {
            let winner = loser.other();
            Some(if super::variants::has_mating_material(pos, winner) {
                Outcome::Win {
                    winner,
                    reason: WinReason::Timeout,
                }
            } else {
                Outcome::Draw {
                    reason: DrawReason::TimeoutVsInsufficientMaterial,
                }
            })
        }
        _ => Some(Outcome::Draw {
            reason: DrawReason::BothTimedOut,
        }),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const S: fn(u64) -> Duration = Duration::from_secs;

    /// Flag fall by rulings C-1 to C-4: a lone King cannot win on time in a checkmate
    /// variant, can in Parity against more than a King, and two flags at once draw.
    #[test]
    fn flag_fall_follows_the_variants_mating_material() {
        use crate::rules::Variant;
        let at = |v: Variant, text: &str| Position::from_text(v, text).unwrap();
        let white_wins = Some(Outcome::Win {
            winner: Color::White,
            reason: WinReason::Timeout,
        });
        let black_wins = Some(Outcome::Win {
            winner: Color::Black,
            reason: WinReason::Timeout,
        });
        let no_material = Some(Outcome::Draw {
            reason: DrawReason::TimeoutVsInsufficientMaterial,
        });
        let p = at(Variant::Standard, "4k3/4p3/8/8/8/8/8/4K3 w - - 0 1");
        assert_eq!(flag_fall(&p, &[Color::White]), black_wins);
        assert_eq!(flag_fall(&p, &[Color::Black]), no_material);
        assert_eq!(flag_fall(&p, &[]), None);
        let p = at(Variant::Parity, "4k3/4p3/8/8/8/8/8/4K3 w - - 0 1 -/-");
        assert_eq!(flag_fall(&p, &[Color::Black]), white_wins);
        assert_eq!(
            flag_fall(&p, &[Color::White, Color::Black]),
            Some(Outcome::Draw {
                reason: DrawReason::BothTimedOut
            })
        );
        let p = at(Variant::Parity, "4k3/8/8/8/8/8/8/4K3 w - - 0 1 -/-");
        assert_eq!(flag_fall(&p, &[Color::Black]), no_material);
    }

    #[test]
    fn fischer_clocks_run_for_the_side_to_move_and_add_the_increment() {
        let mut c = Clock::new(TimeControl::fischer(5, 3)).unwrap();
        c.start_move(Color::White);
        c.tick(S(10));
        assert_eq!(c.remaining(Color::White), S(290));
        assert_eq!(c.remaining(Color::Black), S(300));
        c.moved(Color::White);
        assert_eq!(c.remaining(Color::White), S(293));
        assert!(c.is_running(Color::Black) && !c.is_running(Color::White));
        c.tick(S(4));
        assert_eq!(c.remaining(Color::Black), S(296));
        c.set_paused(true);
        c.tick(S(100));
        assert_eq!(
            c.remaining(Color::Black),
            S(296),
            "paused clocks do not run"
        );
        c.set_paused(false);
        c.tick(S(1000));
        assert_eq!(c.remaining(Color::Black), Duration::ZERO);
        assert_eq!(c.flagged(), vec![Color::Black]);
    }

    #[test]
    fn delay_is_waited_before_the_clock_counts_and_is_not_banked() {
        let mut c = Clock::new(TimeControl::delay(1, 5)).unwrap();
        c.start_move(Color::White);
        c.tick(S(3));
        assert_eq!(c.remaining(Color::White), S(60), "inside the delay");
        c.tick(S(4));
        assert_eq!(c.remaining(Color::White), S(58));
        c.moved(Color::White);
        assert_eq!(
            c.remaining(Color::White),
            S(58),
            "no increment with a delay"
        );
        c.tick(S(2));
        c.moved(Color::Black);
        assert_eq!(
            c.remaining(Color::Black),
            S(60),
            "2 s inside a 5 s delay cost nothing"
        );
    }

    #[test]
    fn parity_clocks_both_run_stop_on_commit_and_gain_the_increment_on_resolution() {
        let mut c = Clock::new(TimeControl::fischer(3, 2)).unwrap();
        c.start_turn();
        c.tick(S(5));
        assert_eq!(
            (c.remaining(Color::White), c.remaining(Color::Black)),
            (S(175), S(175))
        );
        c.commit(Color::White);
        c.tick(S(7));
        assert_eq!(
            c.remaining(Color::White),
            S(175),
            "White's clock stopped at its commit"
        );
        assert_eq!(c.remaining(Color::Black), S(168));
        c.commit(Color::Black);
        c.turn_resolved();
        assert_eq!(
            (c.remaining(Color::White), c.remaining(Color::Black)),
            (S(177), S(170))
        );
        assert!(c.is_running(Color::White) && c.is_running(Color::Black));
        // A take-back restarts the side's clock.
        c.commit(Color::Black);
        c.uncommit(Color::Black);
        c.tick(S(1));
        assert_eq!(c.remaining(Color::Black), S(169));
        // Both flag in the same tick.
        c.tick(S(500));
        assert_eq!(c.flagged(), vec![Color::White, Color::Black]);
    }

    #[test]
    fn time_controls_read_write_and_round_trip_in_pgn() {
        assert_eq!(TimeControl::parse("15+10").unwrap().pgn_tag(), "900+10");
        assert_eq!(
            TimeControl::parse(" 3 + 2 ").unwrap(),
            TimeControl::fischer(3, 2)
        );
        assert_eq!(TimeControl::parse("5d2").unwrap(), TimeControl::delay(5, 2));
        for bad in ["5", "+3", "x+1", "601+0", "5+601", "-1+0", "nan+1"] {
            assert_eq!(
                TimeControl::parse(bad),
                Err(TimeControlError::Unreadable(bad.to_string()))
            );
        }
        // A zero base time, with or without an increment or delay: refused, saying why.
        for zero in ["0+0", "0+1", "0d1", "0.0000001+5"] {
            let e = TimeControl::parse(zero).unwrap_err();
            assert_eq!(e, TimeControlError::ZeroBase(zero.to_string()));
            assert!(
                e.to_string()
                    .contains("the base time must be more than 0 minutes"),
                "{e}"
            );
        }
        let tc = TimeControl::fischer(10, 5);
        assert_eq!(TimeControl::from_pgn(&tc.pgn_tag(), None), Some(tc));
        let d = TimeControl::delay(5, 2);
        assert_eq!(TimeControl::from_pgn(&d.pgn_tag(), Some(2)), Some(d));
        assert_eq!(
            TimeControl::from_pgn("-", None),
            Some(TimeControl::Unlimited)
        );
        assert_eq!(TimeControl::fischer(5, 3).to_string(), "5+3");
        for tc in [
            TimeControl::fischer(5, 3),
            TimeControl::delay(1, 2),
            TimeControl::Unlimited,
        ] {
            assert_eq!(TimeControl::parse(&tc.spec()).unwrap(), tc);
        }
        assert_eq!(TimeControl::parse("0.5+0").unwrap().spec(), "0.5+0");
        // 5+3 with 5 minutes left: 10 s + 2.25 s; with 1 s left at most a third of it.
        assert_eq!(
            TimeControl::fischer(5, 3).budget(S(300)),
            Some(Duration::from_millis(12_250))
        );
        assert_eq!(
            TimeControl::fischer(5, 3).budget(S(1)),
            Some(Duration::from_millis(333))
        );
        assert_eq!(TimeControl::Unlimited.budget(S(1)), None);
        assert!(Clock::new(TimeControl::Unlimited).is_none());
        assert_eq!(parse_clk("0:04:53"), Some(S(293)));
        assert_eq!(
            parse_clk("1:00:00.5"),
            Some(Duration::from_millis(3_600_500))
        );
        assert_eq!(parse_clk("0:61:00"), None);
        assert_eq!(clk_text(S(3725)), "1:02:05");
    }
}
