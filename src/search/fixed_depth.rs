//! Minimax and alpha-beta to a fixed depth as resumable searches, and their iterative
//! deepening, for two-player zero-sum games: what [`super::minimax::Minimax`] and
//! [`super::alphabeta::AlphaBeta`] (without a table) compute, run in node-budgeted slices.
//!
//! The recursion of those searches is kept here as an explicit stack of frames (the state, its
//! window, its moves, the next move to try, the best value and line so far), so a slice can end
//! after any node and the next slice goes on from exactly there: no node is searched twice,
//! and the counters, the value, the principal variation and the seeded choice between equal
//! root moves are those of the recursive searches (the tests check this). Without a table an
//! interrupted search could not be restarted cheaply, which is what this file is for: the page
//! shows plain minimax and alpha-beta thinking live, with Stop, at any depth.
//!
//! - [`FixedDepth`]: one search to `depth` plies, minimax (`pruning` off: every node) or
//!   fail-soft alpha-beta (`pruning` on; at the root every move is searched with
//!   `alpha = best - 1`, so moves equal to the best are recognised and one is drawn with the
//!   seeded RNG, as `AlphaBeta` does).
//! - [`Deepening`]: depth 1, 2, 3, ... each a [`FixedDepth`] started afresh, for a caller with a
//!   time budget; its answer is the last completed depth's, and it is `Solved` at its deepest
//!   depth or once a depth saw every line end (no leaf at the horizon: the value is exact).

use super::two_player::{child_kind, mover, ChildKind, Decision, Evaluator, TreeStats, INFINITY};
use super::{Limit, Limits, NoObserver, Observer, Progress, Search, Stats, Window};
use crate::game::{Game, ZeroSum};
use crate::rng::Rng;

/// A node whose moves are being searched: the recursion's local variables.
struct Frame<G: Game> {
    state: G,
    /// The player to move here, from whose view `alpha`, `beta` and `best` are.
    player: usize,
    /// Plies still to search below this node.
    depth: u32,
    alpha: i32,
    beta: i32,
    /// Whether this node's value is negated for its parent (the movers differ).
    negate: bool,
    moves: Vec<G::Action>,
    next: usize,
    best: i32,
    /// The best line from this node, starting with its best move.
    line: Vec<G::Action>,
}

impl<G: Game> Frame<G> {
    fn empty(state: G) -> Self {
        Frame {
            state,
            player: 0,
            depth: 0,
            alpha: -INFINITY,
            beta: INFINITY,
            negate: false,
            moves: Vec::new(),
            next: 0,
            best: -INFINITY,
            line: Vec::new(),
        }
    }
}

/// The root's bookkeeping: its moves, the best value and the moves that reach it.
struct Root<G: Game> {
    player: usize,
    moves: Vec<G::Action>,
    next: usize,
    best: i32,
    ties: Vec<(G::Action, Vec<G::Action>)>,
}

/// Minimax or alpha-beta to a fixed depth, resumable after any node; tells `O` each node's
/// window and each cutoff.
pub struct FixedDepth<G: Game, E, O = NoObserver> {
    evaluator: E,
    observer: O,
    limits: Limits,
    pruning: bool,
    state: G,
    depth: u32,
    rng: Rng,
    stats: TreeStats,
    /// Frames `0..height` are live (frame `i` is at ply `i + 1`); later ones keep their buffers.
    frames: Vec<Frame<G>>,
    height: usize,
    root: Option<Root<G>>,
    decision: Option<Decision<G::Action>>,
    progress: Progress,
}

impl<G: Game + ZeroSum, E: Evaluator<G>> FixedDepth<G, E> {
    /// A search of `depth` plies (at least 1) below `root` that scores leaves with `evaluator`,
    /// prunes with alpha-beta if `pruning`, stops with [`Limit::Nodes`] after
    /// `limits.max_nodes` nodes, and picks among equal root moves with `Rng::new(seed)` (as
    /// `Minimax::search` and `AlphaBeta::search` do with that generator).
    pub fn new(
        root: G,
        evaluator: E,
        depth: u32,
        pruning: bool,
        limits: Limits,
        seed: u64,
    ) -> Self {
        Self::with_observer(root, evaluator, depth, pruning, limits, seed, NoObserver)
    }
}

impl<G: Game + ZeroSum, E: Evaluator<G>, O: Observer<G>> FixedDepth<G, E, O> {
    /// [`FixedDepth::new`] that reports each node's window and each cutoff to `observer`.
    pub fn with_observer(
        root: G,
        evaluator: E,
        depth: u32,
        pruning: bool,
        limits: Limits,
        seed: u64,
        observer: O,
    ) -> Self {
        FixedDepth {
            evaluator,
            observer,
            limits,
            pruning,
            state: root,
            depth: depth.max(1),
            rng: Rng::new(seed),
            stats: TreeStats::default(),
            frames: Vec::new(),
            height: 0,
            root: None,
            decision: None,
            progress: Progress::Running,
        }
    }

