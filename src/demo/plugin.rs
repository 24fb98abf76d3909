//! The Bevy half of the demo: [`DemoPlugin`] drives [`DemoLoop`] with the frame time while
//! the window is in [`AppMode::Demo`], and plays its games through the game: for a demo game
//! it asks the game for both seats for its bot at its pace ([`DemoSeatsRequest`]) and for a
//! new game of the demo's ([`GameOrigin::Demo`]); the bots plugin plays them like any bot
//! game, through the same move pipeline as a click. Each move the game tells
//! ([`Notice::Played`]) goes to the loop ([`DemoLoop::on_move`]) for its captions and the
//! game's end; a game the loop adjudicates is declared by the game ([`AdjudicateRequest`]).
//! The title card, captions and result card are kept in [`DemoOverlay`] / [`DemoCaptions`]
//! for the egui overlay (drawn only when `EguiPlugin` is present).
//!
//! Event use: any key or click pauses the demo ([`HoldReason::DemoOffer`]) and offers "take
//! over" (vs bot or hot-seat: the position is kept) or "new game"; the game carries the
//! choice out ([`TakeOverRequest`]) and leaves the demo mode, whose exit clears the
//! demo's cards and captions and gives the view its switches back. Quitting needs Esc held
//! for [`QUIT_HOLD_SECS`]; the cursor hides after [`CURSOR_IDLE_SECS`] without mouse motion;
//! after the configured idle minutes of normal play the demo comes back
//! ([`StartDemoRequest`]).
//!
//! Systems run in [`InputSystems::Demo`](crate::InputSystems::Demo) and in
//! `EguiPrimaryContextPass` (the overlay). It never touches entities nor the game's record:
//! the game does.

use std::collections::VecDeque;
use std::time::Duration;

use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use bevy::window::{CursorOptions, PrimaryWindow};

use super::captions::Caption;
use super::cards::TitleCard;
use super::script::{DemoCommand, DemoLoop};
use crate::bots::BotSpec;
use crate::bots::plugin::{BotPlugin, player_from_cli};
use crate::game::persist_glue::DemoSceneRequest;
use crate::game::seats::DemoSeatsRequest;
use crate::game::session::{StartDemoRequest, TakeOver, TakeOverRequest};
use crate::game::{
    ActiveGame, AdjudicateRequest, AppMode, GameOrigin, HoldReason, HoldRequest, Holds,
    NewGameRequest, Notice,
};
use crate::persist::PlayerSpec;
use crate::rules::{Color, Variant};

/// Seconds one caption stays on screen.
pub const CAPTION_SECS: f32 = 6.0;
/// Most captions on screen at once (older ones leave first).
pub const MAX_CAPTIONS_SHOWN: usize = 3;
/// Seconds Esc must be held to quit.
pub const QUIT_HOLD_SECS: f32 = 2.0;
/// Seconds without mouse motion before the cursor hides (demo running only).
pub const CURSOR_IDLE_SECS: f32 = 3.0;
/// Logical pixels kept free below the board for the caption bar while the demo runs.
pub const CAPTION_BAR_PX: f32 = 180.0;
/// Logical pixels kept free above the board for the "press any key" line while the demo
/// runs.
pub const HINT_ROW_PX: f32 = 30.0;
/// Logical pixels kept free at the right of the board for the scoreboard while the demo
/// runs with one (it never covers a square).
pub const SCOREBOARD_PX: f32 = 230.0;
/// Default milliseconds a demo bot thinks per move.
pub const BOT_MOVETIME_MS: u64 = 300;
/// Default most plies of a demo game (Parity: turns): short games, so the loop reaches the
/// next variant in a few minutes.
pub const ATTRACT_MAX_PLIES: usize = 60;

/// The order the attract loop shows the variants in: the most surprising first (a
/// teleport, simultaneous moves, fields), standard chess last.
pub const ATTRACT_ORDER: [Variant; 8] = [
    Variant::Intrachange,
    Variant::Parity,
    Variant::ForceField,
    Variant::BigOuter,
    Variant::ParitySingle,
    Variant::Bully,
    Variant::Nonviolent,
    Variant::Standard,
];

/// The bundled scene each variant's title card leads to: its own rule at work in a few
/// moves, before the bots' game.
pub fn attract_scenes() -> Vec<(Variant, String)> {
    [
        (Variant::Intrachange, "intrachange-pass-through"),
        (Variant::Parity, "parity-failed-capture"),
        (Variant::ForceField, "force-field-queen-field"),
        (Variant::BigOuter, "big-outer-corner-knights"),
        (Variant::ParitySingle, "parity-single-leave-the-square"),
        (Variant::Bully, "bully-knight-refuses-the-queen"),
        (Variant::Nonviolent, "nonviolent-no-en-passant"),
        (Variant::Standard, "standard-en-passant-and-castling"),
    ]
    .into_iter()
    .map(|(v, s)| (v, s.to_string()))
    .collect()
}

