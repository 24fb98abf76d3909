//! Parity Chess and Parity Chess with Single Occupation (`rules/parity.md`): simultaneous
//! moves, commit → reveal → resolve.
//!
//! Owns: which commits a side may make on the start-of-turn position P (§2, §5), the
//! order-free resolution of two commits into effects (§3, `resolve.rs`), the
//! end of the game (§4), perft over turns, commit notation (SAN on P) and record mode
//! (ruling P-6, `record.rs`), and the resting-pieces field of the position
//! text. It must not keep history (repetition lives in
//! [`GameRecord`](crate::rules::record::GameRecord)).
//!
//! En passant: each side's capturable double step is recorded on its own, so when both sides
//! make one in the same turn both may be taken the next turn (§2.8, ruling P-8).

mod masks;
mod record;
mod resolve;
#[cfg(test)]
mod tests;

pub use record::{Problem, RuleError, TurnReport, parse_recorded, replay_record};
pub use resolve::divide;

use std::fmt;

use super::{Capabilities, TitleExample, VariantRules};
use crate::rules::board::Board;
use crate::rules::classic;
use crate::rules::geometry::{BoardShape, Square};
use crate::rules::moves::{CheckKind, Effect, Move, Special};
use crate::rules::notation::fen::PositionError;
use crate::rules::outcome::{DrawReason, Outcome, WinReason};
use crate::rules::piece::{Color, PieceKind};
use crate::rules::position::{IllegalMove, MoveError, Position, Wing};
use crate::rules::refusal::{CastlingRefusal, Reason, RuleRef};
use crate::rules::variant::{TurnModel, Variant};

/// The Parity initial position: the standard set-up, no piece resting.
pub const INITIAL: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 -/-";

/// What Parity Chess has: simultaneous turns, resting pieces, shared squares and King
/// capture (ruling P-4).
pub const CAPABILITIES: Capabilities = Capabilities {
    turn_model: TurnModel::Simultaneous,
    resting_pieces: true,
    kings_can_be_captured: true,
    ..Capabilities::CLASSIC
};

/// What Parity Chess with Single Occupation has: [`CAPABILITIES`] and the forced exit from
/// a shared square (§5).
pub const SINGLE_CAPABILITIES: Capabilities = Capabilities {
    single_occupation: true,
    ..CAPABILITIES
};

/// The rules of Parity Chess (`SINGLE = false`) and Parity Chess with Single Occupation
/// (`SINGLE = true`, `rules/parity.md §5`).
#[derive(Clone, Copy, Debug, Default)]
pub struct Parity<const SINGLE: bool>;

impl<const SINGLE: bool> VariantRules for Parity<SINGLE> {
    fn variant(&self) -> Variant {
        if SINGLE {
            Variant::ParitySingle
        } else {
            Variant::Parity
        }
    }

