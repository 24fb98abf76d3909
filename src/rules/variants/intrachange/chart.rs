//! The Intrachange chart: the official square numbering (0–63, each a six-line hexagram)
//! and the 384 "official esoteric moves", shipped as data in `assets/intrachange-chart.ron`
//! (`rules/intrachange.md §1–§2`).
//!
//! Owns loading and validating the chart text ([`load_chart`]) and the chart the rules use
//! ([`chart`], the embedded asset, loaded once). It knows nothing about positions or moves:
//! `variants/intrachange/` asks it where a piece entering a square is transferred.
//!
//! Shape: 8×8 only. Board squares use the project's indexing (`index = rank * 8 + file`,
//! a1 = 0); official numbers are a different labelling of the same squares.

use std::fmt;
use std::sync::OnceLock;

use crate::rules::geometry::Square;
use crate::rules::piece::{Color, Piece, PieceKind};

/// The chart text shipped with the game (`assets/intrachange-chart.ron`).
pub const EMBEDDED_CHART: &str = include_str!("../../../../assets/intrachange-chart.ron");

/// The trigram (3 bits) of a file or rank index 0–7 (`rules/intrachange.md §1`): a/1 = 001,
/// b/2 = 010, c/3 = 100, d/4 = 111, e/5 = 000, f/6 = 011, g/7 = 101, h/8 = 110.
pub const TRIGRAM: [u8; 8] = [0b001, 0b010, 0b100, 0b111, 0b000, 0b011, 0b101, 0b110];

/// The official number (0–63) of the square on `file` and `rank` (both 0–7, a1 = (0, 0)):
/// `8 * TRIGRAM[rank] + TRIGRAM[file]` (`rules/intrachange.md §1`). Out-of-range
/// coordinates are taken modulo 8.
///
/// # Examples
/// ```
/// use esoterica::rules::intrachange_chart::number;
/// assert_eq!(number(0, 0), 9); // a1
/// assert_eq!(number(4, 4), 0); // e5
/// assert_eq!(number(3, 3), 63); // d4
/// assert_eq!(number(7, 7), 54); // h8
/// ```
pub fn number(file: u8, rank: u8) -> u8 {
    8 * TRIGRAM[(rank % 8) as usize] + TRIGRAM[(file % 8) as usize]
}

/// The six lines of the hexagram of official number `n` (taken modulo 64), bottom line
/// first: `true` = solid (yang, bit 1), `false` = broken (yin, bit 0)
/// (`rules/intrachange.md §1`), for drawing a square's hexagram.
///
/// # Examples
/// ```
/// use esoterica::rules::intrachange_chart::hexagram_lines;
/// // a1 = 9 = 001 001: bottom line solid, then two broken, then solid, then two broken.
/// assert_eq!(hexagram_lines(9), [true, false, false, true, false, false]);
/// ```
pub fn hexagram_lines(n: u8) -> [bool; 6] {
    std::array::from_fn(|i| ((n % 64) >> i) & 1 == 1)
}

/// The hexagram line (bit 0 = bottom … bit 5 = top) a standard piece kind owns
/// (`rules/intrachange.md §2`): King 0, Queen 1, Bishop 2, Knight 3, Rook 4, Pawn 5.
/// `None` for the Big Outer kinds, which have no line.
pub fn line(kind: PieceKind) -> Option<u8> {
    match kind {
        PieceKind::King => Some(0),
        PieceKind::Queen => Some(1),
        PieceKind::Bishop => Some(2),
        PieceKind::Knight => Some(3),
        PieceKind::Rook => Some(4),
        PieceKind::Pawn => Some(5),
        PieceKind::Guard | PieceKind::Matriarch | PieceKind::Jumper | PieceKind::OuterKnight => {
            None
        }
    }
}

/// The line-flip rule of `rules/intrachange.md §2`: the official number of the esoteric
/// square when a piece of `color` and `kind` enters official square `n` (0–63), or `None`
/// when that colour does not trigger there. White triggers where the piece's bit is 1,
/// Black where it is 0; the esoteric square flips that bit.
///
/// # Examples
/// ```
/// use esoterica::rules::intrachange_chart::line_flip;
/// use esoterica::rules::{Color, PieceKind};
/// assert_eq!(line_flip(5, Color::White, PieceKind::Queen), None);
/// assert_eq!(line_flip(5, Color::White, PieceKind::Bishop), Some(1));
/// assert_eq!(line_flip(5, Color::Black, PieceKind::Knight), Some(13));
/// ```
pub fn line_flip(n: u8, color: Color, kind: PieceKind) -> Option<u8> {
    let bit = line(kind)?;
    let set = (n >> bit) & 1 == 1;
    let triggers = match color {
        Color::White => set,
        Color::Black => !set,
    };
    triggers.then_some((n ^ (1 << bit)) & 63)
}

