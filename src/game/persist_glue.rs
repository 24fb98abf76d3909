//! The game's link to [`crate::persist`] (which knows nothing of Bevy): load and save
//! requests, the autosave after every move or turn, and scripted scenes played through the
//! same pipeline as a click (a scene is shown in [`AppMode::Scene`]: nothing else moves
//! until it is closed). Headless. Load/save run in
//! [`InputSystems::Files`](crate::InputSystems::Files), the scene's moves in
//! [`InputSystems::Scripted`](crate::InputSystems::Scripted); the autosave in
//! [`AppSystems::Present`], after the move is settled.

use std::path::PathBuf;

use bevy::prelude::*;

use bevy::ecs::system::SystemParam;

use super::commits::SideMoveRequest;
use super::messages::{MoveSource, NewGameRequest, ResyncRequest};
use super::notice::{Arrival, Notice};
use super::session::{AppMode, GameReplaced};
use super::state::{ActiveGame, GameOrigin, PendingMoves, RecentSlot};
use crate::AppSystems;
use crate::persist::{Autosave, LoadedScene, load_game, save_game};
use crate::rules::{Color as Side, Entry, GameRecord};

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

/// The demo asks to show a scene within its loop: played like [`PlaySceneRequest`]'s, but
/// the window stays in the demo's mode.
#[derive(Message, Debug, Clone)]
pub struct DemoSceneRequest(pub Box<LoadedScene>);

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

/// The autosaved game offered for resuming: on the board, held
/// ([`HoldReason::ResumeQuestion`](super::session::HoldReason::ResumeQuestion)), until the
/// player answers ([`ResumeAnswerRequest`]).
#[derive(Resource, Debug, Clone, Default)]
pub struct ResumeOffer(pub Option<GameRecord>);

/// The player's answer to the resume question: `true` resumes the offered game (already on
/// the board), `false` starts a new game of its variant (the offered one is kept in the
/// recent games).
#[derive(Message, Debug, Clone, Copy, PartialEq, Eq)]
pub struct ResumeAnswerRequest(pub bool);

pub(crate) fn plugin(app: &mut App) {
    app.init_resource::<ResumeOffer>()
        .init_resource::<super::session::StartOptions>()
        .add_message::<ResumeAnswerRequest>()
        .add_systems(PostStartup, offer_resume)
        .add_systems(Update, answer_resume.in_set(crate::InputSystems::Replace))
        .add_message::<LoadGameRequest>()
        .add_message::<SaveGameRequest>()
        .add_message::<ContinueGameRequest>()
        .add_message::<PlaySceneRequest>()
        .add_message::<DemoSceneRequest>()
        .insert_resource(ScenePlayback {
            step_secs: 1.6,
            ..default()
        })
        .add_systems(
            Update,
            (
                (handle_file_requests, start_scene)
                    .chain()
                    .in_set(crate::InputSystems::Files),
                play_scene
                    .run_if(in_state(AppMode::Scene).or_else(in_state(AppMode::Demo)))
                    .in_set(crate::InputSystems::Scripted),
            ),
        )
        .add_systems(OnExit(AppMode::Scene), close_scene)
        .add_systems(Update, write_autosave.in_set(AppSystems::Present));
}

/// The file requests of a frame.
#[derive(SystemParam)]
pub(crate) struct FileRequests<'w, 's> {
    loads: MessageReader<'w, 's, LoadGameRequest>,
    saves: MessageReader<'w, 's, SaveGameRequest>,
    continues: MessageReader<'w, 's, ContinueGameRequest>,
}

/// What the file requests tell and ask for.
#[derive(SystemParam)]
pub(crate) struct FileOutput<'w> {
    notices: MessageWriter<'w, Notice>,
    replaced: MessageWriter<'w, GameReplaced>,
    resync: MessageWriter<'w, ResyncRequest>,
}

