//! The classic judge: asked about any move of the side to move, it answers with the legal
//! move it names (castling and en passant recognised from the squares) or the typed
//! [`Reason`] it is refused, checking in the order a player would look: the piece, its
//! movement, the variant's capture rule, castling, promotion, then the own King's safety.
//! The reference move list of a classic variant is exactly the candidates
//! ([`candidates`]) this judge accepts; the fast generator is tested against it.

use super::ClassicHooks;
use super::attacks::{is_attacked, king_safe_after};
use super::movement::{CaptureRule, between, max_passed};
use super::pseudo::{castling_moves, moves_of_piece_with, piece_pseudo_moves_with};
use crate::rules::geometry::{BoardShape, Square};
use crate::rules::moves::{Move, Special};
use crate::rules::piece::{Color, PieceKind};
use crate::rules::position::{EnPassant, Position, Wing};
use crate::rules::refusal::{CastlingRefusal, Reason};

/// The moves a classic judge is asked about to build the reference list: every move the
/// pieces' movement allows whatever they may capture ([`CaptureRule::Any`]), then the castling
/// moves whose right, King, Rook and empty squares are there (safety left to the judge).
/// Stable order, the fast generator's.
pub(crate) fn candidates<R: ClassicHooks + ?Sized>(rules: &R, pos: &Position, out: &mut Vec<Move>) {
    let us = pos.turn;
    piece_pseudo_moves_with(pos, CaptureRule::Any, rules.promotion_kinds(), us, out);
    castling_moves(rules, pos, us, out, |_| false);
}

/// Why a piece cannot make `mv` by its movement: the first piece in the way of a line move,
/// else that the piece does not move so.
pub(crate) fn movement_reason(pos: &Position, kind: PieceKind, mv: &Move) -> Reason {
    let blocked = between(pos.shape(), mv.from, mv.to)
        .into_iter()
        .find(|&s| !pos.board.is_empty(s));
    match blocked {
        Some(by) if kind != PieceKind::Knight => Reason::Blocked {
            kind,
            from: mv.from,
            to: mv.to,
            by,
        },
        _ => Reason::Movement {
            kind,
            from: mv.from,
            to: mv.to,
        },
    }
}

/// The wing whose castling King squares `mv` goes between, if any.
fn castle_wing<R: ClassicHooks + ?Sized>(rules: &R, us: Color, mv: &Move) -> Option<Wing> {
    Wing::BOTH.into_iter().find(|&w| {
        rules
            .castle_spec(us, w)
            .is_some_and(|s| s.king_from == mv.from && s.king_to == mv.to)
    })
}

/// The classic judge for the side to move (see the module docs), under the variant's capture
/// rule, castling and check (`rules`). `Ok` holds the legal move as the generator writes it.
pub(crate) fn judge<R: ClassicHooks + ?Sized>(
    rules: &R,
    pos: &Position,
    mv: &Move,
) -> Result<Move, Reason> {
    let us = pos.turn;
    let Some(piece) = pos.board.piece_at(mv.from) else {
        return Err(Reason::NoPiece {
            square: mv.from,
            side: us,
        });
    };
    let Some(kind) = pos.board.kind(us, mv.from) else {
        return Err(Reason::WrongSide {
            square: mv.from,
            owner: piece.color,
        });
    };
    if mv.from == mv.to {
        return Err(Reason::NullMove { square: mv.from });
    }
    // A King move onto its castling square is judged by the castling rules below (on the
    // Big Outer board the landing square may hold an own piece at the start).
    let wing = if kind == PieceKind::King {
        castle_wing(rules, us, mv)
    } else {
        None
    };
    if pos.board.kind(us, mv.to).is_some()
        && wing.is_none()
        && !matches!(mv.special, Special::Castle { .. })
    {
        return Err(Reason::OwnPiece {
            square: mv.to,
            side: us,
        });
    }
    // The piece's movement, whatever the variant lets it capture.
    let mut geom = Vec::new();
    let promotions = rules.promotion_kinds();
    moves_of_piece_with(
        pos,
        CaptureRule::Any,
        promotions,
        mv.from,
        us,
        kind,
        &mut geom,
    );
    let geometric = geom.iter().any(|m| m.from == mv.from && m.to == mv.to);
    let captures = rules.capture_rule();
    if geometric && let Some(victim) = pos.board.kind(us.other(), mv.to) {
        match captures {
            CaptureRule::Never => return Err(Reason::NoCaptures { en_passant: false }),
            CaptureRule::ByValue if !captures.allows(kind, victim) => {
                return Err(Reason::CaptureTooStrong {
                    attacker: kind,
                    victim,
                });
            }
            CaptureRule::Any | CaptureRule::ByValue => {}
        }
    }
    if captures == CaptureRule::Never
        && kind == PieceKind::Pawn
        && pos.ep[us.other().index()].is_some_and(|e| e.squares().any(|s| s == mv.to))
    {
        return Err(Reason::NoCaptures { en_passant: true });
    }
    if let Some(wing) = wing {
        return judge_castling(rules, pos, us, wing).map_err(Reason::Castling);
    }
    let matching: Vec<&Move> = geom
        .iter()
        .filter(|m| m.from == mv.from && m.to == mv.to)
        .collect();
    if matching.is_empty() {
        return Err(movement_reason(pos, kind, mv));
    }
    if matching.iter().all(|m| m.promotion.is_some()) && mv.promotion.is_none() {
        return Err(Reason::PromotionRequired {
            from: mv.from,
            to: mv.to,
        });
    }
    let Some(&&legal) = matching.iter().find(|m| m.promotion == mv.promotion) else {
        return Err(Reason::BadPromotion {
            kind: mv.promotion.unwrap_or(PieceKind::Pawn),
        });
    };
    if king_safe_after(pos, us, &legal) {
        return Ok(legal);
    }
    Err(if rules.in_check(pos, us) {
        Reason::DoesNotAnswerCheck { side: us }
    } else if kind == PieceKind::King {
        Reason::KingIntoCheck { to: mv.to }
    } else {
        Reason::Pinned { square: mv.from }
    })
}

