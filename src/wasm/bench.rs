//! Speed comparisons: fixed workloads that `tests/e2e/bench*.mjs` time in Chromium against the
//! same code built natively (`searchlab ... speed`, `perft`, `solve`). Figures only; the page
//! does not use them.

use super::boundary::{js_error, seed_from_js, string_from_js, to_js, whole_from_js};
use serde::Serialize;
use tsify::Tsify;
use wasm_bindgen::prelude::*;

/// Most forward-model calls `benchRandomWalk` makes (ten times the figures' 10 million).
const MAX_WALK_STEPS: u64 = 100_000_000;
/// Most playouts per position `bench2048Mcts` runs (ten times the figures' 10,000).
const MAX_PLAYOUTS: u64 = 100_000;
/// Most plies `benchPerft` counts.
const MAX_PERFT_DEPTH: u64 = 14;
/// Most empty squares a position `benchOthelloSolve` solves may have (FFO #40 has 20): the
/// solver's work grows about tenfold with every two more.
pub const MAX_SOLVE_EMPTIES: u32 = 20;

/// `speed::bait_random_walk`: `steps` forward-model calls (at most 100 million); returns the
/// checksum as a decimal string.
#[wasm_bindgen(js_name = benchRandomWalk)]
pub fn bench_random_walk(
    #[wasm_bindgen(unchecked_param_type = "string")] level: JsValue,
    #[wasm_bindgen(unchecked_param_type = "number")] steps: JsValue,
    #[wasm_bindgen(unchecked_param_type = "number")] seed: JsValue,
) -> Result<String, JsError> {
    let level = string_from_js("level", &level)?;
    let steps = whole_from_js("steps", &steps, MAX_WALK_STEPS)?;
    let seed = seed_from_js("seed", &seed)?;
    let start = crate::games::bait::BaitState::parse(&level)
        .map_err(|e| JsError::new(&format!("level: {e}")))?;
    Ok(crate::speed::bait_random_walk(&start, steps, seed).to_string())
}

/// `speed::vgdl_random_walk`: the walk of `benchRandomWalk` (same moves for the same seed) run
/// by the VGDL interpreter on a game's rules and level, `steps` forward-model calls (at most 100
/// million); returns the checksum as a decimal string.
#[wasm_bindgen(js_name = benchVgdlRandomWalk)]
pub fn bench_vgdl_random_walk(
    #[wasm_bindgen(unchecked_param_type = "string")] rules: JsValue,
    #[wasm_bindgen(unchecked_param_type = "string")] level: JsValue,
    #[wasm_bindgen(unchecked_param_type = "number")] steps: JsValue,
    #[wasm_bindgen(unchecked_param_type = "number")] seed: JsValue,
) -> Result<String, JsError> {
    let rules = string_from_js("rules", &rules)?;
    let level = string_from_js("level", &level)?;
    let steps = whole_from_js("steps", &steps, MAX_WALK_STEPS)?;
    let seed = seed_from_js("seed", &seed)?;
    let start = crate::games::vgdl::VgdlState::parse(&rules, &level)
        .map_err(|e| JsError::new(&e.to_string()))?;
    Ok(crate::speed::vgdl_random_walk(&start, steps, seed).to_string())
}

/// What `benchAstar` returns.
#[derive(Serialize, Tsify)]
#[serde(rename_all = "camelCase")]
pub(super) struct BenchAstar {
    plan_length: usize,
    expanded: u64,
}

/// `speed::bait_astar`: A* with the walls-only distance to the end; returns
/// `{ planLength, expanded }`.
#[wasm_bindgen(js_name = benchAstar, unchecked_return_type = "BenchAstar")]
pub fn bench_astar(
    #[wasm_bindgen(unchecked_param_type = "string")] level: JsValue,
) -> Result<JsValue, JsError> {
    let level = string_from_js("level", &level)?;
    let run = crate::speed::bait_astar(&level).map_err(|e| JsError::new(&format!("level: {e}")))?;
    to_js(&BenchAstar {
        plan_length: run.plan_length,
        expanded: run.stats.expanded,
    })
}

/// What `bench2048Mcts` returns.
#[derive(Serialize, Tsify)]
#[serde(rename_all = "camelCase")]
pub(super) struct Bench2048Mcts {
    searches: u64,
    playouts: u64,
    checksum: String,
}

/// `speed::g2048_course_mcts`: the course's 2048 MCTS, `playouts_per_position` playouts from
/// each middle-game position of `seed` (`searchlab 2048 speed --seed S --playouts N` runs the
/// same; at most 100,000 playouts); returns `{ searches, playouts, checksum }`, the checksum as a decimal string.
#[wasm_bindgen(js_name = bench2048Mcts, unchecked_return_type = "Bench2048Mcts")]
pub fn bench_2048_mcts(
    #[wasm_bindgen(unchecked_param_type = "number")] seed: JsValue,
    #[wasm_bindgen(unchecked_param_type = "number")] playouts_per_position: JsValue,
) -> Result<JsValue, JsError> {
    let seed = seed_from_js("seed", &seed)?;
    let playouts = whole_from_js("playoutsPerPosition", &playouts_per_position, MAX_PLAYOUTS)?;
    if playouts == 0 {
        return Err(JsError::new("playoutsPerPosition: must be at least 1"));
    }
    let run = crate::speed::g2048_course_mcts(seed, playouts);
    to_js(&Bench2048Mcts {
        searches: run.searches,
        playouts: run.playouts,
        checksum: run.checksum.to_string(),
    })
}

