//! Force Field Chess (`rules/force-field.md`): every piece but the King charges the empty
//! squares it could move to or through (§1); the side with the larger charge on an empty
//! square controls it (§2); the opponent's pieces other than the King may not cross or land
//! on it (§3), and lines of attack are cut by squares the defending side controls (§4).
//!
//! Owns the charge map ([`fields`]), field-aware move generation, the field-aware attack
//! test behind check, mate and castling, and the reasons a move is refused by a field.
//! Movement geometry, board updates, counters and effects come from
//! [`classic`]; this module only filters and re-tests. Plain Rust, no Bevy.
//!
//! Determinism: move order is the classic order with castling last.

mod fields;
mod masks;
#[cfg(test)]
mod tests;

pub use fields::{
    ChargeMap, Contribution, FIELD_SQUARES, field_strength, fields, fields_of_board, net_charges,
};

use fields::{controller_of, hostile, knight_routes};

use super::{Capabilities, TitleExample, VariantRules};
use crate::rules::board::Board;
use crate::rules::classic;
use crate::rules::geometry::{Direction, Square};
use crate::rules::moves::{Effect, Fact, Move, Special};
use crate::rules::piece::{Color, Piece, PieceKind};
use crate::rules::position::{Position, Wing};
use crate::rules::refusal::{CastlingRefusal, Reason, RuleRef};
use crate::rules::variant::Variant;

/// A rule of `rules/force-field.md`.
const fn force_field(
    section: &'static str,
    ruling: Option<&'static str>,
    title: &'static str,
) -> RuleRef {
    RuleRef {
        doc: "force-field",
        name: "Force Field",
        section,
        ruling,
        title,
    }
}

/// §1: the charges.
pub const CHARGES: RuleRef = force_field(
    "§1",
    None,
    "every piece but the King charges the empty squares it could reach",
);
/// §2: control.
pub const CONTROL: RuleRef = force_field("§2", None, "the larger charge controls an empty square");
/// §3: moves.
pub const FIELDS_BLOCK_MOVES: RuleRef = force_field("§3", None, "fields block enemy moves");
/// §3, ruling F-3: en passant onto a controlled square.
pub const FIELDS_BLOCK_EN_PASSANT: RuleRef =
    force_field("§3", Some("F-3"), "fields block enemy moves");
/// §4: attack, check and mate.
pub const FIELDS_CUT_ATTACKS: RuleRef = force_field("§4", None, "fields cut lines of attack");
/// §4, ruling F-6: castling through or into check with the fields recomputed.
pub const FIELDS_CUT_CASTLING: RuleRef =
    force_field("§4", Some("F-6"), "fields cut lines of attack");

/// What Force Field Chess: classic chess with fields (§1–4).
pub const CAPABILITIES: Capabilities = Capabilities {
    fields: true,
    ..Capabilities::CLASSIC
};

/// The rules of Force Field Chess.
#[derive(Clone, Copy, Debug, Default)]
pub struct ForceField;

impl VariantRules for ForceField {
    fn variant(&self) -> Variant {
        Variant::ForceField
    }

