//! `searchlab othello perft|solve|match|bench|fit`: move-generation counts, exact endgame
//! solves, matches between agents, benchmarks and the fit of the late-game evaluation weights,
//! as JSON lines.
//!
//! - `perft --depth D`
//! - `solve --board BOARD64 --side X|O [--max-nodes N] [--table-mb 256]`
//! - `match --black AGENT --white AGENT --games N --seed S [--ms-per-move 1000]
//!   [--random-plies 4]` (AGENT grammar: see [`AGENT_GRAMMAR`])
//! - `bench [--perft-max 12] [--ffo ../shared/othello/ffo.txt] [--from 40] [--to 49]
//!   [--table-mb 256] [--step-nodes N]`
//! - `fit --positions N --seed S [--min-empties 12] [--max-empties 20]`

mod fit;

use crate::args::{print_line, CliError, CliResult, Flags};
use searchlab::agents::othello::{AgentSpec, Budget};
use searchlab::game::Game;
use searchlab::games::othello::endgame::{Solution, Solver, SteppedSolve};
use searchlab::games::othello::perft::perft;
use searchlab::games::othello::{Board, Move, Othello};
use searchlab::rng::Rng;
use searchlab::search::{run_to_end, Limits, Search};
use serde_json::json;
use std::time::{Duration, Instant};

/// Default path of the FFO suite, relative to the crate root (as in the tests).
const DEFAULT_FFO: &str = "../shared/othello/ffo.txt";

/// Default solver table size (`--table-mb`), in MiB.
const SOLVER_TABLE_MB: usize = 256;

/// Runs one `othello` subcommand.
pub fn run(command: &str, flags: &Flags) -> CliResult<()> {
    match command {
        "perft" => run_perft(flags),
        "solve" => run_solve(flags),
        "match" => run_match(flags),
        "bench" => run_bench(flags),
        "fit" => fit::run_fit(flags),
        _ => Err(CliError(format!(
            "othello: unknown command '{command}' (expected perft, solve, match, bench or fit)"
        ))),
    }
}

