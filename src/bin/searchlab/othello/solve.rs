//! `searchlab othello solve --board BOARD64 --side X|O [--max-nodes N] [--table-mb 256]`: the
//! exact score for the side to move, its best move and principal variation, as one JSON line.

use std::time::Instant;

use clap::Args;
use searchlab::games::othello::endgame::Solver;
use searchlab::games::othello::Othello;
use serde_json::json;

use super::SolverTableFlags;
use crate::args::{print_line, CliResult};
use crate::flag_values::number;

/// The flags of `othello solve`.
#[derive(Args)]
pub struct SolveFlags {
    /// The position: 64 characters from a1 b1 .. h1 to h8, X black, O white, - empty (FFO)
    #[arg(long, value_name = "BOARD64")]
    board: String,
    /// The side to move
    #[arg(long, value_name = "X|O")]
    side: String,
    /// Give up after this many positions (default: no limit)
    #[arg(long, value_name = "N", value_parser = number::<u64>)]
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
        let solution = solver.solve(position.board())?;
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
