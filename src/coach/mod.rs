//! The window's Lessons and Puzzles: [`AppMode::Learn`]. A lesson step or a puzzle is put on
//! the board as a game of its own ([`GameOrigin::Learning`]); the learner plays one side
//! ([`LearnerSide`]) with the same clicks, keys and motions as in a game, and the coach
//! plays the other: a lesson step's scripted reply (Parity's other commit), a puzzle's
//! forced replies, a shown solution. Every move of the learner is judged by the plain-Rust
//! learning core: a lesson step by its goal ([`crate::learn::lesson::Step::check`], the
//! rules core's [`goal::check`](crate::rules::goal::check)), a puzzle move by
//! [`Puzzle::judge`]. The puzzle rating is Glicko-2 ([`crate::learn::glicko`]) and is kept
//! in the settings file.
//!
//! Started from the left panel (Lessons, Puzzles), from the demo's offer ("Learn V"), or
//! from the command line (`esoterica play --lesson V[:N]`, `--puzzles V[:N]`). The panel
//! over the status line ([`panel`]) shows the task, the coach's words and the buttons
//! (hint, retry, solution, next, leave); leaving gives the position to the player as a
//! game of their own.

pub mod panel;

use bevy::ecs::system::SystemParam;
use bevy::prelude::*;

use crate::game::commits::{SideMoveRequest, TakeBackCommitRequest};
use crate::game::session::{TakeOver, TakeOverRequest};
use crate::game::{
    ActiveGame, AppMode, GameOrigin, LearnRequest, LearnerSide, MoveAccepted, MoveSource,
    NewGameRequest, Seats, SubmitMoveRequest, UndoRequest,
};
use crate::learn::glicko::Rating;
use crate::learn::lesson::{self, LessonBook, Step};
use crate::learn::puzzle::{self, Answer, Puzzle, Solution};
use crate::rules::goal::{Goal, Verdict};
use crate::rules::{Color as Side, Move, Position, Square, TurnModel, Variant};

/// Seconds a missed lesson step's words stay before the step starts again.
pub const MISS_SECS: f32 = 2.5;
/// Seconds before the coach answers a right move, so that the learner's lands first.
pub const REPLY_SECS: f32 = 0.8;
/// Seconds a wrong puzzle move stays on the board before it is taken back.
pub const WRONG_SECS: f32 = 1.5;
/// Seconds between two moves of a shown solution.
pub const SOLUTION_SECS: f32 = 1.2;

/// Opens lesson `lesson` (from 0) of `variant` at its first step.
#[derive(Message, Debug, Clone, Copy, PartialEq, Eq)]
pub struct StartLessonRequest {
    /// The variant.
    pub variant: Variant,
    /// The lesson, counted from 0 in the variant's lesson file.
    pub lesson: usize,
}

/// Opens the puzzles of `variant`: puzzle `index` (from 0, in the bundled file's order), or
/// the unplayed one nearest the learner's rating.
#[derive(Message, Debug, Clone, Copy, PartialEq, Eq)]
pub struct StartPuzzleRequest {
    /// The variant.
    pub variant: Variant,
    /// The puzzle, counted from 0; `None`: chosen by the rating.
    pub index: Option<usize>,
}

/// The learner's buttons.
#[derive(Message, Debug, Clone, Copy, PartialEq, Eq)]
pub enum CoachRequest {
    /// Show the hint (a lesson: its words and arrow; a puzzle: the piece to move).
    Hint,
    /// The step or puzzle again from its start.
    Retry,
    /// The next step, lesson or puzzle.
    Next,
    /// A puzzle: play its solution with the motions (counts as not solved).
    Solution,
    /// Leave the lesson or puzzle: the position becomes the player's game.
    Leave,
}

/// The learner's puzzle rating (Glicko-2), kept in the settings file.
#[derive(Resource, Debug, Clone, Copy, PartialEq)]
pub struct PuzzleRating(pub Rating);

