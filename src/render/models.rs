//! The 3D view's geometry, made in code: turned profiles (a lathe with smooth normals and
//! hard creases), extruded and bevelled silhouettes (triangulated by ear clipping), boxes,
//! spheres, tori and swept tubes, and from them one model per piece kind ([`piece_model`])
//! and the board's parts. Pure geometry ([`MeshData`]): no plugin, no assets;
//! [`board3d`](super::board3d) turns the data into Bevy meshes once.
//!
//! Units are world units ([`SQUARE_SIZE_WORLD`](super::SQUARE_SIZE_WORLD) = 100 per square).
//! Z is up. A piece stands on z = 0, centred on the origin; seen from −Y it looks like its
//! 2D drawing (the Guard's arrow and the Jumper's leap point to +X), and the Knight's muzzle
//! points to +Y. Triangles wind counter-clockwise seen from outside (Bevy's front faces).

use bevy::asset::RenderAssetUsages;
use bevy::math::{Affine3A, Quat, Vec2, Vec3};
use bevy::mesh::{Indices, Mesh, PrimitiveTopology};

use crate::rules::PieceKind;

/// Triangles, with a normal and a texture coordinate per vertex.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct MeshData {
    /// Vertex positions (world units).
    pub positions: Vec<Vec3>,
    /// Unit normals, one per vertex.
    pub normals: Vec<Vec3>,
    /// Texture coordinates, one per vertex.
    pub uvs: Vec<Vec2>,
    /// Three vertex indices per triangle, counter-clockwise seen from outside.
    pub indices: Vec<u32>,
}

impl MeshData {
    /// The number of triangles.
    pub fn triangle_count(&self) -> usize {
        self.indices.len() / 3
    }

    fn vertex(&mut self, p: Vec3, n: Vec3, uv: Vec2) -> u32 {
        let i = self.positions.len() as u32;
        self.positions.push(p);
        self.normals.push(n.normalize_or(Vec3::Z));
        self.uvs.push(uv);
        i
    }

    fn triangle(&mut self, a: u32, b: u32, c: u32) {
        self.indices.extend_from_slice(&[a, b, c]);
    }

    /// Adds `other`'s triangles to these.
    pub fn append(&mut self, other: MeshData) {
        let base = self.positions.len() as u32;
        self.positions.extend(other.positions);
        self.normals.extend(other.normals);
        self.uvs.extend(other.uvs);
        self.indices
            .extend(other.indices.into_iter().map(|i| i + base));
    }

    /// These triangles moved by `t` (rotation, uniform scale and translation: normals are
    /// turned with it).
    pub fn transformed(mut self, t: Affine3A) -> MeshData {
        for p in &mut self.positions {
            *p = t.transform_point3(*p);
        }
        for n in &mut self.normals {
            *n = t.transform_vector3(*n).normalize_or(Vec3::Z);
        }
        self
    }

    /// These triangles moved to `at`, turned by `rotation`.
    pub fn placed(self, at: Vec3, rotation: Quat) -> MeshData {
        self.transformed(Affine3A::from_rotation_translation(rotation, at))
    }

    /// The Bevy mesh (kept in the main world too, for ray casts).
    pub fn into_mesh(self) -> Mesh {
        let to = |v: Vec<Vec3>| v.into_iter().map(|p| p.to_array()).collect::<Vec<_>>();
        Mesh::new(
            PrimitiveTopology::TriangleList,
            RenderAssetUsages::default(),
        )
        .with_inserted_attribute(Mesh::ATTRIBUTE_POSITION, to(self.positions))
        .with_inserted_attribute(Mesh::ATTRIBUTE_NORMAL, to(self.normals))
        .with_inserted_attribute(
            Mesh::ATTRIBUTE_UV_0,
            self.uvs
                .into_iter()
                .map(|u| u.to_array())
                .collect::<Vec<_>>(),
        )
        .with_inserted_indices(Indices::U32(self.indices))
    }

    /// Checks the data: whole triangles, indices in range, finite positions, unit normals,
    /// no triangle without area, every face turned outwards (its winding agrees with its
    /// vertices' normals) and, when `closed`, every edge shared by exactly two triangles
    /// that run it in opposite directions (vertices at the same place count as one).
    ///
    /// # Errors
    /// The first problem found, in words.
    pub fn validate(&self, closed: bool) -> Result<(), String> {
        let n = self.positions.len();
        if self.normals.len() != n || self.uvs.len() != n {
            return Err("attribute counts differ".into());
        }
        if !self.indices.len().is_multiple_of(3) || self.indices.is_empty() {
            return Err(format!("{} indices", self.indices.len()));
        }
        if let Some(i) = self.indices.iter().find(|&&i| i as usize >= n) {
            return Err(format!("index {i} out of range ({n} vertices)"));
        }
        if let Some(p) = self.positions.iter().find(|p| !p.is_finite()) {
            return Err(format!("position {p} is not finite"));
        }
        if let Some(v) = self
            .normals
            .iter()
            .find(|v| (v.length() - 1.0).abs() > 1e-3)
        {
            return Err(format!("normal {v} is not of unit length"));
        }
        for t in self.indices.chunks(3) {
            let [a, b, c] = [0, 1, 2].map(|k| self.positions[t[k] as usize]);
            let face = (b - a).cross(c - a);
            if face.length() < 1e-5 {
                return Err(format!("triangle {a} {b} {c} has no area"));
            }
            let normals = t
                .iter()
                .map(|&i| self.normals[i as usize])
                .fold(Vec3::ZERO, |s, v| s + v);
            if face.dot(normals) <= 0.0 {
                return Err(format!("triangle {a} {b} {c} faces inwards"));
            }
        }
        if closed {
            let key = |p: Vec3| (p * 256.0).round().as_ivec3().to_array();
            let mut edges = std::collections::HashMap::<_, i32>::new();
            for t in self.indices.chunks(3) {
                for k in 0..3 {
                    let a = key(self.positions[t[k] as usize]);
                    let b = key(self.positions[t[(k + 1) % 3] as usize]);
                    if a == b {
                        continue;
                    }
                    // +1 for a → b, −1 for b → a: a closed surface sums to zero per edge.
                    let (lo, hi, s) = if a < b { (a, b, 1) } else { (b, a, -1) };
                    *edges.entry((lo, hi)).or_default() += s;
                }
            }
            if let Some(((a, b), s)) = edges.iter().find(|(_, s)| **s != 0) {
                return Err(format!(
                    "edge {a:?}–{b:?} is not shared by two opposite triangles ({s})"
                ));
            }
        }
        Ok(())
    }
}

