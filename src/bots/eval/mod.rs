//! Static evaluation for the built-in bots, per variant: material (zone-aware on the Big
//! Outer board), mobility, centralisation and pawn advancement, and each variant's own
//! terms. Scores are centipawns.
//!
//! Each variant's evaluation lives in its own file, which declares its weights, square
//! tables, piece values and terms as one `VariantEval`; one `match` (`eval::of`) leads
//! from a [`Variant`] to it (no wildcard arm: a new variant is a compile error until it
//! has an evaluation). The terms every variant shares are in `common.rs`
//! ([`mobility`], [`placement`], [`king_attack`], …).
//!
//! - `standard.rs`: every 8×8 term with the fitted square tables ([`CLASSIC_TABLES`]:
//!   the King sheltered in the middlegame and central in the endgame, Knights off the rim,
//!   pieces developed).
//! - `big_outer.rs` (`rules/big-outer.md §2`): the Matriarch, Jumper and outer Knight lose
//!   power toward the centre, so their value depends on the zone they stand in.
//! - `intrachange.rs`: standard values, the pieces an enemy move would capture, teleports
//!   included, and the King's exposure to jumps ([`jump_exposure`]).
//! - `force_field.rs`: the empty squares each side's fields hold and mobility without the
//!   moves a field blocks ([`force_field_terms`]).
//! - `bully.rs`: the pieces under a capture the by-value rule allows ([`bully_threats`]).
//! - `nonviolent.rs`: pawn advancement weighs more and free pawns race
//!   ([`promotion_race`]).
//! - `parity.rs`: Parity and Single Occupation, the shared terms.
//!
//! The evaluation is linear in its positional weights ([`Weights`], one set per variant):
//! material plus each weight times a term of the position ([`Terms`]), so the weights can
//! be fitted to game results (`bots::tune`, `esoterica tune`, `docs/BOTS.md`).
//!
//! Deterministic; reads only the position.

use crate::rules::classic::masks::Sides;
use crate::rules::{Color, PieceKind, Position, Variant, Zone};

mod big_outer;
mod bully;
mod common;
mod force_field;
mod intrachange;
mod nonviolent;
mod parity;
mod standard;
mod tables;

pub use big_outer::BIG_OUTER_WEIGHTS;
pub use bully::{BULLY_WEIGHTS, bully_threats};
pub use common::{
    FULL_PHASE, HAND_SET_TABLES, KING_ATTACK_CAP, PLACEMENT_SCALE, SquareTable, THREAT_SCALE,
    Terms, Weights, king_attack, material, mobility, phase,
};
pub use force_field::{FORCE_FIELD_WEIGHTS, force_field_terms};
pub use intrachange::{INTRACHANGE_WEIGHTS, jump_exposure};
pub use nonviolent::{NONVIOLENT_WEIGHTS, promotion_race};
pub use parity::PARITY_WEIGHTS;
pub use standard::CLASSIC_WEIGHTS;
pub use tables::CLASSIC_TABLES;

use common::{VariantEval, placement_in, zone_index};

/// The evaluation of `variant`: the one place that picks a variant's weights, square
/// tables, piece values and terms.
fn of(variant: Variant) -> &'static VariantEval {
    match variant {
        Variant::Standard => &standard::EVAL,
        Variant::Intrachange => &intrachange::EVAL,
        Variant::ForceField => &force_field::EVAL,
        Variant::Parity | Variant::ParitySingle => &parity::EVAL,
        Variant::BigOuter => &big_outer::EVAL,
        Variant::Bully => &bully::EVAL,
        Variant::Nonviolent => &nonviolent::EVAL,
    }
}

