//! Big Outer Chess checked rule by rule against `rules/big-outer.md` (rulings
//! B-1…B-6): exact destination sets per piece and zone, corners, castling, pawns, en
//! passant, promotion, position text, perft, the half-turn symmetry and random games.
//!
//! The destination lists were derived from the rules text by an independent script (not
//! from this crate's tables) and checked by hand against the piece descriptions.
//!
//! Full-size runs (`#[ignore]`d, run with
//! `cargo test --release --no-default-features --lib big_outer_tests -- --ignored`):
//! 2,000 random games of up to 400 plies, and perft to depth 4 from the initial position.

use rand::rngs::SmallRng;
use rand::{RngExt, SeedableRng};

use super::BIG_OUTER_INITIAL;
use crate::rules::geometry::{BoardShape, Square};
use crate::rules::moves::{Effect, Special};
use crate::rules::outcome::Outcome;
use crate::rules::perft::perft;
use crate::rules::piece::{Color, Piece, PieceKind};
use crate::rules::position::{EnPassant, Position, Wing};
use crate::rules::variant::Variant;
use crate::rules::variants::test_support::last_narrations;
use crate::rules::variants::test_support::random_games;

const S: BoardShape = BoardShape::BigOuter;

fn sq(name: &str) -> Square {
    S.parse_square(name).unwrap()
}

fn pos(text: &str) -> Position {
    Position::from_text(Variant::BigOuter, text).unwrap()
}

/// Sorted destination names of the legal moves from `from`.
fn dests(p: &Position, from: &str) -> Vec<String> {
    let from = sq(from);
    let mut v: Vec<String> = p
        .legal_moves()
        .iter()
        .filter(|m| m.from == from)
        .map(|m| S.name(m.to))
        .collect();
    v.sort();
    v.dedup();
    v
}

/// A White piece alone on `at`, White King on l11, Black King on a12 (neither on a line or
/// leap of the piece from any of the tested squares), White to move.
fn lone(kind: PieceKind, at: &str) -> Position {
    let mut p = Position::empty(Variant::BigOuter);
    p.board_mut()
        .put(sq("l11"), Piece::new(Color::White, PieceKind::King));
    p.board_mut()
        .put(sq("a12"), Piece::new(Color::Black, PieceKind::King));
    p.board_mut().put(sq(at), Piece::new(Color::White, kind));
    p
}

fn check_dests(kind: PieceKind, at: &str, expected: &[&str]) {
    let p = lone(kind, at);
    assert!(
        !p.in_check(Color::Black) && !p.in_check(Color::White),
        "{kind:?} {at}"
    );
    assert_eq!(
        dests(&p, at),
        expected,
        "{kind:?} from {at} ({:?})",
        S.zone(sq(at))
    );
}

// ---------------------------------------------------------------- pieces per zone (§2)

#[test]
fn guard_steps_diagonally_and_leaps_3_1_in_every_zone() {
    use PieceKind::Guard as G;
    check_dests(G, "C1", &["a1", "a3", "c1"]);
    check_dests(G, "b2", &["a1", "a3", "a5", "c1", "c3", "c5", "e1", "e3"]);
    check_dests(
        G,
        "d4",
        &[
            "a3", "a5", "c1", "c3", "c5", "c7", "e1", "e3", "e5", "e7", "g3", "g5",
        ],
    );
    check_dests(
        G,
        "f6",
        &[
            "c5", "c7", "e3", "e5", "e7", "e9", "g3", "g5", "g7", "g9", "i5", "i7",
        ],
    );
}

#[test]
fn matriarch_range_is_unlimited_6_and_3_by_zone_moved_from() {
    use PieceKind::Matriarch as M;
    // Outer zone (a corner, ruling B-4): the whole long diagonal, into the far corner C3.
    check_dests(
        M,
        "C1",
        &[
            "C3", "a1", "b2", "c3", "d4", "e5", "f6", "g7", "h8", "i9", "j10", "k11", "l12",
        ],
    );
    check_dests(
        M,
        "b2",
        &[
            "C1", "C3", "a1", "a2", "a3", "b1", "b10", "b11", "b12", "b3", "b4", "b5", "b6", "b7",
            "b8", "b9", "c1", "c2", "c3", "d2", "d4", "e2", "e5", "f2", "f6", "g2", "g7", "h2",
            "h8", "i2", "i9", "j10", "j2", "k11", "k2", "l12", "l2",
        ],
    );
    // Mid zone: at most 6 squares (d10 and j10 yes, d11 and k11 no).
    check_dests(
        M,
        "d4",
        &[
            "C1", "a1", "a4", "a7", "b2", "b4", "b6", "c3", "c4", "c5", "d1", "d10", "d2", "d3",
            "d5", "d6", "d7", "d8", "d9", "e3", "e4", "e5", "f2", "f4", "f6", "g1", "g4", "g7",
            "h4", "h8", "i4", "i9", "j10", "j4",
        ],
    );
    // Central zone: at most 3 squares.
    check_dests(
        M,
        "f6",
        &[
            "c3", "c6", "c9", "d4", "d6", "d8", "e5", "e6", "e7", "f3", "f4", "f5", "f7", "f8",
            "f9", "g5", "g6", "g7", "h4", "h6", "h8", "i3", "i6", "i9",
        ],
    );
}

