//! Mouse and keyboard on the board: click (or drag) a piece to see its legal destinations,
//! click (or drop on) a square to move. Every move goes out as a
//! [`SubmitMoveRequest`]; an illegal one comes back with the rules' reason in the status
//! line. Hotkeys: F flip, N new game (confirmed while a game is in progress), Ctrl+Z undo,
//! Ctrl+Y redo, H hexagrams, G square numbers, Esc clear the selection, ← → Home End step
//! through the move list. While a bot is to move, the person's click or drag queues a
//! premove ([`PremoveRequest`](crate::game::premove::PremoveRequest)). Guarded against egui by [`BoardInputSystems`] and
//! [`HotkeySystems`] (configured in `ui/input_guard.rs`); a drag released over a panel is
//! still seen (the piece goes back).

use bevy::prelude::*;
use bevy::window::PrimaryWindow;

use super::camera::BoardCamera;
use super::{BoardView, world_to_square};
use crate::AppSystems;
use crate::game::replace::{ReplaceGameRequest, Replacement};
use crate::game::{
    ActiveGame, MoveResolved, MoveSource, NewGameRequest, ParityCommits, RedoRequest,
    ResyncRequest, StatusLine, SubmitMoveRequest, UndoRequest,
};
use crate::rules::{Color as Side, Effect, Move, Position, Square};

/// Board mouse input; the UI stops it while egui uses the pointer.
#[derive(SystemSet, Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct BoardInputSystems;

/// Hotkeys; the UI stops them while egui uses the keyboard.
#[derive(SystemSet, Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct HotkeySystems;

pub(crate) fn plugin(app: &mut App) {
    app.init_resource::<Selection>()
        .init_resource::<PromotionChoice>()
        .configure_sets(
            Update,
            (BoardInputSystems, HotkeySystems).in_set(AppSystems::Input),
        )
        .add_systems(
            Update,
            (
                handle_board_mouse.in_set(BoardInputSystems),
                end_drag_on_release
                    .in_set(AppSystems::Input)
                    .after(BoardInputSystems),
                handle_hotkeys.in_set(HotkeySystems),
                clear_selection_on_change.in_set(AppSystems::Sync),
            ),
        );
}

/// A legal destination of the selected piece.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Target {
    /// The destination (exoteric) square.
    pub to: Square,
    /// The moves to it (several for a promotion).
    pub moves: Vec<Move>,
    /// Intrachange: where the piece lands (esoteric square), if it teleports.
    pub landing: Option<Square>,
    /// Whether the move captures something.
    pub captures: bool,
}

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

/// Several promotion moves fit a click: the UI asks which one.
#[derive(Resource, Debug, Clone, Default)]
pub struct PromotionChoice(pub Vec<Move>);

/// The side whose move (Parity: hot-seat commit) is due.
pub fn side_to_act(game: &ActiveGame, commits: &ParityCommits) -> Side {
    if game.is_simultaneous() {
        commits.next_to_commit().unwrap_or(Side::White)
    } else {
        game.record.current().turn()
    }
}

/// The legal destinations of the piece on `from`, with Intrachange landings (found by
/// playing each move on a copy of the position and reading its teleport).
pub fn targets_from(pos: &Position, side: Side, from: Square) -> Vec<Target> {
    let mut out: Vec<Target> = Vec::new();
    for mv in pos
        .legal_commits(side)
        .into_iter()
        .filter(|m| m.from == from)
    {
        if let Some(t) = out.iter_mut().find(|t| t.to == mv.to) {
            t.moves.push(mv);
            continue;
        }
        let mut landing = None;
        let mut captures = false;
        if !pos.is_simultaneous_variant() {
            let mut copy = pos.clone();
            if let Ok(fx) = copy.try_play(&mv) {
                for e in &fx {
                    match e {
                        Effect::Teleport { from: a, to, .. } if *a == mv.to => landing = Some(*to),
                        Effect::Capture { .. } => captures = true,
                        _ => {}
                    }
                }
            }
        } else {
            captures = pos.board().piece_at(mv.to).is_some_and(|p| p.color != side);
        }
        out.push(Target {
            to: mv.to,
            moves: vec![mv],
            landing,
            captures,
        });
    }
    out
}

trait SimultaneousVariant {
    fn is_simultaneous_variant(&self) -> bool;
}

impl SimultaneousVariant for Position {
    fn is_simultaneous_variant(&self) -> bool {
        self.variant().turn_model() == crate::rules::TurnModel::Simultaneous
    }
}

