//! The exact optimum of Sum to zero, to set beside what a search chooses.
//!
//! The future of a state depends only on its turns left and its sum, and both are small (11 turn
//! counts, sums within ±165), so an exhaustive search memoised on (turns left, sum) solves every
//! state at once: [`Optimum::solve`] fills one table bottom-up, each entry the best of its four
//! successors one turn later, with the number of lines reaching that best. It stores the
//! smallest `|final sum|` reachable, an integer, so optimal actions and lines are found by exact
//! comparison; values are rewards `1 − |sum| / 225` ([`reward_of`]).

use super::{reward_of, Action, SumZero, MAX_ABS_SUM, TURNS};
use crate::game::Game;

/// Sums a table row holds: `−165..=165`.
const WIDTH: usize = 2 * MAX_ABS_SUM as usize + 1;

/// The best outcome from one (turns left, sum).
#[derive(Clone, Copy, Debug, Default)]
struct Entry {
    /// The smallest `|final sum|` reachable.
    closest: u8,
    /// How many lines of play reach it (at most 4^10).
    lines: u32,
}

/// The largest `|sum|` a state with `turns_left` turns to go can have: three times the turns
/// already played, `3·(10 + 9 + … + (turns_left + 1))`.
fn reach(turns_left: u8) -> i32 {
    let left = i32::from(turns_left);
    MAX_ABS_SUM - 3 * left * (left + 1) / 2
}

/// Every state's optimum. Build it once with [`Optimum::solve`] and ask about any state.
#[derive(Clone, Debug)]
pub struct Optimum {
    /// Row `turns_left`, column `sum + 165`; only `|sum| <= reach(turns_left)` is filled, which
    /// holds every state the rules reach and every successor of one.
    table: Vec<Entry>,
    /// Entries filled.
    solved: u64,
}

impl Default for Optimum {
    fn default() -> Self {
        Optimum::solve()
    }
}

impl Optimum {
    /// Solves every (turns left, sum) a game can reach (about 2,000 entries).
    pub fn solve() -> Optimum {
        let mut optimum = Optimum {
            table: vec![Entry::default(); WIDTH * (usize::from(TURNS) + 1)],
            solved: 0,
        };
        for turns_left in 0..=TURNS {
            let bound = reach(turns_left);
            for sum in -bound..=bound {
                let entry = if turns_left == 0 {
                    Entry {
                        closest: sum.unsigned_abs() as u8,
                        lines: 1,
                    }
                } else {
                    optimum.best_of_successors(turns_left, sum)
                };
                optimum.table[index(turns_left, sum)] = entry;
                optimum.solved += 1;
            }
        }
        optimum
    }

    /// The best of the four successors of (turns_left ≥ 1, sum), which are already solved.
    fn best_of_successors(&self, turns_left: u8, sum: i32) -> Entry {
        let mut best = Entry {
            closest: u8::MAX,
            lines: 0,
        };
        for action in Action::ALL {
            let next = self.table[index(turns_left - 1, sum + action.amount(turns_left))];
            if next.closest < best.closest {
                best = next;
            } else if next.closest == best.closest {
                best.lines += next.lines;
            }
        }
        best
    }

    fn entry(&self, state: &SumZero) -> Entry {
        self.table[index(state.turns_left(), state.sum())]
    }

    /// (Turns left, sum) pairs solved: the work the exhaustive search did.
    pub fn solved_entries(&self) -> u64 {
        self.solved
    }

    /// The smallest `|sum|` the game can still end on from `state` (its own `|sum|` at the end).
    pub fn closest_final_sum(&self, state: &SumZero) -> u32 {
        u32::from(self.entry(state).closest)
    }

    /// The best reward reachable from `state` (its reward once the game is over).
    pub fn value(&self, state: &SumZero) -> f64 {
        reward_of(self.closest_final_sum(state) as i32)
    }

    /// How many lines of play from `state` reach its best reward (1 at the end).
    pub fn optimal_line_count(&self, state: &SumZero) -> u64 {
        u64::from(self.entry(state).lines)
    }

    /// Each legal action with the best reward reachable after it, in index order; empty once
    /// the game is over.
    pub fn action_values(&self, state: &SumZero) -> Vec<(Action, f64)> {
        let mut legal = Vec::new();
        state.legal_actions(&mut legal);
        legal
            .into_iter()
            .map(|action| (action, self.value(&state.child(action))))
            .collect()
    }

    /// What playing `action` at `state` loses against the best play: the best reward from
    /// `state` minus the best reward after `action` (0 for an optimal action, never negative).
    pub fn regret(&self, state: &SumZero, action: Action) -> f64 {
        self.value(state) - self.value(&state.child(action))
    }

    /// An optimal line from `state` to the end: at every turn the lowest-index action that keeps
    /// the best reward reachable.
    pub fn optimal_line(&self, state: &SumZero) -> Vec<Action> {
        let mut state = *state;
        let mut line = Vec::new();
        while !state.is_terminal() {
            let target = self.entry(&state).closest;
            let action = Action::ALL
                .into_iter()
                .find(|&action| self.entry(&state.child(action)).closest == target)
                .expect("the best successor is among the four");
            state.apply(action);
            line.push(action);
        }
        line
    }
}

/// The table slot of (turns_left, sum), `|sum| <= 165`.
fn index(turns_left: u8, sum: i32) -> usize {
    usize::from(turns_left) * WIDTH + (sum + MAX_ABS_SUM) as usize
}
