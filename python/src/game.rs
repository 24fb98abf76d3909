//! `Game`: a game record (start position, moves, positions, result) with repetition,
//! undo and PGN in and out.

use esoterica::rules::notation::pgn;
use esoterica::rules::{Color, DrawReason, Entry, GameRecord, Outcome, Position, TurnModel};
use numpy::{PyArray1, PyArray3, PyArrayMethods};
use pyo3::prelude::*;
use pyo3::types::PyDict;

use crate::effects;
use crate::errors::{name_err, pgn_err, position_err, refused, rules_err};
use crate::names;
use crate::planes;
use crate::position::{PyPosition, move_arg, moves_to_py, no_moves, parent_for};
use crate::types::{PyMove, PyMoveList, PyOutcome, Reduce};

/// A game: the start position, every move (Parity: every turn of two commits), the
/// positions reached and the result, with threefold repetition, undo and PGN.
///
/// >>> from esoterica import Game
/// >>> g = Game("standard")
/// >>> for m in ["Nf3", "Nf6", "Ng1", "Ng8"] * 2:
/// ...     _ = g.play(m)
/// >>> g.outcome()
/// Outcome('1/2-1/2', 'repetition')
/// >>> g.undo()
/// Move('f6g8')
/// >>> g.outcome() is None
/// True
/// >>> print(Game.from_pgn('[Variant "Parity"]\n\n1. e4/e5 2. Nf3/Nc6 *').pgn().splitlines()[-1])
/// 1. e4/e5 2. Nf3/Nc6 *
#[pyclass(module = "esoterica", name = "Game")]
#[derive(Clone)]
pub struct PyGame {
    record: GameRecord,
}

fn entry_to_py(py: Python<'_>, before: &Position, entry: &Entry) -> PyResult<Py<PyAny>> {
    match entry {
        Entry::Move(m) => {
            let side = before.turn();
            Ok(
                Bound::new(py, PyMove::new(*m, side, parent_for(before, side)))?
                    .into_any()
                    .unbind(),
            )
        }
        Entry::Turn { white, black } => {
            let w = PyMove::new(*white, Color::White, parent_for(before, Color::White));
            let b = PyMove::new(*black, Color::Black, parent_for(before, Color::Black));
            Ok((w, b).into_pyobject(py)?.into_any().unbind())
        }
    }
}

impl PyGame {
    /// `IllegalMoveError` ("the game is over: …") for any move once the game has ended,
    /// before the move is read (in a mated position every move would otherwise be refused
    /// for not answering check).
    fn refuse_if_over(&self, arg: &Bound<'_, PyAny>) -> PyResult<()> {
        let Some(o) = self.record.outcome() else {
            return Ok(());
        };
        let text = match arg.cast::<PyMove>() {
            Ok(m) => m.get().mv.coordinate(self.record.current().shape()),
            Err(_) => arg
                .str()
                .map_or_else(|_| "?".to_string(), |s| s.to_string()),
        };
        Err(refused(
            &text,
            &format!("the game is over: {}", o.describe()),
            "game-over",
        ))
    }
}

#[pymethods]
impl PyGame {
    /// A new game of `variant` from its initial position or from the position `text`.
    #[new]
    #[pyo3(signature = (variant = "standard", text = None))]
    fn py_new(variant: &str, text: Option<&str>) -> PyResult<Self> {
        let v = names::variant(variant)?;
        let start = match text {
            None => Position::new(v),
            Some(t) => Position::from_text(v, t).map_err(|e| position_err(&e))?,
        };
        Ok(PyGame {
            record: GameRecord::new(start),
        })
    }

    /// A new game starting at `position`.
    #[staticmethod]
    fn from_position(position: &PyPosition) -> PyGame {
        PyGame {
            record: GameRecord::new(position.pos.clone()),
        }
    }

