//! The `alphabeta` bot: a principal variation search (negamax alpha-beta with null windows
//! after the first move) with iterative deepening and aspiration windows, a transposition
//! table of two-entry buckets (bounds, depth-preferred and always-replace slots, aged per
//! search), null-move pruning, reverse futility, futility, SEE and late-move pruning, internal
//! iterative reductions, late-move reductions, check extensions, quiescence on captures
//! (with the evasions when in check, cut off by the table's bounds), and move
//! ordering by the transposition move, static exchange evaluation (or MVV-LVA where an
//! exchange cannot be read from the board), promotions, two killers per ply, a counter move
//! per previous move and a history table. The evaluation is [`eval`](super::eval). Parity
//! commits go to [`simultaneous`]. With more than one thread ([`Bot::set_threads`]) the
//! search is Lazy SMP: helper threads search the same root into the shared, lock-free
//! table.
//!
//! Works on the generic rules API only (`legal_moves`, `play_unchecked`, `outcome`), so a
//! variant's own rules (Intrachange teleports, Force Field fields) are searched as they are
//! implemented. A side whose King is gone has lost (Intrachange King capture). What each
//! variant allows the search to prune is [`SearchCaps`].
//!
//! Levels ([`level_limits`], [`level_noise`]): 1–9, from a one-ply search that often plays a
//! near-best move instead of the best to the full search, and level 9 ([`NETWORK_LEVEL`]),
//! the full search with the variant's network as its evaluation ([`super::nnue`]); every
//! level plays a mate in one
//! and, from level 2 on, never a move that allows a mate in one when another move does not.
//!
//! Determinism: with a node or depth limit the chosen move depends only on the position and
//! the seed (root moves are shuffled by the seeded RNG before ordering, so equal moves vary
//! from game to game), on one thread. A `movetime` cap or a clock makes the result depend
//! on the machine's speed, and helper threads on the threads' timing.

use std::collections::HashSet;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::{Duration, Instant};

use rand::rngs::Xoshiro256PlusPlus;
use rand::seq::SliceRandom;
use rand::{RngExt, SeedableRng};

use super::eval::{evaluate, piece_value};
use super::nnue::{NetEval, NetSource, NetStack, Network, StaticEval};
use super::simultaneous;
use super::{Bot, Clock, SearchControl, SearchInfo, SearchLimits};
use crate::rules::classic::{self, CaptureRule};
use crate::rules::geometry::MAX_SQUARES;
use crate::rules::{Color, Move, Outcome, PieceKind, Position, Special, TurnModel, Variant};

/// The score of mate at the root; a mate in `n` plies scores `MATE - n`.
pub const MATE: i32 = 30_000;
/// Scores beyond this (in absolute value) are mates.
pub const MATE_BOUND: i32 = 29_000;
const INF: i32 = 32_000;
const MAX_PLY: usize = 128;
const MAX_QDEPTH: u32 = 12;
/// Buckets of the transposition table (two entries each): 2^17.
const TT_BITS: u32 = 17;
/// The highest level.
pub const MAX_LEVEL: u8 = 9;
/// The level that evaluates with the variant's network ([`super::nnue`]): the search of
/// level 8 with the network in place of the hand-tuned evaluation (which stays the
/// evaluation of levels 1–8, and of this level in a variant without a network).
pub const NETWORK_LEVEL: u8 = 9;
/// The most search threads a bot takes ([`Bot::set_threads`]).
pub const MAX_THREADS: usize = 64;
/// Slots of the evaluation cache: 2^16.
const EVAL_CACHE_SIZE: usize = 1 << 16;

/// One level's settings.
struct LevelSpec {
    depth: u32,
    nodes: u64,
    noise: i32,
    name: &'static str,
    elo: u16,
}

/// Levels 1–9 (index 0 is level 1).
const LEVELS: [LevelSpec; 9] = [
    LevelSpec {
        depth: 1,
        nodes: 2_000,
        noise: 250,
        name: "Beginner",
        elo: 990,
    },
    LevelSpec {
        depth: 2,
        nodes: 6_000,
        noise: 150,
        name: "Novice",
        elo: 1290,
    },
    LevelSpec {
        depth: 3,
        nodes: 15_000,
        noise: 90,
        name: "Casual",
        elo: 1470,
    },
    LevelSpec {
        depth: 4,
        nodes: 40_000,
        noise: 50,
        name: "Club player",
        elo: 1680,
    },
    LevelSpec {
        depth: 6,
        nodes: 120_000,
        noise: 20,
        name: "Strong club player",
        elo: 1710,
    },
    LevelSpec {
        depth: 10,
        nodes: 400_000,
        noise: 0,
        name: "Expert",
        elo: 1800,
    },
    LevelSpec {
        depth: 64,
        nodes: 1_500_000,
        noise: 0,
        name: "Master",
        elo: 1860,
    },
    LevelSpec {
        depth: 64,
        nodes: 6_000_000,
        noise: 0,
        name: "Strongest hand-tuned",
        elo: 1870,
    },
    LevelSpec {
        depth: 64,
        nodes: 6_000_000,
        noise: 0,
        name: "Strongest",
        elo: 2080,
    },
];

fn level_spec(level: u8) -> &'static LevelSpec {
    &LEVELS[usize::from(level.clamp(1, MAX_LEVEL)) - 1]
}

/// The search limits of a strength level 1–9 (0 acts as 1, above 9 as 9): a depth cap and
/// a node budget, so a level is deterministic and roughly machine-independent.
///
/// | level | depth | nodes | noise (cp) |
/// |---|---|---|---|
/// | 1 | 1 | 2 000 | 250 |
/// | 2 | 2 | 6 000 | 150 |
/// | 3 | 3 | 15 000 | 90 |
/// | 4 | 4 | 40 000 | 50 |
/// | 5 | 6 | 120 000 | 20 |
/// | 6 | 10 | 400 000 | 0 |
/// | 7 | 64 | 1 500 000 | 0 |
/// | 8 | 64 | 6 000 000 | 0 |
/// | 9 | 64 | 6 000 000 | 0 |
///
/// Level 9 is level 8 with the network's evaluation ([`NETWORK_LEVEL`]). The noise is
/// [`level_noise`].
pub fn level_limits(level: u8) -> SearchLimits {
    let l = level_spec(level);
    SearchLimits {
        movetime: None,
        depth: Some(l.depth),
        nodes: Some(l.nodes),
    }
}

/// A level's name in words ("Beginner" … "Strongest"), shown beside the level in the game.
pub fn level_name(level: u8) -> &'static str {
    level_spec(level).name
}

/// A level's approximate rating on Stockfish 15's `UCI_Elo` scale in standard chess,
/// rounded to 10 (docs/BOTS.md, "The levels' ratings"): two round robins of the current
/// search at 100 ms a move with Stockfish 1350 the anchor, one of levels 5–9 with
/// Stockfish limited to `UCI_Elo` 1350, 2000 and 2300, one of levels 1–5 with Stockfish
/// 1350; level 5 is the mean of both. Level 9 is rated by its standard network; in a
/// variant without one it plays as level 8. A guide for players: the 95 % margins there
/// are ±200–260, and the variants have no such scale.
pub fn level_elo(level: u8) -> u16 {
    level_spec(level).elo
}

/// The plausible-mistake margin of a level, in centipawns: the bot scores every root move
/// and plays the one whose score plus a seeded random amount in `0..=noise` is highest, so
/// it may play a move up to `noise` worse than its best. A mate it sees is always played,
/// and a move that loses to a mate it sees is never chosen over one that does not. Levels
/// 6–9 have none.
pub fn level_noise(level: u8) -> i32 {
    level_spec(level).noise
}

/// The depth every search at `level` completes whatever its node budget (a movetime, a
/// clock or a stop can still end it earlier): 1 at level 1 (so a mate in one is found), 2
/// above (so a mate in one against the bot is seen).
fn guaranteed_depth(level: u8) -> i32 {
    if level <= 1 { 1 } else { 2 }
}

/// What the search may assume in a variant: which prunings are sound enough and whether
/// exchanges can be read from the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SearchCaps {
    /// Null-move pruning and reverse futility pruning (both assume that moving is never
    /// worse than passing; reverse futility also needs [`SearchCaps::quiet_pruning`], as do
    /// futility pruning and internal iterative reductions, which are used only where both
    /// hold).
    /// Off in Nonviolent, where no captures means blocked positions and zugzwang are the
    /// rule rather than the exception, and in Force Field, where a piece that moves lifts
    /// its fields and may open the lines they blocked, so standing still is often the
    /// better move. Elsewhere used only when the side to move is not in check and has a
    /// piece besides King and pawns.
    pub null_move: bool,
    /// Static exchange evaluation for ordering and pruning captures: the board shows every
    /// capture and recapture (classic attacks, with Bully's by-value rule applied to each
    /// capture of the exchange). Off in Intrachange (a move's esoteric landing may capture
    /// what the board does not show) and Force Field (fields block lines the classic
    /// attack scan sees through); there captures are ordered by MVV-LVA.
    pub see: bool,
    /// Late-move pruning of quiet moves, and (with [`SearchCaps::null_move`]) futility and
    /// reverse futility pruning near the leaves. Off
    /// in Intrachange, where a move that looks quiet may capture by teleport (the King
    /// too), so a static score far above beta proves nothing.
    pub quiet_pruning: bool,
    /// SEE pruning near the leaves: a capture whose exchange loses more than 100 cp a ply
    /// of depth is skipped. Where futility pruning and [`SearchCaps::see`] apply and any
    /// piece may capture any other; off in Bully, where a piece takes only one worth no
    /// more than itself and the pruning measured a loss (docs/BOTS.md, "Search").
    pub see_pruning: bool,
}

impl SearchCaps {
    /// Futility pruning, reverse futility pruning and internal iterative reductions: used
    /// where both the null move and quiet pruning are sound ([`SearchCaps::null_move`] and
    /// [`SearchCaps::quiet_pruning`]).
    pub fn futility(self) -> bool {
        self.null_move && self.quiet_pruning
    }

    /// The search capabilities of `variant`.
    ///
    /// # Examples
    /// ```
    /// use esoterica::bots::search::SearchCaps;
    /// use esoterica::rules::Variant;
    /// assert!(SearchCaps::of(Variant::Standard).null_move);
    /// assert!(!SearchCaps::of(Variant::Nonviolent).null_move);
    /// assert!(!SearchCaps::of(Variant::Intrachange).see);
    /// assert!(SearchCaps::of(Variant::Bully).see);
    /// ```
    pub fn of(variant: Variant) -> SearchCaps {
        // Read from what the variant has, not its name: a new variant with the same rules
        // gets the same search.
        if variant.turn_model() == TurnModel::Simultaneous {
            // Searched by `simultaneous`, not here.
            return SearchCaps {
                null_move: false,
                see: false,
                quiet_pruning: false,
                see_pruning: false,
            };
        }
        let captures = variant.capture_rule() != CaptureRule::Never;
        let mut caps = SearchCaps {
            null_move: captures && !variant.has_fields(),
            see: captures && !variant.has_fields() && !variant.has_teleports(),
            quiet_pruning: !variant.has_teleports(),
            see_pruning: false,
        };
        caps.see_pruning =
            caps.futility() && caps.see && variant.capture_rule() == CaptureRule::Any;
        caps
    }
}

