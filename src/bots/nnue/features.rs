//! The network's inputs: which board features a variant's network reads ([`Layout`]), a
//! compact copy of a position's placement kept per ply of the search ([`Snapshot`]), and
//! the feature changes between two snapshots, from which the accumulator is updated.
//!
//! A feature is one fact about the board seen from one side (the *perspective*): a piece
//! of a kind, the perspective's own or the other side's, on a square. Where the variant is
//! the same for both colours under a rank flip, Black's perspective reads the board
//! flipped, so one set of weights serves both sides; Intrachange's teleport charts are not
//! (a square triggers for one colour only, `rules/intrachange.md §2`), so there each
//! perspective colour has its own block of features on the squares as they are. Parity and
//! Single Occupation add a feature per square for each side's resting pieces
//! (`rules/parity.md §2.1`); a shared square (§1) is simply both sides' pieces on it.

use crate::rules::board::WORDS;
use crate::rules::{BoardShape, Color, PieceKind, Position, Variant};

/// The kinds a layout distinguishes: the six standard kinds on the 8×8 board, all ten on
/// the Big Outer board (Guard, Matriarch, Jumper and outer Knight after the six), indexed
/// by their declaration order ([`PieceKind::ALL`]).
fn kinds_of(variant: Variant) -> usize {
    if variant.has_fairy_pieces() {
        PieceKind::ALL.len()
    } else {
        PieceKind::STANDARD.len()
    }
}

/// The input layout of a variant's network: the board, the kinds, and whether Black's
/// perspective is the board turned to Black's side (flipped by rank, or turned a half
/// turn where the initial position is set up that way, as Big Outer's is, ruling B-1) or
/// a block of its own.
///
/// Feature index, for perspective `p` and a piece of `owner` and kind `k` on square `s`:
/// `block(p) + (rel × K + k) × S + orient(p, s)`, where `rel` is 0 for the perspective's
/// own pieces and 1 for the other side's, `K` the kinds, `S` the squares, `orient` the
/// square as Black sees it in a mirrored layout (else `s`), and `block(p)` 0 in a mirrored
/// layout (else `p × block size`). Resting pieces (Parity) follow the pieces in each
/// block: `block(p) + 2 × K × S + rel × S + orient(p, s)`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Layout {
    /// Square index → the square Black's perspective reads it as (mirrored layouts).
    black_view: &'static [u8],
    /// The variant.
    pub variant: Variant,
    /// The board's shape (64 or 148 squares).
    pub shape: BoardShape,
    /// Kinds distinguished (6 or 10).
    pub kinds: usize,
    /// Whether Black's perspective reads the board flipped by rank (one block of weights
    /// for both sides); false where the rules are not the same for both colours under a
    /// rank flip (Intrachange).
    pub mirrored: bool,
    /// Whether each side's resting pieces are features (Parity and Single Occupation).
    pub resting: bool,
}

impl Layout {
    /// The layout of `variant`'s network, read from the variant's capabilities.
    ///
    /// # Examples
    /// ```
    /// use esoterica::bots::nnue::Layout;
    /// use esoterica::rules::Variant;
    /// assert_eq!(Layout::of(Variant::Standard).features(), 768);
    /// assert_eq!(Layout::of(Variant::Parity).features(), 768 + 128);
    /// assert_eq!(Layout::of(Variant::Intrachange).features(), 2 * 768);
    /// assert_eq!(Layout::of(Variant::BigOuter).features(), 2 * 10 * 148);
    /// ```
    pub fn of(variant: Variant) -> Layout {
        Layout {
            black_view: black_view(variant),
            variant,
            shape: variant.shape(),
            kinds: kinds_of(variant),
            mirrored: !variant.has_teleports(),
            resting: variant.has_resting_pieces(),
        }
    }

    /// Squares of the board.
    pub fn squares(&self) -> usize {
        self.shape.len()
    }

    /// Features of one perspective's block: pieces, then resting pieces.
    pub fn block(&self) -> usize {
        let s = self.squares();
        2 * self.kinds * s + if self.resting { 2 * s } else { 0 }
    }

    /// Input features of the network (both blocks where the layout is not mirrored).
    pub fn features(&self) -> usize {
        if self.mirrored {
            self.block()
        } else {
            2 * self.block()
        }
    }

    /// The most features one perspective can have active: every piece of a full board
    /// (both sides can hold a square in Parity) and two resting pieces a side.
    pub fn max_active(&self) -> usize {
        2 * self.squares() + if self.resting { 4 } else { 0 }
    }

