//! Small value types: [`PyPiece`], [`PyMove`] and [`PyOutcome`] (Python `Piece`, `Move`,
//! `Outcome`). All are immutable and hashable.

use std::collections::hash_map::DefaultHasher;
use std::hash::{Hash, Hasher};
use std::sync::Arc;

use esoterica::rules::variants;
use esoterica::rules::{Color, Move, Outcome, Piece, Position, Special};
use pyo3::prelude::*;

use crate::names;

/// What a `__reduce__` returns: the callable that rebuilds the object and its arguments.
pub type Reduce<'py, Args> = PyResult<(Bound<'py, PyAny>, Args)>;

/// A piece: a side and a kind.
///
/// >>> from esoterica import Piece
/// >>> Piece("white", "knight")
/// Piece('white', 'knight')
/// >>> Piece("black", "q").symbol
/// 'q'
#[pyclass(module = "esoterica", name = "Piece", frozen, eq, hash, from_py_object)]
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct PyPiece {
    pub piece: Piece,
}

#[pymethods]
impl PyPiece {
    #[new]
    fn py_new(color: &str, kind: &str) -> PyResult<PyPiece> {
        let color = names::color(color)?;
        // A bare `n` is the standard Knight; `outer-knight` names the Big Outer one.
        let kind = names::kind(kind, false)?;
        Ok(PyPiece {
            piece: Piece::new(color, kind),
        })
    }

    /// `"white"` or `"black"`.
    #[getter]
    fn color(&self) -> &'static str {
        self.piece.color.name()
    }

    /// The kind: `"pawn"`, `"knight"`, `"bishop"`, `"rook"`, `"queen"`, `"king"`, and on
    /// the Big Outer board `"guard"`, `"matriarch"`, `"jumper"`, `"outer-knight"`.
    #[getter]
    fn kind(&self) -> &'static str {
        names::kind_name(self.piece.kind)
    }

    /// The position-text letter: upper case for White, lower case for Black.
    #[getter]
    fn symbol(&self) -> String {
        self.piece.fen_char().to_string()
    }

    fn __repr__(&self) -> String {
        format!("Piece('{}', '{}')", self.color(), self.kind())
    }

    fn __reduce__<'py>(
        &self,
        py: Python<'py>,
    ) -> (
        Bound<'py, pyo3::types::PyType>,
        (&'static str, &'static str),
    ) {
        (py.get_type::<PyPiece>(), (self.color(), self.kind()))
    }

    fn __str__(&self) -> String {
        self.piece.to_string()
    }
}

/// A legal move (for Parity: a commit of one side), as the rules generated it.
///
/// Squares are indices (`rank * files + file`, a1 = 0; Big Outer corners C1–C4 are
/// 144–147). Equal moves compare equal whatever position they came from.
#[pyclass(
    module = "esoterica",
    name = "Move",
    frozen,
    from_py_object,
    freelist = 1024
)]
#[derive(Clone)]
pub struct PyMove {
    pub mv: Move,
    /// The side that plays it.
    pub side: Color,
    /// The position it was generated in (with `side` to move), for its notation. `mv` is
    /// always a legal move of `side` here: every `Move` is made from the rules' move
    /// generator, their judge, or a bot's move checked against the legal moves.
    pub parent: Arc<Position>,
}

impl PyMove {
    /// The move `mv` of `side` in `parent` (whose turn is `side`).
    pub fn new(mv: Move, side: Color, parent: Arc<Position>) -> PyMove {
        PyMove { mv, side, parent }
    }
}

#[pymethods]
impl PyMove {
    /// Coordinate form: `e2e4`, `e7e8q`, castling as the King's move `e1g1`; on the Big
    /// Outer board `b11b7`, `d1C1`. Intrachange: origin and exoteric square.
    #[getter]
    fn uci(&self) -> String {
        self.mv.coordinate(self.parent.shape())
    }

    /// The move in its variant's notation, in the position it came from: SAN (`Nf3`,
    /// `O-O`, `e8=Q+`), the Intrachange notation (`e2-e4~e6`), a Parity commit's SAN.
    #[getter]
    fn san(&self) -> String {
        variants::move_text(&self.parent, &self.mv)
    }

    /// Origin square index.
    #[getter(from_square)]
    fn origin(&self) -> u8 {
        self.mv.from.0
    }

    /// Destination square index (Intrachange: the exoteric square; castling: the King's).
    #[getter]
    fn to_square(&self) -> u8 {
        self.mv.to.0
    }

