//! The 2D board: a sprite per square (the theme's surface, [`theme`](super::theme)) with a
//! highlight layer (last move, selection), coordinates on the margin, the check glow under a
//! King, legal destinations as quiet dots and capture rings, Intrachange landings (a curved
//! arrow per landing, arrows on one line bowed apart in two colours, and a ghost of the
//! piece where it would land), and the Intrachange overlays: square numbers and hexagrams on
//! plates above the pieces (bit 0 = bottom line; solid = 1, broken = 0).

use bevy::prelude::*;
use bevy::sprite::Anchor;
use bevy::text::FontSize;
use bevy::window::PrimaryWindow;

use super::art::{Appearance, ArtImages, PIECE_SHARE, Shape};
use super::camera::BoardCamera;
use super::picking::Selection;
use super::pieces::PieceFont;
use super::theme::{Surface, ThemeImages, surface_rect, theme_colors};
use super::{BoardView, SQUARE_SIZE_WORLD, coords_to_world, square_to_world};
use crate::AppSystems;
use crate::game::{ActiveGame, BoardSquare, HexagramNumber, SquareShade};
use crate::rules::{BoardShape, Square};

pub(crate) fn plugin(app: &mut App) {
    app.init_gizmo_group::<BoardGizmos>().add_systems(
        Update,
        (
            attach_square_visuals,
            update_square_visuals,
            update_coordinate_labels,
            update_check_glow,
            update_target_markers,
            // The 3D camera sets the width for its own view.
            scale_board_gizmos.run_if(in_state(super::view::ViewState::TwoD)),
            draw_landing_arrows,
            draw_premove,
        )
            .chain()
            .in_set(AppSystems::Present)
            .after(super::camera::fit_camera),
    );
}

/// The board's coordinates as labels: each file's letter below and above the board, each
/// rank's number left and right of it, with the (file, rank) coordinates they stand at (one
/// step off the board). Both views draw these.
pub fn coordinate_labels(shape: BoardShape) -> Vec<(String, (i8, i8))> {
    let n = shape.files();
    let mut out = Vec::with_capacity(4 * n as usize);
    for f in 0..n {
        let name = shape.name(shape.square_at(f, 0).unwrap_or(Square(0)));
        let letter: String = name
            .chars()
            .take_while(|c| c.is_ascii_alphabetic())
            .collect();
        out.push((letter.clone(), (f, -1)));
        out.push((letter, (f, n)));
    }
    for r in 0..n {
        out.push(((r + 1).to_string(), (-1, r)));
        out.push(((r + 1).to_string(), (n, r)));
    }
    out
}

/// Gizmos drawn on the board (arrows, zone borders, field frames), their line width kept in
/// world units so they scale with the board.
#[derive(Default, Reflect, GizmoConfigGroup)]
pub struct BoardGizmos;

/// Width of the board's gizmo lines in world units.
pub const BOARD_LINE_WORLD: f32 = 5.0;

/// Z of the highlight layer over a square (pieces stand at 10).
pub const HIGHLIGHT_Z: f32 = 0.2;
/// Z of dots, rings and landing ghosts (under the pieces; a capture ring frames its piece).
pub const MARKER_Z: f32 = 5.0;
/// Z of the Intrachange plates (over the pieces, so a piece never hides them).
pub const PLATE_Z: f32 = 30.0;

/// The highlight layer of a square.
#[derive(Component, Debug, Clone, Copy)]
pub struct SquareHighlight;

/// The number label of an Intrachange square (its plate).
#[derive(Component, Debug, Clone, Copy)]
pub struct SquareNumberLabel;

/// The hexagram glyph of an Intrachange square (a plate with six lines).
#[derive(Component, Debug, Clone, Copy)]
pub struct HexagramGlyph;

/// A coordinate label on the board edge: a file letter or a rank number.
#[derive(Component, Debug, Clone, Copy)]
pub struct CoordLabel {
    /// Where it stands, in (file, rank) coordinates (may be off the board).
    pub coords: (i8, i8),
}

/// The glow under a King in check.
#[derive(Component, Debug, Clone, Copy)]
pub struct CheckGlow;

/// A legal-destination marker of the selection: a dot, a ring or a landing ghost.
#[derive(Component, Debug, Clone, Copy, PartialEq, Eq)]
pub struct TargetMarker {
    /// The square it marks.
    pub square: Square,
}

