//! Resign and draw-offer buttons of the right panel, the question that confirms a
//! resignation ([`ResignQuestion`]: a click or a key slip never ends a game), and the
//! answer to an offer made to a player at this machine. A button acts for a side a person
//! plays: against a bot, the person's side; hot-seat, the side to move (Parity: each side
//! has its own buttons, since both move at once). Writes [`ResignRequest`] (once the
//! question is answered), [`OfferDrawRequest`] and [`AnswerDrawOfferRequest`]; the game
//! decides (`game::flow`). Keys: Ctrl+Shift+R asks to resign and Ctrl+D offers a draw (or
//! accepts one offered to the person at the keyboard), for the one side the buttons act for
//! (Parity hot-seat has two: use the buttons).

use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use bevy_egui::egui;

use crate::game::{
    ActiveGame, AnswerDrawOfferRequest, AutomatedSides, DrawOffer, Holds, OfferDrawRequest,
    ResignRequest,
};
use crate::rules::Color as Side;

/// The sides the buttons act for in `game`, given which sides a program plays.
pub fn acting_sides(game: &ActiveGame, automated: &AutomatedSides) -> Vec<Side> {
    let people: Vec<Side> = Side::BOTH
        .into_iter()
        .filter(|s| !automated.plays(*s))
        .collect();
    if people.len() == 2 {
        // Hot-seat: the side to move (Parity: both sides move in every turn).
        game.sides_acting()
    } else {
        people
    }
}

/// The side whose resignation waits for confirmation, and the game it was asked in.
#[derive(Resource, Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct ResignQuestion(pub Option<(Side, u64)>);

impl ResignQuestion {
    /// The side asked about, while the question stands for `game` (a question from another
    /// game, or once the game is over, no longer does).
    pub fn side(&self, game: &ActiveGame) -> Option<Side> {
        self.0
            .filter(|(_, id)| *id == game.id && game.record.outcome().is_none())
            .map(|(side, _)| side)
    }
}

/// What the keyboard asks for the one side the buttons act for (a resignation is asked
/// first, like the button's).
pub(crate) fn flow_keys(
    mut chords: MessageReader<crate::render::keys::KeyChord>,
    game: Res<ActiveGame>,
    holds: Res<Holds>,
    offer: Res<DrawOffer>,
    automated: Option<Res<AutomatedSides>>,
    mut question: ResMut<ResignQuestion>,
    mut offer_draw: MessageWriter<OfferDrawRequest>,
    mut answer: MessageWriter<AnswerDrawOfferRequest>,
) {
    let (mut resign_key, mut draw_key) = (false, false);
    for c in chords.read() {
        resign_key |= c.is_ctrl_shift(KeyCode::KeyR);
        draw_key |= c.is_ctrl(KeyCode::KeyD);
    }
    if !(resign_key || draw_key)
        || game.record.outcome().is_some()
        || holds.current().is_some()
        || game.origin != crate::game::GameOrigin::Player
    {
        return;
    }
    let automated = automated.as_deref().copied().unwrap_or_default();
    let [side] = acting_sides(&game, &automated)[..] else {
        return;
    };
    if resign_key {
        question.0 = Some((side, game.id));
    } else if offer.0.is_some_and(|p| p.to() == side) {
        answer.write(AnswerDrawOfferRequest(true));
    } else {
        offer_draw.write(OfferDrawRequest { side });
    }
}

/// The buttons and the offer's answer.
#[derive(SystemParam)]
pub struct GameFlowButtons<'w> {
    offer: Res<'w, DrawOffer>,
    question: ResMut<'w, ResignQuestion>,
    holds: Res<'w, Holds>,
    automated: Option<Res<'w, AutomatedSides>>,
    offer_draw: MessageWriter<'w, OfferDrawRequest>,
    answer: MessageWriter<'w, AnswerDrawOfferRequest>,
}

