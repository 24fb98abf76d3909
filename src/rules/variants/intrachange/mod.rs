//! Intrachange (`rules/intrachange.md`): every move is an ordinary (exoteric) move to a
//! square X; when the chart says so the piece is transferred at once to its esoteric square
//! Y (its hexagram line flips), passing through whatever stands between and capturing only
//! on Y. No castling, en passant, promotion or check; the game ends when a King is captured
//! (or by the draw rules of §4 and ruling I-6).
//!
//! Owns move generation, resolution into ordered [`Effect`]s (Step → Teleport/PassThrough →
//! Capture → `GameOver`), the reasons a move is illegal, the chart ([`chart`](mod@chart): the embedded
//! asset) and the move notation (`notation.rs`). A [`Move`]'s `to` is the exoteric square.
//!
//! Determinism: move order is stable (by origin square, then by the piece's generation
//! order).

pub mod chart;
mod masks;
mod notation;
#[cfg(test)]
mod tests;

use super::{Capabilities, TitleExample, VariantRules};
use crate::rules::classic;
use crate::rules::geometry::Square;
use crate::rules::moves::{Effect, Move};
use crate::rules::outcome::{DrawReason, Outcome, WinReason};
use crate::rules::piece::{Color, Piece, PieceKind};
use crate::rules::position::{MoveError, Position};
use crate::rules::refusal::{CastlingRefusal, Reason, RuleRef};
use crate::rules::variant::Variant;
use chart::chart;

/// The Intrachange initial position: the standard set-up without castling rights.
pub const INITIAL: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1";

/// A rule of `rules/intrachange.md`.
const fn intrachange(
    section: &'static str,
    ruling: Option<&'static str>,
    title: &'static str,
) -> RuleRef {
    RuleRef {
        doc: "intrachange",
        name: "Intrachange",
        section,
        ruling,
        title,
    }
}

/// §3.1: the exoteric move.
pub const EXOTERIC_MOVE: RuleRef = intrachange(
    "§3.1",
    None,
    "the exoteric move: standard movement, no castling, no en passant",
);
/// §3.2 (ruling I-2): the esoteric move.
pub const ESOTERIC_MOVE: RuleRef = intrachange(
    "§3.2",
    Some("I-2"),
    "the esoteric move: never onto an own piece",
);
/// §3.3 (ruling I-4): captures.
pub const CAPTURES: RuleRef = intrachange(
    "§3.3",
    Some("I-4"),
    "captures happen on the esoteric square",
);
/// §3.4: the pawn exception; pawns never promote.
pub const PAWN_EXCEPTION: RuleRef = intrachange(
    "§3.4",
    None,
    "the pawn exception: pawns return home instead of promoting",
);
/// §3.5: pawn moves.
pub const PAWN_MOVES: RuleRef = intrachange("§3.5", None, "pawn moves");
/// §3.5, ruling I-7: the double step from the own 2nd rank.
pub const PAWN_DOUBLE_STEP: RuleRef = intrachange("§3.5", Some("I-7"), "pawn moves");
/// §3.6: the Knight exception.
pub const KNIGHT_EXCEPTION: RuleRef = intrachange(
    "§3.6",
    None,
    "the Knight exception: its jump needs a clear file",
);
/// §4: the end of the game.
pub const END: RuleRef = intrachange("§4", None, "the game ends when a King is captured");

/// What Intrachange: teleports; no castling, en passant, promotion or check; a King is captured (§3–4).
pub const CAPABILITIES: Capabilities = Capabilities {
    teleports: true,
    // §3.1: no castling, no en passant, no promotion.
    castling: false,
    en_passant: false,
    promotions: &[],
    // §4: no check; a King is captured, which ends the game.
    check: false,
    kings_can_be_captured: true,
    // §3.4: a pawn returns to its own first rank (ruling I-8: any square in set-ups).
    pawns_return_home: true,
    ..Capabilities::CLASSIC
};

/// The rules of Intrachange.
#[derive(Clone, Copy, Debug, Default)]
pub struct Intrachange;

impl VariantRules for Intrachange {
    fn variant(&self) -> Variant {
        Variant::Intrachange
    }

