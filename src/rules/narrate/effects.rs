//! The special events of a move (or Parity turn) in plain words: one narration per effect
//! worth telling (teleports, pass-throughs, pawn returns, King captures, shared squares,
//! failed captures and checks, field control flips and neutralised checks, Big Outer zone
//! changes, corner moves and long pawn moves, Bully captures, checks, promotion, castling,
//! en passant, the game end), in the order of the effects. Ordinary moves and captures get
//! none.

use super::{Narration, NarrationKind, signed};
use crate::rules::classic::{CaptureRule, capture_value};
use crate::rules::geometry::{BoardShape, Square, Zone};
use crate::rules::intrachange_chart::chart;
use crate::rules::moves::{CheckKind, Effect, Fact, Move, Special};
use crate::rules::outcome::{Outcome, WinReason};
use crate::rules::piece::{Color, Piece, PieceKind};
use crate::rules::position::{Position, Wing};
use crate::rules::record::Entry;
use crate::rules::refusal::Reason;
use crate::rules::variant::TurnModel;

/// The special events of one move (or Parity turn) in plain words, replaying the entry on a
/// copy of `before` where the variant's facts need the position after (fields, shared
/// squares). See [`effects`].
///
/// # Examples
/// ```
/// use esoterica::rules::{Entry, Position, Variant, narrate};
/// let before = Position::new(Variant::Intrachange);
/// let mv = before.parse_move("e2e4").unwrap();
/// let fx = before.clone().play(&mv);
/// let told = narrate::entry(&before, &Entry::Move(mv), &fx);
/// assert_eq!(
///     told[0].text,
///     "White Pawn entered e4 (hexagram 56) and teleported to e6 (hexagram 24): its Pawn line flipped"
/// );
/// ```
pub fn entry(before: &Position, entry: &Entry, effects: &[Effect]) -> Vec<Narration> {
    let variant = before.variant();
    let after = if variant.has_fields() || variant.has_resting_pieces() {
        replay(before, entry)
    } else {
        None
    };
    self::effects(before, after.as_ref(), entry, effects)
}

/// The special events of one move (or Parity turn) in plain words, when the position after
/// it is known. `before` is the position the entry was played on, `effects` what the rules
/// reported (e.g. from [`GameRecord::play`](crate::rules::GameRecord::play), repetition
/// included); `after` must follow from `before` by `entry` (`None` gives the narrations that
/// need no position after).
///
/// Determinism: narrations follow the order of `effects`, at most one per effect plus the
/// per-move notes (castling, Big Outer zones) at the move's first step.
pub fn effects(
    before: &Position,
    after: Option<&Position>,
    entry: &Entry,
    effects: &[Effect],
) -> Vec<Narration> {
    let facts = after.map_or_else(Vec::new, |a| before.variant().rules().facts(before, a));
    let tell = Teller {
        before,
        after,
        shape: before.shape(),
        moves: entry_moves(before, entry),
        facts,
        mate: effects.iter().any(|e| {
            matches!(
                e,
                Effect::GameOver(Outcome::Win {
                    reason: WinReason::Checkmate,
                    ..
                })
            )
        }),
    };
    let mut out = Vec::new();
    // The current Intrachange teleport: (piece, exoteric, esoteric).
    let mut teleport: Option<(Piece, Square, Square)> = None;
    for (i, e) in effects.iter().enumerate() {
        match e {
            Effect::Step { piece, from, to } => out.extend(tell.step(*piece, *from, *to)),
            Effect::Teleport { piece, from, to } => {
                teleport = Some((*piece, *from, *to));
                // The pawn exception is told with its capture on the exoteric square.
                let exception = effects[i..]
                    .iter()
                    .any(|f| matches!(f, Effect::Capture { at, .. } if at == from));
                if !exception {
                    out.push(tell.teleport(*piece, *from, *to));
                }
            }
            Effect::PassThrough { piece, at } => out.push(tell.pass_through(teleport, *piece, *at)),
            Effect::Capture { piece, at } => out.extend(tell.capture(teleport, *piece, *at)),
            Effect::FailedCapture { by, at } => out.push(tell.failed_capture(*by, *at)),
            Effect::Shared { at } => out.push(tell.shared(*at)),
            Effect::PawnPasses { piece, from } => out.push(tell.pawn_passes(*piece, *from)),
            Effect::Promote { at, piece } => out.push(Narration::new(
                NarrationKind::Promotion,
                format!(
                    "{} Pawn promoted to a {} on {}",
                    piece.color,
                    piece.kind.name(),
                    tell.shape.name(*at)
                ),
            )),
            Effect::Check { side, kind } => out.extend(tell.check(*side, *kind)),
            Effect::FailedCheck { by } => out.push(Narration::new(
                NarrationKind::FailedCheck,
                format!(
                    "{by}'s check failed: {}'s move in the same turn defeated it",
                    by.other()
                ),
            )),
            Effect::ChargesChanged => out.extend(tell.fields()),
            Effect::GameOver(o) => {
                out.push(Narration::new(NarrationKind::GameOver, super::outcome(o)));
            }
        }
    }
    out
}

