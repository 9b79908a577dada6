//! The traits every game implements and every search consumes.
//!
//! The vocabulary follows OpenSpiel in snake_case: a state says whose [`Turn`] it is, lists its
//! legal actions (or, at chance nodes, its chance outcomes with probabilities), and is advanced
//! in place by [`Game::apply`]. States are small and cheap to clone, so searches copy-make and
//! never undo. Actions convert to and from a dense `u32` index, which MCTS edges, RHEA genes and
//! the JS boundary all share.
//!
//! Marker traits unlock algorithm families:
//! - [`Puzzle`]: deterministic and single-agent, with a goal (BFS, DFS, DLS, A*).
//! - [`ZeroSum`]: two players whose returns sum to zero (minimax, alpha-beta, MTD(f)).
//! - any [`Game`]: MCTS, RHEA, expectimax.

use std::fmt::Debug;
use std::hash::Hash;

/// Who acts next in a state.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Turn {
    /// The player with this id (0-based) chooses an action.
    Player(usize),
    /// Nature draws one of [`Game::chance_outcomes`].
    Chance,
    /// The game is over.
    Terminal,
}

/// An action was not legal in the state it was applied to.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct IllegalAction {
    /// The action's dense index.
    pub index: u32,
    /// Why it was refused, in words a person can act on.
    pub reason: String,
}

impl std::fmt::Display for IllegalAction {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "illegal action {}: {}", self.index, self.reason)
    }
}

impl std::error::Error for IllegalAction {}

/// A game state. Implementations hold no RNG: randomness enters only through chance outcomes,
/// which searches draw with their own seeded generators.
pub trait Game: Clone {
    /// A move or a chance outcome.
    type Action: Copy + Eq + Debug;

    /// Number of players (1 for puzzles and 2048, 2 for Othello).
    const NUM_PLAYERS: usize;

    /// Every action index is below this bound.
    const NUM_DISTINCT_ACTIONS: u32;

    /// Whose turn it is.
    fn turn(&self) -> Turn;

    /// Clears `out` and fills it with the legal actions of the player to move, in a fixed order.
    /// Empty at chance and terminal nodes.
    fn legal_actions(&self, out: &mut Vec<Self::Action>);

    /// Clears `out` and fills it with the chance outcomes and their probabilities (summing to 1).
    /// Empty unless [`Game::turn`] is [`Turn::Chance`].
    fn chance_outcomes(&self, out: &mut Vec<(Self::Action, f64)>) {
        out.clear();
    }

    /// The chance outcome whose slice of `[0, 1)` holds `r`, the slices laid end to end in
    /// [`Game::chance_outcomes`]' order (the last outcome if rounding leaves `r` past the end);
    /// `None` when there are no outcomes. `scratch` is a buffer the default fills with the list;
    /// games override this to draw without building it (the simulation searches' hot path).
    fn sample_chance(
        &self,
        r: f64,
        scratch: &mut Vec<(Self::Action, f64)>,
    ) -> Option<Self::Action> {
        self.chance_outcomes(scratch);
        let mut rest = r;
        for &(outcome, probability) in scratch.iter() {
            if rest < probability {
                return Some(outcome);
            }
            rest -= probability;
        }
        scratch.last().map(|&(outcome, _)| outcome)
    }

    /// Applies a legal action or chance outcome without checking it (the hot path).
    /// Applying an illegal action leaves the state unspecified but never panics unsafely.
    fn apply(&mut self, action: Self::Action);

    /// The player's returns: the final result at a terminal state, the accumulated score before.
    fn returns(&self, player: usize) -> f64;

    /// The dense index of an action, below [`Game::NUM_DISTINCT_ACTIONS`].
    fn action_index(action: Self::Action) -> u32;

    /// The action with this index, if there is one.
    fn action_from_index(index: u32) -> Option<Self::Action>;

    /// Applies `action` after checking that it is legal here (the boundary's entry point).
    fn try_apply(&mut self, action: Self::Action) -> Result<(), IllegalAction> {
        let index = Self::action_index(action);
        let legal = match self.turn() {
            Turn::Terminal => {
                return Err(IllegalAction {
                    index,
                    reason: "the game is over".into(),
                })
            }
            Turn::Player(_) => {
                let mut actions = Vec::new();
                self.legal_actions(&mut actions);
                actions.contains(&action)
            }
            Turn::Chance => {
                let mut outcomes = Vec::new();
                self.chance_outcomes(&mut outcomes);
                outcomes.iter().any(|&(a, _)| a == action)
            }
        };
        if !legal {
            return Err(IllegalAction {
                index,
                reason: "not legal in this state".into(),
            });
        }
        self.apply(action);
        Ok(())
    }

    /// A copy of this state with `action` applied.
    fn child(&self, action: Self::Action) -> Self {
        let mut next = self.clone();
        next.apply(action);
        next
    }

    /// Whether the game is over.
    fn is_terminal(&self) -> bool {
        self.turn() == Turn::Terminal
    }

    /// An action that passes time without changing the board, if the game has one (GVGAI's NIL).
    /// RHEA uses it as an extra gene value, as GVGAI's sampleRHEA does.
    fn noop_action() -> Option<Self::Action> {
        None
    }

    /// Bytes this state owns on the heap beyond `size_of::<Self>()` (a sprite list that spilled
    /// out of its inline storage); searches that hold states add it to their memory estimate.
    /// 0 for states kept inline (arrays, bitsets), the default.
    fn heap_bytes(&self) -> usize {
        0
    }
}

/// A deterministic single-agent game with a goal: every action has cost 1, and a plan is a
/// sequence of actions from the start to a solved state.
pub trait Puzzle: Game {
    /// What identifies a state for duplicate detection. It leaves out what cannot change the
    /// future (for example a score that follows from the board).
    type Key: Hash + Eq + Clone;

    /// This state's identity.
    fn key(&self) -> Self::Key;

    /// Whether this state is a win (the search's success predicate).
    fn is_solved(&self) -> bool;

    /// Bytes `key` owns on the heap beyond `size_of::<Self::Key>()`; searches that store keys
    /// add it to their memory estimate. 0 for inline keys, the default.
    fn key_heap_bytes(_key: &Self::Key) -> usize {
        0
    }
}

/// A two-player zero-sum game: `returns(0) == -returns(1)` at every terminal state.
pub trait ZeroSum: Game {}
