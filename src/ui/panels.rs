//! The panels: left (game, settings, captured pieces), right (move list, rules card), bottom
//! (status line), the rule banner over the board, the game-over banner (only when the game
//! is over), and the promotion picker. Side panels fold away ([`PanelLayout`]). Their sizes,
//! in egui points times the interface zoom, become the [`BoardInsets`] (logical pixels) so
//! the board fits the free area.

use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use bevy_egui::{EguiContexts, egui};

use super::layout::{Edge, PanelLayout};
use super::rules_card::RulesCards;
use crate::game::replace::Replacement;
use crate::game::{
    ActiveGame, MoveSource, NewGameRequest, RedoRequest, ReviewRequest, StatusLine,
    SubmitMoveRequest, UndoRequest,
};
use crate::render::window::ToggleFullscreenRequest;
use crate::render::{AnimationSettings, BoardInsets, BoardView, PromotionChoice};
use crate::rules::{Color as Side, Entry, PieceKind, Variant, variants};

/// The move texts, cached by (game, number of entries, current position key).
#[derive(Default)]
pub(crate) struct MoveListCache {
    key: Option<(u64, usize, u64)>,
    texts: Vec<String>,
}

impl MoveListCache {
    fn update(&mut self, game: &ActiveGame) {
        let key = (
            game.id,
            game.record.len(),
            game.record.current().repetition_key(),
        );
        if self.key != Some(key) {
            self.texts = move_texts(game);
            self.key = Some(key);
        }
    }
}

fn move_texts(game: &ActiveGame) -> Vec<String> {
    let r = &game.record;
    r.entries()
        .iter()
        .enumerate()
        .map(|(i, e)| {
            let Some(pos) = r.position_after(i) else {
                return String::new();
            };
            match e {
                Entry::Move(mv) => variants::move_text(pos, mv),
                Entry::Turn { white, black } => crate::game::turn_line(pos, white, black),
            }
        })
        .collect()
}

/// `kinds`, most valuable first, as letters (`Q R P`), or a dash when empty.
fn captured_text(kinds: &[PieceKind]) -> String {
    let order = PieceKind::BY_VALUE.into_iter().chain([PieceKind::King]);
    let mut out = Vec::new();
    for k in order {
        for _ in kinds.iter().filter(|x| **x == k) {
            out.push(k.letter().to_string());
        }
    }
    if out.is_empty() {
        "—".to_string()
    } else {
        out.join(" ")
    }
}

/// The variant picked in the drop-down, and the game's variant it was last aligned with (a
/// game loaded or started elsewhere resets the choice to its own variant).
#[derive(Default)]
pub(crate) struct VariantChoice {
    chosen: Option<Variant>,
    seen: Option<Variant>,
}

impl VariantChoice {
    /// The choice, reset to `current` when the game's variant changed since the last frame.
    fn follow(&mut self, current: Variant) -> &mut Variant {
        if self.seen != Some(current) {
            self.seen = Some(current);
            self.chosen = Some(current);
        }
        self.chosen.get_or_insert(current)
    }
}

/// Draws all panels — status line, left (game), right (moves and rules), then what floats
/// over the board — into one root `Ui`, and records their sizes as the board insets.
/// Where the panels go: their layout, the insets they leave the board, and the mode (the
/// demo shows the board alone).
#[derive(SystemParam)]
pub(crate) struct PanelFrame<'w> {
    insets: ResMut<'w, BoardInsets>,
    layout: ResMut<'w, PanelLayout>,
    mode: Option<Res<'w, State<crate::game::AppMode>>>,
}

