//! The 3D view's camera and lights. Entering [`ViewState::ThreeD`] spawns a perspective
//! camera (order −1) that draws the scene into the area the panels leave free (its
//! viewport, [`BoardInsets`]), a key light with soft shadows and a fill light; the 2D board
//! camera stays on top (egui draws through it) but sees only an empty render layer and
//! clears nothing, so the window shows the 3D board under the interface. Leaving 3D puts
//! the 2D camera back. The board's gizmo lines (arrows, zone borders, trails) lie on the
//! board plane, drawn by the 3D camera a little in front of the squares.
//!
//! The camera orbits the board's centre ([`OrbitCamera`]): drag with the right or middle
//! button (or with the left from off the board's squares) to turn it, the wheel zooms,
//! `R` puts it back; flipping the board (`F`) swings it round to the other side, and in
//! the demo it circles slowly. On a software renderer
//! (Mesa's llvmpipe) the key light casts no shadows ([`shadows_on`]). Runs in
//! [`OrbitInputSystems`] (guarded against egui in `ui/input_guard.rs`), [`HotkeySystems`]
//! and [`AppSystems::Present`].

use bevy::camera::visibility::RenderLayers;
use bevy::camera::{ClearColorConfig, Viewport};
use bevy::input::mouse::{AccumulatedMouseScroll, MouseScrollUnit};
use bevy::light::{CascadeShadowConfigBuilder, DirectionalLightShadowMap, ShadowFilteringMethod};
use bevy::prelude::*;
use bevy::render::view::Msaa;
use bevy::window::PrimaryWindow;

use super::board2d::{BOARD_LINE_WORLD, BoardGizmos};
use super::camera::{BoardCamera, BoardInsets, GraphicsAdapter};
use super::picking::{BoardCursor, BoardCursorSystems, HotkeySystems};
use super::view::ViewState;
use super::{BoardView, SQUARE_SIZE_WORLD, world_to_square};
use crate::AppSystems;
use crate::game::{ActiveGame, AppMode};

pub(crate) fn plugin(app: &mut App) {
    app.init_resource::<OrbitCamera>()
        .add_systems(
            OnEnter(ViewState::ThreeD),
            (spawn_camera_and_lights, enter_3d),
        )
        .add_systems(OnExit(ViewState::ThreeD), leave_3d)
        .add_systems(
            Update,
            (
                orbit_with_mouse
                    .in_set(OrbitInputSystems)
                    .after(BoardCursorSystems),
                reset_orbit_on_key.in_set(HotkeySystems),
                (place_camera, match_shadows_to_renderer)
                    .chain()
                    .in_set(AppSystems::Present),
            )
                .run_if(in_state(ViewState::ThreeD)),
        );
}

/// Mouse orbit and zoom of the 3D camera; the UI stops them while egui uses the pointer.
#[derive(SystemSet, Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct OrbitInputSystems;

/// Marks the 3D board camera.
#[derive(Component, Debug, Clone, Copy)]
pub struct BoardCamera3d;

/// The key light (with shadows).
#[derive(Component, Debug, Clone, Copy)]
pub struct KeyLight;

/// The render layer the 2D camera looks at while the 3D view is on: nothing is on it.
pub const EMPTY_LAYER: usize = 31;

/// The camera's resting height over the board, as an angle above the board plane (radians).
pub const REST_PITCH: f32 = 0.74;
/// The lowest and highest camera angles the mouse can reach (radians above the board).
pub const PITCH_RANGE: std::ops::RangeInclusive<f32> = 0.25..=1.52;
/// How near and far the wheel zooms (a share of the distance that fits the board).
pub const ZOOM_RANGE: std::ops::RangeInclusive<f32> = 0.35..=2.5;
/// Radians the demo's camera turns per second.
pub const DEMO_ORBIT_RAD_PER_SEC: f32 = 0.07;
/// Vertical field of view of the 3D camera (radians).
pub const FOV: f32 = 0.62;

/// Where the 3D camera looks from: angles about the board's centre and a zoom.
#[derive(Resource, Debug, Clone, Copy, PartialEq)]
pub struct OrbitCamera {
    /// Turn about the board's vertical axis (radians; 0: from the bottom of the board,
    /// where White sits unless it is flipped).
    pub yaw: f32,
    /// Angle above the board plane (radians).
    pub pitch: f32,
    /// Distance as a share of the distance that fits the board in the free area.
    pub zoom: f32,
    /// The part of the turn still to play after a flip (radians, easing to 0).
    pub swing: f32,
    /// The board's orientation last seen (a change swings the camera round).
    pub flipped: Option<bool>,
}

