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
use super::notice::{NotNow, Notice};
use super::session::{AppMode, GameReplaced, Holds, TurnModelState};
use super::state::{ActiveGame, PendingMoves, ResolutionSet, StageLog, StageLogEntry};
use super::sync::pieces_match_position;
use crate::rules::{Color as Side, Effect, Entry, Piece, Position, Square, Stage};
use crate::{AppSystems, ResolveMove, ResolveTurn};

pub use super::notice::turn_text;

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
/// the next frame. The schedule is the one of the turn model on the board
/// ([`TurnModelState`]).
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
    let turns = world
        .get_resource::<State<TurnModelState>>()
        .map(|s| *s.get());
    let pending = |world: &World| !world.resource::<PendingMoves>().0.is_empty();
    for _ in 0..MAX_MOVES_PER_FRAME {
        match turns {
            Some(TurnModelState::Simultaneous) => world.run_schedule(ResolveTurn),
            _ if pending(world) => world.run_schedule(ResolveMove),
            _ => {}
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

/// The record requests of a frame.
#[derive(SystemParam)]
pub(crate) struct RecordRequests<'w, 's> {
    new_games: MessageReader<'w, 's, NewGameRequest>,
    undos: MessageReader<'w, 's, UndoRequest>,
    redos: MessageReader<'w, 's, RedoRequest>,
    reviews: MessageReader<'w, 's, ReviewRequest>,
}

/// What the record requests read besides the game: the commits, who plays which side, the
/// recent games, the chosen time control and the turn model.
#[derive(SystemParam)]
pub(crate) struct RecordContext<'w> {
    commits: Res<'w, super::commits::ParityCommits>,
    automated: Option<Res<'w, super::state::AutomatedSides>>,
    recent: Option<Res<'w, super::state::RecentSlot>>,
    clock_choice: Option<Res<'w, super::clock::ClockChoice>>,
    turns: Option<Res<'w, State<TurnModelState>>>,
}

/// What the record requests tell: notices, the board rebuild, the replacement.
#[derive(SystemParam)]
pub(crate) struct RecordOutput<'w> {
    notices: MessageWriter<'w, Notice>,
    resync: MessageWriter<'w, ResyncRequest>,
    replaced: MessageWriter<'w, GameReplaced>,
}

/// New game, undo, redo and review: they change the record, then the board is rebuilt.
pub(crate) fn handle_record_requests(
    mut game: ResMut<ActiveGame>,
    mut pending: ResMut<PendingMoves>,
    mut requests: RecordRequests,
    ctx: RecordContext,
    mut out: RecordOutput,
) {
    let automated = ctx.automated.as_deref().copied().unwrap_or_default();
    let alternating = ctx
        .turns
        .as_deref()
        .is_none_or(|t| *t.get() == TurnModelState::Alternating);
    if let Some(req) = requests.new_games.read().last() {
        let start = req
            .position
            .clone()
            .unwrap_or_else(|| Position::new(req.variant));
        let mut next = ActiveGame::new(start);
        next.origin = req.origin;
        // Lessons and puzzles are untimed; other new games take the chosen time control.
        if req.origin != super::state::GameOrigin::Learning {
            next.record.time_control = ctx.clock_choice.map(|c| c.0).unwrap_or_default();
        }
        super::persist_glue::stamp_new_record(&mut next.record);
        let archive = game.replace(next, ctx.recent.as_deref());
        pending.0.clear();
        out.notices.write(Notice::NewGame {
            variant: req.variant,
            archive,
        });
        out.replaced.write(GameReplaced { origin: req.origin });
        out.resync.write(ResyncRequest);
    }
    for _ in requests.undos.read() {
        game.review = None;
        if ctx.commits.any() {
            // Parity: undo first drops the pending commit (see `clear_commits_on_record_change`).
            continue;
        }
        match game.record.pop() {
            Some(entry) => {
                game.redo.push(entry);
                // Against a bot, also take back the move that led to the bot's turn.
                let mut also = 0;
                while alternating
                    && automated.skips(game.record.current().turn())
                    && let Some(entry) = game.record.pop()
                {
                    game.redo.push(entry);
                    also += 1;
                }
                out.notices.write(Notice::Undone {
                    with_reply: also > 0,
                });
            }
            None => {
                out.notices.write(Notice::NothingToUndo);
            }
        }
        out.resync.write(ResyncRequest);
    }
    for _ in requests.redos.read() {
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
                for mv in [white, black] {
                    pending.0.push_back(SubmitMoveRequest {
                        mv,
                        source: MoveSource::Redo,
                    });
                }
            }
            None => {
                out.notices.write(Notice::NothingToRedo);
            }
        }
    }
    if let Some(ReviewRequest(n)) = requests.reviews.read().last().copied() {
        let n = n.filter(|&n| n < game.record.len());
        if game.review != n {
            game.review = n;
            out.notices.write(match n {
                Some(n) => Notice::Reviewing(n),
                None => Notice::BackToLive,
            });
            out.resync.write(ResyncRequest);
        }
    }
}

