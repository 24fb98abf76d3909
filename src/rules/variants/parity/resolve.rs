//! Resolving a Parity turn (`rules/parity.md §3`): both commits leave, captures succeed
//! only against a piece that did not move, both land (a shared square when they land
//! together), then promotion, resting pieces, castling rights, en passant records, counters,
//! checks and the game end. Also perft over turns.

use super::{
    check_kind, commits, judge_in_game, king_attackers, king_outcome, outcome, outcome_with_commits,
};
use crate::rules::classic;
use crate::rules::geometry::Square;
use crate::rules::moves::{Effect, Move, Special};
use crate::rules::piece::{Color, Piece, PieceKind};
use crate::rules::position::{IllegalMove, Position, Wing};
use crate::rules::refusal::{Reason, Refusal};
use crate::rules::variant::TurnModel;

/// Resolves both commits after checking them (§3). On error the position is untouched.
pub(super) fn resolve(
    pos: &mut Position,
    white: &Move,
    black: &Move,
) -> Result<Vec<Effect>, IllegalMove> {
    let refuse = |mv: &Move, reason| IllegalMove {
        mv: mv.coordinate(pos.shape()),
        refusal: Refusal::new(pos.variant, reason),
    };
    if pos.variant.turn_model() != TurnModel::Simultaneous {
        return Err(refuse(white, Reason::NotSimultaneous));
    }
    let mut chosen = [*white, *black];
    for (i, side) in Color::BOTH.into_iter().enumerate() {
        let mv = chosen[i];
        chosen[i] = judge_in_game(pos, side, &mv).map_err(|commit| {
            refuse(
                &mv,
                Reason::TurnRefused {
                    side,
                    commit: Box::new(commit),
                },
            )
        })?;
    }
    Ok(resolve_unchecked(pos, [Some(chosen[0]), Some(chosen[1])]))
}

fn vacated(mv: &Move) -> [Square; 2] {
    match mv.special {
        Special::Castle { rook_from, .. } => [mv.from, rook_from],
        Special::Normal | Special::EnPassant { .. } => [mv.from, mv.from],
    }
}

/// The moving pieces of a turn, by side (`None`: that side makes no move).
type Movers = [Option<(Move, PieceKind)>; 2];

/// The moving pieces of `moves` on `pos` (a commit whose origin holds no piece of its side
/// makes no move).
fn movers(pos: &Position, moves: [Option<Move>; 2]) -> Movers {
    let mut movers: Movers = [None, None];
    for side in Color::BOTH {
        if let Some(m) = moves[side.index()]
            && let Some(k) = pos.board.kind(side, m.from)
        {
            movers[side.index()] = Some((m, k));
        }
    }
    movers
}

/// [`resolve_unchecked`]'s placement and bookkeeping without its effects, checks and game
/// end: the same position after the turn, for perft and the search.
pub(crate) fn resolve_quiet(pos: &mut Position, moves: [Option<Move>; 2]) {
    let movers = movers(pos, moves);
    let mut fx = Vec::new();
    let captured = captures(pos, &movers, &mut fx);
    place(pos, &movers, &captured);
    bookkeeping(pos, &movers, !captured.is_empty());
}

/// Resolves the two commits (`None`: that side makes no move, record mode only) without any
/// legality check (§3). Never panics; an illegal commit gives the placement the rules of §3
/// imply (record mode, P-6).
pub(super) fn resolve_unchecked(pos: &mut Position, moves: [Option<Move>; 2]) -> Vec<Effect> {
    let start = pos.clone();
    let mut fx = Vec::new();
    let movers = movers(&start, moves);
    // 1. Both moving pieces leave; 3. both land (Step effects animate together).
    steps(&movers, &mut fx);
    // 2. Captures succeed only against a piece that did not move this turn.
    let captured = captures(&start, &movers, &mut fx);
    let landings = place(pos, &movers, &captured);
    landing_effects(&start, pos, &movers, &landings, &mut fx);
    // 6. Resting pieces, castling rights, en passant, counters.
    bookkeeping(pos, &movers, !captured.is_empty());
    check_effects(&start, pos, &movers, &mut fx);
    if let Some(o) = outcome(pos) {
        fx.push(Effect::GameOver(o));
    }
    fx
}

/// The steps of both moves (a castling Rook's too).
fn steps(movers: &Movers, fx: &mut Vec<Effect>) {
    for side in Color::BOTH {
        if let Some((m, k)) = movers[side.index()] {
            fx.push(Effect::Step {
                piece: Piece::new(side, k),
                from: m.from,
                to: m.to,
            });
            if let Special::Castle { rook_from, rook_to } = m.special {
                fx.push(Effect::Step {
                    piece: Piece::new(side, PieceKind::Rook),
                    from: rook_from,
                    to: rook_to,
                });
            }
        }
    }
}

