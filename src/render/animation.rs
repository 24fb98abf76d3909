//! Stage-by-stage animation of what the stage sets applied, one batch per stage (a batch
//! starts when the previous one ends, so the Esoteric teleport follows the Exoteric slide):
//! - a slide lifts the piece a little off the board on its way (its shadow spreads);
//! - a capture knocks the captured piece aside, away from the piece that took it, and fades
//!   it (the board holds it with [`HeldForPresentation`] until then);
//! - a teleport dissolves the piece into particles on the exoteric square that fly along a
//!   visible arc and condense into it on the esoteric square;
//! - Parity's landings play in one batch, so both pieces arrive on the same beat; two
//!   pieces landing on one square meet in its middle and then split to its two halves;
//! - a failed capture (Parity: the target had gone) lands with a bounce and a red ring.
//!
//! What plays comes only from the game's motions ([`StageAnimationRequested`]: slides,
//! shared landings, bounces, teleports, captures with their takers' squares); nothing here
//! decides a rule or reads the rules' effects. Built on Bevy's curves
//! ([`EasingCurve`], [`EaseFunction`]). Speed 0 turns animation off;
//! [`AnimationSettings::reduce_motion`] replaces travel, lifts, particles and bounces by
//! short fades.

use std::collections::VecDeque;

use bevy::prelude::*;

use super::art::{ArtImages, Shape};
use super::board2d::BoardGizmos;
use super::picking::Selection;
use super::pieces::{PieceFade, PieceLift};
use super::{BoardView, SQUARE_SIZE_WORLD, square_to_world};
use crate::AppSystems;
use crate::game::session::AnimationsPlaying;
use crate::game::{
    ActiveGame, Captured, HeldForPresentation, Motion, MotionStep, OnSquare, PieceEntity,
    StageAnimationRequested,
};
use crate::rules::{BoardShape, Color as Side};

/// Seconds of a slide at speed 1.
pub const SLIDE_SECS: f32 = 0.35;
/// Seconds of a slide onto a square two pieces then share (meet, then split) at speed 1.
pub const SHARED_SLIDE_SECS: f32 = 0.6;
/// Seconds of a failed capture's landing (slide and bounce) at speed 1.
pub const BOUNCE_SECS: f32 = 0.7;
/// Seconds of a teleport (dissolve, flight, condense) at speed 1.
pub const TELEPORT_SECS: f32 = 0.9;
/// Seconds of a capture (knocked aside and faded) at speed 1.
pub const VANISH_SECS: f32 = 0.45;
/// Seconds of a pulse (pass-through, promotion) at speed 1.
pub const PULSE_SECS: f32 = 0.35;
/// Seconds a teleport's arc stays visible at speed 1.
pub const TRAIL_SECS: f32 = 1.4;
/// Seconds a failed capture's ring plays.
pub const MISS_RING_SECS: f32 = 0.8;
/// Share of a duration that reduced motion keeps.
pub const REDUCED_SHARE: f32 = 0.6;
/// Particles of one teleport.
pub const TELEPORT_PARTICLES: usize = 34;
/// World units a captured piece is knocked aside.
pub const KNOCK_WORLD: f32 = 42.0;
/// Z of pieces at rest.
pub const PIECE_Z: f32 = 10.0;
/// Z of moving pieces.
pub const MOVING_Z: f32 = 20.0;
/// Z of a captured piece being knocked aside (under the piece that took it).
pub const KNOCKED_Z: f32 = 15.0;

pub(crate) fn plugin(app: &mut App) {
    app.init_resource::<AnimationSettings>()
        .init_resource::<AnimationQueue>()
        .init_resource::<TeleportTrails>()
        .add_observer(hold_captured_pieces)
        .add_systems(
            Update,
            (
                queue_stage_animations,
                run_animations,
                place_idle_pieces,
                run_particles,
                run_miss_rings,
                // The 3D view draws the arcs in the air instead.
                draw_trails.run_if(in_state(super::view::ViewState::TwoD)),
                report_animations,
            )
                .chain()
                .in_set(AppSystems::Present)
                .after(super::pieces::attach_piece_visuals),
        );
}

/// Tells the game whether motions are still playing (its [`GamePhase::Animating`]).
///
/// [`GamePhase::Animating`]: crate::game::GamePhase::Animating
fn report_animations(queue: Res<AnimationQueue>, mut playing: ResMut<AnimationsPlaying>) {
    playing.set_if_neq(AnimationsPlaying(!queue.0.is_empty()));
}