    fn capabilities(&self) -> &'static Capabilities {
        if SINGLE {
            &SINGLE_CAPABILITIES
        } else {
            &CAPABILITIES
        }
    }

    fn initial_text(&self) -> &'static str {
        INITIAL
    }

    fn rules_card(&self) -> &'static str {
        if SINGLE {
            include_str!("../../../../assets/rules-cards/parity-single.md")
        } else {
            include_str!("../../../../assets/rules-cards/parity.md")
        }
    }

    fn openings(&self) -> &'static str {
        if SINGLE {
            include_str!("../../../../assets/openings/parity-single.txt")
        } else {
            include_str!("../../../../assets/openings/parity.txt")
        }
    }

    fn title_example(&self) -> TitleExample {
        // Both Knights choose e4: they land together and share it.
        TitleExample {
            setup: &["b1c3/g8f6", "a2a3/a7a6"],
            entry: "c3e4/f6e4",
        }
    }

    fn rule_line(&self) -> &'static str {
        if SINGLE {
            "Both sides move at once; a shared square must be left next turn."
        } else {
            "Both sides move at once: commit in secret, then both moves land."
        }
    }

    fn title_card(&self) -> &'static [&'static str] {
        if SINGLE {
            &[
                "Both players move at the same time, and the piece you moved rests a turn.",
                "If two pieces land on one square, both must leave it next turn.",
                "A side that cannot get out loses.",
            ]
        } else {
            &[
                "Both players move at the same time.",
                "Two pieces can end up sharing a square, and a capture fails if its target moved.",
                "The piece you just moved must rest for a turn.",
            ]
        }
    }

    /// The commits of the side to move (always White in Parity).
    fn legal_moves(&self, pos: &Position, out: &mut Vec<Move>) {
        legal_commits(pos, pos.turn, out);
    }

    fn legal_commits(&self, pos: &Position, side: Color, out: &mut Vec<Move>) {
        legal_commits(pos, side, out);
    }

    fn candidates(&self, pos: &Position, side: Color, out: &mut Vec<Move>) {
        candidates(pos, side, out);
    }

    fn judge(&self, pos: &Position, side: Color, mv: &Move) -> Result<Move, Reason> {
        judge(pos, side, mv)
    }

    fn judge_in_game(&self, pos: &Position, side: Color, mv: &Move) -> Result<Move, Reason> {
        judge_in_game(pos, side, mv)
    }

    /// Every refusal of the Parity judge cites `rules/parity.md`.
    fn rule_of(&self, reason: &Reason) -> Option<RuleRef> {
        match reason {
            Reason::SimultaneousTurn => Some(RESOLVE),
            _ => rule_of_reason(reason).map(Rule::rule_ref),
        }
    }

    fn rule_refs(&self) -> &'static [RuleRef] {
        if SINGLE { &SINGLE_RULES } else { &RULES }
    }

    /// The commit of the side to move alone, the other side standing still (not a turn).
    fn play(&self, pos: &mut Position, mv: &Move) -> Vec<Effect> {
        resolve::play_alone(pos, mv)
    }

    fn play_unchecked(&self, pos: &mut Position, mv: &Move) {
        resolve::play_alone(pos, mv);
    }

    fn resolve(
        &self,
        pos: &mut Position,
        white: &Move,
        black: &Move,
    ) -> Result<Vec<Effect>, IllegalMove> {
        resolve::resolve(pos, white, black)
    }

    /// A capture en passant is legal when it is among `capturer`'s legal commits (§2.8).
    fn en_passant_is_legal(
        &self,
        pos: &Position,
        capturer: Color,
        pawn: Square,
        to: Square,
    ) -> bool {
        commits(pos, capturer).iter().any(|m| {
            m.to == to && matches!(m.special, Special::EnPassant { captured } if captured == pawn)
        })
    }

    fn outcome(&self, pos: &Position) -> Option<Outcome> {
        outcome(pos)
    }

    /// A stalemated side loses (§4, rule 6) and a lone King must rest after every move, so a
    /// side can still win unless only the two Kings are left (ruling P-9).
    fn has_mating_material(&self, pos: &Position, _side: Color) -> bool {
        !classic::only_kings(pos)
    }

    /// Immediate or delayed check (§2.4).
    fn in_check(&self, pos: &Position, side: Color) -> bool {
        in_check(pos, side)
    }

    /// Perft over turns: a turn is one pair of legal commits.
    fn perft(&self, pos: &Position, depth: u32) -> u64 {
        resolve::perft(pos, depth)
    }

    /// A commit's SAN on the start-of-turn position, without check marks.
    fn move_text(&self, pos: &Position, mv: &Move) -> String {
        record::commit_text(pos, mv)
    }

    /// A commit of the side to move, in SAN or coordinate form.
    fn parse_move_text(&self, pos: &Position, text: &str) -> Result<Move, MoveError> {
        record::parse_commit(pos, pos.turn, text)
    }

    fn has_trailing_field(&self) -> bool {
        true
    }

    /// The resting pieces, `WHITE/BLACK`, each `-` or up to two squares joined by `,`.
    fn read_trailing_field(&self, pos: &mut Position, field: &str) -> Result<(), PositionError> {
        let shape = pos.shape();
        let err = |reason: String| PositionError::new("resting", reason);
        let Some((w, b)) = field.split_once('/') else {
            return Err(err(format!(
                "'{field}' must be WHITE/BLACK, e.g. e4/e5 or -/-"
            )));
        };
        for (side, part) in [(Color::White, w), (Color::Black, b)] {
            if part == "-" {
                continue;
            }
            for (k, name) in part.split(',').enumerate() {
                if k >= 2 {
                    return Err(err("at most two resting pieces per side".to_string()));
                }
                let sq = shape.parse_square(name).map_err(|e| err(e.to_string()))?;
                if pos.board.kind(side, sq).is_none() {
                    return Err(err(format!("{side} has no piece on {name}")));
                }
                pos.resting[side.index()][k] = Some(sq);
            }
        }
        Ok(())
    }

    fn write_trailing_field(&self, pos: &Position, out: &mut String) {
        let shape = pos.shape();
        let side = |c: Color| {
            let v: Vec<String> = pos.resting(c).map(|q| shape.name(q)).collect();
            if v.is_empty() {
                "-".to_string()
            } else {
                v.join(",")
            }
        };
        out.push_str(&format!(" {}/{}", side(Color::White), side(Color::Black)));
    }
}

