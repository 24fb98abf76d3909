//! Finding puzzles in bot self-play, as lichess's generator finds them in played games:
//! the `alphabeta` bot plays itself at a fixed node budget, and the positions right after a
//! mistake become candidates; each is screened at the game's budget and, if it passes,
//! solved and verified at a longer search ([`puzzle::alternating_puzzle`]), whose analyses
//! `esoterica puzzles check` repeats. Simultaneous variants are searched exactly instead
//! ([`puzzle::simultaneous_puzzle`]).
//!
//! **Alternating variants.** Each game starts with a few uniformly random plies (so the
//! games differ), then each side is an `alphabeta` bot of a level drawn from
//! [`GenerateConfig::levels`] (the weaker levels' deliberate inaccuracies and short
//! horizons make the mistakes), searching [`GenerateConfig::nodes`] nodes a move. The
//! search's own score of each move is kept. A position is a candidate when the side to
//! move now scores a win ([`puzzle::is_winning`]) and its expected score is at least
//! [`SWING`] above what it was before the opponent's move (the opponent's own score,
//! turned round): the evaluation swung, so the opponent erred. Only candidates are
//! analysed: first two lines at the game's budget (the first move must be the only winning
//! one), then the whole solution at [`GenerateConfig::verify_nodes`].
//!
//! **Simultaneous variants.** Every turn's start position is searched exactly for both
//! sides ([`puzzle::simultaneous_puzzle`]); a position counts when the side had no forced
//! win at the turn before (so the other side's last commit was the mistake).
//!
//! A puzzle is kept once: positions already found (in this run or given in `seen`), and
//! the positions along a kept puzzle's solution, are skipped. Deterministic: the same
//! configuration finds the same puzzles in the same order.

use std::collections::HashSet;
use std::time::Instant;

use rand::rngs::Xoshiro256PlusPlus;
use rand::{RngExt, SeedableRng};

use super::puzzle::{self, Puzzle, Solution};
use crate::bots::analysis::Score;
use crate::bots::{AlphaBetaBot, Bot, NoControl, SearchLimits, mix_seed};
use crate::rules::{Color, GameRecord, Move, Position, TurnModel, Variant};

/// The least rise in expected score (0 to 1) of the side to move, from before the
/// opponent's move to after it, that makes a position a candidate.
pub const SWING: f64 = 0.15;

/// A side that scored this much (centipawns) before the opponent's move was winning
/// already: the opponent's move was no mistake worth a puzzle.
pub const ALREADY_WON_CP: i32 = 300;

/// How to generate.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GenerateConfig {
    /// The variant.
    pub variant: Variant,
    /// Self-play games to play.
    pub games: usize,
    /// Master seed: game `i` is seeded from (seed, i).
    pub seed: u64,
    /// Nodes a self-play move may search, and the budget per line of a candidate's first
    /// screening.
    pub nodes: u64,
    /// Nodes per line of the analyses that solve and verify a puzzle (`puzzles check`
    /// repeats them at this budget).
    pub verify_nodes: u64,
    /// The self-play bots' levels: each side's level is drawn from this range per game.
    pub levels: (u8, u8),
    /// Uniformly random plies (simultaneous variants: turns) that open each game.
    pub random_plies: usize,
    /// Plies (turns) after which a game is abandoned.
    pub max_plies: usize,
    /// The most puzzles taken from one game.
    pub max_per_game: usize,
    /// Stop after the game in which this many puzzles have been found (`None`: play every
    /// game).
    pub target: Option<usize>,
}

impl GenerateConfig {
    /// The defaults for `variant`: 100 games, seed 1, 20 000 nodes a move, 200 000 to
    /// verify, levels 2–4, 4 random plies (Parity: 2 turns), 300 plies, 3 puzzles a game,
    /// no target.
    pub fn new(variant: Variant) -> GenerateConfig {
        let simultaneous = variant.turn_model() == TurnModel::Simultaneous;
        GenerateConfig {
            variant,
            games: 100,
            seed: 1,
            nodes: 20_000,
            verify_nodes: 200_000,
            levels: (2, 4),
            random_plies: if simultaneous { 2 } else { 4 },
            max_plies: 300,
            max_per_game: 3,
            target: None,
        }
    }
}

/// What one game gave.
#[derive(Clone, Debug, PartialEq)]
pub struct GameReport {
    /// The game's number, from 0.
    pub game: usize,
    /// Plies (Parity: turns) played.
    pub plies: usize,
    /// Positions analysed (alternating: after the swing filter; Parity: searched).
    pub candidates: usize,
    /// Puzzles kept.
    pub found: usize,
    /// Seconds the game and its analyses took.
    pub seconds: f64,
}

