//! Mouse and keyboard on the board: click (or drag) a piece to see its legal destinations,
//! click (or drop on) a square to move. Every move goes out as a
//! [`SubmitMoveRequest`]; an illegal one comes back with the rules' reason in the status
//! line. Hotkeys: F flip, N new game (confirmed while a game is in progress), Ctrl+Z undo,
//! Ctrl+Y redo, H hexagrams, G square numbers, Esc clear the selection, ← → Home End step
//! through the move list. While a bot is to move, the person's click or drag queues a
//! premove ([`PremoveRequest`](crate::game::premove::PremoveRequest)). Guarded against egui by [`BoardInputSystems`] and
//! [`HotkeySystems`] (configured in `ui/input_guard.rs`); a drag released over a panel is
//! still seen (the piece goes back). The cursor's place on the board comes from the active
//! view ([`BoardCursor`]): the same clicks give the same requests in 2D and in 3D.

use bevy::prelude::*;
use bevy::window::PrimaryWindow;

use bevy::ecs::system::SystemParam;

use super::camera::BoardCamera;
use super::{BoardView, world_to_square};
use crate::game::notice::NotNow;
use crate::game::replace::{ReplaceGameRequest, Replacement};
use crate::game::{
    ActiveGame, AppMode, Holds, MoveSource, NewGameRequest, Notice, ParityCommits, PositionShown,
    RedoRequest, SubmitMoveRequest, UndoRequest,
};
use crate::rules::{Color as Side, Move, Position, Square};
use crate::{AppSystems, InputSystems};

/// Board mouse input; the UI stops it while egui uses the pointer.
#[derive(SystemSet, Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct BoardInputSystems;

/// Hotkeys; the UI stops them while egui uses the keyboard.
#[derive(SystemSet, Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct HotkeySystems;

/// Finding the cursor on the board ([`BoardCursor`]), one system per view, before the
/// board's mouse input reads it.
#[derive(SystemSet, Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct BoardCursorSystems;

/// Where the mouse cursor meets the board plane (world XY, [`SQUARE_SIZE_WORLD`](super::SQUARE_SIZE_WORLD)
/// per square), as the active view's camera sees it; `None` when the cursor is outside
/// the window. The 2D board reads it through its camera; the 3D view casts a ray into the
/// tiles and pieces ([`board3d`](super::board3d)), so both give the same squares to the
/// same click code.
#[derive(Resource, Debug, Clone, Copy, Default, PartialEq)]
pub struct BoardCursor(pub Option<Vec2>);

pub(crate) fn plugin(app: &mut App) {
    app.init_resource::<Selection>()
        .init_resource::<PromotionChoice>()
        .init_resource::<BoardCursor>()
        .configure_sets(
            Update,
            (
                BoardCursorSystems
                    .in_set(InputSystems::Board)
                    .before(BoardInputSystems),
                BoardInputSystems.in_set(InputSystems::Board),
                // The demo takes every key for its offer; a text field takes them for itself
                // (the input guard).
                HotkeySystems
                    .in_set(InputSystems::Board)
                    .run_if(not(in_state(AppMode::Demo))),
            ),
        )
        .add_systems(
            Update,
            (
                cursor_on_2d_board
                    .in_set(BoardCursorSystems)
                    .run_if(in_state(super::view::ViewState::TwoD)),
                handle_board_mouse
                    .in_set(BoardInputSystems)
                    .run_if(|mode: Res<State<AppMode>>| mode.get().takes_board_clicks()),
                end_drag_on_release
                    .in_set(InputSystems::Board)
                    .after(BoardInputSystems),
                handle_hotkeys.in_set(HotkeySystems),
                clear_selection_on_change.in_set(AppSystems::Sync),
            ),
        );
}

/// A legal destination of the selected piece (the rules core's
/// [`MoveTarget`](crate::rules::preview::MoveTarget)).
pub use crate::rules::preview::MoveTarget as Target;

/// The selected piece and its legal destinations.
#[derive(Resource, Debug, Clone, Default)]
pub struct Selection {
    /// The selected piece's square.
    pub from: Option<Square>,
    /// The side that selected it.
    pub side: Option<Side>,
    /// Its legal destinations.
    pub targets: Vec<Target>,
    /// The square of the piece being dragged.
    pub dragging: Option<Square>,
    /// The cursor in world coordinates (while over the board).
    pub cursor: Option<Vec2>,
}

