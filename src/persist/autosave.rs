//! The autosave: after every move the game in progress is written to
//! `DATA_DIR/autosave.pgn` (see [`data_dir`](super::data_dir)) with an atomic write, so a
//! crash or a kill at any moment leaves either the previous move's file or the new one —
//! never a partial file. On start the game offers to resume it ([`Autosave::load`]); a
//! finished game or a declined resume clears it ([`Autosave::clear`]).
//!
//! One window owns an autosave file at a time: it holds an advisory lock
//! ([`std::fs::File::try_lock`], `flock` on Unix; the system releases it when the process
//! ends, a `kill -9` included) on `autosave.pgn.lock`, which also names its process id. A
//! second window on the same data folder ([`Autosave::claim_in`]) gets a file of its own,
//! `autosave-PID.pgn`, and says so; the next window that starts finds such files whose
//! owner is gone ([`orphaned_autosaves`]) and keeps their games under Recent games.

use std::path::{Path, PathBuf};

use crate::rules::notation::pgn::MAX_PGN_BYTES;
use crate::rules::record::GameRecord;

use super::atomic::{self, WriteStep};
use super::game::{game_from_text, game_to_text};
use super::{PersistError, io_err, read_text_bounded};

/// The autosave file name.
pub const AUTOSAVE_FILE: &str = "autosave.pgn";
/// Where an unreadable autosave is moved aside.
pub const CORRUPT_FILE: &str = "autosave.pgn.corrupt";

/// The autosave slot in one folder.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Autosave {
    dir: PathBuf,
    /// The file name (`autosave.pgn`, or a second window's `autosave-PID.pgn`).
    file: String,
}

/// The lock that makes one window the owner of an autosave file; dropping it (or the
/// process ending) releases it.
#[derive(Debug)]
pub struct AutosaveLock {
    _file: std::fs::File,
}

/// How a window came to own its autosave ([`Autosave::claim_in`]).
#[derive(Debug)]
pub struct ClaimedAutosave {
    /// The slot this window writes.
    pub autosave: Autosave,
    /// Its lock, held while the window runs.
    pub lock: Option<AutosaveLock>,
    /// The process id of another window that owns the folder's `autosave.pgn`, when this
    /// window had to take a file of its own.
    pub other_window: Option<u32>,
}

impl ClaimedAutosave {
    /// What the player is told when another window owns the folder's autosave: which
    /// process, and where this window's game goes instead.
    pub fn note(&self) -> Option<String> {
        let pid = self.other_window?;
        Some(format!(
            "Another Esoterica window (process {pid}) is autosaving to {}: this window \
             autosaves to {} instead, and its game is kept under Recent games at the next \
             start.",
            self.autosave.dir.join(AUTOSAVE_FILE).display(),
            self.autosave.path().display()
        ))
    }

    /// Whether this window owns the folder's own `autosave.pgn` (and so offers to resume it
    /// and collects other windows' left-over files).
    pub fn is_primary(&self) -> bool {
        self.other_window.is_none()
    }
}

impl Autosave {
    /// The autosave in `dir` (tests, or a folder the user chose).
    pub fn new(dir: impl Into<PathBuf>) -> Autosave {
        Autosave {
            dir: dir.into(),
            file: AUTOSAVE_FILE.to_string(),
        }
    }

    /// The autosave file of the window with process id `pid` when another window owns the
    /// folder's `autosave.pgn`: `autosave-PID.pgn`.
    pub fn for_process(dir: impl Into<PathBuf>, pid: u32) -> Autosave {
        Autosave {
            dir: dir.into(),
            file: format!("autosave-{pid}.pgn"),
        }
    }

    /// The lock file beside the autosave file (`autosave.pgn.lock`).
    pub fn lock_path(&self) -> PathBuf {
        self.dir.join(format!("{}.lock", self.file))
    }