/// The demo's configuration; add it with the game's plugins (it adds [`BotPlugin`] when the
/// app has none).
#[derive(Clone, Debug)]
pub struct DemoPlugin {
    /// Variants to cycle through.
    pub variants: Vec<Variant>,
    /// Seconds between bot moves.
    pub pace_secs: f32,
    /// Title card seconds.
    pub title_secs: f32,
    /// Result card seconds.
    pub result_secs: f32,
    /// The bot for both sides.
    pub bot: BotSpec,
    /// Milliseconds a bot thinks per move at most.
    pub movetime_ms: u64,
    /// Start in normal play (the demo stopped) and come back after this many idle minutes;
    /// `None` starts the demo at once.
    pub idle_return: Option<f32>,
    /// When the demo starts at once: after a visitor's take-over, come back to the loop
    /// after this many idle minutes (`None`: never).
    pub return_after: Option<f32>,
    /// The scene shown after each variant's title card, before its game.
    pub variant_scenes: Vec<(Variant, String)>,
    /// Most plies per demo game before it is adjudicated a draw.
    pub max_plies: usize,
    /// Show the scoreboard of the demo's games in a corner.
    pub scoreboard: bool,
}

impl Default for DemoPlugin {
    fn default() -> Self {
        DemoPlugin {
            variants: Variant::ALL.to_vec(),
            pace_secs: super::script::PACE_SECS,
            title_secs: super::script::TITLE_SECS,
            result_secs: super::script::RESULT_SECS,
            bot: BotSpec::AlphaBeta(2),
            movetime_ms: BOT_MOVETIME_MS,
            idle_return: None,
            return_after: None,
            variant_scenes: Vec::new(),
            max_plies: 120,
            scoreboard: true,
        }
    }
}

/// The demo's games so far: each variant played and how it ended, for the scoreboard.
#[derive(Resource, Debug, Clone, Default, PartialEq)]
pub struct DemoScoreboard {
    /// Whether the overlay shows it.
    pub shown: bool,
    /// Every finished demo game, oldest first.
    pub games: Vec<(Variant, crate::rules::Outcome)>,
}

impl DemoScoreboard {
    /// White wins, draws and Black wins so far.
    pub fn totals(&self) -> (usize, usize, usize) {
        let mut t = (0, 0, 0);
        for (_, o) in &self.games {
            match o.winner() {
                Some(Color::White) => t.0 += 1,
                None => t.1 += 1,
                Some(Color::Black) => t.2 += 1,
            }
        }
        t
    }
}

/// The demo: the loop and its bot.
#[derive(Resource)]
pub struct DemoState {
    /// The clock-free loop.
    pub demo: DemoLoop,
    /// The player both sides get in a demo game (the demo's bot).
    pub bot: PlayerSpec,
    /// Seconds between two bot moves in a demo game.
    pub pace_secs: f32,
    /// Milliseconds a bot thinks per move in a demo game, at most.
    pub movetime_ms: u64,
    /// Games started so far.
    pub games_started: usize,
    /// A game just started: log the world's entity count next frame, once its board is
    /// rebuilt (game number, variant).
    log_entities: Option<(usize, Variant)>,
}

/// The view switches (charges, zones, square numbers) the demo turns on while it runs, so
/// every variant shows what makes it different, and the player's own to give back.
#[derive(Resource, Debug, Clone, Copy, Default, PartialEq, Eq)]
struct ViewBeforeDemo(Option<(bool, bool, bool)>);

/// What the overlay shows besides captions: a title card or a result card.
#[derive(Resource, Debug, Clone, Default, PartialEq)]
pub struct DemoOverlay {
    /// The title card before a game.
    pub title: Option<TitleCard>,
    /// The result card after a game.
    pub result: Option<String>,
    /// Seconds Esc has been held (quit progress).
    pub esc_held: f32,
}

/// Captions of the demo game: the ones on screen with their seconds left, and every
/// caption received (most recent last, the last 200 kept) for tests and logs.
#[derive(Resource, Debug, Clone, Default)]
pub struct DemoCaptions {
    /// On screen now, oldest first, with seconds left.
    pub shown: VecDeque<(Caption, f32)>,
    /// Every caption received, most recent last.
    pub log: Vec<Caption>,
}

impl DemoCaptions {
    fn push(&mut self, c: Caption) {
        // The same caption twice in a row (a Parity turn told by both moves) shows once.
        if self
            .shown
            .back()
            .is_some_and(|(last, _)| last.text == c.text)
        {
            return;
        }
        self.shown.push_back((c.clone(), CAPTION_SECS));
        while self.shown.len() > MAX_CAPTIONS_SHOWN {
            self.shown.pop_front();
        }
        self.log.push(c);
        if self.log.len() > 200 {
            self.log.remove(0);
        }
    }
}

/// Whether the demo runs: the window is in the demo mode and its offer is closed.
pub fn demo_running(mode: Option<Res<State<AppMode>>>, holds: Res<Holds>) -> bool {
    mode.is_some_and(|m| *m.get() == AppMode::Demo) && !holds.has(HoldReason::DemoOffer)
}