/// Queues incoming move requests (each is resolved by its own run of [`ResolveMove`] or
/// [`ResolveTurn`]). In an alternating game a move sent for a named side
/// ([`SideMoveRequest`](super::SideMoveRequest)) is queued when that side is to move; the
/// Commit set reads them in Parity. (A move for the side not to move is the rules' to
/// refuse, with their reason.)
pub(crate) fn queue_move_requests(
    mut requests: MessageReader<SubmitMoveRequest>,
    mut for_side: MessageReader<super::SideMoveRequest>,
    turns: Option<Res<State<TurnModelState>>>,
    mut pending: ResMut<PendingMoves>,
) {
    pending.0.extend(requests.read().copied());
    let alternating = turns.is_none_or(|t| *t.get() == TurnModelState::Alternating);
    for r in for_side.read().filter(|_| alternating) {
        pending.0.push_back(SubmitMoveRequest {
            mv: r.mv,
            source: r.source,
        });
    }
}

/// Why a move from `source` is not taken now, if it is not: a hold, a review, a mode in
/// which only scripted moves are played (a scene, a watched file).
pub fn move_not_taken(
    game: &ActiveGame,
    holds: &Holds,
    mode: AppMode,
    source: MoveSource,
) -> Option<NotNow> {
    if let Some(h) = holds.current() {
        return Some(NotNow::Held(h));
    }
    if game.review.is_some() {
        return Some(NotNow::Reviewing);
    }
    let scripted = matches!(source, MoveSource::Script | MoveSource::Redo);
    match mode {
        AppMode::Scene if !scripted => Some(NotNow::SceneShown),
        AppMode::Watch if !scripted => Some(NotNow::Watching),
        _ => None,
    }
}

/// What [`accept_next_move`] reads to judge the moment (never the move: the rules do).
#[derive(SystemParam)]
pub(crate) struct MomentOfMove<'w> {
    game: Res<'w, ActiveGame>,
    holds: Res<'w, Holds>,
    mode: Option<Res<'w, State<AppMode>>>,
    learner: Option<Res<'w, crate::game::LearnerSide>>,
    commits: Option<Res<'w, crate::game::ParityCommits>>,
}

impl MomentOfMove<'_> {
    /// In a lesson or puzzle, the coach's side when a person's move (not a script's) would
    /// move it: the side to move, or in a simultaneous variant the side whose commit is next.
    fn coach_side(&self, mode: AppMode, source: MoveSource) -> Option<Side> {
        let learner = self.learner.as_deref().and_then(|l| l.0)?;
        if mode != AppMode::Learn || matches!(source, MoveSource::Script | MoveSource::Redo) {
            return None;
        }
        let pos = self.game.record.current();
        let moving = if pos.variant().turn_model() == crate::rules::TurnModel::Simultaneous {
            self.commits.as_deref().and_then(|c| c.next_to_commit())?
        } else {
            pos.turn()
        };
        (moving != learner).then_some(moving)
    }
}

