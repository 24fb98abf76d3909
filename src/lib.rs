//! Esoterica: play and show off unusual chess variants on one machine.
//!
//! - [`rules`]: the plain-Rust rules core (no Bevy), the single source of truth.
//! - [`cli`]: the command-line tools (`perft`, `moves`, `apply`, `explain`, `scene`, `match`).
//! - [`bots`]: the Bot trait, built-in and external bots, the match runner (plain Rust).
//! - [`learn`]: try-it lessons, puzzles (finding, checking, rating) (plain Rust).
//! - [`demo`]: attract mode for events: captions, title cards and the demo loop (plain Rust).
//! - [`persist`]: game files, autosave, settings and scenes (plain Rust).
//! - With the default `app` feature: the Bevy game (`game`: the ECS model and the
//!   resolution pipeline, headless; `render`: the 2D board and animations; `sound`: the
//!   cues, played with the `sound` feature; `ui`: the egui panels; `app`: the window). The top-level system sets are configured here, once.

pub mod bots;
pub mod cli;
pub mod demo;
pub mod learn;
pub mod persist;
pub mod rules;

#[cfg(feature = "app")]
pub mod app;
#[cfg(feature = "app")]
pub mod game;
#[cfg(feature = "app")]
pub mod render;
#[cfg(feature = "app")]
pub mod sound;
#[cfg(feature = "app")]
pub mod ui;

#[cfg(feature = "app")]
pub use sets::{
    AppSystems, InputSystems, ResolveMove, ResolveTurn, SimultaneousSystems, TeleportSystems,
};

#[cfg(feature = "app")]
mod sets {
    use bevy::ecs::schedule::{ScheduleLabel, SingleThreadedExecutor};
    use bevy::prelude::*;

    /// The schedule that resolves **one** move of an alternating variant, run by
    /// [`AppSystems::Resolve`] once for every queued move, so that several queued moves (a
    /// script, a redo) resolve in one frame without mixing their stages: the request is
    /// accepted, the rules core plays it, then [`TeleportSystems`] run in order. Its systems
    /// are strictly chained, so it uses the single-threaded executor (no thread hand-offs
    /// per move).
    #[derive(ScheduleLabel, Debug, Clone, Copy, PartialEq, Eq, Hash)]
    pub struct ResolveMove;

    /// [`ResolveMove`]'s counterpart for Parity: one run records one commit (and, once both
    /// sides have committed, reveals and resolves the turn) through [`SimultaneousSystems`].
    /// It runs at least once per frame (commits and take-backs also arrive as messages),
    /// then once for every further queued request. Single-threaded executor.
    #[derive(ScheduleLabel, Debug, Clone, Copy, PartialEq, Eq, Hash)]
    pub struct ResolveTurn;

    /// The top-level order of a frame in `Update`, chained. Order it in lib.rs.
    #[derive(SystemSet, Debug, Clone, Copy, PartialEq, Eq, Hash)]
    pub enum AppSystems {
        /// Mouse, keyboard and UI input become `*Request` messages.
        Input,
        /// A request is accepted (or rejected) and record commands (undo, new game) run.
        Decide,
        /// [`ResolveMove`] (or, for Parity, [`ResolveTurn`]) runs for each queued move: the
        /// rules core is called and its effects are applied stage by stage.
        Resolve,
        /// Entities are (re)spawned from the position when the whole board changes.
        Sync,
        /// Animation, highlights and other visuals.
        Present,
    }

    /// The order inside [`AppSystems::Input`], chained: what the person does on the board
    /// and the keyboard is read first, then the session's answers to it, then the requests
    /// that replace or load the game, the scripted sources of moves, typed moves, premoves,
    /// resignations and draws, the demo loop and last the bots (which see every change of
    /// the frame before they start a search). Order it in lib.rs.
    #[derive(SystemSet, Debug, Clone, Copy, PartialEq, Eq, Hash)]
    pub enum InputSystems {
        /// Keyboard chords are read ([`render::keys`](crate::render::keys)).
        Keys,
        /// Board mouse input and hotkeys (their sets are gated against egui), then the
        /// position editor's requests.
        Board,
        /// Hold, mode and seat requests are carried out ([`game::session`](crate::game::session)).
        Session,
        /// Answers that start a replacement (a rematch, the resume question).
        Replace,
        /// A replacement of a game in progress waits for the person's confirmation.
        Confirm,
        /// Game files, continued records and scenes.
        Files,
        /// Moves from a script: a watched file, a scene, `--animate-last`.
        Scripted,
        /// Typed moves.
        Typed,
        /// Premoves.
        Premove,
        /// Resignations, draw offers and their answers.
        Flow,
        /// The demo loop.
        Demo,
        /// Bots answer draw offers, start and deliver their moves.
        Bots,
    }

    /// The stages of an alternating move inside [`ResolveMove`], chained; each set
    /// applies the effects of its [`Stage`](crate::rules::Stage). Order it in lib.rs.
    #[derive(SystemSet, Debug, Clone, Copy, PartialEq, Eq, Hash)]
    pub enum TeleportSystems {
        /// Ordinary movement (`Effect::Step`).
        Exoteric,
        /// Intrachange teleports and pass-throughs.
        Esoteric,
        /// Captures.
        Capture,
        /// Promotion, checks, game end; the entities are checked against the position.
        Settle,
    }

    /// The stages of a Parity turn inside [`ResolveTurn`], chained. Order it in lib.rs.
    #[derive(SystemSet, Debug, Clone, Copy, PartialEq, Eq, Hash)]
    pub enum SimultaneousSystems {
        /// A side's hidden commit is recorded.
        Commit,
        /// Both commits are revealed and the rules resolve the turn.
        Reveal,
        /// The landings and captures are applied.
        Resolve,
        /// Promotion, checks, game end; the entities are checked against the position.
        Settle,
    }

    /// Configures the set order once: `AppSystems` chained in `Update` with `InputSystems`
    /// chained inside its first set, the per-turn-model
    /// sets chained inside their schedules ([`ResolveMove`], [`ResolveTurn`]).
    pub(crate) fn configure(app: &mut App) {
        for mut schedule in [Schedule::new(ResolveMove), Schedule::new(ResolveTurn)] {
            schedule.set_executor(SingleThreadedExecutor::new());
            app.add_schedule(schedule);
        }
        app.configure_sets(
            Update,
            (
                AppSystems::Input,
                AppSystems::Decide,
                AppSystems::Resolve,
                AppSystems::Sync,
                AppSystems::Present,
            )
                .chain(),
        );
        app.configure_sets(
            Update,
            (
                InputSystems::Keys,
                InputSystems::Board,
                InputSystems::Session,
                InputSystems::Replace,
                InputSystems::Confirm,
                InputSystems::Files,
                InputSystems::Scripted,
                InputSystems::Typed,
                InputSystems::Premove,
                InputSystems::Flow,
                InputSystems::Demo,
                InputSystems::Bots,
            )
                .chain()
                .in_set(AppSystems::Input),
        );
        app.configure_sets(
            ResolveMove,
            (
                TeleportSystems::Exoteric,
                TeleportSystems::Esoteric,
                TeleportSystems::Capture,
                TeleportSystems::Settle,
            )
                .chain(),
        );
        app.configure_sets(
            ResolveTurn,
            (
                SimultaneousSystems::Commit,
                SimultaneousSystems::Reveal,
                SimultaneousSystems::Resolve,
                SimultaneousSystems::Settle,
            )
                .chain(),
        );
    }
}
