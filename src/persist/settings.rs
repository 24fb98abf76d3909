//! The user's settings, persisted as RON in the config folder (`settings.ron`, see
//! [`config_dir`](super::config_dir)). Loading never fails: a missing file gives the
//! defaults; a corrupt, unreadable or outdated file gives the defaults plus a warning the
//! game shows to the user (and the bad file is kept as `settings.ron.bad`). Unknown fields
//! are ignored and missing ones take their defaults, so adding a setting needs no version
//! bump; a change of meaning does ([`SETTINGS_VERSION`]).

use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use crate::rules::variant::Variant;

use super::{PersistError, atomic, read_text_bounded};

/// The settings format this build reads and writes.
pub const SETTINGS_VERSION: u32 = 1;
/// The settings file name.
pub const SETTINGS_FILE: &str = "settings.ron";
/// Where an unusable settings file is kept (so the user's edits are not lost).
pub const BAD_SETTINGS_FILE: &str = "settings.ron.bad";
/// The largest settings file read (bytes).
pub const MAX_SETTINGS_BYTES: usize = 64 * 1024;

/// Board overlays the player can switch on.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct Overlays {
    /// Intrachange: the hexagram number (0–63) of each square.
    pub intrachange_numbers: bool,
    /// Intrachange: each square's hexagram drawn from its bits.
    pub hexagrams: bool,
    /// Force Field: each empty square's net charge.
    pub force_field_charges: bool,
    /// Big Outer: the central / mid / outer zones.
    pub big_outer_zones: bool,
}

/// Who plays one side.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum PlayerSpec {
    /// A person at this machine.
    #[default]
    Human,
    /// A bot: its registry name or external command (`spec`) and strength (`level`).
    Bot {
        /// Built-in bot name or external command line.
        spec: String,
        /// Strength level (bot-defined scale, 1 = weakest).
        level: u8,
    },
}

/// Who plays each side.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct Players {
    /// White's player.
    pub white: PlayerSpec,
    /// Black's player.
    pub black: PlayerSpec,
}

/// The drawing of the pieces (`assets/pieces/<set>/`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum PieceSet {
    /// Shaded pieces, lit from the upper left.
    #[default]
    Classic,
    /// Flat fills and heavy outlines: reads on a projector or across a room.
    Print,
}

impl PieceSet {
    /// Every set, in the order the settings list them.
    pub const ALL: [PieceSet; 2] = [PieceSet::Classic, PieceSet::Print];

    /// The set's folder name under `assets/pieces/`.
    pub fn name(self) -> &'static str {
        match self {
            PieceSet::Classic => "classic",
            PieceSet::Print => "print",
        }
    }

    /// The name shown in the settings.
    pub fn title(self) -> &'static str {
        match self {
            PieceSet::Classic => "Classic",
            PieceSet::Print => "Print (flat)",
        }
    }
}

/// The colours and surfaces of the board.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum BoardTheme {
    /// Light and dark wood with grain.
    #[default]
    Wood,
    /// Veined light and grey-green stone.
    Marble,
    /// Near-white and near-black squares, strong highlights.
    HighContrast,
    /// Flat, bright, saturated squares that survive a washed-out projector.
    Projector,
}

impl BoardTheme {
    /// Every theme, in the order the settings list them.
    pub const ALL: [BoardTheme; 4] = [
        BoardTheme::Wood,
        BoardTheme::Marble,
        BoardTheme::HighContrast,
        BoardTheme::Projector,
    ];

    /// The name shown in the settings.
    pub fn title(self) -> &'static str {
        match self {
            BoardTheme::Wood => "Wood",
            BoardTheme::Marble => "Marble",
            BoardTheme::HighContrast => "High contrast",
            BoardTheme::Projector => "Projector",
        }
    }
}

/// Multisample anti-aliasing of the board's view (the gizmo lines, arrows and rings have
/// no other smoothing; sprites are smoothed by their images' soft edges).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Antialiasing {
    /// 4× MSAA on a graphics card, off on a software renderer (Mesa's llvmpipe, which
    /// blends and resolves every sample on the CPU).
    #[default]
    Auto,
    /// Always 4× MSAA.
    On,
    /// Never.
    Off,
}

impl Antialiasing {
    /// Every choice, in the order the settings list them.
    pub const ALL: [Antialiasing; 3] = [Antialiasing::Auto, Antialiasing::On, Antialiasing::Off];