/// A rule of `rules/parity.md` that a commit can break; named in errors and in record mode.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Rule {
    /// The piece cannot make that move at all (no piece, wrong geometry, blocked line).
    Movement,
    /// §2.2 / rules 4–5: the destination holds one of the mover's own pieces (a shared square
    /// holds one, so its pieces cannot be captured).
    SharedSquare,
    /// §2.3: a pawn moves diagonally only to capture (or en passant).
    PawnCapture,
    /// §2.1 (seed rule 2): the piece moved last turn and must rest.
    RestRule,
    /// §2.4: the King is in immediate check and must move.
    ImmediateCheck,
    /// §2.5 / P-2 / P-5: the King may not move onto an attacked square.
    KingSafety,
    /// §2.6 / P-3: the move would uncover the own King to a non-resting enemy piece.
    DiscoveredCheck,
    /// §2.7: castling conditions.
    Castling,
    /// §2.8: en passant conditions.
    EnPassant,
    /// Standard promotion: the piece must be chosen (and be a legal kind).
    Promotion,
    /// §5: Single Occupation — the piece on a shared square must leave it, without capturing.
    SingleOccupation,
    /// §4: the game is already over.
    GameOver,
}

impl Rule {
    /// The short code printed by `esoterica apply --record` (`rule-error <code> <move>`).
    pub fn code(self) -> &'static str {
        match self {
            Rule::Movement => "movement",
            Rule::SharedSquare => "shared-square",
            Rule::PawnCapture => "pawn-capture",
            Rule::RestRule => "rest-rule",
            Rule::ImmediateCheck => "immediate-check",
            Rule::KingSafety => "king-safety",
            Rule::DiscoveredCheck => "discovered-check",
            Rule::Castling => "castling",
            Rule::EnPassant => "en-passant",
            Rule::Promotion => "promotion",
            Rule::SingleOccupation => "single-occupation",
            Rule::GameOver => "game-over",
        }
    }

    /// Where the rule is written: a section of `rules/parity.md` and its ruling.
    pub fn section(self) -> &'static str {
        match self {
            Rule::Movement => "§2 (standard movement)",
            Rule::SharedSquare => "§2.2 (rules 4-5)",
            Rule::PawnCapture => "§2.3",
            Rule::RestRule => "§2.1 (rule 2)",
            Rule::ImmediateCheck => "§2.4",
            Rule::KingSafety => "§2.5 (P-2)",
            Rule::DiscoveredCheck => "§2.6 (P-3)",
            Rule::Castling => "§2.7",
            Rule::EnPassant => "§2.8 (rule 7)",
            Rule::Promotion => "§3.5",
            Rule::SingleOccupation => "§5",
            Rule::GameOver => "§4",
        }
    }
}

/// A rule of `rules/parity.md`.
const fn parity(
    section: &'static str,
    ruling: Option<&'static str>,
    title: &'static str,
) -> RuleRef {
    RuleRef {
        doc: "parity",
        name: "Parity",
        section,
        ruling,
        title,
    }
}

/// §3: both moves are resolved together.
pub const RESOLVE: RuleRef = parity("§3", None, "both moves resolve together");

