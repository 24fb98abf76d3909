//! Lessons and puzzles through the command line: `esoterica lessons check` solves every
//! bundled lesson by its script, `esoterica puzzles check` re-solves the bundled puzzle files
//! (a deterministic sample at each file's own budget and at twice it; every puzzle in an
//! ignored test), names each bad line of a malformed file by its number, and accepts what
//! `esoterica puzzles generate` writes.
//!
//! The whole re-solve takes minutes even in a release build (each puzzle is several
//! analyses of 300 000 nodes a line), so the normal suite checks a sample:
//! `cargo test --release --no-default-features --test rules -- --ignored every_bundled`
//! checks every puzzle of every file.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use esoterica::learn::puzzle::{self, Puzzle};
use esoterica::rules::{TurnModel, Variant};

fn esoterica(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_esoterica"))
        .args(args)
        .output()
        .expect("the esoterica binary runs")
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// A fresh scratch folder for one test.
fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("esoterica-learn-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Every bundled puzzle file (`assets/puzzles/<variant>.txt`), one per variant.
fn bundled_files() -> Vec<(Variant, PathBuf)> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("assets/puzzles");
    Variant::ALL
        .into_iter()
        .map(|v| (v, dir.join(format!("{}.txt", v.name()))))
        .collect()
}

/// The `# check-nodes` budget a bundled file names.
fn budget(v: Variant) -> u64 {
    puzzle::bundled(v)
        .unwrap_or_else(|e| panic!("{}: {e}", v.name()))
        .check_nodes
        .unwrap_or_else(|| panic!("{} names no check-nodes", v.name()))
}

/// Runs `esoterica puzzles check FILE EXTRA…` and expects every checked puzzle to pass.
fn check_passes(v: Variant, file: &Path, extra: &[&str], nodes: u64) {
    let mut args = vec!["puzzles", "check", file.to_str().unwrap()];
    args.extend(extra);
    let out = esoterica(&args);
    let stdout = text(&out.stdout);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}: {stdout}{}",
        v.name(),
        text(&out.stderr)
    );
    let last = stdout.lines().last().unwrap_or_default();
    assert!(
        last.starts_with("checked ")
            && last.ends_with(&format!(
                " puzzles at {nodes} nodes; 0 bad lines in the file"
            )),
        "{}: {stdout}",
        v.name()
    );
}

#[test]
fn lessons_check_solves_every_bundled_lesson_by_its_script() {
    let out = esoterica(&["lessons", "check"]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stdout));
    let stdout = text(&out.stdout);
    for v in Variant::ALL {
        assert!(
            stdout.contains(&format!("ok {} 1.1\n", v.name())),
            "{}: {stdout}",
            v.name()
        );
    }
    assert!(stdout.lines().all(|l| l.starts_with("ok ")), "{stdout}");
}

