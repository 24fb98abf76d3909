//! Rasterised art: the SVG piece sets (`assets/pieces/<set>/<side><kind>.svg`, embedded in
//! the binary) and the board's overlay shapes (move dots, capture rings, the check glow, the
//! piece shadow, label plates, particles), drawn with `resvg` at the size a square has on
//! screen in physical pixels. When that size changes (window resize, DPI scale factor,
//! fullscreen, a board of another size) every image is drawn again into the same handles, so
//! sprites never show a stretched bitmap. Runs in
//! [`AppSystems::Present`], after the camera is fitted.

use std::collections::HashMap;

use bevy::asset::RenderAssetUsages;
use bevy::prelude::*;
use bevy::render::render_resource::{Extent3d, TextureDimension, TextureFormat};
use bevy::window::PrimaryWindow;
use resvg::{tiny_skia, usvg};

use super::SQUARE_SIZE_WORLD;
use super::camera::BoardCamera;
use crate::AppSystems;
use crate::persist::PieceSet;
use crate::rules::{Color as Side, PieceKind};

pub(crate) fn plugin(app: &mut App) {
    app.init_resource::<Appearance>()
        .init_resource::<ArtImages>()
        .add_systems(PreStartup, create_art_images)
        .add_systems(
            Update,
            rasterize_art
                .in_set(AppSystems::Present)
                .after(super::camera::fit_camera),
        );
}

/// How the board looks (set from the settings by the UI).
#[derive(Resource, Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Appearance {
    /// The piece drawing.
    pub piece_set: PieceSet,
    /// The board's colours and surfaces.
    pub theme: crate::persist::BoardTheme,
    /// Multisampling of the board cameras (applied by `render/camera.rs`).
    pub antialiasing: crate::persist::Antialiasing,
    /// The 2D board or the 3D scene ([`ViewState`](super::view::ViewState) follows it).
    pub view: crate::persist::ViewMode,
}

/// Why a drawing could not be rasterised.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ArtError {
    /// The SVG text did not parse (the message of `usvg`).
    Parse(String),
    /// A zero or too large pixel size.
    Size(u32),
}

impl std::fmt::Display for ArtError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ArtError::Parse(e) => write!(f, "the SVG could not be read: {e}"),
            ArtError::Size(px) => write!(f, "cannot draw at {px} px (1–4096)"),
        }
    }
}

impl std::error::Error for ArtError {}

/// Every kind that has a drawing, in the order of the asset file letters.
pub const DRAWN_KINDS: [PieceKind; 10] = [
    PieceKind::King,
    PieceKind::Queen,
    PieceKind::Rook,
    PieceKind::Bishop,
    PieceKind::Knight,
    PieceKind::Pawn,
    PieceKind::Guard,
    PieceKind::Matriarch,
    PieceKind::Jumper,
    PieceKind::OuterKnight,
];

macro_rules! piece_files {
    ($set:literal) => {
        [
            [
                include_str!(concat!("../../assets/pieces/", $set, "/wK.svg")),
                include_str!(concat!("../../assets/pieces/", $set, "/wQ.svg")),
                include_str!(concat!("../../assets/pieces/", $set, "/wR.svg")),
                include_str!(concat!("../../assets/pieces/", $set, "/wB.svg")),
                include_str!(concat!("../../assets/pieces/", $set, "/wN.svg")),
                include_str!(concat!("../../assets/pieces/", $set, "/wP.svg")),
                include_str!(concat!("../../assets/pieces/", $set, "/wG.svg")),
                include_str!(concat!("../../assets/pieces/", $set, "/wM.svg")),
                include_str!(concat!("../../assets/pieces/", $set, "/wJ.svg")),
                include_str!(concat!("../../assets/pieces/", $set, "/wO.svg")),
            ],
            [
                include_str!(concat!("../../assets/pieces/", $set, "/bK.svg")),
                include_str!(concat!("../../assets/pieces/", $set, "/bQ.svg")),
                include_str!(concat!("../../assets/pieces/", $set, "/bR.svg")),
                include_str!(concat!("../../assets/pieces/", $set, "/bB.svg")),
                include_str!(concat!("../../assets/pieces/", $set, "/bN.svg")),
                include_str!(concat!("../../assets/pieces/", $set, "/bP.svg")),
                include_str!(concat!("../../assets/pieces/", $set, "/bG.svg")),
                include_str!(concat!("../../assets/pieces/", $set, "/bM.svg")),
                include_str!(concat!("../../assets/pieces/", $set, "/bJ.svg")),
                include_str!(concat!("../../assets/pieces/", $set, "/bO.svg")),
            ],
        ]
    };
}

const CLASSIC: [[&str; 10]; 2] = piece_files!("classic");
const PRINT: [[&str; 10]; 2] = piece_files!("print");

