//! External bots: a program that speaks the line protocol of `docs/bot-protocol.md` (UCI
//! with a few additions) on stdin/stdout. A standard UCI engine plays the standard variant
//! as it is.
//!
//! Safety: the program is started without a shell (its argument vector comes from
//! [`split_command`]); its stderr is discarded; every line it writes is read by a reader
//! thread and every line sent to it goes through a writer thread, both over channels, so a
//! silent, stuck or deaf program never blocks the host: every wait has a deadline. Lines longer than [`MAX_LINE_BYTES`] or more than
//! [`MAX_TOTAL_BYTES`] in all end the conversation. Every move is checked against the legal
//! moves. Any failure (garbage, illegal move, timeout, exit) ends the program, and the next
//! call reports it through [`Bot::fault`].
//!
//! Variants: a bot plays a variant other than `standard` only if its `uci` answer declares
//! it (`option name UCI_Variant type combo … var <variant> …`); the host never sends an
//! option the bot did not advertise. [`ExternalBot::check_variant`] asks before a match.
//!
//! Processes: on Unix each bot runs in a process group of its own (the program's pid is the
//! group id), and ending the bot signals the whole group (`TERM`, then `KILL`), so helpers
//! that a launcher script started (`sh -c 'python3 bot.py; true'`) end with it. On Linux
//! ending a bot also ends what it started outside its group: every process marked with the
//! bot's id in [`BOT_IDS_VAR`] (inherited through `fork`, `exec` and `setsid`), every
//! descendant, and every process group and session one of them leads (read from `/proc`).

use std::io::{BufRead, BufReader, Read, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{Receiver, RecvTimeoutError, Sender, channel};
use std::time::{Duration, Instant};

use super::{Bot, BotError, SearchControl, SearchLimits};
use crate::rules::{Color, Move, Position, TurnModel, Variant};

/// The longest line accepted from a bot, in bytes.
pub const MAX_LINE_BYTES: usize = 4096;
/// The most bytes read from a bot over its whole life.
pub const MAX_TOTAL_BYTES: u64 = 16 * 1024 * 1024;
/// Move time sent when the host gives none, in milliseconds.
pub const DEFAULT_MOVETIME_MS: u64 = 1000;
/// Option a bot advertises to receive `legalmoves …` hint lines.
pub const LEGAL_MOVES_OPTION: &str = "Esoterica_LegalMoves";

/// Why a bot's command line could not be split into arguments ([`split_command`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CommandLineError {
    /// A `'` without its closing `'`.
    UnclosedSingleQuote,
    /// A `"` without its closing `"`.
    UnclosedDoubleQuote,
    /// A `\` at the very end.
    TrailingBackslash,
}

impl std::fmt::Display for CommandLineError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            CommandLineError::UnclosedSingleQuote => "unclosed single quote in the command line",
            CommandLineError::UnclosedDoubleQuote => "unclosed double quote in the command line",
            CommandLineError::TrailingBackslash => "trailing backslash in the command line",
        })
    }
}

impl std::error::Error for CommandLineError {}

/// Why an engine may not play a variant: what its `uci` answer declared
/// ([`EngineOptions::check`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum VariantRefusal {
    /// It declared no `UCI_Variant` option.
    NoVariantOption,
    /// Its `UCI_Variant` option lists nothing.
    EmptyVariantList,
    /// Its `UCI_Variant` option lists other variants (the list as declared, clipped).
    NotListed(String),
}

impl std::fmt::Display for VariantRefusal {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            VariantRefusal::NoVariantOption => f.write_str("it advertises no UCI_Variant option"),
            VariantRefusal::EmptyVariantList => {
                f.write_str("its UCI_Variant option lists no variant")
            }
            VariantRefusal::NotListed(list) => write!(f, "its UCI_Variant option lists {list}"),
        }
    }
}

/// How an external engine failed: starting it, talking to it, or what it answered. The
/// failure ends the program; [`Bot::fault`] reports it in words (the [`Display`] text),
/// which the match record keeps.
///
/// [`Display`]: std::fmt::Display
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum EngineFault {
    /// The command line names no program.
    EmptyCommand,
    /// The program could not be started (the OS error, in words).
    Spawn {
        /// The program.
        program: String,
        /// Why.
        error: String,
    },
    /// Its input and output could not be connected.
    NoPipes,
    /// A reader or writer thread could not be started.
    Thread(String),
    /// The program is not running.
    NotRunning,
    /// It stopped reading its input (it has probably exited).
    InputClosed,
    /// It wrote a line longer than [`MAX_LINE_BYTES`].
    LineTooLong,
    /// It wrote more than [`MAX_TOTAL_BYTES`] in all.
    TooMuchOutput,
    /// It exited while the host waited for `waiting_for` (`'uciok'`, `'readyok'`, …).
    Exited {
        /// The exit status, as the OS reports it.
        status: String,
        /// What the host waited for.
        waiting_for: &'static str,
    },
    /// It closed its output while the host waited for `waiting_for`.
    OutputClosed {
        /// What the host waited for.
        waiting_for: &'static str,
    },
    /// Nothing of what the host waited for came before the deadline.
    Timeout {
        /// What the host waited for.
        waiting_for: &'static str,
    },
    /// No `bestmove` within the move time and the grace period.
    NoBestmove {
        /// The move time and the grace, in milliseconds.
        waited_ms: u128,
        /// The move time sent, in milliseconds.
        movetime_ms: u64,
    },
    /// A second `bestmove` for the position before (one `bestmove` per `go`).
    SecondBestmove {
        /// Its move, clipped.
        token: String,
    },
    /// `bestmove` without a move although the position has legal moves.
    NoMove {
        /// The line as written.
        line: String,
        /// How many legal moves there were.
        legal: usize,
    },
    /// `bestmove` with a move that is not legal in the position.
    IllegalMove {
        /// The move as written.
        token: String,
        /// The position text.
        position: String,
    },
    /// A line the protocol does not allow there, clipped.
    Garbage(String),
    /// The engine was set up for another variant than the position's.
    WrongVariant {
        /// The variant it was set up for.
        set_up: Option<Variant>,
        /// The position's.
        asked: Variant,
    },
    /// It failed before in this game, so it is not asked again.
    FailedBefore,
    /// It does not declare the variant.
    Unsupported {
        /// The engine's name in the host (`ext:…`).
        engine: String,
        /// The name it gave in `id name`, if any (clipped).
        id: Option<String>,
        /// The variant.
        variant: Variant,
        /// What it declared instead.
        why: VariantRefusal,
    },
}

