//! The network itself: its weights in integers, its file format, the accumulator and the
//! forward pass.
//!
//! Architecture: the layout's features ([`Layout`]) → `hidden` units per perspective (a
//! feature transformer shared by both perspectives, `i16` weights at scale [`QA`]), the
//! side's units and then the other side's, each through a squared clipped `ReLU`
//! (`clamp(x, 0, 1)²`), → one output per *bucket* (the bucket chosen by the number of
//! pieces on the board, [`Layout::bucket`]; `i16` weights at scale [`QB`]), times
//! [`Network::scale`] centipawns; plus a linear term per feature (`psqt`, in
//! 1/[`PSQT_SCALE`] centipawns), half the side's sum less half the other side's. All
//! arithmetic is in integers; the accumulator wraps like the `i16` it is (the training
//! keeps the weights small enough that a real position never wraps it).
//!
//! File format (little-endian; `assets/nets/<variant>.nnue`):
//!
//! | bytes | field |
//! |---|---|
//! | 8 | magic `ESONNUE1` |
//! | 2 | format version (1) |
//! | 1 + n | variant name: its length, then the name (`standard`, `big-outer`, …) |
//! | 4 | input features (must equal the variant's [`Layout::features`]) |
//! | 2 | hidden units per perspective (a multiple of 16, at most [`MAX_HIDDEN`]) |
//! | 1 | output buckets (1 to [`MAX_BUCKETS`]) |
//! | 2, 2, 2, 2 | `QA`, `QB`, the output scale (centipawns per unit), `PSQT_SCALE` |
//! | 2 + n | a note (UTF-8: how the network was trained): its length, then the text |
//! | 2 × features × hidden | feature weights, `i16`, feature by feature |
//! | 2 × hidden | feature biases, `i16` |
//! | 4 × features | linear weights, `i32` |
//! | 2 × buckets × 2 × hidden | output weights, `i16`, bucket by bucket (the side's units first), each within ±255 |
//! | 4 × buckets | output biases, `i32`, at scale `QA × QB` |
//! | 8 | FNV-1a 64 of every byte before it |

use super::features::{Change, Feature, Layout, Snapshot, changes};
use crate::rules::{Color, Position, Variant};

/// The scale of the feature weights and of the accumulator: 1.0 is 255.
pub const QA: i32 = 255;
/// The scale of the output weights: 1.0 is 64.
pub const QB: i32 = 64;
/// The scale of the linear weights: 1 centipawn is 16.
pub const PSQT_SCALE: i32 = 16;
/// The most hidden units per perspective a file may have.
pub const MAX_HIDDEN: usize = 1024;
/// The most output buckets a file may have.
pub const MAX_BUCKETS: usize = 16;
/// The largest output weight (in absolute value) a file may hold: it keeps every sum of
/// the forward pass inside `i32`.
pub const MAX_OUTPUT_WEIGHT: i16 = 255;
const MAGIC: &[u8; 8] = b"ESONNUE1";
const VERSION: u16 = 1;

/// Why a network file was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NetError(pub String);

impl std::fmt::Display for NetError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for NetError {}

/// A network for one variant, in integers as it is evaluated.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Network {
    layout: Layout,
    hidden: usize,
    buckets: usize,
    scale: i32,
    note: String,
    /// `features × hidden`, feature by feature.
    ft_weights: Vec<i16>,
    ft_biases: Vec<i16>,
    psqt: Vec<i32>,
    /// `buckets × 2 × hidden`.
    out_weights: Vec<i16>,
    out_biases: Vec<i32>,
    /// Every output weight is within ±127, so a hidden unit's value (0 to [`QA`]) times
    /// its weight fits an `i16` and [`Network::output`] takes the narrow path.
    narrow: bool,
}

