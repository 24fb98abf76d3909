//! Resources of the game: the authoritative record, the redo stack, the review cursor, the
//! status line and the log of which set handled which effect.

use bevy::prelude::*;

use crate::rules::{Effect, Entry, GameRecord, Position, TurnModel, Variant};
use crate::{SimultaneousSystems, TeleportSystems};

/// The game being played: the authoritative [`GameRecord`] (its current position is the
/// truth the entities show), the redo stack and the review cursor.
#[derive(Resource, Debug, Clone)]
pub struct ActiveGame {
    /// The record; `record.current()` is the live position.
    pub record: GameRecord,
    /// Undone entries, most recent last.
    pub redo: Vec<Entry>,
    /// Showing the position after this many entries, read-only (`None`: live).
    pub review: Option<usize>,
    /// Who started the game (decides whether it is kept in the recent games when replaced).
    pub origin: GameOrigin,
    /// Which game this is: a new number each time the game is replaced (a new game, a
    /// loaded one …), the same through moves, undo and review. Bots and other per-game
    /// state are kept while it stays the same.
    pub id: u64,
}

/// Who started a game.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub enum GameOrigin {
    /// A player: the command line, a menu, a loaded file, a scene, a take-over.
    #[default]
    Player,
    /// The demo's own bots (not kept in the recent games: the demo plays for hours).
    Demo,
    /// A game replayed from a watched file (`play --watch`): not the player's either.
    Watched,
    /// A scripted scene's game: the player's once the scene is closed.
    Scene,
    /// A lesson step's or a puzzle's position ([`crate::coach`]): not kept in the recent
    /// games; the player's once they play on from it.
    Learning,
}

impl Default for ActiveGame {
    fn default() -> Self {
        ActiveGame::new(Position::new(Variant::default()))
    }
}

impl ActiveGame {
    /// A new game from `start`.
    pub fn new(start: Position) -> ActiveGame {
        ActiveGame::from_record(GameRecord::new(start))
    }

    /// A game continuing `record` (e.g. after `--moves`).
    pub fn from_record(record: GameRecord) -> ActiveGame {
        ActiveGame {
            record,
            redo: Vec::new(),
            review: None,
            origin: GameOrigin::Player,
            id: 0,
        }
    }

    /// Replaces this game by `next`. The game being replaced is first written to the
    /// recent games when it has moves and a player started it, so that no key, menu or
    /// file action loses a game. Returns a note for the status line when the archive
    /// failed (the replacement goes ahead: the autosave still holds the old game until the
    /// next move).
    pub fn replace(&mut self, next: ActiveGame, recent: Option<&RecentSlot>) -> Option<String> {
        let mut note = None;
        if self.origin == GameOrigin::Player
            && !self.record.is_empty()
            && let Some(recent) = recent.and_then(|r| r.0.as_ref())
            && let Err(e) = recent.archive(&self.record)
        {
            note = Some(format!("The previous game could not be kept: {e}."));
        }
        let id = self.id.wrapping_add(1);
        *self = next;
        self.id = id;
        note
    }

    /// The variant.
    pub fn variant(&self) -> Variant {
        self.record.variant()
    }

    /// The position the board shows: the reviewed one, else the live one.
    pub fn shown(&self) -> &Position {
        self.review
            .and_then(|n| self.record.position_after(n))
            .unwrap_or_else(|| self.record.current())
    }

    /// The name of `side`'s player as the record's `White` / `Black` tag gives it (`Human`,
    /// a bot spec, or a name from a loaded file).
    pub fn player_name(&self, side: crate::rules::Color) -> Option<&str> {
        let tag = match side {
            crate::rules::Color::White => "White",
            crate::rules::Color::Black => "Black",
        };
        self.record
            .tags
            .iter()
            .find(|(k, _)| k == tag)
            .map(|(_, v)| v.as_str())
    }