/// Value of a piece of `kind` standing in `zone` in `variant`, in centipawns (the King is 0:
/// it is never traded).
///
/// # Examples
/// ```
/// use esoterica::bots::eval::piece_value;
/// use esoterica::rules::{PieceKind, Variant, Zone};
/// assert_eq!(piece_value(Variant::Standard, PieceKind::Queen, Zone::Outer), 900);
/// assert!(
///     piece_value(Variant::BigOuter, PieceKind::Matriarch, Zone::Central)
///         < piece_value(Variant::BigOuter, PieceKind::Matriarch, Zone::Outer)
/// );
/// ```
#[inline]
pub fn piece_value(variant: Variant, kind: PieceKind, zone: Zone) -> i32 {
    of(variant).values[kind as usize][zone_index(zone)]
}

/// The weights the bots play with in `variant` (its file's; a term a variant does not have
/// is 0).
pub fn weights(variant: Variant) -> Weights {
    of(variant).weights
}

/// The square tables `variant` reads its pieces' placement from: standard chess the fitted
/// [`CLASSIC_TABLES`], the other 8×8 variants the hand-set [`HAND_SET_TABLES`] (their
/// weights were set or fitted with those).
pub fn square_tables(variant: Variant) -> &'static [SquareTable; 6] {
    of(variant).tables
}

/// The placement term of an 8×8 position ([`Terms::placement`]), White minus Black,
/// centipawns: each piece's middlegame and endgame square value in the variant's tables
/// ([`square_tables`]), blended by the phase, `(mg × phase + eg × (24 − phase)) / 24`
/// ([`FULL_PHASE`]). 0 on other boards.
///
/// # Examples
/// ```
/// use esoterica::bots::eval::placement;
/// use esoterica::rules::{Position, Variant};
/// // Bully's hand-set tables. Kings and pawns only (phase 0): White's King on e4 is
/// // central (+20), Black's on h8 in a corner (−25); the pawns are on their start squares.
/// let p = Position::from_text(Variant::Bully, "7k/p7/8/8/4K3/8/P7/8 w - - 0 1").unwrap();
/// assert_eq!(placement(&p), 45);
/// ```
pub fn placement(pos: &Position) -> i32 {
    placement_in(pos, square_tables(pos.variant()))
}

/// Material (White minus Black, centipawns) and every positional term of `pos`, those
/// the variant weighs 0 included (what the tuner fits); the evaluation is
/// `material + terms.score(&weights(variant))` ([`evaluate_white`]).
pub fn material_and_terms(pos: &Position) -> (i32, Terms) {
    terms_of(pos, true)
}

/// [`material_and_terms`]; with `every` false the terms the variant weighs 0 may be left
/// at 0 (the evaluation's path). The sets of the position are read once for every term
/// counted on them.
fn terms_of(pos: &Position, every: bool) -> (i32, Terms) {
    let sides = Sides::of(pos, Color::White);
    (of(pos.variant()).terms)(pos, sides.as_ref(), every)
}

/// The evaluation from White's point of view, in centipawns: material and the variant's
/// weighted terms ([`material_and_terms`], [`weights`]).
pub fn evaluate_white(pos: &Position) -> i32 {
    let (material, t) = terms_of(pos, false);
    material + t.score(&weights(pos.variant()))
}

/// The evaluation from `side`'s point of view.
pub fn evaluate_for(pos: &Position, side: Color) -> i32 {
    let e = evaluate_white(pos);
    if side == Color::White { e } else { -e }
}

/// The evaluation from the side to move's point of view (negamax convention).
pub fn evaluate(pos: &Position) -> i32 {
    evaluate_for(pos, pos.turn())
}

#[cfg(test)]
mod tests {
    use super::bully::{threatened_value_reference, threatened_value64};
    use super::common::*;
    use super::force_field::{field_counts, field_counts_reference};
    use super::*;
    use crate::rules::BoardShape;
    use crate::rules::classic::masks::Sides;

    #[test]
    fn initial_positions_are_balanced() {
        for v in [
            Variant::Standard,
            Variant::BigOuter,
            Variant::Bully,
            Variant::Nonviolent,
            Variant::ForceField,
        ] {
            assert_eq!(evaluate_white(&Position::new(v)), 0, "{v}");
        }
    }