fn kind_index(kind: PieceKind) -> usize {
    match kind {
        PieceKind::King => 0,
        PieceKind::Queen => 1,
        PieceKind::Rook => 2,
        PieceKind::Bishop => 3,
        PieceKind::Knight => 4,
        PieceKind::Pawn => 5,
        PieceKind::Guard => 6,
        PieceKind::Matriarch => 7,
        PieceKind::Jumper => 8,
        PieceKind::OuterKnight => 9,
    }
}

/// The SVG text of a piece drawing (view box 100 × 100, the piece standing on y = 90).
pub fn piece_svg(set: PieceSet, side: Side, kind: PieceKind) -> &'static str {
    let files = match set {
        PieceSet::Classic => &CLASSIC,
        PieceSet::Print => &PRINT,
    };
    files[side.index()][kind_index(kind)]
}

/// The overlay shapes, drawn white (sprites tint them) on a 100 × 100 view box.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Shape {
    /// A legal quiet move: a small dot.
    Dot,
    /// A legal capture: a ring round the square's edge.
    Ring,
    /// A soft radial glow (the King in check).
    Glow,
    /// The soft elliptical shadow under a piece.
    Shadow,
    /// A rounded plate behind labels and hexagrams.
    Plate,
    /// A soft round particle (teleports).
    Spark,
    /// A square outline with rounded corners (the landing of a teleport, field blocks).
    Frame,
    /// A thick small ring (Parity's mark of a resting piece).
    Badge,
}

impl Shape {
    /// Every shape.
    pub const ALL: [Shape; 8] = [
        Shape::Dot,
        Shape::Ring,
        Shape::Glow,
        Shape::Shadow,
        Shape::Plate,
        Shape::Spark,
        Shape::Frame,
        Shape::Badge,
    ];

    /// The SVG text of the shape.
    pub fn svg(self) -> &'static str {
        match self {
            Shape::Dot => {
                r##"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100"><circle cx="50" cy="50" r="15" fill="#fff"/></svg>"##
            }
            Shape::Ring => {
                r##"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100"><circle cx="50" cy="50" r="44" fill="none" stroke="#fff" stroke-width="7"/></svg>"##
            }
            Shape::Glow => {
                r##"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100"><defs><radialGradient id="g"><stop offset="0" stop-color="#fff" stop-opacity="1"/><stop offset="0.45" stop-color="#fff" stop-opacity="0.75"/><stop offset="1" stop-color="#fff" stop-opacity="0"/></radialGradient></defs><circle cx="50" cy="50" r="50" fill="url(#g)"/></svg>"##
            }
            Shape::Shadow => {
                r##"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100"><defs><radialGradient id="s"><stop offset="0" stop-color="#fff" stop-opacity="0.9"/><stop offset="0.6" stop-color="#fff" stop-opacity="0.45"/><stop offset="1" stop-color="#fff" stop-opacity="0"/></radialGradient></defs><ellipse cx="50" cy="50" rx="48" ry="48" fill="url(#s)"/></svg>"##
            }
            Shape::Plate => {
                r##"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100"><rect x="2" y="2" width="96" height="96" rx="22" fill="#fff"/></svg>"##
            }
            Shape::Spark => {
                r##"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100"><defs><radialGradient id="p"><stop offset="0" stop-color="#fff" stop-opacity="1"/><stop offset="0.35" stop-color="#fff" stop-opacity="0.85"/><stop offset="1" stop-color="#fff" stop-opacity="0"/></radialGradient></defs><circle cx="50" cy="50" r="50" fill="url(#p)"/></svg>"##
            }
            Shape::Badge => {
                r##"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100"><circle cx="50" cy="50" r="35" fill="none" stroke="#fff" stroke-width="22"/></svg>"##
            }
            Shape::Frame => {
                r##"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100"><rect x="5" y="5" width="90" height="90" rx="12" fill="none" stroke="#fff" stroke-width="6"/></svg>"##
            }
        }
    }

    /// The shape's size relative to a square: its image is drawn at this share of the
    /// square's pixel size (small shapes need fewer pixels).
    fn share(self) -> f32 {
        match self {
            Shape::Dot | Shape::Ring | Shape::Glow | Shape::Frame => 1.0,
            Shape::Shadow => 0.6,
            Shape::Plate => 0.4,
            Shape::Spark | Shape::Badge => 0.2,
        }
    }
}

