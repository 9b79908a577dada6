//! [`Recorder`]: the observer that records a run into a timeline's log.

use super::log::Log;
use super::replay::{EventKind, LastEvent, Timeline};
use super::TimelineOptions;
use crate::search::mcts::Walk;
use crate::search::rhea::Population;
use crate::search::{Observer, StepDone, Visit, Window};
use std::cell::RefCell;
use std::rc::Rc;

/// Records what a search reports into a shared log: a cheap clone of one handle, given to the
/// search as its observer and to [`super::Recorded`], which closes each step. It also keeps the
/// live per-cell counts ([`Timeline::live_cells`]), also once the log is full.
pub struct Recorder<G> {
    log: Rc<RefCell<Log>>,
    /// The cell an agent stands on, for the heat map (`None` for games without one).
    locate: Option<fn(&G) -> usize>,
}

impl<G> Clone for Recorder<G> {
    fn clone(&self) -> Self {
        Recorder {
            log: Rc::clone(&self.log),
            locate: self.locate,
        }
    }
}

impl<G> Recorder<G> {
    /// A recorder with an empty log; `locate` gives the cell of a state (`None`: no heat map).
    pub fn new(options: TimelineOptions, locate: Option<fn(&G) -> usize>) -> Self {
        Recorder {
            log: Rc::new(RefCell::new(Log::new(options))),
            locate,
        }
    }

    /// The timeline this recorder writes (shares the log; it keeps growing while the run goes
    /// on).
    pub fn timeline(&self) -> Timeline {
        Timeline::from_log(Rc::clone(&self.log))
    }

    pub(super) fn log(&self) -> &Rc<RefCell<Log>> {
        &self.log
    }

    /// Inlined into each search's expansion and generation (twice an expansion for BFS): a call
    /// would cost about a sixth of the event.
    #[inline(always)]
    fn event(&mut self, kind: EventKind, state: &G, visit: Visit) {
        let cell = self.locate.map(|locate| locate(state) as u32);
        self.log.borrow_mut().event(LastEvent {
            kind,
            cell,
            depth: visit.depth,
            value: visit.value as f32,
        });
    }
}

impl<G> Observer<G> for Recorder<G> {
    /// Inlined into the search's expansion, as the event it writes is.
    #[inline(always)]
    fn expanded(&mut self, state: &G, visit: Visit) {
        self.event(EventKind::Expanded, state, visit);
    }

    #[inline(always)]
    fn generated(&mut self, state: &G, visit: Visit) {
        self.event(EventKind::Generated, state, visit);
    }

    fn iteration(&mut self, walk: &Walk<'_>) {
        self.log.borrow_mut().walk(walk);
    }

    fn generation(&mut self, population: &Population<'_>) {
        self.log.borrow_mut().generation(population);
    }

    fn window(&mut self, window: Window) {
        self.log.borrow_mut().window(window, false);
    }

    fn cutoff(&mut self, window: Window) {
        self.log.borrow_mut().window(window, true);
    }

    fn takes_steps(&self) -> bool {
        true
    }

    /// Inlined into each search that reports its steps, as [`Log::step_done`] is.
    #[inline(always)]
    fn step_done(&mut self, done: &StepDone) -> bool {
        self.log.borrow_mut().step_done(done)
    }
}