#[test]
fn jumper_leaps_3_from_outer_2_from_mid_and_only_steps_in_the_centre() {
    use PieceKind::Jumper as J;
    check_dests(J, "C1", &["a1", "c3"]);
    check_dests(
        J,
        "b2",
        &[
            "a1", "a2", "a3", "b1", "b3", "b5", "c1", "c2", "c3", "e2", "e5",
        ],
    );
    check_dests(
        J,
        "d4",
        &[
            "b2", "b4", "b6", "c3", "c4", "c5", "d2", "d3", "d5", "d6", "e3", "e4", "e5", "f2",
            "f4", "f6",
        ],
    );
    check_dests(J, "f6", &["e5", "e6", "e7", "f5", "f7", "g5", "g6", "g7"]);
}

#[test]
fn outer_knight_leaps_by_zone() {
    use PieceKind::OuterKnight as N;
    check_dests(N, "C1", &["a4", "b3", "c2", "d1"]);
    check_dests(N, "b2", &["a6", "c6", "d5", "e4", "f1", "f3"]);
    check_dests(
        N,
        "d4",
        &[
            "a3", "a5", "b2", "b6", "c1", "c7", "e1", "e7", "f2", "f6", "g3", "g5",
        ],
    );
    check_dests(N, "f6", &["d5", "d7", "e4", "e8", "g4", "g8", "h5", "h7"]);
}

#[test]
fn ruling_b3_moves_need_not_be_reversible() {
    // A Jumper leaps C1 -> c3 from the outer zone, but from c3 (mid zone) it leaps only 2.
    let p = lone(PieceKind::Jumper, "c3");
    assert!(!dests(&p, "c3").contains(&"C1".to_string()));
    assert!(dests(&lone(PieceKind::Jumper, "C1"), "C1").contains(&"c3".to_string()));
    // The outer Knight d1 <-> C1 is a (4,1) leap both ways (both outer squares).
    assert!(dests(&lone(PieceKind::OuterKnight, "d1"), "d1").contains(&"C1".to_string()));
}

#[test]
fn leaps_jump_over_pieces_and_lines_are_blocked() {
    // A Jumper on b2 boxed in by its own pieces (C1 included): only its leaps remain.
    let p = pos("k11/12/12/12/12/12/12/12/12/PPP9/PJP9/RRR2K6 N--- w - - 0 1");
    assert_eq!(dests(&p, "b2"), ["b5", "e2", "e5"]);
    // A Matriarch on C1 slides up the long diagonal until it captures on e5.
    let p = pos("k11/12/12/12/12/12/12/4p7/12/12/12/5K6 M--- w - - 0 1");
    assert_eq!(dests(&p, "C1"), ["a1", "b2", "c3", "d4", "e5"]);
}

#[test]
fn corners_are_reached_only_along_the_long_diagonals_or_by_leaps() {
    // On an otherwise empty board (no Kings: pseudo-legal = legal), a Queen reaches a corner
    // exactly from the squares of the long diagonal that runs into it; a Rook never does.
    let corner_diag = |name: &str, f: i8, r: i8| match name {
        "C1" | "C3" => f == r,
        _ => f + r == 11,
    };
    for from in S.squares().filter(|&q| q.0 < 144) {
        let (f, r) = S.coords(from);
        for (kind, lines_reach) in [(PieceKind::Queen, true), (PieceKind::Rook, false)] {
            let mut p = Position::empty(Variant::BigOuter);
            p.board_mut().put(from, Piece::new(Color::White, kind));
            let mut reached: Vec<String> = p
                .legal_moves()
                .iter()
                .map(|m| S.name(m.to))
                .filter(|n| n.starts_with('C'))
                .collect();
            reached.sort();
            let expected: Vec<String> = ["C1", "C2", "C3", "C4"]
                .into_iter()
                .filter(|c| lines_reach && corner_diag(c, f, r))
                .map(String::from)
                .collect();
            assert_eq!(reached, expected, "{kind:?} on {}", S.name(from));
        }
    }
    // Leaps: every square a corner can be leapt to from, by the outer Knight, is a (4,1) or
    // (3,2) leap away; from C4 the Knight reaches d12, c11, b10, a9.
    let mut p = Position::empty(Variant::BigOuter);
    p.board_mut()
        .put(sq("C4"), Piece::new(Color::White, PieceKind::OuterKnight));
    assert_eq!(dests(&p, "C4"), ["a9", "b10", "c11", "d12"]);
    // A King on a corner has exactly one step: back onto the board.
    let mut p = Position::empty(Variant::BigOuter);
    p.board_mut()
        .put(sq("C2"), Piece::new(Color::White, PieceKind::King));
    p.board_mut()
        .put(sq("a12"), Piece::new(Color::Black, PieceKind::King));
    assert_eq!(dests(&p, "C2"), ["l1"]);
}

