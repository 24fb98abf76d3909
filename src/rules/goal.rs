//! Goals a learner's move can reach, checked against what the rules did: the typed
//! [`Goal`] of a lesson step ("play a move that teleports", "be refused by a field", "make
//! a capture that fails"), and [`check`], which judges the learner's move (Parity: the
//! learner's commit against a scripted commit of the other side), plays it on a copy and
//! answers with a [`Verdict`]: the goal is reached, not yet (a typed [`Miss`] and the
//! narrator's words for it, [`narrate::goal_miss`]) or the move is illegal (the rules'
//! [`Refusal`]).
//!
//! Goals read the move's [`Effect`]s, the variant's [`Fact`]s, the judged [`Move`] and the
//! positions before and after; never the words. Nothing here knows a lesson file: the data
//! format lives in `crate::learn`. Determinism: the verdict depends only on the arguments.

use std::fmt;

use super::geometry::{BoardShape, Square};
use super::moves::{Effect, Fact, Move, Special};
use super::narrate;
use super::outcome::{DrawReason, Outcome, WinReason};
use super::piece::{Color, Piece, PieceKind};
use super::position::Position;
use super::refusal::{Reason, Refusal};
use super::variant::TurnModel;
use super::variants::force_field;

/// A kind of refusal a step may ask the learner to meet ("try to cross a square the
/// enemy's field holds and be refused"); [`RefusalKind::matches`] reads it off a typed
/// [`Reason`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub enum RefusalKind {
    /// Force Field: a square on the way or the landing square is held by the enemy
    /// ([`Reason::FieldHeld`], [`Reason::KnightRoutesBlocked`]).
    FieldHeld,
    /// Bully: the victim is worth more than the attacker ([`Reason::CaptureTooStrong`]).
    CaptureTooStrong,
    /// Nonviolent: nothing may be captured ([`Reason::NoCaptures`]).
    NoCaptures,
    /// Parity: the piece moved last turn and rests ([`Reason::Resting`]).
    Resting,
    /// Single Occupation: only the piece on the shared square may move
    /// ([`Reason::MustLeaveSharedSquare`]).
    MustLeaveSharedSquare,
    /// Single Occupation: the piece leaving a shared square may not capture
    /// ([`Reason::LeavingMayNotCapture`]).
    LeavingMayNotCapture,
    /// The King would stand attacked ([`Reason::KingIntoCheck`],
    /// [`Reason::KingIntoFieldCheck`], [`Reason::KingOntoAttacked`]).
    KingIntoCheck,
    /// The piece is pinned to its King ([`Reason::Pinned`], [`Reason::ExposesKing`]).
    Pinned,
    /// Intrachange: the esoteric square holds one of the mover's pieces
    /// ([`Reason::OwnPieceOnEsoteric`]).
    OwnPieceOnEsoteric,
    /// Intrachange: a move that does not teleport may not land on the enemy King
    /// ([`Reason::KingOnExoteric`]).
    KingOnExoteric,
}

impl RefusalKind {
    /// Whether `reason` is a refusal of this kind.
    ///
    /// # Examples
    /// ```
    /// use esoterica::rules::goal::RefusalKind;
    /// use esoterica::rules::Reason;
    /// assert!(RefusalKind::NoCaptures.matches(&Reason::NoCaptures { en_passant: false }));
    /// assert!(!RefusalKind::Resting.matches(&Reason::NoCaptures { en_passant: false }));
    /// ```
    pub fn matches(self, reason: &Reason) -> bool {
        match self {
            RefusalKind::FieldHeld => matches!(
                reason,
                Reason::FieldHeld { .. } | Reason::KnightRoutesBlocked { .. }
            ),
            RefusalKind::CaptureTooStrong => matches!(reason, Reason::CaptureTooStrong { .. }),
            RefusalKind::NoCaptures => matches!(reason, Reason::NoCaptures { .. }),
            RefusalKind::Resting => matches!(reason, Reason::Resting { .. }),
            RefusalKind::MustLeaveSharedSquare => {
                matches!(reason, Reason::MustLeaveSharedSquare { .. })
            }
            RefusalKind::LeavingMayNotCapture => {
                matches!(reason, Reason::LeavingMayNotCapture { .. })
            }
            RefusalKind::KingIntoCheck => matches!(
                reason,
                Reason::KingIntoCheck { .. }
                    | Reason::KingIntoFieldCheck { .. }
                    | Reason::KingOntoAttacked { .. }
            ),
            RefusalKind::Pinned => matches!(reason, Reason::Pinned { .. } | Reason::ExposesKing),
            RefusalKind::OwnPieceOnEsoteric => {
                matches!(reason, Reason::OwnPieceOnEsoteric { .. })
            }
            RefusalKind::KingOnExoteric => matches!(reason, Reason::KingOnExoteric { .. }),
        }
    }
}

