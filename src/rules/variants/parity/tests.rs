//! Parity and Parity Single Occupation checked rule by rule against `rules/parity.md`
//! (rulings P-1…P-10), the seed's sample game in record mode, notation, perft and random
//! games.

use super::record::{commit_text, parse_commit};
use super::*;
use crate::rules::notation::pgn;
use crate::rules::piece::Piece;

/// The rule a commit of `side` breaks and the judge's sentence for it, or `None` if legal.
fn broken_rule(pos: &Position, side: Color, mv: &Move) -> Option<(Rule, String)> {
    let reason = judge_in_game(pos, side, mv).err()?;
    let rule = rule_of_reason(&reason)?;
    let sentence =
        crate::rules::narrate::refusal_sentence(&crate::rules::Refusal::new(pos.variant(), reason));
    Some((rule, sentence))
}
use crate::rules::record::{Entry, GameRecord};
use crate::rules::variants::test_support::last_narrations;
use rand::{RngExt, SeedableRng};

const W: Color = Color::White;
const B: Color = Color::Black;

fn pos(v: Variant, text: &str) -> Position {
    Position::from_text(v, text).unwrap()
}

fn p(text: &str) -> Position {
    pos(Variant::Parity, text)
}

/// Legal commits of `side` in coordinate form, sorted.
fn commits_of(p: &Position, side: Color) -> Vec<String> {
    let mut v: Vec<String> = commits(p, side)
        .iter()
        .map(|m| m.coordinate(p.shape()))
        .collect();
    v.sort();
    v
}

/// Commits of `side` from one square, sorted.
fn commits_from(p: &Position, side: Color, from: &str) -> Vec<String> {
    commits_of(p, side)
        .into_iter()
        .filter(|m| m.starts_with(from))
        .collect()
}

/// Plays one turn; returns the effects (one string, `; `-joined) and the position text.
fn turn(p: &mut Position, w: &str, b: &str) -> (String, String) {
    let wm = parse_commit(p, W, w).unwrap();
    let bm = parse_commit(p, B, b).unwrap();
    let fx = p.resolve(&wm, &bm).unwrap();
    let shape = p.shape();
    let fx: Vec<String> = fx.iter().map(|e| e.describe(shape)).collect();
    (fx.join("; "), p.to_text())
}

fn rule_of(p: &Position, side: Color, text: &str) -> Rule {
    let m = parse_recorded(p, side, text).unwrap_or_else(|_| {
        let (from, to, promotion) =
            crate::rules::notation::san::parse_coordinate(p.shape(), text).unwrap();
        Move {
            from,
            to,
            promotion,
            special: Special::Normal,
        }
    });
    broken_rule(p, side, &m).unwrap().0
}

#[test]
fn initial_position_has_twenty_commits_each() {
    let p = Position::new(Variant::Parity);
    assert_eq!(commits(&p, W).len(), 20);
    assert_eq!(commits(&p, B).len(), 20);
}

#[test]
fn perft_of_the_initial_position_is_400_then_170409() {
    let p = Position::new(Variant::Parity);
    assert_eq!(crate::rules::perft::perft(&p, 1), 400);
    assert_eq!(crate::rules::perft::perft(&p, 2), 170_409);
    let d = divide(&p, 1);
    assert_eq!(d.len(), 400);
    assert_eq!(d[0], ("b1c3/a7a6".to_string(), 1));
    let single = Position::new(Variant::ParitySingle);
    assert_eq!(crate::rules::perft::perft(&single, 1), 400);
}

#[test]
fn rule_2_1_rest_rule_forbids_moving_the_piece_that_moved_last_turn() {
    let mut q = p("4k3/7p/8/8/8/8/P7/R3K3 w - - 0 1 a1/-");
    assert_eq!(commits_from(&q, W, "a1"), Vec::<String>::new());
    assert_eq!(rule_of(&q, W, "Rd1"), Rule::RestRule);
    let before = q.to_text();
    let wm = parse_recorded(&q, W, "Rd1").unwrap();
    let bm = parse_commit(&q, B, "Kd7").unwrap();
    let err = q.resolve(&wm, &bm).unwrap_err();
    assert!(err.reason().contains("rest-rule"), "{}", err.reason());
    assert_eq!(q.to_text(), before);
    assert_eq!(
        turn(&mut q, "a3", "Kd7"),
        (
            "step White Pawn a2 a3; step Black King e8 d7".to_string(),
            "8/3k3p/8/8/8/P7/8/R3K3 w - - 0 2 a3/d7".to_string()
        )
    );
    // Free again one turn later.
    assert_eq!(commits_from(&q, W, "a1"), ["a1a2", "a1b1", "a1c1", "a1d1"]);
}

#[test]
fn rule_2_2_shared_square_blocks_lines_and_its_pieces_cannot_be_captured() {
    let q = p("4k3/8/8/8/R2[Pp]4/8/8/4K3 w - - 0 1 -/-");
    assert_eq!(
        commits_from(&q, W, "a4"),
        [
            "a4a1", "a4a2", "a4a3", "a4a5", "a4a6", "a4a7", "a4a8", "a4b4", "a4c4"
        ]
    );
    assert_eq!(commits_from(&q, W, "d4"), ["d4d5"]);
    assert_eq!(commits_from(&q, B, "d4"), ["d4d3"]);
    assert_eq!(rule_of(&q, W, "a4d4"), Rule::SharedSquare);
}

#[test]
fn rule_2_3_pawn_moves_diagonally_only_as_a_capture_and_a_failed_capture_lands() {
    let mut q = p("4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1 -/-");
    assert_eq!(commits_from(&q, W, "e4"), ["e4d5", "e4e5"]);
    assert_eq!(rule_of(&q, W, "e4f5"), Rule::PawnCapture);
    assert_eq!(
        turn(&mut q, "exd5", "d4"),
        (
            "step White Pawn e4 d5; step Black Pawn d5 d4; failed-capture White Pawn d5"
                .to_string(),
            "4k3/8/8/3P4/3p4/8/8/4K3 w - - 0 2 d5/d4".to_string()
        )
    );
}