    /// The name shown in the settings.
    pub fn title(self) -> &'static str {
        match self {
            Antialiasing::Auto => "Auto",
            Antialiasing::On => "4× MSAA",
            Antialiasing::Off => "Off",
        }
    }

    /// Whether the board is drawn with 4× MSAA under this choice; `software_renderer`:
    /// the graphics adapter is a CPU one (wgpu's `DeviceType::Cpu`).
    pub fn multisampled(self, software_renderer: bool) -> bool {
        match self {
            Antialiasing::Auto => !software_renderer,
            Antialiasing::On => true,
            Antialiasing::Off => false,
        }
    }
}

/// How the board is shown: flat from above, or as a 3D scene.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum ViewMode {
    /// The flat board seen from above.
    #[default]
    TwoD,
    /// The board and pieces as a lit 3D scene with an orbit camera.
    ThreeD,
}

impl ViewMode {
    /// Every view, in the order the settings list them.
    pub const ALL: [ViewMode; 2] = [ViewMode::TwoD, ViewMode::ThreeD];

    /// The name shown in the settings.
    pub fn title(self) -> &'static str {
        match self {
            ViewMode::TwoD => "2D",
            ViewMode::ThreeD => "3D",
        }
    }

    /// The command-line name (`--view 2d|3d`).
    pub fn name(self) -> &'static str {
        match self {
            ViewMode::TwoD => "2d",
            ViewMode::ThreeD => "3d",
        }
    }

    /// Reads a command-line name (`2d` or `3d`, any case).
    ///
    /// # Errors
    /// A sentence naming the text and the names that are accepted.
    pub fn parse(text: &str) -> Result<ViewMode, String> {
        ViewMode::ALL
            .into_iter()
            .find(|v| v.name().eq_ignore_ascii_case(text.trim()))
            .ok_or_else(|| format!("unknown view '{text}': expected 2d or 3d"))
    }

    /// The other view.
    pub fn other(self) -> ViewMode {
        match self {
            ViewMode::TwoD => ViewMode::ThreeD,
            ViewMode::ThreeD => ViewMode::TwoD,
        }
    }
}

/// How the game looks: pieces, board, interface size and motion.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct Appearance {
    /// The piece drawing (a name this build does not know reads as the default).
    #[serde(deserialize_with = "lenient_choice")]
    pub piece_set: PieceSet,
    /// The board's colours and surfaces (a name this build does not know reads as the
    /// default).
    #[serde(deserialize_with = "lenient_choice")]
    pub board_theme: BoardTheme,
    /// The interface's text and panel size on top of the window-size scaling (1.0 = normal;
    /// clamped to [`UI_SCALE_RANGE`]).
    pub ui_scale: f32,
    /// Short fades instead of travel, lifts, particles and bounces.
    pub reduce_motion: bool,
    /// Multisampling of the board (a name this build does not know reads as the default).
    #[serde(deserialize_with = "lenient_choice")]
    pub antialiasing: Antialiasing,
    /// The 2D board or the 3D scene (a name this build does not know reads as the default).
    #[serde(deserialize_with = "lenient_choice")]
    pub view: ViewMode,
}

/// A setting chosen from a fixed list of unit variants, read by name.
trait Choice: Copy + Default + std::fmt::Debug + 'static {
    /// Every choice.
    const CHOICES: &'static [Self];
}

impl Choice for PieceSet {
    const CHOICES: &'static [Self] = &PieceSet::ALL;
}

impl Choice for BoardTheme {
    const CHOICES: &'static [Self] = &BoardTheme::ALL;
}

impl Choice for Antialiasing {
    const CHOICES: &'static [Self] = &Antialiasing::ALL;
}

impl Choice for ViewMode {
    const CHOICES: &'static [Self] = &ViewMode::ALL;
}

