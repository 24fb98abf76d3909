//! Standard-chess perft against the published counts in `tests/data/perft-standard.epd`
//! (`FEN ;D1 n ;D2 n …` per line).
//!
//! In CI every line runs the depths whose published count is at most [`CI_NODE_CAP`]; the
//! ignored test runs every depth of every line (release build, see docs/PERFORMANCE.md):
//! `cargo test --release --no-default-features --test rules -- --ignored`.

use esoterica::rules::perft::perft;
use esoterica::rules::{Position, Variant};

/// The suite, compiled in so the test needs no working directory.
const SUITE: &str = include_str!("../data/perft-standard.epd");

/// Largest published count run in CI (dev profile) per depth.
const CI_NODE_CAP: u64 = 200_000;

/// One line of the suite: the position text and (depth, published count) pairs.
struct Line {
    number: usize,
    fen: String,
    counts: Vec<(u32, u64)>,
}

fn suite() -> Vec<Line> {
    let mut lines = Vec::new();
    for (i, raw) in SUITE.lines().enumerate() {
        let raw = raw.trim();
        if raw.is_empty() || raw.starts_with('#') {
            continue;
        }
        let mut parts = raw.split(';');
        let fen = parts.next().unwrap_or_default().trim().to_string();
        let counts = parts
            .map(|p| {
                let p = p.trim();
                let (d, n) = p
                    .split_once(' ')
                    .unwrap_or_else(|| panic!("line {}: bad field '{p}'", i + 1));
                let d: u32 = d
                    .trim_start_matches('D')
                    .parse()
                    .unwrap_or_else(|_| panic!("line {}: bad depth '{d}'", i + 1));
                let n: u64 = n
                    .trim()
                    .parse()
                    .unwrap_or_else(|_| panic!("line {}: bad count '{n}'", i + 1));
                (d, n)
            })
            .collect();
        lines.push(Line {
            number: i + 1,
            fen,
            counts,
        });
    }
    lines
}

/// Runs every line at the depths `keep` selects; returns the mismatches as text.
fn run(keep: impl Fn(u32, u64) -> bool) -> (Vec<String>, u64) {
    let mut failures = Vec::new();
    let mut total = 0;
    for line in suite() {
        let pos = match Position::from_text(Variant::Standard, &line.fen) {
            Ok(p) => p,
            Err(e) => {
                failures.push(format!("line {} '{}': {e}", line.number, line.fen));
                continue;
            }
        };
        for &(depth, expected) in &line.counts {
            if !keep(depth, expected) {
                continue;
            }
            let got = perft(&pos, depth);
            total += got;
            if got != expected {
                failures.push(format!(
                    "line {} '{}' depth {depth}: {got} nodes, published {expected}",
                    line.number, line.fen
                ));
            }
        }
    }
    (failures, total)
}

#[test]
fn suite_file_has_all_lines_and_depths() {
    let lines = suite();
    // 7 chessprogramming-wiki positions (pos 4 twice) + 70 perftsuite.epd lines.
    assert_eq!(lines.len(), 77);
    assert!(
        lines.iter().all(|l| l.counts.len() >= 5),
        "every line has at least D1..D5"
    );
    assert!(lines.iter().all(|l| {
        l.counts
            .iter()
            .enumerate()
            .all(|(i, &(d, _))| d == i as u32 + 1)
    }));
}

#[test]
fn every_suite_line_matches_published_counts_up_to_the_ci_node_cap() {
    let (failures, total) = run(|_, n| n <= CI_NODE_CAP);
    assert!(
        failures.is_empty(),
        "{} mismatches:\n{}",
        failures.len(),
        failures.join("\n")
    );
    assert!(
        total == 5_821_312,
        "the capped run still covers {total} nodes"
    );
}

#[test]
fn start_position_depth_4_and_kiwipete_depth_3() {
    let start = Position::new(Variant::Standard);
    assert_eq!(perft(&start, 4), 197_281);
    let kiwi = Position::from_text(
        Variant::Standard,
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    )
    .expect("Kiwipete is valid");
    assert_eq!(perft(&kiwi, 3), 97_862);
}

/// Every depth of every line (about 5.3 billion nodes): release build only.
#[test]
#[ignore = "full suite: run with cargo test --release --no-default-features --test rules -- --ignored"]
fn every_suite_line_matches_every_published_depth() {
    let (failures, _) = run(|_, _| true);
    assert!(
        failures.is_empty(),
        "{} mismatches:\n{}",
        failures.len(),
        failures.join("\n")
    );
}
