//! Piece visuals: each [`PieceEntity`] gets two sprite children — a soft shadow on the board
//! and the piece drawing of the chosen set ([`art`](super::art), rasterised at the on-screen
//! size). The root entity's [`Transform`] is where the piece stands (the animations move
//! it); [`PieceFade`] and [`PieceLift`] shape its look: opacity, and how far it is lifted off
//! the board (the drawing rises and grows a little, the shadow spreads and pales).

use bevy::prelude::*;

use super::SQUARE_SIZE_WORLD;
use super::art::{ArtImages, PIECE_SHARE, Shape};
use crate::AppSystems;
use crate::game::PieceEntity;
use crate::rules::{Color as Side, PieceKind};

/// `DejaVu` Sans, embedded in the binary (`assets/fonts/DejaVuSans.ttf`, licence in
/// `assets/fonts/LICENSE-DejaVu.txt`): board labels and the interface.
pub const FONT_BYTES: &[u8] = include_bytes!("../../assets/fonts/DejaVuSans.ttf");

pub(crate) fn plugin(app: &mut App) {
    app.add_systems(PreStartup, load_piece_font).add_systems(
        Update,
        (
            attach_piece_visuals.in_set(AppSystems::Present),
            apply_piece_look
                .in_set(AppSystems::Present)
                .after(super::animation::place_idle_pieces),
        ),
    );
}

/// The font of the board labels.
#[derive(Resource, Debug, Clone)]
pub struct PieceFont(pub Handle<Font>);

/// How visible a piece is (1 = opaque), driven by the animations.
#[derive(Component, Debug, Clone, Copy, PartialEq)]
pub struct PieceFade(pub f32);

/// How far a piece is lifted off the board: 0 at rest, 1 at the top of a move's lift.
#[derive(Component, Debug, Clone, Copy, PartialEq, Default)]
pub struct PieceLift(pub f32);

/// The drawing child of a piece.
#[derive(Component, Debug, Clone, Copy)]
pub struct PieceDrawing;

/// The shadow child of a piece.
#[derive(Component, Debug, Clone, Copy)]
pub struct PieceShadow;

/// How far apart, in world units of depth, the drawings of different pieces stand: each
/// side and kind has its own depth ([`drawing_z`]), so that the renderer, which sorts by
/// depth and starts a new draw call wherever the image changes, draws all pieces of one
/// image together. Pieces at rest never overlap, so the order between kinds shows only
/// where two pieces cross during an animation.
pub const DRAWING_Z_STEP: f32 = 0.004;

/// The depth of a drawing of `side`'s `kind` relative to its piece: from 0 (White's first
/// kind) to under 0.1, always above the shadows (at −0.5).
pub fn drawing_z(side: Side, kind: PieceKind) -> f32 {
    let slot = side.index() * PieceKind::ALL.len()
        + PieceKind::ALL.iter().position(|&k| k == kind).unwrap_or(0);
    slot as f32 * DRAWING_Z_STEP
}

/// World units a fully lifted piece rises.
pub const LIFT_RISE_WORLD: f32 = 9.0;
/// How much larger a fully lifted piece is drawn (share).
pub const LIFT_GROW: f32 = 0.07;
/// The shadow's opacity at rest.
pub const SHADOW_ALPHA: f32 = 0.42;

fn load_piece_font(mut commands: Commands, mut fonts: ResMut<Assets<Font>>) {
    let handle = fonts.add(Font::from_bytes(FONT_BYTES.to_vec()));
    commands.insert_resource(PieceFont(handle));
}

/// The shadow's offset from the piece's foot (down and to the right, the light being upper
/// left) and size, in world units, for a lift of `lift`.
pub fn shadow_geometry(lift: f32) -> (Vec2, Vec2) {
    let l = lift.clamp(0.0, 1.5);
    let offset = Vec2::new(4.0 + 5.0 * l, -36.0 - 2.0 * l);
    let size = Vec2::new(66.0 + 14.0 * l, 22.0 + 5.0 * l);
    (offset, size)
}