    /// Counters so far.
    pub fn tree_stats(&self) -> TreeStats {
        self.stats
    }

    /// The answer, once the search is solved.
    pub fn decision(&self) -> Option<&Decision<G::Action>> {
        self.decision.as_ref()
    }

    /// The depth searched, in plies.
    pub fn depth(&self) -> u32 {
        self.depth
    }

    /// Counts a node at `ply`; false once the node limit is passed.
    fn count(&mut self, ply: usize) -> bool {
        self.stats.nodes += 1;
        self.stats.max_depth = self.stats.max_depth.max(ply as u32);
        self.stats.nodes <= self.limits.max_nodes
    }

    /// Tells the observer that the node at `ply` is searched with window `(alpha, beta)`.
    fn report_window(&mut self, ply: usize, (alpha, beta): (i32, i32)) {
        self.observer.window(Window {
            depth: ply as u32,
            alpha,
            beta,
        });
    }

    /// Visits the root: a leaf if it has no mover, else the start of its move loop.
    fn start(&mut self) -> Option<Progress> {
        if !self.count(0) {
            return Some(Progress::LimitReached(Limit::Nodes));
        }
        self.report_window(0, (-INFINITY, INFINITY));
        let Some(player) = mover(&self.state) else {
            self.stats.leaves += 1;
            self.decision = Some(Decision {
                value: self.evaluator.evaluate(&self.state, 0),
                best_action: None,
                pv: Vec::new(),
                depth: self.depth,
            });
            return Some(Progress::Solved);
        };
        let mut moves = Vec::new();
        self.state.legal_actions(&mut moves);
        self.root = Some(Root {
            player,
            moves,
            next: 0,
            best: -INFINITY,
            ties: Vec::new(),
        });
        None
    }

    /// Visits `child`, reached by one move from a node of `player` with window `(alpha, beta)`
    /// in that player's view and `depth_left` plies to go: scores a leaf (returned), or pushes
    /// its frame (`None`). `Err` when the node limit is passed.
    fn visit(
        &mut self,
        child: G,
        player: usize,
        depth_left: u32,
        (alpha, beta): (i32, i32),
    ) -> Result<Option<i32>, Limit> {
        let ply = self.height + 1;
        if !self.count(ply) {
            return Err(Limit::Nodes);
        }
        let kind = child_kind(&child, player, depth_left);
        // An inner child is searched in its own mover's view; a leaf is valued in `player`'s.
        let (alpha, beta) = match kind {
            ChildKind::Inner { negate: true } => (-beta, -alpha),
            _ => (alpha, beta),
        };
        self.report_window(ply, (alpha, beta));
        match kind {
            ChildKind::Leaf { horizon } => {
                self.stats.leaves += 1;
                self.stats.leaves_at_horizon += u64::from(horizon);
                Ok(Some(self.evaluator.evaluate(&child, player)))
            }
            ChildKind::Inner { negate } => {
                if self.frames.len() == self.height {
                    self.frames.push(Frame::empty(child.clone()));
                }
                let frame = &mut self.frames[self.height];
                frame.state = child;
                frame.player = mover(&frame.state).unwrap_or(0);
                frame.depth = depth_left;
                frame.alpha = alpha;
                frame.beta = beta;
                frame.negate = negate;
                frame.state.legal_actions(&mut frame.moves);
                frame.next = 0;
                frame.best = -INFINITY;
                frame.line.clear();
                self.height += 1;
                Ok(None)
            }
        }
    }

    /// Hands the value of the root's current move (in the root mover's view) and the line
    /// below it to the root.
    fn root_receives(&mut self, value: i32, below: usize) {
        let Some(root) = &mut self.root else { return };
        let action = root.moves[root.next];
        root.next += 1;
        if value > root.best {
            root.best = value;
            root.ties.clear();
        }
        if value == root.best {
            let mut line = vec![action];
            if below > 0 {
                line.extend_from_slice(&self.frames[below - 1].line);
            }
            root.ties.push((action, line));
        }
    }

