//! Ending a game by the players' word: resigning ([`ResignRequest`]) and draw offers
//! ([`OfferDrawRequest`], answered by [`AnswerDrawOfferRequest`]), as over the board: an
//! offer stands until the other side answers it or makes its next move (Parity: until the
//! next turn resolves), and a new game, undo or load withdraws it. A resignation is a win
//! for the other side ([`WinReason::Resignation`]); an accepted offer a draw
//! ([`DrawReason::Agreement`]). Both are declared on the record, so PGN, autosave and the
//! recent games see the result. A rematch ([`RematchRequest`]) swaps the seats and asks
//! for the same game again; the demo's adjudication ([`AdjudicateRequest`]) declares a
//! result the rules did not reach. Headless; runs in
//! [`InputSystems::Flow`](crate::InputSystems::Flow), after the file requests and before
//! the bots and the moves of the frame (a move and a resignation in the same frame: the
//! resignation comes first).

use bevy::prelude::*;

use super::notice::{FlowRefusal, Notice};
use super::session::Holds;
use super::state::ActiveGame;
use crate::rules::{Color as Side, DrawReason, Outcome, WinReason};

/// `side` resigns the game on the board.
#[derive(Message, Debug, Clone, Copy, PartialEq, Eq)]
pub struct ResignRequest {
    /// The side that resigns.
    pub side: Side,
}

/// `side` offers a draw.
#[derive(Message, Debug, Clone, Copy, PartialEq, Eq)]
pub struct OfferDrawRequest {
    /// The side that offers.
    pub side: Side,
}

/// The answer of the side a draw was offered to: `true` accepts (the game is drawn),
/// `false` declines.
#[derive(Message, Debug, Clone, Copy, PartialEq, Eq)]
pub struct AnswerDrawOfferRequest(pub bool);

/// A draw offer waiting for an answer.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PendingOffer {
    /// The side that offered.
    pub by: Side,
    /// The game it was made in ([`ActiveGame::id`]).
    game: u64,
    /// The record's length when it was made (an undo past it withdraws it).
    made_at: usize,
    /// The offer lapses once the record is longer than this (the other side moved).
    lapses_after: usize,
}

impl PendingOffer {
    /// The side the offer waits on.
    pub fn to(&self) -> Side {
        self.by.other()
    }
}

/// The draw offer on the board, if any.
#[derive(Resource, Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct DrawOffer(pub Option<PendingOffer>);

/// Asks for a rematch of the finished (or abandoned) game: the same variant, start
/// position and time control, the seats swapped.
#[derive(Message, Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct RematchRequest;

/// Declares `0` as the result of the game on the board when the rules have not ended it
/// (the demo's ply cap or a stalled game).
#[derive(Message, Debug, Clone, Copy, PartialEq, Eq)]
pub struct AdjudicateRequest(pub Outcome);

pub(crate) fn plugin(app: &mut App) {
    app.add_message::<ResignRequest>()
        .add_message::<OfferDrawRequest>()
        .add_message::<AnswerDrawOfferRequest>()
        .add_message::<RematchRequest>()
        .add_message::<AdjudicateRequest>()
        .init_resource::<DrawOffer>()
        .add_systems(
            Update,
            (
                start_rematch.in_set(crate::InputSystems::Replace),
                (handle_game_flow, adjudicate)
                    .chain()
                    .in_set(crate::InputSystems::Flow),
            ),
        );
}

/// Why `side` cannot resign or offer a draw now, if it cannot.
pub fn flow_refusal(game: &ActiveGame, holds: &Holds) -> Option<FlowRefusal> {
    if let Some(outcome) = game.record.outcome() {
        return Some(FlowRefusal::AlreadyOver(outcome));
    }
    if game.origin != super::state::GameOrigin::Player {
        return Some(FlowRefusal::NotThisMachine);
    }
    holds.current().map(FlowRefusal::Held)
}

/// Whether `offer` no longer stands in `game`: another game, the answering move was made,
/// an undo went past it, or the game ended.
fn lapsed(offer: &PendingOffer, game: &ActiveGame) -> bool {
    offer.game != game.id
        || game.record.len() > offer.lapses_after
        || game.record.len() < offer.made_at
        || game.record.outcome().is_some()
}