/// The rules a Parity refusal cites, in section order (the Parity rules card carries them).
pub const RULES: [RuleRef; 12] = [
    Rule::Movement.rule_ref(),
    Rule::RestRule.rule_ref(),
    Rule::SharedSquare.rule_ref(),
    Rule::PawnCapture.rule_ref(),
    Rule::ImmediateCheck.rule_ref(),
    Rule::KingSafety.rule_ref(),
    Rule::DiscoveredCheck.rule_ref(),
    Rule::Castling.rule_ref(),
    Rule::EnPassant.rule_ref(),
    RESOLVE,
    Rule::Promotion.rule_ref(),
    Rule::GameOver.rule_ref(),
];

/// [`RULES`] and Single Occupation's §5 (the Single Occupation rules card carries them).
pub const SINGLE_RULES: [RuleRef; 13] = [
    RULES[0],
    RULES[1],
    RULES[2],
    RULES[3],
    RULES[4],
    RULES[5],
    RULES[6],
    RULES[7],
    RULES[8],
    RULES[9],
    RULES[10],
    RULES[11],
    Rule::SingleOccupation.rule_ref(),
];

impl Rule {
    /// The rule as data: its section of `rules/parity.md`, its ruling and title.
    pub const fn rule_ref(self) -> RuleRef {
        match self {
            Rule::Movement => parity(
                "§2",
                None,
                "standard movement on the start-of-turn position",
            ),
            Rule::RestRule => parity("§2.1", None, "the piece that moved last turn rests"),
            Rule::SharedSquare => {
                parity("§2.2", None, "pieces on a shared square cannot be captured")
            }
            Rule::PawnCapture => parity("§2.3", None, "a pawn moves diagonally only to capture"),
            Rule::ImmediateCheck => parity("§2.4", None, "immediate check: the King must move"),
            Rule::KingSafety => parity(
                "§2.5",
                Some("P-2"),
                "the King may not move onto an attacked square",
            ),
            Rule::DiscoveredCheck => parity("§2.6", Some("P-3"), "no self-discovered check"),
            Rule::Castling => parity("§2.7", None, "castling"),
            Rule::EnPassant => parity("§2.8", None, "en passant, the turn after a double step"),
            Rule::Promotion => parity("§3.5", None, "the promotion is chosen with the commit"),
            Rule::SingleOccupation => RuleRef {
                doc: "parity",
                name: "Parity Single Occupation",
                section: "§5",
                ruling: None,
                title: "both pieces leave a shared square",
            },
            Rule::GameOver => parity("§4", None, "the end of the game"),
        }
    }
}

impl fmt::Display for Rule {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {}", self.code(), self.section())
    }
}

fn is_resting(pos: &Position, side: Color, sq: Square) -> bool {
    pos.resting[side.index()].contains(&Some(sq))
}

/// Squares where `side` has a piece sharing the square with an enemy piece, when Single
/// Occupation forces it to leave (§5). Empty in plain Parity.
fn forced_exits(pos: &Position, side: Color) -> Vec<Square> {
    if !pos.variant.has_single_occupation() {
        return Vec::new();
    }
    if pos.shape() == BoardShape::Standard {
        // Where the two sides' bit planes meet, lowest square first.
        let all = |c: Color| pos.board.planes64(c).iter().fold(0u64, |m, p| m | p);
        return classic::masks::squares(all(side) & all(side.other()))
            .map(|i| Square(i as u8))
            .collect();
    }
    pos.board
        .pieces(side)
        .filter(|&(s, _)| pos.board.is_shared(s))
        .map(|(s, _)| s)
        .collect()
}

/// The squares from which `side` must move its piece this turn in Parity Single Occupation
/// (its pieces sharing a square with an enemy piece, `rules/parity.md §5`); those pieces
/// are exempt from the rest rule. Empty in plain Parity and the other variants.
///
/// # Examples
/// ```
/// use esoterica::rules::{Color, Position, Variant, variants::parity};
/// // White's and Black's Knights share d5 in Single Occupation: both must leave it.
/// let p = Position::from_text(Variant::ParitySingle, "4k3/8/8/3[Nn]4/8/8/8/4K3 w - - 0 1 d5/d5").unwrap();
/// let d5 = p.shape().parse_square("d5").unwrap();
/// assert_eq!(parity::must_leave(&p, Color::White), vec![d5]);
/// assert_eq!(parity::must_leave(&p, Color::Black), vec![d5]);
/// ```
pub fn must_leave(pos: &Position, side: Color) -> Vec<Square> {
    forced_exits(pos, side)
}

