//! The 3D board (in [`ViewState::ThreeD`]): every [`BoardSquare`] and every [`PieceEntity`]
//! gets a model of its own, linked to it by [`ModelOf`], that copies its game entity's place
//! every frame. The 2D systems keep moving the game entities in the board plane (world XY,
//! [`SQUARE_SIZE_WORLD`] per square, [`square_to_world`]): the animations
//! ([`animation`](super::animation)) slide, lift ([`PieceLift`]), fade ([`PieceFade`]) and knock
//! them, and the models follow, so every motion the game plays shows in 3D without a second
//! animation path. Here a lift raises the model, a fade dissolves it upwards in light (the
//! teleport), and a captured piece is thrown off along its knock and tumbles.
//!
//! The board: a tile per square in the theme's colours and surfaces (Big Outer's corner
//! squares as raised platforms), a frame with the coordinates in a small stroke font
//! ([`stroke_font`](super::stroke_font)); the same highlights as the 2D board (selected
//! square, last move, check, legal targets with Intrachange's landing ghosts), Force Field
//! charges as glowing tiles, Big Outer zones as tints and Intrachange's square numbers and
//! hexagrams on plates. Everything here carries `DespawnOnExit(ViewState::ThreeD)`, or hangs
//! off something that does. Decides nothing; runs in [`AppSystems::Present`] after the
//! animations.

use std::collections::HashMap;

use bevy::ecs::system::SystemParam;
use bevy::light::NotShadowCaster;
use bevy::math::Affine2;
use bevy::picking::mesh_picking::ray_cast::{MeshRayCast, MeshRayCastSettings, RayCastVisibility};
use bevy::prelude::*;
use bevy::window::PrimaryWindow;

use super::board2d::coordinate_labels;

use super::art::Appearance;
use super::camera3d::BoardCamera3d;
use super::charges::{ChargeOverlay, charge_color, flash_alpha};
use super::models::{self, MeshData, PLATFORM_HEIGHT_WORLD};
use super::picking::{BoardCursor, BoardCursorSystems, Selection};
use super::pieces::{PieceFade, PieceLift};
use super::theme::{SURFACE_PX, SURFACE_TILE_PX, Surface, ThemeImages, surface_rect, theme_colors};
use super::view::ViewState;
use super::zones::{ZoneView, zone_color};
use super::{BoardView, SQUARE_SIZE_WORLD, coords_to_world, square_to_world};
use crate::AppSystems;
use crate::game::{
    ActiveGame, BoardSquare, Captured, HexagramNumber, PieceEntity, SquareCharge, SquareShade,
    TurnModelState,
};
use crate::persist::BoardTheme;
use crate::rules::{BoardShape, Color as Side, PieceKind, Square};

pub(crate) fn plugin(app: &mut App) {
    app.add_systems(OnEnter(ViewState::ThreeD), prepare_scene_assets)
        .add_systems(
            Update,
            cursor_on_3d_board
                .in_set(BoardCursorSystems)
                .run_if(in_state(ViewState::ThreeD)),
        )
        .add_systems(
            Update,
            (
                apply_scene_theme,
                attach_tile_models,
                attach_piece_models,
                follow_squares,
                follow_pieces,
                update_tiles,
                update_target_markers,
                update_frame_and_labels,
                show_intrachange_plates,
            )
                .chain()
                .in_set(AppSystems::Present)
                .after(super::animation::place_idle_pieces)
                .after(super::board2d::update_square_visuals)
                .run_if(in_state(ViewState::ThreeD)),
        );
}

/// The 3D model of a game entity (a square, a piece, a spark): it follows its entity and
/// goes with it.
#[derive(Component, Debug, Clone, Copy, PartialEq, Eq)]
#[relationship(relationship_target = Model3d)]
pub struct ModelOf(pub Entity);

/// The game entity's 3D model ([`ModelOf`] points back); despawning the entity despawns the
/// model.
#[derive(Component, Debug, Clone, PartialEq, Eq)]
#[relationship_target(relationship = ModelOf, linked_spawn)]
pub struct Model3d(Entity);

impl Model3d {
    /// The model entity.
    pub fn model(&self) -> Entity {
        self.0
    }
}

/// A square's tile (its own material: the theme's surface with the square's highlight).
#[derive(Component, Debug, Clone, Copy, PartialEq, Eq)]
pub struct TileModel {
    /// The square.
    pub square: Square,
}

/// A piece's model: the kind and side it was built for (a promotion swaps the mesh).
#[derive(Component, Debug, Clone, Copy, PartialEq)]
pub struct PieceModel3d {
    /// The kind shown.
    pub kind: PieceKind,
    /// The side shown.
    pub side: Side,
    /// Where the piece stood when it was captured (world XY), for its throw.
    pub knocked_from: Option<Vec2>,
}

/// The gold part of a piece's model (a child of it).
#[derive(Component, Debug, Clone, Copy)]
pub struct AccentModel;

/// An Intrachange square-number plate on a tile.
#[derive(Component, Debug, Clone, Copy)]
pub struct NumberPlate3d;

/// An Intrachange hexagram plate on a tile.
#[derive(Component, Debug, Clone, Copy)]
pub struct HexagramPlate3d;

/// A legal-destination marker of the selection in 3D (a dot, a ring or a landing ghost).
#[derive(Component, Debug, Clone, Copy)]
pub struct TargetMarker3d;

/// The frame and coordinate labels of the 3D board.
#[derive(Component, Debug, Clone, Copy)]
pub struct FramePart3d;

