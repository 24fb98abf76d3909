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
    app.init_resource::<PanelLayout>()
        .add_systems(Update, toggle_panels_on_key.in_set(HotkeySystems));
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

/// Tab: both panels away (the board takes the screen), or both back.
fn toggle_panels_on_key(keys: Res<ButtonInput<KeyCode>>, mut layout: ResMut<PanelLayout>) {
    if keys.just_pressed(KeyCode::Tab) {
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