impl Selection {
    /// What the target markers draw of each destination (square, landing square, capture),
    /// in order: the part of the selection both views' markers are redrawn on.
    pub(crate) fn drawn_targets(&self) -> Vec<(Square, Option<Square>, bool)> {
        self.targets
            .iter()
            .map(|t| (t.to, t.landing, t.captures))
            .collect()
    }

    fn clear(&mut self) {
        self.from = None;
        self.targets.clear();
    }
}

/// Several promotion moves fit a click: the UI asks which one.
#[derive(Resource, Debug, Clone, Default)]
pub struct PromotionChoice(pub Vec<Move>);

/// The side whose move (Parity: hot-seat commit) is due: the first side the game waits for
/// (White when both have committed).
pub fn side_to_act(game: &ActiveGame, commits: &ParityCommits) -> Side {
    game.sides_due(commits)
        .first()
        .copied()
        .unwrap_or(game.record.current().turn())
}

/// The legal destinations of the piece on `from`, with Intrachange landings, from the rules
/// core ([`preview::targets`](crate::rules::preview::targets)), asked once per selection.
pub fn targets_from(pos: &Position, side: Side, from: Square) -> Vec<Target> {
    crate::rules::preview::targets(pos, side, from)
}

/// What a click reads besides the mouse: the game, the commits, the seats and the moment.
#[derive(SystemParam)]
pub(crate) struct ClickContext<'w> {
    game: Res<'w, ActiveGame>,
    commits: Res<'w, ParityCommits>,
    automated: Option<Res<'w, crate::game::AutomatedSides>>,
    holds: Res<'w, Holds>,
}

/// Where the mouse is over the board.
#[derive(SystemParam)]
pub(crate) struct Pointer<'w> {
    buttons: Res<'w, ButtonInput<MouseButton>>,
    cursor: Res<'w, BoardCursor>,
    view: Res<'w, BoardView>,
}

/// The cursor on the 2D board: the window position through the 2D camera.
fn cursor_on_2d_board(
    window: Single<&Window, With<PrimaryWindow>>,
    camera: Single<(&Camera, &GlobalTransform), With<BoardCamera>>,
    mut cursor: ResMut<BoardCursor>,
) {
    let (camera, cam_tf) = *camera;
    let at = window
        .cursor_position()
        .and_then(|p| camera.viewport_to_world_2d(cam_tf, p).ok());
    cursor.set_if_neq(BoardCursor(at));
}

/// What a click asks for.
#[derive(SystemParam)]
pub(crate) struct ClickOutput<'w> {
    submit: MessageWriter<'w, SubmitMoveRequest>,
    premove: MessageWriter<'w, crate::game::premove::PremoveRequest>,
    notices: MessageWriter<'w, Notice>,
}

fn handle_board_mouse(
    pointer: Pointer,
    ctx: ClickContext,
    mut selection: ResMut<Selection>,
    mut promotion: ResMut<PromotionChoice>,
    mut out: ClickOutput,
) {
    let cursor = pointer.cursor.0;
    selection.cursor = cursor;
    let game = &*ctx.game;
    let pos = game.record.current();
    let shape = pos.shape();
    let square = cursor.and_then(|c| world_to_square(shape, c, pointer.view.flipped));
    let single_mover = game.sides_acting().len() == 1;
    if pointer.buttons.just_pressed(MouseButton::Left) {
        let Some(sq) = square else {
            selection.clear();
            return;
        };
        if let Some(h) = ctx.holds.current() {
            out.notices.write(Notice::NotNow(NotNow::Held(h)));
            return;
        }
        if game.review.is_some() {
            out.notices.write(Notice::NotNow(NotNow::Reviewing));
            return;
        }
        if let Some(o) = game.record.outcome() {
            out.notices.write(Notice::NotNow(NotNow::GameOver(o)));
            return;
        }
        let side = side_to_act(game, &ctx.commits);
        let automated = ctx.automated.as_deref().copied().unwrap_or_default();
        if automated.plays(side) && single_mover && !automated.plays(side.other()) {
            // The bot thinks: the person's clicks choose a premove.
            premove_click(pos, side.other(), sq, &mut selection, &mut out.premove);
            return;
        }
        if automated.plays(side) {
            selection.clear();
            out.notices.write(Notice::NotNow(if single_mover {
                NotNow::BotsSeat {
                    side,
                    bot: game.player_name(side).unwrap_or("a").to_string(),
                }
            } else {
                NotNow::Committed
            }));
            return;
        }
        let own = pos.kind_at(side, sq).is_some();
        match selection.from {
            Some(from) if from == sq => {
                selection.dragging = Some(sq);
            }
            Some(from) if !own => {
                try_move(&selection, from, sq, &mut promotion, &mut out.submit);
                selection.clear();
            }
            _ if own => {
                selection.from = Some(sq);
                selection.side = Some(side);
                selection.targets = targets_from(pos, side, sq);
                selection.dragging = Some(sq);
                if selection.targets.is_empty() {
                    out.notices.write(Notice::NoLegalMove {
                        kind: pos
                            .kind_at(side, sq)
                            .unwrap_or(crate::rules::PieceKind::Pawn),
                        square: shape.name(sq),
                        refusal: crate::rules::variants::why_no_move(pos, side, sq),
                    });
                }
            }
            _ => {
                out.notices.write(match pos.board().piece_at(sq) {
                    Some(p) if p.color != side => Notice::NotYourPiece {
                        piece: p.color,
                        to_move: side,
                    },
                    _ => Notice::SelectAPiece(side),
                });
            }
        }
    }
    if pointer.buttons.just_released(MouseButton::Left) {
        if let (Some(from), Some(to)) = (selection.dragging, square)
            && from != to
            && selection.from == Some(from)
        {
            let premove_side = selection.side.filter(|s| *s != pos.turn() && single_mover);
            match premove_side {
                Some(side) => queue_premove(&selection, side, to, &mut out.premove),
                None => try_move(&selection, from, to, &mut promotion, &mut out.submit),
            }
            selection.clear();
        }
        selection.dragging = None;
    }
}