/// World units a fully lifted piece ([`PieceLift`] 1) rises in 3D.
pub const LIFT_HEIGHT_WORLD: f32 = 34.0;
/// World units a fully dissolved piece ([`PieceFade`] 0, not captured) has risen in 3D.
pub const DISSOLVE_RISE_WORLD: f32 = 60.0;
/// How many times farther than in 2D a captured piece is thrown in 3D.
pub const THROW_SHARE: f32 = 4.0;
/// Height of the coordinate letters and digits on the frame, world units.
pub const LABEL_HEIGHT_WORLD: f32 = 26.0;
/// Side of an Intrachange plate, world units (as in 2D).
pub const PLATE_WORLD: f32 = super::board2d::HEXAGRAM_PLATE_WORLD;

/// The meshes of the 3D board, made once ([`models`]) on the first entry into 3D.
#[derive(Resource, Debug, Clone)]
pub struct SceneMeshes {
    /// Each kind's body and gold accent.
    pub pieces: HashMap<PieceKind, (Handle<Mesh>, Option<Handle<Mesh>>)>,
    /// A square's tile.
    pub tile: Handle<Mesh>,
    /// A Big Outer corner platform.
    pub platform: Handle<Mesh>,
    /// A legal-move dot.
    pub dot: Handle<Mesh>,
    /// A capture ring.
    pub ring: Handle<Mesh>,
    /// A teleport spark.
    pub spark: Handle<Mesh>,
    /// Intrachange's number plate.
    pub number_plate: Handle<Mesh>,
    /// The frame of a board of so many files.
    pub frames: HashMap<u8, Handle<Mesh>>,
    /// Strings set in the stroke font, by (text, height).
    pub texts: HashMap<(String, u32), Handle<Mesh>>,
    /// Hexagrams (plate, ink), by number.
    pub hexagrams: HashMap<u8, (Handle<Mesh>, Handle<Mesh>)>,
}

impl SceneMeshes {
    /// The mesh of `text` in the stroke font, `height` world units tall (made once).
    pub fn text(&mut self, meshes: &mut Assets<Mesh>, text: &str, height: f32) -> Handle<Mesh> {
        self.texts
            .entry((text.to_string(), height.to_bits()))
            .or_insert_with(|| {
                meshes.add(super::stroke_font::text_mesh(text, height, height * 0.13).into_mesh())
            })
            .clone()
    }
}

/// The materials of the 3D board for the current theme (changed in place when it changes).
#[derive(Resource, Debug, Clone)]
pub struct SceneMaterials {
    /// The theme they show.
    pub theme: BoardTheme,
    /// Each side's pieces (White, Black).
    pub piece: [Handle<StandardMaterial>; 2],
    /// Each side's pieces while they dissolve into light.
    pub glow: [Handle<StandardMaterial>; 2],
    /// Each side's landing ghosts.
    pub ghost: [Handle<StandardMaterial>; 2],
    /// Gold marks of the Big Outer pieces.
    pub accent: Handle<StandardMaterial>,
    /// The frame.
    pub frame: Handle<StandardMaterial>,
    /// Coordinates.
    pub label: Handle<StandardMaterial>,
    /// Intrachange plates and their ink.
    pub plate: Handle<StandardMaterial>,
    /// Ink on the plates.
    pub ink: Handle<StandardMaterial>,
    /// Legal-move dots and capture rings.
    pub target: Handle<StandardMaterial>,
    /// Each side's teleport sparks.
    pub spark: [Handle<StandardMaterial>; 2],
    /// Parity's resting rings.
    pub resting: Handle<StandardMaterial>,
}

/// The colours of the pieces in `theme` (White, Black), and how rough their surface is.
pub fn piece_colors(theme: BoardTheme) -> ([Color; 2], f32) {
    match theme {
        BoardTheme::Wood => (
            [Color::srgb(0.93, 0.88, 0.78), Color::srgb(0.17, 0.11, 0.08)],
            0.42,
        ),
        BoardTheme::Marble => (
            [Color::srgb(0.95, 0.95, 0.93), Color::srgb(0.14, 0.19, 0.18)],
            0.22,
        ),
        BoardTheme::HighContrast => (
            [Color::srgb(1.0, 1.0, 1.0), Color::srgb(0.04, 0.04, 0.05)],
            0.35,
        ),
        BoardTheme::Projector => (
            [Color::srgb(1.0, 0.97, 0.86), Color::srgb(0.07, 0.12, 0.30)],
            0.5,
        ),
    }
}

/// The frame's colour in `theme`.
pub fn frame_color(theme: BoardTheme) -> Color {
    match theme {
        BoardTheme::Wood => Color::srgb(0.30, 0.18, 0.10),
        BoardTheme::Marble => Color::srgb(0.24, 0.26, 0.27),
        BoardTheme::HighContrast => Color::srgb(0.14, 0.14, 0.16),
        BoardTheme::Projector => Color::srgb(0.10, 0.17, 0.33),
    }
}

/// The surface roughness of the squares in `theme` (polished stone, oiled wood, paint).
fn tile_roughness(theme: BoardTheme) -> f32 {
    match theme {
        BoardTheme::Wood => 0.55,
        BoardTheme::Marble => 0.28,
        BoardTheme::HighContrast | BoardTheme::Projector => 0.65,
    }
}

fn mesh(meshes: &mut Assets<Mesh>, data: MeshData) -> Handle<Mesh> {
    meshes.add(data.into_mesh())
}

