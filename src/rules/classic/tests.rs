//! Tests of the classic generator: fast against reference, perft guards, tables. The rules
//! the blocks are given are a variant's as its positions answer them ([`Rules`]), so these
//! tests, like the rest of the folder, need no path to the variants.

use super::fast::{FIXED_MOVES, legal_moves};
use super::movement::{CaptureRule, castle_spec, sym};
use super::play::apply_to_board;
use super::tables::{ALL_BIG_LEAPS, GenTables, castle_needs_recheck};
use super::{ClassicHooks, judge};
use crate::rules::geometry::{BoardShape, Square};
use crate::rules::moves::{Move, Special};
use crate::rules::outcome::Outcome;
use crate::rules::piece::{Color, PieceKind};
use crate::rules::position::{CastleSpec, Position, Wing};
use crate::rules::variant::Variant;
use rand::rngs::Xoshiro256PlusPlus;
use rand::{RngExt, SeedableRng};

/// The rules of a classic-movement variant (standard chess, Bully, Nonviolent, Big Outer:
/// none changes the classic judge or generator) as the blocks ask them: the variant's
/// movement data, and its positions' own answers for the rest.
struct Rules(Variant);

impl ClassicHooks for Rules {
    fn capture_rule(&self) -> CaptureRule {
        self.0.capture_rule()
    }

    fn promotion_kinds(&self) -> &'static [PieceKind] {
        self.0.promotion_kinds()
    }

    fn has_castling(&self) -> bool {
        self.0.has_castling()
    }

    fn has_en_passant(&self) -> bool {
        self.0.has_en_passant()
    }

    fn castle_spec(&self, side: Color, wing: Wing) -> Option<CastleSpec> {
        self.0
            .has_castling()
            .then(|| castle_spec(self.0.shape(), side, wing))
    }

    fn legal_moves(&self, pos: &Position, out: &mut Vec<Move>) {
        out.extend(pos.legal_moves());
    }

    fn in_check(&self, pos: &Position, side: Color) -> bool {
        pos.in_check(side)
    }

    fn insufficient_material(&self, pos: &Position) -> bool {
        pos.insufficient_material()
    }

    fn outcome(&self, pos: &Position) -> Option<Outcome> {
        pos.outcome()
    }

    fn play_unchecked(&self, pos: &mut Position, mv: &Move) {
        pos.play_unchecked(mv);
    }

    fn en_passant_is_legal(
        &self,
        pos: &Position,
        capturer: Color,
        pawn: Square,
        to: Square,
    ) -> bool {
        capturer == pos.turn && super::en_passant_is_legal(self, pos, pawn, to)
    }
}

/// The reference: the candidates the classic judge accepts.
fn legal_moves_reference(pos: &Position, out: &mut Vec<Move>) {
    let rules = Rules(pos.variant);
    let mut candidates = Vec::new();
    judge::candidates(&rules, pos, &mut candidates);
    out.extend(candidates.iter().filter_map(|mv| {
        judge::with_en_passant_probe(&rules, pos, pos.turn, mv, |p, mv| {
            judge::judge(&rules, p, mv)
        })
        .ok()
    }));
}

/// Plays seeded random games and checks at every position that the generator the variant
/// uses (the bitboard generators, which must apply on their board: `legal64` on 8×8,
/// `wide` on the Big Outer board), the square-array generator and the reference (the
/// candidates the judge accepts) give the same moves in the same order, and that the
/// move count perft uses is the reference's length. Returns the number of positions
/// compared.
fn compare_with_reference(variant: Variant, start: &str, games: u64, plies: usize) -> usize {
    let mut compared = 0;
    let mut tactical = 0;
    let rules = Rules(variant);
    let rules = &rules;
    for g in 0..games {
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(0xc1a5_0000 + g);
        let mut pos = Position::from_text(variant, start).unwrap();
        for _ in 0..plies {
            let mut fast = Vec::new();
            legal_moves(rules, &pos, &mut fast);
            let mut reference = Vec::new();
            legal_moves_reference(&pos, &mut reference);
            assert_eq!(fast, reference, "{variant} at {}", pos.to_text());
            let mut used = Vec::new();
            super::legal_moves(rules, &pos, &mut used);
            assert_eq!(used, reference, "{variant} at {}", pos.to_text());
            // The captures and promotions alone, generated as such on 8×8, are the
            // reference's, in its order.
            let mut captures = Vec::new();
            super::legal_captures(rules, &pos, &mut captures);
            let expected: Vec<Move> = reference
                .iter()
                .filter(|m| super::is_capture_or_promotion(&pos, m))
                .copied()
                .collect();
            assert_eq!(captures, expected, "{variant} at {}", pos.to_text());
            tactical += expected.len();
            let mut bitboard = Vec::new();
            let applies = super::legal64::legal_moves(rules, &pos, &mut bitboard);
            assert_eq!(
                applies,
                pos.shape() == BoardShape::Standard,
                "{}",
                pos.to_text()
            );
            if applies {
                assert_eq!(bitboard, reference, "{variant} at {}", pos.to_text());
            }
            assert_eq!(
                super::legal_move_count(rules, &pos, &mut Vec::new()),
                reference.len(),
                "{variant} at {}",
                pos.to_text()
            );
            let mut wide = Vec::new();
            let applies = super::wide::legal_moves(rules, &pos, &mut wide);
            assert_eq!(
                applies,
                pos.shape() == BoardShape::BigOuter,
                "{}",
                pos.to_text()
            );
            if applies {
                assert_eq!(wide, reference, "{variant} at {}", pos.to_text());
                assert_eq!(
                    super::wide::legal_move_count(rules, &pos),
                    Some(reference.len() as u64),
                    "{variant} at {}",
                    pos.to_text()
                );
            }
            compared += 1;
            if fast.is_empty() {
                break;
            }
            let mv = fast[rng.random_range(0..fast.len())];
            pos.play_unchecked(&mv);
        }
    }
    if variant.capture_rule() != CaptureRule::Never {
        assert!(tactical > compared, "{variant}: {tactical} captures");
    }
    compared
}

