//! What the board shows of a Parity turn (`rules/parity.md §7`): the curtain after a commit
//! (the selection and its destinations disappear at once; nothing marks the committed piece),
//! a small ring under each resting piece ([`Position::resting`](crate::rules::Position::resting)),
//! and short captions over the board for the turn's events (shared square, failed capture,
//! delayed / immediate check). Backspace takes back the commit of the side that committed.
//! Reads only [`ParityCommits::has_committed`] — never a committed move. Runs in
//! [`AppSystems::Input`] (the hotkey) and [`AppSystems::Present`].

use bevy::prelude::*;
use bevy::sprite::Anchor;
use bevy::text::FontSize;

use super::picking::{HotkeySystems, PromotionChoice, Selection};
use super::pieces::PieceFont;
use super::{BoardView, SQUARE_SIZE_WORLD, square_to_world};
use crate::AppSystems;
use crate::game::{
    ActiveGame, Captured, CommitRecorded, MoveResolved, OnSquare, ParityCommits, PieceEntity,
    TakeBackCommitRequest,
};
use crate::rules::{CheckKind, Color as Side, Effect};

/// Seconds a caption stays on the board (fading in its last second).
pub const CAPTION_SECS: f32 = 3.5;

pub(crate) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        (
            take_back_commit_on_key
                .in_set(HotkeySystems)
                .run_if(crate::game::is_simultaneous),
            (
                curtain_selection_on_commit,
                spawn_turn_captions,
                fade_turn_captions,
                draw_resting_markers,
            )
                .chain()
                .in_set(AppSystems::Present)
                .run_if(crate::game::is_simultaneous),
        ),
    );
}

/// A caption over the board for a Parity event, with its age in seconds.
#[derive(Component, Debug, Clone, Copy)]
pub struct TurnCaption {
    /// Seconds since it appeared.
    pub age: f32,
}

/// Backspace: the side that committed (Black first if both somehow have) takes it back.
fn take_back_commit_on_key(
    keys: Res<ButtonInput<KeyCode>>,
    commits: Res<ParityCommits>,
    mut take_back: MessageWriter<TakeBackCommitRequest>,
) {
    if !keys.just_pressed(KeyCode::Backspace) {
        return;
    }
    if let Some(side) = [Side::Black, Side::White]
        .into_iter()
        .find(|s| commits.has_committed(*s))
    {
        take_back.write(TakeBackCommitRequest { side });
    }
}

/// After a commit the board forgets the selection: the next player sees a plain board.
fn curtain_selection_on_commit(
    mut recorded: MessageReader<CommitRecorded>,
    mut selection: ResMut<Selection>,
    mut promotion: ResMut<PromotionChoice>,
) {
    if recorded.read().count() > 0 {
        *selection = Selection::default();
        promotion.0.clear();
    }
}

/// One caption per shared square, failed capture and check of the resolved turn, placed
/// over the square it concerns (checks over the King).
fn spawn_turn_captions(
    mut commands: Commands,
    mut resolved: MessageReader<MoveResolved>,
    game: Res<ActiveGame>,
    view: Res<BoardView>,
    font: Res<PieceFont>,
    old: Query<Entity, With<TurnCaption>>,
) {
    let pos = game.record.current();
    let shape = pos.shape();
    for m in resolved.read() {
        for e in &old {
            commands.entity(e).despawn();
        }
        let mut k = 0.0;
        for fx in &m.effects {
            let (text, at, color) = match fx {
                Effect::Shared { at } => ("shared".to_string(), *at, Color::srgb(0.15, 0.35, 0.85)),
                Effect::FailedCapture { by, at } => (
                    format!("{} capture failed", by.color.title()),
                    *at,
                    Color::srgb(0.85, 0.2, 0.1),
                ),
                Effect::Check { side, kind } => {
                    let Some(king) = pos.board().king(*side) else {
                        continue;
                    };
                    let word = match kind {
                        CheckKind::Delayed => "delayed check",
                        CheckKind::Immediate => "immediate check",
                        CheckKind::Classic => "check",
                    };
                    (word.to_string(), king, Color::srgb(0.8, 0.1, 0.5))
                }
                _ => continue,
            };
            let p = square_to_world(shape, at, view.flipped)
                + Vec2::new(0.0, SQUARE_SIZE_WORLD * 0.62 + k);
            k += 4.0;
            commands.spawn((
                Name::new(format!("Caption {text}")),
                // Shown once the landings have played (the slide of the Resolve stage).
                TurnCaption {
                    age: -super::animation::SLIDE_SECS,
                },
                Text2d::new(text),
                TextFont {
                    font: font.0.clone().into(),
                    font_size: FontSize::Px(22.0),
                    ..default()
                },
                TextColor(color),
                Anchor::CENTER,
                Transform::from_translation(p.extend(40.0)),
            ));
        }
    }
}

fn fade_turn_captions(
    mut commands: Commands,
    time: Res<Time>,
    settings: Res<super::AnimationSettings>,
    mut captions: Query<(Entity, &mut TurnCaption, &mut TextColor)>,
) {
    for (e, mut c, mut color) in &mut captions {
        c.age += if c.age < 0.0 {
            time.delta_secs() * settings.speed.max(0.0)
                + if settings.speed <= 0.0 { 1.0 } else { 0.0 }
        } else {
            time.delta_secs()
        };
        if c.age >= CAPTION_SECS {
            commands.entity(e).despawn();
            continue;
        }
        let a = if c.age < 0.0 {
            0.0
        } else {
            (CAPTION_SECS - c.age).clamp(0.0, 1.0)
        };
        color.0 = color.0.with_alpha(a);
    }
}

/// A small ring in the lower-left corner of each resting piece (it moved last turn and may
/// not move now), drawn where the piece is drawn so it follows animations and shared squares.
fn draw_resting_markers(
    mut gizmos: Gizmos,
    game: Res<ActiveGame>,
    pieces: Query<(&PieceEntity, &OnSquare, &Transform), Without<Captured>>,
) {
    let pos = game.shown();
    let resting: [Vec<_>; 2] = [
        pos.resting(Side::White).collect(),
        pos.resting(Side::Black).collect(),
    ];
    for (piece, on, tf) in &pieces {
        if !resting[piece.side.index()].contains(&on.0) {
            continue;
        }
        let c = tf.translation.truncate() + Vec2::new(-32.0, -34.0) * tf.scale.x;
        let color = Color::srgb(0.2, 0.45, 0.9);
        for r in [5.0, 6.5, 8.0, 9.5] {
            gizmos.circle_2d(c, r, color);
        }
    }
}
