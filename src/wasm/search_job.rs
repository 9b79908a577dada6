//! [`SearchJob`]: one search for the worker, whatever the game, run in slices with
//! `step(budget)`; between slices it reports progress and counters, its best action and plan,
//! the heat map and frontier (games with the `agentCell` capability), per-root-action
//! statistics (MCTS, RHEA and 2048's agents) and what the agent thinks (Othello; Sum to zero:
//! its choice beside the exact optimum).

use super::boundary::{
    bool_from_js, budget_from_js, seed_from_js, string_from_js, to_js, ClassTag,
};
use super::encoded_state;
use crate::game::Game;
use crate::rng::Rng;
use crate::search::anytime::RootActionStat;
use crate::search::timeline::Timeline;
use crate::search::{Limit, Line, PathEnd, Progress, Search, Stats};
use serde::Serialize;
use tsify::Tsify;
use wasm_bindgen::prelude::*;

/// A search seen through dense action indices, whatever its game (object-safe).
pub(super) trait IndexedSearch {
    fn step(&mut self, budget: u64) -> Progress;
    fn stats(&self) -> Stats;
    fn best_action(&self) -> Option<u32>;
    fn plan(&self) -> Vec<u32>;
    fn root_actions(&self) -> Vec<RootActionStat>;
}

/// A search over `G` as an [`IndexedSearch`].
pub(super) struct Indexed<G, S> {
    pub(super) search: S,
    game: std::marker::PhantomData<fn() -> G>,
}

impl<G, S> Indexed<G, S> {
    pub(super) fn new(search: S) -> Self {
        Indexed {
            search,
            game: std::marker::PhantomData,
        }
    }
}

/// A search that does at most `work_left` units of work (playouts for MCTS) however the worker
/// slices it, then reports [`Limit::Nodes`]: the same work as one `step(work)`.
pub(super) struct WorkCap<S> {
    pub(super) search: S,
    pub(super) work_left: u64,
}

impl<G: Game, S: Search<G>> Search<G> for WorkCap<S> {
    fn step(&mut self, budget: u64) -> Progress {
        let spent = Progress::LimitReached(Limit::Nodes);
        if self.work_left == 0 {
            return spent;
        }
        let work = budget.min(self.work_left);
        self.work_left -= work;
        match self.search.step(work) {
            Progress::Running if self.work_left == 0 => spent,
            progress => progress,
        }
    }

    fn best_action(&self) -> Option<G::Action> {
        self.search.best_action()
    }

    fn principal_variation(&self) -> Vec<G::Action> {
        self.search.principal_variation()
    }

    fn best_and_line(&self, line: &mut Line<G::Action>) -> Option<G::Action> {
        self.search.best_and_line(line)
    }

    fn line_end(&self) -> Option<PathEnd<G::Action>> {
        self.search.line_end()
    }

    fn stats(&self) -> Stats {
        self.search.stats()
    }

    fn root_action_stats(&self) -> Vec<RootActionStat> {
        self.search.root_action_stats()
    }

    fn root_action_stats_into(&self, stats: &mut Vec<RootActionStat>) {
        self.search.root_action_stats_into(stats);
    }

    fn root_stats_follow_walks(&self) -> bool {
        self.search.root_stats_follow_walks()
    }

    fn reports_steps(&self) -> bool {
        self.search.reports_steps()
    }
}

impl<G: Game, S: Search<G>> IndexedSearch for Indexed<G, S> {
    fn step(&mut self, budget: u64) -> Progress {
        self.search.step(budget)
    }

    fn stats(&self) -> Stats {
        self.search.stats()
    }

    fn best_action(&self) -> Option<u32> {
        self.search.best_action().map(G::action_index)
    }

    fn plan(&self) -> Vec<u32> {
        let plan = self.search.principal_variation();
        plan.into_iter().map(G::action_index).collect()
    }

    fn root_actions(&self) -> Vec<RootActionStat> {
        self.search.root_action_stats()
    }
}

/// A search the worker runs in slices, with what its game adds to the search's own answers.
pub(super) trait Job {
    /// The search itself.
    fn search(&self) -> &dyn IndexedSearch;
    fn search_mut(&mut self) -> &mut dyn IndexedSearch;
    /// Per cell, how often expanded states touched it; empty for games where no agent stands on
    /// a cell.
    fn heat(&self) -> Vec<u32> {
        Vec::new()
    }
    /// Per cell, states waiting in the frontier; empty for searches without one.
    fn frontier(&self) -> Vec<u32> {
        Vec::new()
    }
    /// States waiting in the frontier now, for searches that have one.
    fn frontier_size(&self) -> Option<u64> {
        None
    }
    /// What the agent thinks (Othello: a `Thinking`; Sum to zero: a `SumZeroThinking`);
    /// `undefined` for the other games.
    fn thinking(&self) -> Result<JsValue, JsError> {
        Ok(JsValue::UNDEFINED)
    }
    /// The run's timeline, for a job made to record.
    fn timeline(&self) -> Option<Timeline> {
        None
    }
    /// A recorded run whose `thinking()` its timeline keeps: what it was at a step.
    fn thinking_at(&self) -> Option<ThinkingAt> {
        None
    }
}

