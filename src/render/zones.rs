//! Big Outer zones (`rules/big-outer.md §1`) as a tint over the board: central gold, mid
//! green; the outer zone (with the corners) stays untinted. Toggled with Z (or the Big Outer panel). Reads the
//! zone from [`BoardShape::zone`](crate::rules::BoardShape::zone); decides nothing. Runs in
//! [`AppSystems::Present`]; the hotkey in
//! [`HotkeySystems`].

use bevy::prelude::*;

use crate::game::variant_has;

use super::SQUARE_SIZE_WORLD;
use super::picking::HotkeySystems;
use crate::AppSystems;
use crate::game::{ActiveGame, BoardSquare};
use crate::rules::{Variant, Zone};

pub(crate) fn plugin(app: &mut App) {
    app.init_resource::<ZoneView>().add_systems(
        Update,
        (
            toggle_zones
                .in_set(HotkeySystems)
                .run_if(variant_has(Variant::has_zones)),
            (attach_zone_tints, update_zone_tints)
                .chain()
                .in_set(AppSystems::Present)
                .run_if(variant_has(Variant::has_zones)),
        ),
    );
}

/// Whether the zone tint is shown.
#[derive(Resource, Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct ZoneView {
    /// Tint on (Z).
    pub visible: bool,
}

/// The zone tint child of a square.
#[derive(Component, Debug, Clone, Copy)]
pub struct ZoneTint;

/// The tint of a zone.
pub fn zone_color(zone: Zone) -> Color {
    match zone {
        Zone::Central => Color::srgba(1.0, 0.75, 0.1, 0.45),
        Zone::Mid => Color::srgba(0.2, 0.75, 0.3, 0.32),
        Zone::Outer => Color::srgba(0.93, 0.93, 0.93, 0.0),
    }
}

fn toggle_zones(keys: Res<ButtonInput<KeyCode>>, mut view: ResMut<ZoneView>) {
    let ctrl = keys.any_pressed([KeyCode::ControlLeft, KeyCode::ControlRight]);
    if !ctrl && keys.just_pressed(KeyCode::KeyZ) {
        view.visible = !view.visible;
    }
}

fn attach_zone_tints(
    mut commands: Commands,
    game: Res<ActiveGame>,
    squares: Query<(Entity, &BoardSquare), Added<BoardSquare>>,
) {
    let shape = game.shown().shape();
    for (e, sq) in &squares {
        commands.entity(e).with_child((
            ZoneTint,
            Sprite::from_color(
                zone_color(shape.zone(sq.square)),
                Vec2::splat(SQUARE_SIZE_WORLD),
            ),
            Transform::from_xyz(0.0, 0.0, 0.4),
            Visibility::Hidden,
        ));
    }
}

fn update_zone_tints(view: Res<ZoneView>, mut tints: Query<&mut Visibility, With<ZoneTint>>) {
    let want = if view.visible {
        Visibility::Inherited
    } else {
        Visibility::Hidden
    };
    for mut v in &mut tints {
        v.set_if_neq(want);
    }
}
