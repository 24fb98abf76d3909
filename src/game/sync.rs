//! The only code that spawns and despawns square and piece entities from the position
//! (runs in [`AppSystems::Sync`](crate::AppSystems::Sync) on a
//! [`ResyncRequest`]), and the check that the entities equal the
//! rules position (used by the Settle sets and the tests).

use bevy::prelude::*;

use super::components::{
    BoardSquare, Captured, HexagramNumber, OnSquare, PieceEntity, SquareShade,
};
use super::messages::ResyncRequest;
use super::state::ActiveGame;
use crate::rules::{Piece, Position, Square};

/// Despawns captured pieces that no presentation holds ([`HeldForPresentation`]).
pub(crate) fn despawn_released_captures(
    mut commands: Commands,
    captured: Query<
        Entity,
        (
            With<Captured>,
            Without<super::components::HeldForPresentation>,
        ),
    >,
) {
    for e in &captured {
        commands.entity(e).despawn();
    }
}

/// Rebuilds squares (when the board changed) and pieces from the shown position.
pub(crate) fn sync_board(
    mut commands: Commands,
    mut requests: MessageReader<ResyncRequest>,
    game: Res<ActiveGame>,
    squares: Query<(Entity, &BoardSquare)>,
    hexagrams: Query<(), With<HexagramNumber>>,
    pieces: Query<Entity, With<PieceEntity>>,
    mut shown: MessageWriter<super::messages::PositionShown>,
) {
    if requests.read().count() == 0 {
        return;
    }
    shown.write(super::messages::PositionShown { rebuilt: true });
    let pos = game.shown();
    let shape = pos.shape();
    let want_hex = game.variant().has_teleports();
    let have_hex = !hexagrams.is_empty();
    if squares.iter().count() != shape.len() || want_hex != have_hex {
        for (e, _) in &squares {
            commands.entity(e).despawn();
        }
        spawn_squares(&mut commands, pos, want_hex);
    }
    for e in &pieces {
        commands.entity(e).despawn();
    }
    for (sq, piece) in pos.board().all_pieces() {
        spawn_piece(&mut commands, pos, sq, piece);
    }
}

fn spawn_squares(commands: &mut Commands, pos: &Position, hexagrams: bool) {
    let shape = pos.shape();
    for sq in shape.squares() {
        let coords = shape.coords(sq);
        let shade = if (coords.0 + coords.1).rem_euclid(2) == 0 {
            SquareShade::Dark
        } else {
            SquareShade::Light
        };
        let mut e = commands.spawn((
            Name::new(format!("Square {}", shape.name(sq))),
            BoardSquare { square: sq, coords },
            shade,
        ));
        if hexagrams && let Some(n) = super::components::hexagram_number(coords.0, coords.1) {
            e.insert(HexagramNumber(n));
        }
    }
}

fn spawn_piece(commands: &mut Commands, pos: &Position, sq: Square, piece: Piece) {
    commands.spawn((
        Name::new(format!(
            "{} {} {}",
            piece.color.name(),
            piece.kind.name(),
            pos.shape().name(sq)
        )),
        PieceEntity {
            side: piece.color,
            kind: piece.kind,
        },
        OnSquare(sq),
    ));
}

/// How the entities differ from the rules position (the Settle sets' check, and tests').
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum WorldMismatch {
    /// There is no [`ActiveGame`] resource.
    NoGame,
    /// The piece entities differ from the placement.
    Pieces {
        /// The position text the entities should show.
        position: String,
        /// Pieces on the board that the position lacks (`Pe2` style).
        extra: Vec<String>,
        /// Pieces of the position that no entity shows.
        missing: Vec<String>,
    },
    /// Force Field: the number of charge entities differs from the rules' contributions.
    ChargeCount {
        /// Charge entities found.
        entities: usize,
        /// Contributions the rules compute.
        rules: usize,
    },
    /// Force Field: the charge entities differ from the rules' contributions.
    Charges,
    /// Force Field: a square entity carries another net charge or controller.
    SquareCharge {
        /// The square's name.
        square: String,
        /// The net charge the entity carries.
        found: i32,
        /// The net charge by the rules.
        rules: i32,
    },
    /// Charge entities exist in a variant without fields.
    ChargesWithoutFields,
    /// There are no square entities.
    NoSquares,
    /// Force Field: a square entity has no charge component.
    SquareWithoutCharge {
        /// The square's name.
        square: String,
    },
}

impl std::fmt::Display for WorldMismatch {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            WorldMismatch::NoGame => f.write_str("no ActiveGame resource"),
            WorldMismatch::Pieces {
                position,
                extra,
                missing,
            } => write!(
                f,
                "entities differ from the position {position}: extra [{}], missing [{}]",
                extra.join(" "),
                missing.join(" ")
            ),
            WorldMismatch::ChargeCount { entities, rules } => write!(
                f,
                "{entities} charge entities, the rules have {rules} contributions"
            ),
            WorldMismatch::Charges => {
                f.write_str("charge entities differ from the rules' contributions")
            }
            WorldMismatch::SquareCharge {
                square,
                found,
                rules,
            } => write!(
                f,
                "square {square} carries {found:+}, the rules say {rules:+}"
            ),
            WorldMismatch::ChargesWithoutFields => {
                f.write_str("charge entities in a variant without fields")
            }
            WorldMismatch::NoSquares => f.write_str("no square entities"),
            WorldMismatch::SquareWithoutCharge { square } => {
                write!(f, "square {square} has no SquareCharge")
            }
        }
    }
}

