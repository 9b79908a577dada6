//! Boards as text: four lines of four tiles separated by spaces, `.` or `0` for an empty cell.
//!
//! ```text
//!    2    .    .    4
//!    .   16    .    .
//!    .    .    .    .
//! 2048    .    .    2
//! ```
//!
//! Blank lines before, between and after the rows are ignored. [`format_board`] writes `.` for
//! empty cells and right-aligns the columns, and [`parse_board`] reads it back to the same board.
//!
//! A whole position ([`G2048`]'s `Display` and `FromStr`) is its board and a last line with the
//! score, and how many tiles are still due to spawn when there are any:
//!
//! ```text
//!    2    .    .    4
//!    .   16    .    .
//!    .    .    .    .
//! 2048    .    .    2
//! score 2316
//! ```

use super::board::{Board, CELLS, MAX_EXPONENT, SIZE};
use super::G2048;
use std::fmt;
use std::str::FromStr;

/// What was wrong with a text board. Lines and columns count from 1.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ParseError {
    /// The text has this many non-blank lines instead of 4.
    WrongLineCount {
        /// Non-blank lines found.
        found: usize,
    },
    /// A row has this many entries instead of 4.
    WrongRowLength {
        /// The line of the row.
        line: usize,
        /// Entries found.
        found: usize,
    },
    /// An entry is not a number, `.` or `0`.
    NotATile {
        /// Where the entry starts.
        line: usize,
        /// Where the entry starts.
        column: usize,
        /// The entry.
        text: String,
    },
    /// A number that is not a power of two of at least 2 (or is above 2^31).
    NotAPowerOfTwo {
        /// Where the entry starts.
        line: usize,
        /// Where the entry starts.
        column: usize,
        /// The entry.
        text: String,
    },
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ParseError::WrongLineCount { found } => {
                write!(f, "a 2048 board has 4 rows, found {found} non-blank lines")
            }
            ParseError::WrongRowLength { line, found } => {
                write!(f, "line {line}: a row has 4 entries, found {found}")
            }
            ParseError::NotATile { line, column, text } => write!(
                f,
                "line {line}, column {column}: '{text}' is not a tile (a number, '.' or '0')"
            ),
            ParseError::NotAPowerOfTwo { line, column, text } => write!(
                f,
                "line {line}, column {column}: {text} is not a tile value (2, 4, 8, ... up to 2^31)"
            ),
        }
    }
}

impl std::error::Error for ParseError {}

/// Reads a board (see the module docs for the format).
pub fn parse_board(text: &str) -> Result<Board, ParseError> {
    let rows: Vec<(usize, &str)> = text
        .lines()
        .enumerate()
        .map(|(i, line)| (i + 1, line))
        .filter(|(_, line)| !line.trim().is_empty())
        .collect();
    if rows.len() != SIZE {
        return Err(ParseError::WrongLineCount { found: rows.len() });
    }
    let mut exponents = [0u8; CELLS];
    for (row, &(line, content)) in rows.iter().enumerate() {
        let entries = entries_with_columns(content);
        if entries.len() != SIZE {
            return Err(ParseError::WrongRowLength {
                line,
                found: entries.len(),
            });
        }
        for (col, &(column, entry)) in entries.iter().enumerate() {
            exponents[row * SIZE + col] = parse_tile(entry).map_err(|not_number| {
                let text = entry.to_string();
                if not_number {
                    ParseError::NotATile { line, column, text }
                } else {
                    ParseError::NotAPowerOfTwo { line, column, text }
                }
            })?;
        }
    }
    Ok(Board::from_exponents(exponents).expect("parse_tile bounds every exponent"))
}

/// The whitespace-separated entries of a line, each with its 1-based character column.
fn entries_with_columns(line: &str) -> Vec<(usize, &str)> {
    let mut entries = Vec::new();
    let mut start = None;
    for (column, (byte, ch)) in line.char_indices().enumerate() {
        match (ch.is_whitespace(), start) {
            (false, None) => start = Some((column + 1, byte)),
            (true, Some((col, from))) => {
                entries.push((col, &line[from..byte]));
                start = None;
            }
            _ => {}
        }
    }
    if let Some((col, from)) = start {
        entries.push((col, &line[from..]));
    }
    entries
}

