//! The reasons a classic move is refused, in the rules' words.

use super::attacks::is_attacked;
use super::movement::{CaptureRule, between, capture_value, castle_spec, max_passed};
use super::pseudo::{pawn_moves, piece_moves};
use crate::rules::geometry::{BoardShape, Square};
use crate::rules::moves::{Move, Special};
use crate::rules::piece::{Color, PieceKind};
use crate::rules::position::{EnPassant, Position, Wing};
use crate::rules::variant::Variant;

/// Why a piece cannot make `mv` by its movement: the first piece in the way of a line move,
/// else that the piece does not move so.
pub(crate) fn movement_refusal(pos: &Position, kind: PieceKind, mv: &Move) -> String {
    let shape = pos.shape();
    let n = |s: Square| shape.name(s);
    let blocked = between(shape, mv.from, mv.to)
        .into_iter()
        .find(|&s| !pos.board.is_empty(s));
    match blocked {
        Some(b) if kind != PieceKind::Knight => format!(
            "the {} on {} cannot reach {}: {} is in the way",
            kind.name(),
            n(mv.from),
            n(mv.to),
            n(b)
        ),
        _ => format!(
            "a {} cannot move from {} to {}",
            kind.name(),
            n(mv.from),
            n(mv.to)
        ),
    }
}

/// Names the rule that forbids `mv` (which is not in the legal move list).
pub(crate) fn why_illegal(pos: &Position, mv: &Move) -> String {
    let shape = pos.shape();
    let n = |s: Square| shape.name(s);
    let us = pos.turn;
    let Some(piece) = pos.board.piece_at(mv.from) else {
        return format!("there is no piece on {}", n(mv.from));
    };
    let Some(kind) = pos.board.kind(us, mv.from) else {
        return format!(
            "the piece on {} is {}'s, and it is {}'s move",
            n(mv.from),
            piece.color,
            us
        );
    };
    if mv.from == mv.to {
        return "a move must change the square".to_string();
    }
    // A King move onto its castling square is judged by the castling rules below (on the
    // Big Outer board the landing square may hold an own piece at the start).
    let castle_attempt = kind == PieceKind::King
        && Wing::BOTH.into_iter().any(|w| {
            pos.castle_spec(us, w)
                .is_some_and(|s| s.king_from == mv.from && s.king_to == mv.to)
        });
    if pos.board.kind(us, mv.to).is_some()
        && !castle_attempt
        && !matches!(mv.special, Special::Castle { .. })
    {
        return format!("{} holds one of {}'s own pieces", n(mv.to), us);
    }
    // Same move ignoring the capture rules?
    let mut geom = Vec::new();
    let probe = Position {
        variant: Variant::Standard,
        ..pos.clone()
    };
    if kind == PieceKind::Pawn {
        let mut tmp = Vec::new();
        pawn_moves(&probe, mv.from, us, &mut tmp);
        geom = tmp;
    } else if matches!(pos.variant, Variant::BigOuter) {
        piece_moves(pos, mv.from, us, kind, &mut geom);
    } else {
        piece_moves(&probe, mv.from, us, kind, &mut geom);
    }
    let victim = pos.board.kind(us.other(), mv.to);
    let geometric = geom.iter().any(|m| m.from == mv.from && m.to == mv.to);
    if geometric && let Some(v) = victim {
        match pos.variant {
            Variant::Nonviolent => {
                return "captures are not allowed in Nonviolent Chess".to_string();
            }
            Variant::Bully if !CaptureRule::ByValue.allows(kind, v) => {
                return format!(
                    "a {} cannot capture a {} in Bully Chess (a piece may only capture one of equal or lower value: {} < {})",
                    kind.name(),
                    v.name(),
                    capture_value(kind),
                    capture_value(v)
                );
            }
            _ => {}
        }
    }
    if pos.variant == Variant::Nonviolent
        && kind == PieceKind::Pawn
        && pos.ep[us.other().index()].is_some_and(|e| e.squares().any(|s| s == mv.to))
    {
        return "captures (en passant included) are not allowed in Nonviolent Chess".to_string();
    }
    if kind == PieceKind::King
        && pos.castle_spec(us, Wing::Short).is_some()
        && Wing::BOTH.into_iter().any(|w| {
            pos.castle_spec(us, w)
                .is_some_and(|s| s.king_from == mv.from && s.king_to == mv.to)
        })
    {
        let wing = Wing::BOTH
            .into_iter()
            .find(|&w| {
                pos.castle_spec(us, w)
                    .is_some_and(|s| s.king_from == mv.from && s.king_to == mv.to)
            })
            .unwrap_or(Wing::Short);
        let spec = pos
            .castle_spec(us, wing)
            .unwrap_or_else(|| castle_spec(shape, us, wing));
        if !pos.can_castle(us, wing) {
            return "castling is no longer allowed on that side (King or Rook has moved)"
                .to_string();
        }
        if let Some(b) = spec.empty.iter().find(|&&s| !pos.board.is_empty(s)) {
            return format!(
                "castling needs the squares between King and Rook empty, but {} is occupied",
                n(*b)
            );
        }
        if pos.in_check(us) {
            return "the King may not castle out of check".to_string();
        }
        if let Some(a) = spec
            .safe
            .iter()
            .find(|&&s| is_attacked(&pos.board, s, us.other()))
        {
            return match shape {
                BoardShape::Standard => format!(
                    "the King may not castle through or into check ({} is attacked)",
                    n(*a)
                ),
                // Ruling B-2: every square between King and Rook, not only the King's path.
                BoardShape::BigOuter => format!(
                    "every square between King and Rook must be unattacked ({} is attacked)",
                    n(*a)
                ),
            };
        }
        return "castling would leave the King in check".to_string();
    }
    let matching: Vec<&Move> = geom
        .iter()
        .filter(|m| m.from == mv.from && m.to == mv.to)
        .collect();
    if matching.is_empty() {
        return movement_refusal(pos, kind, mv);
    }
    if matching.iter().all(|m| m.promotion.is_some()) && mv.promotion.is_none() {
        return "a pawn reaching the last rank must promote: add the piece letter (e.g. e7e8q)"
            .to_string();
    }
    if mv.promotion.is_some() && !matching.iter().any(|m| m.promotion == mv.promotion) {
        return "that promotion is not allowed here".to_string();
    }
    if pos.in_check(us) {
        return format!("{} is in check and this move does not answer it", us);
    }
    if kind == PieceKind::King {
        return "the King may not move into check".to_string();
    }
    "it would leave the King in check (the piece is pinned)".to_string()
}

