//! Parity's hidden commits: the private box that holds each side's commit until both sides
//! have committed. Nothing that draws the board reads a commit from here: the only public
//! questions are *whether* a side has committed and *who* commits next. The Commit set
//! ([`SimultaneousSystems::Commit`](crate::SimultaneousSystems::Commit)) reveals both once
//! the box is full.
//!
//! # How a move source commits
//! - Hot-seat (mouse, keyboard, `--moves`): a [`SubmitMoveRequest`](super::SubmitMoveRequest);
//!   it commits for [`ParityCommits::next_to_commit`] (White first, then Black).
//! - Any other source, e.g. a bot playing one side: a [`SideMoveRequest`] naming the side
//!   (the same request plays a move in an alternating game),
//!   or, from a system that already holds `ResMut<ParityCommits>`,
//!   [`ParityCommits::submit_commit`]. A bot chooses its commit from the start-of-turn
//!   position alone; it never needs (and cannot get) the other side's commit.
//! - Taking a commit back: [`TakeBackCommitRequest`] (or [`ParityCommits::take_back`]), until
//!   the other side has committed (then the turn resolves at once).

use bevy::prelude::*;

use crate::rules::narrate::{self, Audience};
use crate::rules::refusal::{Reason, Refusal};
use crate::rules::{Color as Side, Move, PieceKind, Position};

/// Asks to play `mv` for `side`, whatever the turn model: in an alternating game it is
/// `side`'s move (queued like a [`SubmitMoveRequest`](super::SubmitMoveRequest) when
/// `side` is to move, refused otherwise); in Parity it is `side`'s hidden commit, checked
/// against the start-of-turn position's legal commits in the Commit set. A refusal comes
/// back as a [`MoveRejected`](super::MoveRejected) and a notice. Bots, typed moves and
/// replays send it.
#[derive(Message, Debug, Clone, Copy, PartialEq, Eq)]
pub struct SideMoveRequest {
    /// The side.
    pub side: Side,
    /// The move (Parity: the commit).
    pub mv: Move,
    /// Who sent it.
    pub source: super::MoveSource,
}

/// Asks to take back `side`'s commit (only possible before the other side commits).
#[derive(Message, Debug, Clone, Copy, PartialEq, Eq)]
pub struct TakeBackCommitRequest {
    /// The side whose commit is withdrawn.
    pub side: Side,
}

/// A side's commit was stored (hidden). Carries no move on purpose: the board may show
/// *that* a side committed, never *what*.
#[derive(Message, Debug, Clone, Copy, PartialEq, Eq)]
pub struct CommitRecorded {
    /// The side that committed.
    pub side: Side,
}

/// A side's commit was withdrawn.
#[derive(Message, Debug, Clone, Copy, PartialEq, Eq)]
pub struct CommitTakenBack {
    /// The side.
    pub side: Side,
}

/// Why a commit was refused.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum CommitError {
    /// The side already committed this turn (take it back first).
    AlreadyCommitted(Side),
    /// The move is not among the side's legal commits on the start-of-turn position.
    Illegal {
        /// The side.
        side: Side,
        /// The move, coordinate form.
        mv: String,
        /// Why the rules refuse it (the rest rule, a pin, a check …), worded by the
        /// narrator for the player.
        refusal: Refusal,
    },
    /// The game is over.
    GameOver,
    /// Nothing may move now (a question or dialog holds the game).
    OnHold(crate::game::session::HoldReason),
}

impl std::fmt::Display for CommitError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            CommitError::AlreadyCommitted(s) => {
                write!(f, "{} has already committed this turn", s.title())
            }
            CommitError::Illegal { side, mv, refusal } => {
                write!(
                    f,
                    "{mv} is not a legal commit for {}: {}",
                    side.title(),
                    narrate::refusal(refusal, Audience::Player)
                )
            }
            CommitError::GameOver => f.write_str("the game is over"),
            CommitError::OnHold(why) => {
                write!(f, "not now: {}", crate::game::notice::hold_words(*why))
            }
        }
    }
}

impl std::error::Error for CommitError {}

/// The commits of the turn in progress, one slot per side, kept private: the renderer and
/// the panels can ask [`has_committed`](Self::has_committed) and
/// [`next_to_commit`](Self::next_to_commit) but cannot read a move.
#[derive(Resource, Debug, Clone, Default)]
pub struct ParityCommits {
    slots: [Option<Move>; 2],
}

impl ParityCommits {
    /// Stores `side`'s commit after checking it against `pos` (the start-of-turn position).
    ///
    /// # Errors
    /// [`CommitError::AlreadyCommitted`] when `side` already committed,
    /// [`CommitError::Illegal`] when `mv` is not in `pos.legal_commits(side)`.
    pub fn submit_commit(
        &mut self,
        pos: &Position,
        side: Side,
        mv: Move,
    ) -> Result<(), CommitError> {
        if self.slots[side.index()].is_some() {
            return Err(CommitError::AlreadyCommitted(side));
        }
        if !pos.legal_commits(side).contains(&mv) {
            // The judge and the commit list agree (tested in every variant); a move by its
            // squares alone is the fallback should they ever differ.
            let refusal = pos.judge_commit(side, &mv).err().unwrap_or_else(|| {
                Refusal::new(
                    pos.variant(),
                    Reason::Movement {
                        kind: pos.kind_at(side, mv.from).unwrap_or(PieceKind::Pawn),
                        from: mv.from,
                        to: mv.to,
                    },
                )
            });
            return Err(CommitError::Illegal {
                side,
                mv: mv.coordinate(pos.shape()),
                refusal,
            });
        }
        self.slots[side.index()] = Some(mv);
        Ok(())
    }

    /// Withdraws `side`'s commit; `false` when it had none.
    pub fn take_back(&mut self, side: Side) -> bool {
        self.slots[side.index()].take().is_some()
    }

    /// Whether `side` has committed this turn.
    pub fn has_committed(&self, side: Side) -> bool {
        self.slots[side.index()].is_some()
    }

    /// Whether either side has committed.
    pub fn any(&self) -> bool {
        self.slots.iter().any(Option::is_some)
    }

    /// The side a hot-seat player commits for next: White first, then Black; `None` when both
    /// have committed.
    pub fn next_to_commit(&self) -> Option<Side> {
        [Side::White, Side::Black]
            .into_iter()
            .find(|s| !self.has_committed(*s))
    }

    /// Empties both slots (new game, undo).
    pub fn clear(&mut self) {
        self.slots = [None, None];
    }

    /// Both commits (White, Black), emptying the box, once both sides have committed.
    pub(crate) fn take_both(&mut self) -> Option<(Move, Move)> {
        match self.slots {
            [Some(w), Some(b)] => {
                self.clear();
                Some((w, b))
            }
            _ => None,
        }
    }
}
