//! The search job of a single-agent puzzle's page (Bait and every VGDL game), written once: in
//! plan mode a plan to the end (MCTS, RHEA and KB Fast-Evo commit to a move at a time), in act
//! mode one decision; KB Fast-Evo keeps its game's memory ([`kb_memory::claim`]) across acts and
//! shows it ([`KbJob`]).

use super::heat::{Heat, Running, SharedHeat};
use super::kb_memory::{self, KbJob};
use super::page_game::PageGame;
use super::search_job::{Indexed, Job};
use super::timeline::{options_for, recorded, recorder};
use crate::agents::puzzle::PuzzleAgent;

use crate::field_error::FieldError;
use crate::game::Puzzle;
use crate::search::timeline::TimelineOptions;
use crate::search::{Observer, Search};
use crate::share::puzzle::Mode;
use crate::sprites::SpriteGame;
use wasm_bindgen::prelude::*;

/// Memory a page search may use (each of the page and the worker has its own wasm memory).
pub(super) const SEARCH_MEMORY_BYTES: u64 = 512 << 20;

/// The job of `spec` from `state` in `mode`, recording its timeline when `record`; `mcts_tree`
/// says whether the algorithm grows one MCTS tree (MCTS, KB Fast-Evo), which the timeline shows
/// while it acts (a committed plan grows a fresh tree every move: none to replay).
pub(super) fn puzzle_job<G, S>(
    state: &G,
    spec: S,
    mode: Mode,
    mcts_tree: bool,
    seed: u64,
    record: bool,
) -> Result<Box<dyn Job>, JsError>
where
    G: PageGame + Puzzle + SpriteGame,
    S: PuzzleAgent<G>,
{
    let has_frontier = !spec.is_anytime();
    let error = |e: FieldError| {
        JsError::new(&format!(
            "parameter '{}': {}",
            e.field.replace('_', "-"),
            e.message
        ))
    };
    let (search, heat) = if record {
        let recorder = recorder::<G>(TimelineOptions {
            has_frontier,
            tree: mcts_tree && mode == Mode::Act,
            ..options_for(state)
        });
        let search = build(state, spec, mode, seed, recorder.clone()).map_err(error)?;
        (
            recorded(search, &recorder),
            Heat::Recorded(recorder.timeline()),
        )
    } else {
        let heat = SharedHeat::new(state.cell_count());
        let search = build(state, spec, mode, seed, heat.clone()).map_err(error)?;
        (search, Heat::Counted(heat))
    };
    let job = Box::new(Running {
        search: Indexed::new(search),
        heat,
        has_frontier,
    });
    if !spec.is_kbfe() {
        return Ok(job);
    }
    Ok(Box::new(KbJob::new(
        job,
        kb_memory::claim::<G>(),
        state.clone(),
    )))
}

/// The search of `spec` from `state` in `mode`; KB Fast-Evo with its game's memory.
fn build<G, S, O>(
    state: &G,
    spec: S,
    mode: Mode,
    seed: u64,
    observer: O,
) -> Result<Box<dyn Search<G>>, FieldError>
where
    G: PageGame + Puzzle + SpriteGame,
    S: PuzzleAgent<G>,
    O: Observer<G> + 'static,
{
    let kb = || kb_memory::claim::<G>();
    match mode {
        Mode::Plan if spec.is_kbfe() => spec.build_plan_with_memory(state, seed, kb(), observer),
        Mode::Act if spec.is_kbfe() => spec.build_kbfe(state, seed, kb(), observer),
        Mode::Plan => spec.build_plan(state, seed, observer),
        Mode::Act => spec.build(state, seed, observer),
    }
}
