//! Scenes: curated positions and scripted showcases, one RON file each in `scenes/`,
//! loadable anywhere (`esoterica scene FILE` checks one; the game's `play --scene FILE`
//! shows one). A scene is validated by the rules core: the variant must be known, the
//! position valid, and every scripted move legal when played in order.
//!
//! ```ron
//! (
//!     name: "Scholar's mate",
//!     variant: "standard",
//!     description: "The quickest common mate: the Queen takes f7 with Bishop support.",
//!     position: "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
//!     moves: ["e2e4", "e7e5", "f1c4", "b8c6", "d1h5", "g8f6", "h5f7"],
//!     captions: {6: "Qxf7 is mate: f7 was guarded only by the King."},
//! )
//! ```

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use crate::rules::moves::{Effect, Move};
use crate::rules::piece::Color;
use crate::rules::position::Position;
use crate::rules::record::{Entry, GameRecord};
use crate::rules::variant::{TurnModel, Variant};
use crate::rules::variants;

use super::{PersistError, printable, read_text_bounded};

/// The largest scene file read (bytes).
pub const MAX_SCENE_BYTES: usize = 256 * 1024;
/// The most scripted moves a scene may have.
pub const MAX_SCENE_MOVES: usize = 1000;

/// A scene as written in its file (unvalidated; see [`load_scene_text`]).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Scene {
    /// Title shown to the player.
    pub name: String,
    /// The variant's command-line name (`standard`, `big-outer`, …).
    pub variant: String,
    /// One or two sentences on what the scene shows.
    #[serde(default)]
    pub description: String,
    /// The start position (the variant's position text); empty = the initial position.
    #[serde(default)]
    pub position: String,
    /// Scripted moves in coordinate form (`e2e4`, `e7e8q`, `d1C1`); a Parity turn is
    /// `WHITE/BLACK` (`e2e4/e7e5`).
    #[serde(default)]
    pub moves: Vec<String>,
    /// Captions keyed by move index (0 = the first scripted move), shown as that move is
    /// played.
    #[serde(default)]
    pub captions: BTreeMap<usize, String>,
    /// If not empty: the position text the script must reach (a check on the rules).
    #[serde(default)]
    pub expect_position: String,
}

/// One scripted move, played.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SceneStep {
    /// The move as written in the scene.
    pub text: String,
    /// The record entry (a move, or a Parity turn).
    pub entry: Entry,
    /// What happened, in rules order.
    pub effects: Vec<Effect>,
    /// The caption for this move, if any.
    pub caption: Option<String>,
}

/// A validated scene: its data, start position and script played through the rules.
#[derive(Clone, Debug)]
pub struct LoadedScene {
    /// The scene as written.
    pub scene: Scene,
    /// The variant.
    pub variant: Variant,
    /// The start position.
    pub start: Position,
    /// Every scripted move with its effects.
    pub steps: Vec<SceneStep>,
    /// The record after the whole script (its positions allow stepping back and forth).
    pub record: GameRecord,
}

impl LoadedScene {
    /// The position after the whole script.
    pub fn end(&self) -> &Position {
        self.record.current()
    }
}

fn scene_err(reason: impl Into<String>) -> PersistError {
    PersistError::Scene(reason.into())
}

/// Reads one scripted move of the current position (Parity: a `WHITE/BLACK` turn).
///
/// # Errors
/// [`PersistError::SceneMove`] naming the move index, the text and why it is unreadable.
pub fn parse_scripted(pos: &Position, index: usize, text: &str) -> Result<Entry, PersistError> {
    let bad = |why: String| PersistError::SceneMove {
        index,
        text: text.to_string(),
        reason: why,
    };
    if pos.variant().turn_model() == TurnModel::Simultaneous {
        let (w, b) = text
            .split_once('/')
            .ok_or_else(|| bad("a Parity turn is written WHITE/BLACK, e.g. e2e4/e7e5".into()))?;
        let commit = |side: Color, t: &str| -> Result<Move, PersistError> {
            let mut p = pos.clone();
            p.set_turn(side);
            variants::parse_move_text(&p, t.trim()).map_err(|e| bad(format!("{side}: {e}")))
        };
        Ok(Entry::Turn {
            white: commit(Color::White, w)?,
            black: commit(Color::Black, b)?,
        })
    } else {
        let mv = variants::parse_move_text(pos, text.trim()).map_err(|e| bad(e.to_string()))?;
        Ok(Entry::Move(mv))
    }
}

