//! Intrachange checked rule by rule against `rules/intrachange.md` (the seed's examples,
//! rulings I-1…I-8), notation round trips, perft and random games.

use super::notation::{move_text, parse_move_text};
use super::*;
use crate::rules::geometry::BoardShape;
use crate::rules::narrate::NarrationKind;
use crate::rules::notation::san;
use crate::rules::record::GameRecord;
use crate::rules::variant::Variant;
use crate::rules::variants;
use crate::rules::variants::test_support::{last_narrations, narration_kinds};

fn pos(text: &str) -> Position {
    Position::from_text(Variant::Intrachange, text).unwrap()
}

fn mv(_: &Position, text: &str) -> Move {
    let (from, to, _) = san::parse_coordinate(BoardShape::Standard, text).unwrap();
    Move::new(from, to)
}

/// Plays `m` (coordinates) on `text`; returns the effects as `apply` prints them and the
/// resulting position text.
fn play_on(text: &str, m: &str) -> (Vec<String>, String) {
    let mut p = pos(text);
    let mv = mv(&p, m);
    let fx = p.try_play(&mv).unwrap_or_else(|e| panic!("{e}"));
    for (a, b) in fx.iter().zip(fx.iter().skip(1)) {
        assert!(a.stage() <= b.stage(), "effects out of stage order: {fx:?}");
    }
    (
        fx.iter()
            .map(|e| e.describe(BoardShape::Standard))
            .collect(),
        p.to_text(),
    )
}

fn illegal(text: &str, m: &str) -> String {
    let mut p = pos(text);
    let mv = mv(&p, m);
    assert!(!p.legal_moves().contains(&mv));
    p.try_play(&mv).unwrap_err().reason()
}

fn sorted_moves(p: &Position) -> Vec<String> {
    let mut v: Vec<String> = p
        .legal_moves()
        .iter()
        .map(|m| m.coordinate(p.shape()))
        .collect();
    v.sort();
    v
}

#[test]
fn seed_example_white_queen_into_5_does_not_trigger() {
    // Square 5 is g5. White Queen d2 → g5: no esoteric move.
    let (fx, after) = play_on("4k3/8/8/8/8/8/3Q4/4K3 w - - 0 1", "d2g5");
    assert_eq!(fx, ["step White Queen d2 g5"]);
    assert_eq!(after, "4k3/8/8/6Q1/8/8/8/4K3 b - - 1 1");
}

#[test]
fn seed_example_white_bishop_into_5_goes_to_1() {
    // Square 1 is a5.
    let (fx, after) = play_on("4k3/8/8/8/8/8/3B4/4K3 w - - 0 1", "d2g5");
    assert_eq!(
        fx,
        ["step White Bishop d2 g5", "teleport White Bishop g5 a5"]
    );
    assert_eq!(after, "4k3/8/8/B7/8/8/8/4K3 b - - 1 1");
}

#[test]
fn seed_example_black_knight_into_5_goes_to_13() {
    // Square 13 is g1; the file between (g4 g3 g2) is empty.
    let (fx, after) = play_on("4k3/8/8/8/8/5n2/8/4K3 b - - 0 1", "f3g5");
    assert_eq!(
        fx,
        ["step Black Knight f3 g5", "teleport Black Knight g5 g1"]
    );
    assert_eq!(after, "4k3/8/8/8/8/8/8/4K1n1 w - - 1 2");
}

#[test]
fn rule_3_1_exoteric_move_without_trigger_is_a_plain_step() {
    let (fx, after) = play_on(variants::initial_text(Variant::Intrachange), "b1c3");
    assert_eq!(fx, ["step White Knight b1 c3"]);
    assert_eq!(
        after,
        "rnbqkbnr/pppppppp/8/8/8/2N5/PPPPPPPP/R1BQKBNR b - - 1 1"
    );
}

#[test]
fn rule_3_1_no_castling_en_passant_or_promotion() {
    let castle = "r3k2r/8/8/8/8/8/8/R3K2R w - - 0 1";
    assert_eq!(
        illegal(castle, "e1g1"),
        "castling does not exist in Intrachange (rules/intrachange.md §3.1)"
    );
    // Black's d7-d5 cannot be taken en passant by e5.
    let mut p = pos("4k3/3p4/8/4P3/8/8/8/4K3 b - - 0 1");
    p.play(&mv(&p, "d7d6"));
    assert!(p.en_passant().is_none());
    let ep = "4k3/8/8/3pP3/8/8/8/4K3 w - - 0 1";
    assert!(illegal(ep, "e5d6").contains("no en passant"));
    let mut p = pos("8/4P3/8/8/8/8/8/k3K3 w - - 0 1");
    let promo = Move {
        promotion: Some(PieceKind::Queen),
        ..mv(&p, "e7e8")
    };
    assert!(
        p.try_play(&promo)
            .unwrap_err()
            .reason()
            .contains("no promotion")
    );
}

