//! The rules core: plain Rust, no Bevy (CI greps for it). The single source of truth for
//! every variant: geometry, pieces, positions, legal moves, resolution effects, outcomes,
//! notation and perft. Deterministic: no clock, no global RNG, stable move order.

pub mod board;
pub mod classic;
pub mod clock;
pub mod geometry;
pub mod goal;
pub mod moves;
pub mod narrate;
pub mod notation;
pub mod outcome;
pub mod perft;
pub mod piece;
pub mod position;
pub mod preview;
pub mod record;
pub mod refusal;
pub mod setup;
pub mod variant;
pub mod variants;

pub use board::Board;
pub use geometry::{BoardShape, Direction, Square, Zone};
pub use moves::{CheckKind, Effect, Fact, Move, Special, Stage};
pub use outcome::{DrawReason, Outcome, WinReason};
pub use piece::{Color, Piece, PieceKind};
pub use position::{GameOptions, Position, Wing};
pub use record::{Entry, GameRecord};
pub use refusal::{IllegalMove, MoveError, Reason, Refusal, RuleRef};
pub use variant::{TurnModel, Variant};
pub use variants::VariantRules;

/// The Intrachange chart, under its former path (it lives in `variants/intrachange/`).
pub use variants::intrachange::chart as intrachange_chart;

#[cfg(test)]
mod tests {
    use std::path::Path;

    /// The files of `dir` (a folder under `src/rules`), sorted, with their text.
    fn sources(dir: &str) -> Vec<(String, String)> {
        let root = Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("src/rules")
            .join(dir);
        let mut files: Vec<_> = std::fs::read_dir(&root)
            .unwrap_or_else(|e| panic!("{}: {e}", root.display()))
            .map(|entry| entry.expect("a readable folder entry").path())
            .filter(|path| path.extension().is_some_and(|ext| ext == "rs"))
            .collect();
        files.sort();
        files
            .into_iter()
            .map(|path| {
                let text = std::fs::read_to_string(&path).expect("a readable source file");
                let file = path.file_name().map(|f| f.to_string_lossy().into_owned());
                (format!("{dir}/{}", file.unwrap_or_default()), text)
            })
            .collect()
    }

    /// `text` without its `//` comments (doc comments included), line by line.
    fn code(text: &str) -> String {
        text.lines()
            .map(|line| line.find("//").map_or(line, |at| &line[..at]))
            .collect::<Vec<_>>()
            .join("\n")
    }

    /// The identifiers of `code`, in order.
    fn identifiers(code: &str) -> impl Iterator<Item = &str> {
        code.split(|c: char| !(c.is_alphanumeric() || c == '_'))
            .filter(|word| !word.is_empty())
    }

    /// The classic building blocks are a leaf of the rules core: no file under
    /// `src/rules/classic` (its tests included) names the variants, their trait or their
    /// dispatcher; the blocks get a variant's rules as a `ClassicHooks` argument.
    #[test]
    fn classic_never_refers_to_the_variants() {
        let files = sources("classic");
        assert!(files.len() > 10, "{} files", files.len());
        for (name, text) in &files {
            let code = code(text);
            for word in identifiers(&code) {
                assert!(
                    !matches!(
                        word,
                        "variants" | "VariantRules" | "with_rules" | "rules_of"
                    ),
                    "{name} refers to `{word}`: classic must not depend on the variants"
                );
            }
        }
    }

    /// Nor does the code of the classic blocks (tests aside) reach the variants through the
    /// position: it asks neither the position's variant (`.variant`) nor a method of
    /// [`Position`](super::Position) that the variants define (`variants/position_rules.rs`)
    /// except through its rules argument (`rules.in_check(..)`).
    #[test]
    fn classic_blocks_ask_the_variant_only_through_their_rules_argument() {
        let position_rules = sources("variants")
            .into_iter()
            .find(|(name, _)| name.ends_with("position_rules.rs"))
            .map(|(_, text)| code(&text))
            .expect("variants/position_rules.rs");
        let methods: Vec<&str> = position_rules
            .split("fn ")
            .skip(1)
            .filter_map(|rest| identifiers(rest).next())
            .collect();
        assert!(methods.contains(&"legal_moves") && methods.contains(&"in_check"));
        for (name, text) in sources("classic") {
            if name.ends_with("tests.rs") {
                continue;
            }
            let code = code(text.split("#[cfg(test)]").next().unwrap_or(""));
            // `receiver . method (` with any spacing, the receiver's last identifier kept.
            let flat: String = code.split_whitespace().collect::<Vec<_>>().join(" ");
            let flat = flat
                .replace(" .", ".")
                .replace(". ", ".")
                .replace(" (", "(");
            for (at, _) in flat.match_indices('.') {
                let receiver = identifiers(&flat[..at]).last().unwrap_or("");
                let method = identifiers(&flat[at + 1..]).next().unwrap_or("");
                let called = flat[at + 1 + method.len()..].starts_with('(');
                assert!(
                    method != "variant",
                    "{name}: `{receiver}.variant`: ask the rules argument instead"
                );
                assert!(
                    !(called && methods.contains(&method) && receiver != "rules"),
                    "{name}: `{receiver}.{method}(..)` calls the variants: use `rules.{method}`"
                );
            }
        }
    }
}
