//! Attacks under classic movement: whether a square is attacked and by which pieces, and
//! whether a move leaves the own King attacked. Fields, resting pieces and capture rules are
//! ignored (rulings BN-1, BN-2); a square holding any piece blocks lines.

use super::play::apply_to_board;
use super::pseudo::pawn_moves;
use super::tables::{GenTables, NO_SQUARE, leaper_index, line_mask};
use crate::rules::board::Board;
use crate::rules::geometry::Square;
use crate::rules::moves::{Move, Special};
use crate::rules::piece::{Color, PieceKind};
use crate::rules::position::Position;

/// Whether `sq` is attacked by any piece of `by` under classic movement (fields, resting
/// pieces and capture restrictions ignored: rulings BN-1, BN-2). A square holding any piece
/// blocks lines.
#[inline]
pub fn is_attacked(board: &Board, sq: Square, by: Color) -> bool {
    let mut hit = false;
    scan_attackers(board, sq, by, &mut |_| {
        hit = true;
        true
    });
    hit
}

/// The squares of `by`'s pieces that attack `sq` under classic movement: pawns, then leaps,
/// then lines. Stable order.
pub fn attackers(board: &Board, sq: Square, by: Color) -> Vec<Square> {
    let mut found = Vec::new();
    scan_attackers(board, sq, by, &mut |s| {
        found.push(s);
        false
    });
    found
}

/// Calls `f` with each attacker of `sq`; stops when `f` returns true.
#[inline]
fn scan_attackers(board: &Board, sq: Square, by: Color, f: &mut impl FnMut(Square) -> bool) {
    let t = GenTables::of(board.shape());
    // Pawns attack diagonally forward, so look diagonally backward from `sq`.
    for s in t.pawn_from[by.index()][sq.index()] {
        if s != NO_SQUARE && board.kind(by, Square(s)) == Some(PieceKind::Pawn) && f(Square(s)) {
            return;
        }
    }
    // Leaps.
    for &(s, mask) in t.leapers_to(sq) {
        if let Some(k) = board.kind(by, s)
            && leaper_index(k).is_some_and(|li| mask & (1 << li) != 0)
            && f(s)
        {
            return;
        }
    }
    // Lines: the first piece along each line from `sq`.
    for d in 0..8 {
        let mut cur = t.step[sq.index()][d];
        let mut dist = 1;
        while cur != NO_SQUARE {
            let s = Square(cur);
            if board.is_empty(s) {
                cur = t.step[s.index()][d];
                dist += 1;
                continue;
            }
            if let Some(k) = board.kind(by, s) {
                let (dirs, range) = line_mask(k, t.zone[s.index()]);
                // The attacker moves in the opposite direction, which is in its set iff `d`
                // is (every set is symmetric).
                if dist <= range && dirs & (1 << d) != 0 && f(s) {
                    return;
                }
            }
            break;
        }
    }
}

/// Whether `us`'s King is safe after `mv`, by the classic attack rule.
pub(crate) fn king_safe_after(pos: &Position, us: Color, mv: &Move) -> bool {
    let mut b = pos.board.clone();
    apply_to_board(&mut b, us, mv);
    match b.king(us) {
        Some(k) => !is_attacked(&b, k, us.other()),
        None => true,
    }
}

/// Whether the side to move has a legal capture en passant onto `to` of the enemy pawn on
/// `pawn` (classic rules): one of the pawn moves the generator makes from a square attacking
/// `to` is that capture, and the own King is safe after it — the test the legal generator
/// applies to every capture en passant.
pub(crate) fn en_passant_is_legal(pos: &Position, pawn: Square, to: Square) -> bool {
    let us = pos.turn;
    let t = GenTables::of(pos.shape());
    let mut moves = Vec::new();
    t.pawn_from[us.index()][to.index()].into_iter().any(|q| {
        if q == NO_SQUARE || pos.board.kind(us, Square(q)) != Some(PieceKind::Pawn) {
            return false;
        }
        moves.clear();
        pawn_moves(pos, Square(q), us, &mut moves);
        moves.iter().any(|m| {
            m.to == to
                && matches!(m.special, Special::EnPassant { captured } if captured == pawn)
                && king_safe_after(pos, us, m)
        })
    })
}
