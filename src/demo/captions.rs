//! Captions for the demo: plain-words explanations of the special events of a move, for a
//! visitor watching bots play at an event.
//!
//! Owns only words: it reads the position before a move, the move (or Parity turn) and the
//! [`Effect`]s the rules core reported, and never decides anything the rules did not. It may
//! replay the entry on a copy of the position to read the position after it (Force Field
//! charges, Parity shared squares). Plain Rust, no Bevy.
//!
//! Determinism: captions come in the order of the effects they explain (the rules order),
//! with at most one caption per effect plus the per-move notes (castling, Big Outer zones),
//! which sit at the move's first step.

use std::fmt;

use crate::rules::geometry::{BoardShape, Square, Zone};
use crate::rules::intrachange_chart::chart;
use crate::rules::moves::{CheckKind, Effect, Move, Special};
use crate::rules::outcome::{Outcome, WinReason};
use crate::rules::piece::{Color, Piece, PieceKind};
use crate::rules::position::{Position, Wing};
use crate::rules::record::Entry;
use crate::rules::variant::Variant;
use crate::rules::variants::{classic, force_field};

/// What a caption explains; the game may pick a colour or icon per kind.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum CaptionKind {
    /// Intrachange: a piece was transferred from its exoteric to its esoteric square.
    Teleport,
    /// Intrachange: a teleporting piece passed through an enemy piece, which survives.
    PassThrough,
    /// Intrachange: a capture on the esoteric square.
    EsotericCapture,
    /// Intrachange: a pawn stepped onto its 7th rank and went back to its 1st rank.
    PawnReturn,
    /// Intrachange: the pawn exception (a diagonal capture onto the 7th rank).
    PawnException,
    /// A King was captured (Intrachange, Parity ruling P-4); the game ends.
    KingCaptured,
    /// Force Field: a move of the side to move that a field forbids ([`field_caption`]).
    FieldBlocked,
    /// Force Field: a piece lines up on a King, but a field cuts the line: no check.
    CheckNeutralised,
    /// Force Field: empty squares changed hands (one side's control became the other's).
    ControlFlipped,
    /// Parity: two enemy pieces landed on one square.
    SharedSquare,
    /// Parity: a capture found its target gone.
    FailedCapture,
    /// Parity: a capture (announced, as every Parity capture is simultaneous).
    Capture,
    /// A King is in check (classic, or Parity's immediate or delayed check).
    Check,
    /// Parity: a check intended on the start-of-turn board was defeated by the other move.
    FailedCheck,
    /// Parity: a pawn stepped off a square it shared with an enemy pawn.
    PawnPasses,
    /// Big Outer: a Matriarch, Jumper or outer Knight changed zone, so its move changed.
    ZoneChange,
    /// Big Outer: a move into or out of a corner square.
    CornerMove,
    /// Big Outer: a pawn's first move of 3 or 4 squares.
    LongPawnMove,
    /// Bully: a capture of equal or lower value.
    BullyCapture,
    /// A pawn promoted.
    Promotion,
    /// Castling.
    Castling,
    /// En passant.
    EnPassant,
    /// The game ended (checkmate, stalemate, King capture, a draw).
    GameOver,
}

/// One caption: its kind and one sentence for the screen.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Caption {
    /// What it explains.
    pub kind: CaptionKind,
    /// The sentence, without a final full stop.
    pub text: String,
}

impl Caption {
    fn new(kind: CaptionKind, text: String) -> Caption {
        Caption { kind, text }
    }
}

impl fmt::Display for Caption {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.text)
    }
}

/// A charge written with its sign: `+3`, `−3` (U+2212), `0`.
fn signed(c: i32) -> String {
    match c.signum() {
        1 => format!("+{c}"),
        -1 => format!("\u{2212}{}", c.unsigned_abs()),
        _ => "0".to_string(),
    }
}

fn is_corner(shape: BoardShape, sq: Square) -> bool {
    let (f, r) = shape.coords(sq);
    !(0..shape.files()).contains(&f) || !(0..shape.ranks()).contains(&r)
}

fn number_word(n: i8) -> String {
    match n {
        2 => "two".to_string(),
        3 => "three".to_string(),
        4 => "four".to_string(),
        _ => n.to_string(),
    }
}

/// The moves of an entry with their sides: one for alternating variants, White's and
/// Black's for a Parity turn.
fn entry_moves(before: &Position, entry: &Entry) -> Vec<(Color, Move)> {
    match entry {
        Entry::Move(m) => vec![(before.turn(), *m)],
        Entry::Turn { white, black } => vec![(Color::White, *white), (Color::Black, *black)],
    }
}

/// The position after `entry`, if it is legal on `before`.
fn replay(before: &Position, entry: &Entry) -> Option<Position> {
    let mut p = before.clone();
    match entry {
        Entry::Move(m) => p.try_play(m).ok()?,
        Entry::Turn { white, black } => p.resolve(white, black).ok()?,
    };
    Some(p)
}

