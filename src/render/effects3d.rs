//! The animations' effects in the 3D view, drawn from the same entities the 2D board plays
//! them with ([`animation`](super::animation), [`parity`](super::parity)): each
//! [`TeleportParticle`] gets a glowing spark that follows it across the board and rises
//! along the teleport's arc (so the piece dissolves into light over its flight), the arc
//! itself is drawn in the air, a failed capture's [`MissRing`] is a red ring on the board,
//! and Parity's resting marks ring the pieces' feet. Every model carries
//! `DespawnOnExit(ViewState::ThreeD)` and goes with its 2D entity ([`ModelOf`]). Decides
//! nothing; runs in [`AppSystems::Present`] after the animations.

use bevy::light::NotShadowCaster;
use bevy::prelude::*;

use super::animation::{
    MissRing, TRAIL_SECS, TeleportParticle, TeleportTrails, bezier, particle_color, teleport_via,
};
use super::board2d::BoardGizmos;
use super::board3d::{Model3d, ModelOf, SceneMaterials, SceneMeshes, floor_height};
use super::models;
use super::parity::{MARK_OFFSET, RestingMark};
use super::view::ViewState;
use crate::AppSystems;
use crate::game::ActiveGame;
use crate::rules::Color as Side;

pub(crate) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        (
            attach_effect_models,
            follow_sparks,
            follow_miss_rings,
            follow_resting_marks,
            draw_trails_in_the_air,
        )
            .chain()
            .in_set(AppSystems::Present)
            .after(super::animation::run_miss_rings)
            .after(super::board3d::follow_pieces)
            .run_if(in_state(ViewState::ThreeD)),
    );
}

/// The height of a teleport's arc over the board at its top, world units.
pub const ARC_HEIGHT_WORLD: f32 = 120.0;
/// Height over the board where a teleport's sparks start and end (about a piece's middle).
pub const SPARK_BASE_WORLD: f32 = 40.0;

/// A spark of a teleport in 3D.
#[derive(Component, Debug, Clone, Copy)]
pub struct Spark3d;

/// A failed capture's ring in 3D (its own material, to fade).
#[derive(Component, Debug, Clone, Copy)]
pub struct MissRing3d;

/// A resting piece's ring in 3D.
#[derive(Component, Debug, Clone, Copy)]
pub struct RestingRing3d;

/// The side whose teleport a spark belongs to, told by its colour.
fn spark_side(sprite: &Sprite) -> Side {
    let c = sprite.color.to_srgba().with_alpha(1.0);
    let white = particle_color(Side::White).to_srgba();
    if (c.red - white.red).abs() + (c.blue - white.blue).abs() < 0.05 {
        Side::White
    } else {
        Side::Black
    }
}

/// The effect meshes made once, on the first entry into 3D.
#[derive(Resource, Debug, Clone)]
struct EffectMeshes {
    miss_ring: Handle<Mesh>,
    resting_ring: Handle<Mesh>,
}

