//! The move box under the move list: type a move (SAN, coordinates, Intrachange `e2-e4`,
//! Parity commits), see at once which legal move it selects, or the moves it could still
//! be, or why none fits; Tab completes an unambiguous prefix, Enter plays it. Enter
//! anywhere else (no other field focused) puts the cursor in the box. Empty, the box shows
//! a legal move of the position as its example ([`example`]). The text is
//! interpreted by [`crate::game::typed`]; the box writes [`TypedMoveRequest`].

use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use bevy_egui::egui;

use crate::game::typed::{Typed, TypedMoveRequest, example, interpret};
use crate::game::{ActiveGame, AutomatedSides, Holds, ParityCommits, TurnModelState};
use crate::rules::{Color as Side, Position};

/// The side the box types for: a side a person plays (hot-seat: the side to move; Parity:
/// the first such side that has not committed this turn). `None` when no person moves now.
pub fn typing_side(
    game: &ActiveGame,
    automated: &AutomatedSides,
    commits: &ParityCommits,
) -> Option<Side> {
    let due = game.sides_due(commits);
    super::game_flow::acting_sides(game, automated)
        .into_iter()
        .find(|s| due.contains(s))
}

/// The box and its text.
#[derive(SystemParam)]
pub struct MoveBox<'w, 's> {
    text: Local<'s, String>,
    /// The hint's example move, kept while the position and side stay the same.
    example: Local<'s, Option<(Position, Side, Option<String>)>>,
    automated: Option<Res<'w, AutomatedSides>>,
    commits: Res<'w, ParityCommits>,
    holds: Res<'w, Holds>,
    turns: Option<Res<'w, State<TurnModelState>>>,
    typed: MessageWriter<'w, TypedMoveRequest>,
}

impl MoveBox<'_, '_> {
    /// [`example`] for `pos` and `side`, computed again only when either changes.
    fn example_for(&mut self, pos: &Position, side: Side) -> Option<String> {
        match &*self.example {
            Some((p, s, e)) if p == pos && *s == side => e.clone(),
            _ => {
                let e = example(pos, side);
                *self.example = Some((pos.clone(), side, e.clone()));
                e
            }
        }
    }

    /// Draws it while a person is to move in the live game.
    pub fn show(&mut self, ui: &mut egui::Ui, game: &ActiveGame) {
        if game.record.outcome().is_some()
            || game.review.is_some()
            || self.holds.current().is_some()
            || game.origin != crate::game::GameOrigin::Player
        {
            return;
        }
        let automated = self.automated.as_deref().copied().unwrap_or_default();
        let Some(side) = typing_side(game, &automated, &self.commits) else {
            return;
        };
        let id = egui::Id::new("move-box");
        let enter = ui.input(|i| i.key_pressed(egui::Key::Enter));
        let tab = ui.input(|i| i.key_pressed(egui::Key::Tab));
        let nothing_focused = ui.ctx().memory(|m| m.focused().is_none());
        let commits = self
            .turns
            .as_deref()
            .is_some_and(|t| *t.get() == TurnModelState::Simultaneous);
        let what = if commits {
            format!("{}'s commit", side.title())
        } else {
            format!("{}'s move", side.title())
        };
        let hint = match self.example_for(game.record.current(), side) {
            Some(e) => format!("{what}, e.g. {e} (Enter)"),
            None => what,
        };
        let response = ui.add(
            egui::TextEdit::singleline(&mut *self.text)
                .id(id)
                .hint_text(hint)
                .desired_width(f32::INFINITY)
                .lock_focus(true),
        );
        self.text.retain(|c| c != '\t');
        let meaning = interpret(game.record.current(), side, &self.text);
        if response.has_focus()
            && tab
            && let Typed::Move(c) = &meaning
        {
            *self.text = c.text.clone();
        }
        if response.lost_focus() && enter {
            if !self.text.trim().is_empty() {
                self.typed.write(TypedMoveRequest {
                    side,
                    text: std::mem::take(&mut *self.text),
                });
            }
            ui.memory_mut(|m| m.request_focus(id));
        } else if enter && nothing_focused {
            ui.memory_mut(|m| m.request_focus(id));
        }
        let (line, color) = match &meaning {
            Typed::Empty => (String::new(), egui::Color32::GRAY),
            Typed::Move(c) => (
                format!("Enter plays {}", c.text),
                egui::Color32::from_rgb(130, 210, 130),
            ),
            Typed::Several(list) => (
                format!(
                    "Could be {}",
                    list.iter()
                        .map(|c| c.text.as_str())
                        .collect::<Vec<_>>()
                        .join(", ")
                ),
                egui::Color32::from_rgb(230, 200, 120),
            ),
            Typed::Refused(why) => (why.clone(), egui::Color32::from_rgb(235, 110, 100)),
        };
        if !line.is_empty() {
            ui.add(egui::Label::new(egui::RichText::new(line).small().color(color)).wrap());
        }
    }
}
