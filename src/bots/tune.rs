//! Fitting the evaluation's positional weights ([`Weights`]) to the results of self-play
//! games: Texel's tuning method.
//!
//! 1. **Samples.** Every quiet position of the games (not in the first `skip` plies, the side
//!    to move not in check, and the move played from it neither a capture nor a promotion,
//!    so that the static evaluation means what the search would make of it) becomes a
//!    [`Sample`]: its material, its positional terms ([`Terms`]) and the game's result for
//!    White (1, ½ or 0).
//! 2. **Scale.** The evaluation `e` (centipawns, White's view) predicts White's score as
//!    `σ(e) = 1 / (1 + 10^(−k·e/400))`. The loss is the mean squared error between the
//!    results and the predictions. `k` is fitted first, with the weights as they are
//!    (golden-section search on 0.05–4).
//! 3. **Weights.** Then the weights are changed one at a time by ±1 (Texel's local search),
//!    each change kept when it lowers the loss, in passes over all the weights until a pass
//!    changes nothing or the pass limit is reached. Weights are whole centipawns, as the
//!    evaluation uses them, and never negative.
//!
//! The fit is deterministic: the same games give the same weights.
//!
//! The samples may instead come from a labels file ([`labelled_samples`]): positions with
//! White's expected score as some stronger judge (an engine's evaluation) puts it, in
//! place of the game's result.
//!
//! On the 8×8 board the square tables can be fitted too ([`fit_tables`]): every
//! middlegame and endgame value of the six kinds' tables (768 numbers) with the weights,
//! by gradient descent (Adam) on the same loss, since the evaluation is linear in the
//! tables' values as well.

use crate::bots::analysis::{Score, analyse};
use crate::bots::eval::{
    FULL_PHASE, PLACEMENT_SCALE, SquareTable, Terms, Weights, material_and_terms, phase,
};
use crate::bots::{NoControl, SearchLimits};
use crate::rules::geometry::BoardShape;
use crate::rules::moves::Special;
use crate::rules::outcome::Outcome;
use crate::rules::record::{Entry, GameRecord};
use crate::rules::{Color, Position, TurnModel, Variant};

/// One training position.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Sample {
    /// Material, White minus Black, centipawns.
    pub material: i32,
    /// The positional terms, White minus Black ([`Terms::to_array`] order).
    pub terms: [i32; Terms::COUNT],
    /// The game's result for White: 1, 0.5 or 0.
    pub result: f64,
}

impl Sample {
    /// The sample of `pos` with White's score `result`: its material and terms
    /// ([`material_and_terms`]).
    pub fn of(pos: &Position, result: f64) -> Sample {
        let (material, terms) = material_and_terms(pos);
        Sample {
            material,
            terms: terms.to_array(),
            result,
        }
    }
}

/// What a fit found.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Fit {
    /// The scale of the prediction ([`predict`]).
    pub k: f64,
    /// The samples' loss with the starting weights.
    pub loss_before: f64,
    /// The samples' loss with the fitted weights.
    pub loss_after: f64,
    /// The fitted weights.
    pub weights: Weights,
    /// The passes of the local search made (each over every tuned weight).
    pub passes: usize,
}

/// White's score in a finished game: 1, 0.5 or 0; `None` for an unfinished one.
fn white_score(o: Outcome) -> f64 {
    match o {
        Outcome::Win {
            winner: Color::White,
            ..
        } => 1.0,
        Outcome::Win { .. } => 0.0,
        Outcome::Draw { .. } => 0.5,
    }
}

/// Whether the entry played from `pos` captures or promotes.
fn loud(pos: &Position, entry: &Entry) -> bool {
    let loud_move = |side: Color, m: &crate::rules::Move| {
        m.promotion.is_some()
            || matches!(m.special, Special::EnPassant { .. })
            || pos.kind_at(side.other(), m.to).is_some()
    };
    match entry {
        Entry::Move(m) => loud_move(pos.turn(), m),
        Entry::Turn { white, black } => {
            loud_move(Color::White, white) || loud_move(Color::Black, black)
        }
    }
}

/// The quiet positions of the finished games of `variant` in `records`, after the first
/// `skip` plies (Parity: turns), each with its game's result for White (see the module
/// documentation).
pub fn quiet_positions(
    records: &[GameRecord],
    variant: Variant,
    skip: usize,
) -> Vec<(Position, f64)> {
    let mut out = Vec::new();
    for r in records.iter().filter(|r| r.variant() == variant) {
        let Some(outcome) = r.outcome() else {
            continue;
        };
        let result = white_score(outcome);
        for (i, entry) in r.entries().iter().enumerate().skip(skip) {
            let Some(pos) = r.position_after(i) else {
                break;
            };
            if pos.in_check(pos.turn()) || loud(pos, entry) {
                continue;
            }
            out.push((pos.clone(), result));
        }
    }
    out
}