/// Takes the next queued request; refuses it while the game is held, an earlier position
/// is reviewed, or the mode plays only scripted moves ([`move_not_taken`]).
pub(crate) fn accept_next_move(
    mut pending: ResMut<PendingMoves>,
    moment: MomentOfMove,
    mut notices: MessageWriter<Notice>,
    mut accepted: MessageWriter<MoveAccepted>,
    mut rejected: MessageWriter<MoveRejected>,
) {
    let Some(req) = pending.0.pop_front() else {
        return;
    };
    let mode = moment.mode.as_deref().map_or(AppMode::Play, |m| *m.get());
    let why = move_not_taken(&moment.game, &moment.holds, mode, req.source).or_else(|| {
        moment
            .coach_side(mode, req.source)
            .map(super::notice::NotNow::CoachPlays)
    });
    if let Some(why) = why {
        rejected.write(MoveRejected {
            mv: req.mv.coordinate(moment.game.record.current().shape()),
            reason: super::notice::words(
                &Notice::NotNow(why.clone()),
                &moment.game,
                &Default::default(),
                Default::default(),
            ),
            fields: Vec::new(),
        });
        notices.write(Notice::NotNow(why));
        return;
    }
    accepted.write(MoveAccepted {
        mv: req.mv,
        source: req.source,
    });
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

/// What the Settle systems need besides a [`StageWriter`]: the game, the notice of the
/// move, the Parity captions and the resync request for a failed check.
#[derive(SystemParam)]
pub(crate) struct Settler<'w, 's> {
    stage: StageWriter<'w, 's>,
    game: Res<'w, ActiveGame>,
    notices: MessageWriter<'w, Notice>,
    captions: MessageWriter<'w, super::messages::TurnCaptions>,
    resync: MessageWriter<'w, ResyncRequest>,
    shown: MessageWriter<'w, super::messages::PositionShown>,
}

/// How a piece travelling `from` → `to` moves, by the other effects of its move: onto a
/// square it will share ([`Effect::Shared`]), onto a square whose capture failed
/// ([`Effect::FailedCapture`] by its side), or a plain slide.
pub fn landing_motion(effects: &[Effect], side: Side, from: Square, to: Square) -> Motion {
    let failed = effects
        .iter()
        .any(|fx| matches!(fx, Effect::FailedCapture { by, at } if by.color == side && *at == to));
    let shared = effects
        .iter()
        .any(|fx| matches!(fx, Effect::Shared { at } if *at == to));
    if failed {
        Motion::Bounce { from, to }
    } else if shared {
        Motion::Share { from, to }
    } else {
        Motion::Slide { from, to }
    }
}

/// The square the taker of a capture on `at` came from: the last piece of the other side
/// whose step or teleport ends there.
pub fn taker_origin(effects: &[Effect], captured: Side, at: Square) -> Option<Square> {
    effects.iter().rev().find_map(|fx| match fx {
        Effect::Step { piece, from, to } | Effect::Teleport { piece, from, to }
            if *to == at && piece.color != captured =>
        {
            Some(*from)
        }
        _ => None,
    })
}

/// Applies the effects of `stage` to the entities, logs them under `set` and sends their
/// motions to the board. Effects of other stages are ignored.
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
                        motion: landing_motion(effects, piece.color, *from, *to),
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
                        motion: Motion::Capture {
                            at: *at,
                            by: taker_origin(effects, piece.color, *at),
                        },
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
/// equal the live position (a debug assertion; in release the board is rebuilt), and tells
/// the move ([`Notice::Played`]) and, for a Parity turn, its square captions.
pub(crate) fn settle(set: ResolutionSet, effects: &[Effect], s: &mut Settler) {
    apply_stage(Stage::Settle, set, effects, &mut s.stage);
    let Settler {
        stage: StageWriter { pieces, log, .. },
        game,
        notices,
        captions,
        resync,
        shown,
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
    if matches!(set, ResolutionSet::Simultaneous(_)) {
        let turn = super::notice::square_captions(game.record.current(), effects);
        if !turn.is_empty() {
            captions.write(super::messages::TurnCaptions(turn));
        }
    }
    notices.write(Notice::Played {
        effects: effects.to_vec(),
    });
    shown.write(super::messages::PositionShown { rebuilt: false });
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
                    let text = crate::rules::narrate::status_line(&game.record, &fx);
                    let turn = turn_text(&game);
                    checks += usize::from(turn.ends_with("check!"));
                    assert!(text.ends_with(&turn), "{variant}: {text:?} / {turn:?}");
                }
            }
        }
        assert!(checks > 10, "only {checks} checks seen");
    }
}
