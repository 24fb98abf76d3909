//! Attack tables of the 8×8 board as bitboards: one `u64` per set of squares, bit `i` for
//! square index `i` (a1 = 0, b1 = 1, …, h8 = 63; the indexing of
//! [`Square`](crate::rules::geometry::Square) on [`BoardShape::Standard`]). Knight, King
//! and pawn attacks are per-square tables; Bishop and Rook attacks come from magic
//! multiplication into a shared table (fancy magics, found once at start-up by a seeded
//! search, every lookup bounds-checked: no `unsafe`). The geometry is that of
//! [`movement`](super::movement) on 8×8: the tests compare every table with ray walks.
//!
//! [`BoardShape::Standard`]: crate::rules::geometry::BoardShape::Standard

use std::sync::OnceLock;

/// The eight directions as (file, rank) steps, in
/// [`Direction::ALL`](crate::rules::geometry::Direction::ALL) order: N, E, S, W, NE, SE,
/// SW, NW.
pub(super) const DELTAS: [(i8, i8); 8] = [
    (0, 1),
    (1, 0),
    (0, -1),
    (-1, 0),
    (1, 1),
    (1, -1),
    (-1, -1),
    (-1, 1),
];

/// Whether direction `d` (index in [`DELTAS`]) goes to higher square indices, so that the
/// nearest square of a ray is its lowest bit (else its highest).
pub(super) const ASCENDING: [bool; 8] = [true, true, false, false, true, false, false, true];

/// The square index of (file, rank), if it is on the 8×8 board.
#[inline]
const fn at(file: i8, rank: i8) -> Option<usize> {
    if file >= 0 && file < 8 && rank >= 0 && rank < 8 {
        Some((rank * 8 + file) as usize)
    } else {
        None
    }
}

/// The squares a line piece on `sq` attacks along direction `d` with `occ` occupied: every
/// square up to and including the first occupied one. The reference for the magic tables.
fn ray_attacks(sq: usize, d: usize, occ: u64) -> u64 {
    let (df, dr) = DELTAS[d];
    let (mut f, mut r) = ((sq % 8) as i8, (sq / 8) as i8);
    let mut out = 0;
    loop {
        f += df;
        r += dr;
        let Some(s) = at(f, r) else {
            break;
        };
        out |= 1 << s;
        if occ & (1 << s) != 0 {
            break;
        }
    }
    out
}

/// [`ray_attacks`] over the four directions of `dirs` (indices in [`DELTAS`]).
fn slider_attacks(sq: usize, dirs: &[usize], occ: u64) -> u64 {
    dirs.iter()
        .map(|&d| ray_attacks(sq, d, occ))
        .fold(0, |a, b| a | b)
}

/// The rook directions (indices in [`DELTAS`]).
const ROOK_DIRS: [usize; 4] = [0, 1, 2, 3];
/// The bishop directions.
const BISHOP_DIRS: [usize; 4] = [4, 5, 6, 7];

/// One square's magic: the occupancy bits that matter (`mask`, the lines without their
/// last square), the multiplier, the shift to the index and where its entries start.
#[derive(Clone, Copy, Default)]
struct Magic {
    mask: u64,
    magic: u64,
    shift: u32,
    offset: usize,
}

impl Magic {
    /// The entry of the shared table for occupancy `occ`.
    #[inline(always)]
    fn index(&self, occ: u64) -> usize {
        self.offset + ((occ & self.mask).wrapping_mul(self.magic) >> self.shift) as usize
    }
}

/// A small deterministic generator (xorshift64*) for the magic search; fixed seed, so
/// the tables are the same on every run.
struct SearchRng(u64);

impl SearchRng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }

    /// A candidate with few bits set, which makes good magics more likely.
    fn sparse(&mut self) -> u64 {
        self.next() & self.next() & self.next()
    }
}