#[test]
fn rule_3_2_both_failed_captures_swap_the_pieces() {
    let mut q = p("4k3/8/8/3n4/8/2N5/8/4K3 w - - 0 1 -/-");
    assert_eq!(
        turn(&mut q, "Nxd5", "Nxc3"),
        (
            "step White Knight c3 d5; step Black Knight d5 c3; failed-capture White Knight d5; failed-capture Black Knight c3"
                .to_string(),
            "4k3/8/8/3N4/8/2n5/8/4K3 w - - 1 2 d5/c3".to_string()
        )
    );
}

#[test]
fn rule_3_captures_of_pieces_that_stay_both_succeed_order_free() {
    let mut q = p("n3k2r/8/8/8/8/8/8/R3K2N w - - 0 1 -/-");
    assert_eq!(
        turn(&mut q, "Rxa8", "Rxh1"),
        (
            "step White Rook a1 a8; step Black Rook h8 h1; capture Black Knight a8; capture White Knight h1; delayed-check white; delayed-check black"
                .to_string(),
            "R3k3/8/8/8/8/8/8/4K2r w - - 0 2 a8/h1".to_string()
        )
    );
}

#[test]
fn rule_3_3_pieces_landing_together_share_the_square() {
    let mut q = Position::new(Variant::Parity);
    turn(&mut q, "e4", "e6");
    assert_eq!(
        turn(&mut q, "d4", "Bb4"),
        (
            "step White Pawn d2 d4; step Black Bishop f8 b4; delayed-check white".to_string(),
            "rnbqk1nr/pppp1ppp/4p3/8/1b1PP3/8/PPP2PPP/RNBQKBNR w KQkq - 0 3 d4/b4".to_string()
        )
    );
    let mut q = p("4k3/8/8/8/8/8/6P1/4K3 w - - 0 1 -/-");
    q.board_mut()
        .put(Square(62), Piece::new(B, PieceKind::Queen));
    assert_eq!(
        turn(&mut q, "g4", "Qg4"),
        (
            "step White Pawn g2 g4; step Black Queen g8 g4; shared g4".to_string(),
            "4k1q1/8/8/8/6[Pq]1/8/8/4K3 w - - 0 2 g4/g4".replace("4k1q1", "4k3")
        )
    );
}

#[test]
fn ruling_p1_moves_may_cross_white_g2_g4_while_black_qg7_g3() {
    let mut q = p("4k3/6q1/8/8/8/8/6P1/4K3 w - - 0 1 -/-");
    assert_eq!(
        turn(&mut q, "g4", "Qg3"),
        (
            "step White Pawn g2 g4; step Black Queen g7 g3; delayed-check white".to_string(),
            "4k3/8/8/8/6P1/6q1/8/4K3 w - - 0 2 g4/g3".to_string()
        )
    );
}

#[test]
fn rule_2_4_immediate_check_forces_a_king_move_but_delayed_check_does_not() {
    let q = p("4k3/8/8/8/8/8/P7/4K2r w - - 0 1 -/-");
    assert_eq!(check_kind(&q, W), Some(CheckKind::Immediate));
    assert_eq!(commits_of(&q, W), ["e1d2", "e1e2", "e1f2"]);
    assert_eq!(rule_of(&q, W, "a3"), Rule::ImmediateCheck);
    let q = p("4k3/8/8/8/8/8/P7/4K2r w - - 0 1 -/h1");
    assert_eq!(check_kind(&q, W), Some(CheckKind::Delayed));
    assert_eq!(commits_of(&q, W), ["a2a3", "a2a4", "e1d2", "e1e2", "e1f2"]);
}

#[test]
fn rule_2_4_a_delayed_check_becomes_immediate_when_the_attacker_is_free() {
    // The pinned bishop may move while the rook rests (P-3); next turn the rook is free.
    let mut q = p("4r2k/8/8/8/8/8/4B3/4K3 w - - 0 1 -/e8");
    let (fx, text) = turn(&mut q, "Bd3", "Kg8");
    assert_eq!(
        (fx.as_str(), text.as_str()),
        (
            "step White Bishop e2 d3; step Black King h8 g8; immediate-check white",
            "4r1k1/8/8/8/8/3B4/8/4K3 w - - 1 2 d3/g8"
        )
    );
    assert_eq!(commits_of(&q, W), ["e1d1", "e1d2", "e1f1", "e1f2"]);
}

#[test]
fn rule_3_failed_check_when_the_king_steps_away_at_the_same_moment() {
    let mut q = p("4k3/7p/8/8/8/8/8/R3K3 w - - 0 1 -/-");
    let (fx, text) = turn(&mut q, "Ra8", "Ke7");
    assert_eq!(
        (fx.as_str(), text.as_str()),
        (
            "step White Rook a1 a8; step Black King e8 e7; failed-check white",
            "R7/4k2p/8/8/8/8/8/4K3 w - - 1 2 a8/e7"
        )
    );
}

