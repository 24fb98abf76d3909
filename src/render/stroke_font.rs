//! A small stroke font for text lying on the 3D board (Bevy draws no text in 3D): the
//! coordinates' letters a–l and digits, Intrachange's square numbers and the Force Field
//! charges' signs. Each glyph is a few polylines on a grid 4 wide and 6 tall (digits and
//! tall letters 6, short letters 4, descenders to −2); [`text_mesh`] lays a string's strokes
//! out as flat ribbons in the XY plane, facing +Z, read from −Y. Pure geometry: no plugin.

use bevy::math::{Vec2, Vec3};

use super::models::MeshData;

/// Width of a glyph's grid.
pub const GLYPH_WIDTH: f32 = 4.0;
/// Height of a digit or a tall letter on the grid.
pub const GLYPH_HEIGHT: f32 = 6.0;
/// Distance between the starts of two glyphs, in grid units.
pub const GLYPH_ADVANCE: f32 = 5.6;

/// The strokes of `c` (polylines on the glyph grid), or `None` for a character the font
/// does not have.
pub fn glyph(c: char) -> Option<&'static [&'static [(f32, f32)]]> {
    Some(match c {
        '0' => &[&[
            (1.0, 0.0),
            (0.0, 1.0),
            (0.0, 5.0),
            (1.0, 6.0),
            (3.0, 6.0),
            (4.0, 5.0),
            (4.0, 1.0),
            (3.0, 0.0),
            (1.0, 0.0),
        ]],
        '1' => &[
            &[(1.0, 5.0), (2.0, 6.0), (2.0, 0.0)],
            &[(1.0, 0.0), (3.0, 0.0)],
        ],
        '2' => &[&[
            (0.0, 5.0),
            (1.0, 6.0),
            (3.0, 6.0),
            (4.0, 5.0),
            (4.0, 4.0),
            (0.0, 0.0),
            (4.0, 0.0),
        ]],
        '3' => &[
            &[
                (0.0, 5.0),
                (1.0, 6.0),
                (3.0, 6.0),
                (4.0, 5.0),
                (4.0, 4.0),
                (3.0, 3.0),
                (1.5, 3.0),
            ],
            &[
                (3.0, 3.0),
                (4.0, 2.0),
                (4.0, 1.0),
                (3.0, 0.0),
                (1.0, 0.0),
                (0.0, 1.0),
            ],
        ],
        '4' => &[&[(3.0, 0.0), (3.0, 6.0), (0.0, 2.0), (4.0, 2.0)]],
        '5' => &[&[
            (4.0, 6.0),
            (0.0, 6.0),
            (0.0, 3.0),
            (3.0, 3.0),
            (4.0, 2.0),
            (4.0, 1.0),
            (3.0, 0.0),
            (0.0, 0.0),
        ]],
        '6' => &[&[
            (3.5, 6.0),
            (1.0, 6.0),
            (0.0, 5.0),
            (0.0, 1.0),
            (1.0, 0.0),
            (3.0, 0.0),
            (4.0, 1.0),
            (4.0, 2.0),
            (3.0, 3.0),
            (0.0, 3.0),
        ]],
        '7' => &[&[(0.0, 6.0), (4.0, 6.0), (1.0, 0.0)]],
        '8' => &[&[
            (1.0, 3.0),
            (0.0, 4.0),
            (0.0, 5.0),
            (1.0, 6.0),
            (3.0, 6.0),
            (4.0, 5.0),
            (4.0, 4.0),
            (3.0, 3.0),
            (1.0, 3.0),
            (0.0, 2.0),
            (0.0, 1.0),
            (1.0, 0.0),
            (3.0, 0.0),
            (4.0, 1.0),
            (4.0, 2.0),
            (3.0, 3.0),
        ]],
        '9' => &[&[
            (4.0, 3.0),
            (1.0, 3.0),
            (0.0, 4.0),
            (0.0, 5.0),
            (1.0, 6.0),
            (3.0, 6.0),
            (4.0, 5.0),
            (4.0, 1.0),
            (3.0, 0.0),
            (0.5, 0.0),
        ]],
        'a' => &[
            &[(0.5, 4.0), (3.0, 4.0), (4.0, 3.0), (4.0, 0.0)],
            &[
                (4.0, 2.3),
                (1.0, 2.3),
                (0.0, 1.5),
                (0.0, 0.8),
                (1.0, 0.0),
                (3.0, 0.0),
                (4.0, 0.8),
            ],
        ],
        'b' => &[&[
            (0.0, 6.0),
            (0.0, 0.0),
            (3.0, 0.0),
            (4.0, 1.0),
            (4.0, 3.0),
            (3.0, 4.0),
            (0.0, 4.0),
        ]],
        'c' => &[&[
            (4.0, 4.0),
            (1.0, 4.0),
            (0.0, 3.0),
            (0.0, 1.0),
            (1.0, 0.0),
            (4.0, 0.0),
        ]],
        'd' => &[&[
            (4.0, 6.0),
            (4.0, 0.0),
            (1.0, 0.0),
            (0.0, 1.0),
            (0.0, 3.0),
            (1.0, 4.0),
            (4.0, 4.0),
        ]],
        'e' => &[&[
            (0.0, 2.0),
            (4.0, 2.0),
            (4.0, 3.0),
            (3.0, 4.0),
            (1.0, 4.0),
            (0.0, 3.0),
            (0.0, 1.0),
            (1.0, 0.0),
            (4.0, 0.0),
        ]],
        'f' => &[
            &[(4.0, 6.0), (3.0, 6.0), (2.0, 5.0), (2.0, 0.0)],
            &[(0.5, 4.0), (3.5, 4.0)],
        ],
        'g' => &[
            &[(4.0, 4.0), (4.0, -1.0), (3.0, -2.0), (0.5, -2.0)],
            &[
                (4.0, 4.0),
                (1.0, 4.0),
                (0.0, 3.0),
                (0.0, 1.0),
                (1.0, 0.0),
                (4.0, 0.0),
            ],
        ],
        'h' => &[
            &[(0.0, 6.0), (0.0, 0.0)],
            &[(0.0, 4.0), (3.0, 4.0), (4.0, 3.0), (4.0, 0.0)],
        ],
        'i' => &[&[(2.0, 4.0), (2.0, 0.0)], &[(2.0, 5.4), (2.0, 6.0)]],
        'j' => &[
            &[(3.0, 4.0), (3.0, -1.0), (2.0, -2.0), (0.5, -2.0)],
            &[(3.0, 5.4), (3.0, 6.0)],
        ],
        'k' => &[
            &[(0.0, 6.0), (0.0, 0.0)],
            &[(3.5, 4.0), (0.0, 1.5)],
            &[(1.4, 2.5), (4.0, 0.0)],
        ],
        'l' => &[&[(1.0, 6.0), (2.0, 6.0), (2.0, 1.0), (3.0, 0.0), (4.0, 0.0)]],
        '+' => &[&[(2.0, 1.0), (2.0, 5.0)], &[(0.0, 3.0), (4.0, 3.0)]],
        '-' | '\u{2212}' => &[&[(0.0, 3.0), (4.0, 3.0)]],
        _ => return None,
    })
}