#[test]
fn rule_3_2_triggered_move_teleports_to_the_esoteric_square() {
    let (fx, after) = play_on(variants::initial_text(Variant::Intrachange), "e2e4");
    assert_eq!(fx, ["step White Pawn e2 e4", "teleport White Pawn e4 e6"]);
    assert_eq!(
        after,
        "rnbqkbnr/pppppppp/4P3/8/8/8/PPPP1PPP/RNBQKBNR b - - 0 1"
    );
}

#[test]
fn rule_3_2_esoteric_square_with_own_piece_is_illegal() {
    // Black Queen d1 → a1 would jump to f1, where Black's own Rook stands (ruling I-2).
    let text = "4k3/8/8/8/8/8/8/3q1r1K b - - 0 1";
    assert_eq!(
        illegal(text, "d1a1"),
        "the esoteric square f1 holds your own Rook: the Queen entering a1 would be transferred there (rules/intrachange.md §3.2, ruling I-2)"
    );
}

#[test]
fn rule_3_2_pieces_between_x_and_y_are_passed_over() {
    // Black Queen d1 → a1 → f1, over its own origin and the White Bishop on e1.
    let (fx, after) = play_on("4k3/8/8/8/8/8/8/3qB2K b - - 0 1", "d1a1");
    assert_eq!(fx, ["step Black Queen d1 a1", "teleport Black Queen a1 f1"]);
    assert_eq!(after, "4k3/8/8/8/8/8/8/4Bq1K w - - 1 2");
}

#[test]
fn rule_3_3_pass_through_keeps_enemy_on_exoteric_square() {
    // Black Queen d1 takes on a1 by movement, but jumps to f1: the Rook on a1 stays.
    let (fx, after) = play_on("4k3/8/8/8/8/8/8/R2q3K b - - 0 1", "d1a1");
    assert_eq!(
        fx,
        [
            "step Black Queen d1 a1",
            "teleport Black Queen a1 f1",
            "pass-through White Rook a1"
        ]
    );
    assert_eq!(after, "4k3/8/8/8/8/8/8/R4q1K w - - 1 2");
}

#[test]
fn rule_3_3_capture_on_the_esoteric_square() {
    let (fx, after) = play_on("4k3/8/8/8/8/8/8/3q1N1K b - - 0 1", "d1a1");
    assert_eq!(
        fx,
        [
            "step Black Queen d1 a1",
            "teleport Black Queen a1 f1",
            "capture White Knight f1"
        ]
    );
    assert_eq!(after, "4k3/8/8/8/8/8/8/5q1K w - - 0 2");
}

#[test]
fn rule_3_3_ordinary_capture_when_not_triggered() {
    // White Queen into g5 does not trigger: the Rook on g5 is captured there.
    let (fx, after) = play_on("4k3/8/8/6r1/8/8/3Q4/4K3 w - - 0 1", "d2g5");
    assert_eq!(fx, ["step White Queen d2 g5", "capture Black Rook g5"]);
    assert_eq!(after, "4k3/8/8/6Q1/8/8/8/4K3 b - - 0 1");
}

#[test]
fn rule_3_3_king_captured_on_esoteric_square_ends_the_game() {
    let (fx, after) = play_on("8/8/8/8/8/8/8/3q1K1k b - - 0 1", "d1a1");
    assert_eq!(
        fx,
        [
            "step Black Queen d1 a1",
            "teleport Black Queen a1 f1",
            "capture White King f1",
            "game-over 0-1 (Black wins by capturing the King)"
        ]
    );
    assert_eq!(after, "8/8/8/8/8/8/8/5q1k w - - 0 2");
    assert!(pos(&after).legal_moves().is_empty());
}

#[test]
fn ruling_i4_king_cannot_be_captured_by_an_exoteric_move() {
    // White Queen into g5 does not trigger, so it cannot take the King there.
    let text = "8/8/8/6k1/8/8/3Q4/4K3 w - - 0 1";
    assert_eq!(
        illegal(text, "d2g5"),
        "a King cannot be captured by an exoteric move: a Queen entering g5 does not trigger an esoteric move (rules/intrachange.md §3.3, ruling I-4)"
    );
}

#[test]
fn ruling_i4_triggering_move_passes_over_the_king() {
    // White Bishop into g5 triggers (→ a5): the King on g5 is passed through.
    let (fx, after) = play_on("8/8/8/6k1/8/8/3B4/4K3 w - - 0 1", "d2g5");
    assert_eq!(
        fx,
        [
            "step White Bishop d2 g5",
            "teleport White Bishop g5 a5",
            "pass-through Black King g5"
        ]
    );
    assert_eq!(after, "8/8/8/B5k1/8/8/8/4K3 b - - 1 1");
}

