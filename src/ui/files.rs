//! Files, players and scenes in the UI: the players section (Human or a bot per side), save
//! and load, clipboard copy and paste, the scenes list (sections of the left panel, drawn
//! through [`LeftPanelExtras`]), the "resume the unfinished game?" question, the scene caption, and
//! the settings file (loaded at start, saved shortly after a change). UI code writes
//! requests ([`SaveGameRequest`], and the game's
//! [`LoadGameRequest`](crate::game::persist_glue::LoadGameRequest),
//! [`ContinueGameRequest`](crate::game::persist_glue::ContinueGameRequest) and
//! [`PlaySceneRequest`](crate::game::persist_glue::PlaySceneRequest)); the headless side
//! is [`crate::game::persist_glue`].

use std::path::PathBuf;

use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};
use egui_file_dialog::FileDialog;

use crate::bots::plugin::{BotRoster, BotSeed, BotThinking};
use crate::game::persist_glue::{SaveGameRequest, ScenePlayback};
use crate::game::replace::{
    AnswerReplacementRequest, ReplaceConfirmation, ReplaceGameRequest, Replacement,
};
use crate::game::{ActiveGame, NewGameRequest, Seats, SetSeatRequest};
use crate::persist::{
    BUNDLED_SCENES, Folders, PlayerSpec, RecentGame, Settings, game_to_text, list_scenes,
    load_scene, load_scene_text, position_from_clipboard_with_warnings,
};
use crate::render::{AnimationSettings, BoardView};
use crate::rules::{Color as Side, GameRecord};

pub use crate::game::session::StartOptions;

/// The user's folders (settings, autosave, recent games, saved games).
#[derive(Resource, Debug, Clone, Default)]
pub struct UserFolders(pub Folders);

/// The settings as last saved, and a pending save.
#[derive(Resource, Debug, Clone, Default)]
pub struct SettingsState {
    /// The settings in force.
    pub settings: Settings,
    /// Seconds since an unsaved change (`None`: nothing to save).
    pub dirty_for: Option<f32>,
    /// The players the command line gave for this run: while they are in force the saved
    /// players stay as they were.
    pub cli_players: Option<crate::persist::Players>,
    /// The view the command line gave for this run (`--view`): while it is in force the
    /// saved view stays as it was.
    pub cli_view: Option<crate::persist::ViewMode>,
}

/// The narrowest a question window is, in egui points: its whole title fits.
pub const DIALOG_MIN_POINTS: f32 = 400.0;

pub use crate::game::persist_glue::{ResumeAnswerRequest, ResumeOffer};

/// A scene the Scenes panel lists: bundled in the binary, or a file in the user's folder.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SceneEntry {
    /// One of [`BUNDLED_SCENES`], by name.
    Bundled(&'static str),
    /// A file in `DATA_DIR/scenes`.
    File(PathBuf),
}

impl SceneEntry {
    /// The name shown.
    pub fn label(&self) -> String {
        match self {
            SceneEntry::Bundled(n) => (*n).to_string(),
            SceneEntry::File(p) => p
                .file_stem()
                .map(|s| s.to_string_lossy().into_owned())
                .unwrap_or_default(),
        }
    }
}

/// Which file dialog is open.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum DialogPurpose {
    /// None.
    #[default]
    Closed,
    /// Save the game as PGN.
    Save,
    /// Load a PGN game.
    Load,
}

/// The text fields, lists and the last message of the files section.
#[derive(Resource, Default)]
pub struct FilesUi {
    /// The text pasted for "Paste position".
    pub paste: String,
    /// The last message of this section (errors included).
    pub note: String,
    /// The scenes offered.
    pub scenes: Vec<SceneEntry>,
    /// The recent games (newest first), refreshed when the panel opens or a game is replaced.
    pub recent: Vec<RecentGame>,
    /// The egui file dialog (open / save), starting in the data folder.
    pub dialog: Option<FileDialog>,
    /// What the open dialog is for.
    pub purpose: DialogPurpose,
    /// The recent games' length when last listed (to refresh after a replacement).
    recent_seen: Option<(usize, u64)>,
}