/// Makes the meshes and materials on the first entry into 3D.
fn prepare_scene_assets(
    mut commands: Commands,
    existing: Option<Res<SceneMeshes>>,
    appearance: Res<Appearance>,
    mut meshes: ResMut<Assets<Mesh>>,
    mut materials: ResMut<Assets<StandardMaterial>>,
) {
    if existing.is_some() {
        return;
    }
    let pieces = PieceKind::ALL
        .into_iter()
        .map(|k| {
            let m = models::piece_model(k);
            let accent = m.accent.map(|a| mesh(&mut meshes, a));
            (k, (mesh(&mut meshes, m.body), accent))
        })
        .collect();
    commands.insert_resource(SceneMeshes {
        pieces,
        tile: mesh(&mut meshes, models::tile(false)),
        platform: mesh(&mut meshes, models::tile(true)),
        dot: mesh(&mut meshes, models::dot()),
        ring: mesh(&mut meshes, models::capture_ring()),
        spark: mesh(&mut meshes, models::spark()),
        number_plate: mesh(
            &mut meshes,
            models::cuboid(Vec3::new(PLATE_WORLD, 24.0, 1.2))
                .placed(Vec3::new(0.0, 0.0, 0.6), Quat::IDENTITY),
        ),
        frames: HashMap::new(),
        texts: HashMap::new(),
        hexagrams: HashMap::new(),
    });
    let mut add = |m: StandardMaterial| materials.add(m);
    let blank = || StandardMaterial::default();
    let unlit = |c: Color| StandardMaterial {
        base_color: c,
        unlit: true,
        ..default()
    };
    let see_through = |c: Color| StandardMaterial {
        base_color: c,
        alpha_mode: AlphaMode::Blend,
        unlit: true,
        ..default()
    };
    let mats = SceneMaterials {
        // The theme is written by `apply_scene_theme` in the first frame.
        theme: appearance.theme,
        piece: [add(blank()), add(blank())],
        glow: [add(blank()), add(blank())],
        ghost: [add(blank()), add(blank())],
        accent: add(StandardMaterial {
            base_color: Color::srgb(0.94, 0.66, 0.05),
            metallic: 0.85,
            perceptual_roughness: 0.32,
            ..default()
        }),
        frame: add(blank()),
        label: add(unlit(Color::WHITE)),
        plate: add(StandardMaterial {
            base_color: Color::srgb(0.99, 0.97, 0.90),
            perceptual_roughness: 0.8,
            ..default()
        }),
        ink: add(unlit(Color::srgb(0.10, 0.10, 0.22))),
        target: add(see_through(Color::WHITE)),
        spark: [
            add(unlit(super::animation::particle_color(Side::White))),
            add(unlit(super::animation::particle_color(Side::Black))),
        ],
        resting: add(unlit(Color::srgb(0.2, 0.45, 0.9))),
    };
    paint_materials(&mats, appearance.theme, &mut materials);
    commands.insert_resource(mats);
}

/// Writes `theme`'s colours into the scene's materials.
fn paint_materials(
    m: &SceneMaterials,
    theme: BoardTheme,
    materials: &mut Assets<StandardMaterial>,
) {
    let colors = theme_colors(theme);
    let (sides, rough) = piece_colors(theme);
    for side in Side::BOTH {
        let i = side.index();
        let base = sides[i];
        if let Some(mut p) = materials.get_mut(&m.piece[i]) {
            p.base_color = base;
            p.perceptual_roughness = rough;
            p.reflectance = 0.5;
        }
        if let Some(mut g) = materials.get_mut(&m.glow[i]) {
            g.base_color = base;
            g.perceptual_roughness = rough;
            g.emissive = super::animation::particle_color(side).to_linear() * 1.6;
        }
        if let Some(mut g) = materials.get_mut(&m.ghost[i]) {
            g.base_color = base.with_alpha(0.45);
            g.alpha_mode = AlphaMode::Blend;
            g.perceptual_roughness = rough;
        }
    }
    if let Some(mut f) = materials.get_mut(&m.frame) {
        f.base_color = frame_color(theme);
        f.perceptual_roughness = 0.45;
    }
    if let Some(mut l) = materials.get_mut(&m.label) {
        l.base_color = colors.label;
    }
    if let Some(mut t) = materials.get_mut(&m.target) {
        t.base_color = colors.target;
    }
}

/// Repaints the materials when the theme changes.
fn apply_scene_theme(
    appearance: Res<Appearance>,
    mut mats: ResMut<SceneMaterials>,
    mut materials: ResMut<Assets<StandardMaterial>>,
) {
    if mats.theme != appearance.theme {
        mats.theme = appearance.theme;
        paint_materials(&mats, appearance.theme, &mut materials);
    }
}

/// The assets a model is built from.
#[derive(SystemParam)]
struct ModelAssets<'w> {
    meshes: ResMut<'w, SceneMeshes>,
    mats: Res<'w, SceneMaterials>,
    mesh_store: ResMut<'w, Assets<Mesh>>,
    materials: ResMut<'w, Assets<StandardMaterial>>,
}

/// The part of the theme's surface image a tile at `coords` shows, as a texture transform.
pub fn tile_uv_transform(coords: (i8, i8)) -> Affine2 {
    let r = surface_rect(coords);
    let px = SURFACE_PX as f32;
    Affine2::from_scale_angle_translation(Vec2::splat(SURFACE_TILE_PX / px), 0.0, r.min / px)
}

