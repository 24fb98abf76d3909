//! Observations and actions for learning: the planes of a position and the fixed action
//! space of each board shape. The layout is documented in `python/docs/observations.md`
//! and returned by `esoterica.planes_layout(variant)`; a test keeps the two equal.
//!
//! Shape: channels × rows × columns, float32. On 8×8 boards row = rank index (row 0 =
//! rank 1, White's side), column = file index (0 = a); the relative view ([`fill_view`])
//! turns the board and the channels to the observing side's point of view, and
//! [`fill_history`] stacks the planes of a game's last positions.
//! The Big Outer board (12×12 plus the corners C1–C4) is laid into a 14×14 grid at
//! `(rank + 1, file + 1)`: a1 is (1, 1), l12 is (12, 12), and each corner square sits in the
//! grid corner it lies beyond — C1 (0, 0), C2 (0, 13), C3 (13, 13), C4 (13, 0). The other
//! cells of the outer ring are not squares (the `on-board` plane is 0 there).
//!
//! Actions: `promotion_plane * N² + from * N + to` with `N` the number of squares (64 or
//! 148, corners included, in the rules' square indexing) and plane 0 for a move without
//! promotion, plane `1 + i` for a promotion to the `i`-th kind of [`promotion_kinds`].

use esoterica::rules::intrachange_chart::chart;
use esoterica::rules::variants::force_field::fields;
use esoterica::rules::{
    BoardShape, Color, Move, Piece, PieceKind, Position, Square, Variant, Wing, Zone,
};

use crate::names::kind_name;

/// The piece kinds that have planes on a board shape, in plane order.
pub fn piece_kinds(shape: BoardShape) -> &'static [PieceKind] {
    match shape {
        BoardShape::Standard => &[
            PieceKind::Pawn,
            PieceKind::Knight,
            PieceKind::Bishop,
            PieceKind::Rook,
            PieceKind::Queen,
            PieceKind::King,
        ],
        BoardShape::BigOuter => &[
            PieceKind::Pawn,
            PieceKind::Bishop,
            PieceKind::Rook,
            PieceKind::Queen,
            PieceKind::King,
            PieceKind::Guard,
            PieceKind::Matriarch,
            PieceKind::Jumper,
            PieceKind::OuterKnight,
        ],
    }
}

/// The promotion kinds of a board shape, in action-plane order (plane `1 + i`).
pub fn promotion_kinds(shape: BoardShape) -> &'static [PieceKind] {
    match shape {
        BoardShape::Standard => &[
            PieceKind::Queen,
            PieceKind::Rook,
            PieceKind::Bishop,
            PieceKind::Knight,
        ],
        BoardShape::BigOuter => &[
            PieceKind::Queen,
            PieceKind::Rook,
            PieceKind::Bishop,
            PieceKind::Guard,
            PieceKind::Matriarch,
            PieceKind::Jumper,
            PieceKind::OuterKnight,
        ],
    }
}

/// Rows and columns of the grid (8×8, or 14×14 for the Big Outer board with its corners).
pub fn grid(shape: BoardShape) -> (usize, usize) {
    match shape {
        BoardShape::Standard => (8, 8),
        BoardShape::BigOuter => (14, 14),
    }
}

/// The grid cell (`row * columns + column`) of a square.
#[inline]
pub fn cell(shape: BoardShape, sq: Square) -> usize {
    let (f, r) = shape.coords(sq);
    match shape {
        BoardShape::Standard => r as usize * 8 + f as usize,
        BoardShape::BigOuter => (r + 1) as usize * 14 + (f + 1) as usize,
    }
}

/// The planes' names, in channel order.
pub fn layout(variant: Variant) -> Vec<String> {
    let shape = variant.shape();
    let mut ch = Vec::new();
    for c in Color::BOTH {
        for &k in piece_kinds(shape) {
            ch.push(format!("{}-{}", c.name(), kind_name(k)));
        }
    }
    ch.push("side-white".into());
    for c in Color::BOTH {
        for w in ["short", "long"] {
            ch.push(format!("castle-{}-{w}", c.name()));
        }
    }
    ch.push("en-passant".into());
    ch.push("halfmove-clock".into());
    if variant.has_fields() {
        for n in ["charge-white", "charge-black", "charge-net"] {
            ch.push(n.into());
        }
    }
    if variant.has_teleports() {
        for i in 1..=6 {
            ch.push(format!("hexagram-line-{i}"));
        }
        for c in Color::BOTH {
            for &k in piece_kinds(shape) {
                ch.push(format!("teleport-{}-{}", c.name(), kind_name(k)));
            }
        }
    }
    if variant.has_resting_pieces() {
        for n in ["resting-white", "resting-black", "shared"] {
            ch.push(n.into());
        }
    }
    if variant.has_zones() {
        for n in ["on-board", "zone-central", "zone-mid"] {
            ch.push(n.into());
        }
    }
    ch
}

