//! Standard chess in the narrator's words (castling, en passant, promotion, check, the
//! game end), why a piece has no move, and the fast generator against the judge.

use crate::rules::piece::Color;
use crate::rules::position::Position;
use crate::rules::variant::Variant;
use crate::rules::variants::test_support::last_narrations;

// ---- The narrator: what the demo captions and the status line tell.

#[test]
fn checkmate_replaces_the_check_caption() {
    assert_eq!(
        last_narrations(Variant::Standard, None, &["f2f3", "e7e5", "g2g4", "d8h4"]),
        ["Black wins by checkmate"]
    );
}

#[test]
fn stalemate_and_repetition_draws() {
    let fen = "k7/8/3Q4/8/8/8/8/7K w - - 0 1";
    assert_eq!(
        last_narrations(Variant::Standard, Some(fen), &["d6c7"]),
        ["Draw by stalemate"]
    );
    let shuffle = [
        "g1f3", "g8f6", "f3g1", "f6g8", "g1f3", "g8f6", "f3g1", "f6g8",
    ];
    assert_eq!(
        last_narrations(Variant::Standard, None, &shuffle),
        ["Draw by threefold repetition"]
    );
}

#[test]
fn promotion_then_check() {
    let fen = "k7/4P3/8/8/8/8/8/K7 w - - 0 1";
    assert_eq!(
        last_narrations(Variant::Standard, Some(fen), &["e7e8q"]),
        [
            "White Pawn promoted to a Queen on e8",
            "Check: the Black King is attacked"
        ]
    );
}

#[test]
fn castling_both_wings() {
    let fen = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1";
    assert_eq!(
        last_narrations(Variant::Standard, Some(fen), &["e1g1"]),
        [
            "White castled short: the King moved two squares from e1 to g1 and the Rook from h1 to f1"
        ]
    );
    assert_eq!(
        last_narrations(Variant::Standard, Some(fen), &["e1g1", "e8c8"]),
        ["Black castled long: the King moved two squares from e8 to c8 and the Rook from a8 to d8"]
    );
}

#[test]
fn en_passant() {
    let fen = "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1";
    assert_eq!(
        last_narrations(Variant::Standard, Some(fen), &["e5d6"]),
        ["The White Pawn took en passant: it moved to d6 and removed the Black Pawn on d5"]
    );
}

#[test]
fn ordinary_standard_moves_have_no_caption() {
    assert!(last_narrations(Variant::Standard, None, &["e2e4", "d7d5", "e4d5"]).is_empty());
}

#[test]
fn fast_generator_equals_the_judge_filtered_candidates_from_kiwipete() {
    let n = crate::rules::variants::test_support::compare_fast_with_reference(
        Variant::Standard,
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        4,
        40,
    );
    assert!(n > 100, "{n}");
}

fn why(variant: Variant, text: &str, side: Color, sq: &str) -> Option<String> {
    let p = Position::from_text(variant, text).expect("test position");
    crate::rules::variants::why_no_move(&p, side, p.shape().parse_square(sq).expect("square"))
        .map(|r| r.to_string())
}

#[test]
fn a_pinned_piece_is_explained_by_the_pin_not_by_its_movement() {
    let text = "4k3/4r3/8/8/8/8/4B3/4K3 w - - 0 1";
    let reason = why(Variant::Standard, text, Color::White, "e2").expect("pinned");
    let p = Position::from_text(Variant::Standard, text).expect("test position");
    let d3 = p.parse_move("e2d3").unwrap_err().to_string();
    assert!(d3.contains(&reason), "{d3} / {reason}");
    assert!(!reason.contains("cannot move from"), "{reason}");
    // A piece with legal moves, an empty square and a blocked Rook.
    assert_eq!(why(Variant::Standard, text, Color::White, "e1"), None);
    assert_eq!(why(Variant::Standard, text, Color::White, "a1"), None);
    let start = Position::new(Variant::Standard).to_text();
    assert_eq!(
        why(Variant::Standard, &start, Color::White, "a1").as_deref(),
        Some("the Rook on a1 has no free square to move to")
    );
}
