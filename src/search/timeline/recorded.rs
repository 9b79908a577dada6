//! [`Recorded`]: a search whose run is recorded step by step.

use super::log::{Log, PlanChange};
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
    /// The inner search's line as [`Search::best_and_line`] last wrote it.
    line: Line<G::Action>,
    /// Whether `line` is the plan recorded last (not when a step since was recorded as
    /// extending an earlier step's plan).
    line_recorded: bool,
    /// The action indices of the part of the line the last step changed.
    tail: Vec<u32>,
    /// The inner search's root action statistics after the last step (a buffer kept).
    root: Vec<RootActionStat>,
    /// Steps closed.
    step: u64,
    /// The best action recorded last.
    best: Option<u32>,
    /// The node the last step's line led to, when it was a path (see [`Search::line_end`]).
    last_end: Option<u32>,
    /// Per node id of the inner search, the last step whose line led to it and that line's
    /// first action (each plus 1; 0 for none).
    ends: Vec<(u32, u32)>,
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
        let mut recorded = Recorded {
            inner,
            unit: unit.max(1),
            log,
            finished: None,
            line,
            line_recorded: true,
            tail: Vec::new(),
            root: Vec::new(),
            step: 0,
            best,
            last_end: None,
            ends: Vec::new(),
            game: PhantomData,
        };
        recorded.note_end(recorded.inner.line_end().map(|end| end.node));
        recorded
    }

    /// The search recorded.
    pub fn inner(&self) -> &S {
        &self.inner
    }

    /// Notes that the line of the step just closed led to `node` (`None`: not a path).
    fn note_end(&mut self, node: Option<u32>) {
        self.last_end = node;
        let Some(node) = node.map(|n| n as usize) else {
            return;
        };
        if self.step >= u64::from(u32::MAX) {
            return;
        }
        if node >= self.ends.len() {
            self.ends
                .resize((node + 1).max(2 * self.ends.len()), (0, 0));
        }
        self.ends[node] = (self.step as u32 + 1, self.best.map_or(0, |b| b + 1));
    }

    /// Records the step just taken. The line is read only as far as it changed: not at all
    /// when it leads to the same node, or to a child of the node an earlier step's line led
    /// to (recorded as that step's plan and one action); else only the part the search
    /// rewrote (its [`Line::kept`]).
    fn close_step(&mut self, progress: Progress) {
        self.step += 1;
        let stats: Stats = self.inner.stats();
        let end = self.inner.line_end();
        let earlier = end.and_then(|end| {
            let (step, first) = *self.ends.get(end.parent as usize)?;
            let from = u64::from(step.checked_sub(1)?);
            Some((from, first.checked_sub(1), G::action_index(end.action)))
        });
        let plan = match (end, earlier) {
            (Some(end), _) if self.last_end == Some(end.node) => PlanChange::Same,
            (_, Some((from, first, action))) if self.step < u64::from(u32::MAX) => {
                self.line_recorded = false;
                self.best = first;
                PlanChange::Extend { from, action }
            }
            _ => {
                let before = self.line.actions().len();
                self.best = self
                    .inner
                    .best_and_line(&mut self.line)
                    .map(G::action_index);
                let actions = self.line.actions();
                let kept = if self.line_recorded {
                    self.line.kept()
                } else {
                    0
                };
                if !self.line_recorded || kept < before || kept < actions.len() {
                    self.line_recorded = true;
                    self.tail.clear();
                    let tail = actions[kept..].iter().map(|&a| G::action_index(a));
                    self.tail.extend(tail);
                    PlanChange::Edit {
                        kept,
                        tail: &self.tail,
                    }
                } else {
                    PlanChange::Same
                }
            }
        };
        self.inner.root_action_stats_into(&mut self.root);
        self.log
            .borrow_mut()
            .close_step(progress, stats, self.best, plan, &self.root);
        self.note_end(end.map(|end| end.node));
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

    fn root_action_stats_into(&self, stats: &mut Vec<RootActionStat>) {
        self.inner.root_action_stats_into(stats);
    }
}
