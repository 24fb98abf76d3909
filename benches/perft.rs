//! Perft speed of the rules core against shakmaty 0.30.1 on the same positions in the same
//! run: `cargo bench --no-default-features --bench perft`.
//!
//! First a comparison table (best of [`ROUNDS`] timed runs per position, nodes per second for
//! each generator and the ratio ours / shakmaty; standard chess is generated with
//! bitboards, `src/rules/classic/legal64.rs`), then each variant's perft speed from its
//! start position against standard chess, then divan's statistics for each pair. Both
//! sides use the same algorithm: bulk counting at depth 1 (the legal moves are generated
//! and counted), clone-and-play above it. `scripts/perft_vs_stockfish.py` times
//! Stockfish's `go perft` on the same positions.

use std::hint::black_box;
use std::time::{Duration, Instant};

use esoterica::rules::perft::perft;
use esoterica::rules::{Position, Variant};
use shakmaty::fen::Fen;
use shakmaty::{CastlingMode, Chess};

/// Timed runs per position in the comparison table; the fastest counts.
const ROUNDS: usize = 3;

/// (name, FEN, depth, published node count).
const CASES: &[(&str, &str, u32, u64)] = &[
    (
        "start d4",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        4,
        197_281,
    ),
    (
        "start d5",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        5,
        4_865_609,
    ),
    (
        "kiwipete d3",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        3,
        97_862,
    ),
    (
        "kiwipete d4",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        4,
        4_085_603,
    ),
    (
        "pos3 d5",
        "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
        5,
        674_624,
    ),
    (
        "pos4 d4",
        "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
        4,
        422_333,
    ),
    (
        "pos5 d4",
        "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
        4,
        2_103_487,
    ),
];

fn ours(fen: &str) -> Position {
    Position::from_text(Variant::Standard, fen).expect("invariant: bench positions are valid")
}

fn theirs(fen: &str) -> Chess {
    fen.parse::<Fen>()
        .expect("invariant: bench positions are valid FEN")
        .into_position(CastlingMode::Standard)
        .expect("invariant: bench positions are legal")
}

/// Fastest of `ROUNDS` runs of `f`, which must return `expected`.
fn best(expected: u64, f: impl Fn() -> u64) -> Duration {
    (0..ROUNDS)
        .map(|_| {
            let t = Instant::now();
            let n = black_box(f());
            let d = t.elapsed();
            assert_eq!(n, expected, "wrong perft count");
            d
        })
        .min()
        .unwrap_or_default()
}

fn comparison_table() {
    println!(
        "perft nodes/second, best of {ROUNDS} (ours = esoterica rules core, theirs = shakmaty 0.30.1)"
    );
    println!(
        "{:<12} {:>10} {:>12} {:>12} {:>7}",
        "case", "nodes", "ours Mn/s", "shak Mn/s", "ratio"
    );
    let (mut t_ours, mut t_theirs) = (0.0, 0.0);
    for &(name, fen, depth, nodes) in CASES {
        let (p, c) = (ours(fen), theirs(fen));
        let a = best(nodes, || perft(black_box(&p), depth)).as_secs_f64();
        let b = best(nodes, || shakmaty::perft(black_box(&c), depth)).as_secs_f64();
        t_ours += a;
        t_theirs += b;
        let (ra, rb) = (nodes as f64 / a / 1e6, nodes as f64 / b / 1e6);
        println!(
            "{name:<12} {nodes:>10} {ra:>12.2} {rb:>12.2} {:>7.3}",
            ra / rb
        );
    }
    println!(
        "{:<12} {:>10} {:>12} {:>12} {:>7.3}  (total time: ours {t_ours:.3} s, shakmaty {t_theirs:.3} s)",
        "all",
        "",
        "",
        "",
        t_theirs / t_ours
    );
}

/// With `PERFT_ONLY=ours:NAME` or `PERFT_ONLY=shakmaty:NAME` (a name from [`CASES`]), runs
/// that one perft once and exits: for counting instructions under callgrind, which is
/// steadier than wall time on a shared machine (see docs/PERFORMANCE.md).
fn only(spec: &str) {
    let (engine, name) = spec.split_once(':').unwrap_or(("", spec));
    let (fen, depth, nodes) = case(name);
    let n = match engine {
        "ours" => perft(&ours(fen), depth),
        "shakmaty" => shakmaty::perft(&theirs(fen), depth),
        other => panic!("PERFT_ONLY engine '{other}' is not ours or shakmaty"),
    };
    assert_eq!(n, nodes, "wrong perft count");
    println!("{engine} {name}: {n} nodes");
}