/// The most positions a stack of planes holds ([`fill_history`]).
pub const MAX_HISTORY: usize = 64;

/// The name of a channel seen from the observing side ([`layout_for`] with `relative`):
/// `white` becomes `own` and `black` becomes `opponent`, except in `side-white`, which still
/// says whether the observer is White.
fn relative_name(absolute: &str) -> String {
    if absolute == "side-white" {
        return absolute.to_string();
    }
    absolute
        .split('-')
        .map(|w| match w {
            "white" => "own",
            "black" => "opponent",
            w => w,
        })
        .collect::<Vec<_>>()
        .join("-")
}

/// The planes' names in channel order: [`layout`], with `relative` the observer's pieces,
/// rights, charges and resting pieces named `own` and the other side's `opponent`, and
/// with `history` positions (1 to [`MAX_HISTORY`]) the channels of the position `t` steps
/// back suffixed `@t` (`white-pawn@1`), newest first.
pub fn layout_for(variant: Variant, relative: bool, history: usize) -> Vec<String> {
    let one: Vec<String> = if relative {
        layout(variant).iter().map(|n| relative_name(n)).collect()
    } else {
        layout(variant)
    };
    let mut out = Vec::with_capacity(one.len() * history);
    for t in 0..history {
        for n in &one {
            out.push(if t == 0 {
                n.clone()
            } else {
                format!("{n}@{t}")
            });
        }
    }
    out
}

/// [`fill`], seen from `side`'s point of view when `relative`: the channels of `side`'s
/// pieces, castling rights, charges, teleports and resting pieces first (`own-…`), the
/// other side's next (`opponent-…`), `charge-net` as `side`'s charge minus the other's, and
/// for Black the rows in reverse order, so that the observer's back rank is row 0 (on the
/// Big Outer grid row 13 becomes row 0: C4 and C3 take C1's and C2's cells). For White the
/// relative planes are the absolute ones.
pub fn fill_view(pos: &Position, side: Color, relative: bool) -> Vec<f32> {
    let absolute = fill(pos, side);
    if !relative || side == Color::White {
        return absolute;
    }
    let variant = pos.variant();
    let (rows, cols) = grid(pos.shape());
    let area = rows * cols;
    let names = layout(variant);
    let mut out = vec![0f32; absolute.len()];
    for (ch, name) in names.iter().enumerate() {
        // The absolute channel seen as `name` by Black: White's and Black's swapped.
        let swapped = name
            .split('-')
            .map(|w| match w {
                "white" if name != "side-white" => "black",
                "black" => "white",
                w => w,
            })
            .collect::<Vec<_>>()
            .join("-");
        let from = names.iter().position(|n| *n == swapped).unwrap_or(ch);
        let sign = if name == "charge-net" { -1.0 } else { 1.0 };
        for r in 0..rows {
            let src = from * area + (rows - 1 - r) * cols;
            let dst = ch * area + r * cols;
            for c in 0..cols {
                out[dst + c] = sign * absolute[src + c];
            }
        }
    }
    out
}

/// The planes of the last `history` positions of a game, newest first, each seen by
/// `side` as [`fill_view`] gives them: `positions` is the game's positions from the start
/// to the current one; blocks before the start are zeros.
pub fn fill_history(
    positions: &[&Position],
    side: Color,
    relative: bool,
    history: usize,
) -> Vec<f32> {
    let Some(current) = positions.last() else {
        return Vec::new();
    };
    let (rows, cols) = grid(current.shape());
    let block = layout(current.variant()).len() * rows * cols;
    let mut out = vec![0f32; block * history];
    for (t, pos) in positions.iter().rev().take(history).enumerate() {
        out[t * block..(t + 1) * block].copy_from_slice(&fill_view(pos, side, relative));
    }
    out
}

