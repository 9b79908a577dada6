//! How MCTS settles a tie between siblings its final-choice rule ranks equal (as many visits and
//! the same mean): GVGAI's sampleMCTS breaks such ties at random (`Utils.noise`), so where every
//! move looks alike the agent wanders; breaking them by action index instead would walk it one
//! way (in Bait, always left). Here each search draws one order of the actions from its seed:
//! as random as GVGAI's from one search to the next, and the same for every query of one search
//! (the move, the line, the timeline's tree), which a fresh draw per query would not be.

use crate::rng::Rng;

/// A random order of the action indices, fixed for one search.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TieOrder(u64);

/// The stream of a search's seed that the order is drawn from (apart from the search's RNG, whose
/// draws it leaves as they were).
const TIE_STREAM: u64 = 0x7469_6573; // "ties"

impl TieOrder {
    /// The order of the search seeded with `seed`.
    pub fn from_seed(seed: u64) -> Self {
        TieOrder(Rng::derive(seed, TIE_STREAM))
    }

    /// Action `index`'s rank: between tied siblings the higher rank is preferred.
    pub fn rank(self, index: u32) -> u64 {
        Rng::derive(self.0, u64::from(index))
    }
}
