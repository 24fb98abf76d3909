//! Board themes: the square colours and surfaces (procedural wood grain and marble veins,
//! generated once per theme as small tileable images that the square sprites sample), the
//! background, the coordinate colour and the highlight colours, chosen per theme so that
//! last move, selection, legal targets and check read on each. Runs in
//! [`AppSystems::Present`] when the theme changes.

use bevy::asset::RenderAssetUsages;
use bevy::prelude::*;
use bevy::render::render_resource::{Extent3d, TextureDimension, TextureFormat};

use super::art::Appearance;
use crate::AppSystems;
use crate::persist::BoardTheme;

pub(crate) fn plugin(app: &mut App) {
    app.init_resource::<ThemeImages>()
        .add_systems(PreStartup, create_theme_images)
        .add_systems(Update, apply_theme.in_set(AppSystems::Present));
}

/// The colours of a theme (sRGB; highlight colours carry their own opacity).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct ThemeColors {
    /// Light squares (the surface image is drawn in this colour).
    pub light: Color,
    /// Dark squares.
    pub dark: Color,
    /// The window around the board.
    pub background: Color,
    /// Coordinates (on the background).
    pub label: Color,
    /// The last move's squares (over the square).
    pub last_move: Color,
    /// The selected piece's square.
    pub selected: Color,
    /// Legal-move dots and capture rings.
    pub target: Color,
    /// The check glow under a King.
    pub check: Color,
    /// Big Outer's corner squares are mixed with this.
    pub corner: Color,
    /// Intrachange landing arrows, one colour per arrow on the same line.
    pub arrows: [Color; 2],
    /// The surface drawn on the squares.
    pub surface: Surface,
}

/// What a theme's squares are made of.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Surface {
    /// Plain colour.
    Flat,
    /// Wood grain.
    Wood,
    /// Veined stone.
    Marble,
}

/// The colours of `theme`.
pub fn theme_colors(theme: BoardTheme) -> ThemeColors {
    match theme {
        BoardTheme::Wood => ThemeColors {
            light: Color::srgb(0.94, 0.85, 0.70),
            dark: Color::srgb(0.69, 0.50, 0.34),
            background: Color::srgb(0.13, 0.12, 0.11),
            label: Color::srgb(0.90, 0.82, 0.68),
            last_move: Color::srgba(0.80, 0.85, 0.20, 0.42),
            selected: Color::srgba(0.25, 0.62, 0.45, 0.55),
            target: Color::srgba(0.12, 0.20, 0.10, 0.38),
            check: Color::srgba(1.0, 0.12, 0.05, 0.9),
            corner: Color::srgb(0.55, 0.58, 0.68),
            arrows: [
                Color::srgba(0.42, 0.22, 0.90, 0.9),
                Color::srgba(0.0, 0.55, 0.75, 0.9),
            ],
            surface: Surface::Wood,
        },
        BoardTheme::Marble => ThemeColors {
            light: Color::srgb(0.93, 0.92, 0.89),
            dark: Color::srgb(0.50, 0.59, 0.56),
            background: Color::srgb(0.10, 0.12, 0.13),
            label: Color::srgb(0.82, 0.88, 0.86),
            last_move: Color::srgba(0.95, 0.80, 0.25, 0.42),
            selected: Color::srgba(0.20, 0.45, 0.85, 0.45),
            target: Color::srgba(0.05, 0.12, 0.16, 0.38),
            check: Color::srgba(1.0, 0.15, 0.10, 0.9),
            corner: Color::srgb(0.62, 0.60, 0.72),
            arrows: [
                Color::srgba(0.55, 0.20, 0.80, 0.9),
                Color::srgba(0.90, 0.45, 0.0, 0.9),
            ],
            surface: Surface::Marble,
        },
        BoardTheme::HighContrast => ThemeColors {
            light: Color::srgb(0.97, 0.97, 0.95),
            dark: Color::srgb(0.30, 0.33, 0.38),
            background: Color::srgb(0.0, 0.0, 0.0),
            label: Color::srgb(1.0, 1.0, 1.0),
            last_move: Color::srgba(1.0, 0.85, 0.0, 0.55),
            selected: Color::srgba(0.0, 0.75, 1.0, 0.6),
            target: Color::srgba(0.0, 0.70, 1.0, 0.85),
            check: Color::srgba(1.0, 0.0, 0.0, 1.0),
            corner: Color::srgb(0.45, 0.40, 0.65),
            arrows: [
                Color::srgba(1.0, 0.0, 0.85, 1.0),
                Color::srgba(0.0, 0.85, 0.3, 1.0),
            ],
            surface: Surface::Flat,
        },
        BoardTheme::Projector => ThemeColors {
            light: Color::srgb(1.0, 0.97, 0.86),
            dark: Color::srgb(0.20, 0.45, 0.72),
            background: Color::srgb(0.06, 0.09, 0.16),
            label: Color::srgb(1.0, 0.95, 0.75),
            last_move: Color::srgba(1.0, 0.80, 0.0, 0.55),
            selected: Color::srgba(0.10, 0.85, 0.35, 0.6),
            target: Color::srgba(0.05, 0.10, 0.25, 0.55),
            check: Color::srgba(1.0, 0.05, 0.05, 1.0),
            corner: Color::srgb(0.60, 0.50, 0.80),
            arrows: [
                Color::srgba(0.85, 0.0, 0.70, 1.0),
                Color::srgba(1.0, 0.45, 0.0, 1.0),
            ],
            surface: Surface::Flat,
        },
    }
}

