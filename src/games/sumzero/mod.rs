//! "Sum to zero", the toy game on which the course's GVGAI planning note teaches UCT.
//!
//! One player, ten turns. At turn `t`, counting down from 10 to 1, the player adds one of
//! `+2t`, `−2t`, `+3t`, `−3t` to a running sum that starts at 0. The game ends after the tenth
//! move, and the reward is `1 − |sum| / 225` ([`NORMALISER`] is the note's `5·9·10/2`), so a line
//! ending on sum 0 earns 1. The sum never leaves `±3·(10 + 9 + … + 1) = ±165`, so every reward is
//! in `(0, 1]`.
//!
//! - [`Action`]: dense indices `0 +2t`, `1 −2t`, `2 +3t`, `3 −3t` ([`Game::action_index`]).
//! - [`SumZero`]: the state, 8 bytes and `Copy`: the sum, how many moves were played, and every
//!   move played so far in two bits each, so a view can draw the whole line.
//! - [`Game::returns`] is the reward once the game is over and 0 before: nothing is earned
//!   until the tenth move (the sum so far is [`SumZero::sum`], the reward it would earn if the
//!   game stopped there is [`reward_of`]).
//! - [`text`]: the moves played as signed amounts, `+20 -18 +24` (the start is the empty text).
//! - [`solve`]: the exact optimum by exhaustive search, memoised on (turns left, sum).

pub mod solve;
pub mod text;

use crate::game::{Game, Turn};

/// Moves in a game.
pub const TURNS: u8 = 10;

/// The reward's divisor: `1 − |sum| / NORMALISER` (the note's `5·9·10/2`).
pub const NORMALISER: f64 = 225.0;

/// The largest `|sum|` any line reaches: `3·(10 + 9 + … + 1)`.
pub const MAX_ABS_SUM: i32 = 3 * (TURNS as i32) * (TURNS as i32 + 1) / 2;

/// The reward of a game that ends on `sum`: `1 − |sum| / 225`.
pub fn reward_of(sum: i32) -> f64 {
    1.0 - f64::from(sum.unsigned_abs()) / NORMALISER
}

/// One move: add or subtract twice or three times the turn number. The discriminant is the
/// dense index.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[repr(u8)]
pub enum Action {
    /// Add `2t` (index 0).
    PlusTwo = 0,
    /// Subtract `2t` (index 1).
    MinusTwo = 1,
    /// Add `3t` (index 2).
    PlusThree = 2,
    /// Subtract `3t` (index 3).
    MinusThree = 3,
}

impl Action {
    /// Every action, in index order (the order of [`Game::legal_actions`]).
    pub const ALL: [Action; 4] = [
        Action::PlusTwo,
        Action::MinusTwo,
        Action::PlusThree,
        Action::MinusThree,
    ];

    /// The dense index (0..4).
    pub fn index(self) -> u32 {
        self as u32
    }

    /// The action with this dense index.
    pub fn from_index(index: u32) -> Option<Action> {
        Action::ALL.get(usize::try_from(index).ok()?).copied()
    }

    /// What the action adds to the sum at turn `t`: `±2t` or `±3t`.
    pub fn amount(self, t: u8) -> i32 {
        let t = i32::from(t);
        match self {
            Action::PlusTwo => 2 * t,
            Action::MinusTwo => -2 * t,
            Action::PlusThree => 3 * t,
            Action::MinusThree => -3 * t,
        }
    }

    /// The action that adds `amount` at turn `t`, if one does (`t` at least 1).
    pub fn from_amount(amount: i32, t: u8) -> Option<Action> {
        Action::ALL
            .into_iter()
            .find(|action| action.amount(t) == amount)
    }
}

/// A state of the game: start it with [`SumZero::start`] (or parse the moves played, see
/// [`text`]) and change it only through [`Game::apply`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct SumZero {
    /// The running sum.
    sum: i16,
    /// Moves played, 0..=10.
    played: u8,
    /// Move `i` (0-based, played at turn `10 − i`) is the action with index `moves >> 2i & 3`.
    moves: u32,
}

impl Default for SumZero {
    fn default() -> Self {
        SumZero::start()
    }
}

impl SumZero {
    /// The start: sum 0, no move played, turn 10 next.
    pub fn start() -> SumZero {
        SumZero {
            sum: 0,
            played: 0,
            moves: 0,
        }
    }

    /// The running sum.
    pub fn sum(&self) -> i32 {
        i32::from(self.sum)
    }

    /// Moves still to play. While the game runs this is also `t`, the number of the next turn
    /// (10 at the start, 1 before the last move); 0 once it is over.
    pub fn turns_left(&self) -> u8 {
        TURNS - self.played
    }

    /// The moves played so far, first move first.
    pub fn moves(&self) -> impl Iterator<Item = Action> + '_ {
        (0..self.played).map(|i| Action::ALL[(self.moves >> (2 * i) & 3) as usize])
    }

    /// What each move played so far added to the sum, first move first (`+20`, `-18`, ...).
    pub fn amounts(&self) -> Vec<i32> {
        self.moves()
            .zip((1..=TURNS).rev())
            .map(|(action, t)| action.amount(t))
            .collect()
    }
}

impl Game for SumZero {
    type Action = Action;
    const NUM_PLAYERS: usize = 1;
    const NUM_DISTINCT_ACTIONS: u32 = 4;

    /// Player 0 until ten moves are played, then terminal.
    fn turn(&self) -> Turn {
        if self.played < TURNS {
            Turn::Player(0)
        } else {
            Turn::Terminal
        }
    }

    /// All four actions in index order while the game runs; none once it is over.
    fn legal_actions(&self, out: &mut Vec<Action>) {
        out.clear();
        if self.played < TURNS {
            out.extend_from_slice(&Action::ALL);
        }
    }

    /// Adds the action's amount for the current turn and records it. Does nothing once the game
    /// is over.
    fn apply(&mut self, action: Action) {
        if self.played >= TURNS {
            return;
        }
        // |sum| stays within MAX_ABS_SUM = 165, so the i16 never overflows.
        self.sum += action.amount(self.turns_left()) as i16;
        self.moves |= action.index() << (2 * u32::from(self.played));
        self.played += 1;
    }

    /// `1 − |sum| / 225` once the game is over; 0 before (the reward comes only at the end).
    fn returns(&self, _player: usize) -> f64 {
        if self.played < TURNS {
            0.0
        } else {
            reward_of(self.sum())
        }
    }

    fn action_index(action: Action) -> u32 {
        action.index()
    }

    fn action_from_index(index: u32) -> Option<Action> {
        Action::from_index(index)
    }
}
