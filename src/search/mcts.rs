//! Monte Carlo tree search with UCT, open loop, for any [`Game`]: one-player (GVGAI Bait),
//! two-player zero-sum (Othello) and games with chance (2048).
//!
//! Each iteration copies the root state and walks the tree, replaying the actions of the path on
//! the copy (nodes store no states). Chance outcomes met on the way are drawn by their
//! probabilities with the search's RNG. By default (*open loop*) they are drawn afresh in every
//! iteration and are not part of the tree: the tree is over player actions and its statistics
//! average over chance. With [`MctsConfig::chance_nodes`] (*closed loop*) each outcome drawn gets
//! its own child, found again whenever it is drawn again, so every node stands for one state and
//! the actions below an outcome are chosen knowing it. The four phases:
//!
//! 1. **Selection.** At a node whose legal actions in this iteration's state all have children,
//!    take the child maximising
//!    `uct = Qnorm + K·sqrt(ln(N_parent + 1) / (n_child + ε))`, where `Q = total / (n_child + ε)`
//!    and, when normalising, `Qnorm = (Q − min) / (max − min)` with the *parent's* bounds of
//!    backed-up values if `min < max`, else `Q`. Ties are broken with GVGAI's noise
//!    `(uct + ε)·(1 + ε·(r − 0.5))`, `r` uniform in [0, 1), `ε = 1e-6`.
//! 2. **Expansion.** Otherwise add one child for an untried legal action drawn uniformly (closed
//!    loop, at a chance node: the child of the outcome drawn, added if new). The tree stops at
//!    `max_tree_depth` (counted in player actions) and at terminal states.
//! 3. **Rollout.** Uniformly random legal actions until [`Rollout`] says stop or the game ends;
//!    then the value function gives one reward per player (minus its value at the root when
//!    `reward_from_root`).
//! 4. **Backup.** Every node on the path gets one visit and adds the reward of the player who
//!    chose it (the player to move at its parent; for an outcome, the last player to choose
//!    above it), so one rule serves one and two players; each node also widens its bounds
//!    `[min, max]` with the reward of the player to move at it, the perspective of its children.
//!
//! The move is the most-visited root child (ties: higher mean, then lower action index) or the
//! best mean ([`FinalChoice`]). Presets: [`MctsConfig::gvgai_sample_mcts`] (the default),
//! [`MctsConfig::zero_sum`], [`MctsConfig::course_2048`].
//!
//! The tree is a flat arena: a `Vec` of nodes linked by `u32` first-child / next-sibling indices
//! and holding the action's dense index. Siblings are linked rather than stored in one block
//! because, open loop, a node's legal actions can change between iterations (after chance), so
//! its children are not known when it is created; each iteration adds at most one node, as in
//! GVGAI. Memory is counted from the arena's capacity; [`Limits`] caps nodes and bytes.
//!
//! References: Kocsis & Szepesvári, *Bandit based Monte-Carlo planning*, ECML 2006; Browne et
//! al., *A survey of Monte Carlo tree search methods*, IEEE TCIAIG 2012; GVGAI's
//! `tracks.singlePlayer.advanced.sampleMCTS` (see `shared/bait/RULES.md` §6).

use super::anytime::{
    mover, resolve_chance, returns_value, InvalidConfig, RootActionStat, ValueFn,
};
use super::{Limit, Limits, NoObserver, Observer, Progress, Search, Stats, Visit};
use crate::game::{Game, Turn};
use crate::rng::Rng;
use serde::Serialize;

/// GVGAI's tie-break and divide-by-zero guard.
const EPSILON: f64 = 1e-6;

/// Most moves of a [`Rollout::ToTerminal`] rollout: a guard against games that never end.
pub const TERMINAL_ROLLOUT_CAP: u32 = 100_000;

/// Where a rollout stops (it always stops at the end of the game).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case", tag = "kind", content = "depth")]
pub enum Rollout {
    /// At the end of the game (at most [`TERMINAL_ROLLOUT_CAP`] moves).
    ToTerminal,
    /// When the state is this many player actions from the root: GVGAI's `ROLLOUT_DEPTH`, so a
    /// rollout from a node at depth `d` plays `depth − d` moves.
    UntilDepth(u32),
    /// After this many player actions from the leaf.
    Moves(u32),
}

/// How the root's move is chosen.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum FinalChoice {
    /// Most visits; ties go to the higher mean, then to the lower action index.
    MostVisited,
    /// Highest mean reward; ties go to more visits, then to the lower action index.
    BestMean,
}

