//! Attacks under classic movement: whether a square is attacked and by which pieces, and
//! whether a move leaves the own King attacked. Fields, resting pieces and capture rules are
//! ignored (rulings BN-1, BN-2); a square holding any piece blocks lines.

use super::ClassicHooks;
use super::play::apply_to_board;
use super::pseudo::pawn_moves;
use super::tables::{GenTables, NO_SQUARE, leaper_index, line_mask};
use crate::rules::board::Board;
use crate::rules::geometry::Square;
use crate::rules::moves::{Move, Special};
use crate::rules::piece::{Color, PieceKind};
use crate::rules::position::Position;

/// Whether `sq` is attacked by any piece of `by` under classic movement (fields, resting
/// pieces and capture restrictions ignored: rulings BN-1, BN-2). A square holding any piece
/// blocks lines.
#[inline]
pub fn is_attacked(board: &Board, sq: Square, by: Color) -> bool {
    if let Some(hit) = is_attacked64(board, sq, by) {
        return hit;
    }
    is_attacked_by_scan(board, sq, by)
}

/// [`is_attacked`] on bitboards; `None` where [`attack_set`] does not apply.
#[inline]
fn is_attacked64(board: &Board, sq: Square, by: Color) -> Option<bool> {
    attack_set(board, sq, by).map(|set| set != 0)
}

/// The squares of `by`'s pieces that attack `sq` under classic movement, as a set (bit `i`
/// for square index `i`), computed on bitboards: the same squares as [`attackers`], on the
/// 8×8 board with the six standard kinds (squares held by both sides included: a piece on
/// one attacks, and the square blocks lines); `None` on other boards or with other kinds.
#[inline]
pub(crate) fn attack_set(board: &Board, sq: Square, by: Color) -> Option<u64> {
    AttackView::of(board).map(|v| v.attackers(sq, by))
}

/// Both sides' pieces of an 8×8 board as sets, read once for many [`attack_set`]
/// questions about the same board.
pub(crate) struct AttackView {
    sides: [super::legal64::Side; 2],
    occ: u64,
}

impl AttackView {
    /// The sets of `board`, or `None` where [`attack_set`] does not apply.
    #[inline]
    pub(crate) fn of(board: &Board) -> Option<AttackView> {
        use super::legal64::Side;
        if board.shape() != crate::rules::geometry::BoardShape::Standard {
            return None;
        }
        let white = Side::of(board.planes64(Color::White))?;
        let black = Side::of(board.planes64(Color::Black))?;
        Some(AttackView {
            sides: [white, black],
            occ: white.all | black.all,
        })
    }

    /// [`attack_set`] of `sq` by `by`.
    #[inline]
    pub(crate) fn attackers(&self, sq: Square, by: Color) -> u64 {
        let a = super::bitboard::Attacks64::get();
        let th = &self.sides[by.index()];
        let to = sq.index() & 63;
        (a.pawn[by.other().index()][to] & th.pawns)
            | (a.knight[to] & th.knights)
            | (a.king[to] & th.kings)
            | (a.bishop(to, self.occ) & th.diagonal)
            | (a.rook(to, self.occ) & th.orthogonal)
    }
}

/// [`is_attacked`] square by square: every board, and the reference of the bitboard test.
fn is_attacked_by_scan(board: &Board, sq: Square, by: Color) -> bool {
    let mut hit = false;
    scan_attackers(board, sq, by, &mut |_| {
        hit = true;
        true
    });
    hit
}

/// The squares of `by`'s pieces that attack `sq` under classic movement: pawns, then leaps,
/// then lines. Stable order.
pub fn attackers(board: &Board, sq: Square, by: Color) -> Vec<Square> {
    let mut found = Vec::new();
    scan_attackers(board, sq, by, &mut |s| {
        found.push(s);
        false
    });
    found
}

/// Calls `f` with each attacker of `sq`; stops when `f` returns true.
#[inline]
fn scan_attackers(board: &Board, sq: Square, by: Color, f: &mut impl FnMut(Square) -> bool) {
    let t = GenTables::of(board.shape());
    // Pawns attack diagonally forward, so look diagonally backward from `sq`.
    for s in t.pawn_from[by.index()][sq.index()] {
        if s != NO_SQUARE && board.kind(by, Square(s)) == Some(PieceKind::Pawn) && f(Square(s)) {
            return;
        }
    }
    // Leaps.
    for &(s, mask) in t.leapers_to(sq) {
        if let Some(k) = board.kind(by, s)
            && leaper_index(k).is_some_and(|li| mask & (1 << li) != 0)
            && f(s)
        {
            return;
        }
    }
    // Lines: the first piece along each line from `sq`.
    for d in 0..8 {
        let mut cur = t.step[sq.index()][d];
        let mut dist = 1;
        while cur != NO_SQUARE {
            let s = Square(cur);
            if board.is_empty(s) {
                cur = t.step[s.index()][d];
                dist += 1;
                continue;
            }
            if let Some(k) = board.kind(by, s) {
                let (dirs, range) = line_mask(k, t.zone[s.index()]);
                // The attacker moves in the opposite direction, which is in its set iff `d`
                // is (every set is symmetric).
                if dist <= range && dirs & (1 << d) != 0 && f(s) {
                    return;
                }
            }
            break;
        }
    }
}