    /// `sq` as perspective `persp` reads it.
    #[inline]
    fn orient(&self, persp: Color, sq: usize) -> usize {
        if self.mirrored && persp == Color::Black {
            usize::from(self.black_view[sq])
        } else {
            sq
        }
    }

    #[inline]
    fn base(&self, persp: Color) -> usize {
        if self.mirrored {
            0
        } else {
            persp.index() * self.block()
        }
    }

    /// The feature of `owner`'s piece of kind index `kind` on square index `sq` for
    /// perspective `persp`; `None` for a kind the layout does not have.
    #[inline]
    pub fn piece_feature(
        &self,
        persp: Color,
        owner: Color,
        kind: usize,
        sq: usize,
    ) -> Option<usize> {
        if kind >= self.kinds {
            return None;
        }
        let rel = usize::from(owner != persp);
        let s = self.squares();
        Some(self.base(persp) + (rel * self.kinds + kind) * s + self.orient(persp, sq))
    }

    /// The feature of `owner`'s resting piece on square index `sq` for perspective
    /// `persp`; `None` where the layout has no resting pieces.
    #[inline]
    pub fn resting_feature(&self, persp: Color, owner: Color, sq: usize) -> Option<usize> {
        if !self.resting {
            return None;
        }
        let rel = usize::from(owner != persp);
        let s = self.squares();
        Some(self.base(persp) + 2 * self.kinds * s + rel * s + self.orient(persp, sq))
    }

    /// The active features of `pos` for perspective `persp`, in no particular order: the
    /// network's input as a list (the training data and the tests; the search keeps them
    /// in the accumulator instead).
    pub fn active_features(&self, pos: &Position, persp: Color) -> Vec<usize> {
        let mut out = Vec::with_capacity(40);
        let empty = Snapshot::empty();
        let now = Snapshot::of(pos);
        changes(&empty, &now, self.shape, |c| {
            let f = match c.what {
                Feature::Piece { owner, kind } => self.piece_feature(persp, owner, kind, c.sq),
                Feature::Resting { owner } => self.resting_feature(persp, owner, c.sq),
            };
            if let (Some(f), true) = (f, c.added) {
                out.push(f);
            }
        });
        out
    }

    /// The output bucket of a position with `pieces` pieces on the board, of `buckets`
    /// buckets: the pieces from 2 (two Kings) to the variant's initial count split evenly,
    /// fewer pieces a lower bucket.
    #[inline]
    pub fn bucket(&self, pieces: usize, buckets: usize) -> usize {
        if buckets <= 1 {
            return 0;
        }
        let full = initial_pieces(self.variant).max(3);
        (pieces.saturating_sub(2) * buckets / (full - 1)).min(buckets - 1)
    }
}

/// Square index → the square as Black's perspective reads it in `variant`: the half turn
/// where it maps White's initial pieces onto Black's (Big Outer), else the rank flip.
fn black_view(variant: Variant) -> &'static [u8] {
    use std::sync::OnceLock;
    static VIEWS: OnceLock<Vec<Vec<u8>>> = OnceLock::new();
    let views = VIEWS.get_or_init(|| {
        Variant::ALL
            .into_iter()
            .map(|v| {
                let p = Position::new(v);
                let shape = v.shape();
                let b = p.board();
                let turned = b
                    .pieces(Color::White)
                    .all(|(sq, k)| b.kind(Color::Black, shape.rotate(sq)) == Some(k))
                    && b.pieces(Color::White).count() == b.pieces(Color::Black).count();
                shape
                    .squares()
                    .map(|sq| {
                        let to = if turned {
                            shape.rotate(sq)
                        } else {
                            shape.flip_rank(sq)
                        };
                        to.index() as u8
                    })
                    .collect()
            })
            .collect()
    });
    let i = Variant::ALL.iter().position(|&v| v == variant).unwrap_or(0);
    &views[i]
}

/// Pieces in `variant`'s initial position (32 on the 8×8 board).
fn initial_pieces(variant: Variant) -> usize {
    use std::sync::OnceLock;
    static COUNTS: OnceLock<[usize; Variant::ALL.len()]> = OnceLock::new();
    let counts = COUNTS.get_or_init(|| {
        let mut c = [0; Variant::ALL.len()];
        for (i, v) in Variant::ALL.into_iter().enumerate() {
            c[i] = Position::new(v).board().piece_count();
        }
        c
    });
    Variant::ALL
        .iter()
        .position(|&v| v == variant)
        .map_or(32, |i| counts[i])
}

/// Words of a snapshot per occupancy word: each side's four kind-code planes and its
/// resting squares.
const PER_WORD: usize = 10;

