//! Per-variant move generation and resolution, dispatched on [`Variant`] with exhaustive
//! `match`es so a new variant is a compile error until every rule is decided for it.
//!
//! - [`classic`]: standard chess and the variants that only change captures or geometry
//!   (Bully, Nonviolent, Big Outer); Force Field builds on it.
//! - [`big_outer`]: Big Outer data: the set-up from `assets/big-outer.ron`, piece cards.
//! - [`intrachange`], [`force_field`], [`parity`]: the variants with their own resolution.

pub mod big_outer;
pub mod classic;
pub mod force_field;
pub mod intrachange;
pub mod parity;

#[cfg(test)]
mod big_outer_tests;
#[cfg(test)]
mod bully_nonviolent_tests;

use super::geometry::Square;
use super::moves::{Effect, Move, Special};
use super::outcome::Outcome;
use super::piece::Color;
use super::position::{CastleSpec, EnPassant, IllegalMove, Position, Wing};
use super::variant::{TurnModel, Variant};

/// The built-in initial position text of a variant.
pub fn initial_text(variant: Variant) -> &'static str {
    const STANDARD: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    match variant {
        Variant::Standard | Variant::ForceField | Variant::Bully | Variant::Nonviolent => STANDARD,
        Variant::Intrachange => "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1",
        Variant::Parity | Variant::ParitySingle => {
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 -/-"
        }
        Variant::BigOuter => big_outer::initial_text(),
    }
}

/// The castling geometry of a variant (`None` where the variant has no castling).
pub fn castle_spec(variant: Variant, side: Color, wing: Wing) -> Option<CastleSpec> {
    match variant {
        Variant::Intrachange => None,
        Variant::Standard
        | Variant::ForceField
        | Variant::Parity
        | Variant::ParitySingle
        | Variant::Bully
        | Variant::Nonviolent
        | Variant::BigOuter => Some(classic::castle_spec(variant.shape(), side, wing)),
    }
}

pub(crate) fn legal_moves(pos: &Position, out: &mut Vec<Move>) {
    match pos.variant {
        Variant::Standard | Variant::Bully | Variant::Nonviolent | Variant::BigOuter => {
            classic::legal_moves(pos, out);
        }
        Variant::ForceField => force_field::legal_moves(pos, out),
        Variant::Intrachange => intrachange::legal_moves(pos, out),
        Variant::Parity | Variant::ParitySingle => parity::legal_commits(pos, pos.turn, out),
    }
}

pub(crate) fn legal_commits(pos: &Position, side: Color, out: &mut Vec<Move>) {
    parity::legal_commits(pos, side, out);
}

pub(crate) fn play(pos: &mut Position, mv: &Move) -> Vec<Effect> {
    match pos.variant {
        Variant::Standard | Variant::Bully | Variant::Nonviolent | Variant::BigOuter => {
            classic::play(pos, mv)
        }
        Variant::Parity | Variant::ParitySingle => parity::play_alone(pos, mv),
        Variant::ForceField => force_field::play(pos, mv),
        Variant::Intrachange => intrachange::play(pos, mv),
    }
}

pub(crate) fn play_unchecked(pos: &mut Position, mv: &Move) {
    match pos.variant {
        Variant::Standard
        | Variant::Bully
        | Variant::Nonviolent
        | Variant::BigOuter
        | Variant::ForceField => classic::play_unchecked(pos, mv),
        Variant::Parity | Variant::ParitySingle => {
            parity::play_alone(pos, mv);
        }
        Variant::Intrachange => intrachange::play_unchecked(pos, mv),
    }
}

