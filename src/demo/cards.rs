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
/// short lines for someone walking past the screen.
///
/// # Examples
/// ```
/// use esoterica::demo::cards::title_card;
/// use esoterica::rules::Variant;
/// let card = title_card(Variant::Parity);
/// assert_eq!(card.title, "Parity");
/// assert!((2..=3).contains(&card.lines.len()));
/// ```
pub fn title_card(variant: Variant) -> TitleCard {
    let lines: &[&str] = match variant {
        Variant::Standard => &[
            "The classic game, as a baseline.",
            "Every other variant here changes one or two of its rules.",
        ],
        Variant::Intrachange => &[
            "Every square is a hexagram numbered 0 to 63; every piece owns one of its lines.",
            "Step onto some squares and your piece flips its line and teleports elsewhere.",
            "No check here: you win by capturing the King.",
        ],
        Variant::ForceField => &[
            "Each piece charges the empty squares it could reach: Pawn 1 up to Queen 5.",
            "A square your opponent charges more is closed to your pieces, King excepted.",
            "Fields can even cut a check.",
        ],
        Variant::Parity => &[
            "Both players move at the same time.",
            "Two pieces can end up sharing a square, and a capture fails if its target moved.",
            "The piece you just moved must rest for a turn.",
        ],
        Variant::ParitySingle => &[
            "Both players move at the same time, and the piece you moved rests a turn.",
            "If two pieces land on one square, both must leave it next turn.",
            "A side that cannot get out loses.",
        ],
        Variant::BigOuter => &[
            "A 12 by 12 board plus four corner squares: 148 in all.",
            "New pieces grow weaker toward the centre: the Matriarch, the Jumper, the outer Knight.",
            "Pawns may run up to 4 squares on their first move.",
        ],
        Variant::Bully => &[
            "You may only capture a piece worth as much as yours or less.",
            "Pawn 1, Knight 2, Bishop 3, Rook 5, Queen 9: a Pawn can't take a Queen.",
        ],
        Variant::Nonviolent => &[
            "No captures at all.",
            "You still win by checkmate: trap the King with pieces that can't take anything.",
        ],
    };
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
