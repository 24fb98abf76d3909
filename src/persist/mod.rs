//! Saving and loading: game files (PGN), the autosave, the settings file and the scenes
//! folder. Plain Rust, no Bevy: the game calls these functions; nothing here touches the ECS.
//!
//! - [`game`]: save / load any game in any variant as PGN with a `Variant` tag; clipboard
//!   text in and out.
//! - [`autosave`]: the game in progress, written atomically after every move.
//! - [`settings`]: the user's preferences as RON, versioned, never fatal when broken.
//! - [`scene`]: curated positions and scripted showcases (`scenes/*.ron`), validated by the
//!   rules core.
//! - [`atomic`]: the write-to-temp, fsync, rename helper all writers use.
//! - [`output`]: output files named on the command line (`--pgn`, `--json`, `--results`):
//!   regular files or new paths only, locked against a second writer, probed before use.
//!
//! Every loader reads through [`read_text_bounded`]: it bounds its input, reads only
//! regular files (never a folder, a FIFO or a device), returns a [`PersistError`] with a
//! clear message and never panics on bad bytes. File formats and paths are documented in `docs/SAVING.md`.

pub mod atomic;
pub mod autosave;
pub mod bundled;
pub mod game;
pub mod output;
pub mod recent;
pub mod scene;
pub mod settings;
pub mod stamp;

use std::fmt;
use std::io::Read;
use std::path::{Path, PathBuf};

use crate::rules::notation::fen::PositionError;
use crate::rules::notation::pgn::PgnError;

pub use autosave::Autosave;
pub use bundled::{BUNDLED_SCENES, bundled_scene};
pub use game::{
    game_from_text, game_to_text, load_game, position_from_clipboard,
    position_from_clipboard_with_warnings, save_game,
};
pub use recent::{RecentGame, RecentGames};
pub use scene::{LoadedScene, Scene, SceneStep, list_scenes, load_scene, load_scene_text};
pub use settings::{
    Antialiasing, Appearance, BoardTheme, LoadedSettings, Overlays, PieceSet, PlayerSpec, Players,
    Settings, SoundPrefs, UI_SCALE_RANGE, ViewMode,
};

/// Environment variable that overrides the data folder (autosave), e.g. for tests.
pub const DATA_DIR_ENV: &str = "ESOTERICA_DATA_DIR";
/// Environment variable that overrides the config folder (settings), e.g. for tests.
pub const CONFIG_DIR_ENV: &str = "ESOTERICA_CONFIG_DIR";

/// Why something could not be saved or loaded.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PersistError {
    /// A file-system operation failed.
    Io {
        /// What we were doing (`read`, `write`, `rename`, …).
        op: &'static str,
        /// The file or folder.
        path: PathBuf,
        /// The system's message.
        reason: String,
    },
    /// The input is longer than the loader accepts.
    TooLarge {
        /// Size found (bytes).
        bytes: u64,
        /// The limit (bytes).
        max: u64,
    },
    /// The input is not UTF-8 text.
    NotText,
    /// The path names something other than a regular file (a folder, a FIFO, a device, a
    /// socket), which is neither read nor replaced: reading one may block forever or never
    /// end, replacing one would destroy it.
    NotAFile {
        /// What we were doing (`read`, `write`).
        op: &'static str,
        /// The path.
        path: PathBuf,
        /// What it is instead ([`file_kind`]: `a FIFO`, `a character device`, …).
        kind: &'static str,
    },
    /// An output file another process holds the lock of (another run writing it).
    Locked {
        /// The file.
        path: PathBuf,
    },
    /// A game text (PGN) could not be read: bad tags, unknown or unexpected variant, bad
    /// FEN, an illegal or unreadable move (the error names the move number).
    Game(PgnError),
    /// A position text could not be read.
    Position(PositionError),
    /// A scene file is malformed (bad RON, unknown variant, caption out of range, end
    /// position not the expected one).
    Scene(String),
    /// A scene's scripted move is unreadable or illegal.
    SceneMove {
        /// 0-based index in the script.
        index: usize,
        /// The move as written.
        text: String,
        /// Why (naming the rule for an illegal move).
        reason: String,
    },
    /// The settings file could not be written (reading never fails: see
    /// [`Settings::load_from`]).
    Settings(String),
    /// The autosave file was unreadable; it was moved aside to `kept_as`.
    CorruptAutosave {
        /// Where the bad file now lies (`autosave.pgn.corrupt`).
        kept_as: PathBuf,
        /// Why it could not be read.
        reason: Box<PersistError>,
    },
    /// No per-user data or config folder could be found (no home folder) and no override
    /// is set.
    NoUserDir(&'static str),
}

