//! The windowed game: `esoterica` / `esoterica play`. Builds the Bevy app from the command
//! line ([`PlayArgs`]): window, the headless [`GamePlugin`], the 2D board
//! ([`RenderPlugin`](crate::render::RenderPlugin)) and the egui panels
//! ([`UiPlugin`](crate::ui::UiPlugin)); `--screenshot FILE --frames N` saves a screenshot
//! with Bevy's screenshot API after N frames and exits once it is written.

use std::path::PathBuf;

use bevy::prelude::*;
use bevy::render::view::screenshot::{Screenshot, ScreenshotCaptured, save_to_disk};

use crate::cli::PlayArgs;
use crate::game::{ActiveGame, GamePlugin};
use crate::rules::{GameRecord, Position, Variant, variants};

/// Opens the game window and runs until it closes. Returns the process exit status: 0 on a
/// normal exit, 1 for bad arguments (position text, moves), which are printed to stderr.
pub fn run(args: PlayArgs) -> u8 {
    let mut args = args;
    let last = if args.animate_last {
        args.moves.retain(|t| !t.trim().is_empty());
        args.moves.pop()
    } else {
        None
    };
    let record = match start_record(&args) {
        Ok(r) => r,
        Err(e) => {
            eprintln!("esoterica: {e}");
            return 1;
        }
    };
    let (players, start) = match start_players(&args) {
        Ok(p) => p,
        Err(e) => {
            eprintln!("esoterica: {e}");
            return 1;
        }
    };
    let scene = match &args.scene {
        Some(path) => match crate::persist::load_scene(path) {
            Ok(s) => Some(s),
            Err(e) => {
                eprintln!("esoterica: {}: {e}", path.display());
                return 1;
            }
        },
        None => None,
    };
    let mut app = App::new();
    app.add_plugins(DefaultPlugins.set(WindowPlugin {
        primary_window: Some(Window {
            title: "Esoterica".into(),
            resolution: (1280, 800).into(),
            resizable: true,
            ..default()
        }),
        ..default()
    }))
    .insert_resource(ActiveGame::from_record(record))
    .insert_resource(players)
    .insert_resource(start)
    .add_plugins((
        GamePlugin,
        crate::bots::plugin::BotPlugin::default(),
        crate::render::RenderPlugin,
        crate::ui::UiPlugin,
    ));
    if let Ok(autosave) = crate::persist::Autosave::open_default() {
        app.insert_resource(crate::game::persist_glue::AutosaveSlot::new(autosave));
    }
    if let Some(scene) = scene {
        app.world_mut()
            .write_message(crate::game::persist_glue::PlaySceneRequest(Box::new(scene)));
    }
    if let Some(text) = last {
        match last_move_requests(app.world().resource::<ActiveGame>(), &text) {
            Ok(requests) => {
                app.insert_resource(AnimateLast { requests, frame: 0 })
                    .add_systems(
                        Update,
                        submit_animated_last.before(crate::AppSystems::Decide),
                    );
            }
            Err(e) => {
                eprintln!("esoterica: {e}");
                return 1;
            }
        }
    }
    let idle = args.idle_demo.or_else(|| {
        crate::persist::settings::Settings::load()
            .settings
            .idle_minutes_to_demo
            .map(|m| m as f32)
    });
    if let Some(minutes) = idle.filter(|m| *m > 0.0) {
        app.add_plugins(crate::demo::DemoPlugin {
            idle_return: Some(minutes),
            ..default()
        });
    }
    if let Some(path) = args.frame_stats {
        app.insert_resource(crate::render::frame_stats::FrameStatsPlan {
            path,
            frames: args.frames.max(1),
            exit: args.screenshot.is_none(),
        });
    }
    if let Some(path) = args.screenshot {
        app.insert_resource(ScreenshotPlan {
            path,
            frames: args.frames.max(1),
        })
        .add_systems(Last, take_screenshot)
        // Screenshots are reproducible: every frame advances the clock by 1/60 s, so frame
        // N shows the animations at N/60 s whatever the renderer's speed.
        .insert_resource(bevy::time::TimeUpdateStrategy::ManualDuration(
            std::time::Duration::from_secs_f64(1.0 / 60.0),
        ));
    }
    match app.run() {
        AppExit::Success => 0,
        AppExit::Error(code) => code.get(),
    }
}