impl Default for PuzzleRating {
    fn default() -> Self {
        PuzzleRating(Rating::NEW)
    }
}

/// Where a lesson step stands.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum StepState {
    /// Waiting for the learner's move.
    Trying,
    /// The move was legal but missed the goal: why, in the narrator's words; the step
    /// starts again after [`MISS_SECS`].
    Missed(String),
    /// The goal is reached; the success ring is drawn on `at`.
    Achieved {
        /// The square the move went to.
        at: Square,
    },
}

/// A lesson in progress.
#[derive(Debug, Clone)]
pub struct LessonCourse {
    /// The variant's lessons.
    pub book: LessonBook,
    /// The lesson, from 0.
    pub lesson: usize,
    /// The step, from 0.
    pub step: usize,
    /// Where the step stands.
    pub state: StepState,
    /// The hint is shown.
    pub hint: bool,
}

impl LessonCourse {
    /// Lesson `lesson` of `book` at its first step.
    pub fn new(book: LessonBook, lesson: usize) -> LessonCourse {
        LessonCourse {
            book,
            lesson,
            step: 0,
            state: StepState::Trying,
            hint: false,
        }
    }

    /// The step on the board.
    pub fn current(&self) -> &Step {
        &self.book.lessons[self.lesson].steps[self.step]
    }

    /// Whether this is the lesson's last step.
    pub fn last_step(&self) -> bool {
        self.step + 1 >= self.book.lessons[self.lesson].steps.len()
    }
}

/// Where a puzzle stands.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PuzzleState {
    /// Waiting for the solver's move (after `ply` moves of the solution).
    Solving,
    /// The solver's move was right and the coach answers.
    Right,
    /// The solver's last move was not the solution (its coordinate form); it is taken
    /// back after [`WRONG_SECS`] and the solver may try again (the rating has counted it).
    Wrong(String),
    /// Solved.
    Solved,
    /// The solution is being played.
    ShowingSolution,
}

/// A change of the puzzle rating.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct RatingChange {
    /// The rating before.
    pub before: f64,
    /// The rating after.
    pub after: f64,
    /// Whether it counted as solved.
    pub solved: bool,
}

/// Puzzles in progress.
#[derive(Debug, Clone)]
pub struct PuzzleCourse {
    /// The variant's bundled puzzles.
    pub puzzles: Vec<Puzzle>,
    /// The puzzle on the board, from 0.
    pub index: usize,
    /// Moves of the solution played on the board (solver's and coach's).
    pub ply: usize,
    /// Where it stands.
    pub state: PuzzleState,
    /// The hint is shown.
    pub hint: bool,
    /// The rating change of this puzzle, once its first try has been rated.
    pub rated: Option<RatingChange>,
    /// The puzzles played in this run (not offered again until all have been).
    pub played: Vec<usize>,
    /// Solved on the first try / rated, in this run.
    pub score: (usize, usize),
    /// Each puzzle's rating ([`Puzzle::initial_rating`]), worked out once.
    pub ratings: Vec<Rating>,
}

impl PuzzleCourse {
    /// The puzzles `puzzles` at puzzle `index`, none rated yet.
    pub fn new(puzzles: Vec<Puzzle>, index: usize) -> PuzzleCourse {
        let ratings = puzzles.iter().map(Puzzle::initial_rating).collect();
        PuzzleCourse {
            puzzles,
            index,
            ply: 0,
            state: PuzzleState::Solving,
            hint: false,
            rated: None,
            played: vec![index],
            score: (0, 0),
            ratings,
        }
    }

    /// The rating of the puzzle on the board.
    pub fn rating(&self) -> Rating {
        self.ratings[self.index]
    }

    /// The puzzle on the board.
    pub fn current(&self) -> &Puzzle {
        &self.puzzles[self.index]
    }

