//! The crate's game traits for a GVGAI single-player game (Bait, a VGDL game, a VGDL game being
//! played), written once: a deterministic single-agent puzzle whose actions are GVGAI's `L R D U`
//! (listed in that order, as GVGAI's `getAvailableActions()`) and NIL (appliable while the game
//! runs, not listed, and the no-op RHEA may use), terminal once the game is over, whose returns
//! are the score during the game and at its end (GVGAI adds nothing for the outcome).

use crate::game::{Game, IllegalAction, Puzzle, Turn};
use crate::games::bait::Action;
use std::hash::Hash;

/// A GVGAI single-player game state: what [`Game`] and [`Puzzle`] read from it.
pub trait GvgaiGame: Clone {
    /// What identifies a state for duplicate detection ([`Puzzle::Key`]).
    type Key: Hash + Eq + Clone;

    /// Whether the game is over (won or lost).
    fn is_over(&self) -> bool;

    /// Whether the game is won.
    fn is_won(&self) -> bool;

    /// The score so far.
    fn score(&self) -> i32;

    /// One tick with the avatar's `action` (the game's forward model; nothing once over).
    fn advance(&mut self, action: Action);

    /// This state's identity.
    fn key(&self) -> Self::Key;

    /// Bytes this state owns on the heap ([`Game::heap_bytes`]); 0 by default.
    fn heap_bytes(&self) -> usize {
        0
    }

    /// Bytes `key` owns on the heap ([`Puzzle::key_heap_bytes`]); 0 by default.
    fn key_heap_bytes(_key: &Self::Key) -> usize {
        0
    }
}

impl<S: GvgaiGame> Game for S {
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

    #[inline(always)]
    fn apply(&mut self, action: Action) {
        self.advance(action);
    }

    /// The score, during the game and at its end (no bonus or penalty for the outcome).
    fn returns(&self, _player: usize) -> f64 {
        f64::from(self.score())
    }

    fn action_index(action: Action) -> u32 {
        action.index()
    }

    fn action_from_index(index: u32) -> Option<Action> {
        Action::from_index(index)
    }

    /// Accepts every action, NIL included, while the game runs (GVGAI's `advance` takes NIL).
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

    fn heap_bytes(&self) -> usize {
        GvgaiGame::heap_bytes(self)
    }
}

impl<S: GvgaiGame> Puzzle for S {
    type Key = S::Key;

    fn key(&self) -> S::Key {
        GvgaiGame::key(self)
    }

    fn is_solved(&self) -> bool {
        self.is_won()
    }

    fn key_heap_bytes(key: &S::Key) -> usize {
        <S as GvgaiGame>::key_heap_bytes(key)
    }
}