    #[test]
    fn an_extra_queen_counts() {
        let p = Position::from_text(Variant::Standard, "4k3/8/8/8/8/8/8/3QK3 w - - 0 1").unwrap();
        assert!(evaluate(&p) > 900);
        let mut b = p.clone();
        b.set_turn(Color::Black);
        assert!(evaluate(&b) < -900);
    }

    /// The bitboard counts equal the counts of the generated moves and the charge map on
    /// every position of seeded random games in the 8×8 variants.
    #[test]
    fn bitboard_counts_equal_the_generated_moves() {
        use rand::{RngExt, SeedableRng};
        let mut compared = 0;
        for v in [
            Variant::Standard,
            Variant::Bully,
            Variant::Nonviolent,
            Variant::ForceField,
            Variant::Intrachange,
        ] {
            for seed in 0..12 {
                let mut rng = rand::rngs::SmallRng::seed_from_u64(seed);
                let mut p = Position::new(v);
                for _ in 0..120 {
                    for side in Color::BOTH {
                        assert_eq!(
                            Sides::of(&p, Color::White)
                                .and_then(|s| piece_targets(&p, &s, side, None)),
                            Some(mobility_reference(&p, side)),
                            "{v} {side:?} {}",
                            p.to_text()
                        );
                    }
                    let s = Sides::of(&p, Color::White).unwrap();
                    assert_eq!(
                        activity(&p, &s, true),
                        (
                            mobility_reference(&p, Color::White)
                                - mobility_reference(&p, Color::Black),
                            king_attack_units(&s)
                        ),
                        "{v} {}",
                        p.to_text()
                    );
                    if v.has_fields() {
                        assert_eq!(
                            field_counts(&p, Sides::of(&p, Color::White).as_ref()),
                            field_counts_reference(&p),
                            "{}",
                            p.to_text()
                        );
                    }
                    assert_eq!(
                        Sides::of(&p, Color::White).map(|s| piece_sums(v, &s)),
                        Some(piece_sums_reference(&p)),
                        "{}",
                        p.to_text()
                    );
                    assert_eq!(
                        Sides::of(&p, Color::White).and_then(|s| threatened_value64(&p, &s)),
                        Some(threatened_value_reference(&p)),
                        "{}",
                        p.to_text()
                    );
                    let structure = pawn_structure(&p);
                    // The colour-flipped mirror scores the same for the other side.
                    let m = mirrored(v, &p);
                    let (a, b, c) = pawn_structure(&m);
                    assert_eq!(structure, (-a, -b, -c), "{} / {}", p.to_text(), m.to_text());
                    assert_eq!(placement(&p), -placement(&m), "{}", p.to_text());
                    assert_eq!(king_attack(&p), -king_attack(&m), "{}", p.to_text());
                    compared += 1;
                    let moves = p.legal_moves();
                    if moves.is_empty() {
                        break;
                    }
                    p.play_unchecked(&moves[rng.random_range(0..moves.len())]);
                }
            }
        }
        assert!(compared > 4000, "{compared}");
    }

    /// `p`'s pieces with the colours swapped and the ranks reversed (castling, en passant
    /// and the clocks dropped).
    fn mirrored(v: Variant, p: &Position) -> Position {
        let text = p.to_text();
        let placement = text.split(' ').next().unwrap_or_default();
        let swapped: String = placement
            .split('/')
            .rev()
            .collect::<Vec<_>>()
            .join("/")
            .chars()
            .map(|c| {
                if c.is_ascii_uppercase() {
                    c.to_ascii_lowercase()
                } else {
                    c.to_ascii_uppercase()
                }
            })
            .collect();
        let turn = if p.turn() == Color::White { "b" } else { "w" };
        Position::from_text(v, &format!("{swapped} {turn} - - 0 1")).expect("a mirrored position")
    }

