//! The Force Field section of the game panel (`rules/force-field.md §6`): the overlay switch (C), the net charge
//! of the hovered or selected square with the pieces that contribute to it, the selected
//! piece's own field, and the squares that refused the last move. Reads the charge entities;
//! sets only the view switch [`ChargeOverlay::visible`].

use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use bevy_egui::egui;

use crate::game::{ActiveGame, ChargeContribution, SquareCharge};
use crate::render::Selection;
use crate::render::charges::{ChargeOverlay, charge_text};
use crate::rules::Square;

/// The Force Field section at the foot of the game panel (only in Force Field).
#[derive(SystemParam)]
pub struct ChargesSection<'w, 's> {
    selection: Res<'w, Selection>,
    overlay: ResMut<'w, ChargeOverlay>,
    charges: Query<'w, 's, &'static ChargeContribution>,
    squares: Query<'w, 's, (&'static crate::game::BoardSquare, &'static SquareCharge)>,
}

impl ChargesSection<'_, '_> {
    /// Draws it into `ui`.
    pub fn show(&mut self, ui: &mut egui::Ui, game: &ActiveGame) {
        let ChargesSection {
            selection,
            overlay,
            charges,
            squares,
        } = self;
        draw_charges(ui, game, selection, overlay, charges, squares);
    }
}

fn draw_charges(
    ui: &mut egui::Ui,
    game: &ActiveGame,
    selection: &Selection,
    overlay: &mut ChargeOverlay,
    charges: &Query<&ChargeContribution>,
    squares: &Query<(&crate::game::BoardSquare, &SquareCharge)>,
) {
    let pos = game.shown();
    let shape = pos.shape();
    let net_of = |sq: Square| {
        squares
            .iter()
            .find(|(b, _)| b.square == sq)
            .map_or(0, |(_, c)| c.net)
    };
    {
        {
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
                                "charges {} by {}: {}",
                                crate::rules::narrate::count(names.len(), "square"),
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
        }
    }
}