/// One chart entry as written in the file.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Deserialize)]
pub struct ChartEntry {
    /// Official number of the exoteric square.
    pub square: u8,
    /// The colour that triggers.
    pub color: Color,
    /// The piece kind.
    pub piece: PieceKind,
    /// Official number of the esoteric square.
    pub esoteric: u8,
}

/// A documented difference between the chart file and the seed's printed chart.
#[derive(Clone, Debug, PartialEq, Eq, serde::Deserialize)]
pub struct ChartCorrection {
    /// Official number of the exoteric square.
    pub square: u8,
    /// The colour of the entry.
    pub color: Color,
    /// The piece kind of the entry.
    pub piece: PieceKind,
    /// The esoteric number the seed prints.
    pub seed: u8,
    /// The esoteric number the chart uses.
    pub esoteric: u8,
    /// Why (the ruling).
    pub reason: String,
}

/// The chart file as written (unvalidated).
#[derive(Clone, Debug, serde::Deserialize)]
#[serde(rename = "IntrachangeChart")]
struct ChartFile {
    numbering: Vec<u8>,
    entries: Vec<ChartEntry>,
    #[serde(default)]
    corrections: Vec<ChartCorrection>,
}

/// Why a chart text was rejected by [`load_chart`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ChartError {
    /// The text is not RON of the chart's shape.
    Syntax(String),
    /// `numbering` does not list 64 numbers.
    NumberingLength(usize),
    /// A number in `numbering` (or an entry) is outside 0–63.
    NumberOutOfRange {
        /// Where: `numbering`, `square` or `esoteric`.
        field: &'static str,
        /// The number.
        number: u8,
    },
    /// `numbering` gives one official number to two squares.
    DuplicateNumber {
        /// The number given twice.
        number: u8,
    },
    /// An entry names a piece kind Intrachange does not have.
    NotAPiece {
        /// Official number of the square.
        square: u8,
        /// The kind.
        piece: PieceKind,
    },
    /// Two entries for the same square and piece kind (whatever their colours).
    DuplicateEntry {
        /// Official number of the square.
        square: u8,
        /// The kind.
        piece: PieceKind,
    },
    /// No entry for a square and piece kind.
    MissingEntry {
        /// Official number of the square.
        square: u8,
        /// The kind.
        piece: PieceKind,
    },
    /// An entry sends a piece to the square it entered.
    EsotericIsExoteric {
        /// Official number of the square.
        square: u8,
        /// The kind.
        piece: PieceKind,
    },
    /// A listed correction does not match the entry it documents.
    CorrectionMismatch {
        /// Official number of the square.
        square: u8,
        /// The kind.
        piece: PieceKind,
    },
}

impl fmt::Display for ChartError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ChartError::Syntax(e) => write!(f, "the Intrachange chart is not readable: {e}"),
            ChartError::NumberingLength(n) => {
                write!(f, "the chart's numbering lists {n} squares, expected 64")
            }
            ChartError::NumberOutOfRange { field, number } => {
                write!(f, "the chart's {field} number {number} is outside 0–63")
            }
            ChartError::DuplicateNumber { number } => {
                write!(
                    f,
                    "the chart's numbering gives number {number} to two squares"
                )
            }
            ChartError::NotAPiece { square, piece } => write!(
                f,
                "the chart entry at square {square} names a {}, which Intrachange does not have",
                piece.name()
            ),
            ChartError::DuplicateEntry { square, piece } => write!(
                f,
                "the chart lists square {square} {} twice (one colour triggers per square and piece)",
                piece.name()
            ),
            ChartError::MissingEntry { square, piece } => write!(
                f,
                "the chart has no entry for square {square} {} (64 × 6 entries are needed)",
                piece.name()
            ),
            ChartError::EsotericIsExoteric { square, piece } => write!(
                f,
                "the chart sends a {} entering square {square} back to square {square}",
                piece.name()
            ),
            ChartError::CorrectionMismatch { square, piece } => write!(
                f,
                "the chart's correction for square {square} {} does not match its entry",
                piece.name()
            ),
        }
    }
}

