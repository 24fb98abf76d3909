//! The schedule of a tournament: a deterministic list of games (variant, White, Black,
//! opening, per-game seed) built from a [`TournamentSpec`] alone, and the hash that names it.
//!
//! Order (stable, documented in `docs/BOTS.md`): for each round `r` (a round is two
//! games per pairing), for each variant, for each pairing in order, two games from the same
//! opening with colours swapped — the pairing's first player has White in the first of
//! them. So games `2k` and `2k + 1` are always a pair (the pentanomial SPRT counts them
//! together) and a tournament cut short is still balanced by colour. The opening of round
//! `r` in a variant is `perm[r mod len]`, `perm` a permutation of the variant's openings
//! shuffled from the master seed. Game `i` is seeded with
//! [`game_seed`]`(seed, i)`, whatever the shard that plays it.

use serde::{Deserialize, Serialize};

use crate::bots::arena::game_seed;
use crate::bots::mix_seed;
use crate::bots::uci_engine::parse_position;
use crate::rules::{Color, DrawReason, GameRecord, Outcome, Position, TurnModel, Variant};

/// One player: the name shown in tables and PGN, and its bot spec as given.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Player {
    /// Unique name (`alphabeta:3`, or the `NAME` of `--bot NAME=SPEC`).
    pub name: String,
    /// The [`BotSpec`](crate::bots::BotSpec) text (`random`, `ext:stockfish`, …).
    pub spec: String,
}

/// Who plays whom.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Format {
    /// Every player against every other.
    RoundRobin,
    /// The player with this index against every other (the others do not meet).
    Gauntlet(usize),
}

/// The openings of one variant: each line as written in the opening file (comments and
/// blank lines removed). See [`crate::bots::tournament::openings`] for the format.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct OpeningSet {
    /// The variant's name ([`Variant::name`]).
    pub variant: String,
    /// Where the lines came from (a path, `bundled` or `none`), for the report.
    pub source: String,
    /// The opening lines; empty means the initial position only.
    pub lines: Vec<String>,
}

/// Everything that decides the games of a tournament. Two runs with equal specs play the
/// same schedule (and, where no wall-clock limit cuts a search, the same games).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TournamentSpec {
    /// The players, in the order given.
    pub players: Vec<Player>,
    /// Round robin or gauntlet.
    pub format: Format,
    /// The variants, by name, in the order given.
    pub variants: Vec<String>,
    /// Games each pairing plays per variant (even: each opening with both colours).
    pub games_per_pair: usize,
    /// The master seed.
    pub seed: u64,
    /// Move time per move in milliseconds, if any.
    pub movetime_ms: Option<u64>,
    /// Node budget per move, if any.
    pub nodes: Option<u64>,
    /// The game clock, as [`TimeControl::parse`](crate::rules::clock::TimeControl::parse)
    /// reads it (`1+1`, `0.5d2`); `None` for no clock. Left out of the described spec (and
    /// so of the hash) when `None`, so schedules without a clock keep their hash.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub time_control: Option<String>,
    /// Plies (Parity: turns) after which a game is adjudicated a draw.
    pub max_plies: usize,
    /// `forfeit` or `random` (see [`Fallback`](crate::bots::arena::Fallback)).
    pub fallback: String,
    /// One opening set per variant, in the order of `variants`.
    pub openings: Vec<OpeningSet>,
}

impl TournamentSpec {
    /// The games' time control ([`TimeControl::Unlimited`](crate::rules::clock::TimeControl)
    /// without one).
    ///
    /// # Errors
    /// [`TimeControlError`](crate::rules::clock::TimeControlError) for a text that is not a
    /// time control.
    pub fn clock(
        &self,
    ) -> Result<crate::rules::clock::TimeControl, crate::rules::clock::TimeControlError> {
        self.time_control
            .as_deref()
            .map_or(Ok(crate::rules::clock::TimeControl::Unlimited), |t| {
                crate::rules::clock::TimeControl::parse(t)
            })
    }
}

/// One opening: its line and the start position it leads to.
#[derive(Clone, Debug)]
pub struct Opening {
    /// The line as written (moves in coordinate form, or `fen <text>`; empty for the
    /// initial position).
    pub text: String,
    /// The position the game starts from.
    pub start: Position,
}