/// The attackers of `side`'s King on `board` (none if it has no King or stands on a shared
/// square: rule 5).
pub(super) fn king_attackers(board: &Board, side: Color) -> Vec<Square> {
    match board.king(side) {
        Some(k) if !board.is_shared(k) => match classic::attack_set(board, k, side.other()) {
            Some(set) => classic::masks::squares(set)
                .map(|i| Square(i as u8))
                .collect(),
            None => classic::attackers(board, k, side.other()),
        },
        _ => Vec::new(),
    }
}

/// Whether `side`'s King on `board` is attacked by an enemy piece that is not resting.
fn attacked_by_active(board: &Board, side: Color, enemy_resting: &[Option<Square>; 2]) -> bool {
    king_attackers(board, side)
        .iter()
        .any(|a| !enemy_resting.contains(&Some(*a)))
}

/// The check `side` stands in on `pos`: immediate when a non-resting enemy piece attacks its
/// King, delayed when only the enemy's resting piece does (§2.4); `None` when not attacked or
/// when the King stands on a shared square.
///
/// # Examples
/// ```
/// use esoterica::rules::{Color, Position, Variant, variants::parity};
/// let p = Position::new(Variant::Parity);
/// assert_eq!(parity::check_kind(&p, Color::White), None);
/// ```
pub fn check_kind(pos: &Position, side: Color) -> Option<CheckKind> {
    let att = king_attackers(&pos.board, side);
    if att.is_empty() {
        None
    } else if att.iter().any(|a| !is_resting(pos, side.other(), *a)) {
        Some(CheckKind::Immediate)
    } else {
        Some(CheckKind::Delayed)
    }
}

/// Whether `side` is in check (immediate or delayed).
fn in_check(pos: &Position, side: Color) -> bool {
    check_kind(pos, side).is_some()
}

/// Every move of `side`'s pieces by standard movement on P, ignoring the rest rule, checks
/// and Single Occupation (the candidates record mode reads moves from). Castling only needs
/// the rights and empty squares here.
pub(super) fn candidates(pos: &Position, side: Color, out: &mut Vec<Move>) {
    let rules = pos.variant.rules();
    classic::piece_pseudo_moves(rules, pos, side, out);
    classic::castling_moves(rules, pos, side, out, |_| false);
}

/// What a side's commit checks need to know once per position.
struct Ctx {
    enemy_resting: [Option<Square>; 2],
    immediate: bool,
    exits: Vec<Square>,
}

impl Ctx {
    fn new(pos: &Position, side: Color) -> Ctx {
        Ctx {
            enemy_resting: pos.resting[side.other().index()],
            immediate: check_kind(pos, side) == Some(CheckKind::Immediate),
            exits: forced_exits(pos, side),
        }
    }
}

fn is_capture(pos: &Position, side: Color, mv: &Move) -> bool {
    match mv.special {
        Special::EnPassant { .. } => true,
        Special::Castle { .. } => false,
        Special::Normal => pos.board.kind(side.other(), mv.to).is_some(),
    }
}