pub(crate) fn draw_panels(
    mut contexts: EguiContexts,
    game: Res<ActiveGame>,
    mut status: StatusPanel,
    mut left: GamePanel,
    mut right: MovesPanel,
    mut over: BoardOverlays,
    frame: PanelFrame,
) -> Result {
    let PanelFrame {
        mut insets,
        mut layout,
        mode,
    } = frame;
    let ctx = contexts.ctx_mut()?;
    // The demo shows the board alone: its own overlay has the title cards, captions and
    // the invitation; the panels come back when a visitor takes over.
    if mode.is_some_and(|m| *m.get() == crate::game::AppMode::Demo) {
        insets.set_if_neq(BoardInsets::default());
        return Ok(());
    }
    let mut root = egui::Ui::new(
        ctx.clone(),
        "esoterica-root".into(),
        egui::UiBuilder::new()
            .layer_id(egui::LayerId::background())
            .max_rect(ctx.viewport_rect()),
    );
    let bottom = status.show(&mut root);
    let left_width = if layout.left_open {
        left.show(&mut root, &game, &mut layout)
    } else {
        super::layout::collapsed_strip(&mut root, Edge::Left, &mut layout)
    };
    let flipped = left.view.flipped;
    let right_width = if layout.right_open {
        right.show(&mut root, &game, flipped, &mut layout, &mut over.analysis)
    } else {
        super::layout::collapsed_strip(&mut root, Edge::Right, &mut layout)
    };
    let banner = super::layout::rule_banner(&mut root, game.variant(), &mut layout)
        + status.watch_header(&mut root);
    // What floats over the board's top (Parity's commit bar) goes below both.
    layout.banner_points = banner;
    let board_area = BoardArea {
        shift: left_width - right_width,
        top: banner,
        width: (ctx.viewport_rect().width() - left_width - right_width).max(0.0),
    };
    if let Some(r) = over.show(ctx, &game, board_area) {
        left.extras.replace_game(r);
    }
    // egui points → logical pixels.
    let zoom = ctx.zoom_factor();
    let new = BoardInsets {
        left: left_width * zoom,
        right: right_width * zoom,
        top: banner * zoom,
        bottom: bottom * zoom,
    };
    if *insets != new {
        *insets = new;
    }
    Ok(())
}

/// The status line at the bottom, and the header of a watched file.
#[derive(SystemParam)]
pub(crate) struct StatusPanel<'w> {
    status: Res<'w, StatusLine>,
    watched: Option<Res<'w, crate::game::watch::WatchedFile>>,
}

/// Height of the status line in egui points: two lines of its text, always, so that the
/// board does not move (and a click does not land on another square) when a message wraps.
pub const STATUS_POINTS: f32 = 54.0;

impl StatusPanel<'_> {
    /// The header over the board while a file is watched (`play --watch`): the event, round,
    /// game number, players and the score so far; returns its height (0 when nothing is
    /// watched).
    fn watch_header(&mut self, root: &mut egui::Ui) -> f32 {
        let Some(header) = self.watched.as_ref().and_then(|w| w.header.clone()) else {
            return 0.0;
        };
        egui::Panel::top("watch-header")
            .resizable(false)
            .frame(
                egui::Frame::new()
                    .fill(egui::Color32::from_rgb(32, 36, 52))
                    .inner_margin(egui::Margin::symmetric(12, 6)),
            )
            .show(root, |ui| {
                ui.add(
                    egui::Label::new(
                        egui::RichText::new(header.line())
                            .size(18.0)
                            .strong()
                            .color(egui::Color32::from_rgb(250, 210, 90)),
                    )
                    .wrap(),
                );
            })
            .response
            .rect
            .height()
    }

    /// Draws it; returns its height ([`STATUS_POINTS`]).
    fn show(&mut self, root: &mut egui::Ui) -> f32 {
        egui::Panel::bottom("status")
            .resizable(false)
            .exact_size(STATUS_POINTS)
            .show(root, |ui| {
                // Long reasons wrap to a second line; longer ones are cut (the whole text
                // on hover) instead of pushing the board up.
                let text = &self.status.0;
                let label = egui::Label::new(egui::RichText::new(text).size(16.0)).wrap();
                ui.add(label).on_hover_text(text.as_str());
            })
            .response
            .rect
            .height()
    }
}