/// Gives every square without one its tile (and Intrachange's plates).
fn attach_tile_models(
    mut commands: Commands,
    game: Res<ActiveGame>,
    theme: Res<ThemeImages>,
    mut assets: ModelAssets,
    squares: Query<(Entity, &BoardSquare, &SquareShade, Option<&HexagramNumber>), Without<Model3d>>,
) {
    let shape = game.shown().shape();
    for (e, sq, shade, number) in &squares {
        let raised = !(0..shape.files()).contains(&sq.coords.0);
        let image = match shade {
            SquareShade::Light => theme.light.clone(),
            SquareShade::Dark => theme.dark.clone(),
        };
        let material = assets.materials.add(StandardMaterial {
            base_color_texture: Some(image),
            uv_transform: tile_uv_transform(sq.coords),
            perceptual_roughness: tile_roughness(assets.mats.theme),
            reflectance: 0.35,
            ..default()
        });
        let mesh = if raised {
            assets.meshes.platform.clone()
        } else {
            assets.meshes.tile.clone()
        };
        let mut tile = commands.spawn((
            Name::new(format!("Tile {}", shape.name(sq.square))),
            TileModel { square: sq.square },
            ModelOf(e),
            DespawnOnExit(ViewState::ThreeD),
            Mesh3d(mesh),
            MeshMaterial3d(material),
            Transform::default(),
        ));
        let Some(n) = number else { continue };
        let corner = SQUARE_SIZE_WORLD / 2.0 - PLATE_WORLD / 2.0 - 2.0;
        let digits = assets
            .meshes
            .text(&mut assets.mesh_store, &n.0.to_string(), 13.0);
        let hexagram = assets
            .meshes
            .hexagrams
            .entry(n.0)
            .or_insert_with(|| {
                let (plate, ink) =
                    models::hexagram(super::board2d::hexagram_lines(n.0), PLATE_WORLD);
                (
                    assets.mesh_store.add(plate.into_mesh()),
                    assets.mesh_store.add(ink.into_mesh()),
                )
            })
            .clone();
        let (plate, ink) = (assets.mats.plate.clone(), assets.mats.ink.clone());
        let number_plate = assets.meshes.number_plate.clone();
        tile.with_children(|c| {
            c.spawn((
                NumberPlate3d,
                Mesh3d(number_plate),
                MeshMaterial3d(plate.clone()),
                Transform::from_xyz(-corner, corner + 4.0, 0.05),
                Visibility::Hidden,
                NotShadowCaster,
            ))
            .with_child((
                Mesh3d(digits),
                MeshMaterial3d(ink.clone()),
                Transform::from_xyz(0.0, 0.0, 1.35),
            ));
            c.spawn((
                HexagramPlate3d,
                Mesh3d(hexagram.0),
                MeshMaterial3d(plate),
                Transform::from_xyz(corner, corner, 0.05),
                Visibility::Hidden,
                NotShadowCaster,
            ))
            .with_child((
                Mesh3d(hexagram.1),
                MeshMaterial3d(ink),
                Transform::default(),
            ));
        });
    }
}

/// Spawns the model of a piece of `kind` for `side` (its body, and its gold accent as a
/// child) with `material` on the body; returns the model's commands.
fn spawn_piece_model<'a>(
    commands: &'a mut Commands,
    meshes: &SceneMeshes,
    kind: PieceKind,
    body_material: Handle<StandardMaterial>,
    accent_material: Handle<StandardMaterial>,
) -> EntityCommands<'a> {
    let (body, accent) = meshes.pieces.get(&kind).cloned().unwrap_or_default();
    let mut model = commands.spawn((
        Mesh3d(body),
        MeshMaterial3d(body_material),
        Transform::default(),
        Visibility::default(),
        DespawnOnExit(ViewState::ThreeD),
    ));
    if let Some(accent) = accent {
        model.with_child((AccentModel, Mesh3d(accent), MeshMaterial3d(accent_material)));
    }
    model
}

/// The piece models, to swap a promoted piece's shape.
#[derive(SystemParam)]
struct ShownPieces<'w, 's> {
    models: Query<
        'w,
        's,
        (
            &'static mut PieceModel3d,
            &'static mut Mesh3d,
            Option<&'static Children>,
        ),
    >,
    accents: Query<'w, 's, (), With<AccentModel>>,
}

/// Gives every piece without one its model, and gives a promoted piece its new shape.
fn attach_piece_models(
    mut commands: Commands,
    assets: ModelAssets,
    new: Query<(Entity, &PieceEntity), Without<Model3d>>,
    changed: Query<(&PieceEntity, &Model3d), Changed<PieceEntity>>,
    mut shown: ShownPieces,
) {
    for (e, piece) in &new {
        spawn_piece_model(
            &mut commands,
            &assets.meshes,
            piece.kind,
            assets.mats.piece[piece.side.index()].clone(),
            assets.mats.accent.clone(),
        )
        .insert((
            Name::new(format!("{:?} {:?} model", piece.side, piece.kind)),
            PieceModel3d {
                kind: piece.kind,
                side: piece.side,
                knocked_from: None,
            },
            ModelOf(e),
        ));
    }
    for (piece, model) in &changed {
        let Ok((mut shown_as, mut mesh, children)) = shown.models.get_mut(model.model()) else {
            continue;
        };
        if shown_as.kind == piece.kind {
            continue;
        }
        shown_as.kind = piece.kind;
        let (body, accent) = assets
            .meshes
            .pieces
            .get(&piece.kind)
            .cloned()
            .unwrap_or_default();
        mesh.0 = body;
        for c in children.into_iter().flatten() {
            if shown.accents.contains(*c) {
                commands.entity(*c).despawn();
            }
        }
        if let Some(accent) = accent {
            commands.entity(model.model()).with_child((
                AccentModel,
                Mesh3d(accent),
                MeshMaterial3d(assets.mats.accent.clone()),
            ));
        }
    }
}