/// Parameters of [`Mcts`]. The default is [`MctsConfig::gvgai_sample_mcts`].
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct MctsConfig {
    /// UCT's exploration constant K (finite, at least 0).
    pub exploration: f64,
    /// Deepest tree node, in player actions from the root (`None`: no limit; at least 1).
    pub max_tree_depth: Option<u32>,
    /// Where rollouts stop.
    pub rollout: Rollout,
    /// Normalise child means by the parent's bounds before adding the exploration term.
    pub normalise: bool,
    /// How the move is chosen.
    pub final_choice: FinalChoice,
    /// Rewards are the value at the end minus the value at the root the search was created
    /// with (for 2048: the score gained during the playout).
    pub reward_from_root: bool,
    /// Chance outcomes met in the tree are tree nodes: each outcome drawn gets its own child,
    /// so every node below it stands for one state (closed loop). Otherwise outcomes are drawn
    /// afresh in every iteration and the tree is over player actions only (open loop).
    pub chance_nodes: bool,
    /// Caps on tree nodes stored and on the arena's bytes.
    pub limits: Limits,
}

impl MctsConfig {
    /// GVGAI's sampleMCTS: `ROLLOUT_DEPTH = 10` as tree depth limit and rollout horizon,
    /// K = √2, parent-bounds normalisation, most-visited move. Pass the value
    /// `score ± 1e7` (won/lost) to match it.
    pub fn gvgai_sample_mcts() -> Self {
        MctsConfig {
            exploration: std::f64::consts::SQRT_2,
            max_tree_depth: Some(10),
            rollout: Rollout::UntilDepth(10),
            normalise: true,
            final_choice: FinalChoice::MostVisited,
            reward_from_root: false,
            chance_nodes: false,
            limits: Limits::default(),
        }
    }

    /// Two-player zero-sum games (Othello): unbounded tree, rollouts to the end scored by
    /// `returns`, K = √2 on normalised means, most-visited move.
    pub fn zero_sum() -> Self {
        MctsConfig {
            max_tree_depth: None,
            rollout: Rollout::ToTerminal,
            ..Self::gvgai_sample_mcts()
        }
    }

    /// The course's 2048 agent: rollouts to the end of the game, reward = score gained during
    /// the playout, UCT on normalised means, move = best mean.
    pub fn course_2048() -> Self {
        MctsConfig {
            max_tree_depth: None,
            rollout: Rollout::ToTerminal,
            final_choice: FinalChoice::BestMean,
            reward_from_root: true,
            ..Self::gvgai_sample_mcts()
        }
    }

    fn validate(&self) -> Result<(), InvalidConfig> {
        if !(self.exploration.is_finite() && self.exploration >= 0.0) {
            return Err(InvalidConfig {
                field: "exploration",
                reason: "must be a finite number at least 0",
            });
        }
        if self.max_tree_depth == Some(0) {
            return Err(InvalidConfig {
                field: "max_tree_depth",
                reason: "must be at least 1 (or none)",
            });
        }
        Ok(())
    }
}

impl Default for MctsConfig {
    fn default() -> Self {
        Self::gvgai_sample_mcts()
    }
}

/// "No node" in the arena's links.
const NONE: u32 = u32::MAX;

/// The root's slot in the arena.
const ROOT: u32 = 0;

/// One tree node: the edge from its parent (the action) and the statistics below it.
#[derive(Clone, Copy, Debug)]
struct Node {
    first_child: u32,
    next_sibling: u32,
    /// Dense index of the action that leads here from the parent.
    action: u32,
    visits: u64,
    /// Sum of rewards of the player to move at the parent.
    total: f64,
    /// Smallest and largest reward of the player to move here.
    min: f64,
    max: f64,
}

impl Node {
    fn new(action: u32, next_sibling: u32) -> Self {
        Node {
            first_child: NONE,
            next_sibling,
            action,
            visits: 0,
            total: 0.0,
            min: f64::INFINITY,
            max: f64::NEG_INFINITY,
        }
    }

    fn mean(&self) -> f64 {
        if self.visits == 0 {
            0.0
        } else {
            self.total / self.visits as f64
        }
    }
}

/// UCT's score of a child before tie-break noise.
fn uct_score(child: &Node, parent: &Node, exploration: f64, normalise: bool) -> f64 {
    let q = child.total / (child.visits as f64 + EPSILON);
    let q = if normalise && parent.min < parent.max {
        (q - parent.min) / (parent.max - parent.min)
    } else {
        q
    };
    let n_parent = parent.visits as f64 + 1.0;
    q + exploration * (n_parent.ln() / (child.visits as f64 + EPSILON)).sqrt()
}

