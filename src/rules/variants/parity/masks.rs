//! Parity's legal commits on bitboards (`rules/parity.md §2`, §5 for Single Occupation).
//! Shared squares are where both sides' sets meet; resting pieces, the enemy's resting
//! pieces and the pieces that must leave a shared square are sets too.
//!
//! - A piece's candidate squares are its attack set less its own side's squares (a shared
//!   square holds one of ours, so no piece may move onto it), a pawn's steps onto empty
//!   squares and its diagonal captures onto squares only the enemy holds.
//! - A King step is legal when no enemy piece, resting or not, attacks its destination once
//!   the King has left its square (an enemy piece sharing that square stays there).
//! - Any other commit is legal when no active (not resting) enemy piece attacks the King
//!   after it, unless the King shares its square (rule 5: then it is never in check).
//!   Each commit is tested on the occupancy it leaves: a piece leaving a shared square
//!   leaves the enemy piece standing there.
//! - The rest rule, an immediate check (only King steps) and Single Occupation's forced
//!   exits (only the pieces on shared squares move, and they may not capture) are masks on
//!   the origins and destinations. Castling and en passant, which are rare, are judged by
//!   the square-array checks ([`check_commit`]).
//!
//! The square-array generator (`legal_commits_reference` in `mod.rs`) stays as the
//! reference: the tests compare the two commit for commit, in order, over random games of
//! both variants.

use super::{Ctx, check_commit};
use crate::rules::classic;
use crate::rules::classic::masks::{Kit, NONE, Side, squares};
use crate::rules::geometry::{BoardShape, Square};
use crate::rules::moves::{Move, Special};
use crate::rules::piece::{Color, PieceKind};
use crate::rules::position::Position;

/// The legal commits of `side`, pushed onto `out` in the reference order (by origin square,
/// the piece's own order, castling last); false, pushing nothing, where the sets do not
/// describe the position (another board shape, a kind beyond the six, not exactly one King
/// of `side`).
pub(super) fn legal_commits(pos: &Position, side: Color, out: &mut Vec<Move>) -> bool {
    with_gen(pos, side, |g| {
        for from in squares(g.ours.all) {
            g.piece_commits(from, out);
        }
        // Castling: rare, judged as the reference does.
        let castles = out.len();
        classic::castling_moves(pos.variant.rules(), pos, side, out, |_| false);
        classic::retain_tail(out, castles, |mv| {
            check_commit(pos, side, mv, g.ctx).is_ok()
        });
    })
    .is_some()
}

/// How many of `side`'s pieces have a legal commit (castling counts for the King), counted
/// piece by piece and no further than `at_most`; `None` where the sets do not describe the
/// position (as [`legal_commits`]).
pub(super) fn movable_pieces(pos: &Position, side: Color, at_most: usize) -> Option<usize> {
    with_gen(pos, side, |g| {
        let mut n = 0;
        let mut king_moves = false;
        let mut buf = Vec::with_capacity(32);
        for from in squares(g.ours.all) {
            if n >= at_most {
                return n;
            }
            buf.clear();
            g.piece_commits(from, &mut buf);
            if !buf.is_empty() {
                n += 1;
                king_moves |= from == g.king;
            }
        }
        if n < at_most && !king_moves {
            buf.clear();
            classic::castling_moves(pos.variant.rules(), pos, side, &mut buf, |_| false);
            if buf
                .iter()
                .any(|mv| check_commit(pos, side, mv, g.ctx).is_ok())
            {
                n += 1;
            }
        }
        n.min(at_most)
    })
}

/// Runs `f` with the generator of `side`'s commits on `pos`; `None`, without running it,
/// where the sets do not describe the position (another board shape, a kind beyond the
/// six, not exactly one King of `side`).
fn with_gen<R>(pos: &Position, side: Color, f: impl FnOnce(&Gen) -> R) -> Option<R> {
    if pos.shape() != BoardShape::Standard {
        return None;
    }
    let b = &pos.board;
    let (Some(ours), Some(theirs)) = (
        Side::of(b.planes64(side)),
        Side::of(b.planes64(side.other())),
    ) else {
        return None;
    };
    if ours.kings.count_ones() != 1 {
        return None;
    }
    let ctx = Ctx::new(pos, side);
    let set = |squares: &mut dyn Iterator<Item = Square>| {
        squares.fold(0u64, |m, s| m | 1u64 << (s.index() & 63))
    };
    let exits = set(&mut ctx.exits.iter().copied());
    let kit = Kit::get();
    let occ = ours.all | theirs.all;
    let king = ours.kings.trailing_zeros() as usize;
    let enemy_resting = set(&mut ctx.enemy_resting.iter().flatten().copied());
    // Our pieces that alone stand between the King and an active enemy line piece (a
    // square the enemy shares stays blocked when ours leaves it).
    let active = theirs.all & !enemy_resting;
    let snipers = ((kit.a.rook(king, theirs.all) & theirs.orthogonal)
        | (kit.a.bishop(king, theirs.all) & theirs.diagonal))
        & active;
    let mut pinned = 0;
    for s in squares(snipers) {
        let between = kit.a.between[king][s] & occ;
        if between.count_ones() == 1 {
            pinned |= between & ours.all & !theirs.all;
        }
    }
    let g = Gen {
        kit,
        pos,
        ctx: &ctx,
        us: side,
        ours,
        theirs,
        occ,
        king,
        resting: set(&mut pos.resting[side.index()].iter().flatten().copied()),
        enemy_resting,
        exits,
        pinned,
    };
    Some(f(&g))
}

