//! The ranges of the command line's number flags, declared once in one table: a [`Range`] is
//! the flag's `value_parser` (it refuses a value outside with `field_error::check_range`'s words,
//! which `error_line.rs` prefixes with the flag: "--runs: must be between 1 and 100, got 0") and
//! states itself in the flag's help (`help = RUNS.help("...")`: "... (1 to 100)"), so the two
//! cannot disagree.
//!
//! The agents' parameters (`--depth`, `--uct`, `--rollout-depth`, ...) are not here: their ranges
//! are the parameter tables' (`searchlab::agents::params`), checked by the agent's spec, which
//! knows the algorithm a range depends on; their help states those ranges too.

use clap::builder::TypedValueParser;
use searchlab::agents::g2048::CUTOFF as G2048_CUTOFF;
use searchlab::agents::params::{Kind, Table};
use searchlab::field_error::{check_range, quoted};

use crate::flag_values::Number;

/// The values a number flag accepts, from `low` to `high` inclusive.
#[derive(Clone, Copy, Debug)]
pub struct Range<T> {
    low: T,
    high: T,
}

impl<T: Number> Range<T> {
    /// The values from `low` to `high`.
    pub const fn new(low: T, high: T) -> Self {
        Range { low, high }
    }

    /// A flag's help: `text` and then this range, "Runs of each search (1 to 100)".
    pub fn help(self, text: &str) -> String {
        format!("{text} ({} to {})", self.low, self.high)
    }

    /// `text` as a value in range, or why not, naming the range: "must be between 1 and 100,
    /// got 0", "cannot read 'x' as a whole number (from 1 to 100)".
    pub fn parse(self, text: &str) -> Result<T, String> {
        let (low, high) = (self.low, self.high);
        match text.parse::<T>() {
            Ok(value) => check_range("", value, low..=high).map_err(|error| error.message),
            Err(_) if is_integer(text) => Err(format!(
                "must be between {low} and {high}, got {}",
                quoted(text)
            )),
            Err(_) => Err(format!(
                "cannot read '{}' as {} (from {low} to {high})",
                quoted(text),
                T::WORDS
            )),
        }
    }
}

/// Digits with an optional sign: a whole number, however large.
fn is_integer(text: &str) -> bool {
    let digits = text.strip_prefix(['-', '+']).unwrap_or(text);
    !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit())
}

impl<T: Number> TypedValueParser for Range<T> {
    type Value = T;

    fn parse_ref(
        &self,
        command: &clap::Command,
        arg: Option<&clap::Arg>,
        value: &std::ffi::OsStr,
    ) -> Result<T, clap::Error> {
        let range = *self;
        let parse = move |text: &str| range.parse(text);
        parse.parse_ref(command, arg, value)
    }
}

/// The range of the integer parameter `key` of an agents' parameter table.
pub fn table_int(table: &Table, key: &str) -> Range<u64> {
    let (low, high) = table.int_range(key);
    Range::new(low, high)
}

/// The range of the number parameter `key` of an agents' parameter table.
pub fn table_float(table: &Table, key: &str) -> Range<f64> {
    match table.param(key).kind {
        Kind::Float { min, max, .. } => Range::new(min, max),
        _ => panic!("parameter '{key}' is not a number"),
    }
}

// ---------- the table ----------