impl Default for OrbitCamera {
    fn default() -> Self {
        OrbitCamera {
            yaw: 0.0,
            pitch: REST_PITCH,
            zoom: 1.0,
            swing: 0.0,
            flipped: None,
        }
    }
}

impl OrbitCamera {
    /// The direction from the board's centre to the camera (unit vector).
    pub fn offset_direction(&self) -> Vec3 {
        let yaw = self.yaw + self.swing;
        Quat::from_rotation_z(yaw) * Vec3::new(0.0, -self.pitch.cos(), self.pitch.sin())
    }
}

fn spawn_camera_and_lights(
    mut commands: Commands,
    board_camera: Query<&Msaa, With<BoardCamera>>,
    adapter: Res<GraphicsAdapter>,
    mut shadow_map: ResMut<DirectionalLightShadowMap>,
) {
    let msaa = board_camera.iter().next().copied().unwrap_or_default();
    let software = adapter.software;
    shadow_map.size = shadow_map_size(software);
    commands.spawn((
        Name::new("Board camera 3D"),
        BoardCamera3d,
        Camera3d::default(),
        Camera {
            // Under the 2D camera, which draws the interface over it.
            order: -1,
            ..default()
        },
        Projection::Perspective(PerspectiveProjection {
            fov: FOV,
            near: 5.0,
            far: 30_000.0,
            ..default()
        }),
        // The same multisampling as the 2D camera: both draw into one picture.
        msaa,
        AmbientLight {
            color: Color::srgb(0.85, 0.88, 1.0),
            brightness: 420.0,
            ..default()
        },
        shadow_filter(software),
        Transform::from_xyz(0.0, -1200.0, 1400.0).looking_at(Vec3::ZERO, Vec3::Z),
        DespawnOnExit(ViewState::ThreeD),
    ));
    commands.spawn((
        Name::new("Key light"),
        KeyLight,
        DirectionalLight {
            color: Color::srgb(1.0, 0.96, 0.88),
            illuminance: 5200.0,
            shadow_maps_enabled: shadows_on(software),
            ..default()
        },
        CascadeShadowConfigBuilder {
            num_cascades: 1,
            minimum_distance: 1.0,
            maximum_distance: 6000.0,
            first_cascade_far_bound: 6000.0,
            overlap_proportion: 0.2,
        }
        .build(),
        Transform::from_xyz(-500.0, -700.0, 1300.0).looking_at(Vec3::ZERO, Vec3::Z),
        DespawnOnExit(ViewState::ThreeD),
    ));
    commands.spawn((
        Name::new("Fill light"),
        DirectionalLight {
            color: Color::srgb(0.80, 0.86, 1.0),
            illuminance: 1400.0,
            shadow_maps_enabled: false,
            ..default()
        },
        Transform::from_xyz(700.0, 600.0, 500.0).looking_at(Vec3::ZERO, Vec3::Z),
        DespawnOnExit(ViewState::ThreeD),
    ));
}

/// Whether the key light casts shadows: on a graphics card only (a software renderer
/// would draw the pieces a second time into the shadow map and sample it for every pixel).
pub fn shadows_on(software: bool) -> bool {
    !software
}

/// The side of the key light's shadow map (pixels): smaller on a software renderer.
pub fn shadow_map_size(software: bool) -> usize {
    if software { 1024 } else { 2048 }
}

/// How shadow edges are softened: a Gaussian on a graphics card, one hardware-filtered
/// sample on a software renderer.
pub fn shadow_filter(software: bool) -> ShadowFilteringMethod {
    if software {
        ShadowFilteringMethod::Hardware2x2
    } else {
        ShadowFilteringMethod::Gaussian
    }
}

/// The gizmo depth bias in 3D: lines on the board plane drawn just in front of the squares
/// (and still behind the pieces).
const GIZMO_DEPTH_BIAS_3D: f32 = -0.0006;

