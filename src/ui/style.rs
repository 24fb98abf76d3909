//! The interface's look, in one place: `DejaVu` Sans for all text, a game's palette (warm
//! dark panels, gold accents, rounded widgets, roomier spacing) instead of egui's developer
//! default, and a zoom that follows the window — text and panels grow with the window from
//! 800×600 to 4K (on top of the display's scale factor) and with the player's interface
//! scale ([`InterfaceScale`], a setting). Runs first in `EguiPrimaryContextPass`.

use std::sync::Arc;

use bevy::prelude::*;
use bevy::window::PrimaryWindow;
use bevy_egui::{EguiContexts, egui};

/// The player's interface scale (1.0 = normal; the settings clamp it to
/// [`UI_SCALE_RANGE`](crate::persist::UI_SCALE_RANGE)).
#[derive(Resource, Debug, Clone, Copy, PartialEq)]
pub struct InterfaceScale(pub f32);

impl Default for InterfaceScale {
    fn default() -> Self {
        InterfaceScale(1.0)
    }
}

/// Gold: headings, the accent of selected widgets, banners.
pub const ACCENT: egui::Color32 = egui::Color32::from_rgb(236, 196, 92);
/// Body text.
pub const TEXT: egui::Color32 = egui::Color32::from_rgb(232, 226, 214);
/// Quiet text (hints, keys).
pub const TEXT_WEAK: egui::Color32 = egui::Color32::from_rgb(160, 152, 140);
/// Panel background.
pub const PANEL: egui::Color32 = egui::Color32::from_rgb(28, 26, 31);
/// Window (dialogs, floating cards) background.
pub const WINDOW: egui::Color32 = egui::Color32::from_rgb(36, 33, 40);

/// The zoom of the interface for a window of `logical` pixels and the player's `scale`:
/// 1 at 1280×800, following the smaller of the width and height ratios, kept within
/// 0.8–2.2 (so 800×600 stays readable and 4K is not tiny), times `scale`.
pub fn zoom_for(logical: Vec2, scale: f32) -> f32 {
    let fit = (logical.x / 1280.0).min(logical.y / 800.0).clamp(0.8, 2.2);
    (fit * scale).clamp(0.5, 4.0)
}

/// The fonts: `DejaVu` Sans (embedded) first for proportional text, egui's defaults behind
/// it for symbols.
fn fonts() -> egui::FontDefinitions {
    let mut fonts = egui::FontDefinitions::default();
    fonts.font_data.insert(
        "dejavu-sans".to_owned(),
        Arc::new(egui::FontData::from_static(
            crate::render::pieces::FONT_BYTES,
        )),
    );
    if let Some(list) = fonts.families.get_mut(&egui::FontFamily::Proportional) {
        list.insert(0, "dejavu-sans".to_owned());
    }
    fonts
}

/// Applies the game's look to an egui style.
pub fn apply_style(style: &mut egui::Style) {
    use egui::{FontFamily, FontId, TextStyle};
    style.text_styles = [
        (
            TextStyle::Heading,
            FontId::new(21.0, FontFamily::Proportional),
        ),
        (TextStyle::Body, FontId::new(14.5, FontFamily::Proportional)),
        (
            TextStyle::Button,
            FontId::new(14.5, FontFamily::Proportional),
        ),
        (
            TextStyle::Small,
            FontId::new(12.5, FontFamily::Proportional),
        ),
        (
            TextStyle::Monospace,
            FontId::new(14.0, FontFamily::Monospace),
        ),
    ]
    .into();
    style.spacing.item_spacing = egui::vec2(8.0, 7.0);
    style.spacing.button_padding = egui::vec2(7.0, 4.0);
    style.spacing.interact_size.y = 24.0;
    style.spacing.window_margin = egui::Margin::same(12);
    let v = &mut style.visuals;
    *v = egui::Visuals::dark();
    v.override_text_color = Some(TEXT);
    v.panel_fill = PANEL;
    v.window_fill = WINDOW;
    v.faint_bg_color = egui::Color32::from_rgb(40, 37, 44);
    v.extreme_bg_color = egui::Color32::from_rgb(18, 17, 20);
    v.window_corner_radius = egui::CornerRadius::same(10);
    v.menu_corner_radius = egui::CornerRadius::same(8);
    v.window_stroke = egui::Stroke::new(1.0, egui::Color32::from_rgb(78, 70, 58));
    v.selection.bg_fill = egui::Color32::from_rgb(120, 92, 36);
    v.selection.stroke = egui::Stroke::new(1.0, ACCENT);
    v.hyperlink_color = ACCENT;
    let round = egui::CornerRadius::same(6);
    for (w, fill) in [
        (
            &mut v.widgets.noninteractive,
            egui::Color32::from_rgb(34, 32, 38),
        ),
        (&mut v.widgets.inactive, egui::Color32::from_rgb(52, 48, 56)),
        (&mut v.widgets.hovered, egui::Color32::from_rgb(72, 64, 66)),
        (&mut v.widgets.active, egui::Color32::from_rgb(96, 80, 56)),
        (&mut v.widgets.open, egui::Color32::from_rgb(60, 54, 60)),
    ] {
        w.corner_radius = round;
        w.bg_fill = fill;
        w.weak_bg_fill = fill;
    }
    v.widgets.noninteractive.bg_stroke =
        egui::Stroke::new(1.0, egui::Color32::from_rgb(62, 57, 52));
    v.widgets.hovered.bg_stroke = egui::Stroke::new(1.0, ACCENT.gamma_multiply(0.7));
    v.widgets.active.bg_stroke = egui::Stroke::new(1.0, ACCENT);
    v.widgets.inactive.fg_stroke = egui::Stroke::new(1.0, TEXT);
    v.widgets.hovered.fg_stroke = egui::Stroke::new(1.5, egui::Color32::WHITE);
    v.striped = true;
}

/// Sets the fonts and style once, and the zoom whenever the window or the scale changes.
pub(crate) fn apply_ui_style(
    mut contexts: EguiContexts,
    window: Query<&Window, With<PrimaryWindow>>,
    scale: Res<InterfaceScale>,
    mut styled: Local<bool>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    if !*styled {
        ctx.set_fonts(fonts());
        ctx.all_styles_mut(apply_style);
        *styled = true;
    }
    if let Ok(w) = window.single() {
        let z = zoom_for(Vec2::new(w.width(), w.height()), scale.0);
        if (ctx.zoom_factor() - z).abs() > 0.001 {
            ctx.set_zoom_factor(z);
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_interface_zoom_follows_the_window_within_bounds() {
        assert_eq!(zoom_for(Vec2::new(1280.0, 800.0), 1.0), 1.0);
        assert_eq!(zoom_for(Vec2::new(800.0, 600.0), 1.0), 0.8);
        assert_eq!(zoom_for(Vec2::new(1920.0, 1080.0), 1.0), 1.35);
        assert_eq!(zoom_for(Vec2::new(3840.0, 2160.0), 1.0), 2.2);
        assert_eq!(zoom_for(Vec2::new(1280.0, 800.0), 1.5), 1.5);
    }

    #[test]
    fn the_style_uses_the_game_palette() {
        let mut s = egui::Style::default();
        apply_style(&mut s);
        assert_eq!(s.visuals.panel_fill, PANEL);
        assert_eq!(s.visuals.override_text_color, Some(TEXT));
        assert_eq!(
            s.text_styles[&egui::TextStyle::Body],
            egui::FontId::proportional(14.5)
        );
        assert!(fonts().families[&egui::FontFamily::Proportional][0] == "dejavu-sans");
    }
}