    fn capabilities(&self) -> &'static Capabilities {
        &CAPABILITIES
    }

    fn initial_text(&self) -> &'static str {
        INITIAL
    }

    fn rules_card(&self) -> &'static str {
        include_str!("../../../../assets/rules-cards/intrachange.md")
    }

    fn openings(&self) -> &'static str {
        include_str!("../../../../assets/openings/intrachange.txt")
    }

    fn title_example(&self) -> TitleExample {
        TitleExample {
            setup: &[],
            entry: "e2e4",
        }
    }

    fn rule_line(&self) -> &'static str {
        "A piece landing on its own hexagram line jumps on; take the King to win."
    }

    fn title_card(&self) -> &'static [&'static str] {
        &[
            "Every square is a hexagram numbered 0 to 63; every piece owns one of its lines.",
            "Step onto some squares and your piece flips its line and teleports elsewhere.",
            "No check here: you win by capturing the King.",
        ]
    }

    fn legal_moves(&self, pos: &Position, out: &mut Vec<Move>) {
        legal_moves(pos, out);
    }

    /// Every legal move that captures, teleport landings included (§3.3–§3.4): on
    /// bitboards where the sets describe the position, else the legal moves whose
    /// resolution captures.
    fn legal_captures(&self, pos: &Position, out: &mut Vec<Move>) {
        if !masks::legal_captures(pos, out) {
            let start = out.len();
            legal_moves_reference(pos, out);
            classic::retain_tail(out, start, |m| {
                resolution(pos, m.from, m.to).is_some_and(|r| r.captures())
            });
        }
    }

    fn legal_move_count(&self, pos: &Position, buffer: &mut Vec<Move>) -> usize {
        classic::count_or_list(masks::legal_move_count(pos), buffer, |b| {
            legal_moves_reference(pos, b);
        })
    }

    fn candidates(&self, pos: &Position, side: Color, out: &mut Vec<Move>) {
        super::with_turn(pos, side, |p| candidates(p, out));
    }

    fn judge(&self, pos: &Position, side: Color, mv: &Move) -> Result<Move, Reason> {
        super::with_turn(pos, side, |p| judge(p, mv))
    }

    fn play(&self, pos: &mut Position, mv: &Move) -> Vec<Effect> {
        play(pos, mv)
    }

    fn play_unchecked(&self, pos: &mut Position, mv: &Move) {
        play_unchecked(pos, mv);
    }

    /// §3.1: never (there is no en passant).
    fn en_passant_is_legal(&self, _: &Position, _: Color, _: Square, _: Square) -> bool {
        false
    }

    fn outcome(&self, pos: &Position) -> Option<Outcome> {
        outcome(pos)
    }

    /// §4: there is no check.
    fn in_check(&self, _pos: &Position, _side: Color) -> bool {
        false
    }

    fn insufficient_material(&self, pos: &Position) -> bool {
        insufficient_material(pos)
    }

    /// A King is won by capture (`rules/intrachange.md §4`), which any piece, the King included, can make: a side
    /// has mating material while the other side has a King.
    fn has_mating_material(&self, _pos: &Position, _side: Color) -> bool {
        true
    }

    fn move_text(&self, pos: &Position, mv: &Move) -> String {
        notation::move_text(pos, mv)
    }

    fn parse_move_text(&self, pos: &Position, text: &str) -> Result<Move, MoveError> {
        notation::parse_move_text(pos, text)
    }
    fn rule_of(&self, reason: &Reason) -> Option<RuleRef> {
        Some(match reason {
            Reason::GameOver(_) | Reason::KingCaptured => END,
            Reason::NoPromotion => PAWN_EXCEPTION,
            Reason::PawnDoubleStep => PAWN_DOUBLE_STEP,
            Reason::PawnStraightBlocked
            | Reason::PawnDiagonalOnlyOntoEnemy
            | Reason::PawnCannotMove { .. } => PAWN_MOVES,
            Reason::OwnPieceOnEsoteric { .. } => ESOTERIC_MOVE,
            Reason::KnightJumpBlocked { .. } => KNIGHT_EXCEPTION,
            Reason::KingOnExoteric { .. } => CAPTURES,
            _ => EXOTERIC_MOVE,
        })
    }

    fn rule_refs(&self) -> &'static [RuleRef] {
        &[
            EXOTERIC_MOVE,
            ESOTERIC_MOVE,
            CAPTURES,
            PAWN_EXCEPTION,
            PAWN_MOVES,
            KNIGHT_EXCEPTION,
            END,
        ]
    }
}