/// What a lesson step asks of the learner's move, checked against the rules' effects of
/// that move. Squares are named as the variant writes them (`e4`, `b11`, `C1`); see
/// [`Goal::validate`].
///
/// Serialised with serde (the lesson files are RON: `Teleport(piece: Some(Pawn))`,
/// `Refused(rule: FieldHeld)`, `Checkmate`).
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum Goal {
    /// The move checkmates (Parity: the other side is left in immediate check with no King
    /// move, or is captured).
    Checkmate,
    /// The move wins the game, whatever the reason (mate, a captured King, Parity's
    /// stalemate, a side that cannot leave a shared square).
    Win,
    /// The move stalemates the other side: no legal move, not in check (a draw, except in
    /// Parity where it wins).
    Stalemate,
    /// The move gives check (a mate counts).
    Check,
    /// The move captures an enemy piece: of kind `victim` if given, with a piece of kind
    /// `by` if given (the mover's kind before any promotion).
    Capture {
        /// The capturing kind, if the step names one.
        #[serde(default)]
        by: Option<PieceKind>,
        /// The captured kind, if the step names one.
        #[serde(default)]
        victim: Option<PieceKind>,
    },
    /// A pawn promotes, to `to` if given.
    Promote {
        /// The kind it must become, if the step names one.
        #[serde(default)]
        to: Option<PieceKind>,
    },
    /// The King castles.
    Castle,
    /// One of the learner's pieces ends the move on `square`, where none stood before.
    Reach {
        /// The square's name.
        square: String,
    },
    /// Intrachange: a piece of the learner (of kind `piece`, if given) teleports.
    Teleport {
        /// The teleporting kind, if the step names one.
        #[serde(default)]
        piece: Option<PieceKind>,
    },
    /// Intrachange: a teleport lands on an enemy piece and captures it.
    EsotericCapture,
    /// Intrachange: a teleport passes through an enemy piece, which survives.
    PassThrough,
    /// The move captures the enemy King, which ends the game (Intrachange).
    CaptureKing,
    /// Force Field: a piece other than the King moves onto an empty square the learner's
    /// fields hold (`rules/force-field.md §2`).
    EnterHeldSquare,
    /// Force Field: an empty square (`square`, if given) passes to the learner's control.
    GainControl {
        /// The square's name, if the step names one.
        #[serde(default)]
        square: Option<String>,
    },
    /// Force Field: the learner's King is in check, and the move answers it by putting a
    /// field across the line of attack (§4).
    CutCheck,
    /// Force Field: the move gives check by lifting a field that cut a line to the enemy
    /// King (§4).
    FieldCheck,
    /// The move is refused by a rule of this kind: the step shows a refusal.
    Refused {
        /// The kind of refusal.
        rule: RefusalKind,
    },
    /// Parity: the learner's capture fails because its target moved in the same turn.
    FailedCapture,
    /// Parity: a piece of each side lands on the same square.
    SharedSquare,
    /// Big Outer: a pawn's first move of three or four squares.
    LongPawnMove,
}

/// A goal whose squares the board does not have.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GoalError {
    /// The square name as written.
    pub square: String,
    /// Why it cannot be read.
    pub reason: String,
}

