//! Names of the rules' values in Python: variants, sides, piece kinds, squares, outcomes.
//!
//! Variants are their command-line names (`"standard"`, `"big-outer"`, …; PGN titles are
//! accepted too), sides `"white"`/`"black"`, piece kinds lower-case English names
//! (`"pawn"`, `"outer-knight"`), squares integers in the rules' indexing (`rank * files +
//! file`, a1 = 0; the Big Outer corners C1–C4 are 144–147) or names (`"e4"`, `"C1"`).

use esoterica::rules::{
    BoardShape, Color, DrawReason, Outcome, PieceKind, Square, Variant, WinReason,
};
use pyo3::prelude::*;

use crate::errors::name_err;

/// Reads a variant name.
pub fn variant(text: &str) -> PyResult<Variant> {
    Variant::parse(text).map_err(|e| name_err(e.to_string()))
}

/// Reads a side name (`white`, `w`, `black`, `b`).
pub fn color(text: &str) -> PyResult<Color> {
    Color::parse(text)
        .ok_or_else(|| name_err(format!("unknown side '{text}' (expected white or black)")))
}

/// Every piece kind, in the order of their Python names.
pub const KINDS: [PieceKind; 10] = PieceKind::ALL;

/// The Python name of a kind.
pub fn kind_name(kind: PieceKind) -> &'static str {
    match kind {
        PieceKind::Pawn => "pawn",
        PieceKind::Knight => "knight",
        PieceKind::Bishop => "bishop",
        PieceKind::Rook => "rook",
        PieceKind::Queen => "queen",
        PieceKind::King => "king",
        PieceKind::Guard => "guard",
        PieceKind::Matriarch => "matriarch",
        PieceKind::Jumper => "jumper",
        PieceKind::OuterKnight => "outer-knight",
    }
}

/// Reads a kind name (or its letter; `big_outer` decides what `n` means).
pub fn kind(text: &str, big_outer: bool) -> PyResult<PieceKind> {
    if let Some(k) = KINDS.into_iter().find(|k| kind_name(*k) == text) {
        return Ok(k);
    }
    let mut chars = text.chars();
    if let (Some(c), None) = (chars.next(), chars.next())
        && let Some(k) = PieceKind::from_letter(c, big_outer)
    {
        return Ok(k);
    }
    Err(name_err(format!(
        "unknown piece kind '{text}' (expected one of: {})",
        KINDS.map(kind_name).join(" ")
    )))
}

/// A square given as an index or a name, checked against the shape.
pub fn square(shape: BoardShape, value: &Bound<'_, PyAny>) -> PyResult<Square> {
    if let Ok(i) = value.extract::<i64>() {
        return if (0..shape.len() as i64).contains(&i) {
            Ok(Square(i as u8))
        } else {
            Err(name_err(format!(
                "square {i} is off the board (0–{})",
                shape.len() - 1
            )))
        };
    }
    let text: String = value.extract()?;
    shape
        .parse_square(&text)
        .map_err(|e| name_err(e.to_string()))
}

/// The Python name of a win reason.
pub fn win_reason(r: WinReason) -> &'static str {
    match r {
        WinReason::Checkmate => "checkmate",
        WinReason::KingCaptured => "king-captured",
        WinReason::Stalemate => "stalemate",
        WinReason::CannotLeaveSharedSquare => "cannot-leave-shared-square",
        WinReason::Forfeit => "forfeit",
        WinReason::Timeout => "timeout",
        WinReason::Resignation => "resignation",
    }
}

/// The Python name of a draw reason.
pub fn draw_reason(r: DrawReason) -> &'static str {
    match r {
        DrawReason::Stalemate => "stalemate",
        DrawReason::FiftyMoves => "fifty-moves",
        DrawReason::Repetition => "repetition",
        DrawReason::InsufficientMaterial => "insufficient-material",
        DrawReason::Simultaneous => "simultaneous",
        DrawReason::Agreement => "agreement",
        DrawReason::TimeoutVsInsufficientMaterial => "timeout-vs-insufficient-material",
        DrawReason::BothTimedOut => "both-timed-out",
        DrawReason::PlyCap => "ply-cap",
    }
}

/// Every win reason, in the order of their Python names.
const WIN_REASONS: [WinReason; 7] = [
    WinReason::Checkmate,
    WinReason::KingCaptured,
    WinReason::Stalemate,
    WinReason::CannotLeaveSharedSquare,
    WinReason::Forfeit,
    WinReason::Timeout,
    WinReason::Resignation,
];

/// Every draw reason, in the order of their Python names.
const DRAW_REASONS: [DrawReason; 9] = [
    DrawReason::Stalemate,
    DrawReason::FiftyMoves,
    DrawReason::Repetition,
    DrawReason::InsufficientMaterial,
    DrawReason::Simultaneous,
    DrawReason::Agreement,
    DrawReason::TimeoutVsInsufficientMaterial,
    DrawReason::BothTimedOut,
    DrawReason::PlyCap,
];

/// The outcome a winner (`None`: a draw) and a reason name stand for.
///
/// # Errors
/// `PositionError` for an unknown side or a reason that is not one of that kind of
/// result (a win reason for a draw, or the other way round).
pub fn outcome(winner: Option<&str>, reason: &str) -> PyResult<Outcome> {
    match winner {
        Some(w) => {
            let winner = color(w)?;
            WIN_REASONS
                .into_iter()
                .find(|&r| win_reason(r) == reason)
                .map(|reason| Outcome::Win { winner, reason })
                .ok_or_else(|| name_err(format!("unknown win reason '{reason}'")))
        }
        None => DRAW_REASONS
            .into_iter()
            .find(|&r| draw_reason(r) == reason)
            .map(|reason| Outcome::Draw { reason })
            .ok_or_else(|| name_err(format!("unknown draw reason '{reason}'"))),
    }
}

/// The Python name of an outcome's reason.
pub fn outcome_reason(o: &Outcome) -> &'static str {
    match o {
        Outcome::Win { reason, .. } => win_reason(*reason),
        Outcome::Draw { reason } => draw_reason(*reason),
    }
}
