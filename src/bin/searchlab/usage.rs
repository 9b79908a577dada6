//! Usage lines generated from the clap description, one per command with every flag:
//!
//! ```text
//!   bait trace --level FILE --actions LETTERS [--tick-limit N]
//! ```
//!
//! A required flag stands bare, an optional one in brackets; a flag with a fixed set of values
//! lists them (`--heuristic walls|state`). `searchlab` alone prints these for every game, and
//! `--help` shows them below the list of games or commands.

use clap::Command;

/// Widest usage line, continuation lines included (and widest help).
pub const WIDTH: usize = 100;

/// The usage lines of every command of every game under `root`.
pub fn all_games(root: &Command) -> String {
    root.get_subcommands().map(game).collect()
}

/// The usage lines of every command of `game`.
pub fn game(game: &Command) -> String {
    game.get_subcommands()
        .map(|command| command_line(game.get_name(), command))
        .collect()
}

/// `  GAME COMMAND --flag VALUE [--flag VALUE] ...`, wrapped under the first flag, with a newline.
fn command_line(game: &str, command: &Command) -> String {
    let head = format!("  {game} {}", command.get_name());
    let indent = " ".repeat(head.len() + 1);
    let mut text = String::new();
    let mut line = head;
    for flag in command.get_arguments().filter_map(flag_usage) {
        if line.len() + 1 + flag.len() > WIDTH {
            text.push_str(&line);
            text.push('\n');
            line = format!("{indent}{flag}");
        } else {
            line.push(' ');
            line.push_str(&flag);
        }
    }
    text.push_str(&line);
    text.push('\n');
    text
}

/// `--name VALUE`, or `[--name VALUE]` when optional; `None` for flags that take no value
/// (`--help`) and hidden ones.
fn flag_usage(arg: &clap::Arg) -> Option<String> {
    let long = arg.get_long()?;
    if arg.is_hide_set() || !arg.get_action().takes_values() {
        return None;
    }
    let choices: Vec<String> = arg
        .get_possible_values()
        .iter()
        .map(|value| value.get_name().to_string())
        .collect();
    let value = if choices.is_empty() {
        arg.get_value_names()
            .and_then(|names| names.first())
            .map_or_else(
                || arg.get_id().to_string().to_uppercase(),
                |n| n.to_string(),
            )
    } else {
        choices.join("|")
    };
    let flag = format!("--{long} {value}");
    Some(if arg.is_required_set() {
        flag
    } else {
        format!("[{flag}]")
    })
}