impl std::error::Error for ChartError {}

/// A validated chart: the numbering and, per (square, piece kind), the triggering colour and
/// the esoteric square. Lookups by board square are precomputed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Chart {
    /// Official number of each board square (index = rank * 8 + file).
    numbers: [u8; 64],
    /// Board square of each official number.
    squares: [u8; 64],
    /// `(official number, line)` → (triggering colour, esoteric official number).
    table: [[(Color, u8); 6]; 64],
    /// `[color][line][board square]` → esoteric board square (`u8::MAX` = no trigger).
    by_square: [[[u8; 64]; 6]; 2],
    corrections: Vec<ChartCorrection>,
}

const NO_TRIGGER: u8 = u8::MAX;

impl Chart {
    /// The chart built from the line-flip rule and the numbering formula alone
    /// (`rules/intrachange.md §1–§2`), for comparison with the data.
    pub fn from_rule() -> Chart {
        let mut numbers = [0u8; 64];
        for (i, n) in numbers.iter_mut().enumerate() {
            *n = number((i % 8) as u8, (i / 8) as u8);
        }
        let mut table = [[(Color::White, 0u8); 6]; 64];
        for (n, row) in table.iter_mut().enumerate() {
            for kind in PieceKind::STANDARD {
                let Some(bit) = line(kind) else { continue };
                for color in Color::BOTH {
                    if let Some(y) = line_flip(n as u8, color, kind) {
                        row[bit as usize] = (color, y);
                    }
                }
            }
        }
        Chart::build(numbers, table, Vec::new())
    }

    fn build(
        numbers: [u8; 64],
        table: [[(Color, u8); 6]; 64],
        corrections: Vec<ChartCorrection>,
    ) -> Chart {
        let mut squares = [0u8; 64];
        for (sq, &n) in numbers.iter().enumerate() {
            squares[n as usize] = sq as u8;
        }
        let mut by_square = [[[NO_TRIGGER; 64]; 6]; 2];
        for sq in 0..64 {
            let n = numbers[sq] as usize;
            for bit in 0..6 {
                let (color, y) = table[n][bit];
                by_square[color.index()][bit][sq] = squares[y as usize];
            }
        }
        Chart {
            numbers,
            squares,
            table,
            by_square,
            corrections,
        }
    }

    /// The official number of a board square (index = rank * 8 + file, a1 = 0).
    pub fn number_of(&self, sq: Square) -> u8 {
        self.numbers[sq.index() % 64]
    }

    /// The board square that carries official number `n` (0–63; taken modulo 64).
    pub fn square_of(&self, n: u8) -> Square {
        Square(self.squares[(n % 64) as usize])
    }

    /// The chart entry for official square `n` and a piece kind: (triggering colour,
    /// esoteric number). `None` for kinds without a line.
    pub fn entry(&self, n: u8, kind: PieceKind) -> Option<(Color, u8)> {
        let bit = line(kind)?;
        Some(self.table[(n % 64) as usize][bit as usize])
    }

    /// Where `piece` is transferred when it enters board square `sq` by an exoteric move,
    /// or `None` when it stays (`rules/intrachange.md §2`).
    ///
    /// # Examples
    /// ```
    /// use esoterica::rules::intrachange_chart::chart;
    /// use esoterica::rules::{BoardShape, Color, Piece, PieceKind};
    /// let s = BoardShape::Standard;
    /// let e4 = s.parse_square("e4").unwrap();
    /// let white_pawn = Piece::new(Color::White, PieceKind::Pawn);
    /// assert_eq!(chart().esoteric(e4, white_pawn), Some(s.parse_square("e6").unwrap()));
    /// ```
    #[inline]
    pub fn esoteric(&self, sq: Square, piece: Piece) -> Option<Square> {
        let bit = line(piece.kind)?;
        let y = self.by_square[piece.color.index()][bit as usize][sq.index() % 64];
        (y != NO_TRIGGER).then_some(Square(y))
    }

    /// The documented differences from the seed's printed chart (ruling I-1).
    pub fn corrections(&self) -> &[ChartCorrection] {
        &self.corrections
    }
}

