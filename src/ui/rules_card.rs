//! Rules cards: a short description of each variant. Loaded from
//! `assets/rules-cards/<variant>.md` when present (searched next to `BEVY_ASSET_ROOT`, the
//! crate directory, the working directory and the executable), otherwise a built-in text.

use std::collections::HashMap;
use std::path::PathBuf;

use bevy::prelude::*;

use crate::rules::Variant;

/// Loaded rules cards, by variant.
#[derive(Resource, Debug, Default)]
pub struct RulesCards(HashMap<Variant, String>);

impl RulesCards {
    /// The card of `variant` (file if found, else built-in), cached after the first read.
    pub fn card(&mut self, variant: Variant) -> &str {
        self.0
            .entry(variant)
            .or_insert_with(|| load(variant).unwrap_or_else(|| builtin(variant).to_string()))
    }
}

fn asset_dirs() -> Vec<PathBuf> {
    let mut dirs = Vec::new();
    if let Ok(root) = std::env::var("BEVY_ASSET_ROOT") {
        dirs.push(PathBuf::from(root).join("assets"));
    }
    if let Ok(root) = std::env::var("CARGO_MANIFEST_DIR") {
        dirs.push(PathBuf::from(root).join("assets"));
    }
    dirs.push(PathBuf::from("assets"));
    if let Some(dir) = std::env::current_exe()
        .ok()
        .and_then(|p| p.parent().map(PathBuf::from))
    {
        dirs.push(dir.join("assets"));
    }
    dirs.push(PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("assets"));
    dirs
}

fn load(variant: Variant) -> Option<String> {
    asset_dirs().into_iter().find_map(|d| {
        std::fs::read_to_string(d.join("rules-cards").join(format!("{}.md", variant.name()))).ok()
    })
}

/// The built-in card of a variant (in our own words).
pub fn builtin(variant: Variant) -> &'static str {
    match variant {
        Variant::Standard => {
            "Standard chess. Checkmate the enemy King. Castling, en passant and promotion as usual; \
             draws by stalemate, threefold repetition, the 50-move rule and insufficient material."
        }
        Variant::Intrachange => {
            "Every square carries a number 0–63, read as a hexagram. Each piece type owns one line \
             of it. When a piece lands on a square whose line is set for its colour (solid for \
             White, broken for Black), it teleports at once to the square with that line flipped: \
             King, Queen and Bishop jump along the rank, Knight, Rook and Pawn along the file.\n\n\
             A teleporting piece passes through an enemy on its first square and captures one on \
             its landing square. There is no check: win by capturing the King. Pawns never \
             promote: reaching the 7th rank sends them back to their 1st.\n\n\
             Press G for square numbers and H for hexagrams. Selecting a piece shows each \
             destination and, with an arrow, where it would land."
        }
        Variant::ForceField => {
            "Every piece but the King charges the empty squares it could move to or through \
             (Pawn 1, Knight 2, Bishop 3, Rook 4, Queen 5). Add White's charges, subtract \
             Black's: the sign says who controls each empty square. A piece other than the King \
             may not move to or through a square the opponent controls. Otherwise standard \
             chess; checkmate wins."
        }
        Variant::Parity | Variant::ParitySingle => {
            "Both sides move at the same time: White commits a move in secret, then Black, then \
             both are revealed and resolved together. Pieces that land on the same square share \
             it; a capture can fail if its target moved away. A piece that just moved rests for \
             one turn. In Single Occupation a shared square must be left at once."
        }
        Variant::BigOuter => {
            "A 12×12 board with four extra corner squares (148 squares). New pieces: the Guard \
             (G), the Matriarch (M) and the Jumper (J); the Knight (ringed) leaps differently in \
             the outer, middle and central zones. Pawns promote on the far rank to any of the \
             seven kinds. Checkmate wins."
        }
        Variant::Bully => {
            "Standard chess, but a piece may only capture a piece of equal or lower value \
             (Pawn 1, Knight 2, Bishop 3, Rook 5, Queen 9; the King may take anything). Checkmate wins."
        }
        Variant::Nonviolent => {
            "Standard chess without captures: pieces block each other but never take. \
             Check and checkmate work as usual, so mate still wins; a side with no legal move is stalemated (draw)."
        }
    }
}
