//! Refusals in words: the sentence of each [`Reason`], and the citation each audience gets.

use super::Audience;
use crate::rules::geometry::{BoardShape, Square};
use crate::rules::piece::{Piece, PieceKind};
use crate::rules::refusal::{CastlingRefusal, Reason, Refusal, RuleRef};
use crate::rules::variants::parity;
use std::fmt;

impl fmt::Display for Refusal {
    /// The command-line wording ([`Audience::Cli`]), with the rules file cited where the
    /// variant has one: `d5 is held by White (+1): a Rook may not cross or land on a square the
    /// enemy controls (rules/force-field.md §3)`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&refusal(self, Audience::Cli))
    }
}

/// A refusal in words.
///
/// # Examples
/// ```
/// use esoterica::rules::narrate::{self, Audience};
/// use esoterica::rules::{Move, Position, Variant};
/// let p = Position::from_text(Variant::ForceField, "7k/8/3n4/4p3/r7/8/8/3R3K w - - 0 1").unwrap();
/// let sq = |n| p.shape().parse_square(n).unwrap();
/// let refusal = p.judge(&Move::new(sq("d1"), sq("d4"))).unwrap_err();
/// assert_eq!(
///     narrate::refusal(&refusal, Audience::Cli),
///     "d4 is held by Black (\u{2212}3): a Rook may not cross or land on a square the enemy controls (rules/force-field.md §3)"
/// );
/// assert_eq!(
///     narrate::refusal(&refusal, Audience::Player),
///     "d4 is held by Black (\u{2212}3): a Rook may not cross or land on a square the enemy controls (Force Field rule §3: fields block enemy moves)"
/// );
/// ```
pub fn refusal(r: &Refusal, audience: Audience) -> String {
    let body = refusal_sentence(r);
    match audience {
        Audience::Cli => match cli_citation(r) {
            Some(c) => format!("{body} ({c})"),
            None => body,
        },
        Audience::Player => {
            let body = match &r.reason {
                // The command line puts the attacker inside the citation's parentheses.
                Reason::Castling(CastlingRefusal::OutOfFieldCheck { attacker }) => {
                    format!("{body}: {} attacks it", piece_on(r.shape(), attacker))
                }
                _ => body,
            };
            format!("{body} ({})", player_citation(&r.rule()))
        }
    }
}

/// The rule as a player reads it: `Force Field rule §3: fields block enemy moves`, with the
/// ruling when one decides the case (`Force Field rule §3, ruling F-3: …`).
///
/// # Examples
/// ```
/// use esoterica::rules::narrate::player_citation;
/// use esoterica::rules::refusal::RuleRef;
/// let r = RuleRef { doc: "parity", name: "Parity", section: "§2.1", ruling: None, title: "the piece that moved last turn rests" };
/// assert_eq!(player_citation(&r), "Parity rule §2.1: the piece that moved last turn rests");
/// ```
pub fn player_citation(rule: &RuleRef) -> String {
    match rule.ruling {
        Some(ruling) => format!(
            "{} rule {}, ruling {ruling}: {}",
            rule.name, rule.section, rule.title
        ),
        None => format!("{} rule {}: {}", rule.name, rule.section, rule.title),
    }
}

impl Refusal {
    fn shape(&self) -> BoardShape {
        self.variant.shape()
    }
}

/// "the Black Rook on e8", or "a piece" when none was found.
fn piece_on(shape: BoardShape, at: &Option<(Piece, Square)>) -> String {
    match at {
        Some((p, sq)) => format!("the {} {} on {}", p.color, p.kind.name(), shape.name(*sq)),
        None => "a piece".to_string(),
    }
}

/// "e4 is held by Black (−3)".
fn held(shape: BoardShape, sq: Square, charge: i32) -> String {
    let side = match charge.signum() {
        1 => "White",
        -1 => "Black",
        _ => "nobody",
    };
    format!(
        "{} is held by {side} ({})",
        shape.name(sq),
        super::signed(charge)
    )
}