/// The 2D camera shows nothing of the world (it only draws the interface, over the 3D
/// picture); gizmo lines are drawn just in front of the board.
fn enter_3d(
    mut commands: Commands,
    mut board_camera: Query<(Entity, &mut Camera), With<BoardCamera>>,
    mut store: ResMut<GizmoConfigStore>,
    mut orbit: ResMut<OrbitCamera>,
) {
    for (e, mut camera) in &mut board_camera {
        camera.clear_color = ClearColorConfig::None;
        commands.entity(e).insert(RenderLayers::layer(EMPTY_LAYER));
    }
    store.config_mut::<BoardGizmos>().0.depth_bias = GIZMO_DEPTH_BIAS_3D;
    store.config_mut::<DefaultGizmoConfigGroup>().0.depth_bias = GIZMO_DEPTH_BIAS_3D;
    // The board's orientation is seen afresh: no swing on entering.
    orbit.flipped = None;
    orbit.swing = 0.0;
}

/// The 2D camera draws the board again.
fn leave_3d(
    mut commands: Commands,
    mut board_camera: Query<(Entity, &mut Camera), With<BoardCamera>>,
    mut store: ResMut<GizmoConfigStore>,
) {
    for (e, mut camera) in &mut board_camera {
        camera.clear_color = ClearColorConfig::Default;
        commands.entity(e).remove::<RenderLayers>();
    }
    store.config_mut::<BoardGizmos>().0.depth_bias = 0.0;
    store.config_mut::<DefaultGizmoConfigGroup>().0.depth_bias = 0.0;
}

/// Radians of yaw per logical pixel the cursor moves sideways while orbiting.
const YAW_PER_PIXEL: f32 = 0.008;
/// Radians of pitch per logical pixel the cursor moves up or down while orbiting.
const PITCH_PER_PIXEL: f32 = 0.006;

/// Whether a drag is turning the camera, and where the cursor was at the last frame.
#[derive(Default)]
struct OrbitDrag {
    /// The left button went down off the board's squares (a left drag there orbits).
    left_off_board: bool,
    /// The cursor's window position (logical pixels) at the previous frame of the drag.
    last: Option<Vec2>,
}

/// A drag with the right or middle button turns the camera about the board, and so does a
/// left drag that starts off the board's squares (on the frame or the background: a left
/// drag from a square moves a piece); the wheel zooms. The turn follows the cursor's
/// window position, so it works wherever the pointer moves the cursor (raw device motion
/// is not delivered by every platform or remote display).
fn orbit_with_mouse(
    buttons: Res<ButtonInput<MouseButton>>,
    window: Query<&Window, With<PrimaryWindow>>,
    board_cursor: Res<BoardCursor>,
    game: Res<ActiveGame>,
    view: Res<BoardView>,
    scroll: Res<AccumulatedMouseScroll>,
    mut drag: Local<OrbitDrag>,
    mut orbit: ResMut<OrbitCamera>,
) {
    if buttons.just_pressed(MouseButton::Left) {
        let shape = game.shown().shape();
        drag.left_off_board = board_cursor
            .0
            .and_then(|at| world_to_square(shape, at, view.flipped))
            .is_none();
    }
    if !buttons.pressed(MouseButton::Left) {
        drag.left_off_board = false;
    }
    let turning =
        drag.left_off_board || buttons.any_pressed([MouseButton::Right, MouseButton::Middle]);
    let cursor = window.single().ok().and_then(Window::cursor_position);
    if let (true, Some(now), Some(before)) = (turning, cursor, drag.last) {
        let delta = now - before;
        orbit.yaw -= delta.x * YAW_PER_PIXEL;
        orbit.pitch = (orbit.pitch + delta.y * PITCH_PER_PIXEL)
            .clamp(*PITCH_RANGE.start(), *PITCH_RANGE.end());
    }
    drag.last = if turning { cursor } else { None };
    let lines = match scroll.unit {
        MouseScrollUnit::Line => scroll.delta.y,
        MouseScrollUnit::Pixel => scroll.delta.y / 40.0,
    };
    if lines != 0.0 {
        orbit.zoom = (orbit.zoom * (1.0 - 0.1 * lines).max(0.5))
            .clamp(*ZOOM_RANGE.start(), *ZOOM_RANGE.end());
    }
}

/// `R` puts the camera back where it started (the board's orientation stays).
fn reset_orbit_on_key(
    mut chords: MessageReader<super::keys::KeyChord>,
    mut orbit: ResMut<OrbitCamera>,
) {
    for _ in chords.read().filter(|c| c.is(KeyCode::KeyR)) {
        *orbit = OrbitCamera {
            flipped: orbit.flipped,
            ..default()
        };
    }
}

