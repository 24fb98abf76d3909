//! Try-it lessons as data: one RON file per variant (`assets/lessons/<variant>.ron`, the
//! format in `docs/LESSONS.md`), each holding lessons of a few short steps. A step is a
//! start position, a task in words, a typed [`Goal`] the rules core checks
//! ([`goal::check`]), a hint (words, and optionally the move to show), the words shown on
//! success, the scripted solution (for the tests and the "show me" button) and, in Parity,
//! the other side's scripted commit.
//!
//! [`LessonFile`] is the file as written (unvalidated, serde); [`LessonBook::from_file`]
//! validates it into [`LessonBook`], whose [`Step`]s hold parsed positions and moves.
//! [`bundled`] gives the lessons shipped with the program (compiled in). [`verify_step`]
//! solves a step by its script and checks that some other move does not pass: the test
//! `every_lesson_is_solved_by_its_script` runs it on every bundled step, and so does
//! `esoterica lessons check`.
//!
//! Determinism: loading and checking depend only on the text and the moves.

use std::fmt;

use crate::rules::goal::{self, Goal, Verdict};
use crate::rules::notation::san::parse_coordinate;
use crate::rules::position::MoveError;
use crate::rules::{Color, Move, Position, TurnModel, Variant, variants};

/// A lesson file as written: the variant and its lessons, before validation. Optional
/// fields may be left out of the RON text.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct LessonFile {
    /// The variant's command-line name (`intrachange`, `force-field`, …).
    pub variant: String,
    /// The lessons, in the order they are offered.
    pub lessons: Vec<LessonSpec>,
}

/// One lesson as written.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct LessonSpec {
    /// A stable name for the lesson (for saved progress): lower case, digits and `-`.
    pub id: String,
    /// The title shown in the menu.
    pub title: String,
    /// One or two sentences shown before the first step.
    pub intro: String,
    /// The steps, in order (3–6 in the bundled lessons).
    pub steps: Vec<StepSpec>,
}

/// One step as written.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct StepSpec {
    /// The start position, as the variant's position text (FEN, or FEN-like).
    pub position: String,
    /// What the learner is asked to do, in words.
    pub task: String,
    /// What the rules core checks.
    pub goal: Goal,
    /// Help for a learner who is stuck.
    pub hint: HintSpec,
    /// The words shown when the goal is reached.
    pub success: String,
    /// A move that reaches the goal, in coordinate form (`e2e4`, `e7e8q`, `d1C1`); for a
    /// refusal goal, the move the rules refuse.
    pub solution: String,
    /// Parity: the other side's commit for this turn, in coordinate form (required unless
    /// the goal is a refusal); other variants: none.
    #[serde(default)]
    pub reply: Option<String>,
}

/// A hint as written.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct HintSpec {
    /// The hint in words.
    pub text: String,
    /// A move to show on the board (an arrow), in coordinate form; it must reach the goal.
    #[serde(default)]
    pub show: Option<String>,
}

/// The lessons of one variant, validated.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LessonBook {
    /// The variant.
    pub variant: Variant,
    /// The lessons, in order.
    pub lessons: Vec<Lesson>,
}

/// One lesson, validated.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Lesson {
    /// Its stable name.
    pub id: String,
    /// The title.
    pub title: String,
    /// The introduction.
    pub intro: String,
    /// The steps.
    pub steps: Vec<Step>,
}

/// One step, validated: the position and moves are parsed, the goal's squares exist.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Step {
    /// The start position; the learner is its side to move ([`Position::turn`]).
    pub start: Position,
    /// What the learner is asked to do.
    pub task: String,
    /// What the rules core checks.
    pub goal: Goal,
    /// Help for a learner who is stuck.
    pub hint: Hint,
    /// The words shown on success.
    pub success: String,
    /// The scripted solution (for a refusal goal, the refused move).
    pub solution: Move,
    /// Parity: the other side's scripted commit.
    pub reply: Option<Move>,
}

/// A hint, validated.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Hint {
    /// The hint in words.
    pub text: String,
    /// A move to show on the board, if any.
    pub show: Option<Move>,
}