#[test]
fn lessons_check_names_a_bad_step_and_try_judges_a_move() {
    let dir = scratch("lessons");
    let file = dir.join("bad.ron");
    std::fs::write(
        &file,
        r#"(variant: "standard", lessons: [(id: "x", title: "t", intro: "i", steps: [
            (position: "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1", task: "t", goal: Checkmate,
             hint: (text: "h"), success: "s", solution: "a1a7"),
        ])])"#,
    )
    .unwrap();
    let out = esoterica(&["lessons", "check", "--file", file.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(
        text(&out.stdout),
        "bad standard 1.1: the solution a1a7 does not reach the goal: The game goes on: that move does not win\n"
    );
    let try_move = |mv: &str| {
        let args = [
            "lessons",
            "try",
            "--variant",
            "force-field",
            "--step",
            "1.2",
        ];
        let mut args = args.to_vec();
        args.push(mv);
        esoterica(&args)
    };
    let out = try_move("a1a3");
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(
        text(&out.stdout),
        "not yet: The rules allow that move: this step wants one they forbid\n"
    );
    let out = try_move("a1a8");
    assert!(
        text(&out.stdout).starts_with("achieved: Refused"),
        "{}",
        text(&out.stdout)
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

/// A deterministic sample of every bundled file re-solves at the file's own budget: four
/// puzzles spread over each alternating file, and every puzzle of each simultaneous one
/// (those are solved exactly, without search, in well under a second).
#[test]
fn a_sample_of_every_bundled_puzzle_file_re_solves_at_its_budget() {
    for (v, file) in bundled_files() {
        let sample: &[&str] = match v.turn_model() {
            TurnModel::Alternating => &["--sample", "4"],
            TurnModel::Simultaneous => &[],
        };
        check_passes(v, &file, sample, budget(v));
    }
}

/// Two puzzles spread over each alternating file re-solve at twice the budget they were
/// verified at: a deeper search finds the same only moves and forced replies.
#[test]
fn a_sample_of_the_bundled_puzzles_re_solves_at_a_longer_search() {
    for (v, file) in bundled_files() {
        if v.turn_model() != TurnModel::Alternating {
            continue;
        }
        let nodes = 2 * budget(v);
        let n = nodes.to_string();
        check_passes(v, &file, &["--sample", "2", "--nodes", &n], nodes);
    }
}

/// Every puzzle of every bundled file re-solves at its file's budget.
#[test]
#[ignore = "minutes even in a release build: cargo test --release --no-default-features --test rules -- --ignored every_bundled"]
fn every_bundled_puzzle_file_re_solves_at_its_budget() {
    for (v, file) in bundled_files() {
        check_passes(v, &file, &[], budget(v));
    }
}

/// `puzzles check` names every bad line in line order; `--first` and `--sample` choose
/// what is re-solved; `--keep` writes the puzzles that pass.
#[test]
fn puzzles_check_names_each_bad_line_in_line_order() {
    let dir = scratch("puzzles");
    let file = dir.join("standard.txt");
    std::fs::write(
        &file,
        "# check-nodes 20000\n\
         6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1 ; a1a8 ; mate mateIn1 oneMove\n\
         6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1 ; a1a7 ; oneMove\n\
         6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1 ; a1a9 ; oneMove\n\
         6k1/5ppp/8/8/8/8/8/R6K w - - 0 1 ; a1a2 ; oneMove quietMove\n",
    )
    .unwrap();
    let out = esoterica(&["puzzles", "check", file.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(1), "{}", text(&out.stderr));
    assert_eq!(
        text(&out.stdout),
        "bad 3: the same position as an earlier puzzle\n\
         bad 4: cannot read move 'a1a9': expected two squares and an optional promotion letter, e.g. e2e4 or e7e8q\n\
         bad 5: move 1 a1a2: the analysis prefers a1a8 (mate 1)\n\
         checked 3 puzzles at 20000 nodes; 3 bad lines in the file\n"
    );
    // --first and --sample choose what is re-solved; a line that cannot be read and a
    // position given twice are named anyway.
    for choice in ["--first", "--sample"] {
        let out = esoterica(&["puzzles", "check", file.to_str().unwrap(), choice, "1"]);
        assert_eq!(out.status.code(), Some(1));
        assert!(
            text(&out.stdout)
                .ends_with("\nchecked 1 puzzle at 20000 nodes; 2 bad lines in the file\n"),
            "{}",
            text(&out.stdout)
        );
    }
    // --keep writes the puzzles that pass, after the file's comment lines.
    let kept = dir.join("kept.txt");
    let out = esoterica(&[
        "puzzles",
        "check",
        file.to_str().unwrap(),
        "--keep",
        kept.to_str().unwrap(),
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert_eq!(
        std::fs::read_to_string(&kept).unwrap(),
        "# check-nodes 20000\n\
         # Kept by: esoterica puzzles check --nodes 20000: 1 puzzle of 4\n\
         6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1 ; a1a8 ; mate mateIn1 oneMove\n"
    );
    let out = esoterica(&[
        "puzzles",
        "check",
        kept.to_str().unwrap(),
        "--variant",
        "standard",
    ]);
    assert_eq!(
        text(&out.stdout),
        "checked 1 puzzle at 20000 nodes; 0 bad lines in the file\n"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Each kind of malformed line is named by its line number and what is wrong with it;
/// nothing panics (the exit status is 1, not a panic's 101) and the good line still
/// passes.
#[test]
fn malformed_puzzle_lines_are_named_by_line_number_and_never_panic() {
    let dir = scratch("malformed");
    let fen = "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1";
    let standard: &[(&str, &str)] = &[
        ("", ""),
        (
            &format!("{fen} ; a1a8"),
            "expected 'position ; moves ; themes', found 2 field(s)",
        ),
        (&format!("{fen} ; a1a8 ; mate ; extra"), "found 4 field(s)"),
        ("8/8/8 w - - 0 1 ; a1a8 ; mate", "position: "),
        (
            "6k1/5ppp/8/8/8/8/8/R5K1 x - - 0 1 ; a1a8 ; mate",
            "position: ",
        ),
        (&format!("{fen} ; a1z8 ; mate"), "'a1z8'"),
        (&format!("{fen} ; a1b2 ; mate"), "move a1b2: "),
        (&format!("{fen} ; ; oneMove"), "odd number of moves"),
        (&format!("{fen} ; a1a2 g8h8 ; short"), "odd number of moves"),
        (&format!("{fen} ; a1a8 g8h8 a8b8 ; mate"), "move g8h8: "),
        (
            &format!("{fen} ; a1a8 ; mate mateIn0"),
            "unknown theme 'mateIn0'",
        ),
        (&format!("{fen} ; a1a8 ; Mate"), "unknown theme 'Mate'"),
        (&format!("{fen} ; é1a8 ; mate"), "'é1a8'"),
        (
            "R5k1/5ppp/8/8/8/8/8/6K1 b - - 0 1 ; g8h8 ; mate",
            "move g8h8: ",
        ),
        (
            "# check-nodes many",
            "'# check-nodes' needs a node count from 1 up, not 'many'",
        ),
        (
            "# check-nodes 0",
            "'# check-nodes' needs a node count from 1 up, not '0'",
        ),
        ("# check-nodes 1000", "a second '# check-nodes' line"),
        (
            &format!("{fen} ; a1a8 ; mate mateIn1 oneMove"),
            "the same position as an earlier puzzle",
        ),
    ];
    let mut body = format!("# check-nodes 20000\n{fen} ; a1a8 ; mate mateIn1 oneMove\n");
    for (line, _) in standard {
        body.push_str(line);
        body.push('\n');
    }
    let file = dir.join("standard.txt");
    std::fs::write(&file, &body).unwrap();
    let out = esoterica(&["puzzles", "check", file.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(1), "{}", text(&out.stderr));
    assert!(
        !text(&out.stderr).contains("panicked"),
        "{}",
        text(&out.stderr)
    );
    let stdout = text(&out.stdout);
    let said: Vec<&str> = stdout.lines().collect();
    let expected: Vec<(usize, &str)> = standard
        .iter()
        .enumerate()
        .filter(|(_, (_, why))| !why.is_empty())
        .map(|(i, (_, why))| (i + 3, *why))
        .collect();
    assert_eq!(said.len(), expected.len() + 1, "{stdout}");
    for ((n, why), got) in expected.iter().zip(&said) {
        let prefix = format!("bad {n}: ");
        assert!(
            got.starts_with(&prefix) && got.contains(why),
            "line {n} should say '{why}': {stdout}"
        );
    }
    assert_eq!(
        said.last().copied(),
        Some(
            format!(
                "checked 2 puzzles at 20000 nodes; {} bad lines in the file",
                expected.len()
            )
            .as_str()
        )
    );

    // Parity's commit lines.
    let parity = "7k/p4K2/8/8/7N/8/8/7R w - - 0 1 -/-";
    let file = dir.join("parity.txt");
    std::fs::write(
        &file,
        format!(
            "{parity} ; h4g6 ; winIn1Turn\n\
             {parity} ; green h4g6 ; winIn1Turn\n\
             {parity} ; white h4h5 ; winIn1Turn\n\
             {parity} ; black h4g6 ; winIn1Turn\n"
        ),
    )
    .unwrap();
    let out = esoterica(&["puzzles", "check", file.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(1), "{}", text(&out.stderr));
    let stdout = text(&out.stdout);
    let said: Vec<&str> = stdout.lines().collect();
    for (i, want) in [
        "bad 1: expected the solving side and its commit: 'white e2e4'",
        "bad 2: 'green' is not a side (white or black)",
        "bad 3: commit h4h5: ",
        "bad 4: commit h4g6: ",
    ]
    .iter()
    .enumerate()
    {
        assert!(said[i].starts_with(want), "{stdout}");
    }
    assert_eq!(
        said[4],
        "checked 0 puzzles at 200000 nodes; 4 bad lines in the file"
    );
    assert_eq!(said.len(), 5, "{stdout}");

    // A file that is not there, a variant that cannot be told, a bad --nodes.
    let missing = dir.join("missing.txt");
    let out = esoterica(&["puzzles", "check", missing.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(1));
    assert!(
        text(&out.stderr).starts_with("error: "),
        "{}",
        text(&out.stderr)
    );
    let unnamed = dir.join("mine.txt");
    std::fs::write(&unnamed, format!("{fen} ; a1a8 ; mate mateIn1 oneMove\n")).unwrap();
    let out = esoterica(&["puzzles", "check", unnamed.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(1));
    assert!(
        text(&out.stderr).contains("give --variant"),
        "{}",
        text(&out.stderr)
    );
    let out = esoterica(&[
        "puzzles",
        "check",
        unnamed.to_str().unwrap(),
        "--variant",
        "standard",
        "--nodes",
        "0",
    ]);
    assert_eq!(out.status.code(), Some(1));
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Every bundled line, cut short at each character or with its fields swapped, reads as a
/// puzzle or as an error; no reader panics.
#[test]
fn cut_and_shuffled_puzzle_lines_never_panic_the_reader() {
    for v in Variant::ALL {
        let file = puzzle::bundled(v).unwrap();
        for (_, p) in file.puzzles.iter().take(5) {
            let line = p.to_line();
            for (cut, _) in line.char_indices() {
                let _ = Puzzle::parse_line(v, &line[..cut]);
                let _ = Puzzle::parse_line(v, &line[cut..]);
            }
            let fields: Vec<&str> = line.split(';').collect();
            for order in [[1, 0, 2], [2, 1, 0], [0, 2, 1]] {
                let shuffled = order.map(|i| fields[i]).join(";");
                let _ = Puzzle::parse_line(v, &shuffled);
            }
            for other in Variant::ALL {
                let _ = Puzzle::parse_line(other, &line);
            }
        }
    }
}

/// A tiny self-play run (short games at small budgets, until one gives a puzzle) writes a
/// file whose every line `puzzles check` accepts at the budget the file names: an
/// alternating variant and Parity; `--append` adds to a file and keeps what it held.
#[test]
fn generated_puzzles_are_accepted_by_puzzles_check() {
    let dir = scratch("generate");
    for (variant, extra) in [
        (
            "standard",
            // Up to 20 games, stopping at the first that gives a puzzle (the second game
            // with this seed and the search as it is).
            &[
                "--games",
                "20",
                "--target",
                "1",
                "--seed",
                "6",
                "--nodes",
                "3000",
                "--verify-nodes",
                "10000",
            ][..],
        ),
        (
            "parity",
            &["--games", "1", "--seed", "1", "--nodes", "2000"][..],
        ),
    ] {
        let file = dir.join(format!("{variant}.txt"));
        let mut args = vec![
            "puzzles",
            "generate",
            "--variant",
            variant,
            "--max-plies",
            "80",
            "--out",
            file.to_str().unwrap(),
        ];
        args.extend(extra);
        let out = esoterica(&args);
        assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
        let written = std::fs::read_to_string(&file).unwrap();
        let puzzles = written.lines().filter(|l| !l.starts_with('#')).count();
        assert!(puzzles >= 1, "{variant}: {written}\n{}", text(&out.stderr));
        assert!(written.contains("# Made by: esoterica puzzles generate --variant"));
        let out = esoterica(&["puzzles", "check", file.to_str().unwrap()]);
        assert_eq!(
            out.status.code(),
            Some(0),
            "{variant}: {}",
            text(&out.stdout)
        );
        assert!(
            text(&out.stdout).starts_with(&format!(
                "checked {} at ",
                esoterica::rules::narrate::count(puzzles, "puzzle")
            )),
            "{}",
            text(&out.stdout)
        );
    }
    // --append keeps the puzzles the file holds, adds new ones, and names both commands.
    let file = dir.join("parity.txt");
    let before = std::fs::read_to_string(&file).unwrap();
    let out = esoterica(&[
        "puzzles",
        "generate",
        "--variant",
        "parity",
        "--games",
        "2",
        "--seed",
        "2",
        "--nodes",
        "2000",
        "--max-plies",
        "80",
        "--out",
        file.to_str().unwrap(),
        "--append",
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let after = std::fs::read_to_string(&file).unwrap();
    let made_by: Vec<&str> = after
        .lines()
        .filter(|l| l.starts_with("# Made by: "))
        .collect();
    assert_eq!(made_by.len(), 2, "{after}");
    assert!(
        made_by[0].contains("--seed 1 ") && made_by[1].contains("--seed 2 "),
        "{after}"
    );
    for line in before.lines().filter(|l| !l.starts_with('#')) {
        assert!(after.contains(line), "{line} was not kept: {after}");
    }
    let out = esoterica(&["puzzles", "check", file.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stdout));
    std::fs::remove_dir_all(&dir).unwrap();
}