/// Checks a candidate move (from [`candidates`]) against §2.1 and §2.4–§2.8 and §5: the
/// typed reason it breaks, if any.
fn check_commit(pos: &Position, side: Color, mv: &Move, ctx: &Ctx) -> Result<(), Reason> {
    let Some(kind) = pos.board.kind(side, mv.from) else {
        return Err(Reason::NoPiece {
            square: mv.from,
            side,
        });
    };
    let castle = matches!(mv.special, Special::Castle { .. });
    let exit = ctx.exits.contains(&mv.from);
    if !ctx.exits.is_empty() && !exit {
        return Err(Reason::MustLeaveSharedSquare {
            side,
            square: ctx.exits[0],
        });
    }
    if exit && (castle || is_capture(pos, side, mv)) {
        return Err(Reason::LeavingMayNotCapture {
            kind,
            square: mv.from,
        });
    }
    if !exit && is_resting(pos, side, mv.from) {
        return Err(Reason::Resting {
            kind,
            square: mv.from,
        });
    }
    if ctx.immediate && (kind != PieceKind::King || castle) {
        return Err(Reason::ImmediateCheck { side });
    }
    if let Special::EnPassant { captured } = mv.special
        && pos.board.is_shared(captured)
    {
        return Err(Reason::SharedPawnEnPassant { square: captured });
    }
    let mut b = pos.board.clone();
    classic::apply_to_board(&mut b, side, mv);
    let them = side.other();
    if let Special::Castle { .. } = mv.special {
        for square in classic::between(pos.shape(), mv.from, mv.to) {
            let active = classic::attackers(&pos.board, square, them)
                .iter()
                .any(|a| !ctx.enemy_resting.contains(&Some(*a)));
            if active {
                return Err(Reason::Castling(CastlingRefusal::AcrossAttacked { square }));
            }
        }
        if classic::is_attacked(&b, mv.to, them) {
            return Err(Reason::Castling(CastlingRefusal::OntoAttacked {
                square: mv.to,
            }));
        }
        return Ok(());
    }
    if kind == PieceKind::King {
        if classic::is_attacked(&b, mv.to, them) {
            let attackers = classic::attackers(&b, mv.to, them)
                .into_iter()
                .filter_map(|a| b.kind(them, a).map(|k| (k, a)))
                .collect();
            return Err(Reason::KingOntoAttacked {
                to: mv.to,
                attackers,
            });
        }
        return Ok(());
    }
    if attacked_by_active(&b, side, &ctx.enemy_resting) {
        return Err(Reason::ExposesKing);
    }
    Ok(())
}

/// The Parity judge: whether `side` may commit `mv` on the start-of-turn position `pos`
/// (§2; §5 for Single Occupation), the game's end aside (see [`judge_in_game`]). `Ok` holds
/// the commit as the generator writes it (castling, en passant and promotion recognised).
pub(super) fn judge(pos: &Position, side: Color, mv: &Move) -> Result<Move, Reason> {
    // A refused en passant capture is judged on the position with the enemy pawn's advance
    // recorded (only legal captures keep their record).
    if let Some((probe, pawn)) = classic::en_passant_probe(pos.variant.rules(), pos, side, mv) {
        let mut cands = Vec::new();
        candidates(&probe, side, &mut cands);
        if let Some(m) = cands.iter().find(|m| {
            m.from == mv.from && m.to == mv.to && matches!(m.special, Special::EnPassant { .. })
        }) {
            return Err(check_commit(&probe, side, m, &Ctx::new(&probe, side))
                .err()
                .unwrap_or(Reason::NotJustAdvanced {
                    from: mv.from,
                    to: mv.to,
                    pawn,
                    owner: side.other(),
                }));
        }
    }
    let mut cands = Vec::new();
    candidates(pos, side, &mut cands);
    let same = |m: &&Move| m.from == mv.from && m.to == mv.to;
    if let Some(m) = cands
        .iter()
        .find(|m| same(m) && m.promotion == mv.promotion)
    {
        return check_commit(pos, side, m, &Ctx::new(pos, side)).map(|()| *m);
    }
    let Some(kind) = pos.board.kind(side, mv.from) else {
        return Err(Reason::NoPiece {
            square: mv.from,
            side,
        });
    };
    if cands.iter().any(|m| same(&m)) {
        return Err(match mv.promotion {
            None => Reason::PromotionRequired {
                from: mv.from,
                to: mv.to,
            },
            Some(kind) => Reason::BadPromotion { kind },
        });
    }
    if mv.from == mv.to {
        return Err(Reason::NullMove { square: mv.from });
    }
    if pos.board.kind(side, mv.to).is_some() {
        return Err(if pos.board.is_shared(mv.to) {
            Reason::OwnPieceOnSharedSquare {
                square: mv.to,
                side,
            }
        } else {
            Reason::OwnPiece {
                square: mv.to,
                side,
            }
        });
    }
    if kind == PieceKind::King
        && Wing::BOTH.into_iter().any(|w| {
            pos.castle_spec(side, w)
                .is_some_and(|s| s.king_from == mv.from && s.king_to == mv.to)
        })
    {
        return Err(Reason::Castling(CastlingRefusal::Conditions));
    }
    if kind == PieceKind::Pawn {
        let shape = pos.shape();
        let (f0, r0) = shape.coords(mv.from);
        let (f1, r1) = shape.coords(mv.to);
        if (f1 - f0).abs() == 1 && r1 - r0 == side.forward() {
            return Err(Reason::PawnDiagonalWithoutTarget { to: mv.to });
        }
    }
    Err(classic::movement_reason(pos, kind, mv))
}