/// The left panel: variant and new game, undo/redo, settings, captured pieces, then the
/// players, files, recent games and scenes ([`LeftPanelExtras`](super::files::LeftPanelExtras)).
#[derive(SystemParam)]
pub(crate) struct GamePanel<'w, 's> {
    view: ResMut<'w, BoardView>,
    settings: ResMut<'w, AnimationSettings>,
    sound: ResMut<'w, crate::sound::SoundSettings>,
    choice: Local<'s, VariantChoice>,
    captured: Local<'s, CapturedCache>,
    fullscreen: MessageWriter<'w, ToggleFullscreenRequest>,
    look: super::look::LookSettings<'w, 's>,
    undo: MessageWriter<'w, UndoRequest>,
    redo: MessageWriter<'w, RedoRequest>,
    clock: super::clock_panel::TimeControlPicker<'w, 's>,
    editor: MessageWriter<'w, super::editor::EditorRequest>,
    learn: LearnButtons<'w>,
    pub(crate) extras: super::files::LeftPanelExtras<'w>,
    foot: VariantFoot<'w, 's>,
    /// The height (points) the variant's own section asked for last frame.
    foot_points: Local<'s, f32>,
}

/// The Learn buttons: a lesson or the puzzles of the chosen variant.
#[derive(SystemParam)]
pub(crate) struct LearnButtons<'w> {
    lesson: MessageWriter<'w, crate::coach::StartLessonRequest>,
    puzzles: MessageWriter<'w, crate::coach::StartPuzzleRequest>,
}

/// The variant's own section at the foot of the game panel: Force Field's charges, Big
/// Outer's zones and piece card.
#[derive(SystemParam)]
pub(crate) struct VariantFoot<'w, 's> {
    charges: super::charges_panel::ChargesSection<'w, 's>,
    card: super::piece_card::PieceCardSection<'w>,
}

impl VariantFoot<'_, '_> {
    /// Whether `variant` has a section of its own.
    fn has_section(variant: Variant) -> bool {
        variant.has_fields() || variant.has_fairy_pieces()
    }

    fn show(&mut self, ui: &mut egui::Ui, game: &ActiveGame) {
        if game.variant().has_fields() {
            self.charges.show(ui, game);
        } else if game.variant().has_fairy_pieces() {
            self.card.show(ui, game);
        }
    }
}

/// Most height (egui points) of the variant's own section at the foot of the game panel:
/// it is as tall as its content up to this, and scrolls inside when its text is longer.
pub const VARIANT_SECTION_POINTS: f32 = 210.0;