/// Tiles stand where their squares are.
fn follow_squares(
    squares: Query<&Transform, (With<BoardSquare>, Without<TileModel>)>,
    mut tiles: Query<(&ModelOf, &mut Transform), With<TileModel>>,
) {
    for (of, mut tf) in &mut tiles {
        let Ok(square) = squares.get(of.0) else {
            continue;
        };
        let at = square.translation.truncate().extend(0.0);
        if tf.translation != at {
            tf.translation = at;
        }
    }
}

/// The height of the board's top at `at` (world XY): 0 on the squares, rising to
/// [`PLATFORM_HEIGHT_WORLD`] over a Big Outer corner platform (smoothly, so a piece
/// sliding onto a corner climbs instead of jumping).
pub fn floor_height(shape: BoardShape, at: Vec2) -> f32 {
    let n = shape.files();
    if shape.square_at(-1, -1).is_none() {
        return 0.0;
    }
    let half = f32::from(n) * SQUARE_SIZE_WORLD / 2.0;
    let out = (at.x.abs() - half).min(at.y.abs() - half);
    let k = (out / 30.0).clamp(0.0, 1.0);
    PLATFORM_HEIGHT_WORLD * k * k * (3.0 - 2.0 * k)
}

/// Which way a piece's model faces (radians about Z): as its 2D drawing from the camera's
/// resting side; Knights look to the left, turned a little towards the other side.
pub fn model_yaw(kind: PieceKind, side: Side, flipped: bool) -> f32 {
    let turn = if flipped { std::f32::consts::PI } else { 0.0 };
    match kind {
        PieceKind::Knight | PieceKind::OuterKnight => {
            turn + match side {
                Side::White => 60f32.to_radians(),
                Side::Black => 120f32.to_radians(),
            }
        }
        _ => turn,
    }
}

/// The 3D pose of a piece from its game entity: where it stands and how it is lifted,
/// faded and scaled, and (captured) where it was when it was taken.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct PieceLook {
    /// Its place on the board plane (world XY, from its [`Transform`]).
    pub at: Vec2,
    /// Its 2D scale (a shared square's 0.7, a teleport's condensing).
    pub scale: f32,
    /// [`PieceLift`].
    pub lift: f32,
    /// [`PieceFade`].
    pub fade: f32,
    /// Captured: where it stood when taken.
    pub knocked_from: Option<Vec2>,
}

/// The model's transform for `look` on a board of `shape`, facing `yaw`. Pure: the tests
/// and the renderer use it alike.
pub fn model_transform(shape: BoardShape, look: PieceLook, yaw: f32) -> Transform {
    let floor = floor_height(shape, look.at);
    let facing = Quat::from_rotation_z(yaw);
    let fade = look.fade.clamp(0.0, 1.0);
    match look.knocked_from {
        Some(from) => {
            // Thrown along the knock, tumbling over, and gone by the end of its fade.
            let d = look.at - from;
            let p = 1.0 - fade;
            if d.length() < 0.5 {
                return Transform::from_translation(from.extend(floor))
                    .with_rotation(facing)
                    .with_scale(Vec3::splat(look.scale * fade.max(0.001)));
            }
            let dir = d.normalize();
            let at = from + d * THROW_SHARE;
            let z = floor + look.lift * LIFT_HEIGHT_WORLD + 70.0 * (p * std::f32::consts::PI).sin()
                - 40.0 * p * p;
            let tumble = Quat::from_axis_angle(dir.perp().extend(0.0).normalize(), -2.0 * p);
            let vanish = 1.0 - ((p - 0.7) / 0.3).clamp(0.0, 1.0);
            Transform::from_translation(at.extend(z))
                .with_rotation(tumble * facing)
                .with_scale(Vec3::splat(look.scale * vanish.max(0.001)))
        }
        None => {
            // A fading piece (a teleport, a reduced-motion move) rises as it dissolves.
            let z = floor + look.lift * LIFT_HEIGHT_WORLD + (1.0 - fade) * DISSOLVE_RISE_WORLD;
            Transform::from_translation(look.at.extend(z))
                .with_rotation(facing)
                .with_scale(Vec3::splat(look.scale * fade.powf(0.6).max(0.001)))
        }
    }
}

/// What a piece's model copies from its game entity.
type PieceState<'a> = (
    &'a Transform,
    &'a PieceEntity,
    Option<&'a PieceFade>,
    Option<&'a PieceLift>,
    Has<Captured>,
);

/// Piece models copy their piece's place, lift, fade and scale (see [`model_transform`]);
/// a dissolving piece glows.
pub(crate) fn follow_pieces(
    game: Res<ActiveGame>,
    view: Res<BoardView>,
    mats: Res<SceneMaterials>,
    pieces: Query<PieceState, Without<PieceModel3d>>,
    mut models: Query<(
        &ModelOf,
        &mut PieceModel3d,
        &mut Transform,
        &mut MeshMaterial3d<StandardMaterial>,
    )>,
) {
    let shape = game.shown().shape();
    for (of, mut model, mut tf, mut material) in &mut models {
        let Ok((piece_tf, piece, fade, lift, captured)) = pieces.get(of.0) else {
            continue;
        };
        let at = piece_tf.translation.truncate();
        if captured && model.knocked_from.is_none() {
            model.knocked_from = Some(at);
        }
        let look = PieceLook {
            at,
            scale: piece_tf.scale.x,
            lift: lift.map_or(0.0, |l| l.0),
            fade: fade.map_or(1.0, |f| f.0),
            knocked_from: model.knocked_from,
        };
        let want = model_transform(shape, look, model_yaw(piece.kind, piece.side, view.flipped));
        if *tf != want {
            *tf = want;
        }
        let i = piece.side.index();
        let glow = look.fade < 0.999 && !captured;
        let m = if glow { &mats.glow[i] } else { &mats.piece[i] };
        if material.0 != *m {
            material.0 = m.clone();
        }
    }
}

