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
use crate::search::kb_fast_evo::recording::{
    EsDecision, KbRecording, RewardBreakdown, StepState, StripPoint,
};
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

/// KB Fast-Evo's memory now (or, for a recorded run, after a step of its timeline): the
/// knowledge base by type (up to the highest type met), and the best W so far, row-major by
/// action (`weights[action * columns.length + column]`), its columns' types in the order they
/// were discovered, σ and the ES's accepts and rejects. A recorded run adds the iterations
/// recorded, the last iteration (its value term by term), the ES strip, the root's feature rays
/// and rollout policy, the rollout heat map (per cell, `y * width + x`) and the step where the
/// recording filled up.
#[derive(Serialize, Tsify)]
#[serde(rename_all = "camelCase")]
#[tsify(missing_as_null)]
pub(super) struct KbKnowledge {
    types: Vec<KbTypeView>,
    actions: Vec<String>,
    columns: Vec<KbColumn>,
    weights: Vec<f64>,
    sigma: f64,
    accepted: u64,
    rejected: u64,
    iterations: u64,
    iteration: Option<KbIterationView>,
    strip: Vec<StripPoint>,
    root: Option<KbRootView>,
    rollout_heat: Vec<u32>,
    full_at: Option<u64>,
}

/// One iteration: its step, its value term by term (eq. 6), each feature type's ΔK_i (eq. 4)
/// and ΔD_i (eq. 5), and the ES's decision on its candidate (evolved rollouts).
#[derive(Serialize, Tsify)]
#[serde(rename_all = "camelCase")]
#[tsify(missing_as_null)]
pub(super) struct KbIterationView {
    step: u64,
    reward: RewardBreakdown,
    terms: Vec<KbTermView>,
    es: Option<EsDecision>,
}

/// A feature type's terms in an iteration; `discovered`: first met in it.
#[derive(Serialize, Tsify)]
#[serde(rename_all = "camelCase")]
pub(super) struct KbTermView {
    kind: u16,
    name: String,
    delta_k: f64,
    delta_d: f64,
    discovered: bool,
}

/// The root of the act: the avatar's cell, the grid, a ray to the nearest sprite of each
/// feature type (its cell and `f_j`, eq. 2), and each legal move's probability under the best W
/// (eq. 3).
#[derive(Serialize, Tsify)]
pub(super) struct KbRootView {
    x: u32,
    y: u32,
    width: u32,
    height: u32,
    rays: Vec<KbRayView>,
    policy: Vec<KbMoveView>,
}

/// A feature ray.
#[derive(Serialize, Tsify)]
pub(super) struct KbRayView {
    kind: u16,
    name: String,
    x: u32,
    y: u32,
    distance: f64,
}

/// A root move and its probability under the best W.
#[derive(Serialize, Tsify)]
pub(super) struct KbMoveView {
    action: u32,
    name: String,
    probability: f64,
}

/// A column of W: the sprite type whose distance it weighs.
#[derive(Serialize, Tsify)]
pub(super) struct KbColumn {
    kind: u16,
    name: String,
}

/// The view of `memory` now for a game at `state` (without a recording); `action_name` names
/// the action indices.
pub(super) fn view<G: SpriteGame>(
    memory: &SharedMemory,
    state: &G,
    action_name: impl Fn(u32) -> String,
) -> KbKnowledge {
    let memory = memory.borrow();
    let evolution = &memory.evolution;
    let (accepted, rejected) = evolution.decisions();
    let now = StepState {
        step: 0,
        iterations: 0,
        knowledge: memory.knowledge.clone(),
        columns: evolution.types().to_vec(),
        best: evolution.best().to_vec(),
        sigma: evolution.sigma(),
        accepted,
        rejected,
        last: None,
        root: None,
        policy: Vec::new(),
        strip: Vec::new(),
        rollout_heat: Vec::new(),
        full_at: None,
    };
    view_of(now, state, action_name)
}

