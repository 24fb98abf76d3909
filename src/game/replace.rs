//! Replacing the game in progress: a player's new game, loaded file, pasted position,
//! restored recent game or scene arrives as a [`ReplaceGameRequest`]. When a game with moves
//! is in progress and the UI asks for confirmation ([`ReplaceConfirmation::ask`]), the
//! replacement waits for the player's answer ([`AnswerReplacementRequest`]); otherwise, or
//! once confirmed, it goes out as the ordinary request ([`NewGameRequest`],
//! [`LoadGameRequest`], [`ContinueGameRequest`], [`PlaySceneRequest`]). Either way the
//! replaced game is kept in the recent games ([`ActiveGame::replace`]). Headless; runs in
//! [`AppSystems::Input`](crate::AppSystems::Input) before the file requests are handled.

use std::path::PathBuf;

use bevy::prelude::*;

use super::messages::NewGameRequest;
use super::persist_glue::{ContinueGameRequest, LoadGameRequest, PlaySceneRequest};
use super::session::{HoldReason, HoldRequest};
use super::state::{ActiveGame, GameOrigin};
use crate::persist::LoadedScene;
use crate::rules::GameRecord;

/// What a player asks to put on the board instead of the game in progress.
#[derive(Debug, Clone)]
pub enum Replacement {
    /// A new game.
    NewGame(NewGameRequest),
    /// A game file (PGN).
    Load(PathBuf),
    /// A record: a pasted position or game, a recent game.
    Continue(GameRecord),
    /// A scene.
    Scene(Box<LoadedScene>),
}

impl Replacement {
    /// A short description for the confirmation question ("a new Parity game", …).
    pub fn describe(&self) -> String {
        match self {
            Replacement::NewGame(r) => format!("a new {} game", r.variant),
            Replacement::Load(p) => format!("the game in {}", p.display()),
            Replacement::Continue(r) if r.is_empty() => {
                format!("the pasted {} position", r.variant())
            }
            Replacement::Continue(r) => format!(
                "the {} game of {}",
                r.variant(),
                crate::rules::narrate::count(r.len(), "move")
            ),
            Replacement::Scene(s) => format!("the scene \"{}\"", s.scene.name),
        }
    }
}

/// Asks to replace the game (see the module docs).
#[derive(Message, Debug, Clone)]
pub struct ReplaceGameRequest(pub Replacement);

/// The player's answer to the waiting replacement: `true` goes ahead, `false` keeps the
/// game in progress.
#[derive(Message, Debug, Clone, Copy, PartialEq, Eq)]
pub struct AnswerReplacementRequest(pub bool);

/// Whether replacements of a game in progress wait for confirmation (set by the UI), and
/// the one waiting.
#[derive(Resource, Debug, Clone, Default)]
pub struct ReplaceConfirmation {
    /// Ask before replacing a game in progress (the windowed game sets this).
    pub ask: bool,
    /// The replacement waiting for an answer.
    pub waiting: Option<Replacement>,
}

/// Whether `game` is a game in progress a player would not want to lose by a slip: a
/// player's game with moves that has not ended.
pub fn in_progress(game: &ActiveGame) -> bool {
    game.origin == GameOrigin::Player && !game.record.is_empty() && game.record.outcome().is_none()
}

pub(crate) fn plugin(app: &mut App) {
    app.add_message::<ReplaceGameRequest>()
        .add_message::<AnswerReplacementRequest>()
        .init_resource::<ReplaceConfirmation>()
        .add_systems(
            Update,
            route_replacements.in_set(crate::InputSystems::Confirm),
        );
}

/// Holds a replacement for confirmation or sends it on.
fn route_replacements(
    game: Res<ActiveGame>,
    mut confirm: ResMut<ReplaceConfirmation>,
    mut requests: MessageReader<ReplaceGameRequest>,
    mut answers: MessageReader<AnswerReplacementRequest>,
    mut out: Outgoing,
) {
    let waited = confirm.waiting.is_some();
    for AnswerReplacementRequest(yes) in answers.read() {
        if let Some(r) = confirm.waiting.take()
            && *yes
        {
            out.send(r);
        }
    }
    for ReplaceGameRequest(r) in requests.read() {
        if confirm.ask && in_progress(&game) {
            confirm.waiting = Some(r.clone());
        } else {
            out.send(r.clone());
        }
    }
    // Nothing moves while the question is open (the clocks stop too).
    let waits = confirm.waiting.is_some();
    if waits != waited {
        out.hold.write(HoldRequest {
            reason: HoldReason::ReplaceQuestion,
            held: waits,
        });
    }
}

#[derive(bevy::ecs::system::SystemParam)]
struct Outgoing<'w> {
    hold: MessageWriter<'w, HoldRequest>,
    new_game: MessageWriter<'w, NewGameRequest>,
    load: MessageWriter<'w, LoadGameRequest>,
    continues: MessageWriter<'w, ContinueGameRequest>,
    scene: MessageWriter<'w, PlaySceneRequest>,
}

impl Outgoing<'_> {
    fn send(&mut self, r: Replacement) {
        match r {
            Replacement::NewGame(req) => {
                self.new_game.write(req);
            }
            Replacement::Load(path) => {
                self.load.write(LoadGameRequest(path));
            }
            Replacement::Continue(record) => {
                self.continues.write(ContinueGameRequest(record));
            }
            Replacement::Scene(scene) => {
                self.scene.write(PlaySceneRequest(scene));
            }
        }
    }
}