/// One scheduled game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ScheduledGame {
    /// Its index in the whole schedule (0-based).
    pub index: usize,
    /// The variant.
    pub variant: Variant,
    /// Index of the variant in [`TournamentSpec::variants`].
    pub variant_index: usize,
    /// The White player (index into [`TournamentSpec::players`]).
    pub white: usize,
    /// The Black player.
    pub black: usize,
    /// Index of the opening in its variant's set.
    pub opening: usize,
    /// The game's seed.
    pub seed: u64,
}

/// A built schedule.
#[derive(Clone, Debug)]
pub struct Schedule {
    /// The spec it was built from.
    pub spec: TournamentSpec,
    /// The variants, parsed, in spec order.
    pub variants: Vec<Variant>,
    /// The openings of each variant (at least one each: the initial position when the set
    /// is empty).
    pub openings: Vec<Vec<Opening>>,
    /// Every game, in index order.
    pub games: Vec<ScheduledGame>,
    /// The schedule hash ([`Schedule::hash_hex`]).
    pub hash: u64,
}

/// The most games one schedule holds. A tournament keeps every game (its PGN text
/// included) for the report and the result file, so this bounds its memory to about a
/// gigabyte; SPRT tests stop far earlier (20 000 games by default).
pub const MAX_GAMES: usize = 1_000_000;

/// The FNV-1a offset basis, the hash of no bytes.
pub(crate) const FNV_OFFSET: u64 = 0xcbf2_9ce4_8422_2325;

/// FNV-1a, 64 bits: a portable, stable hash for schedule names and result-file checksums.
pub(crate) fn fnv1a(bytes: &[u8], mut h: u64) -> u64 {
    for b in bytes {
        h ^= u64::from(*b);
        h = h.wrapping_mul(0x0000_0100_0000_01b3);
    }
    h
}

/// Why a tournament's schedule could not be built ([`Schedule::build`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ScheduleError {
    /// Fewer than two players.
    TooFewBots,
    /// No variant.
    NoVariant,
    /// A number of games per pair that is zero or odd.
    GamesPerPair(usize),
    /// A gauntlet player index beyond the players.
    GauntletOutOfRange(usize),
    /// A variant name that is none.
    UnknownVariant(crate::rules::variant::UnknownVariant),
    /// The opening sets are not one per variant, in the variants' order.
    OpeningsDoNotMatch,
    /// An opening line that cannot start a game.
    BadOpening {
        /// Its variant.
        variant: Variant,
        /// Its number in the set, from 1.
        number: usize,
        /// The line.
        line: String,
        /// The set's source.
        source: String,
        /// Why.
        error: Box<OpeningPositionError>,
    },
    /// More games than [`MAX_GAMES`] (`None`: more than a `usize` counts).
    TooManyGames {
        /// The games the spec asks for.
        games: Option<usize>,
        /// The pairings.
        pairings: usize,
        /// The variants.
        variants: usize,
        /// The games per pair.
        games_per_pair: usize,
    },
    /// A time control that cannot be read.
    TimeControl(crate::rules::clock::TimeControlError),
    /// The spec could not be written out to be hashed (not expected).
    Describe(String),
}

impl std::fmt::Display for ScheduleError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ScheduleError::TooFewBots => f.write_str("a tournament needs at least two bots"),
            ScheduleError::NoVariant => f.write_str("a tournament needs at least one variant"),
            ScheduleError::GamesPerPair(n) => write!(
                f,
                "games per pair must be even and at least 2 (each opening is played with both \
                 colours), not {n}"
            ),
            ScheduleError::GauntletOutOfRange(g) => write!(f, "gauntlet player {g} out of range"),
            ScheduleError::UnknownVariant(e) => write!(f, "{e}"),
            ScheduleError::OpeningsDoNotMatch => {
                f.write_str("the opening sets do not match the variants")
            }
            ScheduleError::BadOpening {
                variant,
                number,
                line,
                source,
                error,
            } => write!(
                f,
                "{} opening {number} ('{line}', from {source}): {error}",
                variant.name()
            ),
            ScheduleError::TooManyGames {
                games,
                pairings,
                variants,
                games_per_pair,
            } => write!(
                f,
                "{pairings} pairings × {variants} variants × {games_per_pair} games per pair \
                 are {} games, more than the {MAX_GAMES} one tournament may hold (every game \
                 is kept for the report): play fewer games per pair, or split it into \
                 several tournaments",
                games.map_or_else(|| "too many".to_string(), |g| g.to_string())
            ),
            ScheduleError::TimeControl(e) => write!(f, "time control: {e}"),
            ScheduleError::Describe(e) => write!(f, "cannot describe the spec: {e}"),
        }
    }
}