/// The tighter of two optional limits.
fn tighter<T: Ord>(a: Option<T>, b: Option<T>) -> Option<T> {
    match (a, b) {
        (Some(x), Some(y)) => Some(x.min(y)),
        (x, None) => x,
        (None, y) => y,
    }
}

/// A move as the transposition table keeps it: from square, to square and promotion
/// (bits 0–7, 8–15 and 16–19, the promotion as its [`PieceKind::ALL`] index plus one, 0
/// for none). These three name one legal move in every variant (castling's King steps two
/// or more squares, and an Intrachange move's landing follows from its exoteric square);
/// `tests::a_move_code_names_one_legal_move` checks it over random games.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct MoveCode(u32);

impl MoveCode {
    fn of(m: &Move) -> MoveCode {
        let promo = m.promotion.map_or(0, |p| p as u32 + 1);
        MoveCode(u32::from(m.from.0) | u32::from(m.to.0) << 8 | promo << 16)
    }

    /// The legal move of `pos` this code names, if any.
    fn find(self, pos: &Position) -> Option<Move> {
        pos.legal_moves()
            .into_iter()
            .find(|m| MoveCode::of(m) == self)
    }
}

#[derive(Clone, Copy, Debug, Default)]
struct TtEntry {
    key: u64,
    best: Option<MoveCode>,
    score: i32,
    depth: i16,
    flag: u8,
    age: u8,
}

impl TtEntry {
    /// The entry's score at `ply` where it settles a node searched with the window
    /// `alpha..beta`: an exact score, a lower bound at or above beta, an upper bound at or
    /// below alpha.
    fn cutoff(&self, ply: i32, alpha: i32, beta: i32) -> Option<i32> {
        let sc = from_tt(self.score, ply);
        match self.flag {
            EXACT => Some(sc),
            LOWER if sc >= beta => Some(sc),
            UPPER if sc <= alpha => Some(sc),
            _ => None,
        }
    }

    /// The entry without its key in one word: score (bits 0–15, an `i16`: table scores
    /// lie within ±[`INF`]), depth (16–31, an `i16`), flag (32–33), age (34–41), and a
    /// move flag (42) with its [`MoveCode`] (43–62). An empty slot is 0 (flag 0).
    fn pack(&self) -> u64 {
        let mv = self.best.map_or(0, |c| 1 | u64::from(c.0) << 1);
        u64::from(self.score as i16 as u16)
            | u64::from(self.depth as u16) << 16
            | u64::from(self.flag & 3) << 32
            | u64::from(self.age) << 34
            | mv << 42
    }

    fn unpack(key: u64, data: u64) -> TtEntry {
        let mv = data >> 42;
        TtEntry {
            key,
            best: (mv & 1 == 1).then_some(MoveCode((mv >> 1) as u32)),
            score: i32::from(data as u16 as i16),
            depth: (data >> 16) as u16 as i16,
            flag: (data >> 32) as u8 & 3,
            age: (data >> 34) as u8,
        }
    }
}

const EXACT: u8 = 1;
const LOWER: u8 = 2;
const UPPER: u8 = 3;

/// One slot of the table, shared by the search threads without a lock: the packed entry
/// ([`TtEntry::pack`]) and the key XOR that word. A slot written by two threads at once
/// may pair one thread's key word with the other's data word; the XOR then fails to give
/// the key probed, and the slot reads as a miss.
#[derive(Debug, Default)]
struct Slot {
    check: AtomicU64,
    data: AtomicU64,
}

impl Slot {
    /// The entry held for `key`, unpacked only when the key check passes.
    #[inline]
    fn load_for(&self, key: u64) -> Option<TtEntry> {
        let data = self.data.load(Ordering::Relaxed);
        let check = self.check.load(Ordering::Relaxed);
        (check ^ data == key).then(|| TtEntry::unpack(key, data))
    }

    fn load(&self) -> TtEntry {
        let data = self.data.load(Ordering::Relaxed);
        let check = self.check.load(Ordering::Relaxed);
        TtEntry::unpack(check ^ data, data)
    }

    fn save(&self, e: &TtEntry) {
        let data = e.pack();
        self.data.store(data, Ordering::Relaxed);
        self.check.store(e.key ^ data, Ordering::Relaxed);
    }
}

/// The transposition table: buckets of two entries, the first kept for the deeper search
/// (replaced by an equal or deeper one, or one from a newer search), the second always
/// replaced. The search threads of one search share it ([`Slot`]).
#[derive(Debug, Default)]
struct Tt {
    buckets: Vec<[Slot; 2]>,
    age: u8,
}

impl Tt {
    fn ensure(&mut self) {
        if self.buckets.is_empty() {
            self.buckets = (0..1usize << TT_BITS).map(|_| Default::default()).collect();
        }
    }

    fn bucket(&self, key: u64) -> usize {
        (key as usize) & (self.buckets.len() - 1)
    }

    fn probe(&self, key: u64) -> Option<TtEntry> {
        if self.buckets.is_empty() {
            return None;
        }
        self.buckets[self.bucket(key)]
            .iter()
            .find_map(|s| s.load_for(key).filter(|e| e.flag != 0))
    }

    fn store(&self, mut e: TtEntry) {
        e.age = self.age;
        let age = self.age;
        let slots = &self.buckets[self.bucket(e.key)];
        let b = [slots[0].load(), slots[1].load()];
        let slot =
            if b[0].key == e.key || b[0].flag == 0 || b[0].age != age || e.depth >= b[0].depth {
                0
            } else {
                1
            };
        if e.best.is_none() && b[slot].key == e.key {
            e.best = b[slot].best;
        }
        if slot == 0 && b[0].key != e.key && b[0].flag != 0 {
            // The displaced entry takes the always-replace slot.
            slots[1].save(&b[0]);
        } else if slot == 0 && b[1].key == e.key {
            slots[1].save(&TtEntry::default());
        }
        slots[slot].save(&e);
    }
}

/// Negamax alpha-beta search at a strength level. Supports every variant.
pub struct AlphaBetaBot {
    name: String,
    level: u8,
    rng: Xoshiro256PlusPlus,
    tt: Tt,
    /// Positions of this game seen at the bot's turns and after its moves, since the last
    /// irreversible move: reaching one again in the search scores as a draw, so a winning
    /// bot avoids repetitions and a losing one seeks them. Parity and Single Occupation:
    /// the start positions of the turns ([`simultaneous::turn_key`]).
    seen: HashSet<u64>,
    /// The searches' evaluation cache (see `Searcher::evaluate_cached`), kept from move to
    /// move: an evaluation depends on the position alone.
    eval_cache: Vec<(u64, i32)>,
    /// The variant the table and the cache hold positions of (their keys do not name it):
    /// a search of another variant starts both afresh.
    searched: Option<Variant>,
    /// Where the bot's networks come from (`None`: the hand-tuned evaluation).
    net_source: Option<NetSource>,
    /// The network of the variant `searched`, where the source has one.
    network: Option<Arc<Network>>,
    /// The search's accumulators, one per ply, kept from move to move.
    stack: NetStack,
    /// How the Parity and Single Occupation commits are chosen.
    commits: simultaneous::CommitStyle,
    /// Search threads of the alternating variants' searches (1: the search alone; more:
    /// Lazy SMP helpers, see [`Bot::set_threads`]).
    threads: usize,
    /// The helper threads' caches and accumulators.
    helpers: Vec<Helper>,
}

/// How a search ends besides its limits: the soft deadline after which no new iteration
/// starts (from a clock), and whether every root move gets an exact score.
#[derive(Clone, Copy, Debug, Default)]
struct RootMode {
    soft: Option<Duration>,
    analysis: bool,
}

impl AlphaBetaBot {
    /// A bot of strength `level` (1–9, see [`level_limits`]) seeded with `seed`. Level
    /// [`NETWORK_LEVEL`] evaluates with the process's networks ([`NetSource::from_env`]:
    /// those shipped, or the folder `ESOTERICA_NETS` names); the others with the
    /// hand-tuned evaluation.
    pub fn with_level(level: u8, seed: u64) -> AlphaBetaBot {
        let level = level.clamp(1, MAX_LEVEL);
        let source = (level >= NETWORK_LEVEL).then(NetSource::from_env);
        AlphaBetaBot::with_evaluation(level, seed, source)
    }

    /// A bot of strength `level` seeded with `seed` that evaluates with the networks of
    /// `source` (`None`: the hand-tuned evaluation), whatever the level. A variant the
    /// source has no network for is played with the hand-tuned evaluation, with a warning
    /// on stderr.
    pub fn with_evaluation(level: u8, seed: u64, source: Option<NetSource>) -> AlphaBetaBot {
        AlphaBetaBot {
            name: format!("alphabeta:{level}"),
            level: level.clamp(1, MAX_LEVEL),
            rng: Xoshiro256PlusPlus::seed_from_u64(seed),
            tt: Tt::default(),
            seen: HashSet::new(),
            eval_cache: Vec::new(),
            searched: None,
            net_source: source,
            network: None,
            stack: NetStack::default(),
            commits: simultaneous::CommitStyle::Mixed,
            threads: 1,
            helpers: Vec::new(),
        }
    }

    /// The bot of [`AlphaBetaBot::with_level`] whose Parity and Single Occupation commits
    /// are chosen in `style` (named after it: [`simultaneous::CommitStyle::bot_name`]; the
    /// alternating variants are searched alike).
    pub fn with_commit_style(
        level: u8,
        seed: u64,
        style: simultaneous::CommitStyle,
    ) -> AlphaBetaBot {
        let mut bot = AlphaBetaBot::with_level(level, seed);
        bot.commits = style;
        bot.name = style.bot_name(bot.level);
        bot
    }

    /// The network the bot evaluates `variant` with, if any (resolving its source, with
    /// the source's warning where there is none).
    pub fn network_for(&mut self, variant: Variant) -> Option<Arc<Network>> {
        self.switch_variant(variant);
        self.network.clone()
    }

    /// Forgets another variant's table, cache and network when asked about `variant`.
    fn switch_variant(&mut self, variant: Variant) {
        if self.searched != Some(variant) {
            self.searched = Some(variant);
            self.tt = Tt::default();
            self.eval_cache.clear();
            self.helpers.clear();
            self.network = self
                .net_source
                .as_ref()
                .and_then(|s| s.network_or_warn(variant));
        }
    }

    /// The number of search threads ([`Bot::set_threads`]; 1 unless set).
    pub fn threads(&self) -> usize {
        self.threads
    }

    /// The limits of a search: the level's, tightened by `limits`.
    pub fn effective_limits(&self, limits: SearchLimits) -> SearchLimits {
        let l = level_limits(self.level);
        SearchLimits {
            movetime: limits.movetime,
            depth: tighter(l.depth, limits.depth),
            nodes: tighter(l.nodes, limits.nodes),
        }
    }

    /// Searches `pos` and returns the best move with its score (centipawns from the mover's
    /// view; mates beyond [`MATE_BOUND`]). Alternating variants only.
    pub fn search(
        &mut self,
        pos: &Position,
        limits: SearchLimits,
        ctl: &mut dyn SearchControl,
    ) -> Option<(Move, i32)> {
        self.search_inner(pos, limits, RootMode::default(), ctl, &[], None)
    }

