//! Intrachange's legal moves on bitboards (`rules/intrachange.md §3`): each piece's exoteric
//! squares X are a set (standard movement, `classic::masks`); the chart becomes, per side
//! and kind, the set of squares that trigger a teleport and the esoteric square Y of each.
//! A move to a square that does not trigger is legal unless X holds the enemy King (ruling
//! I-4); a triggering move is legal unless Y holds an own piece other than the mover
//! (ruling I-2, I-3) or, for a Knight, a piece stands strictly between X and Y (§3.6).
//!
//! The square-array generator (`legal_moves_reference` in `mod.rs`) stays as the reference:
//! the tests compare the two move for move, in order, over random games.

use std::sync::OnceLock;

use super::chart::chart;
use crate::rules::classic::masks::{Kit, Sides, forward, second_rank, squares};
use crate::rules::classic::{MoveCount, MoveSink};
use crate::rules::geometry::Square;
use crate::rules::moves::Move;
use crate::rules::piece::{Color, Piece, PieceKind};
use crate::rules::position::Position;

/// No esoteric square: the chart's entry is empty.
const NONE: u8 = u8::MAX;

/// The chart as sets, per side (`Color::index`) and standard kind (`kind as usize`).
struct Teleports {
    /// The squares that trigger a teleport.
    trigger: [[u64; 6]; 2],
    /// The esoteric square of each triggering square, [`NONE`] for the others.
    to: [[[u8; 64]; 6]; 2],
}

/// The chart's sets, built once from [`chart`].
fn teleports() -> &'static Teleports {
    static TELEPORTS: OnceLock<Teleports> = OnceLock::new();
    TELEPORTS.get_or_init(|| {
        let mut t = Teleports {
            trigger: [[0; 6]; 2],
            to: [[[NONE; 64]; 6]; 2],
        };
        for side in Color::BOTH {
            for kind in PieceKind::STANDARD {
                let (c, k) = (side.index(), kind as usize);
                for x in 0..64u8 {
                    if let Some(y) = chart().esoteric(Square(x), Piece::new(side, kind)) {
                        t.trigger[c][k] |= 1 << x;
                        t.to[c][k][x as usize] = y.0;
                    }
                }
            }
        }
        t
    })
}

/// The legal moves of the side to move, pushed onto `out` in the reference generator's
/// order; false, pushing nothing, where the sets do not describe the position (a kind
/// beyond the six, a shared square, another board) and the caller uses the square-array
/// generator. None once a King has been captured (§4).
pub(super) fn legal_moves(pos: &Position, out: &mut Vec<Move>) -> bool {
    generate::<_, false>(pos, out)
}

/// The moves of [`legal_moves`] that capture an enemy piece, in the same order: on X for a
/// move that does not trigger, on Y for one that does, on X as well for the pawn exception
/// (§3.3–§3.4); false, pushing nothing, where the sets do not describe the position.
pub(super) fn legal_captures(pos: &Position, out: &mut Vec<Move>) -> bool {
    generate::<_, true>(pos, out)
}

/// The number of moves [`legal_moves`] gives, counted from the sets without listing them;
/// `None` where the sets do not describe the position.
pub(super) fn legal_move_count(pos: &Position) -> Option<u64> {
    MoveCount::of(|count| generate::<_, false>(pos, count))
}

/// [`legal_moves`] into any move sink; with `CAPTURES` only the moves that capture
/// ([`legal_captures`]).
#[inline(always)]
fn generate<O: MoveSink, const CAPTURES: bool>(pos: &Position, out: &mut O) -> bool {
    let us = pos.turn;
    let Some(s) = Sides::of(pos, us) else {
        return false;
    };
    if s.ours.kings == 0 || s.theirs.kings == 0 {
        return true;
    }
    let kit = Kit::get();
    let tele = teleports();
    let c = us.index();
    let empty = !s.occ;
    let not_ours = !s.ours.all;
    // The mover's own 7th rank (the pawn exception's, §3.4) is the other side's 2nd.
    let seventh = second_rank(us.other());
    for from in squares(s.ours.all) {
        let bit = 1u64 << from;
        let kind = pos.board.kind(us, Square(from as u8));
        let Some(kind) = kind else { continue };
        // The exoteric squares by standard movement (§3.1, §3.5).
        let xs = if kind == PieceKind::Pawn {
            let one = forward(us, bit) & empty;
            let two = forward(us, one & forward(us, second_rank(us))) & empty;
            one | two | (kit.a.pawn[c][from] & s.theirs.all)
        } else {
            kit.attacks(kind, from, s.occ) & not_ours
        };
        if xs == 0 {
            continue;
        }
        let k = kind as usize;
        let trigger = tele.trigger[c][k];
        // Not triggering: legal unless X holds the enemy King (ruling I-4).
        let mut ok = xs & !trigger & !s.theirs.kings;
        if CAPTURES {
            // A move that does not trigger captures on X.
            ok &= s.theirs.all;
        }
        for x in squares(xs & trigger) {
            let y = tele.to[c][k][x] as usize & 63;
            let own_on_y = (s.ours.all & !bit) >> y & 1 != 0;
            let jump_blocked = kind == PieceKind::Knight && kit.a.between[x][y] & s.occ & !bit != 0;
            // A triggering move captures on Y, and the pawn exception (a diagonal move,
            // which needs an enemy piece on X, onto the pawn's own 7th rank) on X as well.
            let captures = s.theirs.all >> y & 1 != 0
                || (kind == PieceKind::Pawn && seventh >> x & 1 != 0 && s.theirs.all >> x & 1 != 0);
            if !own_on_y && !jump_blocked && (!CAPTURES || captures) {
                ok |= 1 << x;
            }
        }
        if kind == PieceKind::Pawn {
            push_pawn(us, from, ok, out);
        } else {
            kit.push(kind, from, ok, out);
        }
    }
    true
}

