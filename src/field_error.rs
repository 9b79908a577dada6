//! [`FieldError`]: one error type for a value a person gave, wherever it came in: a share-link
//! field, an agent parameter, a command-line flag, a checkpoint field. Each boundary words it
//! its own way (a link says "share link, field 'depth': ...", the CLI "--depth: ..."), from the
//! same two parts.

use std::fmt;
use std::fmt::Write;

/// Most characters of a person's value that an error quotes.
pub const QUOTED_CHARS: usize = 24;

/// A value that is unknown, malformed or out of range: which field, and what is wrong with it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FieldError {
    /// The field as the person wrote it (`depth`, `max-nodes`, `link` for a whole link).
    pub field: String,
    /// What is wrong, in words a person can act on.
    pub message: String,
}

impl FieldError {
    /// An error about `field`.
    pub fn new(field: &str, message: impl Into<String>) -> Self {
        FieldError {
            field: field.to_string(),
            message: message.into(),
        }
    }
}

impl fmt::Display for FieldError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.field, self.message)
    }
}

impl std::error::Error for FieldError {}

/// `text` fit to echo in a one-line message, the one helper every error that quotes a person's
/// value uses: control characters, format characters (Unicode category Cf: zero-width spaces and
/// joiners, bidi marks, overrides and isolates, the byte-order mark, ...) and line separators
/// shown as escapes (`\u{200b}`), so nothing invisible hides in or reorders the message; at
/// most [`QUOTED_CHARS`] characters of `text`, then `…` when there were more.
pub fn quoted(text: &str) -> String {
    let mut out = String::new();
    for (count, c) in text.chars().enumerate() {
        if count == QUOTED_CHARS {
            out.push('…');
            break;
        }
        if c.is_control() || is_invisible(c) {
            let _ = write!(out, "\\u{{{:x}}}", u32::from(c));
        } else {
            out.push(c);
        }
    }
    out
}

/// Unicode's format characters (general category Cf, Unicode 15.1) and the line and paragraph
/// separators (Zl, Zp): characters that print nothing but can change how a message reads.
fn is_invisible(c: char) -> bool {
    const RANGES: &[(u32, u32)] = &[
        (0x00AD, 0x00AD),
        (0x0600, 0x0605),
        (0x061C, 0x061C),
        (0x06DD, 0x06DD),
        (0x070F, 0x070F),
        (0x0890, 0x0891),
        (0x08E2, 0x08E2),
        (0x180E, 0x180E),
        (0x200B, 0x200F),
        (0x2028, 0x202E),
        (0x2060, 0x2064),
        (0x2066, 0x206F),
        (0xFEFF, 0xFEFF),
        (0xFFF9, 0xFFFB),
        (0x110BD, 0x110BD),
        (0x110CD, 0x110CD),
        (0x13430, 0x1343F),
        (0x1BCA0, 0x1BCA3),
        (0x1D173, 0x1D17A),
        (0xE0001, 0xE0001),
        (0xE0020, 0xE007F),
    ];
    let c = u32::from(c);
    RANGES.iter().any(|&(low, high)| (low..=high).contains(&c))
}

/// `value` if it lies in `range`, else an error on `field` that names the range ("must be between 1
/// and 64, got 0"): the one range check of links, agent parameters and flags.
pub fn check_range<T: PartialOrd + fmt::Display + Copy>(
    field: &str,
    value: T,
    range: std::ops::RangeInclusive<T>,
) -> Result<T, FieldError> {
    if range.contains(&value) {
        Ok(value)
    } else {
        Err(FieldError::new(
            field,
            format!(
                "must be between {} and {}, got {value}",
                range.start(),
                range.end()
            ),
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn quoted_shows_invisible_characters_as_escapes() {
        assert_eq!(quoted("astar\u{200b}"), "astar\\u{200b}");
        assert_eq!(
            quoted("a\u{202e}b\u{2066}c\u{feff}"),
            "a\\u{202e}b\\u{2066}c\\u{feff}"
        );
        assert_eq!(
            quoted("x\u{200d}\u{200e}\u{200f}"),
            "x\\u{200d}\\u{200e}\\u{200f}"
        );
        assert_eq!(quoted("fo\nur\u{0}"), "fo\\u{a}ur\\u{0}");
        assert_eq!(quoted("a\u{2028}b"), "a\\u{2028}b");
        assert_eq!(
            quoted("élan 日本 ok"),
            "élan 日本 ok",
            "visible text stays as it is"
        );
    }

    #[test]
    fn quoted_caps_the_value() {
        assert_eq!(quoted(&"x".repeat(24)), "x".repeat(24));
        assert_eq!(quoted(&"x".repeat(8192)), format!("{}…", "x".repeat(24)));
        assert_eq!(
            quoted(&"\u{200b}".repeat(30)),
            format!("{}…", "\\u{200b}".repeat(24))
        );
    }
}
