//! The `moves` key of Bait and 2048 links (added with issue 18; links without it read as
//! before): the moves played from the start, one letter each, so that a link reopens the game
//! where it was. Bait's letters are its plan letters `L R D U N` (left, right, down, up, wait);
//! 2048's are `U R D L`. Each game replays the moves to check them (an illegal move names its
//! number); this module only spells them.

use super::{error, FieldError};
use crate::field_error::quoted;

/// The link key.
pub const KEY: &str = "moves";

/// Action indices from `raw`, whose letters are `letters[index]`; `words` lists them for the
/// error ("L, R, D, U or N").
pub fn read(raw: &str, letters: &[char], words: &str) -> Result<Vec<u32>, FieldError> {
    raw.chars()
        .enumerate()
        .map(|(i, c)| {
            letters
                .iter()
                .position(|&letter| letter == c)
                .map(|index| index as u32)
                .ok_or_else(|| {
                    error(
                        KEY,
                        format!(
                            "move {}: '{}' is not a move (expected {words})",
                            i + 1,
                            quoted(&c.to_string())
                        ),
                    )
                })
        })
        .collect()
}

/// `&moves=...` for `moves` (action indices below `letters.len()`), or nothing when no move
/// was played.
pub fn format(moves: &[u32], letters: &[char]) -> Result<String, FieldError> {
    if moves.is_empty() {
        return Ok(String::new());
    }
    let text: Option<String> = moves
        .iter()
        .map(|&index| letters.get(index as usize).copied())
        .collect();
    let text = text.ok_or_else(|| {
        error(
            KEY,
            format!("holds an action index of {} or more", letters.len()),
        )
    })?;
    Ok(format!("&{KEY}={text}"))
}

/// The error for the `number`-th move (from 1), which `reason` refuses.
pub fn illegal(number: usize, letter: char, reason: &str) -> FieldError {
    error(
        KEY,
        format!("move {number} ('{letter}') cannot be played: {reason}"),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    const LETTERS: [char; 4] = ['U', 'R', 'D', 'L'];

    #[test]
    fn letters_round_trip() {
        let moves = read("URDLL", &LETTERS, "U, R, D or L").unwrap();
        assert_eq!(moves, vec![0, 1, 2, 3, 3]);
        assert_eq!(format(&moves, &LETTERS).unwrap(), "&moves=URDLL");
        assert_eq!(format(&[], &LETTERS).unwrap(), "");
    }

    #[test]
    fn a_wrong_letter_names_its_move() {
        let err = read("URx", &LETTERS, "U, R, D or L").unwrap_err();
        assert_eq!(err.field, "moves");
        assert_eq!(
            err.message,
            "move 3: 'x' is not a move (expected U, R, D or L)"
        );
        assert_eq!(format(&[4], &LETTERS).unwrap_err().field, "moves");
    }
}
