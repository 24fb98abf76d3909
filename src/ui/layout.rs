//! The screen's layout around the board: the side panels collapse (Tab hides both, so the
//! board takes the screen; a thin strip with a button brings each back), and a one-line rule
//! banner per variant runs across the top of the board area (the full rules card stays in the
//! right panel, folded). Sets only view state ([`PanelLayout`]).

use bevy::prelude::*;
use bevy_egui::egui;

use super::style::{ACCENT, TEXT_WEAK};
use crate::render::picking::HotkeySystems;
use crate::rules::Variant;

pub(crate) fn plugin(app: &mut App) {
    app.init_resource::<PanelLayout>().add_systems(
        Update,
        (fold_panels_to_fit, toggle_panels_on_key)
            .chain()
            .in_set(HotkeySystems),
    );
}

/// Width of the open left panel in egui points.
pub const LEFT_POINTS: f32 = 250.0;
/// Width of the open right panel in egui points.
pub const RIGHT_POINTS: f32 = 280.0;
/// The narrowest board area (logical pixels) the panels leave before they fold away.
pub const MIN_BOARD_PX: f32 = 480.0;

/// Which panels fit beside a board of at least [`MIN_BOARD_PX`] in a window `width`
/// logical pixels wide at interface `zoom`: (left open, right open). Both when they fit;
/// else the right one (moves and clocks) alone; else none.
pub fn panels_that_fit(width: f32, zoom: f32) -> (bool, bool) {
    let room = |left: f32, right: f32| width - (left + right) * zoom >= MIN_BOARD_PX;
    if room(LEFT_POINTS, RIGHT_POINTS) {
        (true, true)
    } else if room(STRIP_POINTS, RIGHT_POINTS) {
        (false, true)
    } else {
        (false, false)
    }
}

/// Folds the side panels when the window gets too narrow for them and the board (800×600:
/// the left panel folds), and opens them again when it grows. It acts only when the fit
/// changes, so a panel the player opens by hand on a small window stays open.
fn fold_panels_to_fit(
    window: Query<&Window, With<bevy::window::PrimaryWindow>>,
    scale: Res<super::style::InterfaceScale>,
    mut layout: ResMut<PanelLayout>,
    mut last: Local<Option<(bool, bool)>>,
) {
    let Ok(w) = window.single() else {
        return;
    };
    let zoom = super::style::zoom_for(Vec2::new(w.width(), w.height()), scale.0);
    let fit = panels_that_fit(w.width(), zoom);
    if *last != Some(fit) {
        *last = Some(fit);
        layout.left_open = fit.0;
        layout.right_open = fit.1;
    }
}

/// Which side panels are open, and the banner's height (egui points) drawn last frame.
#[derive(Resource, Debug, Clone, Copy, PartialEq)]
pub struct PanelLayout {
    /// The left panel (game, settings, files) is open.
    pub left_open: bool,
    /// The right panel (moves, rules card) is open.
    pub right_open: bool,
    /// Height of the rule banner in egui points (0 before it is drawn).
    pub banner_points: f32,
}

impl Default for PanelLayout {
    fn default() -> Self {
        PanelLayout {
            left_open: true,
            right_open: true,
            banner_points: 0.0,
        }
    }
}

/// Which edge a panel sits on.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Edge {
    /// The left panel.
    Left,
    /// The right panel.
    Right,
}

/// Width of a collapsed panel's strip in egui points.
pub const STRIP_POINTS: f32 = 30.0;

/// Tab: both panels away (the board takes the screen), or both back. egui never sees this
/// Tab (the input guard keeps it from moving egui's focus), so every press toggles; in a
/// text field Tab is the field's (the move box completes a move with it).
fn toggle_panels_on_key(
    mut chords: MessageReader<crate::render::keys::KeyChord>,
    mut layout: ResMut<PanelLayout>,
) {
    for _ in chords.read().filter(|c| c.is(KeyCode::Tab) && !c.shift) {
        let open = !(layout.left_open || layout.right_open);
        layout.left_open = open;
        layout.right_open = open;
    }
}

/// Draws the strip of a collapsed panel (a button that opens it); returns its width.
pub(crate) fn collapsed_strip(root: &mut egui::Ui, edge: Edge, layout: &mut PanelLayout) -> f32 {
    let (panel, arrow, tip) = match edge {
        Edge::Left => (
            egui::Panel::left("game-collapsed"),
            "»",
            "Show the game panel (Tab: both)",
        ),
        Edge::Right => (
            egui::Panel::right("moves-collapsed"),
            "«",
            "Show the moves panel (Tab: both)",
        ),
    };
    panel
        .resizable(false)
        .exact_size(STRIP_POINTS)
        .show(root, |ui| {
            if ui
                .button(egui::RichText::new(arrow).size(18.0))
                .on_hover_text(tip)
                .clicked()
            {
                match edge {
                    Edge::Left => layout.left_open = true,
                    Edge::Right => layout.right_open = true,
                }
            }
        })
        .response
        .rect
        .width()
}

/// A small button in a panel's heading row that folds the panel away.
pub(crate) fn collapse_button(ui: &mut egui::Ui, edge: Edge, layout: &mut PanelLayout) {
    let arrow = match edge {
        Edge::Left => "«",
        Edge::Right => "»",
    };
    if ui
        .small_button(arrow)
        .on_hover_text("Fold this panel away (Tab: both)")
        .clicked()
    {
        match edge {
            Edge::Left => layout.left_open = false,
            Edge::Right => layout.right_open = false,
        }
    }
}

/// The variant's rule in one line, for the banner over the board
/// ([`VariantRules::rule_line`](crate::rules::variants::VariantRules::rule_line)).
pub fn rule_line(variant: Variant) -> &'static str {
    variant.rules().rule_line()
}

/// Draws the rule banner across the top of the board area (call after the side panels);
/// returns its height in points.
pub(crate) fn rule_banner(root: &mut egui::Ui, variant: Variant, layout: &mut PanelLayout) -> f32 {
    let h = egui::Panel::top("rule-banner")
        .resizable(false)
        .frame(
            egui::Frame::new()
                .fill(egui::Color32::from_rgba_unmultiplied(20, 18, 22, 235))
                .inner_margin(egui::Margin::symmetric(12, 6)),
        )
        .show(root, |ui| {
            ui.horizontal_centered(|ui| {
                ui.label(
                    egui::RichText::new(variant.title())
                        .strong()
                        .size(16.0)
                        .color(ACCENT),
                );
                ui.label(egui::RichText::new("·").color(TEXT_WEAK));
                ui.add(
                    egui::Label::new(egui::RichText::new(rule_line(variant)).size(15.0)).truncate(),
                );
            });
        })
        .response
        .rect
        .height();
    layout.banner_points = h;
    h
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ui::style::zoom_for;

    #[test]
    fn panels_fold_to_leave_the_board_room() {
        let fit = |w: f32, h: f32| panels_that_fit(w, zoom_for(Vec2::new(w, h), 1.0));
        assert_eq!(fit(1280.0, 800.0), (true, true));
        assert_eq!(fit(1024.0, 700.0), (true, true));
        // 800×600 (zoom 0.8): both panels leave 376 px, the right one alone 552 px.
        assert_eq!(fit(800.0, 600.0), (false, true));
        assert_eq!(fit(600.0, 600.0), (false, false));
        assert_eq!(fit(3840.0, 2160.0), (true, true));
        // A larger interface scale folds sooner.
        assert_eq!(panels_that_fit(1280.0, 1.6), (false, true));
    }
}
