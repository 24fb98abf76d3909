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
//!
//! Every loader bounds its input, returns a [`PersistError`] with a clear message and never
//! panics on bad bytes. File formats and paths are documented in `docs/SAVING.md`.

pub mod atomic;
pub mod autosave;
pub mod bundled;
pub mod game;
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
    Settings, UI_SCALE_RANGE,
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

/// Reads a whole file as text, refusing more than `max` bytes (checked while reading, so a
/// growing or huge file never fills memory). A UTF-8 byte-order mark at the start is
/// dropped (editors on Windows write one).
///
/// # Errors
/// [`PersistError::Io`], [`PersistError::TooLarge`] or [`PersistError::NotText`].
pub fn read_text_bounded(path: &Path, max: usize) -> Result<String, PersistError> {
    let file = std::fs::File::open(path).map_err(|e| io_err("open", path, &e))?;
    let mut bytes = Vec::new();
    file.take(max as u64 + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| io_err("read", path, &e))?;
    if bytes.len() > max {
        let size = std::fs::metadata(path).map_or(bytes.len() as u64, |m| m.len());
        return Err(PersistError::TooLarge {
            bytes: size,
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
    if name_or_path.is_file() {
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