/// What a recorded job's `thinking()` was after a step of its timeline (a shared function,
/// valid after the job is gone).
pub(super) type ThinkingAt = std::rc::Rc<dyn Fn(u64) -> Result<JsValue, JsError>>;

/// A job that records its run: the job, and the timeline its search writes.
pub(super) struct Timed {
    pub(super) job: Box<dyn Job>,
    pub(super) timeline: Timeline,
}

impl Job for Timed {
    fn search(&self) -> &dyn IndexedSearch {
        self.job.search()
    }
    fn search_mut(&mut self) -> &mut dyn IndexedSearch {
        self.job.search_mut()
    }
    fn heat(&self) -> Vec<u32> {
        self.job.heat()
    }
    fn frontier(&self) -> Vec<u32> {
        self.job.frontier()
    }
    fn frontier_size(&self) -> Option<u64> {
        self.job.frontier_size()
    }
    fn thinking(&self) -> Result<JsValue, JsError> {
        self.job.thinking()
    }
    fn timeline(&self) -> Option<Timeline> {
        Some(self.timeline.clone())
    }
    fn thinking_at(&self) -> Option<ThinkingAt> {
        self.job.thinking_at()
    }
}

/// A search with nothing to add (2048's agents).
impl<G: Game, S: Search<G>> Job for Indexed<G, S> {
    fn search(&self) -> &dyn IndexedSearch {
        self
    }

    fn search_mut(&mut self) -> &mut dyn IndexedSearch {
        self
    }
}

/// Where a search stands: still running, or why it stopped.
#[derive(Clone, Copy, Serialize, Tsify)]
#[serde(rename_all = "snake_case")]
pub(super) enum SearchStatus {
    Running,
    Solved,
    Exhausted,
    LimitReached,
}

/// A search's state after a slice. `frontier` is the number of states waiting now.
#[derive(Serialize, Tsify)]
#[serde(rename_all = "camelCase")]
#[tsify(missing_as_null)]
pub(super) struct StepReport {
    status: SearchStatus,
    /// Which limit stopped the search (`status` is `limit_reached`).
    limit: Option<Limit>,
    expanded: u64,
    generated: u64,
    frontier: Option<u64>,
    max_frontier: u64,
    max_depth: u32,
    stored: u64,
    iterations: u64,
}

impl StepReport {
    /// The report of a search with `progress` and `stats`, and `frontier` states waiting.
    pub(super) fn new(progress: Progress, stats: &Stats, frontier: Option<u64>) -> Self {
        let (status, limit) = match progress {
            Progress::Running => (SearchStatus::Running, None),
            Progress::Solved => (SearchStatus::Solved, None),
            Progress::Exhausted => (SearchStatus::Exhausted, None),
            Progress::LimitReached(limit) => (SearchStatus::LimitReached, Some(limit)),
        };
        StepReport {
            status,
            limit,
            expanded: stats.expanded,
            generated: stats.generated,
            frontier,
            max_frontier: stats.max_frontier,
            max_depth: stats.max_depth,
            stored: stats.stored,
            iterations: stats.iterations,
        }
    }
}

/// What MCTS or RHEA knows about one root action (2048: also expectimax's value and greedy's,
/// with 0 visits).
#[derive(Serialize, Tsify)]
pub(super) struct RootAction {
    action: u32,
    visits: u64,
    value: f64,
}

impl From<&RootActionStat> for RootAction {
    fn from(row: &RootActionStat) -> Self {
        RootAction {
            action: row.index,
            visits: row.visits,
            value: row.value,
        }
    }
}

/// One search for the worker: create it from an encoded state, a view (algorithm and
/// parameters) and a seed; run it with `step(budget)` in slices; read its answer between slices.
#[wasm_bindgen]
#[repr(C)]
pub struct SearchJob {
    /// First, so a method can tell a job from another class's object ([`ClassTag`]).
    tag: ClassTag,
    /// Boxed, so that every class is a tag and one box (see [`ClassTag`]).
    inner: Box<JobState>,
}

/// A job's search and where it stood after the last slice.
struct JobState {
    job: Box<dyn Job>,
    last: Progress,
}

impl SearchJob {
    /// The job, once the tag says that this is a search job; `method` names the call.
    fn state(&self, method: &str) -> Result<&JobState, JsError> {
        self.tag.check(ClassTag::SEARCH_JOB, "SearchJob", method)?;
        Ok(&self.inner)
    }

    fn checked(&self, method: &str) -> Result<&dyn Job, JsError> {
        Ok(&*self.state(method)?.job)
    }
}