/// Castling on `wing` under classic attacks: the right, the empty squares, not out of
/// check, the tested squares unattacked (8×8: the King's path; the Big Outer board: every
/// square between King and Rook, ruling B-2), and the King safe afterwards (ruling B-5).
pub(crate) fn judge_castling<R: ClassicHooks + ?Sized>(
    rules: &R,
    pos: &Position,
    us: Color,
    wing: Wing,
) -> Result<Move, CastlingRefusal> {
    let Some(spec) = rules.castle_spec(us, wing) else {
        return Err(CastlingRefusal::Unavailable);
    };
    if !pos.can_castle(us, wing) {
        return Err(CastlingRefusal::RightLost { wing });
    }
    if let Some(&square) = spec.empty.iter().find(|&&s| !pos.board.is_empty(s)) {
        return Err(CastlingRefusal::Occupied { square });
    }
    if rules.in_check(pos, us) {
        return Err(CastlingRefusal::OutOfCheck);
    }
    if let Some(&square) = spec
        .safe
        .iter()
        .find(|&&s| is_attacked(&pos.board, s, us.other()))
    {
        return Err(match pos.shape() {
            BoardShape::Standard => CastlingRefusal::ThroughCheck { square },
            // Ruling B-2: every square between King and Rook, not only the King's path.
            BoardShape::BigOuter => CastlingRefusal::SpanAttacked { square },
        });
    }
    let mut moves = Vec::new();
    castling_moves(rules, pos, us, &mut moves, |_| false);
    moves
        .into_iter()
        .find(|m| m.to == spec.king_to && king_safe_after(pos, us, m))
        .ok_or(CastlingRefusal::LeavesKingInCheck)
}

/// For `side`'s pawn stepping diagonally forward onto an empty square that an enemy pawn
/// could just have passed (the enemy pawn stands beyond it within one advance, its path back
/// to its start square is empty), and that no record covers: a copy of `pos` with that
/// advance recorded for en passant, and the enemy pawn's square. Only legal captures keep
/// their record, so a judge asked about such a capture asks the copy whether it would be
/// legal had the pawn just advanced: if so the refusal is [`Reason::NotJustAdvanced`],
/// otherwise the copy's own refusal.
pub(crate) fn en_passant_probe<R: ClassicHooks + ?Sized>(
    rules: &R,
    pos: &Position,
    side: Color,
    mv: &Move,
) -> Option<(Position, Square)> {
    let shape = pos.shape();
    let them = side.other();
    if !rules.has_en_passant()
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

/// Judges `mv` with `judge`, first through the en passant copy of [`en_passant_probe`]: a
/// capture that would be legal had the enemy pawn just advanced is refused as
/// [`Reason::NotJustAdvanced`].
pub(crate) fn with_en_passant_probe<R: ClassicHooks + ?Sized>(
    rules: &R,
    pos: &Position,
    side: Color,
    mv: &Move,
    judge: impl Fn(&Position, &Move) -> Result<Move, Reason>,
) -> Result<Move, Reason> {
    match en_passant_probe(rules, pos, side, mv) {
        Some((probe, pawn)) => Err(match judge(&probe, mv) {
            Ok(_) => Reason::NotJustAdvanced {
                from: mv.from,
                to: mv.to,
                pawn,
                owner: side.other(),
            },
            Err(reason) => reason,
        }),
        None => judge(pos, mv),
    }
}
