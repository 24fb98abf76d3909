//! The session model: what the window is doing ([`AppMode`]), the phase of the game on the
//! board ([`GamePhase`], a sub-state of the mode), which game and variant are on the board
//! ([`OnBoard`]) and what follows from its variant ([`TurnModelState`], [`FieldsOnBoard`],
//! [`ZonesOnBoard`], [`TeleportsOnBoard`], [`FairyPiecesOnBoard`]). All are Bevy states and
//! the game is their only writer:
//!
//! - the mode changes on requests ([`OpenEditorRequest`], [`CloseEditorRequest`],
//!   [`CloseSceneRequest`], [`StartDemoRequest`], [`TakeOverRequest`], a scene or a game of
//!   a player's replacing what the window showed) in `apply_mode_requests`;
//! - [`OnBoard`] follows the [`ActiveGame`] (a new game, a load, a take-over of another
//!   variant) in `follow_board`;
//! - the phase is worked out each frame from the game's own data ([`phase_of`]) in
//!   `update_phase`: the holds a dialog asked for ([`HoldRequest`]), the review cursor,
//!   the queued moves, the animations the board reports ([`AnimationsPlaying`]) and whose
//!   seat is due.
//!
//! The rest of the program reads them: systems run under `run_if(in_state(..))`, and
//! entities that belong to one game, one variant feature or one mode carry
//! `DespawnOnExit(..)` of it, so nothing of a game or mode survives into the next. State
//! changes take effect at the next frame's state transition, before `Update`.

use bevy::prelude::*;
use bevy::state::state::FreelyMutableState;

use super::seats::Seats;
use super::state::{ActiveGame, GameOrigin, PendingMoves};
use crate::rules::{TurnModel, Variant};

/// What the window is doing.
#[derive(States, Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum AppMode {
    /// A game played at this machine: hot-seat, against bots, from a file or the editor.
    #[default]
    Play,
    /// The attract loop has the board: its bots play, title cards and captions explain.
    Demo,
    /// The position editor has the screen; the game behind it waits (its clocks stopped).
    Editor,
    /// A game file is followed and replayed as it grows (`play --watch`).
    Watch,
    /// A scripted scene is shown: its moves and captions, nothing else moves.
    Scene,
    /// A lesson step or a puzzle has the board ([`crate::coach`]): the learner plays one
    /// side ([`LearnerSide`]), the coach the other.
    Learn,
}

/// The side the learner plays while a lesson or puzzle has the board ([`AppMode::Learn`]);
/// `None` otherwise. The other side's moves are the coach's (scripted): a person's move for
/// that side is not taken ([`NotNow::CoachPlays`](super::notice::NotNow::CoachPlays)).
#[derive(Resource, Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct LearnerSide(pub Option<crate::rules::Color>);

impl AppMode {
    /// Whether the board shows a game in this mode (all but the editor).
    pub fn shows_a_game(self) -> bool {
        !matches!(self, AppMode::Editor)
    }

    /// Whether a person moves pieces on the board with the mouse in this mode: in play, and
    /// the learner in a lesson or puzzle.
    pub fn takes_board_clicks(self) -> bool {
        matches!(self, AppMode::Play | AppMode::Learn)
    }
}

/// Why nothing may move for now: a question or dialog waits for the person at the machine.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum HoldReason {
    /// The resume question at start: resume the autosaved game or start a new one.
    ResumeQuestion,
    /// The question before a game in progress is replaced.
    ReplaceQuestion,
    /// The save or load dialog is open.
    FileDialog,
    /// The demo's take-over offer is open (the demo is paused).
    DemoOffer,
}

/// The phase of the game on the board. Exists while the mode shows a game
/// ([`AppMode::shows_a_game`]); worked out by the game each frame ([`phase_of`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum GamePhase {
    /// A person is to move (Parity: a person has a commit to make).
    #[default]
    AwaitingInput,
    /// Only programs are due: the bots think.
    BotsThinking,
    /// Moves are queued for the rules core.
    Resolving,
    /// The board is still playing the last move's motions.
    Animating,
    /// Nothing moves until the person answers (see [`HoldReason`]).
    Held(HoldReason),
    /// An earlier position is shown, read-only.
    Reviewing,
    /// The game is over.
    Over,
}