/// Reads and validates a chart text (the format of `assets/intrachange-chart.ron`): 64
/// distinct numbers 0–63, and exactly one entry — one triggering colour — for each of the
/// 64 × 6 (square, piece) pairs, with esoteric numbers 0–63.
///
/// # Errors
/// [`ChartError`]: [`ChartError::Syntax`] for unreadable RON, then the first problem found
/// in the numbering, the entries (range, kind, duplicates, self-loops, coverage) and the
/// corrections. Never panics.
///
/// # Examples
/// ```
/// use esoterica::rules::intrachange_chart::{load_chart, EMBEDDED_CHART, ChartError};
/// assert!(load_chart(EMBEDDED_CHART).is_ok());
/// assert!(matches!(load_chart("IntrachangeChart(numbering: [], entries: [])"),
///     Err(ChartError::NumberingLength(0))));
/// ```
pub fn load_chart(text: &str) -> Result<Chart, ChartError> {
    let file: ChartFile = ron::from_str(text).map_err(|e| ChartError::Syntax(e.to_string()))?;
    if file.numbering.len() != 64 {
        return Err(ChartError::NumberingLength(file.numbering.len()));
    }
    let mut numbers = [0u8; 64];
    let mut seen = [false; 64];
    for (i, &n) in file.numbering.iter().enumerate() {
        if n > 63 {
            return Err(ChartError::NumberOutOfRange {
                field: "numbering",
                number: n,
            });
        }
        if seen[n as usize] {
            return Err(ChartError::DuplicateNumber { number: n });
        }
        seen[n as usize] = true;
        numbers[i] = n;
    }
    let mut table: [[Option<(Color, u8)>; 6]; 64] = [[None; 6]; 64];
    for e in &file.entries {
        if e.square > 63 {
            return Err(ChartError::NumberOutOfRange {
                field: "square",
                number: e.square,
            });
        }
        if e.esoteric > 63 {
            return Err(ChartError::NumberOutOfRange {
                field: "esoteric",
                number: e.esoteric,
            });
        }
        let Some(bit) = line(e.piece) else {
            return Err(ChartError::NotAPiece {
                square: e.square,
                piece: e.piece,
            });
        };
        if e.esoteric == e.square {
            return Err(ChartError::EsotericIsExoteric {
                square: e.square,
                piece: e.piece,
            });
        }
        let cell = &mut table[e.square as usize][bit as usize];
        if cell.is_some() {
            return Err(ChartError::DuplicateEntry {
                square: e.square,
                piece: e.piece,
            });
        }
        *cell = Some((e.color, e.esoteric));
    }
    let mut full = [[(Color::White, 0u8); 6]; 64];
    for n in 0..64u8 {
        for kind in PieceKind::STANDARD {
            let Some(bit) = line(kind) else { continue };
            match table[n as usize][bit as usize] {
                Some(v) => full[n as usize][bit as usize] = v,
                None => {
                    return Err(ChartError::MissingEntry {
                        square: n,
                        piece: kind,
                    });
                }
            }
        }
    }
    for c in &file.corrections {
        let ok = c.square <= 63
            && line(c.piece)
                .is_some_and(|bit| full[c.square as usize][bit as usize] == (c.color, c.esoteric))
            && c.seed != c.esoteric;
        if !ok {
            return Err(ChartError::CorrectionMismatch {
                square: c.square,
                piece: c.piece,
            });
        }
    }
    Ok(Chart::build(numbers, full, file.corrections))
}

