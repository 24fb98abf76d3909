//! Move text: coordinate form (`e2e4`, `e7e8q`, `b11b7`, `d1C1`) and Standard Algebraic
//! Notation (`Nf3`, `exd6`, `O-O`, `R1a3`, `e8=Q+`), in and out, for the variants with
//! classic movement (standard, Bully, Nonviolent, Force Field, Big Outer). Intrachange and
//! Parity write their own notation on top (`variants/intrachange.rs`, `variants/parity.rs`).

use crate::rules::geometry::{BoardShape, Square};
use crate::rules::moves::{Move, Special};
use crate::rules::piece::PieceKind;
use crate::rules::position::{IllegalMove, MoveError, Position, Wing};
use crate::rules::refusal::{CastlingRefusal, Reason, Refusal};

/// The longest move text accepted (bytes).
pub const MAX_MOVE_TEXT: usize = 32;

fn syntax(text: &str, reason: impl Into<String>) -> MoveError {
    MoveError::Syntax {
        text: text.to_string(),
        reason: reason.into(),
    }
}

/// Splits a leading square name off `s`: every way to read one (2 or 3 characters).
fn square_prefixes(shape: BoardShape, s: &str) -> Vec<(Square, &str)> {
    let mut v = Vec::new();
    for len in [2, 3] {
        if s.len() >= len
            && s.is_char_boundary(len)
            && let Ok(sq) = shape.parse_square(&s[..len])
        {
            v.push((sq, &s[len..]));
        }
    }
    v
}

/// Reads coordinate form into (from, to, promotion) without checking legality.
///
/// # Errors
/// [`MoveError::Syntax`] if the text is not two square names plus an optional promotion
/// letter.
pub fn parse_coordinate(
    shape: BoardShape,
    text: &str,
) -> Result<(Square, Square, Option<PieceKind>), MoveError> {
    let big = shape == BoardShape::BigOuter;
    for (from, rest) in square_prefixes(shape, text) {
        for (to, rest) in square_prefixes(shape, rest) {
            let promo = match rest {
                "" => None,
                r if r.chars().count() == 1 => {
                    let c = r.chars().next().unwrap_or(' ');
                    match PieceKind::from_letter(c, big) {
                        Some(k) if k != PieceKind::King && k != PieceKind::Pawn => Some(k),
                        _ => continue,
                    }
                }
                _ => continue,
            };
            return Ok((from, to, promo));
        }
    }
    Err(syntax(
        text,
        "expected two squares and an optional promotion letter, e.g. e2e4 or e7e8q",
    ))
}

/// Finds the legal move that coordinate text names among `legal`.
///
/// # Errors
/// [`MoveError::Syntax`] for unreadable text; [`MoveError::Illegal`] (with the refusal from
/// `why`) when no legal move matches.
pub fn find_coordinate(
    pos: &Position,
    text: &str,
    legal: &[Move],
    why: impl Fn(&Move) -> Refusal,
) -> Result<Move, MoveError> {
    let (from, to, promotion) = parse_coordinate(pos.shape(), text)?;
    if let Some(m) = legal
        .iter()
        .find(|m| m.from == from && m.to == to && m.promotion == promotion)
    {
        return Ok(*m);
    }
    let attempted = Move {
        from,
        to,
        promotion,
        special: Special::Normal,
    };
    let refusal = if promotion.is_none()
        && legal
            .iter()
            .any(|m| m.from == from && m.to == to && m.promotion.is_some())
    {
        Refusal::new(pos.variant(), Reason::PromotionLetterMissing { from, to })
    } else {
        why(&attempted)
    };
    Err(MoveError::Illegal(IllegalMove {
        mv: text.to_string(),
        refusal,
    }))
}

/// Reads a move of the side to move in coordinate form or SAN.
///
/// # Errors
/// See [`Position::parse_move`].
pub fn parse_move(pos: &Position, text: &str) -> Result<Move, MoveError> {
    let text = text.trim();
    if text.is_empty() {
        return Err(syntax(text, "empty move"));
    }
    if text.len() > MAX_MOVE_TEXT {
        return Err(syntax(
            &text[..text.floor_char_boundary(MAX_MOVE_TEXT)],
            "move text too long",
        ));
    }
    let legal = pos.legal_moves();
    if parse_coordinate(pos.shape(), text).is_ok() {
        return find_coordinate(pos, text, &legal, |m| refusal_of(pos, m));
    }
    if let Some(why) = coordinate_mistake(pos.shape(), text) {
        return Err(syntax(text, why));
    }
    parse_san(pos, text, &legal)
}