/// The samples of the quiet positions of the finished games of `variant` in `records`
/// ([`quiet_positions`]) with their games' results.
pub fn samples(records: &[GameRecord], variant: Variant, skip: usize) -> Vec<Sample> {
    quiet_positions(records, variant, skip)
        .iter()
        .map(|(pos, result)| Sample::of(pos, *result))
        .collect()
}

/// The level of the bot that labels positions ([`search_label`]): the strongest level
/// without deliberate mistakes whose budget the caller's limits tighten.
pub const LABEL_LEVEL: u8 = 7;

/// White's expected score in `pos` (0 to 1) as a search of the alphabeta bot at
/// [`LABEL_LEVEL`] within `limits` puts it: the score of its best line for White (Parity
/// and Single Occupation: White's best commit) turned into a score by [`predict`] with
/// `k = 1`, a mate found 1 or 0. A label for [`labelled_samples`] where no stronger judge
/// knows the variant: a deeper search than the evaluation's, so the fit pulls the static
/// evaluation toward what the search finds.
///
/// `None` when the game is over in `pos` or no line was searched.
///
/// # Examples
/// ```
/// use esoterica::bots::SearchLimits;
/// use esoterica::bots::tune::search_label;
/// use esoterica::rules::{Position, Variant};
/// let limits = SearchLimits { movetime: None, depth: Some(3), nodes: Some(20_000) };
/// // White a Queen up: close to a sure win.
/// let pos = Position::from_text(Variant::Standard, "4k3/8/8/8/8/8/8/3QK3 w - - 0 1").unwrap();
/// assert!(search_label(&pos, limits).unwrap() > 0.9);
/// ```
pub fn search_label(pos: &Position, limits: SearchLimits) -> Option<f64> {
    let mut pos = pos.clone();
    if pos.variant().turn_model() == TurnModel::Simultaneous {
        pos.set_turn(Color::White);
    }
    let a = analyse(&pos, LABEL_LEVEL, limits, 1, &mut NoControl, &mut |_| {}).ok()?;
    let line = a.lines.first()?;
    let for_mover = match line.score {
        Score::Mate(n) => {
            return Some(if (n > 0) == (a.side == Color::White) {
                1.0
            } else {
                0.0
            });
        }
        Score::Cp(c) => f64::from(c),
    };
    let white = if a.side == Color::White {
        for_mover
    } else {
        -for_mover
    };
    Some(predict(1.0, white))
}

/// One line of a labels file for `pos` and White's expected score `score`:
/// `POSITION;SCORE`, the score to four decimals ([`labelled_samples`] reads it back).
pub fn label_line(pos: &Position, score: f64) -> String {
    format!("{};{score:.4}", pos.to_text())
}

/// A line of a labels file that does not read ([`labelled_samples`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LabelError {
    /// The line, counted from 1.
    pub line: usize,
    /// What is wrong with it.
    pub message: String,
}

impl std::fmt::Display for LabelError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "line {}: {}", self.line, self.message)
    }
}

impl std::error::Error for LabelError {}

/// White's expected score in a label: a number from 0 to 1, or a result `1-0`, `0-1`,
/// `1/2-1/2`.
fn label_score(text: &str) -> Option<f64> {
    match text {
        "1-0" => Some(1.0),
        "0-1" => Some(0.0),
        "1/2-1/2" => Some(0.5),
        _ => text.parse::<f64>().ok().filter(|v| (0.0..=1.0).contains(v)),
    }
}

/// The samples of a labels file of `variant`: one position a line, `POSITION;SCORE`, where
/// POSITION is the variant's position text (FEN on the 8×8 board) and SCORE White's
/// expected score, a number from 0 to 1 (an engine's evaluation turned into an expected
/// score, for example) or a result `1-0`, `0-1`, `1/2-1/2`. Blank lines and lines starting
/// with `#` are skipped. The positions are taken as they are: the file's writer chooses
/// quiet ones.
///
/// # Errors
/// The first line that does not read: no `;`, a position text the variant refuses, or a
/// score that is neither a number from 0 to 1 nor a result.
///
/// # Examples
/// ```
/// use esoterica::bots::tune::labelled_samples;
/// use esoterica::rules::Variant;
/// let text = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1;0.54\n";
/// let s = labelled_samples(Variant::Standard, text).unwrap();
/// assert_eq!((s.len(), s[0].result), (1, 0.54));
/// assert!(labelled_samples(Variant::Standard, "8/8/8 w - - 0 1;0.5").is_err());
/// ```
pub fn labelled_samples(variant: Variant, text: &str) -> Result<Vec<Sample>, LabelError> {
    Ok(labelled_positions(variant, text)?
        .iter()
        .map(|(pos, result)| Sample::of(pos, *result))
        .collect())
}