    /// Takes the lock of this autosave file for this process and writes its id into the
    /// lock file.
    ///
    /// # Errors
    /// `Err(Some(pid))` when another process holds it (`pid` as its lock file names it, if
    /// readable: `Err(None)` otherwise); a lock file that cannot be created at all (a
    /// read-only folder) is `Ok(None)`: the window autosaves without a lock.
    pub fn lock(&self) -> Result<Option<AutosaveLock>, Option<u32>> {
        use std::io::{Read, Seek, Write};
        let path = self.lock_path();
        if std::fs::create_dir_all(&self.dir).is_err() {
            return Ok(None);
        }
        let Ok(mut file) = std::fs::OpenOptions::new()
            .read(true)
            .write(true)
            .create(true)
            .truncate(false)
            .open(&path)
        else {
            return Ok(None);
        };
        match file.try_lock() {
            Ok(()) => {
                let pid = std::process::id().to_string();
                // The id is a courtesy for the other window's message; the lock is the truth.
                let _ = file
                    .set_len(0)
                    .and_then(|()| file.rewind())
                    .and_then(|()| file.write_all(pid.as_bytes()));
                Ok(Some(AutosaveLock { _file: file }))
            }
            Err(std::fs::TryLockError::WouldBlock) => {
                let mut text = String::new();
                let _ = file.read_to_string(&mut text);
                Err(text.trim().parse().ok())
            }
            Err(std::fs::TryLockError::Error(_)) => Ok(None),
        }
    }

    /// The autosave a window uses in `dir`: the folder's `autosave.pgn` when no other
    /// window holds it, else a file of this process's own ([`Autosave::for_process`]).
    pub fn claim_in(dir: impl Into<PathBuf>) -> ClaimedAutosave {
        let dir = dir.into();
        let main = Autosave::new(&dir);
        match main.lock() {
            Ok(lock) => ClaimedAutosave {
                autosave: main,
                lock,
                other_window: None,
            },
            Err(pid) => {
                let own = Autosave::for_process(&dir, std::process::id());
                let lock = own.lock().ok().flatten();
                ClaimedAutosave {
                    autosave: own,
                    lock,
                    other_window: Some(pid.unwrap_or(0)),
                }
            }
        }
    }

    /// The autosave in the user's data folder (`$ESOTERICA_DATA_DIR` overrides it).
    ///
    /// # Errors
    /// [`PersistError::NoUserDir`] when there is no home folder and no override.
    pub fn open_default() -> Result<Autosave, PersistError> {
        Ok(Autosave::new(super::data_dir()?))
    }

    /// The autosave file's path.
    pub fn path(&self) -> PathBuf {
        self.dir.join(&self.file)
    }

    /// Where a corrupt autosave is kept (`autosave.pgn.corrupt`).
    pub fn corrupt_path(&self) -> PathBuf {
        if self.file == AUTOSAVE_FILE {
            self.dir.join(CORRUPT_FILE)
        } else {
            self.dir.join(format!("{}.corrupt", self.file))
        }
    }

    /// Writes the game in progress (call after every move), atomically.
    ///
    /// # Errors
    /// [`PersistError::Io`] when the file cannot be written; the previous autosave is then
    /// still intact.
    pub fn write(&self, record: &GameRecord) -> Result<(), PersistError> {
        self.write_with(record, &mut |_, _| Ok(()))
    }

    /// [`Autosave::write`] with the crash hook of [`atomic::write_atomic_with`].
    ///
    /// # Errors
    /// As [`Autosave::write`], or the hook's error.
    pub fn write_with(
        &self,
        record: &GameRecord,
        hook: &mut dyn FnMut(WriteStep, &Path) -> std::io::Result<()>,
    ) -> Result<(), PersistError> {
        atomic::write_atomic_with(&self.path(), game_to_text(record).as_bytes(), hook)
    }

