//! Piece visuals: each [`PieceEntity`] gets glyph children drawn with `DejaVu` Sans (embedded):
//! a filled glyph in the side's colour under an outline glyph, so white pieces are light
//! with a dark outline and black pieces dark. Guard, Matriarch and Jumper are a disc with
//! their letter; the Big Outer Knight carries a small ring.

use bevy::prelude::*;
use bevy::sprite::Anchor;
use bevy::text::FontSize;

use crate::AppSystems;
use crate::game::PieceEntity;
use crate::rules::{Color as Side, PieceKind};

/// `DejaVu` Sans, embedded in the binary (`assets/fonts/DejaVuSans.ttf`, licence in
/// `assets/fonts/LICENSE-DejaVu.txt`).
const FONT_BYTES: &[u8] = include_bytes!("../../assets/fonts/DejaVuSans.ttf");

/// Font size of a piece glyph in logical pixels (one square is 100 world units).
pub const PIECE_FONT_PX: f32 = 84.0;

pub(crate) fn plugin(app: &mut App) {
    app.add_systems(PreStartup, load_piece_font).add_systems(
        Update,
        (
            attach_piece_visuals.in_set(AppSystems::Present),
            apply_piece_fade
                .in_set(AppSystems::Present)
                .after(super::animation::place_idle_pieces),
        ),
    );
}

/// The font of the piece glyphs and board labels.
#[derive(Resource, Debug, Clone)]
pub struct PieceFont(pub Handle<Font>);

/// How visible a piece is (1 = opaque), driven by the animations.
#[derive(Component, Debug, Clone, Copy, PartialEq)]
pub struct PieceFade(pub f32);

/// A glyph child of a piece, with its full-opacity colour.
#[derive(Component, Debug, Clone, Copy)]
pub struct GlyphLayer {
    /// Colour at full opacity.
    pub base: Color,
}

fn load_piece_font(mut commands: Commands, mut fonts: ResMut<Assets<Font>>) {
    let handle = fonts.add(Font::from_bytes(FONT_BYTES.to_vec()));
    commands.insert_resource(PieceFont(handle));
}

/// Light fill of white pieces.
pub const WHITE_FILL: Color = Color::srgb(0.98, 0.96, 0.9);
/// Dark fill of black pieces.
pub const BLACK_FILL: Color = Color::srgb(0.1, 0.1, 0.12);
/// Outline colour.
pub const OUTLINE: Color = Color::srgb(0.05, 0.05, 0.06);

/// The filled and outline glyphs of a kind (chess symbols, or a disc for letter pieces).
pub fn glyphs(kind: PieceKind) -> (char, char, Option<char>) {
    match kind {
        PieceKind::King => ('♚', '♔', None),
        PieceKind::Queen => ('♛', '♕', None),
        PieceKind::Rook => ('♜', '♖', None),
        PieceKind::Bishop => ('♝', '♗', None),
        PieceKind::Knight | PieceKind::OuterKnight => ('♞', '♘', None),
        PieceKind::Pawn => ('♟', '♙', None),
        PieceKind::Guard => ('●', '○', Some('G')),
        PieceKind::Matriarch => ('●', '○', Some('M')),
        PieceKind::Jumper => ('●', '○', Some('J')),
    }
}

fn glyph(
    font: &Handle<Font>,
    c: char,
    size: f32,
    color: Color,
    offset: Vec3,
) -> impl Bundle + use<> {
    (
        Text2d::new(c.to_string()),
        TextFont {
            font: font.clone().into(),
            font_size: FontSize::Px(size),
            ..default()
        },
        TextColor(color),
        Anchor::CENTER,
        GlyphLayer { base: color },
        Transform::from_translation(offset),
    )
}

/// Spawns the glyph children of new pieces and rebuilds them when a piece changes kind.
pub(crate) fn attach_piece_visuals(
    mut commands: Commands,
    font: Res<PieceFont>,
    pieces: Query<(Entity, &PieceEntity, Option<&Children>), Changed<PieceEntity>>,
) {
    for (entity, piece, children) in &pieces {
        if let Some(children) = children {
            for c in children.iter() {
                commands.entity(c).despawn();
            }
        }
        let (fill, outline, letter) = glyphs(piece.kind);
        let fill_color = match piece.side {
            Side::White => WHITE_FILL,
            Side::Black => BLACK_FILL,
        };
        let f = &font.0;
        // Glyphs sit slightly above the geometric centre in DejaVu: nudge them down.
        let nudge = Vec3::new(0.0, -4.0, 0.0);
        commands
            .entity(entity)
            .insert(PieceFade(1.0))
            .with_children(|p| {
                if letter.is_some() {
                    p.spawn(glyph(f, fill, 76.0, fill_color, nudge));
                    p.spawn(glyph(f, outline, 76.0, OUTLINE, nudge + Vec3::Z * 0.1));
                } else {
                    p.spawn(glyph(f, fill, PIECE_FONT_PX, fill_color, nudge));
                    p.spawn(glyph(
                        f,
                        outline,
                        PIECE_FONT_PX,
                        OUTLINE,
                        nudge + Vec3::Z * 0.1,
                    ));
                }
                if let Some(l) = letter {
                    let c = match piece.side {
                        Side::White => OUTLINE,
                        Side::Black => WHITE_FILL,
                    };
                    p.spawn(glyph(f, l, 40.0, c, Vec3::new(0.0, 0.0, 0.2)));
                }
                if piece.kind == PieceKind::OuterKnight {
                    p.spawn(glyph(
                        f,
                        '◉',
                        26.0,
                        Color::srgb(0.85, 0.25, 0.2),
                        Vec3::new(34.0, 34.0, 0.2),
                    ));
                }
            });
    }
}

/// Copies each piece's fade into its glyphs' alpha.
fn apply_piece_fade(
    pieces: Query<(&PieceFade, &Children), Changed<PieceFade>>,
    mut glyphs: Query<(&GlyphLayer, &mut TextColor)>,
) {
    for (fade, children) in &pieces {
        for c in children.iter() {
            if let Ok((layer, mut color)) = glyphs.get_mut(c) {
                color.0 = layer
                    .base
                    .with_alpha(layer.base.alpha() * fade.0.clamp(0.0, 1.0));
            }
        }
    }
}
