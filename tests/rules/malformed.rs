//! Malformed input: position texts (FEN), move texts (coordinate form and SAN), square names
//! and PGN games each give an error of the right kind whose message names the problem, and
//! no input of any kind panics a parser (property test over random strings).

use esoterica::rules::notation::fen::PositionError;
use esoterica::rules::notation::pgn::{self, PgnError};
use esoterica::rules::notation::san;
use esoterica::rules::{BoardShape, MoveError, Position, Variant};
use proptest::prelude::*;

const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

fn fen_error(text: &str) -> PositionError {
    match Position::from_text(Variant::Standard, text) {
        Ok(p) => panic!("'{text}' was accepted as {}", p.to_text()),
        Err(e) => e,
    }
}

#[test]
fn malformed_position_texts_name_the_field_and_the_problem() {
    let long = "8/".repeat(600);
    let cases: &[(&str, &str, &str)] = &[
        ("", "position", "found 0"),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP w KQkq - 0 1",
            "placement",
            "expected 8 ranks",
        ),
        (
            "rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            "placement",
            "rank 6 has more than 8 squares",
        ),
        (
            "rnbqkbnr/ppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            "placement",
            "rank 7 has 7 squares, expected 8",
        ),
        (
            "rnbqkxnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            "placement",
            "'x' is not a piece letter",
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNé w KQkq - 0 1",
            "placement",
            "'é' is not a piece letter",
        ),
        (
            "rnbqkbnr/pppppppp/08/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            "placement",
            "rank 6: an empty-square count cannot be 0",
        ),
        (
            "rnbqkbnr/pppppppp/[Pp]7/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            "placement",
            "only Parity allows",
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1",
            "side",
            "'x' must be w or b",
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkqX - 0 1",
            "castling",
            "'X' is not one of",
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KK - 0 1",
            "castling",
            "appears twice",
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN1 w KQkq - 0 1",
            "castling",
            "Rook on h1",
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e9 0 1",
            "en passant",
            "'e9' is not a square",
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq e3 0 1",
            "en passant",
            "no White pawn stands in front of e3",
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - x 1",
            "halfmove clock",
            "'x' is not a number",
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 -3",
            "fullmove number",
            "'-3' is not a number",
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 0",
            "fullmove number",
            "at least 1",
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 extra",
            "position",
            "found 7",
        ),
        (
            "4k3/8/8/8/8/8/8/3KK3 w - - 0 1",
            "position",
            "White must have exactly one King, found 2",
        ),
        (
            "8/8/8/8/8/8/8/4K3 w - - 0 1",
            "position",
            "Black must have exactly one King, found 0",
        ),
        (
            "4k3/8/8/8/8/8/8/P3K3 w - - 0 1",
            "placement",
            "a white pawn cannot stand on a1",
        ),
        (
            "4k2p/8/8/8/8/8/8/4K3 w - - 0 1",
            "placement",
            "a black pawn cannot stand on h8",
        ),
        (
            "4k2R/8/8/8/8/8/8/4K3 w - - 0 1",
            "position",
            "Black is in check but it is White's move",
        ),
        (&long, "position", "more than 1024"),
    ];
    for &(text, field, needle) in cases {
        let e = fen_error(text);
        assert_eq!(e.field, field, "'{text}': {e}");
        assert!(
            e.to_string().contains(needle),
            "'{text}': message '{e}' should contain '{needle}'"
        );
    }
    // Big Outer: the corner field.
    let e = Position::from_text(
        Variant::BigOuter,
        "jrmgbqkbgmrj/pppppppppppp/12/12/12/12/12/12/12/12/PPPPPPPPPPPP/JRMGBKQBGMRJ NNn w KQkq - 0 1",
    )
    .expect_err("three corners");
    assert_eq!(e.field, "corners", "{e}");
    assert!(e.to_string().contains("must be 4 characters"), "{e}");
}