    fn capabilities(&self) -> &'static Capabilities {
        &CAPABILITIES
    }

    fn initial_text(&self) -> &'static str {
        super::standard::INITIAL
    }

    fn rules_card(&self) -> &'static str {
        include_str!("../../../../assets/rules-cards/force-field.md")
    }

    fn openings(&self) -> &'static str {
        include_str!("../../../../assets/openings/force-field.txt")
    }

    fn title_example(&self) -> TitleExample {
        TitleExample {
            setup: &[],
            entry: "e2e4",
        }
    }

    fn rule_line(&self) -> &'static str {
        "Fields hold empty squares: only a King may cross the enemy's."
    }

    fn title_card(&self) -> &'static [&'static str] {
        &[
            "Each piece charges the empty squares it could reach: Pawn 1 up to Queen 5.",
            "A square your opponent charges more is closed to your pieces, King excepted.",
            "Fields can even cut a check.",
        ]
    }

    fn legal_moves(&self, pos: &Position, out: &mut Vec<Move>) {
        legal_moves(pos, out);
    }

    fn legal_move_count(&self, pos: &Position, buffer: &mut Vec<Move>) -> usize {
        classic::count_or_list(masks::legal_move_count(pos), buffer, |b| {
            legal_moves_reference(pos, b);
        })
    }

    fn judge(&self, pos: &Position, side: Color, mv: &Move) -> Result<Move, Reason> {
        super::with_turn(pos, side, |p| {
            classic::with_en_passant_probe(self, p, side, mv, judge)
        })
    }

    fn play(&self, pos: &mut Position, mv: &Move) -> Vec<Effect> {
        play(pos, mv)
    }

    /// A capture en passant is legal when it is among the legal moves (fields, ruling F-3).
    fn en_passant_is_legal(
        &self,
        pos: &Position,
        capturer: Color,
        pawn: Square,
        to: Square,
    ) -> bool {
        capturer == pos.turn
            && pos.legal_moves().iter().any(|m| {
                m.to == to
                    && matches!(m.special, Special::EnPassant { captured } if captured == pawn)
            })
    }

    /// §4; classic under ruling F-4.
    fn in_check(&self, pos: &Position, side: Color) -> bool {
        in_check(pos, side)
    }

    fn facts(&self, before: &Position, after: &Position) -> Vec<Fact> {
        facts(before, after)
    }

    fn refusal_to_show(&self, pos: &Position) -> Option<(Move, Reason)> {
        refusal_to_show(pos)
    }
    fn rule_of(&self, reason: &Reason) -> Option<RuleRef> {
        Some(match reason {
            Reason::FieldHeld {
                en_passant: true, ..
            } => FIELDS_BLOCK_EN_PASSANT,
            Reason::FieldHeld { .. } | Reason::KnightRoutesBlocked { .. } => FIELDS_BLOCK_MOVES,
            Reason::FieldCheckNotAnswered { .. }
            | Reason::KingIntoFieldCheck { .. }
            | Reason::GivesUpNeutralisingField { .. }
            | Reason::LeavesKingInFieldCheck { .. }
            | Reason::Castling(CastlingRefusal::OutOfFieldCheck { .. }) => FIELDS_CUT_ATTACKS,
            Reason::Castling(
                CastlingRefusal::ThroughFieldCheck { .. } | CastlingRefusal::IntoFieldCheck { .. },
            ) => FIELDS_CUT_CASTLING,
            _ => return None,
        })
    }

    fn rule_refs(&self) -> &'static [RuleRef] {
        &[CHARGES, CONTROL, FIELDS_BLOCK_MOVES, FIELDS_CUT_ATTACKS]
    }
}

/// What forbids a move by fields (`rules/force-field.md §3`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum FieldBlock {
    /// The destination or a crossed square is held by the opponent.
    Square(Square),
    /// A Knight's routes: a held square on each.
    Routes(Square, Square),
}

/// Why fields forbid `kind` of `mover` going `from` → `to` (a move or an attack), or `None`
/// if the fields allow it. Kings are never blocked (ruling F-2). Occupied squares are
/// neutral, so a capture is blocked only by its path.
fn field_block(
    board: &Board,
    net: &[i32; FIELD_SQUARES],
    from: Square,
    to: Square,
    mover: Color,
    kind: PieceKind,
) -> Option<FieldBlock> {
    let shape = board.shape();
    match kind {
        PieceKind::King => None,
        PieceKind::Knight => {
            if hostile(net, to, mover) {
                return Some(FieldBlock::Square(to));
            }
            let (f0, r0) = shape.coords(from);
            let (f1, r1) = shape.coords(to);
            let [a, b] = knight_routes(board, from, f1 - f0, r1 - r0).map(|route| {
                route
                    .into_iter()
                    .flatten()
                    .find(|&s| hostile(net, s, mover))
            });
            match (a, b) {
                (Some(a), Some(b)) => Some(FieldBlock::Routes(a, b)),
                _ => None,
            }
        }
        PieceKind::Pawn
        | PieceKind::Bishop
        | PieceKind::Rook
        | PieceKind::Queen
        | PieceKind::Guard
        | PieceKind::Matriarch
        | PieceKind::Jumper
        | PieceKind::OuterKnight => classic::between(shape, from, to)
            .into_iter()
            .chain(std::iter::once(to))
            .find(|&s| hostile(net, s, mover))
            .map(FieldBlock::Square),
    }
}