/// An anytime, resumable MCTS over `G`, scoring playouts with `V` (`value(state, player)`).
pub struct Mcts<G: Game, V = ValueFn<G>> {
    config: MctsConfig,
    root: G,
    value: V,
    rng: Rng,
    nodes: Vec<Node>,
    /// Each player's value at the creation root (zeros unless `reward_from_root`).
    baseline: Vec<f64>,
    /// Most nodes the limits allow, and which limit that is.
    capacity: usize,
    binding_limit: Limit,
    /// Set once stepping can do nothing more.
    finished: Option<Progress>,
    stats: Stats,
    // Scratch reused by every iteration.
    path: Vec<u32>,
    movers: Vec<Option<usize>>,
    rewards: Vec<f64>,
    legal: Vec<G::Action>,
    untried: Vec<G::Action>,
    child_of_action: Vec<u32>,
    outcomes: Vec<(G::Action, f64)>,
}

impl<G: Game> Mcts<G> {
    /// A search from `root` whose value function is [`returns_value`].
    pub fn with_returns(root: G, config: MctsConfig, seed: u64) -> Result<Self, InvalidConfig> {
        Mcts::new(root, config, seed, returns_value::<G>)
    }
}

impl<G: Game, V: Fn(&G, usize) -> f64> Mcts<G, V> {
    /// A search from `root`, with every random choice drawn from `Rng::new(seed)`.
    /// `value(state, player)` scores the state where a rollout ends, for `player`.
    /// A root that is not a player's turn gives [`Progress::Exhausted`] and no action.
    pub fn new(root: G, config: MctsConfig, seed: u64, value: V) -> Result<Self, InvalidConfig> {
        config.validate()?;
        let node_size = std::mem::size_of::<Node>() as u64;
        let by_memory = config.limits.max_memory_bytes / node_size;
        let (cap, binding_limit) = if config.limits.max_nodes <= by_memory {
            (config.limits.max_nodes, Limit::Nodes)
        } else {
            (by_memory, Limit::Memory)
        };
        let baseline = (0..G::NUM_PLAYERS)
            .map(|player| {
                if config.reward_from_root {
                    value(&root, player)
                } else {
                    0.0
                }
            })
            .collect();
        let mut search = Mcts {
            config,
            root,
            value,
            rng: Rng::new(seed),
            nodes: Vec::new(),
            baseline,
            capacity: cap.min(u64::from(NONE)).try_into().unwrap_or(usize::MAX),
            binding_limit,
            finished: None,
            stats: Stats::default(),
            path: Vec::new(),
            movers: Vec::new(),
            rewards: vec![0.0; G::NUM_PLAYERS],
            legal: Vec::new(),
            untried: Vec::new(),
            child_of_action: vec![NONE; G::NUM_DISTINCT_ACTIONS as usize],
            outcomes: Vec::new(),
        };
        search.plant_root();
        Ok(search)
    }

    /// Starts a one-node tree at the current root, or marks the search finished.
    fn plant_root(&mut self) {
        self.nodes.clear();
        self.finished = None;
        if mover(self.root.turn()).is_none() {
            self.finished = Some(Progress::Exhausted);
        } else if self.capacity == 0 {
            self.finished = Some(Progress::LimitReached(self.binding_limit));
        } else {
            self.push_node(Node::new(NONE, NONE));
        }
        self.stats.stored = self.nodes.len() as u64;
    }

    /// Appends a node, growing the arena no further than the limits allow. The caller has
    /// checked that there is room.
    fn push_node(&mut self, node: Node) -> u32 {
        if self.nodes.len() == self.nodes.capacity() {
            let grow = self
                .nodes
                .capacity()
                .max(64)
                .min(self.capacity - self.nodes.len());
            self.nodes.reserve_exact(grow);
        }
        self.nodes.push(node);
        (self.nodes.len() - 1) as u32
    }

    /// Like [`Search::step`], reporting to `observer` each tree node the walk leaves
    /// (`expanded`, with the node's mean) and each node it adds (`generated`, value 0).
    pub fn step_observed<O: Observer<G>>(&mut self, budget: u64, observer: &mut O) -> Progress {
        if let Some(progress) = self.finished {
            return progress;
        }
        for _ in 0..budget {
            if self.nodes.len() >= self.capacity {
                let progress = Progress::LimitReached(self.binding_limit);
                self.finished = Some(progress);
                return progress;
            }
            self.iterate(observer);
        }
        Progress::Running
    }