/// Loads, saves and continues games. A file that cannot be read leaves the game untouched
/// and says why in the status line.
pub(crate) fn handle_file_requests(
    mut game: ResMut<ActiveGame>,
    recent: Res<RecentSlot>,
    clock_choice: Res<super::clock::ClockChoice>,
    mut pending: ResMut<PendingMoves>,
    mut requests: FileRequests,
    mut out: FileOutput,
) {
    let mut done: Option<(GameRecord, Arrival)> = None;
    for LoadGameRequest(path) in requests.loads.read() {
        match load_game(path, None) {
            Ok(record) => done = Some((record, Arrival::Loaded(path.clone()))),
            Err(e) => {
                out.notices.write(Notice::LoadFailed {
                    path: path.clone(),
                    error: e.to_string(),
                });
            }
        }
    }
    for ContinueGameRequest(record) in requests.continues.read() {
        let how = if record.is_empty() {
            Arrival::SetUp
        } else {
            Arrival::Restored
        };
        done = Some((record.clone(), how));
    }
    if let Some((mut record, how)) = done {
        stamp_new_record(&mut record);
        // A set-up position (no moves) is played under the chosen time control; a game
        // keeps its own.
        if record.is_empty() {
            record.time_control = clock_choice.0;
        }
        let archive = game.replace(ActiveGame::from_record(record), Some(&recent));
        pending.0.clear();
        out.notices.write(Notice::Arrived { how, archive });
        out.replaced.write(GameReplaced {
            origin: GameOrigin::Player,
        });
        out.resync.write(ResyncRequest);
    }
    for SaveGameRequest(path) in requests.saves.read() {
        out.notices.write(match save_game(&game.record, path) {
            Ok(()) => Notice::Saved(path.clone()),
            Err(e) => Notice::SaveFailed(e.to_string()),
        });
    }
}

/// Starts a scene: its start position as a game of the scene's
/// ([`GameOrigin::Scene`]), its description as the caption; the session shows a player's
/// scene in [`AppMode::Scene`], the demo's within the demo.
pub(crate) fn start_scene(
    mut playback: ResMut<ScenePlayback>,
    mut requests: MessageReader<PlaySceneRequest>,
    mut demo: MessageReader<DemoSceneRequest>,
    mut new_game: MessageWriter<NewGameRequest>,
) {
    let asked = requests
        .read()
        .map(|r| &r.0)
        .chain(demo.read().map(|r| &r.0))
        .last();
    if let Some(scene) = asked {
        new_game.write(NewGameRequest::at(scene.start.clone()).by(GameOrigin::Scene));
        playback.caption = format!("{} — {}", scene.scene.name, scene.scene.description);
        playback.scene = Some(scene.clone());
        playback.next = 0;
        playback.since = 0.0;
    }
}

