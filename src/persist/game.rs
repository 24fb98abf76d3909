//! Game files: any game of any variant as PGN (`rules::notation::pgn`) with a `Variant`
//! tag, `SetUp`/`FEN` when it does not start from the initial position, and a
//! `ClassicCheck` tag when the Force Field "classic check" option (ruling F-4) is on. Parity
//! turns are written `1. e4/e6`. Loading replays every move through the rules, so the
//! record comes back with its whole history (undo and review work after loading).

use std::path::Path;

use crate::rules::Position;
use crate::rules::notation::fen::{self, SetupMode, SetupWarning};
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
            reason: format!("{} (with classic check)", err.reason()),
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
    paste(variant, text, SetupMode::Strict).map(|(pos, _)| pos)
}

/// Reads a pasted position as [`position_from_clipboard`] does, but the way other programs'
/// FENs need: a castling right whose King or Rook is not on its start square is dropped and
/// reported ([`Position::from_text_lenient`]) instead of refusing the text. A PGN game is
/// read as before (its `FEN` tag strictly) and gives no warnings. Show each warning to the
/// user (its `Display` reads "castling right K dropped: no White Rook on h1").
///
/// # Errors
/// As [`position_from_clipboard`], except for the dropped rights.
///
/// # Examples
/// ```
/// use esoterica::persist::position_from_clipboard_with_warnings;
/// use esoterica::rules::Variant;
/// let (p, warnings) =
///     position_from_clipboard_with_warnings(Variant::Standard, "4k3/8/8/8/8/8/8/4K3 w K - 0 1")
///         .unwrap();
/// assert_eq!(p.to_text(), "4k3/8/8/8/8/8/8/4K3 w - - 0 1");
/// assert_eq!(warnings[0].to_string(), "castling right K dropped: no White Rook on h1");
/// ```
pub fn position_from_clipboard_with_warnings(
    variant: Variant,
    text: &str,
) -> Result<(Position, Vec<SetupWarning>), PersistError> {
    paste(variant, text, SetupMode::Lenient)
}

fn paste(
    variant: Variant,
    text: &str,
    mode: SetupMode,
) -> Result<(Position, Vec<SetupWarning>), PersistError> {
    if text.len() > MAX_PGN_BYTES {
        return Err(PersistError::TooLarge {
            bytes: text.len() as u64,
            max: MAX_PGN_BYTES as u64,
        });
    }
    let t = text.trim();
    let pos_err = match fen::read_with(variant, t, mode) {
        Ok(read) => return Ok(read),
        Err(e) => e,
    };
    match game_from_text(t, Some(variant)) {
        Ok(r) if !r.is_empty() || looks_like_tag(t) => Ok((r.current().clone(), Vec::new())),
        // Text that starts with a tag line is a game: its error is the useful one. (A
        // Parity position whose a8 is shared also starts with '[', but has no quotes.)
        Err(e) if looks_like_tag(t) => Err(e),
        _ => Err(pos_err.into()),
    }
}

fn looks_like_tag(t: &str) -> bool {
    t.lines()
        .next()
        .is_some_and(|l| l.starts_with('[') && l.trim_end().ends_with(']') && l.contains('"'))
}

/// Seeded random games for the round-trip and autosave tests.
#[cfg(test)]
pub(crate) mod random {
    use rand::rngs::Xoshiro256PlusPlus;
    use rand::{RngExt, SeedableRng};

    use crate::rules::Position;
    use crate::rules::piece::Color;
    use crate::rules::record::GameRecord;
    use crate::rules::variant::{TurnModel, Variant};

