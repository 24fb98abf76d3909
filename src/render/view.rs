//! The board's view: the flat 2D board or the 3D scene, as the [`ViewState`] state. The
//! choice is [`Appearance::view`](super::Appearance) (the settings file, the Look section,
//! `V`, `--view` for one run); the state follows it. Both views show the same game entities
//! ([`BoardSquare`](crate::game::BoardSquare), [`PieceEntity`](crate::game::PieceEntity)):
//! the 3D scene ([`board3d`](super::board3d)) only adds models that follow them, all carrying
//! `DespawnOnExit(ViewState::ThreeD)`. Runs the key in
//! [`HotkeySystems`] and the state change in
//! [`AppSystems::Present`].

use bevy::prelude::*;

use super::Appearance;
use super::picking::HotkeySystems;
use crate::AppSystems;
use crate::persist::ViewMode;

pub(crate) fn plugin(app: &mut App) {
    app.init_state::<ViewState>()
        .init_resource::<StartView>()
        .add_systems(
            Update,
            (
                toggle_view_on_key.in_set(HotkeySystems),
                follow_view_choice.in_set(AppSystems::Present),
            ),
        );
}

/// Which view draws the board.
#[derive(States, Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum ViewState {
    /// The flat board, drawn by the 2D board camera.
    #[default]
    TwoD,
    /// The 3D scene, drawn by its own camera under the interface.
    ThreeD,
}

impl From<ViewMode> for ViewState {
    fn from(mode: ViewMode) -> Self {
        match mode {
            ViewMode::TwoD => ViewState::TwoD,
            ViewMode::ThreeD => ViewState::ThreeD,
        }
    }
}

/// `--view` of this run: put in force at start instead of the settings' view, and not
/// written to the settings file until the view is changed in the window.
#[derive(Resource, Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct StartView(pub Option<ViewMode>);

/// `V` switches between the 2D board and the 3D scene.
fn toggle_view_on_key(
    mut chords: MessageReader<super::keys::KeyChord>,
    mut appearance: ResMut<Appearance>,
) {
    for _ in chords.read().filter(|c| c.is(KeyCode::KeyV)) {
        appearance.view = appearance.view.other();
    }
}

/// Asks for the view the appearance names when the state differs (the change takes effect
/// at the next state transition, before the next frame's `Update`).
fn follow_view_choice(
    appearance: Res<Appearance>,
    state: Res<State<ViewState>>,
    mut next: ResMut<NextState<ViewState>>,
) {
    let want = ViewState::from(appearance.view);
    if *state.get() != want {
        next.set(want);
    }
}
