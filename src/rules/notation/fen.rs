//! Position text: FEN for 8×8 variants, and FEN-like records for the others.
//!
//! Fields, separated by single spaces:
//! 1. placement, top rank first, ranks separated by `/`; runs of empty squares as decimal
//!    numbers (`12` on the Big Outer board); a Parity shared square as `[Nb]` (White's
//!    letter, then Black's);
//! 2. Big Outer only: the corner field, four characters for C1 C2 C3 C4, a piece letter or
//!    `-` (initial: `NNnn`);
//! 3. side to move `w`/`b`; 4. castling `KQkq` or `-` (`K` = short, O-O); 5. en passant: `-`
//!    or the passed squares joined by `,` (one square in standard chess; on the Big Outer
//!    board the squares of one advance; in Parity one square per side whose pawn made a
//!    double step, White's first: `e3,d6`);
//! 6. halfmove clock; 7. fullmove number (6 and 7 may be omitted: `0 1`);
//! 8. Parity only: resting pieces as `WHITE/BLACK`, each `-` or squares joined by `,`
//!    (e.g. `e4/e5`, `g1,f1/-`).

use std::fmt;

use crate::rules::board::Board;
use crate::rules::geometry::{BoardShape, Square};
use crate::rules::piece::{Color, Piece, PieceKind};
use crate::rules::position::{EnPassant, Position, Wing};
use crate::rules::variant::{TurnModel, Variant};

/// Why a position text could not be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PositionError {
    /// Which field (`placement`, `side`, `castling`, …) or `position` for whole-position
    /// checks.
    pub field: &'static str,
    /// What is wrong.
    pub reason: String,
}

impl fmt::Display for PositionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "bad position text ({}): {}", self.field, self.reason)
    }
}

impl std::error::Error for PositionError {}

impl PositionError {
    /// An error in `field` (for the variants' position-text extensions).
    pub(crate) fn new(field: &'static str, reason: impl Into<String>) -> PositionError {
        PositionError {
            field,
            reason: reason.into(),
        }
    }
}

fn err(field: &'static str, reason: impl Into<String>) -> PositionError {
    PositionError::new(field, reason)
}

/// The longest position text accepted (bytes); longer input is rejected before parsing.
pub const MAX_POSITION_TEXT: usize = 1024;

/// How [`read_with`] treats a castling right that the placement cannot have (its King or
/// Rook is not on its start square, or the variant has no castling) and an en passant
/// record whose passed square is occupied. Modelled on shakmaty's set-up validation, where
/// such fields are an error unless the caller asks to ignore them.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum SetupMode {
    /// Refuse the text: a [`PositionError`] in the `castling` or `en passant` field.
    #[default]
    Strict,
    /// Drop the right or the en passant record and report a [`SetupWarning`], as
    /// python-chess and Stockfish do with such FENs (public perft suites and other programs
    /// write them).
    Lenient,
}

/// What a [`SetupMode::Lenient`] read repaired in a position text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SetupWarning {
    /// A castling right whose King or Rook is not on its start square was dropped (for the
    /// Big Outer board, the start squares of `rules/big-outer.md`).
    CastlingRightDropped {
        /// The right as written: `K`, `Q`, `k` or `q`.
        right: char,
        /// Whose right it was.
        side: Color,
        /// Which wing.
        wing: Wing,
        /// The piece missing from its start square (the King when both are missing).
        missing: PieceKind,
        /// That start square.
        square: Square,
        /// Its name (`h1`; `b1` for White's short Rook on the Big Outer board).
        square_name: String,
    },
    /// A castling right in a variant without castling (Intrachange) was dropped.
    NoCastling {
        /// The right as written.
        right: char,
        /// The variant.
        variant: Variant,
    },
    /// An en passant record whose passed square is occupied (a pawn cannot have just
    /// passed over a piece) was dropped: the position has no en passant capture for that
    /// pawn. In Parity only the record of the side whose square it is (ranks 1–4: White's,
    /// ruling P-8) is dropped.
    EnPassantSquareOccupied {
        /// The occupied square, as [`Square`] (index `rank * files + file`, a1 = 0).
        square: Square,
        /// Its name (`e6`).
        square_name: String,
        /// The piece on it.
        piece: Piece,
    },
}

