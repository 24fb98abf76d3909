//! The windowed game: every way the window starts — `esoterica` / `esoterica play` (with
//! `--scene`, `--moves`, `--animate-last`, `--idle-demo`, bots, a seed, a window size),
//! `esoterica demo` (and, inside it, the take-over), and the resume question — is a
//! [`Launch`] built by one function, [`build_app`], for a real window or headless
//! ([`Platform`]). The headless build has the same plugins as the window; only the window
//! system (winit) and the GPU renderer are left out, so tests run exactly what a user starts.
//!
//! `--view 2d|3d` chooses the board's view for the run.
//!
//! `--screenshot FILE --frames N` saves a screenshot with Bevy's screenshot API after N
//! frames and exits once it is written; `--frame-stats FILE` measures frame times.

use std::fmt;
use std::path::PathBuf;

use bevy::prelude::*;
use bevy::render::view::screenshot::{Screenshot, ScreenshotCaptured, save_to_disk};

use crate::bots::BotSpec;
use crate::bots::plugin::{BotPlugin, BotSeed};
use crate::cli::{DemoArgs, PlayArgs};
use crate::game::RecentSlot;
use crate::game::persist_glue::{AutosaveSlot, PlaySceneRequest};
use crate::game::seats::Seats;
use crate::game::session::{AppMode, StartMode, StartOptions};
use crate::game::{ActiveGame, GamePlugin, MoveSource, SideMoveRequest};
use crate::persist::{Folders, LoadedScene};
use crate::rules::{Color, Entry, GameRecord, Position, TurnModel, Variant, variants};

/// The window size used when the monitor is large enough (logical pixels).
pub const DEFAULT_WINDOW: (u32, u32) = (1280, 800);

/// Where the app runs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Platform {
    /// A window on the desktop (winit, the GPU renderer).
    Window,
    /// No window system and no GPU: the window entity exists (so egui, picking and the
    /// camera have their sizes) but nothing is presented. Frames are driven with
    /// [`App::update`]. Used by the start-mode tests.
    Headless,
}

/// Why the window could not start (bad command-line input); printed, exit status 1.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StartError(pub String);

impl fmt::Display for StartError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for StartError {}

/// How the window opens: a size, or fullscreen.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct WindowPlan {
    /// `--window WxH` (logical pixels); `None`: [`DEFAULT_WINDOW`], shrunk to fit the
    /// monitor.
    pub size: Option<(u32, u32)>,
    /// Borderless fullscreen on the primary monitor.
    pub fullscreen: bool,
}

/// `esoterica play`, read and checked: everything the window needs at start.
#[derive(Clone, Debug)]
pub struct PlayLaunch {
    /// The game to start with (`--variant`, `--position`, `--moves` minus an animated
    /// last move).
    pub record: GameRecord,
    /// `--white` / `--black`: the players for this run only; `None`: the saved players.
    pub players: Option<crate::persist::Players>,
    /// `--variant`, `--position`, `--moves` or `--scene` fixed the start: no resume
    /// question, no last variant from the settings.
    pub fixed_start: bool,
    /// `--scene`: shown after start.
    pub scene: Option<LoadedScene>,
    /// `--animate-last`: the requests that play the last move after the window opens.
    pub animate_last: Vec<SideMoveRequest>,
    /// `--idle-demo` minutes (else the settings' value).
    pub idle_demo: Option<f32>,
    /// `--seed`: the bots' master seed; `None`: from entropy.
    pub seed: Option<u64>,
    /// `--frame-stats FILE`.
    pub frame_stats: Option<PathBuf>,
    /// `--screenshot FILE`.
    pub screenshot: Option<PathBuf>,
    /// `--frames N` for the screenshot / frame statistics.
    pub frames: u32,
    /// The window.
    pub window: WindowPlan,
    /// `--time-control`: the clock of the first game and of new games in this run.
    pub time_control: Option<crate::rules::clock::TimeControl>,
    /// `--watch FILE`: the game file to follow.
    pub watch: Option<PathBuf>,
    /// `--lesson` or `--puzzles`: a lesson or the puzzles open at start.
    pub learn: Option<LearnStart>,
    /// `--view`: the board's view for this run; `None`: the settings' view.
    pub view: Option<crate::persist::ViewMode>,
    /// `--threads`: the bots' search threads ([`Seats::threads`]).
    pub threads: usize,
}

