//! The position: placement, side to move and the state every variant needs (castling rights,
//! en passant, counters, Parity's resting pieces). One type for all variants; the variant
//! decides how moves are generated and resolved (`variants/`).
//!
//! This file holds the position's data and the bookkeeping every variant shares; the
//! methods that ask the variant ([`Position::new`], [`Position::legal_moves`],
//! [`Position::try_play`], [`Position::outcome`], the position text, …) are defined with
//! the variants (`variants/position_rules.rs`), so that the classic building blocks, which
//! use this data, never depend on the variants.
//!
//! Turn model: alternating variants use [`Position::legal_moves`] and [`Position::try_play`];
//! Parity uses [`Position::legal_commits`] and [`Position::resolve`] (simultaneous moves).

use super::board::Board;
use super::geometry::{BoardShape, Square};
use super::moves::Move;
use super::piece::{Color, PieceKind};
use super::variant::Variant;

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

    /// The kind of the piece `side` has on `sq`, if any.
    pub fn kind_at(&self, side: Color, sq: Square) -> Option<PieceKind> {
        self.board.kind(side, sq)
    }
}
