//! The one trait every variant implements, [`VariantRules`], and the static dispatch from a
//! [`Variant`] to its rules (`with_rules!` in `variants/registry.rs`).
//!
//! A variant lives in its own folder (`variants/<name>/`) with one zero-sized type that
//! implements the trait; the defaults are classic chess, so a variant overrides only what it
//! changes. Code outside a variant's folder asks the trait (through [`Variant::rules`] or the
//! [`Variant`] capability methods), never which variant it is.

use crate::rules::board::Board;
use crate::rules::classic::{self, CaptureRule, ClassicHooks};
use crate::rules::geometry::{BoardShape, Square};
use crate::rules::moves::{Effect, Fact, Move};
use crate::rules::notation::fen::PositionError;
use crate::rules::outcome::Outcome;
use crate::rules::piece::{Color, PieceKind};
use crate::rules::position::{CastleSpec, IllegalMove, MoveError, Position, Wing};
use crate::rules::refusal::{Reason, RuleRef};

use super::with_turn;
use crate::rules::variant::{TurnModel, Variant};

/// What a variant has, as data: the board, the turn model and the rules it adds to or
/// drops from classic chess. Each variant's folder declares one (`CAPABILITIES`, starting
/// from [`Capabilities::CLASSIC`]); code outside the folder asks for these through the
/// [`Variant`] methods (`has_fields()`, `capture_rule()`, …) instead of naming the variant.
/// Being data, the answers cost one load on the move generator's hot path.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Capabilities {
    /// The board shape.
    pub shape: BoardShape,
    /// Alternating or simultaneous turns.
    pub turn_model: TurnModel,
    /// Empty squares carry charges and the stronger side controls them.
    pub fields: bool,
    /// The board has zones that change how pieces move.
    pub zones: bool,
    /// Pieces entering some squares teleport (exoteric → esoteric move).
    pub teleports: bool,
    /// A piece that moved rests the next turn, and enemy pieces may share a square.
    pub resting_pieces: bool,
    /// Pieces sharing a square must leave it the next turn.
    pub single_occupation: bool,
    /// Piece kinds beyond the standard six, and corner squares.
    pub fairy_pieces: bool,
    /// Whether the King castles.
    pub castling: bool,
    /// Whether a pawn may take en passant.
    pub en_passant: bool,
    /// Whether a King can be in check (and a side may not leave its King attacked).
    pub check: bool,
    /// Whether a King can actually be captured (ending the game), so a position may lack
    /// one and a perft line ends at the capture.
    pub kings_can_be_captured: bool,
    /// Whether a pawn may stand on its own first rank (it returns there).
    pub pawns_return_home: bool,
    /// Which captures the movement allows.
    pub capture_rule: CaptureRule,
    /// The kinds a pawn may promote to, strongest first; empty if pawns never promote.
    pub promotions: &'static [PieceKind],
}

impl Capabilities {
    /// Classic chess: the 8×8 board, alternating moves, castling, en passant, check, any
    /// capture, promotion to Queen, Rook, Bishop or Knight, nothing more.
    pub const CLASSIC: Capabilities = Capabilities {
        shape: BoardShape::Standard,
        turn_model: TurnModel::Alternating,
        fields: false,
        zones: false,
        teleports: false,
        resting_pieces: false,
        single_occupation: false,
        fairy_pieces: false,
        castling: true,
        en_passant: true,
        check: true,
        kings_can_be_captured: false,
        pawns_return_home: false,
        capture_rule: CaptureRule::Any,
        promotions: &classic::STANDARD_PROMOTIONS,
    };
}

/// A variant's title-card example ([`VariantRules::title_example`]): moves in the
/// variant's move text (Parity: `WHITE/BLACK` turns) from the initial position, then the
/// one entry to show.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TitleExample {
    /// The moves before it, legal in turn.
    pub setup: &'static [&'static str],
    /// The entry shown (a move, or a Parity turn).
    pub entry: &'static str,
}

