//! Game records as PGN with a `[Variant "…"]` tag (and `[SetUp "1"]`/`[FEN "…"]` when the
//! game does not start from the variant's initial position).
//!
//! Movetext uses each variant's notation ([`move_text`](crate::rules::variants::move_text)).
//! A Parity turn is written `WHITE/BLACK` after its number: `1. e4/e6 2. d4/Be7`.
//! The reader skips comments (`{…}`, `;…`), NAGs (`$1`), recursive variations and move
//! numbers, and accepts coordinate-form moves too.

use std::fmt;
use std::time::Duration;

use crate::rules::clock::{TimeControl, clk_text, parse_clk};
use crate::rules::outcome::{DrawReason, Outcome, WinReason};
use crate::rules::piece::Color;
use crate::rules::position::Position;
use crate::rules::record::{Entry, GameRecord};
use crate::rules::variant::Variant;
use crate::rules::variants;

/// The largest PGN text accepted (bytes).
pub const MAX_PGN_BYTES: usize = 4 * 1024 * 1024;

/// Why a PGN text could not be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PgnError {
    /// Longer than [`MAX_PGN_BYTES`].
    TooLarge(usize),
    /// A tag pair is malformed.
    BadTag {
        /// 1-based line.
        line: usize,
        /// What is wrong.
        reason: String,
    },
    /// The `Variant` tag names no variant we play.
    UnknownVariant(String),
    /// The variant differs from the one the caller asked for.
    WrongVariant {
        /// Expected.
        expected: Variant,
        /// Found in the file.
        found: Variant,
    },
    /// The `FEN` tag is not a valid position text.
    BadPosition(String),
    /// A move could not be read or is illegal.
    BadMove {
        /// Move number (1-based, as written).
        number: u32,
        /// The token.
        token: String,
        /// Why.
        reason: String,
    },
    /// Something else in the movetext.
    Syntax(String),
}

impl fmt::Display for PgnError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PgnError::TooLarge(n) => write!(f, "game file is {n} bytes, more than {MAX_PGN_BYTES}"),
            PgnError::BadTag { line, reason } => write!(f, "line {line}: bad tag: {reason}"),
            PgnError::UnknownVariant(v) => write!(f, "unknown variant '{v}' in the Variant tag"),
            PgnError::WrongVariant { expected, found } => {
                write!(f, "the game is {found}, expected {expected}")
            }
            PgnError::BadPosition(e) => write!(f, "bad FEN tag: {e}"),
            PgnError::BadMove {
                number,
                token,
                reason,
            } => write!(f, "move {number} '{token}': {reason}"),
            PgnError::Syntax(e) => write!(f, "bad movetext: {e}"),
        }
    }
}

impl std::error::Error for PgnError {}

/// The tags [`write()`] computes from the game, never from [`GameRecord::tags`]: the result,
/// the variant, the start position, the termination and the time control.
pub const COMPUTED_TAGS: [&str; 7] = [
    "Result",
    "Variant",
    "SetUp",
    "FEN",
    "Termination",
    "TimeControl",
    "TimeControlDelay",
];

/// Why a tag cannot be given to a game as it is ([`check_tag`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TagError {
    /// The name is empty or has a character other than an ASCII letter, digit or `_`.
    BadName(String),
    /// One of the [`COMPUTED_TAGS`]: the writer takes it from the game itself.
    Computed(String),
    /// The value has a control character (a line break, a tab): a tag pair is one line of
    /// printing characters.
    ControlCharacter {
        /// The tag's name.
        name: String,
        /// The first control character.
        character: char,
    },
}

impl fmt::Display for TagError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TagError::BadName(n) => write!(
                f,
                "bad tag name {n:?}: a PGN tag name is ASCII letters, digits and _"
            ),
            TagError::Computed(n) => write!(
                f,
                "the {n} tag is written from the game itself and cannot be set"
            ),
            TagError::ControlCharacter { name, character } => write!(
                f,
                "the {name} tag's value has the control character {character:?}: a PGN tag \
                 value is one line of printing characters"
            ),
        }
    }
}

impl std::error::Error for TagError {}

/// Whether `name` is a PGN tag name: ASCII letters, digits and `_`, at least one.
fn is_tag_name(name: &str) -> bool {
    !name.is_empty() && name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
}

