//! Share links: the whole playground view in a URL fragment, versioned and readable.
//!
//! A link looks like
//! `#v=1&game=bait&level=wwwww/wA.gw/wk..w/wwwww&algo=astar&heuristic=walls&mode=plan&max-nodes=2000000&seed=42`:
//! `key=value` pairs joined by `&`, values percent-encoded. A teacher can write one by hand: every
//! key but `v` is optional and takes its default. Parsing is strict (unknown or repeated keys,
//! out-of-range numbers and oversized links are errors that name the field), so a typo never
//! silently changes what a class sees.
//!
//! Every game has its own view and keys in its own module ([`bait::View`], [`g2048::View`],
//! [`othello::View`], [`vgdl::View`]); what they share is here: [`Fields`] (the size limit, `key=value` pairs,
//! percent-decoding, repeated keys, the version and the game), the error type, the range checks
//! and the number fields' reader, checker and writer ([`numbers`]). The page's own keys, which
//! any game's link may carry, are in [`page`].

pub mod bait;
pub mod compare;
pub mod g2048;
pub mod numbers;
pub mod othello;
pub mod packed;
pub mod page;
pub mod played;
pub mod puzzle;
pub mod shipped_levels;
pub mod shipped_vgdl;
pub mod sumzero;
pub mod vgdl;

use crate::field_error::{check_range, quoted, FieldError};
use serde::de::DeserializeOwned;
use serde::Serialize;

/// The link format's version, written as `v=1`.
pub const VERSION: u32 = 1;
/// Longest fragment accepted, in bytes (after the `#`, before decoding).
pub const MAX_LINK_BYTES: usize = 8192;
/// Most rows in a shared level.
pub const MAX_LEVEL_ROWS: usize = 64;
/// Most characters in one row of a shared level.
pub const MAX_LEVEL_COLUMNS: usize = 64;
/// Largest seed: seeds stay exact as JavaScript numbers (2^53 - 1).
pub const MAX_SEED: u64 = (1 << 53) - 1;

/// The games a link may name.
pub const GAMES: &[&str] = &["bait", "2048", "othello", "sumzero", "vgdl"];

/// A game's view: every setting of the page for that game, read from and written to a link.
/// Implemented once per game, in its own module.
pub trait LinkView: Sized + Default + Clone + Serialize + DeserializeOwned {
    /// The game's name in links (one of [`GAMES`]).
    const GAME: &'static str;

    /// Checks every field against the ranges a link accepts (the page calls this for its own
    /// settings too, so a view it writes can always be read back).
    fn validate(&self) -> Result<(), FieldError>;

    /// Reads the game's link fields; the error names the first bad field.
    fn from_fields(fields: &Fields) -> Result<Self, FieldError>;

    /// Writes the fragment (without `#`).
    fn format(&self) -> Result<String, FieldError>;

    /// Reads a fragment of this game (with or without the leading `#`).
    fn parse(fragment: &str) -> Result<Self, FieldError> {
        Self::from_fields(&Fields::read(fragment)?)
    }
}

/// How a link words an error: "share link, field 'depth': must be between 1 and 64, got 0".
pub fn link_message(error: &FieldError) -> String {
    format!("share link, field '{}': {}", error.field, error.message)
}

fn error(field: &str, message: impl Into<String>) -> FieldError {
    FieldError::new(field, message)
}

/// Checks a view's `game` field against its game, `name` as people read it ("Bait").
fn check_view_game(view_game: &str, game: &str, name: &str) -> Result<(), FieldError> {
    if view_game == game {
        Ok(())
    } else {
        Err(error(
            "game",
            format!(
                "'{}' is not {name}: this view holds {name}'s fields",
                quoted(view_game)
            ),
        ))
    }
}

/// Checks a view's seed, then the agent's own checks under the link's names (`max_nodes` is
/// `max-nodes` in a link).
fn check_seed_and_agent(
    seed: Option<u64>,
    agent: Result<(), FieldError>,
) -> Result<(), FieldError> {
    if let Some(seed) = seed {
        check_range("seed", seed, 0..=MAX_SEED)?;
    }
    agent.map_err(|e| error(&e.field.replace('_', "-"), e.message))
}