/// Plays one scripted move (a Parity turn: both commits) every
/// [`ScenePlayback::step_secs`], setting its caption, while the scene's game is on the
/// board.
pub(crate) fn play_scene(
    time: Res<Time>,
    game: Res<ActiveGame>,
    mut playback: ResMut<ScenePlayback>,
    mut submit: MessageWriter<SideMoveRequest>,
) {
    if game.origin != GameOrigin::Scene {
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
    let turn = game.record.current().turn();
    let moves = match step.entry {
        Entry::Move(mv) => vec![(turn, mv)],
        Entry::Turn { white, black } => vec![(Side::White, white), (Side::Black, black)],
    };
    for (side, mv) in moves {
        submit.write(SideMoveRequest {
            side,
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

/// The scene is closed (or another game replaced it): its playback goes.
fn close_scene(mut playback: ResMut<ScenePlayback>) {
    playback.scene = None;
    playback.next = 0;
}

/// What the start-up tells and asks for.
#[derive(SystemParam)]
pub(crate) struct StartOutput<'w> {
    notices: MessageWriter<'w, Notice>,
    replace: MessageWriter<'w, super::replace::ReplaceGameRequest>,
    hold: MessageWriter<'w, super::session::HoldRequest>,
}

/// At start, the autosave: another window's left-over games are kept under Recent games,
/// and an unfinished game of this window's autosave is put on the board at once, held until
/// the player answers the resume question, so nothing (a bot either) moves behind it. No
/// question when the command line fixed the start.
pub(crate) fn offer_resume(
    opts: Res<super::session::StartOptions>,
    recent: Res<RecentSlot>,
    slot: Option<ResMut<AutosaveSlot>>,
    mut offer: ResMut<ResumeOffer>,
    mut out: StartOutput,
) {
    let Some(mut slot) = slot else {
        return;
    };
    let mut notes: Vec<String> = slot.note.iter().cloned().collect();
    if slot.primary
        && let Some(recent) = recent.0.as_ref()
    {
        notes.extend(keep_orphaned_autosaves(&slot.autosave, recent));
    }
    if !opts.cli_start && slot.primary {
        match slot.autosave.load() {
            Ok(Some(record)) if !record.is_empty() && record.outcome().is_none() => {
                out.replace.write(super::replace::ReplaceGameRequest(
                    super::replace::Replacement::Continue(record.clone()),
                ));
                offer.0 = Some(record);
                slot.paused = true;
                out.hold.write(super::session::HoldRequest {
                    reason: super::session::HoldReason::ResumeQuestion,
                    held: true,
                });
            }
            Ok(_) => {}
            Err(e) => notes.push(e.to_string()),
        }
    }
    if !notes.is_empty() {
        out.notices.write(Notice::StartNotes(notes));
    }
}

/// Keeps the games other windows left in their own autosave files (they closed or died while
/// this folder's autosave was another window's) under Recent games and removes the files;
/// returns what to tell the player.
fn keep_orphaned_autosaves(own: &Autosave, recent: &crate::persist::RecentGames) -> Vec<String> {
    let mut notes = Vec::new();
    let Some(dir) = own.path().parent().map(std::path::Path::to_path_buf) else {
        return notes;
    };
    for (autosave, _lock) in crate::persist::autosave::orphaned_autosaves(&dir) {
        let name = autosave.path().display().to_string();
        let kept = match autosave.load() {
            Ok(Some(record)) if !record.is_empty() => recent.archive(&record).map(|_| true),
            Ok(_) => Ok(false),
            Err(e) => Err(e),
        };
        match kept {
            Ok(true) => match autosave.remove_orphan() {
                Ok(()) => notes.push(format!(
                    "The game another window left in {name} is kept under Recent games."
                )),
                Err(e) => notes.push(format!(
                    "{name} was kept under Recent games but not removed: {e}"
                )),
            },
            Ok(false) => {
                let _ = autosave.remove_orphan();
            }
            Err(e) => notes.push(format!("{name} could not be read: {e}")),
        }
    }
    notes
}

/// Carries out the answer to the resume question: the hold is lifted, the autosave runs
/// again; declined, a new game of the offered game's variant replaces it (the offered game
/// is kept in the recent games, and the new game's first move overwrites the autosave).
pub(crate) fn answer_resume(
    mut answers: MessageReader<ResumeAnswerRequest>,
    mut offer: ResMut<ResumeOffer>,
    slot: Option<ResMut<AutosaveSlot>>,
    mut hold: MessageWriter<super::session::HoldRequest>,
    mut new_game: MessageWriter<NewGameRequest>,
) {
    let Some(ResumeAnswerRequest(resume)) = answers.read().last().copied() else {
        return;
    };
    let Some(record) = offer.0.take() else {
        return;
    };
    hold.write(super::session::HoldRequest {
        reason: super::session::HoldReason::ResumeQuestion,
        held: false,
    });
    if let Some(mut slot) = slot {
        slot.paused = false;
    }
    if !resume {
        // The player has just chosen this, so there is no second question.
        new_game.write(NewGameRequest::new(record.variant()));
    }
}

/// Writes the autosave after every move or turn; clears it when the game ends or a new
/// game has no moves yet.
pub(crate) fn write_autosave(
    game: Res<ActiveGame>,
    slot: Option<ResMut<AutosaveSlot>>,
    mut notices: MessageWriter<Notice>,
) {
    let Some(mut slot) = slot else {
        return;
    };
    // The demo's and watched games are not the player's: the autosave keeps the player's game.
    if slot.paused || game.origin != GameOrigin::Player {
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
        notices.write(Notice::AutosaveFailed(e.to_string()));
    }
}