/// Plays the configured games and calls `on_puzzle` with each new puzzle as it is found
/// and `on_game` after each game. `seen` holds the [`Position::repetition_key`]s of
/// positions to skip (puzzles already known); the found puzzles' positions are added.
/// Returns the number of puzzles found.
pub fn generate(
    config: &GenerateConfig,
    seen: &mut HashSet<u64>,
    on_puzzle: &mut dyn FnMut(&Puzzle),
    on_game: &mut dyn FnMut(&GameReport),
) -> usize {
    let mut total = 0;
    for game in 0..config.games {
        let start = Instant::now();
        let mut report = match config.variant.turn_model() {
            TurnModel::Alternating => alternating_game(config, game, seen, on_puzzle),
            TurnModel::Simultaneous => simultaneous_game(config, game, seen, on_puzzle),
        };
        report.seconds = start.elapsed().as_secs_f64();
        total += report.found;
        on_game(&report);
        if config.target.is_some_and(|t| total >= t) {
            break;
        }
    }
    total
}

fn game_rng(config: &GenerateConfig, game: usize) -> Xoshiro256PlusPlus {
    Xoshiro256PlusPlus::seed_from_u64(mix_seed(
        mix_seed(config.seed) ^ (game as u64).wrapping_mul(0x9e37_79b9),
    ))
}

fn level(config: &GenerateConfig, rng: &mut Xoshiro256PlusPlus) -> u8 {
    let (lo, hi) = config.levels;
    rng.random_range(lo.min(hi)..=hi.max(lo))
}

/// A seeded random legal move (Parity: commit of `side`).
fn random_move(pos: &Position, side: Color, rng: &mut Xoshiro256PlusPlus) -> Option<Move> {
    let moves = pos.legal_commits(side);
    (!moves.is_empty()).then(|| moves[rng.random_range(0..moves.len())])
}

/// Keys of the positions along a puzzle's solution (the start included).
fn solution_keys(p: &Puzzle) -> Vec<u64> {
    let mut keys = vec![p.position.repetition_key()];
    if let Solution::Line(line) = &p.solution {
        let mut pos = p.position.clone();
        for m in line {
            if pos.try_play(m).is_err() {
                break;
            }
            keys.push(pos.repetition_key());
        }
    }
    keys
}

fn keep(
    p: Puzzle,
    seen: &mut HashSet<u64>,
    on_puzzle: &mut dyn FnMut(&Puzzle),
    report: &mut GameReport,
) {
    seen.extend(solution_keys(&p));
    report.found += 1;
    on_puzzle(&p);
}

fn alternating_game(
    config: &GenerateConfig,
    game: usize,
    seen: &mut HashSet<u64>,
    on_puzzle: &mut dyn FnMut(&Puzzle),
) -> GameReport {
    let mut rng = game_rng(config, game);
    let levels = [level(config, &mut rng), level(config, &mut rng)];
    let mut bots = [
        AlphaBetaBot::with_level(levels[0], rng.random()),
        AlphaBetaBot::with_level(levels[1], rng.random()),
    ];
    let mut record = GameRecord::new(Position::new(config.variant));
    let mut report = GameReport {
        game,
        plies: 0,
        candidates: 0,
        found: 0,
        seconds: 0.0,
    };
    for _ in 0..config.random_plies {
        let pos = record.current().clone();
        if record.outcome().is_some() {
            break;
        }
        let Some(m) = random_move(&pos, pos.turn(), &mut rng) else {
            break;
        };
        if record.play(&m).is_err() {
            break;
        }
    }
    let limits = SearchLimits {
        nodes: Some(config.nodes),
        ..SearchLimits::default()
    };
    // The bots' scores of the last two moves, each from its mover's view (`None`: a
    // random ply, or a forced move, which the search does not score).
    let mut last: [Option<i32>; 2] = [None, None];
    while record.len() < config.max_plies && record.outcome().is_none() {
        let pos = record.current().clone();
        let side = pos.turn();
        let forced = pos.legal_moves().len() == 1;
        let Some((m, score)) = bots[side.index()].search(&pos, limits, &mut NoControl) else {
            break;
        };
        // The opponent's score before its move, and the solver's own before its last move:
        // a candidate follows a real choice of the opponent, in a game the solver was not
        // winning already.
        if let [Some(mine), Some(theirs)] = last
            && report.found < config.max_per_game
            && !won(mine)
            && swung(-theirs, score)
            && !seen.contains(&pos.repetition_key())
        {
            report.candidates += 1;
            if let Some(p) = candidate(&pos, config) {
                keep(p, seen, on_puzzle, &mut report);
            }
        }
        last = [last[1], (!forced).then_some(score)];
        if record.play(&m).is_err() {
            break;
        }
        report.plies += 1;
    }
    report
}

/// Whether the side to move's score rose from `before` to `now` (search scores, its view)
/// by [`SWING`] in expected score, to a win.
fn swung(before: i32, now: i32) -> bool {
    let (b, n) = (Score::from_search(before), Score::from_search(now));
    !won(before)
        && puzzle::is_winning(n)
        && puzzle::expected_score(n) - puzzle::expected_score(b) >= SWING
}

