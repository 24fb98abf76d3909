//! Standard (FIDE) chess: the classic building blocks as they are. Every default of
//! [`VariantRules`] is standard chess, so this type only names itself, its initial position
//! and its rules card.

use super::VariantRules;
use crate::rules::variant::Variant;

/// The standard initial position.
pub const INITIAL: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

/// The rules of standard chess.
#[derive(Clone, Copy, Debug, Default)]
pub struct Standard;

impl VariantRules for Standard {
    fn variant(&self) -> Variant {
        Variant::Standard
    }

    fn initial_text(&self) -> &'static str {
        INITIAL
    }

    fn rules_card(&self) -> &'static str {
        include_str!("../../../../assets/rules-cards/standard.md")
    }
}