/// Side of a surface image in pixels; a square samples a [`SURFACE_TILE_PX`] part of it.
pub const SURFACE_PX: u32 = 384;
/// Side of the part of a surface image one square shows, in pixels.
pub const SURFACE_TILE_PX: f32 = 128.0;

/// The surface images of the current theme (light and dark squares) and the theme they show.
#[derive(Resource, Debug, Clone, Default)]
pub struct ThemeImages {
    /// Light squares' surface.
    pub light: Handle<Image>,
    /// Dark squares' surface.
    pub dark: Handle<Image>,
    /// The theme drawn; `None` before the first.
    pub drawn: Option<BoardTheme>,
}

fn blank() -> Image {
    Image::new_fill(
        Extent3d {
            width: 1,
            height: 1,
            depth_or_array_layers: 1,
        },
        TextureDimension::D2,
        &[255, 255, 255, 255],
        TextureFormat::Rgba8UnormSrgb,
        RenderAssetUsages::default(),
    )
}

fn create_theme_images(mut images: ResMut<Assets<Image>>, mut theme: ResMut<ThemeImages>) {
    theme.light = images.add(blank());
    theme.dark = images.add(blank());
}

fn hash(x: i32, y: i32, seed: u32) -> f32 {
    let mut h = (x as u32).wrapping_mul(0x27d4_eb2d)
        ^ (y as u32).wrapping_mul(0x1656_67b1)
        ^ seed.wrapping_mul(0x9e37_79b9);
    h ^= h >> 15;
    h = h.wrapping_mul(0x85eb_ca6b);
    h ^= h >> 13;
    (h & 0xffff) as f32 / 65535.0
}

/// Smooth value noise, tileable with period `period` (in lattice cells, per axis).
fn noise(x: f32, y: f32, period: (i32, i32), seed: u32) -> f32 {
    let (xi, yi) = (x.floor() as i32, y.floor() as i32);
    let (fx, fy) = (x - xi as f32, y - yi as f32);
    let s = |t: f32| t * t * (3.0 - 2.0 * t);
    let at = |i: i32, j: i32| hash(i.rem_euclid(period.0), j.rem_euclid(period.1), seed);
    let (a, b) = (at(xi, yi), at(xi + 1, yi));
    let (c, d) = (at(xi, yi + 1), at(xi + 1, yi + 1));
    let (u, v) = (s(fx), s(fy));
    (a + (b - a) * u) * (1.0 - v) + (c + (d - c) * u) * v
}

/// Four octaves of [`noise`]; `x` spans `period.0` cells over the image, `y` `period.1`.
fn fbm(x: f32, y: f32, period: (i32, i32), seed: u32) -> f32 {
    let (mut sum, mut amp, mut f, mut norm) = (0.0, 0.5, 1.0, 0.0);
    for o in 0..4 {
        let p = (period.0 * f as i32, period.1 * f as i32);
        sum += amp * noise(x * f, y * f, p, seed + o);
        norm += amp;
        amp *= 0.5;
        f *= 2.0;
    }
    sum / norm
}