/// Adds the files UI.
pub(crate) fn plugin(app: &mut App) {
    app.init_resource::<UserFolders>()
        .init_resource::<SettingsState>()
        .init_resource::<FilesUi>()
        .add_systems(
            PostStartup,
            load_start_files.after(crate::game::persist_glue::offer_resume),
        )
        .add_systems(Update, (save_settings_on_change, refresh_recent_games))
        .add_systems(EguiPrimaryContextPass, draw_dialogs);
}

/// The scenes offered: the bundled ones, then the `.ron` files in `DATA_DIR/scenes`.
pub fn scene_entries(folders: &Folders) -> Vec<SceneEntry> {
    let mut out: Vec<SceneEntry> = BUNDLED_SCENES
        .iter()
        .map(|(n, _)| SceneEntry::Bundled(n))
        .collect();
    if let Some(dir) = folders.data.as_ref().map(|d| d.join("scenes"))
        && dir.is_dir()
    {
        out.extend(
            list_scenes(&dir)
                .unwrap_or_default()
                .into_iter()
                .map(SceneEntry::File),
        );
    }
    out
}

/// The view's settings the settings file holds (animation, look, interface scale, the
/// overlays' switches).
#[derive(SystemParam)]
pub(crate) struct ViewSettings<'w> {
    anim: ResMut<'w, AnimationSettings>,
    view: ResMut<'w, BoardView>,
    look: ResMut<'w, crate::render::Appearance>,
    scale: ResMut<'w, super::style::InterfaceScale>,
    charges: ResMut<'w, crate::render::charges::ChargeOverlay>,
    zones: ResMut<'w, crate::render::zones::ZoneView>,
    start_view: Res<'w, crate::render::view::StartView>,
    sound: ResMut<'w, crate::sound::SoundSettings>,
    rating: ResMut<'w, crate::coach::PuzzleRating>,
}

impl ViewSettings<'_> {
    /// Puts the settings' view choices in force.
    fn apply(&mut self, s: &Settings) {
        self.anim.speed = s.animation_speed.clamp(0.0, 3.0);
        self.anim.reduce_motion = s.appearance.reduce_motion;
        self.look.piece_set = s.appearance.piece_set;
        self.look.theme = s.appearance.board_theme;
        self.look.antialiasing = s.appearance.antialiasing;
        self.look.view = self.start_view.0.unwrap_or(s.appearance.view);
        self.scale.0 = s.appearance.ui_scale;
        self.view.show_numbers = s.overlays.intrachange_numbers;
        self.view.show_hexagrams = s.overlays.hexagrams;
        self.charges.visible = s.overlays.force_field_charges;
        self.zones.visible = s.overlays.big_outer_zones;
        self.sound.volume = if s.sound.volume.is_finite() {
            s.sound.volume.clamp(0.0, 1.0)
        } else {
            crate::persist::SoundPrefs::default().volume
        };
        self.sound.muted = s.sound.muted;
        self.rating.0 = s.puzzle_rating.sanitized();
    }

    /// The settings with the view's choices of now in `s`; the overlays' switches only
    /// when `overlays` (the demo turns them on for itself).
    fn store(&self, s: &mut Settings, overlays: bool) {
        s.animation_speed = self.anim.speed;
        s.appearance.reduce_motion = self.anim.reduce_motion;
        s.appearance.piece_set = self.look.piece_set;
        s.appearance.board_theme = self.look.theme;
        s.appearance.antialiasing = self.look.antialiasing;
        s.appearance.view = self.look.view;
        s.appearance.ui_scale = self.scale.0;
        s.sound.volume = self.sound.volume;
        s.sound.muted = self.sound.muted;
        s.puzzle_rating = self.rating.0;
        if overlays {
            s.overlays.intrachange_numbers = self.view.show_numbers;
            s.overlays.hexagrams = self.view.show_hexagrams;
            s.overlays.force_field_charges = self.charges.visible;
            s.overlays.big_outer_zones = self.zones.visible;
        }
    }
}

/// What the start-up asks of the game.
#[derive(SystemParam)]
pub(crate) struct StartRequests<'w> {
    seats: MessageWriter<'w, SetSeatRequest>,
    replace: MessageWriter<'w, ReplaceGameRequest>,
    notices: MessageWriter<'w, crate::game::Notice>,
}

