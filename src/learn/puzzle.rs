//! Puzzles as data, the criteria a puzzle meets, and re-solving one.
//!
//! # Files
//!
//! `assets/puzzles/<variant>.txt`, one puzzle a line, `#` starts a comment line:
//!
//! ```text
//! position text ; solution moves in coordinate form ; themes
//! ```
//!
//! - **Alternating variants**: the position is the one after the opponent's mistake, the
//!   solver to move. The solution alternates the solver's moves and the opponent's forced
//!   replies, the solver's first and last (`e2e4 d7d5 e4d5`). Themes are space-separated
//!   names ([`Theme`]).
//! - **Parity and Single Occupation** (simultaneous turns): the solution is the solving side
//!   and its commit, `white h4f3` or `black c6c5`, a commit that wins against **every**
//!   legal commit of the other side ([`forced_win_turns`]); see "Simultaneous puzzles".
//!
//! A header line `# check-nodes N` gives the node budget the puzzles were verified at:
//! `esoterica puzzles check FILE` re-solves them at that budget unless told another.
//!
//! # Alternating puzzles: the criteria
//!
//! Each analysis is [`analysis::analyse`] of the `alphabeta` bot at level 8 with two lines
//! ([`top_lines`]) at the node budget; scores are [`Score`]s of the side to move. At every
//! step of the solution:
//!
//! - **the solver's move** is the best line's first move, and it is the only move that
//!   wins ([`only_winning_move`]): the best line is winning (mate for the solver, or at least
//!   [`WIN_CP`]), and the second line is clearly worse: a mate against no mate, or at least
//!   [`GAP_CP`] lower **and** at least [`EXPECTED_GAP`] lower in expected score
//!   ([`expected_score`], lichess's logistic curve): "+900 against +700" is two winning
//!   moves, not one;
//! - **the opponent's reply** is forced ([`forced_reply`]): it is the only legal move, or the
//!   best reply is better for the opponent than the second by [`GAP_CP`], or avoids a mate
//!   the second allows, or is mated later than the second.
//!
//! The first position must leave the solver at least two legal moves. In a variant
//! without captures (Nonviolent) the solution must end the game ([`ends_as_required`]):
//! there the material never changes, and a "winning" score would be the evaluation's
//! opinion alone. At the last step several moves that win at once (two mates in one) count
//! as one answer when no other move mates ([`solver_step`]); every mate is accepted
//! ([`Puzzle::judge`]). The solution is at
//! most [`MAX_SOLVER_MOVES`] moves of the solver, and ends with the solver's move: where the
//! next reply is not forced, or the solver's next move is not the only one, the puzzle ends
//! after the solver's last only-move (lichess's generator does the same).
//!
//! Searches are deterministic at a node budget (a fresh bot per analysis), so re-solving at
//! the same budget ([`check_puzzle`]) repeats the generator's analyses exactly; at another
//! budget the lines may differ, and a puzzle that fails is named.
//!
//! # Simultaneous puzzles (Parity, Single Occupation)
//!
//! Guessing the other side's commit is no puzzle: a sound one wins whatever the other side
//! does. [`forced_win_turns`] finds, exactly (every pair of commits resolved by the rules,
//! no search), the commits of the solver that win the game against every legal commit of
//! the other side this turn ("win in 1 turn"), or that, against every commit, win this turn
//! or leave a position with such a one-turn win ("win in 2 turns"). A puzzle is a position
//! where exactly one commit does so in the fewest turns, none does in fewer, and the solver
//! has at least two legal commits. The file names that one commit; the follow-up of a
//! two-turn win depends on the other side's reply and is judged by [`winning_commits`].
//!
//! # Ratings
//!
//! [`Puzzle::initial_rating`] gives a puzzle its starting Glicko-2 rating from its shape
//! (how many moves the solver must find, whether the first is quiet, whether it ends in
//! mate); the window moves it with the players' results ([`super::glicko`]).

use std::fmt;

use super::glicko::Rating;
use crate::bots::analysis::{self, Analysis, Line, Score};
use crate::bots::eval::piece_value;
use crate::bots::{NoControl, SearchLimits};
use crate::rules::classic::CaptureRule;
use crate::rules::classic::is_attacked;
use crate::rules::notation::san::parse_coordinate;
use crate::rules::{
    Color, Effect, Fact, Move, Outcome, PieceKind, Position, Special, TurnModel, Variant, WinReason,
};

/// The least score (centipawns, the solver's view) of a winning move.
pub const WIN_CP: i32 = 200;

/// The least gap in centipawns between the only winning move and the second best move, and
/// between a forced reply and the opponent's second best.
pub const GAP_CP: i32 = 200;

/// The least gap in expected score (0 to 1, [`expected_score`]) between the only winning
/// move and the second best.
pub const EXPECTED_GAP: f64 = 0.2;

/// The most moves the solver makes in one puzzle.
pub const MAX_SOLVER_MOVES: usize = 4;

/// The analysis level ([`analysis::analyse`]): depth 64, the node budget the caller gives.
pub const ANALYSIS_LEVEL: u8 = 8;

/// The most turns a simultaneous puzzle looks ahead ([`forced_win_turns`]).
pub const MAX_TURNS: u8 = 2;

/// A theme a puzzle shows, read off the rules' effects of its solution (and of the end
/// of the game it reaches); written in the file by [`Theme::name`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Theme {
    /// The solution ends in checkmate.
    Mate,
    /// Checkmate with the solver's `n`-th move.
    MateIn(u8),
    /// The solution ends by capturing the King (Intrachange).
    KingCapture,
    /// The game is won (not by mate) with the solver's `n`-th move.
    WinIn(u8),
    /// Simultaneous: a commit that wins in `n` turns whatever the other side commits.
    WinInTurns(u8),
    /// One move of the solver.
    OneMove,
    /// Two moves of the solver.
    Short,
    /// Three moves of the solver.
    Long,
    /// Four or more moves of the solver.
    VeryLong,
    /// The first move neither captures, checks nor promotes.
    QuietMove,
    /// A solver's move attacks two enemy pieces worth more than the mover or undefended (a
    /// check counts as one).
    Fork,
    /// A pawn promotes.
    Promotion,
    /// A pawn promotes to something other than the strongest piece.
    UnderPromotion,
    /// En passant.
    EnPassant,
    /// Castling.
    Castling,
    /// Intrachange: a solver's piece teleports.
    Teleport,
    /// Intrachange: a teleport captures where it lands.
    EsotericCapture,
    /// Intrachange: a teleport passes through an enemy piece.
    PassThrough,
    /// Force Field: a check opened by a lifted field, or one cut by a field.
    Field,
    /// Parity: a capture fails because its target moved in the same turn.
    FailedCapture,
    /// Parity: two enemy pieces land on one square.
    SharedSquare,
    /// Parity: the win leaves the other side without a legal move (stalemate loses there).
    Stalemate,
    /// Single Occupation: the win leaves the other side unable to leave a shared square.
    CannotLeave,
    /// Big Outer: a move into or out of a corner square.
    Corner,
}