/// Adjacent profile or outline segments meeting at more than this angle (radians) keep
/// separate normals: a hard crease instead of a smooth bend.
pub const CREASE_RADIANS: f32 = 0.6;

/// The surface turned about the Z axis by the profile `points` (radius, height), given from
/// the axis at the bottom, outwards and up, back to the axis at the top (counter-clockwise
/// with the radius to the right). Points on the axis close the surface; `segments` is the
/// number of steps around. Normals are smooth except at creases ([`CREASE_RADIANS`]).
pub fn lathe(points: &[Vec2], segments: u32) -> MeshData {
    let mut out = MeshData::default();
    let pts: Vec<Vec2> = points.iter().copied().fold(Vec::<Vec2>::new(), |mut v, p| {
        if v.last().is_none_or(|l| l.distance(p) > 1e-4) {
            v.push(Vec2::new(p.x.max(0.0), p.y));
        }
        v
    });
    if pts.len() < 2 {
        return out;
    }
    // Outward normal of each segment in the (radius, height) plane.
    let seg_normal: Vec<Vec2> = pts
        .windows(2)
        .map(|w| {
            let d = (w[1] - w[0]).normalize_or_zero();
            Vec2::new(d.y, -d.x)
        })
        .collect();
    let length: Vec<f32> = std::iter::once(0.0)
        .chain(pts.windows(2).scan(0.0, |s, w| {
            *s += w[0].distance(w[1]);
            Some(*s)
        }))
        .collect();
    let total = length.last().copied().unwrap_or(1.0).max(1e-3);
    // The normal at point `i` as seen from segment `s` (s = i − 1 or i). On the axis it is
    // the axis itself (the mean of the normals all round).
    let normal_at = |i: usize, s: usize| -> Vec2 {
        if pts[i].x < 1e-4 {
            return Vec2::new(0.0, if seg_normal[s].y < 0.0 { -1.0 } else { 1.0 });
        }
        let (prev, next) = (i.checked_sub(1), (i < seg_normal.len()).then_some(i));
        match (prev, next) {
            (Some(p), Some(n)) if seg_normal[p].angle_to(seg_normal[n]).abs() < CREASE_RADIANS => {
                (seg_normal[p] + seg_normal[n]).normalize_or(seg_normal[s])
            }
            _ => seg_normal[s],
        }
    };
    let ring = |r: f32, z: f32, n: Vec2, j: u32| {
        let a = j as f32 / segments as f32 * std::f32::consts::TAU;
        let (s, c) = a.sin_cos();
        (Vec3::new(r * c, r * s, z), Vec3::new(n.x * c, n.x * s, n.y))
    };
    for s in 0..pts.len() - 1 {
        let (p, q) = (pts[s], pts[s + 1]);
        let (np, nq) = (normal_at(s, s), normal_at(s + 1, s));
        let (vp, vq) = (length[s] / total, length[s + 1] / total);
        let base = out.positions.len() as u32;
        for j in 0..=segments {
            let u = j as f32 / segments as f32;
            let (pa, na) = ring(p.x, p.y, np, j);
            let (pb, nb) = ring(q.x, q.y, nq, j);
            out.vertex(pa, na, Vec2::new(u, vp));
            out.vertex(pb, nb, Vec2::new(u, vq));
        }
        let (p_axis, q_axis) = (p.x < 1e-4, q.x < 1e-4);
        for j in 0..segments {
            let (a0, b0) = (base + 2 * j, base + 2 * j + 1);
            let (a1, b1) = (a0 + 2, b0 + 2);
            if !p_axis {
                out.triangle(a0, a1, b1);
            }
            if !q_axis {
                out.triangle(a0, b1, b0);
            }
        }
    }
    out
}

/// A box of `size` centred on the origin, with hard edges.
pub fn cuboid(size: Vec3) -> MeshData {
    let h = size / 2.0;
    let mut out = MeshData::default();
    // Each face: its normal and two axes spanning it (u × v = normal).
    let faces = [
        (Vec3::X, Vec3::Y, Vec3::Z),
        (Vec3::NEG_X, Vec3::Z, Vec3::Y),
        (Vec3::Y, Vec3::Z, Vec3::X),
        (Vec3::NEG_Y, Vec3::X, Vec3::Z),
        (Vec3::Z, Vec3::X, Vec3::Y),
        (Vec3::NEG_Z, Vec3::Y, Vec3::X),
    ];
    for (n, u, v) in faces {
        let base = out.positions.len() as u32;
        for (du, dv) in [(-1.0, -1.0), (1.0, -1.0), (1.0, 1.0), (-1.0, 1.0)] {
            let p = (n + u * du + v * dv) * h;
            let uv = Vec2::new((du + 1.0) / 2.0, 1.0 - (dv + 1.0) / 2.0);
            out.vertex(p, n, uv);
        }
        out.triangle(base, base + 1, base + 2);
        out.triangle(base, base + 2, base + 3);
    }
    out
}

/// A sphere of `radius` centred on the origin (`rings` steps from pole to pole).
pub fn sphere(radius: f32, rings: u32, segments: u32) -> MeshData {
    let profile: Vec<Vec2> = (0..=rings)
        .map(|i| {
            let a = -std::f32::consts::FRAC_PI_2 + std::f32::consts::PI * i as f32 / rings as f32;
            Vec2::new(radius * a.cos(), radius * a.sin())
        })
        .collect();
    lathe(&profile, segments)
}

/// A torus about the Z axis: the ring of radius `major` swept by a circle of `minor`.
pub fn torus(major: f32, minor: f32, segments: u32, sides: u32) -> MeshData {
    let circle: Vec<Vec2> = (0..sides)
        .map(|i| {
            let a = i as f32 / sides as f32 * std::f32::consts::TAU;
            Vec2::new(major + minor * a.cos(), minor * a.sin())
        })
        .collect();
    let mut out = MeshData::default();
    let seg = |j: u32| {
        let a = j as f32 / segments as f32 * std::f32::consts::TAU;
        a.sin_cos()
    };
    for j in 0..=segments {
        let (s, c) = seg(j);
        for (i, p) in circle.iter().chain(circle.first()).enumerate() {
            let n2 = (*p - Vec2::new(major, 0.0)).normalize_or(Vec2::X);
            out.vertex(
                Vec3::new(p.x * c, p.x * s, p.y),
                Vec3::new(n2.x * c, n2.x * s, n2.y),
                Vec2::new(j as f32 / segments as f32, i as f32 / sides as f32),
            );
        }
    }
    let row = sides + 1;
    for j in 0..segments {
        for i in 0..sides {
            let a = j * row + i;
            let b = a + row;
            out.triangle(a, b, b + 1);
            out.triangle(a, b + 1, a + 1);
        }
    }
    out
}