/// What `--lesson` and `--puzzles` open ([`crate::coach`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LearnStart {
    /// A lesson of `variant`, counted from 0.
    Lesson {
        /// The variant.
        variant: Variant,
        /// The lesson.
        lesson: usize,
    },
    /// The puzzles of `variant`: `index` (from 0) or the one nearest the rating.
    Puzzles {
        /// The variant.
        variant: Variant,
        /// The puzzle.
        index: Option<usize>,
    },
}

impl LearnStart {
    /// Reads `VARIANT` or `VARIANT:N` (N from 1) of `--lesson` (`puzzles: false`) or
    /// `--puzzles`, and checks that the lesson or puzzle exists.
    ///
    /// # Errors
    /// [`StartError`] for an unknown variant, a number that is not a whole number from 1,
    /// or a lesson or puzzle the variant does not have.
    pub fn parse(text: &str, puzzles: bool) -> Result<LearnStart, StartError> {
        let flag = if puzzles { "--puzzles" } else { "--lesson" };
        let (name, number) = match text.trim().split_once(':') {
            Some((v, n)) => (v, Some(n)),
            None => (text.trim(), None),
        };
        let variant =
            Variant::parse(name).map_err(|e| StartError(format!("{flag} {text}: {e}")))?;
        let number = match number {
            None => None,
            Some(n) => match n.trim().parse::<usize>() {
                Ok(k) if k >= 1 => Some(k - 1),
                _ => {
                    return Err(StartError(format!(
                        "{flag} {text}: after the colon comes a number from 1, not \"{n}\""
                    )));
                }
            },
        };
        if puzzles {
            let count = crate::coach::puzzles_of(variant)
                .map_err(|e| StartError(format!("{flag} {text}: {e}")))?
                .len();
            if let Some(i) = number.filter(|i| *i >= count) {
                return Err(StartError(format!(
                    "{flag} {text}: {} has {count} puzzles, not {}",
                    variant.title(),
                    i + 1
                )));
            }
            Ok(LearnStart::Puzzles {
                variant,
                index: number,
            })
        } else {
            let count = crate::coach::lesson_book(variant)
                .map_err(|e| StartError(format!("{flag} {text}: {e}")))?
                .lessons
                .len();
            let lesson = number.unwrap_or(0);
            if lesson >= count {
                return Err(StartError(format!(
                    "{flag} {text}: {} has {}, not {}",
                    variant.title(),
                    crate::rules::narrate::count(count, "lesson"),
                    lesson + 1
                )));
            }
            Ok(LearnStart::Lesson { variant, lesson })
        }
    }
}

/// `esoterica demo`, read and checked.
#[derive(Clone, Debug)]
pub struct DemoLaunch {
    /// Variants to cycle through.
    pub variants: Vec<Variant>,
    /// Seconds between two bot moves.
    pub pace_secs: f32,
    /// The built-in bot playing both sides.
    pub bot: BotSpec,
    /// Show the scoreboard of the demo's games.
    pub scoreboard: bool,
    /// The window.
    pub window: WindowPlan,
    /// `--view`: the board's view; `None`: the settings' view.
    pub view: Option<crate::persist::ViewMode>,
    /// Sound in the demo.
    pub sound: bool,
    /// Minutes of idleness after a take-over before the loop starts again (`None`: never).
    pub idle_return: Option<f32>,
    /// The kiosk: the window's close requests are ignored (hold Esc to quit).
    pub kiosk: bool,
    /// Show each variant's scene between its title card and its game.
    pub scenes: bool,
}

