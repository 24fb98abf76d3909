//! How a game ends.

use super::piece::Color;

/// Why a side won.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum WinReason {
    /// The loser is in check with no legal move (Parity: immediate check, no King move).
    Checkmate,
    /// The loser's King was captured (Intrachange; Parity ruling P-4).
    KingCaptured,
    /// Parity: the loser had no legal move (stalemate counts as checkmate, rule 6).
    Stalemate,
    /// Single Occupation: the loser could not move its piece out of a shared square.
    CannotLeaveSharedSquare,
    /// The loser's bot failed (illegal move, garbage, timeout, crash) and forfeited.
    Forfeit,
    /// The loser's clock ran out, and the winner had mating material.
    Timeout,
    /// The loser resigned.
    Resignation,
}

/// Why a game was drawn.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum DrawReason {
    /// The side to move has no legal move and is not in check (or, in Intrachange, simply
    /// has no legal move).
    Stalemate,
    /// 50 moves (100 plies; Parity: 50 turns) without a pawn move or capture.
    FiftyMoves,
    /// The same position arose three times.
    Repetition,
    /// Neither side can mate.
    InsufficientMaterial,
    /// Parity: both sides checkmated or stalemated at once, or both Kings captured.
    Simultaneous,
    /// Both players agreed.
    Agreement,
    /// A clock ran out, but the other side had no mating material in this variant.
    TimeoutVsInsufficientMaterial,
    /// Both clocks ran out at the same moment (Parity, `docs/rules/clocks.md` C-4).
    BothTimedOut,
    /// Adjudicated by the host: the game reached the ply cap of a headless match or of the
    /// demo (no rule of the variant ended it).
    PlyCap,
}

/// The result of a finished game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Outcome {
    /// One side won.
    Win {
        /// The winner.
        winner: Color,
        /// Why.
        reason: WinReason,
    },
    /// Nobody won.
    Draw {
        /// Why.
        reason: DrawReason,
    },
}

impl Outcome {
    /// The winner, if any.
    pub fn winner(&self) -> Option<Color> {
        match self {
            Outcome::Win { winner, .. } => Some(*winner),
            Outcome::Draw { .. } => None,
        }
    }

    /// PGN result token: `1-0`, `0-1` or `1/2-1/2`.
    pub fn result_token(&self) -> &'static str {
        match self.winner() {
            Some(Color::White) => "1-0",
            Some(Color::Black) => "0-1",
            None => "1/2-1/2",
        }
    }

    /// Points for `side`: 1, ½ or 0.
    pub fn score_for(&self, side: Color) -> f64 {
        match self.winner() {
            Some(w) if w == side => 1.0,
            Some(_) => 0.0,
            None => 0.5,
        }
    }
}