/// Validates a scene and plays its script.
///
/// # Errors
/// [`PersistError::Scene`] for an unknown variant, a caption after the last move, too many
/// moves, or an end position other than `expect_position`; [`PersistError::SceneMove`] for
/// an unreadable or illegal move (naming its index and the rule);
/// [`PersistError::Position`] for a bad position text.
pub fn validate_scene(mut scene: Scene) -> Result<LoadedScene, PersistError> {
    // Shown in the game and printed by `esoterica scene`: no terminal escapes.
    scene.name = printable(&scene.name);
    scene.description = printable(&scene.description);
    for c in scene.captions.values_mut() {
        *c = printable(c);
    }
    let variant = Variant::parse(&scene.variant).map_err(|e| scene_err(e.to_string()))?;
    let start = if scene.position.trim().is_empty() {
        Position::new(variant)
    } else {
        Position::from_text(variant, scene.position.trim())?
    };
    if scene.moves.len() > MAX_SCENE_MOVES {
        return Err(scene_err(format!(
            "{} scripted moves, at most {MAX_SCENE_MOVES}",
            scene.moves.len()
        )));
    }
    if let Some((&k, _)) = scene.captions.range(scene.moves.len()..).next() {
        return Err(scene_err(format!(
            "caption for move {k}, but the script has {} moves (indices start at 0)",
            scene.moves.len()
        )));
    }
    let mut record = GameRecord::new(start.clone());
    let mut steps = Vec::with_capacity(scene.moves.len());
    for (i, text) in scene.moves.iter().enumerate() {
        if let Some(o) = record.outcome() {
            return Err(PersistError::SceneMove {
                index: i,
                text: text.clone(),
                reason: format!("the game is over: {}", o.describe()),
            });
        }
        let entry = parse_scripted(record.current(), i, text)?;
        let played = match &entry {
            Entry::Move(mv) => record.play(mv),
            Entry::Turn { white, black } => record.play_turn(white, black),
        };
        let effects = played.map_err(|e| PersistError::SceneMove {
            index: i,
            text: text.clone(),
            reason: e.to_string(),
        })?;
        steps.push(SceneStep {
            text: text.clone(),
            entry,
            effects,
            caption: scene.captions.get(&i).cloned(),
        });
    }
    let expect = scene.expect_position.trim();
    if !expect.is_empty() {
        let got = record.current().to_text();
        if got != expect {
            return Err(scene_err(format!(
                "the script ends in '{got}', the scene expects '{expect}'"
            )));
        }
    }
    Ok(LoadedScene {
        scene,
        variant,
        start,
        steps,
        record,
    })
}

/// Reads and validates a scene from RON text (a leading UTF-8 byte-order mark is skipped).
///
/// # Errors
/// [`PersistError::TooLarge`] beyond [`MAX_SCENE_BYTES`], [`PersistError::Scene`] for RON
/// that is not a scene (with line and column), and the errors of [`validate_scene`].
pub fn load_scene_text(text: &str) -> Result<LoadedScene, PersistError> {
    if text.len() > MAX_SCENE_BYTES {
        return Err(PersistError::TooLarge {
            bytes: text.len() as u64,
            max: MAX_SCENE_BYTES as u64,
        });
    }
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let scene: Scene = ron::from_str(text).map_err(|e| scene_err(e.to_string()))?;
    validate_scene(scene)
}

/// Reads and validates a scene file.
///
/// # Errors
/// [`PersistError::Io`], [`PersistError::NotText`], and the errors of [`load_scene_text`].
pub fn load_scene(path: &Path) -> Result<LoadedScene, PersistError> {
    let text = read_text_bounded(path, MAX_SCENE_BYTES)?;
    load_scene_text(&text)
}

