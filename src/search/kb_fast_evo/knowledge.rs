//! The knowledge base of KB Fast-Evo MCTS ([P] §V-B) and the rollout value of eqs. 4–6.
//!
//! For each sprite type met as the passive side of a collision, kept for the whole game: `Z_i`,
//! the number of events, and `x̄_i`, the mean score change of the steps they happened in (a step
//! with several events credits its change to each, as the authors' code does), plus the wins and
//! losses those steps ended in (for the views; not used by the value).

use crate::sprites::{Event, SpriteType};

/// What the knowledge base knows about one sprite type.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Item {
    /// `Z_i`: events with a sprite of this type.
    pub count: u64,
    /// `x̄_i`: mean score change of the steps with such an event (0 before any).
    pub mean: f64,
    /// Steps with such an event that won the game.
    pub wins: u64,
    /// Steps with such an event that lost the game.
    pub losses: u64,
}

/// One [`Item`] per sprite type of the game (by [`SpriteType`]), grown on demand.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct KnowledgeBase {
    items: Vec<Item>,
}

impl KnowledgeBase {
    /// An empty knowledge base.
    pub fn new() -> Self {
        KnowledgeBase::default()
    }

    /// The item of `kind` (all zeros if never met).
    pub fn item(&self, kind: SpriteType) -> Item {
        self.items
            .get(usize::from(kind))
            .copied()
            .unwrap_or_default()
    }

    /// Every item by type, up to the highest type met.
    pub fn items(&self) -> &[Item] {
        &self.items
    }

    /// Sets the item of `kind` (for pre-seeding knowledge, as the properties' probes do).
    pub fn set(&mut self, kind: SpriteType, item: Item) {
        let index = usize::from(kind);
        if self.items.len() <= index {
            self.items.resize(index + 1, Item::default());
        }
        self.items[index] = item;
    }

    /// Records one step: its `events`, the score change `delta`, and whether it won or lost.
    pub fn record(&mut self, events: &[Event], delta: f64, ending: Option<bool>) {
        for event in events {
            let mut item = self.item(event.passive);
            item.count += 1;
            item.mean += (delta - item.mean) / item.count as f64;
            match ending {
                Some(true) => item.wins += 1,
                Some(false) => item.losses += 1,
                None => {}
            }
            self.set(event.passive, item);
        }
    }
}

/// Eq. 4, one type's curiosity: `Z_F` if `Z_0 = 0`, else `Z_F / Z_0 − 1`.
pub fn curiosity(z_start: u64, z_end: u64) -> f64 {
    if z_start == 0 {
        z_end as f64
    } else {
        z_end as f64 / z_start as f64 - 1.0
    }
}

/// Eq. 5, one type's experience: `1 − D_F / D_0` if the type was never met (`Z_0 = 0`) or is
/// known to pay (`x̄ > 0`), else 0; 0 when `D_0 = 0` (never NaN). `d_end` is 0 when the type's
/// sprites are gone at the end (consumed: the full gain).
pub fn experience(z_start: u64, mean: f64, d_start: f64, d_end: f64) -> f64 {
    if d_start > 0.0 && (z_start == 0 || mean > 0.0) {
        1.0 - d_end / d_start
    } else {
        0.0
    }
}

/// Value of a won playout (a lost one is its negative), before anything else in eq. 6.
pub const WIN_VALUE: f64 = 1e7;

/// Eq. 6: ±[`WIN_VALUE`] for a win or a loss, else `ΔR` if the score changed, else
/// `alpha·ΔZ + beta·ΔD`.
pub fn reward(
    ending: Option<bool>,
    delta_score: f64,
    dz: f64,
    dd: f64,
    alpha: f64,
    beta: f64,
) -> f64 {
    match ending {
        Some(true) => WIN_VALUE,
        Some(false) => -WIN_VALUE,
        None if delta_score != 0.0 => delta_score,
        None => alpha * dz + beta * dd,
    }
}
