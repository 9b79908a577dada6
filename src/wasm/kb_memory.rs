//! KB Fast-Evo's memory across the acts of a page game, and the view of it the page draws.
//!
//! The worker makes a new [`super::SearchJob`] for every act, but the agent's knowledge base
//! (and a kept W) must last the whole game, as in the CLI. The worker's wasm instance therefore
//! keeps one game's memory here: an act (`stream` > 0) of the game seeded `seed` reuses it; move 0
//! (a new game, a new level, a reset) or another seed starts a fresh one. A plan starts fresh.

use std::cell::RefCell;

use serde::Serialize;
use tsify::Tsify;

use wasm_bindgen::prelude::*;

use super::boundary::to_js;
use super::page_game::PageGame;
use super::search_job::{IndexedSearch, Job, ThinkingAt};
use crate::game::Game;
use crate::search::kb_fast_evo::{new_memory, SharedMemory};
use crate::search::timeline::Timeline;
use crate::sprites::SpriteGame;

/// The game whose acts are being searched, and its memory once a KB Fast-Evo search took it.
struct Current {
    seed: u64,
    memory: Option<SharedMemory>,
}

thread_local! {
    static CURRENT: RefCell<Option<Current>> = const { RefCell::new(None) };
}

/// Called before a job is built for move `stream` of the game seeded `seed`: keeps the game's
/// memory for a later move of the same game, and forgets it at move 0 or for another seed.
pub(super) fn enter_job(seed: u64, stream: u64) {
    CURRENT.with(|current| {
        let mut current = current.borrow_mut();
        if !matches!(current.as_ref(), Some(c) if c.seed == seed && stream > 0) {
            *current = Some(Current { seed, memory: None });
        }
    });
}

/// The memory of the game being searched, for a KB Fast-Evo search (fresh for the game's first
/// search, and outside [`enter_job`]).
pub(super) fn claim<G: Game>() -> SharedMemory {
    CURRENT.with(|current| match current.borrow_mut().as_mut() {
        Some(c) => c.memory.get_or_insert_with(new_memory::<G>).clone(),
        None => new_memory::<G>(),
    })
}

/// What the knowledge base knows about one sprite type (eqs. 4 and 5 read `z` and `mean`).
#[derive(Serialize, Tsify)]
#[serde(rename_all = "camelCase")]
pub(super) struct KbTypeView {
    /// The type's index.
    kind: u16,
    /// Its name in the game.
    name: String,
    /// `Z_i`: collision events with a sprite of this type.
    z: u64,
    /// `x̄_i`: mean score change of the steps with such an event.
    mean: f64,
    wins: u64,
    losses: u64,
}

/// KB Fast-Evo's memory now: the knowledge base by type (up to the highest type met), and the
/// best W so far, row-major by action (`weights[action * columns.length + column]`), its
/// columns' types in the order they were discovered, σ and the ES's accepts and rejects.
#[derive(Serialize, Tsify)]
#[serde(rename_all = "camelCase")]
pub(super) struct KbKnowledge {
    types: Vec<KbTypeView>,
    actions: Vec<String>,
    columns: Vec<KbColumn>,
    weights: Vec<f64>,
    sigma: f64,
    accepted: u64,
    rejected: u64,
}

/// A column of W: the sprite type whose distance it weighs.
#[derive(Serialize, Tsify)]
pub(super) struct KbColumn {
    kind: u16,
    name: String,
}

/// The view of `memory` for a game at `state`; `action_name` names the action indices.
pub(super) fn view<G: SpriteGame>(
    memory: &SharedMemory,
    state: &G,
    action_name: impl Fn(u32) -> String,
) -> KbKnowledge {
    let memory = memory.borrow();
    let name = |kind: u16| state.type_name(kind).to_string();
    let types = memory
        .knowledge
        .items()
        .iter()
        .enumerate()
        .map(|(kind, item)| KbTypeView {
            kind: kind as u16,
            name: name(kind as u16),
            z: item.count,
            mean: item.mean,
            wins: item.wins,
            losses: item.losses,
        })
        .collect();
    let evolution = &memory.evolution;
    let columns: Vec<KbColumn> = evolution
        .types()
        .iter()
        .map(|&kind| KbColumn {
            kind,
            name: name(kind),
        })
        .collect();
    // The genome is column-major (`column * actions + action`); the view is row-major.
    let actions = G::NUM_DISTINCT_ACTIONS as usize;
    let best = evolution.best();
    let mut weights = Vec::with_capacity(best.len());
    for action in 0..actions {
        for column in 0..columns.len() {
            weights.push(best.get(column * actions + action).copied().unwrap_or(0.0));
        }
    }
    let (accepted, rejected) = evolution.decisions();
    KbKnowledge {
        types,
        actions: (0..actions as u32).map(action_name).collect(),
        columns,
        weights,
        sigma: evolution.sigma(),
        accepted,
        rejected,
    }
}

/// A KB Fast-Evo job: the search's job, whose `thinking()` is the game's memory ([`KbKnowledge`])
/// at the state searched.
pub(super) struct KbJob<G> {
    pub(super) job: Box<dyn Job>,
    pub(super) memory: SharedMemory,
    pub(super) root: G,
}

impl<G: PageGame + SpriteGame> Job for KbJob<G> {
    fn search(&self) -> &dyn IndexedSearch {
        self.job.search()
    }
    fn search_mut(&mut self) -> &mut dyn IndexedSearch {
        self.job.search_mut()
    }
    fn heat(&self) -> Vec<u32> {
        self.job.heat()
    }
    fn frontier(&self) -> Vec<u32> {
        self.job.frontier()
    }
    fn frontier_size(&self) -> Option<u64> {
        self.job.frontier_size()
    }
    fn thinking(&self) -> Result<JsValue, JsError> {
        let name = |index| G::action_from_index(index).map_or_else(String::new, G::action_name);
        to_js(&view(&self.memory, &self.root, name))
    }
    fn timeline(&self) -> Option<Timeline> {
        self.job.timeline()
    }
    fn thinking_at(&self) -> Option<ThinkingAt> {
        self.job.thinking_at()
    }
}
