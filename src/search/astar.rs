//! A* and weighted A*: a shortest plan guided by an admissible heuristic.
//!
//! States are expanded in order of `f = g + w·h`, where `g` is the number of actions from the
//! root and `h(state)` estimates the actions still needed (`None`: the state provably cannot
//! be solved, and is pruned). Equal `f` goes to the larger `g` (deeper first), then to the state
//! queued last. The goal test is made on expansion.
//!
//! Contract: `h` is admissible (never above the true distance) and consistent
//! (`h(s) <= 1 + h(s')` for every action `s -> s'`), with `h = 0` on solved states. Then, with
//! `w = 1`, A* expands each state at most once and returns a shortest plan. With `w > 1`
//! (weighted A*) it usually expands far fewer states, and its plan is at most `w` times longer
//! than a shortest one. A state is never expanded twice, so with an inconsistent heuristic the
//! plan may also be longer than a shortest one.
//!
//! Fits every puzzle with a distance estimate (Manhattan distance for sliding tiles, box-goal
//! matching for Bait/Sokoban-like levels).
//!
//! Implementation, built for tens of millions of expansions: the frontier is a bucket queue
//! indexed by the integer `den·g + num·h` for `w = num/den`, each bucket a set of LIFO stacks by
//! `g`; frontier entries hold the state itself, so expanding needs no re-derivation, or, with
//! [`FrontierStates::Rebuilt`], only its node id, the state being rebuilt on expansion from a
//! recently expanded ancestor ([`recent_states`](super::recent_states)); the node
//! store maps each key to a record (parent id, action, g, closed flag); a state reached again
//! by a shorter route before its expansion is queued again and the old entry is skipped when
//! popped (lazy deletion). States the heuristic prunes are remembered as closed.
//!
//! Memory estimate: the node store (table and records; see [`node_store`](super::node_store)),
//! frontier entries (state + id, or id alone) over their stacks' capacity plus the queued states'
//! heap bytes, the bucket and stack headers, and with rebuilt states the cache of recent ones
//! and the replay buffer.
//! Before each expansion the store grows only if the grown estimate stays within the limit; the
//! frontier is checked after each expansion.
//!
//! References: Hart, Nilsson and Raphael, *A formal basis for the heuristic determination of
//! minimum cost paths*, 1968; Pohl, *Heuristic search viewed as path finding in a graph*, 1970
//! (weighted A*); Dial, *Shortest-path forest with topological ordering*, 1969 (bucket queue).

use super::node_store::{push_gently, KeyMode, Lookup, Node, NodeStore, NO_PARENT};
use super::recent_states::RecentStates;
use super::{
    Limit, Limits, Line, NoObserver, Observer, PathEnd, Progress, Search, Stats, StepDone, Visit,
};
use crate::game::Puzzle;

/// The heuristic weight `w = num / den >= 1`, kept as a reduced fraction so that `f` stays an
/// integer (`den·g + num·h`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Weight {
    num: u32,
    den: u32,
}

/// A weight that is not a number of at least 1 with a small enough fraction.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WeightError {
    /// What is wrong, in words a person can act on.
    pub reason: String,
}

impl std::fmt::Display for WeightError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "invalid A* weight: {}", self.reason)
    }
}

impl std::error::Error for WeightError {}

/// Largest numerator or denominator of a reduced weight.
const MAX_WEIGHT_TERM: u32 = 1_000_000;

fn gcd(mut a: u32, mut b: u32) -> u32 {
    while b != 0 {
        (a, b) = (b, a % b);
    }
    a
}

impl Weight {
    /// Plain A*.
    pub const ONE: Weight = Weight { num: 1, den: 1 };

    /// The weight `num / den`, which must be at least 1; terms up to 1 000 000 after reduction.
    pub fn new(num: u32, den: u32) -> Result<Weight, WeightError> {
        if den == 0 {
            return Err(WeightError {
                reason: "the denominator is 0".into(),
            });
        }
        if num < den {
            return Err(WeightError {
                reason: format!("{num}/{den} is below 1"),
            });
        }
        let common = gcd(num, den);
        let (num, den) = (num / common, den / common);
        if num > MAX_WEIGHT_TERM || den > MAX_WEIGHT_TERM {
            return Err(WeightError {
                reason: format!("{num}/{den} has a term above {MAX_WEIGHT_TERM}"),
            });
        }
        Ok(Weight { num, den })
    }

