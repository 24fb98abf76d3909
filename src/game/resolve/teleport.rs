//! The alternating pipeline (every variant but Parity): the rules core plays the accepted
//! move, then [`TeleportSystems`] `Exoteric → Esoteric → Capture → Settle` each apply their
//! stage's effects. Variants without teleports simply have no Esoteric effects.

use bevy::prelude::*;

use super::{Settler, StageWriter, apply_stage, settle};
use crate::game::messages::{MoveAccepted, MoveRejected, MoveResolved, MoveSource};
use crate::game::notice::Notice;
use crate::game::state::{ActiveGame, ResolutionSet};
use crate::rules::Stage;
use crate::{ResolveMove, TeleportSystems};

pub(crate) fn plugin(app: &mut App) {
    app.add_systems(
        ResolveMove,
        (
            play_accepted_move
                .after(super::accept_next_move)
                .before(TeleportSystems::Exoteric),
            apply_stage_effects::<Exoteric>.in_set(TeleportSystems::Exoteric),
            apply_stage_effects::<Esoteric>.in_set(TeleportSystems::Esoteric),
            apply_stage_effects::<Capture>.in_set(TeleportSystems::Capture),
            settle_move.in_set(TeleportSystems::Settle),
        ),
    );
}

/// Calls the rules core: plays the accepted move on the record.
pub(crate) fn play_accepted_move(
    mut accepted: MessageReader<MoveAccepted>,
    mut game: ResMut<ActiveGame>,
    mut notices: MessageWriter<Notice>,
    mut resolved: MessageWriter<MoveResolved>,
    mut rejected: MessageWriter<MoveRejected>,
) {
    for req in accepted.read() {
        let before = game.record.current().clone();
        match game.record.play(&req.mv) {
            Ok(effects) => {
                if req.source == MoveSource::Redo {
                    game.redo.pop();
                } else {
                    game.redo.clear();
                }
                resolved.write(MoveResolved { effects });
            }
            Err(e) => {
                // Force Field: the rules core names the squares whose fields hold the move.
                let fields = if before.variant().has_fields() {
                    crate::rules::variants::force_field::field_blockers(&before, &req.mv)
                } else {
                    Vec::new()
                };
                rejected.write(MoveRejected {
                    reason: e.reason(),
                    mv: e.mv.clone(),
                    fields,
                });
                notices.write(Notice::Refused {
                    mv: e.mv,
                    refusal: e.refusal,
                });
            }
        }
    }
}

/// One stage of the alternating pipeline: the [`Stage`] whose effects a system applies and
/// the [`TeleportSystems`] set it runs in.
pub(crate) trait StageOf {
    /// The rules stage.
    const STAGE: Stage;
    /// The set (for the [`StageLog`]).
    const SET: TeleportSystems;
}

/// Ordinary movement (`Step`).
pub(crate) struct Exoteric;
/// Teleports and pass-throughs (Intrachange).
pub(crate) struct Esoteric;
/// Captures.
pub(crate) struct Capture;

impl StageOf for Exoteric {
    const STAGE: Stage = Stage::Exoteric;
    const SET: TeleportSystems = TeleportSystems::Exoteric;
}
impl StageOf for Esoteric {
    const STAGE: Stage = Stage::Esoteric;
    const SET: TeleportSystems = TeleportSystems::Esoteric;
}
impl StageOf for Capture {
    const STAGE: Stage = Stage::Capture;
    const SET: TeleportSystems = TeleportSystems::Capture;
}

/// Applies the effects of stage `S` of every resolved move (one system per stage).
pub(crate) fn apply_stage_effects<S: StageOf>(
    mut resolved: MessageReader<MoveResolved>,
    mut w: StageWriter,
) {
    for m in resolved.read() {
        apply_stage(
            S::STAGE,
            ResolutionSet::Teleport(S::SET),
            &m.effects,
            &mut w,
        );
    }
}

/// Applies promotion, checks and the game end, then checks entities against the position.
pub(crate) fn settle_move(mut resolved: MessageReader<MoveResolved>, mut s: Settler) {
    for m in resolved.read() {
        settle(
            ResolutionSet::Teleport(TeleportSystems::Settle),
            &m.effects,
            &mut s,
        );
    }
}