#[test]
fn rule_3_4_pawn_diagonal_capture_on_7th_rank_captures_on_x_and_y() {
    // e6xf7 → f1: the Rook on f7 and the Knight on f1 are both captured.
    let (fx, after) = play_on("4k3/5r2/4P3/8/8/8/8/K4n2 w - - 0 1", "e6f7");
    assert_eq!(
        fx,
        [
            "step White Pawn e6 f7",
            "teleport White Pawn f7 f1",
            "capture Black Rook f7",
            "capture Black Knight f1"
        ]
    );
    assert_eq!(after, "4k3/8/8/8/8/8/8/K4P2 b - - 0 1");
}

#[test]
fn rule_3_4_pawn_exception_captures_the_king_on_x() {
    let (fx, after) = play_on("8/5k2/4P3/8/8/8/8/K7 w - - 0 1", "e6f7");
    assert_eq!(
        fx,
        [
            "step White Pawn e6 f7",
            "teleport White Pawn f7 f1",
            "capture Black King f7",
            "game-over 1-0 (White wins by capturing the King)"
        ]
    );
    assert_eq!(after, "8/8/8/8/8/8/8/K4P2 b - - 0 1");
}

#[test]
fn rule_3_4_black_pawn_exception_returns_to_rank_8() {
    let (fx, after) = play_on("k7/8/8/8/8/3p4/4N3/K7 b - - 0 1", "d3e2");
    assert_eq!(
        fx,
        [
            "step Black Pawn d3 e2",
            "teleport Black Pawn e2 e8",
            "capture White Knight e2"
        ]
    );
    assert_eq!(after, "k3p3/8/8/8/8/8/8/K7 w - - 0 2");
}

#[test]
fn rule_3_4_pawn_exception_needs_a_free_first_rank_square() {
    // f1 holds White's own Rook: the capture on f7 cannot be made (ruling I-2).
    assert_eq!(
        illegal("4k3/5r2/4P3/8/8/8/8/K4R2 w - - 0 1", "e6f7"),
        "the esoteric square f1 holds your own Rook: the Pawn entering f7 would be transferred there (rules/intrachange.md §3.2, ruling I-2)"
    );
}

#[test]
fn rule_3_4_pawn_straight_step_to_7th_rank_returns_to_1st() {
    let (fx, after) = play_on("k7/8/3P4/8/8/8/8/K7 w - - 0 1", "d6d7");
    assert_eq!(fx, ["step White Pawn d6 d7", "teleport White Pawn d7 d1"]);
    assert_eq!(after, "k7/8/8/8/8/8/8/K2P4 b - - 0 1");
}

#[test]
fn rule_3_5_pawn_moves() {
    // Straight only onto empty squares; diagonal only onto enemy pieces; double step
    // only with both squares empty.
    let p = pos("k7/8/8/8/3n4/3p4/3P4/K7 w - - 0 1");
    assert!(!sorted_moves(&p).iter().any(|m| m.starts_with("d2")));
    assert_eq!(
        illegal("k7/8/8/8/3n4/3p4/3P4/K7 w - - 0 1", "d2d3"),
        "a pawn may never move straight onto or past an occupied square (rules/intrachange.md §3.5)"
    );
    let p = pos("k7/8/8/8/8/2n5/3P4/K7 w - - 0 1");
    assert_eq!(
        sorted_moves(&p),
        ["a1a2", "a1b1", "a1b2", "d2c3", "d2d3", "d2d4"]
    );
    let p = pos("k7/8/8/8/3r4/8/3P4/K7 w - - 0 1");
    assert_eq!(sorted_moves(&p), ["a1a2", "a1b1", "a1b2", "d2d3"]);
}

#[test]
fn ruling_i7_pawn_double_steps_from_its_2nd_rank_every_time() {
    // A pawn that returned to d1 steps to d2, then may step two again.
    let mut r = GameRecord::new(pos("7k/8/8/8/8/8/8/K2P4 w - - 0 1"));
    for m in ["d1d2", "h8g8", "d2d4"] {
        let mv = r.current().parse_move(m).unwrap();
        r.play(&mv).unwrap();
    }
    // d4 triggers for a White pawn: d4 → d6.
    assert_eq!(r.current().to_text(), "6k1/8/3P4/8/8/8/8/K7 b - - 0 2");
    assert_eq!(
        illegal("7k/8/8/8/8/3P4/8/K7 w - - 0 1", "d3d5"),
        "a pawn steps two squares only from its own 2nd rank (rules/intrachange.md §3.5, ruling I-7)"
    );
}

#[test]
fn rule_3_6_knight_jump_blocked_by_a_piece_between_x_and_y() {
    // c3 is 36 (bit 3 is 0): a Black Knight entering c3 jumps to c7 over c4 c5 c6.
    let text = "k7/8/8/2P5/8/8/8/1n5K b - - 0 1";
    assert_eq!(
        illegal(text, "b1c3"),
        "the Knight's esoteric jump from c3 to c7 is blocked by c5 (rules/intrachange.md §3.6)"
    );
    let (fx, after) = play_on("k7/8/8/8/8/8/8/1n5K b - - 0 1", "b1c3");
    assert_eq!(
        fx,
        ["step Black Knight b1 c3", "teleport Black Knight c3 c7"]
    );
    assert_eq!(after, "k7/2n5/8/8/8/8/8/7K w - - 1 2");
}