    /// [`AlphaBetaBot::search`] on a clock: the time for the move is planned from the
    /// remaining time and increment ([`Clock::allocation`]); no new iteration starts after
    /// the soft part of it, and the search stops at the hard part. `limits` still caps
    /// depth, nodes and move time.
    pub fn search_on_clock(
        &mut self,
        pos: &Position,
        clock: Clock,
        limits: SearchLimits,
        ctl: &mut dyn SearchControl,
    ) -> Option<(Move, i32)> {
        let (soft, hard) = clock.allocation();
        let limits = SearchLimits {
            movetime: Some(limits.movetime.map_or(hard, |m| m.min(hard))),
            ..limits
        };
        let mode = RootMode {
            soft: Some(soft),
            analysis: false,
        };
        self.search_inner(pos, limits, mode, ctl, &[], None)
    }

    /// Analysis search: like [`AlphaBetaBot::search`] with the root moves in `exclude` left
    /// out, every root move searched (a single legal move gets its real score), the game's
    /// seen positions left as they are, and `on_depth` called after each completed depth
    /// with the depth's [`SearchInfo`] and its principal variation (the best move first,
    /// then the transposition table's best moves, each legal where it is played).
    /// `None` when no root move is left.
    pub fn search_lines(
        &mut self,
        pos: &Position,
        limits: SearchLimits,
        ctl: &mut dyn SearchControl,
        exclude: &[Move],
        on_depth: &mut dyn FnMut(&SearchInfo, &[Move]),
    ) -> Option<(Move, i32)> {
        let mode = RootMode {
            soft: None,
            analysis: true,
        };
        self.search_inner(pos, limits, mode, ctl, exclude, Some(on_depth))
    }

    /// The principal variation starting with `first` in `pos`: `first`, then the best
    /// moves the transposition table holds for the positions that follow, each checked
    /// legal, at most `max_len` moves, ending at a repeated position or a game end.
    pub fn principal_variation(&self, pos: &Position, first: Move, max_len: usize) -> Vec<Move> {
        tt_pv(&self.tt, pos, first, max_len)
    }

    fn search_inner(
        &mut self,
        pos: &Position,
        limits: SearchLimits,
        mode: RootMode,
        ctl: &mut dyn SearchControl,
        exclude: &[Move],
        on_depth: Option<&mut dyn FnMut(&SearchInfo, &[Move])>,
    ) -> Option<(Move, i32)> {
        let analysis = mode.analysis;
        let limits = self.effective_limits(limits);
        let noise = if analysis { 0 } else { level_noise(self.level) };
        self.switch_variant(pos.variant());
        self.tt.ensure();
        self.tt.age = self.tt.age.wrapping_add(1);
        if self.eval_cache.is_empty() {
            self.eval_cache = vec![(0, i32::MIN); EVAL_CACHE_SIZE];
        }
        if pos.halfmove_clock() == 0 && !analysis {
            // Nothing before an irreversible move can recur (and a new game starts here).
            self.seen.clear();
        }
        let root_key = pos.repetition_key();
        if !analysis {
            self.seen.insert(root_key);
        }
        let mut root = pos.legal_moves();
        root.retain(|m| !exclude.contains(m));
        if root.is_empty() {
            return None;
        }
        root.shuffle(&mut self.rng);
        if root.len() == 1 && !analysis {
            return Some((root[0], 0));
        }
        let start = Instant::now();
        let max_depth = limits.depth.unwrap_or(64).clamp(1, MAX_PLY as u32 - 1) as i32;
        if let Some(net) = &self.network {
            self.stack.prepare(net, MAX_PLY + 2);
        }
        let shared = Shared {
            tt: &self.tt,
            seen: &self.seen,
            net: self.network.as_deref(),
            caps: SearchCaps::of(pos.variant()),
            has_check: pos.variant().has_check(),
            deadline: limits.movetime.map(|t| start + t),
        };
        let plan = Deepening {
            root_key,
            first: 1,
            max_depth,
            must_reach: guaranteed_depth(self.level).min(max_depth),
            noise,
            analysis,
            soft: mode.soft,
            start,
        };
        let mut scores = vec![-INF; root.len()];
        let mut s = Searcher::new(
            shared,
            ctl,
            limits.nodes.unwrap_or(u64::MAX),
            &mut self.eval_cache,
            &mut self.stack,
        );
        let helpers = self.threads.saturating_sub(1);
        self.helpers.resize_with(helpers, Helper::default);
        let mut best = if helpers == 0 {
            s.deepen(pos, &mut root, &mut scores, &plan, on_depth)
        } else {
            // Lazy SMP: the helpers search the same root into the shared table, every
            // second one a ply deeper, until the main search ends; the main search's
            // result is the move.
            let stop = AtomicBool::new(false);
            let net = self.network.as_deref();
            std::thread::scope(|scope| {
                for (i, h) in self.helpers.iter_mut().enumerate() {
                    let (stop, plan) = (&stop, &plan);
                    let mut root = root.clone();
                    scope.spawn(move || {
                        if h.eval_cache.is_empty() {
                            h.eval_cache = vec![(0, i32::MIN); EVAL_CACHE_SIZE];
                        }
                        if let Some(net) = net {
                            h.stack.prepare(net, MAX_PLY + 2);
                        }
                        let mut ctl = SharedStop(stop);
                        let mut hs = Searcher::new(
                            shared,
                            &mut ctl,
                            u64::MAX,
                            &mut h.eval_cache,
                            &mut h.stack,
                        );
                        let mut scores = vec![-INF; root.len()];
                        let plan = Deepening {
                            first: 1 + (i % 2 == 0) as i32,
                            must_reach: 0,
                            noise: 0,
                            soft: None,
                            ..*plan
                        };
                        hs.deepen(pos, &mut root, &mut scores, &plan, None);
                    });
                }
                let best = s.deepen(pos, &mut root, &mut scores, &plan, on_depth);
                stop.store(true, Ordering::Relaxed);
                best
            })
        };
        if noise > 0 && best.1 < MATE_BOUND {
            best = pick_with_noise(&root, &scores, best, noise, &mut self.rng);
        }
        if !analysis {
            let mut after = pos.clone();
            after.play_unchecked(&best.0);
            self.seen.insert(after.repetition_key());
        }
        Some(best)
    }
}

/// A weak level's choice: the root move whose exact score plus a random amount in
/// `0..=noise` is highest, among moves that do not lose to a mate unless all do.
fn pick_with_noise(
    root: &[Move],
    scores: &[i32],
    best: (Move, i32),
    noise: i32,
    rng: &mut Xoshiro256PlusPlus,
) -> (Move, i32) {
    let mut pick = best;
    let mut pick_key = best.1 + rng.random_range(0..=noise);
    for (m, &sc) in root.iter().zip(scores) {
        if *m == best.0 || sc <= -MATE_BOUND || sc < best.1 - noise {
            continue;
        }
        let k = sc + rng.random_range(0..=noise);
        if k > pick_key {
            pick = (*m, sc);
            pick_key = k;
        }
    }
    pick
}

/// Late-move reductions by depth and move number: `ln(depth) · ln(moves) / 2.2`.
fn lmr_table() -> Vec<[u8; 64]> {
    let mut t = vec![[0u8; 64]; 64];
    for (d, row) in t.iter_mut().enumerate().skip(1) {
        for (i, r) in row.iter_mut().enumerate().skip(1) {
            *r = ((d as f64).ln() * (i as f64).ln() / 2.2 + 0.5) as u8;
        }
    }
    t
}

/// See [`AlphaBetaBot::principal_variation`].
fn tt_pv(tt: &Tt, pos: &Position, first: Move, max_len: usize) -> Vec<Move> {
    let mut pv = Vec::new();
    if !pos.is_legal(&first) || tt.buckets.is_empty() {
        return pv;
    }
    let mut p = pos.clone();
    p.play_unchecked(&first);
    pv.push(first);
    let mut keys = vec![pos.repetition_key()];
    while pv.len() < max_len && p.outcome().is_none() && p.board().king(p.turn()).is_some() {
        let key = p.repetition_key();
        if keys.contains(&key) {
            break;
        }
        keys.push(key);
        let Some(m) = tt.probe(key).and_then(|e| e.best?.find(&p)) else {
            break;
        };
        p.play_unchecked(&m);
        pv.push(m);
    }
    pv
}

/// What the search threads of one search share: the table, the game's positions, the
/// network, what the variant lets the search prune, and the deadline.
#[derive(Clone, Copy)]
struct Shared<'a> {
    tt: &'a Tt,
    seen: &'a HashSet<u64>,
    net: Option<&'a Network>,
    caps: SearchCaps,
    has_check: bool,
    deadline: Option<Instant>,
}

/// One thread's iterative deepening: from depth `first` to `max_depth`, the node budget
/// binding only after `must_reach`; `noise` and `analysis` as in [`Searcher::root`]; no
/// new iteration after `soft` from `start`.
#[derive(Clone, Copy)]
struct Deepening {
    root_key: u64,
    first: i32,
    max_depth: i32,
    must_reach: i32,
    noise: i32,
    analysis: bool,
    soft: Option<Duration>,
    start: Instant,
}

/// A helper thread's own state, kept from search to search: its evaluation cache and its
/// accumulators.
#[derive(Debug, Default)]
struct Helper {
    eval_cache: Vec<(u64, i32)>,
    stack: NetStack,
}

/// A helper thread's control: it stops when the main search has ended.
struct SharedStop<'a>(&'a AtomicBool);

impl SearchControl for SharedStop<'_> {
    fn should_stop(&mut self, _nodes: u64) -> bool {
        self.0.load(Ordering::Relaxed)
    }

    fn wants_reports(&self) -> bool {
        false
    }
}

struct Searcher<'a> {
    ctl: &'a mut dyn SearchControl,
    nodes: u64,
    max_nodes: u64,
    /// Whether the guaranteed depth is complete, so the node budget may stop the search.
    min_depth_done: bool,
    deadline: Option<Instant>,
    stopped: bool,
    tt: &'a Tt,
    killers: Vec<[Option<Move>; 2]>,
    /// Quiet-move history by side, from and to square.
    history: Vec<i32>,
    /// The quiet move that refuted each previous move (by its from and to square).
    counters: Vec<Option<Move>>,
    path: Vec<u64>,
    seen: &'a HashSet<u64>,
    caps: SearchCaps,
    has_check: bool,
    lmr: Vec<[u8; 64]>,
    /// Static evaluations by repetition key (`EVAL_CACHE_SIZE` slots, the key's low bits
    /// the slot, a new evaluation replacing the old), the bot's, kept from search to search.
    eval_cache: &'a mut Vec<(u64, i32)>,
    /// Whether the position of the next [`Searcher::negamax`] call has its side to move in
    /// check, where the caller has asked already; taken at the call's entry.
    next_check: Option<bool>,
    /// The network that evaluates, if any (else [`evaluate`]).
    net: Option<&'a Network>,
    /// Its accumulators by ply.
    stack: &'a mut NetStack,
}

/// The capture victim of `mv` as seen from the board before it (not Intrachange's
/// esoteric captures, which only playing the move reveals).
fn victim(pos: &Position, mv: &Move) -> Option<PieceKind> {
    match mv.special {
        Special::EnPassant { .. } => Some(PieceKind::Pawn),
        Special::Castle { .. } => None,
        Special::Normal => pos.kind_at(pos.turn().other(), mv.to),
    }
}

/// Whether `side` has a piece besides its King and pawns.
fn has_pieces(pos: &Position, side: Color) -> bool {
    pos.board()
        .non_pawns(side)
        .any(|(_, k)| k != PieceKind::King)
}

