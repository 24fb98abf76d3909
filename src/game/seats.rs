//! Who plays each side of the game on the board — the seats — and how bots are paced. The
//! game owns them: the Players panel, the editor's "Play from here" and the settings ask
//! for a player with [`SetSeatRequest`]; a rematch swaps them (`Seats::swap`); the
//! demo borrows both for its bot ([`DemoSeatsRequest`]) and a take-over gives them back
//! (`Seats::take_over`). The bots read the seats and never write them. The game's
//! record names its players from the seats (its `White` / `Black` tags, kept in step by
//! `sync_player_tags`).

use std::time::Duration;

use bevy::prelude::*;

use super::session::TakeOver;
use super::state::{ActiveGame, AutomatedSides};
use crate::persist::{PlayerSpec, Players};
use crate::rules::Color as Side;

/// The least time between two bot moves by default, in seconds, so a bot game can be
/// followed by eye.
pub const DEFAULT_BOT_PACE_SECS: f32 = 0.5;

/// The seats of the game on the board and the bots' pacing.
#[derive(Resource, Debug, Clone, PartialEq)]
pub struct Seats {
    players: Players,
    /// The least time between two bot moves, seconds (0 in tests).
    pub pace_secs: f32,
    /// The most a bot thinks per move when no clock runs (`None`: its level's own limits);
    /// under a clock the bot's share of its remaining time applies instead.
    pub move_time: Option<Duration>,
    /// The search threads each bot gets ([`crate::bots::Bot::set_threads`]; 1 unless
    /// `play --threads` says otherwise).
    pub threads: usize,
    /// Normal play's seats and pacing while the demo has lent the seats to its bot.
    lent: Option<(Players, f32, Option<Duration>)>,
    /// Normal play's seats while a lesson or puzzle has them (both sides a person's: the
    /// learner's moves are clicked, the coach's are scripted).
    coached: Option<Players>,
}

impl Default for Seats {
    fn default() -> Self {
        Seats::new(Players::default())
    }
}

impl Seats {
    /// The seats `players`, at the default pace.
    pub fn new(players: Players) -> Seats {
        Seats {
            players,
            pace_secs: DEFAULT_BOT_PACE_SECS,
            move_time: None,
            threads: 1,
            lent: None,
            coached: None,
        }
    }

    /// The player of `side`.
    pub fn of(&self, side: Side) -> &PlayerSpec {
        match side {
            Side::White => &self.players.white,
            Side::Black => &self.players.black,
        }
    }

    fn of_mut(&mut self, side: Side) -> &mut PlayerSpec {
        match side {
            Side::White => &mut self.players.white,
            Side::Black => &mut self.players.black,
        }
    }

    /// Both seats now.
    pub fn players(&self) -> &Players {
        &self.players
    }

    /// Normal play's players: the seats, or, while the demo has borrowed them, the ones it
    /// gives back (what the settings keep).
    pub fn play_players(&self) -> &Players {
        self.lent
            .as_ref()
            .map(|l| &l.0)
            .or(self.coached.as_ref())
            .unwrap_or(&self.players)
    }

    /// Whether a lesson or puzzle has the seats.
    pub fn lent_to_coach(&self) -> bool {
        self.coached.is_some()
    }

    /// Both seats to the learner (no bot moves in a lesson or puzzle); normal play's seats
    /// (the demo's, given back first) are kept to give back.
    pub(crate) fn lend_to_coach(&mut self) {
        if let Some((players, pace, move_time)) = self.lent.take() {
            self.players = players;
            self.pace_secs = pace;
            self.move_time = move_time;
        }
        if self.coached.is_none() {
            self.coached = Some(self.players.clone());
        }
        self.players = Players {
            white: PlayerSpec::Human,
            black: PlayerSpec::Human,
        };
    }

    /// Normal play's seats back from a lesson or puzzle.
    pub(crate) fn give_back_from_coach(&mut self) {
        if let Some(players) = self.coached.take() {
            self.players = players;
        }
    }

    /// Whether the demo has the seats.
    pub fn lent_to_demo(&self) -> bool {
        self.lent.is_some()
    }

    /// Whether a program plays `side`.
    pub fn is_bot(&self, side: Side) -> bool {
        matches!(self.of(side), PlayerSpec::Bot { .. })
    }

    /// Which sides programs play.
    pub fn automated(&self) -> AutomatedSides {
        AutomatedSides {
            white: self.is_bot(Side::White),
            black: self.is_bot(Side::Black),
        }
    }

    /// Swaps the seats (a rematch: the players change colours).
    pub(crate) fn swap(&mut self) {
        let p = &mut self.players;
        std::mem::swap(&mut p.white, &mut p.black);
    }

    /// Both seats to the demo's `bot` at its pace (normal play's seats are kept to give
    /// back).
    fn lend_to_demo(&mut self, bot: &PlayerSpec, pace_secs: f32, move_time: Option<Duration>) {
        self.give_back_from_coach();
        if self.lent.is_none() {
            self.lent = Some((self.players.clone(), self.pace_secs, self.move_time));
        }
        self.players = Players {
            white: bot.clone(),
            black: bot.clone(),
        };
        self.pace_secs = pace_secs;
        self.move_time = move_time;
    }

