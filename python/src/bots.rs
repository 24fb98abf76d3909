//! `Bot`: the built-in bots (and external ones) of `esoterica::bots`, thinking with the
//! interpreter lock released.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};

use esoterica::bots::analysis::Score;
use esoterica::bots::{Bot, BotSpec, SearchControl, SearchInfo, SearchLimits};
use esoterica::rules::{Color, Move, TurnModel};
use pyo3::prelude::*;

use crate::errors::{BotError, bot_err};
use crate::names;
use crate::position::{PyPosition, parent_for};
use crate::types::PyMove;

/// A bot: `"random"`, `"greedy"`, `"alphabeta[:1-9]"` or `"ext:<command line>"`, seeded.
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

/// A [`SearchControl`] that keeps the last report of the search and the most nodes it
/// counted, stopped by the bot's flag.
struct Recorder {
    stop: Arc<AtomicBool>,
    last: Option<SearchInfo>,
    nodes: u64,
}

impl SearchControl for Recorder {
    fn should_stop(&mut self, nodes: u64) -> bool {
        self.nodes = self.nodes.max(nodes);
        self.stop.load(Ordering::SeqCst)
    }

    fn report(&mut self, info: SearchInfo) {
        self.nodes = self.nodes.max(info.nodes);
        self.last = Some(info);
    }
}

impl PyBot {
    /// Runs the bot for `side` in `position`: its move (checked legal), the last report of
    /// its search and the most nodes it counted.
    fn run(
        &self,
        py: Python<'_>,
        position: &PyPosition,
        side: Color,
        limits: SearchLimits,
    ) -> PyResult<(Option<Move>, Option<SearchInfo>, u64)> {
        let pos = position.pos.clone();
        let simultaneous = pos.variant().turn_model() == TurnModel::Simultaneous;
        let (mv, fault, rec) = py.detach(|| {
            let mut bot = self.bot.lock().unwrap_or_else(|e| e.into_inner());
            self.stop.store(false, Ordering::SeqCst);
            self.thinking.store(true, Ordering::SeqCst);
            let mut rec = Recorder {
                stop: Arc::clone(&self.stop),
                last: None,
                nodes: 0,
            };
            let mv = if simultaneous {
                bot.commit(&pos, side, limits, &mut rec)
            } else {
                bot.choose(&pos, limits, &mut rec)
            };
            self.thinking.store(false, Ordering::SeqCst);
            (mv, bot.fault(), rec)
        });
        if let Some(f) = fault {
            return Err(BotError::new_err(format!("{}: {f}", self.spec)));
        }
        // A `Move` is always a legal move of its side in its parent position; a move from an
        // external or plug-in bot that is not one is the bot's fault.
        match mv {
            Some(m) if !position.pos.legal_commits(side).contains(&m) => {
                let why = esoterica::bots::BotError::illegal_move(&position.pos, &m);
                Err(BotError::new_err(format!("{}: {why}", self.spec)))
            }
            _ => Ok((mv, rec.last, rec.nodes)),
        }
    }

    fn think(
        &self,
        py: Python<'_>,
        position: &PyPosition,
        side: Color,
        limits: SearchLimits,
    ) -> PyResult<Option<PyMove>> {
        let (mv, _, _) = self.run(py, position, side, limits)?;
        Ok(mv.map(|m| PyMove::new(m, side, parent_for(&position.pos, side))))
    }
}