impl Plugin for DemoPlugin {
    fn build(&self, app: &mut App) {
        if !app.is_plugin_added::<BotPlugin>() {
            app.add_plugins(BotPlugin::default());
        }
        let mut demo = DemoLoop::new(self.variants.clone());
        demo.title_secs = self.title_secs;
        demo.result_secs = self.result_secs;
        demo.max_plies = self.max_plies;
        demo.idle_minutes = self.idle_return.or(self.return_after);
        demo.variant_scenes = self.variant_scenes.clone();
        if self.idle_return.is_some() {
            demo.take_over();
        }
        let bot = player_from_cli(&self.bot.to_string()).unwrap_or(PlayerSpec::Bot {
            spec: "alphabeta".into(),
            level: 2,
        });
        app.insert_resource(DemoState {
            demo,
            bot,
            pace_secs: self.pace_secs,
            movetime_ms: self.movetime_ms,
            games_started: 0,
            log_entities: None,
        })
        .init_resource::<DemoOverlay>()
        .init_resource::<DemoCaptions>()
        .init_resource::<ViewBeforeDemo>()
        .insert_resource(DemoScoreboard {
            shown: self.scoreboard,
            games: Vec::new(),
        })
        .add_systems(
            Update,
            (
                watch_input,
                follow_take_over,
                follow_demo_game,
                follow_demo_scene,
                advance_demo,
                fade_captions,
            )
                .chain()
                .in_set(crate::InputSystems::Demo),
        )
        .add_systems(OnEnter(AppMode::Demo), show_every_overlay)
        // A window that starts in the demo entered it before the settings file set the
        // switches: the player's switches are the settings', and the demo's go on again.
        .add_systems(
            PostStartup,
            show_every_overlay_over_the_settings
                .after(crate::ui::files::load_start_files)
                .run_if(in_state(AppMode::Demo)),
        )
        .add_systems(OnExit(AppMode::Demo), leave_demo);
        if app.is_plugin_added::<bevy_egui::EguiPlugin>() {
            app.add_systems(
                bevy_egui::EguiPrimaryContextPass,
                draw_demo_overlay.after(crate::ui::panels::draw_panels),
            );
        }
    }
}

/// What [`watch_input`] reads of the keyboard and mouse.
#[derive(SystemParam)]
struct DemoInput<'w> {
    keys: Option<Res<'w, ButtonInput<KeyCode>>>,
    buttons: Option<Res<'w, ButtonInput<MouseButton>>>,
    motion: Option<Res<'w, bevy::input::mouse::AccumulatedMouseMotion>>,
    time: Res<'w, Time>,
}

/// What the demo's input asks for: to quit (Esc held), to hold the game for the offer.
#[derive(SystemParam)]
struct DemoInputAnswers<'w> {
    exit: MessageWriter<'w, AppExit>,
    hold: MessageWriter<'w, HoldRequest>,
}

/// Keys, clicks and mouse motion: the take-over offer (the demo is held while it is open),
/// Esc-hold to quit, the idle cursor, and activity for the idle timer of normal play.
fn watch_input(
    input: DemoInput,
    mut state: ResMut<DemoState>,
    mut overlay: ResMut<DemoOverlay>,
    running: Option<Res<State<AppMode>>>,
    holds: Res<Holds>,
    mut cursor: Query<&mut CursorOptions, With<PrimaryWindow>>,
    mut out: DemoInputAnswers,
    mut still: Local<f32>,
) {
    let dt = input.time.delta_secs();
    let moved = input.motion.is_some_and(|m| m.delta != Vec2::ZERO);
    let esc = input
        .keys
        .as_ref()
        .is_some_and(|k| k.pressed(KeyCode::Escape));
    let pressed = input
        .keys
        .as_ref()
        .is_some_and(|k| k.get_just_pressed().any(|k| *k != KeyCode::Escape))
        || input
            .buttons
            .as_ref()
            .is_some_and(|b| b.get_just_pressed().next().is_some());
    if esc {
        overlay.esc_held += dt;
        if overlay.esc_held >= QUIT_HOLD_SECS {
            info!("demo: Esc held {QUIT_HOLD_SECS} s, quitting");
            out.exit.write(AppExit::Success);
        }
    } else {
        overlay.esc_held = 0.0;
    }
    if pressed || moved || esc {
        state.demo.on_activity();
        *still = 0.0;
    } else {
        *still += dt;
    }
    let in_demo = running.is_some_and(|m| *m.get() == AppMode::Demo);
    let offer_open = holds.has(HoldReason::DemoOffer);
    if pressed && in_demo && !offer_open {
        out.hold.write(HoldRequest {
            reason: HoldReason::DemoOffer,
            held: true,
        });
    }
    let hide = in_demo && !offer_open && *still >= CURSOR_IDLE_SECS;
    for mut c in &mut cursor {
        if c.visible == hide {
            c.visible = !hide;
        }
    }
}

/// The view switches the demo turns on (charges, zones, square numbers), when the window
/// has them.
#[derive(SystemParam)]
struct ViewSwitches<'w> {
    charges: Option<ResMut<'w, crate::render::charges::ChargeOverlay>>,
    zones: Option<ResMut<'w, crate::render::zones::ZoneView>>,
    view: Option<ResMut<'w, crate::render::BoardView>>,
}

impl ViewSwitches<'_> {
    fn get(&self) -> Option<(bool, bool, bool)> {
        Some((
            self.charges.as_ref()?.visible,
            self.zones.as_ref()?.visible,
            self.view.as_ref()?.show_numbers,
        ))
    }

    fn set(&mut self, (charges, zones, numbers): (bool, bool, bool)) {
        if let Some(c) = self.charges.as_mut() {
            c.visible = charges;
        }
        if let Some(z) = self.zones.as_mut() {
            z.visible = zones;
        }
        if let Some(v) = self.view.as_mut() {
            v.show_numbers = numbers;
        }
    }
}