/// The rules of one variant: movement, legality, resolution into effects, the end of the
/// game, position text, notation and the rules card. Implemented once per variant by a
/// zero-sized type in `variants/<name>/`; every method but the identity ones has the classic
/// chess default.
///
/// The perft hot path ([`VariantRules::legal_moves`], [`VariantRules::play_unchecked`]) is
/// called through `with_rules!` (in `variants/registry.rs`), a `match` on the
/// variant, so the calls are static and inline like the code they replaced.
pub trait VariantRules: Sync {
    /// The variant these rules are.
    fn variant(&self) -> Variant;

    /// The built-in initial position text (`notation/fen.rs` format).
    fn initial_text(&self) -> &'static str;

    /// The rules card shown in the game's side panel (`assets/rules-cards/<name>.md`).
    fn rules_card(&self) -> &'static str;

    /// The bundled opening book (`assets/openings/<name>.txt`): one line of moves per
    /// opening, `#` comments; tournaments start their games from these.
    fn openings(&self) -> &'static str;

    /// The demo's example of the variant's own rule, drawn on its title card: moves from
    /// the initial position, then the entry the card animates (legal or, where the rule is
    /// a refusal, refused by the rules).
    fn title_example(&self) -> TitleExample;

    /// The variant's rule in one line (at most about 75 characters), for the banner over
    /// the board.
    fn rule_line(&self) -> &'static str;

