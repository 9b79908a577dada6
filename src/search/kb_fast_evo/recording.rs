//! A KB Fast-Evo run recorded iteration by iteration, so that the page's views of its knowledge
//! follow the search timeline: [`KbRecording::state_at`] rebuilds, for any step, what the agent
//! knew and did after that step (the knowledge base, the best W with σ and the ES's decisions,
//! the last iteration's reward broken into the terms of eq. 6 with each type's ΔK_i and ΔD_i,
//! the ES strip, the feature rays and rollout policy at the root, the rollout heat map).
//!
//! Each record holds what its iteration changed (knowledge items, W when it changed, the root's
//! features when the root changed) and the cells its rollout visited; a step is rebuilt by
//! replaying the records up to it. Records are stamped with the timeline's step in progress
//! (or numbered 1, 2, … without a timeline), and recording stops once the timeline is full or
//! the records hold [`MAX_RECORDING_BYTES`]. Recording draws no random number and changes
//! nothing the agent reads.

use std::cell::RefCell;
use std::rc::Rc;

use serde::Serialize;

use super::evolution::{softmax, strengths};
use super::knowledge::{Item, KnowledgeBase};
use super::GameMemory;
use crate::search::timeline::Timeline;
use crate::sprites::{Position, SpriteType};

/// Most bytes the records of one recording hold; later iterations are not recorded.
pub const MAX_RECORDING_BYTES: u64 = 32 << 20;

/// ES candidates the strip of [`StepState::strip`] shows, ending at the step.
pub const STRIP_LENGTH: usize = 120;

/// Which branch of eq. 6 gave an iteration its value.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify))]
pub enum Branch {
    /// The playout won: +1e7.
    Won,
    /// The playout lost: −1e7.
    Lost,
    /// The score (ΔR ≠ 0 with the knowledge value; the end's score with the score value).
    Score,
    /// No score change: α·ΔZ + β·ΔD.
    Knowledge,
}

/// An iteration's value broken into the terms that make it: `terminal + score + curiosity +
/// experience == value`, summed in that order, exactly (the terms of the branches that did
/// not fire are 0).
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify))]
pub struct RewardBreakdown {
    /// The branch that fired.
    pub branch: Branch,
    /// ±1e7 for a won or lost playout, else 0.
    pub terminal: f64,
    /// ΔR (the knowledge value) or the end's score (the score value), when that branch fired.
    pub score: f64,
    /// α·ΔZ, when the knowledge branch fired.
    pub curiosity: f64,
    /// β·ΔD, when the knowledge branch fired.
    pub experience: f64,
    /// ΔR, the score change from the root, whichever branch fired.
    pub delta_score: f64,
    /// ΔZ (eq. 4) summed over the feature types, whichever branch fired.
    pub delta_z: f64,
    /// ΔD (eq. 5) summed over the feature types with a sprite at the root, whichever branch
    /// fired (0 when distances were not measured: uniform rollouts with the score value).
    pub delta_d: f64,
    /// The value backed up.
    pub value: f64,
    /// Eq. 6's α (the weight of ΔZ).
    pub alpha: f64,
    /// Eq. 6's β (the weight of ΔD).
    pub beta: f64,
}

/// One feature type's terms in an iteration: its curiosity ΔK_i (eq. 4) and experience ΔD_i
/// (eq. 5), and whether the iteration met it for the first time in the game (`Z_i0 = 0`,
/// `Z_iF > 0`).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct TypeTerms {
    /// The sprite type.
    pub kind: SpriteType,
    /// ΔK_i.
    pub delta_k: f64,
    /// ΔD_i.
    pub delta_d: f64,
    /// First met in this iteration.
    pub discovered: bool,
}

/// The (1+1)-ES's decision on an iteration's candidate, and the ES after it.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify))]
pub struct EsDecision {
    /// The candidate's fitness (the iteration's value).
    pub fitness: f64,
    /// Whether it became the best.
    pub accepted: bool,
    /// The best fitness after the decision.
    pub best_fitness: f64,
    /// σ after the decision.
    pub sigma: f64,
    /// Candidates accepted so far in this act.
    pub accepted_total: u64,
    /// Candidates rejected so far in this act.
    pub rejected_total: u64,
}

