//! Static evaluation for the built-in bots, per variant: material (zone-aware on the Big
//! Outer board), mobility, centralisation and pawn advancement. Scores are centipawns.
//!
//! - Standard chess and Bully: tapered square tables ([`placement`]: the King sheltered in
//!   the middlegame and central in the endgame, Knights off the rim, pieces developed).
//! - Big Outer (`rules/big-outer.md §2`): the Matriarch, Jumper and outer Knight lose power
//!   toward the centre (shorter range, shorter or no leaps), so their value depends on the
//!   zone they stand in; the Guard is zone-free.
//! - Intrachange: standard values; King-capture threats are found by the search (a move that
//!   captures the King ends the game and is searched in quiescence).
//! - Force Field: standard values, the empty squares each side's fields hold
//!   ([`fields`](crate::rules::variants::force_field::fields)), and mobility without the
//!   piece moves that end on a square the other side holds (`rules/force-field.md §3`:
//!   fields block enemy moves; the King ignores them): [`force_field_terms`].
//! - Bully: a piece attacked by an enemy piece that the by-value rule lets capture it is
//!   threatened; one attacked only by more valuable pieces is safe: [`bully_threats`].
//! - Nonviolent: captures are illegal, so mobility and pawn advancement weigh more, and a
//!   pawn whose file is empty up to its promotion square races for it: [`promotion_race`].
//!
//! The evaluation is linear in its positional weights ([`Weights`], one set per variant):
//! material plus each weight times a term of the position ([`Terms`]), so the weights can
//! be fitted to game results (`bots::tune`, `esoterica tune`, `docs/BOTS.md`).
//!
//! Deterministic; reads only the position.

use crate::rules::classic::masks::{Kit, Side, Sides, squares};
use crate::rules::classic::{self, CaptureRule};
use crate::rules::variants::{force_field, intrachange};
use crate::rules::{BoardShape, Color, Direction, PieceKind, Position, Square, Variant, Zone};

mod tables;
pub use tables::CLASSIC_TABLES;

/// The threat weight's unit: [`Weights::threat`] is in thousandths of the threatened
/// pieces' value.
pub const THREAT_SCALE: i32 = 1000;

/// The unit of the placement and King-attack weights: [`Weights::placement`] and
/// [`Weights::king_attack`] are in hundredths of their terms.
pub const PLACEMENT_SCALE: i32 = 100;