/// Entering the demo: every variant's overlay on (the player's switches are kept).
fn show_every_overlay(mut switches: ViewSwitches, mut before: ResMut<ViewBeforeDemo>) {
    if before.0.is_none() {
        before.0 = switches.get();
    }
    switches.set((true, true, true));
}

/// At start in the demo, after the settings file was read: the switches it set are the
/// player's to give back, and every overlay goes on.
fn show_every_overlay_over_the_settings(
    mut switches: ViewSwitches,
    mut before: ResMut<ViewBeforeDemo>,
) {
    before.0 = switches.get();
    switches.set((true, true, true));
}

/// Leaving the demo (a take-over): its cards and captions go, the cursor shows, and the
/// view switches are the player's again.
fn leave_demo(
    mut switches: ViewSwitches,
    mut before: ResMut<ViewBeforeDemo>,
    mut overlay: ResMut<DemoOverlay>,
    mut captions: ResMut<DemoCaptions>,
    mut cursor: Query<&mut CursorOptions, With<PrimaryWindow>>,
) {
    if let Some(v) = before.0.take() {
        switches.set(v);
    }
    overlay.title = None;
    overlay.result = None;
    captions.shown.clear();
    for mut c in &mut cursor {
        c.visible = true;
    }
}

/// A take-over stops the loop (the game carries the choice out and leaves the demo mode).
fn follow_take_over(mut requests: MessageReader<TakeOverRequest>, mut state: ResMut<DemoState>) {
    if let Some(TakeOverRequest(choice)) = requests.read().last().copied()
        && choice != TakeOver::Resume
    {
        state.demo.take_over();
        info!("demo: taken over ({choice:?})");
    }
}

/// Tells the loop about each move the demo game played (captions, the ply count, the
/// game's end).
fn follow_demo_game(
    mut notices: MessageReader<Notice>,
    game: Res<ActiveGame>,
    mut state: ResMut<DemoState>,
    mode: Option<Res<State<AppMode>>>,
    holds: Res<Holds>,
) {
    let running = demo_running(mode, holds);
    for n in notices.read() {
        if let Notice::Played { effects } = n
            && game.origin == GameOrigin::Demo
            && running
        {
            state.demo.on_move(&game.record, effects);
        }
    }
}

/// While the loop shows a scene: each scripted move's words become a caption, and the
/// scene ends once its last move has been seen for two steps' time.
fn follow_demo_scene(
    playback: Res<crate::game::persist_glue::ScenePlayback>,
    game: Res<ActiveGame>,
    mut state: ResMut<DemoState>,
    mut captions: ResMut<DemoCaptions>,
    mut last: Local<String>,
) {
    if !state.demo.is_showing_scene() || game.origin != GameOrigin::Scene {
        last.clear();
        return;
    }
    if playback.scene.is_some() && *last != playback.caption && !playback.caption.is_empty() {
        *last = playback.caption.clone();
        captions.push(Caption {
            kind: super::captions::CaptionKind::Scripted,
            text: playback.caption.trim_end_matches('.').to_string(),
        });
    }
    if playback.scene.is_some()
        && !playback.is_playing()
        && playback.since >= 2.0 * playback.step_secs
    {
        state.demo.on_scene_finished();
    }
}

/// What the demo asks the game for.
#[derive(SystemParam)]
struct DemoRequests<'w> {
    seats: MessageWriter<'w, DemoSeatsRequest>,
    new_game: MessageWriter<'w, NewGameRequest>,
    adjudicate: MessageWriter<'w, AdjudicateRequest>,
    start: MessageWriter<'w, StartDemoRequest>,
    scene: MessageWriter<'w, DemoSceneRequest>,
}

/// What the demo shows besides the board: cards, captions and the scoreboard.
#[derive(SystemParam)]
struct DemoScreen<'w> {
    overlay: ResMut<'w, DemoOverlay>,
    captions: ResMut<'w, DemoCaptions>,
    scoreboard: ResMut<'w, DemoScoreboard>,
}