/// The citation the command line appends in parentheses, if any: the rules file and section
/// for the reasons a variant's own rules give (Force Field, Intrachange), the section for
/// every Parity commit the judge refuses.
fn cli_citation(r: &Refusal) -> Option<String> {
    if r.variant.has_resting_pieces() {
        // A refused turn names its rule in the sentence.
        if matches!(r.reason, Reason::TurnRefused { .. }) {
            return None;
        }
        return parity::rule_of_reason(&r.reason).map(|rule| rule.section().to_string());
    }
    let file = |rule: RuleRef| match rule.ruling {
        Some(ruling) => format!("rules/{}.md {}, ruling {ruling}", rule.doc, rule.section),
        None => format!("rules/{}.md {}", rule.doc, rule.section),
    };
    match &r.reason {
        Reason::FieldHeld { .. }
        | Reason::KnightRoutesBlocked { .. }
        | Reason::FieldCheckNotAnswered { .. }
        | Reason::KingIntoFieldCheck { .. }
        | Reason::GivesUpNeutralisingField { .. }
        | Reason::LeavesKingInFieldCheck { .. }
        | Reason::Castling(
            CastlingRefusal::ThroughFieldCheck { .. } | CastlingRefusal::IntoFieldCheck { .. },
        )
        | Reason::NoPromotion
        | Reason::OwnPieceOnExoteric { .. }
        | Reason::PawnDoubleStep
        | Reason::PawnStraightBlocked
        | Reason::PawnCannotMove { .. }
        | Reason::OwnPieceOnEsoteric { .. }
        | Reason::KnightJumpBlocked { .. }
        | Reason::KingOnExoteric { .. }
        | Reason::Castling(CastlingRefusal::NotInVariant) => Some(file(r.rule())),
        Reason::PawnDiagonalOnlyOntoEnemy => Some("rules/intrachange.md §3.1, §3.5".to_string()),
        Reason::Castling(CastlingRefusal::OutOfFieldCheck { attacker }) => Some(format!(
            "{} attacks it; {}",
            piece_on(r.shape(), attacker),
            file(r.rule())
        )),
        _ => None,
    }
}