/// `perft --depth D`: leaves from the start position (pass = ply, bulk counting).
fn run_perft(flags: &Flags) -> CliResult<()> {
    let depth: u32 = flags.require("depth")?;
    print_line(perft_line(depth))?;
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

/// `solve --board BOARD64 --side X|O [--max-nodes N] [--table-mb 256]`: the exact score for
/// the side to move.
fn run_solve(flags: &Flags) -> CliResult<()> {
    let board: String = flags.require("board")?;
    let side: String = flags.require("side")?;
    let max_nodes = flags.get_or("max-nodes", u64::MAX)?;
    let position = Othello::parse(&board, &side)?;
    let table_mb: usize = flags.get_or("table-mb", SOLVER_TABLE_MB)?;
    let mut solver = Solver::new(table_mb << 20, max_nodes);
    let start = Instant::now();
    let solution = solver.solve(position.board())?;
    let elapsed = start.elapsed();
    print_line(json!({
        "score": solution.score,
        "best_move": solution.best_move.map(|m| m.to_string()),
        "pv": solution.pv.iter().map(|m| m.to_string()).collect::<Vec<_>>(),
        "nodes": solution.nodes,
        "elapsed_ms": elapsed.as_millis() as u64,
    }))?;
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

/// `bench [--perft-max 12] [--ffo FILE] [--from 40] [--to 49] [--table-mb 256]
/// [--step-nodes N]`: perft 10..=perft-max and the FFO solve times, one JSON line each, then a
/// summary. With `--step-nodes`, each solve runs as the page runs it, in steps of N positions
/// ([`SteppedSolve`]), and its line says how many steps it took and how long the longest took.
fn run_bench(flags: &Flags) -> CliResult<()> {
    let perft_max: u32 = flags.get_or("perft-max", 12)?;
    let path: String = flags.get_or("ffo", DEFAULT_FFO.to_string())?;
    let from: u32 = flags.get_or("from", 40)?;
    let to: u32 = flags.get_or("to", 49)?;
    let table_mb: usize = flags.get_or("table-mb", SOLVER_TABLE_MB)?;
    let step_nodes: Option<u64> = flags.get("step-nodes")?;
    if step_nodes == Some(0) {
        return Err(CliError("--step-nodes: must be at least 1".into()));
    }
    let problems = read_ffo(&path)?;
    for depth in 10..=perft_max {
        print_line(perft_line(depth))?;
    }
    let mut solver = Solver::new(table_mb << 20, u64::MAX);
    let (mut total_ms, mut total_nodes, mut wrong) = (0.0, 0u64, 0);
    for problem in problems.iter().filter(|p| (from..=to).contains(&p.id)) {
        solver.clear();
        let board = problem.position.board();
        let start = Instant::now();
        let (solution, steps) = match step_nodes {
            None => (solver.solve(board)?, None),
            Some(budget) => {
                let (solution, steps) = solve_in_steps(board, table_mb << 20, budget)?;
                (solution, Some(steps))
            }
        };
        let elapsed = start.elapsed().as_secs_f64() * 1000.0;
        let best = solution
            .best_move
            .map(|m| m.to_string())
            .unwrap_or_default();
        let correct = solution.score == problem.best_score && problem.best_moves.contains(&best);
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

/// Milliseconds per move of `mtdf` and `mcts` agents given no budget (`--ms-per-move`).
const DEFAULT_MS_PER_MOVE: u64 = 1000;

/// Reads `--FLAG AGENT` (the grammar of `searchlab::agents::othello`).
fn parse_agent(flag: &str, text: &str, ms_per_move: u64) -> CliResult<AgentSpec> {
    AgentSpec::parse(text, ms_per_move, AGENT_LIMITS)
        .map_err(|error| CliError(format!("--{flag}: '{text}': {error}\n{AGENT_GRAMMAR}")))
}

const AGENT_GRAMMAR: &str = "AGENT = NAME[:key=value]...
  NAME: minimax | alphabeta | alphabeta_tt | mtdf | mcts | solver | random
  budget, one of: depth=D (fixed depth), ms=N (iterative deepening, or MCTS, for N ms per move),
        nodes=N (iterative deepening for N nodes per move; MCTS: N playouts)
  keys: eval=course|strong (default strong), solve=E (exact solver from E empties, at most 30;
        default 16 for mtdf, 0 = never, for the others), uct=K (mcts), tt=on|off (alphabeta)
  defaults: minimax depth=3, alphabeta depth=6, mtdf and mcts ms=--ms-per-move (default 1000)
  examples: random, minimax:depth=3, alphabeta:depth=6:eval=course, mtdf:ms=1000:eval=strong";

/// What an agent reports about one move.
#[derive(Default)]
struct MoveReport {
    nodes: u64,
    depth: u32,
    solved: bool,
}

/// An agent during a match: its settings and the RNG its moves' seeds come from.
struct Agent {
    spec: AgentSpec,
    rng: Rng,
}

/// Nodes per slice of a search under a time budget.
const SLICE_NODES: u64 = 1 << 14;
/// Limits of every search an agent runs (nodes, and the table's or the tree's memory).
const AGENT_LIMITS: Limits = Limits {
    max_nodes: 2_000_000_000,
    max_memory_bytes: 32 << 20,
};

impl Agent {
    fn new(spec: AgentSpec, seed: u64) -> Agent {
        Agent {
            spec,
            rng: Rng::new(seed),
        }
    }

    /// Thinks about `state` under the agent's budget and returns its move.
    fn choose(&mut self, state: &Othello) -> CliResult<(Move, MoveReport)> {
        let mut thinking = self
            .spec
            .think(state, self.rng.next_u64())
            .map_err(|error| CliError(format!("agent '{}': {error}", self.spec.to_text())))?;
        match self.spec.budget {
            // A node budget ends the thinking by itself.
            Budget::Depth(_) | Budget::Nodes(_) => {
                run_to_end(&mut thinking, u64::MAX);
            }
            Budget::Millis(ms) => {
                let budget = Duration::from_millis(ms);
                let start = Instant::now();
                while !thinking.step(SLICE_NODES).is_finished()
                    && (thinking.solving() || start.elapsed() < budget)
                {}
            }
        }
        let report = thinking.report();
        let mv = thinking
            .best_action()
            .ok_or_else(|| CliError("an agent was asked to move in a finished game".into()))?;
        Ok((
            mv,
            MoveReport {
                nodes: report.tree.nodes,
                depth: report.depth,
                solved: report.exact,
            },
        ))
    }
}

/// Per-agent tallies over a match.
#[derive(Default)]
struct Tally {
    wins: u32,
    losses: u32,
    draws: u32,
    disc_difference: i64,
    nodes: u64,
    moves: u64,
}

/// `match --black AGENT --white AGENT --games N --seed S [--ms-per-move N] [--random-plies K]`.
/// Game `i` plays a random opening of K plies drawn from game `i / 2`'s seed (so each opening
/// is played once with each colour assignment); the agents swap colours when `i` is odd.
fn run_match(flags: &Flags) -> CliResult<()> {
    let first_text: String = flags.require("black")?;
    let second_text: String = flags.require("white")?;
    let ms_per_move: u64 = flags.get_or("ms-per-move", DEFAULT_MS_PER_MOVE)?;
    let first = parse_agent("black", &first_text, ms_per_move)?;
    let second = parse_agent("white", &second_text, ms_per_move)?;
    let games: u32 = flags.require("games")?;
    let seed: u64 = flags.require("seed")?;
    let random_plies: u32 = flags.get_or("random-plies", 4)?;
    let specs = [first, second];
    let mut tallies = [Tally::default(), Tally::default()];
    for game in 0..games {
        let swapped = game % 2 == 1;
        // Index into `specs` of the agent playing Black and White.
        let (black, white) = if swapped { (1, 0) } else { (0, 1) };
        let mut agents = [
            Agent::new(specs[black], Rng::derive(seed, u64::from(game) * 2)),
            Agent::new(specs[white], Rng::derive(seed, u64::from(game) * 2 + 1)),
        ];
        let mut opening_rng = Rng::new(Rng::derive(seed, 1 << 32 | u64::from(game / 2)));
        let mut state = Othello::start();
        let mut played = Vec::new();
        let mut moves = Vec::new();
        let mut time_ms = [0.0f64; 2];
        let mut nodes = [0u64; 2];
        let mut solved_from = [None::<u32>; 2];
        while !state.is_terminal() {
            let side = state.side().player();
            let mv = if (played.len() as u32) < random_plies {
                state.legal_actions(&mut moves);
                moves[opening_rng.index(moves.len())]
            } else {
                let start = Instant::now();
                let (mv, report) = agents[side].choose(&state)?;
                time_ms[side] += start.elapsed().as_secs_f64() * 1000.0;
                nodes[side] += report.nodes;
                if report.solved && solved_from[side].is_none() {
                    solved_from[side] = Some(report.depth);
                }
                tallies[if side == 0 { black } else { white }].moves += 1;
                mv
            };
            state
                .try_apply(mv)
                .map_err(|error| CliError(format!("game {game}: agent played {mv}: {error}")))?;
            played.push(mv.to_string());
        }
        let score = state.black_score();
        let winner = match score.signum() {
            1 => "black",
            -1 => "white",
            _ => "draw",
        };
        for (agent, sign) in [(black, 1), (white, -1)] {
            let tally = &mut tallies[agent];
            let own = score * sign;
            match own.signum() {
                1 => tally.wins += 1,
                -1 => tally.losses += 1,
                _ => tally.draws += 1,
            }
            tally.disc_difference += i64::from(own);
            tally.nodes += nodes[if sign == 1 { 0 } else { 1 }];
        }
        print_line(json!({
            "game": game,
            "black": specs[black].to_text(),
            "white": specs[white].to_text(),
            "black_score": score,
            "winner": winner,
            "moves": played,
            "black_ms": time_ms[0] as u64,
            "white_ms": time_ms[1] as u64,
            "black_nodes": nodes[0],
            "white_nodes": nodes[1],
            "black_solved_from": solved_from[0],
            "white_solved_from": solved_from[1],
        }))?;
    }
    let summary: Vec<_> = specs
        .iter()
        .zip(&tallies)
        .zip([
            "first (--black in even games)",
            "second (--white in even games)",
        ])
        .map(|((spec, tally), role)| {
            json!({
                "agent": spec.to_text(),
                "role": role,
                "wins": tally.wins,
                "losses": tally.losses,
                "draws": tally.draws,
                "disc_difference": tally.disc_difference,
                "nodes_per_move": tally.nodes / tally.moves.max(1),
            })
        })
        .collect();
    print_line(json!({"summary": {"games": games, "agents": summary}}))?;
    Ok(())
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
            assert!(
                error.contains("AGENT = NAME"),
                "the grammar follows: {error}"
            );
        }
    }
}
