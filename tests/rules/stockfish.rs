//! Interoperation with a real UCI engine: Stockfish (Debian's `stockfish` package, 15.1 in
//! bookworm) plays standard chess through the external-bot protocol, and is refused for a
//! variant it does not declare. These tests need Stockfish and fail without it (CI
//! installs it; see `.ci/run`).

use std::path::PathBuf;
use std::process::Command;

use esoterica::rules::notation::pgn;
use esoterica::rules::{Color, Variant};

/// The engine: `$ESOTERICA_STOCKFISH`, else `stockfish` on `PATH`, else Debian's
/// `/usr/games/stockfish`.
fn stockfish() -> PathBuf {
    if let Some(p) = std::env::var_os("ESOTERICA_STOCKFISH") {
        return PathBuf::from(p);
    }
    let on_path = std::env::var_os("PATH")
        .into_iter()
        .flat_map(|p| std::env::split_paths(&p).collect::<Vec<_>>())
        .map(|d| d.join("stockfish"))
        .chain([PathBuf::from("/usr/games/stockfish")])
        .find(|p| p.is_file());
    on_path.unwrap_or_else(|| {
        panic!(
            "Stockfish is not installed, and these tests play against it: install it \
             (Debian/Ubuntu: apt-get install stockfish, which puts it in /usr/games) or set \
             ESOTERICA_STOCKFISH to the engine's path"
        )
    })
}

fn esoterica(args: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_esoterica"))
        .args(args)
        .output()
        .expect("the esoterica binary runs")
}

#[test]
fn stockfish_plays_a_short_standard_match_without_faults() {
    let engine = format!("ext:{}", stockfish().display());
    let dir = std::env::temp_dir().join(format!("esoterica-stockfish-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let pgn_path = dir.join("games.pgn");
    let out = esoterica(&[
        "match",
        "--variant",
        "standard",
        "--white",
        &engine,
        "--black",
        "greedy",
        "--games",
        "2",
        "--movetime",
        "20",
        "--max-plies",
        "300",
        "--jobs",
        "1",
        "--pgn",
        pgn_path.to_str().unwrap(),
    ]);
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(0), "{stdout}\n{stderr}");
    assert!(
        !stdout.contains("faults:") && !stderr.contains("fault"),
        "{stdout}\n{stderr}"
    );
    let text = std::fs::read_to_string(&pgn_path).unwrap();
    let games = pgn::read_games(&text, Some(Variant::Standard))
        .unwrap_or_else(|(i, e)| panic!("game {i}: {e}\n{text}"));
    assert_eq!(games.len(), 2, "{text}");
    let mut engine_points = 0.0;
    for (i, g) in games.iter().enumerate() {
        let tag = |k: &str| g.tags.iter().find(|(t, _)| t == k).map(|(_, v)| v.as_str());
        let engine_side = if i == 0 { Color::White } else { Color::Black };
        let (white, black) = if i == 0 {
            (engine.as_str(), "greedy")
        } else {
            ("greedy", engine.as_str())
        };
        assert_eq!((tag("White"), tag("Black")), (Some(white), Some(black)));
        assert_eq!(tag("Round"), Some((i + 1).to_string().as_str()));
        // The reader replayed every move through the rules and reached the same end.
        let outcome = g
            .outcome()
            .unwrap_or_else(|| panic!("game {i} has no result\n{text}"));
        assert!(
            text.contains(&format!("[Termination \"{}\"]", outcome.describe())),
            "{text}"
        );
        assert!(g.len() >= 4, "{text}");
        engine_points += outcome.score_for(engine_side);
    }
    // Stockfish against a one-ply material grabber.
    assert!(engine_points >= 1.5, "{stdout}\n{text}");
}

#[test]
fn stockfish_is_refused_for_a_variant_it_does_not_declare() {
    let engine = format!("ext:{}", stockfish().display());
    let out = esoterica(&[
        "match",
        "--variant",
        "nonviolent",
        "--white",
        &engine,
        "--black",
        "random",
        "--games",
        "2",
    ]);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{stderr}");
    assert!(out.stdout.is_empty(), "no game was played");
    let prefix = format!("error: engine '{engine}' (Stockfish ");
    assert!(
        stderr.starts_with(&prefix)
            && stderr.ends_with(
                ") does not support variant nonviolent: it advertises no UCI_Variant option\n"
            ),
        "{stderr}"
    );
}