/// Why a lesson file cannot be used: where (lesson and step, counted from 1) and what.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LessonError {
    /// The lesson, counted from 1 (`None`: the file as a whole).
    pub lesson: Option<usize>,
    /// The step, counted from 1.
    pub step: Option<usize>,
    /// What is wrong.
    pub what: String,
}

impl fmt::Display for LessonError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match (self.lesson, self.step) {
            (Some(l), Some(s)) => write!(f, "lesson {l} step {s}: {}", self.what),
            (Some(l), None) => write!(f, "lesson {l}: {}", self.what),
            _ => f.write_str(&self.what),
        }
    }
}

impl std::error::Error for LessonError {}

impl LessonBook {
    /// Reads a lesson file's RON text and validates it ([`LessonBook::from_file`]).
    ///
    /// # Errors
    /// [`LessonError`]: the RON cannot be read, or a step is not valid.
    ///
    /// # Examples
    /// ```
    /// use esoterica::learn::lesson::LessonBook;
    /// let text = r#"(
    ///     variant: "standard",
    ///     lessons: [(
    ///         id: "mate",
    ///         title: "Mate on the back rank",
    ///         intro: "A Rook can mate a King shut in by its own pawns.",
    ///         steps: [(
    ///             position: "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1",
    ///             task: "Mate in one.",
    ///             goal: Checkmate,
    ///             hint: (text: "The eighth rank is open.", show: Some("a1a8")),
    ///             success: "The pawns fence their own King in.",
    ///             solution: "a1a8",
    ///         )],
    ///     )],
    /// )"#;
    /// let book = LessonBook::from_ron(text).unwrap();
    /// let step = &book.lessons[0].steps[0];
    /// assert!(step.check(&step.solution).is_achieved());
    /// ```
    pub fn from_ron(text: &str) -> Result<LessonBook, LessonError> {
        let file: LessonFile = ron::from_str(text).map_err(|e| LessonError {
            lesson: None,
            step: None,
            what: format!("cannot read the lesson file: {e}"),
        })?;
        LessonBook::from_file(&file)
    }

    /// Validates a lesson file: the variant is known; every step's position reads; its goal's
    /// squares exist; its solution, hint move and reply are coordinate moves on the board;
    /// the hint's move and the reply are legal; Parity steps have a reply unless the goal is
    /// a refusal, other variants have none. Whether the solution reaches the goal is
    /// [`verify_step`]'s question.
    ///
    /// # Errors
    /// [`LessonError`] for the first problem found.
    pub fn from_file(file: &LessonFile) -> Result<LessonBook, LessonError> {
        let variant = Variant::parse(&file.variant).map_err(|e| LessonError {
            lesson: None,
            step: None,
            what: e.to_string(),
        })?;
        let mut lessons = Vec::with_capacity(file.lessons.len());
        for (li, l) in file.lessons.iter().enumerate() {
            let err = |step: Option<usize>, what: String| LessonError {
                lesson: Some(li + 1),
                step,
                what,
            };
            if l.steps.is_empty() {
                return Err(err(None, "a lesson needs at least one step".into()));
            }
            let mut steps = Vec::with_capacity(l.steps.len());
            for (si, s) in l.steps.iter().enumerate() {
                steps.push(Step::from_spec(variant, s).map_err(|what| err(Some(si + 1), what))?);
            }
            lessons.push(Lesson {
                id: l.id.clone(),
                title: l.title.clone(),
                intro: l.intro.clone(),
                steps,
            });
        }
        Ok(LessonBook { variant, lessons })
    }
}