/// Ink of the Intrachange plates.
const PLATE_INK: Color = Color::srgb(0.10, 0.10, 0.22);
/// The plates' fill.
const PLATE_FILL: Color = Color::srgba(0.99, 0.97, 0.90, 0.90);

/// Depth of a hexagram's lines above their plate: not the depth of the number text on the
/// other plate (0.1), so that the renderer draws all lines in one call and all numbers in
/// another instead of alternating between the font atlas and the lines' image.
const HEXAGRAM_LINE_Z: f32 = 0.2;

/// Depth of a square of `shade`: light squares at 0, dark ones just above, so that the
/// renderer (which sorts by depth and starts a new draw call wherever the image changes)
/// draws each shade's surface texture in one call rather than alternating square by
/// square. Everything on a square is its child and moves with it; the step is far below
/// the gaps between the layers on a square.
pub fn square_z(shade: SquareShade) -> f32 {
    match shade {
        SquareShade::Light => 0.0,
        SquareShade::Dark => 0.01,
    }
}

/// Side of a hexagram plate in world units.
pub const HEXAGRAM_PLATE_WORLD: f32 = 32.0;

/// The six lines of hexagram `number`, bottom first: `true` solid, `false` broken.
pub fn hexagram_lines(number: u8) -> [bool; 6] {
    std::array::from_fn(|bit| number & (1 << bit) != 0)
}

fn attach_square_visuals(
    mut commands: Commands,
    font: Res<PieceFont>,
    art: Res<ArtImages>,
    squares: Query<(Entity, &BoardSquare, Option<&HexagramNumber>), Added<BoardSquare>>,
) {
    for (e, sq, number) in &squares {
        commands.entity(e).insert(Sprite {
            custom_size: Some(Vec2::splat(SQUARE_SIZE_WORLD)),
            rect: Some(surface_rect(sq.coords)),
            ..default()
        });
        commands.entity(e).with_child((
            SquareHighlight,
            Sprite::from_color(Color::NONE, Vec2::splat(SQUARE_SIZE_WORLD)),
            Transform::from_xyz(0.0, 0.0, HIGHLIGHT_Z),
            Visibility::Hidden,
        ));
        let Some(n) = number else { continue };
        let corner = SQUARE_SIZE_WORLD / 2.0 - HEXAGRAM_PLATE_WORLD / 2.0 - 2.0;
        // The number: top left, on a plate.
        commands.entity(e).with_children(|c| {
            c.spawn((
                SquareNumberLabel,
                Sprite {
                    image: art.shape(Shape::Plate),
                    color: PLATE_FILL,
                    custom_size: Some(Vec2::new(HEXAGRAM_PLATE_WORLD, 24.0)),
                    ..default()
                },
                Transform::from_xyz(-corner, corner + 4.0, PLATE_Z),
                Visibility::Hidden,
            ))
            .with_child((
                Text2d::new(n.0.to_string()),
                TextFont {
                    font: font.0.clone().into(),
                    font_size: FontSize::Px(19.0),
                    ..default()
                },
                TextColor(PLATE_INK),
                Anchor::CENTER,
                Transform::from_xyz(0.0, 0.0, 0.1),
            ));
            // The hexagram: top right, six lines on a plate.
            c.spawn((
                HexagramGlyph,
                Sprite {
                    image: art.shape(Shape::Plate),
                    color: PLATE_FILL,
                    custom_size: Some(Vec2::splat(HEXAGRAM_PLATE_WORLD)),
                    ..default()
                },
                Transform::from_xyz(corner, corner, PLATE_Z),
                Visibility::Hidden,
            ))
            .with_children(|g| {
                let (w, h, gap) = (22.0, 3.2, 1.5);
                let total = 6.0 * h + 5.0 * gap;
                for (i, solid) in hexagram_lines(n.0).into_iter().enumerate() {
                    let y = -total / 2.0 + h / 2.0 + i as f32 * (h + gap);
                    if solid {
                        g.spawn((
                            Sprite::from_color(PLATE_INK, Vec2::new(w, h)),
                            Transform::from_xyz(0.0, y, HEXAGRAM_LINE_Z),
                        ));
                    } else {
                        let half = (w - 4.0) / 2.0;
                        for x in [-(w - half) / 2.0, (w - half) / 2.0] {
                            g.spawn((
                                Sprite::from_color(PLATE_INK, Vec2::new(half, h)),
                                Transform::from_xyz(x, y, HEXAGRAM_LINE_Z),
                            ));
                        }
                    }
                }
            });
        });
    }
}