/// Each variant's start position and the perft depth timed for it (a few million nodes
/// where that finishes in about a second; Parity counts turns, pairs of commits).
const VARIANT_DEPTHS: [(Variant, u32); 8] = [
    (Variant::Standard, 5),
    (Variant::Intrachange, 5),
    (Variant::ForceField, 5),
    (Variant::Parity, 2),
    (Variant::ParitySingle, 2),
    (Variant::BigOuter, 4),
    (Variant::Bully, 5),
    (Variant::Nonviolent, 5),
];

/// Timed runs per variant in [`variant_table`], each next to a run of standard chess.
const VARIANT_ROUNDS: usize = 5;

/// The length of one timed run in [`variant_table`], in seconds: as many perfts back to back
/// as fill it.
const RUN_SECONDS: f64 = 0.2;

/// Nodes per second of each variant's perft from its start position, and the ratio to
/// standard chess: [`VARIANT_ROUNDS`] runs of the variant, each right after a run of
/// standard chess, the best of each compared, so that a slow stretch of the machine slows
/// both sides of a ratio.
fn variant_table() {
    println!();
    println!(
        "variant perft from the start position, nodes/second, best of {VARIANT_ROUNDS} runs of \
         {RUN_SECONDS} s, each next to one of standard chess"
    );
    println!(
        "{:<14} {:>6} {:>12} {:>10} {:>12}",
        "variant", "depth", "nodes", "Mn/s", "vs standard"
    );
    let (_, standard_depth) = VARIANT_DEPTHS[0];
    let standard = Position::new(Variant::Standard);
    let standard_nodes = perft(&standard, standard_depth);
    // One timed run: `reps` perfts back to back, the time per perft.
    let time = |p: &Position, depth: u32, nodes: u64, reps: u32| {
        let t = Instant::now();
        for _ in 0..reps {
            assert_eq!(
                black_box(perft(black_box(p), depth)),
                nodes,
                "wrong perft count"
            );
        }
        t.elapsed() / reps
    };
    // Enough perfts per run to fill about `RUN_SECONDS`: one short run is at the mercy of
    // the machine's moment.
    let reps = |once: Duration| (RUN_SECONDS / once.as_secs_f64().max(1e-6)).ceil() as u32;
    let standard_reps = reps(time(&standard, standard_depth, standard_nodes, 1));
    for (variant, depth) in VARIANT_DEPTHS {
        let p = Position::new(variant);
        let nodes = perft(&p, depth);
        let variant_reps = reps(time(&p, depth, nodes, 1));
        let (mut base, mut ours) = (Duration::MAX, Duration::MAX);
        for _ in 0..VARIANT_ROUNDS {
            base = base.min(time(
                &standard,
                standard_depth,
                standard_nodes,
                standard_reps,
            ));
            ours = ours.min(time(&p, depth, nodes, variant_reps));
        }
        let rate = nodes as f64 / ours.as_secs_f64() / 1e6;
        let base_rate = standard_nodes as f64 / base.as_secs_f64() / 1e6;
        println!(
            "{:<14} {depth:>6} {nodes:>12} {rate:>10.2} {:>12.3}",
            variant.name(),
            rate / base_rate
        );
    }
    println!();
}

fn main() {
    if let Ok(spec) = std::env::var("PERFT_ONLY") {
        only(&spec);
        return;
    }
    comparison_table();
    if std::env::var_os("PERFT_TABLE").is_some() {
        // The comparison table alone, for scripts/perft_vs_stockfish.py.
        return;
    }
    variant_table();
    divan::main();
}

const NAMES: [&str; 7] = [
    "start d4",
    "start d5",
    "kiwipete d3",
    "kiwipete d4",
    "pos3 d5",
    "pos4 d4",
    "pos5 d4",
];

fn case(name: &str) -> (&'static str, u32, u64) {
    CASES
        .iter()
        .find(|c| c.0 == name)
        .map(|&(_, f, d, n)| (f, d, n))
        .expect("invariant: NAMES lists CASES")
}

/// The rules core's generator for standard chess (bitboards, `src/rules/classic/legal64.rs`).
#[divan::bench(args = NAMES, sample_count = 3, sample_size = 1)]
fn esoterica(bencher: divan::Bencher, name: &str) {
    let (fen, depth, nodes) = case(name);
    let p = ours(fen);
    bencher
        .counter(divan::counter::ItemsCount::new(nodes))
        .bench(|| perft(black_box(&p), depth));
}

/// shakmaty 0.30.1 (bitboards, magic attack tables).
#[divan::bench(args = NAMES, sample_count = 3, sample_size = 1)]
fn shakmaty(bencher: divan::Bencher, name: &str) {
    let (fen, depth, nodes) = case(name);
    let c = theirs(fen);
    bencher
        .counter(divan::counter::ItemsCount::new(nodes))
        .bench(|| shakmaty::perft(black_box(&c), depth));
}