    /// The weight `w` rounded to hundredths (1.5 is 3/2); `w` must lie in `[1, 1000]`.
    pub fn from_f64(w: f64) -> Result<Weight, WeightError> {
        if !(1.0..=1000.0).contains(&w) {
            return Err(WeightError {
                reason: format!("{w} is not a number from 1 to 1000"),
            });
        }
        Weight::new((w * 100.0).round() as u32, 100)
    }

    /// The numerator of the reduced fraction.
    pub fn numerator(self) -> u32 {
        self.num
    }

    /// The denominator of the reduced fraction.
    pub fn denominator(self) -> u32 {
        self.den
    }

    /// The weight as a float.
    pub fn as_f64(self) -> f64 {
        self.num as f64 / self.den as f64
    }
}

impl Default for Weight {
    /// Plain A* (`w = 1`).
    fn default() -> Self {
        Weight::ONE
    }
}

/// What the frontier keeps of each queued state.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum FrontierStates {
    /// The state itself (`size_of::<P>()` plus its heap bytes per entry): expanding needs no
    /// re-derivation.
    #[default]
    Held,
    /// Only its node id (4 bytes per entry): on expansion the state is rebuilt by applying the
    /// actions from its nearest recently expanded ancestor (or the root) along the parent
    /// links, as the plan itself is rebuilt. One `apply` per expansion along a dive, up to the
    /// depth when the search jumps to another branch. The rebuilt state has the queued state's
    /// key, which [`Puzzle::key`] promises is all that matters for the future; the order of
    /// expansions and the statistics are those of [`FrontierStates::Held`].
    Rebuilt,
}

/// Settings of an A* search.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct AStarOptions {
    /// Node and memory limits.
    pub limits: Limits,
    /// How closed states are remembered.
    pub keys: KeyMode,
    /// The heuristic weight (1 for plain A*).
    pub weight: Weight,
    /// What the frontier keeps of each queued state.
    pub frontier: FrontierStates,
}

/// A queued state and its node id.
struct Entry<P> {
    state: P,
    node: u32,
}

/// The entries of one `f` value, in LIFO stacks indexed by `g / num` (within one bucket all
/// `g` share the residue `g mod num`, since `den·g + num·h` is fixed and `num, den` are coprime).
struct Bucket<T> {
    stacks: Vec<Vec<T>>,
    len: usize,
    /// Highest stack index that may hold entries.
    top: usize,
    residue: u32,
}

impl<T> Default for Bucket<T> {
    fn default() -> Self {
        Bucket {
            stacks: Vec::new(),
            len: 0,
            top: 0,
            residue: 0,
        }
    }
}

/// A bucket queue on `(least f, greatest g)` of entries `T`.
struct Frontier<T> {
    buckets: Vec<Bucket<T>>,
    /// No bucket below this index holds entries.
    cursor: usize,
    len: usize,
    /// `num` of the weight: the stride of `g` within a bucket.
    stride: u32,
    /// Entries the stacks can hold without growing, over all stacks.
    entry_capacity: usize,
    /// Stack headers allocated, over all buckets.
    stack_count: usize,
}

impl<T> Frontier<T> {
    fn new(stride: u32) -> Self {
        Frontier {
            buckets: Vec::new(),
            cursor: 0,
            len: 0,
            stride,
            entry_capacity: 0,
            stack_count: 0,
        }
    }

    fn push(&mut self, f: usize, g: u32, entry: T) {
        if f >= self.buckets.len() {
            self.buckets.resize_with(f + 1, Bucket::default);
        }
        let bucket = &mut self.buckets[f];
        let index = (g / self.stride) as usize;
        if index >= bucket.stacks.len() {
            self.stack_count += index + 1 - bucket.stacks.len();
            bucket.stacks.resize_with(index + 1, Vec::new);
        }
        if bucket.len == 0 {
            bucket.residue = g % self.stride;
            bucket.top = index;
        } else {
            bucket.top = bucket.top.max(index);
        }
        let stack = &mut bucket.stacks[index];
        let before = stack.capacity();
        push_gently(stack, entry);
        self.entry_capacity += stack.capacity() - before;
        bucket.len += 1;
        self.len += 1;
        self.cursor = self.cursor.min(f);
    }

    /// The entry with the least `f`, then greatest `g`, then queued last; with its `g` and `f`.
    fn pop(&mut self) -> Option<(T, u32, usize)> {
        if self.len == 0 {
            return None;
        }
        while self.buckets[self.cursor].len == 0 {
            self.cursor += 1;
        }
        let f = self.cursor;
        let bucket = &mut self.buckets[f];
        while bucket.stacks[bucket.top].is_empty() {
            bucket.top -= 1;
        }
        let entry = bucket.stacks[bucket.top].pop()?;
        let g = bucket.top as u32 * self.stride + bucket.residue;
        bucket.len -= 1;
        self.len -= 1;
        if bucket.len == 0 {
            // Release the emptied bucket's stacks: with a consistent heuristic and w = 1 no
            // entry will come back to it.
            let freed: usize = bucket.stacks.iter().map(Vec::capacity).sum();
            self.entry_capacity -= freed;
            self.stack_count -= bucket.stacks.len();
            bucket.stacks = Vec::new();
        }
        Some((entry, g, f))
    }

