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
//! The move is the most-visited root child (ties: higher mean, then a random order of the
//! actions drawn from the seed, [`TieOrder`]; GVGAI breaks them at random too) or the best mean
//! ([`FinalChoice`]). Presets: [`MctsConfig::gvgai_sample_mcts`] (the default),
//! [`MctsConfig::zero_sum`], [`MctsConfig::course_2048`].
//!
//! The tree is a flat arena: a `Vec` of nodes linked by `u32` first-child / next-sibling indices
//! and holding the action's dense index. Siblings are linked rather than stored in one block
//! because, open loop, a node's legal actions can change between iterations (after chance), so
//! its children are not known when it is created; each iteration adds at most one node, as in
//! GVGAI. Memory is counted from the arena's capacity; [`Limits`](super::Limits) caps nodes
//! and bytes.
//!
//! References: Kocsis & Szepesvári, *Bandit based Monte-Carlo planning*, ECML 2006; Browne et
//! al., *A survey of Monte Carlo tree search methods*, IEEE TCIAIG 2012; GVGAI's
//! `tracks.singlePlayer.advanced.sampleMCTS` (see `shared/bait/RULES.md` §6).
//!
//! Files: `config.rs` (the parameters and presets), `tree.rs` (the arena), `playout.rs` (one
//! iteration: selection by UCT, expansion, rollout, backup) and this one (the resumable search).

mod config;
mod playout;
mod simulation;
mod ties;
mod tree;
mod walk;

pub use config::{FinalChoice, MctsConfig, Rollout, TERMINAL_ROLLOUT_CAP};
pub use playout::uct;
pub use simulation::Simulation;
pub use ties::{ChildStats, TieOrder};
pub use walk::{NodeStat, Walk};

use super::anytime::{mover, returns_value, InvalidConfig, RootActionStat, ValueFn};
use super::{Branch, Line, NoObserver, Observer, Progress, Search, Stats};
use crate::game::{Game, Turn};
use crate::rng::Rng;
use tree::{Tree, NONE, ROOT};

/// An anytime, resumable MCTS over `G`, scoring playouts with `V` (`value(state, player)`, or
/// any [`Simulation`]) and reporting its tree walks to `O`.
pub struct Mcts<G: Game, V = ValueFn<G>, O = NoObserver> {
    config: MctsConfig,
    root: G,
    value: V,
    observer: O,
    rng: Rng,
    tree: Tree,
    /// Each player's value at the creation root (zeros unless `reward_from_root`).
    baseline: Vec<f64>,
    /// Set once stepping can do nothing more.
    finished: Option<Progress>,
    /// Counts the trees planted or re-rooted, so a kept [`Line`] can tell it is of this tree.
    epoch: u64,
    stats: Stats,
    // Scratch reused by every iteration.
    path: Vec<u32>,
    movers: Vec<Option<usize>>,
    rewards: Vec<f64>,
    /// The reward backed up into each node of the path.
    credited: Vec<f64>,
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

impl<G: Game, V: Simulation<G>> Mcts<G, V> {
    /// A search from `root`, with every random choice drawn from `Rng::new(seed)`.
    /// `value(state, player)` scores the state where a rollout ends, for `player`.
    /// A root that is not a player's turn gives [`Progress::Exhausted`] and no action.
    /// `value` may be any [`Simulation`], which also steps states and picks rollout moves.
    pub fn new(root: G, config: MctsConfig, seed: u64, value: V) -> Result<Self, InvalidConfig> {
        Mcts::with_observer(root, config, seed, value, NoObserver)
    }
}

impl<G: Game, V: Simulation<G>, O: Observer<G>> Mcts<G, V, O> {
    /// [`Mcts::new`] reporting to `observer` each tree node a walk leaves (`expanded`, with the
    /// node's mean) and each node it adds (`generated`, value 0).
    pub fn with_observer(
        root: G,
        config: MctsConfig,
        seed: u64,
        mut value: V,
        observer: O,
    ) -> Result<Self, InvalidConfig> {
        config.validate()?;
        let baseline = (0..G::NUM_PLAYERS)
            .map(|player| {
                if config.reward_from_root {
                    value.value(&root, player)
                } else {
                    0.0
                }
            })
            .collect();
        let mut search = Mcts {
            config,
            root,
            value,
            observer,
            rng: Rng::new(seed),
            tree: Tree::new(&config.limits, TieOrder::from_seed(seed)),
            baseline,
            finished: None,
            epoch: 0,
            stats: Stats::default(),
            path: Vec::new(),
            movers: Vec::new(),
            rewards: vec![0.0; G::NUM_PLAYERS],
            credited: Vec::new(),
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
        self.epoch += 1;
        self.tree.clear();
        self.finished = None;
        if mover(self.root.turn()).is_none() {
            self.finished = Some(Progress::Exhausted);
        } else if let Err(limit) = self.tree.plant_root() {
            self.finished = Some(Progress::LimitReached(limit));
        }
        self.stats.stored = self.tree.len() as u64;
    }

    /// The value function or [`Simulation`].
    pub fn simulation(&self) -> &V {
        &self.value
    }

    /// The observer.
    pub fn observer(&self) -> &O {
        &self.observer
    }

    /// Bytes held by the tree arena (its capacity times the node size).
    pub fn memory_bytes(&self) -> u64 {
        self.tree.memory_bytes()
    }

    /// The state the search is rooted at.
    pub fn root(&self) -> &G {
        &self.root
    }

    /// Every tree node in creation order (slot order, the root first): the line of action
    /// indices from the root, visits and mean. For tests and views that check a rebuilt tree.
    pub fn node_stats(&self) -> Vec<NodeStat> {
        walk::node_stats(&self.tree)
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
            kept = self.tree.child_with_action(kept, G::action_index(action));
        }
        self.root = new_root;
        self.stats = Stats::default();
        if kept == NONE || mover(self.root.turn()).is_none() {
            self.plant_root();
            return;
        }
        self.tree.keep_subtree(kept);
        self.epoch += 1;
        self.finished = None;
        self.stats.stored = self.tree.len() as u64;
    }