    /// The demo's title card: two or three short lines on what makes the variant different,
    /// for someone walking past the screen.
    fn title_card(&self) -> &'static [&'static str];

    /// What the variant has: its board, turn model and the rules it adds or drops, as
    /// data ([`Capabilities`]; the registry reads it for the [`Variant`] capability
    /// methods).
    fn capabilities(&self) -> &'static Capabilities;

    /// The castling geometry of `side` on `wing` (`None` without castling).
    fn castle_spec(&self, side: Color, wing: Wing) -> Option<CastleSpec> {
        let caps = self.capabilities();
        caps.castling
            .then(|| classic::castle_spec(caps.shape, side, wing))
    }

    // ---- Moves.

    /// The legal moves of the side to move, fast, in a stable order (alternating variants;
    /// a simultaneous variant gives the commits of the side to move).
    fn legal_moves(&self, pos: &Position, out: &mut Vec<Move>) {
        classic::legal_moves(self, pos, out);
    }

    /// The moves of [`VariantRules::legal_moves`] that capture or promote, in the same
    /// order: what a quiescence search plays. By default the moves onto an enemy piece, en
    /// passant and promotions, filtered from the full list; the classic 8×8 variants
    /// generate only these, and a variant whose moves capture elsewhere than on the
    /// destination (Intrachange's teleports) gives its own.
    fn legal_captures(&self, pos: &Position, out: &mut Vec<Move>) {
        let start = out.len();
        self.legal_moves(pos, out);
        classic::retain_tail(out, start, |mv| classic::is_capture_or_promotion(pos, mv));
    }

    /// How many moves [`VariantRules::legal_moves`] gives (perft's leaves), `buffer` a
    /// scratch list. A variant that generates its own moves counts its list; the others
    /// count with the classic generator, which need not list them.
    fn legal_move_count(&self, pos: &Position, buffer: &mut Vec<Move>) -> usize {
        buffer.clear();
        self.legal_moves(pos, buffer);
        buffer.len()
    }

    /// The legal commits of `side`; for an alternating variant its legal moves when it is
    /// to move, else none.
    fn legal_commits(&self, pos: &Position, side: Color, out: &mut Vec<Move>) {
        if side == pos.turn {
            self.legal_moves(pos, out);
        }
    }

    /// The moves [`VariantRules::judge`] is asked about to build the reference move list of
    /// `side`: at least every legal move, in the fast generator's order (classic: every move
    /// the pieces' movement allows whatever they may capture, then castling moves whose
    /// right and empty squares are there).
    fn candidates(&self, pos: &Position, side: Color, out: &mut Vec<Move>) {
        with_turn(pos, side, |p| classic::candidates(self, p, out));
    }

    /// The judge: whether `side` may play `mv` here, as the rules decide it. `Ok` holds the
    /// legal move as the generator writes it (castling, en passant and promotion recognised
    /// from the squares); `Err` the typed reason it is refused. The end of the game is not
    /// the judge's concern (see [`VariantRules::judge_in_game`]). The reference move list is
    /// exactly the [`VariantRules::candidates`] the judge accepts, and the fast generator
    /// ([`VariantRules::legal_moves`]) is tested to equal it.
    ///
    /// # Errors
    /// The [`Reason`] the move is refused.
    fn judge(&self, pos: &Position, side: Color, mv: &Move) -> Result<Move, Reason> {
        with_turn(pos, side, |p| {
            classic::with_en_passant_probe(self, p, side, mv, |p, mv| classic::judge(self, p, mv))
        })
    }

    /// [`VariantRules::judge`] as a game in progress asks it, for the explanations: the
    /// judge itself by default; Parity checks the end of the game first (`rules/parity.md
    /// §4`: it is checked before each commit).
    ///
    /// # Errors
    /// The [`Reason`] the move is refused.
    fn judge_in_game(&self, pos: &Position, side: Color, mv: &Move) -> Result<Move, Reason> {
        self.judge(pos, side, mv)
    }

    /// The rule a refusal of this variant breaks, where the variant has its own rule for it
    /// (`None`: the rule of standard chess, [`standard::rule_of`](super::standard::rule_of)).
    fn rule_of(&self, _reason: &Reason) -> Option<RuleRef> {
        None
    }

    /// What the variant's rules notice about a move from `before` to `after` beyond its
    /// effects (Force Field: squares that changed hands, checks a field cuts or uncovers),
    /// for the narrator. None by default.
    fn facts(&self, _before: &Position, _after: &Position) -> Vec<Fact> {
        Vec::new()
    }

    /// One interesting move of the side to move that the variant's own rule forbids now,
    /// with the reason (Force Field: the strongest piece a field stops), for the demo to
    /// explain. None by default.
    fn refusal_to_show(&self, _pos: &Position) -> Option<(Move, Reason)> {
        None
    }

    /// The variant's own rules, each with the section and title its rules card carries.
    fn rule_refs(&self) -> &'static [RuleRef] {
        &[]
    }

    /// Plays a legal move of the side to move and reports its effects in rules order.
    fn play(&self, pos: &mut Position, mv: &Move) -> Vec<Effect> {
        classic::play(self, pos, mv)
    }

    /// Plays a legal move without computing effects (search and perft hot path); an illegal
    /// move leaves an odd position, never a panic.
    fn play_unchecked(&self, pos: &mut Position, mv: &Move) {
        classic::play_unchecked(self, pos, mv);
    }

    /// Resolves White's and Black's commits together (simultaneous variants).
    ///
    /// # Errors
    /// [`IllegalMove`] for an illegal commit, or when the variant alternates moves.
    fn resolve(
        &self,
        pos: &mut Position,
        white: &Move,
        _black: &Move,
    ) -> Result<Vec<Effect>, IllegalMove> {
        Err(IllegalMove {
            mv: white.coordinate(pos.shape()),
            refusal: crate::rules::refusal::Refusal::new(pos.variant, Reason::NotSimultaneous),
        })
    }

    /// Whether the side `capturer` has a legal capture en passant of the pawn on `pawn` onto
    /// `to` (what an en passant record keeps; see `retain_legal_en_passant`).
    fn en_passant_is_legal(
        &self,
        pos: &Position,
        capturer: Color,
        pawn: Square,
        to: Square,
    ) -> bool {
        capturer == pos.turn && classic::en_passant_is_legal(self, pos, pawn, to)
    }

    /// The outcome decided by the position alone.
    fn outcome(&self, pos: &Position) -> Option<Outcome> {
        classic::outcome(self, pos)
    }

    /// Whether `side`'s King is attacked.
    fn in_check(&self, pos: &Position, side: Color) -> bool {
        classic::in_check(pos, side)
    }

    /// Whether the material left can never produce a mate.
    fn insufficient_material(&self, pos: &Position) -> bool {
        classic::insufficient_material(pos)
    }

    /// Whether `side` could still win by some series of legal moves, the other side's King
    /// being on the board (asked when the other side's flag falls, `docs/rules/clocks.md`);
    /// classic: anything but a lone King, or a lone minor piece against a lone King.
    fn has_mating_material(&self, pos: &Position, side: Color) -> bool {
        classic::has_mating_material(pos, side)
    }

    /// Leaf count of the move tree to `depth` (simultaneous variants count turns).
    fn perft(&self, pos: &Position, depth: u32) -> u64 {
        crate::rules::perft::perft_alternating(pos, depth)
    }

    // ---- Notation.

    /// A move in the variant's own notation (SAN by default).
    fn move_text(&self, pos: &Position, mv: &Move) -> String {
        crate::rules::notation::san::to_san(pos, mv)
    }

    /// Reads a move in the variant's notation or coordinate form.
    ///
    /// # Errors
    /// [`MoveError`] as for [`Position::parse_move`].
    fn parse_move_text(&self, pos: &Position, text: &str) -> Result<Move, MoveError> {
        pos.parse_move(text)
    }

    // ---- Position text extensions.

    /// How many fields the variant adds to the position text right after the placement
    /// (Big Outer: 1, the corner field).
    fn board_fields(&self) -> usize {
        0
    }

    /// Reads the fields of [`VariantRules::board_fields`] into `board`.
    ///
    /// # Errors
    /// [`PositionError`] naming the field.
    fn read_board_fields(&self, _board: &mut Board, _fields: &[&str]) -> Result<(), PositionError> {
        Ok(())
    }

    /// Writes the fields of [`VariantRules::board_fields`], each after a space.
    fn write_board_fields(&self, _board: &Board, _out: &mut String) {}

    /// Whether the position text may end with one more field after the counters (Parity:
    /// the resting pieces).
    fn has_trailing_field(&self) -> bool {
        false
    }

    /// Reads the trailing field.
    ///
    /// # Errors
    /// [`PositionError`] naming the field.
    fn read_trailing_field(&self, _pos: &mut Position, _field: &str) -> Result<(), PositionError> {
        Ok(())
    }

    /// Writes the trailing field after a space (always, when the variant has one).
    fn write_trailing_field(&self, _pos: &Position, _out: &mut String) {}
}