/// A piece the game marks captured stays on screen for its fade-out: the board holds it
/// until its animation ends (the game then despawns it).
fn hold_captured_pieces(on: On<Add, Captured>, mut commands: Commands) {
    if let Ok(mut e) = commands.get_entity(on.entity) {
        e.insert(HeldForPresentation);
    }
}

/// Animation settings.
#[derive(Resource, Debug, Clone, Copy, PartialEq)]
pub struct AnimationSettings {
    /// Speed factor; 0 turns animations off.
    pub speed: f32,
    /// Short fades instead of travel, lifts, particles and bounces.
    pub reduce_motion: bool,
}

impl Default for AnimationSettings {
    fn default() -> Self {
        AnimationSettings {
            speed: 1.0,
            reduce_motion: false,
        }
    }
}

/// How one step of a batch plays, decided when the batch is queued from the rules' effects
/// and the entities' squares.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum StepStyle {
    /// A plain slide, teleport or pulse.
    Plain,
    /// A slide onto a square it will share: meet in the middle, then split.
    Shared,
    /// A slide whose capture failed: it lands with a bounce.
    Bounce,
    /// A capture: knocked aside along this direction (unit vector, world).
    Knock(Vec2),
}

/// One stage's motions, played together.
#[derive(Debug, Clone)]
pub struct Batch {
    /// The motions.
    pub steps: Vec<MotionStep>,
    /// How each step plays.
    pub styles: Vec<StepStyle>,
    /// Seconds each step waits within the batch (a capture waits for its taker to arrive).
    pub delays: Vec<f32>,
    /// Seconds played (scaled by speed).
    pub elapsed: f32,
    /// Whether the batch's start (particles, arcs) has been spawned.
    pub started: bool,
}

impl Batch {
    /// Seconds until every step has ended.
    pub fn duration(&self, reduced: bool) -> f32 {
        self.steps
            .iter()
            .enumerate()
            .map(|(i, s)| self.delays[i] + step_secs(&s.motion, self.styles[i], reduced))
            .fold(0.0, f32::max)
    }

    fn touches(&self, e: Entity) -> bool {
        self.steps.iter().any(|s| s.entity == e)
    }
}

/// Seconds of one step at speed 1.
pub fn step_secs(m: &Motion, style: StepStyle, reduced: bool) -> f32 {
    let s = match (m, style) {
        (Motion::Share { .. }, _) | (Motion::Slide { .. }, StepStyle::Shared) => SHARED_SLIDE_SECS,
        (Motion::Bounce { .. }, _) | (Motion::Slide { .. }, StepStyle::Bounce) => BOUNCE_SECS,
        (Motion::Slide { .. }, _) => SLIDE_SECS,
        (Motion::Teleport { .. }, _) => TELEPORT_SECS,
        (Motion::Capture { .. }, _) => VANISH_SECS,
        (Motion::Pulse { .. }, _) => PULSE_SECS,
    };
    if reduced { s * REDUCED_SHARE } else { s }
}

/// Stage batches waiting or playing (front = playing).
#[derive(Resource, Debug, Clone, Default)]
pub struct AnimationQueue(pub VecDeque<Batch>);

impl AnimationQueue {
    /// Whether any queued batch moves `e`.
    pub fn touches(&self, e: Entity) -> bool {
        self.0.iter().any(|b| b.touches(e))
    }
}

/// A fading arc from an exoteric to an esoteric square.
#[derive(Debug, Clone, Copy)]
pub struct Trail {
    /// Start (world).
    pub from: Vec2,
    /// End (world).
    pub to: Vec2,
    /// Seconds since it appeared.
    pub age: f32,
}

/// Teleport arcs being drawn.
#[derive(Resource, Debug, Clone, Default)]
pub struct TeleportTrails(pub Vec<Trail>);

/// One particle of a teleport, flying from the exoteric to the esoteric square.
#[derive(Component, Debug, Clone, Copy)]
pub struct TeleportParticle {
    /// Start (world).
    pub from: Vec2,
    /// Control point of its arc (world).
    pub via: Vec2,
    /// End (world).
    pub to: Vec2,
    /// Seconds before it leaves.
    pub delay: f32,
    /// Seconds of its flight.
    pub flight: f32,
    /// Seconds played.
    pub age: f32,
}

/// The ring of a failed capture, widening and fading on its square.
#[derive(Component, Debug, Clone, Copy)]
pub struct MissRing {
    /// Seconds played.
    pub age: f32,
}