/// A tube of `radius` along `path` (at least two points), closed by flat caps at both
/// ends. The rings are turned with a rotation-minimising frame, so the tube never twists.
pub fn tube(path: &[Vec3], radius: f32, sides: u32) -> MeshData {
    let mut out = MeshData::default();
    if path.len() < 2 {
        return out;
    }
    let tangent = |i: usize| {
        let (a, b) = (path[i.saturating_sub(1)], path[(i + 1).min(path.len() - 1)]);
        (b - a).normalize_or(Vec3::Z)
    };
    let t0 = tangent(0);
    let mut side = t0.any_orthonormal_vector();
    let mut frames = Vec::with_capacity(path.len());
    for i in 0..path.len() {
        let t = tangent(i);
        side = (side - t * side.dot(t)).normalize_or(t.any_orthonormal_vector());
        frames.push((t, side, t.cross(side)));
    }
    for (i, (p, (_, u, v))) in path.iter().zip(&frames).enumerate() {
        for k in 0..=sides {
            let a = k as f32 / sides as f32 * std::f32::consts::TAU;
            let n = *u * a.cos() + *v * a.sin();
            out.vertex(
                *p + n * radius,
                n,
                Vec2::new(k as f32 / sides as f32, i as f32 / path.len() as f32),
            );
        }
    }
    let row = sides + 1;
    for i in 0..path.len() as u32 - 1 {
        for k in 0..sides {
            let a = i * row + k;
            let b = a + row;
            out.triangle(a, a + 1, b + 1);
            out.triangle(a, b + 1, b);
        }
    }
    for (end, sign) in [(0usize, -1.0f32), (path.len() - 1, 1.0)] {
        let (t, u, v) = frames[end];
        let n = t * sign;
        let centre = out.vertex(path[end], n, Vec2::splat(0.5));
        let first = out.positions.len() as u32;
        for k in 0..sides {
            let a = k as f32 / sides as f32 * std::f32::consts::TAU;
            let d = u * a.cos() + v * a.sin();
            out.vertex(path[end] + d * radius, n, Vec2::splat(0.5));
        }
        for k in 0..sides {
            let (a, b) = (first + k, first + (k + 1) % sides);
            if sign > 0.0 {
                out.triangle(centre, a, b);
            } else {
                out.triangle(centre, b, a);
            }
        }
    }
    out
}

/// Twice the signed area of a polygon (positive: counter-clockwise).
pub fn signed_area2(poly: &[Vec2]) -> f32 {
    (0..poly.len())
        .map(|i| poly[i].perp_dot(poly[(i + 1) % poly.len()]))
        .sum()
}

/// Triangulates a simple polygon (counter-clockwise, no repeated points, holes or
/// crossings) by ear clipping: `n − 2` triangles of indices into `poly`, each
/// counter-clockwise. A polygon that is not simple still yields `n − 2` triangles (the
/// sharpest convex corners are cut when no clean ear is left).
pub fn triangulate(poly: &[Vec2]) -> Vec<[u32; 3]> {
    let mut ring: Vec<usize> = (0..poly.len()).collect();
    let mut out = Vec::with_capacity(poly.len().saturating_sub(2));
    let cross = |a: Vec2, b: Vec2, c: Vec2| (b - a).perp_dot(c - a);
    let inside = |p: Vec2, a: Vec2, b: Vec2, c: Vec2| {
        cross(a, b, p) >= 0.0 && cross(b, c, p) >= 0.0 && cross(c, a, p) >= 0.0
    };
    while ring.len() > 3 {
        let m = ring.len();
        let corner = |k: usize| {
            let (a, b, c) = (ring[(k + m - 1) % m], ring[k], ring[(k + 1) % m]);
            (a, b, c)
        };
        let is_ear = |k: usize| {
            let (a, b, c) = corner(k);
            let (pa, pb, pc) = (poly[a], poly[b], poly[c]);
            if cross(pa, pb, pc) <= 1e-9 {
                return false;
            }
            ring.iter().all(|&o| {
                o == a
                    || o == b
                    || o == c
                    || poly[o] == pa
                    || poly[o] == pb
                    || poly[o] == pc
                    || !inside(poly[o], pa, pb, pc)
            })
        };
        let k = (0..m).find(|&k| is_ear(k)).unwrap_or_else(|| {
            // No clean ear (a degenerate or crossing outline): cut the most convex corner.
            (0..m)
                .max_by(|&x, &y| {
                    let (a, b, c) = corner(x);
                    let (d, e, f) = corner(y);
                    cross(poly[a], poly[b], poly[c]).total_cmp(&cross(poly[d], poly[e], poly[f]))
                })
                .unwrap_or(0)
        });
        let (a, b, c) = corner(k);
        out.push([a as u32, b as u32, c as u32]);
        ring.remove(k);
    }
    if let [a, b, c] = ring[..] {
        out.push([a as u32, b as u32, c as u32]);
    }
    out
}

/// A polyline sampler for SVG-like outlines: straight lines and cubic Bézier curves, in the
/// coordinates of the drawing.
#[derive(Debug, Clone, Default)]
pub struct Outline {
    points: Vec<Vec2>,
}

impl Outline {
    /// Starts at `p`.
    pub fn start(p: (f32, f32)) -> Outline {
        Outline {
            points: vec![Vec2::new(p.0, p.1)],
        }
    }

    fn last(&self) -> Vec2 {
        self.points.last().copied().unwrap_or_default()
    }

    /// A straight line to `p`.
    pub fn line(mut self, p: (f32, f32)) -> Outline {
        self.points.push(Vec2::new(p.0, p.1));
        self
    }

    /// A cubic Bézier curve to `p` through the control points `c1`, `c2` (8 steps).
    pub fn cubic(mut self, c1: (f32, f32), c2: (f32, f32), p: (f32, f32)) -> Outline {
        let a = self.last();
        let (b, c, d) = (Vec2::from(c1), Vec2::from(c2), Vec2::from(p));
        for i in 1..=8 {
            let t = i as f32 / 8.0;
            let s = 1.0 - t;
            self.points
                .push(a * s * s * s + b * 3.0 * s * s * t + c * 3.0 * s * t * t + d * t * t * t);
        }
        self
    }

