//! The board: squares in the chosen theme, coordinates, pieces of the chosen SVG set
//! (rasterised at the on-screen size), highlights, the Intrachange overlays, the Force Field
//! heat map, mouse input and the stage-by-stage animations; and the 3D view of the same
//! entities ([`view`], [`board3d`], [`camera3d`], [`effects3d`]).
//! It reads the game model ([`crate::game`]) and writes only requests; it never calls the
//! rules to change anything. Runs in [`AppSystems::Input`](crate::AppSystems::Input) (mouse,
//! keys) and [`AppSystems::Present`](crate::AppSystems::Present) (everything drawn).

pub mod animation;
pub mod art;
pub mod board2d;
pub mod board3d;
pub mod camera;
pub mod camera3d;
pub mod charges;
pub mod effects3d;
pub mod frame_stats;
pub mod keys;
pub mod models;
pub mod parity;
pub mod picking;
pub mod pieces;
pub mod stroke_font;
pub mod theme;
pub mod view;
pub mod window;
pub mod zones;

use bevy::prelude::*;

use crate::rules::{BoardShape, Square};

pub use animation::AnimationSettings;
pub use art::Appearance;
pub use camera::BoardInsets;
pub use picking::{PromotionChoice, Selection};

/// Side of one square in world units.
pub const SQUARE_SIZE_WORLD: f32 = 100.0;

/// The visual part of the game: board, pieces, animation, input, the 2D and 3D views.
/// Needs Bevy's default plugins (a window entity; the headless start-mode tests run it
/// without a renderer); the rules-level tests leave it out.
pub struct RenderPlugin;

impl Plugin for RenderPlugin {
    fn build(&self, app: &mut App) {
        app.init_resource::<BoardView>()
            .add_plugins((
                camera::plugin,
                art::plugin,
                theme::plugin,
                board2d::plugin,
                pieces::plugin,
                animation::plugin,
                picking::plugin,
                charges::plugin,
                frame_stats::plugin,
                keys::plugin,
                zones::plugin,
                parity::plugin,
                window::plugin,
                crate::sound::plugin,
            ))
            .add_plugins((
                view::plugin,
                camera3d::plugin,
                board3d::plugin,
                effects3d::plugin,
            ))
            .add_systems(Update, face_the_person.in_set(crate::AppSystems::Present));
    }
}

/// The side the board turns towards when exactly one side is a person's (the other a
/// program's): the person's; `None` for hot-seat and bot-against-bot games.
pub fn person_side(automated: crate::game::AutomatedSides) -> Option<crate::rules::Color> {
    use crate::rules::Color;
    match (automated.white, automated.black) {
        (false, true) => Some(Color::White),
        (true, false) => Some(Color::Black),
        _ => None,
    }
}

/// Turns the board so that the person playing a program has their side at the bottom, each
/// time the game or the seats change (a rematch with colours swapped turns it round); `F`
/// still flips it at will in between.
fn face_the_person(
    game: Res<crate::game::ActiveGame>,
    automated: Option<Res<crate::game::AutomatedSides>>,
    mut view: ResMut<BoardView>,
    mut seen: Local<Option<(u64, crate::game::AutomatedSides)>>,
) {
    let automated = automated.as_deref().copied().unwrap_or_default();
    let now = (game.id, automated);
    if *seen == Some(now) {
        return;
    }
    *seen = Some(now);
    if let Some(side) = person_side(automated) {
        let flipped = side == crate::rules::Color::Black;
        if view.flipped != flipped {
            view.flipped = flipped;
        }
    }
}

/// How the board is shown: orientation and the Intrachange overlays.
#[derive(Resource, Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct BoardView {
    /// Black at the bottom.
    pub flipped: bool,
    /// Intrachange: show each square's official number.
    pub show_numbers: bool,
    /// Intrachange: draw each square's hexagram.
    pub show_hexagrams: bool,
}

/// World position of the centre of the square at (file, rank) (a1 = (0, 0); Big Outer
/// corners at −1 or 12). The board's centre is the world origin; White is at the bottom
/// unless `flipped`. Units: world units ([`SQUARE_SIZE_WORLD`] per square).
pub fn coords_to_world(shape: BoardShape, coords: (i8, i8), flipped: bool) -> Vec2 {
    let n = shape.files() as f32;
    let (mut f, mut r) = (coords.0 as f32, coords.1 as f32);
    if flipped {
        f = n - 1.0 - f;
        r = n - 1.0 - r;
    }
    let half = (n - 1.0) / 2.0;
    Vec2::new(
        (f - half) * SQUARE_SIZE_WORLD,
        (r - half) * SQUARE_SIZE_WORLD,
    )
}

/// World position of the centre of a square.
pub fn square_to_world(shape: BoardShape, sq: Square, flipped: bool) -> Vec2 {
    coords_to_world(shape, shape.coords(sq), flipped)
}

/// The square under a world position, if any.
pub fn world_to_square(shape: BoardShape, world: Vec2, flipped: bool) -> Option<Square> {
    let n = shape.files() as f32;
    let half = (n - 1.0) / 2.0;
    let mut f = (world.x / SQUARE_SIZE_WORLD + half).round();
    let mut r = (world.y / SQUARE_SIZE_WORLD + half).round();
    if flipped {
        f = n - 1.0 - f;
        r = n - 1.0 - r;
    }
    if !(-2.0..=14.0).contains(&f) || !(-2.0..=14.0).contains(&r) {
        return None;
    }
    shape.square_at(f as i8, r as i8)
}
