//! Moves typed as text: SAN (`Nf3`, `exd5`, `e8=Q`), coordinates (`e2e4`, `e7e8q`, Big
//! Outer's `b11b7`, corners `d1C1`) or coordinates with a hyphen (`e2-e4`, Intrachange's
//! exoteric move; the esoteric half follows by the rules), and Parity commits in
//! coordinates. [`interpret`] matches the text against the legal moves (Parity: the legal
//! commits of the side) with completion of unambiguous prefixes: `Nf` is `Nf3` when no
//! other Knight move starts so. Capture marks, hyphens, `=` and check marks are optional.
//! A [`TypedMoveRequest`] plays the text through the game like a click does; a text no
//! legal move fits is refused with the rules' reason in the status line.

use bevy::prelude::*;

use super::commits::{ParityCommits, SideMoveRequest};
use super::notice::Notice;
use super::state::ActiveGame;
use crate::rules::narrate::{self, Audience};
use crate::rules::notation::san;
use crate::rules::{Color as Side, Move, MoveError, PieceKind, Position, TurnModel};

/// One legal move with the texts it can be typed as.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Candidate {
    /// The move (Parity: the commit).
    pub mv: Move,
    /// How it is shown: SAN in alternating variants, coordinates in Parity.
    pub text: String,
    /// The normalised texts that select it ([`normalise`]).
    keys: Vec<String>,
}

/// What a typed text means in a position.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Typed {
    /// Nothing typed yet.
    Empty,
    /// Exactly one legal move fits (the whole text, or an unambiguous prefix of it).
    Move(Candidate),
    /// Several legal moves start with the text (at most [`MAX_SHOWN`] of them, SAN order).
    Several(Vec<Candidate>),
    /// No legal move fits: why (the rules' reason where the text names a move).
    Refused(String),
}

/// How many candidates [`Typed::Several`] lists.
pub const MAX_SHOWN: usize = 8;

/// The text with what need not be typed removed: spaces, capture marks `x`/`:`, hyphens,
/// `=`, check and annotation marks (`+ # ! ?`).
pub fn normalise(text: &str) -> String {
    text.chars()
        .filter(|c| !matches!(c, ' ' | 'x' | ':' | '-' | '=' | '+' | '#' | '!' | '?'))
        .collect()
}

/// The legal moves of `side` in `pos` with their texts (alternating variants: only the
/// side to move has any).
pub fn candidates(pos: &Position, side: Side) -> Vec<Candidate> {
    let shape = pos.shape();
    let simultaneous = pos.variant().turn_model() == TurnModel::Simultaneous;
    let moves = if simultaneous {
        pos.legal_commits(side)
    } else if pos.turn() == side {
        pos.legal_moves()
    } else {
        Vec::new()
    };
    let mut out: Vec<Candidate> = moves
        .into_iter()
        .map(|mv| {
            let coordinate = mv.coordinate(shape);
            let text = if simultaneous {
                coordinate.clone()
            } else {
                san::to_san(pos, &mv)
            };
            let mut keys = vec![normalise(&text), normalise(&coordinate)];
            if let Some(kind) = mv.promotion {
                // Coordinates with the promotion in capitals (`e7e8Q`) too.
                let mut upper = normalise(&coordinate);
                upper.pop();
                upper.push(kind.letter().to_ascii_uppercase());
                keys.push(upper);
            }
            Candidate { mv, text, keys }
        })
        .collect();
    out.sort_by(|a, b| a.text.cmp(&b.text));
    out
}

/// One legal move of `side` in `pos` as the box would show it, to serve as the typing
/// example in the variant's own notation (SAN; Parity: a commit in coordinates): a Knight
/// move where there is one, else a pawn move, else any; the middle one of those in text
/// order (`Nf3` of `Na3 Nc3 Nf3 Nh3`). `None` when `side` has no move now.
pub fn example(pos: &Position, side: Side) -> Option<String> {
    let all = candidates(pos, side);
    let kind = |c: &Candidate| pos.board().piece_at(c.mv.from).map(|p| p.kind);
    let middle = |of: Vec<&Candidate>| of.get(of.len() / 2).map(|c| c.text.clone());
    [PieceKind::Knight, PieceKind::Pawn]
        .into_iter()
        .find_map(|want| middle(all.iter().filter(|c| kind(c) == Some(want)).collect()))
        .or_else(|| middle(all.iter().collect()))
}

