//! Bot benchmarks (divan): alphabeta nodes per second per variant from the initial
//! position, and `match` throughput (games per second) with two random bots on 1 and 2
//! jobs. Run: `cargo bench --no-default-features --bench search`. Figures:
//! `docs/PERFORMANCE-bots.md`.

use divan::counter::ItemsCount;
use esoterica::bots::arena::{Contestant, MatchConfig, run_match};
use esoterica::bots::{AlphaBetaBot, BotSpec, NoControl, SearchLimits};
use esoterica::rules::{Position, Variant};

fn main() {
    divan::main();
}

/// Nodes searched per iteration of the alphabeta bench (the search stops exactly there).
const NODES: u64 = 20_000;

#[divan::bench(args = [Variant::Standard, Variant::Bully, Variant::Nonviolent, Variant::BigOuter, Variant::Intrachange, Variant::ForceField], sample_count = 5, sample_size = 1)]
fn alphabeta_nodes(bencher: divan::Bencher, v: Variant) {
    let pos = Position::new(v);
    let limits = SearchLimits {
        movetime: None,
        depth: Some(64),
        nodes: Some(NODES),
    };
    bencher.counter(ItemsCount::new(NODES)).bench(|| {
        let mut bot = AlphaBetaBot::with_level(5, 1);
        divan::black_box(bot.search(&pos, limits, &mut NoControl))
    });
}

/// Games per iteration of the match bench.
const GAMES: usize = 8;

#[divan::bench(args = [1, 2], sample_count = 3, sample_size = 1)]
fn match_random_games(bencher: divan::Bencher, jobs: usize) {
    let r = Contestant::from_spec(&BotSpec::Random);
    let mut cfg = MatchConfig::new(Variant::Standard, r.clone(), r, GAMES);
    cfg.jobs = jobs;
    cfg.seed = 3;
    bencher
        .counter(ItemsCount::new(GAMES))
        .bench(|| divan::black_box(run_match(&cfg, |_, _, _| {}).games.len()));
}