impl fmt::Display for SetupWarning {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SetupWarning::CastlingRightDropped {
                right,
                side,
                missing,
                square_name,
                ..
            } => write!(
                f,
                "castling right {right} dropped: no {side} {} on {square_name}",
                missing.name()
            ),
            SetupWarning::NoCastling { right, variant } => {
                write!(
                    f,
                    "castling right {right} dropped: {variant} has no castling"
                )
            }
            SetupWarning::EnPassantSquareOccupied {
                square_name, piece, ..
            } => write!(
                f,
                "en passant square {square_name} dropped: a {} {} stands on it",
                piece.color,
                piece.kind.name()
            ),
        }
    }
}

/// Reads a position text of `variant` (see the module docs for the format), strictly: a
/// castling right the placement cannot have is an error ([`read_with`] can drop it instead).
/// An en passant square onto which no legal capture exists is accepted and dropped.
///
/// # Errors
/// [`PositionError`] naming the field: wrong field count, unknown piece letters, ranks of the
/// wrong length, bad side/castling/en passant/counter fields, a King count the variant does
/// not allow, pawns on a rank where they cannot stand, the side not to move in check.
///
/// # Examples
/// ```
/// use esoterica::rules::Variant;
/// use esoterica::rules::notation::fen;
/// let p = fen::read(Variant::Standard, "4k3/8/8/8/8/8/8/4K3 w - - 0 1").unwrap();
/// assert_eq!(fen::write(&p), "4k3/8/8/8/8/8/8/4K3 w - - 0 1");
/// let e = fen::read(Variant::Standard, "4k3/8/8/8/8/8/8/4K3 w K - 0 1").unwrap_err();
/// assert_eq!(e.field, "castling");
/// ```
pub fn read(variant: Variant, text: &str) -> Result<Position, PositionError> {
    read_with(variant, text, SetupMode::Strict).map(|(pos, _)| pos)
}

/// Reads a position text of `variant` as [`read`] does, treating impossible castling rights
/// and en passant squares that are occupied as `mode` says; returns the position and what
/// was repaired (always empty when strict): castling warnings in the order of the castling
/// field, then en passant ones.
///
/// # Errors
/// As [`read`]; in [`SetupMode::Lenient`] an impossible castling right and an en passant
/// record naming an occupied square are no error (a malformed castling or en passant field
/// still is: an unknown letter, a right written twice, a square that does not exist, no
/// pawn in front of the square).
///
/// # Examples
/// ```
/// use esoterica::rules::Variant;
/// use esoterica::rules::notation::fen::{self, SetupMode};
/// let (p, warnings) =
///     fen::read_with(Variant::Standard, "4k3/8/8/8/8/8/8/4K3 w K - 0 1", SetupMode::Lenient)
///         .unwrap();
/// assert_eq!(fen::write(&p), "4k3/8/8/8/8/8/8/4K3 w - - 0 1");
/// assert_eq!(warnings[0].to_string(), "castling right K dropped: no White Rook on h1");
/// ```
pub fn read_with(
    variant: Variant,
    text: &str,
    mode: SetupMode,
) -> Result<(Position, Vec<SetupWarning>), PositionError> {
    if text.len() > MAX_POSITION_TEXT {
        return Err(err(
            "position",
            format!(
                "text is {} bytes, more than {MAX_POSITION_TEXT}",
                text.len()
            ),
        ));
    }
    let shape = variant.shape();
    let rules = variant.rules();
    let fields: Vec<&str> = text.split_whitespace().collect();
    let extra = rules.board_fields();
    let fixed = 4 + extra;
    let max = fixed + 2 + usize::from(rules.has_trailing_field());
    if fields.len() < fixed || fields.len() > max {
        return Err(err(
            "position",
            format!(
                "expected {fixed} to {max} space-separated fields for {variant}, found {}",
                fields.len()
            ),
        ));
    }
    let mut pos = Position::empty(variant);
    read_placement(&mut pos.board, shape, fields[0])?;
    rules.read_board_fields(&mut pos.board, &fields[1..1 + extra])?;
    let i = 1 + extra;
    pos.turn = match fields[i] {
        "w" => Color::White,
        "b" => Color::Black,
        other => return Err(err("side", format!("'{other}' must be w or b"))),
    };
    let mut warnings = read_castling(&mut pos, fields[i + 1], mode)?;
    let ep = fields[i + 2];
    if ep != "-" {
        read_en_passant(&mut pos, ep, mode, &mut warnings)?;
    }
    let mut rest = fields[i + 3..].iter();
    let mut counter = |name: &'static str, default: u32| -> Result<u32, PositionError> {
        match rest.next() {
            None => Ok(default),
            Some(t) => t
                .parse::<u32>()
                .map_err(|_| err(name, format!("'{t}' is not a number"))),
        }
    };
    // With the optional trailing field, the counters are mandatory when it is present.
    let has_trailing = rules.has_trailing_field() && fields.len() == max;
    pos.halfmove = counter("halfmove clock", 0)?;
    pos.fullmove = counter("fullmove number", 1)?;
    if pos.fullmove == 0 {
        return Err(err("fullmove number", "must be at least 1"));
    }
    if has_trailing {
        rules.read_trailing_field(&mut pos, fields[max - 1])?;
    }
    validate(&pos)?;
    // An en passant square whose capture is not legal is accepted and dropped.
    crate::rules::variants::retain_legal_en_passant(&mut pos);
    Ok((pos, warnings))
}

