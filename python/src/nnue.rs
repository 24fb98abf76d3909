//! The learned evaluation's side for training (`esoterica.train`): a position's network
//! inputs read through the engine's own `Layout`, and networks written, read and evaluated
//! through the engine's own `Network`, so Python and the engine agree on the features and
//! the file format by construction.

use std::path::PathBuf;

use esoterica::bots::nnue::{FloatWeights, Layout, NetSource, Network};
use numpy::{PyArray1, PyReadonlyArray1};
use pyo3::prelude::*;
use pyo3::types::PyDict;

use crate::errors::name_err;
use crate::names;
use crate::position::PyPosition;

/// The network layout of `variant` as a dict: `features` (inputs of the network),
/// `squares`, `kinds`, `mirrored` (Black's perspective reads the board turned, one block
/// of weights for both sides), `resting` (Parity's resting pieces are features) and
/// `max_active` (the most features one perspective can have active).
///
/// >>> from esoterica import nnue_layout
/// >>> l = nnue_layout("big-outer")
/// >>> l["features"], l["squares"], l["kinds"]
/// (2960, 148, 10)
#[pyfunction]
pub fn nnue_layout<'py>(py: Python<'py>, variant: &str) -> PyResult<Bound<'py, PyDict>> {
    let layout = Layout::of(names::variant(variant)?);
    let d = PyDict::new(py);
    d.set_item("features", layout.features())?;
    d.set_item("squares", layout.squares())?;
    d.set_item("kinds", layout.kinds)?;
    d.set_item("mirrored", layout.mirrored)?;
    d.set_item("resting", layout.resting)?;
    d.set_item("max_active", layout.max_active())?;
    Ok(d)
}

/// The network's inputs for `position` evaluated for `side` (default: the side to move):
/// the active features of `side`'s perspective (sorted), those of the other side's, and
/// the number of pieces on the board (which picks the output bucket, `nnue_bucket`).
///
/// >>> from esoterica import Position, nnue_inputs
/// >>> us, them, pieces = nnue_inputs(Position("standard"))
/// >>> len(us), len(them), pieces, us == them
/// (32, 32, 32, True)
#[pyfunction]
#[pyo3(signature = (position, side = None))]
pub fn nnue_inputs(
    position: &PyPosition,
    side: Option<&str>,
) -> PyResult<(Vec<usize>, Vec<usize>, usize)> {
    let pos = &position.pos;
    let side = match side {
        Some(s) => names::color(s)?,
        None => pos.turn(),
    };
    let layout = Layout::of(pos.variant());
    let sorted = |c| {
        let mut f = layout.active_features(pos, c);
        f.sort_unstable();
        f
    };
    Ok((
        sorted(side),
        sorted(side.other()),
        pos.board().piece_count(),
    ))
}

/// The output bucket of a position of `variant` with `pieces` pieces on the board, for a
/// network of `buckets` buckets (the engine's `Layout::bucket`).
///
/// >>> from esoterica import nnue_bucket
/// >>> nnue_bucket("standard", 32, 4), nnue_bucket("standard", 2, 4)
/// (3, 0)
#[pyfunction]
pub fn nnue_bucket(variant: &str, pieces: usize, buckets: usize) -> PyResult<usize> {
    Ok(Layout::of(names::variant(variant)?).bucket(pieces, buckets.max(1)))
}

fn floats(a: &PyReadonlyArray1<'_, f32>) -> PyResult<Vec<f32>> {
    Ok(a.as_slice()
        .map_or_else(|_| a.as_array().to_vec(), <[f32]>::to_vec))
}

