//! The demo's state machine: title card → game → result → (scene) → next variant, cycling,
//! until a visitor takes over; and the return to the demo after some idle minutes.
//!
//! Pure and clock-free: time comes in as seconds through [`DemoLoop::advance`], which answers
//! with [`DemoCommand`]s for the game to carry out (show a card, start a game, ask a bot for
//! a move). The loop owns the demo game's [`GameRecord`] so a visitor who takes over keeps
//! the position ([`DemoLoop::take_over`]). Moves come back through [`DemoLoop::play_entry`].
//! Loading scene files is not done here: scenes are names the game resolves.
//!
//! Determinism: the same calls in the same order give the same commands.

use std::fmt;

use crate::rules::moves::Effect;
use crate::rules::outcome::{DrawReason, Outcome};
use crate::rules::position::{IllegalMove, Position};
use crate::rules::record::{Entry, GameRecord};
use crate::rules::variant::Variant;

use super::captions::{Caption, captions, field_caption};
use super::cards::{TitleCard, outcome_card, title_card};

/// Default seconds a title card stays up.
pub const TITLE_SECS: f32 = 6.0;
/// Default seconds between two bot moves.
pub const PACE_SECS: f32 = 1.5;
/// Default seconds the result card stays up.
pub const RESULT_SECS: f32 = 5.0;
/// Default seconds a scene plays when nothing ends it earlier.
pub const SCENE_SECS: f32 = 20.0;
/// Default most plies of one demo game (Parity: turns) before it is adjudicated a draw.
pub const MAX_PLIES: usize = 200;

/// What the game should do now.
#[derive(Clone, Debug, PartialEq)]
pub enum DemoCommand {
    /// Show a variant's title card.
    ShowTitle(TitleCard),
    /// Start a new game of this variant from its initial position (the loop already holds
    /// its record: [`DemoLoop::game`]).
    StartGame(Variant),
    /// Ask the bot for the side to move (Parity: both sides' commits) for a move, then call
    /// [`DemoLoop::play_entry`] with it.
    RequestBotMove,
    /// Show these captions for the move just played.
    ShowCaptions(Vec<Caption>),
    /// Show the result card.
    ShowResult {
        /// How the game ended (adjudicated games: a draw by agreement).
        outcome: Outcome,
        /// The card's text ([`outcome_card`], or the adjudication note).
        text: String,
    },
    /// Play a scene (a path or name the game loads); call [`DemoLoop::on_scene_finished`]
    /// when it ends, or it ends after the scene time.
    ShowScene(String),
    /// The visitor was idle long enough: leave normal play and go back to the demo.
    ReturnToDemo,
}

/// Where the loop is.
#[derive(Clone, Debug, PartialEq)]
pub enum DemoPhase {
    /// Showing the title card of `variants[index]`.
    Title {
        /// Seconds shown so far.
        elapsed: f32,
    },
    /// A demo game is running.
    Playing {
        /// Seconds since the last move (or the start).
        since_move: f32,
        /// Whether a bot move was requested and not yet played.
        awaiting: bool,
    },
    /// Showing the result card.
    Result {
        /// Seconds shown so far.
        elapsed: f32,
    },
    /// Playing an interleaved scene.
    Scene {
        /// Seconds played so far.
        elapsed: f32,
    },
    /// A visitor took over; the demo waits for idle time.
    Stopped {
        /// Seconds without activity.
        idle: f32,
    },
}

/// Why the demo could not play a move ([`DemoLoop::play_entry`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DemoPlayError {
    /// No demo game is running (a title or result card is shown).
    NoGame,
    /// The rules refuse the move.
    Illegal(IllegalMove),
}

impl fmt::Display for DemoPlayError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            DemoPlayError::NoGame => f.write_str("no demo game is running"),
            DemoPlayError::Illegal(e) => e.fmt(f),
        }
    }
}

impl std::error::Error for DemoPlayError {}

impl From<IllegalMove> for DemoPlayError {
    fn from(e: IllegalMove) -> Self {
        DemoPlayError::Illegal(e)
    }
}