    /// The closed polygon, counter-clockwise, without repeated points, mapped by `f`.
    pub fn polygon(&self, f: impl Fn(Vec2) -> Vec2) -> Vec<Vec2> {
        let mut poly: Vec<Vec2> = Vec::with_capacity(self.points.len());
        for p in self.points.iter().map(|p| f(*p)) {
            if poly.last().is_none_or(|l| l.distance(p) > 1e-3) {
                poly.push(p);
            }
        }
        while poly.len() > 1 && poly[0].distance(poly[poly.len() - 1]) <= 1e-3 {
            poly.pop();
        }
        // Points on a straight run add nothing but slivers to the triangulation.
        let mut i = 0;
        while poly.len() > 3 && i < poly.len() {
            let n = poly.len();
            let (a, b, c) = (poly[(i + n - 1) % n], poly[i], poly[(i + 1) % n]);
            let (u, v) = ((b - a).normalize_or_zero(), (c - b).normalize_or_zero());
            if u.perp_dot(v).abs() < 2e-3 && u.dot(v) > 0.0 {
                poly.remove(i);
            } else {
                i += 1;
            }
        }
        if signed_area2(&poly) < 0.0 {
            poly.reverse();
        }
        poly
    }
}

/// The polygon `poly` (counter-clockwise) moved inwards by `by` along each corner's mitre
/// (kept short at sharp corners).
pub fn inset(poly: &[Vec2], by: f32) -> Vec<Vec2> {
    let n = poly.len();
    let edge_normal = |i: usize| {
        let d = (poly[(i + 1) % n] - poly[i]).normalize_or_zero();
        Vec2::new(d.y, -d.x)
    };
    (0..n)
        .map(|i| {
            let (a, b) = (edge_normal((i + n - 1) % n), edge_normal(i));
            let m = (a + b).normalize_or(b);
            let k = m.dot(b).max(0.5);
            poly[i] - m * (by / k)
        })
        .collect()
}

/// The outline `poly` and its inset by `by`, with the corners dropped that the inset would
/// turn inside out (edges shorter than the inset, sharp turns): every inset edge runs the
/// way its outline edge does.
pub fn outline_and_inset(poly: &[Vec2], by: f32) -> (Vec<Vec2>, Vec<Vec2>) {
    // Edges at least twice the inset long.
    let mut outline: Vec<Vec2> = Vec::with_capacity(poly.len());
    for &p in poly {
        if outline.last().is_none_or(|l| l.distance(p) >= 2.0 * by) {
            outline.push(p);
        }
    }
    while outline.len() > 3 && outline[0].distance(outline[outline.len() - 1]) < 2.0 * by {
        outline.pop();
    }
    loop {
        let inner = inset(&outline, by);
        let n = outline.len();
        // The bevel of edge i is the quad outline[i], outline[i+1], inner[i+1], inner[i]:
        // both its triangles must turn the polygon's way.
        let twisted = (0..n).find(|&i| {
            let j = (i + 1) % n;
            let (a, b, c, d) = (outline[i], outline[j], inner[j], inner[i]);
            (b - a).perp_dot(c - a) <= 1e-6 || (c - a).perp_dot(d - a) <= 1e-6
        });
        match twisted {
            Some(i) if n > 3 => {
                // Drop the corner of the two that the inset moves farther (the sharper).
                let j = (i + 1) % n;
                let drop = if inner[i].distance(outline[i]) > inner[j].distance(outline[j]) {
                    i
                } else {
                    j
                };
                outline.remove(drop);
            }
            _ => return (outline, inner),
        }
    }
}

/// The silhouette `poly` (in the (y, z) plane, counter-clockwise) extruded along X from
/// `−width/2` to `width/2`, its edges bevelled by `bevel` (0: square edges; corners too
/// close for the bevel are smoothed away). Closed.
pub fn extrude(poly: &[Vec2], width: f32, bevel: f32) -> MeshData {
    let mut out = MeshData::default();
    if poly.len() < 3 {
        return out;
    }
    let bevel = bevel.clamp(0.0, width / 2.0 - 0.01);
    let (poly, inner) = if bevel > 0.0 {
        outline_and_inset(poly, bevel)
    } else {
        (poly.to_vec(), poly.to_vec())
    };
    let poly = &poly[..];
    let n = poly.len();
    let (x_face, x_wall) = (width / 2.0, width / 2.0 - bevel);
    let edge_normal = |i: usize| {
        let d = (poly[(i + 1) % n] - poly[i]).normalize_or_zero();
        Vec2::new(d.y, -d.x)
    };
    // The wall normal at corner `i` seen from edge `e` (e = i − 1 or i).
    let corner_normal = |i: usize, e: usize| {
        let (a, b) = (edge_normal((i + n - 1) % n), edge_normal(i));
        if a.angle_to(b).abs() < CREASE_RADIANS {
            (a + b).normalize_or(edge_normal(e))
        } else {
            edge_normal(e)
        }
    };
    let at = |x: f32, p: Vec2| Vec3::new(x, p.x, p.y);
    let wall = |x: f32, n2: Vec2| Vec3::new(x, n2.x, n2.y);
    for e in 0..n {
        let f = (e + 1) % n;
        let (ne, nf) = (corner_normal(e, e), corner_normal(f, e));
        // The wall between the bevels.
        let quad = |out: &mut MeshData, a: (Vec3, Vec3), b: (Vec3, Vec3), c: (Vec3, Vec3), d| {
            let (d, nd): (Vec3, Vec3) = d;
            let base = out.positions.len() as u32;
            out.vertex(a.0, a.1, Vec2::ZERO);
            out.vertex(b.0, b.1, Vec2::X);
            out.vertex(c.0, c.1, Vec2::ONE);
            out.vertex(d, nd, Vec2::Y);
            out.triangle(base, base + 1, base + 2);
            out.triangle(base, base + 2, base + 3);
        };
        quad(
            &mut out,
            (at(-x_wall, poly[e]), wall(0.0, ne)),
            (at(-x_wall, poly[f]), wall(0.0, nf)),
            (at(x_wall, poly[f]), wall(0.0, nf)),
            (at(x_wall, poly[e]), wall(0.0, ne)),
        );
        if bevel > 0.0 {
            let tilt = |s: f32, n2: Vec2| wall(s, n2).normalize();
            quad(
                &mut out,
                (at(x_wall, poly[e]), tilt(1.0, ne)),
                (at(x_wall, poly[f]), tilt(1.0, nf)),
                (at(x_face, inner[f]), tilt(1.0, nf)),
                (at(x_face, inner[e]), tilt(1.0, ne)),
            );
            quad(
                &mut out,
                (at(-x_face, inner[e]), tilt(-1.0, ne)),
                (at(-x_face, inner[f]), tilt(-1.0, nf)),
                (at(-x_wall, poly[f]), tilt(-1.0, nf)),
                (at(-x_wall, poly[e]), tilt(-1.0, ne)),
            );
        }
    }
    let tris = triangulate(&inner);
    for (x, normal) in [(x_face, Vec3::X), (-x_face, Vec3::NEG_X)] {
        let base = out.positions.len() as u32;
        for p in &inner {
            out.vertex(at(x, *p), normal, *p / 100.0);
        }
        for t in &tris {
            if normal.x > 0.0 {
                out.triangle(base + t[0], base + t[1], base + t[2]);
            } else {
                out.triangle(base + t[0], base + t[2], base + t[1]);
            }
        }
    }
    out
}

