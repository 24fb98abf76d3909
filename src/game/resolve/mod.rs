//! The resolution pipeline: requests are queued in [`AppSystems::Decide`]; in
//! [`AppSystems::Resolve`] the [`ResolveMove`] schedule (Parity: [`ResolveTurn`]) runs once
//! per queued move (at most [`MAX_MOVES_PER_FRAME`] times a frame): the request is accepted,
//! the rules core is called, and each stage set applies the effects of its stage to the
//! entities ([`teleport`] for the alternating variants, [`simultaneous`] for Parity). Nothing
//! here decides a rule: the effects come from the rules core.

pub mod simultaneous;
pub mod teleport;

use bevy::ecs::system::SystemParam;
use bevy::prelude::*;

use super::components::{Captured, OnSquare, PieceEntity};
use super::messages::{
    Motion, MotionStep, MoveAccepted, MoveRejected, MoveSource, NewGameRequest, RedoRequest,
    ResyncRequest, ReviewRequest, StageAnimationRequested, SubmitMoveRequest, UndoRequest,
};
use super::state::{ActiveGame, PendingMoves, ResolutionSet, StageLog, StageLogEntry, StatusLine};
use super::sync::pieces_match_position;
use crate::rules::narrate;
use crate::rules::{Color as Side, Effect, Entry, Piece, Position, Square, Stage};
use crate::{AppSystems, ResolveMove, ResolveTurn};

/// The most moves resolved in one frame; further queued moves wait for the next frame.
pub const MAX_MOVES_PER_FRAME: usize = 256;

/// Adds the Decide systems, the per-move schedule runner and both pipelines.
pub(crate) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        (
            (handle_record_requests, queue_move_requests)
                .chain()
                .in_set(AppSystems::Decide),
            resolve_queued_moves.in_set(AppSystems::Resolve),
        ),
    );
    app.add_systems(
        ResolveMove,
        accept_next_move.before(crate::TeleportSystems::Exoteric),
    )
    .add_systems(
        ResolveTurn,
        accept_next_move.before(crate::SimultaneousSystems::Commit),
    );
    app.add_plugins((teleport::plugin, simultaneous::plugin));
}

/// Runs [`ResolveMove`] once for each queued move, up to [`MAX_MOVES_PER_FRAME`] runs (Parity:
/// [`ResolveTurn`], at least once, since commits and take-backs arrive as messages, not
/// queued moves). Each run resolves one move completely, its commands applied, before the
/// next starts. While a board rebuild is pending (a [`ResyncRequest`] this runner has not
/// seen yet: new game, undo, load, a failed Settle check) nothing more is resolved: the
/// entities are respawned in [`AppSystems::Sync`] first and the remaining moves wait for
/// the next frame.
pub(crate) fn resolve_queued_moves(
    world: &mut World,
    mut seen: Local<bevy::ecs::message::MessageCursor<ResyncRequest>>,
) {
    let mut rebuild_pending = |world: &World| {
        seen.read(world.resource::<Messages<ResyncRequest>>())
            .count()
            > 0
    };
    if rebuild_pending(world) {
        return;
    }
    let parity = world.resource::<ActiveGame>().is_simultaneous();
    let pending = |world: &World| !world.resource::<PendingMoves>().0.is_empty();
    for _ in 0..MAX_MOVES_PER_FRAME {
        if parity {
            world.run_schedule(ResolveTurn);
        } else if pending(world) {
            world.run_schedule(ResolveMove);
        }
        if !pending(world) || rebuild_pending(world) {
            break;
        }
    }
    world.resource_mut::<StageLog>().trim();
}

/// The piece entities still on the board.
pub(crate) type LivePieces<'w, 's> =
    Query<'w, 's, (Entity, &'static mut PieceEntity, &'static mut OnSquare), Without<Captured>>;