/// The positions of a labels file of `variant` with White's expected scores, as
/// [`labelled_samples`] reads them.
///
/// # Errors
/// As [`labelled_samples`].
pub fn labelled_positions(
    variant: Variant,
    text: &str,
) -> Result<Vec<(Position, f64)>, LabelError> {
    let mut out = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let err = |message: String| LabelError {
            line: i + 1,
            message,
        };
        let Some((fen, score)) = line.rsplit_once(';') else {
            return Err(err("expected POSITION;SCORE".to_string()));
        };
        let pos = Position::from_text(variant, fen.trim()).map_err(|e| err(e.to_string()))?;
        let result = label_score(score.trim()).ok_or_else(|| {
            err(format!(
                "score `{}` is neither a number from 0 to 1 nor 1-0, 0-1, 1/2-1/2",
                score.trim()
            ))
        })?;
        out.push((pos, result));
    }
    Ok(out)
}

/// The evaluation of a sample under `w`, centipawns (as [`Terms::score`] computes it, in
/// floating point).
fn score(s: &Sample, w: &[i32; Terms::COUNT]) -> f64 {
    let mut e = f64::from(s.material);
    for (i, (&t, &wi)) in s.terms.iter().zip(w).enumerate() {
        e += f64::from(wi) * f64::from(t) / f64::from(Terms::SCALES[i]);
    }
    e
}

/// White's predicted score for an evaluation of `e` centipawns: `1 / (1 + 10^(−k·e/400))`.
pub fn predict(k: f64, e: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-k * e / 400.0))
}

/// The mean squared error of the predictions under `w` and `k` (0 for no samples).
pub fn loss(samples: &[Sample], w: &Weights, k: f64) -> f64 {
    if samples.is_empty() {
        return 0.0;
    }
    let w = w.to_array();
    let sum: f64 = samples
        .iter()
        .map(|s| {
            let d = s.result - predict(k, score(s, &w));
            d * d
        })
        .sum();
    sum / samples.len() as f64
}

/// The `k` in 0.05–4 with the least loss under `w` (golden-section search).
pub fn fit_k(samples: &[Sample], w: &Weights) -> f64 {
    least_k(|k| loss(samples, w, k))
}

/// The `k` in 0.05–4 where `loss` is least (golden-section search).
fn least_k(loss: impl Fn(f64) -> f64) -> f64 {
    let phi = (5f64.sqrt() - 1.0) / 2.0;
    let (mut a, mut b) = (0.05, 4.0);
    let mut c = b - phi * (b - a);
    let mut d = a + phi * (b - a);
    let (mut fc, mut fd) = (loss(c), loss(d));
    for _ in 0..60 {
        if fc < fd {
            b = d;
            d = c;
            fd = fc;
            c = b - phi * (b - a);
            fc = loss(c);
        } else {
            a = c;
            c = d;
            fc = fd;
            d = a + phi * (b - a);
            fd = loss(d);
        }
    }
    (a + b) / 2.0
}

/// Fits the weights marked in `tuned` ([`Terms::NAMES`] order) from `start`, at most
/// `max_passes` passes (see the module documentation).
pub fn fit(
    samples: &[Sample],
    start: Weights,
    tuned: [bool; Terms::COUNT],
    max_passes: usize,
) -> Fit {
    let k = fit_k(samples, &start);
    let loss_before = loss(samples, &start, k);
    let mut w = start.to_array();
    let mut best = loss_before;
    let mut passes = 0;
    while passes < max_passes {
        passes += 1;
        let mut improved = false;
        for i in (0..Terms::COUNT).filter(|&i| tuned[i]) {
            // The weights in fractions of a centipawn (thousandths, percent) step by 5.
            let step = if Terms::SCALES[i] > 1 { 5 } else { 1 };
            for delta in [step, -step] {
                let mut trial = w;
                trial[i] = (trial[i] + delta).max(0);
                if trial == w {
                    continue;
                }
                let l = loss(samples, &Weights::from_array(trial), k);
                if l < best {
                    best = l;
                    w = trial;
                    improved = true;
                    break;
                }
            }
        }
        if !improved {
            break;
        }
    }
    Fit {
        k,
        loss_before,
        loss_after: best,
        weights: Weights::from_array(w),
        passes,
    }
}

