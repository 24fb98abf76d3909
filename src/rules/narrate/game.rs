//! The game in words: one effect as a command-line line, the result, a Parity turn for the
//! move list, and the status line after a move.

use super::effects;
use crate::rules::geometry::{BoardShape, Square};
use crate::rules::moves::{CheckKind, Effect, Move};
use crate::rules::outcome::{DrawReason, Outcome, WinReason};
use crate::rules::piece::Color;
use crate::rules::position::Position;
use crate::rules::record::GameRecord;
use crate::rules::variant::TurnModel;
use crate::rules::variants;
use std::fmt;

impl Effect {
    /// One line of text for `esoterica apply` and logs, with square names of `shape`
    /// (the narrator's [`effect_line`]).
    pub fn describe(&self, shape: BoardShape) -> String {
        effect_line(self, shape)
    }
}

impl Outcome {
    /// A short human sentence: "White wins by checkmate" (the narrator's [`outcome`]).
    pub fn describe(&self) -> String {
        outcome(self)
    }
}

impl fmt::Display for Outcome {
    /// The result token and the sentence: `1-0 (White wins by checkmate)`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} ({})", self.result_token(), self.describe())
    }
}

/// One effect as a line for `esoterica apply` and logs, with the square names of `shape`:
/// `step White Pawn e2 e4`, `capture Black Knight f6`, `check black`.
///
/// # Examples
/// ```
/// use esoterica::rules::{BoardShape, Effect, Color, narrate};
/// let e = Effect::Check { side: Color::Black, kind: esoterica::rules::CheckKind::Classic };
/// assert_eq!(narrate::effect_line(&e, BoardShape::Standard), "check black");
/// ```
pub fn effect_line(effect: &Effect, shape: BoardShape) -> String {
    let n = |s: &Square| shape.name(*s);
    match effect {
        Effect::Step { piece, from, to } => format!("step {piece} {} {}", n(from), n(to)),
        Effect::Teleport { piece, from, to } => {
            format!("teleport {piece} {} {}", n(from), n(to))
        }
        Effect::PassThrough { piece, at } => format!("pass-through {piece} {}", n(at)),
        Effect::Capture { piece, at } => format!("capture {piece} {}", n(at)),
        Effect::FailedCapture { by, at } => format!("failed-capture {by} {}", n(at)),
        Effect::Shared { at } => format!("shared {}", n(at)),
        Effect::PawnPasses { piece, from } => format!("pawn-passes {piece} {}", n(from)),
        Effect::Promote { at, piece } => format!("promote {piece} {}", n(at)),
        Effect::Check { side, kind } => {
            let k = match kind {
                CheckKind::Classic => "check",
                CheckKind::Immediate => "immediate-check",
                CheckKind::Delayed => "delayed-check",
            };
            format!("{k} {}", side.name())
        }
        Effect::FailedCheck { by } => format!("failed-check {}", by.name()),
        Effect::ChargesChanged => "charges".to_string(),
        Effect::GameOver(o) => format!("game-over {o}"),
    }
}

/// The result as a short sentence: "White wins by checkmate", "Draw by stalemate".
///
/// # Examples
/// ```
/// use esoterica::rules::{Color, Outcome, WinReason, narrate};
/// let o = Outcome::Win { winner: Color::White, reason: WinReason::Checkmate };
/// assert_eq!(narrate::outcome(&o), "White wins by checkmate");
/// ```
pub fn outcome(outcome: &Outcome) -> String {
    match outcome {
        Outcome::Win { winner, reason } => {
            let why = match reason {
                WinReason::Checkmate => "checkmate",
                WinReason::KingCaptured => "capturing the King",
                WinReason::Stalemate => "stalemate (no legal move loses)",
                WinReason::CannotLeaveSharedSquare => {
                    "the opponent being unable to leave a shared square"
                }
                WinReason::Forfeit => "forfeit",
                WinReason::Timeout => "time (the opponent's clock ran out)",
                WinReason::Resignation => "resignation",
            };
            format!("{winner} wins by {why}")
        }
        Outcome::Draw { reason } => {
            let why = match reason {
                DrawReason::Stalemate => "stalemate",
                DrawReason::FiftyMoves => "the 50-move rule",
                DrawReason::Repetition => "threefold repetition",
                DrawReason::InsufficientMaterial => "insufficient material",
                DrawReason::Simultaneous => "simultaneous mate, stalemate or King capture",
                DrawReason::Agreement => "agreement",
                DrawReason::PlyCap => "adjudication (ply cap)",
                DrawReason::TimeoutVsInsufficientMaterial => {
                    "time out against insufficient mating material"
                }
                DrawReason::BothTimedOut => "both clocks running out at once",
            };
            format!("Draw by {why}")
        }
    }
}

