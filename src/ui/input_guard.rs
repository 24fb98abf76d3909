//! Keeps board input away from egui: mouse input on the board stops while egui uses the
//! pointer, hotkeys while egui uses the keyboard (STYLE.md §6).

use bevy::prelude::*;
use bevy_egui::input::{egui_wants_any_keyboard_input, egui_wants_any_pointer_input};

use crate::render::picking::{BoardInputSystems, HotkeySystems};

pub(crate) fn plugin(app: &mut App) {
    app.configure_sets(
        Update,
        (
            BoardInputSystems.run_if(not(egui_wants_any_pointer_input)),
            HotkeySystems.run_if(not(egui_wants_any_keyboard_input)),
        ),
    );
}