/// What is wrong with text written as two file-and-rank squares and a letter (`b2b13`,
/// `a7a8k`) that [`parse_coordinate`] refused: a square off the board or a letter no pawn
/// promotes to. `None` for text of any other shape (read as SAN).
fn coordinate_mistake(shape: BoardShape, text: &str) -> Option<String> {
    let b = text.as_bytes();
    let mut i = 0;
    let mut squares = Vec::new();
    for _ in 0..2 {
        let start = i;
        if !b.get(i)?.is_ascii_lowercase() {
            return None;
        }
        i += 1;
        let digits = b[i..].iter().take_while(|c| c.is_ascii_digit()).count();
        if digits == 0 || digits > 2 {
            return None;
        }
        i += digits;
        squares.push(&text[start..i]);
    }
    let rest = &text[i..];
    if rest.chars().count() > 1 || rest.chars().any(|c| !c.is_ascii_alphabetic()) {
        return None;
    }
    if let Some(off) = squares.iter().find(|sq| shape.parse_square(sq).is_err()) {
        return Some(format!("{off} is off the board"));
    }
    let big = shape == BoardShape::BigOuter;
    rest.chars()
        .next()
        .map(|c| match PieceKind::from_letter(c, big) {
            Some(k) => format!("a pawn cannot promote to a {}", k.name()),
            None => format!("'{c}' is not a piece letter"),
        })
}

/// Reads SAN against a list of legal moves.
///
/// # Errors
/// [`MoveError::Syntax`], [`MoveError::Illegal`] or [`MoveError::Ambiguous`].
pub fn parse_san(pos: &Position, text: &str, legal: &[Move]) -> Result<Move, MoveError> {
    let shape = pos.shape();
    let orig = text;
    let s = text.trim_end_matches(['+', '#', '!', '?']);
    if s.is_empty() {
        return Err(syntax(orig, "empty move"));
    }
    match s {
        "O-O" | "0-0" => return castle_san(pos, orig, Wing::Short, legal),
        "O-O-O" | "0-0-0" => return castle_san(pos, orig, Wing::Long, legal),
        _ => {}
    }
    let san = read_san(pos, orig, s)?;
    let cands: Vec<&Move> = legal
        .iter()
        .filter(|m| {
            m.to == san.to
                && !matches!(m.special, Special::Castle { .. })
                && san.fits(pos, m)
                && san.from_square.is_none_or(|sq| m.from == sq)
        })
        .collect();
    match cands.as_slice() {
        [one] => Ok(**one),
        [] => Err(MoveError::Illegal(IllegalMove {
            mv: orig.to_string(),
            refusal: no_san_move(pos, &san),
        })),
        many => Err(MoveError::Ambiguous {
            text: orig.to_string(),
            candidates: many.iter().map(|m| m.coordinate(shape)).collect(),
        }),
    }
}

/// `O-O` or `O-O-O`: the legal castling move on `wing`, or why there is none (the variant
/// has no castling on that wing, or the judge's refusal of the King's castling step).
fn castle_san(pos: &Position, orig: &str, wing: Wing, legal: &[Move]) -> Result<Move, MoveError> {
    let refusal = match pos.castle_spec(pos.turn(), wing) {
        None => Refusal::new(
            pos.variant(),
            Reason::Castling(CastlingRefusal::Unavailable),
        ),
        Some(sp) => {
            if let Some(m) = legal.iter().find(|m| {
                matches!(m.special, Special::Castle { .. })
                    && m.from == sp.king_from
                    && m.to == sp.king_to
            }) {
                return Ok(*m);
            }
            refusal_of(
                pos,
                &Move {
                    from: sp.king_from,
                    to: sp.king_to,
                    promotion: None,
                    special: Special::Castle {
                        rook_from: sp.rook_from,
                        rook_to: sp.rook_to,
                    },
                },
            )
        }
    };
    Err(MoveError::Illegal(IllegalMove {
        mv: orig.to_string(),
        refusal,
    }))
}

