//! [`Recorder`]: the observer that records a run into a timeline's log.

use super::log::Log;
use super::replay::{EventKind, LastEvent, Timeline};
use super::TimelineOptions;
use crate::search::mcts::Walk;
use crate::search::rhea::Population;
use crate::search::{Observer, StepDone, Visit, Window};
use std::cell::RefCell;
use std::marker::PhantomData;
use std::rc::Rc;

/// The cell an agent stands on in a state, for the heat map (`None`: no such cell).
pub trait Locate<G>: Clone {
    /// The cell of `state`'s agent, as an index into the board's cells.
    fn cell(&self, state: &G) -> Option<usize>;
}

/// A locator chosen when the recorder is made: a function, or `None` for games without a cell.
/// A type whose locator is known when compiling (as the page's games') is inlined into each
/// event instead of called through a pointer.
impl<G> Locate<G> for Option<fn(&G) -> usize> {
    #[inline(always)]
    fn cell(&self, state: &G) -> Option<usize> {
        self.map(|locate| locate(state))
    }
}

/// Records what a search reports into a shared log: a cheap clone of one handle, given to the
/// search as its observer and to [`super::Recorded`], which closes each step. It also keeps the
/// live per-cell counts ([`Timeline::live_cells`]), also once the log is full.
pub struct Recorder<G, L = Option<fn(&G) -> usize>> {
    log: Rc<RefCell<Log>>,
    /// The cell an agent stands on, for the heat map.
    locate: L,
    game: PhantomData<fn(&G)>,
}

impl<G, L: Clone> Clone for Recorder<G, L> {
    fn clone(&self) -> Self {
        Recorder {
            log: Rc::clone(&self.log),
            locate: self.locate.clone(),
            game: PhantomData,
        }
    }
}

impl<G, L> Recorder<G, L> {
    /// The timeline this recorder writes (shares the log; it keeps growing while the run goes
    /// on).
    pub fn timeline(&self) -> Timeline {
        Timeline::from_log(Rc::clone(&self.log))
    }

    pub(super) fn log(&self) -> &Rc<RefCell<Log>> {
        &self.log
    }
}

impl<G, L: Locate<G>> Recorder<G, L> {
    /// A recorder with an empty log; `locate` gives the cell of a state.
    pub fn new(options: TimelineOptions, locate: L) -> Self {
        Recorder {
            log: Rc::new(RefCell::new(Log::new(options))),
            locate,
            game: PhantomData,
        }
    }

    /// Inlined into each search's expansion and generation (twice an expansion for BFS): a call
    /// would cost about a sixth of the event.
    #[inline(always)]
    fn event(&mut self, kind: EventKind, state: &G, visit: Visit) {
        let cell = self.locate.cell(state).map(|cell| cell as u32);
        self.log.borrow_mut().event(LastEvent {
            kind,
            cell,
            depth: visit.depth,
            value: visit.value as f32,
        });
    }
}

impl<G, L: Locate<G>> Observer<G> for Recorder<G, L> {
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
