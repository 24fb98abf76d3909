//! Attack tables of the 8×8 board as bitboards: one `u64` per set of squares, bit `i` for
//! square index `i` (a1 = 0, b1 = 1, …, h8 = 63; the indexing of
//! [`Square`](crate::rules::geometry::Square) on [`BoardShape::Standard`]). Knight, King
//! and pawn attacks are per-square tables; Bishop and Rook attacks come from magic
//! multiplication into a shared table (fancy magics: fixed multipliers, the table filled
//! once at start-up; every lookup bounds-checked: no `unsafe`). The geometry is that of
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
pub(crate) const ASCENDING: [bool; 8] = [true, true, false, false, true, false, false, true];

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
#[cfg(test)]
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

/// The Rook multipliers by square: sparse 64-bit numbers found once by a seeded random
/// search (`xorshift64*`, three draws combined by and), each mapping its square's occupancies to
/// `64 - mask bits` index bits without two different attack sets meeting. The tests check
/// every entry against ray walks.
const ROOK_MAGICS: [u64; 64] = [
    0x1080004008801020,
    0x0840092002c03000,
    0x1900200010400900,
    0x0880100008000480,
    0x4200100420080200,
    0x8100020100080400,
    0x0200040110886200,
    0x0200008040220411,
    0x0404800084400220,
    0x0000401000402000,
    0x0086001081220440,
    0x0408800800100280,
    0x000a001201040820,
    0x8848800200840080,
    0x4001000100040200,
    0x0442000102105084,
    0x9080010020804100,
    0x0040404000201009,
    0x0000808010002009,
    0x2200090021d00100,
    0x0008008008040080,
    0x0004004002010040,
    0x0011040008015042,
    0x00000a0001768104,
    0x0000800080204009,
    0x2010004140002001,
    0x9800200280100080,
    0x1000100080080080,
    0x0442000a00049020,
    0x2100040080020080,
    0x0800120400900148,
    0x0010040a00128541,
    0x2800804000800030,
    0x1010002000400041,
    0x4000200011004100,
    0x0610008410800800,
    0x0400802402800800,
    0xc100020080800400,
    0x0002000802000401,
    0x0182085882000401,
    0x0220204000808000,
    0x2860100040024022,
    0x0001002004110040,
    0x99101042000a0020,
    0x0004080004008080,
    0x0010040002008080,
    0x2012004881020004,
    0x8300842444820011,
    0x0088403882010200,
    0x0820400080210100,
    0x0110910040a00300,
    0x0801100280080480,
    0x0242009008200600,
    0x1002000489500200,
    0x0040800200010080,
    0x0091800041000080,
    0x0000209300488001,
    0x04c1002414824001,
    0x020020000b001041,
    0x7000100004200901,
    0x8002002004100802,
    0x30010002084c0007,
    0x0888221800813004,
    0x4000002840840112,
];

/// The Bishop multipliers by square (see [`ROOK_MAGICS`]).
const BISHOP_MAGICS: [u64; 64] = [
    0xa010041108003100,
    0x006082020a002900,
    0x6810010619200000,
    0x08281a0520000408,
    0x0001104001000400,
    0x0018901008048400,
    0x00040a0210245280,
    0x000200210808a402,
    0x9140048410821200,
    0x0800091010820041,
    0x20504804832202c0,
    0x0100091401081000,
    0x8021011140000012,
    0x0810020804450400,
    0x208b0542109008a2,
    0x0080084a08040204,
    0x0040e2a80811244c,
    0x2505022008008108,
    0x0430220100420040,
    0x010a040420220040,
    0x1105000290400000,
    0x0093001200822120,
    0x4000a62048043004,
    0x280120048a015004,
    0x006090002a020814,
    0x44042000240800d0,
    0x01102800040a4400,
    0x1004080080220040,
    0x0001001011004024,
    0x0010044000805040,
    0x0914041200820100,
    0x0004821012821480,
    0x0024040500c05021,
    0x0088611002080200,
    0x0116080a00040020,
    0x4000020080080080,
    0x2450450140840040,
    0x0000880201484100,
    0x0222020404020092,
    0x8081110600002e00,
    0x2842101105000801,
    0x1100809008001025,
    0x00020202221c0400,
    0x0422014022009020,
    0x0210046102100c00,
    0xc004008082029102,
    0x00aa461801101200,
    0x0404080080201108,
    0x020542108c205002,
    0x0410544804100100,
    0x0040910841100000,
    0x0400200042021100,
    0x00004204850400c0,
    0x0200100410a42102,
    0x1040020801210102,
    0x0805040410420000,
    0x2884804130100200,
    0x800c262201242000,
    0x1058000194108800,
    0x0014221054420204,
    0x0104000012a02200,
    0x0200881003300100,
    0x0140400202840100,
    0x0402020801010201,
];

/// The blocker mask of a slider on `sq` moving in `dirs`: its lines without the board's
/// edge squares (a piece there blocks nothing further).
fn blocker_mask(sq: usize, dirs: &[usize]) -> u64 {
    let mut mask = 0;
    for &d in dirs {
        let ray = ray_attacks(sq, d, 0);
        let (df, dr) = DELTAS[d];
        let mut s = ray;
        while s != 0 {
            let i = s.trailing_zeros() as i8;
            s &= s - 1;
            if at(i % 8 + df, i / 8 + dr).is_some() {
                mask |= 1 << i;
            }
        }
    }
    mask
}