/// Moves the demo loop on by the frame time and carries out its commands (while the demo
/// runs, or, stopped, to count the idle minutes of normal play).
fn advance_demo(
    time: Res<Time>,
    mut state: ResMut<DemoState>,
    screen: DemoScreen,
    game: Res<ActiveGame>,
    holds: Res<Holds>,
    mut out: DemoRequests,
    entities: Query<Entity>,
) {
    let DemoScreen {
        mut overlay,
        mut captions,
        mut scoreboard,
    } = screen;
    if holds.has(HoldReason::DemoOffer) {
        return;
    }
    if let Some((n, v)) = state.log_entities.take() {
        info!(
            "demo: game {n} ({v}) started; world entities: {}",
            entities.iter().count()
        );
    }
    let was_stopped = state.demo.is_stopped();
    let cmds = state.demo.advance(time.delta_secs());
    for cmd in cmds {
        match cmd {
            DemoCommand::ShowTitle(card) => {
                overlay.title = Some(card);
                overlay.result = None;
            }
            DemoCommand::StartGame(v) => {
                overlay.title = None;
                state.games_started += 1;
                state.log_entities = Some((state.games_started, v));
                out.seats.write(DemoSeatsRequest {
                    bot: state.bot.clone(),
                    pace_secs: state.pace_secs,
                    move_time: Some(Duration::from_millis(state.movetime_ms)),
                });
                out.new_game
                    .write(NewGameRequest::new(v).by(GameOrigin::Demo));
            }
            DemoCommand::ShowCaptions(caps) => {
                for c in caps {
                    captions.push(c);
                }
            }
            DemoCommand::ShowResult { outcome, text } => {
                info!("demo: result: {text}");
                scoreboard.games.push((game.variant(), outcome));
                // An adjudicated game (ply cap, stall) is declared so nobody moves on.
                if game.origin == GameOrigin::Demo {
                    out.adjudicate.write(AdjudicateRequest(outcome));
                }
                overlay.result = Some(text);
            }
            DemoCommand::ShowScene(name) => {
                match crate::persist::resolve_scene(std::path::Path::new(&name)) {
                    Ok(scene) => {
                        out.seats.write(DemoSeatsRequest {
                            bot: state.bot.clone(),
                            pace_secs: state.pace_secs,
                            move_time: Some(Duration::from_millis(state.movetime_ms)),
                        });
                        out.scene.write(DemoSceneRequest(Box::new(scene)));
                    }
                    Err(e) => {
                        warn!("demo: scene {name} not shown: {e}");
                        state.demo.on_scene_finished();
                    }
                }
            }
            DemoCommand::ReturnToDemo => {
                info!("demo: idle, back to the demo");
                out.start.write(StartDemoRequest);
            }
        }
    }
    if was_stopped && !state.demo.is_stopped() {
        captions.shown.clear();
    }
}

/// Counts down the captions on screen.
fn fade_captions(time: Res<Time>, mut captions: ResMut<DemoCaptions>) {
    let dt = time.delta_secs();
    for (_, left) in captions.shown.iter_mut() {
        *left -= dt;
    }
    captions.shown.retain(|(_, left)| *left > 0.0);
}

/// Seconds one cycle of a title card's diagram takes (the arrows, then a pause).
const DIAGRAM_CYCLE_SECS: f64 = 3.5;

/// The egui textures of the board's piece art, by side and kind (empty without the board's
/// renderer: the diagram then draws letters in discs).
type PieceTextures =
    std::collections::HashMap<(Color, crate::rules::PieceKind), bevy_egui::egui::TextureId>;

/// A title card's diagram: the board at a third of the window's height (`screen_h`, points), the pieces
/// in the board's own piece art (`pieces`; letters in discs where a texture is missing),
/// the held squares tinted, and the arrows drawn one after the other, growing, every
/// [`DIAGRAM_CYCLE_SECS`]; a refused arrow ends in a red cross.
fn draw_diagram(
    ui: &mut bevy_egui::egui::Ui,
    d: &super::cards::Diagram,
    pieces: &PieceTextures,
    time: f64,
    screen_h: f32,
) {
    use super::cards::ArrowKind;
    use bevy_egui::egui;
    // Big Outer's corner squares lie outside the 12×12 core (file or rank −1 and 12).
    let coords: Vec<(i8, i8)> = d.shape.squares().map(|sq| d.shape.coords(sq)).collect();
    let lo = |f: fn(&(i8, i8)) -> i8| coords.iter().map(f).min().unwrap_or(0);
    let hi = |f: fn(&(i8, i8)) -> i8| coords.iter().map(f).max().unwrap_or(7);
    let (f0, r0) = (lo(|c| c.0), lo(|c| c.1));
    let files = f32::from(hi(|c| c.0) - f0 + 1);
    let ranks = f32::from(hi(|c| c.1) - r0 + 1);
    // The diagram takes about a third of the window's height.
    let cell = (0.33 * screen_h / files.max(ranks)).min(0.045 * screen_h);
    let (rect, _) =
        ui.allocate_exact_size(egui::vec2(cell * files, cell * ranks), egui::Sense::hover());
    let painter = ui.painter_at(rect.expand(2.0));
    let centre = |sq| {
        let (f, r) = d.shape.coords(sq);
        egui::pos2(
            rect.left() + (f32::from(f - f0) + 0.5) * cell,
            rect.bottom() - (f32::from(r - r0) + 0.5) * cell,
        )
    };
    for sq in d.shape.squares() {
        let (f, r) = d.shape.coords(sq);
        let light = (f + r) % 2 != 0;
        let mut fill = if light {
            egui::Color32::from_rgb(226, 204, 160)
        } else {
            egui::Color32::from_rgb(160, 118, 80)
        };
        if let Some((_, side)) = d.held.iter().find(|h| h.0 == sq) {
            fill = match side {
                Color::White => egui::Color32::from_rgb(120, 170, 230),
                Color::Black => egui::Color32::from_rgb(210, 90, 80),
            };
        }
        painter.rect_filled(
            egui::Rect::from_center_size(centre(sq), egui::vec2(cell, cell)),
            0.0,
            fill,
        );
    }
    for (sq, p) in &d.pieces {
        if let Some(tex) = pieces.get(&(p.color, p.kind)) {
            let r = egui::Rect::from_center_size(centre(*sq), egui::vec2(cell, cell) * 0.94);
            painter.image(
                *tex,
                r,
                egui::Rect::from_min_max(egui::pos2(0.0, 0.0), egui::pos2(1.0, 1.0)),
                egui::Color32::WHITE,
            );
            continue;
        }
        let (bg, fg) = match p.color {
            Color::White => (egui::Color32::WHITE, egui::Color32::BLACK),
            Color::Black => (egui::Color32::from_gray(25), egui::Color32::WHITE),
        };
        painter.circle(
            centre(*sq),
            cell * 0.4,
            bg,
            egui::Stroke::new(1.0, egui::Color32::from_gray(90)),
        );
        painter.text(
            centre(*sq),
            egui::Align2::CENTER_CENTER,
            p.kind.letter(),
            egui::FontId::proportional(cell * 0.55),
            fg,
        );
    }
    let n = d.arrows.len().max(1) as f64;
    let phase = (time % DIAGRAM_CYCLE_SECS) / (DIAGRAM_CYCLE_SECS * 0.7);
    for (i, a) in d.arrows.iter().enumerate() {
        // Parity's steps land on the same beat; elsewhere the arrows follow one another.
        let simultaneous =
            a.kind == ArrowKind::Step && d.arrows.iter().all(|b| b.kind == ArrowKind::Step);
        let (start, len) = if simultaneous {
            (0.0, 1.0)
        } else {
            (i as f64 / n, 1.0 / n)
        };
        let t = ((phase - start) / len).clamp(0.0, 1.0) as f32;
        if t <= 0.0 {
            continue;
        }
        let (from, to) = (centre(a.from), centre(a.to));
        let tip = from + (to - from) * t;
        let color = match a.kind {
            ArrowKind::Step => egui::Color32::from_rgb(90, 200, 110),
            ArrowKind::Teleport => egui::Color32::from_rgb(180, 120, 255),
            ArrowKind::Refused => egui::Color32::from_rgb(240, 80, 60),
        };
        painter.line_segment([from, tip], egui::Stroke::new(cell * 0.14, color));
        let dir = (to - from).normalized();
        for s in [-0.5f32, 0.5] {
            let back = egui::Vec2::angled(dir.angle() + std::f32::consts::PI + s) * cell * 0.35;
            painter.line_segment([tip, tip + back], egui::Stroke::new(cell * 0.12, color));
        }
        if a.kind == ArrowKind::Refused && t >= 1.0 {
            let r = cell * 0.3;
            for (x, y) in [(r, r), (r, -r)] {
                painter.line_segment(
                    [to - egui::vec2(x, y), to + egui::vec2(x, y)],
                    egui::Stroke::new(cell * 0.14, egui::Color32::from_rgb(255, 40, 40)),
                );
            }
        }
    }
}