#[test]
fn ruling_i2_blocked_knight_move_is_illegal_as_a_whole() {
    // The Knight does not stop on c3 instead: the move is simply absent.
    let p = pos("k7/8/8/2P5/8/8/8/1n5K b - - 0 1");
    assert!(!sorted_moves(&p).contains(&"b1c3".to_string()));
}

#[test]
fn ruling_i3_move_ending_on_its_origin_counts_as_a_move() {
    // Black Queen f1 → a1 jumps back to f1.
    let (fx, after) = play_on("4k3/8/8/8/8/8/8/5q1K b - - 0 1", "f1a1");
    assert_eq!(fx, ["step Black Queen f1 a1", "teleport Black Queen a1 f1"]);
    assert_eq!(after, "4k3/8/8/8/8/8/8/5q1K w - - 1 2");
}

#[test]
fn ruling_i5_pawn_captures_on_the_esoteric_square() {
    // e2-e4 → e6 takes the Knight on e6 (no 7th-rank exception needed).
    let (fx, after) = play_on("k7/8/4n3/8/8/8/4P3/K7 w - - 0 1", "e2e4");
    assert_eq!(
        fx,
        [
            "step White Pawn e2 e4",
            "teleport White Pawn e4 e6",
            "capture Black Knight e6"
        ]
    );
    assert_eq!(after, "k7/8/4P3/8/8/8/8/K7 b - - 0 1");
}

#[test]
fn ruling_i5_pawn_diagonal_trigger_below_7th_passes_through() {
    // d3xe4 by movement triggers (e4 → e6): the Rook on e4 survives.
    let (fx, after) = play_on("k7/8/8/8/4r3/3P4/8/K7 w - - 0 1", "d3e4");
    assert_eq!(
        fx,
        [
            "step White Pawn d3 e4",
            "teleport White Pawn e4 e6",
            "pass-through Black Rook e4"
        ]
    );
    assert_eq!(after, "k7/8/4P3/8/4r3/8/8/K7 b - - 0 1");
}

#[test]
fn ruling_i8_line_flip_applies_where_pawns_cannot_normally_stand() {
    // A hand-made White pawn on h7 steps onto h8 (110 → bit 5 set) and flips to h2.
    let (fx, after) = play_on("k7/7P/8/8/8/8/8/K7 w - - 0 1", "h7h8");
    assert_eq!(fx, ["step White Pawn h7 h8", "teleport White Pawn h8 h2"]);
    assert_eq!(after, "k7/8/8/8/8/8/7P/K7 b - - 0 1");
}

#[test]
fn rule_4_no_check_kings_may_stand_and_move_attacked() {
    // The White King may step next to the Black King and stay in the Rook's line.
    let p = pos("8/8/8/8/8/2k5/8/r2K4 w - - 0 1");
    assert!(!p.in_check(Color::White));
    assert_eq!(sorted_moves(&p), ["d1c1", "d1c2", "d1d2", "d1e1", "d1e2"]);
}

#[test]
fn rule_4_draw_when_the_side_to_move_has_no_legal_move() {
    // White King h1: h2 holds its own (blocked) pawn; g1 and g2 trigger (→ c1, c2),
    // where its own blocked pawns stand. White has no move: a draw, not a loss.
    let text = "k7/8/8/8/8/2p4p/2P4P/2P4K w - - 0 1";
    let p = pos(text);
    assert!(sorted_moves(&p).is_empty());
    assert_eq!(
        p.outcome(),
        Some(Outcome::Draw {
            reason: DrawReason::Stalemate
        })
    );
}

#[test]
fn ruling_i6_fifty_moves_end_the_game_automatically() {
    let (fx, after) = play_on("k7/8/8/8/8/8/8/K6R w - - 99 80", "h1g1");
    assert_eq!(
        fx,
        [
            "step White Rook h1 g1",
            "game-over 1/2-1/2 (Draw by the 50-move rule)"
        ]
    );
    assert_eq!(after, "k7/8/8/8/8/8/8/K5R1 b - - 100 80");
}

#[test]
fn ruling_i6_threefold_repetition_ends_the_game_automatically() {
    let mut r = GameRecord::new(pos("k7/8/8/8/8/8/8/K6R w - - 0 1"));
    let mut last = Vec::new();
    for _ in 0..2 {
        for m in ["h1g1", "a8a7", "g1h1", "a7a8"] {
            let mv = r.current().parse_move(m).unwrap();
            last = r.play(&mv).unwrap();
        }
    }
    assert_eq!(
        r.outcome(),
        Some(Outcome::Draw {
            reason: DrawReason::Repetition
        })
    );
    assert_eq!(
        last.last(),
        Some(&Effect::GameOver(Outcome::Draw {
            reason: DrawReason::Repetition
        }))
    );
}