    fn memory_bytes(&self) -> u64 {
        (self.entry_capacity * std::mem::size_of::<T>()
            + self.stack_count * std::mem::size_of::<Vec<T>>()
            + self.buckets.capacity() * std::mem::size_of::<Bucket<T>>()) as u64
    }
}

/// The frontier, by what it keeps ([`FrontierStates`]).
enum Queue<P: Puzzle> {
    Held {
        frontier: Frontier<Entry<P>>,
        /// Heap bytes owned by the queued states ([`Game::heap_bytes`](crate::game::Game::heap_bytes)).
        heap: u64,
    },
    Rebuilt {
        frontier: Frontier<u32>,
        /// The root and recently expanded states to rebuild from.
        recent: RecentStates<P>,
        /// The actions a rebuild applies, last first (reused).
        replay: Vec<P::Action>,
    },
}

impl<P: Puzzle> Queue<P> {
    fn new(root: &P, options: &AStarOptions) -> Self {
        let stride = options.weight.num;
        match options.frontier {
            FrontierStates::Held => Queue::Held {
                frontier: Frontier::new(stride),
                heap: 0,
            },
            FrontierStates::Rebuilt => Queue::Rebuilt {
                frontier: Frontier::new(stride),
                recent: RecentStates::new(root.clone()),
                replay: Vec::new(),
            },
        }
    }

    fn push(&mut self, f: usize, g: u32, state: P, node: u32) {
        match self {
            Queue::Held { frontier, heap } => {
                *heap += state.heap_bytes() as u64;
                frontier.push(f, g, Entry { state, node });
            }
            Queue::Rebuilt { frontier, .. } => frontier.push(f, g, node),
        }
    }

    /// The next entry that is still live in `nodes` (not closed, not superseded by a shorter
    /// route): its state, node id, `g` and `f`. Stale entries are dropped on the way.
    fn pop_live(
        &mut self,
        nodes: &NodeStore<P::Key, Node<P::Action>>,
    ) -> Option<(P, u32, u32, usize)> {
        let live = |id: u32, g: u32| {
            let node = nodes.value(id);
            !node.closed && node.depth == g
        };
        match self {
            Queue::Held { frontier, heap } => loop {
                let (entry, g, f) = frontier.pop()?;
                *heap -= entry.state.heap_bytes() as u64;
                if live(entry.node, g) {
                    return Some((entry.state, entry.node, g, f));
                }
            },
            Queue::Rebuilt {
                frontier,
                recent,
                replay,
            } => loop {
                let (id, g, f) = frontier.pop()?;
                if live(id, g) {
                    return Some((rebuild(id, nodes, recent, replay), id, g, f));
                }
            },
        }
    }

    /// Hands back the state of node `id` once expanded (kept to rebuild its descendants).
    fn expanded(&mut self, id: u32, state: P) {
        if let Queue::Rebuilt { recent, .. } = self {
            recent.put(id, state);
        }
    }

    fn len(&self) -> usize {
        match self {
            Queue::Held { frontier, .. } => frontier.len,
            Queue::Rebuilt { frontier, .. } => frontier.len,
        }
    }

    fn memory_bytes(&self) -> u64 {
        match self {
            Queue::Held { frontier, heap } => frontier.memory_bytes() + heap,
            Queue::Rebuilt {
                frontier,
                recent,
                replay,
            } => {
                frontier.memory_bytes()
                    + recent.memory_bytes()
                    + (replay.capacity() * std::mem::size_of::<P::Action>()) as u64
            }
        }
    }
}

/// State `id` rebuilt from its nearest ancestor in `recent` (or the root), applying the actions
/// of the parent links below it. Every ancestor of a queued state was expanded, hence closed,
/// so its links no longer change.
fn rebuild<P: Puzzle>(
    id: u32,
    nodes: &NodeStore<P::Key, Node<P::Action>>,
    recent: &RecentStates<P>,
    replay: &mut Vec<P::Action>,
) -> P {
    replay.clear();
    let mut current = id;
    let mut state = loop {
        if let Some(state) = recent.get(current) {
            break state.clone();
        }
        let node = nodes.value(current);
        match node.action {
            Some(action) if node.parent != NO_PARENT => {
                replay.push(action);
                current = node.parent;
            }
            _ => break recent.root().clone(),
        }
    };
    for &action in replay.iter().rev() {
        state.apply(action);
    }
    state
}