/// What one move does, decided before anything changes (`rules/intrachange.md §3`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Resolution {
    /// The moving piece.
    pub piece: Piece,
    /// Origin square.
    pub from: Square,
    /// The exoteric square X (reached by standard movement).
    pub exoteric: Square,
    /// The esoteric square Y, when the move triggers (§2).
    pub esoteric: Option<Square>,
    /// The enemy piece on X that the teleporting piece passes through; it stays (§3.3).
    pub passed: Option<PieceKind>,
    /// The enemy piece captured on X: an ordinary capture, or the pawn exception (§3.4).
    pub captured_exoteric: Option<PieceKind>,
    /// The enemy piece captured on Y (§3.3).
    pub captured_esoteric: Option<PieceKind>,
    /// Whether the pawn exception applies: a pawn's diagonal capture onto its own 7th rank
    /// (§3.4).
    pub pawn_exception: bool,
}

impl Resolution {
    /// Where the piece ends: Y if the move triggers, else X.
    pub fn landing(&self) -> Square {
        self.esoteric.unwrap_or(self.exoteric)
    }

    /// Whether the move captures anything.
    pub fn captures(&self) -> bool {
        self.captured_exoteric.is_some() || self.captured_esoteric.is_some()
    }

    /// Whether the move captures the enemy King (and so ends the game, §4).
    pub fn captures_king(&self) -> bool {
        self.captured_exoteric == Some(PieceKind::King)
            || self.captured_esoteric == Some(PieceKind::King)
    }
}

/// Why an exoteric move that standard movement allows is still illegal.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Blocked {
    /// The esoteric square holds a piece of the mover's colour (§3.2, ruling I-2).
    OwnPieceOnEsoteric {
        /// The esoteric square.
        at: Square,
        /// The own piece there.
        kind: PieceKind,
    },
    /// A Knight's esoteric jump has a piece strictly between X and Y (§3.6, ruling I-2).
    KnightJumpBlocked {
        /// The first occupied square between X and Y, nearest X.
        by: Square,
    },
    /// A non-triggering move onto the enemy King (§3.3, ruling I-4).
    KingOnExoteric,
}

/// Whether the pawn's rank index is its own 7th rank (White: rank 7, Black: rank 2).
fn is_own_seventh(side: Color, rank: i8) -> bool {
    match side {
        Color::White => rank == 6,
        Color::Black => rank == 1,
    }
}

/// Whether the rank index is the pawn's own 2nd rank (ruling I-7: double step from there,
/// every time).
fn is_own_second(side: Color, rank: i8) -> bool {
    match side {
        Color::White => rank == 1,
        Color::Black => rank == 6,
    }
}

/// What moving the piece on `from` to the exoteric square `x` would do, without checking
/// legality (the caller knows standard movement allows it). `None` if `from` holds no piece
/// of the side to move.
///
/// # Examples
/// ```
/// use esoterica::rules::variants::intrachange::resolution;
/// use esoterica::rules::{Position, Variant};
/// let p = Position::new(Variant::Intrachange);
/// let s = p.shape();
/// let sq = |n| s.parse_square(n).unwrap();
/// let r = resolution(&p, sq("e2"), sq("e4")).unwrap();
/// assert_eq!(r.esoteric, Some(sq("e6"))); // e2-e4~e6
/// assert_eq!(r.landing(), sq("e6"));
/// ```
pub fn resolution(pos: &Position, from: Square, x: Square) -> Option<Resolution> {
    let us = pos.turn;
    let them = us.other();
    let b = &pos.board;
    let kind = b.kind(us, from)?;
    let piece = Piece::new(us, kind);
    let enemy_x = b.kind(them, x);
    let shape = pos.shape();
    Some(match chart().esoteric(x, piece) {
        None => Resolution {
            piece,
            from,
            exoteric: x,
            esoteric: None,
            passed: None,
            captured_exoteric: enemy_x,
            captured_esoteric: None,
            pawn_exception: false,
        },
        Some(y) => {
            let pawn_exception = kind == PieceKind::Pawn
                && shape.file(from) != shape.file(x)
                && enemy_x.is_some()
                && is_own_seventh(us, shape.rank(x));
            Resolution {
                piece,
                from,
                exoteric: x,
                esoteric: Some(y),
                passed: if pawn_exception { None } else { enemy_x },
                captured_exoteric: if pawn_exception { enemy_x } else { None },
                captured_esoteric: b.kind(them, y),
                pawn_exception,
            }
        }
    })
}

