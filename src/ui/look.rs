//! The Look section of the settings: piece set, board theme, anti-aliasing and interface scale (reduced
//! motion sits with the animation speed). Sets only view state ([`Appearance`],
//! [`InterfaceScale`]); the settings file follows them (`ui/files.rs`).

use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use bevy_egui::egui;

use super::style::InterfaceScale;
use crate::persist::{Antialiasing, BoardTheme, PieceSet, UI_SCALE_RANGE};
use crate::render::Appearance;

/// What the Look section changes.
#[derive(SystemParam)]
pub(crate) struct LookSettings<'w, 's> {
    appearance: ResMut<'w, Appearance>,
    scale: ResMut<'w, InterfaceScale>,
    /// The text size while its slider is dragged.
    dragged: Local<'s, Option<f32>>,
}

impl LookSettings<'_, '_> {
    /// Draws the section.
    pub(crate) fn show(&mut self, ui: &mut egui::Ui) {
        let mut a = *self.appearance;
        egui::Grid::new("look-grid")
            .num_columns(2)
            .spacing([8.0, 6.0])
            .show(ui, |ui| {
                ui.label("Pieces");
                egui::ComboBox::from_id_salt("piece-set")
                    .selected_text(a.piece_set.title())
                    .width(136.0)
                    .show_ui(ui, |ui| {
                        for s in PieceSet::ALL {
                            ui.selectable_value(&mut a.piece_set, s, s.title());
                        }
                    });
                ui.end_row();
                ui.label("Board");
                egui::ComboBox::from_id_salt("board-theme")
                    .selected_text(a.theme.title())
                    .width(136.0)
                    .show_ui(ui, |ui| {
                        for t in BoardTheme::ALL {
                            ui.selectable_value(&mut a.theme, t, t.title());
                        }
                    });
                ui.end_row();
                ui.label("Smoothing")
                    .on_hover_text("Multisample anti-aliasing of the board's lines and rings. Auto: on with a graphics card, off on a software renderer, where it costs the most.");
                egui::ComboBox::from_id_salt("antialiasing")
                    .selected_text(a.antialiasing.title())
                    .width(136.0)
                    .show_ui(ui, |ui| {
                        for m in Antialiasing::ALL {
                            ui.selectable_value(&mut a.antialiasing, m, m.title());
                        }
                    });
                ui.end_row();
                ui.label("Text size");
                let mut s = self.dragged.unwrap_or(self.scale.0);
                let slider = ui.add(
                    egui::Slider::new(&mut s, UI_SCALE_RANGE)
                        .step_by(0.05)
                        .custom_formatter(|v, _| format!("{:.0} %", v * 100.0)),
                );
                // Applied on release, so the slider does not move under the pointer.
                if slider.dragged() {
                    *self.dragged = Some(s);
                } else if slider.drag_stopped() || slider.changed() || self.dragged.is_some() {
                    self.scale.0 = s;
                    *self.dragged = None;
                }
                ui.end_row();
            });
        if a != *self.appearance {
            *self.appearance = a;
        }
    }
}