#[test]
fn fast_generator_matches_the_reference_in_random_games_of_every_classic_variant() {
    let standard = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    let kiwipete = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
    let mut n = 0;
    // The other positions of the standard perft suite: promotions, en passant, pins, checks.
    let others = [
        "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
        "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
        "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
        "n1n5/PPPk4/8/8/8/8/4Kppp/5N1N b - - 0 1",
    ];
    for v in [Variant::Standard, Variant::Bully, Variant::Nonviolent] {
        n += compare_with_reference(v, standard, 20, 150);
        n += compare_with_reference(v, kiwipete, 10, 100);
        for text in others {
            n += compare_with_reference(v, text, 6, 80);
        }
    }
    let big_outer = Position::new(Variant::BigOuter).to_text();
    n += compare_with_reference(Variant::BigOuter, &big_outer, 30, 200);
    // Big Outer pieces checking and pinning from every zone and from the corners.
    let busy = "4k7/12/12/2m5j3/12/5G6/2r3q2M2/12/1g6b3/12/4N7/5K6 NbBn w - - 0 1";
    n += compare_with_reference(Variant::BigOuter, busy, 30, 120);
    assert!(n > 10_000, "{n} positions compared");
}

#[test]
fn single_check_by_a_leaper_on_a_line_cannot_be_blocked() {
    // A Big Outer Jumper in the mid zone leaps (2,0): from e3 it checks the King on e1,
    // and the Rook on a2 cannot answer by standing on e2 in between.
    let p = Position::from_text(
        Variant::BigOuter,
        "12/12/12/12/12/12/12/12/12/4j7/R11/4K6k ---- w - - 0 1",
    )
    .unwrap();
    assert!(p.in_check(Color::White));
    let mut fast = Vec::new();
    legal_moves(&Rules(p.variant), &p, &mut fast);
    let mut reference = Vec::new();
    legal_moves_reference(&p, &mut reference);
    assert_eq!(fast, reference);
    let names: Vec<String> = fast.iter().map(|m| m.coordinate(p.shape())).collect();
    assert!(!names.iter().any(|m| m == "a2e2"), "{names:?}");
    assert!(names.iter().all(|m| m.starts_with("e1")), "{names:?}");
}

#[test]
fn big_leap_table_is_complete() {
    for (a, b) in [
        (2, 1),
        (3, 1),
        (2, 2),
        (4, 1),
        (3, 2),
        (3, 0),
        (3, 3),
        (2, 0),
    ] {
        for d in sym(a, b) {
            assert!(ALL_BIG_LEAPS.contains(&d), "{d:?}");
        }
    }
}

#[test]
fn board_step_places_pieces_as_remove_and_put_do() {
    // Captures, promotions (with capture), King moves; 8×8 and Big Outer.
    let cases = [
        (
            Variant::Standard,
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        ),
        (Variant::Standard, "n1n5/PPPk4/8/8/8/8/4Kppp/5N1N b - - 0 1"),
        (
            Variant::BigOuter,
            "4k7/12/12/2m5j3/12/5G6/2r3q2M2/12/1g6b3/12/4N7/5K6 NbBn w - - 0 1",
        ),
    ];
    let mut stepped = 0;
    for (variant, text) in cases {
        let pos = Position::from_text(variant, text).unwrap();
        for mv in pos.legal_moves() {
            if mv.special != Special::Normal {
                continue;
            }
            let us = pos.turn;
            let kind = pos.board.kind(us, mv.from).unwrap();
            let mut expected = pos.board.clone();
            apply_to_board(&mut expected, us, &mv);
            let mut board = pos.board.clone();
            let captured = board.step(us, mv.from, mv.to, mv.promotion.unwrap_or(kind));
            assert_eq!(board, expected, "{variant} {text} {mv:?}");
            assert_eq!(captured, pos.board.has(us.other(), mv.to));
            stepped += 1;
        }
    }
    assert_eq!(stepped, 72, "moves stepped");
}