// ---------------------------------------------------------------------- castling (§2)

/// Kings and Rooks only, all castling rights.
const CASTLE: &str = "1r4k3r1/12/12/12/12/12/12/12/12/12/12/1R3K4R1 ---- w KQkq - 0 1";

fn castles(p: &Position) -> Vec<String> {
    let mut v: Vec<String> = p
        .legal_moves()
        .iter()
        .filter(|m| matches!(m.special, Special::Castle { .. }))
        .map(|m| {
            let Special::Castle { rook_from, rook_to } = m.special else {
                unreachable!()
            };
            format!(
                "K{}{} R{}{}",
                S.name(m.from),
                S.name(m.to),
                S.name(rook_from),
                S.name(rook_to)
            )
        })
        .collect();
    v.sort();
    v
}

#[test]
fn castling_moves_the_king_three_squares_both_ways_for_both_sides() {
    let p = pos(CASTLE);
    assert_eq!(castles(&p), ["Kf1c1 Rb1d1", "Kf1i1 Rk1h1"]);
    let mut b = p.clone();
    b.set_turn(Color::Black);
    assert_eq!(castles(&b), ["Kg12d12 Rb12e12", "Kg12j12 Rk12i12"]);
    // Playing them: effects and the resulting text.
    let mut q = p.clone();
    let fx = q.play(&q.parse_move("f1c1").unwrap());
    assert_eq!(
        fx[..2],
        [
            Effect::Step {
                piece: Piece::new(Color::White, PieceKind::King),
                from: sq("f1"),
                to: sq("c1")
            },
            Effect::Step {
                piece: Piece::new(Color::White, PieceKind::Rook),
                from: sq("b1"),
                to: sq("d1")
            },
        ]
    );
    assert_eq!(
        q.to_text(),
        "1r4k3r1/12/12/12/12/12/12/12/12/12/12/2KR6R1 ---- b kq - 1 1"
    );
    q.play(&q.parse_move("g12j12").unwrap());
    assert_eq!(
        q.to_text(),
        "1r6rk2/12/12/12/12/12/12/12/12/12/12/2KR6R1 ---- w - - 2 2"
    );
    let mut q = p;
    q.play(&q.parse_move("O-O-O").unwrap());
    assert_eq!(
        q.to_text(),
        "1r4k3r1/12/12/12/12/12/12/12/12/12/12/1R5RK3 ---- b kq - 1 1"
    );
    q.play(&q.parse_move("O-O-O").unwrap());
    assert_eq!(
        q.to_text(),
        "3kr5r1/12/12/12/12/12/12/12/12/12/12/1R5RK3 ---- w - - 2 2"
    );
}

#[test]
fn ruling_b2_castling_needs_every_square_between_empty_and_unattacked() {
    // A Black Rook on j12 attacks j1: the King never crosses j1, but it lies between King
    // and Rook, so the long castling is refused (stricter than standard chess).
    let p = pos("1r4k2r1r/12/12/12/12/12/12/12/12/12/12/1R3K4R1 ---- w KQ - 0 1");
    assert_eq!(castles(&p), ["Kf1c1 Rb1d1"]);
    let e = p.parse_move("f1i1").unwrap_err().to_string();
    assert!(
        e.contains("every square between King and Rook must be unattacked (j1 is attacked)"),
        "{e}"
    );
    // An attacked square on the short side (d1 from a Rook on d12).
    let p = pos("1r1r2k3r1/12/12/12/12/12/12/12/12/12/12/1R3K4R1 ---- w KQ - 0 1");
    assert_eq!(castles(&p), ["Kf1i1 Rk1h1"]);
    // Occupied squares: a Bishop on e1 blocks the short side, a Knight on j1 the long one
    // (j1 is beyond the King's landing square i1).
    let p = pos("6k5/12/12/12/12/12/12/12/12/12/12/1R2BK3NR1 ---- w KQ - 0 1");
    assert_eq!(castles(&p), Vec::<String>::new());
    let e = Position::from_text(
        Variant::BigOuter,
        "6k5/12/12/12/12/12/12/12/12/12/12/1R2BK4R1 ---- w KQ - 0 1",
    )
    .unwrap()
    .parse_move("f1c1")
    .unwrap_err()
    .to_string();
    assert!(
        e.contains("castling needs the squares between King and Rook empty, but e1 is occupied"),
        "{e}"
    );
    // The King in check (Rook on f12): no castling at all.
    let p = pos("1r3rk4r/12/12/12/12/12/12/12/12/12/12/1R3K4R1 ---- w KQ - 0 1");
    assert_eq!(castles(&p), Vec::<String>::new());
    let e = p.parse_move("f1c1").unwrap_err().to_string();
    assert!(e.contains("the King may not castle out of check"), "{e}");
}

