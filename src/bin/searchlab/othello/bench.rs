//! `searchlab othello bench [--perft-max 12] [--ffo FILE] [--from 40] [--to 49] [--table-mb 256]
//! [--step-nodes N]`: perft 10..=perft-max and the FFO solve times, one JSON line each, then a
//! summary. With `--step-nodes`, each solve runs as the page runs it, in steps of N positions
//! ([`SteppedSolve`]), and its line says how many steps it took and how long the longest took.

use std::time::Instant;

use clap::Args;
use searchlab::games::othello::endgame::{Solution, Solver, SteppedSolve};
use searchlab::games::othello::{Board, Othello};
use serde_json::json;

use super::perft::perft_line;
use super::SolverTableFlags;
use crate::args::{print_line, CliError, CliResult};
use crate::flag_ranges::{FFO_ID, NODE_LIMIT, PERFT_DEPTH};

/// The flags of `othello bench`.
#[derive(Args)]
pub struct BenchFlags {
    #[arg(long, value_name = "D", default_value_t = 12, value_parser = PERFT_DEPTH,
          help = PERFT_DEPTH.help("Perft from depth 10 to this depth (below 10: none)"))]
    perft_max: u32,
    /// The FFO suite: one problem a line (id, board, side, best score, best moves)
    #[arg(long, value_name = "FILE", default_value = "../shared/othello/ffo.txt")]
    ffo: String,
    #[arg(long, value_name = "ID", default_value_t = 40, value_parser = FFO_ID,
          help = FFO_ID.help("The first FFO problem solved"))]
    from: u32,
    #[arg(long, value_name = "ID", default_value_t = 49, value_parser = FFO_ID,
          help = FFO_ID.help("The last FFO problem solved"))]
    to: u32,
    #[command(flatten)]
    table: SolverTableFlags,
    #[arg(long, value_name = "N", value_parser = NODE_LIMIT,
          help = NODE_LIMIT.help("Solve in steps of N positions, as the page does, and report the longest step"))]
    step_nodes: Option<u64>,
}

/// One FFO problem: id, position, exact score and best moves.
struct Problem {
    id: u32,
    position: Othello,
    best_score: i32,
    best_moves: Vec<String>,
}

fn read_ffo(path: &str) -> CliResult<Vec<Problem>> {
    let text = std::fs::read_to_string(path)
        .map_err(|error| CliError(format!("--ffo: cannot read '{path}': {error}")))?;
    let mut problems = Vec::new();
    for (number, line) in text.lines().enumerate() {
        if line.starts_with('#') || line.trim().is_empty() {
            continue;
        }
        let bad = |what: &str| CliError(format!("{path}:{}: {what}", number + 1));
        let fields: Vec<&str> = line.split_whitespace().collect();
        if fields.len() < 5 {
            return Err(bad("expected at least 5 fields"));
        }
        problems.push(Problem {
            id: fields[0]
                .parse()
                .map_err(|_| bad("field 1 (id) is not a number"))?,
            position: Othello::parse(fields[1], fields[2])
                .map_err(|error| bad(&error.to_string()))?,
            best_score: fields[3]
                .parse()
                .map_err(|_| bad("field 4 (best_score) is not an integer"))?,
            best_moves: fields[4].split(',').map(String::from).collect(),
        });
    }
    Ok(problems)
}

impl BenchFlags {
    /// Runs perft and the solves and prints their lines and the summary.
    pub fn run(self) -> CliResult<()> {
        let BenchFlags {
            perft_max,
            ffo: path,
            from,
            to,
            table,
            step_nodes,
        } = self;
        let table_bytes = table.bytes();
        let problems = read_ffo(&path)?;
        for depth in 10..=perft_max {
            print_line(perft_line(depth))?;
        }
        let mut solver = Solver::new(table_bytes, u64::MAX);
        let (mut total_ms, mut total_nodes, mut wrong) = (0.0, 0u64, 0);
        for problem in problems.iter().filter(|p| (from..=to).contains(&p.id)) {
            solver.clear();
            let board = problem.position.board();
            let start = Instant::now();
            let (solution, steps) = match step_nodes {
                None => (solver.solve(board)?, None),
                Some(budget) => {
                    let (solution, steps) = solve_in_steps(board, table_bytes, budget)?;
                    (solution, Some(steps))
                }
            };
            let elapsed = start.elapsed().as_secs_f64() * 1000.0;
            let best = solution
                .best_move
                .map(|m| m.to_string())
                .unwrap_or_default();
            let correct =
                solution.score == problem.best_score && problem.best_moves.contains(&best);
            wrong += usize::from(!correct);
            total_ms += elapsed;
            total_nodes += solution.nodes;
            let mut line = json!({
                "ffo": problem.id,
                "empties": problem.position.empty_count(),
                "score": solution.score,
                "best_move": best,
                "correct": correct,
                "nodes": solution.nodes,
                "elapsed_ms": elapsed as u64,
            });
            if let Some(steps) = steps {
                line["steps"] = json!(steps.count);
                line["longest_step_ms"] = json!((steps.longest_ms * 10.0).round() / 10.0);
            }
            print_line(line)?;
        }
        print_line(
            json!({"ffo_total_ms": total_ms as u64, "ffo_nodes": total_nodes, "ffo_wrong": wrong}),
        )?;
        Ok(())
    }
}

/// How a solve in steps went: its number of steps and its longest step.
struct Steps {
    count: u64,
    longest_ms: f64,
}

/// Solves `board` in steps of `budget` positions with a table of `memory_bytes`.
fn solve_in_steps(board: Board, memory_bytes: usize, budget: u64) -> CliResult<(Solution, Steps)> {
    let mut solve = SteppedSolve::new(board, memory_bytes, u64::MAX);
    let mut steps = Steps {
        count: 0,
        longest_ms: 0.0,
    };
    loop {
        steps.count += 1;
        let start = Instant::now();
        let outcome = solve.step(budget)?;
        steps.longest_ms = steps.longest_ms.max(start.elapsed().as_secs_f64() * 1000.0);
        if let Some(solution) = outcome {
            return Ok((solution, steps));
        }
    }
}