impl GamePanel<'_, '_> {
    /// Draws it; returns its width.
    fn show(&mut self, root: &mut egui::Ui, game: &ActiveGame, layout: &mut PanelLayout) -> f32 {
        self.captured.update(game);
        egui::Panel::left("game")
            .resizable(false)
            .exact_size(super::layout::LEFT_POINTS)
            .show(root, |ui| {
                ui.horizontal(|ui| {
                    ui.heading(
                        egui::RichText::new("Esoterica")
                            .strong()
                            .color(super::style::ACCENT),
                    );
                    ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
                        super::layout::collapse_button(ui, Edge::Left, layout);
                    });
                });
                ui.separator();
                // One scroll area for the whole panel (the wheel scrolls it anywhere over
                // the panel); under it the variant's own section keeps the room it took
                // last frame: as tall as its content up to VARIANT_SECTION_POINTS (it
                // scrolls inside beyond that), or only its title when folded.
                let variant = game.variant();
                let foot = VariantFoot::has_section(variant);
                let reserve = if foot {
                    self.foot_points.max(30.0)
                } else {
                    0.0
                };
                egui::ScrollArea::vertical()
                    .id_salt("game-panel-scroll")
                    .max_height((ui.available_height() - reserve).max(120.0))
                    .auto_shrink([false, false])
                    .show(ui, |ui| {
                        self.new_game_section(ui, game);
                        ui.separator();
                        self.extras.players_section(ui);
                        ui.label(egui::RichText::new("Captured").strong());
                        for (side, who) in [(Side::White, "White"), (Side::Black, "Black")] {
                            ui.label(format!(
                                "{who} lost: {}",
                                captured_text(&self.captured.lost[side.index()])
                            ));
                        }
                        ui.separator();
                        egui::CollapsingHeader::new(egui::RichText::new("Settings").strong())
                            .id_salt("settings-header")
                            .default_open(false)
                            .show(ui, |ui| self.settings_section(ui, variant));
                        self.extras.files_section(ui, game);
                        self.extras.recent_section(ui);
                        self.extras.scenes_section(ui);
                    });
                if foot {
                    let top = ui.cursor().top();
                    ui.separator();
                    let shown =
                        egui::CollapsingHeader::new(egui::RichText::new(variant.title()).strong())
                            .id_salt("variant-foot-header")
                            .default_open(true)
                            .show(ui, |ui| {
                                let out = egui::ScrollArea::vertical()
                                    .id_salt("variant-section")
                                    .max_height(VARIANT_SECTION_POINTS)
                                    .auto_shrink([false, true])
                                    .show(ui, |ui| self.foot.show(ui, game));
                                // The part of the content (up to the most the section may take)
                                // that did not fit this frame.
                                (out.content_size.y.min(VARIANT_SECTION_POINTS)
                                    - out.inner_rect.height())
                                .max(0.0)
                            });
                    // Next frame the section gets the room it took and what it lacked.
                    let bottom = shown
                        .body_response
                        .as_ref()
                        .map_or(shown.header_response.rect.bottom(), |r| r.rect.bottom());
                    let missing = shown.body_returned.unwrap_or(0.0);
                    *self.foot_points = bottom - top + missing + ui.spacing().item_spacing.y;
                }
            })
            .response
            .rect
            .width()
    }

    fn new_game_section(&mut self, ui: &mut egui::Ui, game: &ActiveGame) {
        let variant = game.variant();
        ui.label("Variant");
        let chosen = self.choice.follow(variant);
        egui::ComboBox::from_id_salt("variant")
            .selected_text(chosen.title())
            .width(200.0)
            // Tall enough for every variant at once: no scrolling to find one.
            .height(400.0)
            .show_ui(ui, |ui| {
                for v in Variant::ALL {
                    ui.selectable_value(chosen, v, v.title());
                }
            });
        let chosen = *chosen;
        let new_clock = self.clock.show(ui);
        // Nothing is lost before the first move: a new choice (variant or clock) starts at
        // once. Later the game in progress stays until New game is clicked.
        let start_now = (chosen != variant || new_clock) && game.record.is_empty();
        let label = if chosen == variant {
            "New game (N)".to_string()
        } else {
            ui.label(
                egui::RichText::new(format!(
                    "The game in progress stays until you start a new {} game.",
                    chosen.title()
                ))
                .italics(),
            );
            format!("New game: {}", chosen.title())
        };
        if start_now || ui.button(label).clicked() {
            self.extras
                .replace_game(Replacement::NewGame(NewGameRequest::new(chosen)));
        }
        if ui
            .button("Set up a position… (E)")
            .on_hover_text("The position editor: place pieces, then play from there")
            .clicked()
        {
            self.editor.write(super::editor::EditorRequest::Open);
        }
        ui.horizontal(|ui| {
            if ui
                .button("Lessons")
                .on_hover_text(format!("Try-it lessons: {} step by step", chosen.title()))
                .clicked()
            {
                self.learn.lesson.write(crate::coach::StartLessonRequest {
                    variant: chosen,
                    lesson: 0,
                });
            }
            if ui
                .button("Puzzles")
                .on_hover_text(format!(
                    "{} puzzles found in bot games, with a rating",
                    chosen.title()
                ))
                .clicked()
            {
                self.learn.puzzles.write(crate::coach::StartPuzzleRequest {
                    variant: chosen,
                    index: None,
                });
            }
        });
        ui.horizontal(|ui| {
            if ui.button("Undo (Ctrl+Z)").clicked() {
                self.undo.write(UndoRequest);
            }
            if ui.button("Redo (Ctrl+Y)").clicked() {
                self.redo.write(RedoRequest);
            }
        });
    }

    fn settings_section(&mut self, ui: &mut egui::Ui, variant: Variant) {
        ui.label("Animation speed (0 = off)");
        ui.add(
            egui::Slider::new(&mut self.settings.speed, 0.0..=3.0)
                .text("speed")
                .custom_formatter(|v, _| {
                    if v <= 0.0 {
                        "off".to_string()
                    } else {
                        format!("{v:.1}×")
                    }
                }),
        );
        ui.checkbox(&mut self.view.flipped, "Flip board (F)");
        ui.checkbox(&mut self.settings.reduce_motion, "Reduce motion");
        // The checkbox and the slider on lines of their own: side by side they are wider
        // than the panel.
        ui.checkbox(&mut self.sound.muted, "Mute (M)");
        // A shorter track than egui's default, so that the value and its name fit the panel.
        ui.scope(|ui| {
            ui.spacing_mut().slider_width = 80.0;
            ui.add_enabled(
                !self.sound.muted,
                egui::Slider::new(&mut self.sound.volume, 0.0..=1.0)
                    .text("volume")
                    .custom_formatter(|v, _| format!("{:.0} %", v * 100.0)),
            );
        });
        if !cfg!(feature = "sound") {
            ui.add(
                egui::Label::new(
                    egui::RichText::new("This build has no sound (cargo feature `sound`).")
                        .small()
                        .weak(),
                )
                .wrap(),
            );
        }
        if ui.button("Fullscreen (F11)").clicked() {
            self.fullscreen.write(ToggleFullscreenRequest);
        }
        ui.separator();
        ui.label(egui::RichText::new("Look").strong());
        self.look.show(ui);
        if variant.has_teleports() {
            ui.checkbox(&mut self.view.show_numbers, "Square numbers (G)");
            ui.checkbox(&mut self.view.show_hexagrams, "Hexagrams (H)");
        }
    }
}

