//! The search timeline in JS: `Timeline`, a handle on a recorded run (`SearchJob.timeline()`),
//! read at any step; and the recorder a game's job is made with when asked to record.

use super::boundary::{to_js, whole_from_js, ClassTag};
use super::page_game::PageGame;
use super::search_job::{RootAction, StepReport, ThinkingAt};
use crate::game::Game;
use crate::search::timeline::{LastEvent, Locate, Recorded, Recorder, Timeline, TimelineOptions};
use crate::search::{Search, Window};
use crate::share::MAX_SEED;
use serde::Serialize;
use std::marker::PhantomData;
use tsify::Tsify;
use wasm_bindgen::prelude::*;

/// Most nodes `Timeline.tree` returns.
const MAX_TREE_NODES: u64 = 100_000;
/// Deepest depth `Timeline.tree` takes.
const MAX_TREE_DEPTH: u64 = 1_000;

/// A recording's options for a job from `root` of game `G`: the heat map over the board's
/// cells when the game has an agent cell; the plan a line of play when the game has two
/// players; no frontier, no depth markers, no tree (callers set those their search has).
pub(super) fn options_for<G: PageGame>(root: &G) -> TimelineOptions {
    let cells = if G::CAPABILITIES.agent_cell.is_some() {
        root.cell_count()
    } else {
        0
    };
    TimelineOptions {
        plan_is_line: G::NUM_PLAYERS > 1,
        ..TimelineOptions::new(cells)
    }
}

/// Locates a state by its game's agent cell ([`PageGame::CAPABILITIES`]), known when compiling,
/// so that each recorded event calls it directly, as the live heat map does.
pub(super) struct AgentCell<G>(PhantomData<fn(&G)>);

impl<G> Clone for AgentCell<G> {
    fn clone(&self) -> Self {
        AgentCell(PhantomData)
    }
}

impl<G: PageGame> Locate<G> for AgentCell<G> {
    #[inline(always)]
    fn cell(&self, state: &G) -> Option<usize> {
        G::CAPABILITIES.agent_cell.map(|cell_of| cell_of(state))
    }
}

/// A recorder for `G` with `options`, locating states by the game's agent cell.
pub(super) fn recorder<G: PageGame>(options: TimelineOptions) -> Recorder<G, AgentCell<G>> {
    Recorder::new(options, AgentCell(PhantomData))
}

/// `search` recorded into `recorder`'s log (the search should report to the recorder).
pub(super) fn recorded<G: Game + 'static, L>(
    search: Box<dyn Search<G>>,
    recorder: &Recorder<G, L>,
) -> Box<dyn Search<G>> {
    Box::new(Recorded::new(search, recorder))
}

/// A recorded search at one step: what the live snapshot showed then (`progress` as
/// `SearchJob.step` reports it, `plan`, `heat`, `frontier`, `rootActions`), the step, the best
/// action, the last state the search reported, and for the alpha-beta family the window of the
/// last node it visited (`window`, `null` for other searches and before the first node; bounds
/// of ±2^30 stand for ±infinity) and the beta cutoffs so far (`cutoffs`, 0 for other searches).
#[derive(Serialize, Tsify)]
#[serde(rename_all = "camelCase")]
#[tsify(missing_as_null)]
pub(super) struct TimelineView {
    step: u64,
    progress: StepReport,
    best_action: Option<u32>,
    #[tsify(type = "Uint32Array")]
    plan: Vec<u32>,
    #[tsify(type = "Uint32Array")]
    heat: Vec<u32>,
    #[tsify(type = "Uint32Array")]
    frontier: Vec<u32>,
    root_actions: Vec<RootAction>,
    last: Option<LastEvent>,
    window: Option<Window>,
    cutoffs: u64,
}

/// A recorded run, read at any step; made by `SearchJob.timeline()`. It shares the recording
/// (which grows while the job runs) and stays valid after the job is freed.
#[wasm_bindgen(js_name = Timeline)]
#[repr(C)]
pub struct JsTimeline {
    /// First, so a method can tell a timeline from another class's object ([`ClassTag`]).
    tag: ClassTag,
    inner: Box<Timeline>,
    /// What the job's `thinking()` was at a step (Othello's recorded agents, KB Fast-Evo).
    thinking: Option<ThinkingAt>,
}

impl JsTimeline {
    pub(super) fn new(timeline: Timeline) -> Self {
        JsTimeline {
            tag: ClassTag::TIMELINE,
            inner: Box::new(timeline),
            thinking: None,
        }
    }

    /// This timeline, able to say what the job's `thinking()` was at a step.
    pub(super) fn with_thinking(self, thinking: Option<ThinkingAt>) -> Self {
        JsTimeline { thinking, ..self }
    }

    fn checked(&self, method: &str) -> Result<&Timeline, JsError> {
        self.tag.check(ClassTag::TIMELINE, "Timeline", method)?;
        Ok(&self.inner)
    }

    /// The `step` parameter, clamped to the steps recorded.
    fn step(&self, method: &str, step: &JsValue) -> Result<(&Timeline, u64), JsError> {
        let timeline = self.checked(method)?;
        let step = whole_from_js("step", step, MAX_SEED)?;
        Ok((timeline, step.min(timeline.len())))
    }
}

/// Sets `value[key]` to a `Uint32Array` of `numbers`.
fn set_u32_array(value: &JsValue, key: &str, numbers: &[u32]) -> Result<(), JsError> {
    let array = js_sys::Uint32Array::from(numbers);
    js_sys::Reflect::set(value, &JsValue::from_str(key), &array)
        .map(|_| ())
        .map_err(|_| JsError::new("could not build the timeline view"))
}

