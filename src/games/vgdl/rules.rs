//! The crate's game traits for [`VgdlState`]: a deterministic single-agent puzzle whose actions
//! are GVGAI's `L R D U` (listed) and NIL (appliable, and the no-op RHEA may use).

use super::state::{VgdlKey, VgdlState};
use crate::game::{Game, IllegalAction, Puzzle, Turn};
use crate::games::bait::Action;

impl Game for VgdlState {
    type Action = Action;
    const NUM_PLAYERS: usize = 1;
    const NUM_DISTINCT_ACTIONS: u32 = 5;

    fn turn(&self) -> Turn {
        if self.is_over() {
            Turn::Terminal
        } else {
            Turn::Player(0)
        }
    }

    /// The four moves in GVGAI's order `L R D U` (NIL is appliable but not listed, as in
    /// GVGAI's `getAvailableActions()`); empty once the game is over.
    fn legal_actions(&self, out: &mut Vec<Action>) {
        out.clear();
        if !self.is_over() {
            out.extend_from_slice(&Action::MOVES);
        }
    }

    #[inline]
    fn apply(&mut self, action: Action) {
        self.advance(action);
    }

    /// The score, during the game and at its end (GVGAI adds nothing for the outcome).
    fn returns(&self, _player: usize) -> f64 {
        f64::from(self.score())
    }

    fn action_index(action: Action) -> u32 {
        action.index()
    }

    fn action_from_index(index: u32) -> Option<Action> {
        Action::from_index(index)
    }

    /// Accepts every action, NIL included, while the game runs.
    fn try_apply(&mut self, action: Action) -> Result<(), IllegalAction> {
        if self.is_over() {
            return Err(IllegalAction {
                index: action.index(),
                reason: "the game is over".into(),
            });
        }
        self.advance(action);
        Ok(())
    }

    fn noop_action() -> Option<Action> {
        Some(Action::Nil)
    }

    /// The sprite list's heap storage.
    fn heap_bytes(&self) -> usize {
        self.sprites_heap_bytes()
    }
}

impl Puzzle for VgdlState {
    type Key = VgdlKey;

    fn key(&self) -> VgdlKey {
        VgdlState::key(self)
    }

    fn is_solved(&self) -> bool {
        self.is_won()
    }

    /// The key's sprite list's heap storage.
    fn key_heap_bytes(key: &VgdlKey) -> usize {
        key.heap_bytes()
    }
}
