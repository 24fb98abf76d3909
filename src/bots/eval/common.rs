//! The evaluation's shared parts: the weights and terms ([`Weights`], [`Terms`]), the
//! material values of classic chess ([`classic_value`]), and the terms every variant counts
//! or may count: mobility, centralisation and pawn advancement, and on the 8×8 board the
//! pawn structure, the placement by square tables and the attack on the Kings
//! ([`shared_terms`]). Each variant's own file (`standard.rs`, `force_field.rs`, …) adds
//! its terms to these. Deterministic; reads only the position.

use crate::rules::classic::masks::{Kit, Side, Sides, squares};
use crate::rules::classic::{self, CaptureRule};
use crate::rules::{BoardShape, Color, PieceKind, Position, Square, Variant, Zone};

use super::piece_value;

/// One variant's evaluation, as its file declares it: the weights of its positional
/// terms, the square tables its 8×8 placement reads, its material values and the function
/// that computes its material and terms (`sides`: the position's sets, White's view, if
/// they describe it; `every`: every term, those weighed 0 included, for the tuner).
pub(super) struct VariantEval {
    /// The weights of the positional terms.
    pub(super) weights: Weights,
    /// The square tables of the placement term (8×8 boards).
    pub(super) tables: &'static [SquareTable; 6],
    /// The material values.
    pub(super) values: &'static PieceValues,
    /// Material and the terms.
    pub(super) terms: fn(&Position, Option<&Sides>, bool) -> (i32, Terms),
}

/// The material values of one variant by kind (`kind as usize`) and zone (outer, mid,
/// central), centipawns: a table, so that [`piece_value`] is one load.
pub(super) type PieceValues = [[i32; 3]; PieceKind::ALL.len()];

/// The [`PieceValues`] of `$value`, a `const fn(PieceKind, Zone) -> i32`.
macro_rules! value_table {
    ($value:path) => {{
        let mut table = [[0; 3]; crate::rules::PieceKind::ALL.len()];
        let mut i = 0;
        while i < crate::rules::PieceKind::ALL.len() {
            let kind = crate::rules::PieceKind::ALL[i];
            table[kind as usize] = [
                $value(kind, crate::rules::Zone::Outer),
                $value(kind, crate::rules::Zone::Mid),
                $value(kind, crate::rules::Zone::Central),
            ];
            i += 1;
        }
        table
    }};
}
pub(super) use value_table;

/// The column of a zone in a [`PieceValues`] table.
#[inline]
pub(super) fn zone_index(zone: Zone) -> usize {
    match zone {
        Zone::Outer => 0,
        Zone::Mid => 1,
        Zone::Central => 2,
    }
}

/// The value of a piece of `kind` standing in `zone` by the values of classic chess, in
/// centipawns (the King is 0: it is never traded); the Big Outer kinds by their zone
/// (`rules/big-outer.md §2`).
pub(super) const fn classic_value(kind: PieceKind, zone: Zone) -> i32 {
    match kind {
        PieceKind::Pawn => 100,
        PieceKind::Knight => 320,
        PieceKind::Bishop => 330,
        PieceKind::Rook => 500,
        PieceKind::Queen => 900,
        PieceKind::King => 0,
        PieceKind::Guard => 330,
        // Queen lines: unlimited from the outer zone, 6 from the mid zone, 3 from the centre.
        PieceKind::Matriarch => match zone {
            Zone::Outer => 900,
            Zone::Mid => 750,
            Zone::Central => 550,
        },
        // King step plus a 3-leap (outer), a 2-leap (mid) or nothing more (central).
        PieceKind::Jumper => match zone {
            Zone::Outer => 380,
            Zone::Mid => 300,
            Zone::Central => 160,
        },
        // (4,1)/(3,2) leaps outside, (3,1)/(2,2) in the mid zone, a plain Knight inside.
        PieceKind::OuterKnight => match zone {
            Zone::Outer => 350,
            Zone::Mid => 320,
            Zone::Central => 260,
        },
    }
}

/// The values of classic chess ([`classic_value`]), every variant's but Big Outer's.
pub(super) const CLASSIC_VALUES: PieceValues = value_table!(classic_value);