/// The planes of `pos` seen by `side` (only the `side-white` plane depends on it), as a
/// flat channels × rows × columns buffer.
pub fn fill(pos: &Position, side: Color) -> Vec<f32> {
    let variant = pos.variant();
    let shape = pos.shape();
    let (rows, cols) = grid(shape);
    let area = rows * cols;
    let channels = layout(variant).len();
    let mut out = vec![0f32; channels * area];
    let kinds = piece_kinds(shape);
    let per_side = kinds.len();
    // Both pieces of a shared Parity square are listed, each in its side's planes.
    for c in Color::BOTH {
        for (sq, kind) in pos.board().pieces(c) {
            if let Some(k) = kinds.iter().position(|&x| x == kind) {
                out[(c.index() * per_side + k) * area + cell(shape, sq)] = 1.0;
            }
        }
    }
    let mut ch = 2 * per_side;
    let squares: Vec<usize> = shape.squares().map(|s| cell(shape, s)).collect();
    let fill_plane = |out: &mut [f32], ch: usize, v: f32| {
        for &c in &squares {
            out[ch * area + c] = v;
        }
    };
    if side == Color::White {
        fill_plane(&mut out, ch, 1.0);
    }
    ch += 1;
    for c in Color::BOTH {
        for w in Wing::BOTH {
            if pos.can_castle(c, w) {
                fill_plane(&mut out, ch, 1.0);
            }
            ch += 1;
        }
    }
    for c in Color::BOTH {
        if let Some(ep) = pos.en_passant_of(c) {
            for s in ep.squares() {
                out[ch * area + cell(shape, s)] = 1.0;
            }
        }
    }
    ch += 1;
    let clock_scale = if variant.has_resting_pieces() {
        50.0
    } else {
        100.0
    };
    fill_plane(
        &mut out,
        ch,
        (pos.halfmove_clock() as f32 / clock_scale).min(1.0),
    );
    ch += 1;
    if variant.has_fields() {
        let map = fields(pos);
        for c in map.contributions() {
            out[(ch + c.side.index()) * area + cell(shape, c.square)] += c.strength as f32;
        }
        for sq in shape.squares() {
            out[(ch + 2) * area + cell(shape, sq)] = map.net(sq) as f32;
        }
        ch += 3;
    }
    if variant.has_teleports() {
        let chart = chart();
        for sq in shape.squares() {
            let n = chart.number_of(sq);
            for bit in 0..6 {
                if (n >> bit) & 1 == 1 {
                    out[(ch + bit) * area + cell(shape, sq)] = 1.0;
                }
            }
        }
        ch += 6;
        for c in Color::BOTH {
            for &k in kinds {
                for sq in shape.squares() {
                    if chart.esoteric(sq, Piece::new(c, k)).is_some() {
                        out[ch * area + cell(shape, sq)] = 1.0;
                    }
                }
                ch += 1;
            }
        }
    }
    if variant.has_resting_pieces() {
        for c in Color::BOTH {
            for s in pos.resting(c) {
                out[(ch + c.index()) * area + cell(shape, s)] = 1.0;
            }
        }
        for sq in shape.squares() {
            if pos.board().is_shared(sq) {
                out[(ch + 2) * area + cell(shape, sq)] = 1.0;
            }
        }
        ch += 3;
    }
    if variant.has_zones() {
        for sq in shape.squares() {
            let c = cell(shape, sq);
            out[ch * area + c] = 1.0;
            match shape.zone(sq) {
                Zone::Central => out[(ch + 1) * area + c] = 1.0,
                Zone::Mid => out[(ch + 2) * area + c] = 1.0,
                Zone::Outer => {}
            }
        }
        ch += 3;
    }
    debug_assert_eq!(ch, channels);
    out
}

/// The number of actions of a board shape: `(1 + promotion kinds) * N²`.
pub fn action_size(shape: BoardShape) -> usize {
    let n = shape.len();
    (1 + promotion_kinds(shape).len()) * n * n
}

/// The action of a move, or `None` for a promotion kind outside [`promotion_kinds`].
pub fn encode(shape: BoardShape, mv: &Move) -> Option<usize> {
    let n = shape.len();
    let plane = match mv.promotion {
        None => 0,
        Some(k) => 1 + promotion_kinds(shape).iter().position(|&p| p == k)?,
    };
    Some(plane * n * n + mv.from.index() * n + mv.to.index())
}

/// The (from, to, promotion) an action names, or `None` outside the action space.
pub fn decode(shape: BoardShape, action: usize) -> Option<(Square, Square, Option<PieceKind>)> {
    let n = shape.len();
    if action >= action_size(shape) {
        return None;
    }
    let plane = action / (n * n);
    let rest = action % (n * n);
    let promo = if plane == 0 {
        None
    } else {
        Some(promotion_kinds(shape)[plane - 1])
    };
    Some((Square((rest / n) as u8), Square((rest % n) as u8), promo))
}