impl std::error::Error for ScheduleError {}

impl Schedule {
    /// Builds the schedule of `spec`.
    ///
    /// # Errors
    /// [`ScheduleError`]: fewer than two players, no variant, an unknown variant, an odd or
    /// zero number of games per pair, more than [`MAX_GAMES`] games, a gauntlet index out of
    /// range, an opening set that
    /// does not match the variants, or an opening line that is unreadable, illegal or
    /// starts a finished game (naming the variant and line).
    pub fn build(spec: &TournamentSpec) -> Result<Schedule, ScheduleError> {
        let n = spec.players.len();
        if n < 2 {
            return Err(ScheduleError::TooFewBots);
        }
        if spec.variants.is_empty() {
            return Err(ScheduleError::NoVariant);
        }
        if spec.games_per_pair == 0 || !spec.games_per_pair.is_multiple_of(2) {
            return Err(ScheduleError::GamesPerPair(spec.games_per_pair));
        }
        spec.clock().map_err(ScheduleError::TimeControl)?;
        let pairs: Vec<(usize, usize)> = match spec.format {
            Format::RoundRobin => (0..n)
                .flat_map(|i| (i + 1..n).map(move |j| (i, j)))
                .collect(),
            Format::Gauntlet(g) if g < n => (0..n).filter(|&j| j != g).map(|j| (g, j)).collect(),
            Format::Gauntlet(g) => return Err(ScheduleError::GauntletOutOfRange(g)),
        };
        let mut variants = Vec::new();
        for v in &spec.variants {
            variants.push(Variant::parse(v).map_err(ScheduleError::UnknownVariant)?);
        }
        // Counted before anything is allocated: a spec (typed, or read from an edited
        // result file) asking for billions of games is refused, not built.
        let games = pairs
            .len()
            .checked_mul(variants.len())
            .and_then(|n| n.checked_mul(spec.games_per_pair));
        if games.is_none_or(|g| g > MAX_GAMES) {
            return Err(ScheduleError::TooManyGames {
                games,
                pairings: pairs.len(),
                variants: variants.len(),
                games_per_pair: spec.games_per_pair,
            });
        }
        if spec.openings.len() != variants.len()
            || spec
                .openings
                .iter()
                .zip(&variants)
                .any(|(o, v)| o.variant != v.name())
        {
            return Err(ScheduleError::OpeningsDoNotMatch);
        }
        let mut openings = Vec::new();
        for (set, &v) in spec.openings.iter().zip(&variants) {
            let mut list = Vec::new();
            for (i, line) in set.lines.iter().enumerate() {
                let start =
                    opening_position(v, line).map_err(|error| ScheduleError::BadOpening {
                        variant: v,
                        number: i + 1,
                        line: line.clone(),
                        source: set.source.clone(),
                        error: Box::new(error),
                    })?;
                list.push(Opening {
                    text: line.clone(),
                    start,
                });
            }
            if list.is_empty() {
                list.push(Opening {
                    text: String::new(),
                    start: Position::new(v),
                });
            }
            openings.push(list);
        }
        let perms: Vec<Vec<usize>> = openings
            .iter()
            .enumerate()
            .map(|(vi, list)| shuffled(list.len(), mix_seed(spec.seed ^ mix_seed(vi as u64))))
            .collect();
        let mut games = Vec::new();
        for round in 0..spec.games_per_pair / 2 {
            for (vi, &variant) in variants.iter().enumerate() {
                let opening = perms[vi][round % perms[vi].len()];
                for &(a, b) in &pairs {
                    for (white, black) in [(a, b), (b, a)] {
                        let index = games.len();
                        games.push(ScheduledGame {
                            index,
                            variant,
                            variant_index: vi,
                            white,
                            black,
                            opening,
                            seed: game_seed(spec.seed, index),
                        });
                    }
                }
            }
        }
        let described = ron::to_string(spec).map_err(|e| ScheduleError::Describe(e.to_string()))?;
        let mut hash = fnv1a(described.as_bytes(), FNV_OFFSET);
        for g in &games {
            let line = format!(
                "{} {} {} {} {} {}\n",
                g.index,
                g.variant.name(),
                g.white,
                g.black,
                g.opening,
                g.seed
            );
            hash = fnv1a(line.as_bytes(), hash);
        }
        Ok(Schedule {
            spec: spec.clone(),
            variants,
            openings,
            games,
            hash,
        })
    }