    /// The solution's move due at `self.ply`, if any.
    pub fn due_move(&self) -> Option<Move> {
        match &self.current().solution {
            Solution::Line(line) => line.get(self.ply).copied(),
            Solution::Commit { commit, .. } => (self.ply == 0).then_some(*commit),
        }
    }
}

/// A lesson or puzzle in progress.
#[derive(Debug, Clone)]
pub enum Course {
    /// A lesson.
    Lesson(LessonCourse),
    /// Puzzles.
    Puzzle(PuzzleCourse),
}

impl Course {
    /// The position the step or puzzle on the board starts from, and the learner's side.
    pub fn start(&self) -> (&Position, Side) {
        match self {
            Course::Lesson(l) => (&l.current().start, l.current().learner()),
            Course::Puzzle(p) => (&p.current().position, p.current().solver()),
        }
    }
}

/// What the coach does after a delay.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Timed {
    /// Play the coach's move (alternating variants).
    Reply(Move),
    /// Commit for the coach's side (simultaneous variants).
    Commit(Side, Move),
    /// Start the lesson step again.
    RestartStep,
    /// Take the solver's wrong move back.
    TakeBack,
    /// Play the next move of the solution being shown.
    SolutionMove,
}

/// The lesson or puzzle on the board and the coach's pending actions.
#[derive(Resource, Debug, Clone, Default)]
pub struct Coach {
    /// What is being learnt; `None` outside [`AppMode::Learn`].
    pub course: Option<Course>,
    /// The square of the goal just reached or the puzzle just solved, and the seconds since
    /// (the success ring's animation); `None` when nothing was.
    pub success: Option<(Square, f32)>,
    timers: Vec<(f32, Timed)>,
    /// A reason the last start request was refused (shown in the status line).
    pub refusal: Option<String>,
}

impl Coach {
    /// Whether the coach has something to do after a delay.
    pub fn is_busy(&self) -> bool {
        !self.timers.is_empty()
    }

    fn after(&mut self, secs: f32, what: Timed) {
        self.timers.push((secs, what));
    }

    /// Puts `course` on the board from its start; nothing of the last one stays pending.
    fn begin(&mut self, course: Course, out: &mut CourseOut) {
        out.show_start(&course);
        self.course = Some(course);
        self.timers.clear();
        self.success = None;
        self.refusal = None;
    }
}

/// The coach's plugin: its messages, resources and systems.
pub struct CoachPlugin;

impl Plugin for CoachPlugin {
    fn build(&self, app: &mut App) {
        app.add_message::<StartLessonRequest>()
            .add_message::<StartPuzzleRequest>()
            .add_message::<CoachRequest>()
            .init_resource::<Coach>()
            .init_resource::<PuzzleRating>()
            .add_systems(
                Update,
                (start_courses, act_on_requests)
                    .chain()
                    .in_set(crate::InputSystems::Board),
            )
            .add_systems(
                Update,
                run_timers
                    .in_set(crate::InputSystems::Scripted)
                    .run_if(in_state(AppMode::Learn)),
            )
            .add_systems(
                Update,
                (judge_learner, tick_success)
                    .chain()
                    .after(crate::AppSystems::Decide)
                    .before(crate::AppSystems::Present)
                    .run_if(in_state(AppMode::Learn)),
            )
            .add_systems(OnEnter(AppMode::Learn), lend_seats)
            .add_systems(OnExit(AppMode::Learn), end_course)
            .add_plugins(panel::plugin);
    }
}

/// What starting or changing the position writes.
#[derive(SystemParam)]
pub(crate) struct CourseOut<'w> {
    new_game: MessageWriter<'w, NewGameRequest>,
    learn: MessageWriter<'w, LearnRequest>,
    learner: ResMut<'w, LearnerSide>,
    view: ResMut<'w, crate::render::BoardView>,
    notices: MessageWriter<'w, crate::game::Notice>,
}

