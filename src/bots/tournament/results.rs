//! Result files: the games a run (or one shard of it) played, with their index, result and
//! PGN text, and the spec and schedule hash they belong to (RON, written atomically at the
//! end of the run), sealed by a checksum over all of it; and [`merge`], which puts the
//! shards of one schedule back together and refuses files of another schedule, foreign
//! games, and missing or duplicated games. A file whose games or schedule were changed
//! after it was written (a result, a termination, a ply count, a PGN edited by hand or
//! damaged) no longer matches its checksum and is refused when read: the report and the PGN
//! of a merge always come from the games as played. The checksum (FNV-1a, 64 bits) guards
//! against edits and damage, not against someone who recomputes it.

use std::collections::BTreeMap;
use std::path::Path;

use serde::{Deserialize, Serialize};

use super::schedule::{FNV_OFFSET, Schedule, TournamentSpec, fnv1a};

/// The `format` field of a result file.
pub const FORMAT: &str = "esoterica-tournament-results 2";

/// The largest result file read, in bytes.
pub const MAX_RESULTS_BYTES: u64 = 1 << 30;

/// A fault of a bot in one game (see [`Fault`](crate::bots::arena::Fault)).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct FaultEntry {
    /// The bot's name.
    pub bot: String,
    /// Its colour, `white` or `black`.
    pub color: String,
    /// What went wrong.
    pub reason: String,
    /// Whether it was a rules error (a bug) rather than the bot's fault.
    pub internal: bool,
}

/// One finished game, as a result file keeps it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct GameEntry {
    /// Its index in the schedule.
    pub index: usize,
    /// The variant's name.
    pub variant: String,
    /// White's name.
    pub white: String,
    /// Black's name.
    pub black: String,
    /// Index of the opening in its variant's set.
    pub opening: usize,
    /// `1-0`, `0-1`, `1/2-1/2`, or `*` for a game stopped by an internal error (unscored).
    pub result: String,
    /// Why it ended, in words.
    pub termination: String,
    /// Plies (Parity: turns) played.
    pub plies: usize,
    /// Whether it was adjudicated a draw at the ply cap.
    pub ply_cap: bool,
    /// The faults of the game.
    pub faults: Vec<FaultEntry>,
    /// The game as PGN (ends with a newline).
    pub pgn: String,
}

impl GameEntry {
    /// White's points (1, ½, 0); `None` for an unscored game.
    pub fn white_points(&self) -> Option<f64> {
        match self.result.as_str() {
            "1-0" => Some(1.0),
            "0-1" => Some(0.0),
            "1/2-1/2" => Some(0.5),
            _ => None,
        }
    }
}

/// How the report is computed (not part of the schedule).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ReportOptions {
    /// Virtual draws per pairing in the rating fit ([`rating::fit`](super::rating::fit)).
    pub prior: f64,
    /// The player rated 0; `None`: the mean is 0.
    pub anchor: Option<String>,
}

/// A result file: the games of shard `shard` of `shards` (`0` of `1` for a whole run).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ResultsFile {
    /// Always [`FORMAT`].
    pub format: String,
    /// The schedule hash ([`Schedule::hash_hex`]).
    pub schedule_hash: String,
    /// The shard played (0-based).
    pub shard: usize,
    /// The number of shards.
    pub shards: usize,
    /// The spec the schedule was built from.
    pub spec: TournamentSpec,
    /// The report settings of the run.
    pub report: ReportOptions,
    /// The games, in index order.
    pub games: Vec<GameEntry>,
    /// 16 hexadecimal digits: FNV-1a over the RON text of every field above
    /// ([`ResultsFile::compute_checksum`]). Set by [`ResultsFile::to_text`] (whatever it
    /// holds before), checked by [`ResultsFile::from_text`].
    #[serde(default)]
    pub checksum: String,
}

/// The fields a result file's checksum covers, borrowed (in the order of the file).
#[derive(Serialize)]
struct Summed<'a> {
    format: &'a str,
    schedule_hash: &'a str,
    shard: usize,
    shards: usize,
    spec: &'a TournamentSpec,
    report: &'a ReportOptions,
    games: &'a [GameEntry],
}