/// The chart the rules use: the embedded `assets/intrachange-chart.ron`, loaded once.
/// Should the embedded text ever fail to load (the test `embedded_chart_loads` forbids it),
/// the chart built from the rule ([`Chart::from_rule`]) is used instead, so this never
/// panics.
pub fn chart() -> &'static Chart {
    static CHART: OnceLock<Chart> = OnceLock::new();
    CHART.get_or_init(|| load_chart(EMBEDDED_CHART).unwrap_or_else(|_| Chart::from_rule()))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::geometry::BoardShape;

    const SEED_CHARTS: &str = include_str!("../../../../tests/data/intrachange-seed-charts.txt");

    fn sq(name: &str) -> Square {
        BoardShape::Standard.parse_square(name).unwrap()
    }

    /// The seed's printed entries: (square, colour, kind, esoteric), in printed order.
    fn seed_entries() -> Vec<ChartEntry> {
        let mut out = Vec::new();
        let mut heads: Vec<u8> = Vec::new();
        for l in SEED_CHARTS.lines() {
            if l.starts_with('#') {
                continue;
            }
            if l.starts_with("SQUARE") {
                heads = l
                    .split("SQUARE")
                    .filter_map(|t| t.trim().parse().ok())
                    .collect();
                continue;
            }
            let cells: Vec<&str> = l.split_whitespace().collect();
            assert_eq!(cells.len(), 16, "{l}");
            for (k, &n) in heads.iter().enumerate() {
                let code = cells[2 * k].as_bytes();
                let color = if code[0] == b'W' {
                    Color::White
                } else {
                    Color::Black
                };
                let piece = PieceKind::from_letter(code[1] as char, false).unwrap();
                out.push(ChartEntry {
                    square: n,
                    color,
                    piece,
                    esoteric: cells[2 * k + 1].parse().unwrap(),
                });
            }
        }
        out
    }

    #[test]
    fn embedded_chart_loads() {
        let c = load_chart(EMBEDDED_CHART).unwrap();
        assert_eq!(c.corrections().len(), 1);
        assert_eq!(&c, chart());
    }

    #[test]
    fn rule_1_numbering_examples() {
        let c = chart();
        for (name, n) in [
            ("a1", 9),
            ("e5", 0),
            ("d4", 63),
            ("h8", 54),
            ("e1", 8),
            ("f1", 11),
        ] {
            assert_eq!(c.number_of(sq(name)), n, "{name}");
            assert_eq!(c.square_of(n), sq(name));
        }
        for i in 0..64u8 {
            assert_eq!(c.number_of(Square(i)), number(i % 8, i / 8));
        }
    }

    #[test]
    fn rule_2_chart_equals_the_line_flip_rule_everywhere() {
        // The data file itself, not `chart()` (which would fall back to the rule).
        let data = load_chart(EMBEDDED_CHART).unwrap();
        let rule = Chart::from_rule();
        assert_eq!(data.numbers, rule.numbers);
        assert_eq!(data.table, rule.table);
        assert_eq!(data.by_square, rule.by_square);
        for n in 0..64u8 {
            for kind in PieceKind::STANDARD {
                for color in Color::BOTH {
                    let from_data = match data.entry(n, kind) {
                        Some((c, y)) if c == color => Some(y),
                        _ => None,
                    };
                    assert_eq!(from_data, line_flip(n, color, kind), "{n} {color} {kind:?}");
                }
            }
        }
    }

    #[test]
    fn rule_2_geometric_jumps() {
        let c = chart();
        let w = |k| Piece::new(Color::White, k);
        let b = |k| Piece::new(Color::Black, k);
        // King a<->e, Queen a<->f, Bishop a<->g along the rank; Knight 1<->5, Rook 1<->6,
        // Pawn 1<->7 along the file. Each (square, kind) triggers for exactly one colour.
        for (k, from, to) in [
            (PieceKind::King, "a1", "e1"),
            (PieceKind::Queen, "a1", "f1"),
            (PieceKind::Bishop, "a1", "g1"),
            (PieceKind::Knight, "a1", "a5"),
            (PieceKind::Rook, "a1", "a6"),
            (PieceKind::Pawn, "a1", "a7"),
        ] {
            let hit = c.esoteric(sq(from), w(k)).or(c.esoteric(sq(from), b(k)));
            assert_eq!(hit, Some(sq(to)), "{k:?}");
            assert!(c.esoteric(sq(from), w(k)).is_some() != c.esoteric(sq(from), b(k)).is_some());
        }
    }

    #[test]
    fn ruling_i1_correction_is_the_only_deviation_from_the_seed() {
        let seed = seed_entries();
        assert_eq!(seed.len(), 384);
        let file: ChartFile = ron::from_str(EMBEDDED_CHART).unwrap();
        assert_eq!(file.entries.len(), 384);
        let diffs: Vec<(ChartEntry, ChartEntry)> = seed
            .iter()
            .zip(&file.entries)
            .filter(|(a, b)| a != b)
            .map(|(a, b)| (*a, *b))
            .collect();
        let expect = |e| ChartEntry {
            square: 57,
            color: Color::Black,
            piece: PieceKind::Queen,
            esoteric: e,
        };
        assert_eq!(diffs, vec![(expect(61), expect(59))]);
        let c = &file.corrections[0];
        assert_eq!(
            (c.square, c.color, c.piece, c.seed, c.esoteric),
            (57, Color::Black, PieceKind::Queen, 61, 59)
        );
        // The seed's other 383 entries agree with the rule; its typo does not.
        for e in &seed {
            let rule = line_flip(e.square, e.color, e.piece);
            if (e.square, e.piece) == (57, PieceKind::Queen) {
                assert_eq!(rule, Some(59));
            } else {
                assert_eq!(rule, Some(e.esoteric), "{e:?}");
            }
        }
    }

    #[test]
    fn seed_examples_square_5() {
        let c = chart();
        assert_eq!(c.entry(5, PieceKind::Queen), Some((Color::Black, 7)));
        let five = c.square_of(5);
        assert_eq!(five, sq("g5"));
        assert_eq!(
            c.esoteric(five, Piece::new(Color::White, PieceKind::Queen)),
            None
        );
        assert_eq!(
            c.esoteric(five, Piece::new(Color::White, PieceKind::Bishop)),
            Some(c.square_of(1))
        );
        assert_eq!(
            c.esoteric(five, Piece::new(Color::Black, PieceKind::Knight)),
            Some(c.square_of(13))
        );
    }

    fn edited(from: &str, to: &str) -> String {
        assert!(EMBEDDED_CHART.contains(from), "{from}");
        EMBEDDED_CHART.replacen(from, to, 1)
    }

    #[test]
    fn broken_charts_are_rejected_with_the_reason() {
        assert!(matches!(load_chart("not ron"), Err(ChartError::Syntax(_))));
        assert!(matches!(load_chart(""), Err(ChartError::Syntax(_))));
        assert_eq!(
            load_chart(&edited(
                "(square: 0, color: Black, piece: King, esoteric: 1),",
                ""
            )),
            Err(ChartError::MissingEntry {
                square: 0,
                piece: PieceKind::King
            })
        );
        assert_eq!(
            load_chart(&edited(
                "(square: 0, color: Black, piece: King, esoteric: 1)",
                "(square: 0, color: White, piece: King, esoteric: 1), (square: 0, color: Black, piece: King, esoteric: 1)"
            )),
            Err(ChartError::DuplicateEntry {
                square: 0,
                piece: PieceKind::King
            })
        );
        assert_eq!(
            load_chart(&edited(
                "piece: King, esoteric: 1)",
                "piece: King, esoteric: 64)"
            )),
            Err(ChartError::NumberOutOfRange {
                field: "esoteric",
                number: 64
            })
        );
        assert_eq!(
            load_chart(&edited(
                "piece: King, esoteric: 1)",
                "piece: King, esoteric: 0)"
            )),
            Err(ChartError::EsotericIsExoteric {
                square: 0,
                piece: PieceKind::King
            })
        );
        assert_eq!(
            load_chart(&edited(
                "(square: 0, color: Black, piece: King",
                "(square: 99, color: Black, piece: King"
            )),
            Err(ChartError::NumberOutOfRange {
                field: "square",
                number: 99
            })
        );
        assert_eq!(
            load_chart(&edited(
                "(square: 0, color: Black, piece: King",
                "(square: 0, color: Black, piece: Guard"
            )),
            Err(ChartError::NotAPiece {
                square: 0,
                piece: PieceKind::Guard
            })
        );
        assert_eq!(
            load_chart(&edited(" 9, 10, 12,", " 9, 9, 12,")),
            Err(ChartError::DuplicateNumber { number: 9 })
        );
        assert_eq!(
            load_chart(&edited(" 9, 10, 12,", " 9, 12,")),
            Err(ChartError::NumberingLength(63))
        );
        assert_eq!(
            load_chart(&edited(" 9, 10, 12,", " 9, 70, 12,")),
            Err(ChartError::NumberOutOfRange {
                field: "numbering",
                number: 70
            })
        );
        assert_eq!(
            load_chart(&edited("seed: 61, esoteric: 59", "seed: 61, esoteric: 58")),
            Err(ChartError::CorrectionMismatch {
                square: 57,
                piece: PieceKind::Queen
            })
        );
        // Every error has a message.
        assert!(
            ChartError::MissingEntry {
                square: 3,
                piece: PieceKind::Rook
            }
            .to_string()
            .contains("square 3 Rook")
        );
    }
}