/// Checks the parts of §3 that standard movement does not: the esoteric square, the
/// Knight's blocked jump and the King's immunity to exoteric capture.
///
/// # Errors
/// The [`Blocked`] reason.
///
/// # Examples
/// ```
/// use esoterica::rules::variants::intrachange::{check, resolution, Blocked};
/// use esoterica::rules::{Position, Variant};
/// // A Black Knight b1 → c3 would jump to c7 over c4 c5 c6; c5 is occupied.
/// let p = Position::from_text(Variant::Intrachange, "k7/8/8/2P5/8/8/8/1n5K b - -").unwrap();
/// let s = p.shape();
/// let sq = |n| s.parse_square(n).unwrap();
/// let r = resolution(&p, sq("b1"), sq("c3")).unwrap();
/// assert_eq!(check(&p, &r), Err(Blocked::KnightJumpBlocked { by: sq("c5") }));
/// ```
pub fn check(pos: &Position, res: &Resolution) -> Result<(), Blocked> {
    let us = res.piece.color;
    let b = &pos.board;
    match res.esoteric {
        None => {
            if res.captured_exoteric == Some(PieceKind::King) {
                return Err(Blocked::KingOnExoteric);
            }
        }
        Some(y) => {
            // Ruling I-3: the mover's own origin square is free once it has left.
            if y != res.from
                && let Some(kind) = b.kind(us, y)
            {
                return Err(Blocked::OwnPieceOnEsoteric { at: y, kind });
            }
            if res.piece.kind == PieceKind::Knight
                && let Some(by) = classic::between(pos.shape(), res.exoteric, y)
                    .into_iter()
                    .find(|&s| s != res.from && !b.is_empty(s))
            {
                return Err(Blocked::KnightJumpBlocked { by });
            }
        }
    }
    Ok(())
}

/// The exoteric squares the piece on `from` reaches by standard movement (§3.1, §3.5): no
/// castling, no en passant; pawns step one (two from their own 2nd rank, ruling I-7) onto
/// empty squares and move diagonally forward only onto an enemy piece. X never holds an own
/// piece; it may hold any enemy piece, the King included (the King's immunity is decided by
/// [`check`]).
fn exoteric_squares(
    pos: &Position,
    from: Square,
    us: Color,
    kind: PieceKind,
    out: &mut Vec<Square>,
) {
    let shape = pos.shape();
    let b = &pos.board;
    match kind {
        PieceKind::Pawn => {
            let (f, r) = shape.coords(from);
            let fwd = us.forward();
            if let Some(one) = shape.square_at(f, r + fwd)
                && b.is_empty(one)
            {
                out.push(one);
                if is_own_second(us, r)
                    && let Some(two) = shape.square_at(f, r + 2 * fwd)
                    && b.is_empty(two)
                {
                    out.push(two);
                }
            }
            for df in [-1, 1] {
                if let Some(to) = shape.square_at(f + df, r + fwd)
                    && b.kind(us.other(), to).is_some()
                {
                    out.push(to);
                }
            }
        }
        PieceKind::Knight
        | PieceKind::Bishop
        | PieceKind::Rook
        | PieceKind::Queen
        | PieceKind::King
        | PieceKind::Guard
        | PieceKind::Matriarch
        | PieceKind::Jumper
        | PieceKind::OuterKnight => {
            let mut moves = Vec::new();
            classic::piece_moves(&Intrachange, pos, from, us, kind, &mut moves);
            out.extend(moves.into_iter().map(|m| m.to));
        }
    }
}

/// Whether a King is gone (the game was decided by a King capture).
fn king_missing(pos: &Position) -> bool {
    Color::BOTH.iter().any(|&c| pos.board.king(c).is_none())
}

/// Legal moves of the side to move: every exoteric move whose resolution passes
/// [`check`]; on bitboards where the sets describe the position (`masks.rs`), else by
/// [`legal_moves_reference`]. None once a King has been captured.
fn legal_moves(pos: &Position, out: &mut Vec<Move>) {
    if !masks::legal_moves(pos, out) {
        legal_moves_reference(pos, out);
    }
}

/// The square-array generator: every exoteric move whose resolution passes [`check`], piece
/// by piece. The reference of the bitboard generator in the tests, and the generator of the
/// positions it declines.
fn legal_moves_reference(pos: &Position, out: &mut Vec<Move>) {
    if king_missing(pos) {
        return;
    }
    let us = pos.turn;
    let mut xs = Vec::with_capacity(32);
    for (from, kind) in pos.board.pieces(us) {
        xs.clear();
        exoteric_squares(pos, from, us, kind, &mut xs);
        for &x in &xs {
            if let Some(res) = resolution(pos, from, x)
                && check(pos, &res).is_ok()
            {
                out.push(Move::new(from, x));
            }
        }
    }
}