impl fmt::Display for GoalError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "goal square '{}': {}", self.square, self.reason)
    }
}

impl std::error::Error for GoalError {}

impl Goal {
    /// Checks that the goal's squares exist on `shape`.
    ///
    /// # Errors
    /// [`GoalError`] naming the first square that cannot be read.
    pub fn validate(&self, shape: BoardShape) -> Result<(), GoalError> {
        match self {
            Goal::Reach { square }
            | Goal::GainControl {
                square: Some(square),
            } => parse(shape, square).map(|_| ()),
            _ => Ok(()),
        }
    }
}

fn parse(shape: BoardShape, name: &str) -> Result<Square, GoalError> {
    shape.parse_square(name).map_err(|e| GoalError {
        square: name.to_string(),
        reason: e.to_string(),
    })
}

/// Why a legal move did not reach its goal: what the rules show the move did instead. The
/// narrator words it ([`narrate::goal_miss`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Miss {
    /// The game did not end in the learner's favour: the move gave check (`check`), or ended
    /// the game otherwise (`outcome`, e.g. a stalemate).
    NoWin {
        /// Whether the move gave check.
        check: bool,
        /// How the game ended instead, if it did.
        outcome: Option<Outcome>,
    },
    /// The move captured no King.
    KingNotCaptured,
    /// The move left the other side a legal move, or gave check.
    NoStalemate {
        /// Whether the move gave check.
        check: bool,
    },
    /// The move gave no check.
    NoCheck,
    /// The move captured nothing.
    NoCapture,
    /// The move captured, but not what the step asks.
    WrongCapture {
        /// The capturing kind.
        by: PieceKind,
        /// The captured kind.
        victim: PieceKind,
    },
    /// No pawn promoted.
    NoPromotion,
    /// A pawn promoted to another kind than the step asks.
    WrongPromotion {
        /// The kind it became.
        to: PieceKind,
    },
    /// The move was not castling.
    NoCastling,
    /// No piece of the learner arrived on the square.
    NotReached {
        /// The square the step asks for.
        square: Square,
        /// Where the moving piece ended.
        landed: Square,
    },
    /// No piece of the learner (of the asked kind) teleported.
    NoTeleport {
        /// The moving piece.
        piece: Piece,
        /// Its (exoteric) square.
        to: Square,
        /// The kind the step asks to teleport, if any.
        wanted: Option<PieceKind>,
        /// Whether the moving piece teleported (it was another kind).
        teleported: bool,
    },
    /// No teleport captured on its esoteric square.
    NoEsotericCapture {
        /// Whether the move teleported at all.
        teleported: bool,
    },
    /// No teleport passed through an enemy piece.
    NoPassThrough {
        /// Whether the move teleported at all.
        teleported: bool,
    },
    /// The King moved: fields neither hold nor stop it.
    KingIgnoresFields,
    /// The landing square was not an empty square the learner held.
    NotHeld {
        /// The landing square.
        square: Square,
        /// Its net charge before the move (0: neutral, or occupied).
        charge: i32,
        /// Whether a piece stood there (occupied squares are neutral).
        occupied: bool,
    },
    /// No empty square (or not the asked one) passed to the learner.
    NoControlGained {
        /// The square the step asks for, if any.
        square: Option<Square>,
    },
    /// The learner's King is still in check, or the check was answered without a field.
    CheckNotCut,
    /// No check came from a lifted field.
    NoFieldCheck {
        /// Whether the move gave check another way.
        check: bool,
    },
    /// The move is legal, so nothing refused it.
    NotRefused,
    /// The learner's capture succeeded, or there was none to fail.
    NoFailedCapture {
        /// Whether the learner captured something.
        captured: bool,
    },
    /// No square is shared after the turn.
    NoSharedSquare,
    /// The move was not a pawn's first move of three or four squares.
    NotLongPawnMove,
}

