//! [`SteppedSolve`]: an exact solve run in steps of bounded work, for a page that shows its
//! progress and can stop it.

use super::prefill::prefill_depths;
use super::{NodeLimitReached, Solution, Solver};
use crate::games::othello::board::Board;

/// Least positions the first step of a [`SteppedSolve`]'s exact search visits; each later step
/// may visit an eighth of this more than the one before.
pub const MIN_STEP_NODES: u64 = 50_000;

/// Most positions one depth of a [`SteppedSolve`]'s seeding search may visit (a step's budget,
/// if larger, instead). The midgame search visits about a sixth as many positions per second
/// as the exact search, so this keeps its steps about as short; the first depth that does not
/// finish within it ends the seeding.
pub const PREFILL_STEP_NODES: u64 = 500_000;

/// An exact solve run in steps of bounded work, so that a caller can show its progress and stop
/// it. Each step searches again from the root with the table kept. A step that stops at its
/// budget stores no bound it did not finish, so the table only ever holds sound bounds, the
/// subtrees that earlier steps finished answer from it at once, and the last step's result is
/// the exact solve's. The walk back down to where the last step stopped costs work too (the
/// principal variation and the move ordering are searched again), and it can outgrow a step:
/// so the least work of a step grows with every step (see [`MIN_STEP_NODES`]), which makes the
/// walk an ever smaller share of each step and lets no solve stall.
pub struct SteppedSolve {
    solver: Solver,
    board: Board,
    /// Midgame depths still to run before the exact search, one a step.
    prefill: std::ops::Range<u32>,
    /// Positions visited by every step so far.
    nodes: u64,
    /// The solve gives up once `nodes` passes this.
    max_nodes: u64,
    /// Steps of the exact search so far.
    steps: u64,
}

impl SteppedSolve {
    /// A solve of `board` (seen from the side to move) whose table uses at most `memory_bytes`
    /// (see [`Solver::new`]) and that gives up after `max_nodes` positions over all its steps.
    pub fn new(board: Board, memory_bytes: usize, max_nodes: u64) -> SteppedSolve {
        SteppedSolve {
            solver: Solver::new(memory_bytes, u64::MAX),
            board,
            prefill: prefill_depths(board),
            nodes: 0,
            max_nodes,
            steps: 0,
        }
    }

    /// Runs one step: a depth of the table's seeding search, or up to `budget` positions of the
    /// exact search (at least [`MIN_STEP_NODES`], plus an eighth of it for every step before).
    /// Returns the solution once it is known, `None` while more steps are needed, and an error
    /// from the step that passes `max_nodes` (and from every step after it).
    pub fn step(&mut self, budget: u64) -> Result<Option<Solution>, NodeLimitReached> {
        let nodes = self.nodes;
        if nodes > self.max_nodes {
            return Err(NodeLimitReached { nodes });
        }
        let solver = &mut self.solver;
        solver.nodes = 0;
        let solution = match self.prefill.next() {
            Some(depth) => {
                solver.max_nodes = budget.max(PREFILL_STEP_NODES);
                solver.prefill(self.board, depth);
                if solver.aborted() {
                    self.prefill = 0..0;
                }
                None
            }
            None => {
                let ramp = self.steps.saturating_mul(MIN_STEP_NODES / 8);
                let least = MIN_STEP_NODES.saturating_add(ramp);
                self.steps += 1;
                solver.max_nodes = budget.max(least).min(self.max_nodes - nodes);
                let solution = solver.search_root(self.board);
                (!solver.aborted()).then_some(solution)
            }
        };
        self.nodes += solver.nodes;
        if self.nodes > self.max_nodes {
            return Err(NodeLimitReached { nodes: self.nodes });
        }
        Ok(solution.map(|solution| Solution {
            nodes: self.nodes,
            ..solution
        }))
    }

    /// Positions visited by every step so far.
    pub fn nodes(&self) -> u64 {
        self.nodes
    }
}
