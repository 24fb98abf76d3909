//! Bully Chess (`rules/bully-nonviolent.md §1`): standard chess in which a piece may capture
//! only an enemy piece worth no more than itself (Pawn 1, Knight 2, Bishop 3, Rook 5,
//! Queen 9, King infinite; a promoting pawn counts as a Pawn, ruling BN-3). Checks stay
//! classical (ruling BN-1). The capture rule is [`CaptureRule::ByValue`]; everything else is
//! the classic default.

use super::{Capabilities, TitleExample, VariantRules};
use crate::rules::classic;
use crate::rules::classic::CaptureRule;
use crate::rules::moves::Move;
use crate::rules::position::Position;
use crate::rules::refusal::{Reason, RuleRef};
use crate::rules::variant::Variant;

#[cfg(test)]
mod tests;

/// The value of a piece kind under the Bully capture rule (the classic value scale).
pub use crate::rules::classic::capture_value as bully_value;

/// `rules/bully-nonviolent.md §1`: the capture rule.
pub const CAPTURE_BY_VALUE: RuleRef = RuleRef {
    doc: "bully-nonviolent",
    name: "Bully",
    section: "§1",
    ruling: None,
    title: "a piece captures only pieces worth no more than itself",
};

/// What Bully Chess: classic chess with captures by value (§1).
pub const CAPABILITIES: Capabilities = Capabilities {
    capture_rule: CaptureRule::ByValue,
    ..Capabilities::CLASSIC
};

/// The rules of Bully Chess.
#[derive(Clone, Copy, Debug, Default)]
pub struct Bully;

impl VariantRules for Bully {
    fn legal_captures(&self, pos: &Position, out: &mut Vec<Move>) {
        classic::legal_captures(self, pos, out);
    }

    fn legal_move_count(&self, pos: &Position, buffer: &mut Vec<Move>) -> usize {
        classic::legal_move_count(self, pos, buffer)
    }

    fn variant(&self) -> Variant {
        Variant::Bully
    }

    fn capabilities(&self) -> &'static Capabilities {
        &CAPABILITIES
    }

    fn initial_text(&self) -> &'static str {
        super::standard::INITIAL
    }

    fn rules_card(&self) -> &'static str {
        include_str!("../../../../assets/rules-cards/bully.md")
    }

    fn openings(&self) -> &'static str {
        include_str!("../../../../assets/openings/bully.txt")
    }

    fn title_example(&self) -> TitleExample {
        TitleExample {
            setup: &["e2e4", "d7d5", "e4d5", "d8d5", "c2c4", "e7e6"],
            entry: "c4d5",
        }
    }

    fn rule_line(&self) -> &'static str {
        "A piece may only capture a piece of equal or lower value."
    }

    fn title_card(&self) -> &'static [&'static str] {
        &[
            "You may only capture a piece worth as much as yours or less.",
            "Pawn 1, Knight 2, Bishop 3, Rook 5, Queen 9: a Pawn can't take a Queen.",
        ]
    }

    fn rule_of(&self, reason: &Reason) -> Option<RuleRef> {
        matches!(reason, Reason::CaptureTooStrong { .. }).then_some(CAPTURE_BY_VALUE)
    }

    fn rule_refs(&self) -> &'static [RuleRef] {
        &[CAPTURE_BY_VALUE]
    }
}