/// What `text` means for `side` in `pos` (see the module docs).
pub fn interpret(pos: &Position, side: Side, text: &str) -> Typed {
    let typed = normalise(text.trim());
    if typed.is_empty() {
        return Typed::Empty;
    }
    let all = candidates(pos, side);
    if all.is_empty() {
        return Typed::Refused(format!("{} has no move to make now", side.title()));
    }
    let exact: Vec<&Candidate> = all.iter().filter(|c| c.keys.contains(&typed)).collect();
    if let [one] = exact.as_slice() {
        return Typed::Move((*one).clone());
    }
    let starting: Vec<&Candidate> = all
        .iter()
        .filter(|c| c.keys.iter().any(|k| k.starts_with(&typed)))
        .collect();
    match starting.as_slice() {
        [] => Typed::Refused(refusal(pos, side, text.trim())),
        [one] => Typed::Move((*one).clone()),
        many => Typed::Several(many.iter().take(MAX_SHOWN).map(|c| (*c).clone()).collect()),
    }
}

/// Why no legal move fits `text`: the rules' reason, worded for the player with the rule
/// cited, when the text names a move of the side to move; else that nothing fits.
fn refusal(pos: &Position, side: Side, text: &str) -> String {
    let simultaneous = pos.variant().turn_model() == TurnModel::Simultaneous;
    if !simultaneous && pos.turn() == side {
        match pos.parse_move(text) {
            Err(MoveError::Illegal(e)) => {
                return format!("{text}: {}", narrate::refusal(&e.refusal, Audience::Player));
            }
            Err(MoveError::Syntax { reason, .. }) => {
                return format!("no legal move is written '{text}' ({reason})");
            }
            Err(e @ MoveError::Ambiguous { .. }) => return e.to_string(),
            Ok(_) => {}
        }
    }
    let what = if simultaneous { "commit" } else { "move" };
    format!("no legal {what} of {} is written '{text}'", side.title())
}

/// Asks to play the move `text` names (see the module docs) for `side`.
#[derive(Message, Debug, Clone, PartialEq, Eq)]
pub struct TypedMoveRequest {
    /// The side it is for (alternating: the side to move; Parity: the committing side).
    pub side: Side,
    /// The text as typed.
    pub text: String,
}

pub(crate) fn plugin(app: &mut App) {
    app.add_message::<TypedMoveRequest>()
        .add_systems(Update, play_typed_moves.in_set(crate::InputSystems::Typed));
}

