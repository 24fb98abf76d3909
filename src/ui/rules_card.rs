//! Rules cards: a short description of each variant. Loaded from
//! `assets/rules-cards/<variant>.md` when present (searched next to `BEVY_ASSET_ROOT`, the
//! crate directory, the working directory and the executable), otherwise the card built into the
//! rules ([`VariantRules::rules_card`](crate::rules::variants::VariantRules::rules_card)).

use std::collections::HashMap;
use std::path::PathBuf;

use bevy::prelude::*;

use crate::rules::Variant;

/// Loaded rules cards, by variant.
#[derive(Resource, Debug, Default)]
pub struct RulesCards(HashMap<Variant, String>);

impl RulesCards {
    /// The card of `variant` (the file if found, else the built-in one), cached after the
    /// first read.
    pub fn card(&mut self, variant: Variant) -> &str {
        self.0.entry(variant).or_insert_with(|| {
            load(variant).unwrap_or_else(|| variant.rules().rules_card().to_string())
        })
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
