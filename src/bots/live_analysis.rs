//! Analysis in the window, off the main thread: [`AnalysisPlugin`] keeps [`LiveAnalysis`] —
//! the best lines of the position on screen ([`ActiveGame::shown`], so it follows the move
//! list while reviewing) from [`analysis::analyse`] or, with threats on, [`analysis::threats`]
//! — and [`GameEvals`], the evaluation after every entry of a finished or reviewed game for
//! the review graph. Each runs on its own thread; a frame only polls a channel, and a search
//! for a position that is gone is stopped. What is wanted comes from [`AnalysisSettings`]
//! (the panel's switches, `A`/`B`/`T` in the window).
//!
//! Runs in `PostUpdate`, after the frame's moves are resolved.

use std::sync::Arc;
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{Receiver, TryRecvError, channel};
use std::time::Duration;

use bevy::prelude::*;

use super::analysis::{self, Analysis, Line, Score};
use super::{SearchLimits, StopControl};
use crate::game::ActiveGame;
use crate::rules::{Color, Move, Position};

/// The most time one analysis of the position on screen takes (the level's depth and
/// node limits usually end it sooner).
pub const ANALYSIS_MOVETIME: Duration = Duration::from_secs(10);
/// The level the review graph evaluates each position at (fast, for a whole game).
pub const REVIEW_LEVEL: u8 = 6;
/// The most time the review graph spends on one position.
pub const REVIEW_MOVETIME: Duration = Duration::from_millis(250);
/// A move that loses at least this many centipawns for its side is marked a mistake on the
/// review graph.
pub const MISTAKE_CP: i32 = 150;

/// What the player asked to see (the analysis panel's switches).
#[derive(Resource, Debug, Clone, Copy, PartialEq, Eq)]
pub struct AnalysisSettings {
    /// The analysis panel is open: lines, scores and the evaluation bar.
    pub open: bool,
    /// The best move is drawn on the board as an arrow.
    pub hint: bool,
    /// The lines are the other side's: what it would play if it were its move.
    pub threats: bool,
    /// The `alphabeta` level that analyses (1–[`MAX_LEVEL`](crate::bots::search::MAX_LEVEL)).
    pub level: u8,
    /// How many lines (1–[`analysis::MAX_MULTIPV`]).
    pub lines: usize,
}

impl Default for AnalysisSettings {
    fn default() -> Self {
        AnalysisSettings {
            open: false,
            hint: false,
            threats: false,
            level: 7,
            lines: 3,
        }
    }
}

impl AnalysisSettings {
    /// Whether the position on screen is being analysed at all.
    pub fn wanted(&self) -> bool {
        self.open || self.arrow()
    }

    /// Whether an arrow is drawn on the board: the hint (`B`) or the threat (`T`).
    pub fn arrow(&self) -> bool {
        self.hint || self.threats
    }
}

/// What an analysis is for: the position, the side whose lines they are, and the settings
/// that shape it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Key {
    position: u64,
    turn: Color,
    threats: bool,
    level: u8,
    lines: usize,
}

enum Progress {
    Line(Line),
    Done(Result<Analysis, analysis::AnalysisError>),
}

/// A search on its thread: its stop flag (raised when the job is dropped) and the channel
/// it reports on (a Mutex only to make the resource `Sync`; never contended).
struct Job<T> {
    stop: Arc<AtomicBool>,
    rx: Mutex<Receiver<T>>,
}

impl<T> Drop for Job<T> {
    fn drop(&mut self) {
        self.stop.store(true, Ordering::Relaxed);
    }
}

/// The analysis of the position on screen, as far as it has got.
#[derive(Resource, Default)]
pub struct LiveAnalysis {
    key: Option<Key>,
    /// The side the lines are for (the side to move, or the other one with threats).
    pub side: Option<Color>,
    /// The best lines so far, best first (line `k` at index `k - 1`); each deepens as the
    /// search goes on.
    pub lines: Vec<Line>,
    /// The analysis has finished (the lines are final).
    pub done: bool,
    /// Why there are no lines (the game is over, threats refused in check, …).
    pub note: Option<String>,
    job: Option<Job<Progress>>,
}

impl LiveAnalysis {
    /// The best move so far, for the hint arrow.
    pub fn best(&self) -> Option<Move> {
        self.lines.first().map(|l| l.first)
    }