impl CourseOut<'_> {
    /// Puts the start of `course`'s step or puzzle on the board.
    fn show_start(&mut self, course: &Course) {
        let (position, side) = course.start();
        self.show(position, side);
    }

    /// Puts `position` on the board for the learner playing `side`.
    fn show(&mut self, position: &Position, side: Side) {
        self.new_game
            .write(NewGameRequest::at(position.clone()).by(GameOrigin::Learning));
        self.learn.write(LearnRequest(true));
        self.learner.0 = Some(side);
        let flipped = side == Side::Black;
        if self.view.flipped != flipped {
            self.view.flipped = flipped;
        }
    }
}

/// The lesson book of `variant`, read from the bundled file.
///
/// # Errors
/// The file's error in words (the bundled files are checked by the tests, so only a
/// broken build reaches this).
pub fn lesson_book(variant: Variant) -> Result<LessonBook, String> {
    LessonBook::from_ron(lesson::bundled_text(variant)).map_err(|e| e.to_string())
}

/// The bundled puzzles of `variant`.
///
/// # Errors
/// When the file cannot be read or holds no puzzle.
pub fn puzzles_of(variant: Variant) -> Result<Vec<Puzzle>, String> {
    let file = puzzle::bundled(variant).map_err(|e| e.to_string())?;
    let list: Vec<Puzzle> = file.puzzles.into_iter().map(|(_, p)| p).collect();
    if list.is_empty() {
        return Err(format!("no {variant} puzzles are bundled yet"));
    }
    Ok(list)
}

/// The puzzle to offer next: of those not yet `played`, the one whose rating is nearest
/// `rating` (the lower index on a tie); all of them again once every one was played.
pub fn next_puzzle(puzzles: &[Puzzle], rating: &Rating, played: &[usize]) -> usize {
    let pick = |skip: &[usize]| {
        (0..puzzles.len())
            .filter(|i| !skip.contains(i))
            .min_by(|&a, &b| {
                let da = (puzzles[a].initial_rating().rating - rating.rating).abs();
                let db = (puzzles[b].initial_rating().rating - rating.rating).abs();
                da.total_cmp(&db).then(a.cmp(&b))
            })
    };
    pick(played).or_else(|| pick(&[])).unwrap_or(0)
}

/// The requests that start a course.
#[derive(SystemParam)]
pub(crate) struct StartInputs<'w, 's> {
    lessons: MessageReader<'w, 's, StartLessonRequest>,
    puzzles: MessageReader<'w, 's, StartPuzzleRequest>,
    take_over: MessageReader<'w, 's, TakeOverRequest>,
}

/// Starts the lessons and puzzles asked for: from the panel, the command line or the demo's
/// "Learn" offer (the variant on the board, its first lesson).
pub(crate) fn start_courses(
    mut input: StartInputs,
    game: Res<ActiveGame>,
    mut coach: ResMut<Coach>,
    rating: Res<PuzzleRating>,
    mut out: CourseOut,
) {
    let mut lessons: Vec<StartLessonRequest> = input.lessons.read().copied().collect();
    for TakeOverRequest(choice) in input.take_over.read() {
        if *choice == TakeOver::Learn {
            lessons.push(StartLessonRequest {
                variant: game.variant(),
                lesson: 0,
            });
        }
    }
    for r in lessons {
        match lesson_book(r.variant) {
            Ok(book) if r.lesson < book.lessons.len() => {
                coach.begin(Course::Lesson(LessonCourse::new(book, r.lesson)), &mut out);
            }
            Ok(book) => refuse(
                &mut coach,
                &mut out,
                format!(
                    "{} has {} — there is no lesson {}",
                    r.variant.title(),
                    crate::rules::narrate::count(book.lessons.len(), "lesson"),
                    r.lesson + 1
                ),
            ),
            Err(e) => refuse(&mut coach, &mut out, e),
        }
    }
    for r in input.puzzles.read() {
        match puzzles_of(r.variant) {
            Ok(puzzles) if r.index.is_none_or(|i| i < puzzles.len()) => {
                let index = r
                    .index
                    .unwrap_or_else(|| next_puzzle(&puzzles, &rating.0, &[]));
                coach.begin(Course::Puzzle(PuzzleCourse::new(puzzles, index)), &mut out);
            }
            Ok(puzzles) => refuse(
                &mut coach,
                &mut out,
                format!(
                    "{} has {} puzzles — there is no puzzle {}",
                    r.variant.title(),
                    puzzles.len(),
                    r.index.map_or(0, |i| i + 1)
                ),
            ),
            Err(e) => refuse(&mut coach, &mut out, e),
        }
    }
}