/// The squares of the last move (origin, exoteric square and, for a teleport, the landing).
pub(crate) fn last_move_squares(game: &ActiveGame) -> Vec<Square> {
    let n = game.review.unwrap_or(game.record.len());
    let (Some(entry), Some(before)) = (
        n.checked_sub(1).and_then(|i| game.record.entries().get(i)),
        n.checked_sub(1).and_then(|i| game.record.position_after(i)),
    ) else {
        return Vec::new();
    };
    crate::rules::preview::entry_squares(before, entry)
}

/// The look of the squares: the theme and its textures.
#[derive(bevy::ecs::system::SystemParam)]
pub(crate) struct SquareLook<'w> {
    appearance: Res<'w, Appearance>,
    theme_images: Res<'w, ThemeImages>,
}

/// A square's children: its highlight, its Intrachange number and hexagram.
#[derive(bevy::ecs::system::SystemParam)]
pub(crate) struct SquareChildren<'w, 's> {
    highlights:
        Query<'w, 's, (&'static mut Sprite, &'static mut Visibility), With<SquareHighlight>>,
    labels: Query<
        'w,
        's,
        &'static mut Visibility,
        (
            Or<(With<SquareNumberLabel>, With<HexagramGlyph>)>,
            Without<SquareHighlight>,
        ),
    >,
    numbers: Query<'w, 's, (), With<SquareNumberLabel>>,
}

pub(crate) fn update_square_visuals(
    game: Res<ActiveGame>,
    view: Res<BoardView>,
    selection: Res<Selection>,
    look: SquareLook,
    mut squares: Query<
        (
            &BoardSquare,
            &SquareShade,
            &mut Sprite,
            &mut Transform,
            &Children,
        ),
        Without<SquareHighlight>,
    >,
    mut children_of: SquareChildren,
    mut last: Local<(usize, Option<usize>, u64, Vec<Square>)>,
) {
    let SquareChildren {
        highlights,
        labels,
        numbers,
    } = &mut children_of;
    let SquareLook {
        appearance,
        theme_images,
    } = look;
    let shown = game.shown();
    let shape = shown.shape();
    let key = (
        game.record.len(),
        game.review,
        game.record.current().repetition_key(),
    );
    if (last.0, last.1, last.2) != key {
        *last = (key.0, key.1, key.2, last_move_squares(&game));
    }
    let colors = theme_colors(appearance.theme);
    let textured = colors.surface != Surface::Flat;
    for (sq, shade, mut sprite, mut tf, children) in &mut squares {
        let p = coords_to_world(shape, sq.coords, view.flipped).extend(square_z(*shade));
        if tf.translation != p {
            tf.translation = p;
        }
        let off_grid = !(0..shape.files()).contains(&sq.coords.0);
        let (image, base) = match shade {
            SquareShade::Light => (&theme_images.light, colors.light),
            SquareShade::Dark => (&theme_images.dark, colors.dark),
        };
        let mut c = if textured { Color::WHITE } else { base };
        if off_grid {
            c = c.mix(&colors.corner, 0.45);
        }
        if sprite.color != c {
            sprite.color = c;
        }
        if sprite.image != *image {
            sprite.image = image.clone();
        }
        let highlight = if selection.from == Some(sq.square) {
            colors.selected
        } else if last.3.contains(&sq.square) {
            colors.last_move
        } else {
            Color::NONE
        };
        for child in children.iter() {
            if let Ok((mut h, mut v)) = highlights.get_mut(child) {
                if h.color != highlight {
                    h.color = highlight;
                }
                // A transparent sprite still costs its pixels: an unlit square's highlight
                // is hidden, not drawn clear.
                v.set_if_neq(if highlight.alpha() > 0.0 {
                    Visibility::Inherited
                } else {
                    Visibility::Hidden
                });
            }
            if let Ok(mut v) = labels.get_mut(child) {
                let on = if numbers.contains(child) {
                    view.show_numbers
                } else {
                    view.show_hexagrams
                };
                v.set_if_neq(if on {
                    Visibility::Inherited
                } else {
                    Visibility::Hidden
                });
            }
        }
    }
}

