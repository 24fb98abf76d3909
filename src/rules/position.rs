//! The position: placement, side to move and the state every variant needs (castling rights,
//! en passant, counters, Parity's resting pieces). One type for all variants; the variant
//! decides how moves are generated and resolved (`variants/`).
//!
//! Turn model: alternating variants use [`Position::legal_moves`] and [`Position::try_play`];
//! Parity uses [`Position::legal_commits`] and [`Position::resolve`] (simultaneous moves).

use super::board::Board;
use super::geometry::{BoardShape, Square};
use super::moves::{Effect, Move};
use super::outcome::Outcome;
use super::piece::{Color, PieceKind};
use super::refusal::{Reason, Refusal};
use super::variant::{TurnModel, Variant};
use super::variants;

pub use super::refusal::{IllegalMove, MoveError};

/// En passant data: a pawn just advanced two or more squares and an enemy pawn may take it.
///
/// Recorded only where a legal en passant capture exists (as Stockfish records it, and as
/// python-chess writes FEN and repetition keys): `passed` holds just the passed squares onto
/// which a capture is legal, so a position text and a repetition key name en passant only
/// when it matters.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct EnPassant {
    /// Where the pawn that advanced stands (it is removed by the capture).
    pub pawn: Square,
    /// The passed squares onto which the capture is legal, nearest the pawn's start first,
    /// then `None`s (one on 8×8; on the Big Outer board up to the 3 squares a 4-square
    /// advance passes).
    pub passed: [Option<Square>; 3],
}

impl EnPassant {
    /// The passed squares, in order.
    pub fn squares(&self) -> impl Iterator<Item = Square> + '_ {
        self.passed.iter().flatten().copied()
    }
}

/// Options chosen when a game starts.
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize,
)]
pub struct GameOptions {
    /// Force Field ruling F-4: checks ignore fields ("classic check").
    pub classic_check: bool,
}

/// Which way a King castles.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Wing {
    /// O-O (FEN `K`/`k`): toward h1 on 8×8, toward b1 on the Big Outer board.
    Short,
    /// O-O-O (FEN `Q`/`q`).
    Long,
}

impl Wing {
    /// Both wings, short first.
    pub const BOTH: [Wing; 2] = [Wing::Short, Wing::Long];

    fn index(self) -> usize {
        match self {
            Wing::Short => 0,
            Wing::Long => 1,
        }
    }
}

/// The squares of one castling move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CastleSpec {
    /// King's start square.
    pub king_from: Square,
    /// King's destination.
    pub king_to: Square,
    /// Rook's start square.
    pub rook_from: Square,
    /// Rook's destination.
    pub rook_to: Square,
    /// Squares that must be empty (all squares strictly between King and Rook).
    pub empty: Vec<Square>,
    /// Squares that must not be attacked (the King's start and the squares it crosses and
    /// lands on; on the Big Outer board every square between King and Rook, ruling B-2).
    pub safe: Vec<Square>,
}

impl CastleSpec {
    /// The castling move these squares make: the King's move, with the Rook's squares.
    pub fn castle_move(&self) -> Move {
        Move {
            from: self.king_from,
            to: self.king_to,
            promotion: None,
            special: super::moves::Special::Castle {
                rook_from: self.rook_from,
                rook_to: self.rook_to,
            },
        }
    }
}

/// A position of any variant. Cheap to clone; no history (see
/// [`GameRecord`](super::record::GameRecord) for that).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Position {
    pub(crate) variant: Variant,
    pub(crate) board: Board,
    pub(crate) turn: Color,
    /// Bit `color * 2 + wing`.
    pub(crate) castling: u8,
    /// En passant records, indexed by the colour of the pawn that advanced. Alternating
    /// variants hold at most the one of the side not to move; Parity may hold both
    /// (`rules/parity.md §2.8`, ruling P-8).
    pub(crate) ep: [Option<EnPassant>; 2],
    pub(crate) halfmove: u32,
    pub(crate) fullmove: u32,
    /// Parity: the squares of each side's resting pieces (castling rests two).
    pub(crate) resting: [[Option<Square>; 2]; 2],
    pub(crate) options: GameOptions,
}