/// Checks a tag before it is given to a game ([`GameRecord::tags`]): a tag that passes is
/// written by [`write()`] and read back by [`read`] unchanged. Quotes and backslashes are
/// fine (the writer escapes them, PGN §8.1.1).
///
/// # Errors
/// [`TagError`]: a name that is not a PGN tag name, a tag the writer computes, a value
/// with a control character.
///
/// # Examples
/// ```
/// use esoterica::rules::notation::pgn::{TagError, check_tag};
/// assert_eq!(check_tag("White", r#"Ada "the \ first""#), Ok(()));
/// assert!(matches!(check_tag("White", "x\"]\n[Result \"0-1"), Err(TagError::ControlCharacter { .. })));
/// assert!(matches!(check_tag("Result", "1-0"), Err(TagError::Computed(_))));
/// assert!(matches!(check_tag("Bad Name", "x"), Err(TagError::BadName(_))));
/// ```
pub fn check_tag(name: &str, value: &str) -> Result<(), TagError> {
    if !is_tag_name(name) {
        return Err(TagError::BadName(name.to_string()));
    }
    if COMPUTED_TAGS.contains(&name) {
        return Err(TagError::Computed(name.to_string()));
    }
    if let Some(character) = value.chars().find(|c| c.is_control()) {
        return Err(TagError::ControlCharacter {
            name: name.to_string(),
            character,
        });
    }
    Ok(())
}

/// A tag value as written: `\` and `"` escaped with a backslash (PGN §8.1.1), each control
/// character (a line break) replaced by a space, so the tag stays one readable line.
fn escape(v: &str) -> String {
    let mut out = String::with_capacity(v.len());
    for c in v.chars() {
        match c {
            '\\' | '"' => {
                out.push('\\');
                out.push(c);
            }
            c if c.is_control() => out.push(' '),
            c => out.push(c),
        }
    }
    out
}

/// A tag name as written: each character other than an ASCII letter, digit or `_` becomes
/// `_` (`None` for an empty name, which is not written).
fn tag_name(name: &str) -> Option<String> {
    if name.is_empty() {
        return None;
    }
    Some(
        name.chars()
            .map(|c| {
                if c.is_ascii_alphanumeric() || c == '_' {
                    c
                } else {
                    '_'
                }
            })
            .collect(),
    )
}