    /// The score of the best line from White's point of view.
    pub fn white_score(&self) -> Option<Score> {
        let side = self.side?;
        self.lines.first().map(|l| for_white(l.score, side))
    }

    fn clear(&mut self) {
        self.job = None;
        self.key = None;
        self.side = None;
        self.lines.clear();
        self.done = false;
        self.note = None;
    }
}

/// `score` for `side` seen from White's side.
pub fn for_white(score: Score, side: Color) -> Score {
    match (side, score) {
        (Color::White, s) => s,
        (Color::Black, Score::Cp(c)) => Score::Cp(-c),
        (Color::Black, Score::Mate(n)) => Score::Mate(-n),
    }
}

/// The share of the evaluation bar that is White's, 0–1: 0.5 for an equal position, about
/// 0.73 for a pawn up (a logistic curve over centipawns), 1 or 0 for a mate.
pub fn bar_fraction(white: Score) -> f32 {
    match white {
        Score::Mate(n) if n > 0 => 1.0,
        Score::Mate(_) => 0.0,
        Score::Cp(c) => 1.0 / (1.0 + (-(c as f32) / 100.0).exp()),
    }
}

/// `score` as a player reads it: `+0.35`, `-1.20`, `M2` (mate in two), `-M1` (mated).
pub fn score_text(score: Score) -> String {
    match score {
        Score::Cp(c) => format!("{:+.2}", f64::from(c) / 100.0),
        Score::Mate(n) if n > 0 => format!("M{n}"),
        Score::Mate(n) => format!("-M{}", -n),
    }
}

/// The evaluation after every entry of the game, for the review graph: index 0 is the start
/// position, index `n` the position after `n` entries; White's point of view, centipawns
/// (mates as ±[`EVAL_CLAMP_CP`]).
#[derive(Resource, Default)]
pub struct GameEvals {
    /// The game and entry count the values are for.
    key: Option<(u64, usize, u64)>,
    /// One value per position, `None` until it is evaluated.
    pub evals: Vec<Option<i32>>,
    /// The side that plays entry 1 (`None`: Parity, both sides move in every entry).
    pub first_mover: Option<Color>,
    job: Option<Job<(usize, i32)>>,
}

/// Mates are drawn on the review graph at this many centipawns.
pub const EVAL_CLAMP_CP: i32 = 1000;

impl GameEvals {
    /// Whether the values are for `game` as it stands (the same game, entries and
    /// position): a graph is only drawn for the game it was computed for.
    pub fn is_for(&self, game: &ActiveGame) -> bool {
        self.key == Some(evals_key(game))
    }

    /// Drops the values and the job.
    fn clear(&mut self) {
        self.job = None;
        self.key = None;
        self.evals.clear();
        self.first_mover = None;
    }

    /// The entries (1-based, the entry that led to the position) whose mover lost at least
    /// [`MISTAKE_CP`] by the graph's values.
    pub fn mistakes(&self) -> Vec<usize> {
        mistakes_by(&self.evals, self.first_mover)
    }
}

/// The entries whose side lost at least [`MISTAKE_CP`]: entry `n` leads from position
/// `n - 1` to `n`. `first_mover` is the side that plays entry 1 of an alternating game
/// (`None`: Parity, both move in each entry, so a swing of that size either way counts).
pub fn mistakes_by(evals: &[Option<i32>], first_mover: Option<Color>) -> Vec<usize> {
    let mut out = Vec::new();
    for n in 1..evals.len() {
        let (Some(before), Some(after)) = (evals[n - 1], evals[n]) else {
            continue;
        };
        let swing = after - before;
        let lost = match first_mover {
            Some(first) => {
                let mover = if n % 2 == 1 { first } else { first.other() };
                match mover {
                    Color::White => -swing,
                    Color::Black => swing,
                }
            }
            None => swing.abs(),
        };
        if lost >= MISTAKE_CP {
            out.push(n);
        }
    }
    out
}

/// Adds the analysis resources and systems.
pub struct AnalysisPlugin;

impl Plugin for AnalysisPlugin {
    fn build(&self, app: &mut App) {
        app.init_resource::<AnalysisSettings>()
            .init_resource::<LiveAnalysis>()
            .init_resource::<GameEvals>()
            .add_systems(PostUpdate, (run_live_analysis, run_game_evals));
    }
}