/// The title card: the variant's name, its lines and its animated diagram.
fn draw_title_card(
    ctx: &bevy_egui::egui::Context,
    card: &TitleCard,
    pieces: &PieceTextures,
    card_frame: bevy_egui::egui::Frame,
    screen_h: f32,
) {
    use bevy_egui::egui;
    egui::Area::new(egui::Id::new("demo-title"))
        .anchor(egui::Align2::CENTER_CENTER, [0.0, 0.0])
        .order(egui::Order::Foreground)
        .fade_in(false)
        .show(ctx, |ui| {
            card_frame.show(ui, |ui| {
                ui.set_max_width(ctx.viewport_rect().width() * 0.8);
                ui.vertical_centered(|ui| {
                    ui.label(
                        egui::RichText::new(&card.title)
                            .size(TITLE_TEXT_SHARE * screen_h)
                            .strong()
                            .color(egui::Color32::from_rgb(250, 210, 90)),
                    );
                    ui.add_space(12.0);
                    for line in &card.lines {
                        ui.label(
                            egui::RichText::new(line)
                                .size(TITLE_LINE_SHARE * screen_h)
                                .color(egui::Color32::WHITE),
                        );
                    }
                    if let Some(d) = &card.diagram {
                        ui.add_space(14.0);
                        draw_diagram(ui, d, pieces, ctx.input(|i| i.time), screen_h);
                        ctx.request_repaint();
                    }
                });
            });
        });
}

/// The scoreboard of the demo's games, in its own column at the right of the board area
/// (kept free of the board: [`SCOREBOARD_PX`]); `right` and `top` are in egui points.
fn draw_scoreboard(
    ctx: &bevy_egui::egui::Context,
    scoreboard: &DemoScoreboard,
    right: f32,
    top: f32,
) {
    use bevy_egui::egui;
    let (w, d, b) = scoreboard.totals();
    egui::Area::new(egui::Id::new("demo-scoreboard"))
        .anchor(egui::Align2::RIGHT_TOP, [-right - 8.0, top + 12.0])
        .order(egui::Order::Foreground)
        .fade_in(false)
        .interactable(false)
        .show(ctx, |ui| {
            ui.set_max_width(SCOREBOARD_PX - 16.0);
            egui::Frame::new()
                .fill(egui::Color32::from_rgba_unmultiplied(0, 0, 0, 190))
                .corner_radius(8)
                .inner_margin(10)
                .show(ui, |ui| {
                    ui.add(
                        egui::Label::new(
                            egui::RichText::new(format!(
                                "Demo games: {}\nWhite {w} · draws {d} · Black {b}",
                                scoreboard.games.len()
                            ))
                            .size(15.0)
                            .color(egui::Color32::from_rgb(250, 210, 90)),
                        )
                        .wrap(),
                    );
                    for (v, o) in scoreboard.games.iter().rev().take(4) {
                        ui.label(
                            egui::RichText::new(format!("{}  {}", v.title(), o.result_token()))
                                .size(14.0)
                                .color(egui::Color32::WHITE),
                        );
                    }
                });
        });
}