/// The squares on which `side`'s legal moves, were it to move, would capture an enemy
/// piece (on X, or on Y for a teleport; both for the pawn exception, §3.3–§3.4), as a set
/// (bit `i` for square index `i`): what the bots' evaluation counts as threatened, and,
/// where it holds the enemy King's square, a move that wins. `None` where the bitboard
/// generator declines the position.
pub(crate) fn capture_squares(pos: &Position, side: Color) -> Option<u64> {
    masks::capture_squares(pos, side)
}

/// The squares from which `side`'s pieces of `kind` (Knight to King; none for pawns) reach,
/// in one move on an empty board, a square whose teleport lands on square index `y`: aimed
/// at an enemy King there, which only a landing on its square captures. A set, bit `i` for
/// square index `i`; what the bots' evaluation counts as a King's exposure to jumps.
pub(crate) fn jump_reach(side: Color, kind: PieceKind, y: usize) -> u64 {
    masks::jump_reach(side, kind, y)
}

/// Changes the board and counters for `mv` (no legality check; an illegal move leaves an
/// odd but valid board, never a panic).
fn play_unchecked(pos: &mut Position, mv: &Move) {
    let Some(res) = resolution(pos, mv.from, mv.to) else {
        return;
    };
    apply(pos, &res);
}

fn apply(pos: &mut Position, res: &Resolution) {
    let us = res.piece.color;
    let them = us.other();
    let b = &mut pos.board;
    b.remove(us, res.from);
    if res.captured_exoteric.is_some() {
        b.remove(them, res.exoteric);
    }
    if let Some(y) = res.esoteric {
        b.remove(them, y);
    }
    b.put(res.landing(), res.piece);
    pos.ep = [None; 2];
    pos.castling = 0;
    pos.finish_move(us, res.piece.kind == PieceKind::Pawn || res.captures());
}

/// Plays a legal move and reports its effects in rules order: the exoteric step
/// ([`Effect::Step`]), the teleport and a pass-through ([`Effect::Teleport`],
/// [`Effect::PassThrough`]), the captures on X then on Y ([`Effect::Capture`]), and the
/// game end ([`Effect::GameOver`]).
fn play(pos: &mut Position, mv: &Move) -> Vec<Effect> {
    let Some(res) = resolution(pos, mv.from, mv.to) else {
        return Vec::new();
    };
    let mut fx = effects(&res);
    apply(pos, &res);
    if let Some(o) = outcome(pos) {
        fx.push(Effect::GameOver(o));
    }
    fx
}

/// The effects of a resolution in rules order, without the game end: [`Effect::Step`], then
/// [`Effect::Teleport`] and [`Effect::PassThrough`], then the captures on X and on Y.
///
/// # Examples
/// ```
/// use esoterica::rules::variants::intrachange::{effects, resolution};
/// use esoterica::rules::{Effect, Position, Variant};
/// let p = Position::new(Variant::Intrachange);
/// let s = p.shape();
/// let r = resolution(&p, s.parse_square("b1").unwrap(), s.parse_square("c3").unwrap()).unwrap();
/// assert!(matches!(effects(&r)[..], [Effect::Step { .. }]));
/// ```
pub fn effects(res: &Resolution) -> Vec<Effect> {
    let them = res.piece.color.other();
    let mut fx = vec![Effect::Step {
        piece: res.piece,
        from: res.from,
        to: res.exoteric,
    }];
    if let Some(y) = res.esoteric {
        fx.push(Effect::Teleport {
            piece: res.piece,
            from: res.exoteric,
            to: y,
        });
        if let Some(k) = res.passed {
            fx.push(Effect::PassThrough {
                piece: Piece::new(them, k),
                at: res.exoteric,
            });
        }
    }
    if let Some(k) = res.captured_exoteric {
        fx.push(Effect::Capture {
            piece: Piece::new(them, k),
            at: res.exoteric,
        });
    }
    if let (Some(y), Some(k)) = (res.esoteric, res.captured_esoteric) {
        fx.push(Effect::Capture {
            piece: Piece::new(them, k),
            at: y,
        });
    }
    fx
}

