//! The Bevy side of the bots: [`BotPlugin`] owns the [`BotRoster`] (built-in bots plus any a
//! third party registers with [`RegisterBot::register_bot`]). Who plays each side is the
//! game's ([`Seats`]); when a bot's seat is due it thinks on a worker thread
//! ([`BotWorker`]) with a clone of the position only; [`poll_bots`] checks it once per frame
//! without blocking, and a finished search becomes a [`SideMoveRequest`] with
//! [`MoveSource::Bot`], the same pipeline a click uses. A bot that fails is told as a
//! [`Notice`]. Runs last in [`AppSystems::Input`](crate::AppSystems::Input)
//! ([`InputSystems::Bots`](crate::InputSystems::Bots)).
//!
//! Parity: a bot commits from the start-of-turn position with [`Bot::commit`]; it is handed
//! a `Position` clone and never the [`ActiveGame`]`::pending_commit`, so it cannot see the
//! other side's hidden commit.

use std::sync::Arc;

use bevy::prelude::*;

use bevy::ecs::system::SystemParam;

use super::{Bot, BotSpec, BotWorker, SearchLimits, mix_seed};
use crate::game::notice::BotFault;
use crate::game::seats::player_name;
use crate::game::{ActiveGame, AppMode, GamePhase, MoveSource, Notice, Seats, SideMoveRequest};
use crate::persist::PlayerSpec;
use crate::rules::{Color as Side, Move};

/// Builds a bot from a strength level (1–8; bots without levels ignore it) and a seed.
pub type BotFactory = Arc<dyn Fn(u8, u64) -> Box<dyn Bot> + Send + Sync>;

/// One bot the game offers.
#[derive(Clone)]
pub struct RosterEntry {
    /// The name in menus, settings and `--white`/`--black` (`random`, `alphabeta`, …).
    pub name: String,
    /// Whether the bot has strength levels 1–8 (the menu then offers them).
    pub has_levels: bool,
    /// Builds the bot.
    pub factory: BotFactory,
}

/// The bots the game offers, in menu order.
#[derive(Resource, Clone)]
pub struct BotRoster(pub Vec<RosterEntry>);

impl Default for BotRoster {
    fn default() -> Self {
        BotRoster(vec![
            RosterEntry {
                name: "random".into(),
                has_levels: false,
                factory: Arc::new(|_, seed| BotSpec::Random.build(seed)),
            },
            RosterEntry {
                name: "greedy".into(),
                has_levels: false,
                factory: Arc::new(|_, seed| BotSpec::Greedy.build(seed)),
            },
            RosterEntry {
                name: "alphabeta".into(),
                has_levels: true,
                factory: Arc::new(|level, seed| BotSpec::AlphaBeta(level.clamp(1, 8)).build(seed)),
            },
        ])
    }
}

impl BotRoster {
    /// Builds the bot named `name` (a roster name, `pure:L`, `exploit:L`, or
    /// `ext:<command line>` for an external program), or `None` for an unknown name.
    pub fn build(&self, name: &str, level: u8, seed: u64) -> Option<Box<dyn Bot>> {
        if let Some(e) = self.0.iter().find(|e| e.name == name) {
            return Some((e.factory)(level, seed));
        }
        match BotSpec::parse(name) {
            Ok(
                spec @ (BotSpec::Pure(_)
                | BotSpec::Exploit(_)
                | BotSpec::Mixed(..)
                | BotSpec::External(_)),
            ) => Some(spec.build(seed)),
            _ => None,
        }
    }

    /// Adds a bot, replacing one of the same name.
    pub fn register(&mut self, entry: RosterEntry) {
        self.0.retain(|e| e.name != entry.name);
        self.0.push(entry);
    }
}

/// Registers a bot with the game from outside the crate (a third party's plugin).
pub trait RegisterBot {
    /// Adds the bot `name` to the [`BotRoster`]; `factory` builds it from a level and a
    /// seed. Add [`BotPlugin`] first.
    fn register_bot(
        &mut self,
        name: impl Into<String>,
        factory: impl Fn(u8, u64) -> Box<dyn Bot> + Send + Sync + 'static,
    ) -> &mut Self;
}