/// `text` as flat ribbons in the XY plane at z = 0, facing +Z, centred on the origin (its
/// ink across, a digit's height up and down) and read from −Y: `height` world units for a digit, strokes `weight` world units wide.
/// Characters the font does not have leave a space.
pub fn text_mesh(text: &str, height: f32, weight: f32) -> MeshData {
    let k = height / GLYPH_HEIGHT;
    let n = text.chars().count() as f32;
    let width = (n - 1.0).max(0.0) * GLYPH_ADVANCE + GLYPH_WIDTH;
    let origin = Vec2::new(-width / 2.0, -GLYPH_HEIGHT / 2.0);
    let mut out = MeshData::default();
    for (i, c) in text.chars().enumerate() {
        let Some(strokes) = glyph(c) else { continue };
        let offset = origin + Vec2::new(i as f32 * GLYPH_ADVANCE, 0.0);
        for stroke in strokes {
            for w in stroke.windows(2) {
                let a = (Vec2::from(w[0]) + offset) * k;
                let b = (Vec2::from(w[1]) + offset) * k;
                ribbon(&mut out, a, b, weight);
            }
        }
    }
    // Centred on the ink across, on the digits' height up and down.
    let (lo, hi) = out
        .positions
        .iter()
        .fold((f32::MAX, f32::MIN), |(l, h), p| (l.min(p.x), h.max(p.x)));
    let shift = if lo <= hi { (lo + hi) / 2.0 } else { 0.0 };
    for p in &mut out.positions {
        p.x -= shift;
    }
    out
}

/// One stroke from `a` to `b`, `weight` wide, its ends squared off half its weight beyond
/// the points (so strokes meeting at a corner leave no notch).
fn ribbon(out: &mut MeshData, a: Vec2, b: Vec2, weight: f32) {
    let d = (b - a).normalize_or(Vec2::X);
    let (a, b) = (a - d * weight / 2.0, b + d * weight / 2.0);
    let p = d.perp() * weight / 2.0;
    let base = out.positions.len() as u32;
    for (q, uv) in [
        (a - p, Vec2::ZERO),
        (b - p, Vec2::X),
        (b + p, Vec2::ONE),
        (a + p, Vec2::Y),
    ] {
        out.positions.push(q.extend(0.0));
        out.normals.push(Vec3::Z);
        out.uvs.push(uv);
    }
    out.indices
        .extend_from_slice(&[base, base + 1, base + 2, base, base + 2, base + 3]);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_label_character_has_a_glyph_on_its_grid() {
        for c in "0123456789abcdefghijkl+-\u{2212}".chars() {
            let strokes = glyph(c).unwrap_or_else(|| panic!("no glyph for {c}"));
            assert!(!strokes.is_empty());
            for s in strokes {
                assert!(s.len() >= 2, "{c}: a stroke needs two points");
                for &(x, y) in *s {
                    assert!((0.0..=GLYPH_WIDTH).contains(&x), "{c}: x {x}");
                    assert!((-2.0..=GLYPH_HEIGHT).contains(&y), "{c}: y {y}");
                }
            }
        }
        assert!(glyph('m').is_none());
    }

    #[test]
    fn text_is_centred_faces_up_and_is_valid() {
        let m = text_mesh("12", 30.0, 3.0);
        m.validate(false).unwrap();
        assert!(m.normals.iter().all(|n| *n == Vec3::Z));
        let (lo, hi) = m
            .positions
            .iter()
            .fold((Vec3::MAX, Vec3::MIN), |(l, h), p| (l.min(*p), h.max(*p)));
        assert!((lo.x + hi.x).abs() < 1e-3 && (lo.y + hi.y).abs() < 1e-3);
        // A digit's height, and half a stroke's weight more at each end.
        assert!((30.0..36.0).contains(&(hi.y - lo.y)), "{lo} {hi}");
        assert_eq!(text_mesh("a", 30.0, 3.0).triangle_count(), 2 * 9);
    }
}