impl fmt::Display for PersistError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PersistError::Io { op, path, reason } => {
                write!(f, "cannot {op} {}: {reason}", path.display())
            }
            PersistError::TooLarge { bytes, max } => {
                write!(
                    f,
                    "the input is {bytes} bytes, more than the {max} accepted"
                )
            }
            PersistError::NotText => f.write_str("the input is not UTF-8 text"),
            PersistError::NotAFile { op, path, kind } => write!(
                f,
                "cannot {op} {}: it is {kind}, not a regular file",
                path.display()
            ),
            PersistError::Locked { path } => write!(
                f,
                "cannot write {}: another run is writing it (the file is locked)",
                path.display()
            ),
            PersistError::Game(e) => write!(f, "bad game file: {e}"),
            PersistError::Position(e) => e.fmt(f),
            PersistError::Scene(e) => write!(f, "bad scene: {e}"),
            PersistError::SceneMove {
                index,
                text,
                reason,
            } => write!(f, "bad scene: move {index} '{text}': {reason}"),
            PersistError::Settings(e) => write!(f, "settings: {e}"),
            PersistError::CorruptAutosave { kept_as, reason } => write!(
                f,
                "the autosaved game could not be read ({reason}); it was kept as {}",
                kept_as.display()
            ),
            PersistError::NoUserDir(which) => write!(
                f,
                "no per-user {which} folder found (no home folder?); set {}",
                if *which == "data" {
                    DATA_DIR_ENV
                } else {
                    CONFIG_DIR_ENV
                }
            ),
        }
    }
}

impl std::error::Error for PersistError {}

impl PersistError {
    /// The message, with `path` in front where the error does not name a path itself
    /// (`PATH: the input is not UTF-8 text`; `cannot open PATH: …` as it is).
    pub fn naming(&self, path: &Path) -> String {
        match self {
            PersistError::Io { .. }
            | PersistError::NotAFile { .. }
            | PersistError::Locked { .. }
            | PersistError::CorruptAutosave { .. } => self.to_string(),
            _ => format!("{}: {self}", path.display()),
        }
    }
}

impl From<PgnError> for PersistError {
    fn from(e: PgnError) -> Self {
        PersistError::Game(e)
    }
}

impl From<PositionError> for PersistError {
    fn from(e: PositionError) -> Self {
        PersistError::Position(e)
    }
}

pub(crate) fn io_err(op: &'static str, path: &Path, e: &std::io::Error) -> PersistError {
    PersistError::Io {
        op,
        path: path.to_path_buf(),
        reason: e.to_string(),
    }
}

/// `text` made safe to print on a terminal or in the game: control characters (C0, DEL,
/// C1: terminal escape sequences start with them) and the bidirectional embedding,
/// override and isolate characters (which reorder what follows them) are removed; tabs and
/// line breaks become spaces.
///
/// # Examples
/// ```
/// use esoterica::persist::printable;
/// assert_eq!(printable("\u{1b}[31mred\u{1b}[0m\tmate\u{202e}"), "[31mred[0m mate");
/// ```
pub fn printable(text: &str) -> String {
    text.chars()
        .filter_map(|c| match c {
            '\t' | '\n' | '\r' => Some(' '),
            c if c.is_control() => None,
            '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}' => None,
            c => Some(c),
        })
        .collect()
}

/// What a file-system entry is, in words (`a regular file`, `a folder`, `a FIFO`, `a
/// character device`, `a block device`, `a socket`, `a special file`).
pub fn file_kind(file_type: std::fs::FileType) -> &'static str {
    if file_type.is_file() {
        return "a regular file";
    }
    if file_type.is_dir() {
        return "a folder";
    }
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt as _;
        if file_type.is_fifo() {
            return "a FIFO";
        }
        if file_type.is_char_device() {
            return "a character device";
        }
        if file_type.is_block_device() {
            return "a block device";
        }
        if file_type.is_socket() {
            return "a socket";
        }
    }
    "a special file"
}

