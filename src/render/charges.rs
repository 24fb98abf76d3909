//! The Force Field charge overlay (`rules/force-field.md §6`): each charged empty square is
//! tinted by its controller (blue White, red Black; stronger for a larger charge) and shows
//! its net charge; the selected piece's own field is outlined; the squares whose field
//! refused the last move are marked. Toggled with C (or the Force Field panel). Reads the
//! charge entities of [`crate::game::charges`]; decides nothing. Runs in
//! [`AppSystems::Present`]; the hotkey in
//! [`HotkeySystems`].

use bevy::prelude::*;
use bevy::text::FontSize;

use super::picking::{HotkeySystems, Selection};
use super::pieces::PieceFont;
use super::{BoardView, SQUARE_SIZE_WORLD, square_to_world, world_to_square};
use crate::AppSystems;
use crate::game::variant_has;
use crate::game::{
    ActiveGame, BoardSquare, ChargeContribution, MoveRejected, MoveResolved, ResyncRequest,
    SquareCharge,
};
use crate::rules::variants::force_field::field_blockers;
use crate::rules::{Color as Side, Move, Square, Variant};

pub(crate) fn plugin(app: &mut App) {
    app.init_resource::<ChargeOverlay>().add_systems(
        Update,
        (
            toggle_charge_overlay
                .in_set(HotkeySystems)
                .run_if(variant_has(Variant::has_fields)),
            (
                attach_charge_visuals,
                track_field_blockers,
                update_charge_visuals,
                draw_field_outlines,
            )
                .chain()
                .in_set(AppSystems::Present)
                .run_if(variant_has(Variant::has_fields)),
        ),
    );
}

/// What the charge overlay shows.
#[derive(Resource, Debug, Clone, Default)]
pub struct ChargeOverlay {
    /// Tint and numbers on (C).
    pub visible: bool,
    /// The square under the mouse, if any.
    pub hovered: Option<Square>,
    /// The squares whose field refused the last move (empty when none).
    pub blockers: Vec<Square>,
}

/// The translucent tint child of a square.
#[derive(Component, Debug, Clone, Copy)]
pub struct ChargeTint;

/// The net-charge number child of a square.
#[derive(Component, Debug, Clone, Copy)]
pub struct ChargeLabel;

/// Colour of a side's control: opaque (so the light and dark squares under it do not change
/// how strong it looks), from a pale tint at ±1 to a deep one at ±8 or more; blue for
/// White, red for Black.
pub fn charge_color(net: i32) -> Color {
    let t = (net.unsigned_abs().clamp(1, 8) - 1) as f32 / 7.0;
    let (pale, deep) = if net > 0 {
        (Vec3::new(0.84, 0.89, 1.0), Vec3::new(0.36, 0.56, 1.0))
    } else {
        (Vec3::new(1.0, 0.87, 0.85), Vec3::new(1.0, 0.42, 0.36))
    };
    let c = pale.lerp(deep, t);
    Color::srgb(c.x, c.y, c.z)
}

/// A charge as text: `+3`, `−3` (true minus sign), `0`.
pub fn charge_text(net: i32) -> String {
    match net.signum() {
        1 => format!("+{net}"),
        -1 => format!("\u{2212}{}", net.unsigned_abs()),
        _ => "0".to_string(),
    }
}

fn toggle_charge_overlay(keys: Res<ButtonInput<KeyCode>>, mut overlay: ResMut<ChargeOverlay>) {
    if keys.just_pressed(KeyCode::KeyC) {
        overlay.visible = !overlay.visible;
    }
}

fn attach_charge_visuals(
    mut commands: Commands,
    font: Res<PieceFont>,
    squares: Query<Entity, Added<BoardSquare>>,
) {
    for e in &squares {
        commands.entity(e).with_children(|c| {
            c.spawn((
                ChargeTint,
                Sprite::from_color(Color::NONE, Vec2::splat(SQUARE_SIZE_WORLD)),
                Transform::from_xyz(0.0, 0.0, 0.5),
                Visibility::Hidden,
            ));
            c.spawn((
                ChargeLabel,
                Text2d::new(""),
                TextFont {
                    font: font.0.clone().into(),
                    font_size: FontSize::Px(28.0),
                    ..default()
                },
                TextColor(Color::srgba(0.05, 0.05, 0.1, 0.9)),
                // Upper half: the centre stays free for the legal-move dots and the blocker cross.
                Transform::from_xyz(0.0, 27.0, 2.0),
                Visibility::Hidden,
            ));
        });
    }
}