/// The squares whose fields forbid `mv` for the side to move (`rules/force-field.md §3`),
/// for the board to highlight: the first enemy-held square on the path or the destination,
/// or for a Knight with both routes shut the first held square of each route. Empty when
/// the fields allow the move (it may still be illegal for another reason), for a King and
/// for castling (ruling F-2), and when no piece of the side to move stands on `mv.from`.
///
/// # Examples
/// ```
/// use esoterica::rules::{Move, Position, Variant};
/// use esoterica::rules::variants::force_field::field_blockers;
/// let mut pos = Position::new(Variant::ForceField);
/// let e4 = pos.parse_move("e2e4").unwrap();
/// pos.play(&e4);
/// let sq = |n: &str| pos.shape().parse_square(n).unwrap();
/// // After 1.e4 White's Bishop (+3) holds b5 against the pawn b7 (−1).
/// assert_eq!(field_blockers(&pos, &Move::new(sq("b7"), sq("b5"))), vec![sq("b5")]);
/// assert!(field_blockers(&pos, &Move::new(sq("b7"), sq("b6"))).is_empty());
/// ```
pub fn field_blockers(pos: &Position, mv: &Move) -> Vec<Square> {
    let us = pos.turn();
    let Some(kind) = pos.board.kind(us, mv.from) else {
        return Vec::new();
    };
    if matches!(mv.special, Special::Castle { .. }) {
        return Vec::new();
    }
    let net = net_charges(&pos.board);
    match field_block(&pos.board, &net, mv.from, mv.to, us, kind) {
        None => Vec::new(),
        Some(FieldBlock::Square(s)) => vec![s],
        Some(FieldBlock::Routes(a, b)) => vec![a, b],
    }
}

/// Calls `f` with each piece of `by` that attacks `sq` under `rules/force-field.md §4`
/// (lines cut by empty squares the defender, `by.other()`, controls; Kings and pawns never
/// cut); stops when `f` returns true. Order: pawns, Knights, then lines.
fn scan_attackers(
    board: &Board,
    net: &[i32; FIELD_SQUARES],
    sq: Square,
    by: Color,
    f: &mut impl FnMut(Square) -> bool,
) {
    let shape = board.shape();
    for df in [-1, 1] {
        if let Some(s) = shape.leap(sq, df, -by.forward())
            && board.kind(by, s) == Some(PieceKind::Pawn)
            && f(s)
        {
            return;
        }
    }
    for (df, dr) in classic::KNIGHT_LEAPS {
        if let Some(s) = shape.leap(sq, df, dr)
            && board.kind(by, s) == Some(PieceKind::Knight)
            && field_block(board, net, s, sq, by, PieceKind::Knight).is_none()
            && f(s)
        {
            return;
        }
    }
    let target_held = board.is_empty(sq) && hostile(net, sq, by);
    for d in Direction::ALL {
        let mut cut = target_held;
        let mut dist = 0u8;
        for s in shape.ray(sq, d) {
            dist += 1;
            if board.is_empty(s) {
                cut |= hostile(net, s, by);
                continue;
            }
            if let Some(k) = board.kind(by, s) {
                let (dirs, range) = classic::lines(k, shape.zone(s));
                let ok = k == PieceKind::King || !cut;
                if dist <= range && dirs.contains(&d) && ok && f(s) {
                    return;
                }
            }
            break;
        }
    }
}

