//! Standard (FIDE) chess: the classic building blocks as they are. Every default of
//! [`VariantRules`] is standard chess, so this type only names itself, its initial position
//! and its rules card.

use super::{Capabilities, TitleExample, VariantRules};
use crate::rules::classic;
use crate::rules::moves::Move;
use crate::rules::position::Position;
use crate::rules::refusal::{Reason, RuleRef};
use crate::rules::variant::Variant;

#[cfg(test)]
mod tests;

/// The standard initial position.
pub const INITIAL: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

/// A rule of chess, by the section of the standard rules card.
const fn chess(section: &'static str, title: &'static str) -> RuleRef {
    RuleRef {
        doc: "standard",
        name: "Chess",
        section,
        ruling: None,
        title,
    }
}

/// §1: whose turn it is, and how the pieces move and capture.
pub const MOVES: RuleRef = chess("§1", "turns and how the pieces move");
/// §2: the pawn's double step, en passant and promotion.
pub const PAWNS: RuleRef = chess("§2", "pawns: double step, en passant and promotion");
/// §3: castling.
pub const CASTLING: RuleRef = chess("§3", "castling");
/// §4: no move may leave the own King attacked.
pub const CHECK: RuleRef = chess("§4", "you may never leave your King attacked");
/// §5: checkmate, stalemate and the draws.
pub const END: RuleRef = chess("§5", "the end of the game");

/// What Standard chess: classic chess as it is.
pub const CAPABILITIES: Capabilities = Capabilities {
    ..Capabilities::CLASSIC
};

/// The rules of chess the standard rules card carries, in section order.
pub const RULES: [RuleRef; 5] = [MOVES, PAWNS, CASTLING, CHECK, END];

/// The rule of chess a refusal breaks: the rule every variant falls back to where it has
/// none of its own ([`VariantRules::rule_of`]).
pub fn rule_of(reason: &Reason) -> RuleRef {
    match reason {
        Reason::GameOver(_) | Reason::KingCaptured => END,
        Reason::NotJustAdvanced { .. }
        | Reason::PromotionRequired { .. }
        | Reason::PromotionLetterMissing { .. }
        | Reason::BadPromotion { .. }
        | Reason::NoPromotion => PAWNS,
        Reason::Castling(_) => CASTLING,
        Reason::DoesNotAnswerCheck { .. }
        | Reason::KingIntoCheck { .. }
        | Reason::Pinned { .. }
        | Reason::FieldCheckNotAnswered { .. }
        | Reason::KingIntoFieldCheck { .. }
        | Reason::GivesUpNeutralisingField { .. }
        | Reason::LeavesKingInFieldCheck { .. }
        | Reason::ImmediateCheck { .. }
        | Reason::KingOntoAttacked { .. }
        | Reason::ExposesKing => CHECK,
        _ => MOVES,
    }
}

/// The rules of standard chess.
#[derive(Clone, Copy, Debug, Default)]
pub struct Standard;

impl VariantRules for Standard {
    fn legal_captures(&self, pos: &Position, out: &mut Vec<Move>) {
        classic::legal_captures(self, pos, out);
    }

    fn legal_move_count(&self, pos: &Position, buffer: &mut Vec<Move>) -> usize {
        classic::legal_move_count(self, pos, buffer)
    }

    fn variant(&self) -> Variant {
        Variant::Standard
    }

    fn capabilities(&self) -> &'static Capabilities {
        &CAPABILITIES
    }

    fn initial_text(&self) -> &'static str {
        INITIAL
    }

    fn rules_card(&self) -> &'static str {
        include_str!("../../../../assets/rules-cards/standard.md")
    }

    fn openings(&self) -> &'static str {
        include_str!("../../../../assets/openings/standard.txt")
    }

    fn title_example(&self) -> TitleExample {
        TitleExample {
            setup: &["e2e4", "e7e5", "d1h5", "b8c6", "f1c4", "g8f6"],
            entry: "h5f7",
        }
    }

    fn rule_line(&self) -> &'static str {
        "Standard chess: checkmate the enemy King."
    }

    fn title_card(&self) -> &'static [&'static str] {
        &[
            "The classic game, as a baseline.",
            "Every other variant here changes one or two of its rules.",
        ]
    }

    fn rule_refs(&self) -> &'static [RuleRef] {
        &RULES
    }
}