/// The weights the tuner may change in `variant`: mobility, centralisation and pawn steps
/// everywhere, the variant's own term (held squares; threats in Bully and Intrachange;
/// the promotion race), and the pawn-structure, placement and King-attack terms on the 8×8
/// board.
pub fn tuned_terms(variant: Variant) -> [bool; Terms::COUNT] {
    use crate::rules::classic::CaptureRule;
    [
        true,
        true,
        true,
        variant.has_fields(),
        variant.capture_rule() == CaptureRule::ByValue || variant.has_teleports(),
        variant.capture_rule() == CaptureRule::Never,
        !variant.has_zones(),
        !variant.has_zones(),
        !variant.has_zones(),
        !variant.has_zones(),
        !variant.has_zones(),
    ]
}

/// One training position for [`fit_tables`]: its [`Sample`], its game phase and where its
/// pieces stand.
#[derive(Clone, Debug, PartialEq)]
pub struct TableSample {
    /// Material, terms and White's score.
    pub sample: Sample,
    /// The game phase, 0 to [`FULL_PHASE`] ([`phase`]).
    pub phase: i32,
    /// White's pieces as `kind × 64 + square` (kinds Pawn to King 0–5, a1 = 0).
    pub white: Vec<u16>,
    /// Black's pieces as `kind × 64 + square`, the square mirrored across the middle rank
    /// (as Black reads the tables).
    pub black: Vec<u16>,
}

impl TableSample {
    /// The sample of `pos` with White's score `result`; `None` off the 8×8 board or with a
    /// kind beyond the standard six.
    pub fn of(pos: &Position, result: f64) -> Option<TableSample> {
        if pos.shape() != BoardShape::Standard {
            return None;
        }
        let mut sides = [Vec::new(), Vec::new()];
        for (color, list) in Color::BOTH.into_iter().zip(sides.iter_mut()) {
            let flip = if color == Color::White { 0 } else { 56 };
            for (sq, kind) in pos.board().pieces(color) {
                let k = crate::rules::PieceKind::STANDARD
                    .iter()
                    .position(|&s| s == kind)?;
                list.push((k * 64 + ((sq.index() & 63) ^ flip)) as u16);
            }
        }
        let [white, black] = sides;
        Some(TableSample {
            sample: Sample::of(pos, result),
            phase: phase(pos),
            white,
            black,
        })
    }
}

/// What [`fit_tables`] found.
#[derive(Clone, Debug, PartialEq)]
pub struct TableFit {
    /// The scale of the prediction ([`predict`]), fitted before the tables and weights.
    pub k: f64,
    /// The samples' loss with the starting tables and weights.
    pub loss_before: f64,
    /// The samples' loss with the fitted (rounded) tables and weights.
    pub loss_after: f64,
    /// The fitted weights; `placement` is [`PLACEMENT_SCALE`] (the tables as fitted).
    pub weights: Weights,
    /// The fitted square tables, Pawn to King.
    pub tables: [SquareTable; 6],
    /// The gradient steps taken.
    pub iterations: usize,
    /// The loss of the held-out samples (fitted on none of them) before and after, with
    /// the same `k`; `None` when none were held out.
    pub held_out: Option<(f64, f64)>,
}

/// How [`fit_tables`] fits.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct TableFitSettings {
    /// Full-batch gradient steps.
    pub iterations: usize,
    /// The pull of each table value toward its start, per squared centipawn, against the
    /// mean squared error ([`DEFAULT_TABLE_PRIOR`]).
    pub prior: f64,
}

/// The index of the placement weight in [`Terms::NAMES`] order.
const PLACEMENT_TERM: usize = 9;
/// The table values of six kinds, 64 squares, middlegame and endgame.
const TABLE_PARAMS: usize = 6 * 64 * 2;
/// The default pull of each table value toward its start, per squared centipawn, against
/// the mean squared error ([`TableFitSettings::prior`]): about what a few dozen positions
/// say, so a value that no position shows stays at its start and one that few show stays
/// near it. Stronger pulls (1e-9, 1e-8) fitted standard chess's labels worse on positions
/// held out of the fit (docs/BOTS.md).
pub const DEFAULT_TABLE_PRIOR: f64 = 1e-10;

/// The evaluation of a table sample (centipawns, White's view) under the parameters `p`:
/// [`TABLE_PARAMS`] table values (`(kind × 64 + square) × 2 + [0 middlegame, 1 endgame]`)
/// then the weights in [`Terms::NAMES`] order, the placement weight left out.
fn table_eval(s: &TableSample, p: &[f64]) -> f64 {
    let mut e = f64::from(s.sample.material);
    for i in (0..Terms::COUNT).filter(|&i| i != PLACEMENT_TERM) {
        e += p[TABLE_PARAMS + i] * f64::from(s.sample.terms[i]) / f64::from(Terms::SCALES[i]);
    }
    let (mut mg, mut eg) = (0.0, 0.0);
    for &i in &s.white {
        mg += p[usize::from(i) * 2];
        eg += p[usize::from(i) * 2 + 1];
    }
    for &i in &s.black {
        mg -= p[usize::from(i) * 2];
        eg -= p[usize::from(i) * 2 + 1];
    }
    let full = f64::from(FULL_PHASE);
    let ph = f64::from(s.phase);
    e + (mg * ph + eg * (full - ph)) / full
}

