//! Setting up a position by hand: the model behind the board editor. Pieces are placed and
//! removed one square at a time (on Parity's boards a White and a Black piece may share a
//! square, `rules/parity.md §2.2`), and the side to move, the castling rights, the en passant
//! squares, Parity's resting pieces (`rules/parity.md §2.1`) and the move counters are chosen
//! beside them. Nothing here refuses an odd set-up while it is being built;
//! [`PositionSetup::validate`] reads the finished position text with the rules core's strict
//! reader ([`fen::read`]) and returns its typed [`PositionError`].

use super::board::Board;
use super::geometry::Square;
use super::notation::fen::{self, PositionError, SetupMode, SetupWarning};
use super::piece::{Color, Piece, PieceKind};
use super::position::{Position, Wing};
use super::variant::{TurnModel, Variant};

/// A position being set up by hand (see the module docs). Holds what a position text holds;
/// it need not be legal until [`PositionSetup::validate`] is asked.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PositionSetup {
    /// Placement, side to move, castling rights, resting pieces and counters. Its own en
    /// passant records stay empty: the chosen squares are in `ep`.
    pos: Position,
    /// The chosen en passant squares: at most one per side whose pawn just advanced (in the
    /// alternating variants only the side not to move).
    ep: Vec<Square>,
}

/// The piece kinds `variant` has: those of its initial position and those a pawn may
/// promote to, King first and Pawn last (Big Outer: King, Queen, Matriarch, Rook, Guard,
/// Jumper, Bishop, outer Knight, Pawn, `rules/big-outer.md §1`).
///
/// # Examples
/// ```
/// use esoterica::rules::setup::palette;
/// use esoterica::rules::{PieceKind, Variant};
/// assert_eq!(palette(Variant::Standard).len(), 6);
/// assert!(palette(Variant::BigOuter).contains(&PieceKind::Guard));
/// ```
pub fn palette(variant: Variant) -> Vec<PieceKind> {
    let initial = Position::new(variant);
    std::iter::once(PieceKind::King)
        .chain(PieceKind::BY_VALUE)
        .filter(|&k| {
            variant.promotion_kinds().contains(&k)
                || initial.board().all_pieces().any(|(_, p)| p.kind == k)
        })
        .collect()
}

impl PositionSetup {
    /// The initial position of `variant`.
    pub fn new(variant: Variant) -> PositionSetup {
        PositionSetup::from_position(&Position::new(variant))
    }

    /// A copy of `pos` to edit (its en passant squares included).
    pub fn from_position(pos: &Position) -> PositionSetup {
        let ep = pos.ep.iter().flatten().flat_map(|e| e.squares()).collect();
        let mut pos = pos.clone();
        pos.ep = [None; 2];
        PositionSetup { pos, ep }
    }

    /// Reads a position text of `variant` (the format of [`fen`]) to edit. Castling rights
    /// the placement cannot have are dropped and reported, as other programs write them.
    ///
    /// # Errors
    /// The reader's [`PositionError`] (field and reason).
    pub fn from_text(
        variant: Variant,
        text: &str,
    ) -> Result<(PositionSetup, Vec<SetupWarning>), PositionError> {
        let (pos, warnings) = fen::read_with(variant, text, SetupMode::Lenient)?;
        Ok((PositionSetup::from_position(&pos), warnings))
    }

    /// The variant.
    pub fn variant(&self) -> Variant {
        self.pos.variant
    }

    /// The placement.
    pub fn board(&self) -> &Board {
        &self.pos.board
    }

    /// The side to move (Parity: always White, both sides move each turn).
    pub fn turn(&self) -> Color {
        self.pos.turn
    }

    /// Whether `side` keeps the right to castle on `wing`.
    pub fn can_castle(&self, side: Color, wing: Wing) -> bool {
        self.pos.can_castle(side, wing)
    }

    /// Whether the placement allows `side` to castle on `wing`: the variant castles and the
    /// King and the Rook stand on their start squares.
    pub fn castling_possible(&self, side: Color, wing: Wing) -> bool {
        self.pos.castle_spec(side, wing).is_some_and(|spec| {
            self.pos.board.kind(side, spec.king_from) == Some(PieceKind::King)
                && self.pos.board.kind(side, spec.rook_from) == Some(PieceKind::Rook)
        })
    }

