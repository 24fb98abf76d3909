//! The panels: left (game, settings, captured pieces), right (move list, rules card), bottom
//! (status line), top (game-over banner, only when the game is over), and the promotion
//! picker. Their sizes become the [`BoardInsets`] so the board fits the free area.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, egui};

use super::rules_card::RulesCards;
use crate::game::replace::Replacement;
use crate::game::{
    ActiveGame, MoveSource, NewGameRequest, RedoRequest, ReviewRequest, StatusLine,
    SubmitMoveRequest, UndoRequest,
};
use crate::render::window::ToggleFullscreenRequest;
use crate::render::{AnimationSettings, BoardInsets, BoardView, PromotionChoice};
use crate::rules::{Color as Side, Effect, Entry, GameRecord, PieceKind, Variant, variants};

/// The move texts and captured pieces, cached by (number of entries, current position
/// key, variant, reviewed entry).
#[derive(Default)]
pub(crate) struct MoveListCache {
    key: (usize, u64, Option<Variant>, Option<usize>),
    texts: Vec<String>,
    captured: [Vec<PieceKind>; 2],
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

/// The pieces captured in the game's first `upto` entries, per side that lost them
/// (White's, Black's), in capture order: read from the rules' own effects by replaying each
/// entry, so a promotion is not a lost Pawn and an Intrachange or Parity capture counts
/// once.
fn captured_pieces(record: &GameRecord, upto: usize) -> [Vec<PieceKind>; 2] {
    let mut out: [Vec<PieceKind>; 2] = [Vec::new(), Vec::new()];
    for (i, entry) in record.entries().iter().enumerate().take(upto) {
        let Some(before) = record.position_after(i) else {
            break;
        };
        let mut pos = before.clone();
        let effects = match entry {
            Entry::Move(mv) => pos.try_play(mv).unwrap_or_default(),
            Entry::Turn { white, black } => pos.resolve(white, black).unwrap_or_default(),
        };
        for fx in effects {
            if let Effect::Capture { piece, .. } = fx {
                out[piece.color.index()].push(piece.kind);
            }
        }
    }
    out
}

/// `kinds`, most valuable first, as letters (`Q R P`), or a dash when empty.
fn captured_text(kinds: &[PieceKind]) -> String {
    let order = [
        PieceKind::Queen,
        PieceKind::Matriarch,
        PieceKind::Rook,
        PieceKind::Guard,
        PieceKind::Jumper,
        PieceKind::Bishop,
        PieceKind::Knight,
        PieceKind::OuterKnight,
        PieceKind::Pawn,
        PieceKind::King,
    ];
    let mut out = Vec::new();
    for k in order {
        for _ in kinds.iter().filter(|x| **x == k) {
            out.push(k.letter().to_string());
        }
    }
    for k in kinds.iter().filter(|x| !order.contains(x)) {
        out.push(k.letter().to_string());
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

/// The requests the panels send.
#[derive(bevy::ecs::system::SystemParam)]
pub(crate) struct PanelRequests<'w> {
    fullscreen: MessageWriter<'w, ToggleFullscreenRequest>,
    undo: MessageWriter<'w, UndoRequest>,
    redo: MessageWriter<'w, RedoRequest>,
    review: MessageWriter<'w, ReviewRequest>,
    submit: MessageWriter<'w, SubmitMoveRequest>,
}

/// Draws all panels and records their sizes as the board insets.
pub(crate) fn draw_panels(
    mut contexts: EguiContexts,
    game: Res<ActiveGame>,
    status: Res<StatusLine>,
    mut view: ResMut<BoardView>,
    mut settings: ResMut<AnimationSettings>,
    mut insets: ResMut<BoardInsets>,
    mut promotion: ResMut<PromotionChoice>,
    mut cards: ResMut<RulesCards>,
    mut choice: Local<VariantChoice>,
    mut cache: Local<MoveListCache>,
    mut out: PanelRequests,
    mut extras: super::files::LeftPanelExtras,
    mut scene: super::files::ScenePanel,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let variant = game.variant();
    let chosen = choice.follow(variant);
    let key = (
        game.record.len(),
        game.record.current().repetition_key(),
        Some(variant),
        game.review,
    );
    if cache.key != key {
        if (cache.key.0, cache.key.1, cache.key.2) != (key.0, key.1, key.2) {
            cache.texts = move_texts(&game);
        }
        cache.captured = captured_pieces(&game.record, game.review.unwrap_or(game.record.len()));
        cache.key = key;
    }
    let mut root = egui::Ui::new(
        ctx.clone(),
        "esoterica-root".into(),
        egui::UiBuilder::new()
            .layer_id(egui::LayerId::background())
            .max_rect(ctx.viewport_rect()),
    );

    // Parity's commit bar floats over the top of the board area: keep the board below it.
    let top = if game.is_simultaneous() && game.record.outcome().is_none() {
        super::parity_panel::COMMIT_BAR_PX
    } else {
        0.0
    };
    let bottom = egui::Panel::bottom("status")
        .show(&mut root, |ui| {
            // Long reasons wrap instead of running off the window's edge.
            ui.add(egui::Label::new(egui::RichText::new(&status.0).size(16.0)).wrap());
        })
        .response
        .rect
        .height();

    let left = egui::Panel::left("game")
        .resizable(false)
        .exact_size(250.0)
        .show(&mut root, |ui| {
            ui.heading("Esoterica");
            ui.separator();
            ui.label("Variant");
            egui::ComboBox::from_id_salt("variant")
                .selected_text(chosen.title())
                .width(200.0)
                .show_ui(ui, |ui| {
                    for v in Variant::ALL {
                        ui.selectable_value(chosen, v, v.title());
                    }
                });
            // Nothing is lost before the first move: a new choice starts at once. Later the
            // game in progress stays until New game is clicked.
            let start_now = *chosen != variant && game.record.is_empty();
            let label = if *chosen == variant {
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
                extras.replace_game(Replacement::NewGame(NewGameRequest::new(*chosen)));
            }
            ui.horizontal(|ui| {
                if ui.button("Undo (Ctrl+Z)").clicked() {
                    out.undo.write(UndoRequest);
                }
                if ui.button("Redo (Ctrl+Y)").clicked() {
                    out.redo.write(RedoRequest);
                }
            });
            ui.separator();
            ui.label(egui::RichText::new("Settings").strong());
            ui.label("Animation speed (0 = off)");
            ui.add(
                egui::Slider::new(&mut settings.speed, 0.0..=3.0)
                    .text("speed")
                    .custom_formatter(|v, _| {
                        if v <= 0.0 {
                            "off".to_string()
                        } else {
                            format!("{v:.1}×")
                        }
                    }),
            );
            ui.checkbox(&mut view.flipped, "Flip board (F)");
            if ui.button("Fullscreen (F11)").clicked() {
                out.fullscreen.write(ToggleFullscreenRequest);
            }
            if variant.has_teleports() {
                ui.checkbox(&mut view.show_numbers, "Square numbers (G)");
                ui.checkbox(&mut view.show_hexagrams, "Hexagrams (H)");
            }
            ui.separator();
            ui.label(egui::RichText::new("Captured").strong());
            ui.label(format!(
                "White lost: {}",
                captured_text(&cache.captured[Side::White.index()])
            ));
            ui.label(format!(
                "Black lost: {}",
                captured_text(&cache.captured[Side::Black.index()])
            ));
            extras.show(ui, &game);
        })
        .response
        .rect
        .width();

    let right = egui::Panel::right("moves")
        .resizable(false)
        .exact_size(280.0)
        .show(&mut root, |ui| {
            ui.heading(format!("{variant}"));
            ui.separator();
            scene.show(ui);
            ui.label(egui::RichText::new("Moves").strong());
            let shown = game.review.unwrap_or(game.record.len());
            let simultaneous = game.is_simultaneous();
            egui::ScrollArea::vertical()
                .id_salt("move-list")
                .max_height(ui.available_height() * 0.45)
                .stick_to_bottom(true)
                .show(ui, |ui| {
                    if simultaneous {
                        // Parity: one turn per line, its announcements wrapped below it.
                        if ui.selectable_label(shown == 0, "start").clicked() {
                            out.review.write(ReviewRequest(Some(0)));
                        }
                        for (i, text) in cache.texts.iter().enumerate() {
                            let n = i + 1;
                            let (turn, notes) = text.split_once(" — ").unwrap_or((text, ""));
                            ui.horizontal(|ui| {
                                ui.label(format!("{n}."));
                                if ui.selectable_label(shown == n, turn).clicked() {
                                    let target = (n < game.record.len()).then_some(n);
                                    out.review.write(ReviewRequest(target));
                                }
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
                        return;
                    }
                    egui::Grid::new("move-grid").striped(true).show(ui, |ui| {
                        if ui.selectable_label(shown == 0, "start").clicked() {
                            out.review.write(ReviewRequest(Some(0)));
                        }
                        ui.end_row();
                        let per_row = if simultaneous { 1 } else { 2 };
                        for (row, chunk) in cache.texts.chunks(per_row).enumerate() {
                            ui.label(format!("{}.", row + 1));
                            for (j, text) in chunk.iter().enumerate() {
                                let n = row * per_row + j + 1;
                                if ui.selectable_label(shown == n, text.as_str()).clicked() {
                                    let target = (n < game.record.len()).then_some(n);
                                    out.review.write(ReviewRequest(target));
                                }
                            }
                            ui.end_row();
                        }
                    });
                });
            if game.review.is_some() && ui.button("Back to live").clicked() {
                out.review.write(ReviewRequest(None));
            }
            ui.separator();
            ui.label(egui::RichText::new("Rules").strong());
            egui::ScrollArea::vertical()
                .id_salt("rules-card")
                .show(ui, |ui| {
                    for line in cards.card(variant).lines() {
                        match line.strip_prefix('#') {
                            Some(h) => {
                                ui.label(
                                    egui::RichText::new(h.trim_start_matches('#').trim()).strong(),
                                );
                            }
                            None => {
                                ui.label(line);
                            }
                        }
                    }
                });
        })
        .response
        .rect
        .width();

    if let Some(outcome) = game.record.outcome() {
        // Over the board's top edge, not a panel: the layout does not move when a game ends.
        egui::Area::new(egui::Id::new("game-over"))
            .anchor(egui::Align2::CENTER_TOP, [(left - right) / 2.0, 10.0])
            .order(egui::Order::Foreground)
            .show(ctx, |ui| {
                egui::Frame::popup(ui.style()).show(ui, |ui| {
                    ui.horizontal(|ui| {
                        ui.heading(
                            egui::RichText::new(format!("Game over — {}", outcome.describe()))
                                .color(egui::Color32::from_rgb(250, 210, 90))
                                .strong(),
                        );
                        if ui.button("New game (N)").clicked() {
                            extras.replace_game(Replacement::NewGame(NewGameRequest::new(variant)));
                        }
                    });
                });
            });
    }

    if !promotion.0.is_empty() {
        let mut chosen_move = None;
        let mut cancel = false;
        egui::Window::new("Promote to")
            .collapsible(false)
            .resizable(false)
            .anchor(egui::Align2::CENTER_CENTER, [0.0, 0.0])
            .show(ctx, |ui| {
                ui.horizontal_wrapped(|ui| {
                    for mv in &promotion.0 {
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
            out.submit.write(SubmitMoveRequest {
                mv,
                source: MoveSource::Mouse,
            });
            promotion.0.clear();
        } else if cancel {
            promotion.0.clear();
        }
    }

    let new = BoardInsets {
        left,
        right,
        top,
        bottom,
    };
    if *insets != new {
        *insets = new;
    }
    Ok(())
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

    #[test]
    fn a_promotion_is_not_a_lost_pawn_and_captures_come_from_the_rules() {
        use crate::rules::Position;
        // White promotes on b8 capturing the Rook there: Black lost a Rook, White nothing.
        let start =
            Position::from_text(Variant::Standard, "1r2k3/P7/8/8/8/8/8/4K3 w - - 0 1").unwrap();
        let mut record = GameRecord::new(start.clone());
        record.play(&start.parse_move("axb8=Q+").unwrap()).unwrap();
        let lost = captured_pieces(&record, record.len());
        assert_eq!(lost[Side::White.index()], Vec::<PieceKind>::new());
        assert_eq!(lost[Side::Black.index()], vec![PieceKind::Rook]);
        assert_eq!(captured_text(&lost[Side::White.index()]), "—");
        // Reviewing the start position: nothing lost yet.
        assert_eq!(captured_pieces(&record, 0), [Vec::new(), Vec::new()]);
        // A plain promotion without capture loses nothing either.
        let start =
            Position::from_text(Variant::Standard, "4k3/P7/8/8/8/8/8/4K3 w - - 0 1").unwrap();
        let mut record = GameRecord::new(start.clone());
        record.play(&start.parse_move("a8=Q+").unwrap()).unwrap();
        assert_eq!(captured_pieces(&record, 1), [Vec::new(), Vec::new()]);
    }
}
