//! Expectimax: depth-limited search through chance nodes, for games with dice or spawns (2048).
//!
//! Fits any [`Game`]. Values are from player 0's point of view: player 0's nodes take the
//! maximum over their actions, other players' nodes the minimum (expectiminimax), and chance
//! nodes the probability-weighted mean of their outcomes:
//!
//! ```text
//! V(s) = eval(s)                                 if s is terminal, the depth is used up, or
//!                                                s is a chance node with P(s) < min_probability
//!      = max / min over a of V(child(s, a))      at a player's node
//!      = sum over (o, p) of p * V(child(s, o))   at a chance node
//! ```
//!
//! Depth counts the player decisions on the line from the root; chance outcomes are free. A state
//! reached by the `d`-th decision of an iteration of depth `d` is evaluated at once (in 2048 that
//! is the board right after a move, before its spawn). `P(s)` is the product of the chance
//! probabilities from the root to `s`; a chance node that unlikely is evaluated instead of
//! expanded, as in nneonneo's 2048 AI (`CPROB_THRESH_BASE = 1e-4`), so the player's last
//! decision before the cutoff is still searched (in 2048 the leaf is the best board after a
//! move, not the board after a spawn). A cutoff of 0 turns this off.
//!
//! The search is anytime by iterative deepening: it completes depth 1, 2, ... (from
//! [`Config::first_depth`]) up to [`Config::max_depth`] and recommends the best root action of
//! the deepest completed iteration. Starting at the full depth skips the shallower iterations
//! (a quarter of the work at nneonneo's settings) when only the final answer matters.
//! It keeps its own stack of frames instead of recursing, so [`Search::step`] can stop after any
//! number of expansions and resume later (the page runs it in slices).
//!
//! With a key ([`Expectimax::with_key`]) it caches the values of expanded chance nodes (and of
//! players' nodes with [`Config::cache_player_nodes`]) with the remaining depth they were
//! searched to. In 2048 the chance nodes are the boards right after a move, where nneonneo caches
//! too; the players' nodes (boards after a spawn) are several times more numerous and seldom
//! recur, so caching them costs more time in probes and memory than it saves (measured: 2.3
//! times slower per search at nneonneo's settings). A cached value serves a later visit of the
//! same state that needs no more remaining depth than it was searched to
//! ([`Config::reuse_deeper`], as in nneonneo's table: in 2048 a board recurs at different depths,
//! since one spawned 4 holds as much as two spawned 2s), or, with that option off, only a visit
//! needing exactly that depth; then, without the probability cutoff, the cache changes the work
//! but not one value. With the cutoff a state's value depends a little on the path that reached
//! it (its probability), and the first path's value serves all, as in nneonneo's cache. The
//! cache stops growing when its estimated size reaches [`Limits::max_memory_bytes`]; the search
//! goes on without storing new states. [`Expectimax::restart`] searches from a new root with a
//! fresh cache, keeping the allocations (a player calls it once a move).
//!
//! Reference: Michie (1966) and Russell & Norvig, *AIMA* §5.5 (expectiminimax); nneonneo,
//! "2048-ai" (2014) for the probability cutoff and the cache.

use super::{Limit, Limits, NoObserver, Observer, Progress, Search, Stats, Visit};
use crate::game::{Game, Turn};
use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

/// What an [`Expectimax`] search may do.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Config {
    /// Deepest iteration, in player decisions from the root (at least 1).
    pub max_depth: u32,
    /// First iteration's depth (1 for a full iterative deepening; `max_depth` for one search to
    /// full depth, which saves the shallower iterations' work but answers only at the end).
    pub first_depth: u32,
    /// Chance nodes whose probability from the root is below this are evaluated, not expanded.
    pub min_probability: f64,
    /// Whether a cached value searched deeper than a visit needs serves it (else only a value
    /// searched to exactly the needed depth does).
    pub reuse_deeper: bool,
    /// Whether the cache holds players' nodes too, not only chance nodes.
    pub cache_player_nodes: bool,
    /// Expansion and memory limits over the whole search.
    pub limits: Limits,
}