    /// The chosen en passant squares.
    pub fn en_passant(&self) -> &[Square] {
        &self.ep
    }

    /// Parity: the squares of `side`'s resting pieces.
    pub fn resting(&self, side: Color) -> Vec<Square> {
        self.pos.resting(side).collect()
    }

    /// The halfmove clock and the fullmove number.
    pub fn counters(&self) -> (u32, u32) {
        (self.pos.halfmove, self.pos.fullmove)
    }

    /// Removes every piece, right, en passant square and resting piece; White to move, move 1.
    pub fn clear(&mut self) {
        let options = self.pos.options;
        self.pos = Position::empty(self.pos.variant);
        self.pos.options = options;
        self.ep.clear();
    }

    /// Back to the variant's initial position.
    pub fn reset(&mut self) {
        let options = self.pos.options;
        *self = PositionSetup::new(self.pos.variant);
        self.pos.options = options;
    }

    /// Puts `piece` on `square`, replacing a piece of its side there. Where squares are not
    /// shared (every variant but Parity), a piece of the other side there is removed too.
    /// A resting piece replaced by another stops resting.
    pub fn put(&mut self, square: Square, piece: Piece) {
        if !self.pos.variant.has_resting_pieces() {
            self.pos.board.remove(piece.color.other(), square);
            self.unrest(piece.color.other(), square);
        }
        if self.pos.board.put(square, piece).is_some() {
            self.unrest(piece.color, square);
        }
        self.ep.retain(|&s| s != square);
    }

    /// Removes every piece on `square` (both on a shared square) and returns them, White's
    /// first.
    pub fn remove(&mut self, square: Square) -> Vec<Piece> {
        Color::BOTH
            .into_iter()
            .filter_map(|c| self.remove_piece(square, c))
            .collect()
    }

    /// Removes `color`'s piece from `square`, if there is one.
    pub fn remove_piece(&mut self, square: Square, color: Color) -> Option<Piece> {
        let kind = self.pos.board.remove(color, square)?;
        self.unrest(color, square);
        Some(Piece::new(color, kind))
    }

    /// Moves `color`'s piece from `from` to `to` (as [`PositionSetup::put`] there); a resting
    /// piece keeps resting. Returns whether a piece moved.
    pub fn move_piece(&mut self, from: Square, color: Color, to: Square) -> bool {
        if from == to {
            return false;
        }
        let was_resting = self.resting(color).contains(&from);
        let Some(piece) = self.remove_piece(from, color) else {
            return false;
        };
        self.put(to, piece);
        if was_resting {
            self.toggle_resting(to, color);
        }
        true
    }

    /// Sets the side to move. Parity has no side to move (both move each turn) and stays at
    /// White. En passant squares of the side now to move are dropped.
    pub fn set_turn(&mut self, side: Color) {
        if self.pos.variant.turn_model() == TurnModel::Simultaneous {
            return;
        }
        let before = self.pos.turn;
        self.pos.turn = side;
        if before != side {
            self.ep.clear();
        }
    }

    /// Grants or removes a castling right (whether it fits the placement is checked by
    /// [`PositionSetup::validate`]).
    pub fn set_castling(&mut self, side: Color, wing: Wing, allowed: bool) {
        self.pos.set_castling(side, wing, allowed);
    }

    /// Chooses the en passant square of `passer` (the side whose pawn just advanced), or
    /// none. In the alternating variants only the side not to move has one.
    pub fn set_en_passant(&mut self, passer: Color, square: Option<Square>) {
        let pos = &self.pos;
        self.ep.retain(|&s| passer_of(pos, s) != passer);
        if let Some(s) = square
            && passer_of(pos, s) == passer
        {
            self.ep.push(s);
        }
        self.ep.sort_by_key(|&s| passer_of(pos, s).index());
    }

    /// The en passant square chosen for `passer`, if any.
    pub fn en_passant_of(&self, passer: Color) -> Option<Square> {
        self.ep
            .iter()
            .copied()
            .find(|&s| passer_of(&self.pos, s) == passer)
    }

    /// The sides whose pawn may just have advanced: the side not to move, or both in Parity.
    pub fn passers(&self) -> Vec<Color> {
        match self.pos.variant.turn_model() {
            TurnModel::Alternating => vec![self.pos.turn.other()],
            TurnModel::Simultaneous => Color::BOTH.to_vec(),
        }
    }