/// The threat weight's unit: [`Weights::threat`] is in thousandths of the threatened
/// pieces' value.
pub const THREAT_SCALE: i32 = 1000;

/// The unit of the placement and King-attack weights: [`Weights::placement`] and
/// [`Weights::king_attack`] are in hundredths of their terms.
pub const PLACEMENT_SCALE: i32 = 100;

/// The weights of the positional terms for one variant, in centipawns per unit of the
/// term ([`Terms`]); `threat` in thousandths ([`THREAT_SCALE`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Weights {
    /// Per piece move (pawns and King left out; Force Field: minus each move a field blocks).
    pub mobility: i32,
    /// Per step of a piece (not a pawn or King) toward the centre.
    pub centre: i32,
    /// Per rank a pawn has advanced.
    pub pawn_step: i32,
    /// Force Field: per empty square held.
    pub held_square: i32,
    /// Bully: thousandths of the value of each piece that an enemy piece attacks and may
    /// capture by the by-value rule, counted against its side; Intrachange: of each piece an
    /// enemy move would capture, teleports included.
    pub threat: i32,
    /// Nonviolent: per square of the ranks a pawn on a free file has advanced.
    pub race_step: i32,
    /// 8×8 boards: per unit of [`Terms::passed`] (a passed pawn `a` ranks advanced counts
    /// `(a + 1)²`).
    pub passed: i32,
    /// 8×8 boards: per isolated or doubled pawn ([`Terms::pawn_weakness`]), counted against
    /// its side.
    pub pawn_weakness: i32,
    /// 8×8 boards: per pawn shielding its King while the enemy has a Queen
    /// ([`Terms::king_shield`]).
    pub king_shield: i32,
    /// 8×8 boards: percent of [`Terms::placement`] (100 = the tables as written).
    pub placement: i32,
    /// 8×8 boards: hundredths of a centipawn per unit of [`Terms::king_attack`] (25: the
    /// square of the attack units, quartered).
    pub king_attack: i32,
}

impl Weights {
    /// The weights as the tuner orders them: [`Terms::NAMES`].
    pub fn to_array(self) -> [i32; Terms::COUNT] {
        [
            self.mobility,
            self.centre,
            self.pawn_step,
            self.held_square,
            self.threat,
            self.race_step,
            self.passed,
            self.pawn_weakness,
            self.king_shield,
            self.placement,
            self.king_attack,
        ]
    }

    /// The weights from [`Weights::to_array`]'s order.
    pub fn from_array(w: [i32; Terms::COUNT]) -> Weights {
        let [
            mobility,
            centre,
            pawn_step,
            held_square,
            threat,
            race_step,
            passed,
            pawn_weakness,
            king_shield,
            placement,
            king_attack,
        ] = w;
        Weights {
            mobility,
            centre,
            pawn_step,
            held_square,
            threat,
            race_step,
            passed,
            pawn_weakness,
            king_shield,
            placement,
            king_attack,
        }
    }
}

/// A set of weights with only the three common terms (mobility, centre, pawn step).
pub(super) const fn common(mobility: i32, centre: i32, pawn_step: i32) -> Weights {
    Weights {
        mobility,
        centre,
        pawn_step,
        held_square: 0,
        threat: 0,
        race_step: 0,
        passed: 0,
        pawn_weakness: 0,
        king_shield: 0,
        placement: 0,
        king_attack: 0,
    }
}

/// The positional terms of a position, White minus Black, each in its own unit; the
/// evaluation is `material + Σ weight × term` ([`Terms::score`]).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Terms {
    /// Piece moves (Force Field: less the ones a field blocks).
    pub mobility: i32,
    /// Steps toward the centre of the pieces other than pawns and Kings.
    pub centre: i32,
    /// Ranks the pawns have advanced.
    pub pawn_step: i32,
    /// Force Field: empty squares held.
    pub held_square: i32,
    /// Bully: the value of the pieces under a capture they cannot forbid; Intrachange: of
    /// the pieces an enemy move would capture; counted against their side (centipawns).
    pub threat: i32,
    /// Nonviolent: the squares of the ranks advanced by pawns on free files.
    pub race_step: i32,
    /// 8×8 boards: passed pawns (no enemy pawn ahead on its file or the files beside it),
    /// each `(a + 1)²` for a pawn `a` ranks from its start rank.
    pub passed: i32,
    /// 8×8 boards: isolated pawns (no own pawn on the files beside) and doubled ones (each
    /// pawn beyond the first on a file), Black's less White's.
    pub pawn_weakness: i32,
    /// 8×8 boards: own pawns on the King's file and the files beside it, one or two ranks
    /// in front of a King on its first two ranks, counted while the enemy has a Queen.
    pub king_shield: i32,
    /// 8×8 boards: the pieces' placement by the tapered square tables of [`placement`](super::placement)
    /// (the King at home in the middlegame and central in the endgame, Knights off the
    /// rim, pieces developed, pawns advancing in the endgame), centipawns.
    pub placement: i32,
    /// 8×8 boards: the attack on each King, squared ([`king_attack`]).
    pub king_attack: i32,
}