/// `Ok` when `path` is a regular file (a link to one counts), `Ok` too when nothing is
/// there and `missing_ok`; otherwise [`PersistError::NotAFile`] (or the `op`'s
/// [`PersistError::Io`] when it cannot be looked at).
///
/// # Errors
/// As above.
pub(crate) fn regular_or_missing(
    op: &'static str,
    path: &Path,
    missing_ok: bool,
) -> Result<(), PersistError> {
    match std::fs::metadata(path) {
        Ok(m) if m.is_file() => Ok(()),
        Ok(m) => Err(PersistError::NotAFile {
            op,
            path: path.to_path_buf(),
            kind: file_kind(m.file_type()),
        }),
        Err(e) if missing_ok && e.kind() == std::io::ErrorKind::NotFound => Ok(()),
        Err(e) => Err(io_err(op, path, &e)),
    }
}

/// Reads a whole file as text, refusing more than `max` bytes (checked while reading, so a
/// growing or endless file never fills memory) and anything that is not a regular file (a
/// FIFO would block the open forever, a device like `/dev/zero` never ends). A UTF-8
/// byte-order mark at the start is dropped (editors on Windows write one). Every reader of
/// a file a user names (scenes, games, opening sets, result files, labels) goes through it.
///
/// # Errors
/// [`PersistError::Io`], [`PersistError::NotAFile`], [`PersistError::TooLarge`] or
/// [`PersistError::NotText`].
pub fn read_text_bounded(path: &Path, max: usize) -> Result<String, PersistError> {
    // Looked at before opening: opening a FIFO for reading waits for a writer.
    regular_or_missing("open", path, false)?;
    let file = std::fs::File::open(path).map_err(|e| io_err("open", path, &e))?;
    // And again on what was opened, in case the path changed in between.
    let meta = file.metadata().map_err(|e| io_err("read", path, &e))?;
    if !meta.is_file() {
        return Err(PersistError::NotAFile {
            op: "read",
            path: path.to_path_buf(),
            kind: file_kind(meta.file_type()),
        });
    }
    let mut bytes = Vec::new();
    file.take(max as u64 + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| io_err("read", path, &e))?;
    if bytes.len() > max {
        return Err(PersistError::TooLarge {
            bytes: meta.len().max(bytes.len() as u64),
            max: max as u64,
        });
    }
    let text = String::from_utf8(bytes).map_err(|_| PersistError::NotText)?;
    Ok(match text.strip_prefix('\u{feff}') {
        Some(rest) => rest.to_string(),
        None => text,
    })
}

fn project_dirs() -> Option<directories::ProjectDirs> {
    directories::ProjectDirs::from("org", "Esoterica", "esoterica")
}

fn env_dir(var: &str) -> Option<PathBuf> {
    std::env::var_os(var)
        .filter(|v| !v.is_empty())
        .map(PathBuf::from)
}

/// The folder for the autosave: `$ESOTERICA_DATA_DIR` if set, else the platform's per-user
/// data folder (`~/.local/share/esoterica` on Linux, `%APPDATA%\Esoterica\esoterica\data` on
/// Windows, `~/Library/Application Support/org.Esoterica.esoterica` on macOS).
///
/// # Errors
/// [`PersistError::NoUserDir`] when there is no home folder and no override.
pub fn data_dir() -> Result<PathBuf, PersistError> {
    env_dir(DATA_DIR_ENV)
        .or_else(|| project_dirs().map(|d| d.data_dir().to_path_buf()))
        .ok_or(PersistError::NoUserDir("data"))
}

/// The folder for the settings: `$ESOTERICA_CONFIG_DIR` if set, else the platform's
/// per-user config folder (`~/.config/esoterica` on Linux,
/// `%APPDATA%\Esoterica\esoterica\config` on Windows,
/// `~/Library/Application Support/org.Esoterica.esoterica` on macOS).
///
/// # Errors
/// [`PersistError::NoUserDir`] when there is no home folder and no override.
pub fn config_dir() -> Result<PathBuf, PersistError> {
    env_dir(CONFIG_DIR_ENV)
        .or_else(|| project_dirs().map(|d| d.config_dir().to_path_buf()))
        .ok_or(PersistError::NoUserDir("config"))
}

/// Where the game keeps its files: the data folder (autosave, recent games, the default
/// place to save a game) and the config folder (settings). `None` where no folder could be
/// found (no home folder and no override); the game then runs without saving and says so.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct Folders {
    /// The data folder ([`data_dir`]).
    pub data: Option<PathBuf>,
    /// The config folder ([`config_dir`]).
    pub config: Option<PathBuf>,
}