/// Writes a network of `variant` from float weights (float32 arrays: `ft_weights`
/// features × hidden, feature by feature; `ft_biases` hidden; `psqt` features, in
/// centipawns; `out_weights` buckets × 2 × hidden, the side's units first; `out_biases`
/// buckets), quantised as the engine reads it, to `path`; `scale` centipawns per output
/// unit, `note` how it was trained. Returns the file's size in bytes.
///
/// # Errors
/// `ValueError` for arrays of the wrong length, a size outside the format's limits or a
/// weight that does not fit its integer; `OSError` when the file cannot be written.
#[pyfunction]
#[pyo3(signature = (path, variant, hidden, buckets, scale, note, ft_weights, ft_biases, psqt, out_weights, out_biases))]
#[expect(
    clippy::too_many_arguments,
    reason = "Python's keyword arguments, one per array of the file"
)]
pub fn nnue_write(
    path: PathBuf,
    variant: &str,
    hidden: usize,
    buckets: usize,
    scale: i32,
    note: &str,
    ft_weights: PyReadonlyArray1<'_, f32>,
    ft_biases: PyReadonlyArray1<'_, f32>,
    psqt: PyReadonlyArray1<'_, f32>,
    out_weights: PyReadonlyArray1<'_, f32>,
    out_biases: PyReadonlyArray1<'_, f32>,
) -> PyResult<usize> {
    let v = names::variant(variant)?;
    let w = FloatWeights {
        ft_weights: floats(&ft_weights)?,
        ft_biases: floats(&ft_biases)?,
        psqt: floats(&psqt)?,
        out_weights: floats(&out_weights)?,
        out_biases: floats(&out_biases)?,
    };
    let net = Network::from_float(v, hidden, buckets, scale, note, &w)
        .map_err(|e| name_err(e.to_string()))?;
    let bytes = net.to_bytes();
    std::fs::write(&path, &bytes).map_err(|e| {
        pyo3::exceptions::PyOSError::new_err(format!("cannot write {}: {e}", path.display()))
    })?;
    Ok(bytes.len())
}

/// Reads the network file at `path`: a dict of its `variant`, `hidden`, `buckets`,
/// `scale` and `note`.
///
/// # Errors
/// `ValueError` naming what is wrong when the file does not read as a network.
#[pyfunction]
pub fn nnue_info<'py>(py: Python<'py>, path: PathBuf) -> PyResult<Bound<'py, PyDict>> {
    let net = Network::load(&path).map_err(|e| name_err(e.to_string()))?;
    info_of(py, &net)
}

/// The dict [`nnue_info`] returns, of a network already read.
fn info_of<'py>(py: Python<'py>, net: &Network) -> PyResult<Bound<'py, PyDict>> {
    let d = PyDict::new(py);
    d.set_item("variant", net.variant().name())?;
    d.set_item("hidden", net.hidden())?;
    d.set_item("buckets", net.buckets())?;
    d.set_item("scale", net.scale())?;
    d.set_item("note", net.note())?;
    Ok(d)
}

/// Reads the network file at `path` with its weights as floats, to continue training
/// from it: the dict of [`nnue_info`] plus float32 arrays `ft_weights` (features ×
/// hidden, feature by feature), `ft_biases` (hidden), `psqt` (features, in centipawns),
/// `out_weights` (buckets × 2 × hidden, the side's units first) and `out_biases`
/// (buckets), each integer of the file over its scale. [`nnue_write`] of them writes
/// the same network.
///
/// # Errors
/// `ValueError` naming what is wrong when the file does not read as a network.
#[pyfunction]
pub fn nnue_read<'py>(py: Python<'py>, path: PathBuf) -> PyResult<Bound<'py, PyDict>> {
    let net = Network::load(&path).map_err(|e| name_err(e.to_string()))?;
    let d = info_of(py, &net)?;
    let w = net.to_float();
    d.set_item("ft_weights", PyArray1::from_vec(py, w.ft_weights))?;
    d.set_item("ft_biases", PyArray1::from_vec(py, w.ft_biases))?;
    d.set_item("psqt", PyArray1::from_vec(py, w.psqt))?;
    d.set_item("out_weights", PyArray1::from_vec(py, w.out_weights))?;
    d.set_item("out_biases", PyArray1::from_vec(py, w.out_biases))?;
    Ok(d)
}

/// The score in centipawns that the network file at `path` gives `position` for `side`
/// (default: the side to move), computed by the engine in integers.
///
/// # Errors
/// `ValueError` when the file does not read, or holds another variant's network.
#[pyfunction]
#[pyo3(signature = (path, position, side = None))]
pub fn nnue_evaluate(path: PathBuf, position: &PyPosition, side: Option<&str>) -> PyResult<i32> {
    let pos = &position.pos;
    let side = match side {
        Some(s) => names::color(s)?,
        None => pos.turn(),
    };
    let r = NetSource::Path(path).resolve(pos.variant());
    match r.network {
        Some(n) => Ok(n.evaluate_for(pos, side)),
        None => Err(name_err(r.warning.unwrap_or_default())),
    }
}