fn refuse(coach: &mut Coach, out: &mut CourseOut, why: String) {
    warn!("coach: {why}");
    out.notices
        .write(crate::game::Notice::CoachRefused(why.clone()));
    coach.refusal = Some(why);
}

/// What the buttons change besides the course.
#[derive(SystemParam)]
pub(crate) struct ActOut<'w> {
    course: CourseOut<'w>,
    rating: ResMut<'w, PuzzleRating>,
}

/// Carries out the learner's buttons.
pub(crate) fn act_on_requests(
    mut requests: MessageReader<CoachRequest>,
    mode: Res<State<AppMode>>,
    mut coach: ResMut<Coach>,
    mut out: ActOut,
) {
    for r in requests.read() {
        if *mode.get() != AppMode::Learn {
            continue;
        }
        let Some(course) = coach.course.as_mut() else {
            continue;
        };
        // What follows the button: the course's start shown again (after its own change),
        // the solution played from there, or the variant's puzzles after its last lesson.
        let mut restart = true;
        let mut solve = false;
        let mut to_puzzles = None;
        match (r, course) {
            (CoachRequest::Leave, _) => {
                out.course.learn.write(LearnRequest(false));
                restart = false;
            }
            (CoachRequest::Hint, Course::Lesson(l)) => {
                l.hint = true;
                restart = false;
            }
            (CoachRequest::Hint, Course::Puzzle(p)) => {
                p.hint = true;
                restart = false;
            }
            (CoachRequest::Solution, Course::Lesson(_)) => restart = false,
            (CoachRequest::Retry, Course::Lesson(l)) => l.state = StepState::Trying,
            (CoachRequest::Next, Course::Lesson(l)) => {
                if l.last_step() && l.lesson + 1 >= l.book.lessons.len() {
                    // Every lesson done: the variant's puzzles follow.
                    to_puzzles = Some(l.book.variant);
                    restart = false;
                } else {
                    if l.last_step() {
                        l.lesson += 1;
                        l.step = 0;
                    } else {
                        l.step += 1;
                    }
                    l.state = StepState::Trying;
                    l.hint = false;
                }
            }
            (CoachRequest::Retry, Course::Puzzle(p)) => {
                p.ply = 0;
                p.state = PuzzleState::Solving;
            }
            (CoachRequest::Solution, Course::Puzzle(p)) => {
                if p.rated.is_none() {
                    rate(p, &mut out.rating, false);
                }
                p.ply = 0;
                p.state = PuzzleState::ShowingSolution;
                solve = true;
            }
            (CoachRequest::Next, Course::Puzzle(p)) => {
                // A puzzle left unsolved after its first try counts as not solved.
                if p.rated.is_none() && p.ply > 0 {
                    rate(p, &mut out.rating, false);
                }
                p.index = next_puzzle(&p.puzzles, &out.rating.0, &p.played);
                if !p.played.contains(&p.index) {
                    p.played.push(p.index);
                } else {
                    p.played = vec![p.index];
                }
                p.ply = 0;
                p.state = PuzzleState::Solving;
                p.hint = false;
                p.rated = None;
            }
        }
        if restart {
            coach.timers.clear();
            coach.success = None;
            if let Some(course) = &coach.course {
                out.course.show_start(course);
            }
            if solve {
                coach.after(SOLUTION_SECS, Timed::SolutionMove);
            }
        }
        if let Some(variant) = to_puzzles {
            coach.timers.clear();
            coach.success = None;
            coach.course = None;
            restart_puzzles(&mut coach, variant, &mut out);
        }
    }
}

