//! The registry of the variants Esoterica plays: their names on the command line and in PGN,
//! and the capabilities the rest of the program asks (board shape, turn model, fields,
//! zones, …), each answered by the variant's own rules in `variants/<name>/`.

use std::fmt;

use super::classic::CaptureRule;
use super::geometry::BoardShape;
use super::piece::PieceKind;
use super::variants::{Capabilities, VariantRules};

/// Runs `$body` with `$r` bound to the rules of `$variant` (a reference to the variant's
/// zero-sized rules type), so that the trait calls in `$body` are static.
///
/// ```ignore
/// with_rules!(pos.variant, r => r.legal_moves(pos, out))
/// ```
macro_rules! with_rules {
    ($variant:expr, $r:ident => $body:expr) => {
        match $variant {
            $crate::rules::Variant::Standard => {
                let $r = &$crate::rules::variants::standard::Standard;
                $body
            }
            $crate::rules::Variant::Intrachange => {
                let $r = &$crate::rules::variants::intrachange::Intrachange;
                $body
            }
            $crate::rules::Variant::ForceField => {
                let $r = &$crate::rules::variants::force_field::ForceField;
                $body
            }
            $crate::rules::Variant::Parity => {
                let $r = &$crate::rules::variants::parity::Parity::<false>;
                $body
            }
            $crate::rules::Variant::ParitySingle => {
                let $r = &$crate::rules::variants::parity::Parity::<true>;
                $body
            }
            $crate::rules::Variant::BigOuter => {
                let $r = &$crate::rules::variants::big_outer::BigOuter;
                $body
            }
            $crate::rules::Variant::Bully => {
                let $r = &$crate::rules::variants::bully::Bully;
                $body
            }
            $crate::rules::Variant::Nonviolent => {
                let $r = &$crate::rules::variants::nonviolent::Nonviolent;
                $body
            }
        }
    };
}
pub(crate) use with_rules;

/// A chess variant.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub enum Variant {
    /// Standard (FIDE) chess.
    Standard,
    /// Intrachange: exoteric → esoteric teleports by the hexagram charts
    /// (`rules/intrachange.md`).
    Intrachange,
    /// Force Field Chess: charges control empty squares (`rules/force-field.md`).
    ForceField,
    /// Parity Chess: simultaneous moves, shared squares (`rules/parity.md`).
    Parity,
    /// Parity Chess with Single Occupation (`rules/parity.md §5`).
    ParitySingle,
    /// Big Outer Chess on 148 squares (`rules/big-outer.md`).
    BigOuter,
    /// Bully Chess: capture only equal or lower value (`rules/bully-nonviolent.md`).
    Bully,
    /// Nonviolent Chess: no captures (`rules/bully-nonviolent.md`).
    Nonviolent,
}

/// How turns are taken.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TurnModel {
    /// White, Black, White … one move each.
    Alternating,
    /// Both sides commit a move, then both are revealed and resolved together.
    Simultaneous,
}

/// An unknown variant name.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownVariant(pub String);

impl fmt::Display for UnknownVariant {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "unknown variant '{}' (expected one of: {})",
            self.0,
            Variant::ALL.map(Variant::name).join(" ")
        )
    }
}

impl std::error::Error for UnknownVariant {}

impl Variant {
    /// Every variant, in menu order.
    pub const ALL: [Variant; 8] = [
        Variant::Standard,
        Variant::Intrachange,
        Variant::ForceField,
        Variant::Parity,
        Variant::ParitySingle,
        Variant::BigOuter,
        Variant::Bully,
        Variant::Nonviolent,
    ];

