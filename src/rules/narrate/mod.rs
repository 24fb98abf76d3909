//! The narrator: the one place where the rules' facts become words. It turns the
//! [`Effect`](super::Effect)s of a move and the [`Fact`](super::Fact)s a variant notices
//! ([`effects`]), a [`Refusal`](super::Refusal) ([`refusal`]), a Parity turn
//! ([`turn_line`], [`turn_announcements`]), an effect for the command line ([`effect_line`])
//! and the state of the game ([`status_line`], [`side_to_move`]) into sentences, and a
//! lesson step's goal and why a move missed it ([`goal`], [`goal_miss`]). It reads
//! typed data only and decides nothing: every fact comes from the rules.
//!
//! Two audiences for refusals: [`Audience::Cli`] is the wording scripts and tests rely on
//! (`apply`'s error line, `Display` of a refusal), citing the rules file where the variant has
//! one, e.g. `(rules/force-field.md §3)`; [`Audience::Player`] names the rule in words and the
//! rules card section instead, e.g. `(Force Field rule §3: fields block enemy moves)`.
//!
//! Callers: the demo's captions and the game's status line ([`effects`], [`status_line`]),
//! the move list ([`turn_line`]), the command line (`explain`, `apply`, `scene`).
//! Determinism: the output depends only on the arguments; narrations come in the order of
//! the effects they tell (the rules order).

mod effects;
mod game;
mod goal;
mod refusal;

pub use effects::{blocked_move, effects, entry};
pub use game::{effect_line, outcome, side_to_move, status_line, turn_announcements, turn_line};
pub use goal::{goal, goal_miss};
pub use refusal::{player_citation, refusal, refusal_sentence};

use std::fmt;

/// Who reads the words.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Audience {
    /// The command line and logs: the stable wording, with the rules file cited
    /// (`rules/force-field.md §3`).
    Cli,
    /// The player in the game's status line: the rule in words and its rules card section.
    Player,
}

/// What a narration tells; the game may pick a colour or icon per kind.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum NarrationKind {
    /// Intrachange: a piece was transferred from its exoteric to its esoteric square.
    Teleport,
    /// Intrachange: a teleporting piece passed through an enemy piece, which survives.
    PassThrough,
    /// Intrachange: a capture on the esoteric square.
    EsotericCapture,
    /// Intrachange: a pawn stepped onto its 7th rank and went back to its 1st rank.
    PawnReturn,
    /// Intrachange: the pawn exception (a diagonal capture onto the 7th rank).
    PawnException,
    /// A King was captured (Intrachange, Parity ruling P-4); the game ends.
    KingCaptured,
    /// Force Field: a move of the side to move that a field forbids ([`blocked_move`]).
    FieldBlocked,
    /// Force Field: a piece lines up on a King, but a field cuts the line: no check.
    CheckNeutralised,
    /// Force Field: empty squares changed hands (one side's control became the other's).
    ControlFlipped,
    /// Parity: two enemy pieces landed on one square.
    SharedSquare,
    /// Parity: a capture found its target gone.
    FailedCapture,
    /// Parity: a capture (announced, as every Parity capture is simultaneous).
    Capture,
    /// A King is in check (classic, or Parity's immediate or delayed check).
    Check,
    /// Parity: a check intended on the start-of-turn board was defeated by the other move.
    FailedCheck,
    /// Parity: a pawn stepped off a square it shared with an enemy pawn.
    PawnPasses,
    /// Big Outer: a Matriarch, Jumper or outer Knight changed zone, so its move changed.
    ZoneChange,
    /// Big Outer: a move into or out of a corner square.
    CornerMove,
    /// Big Outer: a pawn's first move of 3 or 4 squares.
    LongPawnMove,
    /// Bully: a capture of equal or lower value.
    BullyCapture,
    /// A pawn promoted.
    Promotion,
    /// Castling.
    Castling,
    /// En passant.
    EnPassant,
    /// The game ended (checkmate, stalemate, King capture, a draw).
    GameOver,
    /// A scripted scene's own words for its move (the scene file's caption).
    Scripted,
}

/// One narration: its kind and one sentence, without a final full stop.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Narration {
    /// What it tells.
    pub kind: NarrationKind,
    /// The sentence, without a final full stop.
    pub text: String,
}

impl Narration {
    fn new(kind: NarrationKind, text: String) -> Narration {
        Narration { kind, text }
    }
}

impl fmt::Display for Narration {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.text)
    }
}

/// A charge written with its sign: `+3`, `−3` (U+2212), `0`.
///
/// # Examples
/// ```
/// assert_eq!(esoterica::rules::narrate::signed(-3), "\u{2212}3");
/// assert_eq!(esoterica::rules::narrate::signed(2), "+2");
/// ```
pub fn signed(charge: i32) -> String {
    match charge.signum() {
        1 => format!("+{charge}"),
        -1 => format!("\u{2212}{}", charge.unsigned_abs()),
        _ => "0".to_string(),
    }
}

/// `n` and the noun for it: `count(1, "move")` is `1 move`, `count(3, "move")` is
/// `3 moves` (the plural adds an `s`).
pub fn count(n: usize, noun: &str) -> String {
    if n == 1 {
        format!("1 {noun}")
    } else {
        format!("{n} {noun}s")
    }
}

#[cfg(test)]
mod count_tests {
    #[test]
    fn one_is_singular_and_every_other_count_plural() {
        assert_eq!(super::count(1, "move"), "1 move");
        assert_eq!(super::count(0, "move"), "0 moves");
        assert_eq!(super::count(2, "square"), "2 squares");
    }
}