#[test]
fn ruling_p10_no_failed_check_against_a_king_already_in_check() {
    // White's Bb5 would add a check on e8; Black's King steps to f7 at the same moment.
    for v in [Variant::Parity, Variant::ParitySingle] {
        // Not in check at the start (the Rook is on a2): the check Bb5 intended failed.
        let mut q = pos(v, "4k3/7p/8/8/8/3B4/R7/K7 w - - 0 1 -/-");
        let (fx, _) = turn(&mut q, "Bb5", "Kf7");
        assert_eq!(
            fx, "step White Bishop d3 b5; step Black King e8 f7; failed-check white",
            "{v:?}"
        );
        // Already in check from the Rook on e2: the check existed before the move, so no
        // failed check is announced.
        let mut q = pos(v, "4k3/7p/8/8/8/3B4/4R3/K7 w - - 0 1 -/-");
        assert_eq!(check_kind(&q, B), Some(CheckKind::Immediate), "{v:?}");
        let (fx, text) = turn(&mut q, "Bb5", "Kf7");
        assert_eq!(
            (fx.as_str(), text.as_str()),
            (
                "step White Bishop d3 b5; step Black King e8 f7",
                "8/5k1p/8/1B6/8/8/4R3/K7 w - - 1 2 b5/f7"
            ),
            "{v:?}"
        );
    }
    // A delayed check (only the resting Rook attacks) is a check too.
    let mut q = p("4k3/7p/8/8/8/3B4/4R3/K7 w - - 0 1 e2/-");
    assert_eq!(check_kind(&q, B), Some(CheckKind::Delayed));
    let (fx, _) = turn(&mut q, "Bb5", "Kf7");
    assert!(!fx.contains("failed-check"), "{fx}");
}

#[test]
fn ruling_p2_king_may_not_step_where_a_resting_piece_attacks() {
    // The rook on h1 rests, yet d1 and f1 stay forbidden.
    let q = p("4k3/8/8/8/8/8/P7/4K2r w - - 0 1 -/h1");
    assert_eq!(rule_of(&q, W, "Kf1"), Rule::KingSafety);
    assert!(
        broken_rule(&q, W, &parse_recorded(&q, W, "Kd1").unwrap())
            .unwrap()
            .1
            .contains("Rook on h1")
    );
}

#[test]
fn rule_2_5_king_on_a_shared_square_is_not_attacked() {
    let q = p("4r2k/8/8/8/8/8/P7/4[Kn]3 w - - 0 1 -/-");
    assert_eq!(check_kind(&q, W), None);
    assert_eq!(commits_from(&q, W, "a2"), ["a2a3", "a2a4"]);
}

#[test]
fn ruling_p5_kings_never_step_next_to_each_other() {
    let q = p("8/7p/8/3k4/8/3K4/P7/8 w - - 0 1 -/-");
    assert_eq!(
        commits_of(&q, W),
        ["a2a3", "a2a4", "d3c2", "d3c3", "d3d2", "d3e2", "d3e3"]
    );
    assert_eq!(
        commits_of(&q, B),
        ["d5c5", "d5c6", "d5d6", "d5e5", "d5e6", "h7h5", "h7h6"]
    );
    assert_eq!(rule_of(&q, W, "Kd4"), Rule::KingSafety);
}

#[test]
fn ruling_p3_no_self_discovered_check_by_a_non_resting_piece() {
    let q = p("4r2k/8/8/8/8/8/4B3/4K3 w - - 0 1 -/-");
    assert_eq!(commits_from(&q, W, "e2"), Vec::<String>::new());
    assert_eq!(rule_of(&q, W, "Bd3"), Rule::DiscoveredCheck);
    // The rook rests: the delayed check may stand one turn.
    let q = p("4r2k/8/8/8/8/8/4B3/4K3 w - - 0 1 -/e8");
    assert_eq!(commits_from(&q, W, "e2").len(), 9);
}

#[test]
fn rule_2_7_castling_conditions_and_both_pieces_rest() {
    // O-O-O may cross an attacked b1.
    let q = p("1r2k3/8/8/8/8/8/8/R3K2R w KQ - 0 1 -/-");
    assert!(commits_from(&q, W, "e1").contains(&"e1c1".to_string()));
    // f1 crossed: forbidden when a non-resting piece attacks it, allowed when it rests.
    let q = p("4kr2/8/8/8/8/8/8/R3K2R w KQ - 0 1 -/-");
    assert_eq!(rule_of(&q, W, "O-O"), Rule::Castling);
    let q = p("4kr2/8/8/8/8/8/8/R3K2R w KQ - 0 1 -/f8");
    assert!(commits_from(&q, W, "e1").contains(&"e1g1".to_string()));
    // g1 landed on: forbidden even when the attacker rests (as §2.5).
    let q = p("4k1r1/8/8/8/8/8/8/R3K2R w KQ - 0 1 -/g8");
    assert_eq!(rule_of(&q, W, "O-O"), Rule::Castling);
    // Immediate check: no castling.
    let q = p("4r1k1/8/8/8/8/8/8/R3K2R w KQ - 0 1 -/-");
    assert_eq!(rule_of(&q, W, "O-O"), Rule::ImmediateCheck);
    let mut q = p("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1 -/-");
    assert_eq!(
        turn(&mut q, "O-O", "O-O-O"),
        (
            "step White King e1 g1; step White Rook h1 f1; step Black King e8 c8; step Black Rook a8 d8"
                .to_string(),
            "2kr3r/8/8/8/8/8/8/R4RK1 w - - 1 2 g1,f1/c8,d8".to_string()
        )
    );
    assert_eq!(commits_from(&q, W, "f1"), Vec::<String>::new());
    assert_eq!(commits_from(&q, W, "g1"), Vec::<String>::new());
}

