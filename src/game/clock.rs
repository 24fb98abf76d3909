//! The game's clocks (`docs/rules/clocks.md`): the live [`Clock`] of the game on the board,
//! fed with the frame time, started by the first move (Parity: the first commit), switched
//! by every resolved move (Parity: stopped per commit, incremented when the turn resolves),
//! written into the record after each entry (so autosave and PGN carry `%clk`), rebuilt
//! from the record after undo, resume or load, and ending the game on a flag fall (a win,
//! or a draw when the other side has no mating material — the rules core decides). A
//! watched game's clocks show the readings its file recorded and never run.
//! Headless; runs in [`AppSystems::Sync`](crate::AppSystems::Sync), after the moves of the
//! frame resolved. A clock runs only while its side can move: in [`AppMode::Play`], not
//! while a question or dialog holds the game, and, while an earlier position is reviewed,
//! only for a person's side (a bot waits for the review to end).

use std::time::Duration;

use bevy::prelude::*;

use bevy::ecs::system::SystemParam;

use super::commits::{CommitRecorded, CommitTakenBack};
use super::messages::MoveResolved;
use super::notice::Notice;
use super::session::{AppMode, Holds};
use super::state::{ActiveGame, AutomatedSides, GameOrigin};

use crate::rules::Color as Side;
use crate::rules::clock::{Clock, TimeControl, flag_fall};

/// The time control new games get (the new-game panel, `play --time-control`).
#[derive(Resource, Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct ClockChoice(pub TimeControl);

/// The clocks of the game on the board; `None` without a time control.
#[derive(Resource, Debug, Clone, Default)]
pub struct LiveClock {
    /// The clocks.
    pub clock: Option<Clock>,
    /// Whether the clocks have started (the first move or commit was made).
    pub started: bool,
    /// The game and its length the clocks were last set for.
    seen: Option<(u64, usize)>,
}

impl LiveClock {
    /// Remaining time of `side`, if there is a clock.
    pub fn remaining(&self, side: Side) -> Option<Duration> {
        self.clock.as_ref().map(|c| c.remaining(side))
    }
}

/// Asks to pause (`true`) or resume (`false`) the clocks (hot-seat).
#[derive(Message, Debug, Clone, Copy, PartialEq, Eq)]
pub struct PauseClockRequest(pub bool);

pub(crate) fn plugin(app: &mut App) {
    app.init_resource::<ClockChoice>()
        .init_resource::<LiveClock>()
        .add_message::<PauseClockRequest>();
}

/// The clocks for `game` from its record: the last recorded clock readings (or the base
/// time), running for the side to move (Parity: both), started once a move was made.
pub fn clock_for(game: &ActiveGame) -> LiveClock {
    let record = &game.record;
    let mut clock = Clock::new(record.time_control);
    let started = !record.is_empty();
    if let (Some(c), Some(last)) = (
        clock.as_mut(),
        record
            .len()
            .checked_sub(1)
            .and_then(|i| record.clocks_after(i)),
    ) {
        *c = Clock::with_remaining(record.time_control, last[0], last[1]).unwrap_or(c.clone());
    }
    if let Some(c) = clock.as_mut()
        && started
        && record.outcome().is_none()
    {
        c.start(game.variant().turn_model(), record.current().turn());
    }
    LiveClock {
        clock,
        started,
        seen: Some((game.id, record.len())),
    }
}

/// The clock-relevant messages of a frame.
#[derive(SystemParam)]
pub(crate) struct ClockEvents<'w, 's> {
    resolved: MessageReader<'w, 's, MoveResolved>,
    recorded: MessageReader<'w, 's, CommitRecorded>,
    taken_back: MessageReader<'w, 's, CommitTakenBack>,
    pause: MessageReader<'w, 's, PauseClockRequest>,
}

