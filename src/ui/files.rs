//! Files, players and scenes in the UI: the players section (Human or a bot per side), save
//! and load, clipboard copy and paste, the scenes list (appended to the left panel through
//! [`LeftPanelExtras`]), the "resume the unfinished game?" question, the scene caption, and
//! the settings file (loaded at start, saved shortly after a change). UI code writes
//! requests ([`LoadGameRequest`], [`SaveGameRequest`], [`ContinueGameRequest`],
//! [`PlaySceneRequest`]); the headless side is [`crate::game::persist_glue`].

use std::path::{Path, PathBuf};

use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

use crate::bots::plugin::{BotRoster, BotThinking, Players};
use crate::game::persist_glue::{
    AutosaveSlot, ContinueGameRequest, LoadGameRequest, PlaySceneRequest, SaveGameRequest,
    ScenePlayback,
};
use crate::game::{ActiveGame, NewGameRequest, StatusLine};
use crate::persist::{
    PlayerSpec, Settings, game_to_text, list_scenes, load_scene, position_from_clipboard,
};
use crate::render::{AnimationSettings, BoardView};
use crate::rules::{Color as Side, GameRecord};

/// What the command line fixed, so the start-up files do not override it.
#[derive(Resource, Debug, Clone, Copy, Default)]
pub struct StartOptions {
    /// `--white`/`--black` were given: the settings' players are not used.
    pub cli_players: bool,
    /// `--variant`, `--position`, `--moves` or `--scene` were given: no resume question,
    /// no last variant.
    pub cli_start: bool,
}

/// The settings as last saved, and a pending save.
#[derive(Resource, Debug, Clone, Default)]
pub struct SettingsState {
    /// The settings in force.
    pub settings: Settings,
    /// Seconds since an unsaved change (`None`: nothing to save).
    pub dirty_for: Option<f32>,
}

/// The autosaved game offered for resuming.
#[derive(Resource, Debug, Clone, Default)]
pub struct ResumeOffer(pub Option<GameRecord>);

/// The text fields and the last message of the files section.
#[derive(Resource, Debug, Clone, Default)]
pub struct FilesUi {
    /// The path typed for save / load.
    pub path: String,
    /// The text pasted for "Paste position".
    pub paste: String,
    /// The last message of this section (errors included).
    pub note: String,
    /// The scene files found.
    pub scenes: Vec<PathBuf>,
}

/// Adds the files UI.
pub(crate) fn plugin(app: &mut App) {
    app.init_resource::<StartOptions>()
        .init_resource::<SettingsState>()
        .init_resource::<ResumeOffer>()
        .init_resource::<FilesUi>()
        .add_systems(PostStartup, load_start_files)
        .add_systems(Update, save_settings_on_change)
        .add_systems(EguiPrimaryContextPass, draw_dialogs);
}

fn scenes_dir() -> PathBuf {
    let local = Path::new("scenes");
    if local.is_dir() {
        local.to_path_buf()
    } else {
        Path::new(env!("CARGO_MANIFEST_DIR")).join("scenes")
    }
}

/// Settings, the autosave offer and the scenes list, once at start.
fn load_start_files(
    opts: Res<StartOptions>,
    mut state: ResMut<SettingsState>,
    mut status: ResMut<StatusLine>,
    mut anim: ResMut<AnimationSettings>,
    mut view: ResMut<BoardView>,
    mut players: ResMut<Players>,
    mut offer: ResMut<ResumeOffer>,
    mut files: ResMut<FilesUi>,
    slot: Option<ResMut<AutosaveSlot>>,
    mut new_game: MessageWriter<NewGameRequest>,
) {
    let loaded = Settings::load();
    let s = loaded.settings;
    anim.speed = s.animation_speed.clamp(0.0, 3.0);
    view.show_numbers = s.overlays.intrachange_numbers;
    view.show_hexagrams = s.overlays.hexagrams;
    if !opts.cli_players {
        players.0 = s.players.clone();
    }
    let mut notes = Vec::new();
    if let Some(w) = loaded.warning {
        notes.push(w);
    }
    if let Some(mut slot) = slot
        && !opts.cli_start
    {
        match slot.autosave.load() {
            Ok(Some(record)) if !record.is_empty() && record.outcome().is_none() => {
                offer.0 = Some(record);
                slot.paused = true;
            }
            Ok(_) => {}
            Err(e) => notes.push(e.to_string()),
        }
    }
    if !opts.cli_start && offer.0.is_none() && s.last_variant != crate::rules::Variant::Standard {
        new_game.write(NewGameRequest {
            variant: s.last_variant,
            position: None,
        });
    }
    state.settings = s;
    if !notes.is_empty() {
        status.0 = notes.join(" ");
    }
    files.path = crate::persist::data_dir()
        .map(|d| d.join("game.pgn").display().to_string())
        .unwrap_or_else(|_| "game.pgn".into());
    files.scenes = list_scenes(&scenes_dir()).unwrap_or_default();
}