impl Theme {
    /// The theme's name in the file: lower camel case (`mateIn2`, `quietMove`,
    /// `winIn2Turns`).
    pub fn name(self) -> String {
        match self {
            Theme::Mate => "mate".into(),
            Theme::MateIn(n) => format!("mateIn{n}"),
            Theme::KingCapture => "kingCapture".into(),
            Theme::WinIn(n) => format!("winIn{n}"),
            Theme::WinInTurns(1) => "winIn1Turn".into(),
            Theme::WinInTurns(n) => format!("winIn{n}Turns"),
            Theme::OneMove => "oneMove".into(),
            Theme::Short => "short".into(),
            Theme::Long => "long".into(),
            Theme::VeryLong => "veryLong".into(),
            Theme::QuietMove => "quietMove".into(),
            Theme::Fork => "fork".into(),
            Theme::Promotion => "promotion".into(),
            Theme::UnderPromotion => "underPromotion".into(),
            Theme::EnPassant => "enPassant".into(),
            Theme::Castling => "castling".into(),
            Theme::Teleport => "teleport".into(),
            Theme::EsotericCapture => "esotericCapture".into(),
            Theme::PassThrough => "passThrough".into(),
            Theme::Field => "field".into(),
            Theme::FailedCapture => "failedCapture".into(),
            Theme::SharedSquare => "sharedSquare".into(),
            Theme::Stalemate => "stalemate".into(),
            Theme::CannotLeave => "cannotLeave".into(),
            Theme::Corner => "corner".into(),
        }
    }

    /// Reads a theme's name ([`Theme::name`]).
    ///
    /// # Examples
    /// ```
    /// use esoterica::learn::puzzle::Theme;
    /// assert_eq!(Theme::parse("mateIn2"), Some(Theme::MateIn(2)));
    /// assert_eq!(Theme::parse("winIn1Turn"), Some(Theme::WinInTurns(1)));
    /// assert_eq!(Theme::parse("fork"), Some(Theme::Fork));
    /// assert_eq!(Theme::parse("mateIn"), None);
    /// ```
    pub fn parse(name: &str) -> Option<Theme> {
        let number = |rest: &str| rest.parse::<u8>().ok().filter(|n| (1..=99).contains(n));
        if let Some(rest) = name.strip_prefix("mateIn") {
            return number(rest).map(Theme::MateIn);
        }
        if let Some(rest) = name.strip_prefix("winIn") {
            if let Some(n) = rest.strip_suffix("Turns").or(rest.strip_suffix("Turn")) {
                let n = number(n)?;
                return (Theme::WinInTurns(n).name() == name).then_some(Theme::WinInTurns(n));
            }
            return number(rest).map(Theme::WinIn);
        }
        const PLAIN: [Theme; 21] = [
            Theme::Mate,
            Theme::KingCapture,
            Theme::OneMove,
            Theme::Short,
            Theme::Long,
            Theme::VeryLong,
            Theme::QuietMove,
            Theme::Fork,
            Theme::Promotion,
            Theme::UnderPromotion,
            Theme::EnPassant,
            Theme::Castling,
            Theme::Teleport,
            Theme::EsotericCapture,
            Theme::PassThrough,
            Theme::Field,
            Theme::FailedCapture,
            Theme::SharedSquare,
            Theme::Stalemate,
            Theme::CannotLeave,
            Theme::Corner,
        ];
        PLAIN.into_iter().find(|t| t.name() == name)
    }
}

impl fmt::Display for Theme {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.name())
    }
}

/// What solves a puzzle.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Solution {
    /// Alternating variants: the solver's moves and the opponent's forced replies, the
    /// solver's first and last; each move as the rules judged it (castling and en passant
    /// marked).
    Line(Vec<Move>),
    /// Simultaneous variants: the solving side and the one commit that wins against every
    /// commit of the other side ([`forced_win_turns`]).
    Commit {
        /// The solving side.
        side: Color,
        /// The commit.
        commit: Move,
    },
}

/// One puzzle.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Puzzle {
    /// The start position: the solver to move (Parity: see [`Solution::Commit`]'s side).
    pub position: Position,
    /// What solves it.
    pub solution: Solution,
    /// Its themes, sorted, each once.
    pub themes: Vec<Theme>,
}

/// A puzzle line that cannot be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PuzzleError(pub String);

impl fmt::Display for PuzzleError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for PuzzleError {}

impl Puzzle {
    /// The variant.
    pub fn variant(&self) -> Variant {
        self.position.variant()
    }

    /// The side that solves it.
    pub fn solver(&self) -> Color {
        match &self.solution {
            Solution::Line(_) => self.position.turn(),
            Solution::Commit { side, .. } => *side,
        }
    }

    /// The moves the solver must find (a simultaneous puzzle: its one commit).
    pub fn solver_moves(&self) -> Vec<Move> {
        match &self.solution {
            Solution::Line(line) => line.iter().step_by(2).copied().collect(),
            Solution::Commit { commit, .. } => vec![*commit],
        }
    }

    /// The puzzle as a line of its file: `position ; moves ; themes`.
    ///
    /// # Examples
    /// ```
    /// use esoterica::learn::puzzle::Puzzle;
    /// use esoterica::rules::Variant;
    /// let line = "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1 ; a1a8 ; mate mateIn1 oneMove";
    /// let p = Puzzle::parse_line(Variant::Standard, line).unwrap();
    /// assert_eq!(p.to_line(), line);
    /// ```
    pub fn to_line(&self) -> String {
        let shape = self.position.shape();
        let moves = match &self.solution {
            Solution::Line(line) => line
                .iter()
                .map(|m| m.coordinate(shape))
                .collect::<Vec<_>>()
                .join(" "),
            Solution::Commit { side, commit } => {
                format!("{} {}", side.name(), commit.coordinate(shape))
            }
        };
        let themes: Vec<String> = self.themes.iter().map(|t| t.name()).collect();
        format!(
            "{} ; {} ; {}",
            self.position.to_text(),
            moves,
            themes.join(" ")
        )
    }