/// [`judge`] as a game asks it: the end of the game is checked before each commit (§4).
pub(super) fn judge_in_game(pos: &Position, side: Color, mv: &Move) -> Result<Move, Reason> {
    if let Some(o) = outcome(pos) {
        return Err(Reason::GameOver(o));
    }
    judge(pos, side, mv)
}

/// The rule of `rules/parity.md` a refusal of the Parity judge breaks (`None` for the
/// reasons that come from reading notation rather than from the judge).
pub fn rule_of_reason(reason: &Reason) -> Option<Rule> {
    Some(match reason {
        Reason::GameOver(_) => Rule::GameOver,
        Reason::NoPiece { .. }
        | Reason::NullMove { .. }
        | Reason::Movement { .. }
        | Reason::Blocked { .. } => Rule::Movement,
        Reason::MustLeaveSharedSquare { .. } | Reason::LeavingMayNotCapture { .. } => {
            Rule::SingleOccupation
        }
        Reason::Resting { .. } => Rule::RestRule,
        Reason::ImmediateCheck { .. } => Rule::ImmediateCheck,
        Reason::SharedPawnEnPassant { .. } | Reason::NotJustAdvanced { .. } => Rule::EnPassant,
        Reason::Castling(
            CastlingRefusal::AcrossAttacked { .. }
            | CastlingRefusal::OntoAttacked { .. }
            | CastlingRefusal::Conditions,
        ) => Rule::Castling,
        Reason::KingOntoAttacked { .. } => Rule::KingSafety,
        Reason::ExposesKing => Rule::DiscoveredCheck,
        Reason::PromotionRequired { .. } | Reason::BadPromotion { .. } => Rule::Promotion,
        Reason::OwnPiece { .. } | Reason::OwnPieceOnSharedSquare { .. } => Rule::SharedSquare,
        Reason::PawnDiagonalWithoutTarget { .. } => Rule::PawnCapture,
        Reason::TurnRefused { commit, .. } => return rule_of_reason(commit),
        _ => return None,
    })
}

/// The legal commits of `side` on `pos` (§2; §5 for Single Occupation), in a stable order:
/// by origin square, then generation order, castling last. On bitboards where the sets
/// describe the position (`masks.rs`), else by [`legal_commits_reference`].
fn legal_commits(pos: &Position, side: Color, out: &mut Vec<Move>) {
    if !masks::legal_commits(pos, side, out) {
        legal_commits_reference(pos, side, out);
    }
}

/// The square-array generator: the candidates (§2.1) that [`check_commit`] accepts, each
/// played on a copy of the board. The reference of the bitboard generator in the tests,
/// and the generator of the positions it declines.
fn legal_commits_reference(pos: &Position, side: Color, out: &mut Vec<Move>) {
    let ctx = Ctx::new(pos, side);
    let start = out.len();
    candidates(pos, side, out);
    let mut w = start;
    for i in start..out.len() {
        let mv = out[i];
        if check_commit(pos, side, &mv, &ctx).is_ok() {
            out[w] = mv;
            w += 1;
        }
    }
    out.truncate(w);
}

