//! The game's link to [`crate::persist`] (which knows nothing of Bevy): load and save
//! requests, the autosave after every move or turn, and scripted scenes played through the
//! same [`SubmitMoveRequest`] pipeline as a click. Headless. Load/save and scenes run in
//! [`AppSystems::Input`]; the autosave in
//! [`AppSystems::Present`], after the move is settled.

use std::path::PathBuf;

use bevy::prelude::*;

use super::messages::{MoveSource, NewGameRequest, ResyncRequest, SubmitMoveRequest};
use super::resolve::turn_text;
use super::state::{ActiveGame, PendingMoves, RecentSlot, StatusLine};
use crate::AppSystems;
use crate::persist::{Autosave, LoadedScene, load_game, save_game};
use crate::rules::{Entry, GameRecord};

/// Asks to load a game file (PGN); on an error the current game stays as it was.
#[derive(Message, Debug, Clone)]
pub struct LoadGameRequest(pub PathBuf);

/// Asks to save the current game as PGN.
#[derive(Message, Debug, Clone)]
pub struct SaveGameRequest(pub PathBuf);

/// Asks to continue a game record (resume, a recent game, a pasted game): the record
/// replaces the current game.
#[derive(Message, Debug, Clone)]
pub struct ContinueGameRequest(pub GameRecord);

/// The PGN `Event` tag of games played in the window.
pub const EVENT_TAG: &str = "Esoterica game";

/// Fills the header a new game's PGN carries: `Event`, `Site` (the program and its
/// version) and `Date` (today, UTC), each only where the record has none.
pub fn stamp_new_record(record: &mut GameRecord) {
    let site = format!("Esoterica {}", env!("CARGO_PKG_VERSION"));
    let date = crate::persist::stamp::UtcStamp::now().pgn_date();
    for (k, v) in [
        ("Event", EVENT_TAG.to_string()),
        ("Site", site),
        ("Date", date),
    ] {
        if !record.tags.iter().any(|(t, val)| t == k && val != "?") {
            record.tags.retain(|(t, _)| t != k);
            record.tags.push((k.to_string(), v));
        }
    }
}

/// Asks to show a scene: its start position, then its scripted moves with captions.
#[derive(Message, Debug, Clone)]
pub struct PlaySceneRequest(pub Box<LoadedScene>);

/// The autosave slot; present only in the windowed game (tests leave it out).
#[derive(Resource, Debug, Clone)]
pub struct AutosaveSlot {
    /// Where the game in progress is written.
    pub autosave: Autosave,
    /// No writing while the "resume?" question is open.
    pub paused: bool,
    /// Whether this window owns the data folder's `autosave.pgn` (it offers to resume it
    /// and keeps other windows' left-over autosaves); `false` for a second window, which
    /// writes a file of its own.
    pub primary: bool,
    /// What to tell the player about the autosave at start (another window owns it).
    pub note: Option<String>,
    /// The lock that keeps another window off this file while this one runs.
    _lock: Option<std::sync::Arc<crate::persist::autosave::AutosaveLock>>,
    last: Option<(usize, u64, bool)>,
}

impl AutosaveSlot {
    /// A slot writing to `autosave`, without a lock (tests, a folder of one's own).
    pub fn new(autosave: Autosave) -> AutosaveSlot {
        AutosaveSlot {
            autosave,
            paused: false,
            primary: true,
            note: None,
            _lock: None,
            last: None,
        }
    }

    /// The slot of a window in the data folder `dir`: the folder's autosave, or a file of
    /// its own when another window holds that one ([`Autosave::claim_in`]).
    pub fn claim(dir: &std::path::Path) -> AutosaveSlot {
        let claimed = Autosave::claim_in(dir);
        AutosaveSlot {
            primary: claimed.is_primary(),
            note: claimed.note(),
            _lock: claimed.lock.map(std::sync::Arc::new),
            autosave: claimed.autosave,
            paused: false,
            last: None,
        }
    }
}

/// A scene being played: its moves, the next one, and the caption now shown.
#[derive(Resource, Debug, Clone, Default)]
pub struct ScenePlayback {
    /// The scene; `None` when no scene plays.
    pub scene: Option<Box<LoadedScene>>,
    /// Index of the next scripted move.
    pub next: usize,
    /// Seconds since the last scripted move.
    pub since: f32,
    /// The caption of the last move played (or the scene's description at the start).
    pub caption: String,
    /// Seconds between scripted moves.
    pub step_secs: f32,
}

impl ScenePlayback {
    /// Whether scripted moves are still to be played.
    pub fn is_playing(&self) -> bool {
        self.scene
            .as_ref()
            .is_some_and(|s| self.next < s.steps.len())
    }
}

/// Adds the messages and systems.
/// The systems that load games and play scenes (in [`AppSystems::Input`]); other input
/// systems that start games (the demo) are ordered after it.
#[derive(SystemSet, Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct PersistSystems;

