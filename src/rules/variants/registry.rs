//! The registry: from a [`Variant`] to its rules. `with_rules!` (a `match` on the variant
//! with no wildcard arm: a new variant is a compile error until it is registered here)
//! binds the variant's zero-sized rules type so the calls in its body are static;
//! [`Variant::rules`] gives the trait object, and the capability methods of [`Variant`]
//! read the variant's own [`Capabilities`]. These methods live here, above the variants,
//! so that `rules/variant.rs` stays plain data that the classic building blocks may use.

use crate::rules::classic::CaptureRule;
use crate::rules::geometry::BoardShape;
use crate::rules::piece::PieceKind;
use crate::rules::refusal::{Refusal, RuleRef};
use crate::rules::variant::{TurnModel, Variant};

use super::{Capabilities, VariantRules};

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

impl Variant {
    /// The variant's rules (the trait object; the capability methods below dispatch
    /// statically).
    pub fn rules(self) -> &'static dyn VariantRules {
        super::rules_of(self)
    }

    /// What the variant has, as data (each variant's `CAPABILITIES`); the methods below read
    /// it.
    #[inline]
    pub fn capabilities(self) -> &'static Capabilities {
        use super::{big_outer, bully, force_field, intrachange, nonviolent, parity, standard};
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

impl Refusal {
    /// The rule the move breaks, as data.
    ///
    /// # Examples
    /// ```
    /// use esoterica::rules::{Position, Variant};
    /// let mut p = Position::new(Variant::ForceField);
    /// p.play(&p.parse_move("e2e4").unwrap());
    /// let b7b5 = esoterica::rules::Move::new(
    ///     p.shape().parse_square("b7").unwrap(),
    ///     p.shape().parse_square("b5").unwrap(),
    /// );
    /// let refusal = p.judge(&b7b5).unwrap_err();
    /// let rule = refusal.rule();
    /// assert_eq!((rule.doc, rule.section), ("force-field", "§3"));
    /// ```
    pub fn rule(&self) -> RuleRef {
        let rules = self.variant.rules();
        rules
            .rule_of(&self.reason)
            .unwrap_or_else(|| super::standard::rule_of(&self.reason))
    }
}