/// What a tile's colour depends on besides its square.
#[derive(SystemParam)]
struct TileFacts<'w> {
    time: Res<'w, Time>,
    game: Res<'w, ActiveGame>,
    selection: Res<'w, Selection>,
    appearance: Res<'w, Appearance>,
    charges: Res<'w, ChargeOverlay>,
    zones: Res<'w, ZoneView>,
    anim: Res<'w, super::AnimationSettings>,
    turns: Option<Res<'w, State<TurnModelState>>>,
}

/// The highlight of each square, worked out once per frame.
struct Highlights {
    last_move: Vec<Square>,
    check: Option<Square>,
}

fn highlights(facts: &TileFacts) -> Highlights {
    let game = &*facts.game;
    let shown = game.shown();
    let alternating = facts
        .turns
        .as_ref()
        .is_none_or(|t| *t.get() == TurnModelState::Alternating);
    let check = if alternating && shown.in_check(shown.turn()) {
        shown.board().king(shown.turn())
    } else {
        None
    };
    Highlights {
        last_move: super::board2d::last_move_squares(game),
        check,
    }
}

/// Colours each tile: the theme's surface, the zone tint, the Force Field charge (a glowing
/// tile), the last move and the selection, the check and a refused move's field.
fn update_tiles(
    facts: TileFacts,
    mut field_age: Local<(Vec<Square>, f32)>,
    squares: Query<(&BoardSquare, &SquareShade, Option<&SquareCharge>)>,
    tiles: Query<(&ModelOf, &MeshMaterial3d<StandardMaterial>), With<TileModel>>,
    mut materials: ResMut<Assets<StandardMaterial>>,
) {
    let colors = theme_colors(facts.appearance.theme);
    let shape = facts.game.shown().shape();
    let lit = highlights(&facts);
    let textured = colors.surface != Surface::Flat;
    let breathe = 0.75 + 0.25 * (facts.time.elapsed_secs() * 3.0).sin();
    if field_age.0 != facts.charges.blockers {
        *field_age = (facts.charges.blockers.clone(), 0.0);
    }
    field_age.1 += facts.time.delta_secs();
    let reduced = facts.anim.reduce_motion || facts.anim.speed <= 0.0;
    let flash = flash_alpha(field_age.1, reduced);
    for (of, material) in &tiles {
        let Ok((sq, shade, charge)) = squares.get(of.0) else {
            continue;
        };
        let base = match shade {
            SquareShade::Light => colors.light,
            SquareShade::Dark => colors.dark,
        };
        let mut c = if textured { Color::WHITE } else { base };
        if !(0..shape.files()).contains(&sq.coords.0) {
            c = c.mix(&colors.corner, 0.45);
        }
        let mut glow = LinearRgba::BLACK;
        if facts.zones.visible && shape.square_at(-1, -1).is_some() {
            let z = zone_color(shape.zone(sq.square));
            c = c.mix(&z.with_alpha(1.0), (z.alpha() * 1.6).min(1.0));
        }
        let net = charge.map_or(0, |c| c.net);
        if facts.charges.visible && net != 0 {
            let cc = charge_color(net);
            c = c.mix(&cc, 0.6);
            let k = 0.08 + 0.03 * net.unsigned_abs().min(8) as f32;
            glow += cc.to_linear() * k;
        }
        let highlight = if facts.selection.from == Some(sq.square) {
            colors.selected
        } else if lit.last_move.contains(&sq.square) {
            colors.last_move
        } else {
            Color::NONE
        };
        if highlight.alpha() > 0.0 {
            c = c.mix(&highlight.with_alpha(1.0), highlight.alpha());
        }
        if lit.check == Some(sq.square) {
            c = c.mix(&colors.check.with_alpha(1.0), 0.55);
            glow += colors.check.to_linear() * (0.35 * breathe);
        }
        if facts.charges.blockers.contains(&sq.square) {
            let orange = Color::srgb(1.0, 0.5, 0.0);
            c = c.mix(&orange, flash.min(1.0));
            glow += orange.to_linear() * flash;
        }
        let Some(current) = materials.get(&material.0) else {
            continue;
        };
        if (current.base_color != c || current.emissive != glow)
            && let Some(mut m) = materials.get_mut(&material.0)
        {
            m.base_color = c;
            m.emissive = glow;
        }
    }
}

/// What the target markers show (the selection's squares), to rebuild them only when it
/// changes.
type MarkerKey = (
    Option<Square>,
    Vec<(Square, Option<Square>, bool)>,
    bool,
    BoardTheme,
    u64,
);