#[test]
fn ruling_b5_castling_may_not_leave_the_king_in_check() {
    // Enemy Rooks beyond our Rooks on the back rank (a1 and l1): before castling our Rooks
    // shield every square between, afterwards the King on c1 / i1 stands attacked.
    let p = pos("6k5/12/12/12/12/12/12/12/12/12/12/rR3K4Rr ---- w KQ - 0 1");
    assert!(!p.in_check(Color::White));
    assert_eq!(castles(&p), Vec::<String>::new());
    let e = p.parse_move("f1c1").unwrap_err().to_string();
    assert!(e.contains("castling would leave the King in check"), "{e}");
    // Black, the same on rank 12.
    let p = pos("Rr4k3rR/12/12/12/12/12/12/12/12/12/12/5K6 ---- b kq - 0 1");
    assert_eq!(castles(&p), Vec::<String>::new());
    // With the enemy Rooks gone both castlings are back.
    let p = pos("1r4k3r1/12/12/12/12/12/12/12/12/12/12/5K6 ---- b kq - 0 1");
    assert_eq!(castles(&p), ["Kg12d12 Rb12e12", "Kg12j12 Rk12i12"]);
}

// ------------------------------------------------------------------- pawns (§2)

#[test]
fn pawns_run_up_to_4_first_then_2_and_reach_the_last_rank_only_by_one_step() {
    // e2 unmoved: 1–4; g2 blocked by a pawn on g5; b6 moved: 1–2; j10: not j12; l11 promotes.
    let p = pos("k11/11P/9P2/12/12/12/1P10/6p5/12/12/4P1P5/5K6 ---- w - - 0 1");
    assert_eq!(dests(&p, "e2"), ["e3", "e4", "e5", "e6"]);
    assert_eq!(dests(&p, "g2"), ["g3", "g4"]);
    assert_eq!(dests(&p, "b6"), ["b7", "b8"]);
    assert_eq!(dests(&p, "j10"), ["j11"]);
    let e = p.parse_move("j10j12").unwrap_err().to_string();
    assert!(e.contains("a Pawn cannot move from j10 to j12"), "{e}");
    assert_eq!(dests(&p, "l11"), ["l12"]);
    // Black, moving down: f11 unmoved 1–4, c3 only to c2 (c1 is the last rank), d2 promotes.
    let p = pos("k11/5p6/12/12/12/12/12/12/12/2p9/3p8/5K6 ---- b - - 0 1");
    assert_eq!(dests(&p, "f11"), ["f10", "f7", "f8", "f9"]);
    assert_eq!(dests(&p, "c3"), ["c2"]);
    assert_eq!(dests(&p, "d2"), ["d1"]);
}

#[test]
fn promotion_offers_queen_rook_bishop_guard_matriarch_jumper_knight() {
    use PieceKind::*;
    let p = pos("k11/11P/12/12/12/12/12/12/12/12/12/5K6 ---- w - - 0 1");
    let promos: Vec<Option<PieceKind>> = p
        .legal_moves()
        .iter()
        .filter(|m| m.from == sq("l11"))
        .map(|m| m.promotion)
        .collect();
    let all = [Queen, Rook, Bishop, Guard, Matriarch, Jumper, OuterKnight];
    assert_eq!(promos, all.map(Some));
    assert_eq!(Variant::BigOuter.promotion_kinds(), all);
    for (text, kind) in [
        ("l11l12q", Queen),
        ("l11l12g", Guard),
        ("l11l12m", Matriarch),
        ("l11l12j", Jumper),
        ("l11l12n", OuterKnight),
    ] {
        let mut q = p.clone();
        let fx = q.play(&q.parse_move(text).unwrap());
        assert!(
            fx.contains(&Effect::Promote {
                at: sq("l12"),
                piece: Piece::new(Color::White, kind)
            }),
            "{text}"
        );
    }
    let e = p.parse_move("l11l12").unwrap_err().to_string();
    assert!(e.contains("must promote"), "{e}");
    let e = p.parse_move("l11l12k").unwrap_err().to_string();
    assert!(!e.is_empty());
}

