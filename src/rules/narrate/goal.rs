//! Lesson goals in words: what a step asks ([`goal`]) and why a legal move did not reach
//! it ([`goal_miss`]), from the typed [`Goal`] and [`Miss`] of [`crate::rules::goal`].

use super::signed;
use crate::rules::geometry::BoardShape;
use crate::rules::goal::{Goal, Miss, RefusalKind};
use crate::rules::outcome::Outcome;

/// What a goal asks, as a short instruction without a final full stop ("Give checkmate",
/// "Make a Pawn teleport"). A lesson's own task text usually says it better, with the
/// position in mind; this is the fallback and the command line's summary.
///
/// # Examples
/// ```
/// use esoterica::rules::goal::Goal;
/// use esoterica::rules::{PieceKind, narrate};
/// assert_eq!(narrate::goal(&Goal::Checkmate), "Give checkmate");
/// assert_eq!(
///     narrate::goal(&Goal::Teleport { piece: Some(PieceKind::Pawn) }),
///     "Make a Pawn teleport"
/// );
/// ```
pub fn goal(goal: &Goal) -> String {
    match goal {
        Goal::Checkmate => "Give checkmate".into(),
        Goal::Win => "Win the game with this move".into(),
        Goal::Stalemate => "Leave the other side without a legal move, not in check".into(),
        Goal::Check => "Give check".into(),
        Goal::Capture { by, victim } => {
            let what = victim.map_or("a piece".to_string(), |k| format!("a {}", k.name()));
            match by {
                Some(b) => format!("Capture {what} with a {}", b.name()),
                None => format!("Capture {what}"),
            }
        }
        Goal::Promote { to } => match to {
            Some(k) => format!("Promote a Pawn to a {}", k.name()),
            None => "Promote a Pawn".into(),
        },
        Goal::Castle => "Castle".into(),
        Goal::Reach { square } => format!("Bring a piece to {square}"),
        Goal::Teleport { piece } => match piece {
            Some(k) => format!("Make a {} teleport", k.name()),
            None => "Make a piece teleport".into(),
        },
        Goal::EsotericCapture => "Capture with a teleport, on the square it lands on".into(),
        Goal::PassThrough => "Teleport through an enemy piece".into(),
        Goal::CaptureKing => "Capture the King".into(),
        Goal::EnterHeldSquare => "Move onto an empty square your fields hold".into(),
        Goal::GainControl { square } => match square {
            Some(s) => format!("Take control of {s}"),
            None => "Take control of an empty square".into(),
        },
        Goal::CutCheck => "Answer the check by putting a field across its line".into(),
        Goal::FieldCheck => "Give check by lifting a field".into(),
        Goal::Refused { rule } => format!("Try a move that {}", refused_by(*rule)),
        Goal::FailedCapture => "Make a capture that misses its target".into(),
        Goal::SharedSquare => "Land on the same square as the enemy piece".into(),
        Goal::LongPawnMove => "Move a Pawn three or four squares at once".into(),
    }
}

/// What a refusal of this kind stops, for [`goal`].
fn refused_by(rule: RefusalKind) -> &'static str {
    match rule {
        RefusalKind::FieldHeld => "an enemy field stops",
        RefusalKind::CaptureTooStrong => "tries to take a stronger piece",
        RefusalKind::NoCaptures => "would capture",
        RefusalKind::Resting => "moves a resting piece",
        RefusalKind::MustLeaveSharedSquare => "leaves the shared square where it is",
        RefusalKind::LeavingMayNotCapture => "captures on the way out of a shared square",
        RefusalKind::KingIntoCheck => "walks the King into an attack",
        RefusalKind::Pinned => "moves a pinned piece",
        RefusalKind::OwnPieceOnEsoteric => "would teleport onto your own piece",
        RefusalKind::KingOnExoteric => "lands on the King without teleporting",
    }
}