    /// The squares `passer`'s pawn may just have passed so that an en passant capture onto
    /// them is legal now, in square order: each is tried with the rules core's reader.
    /// Empty in a variant without en passant.
    pub fn en_passant_candidates(&self, passer: Color) -> Vec<Square> {
        if !self.pos.variant.has_en_passant() {
            return Vec::new();
        }
        let shape = self.pos.shape();
        let mut trial = self.clone();
        shape
            .squares()
            .filter(|&s| {
                // A passed square lies 1..=max_passed ranks beyond the pawns' start rank.
                let start = match passer {
                    Color::White => 1,
                    Color::Black => shape.ranks() - 2,
                };
                let beyond = (shape.rank(s) - start) * passer.forward();
                self.pos.board.is_empty(s)
                    && passer_of(&self.pos, s) == passer
                    && (1..=crate::rules::classic::max_passed(shape)).contains(&beyond)
            })
            .filter(|&s| {
                trial.set_en_passant(passer, Some(s));
                trial
                    .validate()
                    .is_ok_and(|p| p.en_passant_of(passer).is_some())
            })
            .collect()
    }

    /// Parity: makes `color`'s piece on `square` rest, or stop resting. A side has at most
    /// two resting pieces (castling rests two, `rules/parity.md §2.7`). Returns whether
    /// anything changed: no piece of `color` there, a third resting piece or a variant
    /// without resting pieces changes nothing.
    pub fn toggle_resting(&mut self, square: Square, color: Color) -> bool {
        if !self.pos.variant.has_resting_pieces() {
            return false;
        }
        if self.resting(color).contains(&square) {
            self.unrest(color, square);
            return true;
        }
        let slots = &mut self.pos.resting[color.index()];
        if !self.pos.board.has(color, square) {
            return false;
        }
        match slots.iter_mut().find(|s| s.is_none()) {
            Some(slot) => {
                *slot = Some(square);
                true
            }
            None => false,
        }
    }

    /// `color`'s piece on `square` (gone or replaced) no longer rests.
    fn unrest(&mut self, color: Color, square: Square) {
        let slots = &mut self.pos.resting[color.index()];
        for slot in slots.iter_mut() {
            if *slot == Some(square) {
                *slot = None;
            }
        }
        slots.sort_by_key(Option::is_none);
    }

    /// Sets the halfmove clock and the fullmove number (at least 1).
    pub fn set_counters(&mut self, halfmove: u32, fullmove: u32) {
        self.pos.halfmove = halfmove;
        self.pos.fullmove = fullmove.max(1);
    }

    /// The position text (the format of [`fen`]), whether or not it is legal.
    pub fn text(&self) -> String {
        let text = fen::write(&self.pos);
        if self.ep.is_empty() {
            return text;
        }
        // The en passant field follows the placement, the variant's board fields, the side
        // to move and the castling rights.
        let at = 3 + self.pos.variant.rules().board_fields();
        let names: Vec<String> = self.ep.iter().map(|&s| self.pos.shape().name(s)).collect();
        let mut fields: Vec<String> = text.split(' ').map(str::to_string).collect();
        if let Some(f) = fields.get_mut(at) {
            *f = names.join(",");
        }
        fields.join(" ")
    }

    /// The position, checked by the rules core: [`PositionSetup::text`] read strictly. An
    /// en passant square onto which no capture is legal is dropped (see
    /// [`PositionSetup::en_passant_candidates`]).
    ///
    /// # Errors
    /// The reader's [`PositionError`]: the field (`placement`, `castling`, `en passant`,
    /// `resting`, `position`) and what is wrong, e.g. a side without its King, a pawn on
    /// its last rank, a castling right without its Rook, the side not to move in check.
    ///
    /// # Examples
    /// ```
    /// use esoterica::rules::setup::PositionSetup;
    /// use esoterica::rules::{Color, Piece, PieceKind, Variant};
    /// let mut setup = PositionSetup::new(Variant::Standard);
    /// let e1 = setup.board().king(Color::White).unwrap();
    /// setup.remove(e1);
    /// assert_eq!(setup.validate().unwrap_err().field, "castling");
    /// setup.put(e1, Piece::new(Color::White, PieceKind::King));
    /// assert!(setup.validate().is_ok());
    /// ```
    pub fn validate(&self) -> Result<Position, PositionError> {
        fen::read(self.pos.variant, &self.text())
    }
}

