//! Why the rules refuse a move, as data: a [`Refusal`] is the variant whose rules refused it
//! and a typed [`Reason`] carrying the squares, pieces and charges involved; [`Refusal::rule`]
//! names the rule as a [`RuleRef`] (rules document, section, ruling, title). The errors that
//! carry a refusal, [`IllegalMove`] and [`MoveError`], live here too.
//!
//! Legality and its reason come from one place: each variant's judge
//! ([`VariantRules::judge`](crate::rules::variants::VariantRules::judge)) answers a candidate
//! move with the legal move or a refusal. The words come from the narrator
//! ([`narrate::refusal`](super::narrate::refusal), which also gives `Display` its
//! command-line wording). Nothing branches on the words.

use std::fmt;

use super::geometry::Square;
use super::outcome::Outcome;
use super::piece::{Color, Piece, PieceKind};
use super::position::Wing;
use super::variant::Variant;

/// A rule as data: where it is written and what it says, for the player's message and the
/// rules card (which carries the same section numbers and titles).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct RuleRef {
    /// The rules document: the file stem under `docs/rules/` (`force-field`), or `standard`
    /// for the rules of chess (no file; the standard rules card).
    pub doc: &'static str,
    /// The rules by name, as a player reads it: `Force Field`, `Chess`.
    pub name: &'static str,
    /// The section, `§3` or `§2.1`.
    pub section: &'static str,
    /// The numbered ruling of the rules document, if one decides the case (`F-3`).
    pub ruling: Option<&'static str>,
    /// The rule in words, lower case (`fields block enemy moves`); the rules card heads the
    /// section with it, capitalised.
    pub title: &'static str,
}

impl RuleRef {
    /// The heading of the rule's section on the rules card: `§3 Fields block enemy moves`.
    ///
    /// # Examples
    /// ```
    /// use esoterica::rules::refusal::RuleRef;
    /// let r = RuleRef { doc: "force-field", name: "Force Field", section: "§3", ruling: None, title: "fields block enemy moves" };
    /// assert_eq!(r.card_heading(), "§3 Fields block enemy moves");
    /// ```
    pub fn card_heading(&self) -> String {
        let mut title = self.title.chars();
        let first = title.next().map(|c| c.to_uppercase().to_string());
        format!(
            "{} {}{}",
            self.section,
            first.unwrap_or_default(),
            title.as_str()
        )
    }
}

/// A castling move the rules refuse.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CastlingRefusal {
    /// The King or that Rook has moved.
    RightLost {
        /// The wing.
        wing: Wing,
    },
    /// A square between King and Rook is occupied.
    Occupied {
        /// The first occupied square.
        square: Square,
    },
    /// The King is in check.
    OutOfCheck,
    /// A square the King starts on, crosses or lands on is attacked (8×8).
    ThroughCheck {
        /// The first attacked square.
        square: Square,
    },
    /// A square between King and Rook is attacked (`rules/big-outer.md` ruling B-2).
    SpanAttacked {
        /// The first attacked square.
        square: Square,
    },
    /// The squares are safe, yet the King would stand in check afterwards (ruling B-5).
    LeavesKingInCheck,
    /// Force Field: the King is in check (`rules/force-field.md §4`).
    OutOfFieldCheck {
        /// The piece that attacks the King, if one was found.
        attacker: Option<(Piece, Square)>,
    },
    /// Force Field: standing on the crossed square, the King would be attacked (ruling F-6).
    ThroughFieldCheck {
        /// The crossed square.
        square: Square,
        /// The piece that would attack the King there.
        attacker: Option<(Piece, Square)>,
    },
    /// Force Field: on its landing square the King would be attacked (ruling F-6).
    IntoFieldCheck {
        /// The landing square.
        square: Square,
        /// The piece that would attack the King there.
        attacker: Option<(Piece, Square)>,
    },
    /// Parity: the crossed square is attacked by a non-resting enemy piece
    /// (`rules/parity.md §2.7`).
    AcrossAttacked {
        /// The crossed square.
        square: Square,
    },
    /// Parity: the landing square is attacked by an enemy piece (§2.7).
    OntoAttacked {
        /// The landing square.
        square: Square,
    },
    /// Parity: the right or the empty squares are missing (§2.7).
    Conditions,
    /// Intrachange: castling does not exist (`rules/intrachange.md §3.1`).
    NotInVariant,
    /// Castling was written (`O-O`) in a variant that has none.
    Unavailable,
}