impl Terms {
    /// How many terms there are.
    pub const COUNT: usize = 11;
    /// The terms' names, in [`Terms::to_array`] order.
    pub const NAMES: [&'static str; Terms::COUNT] = [
        "mobility",
        "centre",
        "pawn_step",
        "held_square",
        "threat",
        "race_step",
        "passed",
        "pawn_weakness",
        "king_shield",
        "placement",
        "king_attack",
    ];
    /// Each weight's unit as a fraction of a centipawn per unit of its term, in
    /// [`Terms::NAMES`] order: the threat weight is in thousandths ([`THREAT_SCALE`]), the
    /// placement and King-attack weights in hundredths ([`PLACEMENT_SCALE`]), the others
    /// whole.
    pub const SCALES: [i32; Terms::COUNT] = [
        1,
        1,
        1,
        1,
        THREAT_SCALE,
        1,
        1,
        1,
        1,
        PLACEMENT_SCALE,
        PLACEMENT_SCALE,
    ];

    /// The terms in [`Terms::NAMES`] order.
    pub fn to_array(self) -> [i32; Terms::COUNT] {
        [
            self.mobility,
            self.centre,
            self.pawn_step,
            self.held_square,
            self.threat,
            self.race_step,
            self.passed,
            self.pawn_weakness,
            self.king_shield,
            self.placement,
            self.king_attack,
        ]
    }

    /// The positional score these terms give under `w`, centipawns.
    pub fn score(&self, w: &Weights) -> i32 {
        w.mobility * self.mobility
            + w.centre * self.centre
            + w.pawn_step * self.pawn_step
            + w.held_square * self.held_square
            + w.threat * self.threat / THREAT_SCALE
            + w.race_step * self.race_step
            + w.passed * self.passed
            + w.pawn_weakness * self.pawn_weakness
            + w.king_shield * self.king_shield
            + w.placement * self.placement / PLACEMENT_SCALE
            + w.king_attack * self.king_attack / PLACEMENT_SCALE
    }
}

/// King-distance of a square from the board centre, in whole squares (0 = a centre square).
pub(super) fn centre_distance(shape: BoardShape, sq: Square) -> i32 {
    let n = i32::from(shape.files());
    let (f, r) = shape.coords(sq);
    let (f, r) = (i32::from(f), i32::from(r));
    ((2 * f - (n - 1)).abs().max((2 * r - (n - 1)).abs()) - 1) / 2
}

/// Material only, White minus Black, in centipawns.
pub fn material(pos: &Position) -> i32 {
    let shape = pos.shape();
    let v = pos.variant();
    let mut s = 0;
    for (sq, p) in pos.board().all_pieces() {
        let val = piece_value(v, p.kind, shape.zone(sq));
        s += if p.color == Color::White { val } else { -val };
    }
    s
}

/// Number of piece moves (pawns and castling left out) `side` has, ignoring checks: a cheap
/// mobility measure. Counted on bitboards where the board allows (8×8, the standard kinds,
/// no shared square), else from the generated moves.
pub fn mobility(pos: &Position, side: Color) -> i32 {
    mobility_with(pos, Sides::of(pos, Color::White).as_ref(), side)
}

/// [`mobility`] given the sets of `pos` (White's view; `None` where they do not describe it).
pub(super) fn mobility_with(pos: &Position, sides: Option<&Sides>, side: Color) -> i32 {
    sides
        .and_then(|s| piece_targets(pos, s, side, None))
        .unwrap_or_else(|| mobility_reference(pos, side))
}