#[test]
fn rule_2_8_en_passant_the_next_turn_and_never_against_a_shared_pawn() {
    let mut q = p("4k3/3p3p/8/4P3/8/8/8/4K3 w - - 0 1 -/-");
    assert_eq!(
        turn(&mut q, "Kd2", "d5"),
        (
            "step White King e1 d2; step Black Pawn d7 d5".to_string(),
            "4k3/7p/8/3pP3/8/8/3K4/8 w - d6 0 2 d2/d5".to_string()
        )
    );
    assert_eq!(
        turn(&mut q, "exd6", "Kf8"),
        (
            "step White Pawn e5 d6; step Black King e8 f8; capture Black Pawn d5".to_string(),
            "5k2/7p/3P4/8/8/8/3K4/8 w - - 0 3 d6/f8".to_string()
        )
    );
    // A pawn that moved together with the double step rests (rule 7 from rule 2).
    let mut q = p("4k3/3p4/8/8/4P3/8/8/4K3 w - - 0 1 -/-");
    let (_, text) = turn(&mut q, "e5", "d5");
    assert_eq!(commits_from(&q, W, "e5"), Vec::<String>::new());
    // So no en passant is recorded, and the refusal names the rest rule.
    assert_eq!(text, "4k3/8/8/3pP3/8/8/8/4K3 w - - 0 2 e5/d5");
    assert_eq!(rule_of(&q, W, "e5d6"), Rule::RestRule);
    // The double-stepped pawn on a shared square cannot be taken.
    let mut q = p("4k3/3p4/8/4P3/8/8/3P4/4K3 w - - 0 1 -/-");
    q.board_mut().remove(W, Square(11));
    q.board_mut()
        .put(Square(35), Piece::new(W, PieceKind::Pawn));
    q.ep[B.index()] = Some(crate::rules::position::EnPassant {
        pawn: Square(35),
        passed: [Some(Square(43)), None, None],
    });
    q.board_mut()
        .put(Square(35), Piece::new(B, PieceKind::Pawn));
    q.board_mut().remove(B, Square(51));
    assert!(q.board().is_shared(Square(35)));
    assert_eq!(commits_from(&q, W, "e5"), ["e5e6"]);
    assert_eq!(rule_of(&q, W, "e5d6"), Rule::EnPassant);
}

#[test]
fn ruling_p8_both_double_steps_of_one_turn_may_be_taken_en_passant() {
    let mut q = p("4k3/3p4/8/2P5/5p2/8/4P3/4K3 w - - 0 1 -/-");
    let (_, text) = turn(&mut q, "e4", "d5");
    // Both records are written, White's first, and read back.
    assert_eq!(text, "4k3/8/8/2Pp4/4Pp2/8/8/4K3 w - e3,d6 0 2 e4/d5");
    assert_eq!(pos(Variant::Parity, &text), q);
    let sq = |s: &str| q.shape().parse_square(s).unwrap();
    assert_eq!(
        q.en_passant_of(W)
            .map(|e| (e.pawn, e.squares().collect::<Vec<_>>())),
        Some((sq("e4"), vec![sq("e3")]))
    );
    assert_eq!(
        q.en_passant_of(B)
            .map(|e| (e.pawn, e.squares().collect::<Vec<_>>())),
        Some((sq("d5"), vec![sq("d6")]))
    );
    assert_eq!(commits_from(&q, W, "c5"), ["c5c6", "c5d6"]);
    assert_eq!(commits_from(&q, B, "f4"), ["f4e3", "f4f3"]);
    // The repetition key tells the two records apart from one alone.
    let mut only_black = q.clone();
    only_black.ep[W.index()] = None;
    assert_ne!(only_black.repetition_key(), q.repetition_key());
    // Both captures in the same turn: neither pawn moved, so both succeed.
    assert_eq!(
        turn(&mut q, "cxd6", "fxe3"),
        (
            "step White Pawn c5 d6; step Black Pawn f4 e3; capture Black Pawn d5; capture White Pawn e4"
                .to_string(),
            "4k3/8/3P4/8/8/4p3/8/4K3 w - - 0 3 d6/e3".to_string()
        )
    );
    // An old text with one record still reads (Black's here: d6 is on Black's half).
    let one = p("4k3/8/8/2Pp4/4Pp2/8/8/4K3 w - d6 0 2 e4/d5");
    assert!(one.en_passant_of(W).is_none());
    assert_eq!(commits_from(&one, W, "c5"), ["c5c6", "c5d6"]);
    assert_eq!(commits_from(&one, B, "f4"), ["f4f3"]);
}

#[test]
fn rule_3_5_promotion_is_chosen_with_the_commit() {
    let mut q = p("4k3/1P5p/8/8/8/8/8/4K3 w - - 0 1 -/-");
    let m = parse_commit(&q, W, "b8=N").unwrap();
    assert_eq!(commit_text(&q, &m), "b8=N");
    assert_eq!(rule_of(&q, W, "b7b8"), Rule::Promotion);
    assert_eq!(
        turn(&mut q, "b8=N", "Kd7"),
        (
            "step White Pawn b7 b8; step Black King e8 d7; promote White Knight b8; delayed-check black"
                .to_string(),
            "1N6/3k3p/8/8/8/8/8/4K3 w - - 0 2 b8/d7".to_string()
        )
    );
}

#[test]
fn ruling_p4_checkmate_is_adjudicated_and_a_king_capture_ends_the_game() {
    // The Black King rests under a non-resting rook: checkmate before any commit.
    let q = p("4k3/8/8/8/8/8/8/4R1K1 w - - 0 1 -/e8");
    assert_eq!(
        outcome(&q),
        Some(Outcome::Win {
            winner: W,
            reason: WinReason::Checkmate
        })
    );
    // Record mode can still take the King.
    let r = replay_record(&q, &[("Rxe8", "")]);
    let fx: Vec<String> = r[0].effects.iter().map(|e| e.describe(q.shape())).collect();
    assert_eq!(
        fx,
        [
            "step White Rook e1 e8",
            "capture Black King e8",
            "game-over 1-0 (White wins by capturing the King)"
        ]
    );
    let both = p("8/8/8/8/8/8/8/R7 w - - 0 1 -/-");
    assert_eq!(
        outcome(&both),
        Some(Outcome::Draw {
            reason: DrawReason::Simultaneous
        })
    );
}