/// A feature ray: the nearest sprite of a feature type and its distance `f_j`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Ray {
    /// The sprite type.
    pub kind: SpriteType,
    /// The nearest sprite's column.
    pub x: u32,
    /// Its row.
    pub y: u32,
    /// `f_j`, in the features' unit.
    pub distance: f64,
}

/// The root of an act as the rollout policy sees it.
#[derive(Clone, Debug, PartialEq)]
pub struct RootFeatures {
    /// The avatar's column.
    pub x: u32,
    /// The avatar's row.
    pub y: u32,
    /// The grid's width and height.
    pub width: u32,
    /// The grid's height.
    pub height: u32,
    /// The dense indices of the legal moves at the root.
    pub legal: Vec<u32>,
    /// One ray per feature type present, by type.
    pub rays: Vec<Ray>,
}

/// What one iteration did and changed.
#[derive(Clone, Debug, PartialEq)]
pub struct IterationRecord {
    /// The timeline step it belongs to.
    pub step: u64,
    /// Its value, term by term.
    pub reward: RewardBreakdown,
    /// Each feature type's ΔK_i and ΔD_i.
    pub terms: Vec<TypeTerms>,
    /// The ES's decision (evolved rollouts only).
    pub es: Option<EsDecision>,
    /// The knowledge items that changed, after the iteration.
    knowledge: Vec<(SpriteType, Item)>,
    /// W's column types and best genes, when they changed.
    weights: Option<(Vec<SpriteType>, Vec<f64>)>,
    /// The root's features, when the root changed (a new act).
    root: Option<RootFeatures>,
    /// The cells (`y·width + x`) the avatar stood on in the rollout.
    rollout_cells: Vec<u32>,
}

impl IterationRecord {
    fn bytes(&self) -> u64 {
        let vectors = self.terms.capacity() * std::mem::size_of::<TypeTerms>()
            + self.knowledge.capacity() * std::mem::size_of::<(SpriteType, Item)>()
            + self.rollout_cells.capacity() * 4
            + self
                .weights
                .as_ref()
                .map_or(0, |(t, w)| t.capacity() * 2 + w.capacity() * 8)
            + self
                .root
                .as_ref()
                .map_or(0, |r| r.legal.capacity() * 4 + r.rays.capacity() * 24);
        (std::mem::size_of::<Self>() + vectors) as u64
    }
}

/// One ES candidate on the strip.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify))]
pub struct StripPoint {
    /// The step of its iteration.
    pub step: u64,
    /// The branch of eq. 6 that gave its fitness.
    pub branch: Branch,
    /// The decision.
    pub decision: EsDecision,
}

/// What the agent knew and did after a step: see the module doc.
#[derive(Clone, Debug, PartialEq)]
pub struct StepState {
    /// The step.
    pub step: u64,
    /// Iterations recorded up to the step.
    pub iterations: u64,
    /// The knowledge base.
    pub knowledge: KnowledgeBase,
    /// W's column types, in column order.
    pub columns: Vec<SpriteType>,
    /// The best genes (column-major: `column·actions + action`).
    pub best: Vec<f64>,
    /// σ, and the candidates accepted and rejected in the act so far.
    pub sigma: f64,
    /// Accepted candidates.
    pub accepted: u64,
    /// Rejected candidates.
    pub rejected: u64,
    /// The last iteration at or before the step.
    pub last: Option<IterationRecord>,
    /// The root of the act the step is in.
    pub root: Option<RootFeatures>,
    /// `P(a)` under the best W at the root, one per root legal move (empty without W).
    pub policy: Vec<f64>,
    /// The last [`STRIP_LENGTH`] ES decisions up to the step.
    pub strip: Vec<StripPoint>,
    /// Per cell (`y·width + x`), how many rollout states had the avatar there.
    pub rollout_heat: Vec<u32>,
    /// The step where recording stopped (full), if it did by then.
    pub full_at: Option<u64>,
}

