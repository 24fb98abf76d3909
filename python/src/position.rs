//! `Position`: a position of any variant, its legal moves, play and resolution, outcome,
//! text, perft, and the learning views (planes, action mask, actions).

use std::ffi::CString;
use std::sync::Arc;

use esoterica::rules::intrachange_chart::chart;
use esoterica::rules::perft::perft;
use esoterica::rules::variants::{self, force_field};
use esoterica::rules::{Color, Move, Piece, Position, Square, TurnModel, Variant, Wing, Zone};
use numpy::{PyArray1, PyArray3, PyArrayMethods};
use pyo3::exceptions::PyUserWarning;
use pyo3::prelude::*;
use pyo3::types::PyDict;

use crate::effects;
use crate::errors::{move_err, name_err, position_err, refused, rules_err};
use crate::names;
use crate::planes;
use crate::types::{PyMove, PyMoveList, PyOutcome, PyPiece};

/// A position of one variant: placement, side to move, castling rights, en passant,
/// counters and (Parity) resting pieces. No history: see `Game` for repetition and undo.
///
/// >>> from esoterica import Position
/// >>> p = Position("standard")
/// >>> len(p.legal_moves()), p.turn
/// (20, 'white')
/// >>> [e.text for e in p.play("e4")]
/// ['step White Pawn e2 e4']
/// >>> p.text()
/// 'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1'
/// >>> Position("intrachange").perft(3)
/// 8178
#[pyclass(module = "esoterica", name = "Position", from_py_object)]
#[derive(Clone)]
pub struct PyPosition {
    pub pos: Position,
}

/// The move a Python argument names for `side`: a `Move` as it is, a string read in the
/// variant's notation or coordinate form.
pub fn move_arg(pos: &Position, side: Color, arg: &Bound<'_, PyAny>) -> PyResult<Move> {
    if let Ok(m) = arg.cast::<PyMove>() {
        return Ok(m.get().mv);
    }
    let text: String = arg
        .extract()
        .map_err(|_| name_err("a move is a Move or a string (e2e4, Nf3)"))?;
    if side == pos.turn() {
        variants::parse_move_text(pos, &text).map_err(|e| move_err(&e))
    } else {
        let mut p = pos.clone();
        p.set_turn(side);
        variants::parse_move_text(&p, &text).map_err(|e| move_err(&e))
    }
}

/// `pos` with `side` to move, shared by the moves generated for that side.
pub fn parent_for(pos: &Position, side: Color) -> Arc<Position> {
    let mut p = pos.clone();
    p.set_turn(side);
    Arc::new(p)
}

/// The legal moves (Parity: commits) of `side` as a Python `MoveList`.
pub fn moves_to_py(pos: &Position, side: Color) -> PyMoveList {
    PyMoveList {
        moves: pos.legal_commits(side),
        side,
        parent: parent_for(pos, side),
    }
}

/// An empty `MoveList` (a finished game).
pub fn no_moves(pos: &Position, side: Color) -> PyMoveList {
    PyMoveList {
        moves: Vec::new(),
        side,
        parent: parent_for(pos, side),
    }
}

fn side_or_turn(pos: &Position, side: Option<&str>) -> PyResult<Color> {
    side.map_or(Ok(pos.turn()), names::color)
}

/// An ASCII diagram: rank lines from the top, `.` for an empty square, `*` for a shared
/// one; on the Big Outer board the corner pieces follow on a last line.
pub fn diagram(pos: &Position) -> String {
    let shape = pos.shape();
    let board = pos.board();
    let mut lines = Vec::new();
    for r in (0..shape.ranks()).rev() {
        let mut line = String::new();
        for f in 0..shape.files() {
            let sq = shape.square_at(f, r).unwrap_or(Square(0));
            line.push(if board.is_shared(sq) {
                '*'
            } else {
                board.piece_at(sq).map_or('.', Piece::fen_char)
            });
        }
        lines.push(line);
    }
    if shape.len() > (shape.files() as usize) * (shape.ranks() as usize) {
        let corners: Vec<String> = (144..shape.len() as u8)
            .map(|i| {
                let sq = Square(i);
                let c = board.piece_at(sq).map_or('.', Piece::fen_char);
                format!("{}={c}", shape.name(sq))
            })
            .collect();
        lines.push(corners.join(" "));
    }
    lines.join("\n")
}

