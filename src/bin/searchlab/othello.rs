//! `searchlab othello perft|solve|bench`: move-generation counts, exact endgame solves and
//! benchmarks, as JSON lines.

use crate::args::{CliError, CliResult, Flags};
use searchlab::games::othello::endgame::Solver;
use searchlab::games::othello::perft::perft;
use searchlab::games::othello::{Board, Othello};
use serde_json::json;
use std::time::Instant;

/// Default path of the FFO suite, relative to the crate root (as in the tests).
const DEFAULT_FFO: &str = "../shared/othello/ffo.txt";

/// Solver table size used by the CLI.
const SOLVER_MEMORY: usize = 256 << 20;

/// Runs one `othello` subcommand.
pub fn run(command: &str, flags: &Flags) -> CliResult<()> {
    match command {
        "perft" => run_perft(flags),
        "solve" => run_solve(flags),
        "bench" => run_bench(flags),
        _ => Err(CliError(format!(
            "othello: unknown command '{command}' (expected perft, solve, match or bench)"
        ))),
    }
}

/// `perft --depth D`: leaves from the start position (pass = ply, bulk counting).
fn run_perft(flags: &Flags) -> CliResult<()> {
    let depth: u32 = flags.require("depth")?;
    println!("{}", perft_line(depth));
    Ok(())
}

fn perft_line(depth: u32) -> serde_json::Value {
    let start = Instant::now();
    let leaves = perft(Board::start(), depth);
    let elapsed = start.elapsed();
    json!({
        "depth": depth,
        "leaves": leaves,
        "elapsed_ms": elapsed.as_millis() as u64,
        "leaves_per_s": (leaves as f64 / elapsed.as_secs_f64().max(1e-9)) as u64,
    })
}

/// `solve --board BOARD64 --side X|O [--max-nodes N]`: the exact score for the side to move.
fn run_solve(flags: &Flags) -> CliResult<()> {
    let board: String = flags.require("board")?;
    let side: String = flags.require("side")?;
    let max_nodes = flags.get_or("max-nodes", u64::MAX)?;
    let position = Othello::parse(&board, &side)?;
    let mut solver = Solver::new(SOLVER_MEMORY, max_nodes);
    let start = Instant::now();
    let solution = solver.solve(position.board())?;
    let elapsed = start.elapsed();
    println!(
        "{}",
        json!({
            "score": solution.score,
            "best_move": solution.best_move.map(|m| m.to_string()),
            "pv": solution.pv.iter().map(|m| m.to_string()).collect::<Vec<_>>(),
            "nodes": solution.nodes,
            "elapsed_ms": elapsed.as_millis() as u64,
        })
    );
    Ok(())
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

/// `bench [--perft-max 12] [--ffo FILE] [--from 40] [--to 49]`: perft 10..=perft-max and the
/// FFO solve times, one JSON line each, then a summary.
fn run_bench(flags: &Flags) -> CliResult<()> {
    let perft_max: u32 = flags.get_or("perft-max", 12)?;
    let path: String = flags.get_or("ffo", DEFAULT_FFO.to_string())?;
    let from: u32 = flags.get_or("from", 40)?;
    let to: u32 = flags.get_or("to", 49)?;
    for depth in 10..=perft_max {
        println!("{}", perft_line(depth));
    }
    let problems = read_ffo(&path)?;
    let mut solver = Solver::new(SOLVER_MEMORY, u64::MAX);
    let (mut total_ms, mut total_nodes, mut wrong) = (0.0, 0u64, 0);
    for problem in problems.iter().filter(|p| (from..=to).contains(&p.id)) {
        solver.clear();
        let start = Instant::now();
        let solution = solver.solve(problem.position.board())?;
        let elapsed = start.elapsed().as_secs_f64() * 1000.0;
        let best = solution
            .best_move
            .map(|m| m.to_string())
            .unwrap_or_default();
        let correct = solution.score == problem.best_score && problem.best_moves.contains(&best);
        wrong += usize::from(!correct);
        total_ms += elapsed;
        total_nodes += solution.nodes;
        println!(
            "{}",
            json!({
                "ffo": problem.id,
                "empties": problem.position.empty_count(),
                "score": solution.score,
                "best_move": best,
                "correct": correct,
                "nodes": solution.nodes,
                "elapsed_ms": elapsed as u64,
            })
        );
    }
    println!(
        "{}",
        json!({"ffo_total_ms": total_ms as u64, "ffo_nodes": total_nodes, "ffo_wrong": wrong})
    );
    Ok(())
}