    /// One playout: selection and expansion, rollout, backup.
    fn iterate<O: Observer<G>>(&mut self, observer: &mut O) {
        let mut state = self.root.clone();
        self.path.clear();
        self.movers.clear();
        let mut node = ROOT;
        let mut depth = 0u32;
        let mut grew = false;
        loop {
            let player = mover(state.turn());
            self.path.push(node);
            self.movers.push(player);
            let at_depth_limit = self.config.max_tree_depth.is_some_and(|d| depth >= d);
            if grew || at_depth_limit {
                break;
            }
            if player.is_none() {
                if !(self.config.chance_nodes && state.turn() == Turn::Chance) {
                    break;
                }
                let Some(drawn) = state.sample_chance(self.rng.next_f64(), &mut self.outcomes)
                else {
                    break;
                };
                state.apply(drawn);
                self.stats.generated += 1;
                (node, grew) = self.outcome_child(node, G::action_index(drawn));
                if grew {
                    observer.generated(&state, Visit { depth, value: 0.0 });
                }
                continue;
            }
            state.legal_actions(&mut self.legal);
            if self.legal.is_empty() {
                break;
            }
            let visit = Visit {
                depth,
                value: self.nodes[node as usize].mean(),
            };
            observer.expanded(&state, visit);
            let (child, action, created) = self.select_or_expand(node);
            state.apply(action);
            self.stats.expanded += 1;
            self.stats.generated += 1;
            if !self.config.chance_nodes {
                self.stats.generated +=
                    resolve_chance(&mut state, &mut self.rng, &mut self.outcomes);
            }
            depth += 1;
            node = child;
            grew = created;
            if created {
                observer.generated(&state, Visit { depth, value: 0.0 });
            }
        }
        self.stats.max_depth = self.stats.max_depth.max(depth);
        self.roll_out(&mut state, depth);
        for player in 0..G::NUM_PLAYERS {
            self.rewards[player] = (self.value)(&state, player) - self.baseline[player];
        }
        self.back_up();
        self.stats.iterations += 1;
        self.stats.stored = self.nodes.len() as u64;
    }

    /// At `node`, whose state's legal actions are in `self.legal`: adds a child for a random
    /// untried action, or picks a child by UCT. Returns the child, its action, and whether it
    /// is new.
    fn select_or_expand(&mut self, node: u32) -> (u32, G::Action, bool) {
        let mut child = self.nodes[node as usize].first_child;
        while child != NONE {
            let linked = &self.nodes[child as usize];
            self.child_of_action[linked.action as usize] = child;
            child = linked.next_sibling;
        }
        self.untried.clear();
        for &action in &self.legal {
            if self.child_of_action[G::action_index(action) as usize] == NONE {
                self.untried.push(action);
            }
        }
        let chosen = if self.untried.is_empty() {
            let parent = self.nodes[node as usize];
            let mut best: Option<(u32, G::Action, f64)> = None;
            for &action in &self.legal {
                let child = self.child_of_action[G::action_index(action) as usize];
                let score = uct_score(
                    &self.nodes[child as usize],
                    &parent,
                    self.config.exploration,
                    self.config.normalise,
                );
                let noisy = (score + EPSILON) * (1.0 + EPSILON * (self.rng.next_f64() - 0.5));
                if best.map_or(true, |(_, _, top)| noisy > top) {
                    best = Some((child, action, noisy));
                }
            }
            best.map(|(child, action, _)| (child, action, false))
        } else {
            None
        };
        let chosen = chosen.unwrap_or_else(|| {
            let action = self.untried[self.rng.index(self.untried.len())];
            let sibling = self.nodes[node as usize].first_child;
            let child = self.push_node(Node::new(G::action_index(action), sibling));
            self.nodes[node as usize].first_child = child;
            (child, action, true)
        });
        let mut child = self.nodes[node as usize].first_child;
        while child != NONE {
            let linked = &self.nodes[child as usize];
            self.child_of_action[linked.action as usize] = NONE;
            child = linked.next_sibling;
        }
        chosen
    }

    /// The child of chance node `node` for the outcome with dense index `outcome`, added if
    /// missing; and whether it is new.
    fn outcome_child(&mut self, node: u32, outcome: u32) -> (u32, bool) {
        let child = self.child_with_action(node, outcome);
        if child != NONE {
            return (child, false);
        }
        let sibling = self.nodes[node as usize].first_child;
        let child = self.push_node(Node::new(outcome, sibling));
        self.nodes[node as usize].first_child = child;
        (child, true)
    }