    /// A random game of at most `max_entries` entries from the initial position (playing
    /// on until the game ends or no move is left).
    pub(crate) fn random_game(variant: Variant, seed: u64, max_entries: usize) -> GameRecord {
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
        let mut r = GameRecord::new(Position::new(variant));
        while r.len() < max_entries && r.outcome().is_none() {
            if variant.turn_model() == TurnModel::Simultaneous {
                let ws = r.current().legal_commits(Color::White);
                let bs = r.current().legal_commits(Color::Black);
                if ws.is_empty() || bs.is_empty() {
                    break;
                }
                let w = ws[rng.random_range(0..ws.len())];
                let b = bs[rng.random_range(0..bs.len())];
                r.play_turn(&w, &b).expect("two legal commits resolve");
            } else {
                let ms = r.current().legal_moves();
                if ms.is_empty() {
                    break;
                }
                let m = ms[rng.random_range(0..ms.len())];
                r.play(&m).expect("a legal move plays");
            }
        }
        r
    }
}

#[cfg(test)]
mod tests {
    use super::random::random_game;
    use super::*;
    use crate::persist::test_dir;
    use crate::rules::Color;

    fn assert_same_game(a: &GameRecord, b: &GameRecord, what: &str) {
        assert_eq!(a.variant(), b.variant(), "{what}");
        assert_eq!(a.entries(), b.entries(), "{what}");
        for i in 0..=a.len() {
            assert_eq!(
                a.position_after(i),
                b.position_after(i),
                "{what}: position after {i}"
            );
        }
        assert_eq!(a.outcome(), b.outcome(), "{what}");
    }

    /// Saves and reloads `games` random games per variant; returns how many were checked.
    fn round_trip(games: u64, max_entries: usize) -> usize {
        let mut checked = 0;
        for variant in Variant::ALL {
            for seed in 0..games {
                let r = random_game(variant, seed, max_entries);
                let text = game_to_text(&r);
                let back = game_from_text(&text, Some(variant))
                    .unwrap_or_else(|e| panic!("{variant} seed {seed}: {e}\n{text}"));
                assert_same_game(&r, &back, &format!("{variant} seed {seed}"));
                assert_eq!(
                    game_to_text(&back),
                    text,
                    "{variant} seed {seed}: text is stable"
                );
                checked += 1;
            }
        }
        checked
    }

    #[test]
    fn random_games_of_every_variant_round_trip_through_pgn() {
        // CI size (50 games per variant, 400 in all, a few seconds); the full 1,000 games per
        // variant is the ignored test below.
        assert_eq!(round_trip(50, 120), 50 * Variant::ALL.len());
    }

    #[test]
    #[ignore = "full size (1,000 games per variant): cargo test --release --no-default-features --lib -- --ignored thousand"]
    fn thousand_random_games_per_variant_round_trip_through_pgn() {
        assert_eq!(round_trip(1000, 400), 1000 * Variant::ALL.len());
    }

    #[test]
    fn saved_file_loads_with_history_so_undo_works() {
        let d = test_dir("game-file");
        let p = d.join("g.pgn");
        let r = random_game(Variant::BigOuter, 7, 30);
        save_game(&r, &p).unwrap();
        let mut back = load_game(&p, Some(Variant::BigOuter)).unwrap();
        assert_same_game(&r, &back, "big outer");
        back.pop();
        assert_eq!(back.current(), r.position_after(29).unwrap());
    }

    #[test]
    fn a_game_from_a_set_up_position_keeps_its_fen_tag() {
        let start =
            Position::from_text(Variant::Nonviolent, "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1").unwrap();
        let mut r = GameRecord::new(start);
        let mv = r.current().parse_move("e4").unwrap();
        r.play(&mv).unwrap();
        let t = game_to_text(&r);
        assert!(
            t.contains("[SetUp \"1\"]\n[FEN \"4k3/8/8/8/8/8/4P3/4K3 w - - 0 1\"]"),
            "{t}"
        );
        let back = game_from_text(&t, None).unwrap();
        assert_same_game(&r, &back, "set-up");
    }

    #[test]
    fn classic_check_option_survives_a_save() {
        let mut start = Position::new(Variant::ForceField);
        start.set_options(GameOptions {
            classic_check: true,
        });
        let mut r = GameRecord::new(start);
        for m in ["e4", "e5"] {
            let mv = r.current().parse_move(m).unwrap();
            r.play(&mv).unwrap();
        }
        let t = game_to_text(&r);
        assert!(t.contains("[ClassicCheck \"1\"]"), "{t}");
        let back = game_from_text(&t, None).unwrap();
        assert!(back.current().options().classic_check);
        assert_same_game(&r, &back, "classic check");
    }