/// Whether `by` attacks `sq` (§4) given the position's net charges.
fn field_attacked(board: &Board, net: &[i32; FIELD_SQUARES], sq: Square, by: Color) -> bool {
    let mut hit = false;
    scan_attackers(board, net, sq, by, &mut |_| {
        hit = true;
        true
    });
    hit
}

/// The first attacker (§4) of `side`'s King on `board`, fields recomputed for `board`; with
/// `classic_check` (ruling F-4) the classic attack rule instead.
fn king_attacker(board: &Board, side: Color, classic_check: bool) -> Option<Square> {
    let king = board.king(side)?;
    if classic_check {
        return classic::attackers(board, king, side.other())
            .first()
            .copied();
    }
    let net = net_charges(board);
    let mut found = None;
    scan_attackers(board, &net, king, side.other(), &mut |s| {
        found = Some(s);
        true
    });
    found
}

/// Whether `side`'s King stands attacked on `board` (§4, or classic under ruling F-4): on
/// bitboards where the sets describe the board (`masks.rs`), else by
/// [`king_attacked_reference`].
fn king_attacked(board: &Board, side: Color, classic_check: bool) -> bool {
    masks::king_attacked(board, side, classic_check)
        .unwrap_or_else(|| king_attacked_reference(board, side, classic_check))
}

/// [`king_attacked`] square by square, from the charge map ([`scan_attackers`]): the
/// reference of the bitboard test.
fn king_attacked_reference(board: &Board, side: Color, classic_check: bool) -> bool {
    let Some(king) = board.king(side) else {
        return false;
    };
    // Field attacks are classic attacks minus the cut ones, so most positions need no fields.
    if !classic::is_attacked(board, king, side.other()) {
        return false;
    }
    if classic_check {
        return true;
    }
    let net = net_charges(board);
    field_attacked(board, &net, king, side.other())
}

/// `board` with `side`'s King moved from `from` to `to` (nothing else changes).
fn with_king_on(board: &Board, side: Color, from: Square, to: Square) -> Board {
    let mut b = board.clone();
    b.remove(side, from);
    b.put(to, crate::rules::piece::Piece::new(side, PieceKind::King));
    b
}

/// Castling safety (ruling F-6): the start square is tested on the current position, a
/// crossed square with the King standing on it (Rook unmoved, fields recomputed); the
/// landing square is tested on the position after castling by the legality filter.
fn castle_square_attacked(pos: &Position, us: Color, sq: Square) -> bool {
    let classic_check = pos.options().classic_check;
    let Some(king) = pos.board.king(us) else {
        return false;
    };
    if sq == king {
        return king_attacked(&pos.board, us, classic_check);
    }
    let landing = Wing::BOTH
        .into_iter()
        .filter_map(|w| pos.castle_spec(us, w))
        .any(|s| s.king_to == sq);
    if landing {
        return false;
    }
    king_attacked(&with_king_on(&pos.board, us, king, sq), us, classic_check)
}

/// Legal moves of the side to move: on bitboards where the sets describe the position
/// (`masks.rs`), else by [`legal_moves_reference`].
fn legal_moves(pos: &Position, out: &mut Vec<Move>) {
    if !masks::legal_moves(pos, out) {
        legal_moves_reference(pos, out);
    }
}

/// The square-array generator: classic geometry, minus moves a field forbids (§3), plus
/// castling (F-2, F-6), minus moves after which the own King stands attacked (§4), each
/// played on a copy of the board. The reference of the bitboard generator in the tests,
/// and the generator of the positions it declines.
fn legal_moves_reference(pos: &Position, out: &mut Vec<Move>) {
    let us = pos.turn;
    let start = out.len();
    let net = net_charges(&pos.board);
    classic::piece_pseudo_moves(&ForceField, pos, us, out);
    let mut w = start;
    for i in start..out.len() {
        let mv = out[i];
        let allowed = pos
            .board
            .kind(us, mv.from)
            .is_some_and(|k| field_block(&pos.board, &net, mv.from, mv.to, us, k).is_none());
        if allowed {
            out[w] = mv;
            w += 1;
        }
    }
    out.truncate(w);
    classic::castling_moves(&ForceField, pos, us, out, |sq| {
        castle_square_attacked(pos, us, sq)
    });
    if pos.board.king(us).is_none() {
        return;
    }
    let classic_check = pos.options().classic_check;
    let mut w = start;
    for i in start..out.len() {
        let mv = out[i];
        let mut b = pos.board.clone();
        classic::apply_to_board(&mut b, us, &mv);
        if !king_attacked(&b, us, classic_check) {
            out[w] = mv;
            w += 1;
        }
    }
    out.truncate(w);
}

