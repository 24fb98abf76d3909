//! The Python exceptions and the one place where rules errors become them.
//!
//! Every error the rules core returns is turned into a Python exception here and nowhere
//! else, so that a change in the rules' error types (a typed refusal instead of a reason
//! text) is one edit in this file. All exceptions derive from `EsotericaError`, itself a
//! `ValueError`: bad input (a move, a position text, a game record, a bot name) is a value
//! error in Python's idiom.

use esoterica::bots::BotSpecError;
use esoterica::rules::notation::fen::PositionError as RulesPositionError;
use esoterica::rules::notation::pgn::PgnError as RulesPgnError;
use esoterica::rules::{IllegalMove, MoveError, Reason, RuleRef};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::PyDict;

pyo3::create_exception!(
    esoterica,
    EsotericaError,
    PyValueError,
    "Base class of every error the rules raise (a `ValueError`)."
);
pyo3::create_exception!(
    esoterica,
    IllegalMoveError,
    EsotericaError,
    "A move the rules forbid here. `.move` is the move as written, `.reason` the rule that forbids it in words, `.code` the rules' reason as a name (`blocked`, `pinned`, `game-over`), `.rule` the rule broken (a dict: `doc`, `name`, `section`, `ruling`, `title`; `None` for a refusal of this package's own, such as an action outside the action space)."
);
pyo3::create_exception!(
    esoterica,
    MoveTextError,
    IllegalMoveError,
    "A move text that names no single move: unreadable, or an ambiguous SAN. `.move` is the text, `.reason` what is wrong, `.code` `syntax` or `ambiguous`."
);
pyo3::create_exception!(
    esoterica,
    PositionError,
    EsotericaError,
    "A position text that cannot be read, or a variant or square name that does not exist."
);
pyo3::create_exception!(
    esoterica,
    PgnError,
    EsotericaError,
    "A game record (PGN) that cannot be read."
);
pyo3::create_exception!(
    esoterica,
    BotError,
    EsotericaError,
    "A bot specification that cannot be read, or a bot that cannot play."
);

/// An exception of class `E` with the message `message` and the attributes `move`,
/// `reason`, `code` and `rule` set.
fn with_move<E: pyo3::PyTypeInfo>(
    message: String,
    mv: &str,
    reason: &str,
    code: &str,
    rule: Option<RuleRef>,
) -> PyErr {
    Python::attach(|py| {
        let err = PyErr::new::<E, _>(message);
        let value = err.value(py);
        // Setting an attribute on a fresh exception instance cannot fail.
        let _ = value.setattr("move", mv);
        let _ = value.setattr("reason", reason);
        let _ = value.setattr("code", code);
        let rule = rule.and_then(|r| {
            let d = PyDict::new(py);
            d.set_item("doc", r.doc).ok()?;
            d.set_item("name", r.name).ok()?;
            d.set_item("section", r.section).ok()?;
            d.set_item("ruling", r.ruling).ok()?;
            d.set_item("title", r.title).ok()?;
            Some(d)
        });
        let _ = value.setattr("rule", rule);
        err
    })
}

/// The name of a refusal's [`Reason`] in the package's spelling: the variant's name in
/// kebab case (`Blocked` → `blocked`, `DoesNotAnswerCheck` → `does-not-answer-check`).
pub fn reason_code(reason: &Reason) -> String {
    let debug = format!("{reason:?}");
    let mut code = String::new();
    for c in debug.chars().take_while(char::is_ascii_alphanumeric) {
        if c.is_ascii_uppercase() && !code.is_empty() {
            code.push('-');
        }
        code.push(c.to_ascii_lowercase());
    }
    code
}

/// The one conversion of an illegal move into `IllegalMoveError` (`.move`, `.reason`, the
/// reason's `.code` and the `.rule` it breaks).
pub fn rules_err(e: &IllegalMove) -> PyErr {
    with_move::<IllegalMoveError>(
        e.to_string(),
        &e.mv,
        &e.reason(),
        &reason_code(&e.refusal.reason),
        Some(e.refusal.rule()),
    )
}

/// A move text error: `IllegalMoveError` for a well-formed illegal move, `MoveTextError`
/// for unreadable or ambiguous text.
pub fn move_err(e: &MoveError) -> PyErr {
    match e {
        MoveError::Illegal(illegal) => rules_err(illegal),
        MoveError::Syntax { text, reason } => {
            with_move::<MoveTextError>(e.to_string(), text, reason, "syntax", None)
        }
        MoveError::Ambiguous { text, candidates } => with_move::<MoveTextError>(
            e.to_string(),
            text,
            &format!("ambiguous: it could be {}", candidates.join(" or ")),
            "ambiguous",
            None,
        ),
    }
}

/// A refusal this crate words itself (an action outside the legal set, a wrong turn model),
/// raised as `IllegalMoveError` like the rules' own, with `code` (the rules' reason code
/// where there is one: `game-over`, `simultaneous-turn`) and no `rule`.
pub fn refused(mv: &str, reason: &str, code: &str) -> PyErr {
    with_move::<IllegalMoveError>(
        format!("illegal move {mv}: {reason}"),
        mv,
        reason,
        code,
        None,
    )
}

/// A position text the rules cannot read.
pub fn position_err(e: &RulesPositionError) -> PyErr {
    PositionError::new_err(e.to_string())
}

/// Any other bad name or value of the position's world (variant, square, side, kind).
pub fn name_err(message: impl Into<String>) -> PyErr {
    PositionError::new_err(message.into())
}

/// A game record the rules cannot read.
pub fn pgn_err(e: &RulesPgnError) -> PyErr {
    PgnError::new_err(e.to_string())
}

/// A bot specification that cannot be read, or a bot failure.
pub fn bot_err(e: &BotSpecError) -> PyErr {
    BotError::new_err(e.to_string())
}