    #[test]
    fn a_declared_result_survives_a_save() {
        let mut r = GameRecord::new(Position::new(Variant::Standard));
        r.declare(crate::rules::Outcome::Draw {
            reason: crate::rules::DrawReason::Agreement,
        });
        let back = game_from_text(&game_to_text(&r), None).unwrap();
        assert_eq!(back.outcome(), r.outcome());
    }

    fn sample() -> String {
        let mut r = GameRecord::new(Position::new(Variant::Standard));
        for m in ["e4", "e5", "Nf3", "Nc6", "Bb5", "a6"] {
            let mv = r.current().parse_move(m).unwrap();
            r.play(&mv).unwrap();
        }
        game_to_text(&r)
    }

    #[test]
    fn truncated_file_is_a_clear_error() {
        let t = sample();
        // Cut inside a tag: the tag is malformed.
        let cut = &t[..t.find("[Variant").unwrap() + 12];
        let e = game_from_text(cut, None).unwrap_err();
        assert!(e.to_string().contains("bad tag"), "{e}");
        // Cut inside a move: "Bb" is not a move.
        let cut = &t[..t.find("Bb5").unwrap() + 2];
        let e = game_from_text(cut, None).unwrap_err();
        assert_eq!(
            e,
            PersistError::Game(PgnError::BadMove {
                number: 3,
                token: "Bb".into(),
                reason: e_reason(&e),
            })
        );
        // Cut right after a tag: no moves at all is an empty game, which is fine.
        let head = &t[..t.find("\n\n").unwrap()];
        assert!(game_from_text(head, None).unwrap().is_empty());
        // An empty file is an error, not an empty game.
        assert!(
            game_from_text("", None)
                .unwrap_err()
                .to_string()
                .contains("empty")
        );
    }

    fn e_reason(e: &PersistError) -> String {
        match e {
            PersistError::Game(PgnError::BadMove { reason, .. }) => reason.clone(),
            other => panic!("not a bad move: {other}"),
        }
    }

    #[test]
    fn garbage_bytes_are_a_clear_error() {
        let d = test_dir("garbage");
        let p = d.join("g.pgn");
        std::fs::write(&p, [0xff, 0xfe, 0x00, 0x9f, 0x80]).unwrap();
        assert_eq!(load_game(&p, None).unwrap_err(), PersistError::NotText);
        let e = game_from_text("]][[ 1. zz9 @@", None).unwrap_err();
        assert!(
            matches!(e, PersistError::Game(PgnError::BadMove { .. })),
            "{e}"
        );
    }

    #[test]
    fn wrong_variant_is_a_clear_error() {
        let e = game_from_text(&sample(), Some(Variant::Bully)).unwrap_err();
        assert_eq!(
            e.to_string(),
            "bad game file: the game is Standard, expected Bully"
        );
        let e = game_from_text("[Variant \"Crazyhouse\"]\n\n*", None).unwrap_err();
        assert_eq!(
            e.to_string(),
            "bad game file: unknown variant 'Crazyhouse' in the Variant tag"
        );
    }

    #[test]
    fn an_illegal_move_in_the_middle_names_the_move() {
        let t = sample().replace("Bb5", "Bb6");
        let e = game_from_text(&t, None).unwrap_err();
        match &e {
            PersistError::Game(PgnError::BadMove { number, token, .. }) => {
                assert_eq!((*number, token.as_str()), (3, "Bb6"));
            }
            other => panic!("{other}"),
        }
        assert!(
            e.to_string().starts_with("bad game file: move 3 'Bb6': "),
            "{e}"
        );
    }