/// The bow of a teleport arc: the control point's offset from the chord's middle, as a share
/// of the chord's length, towards the top of the screen.
pub fn teleport_via(from: Vec2, to: Vec2) -> Vec2 {
    let d = to - from;
    let mut n = d.perp().normalize_or_zero();
    if n.y < 0.0 || (n.y == 0.0 && n.x < 0.0) {
        n = -n;
    }
    (from + to) / 2.0 + n * (0.35 * d.length()).max(40.0)
}

/// The point at `t` ∈ [0, 1] of the quadratic Bézier curve from `a` through `b` to `c`.
pub fn bezier(a: Vec2, b: Vec2, c: Vec2, t: f32) -> Vec2 {
    a * (1.0 - t) * (1.0 - t) + b * 2.0 * t * (1.0 - t) + c * t * t
}

/// A deterministic pseudo-random number in [−1, 1] for particle `i`, channel `k`.
fn jitter(i: usize, k: u32) -> f32 {
    let mut h = (i as u32).wrapping_mul(0x9e37_79b9) ^ k.wrapping_mul(0x85eb_ca6b);
    h ^= h >> 13;
    h = h.wrapping_mul(0xc2b2_ae35);
    h ^= h >> 16;
    (h & 0xffff) as f32 / 32767.5 - 1.0
}

/// Queues the game's motions for playing, with how each plays: a shared landing meets and
/// splits, a failed capture bounces, a capture is knocked away from its taker's square (the
/// game names it) and waits for the taker's contact when both come in one batch.
fn queue_stage_animations(
    mut requests: MessageReader<StageAnimationRequested>,
    mut shown: MessageReader<crate::game::PositionShown>,
    mut queue: ResMut<AnimationQueue>,
    mut trails: ResMut<TeleportTrails>,
    game: Res<ActiveGame>,
    view: Res<BoardView>,
    pieces: Query<&PieceEntity>,
) {
    if shown.read().any(|s| s.rebuilt) {
        queue.0.clear();
        trails.0.clear();
    }
    let shape = game.record.current().shape();
    let at = |sq| square_to_world(shape, sq, view.flipped);
    for r in requests.read() {
        let mut steps = Vec::with_capacity(r.steps.len());
        let mut styles = Vec::with_capacity(r.steps.len());
        let mut delays = Vec::with_capacity(r.steps.len());
        for s in &r.steps {
            let side = pieces.get(s.entity).map(|p| p.side).ok();
            let (motion, style, delay) = match s.motion {
                Motion::Share { from, to } => (Motion::Slide { from, to }, StepStyle::Shared, 0.0),
                Motion::Bounce { from, to } => (Motion::Slide { from, to }, StepStyle::Bounce, 0.0),
                Motion::Capture { at: sq, by } => {
                    let dir = by
                        .map(|from| (at(sq) - at(from)).normalize_or_zero())
                        .filter(|d| *d != Vec2::ZERO)
                        .unwrap_or(match side {
                            Some(Side::White) if !view.flipped => Vec2::NEG_Y,
                            Some(Side::Black) if view.flipped => Vec2::NEG_Y,
                            _ => Vec2::Y,
                        });
                    // A capture in the batch of its taker's arrival waits for the contact.
                    let taker = r.steps.iter().any(|o| {
                        o.entity != s.entity && o.motion.travel().is_some_and(|(_, to)| to == sq)
                    });
                    (
                        s.motion,
                        StepStyle::Knock(dir),
                        if taker { SLIDE_SECS * 0.7 } else { 0.0 },
                    )
                }
                m => (m, StepStyle::Plain, 0.0),
            };
            steps.push(MotionStep {
                entity: s.entity,
                motion,
            });
            styles.push(style);
            delays.push(delay);
        }
        queue.0.push_back(Batch {
            steps,
            styles,
            delays,
            elapsed: 0.0,
            started: false,
        });
    }
}

/// The position, lift, opacity, scale and rotation of a step's piece at `t` (0–1 of its
/// duration). Pure: the headless tests and the renderer use the same curves.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Pose {
    /// Where the piece's foot stands (world).
    pub at: Vec2,
    /// Lift off the board (see [`PieceLift`]).
    pub lift: f32,
    /// Opacity.
    pub fade: f32,
    /// Scale.
    pub scale: f32,
    /// Rotation (radians, counter-clockwise).
    pub turn: f32,
}