    /// The child of `node` reached by the action with dense index `index`, or `NONE`.
    fn child_with_action(&self, node: u32, index: u32) -> u32 {
        let mut child = match self.nodes.get(node as usize) {
            Some(parent) => parent.first_child,
            None => return NONE,
        };
        while child != NONE && self.nodes[child as usize].action != index {
            child = self.nodes[child as usize].next_sibling;
        }
        child
    }

    /// Plays uniformly random legal actions from `state`, `depth` player actions below the root
    /// (first drawing any chance outcome pending there).
    fn roll_out(&mut self, state: &mut G, mut depth: u32) {
        self.stats.generated += resolve_chance(state, &mut self.rng, &mut self.outcomes);
        let mut moves = 0u32;
        while mover(state.turn()).is_some() {
            let done = match self.config.rollout {
                Rollout::ToTerminal => moves >= TERMINAL_ROLLOUT_CAP,
                Rollout::UntilDepth(horizon) => depth >= horizon,
                Rollout::Moves(count) => moves >= count,
            };
            if done {
                break;
            }
            state.legal_actions(&mut self.legal);
            if self.legal.is_empty() {
                break;
            }
            let action = self.legal[self.rng.index(self.legal.len())];
            state.apply(action);
            self.stats.generated += 1 + resolve_chance(state, &mut self.rng, &mut self.outcomes);
            depth += 1;
            moves += 1;
        }
    }

    /// Adds this iteration's rewards along the path (see the module doc).
    fn back_up(&mut self) {
        let mut chooser = self.movers[0];
        for (i, &index) in self.path.iter().enumerate() {
            if i > 0 {
                chooser = self.movers[i - 1].or(chooser);
            }
            let node = &mut self.nodes[index as usize];
            node.visits += 1;
            node.total += self.rewards[chooser.unwrap_or(0)];
            if let Some(player) = self.movers[i] {
                let reward = self.rewards[player];
                node.min = node.min.min(reward);
                node.max = node.max.max(reward);
            }
        }
    }

    /// The child of `node` preferred by `rule`, if it has children.
    fn preferred_child(&self, node: u32, rule: FinalChoice) -> Option<u32> {
        let mut best: Option<u32> = None;
        let mut child = self.nodes.get(node as usize)?.first_child;
        while child != NONE {
            let candidate = &self.nodes[child as usize];
            let better = best.map_or(true, |top| {
                let top = &self.nodes[top as usize];
                let by_visits = candidate.visits.cmp(&top.visits);
                let by_mean = candidate.mean().total_cmp(&top.mean());
                let (first, second) = match rule {
                    FinalChoice::MostVisited => (by_visits, by_mean),
                    FinalChoice::BestMean => (by_mean, by_visits),
                };
                first
                    .then(second)
                    .then(top.action.cmp(&candidate.action))
                    .is_gt()
            });
            if better {
                best = Some(child);
            }
            child = candidate.next_sibling;
        }
        best
    }

    /// For each root action tried so far, in action-index order: its index, visits and mean
    /// reward for the root player.
    pub fn root_action_stats(&self) -> Vec<RootActionStat> {
        let mut stats = Vec::new();
        if let Some(root) = self.nodes.first() {
            let mut child = root.first_child;
            while child != NONE {
                let node = &self.nodes[child as usize];
                stats.push(RootActionStat {
                    index: node.action,
                    visits: node.visits,
                    value: node.mean(),
                });
                child = node.next_sibling;
            }
        }
        stats.sort_by_key(|stat| stat.index);
        stats
    }

    /// Bytes held by the tree arena (its capacity times the node size).
    pub fn memory_bytes(&self) -> u64 {
        (self.nodes.capacity() * std::mem::size_of::<Node>()) as u64
    }

    /// The state the search is rooted at.
    pub fn root(&self) -> &G {
        &self.root
    }

