//! What the board shows of a Parity turn (`rules/parity.md §7`): the curtain after a commit
//! (the selection and its destinations disappear at once; nothing marks the committed piece),
//! a small ring under each resting piece ([`Position::resting`](crate::rules::Position::resting)),
//! and short captions over the board for the turn's events (shared square, failed capture,
//! delayed / immediate check: the game's [`TurnCaptions`], in the narrator's words; not in
//! the demo, whose caption bar tells them). Backspace takes back the commit of the side that committed.
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
    ActiveGame, AppMode, Captured, CommitRecorded, OnBoard, OnSquare, ParityCommits, PieceEntity,
    SquareCaptionKind, TakeBackCommitRequest, TurnCaptions, TurnModelState,
};
use crate::rules::Color as Side;

/// Seconds a caption stays on the board (fading in its last second).
pub const CAPTION_SECS: f32 = 3.5;

pub(crate) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        (
            take_back_commit_on_key
                .in_set(HotkeySystems)
                .run_if(in_state(TurnModelState::Simultaneous)),
            (
                curtain_selection_on_commit,
                // The demo tells the same events in its caption bar.
                spawn_turn_captions.run_if(not(in_state(AppMode::Demo))),
                fade_turn_captions,
            )
                .chain()
                .in_set(AppSystems::Present)
                .run_if(in_state(TurnModelState::Simultaneous)),
            // Also outside Parity, where it hides the marks a Parity game left.
            draw_resting_markers.in_set(AppSystems::Present),
        ),
    );
}

/// A resting piece's ring (a [`Shape::Badge`](super::art::Shape::Badge) sprite). The
/// rings are a pool: one per resting piece is shown, the rest hidden.
#[derive(Component, Debug, Clone, Copy)]
pub struct RestingMark;

/// Diameter of a resting piece's ring, world units.
pub const RESTING_MARK_WORLD: f32 = 22.0;

/// Where a piece's mark sits relative to the piece (lower left), world units at scale 1.
pub const MARK_OFFSET: Vec2 = Vec2::new(-32.0, -34.0);

/// A caption over the board for a Parity event, with its age in seconds.
#[derive(Component, Debug, Clone, Copy)]
pub struct TurnCaption {
    /// Seconds since it appeared.
    pub age: f32,
}