fn handle_board_mouse(
    buttons: Res<ButtonInput<MouseButton>>,
    window: Single<&Window, With<PrimaryWindow>>,
    camera: Single<(&Camera, &GlobalTransform), With<BoardCamera>>,
    view: Res<BoardView>,
    game: Res<ActiveGame>,
    commits: Res<ParityCommits>,
    automated: Option<Res<crate::game::AutomatedSides>>,
    hold: Res<crate::game::GameHold>,
    mut selection: ResMut<Selection>,
    mut promotion: ResMut<PromotionChoice>,
    mut status: ResMut<StatusLine>,
    (mut submit, mut premove): (
        MessageWriter<SubmitMoveRequest>,
        MessageWriter<crate::game::premove::PremoveRequest>,
    ),
) {
    let (camera, cam_tf) = camera.into_inner();
    let cursor = window
        .cursor_position()
        .and_then(|p| camera.viewport_to_world_2d(cam_tf, p).ok());
    selection.cursor = cursor;
    let pos = game.record.current();
    let shape = pos.shape();
    let square = cursor.and_then(|c| world_to_square(shape, c, view.flipped));
    if buttons.just_pressed(MouseButton::Left) {
        let Some(sq) = square else {
            selection.from = None;
            selection.targets.clear();
            return;
        };
        if let Some(why) = &hold.0 {
            status.0 = format!("Not now: {why}.");
            return;
        }
        if game.review.is_some() {
            status.0 =
                "An earlier position is shown (read-only): use \"Back to live\" or End to play."
                    .to_string();
            return;
        }
        if let Some(o) = game.record.outcome() {
            status.0 = format!("Game over: {}. Press N for a new game.", o.describe());
            return;
        }
        let side = side_to_act(&game, &commits);
        let automated = automated.as_deref().copied().unwrap_or_default();
        if automated.plays(side) && !game.is_simultaneous() && !automated.plays(side.other()) {
            // The bot thinks: the person's clicks choose a premove.
            premove_click(pos, side.other(), sq, &mut selection, &mut premove);
            return;
        }
        if automated.plays(side) {
            if game.is_simultaneous() {
                selection.from = None;
                selection.targets.clear();
                status.0 = "You have committed this turn; the next turn's commit waits for \
                            the position the turn starts with (no premoves in Parity)."
                    .to_string();
                return;
            }
            let bot = game.player_name(side).unwrap_or("a");
            selection.from = None;
            selection.targets.clear();
            status.0 = format!(
                "{} is played by the {bot} bot: wait for its move, or choose Human for {} under Players.",
                side.title(),
                side.title()
            );
            return;
        }
        let own = pos.kind_at(side, sq).is_some();
        match selection.from {
            Some(from) if from == sq => {
                selection.dragging = Some(sq);
            }
            Some(from) if !own => {
                try_move(&selection, from, sq, shape, &mut promotion, &mut submit);
                selection.from = None;
                selection.targets.clear();
            }
            _ if own => {
                selection.from = Some(sq);
                selection.side = Some(side);
                selection.targets = targets_from(pos, side, sq);
                selection.dragging = Some(sq);
                if selection.targets.is_empty() {
                    let piece = pos.kind_at(side, sq).map_or("piece", |k| k.name());
                    status.0 = match crate::rules::variants::why_no_move(pos, side, sq) {
                        Some(why) => format!(
                            "The {piece} on {} has no legal move: {why}.",
                            shape.name(sq)
                        ),
                        None => format!("The {piece} on {} has no legal move.", shape.name(sq)),
                    };
                }
            }
            _ => {
                status.0 = match pos.board().piece_at(sq) {
                    Some(p) if p.color != side => {
                        format!(
                            "That is a {} piece: {} to move.",
                            p.color.name(),
                            side.title()
                        )
                    }
                    _ => format!("Select a {} piece to move.", side.name()),
                };
            }
        }
    }
    if buttons.just_released(MouseButton::Left) {
        if let (Some(from), Some(to)) = (selection.dragging, square)
            && from != to
            && selection.from == Some(from)
        {
            let premove_side = selection
                .side
                .filter(|s| *s != pos.turn() && !game.is_simultaneous());
            match premove_side {
                Some(side) => queue_premove(&selection, side, to, &mut premove),
                None => try_move(&selection, from, to, shape, &mut promotion, &mut submit),
            }
            selection.from = None;
            selection.targets.clear();
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
            selection.from = None;
            selection.targets.clear();
        }
        _ if as_side.kind_at(side, sq).is_some() => {
            selection.from = Some(sq);
            selection.side = Some(side);
            selection.targets = targets_from(&as_side, side, sq);
            selection.dragging = Some(sq);
        }
        _ => {
            selection.from = None;
            selection.targets.clear();
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
    _shape: crate::rules::BoardShape,
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

fn handle_hotkeys(
    mut chords: MessageReader<super::keys::KeyChord>,
    mut review: MessageWriter<crate::game::ReviewRequest>,
    mut view: ResMut<BoardView>,
    mut selection: ResMut<Selection>,
    game: Res<ActiveGame>,
    mut new_game: MessageWriter<ReplaceGameRequest>,
    mut undo: MessageWriter<UndoRequest>,
    mut redo: MessageWriter<RedoRequest>,
) {
    let mut shown = game.review.unwrap_or(game.record.len());
    for c in chords.read() {
        if c.is(KeyCode::KeyF) {
            view.flipped = !view.flipped;
        } else if c.is(KeyCode::KeyN) {
            new_game.write(ReplaceGameRequest(Replacement::NewGame(
                NewGameRequest::new(game.variant()),
            )));
        } else if c.is_ctrl(KeyCode::KeyZ) {
            undo.write(UndoRequest);
        } else if c.is_ctrl(KeyCode::KeyY) {
            redo.write(RedoRequest);
        } else if c.is(KeyCode::KeyH) {
            view.show_hexagrams = !view.show_hexagrams;
        } else if c.is(KeyCode::KeyG) {
            view.show_numbers = !view.show_numbers;
        } else if c.is(KeyCode::Escape) {
            selection.from = None;
            selection.targets.clear();
            selection.dragging = None;
        } else if !c.ctrl
            && !c.alt
            && let Some(target) = review_step(c.key, shown, game.record.len())
        {
            // Several steps in one frame go on from where the previous one went.
            shown = target.unwrap_or(game.record.len());
            review.write(crate::game::ReviewRequest(target));
        }
    }
}

fn clear_selection_on_change(
    mut resolved: MessageReader<MoveResolved>,
    mut resync: MessageReader<ResyncRequest>,
    mut selection: ResMut<Selection>,
    mut promotion: ResMut<PromotionChoice>,
) {
    if resolved.read().count() + resync.read().count() > 0 {
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