/// The pose of a piece stepping `motion` in `style` at `t` ∈ [0, 1]; `shared_end` is where
/// a piece sharing its landing square stands (its half of the square).
pub fn pose(
    shape: BoardShape,
    flipped: bool,
    motion: &Motion,
    style: StepStyle,
    shared_end: Vec2,
    reduced: bool,
    t: f32,
) -> Pose {
    let at = |sq| square_to_world(shape, sq, flipped);
    let t = t.clamp(0.0, 1.0);
    let rest = |p: Vec2| Pose {
        at: p,
        lift: 0.0,
        fade: 1.0,
        scale: 1.0,
        turn: 0.0,
    };
    match *motion {
        Motion::Slide { from, to } | Motion::Share { from, to } | Motion::Bounce { from, to } => {
            let (a, b) = (at(from), at(to));
            match style {
                StepStyle::Shared => {
                    // Meet in the middle of the square (78 % of the time), then split.
                    let meet = 0.78;
                    if t < meet {
                        let k = t / meet;
                        let p = EasingCurve::new(a, b, EaseFunction::CubicInOut).sample_clamped(k);
                        Pose {
                            lift: if reduced {
                                0.0
                            } else {
                                (k * std::f32::consts::PI).sin()
                            },
                            ..rest(p)
                        }
                    } else {
                        let k = (t - meet) / (1.0 - meet);
                        let p = EasingCurve::new(b, shared_end, EaseFunction::BackOut)
                            .sample_clamped(k);
                        Pose {
                            scale: 1.0 - 0.3 * k.min(1.0),
                            ..rest(p)
                        }
                    }
                }
                StepStyle::Bounce if !reduced => {
                    // Travels high, finds nothing to take and bounces on landing.
                    let travel = 0.55;
                    if t < travel {
                        let k = t / travel;
                        let p = EasingCurve::new(a, b, EaseFunction::CubicInOut).sample_clamped(k);
                        Pose {
                            lift: 1.6
                                * EasingCurve::new(0.0, 1.0, EaseFunction::QuadraticOut)
                                    .sample_clamped(k),
                            ..rest(p)
                        }
                    } else {
                        let k = (t - travel) / (1.0 - travel);
                        Pose {
                            lift: 1.6
                                * EasingCurve::new(1.0, 0.0, EaseFunction::BounceOut)
                                    .sample_clamped(k),
                            ..rest(b)
                        }
                    }
                }
                _ => {
                    let p = EasingCurve::new(a, b, EaseFunction::CubicInOut).sample_clamped(t);
                    Pose {
                        lift: if reduced {
                            0.0
                        } else {
                            (t * std::f32::consts::PI).sin()
                        },
                        ..rest(p)
                    }
                }
            }
        }
        Motion::Teleport { from, to } => {
            let (a, b) = (at(from), at(to));
            if reduced {
                return if t < 0.5 {
                    Pose {
                        fade: 1.0 - t * 2.0,
                        ..rest(a)
                    }
                } else {
                    Pose {
                        fade: t * 2.0 - 1.0,
                        ..rest(b)
                    }
                };
            }
            // Dissolve (0–30 %), in flight as particles, condense (70–100 %).
            if t < 0.5 {
                let k = (t / 0.3).min(1.0);
                Pose {
                    fade: EasingCurve::new(1.0, 0.0, EaseFunction::QuadraticIn).sample_clamped(k),
                    scale: 1.0 - 0.4 * k,
                    lift: 0.6 * k,
                    ..rest(a)
                }
            } else {
                let k = ((t - 0.7) / 0.3).clamp(0.0, 1.0);
                Pose {
                    fade: EasingCurve::new(0.0, 1.0, EaseFunction::QuadraticOut).sample_clamped(k),
                    scale: 1.35
                        - 0.35
                            * EasingCurve::new(0.0, 1.0, EaseFunction::BackOut).sample_clamped(k),
                    lift: 0.6 * (1.0 - k),
                    ..rest(b)
                }
            }
        }
        Motion::Capture { at: sq, .. } => {
            let p = at(sq);
            let fade = EasingCurve::new(1.0, 0.0, EaseFunction::QuadraticIn).sample_clamped(t);
            match style {
                StepStyle::Knock(dir) if !reduced => {
                    let k = EasingCurve::new(0.0, 1.0, EaseFunction::QuarticOut).sample_clamped(t);
                    let spin = if dir.x.abs() > 0.1 {
                        -dir.x.signum()
                    } else {
                        1.0
                    };
                    Pose {
                        at: p + dir * KNOCK_WORLD * k + dir.perp() * 8.0 * k,
                        lift: 0.8 * (t * std::f32::consts::PI).sin(),
                        fade,
                        scale: 1.0 - 0.15 * k,
                        turn: spin * 0.7 * k,
                    }
                }
                _ => Pose { fade, ..rest(p) },
            }
        }
        Motion::Pulse { at: sq } => {
            let k = 1.0 - (2.0 * t - 1.0).abs();
            Pose {
                scale: if reduced {
                    1.0
                } else {
                    EasingCurve::new(1.0, 1.18, EaseFunction::SineInOut).sample_clamped(k)
                },
                ..rest(at(sq))
            }
        }
    }
}

