//! Messages of the game pipeline. Requests are imperatives (`*Request`), reports are past
//! tense (STYLE.md §3). Every move source — mouse, keyboard, bot, script, redo — sends the
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
}

/// The rules resolved a move (or a Parity turn); the stage sets apply these effects.
#[derive(Message, Debug, Clone, PartialEq, Eq)]
pub struct MoveResolved {
    /// The effects in rules order.
    pub effects: Vec<Effect>,
}

/// How a piece entity moves in one stage, for the animation.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Motion {
    /// Ordinary movement from → to.
    Slide {
        /// From.
        from: Square,
        /// To.
        to: Square,
    },
    /// Vanish on `from`, reappear on `to` with a trail.
    Teleport {
        /// Exoteric square.
        from: Square,
        /// Esoteric square.
        to: Square,
    },
    /// The piece on `at` fades out (captured).
    Vanish {
        /// Where it stood.
        at: Square,
    },
    /// The piece on `at` stays but is marked (Intrachange pass-through, promotion).
    Pulse {
        /// Where it stands.
        at: Square,
    },
}

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
