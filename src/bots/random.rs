//! The `random` bot: a uniformly random legal move (Parity: commit), from a seeded portable
//! RNG, so the same seed plays the same moves.

use rand::rngs::Xoshiro256PlusPlus;
use rand::{RngExt, SeedableRng};

use super::{Bot, SearchControl, SearchLimits};
use crate::rules::{Color, Move, Position};

/// Plays a uniformly random legal move. Supports every variant.
#[derive(Clone, Debug)]
pub struct RandomBot {
    rng: Xoshiro256PlusPlus,
}

impl RandomBot {
    /// A random bot seeded with `seed`.
    pub fn new(seed: u64) -> RandomBot {
        RandomBot {
            rng: Xoshiro256PlusPlus::seed_from_u64(seed),
        }
    }

    fn pick(&mut self, moves: &[Move]) -> Option<Move> {
        if moves.is_empty() {
            return None;
        }
        Some(moves[self.rng.random_range(0..moves.len())])
    }
}

impl Bot for RandomBot {
    fn name(&self) -> &str {
        "random"
    }

    fn choose(
        &mut self,
        pos: &Position,
        _limits: SearchLimits,
        _ctl: &mut dyn SearchControl,
    ) -> Option<Move> {
        let moves = pos.legal_moves();
        self.pick(&moves)
    }

    fn commit(
        &mut self,
        pos: &Position,
        side: Color,
        _limits: SearchLimits,
        _ctl: &mut dyn SearchControl,
    ) -> Option<Move> {
        let moves = pos.legal_commits(side);
        self.pick(&moves)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bots::NoControl;
    use crate::rules::Variant;

    #[test]
    fn same_seed_same_moves_and_always_legal() {
        let pos = Position::new(Variant::Standard);
        let a: Vec<Move> = {
            let mut b = RandomBot::new(7);
            (0..10)
                .filter_map(|_| b.choose(&pos, SearchLimits::default(), &mut NoControl))
                .collect()
        };
        let mut b = RandomBot::new(7);
        let c: Vec<Move> = (0..10)
            .filter_map(|_| b.choose(&pos, SearchLimits::default(), &mut NoControl))
            .collect();
        assert_eq!(a, c);
        assert!(a.iter().all(|m| pos.is_legal(m)));
    }
}