fn restart_puzzles(coach: &mut Coach, variant: Variant, out: &mut ActOut) {
    match puzzles_of(variant) {
        Ok(puzzles) => {
            let index = next_puzzle(&puzzles, &out.rating.0, &[]);
            coach.begin(
                Course::Puzzle(PuzzleCourse::new(puzzles, index)),
                &mut out.course,
            );
        }
        Err(e) => {
            refuse(coach, &mut out.course, e);
            out.course.learn.write(LearnRequest(false));
        }
    }
}

/// Rates the first try of the puzzle on the board: a win for the solver when `solved`.
fn rate(p: &mut PuzzleCourse, rating: &mut PuzzleRating, solved: bool) {
    let before = rating.0;
    let (after, _) = before.after_puzzle(&p.rating(), solved);
    rating.0 = after;
    p.rated = Some(RatingChange {
        before: before.rating,
        after: after.rating,
        solved,
    });
    p.score.1 += 1;
    if solved {
        p.score.0 += 1;
    }
}

/// Whether the variant of `pos` moves both sides at once.
fn simultaneous(pos: &Position) -> bool {
    pos.variant().turn_model() == TurnModel::Simultaneous
}

/// A commit for the coach's side in a simultaneous puzzle: the puzzle's commit wins against
/// every one, so the first legal commit in the rules' order serves (deterministic).
fn defence(pos: &Position, side: Side) -> Option<Move> {
    pos.legal_commits(side).first().copied()
}

/// Judges each move of the learner (a person's, not the coach's) as the game takes it.
pub(crate) fn judge_learner(
    mut accepted: MessageReader<MoveAccepted>,
    mut coach: ResMut<Coach>,
    mut rating: ResMut<PuzzleRating>,
    learner: Res<LearnerSide>,
) {
    let moves: Vec<Move> = accepted
        .read()
        .filter(|a| !matches!(a.source, MoveSource::Script | MoveSource::Redo))
        .map(|a| a.mv)
        .collect();
    let Some(side) = learner.0 else {
        return;
    };
    for mv in moves {
        let coach = &mut *coach;
        match coach.course.as_mut() {
            Some(Course::Lesson(l)) => {
                if l.state != StepState::Trying {
                    continue;
                }
                let step = l.current().clone();
                let reply = step.reply;
                let refusal_goal = matches!(step.goal, Goal::Refused { .. });
                match step.check(&mv) {
                    Verdict::Achieved => {
                        l.state = StepState::Achieved { at: mv.to };
                        coach.success = Some((mv.to, 0.0));
                        if let (Some(r), false) = (reply, refusal_goal) {
                            coach.after(0.0, Timed::Commit(side.other(), r));
                        }
                    }
                    Verdict::NotYet { why, .. } => {
                        l.state = StepState::Missed(why);
                        if let Some(r) = reply {
                            coach.after(0.0, Timed::Commit(side.other(), r));
                        }
                        coach.after(MISS_SECS, Timed::RestartStep);
                    }
                    // The rules refuse it and say why in the status line; the step waits.
                    Verdict::Illegal(_) => {}
                }
            }
            Some(Course::Puzzle(p)) => {
                if !matches!(p.state, PuzzleState::Solving | PuzzleState::Wrong(_)) {
                    continue;
                }
                let pos = p.current().position_at(p.ply);
                match p.current().judge(p.ply, &mv) {
                    Answer::Right { reply } => {
                        p.ply += 2;
                        p.state = PuzzleState::Right;
                        coach.after(REPLY_SECS, Timed::Reply(reply));
                    }
                    Answer::Solved => {
                        if p.rated.is_none() {
                            rate(p, &mut rating, true);
                        }
                        p.ply += 1;
                        p.state = PuzzleState::Solved;
                        coach.success = Some((mv.to, 0.0));
                        if let Some(pos) = pos.filter(simultaneous)
                            && let Some(d) = defence(&pos, side.other())
                        {
                            coach.after(0.0, Timed::Commit(side.other(), d));
                        }
                    }
                    Answer::Wrong => {
                        if p.rated.is_none() {
                            rate(p, &mut rating, false);
                        }
                        let shape = p.current().position.shape();
                        p.state = PuzzleState::Wrong(mv.coordinate(shape));
                        coach.after(WRONG_SECS, Timed::TakeBack);
                    }
                    Answer::Illegal(_) => {}
                }
            }
            None => {}
        }
    }
}

