//! [`Timeline`]: a recorded run read back at any step.

use super::cells::CellCounts;
use super::log::{apply_record, read_generation, Log, State, WalkRecord};
use super::tree::RebuiltTree;
use crate::search::anytime::RootActionStat;
use crate::search::mcts::TieOrder;
use crate::search::{Progress, Stats, Window};
use serde::Serialize;
use std::cell::RefCell;
use std::rc::Rc;

/// What a search reported about a state.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify))]
pub enum EventKind {
    /// The state was expanded (MCTS: a tree node the walk left; RHEA: a plan's end).
    Expanded,
    /// The state was generated (queued; MCTS: a node added; RHEA: a state a plan reached).
    Generated,
}

/// The last state reported at or before a step.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify))]
#[cfg_attr(target_arch = "wasm32", tsify(missing_as_null))]
pub struct LastEvent {
    pub kind: EventKind,
    /// The agent's cell (games with one).
    pub cell: Option<u32>,
    /// Actions from the root.
    pub depth: u32,
    /// The search's value of the state, as `f32`.
    pub value: f32,
}

/// What a marker on the timeline stands for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify))]
pub enum MarkerKind {
    /// The search solved its problem (a plan, or a proved value).
    PlanFound,
    /// The recommended move changed (searches with root action statistics).
    BestMove,
    /// An iteration of iterative deepening completed.
    DepthDone,
    /// A limit stopped the search, or it searched every state without a plan.
    Limit,
    /// The alpha-beta family's first cutoff at a depth.
    Cutoff,
    /// Recording stopped here: the timeline is full.
    Full,
}

/// A step worth jumping to.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify))]
pub struct Marker {
    pub step: u64,
    pub kind: MarkerKind,
    /// "plan found (34 actions)", "depth 5 done", "timeline full at step 4000000", ...
    pub label: String,
}

/// A recorded search as it stood at one step: what the live run showed then.
#[derive(Clone, Debug, PartialEq)]
pub struct StepView {
    pub step: u64,
    pub progress: Progress,
    pub stats: Stats,
    /// States waiting in the frontier (searches with one).
    pub frontier_size: Option<u64>,
    pub best_action: Option<u32>,
    pub plan: Vec<u32>,
    /// Per cell, states expanded there (games with an agent cell; else empty).
    pub heat: Vec<u32>,
    /// Per cell, states waiting in the frontier there (zeros for searches without one).
    pub frontier: Vec<u32>,
    pub root_actions: Vec<RootActionStat>,
    pub last: Option<LastEvent>,
    /// Alpha-beta family: the window of the node the step visited last.
    pub window: Option<Window>,
    /// Alpha-beta family: beta cutoffs so far.
    pub cutoffs: u64,
}

/// One node of an MCTS tree rebuilt at a step.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify))]
#[cfg_attr(target_arch = "wasm32", tsify(missing_as_null))]
pub struct TreeNode {
    /// The node's slot in the tree (creation order; the root is 0).
    pub id: u32,
    pub parent: Option<u32>,
    /// The action (or chance outcome) index of the edge from the parent; `None` at the root.
    pub action: Option<u32>,
    pub depth: u32,
    pub visits: u64,
    /// Mean reward of the player who chose the node.
    pub mean: f64,
    /// UCT's score as the parent's selection computes it (before tie-break noise).
    pub uct: Option<f64>,
    /// Whether the node is on the recommended line (the best move, then most visited).
    pub on_best_line: bool,
}

/// One node on the path of an MCTS iteration, with what the backup changed.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify))]
#[cfg_attr(target_arch = "wasm32", tsify(missing_as_null))]
pub struct IterationNode {
    /// The node's slot in the tree ([`TreeNode::id`]).
    pub id: u32,
    /// The action (or chance outcome) index of the edge from the previous node; `None` at the
    /// root.
    pub action: Option<u32>,
    pub depth: u32,
    /// Visits and mean before the iteration (0 and 0 for the node it added).
    pub visits_before: u64,
    pub mean_before: f64,
    /// Visits and mean after its backup (visits one more than before).
    pub visits_after: u64,
    pub mean_after: f64,
    /// The reward the backup added to the node's total (that of the player who chose it).
    pub credited: f64,
}