/// New game, undo, redo and review: they change the record, then the board is rebuilt.
pub(crate) fn handle_record_requests(
    mut game: ResMut<ActiveGame>,
    mut status: ResMut<StatusLine>,
    mut pending: ResMut<PendingMoves>,
    commits: Res<super::commits::ParityCommits>,
    automated: Option<Res<super::state::AutomatedSides>>,
    recent: Option<Res<super::state::RecentSlot>>,
    clock_choice: Option<Res<super::clock::ClockChoice>>,
    mut new_games: MessageReader<NewGameRequest>,
    mut undos: MessageReader<UndoRequest>,
    mut redos: MessageReader<RedoRequest>,
    mut reviews: MessageReader<ReviewRequest>,
    mut resync: MessageWriter<ResyncRequest>,
) {
    let automated = automated.as_deref().copied().unwrap_or_default();
    if let Some(req) = new_games.read().last() {
        let start = req
            .position
            .clone()
            .unwrap_or_else(|| Position::new(req.variant));
        let mut next = ActiveGame::new(start);
        next.origin = req.origin;
        next.record.time_control = clock_choice.map(|c| c.0).unwrap_or_default();
        super::persist_glue::stamp_new_record(&mut next.record);
        let note = game.replace(next, recent.as_deref());
        pending.0.clear();
        status.0 = format!("New game of {}. {}", req.variant, turn_text(&game));
        if let Some(note) = note {
            status.0 = format!("{note} {}", status.0);
        }
        resync.write(ResyncRequest);
    }
    for _ in undos.read() {
        game.review = None;
        if commits.any() {
            // Parity: undo first drops the pending commit (see `clear_commits_on_record_change`).
            continue;
        }
        match game.record.pop() {
            Some(entry) => {
                game.redo.push(entry);
                // Against a bot, also take back the move that led to the bot's turn.
                let mut also = 0;
                while !game.is_simultaneous()
                    && automated.skips(game.record.current().turn())
                    && let Some(entry) = game.record.pop()
                {
                    game.redo.push(entry);
                    also += 1;
                }
                let what = if also == 0 {
                    "Move"
                } else {
                    "Your move and the bot's reply"
                };
                status.0 = format!("{what} taken back. {}", turn_text(&game));
            }
            None => status.0 = "Nothing to undo.".to_string(),
        }
        resync.write(ResyncRequest);
    }
    for _ in redos.read() {
        match game.redo.last().copied() {
            Some(Entry::Move(mv)) => {
                // Against a bot, replay the bot's reply too (its side is skipped by undo).
                let mut side = game.record.current().turn();
                let mut n = 0;
                for entry in game.redo.iter().rev() {
                    let Entry::Move(mv) = *entry else { break };
                    if n > 0 && !automated.skips(side) {
                        break;
                    }
                    pending.0.push_back(SubmitMoveRequest {
                        mv,
                        source: MoveSource::Redo,
                    });
                    n += 1;
                    side = side.other();
                }
                debug_assert!(n > 0, "the first redo entry is a move: {mv:?}");
            }
            Some(Entry::Turn { white, black }) => {
                pending.0.push_back(SubmitMoveRequest {
                    mv: white,
                    source: MoveSource::Redo,
                });
                pending.0.push_back(SubmitMoveRequest {
                    mv: black,
                    source: MoveSource::Redo,
                });
            }
            None => status.0 = "Nothing to redo.".to_string(),
        }
    }
    if let Some(ReviewRequest(n)) = reviews.read().last().copied() {
        let n = n.filter(|&n| n < game.record.len());
        if game.review != n {
            game.review = n;
            status.0 = match n {
                Some(n) => format!(
                    "Reviewing the position after {} (read-only).",
                    narrate::count(n, "move")
                ),
                None => format!("Back to the live game. {}", turn_text(&game)),
            };
            resync.write(ResyncRequest);
        }
    }
}

/// Queues incoming move requests (each is resolved by its own run of [`ResolveMove`] or
/// [`ResolveTurn`]).
pub(crate) fn queue_move_requests(
    mut requests: MessageReader<SubmitMoveRequest>,
    mut pending: ResMut<PendingMoves>,
) {
    pending.0.extend(requests.read().copied());
}

