//! Force Field charges as entities (`rules/force-field.md §1–2`): one [`ChargeContribution`]
//! entity per (charging piece, empty square), and a [`SquareCharge`] (net charge and
//! controller) on every square entity. They are rebuilt from the rules core
//! ([`force_field::fields`]) right after the Settle stage, in
//! [`AppSystems::Sync`](crate::AppSystems::Sync) after the board sync, whenever the shown
//! position changed. Other variants have no charge entities. Nothing here decides a rule.

use bevy::prelude::*;

use super::sync::WorldMismatch;

use super::components::{BoardSquare, Captured, OnSquare, PieceEntity};
use super::state::ActiveGame;

use crate::rules::variants::force_field::{self, ChargeMap};
use crate::rules::{Color as Side, PieceKind, Square, Variant};

/// One piece's field on one empty square (one entity each).
#[derive(Component, Debug, Clone, Copy, PartialEq, Eq)]
pub struct ChargeContribution {
    /// The charging piece's entity (`None` only if no piece entity stands there yet).
    pub source_entity: Option<Entity>,
    /// Where the charging piece stands.
    pub source: Square,
    /// The empty square it charges.
    pub square: Square,
    /// The charging piece's side.
    pub side: Side,
    /// The charging piece's kind.
    pub kind: PieceKind,
    /// The field's intensity (positive; Pawn 1 … Queen 5).
    pub strength: i32,
}

impl ChargeContribution {
    /// The charge it adds: `+strength` for White, `-strength` for Black.
    pub fn signed(&self) -> i32 {
        match self.side {
            Side::White => self.strength,
            Side::Black => -self.strength,
        }
    }
}

/// The net charge of a square and the side that controls it (Force Field only).
#[derive(Component, Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct SquareCharge {
    /// White's fields minus Black's; 0 on an occupied square.
    pub net: i32,
    /// White for a positive charge, Black for a negative one, `None` when neutral.
    pub controller: Option<Side>,
}

/// What the charge entities were last built for: (variant, moves, review, position key).
type BuiltKey = Option<(Variant, usize, Option<usize>, u64)>;

/// Rebuilds the charge entities and the squares' [`SquareCharge`] when the shown position
/// (or the board) changed. In other variants it removes them.
pub(crate) fn rebuild_charges(
    mut commands: Commands,
    game: Res<ActiveGame>,
    squares: Query<(Entity, &BoardSquare)>,
    new_squares: Query<(), Added<BoardSquare>>,
    pieces: Query<(Entity, &PieceEntity, &OnSquare), Without<Captured>>,
    charges: Query<Entity, With<ChargeContribution>>,
    mut built: Local<BuiltKey>,
) {
    let shown = game.shown();
    let key = (
        game.variant(),
        game.record.len(),
        game.review,
        shown.repetition_key(),
    );
    if *built == Some(key) && new_squares.is_empty() {
        return;
    }
    *built = Some(key);
    for e in &charges {
        commands.entity(e).despawn();
    }
    if !game.variant().has_fields() {
        for (e, _) in &squares {
            commands.entity(e).remove::<SquareCharge>();
        }
        return;
    }
    let map = force_field::fields(shown);
    for (e, sq) in &squares {
        commands.entity(e).insert(SquareCharge {
            net: map.net(sq.square),
            controller: map.controller(sq.square),
        });
    }
    let shape = shown.shape();
    for c in map.contributions() {
        let source_entity = pieces
            .iter()
            .find(|(_, p, on)| on.0 == c.source && p.side == c.side)
            .map(|(e, _, _)| e);
        commands.spawn((
            Name::new(format!(
                "Charge {} {} → {} {:+}",
                c.kind.name(),
                shape.name(c.source),
                shape.name(c.square),
                c.signed()
            )),
            ChargeContribution {
                source_entity,
                source: c.source,
                square: c.square,
                side: c.side,
                kind: c.kind,
                strength: c.strength,
            },
        ));
    }
}

/// Compares charge entities with a rules [`ChargeMap`]: the same contributions (count and
/// each one) and the same net charge on every square entity.
///
/// # Errors
/// [`WorldMismatch`] naming the first difference.
pub fn charges_match_map(
    contributions: impl IntoIterator<Item = ChargeContribution>,
    squares: impl IntoIterator<Item = (Square, SquareCharge)>,
    map: &ChargeMap,
) -> Result<(), WorldMismatch> {
    let key = |s: Square, t: Square, side: Side, k: PieceKind, v: i32| {
        (s.0, t.0, side.index(), k as u8, v)
    };
    let mut have: Vec<_> = contributions
        .into_iter()
        .map(|c| key(c.source, c.square, c.side, c.kind, c.strength))
        .collect();
    let mut want: Vec<_> = map
        .contributions()
        .iter()
        .map(|c| key(c.source, c.square, c.side, c.kind, c.strength))
        .collect();
    have.sort_unstable();
    want.sort_unstable();
    if have.len() != want.len() {
        return Err(WorldMismatch::ChargeCount {
            entities: have.len(),
            rules: want.len(),
        });
    }
    if have != want {
        return Err(WorldMismatch::Charges);
    }
    for (sq, charge) in squares {
        let net = map.net(sq);
        if charge.net != net || charge.controller != map.controller(sq) {
            return Err(WorldMismatch::SquareCharge {
                square: map_square_name(sq),
                found: charge.net,
                rules: net,
            });
        }
    }
    Ok(())
}

/// A square's name on the 8×8 board (Force Field is played on it).
fn map_square_name(sq: Square) -> String {
    crate::rules::BoardShape::Standard.name(sq)
}

/// Checks that the charge entities and square charges of `world` agree with
/// [`force_field::fields`] of the shown position (Force Field), or that there are none
/// (other variants). For tests and debugging.
///
/// # Errors
/// [`WorldMismatch`]: the difference, or [`WorldMismatch::NoGame`].
pub fn check_charges_match_position(world: &mut World) -> Result<(), WorldMismatch> {
    let contributions: Vec<ChargeContribution> = world
        .query::<&ChargeContribution>()
        .iter(world)
        .copied()
        .collect();
    let squares: Vec<(Square, Option<SquareCharge>)> = world
        .query::<(&BoardSquare, Option<&SquareCharge>)>()
        .iter(world)
        .map(|(b, c)| (b.square, c.copied()))
        .collect();
    let game = world
        .get_resource::<ActiveGame>()
        .ok_or(WorldMismatch::NoGame)?;
    if !game.variant().has_fields() {
        if contributions.is_empty() && squares.iter().all(|(_, c)| c.is_none()) {
            return Ok(());
        }
        return Err(WorldMismatch::ChargesWithoutFields);
    }
    if squares.is_empty() {
        return Err(WorldMismatch::NoSquares);
    }
    let mut charged = Vec::new();
    for (sq, c) in squares {
        let c = c.ok_or_else(|| WorldMismatch::SquareWithoutCharge {
            square: map_square_name(sq),
        })?;
        charged.push((sq, c));
    }
    charges_match_map(contributions, charged, &force_field::fields(game.shown()))
}
