//! Nonviolent Chess (`rules/bully-nonviolent.md §2`): standard chess with no captures at
//! all, en passant included. Checks and mates stay classical (ruling BN-2). The capture rule
//! is [`CaptureRule::Never`]; everything else is the classic default.

use super::{Capabilities, TitleExample, VariantRules};
use crate::rules::classic;
use crate::rules::classic::CaptureRule;
use crate::rules::moves::Move;
use crate::rules::position::Position;
use crate::rules::refusal::{Reason, RuleRef};
use crate::rules::variant::Variant;

#[cfg(test)]
mod tests;

/// `rules/bully-nonviolent.md §2`: no captures.
pub const NO_CAPTURES: RuleRef = RuleRef {
    doc: "bully-nonviolent",
    name: "Nonviolent",
    section: "§2",
    ruling: None,
    title: "nothing is ever captured",
};

/// What Nonviolent Chess: classic chess without captures (§2).
pub const CAPABILITIES: Capabilities = Capabilities {
    capture_rule: CaptureRule::Never,
    ..Capabilities::CLASSIC
};

/// The rules of Nonviolent Chess.
#[derive(Clone, Copy, Debug, Default)]
pub struct Nonviolent;

impl VariantRules for Nonviolent {
    fn legal_captures(&self, pos: &Position, out: &mut Vec<Move>) {
        classic::legal_captures(self, pos, out);
    }

    fn legal_move_count(&self, pos: &Position, buffer: &mut Vec<Move>) -> usize {
        classic::legal_move_count(self, pos, buffer)
    }

    fn variant(&self) -> Variant {
        Variant::Nonviolent
    }

    fn capabilities(&self) -> &'static Capabilities {
        &CAPABILITIES
    }

    fn initial_text(&self) -> &'static str {
        super::standard::INITIAL
    }

    fn rules_card(&self) -> &'static str {
        include_str!("../../../../assets/rules-cards/nonviolent.md")
    }

    fn openings(&self) -> &'static str {
        include_str!("../../../../assets/openings/nonviolent.txt")
    }

    fn title_example(&self) -> TitleExample {
        TitleExample {
            setup: &["e2e4", "d7d5"],
            entry: "e4d5",
        }
    }

    fn rule_line(&self) -> &'static str {
        "Nothing is ever captured: checkmate with blocks alone."
    }

    fn title_card(&self) -> &'static [&'static str] {
        &[
            "No captures at all.",
            "You still win by checkmate: trap the King with pieces that can't take anything.",
        ]
    }

    fn rule_of(&self, reason: &Reason) -> Option<RuleRef> {
        matches!(reason, Reason::NoCaptures { .. }).then_some(NO_CAPTURES)
    }

    fn rule_refs(&self) -> &'static [RuleRef] {
        &[NO_CAPTURES]
    }
}
