//! Title and result cards for the demo: a variant explained to a passer-by in two or three
//! short lines, and the result of a game in one line. Words only; plain Rust, no Bevy.

use crate::rules::outcome::Outcome;
use crate::rules::variant::Variant;

/// The card shown before a demo game: the variant's name and two or three short lines.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TitleCard {
    /// The variant's display name ([`Variant::title`]).
    pub title: String,
    /// Two or three short lines, top to bottom.
    pub lines: Vec<String>,
}

/// The title card of a variant: its name and what makes it different, in two or three
/// short lines for someone walking past the screen (the variant's
/// [`VariantRules::title_card`](crate::rules::VariantRules::title_card)).
///
/// # Examples
/// ```
/// use esoterica::demo::cards::title_card;
/// use esoterica::rules::Variant;
/// for variant in Variant::ALL {
///     let card = title_card(variant);
///     assert_eq!(card.title, variant.title());
///     assert!((2..=3).contains(&card.lines.len()));
/// }
/// ```
pub fn title_card(variant: Variant) -> TitleCard {
    let lines = variant.rules().title_card();
    TitleCard {
        title: variant.title().to_string(),
        lines: lines.iter().map(|l| (*l).to_string()).collect(),
    }
}

/// The result card of a game: the outcome in words and its score, e.g.
/// `White wins by checkmate (1-0)`.
///
/// # Examples
/// ```
/// use esoterica::demo::cards::outcome_card;
/// use esoterica::rules::{Color, Outcome, WinReason};
/// let o = Outcome::Win { winner: Color::White, reason: WinReason::Checkmate };
/// assert_eq!(outcome_card(&o), "White wins by checkmate (1-0)");
/// ```
pub fn outcome_card(outcome: &Outcome) -> String {
    format!("{} ({})", outcome.describe(), outcome.result_token())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::outcome::DrawReason;

    #[test]
    fn every_variant_has_two_or_three_short_lines() {
        for v in Variant::ALL {
            let card = title_card(v);
            assert_eq!(card.title, v.title());
            assert!((2..=3).contains(&card.lines.len()), "{v}");
            for l in &card.lines {
                assert!(l.len() <= 90, "{v}: line too long: {l}");
            }
        }
    }

    #[test]
    fn outcome_card_of_a_draw_has_the_half_point_token() {
        let o = Outcome::Draw {
            reason: DrawReason::Stalemate,
        };
        assert_eq!(outcome_card(&o), "Draw by stalemate (1/2-1/2)");
    }
}
