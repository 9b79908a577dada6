//! `searchlab othello perft|solve|match|bench|fit`: move-generation counts, exact endgame
//! solves, matches between agents, benchmarks and the fit of the late-game evaluation weights,
//! as JSON lines.
//!
//! - `perft --depth D`
//! - `solve --board BOARD64 --side X|O [--max-nodes N] [--table-mb 256]`
//! - `match --black AGENT --white AGENT --games N --seed S [--ms-per-move 1000]
//!   [--random-plies 4]` (AGENT grammar: see [`AGENT_GRAMMAR`])
//! - `bench [--perft-max 12] [--ffo ../shared/othello/ffo.txt] [--from 40] [--to 49]
//!   [--table-mb 256]`
//! - `fit --positions N --seed S [--min-empties 12] [--max-empties 20]`

mod fit;

use crate::args::{CliError, CliResult, Flags};
use searchlab::game::Game;
use searchlab::games::othello::endgame::Solver;
use searchlab::games::othello::eval::{course_value, strong_value};
use searchlab::games::othello::perft::perft;
use searchlab::games::othello::{Board, Move, Othello};
use searchlab::rng::Rng;
use searchlab::search::alphabeta::AlphaBeta;
use searchlab::search::iterative_deepening::{Algorithm, IterativeDeepening};
use searchlab::search::minimax::Minimax;
use searchlab::search::{run_to_end, Limit, Limits, Search};
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

/// `bench [--perft-max 12] [--ffo FILE] [--from 40] [--to 49] [--table-mb 256]`: perft
/// 10..=perft-max and the FFO solve times, one JSON line each, then a summary.
fn run_bench(flags: &Flags) -> CliResult<()> {
    let perft_max: u32 = flags.get_or("perft-max", 12)?;
    let path: String = flags.get_or("ffo", DEFAULT_FFO.to_string())?;
    let from: u32 = flags.get_or("from", 40)?;
    let to: u32 = flags.get_or("to", 49)?;
    for depth in 10..=perft_max {
        println!("{}", perft_line(depth));
    }
    let problems = read_ffo(&path)?;
    let table_mb: usize = flags.get_or("table-mb", SOLVER_TABLE_MB)?;
    let mut solver = Solver::new(table_mb << 20, u64::MAX);
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

/// How agents evaluate positions.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum EvalKind {
    /// The course heuristic (`eval::course_value`).
    Course,
    /// Our evaluation (`eval::strong_value`).
    Strong,
}

impl EvalKind {
    fn function(self) -> Eval {
        match self {
            EvalKind::Course => course_value,
            EvalKind::Strong => strong_value,
        }
    }
}

type Eval = fn(&Othello, usize) -> i32;

/// The search an agent runs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum AgentKind {
    Random,
    Minimax,
    AlphaBeta,
    Mtdf,
}

/// A parsed agent spec: `NAME[:key=value]...` (see [`AGENT_GRAMMAR`]).
#[derive(Clone, Debug)]
struct AgentSpec {
    text: String,
    kind: AgentKind,
    depth: Option<u32>,
    ms: Option<u64>,
    nodes: Option<u64>,
    eval: EvalKind,
    table: bool,
    solve: u32,
}

const AGENT_GRAMMAR: &str = "AGENT = NAME[:key=value]...
  NAME: random | minimax | alphabeta | mtdf
  keys: depth=D (fixed depth), ms=N (iterative deepening for N ms per move),
        nodes=N (iterative deepening for N nodes per move), eval=course|strong (default strong),
        tt=on|off (alphabeta at fixed depth; default off), solve=E (exact solver from E empties;
        default 16 for mtdf, 0 = never, for the others)
  defaults: minimax depth=3, alphabeta depth=6, mtdf ms=--ms-per-move (default 1000)
  examples: random, minimax:depth=3, alphabeta:depth=6:eval=course, mtdf:ms=1000:eval=strong";

