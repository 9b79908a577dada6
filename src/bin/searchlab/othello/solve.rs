//! `searchlab othello solve --board BOARD64 --side X|O [--max-nodes N] [--table-mb 256]`: the
//! exact score for the side to move, its best move and principal variation, as one JSON line.

use std::time::Instant;

use clap::Args;
use searchlab::games::othello::endgame::Solver;
use searchlab::games::othello::Othello;
use serde_json::json;

use super::SolverTableFlags;
use crate::args::{flag_error, print_line, CliResult};
use crate::flag_ranges::NODE_LIMIT;

/// The flags of `othello solve`.
#[derive(Args)]
pub struct SolveFlags {
    /// The position: 64 characters from a1 b1 .. h1 to h8, X black, O white, - empty (FFO)
    #[arg(long, value_name = "BOARD64")]
    board: String,
    /// The side to move
    #[arg(long, value_name = "X|O")]
    side: String,
    #[arg(long, value_name = "N", value_parser = NODE_LIMIT,
          help = NODE_LIMIT.help("Give up after this many positions (default: no limit)"))]
    max_nodes: Option<u64>,
    #[command(flatten)]
    table: SolverTableFlags,
}

impl SolveFlags {
    /// Solves and prints the line.
    pub fn run(self) -> CliResult<()> {
        let position = Othello::parse(&self.board, &self.side)?;
        let mut solver = Solver::new(self.table.bytes(), self.max_nodes.unwrap_or(u64::MAX));
        let start = Instant::now();
        // The only way a solve fails: it reached the node limit the flag set.
        let solution = solver
            .solve(position.board())
            .map_err(|error| flag_error("max-nodes", error))?;
        let elapsed = start.elapsed();
        print_line(json!({
            "score": solution.score,
            "best_move": solution.best_move.map(|m| m.to_string()),
            "pv": solution.pv.iter().map(|m| m.to_string()).collect::<Vec<_>>(),
            "nodes": solution.nodes,
            "elapsed_ms": elapsed.as_millis() as u64,
        }))
    }
}
