//! The methods of [`Position`] that ask the position's variant: its initial position, the
//! legal moves and captures, the judge, playing and resolving moves, the outcome, check,
//! the position text and move parsing. Each is a static call into the variant's rules
//! (through the dispatcher functions of this module's parent, `with_rules!`). They live
//! here, above the variants, so that `rules/position.rs` holds only the position's data and
//! bookkeeping, which the classic building blocks use without a path back to the variants.

use crate::rules::board::Board;
use crate::rules::moves::{Effect, Move};
use crate::rules::outcome::Outcome;
use crate::rules::piece::Color;
use crate::rules::position::{CastleSpec, GameOptions, IllegalMove, MoveError, Position, Wing};
use crate::rules::refusal::{Reason, Refusal};
use crate::rules::variant::{TurnModel, Variant};

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
        let text = super::initial_text(variant);
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

    /// Sets the game options (e.g. Force Field "classic check", ruling F-4). An en passant
    /// square whose capture the new options make illegal is dropped; one that only the new
    /// options would allow is not restored (set the options before the double step).
    pub fn set_options(&mut self, options: GameOptions) {
        self.options = options;
        super::retain_legal_en_passant(self);
    }

    /// The castling geometry of `side` on `wing` in this variant, if the variant castles.
    pub fn castle_spec(&self, side: Color, wing: Wing) -> Option<CastleSpec> {
        super::castle_spec(self.variant, side, wing)
    }

    /// The legal moves of the side to move, in a stable order (generation order).
    /// For Parity, the legal commits of White (use [`Position::legal_commits`]).
    pub fn legal_moves(&self) -> Vec<Move> {
        let mut out = Vec::with_capacity(64);
        super::legal_moves(self, &mut out);
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
        super::legal_captures(self, &mut out);
        out
    }

    /// The legal moves of `side`: for Parity its legal commits; for alternating variants the
    /// legal moves if `side` is to move, else none.
    pub fn legal_commits(&self, side: Color) -> Vec<Move> {
        let mut out = Vec::with_capacity(64);
        super::legal_commits(self, side, &mut out);
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
        super::judge(self, side, mv).map_err(|reason| Refusal::new(self.variant, reason))
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
        let legal = super::judge(self, self.turn, mv).map_err(refuse)?;
        let effects = super::play(self, &legal);
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
        super::play_unchecked(self, mv);
    }

    /// Parity: resolves White's and Black's commits together.
    ///
    /// # Errors
    /// [`IllegalMove`] for the first commit that is not legal (position untouched), or when
    /// the variant is not simultaneous.
    pub fn resolve(&mut self, white: &Move, black: &Move) -> Result<Vec<Effect>, IllegalMove> {
        super::resolve(self, white, black)
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
        super::parity::resolve_legal(self, white, black)
    }

    /// The outcome if the game is over by the position alone (mate, stalemate, King capture,
    /// 50-move rule, insufficient material). Repetition needs the history: see
    /// [`GameRecord::outcome`](crate::rules::record::GameRecord::outcome).
    pub fn outcome(&self) -> Option<Outcome> {
        super::outcome(self)
    }

    /// Whether `side`'s King is attacked (variant-aware: fields in Force Field).
    pub fn in_check(&self, side: Color) -> bool {
        super::in_check(self, side)
    }

    /// The position text of this variant (FEN for 8×8 variants; see `notation`).
    pub fn to_text(&self) -> String {
        crate::rules::notation::fen::write(self)
    }

    /// Reads a position text of `variant`, strictly: a castling right whose King or Rook is
    /// not on its start square is an error (see [`Position::from_text_lenient`]). An en
    /// passant square onto which no legal capture exists is accepted and dropped.
    ///
    /// # Errors
    /// [`PositionError`](crate::rules::notation::fen::PositionError) naming the field and problem.
    pub fn from_text(
        variant: Variant,
        text: &str,
    ) -> Result<Position, crate::rules::notation::fen::PositionError> {
        crate::rules::notation::fen::read(variant, text)
    }

    /// Reads a position text of `variant` as other programs write it: a castling right whose
    /// King or Rook is not on its start square (or in a variant without castling) is dropped
    /// and reported, as python-chess and Stockfish do; [`Position::from_text`] refuses it.
    /// The warnings come in the order of the castling field; show them to the user (the CLI
    /// prints `warning: <warning>` on stderr).
    ///
    /// # Errors
    /// [`PositionError`](crate::rules::notation::fen::PositionError) as for
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
        (Position, Vec<crate::rules::notation::fen::SetupWarning>),
        crate::rules::notation::fen::PositionError,
    > {
        crate::rules::notation::fen::read_with(
            variant,
            text,
            crate::rules::notation::fen::SetupMode::Lenient,
        )
    }

    /// Reads a move in coordinate form (`e2e4`, `e7e8q`) or SAN (`Nf3`, `O-O`, `exd8=Q+`)
    /// and returns the legal move it names.
    ///
    /// # Errors
    /// [`MoveError::Syntax`] for unreadable text, [`MoveError::Illegal`] with the rule for a
    /// well-formed illegal move, [`MoveError::Ambiguous`] for an ambiguous SAN.
    pub fn parse_move(&self, text: &str) -> Result<Move, MoveError> {
        crate::rules::notation::san::parse_move(self, text)
    }

    /// Whether the material left can never produce a mate (standard chess: K v K, K+minor v
    /// K, K+B v K+B with bishops on one colour; Big Outer: only K v K, ruling B-6).
    pub fn insufficient_material(&self) -> bool {
        super::insufficient_material(self)
    }
}