/// What a SAN text says, the check marks dropped: the piece kind, the destination, the
/// promotion and the disambiguation.
struct San {
    kind: PieceKind,
    to: Square,
    promotion: Option<PieceKind>,
    from_square: Option<Square>,
    from_file: Option<i8>,
    from_rank: Option<i8>,
}

impl San {
    /// Whether `m` of the side to move is the text's piece kind, disambiguation file and
    /// rank, and promotion.
    fn fits(&self, pos: &Position, m: &Move) -> bool {
        let shape = pos.shape();
        pos.kind_at(pos.turn(), m.from)
            .is_some_and(|k| same_letter(k, self.kind))
            && self.from_file.is_none_or(|f| shape.file(m.from) == f)
            && self.from_rank.is_none_or(|r| shape.rank(m.from) == r)
            && m.promotion == self.promotion
    }
}

/// Reads the piece letter, the promotion suffix, the destination and the disambiguation
/// of `s` (SAN without check marks; `orig` as written, for errors).
fn read_san(pos: &Position, orig: &str, s: &str) -> Result<San, MoveError> {
    let shape = pos.shape();
    let big = shape == BoardShape::BigOuter;
    let mut chars = s;
    // Piece letter.
    let first = chars.chars().next().unwrap_or(' ');
    let kind = if first.is_ascii_uppercase() && first != 'C' {
        let k = PieceKind::from_letter(first, big).ok_or_else(|| {
            syntax(
                orig,
                format!("'{first}' is not a piece letter in {}", pos.variant()),
            )
        })?;
        if k == PieceKind::Pawn {
            return Err(syntax(
                orig,
                "pawn moves are written without a letter (e4, exd5)",
            ));
        }
        chars = &chars[1..];
        k
    } else {
        PieceKind::Pawn
    };
    // Promotion suffix.
    let mut promotion = None;
    if let Some(eq) = chars.rfind('=') {
        let p = &chars[eq + 1..];
        let mut it = p.chars();
        let (Some(c), None) = (it.next(), it.next()) else {
            return Err(syntax(orig, "a promotion is written =Q"));
        };
        promotion = Some(
            PieceKind::from_letter(c, big)
                .filter(|k| *k != PieceKind::King && *k != PieceKind::Pawn)
                .ok_or_else(|| syntax(orig, format!("cannot promote to '{c}'")))?,
        );
        chars = &chars[..eq];
    } else if kind == PieceKind::Pawn
        && let Some(c) = chars.chars().last()
        && c.is_ascii_uppercase()
        && c != 'C'
    {
        promotion = Some(
            PieceKind::from_letter(c, big)
                .filter(|k| *k != PieceKind::King && *k != PieceKind::Pawn)
                .ok_or_else(|| syntax(orig, format!("cannot promote to '{c}'")))?,
        );
        chars = &chars[..chars.len() - 1];
    }
    // Destination: the trailing square.
    let mut dest = None;
    for len in [3, 2] {
        if chars.len() >= len
            && chars.is_char_boundary(chars.len() - len)
            && let Ok(sq) = shape.parse_square(&chars[chars.len() - len..])
        {
            // "a10" must not be read as "10" on an 8×8 board; prefer the longest valid name.
            dest = Some((sq, &chars[..chars.len() - len]));
            break;
        }
    }
    let Some((to, mut head)) = dest else {
        return Err(syntax(orig, "no destination square"));
    };
    let capture = head.ends_with('x');
    if capture {
        head = &head[..head.len() - 1];
    }
    // Disambiguation: a whole square (needed for a corner origin, `NC1a4`), or a file
    // letter and/or rank digits.
    let mut from_file = None;
    let mut from_rank = None;
    let from_square = if head.is_empty() {
        None
    } else {
        shape.parse_square(head).ok()
    };
    let hb = head.as_bytes();
    let mut i = if from_square.is_some() { hb.len() } else { 0 };
    if i < hb.len() && hb[i].is_ascii_lowercase() {
        let f = (hb[i] - b'a') as i8;
        if f >= shape.files() {
            return Err(syntax(orig, "disambiguation file off the board"));
        }
        from_file = Some(f);
        i += 1;
    }
    if i < hb.len() {
        let digits = &head[i..];
        let r: i8 = digits
            .parse::<i8>()
            .ok()
            .filter(|r| (1..=shape.ranks()).contains(r))
            .ok_or_else(|| syntax(orig, format!("cannot read '{head}' before the destination")))?;
        from_rank = Some(r - 1);
    }
    Ok(San {
        kind,
        to,
        promotion,
        from_square,
        from_file,
        from_rank,
    })
}