/// One of the ways the window starts.
#[derive(Clone, Debug)]
pub enum Launch {
    /// The game (hot-seat, against bots, a scene; the resume question when an autosave
    /// waits).
    Play(Box<PlayLaunch>),
    /// The attract mode.
    Demo(DemoLaunch),
}

impl PlayLaunch {
    /// Reads `esoterica play`'s options.
    ///
    /// # Errors
    /// [`StartError`] for a bad position text, a move that cannot be read or played, an
    /// unknown bot, a scene that cannot be read, or a bad `--window`.
    pub fn from_args(args: &PlayArgs) -> Result<PlayLaunch, StartError> {
        let mut moves: Vec<String> = args
            .moves
            .iter()
            .filter(|t| !t.trim().is_empty())
            .cloned()
            .collect();
        let last = if args.animate_last { moves.pop() } else { None };
        let record = start_record(args.variant, args.position.as_deref(), &moves)?;
        let game = ActiveGame::from_record(record.clone());
        let animate_last = match last {
            Some(text) => last_move_requests(&game, &text)?,
            None => Vec::new(),
        };
        let players = if args.watch.is_some() {
            if args.white.is_some() || args.black.is_some() {
                return Err(StartError(
                    "--watch shows the file's games: it takes no --white or --black".into(),
                ));
            }
            // Nobody plays a watched game: no bot may move in it.
            Some(crate::persist::Players::default())
        } else {
            cli_players(args)?
        };
        let scene = match &args.scene {
            Some(path) => Some(
                crate::persist::resolve_scene(path)
                    .map_err(|e| StartError(format!("--scene {}: {e}", path.display())))?,
            ),
            None => None,
        };
        let size = match &args.window {
            Some(text) => Some(parse_window_size(text)?),
            None => None,
        };
        let time_control = match &args.time_control {
            Some(t) => Some(
                crate::rules::clock::TimeControl::parse(t)
                    .map_err(|e| StartError(format!("--time-control: {e}")))?,
            ),
            None => None,
        };
        let learn = match (&args.lesson, &args.puzzles) {
            (Some(_), Some(_)) => {
                return Err(StartError(
                    "--lesson and --puzzles each open the window on their own: choose one".into(),
                ));
            }
            (Some(t), None) => Some(LearnStart::parse(t, false)?),
            (None, Some(t)) => Some(LearnStart::parse(t, true)?),
            (None, None) => None,
        };
        if let Some(m) = args.idle_demo.filter(|m| !m.is_finite() || *m <= 0.0) {
            return Err(StartError(format!(
                "--idle-demo takes minutes above 0, not {m}"
            )));
        }
        if learn.is_some() && (args.watch.is_some() || args.scene.is_some()) {
            return Err(StartError(
                "--lesson and --puzzles put their own position on the board: no --watch or --scene"
                    .into(),
            ));
        }
        Ok(PlayLaunch {
            time_control,
            learn,
            watch: args.watch.clone(),
            record,
            players,
            fixed_start: args.variant.is_some()
                || args.position.is_some()
                || args.scene.is_some()
                || args.watch.is_some()
                || args.lesson.is_some()
                || args.puzzles.is_some()
                || !args.moves.is_empty(),
            scene,
            animate_last,
            idle_demo: args.idle_demo,
            seed: args.seed,
            frame_stats: args.frame_stats.clone(),
            screenshot: args.screenshot.clone(),
            frames: args.frames.max(1),
            window: WindowPlan {
                size,
                fullscreen: args.fullscreen,
            },
            view: args.view,
            threads: args.threads.unwrap_or(1),
        })
    }

    /// A plain start: standard chess, the saved players, nothing fixed (what `esoterica`
    /// with no options does).
    pub fn plain() -> PlayLaunch {
        PlayLaunch::from_args(&PlayArgs::default())
            .expect("invariant: the default options are valid")
    }
}

