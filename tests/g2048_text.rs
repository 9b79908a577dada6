//! 2048 text boards: round trips and parse errors that name the line and column.

use searchlab::games::g2048::board::Board;
use searchlab::games::g2048::text::{format_board, parse_board, ParseError};
use searchlab::rng::Rng;

#[test]
fn boards_round_trip_through_text() {
    let mut rng = Rng::new(3);
    for _ in 0..2000 {
        let cells = std::array::from_fn(|_| match rng.below(3) {
            0 => 0,
            _ => 1 + rng.below(17) as u8,
        });
        let board = Board::from_exponents(cells).unwrap();
        let text = format_board(board);
        assert_eq!(parse_board(&text), Ok(board), "{text}");
    }
}

#[test]
fn reads_dots_zeros_and_blank_lines() {
    let text = "\n   2 0 . 4\n\n 0 0 0 0\n. . . .\n2048 . . 2\n\n";
    let board = parse_board(text).unwrap();
    assert_eq!(board.tile(0), 2);
    assert_eq!(board.tile(3), 4);
    assert_eq!(board.tile(12), 2048);
    assert_eq!(board.empty_count(), 12);
    assert_eq!(
        format_board(board),
        "   2    .    .    4\n   .    .    .    .\n   .    .    .    .\n2048    .    .    2\n"
    );
}

#[test]
fn errors_name_line_and_column() {
    assert_eq!(
        parse_board("2 . . .\n. . . .\n. . . ."),
        Err(ParseError::WrongLineCount { found: 3 })
    );
    assert_eq!(
        parse_board("2 . . .\n\n. . .\n. . . .\n. . . ."),
        Err(ParseError::WrongRowLength { line: 3, found: 3 })
    );
    assert_eq!(
        parse_board("2 . . .\n. . . .\n. x4 . .\n. . . ."),
        Err(ParseError::NotATile {
            line: 3,
            column: 3,
            text: "x4".into()
        })
    );
    assert_eq!(
        parse_board("2 . . .\n. . . .\n. . . .\n. .  6 ."),
        Err(ParseError::NotAPowerOfTwo {
            line: 4,
            column: 6,
            text: "6".into()
        })
    );
    for bad in ["1", "4294967296", "99999999999999999999999", "-2"] {
        let text = format!("{bad} . . .\n. . . .\n. . . .\n. . . .");
        let error = parse_board(&text).unwrap_err();
        assert!(
            matches!(
                error,
                ParseError::NotAPowerOfTwo {
                    line: 1,
                    column: 1,
                    ..
                } | ParseError::NotATile {
                    line: 1,
                    column: 1,
                    ..
                }
            ),
            "{bad}: {error:?}"
        );
        assert!(error.to_string().contains("line 1, column 1"), "{error}");
    }
}
