//! The VGDL games the page ships (`www/vgdl/games/`), our own text and levels, by name, for the
//! `vgdl` key of VGDL links (`game=vgdl&vgdl=crates&lvl=1`). The texts are compiled in from the
//! page's own files, so a link opens the very game the page lists; tests/vgdl_shipped.rs checks
//! that each parses and that BFS wins each level.

/// A shipped game: its link name, title, one line about it, its game file and its levels.
pub struct ShippedGame {
    pub name: &'static str,
    pub title: &'static str,
    pub about: &'static str,
    pub rules: &'static str,
    pub levels: &'static [&'static str],
}

/// The shipped games in the page's order; the first is the default.
pub const SHIPPED_GAMES: &[ShippedGame] = &[
    ShippedGame {
        name: "crates",
        title: "Crates",
        about: "Push every crate into a pit (a Sokoban).",
        rules: include_str!("../../www/vgdl/games/crates.txt"),
        levels: &[
            include_str!("../../www/vgdl/games/crates-0.txt"),
            include_str!("../../www/vgdl/games/crates-1.txt"),
            include_str!("../../www/vgdl/games/crates-2.txt"),
        ],
    },
    ShippedGame {
        name: "keys",
        title: "Keys and gates",
        about: "Pick up keys; each opens one gate on the way to the goal.",
        rules: include_str!("../../www/vgdl/games/keys.txt"),
        levels: &[
            include_str!("../../www/vgdl/games/keys-0.txt"),
            include_str!("../../www/vgdl/games/keys-1.txt"),
            include_str!("../../www/vgdl/games/keys-2.txt"),
        ],
    },
    ShippedGame {
        name: "colours",
        title: "Colour gates",
        about: "Step on a pad to take its colour; a gate lets only its own colour through.",
        rules: include_str!("../../www/vgdl/games/colours.txt"),
        levels: &[
            include_str!("../../www/vgdl/games/colours-0.txt"),
            include_str!("../../www/vgdl/games/colours-1.txt"),
            include_str!("../../www/vgdl/games/colours-2.txt"),
        ],
    },
    ShippedGame {
        name: "trail",
        title: "Trail",
        about: "Walk over every tile once: a trail cannot be crossed again.",
        rules: include_str!("../../www/vgdl/games/trail.txt"),
        levels: &[
            include_str!("../../www/vgdl/games/trail-0.txt"),
            include_str!("../../www/vgdl/games/trail-1.txt"),
            include_str!("../../www/vgdl/games/trail-2.txt"),
        ],
    },
];

/// The shipped game called `name`, if there is one.
pub fn shipped_game(name: &str) -> Option<&'static ShippedGame> {
    SHIPPED_GAMES.iter().find(|game| game.name == name)
}

/// The names, as an error lists them: "crates, keys, colours or trail".
pub fn shipped_game_names() -> String {
    let names: Vec<&str> = SHIPPED_GAMES.iter().map(|game| game.name).collect();
    match names.split_last() {
        Some((last, rest)) if !rest.is_empty() => format!("{} or {last}", rest.join(", ")),
        _ => names.join(""),
    }
}