#[test]
fn king_v_king_is_not_a_dead_draw() {
    // A King's own jump can capture the other King: a1 is 9 (bit 0 set), so a White King
    // entering a1 jumps to e1 (8) and takes the King there.
    let (fx, _) = play_on("8/8/8/8/8/8/1K6/4k3 w - - 0 1", "b2a1");
    assert_eq!(
        fx,
        [
            "step White King b2 a1",
            "teleport White King a1 e1",
            "capture Black King e1",
            "game-over 1-0 (White wins by capturing the King)"
        ]
    );
}

#[test]
fn notation_examples() {
    let p = pos(variants::initial_text(Variant::Intrachange));
    assert_eq!(move_text(&p, &mv(&p, "b1c3")), "Nb1-c3");
    assert_eq!(move_text(&p, &mv(&p, "e2e4")), "e2-e4~e6");
    let p = pos("4k3/5r2/4P3/8/8/8/8/K4n2 w - - 0 1");
    assert_eq!(move_text(&p, &mv(&p, "e6f7")), "e6xf7~f1x");
    let p = pos("8/5k2/4P3/8/8/8/8/K7 w - - 0 1");
    assert_eq!(move_text(&p, &mv(&p, "e6f7")), "e6xf7~f1#");
    let p = pos("4k3/8/8/8/8/8/8/R2q3K b - - 0 1");
    assert_eq!(move_text(&p, &mv(&p, "d1a1")), "Qd1-a1~f1");
    let p = pos("8/8/8/8/8/8/1K6/4k3 w - - 0 1");
    assert_eq!(move_text(&p, &mv(&p, "b2a1")), "Kb2-a1~e1x#");
    let p = pos("4k3/8/8/8/8/8/8/5q1K b - - 0 1");
    assert_eq!(move_text(&p, &mv(&p, "f1a1")), "Qf1-a1~f1");
    let p = pos("4k3/8/8/8/8/8/8/3q1N1K b - - 0 1");
    assert_eq!(move_text(&p, &mv(&p, "d1a1")), "Qd1-a1~f1x");
    let p = pos("4k3/8/8/6r1/8/8/3Q4/4K3 w - - 0 1");
    assert_eq!(move_text(&p, &mv(&p, "d2g5")), "Qd2xg5");
    for t in ["Qd2xg5", "d2g5", " Qd2xg5 "] {
        assert_eq!(parse_move_text(&p, t), Ok(mv(&p, "d2g5")), "{t}");
    }
    assert!(matches!(
        parse_move_text(&p, "Qd2-g5"),
        Err(MoveError::Syntax { .. })
    ));
    assert!(matches!(
        parse_move_text(&p, "Rd2xg5"),
        Err(MoveError::Syntax { .. })
    ));
    assert!(matches!(
        parse_move_text(&p, "Qd2xg5~a5"),
        Err(MoveError::Syntax { .. })
    ));
    assert!(matches!(
        parse_move_text(&p, "Qd2"),
        Err(MoveError::Syntax { .. })
    ));
    assert!(matches!(
        parse_move_text(&p, ""),
        Err(MoveError::Syntax { .. })
    ));
    assert!(matches!(
        parse_move_text(&p, "Qd2xh6"),
        Err(MoveError::Illegal(_))
    ));
    let p = pos("8/5k2/4P3/8/8/8/8/K7 w - - 0 1");
    assert_eq!(parse_move_text(&p, "e6xf7~f1"), Ok(mv(&p, "e6f7")));
}

#[test]
fn notation_round_trips_every_legal_move_of_random_positions() {
    use rand::{RngExt, SeedableRng};
    let mut rng = rand::rngs::SmallRng::seed_from_u64(7);
    let mut checked = 0;
    for _ in 0..60 {
        let mut p = Position::new(Variant::Intrachange);
        for _ in 0..rng.random_range(0..60) {
            let moves = p.legal_moves();
            if moves.is_empty() || p.outcome().is_some() {
                break;
            }
            let m = moves[rng.random_range(0..moves.len())];
            for m in &moves {
                let t = move_text(&p, m);
                assert_eq!(parse_move_text(&p, &t), Ok(*m), "{t} in {}", p.to_text());
                let c = m.coordinate(p.shape());
                assert_eq!(parse_move_text(&p, &c), Ok(*m), "{c} in {}", p.to_text());
                checked += 1;
            }
            p.play_unchecked(&m);
        }
    }
    assert!(checked > 10_000, "{checked}");
}