fn ep_moves(p: &Position) -> Vec<String> {
    let mut v: Vec<String> = p
        .legal_moves()
        .iter()
        .filter_map(|m| match m.special {
            Special::EnPassant { captured } => Some(format!(
                "{}x{} ({})",
                S.name(m.from),
                S.name(m.to),
                S.name(captured)
            )),
            Special::Normal | Special::Castle { .. } => None,
        })
        .collect();
    v.sort();
    v
}

#[test]
fn en_passant_after_a_three_square_advance_on_both_passed_squares() {
    let mut p = pos("k11/12/12/12/12/12/12/4p7/2p9/12/3P8/11K ---- w - - 0 1");
    p.play(&p.parse_move("d2d5").unwrap());
    assert_eq!(
        p.to_text(),
        "k11/12/12/12/12/12/12/3Pp7/2p9/12/12/11K ---- b - d3,d4 0 1"
    );
    assert_eq!(ep_moves(&p), ["c4xd3 (d5)", "e5xd4 (d5)"]);
    let mut q = p.clone();
    let fx = q.play(&q.parse_move("c4d3").unwrap());
    assert_eq!(
        fx[..2],
        [
            Effect::Step {
                piece: Piece::new(Color::Black, PieceKind::Pawn),
                from: sq("c4"),
                to: sq("d3")
            },
            Effect::Capture {
                piece: Piece::new(Color::White, PieceKind::Pawn),
                at: sq("d5")
            },
        ]
    );
    assert_eq!(
        q.to_text(),
        "k11/12/12/12/12/12/12/4p7/12/3p8/12/11K ---- w - - 0 2"
    );
    // The right lasts one move only.
    let mut q = p;
    q.play(&q.parse_move("a12a11").unwrap());
    q.play(&q.parse_move("l1l2").unwrap());
    assert_eq!(ep_moves(&q), Vec::<String>::new());
}

#[test]
fn en_passant_after_a_four_square_advance_on_every_passed_square() {
    let mut p = pos("k11/12/12/12/12/12/2p9/4p7/2p9/12/3P8/11K ---- w - - 0 1");
    p.play(&p.parse_move("d2d6").unwrap());
    assert_eq!(
        p.en_passant(),
        Some(&EnPassant {
            pawn: sq("d6"),
            passed: [Some(sq("d3")), Some(sq("d4")), Some(sq("d5"))]
        })
    );
    assert_eq!(
        p.to_text(),
        "k11/12/12/12/12/12/2pP8/4p7/2p9/12/12/11K ---- b - d3,d4,d5 0 1"
    );
    assert_eq!(ep_moves(&p), ["c4xd3 (d6)", "c6xd5 (d6)", "e5xd4 (d6)"]);
    // The text round-trips, en passant squares included.
    assert_eq!(pos(&p.to_text()), p);
    // No enemy pawn beside the path: no en passant recorded.
    let mut q = Position::new(Variant::BigOuter);
    q.play(&q.parse_move("e2e6").unwrap());
    assert_eq!(q.en_passant(), None);
}

#[test]
fn en_passant_keeps_only_the_passed_squares_with_a_legal_capture() {
    // The e5 pawn shields Black's King on l5 from the Rook on a5: e5xd4 is illegal, c4xd3
    // and c6xd5 are legal, so the record and the text keep d3 and d5 only.
    let mut p = pos("12/12/12/12/12/12/2p9/R3p6k/2p9/12/3P8/11K ---- w - - 0 1");
    p.play(&p.parse_move("d2d6").unwrap());
    assert_eq!(
        p.en_passant(),
        Some(&EnPassant {
            pawn: sq("d6"),
            passed: [Some(sq("d3")), Some(sq("d5")), None]
        })
    );
    assert_eq!(ep_moves(&p), ["c4xd3 (d6)", "c6xd5 (d6)"]);
    let text = "12/12/12/12/12/12/2pP8/R3p6k/2p9/12/12/11K ---- b - d3,d5 0 1";
    assert_eq!(p.to_text(), text);
    // The text reads back (the pawn stands beyond the last square listed).
    assert_eq!(pos(text), p);
    // The refused capture names the pin.
    let e = p.parse_move("e5d4").unwrap_err().to_string();
    assert!(e.contains("in check"), "{e}");
    // Every passed square listed, as other programs may write it: the illegal one is dropped.
    assert_eq!(
        pos("12/12/12/12/12/12/2pP8/R3p6k/2p9/12/12/11K ---- b - d3,d4,d5 0 1"),
        p
    );
    // With the Rook gone all three stay.
    let mut q = pos("12/12/12/12/12/12/2p9/4p6k/2p9/12/3P8/R10K ---- w - - 0 1");
    q.play(&q.parse_move("d2d6").unwrap());
    assert_eq!(q.en_passant().map(|e| e.squares().count()), Some(3));
}