impl DemoLaunch {
    /// Reads `esoterica demo`'s options.
    ///
    /// # Errors
    /// [`StartError`] for an unknown or external bot, or a bad `--window`.
    pub fn from_args(args: &DemoArgs) -> Result<DemoLaunch, StartError> {
        let bot = match BotSpec::parse(&args.bot) {
            Ok(BotSpec::External(_)) => {
                return Err(StartError("the demo plays built-in bots only".into()));
            }
            Ok(b) => b,
            Err(e) => return Err(StartError(e.to_string())),
        };
        let size = match &args.window {
            Some(text) => Some(parse_window_size(text)?),
            None => None,
        };
        if !args.pace.is_finite() || args.pace <= 0.0 {
            return Err(StartError(format!(
                "--pace takes seconds above 0, not {}",
                args.pace
            )));
        }
        if !args.idle_return.is_finite() || args.idle_return < 0.0 {
            return Err(StartError(format!(
                "--idle-return takes minutes, 0 or more, not {}",
                args.idle_return
            )));
        }
        Ok(DemoLaunch {
            variants: if args.variants.is_empty() {
                crate::demo::plugin::ATTRACT_ORDER.to_vec()
            } else {
                args.variants.clone()
            },
            pace_secs: if args.pace.is_finite() {
                args.pace.max(0.1)
            } else {
                crate::demo::script::PACE_SECS
            },
            bot,
            scoreboard: !args.no_scoreboard,
            window: WindowPlan {
                size,
                fullscreen: args.fullscreen || args.kiosk,
            },
            view: args.view,
            sound: args.sound,
            idle_return: (args.idle_return > 0.0).then_some(args.idle_return),
            kiosk: args.kiosk,
            scenes: args.scenes == "on",
        })
    }
}

/// Reads `WxH` (e.g. `1024x700`), each between 320 and 16384 logical pixels.
///
/// # Errors
/// [`StartError`] naming the text.
pub fn parse_window_size(text: &str) -> Result<(u32, u32), StartError> {
    let bad = || {
        StartError(format!(
            "--window '{text}': expected WIDTHxHEIGHT in logical pixels, e.g. 1024x700 \
             (each 320–16384)"
        ))
    };
    let (w, h) = text.trim().split_once(['x', 'X']).ok_or_else(bad)?;
    let w: u32 = w.trim().parse().map_err(|_| bad())?;
    let h: u32 = h.trim().parse().map_err(|_| bad())?;
    if !(320..=16384).contains(&w) || !(320..=16384).contains(&h) {
        return Err(bad());
    }
    Ok((w, h))
}

/// Opens the game window and runs until it closes. Returns the process exit status: 0 on a
/// normal exit, 1 for bad arguments, which are printed to stderr.
pub fn run(args: PlayArgs) -> u8 {
    match PlayLaunch::from_args(&args) {
        Ok(launch) => run_app(build_app(
            Launch::Play(Box::new(launch)),
            Platform::Window,
            Folders::from_env(),
        )),
        Err(e) => {
            eprintln!("esoterica: {e}");
            1
        }
    }
}

/// Opens the demo window (attract mode) and runs until a visitor holds Esc. Returns the
/// process exit status: 0 on a normal exit, 1 for a bad `--bot`.
pub fn run_demo(args: DemoArgs) -> u8 {
    match DemoLaunch::from_args(&args) {
        Ok(launch) => run_app(build_app(
            Launch::Demo(launch),
            Platform::Window,
            Folders::from_env(),
        )),
        Err(e) => {
            eprintln!("esoterica: {e}");
            1
        }
    }
}

fn run_app(mut app: App) -> u8 {
    match app.run() {
        AppExit::Success => 0,
        AppExit::Error(code) => {
            if code.get() != RENDER_FAILED_EXIT {
                eprintln!(
                    "esoterica: the window stopped with exit status {code}; the log above says \
                     why. The game is autosaved after every move: the next start offers to resume it."
                );
            }
            code.get()
        }
    }
}