/// How many of `side`'s pieces have a legal commit in `pos` (castling counts for the King;
/// a resting piece has none, §2.2; in Single Occupation only the pieces on shared squares
/// may move when there are any, §5), counted no further than `at_most`: what a bot asks to
/// see whether a side is short of moves, without listing every commit.
///
/// # Examples
/// ```
/// use esoterica::rules::{Color, Position, Variant, variants::parity};
/// let p = Position::new(Variant::Parity);
/// // Eight pawns and two Knights can move; the other pieces are blocked.
/// assert_eq!(parity::movable_pieces(&p, Color::White, usize::MAX), 10);
/// assert_eq!(parity::movable_pieces(&p, Color::White, 5), 5);
/// ```
pub fn movable_pieces(pos: &Position, side: Color, at_most: usize) -> usize {
    masks::movable_pieces(pos, side, at_most).unwrap_or_else(|| {
        let mut from: Vec<Square> = commits(pos, side).iter().map(|m| m.from).collect();
        from.sort_unstable();
        from.dedup();
        from.len().min(at_most)
    })
}

/// [`Position::resolve_legal`]: both commits resolved without the judge.
pub(crate) fn resolve_legal(pos: &mut Position, white: &Move, black: &Move) -> Vec<Effect> {
    resolve::resolve_unchecked(pos, [Some(*white), Some(*black)])
}

pub(super) fn commits(pos: &Position, side: Color) -> Vec<Move> {
    let mut v = Vec::with_capacity(48);
    legal_commits(pos, side, &mut v);
    v
}

/// How `side` loses before committing when it has no legal commit (§4, §5).
fn loss_without_commits(pos: &Position, side: Color) -> WinReason {
    if check_kind(pos, side) == Some(CheckKind::Immediate) {
        WinReason::Checkmate
    } else if !forced_exits(pos, side).is_empty() {
        WinReason::CannotLeaveSharedSquare
    } else {
        WinReason::Stalemate
    }
}

/// The end of the game judged before the commits (§4): King captured (P-4), checkmate,
/// stalemate (both lose; both at once: draw), Single Occupation's forced exit (§5) and the
/// 50-turn rule. Repetition needs the record; §4 has no dead-material draw.
pub(super) fn outcome(pos: &Position) -> Option<Outcome> {
    king_outcome(pos).or_else(|| {
        // Whether a side has no commit at all: the first piece with one answers it.
        let stuck = Color::BOTH.map(|c| movable_pieces(pos, c, 1) == 0);
        outcome_with_commits(pos, stuck)
    })
}

/// The end of the game by a captured King (P-4): one King gone wins for the other side,
/// both gone draw.
pub(super) fn king_outcome(pos: &Position) -> Option<Outcome> {
    match Color::BOTH.map(|c| pos.board.king(c).is_none()) {
        [true, true] => Some(Outcome::Draw {
            reason: DrawReason::Simultaneous,
        }),
        [true, false] => Some(Outcome::Win {
            winner: Color::Black,
            reason: WinReason::KingCaptured,
        }),
        [false, true] => Some(Outcome::Win {
            winner: Color::White,
            reason: WinReason::KingCaptured,
        }),
        [false, false] => None,
    }
}

/// The rest of [`outcome`] once both Kings stand, given whether each side (`Color::index`)
/// has no legal commit: the losses of §4–§5, then the 50-turn rule.
pub(super) fn outcome_with_commits(pos: &Position, stuck: [bool; 2]) -> Option<Outcome> {
    let [white, black] =
        Color::BOTH.map(|c| stuck[c.index()].then(|| loss_without_commits(pos, c)));
    match (white, black) {
        (Some(_), Some(_)) => {
            return Some(Outcome::Draw {
                reason: DrawReason::Simultaneous,
            });
        }
        (Some(reason), None) => {
            return Some(Outcome::Win {
                winner: Color::Black,
                reason,
            });
        }
        (None, Some(reason)) => {
            return Some(Outcome::Win {
                winner: Color::White,
                reason,
            });
        }
        (None, None) => {}
    }
    if pos.halfmove >= 50 {
        return Some(Outcome::Draw {
            reason: DrawReason::FiftyMoves,
        });
    }
    // No dead-material draw: §4 lists none, and a lone King is not dead material here — it
    // must rest after each move and then has no legal move, which loses (rule 6).
    None
}