#[test]
fn rule_4_stalemate_loses_and_both_at_once_is_a_draw() {
    let q = p("7k/8/6Q1/8/8/8/8/K7 w - - 0 1 -/h8");
    assert_eq!(
        outcome(&q),
        Some(Outcome::Win {
            winner: W,
            reason: WinReason::Stalemate
        })
    );
    let q = p("k7/8/8/8/8/8/8/7K w - - 0 1 h1/a8");
    assert_eq!(
        outcome(&q),
        Some(Outcome::Draw {
            reason: DrawReason::Simultaneous
        })
    );
}

#[test]
fn rule_4_a_lone_king_loses_once_it_has_moved_no_dead_material_draw() {
    let mut q = p("4k3/8/8/8/8/8/8/N3K3 w - - 0 1 -/-");
    assert_eq!(outcome(&q), None);
    let (fx, text) = turn(&mut q, "Nb3", "Kd7");
    assert_eq!(
        (fx.as_str(), text.as_str()),
        (
            "step White Knight a1 b3; step Black King e8 d7; game-over 1-0 (White wins by stalemate (no legal move loses))",
            "8/3k4/8/8/8/1N6/8/4K3 w - - 1 2 b3/d7"
        )
    );
    let mut q = p("4k3/8/8/8/8/8/8/4K3 w - - 0 1 -/-");
    let (fx, _) = turn(&mut q, "Kd2", "Kd7");
    assert!(
        fx.ends_with("game-over 1/2-1/2 (Draw by simultaneous mate, stalemate or King capture)"),
        "{fx}"
    );
}

#[test]
fn rule_4_fifty_turns_and_a_failed_capture_does_not_reset_the_count() {
    let mut q = p("4k3/8/8/8/8/8/r7/R3K3 w - - 10 5 -/-");
    assert_eq!(
        turn(&mut q, "Rxa2", "Rb2"),
        (
            "step White Rook a1 a2; step Black Rook a2 b2; failed-capture White Rook a2"
                .to_string(),
            "4k3/8/8/8/8/8/Rr6/4K3 w - - 11 6 a2/b2".to_string()
        )
    );
    let mut q = p("4k3/7p/8/8/8/8/8/R3K3 w - - 49 30 -/-");
    let (fx, _) = turn(&mut q, "Ra2", "Kd8");
    assert_eq!(
        fx,
        "step White Rook a1 a2; step Black King e8 d8; game-over 1/2-1/2 (Draw by the 50-move rule)"
    );
}

#[test]
fn rule_5_single_occupation_forces_the_exit_without_capture_and_allows_the_return() {
    let mut q = pos(
        Variant::ParitySingle,
        "b3k3/8/8/8/5N2/8/P7/4K3 w - - 0 1 -/-",
    );
    let (fx, text) = turn(&mut q, "Nd5", "Bd5");
    assert_eq!(
        (fx.as_str(), text.as_str()),
        (
            "step White Knight f4 d5; step Black Bishop a8 d5; shared d5",
            "4k3/8/8/3[Nb]4/8/8/P7/4K3 w - - 1 2 d5/d5"
        )
    );
    // Only the shared pieces move, exempt from the rest rule; no captures (a2 is Black's
    // bishop's target only by capture).
    assert_eq!(
        commits_of(&q, W),
        [
            "d5b4", "d5b6", "d5c3", "d5c7", "d5e3", "d5e7", "d5f4", "d5f6"
        ]
    );
    assert_eq!(rule_of(&q, W, "a3"), Rule::SingleOccupation);
    assert!(!commits_of(&q, B).contains(&"d5a2".to_string()));
    assert_eq!(rule_of(&q, B, "Bxa2"), Rule::SingleOccupation);
    let (fx, text) = turn(&mut q, "Nf4", "Ba8");
    assert_eq!(
        (fx.as_str(), text.as_str()),
        (
            "step White Knight d5 f4; step Black Bishop d5 a8",
            "b3k3/8/8/8/5N2/8/P7/4K3 w - - 2 3 f4/a8"
        )
    );
}

#[test]
fn rule_5_single_occupation_a_side_that_cannot_leave_loses_both_draw() {
    let q = pos(
        Variant::ParitySingle,
        "4k3/8/8/8/3p4/3[Pb]4/8/4K3 w - - 0 1 d3/d3",
    );
    assert_eq!(commits_of(&q, W), Vec::<String>::new());
    assert_eq!(
        outcome(&q),
        Some(Outcome::Win {
            winner: B,
            reason: WinReason::CannotLeaveSharedSquare
        })
    );
    let q = pos(
        Variant::ParitySingle,
        "4k3/8/8/3p4/3[Pp]4/3P4/8/4K3 w - - 0 1 d4/d4",
    );
    assert_eq!(
        outcome(&q),
        Some(Outcome::Draw {
            reason: DrawReason::Simultaneous
        })
    );
    // Plain Parity: the same shared pawns may stay.
    let q = p("4k3/8/8/3p4/3[Pp]4/3P4/8/4K3 w - - 0 1 d4/d4");
    assert_eq!(outcome(&q), None);
}

#[test]
fn commits_are_written_in_san_on_the_start_position_and_read_back() {
    let q = Position::new(Variant::Parity);
    for side in Color::BOTH {
        let mut s = q.clone();
        s.turn = side;
        for m in commits(&q, side) {
            let t = commit_text(&s, &m);
            assert_eq!(parse_commit(&q, side, &t), Ok(m), "{t}");
            assert_eq!(parse_commit(&q, side, &m.coordinate(q.shape())), Ok(m));
        }
    }
    let m = parse_commit(&q, W, "Nf3").unwrap();
    assert_eq!(commit_text(&q, &m), "Nf3");
}