/// Why a move is refused: the typed fact, with the squares, pieces and charges it names.
/// Which rule it breaks follows from the reason and the variant ([`Refusal::rule`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Reason {
    // ---- The game and the turn.
    /// The game is over.
    GameOver(Outcome),
    /// Intrachange: a King has been captured, so the game is over (§4).
    KingCaptured,
    /// A simultaneous variant moves by pairs of commits, not by single moves.
    SimultaneousTurn,
    /// An alternating variant has no simultaneous turns.
    NotSimultaneous,

    // ---- The piece.
    /// No piece of the mover stands on the origin (Parity: none of `side`'s).
    NoPiece {
        /// The origin.
        square: Square,
        /// The side that tried to move.
        side: Color,
    },
    /// The piece on the origin belongs to the side not to move.
    WrongSide {
        /// The origin.
        square: Square,
        /// Whose piece it is.
        owner: Color,
    },
    /// The move ends where it starts.
    NullMove {
        /// The square.
        square: Square,
    },
    /// The destination holds one of the mover's own pieces.
    OwnPiece {
        /// The destination.
        square: Square,
        /// The mover.
        side: Color,
    },

    // ---- Movement.
    /// The piece does not move so.
    Movement {
        /// The piece kind.
        kind: PieceKind,
        /// Origin.
        from: Square,
        /// Destination.
        to: Square,
    },
    /// A piece stands in the way of a line move.
    Blocked {
        /// The piece kind.
        kind: PieceKind,
        /// Origin.
        from: Square,
        /// Destination.
        to: Square,
        /// The first occupied square on the way.
        by: Square,
    },
    /// A pawn's diagonal step onto an empty square that an enemy pawn could have passed, but
    /// did not just pass: no en passant.
    NotJustAdvanced {
        /// The capturing pawn's square.
        from: Square,
        /// The empty square it would take on.
        to: Square,
        /// The enemy pawn.
        pawn: Square,
        /// The enemy pawn's side.
        owner: Color,
    },
    /// SAN names no move that any piece of that kind could make.
    NoLegalMoveTo {
        /// The piece kind written.
        kind: PieceKind,
        /// The destination written.
        to: Square,
    },
    /// The piece has no square to move to at all (every square is its own side's).
    NoFreeSquare {
        /// The piece kind.
        kind: PieceKind,
        /// Where it stands.
        square: Square,
    },

    // ---- Promotion.
    /// A pawn reaching the last rank must promote, and the move names no piece.
    PromotionRequired {
        /// Origin.
        from: Square,
        /// Destination on the last rank.
        to: Square,
    },
    /// Coordinate text without the promotion letter, where the legal moves promote.
    PromotionLetterMissing {
        /// Origin.
        from: Square,
        /// Destination on the last rank.
        to: Square,
    },
    /// The move names a promotion the rules do not offer there.
    BadPromotion {
        /// The kind named.
        kind: PieceKind,
    },

    // ---- Captures (Bully, Nonviolent).
    /// Bully: the victim is worth more than the attacker (`rules/bully-nonviolent.md §1`).
    CaptureTooStrong {
        /// The capturing kind (a promoting pawn counts as a Pawn).
        attacker: PieceKind,
        /// The kind it would capture.
        victim: PieceKind,
    },
    /// Nonviolent: nothing may be captured (`rules/bully-nonviolent.md §2`).
    NoCaptures {
        /// Whether the move is a capture en passant.
        en_passant: bool,
    },

    // ---- The own King (classic attacks).
    /// The side is in check and the move does not answer it.
    DoesNotAnswerCheck {
        /// The side in check.
        side: Color,
    },
    /// The King would step into check.
    KingIntoCheck {
        /// The square it would step to.
        to: Square,
    },
    /// The piece is pinned: moving it would leave the King in check.
    Pinned {
        /// The pinned piece's square.
        square: Square,
    },
    /// A castling move the rules refuse.
    Castling(CastlingRefusal),

    // ---- Force Field (`rules/force-field.md`).
    /// A square the move crosses or lands on is held by the enemy (§3; en passant: ruling
    /// F-3).
    FieldHeld {
        /// The moving kind.
        kind: PieceKind,
        /// The held square.
        square: Square,
        /// Who holds it.
        holder: Color,
        /// Its net charge (White's fields minus Black's).
        charge: i32,
        /// Whether the move is a capture en passant.
        en_passant: bool,
    },
    /// Both of a Knight's routes cross a square the enemy holds (§3).
    KnightRoutesBlocked {
        /// The first held square of each route with its net charge: the "long leg first"
        /// route, then the other.
        routes: [(Square, i32); 2],
    },
    /// The side is in check and the move does not answer it (§4).
    FieldCheckNotAnswered {
        /// The side in check.
        side: Color,
        /// The piece that would still attack the King.
        attacker: Option<(Piece, Square)>,
    },
    /// The King would step onto an attacked square (§4).
    KingIntoFieldCheck {
        /// The square.
        to: Square,
        /// The piece that would attack it there.
        attacker: Option<(Piece, Square)>,
    },
    /// The move gives up the field that cut a line of attack on the own King (§4).
    GivesUpNeutralisingField {
        /// The piece whose check the field neutralised.
        attacker: Option<(Piece, Square)>,
    },
    /// Once the fields are recomputed the own King would be attacked (§4).
    LeavesKingInFieldCheck {
        /// The piece that would attack it.
        attacker: Option<(Piece, Square)>,
    },

    // ---- Intrachange (`rules/intrachange.md`).
    /// Pawns never promote (§3.4).
    NoPromotion,
    /// The exoteric square holds one of the mover's pieces (§3.1).
    OwnPieceOnExoteric {
        /// The exoteric square.
        square: Square,
        /// The own piece there.
        kind: PieceKind,
    },
    /// A pawn steps two squares only from its own 2nd rank (§3.5, ruling I-7).
    PawnDoubleStep,
    /// A pawn may never move straight onto or past an occupied square (§3.5).
    PawnStraightBlocked,
    /// A pawn moves diagonally only onto an enemy piece; there is no en passant (§3.1,
    /// §3.5).
    PawnDiagonalOnlyOntoEnemy,
    /// A pawn does not move so (§3.5).
    PawnCannotMove {
        /// Origin.
        from: Square,
        /// Destination.
        to: Square,
    },
    /// The esoteric square holds one of the mover's pieces (§3.2, ruling I-2).
    OwnPieceOnEsoteric {
        /// The moving kind.
        kind: PieceKind,
        /// The exoteric square.
        exoteric: Square,
        /// The esoteric square.
        esoteric: Square,
        /// The own piece on the esoteric square.
        own: PieceKind,
    },
    /// A Knight's esoteric jump has a piece between X and Y (§3.6).
    KnightJumpBlocked {
        /// The exoteric square.
        exoteric: Square,
        /// The esoteric square.
        esoteric: Square,
        /// The first occupied square between.
        by: Square,
    },
    /// A non-triggering move onto the enemy King (§3.3, ruling I-4).
    KingOnExoteric {
        /// The moving kind.
        kind: PieceKind,
        /// The King's square.
        square: Square,
    },

    // ---- Parity (`rules/parity.md`).
    /// Single Occupation: the side's piece on a shared square is the only one it may move
    /// (§5).
    MustLeaveSharedSquare {
        /// The side.
        side: Color,
        /// The shared square.
        square: Square,
    },
    /// Single Occupation: the piece leaving the shared square may not capture (§5).
    LeavingMayNotCapture {
        /// The leaving kind.
        kind: PieceKind,
        /// The shared square.
        square: Square,
    },
    /// The piece moved last turn and rests (§2.1).
    Resting {
        /// The resting kind.
        kind: PieceKind,
        /// Where it stands.
        square: Square,
    },
    /// The side's King is in immediate check and must move (§2.4).
    ImmediateCheck {
        /// The side.
        side: Color,
    },
    /// The pawn to be taken en passant stands on a shared square (§2.8).
    SharedPawnEnPassant {
        /// Its square.
        square: Square,
    },
    /// The King would move onto an attacked square, resting attackers included (§2.5,
    /// ruling P-2).
    KingOntoAttacked {
        /// The square.
        to: Square,
        /// The attackers, with their kinds, in attack-scan order.
        attackers: Vec<(PieceKind, Square)>,
    },
    /// The move would uncover the own King to a non-resting enemy piece (§2.6, ruling P-3).
    ExposesKing,
    /// The destination is a shared square holding one of the mover's pieces (§2.2).
    OwnPieceOnSharedSquare {
        /// The shared square.
        square: Square,
        /// The mover.
        side: Color,
    },
    /// A pawn's diagonal step onto a square with no lone enemy piece (§2.3).
    PawnDiagonalWithoutTarget {
        /// The square.
        to: Square,
    },
    /// A Parity turn could not be resolved: `side`'s commit is refused for `commit`.
    TurnRefused {
        /// Whose commit.
        side: Color,
        /// Why it is refused.
        commit: Box<Reason>,
    },
}