/// Takes the next queued request; refuses it while the game is on hold ([`GameHold`]) or
/// an earlier position is reviewed.
///
/// [`GameHold`]: super::state::GameHold
pub(crate) fn accept_next_move(
    mut pending: ResMut<PendingMoves>,
    game: Res<ActiveGame>,
    hold: Res<super::state::GameHold>,
    mut status: ResMut<StatusLine>,
    mut accepted: MessageWriter<MoveAccepted>,
    mut rejected: MessageWriter<MoveRejected>,
) {
    let Some(req) = pending.0.pop_front() else {
        return;
    };
    let held = hold.0.clone();
    if held.is_some() || game.review.is_some() {
        let reason = held.unwrap_or_else(|| {
            "an earlier position is shown: go back to the live game first".to_string()
        });
        status.0 = format!("Not played: {reason}.");
        rejected.write(MoveRejected {
            mv: req.mv.coordinate(game.record.current().shape()),
            reason,
        });
        return;
    }
    accepted.write(MoveAccepted {
        mv: req.mv,
        source: req.source,
    });
}

/// Whose turn it is, or the result, as a sentence ([`narrate::side_to_move`]):
/// `White to move.`, `Black to move — check!`, `Game over: White wins by checkmate.`.
pub fn turn_text(game: &ActiveGame) -> String {
    let pos = game.record.current();
    narrate::side_to_move(
        pos,
        game.record.outcome().as_ref(),
        pos.in_check(pos.turn()),
    )
}

fn moved(pieces: &mut LivePieces, piece: Piece, from: Square, to: Square) -> Option<Entity> {
    let e = find_piece(pieces, piece.color, from, &[])?;
    if let Ok((_, _, mut on)) = pieces.get_mut(e) {
        on.0 = to;
    }
    Some(e)
}

fn find_piece(pieces: &LivePieces, side: Side, sq: Square, skip: &[Entity]) -> Option<Entity> {
    pieces
        .iter()
        .find(|(e, p, on)| p.side == side && on.0 == sq && !skip.contains(e))
        .map(|(e, _, _)| e)
}

/// What a stage system writes: the live piece entities, commands (captures), the
/// [`StageLog`] and the animation requests.
#[derive(SystemParam)]
pub(crate) struct StageWriter<'w, 's> {
    pieces: LivePieces<'w, 's>,
    commands: Commands<'w, 's>,
    log: ResMut<'w, StageLog>,
    animations: MessageWriter<'w, StageAnimationRequested>,
}

/// What the Settle systems need besides a [`StageWriter`]: the game, the status line and
/// the resync request for a failed check.
#[derive(SystemParam)]
pub(crate) struct Settler<'w, 's> {
    stage: StageWriter<'w, 's>,
    game: Res<'w, ActiveGame>,
    status: ResMut<'w, StatusLine>,
    resync: MessageWriter<'w, ResyncRequest>,
}