impl Step {
    fn from_spec(variant: Variant, s: &StepSpec) -> Result<Step, String> {
        let start =
            Position::from_text(variant, &s.position).map_err(|e| format!("position: {e}"))?;
        let shape = start.shape();
        s.goal.validate(shape).map_err(|e| e.to_string())?;
        let coordinate = |what: &str, text: &str| {
            parse_coordinate(shape, text)
                .map(|(from, to, promotion)| Move {
                    promotion,
                    ..Move::new(from, to)
                })
                .map_err(|e| format!("{what}: {e}"))
        };
        let solution = coordinate("solution", &s.solution)?;
        let show = match &s.hint.show {
            Some(t) => Some(coordinate("hint move", t)?),
            None => None,
        };
        let simultaneous = variant.turn_model() == TurnModel::Simultaneous;
        let refusal = matches!(s.goal, Goal::Refused { .. });
        let reply = match (&s.reply, simultaneous) {
            (Some(t), true) => {
                let m = coordinate("reply", t)?;
                let other = start.turn().other();
                Some(
                    start
                        .judge_commit(other, &m)
                        .map_err(|r| format!("reply {t}: {r}"))?,
                )
            }
            (None, true) if !refusal => {
                return Err("a Parity step needs the other side's commit (reply)".into());
            }
            (None, _) => None,
            (Some(_), false) => {
                return Err("only a simultaneous variant's step has a reply".into());
            }
        };
        if s.task.trim().is_empty() || s.success.trim().is_empty() || s.hint.text.trim().is_empty()
        {
            return Err("the task, hint and success texts must not be empty".into());
        }
        Ok(Step {
            start,
            task: s.task.clone(),
            goal: s.goal.clone(),
            hint: Hint {
                text: s.hint.text.clone(),
                show,
            },
            success: s.success.clone(),
            solution,
            reply,
        })
    }

    /// The learner's side: the start position's side to move.
    pub fn learner(&self) -> Color {
        self.start.turn()
    }

    /// Judges the learner's move (Parity: commit, resolved with the step's [`Step::reply`])
    /// against the step's goal ([`goal::check`]). Castling, en passant and promotion are
    /// recognised from the squares, as the rules' judge does.
    pub fn check(&self, mv: &Move) -> Verdict {
        goal::check(&self.start, &self.goal, mv, self.reply.as_ref())
    }

    /// [`Step::check`] of a move written in coordinate form or in the variant's notation
    /// (SAN; Intrachange's own notation). A well-formed move that names no legal move is
    /// judged as the refusal the rules give ([`Verdict::Illegal`], or
    /// [`Verdict::Achieved`] when the step asks for that refusal).
    ///
    /// # Errors
    /// [`MoveError::Syntax`] or [`MoveError::Ambiguous`] when the text names no move.
    pub fn check_text(&self, text: &str) -> Result<Verdict, MoveError> {
        let text = text.trim();
        if let Ok((from, to, promotion)) = parse_coordinate(self.start.shape(), text) {
            return Ok(self.check(&Move {
                promotion,
                ..Move::new(from, to)
            }));
        }
        match variants::parse_move_text(&self.start, text) {
            Ok(m) => Ok(self.check(&m)),
            Err(MoveError::Illegal(e)) => Ok(match &self.goal {
                Goal::Refused { rule } if rule.matches(&e.refusal.reason) => Verdict::Achieved,
                _ => Verdict::Illegal(e.refusal),
            }),
            Err(e) => Err(e),
        }
    }

    /// The learner's legal moves (Parity: commits) in the start position, in the rules'
    /// order.
    pub fn legal_moves(&self) -> Vec<Move> {
        self.start.legal_commits(self.learner())
    }
}

/// What the shipped lesson file of `variant` says (compiled into the program).
pub fn bundled_text(variant: Variant) -> &'static str {
    match variant {
        Variant::Standard => include_str!("../../assets/lessons/standard.ron"),
        Variant::Intrachange => include_str!("../../assets/lessons/intrachange.ron"),
        Variant::ForceField => include_str!("../../assets/lessons/force-field.ron"),
        Variant::Parity => include_str!("../../assets/lessons/parity.ron"),
        Variant::ParitySingle => include_str!("../../assets/lessons/parity-single.ron"),
        Variant::BigOuter => include_str!("../../assets/lessons/big-outer.ron"),
        Variant::Bully => include_str!("../../assets/lessons/bully.ron"),
        Variant::Nonviolent => include_str!("../../assets/lessons/nonviolent.ron"),
    }
}

/// The lessons shipped for `variant`, read and validated (the tests solve every step of
/// every bundled file, so this fails only on an edited build).
///
/// # Errors
/// [`LessonError`] as for [`LessonBook::from_ron`].
///
/// # Examples
/// ```
/// use esoterica::learn::lesson::bundled;
/// use esoterica::rules::Variant;
/// let book = bundled(Variant::Intrachange).unwrap();
/// let step = &book.lessons[0].steps[0];
/// assert!(step.check(&step.solution).is_achieved());
/// ```
pub fn bundled(variant: Variant) -> Result<LessonBook, LessonError> {
    let book = LessonBook::from_ron(bundled_text(variant))?;
    if book.variant != variant {
        return Err(LessonError {
            lesson: None,
            step: None,
            what: format!(
                "the lesson file of {} says it is for {}",
                variant.name(),
                book.variant.name()
            ),
        });
    }
    Ok(book)
}