/// What a bot's search found (`Bot.search`): the move it plays, and from the last depth its
/// search completed the score, the depth, the principal variation and the nodes.
///
/// A bot without a search (`random`, `greedy`) reports no score: `score` and `mate` are
/// `None`, `depth` is 0 and `pv` is the move alone. A Parity or Single Occupation commit
/// reports the value of the commit matrix for the side asked (the best blend of worst case
/// and mean, `mate` 1 for a win against every reply), `depth` 1 for one turn and 2 where
/// the second turn was looked at, `pv` the commit alone; a side with one commit has no
/// matrix and no score. At the levels with noise (`alphabeta:1`–`5`) the bot may play a
/// move other than `pv[0]`, the search's best.
#[pyclass(module = "esoterica", name = "SearchResult", frozen)]
pub struct PySearchResult {
    /// The move the bot plays (Parity: its commit), `None` when it has none.
    #[pyo3(get, name = "move")]
    mv: Option<PyMove>,
    /// The score in centipawns from the mover's point of view, `None` for a mate score or
    /// no score.
    #[pyo3(get)]
    score: Option<i32>,
    /// Mate in this many moves of the mover (negative: the mover is mated in that many),
    /// `None` without a mate score.
    #[pyo3(get)]
    mate: Option<i32>,
    /// The last depth the search completed, in plies (0 without a search).
    #[pyo3(get)]
    depth: u32,
    /// The nodes the search counted.
    #[pyo3(get)]
    nodes: u64,
    /// The principal variation: the best move, then the replies the search expects, each a
    /// legal move of the position it is played in.
    #[pyo3(get)]
    pv: Vec<PyMove>,
}

#[pymethods]
impl PySearchResult {
    fn __repr__(&self) -> String {
        let mv = self.mv.as_ref().map_or("None".to_string(), |m| {
            format!("'{}'", m.mv.coordinate(m.parent.shape()))
        });
        let score = match (self.score, self.mate) {
            (_, Some(n)) => format!("mate={n}"),
            (Some(c), None) => format!("score={c}"),
            (None, None) => "score=None".to_string(),
        };
        let pv: Vec<String> = self
            .pv
            .iter()
            .map(|m| m.mv.coordinate(m.parent.shape()))
            .collect();
        format!(
            "SearchResult(move={mv}, {score}, depth={}, nodes={}, pv='{}')",
            self.depth,
            self.nodes,
            pv.join(" ")
        )
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

    /// The bot's search of `position` for `side` (default: the side to move; Parity: the
    /// commit of that side): a `SearchResult` with the move, the score, the depth, the
    /// principal variation and the nodes. Limits as for `choose`.
    ///
    /// # Errors
    /// `BotError` when the bot fails (external bots) or plays an illegal move.
    ///
    /// >>> from esoterica import Bot, Position
    /// >>> r = Bot("alphabeta:6").search(Position("standard", "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1"))
    /// >>> r.move.uci, r.mate, [m.uci for m in r.pv]
    /// ('a1a8', 1, ['a1a8'])
    #[pyo3(signature = (position, side = None, *, movetime_ms = None, depth = None, nodes = None))]
    fn search(
        &self,
        py: Python<'_>,
        position: &PyPosition,
        side: Option<&str>,
        movetime_ms: Option<u64>,
        depth: Option<u32>,
        nodes: Option<u64>,
    ) -> PyResult<PySearchResult> {
        let side = match side {
            Some(s) => names::color(s)?,
            None => position.pos.turn(),
        };
        let (mv, info, counted) =
            self.run(py, position, side, limits(movetime_ms, depth, nodes))?;
        // Parity: the commit alone (the other side's reply is not part of a line).
        let simultaneous = position.pos.variant().turn_model() == TurnModel::Simultaneous;
        let line = match &info {
            Some(i) if !i.pv.is_empty() && !simultaneous => i.pv.clone(),
            _ => mv.into_iter().collect(),
        };
        let mut pv = Vec::with_capacity(line.len());
        let mut p = position.pos.clone();
        for m in &line {
            if simultaneous {
                pv.push(PyMove::new(*m, side, parent_for(&p, side)));
                break;
            }
            if !p.is_legal(m) {
                break;
            }
            let mover = p.turn();
            pv.push(PyMove::new(*m, mover, parent_for(&p, mover)));
            p.play_unchecked(m);
        }
        let (score, mate) = match info.as_ref().map(|i| Score::from_search(i.score)) {
            Some(Score::Cp(c)) => (Some(c), None),
            Some(Score::Mate(n)) => (None, Some(n)),
            None => (None, None),
        };
        Ok(PySearchResult {
            mv: mv.map(|m| PyMove::new(m, side, parent_for(&position.pos, side))),
            score,
            mate,
            depth: info.as_ref().map_or(0, |i| i.depth),
            nodes: counted,
            pv,
        })
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