/// The answer to a learner's move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// The move reaches the goal.
    Achieved,
    /// The move is legal but does not reach the goal.
    NotYet {
        /// What the move did instead, as data.
        miss: Miss,
        /// The narrator's words for it ([`narrate::goal_miss`]).
        why: String,
    },
    /// The rules refuse the move (and the goal does not ask for this refusal).
    Illegal(Refusal),
}

impl Verdict {
    /// Whether the goal is reached.
    pub fn is_achieved(&self) -> bool {
        matches!(self, Verdict::Achieved)
    }
}

/// Judges the learner's move in `start` against `goal`. The learner is the side to move
/// ([`Position::turn`]); in a simultaneous variant (Parity) `mv` is the learner's commit and
/// `reply` the other side's commit, scripted by the step, and the two are resolved together.
///
/// The move is judged by the rules first: a refusal is [`Verdict::Illegal`], unless the goal
/// is [`Goal::Refused`] with a matching [`RefusalKind`] ([`Verdict::Achieved`]). A legal
/// move is played on a copy and its effects, facts and the position after are read.
///
/// A simultaneous variant without a `reply`, or an illegal `reply`, gives
/// [`Verdict::Illegal`] with the rules' refusal of the reply (the step's data is wrong).
///
/// # Examples
/// ```
/// use esoterica::rules::goal::{Goal, Verdict, check};
/// use esoterica::rules::{PieceKind, Position, Variant};
/// let start = Position::new(Variant::Intrachange);
/// let goal = Goal::Teleport { piece: Some(PieceKind::Pawn) };
/// // e2-e4 enters hexagram 56, whose Pawn line is solid: the pawn jumps to e6.
/// let e4 = start.parse_move("e2e4").unwrap();
/// assert_eq!(check(&start, &goal, &e4, None), Verdict::Achieved);
/// // A White Knight entering the third rank never teleports.
/// let nf3 = start.parse_move("g1f3").unwrap();
/// assert!(matches!(check(&start, &goal, &nf3, None), Verdict::NotYet { .. }));
/// ```
pub fn check(start: &Position, goal: &Goal, mv: &Move, reply: Option<&Move>) -> Verdict {
    let me = start.turn();
    let simultaneous = start.variant().turn_model() == TurnModel::Simultaneous;
    let judged = if simultaneous {
        start.judge_commit(me, mv)
    } else {
        start.judge(mv)
    };
    let legal = match (judged, goal) {
        (Err(r), Goal::Refused { rule }) if rule.matches(&r.reason) => return Verdict::Achieved,
        (Err(r), _) => return Verdict::Illegal(r),
        (Ok(_), Goal::Refused { .. }) => return not_yet(start, Miss::NotRefused),
        (Ok(m), _) => m,
    };
    let mut after = start.clone();
    let effects = if simultaneous {
        let Some(reply) = reply else {
            return Verdict::Illegal(Refusal::new(start.variant(), Reason::SimultaneousTurn));
        };
        let other = match start.judge_commit(me.other(), reply) {
            Ok(m) => m,
            Err(r) => return Verdict::Illegal(r),
        };
        let (white, black) = match me {
            Color::White => (legal, other),
            Color::Black => (other, legal),
        };
        match after.resolve(&white, &black) {
            Ok(fx) => fx,
            Err(e) => return Verdict::Illegal(e.refusal),
        }
    } else {
        match after.try_play(&legal) {
            Ok(fx) => fx,
            Err(e) => return Verdict::Illegal(e.refusal),
        }
    };
    let played = Played {
        before: start,
        after: &after,
        me,
        mv: legal,
        effects: &effects,
    };
    match played.miss(goal) {
        None => Verdict::Achieved,
        Some(miss) => not_yet(start, miss),
    }
}

fn not_yet(start: &Position, miss: Miss) -> Verdict {
    let why = narrate::goal_miss(&miss, start.shape());
    Verdict::NotYet { miss, why }
}

/// A legal move of the learner, played.
struct Played<'a> {
    before: &'a Position,
    after: &'a Position,
    me: Color,
    mv: Move,
    effects: &'a [Effect],
}