pub(crate) fn plugin(app: &mut App) {
    app.add_message::<LoadGameRequest>()
        .add_message::<SaveGameRequest>()
        .add_message::<ContinueGameRequest>()
        .add_message::<PlaySceneRequest>()
        .insert_resource(ScenePlayback {
            step_secs: 1.6,
            ..default()
        })
        .add_systems(
            Update,
            (handle_file_requests, play_scene)
                .chain()
                .in_set(PersistSystems)
                .in_set(AppSystems::Input),
        )
        .add_systems(Update, write_autosave.in_set(AppSystems::Present));
}

/// Loads, saves and continues games. A file that cannot be read leaves the game untouched
/// and says why in the status line.
pub(crate) fn handle_file_requests(
    mut game: ResMut<ActiveGame>,
    recent: Res<RecentSlot>,
    clock_choice: Res<super::clock::ClockChoice>,
    mut status: ResMut<StatusLine>,
    mut pending: ResMut<PendingMoves>,
    mut scene: ResMut<ScenePlayback>,
    mut loads: MessageReader<LoadGameRequest>,
    mut saves: MessageReader<SaveGameRequest>,
    mut continues: MessageReader<ContinueGameRequest>,
    mut resync: MessageWriter<ResyncRequest>,
) {
    let mut done: Option<(GameRecord, String)> = None;
    for LoadGameRequest(path) in loads.read() {
        match load_game(path, None) {
            Ok(record) => done = Some((record, format!("Loaded {}.", path.display()))),
            Err(e) => status.0 = format!("Could not load {}: {e}", path.display()),
        }
    }
    for ContinueGameRequest(record) in continues.read() {
        let what = if record.is_empty() {
            "Position set up."
        } else {
            "Game restored."
        };
        done = Some((record.clone(), what.into()));
    }
    if let Some((mut record, what)) = done {
        stamp_new_record(&mut record);
        // A set-up position (no moves) is played under the chosen time control; a game
        // keeps its own.
        if record.is_empty() {
            record.time_control = clock_choice.0;
        }
        let note = game.replace(ActiveGame::from_record(record), Some(&recent));
        pending.0.clear();
        scene.scene = None;
        status.0 = format!("{what} {}", turn_text(&game));
        if let Some(note) = note {
            status.0 = format!("{note} {}", status.0);
        }
        resync.write(ResyncRequest);
    }
    for SaveGameRequest(path) in saves.read() {
        status.0 = match save_game(&game.record, path) {
            Ok(()) => format!("Saved to {}.", path.display()),
            Err(e) => format!("Could not save: {e}"),
        };
    }
}

/// Starts a scene, then plays one scripted move (a Parity turn: both commits) every
/// [`ScenePlayback::step_secs`], setting its caption.
pub(crate) fn play_scene(
    time: Res<Time>,
    mut playback: ResMut<ScenePlayback>,
    mut requests: MessageReader<PlaySceneRequest>,
    mut new_game: MessageWriter<NewGameRequest>,
    mut submit: MessageWriter<SubmitMoveRequest>,
) {
    if let Some(PlaySceneRequest(scene)) = requests.read().last() {
        new_game.write(NewGameRequest::at(scene.start.clone()));
        playback.caption = format!("{} — {}", scene.scene.name, scene.scene.description);
        playback.scene = Some(scene.clone());
        playback.next = 0;
        playback.since = 0.0;
        return;
    }
    playback.since += time.delta_secs();
    if playback.since < playback.step_secs {
        return;
    }
    let next = playback.next;
    let Some(step) = playback
        .scene
        .as_ref()
        .and_then(|s| s.steps.get(next).cloned())
    else {
        return;
    };
    let moves = match step.entry {
        Entry::Move(mv) => vec![mv],
        Entry::Turn { white, black } => vec![white, black],
    };
    for mv in moves {
        submit.write(SubmitMoveRequest {
            mv,
            source: MoveSource::Script,
        });
    }
    playback.caption = step
        .caption
        .clone()
        .unwrap_or_else(|| format!("{}.", step.text));
    playback.next += 1;
    playback.since = 0.0;
}

/// Writes the autosave after every move or turn; clears it when the game ends or a new
/// game has no moves yet.
pub(crate) fn write_autosave(
    game: Res<ActiveGame>,
    slot: Option<ResMut<AutosaveSlot>>,
    mut status: ResMut<StatusLine>,
) {
    let Some(mut slot) = slot else {
        return;
    };
    // The demo's and watched games are not the player's: the autosave keeps the player's game.
    if slot.paused || game.origin != super::state::GameOrigin::Player {
        return;
    }
    // A declared result (resignation, agreement, flag fall) ends the game without a move.
    let key = (
        game.record.len(),
        game.record.current().repetition_key(),
        game.record.outcome().is_some(),
    );
    if slot.last == Some(key) {
        return;
    }
    slot.last = Some(key);
    let result = if game.record.outcome().is_some() || game.record.is_empty() {
        slot.autosave.clear()
    } else {
        slot.autosave.write(&game.record)
    };
    if let Err(e) = result {
        status.0 = format!("Autosave failed: {e}");
    }
}
