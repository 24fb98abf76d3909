//! Watching a game file as it grows (`esoterica play --watch FILE`): the PGN of a running
//! tournament or match (`--pgn FILE`), a file another program appends to. The file is
//! polled every [`POLL_SECS`]; its last game is shown, replayed from its start one move
//! (Parity: one turn) every [`WatchedFile::pace_secs`] through the ordinary pipeline, so
//! the pieces slide, teleport and land as in play. When a new game is appended, or the last
//! one changes other than by new moves, the board starts it from its start. A result the
//! rules did not decide (adjudication, forfeit, resignation) is declared once its moves are
//! shown. A watched game shows what the file recorded and nothing else: the clocks show each
//! move's recorded `%clk` readings and never run (a flag cannot fall in a replay), nobody
//! moves, and the [`WatchHeader`] names the players, the round and the score of the file's
//! finished games so far. A file that cannot be read or parsed leaves the game on the board
//! as it is and says why in the status line. Watched games are not autosaved nor kept in
//! the recent games ([`GameOrigin::Watched`]).

use std::path::PathBuf;
use std::time::SystemTime;

use bevy::prelude::*;

use super::commits::SideMoveRequest;
use super::messages::{MoveSource, ResyncRequest};
use super::notice::Notice;
use super::session::GameReplaced;
use super::state::{ActiveGame, GameOrigin, PendingMoves};
use crate::rules::notation::pgn;
use crate::rules::{Color as Side, Entry, GameRecord};

/// Seconds between two looks at the file.
pub const POLL_SECS: f32 = 0.5;

/// The largest watched file read (bytes): a tournament of thousands of games fits; a file
/// beyond it is reported, not read.
pub const MAX_WATCHED_BYTES: usize = 64 << 20;

/// What the watch screen's header shows about the game on the board.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct WatchHeader {
    /// The `White` tag of the game shown.
    pub white: String,
    /// The `Black` tag of the game shown.
    pub black: String,
    /// The `Round` tag, if the file gives one (`?` and `-` are none).
    pub round: Option<String>,
    /// The `Event` tag, if any.
    pub event: Option<String>,
    /// Which game of the file it is (1-based) and how many the file holds.
    pub game: (usize, usize),
    /// The points of the game's White and Black players (by name, whatever colour they had)
    /// in the file's finished games before this one.
    pub score: (f32, f32),
    /// How many earlier finished games those points come from.
    pub scored_games: usize,
}

impl WatchHeader {
    /// The header of the last of `games`.
    pub fn of_last(games: &[GameRecord]) -> Option<WatchHeader> {
        let (last, before) = games.split_last()?;
        let white = tag(last, "White").to_string();
        let black = tag(last, "Black").to_string();
        let named = |r: &GameRecord, name: &str| {
            let t = tag(r, name);
            (t != "?" && t != "-" && !t.is_empty()).then(|| t.to_string())
        };
        let mut score = (0.0, 0.0);
        let mut scored_games = 0;
        for g in before {
            let Some(outcome) = g.outcome() else { continue };
            let (w, b) = (tag(g, "White"), tag(g, "Black"));
            let points = |side: Option<Side>, player: Side| match side {
                Some(s) if s == player => 1.0,
                Some(_) => 0.0,
                None => 0.5,
            };
            let winner = outcome.winner();
            let mut counted = false;
            for (name, colour) in [(w, Side::White), (b, Side::Black)] {
                if name == white {
                    score.0 += points(winner, colour);
                    counted = true;
                } else if name == black {
                    score.1 += points(winner, colour);
                    counted = true;
                }
            }
            scored_games += usize::from(counted);
        }
        Some(WatchHeader {
            round: named(last, "Round"),
            event: named(last, "Event"),
            game: (games.len(), games.len()),
            white,
            black,
            score,
            scored_games,
        })
    }

    /// One line: `Round 3 · alphabeta:8 – sf2000 · score so far 1½–½ (2 games)`.
    pub fn line(&self) -> String {
        let mut parts = Vec::new();
        if let Some(e) = &self.event {
            parts.push(e.clone());
        }
        if let Some(r) = &self.round {
            parts.push(format!("Round {r}"));
        }
        parts.push(format!("game {} of {}", self.game.0, self.game.1));
        parts.push(format!("{} (White) – {} (Black)", self.white, self.black));
        if self.scored_games > 0 {
            parts.push(format!(
                "score so far {}–{} ({})",
                points_text(self.score.0),
                points_text(self.score.1),
                crate::rules::narrate::count(self.scored_games, "game")
            ));
        }
        parts.join(" · ")
    }
}