/// Reads the castling field into `pos` (placement read already): each right must have its
/// King and Rook on their start squares, and the variant must castle; `mode` says whether
/// an impossible right is an error or dropped with a warning.
fn read_castling(
    pos: &mut Position,
    castling: &str,
    mode: SetupMode,
) -> Result<Vec<SetupWarning>, PositionError> {
    let variant = pos.variant;
    let shape = pos.shape();
    let mut warnings = Vec::new();
    if castling == "-" {
        return Ok(warnings);
    }
    for c in castling.chars() {
        let (side, wing) = match c {
            'K' => (Color::White, Wing::Short),
            'Q' => (Color::White, Wing::Long),
            'k' => (Color::Black, Wing::Short),
            'q' => (Color::Black, Wing::Long),
            other => {
                return Err(err(
                    "castling",
                    format!("'{other}' is not one of K Q k q -"),
                ));
            }
        };
        if pos.can_castle(side, wing) || castling.chars().filter(|&d| d == c).count() > 1 {
            return Err(err("castling", format!("'{c}' appears twice")));
        }
        let Some(spec) = pos.castle_spec(side, wing) else {
            match mode {
                SetupMode::Strict => {
                    return Err(err("castling", format!("{variant} has no castling")));
                }
                SetupMode::Lenient => {
                    warnings.push(SetupWarning::NoCastling { right: c, variant });
                    continue;
                }
            }
        };
        let missing = if pos.board.kind(side, spec.king_from) != Some(PieceKind::King) {
            Some((PieceKind::King, spec.king_from))
        } else if pos.board.kind(side, spec.rook_from) != Some(PieceKind::Rook) {
            Some((PieceKind::Rook, spec.rook_from))
        } else {
            None
        };
        match (missing, mode) {
            (None, _) => pos.set_castling(side, wing, true),
            (Some(_), SetupMode::Strict) => {
                return Err(err(
                    "castling",
                    format!(
                        "right '{c}' needs {side}'s King on {} and Rook on {}",
                        shape.name(spec.king_from),
                        shape.name(spec.rook_from)
                    ),
                ));
            }
            (Some((kind, square)), SetupMode::Lenient) => {
                warnings.push(SetupWarning::CastlingRightDropped {
                    right: c,
                    side,
                    wing,
                    missing: kind,
                    square,
                    square_name: shape.name(square),
                });
            }
        }
    }
    Ok(warnings)
}

