//! The SearchLab command line: batch runs, benchmarks and conformance checks.
//!
//! `searchlab GAME COMMAND --flag value ...`; output is JSON on stdout, errors are one line on
//! stderr with exit status 2.

mod args;
mod bait;
mod bait_search_bench;
mod bait_solve;
mod bait_speed;
mod g2048;
mod g2048_checkpoint;
mod g2048_decisions;
mod othello;
mod peak_memory;
mod sumzero;

use args::{CliError, CliResult, Flags};

const USAGE: &str = "usage: searchlab GAME COMMAND [--flag value ...]
games and commands:
  bait trace --level FILE --actions LETTERS [--tick-limit N]
  bait solve --level FILE --algo bfs|dfs|dls|astar|wastar|mcts|rhea [--depth N] [--heuristic walls|state]
             [--weight W] [--uct K] [--rollout-depth N] [--population N] [--horizon N]
             [--budget-ms N | --iterations N] [--max-nodes N] [--max-memory-mb N] [--keys exact|fingerprint]
             [--seed N] [--tick-limit N] [--max-moves N]
  bait bench-search [--runs R] [--levels DIR] [--bfs-level3-nodes N]
  bait speed --walk-level FILE --astar-level FILE [--steps N] [--seed S] [--astar-runs N]
  bait bench [--seconds S] [--runs R] [--levels DIR] [--seed N]
  2048 play --algo mcts|expectimax|greedy|random [--depth N] [--cutoff P] [--uct C] [--spawns averaged|branched] [--tree-depth N]
            [--budget-ms N | --iterations N] --games N --seed S [--start-game K] [--until-tile T] [--checkpoint FILE]
  2048 bench [--millis M] [--seed S] [--depth N] [--cutoff P] [--only slides|rollouts|expectimax|mcts]
  2048 speed [--seed S] [--playouts N]
  2048 decisions [--iterations N,N,..] [--uct C,C,..] [--seeds S,S,..] [--positions middle|late]
                 [--late-playouts P] [--spawns averaged|branched]
  othello perft --depth D | solve --board BOARD64 --side X|O | match --black AGENT --white AGENT --games N --seed S | bench | fit
  sumzero play --algo mcts|exhaustive [--uct C] [--iterations N] [--seed S] [--moves TEXT] | solve [--moves TEXT]";

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
        "bait" => bait::run(command, &flags),
        "2048" => g2048::run(command, &flags),
        "othello" => othello::run(command, &flags),
        "sumzero" => sumzero::run(command, &flags),
        _ => Err(CliError(format!(
            "unknown game '{game}' (command '{command}')\n{USAGE}"
        ))),
    }
    .and_then(|()| flags.finish())
}