/// The settings, the scenes and recent games, once at start: the view's choices are put in
/// force, the saved players and last variant asked of the game (unless the command line
/// chose them). The autosave and its resume question are the game's
/// ([`offer_resume`](crate::game::persist_glue::offer_resume)).
/// What the start-up reads: the command line's choices, the folders, the seats and the
/// resume offer.
#[derive(SystemParam)]
pub(crate) struct StartFacts<'w> {
    opts: Res<'w, StartOptions>,
    folders: Res<'w, UserFolders>,
    seats: Res<'w, Seats>,
    offer: Res<'w, ResumeOffer>,
}

pub(crate) fn load_start_files(
    facts: StartFacts,
    mut state: ResMut<SettingsState>,
    mut view: ViewSettings,
    mut files: ResMut<FilesUi>,
    mut confirm: ResMut<ReplaceConfirmation>,
    mut out: StartRequests,
) {
    let StartFacts {
        opts,
        folders,
        seats,
        offer,
    } = facts;
    let loaded = folders.0.load_settings();
    let s = loaded.settings;
    confirm.ask = true;
    view.apply(&s);
    state.cli_view = view.start_view.0;
    if opts.cli_players {
        state.cli_players = Some(seats.players().clone());
    } else {
        for side in Side::BOTH {
            let player = match side {
                Side::White => s.players.white.clone(),
                Side::Black => s.players.black.clone(),
            };
            out.seats.write(SetSeatRequest { side, player });
        }
    }
    let mut notes = Vec::new();
    if let Some(w) = loaded.warning {
        notes.push(w);
    }
    if folders.0.data.is_none() {
        notes.push("No data folder was found: games are not autosaved.".to_string());
    }
    if !opts.cli_start && offer.0.is_none() && s.last_variant != crate::rules::Variant::default() {
        out.replace.write(ReplaceGameRequest(Replacement::NewGame(
            NewGameRequest::new(s.last_variant),
        )));
    }
    state.settings = s;
    if !notes.is_empty() {
        out.notices.write(crate::game::Notice::StartNotes(notes));
    }
    files.scenes = scene_entries(&folders.0);
    files.recent = folders
        .0
        .recent()
        .and_then(|r| r.list().ok())
        .unwrap_or_default();
}

/// Lists the recent games again after the game was replaced (a new entry may be there).
fn refresh_recent_games(
    folders: Res<UserFolders>,
    game: Res<ActiveGame>,
    mut files: ResMut<FilesUi>,
) {
    let key = (game.record.len(), game.record.start().repetition_key());
    let replaced = files
        .recent_seen
        .is_some_and(|(len, start)| start != key.1 || key.0 < len);
    files.recent_seen = Some(key);
    if replaced && let Some(recent) = folders.0.recent() {
        files.recent = recent.list().unwrap_or_default();
    }
}

/// What the settings take from the game besides the view: the seats, the variant, the
/// time control and the mode (the demo's own switches are not saved).
#[derive(SystemParam)]
pub(crate) struct SettingsSources<'w> {
    seats: Res<'w, Seats>,
    game: Res<'w, ActiveGame>,
    clock_choice: Res<'w, crate::game::clock::ClockChoice>,
    mode: Option<Res<'w, State<crate::game::AppMode>>>,
}

/// Saves the settings one second after the last change (a slider drag writes once). The
/// command line's players are not saved; a player chosen in the panel is.
fn save_settings_on_change(
    time: Res<Time>,
    opts: Res<StartOptions>,
    folders: Res<UserFolders>,
    mut state: ResMut<SettingsState>,
    view: ViewSettings,
    sources: SettingsSources,
    mut notices: MessageWriter<crate::game::Notice>,
) {
    let SettingsSources {
        seats,
        game,
        clock_choice,
        mode,
    } = sources;
    if opts.keep_settings {
        return;
    }
    let mut now = state.settings.clone();
    // While the demo has the window the overlays it turned on are not the player's choice.
    let in_demo = mode
        .as_deref()
        .is_some_and(|m| *m.get() == crate::game::AppMode::Demo);
    view.store(&mut now, !in_demo && !seats.lent_to_demo());
    // The command line's view is this run's until the view is changed in the window.
    if state.cli_view == Some(now.appearance.view) {
        now.appearance.view = state.settings.appearance.view;
    } else {
        state.cli_view = None;
    }
    // Seats lent to the demo's bots are not the player's choice: the players from before.
    let players = seats.play_players();
    if state.cli_players.as_ref() != Some(players) {
        state.cli_players = None;
        now.players = players.clone();
    }
    now.last_variant = game.variant();
    now.time_control = clock_choice.0.spec();
    if now != state.settings {
        state.settings = now;
        state.dirty_for = Some(0.0);
        return;
    }
    if let Some(t) = state.dirty_for.as_mut() {
        *t += time.delta_secs();
        if *t >= 1.0 {
            state.dirty_for = None;
            let saved = folders
                .0
                .settings_path()
                .and_then(|p| state.settings.save_to(&p));
            if let Err(e) = saved {
                notices.write(crate::game::Notice::SettingsNotSaved(e.to_string()));
            }
        }
    }
}