/// A result file as written: [`Summed`] and its checksum (the fields of [`ResultsFile`], in
/// its order, borrowed).
#[derive(Serialize)]
struct Sealed<'a> {
    format: &'a str,
    schedule_hash: &'a str,
    shard: usize,
    shards: usize,
    spec: &'a TournamentSpec,
    report: &'a ReportOptions,
    games: &'a [GameEntry],
    checksum: &'a str,
}

/// FNV-1a over what is written into it (RON text, as it is produced).
struct FnvWriter(u64);

impl std::fmt::Write for FnvWriter {
    fn write_str(&mut self, s: &str) -> std::fmt::Result {
        self.0 = fnv1a(s.as_bytes(), self.0);
        Ok(())
    }
}

/// Why a result file could not be written or read ([`ResultsFile`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ResultsError {
    /// Serialisation failed (not expected for these types).
    Write(String),
    /// The text is not a result file (RON's position and reason).
    NotAResultsFile(String),
    /// A result file of another format (the format it names).
    OtherFormat(String),
    /// The file could not be read, or is not a regular file (the path and why).
    Io {
        /// The path.
        path: String,
        /// The error, in words.
        error: String,
    },
    /// The file is larger than [`MAX_RESULTS_BYTES`].
    TooLarge {
        /// The path.
        path: String,
    },
    /// The file is not UTF-8 text.
    NotUtf8 {
        /// The path.
        path: String,
    },
    /// The checksum does not match the content: the file was changed after it was written.
    Checksum {
        /// The checksum the file holds.
        written: String,
        /// The checksum of what it holds.
        computed: String,
    },
    /// The text of the file at `path` is not a result file of this format.
    InFile {
        /// The path.
        path: String,
        /// What is wrong.
        error: Box<ResultsError>,
    },
}

impl std::fmt::Display for ResultsError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ResultsError::Write(e) => write!(f, "cannot write the result file: {e}"),
            ResultsError::NotAResultsFile(e) => write!(f, "not a tournament result file: {e}"),
            ResultsError::OtherFormat(found) => write!(
                f,
                "not a tournament result file of this version: format '{found}', expected \
                 '{FORMAT}'"
            ),
            ResultsError::Io { path, error } => write!(f, "{path}: {error}"),
            ResultsError::TooLarge { path } => {
                write!(f, "{path}: larger than {MAX_RESULTS_BYTES} bytes")
            }
            ResultsError::NotUtf8 { path } => write!(f, "{path}: not UTF-8 text"),
            ResultsError::Checksum { written, computed } => write!(
                f,
                "its checksum {written} does not match its games and schedule (computed: \
                 {computed}): the file was edited or damaged after it was written; play its \
                 games again"
            ),
            ResultsError::InFile { path, error } => write!(f, "{path}: {error}"),
        }
    }
}

impl std::error::Error for ResultsError {}

/// Why result files could not be merged ([`merge`]); each names the file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MergeError {
    /// No file was given.
    NoFiles,
    /// The first file's spec builds no schedule.
    Schedule {
        /// The file.
        file: String,
        /// Why.
        error: Box<super::schedule::ScheduleError>,
    },
    /// A file of another tournament.
    DifferentSchedule {
        /// The file.
        file: String,
        /// Its schedule hash.
        hash: String,
        /// The first file.
        first: String,
        /// The first file's hash.
        first_hash: String,
    },
    /// A schedule hash that its spec does not rebuild.
    HashMismatch {
        /// The file.
        file: String,
        /// Its hash.
        hash: String,
        /// The rebuilt hash.
        rebuilt: String,
    },
    /// Report settings that differ from the first file's.
    ReportDiffers {
        /// The file.
        file: String,
        /// The first file.
        first: String,
    },
    /// A shard number that is not below the shard count.
    BadShard {
        /// The file.
        file: String,
        /// Its shard.
        shard: usize,
        /// Its shard count.
        shards: usize,
    },
    /// A game index beyond the schedule.
    NotScheduled {
        /// The file.
        file: String,
        /// The game.
        index: usize,
        /// The schedule's games.
        games: usize,
    },
    /// A game of another shard.
    WrongShard {
        /// The file.
        file: String,
        /// The game.
        index: usize,
        /// The file's shard.
        shard: usize,
        /// Its shard count.
        shards: usize,
    },
    /// A game that is not the scheduled pairing.
    WrongPairing {
        /// The file.
        file: String,
        /// The game.
        index: usize,
        /// What the file has: `variant white - black (opening N)`.
        played: String,
        /// What the schedule has, written the same way.
        scheduled: String,
    },
    /// A game in two files.
    Duplicate {
        /// The game.
        index: usize,
        /// The file it was first in.
        first: String,
        /// The other file.
        file: String,
    },
    /// Games no file holds.
    Missing {
        /// The missing indices.
        indices: Vec<usize>,
        /// The schedule's games.
        games: usize,
        /// The shard count of the first file.
        shards: usize,
    },
}