/// The selection's legal destinations in 3D: a dot on each, a ring around a capture, and a
/// ghost of the piece where an Intrachange move would land (the arrows are the 2D board's
/// gizmo lines, which the 3D camera draws on the board plane).
fn update_target_markers(
    mut commands: Commands,
    game: Res<ActiveGame>,
    view: Res<BoardView>,
    selection: Res<Selection>,
    assets: ModelAssets,
    markers: Query<Entity, With<TargetMarker3d>>,
    mut shown_key: Local<Option<MarkerKey>>,
) {
    let key: MarkerKey = (
        selection.from,
        selection.drawn_targets(),
        view.flipped,
        assets.mats.theme,
        game.id,
    );
    if shown_key.as_ref() == Some(&key) && markers.iter().next().is_some() != key.1.is_empty() {
        return;
    }
    for e in &markers {
        commands.entity(e).despawn();
    }
    let pos = game.shown();
    let shape = pos.shape();
    let moving = selection
        .from
        .and_then(|f| pos.board().piece_at(f))
        .map(|p| (p.color, p.kind));
    for t in &selection.targets {
        let at = square_to_world(shape, t.to, view.flipped);
        let floor = floor_height(shape, at);
        let mesh = if t.captures {
            assets.meshes.ring.clone()
        } else {
            assets.meshes.dot.clone()
        };
        commands.spawn((
            Name::new("Target marker"),
            TargetMarker3d,
            DespawnOnExit(ViewState::ThreeD),
            Mesh3d(mesh),
            MeshMaterial3d(assets.mats.target.clone()),
            Transform::from_translation(at.extend(floor + 0.4)),
            NotShadowCaster,
        ));
        if let (Some(land), Some((side, kind))) = (t.landing, moving) {
            let at = square_to_world(shape, land, view.flipped);
            let ghost = assets.mats.ghost[side.index()].clone();
            spawn_piece_model(&mut commands, &assets.meshes, kind, ghost.clone(), ghost).insert((
                Name::new("Landing ghost"),
                TargetMarker3d,
                NotShadowCaster,
                Transform::from_translation(at.extend(floor_height(shape, at)))
                    .with_rotation(Quat::from_rotation_z(model_yaw(kind, side, view.flipped)))
                    .with_scale(Vec3::splat(0.85)),
            ));
        }
    }
    *shown_key = Some(key);
}

/// The frame and the coordinates of the board on screen: rebuilt when the board's shape
/// changes, the labels moved when the board is flipped.
fn update_frame_and_labels(
    mut commands: Commands,
    game: Res<ActiveGame>,
    view: Res<BoardView>,
    mut assets: ModelAssets,
    mut labels: Query<(&CoordLabel3d, &mut Transform)>,
    parts: Query<Entity, With<FramePart3d>>,
    mut built: Local<Option<BoardShape>>,
) {
    let shape = game.shown().shape();
    let n = shape.files();
    if *built != Some(shape) || parts.iter().next().is_none() {
        for e in &parts {
            commands.entity(e).despawn();
        }
        let frame = assets
            .meshes
            .frames
            .entry(n as u8)
            .or_insert_with(|| assets.mesh_store.add(models::frame(n as u8).into_mesh()))
            .clone();
        commands.spawn((
            Name::new("Board frame"),
            FramePart3d,
            DespawnOnExit(ViewState::ThreeD),
            Mesh3d(frame),
            MeshMaterial3d(assets.mats.frame.clone()),
            Transform::default(),
        ));
        let mut spawn = |text: String, coords: (i8, i8)| {
            let mesh = assets
                .meshes
                .text(&mut assets.mesh_store, &text, LABEL_HEIGHT_WORLD);
            commands.spawn((
                Name::new(format!("Label {text}")),
                FramePart3d,
                CoordLabel3d { coords },
                DespawnOnExit(ViewState::ThreeD),
                Mesh3d(mesh),
                MeshMaterial3d(assets.mats.label.clone()),
                Transform::from_translation(label_position(shape, coords, view.flipped)),
                NotShadowCaster,
            ));
        };
        for (text, coords) in coordinate_labels(shape) {
            spawn(text, coords);
        }
        *built = Some(shape);
        return;
    }
    for (label, mut tf) in &mut labels {
        let p = label_position(shape, label.coords, view.flipped);
        if tf.translation != p {
            tf.translation = p;
        }
    }
}

/// A coordinate label on the 3D frame.
#[derive(Component, Debug, Clone, Copy)]
pub struct CoordLabel3d {
    /// Where it stands, in (file, rank) coordinates (one step off the board).
    pub coords: (i8, i8),
}

/// Where the label at `coords` (one step off the board) lies: on the frame's middle.
pub fn label_position(shape: BoardShape, coords: (i8, i8), flipped: bool) -> Vec3 {
    let mut p = coords_to_world(shape, coords, flipped);
    let n = shape.files();
    // From the middle of the square beyond the edge to the middle of the frame.
    let inward = (SQUARE_SIZE_WORLD - models::FRAME_WIDTH_WORLD) / 2.0;
    if coords.0 < 0 || coords.0 >= n {
        p.x -= p.x.signum() * inward;
    }
    if coords.1 < 0 || coords.1 >= n {
        p.y -= p.y.signum() * inward;
    }
    p.extend(3.2)
}