/// The exit status of a window whose renderer reported an error (wgpu validation, out of
/// memory, a lost device).
pub const RENDER_FAILED_EXIT: u8 = 4;

/// What the window does when the renderer reports an error: it names the error in full
/// (Bevy's own handler logs only its type) on stderr and in the log, and the app exits with
/// [`RENDER_FAILED_EXIT`]. Rendering stops; nothing else is lost, since the autosave is
/// written after every move.
pub fn report_render_error(
    error: &bevy::render::error_handler::RenderError,
    main_world: &mut World,
    _render_world: &mut World,
) -> bevy::render::error_handler::RenderErrorPolicy {
    let message = format!(
        "esoterica: the renderer failed ({:?} error): {}",
        error.ty,
        error.description.trim()
    );
    error!("{message}");
    eprintln!("{message}");
    eprintln!(
        "esoterica: the game is autosaved after every move: the next start offers to resume it."
    );
    main_world.write_message(AppExit::from_code(RENDER_FAILED_EXIT));
    bevy::render::error_handler::RenderErrorPolicy::StopRendering
}

/// Builds the app for `launch`: Bevy's default plugins (for `platform`), the headless game
/// ([`GamePlugin`]), the bots ([`BotPlugin`]), the board ([`RenderPlugin`](crate::render::RenderPlugin)),
/// the panels ([`UiPlugin`](crate::ui::UiPlugin)), the lessons and puzzles
/// ([`CoachPlugin`](crate::coach::CoachPlugin)) and, for the demo or `--idle-demo`, the
/// [`DemoPlugin`](crate::demo::DemoPlugin). `folders` holds the settings, the autosave and
/// the recent games (tests pass a temporary folder).
pub fn build_app(launch: Launch, platform: Platform, folders: Folders) -> App {
    let settings = folders.load_settings().settings;
    let window = match &launch {
        Launch::Play(p) => p.window,
        Launch::Demo(d) => d.window,
    };
    let start_view = match &launch {
        Launch::Play(p) => p.view,
        Launch::Demo(d) => d.view,
    };
    let title = match &launch {
        Launch::Play(_) => "Esoterica",
        Launch::Demo(_) => "Esoterica — demo",
    };
    let kiosk = matches!(&launch, Launch::Demo(d) if d.kiosk);
    let mut app = App::new();
    app.add_plugins(default_plugins(
        platform,
        title,
        window,
        settings.fullscreen,
        kiosk,
    ));
    if platform == Platform::Window {
        app.insert_resource(bevy::render::error_handler::RenderErrorHandler(
            report_render_error,
        ));
    }
    app.insert_resource(crate::ui::files::UserFolders(folders.clone()))
        .insert_resource(crate::render::window::WindowFit {
            requested: window.size,
        })
        .insert_resource(crate::render::view::StartView(start_view));
    match launch {
        Launch::Play(p) => {
            let p = *p;
            let seed = p.seed.unwrap_or_else(random_seed);
            let mut record = p.record;
            crate::game::persist_glue::stamp_new_record(&mut record);
            let tc = p
                .time_control
                .or_else(|| crate::rules::clock::TimeControl::parse(&settings.time_control).ok())
                .unwrap_or_default();
            record.time_control = tc;
            app.insert_resource(crate::game::clock::ClockChoice(tc));
            let mode = if p.watch.is_some() {
                AppMode::Watch
            } else {
                AppMode::Play
            };
            app.insert_resource(ActiveGame::from_record(record))
                .insert_resource(StartMode(mode))
                .insert_resource({
                    let mut seats = Seats::new(p.players.clone().unwrap_or_default());
                    seats.threads = p.threads;
                    seats
                })
                .insert_resource(BotSeed(seed))
                .insert_resource(StartOptions {
                    cli_players: p.players.is_some(),
                    cli_start: p.fixed_start,
                    keep_settings: false,
                })
                .add_plugins((
                    GamePlugin,
                    BotPlugin::default(),
                    crate::render::RenderPlugin,
                    crate::ui::UiPlugin,
                    crate::coach::CoachPlugin,
                ));
            if let Some(dir) = folders.data.as_deref() {
                app.insert_resource(AutosaveSlot::claim(dir));
            }
            app.insert_resource(RecentSlot(folders.recent()));
            if let Some(path) = p.watch {
                app.insert_resource(crate::game::watch::WatchedFile::new(path, 1.0));
            }
            if let Some(scene) = p.scene {
                app.world_mut()
                    .write_message(PlaySceneRequest(Box::new(scene)));
            }
            match p.learn {
                Some(LearnStart::Lesson { variant, lesson }) => {
                    app.world_mut()
                        .write_message(crate::coach::StartLessonRequest { variant, lesson });
                }
                Some(LearnStart::Puzzles { variant, index }) => {
                    app.world_mut()
                        .write_message(crate::coach::StartPuzzleRequest { variant, index });
                }
                None => {}
            }
            if !p.animate_last.is_empty() {
                app.insert_resource(AnimateLast {
                    requests: p.animate_last,
                    frame: 0,
                })
                .add_systems(
                    Update,
                    submit_animated_last.in_set(crate::InputSystems::Scripted),
                );
            }
            let idle = p
                .idle_demo
                .or(settings.idle_minutes_to_demo.map(|m| m as f32));
            if let Some(minutes) = idle.filter(|m| m.is_finite() && *m > 0.0) {
                app.add_plugins(crate::demo::DemoPlugin {
                    idle_return: Some(minutes),
                    ..default()
                });
            }
            if let Some(path) = p.frame_stats {
                app.insert_resource(crate::render::frame_stats::FrameStatsPlan {
                    path,
                    frames: p.frames,
                    exit: p.screenshot.is_none(),
                });
            }
            if let Some(path) = p.screenshot {
                app.insert_resource(ScreenshotPlan {
                    path,
                    frames: p.frames,
                })
                .add_systems(Last, take_screenshot)
                // Screenshots are reproducible: every frame advances the clock by 1/60 s,
                // so frame N shows the animations at N/60 s whatever the renderer's speed.
                .insert_resource(bevy::time::TimeUpdateStrategy::ManualDuration(
                    std::time::Duration::from_secs_f64(1.0 / 60.0),
                ));
            }
        }
        Launch::Demo(d) => {
            let first = d.variants.first().copied().unwrap_or_default();
            // The board under the first title card is the demo's too (no resign buttons).
            let mut board = ActiveGame::new(Position::new(first));
            board.origin = crate::game::GameOrigin::Demo;
            app.insert_resource(board)
                .insert_resource(StartMode(AppMode::Demo))
                // The demo's bots play through its own players; nothing from the settings.
                .insert_resource(Seats::default())
                .insert_resource(BotSeed(random_seed()))
                .insert_resource(StartOptions {
                    cli_players: true,
                    cli_start: true,
                    keep_settings: true,
                })
                .insert_resource(RecentSlot(None))
                .add_plugins((
                    GamePlugin,
                    BotPlugin::default(),
                    crate::render::RenderPlugin,
                    crate::ui::UiPlugin,
                    crate::coach::CoachPlugin,
                ))
                .insert_resource(crate::sound::SoundSettings {
                    in_demo: d.sound,
                    ..default()
                })
                .add_plugins(crate::demo::DemoPlugin {
                    variants: d.variants,
                    pace_secs: d.pace_secs,
                    bot: d.bot,
                    scoreboard: d.scoreboard,
                    return_after: d.idle_return,
                    variant_scenes: if d.scenes {
                        crate::demo::plugin::attract_scenes()
                    } else {
                        Vec::new()
                    },
                    max_plies: crate::demo::plugin::ATTRACT_MAX_PLIES,
                    ..default()
                });
            if d.kiosk {
                app.add_systems(Update, ignore_close_requests);
            }
        }
    }
    app
}