/// The attract-mode loop. Configure the public fields, then call [`DemoLoop::advance`] every
/// frame with the frame time.
#[derive(Clone, Debug)]
pub struct DemoLoop {
    /// The variants to cycle through, in order (must not be empty; an empty list plays
    /// Standard).
    pub variants: Vec<Variant>,
    /// Seconds between two bot moves.
    pub pace_secs: f32,
    /// Seconds a title card stays up.
    pub title_secs: f32,
    /// Seconds a result card stays up.
    pub result_secs: f32,
    /// Scene files to interleave, in order (names or paths; the game loads them).
    pub scenes: Vec<String>,
    /// Play the next scene after every this many games (0: never).
    pub scene_every: usize,
    /// Seconds a scene plays unless [`DemoLoop::on_scene_finished`] ends it first.
    pub scene_secs: f32,
    /// Most plies (Parity: turns) per demo game; then the game is adjudicated a draw.
    pub max_plies: usize,
    /// After this many idle minutes in normal play the app returns to the demo (`None`:
    /// never).
    pub idle_minutes: Option<f32>,
    phase: DemoPhase,
    index: usize,
    games_played: usize,
    plies: usize,
    last_field: Option<String>,
    next_scene: usize,
    game: Option<GameRecord>,
    pending: Vec<DemoCommand>,
}

impl DemoLoop {
    /// A loop over `variants` with the default timings, starting at the first title card
    /// (the first [`DemoLoop::advance`] shows it).
    pub fn new(variants: Vec<Variant>) -> DemoLoop {
        let first = variants.first().copied().unwrap_or_default();
        DemoLoop {
            variants,
            pace_secs: PACE_SECS,
            title_secs: TITLE_SECS,
            result_secs: RESULT_SECS,
            scenes: Vec::new(),
            scene_every: 0,
            scene_secs: SCENE_SECS,
            max_plies: MAX_PLIES,
            idle_minutes: None,
            phase: DemoPhase::Title { elapsed: 0.0 },
            index: 0,
            games_played: 0,
            plies: 0,
            last_field: None,
            next_scene: 0,
            game: None,
            pending: vec![DemoCommand::ShowTitle(title_card(first))],
        }
    }

    /// A loop over every variant ([`Variant::ALL`]).
    pub fn all_variants() -> DemoLoop {
        DemoLoop::new(Variant::ALL.to_vec())
    }

    /// The current phase.
    pub fn phase(&self) -> &DemoPhase {
        &self.phase
    }

    /// The variant of the current (or next) title card and game.
    pub fn variant(&self) -> Variant {
        self.variants
            .get(self.index % self.variants.len().max(1))
            .copied()
            .unwrap_or_default()
    }

    /// The demo game, while one is running or its result is shown.
    pub fn game(&self) -> Option<&GameRecord> {
        self.game.as_ref()
    }

    /// Games finished so far.
    pub fn games_played(&self) -> usize {
        self.games_played
    }

    /// Moves time on by `dt_secs` seconds and returns what the game should do now, in order
    /// (commands queued by [`DemoLoop::play_entry`] and the notifications come first).
    pub fn advance(&mut self, dt_secs: f32) -> Vec<DemoCommand> {
        let mut out = std::mem::take(&mut self.pending);
        let dt = dt_secs.max(0.0);
        match &mut self.phase {
            DemoPhase::Title { elapsed } => {
                *elapsed += dt;
                if *elapsed >= self.title_secs {
                    let v = self.variant();
                    self.game = Some(GameRecord::new(Position::new(v)));
                    self.plies = 0;
                    self.last_field = None;
                    self.phase = DemoPhase::Playing {
                        since_move: 0.0,
                        awaiting: false,
                    };
                    out.push(DemoCommand::StartGame(v));
                }
            }
            DemoPhase::Playing {
                since_move,
                awaiting,
            } => {
                *since_move += dt;
                if !*awaiting && *since_move >= self.pace_secs {
                    *awaiting = true;
                    out.push(DemoCommand::RequestBotMove);
                }
            }
            DemoPhase::Result { elapsed } => {
                *elapsed += dt;
                if *elapsed >= self.result_secs {
                    self.game = None;
                    if self.scene_every > 0
                        && !self.scenes.is_empty()
                        && self.games_played.is_multiple_of(self.scene_every)
                    {
                        let scene = self.scenes[self.next_scene % self.scenes.len()].clone();
                        self.next_scene += 1;
                        self.phase = DemoPhase::Scene { elapsed: 0.0 };
                        out.push(DemoCommand::ShowScene(scene));
                    } else {
                        out.extend(self.next_title());
                    }
                }
            }
            DemoPhase::Scene { elapsed } => {
                *elapsed += dt;
                if *elapsed >= self.scene_secs {
                    out.extend(self.next_title());
                }
            }
            DemoPhase::Stopped { idle } => {
                *idle += dt;
                if let Some(m) = self.idle_minutes
                    && *idle >= m * 60.0
                {
                    self.phase = DemoPhase::Title { elapsed: 0.0 };
                    out.push(DemoCommand::ReturnToDemo);
                    out.push(DemoCommand::ShowTitle(title_card(self.variant())));
                }
            }
        }
        out
    }