/// The mean squared error of the table samples' predictions under `p` and `k`.
fn table_loss(samples: &[TableSample], p: &[f64], k: f64) -> f64 {
    if samples.is_empty() {
        return 0.0;
    }
    let sum: f64 = samples
        .iter()
        .map(|s| {
            let d = s.sample.result - predict(k, table_eval(s, p));
            d * d
        })
        .sum();
    sum / samples.len() as f64
}

/// Fits the square tables and the weights marked in `tuned` ([`Terms::NAMES`] order; the
/// placement weight is never tuned: the tables take its place) to the samples, from
/// `tables` weighed by `start.placement` and the other weights of `start`.
///
/// `k` is fitted first, as in [`fit`]. Then `settings.iterations` full-batch gradient steps
/// of Adam (step 2 cp for the table values, 0.5 for whole-centipawn weights and 5 for those
/// in finer units, falling linearly to a tenth) lower the mean squared error plus a pull of
/// each table value toward its start (`settings.prior` times the squared difference),
/// weights kept at 0 or above. The result is rounded to whole units, and its loss is the
/// rounded tables' and weights'. `held_out` samples take no part in the fit; their loss
/// before and after tells whether the fit generalises. Deterministic: the same samples give
/// the same tables.
pub fn fit_tables(
    samples: &[TableSample],
    held_out: &[TableSample],
    start: Weights,
    tables: &[SquareTable; 6],
    tuned: [bool; Terms::COUNT],
    settings: TableFitSettings,
) -> TableFit {
    let TableFitSettings { iterations, prior } = settings;
    let scale = f64::from(start.placement) / f64::from(PLACEMENT_SCALE);
    let mut p = vec![0.0; TABLE_PARAMS + Terms::COUNT];
    for (k, table) in tables.iter().enumerate() {
        for (sq, [mg, eg]) in table.iter().enumerate() {
            p[(k * 64 + sq) * 2] = f64::from(*mg) * scale;
            p[(k * 64 + sq) * 2 + 1] = f64::from(*eg) * scale;
        }
    }
    for (i, w) in start.to_array().into_iter().enumerate() {
        p[TABLE_PARAMS + i] = f64::from(w);
    }
    p[TABLE_PARAMS + PLACEMENT_TERM] = f64::from(PLACEMENT_SCALE);
    let p0 = p.clone();
    let k = least_k(|k| table_loss(samples, &p, k));
    let loss_before = table_loss(samples, &p, k);
    let held_out_before = table_loss(held_out, &p, k);
    let free: Vec<bool> = (0..p.len())
        .map(|i| {
            i < TABLE_PARAMS || {
                let t = i - TABLE_PARAMS;
                t != PLACEMENT_TERM && tuned[t]
            }
        })
        .collect();
    let base_rate: Vec<f64> = (0..p.len())
        .map(|i| {
            if i < TABLE_PARAMS {
                2.0
            } else if Terms::SCALES[i - TABLE_PARAMS] > 1 {
                5.0
            } else {
                0.5
            }
        })
        .collect();
    let (b1, b2, eps) = (0.9, 0.999, 1e-12);
    let mut m = vec![0.0; p.len()];
    let mut v = vec![0.0; p.len()];
    let n = samples.len().max(1) as f64;
    let full = f64::from(FULL_PHASE);
    let slope = k * std::f64::consts::LN_10 / 400.0;
    for t in 0..iterations {
        let mut g = vec![0.0; p.len()];
        for s in samples {
            let pr = predict(k, table_eval(s, &p));
            // d(error²)/d(eval), averaged over the samples.
            let d = -2.0 * (s.sample.result - pr) * pr * (1.0 - pr) * slope / n;
            let ph = f64::from(s.phase) / full;
            let (dm, de) = (d * ph, d * (1.0 - ph));
            for &i in &s.white {
                g[usize::from(i) * 2] += dm;
                g[usize::from(i) * 2 + 1] += de;
            }
            for &i in &s.black {
                g[usize::from(i) * 2] -= dm;
                g[usize::from(i) * 2 + 1] -= de;
            }
            for (i, &term) in s.sample.terms.iter().enumerate() {
                g[TABLE_PARAMS + i] += d * f64::from(term) / f64::from(Terms::SCALES[i]);
            }
        }
        for i in 0..TABLE_PARAMS {
            g[i] += 2.0 * prior * (p[i] - p0[i]);
        }
        let rate = 1.0 - 0.9 * t as f64 / iterations.max(1) as f64;
        let step = (t + 1) as i32;
        for i in (0..p.len()).filter(|&i| free[i]) {
            m[i] = b1 * m[i] + (1.0 - b1) * g[i];
            v[i] = b2 * v[i] + (1.0 - b2) * g[i] * g[i];
            let mh = m[i] / (1.0 - b1.powi(step));
            let vh = v[i] / (1.0 - b2.powi(step));
            p[i] -= base_rate[i] * rate * mh / (vh.sqrt() + eps);
            if i >= TABLE_PARAMS {
                p[i] = p[i].max(0.0);
            }
        }
    }
    for x in &mut p {
        *x = x.round();
    }
    let loss_after = table_loss(samples, &p, k);
    let held_out = (!held_out.is_empty()).then(|| (held_out_before, table_loss(held_out, &p, k)));
    let mut fitted = [[[0; 2]; 64]; 6];
    for (k, table) in fitted.iter_mut().enumerate() {
        for (sq, cell) in table.iter_mut().enumerate() {
            *cell = [p[(k * 64 + sq) * 2] as i32, p[(k * 64 + sq) * 2 + 1] as i32];
        }
    }
    let mut w = [0; Terms::COUNT];
    for (i, x) in w.iter_mut().enumerate() {
        *x = p[TABLE_PARAMS + i] as i32;
    }
    TableFit {
        k,
        loss_before,
        loss_after,
        weights: Weights::from_array(w),
        tables: fitted,
        iterations,
        held_out,
    }
}