/// Turns typed moves into move or commit requests; says why when none fits. A move is sent
/// as the commit of the side it is typed for: the game plays it as that side's move in an
/// alternating game and as its hidden commit in Parity.
pub(crate) fn play_typed_moves(
    game: Res<ActiveGame>,
    commits: Res<ParityCommits>,
    mut typed: MessageReader<TypedMoveRequest>,
    mut notices: MessageWriter<Notice>,
    mut commit: MessageWriter<SideMoveRequest>,
) {
    for t in typed.read() {
        if let Some(outcome) = game.record.outcome() {
            notices.write(Notice::FlowRefused(
                super::notice::FlowRefusal::AlreadyOver(outcome),
            ));
            continue;
        }
        let pos = game.record.current();
        match interpret(pos, t.side, &t.text) {
            Typed::Move(_) if commits.has_committed(t.side) => {
                notices.write(Notice::AlreadyCommitted(t.side));
            }
            Typed::Move(c) => {
                commit.write(SideMoveRequest {
                    side: t.side,
                    mv: c.mv,
                    source: super::MoveSource::Keyboard,
                });
            }
            Typed::Empty => {}
            Typed::Several(list) => {
                notices.write(Notice::TypedAmbiguous {
                    text: t.text.clone(),
                    candidates: list.iter().map(|c| c.text.clone()).collect(),
                });
            }
            Typed::Refused(why) => {
                notices.write(Notice::TypedRefused(why));
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Variant;

    fn texts(t: &Typed) -> Vec<String> {
        match t {
            Typed::Move(c) => vec![c.text.clone()],
            Typed::Several(l) => l.iter().map(|c| c.text.clone()).collect(),
            Typed::Empty => vec![],
            Typed::Refused(why) => vec![format!("refused: {why}")],
        }
    }

    #[test]
    fn the_example_is_a_legal_move_in_the_variants_notation() {
        let w = Side::White;
        let b = Side::Black;
        let standard = Position::new(Variant::Standard);
        assert_eq!(example(&standard, w).as_deref(), Some("Nf3"));
        // Not Black's turn: no example.
        assert_eq!(example(&standard, b), None);
        // Parity: a commit, in coordinates, for either side.
        let parity = Position::new(Variant::Parity);
        assert_eq!(example(&parity, w).as_deref(), Some("g1f3"));
        assert_eq!(example(&parity, b).as_deref(), Some("g8f6"));
        // Every variant's example selects a move when typed.
        for v in Variant::ALL {
            let pos = Position::new(v);
            let text = example(&pos, w).unwrap_or_else(|| panic!("{v:?} has a first move"));
            assert!(
                matches!(interpret(&pos, w, &text), Typed::Move(ref c) if c.text == text),
                "{v:?}: {text}"
            );
        }
        // A King with no move left has no example.
        let mated =
            Position::from_text(Variant::Standard, "7k/6Q1/6K1/8/8/8/8/8 b - - 0 1").unwrap();
        assert_eq!(example(&mated, b), None);
    }

    #[test]
    fn san_coordinates_and_unambiguous_prefixes_select_the_move() {
        let pos = Position::new(Variant::Standard);
        let w = Side::White;
        assert_eq!(texts(&interpret(&pos, w, "Nf3")), ["Nf3"]);
        assert_eq!(texts(&interpret(&pos, w, "g1f3")), ["Nf3"]);
        assert_eq!(texts(&interpret(&pos, w, "g1-f3")), ["Nf3"]);
        assert_eq!(texts(&interpret(&pos, w, "Nf")), ["Nf3"]);
        assert_eq!(texts(&interpret(&pos, w, "e4")), ["e4"]);
        assert_eq!(texts(&interpret(&pos, w, "e2e4")), ["e4"]);
        assert_eq!(
            texts(&interpret(&pos, w, "N")),
            ["Na3", "Nc3", "Nf3", "Nh3"]
        );
        assert_eq!(texts(&interpret(&pos, w, "")), Vec::<String>::new());
        // Black has no move while White is to move.
        assert_eq!(
            texts(&interpret(&pos, Side::Black, "e5")),
            ["refused: Black has no move to make now"]
        );
        // A move the rules forbid names the rules' reason.
        let Typed::Refused(why) = interpret(&pos, w, "Ke2") else {
            panic!("Ke2 is not legal at the start");
        };
        assert!(why.starts_with("Ke2: "), "{why}");
        assert!(matches!(interpret(&pos, w, "Qz9"), Typed::Refused(_)));
    }

    #[test]
    fn captures_promotions_and_checks_need_not_be_marked() {
        let pos =
            Position::from_text(Variant::Standard, "1r2k3/P7/8/8/8/8/8/4K3 w - - 0 1").unwrap();
        let w = Side::White;
        assert_eq!(texts(&interpret(&pos, w, "axb8=Q+")), ["axb8=Q+"]);
        assert_eq!(texts(&interpret(&pos, w, "ab8Q")), ["axb8=Q+"]);
        assert_eq!(texts(&interpret(&pos, w, "a7b8q")), ["axb8=Q+"]);
        // `a8` is four promotions: listed, not guessed.
        assert_eq!(
            texts(&interpret(&pos, w, "a8")),
            ["a8=B", "a8=N", "a8=Q", "a8=R"]
        );
    }

    #[test]
    fn intrachange_big_outer_and_parity_moves_are_typed_too() {
        let pos = Position::new(Variant::Intrachange);
        let Typed::Move(c) = interpret(&pos, Side::White, "e2-e4") else {
            panic!("e2-e4 is an Intrachange opening move");
        };
        assert_eq!(c.mv.coordinate(pos.shape()), "e2e4");
        let pos = Position::new(Variant::BigOuter);
        for mv in pos.legal_moves() {
            let text = mv.coordinate(pos.shape());
            let Typed::Move(c) = interpret(&pos, Side::White, &text) else {
                panic!("{text} is legal in Big Outer");
            };
            assert_eq!(c.mv, mv, "{text}");
        }
        // Parity: each side types its own commit, at the same time.
        let pos = Position::new(Variant::Parity);
        let Typed::Move(w) = interpret(&pos, Side::White, "e2e4") else {
            panic!("e2e4 is a White commit");
        };
        let Typed::Move(b) = interpret(&pos, Side::Black, "e7e5") else {
            panic!("e7e5 is a Black commit");
        };
        assert_eq!(w.text, "e2e4");
        assert_eq!(b.text, "e7e5");
        assert!(matches!(
            interpret(&pos, Side::White, "e7e5"),
            Typed::Refused(why) if why == "no legal commit of White is written 'e7e5'"
        ));
    }
}
