//! External bots: a program that speaks the line protocol of `docs/bot-protocol.md` (UCI
//! with a few additions) on stdin/stdout. A standard UCI engine plays the standard variant
//! as it is.
//!
//! Safety: the program is started without a shell (its argument vector comes from
//! [`split_command`]); its stderr is discarded; every line it writes is read by a reader
//! thread and every line sent to it goes through a writer thread, both over channels, so a
//! silent, stuck or deaf program never blocks the host: every wait has a deadline. Lines longer than [`MAX_LINE_BYTES`] or more than
//! [`MAX_TOTAL_BYTES`] in all end the conversation. Every move is checked against the legal
//! moves. Any failure (garbage, illegal move, timeout, exit) kills the process, and the next
//! call reports it through [`Bot::fault`].

use std::io::{BufRead, BufReader, Read, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{Receiver, RecvTimeoutError, Sender, channel};
use std::time::{Duration, Instant};

use super::{Bot, SearchControl, SearchLimits};
use crate::rules::{Color, Move, Position, TurnModel, Variant};

/// The longest line accepted from a bot, in bytes.
pub const MAX_LINE_BYTES: usize = 4096;
/// The most bytes read from a bot over its whole life.
pub const MAX_TOTAL_BYTES: u64 = 16 * 1024 * 1024;
/// Move time sent when the host gives none, in milliseconds.
pub const DEFAULT_MOVETIME_MS: u64 = 1000;
/// Option a bot advertises to receive `legalmoves …` hint lines.
pub const LEGAL_MOVES_OPTION: &str = "Esoterica_LegalMoves";

/// Splits a command line into arguments like a POSIX shell does for words: blanks separate
/// words; single quotes keep everything literally; double quotes keep everything but `\"`
/// and `\\`; a backslash outside quotes escapes the next character. No expansion of any
/// kind happens and no shell runs.
///
/// # Errors
/// A message for an unclosed quote or a trailing backslash.
///
/// # Examples
/// ```
/// use esoterica::bots::external::split_command;
/// assert_eq!(split_command(r#"a 'b c' "d \"e\"" f\ g"#).unwrap(), ["a", "b c", "d \"e\"", "f g"]);
/// ```
pub fn split_command(text: &str) -> Result<Vec<String>, String> {
    let mut out = Vec::new();
    let mut cur = String::new();
    let mut in_word = false;
    let mut chars = text.chars();
    while let Some(c) = chars.next() {
        match c {
            '\'' => {
                in_word = true;
                loop {
                    match chars.next() {
                        Some('\'') => break,
                        Some(d) => cur.push(d),
                        None => return Err("unclosed single quote in the command line".into()),
                    }
                }
            }
            '"' => {
                in_word = true;
                loop {
                    match chars.next() {
                        Some('"') => break,
                        Some('\\') => match chars.next() {
                            Some(d @ ('"' | '\\')) => cur.push(d),
                            Some(d) => {
                                cur.push('\\');
                                cur.push(d);
                            }
                            None => return Err("unclosed double quote in the command line".into()),
                        },
                        Some(d) => cur.push(d),
                        None => return Err("unclosed double quote in the command line".into()),
                    }
                }
            }
            '\\' => match chars.next() {
                Some(d) => {
                    in_word = true;
                    cur.push(d);
                }
                None => return Err("trailing backslash in the command line".into()),
            },
            c if c.is_whitespace() => {
                if in_word {
                    out.push(std::mem::take(&mut cur));
                    in_word = false;
                }
            }
            c => {
                in_word = true;
                cur.push(c);
            }
        }
    }
    if in_word {
        out.push(cur);
    }
    Ok(out)
}

/// Joins arguments back into a command line that [`split_command`] reads as the same list.
pub fn join_command(argv: &[String]) -> String {
    argv.iter()
        .map(|a| {
            if !a.is_empty()
                && a.chars()
                    .all(|c| c.is_ascii_alphanumeric() || "-_./=:,+@%".contains(c))
            {
                a.clone()
            } else {
                format!("'{}'", a.replace('\'', r"'\''"))
            }
        })
        .collect::<Vec<_>>()
        .join(" ")
}

/// What the reader thread hands over.
#[derive(Debug)]
enum Incoming {
    Line(String),
    TooLong,
    TooMuch,
    Closed,
}

struct Process {
    child: Child,
    /// Lines for the writer thread (writes never block the host, even when the bot stops
    /// reading and the pipe fills up).
    input: Sender<String>,
    rx: Receiver<Incoming>,
}

impl Process {
    fn kill(mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// A bot running as a separate program (see the module docs and `docs/bot-protocol.md`).
pub struct ExternalBot {
    name: String,
    argv: Vec<String>,
    proc: Option<Process>,
    variant: Option<Variant>,
    legal_hint: bool,
    dead: bool,
    fault: Option<String>,
    engine_name: Option<String>,
    /// Extra time allowed beyond the move time before the bot is declared too slow.
    pub grace: Duration,
    /// Time allowed for the start-up handshake (`uci` … `uciok`, `isready` … `readyok`).
    pub handshake_timeout: Duration,
}

impl ExternalBot {
    /// A bot that runs `argv` (program, then arguments) when first asked for a move.
    /// The seed is not passed on: external bots seed themselves.
    pub fn new(argv: Vec<String>, _seed: u64) -> ExternalBot {
        ExternalBot {
            name: format!("ext:{}", join_command(&argv)),
            argv,
            proc: None,
            variant: None,
            legal_hint: false,
            dead: false,
            fault: None,
            engine_name: None,
            grace: Duration::from_millis(1000),
            handshake_timeout: Duration::from_secs(10),
        }
    }

    /// The name the program gave in `id name …`, once started.
    pub fn engine_name(&self) -> Option<&str> {
        self.engine_name.as_deref()
    }

    fn fail(&mut self, why: String) -> Option<Move> {
        if let Some(p) = self.proc.take() {
            p.kill();
        }
        self.dead = true;
        self.fault = Some(why);
        None
    }

    fn send(&mut self, line: &str) -> Result<(), String> {
        let p = self.proc.as_mut().ok_or("the bot is not running")?;
        p.input
            .send(line.to_string())
            .map_err(|_| "the bot stopped reading its input; it has probably exited".to_string())
    }

    /// Waits for a line, until `deadline`. Lines are trimmed.
    fn recv(&mut self, deadline: Instant, what: &str) -> Result<String, String> {
        let p = self.proc.as_mut().ok_or("the bot is not running")?;
        let left = deadline.saturating_duration_since(Instant::now());
        match p.rx.recv_timeout(left) {
            Ok(Incoming::Line(l)) => Ok(l),
            Ok(Incoming::TooLong) => Err(format!(
                "the bot wrote a line longer than {MAX_LINE_BYTES} bytes"
            )),
            Ok(Incoming::TooMuch) => {
                Err(format!("the bot wrote more than {MAX_TOTAL_BYTES} bytes"))
            }
            Ok(Incoming::Closed) | Err(RecvTimeoutError::Disconnected) => {
                // The output closes a moment before the exit status is ready.
                let until = Instant::now() + Duration::from_millis(300);
                let mut status = p.child.try_wait().ok().flatten();
                while status.is_none() && Instant::now() < until {
                    std::thread::sleep(Duration::from_millis(5));
                    status = p.child.try_wait().ok().flatten();
                }
                Err(match status {
                    Some(s) => format!("the bot exited ({s}) while the host waited for {what}"),
                    None => format!("the bot closed its output while the host waited for {what}"),
                })
            }
            Err(RecvTimeoutError::Timeout) => Err(format!("no {what} from the bot in time")),
        }
    }

    fn start(&mut self, variant: Variant) -> Result<(), String> {
        let (prog, args) = self.argv.split_first().ok_or("empty command line")?;
        let mut child = Command::new(prog)
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .map_err(|e| format!("cannot start '{prog}': {e}"))?;
        let (Some(stdin), Some(stdout)) = (child.stdin.take(), child.stdout.take()) else {
            let _ = child.kill();
            return Err("cannot connect to the bot's input and output".into());
        };
        let (tx, rx) = channel();
        std::thread::Builder::new()
            .name("esoterica-bot-reader".into())
            .spawn(move || {
                let mut reader = BufReader::new(stdout);
                let mut total = 0u64;
                loop {
                    let mut buf = Vec::new();
                    // A read error counts as the end of the output.
                    let n = (&mut reader)
                        .take(MAX_LINE_BYTES as u64 + 1)
                        .read_until(b'\n', &mut buf)
                        .unwrap_or_default();
                    if n == 0 {
                        let _ = tx.send(Incoming::Closed);
                        return;
                    }
                    total += n as u64;
                    if total > MAX_TOTAL_BYTES {
                        let _ = tx.send(Incoming::TooMuch);
                        return;
                    }
                    if buf.last() != Some(&b'\n') && buf.len() > MAX_LINE_BYTES {
                        let _ = tx.send(Incoming::TooLong);
                        return;
                    }
                    let line = String::from_utf8_lossy(&buf).trim().to_string();
                    if tx.send(Incoming::Line(line)).is_err() {
                        return;
                    }
                }
            })
            .map_err(|e| format!("cannot start a reader thread: {e}"))?;
        let (in_tx, in_rx) = channel::<String>();
        std::thread::Builder::new()
            .name("esoterica-bot-writer".into())
            .spawn(move || write_lines(stdin, &in_rx))
            .map_err(|e| format!("cannot start a writer thread: {e}"))?;
        self.proc = Some(Process {
            child,
            input: in_tx,
            rx,
        });
        self.send("uci")?;
        let deadline = Instant::now() + self.handshake_timeout;
        let mut uci_variant = false;
        loop {
            let l = self.recv(deadline, "'uciok'")?;
            if l == "uciok" {
                break;
            }
            if let Some(n) = l.strip_prefix("id name ") {
                self.engine_name = Some(n.trim().to_string());
            } else if l.starts_with("option name ") {
                let words: Vec<&str> = l.split_whitespace().collect();
                if words.get(2) == Some(&LEGAL_MOVES_OPTION) {
                    self.legal_hint = true;
                }
                if words.get(2) == Some(&"UCI_Variant") {
                    uci_variant = true;
                }
            }
            // Anything else before `uciok` (banners) is ignored.
        }
        if variant != Variant::Standard || uci_variant {
            self.send(&format!(
                "setoption name UCI_Variant value {}",
                variant.name()
            ))?;
        }
        if self.legal_hint {
            self.send(&format!("setoption name {LEGAL_MOVES_OPTION} value true"))?;
        }
        self.send("ucinewgame")?;
        self.send("isready")?;
        loop {
            let l = self.recv(deadline, "'readyok'")?;
            if l == "readyok" {
                break;
            }
            check_protocol_line(&l)?;
        }
        self.variant = Some(variant);
        Ok(())
    }

    fn ask(
        &mut self,
        pos: &Position,
        side: Color,
        limits: SearchLimits,
        ctl: &mut dyn SearchControl,
    ) -> Option<Move> {
        if self.dead {
            self.fault = Some("the bot failed earlier in this game".into());
            return None;
        }
        if self.proc.is_none()
            && let Err(e) = self.start(pos.variant())
        {
            return self.fail(e);
        }
        let legal = pos.legal_commits(side);
        if legal.is_empty() {
            return None;
        }
        let shape = pos.shape();
        let names: Vec<String> = legal.iter().map(|m| m.coordinate(shape)).collect();
        let ms = limits.movetime.map_or(DEFAULT_MOVETIME_MS, |t| {
            t.as_millis().min(u128::from(u64::MAX)) as u64
        });
        let simultaneous = pos.variant().turn_model() == TurnModel::Simultaneous;
        let mut lines = vec![format!("position fen {}", pos.to_text())];
        if self.legal_hint {
            let mut sorted = names.clone();
            sorted.sort();
            lines.push(format!("legalmoves {}", sorted.join(" ")));
        }
        let mut go = String::from("go");
        if simultaneous {
            go.push_str(&format!(" commit {}", side.name()));
        }
        go.push_str(&format!(" movetime {ms}"));
        if let Some(d) = limits.depth {
            go.push_str(&format!(" depth {d}"));
        }
        if let Some(n) = limits.nodes {
            go.push_str(&format!(" nodes {n}"));
        }
        lines.push(go);
        for l in lines {
            if let Err(e) = self.send(&l) {
                return self.fail(e);
            }
        }
        let deadline = Instant::now() + Duration::from_millis(ms) + self.grace;
        let mut stop_sent = false;
        loop {
            let slice = (Instant::now() + Duration::from_millis(20)).min(deadline);
            let line = match self.recv(slice, "'bestmove'") {
                Ok(l) => l,
                Err(e) if Instant::now() >= deadline || !e.starts_with("no ") => {
                    let e = if e.starts_with("no ") {
                        format!(
                            "no 'bestmove' within {} ms (move time {ms} ms)",
                            (Duration::from_millis(ms) + self.grace).as_millis()
                        )
                    } else {
                        e
                    };
                    return self.fail(e);
                }
                Err(_) => {
                    if !stop_sent && ctl.should_stop(0) {
                        stop_sent = true;
                        if let Err(e) = self.send("stop") {
                            return self.fail(e);
                        }
                    }
                    continue;
                }
            };
            if let Some(rest) = line.strip_prefix("bestmove") {
                let token = rest.split_whitespace().next().unwrap_or("");
                if let Some(i) = names.iter().position(|n| n == token) {
                    return Some(legal[i]);
                }
                let msg = if token.is_empty() || token == "(none)" || token == "0000" {
                    format!(
                        "the bot gave no move ('{}') although {} legal moves exist",
                        line,
                        names.len()
                    )
                } else if looks_like_move(token) {
                    format!("illegal move '{token}' in {}", pos.to_text())
                } else {
                    format!("garbage answer '{}'", clip(&line))
                };
                return self.fail(msg);
            }
            if let Err(e) = check_protocol_line(&line) {
                return self.fail(e);
            }
        }
    }
}

/// Writes lines to the bot until the channel closes or a write fails (the bot exited or was
/// killed: the pipe breaks).
fn write_lines(mut stdin: ChildStdin, lines: &Receiver<String>) {
    for line in lines {
        if writeln!(stdin, "{line}")
            .and_then(|()| stdin.flush())
            .is_err()
        {
            return;
        }
    }
}

/// Whether a line written after the handshake is one the protocol allows.
fn check_protocol_line(line: &str) -> Result<(), String> {
    let word = line.split_whitespace().next().unwrap_or("");
    if line.is_empty()
        || matches!(
            word,
            "info" | "id" | "option" | "readyok" | "uciok" | "copyprotection" | "registration"
        )
    {
        Ok(())
    } else {
        Err(format!("garbage answer '{}'", clip(line)))
    }
}

fn looks_like_move(t: &str) -> bool {
    (4..=7).contains(&t.len()) && t.chars().all(|c| c.is_ascii_alphanumeric())
}

fn clip(s: &str) -> String {
    if s.chars().count() > 60 {
        format!("{}…", s.chars().take(60).collect::<String>())
    } else {
        s.to_string()
    }
}

impl Drop for ExternalBot {
    fn drop(&mut self) {
        if self.proc.is_some() {
            let _ = self.send("quit");
        }
        if let Some(mut p) = self.proc.take() {
            // Give it a moment to exit on its own, then make sure.
            let until = Instant::now() + Duration::from_millis(200);
            while Instant::now() < until {
                if let Ok(Some(_)) = p.child.try_wait() {
                    return;
                }
                std::thread::sleep(Duration::from_millis(10));
            }
            p.kill();
        }
    }
}

impl Bot for ExternalBot {
    fn name(&self) -> &str {
        &self.name
    }

    fn choose(
        &mut self,
        pos: &Position,
        limits: SearchLimits,
        ctl: &mut dyn SearchControl,
    ) -> Option<Move> {
        self.ask(pos, pos.turn(), limits, ctl)
    }

    fn commit(
        &mut self,
        pos: &Position,
        side: Color,
        limits: SearchLimits,
        ctl: &mut dyn SearchControl,
    ) -> Option<Move> {
        self.ask(pos, side, limits, ctl)
    }

    fn fault(&mut self) -> Option<String> {
        self.fault.take()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bots::NoControl;

    #[test]
    fn split_command_handles_quotes_and_escapes() {
        assert_eq!(
            split_command("  python3   bot.py  ").unwrap(),
            ["python3", "bot.py"]
        );
        assert_eq!(
            split_command("a 'b \"c' \"d 'e\"").unwrap(),
            ["a", "b \"c", "d 'e"]
        );
        assert_eq!(split_command("''").unwrap(), [""]);
        assert_eq!(split_command("a\\ b").unwrap(), ["a b"]);
        assert!(split_command("a 'b").is_err());
        assert!(split_command("a \"b").is_err());
        assert!(split_command("a\\").is_err());
        // No shell: metacharacters are plain text.
        assert_eq!(
            split_command("echo $HOME; rm -rf x | y").unwrap(),
            ["echo", "$HOME;", "rm", "-rf", "x", "|", "y"]
        );
    }

    #[test]
    fn join_command_round_trips() {
        let argv = vec![
            "python3".to_string(),
            "my bot.py".into(),
            "it's".into(),
            "".into(),
        ];
        assert_eq!(split_command(&join_command(&argv)).unwrap(), argv);
    }

    #[test]
    fn missing_program_is_a_fault_not_a_panic() {
        let mut b = ExternalBot::new(vec!["/nonexistent/esoterica-bot".into()], 0);
        let pos = Position::new(Variant::Standard);
        assert_eq!(
            b.choose(&pos, SearchLimits::movetime_ms(10), &mut NoControl),
            None
        );
        let f = b.fault().unwrap();
        assert!(f.contains("cannot start"), "{f}");
    }

    /// Test bots written as POSIX shell scripts in a fresh temporary directory.
    #[cfg(unix)]
    mod misbehaving {
        use crate::bots::arena::{Contestant, Fallback, MatchConfig, run_match};
        use crate::bots::{BotSpec, SearchLimits};
        use crate::rules::Variant;
        use std::os::unix::fs::PermissionsExt;
        use std::path::{Path, PathBuf};

        /// A script that answers the handshake, then runs `on_go` for each `go` (with `$mv`
        /// set to the first legal move and `$n` counting the `go`s).
        fn script(name: &str, prelude: &str, on_go: &str) -> PathBuf {
            let dir =
                std::env::temp_dir().join(format!("esoterica-bots-test-{}", std::process::id()));
            std::fs::create_dir_all(&dir).unwrap();
            let path = dir.join(name);
            let body = format!(
                "#!/bin/sh\n{prelude}\nn=0\nmv=\nwhile read -r cmd rest; do\n  case \"$cmd\" in\n    uci) echo 'id name {name}'; echo 'option name Esoterica_LegalMoves type check default false'; echo uciok ;;\n    isready) echo readyok ;;\n    legalmoves) set -- $rest; mv=$1 ;;\n    go) n=$((n+1)); {on_go} ;;\n    quit) exit 0 ;;\n  esac\ndone\n"
            );
            std::fs::write(&path, body).unwrap();
            std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o755)).unwrap();
            path
        }

        fn run(bot: &Path, fallback: Fallback) -> crate::bots::MatchReport {
            let spec = BotSpec::External(vec!["/bin/sh".into(), bot.display().to_string()]);
            let mut c = MatchConfig::new(
                Variant::Standard,
                Contestant::from_spec(&spec),
                Contestant::from_spec(&BotSpec::Random),
                2,
            );
            c.limits = SearchLimits::movetime_ms(50);
            c.fallback = fallback;
            c.max_plies = 30;
            run_match(&c, |_, _, _| {})
        }

        fn assert_faults(r: &crate::bots::MatchReport, needle: &str) {
            assert_eq!(r.games.len(), 2);
            let f = r.faults();
            assert_eq!(f.len(), 2, "{f:?}");
            assert!(
                f.iter().all(|f| f.reason.contains(needle)),
                "{needle}: {f:?}"
            );
            assert_eq!(r.tally_a().losses, 2, "{}", r.table());
        }

        #[test]
        fn garbage_answer_forfeits() {
            let r = run(
                &script("garbage.sh", "", "echo 'hello, world'"),
                Fallback::Forfeit,
            );
            assert_faults(&r, "garbage answer 'hello, world'");
        }

        #[test]
        fn garbage_bestmove_forfeits() {
            let r = run(
                &script("garbage2.sh", "", "echo 'bestmove ??!'"),
                Fallback::Forfeit,
            );
            assert_faults(&r, "garbage answer 'bestmove ??!'");
        }

        #[test]
        fn illegal_move_forfeits() {
            let r = run(
                &script("illegal.sh", "", "echo 'bestmove e2e5'"),
                Fallback::Forfeit,
            );
            assert_faults(&r, "illegal move 'e2e5'");
        }

        #[test]
        fn silent_bot_times_out_without_hanging() {
            let t = std::time::Instant::now();
            let r = run(&script("silent.sh", "", ":"), Fallback::Forfeit);
            assert_faults(&r, "no 'bestmove' within 1050 ms");
            assert!(t.elapsed() < std::time::Duration::from_secs(8));
        }

        #[test]
        fn crash_at_start_forfeits() {
            let r = run(&script("dead.sh", "exit 3", ":"), Fallback::Forfeit);
            assert_faults(&r, "the bot");
        }

        #[test]
        fn crash_mid_game_forfeits_after_its_moves() {
            let r = run(
                &script(
                    "crash.sh",
                    "",
                    "if [ $n -ge 3 ]; then exit 4; fi; echo \"bestmove $mv\"",
                ),
                Fallback::Forfeit,
            );
            assert_faults(&r, "exit");
            assert!(
                r.games.iter().all(|g| g.record.len() >= 4),
                "{:?}",
                r.games.iter().map(|g| g.record.len()).collect::<Vec<_>>()
            );
        }

        #[test]
        fn fallback_random_finishes_the_games() {
            let r = run(&script("garbage3.sh", "", "echo 'hello'"), Fallback::Random);
            assert_eq!(r.faults().len(), 2);
            assert!(
                r.games.iter().all(|g| !g.termination.contains("forfeit")),
                "{:?}",
                r.games.iter().map(|g| &g.termination).collect::<Vec<_>>()
            );
        }

        #[test]
        fn parity_commits_are_asked_with_go_commit() {
            // Answers only `go commit <side> …`; anything else gets garbage (a fault).
            let bot = script(
                "commit.sh",
                "",
                "case \"$rest\" in commit*) echo \"bestmove $mv\" ;; *) echo nonsense ;; esac",
            );
            let spec = BotSpec::External(vec!["/bin/sh".into(), bot.display().to_string()]);
            let mut c = MatchConfig::new(
                Variant::Parity,
                Contestant::from_spec(&spec),
                Contestant::from_spec(&BotSpec::Random),
                2,
            );
            c.limits = SearchLimits::movetime_ms(50);
            c.max_plies = 4;
            let r = run_match(&c, |_, _, _| {});
            assert!(r.faults().is_empty(), "{:?}", r.faults());
        }

        #[test]
        fn a_bot_that_stops_reading_cannot_block_the_host() {
            // Reads one line, then only writes: 1000 answers while the host's ~250 bytes
            // per move (position, legal moves, go) fill the pipe far beyond its 64 KiB.
            let dir =
                std::env::temp_dir().join(format!("esoterica-bots-test-{}", std::process::id()));
            std::fs::create_dir_all(&dir).unwrap();
            let path = dir.join("deaf.sh");
            std::fs::write(
                &path,
                "#!/bin/sh\nread -r a\necho 'option name Esoterica_LegalMoves type check default false'\necho uciok\necho readyok\ni=0\nwhile [ $i -lt 1000 ]; do echo 'bestmove e2e4'; i=$((i+1)); done\nsleep 30\n",
            )
            .unwrap();
            let mut bot = crate::bots::ExternalBot::new(
                vec!["/bin/sh".into(), path.display().to_string()],
                0,
            );
            let pos = crate::rules::Position::new(Variant::Standard);
            let e2e4 = pos.parse_move("e2e4").unwrap();
            let t = std::time::Instant::now();
            let mut ctl = crate::bots::NoControl;
            use crate::bots::Bot;
            for _ in 0..1000 {
                assert_eq!(
                    bot.choose(&pos, SearchLimits::movetime_ms(10), &mut ctl),
                    Some(e2e4)
                );
            }
            drop(bot);
            assert!(
                t.elapsed() < std::time::Duration::from_secs(8),
                "{:?}",
                t.elapsed()
            );
        }

        #[test]
        fn python_example_bot_plays_a_ten_game_match() {
            let ok = std::process::Command::new("python3")
                .arg("--version")
                .stdout(std::process::Stdio::null())
                .status()
                .is_ok_and(|s| s.success());
            if !ok {
                eprintln!("note: python3 not found; the example bot test is skipped");
                return;
            }
            let example = concat!(env!("CARGO_MANIFEST_DIR"), "/examples/random_bot.py");
            let spec = BotSpec::External(vec!["python3".into(), example.into(), "7".into()]);
            let mut c = MatchConfig::new(
                Variant::Standard,
                Contestant::from_spec(&spec),
                Contestant::from_spec(&BotSpec::Random),
                10,
            );
            c.limits = SearchLimits::movetime_ms(200);
            c.max_plies = 120;
            let r = run_match(&c, |_, _, _| {});
            assert_eq!(r.games.len(), 10);
            assert!(r.faults().is_empty(), "{:?}", r.faults());
            assert!(r.games.iter().all(|g| g.record.len() >= 2));
        }
    }
}