/// The viewport (physical pixels) of the area the panels leave free in a window of
/// `physical` pixels at `scale` physical pixels per logical one.
pub fn free_viewport(physical: UVec2, scale: f32, insets: BoardInsets) -> (UVec2, UVec2) {
    let max = physical.max(UVec2::ONE);
    let min = (Vec2::new(insets.left, insets.top) * scale)
        .round()
        .as_uvec2()
        .min(max - UVec2::ONE);
    let end = (Vec2::new(
        physical.x as f32 - insets.right * scale,
        physical.y as f32 - insets.bottom * scale,
    ))
    .round()
    .max(Vec2::ZERO)
    .as_uvec2()
    .min(max);
    let size = end.saturating_sub(min).max(UVec2::ONE);
    (min, size)
}

/// Half the side of the square the whole board occupies on the table (world units): the
/// squares, the frame, Big Outer's corner platforms.
pub fn board_half_extent(files: i8, corners: bool) -> f32 {
    let half = f32::from(files) / 2.0 * SQUARE_SIZE_WORLD;
    if corners {
        half + SQUARE_SIZE_WORLD
    } else {
        half + super::models::FRAME_WIDTH_WORLD
    }
}

/// The camera distance at which a board of half-extent `half` (and pieces up to 110 units
/// tall) seen from `direction` fills at most 92 % of a viewport of `aspect` (width / height)
/// with a vertical field of view `fov`.
pub fn fit_distance(half: f32, direction: Vec3, fov: f32, aspect: f32) -> f32 {
    let corners: Vec<Vec3> = [-1.0f32, 1.0]
        .into_iter()
        .flat_map(|x| [-1.0f32, 1.0].map(|y| (x, y)))
        .flat_map(|(x, y)| [-20.0f32, 110.0].map(|z| Vec3::new(x * half, y * half, z)))
        .collect();
    let tan = (fov / 2.0).tan();
    let fits = |d: f32| {
        let view = Transform::from_translation(direction * d).looking_at(Vec3::ZERO, Vec3::Z);
        let inv = view.compute_affine().inverse();
        corners.iter().all(|c| {
            let v = inv.transform_point3(*c);
            let depth = -v.z;
            depth > 1.0
                && (v.x / depth).abs() <= 0.92 * tan * aspect
                && (v.y / depth).abs() <= 0.92 * tan
        })
    };
    let (mut lo, mut hi) = (10.0f32, 60_000.0f32);
    for _ in 0..40 {
        let mid = (lo + hi) / 2.0;
        if fits(mid) {
            hi = mid;
        } else {
            lo = mid;
        }
    }
    hi
}

/// What the camera's place depends on.
#[derive(bevy::ecs::system::SystemParam)]
struct CameraFacts<'w, 's> {
    window: Single<'w, 's, &'static Window, With<PrimaryWindow>>,
    insets: Res<'w, BoardInsets>,
    game: Res<'w, ActiveGame>,
    view: Res<'w, BoardView>,
    time: Res<'w, Time>,
    mode: Option<Res<'w, State<AppMode>>>,
    anim: Res<'w, super::AnimationSettings>,
}

