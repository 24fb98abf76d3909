//! Bully Chess and Nonviolent Chess checked against `rules/bully-nonviolent.md`
//! (rulings BN-1…BN-3): the full capture table, en passant, promotion captures, classic
//! checks, mates and stalemates that exist only because of the capture rule, the move hint
//! text, perft and random games.

use crate::rules::geometry::{BoardShape, Square};
use crate::rules::moves::{Effect, Special};
use crate::rules::outcome::{DrawReason, Outcome, WinReason};
use crate::rules::perft::perft;
use crate::rules::piece::{Color, PieceKind};
use crate::rules::position::Position;
use crate::rules::variant::Variant;
use crate::rules::variants::big_outer_tests::random_games;
use crate::rules::variants::classic::{bully_value, may_capture};

fn sq(name: &str) -> Square {
    BoardShape::Standard.parse_square(name).unwrap()
}

fn pos(variant: Variant, text: &str) -> Position {
    Position::from_text(variant, text).unwrap()
}

/// For each attacker kind (P N B R Q K), a position with the attacker on e4 (the King
/// attacker: the White King itself) and a lone Black victim it attacks, and the capture.
fn capture_case(attacker: PieceKind, victim: PieceKind) -> (String, &'static str) {
    let a = attacker.letter();
    let v = victim.letter().to_ascii_lowercase();
    // Victim squares: P d5, N f6, B g6, R e7, Q e7, K e5 (none next to the Black King on
    // h8, none giving check; the victim is unprotected).
    let (text, mv) = match attacker {
        PieceKind::Pawn => (format!("7k/8/8/3{v}4/4{a}3/8/8/K7"), "e4d5"),
        PieceKind::Knight => (format!("7k/8/5{v}2/8/4{a}3/8/8/K7"), "e4f6"),
        PieceKind::Bishop => (format!("7k/8/6{v}1/8/4{a}3/8/8/K7"), "e4g6"),
        PieceKind::Rook | PieceKind::Queen => (format!("7k/4{v}3/8/8/4{a}3/8/8/K7"), "e4e7"),
        PieceKind::King => (format!("7k/8/8/4{v}3/4K3/8/8/8"), "e4e5"),
        PieceKind::Guard | PieceKind::Matriarch | PieceKind::Jumper | PieceKind::OuterKnight => {
            unreachable!("not a standard kind")
        }
    };
    (format!("{text} w - - 0 1"), mv)
}

const ATTACKERS: [PieceKind; 6] = PieceKind::STANDARD;
const VICTIMS: [PieceKind; 5] = [
    PieceKind::Pawn,
    PieceKind::Knight,
    PieceKind::Bishop,
    PieceKind::Rook,
    PieceKind::Queen,
];

/// Whether the capture is legal, for every attacker (rows P N B R Q K) and victim (columns
/// P N B R Q).
fn capture_table(variant: Variant) -> [[bool; 5]; 6] {
    let mut t = [[false; 5]; 6];
    for (i, &a) in ATTACKERS.iter().enumerate() {
        for (j, &v) in VICTIMS.iter().enumerate() {
            let (text, mv) = capture_case(a, v);
            let p = pos(variant, &text);
            let legal = p.parse_move(mv).is_ok();
            // The same position in standard chess: always legal (the set-up is sound).
            assert!(
                pos(Variant::Standard, &text).parse_move(mv).is_ok(),
                "{text} {mv}"
            );
            assert_eq!(legal, may_capture(variant, a, v), "{variant} {a:?}x{v:?}");
            t[i][j] = legal;
        }
    }
    t
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
        .map(bully_value),
        [1, 2, 3, 5, 9]
    );
}