/// Plays a legal move: the classic effects, with [`Effect::ChargesChanged`] in the Settle
/// stage (before any check and the game end) when the charge map changed.
fn play(pos: &mut Position, mv: &Move) -> Vec<Effect> {
    let before = fields(pos);
    let mut fx = classic::play(&ForceField, pos, mv);
    if fields(pos) != before {
        let at = fx
            .iter()
            .position(|e| matches!(e, Effect::Check { .. } | Effect::GameOver(_)))
            .unwrap_or(fx.len());
        fx.insert(at, Effect::ChargesChanged);
    }
    fx
}

/// The squares each side holds as sets (`Color::index`; bit `i` for square index `i`,
/// `rules/force-field.md §2`), for the bots' evaluation; `None` where the sets do not
/// describe the board (a kind beyond the standard six, a shared square, another shape).
pub(crate) fn held_squares(board: &Board) -> Option<[u64; 2]> {
    masks::held(board)
}

/// Whether `side`'s King is attacked (§4; classic under ruling F-4).
pub(crate) fn in_check(pos: &Position, side: Color) -> bool {
    king_attacked(&pos.board, side, pos.options().classic_check)
}

/// The piece of `board` on `sq`, with its square, when there is one.
fn piece_at(board: &Board, sq: Option<Square>) -> Option<(Piece, Square)> {
    let sq = sq?;
    board.piece_at(sq).map(|p| (p, sq))
}

/// A refusal of the classic judge, for the moves whose refusal Force Field does not change
/// (no piece, movement, promotion, castling rights and empty squares). The classic judge
/// refuses them all; should it accept one, it is refused by its movement.
fn classic_refusal(pos: &Position, mv: &Move) -> Reason {
    classic::judge(&ForceField, pos, mv)
        .err()
        .unwrap_or(Reason::Movement {
            kind: PieceKind::King,
            from: mv.from,
            to: mv.to,
        })
}

