//! A state as text: the amounts added so far, first move first, each with its sign, separated by
//! single spaces: `+20 -18 +24` is the state after `+2·10`, `−2·9`, `+3·8` (sum 26, turn 7
//! next). The start is the empty text.
//!
//! Reading accepts any whitespace between amounts, requires the sign, and checks each amount
//! against its turn (the first is at turn 10, so one of `+20 -20 +30 -30`). Every state the rules
//! can reach prints and reads back to an equal state. Errors name the 1-based character column
//! of the amount at fault.

use super::{Action, SumZero, TURNS};
use crate::game::Game;
use std::fmt;
use std::str::FromStr;

/// Longest piece of the input an error message echoes, in characters.
const ECHO_LIMIT: usize = 24;

/// Why a text is not a state: what is wrong, at which 1-based character column.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseError {
    /// Where the offending amount starts (1-based, in characters).
    pub column: usize,
    /// What is wrong with it.
    pub kind: ParseErrorKind,
}

/// What is wrong with one amount.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ParseErrorKind {
    /// Not a sign (`+` or `-`) followed by decimal digits. `text` is the amount as written (cut
    /// at 24 characters).
    NotAnAmount {
        /// The amount as written.
        text: String,
    },
    /// A signed number that no action adds at this turn.
    NotAMove {
        /// The number read.
        amount: i64,
        /// The turn it was played at (10 for the first amount, 1 for the last).
        turn: u8,
    },
    /// An amount after the tenth: the game was already over.
    TooManyMoves,
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "column {}: ", self.column)?;
        match &self.kind {
            ParseErrorKind::NotAnAmount { text } => write!(
                f,
                "'{}' is not a signed amount such as +20 or -30",
                text.escape_default()
            ),
            ParseErrorKind::NotAMove { amount, turn } => {
                let [a, b, c, d] = Action::ALL.map(|action| action.amount(*turn));
                write!(
                    f,
                    "{amount:+} is not a move at turn {turn} (expected {a:+}, {b:+}, {c:+} or {d:+})"
                )
            }
            ParseErrorKind::TooManyMoves => {
                write!(
                    f,
                    "the game is over after {TURNS} moves, no amount may follow"
                )
            }
        }
    }
}

impl std::error::Error for ParseError {}

/// The amounts played, `+20 -18 +24` (the empty text at the start).
impl fmt::Display for SumZero {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, amount) in self.amounts().into_iter().enumerate() {
            if i > 0 {
                f.write_str(" ")?;
            }
            write!(f, "{amount:+}")?;
        }
        Ok(())
    }
}

impl FromStr for SumZero {
    type Err = ParseError;

    /// Replays the amounts from the start (see the module doc for the format).
    fn from_str(text: &str) -> Result<SumZero, ParseError> {
        let mut state = SumZero::start();
        for (column, word) in words_with_columns(text) {
            let error = |kind| ParseError { column, kind };
            if state.is_terminal() {
                return Err(error(ParseErrorKind::TooManyMoves));
            }
            let amount = read_amount(word).ok_or_else(|| {
                error(ParseErrorKind::NotAnAmount {
                    text: word.chars().take(ECHO_LIMIT).collect(),
                })
            })?;
            let turn = state.turns_left();
            let action = i32::try_from(amount)
                .ok()
                .and_then(|amount| Action::from_amount(amount, turn))
                .ok_or_else(|| error(ParseErrorKind::NotAMove { amount, turn }))?;
            state.apply(action);
        }
        Ok(state)
    }
}

/// The whitespace-separated words of `text`, each with its 1-based character column.
fn words_with_columns(text: &str) -> impl Iterator<Item = (usize, &str)> {
    let mut column = 1;
    text.split(char::is_whitespace).filter_map(move |word| {
        let at = column;
        column += word.chars().count() + 1;
        (!word.is_empty()).then_some((at, word))
    })
}

/// `+N` or `-N` with `N` decimal digits, if `word` is that and fits an `i64`.
fn read_amount(word: &str) -> Option<i64> {
    let (negative, digits) = match word.as_bytes().first()? {
        b'+' => (false, &word[1..]),
        b'-' => (true, &word[1..]),
        _ => return None,
    };
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let magnitude: i64 = digits.parse().ok()?;
    Some(if negative { -magnitude } else { magnitude })
}