#[test]
fn pgn_of_random_games_round_trips_with_the_notation() {
    use crate::rules::notation::pgn;
    use rand::{RngExt, SeedableRng};
    let mut ended = 0;
    for seed in 0..20 {
        let mut rng = rand::rngs::SmallRng::seed_from_u64(seed);
        let mut r = GameRecord::new(Position::new(Variant::Intrachange));
        while r.outcome().is_none() && r.len() < 400 {
            let moves = r.current().legal_moves();
            r.play(&moves[rng.random_range(0..moves.len())]).unwrap();
        }
        ended += usize::from(r.outcome().is_some());
        let text = pgn::write(&r);
        assert!(text.contains("[Variant \"Intrachange\"]"), "{text}");
        let back = pgn::read(&text, Some(Variant::Intrachange)).unwrap();
        assert_eq!(back.entries(), r.entries());
        assert_eq!(back.current(), r.current());
        assert_eq!(back.outcome(), r.outcome());
    }
    assert!(ended > 0);
}

#[test]
fn perft_initial_position() {
    use crate::rules::perft::perft;
    let p = Position::new(Variant::Intrachange);
    // Depth 1, by hand: 16 pawn moves (every rank-3 square has bit 5 set, so single
    // steps teleport to rank 5; rank-4 squares too, so double steps land on rank 6; all
    // empty) and 4 Knight moves (a3 c3 f3 h3 are 33 36 35 38, bit 3 clear: a White
    // Knight does not trigger there) = 20.
    assert_eq!(
        sorted_moves(&p),
        [
            "a2a3", "a2a4", "b1a3", "b1c3", "b2b3", "b2b4", "c2c3", "c2c4", "d2d3", "d2d4", "e2e3",
            "e2e4", "f2f3", "f2f4", "g1f3", "g1h3", "g2g3", "g2g4", "h2h3", "h2h4"
        ]
    );
    assert_eq!(perft(&p, 1), 20);
    assert_eq!(perft(&p, 2), PERFT[1]);
    assert_eq!(perft(&p, 3), PERFT[2]);
}

/// Perft of the initial position, depths 1–4 (`docs/intrachange-notation.md`).
const PERFT: [u64; 4] = [20, 390, 8_178, 166_754];

#[test]
fn perft_initial_position_depth_4() {
    let p = Position::new(Variant::Intrachange);
    assert_eq!(crate::rules::perft::perft(&p, 4), PERFT[3]);
}

/// Plays `games` seeded random games, checks the invariants after every move, and
/// returns how the games ended (outcome text → count, sorted).
fn random_games(games: u64) -> Vec<(String, usize)> {
    use rand::{RngExt, SeedableRng};
    let mut ends: std::collections::BTreeMap<String, usize> = Default::default();
    for seed in 0..games {
        let mut rng = rand::rngs::SmallRng::seed_from_u64(seed);
        let mut r = GameRecord::new(Position::new(Variant::Intrachange));
        // Placement and side to move (position text without the counters), to count
        // repetitions independently of `GameRecord`.
        let key = |p: &Position| {
            let t = p.to_text();
            t.rsplitn(3, ' ').nth(2).unwrap_or_default().to_string()
        };
        let mut seen = vec![key(r.current())];
        loop {
            let before = r.current().clone();
            let moves = before.legal_moves();
            if let Some(o) = r.outcome() {
                *ends.entry(o.to_string()).or_default() += 1;
                break;
            }
            assert!(
                !moves.is_empty(),
                "no move but no result: {}",
                before.to_text()
            );
            let m = moves[rng.random_range(0..moves.len())];
            let fx = r.play(&m).unwrap();
            let after = r.current();
            seen.push(key(after));
            let repeats = seen.iter().filter(|k| **k == seen[seen.len() - 1]).count();
            // Piece counts fall only by the captures reported.
            let captured: Vec<Piece> = fx
                .iter()
                .filter_map(|e| match e {
                    Effect::Capture { piece, .. } => Some(*piece),
                    _ => None,
                })
                .collect();
            for c in Color::BOTH {
                for k in PieceKind::STANDARD {
                    let lost = captured.iter().filter(|p| **p == Piece::new(c, k)).count();
                    assert_eq!(
                        before.board().count(c, k),
                        after.board().count(c, k) + lost,
                        "{c} {k:?} after {} on {}",
                        m.coordinate(before.shape()),
                        before.to_text()
                    );
                }
            }
            // No two pieces on a square.
            assert!(after.shape().squares().all(|s| !after.board().is_shared(s)));
            // The game ends exactly when a King is taken or a draw rule fires.
            let king_taken = captured.iter().any(|p| p.kind == PieceKind::King);
            let over = fx.iter().find_map(|e| match e {
                Effect::GameOver(o) => Some(*o),
                _ => None,
            });
            assert_eq!(over, r.outcome());
            match over {
                Some(Outcome::Win { winner, reason }) => {
                    assert!(king_taken);
                    assert_eq!((winner, reason), (before.turn(), WinReason::KingCaptured));
                }
                Some(Outcome::Draw { reason }) => {
                    assert!(!king_taken);
                    match reason {
                        DrawReason::Stalemate => assert!(after.legal_moves().is_empty()),
                        DrawReason::FiftyMoves => assert_eq!(after.halfmove_clock(), 100),
                        DrawReason::Repetition => assert!(repeats >= 3),
                        other => panic!("unexpected draw {other:?}"),
                    }
                }
                None => {
                    assert!(!king_taken);
                    assert!(repeats < 3 && after.halfmove_clock() < 100);
                    assert!(!after.legal_moves().is_empty());
                }
            }
            // Stages come in order.
            assert!(fx.windows(2).all(|w| w[0].stage() <= w[1].stage()));
        }
    }
    ends.into_iter().collect()
}