/// What the narration of one entry knows.
struct Teller<'a> {
    before: &'a Position,
    after: Option<&'a Position>,
    shape: BoardShape,
    /// The entry's moves with their sides (one; White's and Black's for a Parity turn).
    moves: Vec<(Color, Move)>,
    /// What the variant's rules noticed
    /// ([`VariantRules::facts`](crate::rules::VariantRules::facts)).
    facts: Vec<Fact>,
    /// Whether the entry mates (a mate replaces the check's narration).
    mate: bool,
}

impl Teller<'_> {
    fn n(&self, s: Square) -> String {
        self.shape.name(s)
    }

    fn mover(&self, side: Color) -> Option<Move> {
        self.moves.iter().find(|(c, _)| *c == side).map(|(_, m)| *m)
    }

    /// The castling note, or the Big Outer notes (long pawn move, corner, zone), at the
    /// move's own step.
    fn step(&self, piece: Piece, from: Square, to: Square) -> Vec<Narration> {
        match self.mover(piece.color) {
            Some(mv) if mv.from == from && mv.to == to => {
                step_notes(self.before, piece.color, &mv, piece.kind)
            }
            _ => Vec::new(),
        }
    }

    fn teleport(&self, piece: Piece, from: Square, to: Square) -> Narration {
        let num = |s: Square| chart().number_of(s);
        let home = match piece.color {
            Color::White => 0,
            Color::Black => self.shape.ranks() - 1,
        };
        if piece.kind == PieceKind::Pawn && self.shape.rank(to) == home {
            return Narration::new(
                NarrationKind::PawnReturn,
                format!(
                    "{piece} stepped onto {} (hexagram {}) and returned to {} (hexagram {}): pawns never promote here",
                    self.n(from),
                    num(from),
                    self.n(to),
                    num(to)
                ),
            );
        }
        Narration::new(
            NarrationKind::Teleport,
            format!(
                "{piece} entered {} (hexagram {}) and teleported to {} (hexagram {}): its {} line flipped",
                self.n(from),
                num(from),
                self.n(to),
                num(to),
                piece.kind.name()
            ),
        )
    }

    fn pass_through(
        &self,
        teleport: Option<(Piece, Square, Square)>,
        piece: Piece,
        at: Square,
    ) -> Narration {
        let mover =
            teleport.map_or_else(|| "The piece".to_string(), |(p, _, _)| format!("The {p}"));
        Narration::new(
            NarrationKind::PassThrough,
            format!(
                "{mover} passed through the {piece} on {}, which survives",
                self.n(at)
            ),
        )
    }

    /// En passant, a King captured, the Intrachange pawn exception and esoteric capture, a
    /// Parity capture, a Bully capture; ordinary captures get nothing.
    fn capture(
        &self,
        teleport: Option<(Piece, Square, Square)>,
        piece: Piece,
        at: Square,
    ) -> Option<Narration> {
        let variant = self.before.variant();
        let by_side = piece.color.other();
        let mv = self.mover(by_side);
        let attacker = mv
            .and_then(|m| self.before.board().kind(by_side, m.from))
            .map(|k| Piece::new(by_side, k));
        let by = attacker.map_or_else(|| format!("{by_side}"), |p| format!("The {p}"));
        if let Some(m) = mv
            && let Special::EnPassant { captured } = m.special
            && captured == at
        {
            return Some(Narration::new(
                NarrationKind::EnPassant,
                format!(
                    "{by} took en passant: it moved to {} and removed the {piece} on {}",
                    self.n(m.to),
                    self.n(at)
                ),
            ));
        }
        let exception = teleport.is_some_and(|(_, x, _)| x == at);
        if piece.kind == PieceKind::King {
            let how = if exception {
                " by the pawn exception"
            } else {
                ""
            };
            return Some(Narration::new(
                NarrationKind::KingCaptured,
                format!(
                    "{by} captured the {piece} on {}{how}: the game is over",
                    self.n(at)
                ),
            ));
        }
        if variant.has_teleports() {
            let (p, x, y) = teleport?;
            return if x == at {
                Some(Narration::new(
                    NarrationKind::PawnException,
                    format!(
                        "Pawn exception: capturing onto its 7th rank, the {p} took the {piece} on {} and went back to {}",
                        self.n(at),
                        self.n(y)
                    ),
                ))
            } else {
                (y == at).then(|| {
                    Narration::new(
                        NarrationKind::EsotericCapture,
                        format!(
                            "The {p} captured the {piece} on {}, its esoteric square",
                            self.n(at)
                        ),
                    )
                })
            };
        }
        if variant.turn_model() == TurnModel::Simultaneous {
            return Some(Narration::new(
                NarrationKind::Capture,
                format!("{by} captured the {piece} on {}", self.n(at)),
            ));
        }
        if variant.capture_rule() == CaptureRule::ByValue {
            let p = attacker?;
            let text = if p.kind == PieceKind::King {
                format!(
                    "Bully rule: the {p} took the {piece} ({}): a King may capture anything",
                    capture_value(piece.kind)
                )
            } else {
                format!(
                    "Bully rule: the {p} ({}) took the {piece} ({}), worth no more than itself",
                    capture_value(p.kind),
                    capture_value(piece.kind)
                )
            };
            return Some(Narration::new(NarrationKind::BullyCapture, text));
        }
        None
    }

    fn failed_capture(&self, by: Piece, at: Square) -> Narration {
        let target = self
            .before
            .board()
            .kind(by.color.other(), at)
            .map_or("piece", PieceKind::name);
        Narration::new(
            NarrationKind::FailedCapture,
            format!(
                "{}'s {} went for {} but the {target} had already left",
                by.color,
                by.kind.name(),
                self.n(at)
            ),
        )
    }

    fn shared(&self, at: Square) -> Narration {
        let (w, b) = match self.after {
            Some(p) => p.board().pieces_on(at),
            None => (None, None),
        };
        let who = match (w, b) {
            (Some(w), Some(b)) if w == b => format!("the White and Black {}s", w.name()),
            (Some(w), Some(b)) => format!("the White {} and the Black {}", w.name(), b.name()),
            _ => "a White and a Black piece".to_string(),
        };
        let rest = if self.before.variant().has_single_occupation() {
            "; with Single Occupation both must move out next turn"
        } else {
            ""
        };
        Narration::new(
            NarrationKind::SharedSquare,
            format!(
                "Both players chose {}: {who} now share it{rest}",
                self.n(at)
            ),
        )
    }

    fn pawn_passes(&self, piece: Piece, from: Square) -> Narration {
        Narration::new(
            NarrationKind::PawnPasses,
            format!(
                "{}'s Pawn stepped off {} and passed the {} Pawn it shared the square with",
                piece.color,
                self.n(from),
                piece.color.other()
            ),
        )
    }

    /// A check, unless the entry mates (the game end is told instead).
    fn check(&self, side: Color, kind: CheckKind) -> Option<Narration> {
        let text = match kind {
            CheckKind::Classic | CheckKind::Immediate if self.mate => return None,
            CheckKind::Classic => match self.facts.iter().find_map(|f| match f {
                Fact::CheckByFields {
                    side: s,
                    attacker,
                    at,
                } if *s == side => Some((attacker, at)),
                _ => None,
            }) {
                Some((attacker, at)) => format!(
                    "Check by fields: the field that cut off the {attacker} on {} is gone, so it now attacks the {side} King",
                    self.n(*at)
                ),
                None => format!("Check: the {side} King is attacked"),
            },
            CheckKind::Immediate => format!(
                "Immediate check: a piece free to move attacks the {side} King, so {side} must move the King now"
            ),
            CheckKind::Delayed => format!(
                "Delayed check: only {}'s resting piece attacks the {side} King, so {side} has a turn to get ready",
                side.other()
            ),
        };
        Some(Narration::new(NarrationKind::Check, text))
    }

    /// Force Field: the squares that changed hands, then the checks a field now cuts.
    fn fields(&self) -> Vec<Narration> {
        let mut out = Vec::new();
        let mut parts = Vec::new();
        for side in Color::BOTH {
            let squares: Vec<(Square, i32)> = self
                .facts
                .iter()
                .filter_map(|f| match f {
                    Fact::ControlChanged {
                        square,
                        holder,
                        charge,
                    } if *holder == side => Some((*square, *charge)),
                    _ => None,
                })
                .collect();
            if squares.is_empty() {
                continue;
            }
            let mut names: Vec<String> = squares
                .iter()
                .take(4)
                .map(|&(s, c)| format!("{} ({})", self.n(s), signed(c)))
                .collect();
            if squares.len() > 4 {
                names.push(format!("{} more", squares.len() - 4));
            }
            parts.push(format!("{side} now holds {}", and_list(&names)));
        }
        if !parts.is_empty() {
            out.push(Narration::new(
                NarrationKind::ControlFlipped,
                format!("Control flipped: {}", parts.join("; ")),
            ));
        }
        for f in &self.facts {
            if let Fact::CheckNeutralised {
                side,
                attacker,
                at,
                cut,
            } = f
            {
                let why = match cut {
                    Some((s, c)) => {
                        format!("{side} holds {} ({}) on the way", self.n(*s), signed(*c))
                    }
                    None => format!("{side}'s fields block its routes"),
                };
                out.push(Narration::new(
                    NarrationKind::CheckNeutralised,
                    format!(
                        "The {attacker} on {} lines up on the {side} King, but {why}: no check",
                        self.n(*at)
                    ),
                ));
            }
        }
        out
    }
}

