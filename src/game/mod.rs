//! The ECS model of a game, headless: one entity per square and per piece, the authoritative
//! [`GameRecord`](crate::rules::GameRecord) in [`ActiveGame`], and the ordered resolution
//! pipeline ([`AppSystems`] `Input → Decide → Resolve → Sync → Present`;
//! inside Resolve [`TeleportSystems`](crate::TeleportSystems) or
//! [`SimultaneousSystems`](crate::SimultaneousSystems)). No rendering, no egui: tests run it
//! with `MinimalPlugins`.

pub mod charges;
pub mod clock;
pub mod commits;
pub mod components;
pub mod flow;
pub mod messages;
pub mod notice;
pub mod persist_glue;
pub mod premove;
pub mod replace;
pub mod resolve;
pub mod seats;
pub mod session;
pub mod state;
pub mod sync;
pub mod typed;
pub mod watch;

use bevy::prelude::*;

/// A Parity turn for the move list, in the narrator's words ([`narrate::turn_line`]).
///
/// [`narrate::turn_line`]: crate::rules::narrate::turn_line
pub use crate::rules::narrate::turn_line;
pub use charges::{ChargeContribution, SquareCharge, check_charges_match_position};
pub use commits::{
    CommitError, CommitRecorded, CommitTakenBack, ParityCommits, SideMoveRequest,
    TakeBackCommitRequest,
};
pub use components::{
    BoardSquare, Captured, HeldForPresentation, HexagramNumber, OnSquare, PieceEntity, SquareShade,
    hexagram_number,
};
pub use flow::{
    AdjudicateRequest, AnswerDrawOfferRequest, DrawOffer, OfferDrawRequest, PendingOffer,
    RematchRequest, ResignRequest,
};
pub use messages::{
    Motion, MotionStep, MoveAccepted, MoveRejected, MoveResolved, MoveSource, NewGameRequest,
    PositionShown, RedoRequest, ResyncRequest, ReviewRequest, SquareCaption, SquareCaptionKind,
    StageAnimationRequested, SubmitMoveRequest, TurnCaptions, UndoRequest,
};
pub use notice::{Notice, commit_status, turn_text};
pub use seats::{Seats, SetSeatRequest};
pub use session::{
    AppMode, FairyPiecesOnBoard, FieldsOnBoard, GamePhase, HoldReason, HoldRequest, Holds,
    LearnRequest, LearnerSide, OnBoard, TeleportsOnBoard, TurnModelState, ZonesOnBoard,
};
pub use state::{
    ActiveGame, AutomatedSides, GameOrigin, PendingMoves, RecentSlot, ResolutionSet, StageLog,
    StageLogEntry, StatusLine,
};
pub use sync::{WorldMismatch, check_world_matches_position, pieces_match_position};

use crate::AppSystems;

/// The headless game logic: resources, messages, the states of the session
/// ([`session`]), the set order and the pipeline. Insert an [`ActiveGame`] (and a
/// [`StartMode`](session::StartMode), [`Seats`]) before adding it to start from a chosen
/// position, mode and players (default: standard chess, play, both seats human).
pub struct GamePlugin;

impl Plugin for GamePlugin {
    fn build(&self, app: &mut App) {
        crate::sets::configure(app);
        if !app.world().contains_resource::<ActiveGame>() {
            app.init_resource::<ActiveGame>();
        }
        app.init_resource::<RecentSlot>()
            .init_resource::<StageLog>()
            .init_resource::<PendingMoves>()
            .init_resource::<AutomatedSides>()
            .add_message::<SubmitMoveRequest>()
            .add_message::<NewGameRequest>()
            .add_message::<UndoRequest>()
            .add_message::<RedoRequest>()
            .add_message::<ReviewRequest>()
            .add_message::<ResyncRequest>()
            .add_message::<MoveAccepted>()
            .add_message::<MoveRejected>()
            .add_message::<MoveResolved>()
            .add_message::<StageAnimationRequested>()
            .add_message::<TurnCaptions>()
            .add_message::<messages::PositionShown>()
            .add_systems(Startup, request_initial_sync)
            .add_systems(
                Update,
                (
                    sync::sync_board,
                    sync::despawn_released_captures,
                    charges::rebuild_charges,
                    clock::run_clock,
                    flow::withdraw_lapsed_offer,
                    session::follow_board,
                )
                    .chain()
                    .in_set(AppSystems::Sync),
            )
            .add_plugins((
                notice::plugin,
                session::plugin,
                seats::plugin,
                resolve::plugin,
                persist_glue::plugin,
                replace::plugin,
                clock::plugin,
                flow::plugin,
                typed::plugin,
                premove::plugin,
                watch::plugin,
            ));
    }
}

fn request_initial_sync(
    mut resync: MessageWriter<ResyncRequest>,
    mut notices: MessageWriter<Notice>,
) {
    notices.write(Notice::Started);
    resync.write(ResyncRequest);
}
