//! The egui panels (`bevy_egui` 0.42 / egui 0.36): variant picker and new game, move list with
//! review, captured pieces, rules card, settings, Intrachange overlays, status line, game-over
//! banner and promotion picker, and the position editor. UI code reads resources and writes `*Request` messages; the
//! only things it sets directly are view settings ([`BoardView`](crate::render::BoardView),
//! [`AnimationSettings`](crate::render::AnimationSettings)) and the board insets.
//! This file is the only one that adds `EguiPlugin`: a third-party plugin gets one wrapper.

pub mod analysis;
pub mod charges_panel;
pub mod clock_panel;
pub mod editor;
pub mod files;
pub mod game_flow;
pub mod input_guard;
pub mod layout;
pub mod look;
pub mod move_box;
pub mod panels;
pub mod parity_panel;
pub mod piece_card;
pub mod rules_card;
pub mod style;

use bevy::prelude::*;
use bevy_egui::{EguiPlugin, EguiPrimaryContextPass};

/// The egui panels and the input guard.
pub struct UiPlugin;

impl Plugin for UiPlugin {
    fn build(&self, app: &mut App) {
        app.add_plugins(EguiPlugin::default())
            .init_resource::<rules_card::RulesCards>()
            .init_resource::<style::InterfaceScale>()
            .init_resource::<game_flow::ResignQuestion>()
            .add_systems(
                EguiPrimaryContextPass,
                (style::apply_ui_style, panels::draw_panels).chain(),
            )
            .add_systems(
                EguiPrimaryContextPass,
                (
                    // The demo shows the board alone, its invitation in the strip above it.
                    parity_panel::draw_commit_bar
                        .run_if(in_state(crate::game::TurnModelState::Simultaneous))
                        .run_if(not(in_state(crate::game::AppMode::Demo))),
                    game_flow::draw_resign_question,
                )
                    .after(panels::draw_panels),
            )
            .add_systems(Update, clock_panel::set_window_title)
            .add_systems(
                Update,
                game_flow::flow_keys.in_set(crate::render::picking::HotkeySystems),
            )
            .add_plugins((
                analysis::plugin,
                editor::plugin,
                input_guard::plugin,
                piece_card::plugin,
                files::plugin,
                layout::plugin,
            ));
    }
}