/// A click while the bot is to move: select one of `side`'s pieces (its destinations as if
/// it were `side`'s move), queue the premove to a destination, or cancel.
fn premove_click(
    pos: &Position,
    side: Side,
    sq: Square,
    selection: &mut Selection,
    premove: &mut MessageWriter<crate::game::premove::PremoveRequest>,
) {
    let mut as_side = pos.clone();
    as_side.set_turn(side);
    match selection.from {
        Some(from) if from == sq => selection.dragging = Some(sq),
        Some(_) if selection.targets.iter().any(|t| t.to == sq) => {
            queue_premove(selection, side, sq, premove);
            selection.clear();
        }
        _ if as_side.kind_at(side, sq).is_some() => {
            selection.from = Some(sq);
            selection.side = Some(side);
            selection.targets = targets_from(&as_side, side, sq);
            selection.dragging = Some(sq);
        }
        _ => {
            selection.clear();
            premove.write(crate::game::premove::PremoveRequest(None));
        }
    }
}

/// Queues the selected piece's move to `to` as `side`'s premove (a promotion: to a Queen
/// where there is one).
fn queue_premove(
    selection: &Selection,
    side: Side,
    to: Square,
    premove: &mut MessageWriter<crate::game::premove::PremoveRequest>,
) {
    let Some(target) = selection.targets.iter().find(|t| t.to == to) else {
        return;
    };
    let mv = target
        .moves
        .iter()
        .find(|m| m.promotion == Some(crate::rules::PieceKind::Queen))
        .or(target.moves.first());
    if let Some(mv) = mv {
        premove.write(crate::game::premove::PremoveRequest(Some((side, *mv))));
    }
}

/// Sends the move from → to: the legal one, a promotion choice, or (when illegal) the bare
/// move so the rules explain why.
fn try_move(
    selection: &Selection,
    from: Square,
    to: Square,
    promotion: &mut PromotionChoice,
    submit: &mut MessageWriter<SubmitMoveRequest>,
) {
    let moves = selection
        .targets
        .iter()
        .find(|t| t.to == to)
        .map(|t| t.moves.clone())
        .unwrap_or_default();
    match moves.len() {
        0 => {
            submit.write(SubmitMoveRequest {
                mv: Move::new(from, to),
                source: MoveSource::Mouse,
            });
        }
        1 => {
            submit.write(SubmitMoveRequest {
                mv: moves[0],
                source: MoveSource::Mouse,
            });
        }
        _ => promotion.0 = moves,
    }
}

/// A left-button release the board did not see (the cursor was over a panel, where egui
/// takes the pointer): the dragged piece goes back to its square.
fn end_drag_on_release(buttons: Res<ButtonInput<MouseButton>>, mut selection: ResMut<Selection>) {
    if buttons.just_released(MouseButton::Left) && selection.dragging.is_some() {
        selection.dragging = None;
    }
}

