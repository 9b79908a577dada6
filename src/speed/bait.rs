//! Bait's workloads: the forward model's random walk (`searchlab bait speed --walk-level`,
//! `benchRandomWalk`) and A* with the walls-only bound (`--astar-level`, `benchAstar`).

use crate::game::Game;
use crate::games::bait::eval::BaitEval;
use crate::games::bait::{Action, BaitState, LevelError};
use crate::rng::Rng;
use crate::search::astar::{AStar, AStarOptions};
use crate::search::{run_to_end, Progress, Search, Stats};

/// Random actions drawn before the walk, so that the walk times the forward model and not the
/// random number generator (whose 128-bit multiply is a library call in wasm).
pub(super) const ACTION_TABLE: usize = 4096;

/// The walk starts over after this many steps of one game.
pub(super) const RESTART_EVERY: u64 = 100;

/// The Bait forward model: `steps` copy-and-advance calls of a seeded random walk from
/// `start`, restarting at game over and every 100 steps (RULES.md section 5, metric B).
/// Returns a checksum of the avatar's cells. The same walk as [`super::random_walk`], written out:
/// through the generic walk this engine's step took 104 instructions instead of 67 (callgrind,
/// level 0), which would time the harness rather than the engine.
pub fn bait_random_walk(start: &BaitState, steps: u64, seed: u64) -> u64 {
    let actions = action_table(seed);
    let mut checksum = 0u64;
    let mut remaining = steps;
    let mut next_action = 0usize;
    // One game per outer pass, from the start until it ends or has run 100 steps. The inner
    // loop holds only the state and its own small counters: the flat loop with a restart test
    // on every step kept more values live than wasm's compiled code has registers for, and
    // timed its spills (wasm 59 ms against 43 ms per 10 M steps; native the same either way).
    // Counters, not `step % n`: a 64-bit remainder is a long sequence in wasm, which has no
    // 64-bit multiply-high.
    while remaining > 0 {
        let mut state = start.clone();
        let game_steps = remaining.min(RESTART_EVERY) as u32;
        let mut taken = 0u32;
        while taken < game_steps {
            state = state.child(actions[next_action]);
            next_action = (next_action + 1) % ACTION_TABLE;
            checksum = checksum
                .wrapping_mul(31)
                .wrapping_add(u64::from(state.avatar_cell()));
            taken += 1;
            if state.is_over() {
                break;
            }
        }
        remaining -= u64::from(taken);
    }
    checksum
}

/// The walk's [`ACTION_TABLE`] moves, drawn uniformly from `Rng::new(seed)`.
pub(super) fn action_table(seed: u64) -> Vec<Action> {
    let mut rng = Rng::new(seed);
    (0..ACTION_TABLE)
        .map(|_| Action::MOVES[rng.index(Action::MOVES.len())])
        .collect()
}

/// What [`bait_astar`] found.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct AstarRun {
    /// How the search ended.
    pub progress: Progress,
    /// The plan's length (0 without a plan).
    pub plan_length: usize,
    /// The search's counters.
    pub stats: Stats,
}

/// A* with the walls-only distance on `level`, to the end, under the default limits.
pub fn bait_astar(level: &str) -> Result<AstarRun, LevelError> {
    let root = BaitState::parse(level)?;
    let eval = BaitEval::new(root.level());
    let mut search = AStar::new(
        root,
        |s: &BaitState| eval.walls_only_lower_bound(s),
        AStarOptions::default(),
    );
    let progress = run_to_end(&mut search, 10_000);
    Ok(AstarRun {
        progress,
        plan_length: search.principal_variation().len(),
        stats: search.stats(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    const LEVEL: &str = "wwwwwww\nwA..k.w\nw.www.w\nw.m..gw\nwwwwwww";

    #[test]
    fn the_walk_replays_from_its_seed() {
        let start = BaitState::parse(LEVEL).unwrap();
        let a = bait_random_walk(&start, 1000, 9);
        assert_eq!(a, bait_random_walk(&start, 1000, 9));
        assert_ne!(a, bait_random_walk(&start, 1000, 10));
    }

    #[test]
    fn the_walk_restarts_at_game_over_and_every_100_steps() {
        // The definition, step by step: restart before a step when the game is over or has run
        // 100 steps. On this level the hole ends some games early and others run the 100 steps,
        // so both restarts happen.
        let level = "wwwwwwwwwww\nwA.......0w\nw.m.k.....w\nw.........w\nw........gw\nwwwwwwwwwww";
        let start = BaitState::parse(level).unwrap();
        let actions = action_table(5);
        let (mut state, mut since_restart, mut checksum) = (start.clone(), 0, 0u64);
        let (mut over, mut full) = (0, 0);
        for step in 0..5000 {
            if since_restart == 100 || state.is_over() {
                if state.is_over() {
                    over += 1;
                } else {
                    full += 1;
                }
                state = start.clone();
                since_restart = 0;
            }
            since_restart += 1;
            state = state.child(actions[step % ACTION_TABLE]);
            checksum = checksum
                .wrapping_mul(31)
                .wrapping_add(u64::from(state.avatar_cell()));
        }
        assert!(over > 0 && full > 0, "{over} {full}");
        assert_eq!(bait_random_walk(&start, 5000, 5), checksum);
    }

    #[test]
    fn astar_solves_a_small_level() {
        let run = bait_astar(LEVEL).unwrap();
        assert_eq!(run.progress, Progress::Solved);
        assert_eq!(run.plan_length, 6);
    }
}