/// Reads a [`Choice`] by its variant name; an unknown name (a theme from a newer build, a
/// typo) gives the default instead of failing the whole settings file.
fn lenient_choice<'de, D, T>(d: D) -> Result<T, D::Error>
where
    D: serde::Deserializer<'de>,
    T: Choice,
{
    use serde::de::{EnumAccess, VariantAccess};
    struct ByName<T>(std::marker::PhantomData<T>);
    /// A variant name, read as an identifier (a `String` would ask for a quoted string).
    struct Ident(String);
    impl<'de> Deserialize<'de> for Ident {
        fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
            struct V;
            impl serde::de::Visitor<'_> for V {
                type Value = Ident;
                fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                    f.write_str("a name")
                }
                fn visit_str<E: serde::de::Error>(self, v: &str) -> Result<Ident, E> {
                    Ok(Ident(v.to_owned()))
                }
            }
            d.deserialize_identifier(V)
        }
    }
    fn named<T: Choice>(name: &str) -> T {
        T::CHOICES
            .iter()
            .copied()
            .find(|c| format!("{c:?}") == name)
            .unwrap_or_default()
    }
    impl<'de, T: Choice> serde::de::Visitor<'de> for ByName<T> {
        type Value = T;
        fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
            f.write_str("a name")
        }
        fn visit_str<E: serde::de::Error>(self, v: &str) -> Result<T, E> {
            Ok(named(v))
        }
        fn visit_enum<A: EnumAccess<'de>>(self, data: A) -> Result<T, A::Error> {
            let (Ident(name), rest) = data.variant()?;
            rest.unit_variant()?;
            Ok(named(&name))
        }
    }
    d.deserialize_enum("Choice", &[], ByName(std::marker::PhantomData))
}

/// The interface scale the settings accept.
pub const UI_SCALE_RANGE: std::ops::RangeInclusive<f32> = 0.6..=2.0;

impl Default for Appearance {
    fn default() -> Self {
        Appearance {
            piece_set: PieceSet::default(),
            board_theme: BoardTheme::default(),
            ui_scale: 1.0,
            reduce_motion: false,
            antialiasing: Antialiasing::Auto,
            view: ViewMode::TwoD,
        }
    }
}

/// Everything the game remembers between runs.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct Settings {
    /// Format version ([`SETTINGS_VERSION`]); a file of another version is not trusted.
    pub version: u32,
    /// Animation speed factor (1.0 = normal, 2.0 = twice as fast; clamped to 0.1–10).
    pub animation_speed: f32,
    /// Board overlays.
    pub overlays: Overlays,
    /// Who plays White and Black.
    pub players: Players,
    /// The variant played last, by its command-line name (`big-outer`, …).
    #[serde(with = "variant_name")]
    pub last_variant: Variant,
    /// Minutes without input after which the demo starts; `None` (the default) = never.
    pub idle_minutes_to_demo: Option<u32>,
    /// Start in fullscreen.
    pub fullscreen: bool,
    /// Pieces, board theme, interface scale, reduced motion.
    pub appearance: Appearance,
    /// The time control of new games (`5+3`, `5d2`, `none`; `docs/rules/clocks.md`).
    pub time_control: String,
    /// Sound: volume and mute.
    pub sound: SoundPrefs,
    /// The player's puzzle rating (Glicko-2: rating, deviation, volatility).
    pub puzzle_rating: crate::learn::glicko::Rating,
}

/// The sound settings kept between runs.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct SoundPrefs {
    /// Loudness, 0 to 1 (clamped when read).
    pub volume: f32,
    /// No sound at all.
    pub muted: bool,
}

impl Default for SoundPrefs {
    fn default() -> Self {
        SoundPrefs {
            volume: 0.7,
            muted: false,
        }
    }
}

impl Default for Settings {
    fn default() -> Self {
        Settings {
            version: SETTINGS_VERSION,
            animation_speed: 1.0,
            overlays: Overlays::default(),
            players: Players::default(),
            last_variant: Variant::default(),
            idle_minutes_to_demo: None,
            fullscreen: false,
            appearance: Appearance::default(),
            time_control: "none".into(),
            sound: SoundPrefs::default(),
            puzzle_rating: crate::learn::glicko::Rating::NEW,
        }
    }
}

mod variant_name {
    use serde::{Deserialize, Deserializer, Serializer};

    use crate::rules::variant::Variant;

    pub(super) fn serialize<S: Serializer>(v: &Variant, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(v.name())
    }

    pub(super) fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Variant, D::Error> {
        let name = String::deserialize(d)?;
        Variant::parse(&name).map_err(serde::de::Error::custom)
    }
}

/// Settings as loaded, with the warning to show when the file could not be used.
#[derive(Clone, Debug, PartialEq)]
pub struct LoadedSettings {
    /// The settings to use (the defaults when the file was missing or unusable).
    pub settings: Settings,
    /// A sentence for the user when the file was corrupt or outdated; `None` otherwise.
    pub warning: Option<String>,
}

impl Settings {
    /// The settings file in the user's config folder (`$ESOTERICA_CONFIG_DIR` overrides).
    ///
    /// # Errors
    /// [`PersistError::NoUserDir`] when there is no home folder and no override.
    pub fn default_path() -> Result<PathBuf, PersistError> {
        Ok(super::config_dir()?.join(SETTINGS_FILE))
    }

