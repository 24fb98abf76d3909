//! Premoves: against a bot, the person queues a reply while the bot thinks (as on lichess);
//! it is played the moment the bot has moved if the rules allow it then, and dropped with
//! the reason otherwise. One premove at a time; a new one replaces it, a click elsewhere
//! ([`PremoveRequest`]`(None)`), a new game, review or the end of the game cancels it.
//! Parity has none: both sides commit from the position the turn starts with, so a commit
//! for the next turn cannot be chosen before that position exists.

use bevy::prelude::*;

use super::messages::{MoveSource, SubmitMoveRequest};
use super::notice::{Notice, PremoveRefusal};
use super::state::{ActiveGame, AutomatedSides};
use crate::rules::{Color, Move};

/// The queued premove: the move (from, to, promotion) of `side`, made when the game had
/// `after` entries.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct QueuedPremove {
    /// The game it was queued in ([`ActiveGame::id`]).
    pub game: u64,
    /// The record's length when it was queued.
    pub after: usize,
    /// The side that plays it.
    pub side: Color,
    /// The move as it was chosen (legal for `side` in the position it was queued in, had
    /// it been `side`'s move).
    pub mv: Move,
}

/// The premove waiting to be played, if any.
#[derive(Resource, Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Premove(pub Option<QueuedPremove>);

/// Queues `mv` for `side` (`Some`), or cancels the premove (`None`).
#[derive(Message, Debug, Clone, Copy, PartialEq, Eq)]
pub struct PremoveRequest(pub Option<(Color, Move)>);

/// Why a premove cannot be queued now, or `None` when it can: only in an alternating game
/// in progress, for a side a person plays, while a bot is to move.
pub fn premove_refusal(
    game: &ActiveGame,
    automated: &AutomatedSides,
    side: Color,
) -> Option<PremoveRefusal> {
    let acting = game.sides_acting();
    if acting.len() != 1 {
        return Some(PremoveRefusal::Simultaneous);
    }
    if game.record.outcome().is_some() {
        return Some(PremoveRefusal::GameOver);
    }
    if game.review.is_some() {
        return Some(PremoveRefusal::Reviewing);
    }
    let turn = acting[0];
    if turn == side || automated.plays(side) || !automated.plays(turn) {
        return Some(PremoveRefusal::NotAReply(side));
    }
    None
}

pub(crate) fn plugin(app: &mut App) {
    app.init_resource::<Premove>()
        .add_message::<PremoveRequest>()
        .add_systems(Update, play_premoves.in_set(crate::InputSystems::Premove));
}

/// Queues and cancels premoves, and plays the queued one once its side is to move.
pub(crate) fn play_premoves(
    game: Res<ActiveGame>,
    automated: Option<Res<AutomatedSides>>,
    mut premove: ResMut<Premove>,
    mut requests: MessageReader<PremoveRequest>,
    mut notices: MessageWriter<Notice>,
    mut submit: MessageWriter<SubmitMoveRequest>,
) {
    let automated = automated.as_deref().copied().unwrap_or_default();
    let shape = game.record.current().shape();
    for PremoveRequest(r) in requests.read() {
        match *r {
            None => {
                if premove.0.take().is_some() {
                    notices.write(Notice::PremoveCancelled);
                }
            }
            Some((side, mv)) => match premove_refusal(&game, &automated, side) {
                Some(why) => {
                    notices.write(Notice::PremoveRefused(why));
                }
                None => {
                    premove.0 = Some(QueuedPremove {
                        game: game.id,
                        after: game.record.len(),
                        side,
                        mv,
                    });
                    notices.write(Notice::PremoveQueued {
                        mv: mv.coordinate(shape),
                        side,
                    });
                }
            },
        }
    }
    let Some(q) = premove.0 else {
        return;
    };
    if q.game != game.id || game.record.len() < q.after || game.record.outcome().is_some() {
        premove.0 = None;
        return;
    }
    let pos = game.record.current();
    if game.review.is_some() || pos.turn() != q.side || game.record.len() == q.after {
        return;
    }
    premove.0 = None;
    let text = q.mv.coordinate(shape);
    let legal = pos
        .legal_moves()
        .into_iter()
        .find(|m| m.from == q.mv.from && m.to == q.mv.to && m.promotion == q.mv.promotion);
    match legal {
        Some(mv) => {
            submit.write(SubmitMoveRequest {
                mv,
                source: MoveSource::Mouse,
            });
        }
        None => {
            notices.write(Notice::PremoveDropped {
                mv: text,
                refusal: pos.judge(&q.mv).err(),
            });
        }
    }
}
