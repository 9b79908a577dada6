//! A clap parse error as the one line the command line prints, naming the flag: clap's own
//! rendering is several lines (the error, the usage, a hint), and scripts and tests read one.
//!
//! "--depth: cannot read 'x' as a whole number", "--sed: unknown flag for this command (did you
//! mean --seed?)", "--seed: given more than once", "--actions is required", "bait: unknown
//! command 'fly' (expected trace, ...)".

use std::error::Error as _;

use clap::error::{ContextKind, ContextValue, Error, ErrorKind};
use clap::Command;
use searchlab::field_error::FieldError;

use searchlab::field_error::quoted;

/// The line for `error`, raised while parsing `words` (the arguments after the program's
/// name) against `root`.
pub fn one_line(error: &Error, root: &Command, words: &[String]) -> String {
    let flag = || flag_of(error.get(ContextKind::InvalidArg));
    let value = || text(error.get(ContextKind::InvalidValue)).map(|v| quoted(&v));
    match error.kind() {
        ErrorKind::UnknownArgument => unknown_argument(error),
        ErrorKind::InvalidSubcommand => unknown_command(error, root, words),
        ErrorKind::ValueValidation => format!("{}: {}", flag(), source_message(error)),
        ErrorKind::InvalidValue if value().unwrap_or_default().is_empty() => {
            format!("{}: missing value", flag())
        }
        ErrorKind::InvalidValue => format!(
            "{}: unknown {} '{}' (expected {})",
            flag(),
            value_noun(error.get(ContextKind::InvalidArg)),
            value().unwrap_or_default(),
            or_list(&texts(error.get(ContextKind::ValidValue)))
        ),
        ErrorKind::ArgumentConflict => {
            let others = texts(error.get(ContextKind::PriorArg));
            let others: Vec<String> = others.iter().map(|a| flag_name(a)).collect();
            if others.is_empty() || others == [flag()] {
                format!("{}: given more than once", flag())
            } else {
                format!(
                    "{} and {}: give one or the other",
                    flag(),
                    others.join(", ")
                )
            }
        }
        ErrorKind::MissingRequiredArgument => {
            let missing = texts(error.get(ContextKind::InvalidArg));
            let missing: Vec<String> = missing.iter().map(|a| flag_name(a)).collect();
            match missing.as_slice() {
                [one] => format!("{one} is required"),
                more => format!("{} are required", and_list(more)),
            }
        }
        _ => clap_first_line(error),
    }
}

/// An unknown flag or a word that is not one: names it, with clap's suggestion if it has one.
fn unknown_argument(error: &Error) -> String {
    let given = text(error.get(ContextKind::InvalidArg)).unwrap_or_default();
    if !given.starts_with("--") {
        return format!(
            "unexpected argument '{}': flags look like --name value",
            quoted(&given)
        );
    }
    let flag = quoted(given.split('=').next().unwrap_or_default());
    match text(error.get(ContextKind::SuggestedArg)) {
        Some(suggested) => {
            format!("{flag}: unknown flag for this command (did you mean {suggested}?)")
        }
        None => format!("{flag}: unknown flag for this command"),
    }
}

/// An unknown game, or an unknown command of a game: lists what there is.
fn unknown_command(error: &Error, root: &Command, words: &[String]) -> String {
    let given = quoted(&text(error.get(ContextKind::InvalidSubcommand)).unwrap_or_default());
    let names = |command: &Command| -> Vec<String> {
        command
            .get_subcommands()
            .map(|sub| sub.get_name().to_string())
            .collect()
    };
    let game = words.first().and_then(|word| root.find_subcommand(word));
    match game {
        Some(game) if game.get_name() != given => format!(
            "{}: unknown command '{given}' (expected {})",
            game.get_name(),
            or_list(&names(game))
        ),
        _ => format!(
            "unknown game '{given}' (expected {})",
            or_list(&names(root))
        ),
    }
}

/// The message of a value parser's error: an agent's [`FieldError`] without its field (the flag
/// names it), any other error as it reads.
fn source_message(error: &Error) -> String {
    match error.source() {
        Some(source) => match source.downcast_ref::<FieldError>() {
            Some(spec) => spec.message.clone(),
            None => source.to_string(),
        },
        None => clap_first_line(error),
    }
}

/// Clap's own message, first line, without its "error: " prefix (for the kinds no test or
/// script meets: every one still a single line).
fn clap_first_line(error: &Error) -> String {
    let rendered = error.to_string();
    let first = rendered.lines().next().unwrap_or_default();
    first.strip_prefix("error: ").unwrap_or(first).to_string()
}

/// "--depth" from clap's "--depth <N>" (or "--depth=<N>").
fn flag_name(arg: &str) -> String {
    arg.split([' ', '=']).next().unwrap_or_default().to_string()
}

fn flag_of(arg: Option<&ContextValue>) -> String {
    flag_name(&text(arg).unwrap_or_default())
}

/// What a flag's value is called, from its value name: "mode" for "--keys <MODE>".
fn value_noun(arg: Option<&ContextValue>) -> String {
    let arg = text(arg).unwrap_or_default();
    match arg.split_once(['<']) {
        Some((_, name)) => name.trim_end_matches(['>', '.']).to_lowercase(),
        None => "value".to_string(),
    }
}

fn text(value: Option<&ContextValue>) -> Option<String> {
    match value? {
        ContextValue::String(text) => Some(text.clone()),
        ContextValue::Strings(texts) => texts.first().cloned(),
        _ => None,
    }
}

fn texts(value: Option<&ContextValue>) -> Vec<String> {
    match value {
        Some(ContextValue::String(text)) => vec![text.clone()],
        Some(ContextValue::Strings(texts)) => texts.clone(),
        _ => Vec::new(),
    }
}

/// "a, b or c".
fn or_list(items: &[String]) -> String {
    joined(items, "or")
}

/// "a, b and c".
fn and_list(items: &[String]) -> String {
    joined(items, "and")
}

fn joined(items: &[String], last_word: &str) -> String {
    match items.split_last() {
        Some((last, [])) => last.clone(),
        Some((last, rest)) => format!("{} {last_word} {last}", rest.join(", ")),
        None => String::new(),
    }
}