/// Which side's pawn passed `square`: in the alternating variants the side not to move
/// (`turn`'s opponent); in Parity the side whose half of the board it lies in, ranks 1–4 on
/// the 8×8 board being White's (the reader's rule, `rules/parity.md` ruling P-8).
fn passer_of(pos: &Position, square: Square) -> Color {
    let shape = pos.shape();
    match pos.variant.turn_model() {
        TurnModel::Alternating => pos.turn.other(),
        TurnModel::Simultaneous if shape.rank(square) < shape.ranks() / 2 => Color::White,
        TurnModel::Simultaneous => Color::Black,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Outcome;

    fn sq(setup: &PositionSetup, name: &str) -> Square {
        setup.board().shape().parse_square(name).unwrap()
    }

    fn piece(c: char) -> Piece {
        let kind = PieceKind::from_letter(c, false).unwrap();
        let color = if c.is_ascii_uppercase() {
            Color::White
        } else {
            Color::Black
        };
        Piece::new(color, kind)
    }

    #[test]
    fn every_variant_starts_from_its_initial_position_and_validates() {
        for v in Variant::ALL {
            let setup = PositionSetup::new(v);
            assert_eq!(setup.validate().unwrap(), Position::new(v), "{v}");
            assert_eq!(setup.text(), Position::new(v).to_text(), "{v}");
        }
    }

    #[test]
    fn a_cleared_board_needs_its_kings_in_every_variant_where_kings_cannot_be_taken() {
        for v in Variant::ALL {
            let mut setup = PositionSetup::new(v);
            setup.clear();
            assert!(setup.board().is_board_empty(), "{v}");
            let result = setup.validate();
            if v.kings_can_be_captured() {
                // Intrachange and Parity allow a position without Kings (a finished game).
                assert!(result.is_ok(), "{v}: {result:?}");
            } else {
                let e = result.unwrap_err();
                assert_eq!(e.field, "position", "{v}");
                assert!(e.reason.contains("exactly one King"), "{v}: {e}");
            }
        }
    }

    #[test]
    fn kings_placed_on_a_cleared_board_make_a_legal_position_in_every_variant() {
        for v in Variant::ALL {
            let mut setup = PositionSetup::new(v);
            let (wk, bk) = (
                setup.board().king(Color::White).unwrap(),
                setup.board().king(Color::Black).unwrap(),
            );
            setup.clear();
            setup.put(wk, Piece::new(Color::White, PieceKind::King));
            setup.put(bk, Piece::new(Color::Black, PieceKind::King));
            let pos = setup.validate().unwrap_or_else(|e| panic!("{v}: {e}"));
            assert_eq!(pos.board().piece_count(), 2, "{v}");
            assert!(
                !pos.legal_commits(Color::White).is_empty(),
                "{v}: the King can move"
            );
        }
    }

    #[test]
    fn a_pawn_on_its_last_rank_is_refused_naming_the_square() {
        let mut setup = PositionSetup::new(Variant::Standard);
        setup.remove(sq(&setup, "d8"));
        setup.put(sq(&setup, "d8"), piece('P'));
        let e = setup.validate().unwrap_err();
        assert_eq!(e.field, "placement");
        assert_eq!(e.reason, "a white pawn cannot stand on d8");
        // Intrachange's pawns return home (ruling I-8): its own first rank is allowed.
        let mut intra = PositionSetup::new(Variant::Intrachange);
        intra.put(sq(&intra, "a1"), piece('P'));
        assert!(intra.validate().is_ok(), "a pawn on its own first rank");
    }

    #[test]
    fn the_side_not_to_move_in_check_is_refused_until_the_turn_changes() {
        let (mut setup, _) =
            PositionSetup::from_text(Variant::Standard, "4k3/8/8/8/8/8/8/4K2R w - - 0 1").unwrap();
        setup.move_piece(sq(&setup, "h1"), Color::White, sq(&setup, "h8"));
        let e = setup.validate().unwrap_err();
        assert_eq!(e.field, "position");
        assert_eq!(e.reason, "Black is in check but it is White's move");
        setup.set_turn(Color::Black);
        let pos = setup.validate().unwrap();
        assert_eq!(pos.turn(), Color::Black);
        assert_eq!(
            pos.legal_moves().len(),
            3,
            "Kd7, Ke7 and Kf7 get out of check"
        );
    }

    #[test]
    fn castling_rights_need_their_king_and_rook_at_home() {
        let mut setup = PositionSetup::new(Variant::Standard);
        assert!(setup.castling_possible(Color::White, Wing::Short));
        setup.remove(sq(&setup, "h1"));
        assert!(!setup.castling_possible(Color::White, Wing::Short));
        let e = setup.validate().unwrap_err();
        assert_eq!(e.field, "castling");
        assert_eq!(
            e.reason,
            "right 'K' needs White's King on e1 and Rook on h1"
        );
        setup.set_castling(Color::White, Wing::Short, false);
        let pos = setup.validate().unwrap();
        assert!(!pos.can_castle(Color::White, Wing::Short));
        assert!(pos.can_castle(Color::White, Wing::Long));
        // Intrachange has no castling at all (rules/intrachange.md §3.1).
        let intra = PositionSetup::new(Variant::Intrachange);
        assert!(!intra.castling_possible(Color::White, Wing::Short));
        // Big Outer castles short toward b1 (rules/big-outer.md).
        let big = PositionSetup::new(Variant::BigOuter);
        for side in Color::BOTH {
            for wing in Wing::BOTH {
                assert_eq!(
                    big.castling_possible(side, wing),
                    big.can_castle(side, wing),
                    "{side} {wing:?}"
                );
            }
        }
    }

    #[test]
    fn en_passant_candidates_are_the_squares_a_capture_is_legal_onto() {
        let (mut setup, _) =
            PositionSetup::from_text(Variant::Standard, "4k3/8/8/3pP3/8/8/8/4K3 w - - 0 2")
                .unwrap();
        let d6 = sq(&setup, "d6");
        assert_eq!(setup.passers(), [Color::Black]);
        assert_eq!(setup.en_passant_candidates(Color::Black), [d6]);
        setup.set_en_passant(Color::Black, Some(d6));
        assert_eq!(setup.text(), "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2");
        let pos = setup.validate().unwrap();
        assert!(
            pos.legal_moves()
                .iter()
                .any(|m| pos.shape().name(m.to) == "d6")
        );
        // Black to move: no capture onto d6 exists, and the square is dropped.
        setup.set_turn(Color::Black);
        assert_eq!(setup.en_passant(), &[] as &[Square]);
        assert!(setup.en_passant_candidates(Color::White).is_empty());
        // Nonviolent has en passant squares recorded but no capture at all.
        let (nv, _) =
            PositionSetup::from_text(Variant::Nonviolent, "4k3/8/8/3pP3/8/8/8/4K3 w - - 0 2")
                .unwrap();
        assert!(nv.en_passant_candidates(Color::Black).is_empty());
    }

    #[test]
    fn parity_shares_squares_rests_pieces_and_has_en_passant_for_both_sides() {
        let mut setup = PositionSetup::new(Variant::Parity);
        let e4 = sq(&setup, "e4");
        setup.move_piece(sq(&setup, "e2"), Color::White, e4);
        setup.move_piece(sq(&setup, "e7"), Color::Black, e4);
        assert!(
            setup.board().is_shared(e4),
            "Parity keeps both pieces on e4"
        );
        assert!(setup.toggle_resting(e4, Color::White));
        assert!(setup.toggle_resting(e4, Color::Black));
        setup.set_counters(0, 2);
        assert_eq!(
            setup.text(),
            "rnbqkbnr/pppp1ppp/8/8/4[Pp]3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2 e4/e4"
        );
        let pos = setup.validate().unwrap();
        assert_eq!(pos.resting(Color::White).collect::<Vec<_>>(), [e4]);
        // A third resting piece is refused, and so is a square without the side's piece.
        let d2 = sq(&setup, "d2");
        assert!(setup.toggle_resting(d2, Color::White));
        assert!(!setup.toggle_resting(sq(&setup, "c2"), Color::White));
        assert!(!setup.toggle_resting(sq(&setup, "e5"), Color::White));
        assert!(setup.toggle_resting(d2, Color::White), "toggled off again");
        // Outside Parity a piece put on an enemy piece replaces it.
        let mut std = PositionSetup::new(Variant::Standard);
        let e7 = sq(&std, "e7");
        std.put(e7, piece('Q'));
        assert_eq!(std.board().pieces_on(e7), (Some(PieceKind::Queen), None));
        assert!(!std.toggle_resting(e7, Color::White));
        // Parity's en passant: each side's pawn may have just advanced (ruling P-8).
        let (both, _) =
            PositionSetup::from_text(Variant::Parity, "4k3/8/8/2Pp4/4Pp2/8/8/4K3 w - - 0 2 e4/d5")
                .unwrap();
        assert_eq!(both.passers(), Color::BOTH);
        let e3 = sq(&both, "e3");
        let d6 = sq(&both, "d6");
        assert_eq!(both.en_passant_candidates(Color::White), [e3]);
        assert_eq!(both.en_passant_candidates(Color::Black), [d6]);
        let mut both = both;
        both.set_en_passant(Color::Black, Some(d6));
        both.set_en_passant(Color::White, Some(e3));
        assert_eq!(both.text(), "4k3/8/8/2Pp4/4Pp2/8/8/4K3 w - e3,d6 0 2 e4/d5");
        let pos = both.validate().unwrap();
        assert!(pos.en_passant_of(Color::White).is_some());
        assert!(pos.en_passant_of(Color::Black).is_some());
    }

    #[test]
    fn single_occupation_allows_shared_squares_too() {
        let mut setup = PositionSetup::new(Variant::ParitySingle);
        let d4 = sq(&setup, "d4");
        setup.put(d4, piece('N'));
        setup.put(d4, piece('n'));
        assert!(setup.board().is_shared(d4));
        assert!(setup.validate().is_ok());
        assert_eq!(setup.remove(d4).len(), 2);
    }

    #[test]
    fn big_outer_corners_take_pieces_and_the_palette_has_its_fairy_kinds() {
        let mut setup = PositionSetup::new(Variant::BigOuter);
        let c3 = sq(&setup, "C3");
        assert_eq!(
            setup.remove(c3).len(),
            1,
            "a Black outer Knight starts on C3"
        );
        setup.put(c3, Piece::new(Color::White, PieceKind::Guard));
        let pos = setup.validate().unwrap();
        assert_eq!(pos.board().kind(Color::White, c3), Some(PieceKind::Guard));
        // A pawn may not stand on a corner.
        setup.put(c3, Piece::new(Color::White, PieceKind::Pawn));
        let e = setup.validate().unwrap_err();
        assert_eq!(
            (e.field, e.reason.as_str()),
            ("placement", "a white pawn cannot stand on C3")
        );
        assert_eq!(
            palette(Variant::BigOuter),
            [
                PieceKind::King,
                PieceKind::Queen,
                PieceKind::Matriarch,
                PieceKind::Rook,
                PieceKind::Guard,
                PieceKind::Jumper,
                PieceKind::Bishop,
                PieceKind::OuterKnight,
                PieceKind::Pawn,
            ]
        );
        assert_eq!(
            palette(Variant::Standard),
            [
                PieceKind::King,
                PieceKind::Queen,
                PieceKind::Rook,
                PieceKind::Bishop,
                PieceKind::Knight,
                PieceKind::Pawn,
            ]
        );
    }

    #[test]
    fn a_finished_position_validates_and_reports_its_outcome() {
        let (setup, _) = PositionSetup::from_text(
            Variant::Standard,
            "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3",
        )
        .unwrap();
        let pos = setup.validate().unwrap();
        assert!(matches!(pos.outcome(), Some(Outcome::Win { .. })));
    }

    #[test]
    fn text_from_another_program_drops_impossible_rights_with_a_warning() {
        let (setup, warnings) =
            PositionSetup::from_text(Variant::Standard, "4k3/8/8/8/8/8/8/4K3 w KQkq - 0 1")
                .unwrap();
        assert_eq!(warnings.len(), 4);
        assert_eq!(setup.text(), "4k3/8/8/8/8/8/8/4K3 w - - 0 1");
        let e = PositionSetup::from_text(Variant::Standard, "4k3/8/8 w - - 0 1").unwrap_err();
        assert_eq!(e.field, "placement");
    }
}