/// Why no legal move fits a SAN text: when one piece could make the move by its movement
/// alone, the variant's reason it may not (a field, a pin, a check…); otherwise that no such
/// move exists.
fn no_san_move(pos: &Position, san: &San) -> Refusal {
    // A pawn move to the last rank written without its piece (`a8` for `a8=Q`).
    if san.promotion.is_none()
        && let Some(m) = pos.legal_moves().into_iter().find(|m| {
            m.to == san.to
                && m.promotion.is_some()
                && san.fits(
                    pos,
                    &Move {
                        promotion: None,
                        ..*m
                    },
                )
        })
    {
        return Refusal::new(
            pos.variant(),
            Reason::PromotionRequired {
                from: m.from,
                to: m.to,
            },
        );
    }
    let mut geometric = Vec::new();
    crate::rules::classic::piece_pseudo_moves(pos.variant.rules(), pos, pos.turn(), &mut geometric);
    geometric.retain(|m| m.to == san.to && san.fits(pos, m));
    let nothing = Refusal::new(
        pos.variant(),
        Reason::NoLegalMoveTo {
            kind: san.kind,
            to: san.to,
        },
    );
    match geometric.as_slice() {
        [one] => crate::rules::variants::refusal(pos, pos.turn(), one).unwrap_or(nothing),
        _ => nothing,
    }
}

/// Why the side to move may not play `mv` (a move the legal list lacks).
fn refusal_of(pos: &Position, mv: &Move) -> Refusal {
    crate::rules::variants::refusal(pos, pos.turn(), mv).unwrap_or_else(|| {
        // The judge accepts it, so the legal list misses it: name it by its squares.
        Refusal::new(
            pos.variant(),
            Reason::Movement {
                kind: pos.kind_at(pos.turn(), mv.from).unwrap_or(PieceKind::Pawn),
                from: mv.from,
                to: mv.to,
            },
        )
    })
}

fn same_letter(a: PieceKind, b: PieceKind) -> bool {
    a.letter() == b.letter()
}

/// Writes SAN for a legal move of the side to move, with `+`/`#` suffixes.
///
/// # Examples
/// ```
/// use esoterica::rules::{Position, Variant, notation::san};
/// let p = Position::new(Variant::Standard);
/// let mv = p.parse_move("g1f3").unwrap();
/// assert_eq!(san::to_san(&p, &mv), "Nf3");
/// ```
pub fn to_san(pos: &Position, mv: &Move) -> String {
    let mut s = san_body(pos, mv);
    let mut after = pos.clone();
    after.play_unchecked(mv);
    if after.in_check(after.turn()) {
        if after.legal_moves().is_empty() {
            s.push('#');
        } else {
            s.push('+');
        }
    }
    s
}