    /// Reads the autosaved game, if there is one. A temp file left by a crash is removed
    /// (the completed file is the truth).
    ///
    /// # Errors
    /// [`PersistError::CorruptAutosave`] when the file cannot be read as a game (truncated,
    /// garbage, an illegal move); the file is then moved aside to
    /// [`CORRUPT_FILE`] so the next start begins cleanly and nothing is lost for good.
    /// [`PersistError::Io`] if the file cannot be read (it is left in place) or moved aside.
    pub fn load(&self) -> Result<Option<GameRecord>, PersistError> {
        let path = self.path();
        let tmp = atomic::temp_path(&path);
        if tmp.exists() {
            let _ = std::fs::remove_file(&tmp);
        }
        if !path.exists() {
            return Ok(None);
        }
        let text = match read_text_bounded(&path, MAX_PGN_BYTES) {
            Ok(t) => Ok(t),
            // Vanished between the check and the read: nothing to resume.
            Err(PersistError::Io { .. }) if !path.exists() => return Ok(None),
            // Cannot read it (permissions, disk): not the file's fault, leave it in place.
            Err(e @ PersistError::Io { .. }) => return Err(e),
            Err(e) => Err(e),
        };
        match text.and_then(|t| game_from_text(&t, None)) {
            Ok(r) => Ok(Some(r)),
            Err(e) => {
                let kept = self.corrupt_path();
                std::fs::rename(&path, &kept).map_err(|err| io_err("move aside", &path, &err))?;
                Err(PersistError::CorruptAutosave {
                    kept_as: kept,
                    reason: Box::new(e),
                })
            }
        }
    }

    /// Removes the autosave (the game finished, or the user declined to resume it).
    ///
    /// # Errors
    /// [`PersistError::Io`] if the file exists but cannot be removed.
    pub fn clear(&self) -> Result<(), PersistError> {
        let path = self.path();
        for p in [atomic::temp_path(&path), path] {
            match std::fs::remove_file(&p) {
                Ok(()) => {}
                Err(e) if e.kind() == std::io::ErrorKind::NotFound => {}
                Err(e) => return Err(io_err("remove", &p, &e)),
            }
        }
        Ok(())
    }

    /// Removes a left-over autosave of another window and its lock file (call with its lock
    /// held, from [`orphaned_autosaves`]). The folder's own `autosave.pgn` keeps its lock
    /// file: removing it under a running owner would let a second window lock a new one.
    ///
    /// # Errors
    /// As [`Autosave::clear`].
    pub fn remove_orphan(&self) -> Result<(), PersistError> {
        self.clear()?;
        if self.file != AUTOSAVE_FILE {
            let _ = std::fs::remove_file(self.lock_path());
        }
        Ok(())
    }
}