/// The refusal as one sentence without any citation: what the player and the command line
/// share.
pub fn refusal_sentence(r: &Refusal) -> String {
    let shape = r.shape();
    let n = |s: &Square| shape.name(*s);
    let commits = r.variant.has_resting_pieces();
    match &r.reason {
        Reason::GameOver(o) => format!("the game is over: {}", o.describe()),
        Reason::KingCaptured => "the game is over: a King has been captured".to_string(),
        Reason::SimultaneousTurn => format!(
            "{} is played with simultaneous moves: resolve a White and a Black commit together",
            r.variant
        ),
        Reason::NotSimultaneous => {
            format!("{} is not played with simultaneous moves", r.variant)
        }
        Reason::NoPiece { square, side } if commits => {
            format!("{side} has no piece on {}", n(square))
        }
        Reason::NoPiece { square, .. } => format!("there is no piece on {}", n(square)),
        Reason::WrongSide { square, owner } => format!(
            "the piece on {} is {owner}'s, and it is {}'s move",
            n(square),
            owner.other()
        ),
        Reason::NullMove { .. } => "a move must change the square".to_string(),
        Reason::OwnPiece { square, side } => {
            format!("{} holds one of {side}'s own pieces", n(square))
        }
        Reason::Movement { kind, from, to } => movement(shape, *kind, *from, *to),
        Reason::Blocked { kind, from, to, by } => format!(
            "the {} on {} cannot reach {}: {} is in the way",
            kind.name(),
            n(from),
            n(to),
            n(by)
        ),
        Reason::NotJustAdvanced {
            from,
            to,
            pawn,
            owner,
        } => format!(
            "{}: the {owner} Pawn on {} did not just advance past {}, so it cannot be taken en passant",
            movement(shape, PieceKind::Pawn, *from, *to),
            n(pawn),
            n(to)
        ),
        Reason::NoLegalMoveTo { kind, to } => format!(
            "no legal {} move to {} here",
            if *kind == PieceKind::Pawn {
                "pawn"
            } else {
                kind.name()
            },
            n(to)
        ),
        Reason::NoFreeSquare { kind, square } => format!(
            "the {} on {} has no free square to move to",
            kind.name(),
            n(square)
        ),
        Reason::PromotionRequired { .. } if commits => {
            "a pawn reaching the last rank must promote: choose the piece with the commit (e.g. e7e8q)"
                .to_string()
        }
        Reason::PromotionRequired { .. } | Reason::PromotionLetterMissing { .. } => {
            "a pawn reaching the last rank must promote: add the piece letter (e8=Q in SAN, e7e8q in coordinates)"
                .to_string()
        }
        Reason::BadPromotion { .. } => "that promotion is not allowed here".to_string(),
        Reason::CaptureTooStrong { attacker, victim } => format!(
            "a {} cannot capture a {} in Bully Chess (a piece may only capture one of equal or lower value: {} < {})",
            attacker.name(),
            victim.name(),
            crate::rules::classic::capture_value(*attacker),
            crate::rules::classic::capture_value(*victim)
        ),
        Reason::NoCaptures { en_passant: false } => {
            "captures are not allowed in Nonviolent Chess".to_string()
        }
        Reason::NoCaptures { en_passant: true } => {
            "captures (en passant included) are not allowed in Nonviolent Chess".to_string()
        }
        Reason::DoesNotAnswerCheck { side } => {
            format!("{side} is in check and this move does not answer it")
        }
        Reason::KingIntoCheck { .. } => "the King may not move into check".to_string(),
        Reason::Pinned { .. } => "it would leave the King in check (the piece is pinned)".to_string(),
        Reason::Castling(c) => castling(shape, r, c),
        Reason::FieldHeld {
            kind,
            square,
            charge,
            en_passant: false,
            ..
        } => format!(
            "{}: a {} may not cross or land on a square the enemy controls",
            held(shape, *square, *charge),
            kind.name()
        ),
        Reason::FieldHeld {
            square,
            charge,
            en_passant: true,
            ..
        } => format!(
            "{}: a Pawn may not capture en passant onto a square the enemy controls",
            held(shape, *square, *charge)
        ),
        Reason::KnightRoutesBlocked { routes: [a, b] } => format!(
            "both routes of the Knight are blocked: {} and {}",
            held(shape, a.0, a.1),
            held(shape, b.0, b.1)
        ),
        Reason::FieldCheckNotAnswered { side, attacker } => format!(
            "{side} is in check and this move does not answer it: {} would still attack the King",
            piece_on(shape, attacker)
        ),
        Reason::KingIntoFieldCheck { to, attacker } => format!(
            "the King may not move into check: {} would attack it on {}",
            piece_on(shape, attacker),
            n(to)
        ),
        Reason::GivesUpNeutralisingField { attacker } => format!(
            "it would give up the field that neutralises the check of {}: the King would be in check",
            piece_on(shape, attacker)
        ),
        Reason::LeavesKingInFieldCheck { attacker } => format!(
            "it would leave the King in check: {} would attack it once the fields are recomputed",
            piece_on(shape, attacker)
        ),
        Reason::NoPromotion => {
            "there is no promotion in Intrachange: a pawn on its 7th rank returns to its 1st"
                .to_string()
        }
        Reason::OwnPieceOnExoteric { square, kind } => format!(
            "the exoteric square {} holds your own {}",
            n(square),
            kind.name()
        ),
        Reason::PawnDoubleStep => {
            "a pawn steps two squares only from its own 2nd rank".to_string()
        }
        Reason::PawnStraightBlocked => {
            "a pawn may never move straight onto or past an occupied square".to_string()
        }
        Reason::PawnDiagonalOnlyOntoEnemy => {
            "a pawn moves diagonally only onto an enemy piece; there is no en passant".to_string()
        }
        Reason::PawnCannotMove { from, to } => {
            format!("a pawn cannot move from {} to {}", n(from), n(to))
        }
        Reason::OwnPieceOnEsoteric {
            kind,
            exoteric,
            esoteric,
            own,
        } => format!(
            "the esoteric square {} holds your own {}: the {} entering {} would be transferred there",
            n(esoteric),
            own.name(),
            kind.name(),
            n(exoteric)
        ),
        Reason::KnightJumpBlocked {
            exoteric,
            esoteric,
            by,
        } => format!(
            "the Knight's esoteric jump from {} to {} is blocked by {}",
            n(exoteric),
            n(esoteric),
            n(by)
        ),
        Reason::KingOnExoteric { kind, square } => format!(
            "a King cannot be captured by an exoteric move: a {} entering {} does not trigger an esoteric move",
            kind.name(),
            n(square)
        ),
        Reason::MustLeaveSharedSquare { side, square } => format!(
            "{side}'s piece on the shared square {} must leave it this turn, and it is the only piece {side} may move",
            n(square)
        ),
        Reason::LeavingMayNotCapture { kind, square } => format!(
            "the {} leaving the shared square {} may not capture",
            kind.name(),
            n(square)
        ),
        Reason::Resting { kind, square } => format!(
            "the {} on {} moved last turn and must rest this turn",
            kind.name(),
            n(square)
        ),
        Reason::ImmediateCheck { side } => format!(
            "{side}'s King is in immediate check and must move (blocking or capturing does not help: the attacker moves at the same moment)"
        ),
        Reason::SharedPawnEnPassant { square } => format!(
            "the pawn on {} stands on a shared square and cannot be taken en passant",
            n(square)
        ),
        Reason::KingOntoAttacked { to, attackers } => {
            let by: Vec<String> = attackers
                .iter()
                .map(|(k, s)| format!("{} on {}", k.name(), n(s)))
                .collect();
            format!(
                "the King may not move onto {}, attacked by the {} (resting or not)",
                n(to),
                by.join(" and the ")
            )
        }
        Reason::ExposesKing => {
            "the move would expose the own King to a non-resting enemy piece".to_string()
        }
        Reason::OwnPieceOnSharedSquare { square, side } => format!(
            "{} is a shared square: it holds one of {side}'s pieces, so neither piece there can be captured",
            n(square)
        ),
        Reason::PawnDiagonalWithoutTarget { to } => format!(
            "a pawn moves diagonally only to capture a lone enemy piece (or en passant), and {} holds none",
            n(to)
        ),
        Reason::TurnRefused { side, commit } => format!(
            "{side}'s commit breaks {}: {}",
            parity::rule_of_reason(commit).unwrap_or(parity::Rule::Movement),
            refusal_sentence(&Refusal::new(r.variant, (**commit).clone()))
        ),
    }
}

