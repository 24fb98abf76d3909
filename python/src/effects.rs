//! Resolution effects as Python objects: one class per [`Effect`] variant, all subclasses
//! of `Effect`, which carries the effect's `kind`, `stage` and one-line `text` (the rules'
//! own wording, as `esoterica apply` prints it). These are the effects the game animates,
//! in rules order; nothing here decides a rule.

use esoterica::rules::{BoardShape, CheckKind, Color, Effect, Piece, Square, Stage};
use pyo3::prelude::*;
use pyo3::types::PyTuple;

use crate::errors::name_err;
use crate::names;
use crate::types::{PyOutcome, PyPiece, Reduce};

/// One thing that happened while a move resolved (base class of every effect).
#[pyclass(module = "esoterica", name = "Effect", frozen, subclass)]
pub struct PyEffect {
    kind: &'static str,
    effect: Effect,
    shape: BoardShape,
}

#[pymethods]
impl PyEffect {
    /// The class name: `Step`, `Teleport`, `PassThrough`, `Capture`, `FailedCapture`,
    /// `Shared`, `PawnPasses`, `Promote`, `Check`, `FailedCheck`, `ChargesChanged`,
    /// `GameOver`.
    #[getter]
    fn kind(&self) -> &'static str {
        self.kind
    }

    /// The resolution stage that applies it: `exoteric`, `esoteric`, `capture`, `settle`.
    #[getter]
    fn stage(&self) -> &'static str {
        stage_name(self.effect.stage())
    }

    /// One line in the rules' words with square names: `step White Pawn e2 e4`.
    #[getter]
    fn text(&self) -> String {
        self.effect.describe(self.shape)
    }

    fn __repr__(&self) -> String {
        format!("{}('{}')", self.kind, self.text())
    }

    fn __str__(&self) -> String {
        self.text()
    }

    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        other
            .cast::<PyEffect>()
            .is_ok_and(|o| o.get().effect == self.effect && o.get().shape == self.shape)
    }

    fn __hash__(&self) -> u64 {
        use std::hash::{Hash, Hasher};
        let mut h = std::collections::hash_map::DefaultHasher::new();
        (self.kind, self.text()).hash(&mut h);
        h.finish()
    }

    /// Pickles as `_effect(kind, squares, fields)`: the class name, the board's number of
    /// squares (64 or 148, for the square names) and the values of `__match_args__`.
    fn __reduce__<'py>(
        slf: &Bound<'py, Self>,
    ) -> Reduce<'py, (&'static str, usize, Bound<'py, PyTuple>)> {
        let py = slf.py();
        let me = slf.get();
        let names: Vec<String> = slf.getattr("__match_args__")?.extract()?;
        let fields = names
            .iter()
            .map(|n| slf.getattr(n.as_str()))
            .collect::<PyResult<Vec<_>>>()?;
        let rebuild = py.import("esoterica._esoterica")?.getattr("_effect")?;
        Ok((
            rebuild,
            (me.kind, me.shape.len(), PyTuple::new(py, fields)?),
        ))
    }
}