impl GameFlowButtons<'_> {
    /// Draws them while the game is in progress (nothing once it is over or on hold); Resign
    /// asks first (a confirmation drawn under the buttons).
    pub fn show(&mut self, ui: &mut egui::Ui, game: &ActiveGame) {
        // The demo's and watched games are nobody's at this machine to resign or offer.
        if game.record.outcome().is_some()
            || self.holds.current().is_some()
            || game.review.is_some()
            || game.origin != crate::game::GameOrigin::Player
        {
            return;
        }
        let automated = self.automated.as_deref().copied().unwrap_or_default();
        let sides = acting_sides(game, &automated);
        if let Some(p) = self.offer.0 {
            let waits_on_person = !automated.plays(p.to());
            ui.label(
                egui::RichText::new(format!("{} offers a draw.", p.by.title()))
                    .color(egui::Color32::from_rgb(250, 210, 90)),
            );
            if waits_on_person {
                ui.horizontal(|ui| {
                    if ui.button(format!("{}: accept", p.to().title())).clicked() {
                        self.answer.write(AnswerDrawOfferRequest(true));
                    }
                    if ui.button("Decline").clicked() {
                        self.answer.write(AnswerDrawOfferRequest(false));
                    }
                });
            }
        }
        let both = sides.len() == 2;
        for side in sides {
            ui.horizontal(|ui| {
                let resign = if both {
                    format!("{} resigns", side.title())
                } else {
                    "Resign".to_string()
                };
                if ui
                    .button(resign)
                    .on_hover_text(format!("{} gives up the game (Ctrl+Shift+R)", side.title()))
                    .clicked()
                {
                    self.question.0 = Some((side, game.id));
                }
                let offered = self.offer.0.is_some_and(|p| p.by == side);
                let draw = if both {
                    format!("{}: offer draw", side.title())
                } else {
                    "Offer draw".to_string()
                };
                if ui
                    .add_enabled(!offered, egui::Button::new(draw))
                    .on_hover_text("Ctrl+D (Ctrl+D also accepts an offer made to you)")
                    .clicked()
                {
                    self.offer_draw.write(OfferDrawRequest { side });
                }
            });
        }
        ui.separator();
    }
}

/// Draws the resignation question while one stands: "Resign the game for White?" with
/// the side's Resign and Keep playing.
pub(crate) fn draw_resign_question(
    mut contexts: bevy_egui::EguiContexts,
    game: Res<ActiveGame>,
    mut question: ResMut<ResignQuestion>,
    mut resign: MessageWriter<ResignRequest>,
) -> Result {
    let Some(side) = question.side(&game) else {
        if question.0.is_some() {
            question.0 = None;
        }
        return Ok(());
    };
    let ctx = contexts.ctx_mut()?;
    let mut answer = None;
    egui::Window::new(format!("Resign the game for {}?", side.title()))
        .min_width(super::files::DIALOG_MIN_POINTS)
        .collapsible(false)
        .resizable(false)
        .anchor(egui::Align2::CENTER_CENTER, [0.0, 0.0])
        .show(ctx, |ui| {
            ui.label(format!(
                "{} gives up and {} wins.",
                side.title(),
                side.other().title()
            ));
            ui.horizontal(|ui| {
                if ui.button(format!("{} resigns", side.title())).clicked() {
                    answer = Some(true);
                }
                if ui.button("Keep playing").clicked() {
                    answer = Some(false);
                }
            });
        });
    match answer {
        Some(true) => {
            resign.write(ResignRequest { side });
            question.0 = None;
        }
        Some(false) => question.0 = None,
        None => {}
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{Position, Variant};

    fn game(variant: Variant) -> ActiveGame {
        ActiveGame::new(Position::new(variant))
    }

    #[test]
    fn buttons_act_for_the_person_the_side_to_move_or_each_parity_side() {
        let hot_seat = AutomatedSides::default();
        let vs_bot = AutomatedSides {
            white: false,
            black: true,
        };
        let bots = AutomatedSides {
            white: true,
            black: true,
        };
        let mut standard = game(Variant::Standard);
        assert_eq!(acting_sides(&standard, &hot_seat), vec![Side::White]);
        let e4 = standard.record.current().parse_move("e4").unwrap();
        standard.record.play(&e4).unwrap();
        assert_eq!(acting_sides(&standard, &hot_seat), vec![Side::Black]);
        // Against a bot the person's side, whoever is to move.
        assert_eq!(acting_sides(&standard, &vs_bot), vec![Side::White]);
        assert_eq!(acting_sides(&standard, &bots), Vec::<Side>::new());
        let parity = game(Variant::Parity);
        assert_eq!(
            acting_sides(&parity, &hot_seat),
            vec![Side::White, Side::Black]
        );
    }
}