    /// Reads one puzzle line of `variant` (see the module docs). The moves are judged by
    /// the rules as they are read: each must be legal where it is played.
    ///
    /// # Errors
    /// [`PuzzleError`] naming what cannot be read or which move is illegal.
    pub fn parse_line(variant: Variant, line: &str) -> Result<Puzzle, PuzzleError> {
        let fields: Vec<&str> = line.split(';').map(str::trim).collect();
        let [text, moves, themes] = fields[..] else {
            return Err(PuzzleError(format!(
                "expected 'position ; moves ; themes', found {} field(s)",
                fields.len()
            )));
        };
        let position = Position::from_text(variant, text)
            .map_err(|e| PuzzleError(format!("position: {e}")))?;
        let shape = position.shape();
        let coordinate = |t: &str| {
            parse_coordinate(shape, t)
                .map(|(from, to, promotion)| Move {
                    promotion,
                    ..Move::new(from, to)
                })
                .map_err(|e| PuzzleError(e.to_string()))
        };
        let solution = match variant.turn_model() {
            TurnModel::Alternating => {
                let mut p = position.clone();
                let mut line = Vec::new();
                for t in moves.split_whitespace() {
                    let m = coordinate(t)?;
                    let judged = p
                        .judge(&m)
                        .map_err(|r| PuzzleError(format!("move {t}: {r}")))?;
                    p.try_play(&judged)
                        .map_err(|e| PuzzleError(format!("move {t}: {e}")))?;
                    line.push(judged);
                }
                if line.len().is_multiple_of(2) {
                    return Err(PuzzleError(
                        "the solution must end with the solver's move (an odd number of moves)"
                            .into(),
                    ));
                }
                Solution::Line(line)
            }
            TurnModel::Simultaneous => {
                let (side, commit) = moves.split_once(' ').ok_or_else(|| {
                    PuzzleError("expected the solving side and its commit: 'white e2e4'".into())
                })?;
                let side = Color::parse(side).ok_or_else(|| {
                    PuzzleError(format!("'{side}' is not a side (white or black)"))
                })?;
                let m = coordinate(commit.trim())?;
                let commit = position
                    .judge_commit(side, &m)
                    .map_err(|r| PuzzleError(format!("commit {}: {r}", commit.trim())))?;
                Solution::Commit { side, commit }
            }
        };
        let mut parsed = Vec::new();
        for t in themes.split_whitespace() {
            parsed
                .push(Theme::parse(t).ok_or_else(|| PuzzleError(format!("unknown theme '{t}'")))?);
        }
        parsed.sort();
        parsed.dedup();
        Ok(Puzzle {
            position,
            solution,
            themes: parsed,
        })
    }

    /// The puzzle's starting Glicko-2 rating, from its shape: 1000 for a mate in one,
    /// +250 for each further move the solver must find, +150 when it does not end in mate
    /// (a winning line is harder to judge than a mate), +200 when the first move is quiet
    /// (no capture, check or promotion), +5 for each of the solver's legal moves in the
    /// first position beyond 20 (at most +150); a simultaneous puzzle starts at 1300 for a
    /// win in one turn and 1700 in two. Deviation 300 (a guess), volatility 0.06.
    ///
    /// # Examples
    /// ```
    /// use esoterica::learn::puzzle::Puzzle;
    /// use esoterica::rules::Variant;
    /// let line = "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1 ; a1a8 ; mate mateIn1 oneMove";
    /// let r = Puzzle::parse_line(Variant::Standard, line).unwrap().initial_rating();
    /// assert_eq!((r.rating, r.deviation), (1000.0, 300.0));
    /// ```
    pub fn initial_rating(&self) -> Rating {
        let rating = match &self.solution {
            Solution::Commit { .. } => {
                let turns = self
                    .themes
                    .iter()
                    .find_map(|t| match t {
                        Theme::WinInTurns(n) => Some(*n),
                        _ => None,
                    })
                    .unwrap_or(1);
                if turns <= 1 { 1300.0 } else { 1700.0 }
            }
            Solution::Line(_) => {
                let moves = self.solver_moves().len() as f64;
                let mate = self.themes.contains(&Theme::Mate);
                let quiet = self.themes.contains(&Theme::QuietMove);
                let choices = self.position.legal_moves().len().saturating_sub(20).min(30);
                1000.0
                    + 250.0 * (moves - 1.0)
                    + if mate { 0.0 } else { 150.0 }
                    + if quiet { 200.0 } else { 0.0 }
                    + 5.0 * choices as f64
            }
        };
        Rating::new(rating, 300.0, 0.06)
    }
}

/// The answer to a solver's move at one step of a puzzle ([`Puzzle::judge`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Answer {
    /// The solution's move, and more follows: the opponent answers with `reply`, then it is
    /// the solver's turn again (at `ply + 2`).
    Right {
        /// The opponent's forced reply.
        reply: Move,
    },
    /// The puzzle is solved: the solution's last move, or any move that wins the game at
    /// once (every mate is accepted, as on lichess). A simultaneous puzzle: the winning
    /// commit (for a win in two turns the game goes on: after the other side's commit,
    /// any commit of [`winning_commits`] finishes it).
    Solved,
    /// A legal move that is not the solution.
    Wrong,
    /// A move the rules refuse.
    Illegal(crate::rules::Refusal),
}

impl Puzzle {
    /// The position before ply `ply` of the solution (0: the start); `None` past its end.
    pub fn position_at(&self, ply: usize) -> Option<Position> {
        let mut p = self.position.clone();
        match &self.solution {
            Solution::Line(line) => {
                if ply > line.len() {
                    return None;
                }
                for m in &line[..ply] {
                    p.try_play(m).ok()?;
                }
                Some(p)
            }
            Solution::Commit { .. } => (ply == 0).then_some(p),
        }
    }

    /// Judges the solver's move at solver ply `ply` (0, 2, 4, … of the line; 0 for a
    /// simultaneous puzzle), as the window asks it after each move.
    ///
    /// # Examples
    /// ```
    /// use esoterica::learn::puzzle::{Answer, Puzzle};
    /// use esoterica::rules::Variant;
    /// let line = "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1 ; a1a8 ; mate mateIn1 oneMove";
    /// let p = Puzzle::parse_line(Variant::Standard, line).unwrap();
    /// let pos = p.position_at(0).unwrap();
    /// assert_eq!(p.judge(0, &pos.parse_move("a1a8").unwrap()), Answer::Solved);
    /// assert_eq!(p.judge(0, &pos.parse_move("a1a7").unwrap()), Answer::Wrong);
    /// ```
    pub fn judge(&self, ply: usize, mv: &Move) -> Answer {
        let Some(pos) = self.position_at(ply) else {
            return Answer::Wrong;
        };
        match &self.solution {
            Solution::Commit { side, commit } => match pos.judge_commit(*side, mv) {
                Err(r) => Answer::Illegal(r),
                Ok(m) if m == *commit => Answer::Solved,
                Ok(_) => Answer::Wrong,
            },
            Solution::Line(line) => {
                let judged = match pos.judge(mv) {
                    Err(r) => return Answer::Illegal(r),
                    Ok(m) => m,
                };
                let side = pos.turn();
                let mut after = pos.clone();
                let wins = after.try_play(&judged).is_ok()
                    && matches!(after.outcome(), Some(Outcome::Win { winner, .. }) if winner == side);
                if ply % 2 == 1 || ply >= line.len() {
                    return Answer::Wrong;
                }
                if wins || (judged == line[ply] && ply + 1 == line.len()) {
                    Answer::Solved
                } else if judged == line[ply] {
                    Answer::Right {
                        reply: line[ply + 1],
                    }
                } else {
                    Answer::Wrong
                }
            }
        }
    }
}

/// The puzzles of a file: the variant, the verification budget from the `# check-nodes`
/// header line (if any), and each puzzle with its line number (from 1).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PuzzleFile {
    /// The variant.
    pub variant: Variant,
    /// The node budget the puzzles were verified at.
    pub check_nodes: Option<u64>,
    /// The puzzles with their line numbers.
    pub puzzles: Vec<(usize, Puzzle)>,
}