/// The colour of a side's teleport particles.
pub fn particle_color(side: Side) -> Color {
    match side {
        Side::White => Color::srgb(1.0, 0.86, 0.45),
        Side::Black => Color::srgb(0.72, 0.45, 1.0),
    }
}

/// The animation's clock: the frame time and the player's speed and motion settings.
#[derive(bevy::ecs::system::SystemParam)]
struct AnimationClock<'w> {
    time: Res<'w, Time>,
    settings: Res<'w, AnimationSettings>,
}

/// What a batch's start shows besides the pieces: teleport trails and particles, and the
/// news that it started (for its sound).
#[derive(bevy::ecs::system::SystemParam)]
struct BatchStart<'w> {
    art: Res<'w, ArtImages>,
    trails: ResMut<'w, TeleportTrails>,
    started: MessageWriter<'w, crate::sound::MotionsStarted>,
}

fn run_animations(
    mut commands: Commands,
    clock: AnimationClock,
    view: Res<BoardView>,
    game: Res<ActiveGame>,
    mut queue: ResMut<AnimationQueue>,
    start: BatchStart,
    mut pieces: Query<(&mut Transform, &mut PieceFade, &mut PieceLift, &PieceEntity)>,
) {
    let AnimationClock { time, settings } = clock;
    let BatchStart {
        art,
        mut trails,
        mut started,
    } = start;
    let shape = game.record.current().shape();
    let at = |sq| square_to_world(shape, sq, view.flipped);
    let off = settings.speed <= 0.0;
    let reduced = settings.reduce_motion;
    let dt = time.delta_secs() * settings.speed.max(0.0);
    while let Some(batch) = queue.0.front_mut() {
        if !batch.started {
            batch.started = true;
            started.write(crate::sound::MotionsStarted(
                batch.steps.iter().map(|s| s.motion).collect(),
            ));
            for step in &batch.steps {
                let Motion::Teleport { from, to } = step.motion else {
                    continue;
                };
                if off {
                    continue;
                }
                trails.0.push(Trail {
                    from: at(from),
                    to: at(to),
                    age: 0.0,
                });
                if reduced {
                    continue;
                }
                let side = pieces
                    .get(step.entity)
                    .map_or(Side::White, |(_, _, _, p)| p.side);
                let (a, b) = (at(from), at(to));
                let via = teleport_via(a, b);
                for i in 0..TELEPORT_PARTICLES {
                    let j = |k| jitter(i, k);
                    let spread = SQUARE_SIZE_WORLD * 0.3;
                    commands.spawn((
                        Name::new("Teleport particle"),
                        TeleportParticle {
                            from: a + Vec2::new(j(1), j(2)) * spread,
                            via: via + Vec2::new(j(3), j(4)) * spread * 0.8,
                            to: b + Vec2::new(j(5), j(6)) * spread * 0.7,
                            delay: TELEPORT_SECS * (0.08 + 0.16 * (j(7) + 1.0) / 2.0),
                            flight: TELEPORT_SECS * (0.5 + 0.1 * j(8)),
                            age: 0.0,
                        },
                        Sprite {
                            image: art.shape(Shape::Spark),
                            color: particle_color(side).with_alpha(0.0),
                            custom_size: Some(Vec2::splat(16.0 + 10.0 * j(9).abs())),
                            ..default()
                        },
                        Transform::from_translation(a.extend(MOVING_Z + 1.0)),
                    ));
                }
            }
        }
        batch.elapsed += if off { f32::INFINITY } else { dt };
        let duration = batch.duration(reduced);
        let done = batch.elapsed >= duration;
        for (i, step) in batch.steps.iter().enumerate() {
            let style = batch.styles[i];
            let secs = step_secs(&step.motion, style, reduced);
            let t = ((batch.elapsed - batch.delays[i]) / secs).clamp(0.0, 1.0);
            let Ok((mut tf, mut fade, mut lift, piece)) = pieces.get_mut(step.entity) else {
                continue;
            };
            let shared_end = match step.motion {
                Motion::Slide { to, .. } => at(to) + shared_offset(piece.side, view.flipped),
                _ => Vec2::ZERO,
            };
            let p = pose(
                shape,
                view.flipped,
                &step.motion,
                style,
                shared_end,
                reduced,
                t,
            );
            let z = match step.motion {
                Motion::Capture { .. } => KNOCKED_Z,
                _ => MOVING_Z,
            };
            tf.translation = p.at.extend(z);
            tf.scale = Vec3::splat(p.scale);
            tf.rotation = Quat::from_rotation_z(p.turn);
            if fade.0 != p.fade {
                fade.0 = p.fade;
            }
            if lift.0 != p.lift {
                lift.0 = p.lift;
            }
        }
        if !done {
            break;
        }
        let finished = queue.0.pop_front();
        if let Some(b) = finished {
            for step in b.steps {
                if let Motion::Capture { .. } = step.motion
                    && let Ok(mut e) = commands.get_entity(step.entity)
                {
                    e.remove::<HeldForPresentation>();
                }
            }
        }
        if !off {
            break;
        }
    }
    for trail in &mut trails.0 {
        trail.age += dt.max(if off { TRAIL_SECS } else { 0.0 });
    }
    trails.0.retain(|t| t.age < TRAIL_SECS);
}