impl GamePhase {
    /// Whether a person's move or click is taken now (not held, not reviewing, not over).
    pub fn takes_moves(self) -> bool {
        matches!(
            self,
            GamePhase::AwaitingInput
                | GamePhase::BotsThinking
                | GamePhase::Resolving
                | GamePhase::Animating
        )
    }
}

impl SubStates for GamePhase {
    type SourceStates = AppMode;

    fn should_exist(mode: AppMode) -> Option<Self> {
        mode.shows_a_game().then_some(GamePhase::AwaitingInput)
    }
}

impl States for GamePhase {
    const DEPENDENCY_DEPTH: usize = <AppMode as States>::DEPENDENCY_DEPTH + 1;
}

impl FreelyMutableState for GamePhase {}

/// The game on the board: its number ([`ActiveGame::id`]) and variant. A new game is a
/// new value, so an entity spawned with `DespawnOnExit(OnBoard { .. })` of the game it
/// belongs to is gone with it.
#[derive(States, Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct OnBoard {
    /// [`ActiveGame::id`].
    pub game: u64,
    /// Its variant.
    pub variant: Variant,
}

impl OnBoard {
    /// The value for `game`.
    pub fn of(game: &ActiveGame) -> OnBoard {
        OnBoard {
            game: game.id,
            variant: game.variant(),
        }
    }
}

/// The turn model of the variant on the board (`rules/parity.md`: both sides move at once).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum TurnModelState {
    /// One side moves, then the other.
    Alternating,
    /// Both sides commit, then the turn resolves (Parity, Single Occupation).
    Simultaneous,
}

impl ComputedStates for TurnModelState {
    type SourceStates = OnBoard;
    const ALLOW_SAME_STATE_TRANSITIONS: bool = false;

    fn compute(board: OnBoard) -> Option<Self> {
        Some(match board.variant.turn_model() {
            TurnModel::Alternating => TurnModelState::Alternating,
            TurnModel::Simultaneous => TurnModelState::Simultaneous,
        })
    }
}