/// A move the rules refuse: the variant whose rules judged it (its board names the squares)
/// and the reason.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Refusal {
    /// The variant whose rules refused the move.
    pub variant: Variant,
    /// Why.
    pub reason: Reason,
}

impl Refusal {
    /// A refusal by `variant`'s rules.
    pub fn new(variant: Variant, reason: Reason) -> Refusal {
        Refusal { variant, reason }
    }

    /// Whether the refusal is about the piece's movement alone (it does not move so, or the
    /// way is blocked): what [`why_no_move`](crate::rules::variants::why_no_move) looks past
    /// to find the rule that really keeps a piece still.
    pub fn is_movement(&self) -> bool {
        matches!(
            self.reason,
            Reason::Movement { .. } | Reason::Blocked { .. } | Reason::NotJustAdvanced { .. }
        )
    }

    /// Whether the refusal holds the piece wherever it would go, not only on this square: it
    /// rests, it is pinned, the King is in check, another piece must leave a shared square,
    /// the game is over. [`why_no_move`](crate::rules::variants::why_no_move) names such a
    /// reason before any other.
    pub fn holds_the_piece(&self) -> bool {
        matches!(
            self.reason,
            Reason::MustLeaveSharedSquare { .. }
                | Reason::Resting { .. }
                | Reason::Pinned { .. }
                | Reason::ImmediateCheck { .. }
                | Reason::DoesNotAnswerCheck { .. }
                | Reason::FieldCheckNotAnswered { .. }
                | Reason::GameOver(_)
                | Reason::KingCaptured
        )
    }

