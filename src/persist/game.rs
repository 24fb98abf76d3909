//! Game files: any game of any variant as PGN (`rules::notation::pgn`) with a `Variant`
//! tag, `SetUp`/`FEN` when it does not start from the initial position, and a
//! `ClassicCheck` tag when the Force Field "classic check" option (ruling F-4) is on. Parity
//! turns are written `1. e4/e6`. Loading replays every move through the rules, so the
//! record comes back with its whole history (undo and review work after loading).

use std::path::Path;

use crate::rules::Position;
use crate::rules::notation::pgn::{self, MAX_PGN_BYTES, PgnError};
use crate::rules::position::GameOptions;
use crate::rules::record::{Entry, GameRecord};
use crate::rules::variant::Variant;

use super::{PersistError, atomic, read_text_bounded};

/// The PGN tag that records the Force Field "classic check" option (`"1"` when on).
pub const CLASSIC_CHECK_TAG: &str = "ClassicCheck";

/// Writes a game as PGN text (for a file or the clipboard).
///
/// # Examples
/// ```
/// use esoterica::persist::{game_from_text, game_to_text};
/// use esoterica::rules::{GameRecord, Position, Variant};
/// let mut r = GameRecord::new(Position::new(Variant::Bully));
/// let mv = r.current().parse_move("e4").unwrap();
/// r.play(&mv).unwrap();
/// let text = game_to_text(&r);
/// assert!(text.contains("[Variant \"Bully\"]") && text.contains("1. e4 *"));
/// assert_eq!(game_from_text(&text, None).unwrap().entries(), r.entries());
/// ```
pub fn game_to_text(record: &GameRecord) -> String {
    if record.start().options().classic_check {
        let mut r = record.clone();
        r.tags.retain(|(k, _)| k != CLASSIC_CHECK_TAG);
        r.tags
            .push((CLASSIC_CHECK_TAG.to_string(), "1".to_string()));
        pgn::write(&r)
    } else {
        pgn::write(record)
    }
}

/// Reads a game from PGN text. With `expect` set, a game of another variant is an error.
///
/// # Errors
/// [`PersistError::Game`] for oversized text (more than [`MAX_PGN_BYTES`]), bad tags, an
/// unknown or unexpected variant, a bad `FEN` tag, or an unreadable or illegal move (the
/// message names the move number and the rule).
pub fn game_from_text(text: &str, expect: Option<Variant>) -> Result<GameRecord, PersistError> {
    if text.len() > MAX_PGN_BYTES {
        return Err(PgnError::TooLarge(text.len()).into());
    }
    if !text.contains(|c: char| !c.is_whitespace()) {
        return Err(PgnError::Syntax("the text is empty".into()).into());
    }
    let record = pgn::read(text, expect)?;
    let classic = record
        .tags
        .iter()
        .any(|(k, v)| k == CLASSIC_CHECK_TAG && v.trim() == "1");
    if !classic {
        return Ok(record);
    }
    // Replay from a start with the option set: legality may differ under classic check.
    let mut start = record.start().clone();
    start.set_options(GameOptions {
        classic_check: true,
    });
    let mut out = GameRecord::new(start);
    out.tags = record
        .tags
        .iter()
        .filter(|(k, _)| k != CLASSIC_CHECK_TAG)
        .cloned()
        .collect();
    for (i, e) in record.entries().iter().enumerate() {
        let number = out.current().fullmove_number();
        let played = match e {
            Entry::Move(mv) => out.play(mv),
            Entry::Turn { white, black } => out.play_turn(white, black),
        };
        played.map_err(|err| PgnError::BadMove {
            number,
            token: format!("entry {}", i + 1),
            reason: format!("{} (with classic check)", err.reason),
        })?;
    }
    if out.outcome().is_none()
        && let Some(o) = record.outcome()
    {
        out.declare(o);
    }
    Ok(out)
}

/// Saves a game to `path` as PGN, atomically (the old file survives a crash mid-write).
///
/// # Errors
/// [`PersistError::Io`] when the folder or file cannot be written.
pub fn save_game(record: &GameRecord, path: &Path) -> Result<(), PersistError> {
    atomic::write_atomic(path, game_to_text(record).as_bytes())
}

/// Loads a game from a PGN file. With `expect` set, a game of another variant is an error.
///
/// # Errors
/// [`PersistError::Io`] if the file cannot be read, [`PersistError::TooLarge`] beyond
/// [`MAX_PGN_BYTES`], [`PersistError::NotText`] for binary data, and the errors of
/// [`game_from_text`].
pub fn load_game(path: &Path, expect: Option<Variant>) -> Result<GameRecord, PersistError> {
    let text = read_text_bounded(path, MAX_PGN_BYTES)?;
    game_from_text(&text, expect)
}

/// Reads a position pasted from the clipboard: a position text of `variant` (FEN on 8×8),
/// or a whole PGN game of that variant, whose final position is returned.
///
/// # Errors
/// [`PersistError::Position`] when the text is neither (the position text's error, which
/// names the field), or [`PersistError::Game`] when it is clearly a PGN game (it has tags)
/// that cannot be read, e.g. a game of another variant.
///
/// # Examples
/// ```
/// use esoterica::persist::position_from_clipboard;
/// use esoterica::rules::Variant;
/// let p = position_from_clipboard(Variant::Standard, "8/8/8/8/8/8/8/K6k w - - 0 1").unwrap();
/// assert_eq!(p.to_text(), "8/8/8/8/8/8/8/K6k w - - 0 1");
/// let q = position_from_clipboard(Variant::Standard, "1. e4 e5 *").unwrap();
/// assert_eq!(q.fullmove_number(), 2);
/// ```
pub fn position_from_clipboard(variant: Variant, text: &str) -> Result<Position, PersistError> {
    if text.len() > MAX_PGN_BYTES {
        return Err(PersistError::TooLarge {
            bytes: text.len() as u64,
            max: MAX_PGN_BYTES as u64,
        });
    }
    let t = text.trim();
    if t.starts_with('[') {
        return Ok(game_from_text(t, Some(variant))?.current().clone());
    }
    match Position::from_text(variant, t) {
        Ok(p) => Ok(p),
        Err(pos_err) => match game_from_text(t, Some(variant)) {
            Ok(r) if !r.is_empty() => Ok(r.current().clone()),
            _ => Err(pos_err.into()),
        },
    }
}