/// Declares a computed state that exists while the variant on the board has a capability.
macro_rules! capability_state {
    ($(#[$doc:meta])* $name:ident, $has:ident) => {
        $(#[$doc])*
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
        pub struct $name;

        impl ComputedStates for $name {
            type SourceStates = OnBoard;
            const ALLOW_SAME_STATE_TRANSITIONS: bool = false;

            fn compute(board: OnBoard) -> Option<Self> {
                board.variant.$has().then_some($name)
            }
        }
    };
}

capability_state!(
    /// The variant on the board has fields and charges (Force Field).
    FieldsOnBoard,
    has_fields
);
capability_state!(
    /// The variant on the board has zones (Big Outer).
    ZonesOnBoard,
    has_zones
);
capability_state!(
    /// The variant on the board teleports (Intrachange): square numbers and hexagrams.
    TeleportsOnBoard,
    has_teleports
);
capability_state!(
    /// The variant on the board has fairy pieces with piece cards (Big Outer).
    FairyPiecesOnBoard,
    has_fairy_pieces
);

/// The mode the window starts in (set by the launcher before [`GamePlugin`](super::GamePlugin)
/// is added; default [`AppMode::Play`]).
#[derive(Resource, Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct StartMode(pub AppMode);

/// What the command line fixed, so the start-up files do not override it.
#[derive(Resource, Debug, Clone, Copy, Default)]
pub struct StartOptions {
    /// `--white`/`--black` were given: the settings' players are not used, and these
    /// players are not saved as the defaults (they apply to this run only).
    pub cli_players: bool,
    /// `--variant`, `--position`, `--moves`, `--scene` or `--watch` were given: no resume
    /// question, no last variant.
    pub cli_start: bool,
    /// The settings file is read but never written (the demo).
    pub keep_settings: bool,
}

/// The holds that dialogs have asked for, each until it is lifted.
#[derive(Resource, Debug, Clone, Default, PartialEq, Eq)]
pub struct Holds(Vec<HoldReason>);

impl Holds {
    /// The hold that shows (the first in [`HoldReason`]'s order), if any.
    pub fn current(&self) -> Option<HoldReason> {
        self.0.iter().min().copied()
    }

    /// Whether `reason` holds the game.
    pub fn has(&self, reason: HoldReason) -> bool {
        self.0.contains(&reason)
    }

    fn set(&mut self, reason: HoldReason, held: bool) {
        self.0.retain(|r| *r != reason);
        if held {
            self.0.push(reason);
        }
    }
}

/// Asks the game to hold (`held`) or release the game for `reason`.
#[derive(Message, Debug, Clone, Copy, PartialEq, Eq)]
pub struct HoldRequest {
    /// The reason.
    pub reason: HoldReason,
    /// `true` holds, `false` releases.
    pub held: bool,
}

/// Whether the board is still playing motions (written by the board's animation).
#[derive(Resource, Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct AnimationsPlaying(pub bool);

/// Opens the position editor over the game ([`AppMode::Editor`]).
#[derive(Message, Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct OpenEditorRequest;

/// Closes the position editor: back to playing the game behind it (or the position it
/// set up, which comes as a game request of its own).
#[derive(Message, Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct CloseEditorRequest;

/// Closes the scene being shown: the person plays on from its position.
#[derive(Message, Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct CloseSceneRequest;

/// Starts the attract loop (after the idle minutes of normal play).
#[derive(Message, Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct StartDemoRequest;

/// Asks for the Learn mode (`true`: a lesson or puzzle takes the board, its seats lent to
/// the coach) or leaves it for play (`false`: the position on the board becomes the
/// player's game).
#[derive(Message, Debug, Clone, Copy, PartialEq, Eq)]
pub struct LearnRequest(pub bool);

/// How a visitor takes over the demo.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TakeOver {
    /// Keep the position; the visitor plays the side to move (Parity: White) against the
    /// demo's bot.
    VsBot,
    /// Keep the position; two visitors play hot-seat.
    HotSeat,
    /// A new game of the variant on screen, hot-seat.
    NewGame,
    /// Close the offer and let the demo go on.
    Resume,
    /// The first lesson of the variant on screen ([`crate::coach`]).
    Learn,
}

/// A visitor's answer to the demo's offer: the game takes the board over from the demo
/// (seats, pace and origin), or lets the demo go on.
#[derive(Message, Debug, Clone, Copy, PartialEq, Eq)]
pub struct TakeOverRequest(pub TakeOver);

/// The phase of `game` from the game's own data: over, held, reviewing, moves queued,
/// motions playing, only programs due, or a person to move.
pub fn phase_of(
    game: &ActiveGame,
    holds: &Holds,
    pending: &PendingMoves,
    animating: bool,
    bots_only_due: bool,
) -> GamePhase {
    if game.record.outcome().is_some() {
        GamePhase::Over
    } else if let Some(h) = holds.current() {
        GamePhase::Held(h)
    } else if game.review.is_some() {
        GamePhase::Reviewing
    } else if !pending.0.is_empty() {
        GamePhase::Resolving
    } else if animating {
        GamePhase::Animating
    } else if bots_only_due {
        GamePhase::BotsThinking
    } else {
        GamePhase::AwaitingInput
    }
}

pub(crate) fn plugin(app: &mut App) {
    let start = app
        .world()
        .get_resource::<StartMode>()
        .copied()
        .unwrap_or_default();
    let board = OnBoard::of(app.world().resource::<ActiveGame>());
    app.insert_state(start.0)
        .add_sub_state::<GamePhase>()
        .insert_state(board)
        .add_computed_state::<TurnModelState>()
        .add_computed_state::<FieldsOnBoard>()
        .add_computed_state::<ZonesOnBoard>()
        .add_computed_state::<TeleportsOnBoard>()
        .add_computed_state::<FairyPiecesOnBoard>()
        .init_resource::<Holds>()
        .init_resource::<AnimationsPlaying>()
        .add_message::<HoldRequest>()
        .add_message::<OpenEditorRequest>()
        .add_message::<CloseEditorRequest>()
        .add_message::<CloseSceneRequest>()
        .add_message::<StartDemoRequest>()
        .add_message::<TakeOverRequest>()
        .add_message::<LearnRequest>()
        .init_resource::<LearnerSide>()
        .add_message::<GameReplaced>()
        .add_systems(
            Update,
            (
                apply_hold_requests,
                super::seats::apply_seat_requests,
                apply_mode_requests,
                enter_requested_mode,
                super::seats::sync_automated_sides,
                super::seats::sync_player_tags,
            )
                .chain()
                .in_set(crate::InputSystems::Session),
        )
        .add_systems(Update, update_phase.in_set(crate::AppSystems::Present))
        .add_systems(OnExit(AppMode::Demo), lift_hold(HoldReason::DemoOffer));
}

/// The game on the board was replaced (a new game, a load, a restore, a scene, a watched
/// game): who started the new one.
#[derive(Message, Debug, Clone, Copy, PartialEq, Eq)]
pub struct GameReplaced {
    /// Who started it.
    pub origin: GameOrigin,
}

fn lift_hold(reason: HoldReason) -> impl FnMut(ResMut<Holds>) {
    move |mut holds: ResMut<Holds>| holds.set(reason, false)
}

/// Applies the holds and releases asked for this frame.
fn apply_hold_requests(mut requests: MessageReader<HoldRequest>, mut holds: ResMut<Holds>) {
    for r in requests.read() {
        holds.set(r.reason, r.held);
    }
}

/// The requests that change the mode this frame.
#[derive(bevy::ecs::system::SystemParam)]
pub(crate) struct ModeRequests<'w, 's> {
    open_editor: MessageReader<'w, 's, OpenEditorRequest>,
    close_editor: MessageReader<'w, 's, CloseEditorRequest>,
    close_scene: MessageReader<'w, 's, CloseSceneRequest>,
    start_demo: MessageReader<'w, 's, StartDemoRequest>,
    take_over: MessageReader<'w, 's, TakeOverRequest>,
    scenes: MessageReader<'w, 's, super::persist_glue::PlaySceneRequest>,
    replaced: MessageReader<'w, 's, GameReplaced>,
    learn: MessageReader<'w, 's, LearnRequest>,
}

/// Carries out the mode changes asked for this frame, in a fixed order (a later one in the
/// same frame wins): a player's game replacing a watched file, a scene or the editor's game
/// means playing; a scene is shown; the editor opens and closes; the demo starts; a
/// take-over ends it; a lesson or puzzle starts or is left.
pub(crate) fn apply_mode_requests(
    mode: Res<State<AppMode>>,
    mut next: ResMut<NextState<AppMode>>,
    mut r: ModeRequests,
    mut seats: ResMut<Seats>,
    mut game: ResMut<ActiveGame>,
    mut holds: ResMut<Holds>,
    mut new_game: MessageWriter<super::NewGameRequest>,
) {
    let mut want = *mode.get();
    for GameReplaced { origin } in r.replaced.read() {
        if *origin == GameOrigin::Player
            && matches!(want, AppMode::Watch | AppMode::Scene | AppMode::Learn)
        {
            want = AppMode::Play;
        }
    }
    if r.scenes.read().count() > 0 {
        want = AppMode::Scene;
    }
    if r.close_scene.read().count() > 0 && want == AppMode::Scene {
        // The person plays on from the scene's position: its game is now theirs.
        game.origin = GameOrigin::Player;
        want = AppMode::Play;
    }
    if r.open_editor.read().count() > 0 && want != AppMode::Demo {
        want = AppMode::Editor;
    }
    if r.close_editor.read().count() > 0 && want == AppMode::Editor {
        want = AppMode::Play;
    }
    if r.start_demo.read().count() > 0 && matches!(want, AppMode::Play | AppMode::Learn) {
        want = AppMode::Demo;
    }
    if let Some(TakeOverRequest(choice)) = r.take_over.read().last().copied() {
        holds.set(HoldReason::DemoOffer, false);
        if choice != TakeOver::Resume && want == AppMode::Demo {
            seats.take_over(&game, choice);
            game.origin = GameOrigin::Player;
            if choice == TakeOver::NewGame {
                new_game.write(super::NewGameRequest::new(game.variant()));
            }
            want = AppMode::Play;
        }
    }
    for LearnRequest(on) in r.learn.read() {
        if *on && matches!(want, AppMode::Play | AppMode::Learn) {
            want = AppMode::Learn;
        } else if !*on && want == AppMode::Learn {
            game.origin = GameOrigin::Player;
            want = AppMode::Play;
        }
    }
    if want != *mode.get() {
        next.set(want);
    }
}

/// Carries out a mode change asked for this frame at once (its `OnExit` and `OnEnter`
/// systems run here), so the rest of the frame — the clocks, the bots, the board — already
/// sees the new mode.
pub(crate) fn enter_requested_mode(world: &mut World) {
    let pending = !matches!(
        *world.resource::<NextState<AppMode>>(),
        NextState::Unchanged
    );
    if pending {
        world.run_schedule(bevy::state::state::StateTransition);
    }
}

/// Keeps [`OnBoard`] equal to the game on the board, within the frame the game changed:
/// once the board is rebuilt for a new game, the state transitions run at once (the old
/// game's and variant's entities go, `OnEnter` systems set up the new ones), so the
/// presentation of the same frame already draws for the new game. Pending mode and phase
/// changes are applied with it.
pub(crate) fn follow_board(world: &mut World) {
    let now = OnBoard::of(world.resource::<ActiveGame>());
    if *world.resource::<State<OnBoard>>().get() != now {
        world.resource_mut::<NextState<OnBoard>>().set(now);
        world.run_schedule(bevy::state::state::StateTransition);
    }
}

/// What [`update_phase`] reads besides the game.
#[derive(bevy::ecs::system::SystemParam)]
pub(crate) struct PhaseInputs<'w> {
    holds: Res<'w, Holds>,
    pending: Res<'w, PendingMoves>,
    animating: Res<'w, AnimationsPlaying>,
    seats: Res<'w, Seats>,
    commits: Res<'w, super::commits::ParityCommits>,
}