/// What a Big Outer zone piece can do from `zone` (`rules/big-outer.md §2`, ruling B-3).
fn zone_ability(kind: PieceKind, zone: Zone) -> Option<&'static str> {
    Some(match (kind, zone) {
        (PieceKind::Matriarch, Zone::Central) => "moves at most 3 squares",
        (PieceKind::Matriarch, Zone::Mid) => "moves at most 6 squares",
        (PieceKind::Matriarch, Zone::Outer) => "moves any distance, like a Queen",
        (PieceKind::Jumper, Zone::Central) => "only steps one square",
        (PieceKind::Jumper, Zone::Mid) => "steps one square or jumps exactly 2",
        (PieceKind::Jumper, Zone::Outer) => "steps one square or jumps exactly 3",
        (PieceKind::OuterKnight, Zone::Central) => "jumps like an ordinary Knight, 2 and 1",
        (PieceKind::OuterKnight, Zone::Mid) => "jumps 3 and 1, or 2 and 2",
        (PieceKind::OuterKnight, Zone::Outer) => "jumps 4 and 1, or 3 and 2",
        _ => return None,
    })
}

fn zone_rank(zone: Zone) -> u8 {
    match zone {
        Zone::Central => 0,
        Zone::Mid => 1,
        Zone::Outer => 2,
    }
}

/// The notes a move earns at its first step: castling and the Big Outer events.
fn step_captions(before: &Position, side: Color, mv: &Move, kind: PieceKind) -> Vec<Caption> {
    let shape = before.shape();
    let n = |s: Square| shape.name(s);
    let piece = Piece::new(side, kind);
    let mut out = Vec::new();
    if let Special::Castle { rook_from, rook_to } = mv.special {
        let wing = match before.castle_spec(side, Wing::Short) {
            Some(s) if s.king_to == mv.to => "short",
            _ => "long",
        };
        let dist = (shape.file(mv.to) - shape.file(mv.from)).abs();
        out.push(Caption::new(
            CaptionKind::Castling,
            format!(
                "{side} castled {wing}: the King moved {} squares from {} to {} and the Rook from {} to {}",
                number_word(dist),
                n(mv.from),
                n(mv.to),
                n(rook_from),
                n(rook_to)
            ),
        ));
        return out;
    }
    if before.variant() != Variant::BigOuter {
        return out;
    }
    if kind == PieceKind::Pawn {
        let dist = (shape.rank(mv.to) - shape.rank(mv.from)).abs();
        if dist >= 3 {
            out.push(Caption::new(
                CaptionKind::LongPawnMove,
                format!(
                    "The {piece} advanced {} squares on its first move, {} to {}: on the big board a pawn's first move may go up to 4",
                    number_word(dist),
                    n(mv.from),
                    n(mv.to)
                ),
            ));
        }
    }
    let leaper = matches!(
        kind,
        PieceKind::OuterKnight | PieceKind::Knight | PieceKind::Jumper | PieceKind::Guard
    );
    let verb = if leaper { "leapt" } else { "moved" };
    if is_corner(shape, mv.from) {
        out.push(Caption::new(
            CaptionKind::CornerMove,
            format!(
                "The {piece} {verb} out of the corner square {} to {}",
                n(mv.from),
                n(mv.to)
            ),
        ));
    } else if is_corner(shape, mv.to) {
        out.push(Caption::new(
            CaptionKind::CornerMove,
            format!(
                "The {piece} {verb} from {} into the corner square {}",
                n(mv.from),
                n(mv.to)
            ),
        ));
    }
    let (z0, z1) = (shape.zone(mv.from), shape.zone(mv.to));
    if z0 != z1
        && let Some(ability) = zone_ability(kind, z1)
    {
        let went = match z1 {
            Zone::Central => "entered the centre",
            Zone::Mid if zone_rank(z0) > zone_rank(z1) => "entered the mid zone",
            Zone::Mid => "moved out to the mid zone",
            Zone::Outer => "moved out to the outer zone",
        };
        out.push(Caption::new(
            CaptionKind::ZoneChange,
            format!("The {piece} {went}: from here it {ability}"),
        ));
    }
    out
}

/// The squares whose control passed from one side to the other (empty before and after),
/// as one caption, or `None`.
fn control_flips(before: &Position, after: &Position) -> Option<Caption> {
    let shape = before.shape();
    let (m0, m1) = (force_field::fields(before), force_field::fields(after));
    let mut parts = Vec::new();
    for side in Color::BOTH {
        let squares: Vec<Square> = shape
            .squares()
            .take(force_field::FIELD_SQUARES)
            .filter(|&s| before.board().is_empty(s) && after.board().is_empty(s))
            .filter(|&s| m1.controller(s) == Some(side) && m0.controller(s) == Some(side.other()))
            .collect();
        if squares.is_empty() {
            continue;
        }
        let mut names: Vec<String> = squares
            .iter()
            .take(4)
            .map(|&s| format!("{} ({})", shape.name(s), signed(m1.net(s))))
            .collect();
        if squares.len() > 4 {
            names.push(format!("{} more", squares.len() - 4));
        }
        let list = match names.len() {
            1 => names[0].clone(),
            k => format!("{} and {}", names[..k - 1].join(", "), names[k - 1]),
        };
        parts.push(format!("{side} now holds {list}"));
    }
    (!parts.is_empty()).then(|| {
        Caption::new(
            CaptionKind::ControlFlipped,
            format!("Control flipped: {}", parts.join("; ")),
        )
    })
}