/// Moves the teleport particles along their arcs and removes those that have landed.
fn run_particles(
    mut commands: Commands,
    time: Res<Time>,
    settings: Res<AnimationSettings>,
    mut particles: Query<(Entity, &mut TeleportParticle, &mut Transform, &mut Sprite)>,
) {
    let dt = time.delta_secs() * settings.speed.max(0.0);
    let off = settings.speed <= 0.0;
    for (e, mut p, mut tf, mut sprite) in &mut particles {
        p.age += dt;
        let t = (p.age - p.delay) / p.flight;
        if off || t >= 1.0 {
            commands.entity(e).despawn();
            continue;
        }
        let k = EasingCurve::new(0.0, 1.0, EaseFunction::SineInOut).sample_clamped(t.max(0.0));
        tf.translation = bezier(p.from, p.via, p.to, k).extend(MOVING_Z + 1.0);
        let a = if t < 0.0 {
            0.0
        } else {
            (t * std::f32::consts::PI).sin().powf(0.6)
        };
        sprite.color = sprite.color.with_alpha(a);
        tf.scale = Vec3::splat(1.0 - 0.4 * (t.max(0.0) * std::f32::consts::PI).sin());
    }
}

/// Spawns a widening red ring on each failed capture's square and plays it.
pub(crate) fn run_miss_rings(
    mut commands: Commands,
    time: Res<Time>,
    settings: Res<AnimationSettings>,
    game: Res<ActiveGame>,
    view: Res<BoardView>,
    art: Res<ArtImages>,
    mut motions: MessageReader<StageAnimationRequested>,
    mut rings: Query<(Entity, &mut MissRing, &mut Transform, &mut Sprite)>,
) {
    let shape = game.record.current().shape();
    for m in motions.read() {
        for step in &m.steps {
            if let Motion::Bounce { to: at, .. } = &step.motion {
                commands.spawn((
                    Name::new("Failed capture ring"),
                    MissRing { age: 0.0 },
                    Sprite {
                        image: art.shape(Shape::Ring),
                        color: Color::srgba(0.95, 0.15, 0.1, 0.0),
                        custom_size: Some(Vec2::splat(SQUARE_SIZE_WORLD)),
                        ..default()
                    },
                    Transform::from_translation(
                        square_to_world(shape, *at, view.flipped).extend(MARKER_RING_Z),
                    ),
                ));
            }
        }
    }
    let dt = time.delta_secs() * settings.speed.max(0.0);
    for (e, mut ring, mut tf, mut sprite) in &mut rings {
        // The ring appears as the piece lands (after its travel).
        ring.age += if settings.speed <= 0.0 {
            MISS_RING_SECS * 2.0
        } else {
            dt
        };
        let t = (ring.age - BOUNCE_SECS * 0.5) / MISS_RING_SECS;
        if t >= 1.0 {
            commands.entity(e).despawn();
            continue;
        }
        let k = t.max(0.0);
        let a = if t < 0.0 { 0.0 } else { 0.9 * (1.0 - k) };
        sprite.color = sprite.color.with_alpha(a);
        tf.scale = Vec3::splat(if settings.reduce_motion {
            1.0
        } else {
            0.8 + 0.5 * k
        });
    }
}

