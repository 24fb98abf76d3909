//! Parity Chess and Parity Chess with Single Occupation (`rules/parity.md`): simultaneous
//! moves, commit → reveal → resolve.
//!
//! Owns: which commits a side may make on the start-of-turn position P (§2, §5), the
//! order-free resolution of two commits into effects (§3), the end of the game (§4), perft
//! over turns, commit notation (SAN on P) and record mode (ruling P-6). It must not keep
//! history (repetition lives in [`GameRecord`](crate::rules::record::GameRecord)).
//!
//! En passant: each side's capturable double step is recorded on its own, so when both sides
//! make one in the same turn both may be taken the next turn (§2.8, ruling P-8).

use std::fmt;

use super::classic;
use crate::rules::board::Board;
use crate::rules::geometry::Square;
use crate::rules::moves::{CheckKind, Effect, Move, Special};
use crate::rules::outcome::{DrawReason, Outcome, WinReason};
use crate::rules::piece::{Color, Piece, PieceKind};
use crate::rules::position::{IllegalMove, MoveError, Position, Wing};
use crate::rules::variant::Variant;

/// A rule of `rules/parity.md` that a commit can break; named in errors and in record mode.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Rule {
    /// The piece cannot make that move at all (no piece, wrong geometry, blocked line).
    Movement,
    /// §2.2 / rules 4–5: the destination holds one of the mover's own pieces (a shared square
    /// holds one, so its pieces cannot be captured).
    SharedSquare,
    /// §2.3: a pawn moves diagonally only to capture (or en passant).
    PawnCapture,
    /// §2.1 (seed rule 2): the piece moved last turn and must rest.
    RestRule,
    /// §2.4: the King is in immediate check and must move.
    ImmediateCheck,
    /// §2.5 / P-2 / P-5: the King may not move onto an attacked square.
    KingSafety,
    /// §2.6 / P-3: the move would uncover the own King to a non-resting enemy piece.
    DiscoveredCheck,
    /// §2.7: castling conditions.
    Castling,
    /// §2.8: en passant conditions.
    EnPassant,
    /// Standard promotion: the piece must be chosen (and be a legal kind).
    Promotion,
    /// §5: Single Occupation — the piece on a shared square must leave it, without capturing.
    SingleOccupation,
    /// §4: the game is already over.
    GameOver,
}

impl Rule {
    /// The short code printed by `esoterica apply --record` (`rule-error <code> <move>`).
    pub fn code(self) -> &'static str {
        match self {
            Rule::Movement => "movement",
            Rule::SharedSquare => "shared-square",
            Rule::PawnCapture => "pawn-capture",
            Rule::RestRule => "rest-rule",
            Rule::ImmediateCheck => "immediate-check",
            Rule::KingSafety => "king-safety",
            Rule::DiscoveredCheck => "discovered-check",
            Rule::Castling => "castling",
            Rule::EnPassant => "en-passant",
            Rule::Promotion => "promotion",
            Rule::SingleOccupation => "single-occupation",
            Rule::GameOver => "game-over",
        }
    }

    /// Where the rule is written: a section of `rules/parity.md` and its ruling.
    pub fn section(self) -> &'static str {
        match self {
            Rule::Movement => "§2 (standard movement)",
            Rule::SharedSquare => "§2.2 (rules 4-5)",
            Rule::PawnCapture => "§2.3",
            Rule::RestRule => "§2.1 (rule 2)",
            Rule::ImmediateCheck => "§2.4",
            Rule::KingSafety => "§2.5 (P-2)",
            Rule::DiscoveredCheck => "§2.6 (P-3)",
            Rule::Castling => "§2.7",
            Rule::EnPassant => "§2.8 (rule 7)",
            Rule::Promotion => "§3.5",
            Rule::SingleOccupation => "§5",
            Rule::GameOver => "§4",
        }
    }
}

impl fmt::Display for Rule {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {}", self.code(), self.section())
    }
}

/// A commit that breaks a rule: the side, the move as written, the rule and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RuleError {
    /// Whose commit.
    pub side: Color,
    /// The commit as written in the record (or its coordinate form).
    pub mv: String,
    /// The rule it breaks.
    pub rule: Rule,
    /// A sentence naming the squares involved.
    pub reason: String,
}

impl fmt::Display for RuleError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} {} breaks {}: {}",
            self.side, self.mv, self.rule, self.reason
        )
    }
}

/// What happened in one turn of a record-mode replay ([`replay_record`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TurnReport {
    /// Turn number, from 1.
    pub number: u32,
    /// White's commit, if its text could be read.
    pub white: Option<Move>,
    /// Black's commit, if its text could be read.
    pub black: Option<Move>,
    /// The resolution effects (rules order).
    pub effects: Vec<Effect>,
    /// Every rule the turn's commits break (White's first).
    pub errors: Vec<RuleError>,
    /// The position text after the turn.
    pub position: String,
}

fn is_resting(pos: &Position, side: Color, sq: Square) -> bool {
    pos.resting[side.index()].contains(&Some(sq))
}

/// Squares where `side` has a piece sharing the square with an enemy piece, when Single
/// Occupation forces it to leave (§5). Empty in plain Parity.
fn forced_exits(pos: &Position, side: Color) -> Vec<Square> {
    if pos.variant != Variant::ParitySingle {
        return Vec::new();
    }
    pos.board
        .pieces(side)
        .filter(|&(s, _)| pos.board.is_shared(s))
        .map(|(s, _)| s)
        .collect()
}

/// The squares from which `side` must move its piece this turn in Parity Single Occupation
/// (its pieces sharing a square with an enemy piece, `rules/parity.md §5`); those pieces
/// are exempt from the rest rule. Empty in plain Parity and the other variants.
///
/// # Examples
/// ```
/// use esoterica::rules::{Color, Position, Variant, variants::parity};
/// // White's and Black's Knights share d5 in Single Occupation: both must leave it.
/// let p = Position::from_text(Variant::ParitySingle, "4k3/8/8/3[Nn]4/8/8/8/4K3 w - - 0 1 d5/d5").unwrap();
/// let d5 = p.shape().parse_square("d5").unwrap();
/// assert_eq!(parity::must_leave(&p, Color::White), vec![d5]);
/// assert_eq!(parity::must_leave(&p, Color::Black), vec![d5]);
/// ```
pub fn must_leave(pos: &Position, side: Color) -> Vec<Square> {
    forced_exits(pos, side)
}

/// The attackers of `side`'s King on `board` (none if it has no King or stands on a shared
/// square: rule 5).
fn king_attackers(board: &Board, side: Color) -> Vec<Square> {
    match board.king(side) {
        Some(k) if !board.is_shared(k) => classic::attackers(board, k, side.other()),
        _ => Vec::new(),
    }
}

/// Whether `side`'s King on `board` is attacked by an enemy piece that is not resting.
fn attacked_by_active(board: &Board, side: Color, enemy_resting: &[Option<Square>; 2]) -> bool {
    king_attackers(board, side)
        .iter()
        .any(|a| !enemy_resting.contains(&Some(*a)))
}

/// The check `side` stands in on `pos`: immediate when a non-resting enemy piece attacks its
/// King, delayed when only the enemy's resting piece does (§2.4); `None` when not attacked or
/// when the King stands on a shared square.
///
/// # Examples
/// ```
/// use esoterica::rules::{Color, Position, Variant, variants::parity};
/// let p = Position::new(Variant::Parity);
/// assert_eq!(parity::check_kind(&p, Color::White), None);
/// ```
pub fn check_kind(pos: &Position, side: Color) -> Option<CheckKind> {
    let att = king_attackers(&pos.board, side);
    if att.is_empty() {
        None
    } else if att.iter().any(|a| !is_resting(pos, side.other(), *a)) {
        Some(CheckKind::Immediate)
    } else {
        Some(CheckKind::Delayed)
    }
}

/// Whether `side` is in check (immediate or delayed).
pub(crate) fn in_check(pos: &Position, side: Color) -> bool {
    check_kind(pos, side).is_some()
}