// ------------------------------------------------------------ position text (§5)

#[test]
fn position_text_with_corners_round_trips() {
    for t in [
        BIG_OUTER_INITIAL,
        "6k5/12/12/12/12/12/12/12/12/12/12/5K6 -Gr- w - - 0 1",
        "6k5/12/12/12/12/12/12/12/12/12/12/5K6 ---- b - - 17 40",
        "jr1gbqkbgmrj/pppppppppppp/12/2m9/12/12/12/12/4P7/12/PPPP1PPPPPPP/JRMGBKQBGMRJ -Nn- b KQkq - 0 3",
        "k11/12/12/12/12/12/2pP8/4p7/2p9/12/12/11K ---- b - d3,d4,d5 0 1",
    ] {
        let p = pos(t);
        assert_eq!(p.to_text(), t);
    }
    let p = pos("6k5/12/12/12/12/12/12/12/12/12/12/5K6 -Gr- w - - 0 1");
    assert_eq!(p.kind_at(Color::White, sq("C2")), Some(PieceKind::Guard));
    assert_eq!(p.kind_at(Color::Black, sq("C3")), Some(PieceKind::Rook));
    for bad in [
        "6k5/12/12/12/12/12/12/12/12/12/12/5K6 -Gr w - - 0 1",
        "6k5/12/12/12/12/12/12/12/12/12/12/5K6 -Gx- w - - 0 1",
        "6k5/12/12/12/12/12/12/12/12/12/12/5K6 P--- w - - 0 1",
        "6k5/12/12/12/12/12/12/12/12/12/12/5K6 w - - 0 1",
    ] {
        assert!(
            Position::from_text(Variant::BigOuter, bad).is_err(),
            "{bad}"
        );
    }
}

// ------------------------------------------------------------------------ perft

// Depth 1 by hand, from the initial position (`rules/big-outer.md §3`):
// - 12 pawns × 4 first-move advances (rank 3, 4, 5, 6), paths empty        = 48
// - Knights: C1 -> a4 (1,4), b3 (2,3); d1 (own Guard) and c2 (own pawn) are
//   blocked. C2 -> l4, k3 (i1, j2 blocked)                                    =  4
// - Jumpers: a1 -> a4 (0,3), d4 (3,3); its steps a2, b2, b1, C1 and its leap
//   to d1 are blocked. l1 -> l4, i4                                           =  4
// - Guards: d1 -> c4, e4 (1,3 leaps); c2, e2, a2, g2 blocked. i1 -> h4, j4   =  4
// - Rooks, Matriarchs, Bishops, Queen and King are walled in                 =  0
//                                                                     total  = 60
// Depth 2 = 60 × 60 = 3600: no White first move touches Black's: White lands on ranks
// 3–6 at most, Black's moves land on ranks 7–10 and pass no square White reaches; no move
// gives check, pins, or leaves an en passant right (no enemy pawn beside a path).

#[test]
fn perft_initial_depth_1_and_2() {
    let p = Position::new(Variant::BigOuter);
    assert_eq!(perft(&p, 1), 60);
    assert_eq!(perft(&p, 2), 3600);
    // The same for Black to move in the rotated (= identical, ruling B-1) set-up.
    assert_eq!(perft(&rotated(&p), 2), 3600);
}

/// Confirmed by an independent re-implementation of the rules text (233,438 as well).
#[test]
fn perft_initial_depth_3() {
    assert_eq!(perft(&Position::new(Variant::BigOuter), 3), 233_438);
}

/// Depth 4 (15,118,658; about 2 s in release). Not independently confirmed: the Python
/// re-implementation that confirms depth 3 is too slow for depth 4.
///
/// Run with `cargo test --release --no-default-features --lib big_outer_tests -- --ignored`.
#[test]
#[ignore = "15 million nodes: run in release"]
fn perft_initial_depth_4() {
    assert_eq!(perft(&Position::new(Variant::BigOuter), 4), 15_118_658);
}

// ------------------------------------------------------------- half-turn symmetry

/// The position turned 180° with the colours swapped: same game, other side.
fn rotated(p: &Position) -> Position {
    let mut r = Position::empty(Variant::BigOuter);
    for (s, piece) in p.board().all_pieces() {
        r.board_mut()
            .put(S.rotate(s), Piece::new(piece.color.other(), piece.kind));
    }
    r.set_turn(p.turn().other());
    for side in Color::BOTH {
        for wing in Wing::BOTH {
            r.set_castling(side.other(), wing, p.can_castle(side, wing));
        }
    }
    for side in Color::BOTH {
        r.ep[side.other().index()] = p.en_passant_of(side).map(|ep| EnPassant {
            pawn: S.rotate(ep.pawn),
            passed: ep.passed.map(|q| q.map(|q| S.rotate(q))),
        });
    }
    r.halfmove = p.halfmove_clock();
    r.fullmove = p.fullmove_number();
    r
}