/// The resume question, the confirmation before a game in progress is replaced and the file
/// dialog.
fn draw_dialogs(
    mut contexts: EguiContexts,
    offer: Res<ResumeOffer>,
    game: Res<ActiveGame>,
    confirm: Res<ReplaceConfirmation>,
    mut files: ResMut<FilesUi>,
    mut out: DialogOutputs,
    mut dialog_open: Local<bool>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    if let Some(record) = offer.0.clone() {
        let mut answer = None;
        egui::Window::new("Resume the unfinished game?")
            .min_width(DIALOG_MIN_POINTS)
            .collapsible(false)
            .resizable(false)
            .anchor(egui::Align2::CENTER_CENTER, [0.0, 0.0])
            .show(ctx, |ui| {
                ui.label(format!(
                    "{} — {} played (shown on the board).",
                    record.variant(),
                    crate::rules::narrate::count(record.len(), "move")
                ));
                ui.horizontal(|ui| {
                    if ui.button("Resume").clicked() {
                        answer = Some(true);
                    }
                    if ui.button("New game").clicked() {
                        answer = Some(false);
                    }
                });
                ui.label(
                    egui::RichText::new("A game you do not resume is kept under Recent games.")
                        .small(),
                );
            });
        if let Some(resume) = answer {
            out.resume.write(ResumeAnswerRequest(resume));
        }
    }
    if let Some(waiting) = &confirm.waiting {
        let mut answer = None;
        egui::Window::new("Leave the game in progress?")
            .min_width(DIALOG_MIN_POINTS)
            .collapsible(false)
            .resizable(false)
            .anchor(egui::Align2::CENTER_CENTER, [0.0, 0.0])
            .show(ctx, |ui| {
                ui.label(format!(
                    "This replaces the {} game in progress ({}) with {}.",
                    game.variant(),
                    crate::rules::narrate::count(game.record.len(), "move"),
                    waiting.describe()
                ));
                ui.label("The game in progress is kept under Recent games (Files panel).");
                ui.horizontal(|ui| {
                    if ui.button("Replace it").clicked() {
                        answer = Some(true);
                    }
                    if ui.button("Keep playing").clicked() {
                        answer = Some(false);
                    }
                });
            });
        if let Some(a) = answer {
            out.answer.write(AnswerReplacementRequest(a));
        }
    }
    if let Some(dialog) = files.dialog.as_mut() {
        dialog.update(ctx);
        let open = matches!(dialog.state(), egui_file_dialog::DialogState::Open);
        if open != *dialog_open {
            *dialog_open = open;
            // Nothing moves (the clocks stop) while the dialog is open.
            out.hold.write(crate::game::HoldRequest {
                reason: crate::game::HoldReason::FileDialog,
                held: open,
            });
        }
        if let Some(path) = dialog.take_picked() {
            match files.purpose {
                DialogPurpose::Save => {
                    out.saves.write(SaveGameRequest(path));
                }
                DialogPurpose::Load => {
                    out.replace
                        .write(ReplaceGameRequest(Replacement::Load(path)));
                }
                DialogPurpose::Closed => {}
            }
            files.purpose = DialogPurpose::Closed;
        }
    }
    Ok(())
}

/// The scene being shown, at the top of the right panel (it covers nothing on the board).
#[derive(SystemParam)]
pub struct ScenePanel<'w> {
    playback: Res<'w, ScenePlayback>,
    close: MessageWriter<'w, crate::game::session::CloseSceneRequest>,
}

