//! The 2D camera, fitted every frame so the whole board (with corners and coordinates) fills
//! the area the egui panels leave free. The board is offset (camera translation) rather than
//! covered: panels never lie over it. Also the renderer's kind ([`GraphicsAdapter`]) and the
//! multisampling of both board cameras.

use bevy::prelude::*;
use bevy::render::render_resource::WgpuAdapterInfo as AdapterInfo;
use bevy::render::renderer::RenderAdapterInfo;
use bevy::render::view::Msaa;
use bevy::window::PrimaryWindow;

use super::SQUARE_SIZE_WORLD;
use crate::AppSystems;
use crate::game::ActiveGame;

pub(crate) fn plugin(app: &mut App) {
    app.init_resource::<BoardInsets>()
        .init_resource::<GraphicsAdapter>()
        .insert_resource(ClearColor(Color::srgb(0.13, 0.12, 0.11)))
        .add_systems(Startup, spawn_camera)
        .add_systems(
            Update,
            (fit_camera, (detect_adapter, apply_antialiasing).chain()).in_set(AppSystems::Present),
        );
}

/// What the renderer draws with, once it has said (until then, and in headless runs
/// without a renderer, it counts as a graphics card).
#[derive(Resource, Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct GraphicsAdapter {
    /// The adapter renders on the CPU ([`software_adapter`]).
    pub software: bool,
    /// The renderer has reported its adapter.
    pub known: bool,
}

/// Reads the adapter's kind once the renderer reports it (it does not change while the app
/// runs).
fn detect_adapter(adapter: Option<Res<RenderAdapterInfo>>, mut kind: ResMut<GraphicsAdapter>) {
    if kind.known {
        return;
    }
    if let Some(a) = &adapter {
        *kind = GraphicsAdapter {
            software: software_adapter(a),
            known: true,
        };
    }
}

/// The window margins taken by panels, in logical pixels (written by the UI).
#[derive(Resource, Debug, Clone, Copy, Default, PartialEq)]
pub struct BoardInsets {
    /// Left panel width.
    pub left: f32,
    /// Right panel width.
    pub right: f32,
    /// Top panel height.
    pub top: f32,
    /// Bottom panel height.
    pub bottom: f32,
}

/// Marks the board camera.
#[derive(Component, Debug, Clone, Copy)]
pub struct BoardCamera;

fn spawn_camera(mut commands: Commands) {
    commands.spawn((Name::new("Board camera"), Camera2d, BoardCamera));
}

/// Whether the graphics adapter renders on the CPU (wgpu's `DeviceType::Cpu`: Mesa's
/// llvmpipe, `SwiftShader`, WARP). wgpu's enum is not re-exported by Bevy, so its name is
/// compared.
pub fn software_adapter(info: &AdapterInfo) -> bool {
    format!("{:?}", info.device_type) == "Cpu"
}

/// The board cameras' multisampling for the Look setting: with `Auto`, 4× on a graphics
/// card and off on a software renderer, where every sample is blended and resolved on the
/// CPU (docs/PERFORMANCE.md). Until the renderer reports its adapter, and in headless runs
/// without one, the adapter counts as a graphics card. The 2D and 3D cameras always get
/// the same setting: in 3D they draw into one picture.
fn apply_antialiasing(
    appearance: Res<super::Appearance>,
    adapter: Res<GraphicsAdapter>,
    mut cameras: Query<&mut Msaa, Or<(With<BoardCamera>, With<super::camera3d::BoardCamera3d>)>>,
) {
    let want = if appearance.antialiasing.multisampled(adapter.software) {
        Msaa::Sample4
    } else {
        Msaa::Off
    };
    for mut msaa in &mut cameras {
        msaa.set_if_neq(want);
    }
}

pub(crate) fn fit_camera(
    window: Single<&Window, With<PrimaryWindow>>,
    camera: Single<(&mut Projection, &mut Transform), With<BoardCamera>>,
    insets: Res<BoardInsets>,
    game: Res<ActiveGame>,
) {
    let (mut projection, mut transform) = camera.into_inner();
    let (w, h) = (window.width(), window.height());
    if w < 1.0 || h < 1.0 {
        return;
    }
    let free_w = (w - insets.left - insets.right).max(60.0);
    let free_h = (h - insets.top - insets.bottom).max(60.0);
    // Board + the corner squares (Big Outer) or coordinate labels on each side.
    let extent = (game.record.current().shape().files() as f32 + 2.3) * SQUARE_SIZE_WORLD;
    let scale = extent / free_w.min(free_h);
    if let Projection::Orthographic(o) = &mut *projection
        && (o.scale - scale).abs() > f32::EPSILON
    {
        o.scale = scale;
    }
    let centre = Vec2::new(insets.left + free_w / 2.0, insets.top + free_h / 2.0);
    let offset = centre - Vec2::new(w / 2.0, h / 2.0);
    let t = Vec3::new(-offset.x * scale, offset.y * scale, transform.translation.z);
    if transform.translation != t {
        transform.translation = t;
    }
}