impl Folders {
    /// The user's folders ([`data_dir`], [`config_dir`], with their environment overrides).
    pub fn from_env() -> Folders {
        Folders {
            data: data_dir().ok(),
            config: config_dir().ok(),
        }
    }

    /// Both folders under `root` (`root/data`, `root/config`): tests and portable installs.
    pub fn under(root: &Path) -> Folders {
        Folders {
            data: Some(root.join("data")),
            config: Some(root.join("config")),
        }
    }

    /// The settings file.
    ///
    /// # Errors
    /// [`PersistError::NoUserDir`] without a config folder.
    pub fn settings_path(&self) -> Result<PathBuf, PersistError> {
        self.config
            .as_ref()
            .map(|d| d.join(settings::SETTINGS_FILE))
            .ok_or(PersistError::NoUserDir("config"))
    }

    /// Loads the settings (never fails: see [`Settings::load_from`]).
    pub fn load_settings(&self) -> LoadedSettings {
        match self.settings_path() {
            Ok(p) => Settings::load_from(&p),
            Err(e) => LoadedSettings {
                settings: Settings::default(),
                warning: Some(format!("{e}; using default settings")),
            },
        }
    }

    /// The autosave slot, if there is a data folder.
    pub fn autosave(&self) -> Option<Autosave> {
        self.data.as_ref().map(Autosave::new)
    }

    /// The recent-games folder, if there is a data folder.
    pub fn recent(&self) -> Option<RecentGames> {
        self.data.as_deref().map(RecentGames::in_data_dir)
    }
}

/// Reads a scene named on the command line or in the Scenes panel: a path to a scene file,
/// or the name of a bundled scene (`parity-failed-capture`, with or without `.ron`).
///
/// # Errors
/// [`PersistError`] of the file or scene; for a name that is neither a file nor a bundled
/// scene, [`PersistError::Scene`] listing the bundled names.
pub fn resolve_scene(name_or_path: &Path) -> Result<LoadedScene, PersistError> {
    if name_or_path.exists() {
        // A file, or something else there that load_scene names (a FIFO, a folder).
        return load_scene(name_or_path);
    }
    let name = name_or_path.to_string_lossy();
    match bundled_scene(&name) {
        Some(text) => load_scene_text(text),
        None => Err(PersistError::Scene(format!(
            "no scene file {} and no bundled scene of that name (bundled: {})",
            name_or_path.display(),
            BUNDLED_SCENES
                .iter()
                .map(|(n, _)| *n)
                .collect::<Vec<_>>()
                .join(", ")
        ))),
    }
}

/// A fresh, empty folder under the system temp folder for one test.
#[cfg(test)]
pub(crate) fn test_dir(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("esoterica-persist-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).expect("test folder");
    d
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A FIFO is refused without being opened (opening it would wait for a writer
    /// forever), `/dev/zero` without being read, and a regular file only up to the bound.
    #[cfg(unix)]
    #[test]
    fn only_regular_files_are_read_and_only_up_to_the_bound() {
        let d = test_dir("read-kinds");
        let fifo = d.join("openings.txt");
        let made = std::process::Command::new("mkfifo")
            .arg(&fifo)
            .status()
            .unwrap();
        assert!(made.success());
        let e = read_text_bounded(&fifo, 1000).unwrap_err();
        assert_eq!(
            e.to_string(),
            format!(
                "cannot open {}: it is a FIFO, not a regular file",
                fifo.display()
            )
        );
        assert_eq!(e.naming(&fifo), e.to_string());
        #[cfg(target_os = "linux")]
        {
            let e = read_text_bounded(Path::new("/dev/zero"), 1000).unwrap_err();
            assert_eq!(
                e.to_string(),
                "cannot open /dev/zero: it is a character device, not a regular file"
            );
        }
        let e = read_text_bounded(&d, 1000).unwrap_err();
        assert!(
            e.to_string()
                .ends_with("it is a folder, not a regular file"),
            "{e}"
        );
        let big = d.join("big.txt");
        std::fs::write(&big, "x".repeat(1001)).unwrap();
        let e = read_text_bounded(&big, 1000).unwrap_err();
        assert_eq!(
            e,
            PersistError::TooLarge {
                bytes: 1001,
                max: 1000
            }
        );
        assert_eq!(
            e.naming(&big),
            format!(
                "{}: the input is 1001 bytes, more than the 1000 accepted",
                big.display()
            )
        );
        assert_eq!(read_text_bounded(&big, 1001).unwrap().len(), 1001);
    }
}