/// The models the cursor can point at: tiles, and pieces standing still (a dragged or moving
/// piece is not in the way of what it is dragged over).
#[derive(SystemParam)]
struct PointedModels<'w, 's> {
    tiles: Query<'w, 's, (), With<TileModel>>,
    pieces: Query<'w, 's, (&'static Transform, &'static ModelOf, &'static PieceModel3d)>,
    lifts: Query<'w, 's, &'static PieceLift>,
    parents: Query<'w, 's, &'static ChildOf>,
}

impl PointedModels<'_, '_> {
    /// The piece model `e` is (or is a part of), if it stands still.
    fn still_piece(&self, e: Entity) -> Option<Entity> {
        let root = if self.pieces.contains(e) {
            e
        } else {
            self.parents.get(e).ok()?.parent()
        };
        let (_, of, model) = self.pieces.get(root).ok()?;
        let still =
            model.knocked_from.is_none() && self.lifts.get(of.0).ok().is_none_or(|l| l.0 <= 0.01);
        still.then_some(root)
    }
}

/// The cursor on the 3D board: the camera's ray through it, cast into the tiles and the
/// pieces standing still (Bevy's mesh ray casts). A tile gives the point hit, a piece the
/// place it stands on (so a click on a piece's head picks its square, not the one behind);
/// off the board, the ray's crossing with the board plane (for a drag).
fn cursor_on_3d_board(
    window: Single<&Window, With<PrimaryWindow>>,
    camera: Single<(&Camera, &GlobalTransform), With<BoardCamera3d>>,
    mut ray_cast: MeshRayCast,
    models: PointedModels,
    mut cursor: ResMut<BoardCursor>,
) {
    let (camera, cam_tf) = *camera;
    let ray = window
        .cursor_position()
        .and_then(|p| camera.viewport_to_world(cam_tf, p).ok());
    let Some(ray) = ray else {
        cursor.set_if_neq(BoardCursor(None));
        return;
    };
    let filter = |e: Entity| models.tiles.contains(e) || models.still_piece(e).is_some();
    let settings = MeshRayCastSettings::default()
        .with_filter(&filter)
        .with_visibility(RayCastVisibility::Visible);
    let hit = ray_cast.cast_ray(ray, &settings).first().map(|(e, hit)| {
        match models
            .still_piece(*e)
            .and_then(|m| models.pieces.get(m).ok())
        {
            Some((tf, _, _)) => tf.translation.truncate(),
            None => hit.point.truncate(),
        }
    });
    let on_plane = || {
        ray.intersect_plane(Vec3::ZERO, InfinitePlane3d::new(Vec3::Z))
            .map(|d| ray.get_point(d).truncate())
    };
    cursor.set_if_neq(BoardCursor(hit.or_else(on_plane)));
}

/// Intrachange's plates follow the number and hexagram switches (G, H).
fn show_intrachange_plates(
    view: Res<BoardView>,
    mut numbers: Query<&mut Visibility, (With<NumberPlate3d>, Without<HexagramPlate3d>)>,
    mut hexagrams: Query<&mut Visibility, (With<HexagramPlate3d>, Without<NumberPlate3d>)>,
) {
    let vis = |on: bool| {
        if on {
            Visibility::Inherited
        } else {
            Visibility::Hidden
        }
    };
    for mut v in &mut numbers {
        v.set_if_neq(vis(view.show_numbers));
    }
    for mut v in &mut hexagrams {
        v.set_if_neq(vis(view.show_hexagrams));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{Position, Variant};

    #[test]
    fn pieces_stand_on_the_board_and_on_big_outer_platforms() {
        let standard = Position::new(Variant::Standard).shape();
        let big = Position::new(Variant::BigOuter).shape();
        assert_eq!(floor_height(standard, Vec2::new(-450.0, -450.0)), 0.0);
        let corner = square_to_world(big, big.square_at(-1, -1).unwrap(), false);
        assert_eq!(floor_height(big, corner), PLATFORM_HEIGHT_WORLD);
        let a1 = square_to_world(big, big.square_at(0, 0).unwrap(), false);
        assert_eq!(floor_height(big, a1), 0.0);
        let look = PieceLook {
            at: corner,
            scale: 1.0,
            lift: 0.0,
            fade: 1.0,
            knocked_from: None,
        };
        let tf = model_transform(big, look, 0.0);
        assert_eq!(tf.translation, corner.extend(PLATFORM_HEIGHT_WORLD));
    }

    #[test]
    fn a_dissolving_piece_rises_and_a_thrown_one_flies_off_tumbling_and_vanishes() {
        let shape = Position::new(Variant::Standard).shape();
        let at = Vec2::new(50.0, 50.0);
        let rest = PieceLook {
            at,
            scale: 1.0,
            lift: 0.0,
            fade: 1.0,
            knocked_from: None,
        };
        let half = model_transform(shape, PieceLook { fade: 0.5, ..rest }, 0.0);
        assert!(half.translation.z > 20.0 && half.scale.x < 1.0);
        let lifted = model_transform(shape, PieceLook { lift: 1.0, ..rest }, 0.0);
        assert_eq!(lifted.translation.z, LIFT_HEIGHT_WORLD);
        // Knocked 40 units up the board in 2D: thrown farther, turned over, gone at the end.
        let knocked = PieceLook {
            at: at + Vec2::new(0.0, 40.0),
            fade: 0.4,
            knocked_from: Some(at),
            ..rest
        };
        let t = model_transform(shape, knocked, 0.0);
        assert!(t.translation.y > at.y + 40.0 * 3.0);
        assert!(t.rotation.angle_between(Quat::IDENTITY) > 0.5);
        let end = model_transform(
            shape,
            PieceLook {
                fade: 0.0,
                ..knocked
            },
            0.0,
        );
        assert!(end.scale.x < 0.01);
    }

    #[test]
    fn labels_lie_on_the_frame_and_swap_sides_when_flipped() {
        let shape = Position::new(Variant::Standard).shape();
        let a = label_position(shape, (0, -1), false);
        let edge = 4.0 * SQUARE_SIZE_WORLD;
        assert!(
            (a.y + edge + models::FRAME_WIDTH_WORLD / 2.0).abs() < 1e-3,
            "{a}"
        );
        let flipped = label_position(shape, (0, -1), true);
        assert!((flipped.y - (edge + models::FRAME_WIDTH_WORLD / 2.0)).abs() < 1e-3);
        assert_eq!(
            tile_uv_transform((0, 0)).matrix2.x_axis.x,
            SURFACE_TILE_PX / SURFACE_PX as f32
        );
    }
}
