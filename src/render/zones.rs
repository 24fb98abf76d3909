//! Big Outer zones (`rules/big-outer.md §1`) as a subtle tint over the board (central gold,
//! mid green; the outer zone with the corners stays untinted) with a thin line along each
//! zone's border. Toggled with Z (or the Big Outer panel). Reads the
//! zone from [`BoardShape::zone`](crate::rules::BoardShape::zone); decides nothing. Runs in
//! [`AppSystems::Present`]; the hotkey in
//! [`HotkeySystems`].

use bevy::prelude::*;

use super::SQUARE_SIZE_WORLD;
use super::picking::HotkeySystems;
use crate::AppSystems;
use crate::game::{ActiveGame, BoardSquare, ZonesOnBoard};
use crate::rules::Zone;

pub(crate) fn plugin(app: &mut App) {
    app.init_resource::<ZoneView>()
        .add_systems(
            Update,
            (
                toggle_zones
                    .in_set(HotkeySystems)
                    .run_if(in_state(ZonesOnBoard)),
                (attach_zone_tints, update_zone_tints, draw_zone_borders)
                    .chain()
                    .in_set(AppSystems::Present)
                    .run_if(in_state(ZonesOnBoard)),
            ),
        )
        .add_systems(OnExit(ZonesOnBoard), remove_zone_tints);
}

/// Leaving a variant with zones: the tints go from the squares (the switch stays).
fn remove_zone_tints(mut commands: Commands, tints: Query<Entity, With<ZoneTint>>) {
    for e in &tints {
        commands.entity(e).despawn();
    }
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
        Zone::Central => Color::srgba(1.0, 0.78, 0.15, 0.26),
        Zone::Mid => Color::srgba(0.25, 0.75, 0.35, 0.16),
        Zone::Outer => Color::srgba(0.93, 0.93, 0.93, 0.0),
    }
}

fn toggle_zones(mut chords: MessageReader<super::keys::KeyChord>, mut view: ResMut<ZoneView>) {
    for c in chords.read() {
        if c.is(KeyCode::KeyZ) {
            view.visible = !view.visible;
        }
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

/// The borders of the central and mid zones: a line where a square's zone differs from its
/// neighbour's, drawn in the inner zone's colour.
fn draw_zone_borders(
    mut gizmos: Gizmos<super::board2d::BoardGizmos>,
    view: Res<ZoneView>,
    game: Res<ActiveGame>,
    board: Res<super::BoardView>,
) {
    if !view.visible {
        return;
    }
    let shape = game.shown().shape();
    let n = shape.files();
    let half = SQUARE_SIZE_WORLD / 2.0;
    let rank = |z: Zone| match z {
        Zone::Central => 2,
        Zone::Mid => 1,
        Zone::Outer => 0,
    };
    for f in 0..n {
        for r in 0..n {
            let Some(sq) = shape.square_at(f, r) else {
                continue;
            };
            let z = shape.zone(sq);
            if z == Zone::Outer {
                continue;
            }
            let c = super::coords_to_world(shape, (f, r), board.flipped);
            let color = zone_color(z).with_alpha(0.85);
            for (df, dr) in [(1i8, 0i8), (-1, 0), (0, 1), (0, -1)] {
                let other = shape.square_at(f + df, r + dr).map(|s| shape.zone(s));
                if other.is_some_and(|o| rank(o) >= rank(z)) {
                    continue;
                }
                let d = Vec2::new(f32::from(df), f32::from(dr))
                    * if board.flipped { -1.0 } else { 1.0 };
                let mid = c + d * half;
                let along = d.perp() * half;
                gizmos.line_2d(mid - along, mid + along, color);
            }
        }
    }
}