/// The input index of the feature that `c` adds or removes, from `persp`'s side (`None`
/// where the layout has no such feature).
fn feature_of(layout: Layout, persp: Color, c: &Change) -> Option<usize> {
    match c.what {
        Feature::Piece { owner, kind } => layout.piece_feature(persp, owner, kind, c.sq),
        Feature::Resting { owner } => layout.resting_feature(persp, owner, c.sq),
    }
}

/// Whether every output weight is within ±127 (see `Network::narrow`).
fn narrow(out_weights: &[i16]) -> bool {
    out_weights.iter().all(|w| w.unsigned_abs() <= 127)
}

/// The network's first layer for a position, both perspectives: the feature biases plus
/// the weights of every active feature (White's perspective, then Black's), and the
/// linear term's sum per perspective. A function of the position's [`Snapshot`] alone.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Accumulator {
    /// `2 × hidden`: White's perspective, then Black's.
    values: Vec<i16>,
    psqt: [i32; 2],
}

impl Accumulator {
    /// The hidden units of `persp`.
    pub fn units(&self, persp: Color) -> &[i16] {
        let h = self.values.len() / 2;
        &self.values[persp.index() * h..(persp.index() + 1) * h]
    }

    /// The linear term's sum of `persp`, in 1/[`PSQT_SCALE`] centipawns.
    pub fn linear(&self, persp: Color) -> i32 {
        self.psqt[persp.index()]
    }

    /// Copies `other` (of a network of the same size) into `self` without allocating.
    pub fn copy_from(&mut self, other: &Accumulator) {
        self.values.copy_from_slice(&other.values);
        self.psqt = other.psqt;
    }
}

/// The float weights of a network before quantisation (training exports them through
/// the Python package; tests build networks from them).
#[derive(Clone, Debug, PartialEq)]
pub struct FloatWeights {
    /// `features × hidden`.
    pub ft_weights: Vec<f32>,
    /// `hidden`.
    pub ft_biases: Vec<f32>,
    /// `features`, in centipawns.
    pub psqt: Vec<f32>,
    /// `buckets × 2 × hidden`.
    pub out_weights: Vec<f32>,
    /// `buckets`.
    pub out_biases: Vec<f32>,
}

fn fnv1a(bytes: &[u8]) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for &b in bytes {
        h ^= u64::from(b);
        h = h.wrapping_mul(0x0100_0000_01b3);
    }
    h
}

/// A little-endian reader over a file's bytes, naming what it could not read.
struct Reader<'a> {
    bytes: &'a [u8],
    at: usize,
}

impl<'a> Reader<'a> {
    fn take(&mut self, n: usize, what: &str) -> Result<&'a [u8], NetError> {
        let end = self.at.checked_add(n).filter(|&e| e <= self.bytes.len());
        let Some(end) = end else {
            return Err(NetError(format!(
                "the file ends inside {what} (byte {} of {})",
                self.at,
                self.bytes.len()
            )));
        };
        let s = &self.bytes[self.at..end];
        self.at = end;
        Ok(s)
    }

    fn u8(&mut self, what: &str) -> Result<u8, NetError> {
        Ok(self.take(1, what)?[0])
    }

    fn u16(&mut self, what: &str) -> Result<u16, NetError> {
        let b = self.take(2, what)?;
        Ok(u16::from_le_bytes([b[0], b[1]]))
    }

    fn u32(&mut self, what: &str) -> Result<u32, NetError> {
        let b = self.take(4, what)?;
        Ok(u32::from_le_bytes([b[0], b[1], b[2], b[3]]))
    }

    fn i16s(&mut self, n: usize, what: &str) -> Result<Vec<i16>, NetError> {
        let b = self.take(n * 2, what)?;
        Ok(b.chunks_exact(2)
            .map(|c| i16::from_le_bytes([c[0], c[1]]))
            .collect())
    }

    fn i32s(&mut self, n: usize, what: &str) -> Result<Vec<i32>, NetError> {
        let b = self.take(n * 4, what)?;
        Ok(b.chunks_exact(4)
            .map(|c| i32::from_le_bytes([c[0], c[1], c[2], c[3]]))
            .collect())
    }
}