/// The tables as Rust source: a constant `name` of type `[SquareTable; 6]`, one block
/// per kind (Pawn to King), two lines per rank from rank 1 (files a–d, then e–h), each
/// square `[mg, eg]`.
pub fn tables_source(name: &str, tables: &[SquareTable; 6]) -> String {
    const KINDS: [&str; 6] = ["Pawn", "Knight", "Bishop", "Rook", "Queen", "King"];
    let mut out = format!("pub const {name}: [SquareTable; 6] = [\n");
    for (kind, table) in KINDS.iter().zip(tables) {
        out.push_str(&format!("    // {kind}\n    [\n"));
        for rank in 0..8 {
            out.push_str(&format!("        // rank {}\n", rank + 1));
            for half in table[rank * 8..rank * 8 + 8].chunks(4) {
                let cells: Vec<String> = half.iter().map(|[m, e]| format!("[{m}, {e}]")).collect();
                out.push_str(&format!("        {},\n", cells.join(", ")));
            }
        }
        out.push_str("    ],\n");
    }
    out.push_str("];\n");
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::{RngExt, SeedableRng};

    /// Samples whose results are drawn from the logistic model with known weights: the fit
    /// lowers the loss and comes back near them from elsewhere.
    #[test]
    fn the_fit_recovers_the_weights_that_made_the_results() {
        let truth = Weights {
            mobility: 7,
            centre: 2,
            pawn_step: 11,
            held_square: 0,
            threat: 0,
            race_step: 0,
            passed: 0,
            pawn_weakness: 0,
            king_shield: 0,
            placement: 0,
            king_attack: 0,
        };
        let mut rng = rand::rngs::SmallRng::seed_from_u64(9);
        let samples: Vec<Sample> = (0..40_000)
            .map(|_| {
                let terms = [
                    rng.random_range(-20..=20),
                    rng.random_range(-15..=15),
                    rng.random_range(-12..=12),
                    0,
                    0,
                    0,
                    0,
                    0,
                    0,
                    0,
                    0,
                ];
                let material = rng.random_range(-300..=300);
                let mut s = Sample {
                    material,
                    terms,
                    result: 0.0,
                };
                let p = predict(1.0, score(&s, &truth.to_array()));
                s.result = if rng.random_bool(p) { 1.0 } else { 0.0 };
                s
            })
            .collect();
        let start = Weights {
            mobility: 2,
            centre: 6,
            pawn_step: 4,
            ..truth
        };
        let f = fit(
            &samples,
            start,
            [
                true, true, true, false, false, false, false, false, false, false, false,
            ],
            100,
        );
        assert!(f.loss_after < f.loss_before, "{f:?}");
        assert!((f.k - 1.0).abs() < 0.3, "{f:?}");
        let w = f.weights;
        assert!((5..=9).contains(&w.mobility), "{w:?}");
        assert!((0..=4).contains(&w.centre), "{w:?}");
        assert!((8..=14).contains(&w.pawn_step), "{w:?}");
        // Untuned weights stay as they were.
        assert_eq!((w.held_square, w.threat, w.race_step), (0, 0, 0));
        assert!(f.passes < 100);
    }

    /// Labels drawn from known square tables (the hand-set ones with two values moved):
    /// the table fit from the hand-set tables lowers the loss and finds both values most of
    /// the way, and leaves a value no position shows where it was.
    #[test]
    fn the_table_fit_recovers_the_square_values_that_made_the_labels() {
        use crate::bots::eval::HAND_SET_TABLES;
        use crate::rules::Square;
        let mut truth = HAND_SET_TABLES;
        truth[1][28][0] += 80;
        truth[0][27][1] -= 60;
        let placement_under = |s: &TableSample, t: &[SquareTable; 6]| {
            let value = |i: u16| t[usize::from(i) / 64][usize::from(i) % 64];
            let (mut mg, mut eg) = (0, 0);
            for &i in &s.white {
                mg += value(i)[0];
                eg += value(i)[1];
            }
            for &i in &s.black {
                mg -= value(i)[0];
                eg -= value(i)[1];
            }
            f64::from(mg * s.phase + eg * (FULL_PHASE - s.phase)) / f64::from(FULL_PHASE)
        };
        let mut rng = rand::rngs::SmallRng::seed_from_u64(3);
        let mut samples = Vec::new();
        let e4 = Square(28);
        while samples.len() < 6_000 {
            let mut pos = Position::new(Variant::Standard);
            for _ in 0..rng.random_range(6..70) {
                let moves = pos.legal_moves();
                if moves.is_empty() {
                    break;
                }
                pos.play_unchecked(&moves[rng.random_range(0..moves.len())]);
            }
            // Half the positions get a White Knight on e4 where the square is free.
            if rng.random_bool(0.5) && pos.board().piece_at(e4).is_none() {
                pos.board_mut().put(
                    e4,
                    crate::rules::Piece::new(Color::White, crate::rules::PieceKind::Knight),
                );
            }
            let Some(mut s) = TableSample::of(&pos, 0.0) else {
                continue;
            };
            s.sample.result = predict(
                1.0,
                f64::from(s.sample.material) + placement_under(&s, &truth),
            );
            samples.push(s);
        }
        let start = Weights::from_array([0, 0, 0, 0, 0, 0, 0, 0, 0, PLACEMENT_SCALE, 0]);
        // Every tenth sample held out of the fit.
        let (check, fit): (Vec<_>, Vec<_>) = samples
            .into_iter()
            .enumerate()
            .partition(|(i, _)| i % 10 == 0);
        let strip = |v: Vec<(usize, TableSample)>| -> Vec<TableSample> {
            v.into_iter().map(|(_, s)| s).collect()
        };
        let (check, samples) = (strip(check), strip(fit));
        let settings = TableFitSettings {
            iterations: 300,
            prior: 1e-10,
        };
        let f = fit_tables(
            &samples,
            &check,
            start,
            &HAND_SET_TABLES,
            [false; Terms::COUNT],
            settings,
        );
        let (check_before, check_after) = f.held_out.expect("samples were held out");
        assert!(
            check_after < check_before / 4.0,
            "{check_before} -> {check_after}"
        );
        assert!(
            f.loss_after < f.loss_before / 4.0,
            "{} -> {}",
            f.loss_before,
            f.loss_after
        );
        assert!((f.k - 1.0).abs() < 0.1, "k {}", f.k);
        let found = f.tables[1][28][0] - HAND_SET_TABLES[1][28][0];
        assert!(
            (50..=110).contains(&found),
            "Knight e4 middlegame moved {found}"
        );
        let found = f.tables[0][27][1] - HAND_SET_TABLES[0][27][1];
        assert!(
            (-90..=-30).contains(&found),
            "pawn d4 endgame moved {found}"
        );
        // No pawn stands on the first rank: its values stay as they were.
        assert_eq!(f.tables[0][3], HAND_SET_TABLES[0][3]);
        assert_eq!(f.weights.placement, PLACEMENT_SCALE);
        assert_eq!(f.weights.mobility, 0);
        // The written module holds every value, rank by rank.
        let text = tables_source("T", &f.tables);
        assert!(text.starts_with("pub const T: [SquareTable; 6] = [\n    // Pawn\n"));
        assert_eq!(text.matches("// rank 8").count(), 6);
        assert_eq!(text.matches('[').count(), 1 + 6 + 6 * 64 + 1);
    }

    #[test]
    fn labelled_samples_read_scores_and_results_and_name_the_bad_line() {
        let text = "# comment\n\
            rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1;0.5\n\
            \n\
            4k3/8/8/8/8/8/8/3QK3 w - - 0 1 ; 1-0\n\
            4k3/8/8/8/8/8/8/3qK3 w - - 0 1;0\n";
        let s = labelled_samples(Variant::Standard, text).unwrap();
        assert_eq!(s.len(), 3);
        assert_eq!(s[0].result, 0.5);
        assert_eq!(s[0].material, 0);
        assert_eq!((s[1].result, s[1].material), (1.0, 900));
        assert_eq!((s[2].result, s[2].material), (0.0, -900));
        let e =
            labelled_samples(Variant::Standard, "4k3/8/8/8/8/8/8/4K3 w - - 0 1;1.5").unwrap_err();
        assert_eq!(e.line, 1);
        assert!(e.to_string().contains("`1.5`"), "{e}");
        let e =
            labelled_samples(Variant::Standard, "\n4k3/8/8/8/8/8/8/4K3 w - - 0 1 0.5").unwrap_err();
        assert_eq!(e.to_string(), "line 2: expected POSITION;SCORE");
        let e = labelled_samples(Variant::Standard, "4k3/8/8/8 w - - 0 1;0.5").unwrap_err();
        assert_eq!(e.line, 1);
    }

    #[test]
    fn samples_are_the_quiet_positions_of_finished_games_with_white_s_result() {
        let mut r = GameRecord::new(Position::new(Variant::Standard));
        // 1. e4 d5 2. exd5 Qxd5 3. Nc3: the capture moves' positions are left out.
        for m in ["e2e4", "d7d5", "e4d5", "d8d5", "b1c3"] {
            let mv = r.current().parse_move(m).unwrap();
            r.play(&mv).unwrap();
        }
        assert!(samples(std::slice::from_ref(&r), Variant::Standard, 0).is_empty());
        r.declare(Outcome::Win {
            winner: Color::Black,
            reason: crate::rules::outcome::WinReason::Resignation,
        });
        let s = samples(std::slice::from_ref(&r), Variant::Standard, 0);
        // Positions before e4, d5 and Nc3 are quiet; before exd5 and Qxd5 they are not.
        assert_eq!(s.len(), 3);
        assert!(s.iter().all(|x| x.result == 0.0));
        assert_eq!(s[0].material, 0);
        // Skipping two plies leaves the position before Nc3 only.
        assert_eq!(samples(&[r.clone()], Variant::Standard, 2).len(), 1);
        // Another variant's games give none.
        assert!(samples(&[r], Variant::Bully, 0).is_empty());
    }

    /// A search label is White's expected score whichever side is to move: near 1 with
    /// White a Queen up, near 0 with Black a Queen up, 1 or 0 for a mate found, and
    /// nothing for a finished game; Parity labels White's commits.
    #[test]
    fn search_labels_are_white_s_expected_score_from_the_search() {
        let limits = SearchLimits {
            movetime: None,
            depth: Some(4),
            nodes: Some(30_000),
        };
        let label =
            |v: Variant, text: &str| search_label(&Position::from_text(v, text).unwrap(), limits);
        let up = label(Variant::Standard, "4k3/8/8/8/8/8/8/3QK3 b - - 0 1").unwrap();
        let down = label(Variant::Standard, "3qk3/8/8/8/8/8/8/4K3 b - - 0 1").unwrap();
        assert!(up > 0.9 && up < 1.0, "{up}");
        assert!(down < 0.1 && down > 0.0, "{down}");
        // White mates in one (Ra8#), and Black, to move, mates in one (Ra1#).
        let mate = label(Variant::Standard, "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1").unwrap();
        assert_eq!(mate, 1.0);
        let mated = label(Variant::Standard, "r5k1/8/8/8/8/8/5PPP/6K1 b - - 0 1").unwrap();
        assert_eq!(mated, 0.0);
        // Fool's mate: the game is over, nothing to label.
        let over = "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3";
        assert_eq!(label(Variant::Standard, over), None);
        // The initial position is about even; in Parity too (White's commits).
        let start = search_label(&Position::new(Variant::Standard), limits).unwrap();
        assert!((0.35..0.65).contains(&start), "{start}");
        let parity = search_label(&Position::new(Variant::Parity), limits).unwrap();
        assert!((0.35..0.65).contains(&parity), "{parity}");
        let line = label_line(&Position::new(Variant::Standard), 0.5);
        assert_eq!(
            line,
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1;0.5000"
        );
        let back = labelled_samples(Variant::Standard, &line).unwrap();
        assert_eq!(back[0].result, 0.5);
    }
}