#[test]
fn pgn_round_trips_a_parity_game() {
    let mut r = GameRecord::new(Position::new(Variant::Parity));
    for (w, b) in [
        ("e4", "e6"),
        ("d4", "Be7"),
        ("Nf3", "c6"),
        ("Nc3", "d6"),
        ("e5", "e5"),
    ] {
        let p = r.current().clone();
        let wm = parse_commit(&p, W, w).unwrap();
        let bm = parse_commit(&p, B, b).unwrap();
        r.play_turn(&wm, &bm).unwrap();
    }
    let text = pgn::write(&r);
    assert!(text.contains("[Variant \"Parity\"]"), "{text}");
    assert!(
        text.contains("1. e4/e6 2. d4/Be7 3. Nf3/c6 4. Nc3/d6 5. e5/e5 *"),
        "{text}"
    );
    let back = pgn::read(&text, Some(Variant::Parity)).unwrap();
    assert_eq!(back.entries(), r.entries());
    assert_eq!(back.current().to_text(), r.current().to_text());
    assert!(matches!(back.entries()[0], Entry::Turn { .. }));
}

#[test]
fn pgn_carries_both_en_passant_records_in_its_start_position() {
    let start = p("4k3/8/8/2Pp4/4Pp2/8/8/4K3 w - e3,d6 0 2 e4/d5");
    let mut r = GameRecord::new(start.clone());
    let wm = parse_commit(&start, W, "cxd6").unwrap();
    let bm = parse_commit(&start, B, "fxe3").unwrap();
    r.play_turn(&wm, &bm).unwrap();
    let text = pgn::write(&r);
    assert!(
        text.contains("[FEN \"4k3/8/8/2Pp4/4Pp2/8/8/4K3 w - e3,d6 0 2 e4/d5\"]"),
        "{text}"
    );
    let back = pgn::read(&text, Some(Variant::Parity)).unwrap();
    assert_eq!(back.start(), &start);
    assert_eq!(
        back.current().to_text(),
        "4k3/8/3P4/8/8/4p3/8/4K3 w - - 0 3 d6/e3"
    );
}

#[test]
fn illegal_commit_leaves_the_position_untouched_and_names_the_rule() {
    let mut q = Position::new(Variant::Parity);
    let before = q.clone();
    let wm = Move::new(Square(12), Square(20));
    let bm = Move::new(Square(52), Square(44));
    assert!(q.resolve(&wm, &bm).is_ok());
    let wm = Move::new(Square(20), Square(28));
    let bm = Move::new(Square(51), Square(35));
    let err = q.clone().resolve(&wm, &bm).unwrap_err();
    assert!(err.reason().contains("rest-rule"), "{}", err.reason());
    let mut untouched = before.clone();
    let bad = Move::new(Square(12), Square(36));
    assert!(untouched.resolve(&bad, &bm).is_err());
    assert_eq!(untouched, before);
}

fn sample_game() -> Vec<(String, String, String)> {
    let text = include_str!("../../../../scenes/parity-sample-game.txt");
    text.lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| {
            let (mv, note) = l.split_once('#').unwrap_or((l, ""));
            let t = mv.split_whitespace().nth(1).unwrap();
            let (w, b) = t.split_once('/').unwrap();
            let expect = note.split_once("expect:").map_or("", |(_, e)| e.trim());
            (w.to_string(), b.to_string(), expect.to_string())
        })
        .collect()
}

#[test]
fn sample_game_replays_in_record_mode_with_the_two_known_errors() {
    let game = sample_game();
    assert_eq!(game.len(), 64);
    let start = Position::new(Variant::Parity);
    let turns: Vec<(&str, &str)> = game
        .iter()
        .map(|(w, b, _)| (w.as_str(), b.as_str()))
        .collect();
    let reports = replay_record(&start, &turns);
    assert_eq!(reports.len(), 64);
    let mut errors = Vec::new();
    for (r, (_, _, expect)) in reports.iter().zip(&game) {
        let mut said: Vec<String> = r
            .effects
            .iter()
            .map(|e| e.describe(start.shape()))
            .collect();
        for e in &r.errors {
            said.push(format!("rule-error {} {}", e.rule.code(), e.mv));
            errors.push((r.number, e.rule, e.mv.clone()));
        }
        for want in expect.split('|').map(str::trim).filter(|w| !w.is_empty()) {
            assert!(
                said.iter().any(|s| s == want),
                "turn {}: {want} not in {said:?}",
                r.number
            );
        }
    }
    assert_eq!(
        errors,
        [
            (56, Rule::KingSafety, "Kc6".to_string()),
            (63, Rule::RestRule, "Ra7".to_string())
        ]
    );
    let last = reports.last().unwrap();
    assert_eq!(
        last.position,
        "8/R7/1r5p/k2p2P1/Q2P3P/BP6/8/2K5 w - - 0 65 a4/h6"
    );
    let end = Position::from_text(Variant::Parity, &last.position).unwrap();
    assert_eq!(
        outcome(&end),
        Some(Outcome::Win {
            winner: W,
            reason: WinReason::Checkmate
        })
    );
}

#[test]
fn ruling_p7_black_had_only_h6_and_h5_on_turn_64() {
    let game = sample_game();
    let turns: Vec<(&str, &str)> = game
        .iter()
        .map(|(w, b, _)| (w.as_str(), b.as_str()))
        .collect();
    let reports = replay_record(&Position::new(Variant::Parity), &turns[..63]);
    let before = Position::from_text(Variant::Parity, &reports[62].position).unwrap();
    assert_eq!(commits_of(&before, B), ["h7h5", "h7h6"]);
    for black in ["h6", "h5"] {
        let mut q = before.clone();
        let (fx, _) = turn(&mut q, "Qa4", black);
        assert!(
            fx.ends_with("game-over 1-0 (White wins by checkmate)"),
            "{fx}"
        );
    }
}