/// Spawns the shadow and drawing of new pieces and swaps the drawing when a piece changes
/// kind (promotion).
pub(crate) fn attach_piece_visuals(
    mut commands: Commands,
    art: Res<ArtImages>,
    pieces: Query<(Entity, &PieceEntity, Option<&Children>), Changed<PieceEntity>>,
    mut drawings: Query<(&mut Sprite, &mut Transform), With<PieceDrawing>>,
) {
    for (entity, piece, children) in &pieces {
        let image = art.piece(piece.side, piece.kind);
        if let Some(children) = children {
            let mut found = false;
            for c in children.iter() {
                if let Ok((mut sprite, mut tf)) = drawings.get_mut(c) {
                    sprite.image = image.clone();
                    tf.translation.z = drawing_z(piece.side, piece.kind);
                    found = true;
                }
            }
            if found {
                continue;
            }
        }
        let (offset, size) = shadow_geometry(0.0);
        commands
            .entity(entity)
            .insert((PieceFade(1.0), PieceLift(0.0)))
            .with_children(|p| {
                p.spawn((
                    PieceShadow,
                    Sprite {
                        image: art.shape(Shape::Shadow),
                        color: Color::srgba(0.0, 0.0, 0.0, SHADOW_ALPHA),
                        custom_size: Some(size),
                        ..default()
                    },
                    Transform::from_translation(offset.extend(-0.5)),
                ));
                p.spawn((
                    PieceDrawing,
                    Sprite {
                        image,
                        custom_size: Some(Vec2::splat(SQUARE_SIZE_WORLD * PIECE_SHARE)),
                        ..default()
                    },
                    Transform::from_xyz(0.0, 0.0, drawing_z(piece.side, piece.kind)),
                ));
            });
    }
}

/// Copies each piece's fade and lift into its drawing and shadow.
fn apply_piece_look(
    pieces: Query<
        (&PieceFade, &PieceLift, &Children),
        Or<(Changed<PieceFade>, Changed<PieceLift>)>,
    >,
    mut drawings: Query<(&mut Sprite, &mut Transform), (With<PieceDrawing>, Without<PieceShadow>)>,
    mut shadows: Query<(&mut Sprite, &mut Transform), (With<PieceShadow>, Without<PieceDrawing>)>,
) {
    for (fade, lift, children) in &pieces {
        let a = fade.0.clamp(0.0, 1.0);
        let l = lift.0.max(0.0);
        for c in children.iter() {
            if let Ok((mut sprite, mut tf)) = drawings.get_mut(c) {
                let color = Color::WHITE.with_alpha(a);
                if sprite.color != color {
                    sprite.color = color;
                }
                let t = Vec3::new(0.0, LIFT_RISE_WORLD * l, tf.translation.z);
                let s = Vec3::splat(1.0 + LIFT_GROW * l);
                if tf.translation != t || tf.scale != s {
                    tf.translation = t;
                    tf.scale = s;
                }
            }
            if let Ok((mut sprite, mut tf)) = shadows.get_mut(c) {
                let (offset, size) = shadow_geometry(l);
                let color =
                    Color::srgba(0.0, 0.0, 0.0, SHADOW_ALPHA * a * (1.0 - 0.35 * l.min(1.0)));
                if sprite.color != color {
                    sprite.color = color;
                }
                if sprite.custom_size != Some(size) {
                    sprite.custom_size = Some(size);
                }
                let t = offset.extend(-0.5);
                if tf.translation != t {
                    tf.translation = t;
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_side_and_kind_draws_at_its_own_depth_between_the_shadows_and_the_moving_layer() {
        let mut depths: Vec<f32> = [Side::White, Side::Black]
            .into_iter()
            .flat_map(|s| PieceKind::ALL.map(|k| drawing_z(s, k)))
            .collect();
        let n = depths.len();
        depths.sort_by(f32::total_cmp);
        depths.dedup();
        assert_eq!(depths.len(), n, "two kinds share a depth");
        assert_eq!(depths[0], 0.0);
        assert!(*depths.last().unwrap() < 0.1);
    }

    #[test]
    fn a_lifted_piece_casts_a_wider_shadow_further_off() {
        let (o0, s0) = shadow_geometry(0.0);
        let (o1, s1) = shadow_geometry(1.0);
        assert_eq!(o0, Vec2::new(4.0, -36.0));
        assert_eq!(s0, Vec2::new(66.0, 22.0));
        assert!(o1.x > o0.x && o1.y < o0.y);
        assert!(s1.x > s0.x && s1.y > s0.y);
    }
}
