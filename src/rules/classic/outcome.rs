//! The end of a classic game judged from the position: mate, stalemate, the 50-move rule
//! and dead material.

use super::ClassicHooks;
use super::attacks::is_attacked;
use crate::rules::outcome::{DrawReason, Outcome, WinReason};
use crate::rules::piece::{Color, PieceKind};
use crate::rules::position::Position;

/// Whether `side`'s King is attacked (classic).
pub(crate) fn in_check(pos: &Position, side: Color) -> bool {
    pos.board
        .king(side)
        .is_some_and(|k| is_attacked(&pos.board, k, side.other()))
}

/// Mate, stalemate, the 50-move rule (automatic at 100 plies) and dead material, with the
/// variant's move list, check and material rule (`rules`).
pub(crate) fn outcome<R: ClassicHooks + ?Sized>(rules: &R, pos: &Position) -> Option<Outcome> {
    let mut moves = Vec::with_capacity(64);
    rules.legal_moves(pos, &mut moves);
    if moves.is_empty() {
        return Some(if rules.in_check(pos, pos.turn) {
            Outcome::Win {
                winner: pos.turn.other(),
                reason: WinReason::Checkmate,
            }
        } else {
            Outcome::Draw {
                reason: DrawReason::Stalemate,
            }
        });
    }
    if pos.halfmove >= 100 {
        return Some(Outcome::Draw {
            reason: DrawReason::FiftyMoves,
        });
    }
    if rules.insufficient_material(pos) {
        return Some(Outcome::Draw {
            reason: DrawReason::InsufficientMaterial,
        });
    }
    None
}

/// Whether `side` can still mate (a helpmate counts): not with a lone King, nor with a
/// single Bishop or Knight against a lone King (`docs/rules/clocks.md`).
pub(crate) fn has_mating_material(pos: &Position, side: Color) -> bool {
    let mut mine = pos
        .board
        .pieces(side)
        .map(|(_, k)| k)
        .filter(|&k| k != PieceKind::King);
    let lone_enemy_king = pos
        .board
        .pieces(side.other())
        .all(|(_, k)| k == PieceKind::King);
    match (mine.next(), mine.next()) {
        (None, _) => false,
        (Some(PieceKind::Knight | PieceKind::Bishop), None) => !lone_enemy_king,
        _ => true,
    }
}

/// Only the two Kings are left.
pub(crate) fn only_kings(pos: &Position) -> bool {
    pos.board
        .all_pieces()
        .all(|(_, p)| p.kind == PieceKind::King)
}

/// Standard dead positions: K v K, K + one minor v K, and Kings with Bishops all on one
/// square colour.
pub(crate) fn insufficient_material(pos: &Position) -> bool {
    let shape = pos.shape();
    let mut minors = 0;
    let mut knights = 0;
    let mut bishop_colors = [false; 2];
    for (sq, p) in pos.board.all_pieces() {
        match p.kind {
            PieceKind::King => {}
            PieceKind::Knight => {
                minors += 1;
                knights += 1;
            }
            PieceKind::Bishop => {
                minors += 1;
                let (f, r) = shape.coords(sq);
                bishop_colors[((f + r) & 1) as usize] = true;
            }
            PieceKind::Pawn
            | PieceKind::Rook
            | PieceKind::Queen
            | PieceKind::Guard
            | PieceKind::Matriarch
            | PieceKind::Jumper
            | PieceKind::OuterKnight => return false,
        }
    }
    minors <= 1 || (knights == 0 && !(bishop_colors[0] && bishop_colors[1]))
}