/// The placement of a position as bit planes (each side's kind codes and its resting
/// squares, word by word): what the network's features are read from, small enough to
/// keep one per ply of the search. Two snapshots of positions that hold the same pieces on
/// the same squares with the same resting pieces are equal.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Snapshot {
    /// `w * PER_WORD + side * 4 + b`: bit plane `b` of `side`'s kind codes (kind index + 1);
    /// `w * PER_WORD + 8 + side`: `side`'s resting squares.
    words: [u64; WORDS * PER_WORD],
}

impl Snapshot {
    /// The snapshot of an empty board: every feature of a position is a change from it.
    pub fn empty() -> Snapshot {
        Snapshot {
            words: [0; WORDS * PER_WORD],
        }
    }

    /// The snapshot of `pos`.
    #[inline]
    pub fn of(pos: &Position) -> Snapshot {
        let mut words = [0u64; WORDS * PER_WORD];
        let mut i = 0;
        pos.board().for_each_plane_word(|word| {
            // Eight plane words (White's four, then Black's) per occupancy word.
            let (w, k) = (i / 8, i % 8);
            if w < WORDS {
                words[w * PER_WORD + k] = word;
            }
            i += 1;
        });
        for side in Color::BOTH {
            for sq in pos.resting(side) {
                let (w, bit) = (sq.index() / 64, sq.index() % 64);
                if w < WORDS {
                    words[w * PER_WORD + 8 + side.index()] |= 1 << bit;
                }
            }
        }
        Snapshot { words }
    }

    /// The kind code of `side`'s piece on bit `bit` of word `w` (0: none).
    #[inline]
    fn code(&self, w: usize, side: usize, bit: u32) -> usize {
        let p = &self.words[w * PER_WORD + side * 4..w * PER_WORD + side * 4 + 4];
        ((p[0] >> bit & 1)
            | (p[1] >> bit & 1) << 1
            | (p[2] >> bit & 1) << 2
            | (p[3] >> bit & 1) << 3) as usize
    }

    /// How many squares' pieces or resting marks differ between `self` and `other`: the
    /// work of an update from one to the other.
    #[inline]
    pub fn distance(&self, other: &Snapshot) -> u32 {
        let mut n = 0;
        for w in 0..WORDS {
            let base = w * PER_WORD;
            for side in 0..2 {
                let mut d = 0;
                for b in 0..4 {
                    let i = base + side * 4 + b;
                    d |= self.words[i] ^ other.words[i];
                }
                n += d.count_ones();
            }
            n += (self.words[base + 8] ^ other.words[base + 8]).count_ones();
            n += (self.words[base + 9] ^ other.words[base + 9]).count_ones();
        }
        n
    }
}

/// What a feature is, independent of the perspective.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Feature {
    /// `owner`'s piece of kind index `kind` ([`PieceKind::ALL`] order).
    Piece {
        /// The piece's side.
        owner: Color,
        /// The kind's index.
        kind: usize,
    },
    /// `owner`'s resting piece (Parity).
    Resting {
        /// The resting piece's side.
        owner: Color,
    },
}

/// One feature that appears or disappears between two snapshots.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Change {
    /// The square index.
    pub sq: usize,
    /// The feature on it.
    pub what: Feature,
    /// Whether it appears (else it disappears).
    pub added: bool,
}