/// Every move of `side`'s pieces by standard movement on P, ignoring the rest rule, checks
/// and Single Occupation (the candidates record mode reads moves from). Castling only needs
/// the rights and empty squares here.
fn candidates(pos: &Position, side: Color, out: &mut Vec<Move>) {
    classic::piece_pseudo_moves(pos, side, out);
    classic::castling_moves(pos, side, out, |_| false);
}

/// What a side's commit checks need to know once per position.
struct Ctx {
    enemy_resting: [Option<Square>; 2],
    immediate: bool,
    exits: Vec<Square>,
}

impl Ctx {
    fn new(pos: &Position, side: Color) -> Ctx {
        Ctx {
            enemy_resting: pos.resting[side.other().index()],
            immediate: check_kind(pos, side) == Some(CheckKind::Immediate),
            exits: forced_exits(pos, side),
        }
    }
}

fn is_capture(pos: &Position, side: Color, mv: &Move) -> bool {
    match mv.special {
        Special::EnPassant { .. } => true,
        Special::Castle { .. } => false,
        Special::Normal => pos.board.kind(side.other(), mv.to).is_some(),
    }
}

/// Checks a candidate move (from [`candidates`]) against §2.1 and §2.4–§2.8 and §5.
fn check_candidate(
    pos: &Position,
    side: Color,
    mv: &Move,
    ctx: &Ctx,
) -> Result<(), (Rule, String)> {
    let shape = pos.shape();
    let n = |s: Square| shape.name(s);
    let Some(kind) = pos.board.kind(side, mv.from) else {
        return Err((
            Rule::Movement,
            format!("{side} has no piece on {}", n(mv.from)),
        ));
    };
    let castle = matches!(mv.special, Special::Castle { .. });
    let exit = ctx.exits.contains(&mv.from);
    if !ctx.exits.is_empty() && !exit {
        return Err((
            Rule::SingleOccupation,
            format!(
                "{side}'s piece on the shared square {} must leave it this turn, and it is the only piece {side} may move",
                n(ctx.exits[0])
            ),
        ));
    }
    if exit && (castle || is_capture(pos, side, mv)) {
        return Err((
            Rule::SingleOccupation,
            format!(
                "the {} leaving the shared square {} may not capture",
                kind.name(),
                n(mv.from)
            ),
        ));
    }
    if !exit && is_resting(pos, side, mv.from) {
        return Err((
            Rule::RestRule,
            format!(
                "the {} on {} moved last turn and must rest this turn",
                kind.name(),
                n(mv.from)
            ),
        ));
    }
    if ctx.immediate && (kind != PieceKind::King || castle) {
        return Err((
            Rule::ImmediateCheck,
            format!(
                "{side}'s King is in immediate check and must move (blocking or capturing does not help: the attacker moves at the same moment)"
            ),
        ));
    }
    if let Special::EnPassant { captured } = mv.special
        && pos.board.is_shared(captured)
    {
        return Err((
            Rule::EnPassant,
            format!(
                "the pawn on {} stands on a shared square and cannot be taken en passant",
                n(captured)
            ),
        ));
    }
    let mut b = pos.board.clone();
    classic::apply_to_board(&mut b, side, mv);
    let them = side.other();
    if let Special::Castle { .. } = mv.special {
        for s in classic::between(shape, mv.from, mv.to) {
            let active = classic::attackers(&pos.board, s, them)
                .iter()
                .any(|a| !ctx.enemy_resting.contains(&Some(*a)));
            if active {
                return Err((
                    Rule::Castling,
                    format!(
                        "the King may not castle across {}, attacked by a non-resting enemy piece",
                        n(s)
                    ),
                ));
            }
        }
        if classic::is_attacked(&b, mv.to, them) {
            return Err((
                Rule::Castling,
                format!(
                    "the King may not castle onto {}, attacked by an enemy piece",
                    n(mv.to)
                ),
            ));
        }
        return Ok(());
    }
    if kind == PieceKind::King {
        if classic::is_attacked(&b, mv.to, them) {
            let by = classic::attackers(&b, mv.to, them);
            let by: Vec<String> = by
                .iter()
                .map(|&a| {
                    format!(
                        "{} on {}",
                        b.kind(them, a).map_or("piece", PieceKind::name),
                        n(a)
                    )
                })
                .collect();
            return Err((
                Rule::KingSafety,
                format!(
                    "the King may not move onto {}, attacked by the {} (resting or not)",
                    n(mv.to),
                    by.join(" and the ")
                ),
            ));
        }
        return Ok(());
    }
    if attacked_by_active(&b, side, &ctx.enemy_resting) {
        return Err((
            Rule::DiscoveredCheck,
            "the move would expose the own King to a non-resting enemy piece".to_string(),
        ));
    }
    Ok(())
}

/// The legal commits of `side` on `pos` (§2; §5 for Single Occupation), in a stable order:
/// by origin square, then generation order, castling last.
pub(crate) fn legal_commits(pos: &Position, side: Color, out: &mut Vec<Move>) {
    let ctx = Ctx::new(pos, side);
    let start = out.len();
    candidates(pos, side, out);
    let mut w = start;
    for i in start..out.len() {
        let mv = out[i];
        if check_candidate(pos, side, &mv, &ctx).is_ok() {
            out[w] = mv;
            w += 1;
        }
    }
    out.truncate(w);
}

fn commits(pos: &Position, side: Color) -> Vec<Move> {
    let mut v = Vec::with_capacity(48);
    legal_commits(pos, side, &mut v);
    v
}

/// The rule a commit of `side` breaks, with a sentence naming the squares, or `None` if it
/// is legal. Promotion must match a legal one exactly.
///
/// # Examples
/// ```
/// use esoterica::rules::{Color, Move, Position, Variant, variants::parity};
/// let p = Position::new(Variant::Parity);
/// let sq = |s: &str| p.shape().parse_square(s).unwrap();
/// let (rule, _) = parity::broken_rule(&p, Color::White, &Move::new(sq("e2"), sq("d3"))).unwrap();
/// assert_eq!(rule, parity::Rule::PawnCapture);
/// ```
pub fn broken_rule(pos: &Position, side: Color, mv: &Move) -> Option<(Rule, String)> {
    let shape = pos.shape();
    let n = |s: Square| shape.name(s);
    if let Some(o) = outcome(pos) {
        return Some((
            Rule::GameOver,
            format!("the game is over: {}", o.describe()),
        ));
    }
    // A refused en passant capture is judged on the position with the enemy pawn's advance
    // recorded (only legal captures keep their record).
    if let Some((probe, pawn)) = super::en_passant_probe(pos, side, mv) {
        let mut cands = Vec::new();
        candidates(&probe, side, &mut cands);
        if let Some(m) = cands.iter().find(|m| {
            m.from == mv.from && m.to == mv.to && matches!(m.special, Special::EnPassant { .. })
        }) {
            return Some(
                check_candidate(&probe, side, m, &Ctx::new(&probe, side))
                    .err()
                    .unwrap_or_else(|| {
                        (
                            Rule::EnPassant,
                            super::not_just_advanced(pos, side, mv, pawn),
                        )
                    }),
            );
        }
    }
    let mut cands = Vec::new();
    candidates(pos, side, &mut cands);
    let same = |m: &&Move| m.from == mv.from && m.to == mv.to;
    if let Some(m) = cands
        .iter()
        .find(|m| same(m) && m.promotion == mv.promotion)
    {
        return check_candidate(pos, side, m, &Ctx::new(pos, side)).err();
    }
    let Some(kind) = pos.board.kind(side, mv.from) else {
        return Some((
            Rule::Movement,
            format!("{side} has no piece on {}", n(mv.from)),
        ));
    };
    if cands.iter().any(|m| same(&m)) {
        return Some((
            Rule::Promotion,
            if mv.promotion.is_none() {
                "a pawn reaching the last rank must promote: choose the piece with the commit (e.g. e7e8q)".to_string()
            } else {
                "that promotion is not allowed here".to_string()
            },
        ));
    }
    if mv.from == mv.to {
        return Some((Rule::Movement, "a move must change the square".to_string()));
    }
    if pos.board.kind(side, mv.to).is_some() {
        return Some((
            Rule::SharedSquare,
            if pos.board.is_shared(mv.to) {
                format!(
                    "{} is a shared square: it holds one of {side}'s pieces, so neither piece there can be captured",
                    n(mv.to)
                )
            } else {
                format!("{} holds one of {side}'s own pieces", n(mv.to))
            },
        ));
    }
    if kind == PieceKind::King
        && Wing::BOTH.into_iter().any(|w| {
            pos.castle_spec(side, w)
                .is_some_and(|s| s.king_from == mv.from && s.king_to == mv.to)
        })
    {
        return Some((
            Rule::Castling,
            "castling needs the right (King and Rook unmoved) and every square between them empty"
                .to_string(),
        ));
    }
    if kind == PieceKind::Pawn {
        let (f0, r0) = shape.coords(mv.from);
        let (f1, r1) = shape.coords(mv.to);
        if (f1 - f0).abs() == 1 && r1 - r0 == side.forward() {
            return Some((
                Rule::PawnCapture,
                format!(
                    "a pawn moves diagonally only to capture a lone enemy piece (or en passant), and {} holds none",
                    n(mv.to)
                ),
            ));
        }
    }
    Some((Rule::Movement, classic::movement_refusal(pos, kind, mv)))
}