/// Expectimax's chance-probability cutoff (the agent's range).
pub const CUTOFF: Range<f64> = Range::new(*G2048_CUTOFF.start(), *G2048_CUTOFF.end());
/// Weighted A*'s heuristic weight (`Weight::from_f64`'s range).
pub const WEIGHT: Range<f64> = Range::new(1.0, 1000.0);
/// Any seed: every 64-bit value names a series.
pub const SEED: Range<u64> = Range::new(0, u64::MAX);
/// Repeated measurements of a benchmark (the median is reported).
pub const RUNS: Range<usize> = Range::new(1, 100);
/// `bait ablation --seeds`: games per level and agent.
pub const GAMES_PER_CELL: Range<u64> = Range::new(1, 100_000);
/// Seconds one benchmark measurement runs.
pub const SECONDS: Range<f64> = Range::new(0.001, 3600.0);
/// Milliseconds one benchmark part, or one move of a timed agent, may run: up to an hour.
pub const MILLIS: Range<u64> = Range::new(1, 3_600_000);
/// Milliseconds a Bait agent thinks before each action (fractions allowed): up to an hour.
pub const ACTION_MILLIS: Range<f64> = Range::new(0.001, 3_600_000.0);
/// Work units a move or a search may spend (iterations, playouts, expansions): up to 10^12.
pub const WORK: Range<u64> = Range::new(1, 1_000_000_000_000);
/// A search's node limit: any positive count (the search stops at it).
pub const NODE_LIMIT: Range<u64> = Range::new(1, u64::MAX);
/// Memory one Bait search may use, in MiB: up to 1 TiB.
pub const MEMORY_MB: Range<u64> = Range::new(1, 1 << 20);
/// The Othello solver's table in MiB (it rounds down to a power of two entries; larger would
/// overflow the entry count's arithmetic long before any machine has the memory).
pub const TABLE_MB: Range<usize> = Range::new(1, 16_384);
/// Bait's tick limit (GVGAI's is 2000).
pub const TICK_LIMIT: Range<u32> = Range::new(1, 1_000_000);
/// Actions a Bait agent may play.
pub const MAX_MOVES: Range<usize> = Range::new(1, 1_000_001);
/// Copy-and-advance calls of `bait speed`'s random walk.
pub const WALK_STEPS: Range<u64> = Range::new(1, 100_000_000_000);
/// Repetitions of a search in a speed benchmark.
pub const REPEATS: Range<u64> = Range::new(1, 1_000_000);
/// Games in a 2048 series (with `--start-game`, far below where game numbers overflow).
pub const G2048_GAMES: Range<u64> = Range::new(1, 1_000_000_000);
/// The first game of a 2048 series played.
pub const START_GAME: Range<u64> = Range::new(0, 1_000_000_000_000);
/// A 2048 tile that ends a game: 4 to the largest tile a game can make, 2^17.
pub const UNTIL_TILE: Range<u64> = Range::new(4, 1 << 17);
/// Games of an Othello match.
pub const OTHELLO_GAMES: Range<u32> = Range::new(1, 1_000_000);
/// Random plies that open an Othello game (a game has at most 60 moves).
pub const RANDOM_PLIES: Range<u32> = Range::new(0, 59);
/// Othello perft's depth in plies (a game has at most 60 moves and a few passes).
pub const PERFT_DEPTH: Range<u32> = Range::new(0, 64);
/// The FFO endgame problems' numbers.
pub const FFO_ID: Range<u32> = Range::new(1, 79);
/// Empty squares of a position Othello's fit solves exactly.
pub const FIT_EMPTIES: Range<u32> = Range::new(0, 30);
/// Positions Othello's fit solves.
pub const FIT_POSITIONS: Range<usize> = Range::new(1, 10_000_000);

#[cfg(test)]
mod tests {
    use std::any::TypeId;

    use super::*;

    #[test]
    fn a_range_names_itself_in_every_refusal() {
        assert_eq!(RUNS.parse("+7"), Ok(7));
        assert_eq!(
            RUNS.parse("0"),
            Err("must be between 1 and 100, got 0".into())
        );
        assert_eq!(
            RUNS.parse("-18446744073709551616"),
            Err("must be between 1 and 100, got -18446744073709551616".into())
        );
        assert_eq!(
            RUNS.parse("0x10"),
            Err("cannot read '0x10' as a whole number (from 1 to 100)".into())
        );
        assert_eq!(
            SECONDS.parse("NaN"),
            Err("must be between 0.001 and 3600, got NaN".into())
        );
        assert_eq!(
            SECONDS.parse("-inf"),
            Err("must be between 0.001 and 3600, got -inf".into())
        );
        assert_eq!(SECONDS.help("Seconds"), "Seconds (0.001 to 3600)");
    }

    /// Every flag whose value is a number states a range in its help: one of this table's, or
    /// an agent parameter's. A new number flag without one fails here.
    #[test]
    fn every_number_flag_states_its_range_in_its_help() {
        let numbers = [
            TypeId::of::<u32>(),
            TypeId::of::<u64>(),
            TypeId::of::<usize>(),
            TypeId::of::<f64>(),
        ];
        let mut checked = 0;
        for game in crate::root_command().get_subcommands() {
            for command in game.get_subcommands() {
                for arg in command.get_arguments() {
                    let id = arg.get_value_parser().type_id();
                    if !numbers.iter().any(|number| id == *number) {
                        continue;
                    }
                    let help = arg.get_help().map(ToString::to_string).unwrap_or_default();
                    assert!(
                        states_a_range(&help),
                        "{} {} --{}: its help states no range: {help:?}",
                        game.get_name(),
                        command.get_name(),
                        arg.get_id()
                    );
                    checked += 1;
                }
            }
        }
        assert!(checked >= 40, "only {checked} number flags found");
    }

    /// Whether `help` holds "(A to B)" with A and B numbers.
    fn states_a_range(help: &str) -> bool {
        help.split('(').skip(1).any(|part| {
            let Some((inner, _)) = part.split_once([')', ';']) else {
                return false;
            };
            let words: Vec<&str> = inner.split(' ').collect();
            words.len() == 3
                && words[1] == "to"
                && words[0].parse::<f64>().is_ok()
                && words[2].parse::<f64>().is_ok()
        })
    }
}