impl std::fmt::Display for MergeError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            MergeError::NoFiles => f.write_str("merge needs at least one result file"),
            MergeError::Schedule { file, error } => write!(f, "{file}: {error}"),
            MergeError::DifferentSchedule {
                file,
                hash,
                first,
                first_hash,
            } => write!(
                f,
                "{file}: from a different schedule (hash {hash}) than {first} (hash \
                 {first_hash}); only shards of one tournament merge"
            ),
            MergeError::HashMismatch {
                file,
                hash,
                rebuilt,
            } => write!(
                f,
                "{file}: its schedule hash {hash} does not match its spec (rebuilt: {rebuilt}); \
                 was it written by another version of esoterica?"
            ),
            MergeError::ReportDiffers { file, first } => write!(
                f,
                "{file}: report settings (--prior, --anchor) differ from {first}'s"
            ),
            MergeError::BadShard {
                file,
                shard,
                shards,
            } => write!(f, "{file}: bad shard {shard}/{shards}"),
            MergeError::NotScheduled { file, index, games } => write!(
                f,
                "{file}: game {index} is not in the schedule ({games} games)"
            ),
            MergeError::WrongShard {
                file,
                index,
                shard,
                shards,
            } => write!(
                f,
                "{file}: game {index} does not belong to shard {shard}/{shards}"
            ),
            MergeError::WrongPairing {
                file,
                index,
                played,
                scheduled,
            } => write!(
                f,
                "{file}: game {index} is {played}, but the schedule has {scheduled}"
            ),
            MergeError::Duplicate { index, first, file } => {
                write!(f, "game {index} is in both {first} and {file}")
            }
            MergeError::Missing {
                indices,
                games,
                shards,
            } => {
                let m = indices.first().copied().unwrap_or_default();
                let list: Vec<String> = indices.iter().take(10).map(ToString::to_string).collect();
                write!(
                    f,
                    "{} of {games} games missing (indices {}{}); e.g. game {m} is in shard \
                     {}/{shards} — give every shard's result file",
                    indices.len(),
                    list.join(", "),
                    if indices.len() > 10 { ", …" } else { "" },
                    m % (*shards).max(1),
                )
            }
        }
    }
}

impl std::error::Error for MergeError {}

impl ResultsFile {
    /// The checksum of the file's content: FNV-1a, as 16 hexadecimal digits, over the RON
    /// text (not pretty-printed) of every field but the checksum itself.
    ///
    /// # Errors
    /// [`ResultsError::Write`] (not expected for these types).
    pub fn compute_checksum(&self) -> Result<String, ResultsError> {
        let mut h = FnvWriter(FNV_OFFSET);
        let summed = Summed {
            format: &self.format,
            schedule_hash: &self.schedule_hash,
            shard: self.shard,
            shards: self.shards,
            spec: &self.spec,
            report: &self.report,
            games: &self.games,
        };
        ron::ser::to_writer(&mut h, &summed).map_err(|e| ResultsError::Write(e.to_string()))?;
        Ok(format!("{:016x}", h.0))
    }

    /// The file's text (RON), with its checksum.
    ///
    /// # Errors
    /// [`ResultsError::Write`] (not expected for these types).
    pub fn to_text(&self) -> Result<String, ResultsError> {
        let checksum = self.compute_checksum()?;
        let sealed = Sealed {
            format: &self.format,
            schedule_hash: &self.schedule_hash,
            shard: self.shard,
            shards: self.shards,
            spec: &self.spec,
            report: &self.report,
            games: &self.games,
            checksum: &checksum,
        };
        ron::ser::to_string_pretty(&sealed, ron::ser::PrettyConfig::default())
            .map(|mut t| {
                t.push('\n');
                t
            })
            .map_err(|e| ResultsError::Write(e.to_string()))
    }