/// Z of a failed capture's ring (under the pieces).
const MARKER_RING_Z: f32 = 6.0;

/// Pieces no queued animation touches stand on their square (or follow the cursor while
/// dragged); captured pieces with nothing left to play are released to the game, which
/// despawns them.
pub(crate) fn place_idle_pieces(
    mut commands: Commands,
    view: Res<BoardView>,
    game: Res<ActiveGame>,
    queue: Res<AnimationQueue>,
    selection: Res<Selection>,
    mut pieces: Query<(
        Entity,
        &PieceEntity,
        Option<&OnSquare>,
        Has<Captured>,
        &mut Transform,
        &mut PieceFade,
        &mut PieceLift,
    )>,
) {
    let shape = game.shown().shape();
    // Parity: two pieces sharing a square stand side by side (White left).
    let mut count = vec![0u8; shape.len()];
    for (_, _, on, captured, _, _, _) in &pieces {
        if let (Some(on), false) = (on, captured) {
            count[on.0.index()] += 1;
        }
    }
    for (e, piece, on, captured, mut tf, mut fade, mut lift) in &mut pieces {
        if queue.touches(e) {
            continue;
        }
        if captured {
            commands.entity(e).remove::<HeldForPresentation>();
            continue;
        }
        let Some(on) = on else { continue };
        let mut target = square_to_world(shape, on.0, view.flipped).extend(PIECE_Z);
        let shared = count.get(on.0.index()).is_some_and(|&n| n > 1);
        if shared {
            target += shared_offset(piece.side, view.flipped).extend(0.0);
        }
        let mut want_lift = 0.0;
        if let (Some(from), Some(cursor)) = (selection.dragging, selection.cursor)
            && from == on.0
            && selection.side == Some(piece.side)
        {
            target = cursor.extend(MOVING_Z);
            want_lift = 1.0;
        }
        if tf.translation != target {
            tf.translation = target;
        }
        let scale = Vec3::splat(if shared { 0.7 } else { 1.0 });
        if tf.scale != scale {
            tf.scale = scale;
        }
        if tf.rotation != Quat::IDENTITY {
            tf.rotation = Quat::IDENTITY;
        }
        if fade.0 != 1.0 {
            fade.0 = 1.0;
        }
        if lift.0 != want_lift {
            lift.0 = want_lift;
        }
    }
}

/// Where a piece stands on a shared square relative to the square's centre: White on the
/// left, Black on the right (mirrored when the board is flipped). World units.
pub fn shared_offset(side: Side, flipped: bool) -> Vec2 {
    let left = (side == Side::White) != flipped;
    Vec2::new(if left { -22.0 } else { 22.0 }, 0.0)
}

