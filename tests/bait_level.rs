//! Level text: parsing, its typed errors with line and column, and printing a state back.

mod bait_common;

use bait_common::{official_level, read};
use searchlab::games::bait::{BaitState, Item, Level, LevelError};

fn error(text: &str) -> LevelError {
    Level::parse(text).expect_err("the text should be refused")
}

#[test]
fn official_levels_parse_with_their_sizes_and_items() {
    let sizes = [(5, 6), (13, 9), (13, 10), (13, 11), (7, 9)];
    for (n, &(width, height)) in sizes.iter().enumerate() {
        let level = official_level(n);
        assert_eq!(
            (level.width(), level.height()),
            (width, height),
            "level {n}"
        );
        assert_eq!(level.cells_of(Item::Key).count(), 1);
        assert_eq!(level.cells_of(Item::Goal).count(), 1);
        assert_eq!(level.tick_limit(), 2000);
    }
    let level3 = official_level(3);
    assert_eq!(level3.open_cells(), 99);
    assert_eq!(level3.cells_of(Item::Hole).count(), 38);
    assert_eq!(level3.start_boxes().len(), 36);
    assert_eq!(level3.item_count(), 41);
}

#[test]
fn official_levels_print_back_byte_for_byte() {
    for n in 0..5 {
        let text = read(&format!("levels/bait_lvl{n}.txt"));
        assert_eq!(BaitState::parse(&text).unwrap().to_level_text(), text);
    }
}

#[test]
fn line_endings_trailing_lines_and_course_spaces_are_accepted() {
    let plain = "wwww\nwA.w\nwwww";
    let reference = BaitState::parse(plain).unwrap();
    for variant in [
        "wwww\nwA.w\nwwww\n",
        "wwww\nwA.w\nwwww\n\n",
        "wwww\r\nwA.w\r\nwwww\r\n",
        "wwww\r\nwA.w\r\nwwww",
        "wwww\nwA w\nwwww",
    ] {
        assert_eq!(BaitState::parse(variant).unwrap(), reference, "{variant:?}");
    }
    assert_eq!(
        error("wwww\nwA.w\nwwww\n\n\n"),
        LevelError::EmptyRow { line: 4 }
    );
}

#[test]
fn errors_name_line_and_column() {
    assert_eq!(error(""), LevelError::Empty);
    assert_eq!(error("\n"), LevelError::Empty);
    assert_eq!(error("www\n\nwAw"), LevelError::EmptyRow { line: 2 });
    assert_eq!(
        error("www\nwAww\nwww"),
        LevelError::RaggedRow {
            line: 2,
            column: 4,
            width: 4,
            expected: 3
        }
    );
    assert_eq!(
        error("wwww\nwAw\nwwww"),
        LevelError::RaggedRow {
            line: 2,
            column: 4,
            width: 3,
            expected: 4
        }
    );
    assert_eq!(
        error("www\nwAx\nwww"),
        LevelError::UnknownChar {
            line: 2,
            column: 3,
            found: 'x'
        }
    );
    assert_eq!(
        error("www\nwAé\nwww"),
        LevelError::UnknownChar {
            line: 2,
            column: 3,
            found: 'é'
        }
    );
    assert_eq!(error("www\nw.w\nwww"), LevelError::NoAvatar);
    assert_eq!(
        error("wwww\nw.Aw\nwA.w\nwwww"),
        LevelError::SecondAvatar { line: 3, column: 2 }
    );
}

#[test]
fn size_and_capacity_limits_name_the_first_cell_past_them() {
    let wide = format!("A{}", "w".repeat(64));
    assert_eq!(
        error(&wide),
        LevelError::TooLarge {
            line: 1,
            column: 65
        }
    );
    let tall = format!("A\n{}", "w\n".repeat(64));
    assert_eq!(
        error(&tall),
        LevelError::TooLarge {
            line: 65,
            column: 1
        }
    );
    assert!(Level::parse(&format!("A{}", "w".repeat(63))).is_ok());

    // 16 x 16 open floor: 11 + 245 bits fit, the 246th open cell (index 245) does not.
    let floor = format!(
        "A{}\n{}",
        ".".repeat(15),
        format!("{}\n", ".".repeat(16)).repeat(15)
    );
    assert_eq!(
        error(&floor),
        LevelError::TooManyOpenCells {
            line: 16,
            column: 6
        }
    );
    // A hole costs two bits: 11 + 123 open cells + 122 holes = 256 fits, one more hole does not.
    let holes = format!(
        "A{}\n{}\n{}",
        "0".repeat(40),
        "0".repeat(41),
        "0".repeat(41)
    );
    assert_eq!(Level::parse(&holes).unwrap().open_cells(), 123);
    let over = format!("{holes}\n0{}", "w".repeat(40));
    assert_eq!(
        error(&over),
        LevelError::TooManyOpenCells { line: 4, column: 1 }
    );
}

#[test]
fn error_messages_read_well() {
    let message = error("www\nwAx\nwww").to_string();
    assert!(
        message.starts_with("line 2, column 3: unknown level character 'x'"),
        "{message}"
    );
    assert_eq!(
        LevelError::SecondAvatar { line: 3, column: 2 }.position(),
        Some((3, 2))
    );
    assert_eq!(LevelError::NoAvatar.position(), None);
    let boxed: Box<dyn std::error::Error> = Box::new(LevelError::Empty);
    assert_eq!(boxed.to_string(), "empty level: no rows");
}

#[test]
fn several_keys_and_goals_and_open_edges_are_allowed() {
    let level = Level::parse("kAgk.g").unwrap();
    assert_eq!(level.cells_of(Item::Key).count(), 2);
    assert_eq!(level.cells_of(Item::Goal).count(), 2);
    assert_eq!(level.open_cells(), 6);
    assert!(level.is_wall(6, 0) && !level.is_wall(5, 0));
}
