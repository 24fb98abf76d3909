//! The 2D board: a sprite per square (light/dark, last move, selection), coordinates on the
//! edges, legal destinations and Intrachange landings (gizmos), and the Intrachange overlays:
//! square numbers and hexagrams (bit 0 = bottom line; solid = 1, broken = 0).

use bevy::prelude::*;
use bevy::sprite::Anchor;
use bevy::text::FontSize;

use super::picking::Selection;
use super::pieces::PieceFont;
use super::{BoardView, SQUARE_SIZE_WORLD, coords_to_world, square_to_world};
use crate::AppSystems;
use crate::game::{ActiveGame, BoardSquare, HexagramNumber, SquareShade};
use crate::rules::{BoardShape, Entry, Square};

pub(crate) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        (
            attach_square_visuals,
            update_square_visuals,
            update_coordinate_labels,
            draw_board_overlays,
        )
            .chain()
            .in_set(AppSystems::Present),
    );
}

const LIGHT: Color = Color::srgb(0.93, 0.86, 0.72);
const DARK: Color = Color::srgb(0.71, 0.53, 0.39);
const LAST_MOVE: Color = Color::srgb(0.95, 0.85, 0.35);
const SELECTED: Color = Color::srgb(0.45, 0.75, 0.45);
const CHECK: Color = Color::srgb(0.9, 0.2, 0.15);
const CORNER_TINT: Color = Color::srgb(0.62, 0.66, 0.8);

/// The number label of an Intrachange square.
#[derive(Component, Debug, Clone, Copy)]
pub struct SquareNumberLabel;

/// A coordinate label on the board edge: a file letter or a rank number.
#[derive(Component, Debug, Clone, Copy)]
pub struct CoordLabel {
    /// Where it stands, in (file, rank) coordinates (may be off the board).
    pub coords: (i8, i8),
}

fn attach_square_visuals(
    mut commands: Commands,
    font: Res<PieceFont>,
    squares: Query<(Entity, &BoardSquare, Option<&HexagramNumber>), Added<BoardSquare>>,
) {
    for (e, _, number) in &squares {
        commands
            .entity(e)
            .insert(Sprite::from_color(LIGHT, Vec2::splat(SQUARE_SIZE_WORLD)));
        if let Some(n) = number {
            commands.entity(e).with_child((
                SquareNumberLabel,
                Text2d::new(n.0.to_string()),
                TextFont {
                    font: font.0.clone().into(),
                    font_size: FontSize::Px(20.0),
                    ..default()
                },
                TextColor(Color::srgba(0.1, 0.1, 0.35, 0.9)),
                Anchor::TOP_LEFT,
                Transform::from_xyz(-46.0, 48.0, 30.0),
                Visibility::Hidden,
            ));
        }
    }
}

/// The squares of the last move (origin, exoteric square and, for a teleport, the landing).
fn last_move_squares(game: &ActiveGame) -> Vec<Square> {
    let n = game.review.unwrap_or(game.record.len());
    if n == 0 {
        return Vec::new();
    }
    let (Some(entry), Some(before)) = (
        game.record.entries().get(n - 1),
        game.record.position_after(n - 1),
    ) else {
        return Vec::new();
    };
    match entry {
        Entry::Move(mv) => {
            let mut out = vec![mv.from, mv.to];
            let mut copy = before.clone();
            if let Ok(fx) = copy.try_play(mv) {
                for e in fx {
                    if let crate::rules::Effect::Teleport { to, .. } = e {
                        out.push(to);
                    }
                }
            }
            out
        }
        Entry::Turn { white, black } => vec![white.from, white.to, black.from, black.to],
    }
}

fn update_square_visuals(
    game: Res<ActiveGame>,
    view: Res<BoardView>,
    selection: Res<Selection>,
    mut squares: Query<(
        &BoardSquare,
        &SquareShade,
        &mut Sprite,
        &mut Transform,
        Option<&Children>,
    )>,
    mut labels: Query<&mut Visibility, With<SquareNumberLabel>>,
    mut last: Local<(usize, Option<usize>, u64, Vec<Square>)>,
) {
    let shown = game.shown();
    let shape = shown.shape();
    let turn = shown.turn();
    let checked_king = if !game.is_simultaneous() && shown.in_check(turn) {
        shown.board().king(turn)
    } else {
        None
    };
    let key = (
        game.record.len(),
        game.review,
        game.record.current().repetition_key(),
    );
    if (last.0, last.1, last.2) != key {
        *last = (key.0, key.1, key.2, last_move_squares(&game));
    }
    for (sq, shade, mut sprite, mut tf, children) in &mut squares {
        let p = coords_to_world(shape, sq.coords, view.flipped).extend(0.0);
        if tf.translation != p {
            tf.translation = p;
        }
        let off_grid = !(0..shape.files()).contains(&sq.coords.0);
        let mut c = match shade {
            SquareShade::Light => LIGHT,
            SquareShade::Dark => DARK,
        };
        if off_grid {
            c = c.mix(&CORNER_TINT, 0.5);
        }
        if last.3.contains(&sq.square) {
            c = c.mix(&LAST_MOVE, 0.45);
        }
        if checked_king == Some(sq.square) {
            c = c.mix(&CHECK, 0.6);
        }
        if selection.from == Some(sq.square) {
            c = c.mix(&SELECTED, 0.6);
        }
        if sprite.color != c {
            sprite.color = c;
        }
        if let Some(children) = children {
            for child in children.iter() {
                if let Ok(mut v) = labels.get_mut(child) {
                    let want = if view.show_numbers {
                        Visibility::Inherited
                    } else {
                        Visibility::Hidden
                    };
                    if *v != want {
                        *v = want;
                    }
                }
            }
        }
    }
}

