//! The VGDL interpreter's forward model on the random walk of [`super::bait_random_walk`]
//! (RULES.md section 5, metric B), for any VGDL game (`benchVgdlRandomWalk`, `searchlab vgdl speed`), and the same walk
//! for any game with GVGAI's moves, so that the interpreter and the hand-written Bait engine can
//! be timed on one walk in one run (`tests/bench/wasm-forward-model.mjs`).

use crate::game::Game;
use crate::games::bait::Action;
use crate::games::vgdl::VgdlState;

use super::bait::{action_table, ACTION_TABLE, RESTART_EVERY};

/// [`random_walk`] from `start`, the checksum over the avatar's cells numbered row by row
/// (`y * width + x`).
pub fn vgdl_random_walk(start: &VgdlState, steps: u64, seed: u64) -> u64 {
    let width = start.world().width as u64;
    random_walk(start, steps, seed, |state| {
        let a = state.avatar();
        a.y as u64 * width + a.x as u64
    })
}

/// `steps` copy-and-advance calls of a seeded random walk from `start`, restarting at game
/// over and every 100 steps, drawing the moves of [`super::bait_random_walk`] for the same
/// seed. Returns a checksum of `cell` after every step.
pub fn random_walk<G: Game<Action = Action>>(
    start: &G,
    steps: u64,
    seed: u64,
    cell: impl Fn(&G) -> u64,
) -> u64 {
    let actions = action_table(seed);
    let mut checksum = 0u64;
    let mut remaining = steps;
    let mut next_action = 0usize;
    // One game per outer pass, the loop shape `bait_random_walk` chose for wasm.
    while remaining > 0 {
        let mut state = start.clone();
        let game_steps = remaining.min(RESTART_EVERY) as u32;
        let mut taken = 0u32;
        while taken < game_steps {
            state = state.child(actions[next_action]);
            next_action = (next_action + 1) % ACTION_TABLE;
            checksum = checksum.wrapping_mul(31).wrapping_add(cell(&state));
            taken += 1;
            if state.is_terminal() {
                break;
            }
        }
        remaining -= u64::from(taken);
    }
    checksum
}