impl RegisterBot for App {
    fn register_bot(
        &mut self,
        name: impl Into<String>,
        factory: impl Fn(u8, u64) -> Box<dyn Bot> + Send + Sync + 'static,
    ) -> &mut Self {
        let entry = RosterEntry {
            name: name.into(),
            has_levels: true,
            factory: Arc::new(factory),
        };
        self.world_mut()
            .get_resource_or_insert_with(BotRoster::default)
            .register(entry);
        self
    }
}

/// The master seed of the window's bots: every search is seeded from it and the position,
/// so a game with the same seed and the same moves replays the same bot moves. From
/// `--seed`, else from entropy at start; the Players panel shows it.
#[derive(Resource, Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct BotSeed(pub u64);

/// The bots of the game in progress, one per side. A side's bot is built when its side is
/// first due and kept for the whole game (an external engine is started once, set up with
/// `ucinewgame`, and asked for every move); it is dropped — ending an external program —
/// when the game is replaced or over, or the side's player changes.
#[derive(Resource, Default)]
pub struct BotThinking {
    sides: [SideBot; 2],
    /// Seconds since the last bot move (pacing).
    since_last: f32,
}

/// One side's bot.
#[derive(Default)]
struct SideBot {
    /// The player and the game ([`ActiveGame::id`]) the bot was built for.
    built_for: Option<(PlayerSpec, u64)>,
    /// The bot between moves (a Mutex only to make the resource `Sync`; never contended).
    idle: Option<std::sync::Mutex<Box<dyn Bot>>>,
    /// The search in progress, and what it was started for. (A Mutex only to make the
    /// channel receiver `Sync`; it is never contended.)
    job: Option<(std::sync::Mutex<BotWorker>, JobKey)>,
    /// A move that arrived before the pacing time was up, for the position it was asked
    /// about.
    ready: Option<(Move, JobKey)>,
}

impl SideBot {
    /// Ends the search in progress and drops the bot.
    fn reset(&mut self) {
        if let Some((w, _)) = self.job.take()
            && let Ok(w) = w.lock()
        {
            w.stop();
        }
        self.idle = None;
        self.ready = None;
        self.built_for = None;
    }
}

impl BotThinking {
    /// Whether a bot is thinking now.
    pub fn is_thinking(&self) -> bool {
        self.sides.iter().any(|s| s.job.is_some())
    }

    /// Whether `side`'s bot is thinking now.
    pub fn is_thinking_for(&self, side: Side) -> bool {
        self.sides[side.index()].job.is_some()
    }
}

#[derive(Clone, PartialEq, Eq, Debug)]
struct JobKey {
    game: u64,
    entries: usize,
    position: u64,
}

/// The bots: a struct plugin, configured with the roster and the bots' pace.
pub struct BotPlugin {
    /// The bots offered (default: the built-in ones).
    pub roster: BotRoster,
    /// The least time between two bot moves, in seconds, so a bot game can be followed
    /// by eye (0 in tests).
    pub pace_secs: f32,
}

impl Default for BotPlugin {
    fn default() -> Self {
        BotPlugin {
            roster: BotRoster::default(),
            pace_secs: crate::game::seats::DEFAULT_BOT_PACE_SECS,
        }
    }
}

impl Plugin for BotPlugin {
    fn build(&self, app: &mut App) {
        let mut roster = self.roster.clone();
        if let Some(existing) = app.world().get_resource::<BotRoster>() {
            for e in existing.0.clone() {
                roster.register(e);
            }
        }
        app.insert_resource(roster)
            .init_resource::<BotThinking>()
            .add_systems(
                Update,
                // A bot answers a draw offer in the frame after it was made (the game reads
                // the answer in its Flow set), then its searches are polled.
                (answer_draw_offers, poll_bots)
                    .chain()
                    .in_set(crate::InputSystems::Bots),
            );
        // The seats are the game's; the bots' pace is this plugin's configuration.
        let pace = self.pace_secs;
        app.world_mut()
            .get_resource_or_insert_with(Seats::default)
            .pace_secs = pace;
        if !app.world().contains_resource::<BotSeed>() {
            app.init_resource::<BotSeed>();
        }
    }
}

/// A bot declines a draw unless its static evaluation says it stands at least this much
/// worse (centipawns, [`evaluate_for`](crate::bots::eval::evaluate_for)).
pub const BOT_ACCEPTS_DRAW_BELOW_CP: i32 = -150;

