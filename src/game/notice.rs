//! What the game tells the player, as typed [`Notice`]s, and the one narrator that puts
//! them into words for the status line (`narrate_notices`, the only writer of
//! [`StatusLine`]). Every system that has something to say — the game's stages, the clocks,
//! the files, the bots, a click on the board — writes a notice with the facts (a
//! [`Refusal`], a [`HoldReason`], an [`Outcome`], a path); the words come from here and
//! from the rules core's narrator ([`narrate`]). Runs in `PostUpdate`, after everything a
//! frame did; when several notices arrive in one frame the last one is shown.

use std::path::PathBuf;

use bevy::prelude::*;

use super::commits::{CommitError, ParityCommits};
use super::messages::{SquareCaption, SquareCaptionKind};
use super::session::HoldReason;
use super::state::{ActiveGame, AutomatedSides, GameOrigin, StatusLine};
use crate::bots::BotError;
use crate::rules::narrate::{self, Audience};
use crate::rules::{Color as Side, Effect, Outcome, PieceKind, Refusal, Variant};

/// Why a move, a click or a request is not taken now.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum NotNow {
    /// A question or dialog holds the game.
    Held(HoldReason),
    /// An earlier position is shown (read-only).
    Reviewing,
    /// The game is over.
    GameOver(Outcome),
    /// The side due is a bot's.
    BotsSeat {
        /// The side.
        side: Side,
        /// The bot's name.
        bot: String,
    },
    /// Parity: the person has committed; the next commit waits for the next turn.
    Committed,
    /// A scene is being shown.
    SceneShown,
    /// A file is being watched: nobody plays its games here.
    Watching,
    /// The demo's game: a visitor takes it over first.
    DemoGame,
    /// A lesson or puzzle: the coach plays `side`'s moves.
    CoachPlays(Side),
}

/// Why a premove is not queued.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PremoveRefusal {
    /// Parity has no premoves.
    Simultaneous,
    /// The game is over.
    GameOver,
    /// An earlier position is shown.
    Reviewing,
    /// A premove is a person's reply to a bot (`side` asked for one).
    NotAReply(Side),
}

/// Why a resignation or a draw offer is not taken.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FlowRefusal {
    /// The game is already over.
    AlreadyOver(Outcome),
    /// Not a game of the person at this machine (the demo's, a watched file's).
    NotThisMachine,
    /// A question or dialog holds the game.
    Held(HoldReason),
}

/// Why a bot gave no move.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum BotFault {
    /// It answered without a move (the reason it gave, if any: told as "no move" without).
    NoMove(Option<BotError>),
    /// It failed (panicked, lost its thread).
    Failed(BotError),
    /// No bot of that name is registered.
    Unknown,
    /// Its thread could not start.
    CannotStart(String),
}

/// How a record came onto the board.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Arrival {
    /// Loaded from a game file.
    Loaded(PathBuf),
    /// A recent, resumed or pasted game with moves.
    Restored,
    /// A position without moves (pasted, set up in the editor).
    SetUp,
}