/// Plays `games` seeded random games of `variant` and checks the invariants after each
/// turn: at most one piece per side per square (by construction) and so at most two;
/// pieces only vanish by Capture effects; the resting squares are the landing squares and
/// hold the mover's pieces.
fn random_games(variant: Variant, games: u64, max_turns: u32) {
    for seed in 0..games {
        let mut rng = rand::rngs::Xoshiro256PlusPlus::seed_from_u64(seed);
        let mut q = Position::new(variant);
        for _ in 0..max_turns {
            if outcome(&q).is_some() {
                break;
            }
            let w = commits(&q, W);
            let b = commits(&q, B);
            let wm = w[rng.random_range(0..w.len())];
            let bm = b[rng.random_range(0..b.len())];
            let before = q.board().piece_count();
            let fx = q.resolve(&wm, &bm).unwrap();
            let caught = fx
                .iter()
                .filter(|e| matches!(e, Effect::Capture { .. }))
                .count();
            assert_eq!(
                q.board().piece_count() + caught,
                before,
                "seed {seed}: {}",
                q.to_text()
            );
            for (side, m) in [(W, wm), (B, bm)] {
                assert!(q.resting(side).any(|s| s == m.to), "seed {seed}");
                for s in q.resting(side) {
                    assert!(
                        q.board().kind(side, s).is_some(),
                        "seed {seed}: {}",
                        q.to_text()
                    );
                }
            }
            if variant == Variant::ParitySingle {
                let shared = q
                    .shape()
                    .squares()
                    .filter(|&s| q.board().is_shared(s))
                    .count();
                assert!(shared <= 1, "seed {seed}: {}", q.to_text());
            }
            assert_eq!(Position::from_text(variant, &q.to_text()).unwrap(), q);
        }
    }
}

#[test]
fn random_parity_games_keep_the_invariants() {
    random_games(Variant::Parity, 60, 120);
}

#[test]
fn random_single_occupation_games_keep_the_invariants() {
    random_games(Variant::ParitySingle, 60, 120);
}

/// The full run: `cargo test --release --no-default-features --lib -- --ignored random_5000`.
#[test]
#[ignore = "full size: 5,000 games per variant; run with --release"]
fn random_5000_games_per_variant_keep_the_invariants() {
    random_games(Variant::Parity, 5000, 300);
    random_games(Variant::ParitySingle, 5000, 300);
}

// ---- The narrator: what the demo captions and the status line tell.

#[test]
fn parity_shared_square() {
    let fen = "4k3/8/8/7r/8/8/8/R3K3 w - - 0 1 -/-";
    assert_eq!(
        last_narrations(Variant::Parity, Some(fen), &["a1a5/h5a5"]),
        ["Both players chose a5: the White and Black Rooks now share it"]
    );
    assert_eq!(
        last_narrations(Variant::ParitySingle, Some(fen), &["a1a5/h5a5"]),
        [
            "Both players chose a5: the White and Black Rooks now share it; with Single Occupation both must move out next turn"
        ]
    );
}

#[test]
fn parity_immediate_and_delayed_checks() {
    assert_eq!(
        last_narrations(Variant::Parity, None, &["e4/e6", "d4/Bb4"]),
        [
            "Delayed check: only Black's resting piece attacks the White King, so White has a turn to get ready"
        ]
    );
    let fen = "4r2k/8/8/8/8/8/4B3/4K3 w - - 0 1 -/e8";
    assert_eq!(
        last_narrations(Variant::Parity, Some(fen), &["Bd3/Kg8"]),
        [
            "Immediate check: a piece free to move attacks the White King, so White must move the King now"
        ]
    );
}

#[test]
fn parity_pawn_passes_the_pawn_it_shared_a_square_with() {
    let fen = "4k3/8/8/8/4[Pp]3/8/8/4K3 w - - 0 1 -/-";
    assert_eq!(
        last_narrations(Variant::Parity, Some(fen), &["e4e5/e8d7"]),
        ["White's Pawn stepped off e4 and passed the Black Pawn it shared the square with"]
    );
}

#[test]
fn parity_failed_capture() {
    let fen = "4k3/1b6/8/8/8/5N2/8/4K3 w - - 0 1 -/-";
    assert_eq!(
        last_narrations(Variant::Parity, Some(fen), &["f3g5/b7f3"]),
        ["Black's Bishop went for f3 but the Knight had already left"]
    );
}

#[test]
fn parity_failed_check_then_the_resting_king_loses() {
    let fen = "4k3/8/8/8/8/8/8/R3K3 w - - 0 1 -/-";
    assert_eq!(
        last_narrations(Variant::Parity, Some(fen), &["a1a8/e8d7"]),
        [
            "White's check failed: Black's move in the same turn defeated it",
            "White wins by stalemate (no legal move loses)",
        ]
    );
}

#[test]
fn the_player_reads_the_rule_in_words_with_its_card_section() {
    use crate::rules::narrate::{self, Audience};
    let parity = Position::from_text(Variant::Parity, "4k3/8/8/8/8/8/8/R3K3 w - - 0 1 a1/-")
        .expect("test position");
    let resting = parity
        .judge(&Move::new(
            parity.shape().parse_square("a1").unwrap(),
            parity.shape().parse_square("a5").unwrap(),
        ))
        .expect_err("resting");
    assert_eq!(
        narrate::refusal(&resting, Audience::Player),
        "the Rook on a1 moved last turn and must rest this turn (Parity rule §2.1: the piece that moved last turn rests)"
    );
}

fn why_no_move_text(variant: Variant, text: &str, side: Color, sq: &str) -> Option<String> {
    let p = Position::from_text(variant, text).expect("test position");
    crate::rules::variants::why_no_move(&p, side, p.shape().parse_square(sq).expect("square"))
        .map(|r| r.to_string())
}

#[test]
fn a_resting_parity_piece_is_explained_by_the_rest_rule() {
    let reason = why_no_move_text(
        Variant::Parity,
        "4k3/8/8/8/8/8/8/R3K3 w - - 0 1 a1/-",
        Color::White,
        "a1",
    )
    .expect("resting");
    assert_eq!(
        reason,
        "the Rook on a1 moved last turn and must rest this turn (§2.1 (rule 2))"
    );
}