#[test]
fn random_games_keep_the_invariants() {
    // 1,000 games take about 3 s in the dev profile; 10,000 run behind `#[ignore]`.
    let ends = random_games(1_000);
    assert_eq!(ends.iter().map(|(_, n)| n).sum::<usize>(), 1_000);
}

#[test]
#[ignore = "10,000 games (~30 s dev, a few s release): cargo test --release --no-default-features --lib random_games_10000 -- --ignored --nocapture"]
fn random_games_10000() {
    let ends = random_games(10_000);
    eprintln!("{ends:#?}");
    assert_eq!(ends.iter().map(|(_, n)| n).sum::<usize>(), 10_000);
}

/// Runs the lines of `tests/data/intrachange.perft` that expect at most `max_nodes`
/// nodes; returns how many ran.
fn perft_suite(max_nodes: u64) -> usize {
    let mut checked = 0;
    let mut current: Option<Position> = None;
    for l in include_str!("../../../../tests/data/intrachange.perft").lines() {
        if let Some(t) = l.strip_prefix("setup ") {
            current = Some(pos(t));
        } else if let Some(rest) = l.strip_prefix("perft ") {
            let (d, n) = rest.split_once(' ').unwrap();
            let (d, n): (u32, u64) = (d.parse().unwrap(), n.parse().unwrap());
            if n <= max_nodes {
                let p = current.as_ref().unwrap();
                assert_eq!(
                    crate::rules::perft::perft(p, d),
                    n,
                    "perft {d} of {}",
                    p.to_text()
                );
                checked += 1;
            }
        }
    }
    checked
}

#[test]
fn perft_suite_matches_the_data_file() {
    // All 17 lines, depth 5 of the initial position included: under 1 s in the dev
    // profile.
    assert_eq!(perft_suite(u64::MAX), 17);
}

// ---- The narrator: what the demo captions and the status line tell.

#[test]
fn intrachange_teleport_names_both_squares_and_their_hexagrams() {
    assert_eq!(
        last_narrations(Variant::Intrachange, None, &["e2e4"]),
        [
            "White Pawn entered e4 (hexagram 56) and teleported to e6 (hexagram 24): its Pawn line flipped"
        ]
    );
}

#[test]
fn intrachange_pass_through_and_capture_on_the_esoteric_square() {
    let fen = "8/8/8/r5n1/8/4B3/8/4K2k w - - 0 1";
    assert_eq!(
        last_narrations(Variant::Intrachange, Some(fen), &["e3g5"]),
        [
            "White Bishop entered g5 (hexagram 5) and teleported to a5 (hexagram 1): its Bishop line flipped",
            "The White Bishop passed through the Black Knight on g5, which survives",
            "The White Bishop captured the Black Rook on a5, its esoteric square",
        ]
    );
    assert_eq!(
        narration_kinds(Variant::Intrachange, Some(fen), &["e3g5"]),
        [
            NarrationKind::Teleport,
            NarrationKind::PassThrough,
            NarrationKind::EsotericCapture
        ]
    );
}

#[test]
fn intrachange_king_captured_on_the_esoteric_square_ends_the_game() {
    let fen = "8/8/8/k5n1/8/4B3/8/4K3 w - - 0 1";
    assert_eq!(
        last_narrations(Variant::Intrachange, Some(fen), &["e3g5"]),
        [
            "White Bishop entered g5 (hexagram 5) and teleported to a5 (hexagram 1): its Bishop line flipped",
            "The White Bishop passed through the Black Knight on g5, which survives",
            "The White Bishop captured the Black King on a5: the game is over",
            "White wins by capturing the King",
        ]
    );
}

#[test]
fn intrachange_pawn_step_onto_the_seventh_rank_returns_it() {
    let fen = "k7/8/4P3/8/8/8/8/7K w - - 0 1";
    assert_eq!(
        last_narrations(Variant::Intrachange, Some(fen), &["e6e7"]),
        [
            "White Pawn stepped onto e7 (hexagram 40) and returned to e1 (hexagram 8): pawns never promote here"
        ]
    );
}

#[test]
fn intrachange_pawn_exception_captures_on_the_exoteric_square() {
    let fen = "k7/4r3/3P4/8/8/8/8/7K w - - 0 1";
    assert_eq!(
        last_narrations(Variant::Intrachange, Some(fen), &["d6e7"]),
        [
            "Pawn exception: capturing onto its 7th rank, the White Pawn took the Black Rook on e7 and went back to e1"
        ]
    );
    let king = "8/4k3/3P4/8/8/8/8/7K w - - 0 1";
    assert_eq!(
        last_narrations(Variant::Intrachange, Some(king), &["d6e7"]),
        [
            "The White Pawn captured the Black King on e7 by the pawn exception: the game is over",
            "White wins by capturing the King",
        ]
    );
}