/// The squares on which `side`'s legal moves (as if it were to move) capture an enemy
/// piece: X for a move that does not trigger, Y for one that does, and X as well for the
/// pawn exception (§3.3, §3.4). `None` where the sets do not describe the position; no
/// square once a King has been captured.
pub(crate) fn capture_squares(pos: &Position, side: Color) -> Option<u64> {
    let s = Sides::of(pos, side)?;
    if s.ours.kings == 0 || s.theirs.kings == 0 {
        return Some(0);
    }
    let kit = Kit::get();
    let tele = teleports();
    let c = side.index();
    let empty = !s.occ;
    // The mover's own 7th rank is the other side's 2nd.
    let seventh = second_rank(side.other());
    let mut hits = 0u64;
    for from in squares(s.ours.all) {
        let bit = 1u64 << from;
        let Some(kind) = pos.board.kind(side, Square(from as u8)) else {
            continue;
        };
        let diagonals = kit.a.pawn[c][from] & s.theirs.all;
        let xs = if kind == PieceKind::Pawn {
            let one = forward(side, bit) & empty;
            let two = forward(side, one & forward(side, second_rank(side))) & empty;
            one | two | diagonals
        } else {
            kit.attacks(kind, from, s.occ) & !s.ours.all
        };
        let k = kind as usize;
        let trigger = tele.trigger[c][k];
        hits |= xs & !trigger & s.theirs.all & !s.theirs.kings;
        for x in squares(xs & trigger) {
            let y = tele.to[c][k][x] as usize & 63;
            let own_on_y = (s.ours.all & !bit) >> y & 1 != 0;
            let jump_blocked = kind == PieceKind::Knight && kit.a.between[x][y] & s.occ & !bit != 0;
            if own_on_y || jump_blocked {
                continue;
            }
            hits |= (1u64 << y) & s.theirs.all;
            if kind == PieceKind::Pawn && diagonals >> x & 1 != 0 && seventh >> x & 1 != 0 {
                hits |= 1 << x;
            }
        }
    }
    Some(hits)
}

/// Per side (`Color::index`) and standard kind (`kind as usize`), per square `y`: the
/// squares from which a piece of that kind reaches, in one move on an empty board, a square
/// whose teleport lands on `y`.
struct JumpReach([[[u64; 64]; 6]; 2]);

/// The squares from which `side`'s pieces of `kind` (Knight, Bishop, Rook, Queen or King;
/// none for pawns) reach, in one move on an empty board, a square whose teleport for that
/// kind and side lands on square index `y` (< 64): where such a piece stands aimed at an
/// enemy King on `y`, which only a landing on its square captures (§3.2–§3.3, ruling I-4).
/// Built once from the chart.
pub(crate) fn jump_reach(side: Color, kind: PieceKind, y: usize) -> u64 {
    static REACH: OnceLock<JumpReach> = OnceLock::new();
    let reach = REACH.get_or_init(|| {
        let kit = Kit::get();
        let tele = teleports();
        let mut r = [[[0u64; 64]; 6]; 2];
        for side in Color::BOTH {
            let c = side.index();
            for kind in PieceKind::STANDARD {
                let k = kind as usize;
                if kind == PieceKind::Pawn {
                    continue;
                }
                for x in squares(tele.trigger[c][k]) {
                    let y = tele.to[c][k][x] as usize & 63;
                    // Attacks on the empty board are symmetric: a piece on s reaches x
                    // exactly when one on x reaches s.
                    r[c][k][y] |= kit.attacks(kind, x, 0);
                }
            }
        }
        JumpReach(r)
    });
    reach.0[side.index()][kind as usize][y & 63]
}

/// Pushes the pawn on `from`'s moves onto the squares of `to` in the reference order: the
/// step, the double step, then the diagonals (file − 1 first, the lower square index for
/// either side). Intrachange pawns never promote (§3.1).
#[inline(always)]
fn push_pawn<O: MoveSink>(us: Color, from: usize, to: u64, out: &mut O) {
    if O::COUNTS {
        out.add(to.count_ones());
        return;
    }
    let from_sq = Square(from as u8);
    let one = forward(us, 1u64 << from);
    let two = forward(us, one);
    for straight in [one, two] {
        if to & straight != 0 {
            out.push(Move::new(from_sq, Square(straight.trailing_zeros() as u8)));
        }
    }
    for x in squares(to & !(one | two)) {
        out.push(Move::new(from_sq, Square(x as u8)));
    }
}