/// The bitboard generator (`masks.rs`) gives the square-array generator's commits, in
/// order, for both sides on every position of seeded random games of Parity and Single
/// Occupation (shared squares, resting pieces, immediate checks and forced exits all
/// arise), and on hand-made positions with shared squares.
#[test]
fn bitboard_commits_equal_the_square_array_commits() {
    use rand::{RngExt, SeedableRng};
    let compare = |pos: &Position| {
        for side in Color::BOTH {
            let mut fast = Vec::new();
            assert!(
                super::masks::legal_commits(pos, side, &mut fast),
                "{}",
                pos.to_text()
            );
            let mut reference = Vec::new();
            super::legal_commits_reference(pos, side, &mut reference);
            assert_eq!(fast, reference, "{side:?} {}", pos.to_text());
        }
    };
    let (mut compared, mut shared, mut resting) = (0, 0, 0);
    for variant in [Variant::Parity, Variant::ParitySingle] {
        for seed in 0..120u64 {
            let mut rng = rand::rngs::SmallRng::seed_from_u64(0x9a41 + seed);
            let mut p = Position::new(variant);
            for _ in 0..100 {
                compare(&p);
                compared += 1;
                shared += usize::from(p.shape().squares().any(|s| p.board().is_shared(s)));
                resting += usize::from(p.resting[0].iter().any(Option::is_some));
                let w = p.legal_commits(Color::White);
                let b = p.legal_commits(Color::Black);
                if w.is_empty() || b.is_empty() || p.outcome().is_some() {
                    break;
                }
                let (w, b) = (
                    w[rng.random_range(0..w.len())],
                    b[rng.random_range(0..b.len())],
                );
                p.resolve(&w, &b).expect("legal commits");
            }
        }
    }
    assert!(
        compared > 10_000 && shared > 200 && resting > 5_000,
        "{compared} {shared} {resting}"
    );
    for (variant, text) in [
        (
            Variant::ParitySingle,
            "4k3/8/8/3[Nn]4/8/8/8/4K3 w - - 0 1 d5/d5",
        ),
        (Variant::Parity, "4k3/8/8/3[Nn]4/8/8/8/4K3 w - - 0 1 d5/d5"),
        (Variant::Parity, "4k3/8/8/4[Kr]3/8/8/8/8 w - - 0 1 -/-"),
    ] {
        compare(&Position::from_text(variant, text).unwrap());
    }
}

/// On random games of both variants: resolving commits the generator gave without the
/// judge (`Position::resolve_legal`) gives `resolve`'s position and effects; the movable
/// pieces are the distinct origins of the legal commits, counted up to any cap; and the
/// outcome's "no commit at all" agrees with the commit lists.
#[test]
fn the_bots_fast_paths_agree_with_the_judged_ones() {
    let mut turns = 0;
    let mut stuck_seen = 0;
    for v in [Variant::Parity, Variant::ParitySingle] {
        for seed in 0..40 {
            let mut rng = rand::rngs::SmallRng::seed_from_u64(0x5eed + seed);
            let mut p = Position::new(v);
            for _ in 0..80 {
                for side in Color::BOTH {
                    let mut from: Vec<Square> = commits(&p, side).iter().map(|m| m.from).collect();
                    from.sort_unstable();
                    from.dedup();
                    for cap in [0, 1, 2, 5, usize::MAX] {
                        assert_eq!(
                            movable_pieces(&p, side, cap),
                            from.len().min(cap),
                            "{v} {side:?} cap {cap} {}",
                            p.to_text()
                        );
                    }
                    stuck_seen += usize::from(from.is_empty());
                }
                let stuck = Color::BOTH.map(|c| commits(&p, c).is_empty());
                assert_eq!(
                    p.outcome(),
                    king_outcome(&p).or_else(|| outcome_with_commits(&p, stuck)),
                    "{}",
                    p.to_text()
                );
                if p.outcome().is_some() {
                    break;
                }
                let [w, b] = Color::BOTH.map(|c| commits(&p, c));
                let (w, b) = (
                    w[rng.random_range(0..w.len())],
                    b[rng.random_range(0..b.len())],
                );
                let mut judged = p.clone();
                let fx = judged.resolve(&w, &b).expect("legal commits resolve");
                let mut fast = p.clone();
                assert_eq!(fast.resolve_legal(&w, &b), fx, "{}", p.to_text());
                assert_eq!(fast, judged, "{}", p.to_text());
                p = judged;
                turns += 1;
            }
        }
    }
    assert!(turns > 2000, "{turns} turns");
    assert!(stuck_seen > 0, "no side without a commit was met");
}

/// Single Occupation with a shared square on e4: every other piece of the side is held by
/// the rule that the piece on e4 must leave first (§5), and that is the reason given for a
/// pawn on d2, not the geometry of one of its squares (c3 holds no enemy to take).
#[test]
fn a_piece_held_by_the_shared_square_is_told_the_piece_there_must_leave() {
    let text = "4k3/8/8/8/4[Pp]3/8/3P4/4K3 w - - 0 1 -/-";
    let reason = why_no_move_text(Variant::ParitySingle, text, Color::White, "d2")
        .expect("the d2 pawn has no move while e4 is shared");
    assert!(reason.contains("e4"), "{reason}");
    assert!(!reason.contains("c3"), "{reason}");
    let p = Position::from_text(Variant::ParitySingle, text).expect("test position");
    let d2 = p.shape().parse_square("d2").expect("square");
    let refusal = crate::rules::variants::why_no_move(&p, Color::White, d2).expect("held");
    assert!(
        matches!(
            refusal.reason,
            crate::rules::refusal::Reason::MustLeaveSharedSquare { side: Color::White, square }
                if p.shape().name(square) == "e4"
        ),
        "{refusal:?}"
    );
}
