//! The Big Outer piece card (a section of the game panel) (`rules/big-outer.md §2`, ruling B-3): hover a piece (or
//! right-click it to pin the card) to read how it moves from the zone it stands in, and see
//! its destinations on an otherwise empty board outlined. Also the zone switch (Z). The text
//! comes from [`big_outer::piece_card`]; the destinations from [`classic::leaps`] and
//! [`classic::lines`]. Sets only view state ([`PieceCardState`], [`ZoneView`]).

use bevy::prelude::*;
use bevy_egui::egui;

use crate::AppSystems;
use crate::game::ActiveGame;
use crate::render::picking::BoardInputSystems;
use crate::render::zones::{ZoneView, zone_color};
use crate::render::{BoardView, SQUARE_SIZE_WORLD, Selection, square_to_world, world_to_square};
use crate::rules::variants::{big_outer, classic};
use crate::rules::{BoardShape, Color as Side, PieceKind, Square, Zone};

pub(crate) fn plugin(app: &mut App) {
    app.init_resource::<PieceCardState>().add_systems(
        Update,
        (
            track_piece_card.in_set(BoardInputSystems),
            draw_card_destinations.in_set(AppSystems::Present),
        ),
    );
}

/// Which piece the card shows.
#[derive(Resource, Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct PieceCardState {
    /// The square of the piece shown (hovered or pinned).
    pub square: Option<Square>,
    /// Pinned by a right-click (stays until another right-click).
    pub pinned: bool,
}

/// Where a `side` `kind` on `from` could move on an otherwise empty board, from its zone
/// (leaps and lines; Pawn: its pushes and capture diagonals). Sorted by square index.
pub fn empty_board_destinations(
    shape: BoardShape,
    kind: PieceKind,
    side: Side,
    from: Square,
) -> Vec<Square> {
    let zone = shape.zone(from);
    let mut out = Vec::new();
    if kind == PieceKind::Pawn {
        let dir: i8 = if side == Side::White { 1 } else { -1 };
        let (f, r) = shape.coords(from);
        let start = if side == Side::White {
            1
        } else {
            shape.files() - 2
        };
        let reach = if r == start { 4 } else { 2 };
        for k in 1..=reach {
            if let Some(s) = shape.square_at(f, r + dir * k) {
                out.push(s);
            }
        }
        for df in [-1, 1] {
            if let Some(s) = shape.square_at(f + df, r + dir) {
                out.push(s);
            }
        }
    } else {
        for (df, dr) in classic::leaps(kind, zone) {
            if let Some(s) = shape.leap(from, df, dr) {
                out.push(s);
            }
        }
        let (dirs, max) = classic::lines(kind, zone);
        for &d in dirs {
            out.extend(shape.ray(from, d).take(max as usize));
        }
    }
    out.sort_unstable_by_key(|s| s.0);
    out.dedup();
    out
}

fn track_piece_card(
    buttons: Res<ButtonInput<MouseButton>>,
    game: Res<ActiveGame>,
    view: Res<BoardView>,
    selection: Res<Selection>,
    mut card: ResMut<PieceCardState>,
) {
    if !game.variant().has_fairy_pieces() {
        card.set_if_neq(PieceCardState::default());
        return;
    }
    let pos = game.shown();
    let shape = pos.shape();
    let under = selection
        .cursor
        .and_then(|c| world_to_square(shape, c, view.flipped))
        .filter(|&s| pos.board().piece_at(s).is_some());
    if buttons.just_pressed(MouseButton::Right) {
        let pinned = under.is_some() && !(card.pinned && card.square == under);
        card.set_if_neq(PieceCardState {
            square: under,
            pinned,
        });
    } else if !card.pinned {
        card.set_if_neq(PieceCardState {
            square: under,
            pinned: false,
        });
    } else if card
        .square
        .is_some_and(|s| pos.board().piece_at(s).is_none())
    {
        card.set_if_neq(PieceCardState::default());
    }
}

fn draw_card_destinations(
    mut gizmos: Gizmos,
    game: Res<ActiveGame>,
    view: Res<BoardView>,
    card: Res<PieceCardState>,
) {
    let pos = game.shown();
    let Some(from) = card.square else { return };
    let Some(piece) = pos.board().piece_at(from) else {
        return;
    };
    let shape = pos.shape();
    let col = Color::srgb(0.55, 0.15, 0.75);
    for to in empty_board_destinations(shape, piece.kind, piece.color, from) {
        let c = square_to_world(shape, to, view.flipped);
        for r in [14.0, 17.0, 20.0] {
            gizmos.circle_2d(Isometry2d::from_translation(c), r, col);
        }
    }
    gizmos.rect_2d(
        Isometry2d::from_translation(square_to_world(shape, from, view.flipped)),
        Vec2::splat(SQUARE_SIZE_WORLD - 4.0),
        col,
    );
}

/// The Big Outer section at the foot of the game panel: the zone switch and the piece card.
#[derive(bevy::ecs::system::SystemParam)]
pub struct PieceCardSection<'w> {
    card: Res<'w, PieceCardState>,
    zones: ResMut<'w, ZoneView>,
}

impl PieceCardSection<'_> {
    /// Draws it into `ui`.
    pub fn show(&mut self, ui: &mut egui::Ui, game: &ActiveGame) {
        let (card, zones) = (&*self.card, &mut *self.zones);
        let pos = game.shown();
        let shape = pos.shape();
        {
            ui.horizontal_wrapped(|ui| {
                ui.checkbox(&mut zones.visible, "Zones (Z):");
                for (name, zone) in [
                    ("central", Zone::Central),
                    ("mid", Zone::Mid),
                    ("outer: plain", Zone::Outer),
                ] {
                    let c = zone_color(zone).with_alpha(1.0).to_srgba();
                    let rgb = |x: f32| (x * 255.0) as u8;
                    ui.label(
                        egui::RichText::new(name)
                            .strong()
                            .color(egui::Color32::from_rgb(
                                rgb(c.red),
                                rgb(c.green),
                                rgb(c.blue),
                            )),
                    );
                }
            });
            ui.separator();
            match card
                .square
                .and_then(|s| pos.board().piece_at(s).map(|p| (s, p)))
            {
                Some((sq, piece)) => {
                    let zone = shape.zone(sq);
                    let n = empty_board_destinations(shape, piece.kind, piece.color, sq).len();
                    ui.label(
                        egui::RichText::new(format!(
                            "{} {} on {} ({} zone){}",
                            piece.color.title(),
                            piece.kind.name(),
                            shape.name(sq),
                            big_outer::zone_name(zone),
                            if card.pinned { " — pinned" } else { "" }
                        ))
                        .strong(),
                    );
                    ui.label(big_outer::piece_card(piece.kind, zone));
                    ui.label(
                        egui::RichText::new(format!(
                            "{n} squares reachable on an empty board (circled)."
                        ))
                        .italics(),
                    );
                }
                None => {
                    ui.label("Hover a piece, or right-click to pin its card.");
                }
            }
        }
    }
}