/// A bot seed from entropy, short enough to note down and pass to `--seed` (1–999,999).
fn random_seed() -> u64 {
    rand::random_range(1..1_000_000)
}

/// Bevy's default plugins for `platform`. Headless: no winit and no GPU backend (the
/// render plugin then creates no renderer, but keeps the render world's entity records that
/// despawning a camera or light needs), no log subscriber (tests run many apps in one
/// process), and the window never closes the app by itself.
/// The kiosk's window: a close request (the title bar's button, Alt+F4) does nothing; the
/// demo quits only when Esc is held.
fn ignore_close_requests(mut requests: MessageReader<bevy::window::WindowCloseRequested>) {
    for r in requests.read() {
        info!(
            "kiosk: the close request of window {:?} is ignored (hold Esc to quit)",
            r.window
        );
    }
}

fn default_plugins(
    platform: Platform,
    title: &str,
    plan: WindowPlan,
    fullscreen_setting: bool,
    kiosk: bool,
) -> bevy::app::PluginGroupBuilder {
    let (w, h) = plan.size.unwrap_or(DEFAULT_WINDOW);
    let mode = if plan.fullscreen || fullscreen_setting {
        bevy::window::WindowMode::BorderlessFullscreen(bevy::window::MonitorSelection::Primary)
    } else {
        bevy::window::WindowMode::Windowed
    };
    let window = Window {
        title: title.into(),
        resolution: (w, h).into(),
        resizable: true,
        mode,
        ..default()
    };
    match platform {
        Platform::Window => DefaultPlugins.set(WindowPlugin {
            primary_window: Some(window),
            // The kiosk's window stays open; Esc held quits (`ignore_close_requests`).
            close_when_requested: !kiosk,
            ..default()
        }),
        Platform::Headless => DefaultPlugins
            .set(WindowPlugin {
                primary_window: Some(window),
                exit_condition: bevy::window::ExitCondition::DontExit,
                close_when_requested: false,
                ..default()
            })
            .set(bevy::render::RenderPlugin {
                render_creation: bevy::render::settings::WgpuSettings {
                    backends: None,
                    ..default()
                }
                .into(),
                ..default()
            })
            .disable::<bevy::winit::WinitPlugin>()
            .disable::<bevy::log::LogPlugin>()
            // Without a renderer Bevy leaves out the render world's entity bookkeeping, yet
            // removing a camera or light component still writes to it (the 3D view's camera
            // and lights go when the view changes). Nothing reads the records here.
            .add(bevy::render::sync_world::SyncWorldPlugin),
    }
}