fn round_i16(x: f32, scale: i32, what: &str) -> Result<i16, NetError> {
    let v = (x * scale as f32).round();
    if !v.is_finite() || v < f32::from(i16::MIN) || v > f32::from(i16::MAX) {
        return Err(NetError(format!("{what} {x} is out of range")));
    }
    Ok(v as i16)
}

fn round_i32(x: f32, scale: i32, what: &str) -> Result<i32, NetError> {
    let v = (f64::from(x) * f64::from(scale)).round();
    if !v.is_finite() || v < f64::from(i32::MIN) || v > f64::from(i32::MAX) {
        return Err(NetError(format!("{what} {x} is out of range")));
    }
    Ok(v as i32)
}

impl Network {
    /// A network of `variant` from float weights (the shapes [`FloatWeights`] names, for
    /// `hidden` units and `buckets` buckets), quantised; `scale` centipawns per output
    /// unit.
    ///
    /// # Errors
    /// [`NetError`] for a size outside the limits, arrays of the wrong length, or a weight
    /// that does not fit its integer.
    pub fn from_float(
        variant: Variant,
        hidden: usize,
        buckets: usize,
        scale: i32,
        note: &str,
        w: &FloatWeights,
    ) -> Result<Network, NetError> {
        let layout = Layout::of(variant);
        check_sizes(hidden, buckets)?;
        let f = layout.features();
        let lens = [
            ("feature weights", w.ft_weights.len(), f * hidden),
            ("feature biases", w.ft_biases.len(), hidden),
            ("linear weights", w.psqt.len(), f),
            ("output weights", w.out_weights.len(), buckets * 2 * hidden),
            ("output biases", w.out_biases.len(), buckets),
        ];
        for (what, got, want) in lens {
            if got != want {
                return Err(NetError(format!("{what}: {got} values, expected {want}")));
            }
        }
        let q16 = |v: &[f32], s: i32, what: &str| -> Result<Vec<i16>, NetError> {
            v.iter().map(|&x| round_i16(x, s, what)).collect()
        };
        let q32 = |v: &[f32], s: i32, what: &str| -> Result<Vec<i32>, NetError> {
            v.iter().map(|&x| round_i32(x, s, what)).collect()
        };
        let net = Network {
            layout,
            hidden,
            buckets,
            scale,
            note: note.to_string(),
            ft_weights: q16(&w.ft_weights, QA, "feature weight")?,
            ft_biases: q16(&w.ft_biases, QA, "feature bias")?,
            psqt: q32(&w.psqt, PSQT_SCALE, "linear weight")?,
            out_weights: q16(&w.out_weights, QB, "output weight")?,
            out_biases: q32(&w.out_biases, QA * QB, "output bias")?,
            narrow: false,
        };
        let net = Network {
            narrow: narrow(&net.out_weights),
            ..net
        };
        net.check_output_weights()?;
        Ok(net)
    }

    /// The network's weights as floats, each integer divided by its scale (the linear
    /// weights in centipawns): what a training run continues from.
    /// [`Network::from_float`] of them, with this network's variant, sizes, scale and
    /// note, gives back an equal network.
    pub fn to_float(&self) -> FloatWeights {
        let f16 = |v: &[i16], s: i32| -> Vec<f32> {
            v.iter().map(|&x| f32::from(x) / s as f32).collect()
        };
        let f32s = |v: &[i32], s: i32| -> Vec<f32> {
            v.iter()
                .map(|&x| (f64::from(x) / f64::from(s)) as f32)
                .collect()
        };
        FloatWeights {
            ft_weights: f16(&self.ft_weights, QA),
            ft_biases: f16(&self.ft_biases, QA),
            psqt: f32s(&self.psqt, PSQT_SCALE),
            out_weights: f16(&self.out_weights, QB),
            out_biases: f32s(&self.out_biases, QA * QB),
        }
    }