/// Steps around a turned piece (its smoothness).
pub const PIECE_SEGMENTS: u32 = 40;

/// The model of a piece kind: its body (in the side's material) and, for the pieces whose
/// drawing carries a gold mark (Big Outer's Guard, Matriarch, Jumper and outer Knight), the
/// gold accent. Units: world units; stands on z = 0 (see the module's orientation).
#[derive(Debug, Clone, PartialEq)]
pub struct PieceModel {
    /// The body.
    pub body: MeshData,
    /// The gold parts, if any.
    pub accent: Option<MeshData>,
}

/// A profile's points from pairs.
fn pts(p: &[(f32, f32)]) -> Vec<Vec2> {
    p.iter().map(|&(r, z)| Vec2::new(r, z)).collect()
}

/// The foot every piece stands on (radius `r`), up to the height `top`, then `rest` (the
/// profile above it) and back to the axis at the last point's height.
fn turned(r: f32, top: f32, rest: &[(f32, f32)]) -> MeshData {
    let mut p = pts(&[
        (0.0, 0.0),
        (r, 0.0),
        (r, 4.5),
        (r - 2.0, 7.0),
        (r - 4.0, 9.5),
        (r - 7.0, top),
    ]);
    p.extend(pts(rest));
    if let Some(last) = p.last().copied()
        && last.x > 0.0
    {
        p.push(Vec2::new(0.0, last.y));
    }
    lathe(&p, PIECE_SEGMENTS)
}

/// An arc of points (radius, height) around `centre` from angle `from` to `to` (degrees).
fn arc(centre: (f32, f32), radius: f32, from: f32, to: f32, steps: u32) -> Vec<(f32, f32)> {
    (0..=steps)
        .map(|i| {
            let a = (from + (to - from) * i as f32 / steps as f32).to_radians();
            (centre.0 + radius * a.cos(), centre.1 + radius * a.sin())
        })
        .collect()
}

/// The Knight's outline in its drawing (`assets/pieces/*/wN.svg`, view box 100, facing
/// left, standing on y = 80.5).
fn knight_outline() -> Outline {
    Outline::start((29.5, 80.5))
        .cubic((29.0, 69.0), (34.5, 61.5), (42.0, 55.5))
        .cubic((37.5, 57.5), (32.0, 60.0), (27.5, 62.0))
        .cubic((23.0, 64.0), (19.5, 63.5), (17.0, 60.0))
        .cubic((14.5, 56.5), (14.5, 52.5), (18.0, 49.0))
        .line((37.0, 29.0))
        .cubic((39.0, 23.5), (43.0, 19.5), (47.5, 17.0))
        .line((50.0, 9.0))
        .line((56.0, 16.5))
        .cubic((71.0, 19.5), (81.0, 36.0), (80.5, 56.5))
        .cubic((80.2, 66.0), (78.5, 73.5), (76.0, 80.5))
}

/// From a drawing's coordinates (view box 100, y down, the piece standing on y = 80.5)
/// to the model's (y forward = the drawing's left, z up from `floor`).
fn from_drawing(p: Vec2, floor: f32) -> Vec2 {
    Vec2::new(50.0 - p.x, 80.5 - p.y + floor)
}

/// The same, with the drawing's x running along the model's X (a plate seen face on).
fn facing_drawing(p: Vec2, floor: f32) -> Vec2 {
    Vec2::new(p.x - 50.0, 80.5 - p.y + floor)
}

/// The foot of the Knight and the Big Outer pieces: a low turned base with a flat top at
/// z = 14.
fn low_base() -> MeshData {
    turned(32.0, 12.5, &[(24.0, 14.0)])
}

/// Turns a plate extruded along X so that its faces look along ±Y and the drawing's x
/// runs along +X (read from −Y, the drawing shows the right way round).
fn face_front(m: MeshData) -> MeshData {
    m.transformed(Affine3A::from_rotation_z(-std::f32::consts::FRAC_PI_2))
}

/// The Knight: the drawing's horse head extruded and bevelled on a turned base.
fn knight() -> MeshData {
    let mut m = low_base();
    let head = knight_outline().polygon(|p| from_drawing(p, 11.0));
    m.append(extrude(&head, 24.0, 2.5));
    m
}

