//! The command line as scripts see it: the `esoterica` binary's output and exit status.

use std::process::{Command, Output};

fn esoterica(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_esoterica"))
        .args(args)
        .output()
        .expect("the esoterica binary runs")
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

const SHUFFLE: [&str; 14] = [
    "e4", "e5", "Nf3", "Nf6", "Ng1", "Ng8", "Nf3", "Nf6", "Ng1", "Ng8", "Nf3", "Nf6", "Ng1", "Ng8",
];

#[test]
fn apply_ends_the_game_at_a_threefold_repetition() {
    let mut args = vec!["apply", "--variant", "standard"];
    args.extend(&SHUFFLE[..10]);
    let out = esoterica(&args);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let stdout = text(&out.stdout);
    assert!(
        stdout.contains(
            "step Black Knight f6 g8\ngame-over 1/2-1/2 (Draw by threefold repetition)\nposition "
        ),
        "{stdout}"
    );
    // The whole shuffle of the report, then d4: refused at the first move after the end.
    args.extend(&SHUFFLE[10..]);
    args.push("d4");
    let out = esoterica(&args);
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(
        text(&out.stderr),
        "error: illegal move Nf3: the game is over: Draw by threefold repetition\n"
    );
}

#[test]
fn apply_ends_an_intrachange_game_at_a_threefold_repetition() {
    // Rule I-6: repetition ends the game automatically. The Rooks' shuffle repeats the
    // position after 1. b1c3 a7a6 (the a-pawn teleports off the a-file) a third time.
    let mut args = vec!["apply", "--variant", "intrachange", "b1c3", "a7a6"];
    for _ in 0..2 {
        args.extend(["a1b1", "a8a6", "b1a1", "a6a8"]);
    }
    let out = esoterica(&args);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert!(
        text(&out.stdout).contains("game-over 1/2-1/2 (Draw by threefold repetition)"),
        "{}",
        text(&out.stdout)
    );
    args.push("a1b1");
    let out = esoterica(&args);
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(
        text(&out.stderr),
        "error: illegal move a1b1: the game is over: Draw by threefold repetition\n"
    );
}

#[test]
fn a_move_after_checkmate_says_the_game_is_over() {
    for cmd in ["apply", "explain"] {
        let out = esoterica(&[cmd, "--variant", "standard", "f3", "e5", "g4", "Qh4", "a3"]);
        assert_eq!(out.status.code(), Some(2), "{cmd}");
        assert_eq!(
            text(&out.stderr),
            "error: illegal move a3: the game is over: Black wins by checkmate\n",
            "{cmd}"
        );
    }
}

#[test]
fn moves_of_a_finished_game_are_none_and_stderr_says_why() {
    for (fen, why) in [
        (
            "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3",
            "Black wins by checkmate",
        ),
        (
            "8/8/8/8/8/8/8/K6k w - - 0 1",
            "Draw by insufficient material",
        ),
        (
            "4k3/8/8/8/8/8/4P3/R3K3 w - - 100 80",
            "Draw by the 50-move rule",
        ),
    ] {
        let out = esoterica(&["moves", "--variant", "standard", "--position", fen]);
        assert_eq!(out.status.code(), Some(0), "{fen}");
        assert_eq!(text(&out.stdout), "", "{fen}");
        assert_eq!(
            text(&out.stderr),
            format!("the game is over: {why}; there are no moves\n")
        );
    }
}

#[test]
fn a_scene_with_a_byte_order_mark_and_escapes_prints_clean_text() {
    let dir = std::env::temp_dir().join(format!("esoterica-cli-scene-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("bom.ron");
    std::fs::write(
        &path,
        "\u{feff}(name: \"Fool\\u{1b}[2J\", variant: \"standard\", \
         moves: [\"f2f3\", \"e7e5\", \"g2g4\", \"d8h4\"], \
         captions: {3: \"\\u{1b}]0;title\\u{7}mate\"})",
    )
    .unwrap();
    let out = esoterica(&["scene", path.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let stdout = text(&out.stdout);
    assert!(
        !stdout.contains('\u{1b}') && !stdout.contains('\u{7}'),
        "{stdout:?}"
    );
    assert!(stdout.starts_with("scene Fool[2J\n"), "{stdout}");
    assert!(stdout.contains("  caption ]0;titlemate\n"), "{stdout}");
    assert!(
        stdout.ends_with("outcome 0-1 (Black wins by checkmate)\n"),
        "{stdout}"
    );
    // An error quoting the file is printed clean too.
    std::fs::write(&path, "(name: \"x\", variant: \"\\u{1b}[31mchess960\")").unwrap();
    let out = esoterica(&["scene", path.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(1));
    let stderr = text(&out.stderr);
    assert!(
        !stderr.contains('\u{1b}') && stderr.contains("unknown variant '[31mchess960'"),
        "{stderr:?}"
    );
}