/// The game record to start from: `variant`, `position`, then `moves` (coordinate form or
/// the variant's notation; Parity `WHITE/BLACK`).
///
/// # Errors
/// The position text's error, or the first move that cannot be read or played.
pub fn start_record(
    variant: Option<Variant>,
    position: Option<&str>,
    moves: &[String],
) -> Result<GameRecord, StartError> {
    let variant = variant.unwrap_or_default();
    let start = match position {
        Some(text) => Position::from_text(variant, text)
            .map_err(|e| StartError(format!("bad --position for {variant}: {e}")))?,
        None => Position::new(variant),
    };
    let mut record = GameRecord::new(start);
    for text in moves.iter().filter(|t| !t.trim().is_empty()) {
        let played = match entry_from_text(record.current(), text)? {
            Entry::Move(mv) => record.play(&mv),
            Entry::Turn { white, black } => record.play_turn(&white, &black),
        };
        played.map_err(|e| StartError(e.to_string()))?;
    }
    Ok(record)
}

/// The players given by `--white` / `--black` (the other side Human), or `None` when
/// neither is given.
///
/// # Errors
/// The bot spec's message for an unknown bot or a bad level.
pub fn cli_players(args: &PlayArgs) -> Result<Option<crate::persist::Players>, StartError> {
    if args.white.is_none() && args.black.is_none() {
        return Ok(None);
    }
    let read = |t: &Option<String>| match t {
        Some(t) => crate::bots::plugin::player_from_cli(t).map_err(|e| StartError(e.to_string())),
        None => Ok(crate::persist::PlayerSpec::Human),
    };
    Ok(Some(crate::persist::Players {
        white: read(&args.white)?,
        black: read(&args.black)?,
    }))
}

