//! The heat map and frontier the page draws while a search runs on a game whose agent stands
//! on a cell (the `agentCell` capability): per cell, how many states the search expanded and
//! generated there ([`CellCounts`]), counted by [`SharedHeat`] or, for a recorded job, by its
//! timeline's recorder (so the live snapshot and the timeline's view at the same step agree).

use super::page_game::PageGame;
use super::search_job::{Indexed, IndexedSearch, Job};
use crate::game::Game;
use crate::search::timeline::{CellCounts, Timeline};
use crate::search::{Observer, Search, Visit};
use std::cell::RefCell;
use std::rc::Rc;

/// The per-cell counts shared by a search (which owns its observer) and the job that reads them.
#[derive(Clone)]
pub(super) struct SharedHeat(Rc<RefCell<CellCounts>>);

impl SharedHeat {
    /// An empty heat map over `cells` cells.
    pub(super) fn new(cells: usize) -> Self {
        SharedHeat(Rc::new(RefCell::new(CellCounts::new(cells))))
    }
}

impl<G: PageGame> Observer<G> for SharedHeat {
    fn expanded(&mut self, state: &G, _visit: Visit) {
        let cell = G::CAPABILITIES.agent_cell.map(|cell_of| cell_of(state));
        self.0.borrow_mut().count_expanded(cell);
    }

    fn generated(&mut self, state: &G, _visit: Visit) {
        let cell = G::CAPABILITIES.agent_cell.map(|cell_of| cell_of(state));
        self.0.borrow_mut().count_generated(cell);
    }
}

/// Where a job's per-cell counts come from.
pub(super) enum Heat {
    /// Counted by the search's observer.
    Counted(SharedHeat),
    /// Counted by the recorder of the job's timeline.
    Recorded(Timeline),
}

impl Heat {
    fn read<R>(&self, read: impl FnOnce(&CellCounts) -> R) -> R {
        match self {
            Heat::Counted(heat) => read(&heat.0.borrow()),
            Heat::Recorded(timeline) => timeline.with_live_cells(read),
        }
    }
}

/// A configured agent's search and its heat map.
pub(super) struct Running<G: Game> {
    pub(super) search: Indexed<G, Box<dyn Search<G>>>,
    pub(super) heat: Heat,
    /// Puzzle searches have a frontier; MCTS and RHEA do not.
    pub(super) has_frontier: bool,
}

impl<G: Game> Job for Running<G> {
    fn search(&self) -> &dyn IndexedSearch {
        &self.search
    }

    fn search_mut(&mut self) -> &mut dyn IndexedSearch {
        &mut self.search
    }

    fn heat(&self) -> Vec<u32> {
        self.heat.read(|counts| counts.heat().to_vec())
    }

    fn frontier(&self) -> Vec<u32> {
        self.heat.read(|counts| {
            if self.has_frontier {
                counts.frontier()
            } else {
                vec![0; counts.cells()]
            }
        })
    }

    fn frontier_size(&self) -> Option<u64> {
        self.has_frontier
            .then(|| self.heat.read(CellCounts::frontier_size))
    }

    fn timeline(&self) -> Option<Timeline> {
        match &self.heat {
            Heat::Recorded(timeline) => Some(timeline.clone()),
            Heat::Counted(_) => None,
        }
    }
}