#[wasm_bindgen(js_class = Timeline)]
impl JsTimeline {
    /// Steps recorded so far.
    pub fn length(&self) -> Result<f64, JsError> {
        Ok(self.checked("length")?.len() as f64)
    }

    /// The step at which recording stopped because the timeline was full (the search went
    /// on); `undefined` while it is not.
    #[wasm_bindgen(js_name = fullAt)]
    pub fn full_at(&self) -> Result<Option<f64>, JsError> {
        Ok(self.checked("fullAt")?.full_at().map(|step| step as f64))
    }

    /// The search as it stood after `step` steps (a whole number; clamped to `length()`).
    #[wasm_bindgen(js_name = viewAt, unchecked_return_type = "TimelineView")]
    pub fn view_at(
        &self,
        #[wasm_bindgen(unchecked_param_type = "number")] step: JsValue,
    ) -> Result<JsValue, JsError> {
        let (timeline, step) = self.step("viewAt", &step)?;
        let view = timeline.view_at(step);
        let shown = TimelineView {
            step: view.step,
            progress: StepReport::new(view.progress, &view.stats, view.frontier_size),
            best_action: view.best_action,
            plan: Vec::new(),
            heat: Vec::new(),
            frontier: Vec::new(),
            root_actions: view.root_actions.iter().map(RootAction::from).collect(),
            last: view.last,
            window: view.window,
            cutoffs: view.cutoffs,
        };
        let value = to_js(&shown)?;
        set_u32_array(&value, "plan", &view.plan)?;
        set_u32_array(&value, "heat", &view.heat)?;
        set_u32_array(&value, "frontier", &view.frontier)?;
        Ok(value)
    }

    /// The steps worth jumping to, in step order: `plan_found`, `best_move`, `depth_done`,
    /// `cutoff`, `limit` and `full`, each with a label.
    #[wasm_bindgen(unchecked_return_type = "Marker[]")]
    pub fn markers(&self) -> Result<JsValue, JsError> {
        to_js(&self.checked("markers")?.markers())
    }

    /// MCTS: the tree after `step` steps, breadth first with the most visited children first,
    /// at most `maxDepth` (0 to 1000) below the root and `maxNodes` (0 to 100000) nodes. Throws
    /// for other searches.
    #[wasm_bindgen(unchecked_return_type = "TreeNode[]")]
    pub fn tree(
        &self,
        #[wasm_bindgen(unchecked_param_type = "number")] step: JsValue,
        #[wasm_bindgen(js_name = maxDepth, unchecked_param_type = "number")] max_depth: JsValue,
        #[wasm_bindgen(js_name = maxNodes, unchecked_param_type = "number")] max_nodes: JsValue,
    ) -> Result<JsValue, JsError> {
        let (timeline, step) = self.step("tree", &step)?;
        let max_depth = whole_from_js("maxDepth", &max_depth, MAX_TREE_DEPTH)? as u32;
        let max_nodes = whole_from_js("maxNodes", &max_nodes, MAX_TREE_NODES)? as usize;
        let nodes = timeline
            .tree_at(step, max_depth, max_nodes)
            .ok_or_else(|| JsError::new("the tree view is for MCTS"))?;
        to_js(&nodes)
    }

    /// MCTS: the iteration of step `step` (a whole number; clamped to `length()`), phase by
    /// phase: the selection path from the root with each node's N and Q before and after the
    /// backup, whether its last node was expanded, the rollout's moves, depth and reward;
    /// `undefined` at step 0. Throws for other searches.
    #[wasm_bindgen(unchecked_return_type = "IterationView | undefined")]
    pub fn iteration(
        &self,
        #[wasm_bindgen(unchecked_param_type = "number")] step: JsValue,
    ) -> Result<JsValue, JsError> {
        let (timeline, step) = self.step("iteration", &step)?;
        if !timeline.has_tree() {
            return Err(JsError::new("the iteration view is for MCTS"));
        }
        match timeline.iteration_at(step) {
            Some(iteration) => to_js(&iteration),
            None => Ok(JsValue::UNDEFINED),
        }
    }

    /// RHEA: the last population completed at or before `step`, best first; `undefined`
    /// before the first one (and for other searches).
    #[wasm_bindgen(unchecked_return_type = "PopulationView | undefined")]
    pub fn population(
        &self,
        #[wasm_bindgen(unchecked_param_type = "number")] step: JsValue,
    ) -> Result<JsValue, JsError> {
        let (timeline, step) = self.step("population", &step)?;
        match timeline.population_at(step) {
            Some(population) => to_js(&population),
            None => Ok(JsValue::UNDEFINED),
        }
    }

    /// What the job's `thinking()` said after `step` steps (a whole number; clamped to
    /// `length()`): Othello's depth, value, counters; KB Fast-Evo's knowledge, W and last
    /// iteration; `undefined` for jobs without one.
    #[wasm_bindgen(js_name = thinkingAt, unchecked_return_type = "Thinking | KbKnowledge | undefined")]
    pub fn thinking_at(
        &self,
        #[wasm_bindgen(unchecked_param_type = "number")] step: JsValue,
    ) -> Result<JsValue, JsError> {
        let (_, step) = self.step("thinkingAt", &step)?;
        match &self.thinking {
            Some(thinking_at) => thinking_at(step),
            None => Ok(JsValue::UNDEFINED),
        }
    }

    /// Bytes the recording holds.
    #[wasm_bindgen(js_name = memoryBytes)]
    pub fn memory_bytes(&self) -> Result<f64, JsError> {
        Ok(self.checked("memoryBytes")?.memory_bytes() as f64)
    }
}
