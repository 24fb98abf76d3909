//! A game record: the start position, every move (Parity: every turn of two commits), the
//! positions reached and the result. History lives here, not in [`Position`] (the
//! board/game split), so positions stay cheap to clone.

use std::sync::OnceLock;
use std::time::Duration;

use super::clock::TimeControl;

use super::moves::{Effect, Move};
use super::outcome::{DrawReason, Outcome};
use super::position::{IllegalMove, Position};
use super::refusal::{Reason, Refusal};
use super::variant::{TurnModel, Variant};
use super::variants;

/// One entry of the record.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Entry {
    /// A move of an alternating variant.
    Move(Move),
    /// A Parity turn: White's and Black's commits.
    Turn {
        /// White's commit.
        white: Move,
        /// Black's commit.
        black: Move,
    },
}

/// A game: start position, entries, the positions after each entry, and a result that the
/// rules did not decide (agreement, forfeit).
#[derive(Clone, Debug)]
pub struct GameRecord {
    start: Position,
    entries: Vec<Entry>,
    /// `positions[i]` is the position after `i` entries; `positions[0] == start`.
    positions: Vec<Position>,
    keys: Vec<u64>,
    declared: Option<Outcome>,
    /// The rules' result for the current position (its own outcome, else threefold
    /// repetition), computed on first use and dropped whenever the record changes: the game
    /// asks for it every frame, and finding it costs a full legal-move generation.
    rules_outcome: OnceLock<Option<Outcome>>,
    /// PGN tags other than the ones computed (`Variant`, `FEN`, `SetUp`, `Result`), in
    /// insertion order.
    pub tags: Vec<(String, String)>,
    /// The time control the game is played under (`docs/rules/clocks.md`).
    pub time_control: TimeControl,
    /// Both sides' remaining clock time after each entry (White, Black), where known;
    /// `clocks[i]` belongs to entry `i`.
    clocks: Vec<Option<[Duration; 2]>>,
}

impl GameRecord {
    /// A record starting at `start`.
    pub fn new(start: Position) -> GameRecord {
        let key = start.repetition_key();
        GameRecord {
            positions: vec![start.clone()],
            start,
            entries: Vec::new(),
            keys: vec![key],
            declared: None,
            rules_outcome: OnceLock::new(),
            tags: Vec::new(),
            time_control: TimeControl::Unlimited,
            clocks: Vec::new(),
        }
    }

    /// Records both clocks (White's, Black's remaining time) after the last entry, as the
    /// PGN's `%clk` comments carry them. Does nothing on an empty record.
    pub fn set_last_clocks(&mut self, remaining: [Duration; 2]) {
        if let Some(last) = self.clocks.last_mut() {
            *last = Some(remaining);
        }
    }

    /// Both clocks after entry `i` (0-based), if recorded.
    pub fn clocks_after(&self, i: usize) -> Option<[Duration; 2]> {
        self.clocks.get(i).copied().flatten()
    }

    /// The variant.
    pub fn variant(&self) -> Variant {
        self.start.variant()
    }

    /// The start position.
    pub fn start(&self) -> &Position {
        &self.start
    }

    /// The current position.
    pub fn current(&self) -> &Position {
        self.positions
            .last()
            .expect("invariant: positions holds at least the start")
    }

    /// The entries so far.
    pub fn entries(&self) -> &[Entry] {
        &self.entries
    }

    /// The position after `n` entries (`0` = start), if the game got that far.
    pub fn position_after(&self, n: usize) -> Option<&Position> {
        self.positions.get(n)
    }

    /// Number of entries.
    pub fn len(&self) -> usize {
        self.entries.len()
    }

    /// Whether no move was played.
    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// Plays a move (alternating variants), checking legality and the game end.
    ///
    /// # Errors
    /// [`IllegalMove`] if the move is illegal or the game is over; the record is untouched.
    pub fn play(&mut self, mv: &Move) -> Result<Vec<Effect>, IllegalMove> {
        self.play_judged(mv, true)
    }

    /// [`GameRecord::play`] for a move that [`Position::legal_moves`] generated in a
    /// position equal to the current one: it is played as it is, without being judged
    /// again. A move from anywhere else must go through [`GameRecord::play`] (debug builds
    /// check that it is legal).
    ///
    /// # Errors
    /// [`IllegalMove`] if the game is over or the variant is simultaneous; the record is
    /// untouched.
    pub fn play_generated(&mut self, mv: &Move) -> Result<Vec<Effect>, IllegalMove> {
        self.play_judged(mv, false)
    }

    /// What `Position::try_play_judged` does, less its own end-of-game test: the record's
    /// outcome includes the position's, so the legal moves are not generated again for it.
    /// With `judge` false, `mv` is a generated legal move.
    fn play_judged(&mut self, mv: &Move, judge: bool) -> Result<Vec<Effect>, IllegalMove> {
        if let Some(o) = self.outcome() {
            return Err(self.game_over(mv, o));
        }
        let current = self.current();
        let refuse = |reason| IllegalMove {
            mv: mv.coordinate(current.shape()),
            refusal: Refusal::new(current.variant(), reason),
        };
        if current.variant().turn_model() == TurnModel::Simultaneous {
            return Err(refuse(Reason::SimultaneousTurn));
        }
        let played = if judge {
            variants::judge(current, current.turn(), mv).map_err(refuse)?
        } else {
            debug_assert!(
                current.legal_moves().contains(mv),
                "play_generated with a move that is not legal here"
            );
            *mv
        };
        let mut next = current.clone();
        let fx = variants::play(&mut next, &played);
        Ok(self.push_played(Entry::Move(played), next, fx))
    }