    #[test]
    fn pawn_structure_counts_passed_weak_and_shielding_pawns() {
        let terms = |fen: &str| {
            let p = Position::from_text(Variant::Standard, fen).unwrap();
            let t = material_and_terms(&p).1;
            (t.passed, t.pawn_weakness, t.king_shield)
        };
        // A lone White pawn on d5: passed, 3 ranks advanced (16), and isolated.
        assert_eq!(terms("4k3/8/8/3P4/8/8/8/4K3 w - - 0 1"), (16, -1, 0));
        // Doubled, isolated White pawns on d2 and d3 against an isolated d7 pawn: none
        // passed; White has three weaknesses, Black one.
        assert_eq!(terms("4k3/3p4/8/8/8/3P4/3P4/4K3 w - - 0 1"), (0, -2, 0));
        // A pawn on the file beside blocks a passed pawn too.
        assert_eq!(terms("4k3/2p5/8/3P4/8/8/8/4K3 w - - 0 1").0, 0);
        // ... but not one behind it.
        assert_eq!(terms("4k3/8/8/3P4/2p5/8/8/4K3 w - - 0 1").0, 16 - 16);
        // Three pawns in front of the castled King count while Black has a Queen.
        assert_eq!(terms("q3k3/8/8/8/8/8/5PPP/6K1 w - - 0 1"), (3, 0, 3));
        assert_eq!(terms("4k3/8/8/8/8/8/5PPP/6K1 w - - 0 1"), (3, 0, 0));
        assert_eq!(terms("6k1/5ppp/8/8/8/8/8/Q3K3 w - - 0 1"), (-3, 0, -3));
        // A King on its second rank keeps its shield; one that has gone further has none.
        assert_eq!(terms("q3k3/8/8/8/8/5PPP/6K1/8 w - - 0 1").2, 3);
        assert_eq!(terms("q3k3/8/8/8/5PPP/6K1/8/8 w - - 0 1").2, 0);
        // The evaluation weighs them as the variant's weights say (0 in every variant:
        // they did not play better), and the terms are there for the tuner in every
        // variant on the 8×8 board.
        for v in [Variant::Standard, Variant::Bully, Variant::ForceField] {
            let p = Position::from_text(v, "4k3/8/8/3P4/8/8/8/4K3 w - - 0 1").unwrap();
            let (material, t) = material_and_terms(&p);
            assert_eq!((t.passed, t.pawn_weakness), (16, -1), "{v}");
            let w = weights(v);
            assert_eq!(
                evaluate_white(&p),
                material + t.score(&w),
                "{v}: the evaluation is the weighted sum of every term"
            );
            let unweighted = Terms {
                passed: 0,
                pawn_weakness: 0,
                king_shield: 0,
                ..t
            };
            assert_eq!(
                t.score(&w) - unweighted.score(&w),
                16 * w.passed - w.pawn_weakness,
                "{v}"
            );
        }
        let big = Position::new(Variant::BigOuter);
        let t = material_and_terms(&big).1;
        assert_eq!((t.passed, t.pawn_weakness, t.king_shield), (0, 0, 0));
    }