/// The scene files (`*.ron`) in `dir`, sorted by file name.
///
/// # Errors
/// [`PersistError::Io`] when the folder cannot be listed.
pub fn list_scenes(dir: &Path) -> Result<Vec<PathBuf>, PersistError> {
    let rd = std::fs::read_dir(dir).map_err(|e| super::io_err("list", dir, &e))?;
    let mut out: Vec<PathBuf> = rd
        .filter_map(Result::ok)
        .map(|e| e.path())
        .filter(|p| p.is_file() && p.extension().is_some_and(|x| x == "ron"))
        .collect();
    out.sort();
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::persist::test_dir;

    fn scenes_dir() -> PathBuf {
        Path::new(env!("CARGO_MANIFEST_DIR")).join("scenes")
    }

    /// Every curated scene must validate (the scenes were worked out from `rules/*.md`, so
    /// this checks the rules against them too).
    #[test]
    fn every_scene_in_the_scenes_folder_loads_and_plays_its_script() {
        let files = list_scenes(&scenes_dir()).unwrap();
        assert!(files.len() >= 16, "{files:?}");
        let failures: Vec<String> = files
            .iter()
            .filter_map(|f| {
                load_scene(f).err().map(|e| {
                    format!(
                        "{}: {e}",
                        f.file_name().unwrap_or_default().to_string_lossy()
                    )
                })
            })
            .collect();
        assert!(
            failures.is_empty(),
            "scenes that do not play:\n{}",
            failures.join("\n")
        );
    }

    #[test]
    fn every_variant_has_at_least_two_scenes() {
        let files = list_scenes(&scenes_dir()).unwrap();
        for v in Variant::ALL {
            let n = files
                .iter()
                .filter_map(|f| std::fs::read_to_string(f).ok())
                .filter_map(|t| ron::from_str::<Scene>(&t).ok())
                .filter(|s| s.variant == v.name())
                .count();
            assert!(n >= 2, "{v}: {n} scenes");
        }
    }

    const SCHOLAR: &str = r#"(
        name: "Scholar",
        variant: "standard",
        position: "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        moves: ["e2e4", "e7e5", "f1c4", "b8c6", "d1h5", "g8f6", "h5f7"],
        captions: {6: "mate"},
        future_field: 3,
    )"#;

    #[test]
    fn a_scene_plays_with_effects_captions_and_outcome() {
        let s = load_scene_text(SCHOLAR).unwrap();
        assert_eq!(s.variant, Variant::Standard);
        assert_eq!(s.steps.len(), 7);
        let last = &s.steps[6];
        assert_eq!(last.caption.as_deref(), Some("mate"));
        let shape = s.start.shape();
        let fx: Vec<String> = last.effects.iter().map(|e| e.describe(shape)).collect();
        assert_eq!(
            fx,
            [
                "step White Queen h5 f7",
                "capture Black Pawn f7",
                "check black",
                "game-over 1-0 (White wins by checkmate)"
            ]
        );
        assert_eq!(s.record.len(), 7);
        assert_eq!(
            s.end().to_text(),
            "r1bqkb1r/pppp1Qpp/2n2n2/4p3/2B1P3/8/PPPP1PPP/RNB1K1NR b KQkq - 0 4"
        );
    }

    #[test]
    fn a_byte_order_mark_is_skipped_and_control_characters_are_dropped() {
        let d = test_dir("scene-bom");
        let p = d.join("bom.ron");
        let text = SCHOLAR
            .replace("name: \"Scholar\"", "name: \"Scholar\\u{1b}[2J\"")
            .replace("\"mate\"", "\"\\u{1b}]0;owned\\u{7}mate\\u{9b}31m\\nnow\"");
        std::fs::write(&p, format!("\u{feff}{text}")).unwrap();
        let s = load_scene(&p).unwrap();
        assert_eq!(s.scene.name, "Scholar[2J");
        assert_eq!(s.steps[6].caption.as_deref(), Some("]0;ownedmate31m now"));
        assert_eq!(
            load_scene_text(&format!("\u{feff}{SCHOLAR}"))
                .unwrap()
                .steps
                .len(),
            7
        );
    }

    #[test]
    fn a_scripted_move_after_the_end_of_the_game_says_so() {
        let e = load_scene_text(&SCHOLAR.replace("\"h5f7\"]", "\"h5f7\", \"a7a6\"]")).unwrap_err();
        assert_eq!(
            e.to_string(),
            "bad scene: move 7 'a7a6': the game is over: White wins by checkmate"
        );
    }

    #[test]
    fn an_empty_position_means_the_initial_one() {
        let s = load_scene_text(r#"(name: "x", variant: "big-outer", moves: ["C1b3"])"#).unwrap();
        assert_eq!(s.start, Position::new(Variant::BigOuter));
    }

    #[test]
    fn bad_scenes_give_clear_errors() {
        let e = load_scene_text(&SCHOLAR.replace("\"standard\"", "\"chess960\"")).unwrap_err();
        assert!(
            e.to_string()
                .starts_with("bad scene: unknown variant 'chess960'"),
            "{e}"
        );
        let e = load_scene_text(&SCHOLAR.replace("w KQkq", "x KQkq")).unwrap_err();
        assert_eq!(
            e.to_string(),
            "bad position text (side): 'x' must be w or b"
        );
        let e = load_scene_text(&SCHOLAR.replace("\"b8c6\"", "\"b8d6\"")).unwrap_err();
        match &e {
            PersistError::SceneMove { index, text, .. } => {
                assert_eq!((*index, text.as_str()), (3, "b8d6"));
            }
            other => panic!("{other}"),
        }
        let e = load_scene_text(&SCHOLAR.replace("{6:", "{7:")).unwrap_err();
        assert_eq!(
            e.to_string(),
            "bad scene: caption for move 7, but the script has 7 moves (indices start at 0)"
        );
        let e = load_scene_text(&SCHOLAR.replace(
            "captions",
            "expect_position: \"8/8/8/8/8/8/8/K6k w - - 0 1\", captions",
        ))
        .unwrap_err();
        assert!(
            e.to_string()
                .contains("the scene expects '8/8/8/8/8/8/8/K6k w - - 0 1'"),
            "{e}"
        );
        let e = load_scene_text("(name: \"x\")").unwrap_err();
        assert!(
            matches!(e, PersistError::Scene(_)) && e.to_string().contains("variant"),
            "{e}"
        );
        let e = load_scene_text(&" ".repeat(MAX_SCENE_BYTES + 1)).unwrap_err();
        assert!(matches!(e, PersistError::TooLarge { .. }), "{e}");
        let e = load_scene_text(r#"(name: "p", variant: "parity", moves: ["e2e4"])"#).unwrap_err();
        assert!(e.to_string().contains("WHITE/BLACK"), "{e}");
    }

    #[test]
    fn list_scenes_lists_only_ron_files_sorted() {
        let d = test_dir("scenes-list");
        for n in ["b.ron", "a.ron", "notes.txt"] {
            std::fs::write(d.join(n), "").unwrap();
        }
        let names: Vec<String> = list_scenes(&d)
            .unwrap()
            .iter()
            .map(|p| p.file_name().unwrap().to_string_lossy().into_owned())
            .collect();
        assert_eq!(names, ["a.ron", "b.ron"]);
        assert!(list_scenes(&d.join("missing")).is_err());
    }

    proptest::proptest! {
        #[test]
        fn scene_loader_never_panics_on_random_bytes(bytes in proptest::collection::vec(proptest::prelude::any::<u8>(), 0..400)) {
            let _ = load_scene_text(&String::from_utf8_lossy(&bytes));
        }

        #[test]
        fn scene_loader_never_panics_on_scene_like_text(
            variant in "(standard|intrachange|force-field|parity|parity-single|big-outer|bully|nonviolent|x)",
            moves in proptest::collection::vec("[a-lC][0-9]{1,2}[a-lC][0-9]{1,2}[qnrbgmj]?(/[a-l][0-9][a-l][0-9])?", 0..6),
            cap in 0usize..8,
        ) {
            let list: Vec<String> = moves.iter().map(|m| format!("{m:?}")).collect();
            let text = format!("(name: \"f\", variant: {variant:?}, moves: [{}], captions: {{{cap}: \"c\"}})", list.join(", "));
            let _ = load_scene_text(&text);
        }
    }
}