/// The number of squares `side`'s pieces (pawns and King left out) may move to by their
/// movement and the capture rule, fields and checks aside; with `within`, only those in
/// that set, from the sets `s` of the position (either side's view). `None` where a piece's
/// kind cannot be read.
pub(super) fn piece_targets(
    pos: &Position,
    s: &Sides,
    side: Color,
    within: Option<u64>,
) -> Option<i32> {
    let (ours, theirs) = if side == s.us {
        (&s.ours, &s.theirs)
    } else {
        (&s.theirs, &s.ours)
    };
    let kit = Kit::get();
    let rule = pos.variant().capture_rule();
    let reach = within.unwrap_or(u64::MAX);
    let mut n = 0;
    // The sets hold the six standard kinds only: Knights, Bishops, Rooks and Queens.
    for kind in PIECE_KINDS {
        let to_squares = (!s.occ | victims(rule, kind, theirs)) & reach;
        for from in squares(ours.of_kind(kind)) {
            n += (kit.attacks(kind, from, s.occ) & to_squares).count_ones() as i32;
        }
    }
    Some(n)
}

/// The kinds whose moves [`mobility`] counts: all but pawns and the King.
pub(super) const PIECE_KINDS: [PieceKind; 4] = [
    PieceKind::Knight,
    PieceKind::Bishop,
    PieceKind::Rook,
    PieceKind::Queen,
];

/// The enemy pieces (`theirs`) a piece of `attacker`'s kind may capture under `rule`.
pub(super) fn victims(rule: CaptureRule, attacker: PieceKind, theirs: &Side) -> u64 {
    match rule {
        CaptureRule::Any => theirs.all,
        CaptureRule::Never => 0,
        CaptureRule::ByValue => PieceKind::STANDARD
            .iter()
            .filter(|&&v| rule.allows(attacker, v))
            .fold(0, |m, &v| m | theirs.of_kind(v)),
    }
}

/// White's mobility less Black's ([`mobility`]) and, with `king_attack`, the King-attack
/// term ([`king_attack`]), from one pass over the pieces' attack sets (the sets `s` of
/// `pos`, White's view).
pub(super) fn activity(pos: &Position, s: &Sides, king_attack: bool) -> (i32, i32) {
    let kit = Kit::get();
    let rule = pos.variant().capture_rule();
    let (mut mobility, mut attack) = (0, 0);
    for (sign, ours, theirs) in [(1, &s.ours, &s.theirs), (-1, &s.theirs, &s.ours)] {
        // The enemy King's zone, while this side has a Queen (else its attack counts 0).
        let zone = match squares(theirs.kings).next() {
            Some(k) if king_attack && ours.of_kind(PieceKind::Queen) != 0 => kit.a.king[k] | 1 << k,
            _ => 0,
        };
        let (mut n, mut units, mut attackers) = (0, 0, 0);
        for (kind, per_square) in PIECE_KINDS.into_iter().zip(KING_ATTACK_UNITS_BY_KIND) {
            let to_squares = !s.occ | victims(rule, kind, theirs);
            for from in squares(ours.of_kind(kind)) {
                let hits = kit.attacks(kind, from, s.occ);
                n += (hits & to_squares).count_ones() as i32;
                let in_zone = hits & zone;
                if in_zone != 0 {
                    attackers += 1;
                    units += per_square * in_zone.count_ones() as i32;
                }
            }
        }
        mobility += sign * n;
        if attackers >= 2 {
            attack += sign * units.min(KING_ATTACK_CAP).pow(2);
        }
    }
    (mobility, attack)
}

/// [`mobility`] from the generated moves: every board.
pub(super) fn mobility_reference(pos: &Position, side: Color) -> i32 {
    let mut buf = Vec::with_capacity(64);
    let rules = pos.variant().rules();
    for (from, kind) in pos.board().pieces(side) {
        if kind != PieceKind::Pawn && kind != PieceKind::King {
            classic::piece_moves(rules, pos, from, side, kind, &mut buf);
        }
    }
    buf.len() as i32
}

