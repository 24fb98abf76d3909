//! `Bot`: the built-in bots (and external ones) of `esoterica::bots`, thinking with the
//! interpreter lock released.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};

use esoterica::bots::{Bot, BotSpec, SearchLimits, StopControl};
use esoterica::rules::{Color, TurnModel};
use pyo3::prelude::*;

use crate::errors::{BotError, bot_err};
use crate::names;
use crate::position::{PyPosition, parent_for};
use crate::types::PyMove;

/// A bot: `"random"`, `"greedy"`, `"alphabeta[:1-8]"` or `"ext:<command line>"`, seeded.
/// It thinks with the interpreter lock released, so other Python threads run meanwhile;
/// one of them may `stop()` the search.
///
/// >>> from esoterica import Bot, Position
/// >>> bot = Bot("alphabeta:2", seed=1)
/// >>> p = Position("standard", "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1")
/// >>> bot.choose(p, movetime_ms=1000).uci
/// 'a1a8'
#[pyclass(module = "esoterica", name = "Bot")]
pub struct PyBot {
    spec: BotSpec,
    seed: u64,
    bot: Mutex<Box<dyn Bot>>,
    /// Raised by `stop()`; lowered when a search starts.
    stop: Arc<AtomicBool>,
    /// True from the start to the end of a search (set and cleared without the lock).
    thinking: AtomicBool,
}

fn limits(movetime_ms: Option<u64>, depth: Option<u32>, nodes: Option<u64>) -> SearchLimits {
    SearchLimits {
        movetime: movetime_ms.map(std::time::Duration::from_millis),
        depth,
        nodes,
    }
}

impl PyBot {
    fn think(
        &self,
        py: Python<'_>,
        position: &PyPosition,
        side: Color,
        limits: SearchLimits,
    ) -> PyResult<Option<PyMove>> {
        let pos = position.pos.clone();
        let simultaneous = pos.variant().turn_model() == TurnModel::Simultaneous;
        let (mv, fault) = py.detach(|| {
            let mut bot = self.bot.lock().unwrap_or_else(|e| e.into_inner());
            self.stop.store(false, Ordering::SeqCst);
            self.thinking.store(true, Ordering::SeqCst);
            let mut ctl = StopControl::new(Arc::clone(&self.stop));
            let mv = if simultaneous {
                bot.commit(&pos, side, limits, &mut ctl)
            } else {
                bot.choose(&pos, limits, &mut ctl)
            };
            self.thinking.store(false, Ordering::SeqCst);
            (mv, bot.fault())
        });
        if let Some(f) = fault {
            return Err(BotError::new_err(format!("{}: {f}", self.spec)));
        }
        // A `Move` is always a legal move of its side in its parent position; a move from an
        // external or plug-in bot that is not one is the bot's fault.
        match mv {
            Some(m) if !position.pos.legal_commits(side).contains(&m) => {
                Err(BotError::new_err(format!(
                    "{}: illegal move {} in {}",
                    self.spec,
                    m.coordinate(position.pos.shape()),
                    position.pos.to_text()
                )))
            }
            _ => Ok(mv.map(|m| PyMove::new(m, side, parent_for(&position.pos, side)))),
        }
    }
}

#[pymethods]
impl PyBot {
    /// A bot from its specification, seeded with `seed` (same seed, same moves, unless a
    /// `movetime_ms` cuts a search short).
    ///
    /// # Errors
    /// `BotError` for an unknown specification.
    #[new]
    #[pyo3(signature = (spec = "random", seed = 0))]
    fn py_new(spec: &str, seed: u64) -> PyResult<Self> {
        let spec = BotSpec::parse(spec).map_err(|e| bot_err(&e))?;
        let bot = spec.build(seed);
        Ok(PyBot {
            spec,
            seed,
            bot: Mutex::new(bot),
            stop: Arc::new(AtomicBool::new(false)),
            thinking: AtomicBool::new(false),
        })
    }

    /// The specification, as given (normalised): `alphabeta:3`.
    #[getter]
    fn spec(&self) -> String {
        self.spec.to_string()
    }

    /// One line describing the bot.
    #[getter]
    fn description(&self) -> String {
        self.spec.describe()
    }

    /// The bot's move for the side to move (Parity: White's commit), or `None` when it has
    /// none. Limits: `movetime_ms`, `depth` (plies), `nodes`; by default the bot's own.
    #[pyo3(signature = (position, *, movetime_ms = None, depth = None, nodes = None))]
    fn choose(
        &self,
        py: Python<'_>,
        position: &PyPosition,
        movetime_ms: Option<u64>,
        depth: Option<u32>,
        nodes: Option<u64>,
    ) -> PyResult<Option<PyMove>> {
        let side = position.pos.turn();
        self.think(py, position, side, limits(movetime_ms, depth, nodes))
    }

    /// Parity: `side`'s commit from the start-of-turn position (the bot never sees the
    /// other commit). For an alternating variant, `choose` for the side to move.
    #[pyo3(signature = (position, side, *, movetime_ms = None, depth = None, nodes = None))]
    fn commit(
        &self,
        py: Python<'_>,
        position: &PyPosition,
        side: &str,
        movetime_ms: Option<u64>,
        depth: Option<u32>,
        nodes: Option<u64>,
    ) -> PyResult<Option<PyMove>> {
        let side = names::color(side)?;
        self.think(py, position, side, limits(movetime_ms, depth, nodes))
    }

    /// Whether a `choose` or `commit` of this bot is searching now (readable from another
    /// thread while it does).
    #[getter]
    fn thinking(&self) -> bool {
        self.thinking.load(Ordering::SeqCst)
    }

    /// Asks the search in progress (in another thread) to stop now; it returns its best
    /// move so far. No effect when none is running: the next search starts afresh.
    fn stop(&self) {
        self.stop.store(true, Ordering::SeqCst);
    }

    /// The seed it was made with.
    #[getter]
    fn seed(&self) -> u64 {
        self.seed
    }

    /// Pickles as its specification and seed: the copy starts afresh from the seed (its
    /// random state and transposition table are not kept).
    fn __reduce__<'py>(&self, py: Python<'py>) -> (Bound<'py, pyo3::types::PyType>, (String, u64)) {
        (py.get_type::<PyBot>(), (self.spec.to_string(), self.seed))
    }

    fn __repr__(&self) -> String {
        format!("Bot('{}')", self.spec)
    }
}
