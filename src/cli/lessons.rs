//! `esoterica lessons …`: the try-it lessons on the command line ([`crate::learn::lesson`]).
//!
//! - `lessons list [--variant V] [--file FILE]`: per lesson a line `lesson <variant> <N>
//!   <id> <title>`, then per step `step <N.M> <goal>` with the task, the position and the
//!   hint indented by two spaces.
//! - `lessons check [--variant V] [--file FILE]`: solves every step by its script and checks
//!   that another move does not pass ([`verify_step`]); `ok <variant> <N.M>` or
//!   `bad <variant> <N.M>: <why>` per step; exit status 1 when a step is bad or a file
//!   cannot be read.
//! - `lessons try --variant V --step N.M [--file FILE] MOVE`: judges a move as the window
//!   would: `achieved: <success text>`, `not yet: <why>` or `illegal: <the rules' refusal>`
//!   (exit status 0 for all three; 1 for bad input).
//!
//! Without `--file` the bundled lessons are read (all variants, or `--variant`'s).

use std::path::PathBuf;

use clap::{Args, Subcommand};

use crate::learn::lesson::{self, LessonBook, verify_step};
use crate::rules::goal::Verdict;
use crate::rules::narrate::{self, Audience};
use crate::rules::{TurnModel, Variant};

/// The largest lesson file read from the command line, in bytes.
const MAX_LESSON_FILE_BYTES: usize = 4 << 20;

/// `lessons` subcommands.
#[derive(Subcommand, Debug)]
pub enum LessonsCmd {
    /// List the lessons and their steps.
    List(LessonSource),
    /// Solve every step by its script; exit 1 naming the bad steps.
    Check(LessonSource),
    /// Judge one move of one step.
    Try(TryArgs),
}

/// Which lessons: a file, or the bundled ones of one variant or all.
#[derive(Args, Debug)]
pub struct LessonSource {
    /// Only this variant's bundled lessons.
    #[arg(long, value_parser = super::parse_variant)]
    variant: Option<Variant>,
    /// A lesson file (RON, docs/LESSONS.md) instead of the bundled ones.
    #[arg(long, value_name = "FILE")]
    file: Option<PathBuf>,
}

/// `lessons try` options.
#[derive(Args, Debug)]
pub struct TryArgs {
    /// The variant whose bundled lessons to use (with `--file`: must match the file).
    #[arg(long, value_parser = super::parse_variant)]
    variant: Variant,
    /// The step: lesson number and step number, both from 1 (`2.3`).
    #[arg(long, value_name = "N.M")]
    step: String,
    /// A lesson file instead of the bundled one.
    #[arg(long, value_name = "FILE")]
    file: Option<PathBuf>,
    /// The move (coordinate form or the variant's notation; Parity: the learner's commit).
    #[arg(allow_hyphen_values = true)]
    mv: String,
}

/// Runs a `lessons` subcommand and returns the exit status.
pub(super) fn run(cmd: &LessonsCmd) -> u8 {
    match cmd {
        LessonsCmd::List(src) => match books(src) {
            Ok(books) => {
                books.iter().for_each(list);
                0
            }
            Err(e) => fail(&e),
        },
        LessonsCmd::Check(src) => match books(src) {
            Ok(books) => {
                let mut bad = 0;
                for book in &books {
                    for (li, l) in book.lessons.iter().enumerate() {
                        for (si, s) in l.steps.iter().enumerate() {
                            let at = format!("{} {}.{}", book.variant.name(), li + 1, si + 1);
                            match verify_step(s) {
                                Ok(()) => println!("ok {at}"),
                                Err(why) => {
                                    bad += 1;
                                    println!("bad {at}: {why}");
                                }
                            }
                        }
                    }
                }
                u8::from(bad > 0)
            }
            Err(e) => fail(&e),
        },
        LessonsCmd::Try(a) => try_move(a),
    }
}

fn fail(e: &str) -> u8 {
    eprintln!("error: {e}");
    1
}

fn books(src: &LessonSource) -> Result<Vec<LessonBook>, String> {
    if let Some(path) = &src.file {
        let book = read_file(path)?;
        if let Some(v) = src.variant
            && v != book.variant
        {
            return Err(format!(
                "{} holds {} lessons, not {}",
                path.display(),
                book.variant.name(),
                v.name()
            ));
        }
        return Ok(vec![book]);
    }
    let variants: Vec<Variant> = src.variant.map_or(Variant::ALL.to_vec(), |v| vec![v]);
    variants
        .into_iter()
        .map(|v| lesson::bundled(v).map_err(|e| format!("the {} lessons: {e}", v.name())))
        .collect()
}

fn read_file(path: &std::path::Path) -> Result<LessonBook, String> {
    let text = crate::persist::read_text_bounded(path, MAX_LESSON_FILE_BYTES)
        .map_err(|e| e.naming(path))?;
    LessonBook::from_ron(&text).map_err(|e| format!("{}: {e}", path.display()))
}

fn list(book: &LessonBook) {
    let shape = book.variant.shape();
    for (li, l) in book.lessons.iter().enumerate() {
        println!(
            "lesson {} {} {} {}",
            book.variant.name(),
            li + 1,
            l.id,
            l.title
        );
        for (si, s) in l.steps.iter().enumerate() {
            println!("step {}.{} {}", li + 1, si + 1, narrate::goal(&s.goal));
            println!("  task {}", s.task);
            println!("  position {}", s.start.to_text());
            if let Some(r) = &s.reply {
                println!("  reply {}", r.coordinate(shape));
            }
            println!("  hint {}", s.hint.text);
        }
    }
}

fn try_move(a: &TryArgs) -> u8 {
    let book = match &a.file {
        Some(path) => match read_file(path) {
            Ok(b) if b.variant == a.variant => b,
            Ok(b) => {
                return fail(&format!(
                    "{} holds {} lessons, not {}",
                    path.display(),
                    b.variant.name(),
                    a.variant.name()
                ));
            }
            Err(e) => return fail(&e),
        },
        None => match lesson::bundled(a.variant) {
            Ok(b) => b,
            Err(e) => return fail(&e.to_string()),
        },
    };
    let Some((l, s)) = a.step.split_once('.').and_then(|(l, s)| {
        let l: usize = l.parse().ok()?;
        let s: usize = s.parse().ok()?;
        Some((l.checked_sub(1)?, s.checked_sub(1)?))
    }) else {
        return fail(&format!(
            "--step must be N.M (lesson.step), not '{}'",
            a.step
        ));
    };
    let Some(step) = book.lessons.get(l).and_then(|x| x.steps.get(s)) else {
        return fail(&format!(
            "there is no step {} in the {} lessons",
            a.step,
            a.variant.name()
        ));
    };
    let verdict = match step.check_text(&a.mv) {
        Ok(v) => v,
        Err(e) => return fail(&e.to_string()),
    };
    if let (Some(r), TurnModel::Simultaneous) = (&step.reply, a.variant.turn_model()) {
        println!("reply {}", r.coordinate(step.start.shape()));
    }
    match verdict {
        Verdict::Achieved => println!("achieved: {}", step.success),
        Verdict::NotYet { why, .. } => println!("not yet: {why}"),
        Verdict::Illegal(r) => println!("illegal: {}", narrate::refusal(&r, Audience::Player)),
    }
    0
}
