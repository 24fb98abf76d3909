//! Helpers shared by the variants' tests.

use rand::rngs::SmallRng;
use rand::{RngExt, SeedableRng};

use crate::rules::moves::{Effect, Special};
use crate::rules::narrate::NarrationKind;
use crate::rules::outcome::{Outcome, WinReason};
use crate::rules::piece::Color;
use crate::rules::piece::PieceKind;
use crate::rules::position::Position;
use crate::rules::record::{Entry, GameRecord};
use crate::rules::variant::Variant;

/// Plays `games` seeded random games of at most `max_plies` plies, checking after every
/// move that the mover's King is safe and the piece count did not grow, and now and then
/// that the position text round-trips. Returns (games, plies, captures, mates).
pub(crate) fn random_games(
    variant: Variant,
    seed: u64,
    games: u32,
    max_plies: u32,
) -> (u32, u64, u64, u32) {
    let mut rng = SmallRng::seed_from_u64(seed);
    let (mut plies, mut captures, mut mates) = (0u64, 0u64, 0u32);
    for g in 0..games {
        let mut p = Position::new(variant);
        for ply in 0..max_plies {
            let moves = p.legal_moves();
            if moves.is_empty() {
                if p.in_check(p.turn()) {
                    mates += 1;
                }
                break;
            }
            if p.halfmove_clock() >= 100 || p.insufficient_material() {
                break;
            }
            let mv = moves[rng.random_range(0..moves.len())];
            let before = p.board().piece_count();
            let us = p.turn();
            // Every capture obeys the variant's capture rule (Bully values, ruling BN-3:
            // a promoting pawn counts as a Pawn; Nonviolent: none at all).
            let victim = match mv.special {
                Special::EnPassant { .. } => Some(PieceKind::Pawn),
                Special::Castle { .. } => None,
                Special::Normal => p.kind_at(us.other(), mv.to),
            };
            if let (Some(v), Some(a)) = (victim, p.kind_at(us, mv.from)) {
                assert!(
                    variant.capture_rule().allows(a, v),
                    "game {g} ply {ply}: {a:?}x{v:?}"
                );
            }
            if (g + ply) % 97 == 0 {
                // The full path (effects, outcome) now and then, the fast path otherwise.
                let fx = p.play(&mv);
                if let Some(Effect::GameOver(Outcome::Win { reason, .. })) = fx.last() {
                    assert_eq!(*reason, WinReason::Checkmate);
                }
                assert_eq!(
                    Position::from_text(variant, &p.to_text()).unwrap(),
                    p,
                    "game {g} ply {ply}"
                );
            } else {
                p.play_unchecked(&mv);
            }
            assert!(
                !p.in_check(us),
                "game {g} ply {ply}: {} left its King in check",
                us
            );
            let after = p.board().piece_count();
            assert!(after <= before);
            captures += (before - after) as u64;
            plies += 1;
        }
    }
    (games, plies, captures, mates)
}