    /// The sides whose move is due now: the side to move (alternating), or every side that
    /// has not committed yet (Parity: both sides commit on the start-of-turn position). None
    /// once the game is over.
    pub fn sides_due(&self, commits: &super::commits::ParityCommits) -> Vec<crate::rules::Color> {
        if self.record.outcome().is_some() {
            return Vec::new();
        }
        match self.variant().turn_model() {
            TurnModel::Alternating => vec![self.record.current().turn()],
            TurnModel::Simultaneous => crate::rules::Color::BOTH
                .into_iter()
                .filter(|s| !commits.has_committed(*s))
                .collect(),
        }
    }

    /// The sides that act in this game's entries: the side to move (alternating), both
    /// (Parity). Unlike [`ActiveGame::sides_due`] it ignores commits and the result.
    pub fn sides_acting(&self) -> Vec<crate::rules::Color> {
        match self.variant().turn_model() {
            TurnModel::Alternating => vec![self.record.current().turn()],
            TurnModel::Simultaneous => crate::rules::Color::BOTH.to_vec(),
        }
    }
}

/// Which sides a program plays (set by the bot plugin from its players). Against a bot,
/// undo and redo step to the next position where a person is to move, so that taking back
/// a move also takes back the bot's reply (and the bot does not simply play it again).
#[derive(Resource, Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct AutomatedSides {
    /// White is played by a program.
    pub white: bool,
    /// Black is played by a program.
    pub black: bool,
}

impl AutomatedSides {
    /// Whether `side` is played by a program (its name is the game record's `White` /
    /// `Black` tag).
    pub fn plays(&self, side: crate::rules::Color) -> bool {
        match side {
            crate::rules::Color::White => self.white,
            crate::rules::Color::Black => self.black,
        }
    }

    /// Whether undo/redo of an alternating game should skip a position where `side` is to
    /// move: only when exactly one side is a program and `side` is that side.
    pub fn skips(&self, side: crate::rules::Color) -> bool {
        self.white != self.black && self.plays(side)
    }
}

/// Where replaced games are kept ([`ActiveGame::replace`]); `None` (tests, the demo)
/// keeps nothing.
#[derive(Resource, Debug, Clone, Default)]
pub struct RecentSlot(pub Option<crate::persist::RecentGames>);

/// One line of text for the player: the last rejection reason, whose move it is, the result.
#[derive(Resource, Debug, Clone, Default, PartialEq, Eq)]
pub struct StatusLine(pub String);

/// Which resolution set handled something.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ResolutionSet {
    /// A set of the alternating pipeline.
    Teleport(TeleportSystems),
    /// A set of the simultaneous (Parity) pipeline.
    Simultaneous(SimultaneousSystems),
}

/// One line of the [`StageLog`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StageLogEntry {
    /// The set that ran.
    pub set: ResolutionSet,
    /// The effect it applied; `None` for the Settle check itself (and Commit/Reveal).
    pub effect: Option<Effect>,
}

/// The effects applied, with the set that applied each, in order (for tests and debugging):
/// the most recent ones, at least [`StageLog::KEEP`] entries when that many were logged.
#[derive(Resource, Debug, Clone, Default)]
pub struct StageLog(pub Vec<StageLogEntry>);

impl StageLog {
    /// Entries kept when the log is trimmed (once per frame, after the moves resolved).
    pub const KEEP: usize = 4096;

    /// Drops the oldest entries once the log holds more than twice [`StageLog::KEEP`], so
    /// a long session (the demo runs for hours) does not grow it without bound.
    pub fn trim(&mut self) {
        if self.0.len() > 2 * Self::KEEP {
            let drop = self.0.len() - Self::KEEP;
            self.0.drain(..drop);
        }
    }

    /// The sets in the order they logged, with consecutive repeats collapsed.
    pub fn set_sequence(&self) -> Vec<ResolutionSet> {
        let mut out: Vec<ResolutionSet> = Vec::new();
        for e in &self.0 {
            if out.last() != Some(&e.set) {
                out.push(e.set);
            }
        }
        out
    }
}

/// Move requests waiting to be resolved, oldest first: each is taken by its own run of the
/// [`ResolveMove`](crate::ResolveMove) (Parity: [`ResolveTurn`](crate::ResolveTurn))
/// schedule, so the stage sets never mix two moves.
#[derive(Resource, Debug, Clone, Default)]
pub struct PendingMoves(pub std::collections::VecDeque<crate::game::SubmitMoveRequest>);