/// "a Rook cannot move from a1 to b3".
fn movement(shape: BoardShape, kind: PieceKind, from: Square, to: Square) -> String {
    format!(
        "a {} cannot move from {} to {}",
        kind.name(),
        shape.name(from),
        shape.name(to)
    )
}

fn castling(shape: BoardShape, r: &Refusal, c: &CastlingRefusal) -> String {
    let n = |s: &Square| shape.name(*s);
    match c {
        CastlingRefusal::RightLost { .. } => {
            "castling is no longer allowed on that side (King or Rook has moved)".to_string()
        }
        CastlingRefusal::Occupied { square } => format!(
            "castling needs the squares between King and Rook empty, but {} is occupied",
            n(square)
        ),
        CastlingRefusal::OutOfCheck | CastlingRefusal::OutOfFieldCheck { .. } => {
            "the King may not castle out of check".to_string()
        }
        CastlingRefusal::ThroughCheck { square } => format!(
            "the King may not castle through or into check ({} is attacked)",
            n(square)
        ),
        CastlingRefusal::SpanAttacked { square } => format!(
            "every square between King and Rook must be unattacked ({} is attacked)",
            n(square)
        ),
        CastlingRefusal::LeavesKingInCheck => "castling would leave the King in check".to_string(),
        CastlingRefusal::ThroughFieldCheck { square, attacker } => format!(
            "the King may not castle through check: standing on {}, {} would attack it",
            n(square),
            piece_on(shape, attacker)
        ),
        CastlingRefusal::IntoFieldCheck { square, attacker } => format!(
            "the King may not castle into check: on {}, {} would attack it",
            n(square),
            piece_on(shape, attacker)
        ),
        CastlingRefusal::AcrossAttacked { square } => format!(
            "the King may not castle across {}, attacked by a non-resting enemy piece",
            n(square)
        ),
        CastlingRefusal::OntoAttacked { square } => format!(
            "the King may not castle onto {}, attacked by an enemy piece",
            n(square)
        ),
        CastlingRefusal::Conditions => {
            "castling needs the right (King and Rook unmoved) and every square between them empty"
                .to_string()
        }
        CastlingRefusal::NotInVariant => format!("castling does not exist in {}", r.variant),
        CastlingRefusal::Unavailable => format!("there is no castling in {}", r.variant),
    }
}
