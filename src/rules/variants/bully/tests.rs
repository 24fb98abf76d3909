//! Bully Chess checked against `rules/bully-nonviolent.md §1` (rulings BN-1, BN-3): the
//! capture table, en passant, promotion captures, classic checks, a mate that exists only
//! because of the capture rule, the refusal text, perft and random games.

use crate::rules::geometry::{BoardShape, Square};
use crate::rules::moves::Effect;
use crate::rules::outcome::{Outcome, WinReason};
use crate::rules::perft::perft;
use crate::rules::piece::{Color, PieceKind};
use crate::rules::position::Position;
use crate::rules::variant::Variant;
use crate::rules::variants::test_support::last_narrations;
use crate::rules::variants::test_support::{
    capture_case, capture_table, en_passant_case, random_games, shakmaty_perft,
};

fn sq(name: &str) -> Square {
    BoardShape::Standard.parse_square(name).unwrap()
}

fn pos(variant: Variant, text: &str) -> Position {
    Position::from_text(variant, text).unwrap()
}

#[test]
fn bully_capture_table_equal_or_lower_value_only() {
    const Y: bool = true;
    const N: bool = false;
    assert_eq!(
        capture_table(Variant::Bully),
        [
            //  P  N  B  R  Q    victim
            [Y, N, N, N, N], // Pawn 1
            [Y, Y, N, N, N], // Knight 2
            [Y, Y, Y, N, N], // Bishop 3
            [Y, Y, Y, Y, N], // Rook 5
            [Y, Y, Y, Y, Y], // Queen 9
            [Y, Y, Y, Y, Y], // King (infinite)
        ]
    );
    assert_eq!(
        [
            PieceKind::Pawn,
            PieceKind::Knight,
            PieceKind::Bishop,
            PieceKind::Rook,
            PieceKind::Queen
        ]
        .map(crate::rules::classic::capture_value),
        [1, 2, 3, 5, 9]
    );
}

#[test]
fn bully_hint_names_the_values() {
    let (text, mv) = capture_case(PieceKind::Knight, PieceKind::Rook);
    let e = pos(Variant::Bully, &text)
        .parse_move(mv)
        .unwrap_err()
        .to_string();
    assert_eq!(
        e,
        "illegal move e4f6: a Knight cannot capture a Rook in Bully Chess (a piece may only \
         capture one of equal or lower value: 2 < 5)"
    );
}

#[test]
fn ruling_bn3_a_promoting_pawn_captures_as_a_pawn() {
    // b7xa8 would take a Knight: a Pawn (1) may not, even though it would arrive as a Queen.
    let p = pos(Variant::Bully, "n6k/1P6/8/8/8/8/8/K7 w - - 0 1");
    let to: Vec<String> = p
        .legal_moves()
        .iter()
        .filter(|m| m.from == sq("b7"))
        .map(|m| m.coordinate(BoardShape::Standard))
        .collect();
    assert_eq!(to, ["b7b8q", "b7b8r", "b7b8b", "b7b8n"]);
    let e = p.parse_move("b7a8q").unwrap_err().to_string();
    assert!(
        e.contains("a Pawn cannot capture a Knight in Bully Chess"),
        "{e}"
    );
    assert!(
        pos(Variant::Standard, "n6k/1P6/8/8/8/8/8/K7 w - - 0 1")
            .parse_move("b7a8q")
            .is_ok()
    );
}

#[test]
fn en_passant_pawn_takes_pawn() {
    en_passant_case(Variant::Bully, true);
}

#[test]
fn ruling_bn1_checks_are_classical_in_bully() {
    // A Pawn (value 1) checks a King although it could never "capture" it.
    let p = pos(Variant::Bully, "8/8/8/4k3/3P4/8/8/K7 b - - 0 1");
    assert!(p.in_check(Color::Black));
    // The King may not step into a Pawn's attack either (d5 is covered by the c4 pawn).
    let p = pos(Variant::Bully, "8/8/8/8/2P1k3/8/8/K7 b - - 0 1");
    assert!(p.parse_move("e4d5").is_err());
    // Pins are classical too.
    let p = pos(Variant::Bully, "4k3/3q4/8/1B6/8/8/8/K7 b - - 0 1");
    // The Queen on d7 is pinned by the Bishop on b5; Qxb5 is a legal capture (9 >= 3),
    // every other Queen move leaves the King in check.
    let q: Vec<String> = p
        .legal_moves()
        .iter()
        .filter(|m| m.from == sq("d7"))
        .map(|m| m.coordinate(BoardShape::Standard))
        .collect();
    assert_eq!(q, ["d7c6", "d7b5"]);
}