/// The start of a recording: what the agent knew before its first iteration.
#[derive(Clone, Debug)]
struct Start {
    knowledge: KnowledgeBase,
    columns: Vec<SpriteType>,
    best: Vec<f64>,
    sigma: f64,
    decisions: (u64, u64),
}

struct Log {
    timeline: Option<Timeline>,
    actions: usize,
    start: Start,
    records: Vec<IterationRecord>,
    bytes: u64,
    full_at: Option<u64>,
    /// The last recorded knowledge, W and root, to diff the next iteration against.
    knowledge: KnowledgeBase,
    columns: Vec<SpriteType>,
    best: Vec<f64>,
    root: Option<RootFeatures>,
}

/// A shared handle on a recording (cheap to clone; readable after the search is gone).
#[derive(Clone)]
pub struct KbRecording(Rc<RefCell<Log>>);

impl std::fmt::Debug for KbRecording {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "KbRecording({} records)", self.0.borrow().records.len())
    }
}

/// Two handles are equal when they share one recording.
impl PartialEq for KbRecording {
    fn eq(&self, other: &Self) -> bool {
        Rc::ptr_eq(&self.0, &other.0)
    }
}

/// What an iteration did, handed over by the simulation at its end.
pub(super) struct Finished<'a> {
    pub(super) reward: RewardBreakdown,
    pub(super) terms: Vec<TypeTerms>,
    pub(super) es: Option<EsDecision>,
    pub(super) root: &'a RootFeatures,
    pub(super) rollout_cells: Vec<u32>,
    pub(super) memory: &'a GameMemory,
}

impl KbRecording {
    /// A recording starting from `memory` as it is now, its records stamped with the step in
    /// progress of `timeline` (the one the search is recorded into), or numbered from 1.
    pub fn new(memory: &GameMemory, timeline: Option<Timeline>) -> Self {
        let evolution = &memory.evolution;
        let start = Start {
            knowledge: memory.knowledge.clone(),
            columns: evolution.types().to_vec(),
            best: evolution.best().to_vec(),
            sigma: evolution.sigma(),
            decisions: evolution.decisions(),
        };
        KbRecording(Rc::new(RefCell::new(Log {
            timeline,
            actions: evolution.action_count(),
            knowledge: start.knowledge.clone(),
            columns: start.columns.clone(),
            best: start.best.clone(),
            root: None,
            start,
            records: Vec::new(),
            bytes: 0,
            full_at: None,
        })))
    }

    /// Iterations recorded.
    pub fn len(&self) -> usize {
        self.0.borrow().records.len()
    }

    /// Whether nothing is recorded yet.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Bytes the records hold.
    pub fn memory_bytes(&self) -> u64 {
        self.0.borrow().bytes
    }

    /// Records an iteration (nothing once the recording is full).
    pub(super) fn push(&self, done: Finished<'_>) {
        let mut log = self.0.borrow_mut();
        let log = &mut *log;
        if log.full_at.is_some() {
            return;
        }
        let step = match &log.timeline {
            Some(timeline) if timeline.full_at().is_some() => None,
            Some(timeline) => Some(timeline.len() + 1),
            None => Some(log.records.len() as u64 + 1),
        };
        let Some(step) = step.filter(|_| log.bytes < MAX_RECORDING_BYTES) else {
            log.full_at = Some(log.records.last().map_or(0, |r| r.step));
            return;
        };
        let items = done.memory.knowledge.items();
        let knowledge: Vec<(SpriteType, Item)> = items
            .iter()
            .enumerate()
            .filter(|&(kind, item)| log.knowledge.item(kind as SpriteType) != *item)
            .map(|(kind, &item)| (kind as SpriteType, item))
            .collect();
        for &(kind, item) in &knowledge {
            log.knowledge.set(kind, item);
        }
        let evolution = &done.memory.evolution;
        let weights =
            (log.columns != evolution.types() || log.best != evolution.best()).then(|| {
                log.columns = evolution.types().to_vec();
                log.best = evolution.best().to_vec();
                (log.columns.clone(), log.best.clone())
            });
        let root = (log.root.as_ref() != Some(done.root)).then(|| {
            log.root = Some(done.root.clone());
            done.root.clone()
        });
        let record = IterationRecord {
            step,
            reward: done.reward,
            terms: done.terms,
            es: done.es,
            knowledge,
            weights,
            root,
            rollout_cells: done.rollout_cells,
        };
        log.bytes += record.bytes();
        log.records.push(record);
    }

