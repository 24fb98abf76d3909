//! Classic chess as building blocks for the variants: movement geometry (the standard pieces
//! and the Big Outer kinds, on 8×8 and the 148-square board), per-shape lookup tables,
//! pseudo-legal generation under a capture rule, attacks, the legal generators (bitboards
//! on 8×8 and on the Big Outer board, the square-array generator on every shape) and their reference, making a move (board, bookkeeping, effects) and the end of a classic game.
//!
//! It knows no variant by name and is a leaf of the rules core: it imports only the data
//! types below it (board, geometry, pieces, moves, the position, refusals, outcomes) and
//! never the variants or their dispatcher. A block that needs the variant's rules (its
//! capture rule, promotion kinds, castling and en passant, or its own answer for check, the
//! move list, the end of the game, making a move) takes them as a `ClassicHooks`
//! argument, generic so that the calls stay static; every variant's rules implement it
//! (`variants/<name>/` picks the blocks it needs and passes itself). A test keeps the
//! folder free of the variants. Plain Rust, no Bevy. Output order is stable: by origin
//! square, then by generation order of the piece, castling last.

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

use crate::rules::geometry::Square;
use crate::rules::moves::Move;
use crate::rules::outcome::Outcome;
use crate::rules::piece::{Color, PieceKind};
use crate::rules::position::{CastleSpec, EnPassant, Position, Wing};

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

/// What the classic building blocks ask of the rules of the variant whose position they
/// work on: its movement data and its own answers where a variant may differ from classic
/// chess. A block that needs them takes `rules: &R` with `R: ClassicHooks + ?Sized`, so the
/// calls are static and classic never calls back into the variant dispatcher. Every
/// variant's rules implement it (through their `VariantRules`, by one blanket impl beside
/// that trait); the answers must be those of the position's own variant.
pub(crate) trait ClassicHooks {
    /// Which captures the movement allows.
    fn capture_rule(&self) -> CaptureRule;

    /// The kinds a pawn promotes to, strongest first (empty: pawns never promote).
    fn promotion_kinds(&self) -> &'static [PieceKind];

    /// Whether the King castles.
    fn has_castling(&self) -> bool;

    /// Whether a pawn may take en passant.
    fn has_en_passant(&self) -> bool;

    /// The castling geometry of `side` on `wing` (`None` without castling).
    fn castle_spec(&self, side: Color, wing: Wing) -> Option<CastleSpec>;

    /// The legal moves of the side to move, in the variant's stable order.
    fn legal_moves(&self, pos: &Position, out: &mut Vec<Move>);

    /// Whether `side`'s King is attacked, by the variant's rules.
    fn in_check(&self, pos: &Position, side: Color) -> bool;

    /// Whether the material left can never produce a mate, by the variant's rules.
    fn insufficient_material(&self, pos: &Position) -> bool;

    /// The outcome decided by the position alone, by the variant's rules.
    fn outcome(&self, pos: &Position) -> Option<Outcome>;

    /// Plays a legal move without computing effects, as the variant plays it.
    fn play_unchecked(&self, pos: &mut Position, mv: &Move);

    /// Whether `capturer` has a legal capture en passant of the pawn on `pawn` onto `to`.
    fn en_passant_is_legal(
        &self,
        pos: &Position,
        capturer: Color,
        pawn: Square,
        to: Square,
    ) -> bool;
}

/// The number of moves [`legal_moves`] gives: counted from the bitboard generators' target
/// sets without listing the moves ([`legal64`], [`wide`]), else the length of the list
/// (made in `buffer`, which is cleared first).
pub(crate) fn legal_move_count<R: ClassicHooks + ?Sized>(
    rules: &R,
    pos: &Position,
    buffer: &mut Vec<Move>,
) -> usize {
    let count =
        legal64::legal_move_count(rules, pos).or_else(|| wide::legal_move_count(rules, pos));
    count_or_list(count, buffer, |b| {
        legal_moves(rules, pos, b);
    })
}

/// A move count from a generator's count, else (`None`: it does not apply) from the
/// length of the list `list` makes in `buffer` (cleared first).
pub(crate) fn count_or_list(
    count: Option<u64>,
    buffer: &mut Vec<Move>,
    list: impl FnOnce(&mut Vec<Move>),
) -> usize {
    match count {
        Some(n) => n as usize,
        None => {
            buffer.clear();
            list(buffer);
            buffer.len()
        }
    }
}

/// Keeps in `pos`'s en passant records only the passed squares onto which the other side has
/// a legal en passant capture, judged by the variant's own rules
/// ([`ClassicHooks::en_passant_is_legal`]: Force Field's fields, Bully's capture rule,
/// Nonviolent's ban on captures, Parity's commits), and drops a record with none left. In
/// an alternating variant a record the side to move cannot use (the side to move's own
/// pawn) is dropped too. This is what Stockfish records and what python-chess writes in FEN
/// and repetition keys, so positions that differ only by an en passant square nobody can
/// use are the same position.
pub(crate) fn retain_legal_en_passant<R: ClassicHooks + ?Sized>(rules: &R, pos: &mut Position) {
    for side in Color::BOTH {
        let Some(ep) = pos.ep[side.index()] else {
            continue;
        };
        let capturer = side.other();
        let legal = |s: Square| rules.en_passant_is_legal(pos, capturer, ep.pawn, s);
        let mut passed = [None; 3];
        for (slot, s) in passed.iter_mut().zip(ep.squares().filter(|&s| legal(s))) {
            *slot = Some(s);
        }
        pos.ep[side.index()] = passed[0].map(|_| EnPassant {
            pawn: ep.pawn,
            passed,
        });
    }
}

/// The legal moves of the side to move under classic rules, in the stable order of
/// [`pseudo`]: the bitboard generators ([`legal64`] on the 8×8 board, [`wide`] on the
/// 148-square Big Outer board), else the square-array generator ([`fast`], every board
/// shape) where they do not apply (hand-made positions with no King or several, a square
/// held by both sides).
#[inline]
pub(crate) fn legal_moves<R: ClassicHooks + ?Sized>(
    rules: &R,
    pos: &Position,
    out: &mut Vec<Move>,
) {
    if !legal64::legal_moves(rules, pos, out) && !wide::legal_moves(rules, pos, out) {
        fast::legal_moves(rules, pos, out);
    }
}

/// The moves of [`legal_moves`] that capture what the board shows or promote
/// ([`is_capture_or_promotion`]), in the same order: on the 8×8 board without generating
/// the others ([`legal64`]), elsewhere by filtering the full list.
#[inline]
pub(crate) fn legal_captures<R: ClassicHooks + ?Sized>(
    rules: &R,
    pos: &Position,
    out: &mut Vec<Move>,
) {
    if !legal64::legal_captures(rules, pos, out) {
        let start = out.len();
        legal_moves(rules, pos, out);
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