/// What the timers write.
#[derive(SystemParam)]
pub(crate) struct TimerOut<'w> {
    submit: MessageWriter<'w, SubmitMoveRequest>,
    commit: MessageWriter<'w, SideMoveRequest>,
    undo: MessageWriter<'w, UndoRequest>,
    take_back: MessageWriter<'w, TakeBackCommitRequest>,
    course: CourseOut<'w>,
}

/// Carries out the coach's delayed actions once their time has come and the board is idle
/// (no motion playing, no move queued).
pub(crate) fn run_timers(
    time: Res<Time>,
    mut coach: ResMut<Coach>,
    phase: Option<Res<State<crate::game::GamePhase>>>,
    game: Res<ActiveGame>,
    mut out: TimerOut,
) {
    let idle = phase.is_none_or(|p| {
        matches!(
            *p.get(),
            crate::game::GamePhase::AwaitingInput | crate::game::GamePhase::Over
        )
    });
    let dt = time.delta_secs();
    let mut due = Vec::new();
    coach.timers.retain_mut(|(left, what)| {
        *left -= dt;
        if *left <= 0.0 && idle {
            due.push(*what);
            false
        } else {
            true
        }
    });
    for what in due {
        let coach = &mut *coach;
        match what {
            Timed::Reply(mv) => {
                out.submit.write(SubmitMoveRequest {
                    mv,
                    source: MoveSource::Script,
                });
                if let Some(Course::Puzzle(p)) = coach.course.as_mut()
                    && p.state == PuzzleState::Right
                {
                    p.state = PuzzleState::Solving;
                }
            }
            Timed::Commit(side, mv) => {
                out.commit.write(SideMoveRequest {
                    side,
                    mv,
                    source: MoveSource::Script,
                });
            }
            Timed::RestartStep => {
                if let Some(Course::Lesson(l)) = coach.course.as_mut() {
                    l.state = StepState::Trying;
                }
                if let Some(course) = &coach.course {
                    out.course.show_start(course);
                }
            }
            Timed::TakeBack => {
                if let Some(Course::Puzzle(p)) = coach.course.as_ref() {
                    if simultaneous(&p.current().position) {
                        out.take_back.write(TakeBackCommitRequest {
                            side: p.current().solver(),
                        });
                    } else if game.record.len() > p.ply {
                        out.undo.write(UndoRequest);
                    }
                }
            }
            Timed::SolutionMove => {
                if let Some(Course::Puzzle(p)) = coach.course.as_mut()
                    && let Some(again) = play_solution_move(p, &mut out)
                {
                    coach.timers.push((again, Timed::SolutionMove));
                }
            }
        }
    }
}

/// Plays the next move of the solution being shown; the delay before the one after it, if
/// any.
fn play_solution_move(p: &mut PuzzleCourse, out: &mut TimerOut) -> Option<f32> {
    let Some(mv) = p.due_move() else {
        p.state = PuzzleState::Solved;
        return None;
    };
    let pos = p.current().position.clone();
    if simultaneous(&pos) {
        let solver = p.current().solver();
        out.commit.write(SideMoveRequest {
            side: solver,
            mv,
            source: MoveSource::Script,
        });
        if let Some(d) = defence(&pos, solver.other()) {
            out.commit.write(SideMoveRequest {
                side: solver.other(),
                mv: d,
                source: MoveSource::Script,
            });
        }
    } else {
        out.submit.write(SubmitMoveRequest {
            mv,
            source: MoveSource::Script,
        });
    }
    p.ply += 1;
    if p.due_move().is_some() {
        Some(SOLUTION_SECS)
    } else {
        p.state = PuzzleState::Solved;
        None
    }
}

