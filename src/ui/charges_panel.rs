//! The Force Field panel (`rules/force-field.md §6`): the overlay switch (C), the net charge
//! of the hovered or selected square with the pieces that contribute to it, the selected
//! piece's own field, and the squares that refused the last move. Reads the charge entities;
//! sets only the view switch [`ChargeOverlay::visible`].

use bevy::prelude::*;
use bevy_egui::{EguiContexts, egui};

use crate::game::{ActiveGame, ChargeContribution, SquareCharge};
use crate::render::Selection;
use crate::render::charges::{ChargeOverlay, charge_text};
use crate::rules::Square;

/// Draws the Force Field window (only in Force Field).
pub(crate) fn draw_charges_panel(
    mut contexts: EguiContexts,
    game: Res<ActiveGame>,
    selection: Res<Selection>,
    mut overlay: ResMut<ChargeOverlay>,
    charges: Query<&ChargeContribution>,
    squares: Query<(&crate::game::BoardSquare, &SquareCharge)>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let pos = game.shown();
    let shape = pos.shape();
    let net_of = |sq: Square| {
        squares
            .iter()
            .find(|(b, _)| b.square == sq)
            .map_or(0, |(_, c)| c.net)
    };
    egui::Window::new("Force Field")
        .anchor(egui::Align2::LEFT_BOTTOM, [8.0, -44.0])
        .default_width(234.0)
        .collapsible(true)
        .resizable(false)
        .show(ctx, |ui| {
            let label = if overlay.visible {
                "Hide charges (C)"
            } else {
                "Show charges (C)"
            };
            if ui.button(label).clicked() {
                overlay.visible = !overlay.visible;
            }
            let focus = overlay.hovered.or(selection.from);
            if let Some(sq) = focus {
                ui.separator();
                let name = shape.name(sq);
                match pos.board().piece_at(sq) {
                    Some(p) => {
                        let field: Vec<&ChargeContribution> =
                            charges.iter().filter(|c| c.source == sq).collect();
                        ui.label(
                            egui::RichText::new(format!(
                                "{} {} on {name}",
                                p.color.title(),
                                p.kind.name()
                            ))
                            .strong(),
                        );
                        if field.is_empty() {
                            ui.label("projects no field here");
                        } else {
                            let mut names: Vec<String> =
                                field.iter().map(|c| shape.name(c.square)).collect();
                            names.sort();
                            ui.label(format!(
                                "charges {} square{} by {}: {}",
                                names.len(),
                                if names.len() == 1 { "" } else { "s" },
                                field[0].strength,
                                names.join(" ")
                            ));
                        }
                    }
                    None => {
                        let net = net_of(sq);
                        let who = match net.signum() {
                            1 => "White controls it",
                            -1 => "Black controls it",
                            _ => "neutral",
                        };
                        ui.label(
                            egui::RichText::new(format!("{name}: {} — {who}", charge_text(net)))
                                .strong(),
                        );
                        let mut from: Vec<&ChargeContribution> =
                            charges.iter().filter(|c| c.square == sq).collect();
                        from.sort_by_key(|c| (c.side.index(), c.source.0));
                        if from.is_empty() {
                            ui.label("no piece charges it");
                        }
                        for c in from {
                            ui.label(format!(
                                "{} {} {}  {}",
                                c.side.title(),
                                c.kind.name(),
                                shape.name(c.source),
                                charge_text(c.signed())
                            ));
                        }
                    }
                }
            }
            if !overlay.blockers.is_empty() {
                ui.separator();
                let held: Vec<String> = overlay
                    .blockers
                    .iter()
                    .map(|&b| format!("{} ({})", shape.name(b), charge_text(net_of(b))))
                    .collect();
                ui.label(
                    egui::RichText::new(format!("Blocked by the field on {}", held.join(", ")))
                        .color(egui::Color32::from_rgb(255, 160, 40)),
                );
            }
        });
    Ok(())
}