/// Draws an SVG text into straight (not premultiplied) sRGB RGBA8 pixels of `px` × `px`,
/// its view box scaled to fill the square.
///
/// # Errors
/// [`ArtError::Parse`] for text that is not SVG, [`ArtError::Size`] for a size outside
/// 1–4096 px.
pub fn rasterize(svg: &str, px: u32) -> Result<Vec<u8>, ArtError> {
    if !(1..=4096).contains(&px) {
        return Err(ArtError::Size(px));
    }
    let tree = usvg::Tree::from_str(svg, &usvg::Options::default())
        .map_err(|e| ArtError::Parse(e.to_string()))?;
    let mut pixmap = tiny_skia::Pixmap::new(px, px).ok_or(ArtError::Size(px))?;
    let size = tree.size();
    let scale = px as f32 / size.width().max(size.height());
    resvg::render(
        &tree,
        tiny_skia::Transform::from_scale(scale, scale),
        &mut pixmap.as_mut(),
    );
    let mut out = Vec::with_capacity((px * px * 4) as usize);
    for p in pixmap.pixels() {
        let c = p.demultiply();
        out.extend_from_slice(&[c.red(), c.green(), c.blue(), c.alpha()]);
    }
    Ok(out)
}

fn image_from(svg: &str, px: u32) -> Image {
    let data = rasterize(svg, px).unwrap_or_else(|e| {
        warn!("art: {e}");
        vec![0; (px * px * 4) as usize]
    });
    Image::new(
        Extent3d {
            width: px,
            height: px,
            depth_or_array_layers: 1,
        },
        TextureDimension::D2,
        data,
        TextureFormat::Rgba8UnormSrgb,
        RenderAssetUsages::default(),
    )
}

/// The images of the current piece set and the overlay shapes, and the size they were drawn
/// at.
#[derive(Resource, Debug, Clone, Default)]
pub struct ArtImages {
    pieces: HashMap<(Side, PieceKind), Handle<Image>>,
    shapes: HashMap<Shape, Handle<Image>>,
    /// The set and square size (physical pixels) the images show now; `None` before the
    /// first drawing.
    pub drawn: Option<(PieceSet, u32)>,
    /// The size asked for and for how many frames it has been asked (a window being
    /// resized is drawn again only once it holds still).
    pending: Option<(PieceSet, u32, u32)>,
}

impl ArtImages {
    /// The image of a piece (the same handle whatever size or set it is drawn at).
    pub fn piece(&self, side: Side, kind: PieceKind) -> Handle<Image> {
        self.pieces.get(&(side, kind)).cloned().unwrap_or_default()
    }

    /// The image of an overlay shape.
    pub fn shape(&self, shape: Shape) -> Handle<Image> {
        self.shapes.get(&shape).cloned().unwrap_or_default()
    }
}

/// The share of a square a piece drawing covers (world units per square × this = sprite
/// size).
pub const PIECE_SHARE: f32 = 0.92;

/// The pixel size the images are drawn at for a square of `square_px` physical pixels:
/// rounded up to a multiple of 8, at least 16 and at most 1024, so small changes of the
/// window do not redraw and a lifted piece (a few per cent larger) stays sharp.
pub fn art_px(square_px: f32) -> u32 {
    let px = (square_px * PIECE_SHARE * 1.08).ceil().max(16.0) as u32;
    px.div_ceil(8).saturating_mul(8).min(1024)
}

fn create_art_images(mut images: ResMut<Assets<Image>>, mut art: ResMut<ArtImages>) {
    let px = 64;
    for side in [Side::White, Side::Black] {
        for kind in DRAWN_KINDS {
            let h = images.add(image_from(piece_svg(PieceSet::Classic, side, kind), px));
            art.pieces.insert((side, kind), h);
        }
    }
    for shape in Shape::ALL {
        let h = images.add(image_from(shape.svg(), px));
        art.shapes.insert(shape, h);
    }
    art.drawn = Some((PieceSet::Classic, px));
}

/// Frames a new size must hold before the art is drawn again (a window being dragged to
/// a new size redraws once at the end).
pub const REDRAW_AFTER_FRAMES: u32 = 6;

/// Draws the art again when the on-screen square size or the piece set changed.
fn rasterize_art(
    window: Query<&Window, With<PrimaryWindow>>,
    camera: Query<&Projection, With<BoardCamera>>,
    appearance: Res<Appearance>,
    mut art: ResMut<ArtImages>,
    mut images: ResMut<Assets<Image>>,
) {
    let (Ok(window), Ok(Projection::Orthographic(o))) = (window.single(), camera.single()) else {
        return;
    };
    if o.scale <= 0.0 {
        return;
    }
    let square_px = SQUARE_SIZE_WORLD / o.scale * window.scale_factor();
    let want = (appearance.piece_set, art_px(square_px));
    if art.drawn == Some(want) {
        art.pending = None;
        return;
    }
    let frames = match art.pending {
        Some((s, p, n)) if (s, p) == want => n + 1,
        _ => 0,
    };
    // The first drawing and a change of set happen at once.
    let immediate = art.drawn.is_none_or(|(s, _)| s != want.0);
    if frames < REDRAW_AFTER_FRAMES && !immediate {
        art.pending = Some((want.0, want.1, frames));
        return;
    }
    let (set, px) = want;
    for ((side, kind), h) in &art.pieces {
        let _ = images.insert(h, image_from(piece_svg(set, *side, *kind), px));
    }
    for (shape, h) in &art.shapes {
        let spx = ((px as f32 * shape.share()).ceil() as u32).max(8);
        let _ = images.insert(h, image_from(shape.svg(), spx));
    }
    art.drawn = Some(want);
    art.pending = None;
}