#[test]
fn ruling_b1_set_up_is_symmetric_under_a_half_turn_not_a_mirror() {
    let p = Position::new(Variant::BigOuter);
    assert_eq!(rotated(&p).board(), p.board());
    // The mirror image across the middle (a1 <-> a12) with colours swapped differs: the
    // King and Queen change places.
    let mut m = Position::empty(Variant::BigOuter);
    for (s, piece) in p.board().all_pieces() {
        m.board_mut()
            .put(S.flip_rank(s), Piece::new(piece.color.other(), piece.kind));
    }
    assert_ne!(m.board(), p.board());
    assert_eq!(m.kind_at(Color::White, sq("g1")), Some(PieceKind::King));
}

/// Positions with castling rights, en passant, corners in use and promotions pending.
fn symmetry_positions() -> Vec<Position> {
    let mut v = vec![
        Position::new(Variant::BigOuter),
        pos(CASTLE),
        pos("k11/11P/9P2/12/12/12/1P10/6p5/12/12/4P1P5/5K6 ---- w - - 0 1"),
        pos("1r1r2k3r1/12/12/12/12/12/12/12/12/12/12/1R3K4R1 ---- w KQ - 0 1"),
        pos(
            "jr1gbqkbgmrj/pppppppppppp/12/2m9/12/12/12/12/4P7/12/PPPP1PPPPPPP/JRMGBKQBGMRJ -Nn- b KQkq - 0 3",
        ),
    ];
    let mut p = pos("k11/12/12/12/12/12/2p9/4p7/2p9/12/3P8/11K ---- w - - 0 1");
    p.play(&p.parse_move("d2d6").unwrap());
    v.push(p);
    // Positions from seeded random games.
    let mut rng = SmallRng::seed_from_u64(7);
    for plies in [12, 25, 40] {
        let mut p = Position::new(Variant::BigOuter);
        for _ in 0..plies {
            let moves = p.legal_moves();
            if moves.is_empty() {
                break;
            }
            let mv = moves[rng.random_range(0..moves.len())];
            p.play_unchecked(&mv);
        }
        v.push(p);
    }
    v
}

#[test]
fn rotated_positions_have_the_same_perft_depth_2() {
    for p in symmetry_positions() {
        let r = rotated(&p);
        assert_eq!(rotated(&r), p);
        assert_eq!(perft(&r, 1), perft(&p, 1), "{}", p.to_text());
        assert_eq!(perft(&r, 2), perft(&p, 2), "{}", p.to_text());
    }
}

#[test]
fn rotated_positions_have_the_same_perft_depth_3() {
    for p in symmetry_positions() {
        assert_eq!(perft(&rotated(&p), 3), perft(&p, 3), "{}", p.to_text());
    }
}

// ----------------------------------------------------------------- random games

#[test]
fn random_games_do_not_panic() {
    let (games, plies, captures, _) = random_games(Variant::BigOuter, 2026, 2000, 100);
    assert_eq!(games, 2000);
    assert!(plies > 150_000, "{plies}");
    assert!(captures > 0);
}

/// Run with `cargo test --release --no-default-features --lib big_outer_tests -- --ignored`.
#[test]
#[ignore = "long games: run in release"]
fn random_games_do_not_panic_full_length() {
    let (_, plies, _, mates) = random_games(Variant::BigOuter, 1999, 2000, 400);
    assert!(plies > 400_000, "{plies}");
    eprintln!("plies {plies}, mates {mates}");
}

/// Perft counts of the special positions above (castling both ways, B-2 and B-5 refusals,
/// pawn runs and promotions, en passant over three squares), each confirmed by an
/// independent re-implementation of `rules/big-outer.md` written from the rules text.
#[test]
fn perft_of_special_positions_matches_an_independent_count() {
    for (text, depth, nodes) in [
        (
            "1r4k3r1/12/12/12/12/12/12/12/12/12/12/1R3K4R1 ---- w KQkq - 0 1",
            3,
            43_734,
        ),
        (
            "1r4k2r1r/12/12/12/12/12/12/12/12/12/12/1R3K4R1 ---- w KQ - 0 1",
            3,
            58_536,
        ),
        (
            "6k5/12/12/12/12/12/12/12/12/12/12/rR3K4Rr ---- w KQ - 0 1",
            3,
            10_015,
        ),
        (
            "Rr4k3rR/12/12/12/12/12/12/12/12/12/12/5K6 ---- b kq - 0 1",
            3,
            10_015,
        ),
        (
            "k11/11P/9P2/12/12/12/1P10/6p5/12/12/4P1P5/5K6 ---- w - - 0 1",
            3,
            1_985,
        ),
        (
            "k11/5p6/12/12/12/12/12/12/12/2p9/3p8/5K6 ---- b - - 0 1",
            3,
            1_089,
        ),
        (
            "k11/12/12/12/12/12/2pP8/4p7/2p9/12/12/11K ---- b - d3,d4,d5 0 1",
            3,
            640,
        ),
    ] {
        assert_eq!(perft(&pos(text), depth), nodes, "{text}");
    }
}