/// The entities that carry an effect in 2D.
#[derive(bevy::ecs::system::SystemParam)]
struct EffectSources<'w, 's> {
    sparks: Query<'w, 's, (Entity, &'static Sprite), (With<TeleportParticle>, Without<Model3d>)>,
    rings: Query<'w, 's, Entity, (With<MissRing>, Without<Model3d>)>,
    resting: Query<'w, 's, Entity, (With<RestingMark>, Without<Model3d>)>,
}

/// Gives each spark, failed-capture ring and resting mark its 3D model.
fn attach_effect_models(
    mut commands: Commands,
    sources: EffectSources,
    scene: Res<SceneMeshes>,
    mats: Res<SceneMaterials>,
    mut effect_meshes: Local<Option<EffectMeshes>>,
    mut meshes: ResMut<Assets<Mesh>>,
    mut materials: ResMut<Assets<StandardMaterial>>,
) {
    let em = effect_meshes
        .get_or_insert_with(|| EffectMeshes {
            miss_ring: meshes.add(models::torus(30.0, 3.5, 40, 8).into_mesh()),
            resting_ring: meshes.add(models::torus(35.0, 2.2, 40, 6).into_mesh()),
        })
        .clone();
    for (e, sprite) in &sources.sparks {
        commands.spawn((
            Name::new("Spark"),
            Spark3d,
            ModelOf(e),
            DespawnOnExit(ViewState::ThreeD),
            Mesh3d(scene.spark.clone()),
            MeshMaterial3d(mats.spark[spark_side(sprite).index()].clone()),
            Transform::from_scale(Vec3::ZERO),
            NotShadowCaster,
        ));
    }
    for e in &sources.rings {
        let material = materials.add(StandardMaterial {
            base_color: Color::srgba(0.95, 0.15, 0.1, 0.0),
            emissive: LinearRgba::rgb(0.9, 0.1, 0.05),
            alpha_mode: AlphaMode::Blend,
            unlit: true,
            ..default()
        });
        commands.spawn((
            Name::new("Failed capture ring"),
            MissRing3d,
            ModelOf(e),
            DespawnOnExit(ViewState::ThreeD),
            Mesh3d(em.miss_ring.clone()),
            MeshMaterial3d(material),
            Transform::from_scale(Vec3::ZERO),
            NotShadowCaster,
        ));
    }
    for e in &sources.resting {
        commands.spawn((
            Name::new("Resting ring"),
            RestingRing3d,
            ModelOf(e),
            DespawnOnExit(ViewState::ThreeD),
            Mesh3d(em.resting_ring.clone()),
            MeshMaterial3d(mats.resting.clone()),
            Transform::default(),
            Visibility::Hidden,
            NotShadowCaster,
        ));
    }
}

/// Where a spark of `particle` is: its place on the board plane (from the 2D particle) at
/// the height of the teleport's arc for how far it has flown; its size shrinks to nothing
/// before it leaves and after it lands.
pub fn spark_transform(particle: &TeleportParticle, at: Vec2, scale: f32, alpha: f32) -> Transform {
    let t = ((particle.age - particle.delay) / particle.flight).clamp(0.0, 1.0);
    let k = EasingCurve::new(0.0, 1.0, EaseFunction::SineInOut).sample_clamped(t);
    let z = SPARK_BASE_WORLD + ARC_HEIGHT_WORLD * (k * std::f32::consts::PI).sin();
    Transform::from_translation(at.extend(z)).with_scale(Vec3::splat(scale * alpha.max(0.0)))
}

/// Sparks follow their particles, up along the arc.
fn follow_sparks(
    particles: Query<(&TeleportParticle, &Transform, &Sprite), Without<Spark3d>>,
    mut sparks: Query<(&ModelOf, &mut Transform), With<Spark3d>>,
) {
    for (of, mut tf) in &mut sparks {
        let Ok((p, ptf, sprite)) = particles.get(of.0) else {
            continue;
        };
        *tf = spark_transform(
            p,
            ptf.translation.truncate(),
            ptf.scale.x,
            sprite.color.alpha(),
        );
    }
}

/// Failed-capture rings lie on their square, widening and fading with the 2D ring.
fn follow_miss_rings(
    game: Res<ActiveGame>,
    rings: Query<(&Transform, &Sprite), (With<MissRing>, Without<MissRing3d>)>,
    mut models: Query<
        (&ModelOf, &mut Transform, &MeshMaterial3d<StandardMaterial>),
        With<MissRing3d>,
    >,
    mut materials: ResMut<Assets<StandardMaterial>>,
) {
    let shape = game.shown().shape();
    for (of, mut tf, material) in &mut models {
        let Ok((ring, sprite)) = rings.get(of.0) else {
            continue;
        };
        let at = ring.translation.truncate();
        *tf = Transform::from_translation(at.extend(floor_height(shape, at) + 1.0))
            .with_scale(Vec3::splat(ring.scale.x));
        let alpha = sprite.color.alpha();
        if let Some(m) = materials.get(&material.0)
            && (m.base_color.alpha() - alpha).abs() > 1e-3
            && let Some(mut m) = materials.get_mut(&material.0)
        {
            m.base_color = m.base_color.with_alpha(alpha);
        }
    }
}

/// Parity's resting marks ring the feet of their pieces.
fn follow_resting_marks(
    game: Res<ActiveGame>,
    marks: Query<(&Transform, &Visibility), (With<RestingMark>, Without<RestingRing3d>)>,
    mut models: Query<(&ModelOf, &mut Transform, &mut Visibility), With<RestingRing3d>>,
) {
    let shape = game.shown().shape();
    for (of, mut tf, mut vis) in &mut models {
        let Ok((mark, mark_vis)) = marks.get(of.0) else {
            continue;
        };
        vis.set_if_neq(*mark_vis);
        let scale = mark.scale.x;
        let at = mark.translation.truncate() - MARK_OFFSET * scale;
        let want = Transform::from_translation(at.extend(floor_height(shape, at) + 0.8))
            .with_scale(Vec3::splat(scale));
        if *tf != want {
            *tf = want;
        }
    }
}

/// The teleport arcs, drawn in the air over the board (the 2D board draws them flat).
fn draw_trails_in_the_air(mut gizmos: Gizmos<BoardGizmos>, trails: Res<TeleportTrails>) {
    for t in &trails.0 {
        let a = (1.0 - t.age / TRAIL_SECS).clamp(0.0, 1.0);
        let c = Color::srgba(0.62, 0.42, 1.0, 0.9 * a);
        let via = teleport_via(t.from, t.to);
        let n = 28;
        let drawn = ((t.age / (TRAIL_SECS * 0.3)).min(1.0) * n as f32) as usize;
        let pts = (0..=drawn).map(|i| {
            let s = i as f32 / n as f32;
            let k = EasingCurve::new(0.0, 1.0, EaseFunction::SineInOut).sample_clamped(s);
            bezier(t.from, via, t.to, k)
                .extend(SPARK_BASE_WORLD + ARC_HEIGHT_WORLD * (k * std::f32::consts::PI).sin())
        });
        gizmos.linestrip(pts, c);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_spark_rises_along_the_arc_and_is_invisible_before_it_leaves() {
        let p = |age: f32| TeleportParticle {
            from: Vec2::ZERO,
            via: Vec2::new(0.0, 100.0),
            to: Vec2::new(0.0, 200.0),
            delay: 0.1,
            flight: 0.5,
            age,
        };
        let before = spark_transform(&p(0.05), Vec2::ZERO, 1.0, 0.0);
        assert_eq!(before.scale, Vec3::ZERO);
        assert_eq!(before.translation.z, SPARK_BASE_WORLD);
        let top = spark_transform(&p(0.35), Vec2::ZERO, 1.0, 1.0);
        assert!((top.translation.z - SPARK_BASE_WORLD - ARC_HEIGHT_WORLD).abs() < 1.0);
        let landed = spark_transform(&p(0.6), Vec2::ZERO, 1.0, 0.5);
        assert!((landed.translation.z - SPARK_BASE_WORLD).abs() < 1e-3);
    }
}