impl Position {
    /// The initial position of a variant.
    ///
    /// # Examples
    /// ```
    /// use esoterica::rules::{Position, Variant};
    /// let p = Position::new(Variant::Standard);
    /// assert_eq!(p.legal_moves().len(), 20);
    /// ```
    pub fn new(variant: Variant) -> Position {
        let text = variants::initial_text(variant);
        Position::from_text(variant, text)
            .expect("invariant: every variant's built-in initial position text is valid")
    }

    /// An empty position (no pieces, White to move, no rights) for setting up by hand.
    pub fn empty(variant: Variant) -> Position {
        Position {
            variant,
            board: Board::empty(variant.shape()),
            turn: Color::White,
            castling: 0,
            ep: [None; 2],
            halfmove: 0,
            fullmove: 1,
            resting: [[None; 2]; 2],
            options: GameOptions::default(),
        }
    }

    /// The variant.
    pub fn variant(&self) -> Variant {
        self.variant
    }

    /// The board shape.
    pub fn shape(&self) -> BoardShape {
        self.board.shape()
    }

    /// Piece placement.
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// Mutable piece placement, for setting up positions by hand (tests, editors). The
    /// caller keeps the position sensible; move generation never panics on odd set-ups.
    pub fn board_mut(&mut self) -> &mut Board {
        &mut self.board
    }

    /// The side to move (alternating variants). In Parity both sides move each turn and this
    /// is always White.
    pub fn turn(&self) -> Color {
        self.turn
    }

    /// Sets the side to move.
    pub fn set_turn(&mut self, side: Color) {
        self.turn = side;
    }

    /// The en passant record the side to move may capture: the enemy pawn's advance of two
    /// or more squares on the last move, when a legal capture of it exists. In Parity (where
    /// the side to move is always White) this is Black's record; see
    /// [`Position::en_passant_of`] for both.
    ///
    /// # Examples
    /// ```
    /// use esoterica::rules::{Position, Variant};
    /// let mut p = Position::from_text(Variant::Standard, "4k3/3p4/8/4P3/8/8/8/4K3 b - - 0 1").unwrap();
    /// p.play(&p.parse_move("d5").unwrap());
    /// let d6 = p.shape().parse_square("d6").unwrap();
    /// assert_eq!(p.en_passant().unwrap().squares().collect::<Vec<_>>(), [d6]);
    /// ```
    pub fn en_passant(&self) -> Option<&EnPassant> {
        self.ep[self.turn.other().index()].as_ref()
    }

    /// The en passant record of `side`'s pawn (the advance the other side may capture), if
    /// a legal capture of it exists. Only Parity holds a record for both sides at once, after
    /// a turn in which both made a capturable double step (`rules/parity.md §2.8`, ruling
    /// P-8).
    ///
    /// # Examples
    /// ```
    /// use esoterica::rules::{Color, Position, Variant};
    /// let p = Position::from_text(
    ///     Variant::Parity,
    ///     "4k3/8/8/2Pp4/4Pp2/8/8/4K3 w - e3,d6 0 2 e4/d5",
    /// )
    /// .unwrap();
    /// assert!(p.en_passant_of(Color::White).is_some());
    /// assert!(p.en_passant_of(Color::Black).is_some());
    /// ```
    pub fn en_passant_of(&self, side: Color) -> Option<&EnPassant> {
        self.ep[side.index()].as_ref()
    }

    /// Plies (Parity: turns) since the last pawn move or capture.
    pub fn halfmove_clock(&self) -> u32 {
        self.halfmove
    }

    /// Move number, starting at 1, incremented after Black's move (Parity: after each turn).
    pub fn fullmove_number(&self) -> u32 {
        self.fullmove
    }

    /// The game options.
    pub fn options(&self) -> GameOptions {
        self.options
    }

    /// Sets the game options (e.g. Force Field "classic check", ruling F-4). An en passant
    /// square whose capture the new options make illegal is dropped; one that only the new
    /// options would allow is not restored (set the options before the double step).
    pub fn set_options(&mut self, options: GameOptions) {
        self.options = options;
        variants::retain_legal_en_passant(self);
    }

    /// The bookkeeping after `mover`'s move in an alternating variant, the same in every
    /// variant: the halfmove clock restarts after a pawn move or a capture
    /// (`reset_clock`) and counts up otherwise, the move number grows after Black's move, and
    /// the other side is to move.
    #[inline]
    pub(crate) fn finish_move(&mut self, mover: Color, reset_clock: bool) {
        if reset_clock {
            self.halfmove = 0;
        } else {
            self.halfmove += 1;
        }
        if mover == Color::Black {
            self.fullmove += 1;
        }
        self.turn = mover.other();
    }