/// The captures and failed captures (§3.2), in side order; returns the pieces captured.
fn captures(start: &Position, movers: &Movers, fx: &mut Vec<Effect>) -> Vec<(Color, Square)> {
    let mut captured: Vec<(Color, Square)> = Vec::new();
    for side in Color::BOTH {
        let Some((m, k)) = movers[side.index()] else {
            continue;
        };
        let them = side.other();
        let target = match m.special {
            Special::EnPassant { captured } => Some(captured),
            Special::Castle { .. } => None,
            Special::Normal => start.board.kind(them, m.to).map(|_| m.to),
        };
        let Some(t) = target else { continue };
        let Some(victim) = start.board.kind(them, t) else {
            continue;
        };
        let moved = movers[them.index()].is_some_and(|(om, _)| vacated(&om).contains(&t));
        if moved {
            fx.push(Effect::FailedCapture {
                by: Piece::new(side, k),
                at: t,
            });
        } else {
            fx.push(Effect::Capture {
                piece: Piece::new(them, victim),
                at: t,
            });
            captured.push((them, t));
        }
    }
    captured
}

/// Placement: everything leaves, captured pieces go, then everything lands; returns the
/// landings.
fn place(
    pos: &mut Position,
    movers: &Movers,
    captured: &[(Color, Square)],
) -> Vec<(Square, Piece)> {
    let mut landings: Vec<(Square, Piece)> = Vec::new();
    for side in Color::BOTH {
        let Some((m, k)) = movers[side.index()] else {
            continue;
        };
        pos.board.remove(side, m.from);
        landings.push((m.to, Piece::new(side, m.promotion.unwrap_or(k))));
        if let Special::Castle { rook_from, rook_to } = m.special
            && let Some(r) = pos.board.remove(side, rook_from)
        {
            landings.push((rook_to, Piece::new(side, r)));
        }
    }
    for &(c, s) in captured {
        pos.board.remove(c, s);
    }
    for &(s, p) in &landings {
        pos.board.put(s, p);
    }
    landings
}

/// Shared squares, pawns passing the pawn they shared a square with, promotions (§3.3,
/// §3.5).
fn landing_effects(
    start: &Position,
    pos: &Position,
    movers: &Movers,
    landings: &[(Square, Piece)],
    fx: &mut Vec<Effect>,
) {
    let mut shared: Vec<Square> = Vec::new();
    for &(s, _) in landings {
        if pos.board.is_shared(s) && !shared.contains(&s) {
            shared.push(s);
            fx.push(Effect::Shared { at: s });
        }
    }
    // A pawn stepping off a square it shared with an enemy pawn passes it.
    for side in Color::BOTH {
        let Some((m, k)) = movers[side.index()] else {
            continue;
        };
        if k == PieceKind::Pawn
            && start.board.kind(side.other(), m.from) == Some(PieceKind::Pawn)
            && pos.board.kind(side.other(), m.from) == Some(PieceKind::Pawn)
        {
            fx.push(Effect::PawnPasses {
                piece: Piece::new(side, PieceKind::Pawn),
                from: m.from,
            });
        }
    }
    // 5. Promotion.
    for side in Color::BOTH {
        if let Some((m, _)) = movers[side.index()]
            && let Some(p) = m.promotion
        {
            fx.push(Effect::Promote {
                at: m.to,
                piece: Piece::new(side, p),
            });
        }
    }
}

/// Resting pieces, castling rights, each side's en passant record (ruling P-8) and the
/// counters after the turn.
fn bookkeeping(pos: &mut Position, movers: &Movers, any_capture: bool) {
    let shape = pos.shape();
    for side in Color::BOTH {
        pos.resting[side.index()] = match movers[side.index()] {
            Some((m, _)) => match m.special {
                Special::Castle { rook_to, .. } => [Some(m.to), Some(rook_to)],
                Special::Normal | Special::EnPassant { .. } => [Some(m.to), None],
            },
            None => [None, None],
        };
    }
    for side in Color::BOTH {
        for wing in Wing::BOTH {
            if !pos.can_castle(side, wing) || !pos.variant.has_castling() {
                continue;
            }
            let (king_from, rook_from) = classic::castle_ends(pos.shape(), side, wing);
            if pos.board.kind(side, king_from) != Some(PieceKind::King)
                || pos.board.kind(side, rook_from) != Some(PieceKind::Rook)
                || movers[side.index()]
                    .is_some_and(|(m, _)| m.from == king_from || m.from == rook_from)
            {
                pos.set_castling(side, wing, false);
            }
        }
    }
    // Each side's double step gets its own record (ruling P-8).
    pos.ep = [None; 2];
    for side in Color::BOTH {
        let Some((m, k)) = movers[side.index()] else {
            continue;
        };
        if k != PieceKind::Pawn
            || (shape.rank(m.to) - shape.rank(m.from)).abs() < 2
            || pos.board.is_shared(m.to)
        {
            continue;
        }
        let passed = classic::between(shape, m.from, m.to);
        if passed.iter().any(|&s| !pos.board.is_empty(s)) {
            continue;
        }
        pos.ep[side.index()] = classic::en_passant_after_advance(&pos.board, side, m.from, m.to);
    }
    let pawn_moved = movers.iter().flatten().any(|(_, k)| *k == PieceKind::Pawn);
    pos.finish_turn(pawn_moved || any_capture);
    if pos.ep.iter().any(Option::is_some) {
        crate::rules::variants::retain_legal_en_passant(pos);
    }
}

