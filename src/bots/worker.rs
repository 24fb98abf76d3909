//! Running a bot on its own thread: the shape the game's `BotPlugin` needs. The host hands
//! over the bot, a clone of the [`Position`] and limits; it may raise the stop flag at any
//! time (the bot then answers with its best move so far) and polls for the result without
//! blocking. A panicking bot becomes an error, not a crashed game.

use std::panic::{AssertUnwindSafe, catch_unwind};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{Receiver, TryRecvError, channel};

use super::{Bot, SearchInfo, SearchLimits, StopControl};
use crate::rules::{Color, Move, Position};

/// What a finished worker hands back: the bot (for the next move), its move and its last
/// progress report, or why it failed.
pub type WorkerResult = Result<(Box<dyn Bot>, Option<Move>, Option<SearchInfo>), String>;

/// A bot thinking on a worker thread.
pub struct BotWorker {
    stop: Arc<AtomicBool>,
    rx: Receiver<WorkerResult>,
}

impl BotWorker {
    /// Starts `bot` on `pos`: [`Bot::choose`] for alternating variants, or [`Bot::commit`]
    /// for `side` when `side` is given (Parity).
    ///
    /// # Errors
    /// The OS error when the thread cannot be started.
    pub fn spawn(
        mut bot: Box<dyn Bot>,
        pos: Position,
        side: Option<Color>,
        limits: SearchLimits,
    ) -> Result<BotWorker, std::io::Error> {
        let stop = Arc::new(AtomicBool::new(false));
        let flag = Arc::clone(&stop);
        let (tx, rx) = channel();
        std::thread::Builder::new()
            .name("esoterica-bot".into())
            .spawn(move || {
                let mut ctl = StopControl::new(flag);
                let got = catch_unwind(AssertUnwindSafe(|| match side {
                    Some(s) => bot.commit(&pos, s, limits, &mut ctl),
                    None => bot.choose(&pos, limits, &mut ctl),
                }));
                let msg = match got {
                    Ok(m) => Ok((bot, m, ctl.last)),
                    Err(_) => Err("the bot panicked".to_string()),
                };
                let _ = tx.send(msg);
            })?;
        Ok(BotWorker { stop, rx })
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
            Err(TryRecvError::Disconnected) => {
                Some(Err("the bot thread ended without an answer".into()))
            }
        }
    }

    /// Waits for the result.
    pub fn wait(self) -> WorkerResult {
        self.rx
            .recv()
            .unwrap_or_else(|_| Err("the bot thread ended without an answer".into()))
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
            limits,
        )
        .unwrap();
        std::thread::sleep(std::time::Duration::from_millis(100));
        w.stop();
        let (_, m, _) = w.wait().unwrap();
        assert!(pos.is_legal(&m.unwrap()));
    }
}