/// Withdraws an offer that lapsed with the moves of this frame.
pub(crate) fn withdraw_lapsed_offer(game: Res<ActiveGame>, mut offer: ResMut<DrawOffer>) {
    if offer.0.is_some_and(|p| lapsed(&p, &game)) {
        offer.0 = None;
    }
}

/// The requests of the flow.
#[derive(bevy::ecs::system::SystemParam)]
pub(crate) struct FlowRequests<'w, 's> {
    resign: MessageReader<'w, 's, ResignRequest>,
    offers: MessageReader<'w, 's, OfferDrawRequest>,
    answers: MessageReader<'w, 's, AnswerDrawOfferRequest>,
}

/// Applies resignations, offers and answers.
pub(crate) fn handle_game_flow(
    mut game: ResMut<ActiveGame>,
    holds: Res<Holds>,
    mut offer: ResMut<DrawOffer>,
    mut notices: MessageWriter<Notice>,
    mut requests: FlowRequests,
) {
    if offer.0.is_some_and(|p| lapsed(&p, &game)) {
        offer.0 = None;
    }
    for r in requests.resign.read() {
        if let Some(why) = flow_refusal(&game, &holds) {
            notices.write(Notice::FlowRefused(why));
            continue;
        }
        let outcome = Outcome::Win {
            winner: r.side.other(),
            reason: WinReason::Resignation,
        };
        game.record.declare(outcome);
        offer.0 = None;
        notices.write(Notice::Resigned {
            side: r.side,
            outcome,
        });
    }
    for o in requests.offers.read() {
        if let Some(why) = flow_refusal(&game, &holds) {
            notices.write(Notice::FlowRefused(why));
            continue;
        }
        if offer.0.is_some_and(|p| p.by == o.side.other()) {
            // Offering back what was offered is accepting it.
            notices.write(accept(&mut game, &mut offer));
            continue;
        }
        let len = game.record.len();
        // The offer stands until the other side's next move (Parity: the next turn); if
        // the offering side is still to move, until the reply after its own move.
        let lapses_after = if game.sides_acting() == [o.side] {
            len + 1
        } else {
            len
        };
        offer.0 = Some(PendingOffer {
            by: o.side,
            game: game.id,
            made_at: len,
            lapses_after,
        });
        notices.write(Notice::DrawOffered(o.side));
    }
    for a in requests.answers.read() {
        let Some(p) = offer.0 else {
            notices.write(Notice::NoOfferToAnswer);
            continue;
        };
        if a.0 {
            notices.write(accept(&mut game, &mut offer));
        } else {
            offer.0 = None;
            notices.write(Notice::DrawDeclined(p.to()));
        }
    }
}

fn accept(game: &mut ActiveGame, offer: &mut DrawOffer) -> Notice {
    let outcome = Outcome::Draw {
        reason: DrawReason::Agreement,
    };
    game.record.declare(outcome);
    offer.0 = None;
    Notice::DrawAgreed(outcome)
}

/// Declares an adjudicated result on a game the rules have not ended.
pub(crate) fn adjudicate(
    mut requests: MessageReader<AdjudicateRequest>,
    mut game: ResMut<ActiveGame>,
) {
    for AdjudicateRequest(outcome) in requests.read() {
        if game.record.outcome().is_none() {
            game.record.declare(*outcome);
        }
    }
}

/// Swaps the seats and asks for the same game again (confirmed like any other
/// replacement while a game is in progress); new games get the game's time control.
pub(crate) fn start_rematch(
    mut requests: MessageReader<RematchRequest>,
    game: Res<ActiveGame>,
    mut clock_choice: ResMut<super::clock::ClockChoice>,
    mut seats: ResMut<super::seats::Seats>,
    mut replace: MessageWriter<super::replace::ReplaceGameRequest>,
) {
    if requests.read().count() == 0 {
        return;
    }
    clock_choice.0 = game.record.time_control;
    seats.swap();
    let request = if game.record.start() == &crate::rules::Position::new(game.variant()) {
        super::NewGameRequest::new(game.variant())
    } else {
        super::NewGameRequest::at(game.record.start().clone())
    };
    replace.write(super::replace::ReplaceGameRequest(
        super::replace::Replacement::NewGame(request),
    ));
}