/// Reads the en passant field: passed squares joined by `,`. In alternating variants they
/// belong to one advance of the side not to move; in Parity each square's half of the board
/// tells whose pawn passed it (ranks 1–4: White's), and the field may hold one record per
/// side (`e3,d6`, `rules/parity.md` ruling P-8). A record may list a subset of the squares
/// its pawn passed (only those where a capture is legal are written); the pawn stands on
/// the first occupied square beyond the last one listed. A record with an occupied passed
/// square is an error when `mode` is strict, and dropped with a
/// [`SetupWarning::EnPassantSquareOccupied`] when lenient.
fn read_en_passant(
    pos: &mut Position,
    text: &str,
    mode: SetupMode,
    warnings: &mut Vec<SetupWarning>,
) -> Result<(), PositionError> {
    let shape = pos.shape();
    let simultaneous = pos.variant.turn_model() == TurnModel::Simultaneous;
    let mut by_side: [Vec<Square>; 2] = [Vec::new(), Vec::new()];
    for name in text.split(',') {
        let sq = shape
            .parse_square(name)
            .map_err(|e| err("en passant", e.to_string()))?;
        let mover = if !simultaneous {
            pos.turn.other()
        } else if shape.rank(sq) < shape.ranks() / 2 {
            Color::White
        } else {
            Color::Black
        };
        let list = &mut by_side[mover.index()];
        if list.contains(&sq) {
            return Err(err("en passant", format!("{name} appears twice")));
        }
        if list.len() == 3 {
            return Err(err("en passant", "at most three passed squares"));
        }
        list.push(sq);
    }
    for mover in Color::BOTH {
        let mut squares = std::mem::take(&mut by_side[mover.index()]);
        if squares.is_empty() {
            continue;
        }
        let file = shape.file(squares[0]);
        if squares.iter().any(|&s| shape.file(s) != file) {
            return Err(err(
                "en passant",
                "the squares one pawn passed lie on one file",
            ));
        }
        // Nearest the pawn's start first.
        squares.sort_by_key(|&s| shape.rank(s) * mover.forward());
        // A pawn cannot have just passed over a piece: a listed square that is occupied
        // makes the record impossible (checked before looking for the pawn, which may be
        // the very piece on it).
        let occupied = |sq: Square| pos.board.piece_at(sq).map(|piece| (sq, piece));
        let mut blocked = squares.iter().find_map(|&sq| occupied(sq));
        if blocked.is_none() {
            let first = squares[0];
            let last = squares[squares.len() - 1];
            let listed_span = (shape.rank(last) - shape.rank(first)).abs();
            // The pawn: the first occupied square beyond the last listed one, within reach
            // of one advance.
            let mut pawn = None;
            let mut cur = last;
            for _ in listed_span..crate::rules::classic::max_passed(shape) {
                let Some(next) = shape.leap(cur, 0, mover.forward()) else {
                    break;
                };
                if !pos.board.is_empty(next) {
                    if pos.board.kind(mover, next) == Some(PieceKind::Pawn) {
                        pawn = Some(next);
                    }
                    break;
                }
                cur = next;
            }
            let pawn = pawn.ok_or_else(|| {
                err(
                    "en passant",
                    format!("no {mover} pawn stands in front of {}", shape.name(last)),
                )
            })?;
            // A passed square between the listed ones (Big Outer) must be free too.
            let mut cur = first;
            while cur != pawn && blocked.is_none() {
                blocked = occupied(cur);
                match shape.leap(cur, 0, mover.forward()) {
                    Some(next) => cur = next,
                    None => break,
                }
            }
            if blocked.is_none() {
                let mut passed = [None; 3];
                for (slot, &s) in passed.iter_mut().zip(&squares) {
                    *slot = Some(s);
                }
                pos.ep[mover.index()] = Some(EnPassant { pawn, passed });
                continue;
            }
        }
        if let Some((square, piece)) = blocked {
            let square_name = shape.name(square);
            match mode {
                SetupMode::Strict => {
                    return Err(err(
                        "en passant",
                        format!(
                            "{square_name} is occupied by a {} {}: a pawn cannot have just \
                             passed it",
                            piece.color,
                            piece.kind.name()
                        ),
                    ));
                }
                SetupMode::Lenient => warnings.push(SetupWarning::EnPassantSquareOccupied {
                    square,
                    square_name,
                    piece,
                }),
            }
        }
    }
    Ok(())
}

fn piece_from(c: char, big: bool) -> Option<Piece> {
    let kind = PieceKind::from_letter(c, big)?;
    let color = if c.is_ascii_uppercase() {
        Color::White
    } else {
        Color::Black
    };
    Some(Piece::new(color, kind))
}