/// `games::othello::perft` from the start position to `depth` plies; returns the leaves as a
/// decimal string (`searchlab othello perft --depth D` counts the same).
#[wasm_bindgen(js_name = benchPerft)]
pub fn bench_perft(
    #[wasm_bindgen(unchecked_param_type = "number")] depth: JsValue,
) -> Result<String, JsError> {
    let depth = whole_from_js("depth", &depth, MAX_PERFT_DEPTH)? as u32;
    let board = crate::games::othello::Board::start();
    Ok(crate::games::othello::perft::perft(board, depth).to_string())
}

/// What `benchOthelloSolve` returns.
#[derive(Serialize, Tsify)]
#[serde(rename_all = "camelCase")]
#[tsify(missing_as_null)]
pub(super) struct BenchOthelloSolve {
    score: i32,
    best_move: Option<String>,
    nodes: u64,
}

/// The exact solver on an FFO position (`board`, `side`) with a table of `table_mb` MiB (made
/// by this call); returns `{ score, bestMove, nodes }` as `searchlab othello solve` does.
/// Positions with more than 20 empty squares are refused: they would run for hours.
#[wasm_bindgen(js_name = benchOthelloSolve, unchecked_return_type = "BenchOthelloSolve")]
pub fn bench_othello_solve(
    #[wasm_bindgen(unchecked_param_type = "string")] board: JsValue,
    #[wasm_bindgen(unchecked_param_type = "string")] side: JsValue,
    #[wasm_bindgen(unchecked_param_type = "number")] table_mb: JsValue,
) -> Result<JsValue, JsError> {
    let board = string_from_js("board", &board)?;
    let side = string_from_js("side", &side)?;
    let table_mb = whole_from_js("tableMb", &table_mb, 1024)?;
    if table_mb == 0 {
        return Err(JsError::new("tableMb: must be at least 1"));
    }
    let position = crate::games::othello::Othello::parse(&board, &side).map_err(js_error)?;
    let empties = position.board().empty_count();
    if empties > MAX_SOLVE_EMPTIES {
        return Err(JsError::new(&format!(
            "board: {empties} empty squares; the benchmark solves at most {MAX_SOLVE_EMPTIES}"
        )));
    }
    let mut solver =
        crate::games::othello::endgame::Solver::new((table_mb as usize) << 20, u64::MAX);
    let solution = solver.solve(position.board()).map_err(js_error)?;
    to_js(&BenchOthelloSolve {
        score: solution.score,
        best_move: solution.best_move.map(|m| m.to_string()),
        nodes: solution.nodes,
    })
}

/// Most boards `bench2048Decide` takes (the figures use 56).
const MAX_DECIDE_BOARDS: usize = 1_000;

/// What `bench2048Decide` returns.
#[derive(Serialize, Tsify)]
#[serde(rename_all = "camelCase")]
pub(super) struct Bench2048Decide {
    /// The move chosen on each board (`up`, `down`, `left`, `right`; `none` where none is legal).
    moves: Vec<&'static str>,
    expanded: u64,
    generated: u64,
}

/// One expectimax decision on each board of `boards` as `searchlab 2048 decide --boards FILE
/// --cutoff P` makes it (nneonneo's depth rule, the specialised search, one table kept from board
/// to board): one board a line, 16 hex digits in nneonneo's `board_t` (at most 1,000 boards;
/// blank lines and lines starting with `#` skipped; at least one); `cutoff` from 0 to 1. Returns
/// `{ moves, expanded, generated }`.
#[wasm_bindgen(js_name = bench2048Decide, unchecked_return_type = "Bench2048Decide")]
pub fn bench_2048_decide(
    #[wasm_bindgen(unchecked_param_type = "string")] boards: JsValue,
    #[wasm_bindgen(unchecked_param_type = "number")] cutoff: JsValue,
) -> Result<JsValue, JsError> {
    use crate::agents::g2048::{nneonneo_settings, ExpectimaxDecider};
    use crate::games::g2048::board::Board;
    let text = string_from_js("boards", &boards)?;
    let cutoff = cutoff
        .as_f64()
        .filter(|c| (0.0..=1.0).contains(c))
        .ok_or_else(|| JsError::new("cutoff: expected a number from 0 to 1"))?;
    let mut parsed = Vec::new();
    for (index, line) in text.lines().enumerate() {
        let word = line.trim();
        if word.is_empty() || word.starts_with('#') {
            continue;
        }
        if parsed.len() == MAX_DECIDE_BOARDS {
            return Err(JsError::new(&format!(
                "boards: more than {MAX_DECIDE_BOARDS} boards"
            )));
        }
        let low = (word.len() == 16 && word.bytes().all(|b| b.is_ascii_hexdigit()))
            .then(|| u64::from_str_radix(word, 16).ok())
            .flatten()
            .ok_or_else(|| {
                JsError::new(&format!(
                    "boards: line {}: expected a board of 16 hex digits",
                    index + 1
                ))
            })?;
        parsed.push(Board::from_low(low));
    }
    if parsed.is_empty() {
        return Err(JsError::new("boards: no board"));
    }
    let mut decider = ExpectimaxDecider::default();
    let mut run = Bench2048Decide {
        moves: Vec::with_capacity(parsed.len()),
        expanded: 0,
        generated: 0,
    };
    for board in parsed {
        let decision = decider.decide(board, nneonneo_settings(board, cutoff));
        run.moves.push(decision.best.map_or("none", |d| d.name()));
        run.expanded += decision.expanded;
        run.generated += decision.generated;
    }
    to_js(&run)
}

