//! Othello positions and moves as text: the FFO 64-character board plus the side to move.
//!
//! A board is 64 characters in the order a1 b1 .. h1, a2 .. h8: `X` Black, `O` White, `-`
//! empty (the layout of `ffo.txt` and Edax's `.obf`). The side is `X` or `O`. Squares are
//! written `a1`..`h8` in lowercase, and the pass is `pass`. Parsing accepts exactly what
//! printing produces (squares and `pass` also in uppercase); errors name the field and position.

use super::{Color, Move, Othello};
use std::fmt;
use std::str::FromStr;

/// Why a text could not be read as a position or a move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TextError {
    /// The board field does not have 64 characters.
    BoardLength {
        /// Characters found.
        found: usize,
    },
    /// A board character is not `X`, `O` or `-`.
    BoardChar {
        /// 0-based character position in the board field (the square index).
        index: usize,
        /// The character found.
        found: char,
    },
    /// The side field is not `X` or `O`.
    Side {
        /// The text found.
        found: String,
    },
    /// A position text is not `BOARD SIDE`.
    Fields {
        /// Whitespace-separated fields found.
        found: usize,
    },
    /// A move is not a square `a1`..`h8` or `pass`.
    Move {
        /// The text found.
        found: String,
    },
}

impl fmt::Display for TextError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TextError::BoardLength { found } => {
                write!(f, "board: expected 64 characters, found {found}")
            }
            TextError::BoardChar { index, found } => write!(
                f,
                "board: character {} (square {}) is '{}', expected X, O or -",
                index + 1,
                square_name(*index as u32),
                found.escape_default()
            ),
            TextError::Side { found } => write!(f, "side: '{found}' is not X or O"),
            TextError::Fields { found } => write!(
                f,
                "position: expected 2 fields (board and side), found {found}"
            ),
            TextError::Move { found } => {
                write!(f, "move: '{found}' is not a square a1..h8 or 'pass'")
            }
        }
    }
}

impl std::error::Error for TextError {}

/// The name of square `index` (0..64): `a1`..`h8`.
pub fn square_name(index: u32) -> String {
    let file = (b'a' + (index % 8) as u8) as char;
    let rank = (b'1' + (index / 8 % 8) as u8) as char;
    format!("{file}{rank}")
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.to_square() {
            Some(square) => f.write_str(&square_name(square)),
            None => f.write_str("pass"),
        }
    }
}

impl FromStr for Move {
    type Err = TextError;

    fn from_str(text: &str) -> Result<Move, TextError> {
        let error = || TextError::Move {
            found: text.to_string(),
        };
        if text.eq_ignore_ascii_case("pass") {
            return Ok(Move::PASS);
        }
        match text.as_bytes() {
            [file, rank] => {
                let file = file.to_ascii_lowercase();
                if !(b'a'..=b'h').contains(&file) || !(b'1'..=b'8').contains(rank) {
                    return Err(error());
                }
                Move::square(u32::from(rank - b'1') * 8 + u32::from(file - b'a')).ok_or_else(error)
            }
            _ => Err(error()),
        }
    }
}

impl FromStr for Color {
    type Err = TextError;

    fn from_str(text: &str) -> Result<Color, TextError> {
        match text {
            "X" => Ok(Color::Black),
            "O" => Ok(Color::White),
            _ => Err(TextError::Side {
                found: text.to_string(),
            }),
        }
    }
}

impl fmt::Display for Color {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Color::Black => "X",
            Color::White => "O",
        })
    }
}

impl Othello {
    /// Reads a 64-character board and a side (`X` or `O`).
    pub fn parse(board: &str, side: &str) -> Result<Othello, TextError> {
        let side: Color = side.parse()?;
        let length = board.chars().count();
        if length != 64 {
            return Err(TextError::BoardLength { found: length });
        }
        let (mut black, mut white) = (0u64, 0u64);
        for (index, ch) in board.chars().enumerate() {
            match ch {
                'X' => black |= 1 << index,
                'O' => white |= 1 << index,
                '-' => {}
                found => return Err(TextError::BoardChar { index, found }),
            }
        }
        Ok(Othello::from_discs(black, white, side))
    }

    /// The 64-character board (`X`, `O`, `-` from a1 to h8).
    pub fn board_text(&self) -> String {
        let (black, white) = (self.black(), self.white());
        (0..64)
            .map(|square| {
                let bit = 1u64 << square;
                if black & bit != 0 {
                    'X'
                } else if white & bit != 0 {
                    'O'
                } else {
                    '-'
                }
            })
            .collect()
    }
}

/// `BOARD SIDE`, for example the start position
/// `---------------------------OX------XO--------------------------- X`.
impl fmt::Display for Othello {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {}", self.board_text(), self.side())
    }
}

impl FromStr for Othello {
    type Err = TextError;

    /// Reads `BOARD SIDE` (the two fields separated by whitespace).
    fn from_str(text: &str) -> Result<Othello, TextError> {
        let fields: Vec<&str> = text.split_whitespace().collect();
        match fields.as_slice() {
            [board, side] => Othello::parse(board, side),
            _ => Err(TextError::Fields {
                found: fields.len(),
            }),
        }
    }
}