    /// For a `line` written one iteration ago (a path of nodes): how many of its nodes the
    /// last walk followed from the root, and whether no preferred child on it changed (the
    /// walk left it at a child that does not overtake the line's there, or ended on it).
    fn where_walk_left(&self, line: &Line<G::Action>) -> (usize, bool) {
        // path[0] is the root, path[i + 1] the node the walk took below path[i].
        let mut kept = 0;
        while kept < line.nodes.len()
            && kept + 1 < self.path.len()
            && self.path[kept + 1] == line.nodes[kept]
        {
            kept += 1;
        }
        let unchanged = match self.path.get(kept + 1) {
            None => true,
            Some(&walked) => {
                kept < line.nodes.len()
                    && !self
                        .tree
                        .prefers(walked, line.nodes[kept], FinalChoice::MostVisited)
            }
        };
        (kept, unchanged)
    }

    /// Puts `line` (a path of nodes that holds but for the last walk, which did not go through
    /// its first node) aside among its branches, and makes it the branch kept for `first`, the
    /// root child the walk went through: true when that branch holds but for the last walk
    /// (the only walk through `first` since it was put aside), else `line` is left empty.
    fn switch_branch(&self, line: &mut Line<G::Action>, first: u32) -> bool {
        let visits = |node: u32| self.tree.nodes[node as usize].visits;
        let aside = line.nodes[0];
        let found = line
            .branches
            .iter()
            .position(|branch| branch.nodes.first() == Some(&first));
        let mut taken = match found {
            Some(at) => line.branches.swap_remove(at),
            None => Branch {
                actions: Vec::new(),
                nodes: Vec::new(),
                stamp: (0, 0),
            },
        };
        let holds = taken.stamp == (self.epoch, visits(first) - 1);
        std::mem::swap(&mut line.actions, &mut taken.actions);
        std::mem::swap(&mut line.nodes, &mut taken.nodes);
        taken.stamp = (self.epoch, visits(aside));
        line.branches
            .retain(|branch| branch.nodes.first() != Some(&aside));
        line.branches.push(taken);
        if !holds {
            line.actions.clear();
            line.nodes.clear();
        }
        holds
    }
}

impl<G: Game, V: Simulation<G>, O: Observer<G>> Search<G> for Mcts<G, V, O> {
    /// Runs at most `budget` playouts. Returns [`Progress::LimitReached`] once the tree is full
    /// (the search then stops but still answers), [`Progress::Exhausted`] if the root is not a
    /// player's turn, else [`Progress::Running`].
    fn step(&mut self, budget: u64) -> Progress {
        if let Some(progress) = self.finished {
            return progress;
        }
        for _ in 0..budget {
            if let Some(limit) = self.tree.full() {
                let progress = Progress::LimitReached(limit);
                self.finished = Some(progress);
                return progress;
            }
            self.iterate();
        }
        Progress::Running
    }

