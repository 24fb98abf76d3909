//! Classic chess as building blocks for the variants: movement geometry (the standard pieces
//! and the Big Outer kinds, on 8×8 and the 148-square board), per-shape lookup tables,
//! pseudo-legal generation under a capture rule, attacks, the legal generators (bitboards
//! on 8×8 and on the Big Outer board, the square-array generator on every shape) and their reference, making a move (board, bookkeeping, effects) and the end of a classic game.
//!
//! It knows no variant by name: a variant's rules (`variants/<name>/`) pick the blocks they
//! need and say, through the [`Variant`](crate::rules::Variant) capabilities, which capture
//! rule, promotion kinds and castling apply. Plain Rust, no Bevy. Output order is stable:
//! by origin square, then by generation order of the piece, castling last.

mod attacks;
mod bitboard;
mod fast;
mod judge;
mod legal64;
pub(crate) mod masks;
mod movement;
mod outcome;
mod play;
mod pseudo;
mod tables;
#[cfg(test)]
mod tests;
mod wide;

use crate::rules::moves::Move;
use crate::rules::position::Position;

pub use attacks::{attackers, is_attacked};
pub use movement::{
    CaptureRule, KNIGHT_LEAPS, STANDARD_PROMOTIONS, between, capture_value, castle_spec, leaps,
    lines, max_passed,
};

pub(crate) use attacks::{AttackView, attack_set, en_passant_is_legal};
pub(crate) use judge::{
    candidates, en_passant_probe, judge, judge_castling, movement_reason, with_en_passant_probe,
};
pub(crate) use movement::castle_ends;
pub(crate) use outcome::{
    has_mating_material, in_check, insufficient_material, only_kings, outcome,
};
pub(crate) use play::{apply_to_board, en_passant_after_advance, play, play_unchecked};
#[cfg(test)]
pub(crate) use pseudo::pawn_moves;
pub(crate) use pseudo::{
    Filtered, MoveCount, MoveSink, castling_moves, moves_of_piece, piece_moves, piece_pseudo_moves,
    retain_tail,
};

/// The number of moves [`legal_moves`] gives: counted from the bitboard generators' target
/// sets without listing the moves ([`legal64`], [`wide`]), else the length of the list
/// (made in `buffer`, which is cleared first).
pub(crate) fn legal_move_count(pos: &Position, buffer: &mut Vec<Move>) -> usize {
    let count = legal64::legal_move_count(pos).or_else(|| wide::legal_move_count(pos));
    crate::rules::variants::count_or_list(count, buffer, |b| {
        legal_moves(pos, b);
    })
}

/// The legal moves of the side to move under classic rules, in the stable order of
/// [`pseudo`]: the bitboard generators ([`legal64`] on the 8×8 board, [`wide`] on the
/// 148-square Big Outer board), else the square-array generator ([`fast`], every board
/// shape) where they do not apply (hand-made positions with no King or several, a square
/// held by both sides).
#[inline]
pub(crate) fn legal_moves(pos: &Position, out: &mut Vec<Move>) {
    if !legal64::legal_moves(pos, out) && !wide::legal_moves(pos, out) {
        fast::legal_moves(pos, out);
    }
}

/// The moves of [`legal_moves`] that capture what the board shows or promote
/// ([`is_capture_or_promotion`]), in the same order: on the 8×8 board without generating
/// the others ([`legal64`]), elsewhere by filtering the full list.
#[inline]
pub(crate) fn legal_captures(pos: &Position, out: &mut Vec<Move>) {
    if !legal64::legal_captures(pos, out) {
        let start = out.len();
        legal_moves(pos, out);
        retain_tail(out, start, |mv| is_capture_or_promotion(pos, mv));
    }
}

/// Whether `mv` of the side to move captures what the board shows (an enemy piece on its
/// destination, or en passant) or promotes.
#[inline]
pub(crate) fn is_capture_or_promotion(pos: &Position, mv: &Move) -> bool {
    mv.promotion.is_some()
        || matches!(mv.special, crate::rules::moves::Special::EnPassant { .. })
        || pos.board.kind(pos.turn.other(), mv.to).is_some()
}