/// The model of `kind` (see [`PieceModel`]).
pub fn piece_model(kind: PieceKind) -> PieceModel {
    let plain = |body| PieceModel { body, accent: None };
    match kind {
        PieceKind::Pawn => {
            let mut rest = vec![(20.0, 12.0), (14.5, 17.0), (11.5, 27.0), (9.5, 35.0)];
            rest.extend([(15.5, 36.5), (15.5, 39.0), (9.0, 41.0)]);
            rest.extend(arc((0.0, 52.0), 13.0, -46.0, 90.0, 12));
            plain(turned(31.0, 10.0, &rest))
        }
        PieceKind::Rook => {
            let mut body = turned(
                33.0,
                11.0,
                &[
                    (24.0, 13.5),
                    (21.0, 19.0),
                    (19.0, 40.0),
                    (18.0, 52.0),
                    (23.0, 54.0),
                    (24.5, 58.0),
                    (24.5, 70.0),
                    (17.0, 70.0),
                    (17.0, 65.0),
                ],
            );
            // Six merlons on the rim, the gaps between them facing the diagonals.
            for k in 0..6 {
                let a = k as f32 / 6.0 * std::f32::consts::TAU;
                let merlon = cuboid(Vec3::new(8.0, 11.0, 10.0)).placed(
                    Vec3::new(20.8 * a.cos(), 20.8 * a.sin(), 74.5),
                    Quat::from_rotation_z(a),
                );
                body.append(merlon);
            }
            plain(body)
        }
        PieceKind::Knight => plain(knight()),
        PieceKind::Bishop => {
            let mut rest = vec![
                (22.0, 12.0),
                (17.0, 17.0),
                (13.5, 31.0),
                (11.0, 46.0),
                (17.0, 48.0),
                (17.0, 51.0),
                (10.0, 53.0),
            ];
            rest.extend([(14.0, 58.0), (15.5, 64.0), (14.5, 70.0), (11.0, 76.0)]);
            rest.extend([(6.0, 80.5), (3.0, 82.0)]);
            rest.extend(arc((0.0, 86.0), 4.5, -40.0, 90.0, 6));
            plain(turned(32.0, 10.0, &rest))
        }
        PieceKind::Queen => {
            let mut body = turned(
                33.0,
                11.0,
                &[
                    (23.0, 13.0),
                    (18.5, 19.0),
                    (14.0, 36.0),
                    (11.0, 54.0),
                    (18.0, 56.0),
                    (18.0, 59.0),
                    (11.0, 61.0),
                    (12.0, 66.0),
                    (18.0, 74.0),
                    (20.5, 80.0),
                    (15.0, 79.0),
                    (10.0, 81.0),
                    (5.0, 83.5),
                ],
            );
            for k in 0..9 {
                let a = k as f32 / 9.0 * std::f32::consts::TAU;
                body.append(sphere(3.6, 6, 12).placed(
                    Vec3::new(19.5 * a.cos(), 19.5 * a.sin(), 81.5),
                    Quat::IDENTITY,
                ));
            }
            body.append(sphere(5.5, 8, 16).placed(Vec3::new(0.0, 0.0, 88.0), Quat::IDENTITY));
            plain(body)
        }
        PieceKind::King => {
            let mut body = turned(
                34.0,
                11.0,
                &[
                    (24.0, 13.0),
                    (19.5, 19.0),
                    (15.0, 38.0),
                    (12.0, 58.0),
                    (19.0, 60.0),
                    (19.0, 63.0),
                    (12.0, 65.0),
                    (13.0, 70.0),
                    (18.0, 78.0),
                    (17.5, 84.0),
                    (10.0, 87.5),
                    (4.0, 88.5),
                ],
            );
            body.append(
                cuboid(Vec3::new(6.5, 6.5, 24.0)).placed(Vec3::new(0.0, 0.0, 97.0), Quat::IDENTITY),
            );
            body.append(
                cuboid(Vec3::new(19.0, 6.5, 6.5))
                    .placed(Vec3::new(0.0, 0.0, 100.0), Quat::IDENTITY),
            );
            plain(body)
        }
        PieceKind::Guard => guard(),
        PieceKind::Matriarch => matriarch(),
        PieceKind::Jumper => jumper(),
        PieceKind::OuterKnight => outer_knight(),
    }
}

/// The Guard: a shield (the drawing's) on a neck and a turned base, a gold saltire on both
/// faces of the shield (its diagonal step) and a gold bent arrow over it (its leap).
fn guard() -> PieceModel {
    let mut body = low_base();
    let shield = Outline::start((27.0, 28.0))
        .cubic((36.0, 26.0), (43.5, 23.5), (50.0, 19.5))
        .cubic((56.5, 23.5), (64.0, 26.0), (73.0, 28.0))
        .cubic((74.5, 48.0), (68.0, 64.0), (50.0, 74.0))
        .cubic((32.0, 64.0), (25.5, 48.0), (27.0, 28.0))
        .polygon(|p| facing_drawing(p, 11.0));
    body.append(face_front(extrude(&shield, 12.0, 2.5)));
    let neck = Outline::start((38.5, 72.0))
        .cubic((38.5, 77.5), (35.0, 79.5), (31.0, 81.5))
        .line((69.0, 81.5))
        .cubic((65.0, 79.5), (61.5, 77.5), (61.5, 72.0))
        .polygon(|p| facing_drawing(p, 11.0));
    body.append(face_front(extrude(&neck, 16.0, 2.0)));
    // The saltire: two bars crossing at the shield's heart, proud of both faces.
    let heart = facing_drawing(Vec2::new(50.0, 47.5), 11.0);
    let mut accent = MeshData::default();
    for a in [45.0f32, -45.0] {
        accent.append(cuboid(Vec3::new(5.0, 15.0, 36.0)).placed(
            Vec3::new(heart.x, 0.0, heart.y),
            Quat::from_rotation_y(a.to_radians()),
        ));
    }
    let arrow = Outline::start((34.0, 6.5))
        .line((62.5, 6.5))
        .line((62.5, 1.5))
        .line((71.5, 9.5))
        .line((62.5, 17.5))
        .line((62.5, 12.5))
        .line((40.0, 12.5))
        .line((40.0, 16.5))
        .line((34.0, 16.5))
        .polygon(|p| facing_drawing(p, 11.0));
    accent.append(face_front(extrude(&arrow, 6.0, 1.2)));
    PieceModel {
        body,
        accent: Some(accent),
    }
}

/// The Matriarch: a Queen's turned body crowned with three nested gold squares (the zones
/// that limit her range) and a ball.
fn matriarch() -> PieceModel {
    let body = turned(
        33.0,
        11.0,
        &[
            (23.0, 13.0),
            (18.5, 19.0),
            (14.0, 36.0),
            (12.0, 52.0),
            (19.0, 54.0),
            (19.0, 57.0),
            (12.0, 59.0),
            (14.0, 64.0),
            (21.0, 70.0),
            (21.0, 74.5),
        ],
    );
    let mut accent = MeshData::default();
    for (i, side) in [38.0f32, 27.0, 16.0].into_iter().enumerate() {
        accent.append(
            cuboid(Vec3::new(side, side, 6.0))
                .placed(Vec3::new(0.0, 0.0, 77.0 + 6.0 * i as f32), Quat::IDENTITY),
        );
    }
    accent.append(sphere(5.0, 8, 16).placed(Vec3::new(0.0, 0.0, 94.5), Quat::IDENTITY));
    PieceModel {
        body,
        accent: Some(accent),
    }
}