/// Force Field: the enemy pieces that line up on `side`'s King by classic movement but are
/// cut off by a field (§4), so they give no check. Empty under "classic check" (F-4).
fn neutralised_attackers(pos: &Position, side: Color) -> Vec<Square> {
    let Some(king) = pos.board().king(side) else {
        return Vec::new();
    };
    if pos.options().classic_check || pos.in_check(side) {
        return Vec::new();
    }
    classic::attackers(pos.board(), king, side.other())
}

/// Force Field: a piece that stood still and was cut off from `side`'s King by a field
/// before the move, and checks it after (a check given by changing the fields, §4).
fn uncut_checker(before: &Position, after: &Position, side: Color) -> Option<Square> {
    if before.variant() != Variant::ForceField {
        return None;
    }
    let king = after.board().king(side)?;
    let now = classic::attackers(after.board(), king, side.other());
    neutralised_attackers(before, side)
        .into_iter()
        .find(|a| now.contains(a) && before.board().piece_at(*a) == after.board().piece_at(*a))
}

fn neutralised_checks(before: &Position, after: &Position) -> Vec<Caption> {
    let shape = after.shape();
    let map = force_field::fields(after);
    let mut out = Vec::new();
    for side in Color::BOTH {
        let now = neutralised_attackers(after, side);
        if now.is_empty() || now == neutralised_attackers(before, side) {
            continue;
        }
        let Some(king) = after.board().king(side) else {
            continue;
        };
        let a = now[0];
        let Some(att) = after.board().piece_at(a) else {
            continue;
        };
        let cut = classic::between(shape, a, king)
            .into_iter()
            .find(|&s| map.controller(s) == Some(side));
        let why = match cut {
            Some(s) => format!(
                "{side} holds {} ({}) on the way",
                shape.name(s),
                signed(map.net(s))
            ),
            None => format!("{side}'s fields block its routes"),
        };
        out.push(Caption::new(
            CaptionKind::CheckNeutralised,
            format!(
                "The {att} on {} lines up on the {side} King, but {why}: no check",
                shape.name(a)
            ),
        ));
    }
    out
}

/// Explains the special events of one move (or Parity turn) in plain words, for a visitor.
///
/// `before` is the position the entry was played on, `effects` what the rules reported
/// (e.g. from [`GameRecord::play`](crate::rules::record::GameRecord::play), repetition
/// included). Ordinary moves and captures get no caption; teleports, pass-throughs, pawn
/// returns, King captures, shared squares, failed captures and checks, field control flips
/// and neutralised checks, Big Outer zone changes, corner moves and long pawn moves, Bully
/// captures, checks, promotion, castling, en passant and the game end do.
///
/// Determinism: captions follow the order of `effects`; the result depends only on the
/// arguments.
///
/// # Examples
/// ```
/// use esoterica::demo::captions::captions;
/// use esoterica::rules::{Entry, Position, Variant};
/// let before = Position::new(Variant::Intrachange);
/// let mv = before.parse_move("e2e4").unwrap();
/// let fx = before.clone().play(&mv);
/// let c = captions(&before, &Entry::Move(mv), &fx);
/// assert_eq!(
///     c[0].text,
///     "White Pawn entered e4 (hexagram 56) and teleported to e6 (hexagram 24): its Pawn line flipped"
/// );
/// ```
pub fn captions(before: &Position, entry: &Entry, effects: &[Effect]) -> Vec<Caption> {
    // Only Force Field (charges) and Parity (shared squares) read the position after.
    let after = match before.variant() {
        Variant::ForceField | Variant::Parity | Variant::ParitySingle => replay(before, entry),
        Variant::Standard
        | Variant::Intrachange
        | Variant::BigOuter
        | Variant::Bully
        | Variant::Nonviolent => None,
    };
    captions_between(before, after.as_ref(), entry, effects)
}