/// Reads a puzzle file of `variant`; comment lines start with `#`, blank lines are
/// skipped. Every line is read; the bad ones are returned with their line numbers (from 1)
/// beside the good ones, so a checker can name them all. A `# check-nodes` line whose
/// number is not a whole number from 1 up, or a second such line, is a bad line too.
///
/// # Examples
/// ```
/// use esoterica::learn::puzzle::read_file;
/// use esoterica::rules::Variant;
/// let text = "# check-nodes 5000\n6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1 ; a1a8 ; mate mateIn1 oneMove\nnonsense\n";
/// let (file, bad) = read_file(Variant::Standard, text);
/// assert_eq!((file.check_nodes, file.puzzles.len()), (Some(5000), 1));
/// assert_eq!(bad[0].0, 3);
/// ```
pub fn read_file(variant: Variant, text: &str) -> (PuzzleFile, Vec<(usize, PuzzleError)>) {
    let mut file = PuzzleFile {
        variant,
        check_nodes: None,
        puzzles: Vec::new(),
    };
    let mut bad = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let line = line.trim();
        if let Some(comment) = line.strip_prefix('#') {
            if let Some(n) = comment.trim().strip_prefix("check-nodes") {
                let why = match n.trim().parse::<u64>() {
                    Ok(n) if n > 0 && file.check_nodes.is_none() => {
                        file.check_nodes = Some(n);
                        None
                    }
                    Ok(n) if n > 0 => Some("a second '# check-nodes' line".to_string()),
                    _ => Some(format!(
                        "'# check-nodes' needs a node count from 1 up, not '{}'",
                        n.trim()
                    )),
                };
                if let Some(why) = why {
                    bad.push((i + 1, PuzzleError(why)));
                }
            }
            continue;
        }
        if line.is_empty() {
            continue;
        }
        match Puzzle::parse_line(variant, line) {
            Ok(p) => file.puzzles.push((i + 1, p)),
            Err(e) => bad.push((i + 1, e)),
        }
    }
    (file, bad)
}

/// The shipped puzzle file of `variant` (compiled into the program).
pub fn bundled_text(variant: Variant) -> &'static str {
    match variant {
        Variant::Standard => include_str!("../../assets/puzzles/standard.txt"),
        Variant::Intrachange => include_str!("../../assets/puzzles/intrachange.txt"),
        Variant::ForceField => include_str!("../../assets/puzzles/force-field.txt"),
        Variant::Parity => include_str!("../../assets/puzzles/parity.txt"),
        Variant::ParitySingle => include_str!("../../assets/puzzles/parity-single.txt"),
        Variant::BigOuter => include_str!("../../assets/puzzles/big-outer.txt"),
        Variant::Bully => include_str!("../../assets/puzzles/bully.txt"),
        Variant::Nonviolent => include_str!("../../assets/puzzles/nonviolent.txt"),
    }
}

/// The shipped puzzles of `variant`, read ([`read_file`]; the tests read every bundled
/// file, so this fails only on an edited build).
///
/// # Errors
/// [`PuzzleError`] naming the first line that cannot be read.
pub fn bundled(variant: Variant) -> Result<PuzzleFile, PuzzleError> {
    let (file, bad) = read_file(variant, bundled_text(variant));
    match bad.first() {
        Some((line, e)) => Err(PuzzleError(format!("line {line}: {e}"))),
        None => Ok(file),
    }
}

/// The header of a puzzle file of `variant`: what a line holds, the criteria in brief, how
/// the file was made (`command`) and the `# check-nodes` line.
pub fn file_header(variant: Variant, command: &str, check_nodes: Option<u64>) -> String {
    let mut h = format!("# Esoterica puzzles: {}\n", variant.title());
    match variant.turn_model() {
        TurnModel::Alternating => h.push_str(
            "# One puzzle a line: position text ; solution moves in coordinate form ; themes\n\
             # The position follows the opponent's mistake; the solver is to move. The solution\n\
             # alternates the solver's moves and the opponent's forced replies, the solver's first\n\
             # and last. At every step the solver's move is the only winning one (mate against no\n\
             # mate, or at least 200 cp and 0.2 in expected score above the second best), and each\n\
             # reply is forced (the only move, or 200 cp better than the next). docs/LESSONS.md.\n",
        ),
        TurnModel::Simultaneous => h.push_str(
            "# One puzzle a line: position text ; solving side and commit ; themes\n\
             # The commit wins against every legal commit of the other side: this turn\n\
             # (winIn1Turn), or this turn or next (winIn2Turns); it is the only commit that does,\n\
             # and none wins sooner. Found exactly, every pair of commits resolved by the rules.\n\
             # docs/LESSONS.md.\n",
        ),
    }
    h.push_str(&format!("# Made by: {command}\n"));
    if let Some(n) = check_nodes {
        h.push_str(&format!("# check-nodes {n}\n"));
    }
    h
}

/// The best `lines` lines of `pos` for its side to move, at `nodes` per line
/// ([`ANALYSIS_LEVEL`]).
pub fn best_lines(pos: &Position, nodes: u64, lines: usize) -> Analysis {
    let limits = SearchLimits {
        nodes: Some(nodes),
        ..SearchLimits::default()
    };
    let lines = lines.clamp(1, analysis::MAX_MULTIPV);
    analysis::analyse(
        pos,
        ANALYSIS_LEVEL,
        limits,
        lines,
        &mut NoControl,
        &mut |_| {},
    )
    .unwrap_or(Analysis {
        side: pos.turn(),
        lines: Vec::new(),
        outcome: pos.outcome(),
    })
}

/// The two best lines of `pos` for its side to move, at `nodes` per line
/// ([`best_lines`]).
pub fn top_lines(pos: &Position, nodes: u64) -> Analysis {
    best_lines(pos, nodes, 2)
}

/// The legal moves of the side to move that win the game at once (a mate, a captured King),
/// judged by the rules, in the rules' order.
pub fn winning_now(pos: &Position) -> Vec<Move> {
    let side = pos.turn();
    pos.legal_moves()
        .into_iter()
        .filter(|m| {
            let mut p = pos.clone();
            p.try_play(m).is_ok()
                && matches!(p.outcome(), Some(Outcome::Win { winner, .. }) if winner == side)
        })
        .collect()
}

/// The solver's move in `pos` at `nodes` per line, if it is the only winning one: the best
/// line's first move when [`only_winning_move`] holds for the two best lines; or, when
/// several moves win at once (two mates in one), the best of them, provided that no other
/// move mates at all (all the game-ending moves count as one answer, as every one is
/// accepted, [`Puzzle::judge`]). With the scores the decision read (best, second).
pub fn solver_step(pos: &Position, nodes: u64) -> (Option<Move>, Option<(Score, Option<Score>)>) {
    let a = top_lines(pos, nodes);
    let Some((best, score, second)) = scores(&a) else {
        return (None, None);
    };
    if only_winning_move(score, second) {
        return (Some(best), Some((score, second)));
    }
    if score == Score::Mate(1) && second == Some(Score::Mate(1)) {
        let now = winning_now(pos);
        if now.len() >= 2 && now.len() < analysis::MAX_MULTIPV {
            let wide = best_lines(pos, nodes, now.len() + 1);
            let rest = wide.lines.iter().find(|l| !now.contains(&l.first));
            let next = rest.map(|l| l.score);
            if only_winning_move(score, next) {
                return (Some(best), Some((score, next)));
            }
            return (None, Some((score, next)));
        }
    }
    (None, Some((score, second)))
}

