//! How MCTS ranks sibling children for its move and line ("most visited"), and how it settles a
//! tie the rule leaves (as many visits and the same mean): GVGAI's sampleMCTS breaks such ties at
//! random (`Utils.noise`), so where every move looks alike the agent wanders; breaking them by
//! action index instead would walk it one way (in Bait, always left). Here each search draws one
//! order of the actions from its seed: as random as GVGAI's from one search to the next, and the
//! same for every query of one search (the move, the line, the timeline's rebuilt tree, which
//! ranks its children with this same code), which a fresh draw per query would not be.

use std::cmp::Ordering;

use crate::rng::Rng;

/// A random order of the action indices, fixed for one search.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TieOrder(u64);

/// What the ranking reads of a child: its visits, the sum of its rewards and its action index.
#[derive(Clone, Copy, Debug)]
pub struct ChildStats {
    /// Walks through the child.
    pub visits: u64,
    /// Sum of the rewards backed up into it.
    pub total: f64,
    /// Dense index of the action leading to it.
    pub action: u32,
}

impl ChildStats {
    /// The mean reward, 0 for a child never visited.
    pub fn mean(self) -> f64 {
        if self.visits == 0 {
            0.0
        } else {
            self.total / self.visits as f64
        }
    }
}

/// The stream of a search's seed that the order is drawn from (apart from the search's RNG, whose
/// draws it leaves as they were).
const TIE_STREAM: u64 = 0x7469_6573; // "ties"

impl TieOrder {
    /// The rule's name, recorded with results that depend on it (`bait ablation --results`):
    /// change it when the rule changes, so that games played under another rule are not mixed in.
    pub const RULE: &'static str = "ties at random";

    /// The order of the search seeded with `seed`.
    pub fn from_seed(seed: u64) -> Self {
        TieOrder(Rng::derive(seed, TIE_STREAM))
    }

    /// Action `index`'s rank: between tied siblings the higher rank is preferred.
    pub fn rank(self, index: u32) -> u64 {
        Rng::derive(self.0, u64::from(index))
    }

    /// Siblings `a` and `b` by visits, then mean (equal totals are equal means, no division
    /// then), then this order; `Greater` when `a` is preferred.
    pub fn most_visited(self, a: ChildStats, b: ChildStats) -> Ordering {
        a.visits
            .cmp(&b.visits)
            .then_with(|| {
                if a.total.to_bits() == b.total.to_bits() {
                    Ordering::Equal
                } else {
                    a.mean().total_cmp(&b.mean())
                }
            })
            .then_with(|| self.rank(a.action).cmp(&self.rank(b.action)))
    }
}