#[derive(Resource)]
struct ScreenshotPlan {
    path: PathBuf,
    frames: u32,
}

fn take_screenshot(mut commands: Commands, plan: Res<ScreenshotPlan>, mut frame: Local<u32>) {
    *frame += 1;
    if *frame != plan.frames {
        return;
    }
    commands
        .spawn(Screenshot::primary_window())
        .observe(save_to_disk(plan.path.clone()))
        .observe(
            |_: On<ScreenshotCaptured>, mut exit: MessageWriter<AppExit>| {
                exit.write(AppExit::Success);
            },
        );
}

/// Frames to wait before `--animate-last` plays its move (the window and fonts settle first).
const ANIMATE_LAST_DELAY_FRAMES: u32 = 10;

#[derive(Resource)]
struct AnimateLast {
    requests: Vec<SideMoveRequest>,
    frame: u32,
}

/// The entry `text` names on `pos`: a move in coordinate form or the variant's notation,
/// or for a simultaneous variant a turn `WHITE/BLACK`.
fn entry_from_text(pos: &Position, text: &str) -> Result<Entry, StartError> {
    let err = |e: crate::rules::position::MoveError| StartError(e.to_string());
    match pos.variant().turn_model() {
        TurnModel::Alternating => Ok(Entry::Move(
            variants::parse_move_text(pos, text).map_err(err)?,
        )),
        TurnModel::Simultaneous => {
            let (w, b) = text.split_once('/').ok_or_else(|| {
                StartError(format!("move '{text}': a Parity turn is WHITE/BLACK"))
            })?;
            let white = variants::parse_move_text(pos, w).map_err(err)?;
            let mut as_black = pos.clone();
            as_black.set_turn(Color::Black);
            let black = variants::parse_move_text(&as_black, b).map_err(err)?;
            Ok(Entry::Turn { white, black })
        }
    }
}

/// The requests that play `text` on the game's current position (a turn: White's commit,
/// then Black's).
fn last_move_requests(game: &ActiveGame, text: &str) -> Result<Vec<SideMoveRequest>, StartError> {
    let pos = game.record.current();
    let req = |side, mv| SideMoveRequest {
        side,
        mv,
        source: MoveSource::Script,
    };
    Ok(match entry_from_text(pos, text)? {
        Entry::Move(mv) => vec![req(pos.turn(), mv)],
        Entry::Turn { white, black } => vec![req(Color::White, white), req(Color::Black, black)],
    })
}

fn submit_animated_last(mut plan: ResMut<AnimateLast>, mut submit: MessageWriter<SideMoveRequest>) {
    plan.frame += 1;
    if plan.frame == ANIMATE_LAST_DELAY_FRAMES {
        submit.write_batch(plan.requests.drain(..));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use bevy::ecs::message::Messages;
    use bevy::render::error_handler::{ErrorType, RenderError, RenderErrorPolicy};

    #[test]
    fn a_render_error_is_named_and_exits_with_its_own_status() {
        let mut main = World::new();
        main.init_resource::<Messages<AppExit>>();
        let mut render = World::new();
        let error = RenderError {
            ty: ErrorType::Validation,
            description: "Texture width 0 is invalid\n".into(),
            source: None,
        };
        let policy = report_render_error(&error, &mut main, &mut render);
        assert!(matches!(policy, RenderErrorPolicy::StopRendering));
        let exits: Vec<AppExit> = main.resource_mut::<Messages<AppExit>>().drain().collect();
        assert_eq!(exits, [AppExit::from_code(RENDER_FAILED_EXIT)]);
        assert_eq!(RENDER_FAILED_EXIT, 4);
    }
}