    fn check_output_weights(&self) -> Result<(), NetError> {
        if let Some(w) = self
            .out_weights
            .iter()
            .find(|w| w.unsigned_abs() > MAX_OUTPUT_WEIGHT as u16)
        {
            return Err(NetError(format!(
                "an output weight ({w}) is beyond ±{MAX_OUTPUT_WEIGHT}"
            )));
        }
        Ok(())
    }

    /// Reads a network file (module docs for the format).
    ///
    /// # Errors
    /// [`NetError`] naming what is wrong: not a network file, another format version, an
    /// unknown variant, a size that does not fit the variant's layout or the limits, a
    /// file too short or too long, a checksum that does not match, an output weight out
    /// of range.
    pub fn from_bytes(bytes: &[u8]) -> Result<Network, NetError> {
        if bytes.len() < MAGIC.len() || &bytes[..MAGIC.len()] != MAGIC {
            return Err(NetError(
                "not an Esoterica network file (no ESONNUE1 header)".into(),
            ));
        }
        if bytes.len() < MAGIC.len() + 8 {
            return Err(NetError("the file is too short".into()));
        }
        let (body, sum) = bytes.split_at(bytes.len() - 8);
        let mut r = Reader {
            bytes: body,
            at: MAGIC.len(),
        };
        let version = r.u16("the version")?;
        if version != VERSION {
            return Err(NetError(format!(
                "format version {version}; this build reads version {VERSION}"
            )));
        }
        let n = usize::from(r.u8("the variant name")?);
        let name = std::str::from_utf8(r.take(n, "the variant name")?)
            .map_err(|_| NetError("the variant name is not UTF-8".into()))?;
        let variant =
            Variant::parse(name).map_err(|_| NetError(format!("unknown variant '{name}'")))?;
        let layout = Layout::of(variant);
        let features = r.u32("the feature count")? as usize;
        if features != layout.features() {
            return Err(NetError(format!(
                "{features} input features; the {} layout has {}",
                variant.name(),
                layout.features()
            )));
        }
        let hidden = usize::from(r.u16("the hidden size")?);
        let buckets = usize::from(r.u8("the bucket count")?);
        check_sizes(hidden, buckets)?;
        let qa = r.u16("QA")?;
        let qb = r.u16("QB")?;
        let scale = r.u16("the scale")?;
        let pq = r.u16("the linear scale")?;
        if (i32::from(qa), i32::from(qb), i32::from(pq)) != (QA, QB, PSQT_SCALE) {
            return Err(NetError(format!(
                "quantisation {qa}/{qb}/{pq}; this build reads {QA}/{QB}/{PSQT_SCALE}"
            )));
        }
        let n = usize::from(r.u16("the note")?);
        let note = std::str::from_utf8(r.take(n, "the note")?)
            .map_err(|_| NetError("the note is not UTF-8".into()))?
            .to_string();
        let ft_weights = r.i16s(features * hidden, "the feature weights")?;
        let ft_biases = r.i16s(hidden, "the feature biases")?;
        let psqt = r.i32s(features, "the linear weights")?;
        let out_weights = r.i16s(buckets * 2 * hidden, "the output weights")?;
        let out_biases = r.i32s(buckets, "the output biases")?;
        if r.at != body.len() {
            return Err(NetError(format!(
                "{} bytes after the weights",
                body.len() - r.at
            )));
        }
        let want = u64::from_le_bytes(sum.try_into().map_err(|_| NetError("no checksum".into()))?);
        let got = fnv1a(body);
        if got != want {
            return Err(NetError(format!(
                "checksum {got:016x} does not match the file's {want:016x}: the file is damaged"
            )));
        }
        let net = Network {
            layout,
            hidden,
            buckets,
            scale: i32::from(scale),
            note,
            ft_weights,
            ft_biases,
            psqt,
            narrow: narrow(&out_weights),
            out_weights,
            out_biases,
        };
        net.check_output_weights()?;
        Ok(net)
    }