/// One MCTS iteration, phase by phase: selection walked `path` from the root (its last node
/// added by expansion when `expanded`), the rollout played `rollout_moves` moves from there to
/// `rollout_depth` plies below the root and scored `reward`, and the backup added one visit
/// and the credited reward to every node of `path`.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify))]
pub struct IterationView {
    /// The step whose iteration this is (at least 1).
    pub step: u64,
    /// Root first.
    pub path: Vec<IterationNode>,
    /// Whether the last node of `path` was added by this iteration.
    pub expanded: bool,
    pub rollout_moves: u32,
    /// Plies below the root where the rollout stopped (path depth plus its moves).
    pub rollout_depth: u32,
    /// The rollout's reward for the player to move at the root.
    pub reward: f64,
}

/// One individual of an RHEA population.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify))]
pub struct Individual {
    /// The actions its genes played (dense indices).
    pub actions: Vec<u32>,
    pub value: f64,
}

/// An RHEA population as it stood at a step.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify))]
pub struct PopulationView {
    /// The step that completed this population.
    pub step: u64,
    /// 0 for the first population, then one more per generation.
    pub generation: u64,
    /// Best first.
    pub individuals: Vec<Individual>,
}

/// The MCTS tree rebuilt at a step, kept to go on from for a later step.
struct TreeCache {
    step: u64,
    offset: usize,
    state: State,
    tree: RebuiltTree,
}

/// A recorded run: a handle sharing the recorder's log (it grows while the run goes on).
#[derive(Clone)]
pub struct Timeline {
    log: Rc<RefCell<Log>>,
    tree_cache: Rc<RefCell<Option<TreeCache>>>,
}

impl Timeline {
    pub(super) fn from_log(log: Rc<RefCell<Log>>) -> Self {
        Timeline {
            log,
            tree_cache: Rc::new(RefCell::new(None)),
        }
    }

    /// Steps recorded.
    pub fn len(&self) -> u64 {
        self.log.borrow().steps
    }

    /// Whether no step is recorded yet.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The step at which recording stopped because a cap was reached, if it did.
    pub fn full_at(&self) -> Option<u64> {
        self.log.borrow().full_at
    }

    /// Bytes held by the log, its checkpoints and markers.
    pub fn memory_bytes(&self) -> u64 {
        self.log.borrow().memory_bytes()
    }

    /// The markers so far, in step order.
    pub fn markers(&self) -> Vec<Marker> {
        self.log
            .borrow()
            .markers
            .iter()
            .map(|mark| mark.marker())
            .collect()
    }

    /// Reads the live per-cell counts (they go on once the log is full, so they always match
    /// the search).
    pub fn with_live_cells<R>(&self, read: impl FnOnce(&CellCounts) -> R) -> R {
        read(&self.log.borrow().current.cells)
    }

    /// Whether the search recorded has a frontier to show.
    pub fn has_frontier(&self) -> bool {
        self.log.borrow().options.has_frontier
    }

    /// Whether the search recorded is MCTS, whose tree and iterations the timeline shows
    /// ([`TimelineOptions::tree`](super::TimelineOptions), or an iteration recorded).
    pub fn has_tree(&self) -> bool {
        let log = self.log.borrow();
        log.has_walks || log.options.tree
    }

    /// The state at step `step` (clamped to the steps recorded) with its plan, and where step
    /// `step + 1`'s record starts.
    fn state_at(&self, step: u64, walks: &mut dyn FnMut(&WalkRecord)) -> (u64, State, usize) {
        let log = self.log.borrow();
        let (step, mut state, offset) = log.state_at(step, walks);
        log.resolve_plan(&mut state);
        (step, state, offset)
    }

    /// What the live run showed after `step` steps (clamped to the steps recorded).
    pub fn view_at(&self, step: u64) -> StepView {
        let (step, state, _) = self.state_at(step, &mut |_| {});
        let has_frontier = self.has_frontier();
        let cells = &state.cells;
        StepView {
            step,
            progress: state.progress,
            stats: state.stats,
            frontier_size: has_frontier.then(|| cells.frontier_size()),
            best_action: state.best,
            plan: state.plan.clone(),
            heat: cells.heat().to_vec(),
            frontier: if has_frontier {
                cells.frontier()
            } else {
                vec![0; cells.cells()]
            },
            root_actions: state.root.clone(),
            last: state.last,
            window: state.window,
            cutoffs: state.cutoffs,
        }
    }

