//! A whole plan from an anytime search, the way UCTSEARCH is used to play: search from the
//! current state under a per-move budget, commit to the search's move, advance, and repeat.
//!
//! For a [`Puzzle`] and any anytime search (MCTS, RHEA) made by a factory, the plan is built
//! move by move in the search's head, never by playing:
//!
//! ```text
//! state = root; plan = []
//! loop:
//!     search = factory(state, plan.len())          // a fresh search rooted at `state`
//!     run it for `step_budget` units of its work   // MCTS: playouts; RHEA: evaluated plans
//!     a = search.best_action()                     // MCTS: the most-visited child;
//!     plan.push(a); state = state.child(a)         // RHEA: the best individual's first action
//! until state is solved (Solved), lost or the plan holds `max_plan_length` moves (Exhausted),
//!       or the searches together expanded `max_nodes` states (LimitReached(Nodes))
//! ```
//!
//! A per-move search that stops before its budget (its tree full, its memory limit) commits
//! to its move then; one that proposes no move ends the plan (Exhausted). The node limit
//! counts what the searches count as expanded ([`Stats::expanded`]: MCTS tree nodes walked,
//! RHEA plans evaluated), summed over every move; it is checked before each unit of work, so
//! a plan stops at most one unit past it. The move being searched when the limit is reached is
//! not committed: the plan so far is what was committed before.
//!
//! Reference: Browne et al., *A survey of Monte Carlo tree search methods*, IEEE TCIAIG 2012,
//! Algorithm 2 (UCTSEARCH returns the move of the best child; a game plays it and searches
//! again from the state reached).

use std::cell::RefCell;
use std::rc::Rc;

use super::{Limit, Observer, Progress, Search, Stats, Visit, Window};
use crate::game::Puzzle;

/// Settings of a committed plan.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CommittedPlanOptions {
    /// Units of work of each move's search (its `step` budget: MCTS playouts, RHEA evaluated
    /// plans); at least 1.
    pub step_budget: u64,
    /// Most moves in the plan.
    pub max_plan_length: usize,
    /// Most states expanded by all the moves' searches together.
    pub max_nodes: u64,
}

/// A resumable committed plan over `P`, searching each move with a search `S` made by `F`.
pub struct CommittedPlan<P: Puzzle, S, F> {
    options: CommittedPlanOptions,
    factory: F,
    /// The state the plan has reached.
    state: P,
    plan: Vec<P::Action>,
    /// The search for the next move, and the units of work it has had.
    current: Option<S>,
    spent: u64,
    /// Counters of the searches of the moves already committed.
    done: Stats,
    outcome: Option<Progress>,
}

impl<P, S, F, E> CommittedPlan<P, S, F>
where
    P: Puzzle,
    S: Search<P>,
    F: FnMut(&P, u64) -> Result<S, E>,
{
    /// A plan from `root`, whose move `n` is searched by `factory(state, n)`. The first
    /// search is made at once, so a factory that cannot make one gives its error here; a later
    /// failure ends the plan ([`Progress::Exhausted`]).
    pub fn new(root: P, options: CommittedPlanOptions, mut factory: F) -> Result<Self, E> {
        let outcome = end_at(&root, 0, &options);
        let current = match outcome {
            None => Some(factory(&root, 0)?),
            Some(_) => None,
        };
        Ok(CommittedPlan {
            options,
            factory,
            state: root,
            plan: Vec::new(),
            current,
            spent: 0,
            done: Stats::default(),
            outcome,
        })
    }

    /// The state the plan reaches.
    pub fn state(&self) -> &P {
        &self.state
    }

    /// Ends the plan, keeping the counters of the move's search under way.
    fn finish(&mut self, progress: Progress) -> Progress {
        if let Some(search) = self.current.take() {
            add_search(&mut self.done, &search.stats(), self.plan.len() as u32);
        }
        self.outcome = Some(progress);
        progress
    }

    /// Commits to the current search's move; `Some` when that ends the plan.
    fn commit(&mut self) -> Option<Progress> {
        let search = self.current.take()?;
        let stats = search.stats();
        add_search(&mut self.done, &stats, self.plan.len() as u32);
        let Some(action) = search.best_action() else {
            return Some(Progress::Exhausted);
        };
        self.state.apply(action);
        self.plan.push(action);
        self.spent = 0;
        if let Some(end) = end_at(&self.state, self.plan.len(), &self.options) {
            return Some(end);
        }
        match (self.factory)(&self.state, self.plan.len() as u64) {
            Ok(next) => self.current = Some(next),
            Err(_) => return Some(Progress::Exhausted),
        }
        None
    }
}