    /// The kind a pawn promotes to, or `None`.
    #[getter]
    fn promotion(&self) -> Option<&'static str> {
        self.mv.promotion.map(names::kind_name)
    }

    /// `"white"` or `"black"`: the side that plays the move.
    #[getter]
    fn side(&self) -> &'static str {
        self.side.name()
    }

    /// The moving piece.
    #[getter]
    fn piece(&self) -> Option<PyPiece> {
        self.parent
            .kind_at(self.side, self.mv.from)
            .map(|k| PyPiece {
                piece: Piece::new(self.side, k),
            })
    }

    /// Whether this is castling (the King's move; the Rook follows).
    #[getter]
    fn is_castling(&self) -> bool {
        matches!(self.mv.special, Special::Castle { .. })
    }

    /// Whether this is an en passant capture.
    #[getter]
    fn is_en_passant(&self) -> bool {
        matches!(self.mv.special, Special::EnPassant { .. })
    }

    fn __repr__(&self) -> String {
        format!("Move('{}')", self.uci())
    }

    fn __str__(&self) -> String {
        self.uci()
    }

    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        other
            .cast::<PyMove>()
            .is_ok_and(|o| o.get().mv == self.mv && o.get().side == self.side)
    }

    fn __hash__(&self) -> u64 {
        let mut h = DefaultHasher::new();
        self.mv.hash(&mut h);
        self.side.hash(&mut h);
        h.finish()
    }

    /// Pickles as its coordinate form read again in the position it came from.
    fn __reduce__<'py>(
        &self,
        py: Python<'py>,
    ) -> PyResult<(Bound<'py, PyAny>, (String, &'static str))> {
        let parent = Bound::new(
            py,
            crate::position::PyPosition {
                pos: (*self.parent).clone(),
            },
        )?;
        Ok((
            parent.getattr("parse_move")?,
            (self.uci(), self.side.name()),
        ))
    }
}

/// How a game ended.
///
/// >>> from esoterica import Game
/// >>> g = Game("standard")
/// >>> for m in ["f3", "e5", "g4", "Qh4"]:
/// ...     _ = g.play(m)
/// >>> o = g.outcome()
/// >>> o.winner, o.reason, o.result
/// ('black', 'checkmate', '0-1')
/// >>> o.text
/// 'Black wins by checkmate'
#[pyclass(
    module = "esoterica",
    name = "Outcome",
    frozen,
    eq,
    hash,
    from_py_object
)]
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct PyOutcome {
    pub outcome: Outcome,
}

#[pymethods]
impl PyOutcome {
    /// An outcome from its winner (`None` for a draw) and reason (see `reason`):
    /// `Outcome("white", "checkmate")`, `Outcome(None, "repetition")`.
    ///
    /// # Errors
    /// `PositionError` for an unknown side or reason.
    #[new]
    #[pyo3(signature = (winner, reason))]
    fn py_new(winner: Option<&str>, reason: &str) -> PyResult<PyOutcome> {
        Ok(PyOutcome {
            outcome: names::outcome(winner, reason)?,
        })
    }

    fn __reduce__<'py>(
        &self,
        py: Python<'py>,
    ) -> (
        Bound<'py, pyo3::types::PyType>,
        (Option<&'static str>, &'static str),
    ) {
        (py.get_type::<PyOutcome>(), (self.winner(), self.reason()))
    }

    /// The winner (`"white"`, `"black"`), or `None` for a draw.
    #[getter]
    fn winner(&self) -> Option<&'static str> {
        self.outcome.winner().map(Color::name)
    }

    /// Why: `checkmate`, `king-captured`, `stalemate`, `cannot-leave-shared-square`,
    /// `forfeit`, `timeout`, `resignation` (wins); `stalemate`, `fifty-moves`,
    /// `repetition`, `insufficient-material`, `simultaneous`, `agreement`,
    /// `timeout-vs-insufficient-material`, `both-timed-out`, `ply-cap` (draws).
    #[getter]
    fn reason(&self) -> &'static str {
        names::outcome_reason(&self.outcome)
    }

    /// Whether nobody won.
    #[getter]
    fn is_draw(&self) -> bool {
        self.outcome.winner().is_none()
    }

    /// The PGN result: `1-0`, `0-1` or `1/2-1/2`.
    #[getter]
    fn result(&self) -> &'static str {
        self.outcome.result_token()
    }

    /// A sentence: `White wins by checkmate`.
    #[getter]
    fn text(&self) -> String {
        self.outcome.describe()
    }

    /// Points for `side`: 1.0, 0.5 or 0.0.
    fn score(&self, side: &str) -> PyResult<f64> {
        Ok(self.outcome.score_for(names::color(side)?))
    }

    fn __repr__(&self) -> String {
        format!("Outcome('{}', '{}')", self.result(), self.reason())
    }

    fn __str__(&self) -> String {
        self.outcome.to_string()
    }
}