/// Who may move now, as the clocks see it: the mode, the holds of this frame and the
/// seats (read directly, not through [`GamePhase`](super::session::GamePhase), which
/// follows a frame later).
#[derive(SystemParam)]
pub(crate) struct ClockMoment<'w> {
    mode: Option<Res<'w, State<AppMode>>>,
    holds: Option<Res<'w, Holds>>,
    automated: Option<Res<'w, AutomatedSides>>,
}

impl ClockMoment<'_> {
    /// Which sides' clocks may run now (White, Black) in `game`: in play, with no question
    /// or dialog open; while an earlier position is reviewed, a person's clock runs (the
    /// person may go back and move) and a bot's stands (it does not think meanwhile).
    fn sides_that_can_move(&self, game: &ActiveGame) -> [bool; 2] {
        let playing = self
            .mode
            .as_deref()
            .is_none_or(|m| *m.get() == AppMode::Play);
        let held = self.holds.as_deref().is_some_and(|h| h.current().is_some());
        let automated = self.automated.as_deref().copied().unwrap_or_default();
        Side::BOTH.map(|side| playing && !held && (game.review.is_none() || !automated.plays(side)))
    }
}

/// Sets, switches and runs the clocks, and ends the game when one falls.
pub(crate) fn run_clock(
    time: Res<Time>,
    mut game: ResMut<ActiveGame>,
    mut live: ResMut<LiveClock>,
    moment: ClockMoment,
    mut events: ClockEvents,
    mut notices: MessageWriter<Notice>,
) {
    let moves = events.resolved.read().count();
    let committed: Vec<Side> = events.recorded.read().map(|c| c.side).collect();
    let withdrawn: Vec<Side> = events.taken_back.read().map(|c| c.side).collect();
    if game.origin == GameOrigin::Watched {
        // A replay shows the file's own readings (`%clk`): its clocks never run, so no
        // flag can fall that did not fall in the game.
        let mut shown = clock_for(&game);
        if let Some(c) = shown.clock.as_mut() {
            c.stop();
        }
        *live = shown;
        return;
    }
    let now = (game.id, game.record.len());
    let expected = live.seen.map(|(id, len)| (id, len + moves));
    if expected != Some(now) {
        // A new game, an undo, a load: the clocks come from the record.
        let paused = live.clock.as_ref().is_some_and(Clock::is_paused);
        *live = clock_for(&game);
        if let Some(c) = live.clock.as_mut() {
            c.set_paused(paused && game.id == expected.map_or(u64::MAX, |e| e.0));
        }
        return;
    }
    live.seen = Some(now);
    let model = game.variant().turn_model();
    let mut started = live.started;
    let Some(clock) = live.clock.as_mut() else {
        return;
    };
    if let Some(PauseClockRequest(p)) = events.pause.read().last().copied() {
        clock.set_paused(p);
    }
    for side in committed {
        if !started {
            clock.start_turn();
            started = true;
        }
        clock.commit(side);
    }
    for side in withdrawn {
        clock.uncommit(side);
    }
    // The record is already past these moves: the movers alternate back from the side to
    // move now (a simultaneous turn has no single mover: both gain).
    let mut mover = game.record.current().turn();
    for _ in 0..moves {
        mover = mover.other();
    }
    for _ in 0..moves {
        started = true;
        clock.entry_played(model, mover);
        mover = mover.other();
    }
    live.started = started;
    let Some(clock) = live.clock.as_mut() else {
        return;
    };
    if moves > 0 {
        let reading = [clock.remaining(Side::White), clock.remaining(Side::Black)];
        game.record.set_last_clocks(reading);
    }
    if game.record.outcome().is_some() {
        clock.stop();
        return;
    }
    if !started {
        return;
    }
    clock.tick_sides(time.delta(), moment.sides_that_can_move(&game));
    let Some(outcome) = flag_fall(game.record.current(), &clock.flagged()) else {
        return;
    };
    clock.stop();
    game.record.declare(outcome);
    notices.write(Notice::FlagFell(outcome));
}
