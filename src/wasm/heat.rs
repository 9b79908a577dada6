//! The heat map and frontier the page draws while a search runs on a game whose agent stands
//! on a cell (the `agentCell` capability): per cell, how many states the search expanded and
//! generated there.

use super::page_game::PageGame;
use super::search_job::{Indexed, IndexedSearch, Job};
use crate::game::Game;
use crate::search::{Observer, Search, Visit};
use std::cell::RefCell;
use std::rc::Rc;

/// Counts, per board cell, the states a search expanded and generated there (by where the
/// agent stands).
struct CellHeat {
    expanded: Vec<u32>,
    generated: Vec<u32>,
    expanded_total: u64,
    generated_total: u64,
}

impl CellHeat {
    fn new(cells: usize) -> Self {
        CellHeat {
            expanded: vec![0; cells],
            generated: vec![0; cells],
            expanded_total: 0,
            generated_total: 0,
        }
    }

    fn bump(counts: &mut [u32], cell: Option<usize>) {
        if let Some(count) = cell.and_then(|c| counts.get_mut(c)) {
            *count = count.saturating_add(1);
        }
    }

    /// States generated but not yet expanded, per cell (exact for searches that report each
    /// queued state once as generated and once as expanded: BFS and A* their queue, DFS and
    /// depth-limited DFS their stack).
    fn frontier(&self) -> Vec<u32> {
        self.generated
            .iter()
            .zip(&self.expanded)
            .map(|(g, e)| g.saturating_sub(*e))
            .collect()
    }
}

impl<G: PageGame> Observer<G> for CellHeat {
    fn expanded(&mut self, state: &G, _visit: Visit) {
        self.expanded_total += 1;
        CellHeat::bump(
            &mut self.expanded,
            G::CAPABILITIES.agent_cell.map(|cell_of| cell_of(state)),
        );
    }

    fn generated(&mut self, state: &G, _visit: Visit) {
        self.generated_total += 1;
        CellHeat::bump(
            &mut self.generated,
            G::CAPABILITIES.agent_cell.map(|cell_of| cell_of(state)),
        );
    }
}

/// The heat map shared by a search (which owns its observer) and the job that reads it.
#[derive(Clone)]
pub(super) struct SharedHeat(Rc<RefCell<CellHeat>>);

impl SharedHeat {
    /// An empty heat map over `cells` cells.
    pub(super) fn new(cells: usize) -> Self {
        SharedHeat(Rc::new(RefCell::new(CellHeat::new(cells))))
    }
}

impl<G: PageGame> Observer<G> for SharedHeat {
    fn expanded(&mut self, state: &G, visit: Visit) {
        Observer::<G>::expanded(&mut *self.0.borrow_mut(), state, visit);
    }

    fn generated(&mut self, state: &G, visit: Visit) {
        Observer::<G>::generated(&mut *self.0.borrow_mut(), state, visit);
    }
}

/// A configured agent's search and its heat map.
pub(super) struct Running<G: Game> {
    pub(super) search: Indexed<G, Box<dyn Search<G>>>,
    pub(super) heat: SharedHeat,
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
        self.heat.0.borrow().expanded.clone()
    }

    fn frontier(&self) -> Vec<u32> {
        let heat = self.heat.0.borrow();
        if self.has_frontier {
            heat.frontier()
        } else {
            vec![0; heat.expanded.len()]
        }
    }

    fn frontier_size(&self) -> Option<u64> {
        let heat = self.heat.0.borrow();
        self.has_frontier
            .then(|| heat.generated_total.saturating_sub(heat.expanded_total))
    }
}