    /// Goes on to the next variant's title card.
    fn next_title(&mut self) -> Vec<DemoCommand> {
        self.index = (self.index + 1) % self.variants.len().max(1);
        self.phase = DemoPhase::Title { elapsed: 0.0 };
        vec![DemoCommand::ShowTitle(title_card(self.variant()))]
    }

    /// Plays the bot's move (Parity: [`Entry::Turn`]) on the demo game, queues its captions
    /// (and, for Force Field, a caption for one move the fields now forbid, unless it is the
    /// same as the last one shown) as a
    /// [`DemoCommand::ShowCaptions`], and notes the move and a game end. Returns the effects
    /// for the animation.
    ///
    /// # Errors
    /// [`DemoPlayError::NoGame`] when no demo game is running, [`DemoPlayError::Illegal`]
    /// when the move is illegal; nothing changes.
    pub fn play_entry(&mut self, entry: &Entry) -> Result<Vec<Effect>, DemoPlayError> {
        if !matches!(self.phase, DemoPhase::Playing { .. }) {
            return Err(DemoPlayError::NoGame);
        }
        let game = self.game.as_mut().ok_or(DemoPlayError::NoGame)?;
        let before = game.current().clone();
        let fx = match entry {
            Entry::Move(m) => game.play(m)?,
            Entry::Turn { white, black } => game.play_turn(white, black)?,
        };
        let mut caps = captions(&before, entry, &fx);
        let outcome = game.outcome();
        // A field caption is shown once, not again while the same move stays blocked.
        let field = match outcome {
            Some(_) => None,
            None => field_caption(game.current()),
        };
        if let Some(f) = field
            && self.last_field.as_ref() != Some(&f.text)
        {
            self.last_field = Some(f.text.clone());
            caps.push(f);
        }
        if !caps.is_empty() {
            self.pending.push(DemoCommand::ShowCaptions(caps));
        }
        match outcome {
            Some(o) => self.on_game_over(o),
            None => self.on_move_played(),
        }
        Ok(fx)
    }

    /// Notes that a move (Parity: a turn) was played: the pace timer restarts, the ply count
    /// grows and, at [`DemoLoop::max_plies`], the game is adjudicated a draw (declared on the
    /// record as [`DrawReason::PlyCap`]) so the loop always goes on. Called by
    /// [`DemoLoop::play_entry`]; a game that plays its moves elsewhere calls it itself.
    /// Ignored outside a game.
    pub fn on_move_played(&mut self) {
        if !matches!(self.phase, DemoPhase::Playing { .. }) {
            return;
        }
        self.phase = DemoPhase::Playing {
            since_move: 0.0,
            awaiting: false,
        };
        self.plies += 1;
        if self.plies >= self.max_plies {
            let outcome = Outcome::Draw {
                reason: DrawReason::PlyCap,
            };
            if let Some(g) = self.game.as_mut() {
                g.declare(outcome);
            }
            self.finish(
                outcome,
                format!(
                    "Draw: the demo stops games after {} moves ({})",
                    self.max_plies,
                    outcome.result_token()
                ),
            );
        }
    }

    /// Notes that the demo game ended (the rules decided it): the result card follows.
    /// Ignored outside a game.
    pub fn on_game_over(&mut self, outcome: Outcome) {
        if matches!(self.phase, DemoPhase::Playing { .. }) {
            self.finish(outcome, outcome_card(&outcome));
        }
    }

    fn finish(&mut self, outcome: Outcome, text: String) {
        self.games_played += 1;
        self.phase = DemoPhase::Result { elapsed: 0.0 };
        self.pending.push(DemoCommand::ShowResult { outcome, text });
    }

