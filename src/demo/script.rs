//! The demo's state machine: title card → (the variant's scene) → game → result → (an
//! interleaved scene) → next variant, cycling, until a visitor takes over; and the return
//! to the demo after some idle minutes.
//!
//! Pure and clock-free: time comes in as seconds through [`DemoLoop::advance`], which answers
//! with [`DemoCommand`]s for the game to carry out (show a card, start a game, show
//! captions). The loop holds no game of its own: the game on screen is played by the game's
//! bots, and each move it plays comes back through [`DemoLoop::on_move`] with the game's
//! record and the move's effects, for the captions, the ply count and the game's end.
//! Loading scene files is not done here: scenes are names the game resolves.
//!
//! Determinism: the same calls in the same order give the same commands.

use crate::rules::moves::Effect;
use crate::rules::outcome::{DrawReason, Outcome};
use crate::rules::record::GameRecord;
use crate::rules::variant::Variant;

use super::captions::{Caption, captions_between, field_caption};
use super::cards::{TitleCard, outcome_card, title_card};

/// Default seconds a title card stays up.
pub const TITLE_SECS: f32 = 6.0;
/// Default seconds between two bot moves (the game's bots keep this pace while the demo
/// plays).
pub const PACE_SECS: f32 = 1.5;
/// Default seconds the result card stays up.
pub const RESULT_SECS: f32 = 5.0;
/// Default seconds a scene plays when nothing ends it earlier.
pub const SCENE_SECS: f32 = 20.0;
/// Default most plies of one demo game (Parity: turns) before it is adjudicated a draw.
pub const MAX_PLIES: usize = 200;
/// Default seconds a demo game may go without a move (a bot with no move, an engine that
/// hangs) before it is adjudicated a draw, so the loop always goes on.
pub const STALL_SECS: f32 = 60.0;

/// What the game should do now.
#[derive(Clone, Debug, PartialEq)]
pub enum DemoCommand {
    /// Show a variant's title card.
    ShowTitle(TitleCard),
    /// Start a new game of this variant from its initial position, both sides played by the
    /// demo's bots; report its moves with [`DemoLoop::on_move`].
    StartGame(Variant),
    /// Show these captions for the move just played.
    ShowCaptions(Vec<Caption>),
    /// Show the result card. When the rules did not end the game (the ply cap, a stall), the
    /// game declares `outcome` on its record so nobody moves on.
    ShowResult {
        /// How the game ended (adjudicated games: [`DrawReason::PlyCap`]).
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
    },
    /// Showing the result card.
    Result {
        /// Seconds shown so far.
        elapsed: f32,
    },
    /// Playing a scene: the variant's own after its title card (a game follows), or an
    /// interleaved one between games (the next title follows).
    Scene {
        /// Seconds played so far.
        elapsed: f32,
        /// Whether the variant's game follows the scene.
        then_game: bool,
    },
    /// A visitor took over; the demo waits for idle time.
    Stopped {
        /// Seconds without activity.
        idle: f32,
    },
}

/// The attract-mode loop. Configure the public fields, then call [`DemoLoop::advance`] every
/// frame with the frame time.
#[derive(Clone, Debug)]
pub struct DemoLoop {
    /// The variants to cycle through, in order (an empty list plays Standard).
    pub variants: Vec<Variant>,
    /// Seconds a title card stays up.
    pub title_secs: f32,
    /// Seconds a result card stays up.
    pub result_secs: f32,
    /// Scene files to interleave, in order (names or paths; the game loads them).
    pub scenes: Vec<String>,
    /// A scene (name or path) to show after a variant's title card, before its game: the
    /// variant's own rule at work in a few moves.
    pub variant_scenes: Vec<(Variant, String)>,
    /// Play the next scene after every this many games (0: never).
    pub scene_every: usize,
    /// Seconds a scene plays unless [`DemoLoop::on_scene_finished`] ends it first.
    pub scene_secs: f32,
    /// Most plies (Parity: turns) per demo game; then the game is adjudicated a draw.
    pub max_plies: usize,
    /// Seconds a game may go without a move before it is adjudicated a draw.
    pub stall_secs: f32,
    /// After this many idle minutes in normal play the app returns to the demo (`None`:
    /// never).
    pub idle_minutes: Option<f32>,
    phase: DemoPhase,
    index: usize,
    games_played: usize,
    plies: usize,
    last_field: Option<String>,
    next_scene: usize,
    pending: Vec<DemoCommand>,
}