/// The node that the principal variation leads to while the search runs: least `h`, then
/// least `f`.
#[derive(Clone, Copy)]
struct Closest {
    h: u32,
    f: usize,
    node: u32,
}

/// A resumable (weighted) A* search from one root state, with heuristic `H`.
pub struct AStar<P: Puzzle, H, O = NoObserver> {
    options: AStarOptions,
    heuristic: H,
    observer: O,
    nodes: NodeStore<P::Key, Node<P::Action>>,
    frontier: Queue<P>,
    actions: Vec<P::Action>,
    stats: Stats,
    /// Most buckets the memory limit allows (so that a huge `h` cannot allocate a huge queue).
    max_buckets: usize,
    closest: Option<Closest>,
    /// The plan, once solved.
    plan: Vec<P::Action>,
    outcome: Option<Progress>,
}

impl<P: Puzzle, H: FnMut(&P) -> Option<u32>> AStar<P, H> {
    /// A search from `root` with no observer.
    pub fn new(root: P, heuristic: H, options: AStarOptions) -> Self {
        Self::with_observer(root, heuristic, options, NoObserver)
    }
}

impl<P: Puzzle, H: FnMut(&P) -> Option<u32>, O: Observer<P>> AStar<P, H, O> {
    /// A search from `root` that reports every expansion and queued state to `observer` (visit
    /// value: `f = g + w·h`).
    pub fn with_observer(root: P, heuristic: H, options: AStarOptions, observer: O) -> Self {
        let bucket_bytes = std::mem::size_of::<Bucket<Entry<P>>>() as u64;
        let max_buckets =
            usize::try_from(options.limits.max_memory_bytes / bucket_bytes).unwrap_or(usize::MAX);
        let mut search = AStar {
            options,
            heuristic,
            observer,
            nodes: NodeStore::new(options.keys),
            frontier: Queue::new(&root, &options),
            actions: Vec::new(),
            stats: Stats::default(),
            max_buckets,
            closest: None,
            plan: Vec::new(),
            outcome: None,
        };
        if root.is_solved() {
            search.outcome = Some(Progress::Solved);
            return search;
        }
        let h = match (search.heuristic)(&root) {
            Some(h) if !root.is_terminal() => h,
            _ => {
                search.outcome = Some(Progress::Exhausted);
                return search;
            }
        };
        let root_node = Node {
            parent: NO_PARENT,
            depth: 0,
            action: None,
            closed: false,
        };
        // The store is empty, so the root gets id 0.
        let _ = search.nodes.find_or_insert(root.key(), 0, root_node);
        search.stats.stored = 1;
        if let Err(end) = search.enqueue(root, 0, 0, h) {
            search.outcome = Some(end);
        }
        search
    }

    /// The observer.
    pub fn observer(&self) -> &O {
        &self.observer
    }

    /// Estimated bytes held (see the module documentation).
    pub fn memory_bytes(&self) -> u64 {
        self.nodes.memory_bytes() + self.frontier.memory_bytes()
    }

    fn finish(&mut self, progress: Progress) -> Progress {
        self.outcome = Some(progress);
        self.stats.stored = self.nodes.len() as u64;
        progress
    }

    /// `den·g + num·h`, if the bucket queue may hold it.
    fn f_index(&self, g: u32, h: u32) -> Option<usize> {
        let weight = self.options.weight;
        let f = g as u64 * weight.den as u64 + h as u64 * weight.num as u64;
        usize::try_from(f).ok().filter(|&f| f < self.max_buckets)
    }

    /// Queues `state` (node `node`, already holding `g`) with heuristic value `h`.
    fn enqueue(&mut self, state: P, node: u32, g: u32, h: u32) -> Result<(), Progress> {
        let f = self
            .f_index(g, h)
            .ok_or(Progress::LimitReached(Limit::Memory))?;
        let value = f as f64 / self.options.weight.den as f64;
        self.observer.generated(&state, Visit { depth: g, value });
        self.frontier.push(f, g, state, node);
        self.stats.max_frontier = self.stats.max_frontier.max(self.frontier.len() as u64);
        self.stats.max_depth = self.stats.max_depth.max(g);
        let closer = match self.closest {
            None => true,
            Some(best) => (h, f) < (best.h, best.f),
        };
        if closer {
            self.closest = Some(Closest { h, f, node });
        }
        Ok(())
    }