    /// Plays a Parity turn.
    ///
    /// # Errors
    /// [`IllegalMove`] for an illegal commit or a finished game; the record is untouched.
    pub fn play_turn(&mut self, white: &Move, black: &Move) -> Result<Vec<Effect>, IllegalMove> {
        if let Some(o) = self.outcome() {
            return Err(self.game_over(white, o));
        }
        let mut next = self.current().clone();
        let fx = next.resolve(white, black)?;
        let entry = Entry::Turn {
            white: *white,
            black: *black,
        };
        Ok(self.push_played(entry, next, fx))
    }

    /// Appends an entry played by the rules, whose effects `fx` end with the
    /// [`Effect::GameOver`] of `next` when `next` ends the game: that is the position's
    /// outcome, so the record's is known without asking the position again. A threefold
    /// repetition adds its own `GameOver` to the effects returned.
    fn push_played(&mut self, entry: Entry, next: Position, mut fx: Vec<Effect>) -> Vec<Effect> {
        let own = fx.iter().find_map(|e| match e {
            Effect::GameOver(o) => Some(*o),
            _ => None,
        });
        debug_assert_eq!(
            own,
            next.outcome(),
            "the effects report the outcome of the position reached"
        );
        self.push(entry, next);
        let repetition = self.repetition();
        if own.is_none()
            && let Some(o) = repetition
        {
            fx.push(Effect::GameOver(o));
        }
        self.rules_outcome = OnceLock::from(own.or(repetition));
        fx
    }

    /// The refusal of a move after the end of the game.
    fn game_over(&self, mv: &Move, outcome: Outcome) -> IllegalMove {
        IllegalMove {
            mv: mv.coordinate(self.start.shape()),
            refusal: Refusal::new(self.variant(), Reason::GameOver(outcome)),
        }
    }

    /// Appends an entry whose resulting position was computed elsewhere (record mode,
    /// loaders). The caller guarantees `next` follows from the current position.
    pub fn push(&mut self, entry: Entry, next: Position) {
        self.keys.push(next.repetition_key());
        self.positions.push(next);
        self.entries.push(entry);
        self.clocks.push(None);
        self.rules_outcome = OnceLock::new();
    }

    /// Removes the last entry (undo) and returns it.
    pub fn pop(&mut self) -> Option<Entry> {
        let e = self.entries.pop()?;
        self.positions.pop();
        self.keys.pop();
        self.clocks.pop();
        self.declared = None;
        self.rules_outcome = OnceLock::new();
        Some(e)
    }

    /// Truncates the record to its first `n` entries.
    pub fn truncate(&mut self, n: usize) {
        while self.entries.len() > n {
            self.pop();
        }
    }

    /// Ends the game with a result the rules did not decide (agreement, forfeit).
    pub fn declare(&mut self, outcome: Outcome) {
        self.declared = Some(outcome);
    }

    fn repetition(&self) -> Option<Outcome> {
        let last = *self.keys.last()?;
        (self.keys.iter().filter(|&&k| k == last).count() >= 3).then_some(Outcome::Draw {
            reason: DrawReason::Repetition,
        })
    }

    /// The result: a declared one, else the position's, else threefold repetition (the
    /// latter two computed once per position reached).
    pub fn outcome(&self) -> Option<Outcome> {
        self.declared.or_else(|| {
            *self
                .rules_outcome
                .get_or_init(|| self.current().outcome().or_else(|| self.repetition()))
        })
    }

    /// Whether the variant moves in turns of two commits.
    pub fn is_simultaneous(&self) -> bool {
        self.variant().turn_model() == TurnModel::Simultaneous
    }

