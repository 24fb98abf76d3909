//! The Force Field charge overlay (`rules/force-field.md §6`): a smooth heat map over the
//! board (blue where White controls, red where Black does, deeper for a larger charge,
//! blended between square centres), the net charge as a number on demand (on the hovered
//! square, or on every charged square with Shift+C); the selected piece's own field is
//! outlined; a move a field refuses flashes the square that holds it, which stays framed
//! until the next move. Toggled with C (or the Force Field panel). Reads the
//! charge entities of [`crate::game::charges`]; decides nothing. Runs in
//! [`AppSystems::Present`]; the hotkey in
//! [`HotkeySystems`].

use bevy::asset::RenderAssetUsages;
use bevy::prelude::*;
use bevy::render::render_resource::{Extent3d, TextureDimension, TextureFormat};
use bevy::text::FontSize;

use super::art::{ArtImages, Shape};
use super::board2d::BoardGizmos;

use super::picking::{HotkeySystems, Selection};
use super::pieces::PieceFont;
use super::{BoardView, SQUARE_SIZE_WORLD, square_to_world, world_to_square};
use crate::AppSystems;
use crate::game::{
    ActiveGame, BoardSquare, ChargeContribution, FieldsOnBoard, MoveRejected, OnBoard,
    PositionShown, SquareCharge,
};
use crate::rules::{Color as Side, Square};

pub(crate) fn plugin(app: &mut App) {
    app.init_resource::<ChargeOverlay>()
        .add_systems(
            Update,
            (
                toggle_charge_overlay
                    .in_set(HotkeySystems)
                    .run_if(in_state(FieldsOnBoard)),
                (
                    attach_charge_visuals,
                    track_field_blockers,
                    update_charge_visuals,
                    update_heat_map,
                    play_field_flashes,
                    draw_field_outlines,
                )
                    .chain()
                    .in_set(AppSystems::Present)
                    .run_if(in_state(FieldsOnBoard)),
            ),
        )
        .add_systems(OnExit(FieldsOnBoard), remove_charge_overlay);
}

/// Leaving a variant with fields: its numbers go from the squares (the heat map goes by
/// itself, `DespawnOnExit`), and what was hovered or refused is forgotten. The switches
/// (`C`, `Shift+C`) stay for the next Force Field game.
fn remove_charge_overlay(
    mut commands: Commands,
    mut overlay: ResMut<ChargeOverlay>,
    labels: Query<Entity, With<ChargeLabel>>,
) {
    overlay.hovered = None;
    overlay.blockers.clear();
    for e in &labels {
        commands.entity(e).despawn();
    }
}

/// What the charge overlay shows.
#[derive(Resource, Debug, Clone, Default)]
pub struct ChargeOverlay {
    /// Heat map on (C).
    pub visible: bool,
    /// Every charged square's number on (Shift+C); otherwise only the hovered square's.
    pub numbers: bool,
    /// The square under the mouse, if any.
    pub hovered: Option<Square>,
    /// The squares whose field refused the last move (empty when none).
    pub blockers: Vec<Square>,
}

/// The net-charge number child of a square (a plate with the number).
#[derive(Component, Debug, Clone, Copy)]
pub struct ChargeLabel;

/// The heat map sprite over the board.
#[derive(Component, Debug, Clone, Copy)]
pub struct ChargeHeatMap;

/// A square holding a refused move: it flashes, then stays framed until the next move.
#[derive(Component, Debug, Clone, Copy)]
pub struct FieldFlash {
    /// The holding square.
    pub square: Square,
    /// Seconds since the refusal.
    pub age: f32,
}

/// Seconds a field block flashes.
pub const FLASH_SECS: f32 = 1.2;
/// Pixels of the heat map per square.
pub const HEAT_PX_PER_SQUARE: u32 = 12;
/// Z of the heat map (over the squares and highlights, under markers and pieces).
pub const HEAT_Z: f32 = 0.5;

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

/// The heat map's colour for a (blended, fractional) charge: blue for White, red for
/// Black, opacity rising with the charge's size (clear at 0, 0.62 from ±6 on). RGBA8.
pub fn heat_rgba(v: f32) -> [u8; 4] {
    let m = (v.abs() / 6.0).clamp(0.0, 1.0);
    let (r, g, b) = if v >= 0.0 {
        (0.16, 0.42, 1.0)
    } else {
        (0.95, 0.18, 0.12)
    };
    let a = m.powf(0.75) * 0.62;
    let ch = |c: f32| (c * 255.0).round() as u8;
    [ch(r), ch(g), ch(b), ch(a)]
}