/// Names the rule that forbids a commit of the side `pos.turn()` (the dispatcher's
/// `why_illegal`).
pub(crate) fn why_illegal(pos: &Position, mv: &Move) -> String {
    match broken_rule(pos, pos.turn, mv) {
        Some((rule, reason)) => format!("{reason} ({})", rule.section()),
        None => "the commit is legal".to_string(),
    }
}

/// Resolves both commits after checking them (§3). On error the position is untouched.
pub(crate) fn resolve(
    pos: &mut Position,
    white: &Move,
    black: &Move,
) -> Result<Vec<Effect>, IllegalMove> {
    if !matches!(pos.variant, Variant::Parity | Variant::ParitySingle) {
        return Err(IllegalMove {
            mv: white.coordinate(pos.shape()),
            reason: format!("{} is not played with simultaneous moves", pos.variant),
        });
    }
    let mut chosen = [*white, *black];
    for (i, side) in Color::BOTH.into_iter().enumerate() {
        let mv = chosen[i];
        let legal = commits(pos, side);
        match legal
            .iter()
            .find(|m| m.from == mv.from && m.to == mv.to && m.promotion == mv.promotion)
        {
            Some(m) if outcome(pos).is_none() => chosen[i] = *m,
            _ => {
                let (rule, reason) = broken_rule(pos, side, &mv)
                    .unwrap_or((Rule::Movement, "not a legal commit".to_string()));
                return Err(IllegalMove {
                    mv: mv.coordinate(pos.shape()),
                    reason: format!("{side}'s commit breaks {rule}: {reason}"),
                });
            }
        }
    }
    Ok(resolve_unchecked(pos, [Some(chosen[0]), Some(chosen[1])]))
}

fn vacated(mv: &Move) -> [Square; 2] {
    match mv.special {
        Special::Castle { rook_from, .. } => [mv.from, rook_from],
        Special::Normal | Special::EnPassant { .. } => [mv.from, mv.from],
    }
}

/// Resolves the two commits (`None`: that side makes no move, record mode only) without any
/// legality check (§3). Never panics; an illegal commit gives the placement the rules of §3
/// imply (record mode, P-6).
pub(crate) fn resolve_unchecked(pos: &mut Position, moves: [Option<Move>; 2]) -> Vec<Effect> {
    let start = pos.clone();
    let shape = pos.shape();
    let mut fx = Vec::new();
    // The movers that exist.
    let mut movers: [Option<(Move, PieceKind)>; 2] = [None, None];
    for side in Color::BOTH {
        if let Some(m) = moves[side.index()]
            && let Some(k) = start.board.kind(side, m.from)
        {
            movers[side.index()] = Some((m, k));
        }
    }
    // 1. Both moving pieces leave; 3. both land (Step effects animate together).
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
    // 2. Captures succeed only against a piece that did not move this turn.
    let mut captured: Vec<(Color, Square)> = Vec::new();
    let mut any_capture = false;
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
            any_capture = true;
        }
    }
    // Placement: everything leaves, captured pieces go, then everything lands.
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
    for &(c, s) in &captured {
        pos.board.remove(c, s);
    }
    for &(s, p) in &landings {
        pos.board.put(s, p);
    }
    // Shared squares.
    let mut shared: Vec<Square> = Vec::new();
    for &(s, _) in &landings {
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
    // 6. Resting pieces, castling rights, en passant, counters.
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
            if pos.can_castle(side, wing)
                && let Some(spec) = pos.castle_spec(side, wing)
                && (pos.board.kind(side, spec.king_from) != Some(PieceKind::King)
                    || pos.board.kind(side, spec.rook_from) != Some(PieceKind::Rook)
                    || movers[side.index()]
                        .is_some_and(|(m, _)| m.from == spec.king_from || m.from == spec.rook_from))
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
    if pawn_moved || any_capture {
        pos.halfmove = 0;
    } else {
        pos.halfmove += 1;
    }
    pos.fullmove += 1;
    pos.turn = Color::White;
    if pos.ep.iter().any(Option::is_some) {
        super::retain_legal_en_passant(pos);
    }
    // Checks after the turn, and checks the other side's move defeated.
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
        let mut alone = start.board.clone();
        classic::apply_to_board(&mut alone, side, &m);
        let before = king_attackers(&start.board, them);
        let intended = king_attackers(&alone, them)
            .iter()
            .any(|a| !before.contains(a));
        if intended && king_attackers(&pos.board, them).is_empty() {
            fx.push(Effect::FailedCheck { by: side });
        }
    }
    if let Some(o) = outcome(pos) {
        fx.push(Effect::GameOver(o));
    }
    fx
}

/// How `side` loses before committing, if it does (§4, §5).
fn loss(pos: &Position, side: Color) -> Option<WinReason> {
    if !commits(pos, side).is_empty() {
        return None;
    }
    Some(if check_kind(pos, side) == Some(CheckKind::Immediate) {
        WinReason::Checkmate
    } else if !forced_exits(pos, side).is_empty() {
        WinReason::CannotLeaveSharedSquare
    } else {
        WinReason::Stalemate
    })
}

/// The end of the game judged before the commits (§4): King captured (P-4), checkmate,
/// stalemate (both lose; both at once: draw), Single Occupation's forced exit (§5) and the
/// 50-turn rule. Repetition needs the record; §4 has no dead-material draw.
pub(crate) fn outcome(pos: &Position) -> Option<Outcome> {
    let gone = Color::BOTH.map(|c| pos.board.king(c).is_none());
    match gone {
        [true, true] => {
            return Some(Outcome::Draw {
                reason: DrawReason::Simultaneous,
            });
        }
        [true, false] => {
            return Some(Outcome::Win {
                winner: Color::Black,
                reason: WinReason::KingCaptured,
            });
        }
        [false, true] => {
            return Some(Outcome::Win {
                winner: Color::White,
                reason: WinReason::KingCaptured,
            });
        }
        [false, false] => {}
    }
    match (loss(pos, Color::White), loss(pos, Color::Black)) {
        (Some(_), Some(_)) => {
            return Some(Outcome::Draw {
                reason: DrawReason::Simultaneous,
            });
        }
        (Some(reason), None) => {
            return Some(Outcome::Win {
                winner: Color::Black,
                reason,
            });
        }
        (None, Some(reason)) => {
            return Some(Outcome::Win {
                winner: Color::White,
                reason,
            });
        }
        (None, None) => {}
    }
    if pos.halfmove >= 50 {
        return Some(Outcome::Draw {
            reason: DrawReason::FiftyMoves,
        });
    }
    // No dead-material draw: §4 lists none, and a lone King is not dead material here — it
    // must rest after each move and then has no legal move, which loses (rule 6).
    None
}

/// Plays the commit of `pos.turn()` alone, the other side standing still (a preview of one
/// side's intention, as "intended check" uses it; not a Parity turn). The mover rests next
/// turn. Effects as [`resolve_unchecked`] gives them.
pub(crate) fn play_alone(pos: &mut Position, mv: &Move) -> Vec<Effect> {
    let mut moves = [None, None];
    moves[pos.turn.index()] = Some(*mv);
    resolve_unchecked(pos, moves)
}