/// Finds the magics of one slider kind for every square and appends their entries to
/// `table`.
fn find_magics(dirs: &[usize], rng: &mut SearchRng, table: &mut Vec<u64>) -> [Magic; 64] {
    let mut magics = [Magic::default(); 64];
    let mut occs = Vec::with_capacity(4096);
    let mut atts = Vec::with_capacity(4096);
    let mut used = vec![0u64; 4096];
    let mut epoch = vec![0u32; 4096];
    let mut attempt = 0u32;
    for (sq, m) in magics.iter_mut().enumerate() {
        // The lines from the square without the board's edge squares (a piece there
        // cannot block anything further).
        let mut mask = 0;
        for &d in dirs {
            let ray = ray_attacks(sq, d, 0);
            let (df, dr) = DELTAS[d];
            let mut edge = 0;
            let mut s = ray;
            while s != 0 {
                let i = s.trailing_zeros() as i8;
                s &= s - 1;
                if at(i % 8 + df, i / 8 + dr).is_none() {
                    edge |= 1 << i;
                }
            }
            mask |= ray & !edge;
        }
        let bits = mask.count_ones();
        // Every subset of the mask (carry-rippler) with its attacks.
        occs.clear();
        atts.clear();
        let mut sub = 0u64;
        loop {
            occs.push(sub);
            atts.push(slider_attacks(sq, dirs, sub));
            sub = sub.wrapping_sub(mask) & mask;
            if sub == 0 {
                break;
            }
        }
        let size = 1usize << bits;
        let shift = 64 - bits;
        let magic = 'search: loop {
            let magic = rng.sparse();
            if (mask.wrapping_mul(magic) >> 56).count_ones() < 6 {
                continue;
            }
            attempt += 1;
            for (&occ, &att) in occs.iter().zip(&atts) {
                let i = (occ.wrapping_mul(magic) >> shift) as usize;
                if epoch[i] != attempt {
                    epoch[i] = attempt;
                    used[i] = att;
                } else if used[i] != att {
                    continue 'search;
                }
            }
            break magic;
        };
        let offset = table.len();
        table.resize(offset + size, 0);
        for (&occ, &att) in occs.iter().zip(&atts) {
            table[offset + (occ.wrapping_mul(magic) >> shift) as usize] = att;
        }
        *m = Magic {
            mask,
            magic,
            shift,
            offset,
        };
    }
    magics
}

/// The 8×8 attack tables, built once ([`Attacks64::get`]).
pub(super) struct Attacks64 {
    /// `knight[sq]`: the squares a Knight on `sq` attacks.
    pub(super) knight: [u64; 64],
    /// `king[sq]`: the squares a King on `sq` attacks.
    pub(super) king: [u64; 64],
    /// `pawn[side][sq]`: the squares a pawn of `side` (`Color::index`) on `sq` attacks
    /// (diagonally forward).
    pub(super) pawn: [[u64; 64]; 2],
    /// `ray[d][sq]`: the squares from `sq` along direction `d` (index in [`DELTAS`]) to
    /// the edge, `sq` itself not included.
    pub(super) ray: [[u64; 64]; 8],
    /// `between[a][b]`: the squares strictly between `a` and `b` when they share a rank,
    /// file or diagonal, else none.
    pub(super) between: Box<[[u64; 64]; 64]>,
    /// `line[a][b]`: the whole rank, file or diagonal through `a` and `b` (both included)
    /// when they share one, else none.
    pub(super) line: Box<[[u64; 64]; 64]>,
    rook: [Magic; 64],
    bishop: [Magic; 64],
    /// The magic entries of both kinds (about 107,000 words).
    table: Vec<u64>,
}