impl ScenePanel<'_> {
    /// Draws the scene's caption, its progress and a Close button; nothing when no scene
    /// is shown.
    pub fn show(&mut self, ui: &mut egui::Ui) {
        let mut close = false;
        let Some(scene) = &self.playback.scene else {
            return;
        };
        egui::Frame::group(ui.style()).show(ui, |ui| {
            ui.label(egui::RichText::new(format!("Scene: {}", scene.scene.name)).strong());
            ui.add(egui::Label::new(egui::RichText::new(&self.playback.caption).size(15.0)).wrap());
            ui.horizontal(|ui| {
                ui.label(format!(
                    "Move {} of {}",
                    self.playback.next,
                    scene.steps.len()
                ));
                if ui
                    .button("Close")
                    .on_hover_text("Play on from this position")
                    .clicked()
                {
                    close = true;
                }
            });
        });
        if close {
            self.close.write(crate::game::session::CloseSceneRequest);
        }
        ui.separator();
    }
}

/// The requests the dialogs send.
#[derive(SystemParam)]
pub struct DialogOutputs<'w> {
    hold: MessageWriter<'w, crate::game::HoldRequest>,
    resume: MessageWriter<'w, ResumeAnswerRequest>,
    replace: MessageWriter<'w, ReplaceGameRequest>,
    answer: MessageWriter<'w, AnswerReplacementRequest>,
    saves: MessageWriter<'w, SaveGameRequest>,
}

/// The sections appended to the left panel: players, files, recent games, scenes.
#[derive(SystemParam)]
pub struct LeftPanelExtras<'w> {
    seats: Res<'w, Seats>,
    set_seat: MessageWriter<'w, SetSeatRequest>,
    roster: Option<Res<'w, BotRoster>>,
    thinking: Option<Res<'w, BotThinking>>,
    seed: Option<Res<'w, BotSeed>>,
    folders: Res<'w, UserFolders>,
    files: ResMut<'w, FilesUi>,
    replace: MessageWriter<'w, ReplaceGameRequest>,
}