/// Points as a chess score: `1½`, `½`, `2`.
pub fn points_text(p: f32) -> String {
    let whole = p.floor();
    let half = p - whole >= 0.25;
    match (whole as u32, half) {
        (0, true) => "½".to_string(),
        (n, true) => format!("{n}½"),
        (n, false) => n.to_string(),
    }
}

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
    /// The header of the game shown.
    pub header: Option<WatchHeader>,
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
            header: None,
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
            .run_if(in_state(super::session::AppMode::Watch))
            .in_set(crate::InputSystems::Scripted)
            // A scene plays only in its own mode: the two never run in one frame.
            .ambiguous_with(super::persist_glue::play_scene),
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
pub(crate) fn follow_watched_file(
    time: Res<Time>,
    mut watched: ResMut<WatchedFile>,
    mut game: ResMut<ActiveGame>,
    pending: Res<PendingMoves>,
    mut out: WatchOutput,
) {
    let dt = time.delta_secs();
    watched.since_poll += dt;
    watched.since_move += dt;
    if watched.since_poll >= POLL_SECS {
        watched.since_poll = 0.0;
        if let Err(why) = poll(&mut watched) {
            if watched.error.as_ref() != Some(&why) {
                out.notices.write(Notice::WatchProblem {
                    path: watched.path.clone(),
                    why: why.clone(),
                });
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
    // The clocks of the shown entry are the file's, never a live clock's.
    if let Some(last) = game.record.len().checked_sub(1)
        && is_prefix(&game.record, target)
        && let Some(recorded) = target.clocks_after(last)
        && game.record.clocks_after(last) != Some(recorded)
    {
        game.record.set_last_clocks(recorded);
    }
    if watched.shown != Some(count)
        || !is_prefix(&game.record, target)
        || game.origin != GameOrigin::Watched
    {
        watched.shown = Some(count);
        let mut next = ActiveGame::from_record(at_start(target));
        next.origin = GameOrigin::Watched;
        game.replace(next, None);
        out.notices.write(Notice::Watching {
            path: watched.path.clone(),
            white: tag(target, "White").to_string(),
            black: tag(target, "Black").to_string(),
        });
        out.replaced.write(GameReplaced {
            origin: GameOrigin::Watched,
        });
        out.resync.write(ResyncRequest);
        watched.since_move = 0.0;
        return;
    }
    if game.record.len() == target.len() {
        if game.record.outcome().is_none()
            && let Some(outcome) = target.outcome()
        {
            game.record.declare(outcome);
            out.notices.write(Notice::WatchedGameOver(outcome));
        }
        return;
    }
    if watched.since_move < watched.pace_secs || !pending.0.is_empty() {
        return;
    }
    watched.since_move = 0.0;
    let turn = game.record.current().turn();
    let moves = match target.entries()[game.record.len()] {
        Entry::Move(mv) => vec![(turn, mv)],
        Entry::Turn { white, black } => vec![(Side::White, white), (Side::Black, black)],
    };
    for (side, mv) in moves {
        out.moves.write(SideMoveRequest {
            side,
            mv,
            source: MoveSource::Script,
        });
    }
}

/// What the watch tells and asks for.
#[derive(bevy::ecs::system::SystemParam)]
pub(crate) struct WatchOutput<'w> {
    notices: MessageWriter<'w, Notice>,
    replaced: MessageWriter<'w, GameReplaced>,
    resync: MessageWriter<'w, ResyncRequest>,
    moves: MessageWriter<'w, SideMoveRequest>,
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
    let text = crate::persist::read_text_bounded(&watched.path, MAX_WATCHED_BYTES)
        .map_err(|e| format!("cannot read it ({e})"))?;
    let games = pgn::read_games(&text, None)
        .map_err(|(i, e)| format!("game {} cannot be read: {e}", i + 1))?;
    watched.seen = Some(stamp);
    let count = games.len();
    watched.header = WatchHeader::of_last(&games);
    let Some(last) = games.into_iter().next_back() else {
        return Err("no game in the file yet".to_string());
    };
    watched.target = Some((last, count));
    Ok(())
}