/// The heat map of a `files` × `ranks` board with `net[rank * files + file]` per square
/// (a1 = 0, White at the bottom): square centres carry their charge and the pixels between
/// blend them (bilinear, smoothed). RGBA8 rows from the top (rank `ranks`) down.
pub fn heat_pixels(files: usize, ranks: usize, net: &[i32]) -> Vec<u8> {
    let p = HEAT_PX_PER_SQUARE as usize;
    let (w, h) = (files * p, ranks * p);
    let at = |f: isize, r: isize| {
        let f = f.clamp(0, files as isize - 1) as usize;
        let r = r.clamp(0, ranks as isize - 1) as usize;
        net.get(r * files + f).copied().unwrap_or(0) as f32
    };
    let smooth = |t: f32| t * t * (3.0 - 2.0 * t);
    let mut out = Vec::with_capacity(w * h * 4);
    for py in 0..h {
        // Board y from the bottom, in squares; centres at k + 0.5.
        let y = (h - 1 - py) as f32 / p as f32 + 0.5 / p as f32 - 0.5;
        for px in 0..w {
            let x = px as f32 / p as f32 + 0.5 / p as f32 - 0.5;
            let (f0, r0) = (x.floor() as isize, y.floor() as isize);
            let (u, v) = (smooth(x - f0 as f32), smooth(y - r0 as f32));
            let val = at(f0, r0) * (1.0 - u) * (1.0 - v)
                + at(f0 + 1, r0) * u * (1.0 - v)
                + at(f0, r0 + 1) * (1.0 - u) * v
                + at(f0 + 1, r0 + 1) * u * v;
            out.extend_from_slice(&heat_rgba(val));
        }
    }
    out
}

/// A charge as text: `+3`, `−3` (true minus sign), `0`.
pub fn charge_text(net: i32) -> String {
    match net.signum() {
        1 => format!("+{net}"),
        -1 => format!("\u{2212}{}", net.unsigned_abs()),
        _ => "0".to_string(),
    }
}

fn toggle_charge_overlay(
    mut chords: MessageReader<super::keys::KeyChord>,
    mut overlay: ResMut<ChargeOverlay>,
) {
    for c in chords.read().filter(|c| c.is(KeyCode::KeyC)) {
        if c.shift {
            overlay.numbers = !overlay.numbers;
            overlay.visible |= overlay.numbers;
        } else {
            overlay.visible = !overlay.visible;
        }
    }
}

/// Gives every square without one its charge number (squares of a new board, or of a board
/// kept from a variant without fields).
fn attach_charge_visuals(
    mut commands: Commands,
    font: Res<PieceFont>,
    art: Res<ArtImages>,
    squares: Query<(Entity, Option<&Children>), With<BoardSquare>>,
    labels: Query<(), With<ChargeLabel>>,
) {
    for (e, children) in &squares {
        if children.is_some_and(|c| c.iter().any(|k| labels.contains(k))) {
            continue;
        }
        commands.entity(e).with_children(|c| {
            c.spawn((
                ChargeLabel,
                Sprite {
                    image: art.shape(Shape::Plate),
                    color: Color::srgba(1.0, 1.0, 1.0, 0.82),
                    custom_size: Some(Vec2::new(40.0, 28.0)),
                    ..default()
                },
                // Upper half: the centre stays free for the legal-move dots.
                Transform::from_xyz(0.0, 28.0, 25.0),
                Visibility::Hidden,
            ))
            .with_child((
                Text2d::new(""),
                TextFont {
                    font: font.0.clone().into(),
                    font_size: FontSize::Px(22.0),
                    ..default()
                },
                TextColor(Color::srgb(0.05, 0.05, 0.12)),
                Transform::from_xyz(0.0, 0.0, 0.1),
            ));
        });
    }
}

/// What the board heard this frame: a refused move, a new position shown.
#[derive(bevy::ecs::system::SystemParam)]
struct BoardNews<'w, 's> {
    rejected: MessageReader<'w, 's, MoveRejected>,
    shown: MessageReader<'w, 's, PositionShown>,
}

/// The field block flashes on the board, and what a new one is drawn with.
#[derive(bevy::ecs::system::SystemParam)]
struct Flashes<'w, 's> {
    art: Res<'w, ArtImages>,
    board: Res<'w, State<OnBoard>>,
    shown: Query<'w, 's, Entity, With<FieldFlash>>,
}