    /// The bookkeeping after a simultaneous turn: the halfmove clock (counted in turns)
    /// restarts after a pawn move or a successful capture, the move number grows, and White
    /// is "to move" again (`rules/parity.md §3.6`).
    pub(crate) fn finish_turn(&mut self, reset_clock: bool) {
        if reset_clock {
            self.halfmove = 0;
        } else {
            self.halfmove += 1;
        }
        self.fullmove += 1;
        self.turn = Color::White;
    }

    /// Whether `side` may still castle on `wing`.
    pub fn can_castle(&self, side: Color, wing: Wing) -> bool {
        self.castling & (1 << (side.index() * 2 + wing.index())) != 0
    }

    /// Grants or removes a castling right.
    pub fn set_castling(&mut self, side: Color, wing: Wing, allowed: bool) {
        let bit = 1 << (side.index() * 2 + wing.index());
        if allowed {
            self.castling |= bit;
        } else {
            self.castling &= !bit;
        }
    }

    /// Parity: the squares of `side`'s resting pieces (moved last turn; may not move now).
    pub fn resting(&self, side: Color) -> impl Iterator<Item = Square> + '_ {
        self.resting[side.index()].iter().flatten().copied()
    }

    /// The castling geometry of `side` on `wing` in this variant, if the variant castles.
    pub fn castle_spec(&self, side: Color, wing: Wing) -> Option<CastleSpec> {
        variants::castle_spec(self.variant, side, wing)
    }

    /// The legal moves of the side to move, in a stable order (generation order).
    /// For Parity, the legal commits of White (use [`Position::legal_commits`]).
    pub fn legal_moves(&self) -> Vec<Move> {
        let mut out = Vec::with_capacity(64);
        variants::legal_moves(self, &mut out);
        out
    }

    /// The legal moves that capture or promote, in [`Position::legal_moves`] order: the
    /// moves a quiescence search plays. A capture is of an enemy piece on the destination
    /// or en passant, and in Intrachange whatever the move's resolution captures (a teleport
    /// landing on a piece, the pawn exception; `rules/intrachange.md §3.3–§3.4`). Standard
    /// chess, Bully, Nonviolent and Intrachange generate only these; the other variants
    /// filter their legal moves.
    ///
    /// # Examples
    /// ```
    /// use esoterica::rules::{Position, Variant};
    /// // 1. e4 d5: exd5 is White's only capture.
    /// let p = Position::from_text(
    ///     Variant::Standard,
    ///     "rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2",
    /// )
    /// .unwrap();
    /// assert_eq!(p.legal_captures(), [p.parse_move("e4d5").unwrap()]);
    /// ```
    pub fn legal_captures(&self) -> Vec<Move> {
        let mut out = Vec::with_capacity(16);
        variants::legal_captures(self, &mut out);
        out
    }

    /// The legal moves of `side`: for Parity its legal commits; for alternating variants the
    /// legal moves if `side` is to move, else none.
    pub fn legal_commits(&self, side: Color) -> Vec<Move> {
        let mut out = Vec::with_capacity(64);
        variants::legal_commits(self, side, &mut out);
        out
    }

    /// Whether `mv` is legal for the side to move.
    pub fn is_legal(&self, mv: &Move) -> bool {
        self.legal_moves().contains(mv)
    }

    /// The judge's answer for a move of the side to move (Parity: a commit of
    /// [`Position::turn`]): the legal move it names, as the generator writes it (castling,
    /// en passant and promotion recognised from the squares), or why the rules refuse it.
    /// Whether the game is over is not the judge's concern (see [`Position::try_play`]).
    ///
    /// # Errors
    /// The [`Refusal`]: the variant and the typed [`Reason`].
    ///
    /// # Examples
    /// ```
    /// use esoterica::rules::{Move, Position, Reason, Variant};
    /// let p = Position::new(Variant::Standard);
    /// let sq = |n| p.shape().parse_square(n).unwrap();
    /// assert!(p.judge(&Move::new(sq("e2"), sq("e4"))).is_ok());
    /// let refusal = p.judge(&Move::new(sq("a1"), sq("a3"))).unwrap_err();
    /// assert!(matches!(refusal.reason, Reason::Blocked { .. }));
    /// assert_eq!(refusal.to_string(), "the Rook on a1 cannot reach a3: a2 is in the way");
    /// ```
    pub fn judge(&self, mv: &Move) -> Result<Move, Refusal> {
        self.judge_commit(self.turn, mv)
    }

    /// The judge's answer for a move (Parity: a commit) of `side`; for an alternating
    /// variant `side` is judged as if it were to move.
    ///
    /// # Errors
    /// The [`Refusal`].
    pub fn judge_commit(&self, side: Color, mv: &Move) -> Result<Move, Refusal> {
        variants::judge(self, side, mv).map_err(|reason| Refusal::new(self.variant, reason))
    }

    /// Plays a legal move and returns what happened, in rules order. The move is judged by
    /// its squares and promotion ([`Position::judge`]): castling and en passant need not be
    /// marked in [`Move::special`].
    ///
    /// # Errors
    /// [`IllegalMove`] with the [`Refusal`] when the move is not legal or the game is over;
    /// the position is untouched.
    pub fn try_play(&mut self, mv: &Move) -> Result<Vec<Effect>, IllegalMove> {
        self.try_play_judged(mv).map(|(_, effects)| effects)
    }

    /// [`Position::try_play`], returning the move as the judge wrote it too.
    pub(crate) fn try_play_judged(
        &mut self,
        mv: &Move,
    ) -> Result<(Move, Vec<Effect>), IllegalMove> {
        let refuse = |reason| IllegalMove {
            mv: mv.coordinate(self.shape()),
            refusal: Refusal::new(self.variant, reason),
        };
        if self.variant.turn_model() == TurnModel::Simultaneous {
            return Err(refuse(Reason::SimultaneousTurn));
        }
        if let Some(o) = self.outcome() {
            return Err(refuse(Reason::GameOver(o)));
        }
        let legal = variants::judge(self, self.turn, mv).map_err(refuse)?;
        let effects = variants::play(self, &legal);
        Ok((legal, effects))
    }

    /// Plays a move that must be legal.
    ///
    /// # Panics
    /// If the move is illegal (for tests and debugging; use [`Position::try_play`]).
    pub fn play(&mut self, mv: &Move) -> Vec<Effect> {
        match self.try_play(mv) {
            Ok(e) => e,
            Err(e) => panic!("{e}"),
        }
    }

    /// Plays a move from [`Position::legal_moves`] without checking it and without
    /// computing effects (search and perft hot path). An illegal move leaves a position that
    /// may break the variant's invariants, but never panics.
    pub fn play_unchecked(&mut self, mv: &Move) {
        variants::play_unchecked(self, mv);
    }

    /// Parity: resolves White's and Black's commits together.
    ///
    /// # Errors
    /// [`IllegalMove`] for the first commit that is not legal (position untouched), or when
    /// the variant is not simultaneous.
    pub fn resolve(&mut self, white: &Move, black: &Move) -> Result<Vec<Effect>, IllegalMove> {
        variants::resolve(self, white, black)
    }

    /// Parity: resolves commits this position's [`Position::legal_commits`] gave, without
    /// judging them again (the bots' hot path). For such commits the result is
    /// [`Position::resolve`]'s; a commit that is not legal is resolved as the rules'
    /// placement for it implies (as record mode does, ruling P-6), never a panic. Other
    /// variants: nothing happens and no effect is returned.
    pub fn resolve_legal(&mut self, white: &Move, black: &Move) -> Vec<Effect> {
        if self.variant.turn_model() != TurnModel::Simultaneous {
            return Vec::new();
        }
        variants::parity::resolve_legal(self, white, black)
    }

    /// The outcome if the game is over by the position alone (mate, stalemate, King capture,
    /// 50-move rule, insufficient material). Repetition needs the history: see
    /// [`GameRecord::outcome`](super::record::GameRecord::outcome).
    pub fn outcome(&self) -> Option<Outcome> {
        variants::outcome(self)
    }

    /// Whether `side`'s King is attacked (variant-aware: fields in Force Field).
    pub fn in_check(&self, side: Color) -> bool {
        variants::in_check(self, side)
    }

    /// The position text of this variant (FEN for 8×8 variants; see `notation`).
    pub fn to_text(&self) -> String {
        super::notation::fen::write(self)
    }

    /// Reads a position text of `variant`, strictly: a castling right whose King or Rook is
    /// not on its start square is an error (see [`Position::from_text_lenient`]). An en
    /// passant square onto which no legal capture exists is accepted and dropped.
    ///
    /// # Errors
    /// [`PositionError`](super::notation::fen::PositionError) naming the field and problem.
    pub fn from_text(
        variant: Variant,
        text: &str,
    ) -> Result<Position, super::notation::fen::PositionError> {
        super::notation::fen::read(variant, text)
    }

    /// Reads a position text of `variant` as other programs write it: a castling right whose
    /// King or Rook is not on its start square (or in a variant without castling) is dropped
    /// and reported, as python-chess and Stockfish do; [`Position::from_text`] refuses it.
    /// The warnings come in the order of the castling field; show them to the user (the CLI
    /// prints `warning: <warning>` on stderr).
    ///
    /// # Errors
    /// [`PositionError`](super::notation::fen::PositionError) as for
    /// [`Position::from_text`], except for the dropped rights.
    ///
    /// # Examples
    /// ```
    /// use esoterica::rules::{Color, Position, Variant, Wing};
    /// let (p, warnings) =
    ///     Position::from_text_lenient(Variant::Standard, "4k2r/8/8/8/8/8/8/4K3 w KQk - 0 1")
    ///         .unwrap();
    /// assert!(p.can_castle(Color::Black, Wing::Short));
    /// assert!(!p.can_castle(Color::White, Wing::Short));
    /// let text: Vec<String> = warnings.iter().map(|w| w.to_string()).collect();
    /// assert_eq!(
    ///     text,
    ///     [
    ///         "castling right K dropped: no White Rook on h1",
    ///         "castling right Q dropped: no White Rook on a1"
    ///     ]
    /// );
    /// ```
    pub fn from_text_lenient(
        variant: Variant,
        text: &str,
    ) -> Result<
        (Position, Vec<super::notation::fen::SetupWarning>),
        super::notation::fen::PositionError,
    > {
        super::notation::fen::read_with(variant, text, super::notation::fen::SetupMode::Lenient)
    }

    /// Reads a move in coordinate form (`e2e4`, `e7e8q`) or SAN (`Nf3`, `O-O`, `exd8=Q+`)
    /// and returns the legal move it names.
    ///
    /// # Errors
    /// [`MoveError::Syntax`] for unreadable text, [`MoveError::Illegal`] with the rule for a
    /// well-formed illegal move, [`MoveError::Ambiguous`] for an ambiguous SAN.
    pub fn parse_move(&self, text: &str) -> Result<Move, MoveError> {
        super::notation::san::parse_move(self, text)
    }

    /// A key equal for positions that are "the same" for repetition: placement, side to
    /// move, castling rights, en passant squares and resting pieces. Deterministic: the
    /// board's bit planes mixed word by word, then FNV-1a over that and the rest.
    pub fn repetition_key(&self) -> u64 {
        let mut h: u64 = 0xcbf2_9ce4_8422_2325;
        let mut eat = |b: u8| {
            h ^= b as u64;
            h = h.wrapping_mul(0x0100_0000_01b3);
        };
        // The placement, as the board's bit planes: a word at a time, each word mixed in
        // before the next (a multiply and a xor-shift) so that a bit in one plane cannot
        // cancel a bit in another.
        let mut placement: u64 = 0x9e37_79b9_7f4a_7c15;
        self.board.for_each_plane_word(|w| {
            placement = (placement ^ w).wrapping_mul(0xff51_afd7_ed55_8ccd);
            placement ^= placement >> 33;
        });
        for b in placement.to_le_bytes() {
            eat(b);
        }
        eat(0xff);
        eat(self.turn.index() as u8);
        eat(self.castling);
        for (side, ep) in self.ep.iter().enumerate() {
            if let Some(ep) = ep {
                eat(0xfc - side as u8);
                for s in ep.squares() {
                    eat(s.0);
                }
            }
        }
        eat(0xfe);
        for side in &self.resting {
            for s in side {
                eat(s.map_or(0xfd, |q| q.0));
            }
        }
        h
    }

    /// Whether the material left can never produce a mate (standard chess: K v K, K+minor v
    /// K, K+B v K+B with bishops on one colour; Big Outer: only K v K, ruling B-6).
    pub fn insufficient_material(&self) -> bool {
        variants::insufficient_material(self)
    }

    /// The kind of the piece `side` has on `sq`, if any.
    pub fn kind_at(&self, side: Color, sq: Square) -> Option<PieceKind> {
        self.board.kind(side, sq)
    }
}