fn update_coordinate_labels(
    mut commands: Commands,
    game: Res<ActiveGame>,
    view: Res<BoardView>,
    font: Res<PieceFont>,
    appearance: Res<Appearance>,
    mut labels: Query<(Entity, &CoordLabel, &mut Transform, &mut TextColor)>,
    mut built: Local<Option<BoardShape>>,
) {
    let shape = game.shown().shape();
    let label_color = theme_colors(appearance.theme).label;
    if *built != Some(shape) {
        for (e, _, _, _) in &labels {
            commands.entity(e).despawn();
        }
        let mut spawn = |text: String, coords: (i8, i8)| {
            commands.spawn((
                Name::new(format!("Label {text}")),
                CoordLabel { coords },
                Text2d::new(text),
                TextFont {
                    font: font.0.clone().into(),
                    font_size: FontSize::Px(32.0),
                    ..default()
                },
                TextColor(label_color),
                Anchor::CENTER,
                Transform::from_translation(
                    coords_to_world(shape, coords, view.flipped).extend(1.0),
                ),
            ));
        };
        for (text, coords) in coordinate_labels(shape) {
            spawn(text, coords);
        }
        *built = Some(shape);
        return;
    }
    for (_, label, mut tf, mut color) in &mut labels {
        // Labels sit in the outer ring, pulled towards the board so Big Outer corners stay
        // clear.
        let mut p = coords_to_world(shape, label.coords, view.flipped);
        let n = shape.files();
        let inward = 0.3 * SQUARE_SIZE_WORLD;
        if label.coords.0 < 0 || label.coords.0 >= n {
            p.x -= p.x.signum() * inward;
        }
        if label.coords.1 < 0 || label.coords.1 >= n {
            p.y -= p.y.signum() * inward;
        }
        let t = p.extend(1.0);
        if tf.translation != t {
            tf.translation = t;
        }
        if color.0 != label_color {
            color.0 = label_color;
        }
    }
}

/// A glow under the King in check, breathing slowly.
fn update_check_glow(
    mut commands: Commands,
    time: Res<Time>,
    game: Res<ActiveGame>,
    view: Res<BoardView>,
    art: Res<ArtImages>,
    appearance: Res<Appearance>,
    turns: Option<Res<State<crate::game::TurnModelState>>>,
    mut glow: Query<(&mut Sprite, &mut Transform, &mut Visibility), With<CheckGlow>>,
) {
    let Ok((mut sprite, mut tf, mut vis)) = glow.single_mut() else {
        commands.spawn((
            Name::new("Check glow"),
            CheckGlow,
            Sprite {
                image: art.shape(Shape::Glow),
                custom_size: Some(Vec2::splat(SQUARE_SIZE_WORLD * 1.25)),
                ..default()
            },
            Transform::from_xyz(0.0, 0.0, 0.6),
            Visibility::Hidden,
        ));
        return;
    };
    let shown = game.shown();
    let turn = shown.turn();
    // Parity tells its checks over the board instead (delayed, immediate).
    let alternating = turns.is_none_or(|t| *t.get() == crate::game::TurnModelState::Alternating);
    let king = if alternating && shown.in_check(turn) {
        shown.board().king(turn)
    } else {
        None
    };
    let Some(king) = king else {
        vis.set_if_neq(Visibility::Hidden);
        return;
    };
    vis.set_if_neq(Visibility::Inherited);
    let p = square_to_world(shown.shape(), king, view.flipped).extend(0.6);
    if tf.translation != p {
        tf.translation = p;
    }
    let breathe = 0.8 + 0.2 * (time.elapsed_secs() * 3.0).sin();
    sprite.color = theme_colors(appearance.theme)
        .check
        .with_alpha(theme_colors(appearance.theme).check.alpha() * breathe);
}

/// What the markers show: the selected square and its targets (square, landing, capture).
type MarkerKey = (
    Option<Square>,
    Vec<(Square, Option<Square>, bool)>,
    bool,
    Appearance,
);

/// One colour index per landing arrow: arrows that lie on one line (a pawn's e3→e5 and
/// e4→e6) take different colours and bow to opposite sides; others take the first colour
/// and a slight bow. Returns (colour index, bow) per arrow, the bow in units of the arrow's
/// length (positive: to the left of its direction).
pub fn arrow_styles(arrows: &[(Vec2, Vec2)]) -> Vec<(usize, f32)> {
    arrows
        .iter()
        .map(|&(a, b)| {
            let dir = (b - a).normalize_or_zero();
            let line: Vec<usize> = arrows
                .iter()
                .enumerate()
                .filter(|(_, (p, q))| {
                    (*q - *p).normalize_or_zero().dot(dir).abs() > 0.99
                        && dir.perp_dot(*p - a).abs() < 1.0
                })
                .map(|(i, _)| i)
                .collect();
            if line.len() < 2 {
                return (0, 0.12);
            }
            let k = line
                .iter()
                .position(|&i| arrows[i].0 == a && arrows[i].1 == b)
                .unwrap_or(0);
            let side = if k % 2 == 0 { 1.0 } else { -1.0 };
            (k % 2, side * (0.22 + 0.1 * (k / 2) as f32))
        })
        .collect()
}

