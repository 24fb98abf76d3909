//! The simultaneous pipeline (Parity): [`SimultaneousSystems`] `Commit → Reveal → Resolve →
//! Settle`. Hot-seat: White's commit is kept hidden until Black commits; then the rules core
//! resolves both together (`Position::resolve`) and the landings and captures are applied.

use bevy::prelude::*;

use super::{Settler, StageWriter, apply_stage, settle};
use crate::game::commits::{
    CommitError, CommitRecorded, CommitTakenBack, ParityCommits, SubmitCommitRequest,
    TakeBackCommitRequest,
};
use crate::game::messages::{
    MoveAccepted, MoveRejected, MoveResolved, MoveSource, NewGameRequest, UndoRequest,
};
use crate::game::state::{ActiveGame, ResolutionSet, StageLog, StageLogEntry, StatusLine};
use crate::rules::narrate::{self, Audience};
use crate::rules::{Color as Side, Move, Stage};
use crate::{ResolveTurn, SimultaneousSystems};

pub(crate) fn plugin(app: &mut App) {
    app.add_message::<CommitsRevealed>()
        .add_message::<SubmitCommitRequest>()
        .add_message::<TakeBackCommitRequest>()
        .add_message::<CommitRecorded>()
        .add_message::<CommitTakenBack>()
        .init_resource::<ParityCommits>()
        .add_systems(
            ResolveTurn,
            (
                (clear_commits_on_record_change, collect_commits)
                    .chain()
                    .in_set(SimultaneousSystems::Commit),
                reveal_commits.in_set(SimultaneousSystems::Reveal),
                apply_landings.in_set(SimultaneousSystems::Resolve),
                settle_turn.in_set(SimultaneousSystems::Settle),
            ),
        );
}

/// Both sides have committed; the Reveal set resolves the turn.
#[derive(Message, Debug, Clone, Copy, PartialEq, Eq)]
pub struct CommitsRevealed {
    /// White's commit.
    pub white: Move,
    /// Black's commit.
    pub black: Move,
    /// Whether this replays an undone turn.
    pub redo: bool,
}

/// A new game drops pending commits; an undo with a commit pending drops the commits only
/// (the Decide set then leaves the record alone), so Ctrl+Z takes a commit back first.
pub(crate) fn clear_commits_on_record_change(
    mut new_games: MessageReader<NewGameRequest>,
    mut undos: MessageReader<UndoRequest>,
    mut commits: ResMut<ParityCommits>,
    mut status: ResMut<StatusLine>,
) {
    let new_game = new_games.read().count() > 0;
    let undo = undos.read().count() > 0;
    if commits.any() && (new_game || undo) {
        commits.clear();
        if undo && !new_game {
            status.0 = format!("Commit taken back. {}", commit_status(&commits));
        }
    }
}

/// The status line while a turn is being committed (never names a committed move).
pub fn commit_status(commits: &ParityCommits) -> String {
    match (
        commits.has_committed(Side::White),
        commits.has_committed(Side::Black),
    ) {
        (true, false) => {
            "White has committed (hidden). Black to commit. (Backspace: White takes it back)"
                .to_string()
        }
        (false, true) => {
            "Black has committed (hidden). White to commit. (Backspace: Black takes it back)"
                .to_string()
        }
        _ => "White to commit a move.".to_string(),
    }
}