impl LeftPanelExtras<'_> {
    /// Asks to replace the game (confirmed first while a game is in progress).
    pub fn replace_game(&mut self, r: Replacement) {
        self.replace.write(ReplaceGameRequest(r));
    }

    /// The players: Human or a bot with its level, per side; the bot seed.
    pub fn players_section(&mut self, ui: &mut egui::Ui) {
        let Some(roster) = self.roster.as_ref() else {
            return;
        };
        ui.label(egui::RichText::new("Players").strong());
        // Normal play's players (while the demo has the seats, the ones it gives back).
        let players = self.seats.play_players().clone();
        for side in [Side::White, Side::Black] {
            let current = match side {
                Side::White => players.white.clone(),
                Side::Black => players.black.clone(),
            };
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
                    ui.add(egui::Slider::new(l, 1..=crate::bots::search::MAX_LEVEL).text("level"));
                });
                if name == "alphabeta" {
                    // Indented in a vertical layout, so the words wrap inside the panel.
                    ui.indent("level-rating", |ui| {
                        ui.label(
                            egui::RichText::new(format!(
                                "{} · about {} Elo",
                                crate::bots::search::level_name(*l),
                                crate::bots::search::level_elo(*l)
                            ))
                            .small(),
                        )
                        .on_hover_text(
                            "Measured against Stockfish limited to UCI_Elo, standard chess at 100 ms a move (docs/BOTS.md).",
                        );
                    });
                }
            }
            if chosen != current {
                self.set_seat.write(SetSeatRequest {
                    side,
                    player: chosen,
                });
            }
        }
        if self.thinking.as_ref().is_some_and(|t| t.is_thinking()) {
            ui.label("A bot is thinking…");
        }
        if let Some(seed) = &self.seed {
            ui.label(
                egui::RichText::new(format!("Bot seed {} (replay: --seed {})", seed.0, seed.0))
                    .small(),
            )
            .on_hover_text("The bots' moves follow from this seed and the moves played.");
        }
        ui.separator();
    }

    fn open_dialog(&mut self, purpose: DialogPurpose) {
        let start = self
            .folders
            .0
            .data
            .clone()
            .unwrap_or_else(|| PathBuf::from("."));
        // On a fresh machine the data folder does not exist until the first autosave.
        if let Err(e) = std::fs::create_dir_all(&start) {
            self.files.note = format!("Cannot create {}: {e}", start.display());
        }
        let mut dialog = FileDialog::new()
            .initial_directory(start)
            .anchor(egui::Align2::CENTER_CENTER, [0.0, 0.0])
            .default_file_name("game.pgn")
            .add_file_filter_extensions("PGN games", vec!["pgn"])
            .default_file_filter("PGN games")
            .add_save_extension("PGN game", "pgn")
            .default_save_extension("PGN game");
        match purpose {
            DialogPurpose::Save => dialog.save_file(),
            DialogPurpose::Load => dialog.pick_file(),
            DialogPurpose::Closed => return,
        }
        self.files.dialog = Some(dialog);
        self.files.purpose = purpose;
    }

    /// Save, load, copy and paste.
    pub fn files_section(&mut self, ui: &mut egui::Ui, game: &ActiveGame) {
        egui::CollapsingHeader::new("Files and clipboard")
            .default_open(false)
            .show(ui, |ui| {
                ui.horizontal(|ui| {
                    if ui.button("Save game…").clicked() {
                        self.open_dialog(DialogPurpose::Save);
                    }
                    if ui.button("Load game…").clicked() {
                        self.open_dialog(DialogPurpose::Load);
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
                    match position_from_clipboard_with_warnings(game.variant(), &self.files.paste) {
                        Ok((pos, warnings)) => {
                            self.replace.write(ReplaceGameRequest(Replacement::Continue(
                                GameRecord::new(pos),
                            )));
                            self.files.note = std::iter::once("Position pasted.".to_string())
                                .chain(warnings.iter().map(|w| format!("Warning: {w}.")))
                                .collect::<Vec<_>>()
                                .join(" ");
                        }
                        Err(e) => self.files.note = format!("Not pasted: {e}"),
                    }
                }
                if !self.files.note.is_empty() {
                    ui.add(
                        egui::Label::new(egui::RichText::new(&self.files.note).italics()).wrap(),
                    );
                }
            });
    }

    /// The recent games, to restore.
    pub fn recent_section(&mut self, ui: &mut egui::Ui) {
        let header = egui::CollapsingHeader::new("Recent games")
            .default_open(false)
            .show(ui, |ui| {
                if self.files.recent.is_empty() {
                    ui.label("Games you leave (a new game, a loaded one) are kept here.");
                }
                let mut chosen = None;
                for g in &self.files.recent {
                    if ui.button(g.label()).clicked() {
                        chosen = Some(g.clone());
                    }
                }
                if let Some(g) = chosen
                    && let Some(recent) = self.folders.0.recent()
                {
                    match recent.restore(&g) {
                        Ok(record) => {
                            self.replace
                                .write(ReplaceGameRequest(Replacement::Continue(record)));
                        }
                        Err(e) => self.files.note = format!("Not restored: {e}"),
                    }
                }
            });
        if header.header_response.clicked()
            && let Some(recent) = self.folders.0.recent()
        {
            self.files.recent = recent.list().unwrap_or_default();
        }
    }

    /// The scenes, to show.
    pub fn scenes_section(&mut self, ui: &mut egui::Ui) {
        egui::CollapsingHeader::new("Scenes")
            .default_open(false)
            .show(ui, |ui| {
                let mut chosen = None;
                for entry in &self.files.scenes {
                    if ui.button(entry.label()).clicked() {
                        chosen = Some(entry.clone());
                    }
                }
                if let Some(entry) = chosen {
                    let loaded = match &entry {
                        SceneEntry::Bundled(name) => crate::persist::bundled_scene(name)
                            .map_or_else(
                                || {
                                    Err(crate::persist::PersistError::Scene(format!(
                                        "no scene {name}"
                                    )))
                                },
                                load_scene_text,
                            ),
                        SceneEntry::File(path) => load_scene(path),
                    };
                    match loaded {
                        Ok(scene) => {
                            self.replace
                                .write(ReplaceGameRequest(Replacement::Scene(Box::new(scene))));
                            self.files.note.clear();
                        }
                        Err(e) => self.files.note = format!("Scene not loaded: {e}"),
                    }
                }
            });
    }
}