/// SAN without the check suffix.
pub fn san_body(pos: &Position, mv: &Move) -> String {
    let shape = pos.shape();
    let us = pos.turn();
    if let Special::Castle { .. } = mv.special {
        let short = pos
            .castle_spec(us, Wing::Short)
            .is_some_and(|sp| sp.king_to == mv.to);
        return if short { "O-O" } else { "O-O-O" }.to_string();
    }
    let Some(kind) = pos.kind_at(us, mv.from) else {
        return mv.coordinate(shape);
    };
    let capture =
        matches!(mv.special, Special::EnPassant { .. }) || pos.kind_at(us.other(), mv.to).is_some();
    let mut s = String::new();
    if kind == PieceKind::Pawn {
        if capture || shape.file(mv.from) != shape.file(mv.to) {
            s.push((b'a' + shape.file(mv.from) as u8) as char);
            s.push('x');
        }
    } else {
        s.push(kind.letter());
        let others: Vec<Move> = pos
            .legal_moves()
            .into_iter()
            .filter(|m| {
                m.to == mv.to
                    && m.from != mv.from
                    && !matches!(m.special, Special::Castle { .. })
                    && pos.kind_at(us, m.from) == Some(kind)
            })
            .collect();
        if !others.is_empty() {
            let same_file = others
                .iter()
                .any(|m| shape.file(m.from) == shape.file(mv.from));
            let same_rank = others
                .iter()
                .any(|m| shape.rank(m.from) == shape.rank(mv.from));
            let corner = !(0..shape.files()).contains(&shape.file(mv.from));
            let name = shape.name(mv.from);
            if corner || (same_file && same_rank) {
                s.push_str(&name);
            } else if !same_file {
                s.push_str(&name[..1]);
            } else {
                s.push_str(&name[1..]);
            }
        }
        if capture {
            s.push('x');
        }
    }
    s.push_str(&shape.name(mv.to));
    if let Some(p) = mv.promotion {
        s.push('=');
        s.push(p.letter());
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::variant::Variant;

    fn pos(fen: &str) -> Position {
        Position::from_text(Variant::Standard, fen).unwrap()
    }

    #[test]
    fn san_disambiguates_by_file_then_rank_then_both() {
        let p = pos("4k3/8/8/8/8/8/8/R4RK1 w - - 0 1");
        let m = p.parse_move("a1d1").unwrap();
        assert_eq!(to_san(&p, &m), "Rad1");
        let p = pos("4k3/8/8/R7/8/8/8/R3K3 w - - 0 1");
        let m = p.parse_move("a1a3").unwrap();
        assert_eq!(to_san(&p, &m), "R1a3");
        let p = pos("4k3/8/8/8/8/Q1Q5/8/Q3K3 w - - 0 1");
        let m = p.parse_move("a3b2").unwrap();
        assert_eq!(to_san(&p, &m), "Qa3b2");
    }

    #[test]
    fn san_round_trips_every_legal_move_of_kiwipete() {
        let p = pos("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1");
        for m in p.legal_moves() {
            let s = to_san(&p, &m);
            assert_eq!(p.parse_move(&s), Ok(m), "{s}");
        }
    }

    #[test]
    fn a_mistyped_move_is_named_by_its_mistake() {
        let p = pos("8/P3k3/8/8/8/8/8/4K3 w - - 0 1");
        // A promotion written without its piece, in SAN and in coordinates.
        for text in ["a8", "a7a8"] {
            let err = p.parse_move(text).unwrap_err().to_string();
            assert!(err.contains("must promote"), "{text}: {err}");
            assert!(err.contains("e8=Q"), "{text}: {err}");
        }
        let err = p.parse_move("a7a8k").unwrap_err().to_string();
        assert!(err.contains("a pawn cannot promote to a King"), "{err}");
        let err = p.parse_move("a7a8z").unwrap_err().to_string();
        assert!(err.contains("'z' is not a piece letter"), "{err}");
        let err = p.parse_move("a7a9").unwrap_err().to_string();
        assert!(err.contains("a9 is off the board"), "{err}");
        let big = Position::new(Variant::BigOuter);
        let err = big.parse_move("b2b13").unwrap_err().to_string();
        assert!(err.contains("b13 is off the board"), "{err}");
        // SAN and the Big Outer board's own squares are still read.
        for m in big.legal_moves() {
            assert_eq!(big.parse_move(&m.coordinate(big.shape())), Ok(m));
        }
        assert_eq!(p.parse_move("a8=Q"), p.parse_move("a7a8q"));
    }

    #[test]
    fn promotion_and_mate_suffix() {
        let p = pos("k7/7P/1K6/8/8/8/8/8 w - - 0 1");
        let m = p.parse_move("h7h8q").unwrap();
        assert_eq!(to_san(&p, &m), "h8=Q#");
        assert_eq!(p.parse_move("h8=Q"), Ok(m));
        assert_eq!(p.parse_move("h8Q"), Ok(m));
    }

    #[test]
    fn big_outer_corner_origin_disambiguates_by_whole_square() {
        let t = "6k5/12/12/12/1N10/12/12/12/12/12/12/5K6 N--- w - - 0 1";
        let p = Position::from_text(Variant::BigOuter, t).unwrap();
        let m = p.parse_move("C1a4").unwrap();
        assert_eq!(to_san(&p, &m), "NC1a4");
        assert_eq!(p.parse_move("NC1a4"), Ok(m));
        for m in p.legal_moves() {
            let s = to_san(&p, &m);
            assert_eq!(p.parse_move(&s), Ok(m), "{s}");
        }
    }
}