/// The file masks of the 8×8 board, `[a, b, …, h]`.
pub(super) const FILES: [u64; 8] = {
    let mut f = [0u64; 8];
    let mut i = 0;
    while i < 8 {
        f[i] = 0x0101_0101_0101_0101 << i;
        i += 1;
    }
    f
};

/// The files next to `file` (0 = a … 7 = h) of the 8×8 board, as one set.
pub(super) fn files_beside(file: usize) -> u64 {
    let left = if file > 0 { FILES[file - 1] } else { 0 };
    let right = if file < 7 { FILES[file + 1] } else { 0 };
    left | right
}

/// The pawn-structure terms of an 8×8 position, White minus Black: passed pawns, isolated
/// and doubled pawns, and the pawns shielding the King ([`Terms::passed`],
/// [`Terms::pawn_weakness`], [`Terms::king_shield`]); all 0 on other boards.
pub(super) fn pawn_structure(pos: &Position) -> (i32, i32, i32) {
    if pos.shape() != BoardShape::Standard {
        return (0, 0, 0);
    }
    // The board's own bit planes give each side's kinds as 8×8 sets, shared squares too.
    let board = pos.board();
    let set = |color: Color, kind: PieceKind| board.kind_word(color, kind, 0);
    let mut passed = 0;
    let mut weakness = 0;
    let mut shield = 0;
    for color in [Color::White, Color::Black] {
        let sign = if color == Color::White { 1 } else { -1 };
        let (ours, theirs) = (
            set(color, PieceKind::Pawn),
            set(color.other(), PieceKind::Pawn),
        );
        for sq in squares(ours) {
            let (file, rank) = (sq % 8, sq / 8);
            let beside = files_beside(file);
            // The ranks in front of the pawn, from its side's view.
            let ahead = if color == Color::White {
                u64::MAX.checked_shl(8 * (rank as u32 + 1)).unwrap_or(0)
            } else {
                (1u64 << (8 * rank)) - 1
            };
            if theirs & (FILES[file] | beside) & ahead == 0 {
                let advanced = if color == Color::White {
                    rank as i32 - 1
                } else {
                    6 - rank as i32
                };
                passed += sign * (advanced.max(0) + 1).pow(2);
            }
            if ours & beside == 0 {
                weakness -= sign;
            }
        }
        for file in FILES {
            let n = (ours & file).count_ones() as i32;
            weakness -= sign * (n - 1).max(0);
        }
        if set(color.other(), PieceKind::Queen) != 0
            && let Some(k) = squares(set(color, PieceKind::King)).next()
        {
            let (file, rank) = (k % 8, k / 8);
            let home = if color == Color::White {
                rank <= 1
            } else {
                rank >= 6
            };
            if home {
                let files = FILES[file] | files_beside(file);
                // The two ranks in front of the King.
                let front = if color == Color::White {
                    0xffff_u64 << (8 * (rank + 1))
                } else {
                    0xffff_u64 << (8 * (rank - 2))
                };
                shield += sign * (ours & files & front).count_ones() as i32;
            }
        }
    }
    (passed, weakness, shield)
}

/// The game phase at which the square tables are read: Knights and Bishops count 1, Rooks
/// 2, Queens 4, both sides together, at most [`FULL_PHASE`] (the initial position's 24);
/// 0 is a pawn or bare-King ending.
pub const FULL_PHASE: i32 = 24;

/// A square table: one value per square, `[middlegame, endgame]` in centipawns, from
/// White's side (index `rank × 8 + file`, a1 = 0); Black reads the square mirrored across
/// the middle rank.
pub type SquareTable = [[i32; 2]; 64];

