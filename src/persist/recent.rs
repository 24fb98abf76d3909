//! Recent games: every game that is replaced while it has moves (a new game, a loaded or
//! pasted one, a scene, the demo taking the board) is first written to
//! `DATA_DIR/recent/<YYYYMMDD-HHMMSS>-<seq>-<variant>-<plies>.pgn`, and the newest
//! [`RecentGames::KEEP`] files are kept, so nothing a key press or a menu does loses a game.
//! The game's Files panel lists them for restoring. Plain Rust; the game calls it.

use std::path::{Path, PathBuf};

use crate::rules::record::GameRecord;
use crate::rules::variant::Variant;

use super::game::{game_to_text, load_game};
use super::stamp::UtcStamp;
use super::{PersistError, atomic, io_err};

/// The folder of recent games inside the data folder.
pub const RECENT_DIR: &str = "recent";

/// The recent-games folder.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RecentGames {
    dir: PathBuf,
}

/// One archived game, as listed (read from its file name; the file is read on restore).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RecentGame {
    /// The file.
    pub path: PathBuf,
    /// When it was archived (UTC), `YYYYMMDD-HHMMSS`.
    pub stamp: String,
    /// Order among the games archived in the same second (0, 1, …).
    pub seq: u32,
    /// Its variant.
    pub variant: Variant,
    /// Entries played (plies; Parity: turns).
    pub entries: usize,
}

impl RecentGame {
    /// A one-line label for the Files panel, e.g. `Intrachange, 14 moves (2026-12-01 10:40 UTC)`.
    pub fn label(&self) -> String {
        let s = &self.stamp;
        let when = if s.len() == 15 {
            format!(
                "{}-{}-{} {}:{} UTC",
                &s[0..4],
                &s[4..6],
                &s[6..8],
                &s[9..11],
                &s[11..13]
            )
        } else {
            s.clone()
        };
        let unit = if self.entries == 1 { "move" } else { "moves" };
        format!("{}, {} {unit} ({when})", self.variant, self.entries)
    }
}

impl RecentGames {
    /// Files kept; older ones are removed when a new game is archived.
    pub const KEEP: usize = 10;

    /// The recent games under `data_dir` (its [`RECENT_DIR`] subfolder).
    pub fn in_data_dir(data_dir: &Path) -> RecentGames {
        RecentGames {
            dir: data_dir.join(RECENT_DIR),
        }
    }

    /// The folder.
    pub fn dir(&self) -> &Path {
        &self.dir
    }

    /// Writes `record` as a new recent game (atomically) and prunes the folder to
    /// [`RecentGames::KEEP`] files. A game without moves is not archived (`Ok(None)`).
    ///
    /// # Errors
    /// [`PersistError::Io`] when the folder or the file cannot be written.
    pub fn archive(&self, record: &GameRecord) -> Result<Option<PathBuf>, PersistError> {
        if record.is_empty() {
            return Ok(None);
        }
        let stamp = UtcStamp::now().file_stamp();
        // Several games archived within one second keep their order: a sequence number
        // after the stamp, one more than the highest already used for that second.
        let seq = self
            .list()?
            .iter()
            .filter(|g| g.stamp == stamp)
            .map(|g| g.seq + 1)
            .max()
            .unwrap_or(0);
        let path = self.dir.join(format!(
            "{stamp}-{seq:03}-{}-{}.pgn",
            record.variant().name(),
            record.len()
        ));
        atomic::write_atomic(&path, game_to_text(record).as_bytes())?;
        self.prune()?;
        Ok(Some(path))
    }

    /// The archived games, newest first. A missing folder is an empty list; files whose
    /// names are not ours are ignored.
    ///
    /// # Errors
    /// [`PersistError::Io`] when the folder exists but cannot be listed.
    pub fn list(&self) -> Result<Vec<RecentGame>, PersistError> {
        let rd = match std::fs::read_dir(&self.dir) {
            Ok(rd) => rd,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(Vec::new()),
            Err(e) => return Err(io_err("list", &self.dir, &e)),
        };
        let mut out: Vec<RecentGame> = rd
            .filter_map(Result::ok)
            .filter_map(|e| parse_name(&e.path()))
            .collect();
        out.sort_by(|a, b| b.path.cmp(&a.path));
        Ok(out)
    }

    /// Reads an archived game back.
    ///
    /// # Errors
    /// As [`load_game`].
    pub fn restore(&self, game: &RecentGame) -> Result<GameRecord, PersistError> {
        load_game(&game.path, Some(game.variant))
    }