fn parse_agent(flag: &str, text: &str) -> CliResult<AgentSpec> {
    let mut parts = text.split(':');
    let name = parts.next().unwrap_or_default();
    let kind = match name {
        "random" => AgentKind::Random,
        "minimax" => AgentKind::Minimax,
        "alphabeta" => AgentKind::AlphaBeta,
        "mtdf" => AgentKind::Mtdf,
        _ => {
            return Err(CliError(format!(
                "--{flag}: unknown agent '{name}'\n{AGENT_GRAMMAR}"
            )))
        }
    };
    let mut spec = AgentSpec {
        text: text.to_string(),
        kind,
        depth: None,
        ms: None,
        nodes: None,
        eval: EvalKind::Strong,
        table: false,
        solve: if kind == AgentKind::Mtdf { 16 } else { 0 },
    };
    for part in parts {
        let bad = |why: &str| CliError(format!("--{flag}: field '{part}' in '{text}': {why}"));
        let (key, value) = part
            .split_once('=')
            .ok_or_else(|| bad("expected key=value"))?;
        let number = || -> CliResult<u64> {
            value
                .parse::<u64>()
                .map_err(|_| bad("expected a whole number"))
        };
        match key {
            "depth" => spec.depth = Some(number()?.clamp(1, 64) as u32),
            "ms" => spec.ms = Some(number()?),
            "nodes" => spec.nodes = Some(number()?.max(1)),
            "solve" => spec.solve = number()?.min(64) as u32,
            "eval" => {
                spec.eval = match value {
                    "course" => EvalKind::Course,
                    "strong" => EvalKind::Strong,
                    _ => return Err(bad("expected eval=course or eval=strong")),
                }
            }
            "tt" => {
                spec.table = match value {
                    "on" => true,
                    "off" => false,
                    _ => return Err(bad("expected tt=on or tt=off")),
                }
            }
            _ => {
                return Err(bad(
                    "unknown key (expected depth, ms, nodes, eval, tt or solve)",
                ))
            }
        }
    }
    if kind == AgentKind::Random && text != "random" {
        return Err(CliError(format!("--{flag}: 'random' takes no keys")));
    }
    let budgets = [
        spec.depth.is_some(),
        spec.ms.is_some(),
        spec.nodes.is_some(),
    ];
    if budgets.iter().filter(|&&given| given).count() > 1 {
        return Err(CliError(format!(
            "--{flag}: '{text}': give only one of depth, ms and nodes"
        )));
    }
    if kind == AgentKind::Minimax && (spec.ms.is_some() || spec.nodes.is_some()) {
        return Err(CliError(format!(
            "--{flag}: '{text}': minimax takes depth only"
        )));
    }
    Ok(spec)
}

/// What an agent reports about one move.
#[derive(Default)]
struct MoveReport {
    nodes: u64,
    depth: u32,
    solved: bool,
}

/// An agent during a match: its spec, its RNG and its endgame solver (kept across moves).
struct Agent {
    spec: AgentSpec,
    rng: Rng,
    solver: Option<Solver>,
    ms_per_move: u64,
}

/// Nodes per slice of an iterative-deepening search under a time budget.
const SLICE_NODES: u64 = 1 << 14;
/// Limits of every search an agent runs.
const AGENT_LIMITS: Limits = Limits {
    max_nodes: u64::MAX,
    max_memory_bytes: 32 << 20,
};
/// The endgame solver gives up after this many nodes and the agent searches instead.
const AGENT_SOLVER_NODES: u64 = 2_000_000_000;

impl Agent {
    fn new(spec: AgentSpec, seed: u64, ms_per_move: u64) -> Agent {
        let solver = (spec.solve > 0).then(|| Solver::new(64 << 20, AGENT_SOLVER_NODES));
        Agent {
            spec,
            rng: Rng::new(seed),
            solver,
            ms_per_move,
        }
    }

