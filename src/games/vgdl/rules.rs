//! [`VgdlState`] is a GVGAI game: its [`Game`](crate::game::Game) and
//! [`Puzzle`](crate::game::Puzzle) are [`GvgaiGame`]'s (actions `L R D U` listed, NIL appliable
//! and the no-op RHEA may use).

use super::state::{VgdlKey, VgdlState};
use crate::games::bait::Action;
use crate::games::gvgai::GvgaiGame;

impl GvgaiGame for VgdlState {
    type Key = VgdlKey;

    fn is_over(&self) -> bool {
        VgdlState::is_over(self)
    }

    fn is_won(&self) -> bool {
        VgdlState::is_won(self)
    }

    fn score(&self) -> i32 {
        VgdlState::score(self)
    }

    #[inline]
    fn advance(&mut self, action: Action) {
        VgdlState::advance(self, action);
    }

    fn key(&self) -> VgdlKey {
        VgdlState::key(self)
    }

    /// The state's fields' block and the sprite list's heap storage.
    fn heap_bytes(&self) -> usize {
        VgdlState::heap_bytes(self)
    }

    /// The key's sprite list's heap storage.
    fn key_heap_bytes(key: &VgdlKey) -> usize {
        key.heap_bytes()
    }
}