    fn prune(&self) -> Result<(), PersistError> {
        for old in self.list()?.into_iter().skip(Self::KEEP) {
            std::fs::remove_file(&old.path).map_err(|e| io_err("remove", &old.path, &e))?;
        }
        Ok(())
    }
}

/// `<stamp>-<seq>-<variant>-<entries>.pgn` → its parts.
fn parse_name(path: &Path) -> Option<RecentGame> {
    if path.extension()? != "pgn" {
        return None;
    }
    let stem = path.file_stem()?.to_str()?;
    let (stamp, rest) = stem.split_at_checked(15)?;
    let date_ok = stamp.as_bytes()[8] == b'-'
        && stamp
            .bytes()
            .enumerate()
            .all(|(i, b)| i == 8 || b.is_ascii_digit());
    if !date_ok {
        return None;
    }
    let rest = rest.strip_prefix('-')?;
    let (seq, rest) = rest.split_once('-')?;
    if seq.len() != 3 {
        return None;
    }
    let seq = seq.parse().ok()?;
    // The variant name may hold dashes (`parity-single`): the entry count is the last part.
    let (name, entries) = rest.rsplit_once('-')?;
    let variant = Variant::ALL.into_iter().find(|v| v.name() == name)?;
    Some(RecentGame {
        path: path.to_path_buf(),
        stamp: stamp.to_string(),
        seq,
        variant,
        entries: entries.parse().ok()?,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::persist::test_dir;
    use crate::rules::position::Position;

    fn game(variant: Variant, plies: usize) -> GameRecord {
        let mut r = GameRecord::new(Position::new(variant));
        for _ in 0..plies {
            let pos = r.current().clone();
            if r.is_simultaneous() {
                let mut as_black = pos.clone();
                as_black.set_turn(crate::rules::piece::Color::Black);
                let w = pos.legal_commits(crate::rules::piece::Color::White)[0];
                let b = as_black.legal_commits(crate::rules::piece::Color::Black)[0];
                r.play_turn(&w, &b).unwrap();
            } else {
                r.play(&pos.legal_moves()[0]).unwrap();
            }
        }
        r
    }

    #[test]
    fn archived_games_list_newest_first_restore_and_prune_to_keep() {
        let dir = test_dir("recent-archive");
        let recent = RecentGames::in_data_dir(&dir);
        assert_eq!(recent.list().unwrap(), Vec::new());
        assert_eq!(
            recent.archive(&game(Variant::Standard, 0)).unwrap(),
            None,
            "a game without moves is not archived"
        );
        let first = recent
            .archive(&game(Variant::ParitySingle, 3))
            .unwrap()
            .unwrap();
        let listed = recent.list().unwrap();
        assert_eq!(listed.len(), 1);
        assert_eq!(listed[0].path, first);
        assert_eq!(listed[0].variant, Variant::ParitySingle);
        assert_eq!(listed[0].entries, 3);
        assert!(
            listed[0]
                .label()
                .starts_with("Parity Single Occupation, 3 moves (")
        );
        let back = recent.restore(&listed[0]).unwrap();
        assert_eq!(back.entries(), game(Variant::ParitySingle, 3).entries());
        for i in 0..RecentGames::KEEP + 2 {
            recent
                .archive(&game(Variant::Intrachange, 1 + i % 3))
                .unwrap();
        }
        let listed = recent.list().unwrap();
        assert_eq!(listed.len(), RecentGames::KEEP);
        assert!(
            listed.iter().all(|g| g.path != first),
            "the oldest game was pruned"
        );
        assert!(listed.windows(2).all(|w| w[0].path > w[1].path));
    }

    #[test]
    fn foreign_files_in_the_folder_are_ignored() {
        let dir = test_dir("recent-foreign");
        let recent = RecentGames::in_data_dir(&dir);
        std::fs::create_dir_all(recent.dir()).unwrap();
        for name in [
            "notes.txt",
            "game.pgn",
            "2026x201-104000-000-standard-3.pgn",
            "20261201-104000-standard-3.pgn",
            "20261201-104000-000-chess-3.pgn",
        ] {
            std::fs::write(recent.dir().join(name), "x").unwrap();
        }
        assert_eq!(recent.list().unwrap(), Vec::new());
        let g = parse_name(Path::new("20261201-104000-002-parity-single-12.pgn")).unwrap();
        assert_eq!(
            (g.seq, g.variant, g.entries),
            (2, Variant::ParitySingle, 12)
        );
    }
}
