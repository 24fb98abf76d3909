//! The Bevy half of the demo: [`DemoPlugin`] drives [`DemoLoop`] with the frame
//! time, runs the bots off the main thread ([`BotWorker`]), sends their moves through the
//! same [`SubmitMoveRequest`] pipeline as a mouse move (Parity: White's then Black's commit),
//! and keeps the title card, captions and result card in [`DemoOverlay`] /
//! [`DemoCaptions`] for the egui overlay (drawn only when `EguiPlugin` is present).
//!
//! Event use: any key or click pauses the demo and offers "take over" (vs bot or hot-seat:
//! the position is kept) or "new game"; quitting needs Esc held for
//! [`QUIT_HOLD_SECS`]; the cursor hides after [`CURSOR_IDLE_SECS`] without mouse motion;
//! after the configured idle minutes of normal play the demo comes back.
//!
//! Systems run in [`AppSystems::Input`] (chained) and in
//! `EguiPrimaryContextPass` (the overlay). It never touches entities: the game pipeline does.

use std::collections::VecDeque;
use std::sync::Mutex;
use std::time::Duration;

use bevy::prelude::*;
use bevy::window::{CursorOptions, PrimaryWindow};

use super::captions::Caption;
use super::cards::TitleCard;
use super::script::{DemoCommand, DemoLoop};
use crate::AppSystems;
use crate::bots::worker::BotWorker;
use crate::bots::{BotSpec, SearchLimits, mix_seed, search::level_limits};
use crate::game::{ActiveGame, MoveSource, NewGameRequest, SubmitMoveRequest};
use crate::rules::{Color, Entry, Move, Outcome, Variant};

/// Seconds one caption stays on screen.
pub const CAPTION_SECS: f32 = 6.0;
/// Most captions on screen at once (older ones leave first).
pub const MAX_CAPTIONS_SHOWN: usize = 3;
/// Seconds Esc must be held to quit.
pub const QUIT_HOLD_SECS: f32 = 2.0;
/// Seconds without mouse motion before the cursor hides (demo running only).
pub const CURSOR_IDLE_SECS: f32 = 3.0;
/// Logical pixels kept free below the board for the caption bar while the demo runs.
pub const CAPTION_BAR_PX: f32 = 150.0;
/// Default milliseconds a demo bot thinks per move.
pub const BOT_MOVETIME_MS: u64 = 300;

/// The demo's configuration; add it with the game's plugins.
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
    /// Milliseconds a bot thinks per move.
    pub movetime_ms: u64,
    /// Start in normal play (the demo stopped) and come back after this many idle minutes;
    /// `None` starts the demo at once.
    pub idle_return: Option<f32>,
    /// Most plies per demo game before it is adjudicated a draw.
    pub max_plies: usize,
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
            max_plies: 120,
        }
    }
}

/// The running demo: the loop, the bot spec and the bots thinking now.
#[derive(Resource)]
pub struct DemoState {
    /// The clock-free loop (owns the demo game's record for the captions).
    pub demo: DemoLoop,
    /// The bot for both sides.
    pub bot: BotSpec,
    /// Milliseconds per move.
    pub movetime_ms: u64,
    /// Bots thinking: the side they commit for (Parity) or `None`, and the worker.
    workers: Vec<(Option<Color>, Mutex<BotWorker>)>,
    /// Moves collected from finished workers (Parity: waits for both).
    answers: Vec<(Option<Color>, Option<Move>)>,
    /// Games started so far (also seeds the bots).
    pub games_started: usize,
    /// Whether the take-over offer is shown (the demo is paused).
    pub offer_open: bool,
    /// After a take-over "vs bot": the visitor's side (the bot plays the other).
    pub visitor_side: Option<Color>,
    /// A game just started: log the world's entity count next frame, once its board is
    /// rebuilt (game number, variant).
    log_entities: Option<(usize, Variant)>,
}

impl DemoState {
    /// Whether the demo is playing (not taken over, not paused by the offer).
    pub fn is_running(&self) -> bool {
        !self.demo.is_stopped() && !self.offer_open
    }
}

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

/// A move for the demo game, as a bot or a script chose it: it goes to the demo loop (for
/// the captions) and then down the game pipeline.
#[derive(Message, Debug, Clone, Copy, PartialEq, Eq)]
pub struct DemoEntryRequest(pub Entry);