impl std::error::Error for WorldMismatch {}

/// Compares the pieces standing on squares with a position's placement.
///
/// # Errors
/// [`WorldMismatch::Pieces`] listing the extra and missing pieces.
pub fn pieces_match_position(
    pieces: impl IntoIterator<Item = (Square, Piece)>,
    pos: &Position,
) -> Result<(), WorldMismatch> {
    let pieces: Vec<(Square, Piece)> = pieces.into_iter().collect();
    // Fast path (every Settle runs it): each entity matches the board's layer of its side,
    // no (side, square) twice, and as many entities as pieces on the board.
    let board = pos.board();
    let mut seen = [[false; 256]; 2];
    let all_match = pieces.iter().all(|&(s, p)| {
        let first = !std::mem::replace(&mut seen[p.color.index()][s.index()], true);
        first && board.kind(p.color, s) == Some(p.kind)
    });
    if all_match && pieces.len() == board.piece_count() {
        return Ok(());
    }
    let mut have: Vec<(u8, usize, u8, char)> = pieces
        .into_iter()
        .map(|(s, p)| (s.0, p.color.index(), p.kind as u8, p.fen_char()))
        .collect();
    let mut want: Vec<(u8, usize, u8, char)> = pos
        .board()
        .all_pieces()
        .map(|(s, p)| (s.0, p.color.index(), p.kind as u8, p.fen_char()))
        .collect();
    have.sort_unstable();
    want.sort_unstable();
    if have == want {
        return Ok(());
    }
    let shape = pos.shape();
    let name = |v: &[(u8, usize, u8, char)]| {
        v.iter()
            .map(|(s, _, _, c)| format!("{c}{}", shape.name(Square(*s))))
            .collect::<Vec<_>>()
    };
    // Multiset difference of the two sorted lists (a piece listed twice counts twice).
    let (mut extra, mut missing) = (Vec::new(), Vec::new());
    let (mut i, mut j) = (0, 0);
    while i < have.len() || j < want.len() {
        match (have.get(i), want.get(j)) {
            (Some(h), Some(w)) if h == w => {
                i += 1;
                j += 1;
            }
            (Some(h), Some(w)) if h < w => {
                extra.push(*h);
                i += 1;
            }
            (Some(h), None) => {
                extra.push(*h);
                i += 1;
            }
            (_, Some(w)) => {
                missing.push(*w);
                j += 1;
            }
            (None, None) => break,
        }
    }
    Err(WorldMismatch::Pieces {
        position: pos.to_text(),
        extra: name(&extra),
        missing: name(&missing),
    })
}

/// Checks that the piece entities of `world` equal the live position of its
/// [`ActiveGame`] (for tests; the Settle sets run the same check).
///
/// # Errors
/// [`WorldMismatch`]: the difference, or [`WorldMismatch::NoGame`].
pub fn check_world_matches_position(world: &mut World) -> Result<(), WorldMismatch> {
    let mut q = world.query_filtered::<(&PieceEntity, &OnSquare), Without<Captured>>();
    let pieces: Vec<(Square, Piece)> = q
        .iter(world)
        .map(|(p, s)| (s.0, Piece::new(p.side, p.kind)))
        .collect();
    let game = world
        .get_resource::<ActiveGame>()
        .ok_or(WorldMismatch::NoGame)?;
    pieces_match_position(pieces, game.record.current())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{Color, PieceKind, Variant};

    fn placed(pos: &Position) -> Vec<(Square, Piece)> {
        pos.board().all_pieces().collect()
    }

    #[test]
    fn pieces_match_finds_every_kind_of_difference() {
        let pos = Position::from_text(Variant::Standard, "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1")
            .expect("test position");
        let sq = |n: &str| pos.shape().parse_square(n).expect("square");
        let ok = placed(&pos);
        assert_eq!(pieces_match_position(ok.clone(), &pos), Ok(()));
        // A piece missing.
        let missing: Vec<_> = ok.iter().copied().filter(|(s, _)| *s != sq("e2")).collect();
        let err = pieces_match_position(missing.clone(), &pos)
            .unwrap_err()
            .to_string();
        assert!(err.ends_with("extra [], missing [Pe2]"), "{err}");
        // The same piece twice in place of the missing one: counts agree, sets do not.
        let mut doubled = missing.clone();
        doubled.push((sq("e1"), Piece::new(Color::White, PieceKind::King)));
        let err = pieces_match_position(doubled, &pos)
            .unwrap_err()
            .to_string();
        assert!(err.ends_with("extra [Ke1], missing [Pe2]"), "{err}");
        // A wrong kind.
        let mut wrong = missing;
        wrong.push((sq("e2"), Piece::new(Color::White, PieceKind::Queen)));
        let err = pieces_match_position(wrong, &pos).unwrap_err().to_string();
        assert!(err.ends_with("extra [Qe2], missing [Pe2]"), "{err}");
    }
}