    /// The hash as 16 hexadecimal digits (the name written in result files).
    pub fn hash_hex(&self) -> String {
        format!("{:016x}", self.hash)
    }

    /// The indices of shard `k` of `n` (0-based `k`): the games whose index is `k` modulo
    /// `n`, in order.
    pub fn shard_indices(&self, k: usize, n: usize) -> Vec<usize> {
        (0..self.games.len())
            .filter(|i| n > 0 && i % n == k)
            .collect()
    }
}

/// Why an opening line cannot start a game ([`opening_position`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum OpeningPositionError {
    /// The position text or a move is unreadable or illegal.
    Position(crate::bots::uci_engine::PositionCommandError),
    /// The opening ends the game.
    EndsTheGame(crate::rules::Outcome),
    /// A position repeats for the third time along the line (threefold repetition, as
    /// [`GameRecord`] counts it, the start position included): the game would be drawn
    /// there.
    Repetition {
        /// The move (Parity: turn) after which the position stands for the third time,
        /// from 1.
        number: usize,
        /// The move as written.
        token: String,
    },
}

impl std::fmt::Display for OpeningPositionError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            OpeningPositionError::Position(e) => write!(f, "{e}"),
            OpeningPositionError::EndsTheGame(o) => {
                write!(f, "the opening ends the game ({})", o.describe())
            }
            OpeningPositionError::Repetition { number, token } => write!(
                f,
                "move {number} '{token}' repeats a position for the third time: the game \
                 would be drawn by threefold repetition"
            ),
        }
    }
}

impl std::error::Error for OpeningPositionError {}

/// The start position of an opening line: `fen <text>` (optionally followed by
/// `moves …`), or moves in coordinate form from the variant's initial position (Parity:
/// turns `WHITE/BLACK`).
///
/// # Errors
/// [`OpeningPositionError`]: the position or move error, a finished position, or a line
/// along which a position stands for the third time ([`OpeningPositionError::Repetition`],
/// the record's threefold repetition).
pub fn opening_position(variant: Variant, line: &str) -> Result<Position, OpeningPositionError> {
    let mut words: Vec<&str> = line.split_whitespace().collect();
    if words.first() != Some(&"fen") {
        words.splice(0..0, ["startpos", "moves"]);
    }
    let pos = parse_position(&words, variant).map_err(OpeningPositionError::Position)?;
    if let Some(o) = pos.outcome() {
        return Err(OpeningPositionError::EndsTheGame(o));
    }
    if let Some(moves_at) = words.iter().position(|w| *w == "moves") {
        let start =
            parse_position(&words[..moves_at], variant).map_err(OpeningPositionError::Position)?;
        repetition_along(start, &words[moves_at + 1..])?;
    }
    Ok(pos)
}

/// Replays `moves` (coordinate form; Parity: turns) from `start` in a [`GameRecord`] and
/// refuses the first one after which the record sees a threefold repetition.
/// [`parse_position`] has checked every move already, so a move that cannot be found or
/// played here cannot happen; the replay then stops.
fn repetition_along(start: Position, moves: &[&str]) -> Result<(), OpeningPositionError> {
    let mut record = GameRecord::new(start);
    let simultaneous = record.variant().turn_model() == TurnModel::Simultaneous;
    for (n, &token) in moves.iter().enumerate() {
        let pos = record.current();
        let shape = pos.shape();
        let find = |side: Color, text: &str| {
            pos.legal_commits(side)
                .into_iter()
                .find(|m| m.coordinate(shape) == text)
        };
        let played = if simultaneous {
            let Some((w, b)) = token.split_once('/') else {
                return Ok(());
            };
            match (find(Color::White, w), find(Color::Black, b)) {
                (Some(w), Some(b)) => record.play_turn(&w, &b).is_ok(),
                _ => false,
            }
        } else {
            find(pos.turn(), token).is_some_and(|m| record.play(&m).is_ok())
        };
        if !played {
            return Ok(());
        }
        if let Some(Outcome::Draw {
            reason: DrawReason::Repetition,
        }) = record.outcome()
        {
            return Err(OpeningPositionError::Repetition {
                number: n + 1,
                token: token.to_string(),
            });
        }
    }
    Ok(())
}