/// The Force Field judge for the side to move: the classic piece and movement checks, then
/// the fields (§3), castling with the field-aware attack (ruling F-6), and the own King's
/// safety with the fields recomputed after the move (§4).
fn judge(pos: &Position, mv: &Move) -> Result<Move, Reason> {
    let us = pos.turn;
    let classic_check = pos.options().classic_check;
    let b = &pos.board;
    let Some(kind) = b.kind(us, mv.from) else {
        return Err(classic_refusal(pos, mv));
    };
    // Castling (the King ignores fields, ruling F-2; attacks use them, F-6).
    if kind == PieceKind::King
        && let Some((wing, spec)) = Wing::BOTH
            .into_iter()
            .filter_map(|w| pos.castle_spec(us, w).map(|s| (w, s)))
            .find(|(_, s)| s.king_from == mv.from && s.king_to == mv.to)
    {
        if !pos.can_castle(us, wing)
            || b.kind(us, spec.rook_from) != Some(PieceKind::Rook)
            || spec.empty.iter().any(|&s| !b.is_empty(s))
        {
            return Err(Reason::Castling(
                classic::judge_castling(&ForceField, pos, us, wing)
                    .err()
                    .unwrap_or(CastlingRefusal::LeavesKingInCheck),
            ));
        }
        if in_check(pos, us) {
            return Err(Reason::Castling(CastlingRefusal::OutOfFieldCheck {
                attacker: piece_at(b, king_attacker(b, us, classic_check)),
            }));
        }
        if let Some(&crossed) = spec.safe.iter().find(|&&s| {
            s != spec.king_from && s != spec.king_to && castle_square_attacked(pos, us, s)
        }) {
            let nb = with_king_on(b, us, spec.king_from, crossed);
            return Err(Reason::Castling(CastlingRefusal::ThroughFieldCheck {
                square: crossed,
                attacker: piece_at(&nb, king_attacker(&nb, us, classic_check)),
            }));
        }
        let castle = spec.castle_move();
        let mut nb = b.clone();
        classic::apply_to_board(&mut nb, us, &castle);
        if !king_attacked(&nb, us, classic_check) {
            return Ok(castle);
        }
        return Err(Reason::Castling(CastlingRefusal::IntoFieldCheck {
            square: spec.king_to,
            attacker: piece_at(&nb, king_attacker(&nb, us, classic_check)),
        }));
    }
    // The same move under classic geometry, fields ignored.
    let mut geom = Vec::new();
    classic::moves_of_piece(&ForceField, pos, mv.from, us, kind, &mut geom);
    let same_path = |m: &&Move| m.from == mv.from && m.to == mv.to;
    let net = net_charges(b);
    let held = |square: Square, en_passant: bool| Reason::FieldHeld {
        kind,
        square,
        holder: controller_of(net[square.index()]).unwrap_or(us.other()),
        charge: net[square.index()],
        en_passant,
    };
    let Some(real) = geom
        .iter()
        .filter(same_path)
        .find(|m| m.promotion == mv.promotion)
        .copied()
    else {
        // A promotion written without its piece: a field may still be the real reason.
        if mv.promotion.is_none()
            && let Some(m) = geom.iter().find(same_path)
            && let Some(FieldBlock::Square(s)) = field_block(b, &net, m.from, m.to, us, kind)
        {
            return Err(held(s, false));
        }
        return Err(classic_refusal(pos, mv));
    };
    match field_block(b, &net, real.from, real.to, us, kind) {
        Some(FieldBlock::Square(s)) => {
            return Err(held(s, matches!(real.special, Special::EnPassant { .. })));
        }
        Some(FieldBlock::Routes(a, c)) => {
            return Err(Reason::KnightRoutesBlocked {
                routes: [(a, net[a.index()]), (c, net[c.index()])],
            });
        }
        None => {}
    }
    // Allowed by the fields: legal unless the own King stands attacked afterwards.
    let mut after = b.clone();
    classic::apply_to_board(&mut after, us, &real);
    if !king_attacked(&after, us, classic_check) {
        return Ok(real);
    }
    let by = king_attacker(&after, us, classic_check);
    let attacker = piece_at(&after, by);
    if in_check(pos, us) {
        return Err(Reason::FieldCheckNotAnswered { side: us, attacker });
    }
    if kind == PieceKind::King {
        return Err(Reason::KingIntoFieldCheck {
            to: real.to,
            attacker,
        });
    }
    let neutralised = by.is_some_and(|a| {
        b.king(us)
            .is_some_and(|k| classic::attackers(b, k, us.other()).contains(&a))
    });
    if neutralised && !classic_check {
        return Err(Reason::GivesUpNeutralisingField { attacker });
    }
    Err(Reason::LeavesKingInFieldCheck { attacker })
}

/// The enemy pieces that line up on `side`'s King by classic movement but are cut off by a
/// field (§4), so they give no check. Empty under "classic check" (ruling F-4).
fn neutralised_attackers(pos: &Position, side: Color) -> Vec<Square> {
    let Some(king) = pos.board.king(side) else {
        return Vec::new();
    };
    if pos.options().classic_check || in_check(pos, side) {
        return Vec::new();
    }
    classic::attackers(&pos.board, king, side.other())
}