    #[test]
    fn huge_input_is_refused_before_parsing() {
        let huge = "e4 ".repeat(MAX_PGN_BYTES / 3 + 1);
        assert_eq!(
            game_from_text(&huge, None).unwrap_err(),
            PersistError::Game(PgnError::TooLarge(huge.len()))
        );
        let d = test_dir("huge");
        let p = d.join("g.pgn");
        std::fs::write(&p, &huge).unwrap();
        assert_eq!(
            load_game(&p, None).unwrap_err(),
            PersistError::TooLarge {
                bytes: huge.len() as u64,
                max: MAX_PGN_BYTES as u64
            }
        );
        assert!(position_from_clipboard(Variant::Standard, &huge).is_err());
        // The 4 MB file is not left in the temp folder.
        std::fs::remove_dir_all(&d).unwrap();
    }

    #[test]
    fn missing_file_is_an_io_error_naming_the_path() {
        let e = load_game(Path::new("/nonexistent/esoterica/g.pgn"), None).unwrap_err();
        assert!(
            e.to_string()
                .starts_with("cannot open /nonexistent/esoterica/g.pgn: "),
            "{e}"
        );
    }

    #[test]
    fn clipboard_paste_with_warnings_drops_an_impossible_castling_right() {
        let fen = "r3k3/8/8/8/8/8/8/4K2R b KQq - 0 1";
        assert!(position_from_clipboard(Variant::Standard, fen).is_err());
        let (p, w) = position_from_clipboard_with_warnings(Variant::Standard, fen).unwrap();
        assert_eq!(p.to_text(), "r3k3/8/8/8/8/8/8/4K2R b Kq - 0 1");
        let w: Vec<String> = w.iter().map(ToString::to_string).collect();
        assert_eq!(w, ["castling right Q dropped: no White Rook on a1"]);
        // A whole game still reads, without warnings.
        let (q, w) =
            position_from_clipboard_with_warnings(Variant::Standard, "1. e4 e5 *").unwrap();
        assert_eq!(q.fullmove_number(), 2);
        assert!(w.is_empty());
    }

    #[test]
    fn clipboard_accepts_a_position_text_or_a_whole_game() {
        let fen = "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3";
        assert_eq!(
            position_from_clipboard(Variant::Standard, fen)
                .unwrap()
                .to_text(),
            fen
        );
        // An en passant square no pawn can take on is accepted and dropped.
        let fen = "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq e6 0 2";
        assert_eq!(
            position_from_clipboard(Variant::Standard, fen)
                .unwrap()
                .to_text(),
            "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2"
        );
        let p = position_from_clipboard(Variant::Standard, &sample()).unwrap();
        assert_eq!(
            p.to_text(),
            "r1bqkbnr/1ppp1ppp/p1n5/1B2p3/4P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 0 4"
        );
        assert_eq!(p.turn(), Color::White);
        let shared = "[Rr]3k3/8/8/8/8/8/8/4K3 w - - 0 1 -/-";
        assert_eq!(
            position_from_clipboard(Variant::Parity, shared)
                .unwrap()
                .to_text(),
            shared
        );
        let e = position_from_clipboard(Variant::Standard, "hello").unwrap_err();
        assert!(matches!(e, PersistError::Position(_)), "{e}");
        let e = position_from_clipboard(Variant::Bully, &sample()).unwrap_err();
        assert!(
            matches!(e, PersistError::Game(PgnError::WrongVariant { .. })),
            "{e}"
        );
    }

    proptest::proptest! {
        #[test]
        fn game_loader_never_panics_on_random_bytes(bytes in proptest::collection::vec(proptest::prelude::any::<u8>(), 0..400)) {
            let text = String::from_utf8_lossy(&bytes);
            let _ = game_from_text(&text, None);
            for v in Variant::ALL {
                let _ = position_from_clipboard(v, &text);
            }
        }

        #[test]
        fn game_loader_never_panics_on_pgn_like_text(text in "(\\[[A-Za-z]{1,6} \"[a-zA-Z0-9 /.-]{0,12}\"\\]\n){0,3}([0-9]{1,2}\\.{1,3} ?)?([a-hKQRBNO1-8x+#=/(){};$-]{1,7} ){0,12}") {
            let _ = game_from_text(&text, None);
            let _ = game_from_text(&text, Some(Variant::Parity));
            let _ = game_from_text(&text, Some(Variant::BigOuter));
        }
    }
}