    /// Notes that the scene the game was playing has ended; the next title card follows at
    /// the next [`DemoLoop::advance`].
    pub fn on_scene_finished(&mut self) {
        if matches!(self.phase, DemoPhase::Scene { .. }) {
            let cmds = self.next_title();
            self.pending.extend(cmds);
        }
    }

    /// A visitor pressed a key: the demo stops and hands over the current game (the one
    /// being played, or the finished one whose result is shown), so the visitor goes on from
    /// that position. `None` when no game is up (title card, scene). The idle timer starts.
    pub fn take_over(&mut self) -> Option<GameRecord> {
        self.phase = DemoPhase::Stopped { idle: 0.0 };
        self.pending.clear();
        self.game.take()
    }

    /// The visitor did something (a key, a click, a move): the idle timer restarts.
    pub fn on_activity(&mut self) {
        if let DemoPhase::Stopped { idle } = &mut self.phase {
            *idle = 0.0;
        }
    }

    /// Whether a visitor has taken over (normal play).
    pub fn is_stopped(&self) -> bool {
        matches!(self.phase, DemoPhase::Stopped { .. })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::outcome::WinReason;
    use crate::rules::piece::Color;
    use crate::rules::variant::TurnModel;

    fn titles(cmds: &[DemoCommand]) -> Vec<String> {
        cmds.iter()
            .filter_map(|c| match c {
                DemoCommand::ShowTitle(t) => Some(t.title.clone()),
                _ => None,
            })
            .collect()
    }

    /// A deterministic stand-in for the bot: the legal move at a fixed stride.
    fn bot_entry(pos: &Position, ply: usize) -> Entry {
        let pick = |moves: Vec<crate::rules::Move>| moves[(ply * 7 + 3) % moves.len()];
        match pos.variant().turn_model() {
            TurnModel::Alternating => Entry::Move(pick(pos.legal_moves())),
            TurnModel::Simultaneous => Entry::Turn {
                white: pick(pos.legal_commits(Color::White)),
                black: pick(pos.legal_commits(Color::Black)),
            },
        }
    }

    /// Runs the loop until its current game has a result; returns every command.
    fn play_out(demo: &mut DemoLoop) -> Vec<DemoCommand> {
        let mut all = Vec::new();
        for ply in 0..10_000 {
            let cmds = demo.advance(demo.pace_secs);
            let asked = cmds.contains(&DemoCommand::RequestBotMove);
            let done = cmds
                .iter()
                .any(|c| matches!(c, DemoCommand::ShowResult { .. }));
            all.extend(cmds);
            if done {
                break;
            }
            if asked {
                let pos = demo.game().expect("a game runs").current().clone();
                demo.play_entry(&bot_entry(&pos, ply))
                    .expect("legal bot move");
            }
        }
        all
    }

    #[test]
    fn title_then_game_then_bot_move_requests_at_the_pace() {
        let mut demo = DemoLoop::new(vec![Variant::Standard]);
        assert_eq!(
            demo.advance(0.0),
            [DemoCommand::ShowTitle(title_card(Variant::Standard))]
        );
        assert!(demo.advance(TITLE_SECS - 1.0).is_empty());
        assert_eq!(
            demo.advance(1.0),
            [DemoCommand::StartGame(Variant::Standard)]
        );
        assert!(demo.advance(PACE_SECS / 2.0).is_empty());
        assert_eq!(demo.advance(PACE_SECS / 2.0), [DemoCommand::RequestBotMove]);
        // One request until a move is played.
        assert!(demo.advance(PACE_SECS * 3.0).is_empty());
        let mv = demo.game().unwrap().current().parse_move("e2e4").unwrap();
        demo.play_entry(&Entry::Move(mv)).unwrap();
        assert!(demo.advance(PACE_SECS / 2.0).is_empty());
        assert_eq!(demo.advance(PACE_SECS / 2.0), [DemoCommand::RequestBotMove]);
    }

    #[test]
    fn checkmate_shows_captions_and_result_then_the_next_variant() {
        let mut demo = DemoLoop::new(vec![Variant::Standard, Variant::Intrachange]);
        demo.advance(0.0);
        demo.advance(TITLE_SECS);
        for m in ["f2f3", "e7e5", "g2g4", "d8h4"] {
            let mv = demo.game().unwrap().current().parse_move(m).unwrap();
            demo.play_entry(&Entry::Move(mv)).unwrap();
        }
        let mate = Outcome::Win {
            winner: Color::Black,
            reason: WinReason::Checkmate,
        };
        assert_eq!(
            demo.advance(0.0),
            [
                DemoCommand::ShowCaptions(vec![Caption {
                    kind: super::super::captions::CaptionKind::GameOver,
                    text: "Black wins by checkmate".into()
                }]),
                DemoCommand::ShowResult {
                    outcome: mate,
                    text: "Black wins by checkmate (0-1)".into()
                },
            ]
        );
        assert_eq!(demo.games_played(), 1);
        assert!(demo.advance(RESULT_SECS - 1.0).is_empty());
        assert_eq!(titles(&demo.advance(1.0)), ["Intrachange"]);
        assert_eq!(
            demo.advance(TITLE_SECS),
            [DemoCommand::StartGame(Variant::Intrachange)]
        );
        // The Intrachange game ends (reported by the game), and the loop cycles back.
        demo.on_game_over(Outcome::Draw {
            reason: DrawReason::Repetition,
        });
        demo.advance(0.0);
        assert_eq!(titles(&demo.advance(RESULT_SECS)), ["Standard"]);
        assert_eq!(demo.games_played(), 2);
    }

    #[test]
    fn every_variant_demo_game_reaches_a_result_with_captions() {
        let mut demo = DemoLoop::all_variants();
        demo.max_plies = 60;
        let mut seen = Vec::new();
        for v in Variant::ALL {
            let cmds = play_out(&mut demo);
            assert!(cmds.contains(&DemoCommand::StartGame(v)), "{v}");
            seen.push(v);
            demo.advance(RESULT_SECS);
        }
        assert_eq!(seen, Variant::ALL);
        assert_eq!(demo.games_played(), Variant::ALL.len());
        // Back to the first variant.
        assert_eq!(demo.variant(), Variant::Standard);
    }

    #[test]
    fn take_over_hands_back_the_same_game() {
        let mut demo = DemoLoop::new(vec![Variant::Parity]);
        demo.advance(0.0);
        demo.advance(TITLE_SECS);
        for ply in 0..3 {
            let pos = demo.game().unwrap().current().clone();
            demo.play_entry(&bot_entry(&pos, ply)).unwrap();
        }
        let before = demo.game().unwrap().clone();
        let taken = demo.take_over().expect("the running game");
        assert_eq!(taken.entries(), before.entries());
        assert_eq!(taken.current(), before.current());
        assert_eq!(taken.len(), 3);
        assert!(demo.is_stopped());
        assert!(demo.game().is_none());
        // The demo is silent while the visitor plays, and refuses demo moves.
        assert!(demo.advance(30.0).is_empty());
        let pos = taken.current().clone();
        assert!(demo.play_entry(&bot_entry(&pos, 0)).is_err());
    }

    #[test]
    fn idle_minutes_return_to_the_demo() {
        let mut demo = DemoLoop::new(vec![Variant::Standard, Variant::BigOuter]);
        demo.idle_minutes = Some(2.0);
        demo.advance(0.0);
        demo.take_over();
        assert!(demo.advance(100.0).is_empty());
        demo.on_activity();
        assert!(demo.advance(119.0).is_empty());
        assert_eq!(
            demo.advance(1.0),
            [
                DemoCommand::ReturnToDemo,
                DemoCommand::ShowTitle(title_card(Variant::Standard))
            ]
        );
        assert_eq!(
            demo.advance(TITLE_SECS),
            [DemoCommand::StartGame(Variant::Standard)]
        );
        // Without idle_minutes the demo never comes back by itself.
        let mut never = DemoLoop::new(vec![Variant::Standard]);
        never.take_over();
        assert!(never.advance(1e6).is_empty());
    }

    #[test]
    fn two_hundred_plies_are_adjudicated_a_draw() {
        let mut demo = DemoLoop::new(vec![Variant::Standard]);
        assert_eq!(demo.max_plies, 200);
        demo.advance(0.0);
        demo.advance(TITLE_SECS);
        let draw = Outcome::Draw {
            reason: DrawReason::PlyCap,
        };
        for _ in 0..199 {
            demo.on_move_played();
        }
        assert!(demo.advance(0.0).is_empty());
        demo.on_move_played();
        assert_eq!(
            demo.advance(0.0),
            [DemoCommand::ShowResult {
                outcome: draw,
                text: "Draw: the demo stops games after 200 moves (1/2-1/2)".into()
            }]
        );
        assert_eq!(demo.game().unwrap().outcome(), Some(draw));
        assert_eq!(titles(&demo.advance(RESULT_SECS)), ["Standard"]);
    }

    #[test]
    fn ply_cap_adjudicates_a_real_game_and_keeps_its_moves() {
        let mut demo = DemoLoop::new(vec![Variant::BigOuter]);
        demo.max_plies = 12;
        demo.advance(0.0);
        let cmds = play_out(&mut demo);
        let draw = Outcome::Draw {
            reason: DrawReason::PlyCap,
        };
        assert!(cmds.contains(&DemoCommand::ShowResult {
            outcome: draw,
            text: "Draw: the demo stops games after 12 moves (1/2-1/2)".into()
        }));
        let game = demo.take_over().expect("the finished game");
        assert_eq!(game.len(), 12);
        assert_eq!(game.outcome(), Some(draw));
    }

    #[test]
    fn force_field_blocked_move_caption_is_not_repeated() {
        let mut demo = DemoLoop::new(vec![Variant::ForceField]);
        demo.advance(0.0);
        demo.advance(TITLE_SECS);
        let mut field_texts = Vec::new();
        for m in ["e2e4", "g8f6", "g1f3"] {
            let mv = demo.game().unwrap().current().parse_move(m).unwrap();
            demo.play_entry(&Entry::Move(mv)).unwrap();
            for c in demo.advance(0.0) {
                if let DemoCommand::ShowCaptions(cs) = c {
                    field_texts.extend(
                        cs.into_iter()
                            .filter(|c| c.kind == super::super::captions::CaptionKind::FieldBlocked)
                            .map(|c| c.text),
                    );
                }
            }
        }
        let mut dedup = field_texts.clone();
        dedup.dedup();
        assert_eq!(field_texts, dedup);
        assert_eq!(
            field_texts.first().map(String::as_str),
            Some("The Black Pawn on b7 cannot move to b5: White holds it with +2")
        );
    }

    #[test]
    fn scenes_are_interleaved_between_games() {
        let mut demo = DemoLoop::new(vec![Variant::Standard, Variant::Bully]);
        demo.scenes = vec!["scenes/intrachange-teleport.ron".into()];
        demo.scene_every = 1;
        demo.advance(0.0);
        demo.advance(TITLE_SECS);
        demo.on_game_over(Outcome::Draw {
            reason: DrawReason::Stalemate,
        });
        demo.advance(0.0);
        assert_eq!(
            demo.advance(RESULT_SECS),
            [DemoCommand::ShowScene(
                "scenes/intrachange-teleport.ron".into()
            )]
        );
        assert!(demo.advance(1.0).is_empty());
        demo.on_scene_finished();
        assert_eq!(titles(&demo.advance(0.0)), ["Bully"]);
        // A scene nobody ends stops after the scene time.
        demo.advance(TITLE_SECS);
        demo.on_game_over(Outcome::Draw {
            reason: DrawReason::Stalemate,
        });
        demo.advance(RESULT_SECS);
        assert_eq!(titles(&demo.advance(SCENE_SECS)), ["Standard"]);
    }

    /// Prints the captions of one stride-bot demo game per variant, to read them by eye:
    /// `cargo test --no-default-features --lib sample_captions -- --ignored --nocapture`.
    #[test]
    #[ignore = "prints sample captions for reading"]
    fn sample_captions() {
        let mut demo = DemoLoop::all_variants();
        demo.max_plies = 120;
        for v in Variant::ALL {
            println!("== {v}");
            for c in play_out(&mut demo) {
                match c {
                    DemoCommand::ShowCaptions(cs) => {
                        let n = demo.game().map_or(0, GameRecord::len);
                        for c in cs {
                            println!("{n:>3} {:?}: {}", c.kind, c.text);
                        }
                    }
                    DemoCommand::ShowResult { text, .. } => println!("result: {text}"),
                    _ => {}
                }
            }
            demo.advance(RESULT_SECS);
        }
    }
}