/// The middlegame and endgame value of a piece of `kind` on `(file, rank)` (0–7, White's
/// side), centipawns on top of its material and the other terms.
const fn square_value(kind: usize, file: i32, rank: i32) -> [i32; 2] {
    let edge = (file == 0 || file == 7) as i32 + (rank == 0 || rank == 7) as i32;
    let central = file == 3 || file == 4;
    match kind {
        // Pawn: the centre pawns out early (held back on d2/e2 costs), the shield in front
        // of a castled King kept; in the endgame every step nearer promotion counts more.
        0 => {
            let mg = match rank {
                1 if central => -10,
                1 if file >= 5 => 5,
                2 if central => 5,
                3 if central => 20,
                3 if file == 2 || file == 5 => 8,
                4 if central => 25,
                4 => 8,
                5 => 15,
                6 => 30,
                _ => 0,
            };
            let eg = match rank {
                2 => 5,
                3 => 10,
                4 => 20,
                5 => 35,
                6 => 55,
                _ => 0,
            };
            [mg, eg]
        }
        // Knight: the rim and the corners cost, the home rank costs in the middlegame.
        1 => [-15 * edge - if rank == 0 { 10 } else { 0 }, -15 * edge],
        // Bishop: developed off the home rank; the edges a little.
        2 => [-5 * edge - if rank == 0 { 10 } else { 0 }, -5 * edge],
        // Rook: the seventh rank; the centre files of the home rank once castled.
        3 => {
            let seventh = rank == 6;
            [
                if seventh {
                    20
                } else if rank == 0 && central {
                    5
                } else {
                    0
                },
                if seventh { 15 } else { 0 },
            ]
        }
        // Queen: the edges a little.
        4 => [-5 * edge, -5 * edge],
        // King: home, best on the castled squares, in the middlegame; central in the
        // endgame (20 in the middle four squares down to −25 on the rim).
        _ => {
            let home = [20, 30, 10, 0, 0, 10, 30, 20];
            let up = [0, -10, -30, -50, -60, -70, -70, -70];
            let mg = up[rank as usize] + if rank <= 1 { home[file as usize] } else { 0 };
            let df = if file < 4 { 3 - file } else { file - 4 };
            let dr = if rank < 4 { 3 - rank } else { rank - 4 };
            let d = if df > dr { df } else { dr };
            [mg, 20 - 15 * d]
        }
    }
}

/// The hand-set square tables of the six standard kinds, Pawn to King (`square_value`):
/// Bully's, and the start of the fit of standard chess's ([`CLASSIC_TABLES`](super::CLASSIC_TABLES)).
pub const HAND_SET_TABLES: [SquareTable; 6] = {
    let mut t = [[[0; 2]; 64]; 6];
    let mut k = 0;
    while k < 6 {
        let mut sq = 0;
        while sq < 64 {
            t[k][sq] = square_value(k, (sq % 8) as i32, (sq / 8) as i32);
            sq += 1;
        }
        k += 1;
    }
    t
};

/// The game phase of an 8×8 position, 0 (no piece besides Kings and pawns) to
/// [`FULL_PHASE`]: Knights and Bishops count 1, Rooks 2, Queens 4.
pub fn phase(pos: &Position) -> i32 {
    let board = pos.board();
    let mut phase = 0;
    for (k, kind) in PieceKind::STANDARD.into_iter().enumerate() {
        for color in Color::BOTH {
            phase += board.kind_word(color, kind, 0).count_ones() as i32 * PHASE_UNITS[k];
        }
    }
    phase.min(FULL_PHASE)
}

/// What each of the six standard kinds, Pawn to King, adds to the phase ([`phase`]).
const PHASE_UNITS: [i32; 6] = [0, 1, 1, 2, 4, 0];

/// [`placement`] read from `tables`, on an 8×8 position.
pub(super) fn placement_with(pos: &Position, tables: &[SquareTable; 6]) -> i32 {
    let board = pos.board();
    let mut phase = 0;
    let (mut mg, mut eg) = (0, 0);
    for (k, kind) in PieceKind::STANDARD.into_iter().enumerate() {
        for color in Color::BOTH {
            let set = board.kind_word(color, kind, 0);
            phase += set.count_ones() as i32 * PHASE_UNITS[k];
            let (sign, flip) = if color == Color::White {
                (1, 0)
            } else {
                (-1, 56)
            };
            for sq in squares(set) {
                let [m, e] = tables[k][sq ^ flip];
                mg += sign * m;
                eg += sign * e;
            }
        }
    }
    let phase = phase.min(FULL_PHASE);
    (mg * phase + eg * (FULL_PHASE - phase)) / FULL_PHASE
}

