//! The SearchLab command line: batch runs, benchmarks and conformance checks.
//!
//! `searchlab GAME COMMAND --flag value ...` (or `--flag=value`). Output is JSON on stdout; a
//! bad flag, file or level prints one line on stderr naming it and exits with status 2.
//! `searchlab --help`, `searchlab GAME --help` and `searchlab GAME COMMAND --help` describe every
//! command and flag; `searchlab` alone prints the usage of every command and exits with status 2.
//! Flags, help, usage lines and error messages all come from one clap description per game.
//!
//! # A game's room, and how to add one
//!
//! Each game's command line lives in its own folder beside this file (`bait/`, `g2048/`,
//! `othello/`, `sumzero/`):
//!
//! - `mod.rs`: the game's commands as one `#[derive(clap::Subcommand)]` enum, one variant per
//!   command holding its flags (a `#[derive(clap::Args)]` struct whose doc comments are the
//!   help), and `impl GameCli` for the enum: the game's name, one line about it, and `run`;
//! - one file per command (or family of commands), and `agent_flags.rs`: the flags that
//!   configure the game's agent, in one `#[derive(clap::Args)]` struct that builds the game's
//!   `AgentSpec` and has it validated (ranges are the spec's, never the parser's).
//!
//! A new game adds its room, its `mod` line and one line in [`GAMES`]; nothing else here
//! changes. What every game shares stays beside this file: `args.rs` (the error type and
//! printing), `flag_values.rs` (parsers of flag values), `flag_ranges.rs` (the number flags'
//! ranges, one table), `error_line.rs` (a parse error as one
//! line), `usage.rs` (usage lines generated from the parser), `peak_memory.rs` and
//! `instruction_set.rs` (the processor check).

mod args;
mod bait;
mod cpu_time;
mod error_line;
mod flag_ranges;
mod flag_values;
mod g2048;
mod instruction_set;
mod othello;
mod peak_memory;
mod sumzero;
mod usage;
mod vgdl;

use clap::error::ErrorKind;
use clap::{ArgMatches, Command, Subcommand};

use args::{CliError, CliResult};

/// Every game's command line, one line per game, in the order help lists them.
const GAMES: &[Game] = &[
    Game::of::<bait::BaitCommand>(),
    Game::of::<g2048::G2048Command>(),
    Game::of::<othello::OthelloCommand>(),
    Game::of::<sumzero::SumzeroCommand>(),
    Game::of::<vgdl::VgdlCommand>(),
];

/// A game's commands: a clap subcommand enum that runs what it parsed.
pub trait GameCli: Subcommand {
    /// The game's name on the command line (`bait`, `2048`, ...).
    const NAME: &'static str;
    /// One line about the game, for `searchlab --help`.
    const ABOUT: &'static str;
    /// Runs the parsed command.
    fn run(self) -> CliResult<()>;
}

/// A registered game: its name, its clap description and how to run what was parsed.
struct Game {
    name: &'static str,
    command: fn() -> Command,
    run: fn(&ArgMatches) -> CliResult<()>,
}

impl Game {
    const fn of<G: GameCli>() -> Game {
        Game {
            name: G::NAME,
            command: game_command::<G>,
            run: run_game::<G>,
        }
    }
}

/// `searchlab GAME`, its commands below it, their usage lines after its help.
fn game_command<G: GameCli>() -> Command {
    let command = G::augment_subcommands(Command::new(G::NAME))
        .about(G::ABOUT)
        .subcommand_required(true)
        .mut_subcommands(|command| command.mut_args(number_values));
    let lines = usage::game(&command);
    command.after_help(format!("Commands and flags:\n{lines}"))
}

/// `arg` reading negative numbers as values; a number flag reads any word after it as its value
/// (`--cutoff -inf` is refused by the flag's range, not taken for a flag `-i`). A switch takes no
/// value and is left as it is.
fn number_values(arg: clap::Arg) -> clap::Arg {
    if !arg.get_action().takes_values() {
        return arg;
    }
    let numbers = [
        std::any::TypeId::of::<u32>(),
        std::any::TypeId::of::<u64>(),
        std::any::TypeId::of::<usize>(),
        std::any::TypeId::of::<f64>(),
    ];
    let id = arg.get_value_parser().type_id();
    let number = numbers.iter().any(|number| id == *number);
    arg.allow_negative_numbers(true).allow_hyphen_values(number)
}

fn run_game<G: GameCli>(matches: &ArgMatches) -> CliResult<()> {
    G::from_arg_matches(matches)
        .map_err(|error| CliError(error.kind().to_string()))?
        .run()
}

/// `searchlab`, every game below it, and every command's usage line after its help.
fn root_command() -> Command {
    let root = Command::new("searchlab")
        .about("Watch search algorithms think: batch runs, benchmarks and conformance checks.")
        .long_about(
            "Watch search algorithms think: batch runs, benchmarks and conformance checks.\n\
             Every command prints JSON on stdout; a bad flag, file or level prints one line on \
             stderr naming it and exits with status 2.",
        )
        .subcommand_required(true)
        .subcommand_value_name("GAME")
        .subcommand_help_heading("Games")
        .disable_help_subcommand(true)
        .max_term_width(usage::WIDTH)
        .subcommands(GAMES.iter().map(|game| (game.command)()));
    let lines = usage::all_games(&root);
    root.after_help(format!("Commands and flags:\n{lines}"))
}

fn main() {
    if let Some(message) = instruction_set::missing_features() {
        fail(&message);
    }
    let words: Vec<String> = std::env::args_os()
        .skip(1)
        .map(|word| word.to_string_lossy().into_owned())
        .collect();
    let root = root_command();
    if words.is_empty() {
        let lines = usage::all_games(&root);
        fail(&format!(
            "usage: searchlab GAME COMMAND [--flag value ...] (searchlab --help for more)\n\
             games and commands:\n{}",
            lines.trim_end()
        ));
    }
    let matches = match root.clone().try_get_matches_from(std::env::args_os()) {
        Ok(matches) => matches,
        Err(error) => match error.kind() {
            ErrorKind::DisplayHelp | ErrorKind::DisplayVersion => {
                let _ = error.print();
                std::process::exit(0);
            }
            ErrorKind::MissingSubcommand | ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand => {
                game_usage(&root, &words)
            }
            _ => fail(&error_line::one_line(&error, &root, &words)),
        },
    };
    let (name, matches) = matches.subcommand().expect("clap requires a game");
    let game = GAMES
        .iter()
        .find(|game| game.name == name)
        .expect("every game clap knows is registered");
    if let Err(error) = (game.run)(matches) {
        fail(&error.0);
    }
}

/// `searchlab GAME` without a command: that game's usage lines, exit status 2.
fn game_usage(root: &Command, words: &[String]) -> ! {
    let game = words.first().and_then(|word| root.find_subcommand(word));
    let (name, lines) = match game {
        Some(game) => (game.get_name(), usage::game(game)),
        None => ("GAME", usage::all_games(root)),
    };
    fail(&format!(
        "usage: searchlab {name} COMMAND [--flag value ...] (searchlab {name} --help for more)\n\
         commands:\n{}",
        lines.trim_end()
    ))
}

/// Prints `searchlab: message` on stderr and exits with status 2.
fn fail(message: &str) -> ! {
    eprintln!("searchlab: {message}");
    std::process::exit(2)
}