    /// Loads the settings from the default path; never fails (see [`Settings::load_from`]).
    pub fn load() -> LoadedSettings {
        match Settings::default_path() {
            Ok(p) => Settings::load_from(&p),
            Err(e) => LoadedSettings {
                settings: Settings::default(),
                warning: Some(format!("{e}; using default settings")),
            },
        }
    }

    /// Loads the settings from `path`. Missing file: defaults, no warning. Unreadable,
    /// corrupt or outdated file: defaults and a warning (the file is kept as
    /// [`BAD_SETTINGS_FILE`] next to it). Never panics.
    pub fn load_from(path: &Path) -> LoadedSettings {
        if !path.exists() {
            return LoadedSettings {
                settings: Settings::default(),
                warning: None,
            };
        }
        let parsed =
            read_text_bounded(path, MAX_SETTINGS_BYTES).and_then(|t| Settings::from_ron(&t));
        match parsed {
            Ok(s) => LoadedSettings {
                settings: s,
                warning: None,
            },
            Err(e) => {
                let kept = path.with_file_name(BAD_SETTINGS_FILE);
                let where_kept = match std::fs::rename(path, &kept) {
                    Ok(()) => format!(" (the old file was kept as {})", kept.display()),
                    Err(_) => String::new(),
                };
                LoadedSettings {
                    settings: Settings::default(),
                    warning: Some(format!(
                        "Settings file {} could not be used: {e}. Using the default settings{where_kept}.",
                        path.display()
                    )),
                }
            }
        }
    }

    /// Reads settings from RON text; unknown fields are ignored, missing ones default,
    /// values out of range are clamped.
    ///
    /// # Errors
    /// [`PersistError::Settings`] for text that is not RON of this shape, or a `version`
    /// other than [`SETTINGS_VERSION`].
    pub fn from_ron(text: &str) -> Result<Settings, PersistError> {
        if text.len() > MAX_SETTINGS_BYTES {
            return Err(PersistError::TooLarge {
                bytes: text.len() as u64,
                max: MAX_SETTINGS_BYTES as u64,
            });
        }
        let mut s: Settings =
            ron::from_str(text).map_err(|e| PersistError::Settings(e.to_string()))?;
        if s.version != SETTINGS_VERSION {
            return Err(PersistError::Settings(format!(
                "the file is version {}, this build reads version {SETTINGS_VERSION}",
                s.version
            )));
        }
        s.animation_speed = if s.animation_speed.is_finite() {
            s.animation_speed.clamp(0.1, 10.0)
        } else {
            1.0
        };
        s.appearance.ui_scale = if s.appearance.ui_scale.is_finite() {
            s.appearance
                .ui_scale
                .clamp(*UI_SCALE_RANGE.start(), *UI_SCALE_RANGE.end())
        } else {
            1.0
        };
        Ok(s)
    }

    /// The settings as RON text (with the current version).
    pub fn to_ron(&self) -> String {
        let mut s = self.clone();
        s.version = SETTINGS_VERSION;
        ron::ser::to_string_pretty(&s, ron::ser::PrettyConfig::default())
            .expect("invariant: plain structs of strings and numbers always serialise")
    }

    /// Saves the settings to the default path, atomically.
    ///
    /// # Errors
    /// [`PersistError::NoUserDir`] or [`PersistError::Io`].
    pub fn save(&self) -> Result<(), PersistError> {
        self.save_to(&Settings::default_path()?)
    }