    /// The seats after a visitor takes over the demo's game with `choice`: against the
    /// demo's bot the visitor plays the side due (Parity: White), else both sides are
    /// people. Normal play's pacing comes back.
    pub(crate) fn take_over(&mut self, game: &ActiveGame, choice: TakeOver) {
        let bot = self.players.white.clone();
        if let Some((_, pace, move_time)) = self.lent.take() {
            self.pace_secs = pace;
            self.move_time = move_time;
        }
        let human = PlayerSpec::Human;
        self.players = match choice {
            TakeOver::VsBot => {
                let visitor = game
                    .sides_due(&super::commits::ParityCommits::default())
                    .first()
                    .copied()
                    .unwrap_or(Side::White);
                match visitor {
                    Side::White => Players {
                        white: human,
                        black: bot,
                    },
                    Side::Black => Players {
                        white: bot,
                        black: human,
                    },
                }
            }
            TakeOver::HotSeat | TakeOver::NewGame | TakeOver::Resume | TakeOver::Learn => Players {
                white: human.clone(),
                black: human,
            },
        };
    }
}

/// Asks for `player` in `side`'s seat (the Players panel, the editor, the settings).
#[derive(Message, Debug, Clone, PartialEq, Eq)]
pub struct SetSeatRequest {
    /// The side.
    pub side: Side,
    /// Who plays it.
    pub player: PlayerSpec,
}

/// The demo asks for both seats for its bot, at its pace and move time.
#[derive(Message, Debug, Clone, PartialEq)]
pub struct DemoSeatsRequest {
    /// The demo's bot.
    pub bot: PlayerSpec,
    /// Seconds between two bot moves.
    pub pace_secs: f32,
    /// The most a bot thinks per move.
    pub move_time: Option<Duration>,
}

pub(crate) fn plugin(app: &mut App) {
    if !app.world().contains_resource::<Seats>() {
        app.init_resource::<Seats>();
    }
    // The seats' systems run in the session's chain (`session::plugin`): the requests,
    // then the mode's take-over, then the automated sides and the player tags.
    app.add_message::<SetSeatRequest>()
        .add_message::<DemoSeatsRequest>();
}

/// Carries out the seat requests of this frame, in order: the demo's lending, a player's
/// choice (while the demo has the seats, for the seats it gives back).
pub(crate) fn apply_seat_requests(
    mut seats: ResMut<Seats>,
    mut demo: MessageReader<DemoSeatsRequest>,
    mut set: MessageReader<SetSeatRequest>,
) {
    for d in demo.read() {
        seats.lend_to_demo(&d.bot, d.pace_secs, d.move_time);
    }
    let seats = &mut *seats;
    for r in set.read() {
        let kept = match (seats.lent.as_mut(), seats.coached.as_mut()) {
            (Some((players, _, _)), _) | (None, Some(players)) => Some(players),
            (None, None) => None,
        };
        match kept {
            Some(players) => match r.side {
                Side::White => players.white = r.player.clone(),
                Side::Black => players.black = r.player.clone(),
            },
            None => *seats.of_mut(r.side) = r.player.clone(),
        }
    }
}

/// Keeps [`AutomatedSides`] (undo and redo skip a bot's turns) equal to the seats.
pub(crate) fn sync_automated_sides(seats: Res<Seats>, mut automated: ResMut<AutomatedSides>) {
    let now = seats.automated();
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

/// Writes the seats into the game record's `White` / `Black` tags, so saved and
/// autosaved games name them. A tag read from a loaded file (neither empty, `?` nor a
/// name written here before) is left as it is.
pub(crate) fn sync_player_tags(
    seats: Res<Seats>,
    mut game: ResMut<ActiveGame>,
    mut written: Local<[Option<String>; 2]>,
) {
    for (i, (tag, side)) in [("White", Side::White), ("Black", Side::Black)]
        .into_iter()
        .enumerate()
    {
        let name = player_name(seats.of(side));
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{Position, Variant};

    fn bot(level: u8) -> PlayerSpec {
        PlayerSpec::Bot {
            spec: "alphabeta".into(),
            level,
        }
    }

    #[test]
    fn the_demo_borrows_the_seats_and_a_take_over_gives_them_back() {
        let mut seats = Seats::new(Players {
            white: PlayerSpec::Human,
            black: bot(5),
        });
        seats.lend_to_demo(&bot(2), 2.0, Some(Duration::from_millis(300)));
        assert!(seats.is_bot(Side::White) && seats.is_bot(Side::Black));
        assert_eq!(seats.play_players().black, bot(5));
        assert_eq!(seats.pace_secs, 2.0);
        // The visitor takes over a standard game with White to move.
        let game = ActiveGame::new(Position::new(Variant::Standard));
        seats.take_over(&game, TakeOver::VsBot);
        assert_eq!(seats.of(Side::White), &PlayerSpec::Human);
        assert_eq!(seats.of(Side::Black), &bot(2));
        assert_eq!(seats.pace_secs, DEFAULT_BOT_PACE_SECS);
        assert!(!seats.lent_to_demo());
        assert_eq!(player_name(&bot(2)), "alphabeta:2");
    }
}