/// What the generator knows about one side's commits on one position.
struct Gen<'a> {
    kit: Kit,
    pos: &'a Position,
    ctx: &'a Ctx,
    us: Color,
    ours: Side,
    theirs: Side,
    occ: u64,
    king: usize,
    /// Our resting pieces (§2.2).
    resting: u64,
    /// The enemy's resting pieces, which give no immediate check (§2.4).
    enemy_resting: u64,
    /// Our pieces that must leave a shared square (§5).
    exits: u64,
    /// Our pieces that alone block an active enemy line piece's way to our King: only
    /// their commits can leave the King attacked, when no active piece attacks it now
    /// (which holds for every commit but a King step: an immediate check allows only
    /// those, §2.4).
    pinned: u64,
}

impl Gen<'_> {
    /// Whether the enemy pieces on the squares of `attackers` attack `sq` with `occ`
    /// occupied.
    #[inline(always)]
    fn attacked(&self, sq: usize, occ: u64, attackers: u64) -> bool {
        let (a, th) = (self.kit.a, &self.theirs);
        (a.pawn[self.us.index()][sq] & th.pawns & attackers)
            | (a.knight[sq] & th.knights & attackers)
            | (a.king[sq] & th.kings & attackers)
            | (a.bishop(sq, occ) & th.diagonal & attackers)
            | (a.rook(sq, occ) & th.orthogonal & attackers)
            != 0
    }

    /// The occupancy after our piece leaves `from` for `to` (an enemy piece sharing `from`
    /// stays; `to` is occupied by ours whatever stood there).
    #[inline(always)]
    fn occ_after(&self, from: usize, to: usize) -> u64 {
        (self.occ & !(1u64 << from & !self.theirs.all)) | 1u64 << to
    }

    /// Whether the non-King commit `from` → `to` (a capture removes the enemy piece on `to`)
    /// leaves our King unattacked by active enemy pieces (§2.4–§2.5; never when it shares
    /// its square, rule 5).
    #[inline(always)]
    fn king_safe_after(&self, from: usize, to: usize) -> bool {
        if self.theirs.all >> self.king & 1 != 0 || self.pinned >> from & 1 == 0 {
            // A King on a shared square is never in check (rule 5); no active piece
            // attacks the King now, so only a pinned piece's leaving can let one through.
            return true;
        }
        let active = self.theirs.all & !self.enemy_resting & !(1u64 << to);
        !self.attacked(self.king, self.occ_after(from, to), active)
    }

    /// Pushes the legal commits of our piece on `from`, in the reference order.
    fn piece_commits(&self, from: usize, out: &mut Vec<Move>) {
        let bit = 1u64 << from;
        let exit = self.exits & bit != 0;
        if !exit && (self.exits != 0 || self.resting & bit != 0) {
            return;
        }
        let Some(kind) = self.pos.board.kind(self.us, Square(from as u8)) else {
            return;
        };
        if self.ctx.immediate && kind != PieceKind::King {
            return;
        }
        // An exit may not capture (§5).
        let capturable = if exit {
            0
        } else {
            self.theirs.all & !self.ours.all
        };
        match kind {
            PieceKind::Pawn => self.pawn_commits(from, capturable, out),
            PieceKind::King => {
                let empty = !self.occ;
                let mut to = self.kit.a.king[from] & !self.ours.all & (empty | capturable);
                for x in squares(to) {
                    let attackers = self.theirs.all & !(1u64 << x);
                    if self.attacked(x, self.occ_after(from, x), attackers) {
                        to &= !(1u64 << x);
                    }
                }
                self.kit.push(kind, from, to, out);
            }
            _ => {
                let empty = !self.occ;
                let mut to = self.kit.attacks(kind, from, self.occ) & (empty | capturable);
                for x in squares(to) {
                    if !self.king_safe_after(from, x) {
                        to &= !(1u64 << x);
                    }
                }
                self.kit.push(kind, from, to, out);
            }
        }
    }

    /// The pawn on `from`'s commits in the reference order: its steps onto empty squares,
    /// then its diagonals (file − 1 first) onto squares only the enemy holds or onto the
    /// en passant square, each once per promotion kind on the last rank.
    fn pawn_commits(&self, from: usize, capturable: u64, out: &mut Vec<Move>) {
        let us = self.us;
        for to in self.kit.pawn_pushes(us, from) {
            if to == NONE || self.occ >> (to & 63) & 1 != 0 {
                break;
            }
            if self.king_safe_after(from, to as usize) {
                self.push_pawn(from, to as usize, Special::Normal, out);
            }
        }
        for to in self.kit.pawn_captures(us, from) {
            if to == NONE {
                continue;
            }
            let bit = 1u64 << (to & 63);
            if self.theirs.all & bit != 0 {
                if capturable & bit != 0 && self.king_safe_after(from, to as usize) {
                    self.push_pawn(from, to as usize, Special::Normal, out);
                }
            } else if let Some(ep) = &self.pos.ep[us.other().index()]
                && self.occ & bit == 0
                && ep.squares().any(|s| s.0 == to)
                && self.theirs.pawns >> (ep.pawn.index() & 63) & 1 != 0
            {
                let start = out.len();
                let special = Special::EnPassant { captured: ep.pawn };
                self.push_pawn(from, to as usize, special, out);
                // Rare: judged as the reference does.
                classic::retain_tail(out, start, |mv| {
                    check_commit(self.pos, us, mv, self.ctx).is_ok()
                });
            }
        }
    }

    /// Pushes a pawn commit, once per promotion kind onto the last rank.
    #[inline(always)]
    fn push_pawn(&self, from: usize, to: usize, special: Special, out: &mut Vec<Move>) {
        let promotions = self.pos.variant.promotion_kinds();
        self.kit
            .push_pawn(self.us, promotions, from, to, special, out);
    }
}