/// Perft over turns: a turn is one pair of legal commits; a turn that ends the game is a
/// leaf. 0 if the game is already over.
///
/// # Examples
/// ```
/// use esoterica::rules::{Position, Variant, perft::perft};
/// assert_eq!(perft(&Position::new(Variant::Parity), 1), 400);
/// ```
pub(crate) fn perft(pos: &Position, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    if outcome(pos).is_some() {
        return 0;
    }
    let w = commits(pos, Color::White);
    let b = commits(pos, Color::Black);
    if depth == 1 {
        return (w.len() * b.len()) as u64;
    }
    let mut n = 0;
    for wm in &w {
        for bm in &b {
            n += turn_leaves(pos, wm, bm, depth);
        }
    }
    n
}

fn turn_leaves(pos: &Position, wm: &Move, bm: &Move, depth: u32) -> u64 {
    let mut next = pos.clone();
    resolve_unchecked(&mut next, [Some(*wm), Some(*bm)]);
    if depth == 1 || outcome(&next).is_some() {
        1
    } else {
        perft(&next, depth - 1)
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

/// A commit in SAN evaluated on the start-of-turn position (`e4`, `Nf3`, `exd5`, `O-O`,
/// `e8=Q`), without check marks. The mover is `pos.turn()` if it has a piece on the origin,
/// else the other side.
pub(crate) fn commit_text(pos: &Position, mv: &Move) -> String {
    let mut p = pos.clone();
    if p.board.kind(p.turn, mv.from).is_none() {
        p.turn = p.turn.other();
    }
    crate::rules::notation::san::san_body(&p, mv)
}

/// Reads a commit of `side` in SAN or coordinate form among its legal commits.
pub(crate) fn parse_commit(pos: &Position, side: Color, text: &str) -> Result<Move, MoveError> {
    let mut p = pos.clone();
    p.turn = side;
    let text = text.trim();
    let legal = commits(&p, side);
    if crate::rules::notation::san::parse_coordinate(p.shape(), text).is_ok() {
        return crate::rules::notation::san::find_coordinate(&p, text, &legal, |m| {
            why_illegal(&p, m)
        });
    }
    match crate::rules::notation::san::parse_san(&p, text, &legal) {
        Err(MoveError::Illegal(e)) => {
            // Name the rule when the text names a move of standard movement.
            let mut cands = Vec::new();
            candidates(&p, side, &mut cands);
            match crate::rules::notation::san::parse_san(&p, text, &cands) {
                Ok(m) => Err(MoveError::Illegal(IllegalMove {
                    mv: text.to_string(),
                    reason: why_illegal(&p, &m),
                })),
                Err(_) => Err(MoveError::Illegal(e)),
            }
        }
        other => other,
    }
}

/// Reads a commit of `side` for record mode: a legal commit if the text names one, else any
/// move of standard movement on P (resting pieces and unsafe King moves included).
///
/// # Errors
/// [`MoveError`] when the text names no move of standard movement at all.
///
/// # Examples
/// ```
/// use esoterica::rules::{Color, Position, Variant, variants::parity};
/// let p = Position::from_text(Variant::Parity, "4k3/8/8/8/8/8/8/R3K3 w - - 0 1 a1/-").unwrap();
/// // The rook rests, but record mode still reads the move.
/// assert!(parity::parse_recorded(&p, Color::White, "Ra8").is_ok());
/// ```
pub fn parse_recorded(pos: &Position, side: Color, text: &str) -> Result<Move, MoveError> {
    match parse_commit(pos, side, text) {
        Ok(m) => Ok(m),
        Err(first) => {
            let mut p = pos.clone();
            p.turn = side;
            let mut cands = Vec::new();
            candidates(&p, side, &mut cands);
            let text = text.trim();
            let found = if crate::rules::notation::san::parse_coordinate(p.shape(), text).is_ok() {
                crate::rules::notation::san::find_coordinate(&p, text, &cands, |_| String::new())
            } else {
                crate::rules::notation::san::parse_san(&p, text, &cands)
            };
            found.map_err(|_| first)
        }
    }
}

/// Record mode (ruling P-6): replays recorded turns `(WHITE, BLACK)` from `start` without the
/// legality filter. Each commit that breaks a rule is reported in its turn's
/// [`TurnReport::errors`] and the replay goes on; a commit whose text names no move at all is
/// reported as [`Rule::Movement`] and that side makes no move. An empty text means "no move".
/// The replay stops after a turn that ends the game.
///
/// # Examples
/// ```
/// use esoterica::rules::{Position, Variant, variants::parity};
/// let r = parity::replay_record(&Position::new(Variant::Parity), &[("e4", "e5"), ("e5", "d6")]);
/// assert!(r[0].errors.is_empty());
/// assert_eq!(r[1].errors[0].mv, "e5"); // the e-pawn rests on turn 2
/// ```
pub fn replay_record(start: &Position, turns: &[(&str, &str)]) -> Vec<TurnReport> {
    let mut pos = start.clone();
    let mut out = Vec::new();
    for (i, (wt, bt)) in turns.iter().enumerate() {
        let mut errors = Vec::new();
        let mut moves = [None, None];
        for (side, text) in [(Color::White, *wt), (Color::Black, *bt)] {
            if text.trim().is_empty() {
                continue;
            }
            match parse_recorded(&pos, side, text) {
                Ok(m) => {
                    if let Some((rule, reason)) = broken_rule(&pos, side, &m) {
                        errors.push(RuleError {
                            side,
                            mv: text.trim().to_string(),
                            rule,
                            reason,
                        });
                    }
                    moves[side.index()] = Some(m);
                }
                Err(e) => errors.push(RuleError {
                    side,
                    mv: text.trim().to_string(),
                    rule: Rule::Movement,
                    reason: e.to_string(),
                }),
            }
        }
        let effects = resolve_unchecked(&mut pos, moves);
        let over = effects.iter().any(|e| matches!(e, Effect::GameOver(_)));
        out.push(TurnReport {
            number: i as u32 + 1,
            white: moves[0],
            black: moves[1],
            effects,
            errors,
            position: pos.to_text(),
        });
        if over {
            break;
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::notation::pgn;
    use crate::rules::record::{Entry, GameRecord};
    use rand::{RngExt, SeedableRng};

    const W: Color = Color::White;
    const B: Color = Color::Black;

    fn pos(v: Variant, text: &str) -> Position {
        Position::from_text(v, text).unwrap()
    }

    fn p(text: &str) -> Position {
        pos(Variant::Parity, text)
    }

    /// Legal commits of `side` in coordinate form, sorted.
    fn commits_of(p: &Position, side: Color) -> Vec<String> {
        let mut v: Vec<String> = commits(p, side)
            .iter()
            .map(|m| m.coordinate(p.shape()))
            .collect();
        v.sort();
        v
    }

    /// Commits of `side` from one square, sorted.
    fn commits_from(p: &Position, side: Color, from: &str) -> Vec<String> {
        commits_of(p, side)
            .into_iter()
            .filter(|m| m.starts_with(from))
            .collect()
    }

    /// Plays one turn; returns the effects (one string, `; `-joined) and the position text.
    fn turn(p: &mut Position, w: &str, b: &str) -> (String, String) {
        let wm = parse_commit(p, W, w).unwrap();
        let bm = parse_commit(p, B, b).unwrap();
        let fx = p.resolve(&wm, &bm).unwrap();
        let shape = p.shape();
        let fx: Vec<String> = fx.iter().map(|e| e.describe(shape)).collect();
        (fx.join("; "), p.to_text())
    }

    fn rule_of(p: &Position, side: Color, text: &str) -> Rule {
        let m = parse_recorded(p, side, text).unwrap_or_else(|_| {
            let (from, to, promotion) =
                crate::rules::notation::san::parse_coordinate(p.shape(), text).unwrap();
            Move {
                from,
                to,
                promotion,
                special: Special::Normal,
            }
        });
        broken_rule(p, side, &m).unwrap().0
    }

    #[test]
    fn initial_position_has_twenty_commits_each() {
        let p = Position::new(Variant::Parity);
        assert_eq!(commits(&p, W).len(), 20);
        assert_eq!(commits(&p, B).len(), 20);
    }

    #[test]
    fn perft_of_the_initial_position_is_400_then_170409() {
        let p = Position::new(Variant::Parity);
        assert_eq!(crate::rules::perft::perft(&p, 1), 400);
        assert_eq!(crate::rules::perft::perft(&p, 2), 170_409);
        let d = divide(&p, 1);
        assert_eq!(d.len(), 400);
        assert_eq!(d[0], ("b1c3/a7a6".to_string(), 1));
        let single = Position::new(Variant::ParitySingle);
        assert_eq!(crate::rules::perft::perft(&single, 1), 400);
    }

    #[test]
    fn rule_2_1_rest_rule_forbids_moving_the_piece_that_moved_last_turn() {
        let mut q = p("4k3/7p/8/8/8/8/P7/R3K3 w - - 0 1 a1/-");
        assert_eq!(commits_from(&q, W, "a1"), Vec::<String>::new());
        assert_eq!(rule_of(&q, W, "Rd1"), Rule::RestRule);
        let before = q.to_text();
        let wm = parse_recorded(&q, W, "Rd1").unwrap();
        let bm = parse_commit(&q, B, "Kd7").unwrap();
        let err = q.resolve(&wm, &bm).unwrap_err();
        assert!(err.reason.contains("rest-rule"), "{}", err.reason);
        assert_eq!(q.to_text(), before);
        assert_eq!(
            turn(&mut q, "a3", "Kd7"),
            (
                "step White Pawn a2 a3; step Black King e8 d7".to_string(),
                "8/3k3p/8/8/8/P7/8/R3K3 w - - 0 2 a3/d7".to_string()
            )
        );
        // Free again one turn later.
        assert_eq!(commits_from(&q, W, "a1"), ["a1a2", "a1b1", "a1c1", "a1d1"]);
    }

    #[test]
    fn rule_2_2_shared_square_blocks_lines_and_its_pieces_cannot_be_captured() {
        let q = p("4k3/8/8/8/R2[Pp]4/8/8/4K3 w - - 0 1 -/-");
        assert_eq!(
            commits_from(&q, W, "a4"),
            [
                "a4a1", "a4a2", "a4a3", "a4a5", "a4a6", "a4a7", "a4a8", "a4b4", "a4c4"
            ]
        );
        assert_eq!(commits_from(&q, W, "d4"), ["d4d5"]);
        assert_eq!(commits_from(&q, B, "d4"), ["d4d3"]);
        assert_eq!(rule_of(&q, W, "a4d4"), Rule::SharedSquare);
    }

    #[test]
    fn rule_2_3_pawn_moves_diagonally_only_as_a_capture_and_a_failed_capture_lands() {
        let mut q = p("4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1 -/-");
        assert_eq!(commits_from(&q, W, "e4"), ["e4d5", "e4e5"]);
        assert_eq!(rule_of(&q, W, "e4f5"), Rule::PawnCapture);
        assert_eq!(
            turn(&mut q, "exd5", "d4"),
            (
                "step White Pawn e4 d5; step Black Pawn d5 d4; failed-capture White Pawn d5"
                    .to_string(),
                "4k3/8/8/3P4/3p4/8/8/4K3 w - - 0 2 d5/d4".to_string()
            )
        );
    }

    #[test]
    fn rule_3_2_both_failed_captures_swap_the_pieces() {
        let mut q = p("4k3/8/8/3n4/8/2N5/8/4K3 w - - 0 1 -/-");
        assert_eq!(
            turn(&mut q, "Nxd5", "Nxc3"),
            (
                "step White Knight c3 d5; step Black Knight d5 c3; failed-capture White Knight d5; failed-capture Black Knight c3"
                    .to_string(),
                "4k3/8/8/3N4/8/2n5/8/4K3 w - - 1 2 d5/c3".to_string()
            )
        );
    }

    #[test]
    fn rule_3_captures_of_pieces_that_stay_both_succeed_order_free() {
        let mut q = p("n3k2r/8/8/8/8/8/8/R3K2N w - - 0 1 -/-");
        assert_eq!(
            turn(&mut q, "Rxa8", "Rxh1"),
            (
                "step White Rook a1 a8; step Black Rook h8 h1; capture Black Knight a8; capture White Knight h1; delayed-check white; delayed-check black"
                    .to_string(),
                "R3k3/8/8/8/8/8/8/4K2r w - - 0 2 a8/h1".to_string()
            )
        );
    }

    #[test]
    fn rule_3_3_pieces_landing_together_share_the_square() {
        let mut q = Position::new(Variant::Parity);
        turn(&mut q, "e4", "e6");
        assert_eq!(
            turn(&mut q, "d4", "Bb4"),
            (
                "step White Pawn d2 d4; step Black Bishop f8 b4; delayed-check white".to_string(),
                "rnbqk1nr/pppp1ppp/4p3/8/1b1PP3/8/PPP2PPP/RNBQKBNR w KQkq - 0 3 d4/b4".to_string()
            )
        );
        let mut q = p("4k3/8/8/8/8/8/6P1/4K3 w - - 0 1 -/-");
        q.board_mut()
            .put(Square(62), Piece::new(B, PieceKind::Queen));
        assert_eq!(
            turn(&mut q, "g4", "Qg4"),
            (
                "step White Pawn g2 g4; step Black Queen g8 g4; shared g4".to_string(),
                "4k1q1/8/8/8/6[Pq]1/8/8/4K3 w - - 0 2 g4/g4".replace("4k1q1", "4k3")
            )
        );
    }

    #[test]
    fn ruling_p1_moves_may_cross_white_g2_g4_while_black_qg7_g3() {
        let mut q = p("4k3/6q1/8/8/8/8/6P1/4K3 w - - 0 1 -/-");
        assert_eq!(
            turn(&mut q, "g4", "Qg3"),
            (
                "step White Pawn g2 g4; step Black Queen g7 g3; delayed-check white".to_string(),
                "4k3/8/8/8/6P1/6q1/8/4K3 w - - 0 2 g4/g3".to_string()
            )
        );
    }

    #[test]
    fn rule_2_4_immediate_check_forces_a_king_move_but_delayed_check_does_not() {
        let q = p("4k3/8/8/8/8/8/P7/4K2r w - - 0 1 -/-");
        assert_eq!(check_kind(&q, W), Some(CheckKind::Immediate));
        assert_eq!(commits_of(&q, W), ["e1d2", "e1e2", "e1f2"]);
        assert_eq!(rule_of(&q, W, "a3"), Rule::ImmediateCheck);
        let q = p("4k3/8/8/8/8/8/P7/4K2r w - - 0 1 -/h1");
        assert_eq!(check_kind(&q, W), Some(CheckKind::Delayed));
        assert_eq!(commits_of(&q, W), ["a2a3", "a2a4", "e1d2", "e1e2", "e1f2"]);
    }

    #[test]
    fn rule_2_4_a_delayed_check_becomes_immediate_when_the_attacker_is_free() {
        // The pinned bishop may move while the rook rests (P-3); next turn the rook is free.
        let mut q = p("4r2k/8/8/8/8/8/4B3/4K3 w - - 0 1 -/e8");
        let (fx, text) = turn(&mut q, "Bd3", "Kg8");
        assert_eq!(
            (fx.as_str(), text.as_str()),
            (
                "step White Bishop e2 d3; step Black King h8 g8; immediate-check white",
                "4r1k1/8/8/8/8/3B4/8/4K3 w - - 1 2 d3/g8"
            )
        );
        assert_eq!(commits_of(&q, W), ["e1d1", "e1d2", "e1f1", "e1f2"]);
    }

    #[test]
    fn rule_3_failed_check_when_the_king_steps_away_at_the_same_moment() {
        let mut q = p("4k3/7p/8/8/8/8/8/R3K3 w - - 0 1 -/-");
        let (fx, text) = turn(&mut q, "Ra8", "Ke7");
        assert_eq!(
            (fx.as_str(), text.as_str()),
            (
                "step White Rook a1 a8; step Black King e8 e7; failed-check white",
                "R7/4k2p/8/8/8/8/8/4K3 w - - 1 2 a8/e7"
            )
        );
    }

    #[test]
    fn ruling_p2_king_may_not_step_where_a_resting_piece_attacks() {
        // The rook on h1 rests, yet d1 and f1 stay forbidden.
        let q = p("4k3/8/8/8/8/8/P7/4K2r w - - 0 1 -/h1");
        assert_eq!(rule_of(&q, W, "Kf1"), Rule::KingSafety);
        assert!(
            broken_rule(&q, W, &parse_recorded(&q, W, "Kd1").unwrap())
                .unwrap()
                .1
                .contains("Rook on h1")
        );
    }

    #[test]
    fn rule_2_5_king_on_a_shared_square_is_not_attacked() {
        let q = p("4r2k/8/8/8/8/8/P7/4[Kn]3 w - - 0 1 -/-");
        assert_eq!(check_kind(&q, W), None);
        assert_eq!(commits_from(&q, W, "a2"), ["a2a3", "a2a4"]);
    }

    #[test]
    fn ruling_p5_kings_never_step_next_to_each_other() {
        let q = p("8/7p/8/3k4/8/3K4/P7/8 w - - 0 1 -/-");
        assert_eq!(
            commits_of(&q, W),
            ["a2a3", "a2a4", "d3c2", "d3c3", "d3d2", "d3e2", "d3e3"]
        );
        assert_eq!(
            commits_of(&q, B),
            ["d5c5", "d5c6", "d5d6", "d5e5", "d5e6", "h7h5", "h7h6"]
        );
        assert_eq!(rule_of(&q, W, "Kd4"), Rule::KingSafety);
    }

    #[test]
    fn ruling_p3_no_self_discovered_check_by_a_non_resting_piece() {
        let q = p("4r2k/8/8/8/8/8/4B3/4K3 w - - 0 1 -/-");
        assert_eq!(commits_from(&q, W, "e2"), Vec::<String>::new());
        assert_eq!(rule_of(&q, W, "Bd3"), Rule::DiscoveredCheck);
        // The rook rests: the delayed check may stand one turn.
        let q = p("4r2k/8/8/8/8/8/4B3/4K3 w - - 0 1 -/e8");
        assert_eq!(commits_from(&q, W, "e2").len(), 9);
    }

    #[test]
    fn rule_2_7_castling_conditions_and_both_pieces_rest() {
        // O-O-O may cross an attacked b1.
        let q = p("1r2k3/8/8/8/8/8/8/R3K2R w KQ - 0 1 -/-");
        assert!(commits_from(&q, W, "e1").contains(&"e1c1".to_string()));
        // f1 crossed: forbidden when a non-resting piece attacks it, allowed when it rests.
        let q = p("4kr2/8/8/8/8/8/8/R3K2R w KQ - 0 1 -/-");
        assert_eq!(rule_of(&q, W, "O-O"), Rule::Castling);
        let q = p("4kr2/8/8/8/8/8/8/R3K2R w KQ - 0 1 -/f8");
        assert!(commits_from(&q, W, "e1").contains(&"e1g1".to_string()));
        // g1 landed on: forbidden even when the attacker rests (as §2.5).
        let q = p("4k1r1/8/8/8/8/8/8/R3K2R w KQ - 0 1 -/g8");
        assert_eq!(rule_of(&q, W, "O-O"), Rule::Castling);
        // Immediate check: no castling.
        let q = p("4r1k1/8/8/8/8/8/8/R3K2R w KQ - 0 1 -/-");
        assert_eq!(rule_of(&q, W, "O-O"), Rule::ImmediateCheck);
        let mut q = p("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1 -/-");
        assert_eq!(
            turn(&mut q, "O-O", "O-O-O"),
            (
                "step White King e1 g1; step White Rook h1 f1; step Black King e8 c8; step Black Rook a8 d8"
                    .to_string(),
                "2kr3r/8/8/8/8/8/8/R4RK1 w - - 1 2 g1,f1/c8,d8".to_string()
            )
        );
        assert_eq!(commits_from(&q, W, "f1"), Vec::<String>::new());
        assert_eq!(commits_from(&q, W, "g1"), Vec::<String>::new());
    }

    #[test]
    fn rule_2_8_en_passant_the_next_turn_and_never_against_a_shared_pawn() {
        let mut q = p("4k3/3p3p/8/4P3/8/8/8/4K3 w - - 0 1 -/-");
        assert_eq!(
            turn(&mut q, "Kd2", "d5"),
            (
                "step White King e1 d2; step Black Pawn d7 d5".to_string(),
                "4k3/7p/8/3pP3/8/8/3K4/8 w - d6 0 2 d2/d5".to_string()
            )
        );
        assert_eq!(
            turn(&mut q, "exd6", "Kf8"),
            (
                "step White Pawn e5 d6; step Black King e8 f8; capture Black Pawn d5".to_string(),
                "5k2/7p/3P4/8/8/8/3K4/8 w - - 0 3 d6/f8".to_string()
            )
        );
        // A pawn that moved together with the double step rests (rule 7 from rule 2).
        let mut q = p("4k3/3p4/8/8/4P3/8/8/4K3 w - - 0 1 -/-");
        let (_, text) = turn(&mut q, "e5", "d5");
        assert_eq!(commits_from(&q, W, "e5"), Vec::<String>::new());
        // So no en passant is recorded, and the refusal names the rest rule.
        assert_eq!(text, "4k3/8/8/3pP3/8/8/8/4K3 w - - 0 2 e5/d5");
        assert_eq!(rule_of(&q, W, "e5d6"), Rule::RestRule);
        // The double-stepped pawn on a shared square cannot be taken.
        let mut q = p("4k3/3p4/8/4P3/8/8/3P4/4K3 w - - 0 1 -/-");
        q.board_mut().remove(W, Square(11));
        q.board_mut()
            .put(Square(35), Piece::new(W, PieceKind::Pawn));
        q.ep[B.index()] = Some(crate::rules::position::EnPassant {
            pawn: Square(35),
            passed: [Some(Square(43)), None, None],
        });
        q.board_mut()
            .put(Square(35), Piece::new(B, PieceKind::Pawn));
        q.board_mut().remove(B, Square(51));
        assert!(q.board().is_shared(Square(35)));
        assert_eq!(commits_from(&q, W, "e5"), ["e5e6"]);
        assert_eq!(rule_of(&q, W, "e5d6"), Rule::EnPassant);
    }

    #[test]
    fn ruling_p8_both_double_steps_of_one_turn_may_be_taken_en_passant() {
        let mut q = p("4k3/3p4/8/2P5/5p2/8/4P3/4K3 w - - 0 1 -/-");
        let (_, text) = turn(&mut q, "e4", "d5");
        // Both records are written, White's first, and read back.
        assert_eq!(text, "4k3/8/8/2Pp4/4Pp2/8/8/4K3 w - e3,d6 0 2 e4/d5");
        assert_eq!(pos(Variant::Parity, &text), q);
        let sq = |s: &str| q.shape().parse_square(s).unwrap();
        assert_eq!(
            q.en_passant_of(W)
                .map(|e| (e.pawn, e.squares().collect::<Vec<_>>())),
            Some((sq("e4"), vec![sq("e3")]))
        );
        assert_eq!(
            q.en_passant_of(B)
                .map(|e| (e.pawn, e.squares().collect::<Vec<_>>())),
            Some((sq("d5"), vec![sq("d6")]))
        );
        assert_eq!(commits_from(&q, W, "c5"), ["c5c6", "c5d6"]);
        assert_eq!(commits_from(&q, B, "f4"), ["f4e3", "f4f3"]);
        // The repetition key tells the two records apart from one alone.
        let mut only_black = q.clone();
        only_black.ep[W.index()] = None;
        assert_ne!(only_black.repetition_key(), q.repetition_key());
        // Both captures in the same turn: neither pawn moved, so both succeed.
        assert_eq!(
            turn(&mut q, "cxd6", "fxe3"),
            (
                "step White Pawn c5 d6; step Black Pawn f4 e3; capture Black Pawn d5; capture White Pawn e4"
                    .to_string(),
                "4k3/8/3P4/8/8/4p3/8/4K3 w - - 0 3 d6/e3".to_string()
            )
        );
        // An old text with one record still reads (Black's here: d6 is on Black's half).
        let one = p("4k3/8/8/2Pp4/4Pp2/8/8/4K3 w - d6 0 2 e4/d5");
        assert!(one.en_passant_of(W).is_none());
        assert_eq!(commits_from(&one, W, "c5"), ["c5c6", "c5d6"]);
        assert_eq!(commits_from(&one, B, "f4"), ["f4f3"]);
    }

    #[test]
    fn rule_3_5_promotion_is_chosen_with_the_commit() {
        let mut q = p("4k3/1P5p/8/8/8/8/8/4K3 w - - 0 1 -/-");
        let m = parse_commit(&q, W, "b8=N").unwrap();
        assert_eq!(commit_text(&q, &m), "b8=N");
        assert_eq!(rule_of(&q, W, "b7b8"), Rule::Promotion);
        assert_eq!(
            turn(&mut q, "b8=N", "Kd7"),
            (
                "step White Pawn b7 b8; step Black King e8 d7; promote White Knight b8; delayed-check black"
                    .to_string(),
                "1N6/3k3p/8/8/8/8/8/4K3 w - - 0 2 b8/d7".to_string()
            )
        );
    }

    #[test]
    fn ruling_p4_checkmate_is_adjudicated_and_a_king_capture_ends_the_game() {
        // The Black King rests under a non-resting rook: checkmate before any commit.
        let q = p("4k3/8/8/8/8/8/8/4R1K1 w - - 0 1 -/e8");
        assert_eq!(
            outcome(&q),
            Some(Outcome::Win {
                winner: W,
                reason: WinReason::Checkmate
            })
        );
        // Record mode can still take the King.
        let r = replay_record(&q, &[("Rxe8", "")]);
        let fx: Vec<String> = r[0].effects.iter().map(|e| e.describe(q.shape())).collect();
        assert_eq!(
            fx,
            [
                "step White Rook e1 e8",
                "capture Black King e8",
                "game-over 1-0 (White wins by capturing the King)"
            ]
        );
        let both = p("8/8/8/8/8/8/8/R7 w - - 0 1 -/-");
        assert_eq!(
            outcome(&both),
            Some(Outcome::Draw {
                reason: DrawReason::Simultaneous
            })
        );
    }

    #[test]
    fn rule_4_stalemate_loses_and_both_at_once_is_a_draw() {
        let q = p("7k/8/6Q1/8/8/8/8/K7 w - - 0 1 -/h8");
        assert_eq!(
            outcome(&q),
            Some(Outcome::Win {
                winner: W,
                reason: WinReason::Stalemate
            })
        );
        let q = p("k7/8/8/8/8/8/8/7K w - - 0 1 h1/a8");
        assert_eq!(
            outcome(&q),
            Some(Outcome::Draw {
                reason: DrawReason::Simultaneous
            })
        );
    }

    #[test]
    fn rule_4_a_lone_king_loses_once_it_has_moved_no_dead_material_draw() {
        let mut q = p("4k3/8/8/8/8/8/8/N3K3 w - - 0 1 -/-");
        assert_eq!(outcome(&q), None);
        let (fx, text) = turn(&mut q, "Nb3", "Kd7");
        assert_eq!(
            (fx.as_str(), text.as_str()),
            (
                "step White Knight a1 b3; step Black King e8 d7; game-over 1-0 (White wins by stalemate (no legal move loses))",
                "8/3k4/8/8/8/1N6/8/4K3 w - - 1 2 b3/d7"
            )
        );
        let mut q = p("4k3/8/8/8/8/8/8/4K3 w - - 0 1 -/-");
        let (fx, _) = turn(&mut q, "Kd2", "Kd7");
        assert!(
            fx.ends_with(
                "game-over 1/2-1/2 (Draw by simultaneous mate, stalemate or King capture)"
            ),
            "{fx}"
        );
    }

    #[test]
    fn rule_4_fifty_turns_and_a_failed_capture_does_not_reset_the_count() {
        let mut q = p("4k3/8/8/8/8/8/r7/R3K3 w - - 10 5 -/-");
        assert_eq!(
            turn(&mut q, "Rxa2", "Rb2"),
            (
                "step White Rook a1 a2; step Black Rook a2 b2; failed-capture White Rook a2"
                    .to_string(),
                "4k3/8/8/8/8/8/Rr6/4K3 w - - 11 6 a2/b2".to_string()
            )
        );
        let mut q = p("4k3/7p/8/8/8/8/8/R3K3 w - - 49 30 -/-");
        let (fx, _) = turn(&mut q, "Ra2", "Kd8");
        assert_eq!(
            fx,
            "step White Rook a1 a2; step Black King e8 d8; game-over 1/2-1/2 (Draw by the 50-move rule)"
        );
    }

    #[test]
    fn rule_5_single_occupation_forces_the_exit_without_capture_and_allows_the_return() {
        let mut q = pos(
            Variant::ParitySingle,
            "b3k3/8/8/8/5N2/8/P7/4K3 w - - 0 1 -/-",
        );
        let (fx, text) = turn(&mut q, "Nd5", "Bd5");
        assert_eq!(
            (fx.as_str(), text.as_str()),
            (
                "step White Knight f4 d5; step Black Bishop a8 d5; shared d5",
                "4k3/8/8/3[Nb]4/8/8/P7/4K3 w - - 1 2 d5/d5"
            )
        );
        // Only the shared pieces move, exempt from the rest rule; no captures (a2 is Black's
        // bishop's target only by capture).
        assert_eq!(
            commits_of(&q, W),
            [
                "d5b4", "d5b6", "d5c3", "d5c7", "d5e3", "d5e7", "d5f4", "d5f6"
            ]
        );
        assert_eq!(rule_of(&q, W, "a3"), Rule::SingleOccupation);
        assert!(!commits_of(&q, B).contains(&"d5a2".to_string()));
        assert_eq!(rule_of(&q, B, "Bxa2"), Rule::SingleOccupation);
        let (fx, text) = turn(&mut q, "Nf4", "Ba8");
        assert_eq!(
            (fx.as_str(), text.as_str()),
            (
                "step White Knight d5 f4; step Black Bishop d5 a8",
                "b3k3/8/8/8/5N2/8/P7/4K3 w - - 2 3 f4/a8"
            )
        );
    }

    #[test]
    fn rule_5_single_occupation_a_side_that_cannot_leave_loses_both_draw() {
        let q = pos(
            Variant::ParitySingle,
            "4k3/8/8/8/3p4/3[Pb]4/8/4K3 w - - 0 1 d3/d3",
        );
        assert_eq!(commits_of(&q, W), Vec::<String>::new());
        assert_eq!(
            outcome(&q),
            Some(Outcome::Win {
                winner: B,
                reason: WinReason::CannotLeaveSharedSquare
            })
        );
        let q = pos(
            Variant::ParitySingle,
            "4k3/8/8/3p4/3[Pp]4/3P4/8/4K3 w - - 0 1 d4/d4",
        );
        assert_eq!(
            outcome(&q),
            Some(Outcome::Draw {
                reason: DrawReason::Simultaneous
            })
        );
        // Plain Parity: the same shared pawns may stay.
        let q = p("4k3/8/8/3p4/3[Pp]4/3P4/8/4K3 w - - 0 1 d4/d4");
        assert_eq!(outcome(&q), None);
    }

    #[test]
    fn commits_are_written_in_san_on_the_start_position_and_read_back() {
        let q = Position::new(Variant::Parity);
        for side in Color::BOTH {
            let mut s = q.clone();
            s.turn = side;
            for m in commits(&q, side) {
                let t = commit_text(&s, &m);
                assert_eq!(parse_commit(&q, side, &t), Ok(m), "{t}");
                assert_eq!(parse_commit(&q, side, &m.coordinate(q.shape())), Ok(m));
            }
        }
        let m = parse_commit(&q, W, "Nf3").unwrap();
        assert_eq!(commit_text(&q, &m), "Nf3");
    }

    #[test]
    fn pgn_round_trips_a_parity_game() {
        let mut r = GameRecord::new(Position::new(Variant::Parity));
        for (w, b) in [
            ("e4", "e6"),
            ("d4", "Be7"),
            ("Nf3", "c6"),
            ("Nc3", "d6"),
            ("e5", "e5"),
        ] {
            let p = r.current().clone();
            let wm = parse_commit(&p, W, w).unwrap();
            let bm = parse_commit(&p, B, b).unwrap();
            r.play_turn(&wm, &bm).unwrap();
        }
        let text = pgn::write(&r);
        assert!(text.contains("[Variant \"Parity\"]"), "{text}");
        assert!(
            text.contains("1. e4/e6 2. d4/Be7 3. Nf3/c6 4. Nc3/d6 5. e5/e5 *"),
            "{text}"
        );
        let back = pgn::read(&text, Some(Variant::Parity)).unwrap();
        assert_eq!(back.entries(), r.entries());
        assert_eq!(back.current().to_text(), r.current().to_text());
        assert!(matches!(back.entries()[0], Entry::Turn { .. }));
    }

    #[test]
    fn pgn_carries_both_en_passant_records_in_its_start_position() {
        let start = p("4k3/8/8/2Pp4/4Pp2/8/8/4K3 w - e3,d6 0 2 e4/d5");
        let mut r = GameRecord::new(start.clone());
        let wm = parse_commit(&start, W, "cxd6").unwrap();
        let bm = parse_commit(&start, B, "fxe3").unwrap();
        r.play_turn(&wm, &bm).unwrap();
        let text = pgn::write(&r);
        assert!(
            text.contains("[FEN \"4k3/8/8/2Pp4/4Pp2/8/8/4K3 w - e3,d6 0 2 e4/d5\"]"),
            "{text}"
        );
        let back = pgn::read(&text, Some(Variant::Parity)).unwrap();
        assert_eq!(back.start(), &start);
        assert_eq!(
            back.current().to_text(),
            "4k3/8/3P4/8/8/4p3/8/4K3 w - - 0 3 d6/e3"
        );
    }

    #[test]
    fn illegal_commit_leaves_the_position_untouched_and_names_the_rule() {
        let mut q = Position::new(Variant::Parity);
        let before = q.clone();
        let wm = Move::new(Square(12), Square(20));
        let bm = Move::new(Square(52), Square(44));
        assert!(q.resolve(&wm, &bm).is_ok());
        let wm = Move::new(Square(20), Square(28));
        let bm = Move::new(Square(51), Square(35));
        let err = q.clone().resolve(&wm, &bm).unwrap_err();
        assert!(err.reason.contains("rest-rule"), "{}", err.reason);
        let mut untouched = before.clone();
        let bad = Move::new(Square(12), Square(36));
        assert!(untouched.resolve(&bad, &bm).is_err());
        assert_eq!(untouched, before);
    }

    fn sample_game() -> Vec<(String, String, String)> {
        let text = include_str!("../../../scenes/parity-sample-game.txt");
        text.lines()
            .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
            .map(|l| {
                let (mv, note) = l.split_once('#').unwrap_or((l, ""));
                let t = mv.split_whitespace().nth(1).unwrap();
                let (w, b) = t.split_once('/').unwrap();
                let expect = note.split_once("expect:").map_or("", |(_, e)| e.trim());
                (w.to_string(), b.to_string(), expect.to_string())
            })
            .collect()
    }

    #[test]
    fn sample_game_replays_in_record_mode_with_the_two_known_errors() {
        let game = sample_game();
        assert_eq!(game.len(), 64);
        let start = Position::new(Variant::Parity);
        let turns: Vec<(&str, &str)> = game
            .iter()
            .map(|(w, b, _)| (w.as_str(), b.as_str()))
            .collect();
        let reports = replay_record(&start, &turns);
        assert_eq!(reports.len(), 64);
        let mut errors = Vec::new();
        for (r, (_, _, expect)) in reports.iter().zip(&game) {
            let mut said: Vec<String> = r
                .effects
                .iter()
                .map(|e| e.describe(start.shape()))
                .collect();
            for e in &r.errors {
                said.push(format!("rule-error {} {}", e.rule.code(), e.mv));
                errors.push((r.number, e.rule, e.mv.clone()));
            }
            for want in expect.split('|').map(str::trim).filter(|w| !w.is_empty()) {
                assert!(
                    said.iter().any(|s| s == want),
                    "turn {}: {want} not in {said:?}",
                    r.number
                );
            }
        }
        assert_eq!(
            errors,
            [
                (56, Rule::KingSafety, "Kc6".to_string()),
                (63, Rule::RestRule, "Ra7".to_string())
            ]
        );
        let last = reports.last().unwrap();
        assert_eq!(
            last.position,
            "8/R7/1r5p/k2p2P1/Q2P3P/BP6/8/2K5 w - - 0 65 a4/h6"
        );
        let end = Position::from_text(Variant::Parity, &last.position).unwrap();
        assert_eq!(
            outcome(&end),
            Some(Outcome::Win {
                winner: W,
                reason: WinReason::Checkmate
            })
        );
    }

    #[test]
    fn ruling_p7_black_had_only_h6_and_h5_on_turn_64() {
        let game = sample_game();
        let turns: Vec<(&str, &str)> = game
            .iter()
            .map(|(w, b, _)| (w.as_str(), b.as_str()))
            .collect();
        let reports = replay_record(&Position::new(Variant::Parity), &turns[..63]);
        let before = Position::from_text(Variant::Parity, &reports[62].position).unwrap();
        assert_eq!(commits_of(&before, B), ["h7h5", "h7h6"]);
        for black in ["h6", "h5"] {
            let mut q = before.clone();
            let (fx, _) = turn(&mut q, "Qa4", black);
            assert!(
                fx.ends_with("game-over 1-0 (White wins by checkmate)"),
                "{fx}"
            );
        }
    }

    /// Plays `games` seeded random games of `variant` and checks the invariants after each
    /// turn: at most one piece per side per square (by construction) and so at most two;
    /// pieces only vanish by Capture effects; the resting squares are the landing squares and
    /// hold the mover's pieces.
    fn random_games(variant: Variant, games: u64, max_turns: u32) {
        for seed in 0..games {
            let mut rng = rand::rngs::Xoshiro256PlusPlus::seed_from_u64(seed);
            let mut q = Position::new(variant);
            for _ in 0..max_turns {
                if outcome(&q).is_some() {
                    break;
                }
                let w = commits(&q, W);
                let b = commits(&q, B);
                let wm = w[rng.random_range(0..w.len())];
                let bm = b[rng.random_range(0..b.len())];
                let before = q.board().piece_count();
                let fx = q.resolve(&wm, &bm).unwrap();
                let caught = fx
                    .iter()
                    .filter(|e| matches!(e, Effect::Capture { .. }))
                    .count();
                assert_eq!(
                    q.board().piece_count() + caught,
                    before,
                    "seed {seed}: {}",
                    q.to_text()
                );
                for (side, m) in [(W, wm), (B, bm)] {
                    assert!(q.resting(side).any(|s| s == m.to), "seed {seed}");
                    for s in q.resting(side) {
                        assert!(
                            q.board().kind(side, s).is_some(),
                            "seed {seed}: {}",
                            q.to_text()
                        );
                    }
                }
                if variant == Variant::ParitySingle {
                    let shared = q
                        .shape()
                        .squares()
                        .filter(|&s| q.board().is_shared(s))
                        .count();
                    assert!(shared <= 1, "seed {seed}: {}", q.to_text());
                }
                assert_eq!(Position::from_text(variant, &q.to_text()).unwrap(), q);
            }
        }
    }

    #[test]
    fn random_parity_games_keep_the_invariants() {
        random_games(Variant::Parity, 60, 120);
    }

    #[test]
    fn random_single_occupation_games_keep_the_invariants() {
        random_games(Variant::ParitySingle, 60, 120);
    }

    /// The full run: `cargo test --release --no-default-features --lib -- --ignored random_5000`.
    #[test]
    #[ignore = "full size: 5,000 games per variant; run with --release"]
    fn random_5000_games_per_variant_keep_the_invariants() {
        random_games(Variant::Parity, 5000, 300);
        random_games(Variant::ParitySingle, 5000, 300);
    }
}