/// The game record to start from: `--variant`, `--position`, then `--moves`.
///
/// # Errors
/// The position text's error, or the first move that cannot be read or played.
pub fn start_record(args: &PlayArgs) -> Result<GameRecord, String> {
    let variant = args.variant.unwrap_or(Variant::Standard);
    let start = match &args.position {
        Some(text) => Position::from_text(variant, text)
            .map_err(|e| format!("bad --position for {variant}: {e}"))?,
        None => Position::new(variant),
    };
    let mut record = GameRecord::new(start);
    for text in args.moves.iter().filter(|t| !t.trim().is_empty()) {
        if record.is_simultaneous() {
            let (w, b) = text
                .split_once('/')
                .ok_or_else(|| format!("move '{text}': a Parity turn is WHITE/BLACK"))?;
            let pos = record.current().clone();
            let white = variants::parse_move_text(&pos, w).map_err(|e| e.to_string())?;
            let mut as_black = pos.clone();
            as_black.set_turn(crate::rules::Color::Black);
            let black = variants::parse_move_text(&as_black, b).map_err(|e| e.to_string())?;
            record
                .play_turn(&white, &black)
                .map_err(|e| e.to_string())?;
        } else {
            let mv =
                variants::parse_move_text(record.current(), text).map_err(|e| e.to_string())?;
            record.play(&mv).map_err(|e| e.to_string())?;
        }
    }
    Ok(record)
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
    requests: Vec<crate::game::SubmitMoveRequest>,
    frame: u32,
}

/// The requests that play `text` on the game's current position (Parity: White's then
/// Black's commit).
fn last_move_requests(
    game: &ActiveGame,
    text: &str,
) -> Result<Vec<crate::game::SubmitMoveRequest>, String> {
    let req = |mv| crate::game::SubmitMoveRequest {
        mv,
        source: crate::game::MoveSource::Script,
    };
    let pos = game.record.current().clone();
    if game.record.is_simultaneous() {
        let (w, b) = text
            .split_once('/')
            .ok_or_else(|| format!("move '{text}': a Parity turn is WHITE/BLACK"))?;
        let white = variants::parse_move_text(&pos, w).map_err(|e| e.to_string())?;
        let mut as_black = pos.clone();
        as_black.set_turn(crate::rules::Color::Black);
        let black = variants::parse_move_text(&as_black, b).map_err(|e| e.to_string())?;
        Ok(vec![req(white), req(black)])
    } else {
        let mv = variants::parse_move_text(&pos, text).map_err(|e| e.to_string())?;
        Ok(vec![req(mv)])
    }
}

fn submit_animated_last(
    mut plan: ResMut<AnimateLast>,
    mut submit: MessageWriter<crate::game::SubmitMoveRequest>,
) {
    plan.frame += 1;
    if plan.frame == ANIMATE_LAST_DELAY_FRAMES {
        submit.write_batch(plan.requests.drain(..));
    }
}

/// Opens the demo window (attract mode) and runs until a visitor holds Esc. Returns the
/// process exit status: 0 on a normal exit, 1 for a bad `--bot`.
pub fn run_demo(args: crate::cli::DemoArgs) -> u8 {
    let bot = match crate::bots::BotSpec::parse(&args.bot) {
        Ok(crate::bots::BotSpec::External(_)) => {
            eprintln!("esoterica: the demo plays built-in bots only");
            return 1;
        }
        Ok(b) => b,
        Err(e) => {
            eprintln!("esoterica: {e}");
            return 1;
        }
    };
    let variants = if args.variants.is_empty() {
        Variant::ALL.to_vec()
    } else {
        args.variants.clone()
    };
    let mode = if args.fullscreen {
        bevy::window::WindowMode::BorderlessFullscreen(bevy::window::MonitorSelection::Primary)
    } else {
        bevy::window::WindowMode::Windowed
    };
    let mut app = App::new();
    app.add_plugins(DefaultPlugins.set(WindowPlugin {
        primary_window: Some(Window {
            title: "Esoterica — demo".into(),
            resolution: (1280, 800).into(),
            resizable: true,
            mode,
            ..default()
        }),
        ..default()
    }))
    .insert_resource(ActiveGame::new(Position::new(variants[0])))
    .add_plugins((GamePlugin, crate::render::RenderPlugin, crate::ui::UiPlugin))
    .add_plugins(crate::demo::DemoPlugin {
        variants,
        pace_secs: args.pace.max(0.1),
        bot,
        ..default()
    });
    match app.run() {
        AppExit::Success => 0,
        AppExit::Error(code) => code.get(),
    }
}

/// The players from `--white` / `--black` (Human when absent), and what the command line
/// fixed at start.
///
/// # Errors
/// The bot spec's message for an unknown bot or a bad level.
pub fn start_players(
    args: &PlayArgs,
) -> Result<(crate::bots::plugin::Players, crate::ui::files::StartOptions), String> {
    let mut players = crate::bots::plugin::Players::default();
    if let Some(w) = &args.white {
        players.0.white = crate::bots::plugin::player_from_cli(w)?;
    }
    if let Some(b) = &args.black {
        players.0.black = crate::bots::plugin::player_from_cli(b)?;
    }
    let start = crate::ui::files::StartOptions {
        cli_players: args.white.is_some() || args.black.is_some(),
        cli_start: args.variant.is_some()
            || args.position.is_some()
            || args.scene.is_some()
            || !args.moves.is_empty(),
    };
    Ok((players, start))
}