/// Marks the squares that held a refused move (Force Field) and flashes them; clears them on
/// the next move.
fn track_field_blockers(
    mut commands: Commands,
    game: Res<ActiveGame>,
    view: Res<BoardView>,
    selection: Res<Selection>,
    mut overlay: ResMut<ChargeOverlay>,
    mut news: BoardNews,
    flashes: Flashes,
) {
    let Flashes {
        art,
        board,
        shown: flashes,
    } = flashes;
    let pos = game.shown();
    let shape = pos.shape();
    let hovered = selection
        .cursor
        .and_then(|c| world_to_square(shape, c, view.flipped));
    if overlay.hovered != hovered {
        overlay.hovered = hovered;
    }
    let clear = |overlay: &mut ChargeOverlay, commands: &mut Commands| {
        overlay.blockers.clear();
        for e in &flashes {
            commands.entity(e).despawn();
        }
    };
    if news.shown.read().count() > 0 {
        clear(&mut overlay, &mut commands);
    }
    for r in news.rejected.read() {
        clear(&mut overlay, &mut commands);
        overlay.blockers = r.fields.clone();
        for &b in &overlay.blockers {
            commands
                .spawn((
                    Name::new("Field block flash"),
                    // The frame belongs to this game's board.
                    DespawnOnExit(*board.get()),
                    FieldFlash {
                        square: b,
                        age: 0.0,
                    },
                    Sprite::from_color(
                        Color::srgba(1.0, 0.55, 0.0, 0.0),
                        Vec2::splat(SQUARE_SIZE_WORLD),
                    ),
                    Transform::from_translation(
                        square_to_world(shape, b, view.flipped).extend(0.55),
                    ),
                ))
                .with_child((
                    Sprite {
                        image: art.shape(Shape::Frame),
                        color: Color::srgb(1.0, 0.5, 0.0),
                        custom_size: Some(Vec2::splat(SQUARE_SIZE_WORLD)),
                        ..default()
                    },
                    Transform::from_xyz(0.0, 0.0, 0.1),
                ));
        }
    }
}

/// The fill's opacity of a field block flash `age` seconds after the refusal: three pulses
/// over [`FLASH_SECS`], then a faint steady fill (reduced motion: steady at once).
pub fn flash_alpha(age: f32, reduced: bool) -> f32 {
    if reduced || age >= FLASH_SECS {
        return 0.18;
    }
    let pulse = 0.5 - 0.5 * (age / FLASH_SECS * 3.0 * std::f32::consts::TAU).cos();
    0.18 + 0.5 * pulse
}

fn play_field_flashes(
    time: Res<Time>,
    settings: Res<super::AnimationSettings>,
    game: Res<ActiveGame>,
    view: Res<BoardView>,
    mut flashes: Query<(&mut FieldFlash, &mut Sprite, &mut Transform)>,
) {
    let shape = game.shown().shape();
    for (mut f, mut sprite, mut tf) in &mut flashes {
        f.age += time.delta_secs();
        let a = flash_alpha(f.age, settings.reduce_motion || settings.speed <= 0.0);
        sprite.color = sprite.color.with_alpha(a);
        let p = square_to_world(shape, f.square, view.flipped).extend(0.55);
        if tf.translation != p {
            tf.translation = p;
        }
    }
}

fn update_charge_visuals(
    overlay: Res<ChargeOverlay>,
    squares: Query<(&BoardSquare, Option<&SquareCharge>, &Children)>,
    mut labels: Query<(&mut Visibility, &Children), With<ChargeLabel>>,
    mut texts: Query<&mut Text2d>,
) {
    for (sq, charge, children) in &squares {
        let net = charge.map_or(0, |c| c.net);
        let show =
            overlay.visible && net != 0 && (overlay.numbers || overlay.hovered == Some(sq.square));
        let vis = if show {
            Visibility::Inherited
        } else {
            Visibility::Hidden
        };
        for child in children.iter() {
            if let Ok((mut v, inner)) = labels.get_mut(child) {
                v.set_if_neq(vis);
                let t = charge_text(net);
                for i in inner.iter() {
                    if let Ok(mut text) = texts.get_mut(i)
                        && show
                        && text.0 != t
                    {
                        text.0 = t.clone();
                    }
                }
            }
        }
    }
}