fn move_error(fen: &str, text: &str) -> MoveError {
    let pos = Position::from_text(Variant::Standard, fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
    match pos.parse_move(text) {
        Ok(m) => panic!("'{text}' was read as {}", m.coordinate(pos.shape())),
        Err(e) => e,
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Kind {
    Syntax,
    Illegal,
    Ambiguous,
}

fn kind(e: &MoveError) -> Kind {
    match e {
        MoveError::Syntax { .. } => Kind::Syntax,
        MoveError::Illegal(_) => Kind::Illegal,
        MoveError::Ambiguous { .. } => Kind::Ambiguous,
    }
}

#[test]
fn malformed_and_illegal_moves_name_the_rule() {
    let promo = "8/4P3/8/8/8/k7/8/4K3 w - - 0 1";
    let pinned = "4k3/4r3/8/8/8/8/4B3/4K3 w - - 0 1";
    let cases: &[(&str, &str, Kind, &str)] = &[
        (START, "", Kind::Syntax, "empty move"),
        (START, "   ", Kind::Syntax, "empty move"),
        (START, &"e2e4".repeat(10), Kind::Syntax, "too long"),
        (START, "Zf3", Kind::Syntax, "'Z' is not a piece letter"),
        (
            START,
            "Pe4",
            Kind::Syntax,
            "pawn moves are written without a letter",
        ),
        (START, "e2", Kind::Illegal, "no legal pawn move to e2"),
        (START, "Nx", Kind::Syntax, "no destination square"),
        (
            START,
            "e2e5",
            Kind::Illegal,
            "a Pawn cannot move from e2 to e5",
        ),
        (
            START,
            "e7e5",
            Kind::Illegal,
            "the piece on e7 is Black's, and it is White's move",
        ),
        (START, "e3e4", Kind::Illegal, "there is no piece on e3"),
        (START, "a1a3", Kind::Illegal, "a2 is in the way"),
        (
            START,
            "d1d2",
            Kind::Illegal,
            "d2 holds one of White's own pieces",
        ),
        (START, "Nf4", Kind::Illegal, "no legal Knight move to f4"),
        (START, "O-O", Kind::Illegal, "f1 is occupied"),
        (START, "e4=Q", Kind::Illegal, "no legal pawn move to e4"),
        (promo, "e7e8", Kind::Illegal, "must promote"),
        (promo, "e8=K", Kind::Syntax, "cannot promote to 'K'"),
        (pinned, "e2d3", Kind::Illegal, "pinned"),
        (
            "4k3/8/8/8/8/8/5r2/4K3 w - - 0 1",
            "e1f1",
            Kind::Illegal,
            "the King may not move into check",
        ),
        (
            "4k3/8/8/8/8/8/8/R3K2r w Q - 0 1",
            "O-O-O",
            Kind::Illegal,
            "out of check",
        ),
        (
            "3rk3/8/8/8/8/8/8/R3K3 w Q - 0 1",
            "O-O-O",
            Kind::Illegal,
            "through or into check (d1 is attacked)",
        ),
        (
            "4k3/8/8/8/8/8/8/2N1K1N1 w - - 0 1",
            "Ne2",
            Kind::Ambiguous,
            "it could be c1e2 or g1e2",
        ),
    ];
    for &(fen, text, k, needle) in cases {
        let e = move_error(fen, text);
        assert_eq!(kind(&e), k, "'{text}' at {fen}: {e}");
        assert!(
            e.to_string().contains(needle),
            "'{text}' at {fen}: message '{e}' should contain '{needle}'"
        );
    }
}

#[test]
fn malformed_coordinates_and_square_names_are_errors() {
    for bad in [
        "", "e2", "e2e", "e2e9", "i2i4", "e2e4x", "e2e4K", "e2e4p", "E2E4", "e2-e4", "é2e4",
    ] {
        let e = san::parse_coordinate(BoardShape::Standard, bad).expect_err(bad);
        assert!(
            e.to_string().contains("expected two squares"),
            "'{bad}': {e}"
        );
    }
    for bad in ["i1", "a9", "a0", "C1", "e44"] {
        let e = BoardShape::Standard.parse_square(bad).expect_err(bad);
        assert_eq!(e.to_string(), format!("'{bad}' is not a square (a1–h8)"));
    }
    let e = BoardShape::BigOuter.parse_square("m13").expect_err("m13");
    assert_eq!(e.to_string(), "'m13' is not a square (a1–l12 or C1–C4)");
}

#[test]
fn malformed_pgn_names_the_problem() {
    let e = pgn::read("[Event Foo]\n\n1. e4 *", None).expect_err("unquoted tag");
    assert!(
        matches!(&e, PgnError::BadTag { line: 1, reason } if reason.contains("double quotes")),
        "{e}"
    );
    let e = pgn::read("[Variant \"Checkers\"]\n\n1. e4 *", None).expect_err("variant");
    assert_eq!(e, PgnError::UnknownVariant("Checkers".into()));
    assert!(e.to_string().contains("unknown variant 'Checkers'"));
    let e = pgn::read("1. e4 e5 2. Ke3 *", None).expect_err("illegal");
    assert!(
        matches!(&e, PgnError::BadMove { number: 2, token, .. } if token == "Ke3"),
        "{e}"
    );
    assert!(e.to_string().contains("move 2 'Ke3'"), "{e}");
    let e = pgn::read("1. e4 {never closed", None).expect_err("comment");
    assert!(
        matches!(&e, PgnError::Syntax(m) if m.contains("unclosed comment")),
        "{e}"
    );
    let e = pgn::read("1. e4 e5 1-0 2. Nf3", None).expect_err("after result");
    assert!(
        matches!(&e, PgnError::Syntax(m) if m.contains("after the result")),
        "{e}"
    );
    let e = pgn::read("[FEN \"8/8/8 w - - 0 1\"]\n\n*", None).expect_err("fen");
    assert!(
        matches!(&e, PgnError::BadPosition(m) if m.contains("expected 8 ranks")),
        "{e}"
    );
    let e =
        pgn::read("[Variant \"Bully\"]\n\n*", Some(Variant::Standard)).expect_err("wrong variant");
    assert!(
        matches!(
            e,
            PgnError::WrongVariant {
                expected: Variant::Standard,
                found: Variant::Bully
            }
        ),
        "{e}"
    );
}

/// Runs every parser on `text`; any panic fails the property.
fn parse_everything(text: &str) {
    for v in Variant::ALL {
        if let Ok(p) = Position::from_text(v, text) {
            // What was accepted must write back to something readable.
            assert!(Position::from_text(v, &p.to_text()).is_ok(), "{text}");
        }
        let start = Position::new(v);
        let _ = start.parse_move(text);
        let _ = esoterica::rules::variants::parse_move_text(&start, text);
        let _ = pgn::read(text, None);
    }
    for shape in [BoardShape::Standard, BoardShape::BigOuter] {
        let _ = shape.parse_square(text);
        let _ = san::parse_coordinate(shape, text);
    }
    let kiwi = Position::from_text(
        Variant::Standard,
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    )
    .expect("Kiwipete is valid");
    let _ = kiwi.parse_move(text);
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(128))]

    #[test]
    fn random_strings_never_panic_a_parser(text in any::<String>()) {
        parse_everything(&text);
    }

    #[test]
    fn chess_like_strings_never_panic_a_parser(
        text in "[KQRBNPkqrbnpGMJgmjC0-9a-l/ \\-=+#xO\\[\\],.{}()$;\"]{0,80}"
    ) {
        parse_everything(&text);
    }

    #[test]
    fn mutated_position_texts_never_panic(
        cut in 0usize..60, insert in "[0-9a-zA-Z/ \\-\\[\\],]{0,4}"
    ) {
        let base = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
        let cut = base.floor_char_boundary(cut.min(base.len()));
        let text = format!("{}{}{}", &base[..cut], insert, &base[cut..]);
        parse_everything(&text);
    }
}
