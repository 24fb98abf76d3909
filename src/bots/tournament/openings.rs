//! Opening sets: one text file per variant (`assets/openings/<variant>.txt`, bundled into
//! the binary), and the generator behind `esoterica tournament openings`.
//!
//! Format: UTF-8 text, one opening per line. A line is either moves in coordinate form
//! from the variant's initial position (`e2e4 e7e5 g1f3`; Parity: turns `WHITE/BLACK`,
//! `e2e4/d7d5`), or `fen <position text>`. `#` starts a comment (to the end of the line);
//! blank lines are ignored. A file holds at most [`MAX_OPENINGS`] lines of at most
//! [`MAX_LINE_CHARS`] characters.

use rand::rngs::Xoshiro256PlusPlus;
use rand::{RngExt, SeedableRng};

use super::schedule::{OpeningSet, opening_position};
use crate::bots::arena::{Contestant, MatchConfig, play_game};
use crate::bots::eval::evaluate_white;
use crate::bots::simultaneous::best_threat;
use crate::bots::{AlphaBetaBot, BotSpec, NoControl, SearchLimits, mix_seed};
use crate::rules::{Color, Position, TurnModel, Variant};

/// The most openings read from one file.
pub const MAX_OPENINGS: usize = 10_000;
/// The longest opening line, in characters.
pub const MAX_LINE_CHARS: usize = 4096;
/// The largest opening file read, in bytes.
pub const MAX_FILE_BYTES: u64 = 16 * 1024 * 1024;

/// The bundled opening file of a variant (`assets/openings/<variant>.txt`,
/// [`VariantRules::openings`](crate::rules::variants::VariantRules::openings)).
pub fn bundled_text(variant: Variant) -> &'static str {
    variant.rules().openings()
}

/// Why an opening file could not be read ([`read_lines`], [`set_from_text`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum OpeningsError {
    /// A line longer than [`MAX_LINE_CHARS`] (its number, from 1).
    LineTooLong {
        /// The line number, from 1.
        line: usize,
    },
    /// No opening at all: the text is empty or holds only comments and blank lines (the
    /// initial position is asked for with `--openings none`, not with an empty file).
    Empty,
    /// More than [`MAX_OPENINGS`] openings.
    TooMany,
    /// One of the above in the file `source`.
    InFile {
        /// Where the text came from.
        source: String,
        /// What is wrong.
        error: Box<OpeningsError>,
    },
    /// An opening that cannot start a game.
    BadOpening {
        /// Where the text came from.
        source: String,
        /// The opening's number, from 1.
        number: usize,
        /// The line.
        line: String,
        /// Why.
        error: Box<super::schedule::OpeningPositionError>,
    },
}

impl std::fmt::Display for OpeningsError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            OpeningsError::LineTooLong { line } => {
                write!(f, "line {line}: longer than {MAX_LINE_CHARS} characters")
            }
            OpeningsError::TooMany => write!(f, "more than {MAX_OPENINGS} openings"),
            OpeningsError::Empty => f.write_str(
                "no openings (only comments and blank lines); for the initial position \
                 give --openings none",
            ),
            OpeningsError::InFile { source, error } => write!(f, "{source}: {error}"),
            OpeningsError::BadOpening {
                source,
                number,
                line,
                error,
            } => write!(f, "{source}: opening {number} ('{line}'): {error}"),
        }
    }
}

impl std::error::Error for OpeningsError {}

/// The opening lines of a file's text: comments and blank lines dropped, blanks
/// normalised.
///
/// # Errors
/// [`OpeningsError::TooMany`] for more than [`MAX_OPENINGS`] lines,
/// [`OpeningsError::LineTooLong`] for a line longer than [`MAX_LINE_CHARS`].
pub fn read_lines(text: &str) -> Result<Vec<String>, OpeningsError> {
    let mut out = Vec::new();
    for (n, raw) in text.lines().enumerate() {
        if raw.chars().count() > MAX_LINE_CHARS {
            return Err(OpeningsError::LineTooLong { line: n + 1 });
        }
        let body = raw.split('#').next().unwrap_or("");
        let words: Vec<&str> = body.split_whitespace().collect();
        if words.is_empty() {
            continue;
        }
        if out.len() == MAX_OPENINGS {
            return Err(OpeningsError::TooMany);
        }
        out.push(words.join(" "));
    }
    Ok(out)
}