/// How a plan that reached `state` with `length` moves ends, or `None` while it goes on.
fn end_at<P: Puzzle>(state: &P, length: usize, options: &CommittedPlanOptions) -> Option<Progress> {
    if state.is_solved() {
        Some(Progress::Solved)
    } else if state.is_terminal() || length >= options.max_plan_length {
        Some(Progress::Exhausted)
    } else {
        None
    }
}

/// Adds the counters of one move's search, rooted `depth` moves into the plan, to `total`:
/// work summed, depth from the plan's root, sizes as maxima.
fn add_search(total: &mut Stats, one: &Stats, depth: u32) {
    total.expanded += one.expanded;
    total.generated += one.generated;
    total.iterations += one.iterations;
    total.max_frontier = total.max_frontier.max(one.max_frontier);
    total.max_depth = total.max_depth.max(depth + one.max_depth);
    total.stored = total.stored.max(one.stored);
}

impl<P, S, F, E> Search<P> for CommittedPlan<P, S, F>
where
    P: Puzzle,
    S: Search<P>,
    F: FnMut(&P, u64) -> Result<S, E>,
{
    /// Runs at most `budget` units of work of the moves' searches, committing to a move
    /// whenever its search has had `step_budget` units or stops.
    fn step(&mut self, budget: u64) -> Progress {
        if let Some(outcome) = self.outcome {
            return outcome;
        }
        for _ in 0..budget {
            if self.stats().expanded >= self.options.max_nodes {
                return self.finish(Progress::LimitReached(Limit::Nodes));
            }
            let Some(search) = self.current.as_mut() else {
                return self.finish(Progress::Exhausted);
            };
            let progress = search.step(1);
            self.spent += 1;
            if progress.is_finished() || self.spent >= self.options.step_budget {
                if let Some(end) = self.commit() {
                    return self.finish(end);
                }
            }
        }
        Progress::Running
    }

    /// The first committed move, or before any the current search's move.
    fn best_action(&self) -> Option<P::Action> {
        match (self.plan.first(), &self.current) {
            (Some(&first), _) => Some(first),
            (None, Some(search)) => search.best_action(),
            (None, None) => None,
        }
    }

    /// The moves committed so far (the whole plan once it ends).
    fn principal_variation(&self) -> Vec<P::Action> {
        self.plan.clone()
    }

    /// Summed over the moves' searches: `expanded`, `generated` and `iterations`;
    /// `max_depth` from the plan's root; `stored` and `max_frontier` the largest of one search.
    fn stats(&self) -> Stats {
        let mut total = self.done;
        if let Some(search) = &self.current {
            add_search(&mut total, &search.stats(), self.plan.len() as u32);
        }
        total
    }

    /// The root actions of the move being searched now (at [`CommittedPlan::state`]).
    fn root_action_stats(&self) -> Vec<super::anytime::RootActionStat> {
        self.current
            .as_ref()
            .map(Search::root_action_stats)
            .unwrap_or_default()
    }

    fn root_action_stats_into(&self, stats: &mut Vec<super::anytime::RootActionStat>) {
        match &self.current {
            Some(current) => current.root_action_stats_into(stats),
            None => stats.clear(),
        }
    }
}

/// One observer shared by the searches of every move (each search owns a handle to it).
pub struct SharedObserver<O>(Rc<RefCell<O>>);

impl<O> SharedObserver<O> {
    /// A handle to `observer`.
    pub fn new(observer: O) -> Self {
        SharedObserver(Rc::new(RefCell::new(observer)))
    }
}

impl<O> Clone for SharedObserver<O> {
    fn clone(&self) -> Self {
        SharedObserver(Rc::clone(&self.0))
    }
}

impl<G, O: Observer<G>> Observer<G> for SharedObserver<O> {
    fn expanded(&mut self, state: &G, visit: Visit) {
        self.0.borrow_mut().expanded(state, visit);
    }

    fn generated(&mut self, state: &G, visit: Visit) {
        self.0.borrow_mut().generated(state, visit);
    }

    fn window(&mut self, window: Window) {
        self.0.borrow_mut().window(window);
    }

    fn cutoff(&mut self, window: Window) {
        self.0.borrow_mut().cutoff(window);
    }
}