/// Keeps in `pos`'s en passant records only the passed squares onto which the other side has
/// a legal en passant capture, judged by the variant's own legal moves (Force Field's
/// fields, Bully's capture rule, Nonviolent's ban on captures, Parity's commits), and drops a
/// record with none left. In an alternating variant a record the side to move cannot use
/// (the side to move's own pawn) is dropped too. This is what Stockfish records and what
/// python-chess writes in FEN and repetition keys, so positions that differ only by an
/// en passant square nobody can use are the same position.
pub(crate) fn retain_legal_en_passant(pos: &mut Position) {
    for side in Color::BOTH {
        let Some(ep) = pos.ep[side.index()] else {
            continue;
        };
        let capturer = side.other();
        let alternating = pos.variant.turn_model() == TurnModel::Alternating;
        let mut moves = Vec::new();
        let by_moves = match pos.variant {
            // Classic legality of a capture en passant is the own King's safety afterwards,
            // the test the generator applies to every such move: no full generation needed.
            Variant::Standard | Variant::Bully | Variant::Nonviolent | Variant::BigOuter => false,
            Variant::ForceField | Variant::Intrachange => {
                if capturer == pos.turn {
                    legal_moves(pos, &mut moves);
                }
                true
            }
            Variant::Parity | Variant::ParitySingle => {
                parity::legal_commits(pos, capturer, &mut moves);
                true
            }
        };
        let legal = |s: Square| {
            if alternating && capturer != pos.turn {
                false
            } else if by_moves {
                moves.iter().any(|m| {
                    m.to == s
                        && matches!(m.special, Special::EnPassant { captured } if captured == ep.pawn)
                })
            } else {
                classic::en_passant_is_legal(pos, ep.pawn, s)
            }
        };
        let mut passed = [None; 3];
        for (slot, s) in passed.iter_mut().zip(ep.squares().filter(|&s| legal(s))) {
            *slot = Some(s);
        }
        pos.ep[side.index()] = passed[0].map(|_| EnPassant {
            pawn: ep.pawn,
            passed,
        });
    }
}

pub(crate) fn resolve(
    pos: &mut Position,
    white: &Move,
    black: &Move,
) -> Result<Vec<Effect>, IllegalMove> {
    parity::resolve(pos, white, black)
}

pub(crate) fn outcome(pos: &Position) -> Option<Outcome> {
    match pos.variant {
        Variant::Standard | Variant::Bully | Variant::Nonviolent | Variant::BigOuter => {
            classic::outcome(pos)
        }
        Variant::ForceField => force_field::outcome(pos),
        Variant::Intrachange => intrachange::outcome(pos),
        Variant::Parity | Variant::ParitySingle => parity::outcome(pos),
    }
}

pub(crate) fn in_check(pos: &Position, side: Color) -> bool {
    match pos.variant {
        Variant::Standard | Variant::Bully | Variant::Nonviolent | Variant::BigOuter => {
            classic::in_check(pos, side)
        }
        Variant::Parity | Variant::ParitySingle => parity::in_check(pos, side),
        Variant::ForceField => force_field::in_check(pos, side),
        Variant::Intrachange => false,
    }
}

pub(crate) fn why_illegal(pos: &Position, mv: &Move) -> String {
    // A refused en passant capture is explained on the position where the enemy pawn's
    // advance is recorded (only legal captures keep their record).
    if pos.variant.turn_model() == TurnModel::Alternating
        && let Some((probe, pawn)) = en_passant_probe(pos, pos.turn, mv)
    {
        let ep = Move {
            special: Special::EnPassant { captured: pawn },
            ..*mv
        };
        return if probe.legal_moves().contains(&ep) {
            not_just_advanced(pos, pos.turn, mv, pawn)
        } else {
            variant_why_illegal(&probe, mv)
        };
    }
    variant_why_illegal(pos, mv)
}

/// The sentence for a capture en passant that would be legal had the enemy pawn on `pawn`
/// just advanced past `mv.to`: it did not. Starts with the movement refusal (see
/// [`why_no_move`]).
pub(crate) fn not_just_advanced(pos: &Position, side: Color, mv: &Move, pawn: Square) -> String {
    let shape = pos.shape();
    format!(
        "{}: the {} Pawn on {} did not just advance past {}, so it cannot be taken en passant",
        classic::movement_refusal(pos, super::piece::PieceKind::Pawn, mv),
        side.other(),
        shape.name(pawn),
        shape.name(mv.to)
    )
}