/// How a visitor takes over the demo.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TakeOver {
    /// Keep the position; the visitor plays the side to move (Parity: White) against the bot.
    VsBot,
    /// Keep the position; two visitors play hot-seat.
    HotSeat,
    /// A new game of the variant on screen, hot-seat.
    NewGame,
    /// Close the offer and let the demo go on.
    Resume,
}

/// Asks to stop the demo (or resume it).
#[derive(Message, Debug, Clone, Copy, PartialEq, Eq)]
pub struct DemoTakeOverRequest(pub TakeOver);

impl Plugin for DemoPlugin {
    fn build(&self, app: &mut App) {
        let mut demo = DemoLoop::new(self.variants.clone());
        demo.pace_secs = self.pace_secs;
        demo.title_secs = self.title_secs;
        demo.result_secs = self.result_secs;
        demo.max_plies = self.max_plies;
        demo.idle_minutes = self.idle_return;
        if self.idle_return.is_some() {
            demo.take_over();
        }
        app.insert_resource(DemoState {
            demo,
            bot: self.bot.clone(),
            movetime_ms: self.movetime_ms,
            workers: Vec::new(),
            answers: Vec::new(),
            games_started: 0,
            offer_open: false,
            visitor_side: None,
            log_entities: None,
        })
        .init_resource::<DemoOverlay>()
        .init_resource::<DemoCaptions>()
        .add_message::<DemoEntryRequest>()
        .add_message::<DemoTakeOverRequest>()
        .add_systems(
            Update,
            (
                watch_input,
                handle_take_over,
                advance_demo,
                poll_bots,
                play_demo_entries,
                play_bot_side,
                fade_captions,
            )
                .chain()
                .after(crate::game::persist_glue::PersistSystems)
                .after(crate::game::flow::handle_game_flow)
                .in_set(AppSystems::Input),
        );
        if app.is_plugin_added::<bevy_egui::EguiPlugin>() {
            app.add_systems(
                bevy_egui::EguiPrimaryContextPass,
                draw_demo_overlay.after(crate::ui::panels::draw_panels),
            );
        }
    }
}

/// Keys, clicks and mouse motion: the take-over offer, Esc-hold to quit, the idle cursor.
fn watch_input(
    keys: Option<Res<ButtonInput<KeyCode>>>,
    buttons: Option<Res<ButtonInput<MouseButton>>>,
    motion: Option<Res<bevy::input::mouse::AccumulatedMouseMotion>>,
    time: Res<Time>,
    mut state: ResMut<DemoState>,
    mut overlay: ResMut<DemoOverlay>,
    mut cursor: Query<&mut CursorOptions, With<PrimaryWindow>>,
    mut exit: MessageWriter<AppExit>,
    mut still: Local<f32>,
) {
    let moved = motion.is_some_and(|m| m.delta != Vec2::ZERO);
    let esc = keys.as_ref().is_some_and(|k| k.pressed(KeyCode::Escape));
    let pressed = keys
        .as_ref()
        .is_some_and(|k| k.get_just_pressed().any(|k| *k != KeyCode::Escape))
        || buttons
            .as_ref()
            .is_some_and(|b| b.get_just_pressed().next().is_some());
    if esc {
        overlay.esc_held += time.delta_secs();
        if overlay.esc_held >= QUIT_HOLD_SECS {
            info!("demo: Esc held {QUIT_HOLD_SECS} s, quitting");
            exit.write(AppExit::Success);
        }
    } else {
        overlay.esc_held = 0.0;
    }
    if pressed || moved || esc {
        state.demo.on_activity();
        *still = 0.0;
    } else {
        *still += time.delta_secs();
    }
    if pressed && state.is_running() {
        state.offer_open = true;
    }
    let hide = state.is_running() && *still >= CURSOR_IDLE_SECS;
    for mut c in &mut cursor {
        if c.visible == hide {
            c.visible = !hide;
        }
    }
}