    /// Reports the expansion just made to the observer ([`Observer::step_done`]); whether to
    /// go on.
    fn report_step(&mut self) -> bool {
        let end = self.line_end().map(|end| end.map_action(P::action_index));
        let done = StepDone {
            stats: self.stats,
            end,
        };
        self.observer.step_done(&done)
    }

    /// Generates the children of `state` (node `id`, at `g`) and queues the new or improved ones.
    fn expand(&mut self, state: &P, id: u32, g: u32) -> Result<(), Progress> {
        state.legal_actions(&mut self.actions);
        let headroom = self
            .options
            .limits
            .max_memory_bytes
            .saturating_sub(self.memory_bytes());
        if !self.nodes.reserve(self.actions.len(), headroom) {
            return Err(Progress::LimitReached(Limit::Memory));
        }
        let child_g = g + 1;
        for index in 0..self.actions.len() {
            let action = self.actions[index];
            let child = state.child(action);
            self.stats.generated += 1;
            if child.is_terminal() && !child.is_solved() {
                continue;
            }
            let reached = Node {
                parent: id,
                depth: child_g,
                action: Some(action),
                closed: false,
            };
            let key = child.key();
            let key_heap = P::key_heap_bytes(&key);
            let lookup = self
                .nodes
                .find_or_insert(key, key_heap, reached)
                .ok_or(Progress::LimitReached(Limit::Memory))?;
            let child_id = match lookup {
                Lookup::Inserted(new) => new,
                Lookup::Found(known) => {
                    let node = self.nodes.value_mut(known);
                    if node.closed || child_g >= node.depth {
                        continue;
                    }
                    // A shorter route to a queued state: its old entry becomes stale.
                    *node = reached;
                    known
                }
            };
            match (self.heuristic)(&child) {
                None => self.nodes.value_mut(child_id).closed = true,
                Some(h) => self.enqueue(child, child_id, child_g, h)?,
            }
        }
        Ok(())
    }
}

impl<P: Puzzle, H: FnMut(&P) -> Option<u32>, O: Observer<P>> Search<P> for AStar<P, H, O> {
    /// Expands at most `budget` states.
    fn step(&mut self, budget: u64) -> Progress {
        if let Some(outcome) = self.outcome {
            return outcome;
        }
        for _ in 0..budget {
            let Some((state, id, g, f)) = self.frontier.pop_live(&self.nodes) else {
                return self.finish(Progress::Exhausted);
            };
            if state.is_solved() {
                self.plan = self.nodes.path_to(id);
                return self.finish(Progress::Solved);
            }
            if self.stats.expanded >= self.options.limits.max_nodes {
                return self.finish(Progress::LimitReached(Limit::Nodes));
            }
            self.nodes.value_mut(id).closed = true;
            self.stats.expanded += 1;
            let value = f as f64 / self.options.weight.den as f64;
            self.observer.expanded(&state, Visit { depth: g, value });
            if let Err(end) = self.expand(&state, id, g) {
                return self.finish(end);
            }
            self.frontier.expanded(id, state);
            self.stats.stored = self.nodes.len() as u64;
            if self.memory_bytes() > self.options.limits.max_memory_bytes {
                return self.finish(Progress::LimitReached(Limit::Memory));
            }
            if self.observer.takes_steps() && !self.report_step() {
                break;
            }
        }
        Progress::Running
    }

    fn best_action(&self) -> Option<P::Action> {
        self.principal_variation().first().copied()
    }

    fn best_and_line(&self, line: &mut Line<P::Action>) -> Option<P::Action> {
        match (self.outcome, self.closest) {
            (Some(Progress::Solved), _) | (_, None) => line.set(self.plan.clone()),
            (_, Some(closest)) => self.nodes.update_path(closest.node, line),
        }
        line.actions().first().copied()
    }

    fn line_end(&self) -> Option<PathEnd<P::Action>> {
        match (self.outcome, self.closest) {
            (Some(Progress::Solved), _) | (_, None) => None,
            (_, Some(closest)) => Some(self.nodes.path_end(closest.node)),
        }
    }

    /// The plan once solved; before, the path to the queued state with the least `h` (ties:
    /// least `f`), the one that looks closest to a solution.
    fn principal_variation(&self) -> Vec<P::Action> {
        match (self.outcome, self.closest) {
            (Some(Progress::Solved), _) | (_, None) => self.plan.clone(),
            (_, Some(closest)) => self.nodes.path_to(closest.node),
        }
    }

    fn stats(&self) -> Stats {
        self.stats
    }

    fn reports_steps(&self) -> bool {
        self.observer.takes_steps()
    }
}