/// The Jumper: a coiled spring on a turned base under a dome, and a gold arc over it (its
/// leap) from left to right, ending in a ball where it lands.
fn jumper() -> PieceModel {
    let mut body = low_base();
    let turns = 3.5;
    let coil: Vec<Vec3> = (0..=112)
        .map(|i| {
            let t = i as f32 / 112.0;
            let a = t * turns * std::f32::consts::TAU;
            Vec3::new(14.5 * a.cos(), 14.5 * a.sin(), 17.0 + 31.0 * t)
        })
        .collect();
    body.append(tube(&coil, 3.4, 10));
    let mut dome = vec![(0.0, 46.0), (21.0, 46.0), (22.0, 49.0)];
    dome.extend(arc((0.0, 49.0), 22.0, 0.0, 90.0, 10));
    body.append(lathe(&pts(&dome), PIECE_SEGMENTS));
    let leap: Vec<Vec3> = (0..=40)
        .map(|i| {
            let a = std::f32::consts::PI * i as f32 / 40.0;
            Vec3::new(-31.0 * a.cos(), 0.0, 50.0 + 32.0 * a.sin())
        })
        .collect();
    let mut accent = tube(&leap, 3.0, 10);
    accent.append(sphere(5.0, 6, 12).placed(Vec3::new(31.0, 0.0, 50.0), Quat::IDENTITY));
    PieceModel {
        body,
        accent: Some(accent),
    }
}

/// The outer Knight: the Knight with gold wings (the drawing's) on both flanks.
fn outer_knight() -> PieceModel {
    let body = knight();
    let wing = Outline::start((58.0, 63.0))
        .cubic((56.0, 40.0), (68.0, 19.0), (97.0, 7.0))
        .cubic((96.5, 15.0), (93.5, 20.5), (89.0, 24.0))
        .cubic((94.0, 24.0), (97.5, 26.5), (98.0, 29.0))
        .cubic((93.0, 33.0), (88.0, 34.5), (83.5, 34.5))
        .cubic((88.5, 37.5), (91.0, 41.0), (91.0, 44.5))
        .cubic((85.0, 46.5), (80.0, 46.5), (76.0, 45.5))
        .cubic((79.0, 49.5), (79.5, 53.5), (78.5, 57.0))
        .cubic((72.0, 60.0), (65.0, 61.5), (58.0, 63.0))
        .polygon(|p| from_drawing(p, 11.0));
    let plate = extrude(&wing, 4.0, 1.0);
    let mut accent = MeshData::default();
    for s in [-1.0f32, 1.0] {
        // Each wing leans out from the flank.
        let root = Vec3::new(0.0, -18.0, 35.0);
        let lean = Affine3A::from_translation(Vec3::new(s * 14.0, 0.0, 0.0) + root)
            * Affine3A::from_rotation_y(s * 0.35)
            * Affine3A::from_translation(-root);
        accent.append(plate.clone().transformed(lean));
    }
    PieceModel {
        body,
        accent: Some(accent),
    }
}

/// Height of a Big Outer corner platform's top above the board, world units.
pub const PLATFORM_HEIGHT_WORLD: f32 = 16.0;
/// Thickness of a square's tile under the board's top (z = 0), world units.
pub const TILE_DEPTH_WORLD: f32 = 12.0;

/// A board square's tile: a slab of one square with its top at z = 0 (or, `raised`, a
/// corner platform with its top at [`PLATFORM_HEIGHT_WORLD`]).
pub fn tile(raised: bool) -> MeshData {
    let s = super::SQUARE_SIZE_WORLD;
    let top = if raised { PLATFORM_HEIGHT_WORLD } else { 0.0 };
    let depth = TILE_DEPTH_WORLD + top;
    cuboid(Vec3::new(s, s, depth)).placed(Vec3::new(0.0, 0.0, top - depth / 2.0), Quat::IDENTITY)
}

/// Width of the frame around the squares, world units.
pub const FRAME_WIDTH_WORLD: f32 = 62.0;

/// The frame around a `files` × `files` board (centred on the origin): four bevelled bars
/// whose top stands a little above the squares.
pub fn frame(files: u8) -> MeshData {
    let s = super::SQUARE_SIZE_WORLD;
    let half = files as f32 * s / 2.0;
    let w = FRAME_WIDTH_WORLD;
    let (top, bottom) = (3.0, -TILE_DEPTH_WORLD - 6.0);
    let height = top - bottom;
    let mut out = MeshData::default();
    let long = 2.0 * (half + w);
    // Bottom and top bars run the full width; the side bars fit between them.
    for (size, at) in [
        (
            Vec3::new(long, w, height),
            Vec3::new(0.0, -(half + w / 2.0), 0.0),
        ),
        (
            Vec3::new(long, w, height),
            Vec3::new(0.0, half + w / 2.0, 0.0),
        ),
        (
            Vec3::new(w, 2.0 * half, height),
            Vec3::new(-(half + w / 2.0), 0.0, 0.0),
        ),
        (
            Vec3::new(w, 2.0 * half, height),
            Vec3::new(half + w / 2.0, 0.0, 0.0),
        ),
    ] {
        out.append(cuboid(size).placed(
            at + Vec3::new(0.0, 0.0, bottom + height / 2.0),
            Quat::IDENTITY,
        ));
    }
    out
}

/// A legal-move dot: a flat disc lying on the board.
pub fn dot() -> MeshData {
    lathe(
        &pts(&[(0.0, 0.0), (14.0, 0.0), (14.0, 1.5), (0.0, 1.5)]),
        24,
    )
}

/// A capture ring around a square's piece, lying on the board.
pub fn capture_ring() -> MeshData {
    torus(41.0, 3.2, 48, 8)
}

/// A spark of a teleport: a small sphere.
pub fn spark() -> MeshData {
    sphere(4.0, 5, 8)
}