#[test]
fn bully_mate_only_because_the_checker_cannot_be_captured() {
    // The Knight on g6 checks h8. In standard chess h7xg6 answers it; in Bully a Pawn may
    // not take a Knight, the Rook on g8 and the pawns box the King in: mate.
    let text = "6rk/6pp/6N1/8/8/8/8/K7 b - - 0 1";
    let std = pos(Variant::Standard, text);
    assert_eq!(std.outcome(), None);
    assert_eq!(
        std.legal_moves()
            .iter()
            .map(|m| m.coordinate(BoardShape::Standard))
            .collect::<Vec<_>>(),
        ["h7g6"]
    );
    let bully = pos(Variant::Bully, text);
    assert!(bully.in_check(Color::Black));
    assert_eq!(bully.legal_moves(), []);
    assert_eq!(
        bully.outcome(),
        Some(Outcome::Win {
            winner: Color::White,
            reason: WinReason::Checkmate
        })
    );
    // The mating move itself, with its effects.
    let mut p = pos(Variant::Bully, "6rk/6pp/8/8/7N/8/8/K7 w - - 0 1");
    let fx = p.play(&p.parse_move("Ng6#").unwrap());
    assert_eq!(
        fx.last(),
        Some(&Effect::GameOver(Outcome::Win {
            winner: Color::White,
            reason: WinReason::Checkmate
        }))
    );
}

// Perft from the initial position. Depth 1–3 equal standard chess (20, 400, 8902) for
// Bully: the only captures before move 3 are pawn-takes-pawn (and Bishop/Queen takes pawn),
// which Bully allows. Depth 4 (standard: 197281) differs.

#[test]
fn bully_perft_from_the_initial_position() {
    let p = Position::new(Variant::Bully);
    assert_eq!([1, 2, 3].map(|d| perft(&p, d)), [20, 400, 8902]);
    assert_eq!(perft(&p, 4), BULLY_PERFT_4);
}

/// Bully perft 4 from the initial position (standard chess: 197,281; 202 captures of a
/// stronger piece drop out). Cross-checked with shakmaty below.
const BULLY_PERFT_4: u64 = 197_079;

#[test]
fn perft_4_agrees_with_shakmaty_filtered_by_the_capture_rule() {
    let start = shakmaty::Chess::default();
    assert_eq!(shakmaty_perft(&start, 4, &|a, v| a >= v), BULLY_PERFT_4);
    assert_eq!(shakmaty_perft(&start, 4, &|_, _| true), 197_281);
    // A middlegame with captures of every kind, depth 3.
    let text = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
    let fen: shakmaty::fen::Fen = text.parse().unwrap();
    let sh: shakmaty::Chess = fen.into_position(shakmaty::CastlingMode::Standard).unwrap();
    assert_eq!(
        perft(&pos(Variant::Bully, text), 3),
        shakmaty_perft(&sh, 3, &|a, v| a >= v)
    );
}

#[test]
fn bully_random_games_capture_only_down_or_level() {
    let (games, plies, captures, _) = random_games(Variant::Bully, 8, 2000, 200);
    assert_eq!(games, 2000);
    assert!(plies > 100_000 && captures > 1000, "{plies} {captures}");
}

// ---- The narrator: what the demo captions and the status line tell.

#[test]
fn bully_capture_names_both_values() {
    let fen = "4k3/8/8/3n4/8/8/8/3RK3 w - - 0 1";
    assert_eq!(
        last_narrations(Variant::Bully, Some(fen), &["d1d5"]),
        ["Bully rule: the White Rook (5) took the Black Knight (2), worth no more than itself"]
    );
    let king = "4k3/8/8/8/8/8/3r4/4K3 w - - 0 1";
    assert_eq!(
        last_narrations(Variant::Bully, Some(king), &["e1d2"]),
        [
            "Bully rule: the White King took the Black Rook (5): a King may capture anything",
            "Draw by insufficient material",
        ]
    );
}

#[test]
fn fast_generator_equals_the_judge_filtered_candidates_from_kiwipete() {
    let n = crate::rules::variants::test_support::compare_fast_with_reference(
        Variant::Bully,
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        4,
        40,
    );
    assert!(n > 100, "{n}");
}