    /// The network as a file ([`Network::from_bytes`] reads it back to an equal network).
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut b = Vec::with_capacity(self.ft_weights.len() * 2 + self.psqt.len() * 4 + 256);
        b.extend_from_slice(MAGIC);
        b.extend_from_slice(&VERSION.to_le_bytes());
        let name = self.layout.variant.name().as_bytes();
        b.push(name.len() as u8);
        b.extend_from_slice(name);
        b.extend_from_slice(&(self.layout.features() as u32).to_le_bytes());
        b.extend_from_slice(&(self.hidden as u16).to_le_bytes());
        b.push(self.buckets as u8);
        for q in [QA, QB, self.scale, PSQT_SCALE] {
            b.extend_from_slice(&(q as u16).to_le_bytes());
        }
        let note = self.note.as_bytes();
        let note = &note[..note.len().min(u16::MAX as usize)];
        b.extend_from_slice(&(note.len() as u16).to_le_bytes());
        b.extend_from_slice(note);
        for w in &self.ft_weights {
            b.extend_from_slice(&w.to_le_bytes());
        }
        for w in &self.ft_biases {
            b.extend_from_slice(&w.to_le_bytes());
        }
        for w in &self.psqt {
            b.extend_from_slice(&w.to_le_bytes());
        }
        for w in &self.out_weights {
            b.extend_from_slice(&w.to_le_bytes());
        }
        for w in &self.out_biases {
            b.extend_from_slice(&w.to_le_bytes());
        }
        let sum = fnv1a(&b);
        b.extend_from_slice(&sum.to_le_bytes());
        b
    }

    /// The variant the network plays.
    pub fn variant(&self) -> Variant {
        self.layout.variant
    }

    /// Its input layout.
    pub fn layout(&self) -> &Layout {
        &self.layout
    }

    /// Hidden units per perspective.
    pub fn hidden(&self) -> usize {
        self.hidden
    }

    /// Output buckets.
    pub fn buckets(&self) -> usize {
        self.buckets
    }

    /// Centipawns per output unit.
    pub fn scale(&self) -> i32 {
        self.scale
    }

    /// The note the file carries (how it was trained).
    pub fn note(&self) -> &str {
        &self.note
    }

    /// An accumulator of this network's size holding the feature biases alone (the empty
    /// board's).
    pub fn empty_accumulator(&self) -> Accumulator {
        let mut values = Vec::with_capacity(2 * self.hidden);
        values.extend_from_slice(&self.ft_biases);
        values.extend_from_slice(&self.ft_biases);
        Accumulator {
            values,
            psqt: [0; 2],
        }
    }

    /// Sets `acc` (of this network's size) to the accumulator of a position whose snapshot
    /// is `snap`, computed from scratch.
    pub fn refresh_into(&self, acc: &mut Accumulator, snap: &Snapshot) {
        let h = self.hidden;
        acc.values[..h].copy_from_slice(&self.ft_biases);
        acc.values[h..].copy_from_slice(&self.ft_biases);
        acc.psqt = [0; 2];
        self.update(acc, &Snapshot::empty(), snap);
    }

    /// Sets `dst` to the accumulator of a position whose snapshot is `to`: from `base`
    /// (an accumulator and its snapshot) by [`Network::update_from`] where at most
    /// [`NetStack::REFRESH_AFTER`](super::NetStack::REFRESH_AFTER) squares differ, else
    /// afresh ([`Network::refresh_into`]), whichever is the less work.
    #[inline]
    pub fn compute_near(
        &self,
        dst: &mut Accumulator,
        base: Option<(&Accumulator, &Snapshot)>,
        to: &Snapshot,
    ) {
        match base {
            Some((acc, snap)) if snap.distance(to) <= super::NetStack::REFRESH_AFTER => {
                self.update_from(dst, acc, snap, to);
            }
            _ => self.refresh_into(dst, to),
        }
    }

    /// The accumulator of `pos` computed from scratch.
    pub fn refresh(&self, pos: &Position) -> Accumulator {
        let mut acc = self.empty_accumulator();
        self.update(&mut acc, &Snapshot::empty(), &Snapshot::of(pos));
        acc
    }

    /// Turns `acc`, the accumulator of a position whose snapshot is `from`, into that of a
    /// position whose snapshot is `to`: each feature that disappears is subtracted and
    /// each that appears added, for both perspectives.
    #[inline]
    pub fn update(&self, acc: &mut Accumulator, from: &Snapshot, to: &Snapshot) {
        let h = self.hidden;
        let layout = self.layout;
        changes(from, to, layout.shape, |c: Change| {
            for persp in Color::BOTH {
                let Some(f) = feature_of(layout, persp, &c) else {
                    continue;
                };
                let row = &self.ft_weights[f * h..(f + 1) * h];
                let units = &mut acc.values[persp.index() * h..(persp.index() + 1) * h];
                let lin = &mut acc.psqt[persp.index()];
                if c.added {
                    for (a, w) in units.iter_mut().zip(row) {
                        *a = a.wrapping_add(*w);
                    }
                    *lin = lin.wrapping_add(self.psqt[f]);
                } else {
                    for (a, w) in units.iter_mut().zip(row) {
                        *a = a.wrapping_sub(*w);
                    }
                    *lin = lin.wrapping_sub(self.psqt[f]);
                }
            }
        });
    }

    /// Sets `dst` to the accumulator of a position whose snapshot is `to`, from `src`, the
    /// accumulator of a position whose snapshot is `from` (the same result as copying
    /// `src` and calling [`Network::update`]). A move's usual changes (one feature added
    /// and one or two removed, or two and two) are applied in one pass over the units;
    /// others as a copy and an update.
    pub fn update_from(
        &self,
        dst: &mut Accumulator,
        src: &Accumulator,
        from: &Snapshot,
        to: &Snapshot,
    ) {
        let h = self.hidden;
        let layout = self.layout;
        // Per perspective: the features added and removed (up to two of each).
        let mut added = [[0usize; 2]; 2];
        let mut removed = [[0usize; 2]; 2];
        let mut counts = [[0usize; 2]; 2];
        let mut other = false;
        changes(from, to, layout.shape, |c: Change| {
            for persp in Color::BOTH {
                let Some(f) = feature_of(layout, persp, &c) else {
                    continue;
                };
                let p = persp.index();
                let (list, n) = if c.added {
                    (&mut added[p], &mut counts[p][0])
                } else {
                    (&mut removed[p], &mut counts[p][1])
                };
                if *n == 2 {
                    other = true;
                    continue;
                }
                list[*n] = f;
                *n += 1;
            }
        });
        if other || counts[0] != counts[1] {
            dst.copy_from(src);
            self.update(dst, from, to);
            return;
        }
        let row = |f: usize| &self.ft_weights[f * h..(f + 1) * h];
        for p in 0..2 {
            let s = &src.values[p * h..(p + 1) * h];
            let d = &mut dst.values[p * h..(p + 1) * h];
            let (a, r) = (&added[p], &removed[p]);
            match counts[p] {
                [1, 1] => {
                    for (((o, &x), &u), &v) in d.iter_mut().zip(s).zip(row(a[0])).zip(row(r[0])) {
                        *o = x.wrapping_add(u).wrapping_sub(v);
                    }
                }
                [1, 2] => {
                    let z = row(a[0]).iter().zip(row(r[0])).zip(row(r[1]));
                    for ((o, &x), ((&u, &v), &w)) in d.iter_mut().zip(s).zip(z) {
                        *o = x.wrapping_add(u).wrapping_sub(v).wrapping_sub(w);
                    }
                }
                [2, 2] => {
                    let z = row(a[0])
                        .iter()
                        .zip(row(a[1]))
                        .zip(row(r[0]))
                        .zip(row(r[1]));
                    for ((o, &x), (((&u, &t), &v), &w)) in d.iter_mut().zip(s).zip(z) {
                        *o = x
                            .wrapping_add(u)
                            .wrapping_add(t)
                            .wrapping_sub(v)
                            .wrapping_sub(w);
                    }
                }
                _ => {
                    d.copy_from_slice(s);
                    for &f in &a[..counts[p][0]] {
                        for (o, &u) in d.iter_mut().zip(row(f)) {
                            *o = o.wrapping_add(u);
                        }
                    }
                    for &f in &r[..counts[p][1]] {
                        for (o, &v) in d.iter_mut().zip(row(f)) {
                            *o = o.wrapping_sub(v);
                        }
                    }
                }
            }
            let lin = a[..counts[p][0]]
                .iter()
                .fold(src.psqt[p], |l, &f| l.wrapping_add(self.psqt[f]));
            dst.psqt[p] = r[..counts[p][1]]
                .iter()
                .fold(lin, |l, &f| l.wrapping_sub(self.psqt[f]));
        }
    }

    /// The network's score of a position from `side`'s point of view, in centipawns, from
    /// the position's accumulator and its piece count (which picks the output bucket).
    #[inline]
    pub fn output(&self, acc: &Accumulator, side: Color, pieces: usize) -> i32 {
        let h = self.hidden;
        let bucket = self.layout.bucket(pieces, self.buckets);
        let w = &self.out_weights[bucket * 2 * h..(bucket + 1) * 2 * h];
        let us = acc.units(side);
        let them = acc.units(side.other());
        let mut sum: i64 = 0;
        for (units, weights) in [(us, &w[..h]), (them, &w[h..])] {
            if self.narrow {
                // The same sum with 16-bit products: c · w fits an i16 (|w| ≤ 127), and
                // the widening multiply-add by c is one vector instruction. 256 terms of at
                // most 255 × 127 × 255 fit an i32.
                for (u, wt) in units.chunks(256).zip(weights.chunks(256)) {
                    let s: i32 = u
                        .iter()
                        .zip(wt)
                        .map(|(&x, &y)| {
                            let c = x.clamp(0, QA as i16);
                            i32::from(c.wrapping_mul(y)) * i32::from(c)
                        })
                        .sum();
                    sum += i64::from(s);
                }
                continue;
            }
            // 16 units at a time: each term is at most 255² × 255, so 16 fit an i32.
            for (u, wt) in units.chunks_exact(16).zip(weights.chunks_exact(16)) {
                let mut s: i32 = 0;
                for (&x, &y) in u.iter().zip(wt) {
                    let c = i32::from(x).clamp(0, QA);
                    s += c * i32::from(y) * c;
                }
                sum += i64::from(s);
            }
        }
        let out = sum / i64::from(QA) + i64::from(self.out_biases[bucket]);
        let cp = out * i64::from(self.scale) / i64::from(QA * QB);
        let linear = (i64::from(acc.psqt[side.index()])
            - i64::from(acc.psqt[side.other().index()]))
            / i64::from(2 * PSQT_SCALE);
        (cp + linear).clamp(-20_000, 20_000) as i32
    }

    /// The network's score of `pos` for `side`, in centipawns, from a fresh accumulator.
    pub fn evaluate_for(&self, pos: &Position, side: Color) -> i32 {
        self.output(&self.refresh(pos), side, pos.board().piece_count())
    }

    /// A network of `variant` with small seeded random weights (for tests and as a
    /// training start), `hidden` units, `buckets` buckets, the linear term the material
    /// values of the pieces.
    pub fn random(variant: Variant, hidden: usize, buckets: usize, seed: u64) -> Network {
        use rand::rngs::Xoshiro256PlusPlus;
        use rand::{RngExt, SeedableRng};
        let layout = Layout::of(variant);
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
        let f = layout.features();
        let mut small = |n: usize, r: i32| -> Vec<i16> {
            (0..n).map(|_| rng.random_range(-r..=r) as i16).collect()
        };
        let ft_weights = small(f * hidden, 40);
        let ft_biases = small(hidden, 60);
        let out_weights = small(buckets * 2 * hidden, 60);
        let mut psqt = vec![0; f];
        for persp in [Color::White, Color::Black] {
            for owner in Color::BOTH {
                for (k, kind) in crate::rules::PieceKind::ALL.iter().enumerate() {
                    let v =
                        crate::bots::eval::piece_value(variant, *kind, crate::rules::Zone::Outer);
                    let sign = if owner == persp { 1 } else { -1 };
                    for sq in 0..layout.squares() {
                        if let Some(i) = layout.piece_feature(persp, owner, k, sq) {
                            psqt[i] = sign * v * PSQT_SCALE;
                        }
                    }
                }
            }
        }
        Network {
            layout,
            hidden,
            buckets,
            scale: 400,
            note: format!("random weights, seed {seed}"),
            ft_weights,
            ft_biases,
            psqt,
            narrow: narrow(&out_weights),
            out_weights,
            out_biases: (0..buckets).map(|b| b as i32 * 50).collect(),
        }
    }
}