/// Applies the effects of `stage` to the entities, logs them under `set` and asks the
/// renderer to animate them. Effects of other stages are ignored.
pub(crate) fn apply_stage(
    stage: Stage,
    set: ResolutionSet,
    effects: &[Effect],
    w: &mut StageWriter,
) {
    let StageWriter {
        pieces,
        commands,
        log,
        animations,
    } = w;
    let mut steps = Vec::new();
    let mut captured: Vec<Entity> = Vec::new();
    for fx in effects.iter().filter(|fx| fx.stage() == stage) {
        log.0.push(StageLogEntry {
            set,
            effect: Some(fx.clone()),
        });
        match fx {
            Effect::Step { piece, from, to } => {
                if let Some(entity) = moved(pieces, *piece, *from, *to) {
                    steps.push(MotionStep {
                        entity,
                        motion: Motion::Slide {
                            from: *from,
                            to: *to,
                        },
                    });
                }
            }
            Effect::Teleport { piece, from, to } => {
                if let Some(entity) = moved(pieces, *piece, *from, *to) {
                    steps.push(MotionStep {
                        entity,
                        motion: Motion::Teleport {
                            from: *from,
                            to: *to,
                        },
                    });
                }
            }
            Effect::PassThrough { piece, at } => {
                if let Some(entity) = find_piece(pieces, piece.color, *at, &[]) {
                    steps.push(MotionStep {
                        entity,
                        motion: Motion::Pulse { at: *at },
                    });
                }
            }
            Effect::Capture { piece, at } => {
                if let Some(entity) = find_piece(pieces, piece.color, *at, &captured) {
                    captured.push(entity);
                    commands
                        .entity(entity)
                        .remove::<OnSquare>()
                        .insert(Captured);
                    steps.push(MotionStep {
                        entity,
                        motion: Motion::Vanish { at: *at },
                    });
                }
            }
            Effect::Promote { at, piece } => {
                if let Some(entity) = find_piece(pieces, piece.color, *at, &captured) {
                    if let Ok((_, mut p, _)) = pieces.get_mut(entity) {
                        p.kind = piece.kind;
                    }
                    steps.push(MotionStep {
                        entity,
                        motion: Motion::Pulse { at: *at },
                    });
                }
            }
            Effect::FailedCapture { .. }
            | Effect::Shared { .. }
            | Effect::PawnPasses { .. }
            | Effect::Check { .. }
            | Effect::FailedCheck { .. }
            | Effect::ChargesChanged
            | Effect::GameOver(_) => {}
        }
    }
    if !steps.is_empty() {
        animations.write(StageAnimationRequested { stage, steps });
    }
}

/// The Settle stage of either pipeline: applies the Settle effects, checks that the entities
/// equal the live position (a debug assertion; in release the board is rebuilt) and updates
/// the status line.
pub(crate) fn settle(set: ResolutionSet, effects: &[Effect], s: &mut Settler) {
    apply_stage(Stage::Settle, set, effects, &mut s.stage);
    let Settler {
        stage: StageWriter { pieces, log, .. },
        game,
        status,
        resync,
    } = s;
    log.0.push(StageLogEntry { set, effect: None });
    let placed = pieces
        .iter()
        .map(|(_, p, on)| (on.0, Piece::new(p.side, p.kind)));
    if let Err(e) = pieces_match_position(placed, game.record.current()) {
        debug_assert!(false, "after Settle: {e}");
        error!("after Settle: {e}; rebuilding the board");
        resync.write(ResyncRequest);
    }
    // What the move did (teleports, pass-throughs, fields, shared squares…), then whose turn
    // it is or the result: the narrator's status line.
    status.0 = narrate::status_line(&game.record, effects);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{GameRecord, Variant};
    use rand::rngs::SmallRng;
    use rand::{RngExt, SeedableRng};

    /// The status line after a move ([`narrate::status_line`]) reads the check from the
    /// move's effects; over seeded random games of every alternating variant it ends with
    /// the turn text that computes it.
    #[test]
    fn the_status_line_after_a_move_ends_with_the_computed_turn_text() {
        let mut rng = SmallRng::seed_from_u64(5);
        let mut checks = 0;
        for variant in Variant::ALL
            .into_iter()
            .filter(|v| v.turn_model() == crate::rules::TurnModel::Alternating)
        {
            for _ in 0..6 {
                let mut game = ActiveGame::from_record(GameRecord::new(Position::new(variant)));
                for _ in 0..120 {
                    let moves = game.record.current().legal_moves();
                    if game.record.outcome().is_some() || moves.is_empty() {
                        break;
                    }
                    let fx = game
                        .record
                        .play(&moves[rng.random_range(0..moves.len())])
                        .expect("legal move");
                    let text = narrate::status_line(&game.record, &fx);
                    let turn = turn_text(&game);
                    checks += usize::from(turn.ends_with("check!"));
                    assert!(text.ends_with(&turn), "{variant}: {text:?} / {turn:?}");
                }
            }
        }
        assert!(checks > 10, "only {checks} checks seen");
    }
}
