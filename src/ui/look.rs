//! The Look section of the settings: the 2D or 3D view, piece set, board theme, anti-aliasing and interface scale (reduced
//! motion sits with the animation speed). Sets only view state ([`Appearance`],
//! [`InterfaceScale`]); the settings file follows them (`ui/files.rs`).

use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use bevy_egui::egui;

use super::style::InterfaceScale;
use crate::persist::{Antialiasing, BoardTheme, PieceSet, UI_SCALE_RANGE, ViewMode};
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
                choice_row(
                    ui,
                    "View",
                    Some(
                        "The flat board or a 3D scene (V). In 3D: drag with the right or middle mouse button (or the left from off the squares) to turn the camera, the wheel zooms, R puts the camera back.",
                    ),
                    &mut a.view,
                    &ViewMode::ALL,
                    ViewMode::title,
                );
                choice_row(
                    ui,
                    "Pieces",
                    None,
                    &mut a.piece_set,
                    &PieceSet::ALL,
                    PieceSet::title,
                );
                choice_row(
                    ui,
                    "Board",
                    None,
                    &mut a.theme,
                    &BoardTheme::ALL,
                    BoardTheme::title,
                );
                choice_row(
                    ui,
                    "Smoothing",
                    Some(
                        "Multisample anti-aliasing of the board's lines and rings. Auto: on with a graphics card, off on a software renderer, where it costs the most.",
                    ),
                    &mut a.antialiasing,
                    &Antialiasing::ALL,
                    Antialiasing::title,
                );
                ui.label("Text size");
                let mut s = self.dragged.unwrap_or(self.scale.0);
                // A shorter track than egui's default, so that the value ("125 %") fits
                // beside it in the panel's second column.
                let slider = ui
                    .scope(|ui| {
                        ui.spacing_mut().slider_width = 56.0;
                        ui.add(
                            egui::Slider::new(&mut s, UI_SCALE_RANGE)
                                .step_by(0.05)
                                .custom_formatter(|v, _| format!("{:.0} %", v * 100.0)),
                        )
                    })
                    .inner;
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

/// One row of the section's grid: `label` (with its `hover` text) and a drop-down of
/// `choices`, each named by `title`, that sets `value`.
fn choice_row<T: Copy + PartialEq>(
    ui: &mut egui::Ui,
    label: &str,
    hover: Option<&str>,
    value: &mut T,
    choices: &[T],
    title: fn(T) -> &'static str,
) {
    let shown = ui.label(label);
    if let Some(h) = hover {
        shown.on_hover_text(h);
    }
    egui::ComboBox::from_id_salt(label)
        .selected_text(title(*value))
        .width(108.0)
        .show_ui(ui, |ui| {
            for &c in choices {
                ui.selectable_value(value, c, title(c));
            }
        });
    ui.end_row();
}