impl Attacks64 {
    fn build() -> Attacks64 {
        let mut knight = [0; 64];
        let mut king = [0; 64];
        let mut pawn = [[0; 64]; 2];
        let mut ray = [[0; 64]; 8];
        for sq in 0..64 {
            let (f, r) = ((sq % 8) as i8, (sq / 8) as i8);
            for (df, dr) in [
                (1, 2),
                (2, 1),
                (2, -1),
                (1, -2),
                (-1, -2),
                (-2, -1),
                (-2, 1),
                (-1, 2),
            ] {
                if let Some(s) = at(f + df, r + dr) {
                    knight[sq] |= 1 << s;
                }
            }
            for (d, &(df, dr)) in DELTAS.iter().enumerate() {
                if let Some(s) = at(f + df, r + dr) {
                    king[sq] |= 1 << s;
                }
                ray[d][sq] = ray_attacks(sq, d, 0);
            }
            for (side, dr) in [(0, 1), (1, -1)] {
                for df in [-1, 1] {
                    if let Some(s) = at(f + df, r + dr) {
                        pawn[side][sq] |= 1 << s;
                    }
                }
            }
        }
        let mut between = Box::new([[0; 64]; 64]);
        let mut line = Box::new([[0; 64]; 64]);
        for a in 0..64 {
            for d in 0..8 {
                let opposite = (d + 2) % 4 + d / 4 * 4;
                let full = ray[d][a] | ray[opposite][a] | 1 << a;
                let mut s = ray[d][a];
                while s != 0 {
                    let b = s.trailing_zeros() as usize;
                    s &= s - 1;
                    between[a][b] = ray[d][a] & !ray[d][b] & !(1 << b);
                    line[a][b] = full;
                }
            }
        }
        let mut rng = SearchRng(0x9e37_79b9_7f4a_7c15);
        let mut table = Vec::with_capacity(108_000);
        let rook = find_magics(&ROOK_DIRS, &mut rng, &mut table);
        let bishop = find_magics(&BISHOP_DIRS, &mut rng, &mut table);
        Attacks64 {
            knight,
            king,
            pawn,
            ray,
            between,
            line,
            rook,
            bishop,
            table,
        }
    }

    /// The tables, built on first use.
    #[inline]
    pub(super) fn get() -> &'static Attacks64 {
        static TABLES: OnceLock<Attacks64> = OnceLock::new();
        TABLES.get_or_init(Attacks64::build)
    }

    /// The squares a Rook on `sq` (< 64) attacks with `occ` occupied.
    #[inline(always)]
    pub(super) fn rook(&self, sq: usize, occ: u64) -> u64 {
        self.table[self.rook[sq & 63].index(occ)]
    }

    /// The squares a Bishop on `sq` (< 64) attacks with `occ` occupied.
    #[inline(always)]
    pub(super) fn bishop(&self, sq: usize, occ: u64) -> u64 {
        self.table[self.bishop[sq & 63].index(occ)]
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::rngs::Xoshiro256PlusPlus;
    use rand::{RngExt, SeedableRng};

    #[test]
    fn magic_attacks_equal_ray_walks_on_random_occupancies() {
        let t = Attacks64::get();
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(64);
        for _ in 0..2000 {
            let occ: u64 = rng.random::<u64>() & rng.random::<u64>();
            for sq in 0..64 {
                assert_eq!(t.rook(sq, occ), slider_attacks(sq, &ROOK_DIRS, occ));
                assert_eq!(t.bishop(sq, occ), slider_attacks(sq, &BISHOP_DIRS, occ));
            }
        }
    }

    #[test]
    fn between_and_line_tables() {
        let t = Attacks64::get();
        // a1–h8: b2…g7 between; the long diagonal is the line.
        assert_eq!(t.between[0][63], 0x0040_2010_0804_0200);
        assert_eq!(t.line[0][63], 0x8040_2010_0804_0201);
        assert_eq!(t.line[63][0], t.line[0][63]);
        // e1–e8 and e1–h4 (a diagonal), e1–f3 (none).
        assert_eq!(t.between[4][60].count_ones(), 6);
        assert_eq!(t.between[4][31].count_ones(), 2);
        assert_eq!(t.between[4][21], 0);
        assert_eq!(t.line[4][21], 0);
        assert_eq!(t.knight[0], 1 << 10 | 1 << 17);
        assert_eq!(t.pawn[0][12], 1 << 19 | 1 << 21);
        assert_eq!(t.pawn[1][12], 1 << 3 | 1 << 5);
    }
}