/// The captured pieces shown, recomputed when the game, its length or the reviewed entry
/// changes.
#[derive(Default)]
pub(crate) struct CapturedCache {
    key: Option<(u64, usize, u64, Option<usize>)>,
    lost: [Vec<PieceKind>; 2],
}

impl CapturedCache {
    fn update(&mut self, game: &ActiveGame) {
        let key = (
            game.id,
            game.record.len(),
            game.record.current().repetition_key(),
            game.review,
        );
        if self.key != Some(key) {
            self.lost = crate::rules::preview::captured_pieces(
                &game.record,
                game.review.unwrap_or(game.record.len()),
            );
            self.key = Some(key);
        }
    }
}

/// The right panel: the scene being shown, the move list (click to review) and the rules
/// card.
#[derive(SystemParam)]
pub(crate) struct MovesPanel<'w, 's> {
    cards: ResMut<'w, RulesCards>,
    cache: Local<'s, MoveListCache>,
    review: MessageWriter<'w, ReviewRequest>,
    scene: super::files::ScenePanel<'w>,
    clocks: super::clock_panel::ClockPanel<'w>,
    flow: super::game_flow::GameFlowButtons<'w>,
    move_box: super::move_box::MoveBox<'w, 's>,
    live: Res<'w, crate::bots::live_analysis::LiveAnalysis>,
    evals: Res<'w, crate::bots::live_analysis::GameEvals>,
    turns: Option<Res<'w, State<crate::game::TurnModelState>>>,
}