/// The announcements of a resolved Parity turn (`rules/parity.md §7`), short, in rules
/// order: shared squares, captures and failed captures, delayed and immediate checks,
/// failed checks, promotions, pawns passing, the game end. For the move list; the status
/// line tells the same facts in full ([`status_line`]), so it needs none of these.
///
/// # Examples
/// ```
/// use esoterica::rules::{Position, Variant, narrate};
/// let mut p = Position::from_text(Variant::Parity, "4k3/8/8/7r/8/8/8/R3K3 w - - 0 1 -/-").unwrap();
/// let sq = |n| p.shape().parse_square(n).unwrap();
/// let fx = p
///     .resolve(
///         &esoterica::rules::Move::new(sq("a1"), sq("a5")),
///         &esoterica::rules::Move::new(sq("h5"), sq("a5")),
///     )
///     .unwrap();
/// assert_eq!(narrate::turn_announcements(p.shape(), &fx), ["shared square a5"]);
/// ```
pub fn turn_announcements(shape: BoardShape, effects: &[Effect]) -> Vec<String> {
    let n = |s: &Square| shape.name(*s);
    effects
        .iter()
        .filter_map(|fx| match fx {
            Effect::Shared { at } => Some(format!("shared square {}", n(at))),
            Effect::Capture { piece, at } => Some(format!(
                "{} {} captured on {}",
                piece.color.title(),
                piece.kind.name(),
                n(at)
            )),
            Effect::FailedCapture { by, at } => Some(format!(
                "{}'s capture on {} failed (target gone)",
                by.color.title(),
                n(at)
            )),
            Effect::Check { side, kind } => Some(match kind {
                CheckKind::Delayed => format!("delayed check to {}", side.title()),
                CheckKind::Immediate => format!("immediate check to {}", side.title()),
                CheckKind::Classic => format!("check to {}", side.title()),
            }),
            Effect::FailedCheck { by } => Some(format!("{}'s check failed", by.title())),
            Effect::Promote { at, piece } => {
                Some(format!("promotion to {} on {}", piece.kind.name(), n(at)))
            }
            Effect::PawnPasses { piece, from } => Some(format!(
                "{} pawn passes on {}",
                piece.color.title(),
                n(from)
            )),
            Effect::GameOver(o) => Some(outcome(o)),
            Effect::Step { .. }
            | Effect::Teleport { .. }
            | Effect::PassThrough { .. }
            | Effect::ChargesChanged => None,
        })
        .collect()
}

/// A Parity turn for the move list: `WHITE/BLACK` in each side's commit notation
/// ([`move_text`](crate::rules::variants::move_text) on the start-of-turn position
/// `before`), then the turn's announcements after ` — `, found by resolving the turn on a
/// copy.
///
/// # Examples
/// ```
/// use esoterica::rules::{Position, Variant, narrate};
/// let p = Position::new(Variant::Parity);
/// let sq = |n| p.shape().parse_square(n).unwrap();
/// let (w, b) = (
///     esoterica::rules::Move::new(sq("e2"), sq("e4")),
///     esoterica::rules::Move::new(sq("e7"), sq("e5")),
/// );
/// assert_eq!(narrate::turn_line(&p, &w, &b), "e4/e5");
/// ```
pub fn turn_line(before: &Position, white: &Move, black: &Move) -> String {
    let mut as_black = before.clone();
    as_black.set_turn(Color::Black);
    let mut line = format!(
        "{}/{}",
        variants::move_text(before, white),
        variants::move_text(&as_black, black)
    );
    let mut copy = before.clone();
    if let Ok(fx) = copy.resolve(white, black) {
        let notes = turn_announcements(before.shape(), &fx);
        if !notes.is_empty() {
            line.push_str(" — ");
            line.push_str(&notes.join("; "));
        }
    }
    line
}

