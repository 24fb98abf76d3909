//! Result files: the games a run (or one shard of it) played, with their index, result and
//! PGN text, and the spec and schedule hash they belong to (RON, written atomically at the
//! end of the run); and [`merge`], which puts the shards of one schedule back together and
//! refuses files of another schedule, foreign games, and missing or duplicated games.

use std::collections::BTreeMap;
use std::path::Path;

use serde::{Deserialize, Serialize};

use super::schedule::{Schedule, TournamentSpec};

/// The `format` field of a result file.
pub const FORMAT: &str = "esoterica-tournament-results 1";

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
}

impl ResultsFile {
    /// The file's text (RON).
    ///
    /// # Errors
    /// A serialisation error, in words (not expected for these types).
    pub fn to_text(&self) -> Result<String, String> {
        ron::ser::to_string_pretty(self, ron::ser::PrettyConfig::default())
            .map(|mut t| {
                t.push('\n');
                t
            })
            .map_err(|e| format!("cannot write the result file: {e}"))
    }

    /// Reads a result file's text.
    ///
    /// # Errors
    /// "not a tournament result file: …" for text that is not one (with RON's position and
    /// reason), or for another format.
    pub fn from_text(text: &str) -> Result<ResultsFile, String> {
        let f: ResultsFile =
            ron::from_str(text).map_err(|e| format!("not a tournament result file: {e}"))?;
        if f.format != FORMAT {
            return Err(format!(
                "not a tournament result file of this version: format '{}', expected '{FORMAT}'",
                f.format
            ));
        }
        Ok(f)
    }

    /// Reads a result file.
    ///
    /// # Errors
    /// The path with an I/O error, a file larger than [`MAX_RESULTS_BYTES`], text that is
    /// not UTF-8, or a [`ResultsFile::from_text`] error.
    pub fn read(path: &Path) -> Result<ResultsFile, String> {
        let p = path.display();
        let meta = std::fs::metadata(path).map_err(|e| format!("{p}: {e}"))?;
        if meta.len() > MAX_RESULTS_BYTES {
            return Err(format!("{p}: larger than {MAX_RESULTS_BYTES} bytes"));
        }
        let bytes = std::fs::read(path).map_err(|e| format!("{p}: {e}"))?;
        let text = String::from_utf8(bytes).map_err(|_| format!("{p}: not UTF-8 text"))?;
        ResultsFile::from_text(&text).map_err(|e| format!("{p}: {e}"))
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
/// A message naming the file for: no file; a spec, schedule hash or report settings
/// different from the first file's; a hash that does not match the spec (another version
/// built the schedule differently); a game outside the file's shard or the schedule, or
/// not the scheduled pairing; a game in two files; and the games missing (the first
/// ten indices and their shard).
pub fn merge(files: &[(String, ResultsFile)]) -> Result<Merged, String> {
    let Some((first_name, first)) = files.first() else {
        return Err("merge needs at least one result file".into());
    };
    let schedule = Schedule::build(&first.spec).map_err(|e| format!("{first_name}: {e}"))?;
    let hash = schedule.hash_hex();
    let mut games: BTreeMap<usize, (&str, &GameEntry)> = BTreeMap::new();
    for (name, f) in files {
        if f.schedule_hash != first.schedule_hash || f.spec != first.spec {
            return Err(format!(
                "{name}: from a different schedule (hash {}) than {first_name} (hash {}); \
                 only shards of one tournament merge",
                f.schedule_hash, first.schedule_hash
            ));
        }
        if f.schedule_hash != hash {
            return Err(format!(
                "{name}: its schedule hash {} does not match its spec (rebuilt: {hash}); \
                 was it written by another version of esoterica?",
                f.schedule_hash
            ));
        }
        if f.report != first.report {
            return Err(format!(
                "{name}: report settings (--prior, --anchor) differ from {first_name}'s"
            ));
        }
        if f.shards == 0 || f.shard >= f.shards {
            return Err(format!("{name}: bad shard {}/{}", f.shard, f.shards));
        }
        for g in &f.games {
            let Some(s) = schedule.games.get(g.index) else {
                return Err(format!(
                    "{name}: game {} is not in the schedule ({} games)",
                    g.index,
                    schedule.games.len()
                ));
            };
            if g.index % f.shards != f.shard {
                return Err(format!(
                    "{name}: game {} does not belong to shard {}/{}",
                    g.index, f.shard, f.shards
                ));
            }
            let players = &schedule.spec.players;
            if g.variant != s.variant.name()
                || g.white != players[s.white].name
                || g.black != players[s.black].name
                || g.opening != s.opening
            {
                return Err(format!(
                    "{name}: game {} is {} {} - {} (opening {}), but the schedule has {} {} - {} (opening {})",
                    g.index,
                    g.variant,
                    g.white,
                    g.black,
                    g.opening,
                    s.variant.name(),
                    players[s.white].name,
                    players[s.black].name,
                    s.opening
                ));
            }
            if let Some((other, _)) = games.insert(g.index, (name, g)) {
                return Err(format!("game {} is in both {other} and {name}", g.index));
            }
        }
    }
    let missing: Vec<usize> = (0..schedule.games.len())
        .filter(|i| !games.contains_key(i))
        .collect();
    if let Some(&m) = missing.first() {
        let list: Vec<String> = missing.iter().take(10).map(ToString::to_string).collect();
        return Err(format!(
            "{} of {} games missing (indices {}{}); e.g. game {m} is in shard {}/{} — \
             give every shard's result file",
            missing.len(),
            schedule.games.len(),
            list.join(", "),
            if missing.len() > 10 { ", …" } else { "" },
            m % first.shards,
            first.shards
        ));
    }
    let games = games.into_values().map(|(_, g)| g.clone()).collect();
    Ok(Merged {
        schedule,
        report: first.report.clone(),
        games,
    })
}
