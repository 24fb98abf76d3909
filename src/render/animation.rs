//! Stage-by-stage animation of what the stage sets applied: slides for ordinary moves,
//! teleports (the piece fades on the exoteric square and reappears on the esoteric one with a
//! fading trail), fade-outs for captures. One batch per stage; a batch starts when the
//! previous one ends, so the Esoteric teleport follows the Exoteric slide. Built on Bevy's
//! curves ([`EasingCurve`], [`EaseFunction`]). Speed 0 turns animation off.

use std::collections::VecDeque;

use bevy::prelude::*;

use super::picking::Selection;
use super::pieces::PieceFade;
use super::{BoardView, square_to_world};
use crate::AppSystems;
use crate::game::{
    ActiveGame, Captured, HeldForPresentation, Motion, MotionStep, OnSquare, PieceEntity,
    ResyncRequest, StageAnimationRequested,
};
use crate::rules::Color as Side;

/// Seconds of a slide at speed 1.
pub const SLIDE_SECS: f32 = 0.35;
/// Seconds of a teleport (vanish + reappear) at speed 1.
pub const TELEPORT_SECS: f32 = 0.6;
/// Seconds of a capture fade-out at speed 1.
pub const VANISH_SECS: f32 = 0.35;
/// Seconds a teleport trail stays visible at speed 1.
pub const TRAIL_SECS: f32 = 1.4;
/// Z of pieces at rest.
pub const PIECE_Z: f32 = 10.0;
/// Z of moving pieces.
pub const MOVING_Z: f32 = 20.0;

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
                draw_trails,
            )
                .chain()
                .in_set(AppSystems::Present)
                .after(super::pieces::attach_piece_visuals),
        );
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
}

impl Default for AnimationSettings {
    fn default() -> Self {
        AnimationSettings { speed: 1.0 }
    }
}

/// One stage's motions, played together.
#[derive(Debug, Clone)]
pub struct Batch {
    /// The motions.
    pub steps: Vec<MotionStep>,
    /// Seconds played (scaled by speed).
    pub elapsed: f32,
}

impl Batch {
    fn duration(&self) -> f32 {
        self.steps
            .iter()
            .map(|s| motion_secs(&s.motion))
            .fold(0.0, f32::max)
    }

    fn touches(&self, e: Entity) -> bool {
        self.steps.iter().any(|s| s.entity == e)
    }
}