/// Why a legal move did not reach its goal, in one sentence without a final full stop,
/// squares named on `shape`. Said to the learner after the move, so it speaks to "you".
///
/// # Examples
/// ```
/// use esoterica::rules::goal::Miss;
/// use esoterica::rules::{Variant, narrate};
/// let shape = Variant::Standard.shape();
/// let why = narrate::goal_miss(&Miss::NoWin { check: true, outcome: None }, shape);
/// assert_eq!(why, "Check, but the King still has a way out");
/// ```
pub fn goal_miss(miss: &Miss, shape: BoardShape) -> String {
    let n = |s| shape.name(s);
    match miss {
        Miss::NoWin {
            outcome: Some(o @ Outcome::Draw { .. }),
            ..
        } => format!(
            "That ends the game without a winner ({})",
            super::outcome(o).to_lowercase()
        ),
        Miss::NoWin {
            outcome: Some(o), ..
        } => format!(
            "That ends the game, but not as asked: {}",
            super::outcome(o)
        ),
        Miss::NoWin { check: true, .. } => "Check, but the King still has a way out".into(),
        Miss::NoWin { check: false, .. } => "The game goes on: that move does not win".into(),
        Miss::KingNotCaptured => "The King is still on the board".into(),
        Miss::NoStalemate { check: true } => {
            "That is check: a stalemate leaves the King unattacked".into()
        }
        Miss::NoStalemate { check: false } => "The other side still has a legal move".into(),
        Miss::NoCheck => "The enemy King is not attacked after that move".into(),
        Miss::NoCapture => "Nothing was captured".into(),
        Miss::WrongCapture { by, victim } => format!(
            "Your {} took a {}, but that is not the capture this step asks for",
            by.name(),
            victim.name()
        ),
        Miss::NoPromotion => "No Pawn reached the last rank".into(),
        Miss::WrongPromotion { to } => {
            format!("The Pawn became a {}: choose another piece", to.name())
        }
        Miss::NoCastling => "That is not castling: the King and a Rook move together".into(),
        Miss::NotReached { square, landed } => {
            format!("Your piece ended on {}, not on {}", n(*landed), n(*square))
        }
        Miss::NoTeleport {
            piece,
            to,
            wanted,
            teleported,
        } => match (wanted, teleported) {
            (Some(k), true) => format!(
                "Something teleported, but not a {}: try a move of a {}",
                k.name(),
                k.name()
            ),
            _ => format!(
                "The {} on {} stayed put: that square does not flip its {} line for {}",
                piece.kind.name(),
                n(*to),
                piece.kind.name(),
                piece.color
            ),
        },
        Miss::NoEsotericCapture { teleported: true } => {
            "The teleport landed on an empty square: aim it at an enemy piece".into()
        }
        Miss::NoEsotericCapture { teleported: false } => {
            "No teleport: the capture must happen where the piece jumps to".into()
        }
        Miss::NoPassThrough { teleported: true } => {
            "The teleport started from an empty square: enter a square an enemy piece stands on"
                .into()
        }
        Miss::NoPassThrough { teleported: false } => {
            "No teleport: only a teleporting piece can pass through an enemy".into()
        }
        Miss::KingIgnoresFields => {
            "The King walks through fields as if they were not there: move another piece".into()
        }
        Miss::NotHeld {
            square,
            occupied: true,
            ..
        } => format!(
            "{} held a piece: fields only hold empty squares",
            n(*square)
        ),
        Miss::NotHeld { square, charge, .. } if *charge == 0 => {
            format!("{} was neutral (charge 0), not yours", n(*square))
        }
        Miss::NotHeld { square, charge, .. } => format!(
            "{} belonged to the other side ({})",
            n(*square),
            signed(*charge)
        ),
        Miss::NoControlGained { square: Some(s) } => {
            format!("{} did not come under your control", n(*s))
        }
        Miss::NoControlGained { square: None } => "No empty square passed to your control".into(),
        Miss::CheckNotCut => {
            "The check was not answered by a field across the line of attack".into()
        }
        Miss::NoFieldCheck { check: true } => {
            "That is check, but not one a lifted field opened".into()
        }
        Miss::NoFieldCheck { check: false } => {
            "No check: move the piece whose field cuts your line to the King".into()
        }
        Miss::NotRefused => "The rules allow that move: this step wants one they forbid".into(),
        Miss::NoFailedCapture { captured: true } => {
            "The capture worked: the target did not move this turn".into()
        }
        Miss::NoFailedCapture { captured: false } => {
            "No capture was tried: go for the piece that is about to leave".into()
        }
        Miss::NoSharedSquare => "No square is shared after this turn".into(),
        Miss::NotLongPawnMove => "That is not a Pawn's first move of three or four squares".into(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::goal::Goal;
    use crate::rules::{PieceKind, Variant};

    #[test]
    fn every_goal_reads_as_an_instruction() {
        let goals = [
            Goal::Checkmate,
            Goal::Capture {
                by: Some(PieceKind::Knight),
                victim: None,
            },
            Goal::Refused {
                rule: RefusalKind::FieldHeld,
            },
        ];
        for g in goals {
            let s = goal(&g);
            assert!(s.chars().next().unwrap().is_uppercase(), "{s}");
            assert!(!s.ends_with('.'), "{s}");
        }
        let shape = Variant::ForceField.shape();
        let e4 = shape.parse_square("e4").unwrap();
        assert_eq!(
            goal_miss(
                &Miss::NotHeld {
                    square: e4,
                    charge: -3,
                    occupied: false
                },
                shape
            ),
            "e4 belonged to the other side (\u{2212}3)"
        );
    }
}