/// A link's fields, read but not yet interpreted: `key=value` pairs, percent-decoded, each key
/// at most once, with the version checked. Each game's view reads its own keys from them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Fields {
    pairs: Vec<(String, String)>,
}

impl Fields {
    /// Splits and decodes a fragment (with or without the leading `#`) and checks `v`.
    pub fn read(fragment: &str) -> Result<Fields, FieldError> {
        let fragment = fragment.strip_prefix('#').unwrap_or(fragment);
        if fragment.len() > MAX_LINK_BYTES {
            return Err(error(
                "link",
                format!(
                    "the link is {} bytes long; at most {MAX_LINK_BYTES} are accepted",
                    fragment.len()
                ),
            ));
        }
        let mut pairs: Vec<(String, String)> = Vec::new();
        for part in fragment.split('&').filter(|part| !part.is_empty()) {
            let (key, raw) = part.split_once('=').ok_or_else(|| {
                error(&quoted(part), "expected key=value (for example algo=astar)")
            })?;
            if pairs.iter().any(|(k, _)| k == key) {
                return Err(error(&quoted(key), "given more than once"));
            }
            pairs.push((key.to_string(), percent_decode(&quoted(key), raw)?));
        }
        let fields = Fields { pairs };
        match fields.get("v") {
            None => Err(error("v", "missing: a share link starts with v=1")),
            Some(v) if v == VERSION.to_string() => Ok(fields),
            Some(v) => Err(error(
                "v",
                format!(
                    "version '{}' is not supported (this page reads v={VERSION})",
                    quoted(v)
                ),
            )),
        }
    }

    /// The value of `key`, if given.
    pub fn get(&self, key: &str) -> Option<&str> {
        self.pairs
            .iter()
            .find(|(k, _)| k == key)
            .map(|(_, v)| v.as_str())
    }

    /// The game the link names (`bait` when it names none), one of [`GAMES`].
    pub fn game(&self) -> Result<&str, FieldError> {
        let game = self.get("game").unwrap_or("bait");
        if GAMES.contains(&game) {
            Ok(game)
        } else {
            Err(error(
                "game",
                format!(
                    "unknown game '{}' (expected {})",
                    quoted(game),
                    GAMES.join(", ")
                ),
            ))
        }
    }

    /// Checks that the link is for `game` (`a_game` names it in the message, e.g. "an
    /// Othello") and holds no key outside `known`.
    pub fn expect_game(&self, game: &str, a_game: &str, known: &[&str]) -> Result<(), FieldError> {
        let found = self.game()?;
        if found != game {
            return Err(error(
                "game",
                format!("this is a {found} link, not {a_game} one"),
            ));
        }
        self.allow_only(known)
    }

    /// Fails on the first key neither in `known` nor a page key ([`page::KEYS`], read by the
    /// page for every game), listing the known ones.
    fn allow_only(&self, known: &[&str]) -> Result<(), FieldError> {
        match self
            .pairs
            .iter()
            .find(|(k, _)| !known.contains(&k.as_str()) && !page::KEYS.contains(&k.as_str()))
        {
            Some((key, _)) => Err(error(
                &quoted(key),
                format!(
                    "unknown field (known fields: {}, {})",
                    known.join(", "),
                    page::KEYS.join(", ")
                ),
            )),
            None => Ok(()),
        }
    }

    /// Reads `key` into `slot` if present; the error names the key and says what is wrong with
    /// the value: "-1 is below the smallest value 0" (a whole-number field), "'1.5' is not a
    /// whole number", "'x' is not a number".
    pub fn number<T: std::str::FromStr>(&self, key: &str, slot: &mut T) -> Result<(), FieldError> {
        if let Some(raw) = self.get(key) {
            *slot = raw.parse().map_err(|_| error(key, not_a::<T>(raw)))?;
        }
        Ok(())
    }

