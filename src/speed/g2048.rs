//! 2048's fixed workloads: the course MCTS on seeded middle-game positions (`searchlab 2048
//! speed` natively, `bench2048Mcts` in the JS API, timed together by `tests/e2e/bench-2048.mjs`;
//! `searchlab 2048 bench` times the same agent, and expectimax, on the same positions).

use crate::agents::g2048::{AgentSpec, Algorithm, SEARCH_LIMITS};
use crate::agents::Agent;
use crate::game::Game;
use crate::games::g2048::eval::Evaluator;
use crate::games::g2048::G2048;
use crate::rng::Rng;
use crate::search::expectimax::{Config, Expectimax};
use crate::search::{NoObserver, Search};

/// Plies of the game [`middle_game_positions`] plays, at most.
const POSITION_PLIES: u32 = 2000;
/// [`middle_game_positions`] keeps every this many plies.
const POSITION_EVERY: u32 = 25;

/// Positions from one seeded game played by depth-2 expectimax: every 25th of its first 2000
/// moves (tiles up to 1024 or 2048, the middle game where most moves of a long game are made).
/// Spawns draw from `Rng::new(seed)`; seed 1 gives 56 positions.
pub fn middle_game_positions(seed: u64) -> Vec<G2048> {
    let evaluator = Evaluator::shared();
    let mut spawns = Rng::new(seed);
    let mut game = G2048::new_game(&mut spawns);
    let config = Config {
        max_depth: 2,
        ..Config::default()
    };
    let mut search =
        Expectimax::new(game, |g: &G2048| evaluator.value(g), config).with_key(G2048::key);
    let mut positions = Vec::new();
    for ply in 0..POSITION_PLIES {
        if game.is_terminal() {
            break;
        }
        if ply % POSITION_EVERY == 0 {
            positions.push(game);
        }
        search.restart(game, config);
        while !search.step(u64::MAX).is_finished() {}
        let Some(action) = search.best_action() else {
            break;
        };
        game.apply(action);
        game.spawn_random(&mut spawns);
    }
    positions
}

/// The course's MCTS agent exactly as `searchlab 2048 play --algo mcts` builds it.
pub fn course_mcts_spec() -> AgentSpec {
    AgentSpec {
        algo: Algorithm::Mcts,
        limits: SEARCH_LIMITS,
        ..AgentSpec::default()
    }
}

/// What [`course_mcts_on`] did.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct MctsRun {
    /// Searches run (one per position).
    pub searches: u64,
    /// Playouts over all searches.
    pub playouts: u64,
    /// A checksum of every search's move, counters and root visits; it depends on every
    /// playout (through the forward-model calls counted) and replays from the seed.
    pub checksum: u64,
}

impl MctsRun {
    fn fold(&mut self, value: u64) {
        self.checksum = self
            .checksum
            .wrapping_mul(0x100_0000_01b3)
            .wrapping_add(value);
    }
}

/// One search of [`course_mcts_spec`] from each of `positions`, `playouts_per_position`
/// playouts each; every search takes its seed from `rng` (one `next_u64`, as in `play`).
pub fn course_mcts_on(positions: &[G2048], rng: &mut Rng, playouts_per_position: u64) -> MctsRun {
    let spec = course_mcts_spec();
    let mut run = MctsRun::default();
    for position in positions {
        let mut search = spec
            .build(position, rng.next_u64(), NoObserver)
            .expect("the course MCTS spec is valid");
        search.step(playouts_per_position);
        let stats = search.stats();
        run.searches += 1;
        run.playouts += stats.iterations;
        run.fold(
            search
                .best_action()
                .map_or(u64::MAX, |a| u64::from(G2048::action_index(a))),
        );
        run.fold(stats.iterations);
        run.fold(stats.generated);
        run.fold(stats.stored);
        run.fold(u64::from(stats.max_depth));
        for stat in search.root_action_stats() {
            run.fold(u64::from(stat.index));
            run.fold(stat.visits);
        }
    }
    run
}

/// The course MCTS on [`middle_game_positions`]`(seed)`, `playouts_per_position` playouts
/// each, the searches seeded from `Rng::new(seed)`. Making the positions is part of the work
/// (about 1 % of it at 10,000 playouts a position).
pub fn g2048_course_mcts(seed: u64, playouts_per_position: u64) -> MctsRun {
    let positions = middle_game_positions(seed);
    course_mcts_on(&positions, &mut Rng::new(seed), playouts_per_position)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn positions_are_middle_game_and_replay_from_their_seed() {
        let positions = middle_game_positions(1);
        assert_eq!(positions.len(), 56);
        assert_eq!(positions, middle_game_positions(1));
        assert_ne!(positions, middle_game_positions(2));
        assert!(positions.iter().all(|p| !p.is_terminal()));
        assert!(positions.last().unwrap().board().max_tile() >= 1024);
    }

    #[test]
    fn the_workload_replays_from_its_seed_and_counts_every_playout() {
        let run = g2048_course_mcts(1, 30);
        assert_eq!(run, g2048_course_mcts(1, 30));
        assert_eq!(run.searches, 56);
        assert_eq!(run.playouts, 56 * 30);
    }

    #[test]
    fn the_checksum_changes_with_the_seed_and_the_playouts() {
        let run = g2048_course_mcts(1, 30);
        assert_ne!(run.checksum, g2048_course_mcts(2, 30).checksum);
        assert_ne!(run.checksum, g2048_course_mcts(1, 31).checksum);
    }

    #[test]
    fn the_checksum_depends_on_the_searches_seeds() {
        let positions = middle_game_positions(1);
        let a = course_mcts_on(&positions, &mut Rng::new(1), 30);
        let b = course_mcts_on(&positions, &mut Rng::new(2), 30);
        assert_eq!((a.searches, a.playouts), (b.searches, b.playouts));
        assert_ne!(a.checksum, b.checksum);
    }
}