fn motion_secs(m: &Motion) -> f32 {
    match m {
        Motion::Slide { .. } => SLIDE_SECS,
        Motion::Teleport { .. } => TELEPORT_SECS,
        Motion::Vanish { .. } | Motion::Pulse { .. } => VANISH_SECS,
    }
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

/// A fading line from an exoteric to an esoteric square.
#[derive(Debug, Clone, Copy)]
pub struct Trail {
    /// Start (world).
    pub from: Vec2,
    /// End (world).
    pub to: Vec2,
    /// Seconds since it appeared.
    pub age: f32,
}

/// Teleport trails being drawn.
#[derive(Resource, Debug, Clone, Default)]
pub struct TeleportTrails(pub Vec<Trail>);

fn queue_stage_animations(
    mut requests: MessageReader<StageAnimationRequested>,
    mut resync: MessageReader<ResyncRequest>,
    mut queue: ResMut<AnimationQueue>,
    mut trails: ResMut<TeleportTrails>,
) {
    if resync.read().count() > 0 {
        queue.0.clear();
        trails.0.clear();
    }
    for r in requests.read() {
        queue.0.push_back(Batch {
            steps: r.steps.clone(),
            elapsed: 0.0,
        });
    }
}

fn run_animations(
    mut commands: Commands,
    time: Res<Time>,
    settings: Res<AnimationSettings>,
    view: Res<BoardView>,
    game: Res<ActiveGame>,
    mut queue: ResMut<AnimationQueue>,
    mut trails: ResMut<TeleportTrails>,
    mut pieces: Query<(
        &mut Transform,
        &mut PieceFade,
        &PieceEntity,
        Option<&OnSquare>,
    )>,
) {
    let shape = game.record.current().shape();
    // Parity: a piece sliding onto a square it will share slides straight to its half.
    let mut count = vec![0u8; shape.len()];
    for (_, _, _, on) in &pieces {
        if let Some(on) = on {
            count[on.0.index()] += 1;
        }
    }
    let at = |sq| square_to_world(shape, sq, view.flipped);
    let off = settings.speed <= 0.0;
    let dt = time.delta_secs() * settings.speed.max(0.0);
    while let Some(batch) = queue.0.front_mut() {
        let starting = batch.elapsed == 0.0;
        batch.elapsed += if off { f32::INFINITY } else { dt };
        let done = batch.elapsed >= batch.duration();
        for step in &batch.steps {
            let t = (batch.elapsed / motion_secs(&step.motion)).clamp(0.0, 1.0);
            let Ok((mut tf, mut fade, piece, _)) = pieces.get_mut(step.entity) else {
                continue;
            };
            match step.motion {
                Motion::Slide { from, to } => {
                    let shared = count.get(to.index()).is_some_and(|&n| n > 1);
                    let end = if shared {
                        at(to) + shared_offset(piece.side, view.flipped)
                    } else {
                        at(to)
                    };
                    let curve = EasingCurve::new(at(from), end, EaseFunction::CubicInOut);
                    tf.translation = curve.sample_clamped(t).extend(MOVING_Z);
                    if shared {
                        tf.scale = Vec3::splat(1.0 - 0.3 * t);
                    }
                }
                Motion::Teleport { from, to } => {
                    if starting && !off {
                        trails.0.push(Trail {
                            from: at(from),
                            to: at(to),
                            age: 0.0,
                        });
                    }
                    // First half: fade out on the exoteric square; second: fade in on the
                    // esoteric square.
                    let out = EasingCurve::new(1.0_f32, 0.0, EaseFunction::QuadraticIn);
                    let back = EasingCurve::new(0.0_f32, 1.0, EaseFunction::QuadraticOut);
                    if t < 0.5 {
                        tf.translation = at(from).extend(MOVING_Z);
                        fade.0 = out.sample_clamped(t * 2.0);
                    } else {
                        tf.translation = at(to).extend(MOVING_Z);
                        fade.0 = back.sample_clamped(t * 2.0 - 1.0);
                    }
                    tf.scale = Vec3::splat(0.7 + 0.3 * fade.0);
                }
                Motion::Vanish { .. } => {
                    let out = EasingCurve::new(1.0_f32, 0.0, EaseFunction::QuadraticOut);
                    fade.0 = out.sample_clamped(t);
                }
                Motion::Pulse { .. } => {
                    let up = EasingCurve::new(1.0_f32, 1.2, EaseFunction::SineInOut);
                    tf.scale = Vec3::splat(up.sample_clamped(1.0 - (2.0 * t - 1.0).abs()));
                }
            }
        }
        if !done {
            break;
        }
        let finished = queue.0.pop_front();
        if let Some(b) = finished {
            for step in b.steps {
                if let Motion::Vanish { .. } = step.motion
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
        trail.age += dt.max(if off { 1.0 } else { 0.0 });
    }
    trails.0.retain(|t| t.age < TRAIL_SECS);
}

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
    )>,
) {
    let shape = game.shown().shape();
    // Parity: two pieces sharing a square stand side by side (White left).
    let mut count = vec![0u8; shape.len()];
    for (_, _, on, captured, _, _) in &pieces {
        if let (Some(on), false) = (on, captured) {
            count[on.0.index()] += 1;
        }
    }
    for (e, piece, on, captured, mut tf, mut fade) in &mut pieces {
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
        if let (Some(from), Some(cursor)) = (selection.dragging, selection.cursor)
            && from == on.0
            && selection.side == Some(piece.side)
        {
            target = cursor.extend(MOVING_Z);
        }
        if tf.translation != target {
            tf.translation = target;
        }
        let scale = Vec3::splat(if shared { 0.7 } else { 1.0 });
        if tf.scale != scale {
            tf.scale = scale;
        }
        if fade.0 != 1.0 {
            fade.0 = 1.0;
        }
    }
}

/// Where a piece stands on a shared square relative to the square's centre: White on the
/// left, Black on the right (mirrored when the board is flipped). World units.
pub fn shared_offset(side: Side, flipped: bool) -> Vec2 {
    let left = (side == Side::White) != flipped;
    Vec2::new(if left { -22.0 } else { 22.0 }, 0.0)
}

fn draw_trails(mut gizmos: Gizmos, trails: Res<TeleportTrails>) {
    for t in &trails.0 {
        let a = (1.0 - t.age / TRAIL_SECS).clamp(0.0, 1.0);
        let c = Color::srgba(0.55, 0.35, 1.0, a);
        gizmos.line_2d(t.from, t.to, c);
        let n = (t.to - t.from).normalize_or_zero().perp() * 3.0;
        gizmos.line_2d(t.from + n, t.to + n, c.with_alpha(a * 0.6));
        gizmos.line_2d(t.from - n, t.to - n, c.with_alpha(a * 0.6));
        gizmos.circle_2d(t.from, 30.0 * a + 8.0, c);
        gizmos.circle_2d(t.to, 40.0 * (1.0 - a) + 10.0, c);
    }
}