fn draw_trails(mut gizmos: Gizmos<BoardGizmos>, trails: Res<TeleportTrails>) {
    for t in &trails.0 {
        let a = (1.0 - t.age / TRAIL_SECS).clamp(0.0, 1.0);
        let c = Color::srgba(0.62, 0.42, 1.0, 0.9 * a);
        let via = teleport_via(t.from, t.to);
        let n = 28;
        // The arc draws itself out over the first third of its life.
        let drawn = ((t.age / (TRAIL_SECS * 0.3)).min(1.0) * n as f32) as usize;
        let pts = (0..=drawn).map(|i| bezier(t.from, via, t.to, i as f32 / n as f32));
        gizmos.linestrip_2d(pts, c);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Variant;

    fn shape() -> BoardShape {
        crate::rules::Position::new(Variant::Standard).shape()
    }

    fn sq(name: &str) -> crate::rules::Square {
        shape().parse_square(name).unwrap()
    }

    #[test]
    fn every_motion_starts_and_ends_on_its_squares() {
        let s = shape();
        let w = |n| square_to_world(s, sq(n), false);
        let slide = Motion::Slide {
            from: sq("e2"),
            to: sq("e4"),
        };
        for style in [StepStyle::Plain, StepStyle::Bounce] {
            for reduced in [false, true] {
                let p0 = pose(s, false, &slide, style, Vec2::ZERO, reduced, 0.0);
                let p1 = pose(s, false, &slide, style, Vec2::ZERO, reduced, 1.0);
                assert_eq!(p0.at, w("e2"));
                assert!(p1.at.distance(w("e4")) < 1e-3, "{style:?}");
                assert!(p1.lift.abs() < 1e-3 && p0.lift.abs() < 1e-3);
            }
        }
        // A slide lifts the piece on its way; reduced motion does not.
        assert!(pose(s, false, &slide, StepStyle::Plain, Vec2::ZERO, false, 0.5).lift > 0.9);
        assert_eq!(
            pose(s, false, &slide, StepStyle::Plain, Vec2::ZERO, true, 0.5).lift,
            0.0
        );
        // A shared landing meets in the middle of the square, then ends on its half.
        let half = w("e4") + shared_offset(Side::White, false);
        let meet = pose(s, false, &slide, StepStyle::Shared, half, false, 0.78);
        assert!(meet.at.distance(w("e4")) < 1e-3);
        let end = pose(s, false, &slide, StepStyle::Shared, half, false, 1.0);
        assert!(end.at.distance(half) < 1e-3);
        assert!((end.scale - 0.7).abs() < 1e-3);
        // A teleport dissolves on the exoteric square and condenses on the esoteric one.
        let tp = Motion::Teleport {
            from: sq("e4"),
            to: sq("e6"),
        };
        let a = pose(s, false, &tp, StepStyle::Plain, Vec2::ZERO, false, 0.0);
        let mid = pose(s, false, &tp, StepStyle::Plain, Vec2::ZERO, false, 0.4);
        let b = pose(s, false, &tp, StepStyle::Plain, Vec2::ZERO, false, 1.0);
        assert_eq!((a.at, a.fade), (w("e4"), 1.0));
        assert_eq!(mid.fade, 0.0);
        assert_eq!((b.at, b.fade, b.scale), (w("e6"), 1.0, 1.0));
        // A capture is knocked aside along the taker's direction and fades.
        let v = Motion::Capture {
            at: sq("d5"),
            by: None,
        };
        let k0 = pose(
            s,
            false,
            &v,
            StepStyle::Knock(Vec2::Y),
            Vec2::ZERO,
            false,
            0.0,
        );
        let k1 = pose(
            s,
            false,
            &v,
            StepStyle::Knock(Vec2::Y),
            Vec2::ZERO,
            false,
            1.0,
        );
        assert_eq!((k0.at, k0.fade), (w("d5"), 1.0));
        assert!(k1.at.y > w("d5").y + KNOCK_WORLD * 0.9);
        assert_eq!(k1.fade, 0.0);
        let r1 = pose(
            s,
            false,
            &v,
            StepStyle::Knock(Vec2::Y),
            Vec2::ZERO,
            true,
            1.0,
        );
        assert_eq!((r1.at, r1.fade), (w("d5"), 0.0));
    }

    #[test]
    fn a_failed_capture_bounces_before_it_settles() {
        let s = shape();
        let slide = Motion::Slide {
            from: sq("c4"),
            to: sq("f7"),
        };
        let lifts: Vec<f32> = (0..=40)
            .map(|i| {
                pose(
                    s,
                    false,
                    &slide,
                    StepStyle::Bounce,
                    Vec2::ZERO,
                    false,
                    i as f32 / 40.0,
                )
                .lift
            })
            .collect();
        // After the high point and the first touch-down it rises again at least once.
        let peak = (0..lifts.len())
            .max_by(|a, b| lifts[*a].total_cmp(&lifts[*b]))
            .unwrap();
        assert!(lifts[peak] > 1.5);
        let touch = peak + lifts[peak..].iter().position(|l| *l < 0.05).unwrap();
        assert!(lifts[touch..].iter().any(|l| *l > 0.1), "{lifts:?}");
        assert_eq!(*lifts.last().unwrap(), 0.0);
    }

    #[test]
    fn teleport_arcs_bow_up_the_screen() {
        let v = teleport_via(Vec2::new(0.0, 0.0), Vec2::new(0.0, 200.0));
        assert!(v.x.abs() > 60.0 || v.y > 0.0);
        let h = teleport_via(Vec2::new(-100.0, 0.0), Vec2::new(300.0, 0.0));
        assert!(h.y >= 140.0 - 1e-3, "{h}");
    }
}