fn check_sizes(hidden: usize, buckets: usize) -> Result<(), NetError> {
    if hidden == 0 || hidden > MAX_HIDDEN || !hidden.is_multiple_of(16) {
        return Err(NetError(format!(
            "{hidden} hidden units: must be a multiple of 16 from 16 to {MAX_HIDDEN}"
        )));
    }
    if buckets == 0 || buckets > MAX_BUCKETS {
        return Err(NetError(format!(
            "{buckets} output buckets: must be 1 to {MAX_BUCKETS}"
        )));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bots::nnue::features::tests::random_position;

    /// The float weights of a network give back the same network, in every variant
    /// (the integers divided by their scales and rounded again), and they are those
    /// integers over their scales.
    #[test]
    fn float_weights_give_back_the_network() {
        for v in Variant::ALL {
            let net = Network::random(v, 32, 4, 11);
            let w = net.to_float();
            assert_eq!(w.ft_weights.len(), Layout::of(v).features() * 32, "{v}");
            assert_eq!(w.ft_weights[7], f32::from(net.ft_weights[7]) / QA as f32);
            assert_eq!(
                w.out_biases[3],
                (f64::from(net.out_biases[3]) / f64::from(QA * QB)) as f32
            );
            let back = Network::from_float(v, 32, 4, net.scale, &net.note, &w).unwrap();
            assert_eq!(back, net, "{v}");
        }
    }

    /// The narrow output path (every output weight within ±127) scores every position as
    /// the general one, and a weight outside that range turns it off.
    #[test]
    fn the_narrow_output_scores_as_the_general_one() {
        let mut compared = 0;
        for v in Variant::ALL {
            let net = Network::random(v, 32, 4, 3);
            assert!(net.narrow, "{v}");
            let general = Network {
                narrow: false,
                ..net.clone()
            };
            for seed in 0..6 {
                let p = random_position(v, seed, 20 + 10 * seed as usize);
                let acc = net.refresh(&p);
                let pieces = p.board().piece_count();
                for side in Color::BOTH {
                    assert_eq!(
                        net.output(&acc, side, pieces),
                        general.output(&acc, side, pieces),
                        "{v} seed {seed}"
                    );
                    compared += 1;
                }
            }
        }
        assert_eq!(compared, Variant::ALL.len() * 12);
        let mut weights = Network::random(Variant::Standard, 32, 1, 3).out_weights;
        assert!(narrow(&weights));
        weights[5] = 128;
        assert!(!narrow(&weights));
        weights[5] = -127;
        assert!(narrow(&weights));
    }
}