#[cfg(test)]
mod tests {
    use super::*;

    fn alpha_at(px: &[u8], size: u32, x: u32, y: u32) -> u8 {
        px[((y * size + x) * 4 + 3) as usize]
    }

    #[test]
    fn every_piece_of_both_sets_draws_with_its_outline_inside_the_square() {
        for set in PieceSet::ALL {
            for side in [Side::White, Side::Black] {
                for kind in DRAWN_KINDS {
                    let size = 48;
                    let px = rasterize(piece_svg(set, side, kind), size).unwrap();
                    let covered = px.chunks(4).filter(|p| p[3] > 128).count();
                    let share = covered as f32 / (size * size) as f32;
                    assert!(
                        (0.18..0.75).contains(&share),
                        "{set:?} {side:?} {kind:?}: {share}"
                    );
                    // The corners are clear (the piece stands inside its square).
                    assert_eq!(alpha_at(&px, size, 0, 0), 0, "{set:?} {side:?} {kind:?}");
                    // It stands on its plinth: the middle of the bottom row of the
                    // drawing (y = 88 of 100) is covered.
                    assert!(alpha_at(&px, size, size / 2, size * 88 / 100) > 200);
                }
            }
        }
    }

    #[test]
    fn white_and_black_pieces_differ_in_brightness() {
        let mean = |side, kind| {
            let px = rasterize(piece_svg(PieceSet::Classic, side, kind), 64).unwrap();
            let (mut sum, mut n) = (0u64, 0u64);
            for p in px.chunks(4).filter(|p| p[3] == 255) {
                sum += u64::from(p[0]) + u64::from(p[1]) + u64::from(p[2]);
                n += 3;
            }
            sum / n.max(1)
        };
        for kind in DRAWN_KINDS {
            let (w, b) = (mean(Side::White, kind), mean(Side::Black, kind));
            assert!(w > b + 60 && b < 80, "{kind:?}: white {w}, black {b}");
        }
    }

    #[test]
    fn the_new_pieces_have_their_own_silhouettes() {
        let mask = |kind| {
            rasterize(piece_svg(PieceSet::Classic, Side::White, kind), 40)
                .unwrap()
                .chunks(4)
                .map(|p| p[3] > 128)
                .collect::<Vec<_>>()
        };
        let differ = |a, b| {
            mask(a)
                .iter()
                .zip(mask(b))
                .filter(|(x, y)| **x != *y)
                .count()
        };
        // At 40 px at least 40 pixels of the outline differ from the nearest standard
        // kind.
        assert!(differ(PieceKind::OuterKnight, PieceKind::Knight) > 40);
        assert!(differ(PieceKind::Guard, PieceKind::Bishop) > 40);
        assert!(differ(PieceKind::Jumper, PieceKind::Pawn) > 40);
        // The Matriarch is a Queen's outline with its zone mark (gold) on the body.
        let gold = |kind| {
            rasterize(piece_svg(PieceSet::Classic, Side::Black, kind), 40)
                .unwrap()
                .chunks(4)
                .filter(|p| p[3] > 200 && p[0] > 150 && p[2] < 90)
                .count()
        };
        assert!(
            gold(PieceKind::Matriarch) > 20,
            "{}",
            gold(PieceKind::Matriarch)
        );
        assert_eq!(gold(PieceKind::Queen), 0);
    }

    #[test]
    fn shapes_draw_and_bad_input_is_an_error() {
        for s in Shape::ALL {
            let px = rasterize(s.svg(), 32).unwrap();
            assert!(px.chunks(4).any(|p| p[3] > 0), "{s:?}");
        }
        assert_eq!(
            rasterize("<svg", 10)
                .map(|_| ())
                .unwrap_err()
                .to_string()
                .split(':')
                .next(),
            Some("the SVG could not be read")
        );
        assert_eq!(rasterize(Shape::Dot.svg(), 0), Err(ArtError::Size(0)));
    }

    #[test]
    fn art_is_drawn_at_the_square_size_rounded_up() {
        assert_eq!(art_px(10.0), 16);
        assert_eq!(art_px(80.0), 80);
        assert_eq!(art_px(200.0), 200);
        assert_eq!(art_px(2000.0), 1024);
        assert_eq!(art_px(81.0) % 8, 0);
    }
}