    /// The command-line name: `standard intrachange force-field parity parity-single
    /// big-outer bully nonviolent`.
    pub fn name(self) -> &'static str {
        match self {
            Variant::Standard => "standard",
            Variant::Intrachange => "intrachange",
            Variant::ForceField => "force-field",
            Variant::Parity => "parity",
            Variant::ParitySingle => "parity-single",
            Variant::BigOuter => "big-outer",
            Variant::Bully => "bully",
            Variant::Nonviolent => "nonviolent",
        }
    }

    /// The display name, also the value of the PGN `Variant` tag.
    pub fn title(self) -> &'static str {
        match self {
            Variant::Standard => "Standard",
            Variant::Intrachange => "Intrachange",
            Variant::ForceField => "Force Field",
            Variant::Parity => "Parity",
            Variant::ParitySingle => "Parity Single Occupation",
            Variant::BigOuter => "Big Outer",
            Variant::Bully => "Bully",
            Variant::Nonviolent => "Nonviolent",
        }
    }

    /// Reads a command-line name or a PGN title (case-insensitive; `chess` and `Normal`
    /// mean standard).
    ///
    /// # Errors
    /// [`UnknownVariant`] for any other text.
    pub fn parse(text: &str) -> Result<Variant, UnknownVariant> {
        let t = text.trim().to_ascii_lowercase();
        if matches!(t.as_str(), "chess" | "normal" | "fide") {
            return Ok(Variant::Standard);
        }
        Variant::ALL
            .into_iter()
            .find(|v| v.name() == t || v.title().to_ascii_lowercase() == t)
            .ok_or_else(|| UnknownVariant(text.to_string()))
    }

    /// The variant's rules (the trait object; the capability methods below dispatch
    /// statically).
    pub fn rules(self) -> &'static dyn VariantRules {
        super::variants::rules_of(self)
    }

    /// What the variant has, as data (each variant's `CAPABILITIES`); the methods below read
    /// it.
    #[inline]
    pub fn capabilities(self) -> &'static Capabilities {
        use super::variants::{
            big_outer, bully, force_field, intrachange, nonviolent, parity, standard,
        };
        match self {
            Variant::Standard => &standard::CAPABILITIES,
            Variant::Intrachange => &intrachange::CAPABILITIES,
            Variant::ForceField => &force_field::CAPABILITIES,
            Variant::Parity => &parity::CAPABILITIES,
            Variant::ParitySingle => &parity::SINGLE_CAPABILITIES,
            Variant::BigOuter => &big_outer::CAPABILITIES,
            Variant::Bully => &bully::CAPABILITIES,
            Variant::Nonviolent => &nonviolent::CAPABILITIES,
        }
    }

    /// The board shape.
    #[inline]
    pub fn shape(self) -> BoardShape {
        self.capabilities().shape
    }

    /// Alternating or simultaneous turns.
    #[inline]
    pub fn turn_model(self) -> TurnModel {
        self.capabilities().turn_model
    }
}

/// Capabilities: what a variant has, for code outside the variant's rules (the board, the
/// panels, the bots) to ask instead of comparing names. Each answer comes from the
/// variant's own [`VariantRules`] implementation.
impl Variant {
    /// Empty squares carry charges and the stronger side controls them
    /// (`rules/force-field.md §1–2`).
    #[inline]
    pub fn has_fields(self) -> bool {
        self.capabilities().fields
    }

    /// The board has zones that change how pieces move (`rules/big-outer.md §1–2`).
    #[inline]
    pub fn has_zones(self) -> bool {
        self.capabilities().zones
    }

    /// Pieces entering some squares teleport (exoteric → esoteric move); every square has a
    /// hexagram number (`rules/intrachange.md §2`).
    #[inline]
    pub fn has_teleports(self) -> bool {
        self.capabilities().teleports
    }

    /// A piece that moved rests the next turn, and enemy pieces may share a square
    /// (`rules/parity.md §2`).
    #[inline]
    pub fn has_resting_pieces(self) -> bool {
        self.capabilities().resting_pieces
    }

    /// Pieces sharing a square must leave it the next turn (`rules/parity.md §5`).
    #[inline]
    pub fn has_single_occupation(self) -> bool {
        self.capabilities().single_occupation
    }

    /// Piece kinds beyond the standard six (Guard, Matriarch, Jumper, outer Knight) and the
    /// four corner squares (`rules/big-outer.md §1`).
    #[inline]
    pub fn has_fairy_pieces(self) -> bool {
        self.capabilities().fairy_pieces
    }

    /// Whether the King castles (Intrachange: no, `rules/intrachange.md §3.1`).
    #[inline]
    pub fn has_castling(self) -> bool {
        self.capabilities().castling
    }

    /// Whether a pawn may take en passant (Intrachange: no).
    #[inline]
    pub fn has_en_passant(self) -> bool {
        self.capabilities().en_passant
    }

    /// Whether a King can be in check (Intrachange: no, `rules/intrachange.md §4`).
    #[inline]
    pub fn has_check(self) -> bool {
        self.capabilities().check
    }

    /// Whether a King can actually be captured, ending the game (Intrachange §3.3; Parity,
    /// ruling P-4), so a position may lack one.
    #[inline]
    pub fn kings_can_be_captured(self) -> bool {
        self.capabilities().kings_can_be_captured
    }

    /// Whether a pawn may stand on its own first rank (Intrachange's pawn return, §3.4).
    #[inline]
    pub fn pawns_return_home(self) -> bool {
        self.capabilities().pawns_return_home
    }

    /// Which captures the movement allows (Bully: by value; Nonviolent: none).
    #[inline]
    pub fn capture_rule(self) -> CaptureRule {
        self.capabilities().capture_rule
    }

    /// The kinds a pawn may promote to, strongest first (empty: pawns never promote).
    #[inline]
    pub fn promotion_kinds(self) -> &'static [PieceKind] {
        self.capabilities().promotions
    }
}

impl Variant {
    /// Whether this is the chess every UCI engine plays without a `UCI_Variant` option
    /// (standard chess); an engine plays any other variant only if it lists it.
    #[inline]
    pub fn is_plain_uci_chess(self) -> bool {
        self == Variant::Standard
    }
}

impl Default for Variant {
    /// Standard chess, the base of them all.
    fn default() -> Self {
        Variant::Standard
    }
}

impl fmt::Display for Variant {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.title())
    }
}

impl std::str::FromStr for Variant {
    type Err = UnknownVariant;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Variant::parse(s)
    }
}