/// The newest captions the caption bar shows (a caption wraps to two lines at most).
const CAPTIONS_IN_BAR: usize = 2;

/// What the demo's overlay reads.
#[derive(SystemParam)]
struct OverlayInputs<'w> {
    overlay: Res<'w, DemoOverlay>,
    captions: Res<'w, DemoCaptions>,
    scoreboard: Res<'w, DemoScoreboard>,
    mode: Option<Res<'w, State<AppMode>>>,
    holds: Res<'w, Holds>,
    art: Option<Res<'w, crate::render::art::ArtImages>>,
    game: Res<'w, ActiveGame>,
}

/// The height of the demo's words as a share of the window's height, so they read from a
/// few metres away on any screen: captions, the invitation, a title card's name and lines.
pub const CAPTION_TEXT_SHARE: f32 = 0.045;
/// The invitation above the board ("press any key to try …").
pub const INVITATION_TEXT_SHARE: f32 = 0.03;
/// A title card's name.
pub const TITLE_TEXT_SHARE: f32 = 0.08;
/// A title card's lines.
pub const TITLE_LINE_SHARE: f32 = 0.035;
/// The caption bar's height as a share of the window's height (at least
/// [`CAPTION_BAR_PX`]): room for two captions.
pub const CAPTION_BAR_SHARE: f32 = 0.22;

/// The strips the demo keeps free of the board in a window `height` logical pixels high:
/// the invitation's row above it and the caption bar below it, in logical pixels
/// (at least [`HINT_ROW_PX`] and [`CAPTION_BAR_PX`]; more in a taller window, where the
/// words are larger).
pub fn demo_strips(height: f32) -> (f32, f32) {
    (
        HINT_ROW_PX.max(1.3 * INVITATION_TEXT_SHARE * height),
        CAPTION_BAR_PX.max(CAPTION_BAR_SHARE * height),
    )
}