/// One thing the game tells the player.
#[derive(Message, Debug, Clone, PartialEq)]
pub enum Notice {
    /// The game on the board, at start: whose turn it is.
    Started,
    /// A new game of `variant`; `archive` is why the replaced game could not be kept.
    NewGame {
        /// The variant.
        variant: Variant,
        /// The archive's error, if the replaced game could not be kept.
        archive: Option<String>,
    },
    /// A record replaced the game.
    Arrived {
        /// How.
        how: Arrival,
        /// The archive's error, if the replaced game could not be kept.
        archive: Option<String>,
    },
    /// A game file could not be read; the game stays.
    LoadFailed {
        /// The file.
        path: PathBuf,
        /// Why, in words.
        error: String,
    },
    /// The game was saved.
    Saved(PathBuf),
    /// The game could not be saved.
    SaveFailed(String),
    /// The autosave could not be written.
    AutosaveFailed(String),
    /// The settings could not be written.
    SettingsNotSaved(String),
    /// What the start-up files said (settings, data folder, autosave).
    StartNotes(Vec<String>),
    /// A lesson or puzzle could not be started: why.
    CoachRefused(String),
    /// A move (Parity: a turn) was played with these effects.
    Played {
        /// The effects, in rules order.
        effects: Vec<Effect>,
    },
    /// A move was taken back (`with_reply`: the bot's reply with it).
    Undone {
        /// The bot's reply was taken back too.
        with_reply: bool,
    },
    /// Nothing to undo.
    NothingToUndo,
    /// Nothing to redo.
    NothingToRedo,
    /// The position after `n` entries is shown.
    Reviewing(usize),
    /// Back to the live position.
    BackToLive,
    /// A move or click was not taken now.
    NotNow(NotNow),
    /// The rules refused a move.
    Refused {
        /// The move, coordinate form.
        mv: String,
        /// Why.
        refusal: Refusal,
    },
    /// A Parity commit was refused.
    CommitRefused {
        /// The move, coordinate form.
        mv: String,
        /// Why.
        error: CommitError,
    },
    /// Both commits were revealed but the rules refused the turn.
    TurnNotResolved {
        /// The move, coordinate form.
        mv: String,
        /// Why.
        refusal: Refusal,
    },
    /// A commit was recorded (hidden).
    Committed,
    /// Undo dropped the pending commits.
    CommitsDropped,
    /// `side` took its commit back.
    CommitTakenBack(Side),
    /// `side` has no commit to take back.
    NoCommitToTakeBack(Side),
    /// `side`'s commit is its bot's and stands.
    BotCommitStands(Side),
    /// `side` has already committed this turn.
    AlreadyCommitted(Side),
    /// A typed text fits several moves.
    TypedAmbiguous {
        /// The text.
        text: String,
        /// The moves it could be.
        candidates: Vec<String>,
    },
    /// No move fits a typed text: why, as the move box words it.
    TypedRefused(String),
    /// A premove was queued for `side`.
    PremoveQueued {
        /// The move, coordinate form.
        mv: String,
        /// The side that plays it.
        side: Side,
    },
    /// The premove was cancelled.
    PremoveCancelled,
    /// A premove could not be queued.
    PremoveRefused(PremoveRefusal),
    /// The premove was dropped when its turn came.
    PremoveDropped {
        /// The move.
        mv: String,
        /// Why the rules refuse it now (`None`: it is not legal now).
        refusal: Option<Refusal>,
    },
    /// `side` resigned.
    Resigned {
        /// The side.
        side: Side,
        /// The result.
        outcome: Outcome,
    },
    /// `side` offers a draw.
    DrawOffered(Side),
    /// `side` declines the draw offered to it.
    DrawDeclined(Side),
    /// The draw was agreed.
    DrawAgreed(Outcome),
    /// There was no offer to answer.
    NoOfferToAnswer,
    /// A resignation or draw offer was not taken.
    FlowRefused(FlowRefusal),
    /// A flag fell.
    FlagFell(Outcome),
    /// A watched file's game is on the board.
    Watching {
        /// The file.
        path: PathBuf,
        /// White's tag.
        white: String,
        /// Black's tag.
        black: String,
    },
    /// A watched file could not be read.
    WatchProblem {
        /// The file.
        path: PathBuf,
        /// Why.
        why: String,
    },
    /// A watched game ended with its recorded result.
    WatchedGameOver(Outcome),
    /// A bot gave no move.
    Bot {
        /// The bot's side.
        side: Side,
        /// Its name.
        name: String,
        /// What went wrong.
        fault: BotFault,
    },
    /// The selected piece has no legal move.
    NoLegalMove {
        /// Its kind.
        kind: PieceKind,
        /// Its square's name.
        square: String,
        /// The reason that holds it, if one beyond its movement.
        refusal: Option<Refusal>,
    },
    /// A click on the other side's piece.
    NotYourPiece {
        /// The piece's side.
        piece: Side,
        /// The side to move.
        to_move: Side,
    },
    /// A click on an empty square with nothing selected.
    SelectAPiece(Side),
}

/// The words for a hold.
pub fn hold_words(reason: HoldReason) -> &'static str {
    match reason {
        HoldReason::ResumeQuestion => {
            "answer the question first: resume the unfinished game or start a new one"
        }
        HoldReason::ReplaceQuestion => {
            "answer the question first: replace the game in progress or keep playing"
        }
        HoldReason::FileDialog => "the file dialog is open",
        HoldReason::DemoOffer => "the demo is paused: choose how to play",
    }
}

/// The words for a premove refusal (no final full stop).
pub fn premove_words(r: PremoveRefusal) -> String {
    match r {
        PremoveRefusal::Simultaneous => "No premoves in Parity: both sides commit from the \
            position the turn starts with, so the next turn's commit waits for that position"
            .into(),
        PremoveRefusal::GameOver => "The game is over".into(),
        PremoveRefusal::Reviewing => "An earlier position is shown".into(),
        PremoveRefusal::NotAReply(side) => {
            format!("A premove is for {}'s reply to a bot", side.title())
        }
    }
}

