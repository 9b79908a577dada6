//! The flags that configure Othello agents (`othello match`): `--black` and `--white` in the
//! grammar of `searchlab::agents::othello` (the page's links use it too), and the time per move
//! of those given no budget. The agents module parses and validates them.

use clap::Args;
use searchlab::agents::othello::{AgentSpec, Algorithm, Budget};
use searchlab::agents::params::{Kind, OTHELLO};
use searchlab::search::Limits;

use crate::args::{flag_error, CliError, CliResult};
use crate::flag_ranges::table_int;

/// Milliseconds per move of `mtdf` and `mcts` agents given no budget (`--ms-per-move`).
const DEFAULT_MS_PER_MOVE: u64 = 1000;

/// Limits of every search an agent runs (nodes, and the table's or the tree's memory).
const AGENT_LIMITS: Limits = Limits {
    max_nodes: 2_000_000_000,
    max_memory_bytes: 32 << 20,
};

/// The grammar of `--black` and `--white`, shown by `searchlab othello match --help`: its keys,
/// their ranges and what they do come from the parameter table (`agents::params::OTHELLO`).
pub fn agent_grammar() -> String {
    let mut text = String::from(
        "AGENT = NAME[:key=value]...
  NAME: minimax | alphabeta | alphabeta_tt | mtdf | mcts | solver | random
  a budget is one of depth=, ms= or nodes= (mcts: ms= or nodes=, its playouts)
  keys:",
    );
    for param in OTHELLO.0.iter().filter(|param| param.key != "budget") {
        let values = match param.kind {
            Kind::Int { min, max, .. } => format!("{min}..{max}"),
            Kind::Float { min, max, .. } | Kind::Floats { min, max, .. } => {
                format!("{min}..{max}")
            }
            Kind::Choice { options, .. } => options.join("|"),
        };
        text.push_str(&format!(
            "\n    {}={values} ({}): {}",
            param.key,
            param.algos.join(", "),
            param.help
        ));
    }
    text.push_str(
        "
    tt=on|off (alphabeta): with or without the transposition table
  defaults: minimax depth=3, alphabeta depth=6, mtdf and mcts ms=--ms-per-move (default 1000);
        eval=strong; solve=16 for mtdf, 0 (never) for the others
  examples: random, minimax:depth=3, alphabeta:depth=6:eval=course, mtdf:ms=1000:eval=strong",
    );
    text
}

/// The agents of a match.
#[derive(Args)]
pub struct OthelloAgentFlags {
    /// The first agent: Black in even games, White in odd ones (AGENT: see below)
    #[arg(long, value_name = "AGENT")]
    black: String,
    /// The second agent: White in even games, Black in odd ones
    #[arg(long, value_name = "AGENT")]
    white: String,
    #[arg(long, value_name = "MS", default_value_t = DEFAULT_MS_PER_MOVE,
          value_parser = table_int(&OTHELLO, "ms"),
          help = table_int(&OTHELLO, "ms").help("Milliseconds per move of the mtdf and mcts agents that name no budget"))]
    ms_per_move: u64,
}

impl OthelloAgentFlags {
    /// The first and the second agent, validated; an error names the flag.
    pub fn specs(&self) -> CliResult<[AgentSpec; 2]> {
        let timed = AgentSpec {
            budget: Budget::Millis(self.ms_per_move),
            ..AgentSpec::new(Algorithm::Mcts, AGENT_LIMITS)
        };
        timed
            .validate()
            .map_err(|error| flag_error("ms-per-move", error.message))?;
        Ok([
            parse_agent("black", &self.black, self.ms_per_move)?,
            parse_agent("white", &self.white, self.ms_per_move)?,
        ])
    }
}

/// Reads `--FLAG AGENT`; an error names the flag, the text and the key, on one line.
fn parse_agent(flag: &str, text: &str, ms_per_move: u64) -> CliResult<AgentSpec> {
    AgentSpec::parse(text, ms_per_move, AGENT_LIMITS).map_err(|error| {
        CliError(format!(
            "--{flag}: '{}': {error} (AGENT grammar: searchlab othello match --help)",
            searchlab::field_error::quoted(text)
        ))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn agent_flags_take_the_shared_grammar_and_the_default_time() {
        let spec = parse_agent("white", "mtdf", 250).unwrap();
        assert_eq!(spec.to_text(), "mtdf:ms=250:eval=strong:solve=16");
        let spec = parse_agent("black", "alphabeta:depth=6:eval=course", 250).unwrap();
        assert_eq!(spec.to_text(), "alphabeta:depth=6:eval=course:solve=0");
    }

    #[test]
    fn bad_agent_flags_name_the_flag_and_field() {
        for (text, needle) in [
            ("foo", "algo: unknown algorithm 'foo'"),
            ("minimax:depth=x", "depth: 'x' is not a whole number"),
            ("mtdf:depth=3:ms=10", "only one budget"),
            ("random:depth=2", "takes no budget"),
        ] {
            let error = parse_agent("white", text, 1000).unwrap_err().0;
            assert!(error.starts_with("--white: "), "{error}");
            assert!(error.contains(needle), "{text}: {error}");
            assert_eq!(error.lines().count(), 1, "{error}");
            assert!(error.contains("othello match --help"), "{error}");
        }
    }
}