impl DemoLoop {
    /// A loop over `variants` with the default timings, starting at the first title card
    /// (the first [`DemoLoop::advance`] shows it).
    pub fn new(variants: Vec<Variant>) -> DemoLoop {
        let first = variants.first().copied().unwrap_or_default();
        DemoLoop {
            variants,
            title_secs: TITLE_SECS,
            result_secs: RESULT_SECS,
            scenes: Vec::new(),
            variant_scenes: Vec::new(),
            scene_every: 0,
            scene_secs: SCENE_SECS,
            max_plies: MAX_PLIES,
            stall_secs: STALL_SECS,
            idle_minutes: None,
            phase: DemoPhase::Title { elapsed: 0.0 },
            index: 0,
            games_played: 0,
            plies: 0,
            last_field: None,
            next_scene: 0,
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

    /// Whether a demo game is being played (its moves are expected).
    pub fn is_playing(&self) -> bool {
        matches!(self.phase, DemoPhase::Playing { .. })
    }

    /// The variant of the current (or next) title card and game.
    pub fn variant(&self) -> Variant {
        self.variants
            .get(self.index % self.variants.len().max(1))
            .copied()
            .unwrap_or_default()
    }

    /// Games finished so far.
    pub fn games_played(&self) -> usize {
        self.games_played
    }

    /// Moves time on by `dt_secs` seconds and returns what the game should do now, in order
    /// (commands queued by [`DemoLoop::on_move`] and the notifications come first).
    pub fn advance(&mut self, dt_secs: f32) -> Vec<DemoCommand> {
        let mut out = std::mem::take(&mut self.pending);
        let dt = dt_secs.max(0.0);
        match &mut self.phase {
            DemoPhase::Title { elapsed } => {
                *elapsed += dt;
                if *elapsed >= self.title_secs {
                    let v = self.variant();
                    match self.variant_scenes.iter().find(|(sv, _)| *sv == v) {
                        Some((_, scene)) => {
                            self.phase = DemoPhase::Scene {
                                elapsed: 0.0,
                                then_game: true,
                            };
                            out.push(DemoCommand::ShowScene(scene.clone()));
                        }
                        None => out.push(self.start_game()),
                    }
                }
            }
            DemoPhase::Playing { since_move } => {
                *since_move += dt;
                if *since_move >= self.stall_secs {
                    let outcome = Outcome::Draw {
                        reason: DrawReason::PlyCap,
                    };
                    self.finish(
                        outcome,
                        format!(
                            "Draw: no move came for {:.0} seconds ({})",
                            self.stall_secs,
                            outcome.result_token()
                        ),
                    );
                    out.append(&mut self.pending);
                }
            }
            DemoPhase::Result { elapsed } => {
                *elapsed += dt;
                if *elapsed >= self.result_secs {
                    if self.scene_every > 0
                        && !self.scenes.is_empty()
                        && self.games_played.is_multiple_of(self.scene_every)
                    {
                        let scene = self.scenes[self.next_scene % self.scenes.len()].clone();
                        self.next_scene += 1;
                        self.phase = DemoPhase::Scene {
                            elapsed: 0.0,
                            then_game: false,
                        };
                        out.push(DemoCommand::ShowScene(scene));
                    } else {
                        out.extend(self.next_title());
                    }
                }
            }
            DemoPhase::Scene { elapsed, then_game } => {
                *elapsed += dt;
                let then_game = *then_game;
                if *elapsed >= self.scene_secs {
                    let cmds = self.after_scene(then_game);
                    out.extend(cmds);
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

    /// Starts the current variant's game.
    fn start_game(&mut self) -> DemoCommand {
        self.plies = 0;
        self.last_field = None;
        self.phase = DemoPhase::Playing { since_move: 0.0 };
        DemoCommand::StartGame(self.variant())
    }

    /// What follows a scene: the variant's game, or the next title card.
    fn after_scene(&mut self, then_game: bool) -> Vec<DemoCommand> {
        if then_game {
            vec![self.start_game()]
        } else {
            self.next_title()
        }
    }

    /// Goes on to the next variant's title card.
    fn next_title(&mut self) -> Vec<DemoCommand> {
        self.index = (self.index + 1) % self.variants.len().max(1);
        self.phase = DemoPhase::Title { elapsed: 0.0 };
        vec![DemoCommand::ShowTitle(title_card(self.variant()))]
    }

    /// The demo game played its last entry: `record` is the game after it and `effects` are
    /// the entry's effects in rules order. Queues the entry's captions (and, for Force
    /// Field, a caption for one move the fields now forbid, unless it is the one shown last)
    /// as a [`DemoCommand::ShowCaptions`], counts the ply and notes the game's end (by the
    /// rules, or the ply cap). Ignored outside a game or for an empty record.
    pub fn on_move(&mut self, record: &GameRecord, effects: &[Effect]) {
        if !self.is_playing() {
            return;
        }
        let (Some(entry), Some(before)) = (
            record.entries().last(),
            record.position_after(record.len().wrapping_sub(1)),
        ) else {
            return;
        };
        let mut caps = captions_between(before, Some(record.current()), entry, effects);
        let outcome = record.outcome();
        // A field caption is shown once, not again while the same move stays blocked.
        let field = match outcome {
            Some(_) => None,
            None => field_caption(record.current()),
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
    }

    /// Notes that a move (Parity: a turn) was played: the stall timer restarts, the ply
    /// count grows and, at [`DemoLoop::max_plies`], the game is adjudicated a draw
    /// ([`DrawReason::PlyCap`], for the game to declare on its record) so the loop always
    /// goes on. Called by [`DemoLoop::on_move`]. Ignored outside a game.
    pub fn on_move_played(&mut self) {
        if !self.is_playing() {
            return;
        }
        self.phase = DemoPhase::Playing { since_move: 0.0 };
        self.plies += 1;
        if self.plies >= self.max_plies {
            let outcome = Outcome::Draw {
                reason: DrawReason::PlyCap,
            };
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
        if self.is_playing() {
            self.finish(outcome, outcome_card(&outcome));
        }
    }

    fn finish(&mut self, outcome: Outcome, text: String) {
        self.games_played += 1;
        self.phase = DemoPhase::Result { elapsed: 0.0 };
        self.pending.push(DemoCommand::ShowResult { outcome, text });
    }

    /// Notes that the scene the game was playing has ended; what follows it (the variant's
    /// game, or the next title card) comes at the next [`DemoLoop::advance`].
    pub fn on_scene_finished(&mut self) {
        if let DemoPhase::Scene { then_game, .. } = self.phase {
            let cmds = self.after_scene(then_game);
            self.pending.extend(cmds);
        }
    }

    /// Whether a scene is being shown.
    pub fn is_showing_scene(&self) -> bool {
        matches!(self.phase, DemoPhase::Scene { .. })
    }

    /// A visitor pressed a key: the demo stops (the game on screen stays, for the visitor to
    /// go on from) and the idle timer starts.
    pub fn take_over(&mut self) {
        self.phase = DemoPhase::Stopped { idle: 0.0 };
        self.pending.clear();
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
    use crate::rules::position::Position;
    use crate::rules::record::Entry;
    use crate::rules::variant::TurnModel;

    fn titles(cmds: &[DemoCommand]) -> Vec<String> {
        cmds.iter()
            .filter_map(|c| match c {
                DemoCommand::ShowTitle(t) => Some(t.title.clone()),
                _ => None,
            })
            .collect()
    }

    /// A deterministic stand-in for the bots: the legal move at a fixed stride.
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

    /// The game on screen: plays `entry` on `record` and reports it to the loop, as the
    /// demo plugin does after the game resolved it.
    fn play(demo: &mut DemoLoop, record: &mut GameRecord, entry: &Entry) {
        let fx = match entry {
            Entry::Move(m) => record.play(m),
            Entry::Turn { white, black } => record.play_turn(white, black),
        }
        .expect("a legal move");
        demo.on_move(record, &fx);
    }

    fn play_coords(demo: &mut DemoLoop, record: &mut GameRecord, text: &str) {
        let mv = record.current().parse_move(text).unwrap();
        play(demo, record, &Entry::Move(mv));
    }

    /// Runs the loop and a game of its variant until the game has a result; returns every
    /// command and the game.
    fn play_out(demo: &mut DemoLoop) -> (Vec<DemoCommand>, GameRecord) {
        let mut all = Vec::new();
        let mut record = GameRecord::new(Position::new(demo.variant()));
        for ply in 0..10_000 {
            let cmds = demo.advance(PACE_SECS);
            let done = cmds
                .iter()
                .any(|c| matches!(c, DemoCommand::ShowResult { .. }));
            for c in &cmds {
                if let DemoCommand::StartGame(v) = c {
                    record = GameRecord::new(Position::new(*v));
                }
            }
            all.extend(cmds);
            if done {
                break;
            }
            if demo.is_playing() {
                let entry = bot_entry(record.current(), ply);
                play(demo, &mut record, &entry);
            }
        }
        (all, record)
    }

    #[test]
    fn title_then_game_then_moves_reported_by_the_game() {
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
        assert!(demo.is_playing());
        // The loop asks for nothing while the game's bots play; a quiet move gives no caption.
        assert!(demo.advance(PACE_SECS * 3.0).is_empty());
        let mut record = GameRecord::new(Position::new(Variant::Standard));
        play_coords(&mut demo, &mut record, "e2e4");
        assert!(demo.advance(PACE_SECS).is_empty());
        assert_eq!(
            demo.phase(),
            &DemoPhase::Playing {
                since_move: PACE_SECS
            }
        );
    }

    #[test]
    fn a_game_without_moves_for_the_stall_time_is_adjudicated_a_draw() {
        let mut demo = DemoLoop::new(vec![Variant::Standard, Variant::Bully]);
        demo.advance(0.0);
        demo.advance(TITLE_SECS);
        assert!(demo.advance(STALL_SECS - 1.0).is_empty());
        let draw = Outcome::Draw {
            reason: DrawReason::PlyCap,
        };
        assert_eq!(
            demo.advance(1.0),
            [DemoCommand::ShowResult {
                outcome: draw,
                text: "Draw: no move came for 60 seconds (1/2-1/2)".into()
            }]
        );
        assert_eq!(demo.games_played(), 1);
        assert_eq!(titles(&demo.advance(RESULT_SECS)), ["Bully"]);
    }

    #[test]
    fn checkmate_shows_captions_and_result_then_the_next_variant() {
        let mut demo = DemoLoop::new(vec![Variant::Standard, Variant::Intrachange]);
        demo.advance(0.0);
        demo.advance(TITLE_SECS);
        let mut record = GameRecord::new(Position::new(Variant::Standard));
        for m in ["f2f3", "e7e5", "g2g4", "d8h4"] {
            play_coords(&mut demo, &mut record, m);
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
        // A move reported after the end changes nothing.
        demo.on_move(&record, &[]);
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
            let (cmds, record) = play_out(&mut demo);
            assert!(cmds.contains(&DemoCommand::StartGame(v)), "{v}");
            assert_eq!(record.variant(), v);
            assert!(record.len() <= 60, "{v}: {} plies", record.len());
            seen.push(v);
            demo.advance(RESULT_SECS);
        }
        assert_eq!(seen, Variant::ALL);
        assert_eq!(demo.games_played(), Variant::ALL.len());
        // Back to the first variant.
        assert_eq!(demo.variant(), Variant::Standard);
    }

    #[test]
    fn take_over_stops_the_loop_and_ignores_later_moves() {
        let mut demo = DemoLoop::new(vec![Variant::Parity]);
        demo.advance(0.0);
        demo.advance(TITLE_SECS);
        let mut record = GameRecord::new(Position::new(Variant::Parity));
        for ply in 0..3 {
            let entry = bot_entry(record.current(), ply);
            play(&mut demo, &mut record, &entry);
        }
        demo.take_over();
        assert!(demo.is_stopped());
        assert!(!demo.is_playing());
        // The demo is silent while the visitor plays, and the visitor's moves are theirs.
        let entry = bot_entry(record.current(), 0);
        play(&mut demo, &mut record, &entry);
        assert!(demo.advance(30.0).is_empty());
        assert!(demo.advance(STALL_SECS * 10.0).is_empty());
        assert_eq!(demo.games_played(), 0);
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
        assert_eq!(titles(&demo.advance(RESULT_SECS)), ["Standard"]);
    }

    #[test]
    fn ply_cap_adjudicates_a_real_game_after_its_last_move() {
        let mut demo = DemoLoop::new(vec![Variant::BigOuter]);
        demo.max_plies = 12;
        demo.advance(0.0);
        let (cmds, record) = play_out(&mut demo);
        let draw = Outcome::Draw {
            reason: DrawReason::PlyCap,
        };
        assert!(cmds.contains(&DemoCommand::ShowResult {
            outcome: draw,
            text: "Draw: the demo stops games after 12 moves (1/2-1/2)".into()
        }));
        assert_eq!(record.len(), 12);
        assert_eq!(record.outcome(), None, "the game declares it, not the loop");
    }

    #[test]
    fn force_field_blocked_move_caption_is_not_repeated() {
        let mut demo = DemoLoop::new(vec![Variant::ForceField]);
        demo.advance(0.0);
        demo.advance(TITLE_SECS);
        let mut record = GameRecord::new(Position::new(Variant::ForceField));
        let mut field_texts = Vec::new();
        for m in ["e2e4", "g8f6", "g1f3"] {
            play_coords(&mut demo, &mut record, m);
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

    #[test]
    fn a_variants_scene_comes_between_its_title_and_its_game() {
        let mut demo = DemoLoop::new(vec![Variant::Intrachange, Variant::Standard]);
        demo.variant_scenes = vec![(Variant::Intrachange, "intrachange-pass-through".into())];
        assert_eq!(titles(&demo.advance(0.0)), ["Intrachange"]);
        assert_eq!(
            demo.advance(TITLE_SECS),
            [DemoCommand::ShowScene("intrachange-pass-through".into())]
        );
        assert!(demo.is_showing_scene() && !demo.is_playing());
        demo.on_scene_finished();
        assert_eq!(
            demo.advance(0.0),
            [DemoCommand::StartGame(Variant::Intrachange)]
        );
        assert!(demo.is_playing());
        demo.on_game_over(Outcome::Draw {
            reason: DrawReason::Stalemate,
        });
        demo.advance(0.0);
        assert_eq!(titles(&demo.advance(RESULT_SECS)), ["Standard"]);
        // Standard has no scene: its game follows its title card.
        assert_eq!(
            demo.advance(TITLE_SECS),
            [DemoCommand::StartGame(Variant::Standard)]
        );
        // A scene that never reports its end goes on to the game after the scene time.
        let mut demo = DemoLoop::new(vec![Variant::Parity]);
        demo.variant_scenes = vec![(Variant::Parity, "parity-shared-square".into())];
        demo.advance(0.0);
        demo.advance(TITLE_SECS);
        assert_eq!(
            demo.advance(SCENE_SECS),
            [DemoCommand::StartGame(Variant::Parity)]
        );
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
            let (cmds, _) = play_out(&mut demo);
            for c in cmds {
                match c {
                    DemoCommand::ShowCaptions(cs) => {
                        for c in cs {
                            println!("{:?}: {}", c.kind, c.text);
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