/// Stores hidden commits (hot-seat requests commit for the next side, [`SubmitCommitRequest`]s
/// for the side they name), handles take-backs, and once both sides have committed sends
/// both to the Reveal set.
pub(crate) fn collect_commits(
    mut accepted: MessageReader<MoveAccepted>,
    mut direct: MessageReader<SubmitCommitRequest>,
    mut take_backs: MessageReader<TakeBackCommitRequest>,
    mut commits: ResMut<ParityCommits>,
    game: Res<ActiveGame>,
    mut status: ResMut<StatusLine>,
    mut log: ResMut<StageLog>,
    mut revealed: MessageWriter<CommitsRevealed>,
    mut rejected: MessageWriter<MoveRejected>,
    mut recorded: MessageWriter<CommitRecorded>,
    mut taken_back: MessageWriter<CommitTakenBack>,
    hold: Res<crate::game::GameHold>,
    automated: Option<Res<crate::game::AutomatedSides>>,
    mut redo: Local<bool>,
) {
    for t in take_backs.read() {
        if automated.as_deref().is_some_and(|a| a.plays(t.side)) && commits.has_committed(t.side) {
            status.0 = format!(
                "{}'s commit is its bot's: only a person takes a commit back.",
                t.side.title()
            );
        } else if commits.take_back(t.side) {
            status.0 = format!(
                "{} took the commit back. {}",
                t.side.title(),
                commit_status(&commits)
            );
            taken_back.write(CommitTakenBack { side: t.side });
        } else {
            status.0 = format!("{} has no commit to take back.", t.side.title());
        }
    }
    let requests: Vec<(Option<Side>, Move, bool)> = accepted
        .read()
        .map(|r| (None, r.mv, r.source == MoveSource::Redo))
        .chain(direct.read().map(|r| (Some(r.side), r.mv, false)))
        .collect();
    for (side, mv, is_redo) in requests {
        let pos = game.record.current();
        let text = mv.coordinate(pos.shape());
        let side = side.or_else(|| commits.next_to_commit());
        let result = match (game.record.outcome(), side) {
            _ if hold.0.is_some() => Err(CommitError::OnHold(hold.0.clone().unwrap_or_default())),
            (Some(_), _) => Err(CommitError::GameOver),
            (None, None) => Err(CommitError::AlreadyCommitted(Side::Black)),
            (None, Some(side)) => commits.submit_commit(pos, side, mv).map(|()| side),
        };
        match result {
            Ok(side) => {
                *redo = is_redo;
                log.0.push(StageLogEntry {
                    set: ResolutionSet::Simultaneous(SimultaneousSystems::Commit),
                    effect: None,
                });
                recorded.write(CommitRecorded { side });
                status.0 = commit_status(&commits);
            }
            Err(e) => {
                let reason = e.to_string();
                status.0 = format!("Commit {text} refused: {reason}.");
                rejected.write(MoveRejected { mv: text, reason });
            }
        }
    }
    if let Some((white, black)) = commits.take_both() {
        revealed.write(CommitsRevealed {
            white,
            black,
            redo: std::mem::take(&mut *redo),
        });
    }
}

/// Reveals both commits and calls the rules core to resolve the turn.
pub(crate) fn reveal_commits(
    mut revealed: MessageReader<CommitsRevealed>,
    mut game: ResMut<ActiveGame>,
    mut status: ResMut<StatusLine>,
    mut log: ResMut<StageLog>,
    mut resolved: MessageWriter<MoveResolved>,
    mut rejected: MessageWriter<MoveRejected>,
) {
    for c in revealed.read() {
        log.0.push(StageLogEntry {
            set: ResolutionSet::Simultaneous(SimultaneousSystems::Reveal),
            effect: None,
        });
        match game.record.play_turn(&c.white, &c.black) {
            Ok(effects) => {
                if c.redo {
                    game.redo.pop();
                } else {
                    game.redo.clear();
                }
                resolved.write(MoveResolved { effects });
            }
            Err(e) => {
                status.0 = format!(
                    "Turn not resolved ({}): {}.",
                    e.mv,
                    narrate::refusal(&e.refusal, Audience::Player)
                );
                rejected.write(MoveRejected {
                    reason: e.reason(),
                    mv: e.mv,
                });
            }
        }
    }
}

/// Applies both landings, teleports (none in Parity) and captures, stage by stage.
pub(crate) fn apply_landings(mut resolved: MessageReader<MoveResolved>, mut w: StageWriter) {
    for m in resolved.read() {
        for stage in [Stage::Exoteric, Stage::Esoteric, Stage::Capture] {
            apply_stage(
                stage,
                ResolutionSet::Simultaneous(SimultaneousSystems::Resolve),
                &m.effects,
                &mut w,
            );
        }
    }
}

/// Settles the turn and checks the entities against the position; the status line tells
/// the turn's facts once ([`narrate::status_line`]).
pub(crate) fn settle_turn(mut resolved: MessageReader<MoveResolved>, mut s: Settler) {
    for m in resolved.read() {
        settle(
            ResolutionSet::Simultaneous(SimultaneousSystems::Settle),
            &m.effects,
            &mut s,
        );
    }
}