    /// Reads a PGN game (the `Variant` tag names the variant; `variant`, if given, must
    /// match it).
    ///
    /// # Errors
    /// `PgnError` naming the problem (bad tag, unknown variant, illegal move and its rule).
    #[staticmethod]
    #[pyo3(signature = (text, variant = None))]
    fn from_pgn(text: &str, variant: Option<&str>) -> PyResult<PyGame> {
        let expect = variant.map(names::variant).transpose()?;
        let record = pgn::read(text, expect).map_err(|e| pgn_err(&e))?;
        Ok(PyGame { record })
    }

    /// The game as PGN, in the variant's notation, with a `Variant` tag.
    fn pgn(&self) -> String {
        pgn::write(&self.record)
    }

    /// The variant's command-line name.
    #[getter]
    fn variant(&self) -> &'static str {
        self.record.variant().name()
    }

    /// A copy of the current position.
    #[getter]
    fn position(&self) -> PyPosition {
        PyPosition {
            pos: self.record.current().clone(),
        }
    }

    /// A copy of the start position.
    #[getter]
    fn start(&self) -> PyPosition {
        PyPosition {
            pos: self.record.start().clone(),
        }
    }

    /// The side to move in the current position.
    #[getter]
    fn turn(&self) -> &'static str {
        self.record.current().turn().name()
    }

    /// The moves so far: `Move`s, or for Parity `(white, black)` pairs of commits.
    #[getter]
    fn moves(&self, py: Python<'_>) -> PyResult<Vec<Py<PyAny>>> {
        self.record
            .entries()
            .iter()
            .enumerate()
            .map(|(i, e)| {
                let before = self.record.position_after(i).unwrap_or(self.record.start());
                entry_to_py(py, before, e)
            })
            .collect()
    }

    /// A copy of the position after `n` moves (Parity: turns); `0` is the start.
    fn position_after(&self, n: usize) -> PyResult<PyPosition> {
        self.record
            .position_after(n)
            .map(|p| PyPosition { pos: p.clone() })
            .ok_or_else(|| {
                pyo3::exceptions::PyIndexError::new_err(format!(
                    "the game has {} moves, not {n}",
                    self.record.len()
                ))
            })
    }

    fn __len__(&self) -> usize {
        self.record.len()
    }

    /// The legal moves in the current position (none once the game is over, repetition
    /// included).
    fn legal_moves(&self) -> PyMoveList {
        let pos = self.record.current();
        if self.record.outcome().is_some() {
            return no_moves(pos, pos.turn());
        }
        moves_to_py(pos, pos.turn())
    }

    /// Parity: the legal commits of `side` in the current position (none once the game is
    /// over).
    fn legal_commits(&self, side: &str) -> PyResult<PyMoveList> {
        let side = names::color(side)?;
        if self.record.outcome().is_some() {
            return Ok(no_moves(self.record.current(), side));
        }
        Ok(moves_to_py(self.record.current(), side))
    }

    /// Plays a move (a `Move` or a text) and returns its effects; a threefold repetition
    /// adds a `GameOver` effect.
    ///
    /// # Errors
    /// `IllegalMoveError` with the rule; the game is unchanged.
    fn play(&mut self, py: Python<'_>, r#move: &Bound<'_, PyAny>) -> PyResult<Vec<Py<PyAny>>> {
        self.refuse_if_over(r#move)?;
        let pos = self.record.current();
        if pos.variant().turn_model() == TurnModel::Simultaneous {
            let mv = move_arg(pos, pos.turn(), r#move)?;
            return Err(refused(
                &mv.coordinate(pos.shape()),
                &format!(
                    "{} is played with simultaneous moves: use play_turn(white, black)",
                    pos.variant()
                ),
                "simultaneous-turn",
            ));
        }
        let shape = pos.shape();
        // A `Move` is a legal move of its side in its parent position: one generated in a
        // position equal to this one is played without judging it again.
        let fx = match r#move.cast::<PyMove>() {
            Ok(m) if m.get().side == pos.turn() && *m.get().parent == *pos => {
                self.record.play_generated(&m.get().mv)
            }
            _ => {
                let mv = move_arg(pos, pos.turn(), r#move)?;
                self.record.play(&mv)
            }
        }
        .map_err(|e| rules_err(&e))?;
        effects::list_to_py(py, &fx, shape)
    }

    /// Parity: plays a turn of White's and Black's commits (each a `Move` or a text).
    ///
    /// # Errors
    /// `IllegalMoveError` for an illegal commit; the game is unchanged.
    fn play_turn(
        &mut self,
        py: Python<'_>,
        white: &Bound<'_, PyAny>,
        black: &Bound<'_, PyAny>,
    ) -> PyResult<Vec<Py<PyAny>>> {
        self.refuse_if_over(white)?;
        let pos = self.record.current();
        let w = move_arg(pos, Color::White, white)?;
        let b = move_arg(pos, Color::Black, black)?;
        let shape = pos.shape();
        let fx = self.record.play_turn(&w, &b).map_err(|e| rules_err(&e))?;
        effects::list_to_py(py, &fx, shape)
    }

    /// Takes back the last move (Parity: turn) and returns it, or `None` at the start.
    fn undo(&mut self, py: Python<'_>) -> PyResult<Option<Py<PyAny>>> {
        let n = self.record.len();
        if n == 0 {
            return Ok(None);
        }
        let before = self.record.position_after(n - 1).cloned();
        let entry = self.record.pop();
        match (before, entry) {
            (Some(b), Some(e)) => Ok(Some(entry_to_py(py, &b, &e)?)),
            _ => Ok(None),
        }
    }

    /// The result: a declared one, else the position's, else threefold repetition; `None`
    /// while the game goes on.
    fn outcome(&self) -> Option<PyOutcome> {
        self.record.outcome().map(|outcome| PyOutcome { outcome })
    }

    /// How many times the current position has occurred (3 ends the game).
    fn repetitions(&self) -> usize {
        let key = self.record.current().repetition_key();
        (0..=self.record.len())
            .filter_map(|i| self.record.position_after(i))
            .filter(|p| p.repetition_key() == key)
            .count()
    }

    /// Ends the game as a draw the rules did not decide: `"agreement"` or `"ply-cap"` (a
    /// host's move limit).
    #[pyo3(signature = (reason = "agreement"))]
    fn declare_draw(&mut self, reason: &str) -> PyResult<()> {
        let reason = match reason {
            "agreement" => DrawReason::Agreement,
            "ply-cap" => DrawReason::PlyCap,
            _ => {
                return Err(name_err(format!(
                    "declare_draw takes agreement or ply-cap, not '{reason}'"
                )));
            }
        };
        self.record.declare(Outcome::Draw { reason });
        Ok(())
    }

    /// The PGN tags given to the game (other than the computed `Variant`, `FEN`, `SetUp`,
    /// `Result`).
    #[getter]
    fn tags<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let d = PyDict::new(py);
        for (k, v) in &self.record.tags {
            d.set_item(k, v)?;
        }
        Ok(d)
    }

    /// Sets a PGN tag (`Event`, `White`, …). Quotes and backslashes in the value are
    /// escaped in the PGN, which reads back to the same tags.
    ///
    /// # Errors
    /// `ValueError` for a name that is not ASCII letters, digits and `_`, a tag written
    /// from the game itself (`Result`, `Variant`, `SetUp`, `FEN`, `Termination`,
    /// `TimeControl`, `TimeControlDelay`) or a value with a control character (a line
    /// break, a tab): a PGN tag is one line.
    fn set_tag(&mut self, key: String, value: String) -> PyResult<()> {
        pgn::check_tag(&key, &value)
            .map_err(|e| pyo3::exceptions::PyValueError::new_err(e.to_string()))?;
        if let Some(t) = self.record.tags.iter_mut().find(|(k, _)| *k == key) {
            t.1 = value;
        } else {
            self.record.tags.push((key, value));
        }
        Ok(())
    }

    /// The observation planes of the last `history` positions (Parity: turns), newest
    /// first, stacked along the channels: `history × C` channels for the variant's `C`,
    /// each block as `Position.planes(side, relative=relative)` gives it for that position
    /// (seen by the same `side`, default the side to move now), zeros before the start.
    /// `planes_layout(variant, relative=…, history=…)` names the channels.
    ///
    /// # Errors
    /// `ValueError` for a `history` outside 1–64 or a bad side.
    ///
    /// >>> from esoterica import Game
    /// >>> g = Game("standard")
    /// >>> _ = g.play("e4")
    /// >>> g.planes(history=8).shape
    /// (152, 8, 8)
    #[pyo3(signature = (side = None, *, relative = false, history = 1))]
    fn planes<'py>(
        &self,
        py: Python<'py>,
        side: Option<&str>,
        relative: bool,
        history: i64,
    ) -> PyResult<Bound<'py, PyArray3<f32>>> {
        let history = history_arg(history)?;
        let current = self.record.current();
        let side = match side {
            Some(s) => names::color(s)?,
            None => current.turn(),
        };
        let n = self.record.len();
        let first = (n + 1).saturating_sub(history);
        let positions: Vec<&Position> = (first..=n)
            .filter_map(|i| self.record.position_after(i))
            .collect();
        let data = planes::fill_history(&positions, side, relative, history);
        let (rows, cols) = planes::grid(current.shape());
        let channels = data.len() / (rows * cols);
        PyArray1::from_vec(py, data).reshape([channels, rows, cols])
    }

    /// A copy.
    fn copy(&self) -> PyGame {
        self.clone()
    }

    fn __copy__(&self) -> PyGame {
        self.clone()
    }

    fn __deepcopy__(&self, _memo: &Bound<'_, PyDict>) -> PyGame {
        self.clone()
    }

    /// Games are equal when they have the same start position, moves, result and tags.
    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        other.cast::<PyGame>().is_ok_and(|o| {
            let (a, b) = (&self.record, &o.borrow().record);
            a.start() == b.start()
                && a.entries() == b.entries()
                && a.outcome() == b.outcome()
                && a.tags == b.tags
        })
    }

    /// Pickles as `_game(pgn, tags)`: its PGN, and its tags as they are (reading the PGN
    /// alone would add the tags it writes, `Event`, `Termination` …).
    fn __reduce__<'py>(&self, py: Python<'py>) -> Reduce<'py, (String, Vec<(String, String)>)> {
        let rebuild = py.import("esoterica._esoterica")?.getattr("_game")?;
        Ok((rebuild, (self.pgn(), self.record.tags.clone())))
    }

    fn __repr__(&self) -> String {
        format!(
            "Game('{}', {} moves, {})",
            self.variant(),
            self.record.len(),
            self.record.outcome().map_or("*", |o| o.result_token())
        )
    }
}

/// A `history` argument: 1 to [`planes::MAX_HISTORY`] positions.
///
/// # Errors
/// `ValueError` outside that range.
pub fn history_arg(history: i64) -> PyResult<usize> {
    usize::try_from(history)
        .ok()
        .filter(|h| (1..=planes::MAX_HISTORY).contains(h))
        .ok_or_else(|| {
            pyo3::exceptions::PyValueError::new_err(format!(
                "history is 1 to {} positions, not {history}",
                planes::MAX_HISTORY
            ))
        })
}

/// Rebuilds a game from what `Game.__reduce__` gives: its PGN and its tags.
///
/// # Errors
/// `PgnError` for a PGN the rules cannot read.
#[pyfunction(name = "_game")]
pub fn from_state(pgn_text: &str, tags: Vec<(String, String)>) -> PyResult<PyGame> {
    let mut record = pgn::read(pgn_text, None).map_err(|e| pgn_err(&e))?;
    record.tags = tags;
    Ok(PyGame { record })
}