/// The value of a piece in an exchange: [`piece_value`] on `sq`'s zone, the King worth more
/// than everything else together.
fn exchange_value(pos: &Position, kind: PieceKind, sq: crate::rules::Square) -> i32 {
    if kind == PieceKind::King {
        20_000
    } else {
        piece_value(pos.variant(), kind, pos.shape().zone(sq))
    }
}

/// The quiescence search's captures and promotions where exchanges can be read from the
/// board ([`SearchCaps::see`]): the captures that lose material by [`see`] dropped (only a
/// capture by a more valuable piece can), the rest in [`Searcher::order`]'s order (captures
/// by MVV-LVA, then promotions by the piece, ties in generation order), each exchange
/// worked out once.
fn order_captures(pos: &Position, moves: &mut Vec<Move>) {
    let v = pos.variant();
    let shape = pos.shape();
    let us = pos.turn();
    let mut keyed: Vec<(i32, Move)> = Vec::with_capacity(moves.len());
    for m in moves.iter() {
        let key = if let Some(vk) = victim(pos, m) {
            let att = pos.kind_at(us, m.from).unwrap_or(PieceKind::Pawn);
            if losing_see(pos, m, vk).is_some_and(|s| s < 0) {
                continue;
            }
            let mvv = piece_value(v, vk, shape.zone(m.to)) * 10
                - piece_value(v, att, shape.zone(m.from)) / 10;
            let promo = m
                .promotion
                .map_or(0, |p| piece_value(v, p, shape.zone(m.to)));
            5_000_000 + mvv + promo
        } else if let Some(p) = m.promotion {
            4_000_000 + piece_value(v, p, shape.zone(m.to))
        } else {
            // Not a capture or promotion: last, as the full ordering puts quiet moves
            // without history.
            0
        };
        keyed.push((key, *m));
    }
    keyed.sort_by_key(|&(k, _)| std::cmp::Reverse(k));
    moves.clear();
    moves.extend(keyed.into_iter().map(|(_, m)| m));
}

/// [`see`] of the capture `mv` of a `captured` piece where it may lose material: not a
/// promotion, and by a piece worth more than its victim (any other capture wins at least
/// the difference first). `None` otherwise, or where [`see`] cannot read the exchange.
fn losing_see(pos: &Position, mv: &Move, captured: PieceKind) -> Option<i32> {
    let att = pos.kind_at(pos.turn(), mv.from)?;
    (mv.promotion.is_none()
        && exchange_value(pos, att, mv.from) > exchange_value(pos, captured, mv.to))
    .then(|| see(pos, mv))
    .flatten()
}

/// Static exchange evaluation of the capture `mv` for the side to move, in centipawns: the
/// material balance of the best sequence of recaptures on the target square, each side
/// recapturing with its least valuable piece that the variant's capture rule lets take the
/// piece standing there, and free to stop at any point. Classic attacks, with lines opened
/// as pieces leave. `None` when `mv` captures nothing the board shows or the variant's
/// exchanges cannot be read from the board ([`SearchCaps::see`]).
///
/// # Examples
/// ```
/// use esoterica::bots::search::see;
/// use esoterica::rules::{Position, Variant};
/// // A Queen taking a pawn defended by a pawn loses 800 in standard chess …
/// let fen = "4k3/2p5/3p4/8/8/8/3Q4/4K3 w - - 0 1";
/// let p = Position::from_text(Variant::Standard, fen).unwrap();
/// assert_eq!(see(&p, &p.parse_move("d2d6").unwrap()), Some(-800));
/// // … and wins a pawn in Bully, where a pawn may not take a Queen.
/// let p = Position::from_text(Variant::Bully, fen).unwrap();
/// assert_eq!(see(&p, &p.parse_move("d2d6").unwrap()), Some(100));
/// ```
pub fn see(pos: &Position, mv: &Move) -> Option<i32> {
    if !SearchCaps::of(pos.variant()).see {
        return None;
    }
    let captured = victim(pos, mv)?;
    see64(pos, mv, captured).or_else(|| see_reference(pos, mv, captured))
}

/// The result of an exchange whose gains (`gain[i]`: what the side making capture `i`
/// stands to win if the exchange stops after it) run to `gain[d]`: each side, from the last
/// capture back, stops where going on would lose.
fn exchange_result(gain: &mut [i32], mut d: usize) -> i32 {
    while d > 0 {
        gain[d - 1] = -((-gain[d - 1]).max(gain[d]));
        d -= 1;
    }
    gain[0]
}

/// [`see`] on bitboards (the 8×8 board, the six standard kinds, no shared square; `None`
/// elsewhere): the same exchange as [`see_reference`], each side recapturing with its least
/// valuable allowed attacker, the lowest square among equals, lines opening as pieces leave.
fn see64(pos: &Position, mv: &Move, captured: PieceKind) -> Option<i32> {
    use crate::rules::classic::masks::{Kit, Sides};
    let us = pos.turn();
    let s = Sides::of(pos, Color::White)?;
    let sets = [s.ours, s.theirs];
    let a = Kit::get().a;
    let rule = pos.variant().capture_rule();
    let to = mv.to.index() & 63;
    let mover = pos.board().kind(us, mv.from)?;
    let mut occ = s.occ & !(1u64 << (mv.from.index() & 63));
    if let Special::EnPassant { captured } = mv.special {
        occ &= !(1u64 << (captured.index() & 63));
    }
    let value = |k: PieceKind| exchange_value(pos, k, mv.to);
    let mut gain = [0i32; 40];
    gain[0] = value(captured);
    let mut on_square = mv.promotion.unwrap_or(mover);
    if let Some(p) = mv.promotion {
        gain[0] += value(p) - value(PieceKind::Pawn);
    }
    let mut side = us.other();
    let mut d = 0;
    while d + 1 < gain.len() {
        let victim_kind = on_square;
        let p = &sets[side.index()];
        let attackers = ((a.pawn[side.other().index()][to] & p.pawns)
            | (a.knight[to] & p.knights)
            | (a.king[to] & p.kings)
            | (a.bishop(to, occ) & p.diagonal)
            | (a.rook(to, occ) & p.orthogonal))
            & occ;
        // The least valuable allowed kinds among the attackers, then the lowest square.
        let mut best: Option<(i32, u64)> = None;
        // The six kinds in order of value on the 8×8 board.
        for k in PieceKind::STANDARD {
            let of_kind = attackers & p.of_kind(k);
            if of_kind == 0 || (rule == CaptureRule::ByValue && !rule.allows(k, victim_kind)) {
                continue;
            }
            let v = value(k);
            best = match best {
                Some((bv, set)) if bv < v => Some((bv, set)),
                Some((bv, set)) if bv == v => Some((bv, set | of_kind)),
                _ => Some((v, of_kind)),
            };
        }
        let Some((_, set)) = best else { break };
        let sq = set.trailing_zeros() as usize;
        let kind = PieceKind::STANDARD
            .into_iter()
            .find(|&k| p.of_kind(k) >> sq & 1 != 0)?;
        d += 1;
        gain[d] = value(victim_kind) - gain[d - 1];
        occ &= !(1u64 << sq);
        on_square = kind;
        side = side.other();
        if victim_kind == PieceKind::King {
            break;
        }
    }
    Some(exchange_result(&mut gain, d))
}

/// [`see`] on a copy of the board with the classic attacker lists: every board, and the
/// reference of [`see64`] in the tests.
fn see_reference(pos: &Position, mv: &Move, captured: PieceKind) -> Option<i32> {
    let us = pos.turn();
    let rule = pos.variant().capture_rule();
    let to = mv.to;
    let mut board = pos.board().clone();
    let mover = board.remove(us, mv.from)?;
    if let Special::EnPassant { captured } = mv.special {
        board.remove(us.other(), captured);
    } else {
        board.remove(us.other(), to);
    }
    let mut gain = [0i32; 40];
    gain[0] = exchange_value(pos, captured, to);
    let mut on_square = mv.promotion.unwrap_or(mover);
    if let Some(p) = mv.promotion {
        gain[0] += exchange_value(pos, p, to) - exchange_value(pos, PieceKind::Pawn, to);
    }
    let mut side = us.other();
    let mut d = 0;
    while d + 1 < gain.len() {
        let victim_kind = on_square;
        let next = classic::attackers(&board, to, side)
            .into_iter()
            .filter_map(|s| board.kind(side, s).map(|k| (s, k)))
            .filter(|&(_, k)| rule != CaptureRule::ByValue || rule.allows(k, victim_kind))
            .min_by_key(|&(s, k)| (exchange_value(pos, k, s), s.index()));
        let Some((sq, kind)) = next else { break };
        d += 1;
        gain[d] = exchange_value(pos, victim_kind, to) - gain[d - 1];
        board.remove(side, sq);
        on_square = kind;
        side = side.other();
        if victim_kind == PieceKind::King {
            break;
        }
    }
    Some(exchange_result(&mut gain, d))
}