/// The legal moves of one side in one position, as an immutable sequence: `len`,
/// indexing (a `Move` is made when it is asked for), iteration, `in` (a `Move` or a
/// coordinate text). `list(moves)` gives a plain list.
///
/// >>> from esoterica import Position
/// >>> moves = Position("standard").legal_moves()
/// >>> len(moves), moves[0], moves[-1].san, "e2e4" in moves
/// (20, Move('b1c3'), 'h4', True)
#[pyclass(
    module = "esoterica",
    name = "MoveList",
    frozen,
    sequence,
    freelist = 64
)]
pub struct PyMoveList {
    pub moves: Vec<Move>,
    pub side: Color,
    pub parent: Arc<Position>,
}

impl PyMoveList {
    fn at(&self, i: usize) -> PyMove {
        PyMove::new(self.moves[i], self.side, Arc::clone(&self.parent))
    }

    fn all(&self) -> Vec<PyMove> {
        (0..self.moves.len()).map(|i| self.at(i)).collect()
    }
}

#[pymethods]
impl PyMoveList {
    fn __len__(&self) -> usize {
        self.moves.len()
    }

    fn __getitem__<'py>(&self, py: Python<'py>, index: &Bound<'py, PyAny>) -> PyResult<Py<PyAny>> {
        if let Ok(slice) = index.cast::<pyo3::types::PySlice>() {
            let ind = slice.indices(self.moves.len() as isize)?;
            let mut out = Vec::new();
            let mut i = ind.start;
            while (ind.step > 0 && i < ind.stop) || (ind.step < 0 && i > ind.stop) {
                out.push(self.at(i as usize));
                i += ind.step;
            }
            return Ok(out.into_pyobject(py)?.into_any().unbind());
        }
        let i: isize = index.extract()?;
        let n = self.moves.len() as isize;
        let j = if i < 0 { i + n } else { i };
        if !(0..n).contains(&j) {
            return Err(pyo3::exceptions::PyIndexError::new_err(
                "move index out of range",
            ));
        }
        Ok(Bound::new(py, self.at(j as usize))?.into_any().unbind())
    }

    fn __iter__<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let list = self.all().into_pyobject(py)?;
        Ok(list.try_iter()?.into_any())
    }

    fn __contains__(&self, item: &Bound<'_, PyAny>) -> bool {
        if let Ok(m) = item.cast::<PyMove>() {
            return m.get().side == self.side && self.moves.contains(&m.get().mv);
        }
        item.extract::<String>().is_ok_and(|t| {
            let shape = self.parent.shape();
            self.moves.iter().any(|m| m.coordinate(shape) == t)
        })
    }

    /// The moves in coordinate form, in the list's order.
    fn uci(&self) -> Vec<String> {
        let shape = self.parent.shape();
        self.moves.iter().map(|m| m.coordinate(shape)).collect()
    }

    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        if let Ok(o) = other.cast::<PyMoveList>() {
            return o.get().side == self.side && o.get().moves == self.moves;
        }
        other.extract::<Vec<PyMove>>().is_ok_and(|v| {
            v.len() == self.moves.len()
                && v.iter()
                    .zip(&self.moves)
                    .all(|(a, b)| a.mv == *b && a.side == self.side)
        })
    }

    fn __repr__(&self) -> String {
        format!("MoveList([{}])", self.uci().join(", "))
    }

    /// Pickles as `_move_list(position, side, moves)`: the position the moves came from,
    /// the side and the moves in coordinate form, in the list's order.
    fn __reduce__<'py>(
        &self,
        py: Python<'py>,
    ) -> Reduce<'py, (crate::position::PyPosition, &'static str, Vec<String>)> {
        let rebuild = py.import("esoterica._esoterica")?.getattr("_move_list")?;
        let parent = crate::position::PyPosition {
            pos: (*self.parent).clone(),
        };
        Ok((rebuild, (parent, self.side.name(), self.uci())))
    }
}

/// Rebuilds a `MoveList` from what `MoveList.__reduce__` gives: each coordinate text is
/// the legal move of `side` in `position` that has it.
///
/// # Errors
/// `IllegalMoveError` for a text that names no legal move there.
#[pyfunction(name = "_move_list")]
pub fn move_list(
    position: &crate::position::PyPosition,
    side: &str,
    moves: Vec<String>,
) -> PyResult<PyMoveList> {
    let side = names::color(side)?;
    let parent = crate::position::parent_for(&position.pos, side);
    let shape = parent.shape();
    let legal = if moves.is_empty() {
        Vec::new()
    } else {
        parent.legal_commits(side)
    };
    let moves = moves
        .iter()
        .map(|text| {
            legal
                .iter()
                .find(|m| m.coordinate(shape) == *text)
                .copied()
                .ok_or_else(|| {
                    crate::errors::refused(
                        text,
                        &format!("not a legal move of {side} here"),
                        "not-a-legal-move",
                    )
                })
        })
        .collect::<PyResult<Vec<Move>>>()?;
    Ok(PyMoveList {
        moves,
        side,
        parent,
    })
}