impl MovesPanel<'_, '_> {
    /// Draws it; returns its width.
    fn show(
        &mut self,
        root: &mut egui::Ui,
        game: &ActiveGame,
        flipped: bool,
        layout: &mut PanelLayout,
        analysis: &mut crate::bots::live_analysis::AnalysisSettings,
    ) -> f32 {
        self.cache.update(game);
        let variant = game.variant();
        egui::Panel::right("moves")
            .resizable(false)
            .exact_size(super::layout::RIGHT_POINTS)
            .show(root, |ui| {
                ui.horizontal(|ui| {
                    super::layout::collapse_button(ui, Edge::Right, layout);
                    // A long name (Parity Single Occupation) is cut with an ellipsis, not
                    // clipped at the panel's edge.
                    ui.add(
                        egui::Label::new(
                            egui::RichText::new(format!("{variant}")).heading().strong(),
                        )
                        .truncate(),
                    );
                });
                ui.separator();
                self.clocks.show(ui, game, flipped);
                self.flow.show(ui, game);
                self.scene.show(ui);
                ui.label(egui::RichText::new("Moves").strong());
                egui::ScrollArea::vertical()
                    .id_salt("move-list")
                    .max_height(ui.available_height() * 0.45)
                    .stick_to_bottom(true)
                    .show(ui, |ui| self.move_list(ui, game));
                self.move_box.show(ui, game);
                if game.review.is_some() && ui.button("Back to live (End)").clicked() {
                    self.review.write(ReviewRequest(None));
                }
                ui.separator();
                if let Some(t) =
                    super::analysis::analysis_section(ui, game, analysis, &self.live, &self.evals)
                {
                    self.review.write(ReviewRequest(t));
                }
                ui.separator();
                egui::CollapsingHeader::new(egui::RichText::new("Rules card").strong())
                    .id_salt("rules-card-header")
                    .default_open(false)
                    .show(ui, |ui| {
                        egui::ScrollArea::vertical()
                            .id_salt("rules-card")
                            .show(ui, |ui| {
                                for line in self.cards.card(variant).lines() {
                                    match line.strip_prefix('#') {
                                        Some(h) => {
                                            ui.label(
                                                egui::RichText::new(
                                                    h.trim_start_matches('#').trim(),
                                                )
                                                .strong(),
                                            );
                                        }
                                        None => {
                                            ui.label(line);
                                        }
                                    }
                                }
                            });
                    });
            })
            .response
            .rect
            .width()
    }

    /// The moves, two plies a row (Parity: one turn a line with its announcements below).
    fn move_list(&mut self, ui: &mut egui::Ui, game: &ActiveGame) {
        let shown = game.review.unwrap_or(game.record.len());
        let len = game.record.len();
        let mut target = None;
        // A long move (an Intrachange teleport with its landing) is cut with an ellipsis at
        // its column's width, the whole text on hover, so the list never runs off the panel.
        let mut entry = |ui: &mut egui::Ui, n: usize, text: &str, width: f32| {
            let button = egui::Button::selectable(shown == n, text).truncate();
            let r = ui.add_sized([width, ui.spacing().interact_size.y], button);
            if r.on_hover_text(text).clicked() {
                target = Some((n < len).then_some(n));
            }
        };
        let full = ui.available_width();
        let turns = self.turns.as_deref().map(|t| *t.get());
        if turns == Some(crate::game::TurnModelState::Simultaneous) {
            entry(ui, 0, "start", full);
            for (i, text) in self.cache.texts.iter().enumerate() {
                let n = i + 1;
                let (turn, notes) = text.split_once(" — ").unwrap_or((text, ""));
                ui.horizontal(|ui| {
                    ui.label(format!("{n}."));
                    entry(ui, n, turn, ui.available_width());
                });
                if !notes.is_empty() {
                    ui.add(
                        egui::Label::new(
                            egui::RichText::new(notes)
                                .small()
                                .color(egui::Color32::from_rgb(240, 200, 110)),
                        )
                        .wrap(),
                    );
                }
            }
        } else {
            // Columns: the move number, White's move, Black's move.
            let number = 34.0;
            let column = ((full - number) / 2.0 - ui.spacing().item_spacing.x * 2.0).max(40.0);
            egui::Grid::new("move-grid").striped(true).show(ui, |ui| {
                ui.label("");
                entry(ui, 0, "start", column);
                ui.end_row();
                for (row, pair) in self.cache.texts.chunks(2).enumerate() {
                    ui.add_sized([number, 0.0], egui::Label::new(format!("{}.", row + 1)));
                    for (j, text) in pair.iter().enumerate() {
                        entry(ui, row * 2 + j + 1, text, column);
                    }
                    ui.end_row();
                }
            });
        }
        if let Some(t) = target {
            self.review.write(ReviewRequest(t));
        }
    }
}

/// The area between the side panels, in egui points.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) struct BoardArea {
    /// The area's horizontal offset from the window centre times two (left panel width
    /// minus right).
    pub shift: f32,
    /// The rule banner's height.
    pub top: f32,
    /// The area's width.
    pub width: f32,
}