/// `0..len` shuffled by Fisher–Yates with [`mix_seed`] as the generator (portable: the
/// schedule does not depend on a library's shuffle).
fn shuffled(len: usize, seed: u64) -> Vec<usize> {
    let mut v: Vec<usize> = (0..len).collect();
    let mut state = seed;
    for i in (1..len).rev() {
        state = mix_seed(state);
        let j = (state % (i as u64 + 1)) as usize;
        v.swap(i, j);
    }
    v
}

#[cfg(test)]
pub(crate) mod tests_support {
    use super::*;

    /// A spec of `players` (names = specs) over `variants`, seed 5, 40 plies, three
    /// openings per variant.
    pub(crate) fn spec(players: &[&str], variants: &[&str], gpp: usize) -> TournamentSpec {
        TournamentSpec {
            players: players
                .iter()
                .map(|p| Player {
                    name: p.to_string(),
                    spec: p.to_string(),
                })
                .collect(),
            format: Format::RoundRobin,
            variants: variants.iter().map(|v| v.to_string()).collect(),
            games_per_pair: gpp,
            seed: 5,
            movetime_ms: None,
            time_control: None,
            nodes: None,
            max_plies: 40,
            fallback: "forfeit".into(),
            openings: variants
                .iter()
                .map(|v| OpeningSet {
                    variant: v.to_string(),
                    source: "test".into(),
                    lines: vec!["e2e4 e7e5".into(), "d2d4 d7d5".into(), "c2c4".into()],
                })
                .collect(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::tests_support::spec;
    use super::*;

    #[test]
    fn games_come_in_colour_swapped_pairs_from_one_opening() {
        let s = Schedule::build(&spec(&["a", "b", "c"], &["standard", "bully"], 4)).unwrap();
        // 3 pairings × 2 variants × 4 games.
        assert_eq!(s.games.len(), 24);
        for pair in s.games.chunks(2) {
            assert_eq!(
                (pair[0].white, pair[0].black),
                (pair[1].black, pair[1].white)
            );
            assert_eq!(pair[0].opening, pair[1].opening);
            assert_eq!(pair[0].variant, pair[1].variant);
        }
        // Round 0: standard's pairings, then bully's; round 1 again.
        let order: Vec<(&str, usize, usize)> = s.games[..12]
            .iter()
            .map(|g| (g.variant.name(), g.white, g.black))
            .collect();
        assert_eq!(
            order,
            [
                ("standard", 0, 1),
                ("standard", 1, 0),
                ("standard", 0, 2),
                ("standard", 2, 0),
                ("standard", 1, 2),
                ("standard", 2, 1),
                ("bully", 0, 1),
                ("bully", 1, 0),
                ("bully", 0, 2),
                ("bully", 2, 0),
                ("bully", 1, 2),
                ("bully", 2, 1),
            ]
        );
        assert_eq!(s.games[5].seed, game_seed(5, 5));
        // Two rounds use two different openings of the three.
        assert_ne!(s.games[0].opening, s.games[12].opening);
    }

    #[test]
    fn the_hash_names_the_schedule() {
        let a = Schedule::build(&spec(&["a", "b"], &["standard"], 2)).unwrap();
        let b = Schedule::build(&spec(&["a", "b"], &["standard"], 2)).unwrap();
        assert_eq!(a.hash_hex(), b.hash_hex());
        assert_eq!(a.hash_hex().len(), 16);
        let mut other = spec(&["a", "b"], &["standard"], 2);
        other.seed = 6;
        assert_ne!(Schedule::build(&other).unwrap().hash, a.hash);
        other.seed = 5;
        other.max_plies = 41;
        assert_ne!(Schedule::build(&other).unwrap().hash, a.hash);
    }

    #[test]
    fn a_clock_is_part_of_the_schedule_and_no_clock_leaves_the_description_as_it_was() {
        let plain = spec(&["a", "b"], &["standard"], 2);
        let described = ron::to_string(&plain).unwrap();
        assert!(!described.contains("time_control"), "{described}");
        // A result file written before specs had a clock still reads, with no clock.
        let read: TournamentSpec = ron::from_str(&described).unwrap();
        assert_eq!(read, plain);
        assert_eq!(
            read.clock().unwrap(),
            crate::rules::clock::TimeControl::Unlimited
        );
        let mut timed = plain.clone();
        timed.time_control = Some("1+1".into());
        assert_eq!(
            timed.clock().unwrap(),
            crate::rules::clock::TimeControl::fischer(1, 1)
        );
        assert_ne!(
            Schedule::build(&timed).unwrap().hash,
            Schedule::build(&plain).unwrap().hash
        );
        timed.time_control = Some("five".into());
        let e = Schedule::build(&timed).unwrap_err();
        assert!(matches!(e, ScheduleError::TimeControl(_)), "{e}");
        assert!(e.to_string().contains("five"), "{e}");
    }

    #[test]
    fn shards_partition_the_games() {
        let s = Schedule::build(&spec(&["a", "b", "c"], &["standard"], 2)).unwrap();
        let mut all: Vec<usize> = (0..3).flat_map(|k| s.shard_indices(k, 3)).collect();
        all.sort_unstable();
        assert_eq!(all, (0..6).collect::<Vec<_>>());
        assert_eq!(s.shard_indices(1, 3), [1, 4]);
    }

    #[test]
    fn bad_specs_are_refused_with_a_reason() {
        let err = |s: TournamentSpec| Schedule::build(&s).unwrap_err().to_string();
        assert_eq!(
            Schedule::build(&spec(&["a"], &["standard"], 2)).unwrap_err(),
            ScheduleError::TooFewBots
        );
        assert!(err(spec(&["a"], &["standard"], 2)).contains("at least two bots"));
        assert!(err(spec(&["a", "b"], &["standard"], 3)).contains("must be even"));
        assert!(err(spec(&["a", "b"], &["chess960"], 2)).contains("chess960"));
        let mut s = spec(&["a", "b"], &["standard"], 2);
        s.openings[0].lines.push("e2e5".into());
        let e = err(s);
        assert!(
            e.starts_with("standard opening 4 ('e2e5', from test): position: move 1 'e2e5'"),
            "{e}"
        );
        let mut s = spec(&["a", "b"], &["standard"], 2);
        s.openings[0].lines = vec!["f2f3 e7e5 g2g4 d8h4".into()];
        assert!(err(s).contains("the opening ends the game (Black wins by checkmate)"));
    }

    /// A spec asking for more than [`MAX_GAMES`] games is refused before anything is
    /// allocated (it would take gigabytes), and so is one whose count overflows.
    #[test]
    fn a_schedule_of_too_many_games_is_refused_before_it_is_built() {
        let mut s = spec(&["a", "b"], &["standard"], 100_000_000);
        let e = Schedule::build(&s).unwrap_err();
        assert_eq!(
            e.to_string(),
            "1 pairings × 1 variants × 100000000 games per pair are 100000000 games, more \
             than the 1000000 one tournament may hold (every game is kept for the report): \
             play fewer games per pair, or split it into several tournaments"
        );
        s.games_per_pair = usize::MAX - 1;
        s.variants = vec!["standard".into(), "bully".into()];
        s.openings.push(OpeningSet {
            variant: "bully".into(),
            source: "test".into(),
            lines: Vec::new(),
        });
        let e = Schedule::build(&s).unwrap_err();
        assert!(
            matches!(e, ScheduleError::TooManyGames { games: None, .. }),
            "{e}"
        );
        s.games_per_pair = MAX_GAMES / 2;
        assert_eq!(Schedule::build(&s).unwrap().games.len(), MAX_GAMES);
    }

    #[test]
    fn a_gauntlet_pairs_one_player_with_each_other() {
        let mut s = spec(&["a", "b", "c", "d"], &["standard"], 2);
        s.format = Format::Gauntlet(2);
        let s = Schedule::build(&s).unwrap();
        let pairs: Vec<(usize, usize)> = s.games.iter().map(|g| (g.white, g.black)).collect();
        assert_eq!(pairs, [(2, 0), (0, 2), (2, 1), (1, 2), (2, 3), (3, 2)]);
    }
}