/// Saves the settings one second after the last change (a slider drag writes once).
fn save_settings_on_change(
    time: Res<Time>,
    mut state: ResMut<SettingsState>,
    anim: Res<AnimationSettings>,
    view: Res<BoardView>,
    players: Res<Players>,
    game: Res<ActiveGame>,
    mut status: ResMut<StatusLine>,
) {
    let mut now = state.settings.clone();
    now.animation_speed = anim.speed;
    now.overlays.intrachange_numbers = view.show_numbers;
    now.overlays.hexagrams = view.show_hexagrams;
    now.players = players.0.clone();
    now.last_variant = game.variant();
    if now != state.settings {
        state.settings = now;
        state.dirty_for = Some(0.0);
        return;
    }
    if let Some(t) = state.dirty_for.as_mut() {
        *t += time.delta_secs();
        if *t >= 1.0 {
            state.dirty_for = None;
            if let Err(e) = state.settings.save() {
                status.0 = format!("Settings not saved: {e}");
            }
        }
    }
}

/// The resume question and the scene caption.
fn draw_dialogs(
    mut contexts: EguiContexts,
    mut offer: ResMut<ResumeOffer>,
    slot: Option<ResMut<AutosaveSlot>>,
    mut playback: ResMut<ScenePlayback>,
    mut continues: MessageWriter<ContinueGameRequest>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    if let Some(record) = offer.0.clone() {
        let mut answer = None;
        egui::Window::new("Resume the unfinished game?")
            .collapsible(false)
            .resizable(false)
            .anchor(egui::Align2::CENTER_CENTER, [0.0, 0.0])
            .show(ctx, |ui| {
                ui.label(format!(
                    "{} — {} move{} played.",
                    record.variant(),
                    record.len(),
                    if record.len() == 1 { "" } else { "s" }
                ));
                ui.horizontal(|ui| {
                    if ui.button("Resume").clicked() {
                        answer = Some(true);
                    }
                    if ui.button("New game").clicked() {
                        answer = Some(false);
                    }
                });
            });
        if let Some(resume) = answer {
            offer.0 = None;
            if let Some(mut slot) = slot {
                slot.paused = false;
                if !resume {
                    let _ = slot.autosave.clear();
                }
            }
            if resume {
                continues.write(ContinueGameRequest(record));
            }
        }
    }
    let mut close = false;
    if let Some(scene) = &playback.scene {
        egui::Window::new(format!("Scene: {}", scene.scene.name))
            .id(egui::Id::new("scene-caption"))
            .collapsible(false)
            .resizable(false)
            .anchor(egui::Align2::CENTER_TOP, [0.0, 8.0])
            .show(ctx, |ui| {
                ui.set_max_width(520.0);
                ui.label(egui::RichText::new(&playback.caption).size(16.0));
                ui.horizontal(|ui| {
                    ui.label(format!("Move {} of {}", playback.next, scene.steps.len()));
                    if ui.button("Close").clicked() {
                        close = true;
                    }
                });
            });
    }
    if close {
        playback.scene = None;
    }
    Ok(())
}

/// The sections appended to the left panel: players, files, scenes.
#[derive(SystemParam)]
pub struct LeftPanelExtras<'w> {
    players: Option<ResMut<'w, Players>>,
    roster: Option<Res<'w, BotRoster>>,
    thinking: Option<Res<'w, BotThinking>>,
    files: ResMut<'w, FilesUi>,
    loads: MessageWriter<'w, LoadGameRequest>,
    saves: MessageWriter<'w, SaveGameRequest>,
    continues: MessageWriter<'w, ContinueGameRequest>,
    scenes: MessageWriter<'w, PlaySceneRequest>,
}

