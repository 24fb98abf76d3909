//! The Python package `esoterica` (this is its native module `esoterica._esoterica`): the
//! Esoterica rules core, bots, notation and the learning views (planes, action spaces),
//! wrapped with pyo3. Plain wrappers: every rule is decided by the `esoterica` crate.
//!
//! Errors become Python exceptions in one place (`errors`); the environments for
//! Gymnasium, `PettingZoo` and `OpenSpiel` are Python code in `python/python/esoterica/`.

mod bots;
mod effects;
mod errors;
mod game;
mod names;
mod nnue;
mod planes;
mod position;
mod types;

use esoterica::rules::Variant;
use pyo3::prelude::*;

/// The variants' command-line names, in menu order.
#[pyfunction]
fn variants() -> Vec<&'static str> {
    Variant::ALL.iter().map(|v| v.name()).collect()
}

/// The names of the observation planes of `variant`, in channel order: with
/// `relative=True` as `Position.planes(side, relative=True)` gives them (`own-…`,
/// `opponent-…`), with `history=N` as `Game.planes(history=N)` stacks them (the channels
/// of the position `t` steps back suffixed `@t`).
///
/// # Errors
/// `ValueError` for a `history` outside 1–64.
///
/// >>> from esoterica import planes_layout
/// >>> planes_layout("parity")[-3:]
/// ['resting-white', 'resting-black', 'shared']
/// >>> planes_layout("parity", relative=True, history=2)[-3:]
/// ['resting-own@1', 'resting-opponent@1', 'shared@1']
#[pyfunction]
#[pyo3(signature = (variant, *, relative = false, history = 1))]
fn planes_layout(variant: &str, relative: bool, history: i64) -> PyResult<Vec<String>> {
    let history = game::history_arg(history)?;
    Ok(planes::layout_for(
        position::variant_of(variant)?,
        relative,
        history,
    ))
}

/// `(channels, rows, columns)` of `variant`'s observation planes (with `history=N`: of
/// `N` positions' planes stacked, `Game.planes(history=N)`).
///
/// # Errors
/// `ValueError` for a `history` outside 1–64.
#[pyfunction]
#[pyo3(signature = (variant, *, history = 1))]
fn planes_shape(variant: &str, history: i64) -> PyResult<(usize, usize, usize)> {
    let history = game::history_arg(history)?;
    let v = position::variant_of(variant)?;
    let (r, c) = planes::grid(v.shape());
    Ok((planes::layout(v).len() * history, r, c))
}

/// The number of actions of `variant`'s board shape: 20480 on 8×8, 175232 on the Big
/// Outer board.
///
/// >>> from esoterica import action_size
/// >>> action_size("standard"), action_size("big-outer")
/// (20480, 175232)
#[pyfunction]
fn action_size(variant: &str) -> PyResult<usize> {
    Ok(planes::action_size(position::variant_of(variant)?.shape()))
}

/// The promotion kinds of `variant`'s board shape in action-plane order (plane `1 + i`).
#[pyfunction]
fn promotion_kinds(variant: &str) -> PyResult<Vec<&'static str>> {
    let shape = position::variant_of(variant)?.shape();
    Ok(planes::promotion_kinds(shape)
        .iter()
        .map(|&k| names::kind_name(k))
        .collect())
}

/// The native module.
#[pymodule]
fn _esoterica(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    m.add_class::<types::PyPiece>()?;
    m.add_class::<types::PyMove>()?;
    m.add_class::<types::PyMoveList>()?;
    m.add_function(wrap_pyfunction!(types::move_list, m)?)?;
    m.add_class::<types::PyOutcome>()?;
    m.add_class::<position::PyPosition>()?;
    m.add_class::<game::PyGame>()?;
    m.add_function(wrap_pyfunction!(game::from_state, m)?)?;
    m.add_class::<bots::PyBot>()?;
    m.add_class::<bots::PySearchResult>()?;
    effects::register(m)?;
    m.add("EsotericaError", py.get_type::<errors::EsotericaError>())?;
    m.add(
        "IllegalMoveError",
        py.get_type::<errors::IllegalMoveError>(),
    )?;
    m.add("MoveTextError", py.get_type::<errors::MoveTextError>())?;
    m.add("PositionError", py.get_type::<errors::PositionError>())?;
    m.add("PgnError", py.get_type::<errors::PgnError>())?;
    m.add("BotError", py.get_type::<errors::BotError>())?;
    m.add_function(wrap_pyfunction!(variants, m)?)?;
    m.add_function(wrap_pyfunction!(planes_layout, m)?)?;
    m.add_function(wrap_pyfunction!(planes_shape, m)?)?;
    m.add_function(wrap_pyfunction!(action_size, m)?)?;
    m.add_function(wrap_pyfunction!(promotion_kinds, m)?)?;
    m.add_function(wrap_pyfunction!(nnue::nnue_layout, m)?)?;
    m.add_function(wrap_pyfunction!(nnue::nnue_inputs, m)?)?;
    m.add_function(wrap_pyfunction!(nnue::nnue_bucket, m)?)?;
    m.add_function(wrap_pyfunction!(nnue::nnue_write, m)?)?;
    m.add_function(wrap_pyfunction!(nnue::nnue_info, m)?)?;
    m.add_function(wrap_pyfunction!(nnue::nnue_read, m)?)?;
    m.add_function(wrap_pyfunction!(nnue::nnue_evaluate, m)?)?;
    Ok(())
}