/// The bitboard generator (`masks.rs`) gives the square-array generator's moves, in order,
/// on every position of seeded random games, with either side to move, and on positions
/// the games rarely reach: pawns on their first and last ranks, a Knight whose jump is
/// blocked only by its own origin square, Kings on exoteric squares.
#[test]
fn bitboard_generator_equals_the_square_array_generator() {
    use rand::{RngExt, SeedableRng};
    let compare = |pos: &Position| {
        for side in Color::BOTH {
            super::super::with_turn(pos, side, |p| {
                let mut fast = Vec::new();
                assert!(super::masks::legal_moves(p, &mut fast), "{}", p.to_text());
                let mut reference = Vec::new();
                super::legal_moves_reference(p, &mut reference);
                assert_eq!(fast, reference, "{}", p.to_text());
                let count = super::masks::legal_move_count(p);
                assert_eq!(count, Some(reference.len() as u64), "{}", p.to_text());
                // The captures alone are the moves whose resolution captures, in order.
                let mut captures = Vec::new();
                assert!(super::masks::legal_captures(p, &mut captures));
                let expected: Vec<Move> = reference
                    .iter()
                    .filter(|m| super::resolution(p, m.from, m.to).is_some_and(|r| r.captures()))
                    .copied()
                    .collect();
                assert_eq!(captures, expected, "{}", p.to_text());
                assert_eq!(p.legal_captures(), expected, "{}", p.to_text());
            });
        }
    };
    let mut compared = 0;
    for seed in 0..200 {
        let mut rng = rand::rngs::SmallRng::seed_from_u64(0x1c4e + seed);
        let mut p = Position::new(Variant::Intrachange);
        for _ in 0..160 {
            compare(&p);
            compared += 1;
            let moves = p.legal_moves();
            if moves.is_empty() {
                break;
            }
            p.play_unchecked(&moves[rng.random_range(0..moves.len())]);
        }
    }
    assert!(compared > 15_000, "{compared} positions");
    for text in [
        "k7/8/8/2P5/8/8/8/1n5K b - -",
        "k3P3/8/8/8/8/8/8/P3K2p w - -",
        "4k3/8/8/8/8/2n5/4K3/8 b - -",
        "r3k2r/1P4P1/8/3KQ3/8/8/1p4p1/R6R w - -",
        "8/8/8/8/8/8/8/4K3 w - -",
    ] {
        compare(&Position::from_text(Variant::Intrachange, text).unwrap());
    }
}

/// The capture squares (`masks::capture_squares`) are the squares where the resolutions of
/// the legal moves capture an enemy piece other than the King, on random game positions,
/// for either side.
#[test]
fn capture_squares_are_where_the_legal_moves_capture() {
    use rand::{RngExt, SeedableRng};
    let mut compared = 0;
    let mut king_captures = 0;
    for seed in 0..120 {
        let mut rng = rand::rngs::SmallRng::seed_from_u64(0xca9 + seed);
        let mut p = Position::new(Variant::Intrachange);
        for _ in 0..120 {
            for side in Color::BOTH {
                super::super::with_turn(&p, side, |q| {
                    let mut expected = 0u64;
                    for m in q.legal_moves() {
                        let r = super::resolution(q, m.from, m.to).unwrap();
                        if r.captured_exoteric.is_some_and(|k| k != PieceKind::King) {
                            expected |= 1 << m.to.index();
                        }
                        if r.captured_esoteric.is_some_and(|k| k != PieceKind::King) {
                            expected |= 1 << r.landing().index();
                        }
                    }
                    let kings = Color::BOTH
                        .iter()
                        .filter_map(|&c| q.board().king(c))
                        .fold(0u64, |m, k| m | 1 << k.index());
                    let found = super::capture_squares(q, side);
                    assert_eq!(
                        found.map(|s| s & !kings),
                        Some(expected),
                        "{side:?} {}",
                        q.to_text()
                    );
                    // The enemy King's square is among them exactly when a legal move
                    // captures the King.
                    let king_taken = q.legal_moves().iter().any(|m| {
                        super::resolution(q, m.from, m.to).is_some_and(|r| r.captures_king())
                    });
                    assert_eq!(
                        found.map(|s| s & kings != 0),
                        Some(king_taken),
                        "{side:?} {}",
                        q.to_text()
                    );
                    if king_taken {
                        king_captures += 1;
                    }
                });
            }
            compared += 1;
            let moves = p.legal_moves();
            if moves.is_empty() {
                break;
            }
            p.play_unchecked(&moves[rng.random_range(0..moves.len())]);
        }
    }
    assert!(compared > 5000, "{compared}");
    assert!(king_captures > 50, "{king_captures}");
}