/// Rebuilds the dots, rings and landing ghosts when the selection changes.
fn update_target_markers(
    mut commands: Commands,
    game: Res<ActiveGame>,
    view: Res<BoardView>,
    selection: Res<Selection>,
    art: Res<ArtImages>,
    appearance: Res<Appearance>,
    markers: Query<Entity, With<TargetMarker>>,
    mut shown_key: Local<Option<MarkerKey>>,
) {
    let key: MarkerKey = (
        selection.from,
        selection.drawn_targets(),
        view.flipped,
        *appearance,
    );
    if shown_key.as_ref() == Some(&key) {
        return;
    }
    for e in &markers {
        commands.entity(e).despawn();
    }
    let colors = theme_colors(appearance.theme);
    let pos = game.shown();
    let shape = pos.shape();
    let at = |sq| square_to_world(shape, sq, view.flipped);
    let landings: Vec<(Vec2, Vec2)> = selection
        .targets
        .iter()
        .filter_map(|t| t.landing.map(|l| (at(t.to), at(l))))
        .collect();
    let styles = arrow_styles(&landings);
    let mut k = 0;
    let moving = selection
        .from
        .and_then(|f| pos.board().piece_at(f))
        .map(|p| (p.color, p.kind));
    for t in &selection.targets {
        let mut color = colors.target;
        if t.landing.is_some() {
            color = colors.arrows[styles.get(k).map_or(0, |s| s.0)].with_alpha(0.85);
        }
        let (shape_kind, size) = if t.captures {
            (Shape::Ring, SQUARE_SIZE_WORLD)
        } else {
            (Shape::Dot, SQUARE_SIZE_WORLD)
        };
        commands.spawn((
            Name::new("Target marker"),
            TargetMarker { square: t.to },
            Sprite {
                image: art.shape(shape_kind),
                color,
                custom_size: Some(Vec2::splat(size)),
                ..default()
            },
            Transform::from_translation(at(t.to).extend(MARKER_Z)),
        ));
        if let (Some(land), Some((side, kind))) = (t.landing, moving) {
            let c = colors.arrows[styles.get(k).map_or(0, |s| s.0)];
            commands.spawn((
                Name::new("Landing ghost"),
                TargetMarker { square: land },
                Sprite {
                    image: art.piece(side, kind),
                    color: Color::WHITE.with_alpha(0.45),
                    custom_size: Some(Vec2::splat(SQUARE_SIZE_WORLD * PIECE_SHARE * 0.8)),
                    ..default()
                },
                Transform::from_translation(at(land).extend(MARKER_Z + 0.1)),
            ));
            commands.spawn((
                Name::new("Landing frame"),
                TargetMarker { square: land },
                Sprite {
                    image: art.shape(Shape::Frame),
                    color: c.with_alpha(0.8),
                    custom_size: Some(Vec2::splat(SQUARE_SIZE_WORLD)),
                    ..default()
                },
                Transform::from_translation(at(land).extend(MARKER_Z)),
            ));
            k += 1;
        }
    }
    *shown_key = Some(key);
}

/// Keeps the board gizmos' line width at [`BOARD_LINE_WORLD`] world units in pixels.
fn scale_board_gizmos(
    mut store: ResMut<GizmoConfigStore>,
    camera: Query<&Projection, With<BoardCamera>>,
    window: Query<&Window, With<PrimaryWindow>>,
) {
    let (Ok(Projection::Orthographic(o)), Ok(_w)) = (camera.single(), window.single()) else {
        return;
    };
    let width = (BOARD_LINE_WORLD / o.scale.max(1e-3)).clamp(1.5, 24.0);
    let (config, _) = store.config_mut::<BoardGizmos>();
    if (config.line.width - width).abs() > 0.01 {
        config.line.width = width;
        config.line.joints = GizmoLineJoint::Round(6);
    }
}