/// The expected score of a [`Score`] for its side, 0 to 1: 1 for a mate, 0 for being mated,
/// else lichess's logistic curve `1 / (1 + e^(−0.00368208 · cp))` (+200 cp ≈ 0.68).
///
/// # Examples
/// ```
/// use esoterica::bots::analysis::Score;
/// use esoterica::learn::puzzle::expected_score;
/// assert_eq!(expected_score(Score::Cp(0)), 0.5);
/// assert_eq!(expected_score(Score::Mate(3)), 1.0);
/// assert!((expected_score(Score::Cp(200)) - 0.676).abs() < 0.001);
/// ```
pub fn expected_score(score: Score) -> f64 {
    match score {
        Score::Mate(n) if n > 0 => 1.0,
        Score::Mate(_) => 0.0,
        Score::Cp(c) => 1.0 / (1.0 + (-0.003_682_08 * f64::from(c)).exp()),
    }
}

/// Whether a score wins: a mate for the side, or at least [`WIN_CP`].
pub fn is_winning(score: Score) -> bool {
    match score {
        Score::Mate(n) => n > 0,
        Score::Cp(c) => c >= WIN_CP,
    }
}

/// Whether the best line is the solver's only winning move: it wins ([`is_winning`]), and
/// the second line (none: the only legal move) is clearly worse: no mate against a mate, or
/// [`GAP_CP`] and [`EXPECTED_GAP`] below.
pub fn only_winning_move(best: Score, second: Option<Score>) -> bool {
    if !is_winning(best) {
        return false;
    }
    let Some(second) = second else { return true };
    match (best, second) {
        (Score::Mate(_), Score::Mate(m)) => m < 0,
        (Score::Mate(_), Score::Cp(_)) => true,
        (Score::Cp(_), Score::Mate(m)) => m < 0,
        (Score::Cp(b), Score::Cp(s)) => {
            b - s >= GAP_CP && expected_score(best) - expected_score(second) >= EXPECTED_GAP
        }
    }
}

/// Whether the opponent's best reply is forced: the only legal move (no second), or better
/// for the opponent than the second by [`GAP_CP`], or it escapes a mate the second runs
/// into, or it is mated later than the second.
pub fn forced_reply(best: Score, second: Option<Score>) -> bool {
    let Some(second) = second else { return true };
    match (best, second) {
        (Score::Cp(b), Score::Cp(s)) => b - s >= GAP_CP,
        (Score::Cp(_), Score::Mate(m)) => m < 0,
        (Score::Mate(b), Score::Mate(s)) if b < 0 && s < 0 => b < s,
        (Score::Mate(b), Score::Mate(s)) if b > 0 && s > 0 => false,
        (Score::Mate(b), _) => b > 0,
    }
}

fn scores(a: &Analysis) -> Option<(Move, Score, Option<Score>)> {
    let best = a.lines.first()?;
    Some((
        best.first,
        best.score,
        a.lines.get(1).map(|l: &Line| l.score),
    ))
}

/// Builds the solution from `pos` for its side to move at `nodes` per analysis line, by the
/// criteria of the module docs: `None` when the first move is not the only winning one or
/// the solver has a single legal move. Deterministic.
pub fn solve_line(pos: &Position, nodes: u64) -> Option<Vec<Move>> {
    if pos.variant().turn_model() != TurnModel::Alternating || pos.legal_moves().len() < 2 {
        return None;
    }
    let mut line: Vec<Move> = Vec::new();
    let mut p = pos.clone();
    let mut solver_moves = 0;
    // Each round: the solver's only winning move, then the opponent's forced reply.
    while let Some(best) = solver_step(&p, nodes).0 {
        line.push(best);
        solver_moves += 1;
        if p.try_play(&best).is_err() {
            line.pop();
            break;
        }
        if p.outcome().is_some() || solver_moves == MAX_SOLVER_MOVES {
            return finish(line);
        }
        // The opponent's reply.
        let d = top_lines(&p, nodes);
        let Some((reply, r_score, r_second)) = scores(&d) else {
            return finish(line);
        };
        if !forced_reply(r_score, r_second) || p.try_play(&reply).is_err() {
            return finish(line);
        }
        line.push(reply);
    }
    // The last pushed move may be a reply after which the solver had no only move.
    if line.len().is_multiple_of(2) {
        line.pop();
    }
    finish(line)
}

fn finish(line: Vec<Move>) -> Option<Vec<Move>> {
    (!line.is_empty()).then_some(line)
}

/// The themes of an alternating puzzle's solution, read off the rules' effects of its moves
/// (replayed from `pos`) and the game's end.
pub fn line_themes(pos: &Position, line: &[Move]) -> Vec<Theme> {
    let mut themes = Vec::new();
    let solver = pos.turn();
    let mut p = pos.clone();
    let solver_moves = line.len().div_ceil(2);
    for (i, m) in line.iter().enumerate() {
        let before = p.clone();
        let Ok(effects) = p.try_play(m) else { break };
        let mine = i % 2 == 0;
        if mine {
            let capture = effects.iter().any(|e| matches!(e, Effect::Capture { .. }));
            let check = effects.iter().any(|e| matches!(e, Effect::Check { .. }));
            let promotion = effects.iter().any(|e| matches!(e, Effect::Promote { .. }));
            if i == 0 && !capture && !check && !promotion && p.outcome().is_none() {
                themes.push(Theme::QuietMove);
            }
            if is_fork(&before, &p, m, &effects) {
                themes.push(Theme::Fork);
            }
            match m.special {
                Special::Castle { .. } => themes.push(Theme::Castling),
                Special::EnPassant { .. } => themes.push(Theme::EnPassant),
                Special::Normal => {}
            }
            let shape = before.shape();
            let corner = |s| !(0..shape.files()).contains(&shape.file(s));
            if corner(m.from) || corner(m.to) {
                themes.push(Theme::Corner);
            }
        }
        theme_effects(&before, &p, solver, mine, &effects, &mut themes);
        if let Some(Outcome::Win { winner, reason }) = p.outcome()
            && winner == solver
        {
            let n = solver_moves.min(99) as u8;
            match reason {
                WinReason::Checkmate => themes.extend([Theme::Mate, Theme::MateIn(n)]),
                WinReason::KingCaptured => themes.extend([Theme::KingCapture, Theme::WinIn(n)]),
                _ => themes.push(Theme::WinIn(n)),
            }
        }
    }
    themes.push(match solver_moves {
        1 => Theme::OneMove,
        2 => Theme::Short,
        3 => Theme::Long,
        _ => Theme::VeryLong,
    });
    themes.sort();
    themes.dedup();
    themes
}