/// The attack units a piece of each kind adds per square of the enemy King's zone it
/// attacks: Knight and Bishop 2, Rook 3, Queen 5.
const KING_ATTACK_UNITS: [(PieceKind, i32); 4] = [
    (PieceKind::Knight, KING_ATTACK_UNITS_BY_KIND[0]),
    (PieceKind::Bishop, KING_ATTACK_UNITS_BY_KIND[1]),
    (PieceKind::Rook, KING_ATTACK_UNITS_BY_KIND[2]),
    (PieceKind::Queen, KING_ATTACK_UNITS_BY_KIND[3]),
];

/// [`KING_ATTACK_UNITS`] in the order of `PIECE_KINDS`.
const KING_ATTACK_UNITS_BY_KIND: [i32; 4] = [2, 2, 3, 5];

/// The most attack units counted on one King (the term's square is at most 1,600).
pub const KING_ATTACK_CAP: i32 = 40;

/// The attack on the Kings of an 8×8 position ([`Terms::king_attack`]), White's on Black's
/// King less Black's on White's: the King's zone is its square and the squares around it;
/// each piece of the attacker that attacks squares of the zone adds its kind's units
/// (`KING_ATTACK_UNITS`) per square, and the side's total `u` counts `min(u, 40)²`
/// when at least two pieces take part and the attacker still has a Queen (else 0).
///
/// # Examples
/// ```
/// use esoterica::bots::eval::king_attack;
/// use esoterica::rules::{Position, Variant};
/// // The Queen on h5 hits f7, h7 and h8 around the King on g8 (3 × 5 units), the Knight
/// // on g5 f7 and h7 (2 × 2): (15 + 4)² = 361.
/// let p = Position::from_text(Variant::Standard, "6k1/8/8/6NQ/8/8/8/4K3 w - - 0 1").unwrap();
/// assert_eq!(king_attack(&p), 361);
/// // The Queen alone does not count.
/// let p = Position::from_text(Variant::Standard, "6k1/8/8/7Q/8/8/8/4K3 w - - 0 1").unwrap();
/// assert_eq!(king_attack(&p), 0);
/// ```
pub fn king_attack(pos: &Position) -> i32 {
    Sides::of(pos, Color::White).map_or(0, |s| king_attack_units(&s))
}

/// [`king_attack`] from the sets `s` of the position (White's view).
pub(super) fn king_attack_units(s: &Sides) -> i32 {
    let kit = Kit::get();
    let mut total = 0;
    for (sign, attacker, defender) in [(1, &s.ours, &s.theirs), (-1, &s.theirs, &s.ours)] {
        if attacker.of_kind(PieceKind::Queen) == 0 {
            continue;
        }
        let Some(k) = squares(defender.kings).next() else {
            continue;
        };
        let zone = kit.a.king[k] | 1 << k;
        let (mut units, mut pieces) = (0, 0);
        for (kind, per_square) in KING_ATTACK_UNITS {
            for from in squares(attacker.of_kind(kind)) {
                let hit = kit.attacks(kind, from, s.occ) & zone;
                if hit != 0 {
                    pieces += 1;
                    units += per_square * hit.count_ones() as i32;
                }
            }
        }
        if pieces >= 2 {
            total += sign * units.min(KING_ATTACK_CAP).pow(2);
        }
    }
    total
}

/// The squares of the 8×8 board by their centralisation bonus (`half − 1 − centre
/// distance`, at least 0): `[bonus 3, bonus 2, bonus 1]`.
fn centre_rings() -> &'static [u64; 3] {
    static RINGS: std::sync::OnceLock<[u64; 3]> = std::sync::OnceLock::new();
    RINGS.get_or_init(|| {
        let shape = BoardShape::Standard;
        let half = i32::from(shape.files()) / 2;
        let mut rings = [0u64; 3];
        for i in 0..64u8 {
            let bonus = (half - 1 - centre_distance(shape, Square(i))).max(0);
            if (1..=3).contains(&bonus) {
                rings[(3 - bonus) as usize] |= 1 << i;
            }
        }
        rings
    })
}