/// Whether a search score (its side's view) says the side was winning already
/// ([`ALREADY_WON_CP`], or a mate).
fn won(score: i32) -> bool {
    match Score::from_search(score) {
        Score::Mate(m) => m > 0,
        Score::Cp(c) => c >= ALREADY_WON_CP,
    }
}

/// Screens a candidate at the game's budget, then solves it at the verification budget.
fn candidate(pos: &Position, config: &GenerateConfig) -> Option<Puzzle> {
    if pos.legal_moves().len() < 2 {
        return None;
    }
    puzzle::solver_step(pos, config.nodes).0?;
    puzzle::alternating_puzzle(pos, config.verify_nodes)
}

fn simultaneous_game(
    config: &GenerateConfig,
    game: usize,
    seen: &mut HashSet<u64>,
    on_puzzle: &mut dyn FnMut(&Puzzle),
) -> GameReport {
    let mut rng = game_rng(config, game);
    let levels = [level(config, &mut rng), level(config, &mut rng)];
    let mut bots = [
        AlphaBetaBot::with_level(levels[0], rng.random()),
        AlphaBetaBot::with_level(levels[1], rng.random()),
    ];
    let mut record = GameRecord::new(Position::new(config.variant));
    let mut report = GameReport {
        game,
        plies: 0,
        candidates: 0,
        found: 0,
        seconds: 0.0,
    };
    let limits = SearchLimits {
        nodes: Some(config.nodes),
        ..SearchLimits::default()
    };
    // Whether each side had a forced win at the last turn's start.
    let mut had_win = [false, false];
    while record.len() < config.max_plies && record.outcome().is_none() {
        let pos = record.current().clone();
        let random = record.len() < config.random_plies;
        if !random {
            for side in Color::BOTH {
                let win = puzzle::forced_win_turns(&pos, side, puzzle::MAX_TURNS).is_some();
                report.candidates += 1;
                if win
                    && !had_win[side.index()]
                    && report.found < config.max_per_game
                    && !seen.contains(&pos.repetition_key())
                    && let Some(p) = puzzle::simultaneous_puzzle(&pos, side)
                {
                    keep(p, seen, on_puzzle, &mut report);
                }
                had_win[side.index()] = win;
            }
        }
        let mut commit = |side: Color, rng: &mut Xoshiro256PlusPlus| {
            if random {
                random_move(&pos, side, rng)
            } else {
                bots[side.index()].commit(&pos, side, limits, &mut NoControl)
            }
        };
        let (Some(w), Some(b)) = (
            commit(Color::White, &mut rng),
            commit(Color::Black, &mut rng),
        ) else {
            break;
        };
        if record.play_turn(&w, &b).is_err() {
            break;
        }
        report.plies += 1;
    }
    report
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_swing_to_a_win_makes_a_candidate_and_a_steady_win_does_not() {
        assert!(swung(0, 400));
        assert!(swung(-100, crate::bots::search::MATE - 3));
        assert!(!swung(350, 400), "already winning");
        assert!(!swung(0, 150), "not winning");
    }

    /// Parity self-play finds puzzles, and each re-solves exactly.
    #[test]
    fn parity_self_play_finds_puzzles_that_re_solve_exactly() {
        let config = GenerateConfig {
            games: 2,
            nodes: 2_000,
            ..GenerateConfig::new(Variant::Parity)
        };
        let mut found = Vec::new();
        generate(
            &config,
            &mut HashSet::new(),
            &mut |p| found.push(p.clone()),
            &mut |_| {},
        );
        assert!(!found.is_empty());
        for p in &found {
            assert_eq!(puzzle::check_puzzle(p, 0), Ok(()), "{}", p.to_line());
            assert!(matches!(p.solution, Solution::Commit { .. }));
        }
    }

    /// Two short games at small budgets: whatever is found re-solves at the verification
    /// budget with the same line and themes, and no position is kept twice.
    #[test]
    fn generated_puzzles_recheck_at_their_budget() {
        let config = GenerateConfig {
            games: 2,
            nodes: 3_000,
            verify_nodes: 6_000,
            max_plies: 60,
            ..GenerateConfig::new(Variant::Standard)
        };
        let mut seen = HashSet::new();
        let mut found = Vec::new();
        let mut games = 0;
        generate(
            &config,
            &mut seen,
            &mut |p| found.push(p.clone()),
            &mut |_| {
                games += 1;
            },
        );
        assert_eq!(games, 2);
        let mut keys = HashSet::new();
        for p in &found {
            assert!(keys.insert(p.position.repetition_key()));
            assert_eq!(
                puzzle::check_puzzle(p, config.verify_nodes),
                Ok(()),
                "{}",
                p.to_line()
            );
        }
    }
}