#[pymethods]
impl PyPosition {
    /// The initial position of `variant`, or the position `text` (the variant's position
    /// text: FEN, with the Big Outer and Parity extensions). With `strict=False` a castling
    /// right whose King or Rook is missing is dropped with a `UserWarning`, as other
    /// programs' FENs need; by default it is a `PositionError`.
    #[new]
    #[pyo3(signature = (variant = "standard", text = None, *, strict = true))]
    fn py_new(py: Python<'_>, variant: &str, text: Option<&str>, strict: bool) -> PyResult<Self> {
        let v = names::variant(variant)?;
        let pos = match text {
            None => Position::new(v),
            Some(t) if strict => Position::from_text(v, t).map_err(|e| position_err(&e))?,
            Some(t) => {
                let (pos, warnings) =
                    Position::from_text_lenient(v, t).map_err(|e| position_err(&e))?;
                for w in warnings {
                    let msg = CString::new(w.to_string()).unwrap_or_default();
                    PyErr::warn(py, &py.get_type::<PyUserWarning>(), &msg, 1)?;
                }
                pos
            }
        };
        Ok(PyPosition { pos })
    }

    /// The variant's command-line name (`standard`, `force-field`, `big-outer`, …).
    #[getter]
    fn variant(&self) -> &'static str {
        self.pos.variant().name()
    }

    /// The side to move, `"white"` or `"black"` (Parity: always `"white"`; both commit).
    #[getter]
    fn turn(&self) -> &'static str {
        self.pos.turn().name()
    }

    /// Whether both sides move at once (Parity, Parity Single Occupation).
    #[getter]
    fn simultaneous(&self) -> bool {
        self.pos.variant().turn_model() == TurnModel::Simultaneous
    }

    /// Number of squares: 64, or 148 on the Big Outer board (corners included).
    #[getter]
    fn num_squares(&self) -> usize {
        self.pos.shape().len()
    }

    /// Plies (Parity: turns) since the last pawn move or capture.
    #[getter]
    fn halfmove_clock(&self) -> u32 {
        self.pos.halfmove_clock()
    }

    /// The move number, from 1.
    #[getter]
    fn fullmove_number(&self) -> u32 {
        self.pos.fullmove_number()
    }

    /// The legal moves of the side to move, in the rules' stable generation order. For
    /// Parity, White's commits (see `legal_commits`).
    fn legal_moves(&self) -> PyMoveList {
        moves_to_py(&self.pos, self.pos.turn())
    }

    /// Parity: the legal commits of `side`. Alternating variants: the legal moves if
    /// `side` is to move, else none.
    ///
    /// >>> p = Position("parity")
    /// >>> len(p.legal_commits("white")), len(p.legal_commits("black"))
    /// (20, 20)
    fn legal_commits(&self, side: &str) -> PyResult<PyMoveList> {
        Ok(moves_to_py(&self.pos, names::color(side)?))
    }

    /// Whether `move` (a `Move` or a text) is legal for `side` (default: the side to move).
    #[pyo3(signature = (r#move, side = None))]
    fn is_legal(&self, r#move: &Bound<'_, PyAny>, side: Option<&str>) -> PyResult<bool> {
        let side = side_or_turn(&self.pos, side)?;
        match move_arg(&self.pos, side, r#move) {
            Ok(m) => Ok(self.pos.legal_commits(side).contains(&m)),
            Err(e) if e.is_instance_of::<crate::errors::IllegalMoveError>(r#move.py()) => Ok(false),
            Err(e) => Err(e),
        }
    }

    /// The legal move a text names for `side` (default: the side to move): coordinate form
    /// or the variant's notation.
    ///
    /// # Errors
    /// `IllegalMoveError` naming the rule; `MoveTextError` for unreadable or ambiguous text.
    #[pyo3(signature = (text, side = None))]
    fn parse_move(&self, text: &Bound<'_, PyAny>, side: Option<&str>) -> PyResult<PyMove> {
        let side = side_or_turn(&self.pos, side)?;
        let mv = move_arg(&self.pos, side, text)?;
        Ok(PyMove::new(mv, side, parent_for(&self.pos, side)))
    }

    /// Plays a move (a `Move` or a text) of an alternating variant and returns its effects
    /// in rules order. The position is unchanged when the move is refused.
    ///
    /// # Errors
    /// `IllegalMoveError` with the rule (also after the end of the game and in Parity,
    /// which resolves two commits: see `resolve`).
    fn play(&mut self, py: Python<'_>, r#move: &Bound<'_, PyAny>) -> PyResult<Vec<Py<PyAny>>> {
        let mv = move_arg(&self.pos, self.pos.turn(), r#move)?;
        let fx = self.pos.try_play(&mv).map_err(|e| rules_err(&e))?;
        effects::list_to_py(py, &fx, self.pos.shape())
    }

    /// Parity: resolves White's and Black's commits together (each a `Move` or a text) and
    /// returns the effects of the turn.
    ///
    /// >>> p = Position("parity")
    /// >>> [e.text for e in p.resolve("e4", "e5")]
    /// ['step White Pawn e2 e4', 'step Black Pawn e7 e5']
    fn resolve(
        &mut self,
        py: Python<'_>,
        white: &Bound<'_, PyAny>,
        black: &Bound<'_, PyAny>,
    ) -> PyResult<Vec<Py<PyAny>>> {
        let w = move_arg(&self.pos, Color::White, white)?;
        let b = move_arg(&self.pos, Color::Black, black)?;
        let fx = self.pos.resolve(&w, &b).map_err(|e| rules_err(&e))?;
        effects::list_to_py(py, &fx, self.pos.shape())
    }

    /// The outcome if the position alone ends the game (mate, stalemate, King capture,
    /// 50-move rule, dead material), else `None`. Repetition needs a `Game`.
    fn outcome(&self) -> Option<PyOutcome> {
        self.pos.outcome().map(|outcome| PyOutcome { outcome })
    }

    /// Whether `side` (default: the side to move) is in check, by the variant's rules.
    #[pyo3(signature = (side = None))]
    fn in_check(&self, side: Option<&str>) -> PyResult<bool> {
        Ok(self.pos.in_check(side_or_turn(&self.pos, side)?))
    }

    /// The position text (FEN on 8×8, with the variants' extensions).
    fn text(&self) -> String {
        self.pos.to_text()
    }

    /// The number of leaves of the legal move tree `depth` plies deep (Parity: turns, a
    /// turn being a pair of commits). The interpreter lock is released while counting.
    fn perft(&self, py: Python<'_>, depth: u32) -> PyResult<u64> {
        if depth > esoterica::rules::perft::MAX_DEPTH {
            return Err(name_err(format!(
                "perft depth {depth} is more than {}",
                esoterica::rules::perft::MAX_DEPTH
            )));
        }
        let pos = self.pos.clone();
        Ok(py.detach(move || perft(&pos, depth)))
    }

    /// A copy (positions are mutable: `play` changes them).
    fn copy(&self) -> PyPosition {
        self.clone()
    }

    fn __copy__(&self) -> PyPosition {
        self.clone()
    }

    fn __deepcopy__(&self, _memo: &Bound<'_, PyDict>) -> PyPosition {
        self.clone()
    }

    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        other
            .cast::<PyPosition>()
            .is_ok_and(|o| o.borrow().pos == self.pos)
    }

    fn __reduce__(&self, py: Python<'_>) -> PyResult<(Py<PyAny>, (String, String))> {
        let cls = py.get_type::<PyPosition>().into_any().unbind();
        Ok((cls, (self.variant().to_string(), self.text())))
    }

    fn __repr__(&self) -> String {
        format!("Position('{}', '{}')", self.variant(), self.text())
    }

    fn __str__(&self) -> String {
        diagram(&self.pos)
    }

    /// The piece on a square (an index or a name); on a shared Parity square White's.
    fn piece_at(&self, square: &Bound<'_, PyAny>) -> PyResult<Option<PyPiece>> {
        let sq = names::square(self.pos.shape(), square)?;
        Ok(self.pos.board().piece_at(sq).map(|piece| PyPiece { piece }))
    }

    /// Every piece as `(square, Piece)`, in square order (White's first on a shared one).
    fn pieces(&self) -> Vec<(u8, PyPiece)> {
        self.pos
            .board()
            .all_pieces()
            .map(|(s, piece)| (s.0, PyPiece { piece }))
            .collect()
    }

    /// The name of a square index: `e4`, `a10`, `C1`.
    fn square_name(&self, square: &Bound<'_, PyAny>) -> PyResult<String> {
        Ok(self
            .pos
            .shape()
            .name(names::square(self.pos.shape(), square)?))
    }

    /// The index of a square name.
    ///
    /// >>> Position("big-outer").square("C1")
    /// 144
    fn square(&self, name: &Bound<'_, PyAny>) -> PyResult<u8> {
        Ok(names::square(self.pos.shape(), name)?.0)
    }

    /// Whether `side` may still castle on `wing` (`"short"` or `"long"`).
    fn can_castle(&self, side: &str, wing: &str) -> PyResult<bool> {
        let w = match wing {
            "short" => Wing::Short,
            "long" => Wing::Long,
            _ => return Err(name_err(format!("wing is short or long, not '{wing}'"))),
        };
        Ok(self.pos.can_castle(names::color(side)?, w))
    }

    /// The squares onto which an en passant capture is legal now (Parity: both sides').
    fn en_passant_squares(&self) -> Vec<u32> {
        Color::BOTH
            .iter()
            .filter_map(|&c| self.pos.en_passant_of(c))
            .flat_map(|ep| ep.squares().map(|s| u32::from(s.0)).collect::<Vec<_>>())
            .collect()
    }

    /// Parity: the squares of `side`'s resting pieces (they moved last turn).
    fn resting(&self, side: &str) -> PyResult<Vec<u32>> {
        Ok(self
            .pos
            .resting(names::color(side)?)
            .map(|s| u32::from(s.0))
            .collect())
    }

    /// Parity: the squares a White and a Black piece share.
    fn shared_squares(&self) -> Vec<u32> {
        let b = self.pos.board();
        self.pos
            .shape()
            .squares()
            .filter(|&s| b.is_shared(s))
            .map(|s| u32::from(s.0))
            .collect()
    }

    /// Force Field: the net charge of every square (White's fields minus Black's, 0 on an
    /// occupied square), by square index.
    ///
    /// >>> p = Position("force-field")
    /// >>> p.charges()[p.square("e3")]
    /// 3
    fn charges(&self) -> PyResult<Vec<i32>> {
        if !self.pos.variant().has_fields() {
            return Err(name_err(format!("{} has no fields", self.pos.variant())));
        }
        Ok(force_field::fields(&self.pos).nets().to_vec())
    }

    /// Intrachange: the official number (0–63, a hexagram) of a square.
    ///
    /// >>> Position("intrachange").hexagram("a1")
    /// 9
    fn hexagram(&self, square: &Bound<'_, PyAny>) -> PyResult<u8> {
        self.need_teleports()?;
        Ok(chart().number_of(names::square(self.pos.shape(), square)?))
    }

    /// Intrachange: where `piece` is teleported when it enters `square` by an exoteric
    /// move, or `None` when it stays.
    ///
    /// >>> from esoterica import Piece
    /// >>> p = Position("intrachange")
    /// >>> p.square_name(p.teleport_destination("e4", Piece("white", "pawn")))
    /// 'e6'
    fn teleport_destination(
        &self,
        square: &Bound<'_, PyAny>,
        piece: PyPiece,
    ) -> PyResult<Option<u8>> {
        self.need_teleports()?;
        let sq = names::square(self.pos.shape(), square)?;
        Ok(chart().esoteric(sq, piece.piece).map(|s| s.0))
    }

    /// Big Outer: the zone of a square, `"central"`, `"mid"` or `"outer"`.
    fn zone(&self, square: &Bound<'_, PyAny>) -> PyResult<&'static str> {
        if !self.pos.variant().has_zones() {
            return Err(name_err(format!("{} has no zones", self.pos.variant())));
        }
        Ok(
            match self
                .pos
                .shape()
                .zone(names::square(self.pos.shape(), square)?)
            {
                Zone::Central => "central",
                Zone::Mid => "mid",
                Zone::Outer => "outer",
            },
        )
    }

    /// A key equal for positions that are the same for repetition.
    fn repetition_key(&self) -> u64 {
        self.pos.repetition_key()
    }

    /// The observation planes (float32, channels × rows × columns; see
    /// `planes_layout(variant)` and `docs/observations.md`), seen by `side` (default: the
    /// side to move; it sets only the `side-white` plane). With `relative=True` from
    /// `side`'s point of view: its pieces, rights and charges first (`own-…`), the other
    /// side's next (`opponent-…`), and for Black the rows reversed so that its back rank
    /// is row 0 (`planes_layout(variant, relative=True)`).
    ///
    /// >>> Position("standard").planes().shape
    /// (19, 8, 8)
    /// >>> Position("big-outer").planes().shape
    /// (28, 14, 14)
    /// >>> int(Position("standard").planes("black", relative=True)[0, 1].sum())  # own pawns
    /// 8
    #[pyo3(signature = (side = None, *, relative = false))]
    fn planes<'py>(
        &self,
        py: Python<'py>,
        side: Option<&str>,
        relative: bool,
    ) -> PyResult<Bound<'py, PyArray3<f32>>> {
        let side = side_or_turn(&self.pos, side)?;
        let data = planes::fill_view(&self.pos, side, relative);
        let (rows, cols) = planes::grid(self.pos.shape());
        let channels = data.len() / (rows * cols);
        PyArray1::from_vec(py, data).reshape([channels, rows, cols])
    }

    /// The legal moves of `side` (default: the side to move) as a 0/1 int8 mask over the
    /// action space of this board shape (`action_size(variant)` entries).
    #[pyo3(signature = (side = None))]
    fn action_mask<'py>(
        &self,
        py: Python<'py>,
        side: Option<&str>,
    ) -> PyResult<Bound<'py, PyArray1<i8>>> {
        let side = side_or_turn(&self.pos, side)?;
        let shape = self.pos.shape();
        let mut mask = vec![0i8; planes::action_size(shape)];
        for m in self.pos.legal_commits(side) {
            if let Some(a) = planes::encode(shape, &m) {
                mask[a] = 1;
            }
        }
        Ok(PyArray1::from_vec(py, mask))
    }

    /// The actions of the legal moves of `side` (default: the side to move), ascending.
    ///
    /// >>> p = Position("standard")
    /// >>> p.action_to_move(int(p.legal_actions()[0])).uci
    /// 'b1a3'
    #[pyo3(signature = (side = None))]
    fn legal_actions<'py>(
        &self,
        py: Python<'py>,
        side: Option<&str>,
    ) -> PyResult<Bound<'py, PyArray1<i64>>> {
        let side = side_or_turn(&self.pos, side)?;
        let shape = self.pos.shape();
        let mut actions: Vec<i64> = self
            .pos
            .legal_commits(side)
            .iter()
            .filter_map(|m| planes::encode(shape, m).map(|a| a as i64))
            .collect();
        actions.sort_unstable();
        Ok(PyArray1::from_vec(py, actions))
    }

    /// The action of a move.
    ///
    /// >>> p = Position("standard")
    /// >>> p.move_to_action(p.parse_move("e2e4"))
    /// 796
    fn move_to_action(&self, r#move: &Bound<'_, PyAny>) -> PyResult<usize> {
        let mv = move_arg(&self.pos, self.pos.turn(), r#move)?;
        planes::encode(self.pos.shape(), &mv)
            .ok_or_else(|| name_err("the move's promotion kind has no action on this board"))
    }

    /// The legal move of `side` (default: the side to move) that an action names.
    ///
    /// # Errors
    /// `IllegalMoveError` when no legal move has that action.
    #[pyo3(signature = (action, side = None))]
    fn action_to_move(&self, action: i64, side: Option<&str>) -> PyResult<PyMove> {
        let side = side_or_turn(&self.pos, side)?;
        let shape = self.pos.shape();
        let decoded = usize::try_from(action)
            .ok()
            .and_then(|a| planes::decode(shape, a));
        let Some((from, to, promotion)) = decoded else {
            return Err(refused(
                &format!("action {action}"),
                &format!(
                    "outside the action space (0–{})",
                    planes::action_size(shape) - 1
                ),
                "outside-action-space",
            ));
        };
        let found = self
            .pos
            .legal_commits(side)
            .into_iter()
            .find(|m| m.from == from && m.to == to && m.promotion == promotion);
        match found {
            Some(m) => Ok(PyMove::new(m, side, parent_for(&self.pos, side))),
            None => {
                let mut text = shape.name(from);
                text.push_str(&shape.name(to));
                if let Some(k) = promotion {
                    text.push(k.letter().to_ascii_lowercase());
                }
                Err(refused(
                    &text,
                    &format!("action {action} is not a legal move of {side} here"),
                    "not-a-legal-action",
                ))
            }
        }
    }
}

impl PyPosition {
    fn need_teleports(&self) -> PyResult<()> {
        if self.pos.variant().has_teleports() {
            Ok(())
        } else {
            Err(name_err(format!("{} has no teleports", self.pos.variant())))
        }
    }
}

/// The variant of a name, for the module functions.
pub fn variant_of(name: &str) -> PyResult<Variant> {
    names::variant(name)
}