/// The opening set of `variant` from `text` (read from `source`), every line checked.
///
/// # Errors
/// The first bad line ([`OpeningsError::BadOpening`]: unreadable, illegal, ending the game
/// or repeating a position three times, as `SOURCE: opening N ('LINE'): …`), or, as
/// [`OpeningsError::InFile`] naming `source`, a file-level error of [`read_lines`] or a
/// text without any opening ([`OpeningsError::Empty`]).
pub fn set_from_text(
    variant: Variant,
    text: &str,
    source: &str,
) -> Result<OpeningSet, OpeningsError> {
    let in_file = |e| OpeningsError::InFile {
        source: source.to_string(),
        error: Box::new(e),
    };
    let lines = read_lines(text).map_err(in_file)?;
    if lines.is_empty() {
        return Err(in_file(OpeningsError::Empty));
    }
    for (i, l) in lines.iter().enumerate() {
        opening_position(variant, l).map_err(|error| OpeningsError::BadOpening {
            source: source.to_string(),
            number: i + 1,
            line: l.clone(),
            error: Box::new(error),
        })?;
    }
    Ok(OpeningSet {
        variant: variant.name().to_string(),
        source: source.to_string(),
        lines,
    })
}

/// The bundled opening set of `variant`.
///
/// # Errors
/// Only if the bundled file is broken (the tests read every one).
pub fn bundled(variant: Variant) -> Result<OpeningSet, OpeningsError> {
    set_from_text(
        variant,
        bundled_text(variant),
        &format!("bundled assets/openings/{}.txt", variant.name()),
    )
}

/// How to generate openings.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GenerateOptions {
    /// The variant.
    pub variant: Variant,
    /// Openings wanted.
    pub count: usize,
    /// Plies (Parity: turns) of random legal moves from the initial position.
    pub plies: usize,
    /// Seed of the random moves.
    pub seed: u64,
    /// Keep a line only if its score from White's view is within this many centipawns.
    pub window_cp: i32,
    /// Self-play check per candidate: this many games of [`GenerateOptions::check_bot`]
    /// against itself from it (seeded from the seed and the candidate), and the line is
    /// kept only if White scores within [`CHECK_BALANCE`] of 50% in them. 0: no check.
    pub check_games: usize,
    /// The bot of the self-play check (a built-in bot).
    pub check_bot: BotSpec,
}

/// A generated opening: its line and its score (centipawns, White's view).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Generated {
    /// The line, in the opening-file format.
    pub line: String,
    /// The score it was kept for.
    pub score_cp: i32,
}

/// The score of a candidate, centipawns from White's view: alternating variants, an
/// `alphabeta:3` search from the side to move; Parity, the evaluation with next turn's
/// threatened captures (half of each side's best threat).
pub fn judge(pos: &Position) -> i32 {
    if pos.variant().turn_model() == TurnModel::Simultaneous {
        return evaluate_white(pos)
            + (best_threat(pos, Color::White) - best_threat(pos, Color::Black)) / 2;
    }
    let mut bot = AlphaBetaBot::with_level(3, 0);
    let score = bot
        .search(pos, SearchLimits::default(), &mut NoControl)
        .map_or(0, |(_, s)| s);
    if pos.turn() == Color::White {
        score
    } else {
        -score
    }
}

/// The ply cap of a [`GenerateOptions::check_games`] game (Parity: turns).
pub const CHECK_MAX_PLIES: usize = 200;

/// How far from 50% White's score in the self-play check may be (a fraction: 0.125 keeps
/// 37.5%–62.5%, e.g. 3 to 5 points of 8 games).
pub const CHECK_BALANCE: f64 = 0.125;

/// Whether White's score in games of `o.check_bot` against itself from `pos`
/// (`o.check_games` of them) is within [`CHECK_BALANCE`] of 50%; true when no check is
/// asked.
/// Game `i` of the `n`-th kept candidate is seeded from `(o.seed, n, i)`.
fn self_play_splits(pos: &Position, o: &GenerateOptions, n: usize) -> bool {
    if o.check_games == 0 {
        return true;
    }
    let bot = Contestant::from_spec(&o.check_bot);
    let mut cfg = MatchConfig::new(o.variant, bot.clone(), bot, o.check_games);
    cfg.seed = mix_seed(o.seed ^ mix_seed(n as u64 + 1));
    cfg.jobs = 1;
    cfg.max_plies = CHECK_MAX_PLIES;
    cfg.start = Some(pos.clone());
    let mut white = 0.0;
    for i in 0..o.check_games {
        let r = play_game(&cfg, i);
        white += match r.outcome.map(|o| o.winner()) {
            Some(Some(Color::White)) => 1.0,
            Some(Some(Color::Black)) => 0.0,
            _ => 0.5,
        };
    }
    let n = o.check_games as f64;
    (white / n - 0.5).abs() <= CHECK_BALANCE + 1e-9
}

