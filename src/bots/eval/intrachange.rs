//! Intrachange: standard values, the pieces an enemy move would capture, teleports
//! included ([`Terms::threat`]), and the King's exposure to jumps ([`jump_exposure`], the
//! King-attack term); King-capture threats themselves are found by the search (a move that
//! captures the King ends the game and is searched in quiescence).
//!
//! [`intrachange::capture_squares`]: crate::rules::variants::intrachange::capture_squares

use crate::rules::classic::masks::{Sides, squares};
use crate::rules::variants::intrachange;
use crate::rules::{Color, PieceKind, Position, Square};

use super::common::{
    CLASSIC_VALUES, HAND_SET_TABLES, Terms, VariantEval, Weights, common, shared_terms,
};
use super::piece_value;

/// Intrachange: the common terms, the pieces an enemy move captures, teleports included,
/// and the King's exposure to jumps ([`jump_exposure`], 10 cp per piece aimed).
pub const INTRACHANGE_WEIGHTS: Weights = Weights {
    threat: 125,
    king_attack: 1000,
    ..common(3, 5, 6)
};

/// Intrachange's evaluation.
pub(super) const EVAL: VariantEval = VariantEval {
    weights: INTRACHANGE_WEIGHTS,
    tables: &HAND_SET_TABLES,
    values: &CLASSIC_VALUES,
    terms,
};

/// The shared terms (no King attack by classic movement), the pieces under a capture
/// ([`teleport_threatened_value`]) and the King's exposure to jumps ([`jump_exposure`]).
fn terms(pos: &Position, sides: Option<&Sides>, every: bool) -> (i32, Terms) {
    let w = &INTRACHANGE_WEIGHTS;
    let (material, mut t) = shared_terms(pos, sides, w, &HAND_SET_TABLES, every, false);
    t.threat = teleport_threatened_value(pos);
    if every || w.king_attack != 0 {
        t.king_attack = jump_exposure(pos);
    }
    (material, t)
}

/// Intrachange: the value of the pieces (Kings left out) that an enemy move would capture,
/// on its exoteric square or through a teleport onto its esoteric one
/// ([`intrachange::capture_squares`]), Black's less White's, as in [`threatened_value`].
/// 0 where the bitboard generator declines the position.
///
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bots::eval::material_and_terms;
    use crate::rules::Variant;
    use crate::rules::classic::masks::Kit;

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
}
