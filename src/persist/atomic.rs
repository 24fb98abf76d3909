//! Atomic file replacement: write a temp file in the same folder, fsync it, rename it over
//! the target, fsync the folder. A reader (or a crash at any point) sees either the old file
//! or the new one, never a mix.

use std::io::Write;
use std::path::{Path, PathBuf};

use super::{PersistError, io_err};

/// The points of an atomic write at which a crash may happen; the test hook of
/// [`write_atomic_with`] is called at each.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum WriteStep {
    /// The temp file was created and written (not yet synced).
    TempWritten,
    /// The temp file was synced to disk (not yet renamed).
    TempSynced,
    /// The temp file was renamed over the target (folder not yet synced).
    Renamed,
}

impl WriteStep {
    /// Every step, in order.
    pub const ALL: [WriteStep; 3] = [
        WriteStep::TempWritten,
        WriteStep::TempSynced,
        WriteStep::Renamed,
    ];
}

/// The temp file used while replacing `path`: `NAME.tmp` in the same folder.
pub fn temp_path(path: &Path) -> PathBuf {
    let mut name = path
        .file_name()
        .map(|n| n.to_os_string())
        .unwrap_or_default();
    name.push(".tmp");
    path.with_file_name(name)
}

/// Replaces `path` with `bytes` atomically, creating the folder if needed. Only a regular
/// file (or a new path) is replaced: a device, a FIFO, a socket or a folder at `path` is
/// refused, so that `/dev/null` is never renamed over.
///
/// # Errors
/// [`PersistError::NotAFile`] for such a path, [`PersistError::Io`] naming the step that
/// failed; the old file is then untouched.
pub fn write_atomic(path: &Path, bytes: &[u8]) -> Result<(), PersistError> {
    write_atomic_with(path, bytes, &mut |_, _| Ok(()))
}

/// [`write_atomic`] with a hook called after each [`WriteStep`] with the temp file's path.
/// A hook that returns an error stops the write right there, as a crash would (the temp
/// file is left behind): tests use it to kill the writer at every point.
///
/// # Errors
/// [`PersistError::NotAFile`] for a path that is not a regular file or new,
/// [`PersistError::Io`] for a failed step or a hook's error.
pub fn write_atomic_with(
    path: &Path,
    bytes: &[u8],
    hook: &mut dyn FnMut(WriteStep, &Path) -> std::io::Result<()>,
) -> Result<(), PersistError> {
    super::regular_or_missing("replace", path, true)?;
    let dir = match path.parent() {
        Some(d) if !d.as_os_str().is_empty() => d.to_path_buf(),
        _ => PathBuf::from("."),
    };
    std::fs::create_dir_all(&dir).map_err(|e| io_err("create folder", &dir, &e))?;
    let tmp = temp_path(path);
    {
        let mut f = std::fs::File::create(&tmp).map_err(|e| io_err("create", &tmp, &e))?;
        f.write_all(bytes).map_err(|e| io_err("write", &tmp, &e))?;
        hook(WriteStep::TempWritten, &tmp).map_err(|e| io_err("write", &tmp, &e))?;
        f.sync_all().map_err(|e| io_err("sync", &tmp, &e))?;
        hook(WriteStep::TempSynced, &tmp).map_err(|e| io_err("sync", &tmp, &e))?;
    }
    std::fs::rename(&tmp, path).map_err(|e| io_err("rename", &tmp, &e))?;
    hook(WriteStep::Renamed, &tmp).map_err(|e| io_err("rename", &tmp, &e))?;
    // Make the rename itself durable. Opening a folder fails on some platforms (Windows);
    // the rename is still atomic there, so that is not an error.
    if let Ok(d) = std::fs::File::open(&dir) {
        let _ = d.sync_all();
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn atomic_write_replaces_the_file_and_leaves_no_temp() {
        let d = crate::persist::test_dir("atomic");
        let p = d.join("f.txt");
        write_atomic(&p, b"one").unwrap();
        write_atomic(&p, b"two").unwrap();
        assert_eq!(std::fs::read(&p).unwrap(), b"two");
        assert!(!temp_path(&p).exists());
    }

    #[test]
    fn a_crash_before_the_rename_keeps_the_old_file() {
        let d = crate::persist::test_dir("atomic-crash");
        let p = d.join("f.txt");
        write_atomic(&p, b"old").unwrap();
        for step in [WriteStep::TempWritten, WriteStep::TempSynced] {
            let r = write_atomic_with(&p, b"new", &mut |s, _| {
                if s == step {
                    Err(std::io::Error::other("killed"))
                } else {
                    Ok(())
                }
            });
            assert!(r.is_err());
            assert_eq!(std::fs::read(&p).unwrap(), b"old");
        }
    }

    /// A FIFO (or a device) at the path is refused and left in place, never renamed over.
    #[cfg(unix)]
    #[test]
    fn a_fifo_is_not_replaced() {
        use std::os::unix::fs::FileTypeExt as _;
        let d = crate::persist::test_dir("atomic-fifo");
        let p = d.join("results.ron");
        let made = std::process::Command::new("mkfifo")
            .arg(&p)
            .status()
            .unwrap();
        assert!(made.success());
        let e = write_atomic(&p, b"games").unwrap_err();
        assert_eq!(
            e.to_string(),
            format!(
                "cannot replace {}: it is a FIFO, not a regular file",
                p.display()
            )
        );
        assert!(std::fs::metadata(&p).unwrap().file_type().is_fifo());
        assert!(!temp_path(&p).exists());
    }
}