impl LeftPanelExtras<'_> {
    /// Draws the sections at the end of the left panel.
    pub fn show(&mut self, ui: &mut egui::Ui, game: &ActiveGame) {
        ui.separator();
        egui::ScrollArea::vertical()
            .id_salt("left-extras")
            .show(ui, |ui| {
                self.players_section(ui);
                self.files_section(ui, game);
                self.scenes_section(ui);
            });
    }

    fn players_section(&mut self, ui: &mut egui::Ui) {
        let (Some(players), Some(roster)) = (self.players.as_mut(), self.roster.as_ref()) else {
            return;
        };
        ui.label(egui::RichText::new("Players").strong());
        for side in [Side::White, Side::Black] {
            let current = players.of(side).clone();
            let (name, level) = match &current {
                PlayerSpec::Human => ("Human".to_string(), 3),
                PlayerSpec::Bot { spec, level } => (spec.clone(), *level),
            };
            let mut chosen = current.clone();
            ui.horizontal(|ui| {
                ui.label(side.title());
                egui::ComboBox::from_id_salt(("player", side.title()))
                    .selected_text(&name)
                    .width(110.0)
                    .show_ui(ui, |ui| {
                        if ui.selectable_label(name == "Human", "Human").clicked() {
                            chosen = PlayerSpec::Human;
                        }
                        for e in &roster.0 {
                            if ui.selectable_label(name == e.name, &e.name).clicked() {
                                chosen = PlayerSpec::Bot {
                                    spec: e.name.clone(),
                                    level,
                                };
                            }
                        }
                    });
            });
            let has_levels = roster.0.iter().any(|e| e.name == name && e.has_levels);
            if let PlayerSpec::Bot { level: l, .. } = &mut chosen
                && has_levels
            {
                ui.horizontal(|ui| {
                    ui.add_space(40.0);
                    ui.spacing_mut().slider_width = 100.0;
                    ui.add(egui::Slider::new(l, 1..=5).text("level"));
                });
            }
            if chosen != current {
                *players.of_mut(side) = chosen;
            }
        }
        if self.thinking.as_ref().is_some_and(|t| t.is_thinking()) {
            ui.label("A bot is thinking…");
        }
        ui.separator();
    }

    fn files_section(&mut self, ui: &mut egui::Ui, game: &ActiveGame) {
        egui::CollapsingHeader::new("Files and clipboard")
            .default_open(false)
            .show(ui, |ui| {
                ui.label("Game file (PGN)");
                ui.add(egui::TextEdit::singleline(&mut self.files.path).desired_width(220.0));
                ui.horizontal(|ui| {
                    let path = PathBuf::from(self.files.path.trim());
                    if ui.button("Save game").clicked() {
                        self.saves.write(SaveGameRequest(path.clone()));
                    }
                    if ui.button("Load game").clicked() {
                        self.loads.write(LoadGameRequest(path));
                    }
                });
                ui.horizontal(|ui| {
                    if ui.button("Copy position").clicked() {
                        ui.ctx().copy_text(game.shown().to_text());
                        self.files.note = "Position copied.".into();
                    }
                    if ui.button("Copy game").clicked() {
                        ui.ctx().copy_text(game_to_text(&game.record));
                        self.files.note = "Game copied (PGN).".into();
                    }
                });
                ui.label("Paste a position or a game here:");
                ui.add(
                    egui::TextEdit::multiline(&mut self.files.paste)
                        .desired_rows(2)
                        .desired_width(220.0),
                );
                if ui.button("Paste position").clicked() {
                    match position_from_clipboard(game.variant(), &self.files.paste) {
                        Ok(pos) => {
                            self.continues
                                .write(ContinueGameRequest(GameRecord::new(pos)));
                            self.files.note = "Position pasted.".into();
                        }
                        Err(e) => self.files.note = format!("Not pasted: {e}"),
                    }
                }
                if !self.files.note.is_empty() {
                    ui.label(egui::RichText::new(&self.files.note).italics());
                }
            });
    }

    fn scenes_section(&mut self, ui: &mut egui::Ui) {
        egui::CollapsingHeader::new("Scenes")
            .default_open(false)
            .show(ui, |ui| {
                if self.files.scenes.is_empty() {
                    ui.label("No scenes found.");
                }
                let mut chosen = None;
                for path in &self.files.scenes {
                    let label = path
                        .file_stem()
                        .map(|s| s.to_string_lossy().into_owned())
                        .unwrap_or_default();
                    if ui.button(label).clicked() {
                        chosen = Some(path.clone());
                    }
                }
                if let Some(path) = chosen {
                    match load_scene(&path) {
                        Ok(scene) => {
                            self.scenes.write(PlaySceneRequest(Box::new(scene)));
                            self.files.note.clear();
                        }
                        Err(e) => self.files.note = format!("Scene not loaded: {e}"),
                    }
                }
            });
    }
}