/// Calls `f` with every feature that differs from `from` to `to` on a board of `shape`:
/// a piece that left or changed kind is removed, one that arrived or changed kind is
/// added, and so are resting marks.
#[inline]
pub fn changes(from: &Snapshot, to: &Snapshot, shape: BoardShape, mut f: impl FnMut(Change)) {
    let words = shape.len().div_ceil(64).min(WORDS);
    for w in 0..words {
        let base = w * PER_WORD;
        for (side, owner) in Color::BOTH.into_iter().enumerate() {
            let mut diff = 0;
            for b in 0..4 {
                let i = base + side * 4 + b;
                diff |= from.words[i] ^ to.words[i];
            }
            while diff != 0 {
                let bit = diff.trailing_zeros();
                diff &= diff - 1;
                let sq = w * 64 + bit as usize;
                let old = from.code(w, side, bit);
                let new = to.code(w, side, bit);
                if old != 0 {
                    f(Change {
                        sq,
                        what: Feature::Piece {
                            owner,
                            kind: old - 1,
                        },
                        added: false,
                    });
                }
                if new != 0 {
                    f(Change {
                        sq,
                        what: Feature::Piece {
                            owner,
                            kind: new - 1,
                        },
                        added: true,
                    });
                }
            }
            let (a, b) = (from.words[base + 8 + side], to.words[base + 8 + side]);
            let mut diff = a ^ b;
            while diff != 0 {
                let bit = diff.trailing_zeros();
                diff &= diff - 1;
                f(Change {
                    sq: w * 64 + bit as usize,
                    what: Feature::Resting { owner },
                    added: b >> bit & 1 != 0,
                });
            }
        }
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use rand::rngs::Xoshiro256PlusPlus;
    use rand::{RngExt, SeedableRng};

    /// A position of a seeded random game of `v` after `plies` plies (Parity: turns of
    /// random commits).
    pub(crate) fn random_position(v: Variant, seed: u64, plies: usize) -> Position {
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
        let mut p = Position::new(v);
        for _ in 0..plies {
            if p.outcome().is_some() {
                break;
            }
            if !random_step(&mut p, &mut rng) {
                break;
            }
        }
        p
    }

    /// One random move (Parity: one turn of random commits); false when there is none.
    pub(crate) fn random_step(p: &mut Position, rng: &mut Xoshiro256PlusPlus) -> bool {
        if p.variant().turn_model() == crate::rules::TurnModel::Simultaneous {
            let w = p.legal_commits(Color::White);
            let b = p.legal_commits(Color::Black);
            if w.is_empty() || b.is_empty() {
                return false;
            }
            let (mw, mb) = (
                w[rng.random_range(0..w.len())],
                b[rng.random_range(0..b.len())],
            );
            p.resolve_legal(&mw, &mb);
            true
        } else {
            let m = p.legal_moves();
            if m.is_empty() {
                return false;
            }
            p.play_unchecked(&m[rng.random_range(0..m.len())]);
            true
        }
    }

    /// The features read from a snapshot are the position's pieces and resting pieces,
    /// as the board and the position report them, in every variant.
    #[test]
    fn features_are_the_pieces_the_board_reports() {
        for v in Variant::ALL {
            let layout = Layout::of(v);
            for seed in 0..6 {
                let p = random_position(v, seed, 30 + seed as usize * 7);
                for persp in Color::BOTH {
                    let mut got = layout.active_features(&p, persp);
                    got.sort_unstable();
                    let mut want = Vec::new();
                    for (sq, piece) in p.board().all_pieces() {
                        let k = PieceKind::ALL
                            .iter()
                            .position(|&k| k == piece.kind)
                            .unwrap();
                        want.push(
                            layout
                                .piece_feature(persp, piece.color, k, sq.index())
                                .unwrap(),
                        );
                    }
                    for side in Color::BOTH {
                        for sq in p.resting(side) {
                            want.push(layout.resting_feature(persp, side, sq.index()).unwrap());
                        }
                    }
                    want.sort_unstable();
                    assert_eq!(got, want, "{v} seed {seed} {persp:?} {}", p.to_text());
                    assert!(got.iter().all(|&f| f < layout.features()));
                    assert!(got.len() <= layout.max_active());
                }
            }
        }
    }

    /// In a mirrored layout the initial position (symmetric under a rank flip with the
    /// colours swapped) gives both perspectives the same features; Intrachange's
    /// perspectives use separate blocks.
    #[test]
    fn mirrored_layouts_see_the_initial_position_alike_from_both_sides() {
        for v in Variant::ALL {
            let layout = Layout::of(v);
            let p = Position::new(v);
            let mut w = layout.active_features(&p, Color::White);
            let mut b = layout.active_features(&p, Color::Black);
            w.sort_unstable();
            b.sort_unstable();
            if layout.mirrored {
                assert_eq!(w, b, "{v}");
            } else {
                assert!(w.iter().all(|&f| f < layout.block()), "{v}");
                assert!(b.iter().all(|&f| f >= layout.block()), "{v}");
            }
        }
        assert!(!Layout::of(Variant::Intrachange).mirrored);
        assert!(Layout::of(Variant::ParitySingle).resting);
        assert!(!Layout::of(Variant::BigOuter).resting);
    }

    #[test]
    fn buckets_split_the_piece_count() {
        let l = Layout::of(Variant::Standard);
        assert_eq!(l.bucket(32, 8), 7);
        assert_eq!(l.bucket(2, 8), 0);
        assert_eq!(l.bucket(17, 8), 3);
        assert_eq!(l.bucket(32, 1), 0);
        let big = Layout::of(Variant::BigOuter);
        let full = Position::new(Variant::BigOuter).board().piece_count();
        assert_eq!(big.bucket(full, 4), 3);
        assert_eq!(big.bucket(3, 4), 0);
    }
}