    /// Reads a result file's text.
    ///
    /// # Errors
    /// [`ResultsError::NotAResultsFile`] for text that is not one (with RON's position and
    /// reason), [`ResultsError::OtherFormat`] for another format, [`ResultsError::Checksum`]
    /// for content that does not match its checksum.
    pub fn from_text(text: &str) -> Result<ResultsFile, ResultsError> {
        let f: ResultsFile =
            ron::from_str(text).map_err(|e| ResultsError::NotAResultsFile(e.to_string()))?;
        if f.format != FORMAT {
            return Err(ResultsError::OtherFormat(f.format));
        }
        let computed = f.compute_checksum()?;
        if f.checksum != computed {
            return Err(ResultsError::Checksum {
                written: f.checksum,
                computed,
            });
        }
        Ok(f)
    }

    /// Reads a result file.
    ///
    /// # Errors
    /// [`ResultsError`] with the path: an I/O error, a path that is not a regular file
    /// (a FIFO, a device: refused unread), a file larger than [`MAX_RESULTS_BYTES`], text
    /// that is not UTF-8, or a [`ResultsFile::from_text`] error.
    pub fn read(path: &Path) -> Result<ResultsFile, ResultsError> {
        use crate::persist::PersistError;
        let p = path.display().to_string();
        let text = crate::persist::read_text_bounded(path, MAX_RESULTS_BYTES as usize).map_err(
            |e| match e {
                PersistError::TooLarge { .. } => ResultsError::TooLarge { path: p.clone() },
                PersistError::NotText => ResultsError::NotUtf8 { path: p.clone() },
                PersistError::Io { reason, .. } => ResultsError::Io {
                    path: p.clone(),
                    error: reason,
                },
                PersistError::NotAFile { kind, .. } => ResultsError::Io {
                    path: p.clone(),
                    error: format!("it is {kind}, not a regular file"),
                },
                e => ResultsError::Io {
                    path: p.clone(),
                    error: e.to_string(),
                },
            },
        )?;
        ResultsFile::from_text(&text).map_err(|e| ResultsError::InFile {
            path: p.clone(),
            error: Box::new(e),
        })
    }
}

/// The merged shards: the schedule, the report settings and every game in index order.
#[derive(Clone, Debug)]
pub struct Merged {
    /// The schedule, rebuilt from the spec.
    pub schedule: Schedule,
    /// The report settings (equal in every file).
    pub report: ReportOptions,
    /// Every game of the schedule, in index order.
    pub games: Vec<GameEntry>,
}