/// What floats over the board: the game-over banner and the promotion picker.
#[derive(SystemParam)]
pub(crate) struct BoardOverlays<'w> {
    promotion: ResMut<'w, PromotionChoice>,
    submit: MessageWriter<'w, SubmitMoveRequest>,
    rematch: MessageWriter<'w, crate::game::RematchRequest>,
    mode: Option<Res<'w, State<crate::game::AppMode>>>,
    /// The analysis switches (the banner's Analyse opens the panel; the moves panel draws
    /// them).
    pub(crate) analysis: ResMut<'w, crate::bots::live_analysis::AnalysisSettings>,
}

impl BoardOverlays<'_> {
    /// Draws them over `area`. Returns the new game the banner's button asks for.
    fn show(
        &mut self,
        ctx: &egui::Context,
        game: &ActiveGame,
        area: BoardArea,
    ) -> Option<Replacement> {
        let mut replace = None;
        // The editor is not the game: no banner of the game behind it over it.
        let shows_game = self.mode.as_deref().is_none_or(|m| m.get().shows_a_game());
        if let Some(outcome) = game.record.outcome().filter(|_| shows_game) {
            // Over the board's top edge, not a panel: the layout does not move when a game
            // ends. It stays within the board area (it wraps) so it never covers a panel.
            egui::Area::new(egui::Id::new("game-over"))
                .anchor(
                    egui::Align2::CENTER_TOP,
                    [area.shift / 2.0, area.top + 10.0],
                )
                .order(egui::Order::Foreground)
                .constrain(true)
                .show(ctx, |ui| {
                    ui.set_max_width((area.width - 24.0).max(160.0));
                    egui::Frame::popup(ui.style()).show(ui, |ui| {
                        ui.horizontal_wrapped(|ui| {
                            ui.add(
                                egui::Label::new(
                                    egui::RichText::new(format!(
                                        "Game over — {}",
                                        outcome.describe()
                                    ))
                                    .heading()
                                    .color(egui::Color32::from_rgb(250, 210, 90))
                                    .strong(),
                                )
                                .wrap(),
                            );
                            if ui.button("New game (N)").clicked() {
                                replace =
                                    Some(Replacement::NewGame(NewGameRequest::new(game.variant())));
                            }
                            if ui
                                .button("Rematch")
                                .on_hover_text("The same game again, colours swapped")
                                .clicked()
                            {
                                self.rematch.write(crate::game::RematchRequest);
                            }
                            if ui
                                .button("Analyse (A)")
                                .on_hover_text(
                                    "The evaluation after every move, and the best lines",
                                )
                                .clicked()
                            {
                                self.analysis.open = true;
                            }
                        });
                    });
                });
        }
        if self.promotion.0.is_empty() {
            return replace;
        }
        let mut chosen_move = None;
        let mut cancel = false;
        egui::Window::new("Promote to")
            .collapsible(false)
            .resizable(false)
            .anchor(egui::Align2::CENTER_CENTER, [0.0, 0.0])
            .show(ctx, |ui| {
                ui.horizontal_wrapped(|ui| {
                    for mv in &self.promotion.0 {
                        let name = mv.promotion.map_or("—", |k| k.name());
                        if ui.button(name).clicked() {
                            chosen_move = Some(*mv);
                        }
                    }
                });
                if ui.button("Cancel").clicked() {
                    cancel = true;
                }
            });
        if let Some(mv) = chosen_move {
            self.submit.write(SubmitMoveRequest {
                mv,
                source: MoveSource::Mouse,
            });
            self.promotion.0.clear();
        } else if cancel {
            self.promotion.0.clear();
        }
        replace
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn variant_choice_follows_a_game_started_elsewhere_but_keeps_a_pending_pick() {
        let mut c = VariantChoice::default();
        assert_eq!(*c.follow(Variant::Standard), Variant::Standard);
        // Picked in the drop-down; the game is still standard chess: the pick stays.
        *c.follow(Variant::Standard) = Variant::Parity;
        assert_eq!(*c.follow(Variant::Standard), Variant::Parity);
        // A game of another variant arrives (load, demo, scene): the choice follows it.
        assert_eq!(*c.follow(Variant::BigOuter), Variant::BigOuter);
    }
}