impl<'a> Searcher<'a> {
    fn new(
        shared: Shared<'a>,
        ctl: &'a mut dyn SearchControl,
        max_nodes: u64,
        eval_cache: &'a mut Vec<(u64, i32)>,
        stack: &'a mut NetStack,
    ) -> Searcher<'a> {
        Searcher {
            ctl,
            nodes: 0,
            max_nodes,
            min_depth_done: false,
            deadline: shared.deadline,
            stopped: false,
            tt: shared.tt,
            killers: vec![[None; 2]; MAX_PLY + 2],
            history: vec![0; 2 * MAX_SQUARES * MAX_SQUARES],
            counters: vec![None; MAX_SQUARES * MAX_SQUARES],
            path: Vec::with_capacity(MAX_PLY + 1),
            seen: shared.seen,
            caps: shared.caps,
            has_check: shared.has_check,
            lmr: lmr_table(),
            eval_cache,
            next_check: None,
            net: shared.net,
            stack,
        }
    }

    /// Iterative deepening over `root` (reordered as it goes, with `scores` its last
    /// scores) by `plan`, reporting each finished iteration to the control and to
    /// `on_depth`. Returns the best move and its score.
    fn deepen(
        &mut self,
        pos: &Position,
        root: &mut Vec<Move>,
        scores: &mut Vec<i32>,
        plan: &Deepening,
        mut on_depth: Option<&mut dyn FnMut(&SearchInfo, &[Move])>,
    ) -> (Move, i32) {
        self.net_enter(0, pos);
        let noise = plan.noise;
        let mut best = (root[0], 0);
        let mut prev_score: i32 = 0;
        for depth in plan.first..=plan.max_depth {
            self.min_depth_done = depth > plan.must_reach;
            if depth > plan.first {
                // The previous best first, the rest by their last scores.
                let mut order: Vec<(Move, i32)> =
                    root.iter().copied().zip(scores.iter().copied()).collect();
                order.sort_by_key(|&(m, sc)| (m != best.0, std::cmp::Reverse(sc)));
                *root = order.iter().map(|&(m, _)| m).collect();
                *scores = order.iter().map(|&(_, sc)| sc).collect();
            } else {
                self.order(pos, root, None, 0, None);
            }
            let full = plan.analysis || noise > 0;
            let mut window = 35;
            let (mut lo, mut hi) = if depth >= 4 && !full && prev_score.abs() < MATE_BOUND {
                (prev_score - window, prev_score + window)
            } else {
                (-INF, INF)
            };
            let result = loop {
                let r = self.root(pos, plan.root_key, root, scores, depth, lo, hi, noise);
                let Some((m, sc)) = r else { break None };
                if self.stopped {
                    break Some((m, sc));
                }
                if sc <= lo && lo > -INF {
                    lo = (lo - window).max(-INF);
                    window *= 2;
                } else if sc >= hi && hi < INF {
                    hi = (hi + window).min(INF);
                    window *= 2;
                } else {
                    break Some((m, sc));
                }
            };
            if let Some((m, sc)) = result {
                // A partial iteration searched the previous best move first, so any move
                // that beat it is at least as good.
                if !self.stopped || sc > -INF {
                    best = (m, sc);
                }
            }
            if self.stopped {
                break;
            }
            prev_score = best.1;
            // A finished iteration is reported only where someone reads it (a helper
            // thread's control, `NoControl` and `Unreported` do not).
            if on_depth.is_some() || self.ctl.wants_reports() {
                let info = SearchInfo {
                    depth: depth as u32,
                    score: best.1,
                    nodes: self.nodes,
                    best: Some(best.0),
                    pv: tt_pv(self.tt, pos, best.0, depth.max(1) as usize),
                };
                if let Some(f) = on_depth.as_mut() {
                    f(&info, &info.pv);
                }
                self.ctl.report(info);
            }
            if best.1.abs() >= MATE_BOUND && depth >= plan.must_reach && !plan.analysis {
                break;
            }
            if plan.soft.is_some_and(|soft| plan.start.elapsed() >= soft) {
                break;
            }
        }
        best
    }

    fn tick(&mut self) -> bool {
        self.nodes += 1;
        let clock = self.nodes & 255 == 0
            && (self.deadline.is_some_and(|d| Instant::now() >= d)
                || self.ctl.should_stop(self.nodes));
        if clock || (self.min_depth_done && self.nodes >= self.max_nodes) {
            self.stopped = true;
        }
        self.stopped
    }

    /// Records `pos` as the position at `ply` for the network's accumulators.
    #[inline]
    fn net_enter(&mut self, ply: i32, pos: &Position) {
        if self.net.is_some() {
            self.stack.enter(ply as usize, pos);
        }
    }

    /// The static evaluation of `pos` (entered at `ply`) for the side to move: the
    /// network's from its accumulator, else [`evaluate`].
    #[inline]
    fn static_eval(&mut self, pos: &Position, ply: i32) -> i32 {
        match self.net {
            Some(net) => self.stack.evaluate(net, ply as usize, pos),
            None => evaluate(pos),
        }
    }

    /// [`Searcher::static_eval`] through the evaluation cache: `key` is `pos`'s
    /// [`Position::repetition_key`], which holds everything the evaluation reads.
    fn evaluate_cached(&mut self, pos: &Position, key: u64, ply: i32) -> i32 {
        let i = (key as usize) & (EVAL_CACHE_SIZE - 1);
        let slot = self.eval_cache[i];
        if slot.0 == key && slot.1 != i32::MIN {
            return slot.1;
        }
        let e = self.static_eval(pos, ply);
        self.eval_cache[i] = (key, e);
        e
    }

    fn history_index(us: Color, m: &Move) -> usize {
        (us.index() * MAX_SQUARES + m.from.index()) * MAX_SQUARES + m.to.index()
    }

    fn counter_index(m: &Move) -> usize {
        m.from.index() * MAX_SQUARES + m.to.index()
    }

    /// Orders `moves` best first: the transposition move, winning and equal captures (by
    /// SEE where the variant allows it, else MVV-LVA) and promotions, killers, the counter
    /// move, quiet moves by history, losing captures last.
    fn order(
        &self,
        pos: &Position,
        moves: &mut [Move],
        tt_move: Option<MoveCode>,
        ply: usize,
        prev: Option<Move>,
    ) {
        let v = pos.variant();
        let shape = pos.shape();
        let us = pos.turn();
        let k = self.killers[ply.min(MAX_PLY)];
        let counter = prev.and_then(|p| self.counters[Self::counter_index(&p)]);
        let key = |m: &Move| -> i32 {
            if tt_move == Some(MoveCode::of(m)) {
                return 10_000_000;
            }
            if let Some(vk) = victim(pos, m) {
                let att = pos.kind_at(us, m.from).unwrap_or(PieceKind::Pawn);
                let mvv = piece_value(v, vk, shape.zone(m.to)) * 10
                    - piece_value(v, att, shape.zone(m.from)) / 10;
                let promo = m
                    .promotion
                    .map_or(0, |p| piece_value(v, p, shape.zone(m.to)));
                let good = if self.caps.see
                    && piece_value(v, att, shape.zone(m.from))
                        > piece_value(v, vk, shape.zone(m.to))
                {
                    see(pos, m).is_none_or(|s| s >= 0)
                } else {
                    true
                };
                return if good {
                    5_000_000 + mvv + promo
                } else {
                    -5_000_000 + mvv
                };
            }
            if let Some(p) = m.promotion {
                return 4_000_000 + piece_value(v, p, shape.zone(m.to));
            }
            if k[0] == Some(*m) {
                return 3_000_000;
            }
            if k[1] == Some(*m) {
                return 2_900_000;
            }
            if counter == Some(*m) {
                return 2_800_000;
            }
            self.history[Self::history_index(us, m)]
        };
        moves.sort_by_cached_key(|m| std::cmp::Reverse(key(m)));
    }

    fn terminal(pos: &Position, ply: i32) -> i32 {
        match pos.outcome() {
            Some(Outcome::Win { winner, .. }) if winner == pos.turn() => MATE - ply,
            Some(Outcome::Win { .. }) => -MATE + ply,
            Some(Outcome::Draw { .. }) | None => 0,
        }
    }

    fn in_check(&self, pos: &Position) -> bool {
        self.has_check && pos.in_check(pos.turn())
    }

    /// One iteration at the root: PVS over `root` in order within `(alpha, beta)`. With
    /// `noise > 0` every move gets an exact score down to `best - noise` (written to
    /// `scores`); otherwise moves after the first get bounds only. Returns the best move
    /// and score, `None` when stopped before any move finished.
    #[expect(
        clippy::too_many_arguments,
        reason = "the search state of one node, passed down the recursion"
    )]
    fn root(
        &mut self,
        pos: &Position,
        root_key: u64,
        root: &[Move],
        scores: &mut [i32],
        depth: i32,
        alpha0: i32,
        beta: i32,
        noise: i32,
    ) -> Option<(Move, i32)> {
        let mut alpha = alpha0;
        let mut best: Option<(Move, i32)> = None;
        self.path.push(root_key);
        for (i, m) in root.iter().enumerate() {
            let mut child = pos.clone();
            child.play_unchecked(m);
            let score = if noise > 0 {
                let floor = best.map_or(-INF, |b| (b.1 - noise - 1).max(-INF));
                -self.negamax(&child, depth - 1, -INF, -floor, 1, Some(*m), true)
            } else if i == 0 {
                -self.negamax(&child, depth - 1, -beta, -alpha, 1, Some(*m), true)
            } else {
                let mut sc =
                    -self.negamax(&child, depth - 1, -alpha - 1, -alpha, 1, Some(*m), true);
                if sc > alpha && sc < beta && !self.stopped {
                    sc = -self.negamax(&child, depth - 1, -beta, -alpha, 1, Some(*m), true);
                }
                sc
            };
            if self.stopped {
                break;
            }
            scores[i] = score;
            if best.is_none_or(|b| score > b.1) {
                best = Some((*m, score));
            }
            if score > alpha {
                alpha = score;
            }
            if alpha >= beta && noise == 0 {
                break;
            }
        }
        self.path.pop();
        best
    }

    #[expect(
        clippy::too_many_arguments,
        reason = "the search state of one node, passed down the recursion"
    )]
    fn negamax(
        &mut self,
        pos: &Position,
        mut depth: i32,
        mut alpha: i32,
        beta: i32,
        ply: i32,
        prev: Option<Move>,
        allow_null: bool,
    ) -> i32 {
        let known_check = self.next_check.take();
        if self.tick() {
            return 0;
        }
        let us = pos.turn();
        if pos.board().king(us).is_none() {
            return -MATE + ply;
        }
        self.net_enter(ply, pos);
        let key = pos.repetition_key();
        if self.path.contains(&key) || self.seen.contains(&key) {
            return 0;
        }
        let in_check = known_check.unwrap_or_else(|| self.in_check(pos));
        if in_check && (ply as usize) < MAX_PLY / 2 {
            depth += 1;
        }
        if depth <= 0 || ply as usize >= MAX_PLY {
            return self.quiesce(pos, alpha, beta, ply, 0, Some(in_check));
        }
        if pos.halfmove_clock() >= 100 || pos.insufficient_material() {
            return 0;
        }
        let pv = beta - alpha > 1;
        let mut tt_move = None;
        if let Some(e) = self.tt.probe(key) {
            tt_move = e.best;
            if i32::from(e.depth) >= depth
                && !pv
                && let Some(sc) = e.cutoff(ply, alpha, beta)
            {
                return sc;
            }
        }
        // Internal iterative reduction: a node with no move from the table is searched a
        // ply shallower (its first search there fills the table for a deeper one).
        if depth >= 4 && tt_move.is_none() && self.caps.futility() {
            depth -= 1;
        }
        let prune = !pv && !in_check && beta.abs() < MATE_BOUND;
        let null_ok = prune && self.caps.null_move && has_pieces(pos, us);
        // Futility pruning and reverse futility read the static score.
        let futile_ok = null_ok && self.caps.futility();
        let stand = if null_ok {
            self.evaluate_cached(pos, key, ply)
        } else {
            0
        };
        // Reverse futility: far above beta near the leaves (not where a quiet-looking
        // move may capture, as an Intrachange teleport onto the King).
        if futile_ok && depth <= 5 && stand - 110 * depth >= beta {
            return stand;
        }
        // Null move: if passing still fails high, a real move will too. The further the
        // static score is above beta, the shallower the search that proves it.
        if null_ok && allow_null && depth >= 3 && stand >= beta {
            let r = 3 + depth / 6 + ((stand - beta) / 200).min(3);
            let mut child = pos.clone();
            child.set_turn(us.other());
            self.path.push(key);
            // The side that passed gave no check: it was not in check and did not move.
            self.next_check = Some(false);
            let sc = -self.negamax(
                &child,
                depth - 1 - r,
                -beta,
                -beta + 1,
                ply + 1,
                None,
                false,
            );
            self.path.pop();
            if self.stopped {
                return 0;
            }
            if sc >= beta {
                return if sc >= MATE_BOUND { beta } else { sc };
            }
        }
        let mut moves = pos.legal_moves();
        if moves.is_empty() {
            return Self::terminal(pos, ply);
        }
        self.order(pos, &mut moves, tt_move, ply as usize, prev);
        let alpha0 = alpha;
        let mut best = -INF;
        let mut best_move = None;
        let mut quiets_tried: Vec<Move> = Vec::new();
        self.path.push(key);
        let lmp_limit = if prune && self.caps.quiet_pruning && depth <= 3 {
            (4 + depth * depth) as usize
        } else {
            usize::MAX
        };
        // Futility pruning: near the leaves, a quiet move that gives no check is skipped
        // when the static score plus a margin for what it may gain stays at or below alpha.
        let futility = if futile_ok && depth <= 3 {
            stand + 50 + 100 * depth
        } else {
            INF
        };
        // SEE pruning: near the leaves, a capture whose exchange loses more than 100 cp a
        // ply of depth is skipped (where exchanges can be read from the board and any
        // piece may take any other).
        let see_limit = if futile_ok && self.caps.see_pruning && depth <= 6 {
            Some(-100 * depth)
        } else {
            None
        };
        for (i, m) in moves.iter().enumerate() {
            let captured = victim(pos, m);
            let quiet = captured.is_none() && m.promotion.is_none();
            if let (Some(limit), Some(vk)) = (see_limit, captured)
                && best > -MATE_BOUND
                && losing_see(pos, m, vk).is_some_and(|s| s < limit)
            {
                continue;
            }
            let mut child = pos.clone();
            child.play_unchecked(m);
            // Whether the move gives check, asked only where it decides a pruning or a
            // reduction, and handed to the child so that it is not asked twice.
            let mut gives_check = None;
            let mut checks = |s: &mut Self| *gives_check.get_or_insert_with(|| s.in_check(&child));
            if quiet && (i >= lmp_limit || futility <= alpha) && best > -MATE_BOUND && !checks(self)
            {
                continue;
            }
            let reducible = depth >= 3 && i >= 3 && quiet && !in_check;
            if reducible {
                checks(self);
            }
            let score = if i == 0 {
                self.next_check = gives_check;
                -self.negamax(&child, depth - 1, -beta, -alpha, ply + 1, Some(*m), true)
            } else {
                let mut r = 0;
                if reducible && gives_check == Some(false) {
                    r = i32::from(self.lmr[(depth as usize).min(63)][i.min(63)]);
                    if pv {
                        r -= 1;
                    }
                    if Some(*m) == self.killers[(ply as usize).min(MAX_PLY)][0] {
                        r -= 1;
                    }
                    r = r.clamp(0, depth - 2);
                }
                self.next_check = gives_check;
                let mut sc = -self.negamax(
                    &child,
                    depth - 1 - r,
                    -alpha - 1,
                    -alpha,
                    ply + 1,
                    Some(*m),
                    true,
                );
                if sc > alpha && r > 0 && !self.stopped {
                    self.next_check = gives_check;
                    sc = -self.negamax(
                        &child,
                        depth - 1,
                        -alpha - 1,
                        -alpha,
                        ply + 1,
                        Some(*m),
                        true,
                    );
                }
                if sc > alpha && sc < beta && !self.stopped {
                    self.next_check = gives_check;
                    sc = -self.negamax(&child, depth - 1, -beta, -alpha, ply + 1, Some(*m), true);
                }
                sc
            };
            if self.stopped {
                self.path.pop();
                return 0;
            }
            if score > best {
                best = score;
                best_move = Some(*m);
            }
            if score > alpha {
                alpha = score;
            }
            if alpha >= beta {
                if quiet {
                    self.reward_quiet(us, m, &quiets_tried, depth, ply, prev);
                }
                break;
            }
            if quiet {
                quiets_tried.push(*m);
            }
        }
        self.path.pop();
        if best == -INF {
            // Every move was pruned: only possible with a legal move left, so no mate.
            return alpha0;
        }
        let flag = if best >= beta {
            LOWER
        } else if best > alpha0 {
            EXACT
        } else {
            UPPER
        };
        self.tt.store(TtEntry {
            key,
            best: best_move.as_ref().map(MoveCode::of),
            score: to_tt(best, ply),
            depth: depth as i16,
            flag,
            age: 0,
        });
        best
    }

    /// A quiet move that cut off: killer, counter move, history bonus; the quiet moves
    /// tried before it get a malus.
    fn reward_quiet(
        &mut self,
        us: Color,
        m: &Move,
        tried: &[Move],
        depth: i32,
        ply: i32,
        prev: Option<Move>,
    ) {
        let k = &mut self.killers[(ply as usize).min(MAX_PLY)];
        if k[0] != Some(*m) {
            k[1] = k[0];
            k[0] = Some(*m);
        }
        if let Some(p) = prev {
            self.counters[Self::counter_index(&p)] = Some(*m);
        }
        let bonus = (depth * depth).min(400) * 4;
        let bump = |h: &mut i32, b: i32| {
            *h += b - *h * b.abs() / 16_384;
        };
        bump(&mut self.history[Self::history_index(us, m)], bonus);
        for q in tried {
            bump(&mut self.history[Self::history_index(us, q)], -bonus);
        }
    }

    /// Quiescence: captures and promotions (Intrachange: moves that capture by any
    /// landing), or every evasion when in check. `known_check` is whether the side to move
    /// is in check, where the caller knows.
    fn quiesce(
        &mut self,
        pos: &Position,
        mut alpha: i32,
        beta: i32,
        ply: i32,
        qdepth: u32,
        known_check: Option<bool>,
    ) -> i32 {
        if self.tick() {
            return 0;
        }
        let us = pos.turn();
        if pos.board().king(us).is_none() {
            return -MATE + ply;
        }
        self.net_enter(ply, pos);
        // The table's bound for this position, from a search at any depth, ends it here.
        let key = pos.repetition_key();
        if let Some(sc) = self.tt.probe(key).and_then(|e| e.cutoff(ply, alpha, beta)) {
            return sc;
        }
        let in_check = known_check.unwrap_or_else(|| self.in_check(pos));
        if in_check {
            // No standing pat in check: every evasion, and no evasion is mate.
            let mut moves = pos.legal_moves();
            if moves.is_empty() {
                return Self::terminal(pos, ply);
            }
            if qdepth >= MAX_QDEPTH || ply as usize >= MAX_PLY {
                return self.static_eval(pos, ply);
            }
            self.order(pos, &mut moves, None, ply as usize, None);
            let mut best = -INF;
            for m in &moves {
                let mut child = pos.clone();
                child.play_unchecked(m);
                let score = -self.quiesce(&child, -beta, -alpha, ply + 1, qdepth + 1, None);
                if self.stopped {
                    return 0;
                }
                best = best.max(score);
                alpha = alpha.max(score);
                if alpha >= beta {
                    break;
                }
            }
            return best;
        }
        let stand = self.evaluate_cached(pos, key, ply);
        if stand >= beta {
            return stand;
        }
        alpha = alpha.max(stand);
        if qdepth >= MAX_QDEPTH || ply as usize >= MAX_PLY {
            return stand;
        }
        let teleports = pos.variant().has_teleports();
        let mut tactical: Vec<Move> = if self.caps.see || teleports {
            // Captures and promotions only (Intrachange: every move that captures,
            // teleport landings included), generated as such. With none, a side with
            // nothing but its King and pawns may have no move at all (stalemate, the
            // one game end that needs no check): that is asked; a side with more pieces
            // is taken to have a move.
            let captures = pos.legal_captures();
            if captures.is_empty() && !has_pieces(pos, us) && pos.legal_moves().is_empty() {
                return Self::terminal(pos, ply);
            }
            captures
        } else {
            let moves = pos.legal_moves();
            if moves.is_empty() {
                return Self::terminal(pos, ply);
            }
            moves
                .into_iter()
                .filter(|m| victim(pos, m).is_some() || m.promotion.is_some())
                .collect()
        };
        if self.caps.see {
            order_captures(pos, &mut tactical);
        } else {
            self.order(pos, &mut tactical, None, ply as usize, None);
        }
        let mut best = stand;
        for m in &tactical {
            let mut child = pos.clone();
            child.play_unchecked(m);
            let score = -self.quiesce(&child, -beta, -alpha, ply + 1, qdepth + 1, None);
            if self.stopped {
                return 0;
            }
            if score > best {
                best = score;
            }
            if score > alpha {
                alpha = score;
            }
            if alpha >= beta {
                break;
            }
        }
        best
    }
}