/// Merges result files (each with the name it is reported by).
///
/// # Errors
/// [`MergeError`], naming the file: no file; a spec, schedule hash or report settings
/// different from the first file's; a hash that does not match the spec (another version
/// built the schedule differently); a game outside the file's shard or the schedule, or
/// not the scheduled pairing; a game in two files; and the games missing (the first
/// ten indices and their shard).
pub fn merge(files: &[(String, ResultsFile)]) -> Result<Merged, MergeError> {
    let Some((first_name, first)) = files.first() else {
        return Err(MergeError::NoFiles);
    };
    let schedule = Schedule::build(&first.spec).map_err(|error| MergeError::Schedule {
        file: first_name.clone(),
        error: Box::new(error),
    })?;
    let hash = schedule.hash_hex();
    let mut games: BTreeMap<usize, (&str, &GameEntry)> = BTreeMap::new();
    for (name, f) in files {
        if f.schedule_hash != first.schedule_hash || f.spec != first.spec {
            return Err(MergeError::DifferentSchedule {
                file: name.clone(),
                hash: f.schedule_hash.clone(),
                first: first_name.clone(),
                first_hash: first.schedule_hash.clone(),
            });
        }
        if f.schedule_hash != hash {
            return Err(MergeError::HashMismatch {
                file: name.clone(),
                hash: f.schedule_hash.clone(),
                rebuilt: hash,
            });
        }
        if f.report != first.report {
            return Err(MergeError::ReportDiffers {
                file: name.clone(),
                first: first_name.clone(),
            });
        }
        if f.shards == 0 || f.shard >= f.shards {
            return Err(MergeError::BadShard {
                file: name.clone(),
                shard: f.shard,
                shards: f.shards,
            });
        }
        for g in &f.games {
            let Some(s) = schedule.games.get(g.index) else {
                return Err(MergeError::NotScheduled {
                    file: name.clone(),
                    index: g.index,
                    games: schedule.games.len(),
                });
            };
            if g.index % f.shards != f.shard {
                return Err(MergeError::WrongShard {
                    file: name.clone(),
                    index: g.index,
                    shard: f.shard,
                    shards: f.shards,
                });
            }
            let players = &schedule.spec.players;
            if g.variant != s.variant.name()
                || g.white != players[s.white].name
                || g.black != players[s.black].name
                || g.opening != s.opening
            {
                return Err(MergeError::WrongPairing {
                    file: name.clone(),
                    index: g.index,
                    played: format!(
                        "{} {} - {} (opening {})",
                        g.variant, g.white, g.black, g.opening
                    ),
                    scheduled: format!(
                        "{} {} - {} (opening {})",
                        s.variant.name(),
                        players[s.white].name,
                        players[s.black].name,
                        s.opening
                    ),
                });
            }
            if let Some((other, _)) = games.insert(g.index, (name, g)) {
                return Err(MergeError::Duplicate {
                    index: g.index,
                    first: other.to_string(),
                    file: name.clone(),
                });
            }
        }
    }
    let missing: Vec<usize> = (0..schedule.games.len())
        .filter(|i| !games.contains_key(i))
        .collect();
    if !missing.is_empty() {
        return Err(MergeError::Missing {
            indices: missing,
            games: schedule.games.len(),
            shards: first.shards,
        });
    }
    let games = games.into_values().map(|(_, g)| g.clone()).collect();
    Ok(Merged {
        schedule,
        report: first.report.clone(),
        games,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bots::tournament::schedule::tests_support::spec;

    fn sample() -> ResultsFile {
        let schedule = Schedule::build(&spec(&["a", "b"], &["standard"], 2)).unwrap();
        let game = |index: usize, white: &str, black: &str| GameEntry {
            index,
            variant: "standard".into(),
            white: white.into(),
            black: black.into(),
            opening: schedule.games[index].opening,
            result: "1-0".into(),
            termination: "White wins by checkmate".into(),
            plies: 7,
            ply_cap: false,
            faults: Vec::new(),
            pgn: "[Result \"1-0\"]\n\n1. f3 e5 2. g4 Qh4# 1-0\n".into(),
        };
        ResultsFile {
            format: FORMAT.into(),
            schedule_hash: schedule.hash_hex(),
            shard: 0,
            shards: 1,
            spec: schedule.spec.clone(),
            report: ReportOptions {
                prior: 1.0,
                anchor: None,
            },
            games: vec![game(0, "a", "b"), game(1, "b", "a")],
            checksum: String::new(),
        }
    }

    /// A written file reads back whole; a game edited in it (result, termination, plies,
    /// PGN), a changed spec or a removed checksum is refused as not matching it.
    #[test]
    fn an_edited_result_file_does_not_match_its_checksum() {
        let f = sample();
        let text = f.to_text().unwrap();
        let read = ResultsFile::from_text(&text).unwrap();
        assert_eq!(read.games, f.games);
        assert_eq!(read.checksum, f.compute_checksum().unwrap());
        assert_eq!(read.checksum.len(), 16);
        for (from, to) in [
            ("result: \"1-0\"", "result: \"0-1\""),
            ("termination: \"White wins", "termination: \"Black wins"),
            ("plies: 7,", "plies: 8,"),
            ("Qh4# 1-0", "Qh4# 0-1"),
            ("seed: 5,", "seed: 6,"),
        ] {
            assert!(text.contains(from), "{from}");
            let edited = text.replacen(from, to, 1);
            let e = ResultsFile::from_text(&edited).unwrap_err();
            assert!(matches!(e, ResultsError::Checksum { .. }), "{from}: {e}");
            assert!(
                e.to_string()
                    .contains("does not match its games and schedule"),
                "{e}"
            );
        }
        let line = text
            .lines()
            .find(|l| l.trim_start().starts_with("checksum:"))
            .unwrap();
        let e = ResultsFile::from_text(&text.replace(line, "")).unwrap_err();
        assert!(matches!(e, ResultsError::Checksum { .. }), "{e}");
    }
}
