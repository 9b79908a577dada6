//! The SearchLab command line: batch runs, benchmarks and conformance checks.
//!
//! `searchlab GAME COMMAND --flag value ...`; output is JSON on stdout, errors are one line on
//! stderr with exit status 2.

mod args;
mod othello;

use args::{CliError, CliResult, Flags};

const USAGE: &str = "usage: searchlab GAME COMMAND [--flag value ...]
games and commands:
  bait trace|solve|bench
  othello perft|solve|match|bench|fit";

fn main() {
    let words: Vec<String> = std::env::args().skip(1).collect();
    if let Err(error) = run(&words) {
        eprintln!("searchlab: {error}");
        std::process::exit(2);
    }
}

fn run(words: &[String]) -> CliResult<()> {
    let (game, command, rest) = match words {
        [game, command, rest @ ..] => (game.as_str(), command.as_str(), rest),
        _ => return Err(CliError(USAGE.into())),
    };
    let flags = Flags::parse(rest)?;
    match game {
        "othello" => othello::run(command, &flags),
        _ => Err(CliError(format!(
            "unknown game '{game}' (command '{command}')\n{USAGE}"
        ))),
    }
    .and_then(|()| flags.finish())
}