fn update_coordinate_labels(
    mut commands: Commands,
    game: Res<ActiveGame>,
    view: Res<BoardView>,
    font: Res<PieceFont>,
    mut labels: Query<(Entity, &CoordLabel, &mut Transform)>,
    mut built: Local<Option<BoardShape>>,
) {
    let shape = game.shown().shape();
    if *built != Some(shape) {
        for (e, _, _) in &labels {
            commands.entity(e).despawn();
        }
        let n = shape.files();
        let mut spawn = |text: String, coords: (i8, i8)| {
            commands.spawn((
                Name::new(format!("Label {text}")),
                CoordLabel { coords },
                Text2d::new(text),
                TextFont {
                    font: font.0.clone().into(),
                    font_size: FontSize::Px(30.0),
                    ..default()
                },
                TextColor(Color::srgb(0.85, 0.85, 0.8)),
                Anchor::CENTER,
                Transform::from_translation(
                    coords_to_world(shape, coords, view.flipped).extend(1.0),
                ),
            ));
        };
        for f in 0..n {
            let name = shape.name(shape.square_at(f, 0).unwrap_or(Square(0)));
            let letter: String = name
                .chars()
                .take_while(|c| c.is_ascii_alphabetic())
                .collect();
            spawn(letter.clone(), (f, -1));
            spawn(letter, (f, n));
        }
        for r in 0..n {
            spawn((r + 1).to_string(), (-1, r));
            spawn((r + 1).to_string(), (n, r));
        }
        *built = Some(shape);
        return;
    }
    for (_, label, mut tf) in &mut labels {
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
    }
}

fn draw_board_overlays(
    mut gizmos: Gizmos,
    game: Res<ActiveGame>,
    view: Res<BoardView>,
    selection: Res<Selection>,
    squares: Query<(&BoardSquare, &HexagramNumber)>,
) {
    let shape = game.shown().shape();
    let at = |sq| square_to_world(shape, sq, view.flipped);
    // Landing arrows that lie on one line (a pawn's e3→e5 and e4→e6) are drawn side by side.
    let arrows: Vec<(Vec2, Vec2)> = selection
        .targets
        .iter()
        .filter_map(|t| t.landing.map(|l| (at(t.to), at(l))))
        .collect();
    let arrow_offset = |a: Vec2, b: Vec2| -> Vec2 {
        let dir = (b - a).normalize_or_zero();
        let line: Vec<&(Vec2, Vec2)> = arrows
            .iter()
            .filter(|(p, q)| {
                (*q - *p).normalize_or_zero().dot(dir).abs() > 0.99
                    && dir.perp_dot(*p - a).abs() < 1.0
            })
            .collect();
        if line.len() < 2 {
            return Vec2::ZERO;
        }
        let k = line.iter().position(|(p, _)| *p == a).unwrap_or(0) as f32;
        dir.perp() * (k - (line.len() as f32 - 1.0) / 2.0) * 26.0
    };
    for t in &selection.targets {
        let c = if t.captures {
            Color::srgba(0.85, 0.15, 0.1, 0.9)
        } else {
            Color::srgba(0.1, 0.45, 0.15, 0.9)
        };
        if t.captures {
            for r in [40.0, 42.0, 44.0] {
                gizmos.circle_2d(at(t.to), r, c);
            }
        } else {
            for r in [6.0, 9.0, 12.0, 15.0, 18.0] {
                gizmos.circle_2d(at(t.to), r, c);
            }
        }
        if let Some(land) = t.landing {
            let off = arrow_offset(at(t.to), at(land));
            gizmos.arrow_2d(
                at(t.to) + off,
                at(land) + off,
                Color::srgba(0.5, 0.25, 0.95, 0.9),
            );
            gizmos.rect_2d(
                Isometry2d::from_translation(at(land)),
                Vec2::splat(SQUARE_SIZE_WORLD - 8.0),
                Color::srgba(0.5, 0.25, 0.95, 0.9),
            );
        }
    }
    if view.show_hexagrams {
        // A small hexagram in the square's lower-right corner (the number sits top-left), so
        // it stays readable next to a piece instead of being drawn across it.
        let ink = Color::srgba(0.1, 0.1, 0.3, 0.85);
        for (sq, number) in &squares {
            let c = at(sq.square) + Vec2::new(32.0, -42.0);
            for bit in 0..6 {
                let y = c.y + bit as f32 * 5.0;
                let (x0, x1) = (c.x - 13.0, c.x + 13.0);
                if number.0 & (1 << bit) != 0 {
                    gizmos.line_2d(Vec2::new(x0, y), Vec2::new(x1, y), ink);
                } else {
                    gizmos.line_2d(Vec2::new(x0, y), Vec2::new(c.x - 3.0, y), ink);
                    gizmos.line_2d(Vec2::new(c.x + 3.0, y), Vec2::new(x1, y), ink);
                }
            }
        }
    }
}
