//! Parity's commit bar, floating over the top of the board: whose commit is due, "White has
//! committed" once White has (never what), a button to take a person's commit back while the
//! other side has not committed (a bot's commit stands), and the key to the resting-piece rings. Reads
//! [`ParityCommits::has_committed`] only and writes [`TakeBackCommitRequest`]s.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, egui};

use crate::game::{ActiveGame, ParityCommits, TakeBackCommitRequest};
use crate::rules::Color as Side;

/// Logical pixels kept free above the board for the commit bar (Parity).
pub const COMMIT_BAR_PX: f32 = 44.0;

/// Draws the commit bar (runs in Parity only).
pub(crate) fn draw_commit_bar(
    mut contexts: EguiContexts,
    game: Res<ActiveGame>,
    commits: Res<ParityCommits>,
    mut take_back: MessageWriter<TakeBackCommitRequest>,
    mut insets: ResMut<crate::render::BoardInsets>,
    layout: Res<super::layout::PanelLayout>,
    automated: Option<Res<crate::game::AutomatedSides>>,
) -> Result {
    let automated = automated.as_deref().copied().unwrap_or_default();
    // The bar floats over the top of the board area: the board keeps below it (the panels
    // reset the insets each frame). The strip stays kept after the game ends, so that the
    // board does not move under the pointer when the last turn resolves.
    insets.top += COMMIT_BAR_PX;
    if game.record.outcome().is_some() {
        return Ok(());
    }
    let ctx = contexts.ctx_mut()?;
    // Centred over the board area (between the side panels), in the strip kept free above
    // the board; it wraps rather than reaching over a panel.
    // The insets are logical pixels; egui lays out in points.
    let zoom = ctx.zoom_factor();
    let (left, right) = (insets.left / zoom, insets.right / zoom);
    let free = (ctx.viewport_rect().width() - left - right - 16.0).max(200.0);
    egui::Area::new("parity-commit-bar".into())
        .anchor(
            egui::Align2::CENTER_TOP,
            [(left - right) / 2.0, layout.banner_points + 6.0],
        )
        .show(ctx, |ui| {
            ui.set_max_width(free);
            egui::Frame::popup(ui.style()).show(ui, |ui| {
                ui.horizontal_wrapped(|ui| {
                    let committed: Vec<Side> = [Side::White, Side::Black]
                        .into_iter()
                        .filter(|s| commits.has_committed(*s))
                        .collect();
                    match committed.as_slice() {
                        [side] => {
                            ui.label(
                                egui::RichText::new(format!(
                                    "{} has committed — {} to commit",
                                    side.title(),
                                    side.other().title()
                                ))
                                .strong()
                                .color(egui::Color32::from_rgb(250, 210, 90)),
                            );
                            // Only a person's own commit can be taken back: a bot's stands.
                            if !automated.plays(*side)
                                && ui
                                    .button(format!(
                                        "Take back {}'s commit (Backspace)",
                                        side.title()
                                    ))
                                    .clicked()
                            {
                                take_back.write(TakeBackCommitRequest { side: *side });
                            }
                        }
                        _ => {
                            ui.label(
                                egui::RichText::new("White to commit (hidden until Black commits)")
                                    .strong(),
                            );
                        }
                    }
                    ui.separator();
                    ui.label(
                        egui::RichText::new("○ = resting (moved last turn)")
                            .color(egui::Color32::from_rgb(90, 140, 240)),
                    );
                    let pos = game.record.current();
                    if [Side::White, Side::Black].into_iter().any(|side| {
                        !crate::rules::variants::parity::must_leave(pos, side).is_empty()
                    }) {
                        ui.label(
                            egui::RichText::new("⇔ = must leave the shared square")
                                .color(egui::Color32::from_rgb(240, 140, 30)),
                        );
                    }
                });
            });
        });
    Ok(())
}
