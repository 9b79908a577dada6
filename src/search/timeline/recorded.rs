//! [`Recorded`]: a search whose run is recorded step by step.

use super::line_ends::Reuse;
use super::log::{Log, PlanChange, RootChange};
use super::Recorder;
use crate::game::Game;
use crate::search::anytime::RootActionStat;
use crate::search::{Line, Progress, Search, Stats};
use std::cell::RefCell;
use std::rc::Rc;

/// Records `inner`'s run step by step into the log of the [`Recorder`] it was made with (which
/// the search should have as its observer, to record what it visits). It runs the search one
/// unit of work at a time and closes each step here, or, once the search has reported a step's
/// end ([`crate::search::Observer::step_done`]), in whole slices while the recorder closes the
/// steps it can and the search stops at the others, which are closed here. Every other method
/// is the inner search's. Once the log is full the search runs on in whole slices, unrecorded.
pub struct Recorded<G: Game, S> {
    inner: S,
    /// Units of the inner search's work per step.
    unit: u64,
    log: Rc<RefCell<Log>>,
    finished: Option<Progress>,
    /// The inner search's line as [`Search::best_and_line`] last wrote it.
    line: Line<G::Action>,
    /// The action indices of the part of the line the last step changed.
    tail: Vec<u32>,
    /// The inner search's root action statistics after the last step (a buffer kept).
    root: Vec<RootActionStat>,
    /// Whether they follow its walks ([`Search::root_stats_follow_walks`]): the recorder then
    /// keeps them from the walks and they are not read.
    root_follows_walks: bool,
}

impl<G: Game, S: Search<G>> Recorded<G, S> {
    /// Records `inner` (fresh, no step taken yet) into `recorder`'s log, one unit of its work
    /// per step; step 0 is its state now, with whatever it reported while it was made.
    pub fn new<L>(inner: S, recorder: &Recorder<G, L>) -> Self {
        Recorded::with_unit(inner, recorder, 1)
    }

    /// [`Recorded::new`] with `unit` units of work per step (at least 1), for searches that a
    /// slice of one unit would not advance (those that restart an unfinished iteration at each
    /// slice, see [`crate::agents::othello::AgentSpec::timeline_unit`]). A step of `budget`
    /// then does `budget` steps of `unit` units each.
    pub fn with_unit<L>(inner: S, recorder: &Recorder<G, L>, unit: u64) -> Self {
        let log = Rc::clone(recorder.log());
        let mut line = Line::default();
        let best = inner.best_and_line(&mut line).map(G::action_index);
        let plan: Vec<u32> = line.actions().iter().map(|&a| G::action_index(a)).collect();
        let follows = inner.root_stats_follow_walks();
        {
            let mut log = log.borrow_mut();
            log.start(
                inner.stats(),
                best,
                &plan,
                &inner.root_action_stats(),
                follows,
            );
            let end = inner.line_end().map(|end| end.node);
            log.line_ends.note(end, 0, best);
            log.line_ends.written = true;
            log.reports_steps = inner.reports_steps();
        }
        Recorded {
            inner,
            unit: unit.max(1),
            log,
            finished: None,
            line,
            tail: Vec::new(),
            root: Vec::new(),
            root_follows_walks: follows,
        }
    }

    /// The search recorded.
    pub fn inner(&self) -> &S {
        &self.inner
    }

    /// Records the step just taken. The line is read only as far as it changed: not at all
    /// when it leads to the same node, or to a child of the node an earlier step's line led
    /// to (recorded as that step's plan and one action); else only the part the search
    /// rewrote (its [`Line::kept`]).
    fn close_step(&mut self, progress: Progress) {
        let stats: Stats = self.inner.stats();
        let end = self
            .inner
            .line_end()
            .map(|end| end.map_action(G::action_index));
        let (step, reuse, written, recorded_best) = {
            let log = self.log.borrow();
            let step = log.steps + 1;
            let ends = &log.line_ends;
            (step, ends.reuse(end, step), ends.written, log.current.best)
        };
        let (plan, best) = match reuse {
            Some(Reuse::Same) => (PlanChange::Same, recorded_best),
            Some(Reuse::Extend { from, action, best }) => {
                (PlanChange::Extend { from, action }, Some(best))
            }
            None => {
                let before = self.line.actions().len();
                let best = self
                    .inner
                    .best_and_line(&mut self.line)
                    .map(G::action_index);
                let actions = self.line.actions();
                let kept = if written { self.line.kept() } else { 0 };
                if !written || kept < before || kept < actions.len() {
                    self.tail.clear();
                    let tail = actions[kept..].iter().map(|&a| G::action_index(a));
                    self.tail.extend(tail);
                    let tail = &self.tail;
                    (PlanChange::Edit { kept, tail }, best)
                } else {
                    (PlanChange::Same, best)
                }
            }
        };
        let root = if self.root_follows_walks {
            RootChange::Walked
        } else {
            self.inner.root_action_stats_into(&mut self.root);
            RootChange::Read(&self.root)
        };
        let mut log = self.log.borrow_mut();
        log.close_step(progress, stats, best, plan, root);
        log.line_ends.note(end.map(|end| end.node), step, best);
        match plan {
            PlanChange::Same => {}
            PlanChange::Edit { .. } => log.line_ends.written = true,
            PlanChange::Extend { .. } => log.line_ends.written = false,
        }
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
            let (recording, in_slices) = {
                let log = self.log.borrow();
                (log.recording(), log.reports_steps && self.unit == 1)
            };
            if !recording {
                progress = self.inner.step((budget - done).saturating_mul(self.unit));
                break;
            }
            if in_slices {
                let rest = budget - done;
                let before = self.log.borrow().steps_taken;
                self.log.borrow_mut().closing = true;
                progress = self.inner.step(rest);
                let mut log = self.log.borrow_mut();
                log.closing = false;
                let taken = log.steps_taken - before;
                drop(log);
                done += taken;
                if taken == rest && !progress.is_finished() {
                    break;
                }
                // The unit that finished the search, or whose line must be read, is closed
                // below.
            } else {
                progress = self.inner.step(self.unit);
            }
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

    fn root_action_stats_into(&self, stats: &mut Vec<RootActionStat>) {
        self.inner.root_action_stats_into(stats);
    }
}
