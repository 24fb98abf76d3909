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
pub mod persist_glue;
pub mod premove;
pub mod replace;
pub mod resolve;
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
    CommitError, CommitRecorded, CommitTakenBack, ParityCommits, SubmitCommitRequest,
    TakeBackCommitRequest,
};
pub use components::{
    BoardSquare, Captured, HeldForPresentation, HexagramNumber, OnSquare, PieceEntity, SquareShade,
    hexagram_number,
};
pub use flow::{AnswerDrawOfferRequest, DrawOffer, OfferDrawRequest, PendingOffer, ResignRequest};
pub use messages::{
    Motion, MotionStep, MoveAccepted, MoveRejected, MoveResolved, MoveSource, NewGameRequest,
    RedoRequest, ResyncRequest, ReviewRequest, StageAnimationRequested, SubmitMoveRequest,
    UndoRequest,
};
pub use resolve::simultaneous::commit_status;
pub use resolve::turn_text;
pub use state::{
    ActiveGame, AutomatedSides, GameHold, GameOrigin, PendingMoves, RecentSlot, ResolutionSet,
    StageLog, StageLogEntry, StatusLine,
};
pub use sync::{WorldMismatch, check_world_matches_position, pieces_match_position};

use crate::AppSystems;
use crate::rules::TurnModel;

/// The headless game logic: resources, messages, the set order and the pipeline. Insert an
/// [`ActiveGame`] before adding it to start from a chosen position (default: standard chess).
pub struct GamePlugin;

impl Plugin for GamePlugin {
    fn build(&self, app: &mut App) {
        crate::sets::configure(app);
        if !app.world().contains_resource::<ActiveGame>() {
            app.init_resource::<ActiveGame>();
        }
        app.init_resource::<StatusLine>()
            .init_resource::<GameHold>()
            .init_resource::<RecentSlot>()
            .init_resource::<StageLog>()
            .init_resource::<PendingMoves>()
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
            .add_systems(Startup, request_initial_sync)
            .add_systems(
                Update,
                (sync::sync_board, sync::despawn_released_captures)
                    .chain()
                    .in_set(AppSystems::Sync),
            )
            .add_plugins((
                resolve::plugin,
                charges::plugin,
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
    game: Res<ActiveGame>,
    mut status: ResMut<StatusLine>,
) {
    status.0 = turn_text(&game);
    resync.write(ResyncRequest);
}

/// Run condition: the active variant has the capability `cap` (e.g.
/// [`Variant::has_fields`](crate::rules::Variant::has_fields)): a variant's own systems run
/// only while a game of such a variant is on the board.
pub fn variant_has(
    cap: fn(crate::rules::Variant) -> bool,
) -> impl FnMut(Option<Res<ActiveGame>>) -> bool + Clone {
    move |game: Option<Res<ActiveGame>>| game.is_some_and(|g| cap(g.variant()))
}

/// Run condition: the active variant moves simultaneously (Parity).
pub fn is_simultaneous(game: Option<Res<ActiveGame>>) -> bool {
    game.is_some_and(|g| g.variant().turn_model() == TurnModel::Simultaneous)
}