#[test]
fn reach_lists_exactly_the_squares_with_a_line_or_leap_to_the_square() {
    let t = GenTables::of(BoardShape::Standard);
    let e1 = BoardShape::Standard.parse_square("e1").unwrap();
    let has = |name: &str| {
        let a = BoardShape::Standard.parse_square(name).unwrap();
        t.reach[e1.index()][a.index() >> 6] & (1 << (a.index() & 63)) != 0
    };
    // Lines, Knight leaps and the Big Outer leapers' leaps (f4: a (1, 3) leap).
    for sq in ["e8", "a5", "h4", "a1", "h1", "d2", "f3", "c2", "f4"] {
        assert!(has(sq), "{sq} reaches e1");
    }
    for sq in ["e1", "b8", "g8", "d8", "h6", "a4"] {
        assert!(!has(sq), "{sq} does not reach e1");
    }
    for shape in [BoardShape::Standard, BoardShape::BigOuter] {
        let t = GenTables::of(shape);
        for a in shape.squares() {
            for b in shape.squares() {
                let bit = t.reach[b.index()][a.index() >> 6] >> (a.index() & 63) & 1;
                assert_eq!(bit != 0, t.pair(a, b) != 0, "{shape:?} {a:?} {b:?}");
            }
        }
    }
}

#[test]
fn more_moves_than_the_fixed_buffer_holds_are_generated_into_the_vec() {
    // Nine Queens on the open Big Outer board: 278 legal moves, more than FIXED_MOVES.
    let p = Position::from_text(
        Variant::BigOuter,
        "11k/12/2Q5Q3/12/5Q3Q2/1Q10/12/6Q5/12/3Q4Q3/12/K5Q5 ---- w - - 0 1",
    )
    .unwrap();
    let mut fast = Vec::new();
    legal_moves(&Rules(p.variant), &p, &mut fast);
    let mut reference = Vec::new();
    legal_moves_reference(&p, &mut reference);
    assert_eq!(fast.len(), 278);
    assert!(fast.len() > FIXED_MOVES);
    assert_eq!(fast, reference);
}

#[test]
fn castling_is_replayed_on_a_copy_only_on_the_big_outer_board() {
    // 8×8: the Rook starts in the corner and lands between the King's squares, so the
    // tested squares decide; Big Outer: a1 / l12 lie beyond the Rooks on b1 / k12.
    for (shape, expected) in [(BoardShape::Standard, false), (BoardShape::BigOuter, true)] {
        for side in Color::BOTH {
            for wing in Wing::BOTH {
                let spec = castle_spec(shape, side, wing);
                assert_eq!(
                    castle_needs_recheck(shape, &spec),
                    expected,
                    "{shape:?} {side:?} {wing:?}"
                );
            }
        }
        assert_eq!(GenTables::of(shape).castle_recheck, expected);
    }
}

#[test]
fn castle_specs_match_the_rules() {
    let s = BoardShape::Standard;
    let c = castle_spec(s, Color::White, Wing::Long);
    assert_eq!(s.name(c.king_to), "c1");
    assert_eq!(c.empty.len(), 3);
    assert_eq!(c.safe.len(), 3); // e1 d1 c1, b1 may be attacked
    let b = BoardShape::BigOuter;
    let c = castle_spec(b, Color::White, Wing::Short);
    assert_eq!(
        (b.name(c.king_from), b.name(c.king_to)),
        ("f1".into(), "c1".into())
    );
    assert_eq!(
        (b.name(c.rook_from), b.name(c.rook_to)),
        ("b1".into(), "d1".into())
    );
    let c = castle_spec(b, Color::Black, Wing::Long);
    assert_eq!(
        (b.name(c.king_to), b.name(c.rook_to)),
        ("d12".into(), "e12".into())
    );
}

#[test]
fn wide_sets_hold_each_big_outer_square_once() {
    use super::wide::Wide;
    let mut all = Wide::EMPTY;
    for i in 0..148 {
        let one = Wide::bit(i);
        assert!(one.has(i) && !one.has((i + 1) % 148), "{i}");
        assert_eq!(one.count(), 1);
        assert_eq!(one.first(), Some(i));
        assert_eq!(one.squares().collect::<Vec<_>>(), vec![i]);
        all |= one;
    }
    assert_eq!(all.count(), 148);
    assert_eq!(
        all.squares().collect::<Vec<_>>(),
        (0..148).collect::<Vec<_>>()
    );
    assert!((all & !all).is_empty());
    assert_eq!(Wide::EMPTY.first(), None);
}