/// The exponent of one entry; `Err(true)` if it is not a number, `Err(false)` if it is a number
/// but not a tile.
fn parse_tile(entry: &str) -> Result<u8, bool> {
    if entry == "." {
        return Ok(0);
    }
    if !entry.bytes().all(|b| b.is_ascii_digit()) {
        return Err(true);
    }
    let value: u64 = entry.parse().map_err(|_| false)?;
    match value {
        0 => Ok(0),
        v if v >= 2 && v.is_power_of_two() && v.trailing_zeros() <= u32::from(MAX_EXPONENT) => {
            Ok(v.trailing_zeros() as u8)
        }
        _ => Err(false),
    }
}

/// Writes a board: four lines, `.` for empty cells, columns right-aligned to the widest tile.
pub fn format_board(board: Board) -> String {
    let cells: Vec<String> = (0..CELLS)
        .map(|cell| match board.tile(cell) {
            0 => ".".to_string(),
            v => v.to_string(),
        })
        .collect();
    let width = cells.iter().map(String::len).max().unwrap_or(1);
    let mut out = String::new();
    for row in cells.chunks(SIZE) {
        let line: Vec<String> = row.iter().map(|c| format!("{c:>width$}")).collect();
        out.push_str(&line.join(" "));
        out.push('\n');
    }
    out
}

/// What was wrong with a text position ([`G2048`]'s `FromStr`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum StateError {
    /// The board's rows are wrong.
    Board(ParseError),
    /// The last non-blank line is not `score N` or `score N, K spawns due` (K 1 or 2).
    Score {
        /// The line.
        line: usize,
    },
    /// More spawns are due than the board has empty cells.
    NoRoom {
        /// Spawns due.
        due: u8,
        /// Empty cells.
        empty: u32,
    },
}

impl fmt::Display for StateError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            StateError::Board(error) => error.fmt(f),
            StateError::Score { line } => write!(
                f,
                "line {line}: expected 'score N' or 'score N, K spawns due' (K is 1 or 2) \
                 after the board"
            ),
            StateError::NoRoom { due, empty } => write!(
                f,
                "{due} spawns are due but the board has {empty} empty cells"
            ),
        }
    }
}

impl std::error::Error for StateError {}

/// A position as text: the board (as [`format_board`] writes it), then `score N`, with
/// `, K spawns due` when tiles are still to appear before the player moves.
impl fmt::Display for G2048 {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}score {}", format_board(self.board()), self.score())?;
        match self.pending_spawns() {
            0 => Ok(()),
            due => write!(f, ", {due} spawns due"),
        }
    }
}

impl FromStr for G2048 {
    type Err = StateError;

    /// Reads what [`fmt::Display`] writes; blank lines are ignored.
    fn from_str(text: &str) -> Result<G2048, StateError> {
        let (line, last) = text
            .lines()
            .enumerate()
            .filter(|(_, line)| !line.trim().is_empty())
            .last()
            .ok_or(StateError::Board(ParseError::WrongLineCount { found: 0 }))?;
        let bad_score = StateError::Score { line: line + 1 };
        let rest = last
            .trim()
            .strip_prefix("score ")
            .ok_or(bad_score.clone())?;
        let (score, due) = match rest.split_once(", ") {
            None => (rest, 0),
            Some((score, "1 spawns due")) => (score, 1),
            Some((score, "2 spawns due")) => (score, 2),
            Some(_) => return Err(bad_score),
        };
        let score: u64 = score.parse().map_err(|_| bad_score)?;
        let board_text: Vec<&str> = text.lines().take(line).collect();
        let board = parse_board(&board_text.join("\n")).map_err(StateError::Board)?;
        if u32::from(due) > board.empty_count() {
            let empty = board.empty_count();
            return Err(StateError::NoRoom { due, empty });
        }
        Ok(G2048::with_spawns_due(board, score, due))
    }
}
