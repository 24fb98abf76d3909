//! The autosave: after every move the game in progress is written to
//! `DATA_DIR/autosave.pgn` (see [`data_dir`](super::data_dir)) with an atomic write, so a
//! crash or a kill at any moment leaves either the previous move's file or the new one —
//! never a partial file. On start the game offers to resume it ([`Autosave::load`]); a
//! finished game or a declined resume clears it ([`Autosave::clear`]).

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
}

impl Autosave {
    /// The autosave in `dir` (tests, or a folder the user chose).
    pub fn new(dir: impl Into<PathBuf>) -> Autosave {
        Autosave { dir: dir.into() }
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
        self.dir.join(AUTOSAVE_FILE)
    }

    /// Where a corrupt autosave is kept.
    pub fn corrupt_path(&self) -> PathBuf {
        self.dir.join(CORRUPT_FILE)
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
    /// [`PersistError::Io`] if moving it aside fails.
    pub fn load(&self) -> Result<Option<GameRecord>, PersistError> {
        let path = self.path();
        let tmp = atomic::temp_path(&path);
        if tmp.exists() {
            let _ = std::fs::remove_file(&tmp);
        }
        if !path.exists() {
            return Ok(None);
        }
        let read = read_text_bounded(&path, MAX_PGN_BYTES).and_then(|t| game_from_text(&t, None));
        match read {
            Ok(r) => Ok(Some(r)),
            Err(PersistError::Io { op, path, reason }) if !path.exists() => {
                // Vanished between the check and the read: nothing to resume.
                let _ = (op, reason);
                Ok(None)
            }
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
}