impl std::fmt::Display for EngineFault {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            EngineFault::EmptyCommand => f.write_str("empty command line"),
            EngineFault::Spawn { program, error } => write!(f, "cannot start '{program}': {error}"),
            EngineFault::NoPipes => f.write_str("cannot connect to the bot's input and output"),
            EngineFault::Thread(e) => write!(f, "cannot start a reader or writer thread: {e}"),
            EngineFault::NotRunning => f.write_str("the bot is not running"),
            EngineFault::InputClosed => {
                f.write_str("the bot stopped reading its input; it has probably exited")
            }
            EngineFault::LineTooLong => {
                write!(f, "the bot wrote a line longer than {MAX_LINE_BYTES} bytes")
            }
            EngineFault::TooMuchOutput => {
                write!(f, "the bot wrote more than {MAX_TOTAL_BYTES} bytes")
            }
            EngineFault::Exited {
                status,
                waiting_for,
            } => write!(
                f,
                "the bot exited ({status}) while the host waited for {waiting_for}"
            ),
            EngineFault::OutputClosed { waiting_for } => {
                write!(
                    f,
                    "the bot closed its output while the host waited for {waiting_for}"
                )
            }
            EngineFault::Timeout { waiting_for } => {
                write!(f, "no {waiting_for} from the bot in time")
            }
            EngineFault::NoBestmove {
                waited_ms,
                movetime_ms,
            } => write!(
                f,
                "no 'bestmove' within {waited_ms} ms (move time {movetime_ms} ms)"
            ),
            EngineFault::SecondBestmove { token } => write!(
                f,
                "the bot sent a second bestmove {token} for the previous position (after 'go' \
                 exactly one 'bestmove' is expected)"
            ),
            EngineFault::NoMove { line, legal } => write!(
                f,
                "the bot gave no move ('{line}') although {legal} legal moves exist"
            ),
            EngineFault::IllegalMove { token, position } => {
                write!(f, "illegal move '{token}' in {position}")
            }
            EngineFault::Garbage(line) => write!(f, "garbage answer '{line}'"),
            EngineFault::WrongVariant { set_up, asked } => write!(
                f,
                "the bot was set up for {}, not {}",
                set_up.map_or("no variant", Variant::name),
                asked.name()
            ),
            EngineFault::FailedBefore => f.write_str("the bot failed earlier in this game"),
            EngineFault::Unsupported {
                engine,
                id,
                variant,
                why,
            } => {
                let id = id.as_ref().map_or(String::new(), |n| format!(" ({n})"));
                write!(
                    f,
                    "engine '{engine}'{id} does not support variant {}: {why}",
                    variant.name()
                )
            }
        }
    }
}

impl std::error::Error for EngineFault {}