/// Material, pawn steps and centralisation (White minus Black) counted on bitboards: the
/// 8×8 board with the six standard kinds and no shared square, from its sets `s` (White's
/// view) in `v`.
pub(super) fn piece_sums(v: Variant, s: &Sides) -> (i32, i32, i32) {
    let (w, b) = (&s.ours, &s.theirs);
    let count = |set: u64| set.count_ones() as i32;
    let mut material = 0;
    for k in PieceKind::STANDARD {
        material += (count(w.of_kind(k)) - count(b.of_kind(k))) * piece_value(v, k, Zone::Outer);
    }
    // White's pawns on rank index r have advanced r − 1, Black's 6 − r.
    let mut pawn_step = 0;
    for r in 0..8 {
        let rank = 0xffu64 << (8 * r);
        pawn_step +=
            (r - 1).max(0) * count(w.pawns & rank) - (6 - r).max(0) * count(b.pawns & rank);
    }
    let (wp, bp) = (w.all & !w.pawns & !w.kings, b.all & !b.pawns & !b.kings);
    let centre = centre_rings()
        .iter()
        .zip([3, 2, 1])
        .map(|(&ring, bonus)| bonus * (count(wp & ring) - count(bp & ring)))
        .sum();
    (material, pawn_step, centre)
}

/// [`piece_sums`] piece by piece: every board, and its reference in the tests.
pub(super) fn piece_sums_reference(pos: &Position) -> (i32, i32, i32) {
    let shape = pos.shape();
    let v = pos.variant();
    let half = i32::from(shape.files()) / 2;
    let (mut material, mut pawn_step, mut centre) = (0, 0, 0);
    for (sq, p) in pos.board().all_pieces() {
        let zone = shape.zone(sq);
        let sign = if p.color == Color::White { 1 } else { -1 };
        material += sign * piece_value(v, p.kind, zone);
        match p.kind {
            PieceKind::Pawn => {
                let r = i32::from(shape.rank(sq));
                let adv = if p.color == Color::White {
                    r - 1
                } else {
                    i32::from(shape.files()) - 2 - r
                };
                pawn_step += sign * adv.max(0);
            }
            PieceKind::King => {}
            PieceKind::Knight
            | PieceKind::Bishop
            | PieceKind::Queen
            | PieceKind::Guard
            | PieceKind::OuterKnight
            | PieceKind::Rook
            | PieceKind::Matriarch
            | PieceKind::Jumper => {
                centre += sign * (half - 1 - centre_distance(shape, sq)).max(0);
            }
        }
    }
    (material, pawn_step, centre)
}

/// Material and the terms every variant shares: pawn steps, centralisation and mobility,
/// and on the 8×8 board the pawn structure, the placement read from `tables` and (with
/// `classic_king_attack`) the attack on the Kings by classic movement, each where `w`
/// weighs it or `every` asks for every term (the tuner). `sides`: the sets of `pos`
/// (White's view), if they describe it. A variant's own terms are left at 0 for its file
/// to add.
pub(super) fn shared_terms(
    pos: &Position,
    sides: Option<&Sides>,
    w: &Weights,
    tables: &[SquareTable; 6],
    every: bool,
    classic_king_attack: bool,
) -> (i32, Terms) {
    let mut t = Terms::default();
    let (material, pawn_step, centre) = sides.map_or_else(
        || piece_sums_reference(pos),
        |s| piece_sums(pos.variant(), s),
    );
    t.pawn_step = pawn_step;
    t.centre = centre;
    let king_attack_counted = (every || w.king_attack != 0) && classic_king_attack;
    let mut king_attack = 0;
    match sides {
        Some(s) => (t.mobility, king_attack) = activity(pos, s, king_attack_counted),
        None => {
            t.mobility =
                mobility_reference(pos, Color::White) - mobility_reference(pos, Color::Black);
        }
    }
    if every || w.passed != 0 || w.pawn_weakness != 0 || w.king_shield != 0 {
        (t.passed, t.pawn_weakness, t.king_shield) = pawn_structure(pos);
    }
    if every || w.placement != 0 {
        t.placement = placement_in(pos, tables);
    }
    if king_attack_counted {
        t.king_attack = king_attack;
    }
    (material, t)
}

/// The placement term ([`Terms::placement`]) of `pos` read from `tables`; 0 off the 8×8
/// board.
pub(super) fn placement_in(pos: &Position, tables: &[SquareTable; 6]) -> i32 {
    if pos.shape() != BoardShape::Standard {
        return 0;
    }
    placement_with(pos, tables)
}