fn read_placement(board: &mut Board, shape: BoardShape, text: &str) -> Result<(), PositionError> {
    let big = shape == BoardShape::BigOuter;
    let ranks: Vec<&str> = text.split('/').collect();
    if ranks.len() != shape.ranks() as usize {
        return Err(err(
            "placement",
            format!(
                "expected {} ranks separated by '/', found {}",
                shape.ranks(),
                ranks.len()
            ),
        ));
    }
    for (ri, rank_text) in ranks.iter().enumerate() {
        let rank = shape.ranks() - 1 - ri as i8;
        let mut file: i32 = 0;
        let mut chars = rank_text.chars().peekable();
        let rank_name = rank + 1;
        while let Some(c) = chars.next() {
            if c.is_ascii_digit() {
                if c == '0' {
                    return Err(err(
                        "placement",
                        format!(
                            "rank {rank_name}: an empty-square count cannot be 0 or start with 0"
                        ),
                    ));
                }
                let mut n = c.to_digit(10).unwrap_or(0);
                while let Some(d) = chars.peek().and_then(|d| d.to_digit(10)) {
                    n = n * 10 + d;
                    chars.next();
                    if n > 99 {
                        break;
                    }
                }
                if n == 0 {
                    return Err(err(
                        "placement",
                        format!("rank {rank_name}: empty-square count 0"),
                    ));
                }
                file += n as i32;
            } else if c == '[' {
                let w = chars.next();
                let b = chars.next();
                let close = chars.next();
                let (Some(w), Some(b), Some(']')) = (w, b, close) else {
                    return Err(err(
                        "placement",
                        format!(
                            "rank {rank_name}: a shared square is written [Xy], White's letter then Black's"
                        ),
                    ));
                };
                let (Some(pw), Some(pb)) = (piece_from(w, big), piece_from(b, big)) else {
                    return Err(err(
                        "placement",
                        format!("rank {rank_name}: unknown piece letter in [{w}{b}]"),
                    ));
                };
                if pw.color != Color::White || pb.color != Color::Black {
                    return Err(err(
                        "placement",
                        format!(
                            "rank {rank_name}: a shared square holds one White (upper-case) then one Black (lower-case) piece"
                        ),
                    ));
                }
                if file >= shape.files() as i32 {
                    return Err(err(
                        "placement",
                        format!("rank {rank_name} has more than {} squares", shape.files()),
                    ));
                }
                let sq = shape
                    .square_at(file as i8, rank)
                    .ok_or_else(|| err("placement", "square off the board"))?;
                board.put(sq, pw);
                board.put(sq, pb);
                file += 1;
            } else {
                let piece = piece_from(c, big).ok_or_else(|| {
                    err(
                        "placement",
                        format!("rank {rank_name}: '{c}' is not a piece letter"),
                    )
                })?;
                if file >= shape.files() as i32 {
                    return Err(err(
                        "placement",
                        format!("rank {rank_name} has more than {} squares", shape.files()),
                    ));
                }
                let sq = shape
                    .square_at(file as i8, rank)
                    .ok_or_else(|| err("placement", "square off the board"))?;
                board.put(sq, piece);
                file += 1;
            }
            if file > shape.files() as i32 {
                return Err(err(
                    "placement",
                    format!("rank {rank_name} has more than {} squares", shape.files()),
                ));
            }
        }
        if file != shape.files() as i32 {
            return Err(err(
                "placement",
                format!(
                    "rank {rank_name} has {file} squares, expected {}",
                    shape.files()
                ),
            ));
        }
    }
    Ok(())
}

fn validate(pos: &Position) -> Result<(), PositionError> {
    let variant = pos.variant;
    let shape = pos.shape();
    // Kings: exactly one each, except where a King can be captured (Intrachange, Parity P-4),
    // which allows a finished game's position with one King gone.
    let king_can_be_taken = variant.kings_can_be_captured();
    for side in Color::BOTH {
        let kings = pos.board.count(side, PieceKind::King);
        if kings > 1 || (kings == 0 && !king_can_be_taken) {
            return Err(err(
                "position",
                format!("{side} must have exactly one King, found {kings}"),
            ));
        }
    }
    if !variant.has_resting_pieces()
        && let Some(sq) = shape.squares().find(|&s| pos.board.is_shared(s))
    {
        return Err(err(
            "placement",
            format!("{} is shared, which only Parity allows", shape.name(sq)),
        ));
    }
    // Pawns: never on the last rank; on the first rank only in Intrachange (pawn return) —
    // and there only on the own first rank.
    for (sq, p) in pos.board.all_pieces() {
        if p.kind != PieceKind::Pawn {
            continue;
        }
        let r = shape.rank(sq);
        let (own_first, own_last) = match p.color {
            Color::White => (0, shape.ranks() - 1),
            Color::Black => (shape.ranks() - 1, 0),
        };
        let corner =
            !(0..shape.files()).contains(&shape.file(sq)) || !(0..shape.ranks()).contains(&r);
        // Where pawns return home (Intrachange, ruling I-8) they may stand on any rank.
        let bad = corner || (!variant.pawns_return_home() && (r == own_first || r == own_last));
        if bad {
            return Err(err(
                "placement",
                format!(
                    "a {} pawn cannot stand on {}",
                    p.color.name(),
                    shape.name(sq)
                ),
            ));
        }
    }
    if variant.turn_model() == TurnModel::Alternating
        && variant.has_check()
        && pos.in_check(pos.turn.other())
    {
        return Err(err(
            "position",
            format!(
                "{} is in check but it is {}'s move",
                pos.turn.other(),
                pos.turn
            ),
        ));
    }
    Ok(())
}

