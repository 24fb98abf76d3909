//! The Bevy side of the bots: [`BotPlugin`] owns the [`BotRoster`] (built-in bots plus any a
//! third party registers with [`RegisterBot::register_bot`]) and the [`Players`] resource
//! (Human or a bot per side). When a bot's side is due it thinks on a worker thread
//! ([`BotWorker`]) with a clone of the position only; [`poll_bots`] checks it once per frame
//! without blocking, and a finished search becomes a [`SubmitMoveRequest`] with
//! [`MoveSource::Bot`], the same pipeline a click uses. Runs in
//! [`AppSystems::Input`], in [`BotSystems`].
//!
//! Parity: a bot commits from the start-of-turn position with [`Bot::commit`]; it is handed
//! a `Position` clone and never the [`ActiveGame`]`::pending_commit`, so it cannot see the
//! other side's hidden commit.

use std::sync::Arc;

use bevy::prelude::*;

use super::{Bot, BotSpec, BotWorker, SearchLimits, mix_seed};
use crate::AppSystems;
use crate::game::{ActiveGame, MoveSource, NewGameRequest, StatusLine, SubmitMoveRequest};
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
    /// Builds the bot named `name` (a roster name, or `ext:<command line>` for an external
    /// program), or `None` for an unknown name.
    pub fn build(&self, name: &str, level: u8, seed: u64) -> Option<Box<dyn Bot>> {
        if let Some(e) = self.0.iter().find(|e| e.name == name) {
            return Some((e.factory)(level, seed));
        }
        match BotSpec::parse(name) {
            Ok(spec @ BotSpec::External(_)) => Some(spec.build(seed)),
            _ => None,
        }
    }

    /// Adds a bot, replacing one of the same name.
    pub fn register(&mut self, entry: RosterEntry) {
        self.0.retain(|e| e.name != entry.name);
        self.0.push(entry);
    }
}

/// Registers a bot with the game from outside the crate (STYLE.md §7).
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

/// Who plays each side: [`PlayerSpec::Human`] or a bot from the roster with its level.
#[derive(Resource, Debug, Clone, Default, PartialEq, Eq)]
pub struct Players(pub crate::persist::Players);

impl Players {
    /// The player of `side`.
    pub fn of(&self, side: Side) -> &PlayerSpec {
        match side {
            Side::White => &self.0.white,
            Side::Black => &self.0.black,
        }
    }

    /// The player of `side`, to change it.
    pub fn of_mut(&mut self, side: Side) -> &mut PlayerSpec {
        match side {
            Side::White => &mut self.0.white,
            Side::Black => &mut self.0.black,
        }
    }
}

/// The master seed of the window's bots: every search is seeded from it and the position,
/// so a game with the same seed and the same moves replays the same bot moves. From
/// `--seed`, else from entropy at start; the Players panel shows it.
#[derive(Resource, Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct BotSeed(pub u64);

/// The systems that start bots and collect their moves (in `AppSystems::Input`, after the
/// game's file and scene requests).
#[derive(SystemSet, Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct BotSystems;

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

/// The bots and the players: a struct plugin holding the roster (STYLE.md §2).
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
            pace_secs: 0.5,
        }
    }
}

/// The pacing of bot moves (seconds between moves).
#[derive(Resource, Debug, Clone, Copy)]
pub struct BotPace(pub f32);

/// The most a bot thinks per move when no clock runs (`None`: the bot's own limits, e.g.
/// its level's depth). Under a clock the bot's share of its remaining time applies instead.
/// The demo sets it so its games keep their pace.
#[derive(Resource, Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct BotMoveTime(pub Option<std::time::Duration>);

/// The players of normal play while an attract mode (the demo) has lent the seats to its
/// own bots: the settings keep these, not the lent [`Players`], and the demo gives them back
/// when a visitor takes over. `None` while nobody borrows the seats.
#[derive(Resource, Debug, Clone, Default, PartialEq, Eq)]
pub struct LentSeats(pub Option<crate::persist::Players>);