/// The most squares one pawn advance passes over: a double step on 8×8, a 4-square advance
/// on the Big Outer board (`rules/big-outer.md`).
pub(crate) fn max_passed(shape: super::geometry::BoardShape) -> i8 {
    match shape {
        super::geometry::BoardShape::Standard => 1,
        super::geometry::BoardShape::BigOuter => 3,
    }
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
    use super::piece::PieceKind;
    let shape = pos.shape();
    let them = side.other();
    if pos.variant == Variant::Intrachange
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

fn variant_why_illegal(pos: &Position, mv: &Move) -> String {
    match pos.variant {
        Variant::Standard | Variant::Bully | Variant::Nonviolent | Variant::BigOuter => {
            classic::why_illegal(pos, mv)
        }
        Variant::Parity | Variant::ParitySingle => parity::why_illegal(pos, mv),
        Variant::ForceField => force_field::why_illegal(pos, mv),
        Variant::Intrachange => intrachange::why_illegal(pos, mv),
    }
}

/// Why the piece of `side` on `from` has no legal move (Parity: no legal commit), in the
/// rules' words: the reason given for the first destination its movement allows, so that
/// a resting piece, a pin, a field or a check is named rather than how the piece moves.
/// `None` when there is no piece of `side` on `from` or it does have a legal move.
///
/// # Examples
/// ```
/// use esoterica::rules::{Color, Position, Variant, variants};
/// // The Parity Rook on a1 moved last turn (`a1/-`): it rests this turn.
/// let p = Position::from_text(Variant::Parity, "4k3/8/8/8/8/8/8/R3K3 w - - 0 1 a1/-").unwrap();
/// let a1 = p.shape().parse_square("a1").unwrap();
/// let why = variants::why_no_move(&p, Color::White, a1).unwrap();
/// assert!(why.contains("moved last turn and must rest this turn"), "{why}");
/// ```
pub fn why_no_move(pos: &Position, side: Color, from: Square) -> Option<String> {
    let kind = pos.board.kind(side, from)?;
    let mut p = pos.clone();
    p.set_turn(side);
    if p.legal_commits(side).iter().any(|m| m.from == from) {
        return None;
    }
    let shape = p.shape();
    let free = |to: Square| to != from && p.board.kind(side, to).is_none();
    let reason = shape.squares().filter(|&to| free(to)).find_map(|to| {
        let mv = Move::new(from, to);
        let why = why_illegal(&p, &mv);
        (!why.starts_with(&classic::movement_refusal(&p, kind, &mv))).then_some(why)
    });
    Some(reason.unwrap_or_else(|| {
        format!(
            "the {} on {} has no free square to move to",
            kind.name(),
            shape.name(from)
        )
    }))
}

/// Why `mv` is not a legal commit (Parity) or move of `side`, in the rules' words (the
/// reason [`Position::try_play`] and [`Position::resolve`] give).
///
/// # Examples
/// ```
/// use esoterica::rules::{Color, Move, Position, Variant, variants};
/// let p = Position::from_text(Variant::Parity, "4k3/8/8/8/8/8/8/R3K3 w - - 0 1 a1/-").unwrap();
/// let mv = p.parse_move("a1a5").unwrap_or_else(|_| {
///     let s = p.shape();
///     Move::new(s.parse_square("a1").unwrap(), s.parse_square("a5").unwrap())
/// });
/// let why = variants::why_illegal_commit(&p, Color::White, &mv);
/// assert!(why.contains("must rest"), "{why}");
/// ```
pub fn why_illegal_commit(pos: &Position, side: Color, mv: &Move) -> String {
    let mut p = pos.clone();
    p.set_turn(side);
    why_illegal(&p, mv)
}

/// Whether `side` could still win the game by the variant's rules with some series of legal
/// moves — what a flag fall asks (`docs/rules/clocks.md`): the side whose time is up loses
/// only if the other side has mating material, else the game is drawn.
///
/// - Classic checkmate variants (standard, Force Field, Bully, Nonviolent, Big Outer): a
///   lone King cannot mate; nor can a King with a single Bishop or Knight against a lone
///   King. Anything else can (a helpmate is possible).
/// - Intrachange: a King is won by capture, which any piece, the King included, can make:
///   every side has material while the other side has a King.
/// - Parity: a side also wins when the other is stalemated (rule 6), so every side has
///   winning chances except in King against King (ruling P-9, a draw).
///
/// # Examples
/// ```
/// use esoterica::rules::{Color, Position, Variant, variants};
/// let p = Position::from_text(Variant::Standard, "4k3/8/8/8/8/8/8/2N1K3 w - - 0 1").unwrap();
/// assert!(!variants::has_mating_material(&p, Color::White)); // K+N v K
/// let p = Position::from_text(Variant::Standard, "4k3/4p3/8/8/8/8/8/2N1K3 w - - 0 1").unwrap();
/// assert!(variants::has_mating_material(&p, Color::White)); // K+N v K+P: a helpmate exists
/// ```
pub fn has_mating_material(pos: &Position, side: Color) -> bool {
    use super::piece::PieceKind;
    let theirs = side.other();
    let has_king = |c: Color| pos.board.king(c).is_some();
    if !has_king(theirs) {
        return false;
    }
    let mine: Vec<PieceKind> = pos
        .board
        .pieces(side)
        .map(|(_, k)| k)
        .filter(|k| *k != PieceKind::King)
        .collect();
    let lone_enemy_king = pos.board.pieces(theirs).all(|(_, k)| k == PieceKind::King);
    match pos.variant {
        Variant::Intrachange => true,
        Variant::Parity | Variant::ParitySingle => !(mine.is_empty() && lone_enemy_king),
        Variant::Standard
        | Variant::ForceField
        | Variant::Bully
        | Variant::Nonviolent
        | Variant::BigOuter => match mine.as_slice() {
            [] => false,
            [PieceKind::Knight | PieceKind::Bishop] => !lone_enemy_king,
            _ => true,
        },
    }
}

pub(crate) fn insufficient_material(pos: &Position) -> bool {
    match pos.variant {
        Variant::BigOuter => classic::only_kings(pos),
        Variant::Standard
        | Variant::Bully
        | Variant::Nonviolent
        | Variant::ForceField
        | Variant::Parity
        | Variant::ParitySingle => classic::insufficient_material(pos),
        Variant::Intrachange => intrachange::insufficient_material(pos),
    }
}

/// Squares strictly between two squares on one line (rank, file or diagonal), nearest
/// `from` first; empty if they are not aligned.
pub fn between(pos: &Position, from: Square, to: Square) -> Vec<Square> {
    classic::between(pos.shape(), from, to)
}

/// A move in the variant's own notation, as the move list and PGN show it: SAN for the
/// classic-movement variants, the Intrachange notation (`rules/intrachange.md §6`), and for
/// Parity a commit's SAN on the start-of-turn position.
pub fn move_text(pos: &Position, mv: &Move) -> String {
    match pos.variant {
        Variant::Standard
        | Variant::ForceField
        | Variant::BigOuter
        | Variant::Bully
        | Variant::Nonviolent => super::notation::san::to_san(pos, mv),
        Variant::Intrachange => intrachange::move_text(pos, mv),
        Variant::Parity | Variant::ParitySingle => parity::commit_text(pos, mv),
    }
}

/// Reads a move in the variant's notation or in coordinate form (the inverse of
/// [`move_text`]). For Parity it reads a commit of `pos.turn()`.
///
/// # Errors
/// [`MoveError`](super::position::MoveError) as for [`Position::parse_move`].
pub fn parse_move_text(pos: &Position, text: &str) -> Result<Move, super::position::MoveError> {
    match pos.variant {
        Variant::Standard
        | Variant::ForceField
        | Variant::BigOuter
        | Variant::Bully
        | Variant::Nonviolent => pos.parse_move(text),
        Variant::Intrachange => intrachange::parse_move_text(pos, text),
        Variant::Parity | Variant::ParitySingle => parity::parse_commit(pos, pos.turn, text),
    }
}

#[cfg(test)]
mod why_no_move_tests {
    use super::*;

    fn why(variant: Variant, text: &str, side: Color, sq: &str) -> Option<String> {
        let p = Position::from_text(variant, text).expect("test position");
        why_no_move(&p, side, p.shape().parse_square(sq).expect("square"))
    }

    #[test]
    fn a_pinned_piece_is_explained_by_the_pin_not_by_its_movement() {
        let text = "4k3/4r3/8/8/8/8/4B3/4K3 w - - 0 1";
        let reason = why(Variant::Standard, text, Color::White, "e2").expect("pinned");
        let p = Position::from_text(Variant::Standard, text).expect("test position");
        let d3 = p.parse_move("e2d3").unwrap_err().to_string();
        assert!(d3.contains(&reason), "{d3} / {reason}");
        assert!(!reason.contains("cannot move from"), "{reason}");
        // A piece with legal moves, an empty square and a blocked Rook.
        assert_eq!(why(Variant::Standard, text, Color::White, "e1"), None);
        assert_eq!(why(Variant::Standard, text, Color::White, "a1"), None);
        let start = Position::new(Variant::Standard).to_text();
        assert_eq!(
            why(Variant::Standard, &start, Color::White, "a1").as_deref(),
            Some("the Rook on a1 has no free square to move to")
        );
    }

    #[test]
    fn a_resting_parity_piece_is_explained_by_the_rest_rule() {
        let reason = why(
            Variant::Parity,
            "4k3/8/8/8/8/8/8/R3K3 w - - 0 1 a1/-",
            Color::White,
            "a1",
        )
        .expect("resting");
        assert_eq!(
            reason,
            "the Rook on a1 moved last turn and must rest this turn (§2.1 (rule 2))"
        );
    }
}
