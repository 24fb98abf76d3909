//! Running a bot on its own thread: the shape the game's `BotPlugin` needs. The host hands
//! over the bot, a clone of the [`Position`] and limits; it may raise the stop flag at any
//! time (the bot then answers with its best move so far) and polls for the result without
//! blocking. A panicking bot becomes an error, not a crashed game.

use std::panic::{AssertUnwindSafe, catch_unwind};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{Receiver, TryRecvError, channel};

use super::{Bot, BotError, Clock, SearchInfo, SearchLimits, StopControl};
use crate::rules::{Color, Move, Position};

/// What a finished worker hands back: the bot (for the next move), its move and its last
/// progress report, or why it failed ([`BotError::Panicked`], [`BotError::ThreadEnded`]).
pub type WorkerResult = Result<(Box<dyn Bot>, Option<Move>, Option<SearchInfo>), BotError>;

/// A bot thinking on a worker thread.
pub struct BotWorker {
    stop: Arc<AtomicBool>,
    rx: Receiver<WorkerResult>,
}

impl BotWorker {
    /// Starts `bot` on `pos`: [`Bot::choose`] for alternating variants, or [`Bot::commit`]
    /// for `side` when `side` is given (Parity). With a `clock` (the mover's time left and
    /// its increment) an alternating bot plans its own time with [`Bot::choose_on_clock`]
    /// (`limits` may still cap it); a Parity commit takes the clock's [`Clock::budget`] as
    /// its move time.
    ///
    /// # Errors
    /// The OS error when the thread cannot be started.
    pub fn spawn(
        mut bot: Box<dyn Bot>,
        pos: Position,
        side: Option<Color>,
        clock: Option<Clock>,
        limits: SearchLimits,
    ) -> Result<BotWorker, std::io::Error> {
        let stop = Arc::new(AtomicBool::new(false));
        let flag = Arc::clone(&stop);
        let (tx, rx) = channel();
        std::thread::Builder::new()
            .name("esoterica-bot".into())
            .spawn(move || {
                let mut ctl = StopControl::new(flag);
                let got = catch_unwind(AssertUnwindSafe(|| {
                    super::think(bot.as_mut(), &pos, side, clock, limits, &mut ctl)
                }));
                let msg = match got {
                    Ok(m) => Ok((bot, m, ctl.last)),
                    Err(_) => Err(BotError::Panicked { message: None }),
                };
                let _ = tx.send(msg);
            })?;
        Ok(BotWorker { stop, rx })
    }

    /// Starts `bot` on `pos` for `side`, the side whose seat it has: its move (alternating
    /// variants, where `side` is the side to move) or its commit (simultaneous ones), as
    /// [`BotWorker::spawn`].
    ///
    /// # Errors
    /// The OS error when the thread cannot be started.
    pub fn spawn_for(
        bot: Box<dyn Bot>,
        pos: Position,
        side: Color,
        clock: Option<Clock>,
        limits: SearchLimits,
    ) -> Result<BotWorker, std::io::Error> {
        let commit_for = match pos.variant().turn_model() {
            crate::rules::TurnModel::Alternating => None,
            crate::rules::TurnModel::Simultaneous => Some(side),
        };
        BotWorker::spawn(bot, pos, commit_for, clock, limits)
    }

    /// Asks the bot to stop thinking and answer now.
    pub fn stop(&self) {
        self.stop.store(true, Ordering::Relaxed);
    }

    /// The result if the bot has finished, without waiting.
    pub fn try_take(&self) -> Option<WorkerResult> {
        match self.rx.try_recv() {
            Ok(r) => Some(r),
            Err(TryRecvError::Empty) => None,
            Err(TryRecvError::Disconnected) => Some(Err(BotError::ThreadEnded)),
        }
    }

    /// Waits for the result.
    pub fn wait(self) -> WorkerResult {
        self.rx.recv().unwrap_or(Err(BotError::ThreadEnded))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bots::AlphaBetaBot;
    use crate::rules::Variant;

    #[test]
    fn stop_flag_ends_an_unlimited_search_with_a_legal_move() {
        let pos = Position::new(Variant::Standard);
        let limits = SearchLimits {
            nodes: Some(u64::MAX),
            depth: Some(64),
            movetime: None,
        };
        // Level 5 with an unlimited budget would think for a very long time.
        let w = BotWorker::spawn(
            Box::new(AlphaBetaBot::with_level(5, 1)),
            pos.clone(),
            None,
            None,
            limits,
        )
        .unwrap();
        std::thread::sleep(std::time::Duration::from_millis(100));
        w.stop();
        let (_, m, _) = w.wait().unwrap();
        assert!(pos.is_legal(&m.unwrap()));
    }

    /// Waits for `w` up to a minute (far longer than its clock allows); `None` if it is
    /// still thinking then.
    fn wait_a_minute(w: BotWorker) -> Option<WorkerResult> {
        let (tx, rx) = std::sync::mpsc::channel();
        std::thread::spawn(move || {
            let _ = tx.send(w.wait());
        });
        rx.recv_timeout(std::time::Duration::from_secs(60)).ok()
    }

    #[test]
    fn a_bot_on_a_clock_ends_its_unlimited_search_by_itself() {
        // Depth and nodes unlimited and nobody raises the stop flag: only the clock (half a
        // second left, no increment) ends the search.
        let limits = SearchLimits {
            nodes: Some(u64::MAX),
            depth: Some(64),
            movetime: None,
        };
        let clock = Clock {
            remaining: std::time::Duration::from_millis(500),
            increment: std::time::Duration::ZERO,
            moves_to_go: None,
        };
        let pos = Position::new(Variant::Standard);
        let w = BotWorker::spawn(
            Box::new(AlphaBetaBot::with_level(8, 1)),
            pos.clone(),
            None,
            Some(clock),
            limits,
        )
        .unwrap();
        let (_, m, info) = wait_a_minute(w)
            .expect("still thinking after a minute")
            .unwrap();
        assert!(pos.is_legal(&m.unwrap()));
        assert!(info.is_some_and(|i| i.depth >= 1));
        // A Parity commit on the same clock.
        let pos = Position::new(Variant::Parity);
        let w = BotWorker::spawn(
            Box::new(AlphaBetaBot::with_level(8, 1)),
            pos.clone(),
            Some(Color::Black),
            Some(clock),
            limits,
        )
        .unwrap();
        let (_, m, _) = wait_a_minute(w)
            .expect("still thinking after a minute")
            .unwrap();
        let mut black = pos.clone();
        black.set_turn(Color::Black);
        assert!(black.is_legal(&m.unwrap()));
    }
}