/// Whose turn it is, or the result, as a sentence ([`narrate::side_to_move`]):
/// `White to move.`, `Black to move — check!`, `Game over: White wins by checkmate.`.
pub fn turn_text(game: &ActiveGame) -> String {
    let pos = game.record.current();
    narrate::side_to_move(
        pos,
        game.record.outcome().as_ref(),
        pos.in_check(pos.turn()),
    )
}

/// The status line while a turn is being committed (never names a committed move). The
/// take-back key is offered only for a commit a person made: a bot's commit (`automated`)
/// stands.
pub fn commit_status(commits: &ParityCommits, automated: AutomatedSides) -> String {
    let committed = |side: Side| {
        let other = side.other();
        let back = if automated.plays(side) {
            String::new()
        } else {
            format!(" (Backspace: {} takes it back)", side.title())
        };
        format!(
            "{} has committed (hidden). {} to commit.{back}",
            side.title(),
            other.title()
        )
    };
    match (
        commits.has_committed(Side::White),
        commits.has_committed(Side::Black),
    ) {
        (true, false) => committed(Side::White),
        (false, true) => committed(Side::Black),
        _ => "White to commit a move.".to_string(),
    }
}

fn with_archive(archive: &Option<String>, text: String) -> String {
    match archive {
        Some(e) => format!("The previous game could not be kept: {e}. {text}"),
        None => text,
    }
}

