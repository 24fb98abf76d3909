//! Output files named on the command line (`match --pgn`, `--json`, `tournament --results`,
//! `label --out`): created before the first game, so that a path that cannot be written is
//! found before any time is spent, and guarded against the ways a long run could lose its
//! games or destroy something:
//!
//! - only a regular file or a new path is written: a folder, a FIFO, a device or a socket is
//!   refused (a device would swallow the games or, renamed over, be replaced);
//! - the file is locked (an advisory lock, [`std::fs::File::try_lock`]: `flock` on Unix)
//!   for as long as it is open, and a file another run holds is refused before it is
//!   emptied, so two runs never write one file;
//! - a byte is written and taken back at once, so a full disk, `/dev/full` behind a link
//!   or a file of `/proc` fails now and not after the last game;
//! - every append is written through and flushed; one that fails is cut back to the last
//!   whole append, so the file holds whole games only.

use std::io::{Seek, SeekFrom, Write};
use std::path::{Path, PathBuf};

use super::{PersistError, file_kind, io_err, regular_or_missing};

/// An output file, open, locked and probed ([`OutputFile::create`]); the lock is released
/// when it is dropped.
#[derive(Debug)]
pub struct OutputFile {
    path: PathBuf,
    file: std::fs::File,
    /// Bytes written by whole appends.
    len: u64,
}

impl OutputFile {
    /// Creates `path`, or empties it if it is a regular file, locked for this process.
    ///
    /// # Errors
    /// [`PersistError::NotAFile`] for anything but a regular file or a new path,
    /// [`PersistError::Locked`] when another process holds the file (it is left as it
    /// is), and [`PersistError::Io`] when it cannot be created, emptied or written.
    pub fn create(path: &Path) -> Result<OutputFile, PersistError> {
        let mut out = OutputFile::lock(path)?;
        out.cut_back().map_err(|e| io_err("write", path, &e))?;
        // The probe: one byte written and taken back.
        out.file
            .write_all(b"\n")
            .and_then(|()| out.file.flush())
            .and_then(|()| out.cut_back())
            .map_err(|e| io_err("write", path, &e))?;
        Ok(out)
    }

    /// Opens `path` (creating it empty if it is new) and locks it, leaving what it holds:
    /// for a file that is replaced atomically at the end ([`super::atomic::write_atomic`]),
    /// held so that no other run writes it meanwhile. Nothing is probed; appending to it is
    /// not meant.
    ///
    /// # Errors
    /// As [`OutputFile::create`].
    pub fn lock(path: &Path) -> Result<OutputFile, PersistError> {
        regular_or_missing("write", path, true)?;
        let file = std::fs::OpenOptions::new()
            .write(true)
            .create(true)
            .truncate(false)
            .open(path)
            .map_err(|e| io_err("write", path, &e))?;
        let meta = file.metadata().map_err(|e| io_err("write", path, &e))?;
        if !meta.is_file() {
            return Err(PersistError::NotAFile {
                op: "write",
                path: path.to_path_buf(),
                kind: file_kind(meta.file_type()),
            });
        }
        match file.try_lock() {
            Ok(()) => {}
            Err(std::fs::TryLockError::WouldBlock) => {
                return Err(PersistError::Locked {
                    path: path.to_path_buf(),
                });
            }
            Err(std::fs::TryLockError::Error(e)) => return Err(io_err("lock", path, &e)),
        }
        Ok(OutputFile {
            path: path.to_path_buf(),
            file,
            len: 0,
        })
    }

    /// The path it was created at.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// Bytes written so far (whole appends only).
    pub fn len(&self) -> u64 {
        self.len
    }

    /// Whether nothing was written yet.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// Truncates the file to the whole appends and puts the cursor at its end.
    fn cut_back(&mut self) -> std::io::Result<()> {
        self.file.set_len(self.len)?;
        self.file.seek(SeekFrom::Start(self.len)).map(|_| ())
    }

    /// Appends `text` and flushes it. If the write fails, what it wrote is cut off again
    /// (where the file system allows), so the file keeps whole appends only.
    ///
    /// # Errors
    /// [`PersistError::Io`] naming the file and the system's reason.
    pub fn append(&mut self, text: &str) -> Result<(), PersistError> {
        match self
            .file
            .write_all(text.as_bytes())
            .and_then(|()| self.file.flush())
        {
            Ok(()) => {
                self.len += text.len() as u64;
                Ok(())
            }
            Err(e) => {
                let _ = self.cut_back();
                Err(io_err("write", &self.path, &e))
            }
        }
    }

    /// Replaces the whole content with `text`.
    ///
    /// # Errors
    /// [`PersistError::Io`] naming the file.
    pub fn replace(&mut self, text: &str) -> Result<(), PersistError> {
        self.len = 0;
        self.cut_back()
            .map_err(|e| io_err("write", &self.path, &e))?;
        self.append(text)
    }

    /// Writes the file's data to the disk.
    ///
    /// # Errors
    /// [`PersistError::Io`] naming the file.
    pub fn sync(&self) -> Result<(), PersistError> {
        self.file
            .sync_data()
            .map_err(|e| io_err("sync", &self.path, &e))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_output_file_is_emptied_locked_and_keeps_whole_appends() {
        let dir = crate::persist::test_dir("output-lock");
        let p = dir.join("games.pgn");
        std::fs::write(&p, "old games").unwrap();
        let mut a = OutputFile::create(&p).unwrap();
        assert_eq!(std::fs::read_to_string(&p).unwrap(), "");
        a.append("game 1\n").unwrap();
        // A second writer is refused and the file is left as it is.
        let e = OutputFile::create(&p).unwrap_err();
        assert_eq!(e, PersistError::Locked { path: p.clone() });
        assert!(e.to_string().contains("another run is writing it"), "{e}");
        assert_eq!(std::fs::read_to_string(&p).unwrap(), "game 1\n");
        a.append("game 2\n").unwrap();
        assert_eq!(a.len(), 14);
        drop(a);
        // Released when dropped.
        let mut b = OutputFile::create(&p).unwrap();
        b.replace("{}").unwrap();
        assert_eq!(std::fs::read_to_string(&p).unwrap(), "{}");
    }

    #[cfg(target_os = "linux")]
    #[test]
    fn devices_folders_and_unwritable_files_are_refused_before_use() {
        let dir = crate::persist::test_dir("output-kinds");
        for (path, says) in [
            (PathBuf::from("/dev/null"), "it is a character device"),
            (dir.clone(), "it is a folder"),
        ] {
            let e = OutputFile::create(&path).unwrap_err();
            assert!(
                matches!(e, PersistError::NotAFile { .. }) && e.to_string().contains(says),
                "{e}"
            );
        }
        // A link to /dev/full is followed and refused; /proc/version takes no byte.
        let link = dir.join("full.pgn");
        let _ = std::fs::remove_file(&link);
        std::os::unix::fs::symlink("/dev/full", &link).unwrap();
        assert!(OutputFile::create(&link).is_err());
        let e = OutputFile::create(Path::new("/proc/version")).unwrap_err();
        assert!(
            e.to_string().starts_with("cannot write /proc/version: "),
            "{e}"
        );
    }
}