/// The classic building blocks ask a variant's rules through [`ClassicHooks`]; every
/// variant answers with its own [`VariantRules`] (the same answers the dispatcher gives for
/// its positions), so `classic/` needs no path back to the variants.
impl<R: VariantRules + ?Sized> ClassicHooks for R {
    #[inline]
    fn capture_rule(&self) -> CaptureRule {
        self.capabilities().capture_rule
    }

    #[inline]
    fn promotion_kinds(&self) -> &'static [PieceKind] {
        self.capabilities().promotions
    }

    #[inline]
    fn has_castling(&self) -> bool {
        self.capabilities().castling
    }

    #[inline]
    fn has_en_passant(&self) -> bool {
        self.capabilities().en_passant
    }

    #[inline]
    fn castle_spec(&self, side: Color, wing: Wing) -> Option<CastleSpec> {
        VariantRules::castle_spec(self, side, wing)
    }

    #[inline]
    fn legal_moves(&self, pos: &Position, out: &mut Vec<Move>) {
        VariantRules::legal_moves(self, pos, out);
    }

    #[inline]
    fn in_check(&self, pos: &Position, side: Color) -> bool {
        VariantRules::in_check(self, pos, side)
    }

    #[inline]
    fn insufficient_material(&self, pos: &Position) -> bool {
        VariantRules::insufficient_material(self, pos)
    }

    #[inline]
    fn outcome(&self, pos: &Position) -> Option<Outcome> {
        VariantRules::outcome(self, pos)
    }

    #[inline]
    fn play_unchecked(&self, pos: &mut Position, mv: &Move) {
        VariantRules::play_unchecked(self, pos, mv);
    }

    #[inline]
    fn en_passant_is_legal(
        &self,
        pos: &Position,
        capturer: Color,
        pawn: Square,
        to: Square,
    ) -> bool {
        VariantRules::en_passant_is_legal(self, pos, capturer, pawn, to)
    }
}