/// [`captions`] when the position after the entry is already known (the game's record
/// holds it), which spares replaying the entry. `after` must follow from `before` by
/// `entry`; `None` gives the captions that need no position after.
pub fn captions_between(
    before: &Position,
    after: Option<&Position>,
    entry: &Entry,
    effects: &[Effect],
) -> Vec<Caption> {
    let shape = before.shape();
    let n = |s: Square| shape.name(s);
    let variant = before.variant();
    let moves = entry_moves(before, entry);
    let mate = effects.iter().any(|e| {
        matches!(
            e,
            Effect::GameOver(Outcome::Win {
                reason: WinReason::Checkmate,
                ..
            })
        )
    });
    let mover_of = |side: Color| moves.iter().find(|(c, _)| *c == side).map(|(_, m)| *m);
    let kind_of = |side: Color| mover_of(side).and_then(|m| before.board().kind(side, m.from));
    let mut out = Vec::new();
    // The current Intrachange teleport: (piece, exoteric, esoteric).
    let mut teleport: Option<(Piece, Square, Square)> = None;
    for (i, e) in effects.iter().enumerate() {
        match e {
            Effect::Step { piece, from, to } => {
                if let Some(mv) = mover_of(piece.color)
                    && mv.from == *from
                    && mv.to == *to
                {
                    out.extend(step_captions(before, piece.color, &mv, piece.kind));
                }
            }
            Effect::Teleport { piece, from, to } => {
                teleport = Some((*piece, *from, *to));
                let exception = effects[i..]
                    .iter()
                    .any(|f| matches!(f, Effect::Capture { at, .. } if at == from));
                if exception {
                    continue;
                }
                let num = |s: Square| chart().number_of(s);
                let home = match piece.color {
                    Color::White => 0,
                    Color::Black => shape.ranks() - 1,
                };
                if piece.kind == PieceKind::Pawn && shape.rank(*to) == home {
                    out.push(Caption::new(
                        CaptionKind::PawnReturn,
                        format!(
                            "{piece} stepped onto {} (hexagram {}) and returned to {} (hexagram {}): pawns never promote here",
                            n(*from),
                            num(*from),
                            n(*to),
                            num(*to)
                        ),
                    ));
                } else {
                    out.push(Caption::new(
                        CaptionKind::Teleport,
                        format!(
                            "{piece} entered {} (hexagram {}) and teleported to {} (hexagram {}): its {} line flipped",
                            n(*from),
                            num(*from),
                            n(*to),
                            num(*to),
                            piece.kind.name()
                        ),
                    ));
                }
            }
            Effect::PassThrough { piece, at } => {
                let mover = teleport
                    .map_or_else(|| "The piece".to_string(), |(p, _, _)| format!("The {p}"));
                out.push(Caption::new(
                    CaptionKind::PassThrough,
                    format!(
                        "{mover} passed through the {piece} on {}, which survives",
                        n(*at)
                    ),
                ));
            }
            Effect::Capture { piece, at } => {
                let by_side = piece.color.other();
                let mv = mover_of(by_side);
                let attacker = kind_of(by_side).map(|k| Piece::new(by_side, k));
                let by = attacker.map_or_else(|| format!("{by_side}"), |p| format!("The {p}"));
                if let Some(m) = mv
                    && let Special::EnPassant { captured } = m.special
                    && captured == *at
                {
                    out.push(Caption::new(
                        CaptionKind::EnPassant,
                        format!(
                            "{by} took en passant: it moved to {} and removed the {piece} on {}",
                            n(m.to),
                            n(*at)
                        ),
                    ));
                    continue;
                }
                let exception = teleport.is_some_and(|(_, x, _)| x == *at);
                if piece.kind == PieceKind::King {
                    let how = if exception {
                        " by the pawn exception"
                    } else {
                        ""
                    };
                    out.push(Caption::new(
                        CaptionKind::KingCaptured,
                        format!(
                            "{by} captured the {piece} on {}{how}: the game is over",
                            n(*at)
                        ),
                    ));
                    continue;
                }
                match variant {
                    Variant::Intrachange => {
                        if let Some((p, x, y)) = teleport {
                            if x == *at {
                                out.push(Caption::new(
                                    CaptionKind::PawnException,
                                    format!(
                                        "Pawn exception: capturing onto its 7th rank, the {p} took the {piece} on {} and went back to {}",
                                        n(*at),
                                        n(y)
                                    ),
                                ));
                            } else if y == *at {
                                out.push(Caption::new(
                                    CaptionKind::EsotericCapture,
                                    format!(
                                        "The {p} captured the {piece} on {}, its esoteric square",
                                        n(*at)
                                    ),
                                ));
                            }
                        }
                    }
                    Variant::Parity | Variant::ParitySingle => {
                        out.push(Caption::new(
                            CaptionKind::Capture,
                            format!("{by} captured the {piece} on {}", n(*at)),
                        ));
                    }
                    Variant::Bully => {
                        if let Some(p) = attacker {
                            let text = if p.kind == PieceKind::King {
                                format!(
                                    "Bully rule: the {p} took the {piece} ({}): a King may capture anything",
                                    classic::capture_value(piece.kind)
                                )
                            } else {
                                format!(
                                    "Bully rule: the {p} ({}) took the {piece} ({}), worth no more than itself",
                                    classic::capture_value(p.kind),
                                    classic::capture_value(piece.kind)
                                )
                            };
                            out.push(Caption::new(CaptionKind::BullyCapture, text));
                        }
                    }
                    Variant::Standard
                    | Variant::ForceField
                    | Variant::BigOuter
                    | Variant::Nonviolent => {}
                }
            }
            Effect::FailedCapture { by, at } => {
                let target = before
                    .board()
                    .kind(by.color.other(), *at)
                    .map_or("piece", PieceKind::name);
                out.push(Caption::new(
                    CaptionKind::FailedCapture,
                    format!(
                        "{}'s {} went for {} but the {target} had already left",
                        by.color,
                        by.kind.name(),
                        n(*at)
                    ),
                ));
            }
            Effect::Shared { at } => {
                let (w, b) = match after {
                    Some(p) => p.board().pieces_on(*at),
                    None => (None, None),
                };
                let who = match (w, b) {
                    (Some(w), Some(b)) if w == b => {
                        format!("the White and Black {}s", w.name())
                    }
                    (Some(w), Some(b)) => {
                        format!("the White {} and the Black {}", w.name(), b.name())
                    }
                    _ => "a White and a Black piece".to_string(),
                };
                let rest = if variant == Variant::ParitySingle {
                    "; with Single Occupation both must move out next turn"
                } else {
                    ""
                };
                out.push(Caption::new(
                    CaptionKind::SharedSquare,
                    format!("Both players chose {}: {who} now share it{rest}", n(*at)),
                ));
            }
            Effect::PawnPasses { piece, from } => {
                out.push(Caption::new(
                    CaptionKind::PawnPasses,
                    format!(
                        "{}'s Pawn stepped off {} and passed the {} Pawn it shared the square with",
                        piece.color,
                        n(*from),
                        piece.color.other()
                    ),
                ));
            }
            Effect::Promote { at, piece } => {
                out.push(Caption::new(
                    CaptionKind::Promotion,
                    format!(
                        "{} Pawn promoted to a {} on {}",
                        piece.color,
                        piece.kind.name(),
                        n(*at)
                    ),
                ));
            }
            Effect::Check { side, kind } => {
                let text = match kind {
                    CheckKind::Classic if mate => continue,
                    CheckKind::Classic => {
                        match after.and_then(|a| uncut_checker(before, a, *side)) {
                            Some(a) => format!(
                                "Check by fields: the field that cut off the {} on {} is gone, so it now attacks the {side} King",
                                before
                                    .board()
                                    .piece_at(a)
                                    .map_or_else(|| "piece".to_string(), |p| p.to_string()),
                                n(a)
                            ),
                            None => format!("Check: the {side} King is attacked"),
                        }
                    }
                    CheckKind::Immediate if mate => continue,
                    CheckKind::Immediate => format!(
                        "Immediate check: a piece free to move attacks the {side} King, so {side} must move the King now"
                    ),
                    CheckKind::Delayed => format!(
                        "Delayed check: only {}'s resting piece attacks the {side} King, so {side} has a turn to get ready",
                        side.other()
                    ),
                };
                out.push(Caption::new(CaptionKind::Check, text));
            }
            Effect::FailedCheck { by } => {
                out.push(Caption::new(
                    CaptionKind::FailedCheck,
                    format!(
                        "{by}'s check failed: {}'s move in the same turn defeated it",
                        by.other()
                    ),
                ));
            }
            Effect::ChargesChanged => {
                if let Some(after) = after {
                    out.extend(control_flips(before, after));
                    out.extend(neutralised_checks(before, after));
                }
            }
            Effect::GameOver(o) => {
                out.push(Caption::new(CaptionKind::GameOver, o.describe()));
            }
        }
    }
    out
}

