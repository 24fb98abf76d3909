//! Parity notation and record mode: a commit in SAN on the start-of-turn position, read
//! back among the legal commits, and the replay of a recorded game without the legality
//! filter that reports each broken rule (ruling P-6).

use std::fmt;

use super::resolve::resolve_unchecked;
use super::{Rule, candidates, commits, judge_in_game, rule_of_reason};
use crate::rules::moves::{Effect, Move};
use crate::rules::narrate;
use crate::rules::piece::{Color, PieceKind};
use crate::rules::position::{IllegalMove, MoveError, Position};
use crate::rules::refusal::{Reason, Refusal};

/// What is wrong with a recorded commit.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Problem {
    /// The judge refuses the commit.
    Refused(Refusal),
    /// The text names no move of standard movement at all.
    Unreadable(MoveError),
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
    /// Why.
    pub problem: Problem,
}

impl fmt::Display for RuleError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {} breaks {}: ", self.side, self.mv, self.rule)?;
        match &self.problem {
            Problem::Refused(r) => f.write_str(&narrate::refusal_sentence(r)),
            Problem::Unreadable(e) => e.fmt(f),
        }
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

/// A commit in SAN evaluated on the start-of-turn position (`e4`, `Nf3`, `exd5`, `O-O`,
/// `e8=Q`), without check marks. The mover is `pos.turn()` if it has a piece on the origin,
/// else the other side.
pub(super) fn commit_text(pos: &Position, mv: &Move) -> String {
    let mut p = pos.clone();
    if p.board.kind(p.turn, mv.from).is_none() {
        p.turn = p.turn.other();
    }
    crate::rules::notation::san::san_body(&p, mv)
}

/// Reads a commit of `side` in SAN or coordinate form among its legal commits.
pub(super) fn parse_commit(pos: &Position, side: Color, text: &str) -> Result<Move, MoveError> {
    let mut p = pos.clone();
    p.turn = side;
    let text = text.trim();
    let legal = commits(&p, side);
    if crate::rules::notation::san::parse_coordinate(p.shape(), text).is_ok() {
        return crate::rules::notation::san::find_coordinate(&p, text, &legal, |m| {
            refusal(&p, side, m)
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
                    refusal: refusal(&p, side, &m),
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
                crate::rules::notation::san::find_coordinate(&p, text, &cands, |m| {
                    refusal(&p, side, m)
                })
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
                    if let Err(reason) = judge_in_game(&pos, side, &m) {
                        errors.push(RuleError {
                            side,
                            mv: text.trim().to_string(),
                            rule: rule_of_reason(&reason).unwrap_or(Rule::Movement),
                            problem: Problem::Refused(Refusal::new(pos.variant, reason)),
                        });
                    }
                    moves[side.index()] = Some(m);
                }
                Err(e) => errors.push(RuleError {
                    side,
                    mv: text.trim().to_string(),
                    rule: Rule::Movement,
                    problem: Problem::Unreadable(e),
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

/// Why `side` may not commit `mv` (a commit the legal list lacks), as the game asks it.
fn refusal(pos: &Position, side: Color, mv: &Move) -> Refusal {
    let reason = judge_in_game(pos, side, mv)
        .err()
        .unwrap_or(Reason::Movement {
            kind: pos.board.kind(side, mv.from).unwrap_or(PieceKind::Pawn),
            from: mv.from,
            to: mv.to,
        });
    Refusal::new(pos.variant, reason)
}
