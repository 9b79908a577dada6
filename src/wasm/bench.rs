//! Speed comparisons: fixed workloads that `tests/e2e/bench*.mjs` time in Chromium against the
//! same code built natively (`searchlab ... speed`, `perft`, `solve`). Figures only; the page
//! does not use them.

use super::boundary::{js_error, seed_from_js, to_js};
use serde::Serialize;
use tsify::Tsify;
use wasm_bindgen::prelude::*;

/// `speed::bait_random_walk`: `steps` forward-model calls; returns the checksum as a decimal
/// string.
#[wasm_bindgen(js_name = benchRandomWalk)]
pub fn bench_random_walk(level: &str, steps: f64, seed: f64) -> Result<String, JsError> {
    let steps = seed_from_js("steps", steps)?;
    let seed = seed_from_js("seed", seed)?;
    crate::speed::bait_random_walk(level, steps, seed)
        .map(|checksum| checksum.to_string())
        .map_err(|e| JsError::new(&format!("level: {e}")))
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
pub fn bench_astar(level: &str) -> Result<JsValue, JsError> {
    let run = crate::speed::bait_astar(level).map_err(|e| JsError::new(&format!("level: {e}")))?;
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
/// same); returns `{ searches, playouts, checksum }`, the checksum as a decimal string.
#[wasm_bindgen(js_name = bench2048Mcts, unchecked_return_type = "Bench2048Mcts")]
pub fn bench_2048_mcts(seed: f64, playouts_per_position: f64) -> Result<JsValue, JsError> {
    let seed = seed_from_js("seed", seed)?;
    let playouts = seed_from_js("playoutsPerPosition", playouts_per_position)?;
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
pub fn bench_perft(depth: u32) -> Result<String, JsError> {
    if depth > 14 {
        return Err(JsError::new("depth: at most 14 plies"));
    }
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
#[wasm_bindgen(js_name = benchOthelloSolve, unchecked_return_type = "BenchOthelloSolve")]
pub fn bench_othello_solve(board: &str, side: &str, table_mb: u32) -> Result<JsValue, JsError> {
    let position = crate::games::othello::Othello::parse(board, side).map_err(js_error)?;
    if !(1..=1024).contains(&table_mb) {
        return Err(JsError::new("table_mb: from 1 to 1024"));
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
