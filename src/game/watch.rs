//! Watching a game file as it grows (`esoterica play --watch FILE`): the PGN of a running
//! tournament or match (`--pgn FILE`), a file another program appends to. The file is
//! polled every [`POLL_SECS`]; its last game is shown, replayed from its start one move
//! (Parity: one turn) every [`WatchedFile::pace_secs`] through the ordinary pipeline, so
//! the pieces slide, teleport and land as in play. When a new game is appended, or the last
//! one changes other than by new moves, the board starts it from its start. A result the
//! rules did not decide (adjudication, forfeit, resignation) is declared once its moves are
//! shown. A file that cannot be read or parsed leaves the game on the board as it is and
//! says why in the status line. Watched games are not autosaved nor kept in the recent
//! games ([`GameOrigin::Watched`]).

use std::path::PathBuf;
use std::time::SystemTime;

use bevy::prelude::*;

use super::commits::SubmitCommitRequest;
use super::messages::{MoveSource, ResyncRequest, SubmitMoveRequest};
use super::state::{ActiveGame, GameOrigin, PendingMoves, StatusLine};
use crate::AppSystems;
use crate::rules::notation::pgn;
use crate::rules::{Color as Side, Entry, GameRecord};

/// Seconds between two looks at the file.
pub const POLL_SECS: f32 = 0.5;

/// The file being watched and how far its last game is shown.
#[derive(Resource, Debug, Clone)]
pub struct WatchedFile {
    /// The PGN file.
    pub path: PathBuf,
    /// Seconds between two replayed moves.
    pub pace_secs: f32,
    /// The file's size and modification time at the last read.
    seen: Option<(u64, Option<SystemTime>)>,
    /// The game being shown (the file's last game) and how many games the file held.
    target: Option<(GameRecord, usize)>,
    /// The number of games the file held when the game on the board was started from it.
    shown: Option<usize>,
    since_poll: f32,
    since_move: f32,
    /// The last error reported (reported once until it changes).
    error: Option<String>,
}

impl WatchedFile {
    /// Watches `path`, replaying one move every `pace_secs`.
    pub fn new(path: PathBuf, pace_secs: f32) -> WatchedFile {
        WatchedFile {
            path,
            pace_secs,
            seen: None,
            target: None,
            shown: None,
            since_poll: POLL_SECS,
            since_move: 0.0,
            error: None,
        }
    }
}

pub(crate) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        follow_watched_file
            .run_if(resource_exists::<WatchedFile>)
            .in_set(AppSystems::Input)
            .after(super::persist_glue::PersistSystems)
            .before(super::typed::play_typed_moves),
    );
}

/// Whether the moves shown are the first moves of `target` from the same start.
fn is_prefix(shown: &GameRecord, target: &GameRecord) -> bool {
    shown.start() == target.start()
        && shown.len() <= target.len()
        && shown.entries() == &target.entries()[..shown.len()]
}

/// `record` at its start, with its tags and time control.
fn at_start(record: &GameRecord) -> GameRecord {
    let mut fresh = GameRecord::new(record.start().clone());
    fresh.tags = record.tags.clone();
    fresh.time_control = record.time_control;
    fresh
}

/// Reads the file when it changed; replays the next move of its last game when due.
#[allow(
    clippy::too_many_arguments,
    reason = "a Bevy system: each parameter is a resource or message it uses"
)]
pub(crate) fn follow_watched_file(
    time: Res<Time>,
    mut watched: ResMut<WatchedFile>,
    mut game: ResMut<ActiveGame>,
    pending: Res<PendingMoves>,
    mut status: ResMut<StatusLine>,
    mut resync: MessageWriter<ResyncRequest>,
    mut submit: MessageWriter<SubmitMoveRequest>,
    mut commit: MessageWriter<SubmitCommitRequest>,
) {
    let dt = time.delta_secs();
    watched.since_poll += dt;
    watched.since_move += dt;
    if watched.since_poll >= POLL_SECS {
        watched.since_poll = 0.0;
        if let Err(why) = poll(&mut watched) {
            let why = format!("Watching {}: {why}", watched.path.display());
            if watched.error.as_ref() != Some(&why) {
                status.0 = why.clone();
                watched.error = Some(why);
            }
        } else {
            watched.error = None;
        }
    }
    let Some((target, count)) = watched.target.clone() else {
        return;
    };
    let target = &target;
    if watched.shown != Some(count)
        || !is_prefix(&game.record, target)
        || game.origin != GameOrigin::Watched
    {
        watched.shown = Some(count);
        let mut next = ActiveGame::from_record(at_start(target));
        next.origin = GameOrigin::Watched;
        game.replace(next, None);
        status.0 = format!(
            "Watching {}: {} – {}.",
            watched.path.display(),
            tag(target, "White"),
            tag(target, "Black")
        );
        resync.write(ResyncRequest);
        watched.since_move = 0.0;
        return;
    }
    if game.record.len() == target.len() {
        if game.record.outcome().is_none()
            && let Some(outcome) = target.outcome()
        {
            game.record.declare(outcome);
            status.0 = format!("Game over: {}.", outcome.describe());
        }
        return;
    }
    if watched.since_move < watched.pace_secs || !pending.0.is_empty() {
        return;
    }
    watched.since_move = 0.0;
    match target.entries()[game.record.len()] {
        Entry::Move(mv) => {
            submit.write(SubmitMoveRequest {
                mv,
                source: MoveSource::Script,
            });
        }
        Entry::Turn { white, black } => {
            commit.write(SubmitCommitRequest {
                side: Side::White,
                mv: white,
            });
            commit.write(SubmitCommitRequest {
                side: Side::Black,
                mv: black,
            });
        }
    }
}

fn tag<'a>(record: &'a GameRecord, name: &str) -> &'a str {
    record
        .tags
        .iter()
        .find(|(k, _)| k == name)
        .map_or("?", |(_, v)| v.as_str())
}

/// Reads the file if its size or time changed and takes its last game as the target.
fn poll(watched: &mut WatchedFile) -> Result<(), String> {
    let meta = std::fs::metadata(&watched.path).map_err(|e| format!("cannot read it ({e})"))?;
    let stamp = (meta.len(), meta.modified().ok());
    if watched.seen == Some(stamp) {
        return Ok(());
    }
    let text =
        std::fs::read_to_string(&watched.path).map_err(|e| format!("cannot read it ({e})"))?;
    let games = pgn::read_games(&text, None)
        .map_err(|(i, e)| format!("game {} cannot be read: {e}", i + 1))?;
    watched.seen = Some(stamp);
    let count = games.len();
    let Some(last) = games.into_iter().next_back() else {
        return Err("no game in the file yet".to_string());
    };
    watched.target = Some((last, count));
    Ok(())
}