#[test]
fn castling_hint_names_the_occupied_square_from_the_initial_position() {
    let p = Position::new(Variant::BigOuter);
    let e = p.parse_move("f1c1").unwrap_err().to_string();
    assert_eq!(
        e,
        "illegal move f1c1: castling needs the squares between King and Rook empty, but c1 is occupied"
    );
}

#[test]
fn ruling_b6_only_king_against_king_is_dead() {
    use crate::rules::outcome::DrawReason;
    let kk = pos("6k5/12/12/12/12/12/12/12/12/12/12/5K6 ---- w - - 0 1");
    assert_eq!(
        kk.outcome(),
        Some(Outcome::Draw {
            reason: DrawReason::InsufficientMaterial
        })
    );
    // A lone Knight, Bishop or Guard plays on (it would be dead in standard chess).
    for corners in ["N---", "---b"] {
        let p = pos(&format!(
            "6k5/12/12/12/12/12/12/12/12/12/12/5K6 {corners} w - - 0 1"
        ));
        assert!(!p.insufficient_material(), "{corners}");
        assert_eq!(p.outcome(), None);
    }
    let p = pos("6k5/12/12/12/12/12/12/12/12/12/12/5KG5 ---- w - - 0 1");
    assert_eq!(p.outcome(), None);
}

#[test]
fn every_legal_move_reads_back_from_its_san() {
    use crate::rules::variants::{move_text, parse_move_text};
    let mut positions = symmetry_positions();
    positions.push(pos("k11/12/12/12/12/12/12/12/12/12/12/5K6 NNnn w - - 0 1"));
    for p in positions {
        for mv in p.legal_moves() {
            let san = move_text(&p, &mv);
            assert_eq!(
                parse_move_text(&p, &san),
                Ok(mv),
                "{san} in {}",
                p.to_text()
            );
        }
    }
}

// ---- The narrator: what the demo captions and the status line tell.

#[test]
fn big_outer_matriarch_changes_zone() {
    let fen = "6k5/12/12/12/12/12/12/12/3M8/12/12/5K6 ---- w - - 0 1";
    assert_eq!(
        last_narrations(Variant::BigOuter, Some(fen), &["d4e5"]),
        ["The White Matriarch entered the centre: from here it moves at most 3 squares"]
    );
    assert_eq!(
        last_narrations(
            Variant::BigOuter,
            Some(fen),
            &["d4e5", "g12g11", "e5g7", "g11g12", "g7j10"]
        ),
        ["The White Matriarch moved out to the mid zone: from here it moves at most 6 squares"]
    );
}

#[test]
fn big_outer_corner_leap_and_long_pawn_move() {
    assert_eq!(
        last_narrations(Variant::BigOuter, None, &["C1b3"]),
        ["The White Knight leapt out of the corner square C1 to b3"]
    );
    assert_eq!(
        last_narrations(Variant::BigOuter, None, &["e2e6"]),
        [
            "The White Pawn advanced four squares on its first move, e2 to e6: on the big board a pawn's first move may go up to 4"
        ]
    );
}

#[test]
fn big_outer_castling_moves_the_king_three_squares() {
    let fen = "jrmgbqkbgmrj/pppppppppppp/12/12/12/12/12/12/12/12/PPPPPPPPPPPP/JR3KQBGMRJ NNnn w KQkq - 0 1";
    assert_eq!(
        last_narrations(Variant::BigOuter, Some(fen), &["f1c1"]),
        [
            "White castled short: the King moved three squares from f1 to c1 and the Rook from b1 to d1"
        ]
    );
}

#[test]
fn fast_generator_equals_the_judge_filtered_candidates_in_a_busy_position() {
    let n = crate::rules::variants::test_support::compare_fast_with_reference(
        Variant::BigOuter,
        "4k7/12/12/2m5j3/12/5G6/2r3q2M2/12/1g6b3/12/4N7/5K6 NbBn w - - 0 1",
        4,
        40,
    );
    assert!(n > 100, "{n}");
}