/// Writes a record as PGN: the seven-tag roster (`?` for a tag not given), the `Variant`
/// tag, `SetUp`/`FEN` for another start, the record's other tags, `TimeControl` and
/// `Termination`, then the movetext. Tag values escape `\` and `"`; a tag that
/// [`check_tag`] would refuse is still written as one readable line (a control character
/// in a value becomes a space, a character outside `[A-Za-z0-9_]` in a name becomes `_`,
/// a given [`COMPUTED_TAGS`] tag is left out), so [`read`] always reads the text back.
pub fn write(record: &GameRecord) -> String {
    let variant = record.variant();
    let mut out = String::new();
    let mut tag = |k: &str, v: &str| out.push_str(&format!("[{k} \"{}\"]\n", escape(v)));
    let result = record.outcome().map_or("*", |o| o.result_token());
    let given = |k: &str| {
        record
            .tags
            .iter()
            .find(|(t, _)| t == k)
            .map(|(_, v)| v.as_str())
    };
    for k in ["Event", "Site", "Date", "Round", "White", "Black"] {
        tag(k, given(k).unwrap_or("?"));
    }
    tag("Result", result);
    tag("Variant", variant.title());
    let start = record.start();
    if start.to_text() != Position::new(variant).to_text() {
        tag("SetUp", "1");
        tag("FEN", &start.to_text());
    }
    for (k, v) in &record.tags {
        let roster = matches!(
            k.as_str(),
            "Event" | "Site" | "Date" | "Round" | "White" | "Black"
        );
        if roster || COMPUTED_TAGS.contains(&k.as_str()) {
            continue;
        }
        if let Some(name) = tag_name(k) {
            tag(&name, v);
        }
    }
    if record.time_control != TimeControl::Unlimited {
        tag("TimeControl", &record.time_control.pgn_tag());
        if let TimeControl::Delay { delay, .. } = record.time_control {
            tag("TimeControlDelay", &delay.as_secs().to_string());
        }
    }
    if let Some(o) = record.outcome() {
        tag("Termination", &o.describe());
    }
    out.push('\n');
    let mut line = String::new();
    let mut words: Vec<String> = Vec::new();
    for (i, e) in record.entries().iter().enumerate() {
        let Some(pos) = record.position_after(i) else {
            break;
        };
        match e {
            Entry::Move(mv) => {
                if pos.turn() == Color::White {
                    words.push(format!("{}.", pos.fullmove_number()));
                } else if i == 0 {
                    words.push(format!("{}...", pos.fullmove_number()));
                }
                words.push(variants::move_text(pos, mv));
                if let Some(c) = record.clocks_after(i) {
                    words.push(format!("{{[%clk {}]}}", clk_text(c[pos.turn().index()])));
                }
            }
            Entry::Turn { white, black } => {
                let mut w = pos.clone();
                w.set_turn(Color::White);
                let mut b = pos.clone();
                b.set_turn(Color::Black);
                words.push(format!("{}.", pos.fullmove_number()));
                words.push(format!(
                    "{}/{}",
                    variants::move_text(&w, white),
                    variants::move_text(&b, black)
                ));
                // Both sides moved: both clocks, White's as %clkw, Black's as %clkb.
                if let Some(c) = record.clocks_after(i) {
                    words.push(format!(
                        "{{[%clkw {}] [%clkb {}]}}",
                        clk_text(c[0]),
                        clk_text(c[1])
                    ));
                }
            }
        }
    }
    words.push(result.to_string());
    for w in words {
        if !line.is_empty() && line.len() + 1 + w.len() > 79 {
            out.push_str(&line);
            out.push('\n');
            line.clear();
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(&w);
    }
    out.push_str(&line);
    out.push('\n');
    out
}

/// Reads one PGN game. With `expect` set, a game of another variant is an error.
///
/// # Errors
/// [`PgnError`] for oversized input, malformed tags, an unknown or unexpected variant, a bad
/// FEN tag, an unreadable or illegal move (naming the move number), or stray text.
pub fn read(text: &str, expect: Option<Variant>) -> Result<GameRecord, PgnError> {
    if text.len() > MAX_PGN_BYTES {
        return Err(PgnError::TooLarge(text.len()));
    }
    let mut tags: Vec<(String, String)> = Vec::new();
    let mut movetext = String::new();
    for (ln, line) in text.lines().enumerate() {
        let t = line.trim();
        if t.starts_with('[') && movetext.trim().is_empty() {
            tags.push(parse_tag(t).map_err(|reason| PgnError::BadTag {
                line: ln + 1,
                reason,
            })?);
        } else if !t.starts_with('%') {
            movetext.push_str(line);
            movetext.push('\n');
        }
    }
    let get = |k: &str| tags.iter().find(|(t, _)| t == k).map(|(_, v)| v.clone());
    let variant = match get("Variant") {
        Some(v) => Variant::parse(&v).map_err(|_| PgnError::UnknownVariant(v))?,
        None => expect.unwrap_or_default(),
    };
    if let Some(e) = expect
        && e != variant
    {
        return Err(PgnError::WrongVariant {
            expected: e,
            found: variant,
        });
    }
    let start = match get("FEN") {
        Some(f) => {
            Position::from_text(variant, &f).map_err(|e| PgnError::BadPosition(e.to_string()))?
        }
        None => Position::new(variant),
    };
    let termination = get("Termination");
    let time_control = get("TimeControl");
    let time_delay = get("TimeControlDelay");
    let mut record = GameRecord::new(start);
    record.tags = tags
        .into_iter()
        .filter(|(k, _)| !COMPUTED_TAGS.contains(&k.as_str()))
        .collect();
    if let Some(tc) = time_control {
        let delay = time_delay.and_then(|d| d.trim().parse().ok());
        record.time_control = TimeControl::from_pgn(&tc, delay)
            .ok_or_else(|| PgnError::Syntax(format!("bad TimeControl tag '{tc}'")))?;
    }
    let mut result: Option<&str> = None;
    for token in tokenize(&movetext)? {
        if let Some(comment) = token.strip_prefix('{') {
            if let Some(c) = read_clocks(comment, &record) {
                record.set_last_clocks(c);
            }
            continue;
        }
        if matches!(token.as_str(), "1-0" | "0-1" | "1/2-1/2" | "*") {
            result = Some(match token.as_str() {
                "1-0" => "1-0",
                "0-1" => "0-1",
                "1/2-1/2" => "1/2-1/2",
                _ => "*",
            });
            continue;
        }
        if result.is_some() {
            return Err(PgnError::Syntax(format!("'{token}' after the result")));
        }
        let number = record.current().fullmove_number();
        let bad = |reason: String| PgnError::BadMove {
            number,
            token: token.clone(),
            reason,
        };
        if record.is_simultaneous() {
            let (w, b) = token
                .split_once('/')
                .ok_or_else(|| bad("a Parity turn is written WHITE/BLACK, e.g. e4/e5".into()))?;
            let pos = record.current().clone();
            let mut pw = pos.clone();
            pw.set_turn(Color::White);
            let mut pb = pos;
            pb.set_turn(Color::Black);
            let wm = variants::parse_move_text(&pw, w).map_err(|e| bad(e.to_string()))?;
            let bm = variants::parse_move_text(&pb, b).map_err(|e| bad(e.to_string()))?;
            record.play_turn(&wm, &bm).map_err(|e| bad(e.reason()))?;
        } else {
            let mv = variants::parse_move_text(record.current(), &token)
                .map_err(|e| bad(e.to_string()))?;
            record.play(&mv).map_err(|e| bad(e.reason()))?;
        }
    }
    // A result the rules did not reach (resignation, time, agreement, a ply-cap
    // adjudication, named by the `Termination` tag) is kept as declared; an unnamed one
    // is a forfeit (decisive) or an agreement (draw).
    if record.outcome().is_none() {
        let named = |candidates: &[Outcome]| {
            candidates
                .iter()
                .find(|o| termination.as_deref() == Some(o.describe().as_str()))
                .copied()
        };
        let win = |winner: Color| {
            let reasons = [
                WinReason::Resignation,
                WinReason::Timeout,
                WinReason::Forfeit,
            ];
            named(&reasons.map(|reason| Outcome::Win { winner, reason })).unwrap_or(Outcome::Win {
                winner,
                reason: WinReason::Forfeit,
            })
        };
        match result {
            Some("1-0") => record.declare(win(Color::White)),
            Some("0-1") => record.declare(win(Color::Black)),
            Some("1/2-1/2") => {
                let reasons = [
                    DrawReason::PlyCap,
                    DrawReason::TimeoutVsInsufficientMaterial,
                    DrawReason::BothTimedOut,
                    DrawReason::Agreement,
                ];
                let o = named(&reasons.map(|reason| Outcome::Draw { reason })).unwrap_or(
                    Outcome::Draw {
                        reason: DrawReason::Agreement,
                    },
                );
                record.declare(o);
            }
            _ => {}
        }
    }
    Ok(record)
}

/// Reads every game of a PGN text (one after another, as `esoterica match --pgn` writes
/// them): a tag line after a game's movetext starts the next game.
///
/// # Errors
/// The 0-based index of the first game that cannot be read, with its [`PgnError`].
pub fn read_games(
    text: &str,
    expect: Option<Variant>,
) -> Result<Vec<GameRecord>, (usize, PgnError)> {
    let mut chunks: Vec<String> = Vec::new();
    let mut cur = String::new();
    let mut in_movetext = false;
    for line in text.lines() {
        let t = line.trim();
        if t.starts_with('[') && in_movetext {
            chunks.push(std::mem::take(&mut cur));
            in_movetext = false;
        } else if !t.is_empty() && !t.starts_with('[') && !t.starts_with('%') {
            in_movetext = true;
        }
        cur.push_str(line);
        cur.push('\n');
    }
    if !cur.trim().is_empty() {
        chunks.push(cur);
    }
    chunks
        .iter()
        .enumerate()
        .map(|(i, c)| read(c, expect).map_err(|e| (i, e)))
        .collect()
}

fn parse_tag(t: &str) -> Result<(String, String), String> {
    let inner = t
        .strip_prefix('[')
        .and_then(|s| s.strip_suffix(']'))
        .ok_or("a tag is written [Name \"value\"]")?;
    let (name, rest) = inner
        .split_once(char::is_whitespace)
        .ok_or("a tag needs a name and a value")?;
    if !is_tag_name(name) {
        return Err(format!("bad tag name '{name}'"));
    }
    let rest = rest.trim();
    let body = rest
        .strip_prefix('"')
        .and_then(|s| s.strip_suffix('"'))
        .ok_or("a tag value is written in double quotes")?;
    let mut v = String::new();
    let mut chars = body.chars();
    while let Some(c) = chars.next() {
        match c {
            '\\' => v.push(chars.next().ok_or("dangling backslash")?),
            '"' => return Err("unescaped quote in tag value".into()),
            c => v.push(c),
        }
    }
    Ok((name.to_string(), v))
}

/// The clocks a move comment carries (`[%clk H:MM:SS]` for the side that just moved, or
/// Parity's `[%clkw …] [%clkb …]`), merged with the previous entry's for the side that did
/// not move.
fn read_clocks(comment: &str, record: &GameRecord) -> Option<[Duration; 2]> {
    let value = |key: &str| {
        let at = comment.find(&format!("[%{key} "))? + key.len() + 3;
        let end = comment[at..].find(']')? + at;
        parse_clk(&comment[at..end])
    };
    let n = record.len().checked_sub(1)?;
    let before = match n.checked_sub(1) {
        Some(p) => record.clocks_after(p),
        None => record.time_control.base().map(|b| [b, b]),
    };
    if let (Some(w), Some(b)) = (value("clkw"), value("clkb")) {
        return Some([w, b]);
    }
    let mover = record.position_after(n)?.turn();
    let mut c = before.unwrap_or([Duration::ZERO; 2]);
    c[mover.index()] = value("clk")?;
    Some(c)
}

fn tokenize(text: &str) -> Result<Vec<String>, PgnError> {
    let mut out = Vec::new();
    let mut chars = text.chars().peekable();
    let mut depth = 0u32;
    let mut cur = String::new();
    let flush = |cur: &mut String, out: &mut Vec<String>, depth: u32| {
        if !cur.is_empty() {
            let t = std::mem::take(cur);
            if depth == 0 {
                // Strip move numbers glued to a move ("1.e4", "12...Nf6").
                let t = t.trim_start_matches(|c: char| c.is_ascii_digit());
                let t = t.trim_start_matches('.');
                if !t.is_empty() && !t.starts_with('$') {
                    out.push(t.to_string());
                }
            }
        }
    };
    while let Some(c) = chars.next() {
        match c {
            '{' => {
                flush(&mut cur, &mut out, depth);
                let mut closed = false;
                let mut body = String::new();
                for d in chars.by_ref() {
                    if d == '}' {
                        closed = true;
                        break;
                    }
                    body.push(d);
                }
                if !closed {
                    return Err(PgnError::Syntax("unclosed comment '{'".into()));
                }
                // Clock comments are kept (as a token starting with '{'); others dropped.
                if depth == 0 && body.contains("[%clk") {
                    out.push(format!("{{{body}"));
                }
            }
            ';' => {
                flush(&mut cur, &mut out, depth);
                for d in chars.by_ref() {
                    if d == '\n' {
                        break;
                    }
                }
            }
            '(' => {
                flush(&mut cur, &mut out, depth);
                depth += 1;
            }
            ')' => {
                flush(&mut cur, &mut out, depth);
                depth = depth
                    .checked_sub(1)
                    .ok_or_else(|| PgnError::Syntax("unmatched ')'".into()))?;
            }
            c if c.is_whitespace() => flush(&mut cur, &mut out, depth),
            c => cur.push(c),
        }
    }
    flush(&mut cur, &mut out, depth);
    if depth != 0 {
        return Err(PgnError::Syntax("unclosed variation '('".into()));
    }
    // Results such as "1-0" would lose their digits above; restore them.
    Ok(out
        .into_iter()
        .map(|t| match t.as_str() {
            "-0" => "1-0".to_string(),
            "-1" => "0-1".to_string(),
            "/2-1/2" => "1/2-1/2".to_string(),
            _ => t,
        })
        .collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scholars_mate_round_trips() {
        let mut r = GameRecord::new(Position::new(Variant::Standard));
        for m in ["e4", "e5", "Bc4", "Nc6", "Qh5", "Nf6", "Qxf7#"] {
            let mv = r.current().parse_move(m).unwrap();
            r.play(&mv).unwrap();
        }
        let text = write(&r);
        assert!(text.contains("[Variant \"Standard\"]"));
        assert!(text.contains("4. Qxf7# 1-0"), "{text}");
        let back = read(&text, None).unwrap();
        assert_eq!(back.entries(), r.entries());
        assert_eq!(back.outcome(), r.outcome());
    }

    /// The record's tags as a map, with the roster tags the writer adds (`?`).
    fn tags_with_roster(tags: &[(String, String)]) -> std::collections::BTreeMap<String, String> {
        let mut m: std::collections::BTreeMap<String, String> = tags.iter().cloned().collect();
        for k in ["Event", "Site", "Date", "Round", "White", "Black"] {
            m.entry(k.to_string()).or_insert_with(|| "?".to_string());
        }
        m
    }

    #[test]
    fn tag_values_with_quotes_backslashes_and_line_breaks_read_back() {
        let mut r = GameRecord::new(Position::new(Variant::Standard));
        let mv = r.current().parse_move("e4").unwrap();
        r.play(&mv).unwrap();
        let given = [
            ("White", "x\"]\n[Result \"0-1"),
            ("Black", r#"C:\bots\"quoted"\"#),
            ("Annotator", "tab\there\r\nand a line"),
            ("Bad Name]", "v"),
            ("Result", "0-1"),
            ("Termination", "made up"),
        ];
        r.tags = given
            .iter()
            .map(|(k, v)| (k.to_string(), v.to_string()))
            .collect();
        let text = write(&r);
        assert!(
            text.contains(r#"[Black "C:\\bots\\\"quoted\"\\"]"#),
            "{text}"
        );
        // The line break became a space: the injected Result line is not a tag line.
        assert!(text.contains(r#"[White "x\"] [Result \"0-1"]"#), "{text}");
        assert!(
            text.contains(r#"[Result "*"]"#) && !text.contains("made up"),
            "{text}"
        );
        let back = read(&text, None).unwrap();
        let tag = |k: &str| {
            back.tags
                .iter()
                .find(|(t, _)| t == k)
                .map(|(_, v)| v.as_str())
        };
        assert_eq!(tag("White"), Some("x\"] [Result \"0-1"));
        assert_eq!(tag("Black"), Some(r#"C:\bots\"quoted"\"#));
        assert_eq!(tag("Annotator"), Some("tab here  and a line"));
        assert_eq!(tag("Bad_Name_"), Some("v"));
        assert_eq!((tag("Result"), back.outcome()), (None, None));
        assert_eq!(back.entries(), r.entries());
        // Written again, the text is the same.
        assert_eq!(write(&back), text);
    }

    proptest::proptest! {
        #[test]
        fn tags_that_pass_the_check_read_back_unchanged(
            tags in proptest::collection::vec(("[A-Za-z0-9_]{1,12}", "\\PC*"), 0..6),
            noise in proptest::collection::vec(("\\PC{0,8}", proptest::prelude::any::<String>()), 0..4),
        ) {
            let mut r = GameRecord::new(Position::new(Variant::Bully));
            let mut seen = std::collections::HashSet::new();
            for (k, v) in tags {
                if check_tag(&k, &v).is_ok() && seen.insert(k.clone()) {
                    r.tags.push((k, v));
                }
            }
            let checked = r.tags.clone();
            let text = write(&r);
            let back = read(&text, None).unwrap();
            proptest::prop_assert_eq!(tags_with_roster(&back.tags), tags_with_roster(&checked));
            // Any tag at all, checked or not: the text reads back, and reads back to itself.
            for (k, v) in noise {
                r.tags.push((k, v));
            }
            let text = write(&r);
            let back = read(&text, None).unwrap();
            proptest::prop_assert_eq!(write(&back), text);
        }
    }

    #[test]
    fn a_ply_cap_draw_round_trips_and_is_not_an_agreement() {
        let mut r = GameRecord::new(Position::new(Variant::Standard));
        for m in ["e4", "e5"] {
            let mv = r.current().parse_move(m).unwrap();
            r.play(&mv).unwrap();
        }
        let cap = Outcome::Draw {
            reason: DrawReason::PlyCap,
        };
        r.declare(cap);
        let text = write(&r);
        assert!(
            text.contains("[Result \"1/2-1/2\"]")
                && text.contains("[Termination \"Draw by adjudication (ply cap)\"]"),
            "{text}"
        );
        assert_eq!(read(&text, None).unwrap().outcome(), Some(cap));
        let agreed = text.replace("adjudication (ply cap)", "agreement");
        assert_eq!(
            read(&agreed, None).unwrap().outcome(),
            Some(Outcome::Draw {
                reason: DrawReason::Agreement
            })
        );
    }

    #[test]
    fn several_games_are_read_one_after_another() {
        let one = "[Event \"a\"]\n[Result \"*\"]\n\n1. e4 e5 *\n";
        let two = "[Event \"b\"]\n[Variant \"Bully\"]\n\n1. d4 *\n";
        let games = read_games(&format!("{one}\n{two}"), None).unwrap();
        assert_eq!(games.len(), 2);
        assert_eq!((games[0].len(), games[0].variant()), (2, Variant::Standard));
        assert_eq!((games[1].len(), games[1].variant()), (1, Variant::Bully));
        let (i, e) = read_games(&format!("{one}\n{}", two.replace("d4", "d5")), None).unwrap_err();
        assert_eq!(i, 1, "{e}");
        assert!(read_games("", None).unwrap().is_empty());
    }

    #[test]
    fn comments_variations_and_nags_are_skipped() {
        let t = "[Variant \"Standard\"]\n\n1. e4 {best by test} e5 (1... c5 2. Nf3) 2. Nf3 $1 Nc6 ; quiet\n*";
        let r = read(t, None).unwrap();
        assert_eq!(r.len(), 4);
    }

    #[test]
    fn clocks_and_the_time_control_round_trip_with_timeouts_and_resignations() {
        use std::time::Duration;
        let s = Duration::from_secs;
        let mut r = GameRecord::new(Position::new(Variant::Standard));
        r.time_control = TimeControl::fischer(5, 3);
        for (san, w, b) in [("e4", 301, 300), ("e5", 301, 295), ("Nf3", 290, 295)] {
            let mv = r.current().parse_move(san).unwrap();
            r.play(&mv).unwrap();
            r.set_last_clocks([s(w), s(b)]);
        }
        r.declare(Outcome::Win {
            winner: Color::White,
            reason: WinReason::Timeout,
        });
        let text = write(&r);
        assert!(text.contains("[TimeControl \"300+3\"]"), "{text}");
        assert!(
            text.contains("1. e4 {[%clk 0:05:01]} e5 {[%clk 0:04:55]} 2. Nf3 {[%clk 0:04:50]}"),
            "{text}"
        );
        let back = read(&text, None).unwrap();
        assert_eq!(back.time_control, TimeControl::fischer(5, 3));
        assert_eq!(back.clocks_after(0), Some([s(301), s(300)]));
        assert_eq!(back.clocks_after(2), Some([s(290), s(295)]));
        assert_eq!(back.outcome(), r.outcome());
        // Parity turns carry both clocks; a resignation is read back as such.
        let mut p = GameRecord::new(Position::new(Variant::Parity));
        p.time_control = TimeControl::delay(3, 2);
        let pos = p.current().clone();
        let mut b = pos.clone();
        b.set_turn(Color::Black);
        p.play_turn(&pos.parse_move("e4").unwrap(), &b.parse_move("e5").unwrap())
            .unwrap();
        p.set_last_clocks([s(170), s(165)]);
        p.declare(Outcome::Win {
            winner: Color::Black,
            reason: WinReason::Resignation,
        });
        let text = write(&p);
        assert!(text.contains("{[%clkw 0:02:50] [%clkb 0:02:45]}"), "{text}");
        assert!(text.contains("[TimeControlDelay \"2\"]"), "{text}");
        let back = read(&text, None).unwrap();
        assert_eq!(back.time_control, TimeControl::delay(3, 2));
        assert_eq!(back.clocks_after(0), Some([s(170), s(165)]));
        assert_eq!(back.outcome(), p.outcome());
    }
}