    #[test]
    fn placement_blends_the_middlegame_and_endgame_tables_by_phase() {
        // Bully reads the hand-set tables, whose values these are.
        let at = |fen: &str| placement(&Position::from_text(Variant::Bully, fen).unwrap());
        assert_eq!(placement(&Position::new(Variant::Standard)), 0);
        assert_eq!(placement(&Position::new(Variant::Bully)), 0);
        // Phase 8 (two Queens). Middlegame: Qa1 −10, Kg1 +30 against Qa8 −10, Ke8 0, so
        // +30; endgame: both Queens −10, both Kings on their home rank −25, so 0.
        // (30 × 8 + 0 × 16) / 24 = 10.
        assert_eq!(at("q3k3/8/8/8/8/8/8/Q5K1 w - - 0 1"), 10);
        // With every piece on the board (phase 24) a King out on e4 is exposed: −50 ...
        assert_eq!(
            at("rnbqkbnr/pppppppp/8/8/4K3/8/PPPPPPPP/RNBQ1BNR w - - 0 1"),
            -50
        );
        // ... and with none left it walks to the centre.
        let bare = |king: &str| at(&format!("4k3/8/8/8/{king}/8/8/8 w - - 0 1"));
        assert_eq!(bare("4K3") - bare("6K1"), 20 - (-10));
        // Knights keep off the rim, and developed pieces beat pieces at home.
        assert!(at("4k3/8/8/8/8/8/8/N3K3 w - - 0 1") < at("4k3/8/8/8/8/2N5/8/4K3 w - - 0 1"));
        assert!(at("4k3/8/8/8/8/8/8/2B1K3 w - - 0 1") < at("4k3/8/8/8/8/8/3B4/4K3 w - - 0 1"));
        // Other boards have no tables.
        assert_eq!(placement(&Position::new(Variant::BigOuter)), 0);
        // Standard chess reads its fitted tables: the same blend of their values (Qa1 and
        // Kg1 against Qa8 and Ke8, phase 8), and the evaluation is the weighted sum.
        let fen = "q3k3/8/8/8/8/8/8/Q5K1 w - - 0 1";
        let p = Position::from_text(Variant::Standard, fen).unwrap();
        let t = &CLASSIC_TABLES;
        let (queen, king) = (4, 5);
        // Black's a8 and e8 read White's a1 and e1.
        let mg = t[queen][0][0] + t[king][6][0] - t[queen][0][0] - t[king][4][0];
        let eg = t[queen][0][1] + t[king][6][1] - t[queen][0][1] - t[king][4][1];
        assert_eq!(placement(&p), (mg * 8 + eg * 16) / 24);
        assert_ne!(
            placement(&p),
            at(fen),
            "standard and Bully read different tables"
        );
        let (material, terms) = material_and_terms(&p);
        assert_eq!(terms.placement, placement(&p));
        assert_eq!(
            evaluate_white(&p),
            material + terms.score(&weights(Variant::Standard))
        );
    }

    #[test]
    fn king_attack_counts_the_pieces_aimed_at_the_king_s_zone() {
        let at = |fen: &str| king_attack(&Position::from_text(Variant::Standard, fen).unwrap());
        // Qh5 hits f7, h7, h8 (15 units), Ng5 f7, h7 (4): 19² against Black.
        assert_eq!(at("6k1/8/8/6NQ/8/8/8/4K3 w - - 0 1"), 361);
        // Black's mirror scores the same for Black.
        assert_eq!(at("4k3/8/8/8/6nq/8/8/6K1 b - - 0 1"), -361);
        // A pawn on h6 stops the Queen's file at h6: f7 only (5) and the Knight (4): 81.
        assert_eq!(at("6k1/8/7P/6NQ/8/8/8/4K3 w - - 0 1"), 81);
        // Without a Queen the same pieces count nothing.
        assert_eq!(at("6k1/8/8/6NR/8/8/8/4K3 w - - 0 1"), 0);
        // Qa7 along the seventh rank hits f7, g7, h7 (15), Rh1 h7 and h8 (6): 21².
        assert_eq!(at("6k1/Q7/8/8/8/8/8/4K2R w - - 0 1"), 21 * 21);
        // Qf6 and Qh6 four squares each (40), Ra7 three more (49): capped at 40.
        assert_eq!(at("6k1/8/5Q1Q/8/8/8/8/4K2R w - - 0 1"), 1600);
        assert_eq!(
            at("6k1/R7/5Q1Q/8/8/8/8/4K3 w - - 0 1"),
            KING_ATTACK_CAP.pow(2)
        );
        assert_eq!(king_attack(&Position::new(Variant::Standard)), 0);
        // Other boards have none.
        assert_eq!(king_attack(&Position::new(Variant::BigOuter)), 0);
    }

    #[test]
    fn centre_distance_is_zero_in_the_middle() {
        let s = BoardShape::Standard;
        assert_eq!(centre_distance(s, s.parse_square("e4").unwrap()), 0);
        assert_eq!(centre_distance(s, s.parse_square("a1").unwrap()), 3);
        let b = BoardShape::BigOuter;
        assert_eq!(centre_distance(b, b.parse_square("f6").unwrap()), 0);
        assert_eq!(centre_distance(b, b.parse_square("a1").unwrap()), 5);
    }
}