/// Whether `us`'s King is safe after `mv`, by the classic attack rule.
pub(crate) fn king_safe_after(pos: &Position, us: Color, mv: &Move) -> bool {
    let mut b = pos.board.clone();
    apply_to_board(&mut b, us, mv);
    match b.king(us) {
        Some(k) => !is_attacked(&b, k, us.other()),
        None => true,
    }
}

/// Whether the side to move has a legal capture en passant onto `to` of the enemy pawn on
/// `pawn` (classic rules): one of the pawn moves the generator makes from a square attacking
/// `to` is that capture, and the own King is safe after it — the test the legal generator
/// applies to every capture en passant. The pawn moves are the variant's (`rules`: its
/// capture rule).
pub(crate) fn en_passant_is_legal<R: ClassicHooks + ?Sized>(
    rules: &R,
    pos: &Position,
    pawn: Square,
    to: Square,
) -> bool {
    let us = pos.turn;
    let t = GenTables::of(pos.shape());
    let mut moves = Vec::new();
    t.pawn_from[us.index()][to.index()].into_iter().any(|q| {
        if q == NO_SQUARE || pos.board.kind(us, Square(q)) != Some(PieceKind::Pawn) {
            return false;
        }
        moves.clear();
        pawn_moves(rules, pos, Square(q), us, &mut moves);
        moves.iter().any(|m| {
            m.to == to
                && matches!(m.special, Special::EnPassant { captured } if captured == pawn)
                && king_safe_after(pos, us, m)
        })
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::variant::Variant;
    use rand::{RngExt, SeedableRng};

    /// On every square of the positions of seeded random games in the 8×8 variants
    /// (Single Occupation's squares held by both sides included), the bitboard test and
    /// set give what the square-by-square scan gives.
    #[test]
    fn the_bitboard_attack_test_equals_the_scan() {
        let mut compared = 0;
        let mut attacked = 0;
        let mut shared = 0;
        for v in [
            Variant::Standard,
            Variant::Bully,
            Variant::Nonviolent,
            Variant::ForceField,
            Variant::ParitySingle,
        ] {
            // Squares held by both sides are rare: many more Single Occupation games.
            let games = if v == Variant::ParitySingle { 80 } else { 6 };
            for seed in 0..games {
                let mut rng = rand::rngs::SmallRng::seed_from_u64(seed);
                let mut p = Position::new(v);
                for _ in 0..100 {
                    for i in 0..64u8 {
                        for by in Color::BOTH {
                            let fast = is_attacked64(&p.board, Square(i), by);
                            let scan = is_attacked_by_scan(&p.board, Square(i), by);
                            assert_eq!(fast, Some(scan), "{v} {by:?} {i} {}", p.to_text());
                            let set = attackers(&p.board, Square(i), by)
                                .iter()
                                .fold(0u64, |m, s| m | 1 << s.index());
                            assert_eq!(
                                attack_set(&p.board, Square(i), by),
                                Some(set),
                                "{v} {by:?} {i} {}",
                                p.to_text()
                            );
                            attacked += usize::from(scan);
                            compared += 1;
                        }
                    }
                    shared += (0..64u8).filter(|&i| p.board.is_shared(Square(i))).count();
                    if v.turn_model() == crate::rules::TurnModel::Simultaneous {
                        // A random turn: a commit of each side, resolved together.
                        let [w, b] = Color::BOTH.map(|c| p.legal_commits(c));
                        if w.is_empty() || b.is_empty() || p.outcome().is_some() {
                            break;
                        }
                        let (w, b) = (
                            w[rng.random_range(0..w.len())],
                            b[rng.random_range(0..b.len())],
                        );
                        if p.resolve(&w, &b).is_err() {
                            break;
                        }
                        continue;
                    }
                    let moves = p.legal_moves();
                    if moves.is_empty() {
                        break;
                    }
                    p.play_unchecked(&moves[rng.random_range(0..moves.len())]);
                }
            }
        }
        assert!(
            compared > 100_000 && attacked > compared / 10,
            "{compared} {attacked}"
        );
        assert!(shared > 20, "{shared} shared squares seen");
    }
}