    fn best_action(&self) -> Option<G::Action> {
        let child = self.tree.preferred_child(ROOT, self.config.final_choice)?;
        G::action_from_index(self.tree.nodes[child as usize].action)
    }

    /// The move, then the most-visited child at each level below: player actions only (with
    /// [`MctsConfig::chance_nodes`], the line goes on below the most-visited outcome).
    fn principal_variation(&self) -> Vec<G::Action> {
        let mut line = Vec::new();
        // Open loop every edge is a player's action: no state is needed to tell.
        let mut state = self.config.chance_nodes.then(|| self.root.clone());
        let mut rule = self.config.final_choice;
        let mut node = ROOT;
        while let Some(child) = self.tree.preferred_child(node, rule) {
            let Some(action) = G::action_from_index(self.tree.nodes[child as usize].action) else {
                break;
            };
            if state.as_ref().map_or(true, |s| s.turn() != Turn::Chance) {
                line.push(action);
                rule = FinalChoice::MostVisited;
            }
            if let Some(state) = state.as_mut() {
                state.apply(action);
            }
            node = child;
        }
        line
    }

    /// Open loop, choosing the most-visited child: when `line` was written one iteration ago,
    /// only the part below the first node where that iteration's walk left it can have changed
    /// (a child that gained a visit and was already the most visited stays so), and only if
    /// that node's preferred child is no longer the line's (the line below it is outside the
    /// walk's subtree, so untouched). When the walk's root child overtakes the line's, the
    /// line is put aside (`Line::branches`) and the one kept for the walk's root child taken
    /// back if this walk is the only one through it since, then brought up to date the same
    /// way.
    fn best_and_line(&self, line: &mut Line<G::Action>) -> Option<G::Action> {
        if self.config.chance_nodes || self.config.final_choice != FinalChoice::MostVisited {
            line.set(self.principal_variation());
            return line.actions().first().copied();
        }
        let stamp = (self.epoch, self.stats.iterations);
        let fresh = line
            .stamp
            .map(|(epoch, iterations)| (epoch, iterations + 1))
            != Some(stamp)
            || line.nodes.len() != line.actions.len();
        let mut kept = 0;
        let mut switched = false;
        if !fresh {
            let (mut at, mut unchanged) = self.where_walk_left(line);
            if !unchanged && at == 0 && !line.nodes.is_empty() {
                switched = true;
                if self.switch_branch(line, self.path[1]) {
                    (at, unchanged) = self.where_walk_left(line);
                }
            }
            if unchanged {
                // No preferred child on the line changed (below its first node if switched).
                line.stamp = Some(stamp);
                line.kept = if switched { 0 } else { line.actions.len() };
                return line.actions.first().copied();
            }
            kept = at;
        }
        line.kept = if switched { 0 } else { kept };
        line.actions.truncate(kept);
        line.nodes.truncate(kept);
        let mut node = line.nodes.last().copied().unwrap_or(ROOT);
        while let Some(child) = self.tree.preferred_child(node, FinalChoice::MostVisited) {
            let Some(action) = G::action_from_index(self.tree.nodes[child as usize].action) else {
                break;
            };
            line.actions.push(action);
            line.nodes.push(child);
            node = child;
        }
        line.stamp = Some(stamp);
        line.actions.first().copied()
    }
    /// `iterations`: playouts; `expanded`: tree nodes the walks left (selected or expanded
    /// from); `generated`: forward-model calls (tree, chance and rollout); `max_depth`: deepest
    /// tree node; `stored`: tree nodes. `max_frontier` is unused (0).
    fn stats(&self) -> Stats {
        self.stats
    }

    /// For each root action tried so far, in action-index order: its index, visits and mean
    /// reward for the root player.
    fn root_action_stats(&self) -> Vec<RootActionStat> {
        let mut stats = Vec::new();
        self.tree.root_action_stats_into(&mut stats);
        stats
    }

    fn root_action_stats_into(&self, stats: &mut Vec<RootActionStat>) {
        self.tree.root_action_stats_into(stats);
    }

    /// True: a step only runs iterations, each reported with its walk after its backup.
    fn root_stats_follow_walks(&self) -> bool {
        true
    }
}