/// A tileable surface image (`SURFACE_PX` square, RGBA8 sRGB) whose mean is close to
/// `base`: wood grain running along x, or marble veins.
pub fn surface_pixels(surface: Surface, base: Color, seed: u32) -> Vec<u8> {
    let n = SURFACE_PX;
    let b = base.to_srgba();
    let mut out = Vec::with_capacity((n * n * 4) as usize);
    for y in 0..n {
        for x in 0..n {
            let (u, v) = (x as f32 / n as f32, y as f32 / n as f32);
            let k = match surface {
                Surface::Flat => 1.0,
                Surface::Wood => {
                    // Straight grain along x: growth bands gently bent by low-frequency
                    // noise, long fibres on top.
                    let warp = fbm(u * 2.0, v * 2.0, (2, 2), seed) * 1.5;
                    let ring = ((v * 6.0 + warp) * std::f32::consts::TAU).sin();
                    let fibre = fbm(u * 3.0, v * 64.0, (3, 64), seed + 7) - 0.5;
                    1.0 + 0.04 * ring + 0.14 * fibre
                }
                Surface::Marble => {
                    let t = fbm(u * 4.0, v * 4.0, (4, 4), seed) * 7.0;
                    let vein = ((u * 2.0 + v * 3.0) * std::f32::consts::TAU + t)
                        .sin()
                        .abs()
                        .powf(0.22);
                    let cloud = fbm(u * 8.0, v * 8.0, (8, 8), seed + 3) - 0.5;
                    0.86 + 0.14 * vein + 0.06 * cloud
                }
            };
            let ch = |c: f32| ((c * k).clamp(0.0, 1.0) * 255.0).round() as u8;
            out.extend_from_slice(&[ch(b.red), ch(b.green), ch(b.blue), 255]);
        }
    }
    out
}

fn surface_image(surface: Surface, base: Color, seed: u32) -> Image {
    Image::new(
        Extent3d {
            width: SURFACE_PX,
            height: SURFACE_PX,
            depth_or_array_layers: 1,
        },
        TextureDimension::D2,
        surface_pixels(surface, base, seed),
        TextureFormat::Rgba8UnormSrgb,
        RenderAssetUsages::default(),
    )
}

/// The part of the surface image a square at (file, rank) shows (pixels), so neighbouring
/// squares show different grain.
pub fn surface_rect(coords: (i8, i8)) -> Rect {
    let steps = (SURFACE_PX as f32 - SURFACE_TILE_PX) / 4.0;
    let (f, r) = (i32::from(coords.0), i32::from(coords.1));
    let x = ((f * 3 + r * 7).rem_euclid(5)) as f32 * steps;
    let y = ((f * 5 + r * 2).rem_euclid(5)) as f32 * steps;
    Rect::new(x, y, x + SURFACE_TILE_PX, y + SURFACE_TILE_PX)
}

/// Draws the theme's surfaces and background when the theme changes.
fn apply_theme(
    appearance: Res<Appearance>,
    mut theme: ResMut<ThemeImages>,
    mut images: ResMut<Assets<Image>>,
    mut clear: ResMut<ClearColor>,
) {
    if theme.drawn == Some(appearance.theme) {
        return;
    }
    let colors = theme_colors(appearance.theme);
    let (light, dark) = match colors.surface {
        Surface::Flat => (blank(), blank()),
        s => (
            surface_image(s, colors.light, 11),
            surface_image(s, colors.dark, 29),
        ),
    };
    let _ = images.insert(&theme.light, light);
    let _ = images.insert(&theme.dark, dark);
    clear.0 = colors.background;
    theme.drawn = Some(appearance.theme);
}

#[cfg(test)]
mod tests {
    use super::*;

    fn luminance(c: Color) -> f32 {
        let c = c.to_linear();
        0.2126 * c.red + 0.7152 * c.green + 0.0722 * c.blue
    }

    #[test]
    fn every_theme_separates_light_and_dark_squares_and_its_labels_read_on_the_background() {
        for theme in BoardTheme::ALL {
            let c = theme_colors(theme);
            let (l, d) = (luminance(c.light), luminance(c.dark));
            assert!(l / d > 2.0, "{theme:?}: squares {l} / {d}");
            let (label, bg) = (luminance(c.label), luminance(c.background));
            // WCAG contrast ratio of the coordinates on the background: at least 7:1.
            let ratio = (label + 0.05) / (bg + 0.05);
            assert!(ratio > 7.0, "{theme:?}: labels {ratio}");
        }
    }

    #[test]
    fn surfaces_tile_and_keep_their_base_colour() {
        for s in [Surface::Wood, Surface::Marble] {
            let px = surface_pixels(s, Color::WHITE, 3);
            let n = SURFACE_PX as usize;
            assert_eq!(px.len(), n * n * 4);
            let mean = px.chunks(4).map(|p| f32::from(p[0])).sum::<f32>() / (n * n) as f32;
            assert!((200.0..=255.0).contains(&mean), "{s:?}: {mean}");
            // Tileable: the left column continues the right one.
            let diff = (0..n)
                .map(|y| (i32::from(px[y * n * 4]) - i32::from(px[(y * n + n - 1) * 4])).abs())
                .max()
                .unwrap();
            assert!(diff < 40, "{s:?}: edge jump {diff}");
        }
        let r = surface_rect((3, 4));
        assert!(r.max.x <= SURFACE_PX as f32 && r.max.y <= SURFACE_PX as f32);
        assert_ne!(surface_rect((0, 0)), surface_rect((1, 0)));
    }
}