/// Writes the position text (see the module docs). Round-trips with [`read`].
pub fn write(pos: &Position) -> String {
    let shape = pos.shape();
    let mut s = String::new();
    for rank in (0..shape.ranks()).rev() {
        let mut empty = 0;
        for file in 0..shape.files() {
            let Some(sq) = shape.square_at(file, rank) else {
                continue;
            };
            let (w, b) = pos.board.pieces_on(sq);
            if w.is_none() && b.is_none() {
                empty += 1;
                continue;
            }
            if empty > 0 {
                s.push_str(&empty.to_string());
                empty = 0;
            }
            match (w, b) {
                (Some(w), Some(b)) => {
                    s.push('[');
                    s.push(Piece::new(Color::White, w).fen_char());
                    s.push(Piece::new(Color::Black, b).fen_char());
                    s.push(']');
                }
                (Some(k), None) => s.push(Piece::new(Color::White, k).fen_char()),
                (None, Some(k)) => s.push(Piece::new(Color::Black, k).fen_char()),
                (None, None) => {}
            }
        }
        if empty > 0 {
            s.push_str(&empty.to_string());
        }
        if rank > 0 {
            s.push('/');
        }
    }
    let rules = pos.variant.rules();
    rules.write_board_fields(&pos.board, &mut s);
    s.push(' ');
    s.push(match pos.turn {
        Color::White => 'w',
        Color::Black => 'b',
    });
    s.push(' ');
    let mut rights = String::new();
    for (side, wing, c) in [
        (Color::White, Wing::Short, 'K'),
        (Color::White, Wing::Long, 'Q'),
        (Color::Black, Wing::Short, 'k'),
        (Color::Black, Wing::Long, 'q'),
    ] {
        if pos.can_castle(side, wing) {
            rights.push(c);
        }
    }
    if rights.is_empty() {
        rights.push('-');
    }
    s.push_str(&rights);
    s.push(' ');
    let names: Vec<String> = pos
        .ep
        .iter()
        .flatten()
        .flat_map(|ep| ep.squares())
        .map(|q| shape.name(q))
        .collect();
    if names.is_empty() {
        s.push('-');
    } else {
        s.push_str(&names.join(","));
    }
    s.push_str(&format!(" {} {}", pos.halfmove, pos.fullmove));
    if rules.has_trailing_field() {
        rules.write_trailing_field(pos, &mut s);
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn standard_initial_round_trips() {
        let t = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
        assert_eq!(write(&read(Variant::Standard, t).unwrap()), t);
    }

    #[test]
    fn big_outer_initial_round_trips_with_corners() {
        let p = Position::new(Variant::BigOuter);
        let t = write(&p);
        assert!(t.contains(" NNnn "), "{t}");
        assert_eq!(read(Variant::BigOuter, &t).unwrap(), p);
        assert_eq!(p.board().piece_count(), 52);
    }

    #[test]
    fn shared_squares_round_trip_in_parity() {
        let t = "rnbqkbnr/pppp1ppp/8/4[Pp]3/8/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2 e5/e5";
        let p = read(Variant::Parity, t).unwrap();
        assert!(
            p.board()
                .is_shared(BoardShape::Standard.parse_square("e5").unwrap())
        );
        assert_eq!(write(&p), t);
    }

    #[test]
    fn an_en_passant_square_without_a_legal_capture_is_read_and_dropped() {
        // e4xd3 would expose the King on e8 to the Queen on e3.
        let pinned = "r1bqkb1r/pppp1ppp/2n2n2/8/2PPp3/4QN2/PP2PPPP/RNB1KB1R b KQkq d3 0 5";
        let p = read(Variant::Standard, pinned).unwrap();
        assert_eq!(p.en_passant(), None);
        let plain = pinned.replace(" d3 ", " - ");
        assert_eq!(write(&p), plain);
        let q = read(Variant::Standard, &plain).unwrap();
        assert_eq!(p.repetition_key(), q.repetition_key());
        assert_eq!(
            p.parse_move("e4d3").unwrap_err().to_string(),
            "illegal move e4d3: it would leave the King in check (the piece is pinned)"
        );
        // No pawn beside the passed square at all: dropped too.
        let t = "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq e6 0 2";
        assert_eq!(
            write(&read(Variant::Standard, t).unwrap()),
            t.replace(" e6 ", " - ")
        );
        // A legal capture keeps its square.
        let t = "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3";
        assert_eq!(write(&read(Variant::Standard, t).unwrap()), t);
    }

    #[test]
    fn a_refused_en_passant_capture_names_its_rule() {
        // The d5 pawn did not just advance: the text has no en passant square.
        let p = read(Variant::Standard, "4k3/8/8/3pP3/8/8/8/4K3 w - - 0 2").unwrap();
        assert_eq!(
            p.parse_move("e5d6").unwrap_err().to_string(),
            "illegal move e5d6: a Pawn cannot move from e5 to d6: the Black Pawn on d5 did not just advance past d6, so it cannot be taken en passant"
        );
    }

    fn lenient(variant: Variant, text: &str) -> (String, Vec<String>) {
        let (p, warnings) = read_with(variant, text, SetupMode::Lenient).unwrap();
        (
            write(&p),
            warnings.iter().map(ToString::to_string).collect(),
        )
    }

    #[test]
    fn impossible_castling_rights_are_dropped_with_a_warning_when_lenient() {
        let bare = "4k3/8/8/8/8/8/8/4K3 w KQkq - 0 1";
        assert_eq!(read(Variant::Standard, bare).unwrap_err().field, "castling");
        assert_eq!(
            lenient(Variant::Standard, bare),
            (
                "4k3/8/8/8/8/8/8/4K3 w - - 0 1".to_string(),
                vec![
                    "castling right K dropped: no White Rook on h1".to_string(),
                    "castling right Q dropped: no White Rook on a1".to_string(),
                    "castling right k dropped: no Black Rook on h8".to_string(),
                    "castling right q dropped: no Black Rook on a8".to_string(),
                ]
            )
        );
        // The King is named when it is the one missing; possible rights stay.
        assert_eq!(
            lenient(Variant::Bully, "r3k2r/8/8/8/8/8/8/R2K3R w KQkq - 0 1"),
            (
                "r3k2r/8/8/8/8/8/8/R2K3R w kq - 0 1".to_string(),
                vec![
                    "castling right K dropped: no White King on e1".to_string(),
                    "castling right Q dropped: no White King on e1".to_string(),
                ]
            )
        );
        // A possible set of rights reads the same both ways, without warnings.
        let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
        assert_eq!(
            lenient(Variant::Standard, start),
            (start.to_string(), vec![])
        );
        // Big Outer has its own castling squares (White's short Rook starts on b1).
        let big = "jrmgbqkbgmrj/pppppppppppp/12/12/12/12/12/12/12/12/PPPPPPPPPPPP/J1MGBKQBGMRJ NNnn w KQkq - 0 1";
        assert_eq!(read(Variant::BigOuter, big).unwrap_err().field, "castling");
        let (text, warnings) = lenient(Variant::BigOuter, big);
        assert!(text.ends_with(" NNnn w Qkq - 0 1"), "{text}");
        assert_eq!(warnings, ["castling right K dropped: no White Rook on b1"]);
        // Parity, with its resting field.
        assert_eq!(
            lenient(Variant::Parity, "4k2r/8/8/8/8/8/8/4K3 w Kk - 0 1 -/-"),
            (
                "4k2r/8/8/8/8/8/8/4K3 w k - 0 1 -/-".to_string(),
                vec!["castling right K dropped: no White Rook on h1".to_string()]
            )
        );
        // Intrachange has no castling at all.
        assert_eq!(
            lenient(Variant::Intrachange, start),
            (
                "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1".to_string(),
                vec![
                    "castling right K dropped: Intrachange has no castling".to_string(),
                    "castling right Q dropped: Intrachange has no castling".to_string(),
                    "castling right k dropped: Intrachange has no castling".to_string(),
                    "castling right q dropped: Intrachange has no castling".to_string(),
                ]
            )
        );
        // A malformed castling field is still an error.
        for bad in [
            "4k3/8/8/8/8/8/8/4K3 w KK - 0 1",
            "4k3/8/8/8/8/8/8/4K3 w KX - 0 1",
        ] {
            let e = read_with(Variant::Standard, bad, SetupMode::Lenient).unwrap_err();
            assert_eq!(e.field, "castling", "{bad}: {e}");
        }
        // The typed warning carries the squares.
        let (_, w) = read_with(Variant::Standard, bare, SetupMode::Lenient).unwrap();
        assert_eq!(
            w[0],
            SetupWarning::CastlingRightDropped {
                right: 'K',
                side: Color::White,
                wing: Wing::Short,
                missing: PieceKind::Rook,
                square: BoardShape::Standard.parse_square("h1").unwrap(),
                square_name: "h1".to_string(),
            }
        );
    }

    #[test]
    fn an_occupied_en_passant_square_is_dropped_with_a_warning_when_lenient() {
        // e6 holds a White Knight: no Black pawn can have just passed it.
        let knight = "rnbqkbnr/pppp1ppp/4N3/4p3/8/8/PPPPPPPP/RNBQKB1R w KQkq e6 0 3";
        let e = read(Variant::Standard, knight).unwrap_err();
        assert_eq!(
            (e.field, e.reason.as_str()),
            (
                "en passant",
                "e6 is occupied by a White Knight: a pawn cannot have just passed it"
            )
        );
        assert_eq!(
            lenient(Variant::Standard, knight),
            (
                knight.replace(" e6 ", " - "),
                vec!["en passant square e6 dropped: a White Knight stands on it".to_string()]
            )
        );
        // The square of the pawn itself (e5 named for the pawn that stands on it).
        let on_pawn = "rnbqkbnr/pppp1ppp/8/4p3/8/8/PPPPPPPP/RNBQKBNR w KQkq e5 0 2";
        assert_eq!(
            read(Variant::Standard, on_pawn).unwrap_err().field,
            "en passant"
        );
        assert_eq!(
            lenient(Variant::Standard, on_pawn).1,
            ["en passant square e5 dropped: a Black Pawn stands on it"]
        );
        // With a castling warning too: castling first, then en passant.
        let (_, w) = read_with(
            Variant::Standard,
            "4k3/8/4N3/4p3/8/8/8/4K3 w K e6 0 1",
            SetupMode::Lenient,
        )
        .unwrap();
        assert_eq!(
            w,
            [
                SetupWarning::CastlingRightDropped {
                    right: 'K',
                    side: Color::White,
                    wing: Wing::Short,
                    missing: PieceKind::Rook,
                    square: BoardShape::Standard.parse_square("h1").unwrap(),
                    square_name: "h1".to_string(),
                },
                SetupWarning::EnPassantSquareOccupied {
                    square: BoardShape::Standard.parse_square("e6").unwrap(),
                    square_name: "e6".to_string(),
                    piece: Piece::new(Color::White, PieceKind::Knight),
                },
            ]
        );
        // Parity: only the side whose record names the occupied square loses it (P-8).
        let both = "4k3/8/8/2Pp4/4P3/4B3/8/4K3 w - e3,d6 0 1 -/-";
        let (text, w) = lenient(Variant::Parity, both);
        assert_eq!(
            w,
            ["en passant square e3 dropped: a White Bishop stands on it"]
        );
        assert!(text.contains(" w - d6 0 1 "), "{text}");
        // A square that is not a square, or no pawn in front of a free one, is still an
        // error when lenient.
        for bad in [
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e9 0 1",
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq e3 0 1",
        ] {
            let e = read_with(Variant::Standard, bad, SetupMode::Lenient).unwrap_err();
            assert_eq!(e.field, "en passant", "{bad}: {e}");
        }
    }

    #[test]
    fn four_field_fen_defaults_counters() {
        let p = read(Variant::Standard, "8/8/8/8/8/8/8/K6k w - -").unwrap();
        assert_eq!((p.halfmove_clock(), p.fullmove_number()), (0, 1));
    }
}