/// Marks the squares that held a refused move (Force Field), clears them on the next move.
fn track_field_blockers(
    game: Res<ActiveGame>,
    view: Res<BoardView>,
    selection: Res<Selection>,
    mut overlay: ResMut<ChargeOverlay>,
    mut rejected: MessageReader<MoveRejected>,
    mut resolved: MessageReader<MoveResolved>,
    mut resync: MessageReader<ResyncRequest>,
) {
    let pos = game.shown();
    let shape = pos.shape();
    let hovered = selection
        .cursor
        .and_then(|c| world_to_square(shape, c, view.flipped));
    if overlay.hovered != hovered {
        overlay.hovered = hovered;
    }
    if resolved.read().count() + resync.read().count() > 0 {
        overlay.blockers.clear();
    }
    for r in rejected.read() {
        overlay.blockers.clear();
        let (Some(from), Some(to)) = (r.mv.get(0..2), r.mv.get(2..4)) else {
            continue;
        };
        if let (Ok(from), Ok(to)) = (shape.parse_square(from), shape.parse_square(to)) {
            overlay.blockers = field_blockers(game.record.current(), &Move::new(from, to));
        }
    }
}

fn update_charge_visuals(
    overlay: Res<ChargeOverlay>,
    squares: Query<(Option<&SquareCharge>, &Children), With<BoardSquare>>,
    mut tints: Query<(&mut Sprite, &mut Visibility), (With<ChargeTint>, Without<ChargeLabel>)>,
    mut labels: Query<(&mut Text2d, &mut Visibility), (With<ChargeLabel>, Without<ChargeTint>)>,
) {
    for (charge, children) in &squares {
        let net = charge.map_or(0, |c| c.net);
        let show = overlay.visible && net != 0;
        let vis = if show {
            Visibility::Inherited
        } else {
            Visibility::Hidden
        };
        for child in children.iter() {
            if let Ok((mut sprite, mut v)) = tints.get_mut(child) {
                v.set_if_neq(vis);
                let c = charge_color(net);
                if show && sprite.color != c {
                    sprite.color = c;
                }
            }
            if let Ok((mut text, mut v)) = labels.get_mut(child) {
                v.set_if_neq(vis);
                let t = charge_text(net);
                if show && text.0 != t {
                    text.0 = t;
                }
            }
        }
    }
}

/// Outlines the selected piece's field (in its colour) and the blocking squares (thick).
fn draw_field_outlines(
    mut gizmos: Gizmos,
    game: Res<ActiveGame>,
    view: Res<BoardView>,
    selection: Res<Selection>,
    overlay: Res<ChargeOverlay>,
    charges: Query<&ChargeContribution>,
) {
    let shape = game.shown().shape();
    let at = |sq| square_to_world(shape, sq, view.flipped);
    if let Some(from) = selection.from {
        for c in charges.iter().filter(|c| c.source == from) {
            let col = match c.side {
                Side::White => Color::srgb(0.1, 0.35, 0.95),
                Side::Black => Color::srgb(0.85, 0.1, 0.05),
            };
            for inset in [6.0, 9.0] {
                gizmos.rect_2d(
                    Isometry2d::from_translation(at(c.square)),
                    Vec2::splat(SQUARE_SIZE_WORLD - inset),
                    col,
                );
            }
        }
    }
    for &b in &overlay.blockers {
        for inset in [2.0, 5.0, 8.0, 11.0] {
            gizmos.rect_2d(
                Isometry2d::from_translation(at(b)),
                Vec2::splat(SQUARE_SIZE_WORLD - inset),
                Color::srgb(1.0, 0.55, 0.0),
            );
        }
        let c = at(b);
        let d = SQUARE_SIZE_WORLD * 0.35;
        gizmos.line_2d(
            c - Vec2::splat(d),
            c + Vec2::splat(d),
            Color::srgb(1.0, 0.55, 0.0),
        );
        gizmos.line_2d(
            c + Vec2::new(-d, d),
            c + Vec2::new(d, -d),
            Color::srgb(1.0, 0.55, 0.0),
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_stronger_charge_is_a_deeper_opaque_colour() {
        let lum = |n: i32| {
            let c = charge_color(n).to_srgba();
            assert_eq!(c.alpha, 1.0);
            c.red + c.green + c.blue
        };
        for n in 1..8 {
            assert!(lum(n + 1) < lum(n), "White {n}");
            assert!(lum(-n - 1) < lum(-n), "Black {n}");
        }
        assert_eq!(lum(8), lum(12));
        let (w, b) = (charge_color(3).to_srgba(), charge_color(-3).to_srgba());
        assert!(w.blue > w.red && b.red > b.blue);
    }
}