    /// Whether the refusal is about a Pawn step's own square (a diagonal without a target, a
    /// blocked straight step, a double step from elsewhere): the least telling reason for
    /// a piece with no move at all.
    pub fn is_pawn_geometry(&self) -> bool {
        matches!(
            self.reason,
            Reason::PawnDiagonalWithoutTarget { .. }
                | Reason::PawnDiagonalOnlyOntoEnemy
                | Reason::PawnStraightBlocked
                | Reason::PawnDoubleStep
        )
    }
}

/// A move that the rules forbid here, with the typed reason.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct IllegalMove {
    /// The move as written (coordinate form, or the text given).
    pub mv: String,
    /// Why it is refused.
    pub refusal: Refusal,
}

impl IllegalMove {
    /// The reason in the command-line wording (what `Display` prints after
    /// `illegal move MOVE: `).
    pub fn reason(&self) -> String {
        self.refusal.to_string()
    }
}

impl fmt::Display for IllegalMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "illegal move {}: {}", self.mv, self.refusal)
    }
}

impl std::error::Error for IllegalMove {}

/// Why a move text could not be turned into a move of this position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MoveError {
    /// The text is not a move in any notation we read.
    Syntax {
        /// The text given.
        text: String,
        /// What is wrong with it.
        reason: String,
    },
    /// The text names a move the rules forbid.
    Illegal(IllegalMove),
    /// The text (SAN) fits more than one legal move.
    Ambiguous {
        /// The text given.
        text: String,
        /// The candidate moves in coordinate form.
        candidates: Vec<String>,
    },
}

impl fmt::Display for MoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MoveError::Syntax { text, reason } => write!(f, "cannot read move '{text}': {reason}"),
            MoveError::Illegal(e) => e.fmt(f),
            MoveError::Ambiguous { text, candidates } => write!(
                f,
                "move '{text}' is ambiguous: it could be {}",
                candidates.join(" or ")
            ),
        }
    }
}

impl std::error::Error for MoveError {}

impl From<IllegalMove> for MoveError {
    fn from(e: IllegalMove) -> Self {
        MoveError::Illegal(e)
    }
}