/// Whose turn it is, or the result, as a sentence: `Game over: White wins by checkmate.`,
/// `White to commit a move.` (simultaneous turns), `Black to move — check!`,
/// `White to move.`. `checked` says whether the side to move is in check (from the
/// effects of the move just played, or [`Position::in_check`]).
///
/// # Examples
/// ```
/// use esoterica::rules::{Position, Variant, narrate};
/// let p = Position::new(Variant::Standard);
/// assert_eq!(narrate::side_to_move(&p, None, false), "White to move.");
/// ```
pub fn side_to_move(pos: &Position, result: Option<&Outcome>, checked: bool) -> String {
    if let Some(o) = result {
        return format!("Game over: {}.", outcome(o));
    }
    if pos.variant().turn_model() == TurnModel::Simultaneous {
        return "White to commit a move.".to_string();
    }
    let side = pos.turn();
    if checked {
        format!("{} to move — check!", side.title())
    } else {
        format!("{} to move.", side.title())
    }
}

/// The status line after the last entry of `record`, whose effects were `effects`: the
/// narrations of the entry ([`effects`](super::effects)), each ending in `. `, then whose
/// turn it is or the result ([`side_to_move`]; check is read from the effects). Every fact
/// is told once: a Parity capture, shared square or check appears in one narration only,
/// and the result only at the end.
///
/// # Examples
/// ```
/// use esoterica::rules::{GameRecord, Position, Variant, narrate};
/// let mut game = GameRecord::new(Position::new(Variant::Standard));
/// let mv = game.current().parse_move("e2e4").unwrap();
/// let fx = game.play(&mv).unwrap();
/// assert_eq!(narrate::status_line(&game, &fx), "Black to move.");
/// ```
pub fn status_line(record: &GameRecord, effects: &[Effect]) -> String {
    let mut text = String::new();
    let n = record.len();
    if let (Some(entry), Some(before)) = (
        record.entries().last(),
        n.checked_sub(1).and_then(|i| record.position_after(i)),
    ) {
        // The result is told once, by `side_to_move`.
        for c in effects::effects(before, Some(record.current()), entry, effects)
            .into_iter()
            .filter(|c| c.kind != super::NarrationKind::GameOver)
        {
            text.push_str(c.text.trim_end_matches('.'));
            text.push_str(". ");
        }
    }
    let pos = record.current();
    let side = pos.turn();
    let checked = effects
        .iter()
        .any(|e| matches!(e, Effect::Check { side: s, .. } if *s == side));
    text.push_str(&side_to_move(pos, record.outcome().as_ref(), checked));
    text
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::variant::Variant;

    /// A Parity capture is stated once in the status line: by the narration of the turn,
    /// not again by the short announcements (which belong to the move list).
    #[test]
    fn a_parity_capture_is_stated_once_in_the_status_line() {
        for variant in Variant::ALL
            .into_iter()
            .filter(|v| v.turn_model() == TurnModel::Simultaneous)
        {
            let start =
                Position::from_text(variant, "4k3/p7/8/3p4/8/8/8/3RK3 w - - 0 1 -/-").unwrap();
            let mut game = GameRecord::new(start);
            let shape = game.current().shape();
            let sq = |n| shape.parse_square(n).unwrap();
            let fx = game
                .play_turn(
                    &Move::new(sq("d1"), sq("d5")),
                    &Move::new(sq("e8"), sq("f7")),
                )
                .unwrap();
            let status = status_line(&game, &fx);
            assert_eq!(
                status, "The White Rook captured the Black Pawn on d5. White to commit a move.",
                "{variant}"
            );
            assert_eq!(status.matches("captured").count(), 1);
            assert_eq!(
                turn_line(
                    game.position_after(0).unwrap(),
                    &Move::new(sq("d1"), sq("d5")),
                    &Move::new(sq("e8"), sq("f7"))
                ),
                "Rxd5/Kf7 — Black Pawn captured on d5"
            );
        }
    }
}