#[wasm_bindgen]
impl SearchJob {
    /// A search from `state` (from `GameSession.encode()`) with the view's algorithm and
    /// parameters. `seed` and `stream` (both whole numbers below 2^53) pick the random stream,
    /// so every act of a game gets its own. With `record` true the run is recorded step by
    /// step (see `timeline()`). Throws an error naming a bad parameter.
    #[wasm_bindgen(constructor)]
    pub fn new(
        #[wasm_bindgen(unchecked_param_type = "string")] state: JsValue,
        #[wasm_bindgen(unchecked_param_type = "View | View2048 | ViewOthello | ViewSumZero")] view: JsValue,
        #[wasm_bindgen(unchecked_param_type = "number")] seed: JsValue,
        #[wasm_bindgen(unchecked_param_type = "number")] stream: JsValue,
        #[wasm_bindgen(unchecked_param_type = "boolean | undefined")] record: JsValue,
    ) -> Result<SearchJob, JsError> {
        let state = string_from_js("state", &state)?;
        let (game, state) = encoded_state::decode(&state).map_err(|e| JsError::new(&e))?;
        let (seed, stream) = (
            seed_from_js("seed", &seed)?,
            seed_from_js("stream", &stream)?,
        );
        super::kb_memory::enter_job(seed, stream);
        let seed = Rng::derive(seed, stream);
        let record = bool_from_js("record", &record)?;
        let job = super::game_kind(game)?.job(state, view, seed, record)?;
        Ok(SearchJob {
            tag: ClassTag::SEARCH_JOB,
            inner: Box::new(JobState {
                job,
                last: Progress::Running,
            }),
        })
    }

    /// Runs at most `budget` units of work (expansions; iterations for MCTS and RHEA) and
    /// reports where the search stands. Once finished, further steps do nothing.
    #[wasm_bindgen(unchecked_return_type = "StepReport")]
    pub fn step(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "number")] budget: JsValue,
    ) -> Result<JsValue, JsError> {
        self.tag.check(ClassTag::SEARCH_JOB, "SearchJob", "step")?;
        let budget = budget_from_js(&budget)?;
        let state = &mut *self.inner;
        if !state.last.is_finished() && budget > 0 {
            state.last = state.job.search_mut().step(budget);
        }
        let stats = state.job.search().stats();
        to_js(&StepReport::new(
            state.last,
            &stats,
            state.job.frontier_size(),
        ))
    }

    /// The action the search recommends now, if any.
    #[wasm_bindgen(js_name = bestAction)]
    pub fn best_action(&self) -> Result<Option<u32>, JsError> {
        Ok(self.checked("bestAction")?.search().best_action())
    }

    /// The plan (puzzle searches) or the expected line of play (MCTS, RHEA) so far.
    pub fn plan(&self) -> Result<Vec<u32>, JsError> {
        Ok(self.checked("plan")?.search().plan())
    }

    /// Per board cell, how many expanded states had the agent there.
    pub fn heat(&self) -> Result<Vec<u32>, JsError> {
        Ok(self.checked("heat")?.heat())
    }

    /// Per board cell, how many states wait in the frontier with the agent there (all zero for
    /// MCTS and RHEA).
    pub fn frontier(&self) -> Result<Vec<u32>, JsError> {
        Ok(self.checked("frontier")?.frontier())
    }

    /// Othello: what the agent thinks (depth, value for Black, exact or not, nodes searched and
    /// cut off); Sum to zero: every action's optimal value and regret beside MCTS's visits and
    /// means, and the regret of the current choice; KB Fast-Evo: its knowledge base and W;
    /// `undefined` for the other games and agents.
    #[wasm_bindgen(unchecked_return_type = "Thinking | SumZeroThinking | KbKnowledge | undefined")]
    pub fn thinking(&self) -> Result<JsValue, JsError> {
        self.checked("thinking")?.thinking()
    }

    /// The run's timeline (a job made with `record` true; throws otherwise). It shares the
    /// recording, which grows while the job runs, and stays valid after `free()`.
    pub fn timeline(&self) -> Result<super::timeline::JsTimeline, JsError> {
        let timeline = self.checked("timeline")?.timeline().ok_or_else(|| {
            JsError::new(
                "SearchJob.timeline: this job does not record (make it with record = true)",
            )
        })?;
        let thinking_at = self.checked("timeline")?.thinking_at();
        Ok(super::timeline::JsTimeline::new(timeline).with_thinking(thinking_at))
    }

    /// MCTS and RHEA: value and visits of each root action (empty for the other searches).
    #[wasm_bindgen(js_name = rootActions, unchecked_return_type = "RootAction[]")]
    pub fn root_actions(&self) -> Result<JsValue, JsError> {
        let rows: Vec<RootAction> = self
            .checked("rootActions")?
            .search()
            .root_actions()
            .iter()
            .map(RootAction::from)
            .collect();
        to_js(&rows)
    }
}