/// Splits a command line into arguments like a POSIX shell does for words: blanks separate
/// words; single quotes keep everything literally; double quotes keep everything but `\"`
/// and `\\`; a backslash outside quotes escapes the next character. No expansion of any
/// kind happens and no shell runs.
///
/// # Errors
/// [`CommandLineError`] for an unclosed quote or a trailing backslash.
///
/// # Examples
/// ```
/// use esoterica::bots::external::split_command;
/// assert_eq!(split_command(r#"a 'b c' "d \"e\"" f\ g"#).unwrap(), ["a", "b c", "d \"e\"", "f g"]);
/// ```
pub fn split_command(text: &str) -> Result<Vec<String>, CommandLineError> {
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
                        None => return Err(CommandLineError::UnclosedSingleQuote),
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
                            None => return Err(CommandLineError::UnclosedDoubleQuote),
                        },
                        Some(d) => cur.push(d),
                        None => return Err(CommandLineError::UnclosedDoubleQuote),
                    }
                }
            }
            '\\' => match chars.next() {
                Some(d) => {
                    in_word = true;
                    cur.push(d);
                }
                None => return Err(CommandLineError::TrailingBackslash),
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

/// The environment variable that marks every process a bot started: the host sets it
/// for the bot to its own value (if any, when the host is itself a bot) followed by
/// `:<host pid>.<bot number>`, and children inherit it. On Linux the host ends every
/// process that carries the bot's id when it ends the bot, even one that left the bot's
/// process group and session (`setsid`) or lost its parent. A process that clears its
/// environment (`env -i`) loses the mark.
pub const BOT_IDS_VAR: &str = "ESOTERICA_BOT_IDS";

/// A fresh id for a bot process (`<host pid>.<n>`, unique within the host's life).
fn fresh_bot_id() -> String {
    static NEXT: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(1);
    let n = NEXT.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    format!("{}.{n}", std::process::id())
}

struct Process {
    child: Child,
    /// This bot's id in [`BOT_IDS_VAR`].
    id: String,
    /// Lines for the writer thread (writes never block the host, even when the bot stops
    /// reading and the pipe fills up).
    input: Sender<String>,
    rx: Receiver<Incoming>,
}

impl Process {
    /// Ends the bot and everything in its process group (Linux: and everything it started,
    /// [`end_tree`]), then reaps the bot.
    fn kill(mut self) {
        end_bot(&mut self.child, &self.id);
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Ends the bot `child` (id `id` in [`BOT_IDS_VAR`]) and what it started: Linux,
/// [`end_tree`]; other Unix, its process group ([`end_group`]); elsewhere the bot alone.
fn end_bot(child: &mut Child, id: &str) {
    #[cfg(target_os = "linux")]
    end_tree(child, id);
    #[cfg(not(target_os = "linux"))]
    {
        let _ = id;
        end_group(child);
    }
}

/// How long the group has to exit after `TERM` before it gets `KILL`.
const TERM_GRACE: Duration = Duration::from_millis(100);

/// Sends `sig` (`TERM`, `KILL`, `0`) to `targets` (pids, or `-PGID` for a process group)
/// with the `kill` program (the shell's `kill` if there is no program): std has no safe call
/// for it and the crate forbids `unsafe`. Returns whether the signal was delivered to every
/// target (for `0`: whether each still exists, a zombie included).
#[cfg(unix)]
fn signal(targets: &[String], sig: &str) -> bool {
    let quiet = |c: &mut Command| {
        c.stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .status()
    };
    let status = quiet(Command::new("kill").args(["-s", sig, "--"]).args(targets)).or_else(|_| {
        quiet(
            Command::new("/bin/sh")
                .args(["-c", "s=$1; shift; kill -s \"$s\" -- \"$@\"", "kill", sig])
                .args(targets),
        )
    });
    status.is_ok_and(|s| s.success())
}

/// [`signal`] to the process group `pgid`.
#[cfg(all(unix, not(target_os = "linux")))]
fn signal_group(pgid: u32, sig: &str) -> bool {
    signal(&[format!("-{pgid}")], sig)
}

/// Ends the process group led by `child` (Unix): `TERM`, up to [`TERM_GRACE`] to exit,
/// then `KILL`. The group id is the child's pid; it cannot be reused while the child is not
/// reaped or any member lives.
#[cfg(all(unix, not(target_os = "linux")))]
fn end_group(child: &mut Child) {
    let pgid = child.id();
    if !signal_group(pgid, "TERM") {
        return; // the group is gone already
    }
    let until = Instant::now() + TERM_GRACE;
    loop {
        // Reap the leader once it exits, so that the group can empty.
        let _ = child.try_wait();
        if !signal_group(pgid, "0") {
            return;
        }
        if Instant::now() >= until {
            break;
        }
        std::thread::sleep(Duration::from_millis(10));
    }
    signal_group(pgid, "KILL");
}

#[cfg(not(unix))]
fn end_group(child: &mut Child) {
    let _ = child.kill();
}

/// A process as `/proc/<pid>/stat` describes it.
#[cfg(target_os = "linux")]
#[derive(Clone, Copy, Debug)]
struct ProcStat {
    pid: u32,
    ppid: u32,
    pgrp: u32,
    session: u32,
    zombie: bool,
}

/// Reads `/proc/<pid>/stat` (`pid (comm) state ppid pgrp session …`; `comm` may hold blanks
/// and parentheses, so the fields are split after the last `)`).
#[cfg(target_os = "linux")]
fn proc_stat(pid: u32) -> Option<ProcStat> {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
    let (_, after) = stat.rsplit_once(')')?;
    let f: Vec<&str> = after.split_whitespace().collect();
    Some(ProcStat {
        pid,
        zombie: *f.first()? == "Z",
        ppid: f.get(1)?.parse().ok()?,
        pgrp: f.get(2)?.parse().ok()?,
        session: f.get(3)?.parse().ok()?,
    })
}

/// Whether process `pid`'s environment marks it as started by the bot `id`
/// ([`BOT_IDS_VAR`]); false when it cannot be read (another user's process, gone).
#[cfg(target_os = "linux")]
fn carries_bot_id(pid: u32, id: &str) -> bool {
    let Ok(env) = std::fs::read(format!("/proc/{pid}/environ")) else {
        return false;
    };
    let prefix = format!("{BOT_IDS_VAR}=");
    env.split(|&b| b == 0).any(|entry| {
        entry
            .strip_prefix(prefix.as_bytes())
            .is_some_and(|ids| ids.split(|&b| b == b':').any(|one| one == id.as_bytes()))
    })
}

/// The live (not zombie) processes of the bot `root` (id `id`): every process marked with
/// its id ([`carries_bot_id`]; the bot too) and the bot's zombie if it exited unreaped,
/// and, repeated until nothing is added, every
/// child of one of them and every member of a process group or session one of them leads.
/// Never the host itself or pid 1. Processes that another user owns are seen through their
/// parent only.
#[cfg(target_os = "linux")]
fn bot_processes(root: u32, id: &str) -> Vec<u32> {
    let host = std::process::id();
    let all: Vec<ProcStat> = std::fs::read_dir("/proc")
        .into_iter()
        .flatten()
        .filter_map(Result::ok)
        .filter_map(|e| e.file_name().to_str()?.parse::<u32>().ok())
        .filter(|&pid| pid != host && pid > 1)
        .filter_map(proc_stat)
        .collect();
    let mut ours: std::collections::BTreeSet<u32> = all
        .iter()
        .filter(|p| {
            // The bot itself: marked, or (exited, not yet reaped) a zombie child of the
            // host; a pid the system gave to another process since is neither.
            carries_bot_id(p.pid, id) || (p.pid == root && p.zombie && p.ppid == host)
        })
        .map(|p| p.pid)
        .collect();
    loop {
        let before = ours.len();
        for p in &all {
            if ours.contains(&p.ppid) || ours.contains(&p.pgrp) || ours.contains(&p.session) {
                ours.insert(p.pid);
            }
        }
        if ours.len() == before {
            break;
        }
    }
    all.iter()
        .filter(|p| !p.zombie && ours.contains(&p.pid))
        .map(|p| p.pid)
        .collect()
}

/// Ends the bot `child` and everything it started (Linux; [`bot_processes`], which finds
/// helpers that left the bot's process group or session with `setsid`): `TERM` to all,
/// up to [`TERM_GRACE`] for them to exit, then `KILL` to what is left, twice (a process
/// forked meanwhile carries the bot's id too). The bot is not reaped here, so its pid cannot
/// be reused while this runs.
#[cfg(target_os = "linux")]
fn end_tree(child: &Child, id: &str) {
    let root = child.id();
    let pids = |list: Vec<u32>| -> Vec<String> { list.iter().map(u32::to_string).collect() };
    let mut left = pids(bot_processes(root, id));
    if left.is_empty() {
        return;
    }
    signal(&left, "TERM");
    let until = Instant::now() + TERM_GRACE;
    while Instant::now() < until {
        std::thread::sleep(Duration::from_millis(10));
        left = pids(bot_processes(root, id));
        if left.is_empty() {
            return;
        }
    }
    for _ in 0..2 {
        signal(&left, "KILL");
        std::thread::sleep(Duration::from_millis(5));
        left = pids(bot_processes(root, id));
        if left.is_empty() {
            return;
        }
    }
}

/// What a bot declared in its answer to `uci`.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct EngineOptions {
    /// The name from `id name …`.
    pub name: Option<String>,
    /// The `var` values of its `UCI_Variant` combo option, in its order; `None` when it
    /// advertises no `UCI_Variant` option.
    pub variants: Option<Vec<String>>,
    /// Whether it advertises the [`LEGAL_MOVES_OPTION`] option.
    pub legal_moves: bool,
}

impl EngineOptions {
    /// Reads one `option …` or `id name …` line of the `uci` answer into `self`; other lines
    /// are ignored. An option name runs from `name` to `type` and may contain blanks (UCI);
    /// a combo's values follow each `var`.
    pub fn read_line(&mut self, line: &str) {
        if let Some(n) = line.strip_prefix("id name ") {
            self.name = Some(n.trim().to_string());
            return;
        }
        let words: Vec<&str> = line.split_whitespace().collect();
        if words.first() != Some(&"option") || words.get(1) != Some(&"name") {
            return;
        }
        let rest = &words[2..];
        let type_at = rest.iter().position(|w| *w == "type").unwrap_or(rest.len());
        let name = rest[..type_at].join(" ");
        if name == LEGAL_MOVES_OPTION {
            self.legal_moves = true;
        } else if name == "UCI_Variant" {
            let mut vars = Vec::new();
            let mut it = rest[type_at..].iter();
            while let Some(w) = it.next() {
                if *w == "var"
                    && let Some(v) = it.next()
                {
                    vars.push((*v).to_string());
                }
            }
            self.variants = Some(vars);
        }
    }

    /// Whether the bot may play `variant`: `standard` always (a plain UCI engine plays it),
    /// any other only if its `UCI_Variant` option lists the variant's name.
    ///
    /// # Errors
    /// [`VariantRefusal`]: what the bot advertised instead, e.g. no `UCI_Variant` option.
    pub fn check(&self, variant: Variant) -> Result<(), VariantRefusal> {
        if variant.is_plain_uci_chess() {
            return Ok(());
        }
        match &self.variants {
            None => Err(VariantRefusal::NoVariantOption),
            Some(v) if v.iter().any(|n| n == variant.name()) => Ok(()),
            Some(v) if v.is_empty() => Err(VariantRefusal::EmptyVariantList),
            Some(v) => Err(VariantRefusal::NotListed(clip(&v.join(" ")))),
        }
    }

    /// The `UCI_Variant` value to send for `variant`, if any: the variant's name when the
    /// bot's `UCI_Variant` option lists it; for standard chess `standard`, or `chess` (the
    /// name Fairy-Stockfish and `esoterica uci` list), only to a bot that lists it.
    fn variant_value(&self, variant: Variant) -> Option<&'static str> {
        let listed = |name: &str| {
            self.variants
                .as_ref()
                .is_some_and(|v| v.iter().any(|n| n == name))
        };
        if listed(variant.name()) {
            Some(variant.name())
        } else if variant == Variant::Standard && listed("chess") {
            Some("chess")
        } else {
            None
        }
    }
}

/// A bot running as a separate program (see the module docs and `docs/bot-protocol.md`).
pub struct ExternalBot {
    name: String,
    argv: Vec<String>,
    proc: Option<Process>,
    /// The variant the running program was set up for (after `isready` … `readyok`).
    variant: Option<Variant>,
    options: EngineOptions,
    /// Whether a `go` was answered, so the next move first synchronises (`isready`).
    answered: bool,
    /// Whether `stop` was sent during the last `go` (a second `bestmove` is then tolerated).
    stop_sent: bool,
    dead: bool,
    fault: Option<EngineFault>,
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
            options: EngineOptions::default(),
            answered: false,
            stop_sent: false,
            dead: false,
            fault: None,
            grace: Duration::from_millis(1000),
            handshake_timeout: Duration::from_secs(10),
        }
    }

    /// The name the program gave in `id name …`, once started.
    pub fn engine_name(&self) -> Option<&str> {
        self.options.name.as_deref()
    }

    /// What the program declared in its `uci` answer, once started.
    pub fn options(&self) -> &EngineOptions {
        &self.options
    }

    /// Starts the program if needed, reads its `uci` answer and says whether it declares
    /// `variant` ([`EngineOptions::check`]). Nothing but `uci` is sent.
    ///
    /// # Errors
    /// The start or handshake failure, or [`EngineFault::Unsupported`] ("engine 'ext:…'
    /// (its name) does not support variant V: it advertises no `UCI_Variant` option").
    pub fn check_variant(&mut self, variant: Variant) -> Result<(), EngineFault> {
        if self.proc.is_none()
            && let Err(e) = self.launch()
        {
            if let Some(p) = self.proc.take() {
                p.kill();
            }
            return Err(e);
        }
        self.options
            .check(variant)
            .map_err(|why| EngineFault::Unsupported {
                engine: self.name.clone(),
                id: self.options.name.as_deref().map(clip),
                variant,
                why,
            })
    }

    fn fail(&mut self, why: EngineFault) -> Option<Move> {
        if let Some(p) = self.proc.take() {
            p.kill();
        }
        self.dead = true;
        self.fault = Some(why);
        None
    }

    fn send(&mut self, line: &str) -> Result<(), EngineFault> {
        let p = self.proc.as_mut().ok_or(EngineFault::NotRunning)?;
        p.input
            .send(line.to_string())
            .map_err(|_| EngineFault::InputClosed)
    }

    /// Waits for a line, until `deadline`. Lines are trimmed.
    fn recv(&mut self, deadline: Instant, what: &'static str) -> Result<String, EngineFault> {
        let p = self.proc.as_mut().ok_or(EngineFault::NotRunning)?;
        let left = deadline.saturating_duration_since(Instant::now());
        match p.rx.recv_timeout(left) {
            Ok(Incoming::Line(l)) => Ok(l),
            Ok(Incoming::TooLong) => Err(EngineFault::LineTooLong),
            Ok(Incoming::TooMuch) => Err(EngineFault::TooMuchOutput),
            Ok(Incoming::Closed) | Err(RecvTimeoutError::Disconnected) => {
                // The output closes a moment before the exit status is ready.
                let until = Instant::now() + Duration::from_millis(300);
                let mut status = p.child.try_wait().ok().flatten();
                while status.is_none() && Instant::now() < until {
                    std::thread::sleep(Duration::from_millis(5));
                    status = p.child.try_wait().ok().flatten();
                }
                Err(match status {
                    Some(s) => EngineFault::Exited {
                        status: s.to_string(),
                        waiting_for: what,
                    },
                    None => EngineFault::OutputClosed { waiting_for: what },
                })
            }
            Err(RecvTimeoutError::Timeout) => Err(EngineFault::Timeout { waiting_for: what }),
        }
    }

    /// Spawns the program (Unix: in a process group of its own), starts the reader and
    /// writer threads, sends `uci` and reads the answer up to `uciok`.
    fn launch(&mut self) -> Result<(), EngineFault> {
        let (prog, args) = self.argv.split_first().ok_or(EngineFault::EmptyCommand)?;
        let mut cmd = Command::new(prog);
        cmd.args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null());
        #[cfg(unix)]
        std::os::unix::process::CommandExt::process_group(&mut cmd, 0);
        let id = fresh_bot_id();
        let ids = match std::env::var(BOT_IDS_VAR) {
            Ok(outer) if !outer.is_empty() => format!("{outer}:{id}"),
            _ => id.clone(),
        };
        cmd.env(BOT_IDS_VAR, ids);
        let mut child = cmd.spawn().map_err(|e| EngineFault::Spawn {
            program: prog.clone(),
            error: e.to_string(),
        })?;
        let (Some(stdin), Some(stdout)) = (child.stdin.take(), child.stdout.take()) else {
            end_bot(&mut child, &id);
            let _ = child.wait();
            return Err(EngineFault::NoPipes);
        };
        let (tx, rx) = channel();
        let reader = std::thread::Builder::new()
            .name("esoterica-bot-reader".into())
            .spawn(move || read_lines(stdout, &tx));
        let (in_tx, in_rx) = channel::<String>();
        let writer = std::thread::Builder::new()
            .name("esoterica-bot-writer".into())
            .spawn(move || write_lines(stdin, &in_rx));
        self.proc = Some(Process {
            child,
            id,
            input: in_tx,
            rx,
        });
        if let Err(e) = reader.and(writer) {
            return Err(EngineFault::Thread(e.to_string()));
        }
        self.send("uci")?;
        let deadline = Instant::now() + self.handshake_timeout;
        loop {
            let l = self.recv(deadline, "'uciok'")?;
            if l == "uciok" {
                break;
            }
            // Anything else before `uciok` (banners) is ignored.
            self.options.read_line(&l);
        }
        Ok(())
    }

    /// Starts the program unless [`ExternalBot::check_variant`] did, and sets it up for
    /// `variant`: the handshake, the variant check,
    /// the options it advertised, `ucinewgame`, `isready` … `readyok`.
    fn start(&mut self, variant: Variant) -> Result<(), EngineFault> {
        self.check_variant(variant)?;
        if let Some(v) = self.options.variant_value(variant) {
            self.send(&format!("setoption name UCI_Variant value {v}"))?;
        }
        if self.options.legal_moves {
            self.send(&format!("setoption name {LEGAL_MOVES_OPTION} value true"))?;
        }
        self.send("ucinewgame")?;
        self.send("isready")?;
        let deadline = Instant::now() + self.handshake_timeout;
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

    /// Before every move but the first: `isready` … `readyok`. A `bestmove` that arrives
    /// meanwhile answers the previous `go` a second time (the protocol expects exactly one);
    /// it is a fault, unless the host had sent `stop` (a bot may then answer twice).
    fn synchronise(&mut self) -> Result<(), EngineFault> {
        self.send("isready")?;
        let deadline = Instant::now() + self.handshake_timeout;
        loop {
            let l = self.recv(deadline, "'readyok'")?;
            if l == "readyok" {
                return Ok(());
            }
            if let Some(rest) = l.strip_prefix("bestmove") {
                if self.stop_sent {
                    continue;
                }
                let token = rest.split_whitespace().next().unwrap_or("");
                return Err(EngineFault::SecondBestmove { token: clip(token) });
            }
            check_protocol_line(&l)?;
        }
    }

    fn ask(
        &mut self,
        pos: &Position,
        side: Color,
        limits: SearchLimits,
        ctl: &mut dyn SearchControl,
    ) -> Option<Move> {
        if self.dead {
            self.fault = Some(EngineFault::FailedBefore);
            return None;
        }
        if self.variant.is_none() {
            if let Err(e) = self.start(pos.variant()) {
                return self.fail(e);
            }
        } else if self.variant != Some(pos.variant()) {
            return self.fail(EngineFault::WrongVariant {
                set_up: self.variant,
                asked: pos.variant(),
            });
        } else if self.answered
            && let Err(e) = self.synchronise()
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
        if self.options.legal_moves {
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
        self.stop_sent = false;
        self.answered = false;
        loop {
            let slice = (Instant::now() + Duration::from_millis(20)).min(deadline);
            let line = match self.recv(slice, "'bestmove'") {
                Ok(l) => l,
                Err(EngineFault::Timeout { .. }) if Instant::now() >= deadline => {
                    return self.fail(EngineFault::NoBestmove {
                        waited_ms: (Duration::from_millis(ms) + self.grace).as_millis(),
                        movetime_ms: ms,
                    });
                }
                Err(EngineFault::Timeout { .. }) => {
                    if !self.stop_sent && ctl.should_stop(0) {
                        self.stop_sent = true;
                        if let Err(e) = self.send("stop") {
                            return self.fail(e);
                        }
                    }
                    continue;
                }
                Err(e) => return self.fail(e),
            };
            if let Some(rest) = line.strip_prefix("bestmove") {
                let token = rest.split_whitespace().next().unwrap_or("");
                if let Some(i) = names.iter().position(|n| n == token) {
                    self.answered = true;
                    return Some(legal[i]);
                }
                let fault = if token.is_empty() || token == "(none)" || token == "0000" {
                    EngineFault::NoMove {
                        line: line.clone(),
                        legal: names.len(),
                    }
                } else if looks_like_move(token) {
                    EngineFault::IllegalMove {
                        token: token.to_string(),
                        position: pos.to_text(),
                    }
                } else {
                    EngineFault::Garbage(clip(&line))
                };
                return self.fail(fault);
            }
            if let Err(e) = check_protocol_line(&line) {
                return self.fail(e);
            }
        }
    }
}

/// Reads the bot's output line by line into `tx` until it closes, a line is too long or the
/// total is too large (a read error counts as the end of the output).
fn read_lines(stdout: std::process::ChildStdout, tx: &Sender<Incoming>) {
    let mut reader = BufReader::new(stdout);
    let mut total = 0u64;
    loop {
        let mut buf = Vec::new();
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
fn check_protocol_line(line: &str) -> Result<(), EngineFault> {
    let word = line.split_whitespace().next().unwrap_or("");
    if line.is_empty()
        || matches!(
            word,
            "info" | "id" | "option" | "readyok" | "uciok" | "copyprotection" | "registration"
        )
    {
        Ok(())
    } else {
        Err(EngineFault::Garbage(clip(line)))
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
            // Give it a moment to exit on its own, then end whatever is left of its group.
            let until = Instant::now() + Duration::from_millis(200);
            while Instant::now() < until {
                if let Ok(Some(_)) = p.child.try_wait() {
                    break;
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

    fn fault(&mut self) -> Option<BotError> {
        self.fault.take().map(BotError::Engine)
    }

    fn supports(&mut self, v: Variant) -> Result<(), BotError> {
        self.check_variant(v).map_err(BotError::Engine)
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
        assert_eq!(
            split_command("a 'b"),
            Err(CommandLineError::UnclosedSingleQuote)
        );
        assert_eq!(
            split_command("a \"b"),
            Err(CommandLineError::UnclosedDoubleQuote)
        );
        assert_eq!(
            split_command("a \"b\\"),
            Err(CommandLineError::UnclosedDoubleQuote)
        );
        assert_eq!(
            split_command("a\\"),
            Err(CommandLineError::TrailingBackslash)
        );
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
        assert!(
            matches!(f, BotError::Engine(EngineFault::Spawn { .. })),
            "{f:?}"
        );
        assert!(f.to_string().contains("cannot start"), "{f}");
    }

    /// Test bots written as POSIX shell scripts in a fresh temporary directory.
    #[cfg(unix)]
    mod misbehaving {
        use super::super::EngineOptions;
        use crate::bots::arena::{Contestant, Fallback, MatchConfig, run_match};
        use crate::bots::{BotSpec, SearchLimits};
        use crate::rules::Variant;
        use std::os::unix::fs::PermissionsExt;
        use std::path::{Path, PathBuf};

        /// Every variant's name, as a `UCI_Variant` combo lists them.
        fn all_variants() -> String {
            Variant::ALL
                .iter()
                .map(|v| format!(" var {}", v.name()))
                .collect()
        }

        /// A script that answers `uci` with `options` (lines to echo), then runs `on_go` for
        /// each `go` (with `$mv` set to the first legal move and `$n` counting the `go`s).
        /// Every line it receives is appended to `<script>.log`.
        fn script_with(name: &str, options: &[String], prelude: &str, on_go: &str) -> PathBuf {
            let dir =
                std::env::temp_dir().join(format!("esoterica-bots-test-{}", std::process::id()));
            std::fs::create_dir_all(&dir).unwrap();
            let path = dir.join(name);
            let _ = std::fs::remove_file(log_path(&path));
            let echo: String = options.iter().map(|o| format!("echo '{o}'; ")).collect();
            let body = format!(
                "#!/bin/sh\n{prelude}\nn=0\nmv=\nwhile read -r cmd rest; do\n  echo \"$cmd $rest\" >> \"$0.log\"\n  case \"$cmd\" in\n    uci) echo 'id name {name}'; {echo}echo uciok ;;\n    isready) echo readyok ;;\n    legalmoves) set -- $rest; mv=$1 ;;\n    go) n=$((n+1)); {on_go} ;;\n    quit) exit 0 ;;\n  esac\ndone\n"
            );
            std::fs::write(&path, body).unwrap();
            std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o755)).unwrap();
            path
        }

        /// [`script_with`] advertising the legal-move hint and every variant.
        fn script(name: &str, prelude: &str, on_go: &str) -> PathBuf {
            script_with(
                name,
                &[
                    "option name Esoterica_LegalMoves type check default false".into(),
                    format!(
                        "option name UCI_Variant type combo default standard{}",
                        all_variants()
                    ),
                ],
                prelude,
                on_go,
            )
        }

        fn log_path(bot: &Path) -> PathBuf {
            PathBuf::from(format!("{}.log", bot.display()))
        }

        /// The lines a [`script_with`] bot received so far, and a fresh log.
        fn received(bot: &Path) -> String {
            let log = std::fs::read_to_string(log_path(bot)).unwrap_or_default();
            let _ = std::fs::remove_file(log_path(bot));
            log
        }

        fn run(bot: &Path, fallback: Fallback) -> crate::bots::MatchReport {
            run_variant(bot, fallback, Variant::default())
        }

        fn run_variant(
            bot: &Path,
            fallback: Fallback,
            variant: Variant,
        ) -> crate::bots::MatchReport {
            let spec = BotSpec::External(vec!["/bin/sh".into(), bot.display().to_string()]);
            let mut c = MatchConfig::new(
                variant,
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
            assert_faults_n(r, 2, needle);
        }

        /// `n` games, each lost by the external bot (bot A) with a fault saying `needle`.
        fn assert_faults_n(r: &crate::bots::MatchReport, n: usize, needle: &str) {
            assert_eq!(r.games.len(), n);
            let f = r.faults();
            assert_eq!(f.len(), n, "{f:?}");
            assert!(
                f.iter().all(|f| f.reason.contains(needle)),
                "{needle}: {f:?}"
            );
            assert_eq!(r.tally_a().losses, n, "{}", r.table());
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
            // Reads one line, then only writes: 1000 answers (`readyok` for the host's
            // `isready` before each move, then `bestmove`) while the host's ~250 bytes per
            // move (isready, position, legal moves, go) fill the pipe far beyond its 64 KiB.
            let dir =
                std::env::temp_dir().join(format!("esoterica-bots-test-{}", std::process::id()));
            std::fs::create_dir_all(&dir).unwrap();
            let path = dir.join("deaf.sh");
            std::fs::write(
                &path,
                "#!/bin/sh\nread -r a\necho 'option name Esoterica_LegalMoves type check default false'\necho uciok\necho readyok\ni=0\nwhile [ $i -lt 1000 ]; do echo readyok; echo 'bestmove e2e4'; i=$((i+1)); done\nsleep 30\n",
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

        fn contestant(bot: &Path) -> Contestant {
            Contestant::from_spec(&BotSpec::External(vec![
                "/bin/sh".into(),
                bot.display().to_string(),
            ]))
        }

        fn check(bot: &Path, variant: Variant) -> Result<(), String> {
            let c = MatchConfig::new(
                variant,
                contestant(bot),
                Contestant::from_spec(&BotSpec::Random),
                2,
            );
            crate::bots::arena::check_bots(&c).map_err(|e| e.to_string())
        }

        #[test]
        fn a_bot_without_uci_variant_is_refused_before_the_first_game() {
            let hint = "option name Esoterica_LegalMoves type check default false".to_string();
            let plain = script_with("plain.sh", &[hint], "", "echo \"bestmove $mv\"");
            assert_eq!(
                check(&plain, Variant::Nonviolent).unwrap_err(),
                format!(
                    "engine 'ext:/bin/sh {}' (plain.sh) does not support variant nonviolent: \
                     it advertises no UCI_Variant option",
                    plain.display()
                )
            );
            // The check sent nothing but `uci` (and `quit` as the bot was dropped).
            assert_eq!(received(&plain), "uci \nquit \n");
            assert_eq!(check(&plain, Variant::Standard), Ok(()));
            let _ = received(&plain);
            // In a game (no check first) the bot forfeits with the same reason, and no
            // option is sent.
            let r = run_variant(&plain, Fallback::Forfeit, Variant::Nonviolent);
            assert_faults(
                &r,
                "does not support variant nonviolent: it advertises no UCI_Variant option",
            );
            let log = received(&plain);
            assert!(!log.contains("setoption"), "{log}");
            // Standard chess needs no UCI_Variant: none is sent, the games are played.
            let r = run_variant(&plain, Fallback::Forfeit, Variant::Standard);
            assert!(r.faults().is_empty(), "{:?}", r.faults());
            let log = received(&plain);
            assert!(!log.contains("UCI_Variant"), "{log}");
            assert!(
                log.contains("setoption name Esoterica_LegalMoves value true\n"),
                "{log}"
            );
        }

        #[test]
        fn a_bot_is_set_to_a_variant_only_if_it_lists_it() {
            let bot = script_with(
                "lists.sh",
                &[
                    "option name Esoterica_LegalMoves type check default false".into(),
                    "option name UCI_Variant type combo default standard var standard var bully"
                        .into(),
                ],
                "",
                "echo \"bestmove $mv\"",
            );
            let e = check(&bot, Variant::Nonviolent).unwrap_err();
            assert!(
                e.ends_with(
                    "does not support variant nonviolent: its UCI_Variant option lists standard bully"
                ),
                "{e}"
            );
            assert_eq!(check(&bot, Variant::Bully), Ok(()));
            let _ = received(&bot);
            for v in [Variant::Bully, Variant::Standard] {
                let r = run_variant(&bot, Fallback::Forfeit, v);
                assert!(r.faults().is_empty(), "{:?}", r.faults());
                let log = received(&bot);
                let want = format!("setoption name UCI_Variant value {}\n", v.name());
                assert_eq!(log.matches(&want).count(), 2, "{log}");
            }
        }

        #[test]
        fn engine_options_are_read_from_the_uci_answer() {
            let mut o = EngineOptions::default();
            for l in [
                "id name Fairy 1.0",
                "option name Clear Hash type button",
                "option name UCI_Variant type combo default chess var chess var bully var nonviolent",
                "option name Esoterica_LegalMoves type check default false",
                "info string ignored",
            ] {
                o.read_line(l);
            }
            assert_eq!(o.name.as_deref(), Some("Fairy 1.0"));
            assert!(o.legal_moves);
            assert_eq!(
                o.variants.as_deref(),
                Some(&["chess".to_string(), "bully".into(), "nonviolent".into()][..])
            );
            assert_eq!(o.check(Variant::Bully), Ok(()));
            assert_eq!(o.check(Variant::Standard), Ok(()));
            // A bot that calls standard chess `chess` is sent that name.
            assert_eq!(o.variant_value(Variant::Standard), Some("chess"));
            assert_eq!(
                EngineOptions::default().variant_value(Variant::Standard),
                None
            );
            assert_eq!(o.variant_value(Variant::Bully), Some("bully"));
            assert_eq!(
                o.check(Variant::Parity),
                Err(super::super::VariantRefusal::NotListed(
                    "chess bully nonviolent".into()
                ))
            );
            assert_eq!(
                o.check(Variant::Parity).unwrap_err().to_string(),
                "its UCI_Variant option lists chess bully nonviolent"
            );
            assert_eq!(
                EngineOptions::default().check(Variant::BigOuter),
                Err(super::super::VariantRefusal::NoVariantOption)
            );
        }

        #[test]
        fn a_second_bestmove_is_reported_as_such() {
            let r = run(
                &script(
                    "twice.sh",
                    "",
                    "echo \"bestmove $mv\"; echo \"bestmove $mv\"",
                ),
                Fallback::Forfeit,
            );
            let f = r.faults();
            assert_eq!(f.len(), 2, "{f:?}");
            // The bot's first move is the first legal move in sorted order (a2a3, a7a5).
            for (f, mv) in f.iter().zip(["a2a3", "a7a5"]) {
                assert_eq!(
                    f.reason,
                    format!(
                        "the bot sent a second bestmove {mv} for the previous position \
                         (after 'go' exactly one 'bestmove' is expected)"
                    )
                );
            }
            assert_eq!(r.tally_a().losses, 2, "{}", r.table());
        }

        /// The processes of process group `pgid` that are not zombies.
        #[cfg(target_os = "linux")]
        fn live_members(pgid: &str) -> Vec<String> {
            std::fs::read_dir("/proc")
                .unwrap()
                .filter_map(Result::ok)
                .filter_map(|e| std::fs::read_to_string(e.path().join("stat")).ok())
                .filter(|stat| {
                    // pid (comm) state ppid pgrp …; comm may hold blanks, so split after ')'.
                    let after = stat.rsplit_once(')').map_or("", |(_, a)| a);
                    let f: Vec<&str> = after.split_whitespace().collect();
                    f.first() != Some(&"Z") && f.get(2) == Some(&pgid)
                })
                .collect()
        }

        #[cfg(target_os = "linux")]
        #[test]
        fn a_hung_child_of_a_launcher_script_ends_with_the_bot() {
            // The launcher (`sh -c '…; true'`) forks the bot script, which hangs in `sleep`
            // on the first `go` after writing its process group id.
            let bot = script(
                "hang.sh",
                "",
                "cut -d' ' -f5 /proc/$$/stat > \"$0.pgid\"; sleep 600",
            );
            let pgid_file = PathBuf::from(format!("{}.pgid", bot.display()));
            let _ = std::fs::remove_file(&pgid_file);
            let launcher = format!("/bin/sh {}; true", bot.display());
            let spec = BotSpec::External(vec!["/bin/sh".into(), "-c".into(), launcher]);
            let mut c = MatchConfig::new(
                Variant::Standard,
                Contestant::from_spec(&spec),
                Contestant::from_spec(&BotSpec::Random),
                1,
            );
            c.limits = SearchLimits::movetime_ms(50);
            let r = run_match(&c, |_, _, _| {});
            assert_faults_n(&r, 1, "no 'bestmove' within 1050 ms");
            let pgid = std::fs::read_to_string(&pgid_file).unwrap();
            let pgid = pgid.trim();
            assert!(pgid.parse::<u32>().is_ok_and(|p| p > 1), "{pgid}");
            let until = std::time::Instant::now() + std::time::Duration::from_secs(3);
            let mut left = live_members(pgid);
            while !left.is_empty() && std::time::Instant::now() < until {
                std::thread::sleep(std::time::Duration::from_millis(20));
                left = live_members(pgid);
            }
            assert!(left.is_empty(), "still running in group {pgid}: {left:?}");
        }

        /// Whether process `pid` runs (exists and is not a zombie).
        #[cfg(target_os = "linux")]
        fn is_running(pid: u32) -> bool {
            super::super::proc_stat(pid).is_some_and(|p| !p.zombie)
        }

        #[cfg(target_os = "linux")]
        #[test]
        fn helpers_a_bot_moved_to_sessions_of_their_own_end_with_each_game() {
            // Two helpers leave the bot's process group and session with `setsid`: one stays
            // the bot's child, the other is orphaned at once (its parent `sh -c` exits), so
            // only the bot id in its environment ties it to the bot. The bot plays properly
            // and exits on `quit`.
            let bot = script(
                "setsid.sh",
                "setsid sleep 1000 & echo $! >> \"$0.pids\"\n\
                 sh -c 'setsid sleep 1001 & echo $! >> \"$1.pids\"' sh \"$0\"",
                "echo \"bestmove $mv\"",
            );
            let pids_file = PathBuf::from(format!("{}.pids", bot.display()));
            let _ = std::fs::remove_file(&pids_file);
            let spec = BotSpec::External(vec!["/bin/sh".into(), bot.display().to_string()]);
            let mut c = MatchConfig::new(
                Variant::Standard,
                Contestant::from_spec(&spec),
                Contestant::from_spec(&BotSpec::Random),
                2,
            );
            c.limits = SearchLimits::movetime_ms(50);
            c.max_plies = 6;
            c.jobs = 1;
            let r = run_match(&c, |_, _, _| {});
            assert_eq!(r.games.len(), 2);
            assert!(r.faults().is_empty(), "{:?}", r.faults());
            let pids: Vec<u32> = std::fs::read_to_string(&pids_file)
                .unwrap()
                .lines()
                .map(|l| l.trim().parse().unwrap())
                .collect();
            // Two helpers each time the bot starts: at least once per game.
            assert!(pids.len() >= 4, "{pids:?}");
            let until = std::time::Instant::now() + std::time::Duration::from_secs(3);
            let mut left: Vec<u32> = pids.iter().copied().filter(|&p| is_running(p)).collect();
            while !left.is_empty() && std::time::Instant::now() < until {
                std::thread::sleep(std::time::Duration::from_millis(20));
                left.retain(|&p| is_running(p));
            }
            // Clean up after a failure, so that no `sleep 1000` outlives the test.
            if !left.is_empty() {
                let _ = std::process::Command::new("kill")
                    .arg("-9")
                    .args(left.iter().map(u32::to_string))
                    .status();
            }
            assert!(left.is_empty(), "still running after the match: {left:?}");
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