/// Starts, follows and stops the analysis of the position on screen.
pub fn run_live_analysis(
    settings: Res<AnalysisSettings>,
    game: Res<ActiveGame>,
    mut live: ResMut<LiveAnalysis>,
) {
    if !settings.wanted() {
        if live.key.is_some() || live.job.is_some() {
            live.clear();
        }
        return;
    }
    let pos = game.shown();
    let side = if settings.threats {
        pos.turn().other()
    } else {
        pos.turn()
    };
    let key = Key {
        position: pos.repetition_key(),
        turn: pos.turn(),
        threats: settings.threats,
        level: settings.level,
        lines: settings.lines,
    };
    if live.key != Some(key) {
        live.clear();
        live.key = Some(key);
        live.side = Some(side);
        live.job = Some(spawn_analysis(pos.clone(), *settings));
    }
    let live = &mut *live;
    let Some(job) = &live.job else {
        return;
    };
    let Ok(rx) = job.rx.lock() else {
        return;
    };
    let mut finished = false;
    loop {
        match rx.try_recv() {
            Ok(Progress::Line(l)) => {
                let i = l.multipv.saturating_sub(1);
                if i < live.lines.len() {
                    live.lines[i] = l;
                } else if i == live.lines.len() {
                    live.lines.push(l);
                }
            }
            Ok(Progress::Done(Ok(a))) => {
                if let Some(o) = a.outcome {
                    live.note = Some(format!("{}.", o.describe()));
                } else if a.lines.is_empty() {
                    live.note = Some("No move to analyse.".into());
                }
                live.lines = a.lines;
                live.done = true;
                finished = true;
            }
            Ok(Progress::Done(Err(e))) => {
                live.note = Some(format!("{e}."));
                live.lines.clear();
                live.done = true;
                finished = true;
            }
            Err(TryRecvError::Empty) => break,
            Err(TryRecvError::Disconnected) => {
                finished = true;
                if !live.done {
                    live.note = Some("The analysis stopped.".into());
                    live.done = true;
                }
                break;
            }
        }
    }
    drop(rx);
    if finished {
        live.job = None;
    }
}

fn spawn_analysis(pos: Position, settings: AnalysisSettings) -> Job<Progress> {
    let limits = SearchLimits {
        movetime: Some(ANALYSIS_MOVETIME),
        ..SearchLimits::default()
    };
    spawn_job("esoterica-analysis", move |flag, tx| {
        let mut ctl = StopControl::new(flag);
        let mut report = |l: &Line| {
            let _ = tx.send(Progress::Line(l.clone()));
        };
        let search = if settings.threats {
            analysis::threats
        } else {
            analysis::analyse
        };
        let result = search(
            &pos,
            settings.level,
            limits,
            settings.lines,
            &mut ctl,
            &mut report,
        );
        let _ = tx.send(Progress::Done(result));
    })
}

/// Runs `work` on a thread named `name` with the job's stop flag and the sending end of
/// its channel; a thread that cannot start is logged, and the job then reports nothing.
fn spawn_job<T: Send + 'static>(
    name: &str,
    work: impl FnOnce(Arc<AtomicBool>, std::sync::mpsc::Sender<T>) + Send + 'static,
) -> Job<T> {
    let stop = Arc::new(AtomicBool::new(false));
    let flag = Arc::clone(&stop);
    let (tx, rx) = channel();
    if let Err(e) = std::thread::Builder::new()
        .name(name.into())
        .spawn(move || work(flag, tx))
    {
        warn!("{name}: cannot start a thread: {e}");
    }
    Job {
        stop,
        rx: Mutex::new(rx),
    }
}

/// Evaluates every position of a finished or reviewed game (the panel open) for the review
/// graph, one after the other on a thread; a changed game starts again.
pub fn run_game_evals(
    settings: Res<AnalysisSettings>,
    game: Res<ActiveGame>,
    mut evals: ResMut<GameEvals>,
) {
    // Another game (a new game, a rematch, a loaded one) forgets the old one's graph.
    if evals.key.is_some_and(|(id, _, _)| id != game.id) {
        evals.clear();
    }
    let wanted = settings.open
        && !game.record.is_empty()
        && (game.record.outcome().is_some() || game.review.is_some());
    if !wanted {
        return;
    }
    let key = evals_key(&game);
    if evals.key != Some(key) {
        evals.job = None;
        evals.key = Some(key);
        let positions: Vec<Position> = (0..=game.record.len())
            .filter_map(|n| game.record.position_after(n).cloned())
            .collect();
        evals.evals = vec![None; positions.len()];
        evals.first_mover = game.record.first_mover();
        evals.job = Some(spawn_evals(positions));
    }
    let evals = &mut *evals;
    let Some(job) = &evals.job else {
        return;
    };
    let Ok(rx) = job.rx.lock() else {
        return;
    };
    while let Ok((i, cp)) = rx.try_recv() {
        if let Some(slot) = evals.evals.get_mut(i) {
            *slot = Some(cp);
        }
    }
}