    /// Hands the value of frame `at`'s current move (in its mover's view) to it; `child_line`
    /// says whether the line of frame `at + 1` continues below that move.
    fn frame_receives(&mut self, at: usize, value: i32, child_line: bool) {
        let (lower, upper) = self.frames.split_at_mut(at + 1);
        let frame = &mut lower[at];
        let action = frame.moves[frame.next];
        frame.next += 1;
        if value > frame.best {
            frame.best = value;
            frame.line.clear();
            frame.line.push(action);
            if child_line {
                frame.line.extend_from_slice(&upper[0].line);
            }
            if value > frame.alpha {
                frame.alpha = value;
                if self.pruning && frame.alpha >= frame.beta {
                    self.observer.cutoff(Window {
                        depth: at as u32 + 1,
                        alpha: frame.alpha,
                        beta: frame.beta,
                    });
                    self.stats.cutoffs += 1;
                    self.stats.pruned += (frame.moves.len() - frame.next) as u64;
                    frame.next = frame.moves.len();
                }
            }
        }
    }

    /// Hands a value found at ply `height + 1` (a leaf or a finished frame) to its parent.
    fn deliver(&mut self, value: i32, from_frame: bool) {
        if self.height == 0 {
            self.root_receives(value, usize::from(from_frame));
        } else {
            let parent = self.height - 1;
            self.frame_receives(parent, value, from_frame);
        }
    }

    /// The window of the next child of the node on top (the root when no frame is live).
    fn window(&self) -> (i32, i32) {
        match self.height {
            0 => {
                let best = self.root.as_ref().map_or(-INFINITY, |r| r.best);
                if self.pruning {
                    (best - 1, INFINITY)
                } else {
                    (-INFINITY, INFINITY)
                }
            }
            h => {
                let frame = &self.frames[h - 1];
                (frame.alpha, frame.beta)
            }
        }
    }

    /// Picks the answer among the root's equal-best moves.
    fn finish(&mut self) -> Progress {
        let Some(root) = self.root.take() else {
            return Progress::Solved;
        };
        let mut ties = root.ties;
        let (best_action, pv) = if ties.is_empty() {
            (None, Vec::new())
        } else {
            let (action, line) = ties.swap_remove(self.rng.index(ties.len()));
            (Some(action), line)
        };
        self.decision = Some(Decision {
            value: root.best,
            best_action,
            pv,
            depth: self.depth,
        });
        Progress::Solved
    }

    /// One unit of work: visits one node or finishes one.
    fn advance(&mut self) -> Option<Progress> {
        if self.root.is_none() {
            return self.start();
        }
        if self.height > 0 {
            let top = self.height - 1;
            let frame = &self.frames[top];
            if frame.next == frame.moves.len() {
                // Every move searched (or the rest cut off): the node's value goes up.
                let value = if frame.negate {
                    -frame.best
                } else {
                    frame.best
                };
                self.height -= 1;
                self.deliver(value, true);
                return None;
            }
            let child = frame.state.child(frame.moves[frame.next]);
            let (player, depth_left) = (frame.player, frame.depth - 1);
            let window = self.window();
            return match self.visit(child, player, depth_left, window) {
                Ok(Some(value)) => {
                    self.frame_receives(top, value, false);
                    None
                }
                Ok(None) => None,
                Err(limit) => Some(Progress::LimitReached(limit)),
            };
        }
        let root = self.root.as_ref()?;
        if root.next == root.moves.len() {
            return Some(self.finish());
        }
        let child = self.state.child(root.moves[root.next]);
        let player = root.player;
        let window = self.window();
        match self.visit(child, player, self.depth - 1, window) {
            Ok(Some(value)) => {
                self.root_receives(value, 0);
                None
            }
            Ok(None) => None,
            Err(limit) => Some(Progress::LimitReached(limit)),
        }
    }
}

impl<G: Game + ZeroSum, E: Evaluator<G>, O: Observer<G>> Search<G> for FixedDepth<G, E, O> {
    /// Visits about `budget` more nodes (at least one), going on from where the last slice
    /// ended.
    fn step(&mut self, budget: u64) -> Progress {
        if self.progress.is_finished() {
            return self.progress;
        }
        let slice_end = self.stats.nodes.saturating_add(budget.max(1));
        while self.stats.nodes < slice_end {
            if let Some(progress) = self.advance() {
                self.progress = progress;
                return progress;
            }
        }
        Progress::Running
    }

    fn best_action(&self) -> Option<G::Action> {
        self.decision.as_ref().and_then(|d| d.best_action)
    }

    fn principal_variation(&self) -> Vec<G::Action> {
        self.decision
            .as_ref()
            .map_or_else(Vec::new, |d| d.pv.clone())
    }

    fn stats(&self) -> Stats {
        tree_to_stats(&self.stats, u64::from(self.decision.is_some()))
    }
}

/// The common counters of a tree search: interior nodes expanded, every node generated.
fn tree_to_stats(tree: &TreeStats, iterations: u64) -> Stats {
    Stats {
        expanded: tree.nodes - tree.leaves,
        generated: tree.nodes,
        max_frontier: 0,
        max_depth: tree.max_depth,
        stored: 0,
        iterations,
    }
}