/// The overlay: title card, result card, caption bar, take-over offer, quit hint. While
/// the demo runs it keeps strips free around the board (the hint above, the caption bar
/// below, the scoreboard's column at the right) so that nothing it draws covers a square or
/// the coordinates.
fn draw_demo_overlay(
    mut contexts: bevy_egui::EguiContexts,
    input: OverlayInputs,
    mut take: MessageWriter<TakeOverRequest>,
    mut insets: ResMut<crate::render::BoardInsets>,
) -> Result {
    use bevy_egui::egui;
    let OverlayInputs {
        overlay,
        captions,
        scoreboard,
        mode,
        holds,
        art,
        game,
    } = input;
    let mut pieces = PieceTextures::new();
    if let (Some(card), Some(art)) = (&overlay.title, &art)
        && let Some(d) = &card.diagram
    {
        for (_, p) in &d.pieces {
            let id = art.piece(p.color, p.kind).id();
            pieces.insert(
                (p.color, p.kind),
                contexts.add_image(bevy_egui::EguiTextureHandle::Weak(id)),
            );
        }
    }
    let ctx = contexts.ctx_mut()?;
    let running = mode.is_some_and(|m| *m.get() == AppMode::Demo);
    let offer_open = holds.has(HoldReason::DemoOffer);
    // The insets are logical pixels, egui lays out in points.
    let zoom = ctx.zoom_factor();
    let with_scoreboard = running && scoreboard.shown && !scoreboard.games.is_empty();
    // The panels' insets, before the demo's strips are added (points).
    let (left, right, top, bottom) = (
        insets.left / zoom,
        insets.right / zoom,
        insets.top / zoom,
        insets.bottom / zoom,
    );
    // The window's height in points: the demo's words are sized to it.
    let screen_h = ctx.viewport_rect().height();
    let (hint_px, bar_px) = demo_strips(screen_h * zoom);
    if running {
        // Room for the caption bar below the board, the hint above it and the scoreboard
        // beside it (the panels reset the insets each frame).
        insets.bottom += bar_px;
        insets.top += hint_px;
        if with_scoreboard {
            insets.right += SCOREBOARD_PX;
        }
        // A shield over the board and panels: a click opens the offer instead of moving a
        // piece, and keys go to the demo instead of the game's hotkeys.
        egui::Area::new(egui::Id::new("demo-shield"))
            .fixed_pos(egui::Pos2::ZERO)
            .order(egui::Order::Middle)
            .show(ctx, |ui| {
                ui.allocate_response(ctx.viewport_rect().size(), egui::Sense::click());
            });
    }
    let card_frame = egui::Frame::new()
        .fill(egui::Color32::from_rgba_unmultiplied(15, 18, 30, 235))
        .stroke(egui::Stroke::new(
            2.0,
            egui::Color32::from_rgb(250, 210, 90),
        ))
        .corner_radius(14)
        .inner_margin(28);
    if running && let Some(card) = &overlay.title {
        draw_title_card(ctx, card, &pieces, card_frame, screen_h);
    }
    if running && let Some(text) = &overlay.result {
        egui::Area::new(egui::Id::new("demo-result"))
            .anchor(egui::Align2::CENTER_CENTER, [0.0, 0.0])
            .order(egui::Order::Foreground)
            .fade_in(false)
            .show(ctx, |ui| {
                card_frame.show(ui, |ui| {
                    ui.label(
                        egui::RichText::new(text)
                            .size(40.0)
                            .strong()
                            .color(egui::Color32::from_rgb(250, 210, 90)),
                    );
                });
            });
    }
    let screen = ctx.viewport_rect();
    if running {
        // The strip between the board area's foot and the status line, clipped to it:
        // the newest captions, or between them the variant's rule in one line, so the
        // strip never stands empty under the board.
        let bar = bar_px / zoom;
        let strip = egui::Rect::from_min_max(
            egui::pos2(
                screen.left() + left + 12.0,
                screen.bottom() - bottom - bar + 6.0,
            ),
            egui::pos2(
                screen.right() - right - 12.0,
                screen.bottom() - bottom - 6.0,
            ),
        );
        egui::Area::new(egui::Id::new("demo-captions"))
            .fixed_pos(strip.min)
            .order(egui::Order::Foreground)
            .fade_in(false)
            .interactable(false)
            .show(ctx, |ui| {
                ui.set_clip_rect(strip);
                ui.set_width(strip.width());
                egui::Frame::new()
                    .fill(egui::Color32::from_rgba_unmultiplied(0, 0, 0, 215))
                    .corner_radius(10)
                    .inner_margin(12)
                    .show(ui, |ui| {
                        ui.set_width(strip.width() - 24.0);
                        if captions.shown.is_empty() {
                            let variant = game.variant();
                            ui.add(
                                egui::Label::new(
                                    egui::RichText::new(format!(
                                        "{}: {}",
                                        variant.title(),
                                        variant.rules().rule_line()
                                    ))
                                    .size(CAPTION_TEXT_SHARE * screen_h)
                                    .italics()
                                    .color(egui::Color32::from_rgb(190, 190, 190)),
                                )
                                .wrap(),
                            );
                        }
                        let newest = captions.shown.len().saturating_sub(CAPTIONS_IN_BAR);
                        for (c, left) in captions.shown.iter().skip(newest) {
                            let a = (left.min(1.0) * 255.0) as u8;
                            ui.add(
                                egui::Label::new(
                                    egui::RichText::new(&c.text)
                                        .size(CAPTION_TEXT_SHARE * screen_h)
                                        .color(egui::Color32::from_rgba_unmultiplied(
                                            255, 255, 255, a,
                                        )),
                                )
                                .wrap(),
                            );
                        }
                    });
            });
    }
    if with_scoreboard {
        draw_scoreboard(ctx, &scoreboard, right, top + hint_px / zoom);
    }
    if running && !offer_open && overlay.esc_held <= 0.0 {
        egui::Area::new(egui::Id::new("demo-hint"))
            .anchor(egui::Align2::CENTER_TOP, [(left - right) / 2.0, top + 4.0])
            .order(egui::Order::Foreground)
            .fade_in(false)
            .interactable(false)
            .show(ctx, |ui| {
                ui.add(
                    egui::Label::new(
                        egui::RichText::new(format!(
                            "Press any key to try {}",
                            game.variant().title()
                        ))
                        .size(INVITATION_TEXT_SHARE * screen_h)
                        .strong()
                        .color(egui::Color32::from_rgb(250, 210, 90)),
                    )
                    .extend(),
                );
            });
    }
    if running && offer_open {
        egui::Window::new("Play Esoterica")
            .anchor(egui::Align2::CENTER_CENTER, [0.0, 0.0])
            .order(egui::Order::Foreground)
            .collapsible(false)
            .resizable(false)
            .show(ctx, |ui| {
                ui.label(egui::RichText::new("The demo is paused.").size(20.0));
                ui.add_space(8.0);
                let big = |t: &str| egui::Button::new(egui::RichText::new(t).size(22.0));
                let learn = format!("Learn {} in a short lesson", game.variant().title());
                for (label, choice) in [
                    (learn.as_str(), TakeOver::Learn),
                    ("Take over this game vs the bot", TakeOver::VsBot),
                    ("Take over this game hot-seat", TakeOver::HotSeat),
                    ("New game", TakeOver::NewGame),
                    ("Back to the demo", TakeOver::Resume),
                ] {
                    if ui.add(big(label)).clicked() {
                        take.write(TakeOverRequest(choice));
                    }
                }
            });
    }
    if overlay.esc_held > 0.0 {
        egui::Area::new(egui::Id::new("demo-quit"))
            .anchor(egui::Align2::CENTER_TOP, [0.0, 24.0])
            .order(egui::Order::Tooltip)
            .show(ctx, |ui| {
                card_frame.show(ui, |ui| {
                    ui.label(
                        egui::RichText::new("Keep holding Esc to quit")
                            .size(24.0)
                            .color(egui::Color32::WHITE),
                    );
                    ui.add(
                        egui::ProgressBar::new((overlay.esc_held / QUIT_HOLD_SECS).min(1.0))
                            .desired_width(320.0),
                    );
                });
            });
    }
    Ok(())
}