/// Works out the phase of the game on the board ([`phase_of`]) and sets it when it changed.
pub(crate) fn update_phase(
    game: Res<ActiveGame>,
    inputs: PhaseInputs,
    phase: Option<Res<State<GamePhase>>>,
    mut next: ResMut<NextState<GamePhase>>,
) {
    let Some(phase) = phase else {
        return;
    };
    let due = game.sides_due(&inputs.commits);
    let bots_only = !due.is_empty() && due.iter().all(|s| inputs.seats.is_bot(*s));
    let now = phase_of(
        &game,
        &inputs.holds,
        &inputs.pending,
        inputs.animating.0,
        bots_only,
    );
    if *phase.get() != now {
        next.set(now);
    }
}

/// Run condition: the game's phase takes a person's moves ([`GamePhase::takes_moves`]).
pub fn phase_takes_moves(phase: Option<Res<State<GamePhase>>>) -> bool {
    phase.is_some_and(|p| p.get().takes_moves())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Position;

    #[test]
    fn the_phase_follows_the_games_own_data_in_order() {
        let mut game = ActiveGame::new(Position::new(Variant::Standard));
        let mut holds = Holds::default();
        let mut pending = PendingMoves::default();
        let phase =
            |g: &ActiveGame, h: &Holds, p: &PendingMoves, anim, bots| phase_of(g, h, p, anim, bots);
        assert_eq!(
            phase(&game, &holds, &pending, false, false),
            GamePhase::AwaitingInput
        );
        assert_eq!(
            phase(&game, &holds, &pending, false, true),
            GamePhase::BotsThinking
        );
        assert_eq!(
            phase(&game, &holds, &pending, true, true),
            GamePhase::Animating
        );
        let e4 = game.record.current().parse_move("e4").unwrap();
        pending.0.push_back(super::super::SubmitMoveRequest {
            mv: e4,
            source: super::super::MoveSource::Script,
        });
        assert_eq!(
            phase(&game, &holds, &pending, true, true),
            GamePhase::Resolving
        );
        game.review = Some(0);
        assert_eq!(
            phase(&game, &holds, &pending, true, true),
            GamePhase::Reviewing
        );
        holds.set(HoldReason::FileDialog, true);
        holds.set(HoldReason::ResumeQuestion, true);
        assert_eq!(
            phase(&game, &holds, &pending, true, true),
            GamePhase::Held(HoldReason::ResumeQuestion)
        );
        holds.set(HoldReason::ResumeQuestion, false);
        assert_eq!(
            phase(&game, &holds, &pending, true, true),
            GamePhase::Held(HoldReason::FileDialog)
        );
        game.record.declare(crate::rules::Outcome::Draw {
            reason: crate::rules::DrawReason::Agreement,
        });
        assert_eq!(phase(&game, &holds, &pending, true, true), GamePhase::Over);
        assert!(!GamePhase::Over.takes_moves() && GamePhase::Animating.takes_moves());
    }
}