    fn choose(&mut self, state: &Othello) -> (Move, MoveReport) {
        let mut moves = Vec::new();
        state.legal_actions(&mut moves);
        if moves.len() == 1 {
            return (moves[0], MoveReport::default());
        }
        if state.empty_count() <= self.spec.solve {
            if let Some(solver) = &mut self.solver {
                if let Ok(solution) = solver.solve(state.board()) {
                    if let Some(best) = solution.best_move {
                        let report = MoveReport {
                            nodes: solution.nodes,
                            depth: state.empty_count(),
                            solved: true,
                        };
                        return (best, report);
                    }
                }
            }
        }
        let eval = self.spec.eval.function();
        let fallback = moves[0];
        let decision = match (self.spec.kind, self.spec.depth) {
            (AgentKind::Random, _) => {
                return (moves[self.rng.index(moves.len())], MoveReport::default())
            }
            (AgentKind::Minimax, depth) => {
                let mut search = Minimax::new(eval, AGENT_LIMITS);
                let decision = search.search(state, depth.unwrap_or(3), &mut self.rng);
                decision.map(|d| (d, search.stats().nodes))
            }
            (AgentKind::AlphaBeta, depth)
                if self.spec.ms.is_none() && self.spec.nodes.is_none() =>
            {
                let mut search = if self.spec.table {
                    AlphaBeta::with_table(eval, AGENT_LIMITS)
                } else {
                    AlphaBeta::new(eval, AGENT_LIMITS)
                };
                let decision = search.search(state, depth.unwrap_or(6), &mut self.rng);
                decision.map(|d| (d, search.stats().nodes))
            }
            (kind, depth) => {
                let algorithm = if kind == AgentKind::Mtdf {
                    Algorithm::Mtdf
                } else {
                    Algorithm::AlphaBeta
                };
                let seed = self.rng.next_u64();
                let mut search = IterativeDeepening::new(
                    *state,
                    algorithm,
                    eval,
                    depth.unwrap_or(64),
                    AGENT_LIMITS,
                    seed,
                );
                if let Some(nodes) = self.spec.nodes {
                    search.step(nodes);
                } else if depth.is_some() {
                    run_to_end(&mut search, u64::MAX);
                } else {
                    let budget = Duration::from_millis(self.spec.ms.unwrap_or(self.ms_per_move));
                    let start = Instant::now();
                    while start.elapsed() < budget && !search.step(SLICE_NODES).is_finished() {}
                }
                let nodes = search.tree_stats().nodes;
                search
                    .decision()
                    .cloned()
                    .ok_or(Limit::Nodes)
                    .map(|d| (d, nodes))
            }
        };
        match decision {
            Ok((decision, nodes)) => (
                decision.best_action.unwrap_or(fallback),
                MoveReport {
                    nodes,
                    depth: decision.depth,
                    solved: false,
                },
            ),
            Err(_) => (fallback, MoveReport::default()),
        }
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
    let first = parse_agent("black", &first_text)?;
    let second = parse_agent("white", &second_text)?;
    let games: u32 = flags.require("games")?;
    let seed: u64 = flags.require("seed")?;
    let ms_per_move: u64 = flags.get_or("ms-per-move", 1000)?;
    let random_plies: u32 = flags.get_or("random-plies", 4)?;
    let specs = [first, second];
    let mut tallies = [Tally::default(), Tally::default()];
    for game in 0..games {
        let swapped = game % 2 == 1;
        // Index into `specs` of the agent playing Black and White.
        let (black, white) = if swapped { (1, 0) } else { (0, 1) };
        let mut agents = [
            Agent::new(
                specs[black].clone(),
                Rng::derive(seed, u64::from(game) * 2),
                ms_per_move,
            ),
            Agent::new(
                specs[white].clone(),
                Rng::derive(seed, u64::from(game) * 2 + 1),
                ms_per_move,
            ),
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
                let (mv, report) = agents[side].choose(&state);
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
        println!(
            "{}",
            json!({
                "game": game,
                "black": specs[black].text,
                "white": specs[white].text,
                "black_score": score,
                "winner": winner,
                "moves": played,
                "black_ms": time_ms[0] as u64,
                "white_ms": time_ms[1] as u64,
                "black_nodes": nodes[0],
                "white_nodes": nodes[1],
                "black_solved_from": solved_from[0],
                "white_solved_from": solved_from[1],
            })
        );
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
                "agent": spec.text,
                "role": role,
                "wins": tally.wins,
                "losses": tally.losses,
                "draws": tally.draws,
                "disc_difference": tally.disc_difference,
                "nodes_per_move": tally.nodes / tally.moves.max(1),
            })
        })
        .collect();
    println!(
        "{}",
        json!({"summary": {"games": games, "agents": summary}})
    );
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn agent_specs_parse_with_defaults() {
        let course = parse_agent("black", "alphabeta:depth=6:eval=course").unwrap();
        assert_eq!(course.kind, AgentKind::AlphaBeta);
        assert_eq!(
            (course.depth, course.eval, course.solve),
            (Some(6), EvalKind::Course, 0)
        );
        let strong = parse_agent("white", "mtdf:ms=1000").unwrap();
        assert_eq!(
            (strong.ms, strong.eval, strong.solve),
            (Some(1000), EvalKind::Strong, 16)
        );
        let solver_off = parse_agent("white", "mtdf:nodes=5000:solve=0").unwrap();
        assert_eq!((solver_off.nodes, solver_off.solve), (Some(5000), 0));
        assert_eq!(
            parse_agent("black", "random").unwrap().kind,
            AgentKind::Random
        );
    }

    #[test]
    fn bad_agent_specs_name_the_flag_and_field() {
        for (text, needle) in [
            ("foo", "unknown agent 'foo'"),
            ("minimax:depth=x", "field 'depth=x'"),
            ("mtdf:eval=best", "field 'eval=best'"),
            ("alphabeta:speed=3", "field 'speed=3'"),
            ("alphabeta:depth", "field 'depth'"),
            ("mtdf:depth=3:ms=10", "only one of"),
            ("minimax:ms=10", "depth only"),
            ("random:depth=2", "takes no keys"),
        ] {
            let error = parse_agent("white", text).unwrap_err().0;
            assert!(error.starts_with("--white"), "{error}");
            assert!(error.contains(needle), "{text}: {error}");
        }
    }
}