/// The autosaves other windows left in `dir` (`autosave-PID.pgn` files, or their lock
/// files alone, whose lock nobody holds: their window has closed or died), each with its
/// lock taken for the caller, in name order. The caller keeps their games and removes them
/// ([`Autosave::remove_orphan`]).
pub fn orphaned_autosaves(dir: &Path) -> Vec<(Autosave, AutosaveLock)> {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return Vec::new();
    };
    let mut names: Vec<String> = entries
        .filter_map(|e| e.ok()?.file_name().into_string().ok())
        .filter_map(|n| {
            let base = n.strip_suffix(".lock").unwrap_or(&n);
            let pid = base.strip_prefix("autosave-")?.strip_suffix(".pgn")?;
            (!pid.is_empty() && pid.bytes().all(|b| b.is_ascii_digit())).then(|| base.to_string())
        })
        .collect();
    names.sort();
    names.dedup();
    names
        .into_iter()
        .filter_map(|name| {
            let a = Autosave {
                dir: dir.to_path_buf(),
                file: name,
            };
            match a.lock() {
                Ok(Some(lock)) => Some((a, lock)),
                _ => None,
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::persist::game::random::random_game;
    use crate::persist::test_dir;
    use crate::rules::variant::Variant;

    fn prefix(r: &GameRecord, n: usize) -> GameRecord {
        let mut p = r.clone();
        p.truncate(n);
        p
    }

    /// How a simulated kill leaves the temp file.
    #[derive(Clone, Copy, Debug)]
    enum Kill {
        /// The process dies right after the step.
        Plain,
        /// The process dies with the temp file half written (as after a power cut).
        TruncatedTemp,
    }

    #[test]
    fn a_kill_at_every_write_point_resumes_the_last_completed_move() {
        let game = random_game(Variant::Standard, 3, 24);
        assert_eq!(game.len(), 24);
        for step in WriteStep::ALL {
            for kill in [Kill::Plain, Kill::TruncatedTemp] {
                let d = test_dir(&format!("autosave-kill-{step:?}-{kill:?}"));
                let a = Autosave::new(&d);
                // Moves 1..=11 are written normally; the write after move 12 is killed.
                for n in 1..=11 {
                    a.write(&prefix(&game, n)).unwrap();
                }
                let r = a.write_with(&prefix(&game, 12), &mut |s, tmp| {
                    if s != step {
                        return Ok(());
                    }
                    if let Kill::TruncatedTemp = kill
                        && tmp.exists()
                    {
                        let len = std::fs::metadata(tmp)?.len();
                        std::fs::OpenOptions::new()
                            .write(true)
                            .open(tmp)?
                            .set_len(len / 2)?;
                    }
                    Err(std::io::Error::other("killed"))
                });
                assert!(r.is_err(), "{step:?} {kill:?}");
                // The rename is the commit point: a kill after it lost nothing of move 12.
                let want = if step == WriteStep::Renamed { 12 } else { 11 };
                let back = a.load().unwrap().expect("an autosave exists");
                assert_eq!(
                    back.entries(),
                    prefix(&game, want).entries(),
                    "{step:?} {kill:?}"
                );
                assert_eq!(
                    back.current(),
                    game.position_after(want).unwrap(),
                    "{step:?} {kill:?}"
                );
                assert!(
                    !a.corrupt_path().exists(),
                    "{step:?} {kill:?}: no corrupt file"
                );
                assert!(
                    !atomic::temp_path(&a.path()).exists(),
                    "{step:?} {kill:?}: temp cleaned"
                );
                // And the game goes on: the next move's autosave is complete.
                a.write(&prefix(&game, want + 1)).unwrap();
                assert_eq!(a.load().unwrap().unwrap().len(), want + 1);
            }
        }
    }

    #[test]
    fn every_variant_resumes_from_its_autosave() {
        for v in Variant::ALL {
            let g = random_game(v, 11, 16);
            assert!(g.len() >= 2, "{v}: {} entries", g.len());
            let d = test_dir(&format!("autosave-{}", v.name()));
            let a = Autosave::new(&d);
            a.write(&g).unwrap();
            let back = a.load().unwrap().unwrap();
            assert_eq!(back.entries(), g.entries(), "{v}");
            assert_eq!(back.current(), g.current(), "{v}");
        }
    }

    #[test]
    fn no_autosave_is_none_and_clear_removes_it() {
        let d = test_dir("autosave-clear");
        let a = Autosave::new(&d);
        assert_eq!(a.load().unwrap().map(|r| r.len()), None);
        a.clear().unwrap();
        a.write(&random_game(Variant::Bully, 1, 4)).unwrap();
        assert!(a.path().exists());
        a.clear().unwrap();
        assert!(!a.path().exists());
        assert_eq!(a.load().unwrap().map(|r| r.len()), None);
    }

    #[test]
    fn a_corrupt_autosave_is_an_error_and_is_kept_aside() {
        let d = test_dir("autosave-corrupt");
        let a = Autosave::new(&d);
        let g = random_game(Variant::Standard, 5, 10);
        a.write(&g).unwrap();
        let text = std::fs::read_to_string(a.path()).unwrap();
        let bad = text.replacen("2. ", "2. Kxe8 ", 1);
        std::fs::write(a.path(), &bad).unwrap();
        let e = a.load().unwrap_err();
        match &e {
            PersistError::CorruptAutosave { kept_as, reason } => {
                assert_eq!(kept_as, &a.corrupt_path());
                assert!(matches!(**reason, PersistError::Game(_)), "{reason}");
            }
            other => panic!("{other}"),
        }
        assert!(e.to_string().contains("autosave.pgn.corrupt"), "{e}");
        assert_eq!(std::fs::read_to_string(a.corrupt_path()).unwrap(), bad);
        assert!(!a.path().exists());
        // The next start begins cleanly.
        assert_eq!(a.load().unwrap().map(|r| r.len()), None);
    }

    #[test]
    fn binary_garbage_autosave_is_kept_aside() {
        let d = test_dir("autosave-garbage");
        let a = Autosave::new(&d);
        std::fs::write(a.path(), [0u8, 159, 146, 150, 255]).unwrap();
        let e = a.load().unwrap_err();
        assert!(
            matches!(&e, PersistError::CorruptAutosave { reason, .. } if **reason == PersistError::NotText),
            "{e}"
        );
        assert!(a.corrupt_path().exists());
    }

    #[test]
    fn a_second_window_gets_its_own_autosave_and_the_next_start_finds_it() {
        let d = test_dir("autosave-two-windows");
        let first = Autosave::claim_in(&d);
        assert!(first.is_primary() && first.lock.is_some());
        assert_eq!(first.autosave.path(), d.join(AUTOSAVE_FILE));
        assert_eq!(
            std::fs::read_to_string(first.autosave.lock_path()).unwrap(),
            std::process::id().to_string()
        );
        // A second claim while the first holds the lock (an open file of its own, so the
        // lock conflicts within one process too).
        let second = Autosave::claim_in(&d);
        assert_eq!(second.other_window, Some(std::process::id()));
        assert_eq!(
            second.autosave.path(),
            d.join(format!("autosave-{}.pgn", std::process::id()))
        );
        let note = second.note().unwrap();
        assert!(
            note.contains(&format!("process {}", std::process::id())),
            "{note}"
        );
        assert!(note.contains("autosave-"), "{note}");
        assert!(
            note.contains(": this window autosaves to ") && note.ends_with(" at the next start."),
            "one space between words: {note}"
        );
        assert!(!note.contains("  "), "{note}");
        let game = random_game(Variant::Standard, 2, 6);
        second.autosave.write(&game).unwrap();
        // While the second window runs its file is nobody's orphan.
        assert!(orphaned_autosaves(&d).is_empty());
        drop(second);
        let orphans = orphaned_autosaves(&d);
        assert_eq!(orphans.len(), 1);
        assert_eq!(
            orphans[0].0.load().unwrap().unwrap().entries(),
            game.entries()
        );
        // The main file is still the first window's: a third claim goes elsewhere again.
        assert!(!Autosave::claim_in(&d).is_primary());
        for (a, _lock) in &orphans {
            a.remove_orphan().unwrap();
            assert!(!a.path().exists() && !a.lock_path().exists());
        }
        drop(first);
        drop(orphans);
        assert!(Autosave::claim_in(&d).is_primary());
        // A lock file alone (a second window whose game ended) is cleaned up too.
        let left = Autosave::for_process(&d, 4_000_000_001);
        std::fs::write(left.lock_path(), "4000000001").unwrap();
        let found = orphaned_autosaves(&d);
        assert_eq!(found.len(), 1);
        assert_eq!(found[0].0.path(), left.path());
    }

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(64))]
        #[test]
        fn autosave_loader_never_panics_on_random_bytes(bytes in proptest::collection::vec(proptest::prelude::any::<u8>(), 0..300)) {
            let d = test_dir("autosave-fuzz");
            let a = Autosave::new(&d);
            std::fs::write(a.path(), &bytes).unwrap();
            match a.load() {
                Ok(_) => {}
                Err(PersistError::CorruptAutosave { .. }) => proptest::prop_assert!(a.corrupt_path().exists()),
                Err(e) => proptest::prop_assert!(false, "unexpected error {}", e),
            }
        }
    }
}
