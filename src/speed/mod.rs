//! Fixed workloads for comparing the same code natively and in WebAssembly (`searchlab ... speed`
//! and the `bench*` exports of the JS API, timed together by `tests/e2e/bench*.mjs`), one module
//! per game (`vgdl`: the planners of the 75-level table). Callers time them: the core never
//! reads a clock. Each returns a result that depends on all of its work, so none of it can be
//! optimised away.

pub mod bait;
pub mod g2048;
pub mod vgdl;
pub mod vgdl_walk;

pub use bait::{bait_astar, bait_random_walk, AstarRun};
pub use g2048::{g2048_course_mcts, MctsRun};
pub use vgdl_walk::{random_walk, vgdl_random_walk};