/// Most states `benchVgdlSolve` may expand (the table's cap is 2,000,000).
const MAX_VGDL_NODES: u64 = 100_000_000;
/// Most MiB of search memory `benchVgdlSolve` may use (wasm32 memory ends at 4 GiB).
const MAX_VGDL_MEMORY_MB: u64 = 3 << 10;
/// Largest weight `benchVgdlSolve` takes for weighted A*.
const MAX_VGDL_WEIGHT: u64 = 1000;

/// What `benchVgdlSolve` returns: how the search ended (`solved`, `exhausted`,
/// `limit_reached` with the limit), its plan as letters (`LRUD`), whether the plan wins and is
/// proved shortest, and the states expanded and generated.
#[derive(Serialize, Tsify)]
#[serde(rename_all = "camelCase")]
pub(super) struct BenchVgdlSolve {
    status: &'static str,
    limit: Option<crate::search::Limit>,
    plan: String,
    plan_length: usize,
    won: bool,
    shortest: bool,
    expanded: u64,
    generated: u64,
}

/// `speed::vgdl::vgdl_plan`, the planner of `searchlab vgdl solve --algo A` (`bfs`, `astar`,
/// `wastar`, `dfs`) on a VGDL game's rules and level, under `maxNodes` expansions and
/// `maxMemoryMb` MiB of search memory; `weight` (a whole number from 1) is wastar's.
#[wasm_bindgen(js_name = benchVgdlSolve, unchecked_return_type = "BenchVgdlSolve")]
pub fn bench_vgdl_solve(
    #[wasm_bindgen(unchecked_param_type = "string")] rules: JsValue,
    #[wasm_bindgen(unchecked_param_type = "string")] level: JsValue,
    #[wasm_bindgen(unchecked_param_type = "string")] algo: JsValue,
    #[wasm_bindgen(unchecked_param_type = "number")] max_nodes: JsValue,
    #[wasm_bindgen(unchecked_param_type = "number")] max_memory_mb: JsValue,
    #[wasm_bindgen(unchecked_param_type = "number")] weight: JsValue,
) -> Result<JsValue, JsError> {
    use crate::games::vgdl::VgdlState;
    use crate::search::astar::Weight;
    use crate::search::{Limits, Progress};
    use crate::speed::vgdl::{vgdl_plan, VgdlPlanner};

    let rules = string_from_js("rules", &rules)?;
    let level = string_from_js("level", &level)?;
    let algo = string_from_js("algo", &algo)?;
    let planner = VgdlPlanner::ALL
        .into_iter()
        .find(|p| p.name() == algo)
        .ok_or_else(|| JsError::new(&format!("algo: '{algo}' is not bfs, astar, wastar or dfs")))?;
    let limits = Limits {
        max_nodes: whole_from_js("maxNodes", &max_nodes, MAX_VGDL_NODES)?,
        max_memory_bytes: whole_from_js("maxMemoryMb", &max_memory_mb, MAX_VGDL_MEMORY_MB)? << 20,
    };
    let weight = whole_from_js("weight", &weight, MAX_VGDL_WEIGHT)?;
    let weight = Weight::new(weight as u32, 1)
        .map_err(|e| JsError::new(&format!("weight: {}", e.reason)))?;
    let start = VgdlState::parse(&rules, &level).map_err(|e| JsError::new(&e.to_string()))?;
    let run = vgdl_plan(&start, planner, limits, weight);
    let mut end = start.clone();
    for &action in &run.plan {
        crate::game::Game::apply(&mut end, action);
    }
    let (status, limit) = match run.progress {
        Progress::Solved => ("solved", None),
        Progress::Exhausted => ("exhausted", None),
        Progress::LimitReached(which) => ("limit_reached", Some(which)),
        Progress::Running => ("running", None),
    };
    to_js(&BenchVgdlSolve {
        status,
        limit,
        plan: run.plan.iter().map(|a| a.letter()).collect(),
        plan_length: run.plan.len(),
        won: end.is_won(),
        shortest: run.shortest(planner),
        expanded: run.stats.expanded,
        generated: run.stats.generated,
    })
}
