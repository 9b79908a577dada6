//! Parsers of flag values, for clap's `value_parser`: numbers with messages in words ("cannot
//! read 'x' as a whole number") and agent settings chosen by name (the agents module's list
//! shows in help, its parse gives the message). A parser's error reaches the user as "--flag:
//! message" (see `error_line.rs`). The number flags' ranges are `flag_ranges.rs`'s.
//!
//! Agents' parameters (depth, uct, weight, ...) are parsed here by type only: their ranges are
//! checked by the agent's `AgentSpec::validate`, the one place that knows them.

use std::fmt::Display;
use std::marker::PhantomData;
use std::str::FromStr;

use clap::builder::{PossibleValue, TypedValueParser};
use searchlab::field_error::{quoted, FieldError};

/// A number type a flag can take, and how it reads in a message.
pub trait Number: FromStr + Copy + PartialOrd + Display + Send + Sync + 'static {
    /// What a value of this type is called: "a whole number", "a number".
    const WORDS: &'static str;
    /// The largest value, named when a whole number is too large.
    const MAX: Self;
}

macro_rules! numbers {
    ($words:literal: $($number:ty),*) => {
        $(impl Number for $number {
            const WORDS: &'static str = $words;
            const MAX: Self = <$number>::MAX;
        })*
    };
}
numbers!("a whole number": u32, u64, usize);
numbers!("a number": f64);

/// `text` as a `T` (`value_parser = number::<u64>`): "cannot read 'x' as a whole number", or
/// "must be at most 4294967295, got 4294967296" for digits past the type's range, "-1 is below
/// the smallest value 0" for a negative whole number.
pub fn number<T: Number>(text: &str) -> Result<T, String> {
    text.parse().map_err(|_| {
        let digits = |t: &str| !t.is_empty() && t.bytes().all(|b| b.is_ascii_digit());
        if digits(text) {
            format!("must be at most {}, got {}", T::MAX, quoted(text))
        } else if text.strip_prefix('-').is_some_and(digits) {
            format!("{} is below the smallest value 0", quoted(text))
        } else {
            format!("cannot read '{}' as {}", quoted(text), T::WORDS)
        }
    })
}

/// An agent setting chosen by name (`--algo`, `--heuristic`, `--spawns`), with the names and
/// the parse of the agents module (implement it with [`named_values!`]).
pub trait Named: Copy + Send + Sync + 'static {
    /// Every value, in the agents module's order.
    fn all() -> &'static [Self];
    /// The value's name on the command line.
    fn name(self) -> &'static str;
    /// The value called `text`, or an error that lists every name.
    fn parse(text: &str) -> Result<Self, FieldError>;
}

/// Implements [`Named`] for agent settings that have `ALL`, `name` and `parse`, as every enum
/// in `searchlab::agents` does.
macro_rules! named_values {
    ($($setting:ty),* $(,)?) => {
        $(impl $crate::flag_values::Named for $setting {
            fn all() -> &'static [Self] {
                &<$setting>::ALL
            }
            fn name(self) -> &'static str {
                <$setting>::name(self)
            }
            fn parse(text: &str) -> Result<Self, searchlab::field_error::FieldError> {
                <$setting>::parse(text)
            }
        })*
    };
}
pub(crate) use named_values;

/// The parser of a [`Named`] setting: `value_parser = named::<Algorithm>()`.
pub fn named<T: Named>() -> NamedParser<T> {
    NamedParser(PhantomData)
}

/// See [`named`]: help lists the names; an unknown name gets the agents module's message.
#[derive(Clone, Copy)]
pub struct NamedParser<T>(PhantomData<fn() -> T>);

impl<T: Named> TypedValueParser for NamedParser<T> {
    type Value = T;

    fn parse_ref(
        &self,
        command: &clap::Command,
        arg: Option<&clap::Arg>,
        value: &std::ffi::OsStr,
    ) -> Result<T, clap::Error> {
        let parse: fn(&str) -> Result<T, FieldError> = T::parse;
        parse.parse_ref(command, arg, value)
    }

    fn possible_values(&self) -> Option<Box<dyn Iterator<Item = PossibleValue> + '_>> {
        Some(Box::new(
            T::all()
                .iter()
                .map(|value| PossibleValue::new(value.name())),
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_read_in_words_and_ranges_name_their_bounds() {
        assert_eq!(number::<u64>("12"), Ok(12));
        assert_eq!(
            number::<u32>("x"),
            Err("cannot read 'x' as a whole number".to_string())
        );
        assert_eq!(
            number::<u32>("4294967296"),
            Err("must be at most 4294967295, got 4294967296".to_string())
        );
        assert_eq!(
            number::<f64>("-"),
            Err("cannot read '-' as a number".to_string())
        );
        assert_eq!(quoted("a\nb"), "a\\u{a}b");
        assert_eq!(
            number::<u32>("-1"),
            Err("-1 is below the smallest value 0".to_string())
        );
    }
}
