//! Making a classic move: the board change, the bookkeeping (castling rights, en passant
//! record, counters, side to move) and the effects a played move reports.

use super::ClassicHooks;
use super::tables::{GenTables, NO_SQUARE, PAIR_DIST};
use crate::rules::board::Board;
use crate::rules::geometry::Square;
use crate::rules::moves::{CheckKind, Effect, Move, Special};
use crate::rules::piece::{Color, Piece, PieceKind};
use crate::rules::position::{EnPassant, Position, Wing};

/// Applies a move's piece placement to a board (no rights or counters).
pub(crate) fn apply_to_board(board: &mut Board, us: Color, mv: &Move) {
    let them = us.other();
    let Some(kind) = board.remove(us, mv.from) else {
        return;
    };
    match mv.special {
        Special::EnPassant { captured } => {
            board.remove(them, captured);
        }
        Special::Castle { rook_from, rook_to } => {
            if let Some(r) = board.remove(us, rook_from) {
                board.put(rook_to, Piece::new(us, r));
            }
        }
        Special::Normal => {
            if board.has(them, mv.to) {
                board.remove(them, mv.to);
            }
        }
    }
    board.put(mv.to, Piece::new(us, mv.promotion.unwrap_or(kind)));
}

/// Updates rights, en passant, counters and the side to move after `mv`; the board must not
/// have been changed yet. An en passant record is kept only where `rules` find the capture
/// legal.
pub(crate) fn play_unchecked<R: ClassicHooks + ?Sized>(rules: &R, pos: &mut Position, mv: &Move) {
    let us = pos.turn;
    let t = GenTables::of(pos.shape());
    let Some(kind) = pos.board.kind(us, mv.from) else {
        return;
    };
    let capture = match mv.special {
        Special::EnPassant { .. } => {
            apply_to_board(&mut pos.board, us, mv);
            true
        }
        Special::Castle { .. } => {
            apply_to_board(&mut pos.board, us, mv);
            false
        }
        Special::Normal => {
            let to_kind = mv.promotion.unwrap_or(kind);
            pos.board.step(us, mv.from, mv.to, to_kind)
        }
    };
    // Castling rights: lost by a King move and by any move from or onto a Rook's start.
    if kind == PieceKind::King {
        pos.set_castling(us, Wing::Short, false);
        pos.set_castling(us, Wing::Long, false);
    }
    if pos.castling != 0 && rules.has_castling() {
        pos.castling &= !(t.castle_clear[mv.from.index()] | t.castle_clear[mv.to.index()]);
    }
    // En passant: recorded only when an enemy pawn attacks a passed square (cheap), and then
    // kept only where the capture is legal.
    pos.ep = [None; 2];
    let mut may_take = false;
    if kind == PieceKind::Pawn
        && rules
            .capture_rule()
            .allows(PieceKind::Pawn, PieceKind::Pawn)
    {
        let dist = (t.coords[mv.to.index()].1 - t.coords[mv.from.index()].1).abs();
        if dist >= 2 {
            pos.ep[us.index()] = en_passant_after_advance(&pos.board, us, mv.from, mv.to);
            may_take = pos.ep[us.index()].is_some();
        }
    }
    pos.finish_move(us, kind == PieceKind::Pawn || capture);
    if may_take {
        super::retain_legal_en_passant(rules, pos);
    }
}

/// Plays a legal move and reports its effects: the step (and the castling Rook's), the
/// capture, the promotion, a check, the game end. The move itself, the check and the end
/// of the game are the variant's (`rules`).
pub(crate) fn play<R: ClassicHooks + ?Sized>(
    rules: &R,
    pos: &mut Position,
    mv: &Move,
) -> Vec<Effect> {
    let us = pos.turn;
    let them = us.other();
    let mut fx = Vec::new();
    let Some(kind) = pos.board.kind(us, mv.from) else {
        return fx;
    };
    fx.push(Effect::Step {
        piece: Piece::new(us, kind),
        from: mv.from,
        to: mv.to,
    });
    match mv.special {
        Special::Castle { rook_from, rook_to } => fx.push(Effect::Step {
            piece: Piece::new(us, PieceKind::Rook),
            from: rook_from,
            to: rook_to,
        }),
        Special::EnPassant { captured } => fx.push(Effect::Capture {
            piece: Piece::new(them, PieceKind::Pawn),
            at: captured,
        }),
        Special::Normal => {
            if let Some(v) = pos.board.kind(them, mv.to) {
                fx.push(Effect::Capture {
                    piece: Piece::new(them, v),
                    at: mv.to,
                });
            }
        }
    }
    if let Some(p) = mv.promotion {
        fx.push(Effect::Promote {
            at: mv.to,
            piece: Piece::new(us, p),
        });
    }
    rules.play_unchecked(pos, mv);
    if rules.in_check(pos, them) {
        fx.push(Effect::Check {
            side: them,
            kind: CheckKind::Classic,
        });
    }
    if let Some(o) = rules.outcome(pos) {
        fx.push(Effect::GameOver(o));
    }
    fx
}

/// The en passant data after `side`'s pawn advanced from `from` to `to`: the squares it
/// passed, when an enemy pawn attacks one of them (and so might take it; whether the capture
/// is legal is [`retain_legal_en_passant`](super::retain_legal_en_passant)'s to decide).
pub(crate) fn en_passant_after_advance(
    board: &Board,
    side: Color,
    from: Square,
    to: Square,
) -> Option<EnPassant> {
    let t = GenTables::of(board.shape());
    let p = t.pair(from, to);
    let dist = (p & PAIR_DIST) as u8;
    let dir = (p >> 4) as usize & 7;
    // The squares passed over, and whether an enemy pawn attacks one of them.
    let mut passed = [None; 3];
    let mut capturable = false;
    let mut cur = from;
    for i in 1..dist {
        cur = Square(t.step[cur.index()][dir]);
        if let Some(slot) = passed.get_mut(i as usize - 1) {
            *slot = Some(cur);
        }
        capturable |= t.pawn_from[side.other().index()][cur.index()]
            .into_iter()
            .any(|q| {
                q != NO_SQUARE && board.kind(side.other(), Square(q)) == Some(PieceKind::Pawn)
            });
    }
    if !capturable {
        return None;
    }
    Some(EnPassant { pawn: to, passed })
}
