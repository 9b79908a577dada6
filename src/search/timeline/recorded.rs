//! [`Recorded`]: a search whose run is recorded step by step.

use super::log::{Log, PlanEdit};
use super::Recorder;
use crate::game::Game;
use crate::search::anytime::RootActionStat;
use crate::search::{Line, Progress, Search, Stats};
use std::cell::RefCell;
use std::marker::PhantomData;
use std::rc::Rc;

/// Runs `inner` one unit of work at a time and records each step into the log of the
/// [`Recorder`] it was made with (which the search should have as its observer, to record what
/// it visits). Every other method is the inner search's. Once the log is full the search runs
/// on in whole slices, unrecorded.
pub struct Recorded<G: Game, S> {
    inner: S,
    /// Units of the inner search's work per step.
    unit: u64,
    log: Rc<RefCell<Log>>,
    finished: Option<Progress>,
    /// The inner search's line, kept up to date by [`Search::best_and_line`].
    line: Line<G::Action>,
    /// The action indices of the part of the line the last step changed.
    tail: Vec<u32>,
    game: PhantomData<fn() -> G>,
}

impl<G: Game, S: Search<G>> Recorded<G, S> {
    /// Records `inner` (fresh, no step taken yet) into `recorder`'s log, one unit of its work
    /// per step; step 0 is its state now, with whatever it reported while it was made.
    pub fn new(inner: S, recorder: &Recorder<G>) -> Self {
        Recorded::with_unit(inner, recorder, 1)
    }

    /// [`Recorded::new`] with `unit` units of work per step (at least 1), for searches that a
    /// slice of one unit would not advance (those that restart an unfinished iteration at each
    /// slice, see [`crate::agents::othello::AgentSpec::timeline_unit`]). A step of `budget`
    /// then does `budget` steps of `unit` units each.
    pub fn with_unit(inner: S, recorder: &Recorder<G>, unit: u64) -> Self {
        let log = Rc::clone(recorder.log());
        let mut line = Line::default();
        let best = inner.best_and_line(&mut line).map(G::action_index);
        let plan: Vec<u32> = line.actions().iter().map(|&a| G::action_index(a)).collect();
        log.borrow_mut()
            .start(inner.stats(), best, &plan, &inner.root_action_stats());
        Recorded {
            inner,
            unit: unit.max(1),
            log,
            finished: None,
            line,
            tail: Vec::new(),
            game: PhantomData,
        }
    }

    /// The search recorded.
    pub fn inner(&self) -> &S {
        &self.inner
    }

    /// Records the step just taken. Only the part of the line the search rewrote is read
    /// (its [`Line::kept`]), so a step that leaves the line alone costs no plan work.
    fn close_step(&mut self, progress: Progress) {
        let stats: Stats = self.inner.stats();
        let before = self.line.actions().len();
        let best = self
            .inner
            .best_and_line(&mut self.line)
            .map(G::action_index);
        let (kept, actions) = (self.line.kept(), self.line.actions());
        let plan = if kept < before || kept < actions.len() {
            self.tail.clear();
            let tail = actions[kept..].iter().map(|&a| G::action_index(a));
            self.tail.extend(tail);
            Some(PlanEdit {
                kept,
                tail: &self.tail,
            })
        } else {
            None
        };
        let root: Vec<RootActionStat> = self.inner.root_action_stats();
        self.log
            .borrow_mut()
            .close_step(progress, stats, best, plan, &root);
    }
}

impl<G: Game, S: Search<G>> Search<G> for Recorded<G, S> {
    /// Steps the inner search `budget` times by one step's units (stopping when it finishes),
    /// recording each step; once the log is full, in one slice.
    fn step(&mut self, budget: u64) -> Progress {
        if let Some(progress) = self.finished {
            return progress;
        }
        let mut progress = Progress::Running;
        let mut done = 0;
        while done < budget {
            if !self.log.borrow().recording() {
                progress = self.inner.step((budget - done).saturating_mul(self.unit));
                break;
            }
            progress = self.inner.step(self.unit);
            done += 1;
            self.close_step(progress);
            if progress.is_finished() {
                break;
            }
        }
        if budget == 0 {
            progress = self.inner.step(0);
        }
        if progress.is_finished() {
            self.finished = Some(progress);
        }
        progress
    }

    fn best_action(&self) -> Option<G::Action> {
        self.inner.best_action()
    }

    fn principal_variation(&self) -> Vec<G::Action> {
        self.inner.principal_variation()
    }

    fn stats(&self) -> Stats {
        self.inner.stats()
    }

    fn root_action_stats(&self) -> Vec<RootActionStat> {
        self.inner.root_action_stats()
    }
}