    /// What the agent knew and did after `step` steps (see the module doc).
    pub fn state_at(&self, step: u64) -> StepState {
        let log = self.0.borrow();
        let count = log.records.partition_point(|r| r.step <= step);
        let records = &log.records[..count];
        let start = &log.start;
        let mut knowledge = start.knowledge.clone();
        let (mut columns, mut best) = (&start.columns, &start.best);
        let mut root: Option<&RootFeatures> = None;
        let mut heat: Vec<u32> = Vec::new();
        for record in records {
            for &(kind, item) in &record.knowledge {
                knowledge.set(kind, item);
            }
            if let Some((c, b)) = &record.weights {
                (columns, best) = (c, b);
            }
            if let Some(r) = &record.root {
                root = Some(r);
                heat.clear();
                heat.resize((r.width * r.height) as usize, 0);
            }
            for &cell in &record.rollout_cells {
                if let Some(count) = heat.get_mut(cell as usize) {
                    *count += 1;
                }
            }
        }
        let last = records.last().cloned();
        let es = records.iter().rev().find_map(|r| r.es);
        let (sigma, accepted, rejected) = match es {
            Some(es) => (es.sigma, es.accepted_total, es.rejected_total),
            None => (start.sigma, start.decisions.0, start.decisions.1),
        };
        let mut policy = Vec::new();
        if let Some(root) = root.filter(|_| !columns.is_empty()) {
            let mut features = vec![
                None;
                columns
                    .iter()
                    .map(|&k| usize::from(k) + 1)
                    .max()
                    .unwrap_or(0)
            ];
            for ray in &root.rays {
                if let Some(slot) = features.get_mut(usize::from(ray.kind)) {
                    *slot = Some(ray.distance);
                }
            }
            let mut a = Vec::new();
            strengths(columns, log.actions, best, &features, &root.legal, &mut a);
            softmax(&a, &mut policy);
        }
        let strip_start = count.saturating_sub(STRIP_LENGTH);
        let strip = records[strip_start..]
            .iter()
            .filter_map(|r| {
                r.es.map(|decision| StripPoint {
                    step: r.step,
                    branch: r.reward.branch,
                    decision,
                })
            })
            .collect();
        StepState {
            step,
            iterations: count as u64,
            knowledge,
            columns: columns.clone(),
            best: best.clone(),
            sigma,
            accepted,
            rejected,
            last,
            root: root.cloned(),
            policy,
            strip,
            rollout_heat: heat,
            full_at: log.full_at.filter(|&at| at <= step),
        }
    }
}

/// The root's features for the views: the avatar at `avatar`, the grid `size`, the legal move
/// indices, and the nearest sprite by type (`nearest[type]`).
pub(super) fn root_features(
    avatar: Option<Position>,
    size: (u32, u32),
    legal: Vec<u32>,
    nearest: &[Option<(f64, Position)>],
) -> RootFeatures {
    let at = avatar.unwrap_or(Position { x: 0, y: 0 });
    RootFeatures {
        x: at.x,
        y: at.y,
        width: size.0,
        height: size.1,
        legal,
        rays: nearest
            .iter()
            .enumerate()
            .filter_map(|(kind, near)| {
                near.map(|(distance, at)| Ray {
                    kind: kind as SpriteType,
                    x: at.x,
                    y: at.y,
                    distance,
                })
            })
            .collect(),
    }
}