/// A piece that stood still and was cut off from `side`'s King by a field before the move,
/// and checks it after (a check given by changing the fields, §4).
fn uncut_checker(before: &Position, after: &Position, side: Color) -> Option<Square> {
    let king = after.board.king(side)?;
    let now = classic::attackers(&after.board, king, side.other());
    neutralised_attackers(before, side)
        .into_iter()
        .find(|a| now.contains(a) && before.board.piece_at(*a) == after.board.piece_at(*a))
}

/// What Force Field notices about a move from `before` to `after` (see
/// [`VariantRules::facts`]): the empty squares whose control passed to the other side (by
/// side, White first, then square order), a check a field now cuts (one per King), and a
/// check given by lifting a field.
fn facts(before: &Position, after: &Position) -> Vec<Fact> {
    let (m0, m1) = (fields(before), fields(after));
    let mut out = Vec::new();
    for side in Color::BOTH {
        for square in after.shape().squares().take(FIELD_SQUARES) {
            if before.board.is_empty(square)
                && after.board.is_empty(square)
                && m1.controller(square) == Some(side)
                && m0.controller(square) == Some(side.other())
            {
                out.push(Fact::ControlChanged {
                    square,
                    holder: side,
                    charge: m1.net(square),
                });
            }
        }
    }
    for side in Color::BOTH {
        let now = neutralised_attackers(after, side);
        if now.is_empty() || now == neutralised_attackers(before, side) {
            continue;
        }
        let (Some(king), Some(attacker)) = (after.board.king(side), after.board.piece_at(now[0]))
        else {
            continue;
        };
        let cut = classic::between(after.shape(), now[0], king)
            .into_iter()
            .find(|&s| m1.controller(s) == Some(side))
            .map(|s| (s, m1.net(s)));
        out.push(Fact::CheckNeutralised {
            side,
            attacker,
            at: now[0],
            cut,
        });
    }
    for side in Color::BOTH {
        if in_check(after, side)
            && let Some(at) = uncut_checker(before, after, side)
            && let Some(attacker) = before.board.piece_at(at)
        {
            out.push(Fact::CheckByFields { side, attacker, at });
        }
    }
    out
}

/// One move of the side to move that a field forbids (§3), to be explained: the strongest
/// piece first (Queen, Rook, Bishop, Knight, Pawn); for one strength a move blocked on its
/// way before one blocked at its destination; then the first in generation order (by origin
/// square). Deterministic. `None` when no field blocks anything.
fn refusal_to_show(pos: &Position) -> Option<(Move, Reason)> {
    let us = pos.turn;
    let mut geom = Vec::new();
    classic::piece_pseudo_moves(&ForceField, pos, us, &mut geom);
    let net = net_charges(&pos.board);
    let mut best: Option<(i32, Move, FieldBlock)> = None;
    for mv in geom {
        let Some(kind) = pos.board.kind(us, mv.from) else {
            continue;
        };
        let Some(strength) = field_strength(kind) else {
            continue;
        };
        // A crossed square is more telling than a held destination: it ranks just above.
        if best.as_ref().is_some_and(|(s, _, _)| *s > strength * 2) {
            continue;
        }
        let Some(block) = field_block(&pos.board, &net, mv.from, mv.to, us, kind) else {
            continue;
        };
        let first = match block {
            FieldBlock::Square(s) | FieldBlock::Routes(s, _) => s,
        };
        let score = strength * 2 + i32::from(first != mv.to);
        if best.as_ref().is_none_or(|(s, _, _)| score > *s) {
            best = Some((score, mv, block));
        }
    }
    let (_, mv, block) = best?;
    let kind = pos.board.kind(us, mv.from)?;
    let reason = match block {
        FieldBlock::Square(square) => Reason::FieldHeld {
            kind,
            square,
            holder: us.other(),
            charge: net[square.index()],
            en_passant: false,
        },
        FieldBlock::Routes(a, b) => Reason::KnightRoutesBlocked {
            routes: [(a, net[a.index()]), (b, net[b.index()])],
        },
    };
    Some((mv, reason))
}