/// Carries out a take-over choice.
fn handle_take_over(
    mut requests: MessageReader<DemoTakeOverRequest>,
    mut state: ResMut<DemoState>,
    mut overlay: ResMut<DemoOverlay>,
    mut captions: ResMut<DemoCaptions>,
    mut game: ResMut<ActiveGame>,
    mut new_game: MessageWriter<NewGameRequest>,
) {
    let Some(DemoTakeOverRequest(choice)) = requests.read().last().copied() else {
        return;
    };
    state.offer_open = false;
    if choice == TakeOver::Resume {
        return;
    }
    for (_, w) in state.workers.drain(..) {
        if let Ok(w) = w.lock() {
            w.stop();
        }
    }
    state.answers.clear();
    // The game on screen (ActiveGame) already holds the demo position: keep it. From now
    // on it is the visitor's game (autosaved, kept in the recent games when replaced).
    let _kept = state.demo.take_over();
    game.origin = crate::game::GameOrigin::Player;
    overlay.title = None;
    overlay.result = None;
    captions.shown.clear();
    state.visitor_side = None;
    match choice {
        TakeOver::VsBot => {
            state.visitor_side = Some(if game.is_simultaneous() {
                Color::White
            } else {
                game.record.current().turn()
            });
        }
        TakeOver::NewGame => {
            new_game.write(NewGameRequest::new(game.variant()));
        }
        TakeOver::HotSeat | TakeOver::Resume => {}
    }
    info!("demo: taken over ({choice:?})");
}

/// Moves the demo loop on by the frame time and carries out its commands.
fn advance_demo(
    time: Res<Time>,
    mut state: ResMut<DemoState>,
    mut overlay: ResMut<DemoOverlay>,
    mut captions: ResMut<DemoCaptions>,
    mut new_game: MessageWriter<NewGameRequest>,
    entities: Query<Entity>,
) {
    if state.offer_open {
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
                new_game.write(NewGameRequest::new(v).by(crate::game::GameOrigin::Demo));
            }
            DemoCommand::RequestBotMove => start_bots(&mut state),
            DemoCommand::ShowCaptions(caps) => {
                for c in caps {
                    captions.push(c);
                }
            }
            DemoCommand::ShowResult { text, .. } => {
                info!("demo: result: {text}");
                overlay.result = Some(text);
            }
            DemoCommand::ShowScene(_) => state.demo.on_scene_finished(),
            DemoCommand::ReturnToDemo => {
                info!("demo: idle, back to the demo");
                state.visitor_side = None;
                state.offer_open = false;
            }
        }
    }
    if was_stopped && !state.demo.is_stopped() {
        captions.shown.clear();
    }
}

/// Starts the bot(s) for the demo game's next move.
fn start_bots(state: &mut DemoState) {
    let Some(pos) = state.demo.game().map(|g| g.current().clone()) else {
        return;
    };
    let limits = SearchLimits {
        movetime: Some(Duration::from_millis(state.movetime_ms)),
        ..level_limits(2)
    };
    let sides: Vec<Option<Color>> =
        if pos.variant().turn_model() == crate::rules::TurnModel::Simultaneous {
            vec![Some(Color::White), Some(Color::Black)]
        } else {
            vec![None]
        };
    state.answers.clear();
    let base =
        mix_seed(state.games_started as u64) ^ state.demo.game().map_or(0, |g| g.len() as u64);
    for (i, side) in sides.into_iter().enumerate() {
        let bot = state.bot.build(mix_seed(base + i as u64));
        match BotWorker::spawn(bot, pos.clone(), side, limits) {
            Ok(w) => state.workers.push((side, Mutex::new(w))),
            Err(e) => {
                error!("demo: {e}");
                state.answers.push((side, None));
            }
        }
    }
}

/// Collects finished bot searches; once every side has answered, the move becomes a
/// [`DemoEntryRequest`]. A bot without a move ends the game as a draw.
fn poll_bots(mut state: ResMut<DemoState>, mut out: MessageWriter<DemoEntryRequest>) {
    if state.workers.is_empty() && state.answers.is_empty() {
        return;
    }
    let mut still = Vec::new();
    let mut got = Vec::new();
    for (side, w) in state.workers.drain(..) {
        let res = w.lock().ok().and_then(|w| w.try_take());
        match res {
            Some(Ok((_, mv, _))) => got.push((side, mv)),
            Some(Err(e)) => {
                error!("demo bot: {e}");
                got.push((side, None));
            }
            None => still.push((side, w)),
        }
    }
    state.workers = still;
    state.answers.extend(got);
    if !state.workers.is_empty() {
        return;
    }
    let answers = std::mem::take(&mut state.answers);
    let entry = match answers.as_slice() {
        [(None, Some(mv))] => Some(Entry::Move(*mv)),
        [(Some(a), Some(x)), (Some(_), Some(y))] => Some(if *a == Color::White {
            Entry::Turn {
                white: *x,
                black: *y,
            }
        } else {
            Entry::Turn {
                white: *y,
                black: *x,
            }
        }),
        _ => None,
    };
    match entry {
        Some(e) => {
            out.write(DemoEntryRequest(e));
        }
        None if !state.demo.is_stopped() => {
            warn!("demo: a bot had no move; the game is called a draw");
            state.demo.on_game_over(Outcome::Draw {
                reason: crate::rules::outcome::DrawReason::Agreement,
            });
        }
        None => {}
    }
}

