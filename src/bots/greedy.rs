//! The `greedy` bot: the move with the best immediate material gain, judged by the effects
//! the rules report ([`Position::try_play`]: every `Capture`, Intrachange King captures
//! included, and promotions); a win by the move beats everything. Ties are broken by a
//! seeded RNG. Parity: the gain of a commit if its target stays put.

use rand::rngs::Xoshiro256PlusPlus;
use rand::{RngExt, SeedableRng};

use super::eval::piece_value;
use super::{Bot, SearchControl, SearchLimits};
use crate::rules::{Color, Effect, Move, Position, TurnModel};

/// Score of a move that wins the game on the spot.
const WIN_GAIN: i32 = 1_000_000;

/// Picks the move with the best immediate material gain. Supports every variant.
#[derive(Clone, Debug)]
pub struct GreedyBot {
    rng: Xoshiro256PlusPlus,
}

impl GreedyBot {
    /// A greedy bot seeded with `seed` (for tie-breaks).
    pub fn new(seed: u64) -> GreedyBot {
        GreedyBot {
            rng: Xoshiro256PlusPlus::seed_from_u64(seed),
        }
    }

    fn best_of(&mut self, scored: Vec<(i32, Move)>) -> Option<Move> {
        let best = scored.iter().map(|(s, _)| *s).max()?;
        let top: Vec<Move> = scored
            .into_iter()
            .filter(|(s, _)| *s == best)
            .map(|(_, m)| m)
            .collect();
        Some(top[self.rng.random_range(0..top.len())])
    }
}

/// Material gained by `us` according to a move's effects.
pub fn effects_gain(pos: &Position, us: Color, fx: &[Effect]) -> i32 {
    let shape = pos.shape();
    let mut gain = 0;
    for e in fx {
        match e {
            Effect::Capture { piece, at } => {
                let v = if piece.kind == crate::rules::PieceKind::King {
                    WIN_GAIN
                } else {
                    piece_value(pos.variant(), piece.kind, shape.zone(*at))
                };
                gain += if piece.color == us { -v } else { v };
            }
            Effect::Promote { at, piece } => {
                let v = piece_value(pos.variant(), piece.kind, shape.zone(*at))
                    - piece_value(
                        pos.variant(),
                        crate::rules::PieceKind::Pawn,
                        shape.zone(*at),
                    );
                gain += if piece.color == us { v } else { -v };
            }
            Effect::GameOver(o) => match o.winner() {
                Some(w) if w == us => gain += WIN_GAIN,
                Some(_) => gain -= WIN_GAIN,
                None => {}
            },
            _ => {}
        }
    }
    gain
}

impl Bot for GreedyBot {
    fn name(&self) -> &str {
        "greedy"
    }

    fn choose(
        &mut self,
        pos: &Position,
        limits: SearchLimits,
        ctl: &mut dyn SearchControl,
    ) -> Option<Move> {
        if pos.variant().turn_model() == TurnModel::Simultaneous {
            return self.commit(pos, pos.turn(), limits, ctl);
        }
        let us = pos.turn();
        let scored = pos
            .legal_moves()
            .into_iter()
            .map(|m| {
                let mut p = pos.clone();
                let g = p
                    .try_play(&m)
                    .map_or(i32::MIN, |fx| effects_gain(pos, us, &fx));
                (g, m)
            })
            .collect();
        self.best_of(scored)
    }

    fn commit(
        &mut self,
        pos: &Position,
        side: Color,
        _limits: SearchLimits,
        _ctl: &mut dyn SearchControl,
    ) -> Option<Move> {
        let shape = pos.shape();
        let scored = pos
            .legal_commits(side)
            .into_iter()
            .map(|m| {
                let victim = pos.kind_at(side.other(), m.to);
                let mut g = victim.map_or(0, |k| match k {
                    crate::rules::PieceKind::King => WIN_GAIN,
                    k => piece_value(pos.variant(), k, shape.zone(m.to)),
                });
                if let Some(p) = m.promotion {
                    g += piece_value(pos.variant(), p, shape.zone(m.to)) - 100;
                }
                (g, m)
            })
            .collect();
        self.best_of(scored)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bots::NoControl;
    use crate::rules::Variant;

    fn choose(fen: &str, v: Variant) -> String {
        let pos = Position::from_text(v, fen).unwrap();
        let m = GreedyBot::new(1)
            .choose(&pos, SearchLimits::default(), &mut NoControl)
            .unwrap();
        m.coordinate(pos.shape())
    }

    #[test]
    fn greedy_takes_the_biggest_piece() {
        // The Knight on e4 may take a Rook on d6 or a Queen on f6.
        assert_eq!(
            choose("4k3/8/3r1q2/8/4N3/8/8/4K3 w - - 0 1", Variant::Standard),
            "e4f6"
        );
    }

    #[test]
    fn greedy_in_bully_takes_only_what_the_value_rule_allows() {
        // Bully: a Knight (2) may not take the Queen (9) but may take the Pawn.
        assert_eq!(
            choose("4k3/8/3p1q2/8/4N3/8/8/4K3 w - - 0 1", Variant::Bully),
            "e4d6"
        );
    }

    #[test]
    fn greedy_promotes_to_a_queen() {
        assert_eq!(
            choose("4k3/1P6/8/8/8/8/8/4K3 w - - 0 1", Variant::Standard),
            "b7b8q"
        );
    }
}