/// The squares a line piece on `sq` attacks along `dirs` with `occ` occupied, from the
/// empty-board rays: each ray up to and including its nearest occupied square.
fn ray_table_attacks(ray: &[[u64; 64]; 8], sq: usize, dirs: &[usize], occ: u64) -> u64 {
    let mut out = 0;
    for &d in dirs {
        let r = ray[d & 7][sq];
        let blockers = r & occ;
        out |= if blockers == 0 {
            r
        } else if ASCENDING[d & 7] {
            r & !ray[d & 7][blockers.trailing_zeros() as usize]
        } else {
            r & !ray[d & 7][63 - blockers.leading_zeros() as usize]
        };
    }
    out
}

/// The magics of one slider kind, their entries appended to `table`: for every square,
/// every subset of its blocker mask (carry-rippler order) with its attacks
/// ([`ray_table_attacks`]).
fn fill_magics(
    ray: &[[u64; 64]; 8],
    dirs: &[usize],
    multipliers: &[u64; 64],
    table: &mut Vec<u64>,
) -> [Magic; 64] {
    let mut magics = [Magic::default(); 64];
    for (sq, m) in magics.iter_mut().enumerate() {
        let mask = blocker_mask(sq, dirs);
        let bits = mask.count_ones();
        *m = Magic {
            mask,
            magic: multipliers[sq],
            shift: 64 - bits,
            offset: table.len(),
        };
        table.resize(m.offset + (1 << bits), 0);
        let mut sub = 0u64;
        loop {
            table[m.index(sub)] = ray_table_attacks(ray, sq, dirs, sub);
            sub = sub.wrapping_sub(mask) & mask;
            if sub == 0 {
                break;
            }
        }
    }
    magics
}

/// The 8×8 attack tables, built once ([`Attacks64::get`]).
pub(crate) struct Attacks64 {
    /// `knight[sq]`: the squares a Knight on `sq` attacks.
    pub(crate) knight: [u64; 64],
    /// `king[sq]`: the squares a King on `sq` attacks.
    pub(crate) king: [u64; 64],
    /// `pawn[side][sq]`: the squares a pawn of `side` (`Color::index`) on `sq` attacks
    /// (diagonally forward).
    pub(crate) pawn: [[u64; 64]; 2],
    /// `ray[d][sq]`: the squares from `sq` along direction `d` (index in [`DELTAS`]) to
    /// the edge, `sq` itself not included.
    pub(crate) ray: [[u64; 64]; 8],
    /// `between[a][b]`: the squares strictly between `a` and `b` when they share a rank,
    /// file or diagonal, else none.
    pub(crate) between: Box<[[u64; 64]; 64]>,
    /// `line[a][b]`: the whole rank, file or diagonal through `a` and `b` (both included)
    /// when they share one, else none.
    pub(crate) line: Box<[[u64; 64]; 64]>,
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
            for (df, dr) in super::KNIGHT_LEAPS {
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
        let mut table = Vec::with_capacity(108_000);
        let rook = fill_magics(&ray, &ROOK_DIRS, &ROOK_MAGICS, &mut table);
        let bishop = fill_magics(&ray, &BISHOP_DIRS, &BISHOP_MAGICS, &mut table);
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
    pub(crate) fn get() -> &'static Attacks64 {
        static TABLES: OnceLock<Attacks64> = OnceLock::new();
        TABLES.get_or_init(Attacks64::build)
    }

    /// The squares a Rook on `sq` (< 64) attacks with `occ` occupied.
    #[inline(always)]
    pub(crate) fn rook(&self, sq: usize, occ: u64) -> u64 {
        self.table[self.rook[sq & 63].index(occ)]
    }

    /// Pushes the moves from `from` onto the squares of `to`, ray by ray in the order of
    /// `dirs` (indices in [`DELTAS`]), nearest square first: the square-array generator's
    /// order for a line piece. A counting sink gets the number of squares at once.
    #[inline(always)]
    pub(crate) fn push_lines<O: super::pseudo::MoveSink>(
        &self,
        from: usize,
        to: u64,
        dirs: &[usize],
        out: &mut O,
    ) {
        use crate::rules::geometry::Square;
        use crate::rules::moves::Move;
        if to == 0 {
            return;
        }
        if <O as super::pseudo::MoveSink>::COUNTS {
            out.add(to.count_ones());
            return;
        }
        for &d in dirs {
            let mut m = to & self.ray[d & 7][from & 63];
            if ASCENDING[d & 7] {
                while m != 0 {
                    let s = m.trailing_zeros();
                    m &= m - 1;
                    out.push(Move::new(Square(from as u8), Square(s as u8)));
                }
            } else {
                while m != 0 {
                    let s = 63 - m.leading_zeros();
                    m ^= 1 << s;
                    out.push(Move::new(Square(from as u8), Square(s as u8)));
                }
            }
        }
    }

    /// The squares a Bishop on `sq` (< 64) attacks with `occ` occupied.
    #[inline(always)]
    pub(crate) fn bishop(&self, sq: usize, occ: u64) -> u64 {
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
    fn every_magic_entry_equals_a_ray_walk() {
        let t = Attacks64::get();
        for sq in 0..64 {
            for (dirs, magics, lookup) in [
                (
                    &ROOK_DIRS,
                    &t.rook,
                    Attacks64::rook as fn(&Attacks64, usize, u64) -> u64,
                ),
                (&BISHOP_DIRS, &t.bishop, Attacks64::bishop),
            ] {
                let mask = magics[sq].mask;
                assert_eq!(mask, blocker_mask(sq, dirs));
                let mut sub = 0u64;
                loop {
                    assert_eq!(
                        lookup(t, sq, sub),
                        slider_attacks(sq, dirs, sub),
                        "{sq} {sub:x}"
                    );
                    sub = sub.wrapping_sub(mask) & mask;
                    if sub == 0 {
                        break;
                    }
                }
            }
        }
        assert_eq!(t.table.len(), 102_400 + 5_248);
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