#[test]
fn nonviolent_capture_table_is_all_illegal() {
    assert_eq!(capture_table(Variant::Nonviolent), [[false; 5]; 6]);
    assert_eq!(capture_table(Variant::Standard), [[true; 5]; 6]);
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
fn en_passant_pawn_takes_pawn_in_bully_never_in_nonviolent() {
    let text = "4k3/3p4/8/4P3/8/8/8/4K3 b - - 0 1";
    for (variant, legal) in [(Variant::Bully, true), (Variant::Nonviolent, false)] {
        let mut p = pos(variant, text);
        p.play(&p.parse_move("d7d5").unwrap());
        let ep: Vec<_> = p
            .legal_moves()
            .into_iter()
            .filter(|m| matches!(m.special, Special::EnPassant { .. }))
            .collect();
        assert_eq!(ep.len(), usize::from(legal), "{variant}");
        // Nonviolent never records en passant: no capture is ever legal.
        assert_eq!(p.en_passant().is_some(), legal, "{variant}");
        let ep_field = if legal { "d6" } else { "-" };
        assert_eq!(
            p.to_text(),
            format!("4k3/8/8/3pP3/8/8/8/4K3 w - {ep_field} 0 2"),
            "{variant}"
        );
        let r = p.parse_move("e5d6");
        assert_eq!(r.is_ok(), legal, "{variant}");
        if !legal {
            assert!(
                r.unwrap_err()
                    .to_string()
                    .contains("captures (en passant included) are not allowed in Nonviolent Chess")
            );
        }
    }
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

// Perft from the initial position. Depth 1–3 equal standard chess (20, 400, 8902) for
// Bully: the only captures before move 3 are pawn-takes-pawn (and Bishop/Queen takes pawn),
// which Bully allows. Nonviolent loses the 34 captures of depth 3 (8902 - 34 = 8868).
// Depth 4 (standard: 197281) differs in both.

#[test]
fn bully_perft_from_the_initial_position() {
    let p = Position::new(Variant::Bully);
    assert_eq!([1, 2, 3].map(|d| perft(&p, d)), [20, 400, 8902]);
    assert_eq!(perft(&p, 4), BULLY_PERFT_4);
}

#[test]
fn nonviolent_perft_from_the_initial_position() {
    let p = Position::new(Variant::Nonviolent);
    assert_eq!([1, 2, 3].map(|d| perft(&p, d)), [20, 400, 8868]);
    assert_eq!(perft(&p, 4), NONVIOLENT_PERFT_4);
}

/// Bully perft 4 from the initial position (standard chess: 197,281; 202 captures of a
/// stronger piece drop out). Cross-checked with shakmaty below.
const BULLY_PERFT_4: u64 = 197_079;
/// Nonviolent perft 4 from the initial position. Cross-checked with shakmaty below.
const NONVIOLENT_PERFT_4: u64 = 195_005;

/// An independent count: shakmaty's standard legal moves, with the captures the variant
/// forbids removed. Valid because checks are classical (BN-1, BN-2): a move's legality
/// otherwise does not change.
fn shakmaty_perft(pos: &shakmaty::Chess, depth: u32, allow: &impl Fn(u32, u32) -> bool) -> u64 {
    use shakmaty::{Position as _, Role};
    let value = |r: Role| match r {
        Role::Pawn => 1,
        Role::Knight => 2,
        Role::Bishop => 3,
        Role::Rook => 5,
        Role::Queen => 9,
        Role::King => u32::MAX,
    };
    let moves: Vec<shakmaty::Move> = pos
        .legal_moves()
        .into_iter()
        .filter(|m| m.capture().is_none_or(|v| allow(value(m.role()), value(v))))
        .collect();
    if depth == 1 {
        return moves.len() as u64;
    }
    moves
        .into_iter()
        .map(|m| {
            let mut next = pos.clone();
            next.play_unchecked(m);
            shakmaty_perft(&next, depth - 1, allow)
        })
        .sum()
}

#[test]
fn perft_4_agrees_with_shakmaty_filtered_by_the_capture_rule() {
    let start = shakmaty::Chess::default();
    assert_eq!(shakmaty_perft(&start, 4, &|a, v| a >= v), BULLY_PERFT_4);
    assert_eq!(shakmaty_perft(&start, 4, &|_, _| false), NONVIOLENT_PERFT_4);
    assert_eq!(shakmaty_perft(&start, 4, &|_, _| true), 197_281);
    // A middlegame with captures of every kind, depth 3, both variants.
    let text = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
    let fen: shakmaty::fen::Fen = text.parse().unwrap();
    let sh: shakmaty::Chess = fen.into_position(shakmaty::CastlingMode::Standard).unwrap();
    for (variant, allow) in [
        (Variant::Bully, (|a, v| a >= v) as fn(u32, u32) -> bool),
        (Variant::Nonviolent, |_, _| false),
    ] {
        assert_eq!(
            perft(&pos(variant, text), 3),
            shakmaty_perft(&sh, 3, &allow),
            "{variant}"
        );
    }
}

#[test]
fn bully_random_games_capture_only_down_or_level() {
    let (games, plies, captures, _) = random_games(Variant::Bully, 8, 2000, 200);
    assert_eq!(games, 2000);
    assert!(plies > 100_000 && captures > 1000, "{plies} {captures}");
}

#[test]
fn nonviolent_random_games_never_lose_a_piece() {
    let (games, plies, captures, _) = random_games(Variant::Nonviolent, 9, 2000, 200);
    assert_eq!(games, 2000);
    assert!(plies > 100_000, "{plies}");
    assert_eq!(captures, 0);
}