/// The words of `notice` for the status line, with the game and the Parity commits as they
/// stand now.
pub fn words(
    notice: &Notice,
    game: &ActiveGame,
    commits: &ParityCommits,
    automated: AutomatedSides,
) -> String {
    let player = |r: &Refusal| narrate::refusal(r, Audience::Player);
    match notice {
        Notice::Started => turn_text(game),
        // A lesson step or a puzzle puts its position on the board as a new game: the status
        // line names it as such (the coach's panel under the board says what to do).
        Notice::NewGame { variant, archive } if game.origin == GameOrigin::Learning => {
            with_archive(
                archive,
                format!(
                    "{variant}: a lesson or puzzle position (its task is under the board). {}",
                    turn_text(game)
                ),
            )
        }
        Notice::NewGame { variant, archive } => with_archive(
            archive,
            format!("New game of {variant}. {}", turn_text(game)),
        ),
        Notice::Arrived { how, archive } => {
            let what = match how {
                Arrival::Loaded(p) => format!("Loaded {}.", p.display()),
                Arrival::Restored => "Game restored.".to_string(),
                Arrival::SetUp => "Position set up.".to_string(),
            };
            with_archive(archive, format!("{what} {}", turn_text(game)))
        }
        Notice::LoadFailed { path, error } => {
            format!("Could not load {}: {error}", path.display())
        }
        Notice::Saved(p) => format!("Saved to {}.", p.display()),
        Notice::SaveFailed(e) => format!("Could not save: {e}"),
        Notice::AutosaveFailed(e) => format!("Autosave failed: {e}"),
        Notice::SettingsNotSaved(e) => format!("Settings not saved: {e}"),
        Notice::StartNotes(notes) => notes.join(" "),
        Notice::CoachRefused(why) => format!("Not started: {why}."),
        Notice::Played { effects } => narrate::status_line(&game.record, effects),
        Notice::Undone { with_reply } => {
            let what = if *with_reply {
                "Your move and the bot's reply"
            } else {
                "Move"
            };
            format!("{what} taken back. {}", turn_text(game))
        }
        Notice::NothingToUndo => "Nothing to undo.".into(),
        Notice::NothingToRedo => "Nothing to redo.".into(),
        Notice::Reviewing(n) => format!(
            "Reviewing the position after {} (read-only).",
            narrate::count(*n, "move")
        ),
        Notice::BackToLive => format!("Back to the live game. {}", turn_text(game)),
        Notice::NotNow(why) => not_now_words(why),
        Notice::Refused { mv, refusal } => format!("Illegal move {mv}: {}.", player(refusal)),
        Notice::CommitRefused { mv, error } => format!("Commit {mv} refused: {error}."),
        Notice::TurnNotResolved { mv, refusal } => {
            format!("Turn not resolved ({mv}): {}.", player(refusal))
        }
        Notice::Committed => commit_status(commits, automated),
        Notice::CommitsDropped => {
            format!("Commit taken back. {}", commit_status(commits, automated))
        }
        Notice::CommitTakenBack(side) => format!(
            "{} took the commit back. {}",
            side.title(),
            commit_status(commits, automated)
        ),
        Notice::NoCommitToTakeBack(side) => {
            format!("{} has no commit to take back.", side.title())
        }
        Notice::BotCommitStands(side) => format!(
            "{}'s commit is its bot's: only a person takes a commit back.",
            side.title()
        ),
        Notice::AlreadyCommitted(side) => {
            format!("{} has already committed this turn.", side.title())
        }
        Notice::TypedAmbiguous { text, candidates } => format!(
            "Not played: '{}' could be {}.",
            text.trim(),
            candidates.join(", ")
        ),
        Notice::TypedRefused(why) => format!("Not played: {why}."),
        Notice::PremoveQueued { mv, side } => format!(
            "Premove {mv}: played as soon as {} has moved (click elsewhere to cancel).",
            side.other().title()
        ),
        Notice::PremoveCancelled => "Premove cancelled.".into(),
        Notice::PremoveRefused(r) => format!("{}.", premove_words(*r)),
        Notice::PremoveDropped { mv, refusal } => {
            let why = refusal
                .as_ref()
                .map_or_else(|| "it is not legal now".to_string(), player);
            format!("Premove {mv} dropped: {why}.")
        }
        Notice::Resigned { side, outcome } => {
            format!("{} resigns. {}.", side.title(), outcome.describe())
        }
        Notice::DrawOffered(side) => format!("{} offers a draw.", side.title()),
        Notice::DrawDeclined(side) => format!("{} declines the draw.", side.title()),
        Notice::DrawAgreed(o) => format!("{}.", o.describe()),
        Notice::NoOfferToAnswer => "There is no draw offer to answer.".into(),
        Notice::FlowRefused(r) => match r {
            FlowRefusal::AlreadyOver(o) => {
                format!("The game is already over: {}.", o.describe())
            }
            FlowRefusal::NotThisMachine => {
                "This game is not played at this machine: take it over first.".into()
            }
            FlowRefusal::Held(h) => format!("Not now: {}.", hold_words(*h)),
        },
        Notice::FlagFell(o) => format!("Time! Game over: {}.", o.describe()),
        Notice::Watching { path, white, black } => {
            format!("Watching {}: {white} – {black}.", path.display())
        }
        Notice::WatchProblem { path, why } => format!("Watching {}: {why}", path.display()),
        Notice::WatchedGameOver(o) => format!("Game over: {}.", o.describe()),
        Notice::Bot { side, name, fault } => match fault {
            BotFault::NoMove(why) => match why {
                Some(why) => format!("{}'s bot ({name}) has no move: {why}.", side.title()),
                None => format!("{}'s bot ({name}) has no move: no move.", side.title()),
            },
            BotFault::Failed(e) => format!("{}'s bot ({name}) failed: {e}.", side.title()),
            BotFault::Unknown => format!("Unknown bot '{name}' for {}.", side.title()),
            BotFault::CannotStart(e) => format!(
                "{}'s bot could not start: cannot start a bot thread: {e}",
                side.title()
            ),
        },
        Notice::NoLegalMove {
            kind,
            square,
            refusal,
        } => match refusal {
            Some(r) => format!(
                "The {} on {square} has no legal move: {}.",
                kind.name(),
                player(r)
            ),
            None => format!("The {} on {square} has no legal move.", kind.name()),
        },
        Notice::NotYourPiece { piece, to_move } => format!(
            "That is a {} piece: {} to move.",
            piece.name(),
            to_move.title()
        ),
        Notice::SelectAPiece(side) => format!("Select a {} piece to move.", side.name()),
    }
}

/// The square captions of a Parity turn's effects, in the order of the effects: a shared
/// square, a failed capture, a check over the King in check (`pos` is the position after
/// the turn).
pub fn square_captions(pos: &crate::rules::Position, effects: &[Effect]) -> Vec<SquareCaption> {
    use crate::rules::CheckKind;
    effects
        .iter()
        .filter_map(|fx| match fx {
            Effect::Shared { at } => Some(SquareCaption {
                at: *at,
                text: "shared".into(),
                kind: SquareCaptionKind::Shared,
            }),
            Effect::FailedCapture { by, at } => Some(SquareCaption {
                at: *at,
                text: format!("{} capture failed", by.color.title()),
                kind: SquareCaptionKind::FailedCapture,
            }),
            Effect::Check { side, kind } => Some(SquareCaption {
                at: pos.board().king(*side)?,
                text: match kind {
                    CheckKind::Delayed => "delayed check",
                    CheckKind::Immediate => "immediate check",
                    CheckKind::Classic => "check",
                }
                .into(),
                kind: SquareCaptionKind::Check,
            }),
            _ => None,
        })
        .collect()
}

