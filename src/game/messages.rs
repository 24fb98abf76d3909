//! Messages of the game pipeline. Requests are imperatives (`*Request`), reports are past
//! tense. Every move source — mouse, keyboard, bot, script, redo — sends the
//! same [`SubmitMoveRequest`].

use bevy::prelude::*;

use crate::rules::{Effect, Move, Position, Square, Stage, Variant};

/// Where a move came from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MoveSource {
    /// A click or drag on the board.
    Mouse,
    /// A keyboard command.
    Keyboard,
    /// A bot.
    Bot,
    /// A script, a test or `--moves`.
    Script,
    /// Redo of an undone move (keeps the redo stack).
    Redo,
}

/// Asks to play a move (Parity: to commit it for the side whose commit is due).
#[derive(Message, Debug, Clone, Copy, PartialEq, Eq)]
pub struct SubmitMoveRequest {
    /// The move.
    pub mv: Move,
    /// Who sent it.
    pub source: MoveSource,
}

/// Asks for a new game.
#[derive(Message, Debug, Clone)]
pub struct NewGameRequest {
    /// The variant.
    pub variant: Variant,
    /// A start position; `None` for the variant's initial position.
    pub position: Option<Position>,
    /// Who starts it.
    pub origin: super::state::GameOrigin,
}

impl NewGameRequest {
    /// A new game of `variant` from its initial position, started by a player.
    pub fn new(variant: Variant) -> NewGameRequest {
        NewGameRequest {
            variant,
            position: None,
            origin: super::state::GameOrigin::Player,
        }
    }

    /// A new game from `position`, started by a player.
    pub fn at(position: Position) -> NewGameRequest {
        NewGameRequest {
            variant: position.variant(),
            position: Some(position),
            origin: super::state::GameOrigin::Player,
        }
    }

    /// The same request, made by `origin`.
    pub fn by(mut self, origin: super::state::GameOrigin) -> NewGameRequest {
        self.origin = origin;
        self
    }
}

/// Asks to take back the last move (it goes on the redo stack).
#[derive(Message, Debug, Clone, Copy, Default)]
pub struct UndoRequest;

/// Asks to replay the last undone move.
#[derive(Message, Debug, Clone, Copy, Default)]
pub struct RedoRequest;

/// Asks to show the position after `n` moves read-only (`None`: back to the live game).
#[derive(Message, Debug, Clone, Copy)]
pub struct ReviewRequest(pub Option<usize>);

/// Asks to rebuild all square and piece entities from the shown position (no animation).
#[derive(Message, Debug, Clone, Copy, Default)]
pub struct ResyncRequest;

/// A move request passed the checks of the Decide set and goes to the rules.
#[derive(Message, Debug, Clone, Copy, PartialEq, Eq)]
pub struct MoveAccepted {
    /// The move.
    pub mv: Move,
    /// Who sent it.
    pub source: MoveSource,
}

/// The rules refused a move; nothing changed.
#[derive(Message, Debug, Clone, PartialEq, Eq)]
pub struct MoveRejected {
    /// The move, coordinate form.
    pub mv: String,
    /// Why (the rules' reason, e.g. "it would leave the King in check").
    pub reason: String,
    /// Force Field: the squares whose fields refused it (the rules core's
    /// [`field_blockers`](crate::rules::variants::force_field::field_blockers)); empty
    /// otherwise.
    pub fields: Vec<Square>,
}

/// The rules resolved a move (or a Parity turn); the stage sets apply these effects.
#[derive(Message, Debug, Clone, PartialEq, Eq)]
pub struct MoveResolved {
    /// The effects in rules order.
    pub effects: Vec<Effect>,
}

/// The board shows another position: a move (Parity: a turn) was played
/// (`rebuilt: false`), or the entities were rebuilt from the shown position (a new game,
/// undo, review, a load: `rebuilt: true`). What the board drew for the old position
/// (a selection, a refused move's frame) goes.
#[derive(Message, Debug, Clone, Copy, PartialEq, Eq)]
pub struct PositionShown {
    /// Whether the entities were rebuilt (no motions lead to the new position).
    pub rebuilt: bool,
}

/// How a piece entity moves in one stage: worked out once by the game from the rules'
/// effects of the move (a shared landing from `Effect::Shared`, a bounce from
/// `Effect::FailedCapture`, the taker of a capture from its step); the board only plays it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Motion {
    /// Ordinary movement from → to.
    Slide {
        /// From.
        from: Square,
        /// To.
        to: Square,
    },
    /// A slide onto a square the piece will share with an enemy piece (Parity): both land
    /// together, meet in its middle and stand side by side.
    Share {
        /// From.
        from: Square,
        /// The shared square.
        to: Square,
    },
    /// A slide onto a square whose capture failed (Parity: the target had gone): the piece
    /// lands with a bounce.
    Bounce {
        /// From.
        from: Square,
        /// Where it lands.
        to: Square,
    },
    /// Vanish on `from`, reappear on `to` with a trail.
    Teleport {
        /// Exoteric square.
        from: Square,
        /// Esoteric square.
        to: Square,
    },
    /// The piece on `at` is captured: knocked off the board away from the square its taker
    /// came from (`by`, when a piece arrived there), and faded.
    Capture {
        /// Where it stood.
        at: Square,
        /// Where the taker came from.
        by: Option<Square>,
    },
    /// The piece on `at` stays but is marked (Intrachange pass-through, promotion).
    Pulse {
        /// Where it stands.
        at: Square,
    },
}

impl Motion {
    /// The squares a travelling motion goes from and to (slides, shared landings, bounces,
    /// teleports).
    pub fn travel(&self) -> Option<(Square, Square)> {
        match *self {
            Motion::Slide { from, to }
            | Motion::Share { from, to }
            | Motion::Bounce { from, to }
            | Motion::Teleport { from, to } => Some((from, to)),
            Motion::Capture { .. } | Motion::Pulse { .. } => None,
        }
    }
}

/// A short label over a square for an event of a Parity turn (a shared square, a failed
/// capture, a check), in the narrator's words.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SquareCaption {
    /// The square it stands over (for a check, the King's).
    pub at: Square,
    /// The words.
    pub text: String,
    /// What kind of event it tells.
    pub kind: SquareCaptionKind,
}

/// What a [`SquareCaption`] tells (the board colours it by kind).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum SquareCaptionKind {
    /// Two pieces share the square.
    Shared,
    /// A capture failed there.
    FailedCapture,
    /// A King is in check.
    Check,
}

/// The captions of the turn just resolved (Parity), for the board to show once the landings
/// have played.
#[derive(Message, Debug, Clone, PartialEq, Eq)]
pub struct TurnCaptions(pub Vec<SquareCaption>);

/// One entity's motion in a stage.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct MotionStep {
    /// The piece entity.
    pub entity: Entity,
    /// How it moves.
    pub motion: Motion,
}

/// A stage set applied its effects; the renderer animates these steps after the previous
/// stage's animation ends.
#[derive(Message, Debug, Clone, PartialEq, Eq)]
pub struct StageAnimationRequested {
    /// The stage.
    pub stage: Stage,
    /// The motions, played together.
    pub steps: Vec<MotionStep>,
}