impl Played<'_> {
    fn outcome(&self) -> Option<Outcome> {
        self.effects
            .iter()
            .find_map(|e| match e {
                Effect::GameOver(o) => Some(*o),
                _ => None,
            })
            .or_else(|| self.after.outcome())
    }

    fn gave_check(&self) -> bool {
        let them = self.me.other();
        self.effects
            .iter()
            .any(|e| matches!(e, Effect::Check { side, .. } if *side == them))
            || matches!(
                self.outcome(),
                Some(Outcome::Win {
                    reason: WinReason::Checkmate,
                    winner,
                }) if winner == self.me
            )
    }

    fn mover(&self) -> Piece {
        let kind = self
            .before
            .board()
            .kind(self.me, self.mv.from)
            .unwrap_or(PieceKind::Pawn);
        Piece::new(self.me, kind)
    }

    fn teleports(&self) -> impl Iterator<Item = (Piece, Square, Square)> + '_ {
        self.effects.iter().filter_map(move |e| match e {
            Effect::Teleport { piece, from, to } if piece.color == self.me => {
                Some((*piece, *from, *to))
            }
            _ => None,
        })
    }

    fn captures(&self) -> impl Iterator<Item = (Piece, Square)> + '_ {
        self.effects.iter().filter_map(move |e| match e {
            Effect::Capture { piece, at } if piece.color != self.me => Some((*piece, *at)),
            _ => None,
        })
    }

    fn facts(&self) -> Vec<Fact> {
        self.before.variant().rules().facts(self.before, self.after)
    }

    /// Where the moving piece ended: its last step or teleport.
    fn landing(&self) -> Square {
        self.effects
            .iter()
            .rev()
            .find_map(|e| match e {
                Effect::Step { piece, to, .. } | Effect::Teleport { piece, to, .. }
                    if piece.color == self.me =>
                {
                    Some(*to)
                }
                _ => None,
            })
            .unwrap_or(self.mv.to)
    }

    /// `None`: the goal is reached; else what the move did instead.
    fn miss(&self, goal: &Goal) -> Option<Miss> {
        let shape = self.before.shape();
        let me = self.me;
        let won = |reason: Option<WinReason>| {
            matches!(self.outcome(), Some(Outcome::Win { winner, reason: r })
                if winner == me && reason.is_none_or(|x| x == r))
        };
        let no_win = || Miss::NoWin {
            check: self.gave_check(),
            outcome: self.outcome(),
        };
        let ok = |reached: bool, miss: Miss| if reached { None } else { Some(miss) };
        match goal {
            Goal::Checkmate => ok(won(Some(WinReason::Checkmate)), no_win()),
            Goal::Win => ok(won(None), no_win()),
            Goal::CaptureKing => ok(
                self.captures().any(|(p, _)| p.kind == PieceKind::King),
                Miss::KingNotCaptured,
            ),
            Goal::Stalemate => {
                let stalemate = matches!(
                    self.outcome(),
                    Some(Outcome::Draw {
                        reason: DrawReason::Stalemate
                    }) | Some(Outcome::Win {
                        reason: WinReason::Stalemate,
                        ..
                    })
                );
                ok(
                    stalemate,
                    Miss::NoStalemate {
                        check: self.gave_check(),
                    },
                )
            }
            Goal::Check => ok(self.gave_check(), Miss::NoCheck),
            Goal::Capture { by, victim } => {
                let attacker = self.mover().kind;
                let Some((first, _)) = self.captures().next() else {
                    return Some(Miss::NoCapture);
                };
                let fits = |p: Piece| {
                    victim.is_none_or(|v| v == p.kind) && by.is_none_or(|b| b == attacker)
                };
                match self.captures().find(|&(p, _)| fits(p)) {
                    Some(_) => None,
                    None => Some(Miss::WrongCapture {
                        by: attacker,
                        victim: first.kind,
                    }),
                }
            }
            Goal::Promote { to } => {
                let promoted = self.effects.iter().find_map(|e| match e {
                    Effect::Promote { piece, .. } if piece.color == me => Some(piece.kind),
                    _ => None,
                });
                match (promoted, to) {
                    (None, _) => Some(Miss::NoPromotion),
                    (Some(k), Some(want)) if k != *want => Some(Miss::WrongPromotion { to: k }),
                    (Some(_), _) => None,
                }
            }
            Goal::Castle => ok(
                matches!(self.mv.special, Special::Castle { .. }),
                Miss::NoCastling,
            ),
            Goal::Reach { square } => {
                let sq = shape.parse_square(square).ok()?;
                let arrived = self.after.board().has(me, sq) && !self.before.board().has(me, sq);
                ok(
                    arrived,
                    Miss::NotReached {
                        square: sq,
                        landed: self.landing(),
                    },
                )
            }
            Goal::Teleport { piece } => {
                let reached = self
                    .teleports()
                    .any(|(p, _, _)| piece.is_none_or(|k| k == p.kind));
                ok(
                    reached,
                    Miss::NoTeleport {
                        piece: self.mover(),
                        to: self.mv.to,
                        wanted: *piece,
                        teleported: self.teleports().next().is_some(),
                    },
                )
            }
            Goal::EsotericCapture => {
                let reached = self
                    .teleports()
                    .any(|(_, _, y)| self.captures().any(|(_, at)| at == y));
                ok(
                    reached,
                    Miss::NoEsotericCapture {
                        teleported: self.teleports().next().is_some(),
                    },
                )
            }
            Goal::PassThrough => {
                let reached = self
                    .effects
                    .iter()
                    .any(|e| matches!(e, Effect::PassThrough { piece, .. } if piece.color != me));
                ok(
                    reached,
                    Miss::NoPassThrough {
                        teleported: self.teleports().next().is_some(),
                    },
                )
            }
            Goal::EnterHeldSquare => {
                if self.mover().kind == PieceKind::King {
                    return Some(Miss::KingIgnoresFields);
                }
                let to = self.mv.to;
                let map = force_field::fields(self.before);
                let occupied = !self.before.board().is_empty(to);
                ok(
                    !occupied && map.controller(to) == Some(me),
                    Miss::NotHeld {
                        square: to,
                        charge: map.net(to),
                        occupied,
                    },
                )
            }
            Goal::GainControl { square } => {
                let want = match square {
                    Some(s) => Some(shape.parse_square(s).ok()?),
                    None => None,
                };
                let gained = self.facts().iter().any(|f| {
                    matches!(f, Fact::ControlChanged { square, holder, .. }
                        if *holder == me && want.is_none_or(|w| w == *square))
                });
                ok(gained, Miss::NoControlGained { square: want })
            }
            Goal::CutCheck => {
                let cut = self.before.in_check(me)
                    && !self.after.in_check(me)
                    && self
                        .facts()
                        .iter()
                        .any(|f| matches!(f, Fact::CheckNeutralised { side, .. } if *side == me));
                ok(cut, Miss::CheckNotCut)
            }
            Goal::FieldCheck => {
                let them = me.other();
                let by_fields = self
                    .facts()
                    .iter()
                    .any(|f| matches!(f, Fact::CheckByFields { side, .. } if *side == them));
                ok(
                    by_fields,
                    Miss::NoFieldCheck {
                        check: self.gave_check(),
                    },
                )
            }
            // Judged before the move was played.
            Goal::Refused { .. } => Some(Miss::NotRefused),
            Goal::FailedCapture => {
                let failed = self
                    .effects
                    .iter()
                    .any(|e| matches!(e, Effect::FailedCapture { by, .. } if by.color == me));
                ok(
                    failed,
                    Miss::NoFailedCapture {
                        captured: self.captures().next().is_some(),
                    },
                )
            }
            Goal::SharedSquare => ok(
                self.effects
                    .iter()
                    .any(|e| matches!(e, Effect::Shared { .. })),
                Miss::NoSharedSquare,
            ),
            Goal::LongPawnMove => {
                let long = self.mover().kind == PieceKind::Pawn
                    && (shape.rank(self.mv.to) - shape.rank(self.mv.from)).abs() >= 3;
                ok(long, Miss::NotLongPawnMove)
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Variant;

    fn at(v: Variant, text: &str) -> Position {
        Position::from_text(v, text).unwrap()
    }

    fn mv(p: &Position, text: &str) -> Move {
        let s = p.shape();
        p.parse_move(text).unwrap_or_else(|_| {
            Move::new(
                s.parse_square(&text[..2]).unwrap(),
                s.parse_square(&text[2..4]).unwrap(),
            )
        })
    }

    #[test]
    fn a_field_refusal_is_the_goal_only_when_the_step_asks_for_it() {
        let mut p = Position::new(Variant::ForceField);
        p.play(&p.parse_move("e2e4").unwrap());
        let goal = Goal::Refused {
            rule: RefusalKind::FieldHeld,
        };
        assert_eq!(check(&p, &goal, &mv(&p, "b7b5"), None), Verdict::Achieved);
        let legal = check(&p, &goal, &mv(&p, "e7e5"), None);
        assert!(
            matches!(
                legal,
                Verdict::NotYet {
                    miss: Miss::NotRefused,
                    ..
                }
            ),
            "{legal:?}"
        );
        // Another goal: the same refusal is an illegal move.
        let other = check(&p, &Goal::Check, &mv(&p, "b7b5"), None);
        assert!(
            matches!(&other, Verdict::Illegal(r) if matches!(r.reason, Reason::FieldHeld { .. })),
            "{other:?}"
        );
    }

    #[test]
    fn a_parity_capture_fails_when_the_scripted_reply_moves_the_target() {
        // The White Rook takes h5 while the Black Rook leaves it.
        let p = at(Variant::Parity, "4k3/8/8/7r/8/8/8/R3K2R w - - 0 1 -/-");
        let take = mv(&p, "h1h5");
        let away = mv(&p, "h5a5");
        let stay = mv(&p, "e8d8");
        assert_eq!(
            check(&p, &Goal::FailedCapture, &take, Some(&away)),
            Verdict::Achieved
        );
        let v = check(&p, &Goal::FailedCapture, &take, Some(&stay));
        assert!(
            matches!(
                v,
                Verdict::NotYet {
                    miss: Miss::NoFailedCapture { captured: true },
                    ..
                }
            ),
            "{v:?}"
        );
        // No reply: the turn cannot be resolved.
        assert!(matches!(
            check(&p, &Goal::FailedCapture, &take, None),
            Verdict::Illegal(_)
        ));
    }

    #[test]
    fn checkmate_is_told_apart_from_check_and_stalemate() {
        let p = at(Variant::Standard, "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1");
        assert_eq!(
            check(&p, &Goal::Checkmate, &mv(&p, "a1a8"), None),
            Verdict::Achieved
        );
        let v = check(&p, &Goal::Checkmate, &mv(&p, "a1a2"), None);
        assert!(
            matches!(
                &v,
                Verdict::NotYet {
                    miss: Miss::NoWin { check: false, outcome: None },
                    why
                } if !why.is_empty()
            ),
            "{v:?}"
        );
        // Stalemate: Qg6 leaves the h8 King no move.
        let p = at(Variant::Standard, "7k/8/5K2/8/8/8/8/6Q1 w - - 0 1");
        assert_eq!(
            check(&p, &Goal::Stalemate, &mv(&p, "g1g6"), None),
            Verdict::Achieved
        );
        let v = check(&p, &Goal::Checkmate, &mv(&p, "g1g6"), None);
        assert!(
            matches!(
                v,
                Verdict::NotYet {
                    miss: Miss::NoWin {
                        outcome: Some(Outcome::Draw { .. }),
                        ..
                    },
                    ..
                }
            ),
            "{v:?}"
        );
    }

    #[test]
    fn goal_squares_are_validated_on_the_variants_board() {
        let g = Goal::Reach {
            square: "C1".into(),
        };
        assert!(g.validate(Variant::BigOuter.shape()).is_ok());
        assert!(g.validate(Variant::Standard.shape()).is_err());
    }
}