    /// The side that plays the first entry: the start position's side to move
    /// (alternating), `None` when both sides move in every entry (simultaneous).
    pub fn first_mover(&self) -> Option<super::piece::Color> {
        (!self.is_simultaneous()).then(|| self.start().turn())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Color;

    #[test]
    fn knight_shuffle_is_a_threefold_repetition() {
        let mut r = GameRecord::new(Position::new(Variant::Standard));
        for _ in 0..2 {
            for m in ["g1f3", "g8f6", "f3g1", "f6g8"] {
                let mv = r.current().parse_move(m).unwrap();
                r.play(&mv).unwrap();
            }
        }
        assert_eq!(
            r.outcome(),
            Some(Outcome::Draw {
                reason: DrawReason::Repetition
            })
        );
        r.pop();
        assert_eq!(r.outcome(), None);
    }

    #[test]
    fn an_en_passant_square_nobody_may_use_does_not_delay_a_repetition() {
        // After 5.d4 the e4 pawn shields the King from the Queen on e3, so e4xd3 is illegal:
        // no en passant is recorded and the position after ply 9 comes back after plies 13
        // and 17 (python-chess agrees).
        let moves = [
            "Nf3", "Nf6", "c4", "Nc6", "Qb3", "e5", "Qe3", "e4", "d4", "Ng8", "Ng1", "Nf6", "Nf3",
            "Ng8", "Ng1", "Nf6", "Nf3",
        ];
        let mut r = GameRecord::new(Position::new(Variant::Standard));
        for (i, m) in moves.iter().enumerate() {
            assert_eq!(r.outcome(), None, "before ply {}", i + 1);
            let mv = r.current().parse_move(m).unwrap();
            r.play(&mv).unwrap();
        }
        let after_d4 = r.position_after(9).unwrap();
        assert_eq!(after_d4.en_passant(), None);
        assert_eq!(
            after_d4.to_text(),
            "r1bqkb1r/pppp1ppp/2n2n2/8/2PPp3/4QN2/PP2PPPP/RNB1KB1R b KQkq - 0 5"
        );
        assert_eq!(
            r.outcome(),
            Some(Outcome::Draw {
                reason: DrawReason::Repetition
            })
        );
    }

    /// The record rebuilt entry by entry with [`GameRecord::push`], whose outcome is then
    /// computed from the position and the repetition keys alone.
    fn rebuilt(r: &GameRecord) -> GameRecord {
        let mut fresh = GameRecord::new(r.start().clone());
        for (i, e) in r.entries().iter().enumerate() {
            fresh.push(*e, r.position_after(i + 1).unwrap().clone());
        }
        fresh
    }

    #[test]
    fn the_outcome_after_play_is_the_one_computed_from_the_position() {
        // Pseudo-random playouts (a fixed linear congruential sequence) in every variant,
        // long enough to reach mates, King captures, stalemates, the 50-move rule and
        // repetitions; after every ply the outcome the record kept from the effects equals
        // the one found afresh, and a `GameOver` effect is returned exactly when it is set.
        let mut seed: u64 = 0x2545_f491_4f6c_dd1d;
        let mut next = |n: usize| {
            seed = seed
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1_442_695_040_888_963_407);
            (seed >> 33) as usize % n
        };
        let mut endings = 0;
        for v in Variant::ALL {
            for _game in 0..6 {
                let mut r = GameRecord::new(Position::new(v));
                for _ply in 0..300 {
                    if r.outcome().is_some() {
                        endings += 1;
                        break;
                    }
                    let fx = if r.is_simultaneous() {
                        let w = r.current().legal_commits(Color::White);
                        let b = r.current().legal_commits(Color::Black);
                        let (w, b) = (w[next(w.len())], b[next(b.len())]);
                        r.play_turn(&w, &b).unwrap()
                    } else {
                        let moves = r.current().legal_moves();
                        let mv = moves[next(moves.len())];
                        r.play(&mv).unwrap()
                    };
                    let fresh = rebuilt(&r).outcome();
                    assert_eq!(r.outcome(), fresh, "{v} after {} entries", r.len());
                    let over = fx
                        .iter()
                        .filter(|e| matches!(e, Effect::GameOver(_)))
                        .count();
                    assert_eq!(over, usize::from(fresh.is_some()), "{v}: {fx:?}");
                }
            }
        }
        assert!(endings >= 12, "only {endings} games ended");
    }

    #[test]
    fn a_generated_move_plays_as_a_judged_one() {
        let mut judged = GameRecord::new(Position::new(Variant::BigOuter));
        let mut generated = judged.clone();
        for i in 0..40 {
            let moves = judged.current().legal_moves();
            let mv = moves[(i * 7) % moves.len()];
            assert_eq!(judged.play(&mv), generated.play_generated(&mv));
            assert_eq!(judged.current(), generated.current());
        }
        assert_eq!(judged.entries(), generated.entries());
        let mut parity = GameRecord::new(Position::new(Variant::Parity));
        let mv = parity.current().legal_moves()[0];
        let err = parity.play_generated(&mv).unwrap_err();
        assert_eq!(err.refusal.reason, Reason::SimultaneousTurn);
    }

    #[test]
    fn play_refuses_as_the_position_does() {
        let mut r = GameRecord::new(Position::new(Variant::Standard));
        let sq = |n| r.current().shape().parse_square(n).unwrap();
        let (a1, a3) = (sq("a1"), sq("a3"));
        let err = r.play(&Move::new(a1, a3)).unwrap_err();
        let mut p = Position::new(Variant::Standard);
        assert_eq!(err, p.try_play(&Move::new(a1, a3)).unwrap_err());
        assert!(matches!(err.refusal.reason, Reason::Blocked { .. }));
        assert!(r.is_empty());

        let mut parity = GameRecord::new(Position::new(Variant::Parity));
        let sq = |n| parity.current().shape().parse_square(n).unwrap();
        let e2e4 = Move::new(sq("e2"), sq("e4"));
        let err = parity.play(&e2e4).unwrap_err();
        assert_eq!(err.refusal.reason, Reason::SimultaneousTurn);
        assert_eq!(err.mv, "e2e4");
    }
}