/// A bot answers a draw offered to it at once: it accepts only when it stands worse by
/// [`BOT_ACCEPTS_DRAW_BELOW_CP`] or more.
fn answer_draw_offers(
    offer: Res<crate::game::DrawOffer>,
    seats: Res<Seats>,
    game: Res<ActiveGame>,
    mut answer: MessageWriter<crate::game::AnswerDrawOfferRequest>,
    mut answered: Local<Option<crate::game::PendingOffer>>,
) {
    let Some(p) = offer.0 else {
        *answered = None;
        return;
    };
    if *answered == Some(p) || !seats.is_bot(p.to()) {
        return;
    }
    *answered = Some(p);
    let eval = crate::bots::eval::evaluate_for(game.record.current(), p.to());
    answer.write(crate::game::AnswerDrawOfferRequest(
        eval <= BOT_ACCEPTS_DRAW_BELOW_CP,
    ));
}

/// What [`poll_bots`] reads: the game, its phase and mode, the seats, the commits, the
/// clock, the roster and the seed.
#[derive(SystemParam)]
pub struct BotInputs<'w> {
    game: Res<'w, ActiveGame>,
    seats: Res<'w, Seats>,
    commits: Res<'w, crate::game::ParityCommits>,
    mode: Option<Res<'w, State<AppMode>>>,
    phase: Option<Res<'w, State<GamePhase>>>,
    clock: Option<Res<'w, crate::game::clock::LiveClock>>,
    roster: Res<'w, BotRoster>,
    seed: Res<'w, BotSeed>,
}

impl BotInputs<'_> {
    /// Whether bots may move now: the mode is play or the demo and the game takes moves
    /// (not held, reviewed or over).
    fn live(&self) -> bool {
        let mode = self.mode.as_deref().map_or(AppMode::Play, |m| *m.get());
        let phase_ok = self.phase.as_deref().is_none_or(|p| p.get().takes_moves());
        // A scene's moves are scripted: no bot plays its game.
        matches!(mode, AppMode::Play | AppMode::Demo)
            && self.game.origin != crate::game::GameOrigin::Scene
            && phase_ok
            && self.game.review.is_none()
            && self.game.record.outcome().is_none()
    }
}

/// What [`poll_bots`] writes: a move for its side, or a notice of what went wrong.
#[derive(SystemParam)]
pub struct BotOutputs<'w> {
    moves: MessageWriter<'w, SideMoveRequest>,
    notices: MessageWriter<'w, Notice>,
}