/// Plays demo moves on the loop's record (captions, game end) and sends them down the game
/// pipeline (Parity: White's commit, then Black's).
fn play_demo_entries(
    mut requests: MessageReader<DemoEntryRequest>,
    mut state: ResMut<DemoState>,
    mut submit: MessageWriter<SubmitMoveRequest>,
) {
    for DemoEntryRequest(entry) in requests.read() {
        if let Err(e) = state.demo.play_entry(entry) {
            warn!("demo: move not played: {e}");
            continue;
        }
        let moves: Vec<Move> = match entry {
            Entry::Move(m) => vec![*m],
            Entry::Turn { white, black } => vec![*white, *black],
        };
        for mv in moves {
            submit.write(SubmitMoveRequest {
                mv,
                source: MoveSource::Bot,
            });
        }
    }
}

/// After a take-over "vs bot": the bot answers for the side the visitor does not play.
fn play_bot_side(
    state: Res<DemoState>,
    game: Res<ActiveGame>,
    commits: Res<crate::game::ParityCommits>,
    mut submit: MessageWriter<SubmitMoveRequest>,
    mut submit_commit: MessageWriter<crate::game::SubmitCommitRequest>,
    mut thinking: Local<Option<Mutex<BotWorker>>>,
    mut asked_at: Local<Option<(usize, bool)>>,
) {
    let Some(visitor) = state.visitor_side else {
        *thinking = None;
        return;
    };
    if let Some(w) = thinking.as_ref() {
        let res = w.lock().ok().and_then(|w| w.try_take());
        if let Some(res) = res {
            *thinking = None;
            match res {
                // Parity: the bot commits for its own side through the commit API (it
                // never sees the visitor's commit: it only got the start-of-turn position).
                Ok((_, Some(mv), _)) if game.is_simultaneous() => {
                    submit_commit.write(crate::game::SubmitCommitRequest {
                        side: visitor.other(),
                        mv,
                    });
                }
                Ok((_, Some(mv), _)) => {
                    submit.write(SubmitMoveRequest {
                        mv,
                        source: MoveSource::Bot,
                    });
                }
                Ok((_, None, _)) => {}
                Err(e) => error!("bot: {e}"),
            }
        }
        return;
    }
    if game.record.outcome().is_some() || game.review.is_some() {
        return;
    }
    let pos = game.record.current();
    let bot_committed = commits.has_committed(visitor.other());
    let key = (game.record.len(), bot_committed);
    let (due, side) = if game.is_simultaneous() {
        (!bot_committed, Some(visitor.other()))
    } else {
        (pos.turn() != visitor, None)
    };
    if !due || *asked_at == Some(key) {
        return;
    }
    *asked_at = Some(key);
    let limits = SearchLimits {
        movetime: Some(Duration::from_millis(state.movetime_ms)),
        ..level_limits(2)
    };
    let bot = state.bot.build(mix_seed(key.0 as u64));
    match BotWorker::spawn(bot, pos.clone(), side, limits) {
        Ok(w) => *thinking = Some(Mutex::new(w)),
        Err(e) => error!("bot: {e}"),
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

/// The overlay: title card, result card, caption bar, take-over offer, quit hint.
fn draw_demo_overlay(
    mut contexts: bevy_egui::EguiContexts,
    state: Res<DemoState>,
    overlay: Res<DemoOverlay>,
    captions: Res<DemoCaptions>,
    mut take: MessageWriter<DemoTakeOverRequest>,
    mut insets: ResMut<crate::render::BoardInsets>,
) -> Result {
    use bevy_egui::egui;
    let ctx = contexts.ctx_mut()?;
    let running = !state.demo.is_stopped();
    if running {
        // Room for the caption bar below the board (the panels reset the insets each frame).
        insets.bottom += CAPTION_BAR_PX;
        // A shield over the board and panels: a click opens the offer instead of moving a
        // piece, and keys go to the demo instead of the game's hotkeys.
        egui::Area::new(egui::Id::new("demo-shield"))
            .fixed_pos(egui::Pos2::ZERO)
            .order(egui::Order::Middle)
            .show(ctx, |ui| {
                let r = ui.allocate_response(ctx.viewport_rect().size(), egui::Sense::click());
                r.request_focus();
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
        egui::Area::new(egui::Id::new("demo-title"))
            .anchor(egui::Align2::CENTER_CENTER, [0.0, 0.0])
            .order(egui::Order::Foreground)
            .fade_in(false)
            .show(ctx, |ui| {
                card_frame.show(ui, |ui| {
                    ui.set_max_width(760.0);
                    ui.vertical_centered(|ui| {
                        ui.label(
                            egui::RichText::new(&card.title)
                                .size(56.0)
                                .strong()
                                .color(egui::Color32::from_rgb(250, 210, 90)),
                        );
                        ui.add_space(12.0);
                        for line in &card.lines {
                            ui.label(
                                egui::RichText::new(line)
                                    .size(24.0)
                                    .color(egui::Color32::WHITE),
                            );
                        }
                    });
                });
            });
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
    let free_width =
        (ctx.viewport_rect().width() - insets.left - insets.right - 40.0).clamp(200.0, 1100.0);
    if running && !captions.shown.is_empty() {
        egui::Area::new(egui::Id::new("demo-captions"))
            .anchor(
                egui::Align2::CENTER_BOTTOM,
                [(insets.left - insets.right) / 2.0, -34.0],
            )
            .order(egui::Order::Foreground)
            .fade_in(false)
            .show(ctx, |ui| {
                egui::Frame::new()
                    .fill(egui::Color32::from_rgba_unmultiplied(0, 0, 0, 215))
                    .corner_radius(10)
                    .inner_margin(16)
                    .show(ui, |ui| {
                        ui.set_max_width(free_width);
                        for (c, left) in &captions.shown {
                            let a = (left.min(1.0) * 255.0) as u8;
                            ui.label(
                                egui::RichText::new(&c.text)
                                    .size(23.0)
                                    .color(egui::Color32::from_rgba_unmultiplied(255, 255, 255, a)),
                            );
                        }
                    });
            });
    }
    if running && !state.offer_open && overlay.esc_held <= 0.0 {
        egui::Area::new(egui::Id::new("demo-hint"))
            .anchor(
                egui::Align2::CENTER_TOP,
                [(insets.left - insets.right) / 2.0, insets.top + 6.0],
            )
            .order(egui::Order::Foreground)
            .fade_in(false)
            .interactable(false)
            .show(ctx, |ui| {
                ui.label(
                    egui::RichText::new("DEMO — press any key to play")
                        .size(18.0)
                        .color(egui::Color32::from_rgb(250, 210, 90)),
                );
            });
    }
    if state.offer_open {
        egui::Window::new("Play Esoterica")
            .anchor(egui::Align2::CENTER_CENTER, [0.0, 0.0])
            .order(egui::Order::Foreground)
            .collapsible(false)
            .resizable(false)
            .show(ctx, |ui| {
                ui.label(egui::RichText::new("The demo is paused.").size(20.0));
                ui.add_space(8.0);
                let big = |t: &str| egui::Button::new(egui::RichText::new(t).size(22.0));
                if ui.add(big("Take over this game vs the bot")).clicked() {
                    take.write(DemoTakeOverRequest(TakeOver::VsBot));
                }
                if ui.add(big("Take over this game hot-seat")).clicked() {
                    take.write(DemoTakeOverRequest(TakeOver::HotSeat));
                }
                if ui.add(big("New game")).clicked() {
                    take.write(DemoTakeOverRequest(TakeOver::NewGame));
                }
                if ui.add(big("Back to the demo")).clicked() {
                    take.write(DemoTakeOverRequest(TakeOver::Resume));
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
