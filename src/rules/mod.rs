//! The rules core: plain Rust, no Bevy (CI greps for it). The single source of truth for
//! every variant: geometry, pieces, positions, legal moves, resolution effects, outcomes,
//! notation and perft. Deterministic: no clock, no global RNG, stable move order.

pub mod board;
pub mod classic;
pub mod clock;
pub mod geometry;
pub mod goal;
pub mod moves;
pub mod narrate;
pub mod notation;
pub mod outcome;
pub mod perft;
pub mod piece;
pub mod position;
pub mod preview;
pub mod record;
pub mod refusal;
pub mod setup;
pub mod variant;
pub mod variants;

pub use board::Board;
pub use geometry::{BoardShape, Direction, Square, Zone};
pub use moves::{CheckKind, Effect, Fact, Move, Special, Stage};
pub use outcome::{DrawReason, Outcome, WinReason};
pub use piece::{Color, Piece, PieceKind};
pub use position::{GameOptions, Position, Wing};
pub use record::{Entry, GameRecord};
pub use refusal::{IllegalMove, MoveError, Reason, Refusal, RuleRef};
pub use variant::{TurnModel, Variant};
pub use variants::VariantRules;

/// The Intrachange chart, under its former path (it lives in `variants/intrachange/`).
pub use variants::intrachange::chart as intrachange_chart;