/// Solves a step by its script: the solution (and the hint's move, if any) must reach the
/// goal, and some other move must not. For a refusal goal a legal move is the other move;
/// for every other goal, another legal move (Parity: commit) of the learner.
///
/// # Errors
/// Why the step fails, in words.
pub fn verify_step(step: &Step) -> Result<(), String> {
    let shape = step.start.shape();
    let name = |m: &Move| m.coordinate(shape);
    match step.check(&step.solution) {
        Verdict::Achieved => {}
        Verdict::NotYet { why, .. } => {
            return Err(format!(
                "the solution {} does not reach the goal: {why}",
                name(&step.solution)
            ));
        }
        Verdict::Illegal(r) => {
            return Err(format!(
                "the solution {} is illegal: {r}",
                name(&step.solution)
            ));
        }
    }
    if let Some(show) = &step.hint.show
        && !step.check(show).is_achieved()
    {
        return Err(format!("the hint's move {} misses the goal", name(show)));
    }
    let wrong = step
        .legal_moves()
        .into_iter()
        .find(|m| !step.check(m).is_achieved());
    match wrong {
        Some(_) => Ok(()),
        None => Err("every legal move reaches the goal: the step teaches nothing".into()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every bundled lesson file reads, each lesson has 3–6 steps, and every step is solved
    /// by its scripted solution while some other move does not pass.
    #[test]
    fn every_lesson_is_solved_by_its_script() {
        let mut steps = 0;
        for v in Variant::ALL {
            let book = bundled(v).unwrap_or_else(|e| panic!("{}: {e}", v.name()));
            assert!(!book.lessons.is_empty(), "{v}");
            let mut ids = std::collections::BTreeSet::new();
            for (li, lesson) in book.lessons.iter().enumerate() {
                assert!(ids.insert(lesson.id.clone()), "{v}: id {} twice", lesson.id);
                assert!(
                    (3..=6).contains(&lesson.steps.len()),
                    "{v} lesson {}: {} steps",
                    li + 1,
                    lesson.steps.len()
                );
                for (si, step) in lesson.steps.iter().enumerate() {
                    if let Err(e) = verify_step(step) {
                        panic!("{} lesson {} step {}: {e}", v.name(), li + 1, si + 1);
                    }
                    steps += 1;
                }
            }
        }
        assert!(steps >= 30, "{steps} steps");
    }

    #[test]
    fn a_missed_goal_is_explained_and_an_illegal_move_refused() {
        let book = bundled(Variant::ForceField).unwrap();
        let step = book
            .lessons
            .iter()
            .flat_map(|l| &l.steps)
            .find(|s| matches!(s.goal, Goal::Refused { .. }))
            .unwrap();
        assert!(step.check(&step.solution).is_achieved());
        let legal = step.legal_moves()[0];
        match step.check(&legal) {
            Verdict::NotYet { why, .. } => assert!(!why.is_empty()),
            v => panic!("{v:?}"),
        }
        let text = step.solution.coordinate(step.start.shape());
        assert!(step.check_text(&text).unwrap().is_achieved());
        assert!(step.check_text("zz").is_err());
    }

    #[test]
    fn bad_files_name_the_lesson_and_step() {
        let text = r#"(variant: "standard", lessons: [(id: "x", title: "t", intro: "i", steps: [
            (position: "8/8/8/8/8/8/8/8 w - - 0 1", task: "t", goal: Check,
             hint: (text: "h"), success: "s", solution: "a1a2"),
        ])])"#;
        let e = LessonBook::from_ron(text).unwrap_err();
        assert_eq!((e.lesson, e.step), (Some(1), Some(1)));
        assert!(
            e.to_string().starts_with("lesson 1 step 1: position:"),
            "{e}"
        );
        let e = LessonBook::from_ron("(variant: \"chess960\", lessons: [])").unwrap_err();
        assert!(e.to_string().contains("unknown variant"), "{e}");
    }
}