/// The view of a recorded run's `step` for a game at `state`; `action_name` names the action
/// indices.
pub(super) fn view_of<G: SpriteGame>(
    step: StepState,
    state: &G,
    action_name: impl Fn(u32) -> String,
) -> KbKnowledge {
    let name = |kind: u16| {
        if usize::from(kind) < state.type_count() {
            state.type_name(kind).to_string()
        } else {
            format!("type {kind}")
        }
    };
    let types = step
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
    let columns: Vec<KbColumn> = step
        .columns
        .iter()
        .map(|&kind| KbColumn {
            kind,
            name: name(kind),
        })
        .collect();
    // The genome is column-major (`column * actions + action`); the view is row-major.
    let actions = G::NUM_DISTINCT_ACTIONS as usize;
    let mut weights = Vec::with_capacity(step.best.len());
    for action in 0..actions {
        for column in 0..columns.len() {
            weights.push(
                step.best
                    .get(column * actions + action)
                    .copied()
                    .unwrap_or(0.0),
            );
        }
    }
    let iteration = step.last.map(|record| KbIterationView {
        step: record.step,
        reward: record.reward,
        terms: record
            .terms
            .iter()
            .map(|t| KbTermView {
                kind: t.kind,
                name: name(t.kind),
                delta_k: t.delta_k,
                delta_d: t.delta_d,
                discovered: t.discovered,
            })
            .collect(),
        es: record.es,
    });
    let root = step.root.map(|root| KbRootView {
        x: root.x,
        y: root.y,
        width: root.width,
        height: root.height,
        rays: root
            .rays
            .iter()
            .map(|ray| KbRayView {
                kind: ray.kind,
                name: name(ray.kind),
                x: ray.x,
                y: ray.y,
                distance: ray.distance,
            })
            .collect(),
        policy: root
            .legal
            .iter()
            .zip(&step.policy)
            .map(|(&action, &probability)| KbMoveView {
                action,
                name: action_name(action),
                probability,
            })
            .collect(),
    });
    KbKnowledge {
        types,
        actions: (0..actions as u32).map(&action_name).collect(),
        columns,
        weights,
        sigma: step.sigma,
        accepted: step.accepted,
        rejected: step.rejected,
        iterations: step.iterations,
        iteration,
        strip: step.strip,
        root,
        rollout_heat: step.rollout_heat,
        full_at: step.full_at,
    }
}

/// A KB Fast-Evo job: the search's job, whose `thinking()` is the game's memory ([`KbKnowledge`])
/// at the state searched; a recorded job records its iterations ([`KbRecording`]) so that its
/// timeline's `thinkingAt(step)` shows the memory after that step, as the live run showed it.
pub(super) struct KbJob<G> {
    job: Box<dyn Job>,
    memory: SharedMemory,
    root: G,
    recording: Option<KbRecording>,
}

impl<G: PageGame + SpriteGame> KbJob<G> {
    /// The job `job` (built with `memory`, not stepped yet) from `root`; when `job` records a
    /// timeline, the memory records into it from now on (and stops recording otherwise).
    pub(super) fn new(job: Box<dyn Job>, memory: SharedMemory, root: G) -> Self {
        let recording = job
            .timeline()
            .map(|timeline| KbRecording::new(&memory.borrow(), Some(timeline)));
        memory.borrow_mut().recording.clone_from(&recording);
        KbJob {
            job,
            memory,
            root,
            recording,
        }
    }
}

/// The name of action index `index` in `G`.
fn action_name<G: PageGame>(index: u32) -> String {
    G::action_from_index(index).map_or_else(String::new, G::action_name)
}

impl<G: PageGame + SpriteGame + 'static> Job for KbJob<G> {
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
        match &self.recording {
            Some(recording) => to_js(&view_of(
                recording.state_at(u64::MAX),
                &self.root,
                action_name::<G>,
            )),
            None => to_js(&view(&self.memory, &self.root, action_name::<G>)),
        }
    }
    fn timeline(&self) -> Option<Timeline> {
        self.job.timeline()
    }
    fn thinking_at(&self) -> Option<ThinkingAt> {
        let recording = self.recording.clone()?;
        let root = self.root.clone();
        Some(std::rc::Rc::new(move |step| {
            to_js(&view_of(recording.state_at(step), &root, action_name::<G>))
        }))
    }
}