/// The checks after the turn, and the checks the other side's move defeated.
///
/// A failed check (`rules/parity.md` §7, ruling P-10) is a check `side`'s move would have
/// given on its own (played on the start-of-turn board, the other side standing still)
/// that did not already exist on the start-of-turn board, and that the board after the turn
/// does not show: the enemy King was not in check at the start of the turn, is in check
/// on the board of `side`'s move alone, and is not in check after both moves. A King
/// already in check at the start of the turn (immediate or delayed) is never the target of
/// a failed check, even when the move adds an attacker.
fn check_effects(start: &Position, pos: &Position, movers: &Movers, fx: &mut Vec<Effect>) {
    for side in Color::BOTH {
        if let Some(kind) = check_kind(pos, side) {
            fx.push(Effect::Check { side, kind });
        }
    }
    for side in Color::BOTH {
        let Some((m, _)) = movers[side.index()] else {
            continue;
        };
        let them = side.other();
        if !king_attackers(&start.board, them).is_empty() {
            continue; // P-10: the check existed before the move
        }
        let mut alone = start.board.clone();
        classic::apply_to_board(&mut alone, side, &m);
        let intended = !king_attackers(&alone, them).is_empty();
        if intended && king_attackers(&pos.board, them).is_empty() {
            fx.push(Effect::FailedCheck { by: side });
        }
    }
}

/// Plays the commit of `pos.turn()` alone, the other side standing still (a preview of one
/// side's intention, as "intended check" uses it; not a Parity turn). The mover rests next
/// turn. Effects as [`resolve_unchecked`] gives them.
pub(super) fn play_alone(pos: &mut Position, mv: &Move) -> Vec<Effect> {
    let mut moves = [None, None];
    moves[pos.turn.index()] = Some(*mv);
    resolve_unchecked(pos, moves)
}

/// Perft over turns: a turn is one pair of legal commits; a turn that ends the game is a
/// leaf (counted once at whatever depth it happens, as `rules/parity.md` §8 and the
/// README's perft table say). 0 if the game is already over.
///
/// # Examples
/// ```
/// use esoterica::rules::{Position, Variant, perft::perft};
/// assert_eq!(perft(&Position::new(Variant::Parity), 1), 400);
/// ```
pub(super) fn perft(pos: &Position, depth: u32) -> u64 {
    if depth == 0 || king_outcome(pos).is_some() {
        return u64::from(depth == 0);
    }
    let [w, b] = Color::BOTH.map(|c| commits(pos, c));
    if outcome_with_commits(pos, [w.is_empty(), b.is_empty()]).is_some() {
        return 0;
    }
    count(pos, depth, &w, &b)
}

/// The leaves below `pos`, whose game goes on, with White's commits `w` and Black's `b`
/// (each side's commits generated once per position, the end of the game judged from them).
fn count(pos: &Position, depth: u32, w: &[Move], b: &[Move]) -> u64 {
    if depth == 1 {
        return (w.len() * b.len()) as u64;
    }
    let mut n = 0;
    for wm in w {
        for bm in b {
            n += turn_leaves(pos, wm, bm, depth);
        }
    }
    n
}

/// The leaves below the turn `wm`/`bm` from `pos` at `depth` ≥ 1: one if the turn ends the
/// game or `depth` is 1.
fn turn_leaves(pos: &Position, wm: &Move, bm: &Move, depth: u32) -> u64 {
    let mut next = pos.clone();
    resolve_quiet(&mut next, [Some(*wm), Some(*bm)]);
    if depth == 1 || king_outcome(&next).is_some() {
        return 1;
    }
    let [w, b] = Color::BOTH.map(|c| commits(&next, c));
    if outcome_with_commits(&next, [w.is_empty(), b.is_empty()]).is_some() {
        1
    } else {
        count(&next, depth - 1, &w, &b)
    }
}

/// Perft split by first turn: (`WHITE/BLACK` in coordinate form, leaf count), in commit
/// order (White's commits outer).
///
/// # Examples
/// ```
/// use esoterica::rules::{Position, Variant, variants::parity};
/// let d = parity::divide(&Position::new(Variant::Parity), 2);
/// assert!(d.contains(&("e2e4/e7e5".to_string(), 29 * 29)));
/// ```
pub fn divide(pos: &Position, depth: u32) -> Vec<(String, u64)> {
    if depth == 0 || outcome(pos).is_some() {
        return Vec::new();
    }
    let shape = pos.shape();
    let w = commits(pos, Color::White);
    let b = commits(pos, Color::Black);
    let mut out = Vec::with_capacity(w.len() * b.len());
    for wm in &w {
        for bm in &b {
            out.push((
                format!("{}/{}", wm.coordinate(shape), bm.coordinate(shape)),
                turn_leaves(pos, wm, bm, depth),
            ));
        }
    }
    out
}