fn to_tt(score: i32, ply: i32) -> i32 {
    if score >= MATE_BOUND {
        score + ply
    } else if score <= -MATE_BOUND {
        score - ply
    } else {
        score
    }
}

fn from_tt(score: i32, ply: i32) -> i32 {
    if score >= MATE_BOUND {
        score - ply
    } else if score <= -MATE_BOUND {
        score + ply
    } else {
        score
    }
}

/// Forwards the host's stop and keeps a search's reports from it.
struct Unreported<'a>(&'a mut dyn SearchControl);

impl SearchControl for Unreported<'_> {
    fn should_stop(&mut self, nodes: u64) -> bool {
        self.0.should_stop(nodes)
    }

    fn wants_reports(&self) -> bool {
        false
    }
}

impl Bot for AlphaBetaBot {
    fn name(&self) -> &str {
        &self.name
    }

    /// Searches the alternating variants with `threads` threads (clamped to 1 to
    /// [`MAX_THREADS`]; 1 is the default). More than one is Lazy SMP: helper threads
    /// search the same root into the shared transposition table, every second one a ply
    /// deeper, and stop when the main search stops; the move is the main search's. The
    /// helpers make the table's contents, and so the move, depend on the threads'
    /// timing: only a single-threaded search is deterministic under a node or depth
    /// limit. Parity and Single Occupation commits are searched on one thread.
    fn set_threads(&mut self, threads: usize) {
        self.threads = threads.clamp(1, MAX_THREADS);
    }

    fn choose(
        &mut self,
        pos: &Position,
        limits: SearchLimits,
        ctl: &mut dyn SearchControl,
    ) -> Option<Move> {
        if pos.variant().turn_model() == TurnModel::Simultaneous {
            return self.commit(pos, pos.turn(), limits, ctl);
        }
        self.search(pos, limits, ctl).map(|(m, _)| m)
    }

    fn choose_on_clock(
        &mut self,
        pos: &Position,
        clock: Clock,
        limits: SearchLimits,
        ctl: &mut dyn SearchControl,
    ) -> Option<Move> {
        if pos.variant().turn_model() == TurnModel::Simultaneous {
            let (_, hard) = clock.allocation();
            let limits = SearchLimits {
                movetime: Some(limits.movetime.map_or(hard, |m| m.min(hard))),
                ..limits
            };
            return self.commit(pos, pos.turn(), limits, ctl);
        }
        self.search_on_clock(pos, clock, limits, ctl)
            .map(|(m, _)| m)
    }

