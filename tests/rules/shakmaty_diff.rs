//! Differential test against shakmaty 0.30.1 (an independent, bitboard-based move
//! generator): on positions reached by seeded random play from the start position and from
//! every line of the perft suite, the legal move set, the position text after each move, the
//! check/mate/stalemate/insufficient-material verdicts and the SAN of every legal move agree.

use esoterica::rules::notation::san;
use esoterica::rules::{DrawReason, Outcome, Position, Variant, WinReason};
use rand::rngs::Xoshiro256PlusPlus;
use rand::{RngExt, SeedableRng};
use shakmaty::fen::Fen;
use shakmaty::san::SanPlus;
use shakmaty::uci::UciMove;
use shakmaty::{CastlingMode, Chess, EnPassantMode, Position as _};

const SUITE: &str = include_str!("../data/perft-standard.epd");
const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

/// Random games from the start position and plies per game.
const START_GAMES: u64 = 30;
const START_PLIES: usize = 120;
/// Random games per suite line and plies per game.
const SUITE_GAMES: u64 = 2;
const SUITE_PLIES: usize = 30;

fn suite_fens() -> Vec<String> {
    SUITE
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .map(|l| l.split(';').next().unwrap_or_default().trim().to_string())
        .collect()
}

fn theirs_from(fen: &str) -> Chess {
    let f: Fen = fen
        .parse()
        .unwrap_or_else(|e| panic!("shakmaty cannot read '{fen}': {e}"));
    f.into_position(CastlingMode::Standard)
        .unwrap_or_else(|e| panic!("shakmaty rejects '{fen}': {e}"))
}

fn their_fen(pos: &Chess) -> String {
    Fen::from_position(pos, EnPassantMode::Legal).to_string()
}

/// Compares everything at one position; returns the number of legal moves compared.
fn compare(ours: &Position, theirs: &Chess, trail: &str) -> usize {
    let shape = ours.shape();
    assert_eq!(
        ours.to_text(),
        their_fen(theirs),
        "position text after {trail}"
    );
    let legal = ours.legal_moves();
    let mut mine: Vec<String> = legal.iter().map(|m| m.coordinate(shape)).collect();
    mine.sort();
    let n = mine.len();
    mine.dedup();
    assert_eq!(mine.len(), n, "duplicate legal moves after {trail}");
    let mut other: Vec<String> = theirs
        .legal_moves()
        .iter()
        .map(|&m| UciMove::from_move(m, CastlingMode::Standard).to_string())
        .collect();
    other.sort();
    assert_eq!(
        mine,
        other,
        "legal moves at {} after {trail}",
        ours.to_text()
    );
    // Check, mate, stalemate, dead material.
    assert_eq!(
        ours.in_check(ours.turn()),
        theirs.is_check(),
        "check at {}",
        ours.to_text()
    );
    let outcome = ours.outcome();
    let mate = matches!(outcome, Some(Outcome::Win { reason: WinReason::Checkmate, winner }) if winner != ours.turn());
    let stalemate = matches!(
        outcome,
        Some(Outcome::Draw {
            reason: DrawReason::Stalemate
        })
    );
    assert_eq!(
        mate,
        theirs.is_checkmate(),
        "checkmate at {}",
        ours.to_text()
    );
    assert_eq!(
        stalemate,
        theirs.is_stalemate(),
        "stalemate at {}",
        ours.to_text()
    );
    assert_eq!(
        ours.insufficient_material(),
        theirs.is_insufficient_material(),
        "insufficient material at {}",
        ours.to_text()
    );
    if !mate && !stalemate && ours.halfmove_clock() < 100 {
        let dead = matches!(
            outcome,
            Some(Outcome::Draw {
                reason: DrawReason::InsufficientMaterial
            })
        );
        assert_eq!(
            dead,
            theirs.is_insufficient_material(),
            "outcome at {}",
            ours.to_text()
        );
    }
    // SAN of every legal move, and reading it back.
    for mv in &legal {
        let text = mv.coordinate(shape);
        let uci: UciMove = text.parse().unwrap_or_else(|e| panic!("{text}: {e}"));
        let m = uci
            .to_move(theirs)
            .unwrap_or_else(|e| panic!("{text}: {e}"));
        let expected = SanPlus::from_move(theirs.clone(), m).to_string();
        let written = san::to_san(ours, mv);
        assert_eq!(written, expected, "SAN of {text} at {}", ours.to_text());
        assert_eq!(
            ours.parse_move(&written),
            Ok(*mv),
            "reading SAN {written} at {}",
            ours.to_text()
        );
    }
    n
}