fn not_now_words(why: &NotNow) -> String {
    match why {
        NotNow::Held(h) => format!("Not now: {}.", hold_words(*h)),
        NotNow::Reviewing => {
            "An earlier position is shown (read-only): use \"Back to live\" or End to play.".into()
        }
        NotNow::GameOver(o) => format!("Game over: {}. Press N for a new game.", o.describe()),
        NotNow::BotsSeat { side, bot } => format!(
            "{} is played by the {bot} bot: wait for its move, or choose Human for {} under \
             Players.",
            side.title(),
            side.title()
        ),
        NotNow::Committed => "You have committed this turn; the next turn's commit waits for \
            the position the turn starts with (no premoves in Parity)."
            .into(),
        NotNow::SceneShown => {
            "A scene is being shown: close it (Scenes panel) to play from its position.".into()
        }
        NotNow::Watching => {
            "A game file is being watched: its games are replayed, nobody plays them here.".into()
        }
        NotNow::DemoGame => "This game is not played at this machine: take it over first.".into(),
        NotNow::CoachPlays(side) => format!(
            "The coach plays {}'s moves here: wait for its answer, or press Retry.",
            side.title()
        ),
    }
}

pub(crate) fn plugin(app: &mut App) {
    app.add_message::<Notice>()
        .init_resource::<StatusLine>()
        .add_systems(PostUpdate, narrate_notices);
}

/// The narrator: puts this frame's last notice into words on the status line.
pub(crate) fn narrate_notices(
    mut notices: MessageReader<Notice>,
    game: Res<ActiveGame>,
    commits: Res<ParityCommits>,
    automated: Res<AutomatedSides>,
    mut status: ResMut<StatusLine>,
) {
    if let Some(n) = notices.read().last() {
        status.0 = words(n, &game, &commits, *automated);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Position;

    #[test]
    fn notices_read_as_the_player_is_told() {
        let game = ActiveGame::new(Position::new(Variant::Standard));
        let commits = ParityCommits::default();
        let w = |n: Notice| words(&n, &game, &commits, AutomatedSides::default());
        assert_eq!(
            w(Notice::NewGame {
                variant: Variant::Standard,
                archive: None
            }),
            "New game of Standard. White to move."
        );
        // The coach's position (a lesson step, a puzzle) is not called a new game.
        let mut learning = ActiveGame::new(Position::new(Variant::Intrachange));
        learning.origin = GameOrigin::Learning;
        assert_eq!(
            words(
                &Notice::NewGame {
                    variant: Variant::Intrachange,
                    archive: None
                },
                &learning,
                &commits,
                AutomatedSides::default()
            ),
            "Intrachange: a lesson or puzzle position (its task is under the board). White to move."
        );
        assert_eq!(
            w(Notice::DrawDeclined(Side::Black)),
            "Black declines the draw."
        );
        assert_eq!(
            w(Notice::NotNow(NotNow::Held(HoldReason::ResumeQuestion))),
            "Not now: answer the question first: resume the unfinished game or start a new one."
        );
        assert_eq!(
            w(Notice::Reviewing(1)),
            "Reviewing the position after 1 move (read-only)."
        );
        assert_eq!(
            w(Notice::PremoveRefused(PremoveRefusal::NotAReply(
                Side::White
            ))),
            "A premove is for White's reply to a bot."
        );
    }

    #[test]
    fn only_a_persons_commit_is_offered_for_take_back() {
        let pos = Position::new(Variant::Parity);
        let mut as_black = pos.clone();
        as_black.set_turn(Side::Black);
        let mut commits = ParityCommits::default();
        commits
            .submit_commit(&pos, Side::Black, as_black.parse_move("g8f6").unwrap())
            .unwrap();
        let hot_seat = AutomatedSides::default();
        assert_eq!(
            commit_status(&commits, hot_seat),
            "Black has committed (hidden). White to commit. (Backspace: Black takes it back)"
        );
        let bot_black = AutomatedSides {
            white: false,
            black: true,
        };
        assert_eq!(
            commit_status(&commits, bot_black),
            "Black has committed (hidden). White to commit."
        );
    }
}
