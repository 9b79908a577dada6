//! The search timeline: a recorded run of any search, replayable at any step.
//!
//! A *step* is one unit of a search's own work, the unit [`Search::step`](super::Search::step)
//! counts (an expansion for DFS, BFS and A*, an iteration for MCTS, an individual's evaluation
//! for RHEA, a node for the two-player searches and expectimax). Step `k` of a run is the
//! search's state after `step(1)` has been called `k` times from a fresh search (equivalently,
//! after any slices summing to `k`); step 0 is before any work.
//!
//! - [`Recorder`] (`recorder.rs`) is an [`Observer`](super::Observer) that buffers what the
//!   search reports during a step (expanded and generated states by cell, MCTS walks, RHEA
//!   generations).
//! - [`Recorded`] (`recorded.rs`) wraps a search and closes each step's record with what
//!   changed (counters, progress, best action, plan, root action statistics) and the
//!   recorder's events: it runs the search one unit at a time, or, for a search that reports
//!   its steps ([`Observer::step_done`](super::Observer::step_done): BFS, A*), in whole slices while
//!   the recorder closes the steps. Unrecorded runs do not use it and pay nothing.
//! - `line_ends.rs`: where each step's line led, so that a line that extends an earlier one is
//!   recorded without reading it.
//! - `log.rs`: the compact byte log (varints, `f32` state values, exact `f64` statistics),
//!   capped by [`TimelineCaps`]; a checkpoint every [`CHECKPOINT_EVERY`] steps bounds a replay.
//! - `marks.rs`: markers as the log keeps them (a kind and its numbers), their labels
//!   written when read.
//! - [`Timeline`] (`replay.rs`): the shared handle to read the log: [`Timeline::view_at`],
//!   [`Timeline::markers`], [`Timeline::tree_at`] and [`Timeline::iteration_at`] (MCTS), [`Timeline::population_at`] (RHEA),
//!   [`Timeline::memory_bytes`]; `tree.rs` rebuilds MCTS's tree from the recorded walks.
//! - [`Noted`] (`notes.rs`): a search's per-step note besides its counters (Othello's depth,
//!   value and cutoffs), recorded on change into [`StepNotes`].
//! - [`CellCounts`] (`cells.rs`): per board cell, states expanded and generated there, the heat
//!   map and frontier the page draws, kept live by the recorder and replayed by the timeline.
//!
//! When a cap is hit recording stops ([`Timeline::full_at`], a `full` marker "timeline full at
//! step N"); the search goes on unrecorded.

mod cells;
mod line_ends;
mod log;
mod marks;
mod notes;
mod recorded;
mod recorder;
mod replay;
mod tree;

pub use cells::CellCounts;
pub use log::{TimelineCaps, TimelineOptions, CHECKPOINT_EVERY};
pub use notes::{Noted, StepNotes, NOTE_CHECKPOINT_EVERY};
pub use recorded::Recorded;
pub use recorder::{Locate, Recorder};
pub use replay::{
    EventKind, Individual, IterationNode, IterationView, LastEvent, Marker, MarkerKind,
    PopulationView, StepView, Timeline, TreeNode,
};