/// Plays one seeded random game from `fen`, comparing at every position; returns the number
/// of positions compared.
fn random_game(fen: &str, seed: u64, plies: usize) -> usize {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
    let mut ours =
        Position::from_text(Variant::Standard, fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
    let mut theirs = theirs_from(fen);
    let mut trail = format!("'{fen}'");
    let mut positions = 0;
    for _ in 0..plies {
        let n = compare(&ours, &theirs, &trail);
        positions += 1;
        if n == 0 {
            return positions;
        }
        let legal = ours.legal_moves();
        let mv = legal[rng.random_range(0..legal.len())];
        let text = mv.coordinate(ours.shape());
        trail.push(' ');
        trail.push_str(&text);
        let m = text
            .parse::<UciMove>()
            .ok()
            .and_then(|u| u.to_move(&theirs).ok())
            .unwrap_or_else(|| panic!("shakmaty rejects {text} after {trail}"));
        theirs.play_unchecked(m);
        ours.play_unchecked(&mv);
    }
    compare(&ours, &theirs, &trail);
    positions + 1
}

#[test]
fn random_games_from_the_start_agree_with_shakmaty() {
    let positions: usize = (0..START_GAMES)
        .map(|g| random_game(START, 0x5eed_0000 + g, START_PLIES))
        .sum();
    assert!(positions >= 2000, "{positions} positions compared");
}

#[test]
fn random_games_from_every_suite_line_agree_with_shakmaty() {
    let fens = suite_fens();
    assert_eq!(fens.len(), 77);
    let positions: usize = fens
        .iter()
        .enumerate()
        .flat_map(|(i, fen)| (0..SUITE_GAMES).map(move |g| (fen, 0xe9d0_0000 + 16 * i as u64 + g)))
        .map(|(fen, seed)| random_game(fen, seed, SUITE_PLIES))
        .sum();
    assert!(positions >= 3000, "{positions} positions compared");
}

#[test]
fn played_moves_report_the_same_position_text_as_shakmaty() {
    // Castling both ways, en passant, promotion with capture, a checking move.
    let moves = [
        "e2e4", "d7d5", "e4e5", "f7f5", "e5f6", "g8f6", "g1f3", "e7e6", "f1b5", "c7c6", "e1g1",
        "d8b6", "d2d4", "c8d7", "b1c3", "b8a6", "c1e3", "e8c8",
    ];
    let mut ours = Position::new(Variant::Standard);
    let mut theirs = Chess::default();
    for text in moves {
        let mv = ours
            .parse_move(text)
            .unwrap_or_else(|e| panic!("{text}: {e}"));
        ours.play(&mv);
        let m = text
            .parse::<UciMove>()
            .ok()
            .and_then(|u| u.to_move(&theirs).ok())
            .unwrap_or_else(|| panic!("{text}"));
        theirs.play_unchecked(m);
        assert_eq!(ours.to_text(), their_fen(&theirs), "after {text}");
    }
    assert_eq!(
        ours.to_text(),
        "2kr1b1r/pp1b2pp/nqp1pn2/1B1p4/3P4/2N1BN2/PPP2PPP/R2Q1RK1 w - - 5 10"
    );
}