/// The review step for a move-list key: ← one entry back, → one forward (the last entry
/// is the live game), Home the start, End the live game. `shown` is the entry count shown
/// now, `len` the record's length; `None` when the key changes nothing.
pub fn review_step(key: KeyCode, shown: usize, len: usize) -> Option<Option<usize>> {
    let live_or = |n: usize| if n >= len { None } else { Some(n) };
    let target = match key {
        KeyCode::ArrowLeft if shown > 0 => Some(shown - 1),
        KeyCode::ArrowRight if shown < len => live_or(shown + 1),
        KeyCode::Home if shown > 0 => Some(0),
        KeyCode::End if shown < len => None,
        _ => return None,
    };
    Some(target)
}

/// The requests the game keys make.
#[derive(SystemParam)]
pub(crate) struct GameKeys<'w> {
    review: MessageWriter<'w, crate::game::ReviewRequest>,
    new_game: MessageWriter<'w, ReplaceGameRequest>,
    undo: MessageWriter<'w, UndoRequest>,
    redo: MessageWriter<'w, RedoRequest>,
}

/// The view keys (F, G, H, Esc) everywhere but the demo; the game keys (N, Ctrl+Z, Ctrl+Y,
/// the move-list arrows) only in play, never on a game behind the editor or a watched one.
fn handle_hotkeys(
    mut chords: MessageReader<super::keys::KeyChord>,
    mut view: ResMut<BoardView>,
    mut selection: ResMut<Selection>,
    game: Res<ActiveGame>,
    mode: Option<Res<State<AppMode>>>,
    mut keys: GameKeys,
) {
    let playing = mode.is_none_or(|m| *m.get() == AppMode::Play);
    let mut shown = game.review.unwrap_or(game.record.len());
    for c in chords.read() {
        if c.is(KeyCode::KeyF) {
            view.flipped = !view.flipped;
        } else if c.is(KeyCode::KeyH) {
            view.show_hexagrams = !view.show_hexagrams;
        } else if c.is(KeyCode::KeyG) {
            view.show_numbers = !view.show_numbers;
        } else if c.is(KeyCode::Escape) {
            selection.clear();
            selection.dragging = None;
        } else if !playing {
        } else if c.is(KeyCode::KeyN) {
            keys.new_game.write(ReplaceGameRequest(Replacement::NewGame(
                NewGameRequest::new(game.variant()),
            )));
        } else if c.is_ctrl(KeyCode::KeyZ) {
            keys.undo.write(UndoRequest);
        } else if c.is_ctrl(KeyCode::KeyY) {
            keys.redo.write(RedoRequest);
        } else if !c.ctrl
            && !c.alt
            && let Some(target) = review_step(c.key, shown, game.record.len())
        {
            // Several steps in one frame go on from where the previous one went.
            shown = target.unwrap_or(game.record.len());
            keys.review.write(crate::game::ReviewRequest(target));
        }
    }
}

fn clear_selection_on_change(
    mut shown: MessageReader<PositionShown>,
    mut selection: ResMut<Selection>,
    mut promotion: ResMut<PromotionChoice>,
) {
    if shown.read().count() > 0 {
        selection.from = None;
        selection.targets.clear();
        selection.dragging = None;
        promotion.0.clear();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn move_list_keys_step_back_forward_to_the_start_and_to_live() {
        // Live game of 5 entries.
        assert_eq!(review_step(KeyCode::ArrowLeft, 5, 5), Some(Some(4)));
        assert_eq!(review_step(KeyCode::ArrowRight, 5, 5), None);
        assert_eq!(review_step(KeyCode::End, 5, 5), None);
        assert_eq!(review_step(KeyCode::Home, 5, 5), Some(Some(0)));
        // Reviewing after 4 entries: → reaches the live game.
        assert_eq!(review_step(KeyCode::ArrowRight, 4, 5), Some(None));
        assert_eq!(review_step(KeyCode::ArrowRight, 2, 5), Some(Some(3)));
        assert_eq!(review_step(KeyCode::End, 2, 5), Some(None));
        // At the start nothing goes further back.
        assert_eq!(review_step(KeyCode::ArrowLeft, 0, 5), None);
        assert_eq!(review_step(KeyCode::Home, 0, 5), None);
        assert_eq!(review_step(KeyCode::KeyA, 3, 5), None);
    }
}