/// Starts a side's bot when its seat is due, collects a finished search as a
/// [`SideMoveRequest`] for the bot's side (its move, or in Parity its commit), keeps each
/// bot for the game, and drops a search whose position is gone (undo, a new game, review,
/// a changed player). Bots move only in play or the demo, while the game takes moves
/// (never behind a question, the editor, a scene or a watched file). Never waits for a bot.
pub fn poll_bots(
    input: BotInputs,
    time: Res<Time>,
    mut thinking: ResMut<BotThinking>,
    mut out: BotOutputs,
) {
    let game = &*input.game;
    thinking.since_last += time.delta_secs();
    let over = game.record.outcome().is_some();
    let live = input.live();
    let due = game.sides_due(&input.commits);
    let key = JobKey {
        game: game.id,
        entries: game.record.len(),
        position: game.record.current().repetition_key(),
    };
    let since_last = thinking.since_last;
    let mut moved = false;
    for side in [Side::White, Side::Black] {
        let player = input.seats.of(side).clone();
        let slot = &mut thinking.sides[side.index()];
        // A bot belongs to one player and one game; a finished game ends it.
        let wanted = matches!(player, PlayerSpec::Bot { .. }) && !over;
        if slot.built_for.as_ref() != Some(&(player.clone(), game.id)) || !wanted {
            if slot.built_for.is_some() || slot.job.is_some() {
                slot.reset();
            }
            if !wanted {
                continue;
            }
        }
        // A search made stale by undo, review, a hold or a mode change is stopped; its
        // bot comes back.
        if let Some((w, k)) = &slot.job
            && (!live || *k != key || !due.contains(&side))
            && let Ok(w) = w.lock()
        {
            w.stop();
        }
        if let Some((w, k)) = slot.job.take() {
            let taken = match w.lock() {
                Ok(w) => w.try_take(),
                Err(_) => Some(Err(super::BotError::ChannelPoisoned)),
            };
            match taken {
                None => slot.job = Some((w, k)),
                Some(Ok((mut bot, mv, _))) => {
                    let fault = bot.fault();
                    slot.idle = Some(std::sync::Mutex::new(bot));
                    match mv {
                        Some(mv) => slot.ready = Some((mv, k)),
                        None if live && k == key => {
                            out.notices.write(Notice::Bot {
                                side,
                                name: player_name(&player),
                                fault: BotFault::NoMove(fault),
                            });
                        }
                        None => {}
                    }
                }
                Some(Err(e)) => {
                    // The bot is lost (it panicked or its thread ended): a new one is built.
                    slot.reset();
                    out.notices.write(Notice::Bot {
                        side,
                        name: player_name(&player),
                        fault: BotFault::Failed(e),
                    });
                }
            }
        }
        // An answer for a position that is gone is dropped; a fresh one is played once the
        // pacing time is up.
        if slot
            .ready
            .as_ref()
            .is_some_and(|(_, k)| !live || *k != key || !due.contains(&side))
        {
            slot.ready = None;
        }
        if slot.ready.is_some() && (since_last >= input.seats.pace_secs || moved) {
            if let Some((mv, _)) = slot.ready.take() {
                moved = true;
                out.moves.write(SideMoveRequest {
                    side,
                    mv,
                    source: MoveSource::Bot,
                });
            }
            continue;
        }
        if !live || !due.contains(&side) || slot.job.is_some() || slot.ready.is_some() {
            continue;
        }
        let PlayerSpec::Bot { spec, level } = &player else {
            continue;
        };
        let mut bot = match slot.idle.take().and_then(|m| m.into_inner().ok()) {
            Some(b) => b,
            None => {
                let side_seed =
                    mix_seed(input.seed.0 ^ mix_seed(game.id ^ ((side.index() as u64) << 32)));
                let Some(b) = input.roster.build(spec, *level, side_seed) else {
                    out.notices.write(Notice::Bot {
                        side,
                        name: spec.clone(),
                        fault: BotFault::Unknown,
                    });
                    continue;
                };
                slot.built_for = Some((player.clone(), game.id));
                b
            }
        };
        // Only a clone of the start-of-turn position goes to the bot, with the side it
        // plays (Parity: the side it commits for).
        let pos = game.record.current().clone();
        // Under a clock the bot plans its own time from what is left and the increment;
        // without one, the window's per-move cap applies if there is one.
        let on_clock = input
            .clock
            .as_deref()
            .and_then(|c| c.remaining(side))
            .and_then(|left| super::Clock::for_control(game.record.time_control, left));
        let limits = SearchLimits {
            movetime: if on_clock.is_some() {
                None
            } else {
                input.seats.move_time
            },
            ..SearchLimits::default()
        };
        bot.set_threads(input.seats.threads);
        match BotWorker::spawn_for(bot, pos, side, on_clock, limits) {
            Ok(w) => slot.job = Some((std::sync::Mutex::new(w), key.clone())),
            Err(e) => {
                out.notices.write(Notice::Bot {
                    side,
                    name: player_name(&player),
                    fault: BotFault::CannotStart(e.to_string()),
                });
            }
        }
    }
    if moved {
        thinking.since_last = 0.0;
    }
}

/// The [`PlayerSpec`] for a command-line bot name (`human`, `random`, `greedy`,
/// `alphabeta[:1-9]`, `pure:L`, `exploit:L`, `ext:<command>`).
///
/// # Errors
/// The bot spec's message for an unknown name or a bad level.
pub fn player_from_cli(text: &str) -> Result<PlayerSpec, super::BotSpecError> {
    if text.trim().eq_ignore_ascii_case("human") {
        return Ok(PlayerSpec::Human);
    }
    match BotSpec::parse(text)? {
        BotSpec::Random => Ok(PlayerSpec::Bot {
            spec: "random".into(),
            level: 1,
        }),
        BotSpec::Greedy => Ok(PlayerSpec::Bot {
            spec: "greedy".into(),
            level: 1,
        }),
        BotSpec::AlphaBeta(level) => Ok(PlayerSpec::Bot {
            spec: "alphabeta".into(),
            level,
        }),
        spec @ (BotSpec::Pure(_)
        | BotSpec::Exploit(_)
        | BotSpec::Mixed(..)
        | BotSpec::External(_)) => Ok(PlayerSpec::Bot {
            spec: spec.to_string(),
            level: 1,
        }),
    }
}