/// Rebuilds an effect from what `Effect.__reduce__` gives: the class name, the board's
/// number of squares and the values of the class's `__match_args__`, in order.
///
/// # Errors
/// `ValueError` for an unknown class, board or square, or fields of the wrong number or
/// type.
#[pyfunction(name = "_effect")]
pub fn from_fields(
    py: Python<'_>,
    kind: &str,
    squares: usize,
    fields: &Bound<'_, PyTuple>,
) -> PyResult<Py<PyAny>> {
    let shape = [BoardShape::Standard, BoardShape::BigOuter]
        .into_iter()
        .find(|s| s.len() == squares)
        .ok_or_else(|| name_err(format!("no board has {squares} squares")))?;
    let arity = match kind {
        "Step" | "Teleport" => 3,
        "PassThrough" | "Capture" | "FailedCapture" | "PawnPasses" | "Promote" | "Check" => 2,
        "Shared" | "FailedCheck" | "GameOver" => 1,
        "ChargesChanged" => 0,
        _ => return Err(name_err(format!("no effect is called '{kind}'"))),
    };
    if fields.len() != arity {
        return Err(name_err(format!(
            "{kind} has {arity} fields, not {}",
            fields.len()
        )));
    }
    let square = |i: usize| -> PyResult<Square> {
        let s: u8 = fields.get_item(i)?.extract()?;
        if usize::from(s) < shape.len() {
            Ok(Square(s))
        } else {
            Err(name_err(format!(
                "no square {s} on a board of {squares} squares"
            )))
        }
    };
    let piece =
        |i: usize| -> PyResult<Piece> { Ok(fields.get_item(i)?.extract::<PyPiece>()?.piece) };
    let side =
        |i: usize| -> PyResult<Color> { names::color(&fields.get_item(i)?.extract::<String>()?) };
    let effect = match kind {
        "Step" => Effect::Step {
            piece: piece(0)?,
            from: square(1)?,
            to: square(2)?,
        },
        "Teleport" => Effect::Teleport {
            piece: piece(0)?,
            from: square(1)?,
            to: square(2)?,
        },
        "PassThrough" => Effect::PassThrough {
            piece: piece(0)?,
            at: square(1)?,
        },
        "Capture" => Effect::Capture {
            piece: piece(0)?,
            at: square(1)?,
        },
        "FailedCapture" => Effect::FailedCapture {
            by: piece(0)?,
            at: square(1)?,
        },
        "Shared" => Effect::Shared { at: square(0)? },
        "PawnPasses" => Effect::PawnPasses {
            piece: piece(0)?,
            from: square(1)?,
        },
        "Promote" => Effect::Promote {
            piece: piece(0)?,
            at: square(1)?,
        },
        "Check" => {
            let text: String = fields.get_item(1)?.extract()?;
            let kind = [CheckKind::Classic, CheckKind::Immediate, CheckKind::Delayed]
                .into_iter()
                .find(|&k| check_kind_name(k) == text)
                .ok_or_else(|| name_err(format!("no check is called '{text}'")))?;
            Effect::Check {
                side: side(0)?,
                kind,
            }
        }
        "FailedCheck" => Effect::FailedCheck { by: side(0)? },
        "GameOver" => Effect::GameOver(fields.get_item(0)?.extract::<PyOutcome>()?.outcome),
        // `ChargesChanged`: the arity check above refused every other name.
        _ => Effect::ChargesChanged,
    };
    to_py(py, &effect, shape)
}

/// Declares an effect subclass with read-only fields and `__match_args__`.
macro_rules! effect_class {
    ($rust:ident, $py:literal, $doc:literal, { $($field:ident : $ty:ty => $fdoc:literal),* $(,)? }) => {
        #[doc = $doc]
        #[pyclass(module = "esoterica", name = $py, frozen, extends = PyEffect, freelist = 64)]
        pub struct $rust {
            $(
                #[doc = $fdoc]
                #[pyo3(get)]
                $field: $ty,
            )*
        }

        #[pymethods]
        impl $rust {
            #[classattr]
            fn __match_args__<'py>(py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
                let names: &[&str] = &[$(stringify!($field)),*];
                PyTuple::new(py, names)
            }
        }
    };
}

effect_class!(PyStep, "Step",
    "A piece moved by ordinary movement (the exoteric move, a castling Rook, a Parity landing).",
    { piece: PyPiece => "The moving piece.", from_square: u8 => "From.", to_square: u8 => "To." });
effect_class!(PyTeleport, "Teleport",
    "Intrachange: the piece went from the exoteric to the esoteric square (also a pawn's return).",
    { piece: PyPiece => "The moving piece.", from_square: u8 => "The exoteric square.", to_square: u8 => "The esoteric square." });
effect_class!(PyPassThrough, "PassThrough",
    "Intrachange: the enemy piece on the exoteric square was passed through and survives.",
    { piece: PyPiece => "The piece that stays.", square: u8 => "The exoteric square." });
effect_class!(PyCapture, "Capture",
    "A piece was captured and removed.",
    { piece: PyPiece => "The captured piece.", square: u8 => "Where it stood." });
effect_class!(PyFailedCapture, "FailedCapture",
    "Parity: a capture found its target gone; the attacker still lands.",
    { piece: PyPiece => "The capturing piece.", square: u8 => "The target square." });
effect_class!(PyShared, "Shared",
    "Parity: two enemy pieces landed on one square and share it.",
    { square: u8 => "The shared square." });
effect_class!(PyPawnPasses, "PawnPasses",
    "Parity: a pawn stepped off a square it shared with an enemy pawn.",
    { piece: PyPiece => "The pawn that moved on.", from_square: u8 => "The square it left." });
effect_class!(PyPromote, "Promote",
    "A pawn became another piece.",
    { piece: PyPiece => "The new piece.", square: u8 => "Where." });
effect_class!(PyCheck, "Check",
    "A King is in check after the move.",
    { side: &'static str => "The side in check.", check_kind: &'static str => "`classic`; Parity: `immediate` or `delayed`." });