/// Force Field: one interesting move of the side to move that a field forbids — a move the
/// piece could make by classic movement, but whose destination or path holds an empty
/// square the enemy controls (`rules/force-field.md §3`) — explained with the square and
/// its charge. `None` for other variants or when no field blocks anything.
///
/// Choice: the strongest piece first (Queen, Rook, Bishop, Knight, Pawn); for one strength a
/// move blocked on its way before one blocked at its destination; then the first such move
/// in generation order (by origin square). Deterministic.
///
/// # Examples
/// ```
/// use esoterica::demo::captions::field_caption;
/// use esoterica::rules::{Position, Variant};
/// let mut pos = Position::new(Variant::ForceField);
/// let mv = pos.parse_move("e2e4").unwrap();
/// pos.play(&mv);
/// let c = field_caption(&pos).unwrap();
/// assert_eq!(c.text, "The Black Pawn on b7 cannot move to b5: White holds it with +2");
/// ```
pub fn field_caption(pos: &Position) -> Option<Caption> {
    if pos.variant() != Variant::ForceField || pos.outcome().is_some() {
        return None;
    }
    let shape = pos.shape();
    let n = |s: Square| shape.name(s);
    let us = pos.turn();
    let mut geom = Vec::new();
    classic::piece_pseudo_moves(pos, us, &mut geom);
    let map = force_field::fields(pos);
    let mut best: Option<(i32, Move, Vec<Square>)> = None;
    for mv in geom {
        let Some(kind) = pos.board().kind(us, mv.from) else {
            continue;
        };
        let Some(strength) = force_field::field_strength(kind) else {
            continue;
        };
        // A crossed square is more telling than a held destination: it ranks just above.
        if best.as_ref().is_some_and(|(s, _, _)| *s > strength * 2) {
            continue;
        }
        let blockers = force_field::field_blockers(pos, &mv);
        let score = strength * 2 + i32::from(blockers.first().is_some_and(|&b| b != mv.to));
        if !blockers.is_empty() && best.as_ref().is_none_or(|(s, _, _)| score > *s) {
            best = Some((score, mv, blockers));
        }
    }
    let (_, mv, blockers) = best?;
    let piece = Piece::new(us, pos.board().kind(us, mv.from)?);
    let them = us.other();
    let held = |s: Square| signed(map.net(s));
    let text = match blockers[..] {
        [s] if s == mv.to => format!(
            "The {piece} on {} cannot move to {}: {them} holds it with {}",
            n(mv.from),
            n(s),
            held(s)
        ),
        [s] => format!(
            "The {piece} on {} cannot cross {} to reach {}: {them} holds it with {}",
            n(mv.from),
            n(s),
            n(mv.to),
            held(s)
        ),
        [a, b, ..] => format!(
            "The {piece} on {} cannot reach {}: {them} holds both routes, {} ({}) and {} ({})",
            n(mv.from),
            n(mv.to),
            n(a),
            held(a),
            n(b),
            held(b)
        ),
        [] => return None,
    };
    Some(Caption::new(CaptionKind::FieldBlocked, text))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::record::GameRecord;

    /// Plays `moves` (coordinate form; Parity `W/B`) from `fen` (or the initial position)
    /// and returns the caption texts of the last one.
    fn last_captions(variant: Variant, fen: Option<&str>, moves: &[&str]) -> Vec<String> {
        let start = match fen {
            Some(t) => Position::from_text(variant, t).expect("test position"),
            None => Position::new(variant),
        };
        let mut game = GameRecord::new(start);
        let mut last = Vec::new();
        for text in moves {
            let before = game.current().clone();
            let entry = match text.split_once('/') {
                Some((w, b)) => {
                    let commit = |side: Color, t: &str| {
                        let mut p = before.clone();
                        p.set_turn(side);
                        crate::rules::variants::parse_move_text(&p, t).expect("test commit")
                    };
                    Entry::Turn {
                        white: commit(Color::White, w),
                        black: commit(Color::Black, b),
                    }
                }
                None => Entry::Move(before.parse_move(text).expect("test move")),
            };
            let fx = match &entry {
                Entry::Move(m) => game.play(m),
                Entry::Turn { white, black } => game.play_turn(white, black),
            }
            .expect("legal test move");
            last = captions(&before, &entry, &fx);
        }
        last.into_iter().map(|c| c.text).collect()
    }

    /// Captions from a known position after (what the game passes) equal the replaying
    /// ones, over seeded random Force Field and Parity games (the variants that read it).
    #[test]
    fn captions_between_with_the_recorded_position_equals_replaying() {
        use rand::rngs::SmallRng;
        use rand::{RngExt, SeedableRng};
        let mut rng = SmallRng::seed_from_u64(11);
        let mut compared = 0;
        for variant in [Variant::ForceField, Variant::Parity] {
            for _ in 0..4 {
                let mut game = GameRecord::new(Position::new(variant));
                for _ in 0..60 {
                    if game.outcome().is_some() {
                        break;
                    }
                    let before = game.current().clone();
                    let (entry, fx) = if variant == Variant::Parity {
                        let mut b = before.clone();
                        b.set_turn(Color::Black);
                        let (w, bl) = (before.legal_moves(), b.legal_moves());
                        let (white, black) = (
                            w[rng.random_range(0..w.len())],
                            bl[rng.random_range(0..bl.len())],
                        );
                        let Ok(fx) = game.play_turn(&white, &black) else {
                            break;
                        };
                        (Entry::Turn { white, black }, fx)
                    } else {
                        let moves = before.legal_moves();
                        let mv = moves[rng.random_range(0..moves.len())];
                        (Entry::Move(mv), game.play(&mv).expect("legal move"))
                    };
                    assert_eq!(
                        captions_between(&before, Some(game.current()), &entry, &fx),
                        captions(&before, &entry, &fx)
                    );
                    compared += 1;
                }
            }
        }
        assert!(compared > 200, "only {compared} entries compared");
    }

    fn kinds(variant: Variant, fen: Option<&str>, moves: &[&str]) -> Vec<CaptionKind> {
        let start = match fen {
            Some(t) => Position::from_text(variant, t).expect("test position"),
            None => Position::new(variant),
        };
        let mut pos = start;
        let mut out = Vec::new();
        for text in moves {
            let before = pos.clone();
            let mv = before.parse_move(text).expect("test move");
            let fx = pos.play(&mv);
            out = captions(&before, &Entry::Move(mv), &fx);
        }
        out.into_iter().map(|c| c.kind).collect()
    }

    #[test]
    fn intrachange_teleport_names_both_squares_and_their_hexagrams() {
        assert_eq!(
            last_captions(Variant::Intrachange, None, &["e2e4"]),
            [
                "White Pawn entered e4 (hexagram 56) and teleported to e6 (hexagram 24): its Pawn line flipped"
            ]
        );
    }

    #[test]
    fn intrachange_pass_through_and_capture_on_the_esoteric_square() {
        let fen = "8/8/8/r5n1/8/4B3/8/4K2k w - - 0 1";
        assert_eq!(
            last_captions(Variant::Intrachange, Some(fen), &["e3g5"]),
            [
                "White Bishop entered g5 (hexagram 5) and teleported to a5 (hexagram 1): its Bishop line flipped",
                "The White Bishop passed through the Black Knight on g5, which survives",
                "The White Bishop captured the Black Rook on a5, its esoteric square",
            ]
        );
        assert_eq!(
            kinds(Variant::Intrachange, Some(fen), &["e3g5"]),
            [
                CaptionKind::Teleport,
                CaptionKind::PassThrough,
                CaptionKind::EsotericCapture
            ]
        );
    }

    #[test]
    fn intrachange_king_captured_on_the_esoteric_square_ends_the_game() {
        let fen = "8/8/8/k5n1/8/4B3/8/4K3 w - - 0 1";
        assert_eq!(
            last_captions(Variant::Intrachange, Some(fen), &["e3g5"]),
            [
                "White Bishop entered g5 (hexagram 5) and teleported to a5 (hexagram 1): its Bishop line flipped",
                "The White Bishop passed through the Black Knight on g5, which survives",
                "The White Bishop captured the Black King on a5: the game is over",
                "White wins by capturing the King",
            ]
        );
    }

    #[test]
    fn intrachange_pawn_step_onto_the_seventh_rank_returns_it() {
        let fen = "k7/8/4P3/8/8/8/8/7K w - - 0 1";
        assert_eq!(
            last_captions(Variant::Intrachange, Some(fen), &["e6e7"]),
            [
                "White Pawn stepped onto e7 (hexagram 40) and returned to e1 (hexagram 8): pawns never promote here"
            ]
        );
    }

    #[test]
    fn intrachange_pawn_exception_captures_on_the_exoteric_square() {
        let fen = "k7/4r3/3P4/8/8/8/8/7K w - - 0 1";
        assert_eq!(
            last_captions(Variant::Intrachange, Some(fen), &["d6e7"]),
            [
                "Pawn exception: capturing onto its 7th rank, the White Pawn took the Black Rook on e7 and went back to e1"
            ]
        );
        let king = "8/4k3/3P4/8/8/8/8/7K w - - 0 1";
        assert_eq!(
            last_captions(Variant::Intrachange, Some(king), &["d6e7"]),
            [
                "The White Pawn captured the Black King on e7 by the pawn exception: the game is over",
                "White wins by capturing the King",
            ]
        );
    }

    #[test]
    fn force_field_caption_names_a_blocked_move_and_its_charge() {
        let mut pos = Position::new(Variant::ForceField);
        let mv = pos.parse_move("e2e4").expect("e4");
        pos.play(&mv);
        let c = field_caption(&pos).expect("a blocked move");
        assert_eq!(c.kind, CaptionKind::FieldBlocked);
        assert_eq!(
            c.text,
            "The Black Pawn on b7 cannot move to b5: White holds it with +2"
        );
        assert_eq!(field_caption(&Position::new(Variant::Standard)), None);
    }

    #[test]
    fn force_field_field_blocking_a_path_says_cross() {
        // White's Queen h4 holds d8 (+5 on its diagonal − 4 from the Rook): the Rook a8 may
        // not slide past it along the 8th rank (a blocked crossing ranks above a4, a held
        // destination).
        let pos = Position::from_text(Variant::ForceField, "r5k1/8/8/8/7Q/8/8/2K5 b - - 0 1")
            .expect("test position");
        assert_eq!(
            field_caption(&pos).map(|c| c.text),
            Some("The Black Rook on a8 cannot cross d8 to reach e8: White holds it with +1".into())
        );
    }

    #[test]
    fn force_field_control_flip_after_e4() {
        assert_eq!(
            last_captions(Variant::ForceField, None, &["e2e4"]),
            ["Control flipped: White now holds b5 (+2) and h5 (+4)"]
        );
    }

    #[test]
    fn force_field_check_neutralised_by_a_field() {
        let fen = "k6r/8/8/8/7Q/8/8/4K3 b - - 0 1";
        assert_eq!(
            last_captions(Variant::ForceField, Some(fen), &["h8e8"]),
            [
                "The Black Rook on e8 lines up on the White King, but White holds e7 (+1) on the way: no check"
            ]
        );
    }

    #[test]
    fn force_field_check_given_by_changing_the_fields() {
        // Black's Queen a4 holds e4 (−5 against the Rook's +4) and cuts the Rook e1 off the
        // King e8; the Bishop adds +3 on e4 and the Rook's line is open again.
        let fen = "4k3/8/8/8/q7/8/7K/3BR3 w - - 0 1";
        assert_eq!(
            last_captions(Variant::ForceField, Some(fen), &["d1f3"]),
            [
                "Control flipped: White now holds e4 (+2)",
                "Check by fields: the field that cut off the White Rook on e1 is gone, so it now attacks the Black King",
            ]
        );
    }

    #[test]
    fn parity_shared_square() {
        let fen = "4k3/8/8/7r/8/8/8/R3K3 w - - 0 1 -/-";
        assert_eq!(
            last_captions(Variant::Parity, Some(fen), &["a1a5/h5a5"]),
            ["Both players chose a5: the White and Black Rooks now share it"]
        );
        assert_eq!(
            last_captions(Variant::ParitySingle, Some(fen), &["a1a5/h5a5"]),
            [
                "Both players chose a5: the White and Black Rooks now share it; with Single Occupation both must move out next turn"
            ]
        );
    }

    #[test]
    fn parity_immediate_and_delayed_checks() {
        assert_eq!(
            last_captions(Variant::Parity, None, &["e4/e6", "d4/Bb4"]),
            [
                "Delayed check: only Black's resting piece attacks the White King, so White has a turn to get ready"
            ]
        );
        let fen = "4r2k/8/8/8/8/8/4B3/4K3 w - - 0 1 -/e8";
        assert_eq!(
            last_captions(Variant::Parity, Some(fen), &["Bd3/Kg8"]),
            [
                "Immediate check: a piece free to move attacks the White King, so White must move the King now"
            ]
        );
    }

    #[test]
    fn parity_pawn_passes_the_pawn_it_shared_a_square_with() {
        let fen = "4k3/8/8/8/4[Pp]3/8/8/4K3 w - - 0 1 -/-";
        assert_eq!(
            last_captions(Variant::Parity, Some(fen), &["e4e5/e8d7"]),
            ["White's Pawn stepped off e4 and passed the Black Pawn it shared the square with"]
        );
    }

    #[test]
    fn parity_failed_capture() {
        let fen = "4k3/1b6/8/8/8/5N2/8/4K3 w - - 0 1 -/-";
        assert_eq!(
            last_captions(Variant::Parity, Some(fen), &["f3g5/b7f3"]),
            ["Black's Bishop went for f3 but the Knight had already left"]
        );
    }

    #[test]
    fn parity_failed_check_then_the_resting_king_loses() {
        let fen = "4k3/8/8/8/8/8/8/R3K3 w - - 0 1 -/-";
        assert_eq!(
            last_captions(Variant::Parity, Some(fen), &["a1a8/e8d7"]),
            [
                "White's check failed: Black's move in the same turn defeated it",
                "White wins by stalemate (no legal move loses)",
            ]
        );
    }

    #[test]
    fn big_outer_matriarch_changes_zone() {
        let fen = "6k5/12/12/12/12/12/12/12/3M8/12/12/5K6 ---- w - - 0 1";
        assert_eq!(
            last_captions(Variant::BigOuter, Some(fen), &["d4e5"]),
            ["The White Matriarch entered the centre: from here it moves at most 3 squares"]
        );
        assert_eq!(
            last_captions(
                Variant::BigOuter,
                Some(fen),
                &["d4e5", "g12g11", "e5g7", "g11g12", "g7j10"]
            ),
            ["The White Matriarch moved out to the mid zone: from here it moves at most 6 squares"]
        );
    }

    #[test]
    fn big_outer_corner_leap_and_long_pawn_move() {
        assert_eq!(
            last_captions(Variant::BigOuter, None, &["C1b3"]),
            ["The White Knight leapt out of the corner square C1 to b3"]
        );
        assert_eq!(
            last_captions(Variant::BigOuter, None, &["e2e6"]),
            [
                "The White Pawn advanced four squares on its first move, e2 to e6: on the big board a pawn's first move may go up to 4"
            ]
        );
    }

    #[test]
    fn big_outer_castling_moves_the_king_three_squares() {
        let fen = "jrmgbqkbgmrj/pppppppppppp/12/12/12/12/12/12/12/12/PPPPPPPPPPPP/JR3KQBGMRJ NNnn w KQkq - 0 1";
        assert_eq!(
            last_captions(Variant::BigOuter, Some(fen), &["f1c1"]),
            [
                "White castled short: the King moved three squares from f1 to c1 and the Rook from b1 to d1"
            ]
        );
    }

    #[test]
    fn checkmate_replaces_the_check_caption() {
        assert_eq!(
            last_captions(Variant::Standard, None, &["f2f3", "e7e5", "g2g4", "d8h4"]),
            ["Black wins by checkmate"]
        );
    }

    #[test]
    fn stalemate_and_repetition_draws() {
        let fen = "k7/8/3Q4/8/8/8/8/7K w - - 0 1";
        assert_eq!(
            last_captions(Variant::Standard, Some(fen), &["d6c7"]),
            ["Draw by stalemate"]
        );
        let shuffle = [
            "g1f3", "g8f6", "f3g1", "f6g8", "g1f3", "g8f6", "f3g1", "f6g8",
        ];
        assert_eq!(
            last_captions(Variant::Standard, None, &shuffle),
            ["Draw by threefold repetition"]
        );
    }

    #[test]
    fn promotion_then_check() {
        let fen = "k7/4P3/8/8/8/8/8/K7 w - - 0 1";
        assert_eq!(
            last_captions(Variant::Standard, Some(fen), &["e7e8q"]),
            [
                "White Pawn promoted to a Queen on e8",
                "Check: the Black King is attacked"
            ]
        );
    }

    #[test]
    fn castling_both_wings() {
        let fen = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1";
        assert_eq!(
            last_captions(Variant::Standard, Some(fen), &["e1g1"]),
            [
                "White castled short: the King moved two squares from e1 to g1 and the Rook from h1 to f1"
            ]
        );
        assert_eq!(
            last_captions(Variant::Standard, Some(fen), &["e1g1", "e8c8"]),
            [
                "Black castled long: the King moved two squares from e8 to c8 and the Rook from a8 to d8"
            ]
        );
    }

    #[test]
    fn en_passant() {
        let fen = "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1";
        assert_eq!(
            last_captions(Variant::Standard, Some(fen), &["e5d6"]),
            ["The White Pawn took en passant: it moved to d6 and removed the Black Pawn on d5"]
        );
    }

    #[test]
    fn bully_capture_names_both_values() {
        let fen = "4k3/8/8/3n4/8/8/8/3RK3 w - - 0 1";
        assert_eq!(
            last_captions(Variant::Bully, Some(fen), &["d1d5"]),
            ["Bully rule: the White Rook (5) took the Black Knight (2), worth no more than itself"]
        );
        let king = "4k3/8/8/8/8/8/3r4/4K3 w - - 0 1";
        assert_eq!(
            last_captions(Variant::Bully, Some(king), &["e1d2"]),
            [
                "Bully rule: the White King took the Black Rook (5): a King may capture anything",
                "Draw by insufficient material",
            ]
        );
    }

    #[test]
    fn nonviolent_mate_and_quiet_moves() {
        let fen = "k7/8/1K6/8/8/8/8/7R w - - 0 1";
        assert_eq!(
            last_captions(Variant::Nonviolent, Some(fen), &["h1h8"]),
            ["White wins by checkmate"]
        );
        assert!(last_captions(Variant::Nonviolent, None, &["e2e4"]).is_empty());
    }

    #[test]
    fn ordinary_standard_moves_have_no_caption() {
        assert!(last_captions(Variant::Standard, None, &["e2e4", "d7d5", "e4d5"]).is_empty());
    }
}