/// "a", "a and b", "a, b and c".
fn and_list(names: &[String]) -> String {
    match names {
        [] => String::new(),
        [one] => one.clone(),
        [init @ .., last] => format!("{} and {last}", init.join(", ")),
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

/// The notes a move earns at its first step: castling, and on a board with zones the long
/// pawn move, the corner move and the zone change.
fn step_notes(before: &Position, side: Color, mv: &Move, kind: PieceKind) -> Vec<Narration> {
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
        out.push(Narration::new(
            NarrationKind::Castling,
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
    if !before.variant().has_zones() {
        return out;
    }
    if kind == PieceKind::Pawn {
        let dist = (shape.rank(mv.to) - shape.rank(mv.from)).abs();
        if dist >= 3 {
            out.push(Narration::new(
                NarrationKind::LongPawnMove,
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
        out.push(Narration::new(
            NarrationKind::CornerMove,
            format!(
                "The {piece} {verb} out of the corner square {} to {}",
                n(mv.from),
                n(mv.to)
            ),
        ));
    } else if is_corner(shape, mv.to) {
        out.push(Narration::new(
            NarrationKind::CornerMove,
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
        out.push(Narration::new(
            NarrationKind::ZoneChange,
            format!("The {piece} {went}: from here it {ability}"),
        ));
    }
    out
}

/// One interesting move of the side to move that the variant's own rule forbids now, told
/// with its square and charge: for Force Field a move the piece could make by classic
/// movement, but whose destination or path holds an empty square the enemy controls
/// (`rules/force-field.md §3`). `None` when the variant has no such rule, the game is over
/// or nothing is forbidden. The move is chosen by the variant
/// ([`VariantRules::refusal_to_show`](crate::rules::VariantRules::refusal_to_show)).
///
/// # Examples
/// ```
/// use esoterica::rules::{Position, Variant, narrate};
/// let mut pos = Position::new(Variant::ForceField);
/// let mv = pos.parse_move("e2e4").unwrap();
/// pos.play(&mv);
/// let told = narrate::blocked_move(&pos).unwrap();
/// assert_eq!(told.text, "The Black Pawn on b7 cannot move to b5: White holds it with +2");
/// ```
pub fn blocked_move(pos: &Position) -> Option<Narration> {
    let (mv, reason) = pos.variant().rules().refusal_to_show(pos)?;
    if pos.outcome().is_some() {
        return None;
    }
    let shape = pos.shape();
    let n = |s: Square| shape.name(s);
    let piece = pos.board().piece_at(mv.from)?;
    let them = piece.color.other();
    let text = match reason {
        Reason::FieldHeld { square, charge, .. } if square == mv.to => format!(
            "The {piece} on {} cannot move to {}: {them} holds it with {}",
            n(mv.from),
            n(square),
            signed(charge)
        ),
        Reason::FieldHeld { square, charge, .. } => format!(
            "The {piece} on {} cannot cross {} to reach {}: {them} holds it with {}",
            n(mv.from),
            n(square),
            n(mv.to),
            signed(charge)
        ),
        Reason::KnightRoutesBlocked { routes: [a, b] } => format!(
            "The {piece} on {} cannot reach {}: {them} holds both routes, {} ({}) and {} ({})",
            n(mv.from),
            n(mv.to),
            n(a.0),
            signed(a.1),
            n(b.0),
            signed(b.1)
        ),
        _ => return None,
    };
    Some(Narration::new(NarrationKind::FieldBlocked, text))
}

#[cfg(test)]
mod tests {
    use super::entry as entry_of;
    use super::*;
    use crate::rules::record::GameRecord;
    use crate::rules::variant::Variant;

    /// Narrations from a known position after (what the game passes) equal the replaying
    /// ones, over seeded random games of the variants whose facts need the position after.
    #[test]
    fn narrations_with_the_recorded_position_equal_replaying() {
        use rand::rngs::SmallRng;
        use rand::{RngExt, SeedableRng};
        let mut rng = SmallRng::seed_from_u64(11);
        let mut compared = 0;
        for variant in Variant::ALL
            .into_iter()
            .filter(|v| v.has_fields() || v.has_resting_pieces())
        {
            for _ in 0..4 {
                let mut game = GameRecord::new(Position::new(variant));
                for _ in 0..60 {
                    if game.outcome().is_some() {
                        break;
                    }
                    let before = game.current().clone();
                    let (entry, fx) = if variant.turn_model() == TurnModel::Simultaneous {
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
                        effects(&before, Some(game.current()), &entry, &fx),
                        entry_of(&before, &entry, &fx)
                    );
                    compared += 1;
                }
            }
        }
        assert!(compared > 400, "only {compared} entries compared");
    }
}