impl Default for Config {
    /// Depth 3 by iterative deepening from 1, cutoff 1e-4, deeper cached values reused, chance
    /// nodes cached, default limits.
    fn default() -> Self {
        Config {
            max_depth: 3,
            first_depth: 1,
            min_probability: 1e-4,
            reuse_deeper: true,
            cache_player_nodes: false,
            limits: Limits::default(),
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kind {
    Max,
    Min,
    Chance,
}

/// An expanded state whose children are being searched.
struct Frame<G> {
    state: G,
    kind: Kind,
    /// Player decisions from the root.
    depth: u32,
    /// Actions and outcomes from the root.
    ply: u32,
    probability: f64,
    /// Its next child in its level's list ([`Level`]) and the list's length.
    next: usize,
    end: usize,
    /// Best value so far (player nodes) or weighted sum so far (chance nodes).
    value: f64,
    key: Option<u128>,
}

#[derive(Clone, Copy)]
struct Cached {
    value: f64,
    depth_left: u32,
}

/// A fast hasher for `u128` keys (SplitMix64's finaliser over both halves).
#[derive(Default)]
struct KeyHasher(u64);

fn mix(mut z: u64) -> u64 {
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

impl Hasher for KeyHasher {
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = mix(self.0 ^ u64::from(b));
        }
    }
    fn write_u128(&mut self, key: u128) {
        self.0 = mix(self.0 ^ key as u64 ^ mix((key >> 64) as u64));
    }
    fn finish(&self) -> u64 {
        self.0
    }
}

/// The children of the frame at one stack position: its legal actions (player nodes) or its
/// chance outcomes. Kept per position and reused, so listing children copies nothing.
struct Level<A> {
    actions: Vec<A>,
    outcomes: Vec<(A, f64)>,
}

/// Estimated bytes per cache entry, counting the hash table's spare room as it doubles.
const CACHE_ENTRY_BYTES: u64 = 80;

/// Expectimax over `G` with evaluation `E` and observer `O` (see the module docs).
pub struct Expectimax<G: Game, E, O = NoObserver> {
    root: G,
    eval: E,
    observer: O,
    config: Config,
    key: Option<fn(&G) -> u128>,
    /// Depth of the iteration in progress (or of the next one).
    depth: u32,
    frames: Vec<Frame<G>>,
    /// `levels[i]` lists the children of `frames[i]`.
    levels: Vec<Level<G::Action>>,
    /// Root children's values in the iteration in progress.
    root_values: Vec<f64>,
    /// Root actions with their values from the deepest completed iteration.
    completed: Vec<(G::Action, f64)>,
    completed_depth: u32,
    best: Option<(G::Action, f64)>,
    cache: HashMap<u128, Cached, BuildHasherDefault<KeyHasher>>,
    cache_hits: u64,
    stats: Stats,
    finished: Option<Progress>,
}

impl<G: Game, E: Fn(&G) -> f64> Expectimax<G, E> {
    /// A search from `root` (a player's node) that values cut-off states with `eval`.
    pub fn new(root: G, eval: E, config: Config) -> Self {
        Expectimax::with_observer(root, eval, config, NoObserver)
    }
}

impl<G: Game, E: Fn(&G) -> f64, O: Observer<G>> Expectimax<G, E, O> {
    /// [`Expectimax::new`] reporting expanded states (with their backed-up value, when they
    /// are complete) and evaluated states (with their evaluation) to `observer`.
    pub fn with_observer(root: G, eval: E, config: Config, observer: O) -> Self {
        Expectimax {
            root,
            eval,
            observer,
            config,
            key: None,
            depth: 1,
            frames: Vec::new(),
            levels: Vec::new(),
            root_values: Vec::new(),
            completed: Vec::new(),
            completed_depth: 0,
            best: None,
            cache: HashMap::default(),
            cache_hits: 0,
            stats: Stats::default(),
            finished: None,
        }
    }

    /// Caches state values under `key`, which must tell apart any two states whose values may
    /// differ at equal remaining depth (for 2048: [`crate::games::g2048::G2048::key`]).
    pub fn with_key(mut self, key: fn(&G) -> u128) -> Self {
        self.key = Some(key);
        self
    }

    /// Starts over from `root` with `config`: a fresh search with an empty cache and zeroed
    /// statistics, which keeps the evaluation, key, observer and the allocations (the cache's
    /// table among them), so a player can search every move with one object.
    pub fn restart(&mut self, root: G, config: Config) {
        self.root = root;
        self.config = config;
        self.depth = 1;
        self.frames.clear();
        self.root_values.clear();
        self.completed.clear();
        self.completed_depth = 0;
        self.best = None;
        self.cache.clear();
        self.cache_hits = 0;
        self.stats = Stats::default();
        self.finished = None;
    }

    /// The observer.
    pub fn observer(&self) -> &O {
        &self.observer
    }

    /// Depth of the deepest completed iteration (0 before the first completes).
    pub fn completed_depth(&self) -> u32 {
        self.completed_depth
    }

    /// Each root action with its value in the deepest completed iteration, in legal order.
    pub fn root_values(&self) -> &[(G::Action, f64)] {
        &self.completed
    }

    /// The value of the recommended action in the deepest completed iteration.
    pub fn best_value(&self) -> Option<f64> {
        self.best.map(|(_, v)| v)
    }

    /// How many visits the cache answered.
    pub fn cache_hits(&self) -> u64 {
        self.cache_hits
    }

    fn kind_of(turn: Turn) -> Kind {
        match turn {
            Turn::Player(0) => Kind::Max,
            Turn::Chance => Kind::Chance,
            _ => Kind::Min,
        }
    }

    /// Pushes a frame for `state`, listing its children. Counts one expansion.
    fn push(
        &mut self,
        state: G,
        turn: Turn,
        depth: u32,
        ply: u32,
        probability: f64,
        key: Option<u128>,
    ) {
        let kind = Self::kind_of(turn);
        let position = self.frames.len();
        if self.levels.len() == position {
            self.levels.push(Level {
                actions: Vec::new(),
                outcomes: Vec::new(),
            });
        }
        let level = &mut self.levels[position];
        let end = if kind == Kind::Chance {
            state.chance_outcomes(&mut level.outcomes);
            level.outcomes.len()
        } else {
            state.legal_actions(&mut level.actions);
            level.actions.len()
        };
        let value = match kind {
            Kind::Max => f64::NEG_INFINITY,
            Kind::Min => f64::INFINITY,
            Kind::Chance => 0.0,
        };
        self.frames.push(Frame {
            state,
            kind,
            depth,
            ply,
            probability,
            next: 0,
            end,
            value,
            key,
        });
        self.stats.expanded += 1;
        self.stats.max_frontier = self.stats.max_frontier.max(self.frames.len() as u64);
    }

    /// Folds a child's value into the top frame (its parent).
    fn fold(&mut self, value: f64) {
        let position = self.frames.len().wrapping_sub(1);
        let Some(frame) = self.frames.last_mut() else {
            return;
        };
        match frame.kind {
            Kind::Max => frame.value = frame.value.max(value),
            Kind::Min => frame.value = frame.value.min(value),
            Kind::Chance => {
                frame.value += self.levels[position].outcomes[frame.next - 1].1 * value;
            }
        }
        let is_root = position == 0;
        if is_root {
            self.root_values.push(value);
        }
    }

    /// Pops the finished top frame, caches it and folds its value into its parent.
    fn finish_top(&mut self) {
        let Some(frame) = self.frames.pop() else {
            return;
        };
        // A player's node with no legal action is valued like a leaf.
        let value = if frame.end == 0 {
            (self.eval)(&frame.state)
        } else {
            frame.value
        };
        self.observer.expanded(
            &frame.state,
            Visit {
                depth: frame.ply,
                value,
            },
        );
        if let Some(key) = frame.key {
            self.store(key, value, self.depth - frame.depth);
        }
        if self.frames.is_empty() {
            self.finish_iteration(&frame);
        } else {
            self.fold(value);
        }
    }

    fn store(&mut self, key: u128, value: f64, depth_left: u32) {
        let room = self.config.limits.max_memory_bytes / CACHE_ENTRY_BYTES;
        if (self.cache.len() as u64) < room || self.cache.contains_key(&key) {
            self.cache.insert(key, Cached { value, depth_left });
        }
    }

    fn finish_iteration(&mut self, root: &Frame<G>) {
        let actions = &self.levels[0].actions;
        debug_assert_eq!(actions.len(), self.root_values.len());
        self.completed = actions
            .iter()
            .copied()
            .zip(self.root_values.iter().copied())
            .collect();
        let better = |a: f64, b: f64| match root.kind {
            Kind::Min => a < b,
            _ => a > b,
        };
        self.best = None;
        for &(action, value) in &self.completed {
            if self.best.map_or(true, |(_, best)| better(value, best)) {
                self.best = Some((action, value));
            }
        }
        self.root_values.clear();
        self.completed_depth = self.depth;
        self.stats.iterations += 1;
        self.depth += 1;
        if self.depth > self.config.max_depth.max(1) {
            self.finished = Some(Progress::Solved);
        }
    }

    /// Generates the top frame's next child and either values it at once or, if `may_expand`,
    /// expands it; otherwise leaves it for later. Finishes the top frame when it has no child left.
    fn advance(&mut self, may_expand: bool) -> Advance {
        let position = self.frames.len().wrapping_sub(1);
        let Some(frame) = self.frames.last_mut() else {
            return Advance::Valued;
        };
        if frame.next == frame.end {
            self.finish_top();
            return Advance::Valued;
        }
        let level = &self.levels[position];
        let (action, weight) = if frame.kind == Kind::Chance {
            level.outcomes[frame.next]
        } else {
            (level.actions[frame.next], 1.0)
        };
        let mut child = frame.state.clone();
        child.apply(action);
        let depth = frame.depth + u32::from(frame.kind != Kind::Chance);
        let ply = frame.ply + 1;
        let probability = frame.probability * weight;
        self.stats.max_depth = self.stats.max_depth.max(ply);
        let turn = child.turn();
        let unlikely = turn == Turn::Chance && probability < self.config.min_probability;
        if depth >= self.depth || unlikely || turn == Turn::Terminal {
            frame.next += 1;
            self.stats.generated += 1;
            let value = (self.eval)(&child);
            self.observer.generated(&child, Visit { depth: ply, value });
            self.fold(value);
            return Advance::Valued;
        }
        let cached = turn == Turn::Chance || self.config.cache_player_nodes;
        let key = self.key.filter(|_| cached).map(|key| key(&child));
        if let Some(key) = key {
            if let Some(hit) = self.cache.get(&key) {
                let needed = self.depth - depth;
                let serves = if self.config.reuse_deeper {
                    hit.depth_left >= needed
                } else {
                    hit.depth_left == needed
                };
                if serves {
                    let value = hit.value;
                    frame.next += 1;
                    self.stats.generated += 1;
                    self.cache_hits += 1;
                    self.fold(value);
                    return Advance::Valued;
                }
            }
        }
        if !may_expand {
            return Advance::Blocked;
        }
        frame.next += 1;
        self.stats.generated += 1;
        self.push(child, turn, depth, ply, probability, key);
        Advance::Expanded
    }
}

/// What one call of [`Expectimax::advance`] did.
enum Advance {
    /// A child was valued (evaluated or found in the cache), or a frame finished.
    Valued,
    /// A child was expanded.
    Expanded,
    /// The next child needs an expansion and none was allowed.
    Blocked,
}

impl<G: Game, E: Fn(&G) -> f64, O: Observer<G>> Search<G> for Expectimax<G, E, O> {
    /// Runs until the next state to expand would pass `budget` expansions in this call, the
    /// deepest iteration completes ([`Progress::Solved`]), or a limit is hit. Evaluated and
    /// cached states cost nothing, so a budget of 1 completes a depth-1 iteration. A root that
    /// is not a player's node gives [`Progress::Exhausted`]: there is no decision to make.
    fn step(&mut self, budget: u64) -> Progress {
        if let Some(progress) = self.finished {
            return progress;
        }
        let mut spent = 0;
        loop {
            if self.frames.is_empty() {
                if !matches!(self.root.turn(), Turn::Player(_)) {
                    self.finished = Some(Progress::Exhausted);
                    return Progress::Exhausted;
                }
                if spent >= budget {
                    return Progress::Running;
                }
                if self.stats.expanded >= self.config.limits.max_nodes {
                    let progress = Progress::LimitReached(Limit::Nodes);
                    self.finished = Some(progress);
                    return progress;
                }
                if self.stats.iterations == 0 {
                    let max = self.config.max_depth.max(1);
                    self.depth = self.config.first_depth.clamp(1, max);
                }
                let root = self.root.clone();
                let turn = root.turn();
                self.push(root, turn, 0, 0, 1.0, None);
                spent += 1;
                continue;
            }
            let under_limit = self.stats.expanded < self.config.limits.max_nodes;
            match self.advance(spent < budget && under_limit) {
                Advance::Expanded => spent += 1,
                Advance::Blocked if under_limit => return Progress::Running,
                Advance::Blocked => {
                    let progress = Progress::LimitReached(Limit::Nodes);
                    self.finished = Some(progress);
                    return progress;
                }
                Advance::Valued => {}
            }
            if let Some(progress) = self.finished {
                return progress;
            }
        }
    }

    fn best_action(&self) -> Option<G::Action> {
        self.best.map(|(action, _)| action)
    }

    /// The recommended root action alone: past it, a chance node has no single line of play.
    fn principal_variation(&self) -> Vec<G::Action> {
        self.best_action().into_iter().collect()
    }

    fn stats(&self) -> Stats {
        let mut stats = self.stats;
        stats.stored = (self.frames.len() + self.cache.len()) as u64;
        stats
    }
}
