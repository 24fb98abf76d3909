//! Nonviolent Chess checked against `rules/bully-nonviolent.md §2` (ruling BN-2): no
//! capture of any kind, classic checks, mates and stalemates that exist only because
//! nothing may be captured, the refusal text, perft and random games.

use crate::rules::outcome::{DrawReason, Outcome, WinReason};
use crate::rules::perft::perft;
use crate::rules::piece::{Color, PieceKind};
use crate::rules::position::Position;
use crate::rules::variant::Variant;
use crate::rules::variants::test_support::last_narrations;
use crate::rules::variants::test_support::{
    capture_case, capture_table, en_passant_case, random_games, shakmaty_perft,
};

fn pos(variant: Variant, text: &str) -> Position {
    Position::from_text(variant, text).unwrap()
}

#[test]
fn nonviolent_capture_table_is_all_illegal() {
    assert_eq!(capture_table(Variant::Nonviolent), [[false; 5]; 6]);
    assert_eq!(capture_table(Variant::Standard), [[true; 5]; 6]);
}

#[test]
fn nonviolent_hint_names_the_rule() {
    let (text, mv) = capture_case(PieceKind::Rook, PieceKind::Pawn);
    let e = pos(Variant::Nonviolent, &text)
        .parse_move(mv)
        .unwrap_err()
        .to_string();
    assert_eq!(
        e,
        "illegal move e4e7: captures are not allowed in Nonviolent Chess"
    );
}

#[test]
fn en_passant_is_never_legal() {
    en_passant_case(Variant::Nonviolent, false);
}

#[test]
fn nonviolent_mate_by_a_queen_the_king_cannot_take() {
    // Ruling BN-2: the Queen on g7 checks h8; the King may not capture it, g8 and h7 are
    // covered: mate. In standard chess Kxg7.
    let text = "7k/6Q1/8/8/8/8/8/K7 b - - 0 1";
    assert_eq!(pos(Variant::Standard, text).outcome(), None);
    let p = pos(Variant::Nonviolent, text);
    assert!(p.in_check(Color::Black));
    assert_eq!(
        p.outcome(),
        Some(Outcome::Win {
            winner: Color::White,
            reason: WinReason::Checkmate
        })
    );
}

#[test]
fn nonviolent_stalemate_when_the_only_move_would_capture() {
    // The King on a8 is not in check; a7 and b8 are covered by the Rook on b7, which it may
    // not take: stalemate. In standard chess Kxb7.
    let text = "k7/1R6/8/8/8/8/8/7K b - - 0 1";
    assert_eq!(pos(Variant::Standard, text).outcome(), None);
    let p = pos(Variant::Nonviolent, text);
    assert!(!p.in_check(Color::Black));
    assert_eq!(
        p.outcome(),
        Some(Outcome::Draw {
            reason: DrawReason::Stalemate
        })
    );
}

#[test]
fn nonviolent_moves_never_capture() {
    // A crowded middlegame with captures everywhere in standard chess.
    let text = "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4";
    let p = pos(Variant::Nonviolent, text);
    assert!(p.legal_moves().iter().all(|m| p.board().is_empty(m.to)));
    let std = pos(Variant::Standard, text);
    assert!(
        std.legal_moves()
            .iter()
            .any(|m| !std.board().is_empty(m.to))
    );
}

// Perft from the initial position: depth 1–2 equal standard chess (20, 400); depth 3
// loses the 34 captures (8902 - 34 = 8868).

#[test]
fn nonviolent_perft_from_the_initial_position() {
    let p = Position::new(Variant::Nonviolent);
    assert_eq!([1, 2, 3].map(|d| perft(&p, d)), [20, 400, 8868]);
    assert_eq!(perft(&p, 4), NONVIOLENT_PERFT_4);
}

/// Nonviolent perft 4 from the initial position. Cross-checked with shakmaty below.
const NONVIOLENT_PERFT_4: u64 = 195_005;

#[test]
fn perft_4_agrees_with_shakmaty_without_captures() {
    let start = shakmaty::Chess::default();
    assert_eq!(shakmaty_perft(&start, 4, &|_, _| false), NONVIOLENT_PERFT_4);
    // A middlegame with captures of every kind, depth 3.
    let text = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
    let fen: shakmaty::fen::Fen = text.parse().unwrap();
    let sh: shakmaty::Chess = fen.into_position(shakmaty::CastlingMode::Standard).unwrap();
    assert_eq!(
        perft(&pos(Variant::Nonviolent, text), 3),
        shakmaty_perft(&sh, 3, &|_, _| false)
    );
}

#[test]
fn nonviolent_random_games_never_lose_a_piece() {
    let (games, plies, captures, _) = random_games(Variant::Nonviolent, 9, 2000, 200);
    assert_eq!(games, 2000);
    assert!(plies > 100_000, "{plies}");
    assert_eq!(captures, 0);
}

// ---- The narrator: what the demo captions and the status line tell.

#[test]
fn nonviolent_mate_and_quiet_moves() {
    let fen = "k7/8/1K6/8/8/8/8/7R w - - 0 1";
    assert_eq!(
        last_narrations(Variant::Nonviolent, Some(fen), &["h1h8"]),
        ["White wins by checkmate"]
    );
    assert!(last_narrations(Variant::Nonviolent, None, &["e2e4"]).is_empty());
}
