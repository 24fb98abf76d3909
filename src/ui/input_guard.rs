//! Keeps board input and egui apart. Mouse input on the board (and the 3D camera's orbit
//! and zoom) stops while egui uses the pointer. The hotkeys stop only while a text field has the keyboard
//! ([`TextInputFocus`]): a button egui happens to focus does not take the keys. Outside a
//! text field egui is given no Tab and keeps no focus, so Tab folds the panels every time
//! instead of walking egui's focus from widget to widget.

use bevy::prelude::*;
use bevy_egui::input::egui_wants_any_pointer_input;
use bevy_egui::{EguiContext, EguiInput, EguiPreUpdateSet, PrimaryEguiContext, egui};

use crate::render::camera3d::OrbitInputSystems;
use crate::render::keys::{TextInputFocus, keyboard_is_free};
use crate::render::picking::{BoardInputSystems, HotkeySystems};

pub(crate) fn plugin(app: &mut App) {
    app.configure_sets(
        Update,
        (
            BoardInputSystems.run_if(not(egui_wants_any_pointer_input)),
            OrbitInputSystems.run_if(not(egui_wants_any_pointer_input)),
            HotkeySystems.run_if(keyboard_is_free),
        ),
    )
    .add_systems(
        PreUpdate,
        guard_keyboard
            .after(EguiPreUpdateSet::ProcessInput)
            .before(EguiPreUpdateSet::BeginPass),
    );
}

/// Whether the focused egui widget is a text field (or a drop-down list is open), and, when
/// it is not, the Tab keys taken out of egui's input and any focus egui holds given up.
fn guard_keyboard(
    mut contexts: Query<(&mut EguiContext, &mut EguiInput), With<PrimaryEguiContext>>,
    mut focus: ResMut<TextInputFocus>,
) {
    let Ok((mut ctx, mut input)) = contexts.single_mut() else {
        return;
    };
    let ctx = ctx.get_mut();
    let text = ctx.text_edit_focused() || ctx.any_popup_open();
    focus.set_if_neq(TextInputFocus(text));
    if text {
        return;
    }
    input.events.retain(|e| {
        !matches!(
            e,
            egui::Event::Key {
                key: egui::Key::Tab,
                ..
            }
        )
    });
    if let Some(id) = ctx.memory(|m| m.focused()) {
        ctx.memory_mut(|m| m.surrender_focus(id));
    }
}