/// Themes every kind of move may show, from its effects and the variant's facts: promotion
/// (and under-promotion), Intrachange's teleports, Force Field's field checks,
/// Parity's failed captures and shared squares. Only the solver's own doings count
/// (`mine`: the move is the solver's; a Parity turn is both sides' at once).
fn theme_effects(
    before: &Position,
    after: &Position,
    solver: Color,
    mine: bool,
    effects: &[Effect],
    themes: &mut Vec<Theme>,
) {
    let variant = before.variant();
    let mut teleport_to = None;
    for e in effects {
        match e {
            Effect::Promote { piece, .. } if piece.color == solver => {
                themes.push(Theme::Promotion);
                if variant.promotion_kinds().first() != Some(&piece.kind) {
                    themes.push(Theme::UnderPromotion);
                }
            }
            Effect::Teleport { piece, to, .. } if piece.color == solver => {
                themes.push(Theme::Teleport);
                teleport_to = Some(*to);
            }
            Effect::PassThrough { piece, .. } if piece.color != solver => {
                themes.push(Theme::PassThrough);
            }
            Effect::Capture { piece, at } if piece.color != solver && Some(*at) == teleport_to => {
                themes.push(Theme::EsotericCapture);
            }
            Effect::FailedCapture { by, .. } if by.color == solver => {
                themes.push(Theme::FailedCapture);
            }
            Effect::Shared { .. } => themes.push(Theme::SharedSquare),
            _ => {}
        }
    }
    if mine && variant.has_fields() {
        let facts = variant.rules().facts(before, after);
        let field = facts.iter().any(|f| match f {
            Fact::CheckByFields { side, .. } => *side != solver,
            Fact::CheckNeutralised { side, .. } => *side == solver,
            Fact::ControlChanged { .. } => false,
        });
        if field {
            themes.push(Theme::Field);
        }
    }
}

/// Whether the solver's move `mv` (played: `before` → `after`) attacks two enemy pieces
/// that are worth more than the moving piece or undefended, a check counting as one: the
/// captures the moved piece could make next if it were the solver's move again (the
/// variant's own rules decide what it attacks; "undefended" reads classic attacks, which
/// Intrachange's teleports and Force Field's fields do not change, so there only the
/// value counts).
fn is_fork(before: &Position, after: &Position, mv: &Move, effects: &[Effect]) -> bool {
    let solver = before.turn();
    let variant = before.variant();
    let shape = before.shape();
    let landing = effects
        .iter()
        .rev()
        .find_map(|e| match e {
            Effect::Step { piece, to, .. } | Effect::Teleport { piece, to, .. }
                if piece.color == solver =>
            {
                Some(*to)
            }
            _ => None,
        })
        .unwrap_or(mv.to);
    let Some(now) = after.board().kind(solver, landing) else {
        return false;
    };
    let mine = piece_value(variant, now, shape.zone(landing));
    let check = effects
        .iter()
        .any(|e| matches!(e, Effect::Check { side, .. } if *side != solver));
    let mut again = after.clone();
    again.set_turn(solver);
    let targets = again
        .legal_captures()
        .into_iter()
        .filter(|m| m.from == landing)
        .filter_map(|m| after.board().kind(solver.other(), m.to).map(|k| (k, m.to)))
        .filter(|&(k, at)| {
            let classic = !variant.has_teleports() && !variant.has_fields();
            let undefended = classic && !is_attacked(after.board(), at, solver.other());
            k != PieceKind::King && (piece_value(variant, k, shape.zone(at)) > mine || undefended)
        })
        .map(|(_, at)| at)
        .collect::<std::collections::BTreeSet<_>>()
        .len();
    targets + usize::from(check) >= 2
}

/// How a position stands for a side in a simultaneous variant: the commits that win in the
/// fewest turns, at most `max_turns` ahead.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ForcedWin {
    /// The number of turns (1 or 2).
    pub turns: u8,
    /// The commits that win in that many turns against every commit of the other side, in
    /// the rules' commit order.
    pub commits: Vec<Move>,
}

/// Whether the game is won by `side` after a turn with these effects.
fn won_by(side: Color, after: &Position, effects: &[Effect]) -> bool {
    let over = effects
        .iter()
        .find_map(|e| match e {
            Effect::GameOver(o) => Some(*o),
            _ => None,
        })
        .or_else(|| after.outcome());
    matches!(over, Some(Outcome::Win { winner, .. }) if winner == side)
}

/// The commits of `side` in `pos` that win the game this turn against every legal commit
/// of the other side, each pair resolved by the rules (exact; no search), in the rules'
/// commit order. Empty in an alternating variant, or when the game is over.
///
/// # Examples
/// ```
/// use esoterica::learn::puzzle::winning_commits;
/// use esoterica::rules::{Color, Position, Variant};
/// // A Knight move opens the h-file: Black is mated whatever it commits.
/// let p = Position::from_text(Variant::Parity, "7k/p4K2/8/8/7N/8/8/7R w - - 0 1 -/-").unwrap();
/// let wins = winning_commits(&p, Color::White);
/// assert!(!wins.is_empty());
/// assert!(wins.iter().all(|m| m.coordinate(p.shape()).starts_with("h4")));
/// ```
pub fn winning_commits(pos: &Position, side: Color) -> Vec<Move> {
    if pos.variant().turn_model() != TurnModel::Simultaneous || pos.outcome().is_some() {
        return Vec::new();
    }
    let theirs = pos.legal_commits(side.other());
    pos.legal_commits(side)
        .into_iter()
        .filter(|c| wins_against_all(pos, side, c, &theirs, 1))
        .collect()
}

/// Whether `commit` of `side` wins against every commit in `theirs` within `turns` turns.
fn wins_against_all(
    pos: &Position,
    side: Color,
    commit: &Move,
    theirs: &[Move],
    turns: u8,
) -> bool {
    if theirs.is_empty() {
        // The other side has no commit: the game is over before this turn.
        return false;
    }
    theirs.iter().all(|o| {
        let (w, b) = match side {
            Color::White => (commit, o),
            Color::Black => (o, commit),
        };
        let mut after = pos.clone();
        let effects = after.resolve_legal(w, b);
        if won_by(side, &after, &effects) {
            return true;
        }
        if turns <= 1 || after.outcome().is_some() {
            return false;
        }
        let next_theirs = after.legal_commits(side.other());
        after
            .legal_commits(side)
            .iter()
            .any(|c| wins_against_all(&after, side, c, &next_theirs, turns - 1))
    })
}

/// The fewest turns (1 up to `max_turns`) in which `side` has a commit that wins against
/// every commit of the other side, with all such commits; `None` when there is none so
/// soon. Exact: every pair of commits is resolved by the rules. The cost grows as the
/// number of commits to the power `2 × turns`; two turns take well under a second in
/// middlegame positions.
pub fn forced_win_turns(pos: &Position, side: Color, max_turns: u8) -> Option<ForcedWin> {
    if pos.variant().turn_model() != TurnModel::Simultaneous || pos.outcome().is_some() {
        return None;
    }
    let mine = pos.legal_commits(side);
    let theirs = pos.legal_commits(side.other());
    (1..=max_turns).find_map(|turns| {
        let commits: Vec<Move> = mine
            .iter()
            .filter(|c| wins_against_all(pos, side, c, &theirs, turns))
            .copied()
            .collect();
        (!commits.is_empty()).then_some(ForcedWin { turns, commits })
    })
}

