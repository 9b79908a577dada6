//! The Bait levels the page ships (`www/levels/`, listed in its `index.json`), by name, for the
//! `lvl` key of Bait links (added with issue 18: `lvl=bridge`). The texts are compiled in from
//! the page's own files, so the link checks the very level the page opens; tests/bait_levels.rs
//! checks that this list and the index agree.

/// Each shipped level's name (its `id` in the index) and text, in the index's order; the first
/// is the page's default level.
pub const SHIPPED_LEVELS: &[(&str, &str)] = &[
    (
        "first-steps",
        include_str!("../../www/levels/first-steps.txt"),
    ),
    (
        "open-field",
        include_str!("../../www/levels/open-field.txt"),
    ),
    ("bridge", include_str!("../../www/levels/bridge.txt")),
    (
        "sealed-door",
        include_str!("../../www/levels/sealed-door.txt"),
    ),
    ("far-door", include_str!("../../www/levels/far-door.txt")),
    ("warehouse", include_str!("../../www/levels/warehouse.txt")),
];

/// The text of the shipped level `name`, if there is one.
pub fn shipped_level(name: &str) -> Option<&'static str> {
    SHIPPED_LEVELS
        .iter()
        .find(|(id, _)| *id == name)
        .map(|&(_, text)| text)
}

/// The names, as an error lists them: "first-steps, open-field, ... or warehouse".
pub fn shipped_names() -> String {
    let names: Vec<&str> = SHIPPED_LEVELS.iter().map(|&(id, _)| id).collect();
    match names.split_last() {
        Some((last, rest)) if !rest.is_empty() => format!("{} or {last}", rest.join(", ")),
        _ => names.join(""),
    }
}
