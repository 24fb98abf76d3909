//! Bully: every term of the 8×8 board, and the pieces under a capture they cannot forbid:
//! a piece attacked by an enemy piece that the by-value rule lets capture it is
//! threatened; one attacked only by more valuable pieces is safe ([`bully_threats`]).

use crate::rules::classic;
use crate::rules::classic::masks::{Kit, Sides, squares};
use crate::rules::{Color, PieceKind, Position, Square, Zone};

use super::common::{
    CLASSIC_VALUES, HAND_SET_TABLES, THREAT_SCALE, Terms, VariantEval, Weights, common,
    shared_terms,
};
use super::piece_value;

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

/// Bully's evaluation.
pub(super) const EVAL: VariantEval = VariantEval {
    weights: BULLY_WEIGHTS,
    tables: &HAND_SET_TABLES,
    values: &CLASSIC_VALUES,
    terms,
};

/// The shared terms and the pieces under a capture they cannot forbid
/// ([`threatened_value`]).
fn terms(pos: &Position, sides: Option<&Sides>, every: bool) -> (i32, Terms) {
    let (material, mut t) = shared_terms(pos, sides, &BULLY_WEIGHTS, &HAND_SET_TABLES, every, true);
    t.threat = threatened_value(pos, sides);
    (material, t)
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
    super::weights(pos.variant()).threat
        * threatened_value(pos, Sides::of(pos, Color::White).as_ref())
        / THREAT_SCALE
}

/// The value of the pieces an enemy piece attacks and may capture, Black's less White's
/// (so that it counts for White like the other terms): on bitboards where the board
/// allows, else from the classic attacker lists.
pub(super) fn threatened_value(pos: &Position, sides: Option<&Sides>) -> i32 {
    sides
        .and_then(|s| threatened_value64(pos, s))
        .unwrap_or_else(|| threatened_value_reference(pos))
}

/// [`threatened_value`] on bitboards: per piece, the enemy kinds the capture rule lets take
/// it, each looked for on the squares from which it would attack the piece; `s` the sets
/// of `pos` (White's view).
pub(super) fn threatened_value64(pos: &Position, s: &Sides) -> Option<i32> {
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
pub(super) fn threatened_value_reference(pos: &Position) -> i32 {
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