/// Iterative deepening over [`FixedDepth`]: depths 1 to `max_depth`, each from scratch.
pub struct Deepening<G: Game, E, O = NoObserver> {
    root: G,
    evaluator: E,
    pruning: bool,
    limits: Limits,
    seed: u64,
    max_depth: u32,
    current: FixedDepth<G, E, O>,
    /// Each depth's search gets a clone of it.
    observer: O,
    /// Counters of the completed depths.
    finished: TreeStats,
    completed: Option<Decision<G::Action>>,
    progress: Progress,
}

impl<G: Game + ZeroSum, E: Evaluator<G> + Clone> Deepening<G, E> {
    /// Searches `root` to depths 1..=`max_depth` (minimax, or alpha-beta if `pruning`), within
    /// `limits.max_nodes` nodes over all depths; depth `d` breaks ties with
    /// `Rng::derive(seed, d)`.
    pub fn new(
        root: G,
        evaluator: E,
        max_depth: u32,
        pruning: bool,
        limits: Limits,
        seed: u64,
    ) -> Self {
        Self::with_observer(
            root, evaluator, max_depth, pruning, limits, seed, NoObserver,
        )
    }
}

impl<G: Game + ZeroSum, E: Evaluator<G> + Clone, O: Observer<G> + Clone> Deepening<G, E, O> {
    /// [`Deepening::new`] whose searches report each node's window and each cutoff to
    /// `observer`.
    pub fn with_observer(
        root: G,
        evaluator: E,
        max_depth: u32,
        pruning: bool,
        limits: Limits,
        seed: u64,
        observer: O,
    ) -> Self {
        let current = FixedDepth::with_observer(
            root.clone(),
            evaluator.clone(),
            1,
            pruning,
            limits,
            Rng::derive(seed, 1),
            observer.clone(),
        );
        Deepening {
            root,
            evaluator,
            pruning,
            limits,
            seed,
            max_depth: max_depth.max(1),
            current,
            observer,
            finished: TreeStats::default(),
            completed: None,
            progress: Progress::Running,
        }
    }

    /// The last completed depth's answer.
    pub fn decision(&self) -> Option<&Decision<G::Action>> {
        self.completed.as_ref()
    }

    /// Counters over every depth so far, the one in progress included.
    pub fn tree_stats(&self) -> TreeStats {
        let mut total = self.finished;
        if self.progress != Progress::Solved {
            // The depth in progress (or the one a limit stopped); a solved search has added
            // its last depth to `finished` already.
            total.add(&self.current.tree_stats());
        }
        total
    }
}

impl<G: Game + ZeroSum, E: Evaluator<G> + Clone, O: Observer<G> + Clone> Search<G>
    for Deepening<G, E, O>
{
    fn step(&mut self, budget: u64) -> Progress {
        if self.progress.is_finished() {
            return self.progress;
        }
        let slice_end = self.tree_stats().nodes.saturating_add(budget.max(1));
        loop {
            let left = slice_end.saturating_sub(self.tree_stats().nodes);
            if left == 0 {
                return Progress::Running;
            }
            match self.current.step(left) {
                Progress::Running => return Progress::Running,
                Progress::Solved => {
                    let tree = self.current.tree_stats();
                    let depth = self.current.depth();
                    self.completed = self.current.decision().cloned();
                    let exact = tree.leaves_at_horizon == 0;
                    let terminal = self
                        .completed
                        .as_ref()
                        .is_some_and(|d| d.best_action.is_none());
                    self.finished.add(&tree);
                    if exact || terminal || depth >= self.max_depth {
                        self.progress = Progress::Solved;
                        return self.progress;
                    }
                    let limits = Limits {
                        max_nodes: self.limits.max_nodes.saturating_sub(self.finished.nodes),
                        ..self.limits
                    };
                    self.current = FixedDepth::with_observer(
                        self.root.clone(),
                        self.evaluator.clone(),
                        depth + 1,
                        self.pruning,
                        limits,
                        Rng::derive(self.seed, u64::from(depth + 1)),
                        self.observer.clone(),
                    );
                }
                other => {
                    self.progress = other;
                    return other;
                }
            }
        }
    }

    fn best_action(&self) -> Option<G::Action> {
        self.completed.as_ref().and_then(|d| d.best_action)
    }

    fn principal_variation(&self) -> Vec<G::Action> {
        self.completed
            .as_ref()
            .map_or_else(Vec::new, |d| d.pv.clone())
    }

    fn stats(&self) -> Stats {
        let depth = self.completed.as_ref().map_or(0, |d| u64::from(d.depth));
        tree_to_stats(&self.tree_stats(), depth)
    }
}
