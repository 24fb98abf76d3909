//! Title and result cards for the demo: a variant explained to a passer-by in two or three
//! short lines, and the result of a game in one line. Words only; plain Rust, no Bevy.

use crate::rules::moves::Effect;
use crate::rules::outcome::Outcome;
use crate::rules::piece::{Color, Piece};
use crate::rules::position::Position;
use crate::rules::record::GameRecord;
use crate::rules::variant::{TurnModel, Variant};
use crate::rules::{BoardShape, Move, Square};

/// The card shown before a demo game: the variant's name, two or three short lines and a
/// small diagram of its own rule.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TitleCard {
    /// The variant's display name ([`Variant::title`]).
    pub title: String,
    /// Two or three short lines, top to bottom.
    pub lines: Vec<String>,
    /// The variant's example ([`title_diagram`]); `None` if its example does not play.
    pub diagram: Option<Diagram>,
}

/// How an arrow of a [`Diagram`] moves a piece.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ArrowKind {
    /// Ordinary movement (the exoteric move).
    Step,
    /// An Intrachange teleport (the esoteric move).
    Teleport,
    /// A move the rules refuse (drawn crossed out).
    Refused,
}

/// One arrow of a [`Diagram`], animated in order.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DiagramArrow {
    /// From.
    pub from: Square,
    /// To.
    pub to: Square,
    /// What it shows.
    pub kind: ArrowKind,
}

/// A small board for a title card: the example's position, the arrows of its entry as the
/// rules play it, and (Force Field) who holds each empty square.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Diagram {
    /// The board.
    pub shape: BoardShape,
    /// The pieces before the entry.
    pub pieces: Vec<(Square, Piece)>,
    /// The entry's movements in rules order (Parity: both sides' at once).
    pub arrows: Vec<DiagramArrow>,
    /// Empty squares a side's fields hold, before the entry.
    pub held: Vec<(Square, Color)>,
}

/// The diagram of `variant`'s title example
/// ([`VariantRules::title_example`](crate::rules::VariantRules::title_example)): the setup
/// moves played, then the entry's steps and teleports from its effects, or one refused arrow
/// when the rules refuse it. `None` when the setup does not play.
pub fn title_diagram(variant: Variant) -> Option<Diagram> {
    let example = variant.rules().title_example();
    let mut record = GameRecord::new(Position::new(variant));
    for text in example.setup {
        let entry = parse_entry(record.current(), text)?;
        match entry {
            Entry2::Move(m) => record.play(&m).ok()?,
            Entry2::Turn(w, b) => record.play_turn(&w, &b).ok()?,
        };
    }
    let pos = record.current().clone();
    let shape = pos.shape();
    let pieces: Vec<(Square, Piece)> = pos.board().all_pieces().collect();
    let held = if variant.has_fields() {
        let map = crate::rules::variants::force_field::fields(&pos);
        shape
            .squares()
            .filter(|sq| pos.board().piece_at(*sq).is_none())
            .filter_map(|sq| map.controller(sq).map(|c| (sq, c)))
            .collect()
    } else {
        Vec::new()
    };
    let mut after = pos.clone();
    let effects = match parse_entry(&pos, example.entry) {
        Some(Entry2::Move(m)) => after.try_play(&m).ok(),
        Some(Entry2::Turn(w, b)) => after.resolve(&w, &b).ok(),
        None => None,
    };
    let arrows = match effects {
        Some(fx) => fx
            .iter()
            .filter_map(|e| match e {
                Effect::Step { from, to, .. } => Some(DiagramArrow {
                    from: *from,
                    to: *to,
                    kind: ArrowKind::Step,
                }),
                Effect::Teleport { from, to, .. } => Some(DiagramArrow {
                    from: *from,
                    to: *to,
                    kind: ArrowKind::Teleport,
                }),
                _ => None,
            })
            .collect(),
        // Refused: the squares as written, crossed out.
        None => {
            let t = example.entry;
            let cut = (1..t.len()).find(|&i| {
                t.as_bytes()[i].is_ascii_alphabetic() && t.as_bytes()[i - 1].is_ascii_digit()
            })?;
            let (a, b) = t.split_at(cut);
            vec![DiagramArrow {
                from: shape.parse_square(a).ok()?,
                to: shape.parse_square(b).ok()?,
                kind: ArrowKind::Refused,
            }]
        }
    };
    Some(Diagram {
        shape,
        pieces,
        arrows,
        held,
    })
}

enum Entry2 {
    Move(Move),
    Turn(Move, Move),
}

/// A setup or example entry: a move, or a Parity `WHITE/BLACK` turn (each side's commit
/// read from the start-of-turn position). `None` when it is no legal entry.
fn parse_entry(pos: &Position, text: &str) -> Option<Entry2> {
    if pos.variant().turn_model() == TurnModel::Simultaneous {
        let (w, b) = text.split_once('/')?;
        let mut as_black = pos.clone();
        as_black.set_turn(Color::Black);
        Some(Entry2::Turn(
            pos.parse_move(w).ok()?,
            as_black.parse_move(b).ok()?,
        ))
    } else {
        pos.parse_move(text).ok().map(Entry2::Move)
    }
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
        diagram: title_diagram(variant),
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
    fn every_variant_has_a_diagram_of_its_own_rule() {
        let arrows = |v: Variant| {
            let d = title_diagram(v).unwrap_or_else(|| panic!("{v}: the example does not play"));
            assert!(!d.pieces.is_empty(), "{v}");
            let names: Vec<(String, String, ArrowKind)> = d
                .arrows
                .iter()
                .map(|a| (d.shape.name(a.from), d.shape.name(a.to), a.kind))
                .collect();
            names
        };
        let s = |a: &str, b: &str, k| (a.to_string(), b.to_string(), k);
        use ArrowKind::*;
        assert_eq!(arrows(Variant::Standard), [s("h5", "f7", Step)]);
        assert_eq!(
            arrows(Variant::Intrachange),
            [s("e2", "e4", Step), s("e4", "e6", Teleport)]
        );
        assert_eq!(arrows(Variant::BigOuter), [s("f2", "f6", Step)]);
        assert_eq!(arrows(Variant::Bully), [s("c4", "d5", Refused)]);
        assert_eq!(arrows(Variant::Nonviolent), [s("e4", "d5", Refused)]);
        for v in [Variant::Parity, Variant::ParitySingle] {
            assert_eq!(arrows(v), [s("c3", "e4", Step), s("f6", "e4", Step)], "{v}");
        }
        // Force Field: the fields' squares are shown, both sides hold some.
        let ff = title_diagram(Variant::ForceField).unwrap();
        assert_eq!(arrows(Variant::ForceField), [s("e2", "e4", Step)]);
        assert!(ff.held.iter().any(|h| h.1 == Color::White));
        assert!(ff.held.iter().any(|h| h.1 == Color::Black));
        assert!(title_diagram(Variant::Standard).unwrap().held.is_empty());
    }

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
