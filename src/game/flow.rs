//! Ending a game by the players' word: resigning ([`ResignRequest`]) and draw offers
//! ([`OfferDrawRequest`], answered by [`AnswerDrawOfferRequest`]), as over the board: an
//! offer stands until the other side answers it or makes its next move (Parity: until the
//! next turn resolves), and a new game, undo or load withdraws it. A resignation is a win
//! for the other side ([`WinReason::Resignation`]); an accepted offer a draw
//! ([`DrawReason::Agreement`]). Both are declared on the record, so PGN, autosave and the
//! recent games see the result. Headless; runs in [`AppSystems::Input`](crate::AppSystems)
//! after the file requests and before the bots and the moves of the frame (a move and a
//! resignation in the same frame: the resignation comes first).

use bevy::prelude::*;

use super::state::{ActiveGame, GameHold, StatusLine};
use crate::AppSystems;
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

pub(crate) fn plugin(app: &mut App) {
    app.add_message::<ResignRequest>()
        .add_message::<OfferDrawRequest>()
        .add_message::<AnswerDrawOfferRequest>()
        .init_resource::<DrawOffer>()
        .add_systems(
            Update,
            handle_game_flow
                .in_set(AppSystems::Input)
                .after(super::persist_glue::PersistSystems),
        )
        .add_systems(
            Update,
            withdraw_lapsed_offer
                .in_set(AppSystems::Sync)
                .after(super::clock::run_clock),
        );
}

/// Why `side` cannot resign or offer a draw now, if it cannot.
pub fn flow_refusal(game: &ActiveGame, hold: &GameHold) -> Option<String> {
    if let Some(outcome) = game.record.outcome() {
        return Some(format!("The game is already over: {}.", outcome.describe()));
    }
    if game.origin != super::state::GameOrigin::Player {
        return Some("This game is not played at this machine: take it over first.".to_string());
    }
    hold.0.clone()
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

/// Applies resignations, offers and answers.
pub(crate) fn handle_game_flow(
    mut game: ResMut<ActiveGame>,
    hold: Res<GameHold>,
    mut offer: ResMut<DrawOffer>,
    mut status: ResMut<StatusLine>,
    mut resign: MessageReader<ResignRequest>,
    mut offers: MessageReader<OfferDrawRequest>,
    mut answers: MessageReader<AnswerDrawOfferRequest>,
) {
    if offer.0.is_some_and(|p| lapsed(&p, &game)) {
        offer.0 = None;
    }
    for r in resign.read() {
        if let Some(why) = flow_refusal(&game, &hold) {
            status.0 = why;
            continue;
        }
        let outcome = Outcome::Win {
            winner: r.side.other(),
            reason: WinReason::Resignation,
        };
        game.record.declare(outcome);
        offer.0 = None;
        status.0 = format!("{} resigns. {}.", r.side.title(), outcome.describe());
    }
    for o in offers.read() {
        if let Some(why) = flow_refusal(&game, &hold) {
            status.0 = why;
            continue;
        }
        if offer.0.is_some_and(|p| p.by == o.side.other()) {
            // Offering back what was offered is accepting it.
            accept(&mut game, &mut offer, &mut status);
            continue;
        }
        let len = game.record.len();
        let lapses_after = if game.is_simultaneous() || game.record.current().turn() != o.side {
            // The other side's next move (or the next turn) answers it.
            len
        } else {
            // The offering side still moves first; the reply after that answers it.
            len + 1
        };
        offer.0 = Some(PendingOffer {
            by: o.side,
            game: game.id,
            made_at: len,
            lapses_after,
        });
        status.0 = format!("{} offers a draw.", o.side.title());
    }
    for a in answers.read() {
        let Some(p) = offer.0 else {
            status.0 = "There is no draw offer to answer.".to_string();
            continue;
        };
        if a.0 {
            accept(&mut game, &mut offer, &mut status);
        } else {
            offer.0 = None;
            status.0 = format!("{} declines the draw.", p.to().title());
        }
    }
}

fn accept(game: &mut ActiveGame, offer: &mut DrawOffer, status: &mut StatusLine) {
    let outcome = Outcome::Draw {
        reason: DrawReason::Agreement,
    };
    game.record.declare(outcome);
    offer.0 = None;
    status.0 = format!("{}.", outcome.describe());
}