/// The sentence for a capture en passant that would be legal had the enemy pawn on `pawn`
/// just advanced past `mv.to`: it did not. Starts with the movement refusal (see
/// [`why_no_move`](crate::rules::variants::why_no_move)).
pub(crate) fn not_just_advanced(pos: &Position, side: Color, mv: &Move, pawn: Square) -> String {
    let shape = pos.shape();
    format!(
        "{}: the {} Pawn on {} did not just advance past {}, so it cannot be taken en passant",
        movement_refusal(pos, PieceKind::Pawn, mv),
        side.other(),
        shape.name(pawn),
        shape.name(mv.to)
    )
}

/// For `side`'s pawn stepping diagonally forward onto an empty square that an enemy pawn
/// could just have passed (the enemy pawn stands beyond it within one advance, its path back
/// to its start square is empty), and that no record covers: a copy of `pos` with that
/// advance recorded for en passant, and the enemy pawn's square. The explanations use it to
/// find why such a capture is refused.
pub(crate) fn en_passant_probe(
    pos: &Position,
    side: Color,
    mv: &Move,
) -> Option<(Position, Square)> {
    let shape = pos.shape();
    let them = side.other();
    if !pos.variant.has_en_passant()
        || pos.board.kind(side, mv.from) != Some(PieceKind::Pawn)
        || !pos.board.is_empty(mv.to)
        || pos.ep[them.index()].is_some_and(|e| e.squares().any(|s| s == mv.to))
    {
        return None;
    }
    let (f0, r0) = shape.coords(mv.from);
    let (f1, r1) = shape.coords(mv.to);
    if (f1 - f0).abs() != 1 || r1 - r0 != side.forward() {
        return None;
    }
    // The enemy pawn: the first piece from `mv.to` in the enemy's direction of travel.
    let mut pawn = None;
    let mut cur = mv.to;
    for _ in 0..max_passed(shape) {
        cur = shape.leap(cur, 0, them.forward())?;
        if !pos.board.is_empty(cur) {
            pawn = (pos.board.kind(them, cur) == Some(PieceKind::Pawn)).then_some(cur);
            break;
        }
    }
    let pawn = pawn?;
    // Its start square (the enemy's 2nd rank) and the path from there are empty.
    let start_rank = match them {
        Color::White => 1,
        Color::Black => shape.ranks() - 2,
    };
    if (shape.rank(pawn) - start_rank).abs() > max_passed(shape) + 1 {
        return None;
    }
    let mut cur = mv.to;
    while shape.rank(cur) != start_rank {
        cur = shape.leap(cur, 0, side.forward())?;
        if !pos.board.is_empty(cur) {
            return None;
        }
    }
    let mut probe = pos.clone();
    probe.ep[them.index()] = Some(EnPassant {
        pawn,
        passed: [Some(mv.to), None, None],
    });
    Some((probe, pawn))
}
