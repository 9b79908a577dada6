//! Helpers shared by the Othello search tests.

use searchlab::game::Game;
use searchlab::games::othello::Othello;
use searchlab::rng::Rng;

/// A position reached by `plies` random moves from the start (fewer if the game ends).
pub fn random_position(seed: u64, plies: usize) -> Othello {
    let mut rng = Rng::new(seed);
    let mut state = Othello::start();
    let mut moves = Vec::new();
    for _ in 0..plies {
        state.legal_actions(&mut moves);
        if moves.is_empty() {
            break;
        }
        state.apply(moves[rng.index(moves.len())]);
    }
    state
}
