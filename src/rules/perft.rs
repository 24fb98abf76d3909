//! Perft: the number of leaf nodes of the legal move tree to a depth, the standard check of
//! a move generator. Bulk-counted: at depth 1 the legal moves are counted, not played, and
//! not even listed where the generator counts them from its sets
//! ([`VariantRules::legal_move_count`]).
//!
//! Each variant counts through [`VariantRules::perft`]: alternating variants by the move
//! tree here, Parity by turns (a turn is a pair of commits, `variants/parity/`). Where a
//! King can be captured (Intrachange) a move that captures one ends the line: it counts as
//! one leaf whatever depth is left.

use super::moves::Move;
use super::position::Position;
use super::variant::TurnModel;
use super::variants::{VariantRules, with_rules};

/// The deepest perft the command line accepts, in plies. Far beyond any count that
/// finishes (standard chess has about 2·10^21 leaves at depth 15); the move buffers grow
/// with the depth actually reached, so [`perft`] itself allocates nothing up front.
pub const MAX_DEPTH: u32 = 20;

/// Leaf count to `depth` plies.
///
/// # Examples
/// ```
/// use esoterica::rules::{Position, Variant, perft::perft};
/// assert_eq!(perft(&Position::new(Variant::Standard), 3), 8902);
/// ```
pub fn perft(pos: &Position, depth: u32) -> u64 {
    with_rules!(pos.variant(), r => r.perft(pos, depth))
}

/// [`perft`] of an alternating variant (the default of [`VariantRules::perft`]).
pub(crate) fn perft_alternating(pos: &Position, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    // One move buffer per ply, made when the ply is first reached and reused across the
    // whole tree.
    let mut buffers: Vec<Vec<Move>> = Vec::new();
    perft_with(pos, depth, 0, &mut buffers)
}

/// [`perft`] for an alternating variant at `depth >= 1`, `ply` plies below the root, with
/// `buffers[ply]` for this ply's moves.
fn perft_with(pos: &Position, depth: u32, ply: usize, buffers: &mut Vec<Vec<Move>>) -> u64 {
    if buffers.len() <= ply {
        buffers.push(Vec::with_capacity(64));
    }
    let mut moves = std::mem::take(&mut buffers[ply]);
    // At depth 1 every move is one leaf, a King capture included: counted, not listed
    // where the generator can count from its sets.
    let n = if depth == 1 {
        super::variants::legal_move_count(pos, &mut moves) as u64
    } else {
        moves.clear();
        super::variants::legal_moves(pos, &mut moves);
        let mut n = 0;
        for mv in &moves {
            let mut next = pos.clone();
            next.play_unchecked(mv);
            n += if game_ended_by_capture(&next) {
                1
            } else {
                perft_with(&next, depth - 1, ply + 1, buffers)
            };
        }
        n
    };
    buffers[ply] = moves;
    n
}

fn game_ended_by_capture(pos: &Position) -> bool {
    pos.variant().kings_can_be_captured()
        && super::piece::Color::BOTH
            .iter()
            .any(|&c| pos.board().king(c).is_none())
}

/// Perft split by first move: (move, leaf count) in legal-move order.
pub fn divide(pos: &Position, depth: u32) -> Vec<(Move, u64)> {
    if pos.variant().turn_model() == TurnModel::Simultaneous || depth == 0 {
        return Vec::new();
    }
    pos.legal_moves()
        .into_iter()
        .map(|mv| {
            let mut next = pos.clone();
            next.play_unchecked(&mv);
            let n = if depth == 1 || game_ended_by_capture(&next) {
                1
            } else {
                perft(&next, depth - 1)
            };
            (mv, n)
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::perft;
    use crate::rules::position::Position;
    use crate::rules::variant::Variant;

    #[test]
    fn classic_variant_perft_counts_are_unchanged_by_the_fast_generator() {
        // Counts of the classic generator before the lookup tables and the check/pin filter (commit
        // 015c4ec); not published figures, a guard that the rewrite changed no move.
        let busy = "4k7/12/12/2m5j3/12/5G6/2r3q2M2/12/1g6b3/12/4N7/5K6 NbBn w - - 0 1";
        let kiwipete = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
        assert_eq!(perft(&Position::new(Variant::BigOuter), 3), 233_438);
        assert_eq!(
            perft(&Position::from_text(Variant::BigOuter, busy).unwrap(), 3),
            12_860
        );
        assert_eq!(perft(&Position::new(Variant::Bully), 4), 197_079);
        assert_eq!(perft(&Position::new(Variant::Nonviolent), 4), 195_005);
        assert_eq!(
            perft(&Position::from_text(Variant::Bully, kiwipete).unwrap(), 3),
            94_674
        );
    }

    /// Depth 4 of the Big Outer start (15 million nodes): release build only.
    #[test]
    #[ignore = "slow in the dev profile: cargo test --release --no-default-features --lib -- --ignored"]
    fn big_outer_perft_depth_4_is_unchanged_by_the_fast_generator() {
        let busy = "4k7/12/12/2m5j3/12/5G6/2r3q2M2/12/1g6b3/12/4N7/5K6 NbBn w - - 0 1";
        assert_eq!(perft(&Position::new(Variant::BigOuter), 4), 15_118_658);
        assert_eq!(
            perft(&Position::from_text(Variant::BigOuter, busy).unwrap(), 4),
            1_362_349
        );
    }
}