/// The simultaneous puzzle of `pos` for `side`, if it is one: a unique commit that wins in
/// the fewest turns (at most [`MAX_TURNS`]) and at least two legal commits.
pub fn simultaneous_puzzle(pos: &Position, side: Color) -> Option<Puzzle> {
    if pos.legal_commits(side).len() < 2 {
        return None;
    }
    let win = forced_win_turns(pos, side, MAX_TURNS)?;
    let [commit] = win.commits[..] else {
        return None;
    };
    Some(Puzzle {
        position: pos.clone(),
        themes: commit_themes(pos, side, &commit, win.turns),
        solution: Solution::Commit { side, commit },
    })
}

/// The themes of a simultaneous puzzle: the number of turns, what the commit's effects show
/// in its resolutions against the other side's commits, and how the game is won where it is
/// won this turn (mate, a captured King, stalemate, a side that cannot leave a shared
/// square); a theme counts when it shows against at least one commit.
fn commit_themes(pos: &Position, side: Color, commit: &Move, turns: u8) -> Vec<Theme> {
    let mut themes = vec![Theme::WinInTurns(turns)];
    for o in pos.legal_commits(side.other()) {
        let (w, b) = match side {
            Color::White => (commit, &o),
            Color::Black => (&o, commit),
        };
        let mut after = pos.clone();
        let effects = after.resolve_legal(w, b);
        theme_effects(pos, &after, side, true, &effects, &mut themes);
        let over = effects
            .iter()
            .find_map(|e| match e {
                Effect::GameOver(o) => Some(*o),
                _ => None,
            })
            .or_else(|| after.outcome());
        if let Some(Outcome::Win { winner, reason }) = over
            && winner == side
        {
            themes.push(match reason {
                WinReason::Checkmate => Theme::Mate,
                WinReason::KingCaptured => Theme::KingCapture,
                WinReason::Stalemate => Theme::Stalemate,
                WinReason::CannotLeaveSharedSquare => Theme::CannotLeave,
                WinReason::Forfeit | WinReason::Timeout | WinReason::Resignation => continue,
            });
        }
    }
    if let Special::EnPassant { .. } = commit.special {
        themes.push(Theme::EnPassant);
    }
    // A shared square depends on the reply; only the solver's own doings are themes.
    themes.retain(|t| *t != Theme::SharedSquare);
    themes.sort();
    themes.dedup();
    themes
}

/// Re-solves a puzzle: an alternating one at `nodes` per analysis line (each solver move
/// must be the only winning one and each reply forced, as [`solve_line`] decides; the
/// themes must be those the rules show); a simultaneous one exactly ([`simultaneous_puzzle`]
/// must find the same commit, turns and themes; `nodes` is not used).
///
/// # Errors
/// What fails, in words: the step and the scores the analysis gave.
pub fn check_puzzle(puzzle: &Puzzle, nodes: u64) -> Result<(), String> {
    let pos = &puzzle.position;
    let shape = pos.shape();
    match &puzzle.solution {
        Solution::Commit { side, commit } => {
            let found = simultaneous_puzzle(pos, *side)
                .ok_or_else(|| "no unique commit wins against every reply".to_string())?;
            if found.solution != puzzle.solution {
                let Solution::Commit { commit: c, .. } = found.solution else {
                    return Err("not a simultaneous puzzle".into());
                };
                return Err(format!(
                    "the winning commit is {}, not {}",
                    c.coordinate(shape),
                    commit.coordinate(shape)
                ));
            }
            same_themes(&puzzle.themes, &found.themes)
        }
        Solution::Line(line) => {
            if pos.legal_moves().len() < 2 {
                return Err("the solver has a single legal move".into());
            }
            if !ends_as_required(pos, line) {
                return Err("in a variant without captures a puzzle must end the game".into());
            }
            let mut p = pos.clone();
            let shown = |s: Option<Score>| s.map_or("none".to_string(), |s| s.to_string());
            for (i, m) in line.iter().enumerate() {
                let name = m.coordinate(shape);
                if i % 2 == 0 {
                    let (best, read) = solver_step(&p, nodes);
                    match (best, read) {
                        (Some(b), _) if b == *m => {}
                        (Some(b), Some((score, _))) => {
                            return Err(format!(
                                "move {} {name}: the analysis prefers {} ({score})",
                                i + 1,
                                b.coordinate(shape)
                            ));
                        }
                        (_, Some((score, second))) => {
                            return Err(format!(
                                "move {} {name} is not the only winning move: {score} against {}",
                                i + 1,
                                shown(second)
                            ));
                        }
                        (_, None) => return Err(format!("move {}: no legal move", i + 1)),
                    }
                } else {
                    let a = top_lines(&p, nodes);
                    let (best, score, second) =
                        scores(&a).ok_or_else(|| format!("move {}: no legal move", i + 1))?;
                    if best != *m {
                        return Err(format!(
                            "move {} {name}: the analysis prefers {} ({score})",
                            i + 1,
                            best.coordinate(shape)
                        ));
                    }
                    if !forced_reply(score, second) {
                        return Err(format!(
                            "move {} {name} is not forced: {score} against {}",
                            i + 1,
                            shown(second)
                        ));
                    }
                }
                p.try_play(m).map_err(|e| format!("move {}: {e}", i + 1))?;
            }
            same_themes(&puzzle.themes, &line_themes(pos, line))
        }
    }
}

fn same_themes(stored: &[Theme], found: &[Theme]) -> Result<(), String> {
    if stored == found {
        return Ok(());
    }
    let names = |t: &[Theme]| t.iter().map(|t| t.name()).collect::<Vec<_>>().join(" ");
    Err(format!(
        "themes: the file says '{}', the rules show '{}'",
        names(stored),
        names(found)
    ))
}

/// Whether a line may be a puzzle of its variant: in a variant without captures
/// (Nonviolent) the material never changes, so a "winning" score is the evaluation's
/// opinion of the position alone; there a puzzle must end the game.
pub fn ends_as_required(pos: &Position, line: &[Move]) -> bool {
    if pos.variant().capture_rule() != CaptureRule::Never {
        return true;
    }
    let side = pos.turn();
    let mut p = pos.clone();
    line.iter().all(|m| p.try_play(m).is_ok())
        && matches!(p.outcome(), Some(Outcome::Win { winner, .. }) if winner == side)
}

