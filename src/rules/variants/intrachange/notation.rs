//! The Intrachange move notation (`rules/intrachange.md §6`, `docs/intrachange-notation.md`):
//! `Nb1-c3`, `e2-e4~e6`, `Qd1-a4~f4x`, `e6xf7~f1x#`, written and read back.

use super::{judge, resolution};
use crate::rules::moves::Move;
use crate::rules::notation::san;
use crate::rules::piece::PieceKind;
use crate::rules::position::{IllegalMove, MoveError, Position};
use crate::rules::refusal::{Reason, Refusal};

/// The Intrachange move text (`docs/intrachange-notation.md`): piece letter (none for a
/// pawn), origin, `-` or `x` (the piece on X is captured), the exoteric square; then, when
/// the move triggers, `~` and the esoteric square, with `x` if a piece is captured there;
/// `#` when a King is captured. Examples: `Nb1-c3`, `e2-e4~e6`, `Qd1-a4~f4x`,
/// `e6xf7~f1x#`. Falls back to coordinate form when `from` holds no piece of the side to
/// move.
pub(super) fn move_text(pos: &Position, mv: &Move) -> String {
    let shape = pos.shape();
    let Some(res) = resolution(pos, mv.from, mv.to) else {
        return mv.coordinate(shape);
    };
    let mut s = String::with_capacity(12);
    if res.piece.kind != PieceKind::Pawn {
        s.push(res.piece.kind.letter());
    }
    s.push_str(&shape.name(mv.from));
    s.push(if res.captured_exoteric.is_some() {
        'x'
    } else {
        '-'
    });
    s.push_str(&shape.name(mv.to));
    if let Some(y) = res.esoteric {
        s.push('~');
        s.push_str(&shape.name(y));
        if res.captured_esoteric.is_some() {
            s.push('x');
        }
    }
    if res.captures_king() {
        s.push('#');
    }
    s
}

/// Reads coordinate form (`b1c3`: origin and exoteric square) or the Intrachange notation
/// of [`move_text`]. The notation must describe what the move really does (its separator,
/// esoteric square and capture marks); a trailing `#` is optional.
pub(super) fn parse_move_text(pos: &Position, text: &str) -> Result<Move, MoveError> {
    let shape = pos.shape();
    let t = text.trim();
    let syntax = |reason: String| MoveError::Syntax {
        text: t.to_string(),
        reason,
    };
    if t.is_empty() {
        return Err(syntax("empty move".to_string()));
    }
    if t.len() > san::MAX_MOVE_TEXT {
        return Err(syntax("move text too long".to_string()));
    }
    let legal = pos.legal_moves();
    if san::parse_coordinate(shape, t).is_ok() {
        return san::find_coordinate(pos, t, &legal, |m| refusal(pos, m));
    }
    const FORMAT: &str =
        "expected coordinates (b1c3) or Intrachange notation such as Nb1-c3, e2-e4~e6, Qd1xd7";
    let body = t.strip_prefix(|c: char| "KQRBN".contains(c)).unwrap_or(t);
    let (Some(from_name), Some(sep), Some(to_name)) =
        (body.get(0..2), body.get(2..3), body.get(3..5))
    else {
        return Err(syntax(FORMAT.to_string()));
    };
    let (Ok(from), Ok(to)) = (shape.parse_square(from_name), shape.parse_square(to_name)) else {
        return Err(syntax(FORMAT.to_string()));
    };
    if sep != "-" && sep != "x" {
        return Err(syntax(FORMAT.to_string()));
    }
    let attempted = Move::new(from, to);
    let Some(mv) = legal.iter().find(|m| m.from == from && m.to == to).copied() else {
        return Err(MoveError::Illegal(IllegalMove {
            mv: t.to_string(),
            refusal: refusal(pos, &attempted),
        }));
    };
    let canonical = move_text(pos, &mv);
    if t.trim_end_matches('#') != canonical.trim_end_matches('#') {
        return Err(syntax(format!(
            "that is not what {} does here: it is written {canonical}",
            attempted.coordinate(shape)
        )));
    }
    Ok(mv)
}

/// Why the side to move may not play `mv` (a move the legal list lacks).
fn refusal(pos: &Position, mv: &Move) -> Refusal {
    let reason = judge(pos, mv).err().unwrap_or(Reason::PawnCannotMove {
        from: mv.from,
        to: mv.to,
    });
    Refusal::new(pos.variant(), reason)
}