/// What a graph is computed for: the game, its length and its current position.
fn evals_key(game: &ActiveGame) -> (u64, usize, u64) {
    (
        game.id,
        game.record.len(),
        game.record.current().repetition_key(),
    )
}

fn spawn_evals(positions: Vec<Position>) -> Job<(usize, i32)> {
    let limits = SearchLimits {
        movetime: Some(REVIEW_MOVETIME),
        ..SearchLimits::default()
    };
    spawn_job("esoterica-review", move |flag, tx| {
        for (i, pos) in positions.iter().enumerate() {
            if flag.load(Ordering::Relaxed) {
                return;
            }
            let mut ctl = StopControl::new(Arc::clone(&flag));
            let cp = position_value(pos, &mut ctl, limits);
            if tx.send((i, cp)).is_err() {
                return;
            }
        }
    })
}

/// The value of `pos` for White in centipawns (a game over: its result; mates clamped to
/// ±[`EVAL_CLAMP_CP`]).
pub fn position_value(pos: &Position, ctl: &mut StopControl, limits: SearchLimits) -> i32 {
    if let Some(o) = pos.outcome() {
        return match o.winner() {
            Some(Color::White) => EVAL_CLAMP_CP,
            Some(Color::Black) => -EVAL_CLAMP_CP,
            None => 0,
        };
    }
    let side = pos.turn();
    match analysis::analyse(pos, REVIEW_LEVEL, limits, 1, ctl, &mut |_| {}) {
        Ok(a) => match a.lines.first().map(|l| for_white(l.score, side)) {
            Some(Score::Cp(c)) => c.clamp(-EVAL_CLAMP_CP, EVAL_CLAMP_CP),
            Some(Score::Mate(n)) if n > 0 => EVAL_CLAMP_CP,
            Some(Score::Mate(_)) => -EVAL_CLAMP_CP,
            None => 0,
        },
        Err(_) => 0,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scores_read_from_white_and_as_text() {
        assert_eq!(for_white(Score::Cp(35), Color::Black), Score::Cp(-35));
        assert_eq!(for_white(Score::Mate(2), Color::Black), Score::Mate(-2));
        assert_eq!(for_white(Score::Mate(-1), Color::White), Score::Mate(-1));
        assert_eq!(score_text(Score::Cp(35)), "+0.35");
        assert_eq!(score_text(Score::Cp(-120)), "-1.20");
        assert_eq!(score_text(Score::Cp(0)), "+0.00");
        assert_eq!(score_text(Score::Mate(2)), "M2");
        assert_eq!(score_text(Score::Mate(-1)), "-M1");
    }

    #[test]
    fn the_bar_is_half_for_equal_and_full_for_mate() {
        assert_eq!(bar_fraction(Score::Cp(0)), 0.5);
        assert!((bar_fraction(Score::Cp(100)) - 0.731).abs() < 0.001);
        assert!((bar_fraction(Score::Cp(-100)) - 0.269).abs() < 0.001);
        assert_eq!(bar_fraction(Score::Mate(3)), 1.0);
        assert_eq!(bar_fraction(Score::Mate(-3)), 0.0);
    }

    #[test]
    fn mistakes_are_drops_for_the_side_that_moved() {
        // Entry 1 (White) keeps the balance, entry 2 (Black) drops 200 for Black, entry 3
        // (White) drops 400 for White, entry 4 is not evaluated yet.
        let evals = [Some(20), Some(30), Some(230), Some(-170), None];
        assert_eq!(mistakes_by(&evals, Some(Color::White)), vec![2, 3]);
        // A game whose first entry is Black's: the same values read the other way.
        assert_eq!(mistakes_by(&evals, Some(Color::Black)), Vec::<usize>::new());
        // Parity: any swing of the size counts.
        assert_eq!(mistakes_by(&evals, None), vec![2, 3]);
    }
}