/// The puzzle at `pos` for its side to move in an alternating variant, solved at `nodes`
/// ([`solve_line`]) with its themes; `None` also when the line does not end as the variant
/// requires ([`ends_as_required`]).
pub fn alternating_puzzle(pos: &Position, nodes: u64) -> Option<Puzzle> {
    let line = solve_line(pos, nodes)?;
    if !ends_as_required(pos, &line) {
        return None;
    }
    Some(Puzzle {
        position: pos.clone(),
        themes: line_themes(pos, &line),
        solution: Solution::Line(line),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_only_move_and_forced_reply_criteria_read_scores_as_documented() {
        use Score::{Cp, Mate};
        assert!(only_winning_move(Mate(2), Some(Cp(900))));
        assert!(!only_winning_move(Mate(2), Some(Mate(5))));
        assert!(only_winning_move(Cp(300), Some(Cp(0))));
        assert!(
            !only_winning_move(Cp(900), Some(Cp(700))),
            "two winning moves"
        );
        assert!(!only_winning_move(Cp(150), Some(Cp(-300))), "not winning");
        assert!(only_winning_move(Cp(250), None));
        assert!(only_winning_move(Cp(250), Some(Mate(-1))));
        assert!(forced_reply(Cp(-300), Some(Cp(-600))));
        assert!(!forced_reply(Cp(-300), Some(Cp(-450))));
        assert!(forced_reply(Mate(-3), Some(Mate(-1))));
        assert!(!forced_reply(Mate(-1), Some(Mate(-1))));
        assert!(forced_reply(Cp(-900), Some(Mate(-2))));
        assert!(forced_reply(Mate(-2), None));
    }

    #[test]
    fn a_back_rank_mate_is_a_puzzle_and_reads_back_from_its_line() {
        let pos =
            Position::from_text(Variant::Standard, "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1").unwrap();
        let p = alternating_puzzle(&pos, 20_000).unwrap();
        assert_eq!(
            p.to_line(),
            "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1 ; a1a8 ; mate mateIn1 oneMove"
        );
        assert_eq!(check_puzzle(&p, 20_000), Ok(()));
        let back = Puzzle::parse_line(Variant::Standard, &p.to_line()).unwrap();
        assert_eq!(back, p);
        // A wrong theme is named.
        let mut wrong = p.clone();
        wrong.themes.push(Theme::Fork);
        let e = check_puzzle(&wrong, 20_000).unwrap_err();
        assert!(e.starts_with("themes:"), "{e}");
        // A wrong move is named.
        let bad = Puzzle::parse_line(
            Variant::Standard,
            "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1 ; a1a7 ; oneMove",
        )
        .unwrap();
        let e = check_puzzle(&bad, 20_000).unwrap_err();
        assert!(e.contains("prefers a1a8"), "{e}");
    }

    #[test]
    fn puzzle_lines_are_read_strictly() {
        let v = Variant::Standard;
        let fen = "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1";
        for (line, want) in [
            (format!("{fen} ; a1a8"), "expected"),
            (format!("{fen} ; a1a9 ; mate"), "two squares"),
            (format!("{fen} ; a1b2 ; mate"), "move a1b2"),
            (format!("{fen} ; a1a8 ; sparkle"), "unknown theme"),
            (format!("{fen} ; a1a2 g8h8 ; mate"), "odd number"),
        ] {
            let e = Puzzle::parse_line(v, &line).unwrap_err().to_string();
            assert!(e.contains(want), "{line}: {e}");
        }
        let (file, bad) = read_file(
            v,
            &format!("# check-nodes 5000\n\n{fen} ; a1a8 ; mate mateIn1 oneMove\nnonsense\n"),
        );
        assert_eq!(file.check_nodes, Some(5000));
        assert_eq!(file.puzzles.len(), 1);
        assert_eq!(file.puzzles[0].0, 3);
        assert_eq!(bad.len(), 1);
        assert_eq!(bad[0].0, 4);
    }

    #[test]
    fn a_parity_knight_unmasking_the_rook_wins_against_every_reply() {
        let pos =
            Position::from_text(Variant::Parity, "7k/p4K2/8/8/7N/8/8/7R w - - 0 1 -/-").unwrap();
        let win = forced_win_turns(&pos, Color::White, 2).unwrap();
        assert_eq!(win.turns, 1);
        assert!(
            win.commits.len() >= 2,
            "several Knight moves unmask the Rook"
        );
        // So it is no puzzle: more than one commit wins.
        assert!(simultaneous_puzzle(&pos, Color::White).is_none());
        // Black has no forced win.
        assert!(forced_win_turns(&pos, Color::Black, 1).is_none());
    }

    /// The variants whose puzzles are lines of moves; each ships at least 50.
    const TURN_BASED: [Variant; 6] = [
        Variant::Standard,
        Variant::Intrachange,
        Variant::ForceField,
        Variant::BigOuter,
        Variant::Bully,
        Variant::Nonviolent,
    ];

    /// Every bundled file reads (every move legal where it stands), names its budget,
    /// holds each position once and the themes the rules show; the turn-based files hold at
    /// least 50 puzzles each, and the simultaneous ones some.
    #[test]
    fn bundled_puzzle_files_read_with_the_themes_the_rules_show() {
        for v in Variant::ALL {
            let file = bundled(v).unwrap_or_else(|e| panic!("{}: {e}", v.name()));
            let mut keys = std::collections::HashSet::new();
            for (line, p) in &file.puzzles {
                assert!(
                    keys.insert(p.position.repetition_key()),
                    "{v} line {line} twice"
                );
                if let Solution::Line(l) = &p.solution {
                    assert_eq!(p.themes, line_themes(&p.position, l), "{v} line {line}");
                    assert!(ends_as_required(&p.position, l), "{v} line {line}");
                    // Played move by move, the solution is right until it is solved.
                    for ply in (0..l.len()).step_by(2) {
                        let want = if ply + 1 == l.len() {
                            Answer::Solved
                        } else {
                            Answer::Right { reply: l[ply + 1] }
                        };
                        assert_eq!(p.judge(ply, &l[ply]), want, "{v} line {line} ply {ply}");
                    }
                }
                let r = p.initial_rating();
                assert!((600.0..=2600.0).contains(&r.rating), "{v} line {line}");
            }
            if TURN_BASED.contains(&v) {
                assert!(file.puzzles.len() >= 50, "{v}: {}", file.puzzles.len());
                assert!(file.check_nodes.is_some(), "{v}");
            } else {
                assert!(!file.puzzles.is_empty(), "{v}");
            }
        }
    }

    /// A sample of each bundled file re-solves: the three shortest puzzles of each
    /// turn-based variant at the file's own budget, the first three of each simultaneous
    /// variant exactly. (Through the command line, with a sample spread over each file and
    /// every puzzle in an ignored test: `tests/rules/learn.rs`.)
    #[test]
    fn a_sample_of_bundled_puzzles_re_solves_at_the_shipped_budget() {
        for v in Variant::ALL {
            let file = bundled(v).unwrap();
            let nodes = file.check_nodes.unwrap_or(200_000);
            let mut sample: Vec<&(usize, Puzzle)> = file.puzzles.iter().collect();
            if TURN_BASED.contains(&v) {
                sample.sort_by_key(|(_, p)| match &p.solution {
                    Solution::Line(l) => l.len(),
                    Solution::Commit { .. } => 1,
                });
            }
            sample.truncate(3);
            for (line, p) in sample {
                assert_eq!(check_puzzle(p, nodes), Ok(()), "{} line {line}", v.name());
            }
        }
    }

    #[test]
    fn initial_ratings_grow_with_the_solution() {
        let v = Variant::Standard;
        let one = Puzzle::parse_line(
            v,
            "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1 ; a1a8 ; mate mateIn1 oneMove",
        )
        .unwrap();
        let mut longer = one.clone();
        longer.themes = vec![Theme::Long, Theme::QuietMove];
        let Solution::Line(l) = &mut longer.solution else {
            unreachable!()
        };
        l.extend([l[0], l[0]]);
        assert!(longer.initial_rating().rating > one.initial_rating().rating + 500.0);
    }
}