    /// Moves the root along `line`, the move played followed by the chance outcomes drawn after
    /// it, keeping the subtree found there (compacted into a fresh arena) and its statistics.
    /// With [`MctsConfig::chance_nodes`] the outcomes lead down the tree; open loop, only the
    /// move does. `new_root` is the state reached. Counters restart from zero (`stored` counts
    /// the kept nodes); the reward baseline stays the one of the creation root, so kept and new
    /// rewards agree. A line leaving the tree starts a fresh one. While copying, old and new
    /// arenas coexist.
    pub fn advance_root(&mut self, line: &[G::Action], new_root: G) {
        let steps = if self.config.chance_nodes {
            line.len()
        } else {
            line.len().min(1)
        };
        let mut kept = if line.is_empty() { NONE } else { ROOT };
        for &action in &line[..steps] {
            kept = self.child_with_action(kept, G::action_index(action));
        }
        self.root = new_root;
        self.stats = Stats::default();
        if kept == NONE || mover(self.root.turn()).is_none() {
            self.plant_root();
            return;
        }
        let mut arena: Vec<Node> = Vec::new();
        let mut old_of_new = vec![kept];
        arena.push(Node {
            first_child: NONE,
            next_sibling: NONE,
            ..self.nodes[kept as usize]
        });
        let mut next = 0;
        while next < arena.len() {
            let mut previous = NONE;
            let mut old = self.nodes[old_of_new[next] as usize].first_child;
            while old != NONE {
                let copied = arena.len() as u32;
                arena.push(Node {
                    first_child: NONE,
                    next_sibling: NONE,
                    ..self.nodes[old as usize]
                });
                old_of_new.push(old);
                if previous == NONE {
                    arena[next].first_child = copied;
                } else {
                    arena[previous as usize].next_sibling = copied;
                }
                previous = copied;
                old = self.nodes[old as usize].next_sibling;
            }
            next += 1;
        }
        arena.shrink_to_fit();
        self.nodes = arena;
        self.finished = None;
        self.stats.stored = self.nodes.len() as u64;
    }
}

impl<G: Game, V: Fn(&G, usize) -> f64> Search<G> for Mcts<G, V> {
    /// Runs at most `budget` playouts. Returns [`Progress::LimitReached`] once the tree is full
    /// (the search then stops but still answers), [`Progress::Exhausted`] if the root is not a
    /// player's turn, else [`Progress::Running`].
    fn step(&mut self, budget: u64) -> Progress {
        self.step_observed(budget, &mut NoObserver)
    }

    fn best_action(&self) -> Option<G::Action> {
        let child = self.preferred_child(ROOT, self.config.final_choice)?;
        G::action_from_index(self.nodes[child as usize].action)
    }

    /// The move, then the most-visited child at each level below: player actions only (with
    /// [`MctsConfig::chance_nodes`], the line goes on below the most-visited outcome).
    fn principal_variation(&self) -> Vec<G::Action> {
        let mut line = Vec::new();
        let mut state = self.root.clone();
        let mut rule = self.config.final_choice;
        let mut node = ROOT;
        while let Some(child) = self.preferred_child(node, rule) {
            let Some(action) = G::action_from_index(self.nodes[child as usize].action) else {
                break;
            };
            if state.turn() != Turn::Chance {
                line.push(action);
                rule = FinalChoice::MostVisited;
            }
            state.apply(action);
            node = child;
        }
        line
    }

    /// `iterations`: playouts; `expanded`: tree nodes the walks left (selected or expanded
    /// from); `generated`: forward-model calls (tree, chance and rollout); `max_depth`: deepest
    /// tree node; `stored`: tree nodes. `max_frontier` is unused (0).
    fn stats(&self) -> Stats {
        self.stats
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn node(total: f64, visits: u64, min: f64, max: f64) -> Node {
        Node {
            total,
            visits,
            min,
            max,
            ..Node::new(0, NONE)
        }
    }

    #[test]
    fn uct_normalises_the_mean_by_the_parent_bounds() {
        let parent = node(0.0, 5, 0.0, 4.0);
        let child = node(3.0, 2, 100.0, 100.0);
        // Q = 3/2 = 1.5, normalised 0.375; sqrt(2)·sqrt(ln 6 / 2) = 1.338566.
        let score = uct_score(&child, &parent, std::f64::consts::SQRT_2, true);
        assert!((score - 1.713566).abs() < 1e-5, "{score}");
    }

    #[test]
    fn uct_keeps_the_raw_mean_when_bounds_are_empty_or_off() {
        let parent = node(0.0, 5, 2.0, 2.0);
        let child = node(3.0, 2, 0.0, 0.0);
        let score = uct_score(&child, &parent, 0.0, true);
        assert!((score - 1.5).abs() < 1e-5, "{score}");
        let parent = node(0.0, 5, 0.0, 4.0);
        let score = uct_score(&child, &parent, 0.0, false);
        assert!((score - 1.5).abs() < 1e-5, "{score}");
    }
}
