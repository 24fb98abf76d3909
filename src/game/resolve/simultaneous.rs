//! The simultaneous pipeline (Parity): [`SimultaneousSystems`] `Commit → Reveal → Resolve →
//! Settle`. Hot-seat: White's commit is kept hidden until Black commits; then the rules core
//! resolves both together (`Position::resolve`) and the landings and captures are applied.

use bevy::prelude::*;

use super::{LivePieces, apply_stage, settle};
use crate::SimultaneousSystems;
use crate::game::messages::{
    MoveAccepted, MoveRejected, MoveResolved, MoveSource, ResyncRequest, StageAnimationRequested,
};
use crate::game::state::{ActiveGame, ResolutionSet, StageLog, StageLogEntry, StatusLine};
use crate::rules::{Color as Side, Move, Stage};

pub(crate) fn plugin(app: &mut App) {
    app.add_message::<CommitsRevealed>().add_systems(
        Update,
        (
            collect_commits.in_set(SimultaneousSystems::Commit),
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

/// Records White's hidden commit, then Black's; both together go to the Reveal set.
pub(crate) fn collect_commits(
    mut accepted: MessageReader<MoveAccepted>,
    mut game: ResMut<ActiveGame>,
    mut status: ResMut<StatusLine>,
    mut log: ResMut<StageLog>,
    mut revealed: MessageWriter<CommitsRevealed>,
    mut rejected: MessageWriter<MoveRejected>,
) {
    for req in accepted.read() {
        let side = if game.pending_commit.is_none() {
            Side::White
        } else {
            Side::Black
        };
        let pos = game.record.current();
        let text = req.mv.coordinate(pos.shape());
        let reason = if let Some(o) = game.record.outcome() {
            Some(format!("the game is over: {}", o.describe()))
        } else if !pos.legal_commits(side).contains(&req.mv) {
            Some(format!("it is not a legal commit for {}", side.title()))
        } else {
            None
        };
        if let Some(reason) = reason {
            status.0 = format!("Illegal commit {text}: {reason}.");
            rejected.write(MoveRejected { mv: text, reason });
            continue;
        }
        log.0.push(StageLogEntry {
            set: ResolutionSet::Simultaneous(SimultaneousSystems::Commit),
            effect: None,
        });
        match game.pending_commit.take() {
            None => {
                game.pending_commit = Some(req.mv);
                status.0 = "White has committed (hidden). Black to commit.".to_string();
            }
            Some(white) => {
                revealed.write(CommitsRevealed {
                    white,
                    black: req.mv,
                    redo: req.source == MoveSource::Redo,
                });
            }
        }
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
                status.0 = format!("Turn not resolved ({}): {}.", e.mv, e.reason);
                rejected.write(MoveRejected {
                    mv: e.mv,
                    reason: e.reason,
                });
            }
        }
    }
}

/// Applies both landings, teleports (none in Parity) and captures, stage by stage.
pub(crate) fn apply_landings(
    mut resolved: MessageReader<MoveResolved>,
    mut pieces: LivePieces,
    mut commands: Commands,
    mut log: ResMut<StageLog>,
    mut animations: MessageWriter<StageAnimationRequested>,
) {
    for m in resolved.read() {
        for stage in [Stage::Exoteric, Stage::Esoteric, Stage::Capture] {
            apply_stage(
                stage,
                ResolutionSet::Simultaneous(SimultaneousSystems::Resolve),
                &m.effects,
                &mut pieces,
                &mut commands,
                &mut log,
                &mut animations,
            );
        }
    }
}

/// Settles the turn and checks the entities against the position.
pub(crate) fn settle_turn(
    mut resolved: MessageReader<MoveResolved>,
    mut pieces: LivePieces,
    mut commands: Commands,
    mut log: ResMut<StageLog>,
    mut animations: MessageWriter<StageAnimationRequested>,
    game: Res<ActiveGame>,
    mut status: ResMut<StatusLine>,
    mut resync: MessageWriter<ResyncRequest>,
) {
    for m in resolved.read() {
        settle(
            ResolutionSet::Simultaneous(SimultaneousSystems::Settle),
            &m.effects,
            &mut pieces,
            &mut commands,
            &mut log,
            &mut animations,
            &game,
            &mut status,
            &mut resync,
        );
    }
}