/// Places the camera: the viewport on the free area, the orbit's angles (a flip swings it
/// round, the demo circles), at the distance that fits the board; the gizmo lines keep
/// their width in world units.
fn place_camera(
    facts: CameraFacts,
    mut orbit: ResMut<OrbitCamera>,
    camera: Single<(&mut Camera, &mut Transform, &Projection), With<BoardCamera3d>>,
    mut store: ResMut<GizmoConfigStore>,
) {
    let (mut camera, mut tf, projection) = camera.into_inner();
    let window = *facts.window;
    let dt = facts.time.delta_secs();
    if orbit.flipped != Some(facts.view.flipped) {
        // The board turned half round under the camera: start from where the camera looked
        // at it and swing round to the new side (at once with reduced motion).
        if orbit.flipped.is_some() && !facts.anim.reduce_motion && facts.anim.speed > 0.0 {
            orbit.swing = (orbit.swing + std::f32::consts::PI + std::f32::consts::PI)
                .rem_euclid(std::f32::consts::TAU)
                - std::f32::consts::PI;
        }
        orbit.flipped = Some(facts.view.flipped);
    }
    orbit.swing *= (-3.0 * dt).exp();
    if orbit.swing.abs() < 1e-3 {
        orbit.swing = 0.0;
    }
    if facts.mode.is_some_and(|m| *m.get() == AppMode::Demo) {
        orbit.yaw = (orbit.yaw + DEMO_ORBIT_RAD_PER_SEC * dt).rem_euclid(std::f32::consts::TAU);
        let t = facts.time.elapsed_secs();
        orbit.pitch = REST_PITCH - 0.12 + 0.1 * (t * 0.11).sin();
    }
    let (pos, size) = free_viewport(window.physical_size(), window.scale_factor(), *facts.insets);
    let want = Viewport {
        physical_position: pos,
        physical_size: size,
        ..default()
    };
    if camera
        .viewport
        .as_ref()
        .is_none_or(|v| v.physical_position != pos || v.physical_size != size)
    {
        camera.viewport = Some(want);
    }
    let shape = facts.game.shown().shape();
    let half = board_half_extent(shape.files(), shape.square_at(-1, -1).is_some());
    let aspect = size.x as f32 / size.y.max(1) as f32;
    let fov = match projection {
        Projection::Perspective(p) => p.fov,
        _ => FOV,
    };
    let dir = orbit.offset_direction();
    let distance = fit_distance(half, dir, fov, aspect) * orbit.zoom;
    let want = Transform::from_translation(dir * distance).looking_at(Vec3::ZERO, Vec3::Z);
    if *tf != want {
        *tf = want;
    }
    // Gizmo lines: BOARD_LINE_WORLD wide at the board's centre, in logical pixels.
    let px_per_world = size.y as f32 / window.scale_factor() / (2.0 * distance * (fov / 2.0).tan());
    let width = (BOARD_LINE_WORLD * px_per_world).clamp(1.5, 24.0);
    let (config, _) = store.config_mut::<BoardGizmos>();
    if (config.line.width - width).abs() > 0.01 {
        config.line.width = width;
        config.line.joints = GizmoLineJoint::Round(6);
    }
}

/// Once the renderer is known: a software renderer gets no shadows, a small shadow map and
/// the cheapest filter.
fn match_shadows_to_renderer(
    adapter: Res<GraphicsAdapter>,
    mut shadow_map: ResMut<DirectionalLightShadowMap>,
    mut cameras: Query<&mut ShadowFilteringMethod, With<BoardCamera3d>>,
    mut key_lights: Query<&mut DirectionalLight, With<KeyLight>>,
) {
    if !adapter.is_changed() {
        return;
    }
    let size = shadow_map_size(adapter.software);
    if shadow_map.size != size {
        shadow_map.size = size;
    }
    for mut f in &mut cameras {
        f.set_if_neq(shadow_filter(adapter.software));
    }
    for mut light in &mut key_lights {
        if light.shadow_maps_enabled != shadows_on(adapter.software) {
            light.shadow_maps_enabled = shadows_on(adapter.software);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_viewport_is_the_free_area_clamped_to_the_window() {
        let insets = BoardInsets {
            left: 300.0,
            right: 200.0,
            top: 40.0,
            bottom: 60.0,
        };
        let (pos, size) = free_viewport(UVec2::new(2560, 1600), 2.0, insets);
        assert_eq!(pos, UVec2::new(600, 80));
        assert_eq!(size, UVec2::new(2560 - 600 - 400, 1600 - 80 - 120));
        // Panels wider than the window still leave a one-pixel viewport inside it.
        let (pos, size) = free_viewport(UVec2::new(400, 300), 1.0, insets);
        assert!(pos.x < 400 && pos.y < 300 && size.x >= 1 && size.y >= 1);
        assert!(pos.x + size.x <= 400 && pos.y + size.y <= 300);
    }

    #[test]
    fn the_fitted_distance_shows_the_whole_board_and_grows_with_it() {
        let orbit = OrbitCamera::default();
        let d8 = fit_distance(
            board_half_extent(8, false),
            orbit.offset_direction(),
            FOV,
            1.4,
        );
        let d12 = fit_distance(
            board_half_extent(12, true),
            orbit.offset_direction(),
            FOV,
            1.4,
        );
        assert!(d12 > d8 * 1.3, "{d8} {d12}");
        // A narrower viewport needs the camera farther away.
        let narrow = fit_distance(
            board_half_extent(8, false),
            orbit.offset_direction(),
            FOV,
            0.7,
        );
        assert!(narrow > d8);
        // At rest the camera looks from White's side, above the board.
        let dir = orbit.offset_direction();
        assert!(dir.y < 0.0 && dir.z > 0.5 && dir.x.abs() < 1e-5);
    }
}