/// For each attacker kind (P N B R Q K), a position with the attacker on e4 (the King
/// attacker: the White King itself) and a lone Black victim it attacks, and the capture.
pub(crate) fn capture_case(attacker: PieceKind, victim: PieceKind) -> (String, &'static str) {
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
pub(crate) fn capture_table(variant: Variant) -> [[bool; 5]; 6] {
    let mut t = [[false; 5]; 6];
    for (i, &a) in ATTACKERS.iter().enumerate() {
        for (j, &v) in VICTIMS.iter().enumerate() {
            let (text, mv) = capture_case(a, v);
            let p = Position::from_text(variant, &text).unwrap();
            let legal = p.parse_move(mv).is_ok();
            // The same position in standard chess: always legal (the set-up is sound).
            assert!(
                Position::from_text(Variant::Standard, &text)
                    .unwrap()
                    .parse_move(mv)
                    .is_ok(),
                "{text} {mv}"
            );
            assert_eq!(
                legal,
                variant.capture_rule().allows(a, v),
                "{variant} {a:?}x{v:?}"
            );
            t[i][j] = legal;
        }
    }
    t
}

/// An independent count: shakmaty's standard legal moves, with the captures the variant
/// forbids removed. Valid because checks are classical (BN-1, BN-2): a move's legality
/// otherwise does not change.
pub(crate) fn shakmaty_perft(
    pos: &shakmaty::Chess,
    depth: u32,
    allow: &impl Fn(u32, u32) -> bool,
) -> u64 {
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

/// After ...d7–d5 next to a White pawn on e5: whether `variant` lets e5xd6 en passant
/// (`legal`), with the en passant record and the refusal that go with it.
pub(crate) fn en_passant_case(variant: Variant, legal: bool) {
    let text = "4k3/3p4/8/4P3/8/8/8/4K3 b - - 0 1";
    let mut p = Position::from_text(variant, text).unwrap();
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

/// Plays `moves` (coordinate form; Parity `W/B`) from `fen` (or the initial position)
/// and returns the narrations of the last one (the demo captions).
pub(crate) fn last_narrations(variant: Variant, fen: Option<&str>, moves: &[&str]) -> Vec<String> {
    let start = match fen {
        Some(t) => Position::from_text(variant, t).expect("test position"),
        None => Position::new(variant),
    };
    let mut game = GameRecord::new(start);
    let mut last = Vec::new();
    for text in moves {
        let before = game.current().clone();
        let entry = match text.split_once('/') {
            Some((w, b)) => {
                let commit = |side: Color, t: &str| {
                    let mut p = before.clone();
                    p.set_turn(side);
                    crate::rules::variants::parse_move_text(&p, t).expect("test commit")
                };
                Entry::Turn {
                    white: commit(Color::White, w),
                    black: commit(Color::Black, b),
                }
            }
            None => Entry::Move(before.parse_move(text).expect("test move")),
        };
        let fx = match &entry {
            Entry::Move(m) => game.play(m),
            Entry::Turn { white, black } => game.play_turn(white, black),
        }
        .expect("legal test move");
        last = crate::rules::narrate::entry(&before, &entry, &fx);
    }
    last.into_iter().map(|c| c.text).collect()
}

/// The kinds of the narrations of the last of `moves` (coordinate form) from `fen`.
pub(crate) fn narration_kinds(
    variant: Variant,
    fen: Option<&str>,
    moves: &[&str],
) -> Vec<NarrationKind> {
    let start = match fen {
        Some(t) => Position::from_text(variant, t).expect("test position"),
        None => Position::new(variant),
    };
    let mut pos = start;
    let mut out = Vec::new();
    for text in moves {
        let before = pos.clone();
        let mv = before.parse_move(text).expect("test move");
        let fx = pos.play(&mv);
        out = crate::rules::narrate::entry(&before, &Entry::Move(mv), &fx);
    }
    out.into_iter().map(|c| c.kind).collect()
}

/// Plays `games` random games of `plies` plies (Parity: turns) of `variant` from `start`
/// and checks, at every position and for both sides, that the fast list equals the
/// reference (the candidates the judge accepts), in order. Returns the lists compared.
pub(crate) fn compare_fast_with_reference(
    variant: Variant,
    start: &str,
    games: u64,
    plies: usize,
) -> usize {
    use crate::rules::variant::TurnModel;
    use crate::rules::variants::reference_moves;
    let mut compared = 0;
    for g in 0..games {
        let mut rng = rand::rngs::Xoshiro256PlusPlus::seed_from_u64(0x00ca_11ed + g);
        let mut pos = Position::from_text(variant, start).expect("test position");
        for _ in 0..plies {
            for side in Color::BOTH {
                assert_eq!(
                    pos.legal_commits(side),
                    reference_moves(&pos, side),
                    "{variant} {side:?} at {}",
                    pos.to_text()
                );
                compared += 1;
            }
            match variant.turn_model() {
                TurnModel::Alternating => {
                    let moves = pos.legal_moves();
                    if moves.is_empty() {
                        break;
                    }
                    pos.play_unchecked(&moves[rng.random_range(0..moves.len())]);
                }
                TurnModel::Simultaneous => {
                    let w = pos.legal_commits(Color::White);
                    let b = pos.legal_commits(Color::Black);
                    if w.is_empty() || b.is_empty() || pos.outcome().is_some() {
                        break;
                    }
                    let w = w[rng.random_range(0..w.len())];
                    let b = b[rng.random_range(0..b.len())];
                    pos.resolve(&w, &b).expect("legal commits");
                }
            }
        }
    }
    compared
}
