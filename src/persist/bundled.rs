//! The curated scenes shipped inside the binary, so `esoterica play --scene NAME` and the
//! Scenes panel work from any folder. The files live in `scenes/*.ron`; a test checks that
//! this list and that folder hold the same scenes.

/// Every bundled scene: its name (the file stem) and its RON text, sorted by name.
pub const BUNDLED_SCENES: &[(&str, &str)] = &[
    (
        "big-outer-corner-knights",
        include_str!("../../scenes/big-outer-corner-knights.ron"),
    ),
    (
        "big-outer-long-pawn-en-passant",
        include_str!("../../scenes/big-outer-long-pawn-en-passant.ron"),
    ),
    (
        "bully-king-takes-the-queen",
        include_str!("../../scenes/bully-king-takes-the-queen.ron"),
    ),
    (
        "bully-knight-refuses-the-queen",
        include_str!("../../scenes/bully-knight-refuses-the-queen.ron"),
    ),
    (
        "force-field-check-neutralised",
        include_str!("../../scenes/force-field-check-neutralised.ron"),
    ),
    (
        "force-field-queen-field",
        include_str!("../../scenes/force-field-queen-field.ron"),
    ),
    (
        "intrachange-pass-through",
        include_str!("../../scenes/intrachange-pass-through.ron"),
    ),
    (
        "intrachange-pawn-return",
        include_str!("../../scenes/intrachange-pawn-return.ron"),
    ),
    (
        "nonviolent-fools-mate",
        include_str!("../../scenes/nonviolent-fools-mate.ron"),
    ),
    (
        "nonviolent-no-en-passant",
        include_str!("../../scenes/nonviolent-no-en-passant.ron"),
    ),
    (
        "parity-failed-capture",
        include_str!("../../scenes/parity-failed-capture.ron"),
    ),
    (
        "parity-shared-square",
        include_str!("../../scenes/parity-shared-square.ron"),
    ),
    (
        "parity-single-blocked-pawn-loses",
        include_str!("../../scenes/parity-single-blocked-pawn-loses.ron"),
    ),
    (
        "parity-single-leave-the-square",
        include_str!("../../scenes/parity-single-leave-the-square.ron"),
    ),
    (
        "standard-en-passant-and-castling",
        include_str!("../../scenes/standard-en-passant-and-castling.ron"),
    ),
    (
        "standard-scholars-mate",
        include_str!("../../scenes/standard-scholars-mate.ron"),
    ),
];

/// The RON text of the bundled scene `name` (a file stem such as `parity-failed-capture`;
/// a trailing `.ron` is accepted).
pub fn bundled_scene(name: &str) -> Option<&'static str> {
    let name = name.strip_suffix(".ron").unwrap_or(name);
    BUNDLED_SCENES
        .iter()
        .find(|(n, _)| *n == name)
        .map(|(_, text)| *text)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_bundled_list_equals_the_scenes_folder_and_every_scene_loads() {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("scenes");
        let files: Vec<String> = super::super::list_scenes(&dir)
            .unwrap()
            .iter()
            .map(|p| p.file_stem().unwrap().to_string_lossy().into_owned())
            .collect();
        let bundled: Vec<String> = BUNDLED_SCENES.iter().map(|(n, _)| n.to_string()).collect();
        assert_eq!(bundled, files);
        for (name, text) in BUNDLED_SCENES {
            let disk = std::fs::read_to_string(dir.join(format!("{name}.ron"))).unwrap();
            assert_eq!(*text, disk, "{name}");
            super::super::load_scene_text(text).unwrap_or_else(|e| panic!("{name}: {e}"));
        }
        assert_eq!(
            bundled_scene("parity-failed-capture.ron"),
            bundled_scene("parity-failed-capture")
        );
        assert!(bundled_scene("parity-failed-capture").is_some());
        assert_eq!(bundled_scene("no-such-scene"), None);
    }
}