/// Value of a piece of `kind` standing in `zone` in `variant`, in centipawns (the King is 0:
/// it is never traded).
///
/// # Examples
/// ```
/// use esoterica::bots::eval::piece_value;
/// use esoterica::rules::{PieceKind, Variant, Zone};
/// assert_eq!(piece_value(Variant::Standard, PieceKind::Queen, Zone::Outer), 900);
/// assert!(
///     piece_value(Variant::BigOuter, PieceKind::Matriarch, Zone::Central)
///         < piece_value(Variant::BigOuter, PieceKind::Matriarch, Zone::Outer)
/// );
/// ```
pub fn piece_value(variant: Variant, kind: PieceKind, zone: Zone) -> i32 {
    let big = variant.has_fairy_pieces();
    match kind {
        PieceKind::Pawn => 100,
        PieceKind::Knight => 320,
        PieceKind::Bishop => {
            if big {
                360
            } else {
                330
            }
        }
        PieceKind::Rook => {
            if big {
                550
            } else {
                500
            }
        }
        PieceKind::Queen => {
            if big {
                1000
            } else {
                900
            }
        }
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

/// A set of weights with only the three common terms.
const fn common(mobility: i32, centre: i32, pawn_step: i32) -> Weights {
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

/// Standard chess: every term of the 8×8 board, the weights fitted with the square tables
/// ([`CLASSIC_TABLES`], placement at 100) to Stockfish's evaluations of 234,033 quiet
/// positions (`esoterica tune --labels … --tables`; docs/BOTS.md, "Fitting the square
/// tables").
pub const CLASSIC_WEIGHTS: Weights = Weights {
    passed: 3,
    pawn_weakness: 15,
    king_shield: 9,
    placement: 100,
    king_attack: 26,
    ..common(5, 17, 0)
};
/// Parity and Single Occupation, which play their pieces by classic movement: the common
/// terms (the square tables made no difference to the one-turn matrix in 200 games).
pub const PARITY_WEIGHTS: Weights = common(3, 5, 6);
/// Intrachange: the common terms, the pieces an enemy move captures, teleports included,
/// and the King's exposure to jumps ([`jump_exposure`], 10 cp per piece aimed).
pub const INTRACHANGE_WEIGHTS: Weights = Weights {
    threat: 125,
    king_attack: 1000,
    ..common(3, 5, 6)
};
/// Force Field: the common terms and the squares held.
pub const FORCE_FIELD_WEIGHTS: Weights = Weights {
    held_square: 2,
    ..common(3, 5, 6)
};
/// Bully: every term of the 8×8 board with the pieces under a capture they cannot forbid,
/// the weights fitted to the alphabeta bot's own searches of 3,893 quiet positions of
/// self-play games (`esoterica label`, `esoterica tune --labels`; docs/BOTS.md, "Fitting to
/// deeper searches of our own"). Against the hand-set weights (mobility 3, centre 5, pawn
/// step 6, threat 125, the tables at 100, the rest 0) they scored 76.5 % over 100 games
/// from the bundled openings.
pub const BULLY_WEIGHTS: Weights = Weights {
    threat: 105,
    passed: 1,
    pawn_weakness: 11,
    king_shield: 8,
    placement: 90,
    king_attack: 110,
    ..common(10, 29, 0)
};
/// Nonviolent: without captures pawn advances matter more, free pawns race, and pieces
/// gathering round the enemy King count (mate is the only win). Fitted to the alphabeta
/// bot's own searches of 5,000 quiet positions of self-play games (docs/BOTS.md, "Fitting
/// to deeper searches of our own"); against the hand-set weights (mobility 6, centre 6,
/// pawn step 12, race 4) they scored 55.3 % over 200 games from the bundled openings.
pub const NONVIOLENT_WEIGHTS: Weights = Weights {
    race_step: 4,
    king_attack: 25,
    ..common(5, 4, 14)
};
/// Big Outer: every term counts less against the material of the new pieces.
pub const BIG_OUTER_WEIGHTS: Weights = common(2, 3, 5);

/// The weights the bots play with in `variant`, chosen by what the variant has (no
/// captures, zones, fields, the by-value capture rule, teleports, simultaneous moves, else
/// classic chess).
/// A term a variant does not have is 0.
pub fn weights(variant: Variant) -> Weights {
    match variant.capture_rule() {
        CaptureRule::Never => NONVIOLENT_WEIGHTS,
        _ if variant.has_zones() => BIG_OUTER_WEIGHTS,
        _ if variant.has_fields() => FORCE_FIELD_WEIGHTS,
        CaptureRule::ByValue => BULLY_WEIGHTS,
        _ if variant.has_teleports() => INTRACHANGE_WEIGHTS,
        _ if variant.turn_model() == crate::rules::TurnModel::Simultaneous => PARITY_WEIGHTS,
        CaptureRule::Any => CLASSIC_WEIGHTS,
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
    /// 8×8 boards: the pieces' placement by the tapered square tables of [`placement`]
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
fn centre_distance(shape: BoardShape, sq: Square) -> i32 {
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
fn mobility_with(pos: &Position, sides: Option<&Sides>, side: Color) -> i32 {
    sides
        .and_then(|s| piece_targets(pos, s, side, None))
        .unwrap_or_else(|| mobility_reference(pos, side))
}

/// The number of squares `side`'s pieces (pawns and King left out) may move to by their
/// movement and the capture rule, fields and checks aside; with `within`, only those in
/// that set, from the sets `s` of the position (either side's view). `None` where a piece's
/// kind cannot be read.
fn piece_targets(pos: &Position, s: &Sides, side: Color, within: Option<u64>) -> Option<i32> {
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
const PIECE_KINDS: [PieceKind; 4] = [
    PieceKind::Knight,
    PieceKind::Bishop,
    PieceKind::Rook,
    PieceKind::Queen,
];

/// The enemy pieces (`theirs`) a piece of `attacker`'s kind may capture under `rule`.
fn victims(rule: CaptureRule, attacker: PieceKind, theirs: &Side) -> u64 {
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
fn activity(pos: &Position, s: &Sides, king_attack: bool) -> (i32, i32) {
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
fn mobility_reference(pos: &Position, side: Color) -> i32 {
    let mut buf = Vec::with_capacity(64);
    let rules = pos.variant().rules();
    for (from, kind) in pos.board().pieces(side) {
        if kind != PieceKind::Pawn && kind != PieceKind::King {
            classic::piece_moves(rules, pos, from, side, kind, &mut buf);
        }
    }
    buf.len() as i32
}

/// Force Field terms, White minus Black, in centipawns: the held-square weight per empty
/// square held (the larger charge), and minus the mobility weight for each piece move
/// (pawns and King left out, as in [`mobility`]) that ends on an empty square the other
/// side holds, where the rules block it (`rules/force-field.md §3`).
///
/// # Examples
/// ```
/// use esoterica::bots::eval::force_field_terms;
/// use esoterica::rules::{Position, Variant};
/// // A lone White Rook holds its 14 squares; Black's King projects no field.
/// let p = Position::from_text(Variant::ForceField, "4k3/8/8/8/8/8/8/R3K3 w - - 0 1").unwrap();
/// assert_eq!(force_field_terms(&p), 2 * 10);
/// ```
pub fn force_field_terms(pos: &Position) -> i32 {
    let w = weights(pos.variant());
    let (held, blocked) = field_counts(pos, Sides::of(pos, Color::White).as_ref());
    held * w.held_square - w.mobility * blocked
}

/// The empty squares held (White's less Black's) and the piece moves a field blocks
/// (White's less Black's): on bitboards where the board allows, else from the charge map
/// and the generated moves. `sides`: the sets of `pos` (White's view), if they describe it.
fn field_counts(pos: &Position, sides: Option<&Sides>) -> (i32, i32) {
    if let Some(s) = sides
        && let Some(held) = force_field::held_squares(pos.board())
    {
        let blocked = |side: Color| piece_targets(pos, s, side, Some(held[side.other().index()]));
        if let (Some(w), Some(b)) = (blocked(Color::White), blocked(Color::Black)) {
            let count = |c: Color| held[c.index()].count_ones() as i32;
            return (count(Color::White) - count(Color::Black), w - b);
        }
    }
    field_counts_reference(pos)
}

/// [`field_counts`] from the charge map and the generated moves.
fn field_counts_reference(pos: &Position) -> (i32, i32) {
    let nets = force_field::net_charges(pos.board());
    let held: i32 = nets.iter().map(|n| n.signum()).sum();
    let holder = |sq: Square| match nets.get(sq.index()).copied().unwrap_or(0).signum() {
        1 => Some(Color::White),
        -1 => Some(Color::Black),
        _ => None,
    };
    let mut blocked = [0i32; 2];
    let mut buf = Vec::with_capacity(64);
    let rules = pos.variant().rules();
    for side in [Color::White, Color::Black] {
        buf.clear();
        for (from, kind) in pos.board().pieces(side) {
            if kind != PieceKind::Pawn && kind != PieceKind::King {
                classic::piece_moves(rules, pos, from, side, kind, &mut buf);
            }
        }
        blocked[side.index()] = buf
            .iter()
            .filter(|m| pos.board().is_empty(m.to) && holder(m.to) == Some(side.other()))
            .count() as i32;
    }
    (
        held,
        blocked[Color::White.index()] - blocked[Color::Black.index()],
    )
}

/// Bully: White minus Black, minus the threat weight's share ([`Weights::threat`],
/// thousandths) of the value of each piece (the King left out) that an enemy piece attacks
/// and may capture by the by-value rule (`rules/bully-nonviolent.md §1`: only an equal or
/// lower value). Attacks by classic movement ([`classic::attackers`]).
///
/// # Examples
/// ```
/// use esoterica::bots::eval::bully_threats;
/// use esoterica::rules::{Position, Variant};
/// // The Black pawn on c6 attacks the Knight on d5 but may not take it.
/// let p = Position::from_text(Variant::Bully, "4k3/8/2p5/3N4/8/8/8/4K3 w - - 0 1").unwrap();
/// assert_eq!(bully_threats(&p), 0);
/// // A Black Rook on d8 may: 105/1000 of 320 against White, rounded toward zero.
/// let p = Position::from_text(Variant::Bully, "3rk3/8/8/3N4/8/8/8/4K3 w - - 0 1").unwrap();
/// assert_eq!(bully_threats(&p), -33);
/// ```
pub fn bully_threats(pos: &Position) -> i32 {
    weights(pos.variant()).threat * threatened_value(pos, Sides::of(pos, Color::White).as_ref())
        / THREAT_SCALE
}

/// The value of the pieces an enemy piece attacks and may capture, Black's less White's
/// (so that it counts for White like the other terms): on bitboards where the board
/// allows, else from the classic attacker lists.
fn threatened_value(pos: &Position, sides: Option<&Sides>) -> i32 {
    sides
        .and_then(|s| threatened_value64(pos, s))
        .unwrap_or_else(|| threatened_value_reference(pos))
}

/// [`threatened_value`] on bitboards: per piece, the enemy kinds the capture rule lets take
/// it, each looked for on the squares from which it would attack the piece; `s` the sets
/// of `pos` (White's view).
fn threatened_value64(pos: &Position, s: &Sides) -> Option<i32> {
    let a = Kit::get().a;
    let rule = pos.variant().capture_rule();
    let v = pos.variant();
    let mut total = 0;
    for (side, own, enemy) in [
        (Color::White, &s.ours, &s.theirs),
        (Color::Black, &s.theirs, &s.ours),
    ] {
        for sq in squares(own.all & !own.kings) {
            let kind = pos.board().kind(side, Square(sq as u8))?;
            let may = |k: PieceKind| rule.allows(k, kind);
            let of = |k: PieceKind| if may(k) { enemy.of_kind(k) } else { 0 };
            let queens = of(PieceKind::Queen);
            let hit = (a.pawn[side.index()][sq] & of(PieceKind::Pawn))
                | (a.knight[sq] & of(PieceKind::Knight))
                | (a.king[sq] & of(PieceKind::King))
                | (a.bishop(sq, s.occ) & (queens | of(PieceKind::Bishop)))
                | (a.rook(sq, s.occ) & (queens | of(PieceKind::Rook)));
            if hit != 0 {
                let value = piece_value(v, kind, Zone::Outer);
                total += if side == Color::White { -value } else { value };
            }
        }
    }
    Some(total)
}

/// [`threatened_value`] from the classic attacker lists: every board, and the reference of
/// [`threatened_value64`] in the tests.
fn threatened_value_reference(pos: &Position) -> i32 {
    let board = pos.board();
    let rule = pos.variant().capture_rule();
    let mut s = 0;
    for (sq, p) in board.all_pieces() {
        if p.kind == PieceKind::King {
            continue;
        }
        let them = p.color.other();
        let threatened = classic::attackers(board, sq, them)
            .into_iter()
            .any(|a| board.kind(them, a).is_some_and(|k| rule.allows(k, p.kind)));
        if threatened {
            let v = piece_value(pos.variant(), p.kind, pos.shape().zone(sq));
            s += if p.color == Color::White { -v } else { v };
        }
    }
    s
}

/// Intrachange: the value of the pieces (Kings left out) that an enemy move would capture,
/// on its exoteric square or through a teleport onto its esoteric one
/// ([`intrachange::capture_squares`]), Black's less White's, as in [`threatened_value`].
/// 0 where the bitboard generator declines the position.
///
/// [`intrachange::capture_squares`]: crate::rules::variants::intrachange::capture_squares
fn teleport_threatened_value(pos: &Position) -> i32 {
    let board = pos.board();
    let shape = pos.shape();
    let mut s = 0;
    for side in Color::BOTH {
        let Some(hit) = intrachange::capture_squares(pos, side.other()) else {
            return 0;
        };
        for sq in squares(hit) {
            let sq = Square(sq as u8);
            if let Some(k) = board.kind(side, sq).filter(|&k| k != PieceKind::King) {
                let v = piece_value(pos.variant(), k, shape.zone(sq));
                s += if side == Color::White { -v } else { v };
            }
        }
    }
    s
}

/// Intrachange's King exposure to jumps ([`Terms::king_attack`] there), White's on Black's
/// King less Black's on White's: the pieces (Knight to King) that stand one move, on the
/// empty board, from a square whose teleport lands on the enemy King's square (the rules'
/// `intrachange::jump_reach`, built once from the chart), the only way a King is captured
/// (`rules/intrachange.md §3.3`, ruling I-4). 0 where a King is gone or the position is
/// not on the 8×8 board with the six standard kinds.
///
/// # Examples
/// ```
/// use esoterica::bots::eval::jump_exposure;
/// use esoterica::rules::{Position, Variant};
/// // White's Rook on a2 reaches h2 in one move, and a White Rook arriving on h2 teleports
/// // to h5, where Black's King stands; nothing of Black's is aimed at White's King on a1.
/// let p = Position::from_text(Variant::Intrachange, "8/8/8/7k/8/8/R7/K7 w - - 0 1").unwrap();
/// assert_eq!(jump_exposure(&p), 1);
/// // On a3 the Rook reaches no such square.
/// let p = Position::from_text(Variant::Intrachange, "8/8/8/7k/8/R7/8/K7 w - - 0 1").unwrap();
/// assert_eq!(jump_exposure(&p), 0);
/// ```
pub fn jump_exposure(pos: &Position) -> i32 {
    let Some(s) = Sides::of(pos, Color::White) else {
        return 0;
    };
    let mut total = 0;
    for (sign, side, attacker, defender) in [
        (1, Color::White, &s.ours, &s.theirs),
        (-1, Color::Black, &s.theirs, &s.ours),
    ] {
        let Some(king) = squares(defender.kings).next() else {
            return 0;
        };
        for kind in &PieceKind::STANDARD[1..] {
            let aimed = attacker.of_kind(*kind) & intrachange::jump_reach(side, *kind, king);
            total += sign * aimed.count_ones() as i32;
        }
    }
    total
}

/// Nonviolent: each pawn whose file is empty from it to its promotion square scores the
/// race weight ([`Weights::race_step`]) times the square of the ranks it has advanced
/// (nothing can take it or stop it but a piece stepping in front). White minus Black, in
/// centipawns.
///
/// # Examples
/// ```
/// use esoterica::bots::eval::promotion_race;
/// use esoterica::rules::{Position, Variant};
/// // White's pawn on b6 has advanced 4 ranks with b7 and b8 empty: 4 × 16.
/// let p = Position::from_text(Variant::Nonviolent, "4k3/8/1P6/8/8/8/8/4K3 w - - 0 1").unwrap();
/// assert_eq!(promotion_race(&p), 64);
/// ```
pub fn promotion_race(pos: &Position) -> i32 {
    weights(pos.variant()).race_step * race_squares(pos)
}

/// The squares of the ranks advanced by the pawns on free files, White's less Black's.
fn race_squares(pos: &Position) -> i32 {
    let shape = pos.shape();
    let n = i32::from(shape.files());
    let mut s = 0;
    for (sq, p) in pos.board().all_pieces() {
        if p.kind != PieceKind::Pawn {
            continue;
        }
        let dir = if p.color == Color::White {
            Direction::North
        } else {
            Direction::South
        };
        let free = shape.ray(sq, dir).all(|t| pos.board().is_empty(t));
        let r = i32::from(shape.rank(sq));
        if free {
            let adv = if p.color == Color::White {
                r - 1
            } else {
                n - 2 - r
            };
            let v = adv.max(0) * adv.max(0);
            s += if p.color == Color::White { v } else { -v };
        }
    }
    s
}

/// Material (White minus Black, centipawns) and every positional term of `pos`, those
/// the variant weighs 0 included (what the tuner fits); the evaluation is
/// `material + terms.score(&weights(variant))` ([`evaluate_white`]).
pub fn material_and_terms(pos: &Position) -> (i32, Terms) {
    terms_of(pos, true)
}

/// [`material_and_terms`]; with `every` false the pawn-structure terms are left at 0 where
/// the variant weighs them 0 (the evaluation's path).
fn terms_of(pos: &Position, every: bool) -> (i32, Terms) {
    let v = pos.variant();
    let mut t = Terms::default();
    // The sets of the position, read once for every term counted on them.
    let sides = Sides::of(pos, Color::White);
    let sides = sides.as_ref();
    let (material, pawn_step, centre) = sides.map_or_else(
        || piece_sums_reference(pos),
        |s| piece_sums(pos.variant(), s),
    );
    t.pawn_step = pawn_step;
    t.centre = centre;
    let w = weights(v);
    let classic_attack = (every || w.king_attack != 0) && !v.has_teleports();
    let mut king_attack = 0;
    match sides {
        Some(s) => (t.mobility, king_attack) = activity(pos, s, classic_attack),
        None => {
            t.mobility =
                mobility_reference(pos, Color::White) - mobility_reference(pos, Color::Black);
        }
    }
    if v.has_fields() {
        let (held, blocked) = field_counts(pos, sides);
        t.held_square = held;
        t.mobility -= blocked;
    }
    match v.capture_rule() {
        CaptureRule::Never => t.race_step = race_squares(pos),
        CaptureRule::ByValue => t.threat = threatened_value(pos, sides),
        CaptureRule::Any if v.has_teleports() => t.threat = teleport_threatened_value(pos),
        CaptureRule::Any => {}
    }
    if every || w.passed != 0 || w.pawn_weakness != 0 || w.king_shield != 0 {
        (t.passed, t.pawn_weakness, t.king_shield) = pawn_structure(pos);
    }
    if every || w.placement != 0 {
        t.placement = placement(pos);
    }
    if every || w.king_attack != 0 {
        t.king_attack = if v.has_teleports() {
            jump_exposure(pos)
        } else {
            king_attack
        };
    }
    (material, t)
}

/// The file masks of the 8×8 board, `[a, b, …, h]`.
const FILES: [u64; 8] = {
    let mut f = [0u64; 8];
    let mut i = 0;
    while i < 8 {
        f[i] = 0x0101_0101_0101_0101 << i;
        i += 1;
    }
    f
};

/// The files next to `file` (0 = a … 7 = h) of the 8×8 board, as one set.
fn files_beside(file: usize) -> u64 {
    let left = if file > 0 { FILES[file - 1] } else { 0 };
    let right = if file < 7 { FILES[file + 1] } else { 0 };
    left | right
}

/// The pawn-structure terms of an 8×8 position, White minus Black: passed pawns, isolated
/// and doubled pawns, and the pawns shielding the King ([`Terms::passed`],
/// [`Terms::pawn_weakness`], [`Terms::king_shield`]); all 0 on other boards.
fn pawn_structure(pos: &Position) -> (i32, i32, i32) {
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
/// Bully's, and the start of the fit of standard chess's ([`CLASSIC_TABLES`]).
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

/// The square tables `variant` reads its pieces' placement from: standard chess the fitted
/// [`CLASSIC_TABLES`], the other 8×8 variants the hand-set [`HAND_SET_TABLES`] (their
/// weights were set or fitted with those).
pub fn square_tables(variant: Variant) -> &'static [SquareTable; 6] {
    if variant == Variant::Standard {
        &CLASSIC_TABLES
    } else {
        &HAND_SET_TABLES
    }
}

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

/// The placement term of an 8×8 position ([`Terms::placement`]), White minus Black,
/// centipawns: each piece's middlegame and endgame square value in the variant's tables
/// ([`square_tables`]), blended by the phase, `(mg × phase + eg × (24 − phase)) / 24`
/// ([`FULL_PHASE`]). 0 on other boards.
///
/// # Examples
/// ```
/// use esoterica::bots::eval::placement;
/// use esoterica::rules::{Position, Variant};
/// // Bully's hand-set tables. Kings and pawns only (phase 0): White's King on e4 is
/// // central (+20), Black's on h8 in a corner (−25); the pawns are on their start squares.
/// let p = Position::from_text(Variant::Bully, "7k/p7/8/8/4K3/8/P7/8 w - - 0 1").unwrap();
/// assert_eq!(placement(&p), 45);
/// ```
pub fn placement(pos: &Position) -> i32 {
    if pos.shape() != BoardShape::Standard {
        return 0;
    }
    placement_with(pos, square_tables(pos.variant()))
}

/// [`placement`] read from `tables`, on an 8×8 position.
fn placement_with(pos: &Position, tables: &[SquareTable; 6]) -> i32 {
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
fn king_attack_units(s: &Sides) -> i32 {
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
fn piece_sums(v: Variant, s: &Sides) -> (i32, i32, i32) {
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
fn piece_sums_reference(pos: &Position) -> (i32, i32, i32) {
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

/// The evaluation from White's point of view, in centipawns: material and the variant's
/// weighted terms ([`material_and_terms`], [`weights`]).
pub fn evaluate_white(pos: &Position) -> i32 {
    let (material, t) = terms_of(pos, false);
    material + t.score(&weights(pos.variant()))
}

/// The evaluation from `side`'s point of view.
pub fn evaluate_for(pos: &Position, side: Color) -> i32 {
    let e = evaluate_white(pos);
    if side == Color::White { e } else { -e }
}

/// The evaluation from the side to move's point of view (negamax convention).
pub fn evaluate(pos: &Position) -> i32 {
    evaluate_for(pos, pos.turn())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn initial_positions_are_balanced() {
        for v in [
            Variant::Standard,
            Variant::BigOuter,
            Variant::Bully,
            Variant::Nonviolent,
            Variant::ForceField,
        ] {
            assert_eq!(evaluate_white(&Position::new(v)), 0, "{v}");
        }
    }

    #[test]
    fn an_extra_queen_counts() {
        let p = Position::from_text(Variant::Standard, "4k3/8/8/8/8/8/8/3QK3 w - - 0 1").unwrap();
        assert!(evaluate(&p) > 900);
        let mut b = p.clone();
        b.set_turn(Color::Black);
        assert!(evaluate(&b) < -900);
    }

    /// White: Ra1 holds a2–a8 and b1–d1 (a5 against the Bishop's weaker charge), 10
    /// squares. Black: Bc3 holds b2, d2, b4, d4, e5, f6, g7, h8, 8 squares, and its move to
    /// a5 is blocked by White's field. (10 − 8) × 2 + 3 × 1 = 7.
    #[test]
    fn force_field_scores_held_squares_and_blocked_moves() {
        let p =
            Position::from_text(Variant::ForceField, "4k3/8/8/8/8/2b5/8/R3K3 w - - 0 1").unwrap();
        assert_eq!(force_field_terms(&p), 7);
        // The same placement in standard chess has no field terms: scored with Force
        // Field's weights, its terms fall short by exactly the field terms.
        let s = Position::from_text(Variant::Standard, "4k3/8/8/8/8/2b5/8/R3K3 w - - 0 1").unwrap();
        let ff = Position::from_text(Variant::ForceField, &s.to_text()).unwrap();
        let (material, terms) = material_and_terms(&s);
        assert_eq!(terms.held_square, 0);
        let plain = material + terms.score(&FORCE_FIELD_WEIGHTS);
        assert_eq!(evaluate_white(&ff) - plain, 7);
    }

    #[test]
    fn nonviolent_pawns_race_only_on_a_free_file() {
        // The b6 pawn is stopped by b7, the b7 pawn has not advanced: no race.
        let p =
            Position::from_text(Variant::Nonviolent, "4k3/1p6/1P6/8/8/8/8/4K3 w - - 0 1").unwrap();
        assert_eq!(promotion_race(&p), 0);
        // Black's pawn on g3 (advanced 4, g2 and g1 empty) against White's on b6.
        let p =
            Position::from_text(Variant::Nonviolent, "4k3/8/1P6/8/8/6p1/8/4K3 w - - 0 1").unwrap();
        assert_eq!(promotion_race(&p), 0);
        let p =
            Position::from_text(Variant::Nonviolent, "4k3/8/1P6/8/8/8/6p1/4K3 w - - 0 1").unwrap();
        assert_eq!(promotion_race(&p), 64 - 100);
    }

    #[test]
    fn big_outer_values_fall_toward_the_centre() {
        for k in [
            PieceKind::Matriarch,
            PieceKind::Jumper,
            PieceKind::OuterKnight,
        ] {
            let o = piece_value(Variant::BigOuter, k, Zone::Outer);
            let m = piece_value(Variant::BigOuter, k, Zone::Mid);
            let c = piece_value(Variant::BigOuter, k, Zone::Central);
            assert!(o > m && m > c, "{k:?}");
        }
    }

    /// The bitboard counts equal the counts of the generated moves and the charge map on
    /// every position of seeded random games in the 8×8 variants.
    #[test]
    fn bitboard_counts_equal_the_generated_moves() {
        use rand::{RngExt, SeedableRng};
        let mut compared = 0;
        for v in [
            Variant::Standard,
            Variant::Bully,
            Variant::Nonviolent,
            Variant::ForceField,
            Variant::Intrachange,
        ] {
            for seed in 0..12 {
                let mut rng = rand::rngs::SmallRng::seed_from_u64(seed);
                let mut p = Position::new(v);
                for _ in 0..120 {
                    for side in Color::BOTH {
                        assert_eq!(
                            Sides::of(&p, Color::White)
                                .and_then(|s| piece_targets(&p, &s, side, None)),
                            Some(mobility_reference(&p, side)),
                            "{v} {side:?} {}",
                            p.to_text()
                        );
                    }
                    let s = Sides::of(&p, Color::White).unwrap();
                    assert_eq!(
                        activity(&p, &s, true),
                        (
                            mobility_reference(&p, Color::White)
                                - mobility_reference(&p, Color::Black),
                            king_attack_units(&s)
                        ),
                        "{v} {}",
                        p.to_text()
                    );
                    if v.has_fields() {
                        assert_eq!(
                            field_counts(&p, Sides::of(&p, Color::White).as_ref()),
                            field_counts_reference(&p),
                            "{}",
                            p.to_text()
                        );
                    }
                    assert_eq!(
                        Sides::of(&p, Color::White).map(|s| piece_sums(v, &s)),
                        Some(piece_sums_reference(&p)),
                        "{}",
                        p.to_text()
                    );
                    assert_eq!(
                        Sides::of(&p, Color::White).and_then(|s| threatened_value64(&p, &s)),
                        Some(threatened_value_reference(&p)),
                        "{}",
                        p.to_text()
                    );
                    let structure = pawn_structure(&p);
                    // The colour-flipped mirror scores the same for the other side.
                    let m = mirrored(v, &p);
                    let (a, b, c) = pawn_structure(&m);
                    assert_eq!(structure, (-a, -b, -c), "{} / {}", p.to_text(), m.to_text());
                    assert_eq!(placement(&p), -placement(&m), "{}", p.to_text());
                    assert_eq!(king_attack(&p), -king_attack(&m), "{}", p.to_text());
                    compared += 1;
                    let moves = p.legal_moves();
                    if moves.is_empty() {
                        break;
                    }
                    p.play_unchecked(&moves[rng.random_range(0..moves.len())]);
                }
            }
        }
        assert!(compared > 4000, "{compared}");
    }

    /// `p`'s pieces with the colours swapped and the ranks reversed (castling, en passant
    /// and the clocks dropped).
    fn mirrored(v: Variant, p: &Position) -> Position {
        let text = p.to_text();
        let placement = text.split(' ').next().unwrap_or_default();
        let swapped: String = placement
            .split('/')
            .rev()
            .collect::<Vec<_>>()
            .join("/")
            .chars()
            .map(|c| {
                if c.is_ascii_uppercase() {
                    c.to_ascii_lowercase()
                } else {
                    c.to_ascii_uppercase()
                }
            })
            .collect();
        let turn = if p.turn() == Color::White { "b" } else { "w" };
        Position::from_text(v, &format!("{swapped} {turn} - - 0 1")).expect("a mirrored position")
    }

    #[test]
    fn pawn_structure_counts_passed_weak_and_shielding_pawns() {
        let terms = |fen: &str| {
            let p = Position::from_text(Variant::Standard, fen).unwrap();
            let t = material_and_terms(&p).1;
            (t.passed, t.pawn_weakness, t.king_shield)
        };
        // A lone White pawn on d5: passed, 3 ranks advanced (16), and isolated.
        assert_eq!(terms("4k3/8/8/3P4/8/8/8/4K3 w - - 0 1"), (16, -1, 0));
        // Doubled, isolated White pawns on d2 and d3 against an isolated d7 pawn: none
        // passed; White has three weaknesses, Black one.
        assert_eq!(terms("4k3/3p4/8/8/8/3P4/3P4/4K3 w - - 0 1"), (0, -2, 0));
        // A pawn on the file beside blocks a passed pawn too.
        assert_eq!(terms("4k3/2p5/8/3P4/8/8/8/4K3 w - - 0 1").0, 0);
        // ... but not one behind it.
        assert_eq!(terms("4k3/8/8/3P4/2p5/8/8/4K3 w - - 0 1").0, 16 - 16);
        // Three pawns in front of the castled King count while Black has a Queen.
        assert_eq!(terms("q3k3/8/8/8/8/8/5PPP/6K1 w - - 0 1"), (3, 0, 3));
        assert_eq!(terms("4k3/8/8/8/8/8/5PPP/6K1 w - - 0 1"), (3, 0, 0));
        assert_eq!(terms("6k1/5ppp/8/8/8/8/8/Q3K3 w - - 0 1"), (-3, 0, -3));
        // A King on its second rank keeps its shield; one that has gone further has none.
        assert_eq!(terms("q3k3/8/8/8/8/5PPP/6K1/8 w - - 0 1").2, 3);
        assert_eq!(terms("q3k3/8/8/8/5PPP/6K1/8/8 w - - 0 1").2, 0);
        // The evaluation weighs them as the variant's weights say (0 in every variant:
        // they did not play better), and the terms are there for the tuner in every
        // variant on the 8×8 board.
        for v in [Variant::Standard, Variant::Bully, Variant::ForceField] {
            let p = Position::from_text(v, "4k3/8/8/3P4/8/8/8/4K3 w - - 0 1").unwrap();
            let (material, t) = material_and_terms(&p);
            assert_eq!((t.passed, t.pawn_weakness), (16, -1), "{v}");
            let w = weights(v);
            assert_eq!(
                evaluate_white(&p),
                material + t.score(&w),
                "{v}: the evaluation is the weighted sum of every term"
            );
            let unweighted = Terms {
                passed: 0,
                pawn_weakness: 0,
                king_shield: 0,
                ..t
            };
            assert_eq!(
                t.score(&w) - unweighted.score(&w),
                16 * w.passed - w.pawn_weakness,
                "{v}"
            );
        }
        let big = Position::new(Variant::BigOuter);
        let t = material_and_terms(&big).1;
        assert_eq!((t.passed, t.pawn_weakness, t.king_shield), (0, 0, 0));
    }

    #[test]
    fn placement_blends_the_middlegame_and_endgame_tables_by_phase() {
        // Bully reads the hand-set tables, whose values these are.
        let at = |fen: &str| placement(&Position::from_text(Variant::Bully, fen).unwrap());
        assert_eq!(placement(&Position::new(Variant::Standard)), 0);
        assert_eq!(placement(&Position::new(Variant::Bully)), 0);
        // Phase 8 (two Queens). Middlegame: Qa1 −10, Kg1 +30 against Qa8 −10, Ke8 0, so
        // +30; endgame: both Queens −10, both Kings on their home rank −25, so 0.
        // (30 × 8 + 0 × 16) / 24 = 10.
        assert_eq!(at("q3k3/8/8/8/8/8/8/Q5K1 w - - 0 1"), 10);
        // With every piece on the board (phase 24) a King out on e4 is exposed: −50 ...
        assert_eq!(
            at("rnbqkbnr/pppppppp/8/8/4K3/8/PPPPPPPP/RNBQ1BNR w - - 0 1"),
            -50
        );
        // ... and with none left it walks to the centre.
        let bare = |king: &str| at(&format!("4k3/8/8/8/{king}/8/8/8 w - - 0 1"));
        assert_eq!(bare("4K3") - bare("6K1"), 20 - (-10));
        // Knights keep off the rim, and developed pieces beat pieces at home.
        assert!(at("4k3/8/8/8/8/8/8/N3K3 w - - 0 1") < at("4k3/8/8/8/8/2N5/8/4K3 w - - 0 1"));
        assert!(at("4k3/8/8/8/8/8/8/2B1K3 w - - 0 1") < at("4k3/8/8/8/8/8/3B4/4K3 w - - 0 1"));
        // Other boards have no tables.
        assert_eq!(placement(&Position::new(Variant::BigOuter)), 0);
        // Standard chess reads its fitted tables: the same blend of their values (Qa1 and
        // Kg1 against Qa8 and Ke8, phase 8), and the evaluation is the weighted sum.
        let fen = "q3k3/8/8/8/8/8/8/Q5K1 w - - 0 1";
        let p = Position::from_text(Variant::Standard, fen).unwrap();
        let t = &CLASSIC_TABLES;
        let (queen, king) = (4, 5);
        // Black's a8 and e8 read White's a1 and e1.
        let mg = t[queen][0][0] + t[king][6][0] - t[queen][0][0] - t[king][4][0];
        let eg = t[queen][0][1] + t[king][6][1] - t[queen][0][1] - t[king][4][1];
        assert_eq!(placement(&p), (mg * 8 + eg * 16) / 24);
        assert_ne!(
            placement(&p),
            at(fen),
            "standard and Bully read different tables"
        );
        let (material, terms) = material_and_terms(&p);
        assert_eq!(terms.placement, placement(&p));
        assert_eq!(
            evaluate_white(&p),
            material + terms.score(&weights(Variant::Standard))
        );
    }

    /// Intrachange's King exposure equals a count straight from the chart: for each piece
    /// (Knight to King), whether some square it reaches on the empty board teleports it
    /// onto the enemy King, on every position of seeded random games.
    #[test]
    fn jump_exposure_counts_the_pieces_one_move_from_a_landing_on_the_king() {
        use crate::rules::Piece;
        use crate::rules::variants::intrachange::chart::chart;
        use rand::{RngExt, SeedableRng};
        let kit = Kit::get();
        let mut nonzero = 0;
        for seed in 0..20 {
            let mut rng = rand::rngs::SmallRng::seed_from_u64(seed);
            let mut p = Position::new(Variant::Intrachange);
            for _ in 0..100 {
                let mut expected = 0;
                // 0 once a King is gone (the game is over).
                let both_kings = Color::BOTH.iter().all(|&c| p.board().king(c).is_some());
                for side in Color::BOTH.into_iter().filter(|_| both_kings) {
                    let Some(king) = p.board().king(side.other()) else {
                        continue;
                    };
                    for (from, kind) in p.board().pieces(side) {
                        if kind == PieceKind::Pawn {
                            continue;
                        }
                        let aimed = squares(kit.attacks(kind, from.index(), 0)).any(|x| {
                            chart().esoteric(Square(x as u8), Piece::new(side, kind)) == Some(king)
                        });
                        if aimed {
                            expected += if side == Color::White { 1 } else { -1 };
                        }
                    }
                }
                assert_eq!(jump_exposure(&p), expected, "{}", p.to_text());
                nonzero += usize::from(expected != 0);
                let moves = p.legal_moves();
                if moves.is_empty() || p.outcome().is_some() {
                    break;
                }
                p.play_unchecked(&moves[rng.random_range(0..moves.len())]);
            }
        }
        assert!(nonzero > 200, "{nonzero}");
        // The evaluation weighs it in Intrachange's King-attack term.
        let p = Position::from_text(Variant::Intrachange, "8/8/8/7k/8/8/R7/K7 w - - 0 1").unwrap();
        assert_eq!(material_and_terms(&p).1.king_attack, 1);
    }

    #[test]
    fn king_attack_counts_the_pieces_aimed_at_the_king_s_zone() {
        let at = |fen: &str| king_attack(&Position::from_text(Variant::Standard, fen).unwrap());
        // Qh5 hits f7, h7, h8 (15 units), Ng5 f7, h7 (4): 19² against Black.
        assert_eq!(at("6k1/8/8/6NQ/8/8/8/4K3 w - - 0 1"), 361);
        // Black's mirror scores the same for Black.
        assert_eq!(at("4k3/8/8/8/6nq/8/8/6K1 b - - 0 1"), -361);
        // A pawn on h6 stops the Queen's file at h6: f7 only (5) and the Knight (4): 81.
        assert_eq!(at("6k1/8/7P/6NQ/8/8/8/4K3 w - - 0 1"), 81);
        // Without a Queen the same pieces count nothing.
        assert_eq!(at("6k1/8/8/6NR/8/8/8/4K3 w - - 0 1"), 0);
        // Qa7 along the seventh rank hits f7, g7, h7 (15), Rh1 h7 and h8 (6): 21².
        assert_eq!(at("6k1/Q7/8/8/8/8/8/4K2R w - - 0 1"), 21 * 21);
        // Qf6 and Qh6 four squares each (40), Ra7 three more (49): capped at 40.
        assert_eq!(at("6k1/8/5Q1Q/8/8/8/8/4K2R w - - 0 1"), 1600);
        assert_eq!(
            at("6k1/R7/5Q1Q/8/8/8/8/4K3 w - - 0 1"),
            KING_ATTACK_CAP.pow(2)
        );
        assert_eq!(king_attack(&Position::new(Variant::Standard)), 0);
        // Other boards have none.
        assert_eq!(king_attack(&Position::new(Variant::BigOuter)), 0);
    }

    #[test]
    fn centre_distance_is_zero_in_the_middle() {
        let s = BoardShape::Standard;
        assert_eq!(centre_distance(s, s.parse_square("e4").unwrap()), 0);
        assert_eq!(centre_distance(s, s.parse_square("a1").unwrap()), 3);
        let b = BoardShape::BigOuter;
        assert_eq!(centre_distance(b, b.parse_square("f6").unwrap()), 0);
        assert_eq!(centre_distance(b, b.parse_square("a1").unwrap()), 5);
    }
}