/// How many of the statically best moves a generated opening picks from at each ply.
pub const TOP_MOVES: usize = 6;

/// The [`TOP_MOVES`] legal moves of the side to move with the best evaluation after the
/// move (its own view), best first, ties in move order.
fn top_moves(pos: &Position) -> Vec<crate::rules::Move> {
    let us = pos.turn();
    let mut scored: Vec<(i32, crate::rules::Move)> = pos
        .legal_moves()
        .into_iter()
        .filter_map(|m| {
            let mut child = pos.clone();
            child.try_play(&m).ok()?;
            Some((crate::bots::eval::evaluate_for(&child, us), m))
        })
        .collect();
    scored.sort_by_key(|(s, _)| std::cmp::Reverse(*s));
    scored.into_iter().take(TOP_MOVES).map(|(_, m)| m).collect()
}

/// Random openings of `plies` plies (alternating variants: each move picked at random
/// among the [`TOP_MOVES`] statically best; Parity: each commit at random) whose [`judge`] score is within the window (and that
/// pass the [`GenerateOptions::check_games`] self-play check), distinct
/// by position and each accepted by [`opening_position`] (so no line repeats a position
/// three times), in the order found; fewer than `count` if 200 tries per opening do not
/// find enough. Deterministic for a seed.
pub fn generate(o: &GenerateOptions) -> Vec<Generated> {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(o.seed);
    let mut seen = std::collections::HashSet::new();
    let mut out = Vec::new();
    let simultaneous = o.variant.turn_model() == TurnModel::Simultaneous;
    for _ in 0..o.count.saturating_mul(200) {
        if out.len() >= o.count {
            break;
        }
        let mut pos = Position::new(o.variant);
        let mut words = Vec::new();
        let shape = pos.shape();
        for _ in 0..o.plies {
            if pos.outcome().is_some() {
                break;
            }
            if simultaneous {
                let (w, b) = (
                    pos.legal_commits(Color::White),
                    pos.legal_commits(Color::Black),
                );
                if w.is_empty() || b.is_empty() {
                    break;
                }
                let (w, b) = (
                    w[rng.random_range(0..w.len())],
                    b[rng.random_range(0..b.len())],
                );
                if pos.resolve(&w, &b).is_err() {
                    break;
                }
                words.push(format!("{}/{}", w.coordinate(shape), b.coordinate(shape)));
            } else {
                let moves = top_moves(&pos);
                if moves.is_empty() {
                    break;
                }
                let m = moves[rng.random_range(0..moves.len())];
                if pos.try_play(&m).is_err() {
                    break;
                }
                words.push(m.coordinate(shape));
            }
        }
        // A line the opening reader would refuse (a threefold repetition along it) is not
        // kept either.
        if words.len() < o.plies
            || pos.outcome().is_some()
            || opening_position(o.variant, &words.join(" ")).is_err()
            || !seen.insert(pos.to_text())
        {
            continue;
        }
        let score = judge(&pos);
        if score.abs() <= o.window_cp && self_play_splits(&pos, o, out.len()) {
            out.push(Generated {
                line: words.join(" "),
                score_cp: score,
            });
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_bundled_set_reads_and_has_openings() {
        for v in Variant::ALL {
            let set = bundled(v).unwrap_or_else(|e| panic!("{}: {e}", v.name()));
            assert!(
                (8..=20).contains(&set.lines.len()),
                "{}: {} openings",
                v.name(),
                set.lines.len()
            );
            let distinct: std::collections::HashSet<String> = set
                .lines
                .iter()
                .map(|l| opening_position(v, l).unwrap().to_text())
                .collect();
            assert_eq!(distinct.len(), set.lines.len(), "{}", v.name());
        }
    }

    #[test]
    fn comments_and_blanks_are_dropped_and_bad_lines_named() {
        assert_eq!(
            read_lines("# set\n\n e2e4   e7e5 # open game\nd2d4\n").unwrap(),
            ["e2e4 e7e5", "d2d4"]
        );
        let e = set_from_text(Variant::Standard, "e2e4\ne2e4 e2e4\n", "f.txt")
            .unwrap_err()
            .to_string();
        assert!(
            e.starts_with("f.txt: opening 2 ('e2e4 e2e4'): position: move 2 'e2e4'"),
            "{e}"
        );
        // A file without openings is not the initial position (that is `--openings none`).
        for empty in ["", "\n\n", "# only a comment\n   # and another\n"] {
            assert_eq!(
                set_from_text(Variant::Standard, empty, "empty.txt")
                    .unwrap_err()
                    .to_string(),
                "empty.txt: no openings (only comments and blank lines); for the initial \
                 position give --openings none"
            );
        }
        // A line that repeats a position a third time (the start position counts): the
        // knights' shuffle brings the initial position back after moves 4 and 8.
        let shuffle = "g1f3 g8f6 f3g1 f6g8 g1f3 g8f6 f3g1 f6g8";
        let e = set_from_text(
            Variant::Standard,
            &format!("e2e4\n{shuffle} e2e4\n"),
            "f.txt",
        )
        .unwrap_err()
        .to_string();
        assert_eq!(
            e,
            format!(
                "f.txt: opening 2 ('{shuffle} e2e4'): move 8 'f6g8' repeats a position for \
                 the third time: the game would be drawn by threefold repetition"
            )
        );
        // Ending on the third occurrence is refused too; twice is fine.
        assert!(set_from_text(Variant::Standard, shuffle, "f.txt").is_err());
        assert!(set_from_text(Variant::Standard, &shuffle[..34], "f.txt").is_ok());
        // Parity (turns) and a `fen` line with moves are checked the same way.
        // (The rest rule keeps a knight from going straight back, so each side shuffles
        // both knights; the positions after turns 1, 5 and 9 are the same, resting
        // knights included.)
        let cycle = "b1c3/b8c6 g1f3/g8f6 c3b1/c6b8 f3g1/f6g8";
        let eight = format!("{cycle} {cycle}");
        assert!(set_from_text(Variant::Parity, &eight, "p.txt").is_ok());
        assert!(
            set_from_text(Variant::Parity, &format!("{eight} b1c3/b8c6"), "p.txt")
                .unwrap_err()
                .to_string()
                .contains("move 9 'b1c3/b8c6' repeats a position for the third time"),
        );
        let fen = "fen rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1 moves \
                   g8f6 g1f3 f6g8 f3g1 g8f6 g1f3 f6g8";
        assert!(set_from_text(Variant::Standard, fen, "f.txt").is_ok());
        assert!(
            set_from_text(Variant::Standard, &format!("{fen} f3g1"), "f.txt")
                .unwrap_err()
                .to_string()
                .contains("move 8 'f3g1' repeats a position for the third time")
        );
        let long = "e2e4 ".repeat(1000);
        assert_eq!(
            read_lines(&long).unwrap_err(),
            OpeningsError::LineTooLong { line: 1 }
        );
        assert_eq!(
            read_lines(&long).unwrap_err().to_string(),
            "line 1: longer than 4096 characters"
        );
    }

    #[test]
    fn generated_openings_are_distinct_balanced_and_reproducible() {
        let o = GenerateOptions {
            variant: Variant::Parity,
            count: 3,
            plies: 2,
            seed: 4,
            window_cp: 60,
            check_games: 0,
            check_bot: BotSpec::AlphaBeta(1),
        };
        let a = generate(&o);
        assert_eq!(a.len(), 3);
        assert_eq!(a, generate(&o));
        for g in &a {
            assert!(g.score_cp.abs() <= 60, "{g:?}");
            assert_eq!(g.line.split(' ').count(), 2, "{g:?}");
            let p = opening_position(Variant::Parity, &g.line).unwrap();
            assert_eq!(judge(&p), g.score_cp);
        }
    }

    #[test]
    fn the_self_play_check_drops_a_won_position_and_keeps_an_even_one() {
        let mut o = GenerateOptions {
            variant: Variant::Standard,
            count: 1,
            plies: 0,
            seed: 3,
            window_cp: 40,
            check_games: 2,
            check_bot: BotSpec::AlphaBeta(3),
        };
        // A back-rank mate in one (Ra8#): White wins both games.
        let (won, _) =
            Position::from_text_lenient(Variant::Standard, "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1")
                .unwrap();
        assert!(!self_play_splits(&won, &o, 0));
        // Random movers from the initial position: 2 games drawn at the ply cap (1 of 2
        // points for White), inside 37.5%–62.5%.
        o.check_bot = BotSpec::Random;
        assert!(self_play_splits(&Position::new(Variant::Standard), &o, 0));
        o.check_games = 0;
        assert!(self_play_splits(&won, &o, 0));
    }
}