/// Backspace: the person who committed (Black first if both somehow have) takes it back; a
/// bot's commit stands.
fn take_back_commit_on_key(
    mut chords: MessageReader<super::keys::KeyChord>,
    commits: Res<ParityCommits>,
    automated: Option<Res<crate::game::AutomatedSides>>,
    mut take_back: MessageWriter<TakeBackCommitRequest>,
) {
    if chords.read().filter(|c| c.is(KeyCode::Backspace)).count() == 0 {
        return;
    }
    let automated = automated.as_deref().copied().unwrap_or_default();
    if let Some(side) = [Side::Black, Side::White]
        .into_iter()
        .find(|s| commits.has_committed(*s) && !automated.plays(*s))
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
    mut turns: MessageReader<TurnCaptions>,
    board: Res<State<OnBoard>>,
    game: Res<ActiveGame>,
    view: Res<BoardView>,
    font: Res<PieceFont>,
    old: Query<Entity, With<TurnCaption>>,
) {
    let shape = game.record.current().shape();
    for TurnCaptions(captions) in turns.read() {
        for e in &old {
            commands.entity(e).despawn();
        }
        for (k, c) in captions.iter().enumerate() {
            let color = match c.kind {
                SquareCaptionKind::Shared => Color::srgb(0.15, 0.35, 0.85),
                SquareCaptionKind::FailedCapture => Color::srgb(0.85, 0.2, 0.1),
                SquareCaptionKind::Check => Color::srgb(0.8, 0.1, 0.5),
            };
            let p = square_to_world(shape, c.at, view.flipped)
                + Vec2::new(0.0, SQUARE_SIZE_WORLD * 0.62 + 4.0 * k as f32);
            commands.spawn((
                Name::new(format!("Caption {}", c.text)),
                // Shown once the landings have played (the slide of the Resolve stage).
                TurnCaption {
                    age: -super::animation::SLIDE_SECS,
                },
                DespawnOnExit(*board.get()),
                Text2d::new(c.text.clone()),
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
/// not move now), placed where the piece is drawn so it follows animations and shared
/// squares. In Single Occupation a piece on a shared square is not resting even if it moved
/// last turn: it is the one that must move (§5), and gets an orange double-headed mark
/// instead. The rings are sprites of one image, so the renderer draws them all in one call;
/// outside Parity all are hidden.
fn draw_resting_markers(
    mut commands: Commands,
    mut gizmos: Gizmos,
    art: Res<super::art::ArtImages>,
    game: Res<ActiveGame>,
    pieces: Query<(&PieceEntity, &OnSquare, &Transform), Without<Captured>>,
    mut marks: Query<(&mut Transform, &mut Visibility), (With<RestingMark>, Without<PieceEntity>)>,
) {
    let pos = game.shown();
    let mut rings = Vec::new();
    if pos.variant().turn_model() == crate::rules::TurnModel::Simultaneous {
        let [resting, leaving] = piece_marks(pos);
        for (piece, on, tf) in &pieces {
            let i = piece.side.index();
            let c = tf.translation.truncate() + MARK_OFFSET * tf.scale.x;
            if leaving[i].contains(&on.0) {
                let color = Color::srgb(0.95, 0.55, 0.1);
                gizmos.line_2d(c + Vec2::new(-9.0, 0.0), c + Vec2::new(9.0, 0.0), color);
                for d in [-1.0f32, 1.0] {
                    let tip = c + Vec2::new(9.0 * d, 0.0);
                    gizmos.line_2d(tip, tip + Vec2::new(-5.0 * d, 4.0), color);
                    gizmos.line_2d(tip, tip + Vec2::new(-5.0 * d, -4.0), color);
                }
            } else if resting[i].contains(&on.0) {
                rings.push((c.extend(tf.translation.z + 0.5), tf.scale.x));
            }
        }
    }
    let mut pool = marks.iter_mut();
    for (at, scale) in rings {
        let want = Transform::from_translation(at).with_scale(Vec3::splat(scale));
        match pool.next() {
            Some((mut tf, mut v)) => {
                if *tf != want {
                    *tf = want;
                }
                v.set_if_neq(Visibility::Inherited);
            }
            None => {
                commands.spawn((
                    Name::new("Resting mark"),
                    RestingMark,
                    Sprite {
                        image: art.shape(super::art::Shape::Badge),
                        color: Color::srgb(0.2, 0.45, 0.9),
                        custom_size: Some(Vec2::splat(RESTING_MARK_WORLD)),
                        ..default()
                    },
                    want,
                ));
            }
        }
    }
    for (_, mut v) in pool {
        v.set_if_neq(Visibility::Hidden);
    }
}

/// Per side (White, Black): the squares of its resting pieces (ringed) and of its pieces
/// that must leave a shared square this turn (Single Occupation; never also ringed).
pub fn piece_marks(pos: &crate::rules::Position) -> [[Vec<crate::rules::Square>; 2]; 2] {
    let leaving =
        [Side::White, Side::Black].map(|s| crate::rules::variants::parity::must_leave(pos, s));
    let resting = [Side::White, Side::Black].map(|s| {
        pos.resting(s)
            .filter(|sq| !leaving[s.index()].contains(sq))
            .collect::<Vec<_>>()
    });
    [resting, leaving]
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{Position, Variant};

    #[test]
    fn single_occupation_pieces_on_a_shared_square_must_leave_and_are_not_ringed() {
        let text = "4k3/8/8/3[Nn]4/8/8/8/R3K3 w - - 0 1 d5/d5";
        let p = Position::from_text(Variant::ParitySingle, text).unwrap();
        let d5 = p.shape().parse_square("d5").unwrap();
        let [resting, leaving] = piece_marks(&p);
        assert_eq!(leaving, [vec![d5], vec![d5]]);
        assert_eq!(resting, [Vec::new(), Vec::new()]);
        // Plain Parity: the same Knights rest (they moved last turn) and nothing must leave.
        let p = Position::from_text(Variant::Parity, text).unwrap();
        let [resting, leaving] = piece_marks(&p);
        assert_eq!(resting, [vec![d5], vec![d5]]);
        assert_eq!(leaving, [Vec::new(), Vec::new()]);
    }
}