/// Ages the success ring.
fn tick_success(time: Res<Time>, mut coach: ResMut<Coach>) {
    if let Some((_, t)) = coach.success.as_mut() {
        *t += time.delta_secs();
    }
}

/// The analysis switches of normal play, kept while a lesson or puzzle has the board: the
/// engine's lines and arrow would give the answers away.
#[derive(Resource, Debug, Clone, Copy)]
struct AnalysisKept {
    open: bool,
    hint: bool,
    threats: bool,
}

/// The seats go to the learner while the mode lasts, and the analysis is closed.
fn lend_seats(
    mut commands: Commands,
    mut seats: ResMut<Seats>,
    analysis: Option<ResMut<crate::bots::live_analysis::AnalysisSettings>>,
) {
    seats.lend_to_coach();
    if let Some(mut a) = analysis {
        commands.insert_resource(AnalysisKept {
            open: a.open,
            hint: a.hint,
            threats: a.threats,
        });
        a.open = false;
        a.hint = false;
        a.threats = false;
    }
}

/// What leaving the mode gives back.
#[derive(SystemParam)]
pub(crate) struct GivenBack<'w> {
    kept: Option<Res<'w, AnalysisKept>>,
    analysis: Option<ResMut<'w, crate::bots::live_analysis::AnalysisSettings>>,
}

/// Leaving the mode ends the course: the seats and the analysis switches come back, and
/// the position on the board is the player's game.
fn end_course(
    mut commands: Commands,
    back: GivenBack,
    mut seats: ResMut<Seats>,
    mut coach: ResMut<Coach>,
    mut learner: ResMut<LearnerSide>,
    mut game: ResMut<ActiveGame>,
) {
    seats.give_back_from_coach();
    coach.course = None;
    coach.timers.clear();
    coach.success = None;
    learner.0 = None;
    if game.origin == GameOrigin::Learning {
        game.origin = GameOrigin::Player;
    }
    if let (Some(kept), Some(mut a)) = (back.kept, back.analysis) {
        a.open = kept.open;
        a.hint = kept.hint;
        a.threats = kept.threats;
        commands.remove_resource::<AnalysisKept>();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The next puzzle is the unplayed one nearest the rating; once all were played, the
    /// nearest of all.
    #[test]
    fn the_next_puzzle_is_the_unplayed_one_nearest_the_rating() {
        let puzzles = puzzles_of(Variant::Standard).unwrap();
        let ratings: Vec<f64> = puzzles.iter().map(|p| p.initial_rating().rating).collect();
        let me = Rating::new(1400.0, 200.0, 0.06);
        let first = next_puzzle(&puzzles, &me, &[]);
        let best = ratings
            .iter()
            .map(|r| (r - 1400.0).abs())
            .fold(f64::INFINITY, f64::min);
        assert_eq!((ratings[first] - 1400.0).abs(), best);
        let second = next_puzzle(&puzzles, &me, &[first]);
        assert_ne!(second, first);
        assert!((ratings[second] - 1400.0).abs() >= best);
        let all: Vec<usize> = (0..puzzles.len()).collect();
        assert_eq!(next_puzzle(&puzzles, &me, &all), first);
    }

    /// Every variant has a lesson book the coach can open.
    #[test]
    fn every_variant_has_lessons_for_the_window() {
        for v in Variant::ALL {
            let book = lesson_book(v).unwrap();
            assert_eq!(book.variant, v);
            assert!(!book.lessons.is_empty(), "{v}");
        }
    }
}