/// Redraws the heat map when the charges, the board or the overlay switch change.
fn update_heat_map(
    mut commands: Commands,
    game: Res<ActiveGame>,
    view: Res<BoardView>,
    overlay: Res<ChargeOverlay>,
    squares: Query<(&BoardSquare, Option<&SquareCharge>)>,
    mut images: ResMut<Assets<Image>>,
    mut map: Query<(&mut Sprite, &mut Visibility), With<ChargeHeatMap>>,
    mut drawn: Local<Option<(Vec<i32>, Handle<Image>)>>,
) {
    let shape = game.shown().shape();
    let (files, ranks) = (shape.files() as usize, shape.files() as usize);
    let mut net = vec![0; files * ranks];
    for (sq, charge) in &squares {
        let (f, r) = (sq.coords.0, sq.coords.1);
        if (0..files as i8).contains(&f) && (0..ranks as i8).contains(&r) {
            net[r as usize * files + f as usize] = charge.map_or(0, |c| c.net);
        }
    }
    let Ok((mut sprite, mut vis)) = map.single_mut() else {
        let handle = images.add(heat_image(files, ranks, &net));
        commands.spawn((
            Name::new("Charge heat map"),
            ChargeHeatMap,
            // Gone with the last variant that has fields.
            DespawnOnExit(FieldsOnBoard),
            Sprite {
                image: handle.clone(),
                custom_size: Some(Vec2::new(files as f32, ranks as f32) * SQUARE_SIZE_WORLD),
                ..default()
            },
            Transform::from_xyz(0.0, 0.0, HEAT_Z),
            Visibility::Hidden,
        ));
        *drawn = Some((net, handle));
        return;
    };
    vis.set_if_neq(if overlay.visible {
        Visibility::Inherited
    } else {
        Visibility::Hidden
    });
    sprite.flip_x = view.flipped;
    sprite.flip_y = view.flipped;
    if let Some((old, handle)) = drawn.as_mut()
        && *old != net
    {
        let _ = images.insert(&*handle, heat_image(files, ranks, &net));
        let size = Vec2::new(files as f32, ranks as f32) * SQUARE_SIZE_WORLD;
        if sprite.custom_size != Some(size) {
            sprite.custom_size = Some(size);
        }
        *old = net;
    }
}

fn heat_image(files: usize, ranks: usize, net: &[i32]) -> Image {
    let p = HEAT_PX_PER_SQUARE;
    Image::new(
        Extent3d {
            width: files as u32 * p,
            height: ranks as u32 * p,
            depth_or_array_layers: 1,
        },
        TextureDimension::D2,
        heat_pixels(files, ranks, net),
        TextureFormat::Rgba8UnormSrgb,
        RenderAssetUsages::default(),
    )
}

/// Outlines the selected piece's field in its colour.
fn draw_field_outlines(
    mut gizmos: Gizmos<BoardGizmos>,
    game: Res<ActiveGame>,
    view: Res<BoardView>,
    selection: Res<Selection>,
    charges: Query<&ChargeContribution>,
) {
    let shape = game.shown().shape();
    let at = |sq| square_to_world(shape, sq, view.flipped);
    if let Some(from) = selection.from {
        for c in charges.iter().filter(|c| c.source == from) {
            let col = match c.side {
                Side::White => Color::srgba(0.1, 0.35, 0.95, 0.8),
                Side::Black => Color::srgba(0.85, 0.1, 0.05, 0.8),
            };
            gizmos.rect_2d(
                Isometry2d::from_translation(at(c.square)),
                Vec2::splat(SQUARE_SIZE_WORLD - 12.0),
                col,
            );
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_heat_map_blends_between_square_centres_and_is_clear_where_no_one_controls() {
        // 2 × 1 board: White +6 on the left square, Black −6 on the right.
        let px = heat_pixels(2, 1, &[6, -6]);
        let p = HEAT_PX_PER_SQUARE as usize;
        let at = |x: usize, y: usize| &px[(y * 2 * p + x) * 4..(y * 2 * p + x) * 4 + 4];
        let left = at(p / 2, p / 2);
        let right = at(p + p / 2, p / 2);
        assert!(left[2] > left[0] && left[3] > 140, "{left:?}");
        assert!(right[0] > right[2] && right[3] > 140, "{right:?}");
        // On the border between them the blend passes through nobody's control.
        let mid = at(p - 1, p / 2)[3].min(at(p, p / 2)[3]);
        assert!(mid < 60, "{mid}");
        assert_eq!(heat_rgba(0.0)[3], 0);
        assert_eq!(
            heat_pixels(8, 8, &[0; 64]).chunks(4).map(|c| c[3]).max(),
            Some(0)
        );
    }

    #[test]
    fn a_field_block_flashes_three_times_then_stays_faint() {
        assert!((flash_alpha(0.0, false) - 0.18).abs() < 1e-4);
        let peak = (0..120)
            .map(|i| flash_alpha(i as f32 / 100.0, false))
            .fold(0.0, f32::max);
        assert!(peak > 0.6);
        assert_eq!(flash_alpha(FLASH_SECS + 0.1, false), 0.18);
        assert_eq!(flash_alpha(0.2, true), 0.18);
    }

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