/// A hexagram on a plate, lying on the board (the plate's top at z = 1.6): six bars, bottom
/// line first (bit 0), solid for 1 and broken for 0, on a plate `size` wide. Returns the
/// plate and the ink.
pub fn hexagram(lines: [bool; 6], size: f32) -> (MeshData, MeshData) {
    let plate = cuboid(Vec3::new(size, size, 1.2)).placed(Vec3::new(0.0, 0.0, 0.6), Quat::IDENTITY);
    let (w, h, gap) = (size * 0.69, size * 0.1, size * 0.047);
    let total = 6.0 * h + 5.0 * gap;
    let mut ink = MeshData::default();
    for (i, solid) in lines.into_iter().enumerate() {
        let y = -total / 2.0 + h / 2.0 + i as f32 * (h + gap);
        let bar = |x: f32, len: f32| {
            cuboid(Vec3::new(len, h, 0.8)).placed(Vec3::new(x, y, 1.6), Quat::IDENTITY)
        };
        if solid {
            ink.append(bar(0.0, w));
        } else {
            let half = (w - size * 0.12) / 2.0;
            ink.append(bar(-(w - half) / 2.0, half));
            ink.append(bar((w - half) / 2.0, half));
        }
    }
    (plate, ink)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn area(poly: &[Vec2], tris: &[[u32; 3]]) -> f32 {
        tris.iter()
            .map(|t| {
                let [a, b, c] = t.map(|i| poly[i as usize]);
                (b - a).perp_dot(c - a) / 2.0
            })
            .sum()
    }

    #[test]
    fn ear_clipping_covers_convex_and_concave_polygons_with_counter_clockwise_triangles() {
        let square = [
            Vec2::new(0.0, 0.0),
            Vec2::new(2.0, 0.0),
            Vec2::new(2.0, 2.0),
            Vec2::new(0.0, 2.0),
        ];
        let l_shape = [
            Vec2::new(0.0, 0.0),
            Vec2::new(3.0, 0.0),
            Vec2::new(3.0, 1.0),
            Vec2::new(1.0, 1.0),
            Vec2::new(1.0, 3.0),
            Vec2::new(0.0, 3.0),
        ];
        // A comb: five teeth, many reflex corners.
        let mut comb = vec![Vec2::new(0.0, 0.0), Vec2::new(10.0, 0.0)];
        for k in (0..5).rev() {
            let x = 2.0 * k as f32;
            comb.extend([
                Vec2::new(x + 2.0, 4.0),
                Vec2::new(x + 1.5, 4.0),
                Vec2::new(x + 1.0, 1.0),
                Vec2::new(x + 0.5, 4.0),
            ]);
        }
        comb.push(Vec2::new(0.0, 4.0));
        for poly in [&square[..], &l_shape[..], &comb[..]] {
            assert!(signed_area2(poly) > 0.0);
            let tris = triangulate(poly);
            assert_eq!(tris.len(), poly.len() - 2);
            for t in &tris {
                let [a, b, c] = t.map(|i| poly[i as usize]);
                assert!(
                    (b - a).perp_dot(c - a) > 0.0,
                    "{t:?} is not counter-clockwise"
                );
            }
            let want = signed_area2(poly) / 2.0;
            assert!((area(poly, &tris) - want).abs() < 1e-3, "{poly:?}");
        }
        // The Knight's outline, sampled from its drawing.
        let head = knight_outline().polygon(|p| from_drawing(p, 0.0));
        let tris = triangulate(&head);
        assert_eq!(tris.len(), head.len() - 2);
        let want = signed_area2(&head) / 2.0;
        assert!((area(&head, &tris) - want).abs() < want * 1e-4);
    }

    #[test]
    fn basic_shapes_are_closed_with_unit_normals() {
        let shapes = [
            ("cuboid", cuboid(Vec3::new(2.0, 3.0, 4.0))),
            ("sphere", sphere(5.0, 8, 12)),
            ("torus", torus(10.0, 2.0, 16, 8)),
            (
                "tube",
                tube(
                    &[Vec3::ZERO, Vec3::X * 5.0, Vec3::new(9.0, 3.0, 1.0)],
                    1.0,
                    8,
                ),
            ),
            (
                "lathe",
                lathe(
                    &pts(&[(0.0, 0.0), (5.0, 0.0), (5.0, 2.0), (2.0, 4.0), (0.0, 4.0)]),
                    16,
                ),
            ),
            (
                "extrusion",
                extrude(&knight_outline().polygon(|p| p), 20.0, 3.0),
            ),
            ("tile", tile(false)),
            ("platform", tile(true)),
            ("frame", frame(8)),
            ("dot", dot()),
            ("capture ring", capture_ring()),
            ("spark", spark()),
        ];
        for (name, m) in shapes {
            m.validate(true).unwrap_or_else(|e| panic!("{name}: {e}"));
        }
        let (plate, ink) = hexagram([true, false, true, true, false, false], 32.0);
        plate.validate(true).unwrap();
        ink.validate(true).unwrap();
    }

    #[test]
    fn a_lathe_is_smooth_between_creases() {
        // A cylinder: the side's normals are horizontal, the caps' vertical.
        let m = lathe(
            &pts(&[(0.0, 0.0), (10.0, 0.0), (10.0, 20.0), (0.0, 20.0)]),
            8,
        );
        for (p, n) in m.positions.iter().zip(&m.normals) {
            let on_cap = n.z.abs() > 0.99;
            let on_side = n.z.abs() < 1e-4 && (Vec2::new(p.x, p.y).length() - 10.0).abs() < 1e-3;
            assert!(on_cap || on_side, "{p} {n}");
        }
        // A sphere's normals point away from its centre.
        for (p, n) in sphere(7.0, 8, 12)
            .positions
            .iter()
            .zip(&sphere(7.0, 8, 12).normals)
        {
            assert!(p.normalize().distance(*n) < 1e-3, "{p} {n}");
        }
    }

    #[test]
    fn every_piece_model_is_valid_closed_stands_on_the_board_and_fits_its_square() {
        let mut report = Vec::new();
        for kind in PieceKind::ALL {
            let m = piece_model(kind);
            m.body
                .validate(true)
                .unwrap_or_else(|e| panic!("{kind:?} body: {e}"));
            let mut tris = m.body.triangle_count();
            let mut all = m.body.positions.clone();
            if let Some(a) = &m.accent {
                a.validate(true)
                    .unwrap_or_else(|e| panic!("{kind:?} accent: {e}"));
                tris += a.triangle_count();
                all.extend(&a.positions);
            }
            let (lo, hi) = all
                .iter()
                .fold((Vec3::MAX, Vec3::MIN), |(l, h), p| (l.min(*p), h.max(*p)));
            assert!(lo.z.abs() < 1e-3, "{kind:?} floats or sinks: {lo}");
            assert!((50.0..115.0).contains(&hi.z), "{kind:?} is {} tall", hi.z);
            let reach = lo.x.abs().max(hi.x).max(lo.y.abs()).max(hi.y);
            assert!(reach <= 49.0, "{kind:?} reaches {reach} from its centre");
            report.push(format!("{kind:?} {tris}"));
        }
        // Triangle counts (cargo test -- --nocapture shows them).
        println!("piece triangles: {}", report.join(", "));
    }

    #[test]
    fn the_board_parts_report_their_triangles() {
        println!(
            "tile {}, platform {}, frame {}, dot {}, capture ring {}, spark {}",
            tile(false).triangle_count(),
            tile(true).triangle_count(),
            frame(12).triangle_count(),
            dot().triangle_count(),
            capture_ring().triangle_count(),
            spark().triangle_count()
        );
        assert_eq!(tile(false).triangle_count(), 12);
    }
}