    fn commit(
        &mut self,
        pos: &Position,
        side: Color,
        limits: SearchLimits,
        ctl: &mut dyn SearchControl,
    ) -> Option<Move> {
        let limits = self.effective_limits(limits);
        // Every turn's start position reaches both sides' bots: they are the game's
        // positions for repetition. Nothing before a capture or a pawn move recurs.
        if pos.halfmove_clock() == 0 {
            self.seen.clear();
        }
        self.seen.insert(simultaneous::turn_key(pos));
        self.switch_variant(pos.variant());
        let net_eval = self
            .network
            .as_ref()
            .map(|n| NetEval::new(Arc::clone(n), pos));
        let ev = net_eval
            .as_ref()
            .map_or(StaticEval::HandTuned, StaticEval::Network);
        let seen = &self.seen;
        let resolver = |p: &Position, w: &Move, b: &Move| {
            simultaneous::resolve_with_repetitions(seen, p, w, b)
        };
        let settings = simultaneous::CommitSettings::for_level(self.level);
        let choose = |settings: simultaneous::CommitSettings,
                      limits: SearchLimits,
                      ctl: &mut dyn SearchControl,
                      rng: &mut Xoshiro256PlusPlus| {
            simultaneous::choose_commit_evaluated(
                pos, side, limits, ctl, rng, &resolver, settings, ev,
            )
        };
        match self.commits {
            simultaneous::CommitStyle::Mixed => choose(settings, limits, ctl, &mut self.rng),
            simultaneous::CommitStyle::Pure => choose(settings.pure(), limits, ctl, &mut self.rng),
            simultaneous::CommitStyle::MixedWithin(margin_cp) => choose(
                simultaneous::CommitSettings {
                    margin_cp,
                    ..settings
                },
                limits,
                ctl,
                &mut self.rng,
            ),
            simultaneous::CommitStyle::Exploit => {
                // Half of a move time for each step; a node budget holds for each, as it
                // does for the bot predicted.
                let half = SearchLimits {
                    movetime: limits.movetime.map(|t| t / 2),
                    ..limits
                };
                // The prediction's value is the other side's: it is not reported.
                let predicted = simultaneous::choose_commit_evaluated(
                    pos,
                    side.other(),
                    half,
                    &mut Unreported(&mut *ctl),
                    &mut self.rng,
                    &resolver,
                    settings.pure(),
                    ev,
                );
                match predicted {
                    Some(reply) => simultaneous::choose_commit_against(
                        pos, side, &reply, half, ctl, &resolver, settings, ev,
                    ),
                    None => choose(settings.pure(), limits, ctl, &mut self.rng),
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The bitboard exchange equals the board-copy one on every capture of seeded random
    /// games in standard chess and Bully (the variants with exchanges), promotions and en
    /// passant included.
    #[test]
    fn bitboard_see_equals_the_reference_on_every_capture() {
        let mut compared = 0;
        for v in [Variant::Standard, Variant::Bully] {
            for seed in 0..40u64 {
                let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
                let mut p = Position::new(v);
                for _ in 0..150 {
                    let moves = p.legal_moves();
                    if moves.is_empty() {
                        break;
                    }
                    for m in &moves {
                        if let Some(k) = victim(&p, m) {
                            assert_eq!(
                                see64(&p, m, k),
                                see_reference(&p, m, k),
                                "{v} {} {}",
                                m.coordinate(p.shape()),
                                p.to_text()
                            );
                            compared += 1;
                        }
                    }
                    p.play_unchecked(&moves[rng.random_range(0..moves.len())]);
                }
            }
        }
        assert!(compared > 5_000, "{compared}");
    }

    /// The capabilities give each variant the search it had when it was chosen by name.
    #[test]
    fn search_caps_follow_the_variants_capabilities() {
        let caps = |v| {
            let c = SearchCaps::of(v);
            (c.null_move, c.see, c.quiet_pruning, c.see_pruning)
        };
        for v in [Variant::Standard, Variant::BigOuter] {
            assert_eq!(caps(v), (true, true, true, true), "{v}");
        }
        assert_eq!(caps(Variant::Bully), (true, true, true, false));
        assert_eq!(caps(Variant::ForceField), (false, false, true, false));
        assert_eq!(caps(Variant::Intrachange), (true, false, false, false));
        assert_eq!(caps(Variant::Nonviolent), (false, false, true, false));
        for v in [Variant::Parity, Variant::ParitySingle] {
            assert_eq!(caps(v), (false, false, false, false), "{v}");
        }
    }
    use crate::bots::NoControl;
    use crate::bots::random::RandomBot;
    use crate::rules::Variant;

    fn best(fen: &str, v: Variant, level: u8) -> (String, i32) {
        let pos = Position::from_text(v, fen).unwrap();
        let (m, s) = AlphaBetaBot::with_level(level, 3)
            .search(&pos, SearchLimits::default(), &mut NoControl)
            .unwrap();
        (m.coordinate(pos.shape()), s)
    }

    /// Whether the side to move in `pos` has a move that mates at once.
    fn has_mate_in_one(pos: &Position) -> bool {
        pos.legal_moves().iter().any(|m| {
            let mut p = pos.clone();
            p.play_unchecked(m);
            matches!(p.outcome(), Some(Outcome::Win { winner, .. }) if winner == pos.turn())
        })
    }

    /// The transposition table and the evaluation cache are keyed by position only: a bot
    /// that searched one variant and then searches another (the same placements: standard
    /// chess, then Nonviolent and Bully) scores and chooses as a fresh bot does.
    #[test]
    fn a_bot_that_changes_variant_forgets_the_other_variant_s_scores() {
        use rand::{RngExt, SeedableRng};
        let limits = SearchLimits {
            movetime: None,
            depth: Some(3),
            nodes: None,
        };
        let mut rng = rand::rngs::SmallRng::seed_from_u64(5);
        let mut compared = 0;
        for _ in 0..12 {
            // A position of a random Nonviolent game (legal in all three variants).
            let mut p = Position::new(Variant::Nonviolent);
            for _ in 0..rng.random_range(10..40) {
                let moves = p.legal_moves();
                if moves.is_empty() {
                    break;
                }
                p.play_unchecked(&moves[rng.random_range(0..moves.len())]);
            }
            let text = p.to_text();
            for v in [Variant::Nonviolent, Variant::Bully] {
                let pos = Position::from_text(v, &text).unwrap();
                if pos.legal_moves().len() < 2 {
                    continue;
                }
                let standard = Position::from_text(Variant::Standard, &text).unwrap();
                let mut reused = AlphaBetaBot::with_level(8, 1);
                reused.search(&standard, limits, &mut NoControl);
                let mut fresh = AlphaBetaBot::with_level(8, 1);
                // The same seed's shuffle: the fresh bot draws it once more.
                fresh.search(&standard, limits, &mut NoControl);
                fresh.searched = None;
                fresh.tt = Tt::default();
                fresh.eval_cache.clear();
                assert_eq!(
                    reused.search(&pos, limits, &mut NoControl),
                    fresh.search(&pos, limits, &mut NoControl),
                    "{v} {text}"
                );
                compared += 1;
            }
        }
        assert!(compared >= 20, "{compared}");
    }

    #[test]
    fn finds_mate_in_one_back_rank() {
        // Ra8 mates: the Black King is boxed in by its own pawns.
        let (m, s) = best("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1", Variant::Standard, 3);
        assert_eq!(m, "a1a8");
        assert_eq!(s, MATE - 1);
    }

    /// Every level has its own name, and the ratings rise with the level.
    #[test]
    fn levels_have_names_and_ratings_that_rise_with_the_level() {
        assert_eq!(level_name(1), "Beginner");
        assert_eq!(level_name(MAX_LEVEL), "Strongest");
        // Out-of-range levels read as the nearest one, as their limits do.
        assert_eq!(level_name(0), level_name(1));
        assert_eq!(level_elo(99), level_elo(MAX_LEVEL));
        let elos: Vec<u16> = (1..=MAX_LEVEL).map(level_elo).collect();
        assert!(elos.windows(2).all(|w| w[0] < w[1]), "{elos:?}");
        let mut names: Vec<&str> = (1..=MAX_LEVEL).map(level_name).collect();
        names.dedup();
        assert_eq!(names.len(), usize::from(MAX_LEVEL));
    }

    /// Every level, with every seed tried, plays the mate in one: a one-ply search must not
    /// stand pat in a mated position. In the first position White also has a capture
    /// (Rxb7) that a capture-first order tries before the mate (Ra8).
    #[test]
    fn every_level_plays_a_mate_in_one() {
        let fens = [
            (Variant::Standard, "6k1/1p3ppp/8/8/8/8/8/RR4K1 w - - 0 1"),
            (Variant::Standard, "k7/8/1K6/8/8/8/7Q/8 w - - 0 1"),
            (Variant::Bully, "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1"),
            (Variant::Nonviolent, "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1"),
        ];
        // A node budget below what depth 1 needs: the guarantee does not depend on it.
        let tiny = SearchLimits {
            nodes: Some(5),
            ..SearchLimits::default()
        };
        for (v, fen) in fens {
            let pos = Position::from_text(v, fen).unwrap();
            for level in 1..=MAX_LEVEL {
                for seed in 0..6 {
                    let m = AlphaBetaBot::with_level(level, seed)
                        .choose(&pos, tiny, &mut NoControl)
                        .unwrap();
                    let mut p = pos.clone();
                    p.play(&m);
                    assert!(
                        matches!(
                            p.outcome(),
                            Some(Outcome::Win {
                                winner: Color::White,
                                ..
                            })
                        ),
                        "{v} level {level} seed {seed} played {} in {fen}",
                        m.coordinate(pos.shape())
                    );
                }
            }
        }
    }

    /// Black's Rook holds the back rank against Rd8#: six Rook moves down the a-file and
    /// Kh8 allow the mate (Ra1 pins the White Rook instead). From level 2 on no level plays one of them, whatever its noise.
    #[test]
    fn no_level_from_two_allows_a_mate_in_one() {
        let pos = Position::from_text(Variant::Standard, "r5k1/5ppp/8/8/8/8/5PPP/3R2K1 b - - 0 1")
            .unwrap();
        let blunders = pos
            .legal_moves()
            .iter()
            .filter(|m| {
                let mut p = pos.clone();
                p.play_unchecked(m);
                has_mate_in_one(&p)
            })
            .count();
        assert_eq!(blunders, 7);
        // A node budget below what depth 2 needs: the guarantee does not depend on it.
        let tiny = SearchLimits {
            nodes: Some(50),
            ..SearchLimits::default()
        };
        for level in 2..=MAX_LEVEL {
            for seed in 0..8 {
                let m = AlphaBetaBot::with_level(level, seed)
                    .choose(&pos, tiny, &mut NoControl)
                    .unwrap();
                let mut p = pos.clone();
                p.play(&m);
                assert!(
                    !has_mate_in_one(&p),
                    "level {level} seed {seed} allowed a mate with {}",
                    m.coordinate(pos.shape())
                );
            }
        }
    }

    #[test]
    fn finds_mate_in_two_with_the_rook_ladder() {
        // 1. Rb7 (or Ra7) and the other Rook mates on the 8th rank next move.
        let (m, s) = best("7k/8/8/8/8/2K5/1R6/R7 w - - 0 1", Variant::Standard, 4);
        assert!(["b2b7", "a1a7"].contains(&m.as_str()), "{m}");
        assert_eq!(s, MATE - 3);
    }

    #[test]
    fn takes_a_hanging_queen_and_avoids_a_defended_pawn() {
        for level in [1, 3, 8] {
            let (m, _) = best(
                "4k3/8/3q4/8/8/8/3R4/4K3 w - - 0 1",
                Variant::Standard,
                level,
            );
            assert_eq!(m, "d2d6", "level {level}");
        }
        // A pawn defended by a pawn: the Queen does not take it …
        let fen = "4k3/2p5/3p4/8/8/8/3Q4/2K5 w - - 0 1";
        let (m, _) = best(fen, Variant::Standard, 3);
        assert_ne!(m, "d2d6");
        // … except in Bully, where a pawn may not take a Queen, so the pawn is free.
        let (m, _) = best(fen, Variant::Bully, 6);
        assert_eq!(m, "d2d6");
    }

    #[test]
    fn exchanges_follow_x_rays_and_the_capture_rule() {
        let see_of = |v, fen, mv| {
            let p = Position::from_text(v, fen).unwrap();
            see(&p, &p.parse_move(mv).unwrap())
        };
        // Rxd5 Rxd5 Rxd5: the second White Rook recaptures through the first.
        let fen = "3rk3/8/8/3p4/8/8/3R4/3R1K2 w - - 0 1";
        assert_eq!(see_of(Variant::Standard, fen, "d2d5"), Some(100));
        // Without the back Rook the exchange loses the exchange.
        let fen = "3rk3/8/8/3p4/8/8/3R4/5K2 w - - 0 1";
        assert_eq!(see_of(Variant::Standard, fen, "d2d5"), Some(-400));
        // A Knight defended only by a pawn: in Bully the pawn may not take the Rook back …
        let fen = "4k3/8/2p5/3n4/8/8/8/3RK3 w - - 0 1";
        assert_eq!(see_of(Variant::Standard, fen, "d1d5"), Some(-180));
        assert_eq!(see_of(Variant::Bully, fen, "d1d5"), Some(320));
        // … and where the board does not show every capture there is no SEE.
        assert_eq!(see_of(Variant::Intrachange, fen, "d1d5"), None);
        assert_eq!(see_of(Variant::ForceField, fen, "d1d5"), None);
    }

    #[test]
    fn the_table_keeps_a_deep_entry_beside_a_newer_one() {
        let mut tt = Tt::default();
        tt.ensure();
        let entry = |key, depth: i16| TtEntry {
            key,
            best: None,
            score: i32::from(depth),
            depth,
            flag: EXACT,
            age: 0,
        };
        let stride = 1u64 << TT_BITS;
        tt.store(entry(5, 9));
        tt.store(entry(5 + stride, 2));
        tt.store(entry(5 + 2 * stride, 1));
        // The deep entry stays; the newest shallow one took the always-replace slot.
        assert_eq!(tt.probe(5).map(|e| e.depth), Some(9));
        assert_eq!(tt.probe(5 + stride).map(|e| e.depth), None);
        assert_eq!(tt.probe(5 + 2 * stride).map(|e| e.depth), Some(1));
        // A deeper entry takes the first slot; the old deep one moves to the second.
        tt.store(entry(5 + 3 * stride, 12));
        assert_eq!(tt.probe(5 + 3 * stride).map(|e| e.depth), Some(12));
        assert_eq!(tt.probe(5).map(|e| e.depth), Some(9));
        // A new search: an old entry gives way to any new one, and is kept second.
        tt.age = tt.age.wrapping_add(1);
        tt.store(entry(5 + 4 * stride, 1));
        assert_eq!(tt.probe(5 + 4 * stride).map(|e| e.depth), Some(1));
        assert_eq!(tt.probe(5 + 3 * stride).map(|e| e.depth), Some(12));
        assert_eq!(tt.probe(5).map(|e| e.depth), None);
    }

    /// Every move of seeded random games in every variant (castling, promotions, en
    /// passant, Intrachange's teleports, Big Outer's pieces, Parity's commits) has a table
    /// code that no other legal move of its position shares, and that names it again
    /// after a round trip through a packed entry.
    #[test]
    fn a_move_code_names_one_legal_move() {
        let mut checked = 0;
        for v in Variant::ALL {
            for seed in 0..12u64 {
                let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
                let mut p = Position::new(v);
                for _ in 0..150 {
                    let simultaneous = v.turn_model() == TurnModel::Simultaneous;
                    let lists = if simultaneous {
                        Color::BOTH.map(|c| p.legal_commits(c)).to_vec()
                    } else {
                        vec![p.legal_moves()]
                    };
                    for (moves, m) in lists.iter().flat_map(|l| l.iter().map(move |m| (l, m))) {
                        let code = MoveCode::of(m);
                        let same: Vec<&Move> =
                            moves.iter().filter(|o| MoveCode::of(o) == code).collect();
                        assert_eq!(same, [m], "{v} {}", p.to_text());
                        let e = TtEntry {
                            key: rng.random(),
                            best: Some(code),
                            score: -17,
                            depth: 3,
                            flag: LOWER,
                            age: 200,
                        };
                        let back = TtEntry::unpack(e.key, e.pack()).best;
                        assert_eq!(back, Some(code), "{v}");
                        if !simultaneous {
                            assert_eq!(code.find(&p), Some(*m), "{v}");
                        }
                        checked += 1;
                    }
                    if p.outcome().is_some() || lists.iter().any(Vec::is_empty) {
                        break;
                    }
                    let pick = |l: &Vec<Move>, rng: &mut Xoshiro256PlusPlus| {
                        l[rng.random_range(0..l.len())]
                    };
                    if simultaneous {
                        let (w, b) = (pick(&lists[0], &mut rng), pick(&lists[1], &mut rng));
                        p.resolve_legal(&w, &b);
                    } else {
                        p.play_unchecked(&pick(&lists[0], &mut rng));
                    }
                }
            }
        }
        assert!(checked > 50_000, "{checked}");
    }

    /// A table entry keeps its score, depth, flag, age and move through the packed word,
    /// at the ends of their ranges; an empty slot reads as no entry.
    #[test]
    fn a_table_entry_survives_its_packed_word() {
        let code = MoveCode::of(&Move {
            promotion: Some(PieceKind::OuterKnight),
            ..Move::new(crate::rules::Square(147), crate::rules::Square(146))
        });
        for (score, depth) in [
            (0, 1),
            (-1, 0),
            (MATE + MAX_PLY as i32, i16::MAX),
            (-MATE - MAX_PLY as i32, -1),
            (INF, 64),
            (-INF, i16::MIN),
        ] {
            for best in [None, Some(code), Some(MoveCode::default())] {
                for (flag, age) in [(EXACT, 0), (LOWER, 255), (UPPER, 7)] {
                    let e = TtEntry {
                        key: 0xdead_beef_0123_4567,
                        best,
                        score,
                        depth,
                        flag,
                        age,
                    };
                    let back = TtEntry::unpack(e.key, e.pack());
                    assert_eq!(
                        (back.best, back.score, back.depth, back.flag, back.age),
                        (best, score, depth, flag, age)
                    );
                }
            }
        }
        let mut tt = Tt::default();
        tt.ensure();
        assert!(tt.probe(0).is_none());
        assert!(tt.probe(12345).is_none());
    }

    /// With helper threads (Lazy SMP) the search still finds the mate in two and takes
    /// the hanging Queen, plays a legal move in the variants with their own moves, and
    /// ends on a move time; the thread count is clamped.
    #[test]
    fn a_search_with_helper_threads_finds_what_one_thread_finds() {
        let mut bot = AlphaBetaBot::with_level(8, 3);
        bot.set_threads(0);
        assert_eq!(bot.threads(), 1);
        bot.set_threads(1_000);
        assert_eq!(bot.threads(), MAX_THREADS);
        bot.set_threads(3);
        assert_eq!(bot.threads(), 3);
        let depth = |d| SearchLimits {
            depth: Some(d),
            ..SearchLimits::default()
        };
        let pos =
            Position::from_text(Variant::Standard, "7k/8/8/8/8/2K5/1R6/R7 w - - 0 1").unwrap();
        let (m, s) = bot.search(&pos, depth(4), &mut NoControl).unwrap();
        assert!(
            ["b2b7", "a1a7"].contains(&m.coordinate(pos.shape()).as_str()),
            "{m:?}"
        );
        assert_eq!(s, MATE - 3);
        let pos =
            Position::from_text(Variant::Standard, "4k3/8/3q4/8/8/8/3R4/4K3 w - - 0 1").unwrap();
        let (m, _) = bot.search(&pos, depth(6), &mut NoControl).unwrap();
        assert_eq!(m.coordinate(pos.shape()), "d2d6");
        assert_eq!(bot.helpers.len(), 2);
        for v in [Variant::Intrachange, Variant::BigOuter, Variant::ForceField] {
            let pos = Position::new(v);
            let limits = SearchLimits {
                movetime: Some(Duration::from_millis(200)),
                ..SearchLimits::default()
            };
            let (m, _) = bot.search(&pos, limits, &mut NoControl).unwrap();
            assert!(pos.is_legal(&m), "{v} {m:?}");
        }
    }

    #[test]
    fn a_clock_search_plays_a_legal_move() {
        for v in [Variant::Standard, Variant::BigOuter, Variant::Nonviolent] {
            let pos = Position::new(v);
            let mut bot = AlphaBetaBot::with_level(8, 2);
            let m = bot
                .choose_on_clock(
                    &pos,
                    Clock::ms(2_000, 20),
                    SearchLimits::default(),
                    &mut NoControl,
                )
                .unwrap();
            assert!(pos.is_legal(&m), "{v}");
        }
    }

    #[test]
    fn the_weakest_level_varies_its_first_move_between_seeds() {
        let pos = Position::new(Variant::Standard);
        let firsts: HashSet<Move> = (0..12)
            .map(|seed| {
                AlphaBetaBot::with_level(1, seed)
                    .choose(&pos, SearchLimits::default(), &mut NoControl)
                    .unwrap()
            })
            .collect();
        assert!(firsts.len() >= 4, "{}", firsts.len());
    }

    #[test]
    fn node_budget_makes_search_deterministic() {
        let pos = Position::new(Variant::Standard);
        let lim = SearchLimits {
            nodes: Some(3_000),
            ..SearchLimits::default()
        };
        let a = AlphaBetaBot::with_level(5, 9).search(&pos, lim, &mut NoControl);
        let b = AlphaBetaBot::with_level(5, 9).search(&pos, lim, &mut NoControl);
        assert_eq!(a, b);
    }

    #[test]
    fn plays_legal_moves_in_big_outer_bully_and_nonviolent() {
        for v in [
            Variant::BigOuter,
            Variant::Bully,
            Variant::Nonviolent,
            Variant::ForceField,
        ] {
            let pos = Position::new(v);
            let lim = SearchLimits {
                nodes: Some(2_000),
                ..SearchLimits::default()
            };
            let m = AlphaBetaBot::with_level(2, 1)
                .choose(&pos, lim, &mut NoControl)
                .unwrap();
            assert!(pos.is_legal(&m), "{v}");
        }
    }

    /// Random games are played until a position arises in which some legal move captures
    /// the King (by the effects the rules report); the bot must then play a King-capturing
    /// move. Such a position arises within these 20 games (seed 5).
    #[test]
    fn intrachange_king_capture_is_found_when_available() {
        let v = Variant::Intrachange;
        let mut rnd = RandomBot::new(5);
        for game in 0..20 {
            let mut pos = Position::new(v);
            for _ in 0..120 {
                if pos.outcome().is_some() {
                    break;
                }
                let kills: Vec<Move> = pos
                    .legal_moves()
                    .into_iter()
                    .filter(|m| {
                        let mut p = pos.clone();
                        p.try_play(m).is_ok_and(|fx| {
                            fx.iter().any(|e| matches!(e, crate::rules::Effect::Capture { piece, .. } if piece.kind == PieceKind::King))
                        })
                    })
                    .collect();
                if !kills.is_empty() {
                    let m = AlphaBetaBot::with_level(2, game)
                        .choose(&pos, SearchLimits::default(), &mut NoControl)
                        .unwrap();
                    assert!(
                        kills.contains(&m),
                        "{} {}",
                        pos.to_text(),
                        m.coordinate(pos.shape())
                    );
                    return;
                }
                let Some(m) = rnd.choose(&pos, SearchLimits::default(), &mut NoControl) else {
                    break;
                };
                pos.play_unchecked(&m);
            }
        }
        panic!("no position with a King capture arose in 20 random Intrachange games");
    }
}