    /// MCTS: the tree after `step` steps (clamped), breadth first with the most visited
    /// children first, at most `max_depth` below the root and `max_nodes` nodes; `None` for
    /// a search that is not MCTS (neither [`TimelineOptions::tree`](super::TimelineOptions)
    /// nor any iteration recorded).
    pub fn tree_at(&self, step: u64, max_depth: u32, max_nodes: usize) -> Option<Vec<TreeNode>> {
        // Before the first walk the tree is the root alone: the settings do not matter.
        let (uct, ties) = self
            .log
            .borrow()
            .uct
            .unwrap_or(((0.0, false), TieOrder::from_seed(0)));
        let mut cache = self.tree_cache_at(step)?;
        let cached = cache.as_mut()?;
        let best = cached.state.best;
        Some(
            cached
                .tree
                .nodes_for_view(best, uct, ties, max_depth, max_nodes),
        )
    }

    /// MCTS: the iteration of step `step` (clamped), phase by phase; `None` at step 0, for a
    /// step without an iteration, and for a search that is not MCTS.
    pub fn iteration_at(&self, step: u64) -> Option<IterationView> {
        let step = step.min(self.len()).checked_sub(1)? + 1;
        let mut cache = self.tree_cache_at(step - 1)?;
        let cached = cache.as_mut()?;
        let log = self.log.borrow();
        let mut reader = log.reader(cached.offset);
        let mut walk = WalkRecord::default();
        let tree = &mut cached.tree;
        let mut view = None;
        apply_record(&mut reader, step, &mut cached.state, &mut walk, &mut |w| {
            let path = tree.apply_traced(w);
            let depth = path.last().map_or(0, |node| node.depth);
            view = Some(IterationView {
                step,
                expanded: w.added_node,
                rollout_moves: w.rollout_moves,
                rollout_depth: depth + w.rollout_moves,
                reward: w.credited.first().copied().unwrap_or(0.0),
                path,
            });
        });
        cached.step = step;
        cached.offset = reader.offset();
        view
    }

    /// The tree cache advanced to `step` (clamped); `None` for a search that is not MCTS.
    fn tree_cache_at(&self, step: u64) -> Option<std::cell::RefMut<'_, Option<TreeCache>>> {
        if !self.has_tree() {
            return None;
        }
        let step = step.min(self.len());
        let mut cache = self.tree_cache.borrow_mut();
        let usable = cache.as_ref().is_some_and(|c| c.step <= step);
        if !usable {
            let log = self.log.borrow();
            let first = log.checkpoints.first()?;
            *cache = Some(TreeCache {
                step: 0,
                offset: first.offset,
                state: first.state.clone(),
                tree: RebuiltTree::new(),
            });
        }
        let cached = cache.as_mut()?;
        {
            let log = self.log.borrow();
            let mut reader = log.reader(cached.offset);
            let mut walk = WalkRecord::default();
            let tree = &mut cached.tree;
            for at in cached.step..step {
                apply_record(
                    &mut reader,
                    at + 1,
                    &mut cached.state,
                    &mut walk,
                    &mut |w| tree.apply(w),
                );
            }
            cached.step = step;
            cached.offset = reader.offset();
        }
        Some(cache)
    }

    /// RHEA: the last population completed at or before `step`; `None` when there is none
    /// (another search, or before the first population is evaluated).
    pub fn population_at(&self, step: u64) -> Option<PopulationView> {
        let log = self.log.borrow();
        let index = log.generations.partition_point(|&(at, _)| at <= step);
        let &(at, offset) = log.generations.get(index.checked_sub(1)?)?;
        let mut reader = log.reader(offset);
        let individuals = read_generation(&mut reader)
            .into_iter()
            .map(|(actions, value)| Individual { actions, value })
            .collect();
        Some(PopulationView {
            step: at,
            generation: (index - 1) as u64,
            individuals,
        })
    }
}
