//! Game records as PGN with a `[Variant "…"]` tag (and `[SetUp "1"]`/`[FEN "…"]` when the
//! game does not start from the variant's initial position).
//!
//! Movetext uses each variant's notation ([`move_text`](crate::rules::variants::move_text)).
//! A Parity turn is written `WHITE/BLACK` after its number: `1. e4/e6 2. d4/Be7`.
//! The reader skips comments (`{…}`, `;…`), NAGs (`$1`), recursive variations and move
//! numbers, and accepts coordinate-form moves too.

use std::fmt;

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

fn escape(v: &str) -> String {
    v.replace('\\', "\\\\").replace('"', "\\\"")
}

/// Writes a record as PGN.
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
        if !matches!(
            k.as_str(),
            "Event"
                | "Site"
                | "Date"
                | "Round"
                | "White"
                | "Black"
                | "Result"
                | "Variant"
                | "SetUp"
                | "FEN"
        ) {
            tag(k, v);
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
    let mut record = GameRecord::new(start);
    record.tags = tags
        .into_iter()
        .filter(|(k, _)| {
            !matches!(
                k.as_str(),
                "Variant" | "FEN" | "SetUp" | "Result" | "Termination"
            )
        })
        .collect();
    let mut result: Option<&str> = None;
    for token in tokenize(&movetext)? {
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
    // A result the rules did not reach (resignation, agreement, a ply-cap adjudication
    // named by the `Termination` tag) is kept as declared.
    let ply_cap = Outcome::Draw {
        reason: DrawReason::PlyCap,
    };
    if record.outcome().is_none() {
        match result {
            Some("1-0") => record.declare(Outcome::Win {
                winner: Color::White,
                reason: WinReason::Forfeit,
            }),
            Some("0-1") => record.declare(Outcome::Win {
                winner: Color::Black,
                reason: WinReason::Forfeit,
            }),
            Some("1/2-1/2") if termination.as_deref() == Some(ply_cap.describe().as_str()) => {
                record.declare(ply_cap);
            }
            Some("1/2-1/2") => record.declare(Outcome::Draw {
                reason: DrawReason::Agreement,
            }),
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
    if name.is_empty() || !name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_') {
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
                for d in chars.by_ref() {
                    if d == '}' {
                        closed = true;
                        break;
                    }
                }
                if !closed {
                    return Err(PgnError::Syntax("unclosed comment '{'".into()));
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
}