/// King capture (§4), then the draws of §4 and ruling I-6 that the position alone decides:
/// no legal move, 50 moves (100 plies) without capture or pawn move. Threefold repetition
/// needs the history ([`GameRecord`](crate::rules::record::GameRecord)). A hand-made
/// position without any King is a draw: no King can be captured (§4, "neither player is
/// able to capture the King").
fn outcome(pos: &Position) -> Option<Outcome> {
    match (pos.board.king(Color::White), pos.board.king(Color::Black)) {
        (Some(_), None) => {
            return Some(Outcome::Win {
                winner: Color::White,
                reason: WinReason::KingCaptured,
            });
        }
        (None, Some(_)) => {
            return Some(Outcome::Win {
                winner: Color::Black,
                reason: WinReason::KingCaptured,
            });
        }
        (None, None) => {
            return Some(Outcome::Draw {
                reason: DrawReason::InsufficientMaterial,
            });
        }
        (Some(_), Some(_)) => {}
    }
    if pos.legal_moves().is_empty() {
        return Some(Outcome::Draw {
            reason: DrawReason::Stalemate,
        });
    }
    if pos.halfmove >= 100 {
        return Some(Outcome::Draw {
            reason: DrawReason::FiftyMoves,
        });
    }
    None
}

/// A position without Kings has no King to capture; otherwise material never decides
/// Intrachange (even King v King can end by a King's teleport).
fn insufficient_material(pos: &Position) -> bool {
    Color::BOTH.iter().all(|&c| pos.board.king(c).is_none())
}

/// The moves the judge is asked about for the reference list: every exoteric move of the
/// side to move by standard movement (§3.1, §3.5), before the esoteric square is looked at.
fn candidates(pos: &Position, out: &mut Vec<Move>) {
    let us = pos.turn;
    let mut xs = Vec::with_capacity(32);
    for (from, kind) in pos.board.pieces(us) {
        xs.clear();
        exoteric_squares(pos, from, us, kind, &mut xs);
        out.extend(xs.iter().map(|&x| Move::new(from, x)));
    }
}

/// The Intrachange judge for the side to move: the piece, the exoteric move by standard
/// movement (§3.1, §3.5), then the esoteric square, the Knight's jump and the King's
/// immunity to an exoteric capture ([`check`]).
pub(super) fn judge(pos: &Position, mv: &Move) -> Result<Move, Reason> {
    let shape = pos.shape();
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
    if king_missing(pos) {
        return Err(Reason::KingCaptured);
    }
    if mv.promotion.is_some() {
        return Err(Reason::NoPromotion);
    }
    if mv.from == mv.to {
        return Err(Reason::NullMove { square: mv.from });
    }
    if let Some(own) = pos.board.kind(us, mv.to) {
        return Err(Reason::OwnPieceOnExoteric {
            square: mv.to,
            kind: own,
        });
    }
    let mut xs = Vec::new();
    exoteric_squares(pos, mv.from, us, kind, &mut xs);
    if !xs.contains(&mv.to) {
        let (f0, r0) = shape.coords(mv.from);
        let (f1, r1) = shape.coords(mv.to);
        let fwd = (r1 - r0) * us.forward();
        if kind == PieceKind::King && r0 == r1 && (f1 - f0).abs() == 2 {
            return Err(Reason::Castling(CastlingRefusal::NotInVariant));
        }
        if kind == PieceKind::Pawn {
            return Err(if f0 == f1 && (fwd == 1 || fwd == 2) {
                if fwd == 2 && !is_own_second(us, r0) {
                    Reason::PawnDoubleStep
                } else {
                    Reason::PawnStraightBlocked
                }
            } else if (f1 - f0).abs() == 1 && fwd == 1 {
                Reason::PawnDiagonalOnlyOntoEnemy
            } else {
                Reason::PawnCannotMove {
                    from: mv.from,
                    to: mv.to,
                }
            });
        }
        return Err(classic::movement_reason(pos, kind, mv));
    }
    let Some(res) = resolution(pos, mv.from, mv.to) else {
        return Err(Reason::NoPiece {
            square: mv.from,
            side: us,
        });
    };
    match check(pos, &res) {
        Ok(()) => Ok(Move::new(mv.from, mv.to)),
        Err(Blocked::OwnPieceOnEsoteric { at, kind: own }) => Err(Reason::OwnPieceOnEsoteric {
            kind,
            exoteric: mv.to,
            esoteric: at,
            own,
        }),
        Err(Blocked::KnightJumpBlocked { by }) => Err(Reason::KnightJumpBlocked {
            exoteric: mv.to,
            esoteric: res.landing(),
            by,
        }),
        Err(Blocked::KingOnExoteric) => Err(Reason::KingOnExoteric {
            kind,
            square: mv.to,
        }),
    }
}
