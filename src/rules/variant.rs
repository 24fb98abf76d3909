//! The variants Esoterica plays, as names: the [`Variant`] enum, its names on the command
//! line and in PGN, and the [`TurnModel`]. Plain data below the rules: what a variant
//! has (its capabilities: board shape, turn model, fields, zones, …) and its rules are
//! asked through the methods the registry adds (`variants/registry.rs`), each answered by
//! the variant's own rules in `variants/<name>/`.

use std::fmt;

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