    /// The seed, if given (checked to be at most [`MAX_SEED`]).
    pub fn seed(&self) -> Result<Option<u64>, FieldError> {
        if self.get("seed").is_none() {
            return Ok(None);
        }
        let mut seed = 0u64;
        self.number("seed", &mut seed)?;
        check_range("seed", seed, 0..=MAX_SEED)?;
        Ok(Some(seed))
    }
}

/// Why `raw` does not read as a `T`, in words: a negative whole number where `T` takes none, a
/// whole number past `T`'s range, a fraction where `T` is whole, or no number at all.
fn not_a<T: std::str::FromStr>(raw: &str) -> String {
    let whole = raw.parse::<i128>().ok();
    let unsigned = "-1".parse::<T>().is_err();
    match whole {
        Some(n) if n < 0 && unsigned => format!("{n} is below the smallest value 0"),
        Some(n) => format!("{n} is out of range"),
        None if raw.parse::<f64>().is_ok_and(f64::is_finite) => {
            format!("'{}' is not a whole number", quoted(raw))
        }
        None => format!("'{}' is not a number", quoted(raw)),
    }
}

/// Decodes `%XX` escapes; the result must be UTF-8. `+` stays a plus sign.
fn percent_decode(field: &str, raw: &str) -> Result<String, FieldError> {
    let bytes = raw.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == b'%' {
            let hex = bytes
                .get(i + 1..i + 3)
                .and_then(|h| std::str::from_utf8(h).ok())
                .and_then(|h| u8::from_str_radix(h, 16).ok())
                .ok_or_else(|| {
                    error(field, format!("bad percent escape at character {}", i + 1))
                })?;
            out.push(hex);
            i += 3;
        } else {
            out.push(bytes[i]);
            i += 1;
        }
    }
    String::from_utf8(out).map_err(|_| error(field, "the decoded text is not valid UTF-8"))
}

/// Percent-encodes everything but unreserved characters.
fn encode(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for byte in text.bytes() {
        let plain = byte.is_ascii_alphanumeric() || matches!(byte, b'-' | b'.' | b'_' | b'~');
        if plain {
            out.push(byte as char);
        } else {
            out.push_str(&format!("%{byte:02X}"));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn bait_error(link: &str) -> String {
        link_message(&bait::View::parse(link).unwrap_err())
    }

    #[test]
    fn invisible_characters_in_a_value_are_shown_as_escapes() {
        let message = bait_error("v=1&algo=astar%E2%80%8B");
        assert!(
            message.contains("unknown algorithm 'astar\\u{200b}'"),
            "{message}"
        );
        let message = bait_error("v=1&game=%E2%80%AEtiab");
        assert!(message.contains("'\\u{202e}tiab'"), "{message}");
        assert!(!message.contains('\u{202e}'), "{message}");
        let message = bait_error("v=1&seed=%EF%BB%BF1");
        assert!(
            message.contains("'\\u{feff}1' is not a number"),
            "{message}"
        );
    }

    #[test]
    fn a_long_value_is_quoted_cut() {
        let message = bait_error(&format!("v=1&mode={}", "x".repeat(8000)));
        assert!(
            message.ends_with(&format!(
                "unknown mode '{}…' (expected plan or act)",
                "x".repeat(24)
            )),
            "{message}"
        );
        assert!(message.len() < 200, "{message}");
        let message = bait_error(&format!("v=1&{}=1", "k".repeat(100)));
        assert!(
            message.contains(&format!("field '{}…'", "k".repeat(24))),
            "{message}"
        );
    }

    #[test]
    fn a_bad_whole_number_says_what_is_wrong_with_it() {
        assert_eq!(
            bait_error("v=1&depth=-1"),
            "share link, field 'depth': -1 is below the smallest value 0"
        );
        assert_eq!(
            bait_error("v=1&depth=1.5"),
            "share link, field 'depth': '1.5' is not a whole number"
        );
        assert_eq!(
            bait_error("v=1&depth=x"),
            "share link, field 'depth': 'x' is not a number"
        );
        assert_eq!(
            bait_error("v=1&max-nodes=99999999999999999999999"),
            "share link, field 'max-nodes': 99999999999999999999999 is out of range"
        );
    }
}