    /// Saves the settings to `path`, atomically.
    ///
    /// # Errors
    /// [`PersistError::Io`] when the folder or file cannot be written.
    pub fn save_to(&self, path: &Path) -> Result<(), PersistError> {
        atomic::write_atomic(path, self.to_ron().as_bytes())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::persist::test_dir;

    fn custom() -> Settings {
        Settings {
            version: SETTINGS_VERSION,
            animation_speed: 2.0,
            overlays: Overlays {
                intrachange_numbers: true,
                hexagrams: false,
                force_field_charges: true,
                big_outer_zones: false,
            },
            players: Players {
                white: PlayerSpec::Human,
                black: PlayerSpec::Bot {
                    spec: "search".into(),
                    level: 3,
                },
            },
            last_variant: Variant::BigOuter,
            idle_minutes_to_demo: Some(5),
            fullscreen: true,
            appearance: Appearance {
                piece_set: PieceSet::Print,
                board_theme: BoardTheme::Marble,
                ui_scale: 1.25,
                reduce_motion: true,
                antialiasing: Antialiasing::Off,
                view: ViewMode::ThreeD,
            },
            time_control: "5+3".into(),
            sound: SoundPrefs {
                volume: 0.25,
                muted: true,
            },
            puzzle_rating: crate::learn::glicko::Rating::new(1612.5, 88.0, 0.059),
        }
    }

    #[test]
    fn missing_file_gives_defaults_without_warning() {
        let d = test_dir("settings-missing");
        let l = Settings::load_from(&d.join(SETTINGS_FILE));
        assert_eq!(l.settings, Settings::default());
        assert_eq!(l.warning, None);
        assert_eq!(
            l.settings.idle_minutes_to_demo, None,
            "demo is off by default"
        );
    }

    #[test]
    fn settings_round_trip_through_the_file() {
        let d = test_dir("settings-rt");
        let p = d.join(SETTINGS_FILE);
        custom().save_to(&p).unwrap();
        let text = std::fs::read_to_string(&p).unwrap();
        assert!(text.contains("last_variant: \"big-outer\""), "{text}");
        assert!(
            text.contains(
                "black: Bot(\n            spec: \"search\",\n            level: 3,\n        ),"
            ),
            "{text}"
        );
        let l = Settings::load_from(&p);
        assert_eq!(
            l,
            LoadedSettings {
                settings: custom(),
                warning: None
            }
        );
    }

    #[test]
    fn unknown_fields_are_ignored_and_missing_fields_default() {
        let s = Settings::from_ron("(version: 1, fullscreen: true, colour_scheme: \"dark\", overlays: (hexagrams: true, sparkles: 3))").unwrap();
        let want = Settings {
            fullscreen: true,
            overlays: Overlays {
                hexagrams: true,
                ..Overlays::default()
            },
            ..Settings::default()
        };
        assert_eq!(s, want);
    }

    #[test]
    fn a_corrupt_file_falls_back_to_defaults_with_a_warning() {
        let d = test_dir("settings-corrupt");
        let p = d.join(SETTINGS_FILE);
        std::fs::write(&p, "(version: 1, fullscreen: tru").unwrap();
        let l = Settings::load_from(&p);
        assert_eq!(l.settings, Settings::default());
        let w = l.warning.expect("a warning");
        assert!(
            w.starts_with(&format!(
                "Settings file {} could not be used: settings: ",
                p.display()
            )),
            "{w}"
        );
        assert!(w.ends_with("settings.ron.bad)."), "{w}");
        assert!(d.join(BAD_SETTINGS_FILE).exists());
        // The next start is clean.
        assert_eq!(Settings::load_from(&p).warning, None);
    }

    #[test]
    fn an_outdated_file_falls_back_to_defaults_with_a_warning() {
        let d = test_dir("settings-old");
        let p = d.join(SETTINGS_FILE);
        std::fs::write(&p, "(version: 0, fullscreen: true)").unwrap();
        let l = Settings::load_from(&p);
        assert_eq!(l.settings, Settings::default());
        assert!(
            l.warning
                .unwrap()
                .contains("the file is version 0, this build reads version 1")
        );
    }

    #[test]
    fn an_unknown_variant_or_binary_file_falls_back_with_a_warning() {
        let d = test_dir("settings-bin");
        let p = d.join(SETTINGS_FILE);
        std::fs::write(&p, "(version: 1, last_variant: \"crazyhouse\")").unwrap();
        assert!(
            Settings::load_from(&p)
                .warning
                .unwrap()
                .contains("unknown variant 'crazyhouse'")
        );
        std::fs::write(&p, [0xff, 0, 0xfe]).unwrap();
        assert!(
            Settings::load_from(&p)
                .warning
                .unwrap()
                .contains("not UTF-8")
        );
    }

    #[test]
    fn appearance_round_trips_and_an_old_file_gets_the_default_look() {
        let text = custom().to_ron();
        assert!(text.contains("piece_set: Print"), "{text}");
        assert!(text.contains("board_theme: Marble"), "{text}");
        assert!(text.contains("reduce_motion: true"), "{text}");
        assert!(text.contains("antialiasing: Off"), "{text}");
        assert_eq!(
            Settings::from_ron(&text).unwrap().appearance,
            custom().appearance
        );
        // A file written before the appearance settings existed.
        let old = Settings::from_ron("(version: 1, fullscreen: true)").unwrap();
        assert_eq!(old.appearance, Appearance::default());
        assert_eq!(old.appearance.piece_set, PieceSet::Classic);
        assert_eq!(old.appearance.board_theme, BoardTheme::Wood);
        assert!(!old.appearance.reduce_motion);
        assert_eq!(old.appearance.antialiasing, Antialiasing::Auto);
        // A theme or set this build does not know falls back to the default; the rest of
        // the file is kept.
        let odd = Settings::from_ron(
            "(version: 1, fullscreen: true, appearance: (piece_set: Glass, board_theme: Neon, ui_scale: 1.5))",
        )
        .unwrap();
        assert_eq!(odd.appearance.piece_set, PieceSet::Classic);
        assert_eq!(odd.appearance.board_theme, BoardTheme::Wood);
        assert_eq!(odd.appearance.ui_scale, 1.5);
        assert!(odd.fullscreen);
        let known =
            Settings::from_ron("(version: 1, appearance: (board_theme: HighContrast))").unwrap();
        assert_eq!(known.appearance.board_theme, BoardTheme::HighContrast);
        // Out-of-range scales are clamped.
        let big = Settings::from_ron("(version: 1, appearance: (ui_scale: 9.0))").unwrap();
        assert_eq!(big.appearance.ui_scale, 2.0);
    }

    #[test]
    fn antialiasing_is_off_on_a_software_renderer_only_when_automatic() {
        assert!(Antialiasing::Auto.multisampled(false));
        assert!(!Antialiasing::Auto.multisampled(true));
        assert!(Antialiasing::On.multisampled(true));
        assert!(Antialiasing::On.multisampled(false));
        assert!(!Antialiasing::Off.multisampled(false));
        assert!(!Antialiasing::Off.multisampled(true));
        let on = Settings::from_ron("(version: 1, appearance: (antialiasing: On))").unwrap();
        assert_eq!(on.appearance.antialiasing, Antialiasing::On);
        let odd = Settings::from_ron("(version: 1, appearance: (antialiasing: Fxaa))").unwrap();
        assert_eq!(odd.appearance.antialiasing, Antialiasing::Auto);
    }

    #[test]
    fn the_view_round_trips_reads_its_command_line_names_and_defaults_to_2d() {
        let text = custom().to_ron();
        assert!(text.contains("view: ThreeD"), "{text}");
        assert_eq!(Settings::default().appearance.view, ViewMode::TwoD);
        let odd = Settings::from_ron("(version: 1, appearance: (view: Hologram))").unwrap();
        assert_eq!(odd.appearance.view, ViewMode::TwoD);
        assert_eq!(ViewMode::parse("3D"), Ok(ViewMode::ThreeD));
        assert_eq!(ViewMode::parse(" 2d"), Ok(ViewMode::TwoD));
        assert!(ViewMode::parse("4d").unwrap_err().contains("2d or 3d"));
        assert_eq!(ViewMode::TwoD.other(), ViewMode::ThreeD);
    }

    #[test]
    fn animation_speed_is_clamped() {
        let s = Settings::from_ron("(version: 1, animation_speed: 1000.0)").unwrap();
        assert_eq!(s.animation_speed, 10.0);
    }

    proptest::proptest! {
        #[test]
        fn settings_loader_never_panics_on_random_bytes(bytes in proptest::collection::vec(proptest::prelude::any::<u8>(), 0..300)) {
            let _ = Settings::from_ron(&String::from_utf8_lossy(&bytes));
        }

        #[test]
        fn settings_loader_never_panics_on_ron_like_text(text in "\\((version: [0-9]{1,3}, )?([a-z_]{1,12}: (true|[0-9.e-]{1,6}|\"[a-z-]{0,10}\"|Some\\([0-9]{0,3}\\)|Bot\\(spec: \"x\", level: [0-9]{1,4}\\)|\\(\\)), ?){0,5}\\)?") {
            let _ = Settings::from_ron(&text);
        }
    }

    #[test]
    fn settings_file_loader_never_panics_on_random_files() {
        use rand::{RngExt, SeedableRng};
        let d = test_dir("settings-fuzz");
        let p = d.join(SETTINGS_FILE);
        let mut rng = rand::rngs::Xoshiro256PlusPlus::seed_from_u64(1);
        for _ in 0..50 {
            let n = rng.random_range(0..200);
            let bytes: Vec<u8> = (0..n).map(|_| rng.random_range(0..=255u8)).collect();
            std::fs::write(&p, &bytes).unwrap();
            let l = Settings::load_from(&p);
            assert!(l.warning.is_some() || l.settings == Settings::default() || !bytes.is_empty());
        }
    }
}
