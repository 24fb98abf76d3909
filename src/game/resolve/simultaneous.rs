//! The simultaneous pipeline (Parity): [`SimultaneousSystems`] `Commit → Reveal → Resolve →
//! Settle`. Hot-seat: White's commit is kept hidden until Black commits; then the rules core
//! resolves both together (`Position::resolve`) and the landings and captures are applied.

use bevy::ecs::system::SystemParam;
use bevy::prelude::*;

use super::{Settler, StageWriter, apply_stage, settle};
use crate::game::commits::{
    CommitError, CommitRecorded, CommitTakenBack, ParityCommits, SideMoveRequest,
    TakeBackCommitRequest,
};
use crate::game::messages::{
    MoveAccepted, MoveRejected, MoveResolved, MoveSource, NewGameRequest, UndoRequest,
};
use crate::game::notice::Notice;
use crate::game::session::Holds;
use crate::game::state::{ActiveGame, AutomatedSides, ResolutionSet, StageLog, StageLogEntry};
use crate::rules::{Color as Side, Move, Stage};
use crate::{ResolveTurn, SimultaneousSystems};

pub(crate) fn plugin(app: &mut App) {
    app.add_message::<CommitsRevealed>()
        .add_message::<SideMoveRequest>()
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
    mut notices: MessageWriter<Notice>,
) {
    let new_game = new_games.read().count() > 0;
    let undo = undos.read().count() > 0;
    if commits.any() && (new_game || undo) {
        commits.clear();
        if undo && !new_game {
            notices.write(Notice::CommitsDropped);
        }
    }
}

/// The requests of the Commit set: hot-seat moves (accepted), commits naming their side
/// and take-backs.
#[derive(SystemParam)]
pub(crate) struct CommitInputs<'w, 's> {
    accepted: MessageReader<'w, 's, MoveAccepted>,
    direct: MessageReader<'w, 's, SideMoveRequest>,
    take_backs: MessageReader<'w, 's, TakeBackCommitRequest>,
}

/// What the Commit set writes besides the commits.
#[derive(SystemParam)]
pub(crate) struct CommitOutputs<'w> {
    log: ResMut<'w, StageLog>,
    notices: MessageWriter<'w, Notice>,
    revealed: MessageWriter<'w, CommitsRevealed>,
    rejected: MessageWriter<'w, MoveRejected>,
    recorded: MessageWriter<'w, CommitRecorded>,
    taken_back: MessageWriter<'w, CommitTakenBack>,
}

/// Stores hidden commits (hot-seat requests commit for the next side, [`SideMoveRequest`]s
/// for the side they name), handles take-backs (a person's only: a bot's commit stands),
/// and once both sides have committed sends both to the Reveal set.
pub(crate) fn collect_commits(
    mut input: CommitInputs,
    mut commits: ResMut<ParityCommits>,
    game: Res<ActiveGame>,
    holds: Res<Holds>,
    automated: Option<Res<AutomatedSides>>,
    mut out: CommitOutputs,
    mut redo: Local<bool>,
) {
    let automated = automated.as_deref().copied().unwrap_or_default();
    for t in input.take_backs.read() {
        let notice = if automated.plays(t.side) && commits.has_committed(t.side) {
            Notice::BotCommitStands(t.side)
        } else if commits.take_back(t.side) {
            out.taken_back.write(CommitTakenBack { side: t.side });
            Notice::CommitTakenBack(t.side)
        } else {
            Notice::NoCommitToTakeBack(t.side)
        };
        out.notices.write(notice);
    }
    let requests: Vec<(Option<Side>, Move, bool)> = input
        .accepted
        .read()
        .map(|r| (None, r.mv, r.source == MoveSource::Redo))
        .chain(
            input
                .direct
                .read()
                .map(|r| (Some(r.side), r.mv, r.source == MoveSource::Redo)),
        )
        .collect();
    for (side, mv, is_redo) in requests {
        let pos = game.record.current();
        let text = mv.coordinate(pos.shape());
        let side = side.or_else(|| commits.next_to_commit());
        let result = match (holds.current(), game.record.outcome(), side) {
            (Some(h), _, _) => Err(CommitError::OnHold(h)),
            (None, Some(_), _) => Err(CommitError::GameOver),
            (None, None, None) => Err(CommitError::AlreadyCommitted(Side::Black)),
            (None, None, Some(side)) => commits.submit_commit(pos, side, mv).map(|()| side),
        };
        match result {
            Ok(side) => {
                *redo = is_redo;
                out.log.0.push(StageLogEntry {
                    set: ResolutionSet::Simultaneous(SimultaneousSystems::Commit),
                    effect: None,
                });
                out.recorded.write(CommitRecorded { side });
                out.notices.write(Notice::Committed);
            }
            Err(e) => {
                out.rejected.write(MoveRejected {
                    mv: text.clone(),
                    reason: e.to_string(),
                    fields: Vec::new(),
                });
                out.notices
                    .write(Notice::CommitRefused { mv: text, error: e });
            }
        }
    }
    if let Some((white, black)) = commits.take_both() {
        out.revealed.write(CommitsRevealed {
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
    mut notices: MessageWriter<Notice>,
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
                rejected.write(MoveRejected {
                    reason: e.reason(),
                    mv: e.mv.clone(),
                    fields: Vec::new(),
                });
                notices.write(Notice::TurnNotResolved {
                    mv: e.mv,
                    refusal: e.refusal,
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

/// Settles the turn and checks the entities against the position; the turn is told once
/// ([`Notice::Played`]).
pub(crate) fn settle_turn(mut resolved: MessageReader<MoveResolved>, mut s: Settler) {
    for m in resolved.read() {
        settle(
            ResolutionSet::Simultaneous(SimultaneousSystems::Settle),
            &m.effects,
            &mut s,
        );
    }
}