/// The points of a quadratic arc from `a` to `b` bowed by `bow` × its length to the left.
pub fn arc_points(a: Vec2, b: Vec2, bow: f32, n: usize) -> Vec<Vec2> {
    let mid = (a + b) / 2.0 + (b - a).perp() * bow;
    (0..=n)
        .map(|i| {
            let t = i as f32 / n as f32;
            a * (1.0 - t) * (1.0 - t) + mid * 2.0 * t * (1.0 - t) + b * t * t
        })
        .collect()
}

/// The landing arrows: from each destination dot to the ghost where the piece would land.
fn draw_landing_arrows(
    mut gizmos: Gizmos<BoardGizmos>,
    game: Res<ActiveGame>,
    view: Res<BoardView>,
    selection: Res<Selection>,
    appearance: Res<Appearance>,
) {
    let shape = game.shown().shape();
    let at = |sq| square_to_world(shape, sq, view.flipped);
    let arrows: Vec<(Vec2, Vec2)> = selection
        .targets
        .iter()
        .filter_map(|t| t.landing.map(|l| (at(t.to), at(l))))
        .collect();
    let colors = theme_colors(appearance.theme);
    for ((a, b), (ci, bow)) in arrows.iter().zip(arrow_styles(&arrows)) {
        let c = colors.arrows[ci];
        let len = (*b - *a).length();
        if len < 1.0 {
            continue;
        }
        // From the dot's edge to the frame's edge.
        let pts = arc_points(*a, *b, bow, 24);
        let keep: Vec<Vec2> = pts
            .into_iter()
            .filter(|p| p.distance(*a) > 18.0 && p.distance(*b) > 40.0)
            .collect();
        if keep.len() < 2 {
            continue;
        }
        gizmos.linestrip_2d(keep.iter().copied(), c);
        let tip = keep[keep.len() - 1];
        let dir = (tip - keep[keep.len() - 2]).normalize_or_zero();
        for s in [-1.0f32, 1.0] {
            let back = Vec2::from_angle(s * 0.5).rotate(-dir) * 16.0;
            gizmos.line_2d(tip, tip + back, c);
        }
    }
}

/// The queued premove: a blue arrow from its square to its destination.
fn draw_premove(
    mut gizmos: Gizmos<BoardGizmos>,
    game: Res<ActiveGame>,
    view: Res<BoardView>,
    premove: Res<crate::game::premove::Premove>,
) {
    let Some(q) = premove.0 else {
        return;
    };
    let shape = game.shown().shape();
    let a = square_to_world(shape, q.mv.from, view.flipped);
    let b = square_to_world(shape, q.mv.to, view.flipped);
    let dir = (b - a).normalize_or_zero();
    if dir == Vec2::ZERO {
        return;
    }
    let c = Color::srgba(0.3, 0.55, 0.95, 0.9);
    gizmos.line_2d(a, b - dir * 6.0, c);
    for s in [-1.0f32, 1.0] {
        let back = Vec2::from_angle(s * 0.5).rotate(-dir) * 20.0;
        gizmos.line_2d(b, b + back, c);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn two_landing_arrows_on_one_file_get_two_colours_and_bow_apart() {
        // A pawn on e2: e3 → e5 and e4 → e6, both on the e-file.
        let x = 40.0;
        let arrows = [
            (Vec2::new(x, -250.0), Vec2::new(x, -50.0)),
            (Vec2::new(x, -150.0), Vec2::new(x, 50.0)),
        ];
        let s = arrow_styles(&arrows);
        assert_ne!(s[0].0, s[1].0);
        assert!(s[0].1 * s[1].1 < 0.0, "{s:?}");
        // Their arcs' middles are apart by more than a third of a square.
        let m0 = arc_points(arrows[0].0, arrows[0].1, s[0].1, 2)[1];
        let m1 = arc_points(arrows[1].0, arrows[1].1, s[1].1, 2)[1];
        assert!((m0.x - m1.x).abs() > SQUARE_SIZE_WORLD / 3.0, "{m0} {m1}");
        // A lone arrow takes the first colour.
        assert_eq!(arrow_styles(&arrows[..1])[0].0, 0);
    }

    #[test]
    fn hexagram_lines_read_from_the_bottom() {
        assert_eq!(hexagram_lines(0), [false; 6]);
        assert_eq!(hexagram_lines(63), [true; 6]);
        assert_eq!(hexagram_lines(1), [true, false, false, false, false, false]);
        assert_eq!(hexagram_lines(56), [false, false, false, true, true, true]);
    }
}