impl Plugin for BotPlugin {
    fn build(&self, app: &mut App) {
        let mut roster = self.roster.clone();
        if let Some(existing) = app.world().get_resource::<BotRoster>() {
            for e in existing.0.clone() {
                roster.register(e);
            }
        }
        app.insert_resource(roster)
            .insert_resource(BotPace(self.pace_secs))
            .init_resource::<BotMoveTime>()
            .init_resource::<LentSeats>()
            .init_resource::<BotThinking>()
            .init_resource::<crate::game::AutomatedSides>()
            .configure_sets(
                Update,
                BotSystems
                    .in_set(AppSystems::Input)
                    .after(crate::game::persist_glue::PersistSystems)
                    .after(crate::game::flow::handle_game_flow),
            )
            .add_systems(
                Update,
                (sync_automated_sides, sync_player_tags, poll_bots)
                    .chain()
                    .in_set(BotSystems),
            )
            .add_message::<RematchRequest>()
            .add_systems(
                Update,
                (
                    answer_draw_offers
                        .in_set(AppSystems::Input)
                        .after(crate::game::typed::play_typed_moves)
                        .before(crate::game::flow::handle_game_flow),
                    start_rematch
                        .in_set(AppSystems::Input)
                        .before(crate::game::replace::ReplaceSystems),
                ),
            );
        if !app.world().contains_resource::<Players>() {
            app.init_resource::<Players>();
        }
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
    players: Res<Players>,
    game: Res<ActiveGame>,
    mut answer: MessageWriter<crate::game::AnswerDrawOfferRequest>,
    mut answered: Local<Option<crate::game::PendingOffer>>,
) {
    let Some(p) = offer.0 else {
        *answered = None;
        return;
    };
    if *answered == Some(p) || !matches!(players.of(p.to()), PlayerSpec::Bot { .. }) {
        return;
    }
    *answered = Some(p);
    let eval = crate::bots::eval::evaluate_for(game.record.current(), p.to());
    answer.write(crate::game::AnswerDrawOfferRequest(
        eval <= BOT_ACCEPTS_DRAW_BELOW_CP,
    ));
}

/// Asks for a rematch of the finished (or abandoned) game: the same variant, start
/// position and time control, the players' colours swapped.
#[derive(Message, Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct RematchRequest;

/// Swaps the players and asks for the new game (confirmed like any other while a game is
/// in progress).
fn start_rematch(
    mut requests: MessageReader<RematchRequest>,
    mut players: ResMut<Players>,
    game: Res<ActiveGame>,
    mut clock_choice: ResMut<crate::game::clock::ClockChoice>,
    mut replace: MessageWriter<crate::game::replace::ReplaceGameRequest>,
) {
    if requests.read().count() == 0 {
        return;
    }
    clock_choice.0 = game.record.time_control;
    let p = &mut players.0;
    std::mem::swap(&mut p.white, &mut p.black);
    let request = if game.record.start() == &crate::rules::Position::new(game.variant()) {
        NewGameRequest::new(game.variant())
    } else {
        NewGameRequest::at(game.record.start().clone())
    };
    replace.write(crate::game::replace::ReplaceGameRequest(
        crate::game::replace::Replacement::NewGame(request),
    ));
}

/// Tells the game which sides a bot plays (undo and redo skip the bot's turns).
fn sync_automated_sides(players: Res<Players>, mut automated: ResMut<crate::game::AutomatedSides>) {
    let bot = |side| matches!(players.of(side), PlayerSpec::Bot { .. });
    let now = crate::game::AutomatedSides {
        white: bot(Side::White),
        black: bot(Side::Black),
    };
    if *automated != now {
        *automated = now;
    }
}

/// The PGN name of a player: `Human`, or the bot's spec with its level (`alphabeta:3`,
/// `random`, `ext:./bot.py`).
pub fn player_name(spec: &PlayerSpec) -> String {
    match spec {
        PlayerSpec::Human => "Human".into(),
        PlayerSpec::Bot { spec, level } if spec == "alphabeta" => format!("{spec}:{level}"),
        PlayerSpec::Bot { spec, .. } => spec.clone(),
    }
}

/// Writes the players into the game record's `White` / `Black` tags, so saved and
/// autosaved games name them. A tag read from a loaded file (neither empty, `?` nor a
/// name written here before) is left as it is.
fn sync_player_tags(
    players: Res<Players>,
    mut game: ResMut<ActiveGame>,
    mut written: Local<[Option<String>; 2]>,
) {
    for (i, (tag, side)) in [("White", Side::White), ("Black", Side::Black)]
        .into_iter()
        .enumerate()
    {
        let name = player_name(players.of(side));
        let current = game
            .record
            .tags
            .iter()
            .find(|(k, _)| k == tag)
            .map(|(_, v)| v.clone());
        let ours = match &current {
            None => true,
            Some(v) => v == "?" || v.is_empty() || written[i].as_ref() == Some(v),
        };
        if ours && current.as_ref() != Some(&name) {
            let tags = &mut game.bypass_change_detection().record.tags;
            tags.retain(|(k, _)| k != tag);
            tags.push((tag.to_string(), name.clone()));
        }
        if ours {
            written[i] = Some(name);
        }
    }
}

/// The sides whose bots should be thinking now: the side to move (alternating), or every
/// side that has not committed yet (Parity: both bots think at once, each on the
/// start-of-turn position only).
fn sides_due(game: &ActiveGame, commits: &crate::game::ParityCommits) -> Vec<Side> {
    if game.is_simultaneous() {
        [Side::White, Side::Black]
            .into_iter()
            .filter(|s| !commits.has_committed(*s))
            .collect()
    } else {
        vec![game.record.current().turn()]
    }
}

/// Starts a side's bot when its side is due, collects a finished search as a
/// [`SubmitMoveRequest`] (Parity: a [`SubmitCommitRequest`](crate::game::SubmitCommitRequest)
/// for the bot's side), keeps each bot for the game, and drops a search whose position is
/// gone (undo, a new game, review, a changed player). Never waits for a bot.
pub fn poll_bots(
    game: Res<ActiveGame>,
    players: Res<Players>,
    roster: Res<BotRoster>,
    pace: Res<BotPace>,
    time: Res<Time>,
    mut thinking: ResMut<BotThinking>,
    mut status: ResMut<StatusLine>,
    mut submit: MessageWriter<SubmitMoveRequest>,
    scene: Option<Res<crate::game::persist_glue::ScenePlayback>>,
    (commits, mut submit_commit, hold, seed, clock, move_time): (
        Res<crate::game::ParityCommits>,
        MessageWriter<crate::game::SubmitCommitRequest>,
        Res<crate::game::GameHold>,
        Res<BotSeed>,
        Option<Res<crate::game::clock::LiveClock>>,
        Res<BotMoveTime>,
    ),
) {
    thinking.since_last += time.delta_secs();
    // Bots wait while a scene is shown (its caption open), so they never mix their moves
    // into the script or continue it unasked; closing the scene hands over.
    let scene_playing = scene.is_some_and(|s| s.scene.is_some());
    let over = game.record.outcome().is_some();
    let live = game.review.is_none() && !over && !scene_playing && hold.0.is_none();
    let due = sides_due(&game, &commits);
    let key = JobKey {
        game: game.id,
        entries: game.record.len(),
        position: game.record.current().repetition_key(),
    };
    let since_last = thinking.since_last;
    let mut moved = false;
    for side in [Side::White, Side::Black] {
        let player = players.of(side).clone();
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
        // A search made stale by undo, review or a scene is stopped; its bot comes back.
        if let Some((w, k)) = &slot.job
            && (!live || *k != key || !due.contains(&side))
            && let Ok(w) = w.lock()
        {
            w.stop();
        }
        if let Some((w, k)) = slot.job.take() {
            let taken = match w.lock() {
                Ok(w) => w.try_take(),
                Err(_) => Some(Err("the bot's channel is poisoned".to_string())),
            };
            match taken {
                None => slot.job = Some((w, k)),
                Some(Ok((mut bot, mv, _))) => {
                    let fault = bot.fault();
                    slot.idle = Some(std::sync::Mutex::new(bot));
                    match mv {
                        Some(mv) => slot.ready = Some((mv, k)),
                        None if live && k == key => {
                            let why = fault.unwrap_or_else(|| "no move".into());
                            status.0 = format!(
                                "{}'s bot ({}) has no move: {why}.",
                                side.title(),
                                player_name(&player)
                            );
                        }
                        None => {}
                    }
                }
                Some(Err(e)) => {
                    // The bot is lost (it panicked or its thread ended): a new one is built.
                    slot.reset();
                    status.0 = format!(
                        "{}'s bot ({}) failed: {e}.",
                        side.title(),
                        player_name(&player)
                    );
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
        if slot.ready.is_some() && (since_last >= pace.0 || moved) {
            if let Some((mv, _)) = slot.ready.take() {
                moved = true;
                if game.is_simultaneous() {
                    submit_commit.write(crate::game::SubmitCommitRequest { side, mv });
                } else {
                    submit.write(SubmitMoveRequest {
                        mv,
                        source: MoveSource::Bot,
                    });
                }
            }
            continue;
        }
        if !live || !due.contains(&side) || slot.job.is_some() || slot.ready.is_some() {
            continue;
        }
        let PlayerSpec::Bot { spec, level } = &player else {
            continue;
        };
        let bot = match slot.idle.take().and_then(|m| m.into_inner().ok()) {
            Some(b) => b,
            None => {
                let side_seed =
                    mix_seed(seed.0 ^ mix_seed(game.id ^ ((side.index() as u64) << 32)));
                let Some(b) = roster.build(spec, *level, side_seed) else {
                    status.0 = format!("Unknown bot '{spec}' for {}.", side.title());
                    continue;
                };
                slot.built_for = Some((player.clone(), game.id));
                b
            }
        };
        // Only a clone of the start-of-turn position goes to the bot.
        let pos = game.record.current().clone();
        let parity_side = game.is_simultaneous().then_some(side);
        // Under a clock the bot plans its own time from what is left and the increment;
        // without one, the window's per-move cap applies if there is one.
        let on_clock = clock
            .as_deref()
            .and_then(|c| c.remaining(side))
            .and_then(|left| super::Clock::for_control(game.record.time_control, left));
        let limits = SearchLimits {
            movetime: if on_clock.is_some() {
                None
            } else {
                move_time.0
            },
            ..SearchLimits::default()
        };
        match BotWorker::spawn(bot, pos, parity_side, on_clock, limits) {
            Ok(w) => slot.job = Some((std::sync::Mutex::new(w), key.clone())),
            Err(e) => {
                status.0 = format!(
                    "{}'s bot could not start: cannot start a bot thread: {e}",
                    side.title()
                );
            }
        }
    }
    if moved {
        thinking.since_last = 0.0;
    }
}

/// The [`PlayerSpec`] for a command-line bot name (`human`, `random`, `greedy`,
/// `alphabeta[:1-8]`, `ext:<command>`).
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
        spec @ BotSpec::External(_) => Ok(PlayerSpec::Bot {
            spec: spec.to_string(),
            level: 1,
        }),
    }
}
