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
fn record_mode_reports_broken_rules_and_unreadable_text_and_goes_on() {
    // The seed's sample game: its known rule errors are reported, and the replay ends.
    let sample = concat!(env!("CARGO_MANIFEST_DIR"), "/scenes/parity-sample-game.txt");
    let out = esoterica(&["apply", "--variant", "parity", "--record", sample]);
    let stdout = text(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert!(
        stdout
            .lines()
            .filter(|l| l.starts_with("rule-error "))
            .count()
            >= 2,
        "{stdout}"
    );
    assert!(!stdout.contains("unreadable"), "{stdout}");
    assert!(stdout.lines().last().unwrap().starts_with("position "));

    // A stray word is no move: reported, that side passes, the replay goes on, status 1.
    let out = esoterica(&[
        "apply",
        "--variant",
        "parity",
        "--record",
        "e2e4/e7e5",
        "hello/d7d6",
        "d2d4/g8f6",
    ]);
    let stdout = text(&out.stdout);
    let stderr = text(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{stderr}");
    let lines: Vec<&str> = stdout.lines().collect();
    assert!(lines.contains(&"unreadable hello"), "{stdout}");
    assert!(!stdout.contains("rule-error"), "{stdout}");
    assert!(lines.contains(&"turn 3"), "{stdout}");
    assert!(
        stderr.contains("turn 2: White hello cannot be read, so White makes no move this turn"),
        "{stderr}"
    );
    assert!(
        stderr.contains("error: 1 recorded move(s) could not be read"),
        "{stderr}"
    );
    // White's pawns on e4 and d4, Black's on e5 and d6 and the Knight on f6.
    let last = lines.last().unwrap();
    assert!(
        last.starts_with("position rnbqkb1r/ppp2ppp/3p1n2/4p3/3PP3/8/PPP2PPP/RNBQKBNR w"),
        "{last}"
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

/// A fresh scratch folder for one test.
fn scratch(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("esoterica-cli-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// An `esoterica uci` process and its output lines.
struct UciProcess {
    child: std::process::Child,
    input: std::process::ChildStdin,
    output: std::io::Lines<std::io::BufReader<std::process::ChildStdout>>,
}

impl UciProcess {
    fn start(bot: &str) -> UciProcess {
        use std::io::BufRead;
        use std::process::Stdio;
        let mut child = Command::new(env!("CARGO_BIN_EXE_esoterica"))
            .args(["uci", "--bot", bot])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .expect("esoterica uci starts");
        let input = child.stdin.take().unwrap();
        let output = std::io::BufReader::new(child.stdout.take().unwrap()).lines();
        UciProcess {
            child,
            input,
            output,
        }
    }

    fn send(&mut self, line: &str) {
        use std::io::Write;
        writeln!(self.input, "{line}").unwrap();
        self.input.flush().unwrap();
    }

    /// The lines up to and including the first that starts with `prefix`.
    fn until(&mut self, prefix: &str) -> Vec<String> {
        let mut seen = Vec::new();
        for line in self.output.by_ref() {
            let line = line.unwrap();
            let last = line.starts_with(prefix);
            seen.push(line);
            if last {
                return seen;
            }
        }
        panic!("the engine ended before '{prefix}': {seen:?}");
    }
}

/// The coordinate texts of the legal moves (Parity: commits of `side`).
fn legal_texts(pos: &esoterica::rules::Position, side: esoterica::rules::Color) -> Vec<String> {
    pos.legal_commits(side)
        .iter()
        .map(|m| m.coordinate(pos.shape()))
        .collect()
}

#[test]
fn uci_speaks_the_protocol_over_stdin_and_stdout() {
    use esoterica::bots::uci_engine::parse_position;
    use esoterica::rules::{Color, Variant};
    let mut e = UciProcess::start("alphabeta:2");
    e.send("uci");
    let hello = e.until("uciok");
    assert_eq!(
        hello,
        [
            format!(
                "id name Esoterica alphabeta:2 {}",
                env!("CARGO_PKG_VERSION")
            ),
            "id author the Esoterica authors".to_string(),
            "option name UCI_Variant type combo default chess var chess var intrachange \
             var force-field var parity var parity-single var big-outer var bully var nonviolent"
                .to_string(),
            "option name MultiPV type spin default 1 min 1 max 32".to_string(),
            "option name Threads type spin default 1 min 1 max 64".to_string(),
            "uciok".to_string(),
        ]
    );
    // Bully, from the initial position and moves, a depth-limited search.
    e.send("setoption name UCI_Variant value bully");
    e.send("ucinewgame");
    e.send("isready");
    assert_eq!(e.until("readyok"), ["readyok"]);
    e.send("position startpos moves e2e4 e7e5 g1f3");
    e.send("go depth 2");
    let lines = e.until("bestmove");
    let info = lines
        .iter()
        .find(|l| l.starts_with("info depth 2 "))
        .unwrap_or_else(|| panic!("{lines:?}"));
    let words: Vec<&str> = info.split_whitespace().collect();
    assert_eq!(words[3], "score");
    assert_eq!(words[4], "cp");
    assert!(words[5].parse::<i32>().is_ok(), "{info}");
    assert_eq!(words[6], "nodes");
    assert!(words[7].parse::<u64>().unwrap() > 0, "{info}");
    assert!(info.contains(" pv "), "{info}");
    let pos = parse_position(
        &["startpos", "moves", "e2e4", "e7e5", "g1f3"],
        Variant::Bully,
    )
    .unwrap();
    let best = lines.last().unwrap().strip_prefix("bestmove ").unwrap();
    assert!(
        legal_texts(&pos, Color::Black).contains(&best.to_string()),
        "{best}"
    );
    // A FEN and a clock: Black to move in standard.
    e.send("setoption name UCI_Variant value standard");
    let fen = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1";
    e.send(&format!("position fen {fen}"));
    e.send("go wtime 2000 btime 2000 winc 0 binc 0");
    let best = e.until("bestmove").pop().unwrap();
    let pos = parse_position(&["fen", fen], Variant::Standard).unwrap();
    assert!(
        legal_texts(&pos, Color::Black).contains(&best["bestmove ".len()..].to_string()),
        "{best}"
    );
    // `go infinite` answers only after `stop`; `isready` is answered while it thinks.
    e.send("position startpos");
    e.send("go infinite");
    e.send("isready");
    let waiting = e.until("readyok");
    assert!(
        !waiting.iter().any(|l| l.starts_with("bestmove")),
        "{waiting:?}"
    );
    e.send("stop");
    let best = e.until("bestmove").pop().unwrap();
    let start = parse_position(&["startpos"], Variant::Standard).unwrap();
    assert!(legal_texts(&start, Color::White).contains(&best["bestmove ".len()..].to_string()));
    // Parity: the commit of the side asked.
    e.send("setoption name UCI_Variant value parity");
    e.send("position startpos moves e2e4/e7e5");
    e.send("go commit black movetime 30");
    let best = e.until("bestmove").pop().unwrap();
    let pos = parse_position(&["startpos", "moves", "e2e4/e7e5"], Variant::Parity).unwrap();
    assert!(legal_texts(&pos, Color::Black).contains(&best["bestmove ".len()..].to_string()));
    // A bad line is answered, not fatal.
    e.send("position startpos moves e2e5/e7e5");
    e.send("isready");
    let answer = e.until("readyok");
    assert_eq!(answer.len(), 2, "{answer:?}");
    assert!(
        answer[0].starts_with(
            "info string error: position: move 1 'e2e5/e7e5': not a legal move of white"
        ),
        "{answer:?}"
    );
    e.send("quit");
    assert!(e.child.wait().unwrap().success());
}

/// Checks that an `esoterica match` run ended well with `games` games, every move answered
/// in time and legal (no fault line, no faults total); returns its standard output.
fn played_without_faults(out: &Output, games: usize, what: &str) -> String {
    let (stdout, stderr) = (text(&out.stdout), text(&out.stderr));
    assert_eq!(out.status.code(), Some(0), "{what}: {stderr}");
    assert!(!stdout.contains("faults:"), "{what}: {stdout}");
    assert!(!stderr.contains(" fault: "), "{what}: {stderr}");
    assert!(
        stdout.contains(&format!("\n{games} games in ")),
        "{what}: {stdout}"
    );
    stdout
}

#[test]
fn match_plays_esoterica_uci_through_the_ext_client() {
    let exe = env!("CARGO_BIN_EXE_esoterica");
    for variant in ["standard", "parity"] {
        let white = format!("ext:{exe} uci --bot greedy");
        let black = format!("ext:{exe} uci --bot alphabeta:1");
        let out = esoterica(&[
            "match",
            "--variant",
            variant,
            "--white",
            &white,
            "--black",
            &black,
            "--games",
            "2",
            "--movetime",
            "20",
            "--max-plies",
            "30",
            "--jobs",
            "1",
        ]);
        let stdout = played_without_faults(&out, 2, variant);
        let wdl: u32 = stdout
            .lines()
            .filter(|l| l.starts_with("ext:"))
            .map(|l| {
                let w: Vec<&str> = l.split_whitespace().collect();
                let n = w.len();
                w[n - 5].parse::<u32>().unwrap()
                    + w[n - 4].parse::<u32>().unwrap()
                    + w[n - 3].parse::<u32>().unwrap()
            })
            .sum();
        assert_eq!(wdl, 4, "{variant}: {stdout}");
    }
}

/// `match --threads 2` against `uci --threads 2` through `ext:`: both sides search on two
/// threads and every move is legal and in time; a thread count outside 1 to 64 is refused
/// by both commands before anything runs.
#[test]
fn match_and_uci_take_search_threads() {
    let exe = env!("CARGO_BIN_EXE_esoterica");
    let black = format!("ext:{exe} uci --bot alphabeta:8 --threads 2");
    let out = esoterica(&[
        "match",
        "--variant",
        "standard",
        "--white",
        "alphabeta:8",
        "--black",
        &black,
        "--threads",
        "2",
        "--games",
        "2",
        "--movetime",
        "30",
        "--max-plies",
        "24",
        "--jobs",
        "1",
    ]);
    played_without_faults(&out, 2, "standard");
    let a_match = [
        "match",
        "--variant",
        "standard",
        "--white",
        "greedy",
        "--black",
        "greedy",
    ];
    for (command, threads, why) in [
        (&a_match[..], "0", "must be at least 1"),
        (&a_match[..], "65", "must be at most 64"),
        (&["uci"][..], "x", "invalid digit"),
    ] {
        let args: Vec<&str> = command
            .iter()
            .copied()
            .chain(["--threads", threads])
            .collect();
        let out = esoterica(&args);
        assert_eq!(out.status.code(), Some(1), "{args:?}");
        let err = text(&out.stderr);
        assert!(
            err.contains("--threads") && err.contains(why),
            "{args:?}: {err}"
        );
    }
}

#[test]
fn tournament_on_a_clock_records_it_in_the_report_the_json_and_every_game() {
    let dir = scratch("tournament-clock");
    let pgn = dir.join("games.pgn");
    let json = dir.join("report.json");
    let out = esoterica(&[
        "tournament",
        "--bot",
        "alphabeta:8",
        "--bot",
        "greedy",
        "--variants",
        "standard,parity",
        "--games-per-pair",
        "2",
        "--time-control",
        "0.05+1",
        "--max-plies",
        "16",
        "--jobs",
        "2",
        "--pgn",
        pgn.to_str().unwrap(),
        "--json",
        json.to_str().unwrap(),
    ]);
    let (stdout, stderr) = (text(&out.stdout), text(&out.stderr));
    assert_eq!(out.status.code(), Some(0), "{stderr}");
    assert!(stdout.contains("clock 0.05+1"), "{stdout}");
    // Two players: each section (standard, Parity, all variants) gives their difference.
    assert_eq!(stdout.matches("Elo difference (").count(), 3, "{stdout}");
    assert!(
        std::fs::read_to_string(&json)
            .unwrap()
            .contains("\"time_control\": \"0.05+1\""),
        "json"
    );
    let games = std::fs::read_to_string(&pgn).unwrap();
    assert_eq!(games.matches("[TimeControl \"3+1\"]").count(), 4, "{games}");
    // Standard games carry `%clk` per ply, Parity games both clocks per turn.
    assert!(games.contains("[%clk 0:00:"), "{games}");
    assert!(games.contains("[%clkw 0:00:"), "{games}");
    let bad = esoterica(&[
        "tournament",
        "--bot",
        "random",
        "--bot",
        "greedy",
        "--time-control",
        "5+",
    ]);
    assert_eq!(bad.status.code(), Some(1), "{}", text(&bad.stderr));
    assert!(
        text(&bad.stderr).contains("--time-control") && text(&bad.stderr).contains("5+"),
        "{}",
        text(&bad.stderr)
    );
}

#[test]
fn tune_fits_the_weights_to_games_or_searched_labels_and_refuses_bad_input() {
    let dir = scratch("tune");
    let pgn = dir.join("games.pgn");
    let out = esoterica(&[
        "match",
        "--variant",
        "bully",
        "--white",
        "alphabeta:3",
        "--black",
        "alphabeta:1",
        "--games",
        "8",
        "--nodes",
        "400",
        "--jobs",
        "2",
        "--pgn",
        pgn.to_str().unwrap(),
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let out = esoterica(&["tune", "--variant", "bully", "--pgn", pgn.to_str().unwrap()]);
    let stdout = text(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert!(stdout.starts_with("bully: 8 games, "), "{stdout}");
    assert!(
        stdout.contains("quiet positions (first 8 plies left out)"),
        "{stdout}"
    );
    assert!(stdout.contains("\nk = "), "{stdout}");
    // Bully tunes its threat weight besides the three common ones, and nothing else.
    for name in ["mobility", "centre", "pawn_step", "threat"] {
        assert!(
            stdout
                .lines()
                .any(|l| l.starts_with(name) && l.contains(" -> ")),
            "{name}: {stdout}"
        );
    }
    assert!(!stdout.contains("held_square"), "{stdout}");
    let loss: Vec<f64> = stdout
        .lines()
        .find(|l| l.starts_with("loss "))
        .expect("a loss line")
        .split_whitespace()
        .filter_map(|w| w.parse().ok())
        .collect();
    assert!(loss.len() >= 2 && loss[1] <= loss[0], "{stdout}");
    // `label` scores the same games' quiet positions by searches, for `tune --labels`.
    let labels = dir.join("searched.txt");
    let out = esoterica(&[
        "label",
        "--variant",
        "bully",
        "--pgn",
        pgn.to_str().unwrap(),
        "--out",
        labels.to_str().unwrap(),
        "--every",
        "3",
        "--nodes",
        "2000",
        "--jobs",
        "2",
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let written = std::fs::read_to_string(&labels).unwrap();
    let mut lines = written.lines();
    let header = lines.next().unwrap();
    assert!(
        header.starts_with("# esoterica label: ") && header.contains("8 bully games"),
        "{header}"
    );
    let scores: Vec<f64> = lines
        .map(|l| {
            let (fen, score) = l.rsplit_once(';').expect("POSITION;SCORE");
            assert_eq!(fen.split(' ').count(), 6, "{l}");
            score.parse().expect("a number")
        })
        .collect();
    assert!(!scores.is_empty());
    assert!(scores.iter().all(|s| (0.0..=1.0).contains(s)), "{scores:?}");
    assert!(
        text(&out.stdout).starts_with(&format!("bully: {} positions labelled", scores.len())),
        "{}",
        text(&out.stdout)
    );
    let fitted = esoterica(&[
        "tune",
        "--variant",
        "bully",
        "--labels",
        labels.to_str().unwrap(),
    ]);
    assert_eq!(fitted.status.code(), Some(0), "{}", text(&fitted.stderr));
    assert!(
        text(&fitted.stdout).starts_with(&format!("bully: {} labelled positions\n", scores.len())),
        "{}",
        text(&fitted.stdout)
    );
    // A file that cannot be written is named, and nothing is searched.
    let nowhere = dir.join("no-such-dir").join("labels.txt");
    let refused = esoterica(&[
        "label",
        "--variant",
        "bully",
        "--pgn",
        pgn.to_str().unwrap(),
        "--out",
        nowhere.to_str().unwrap(),
    ]);
    assert_eq!(refused.status.code(), Some(1));
    assert!(
        text(&refused.stderr).contains("no-such-dir"),
        "{}",
        text(&refused.stderr)
    );
    // `--tables`: the square tables fitted with the weights, written as a Rust module.
    let module = dir.join("tables.rs");
    let tables = esoterica(&[
        "tune",
        "--variant",
        "bully",
        "--labels",
        labels.to_str().unwrap(),
        "--tables",
        module.to_str().unwrap(),
        "--iterations",
        "40",
    ]);
    let stdout = text(&tables.stdout);
    assert_eq!(tables.status.code(), Some(0), "{}", text(&tables.stderr));
    assert!(
        stdout.contains("after 40 gradient steps (square tables and weights)"),
        "{stdout}"
    );
    // The tables take the placement weight's place: it is 100 after the fit.
    assert!(
        stdout
            .lines()
            .any(|l| l.starts_with("placement") && l.split_whitespace().last() == Some("100")),
        "{stdout}"
    );
    let source = std::fs::read_to_string(&module).unwrap();
    assert!(
        source.contains("pub const BULLY_TABLES: [SquareTable; 6] = ["),
        "{source}"
    );
    assert_eq!(source.matches("// rank 8").count(), 6, "{source}");
    // Six kinds, eight ranks, two lines of four squares a rank.
    assert_eq!(source.matches("], [").count(), 6 * 8 * 6, "{source}");
    // Not on the Big Outer board; a module that cannot be written is named.
    let big = esoterica(&[
        "tune",
        "--variant",
        "big-outer",
        "--labels",
        labels.to_str().unwrap(),
        "--tables",
        module.to_str().unwrap(),
    ]);
    assert_eq!(big.status.code(), Some(1));
    assert!(
        text(&big.stderr).contains("--tables: big-outer is not played on the 8×8 board"),
        "{}",
        text(&big.stderr)
    );
    let nowhere_rs = dir.join("no-such-dir").join("tables.rs");
    let refused = esoterica(&[
        "tune",
        "--variant",
        "bully",
        "--labels",
        labels.to_str().unwrap(),
        "--tables",
        nowhere_rs.to_str().unwrap(),
        "--iterations",
        "1",
    ]);
    assert_eq!(refused.status.code(), Some(1));
    assert!(
        text(&refused.stderr).contains("no-such-dir"),
        "{}",
        text(&refused.stderr)
    );
    // Games of another variant give nothing to fit; a missing file is named.
    let other = esoterica(&[
        "tune",
        "--variant",
        "standard",
        "--pgn",
        pgn.to_str().unwrap(),
    ]);
    assert_eq!(other.status.code(), Some(1));
    assert!(
        text(&other.stderr).contains("no quiet position"),
        "{}",
        text(&other.stderr)
    );
    let missing = dir.join("none.pgn");
    let gone = esoterica(&[
        "tune",
        "--variant",
        "bully",
        "--pgn",
        missing.to_str().unwrap(),
    ]);
    assert_eq!(gone.status.code(), Some(1));
    assert!(
        text(&gone.stderr).contains("none.pgn"),
        "{}",
        text(&gone.stderr)
    );
    std::fs::write(&missing, "[Variant \"Bully\"]\n\n1. e2e5 *\n").unwrap();
    let bad = esoterica(&[
        "tune",
        "--variant",
        "bully",
        "--pgn",
        missing.to_str().unwrap(),
    ]);
    assert_eq!(bad.status.code(), Some(1));
    assert!(
        text(&bad.stderr).contains("game 1"),
        "{}",
        text(&bad.stderr)
    );
    // Labelled positions instead of games: a score from 0 to 1 or a result a line.
    let labels = dir.join("labels.txt");
    std::fs::write(
        &labels,
        "# position;White's expected score\n\
         rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1;0.55\n\
         4k3/8/8/8/8/8/8/3QK3 w - - 0 1;1-0\n\
         4k3/8/8/8/8/8/8/3qK3 w - - 0 1;0.02\n",
    )
    .unwrap();
    let labelled = esoterica(&[
        "tune",
        "--variant",
        "standard",
        "--labels",
        labels.to_str().unwrap(),
    ]);
    assert_eq!(
        labelled.status.code(),
        Some(0),
        "{}",
        text(&labelled.stderr)
    );
    assert!(
        text(&labelled.stdout).starts_with("standard: 3 labelled positions\nk = "),
        "{}",
        text(&labelled.stdout)
    );
    std::fs::write(&labels, "4k3/8/8/8/8/8/8/3QK3 w - - 0 1;win\n").unwrap();
    let bad = esoterica(&[
        "tune",
        "--variant",
        "standard",
        "--labels",
        labels.to_str().unwrap(),
    ]);
    assert_eq!(bad.status.code(), Some(1));
    assert!(
        text(&bad.stderr).contains("labels.txt: line 1: score `win`"),
        "{}",
        text(&bad.stderr)
    );
    // Games and labels are one or the other.
    let both = esoterica(&[
        "tune",
        "--variant",
        "standard",
        "--pgn",
        pgn.to_str().unwrap(),
        "--labels",
        labels.to_str().unwrap(),
    ]);
    assert_eq!(both.status.code(), Some(1));
    assert!(
        text(&both.stderr).contains("--labels"),
        "{}",
        text(&both.stderr)
    );
}

/// The arguments of a small deterministic tournament (node budgets, no clock).
const SMALL_TOURNAMENT: [&str; 16] = [
    "tournament",
    "--bot",
    "random",
    "--bot",
    "greedy",
    "--bot",
    "alphabeta:1",
    "--variants",
    "standard,parity",
    "--games-per-pair",
    "4",
    "--nodes",
    "300",
    "--max-plies",
    "60",
    "--jobs=2",
];

#[test]
fn merged_shards_equal_the_unsharded_tournament_byte_for_byte() {
    let dir = scratch("merge");
    let p = |name: &str| dir.join(name).to_str().unwrap().to_string();
    let mut args: Vec<String> = SMALL_TOURNAMENT.iter().map(|s| s.to_string()).collect();
    args.extend(
        [
            "--pgn",
            &p("all.pgn"),
            "--json",
            &p("all.json"),
            "--results",
            &p("all.ron"),
        ]
        .map(String::from),
    );
    let argv: Vec<&str> = args.iter().map(String::as_str).collect();
    let whole = esoterica(&argv);
    assert_eq!(whole.status.code(), Some(0), "{}", text(&whole.stderr));
    let report = text(&whole.stdout);
    // 3 pairings × 2 variants × 4 games.
    assert!(
        report.contains("schedule ") && report.contains(": 24 games, 24 played"),
        "{report}"
    );
    let mut shard_files = Vec::new();
    for k in 0..3 {
        let mut args: Vec<String> = SMALL_TOURNAMENT.iter().map(|s| s.to_string()).collect();
        let file = p(&format!("shard{k}.ron"));
        args.extend([
            "--shard".to_string(),
            format!("{k}/3"),
            "--results".to_string(),
            file.clone(),
        ]);
        let argv: Vec<&str> = args.iter().map(String::as_str).collect();
        let out = esoterica(&argv);
        assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
        assert!(
            text(&out.stdout).contains(": 24 games, 8 played"),
            "{}",
            text(&out.stdout)
        );
        shard_files.push(file);
    }
    // Any order of the shard files.
    let mut args = vec!["tournament".to_string(), "merge".to_string()];
    args.extend([
        shard_files[2].clone(),
        shard_files[0].clone(),
        shard_files[1].clone(),
    ]);
    args.extend(
        [
            "--pgn",
            &p("merged.pgn"),
            "--json",
            &p("merged.json"),
            "--results",
            &p("merged.ron"),
        ]
        .map(String::from),
    );
    let argv: Vec<&str> = args.iter().map(String::as_str).collect();
    let merged = esoterica(&argv);
    assert_eq!(merged.status.code(), Some(0), "{}", text(&merged.stderr));
    assert_eq!(text(&merged.stdout), report);
    for (a, b) in [
        ("all.pgn", "merged.pgn"),
        ("all.json", "merged.json"),
        ("all.ron", "merged.ron"),
    ] {
        let (a, b) = (
            std::fs::read(dir.join(a)).unwrap(),
            std::fs::read(dir.join(b)).unwrap(),
        );
        assert!(!a.is_empty());
        assert!(a == b, "{} differs from its merge", p("all"));
    }
    assert_eq!(
        text(&std::fs::read(dir.join("all.pgn")).unwrap())
            .matches("[Event ")
            .count(),
        24
    );

    // A missing shard, a shard given twice and a foreign file are refused.
    let out = esoterica(&["tournament", "merge", &shard_files[0], &shard_files[1]]);
    assert_eq!(out.status.code(), Some(1));
    assert!(
        text(&out.stderr).starts_with("error: 8 of 24 games missing (indices 2, 5, 8,"),
        "{}",
        text(&out.stderr)
    );
    let out = esoterica(&[
        "tournament",
        "merge",
        &shard_files[0],
        &shard_files[0],
        &shard_files[1],
        &shard_files[2],
    ]);
    assert_eq!(out.status.code(), Some(1));
    assert!(
        text(&out.stderr).contains("game 0 is in both"),
        "{}",
        text(&out.stderr)
    );
}

#[test]
fn bad_tournament_input_gets_a_clear_error_and_no_panic() {
    let dir = scratch("bad-tournament");
    let p = |name: &str| dir.join(name).to_str().unwrap().to_string();
    let base = [
        "tournament",
        "--bot",
        "random",
        "--bot",
        "greedy",
        "--nodes",
        "100",
        "--max-plies",
        "20",
    ];
    let run = |extra: &[&str]| {
        let mut args = base.to_vec();
        args.extend(extra);
        let out = esoterica(&args);
        assert_eq!(
            out.status.code(),
            Some(1),
            "{extra:?}: {}",
            text(&out.stderr)
        );
        assert!(!text(&out.stderr).contains("panicked"), "{extra:?}");
        text(&out.stderr)
    };
    let results = p("r.ron");
    for (shard, why) in [
        ("3/3", "not '3/3'"),
        ("1", "not '1'"),
        ("-1/2", "not '-1/2'"),
        ("0/0", "not '0/0'"),
        ("a/b", "not 'a/b'"),
    ] {
        let e = run(&[&format!("--shard={shard}"), "--results", &results]);
        assert_eq!(
            e,
            format!("error: --shard must be K/N with 0 ≤ K < N (e.g. 0/4), {why}\n")
        );
    }
    assert_eq!(
        run(&["--shard", "0/2"]),
        "error: --shard needs --results FILE (the shard's games, for merge)\n"
    );
    // A negative window would keep no opening at all.
    let out = esoterica(&[
        "tournament",
        "openings",
        "--variant",
        "standard",
        "--window",
        "-5",
    ]);
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(
        text(&out.stderr),
        "error: --window must be at least 0 (centipawns), not -5\n"
    );
    // `all` with another name would drop the other name unread.
    assert_eq!(
        run(&["--variants", "all,foo"]),
        "error: --variants all stands alone (it names every variant)\n"
    );
    assert_eq!(
        run(&["--games-per-pair", "3"]),
        "error: games per pair must be even and at least 2 (each opening is played with both colours), not 3\n"
    );
    assert!(run(&["--sprt", "elo0=5", "elo1=0"]).contains("elo1 (0) must be above elo0 (5)"));
    // Bounds whose log-likelihood ratio is not a number are refused before any game.
    assert_eq!(
        run(&["--sprt", "elo0=0", "elo1=1e308"]),
        "error: --sprt: elo1=1e308 gives an expected score of 100%, which no test can reach \
         (the log-likelihood ratio is not a number); use a smaller Elo difference\n"
    );

    // Opening files: an illegal move, a line that ends the game, a folder without the file.
    let openings = p("open.txt");
    std::fs::write(
        &openings,
        "e2e4 e7e5  # fine\n\n# a comment\ne2e4 e7e5 e1e3\n",
    )
    .unwrap();
    assert_eq!(
        run(&["--openings", &openings]),
        "error: open.txt: opening 2 ('e2e4 e7e5 e1e3'): position: move 3 'e1e3': not a legal move of white in rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2\n"
    );
    std::fs::write(&openings, "f2f3 e7e5 g2g4 d8h4\n").unwrap();
    assert!(
        run(&["--openings", &openings])
            .contains("the opening ends the game (Black wins by checkmate)")
    );
    // An empty file (or only comments) is not the initial position.
    std::fs::write(&openings, "# nothing yet\n\n").unwrap();
    assert_eq!(
        run(&["--openings", &openings]),
        "error: open.txt: no openings (only comments and blank lines); for the initial \
         position give --openings none\n"
    );
    // A line that brings the start position back a third time.
    std::fs::write(
        &openings,
        "e2e4\ng1f3 g8f6 f3g1 f6g8 g1f3 g8f6 f3g1 f6g8 d2d4\n",
    )
    .unwrap();
    assert_eq!(
        run(&["--openings", &openings]),
        "error: open.txt: opening 2 ('g1f3 g8f6 f3g1 f6g8 g1f3 g8f6 f3g1 f6g8 d2d4'): move 8 \
         'f6g8' repeats a position for the third time: the game would be drawn by threefold \
         repetition\n"
    );
    std::fs::write(&openings, [0xff, 0xfe, 0x00]).unwrap();
    assert_eq!(
        run(&["--openings", &openings]),
        format!("error: {openings}: not UTF-8 text\n")
    );
    assert!(
        run(&["--variants", "standard,bully", "--openings", &openings])
            .contains("give a folder of <variant>.txt files")
    );
    let e = run(&[
        "--variants",
        "standard,bully",
        "--openings",
        dir.to_str().unwrap(),
    ]);
    assert!(
        e.starts_with("error: ") && e.contains("standard.txt"),
        "{e}"
    );

    // Result files: not RON, another format, cut short, and a missing file.
    let merge = |file: &str| {
        let out = esoterica(&["tournament", "merge", file]);
        assert_eq!(out.status.code(), Some(1), "{}", text(&out.stderr));
        text(&out.stderr)
    };
    let bad = p("bad.ron");
    std::fs::write(&bad, "this is not a result file").unwrap();
    assert!(merge(&bad).starts_with(&format!("error: {bad}: not a tournament result file: ")));
    let out = esoterica(&[
        "tournament",
        "--bot",
        "random",
        "--bot",
        "greedy",
        "--nodes",
        "100",
        "--max-plies",
        "20",
        "--results",
        &results,
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let good = std::fs::read_to_string(&results).unwrap();
    std::fs::write(
        &bad,
        good.replace(
            "esoterica-tournament-results 2",
            "esoterica-tournament-results 9",
        ),
    )
    .unwrap();
    assert!(merge(&bad).contains(
        "format 'esoterica-tournament-results 9', expected 'esoterica-tournament-results 2'"
    ));
    std::fs::write(&bad, &good[..good.len() / 2]).unwrap();
    assert!(merge(&bad).starts_with(&format!("error: {bad}: not a tournament result file: ")));
    // A game edited by hand (its result, its index) does not match the file's checksum.
    let mut edits = 0;
    for (from, to) in [
        ("result: \"1-0\"", "result: \"0-1\""),
        ("result: \"0-1\"", "result: \"1-0\""),
        ("result: \"1/2-1/2\"", "result: \"1-0\""),
        ("index: 1,", "index: 7,"),
    ] {
        let edited = good.replacen(from, to, 1);
        if edited == good {
            continue; // the two games had other results
        }
        edits += 1;
        std::fs::write(&bad, edited).unwrap();
        let e = merge(&bad);
        assert!(
            e.starts_with(&format!("error: {bad}: its checksum "))
                && e.contains("does not match its games and schedule"),
            "{from}: {e}"
        );
    }
    assert!(edits >= 2, "{edits} edits");
    assert!(merge(&p("missing.ron")).starts_with(&format!("error: {}: ", p("missing.ron"))));
}

#[test]
fn sprt_stops_as_soon_as_a_clearly_stronger_bot_is_shown_stronger() {
    let out = esoterica(&[
        "tournament",
        "--bot",
        "alphabeta:1",
        "--bot",
        "random",
        "--sprt",
        "elo0=0",
        "elo1=50",
        "--nodes",
        "500",
        "--max-plies",
        "100",
        "--jobs",
        "1",
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let report = text(&out.stdout);
    // 23 won pairs take the LLR over ln(0.95 / 0.05) = 2.944; the test stops there.
    assert!(
        report.contains(
            "SPRT (pentanomial, logistic Elo) elo0=0 elo1=50 alpha=0.05 beta=0.05: alphabeta:1 vs random\n\
             LLR 3.073 (bounds -2.944, 2.944) after 46 games (23 pairs)\n\
             pairs by alphabeta:1's points [0, ½, 1, 1½, 2]: [0, 0, 0, 0, 23]; Elo undefined at a 0% or 100% score\n\
             H1 accepted (Elo 50 rather than 0): alphabeta:1 is stronger than random\n"
        ),
        "{report}"
    );
    assert!(
        text(&out.stderr).contains("LLR 3.07 (-2.94, 2.94)"),
        "{}",
        text(&out.stderr)
    );
}

/// `esoterica analyse`'s stdout lines, asserting exit status 0.
fn analyse(args: &[&str]) -> Vec<String> {
    let mut all = vec!["analyse"];
    all.extend(args);
    let out = esoterica(&all);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    text(&out.stdout).lines().map(str::to_owned).collect()
}

#[test]
fn analyse_finds_a_mate_in_one_in_every_variant() {
    let cases = [
        ("standard", "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1", "a1a8"),
        ("force-field", "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1", "a1a8"),
        ("bully", "6k1/5ppp/8/8/4b3/8/8/R5K1 w - - 0 1", "a1a8"),
        ("nonviolent", "6k1/5ppp/8/8/4b3/8/8/R5K1 w - - 0 1", "a1a8"),
        (
            "big-outer",
            "10k1/9ppp/12/12/12/12/12/12/12/12/12/R9K1 ---- w - - 0 1",
            "a1a12",
        ),
        ("intrachange", "8/4k3/3P4/8/8/8/8/K7 w - - 0 1", "d6e7"),
    ];
    for (v, pos, mv) in cases {
        let lines = analyse(&["--variant", v, "--position", pos, "--depth", "4"]);
        let last_info = &lines[lines.len() - 2];
        assert!(
            last_info.starts_with("info depth ")
                && last_info.contains(" multipv 1 score mate 1 nodes "),
            "{v}: {last_info}"
        );
        assert!(
            last_info.ends_with(&format!(" pv {mv}")),
            "{v}: {last_info}"
        );
        assert_eq!(lines.last().unwrap(), &format!("bestmove {mv}"), "{v}");
    }
    // Parity and Single Occupation: a Knight commit opens the Rook's file; every Black
    // commit is then mated.
    for v in ["parity", "parity-single"] {
        let lines = analyse(&[
            "--variant",
            v,
            "--position",
            "7k/p4K2/8/8/7N/8/8/7R w - - 0 1 -/-",
            "--multipv",
            "2",
        ]);
        assert_eq!(lines.len(), 3, "{v}: {lines:?}");
        for (k, l) in lines[..2].iter().enumerate() {
            assert!(
                l.starts_with(&format!(
                    "info depth 1 multipv {} score mate 1 nodes ",
                    k + 1
                )),
                "{v}: {l}"
            );
            assert!(l.contains(" pv h4"), "{v}: {l}");
        }
        assert!(lines[2].starts_with("bestmove h4"), "{v}: {lines:?}");
    }
}

#[test]
fn analyse_multipv_lines_have_distinct_first_moves_in_score_order() {
    let lines = analyse(&[
        "--variant",
        "standard",
        "--position",
        "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1",
        "--depth",
        "3",
        "--multipv",
        "3",
    ]);
    // The last info line of each multipv rank.
    let mut finals: Vec<&String> = Vec::new();
    for k in 1..=3 {
        let tag = format!(" multipv {k} ");
        finals.push(lines.iter().rev().find(|l| l.contains(&tag)).unwrap());
    }
    assert!(finals[0].contains("score mate 1"), "{}", finals[0]);
    let first = |l: &str| {
        l.split(" pv ")
            .nth(1)
            .unwrap()
            .split(' ')
            .next()
            .unwrap()
            .to_owned()
    };
    let cp = |l: &str| -> i32 {
        l.split(" score cp ")
            .nth(1)
            .unwrap()
            .split(' ')
            .next()
            .unwrap()
            .parse()
            .unwrap()
    };
    let mut moves: Vec<String> = finals.iter().map(|l| first(l)).collect();
    assert_eq!(moves[0], "a1a8");
    assert!(cp(finals[1]) >= cp(finals[2]), "{finals:?}");
    moves.sort();
    moves.dedup();
    assert_eq!(moves.len(), 3);
    assert_eq!(lines.last().unwrap(), "bestmove a1a8");
}

#[test]
fn analyse_after_moves_plays_them_first_and_a_finished_game_has_no_best_move() {
    // 1. f3 e5 2. g4 Qh4#: White is mated.
    let lines = analyse(&["--variant", "standard", "--moves", "f3 e5 g4 Qh4"]);
    assert_eq!(
        lines,
        [
            "info string game over: Black wins by checkmate",
            "bestmove (none)"
        ]
    );
    // One move before: Black finds the mate.
    let lines = analyse(&[
        "--variant",
        "standard",
        "--moves",
        "f3",
        "e5",
        "g4",
        "--depth",
        "3",
    ]);
    assert_eq!(lines.last().unwrap(), "bestmove d8h4");
}

#[test]
fn analyse_threats_show_the_other_sides_move() {
    let lines = analyse(&[
        "--variant",
        "standard",
        "--position",
        "6k1/5ppp/8/8/8/8/8/R5K1 b - - 0 1",
        "--threats",
        "--depth",
        "2",
    ]);
    assert_eq!(lines.last().unwrap(), "bestmove a1a8");
    let out = esoterica(&[
        "analyse",
        "--variant",
        "standard",
        "--position",
        "6k1/5p1p/8/8/8/8/8/K5R1 b - - 0 1",
        "--threats",
    ]);
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(
        text(&out.stderr),
        "error: no threats to show: Black is in check, so it cannot be White's move\n"
    );
}

#[test]
fn analyse_refuses_bad_input_with_a_message() {
    let cases: [(&[&str], i32, &str); 6] = [
        (
            &["--variant", "standard", "--multipv", "0"],
            1,
            "error: multipv must be 1 to 32, not 0\n",
        ),
        (
            &["--variant", "standard", "--multipv", "1000"],
            1,
            "error: multipv must be 1 to 32, not 1000\n",
        ),
        (
            &["--variant", "standard", "--position", "xx"],
            1,
            "error: bad position text (position): expected 4 to 6 space-separated fields for Standard, found 1\n",
        ),
        (
            &["--variant", "standard", "--side", "black"],
            1,
            "error: it is White's move in this position\n",
        ),
        (
            &["--variant", "parity", "--side", "green"],
            1,
            "error: --side must be white or black, not 'green'\n",
        ),
        (&["--variant", "standard", "--moves", "e5"], 2, ""),
    ];
    for (args, code, err) in cases {
        let mut all = vec!["analyse"];
        all.extend(args);
        let out = esoterica(&all);
        assert_eq!(
            out.status.code(),
            Some(code),
            "{args:?}: {}",
            text(&out.stderr)
        );
        assert!(out.stdout.is_empty(), "{args:?}");
        if err.is_empty() {
            assert!(text(&out.stderr).starts_with("error: "), "{args:?}");
        } else {
            assert_eq!(text(&out.stderr), err, "{args:?}");
        }
    }
    let out = esoterica(&["analyse", "--variant", "chess960"]);
    assert_eq!(out.status.code(), Some(1));
    assert!(
        text(&out.stderr).contains("unknown variant 'chess960'"),
        "{}",
        text(&out.stderr)
    );
    for bad in [["--level", "0"], ["--depth", "0"]] {
        let mut all = vec!["analyse", "--variant", "standard"];
        all.extend(bad);
        assert_eq!(esoterica(&all).status.code(), Some(1), "{bad:?}");
    }
}

#[test]
fn match_on_a_clock_writes_the_time_control_and_every_clock_reading() {
    let dir = scratch("match-clock");
    let pgn = dir.join("games.pgn");
    let out = esoterica(&[
        "match",
        "--variant",
        "standard",
        "--white",
        "alphabeta:8",
        "--black",
        "greedy",
        "--games",
        "2",
        "--time-control",
        "0.05+1",
        "--max-plies",
        "20",
        "--jobs",
        "1",
        "--pgn",
        pgn.to_str().unwrap(),
    ]);
    let (stdout, stderr) = (text(&out.stdout), text(&out.stderr));
    assert_eq!(out.status.code(), Some(0), "{stderr}");
    assert!(stdout.contains("\n2 games in "), "{stdout}");
    let games = std::fs::read_to_string(&pgn).unwrap();
    assert_eq!(games.matches("[TimeControl \"3+1\"]").count(), 2, "{games}");
    // 3 s and 1 s a move, at most 20 plies: every reading stays under 20 s. Greedy falls
    // into quick mates, so the games are short; each ply still has its reading.
    let clk: Vec<&str> = games.split("[%clk ").skip(1).collect();
    let plies: usize = games
        .lines()
        .filter(|l| !l.starts_with('['))
        .flat_map(|l| l.split_whitespace())
        .filter(|w| w.chars().next().is_some_and(|c| c.is_ascii_alphabetic()))
        .count();
    assert!(
        clk.len() >= 4 && clk.len() == plies,
        "{} readings, {plies} plies: {games}",
        clk.len()
    );
    assert!(
        clk.iter()
            .all(|c| c.starts_with("0:00:0") || c.starts_with("0:00:1")),
        "{games}"
    );
    let bad = esoterica(&[
        "match",
        "--variant",
        "standard",
        "--white",
        "random",
        "--black",
        "random",
        "--time-control",
        "five",
    ]);
    assert_eq!(bad.status.code(), Some(1));
    assert!(
        text(&bad.stderr).contains("--time-control"),
        "{}",
        text(&bad.stderr)
    );
}

#[test]
fn a_time_control_without_base_time_is_refused_before_any_game() {
    for tc in ["0+1", "0d1", "0.0+5"] {
        let mut args = vec![
            "match",
            "--variant",
            "standard",
            "--white",
            "random",
            "--black",
            "random",
            "--games",
            "2",
            "--time-control",
        ];
        args.push(tc);
        let out = esoterica(&args);
        let stderr = text(&out.stderr);
        assert_eq!(out.status.code(), Some(1), "{tc}: {stderr}");
        assert_eq!(
            stderr,
            format!(
                "error: --time-control: time control '{tc}': the base time must be more than \
                 0 minutes (with none, both clocks run out before the first move)\n"
            )
        );
        assert!(text(&out.stdout).is_empty(), "{tc}: {}", text(&out.stdout));
        let tournament = esoterica(&[
            "tournament",
            "--bot",
            "random",
            "--bot",
            "greedy",
            "--time-control",
            tc,
        ]);
        let stderr = text(&tournament.stderr);
        assert_eq!(tournament.status.code(), Some(1), "{tc}: {stderr}");
        assert!(
            stderr.starts_with("error: ")
                && stderr.contains("the base time must be more than 0 minutes")
                && !stderr.contains("panicked"),
            "{tc}: {stderr}"
        );
    }
}

/// Runs the binary with a deadline: `None` if it was still running after `secs` (then
/// killed), so that a command that blocks fails its test instead of hanging it.
fn esoterica_within(args: &[&str], secs: u64) -> Option<Output> {
    let mut child = Command::new(env!("CARGO_BIN_EXE_esoterica"))
        .args(args)
        .stdin(std::process::Stdio::null())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .expect("the esoterica binary runs");
    let until = std::time::Instant::now() + std::time::Duration::from_secs(secs);
    while child.try_wait().unwrap().is_none() {
        if std::time::Instant::now() > until {
            let _ = child.kill();
            let _ = child.wait();
            return None;
        }
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    Some(child.wait_with_output().unwrap())
}

#[cfg(unix)]
fn mkfifo(path: &std::path::Path) {
    let made = Command::new("mkfifo").arg(path).status().unwrap();
    assert!(made.success());
}

#[cfg(unix)]
fn is_fifo(path: &std::path::Path) -> bool {
    use std::os::unix::fs::FileTypeExt as _;
    std::fs::metadata(path).is_ok_and(|m| m.file_type().is_fifo())
}

const TINY_MATCH: [&str; 10] = [
    "match",
    "--variant",
    "standard",
    "--white",
    "random",
    "--black",
    "random",
    "--max-plies",
    "10",
    "--games",
];

/// A stdout that cannot be written (`> /dev/full`) is an error exit (1, not a panic's 101)
/// and the `--pgn` and `--json` files are written all the same.
#[cfg(target_os = "linux")]
#[test]
fn match_writes_its_files_when_stdout_cannot_be_written() {
    let dir = scratch("stdout-full");
    let (pgn, json) = (dir.join("g.pgn"), dir.join("r.json"));
    let mut args = TINY_MATCH.to_vec();
    args.extend([
        "2",
        "--pgn",
        pgn.to_str().unwrap(),
        "--json",
        json.to_str().unwrap(),
    ]);
    let full = std::fs::OpenOptions::new()
        .write(true)
        .open("/dev/full")
        .unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_esoterica"))
        .args(&args)
        .stdout(full)
        .output()
        .unwrap();
    let err = text(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert!(
        err.ends_with(
            "error: cannot write to standard output: No space left on device (os error 28)\n"
        ),
        "{err}"
    );
    let j = std::fs::read_to_string(&json).unwrap();
    assert!(j.starts_with("{\"games\": 2, "), "{j}");
    let p = std::fs::read_to_string(&pgn).unwrap();
    assert_eq!(p.matches("[Event \"Esoterica match\"]").count(), 2, "{p}");
}

/// Output files: a FIFO (or a device) is refused and left as it is, never opened (a FIFO
/// would block) nor replaced; a file another process holds locked is refused and left as
/// it is; `--pgn` and `--json` may not name one file.
#[cfg(unix)]
#[test]
fn outputs_that_are_not_regular_files_or_are_held_by_another_run_are_refused() {
    let dir = scratch("outputs");
    let fifo = dir.join("out.fifo");
    mkfifo(&fifo);
    let fifo_s = fifo.to_str().unwrap();
    let tour = [
        "tournament",
        "--bot",
        "random",
        "--bot",
        "greedy",
        "--max-plies",
        "4",
        "--openings",
        "none",
    ];
    let shard = dir.join("r.ron");
    let mut make_shard = tour.to_vec();
    make_shard.extend(["--results", shard.to_str().unwrap()]);
    assert_eq!(esoterica(&make_shard).status.code(), Some(0));
    let mut runs: Vec<Vec<&str>> = Vec::new();
    for flag in ["--results", "--pgn", "--json"] {
        let mut a = tour.to_vec();
        a.extend([flag, fifo_s]);
        runs.push(a);
        runs.push(vec![
            "tournament",
            "merge",
            shard.to_str().unwrap(),
            flag,
            fifo_s,
        ]);
    }
    for flag in ["--pgn", "--json"] {
        let mut a = TINY_MATCH.to_vec();
        a.extend(["2", flag, fifo_s]);
        runs.push(a);
    }
    for args in &runs {
        let out = esoterica_within(args, 20).unwrap_or_else(|| panic!("{args:?} blocked"));
        assert_eq!(out.status.code(), Some(1), "{args:?}");
        assert_eq!(
            text(&out.stderr),
            format!("error: cannot write {fifo_s}: it is a FIFO, not a regular file\n"),
            "{args:?}"
        );
        assert!(is_fifo(&fifo), "{args:?} replaced the FIFO");
    }
    // A PGN another run is writing (its lock held here) is neither emptied nor written.
    let held = dir.join("held.pgn");
    std::fs::write(&held, "[Event \"the other run\"]\n").unwrap();
    let f = std::fs::OpenOptions::new().write(true).open(&held).unwrap();
    f.try_lock().unwrap();
    for args in [
        {
            let mut a = TINY_MATCH.to_vec();
            a.extend(["2", "--pgn", held.to_str().unwrap()]);
            a
        },
        {
            let mut a = tour.to_vec();
            a.extend(["--pgn", held.to_str().unwrap()]);
            a
        },
    ] {
        let out = esoterica(&args);
        assert_eq!(out.status.code(), Some(1), "{args:?}");
        assert_eq!(
            text(&out.stderr),
            format!(
                "error: cannot write {}: another run is writing it (the file is locked)\n",
                held.display()
            )
        );
        assert_eq!(
            std::fs::read_to_string(&held).unwrap(),
            "[Event \"the other run\"]\n"
        );
    }
    drop(f);
    let same = dir.join("same.txt");
    let mut a = TINY_MATCH.to_vec();
    a.extend([
        "2",
        "--pgn",
        same.to_str().unwrap(),
        "--json",
        same.to_str().unwrap(),
    ]);
    let out = esoterica(&a);
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(
        text(&out.stderr),
        format!(
            "error: --pgn and --json name the same file {}\n",
            same.display()
        )
    );
}

/// A PGN write that fails mid-run (here the file-size limit of `ulimit -f`, as a full disk
/// would) stops the match at once; the file keeps the whole games written before it (the
/// failed game's part is cut off again), the JSON is still written and the error says how
/// many games are kept.
#[cfg(target_os = "linux")]
#[test]
fn a_pgn_write_error_mid_run_stops_the_match_and_keeps_the_whole_games() {
    let dir = scratch("pgn-full");
    let (pgn, json) = (dir.join("g.pgn"), dir.join("r.json"));
    let mut args = vec![
        "-c",
        "ulimit -f 4; trap '' XFSZ; exec \"$0\" \"$@\"",
        env!("CARGO_BIN_EXE_esoterica"),
    ];
    args.extend(TINY_MATCH);
    args.extend([
        "1000",
        "--jobs",
        "1",
        "--pgn",
        pgn.to_str().unwrap(),
        "--json",
        json.to_str().unwrap(),
    ]);
    let out = Command::new("/bin/sh").args(&args).output().unwrap();
    let err = text(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{err}");
    let p = std::fs::read_to_string(&pgn).unwrap();
    let kept = p.matches("[Event \"Esoterica match\"]").count();
    assert!(
        kept >= 1 && p.len() <= 2048,
        "{kept} games, {} bytes",
        p.len()
    );
    assert!(p.ends_with(" 1/2-1/2\n"), "the last game is cut: {p}");
    let stop = format!(
        "error: cannot write {}: File too large (os error 27); the match stopped after game {}: \
         {kept} games are kept in {}\n",
        pgn.display(),
        kept + 1,
        pgn.display()
    );
    assert!(err.ends_with(&stop), "{err}");
    let j = std::fs::read_to_string(&json).unwrap();
    assert!(
        j.starts_with(&format!("{{\"games\": {}, ", kept + 1)),
        "{j}"
    );
}

/// Inputs: a FIFO as an opening file, a result file or a scene is refused at once (opening
/// it would wait for a writer forever), and so is `/dev/zero` (it never ends).
#[cfg(unix)]
#[test]
fn inputs_that_are_not_regular_files_are_refused_at_once() {
    let dir = scratch("inputs");
    let fifo = dir.join("in.fifo");
    mkfifo(&fifo);
    let fifo_s = fifo.to_str().unwrap();
    let mut cases: Vec<(Vec<&str>, String)> = Vec::new();
    for input in [fifo_s, "/dev/zero"] {
        let kind = if input == fifo_s {
            "a FIFO"
        } else {
            "a character device"
        };
        cases.push((
            vec![
                "tournament",
                "--bot",
                "random",
                "--bot",
                "greedy",
                "--openings",
                input,
            ],
            format!("error: cannot open {input}: it is {kind}, not a regular file\n"),
        ));
        cases.push((
            vec!["tournament", "merge", input],
            format!("error: {input}: it is {kind}, not a regular file\n"),
        ));
        cases.push((
            vec!["scene", input],
            format!("error: {input}: cannot open {input}: it is {kind}, not a regular file\n"),
        ));
    }
    for (args, says) in cases {
        let out = esoterica_within(&args, 20).unwrap_or_else(|| panic!("{args:?} blocked"));
        assert_eq!(out.status.code(), Some(1), "{args:?}");
        assert_eq!(text(&out.stderr), says, "{args:?}");
    }
}

/// The Parity research bots start from the command line as a user names them: a match
/// of the exploiter against the pure bot at a node budget plays its games (each bot named
/// in the table), and a bad level or margin is refused with the spec's message.
#[test]
fn match_runs_the_exploiter_against_the_pure_bot() {
    let out = esoterica(&[
        "match",
        "--variant",
        "parity-single",
        "--white",
        "exploit:3",
        "--black",
        "pure:3",
        "--games",
        "2",
        "--nodes",
        "1500",
        "--jobs",
        "1",
        "--max-plies",
        "40",
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let stdout = text(&out.stdout);
    assert!(stdout.contains("Single Occupation — 2 games"), "{stdout}");
    assert!(stdout.contains("exploit:3"), "{stdout}");
    assert!(stdout.contains("pure:3"), "{stdout}");
    for bad in ["exploit:0", "mixed:8", "mixed:8:-1"] {
        let out = esoterica(&[
            "match",
            "--variant",
            "parity",
            "--white",
            bad,
            "--black",
            "pure:3",
        ]);
        assert_eq!(out.status.code(), Some(1), "{bad}");
        let err = text(&out.stderr);
        assert!(
            err.contains("level must be 1 to 9") || err.contains("unknown bot"),
            "{bad}: {err}"
        );
    }
}