effect_class!(PyFailedCheck, "FailedCheck",
    "Parity: a check intended on the start-of-turn board was defeated by the other move.",
    { side: &'static str => "The side whose check failed." });
effect_class!(
    PyChargesChanged,
    "ChargesChanged",
    "Force Field: the charge map changed (`Position.planes()` and `Position.charges()` show it).",
    {}
);
effect_class!(PyGameOver, "GameOver",
    "The game ended.",
    { outcome: PyOutcome => "How." });

fn stage_name(s: Stage) -> &'static str {
    match s {
        Stage::Exoteric => "exoteric",
        Stage::Esoteric => "esoteric",
        Stage::Capture => "capture",
        Stage::Settle => "settle",
    }
}

fn check_kind_name(k: CheckKind) -> &'static str {
    match k {
        CheckKind::Classic => "classic",
        CheckKind::Immediate => "immediate",
        CheckKind::Delayed => "delayed",
    }
}

fn p(piece: Piece) -> PyPiece {
    PyPiece { piece }
}

fn side(c: Color) -> &'static str {
    c.name()
}

/// Builds the Python object of one effect.
pub fn to_py(py: Python<'_>, e: &Effect, shape: BoardShape) -> PyResult<Py<PyAny>> {
    let base = |kind: &'static str| PyEffect {
        kind,
        effect: e.clone(),
        shape,
    };
    macro_rules! make {
        ($kind:literal, $sub:expr) => {
            Ok(
                Bound::new(py, PyClassInitializer::from(base($kind)).add_subclass($sub))?
                    .into_any()
                    .unbind(),
            )
        };
    }
    match *e {
        Effect::Step { piece, from, to } => make!(
            "Step",
            PyStep {
                piece: p(piece),
                from_square: from.0,
                to_square: to.0
            }
        ),
        Effect::Teleport { piece, from, to } => make!(
            "Teleport",
            PyTeleport {
                piece: p(piece),
                from_square: from.0,
                to_square: to.0
            }
        ),
        Effect::PassThrough { piece, at } => make!(
            "PassThrough",
            PyPassThrough {
                piece: p(piece),
                square: at.0
            }
        ),
        Effect::Capture { piece, at } => make!(
            "Capture",
            PyCapture {
                piece: p(piece),
                square: at.0
            }
        ),
        Effect::FailedCapture { by, at } => make!(
            "FailedCapture",
            PyFailedCapture {
                piece: p(by),
                square: at.0
            }
        ),
        Effect::Shared { at } => make!("Shared", PyShared { square: at.0 }),
        Effect::PawnPasses { piece, from } => make!(
            "PawnPasses",
            PyPawnPasses {
                piece: p(piece),
                from_square: from.0
            }
        ),
        Effect::Promote { at, piece } => make!(
            "Promote",
            PyPromote {
                piece: p(piece),
                square: at.0
            }
        ),
        Effect::Check { side: s, kind } => make!(
            "Check",
            PyCheck {
                side: side(s),
                check_kind: check_kind_name(kind)
            }
        ),
        Effect::FailedCheck { by } => make!("FailedCheck", PyFailedCheck { side: side(by) }),
        Effect::ChargesChanged => make!("ChargesChanged", PyChargesChanged {}),
        Effect::GameOver(outcome) => make!(
            "GameOver",
            PyGameOver {
                outcome: PyOutcome { outcome }
            }
        ),
    }
}

/// Builds the Python list of a resolution's effects, in rules order.
pub fn list_to_py(
    py: Python<'_>,
    effects: &[Effect],
    shape: BoardShape,
) -> PyResult<Vec<Py<PyAny>>> {
    effects.iter().map(|e| to_py(py, e, shape)).collect()
}

/// Registers the effect classes in the module.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<PyEffect>()?;
    m.add_class::<PyStep>()?;
    m.add_class::<PyTeleport>()?;
    m.add_class::<PyPassThrough>()?;
    m.add_class::<PyCapture>()?;
    m.add_class::<PyFailedCapture>()?;
    m.add_class::<PyShared>()?;
    m.add_class::<PyPawnPasses>()?;
    m.add_class::<PyPromote>()?;
    m.add_class::<PyCheck>()?;
    m.add_class::<PyFailedCheck>()?;
    m.add_class::<PyChargesChanged>()?;
    m.add_class::<PyGameOver>()?;
    m.add_function(wrap_pyfunction!(from_fields, m)?)?;
    Ok(())
}
