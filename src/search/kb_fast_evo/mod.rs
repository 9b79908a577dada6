//! Knowledge-based Fast-Evolutionary MCTS (Perez, Samothrakis and Lucas, IEEE CIG 2014), for any
//! [`SpriteGame`]: sampleMCTS's tree (this crate's [`Mcts`], reused through its [`Simulation`]
//! hook: the same UCB1 selection, expansion and bounds) with two parts swapped, each a switch of
//! the paper's 2×2 ablation.
//!
//! - **Rollouts** ([`Rollouts`]): uniform, or drawn from `P(a_i) ∝ e^{−a_i}`,
//!   `a_i = Σ_j w_ij f_j`, where `f_j` is the distance from the avatar to the nearest sprite of
//!   type `j` (eqs. 1–3) and W is evolved by a (1+1)-ES, one candidate per iteration, its fitness
//!   the iteration's value (`evolution.rs`).
//! - **Value** ([`Value`]): the score (±1e7 for a win or a loss, as sampleMCTS), or eq. 6: ±1e7
//!   for a win or a loss, else `ΔR` when the score changed, else `α·ΔZ + β·ΔD` with the curiosity
//!   of eq. 4 and the experience of eq. 5 summed over the feature types, from a knowledge base of
//!   collision events kept for the whole game (`knowledge.rs`).
//!
//! With uniform rollouts and the score value it draws the same random numbers as sampleMCTS and
//! plays exactly as it does. Choices where the paper is silent (`shared/agents/kb-fast-evo.md`
//! §1.4, marked there [I]), each a parameter where it is a choice: `D_i0` is taken at the root;
//! a type with no sprite left at the end has `D_iF = 0`; `D_i0 = 0` gives 0; the knowledge base
//! is keyed by the passive type and records every type, while eqs. 4 and 5 sum over the feature
//! types; the genome grows a column for each type first seen during an iteration once that
//! iteration ends, and for the types at the root when an iteration begins; W is re-initialised
//! every act unless [`KbConfig::keep_weights`]; distances are straight lines or walking steps
//! ([`Distance`]), in cells or divided by `width + height` ([`FeatureScale`]).
//!
//! The knowledge base (and a kept W) live in a [`SharedMemory`] the caller creates once per game
//! and passes to every act's search.
//!
//! Reference: D. Perez, S. Samothrakis, S. Lucas, "Knowledge-based Fast Evolutionary MCTS for
//! General Video Game Playing", IEEE CIG 2014, doi 10.1109/CIG.2014.6932868.

pub mod evolution;
pub mod features;
pub mod knowledge;
pub mod recording;

use std::cell::RefCell;
use std::rc::Rc;

use serde::{Deserialize, Serialize};

use crate::field_error::{quoted, FieldError};
use crate::game::Game;
use crate::rng::Rng;
use crate::search::anytime::InvalidConfig;
use crate::search::mcts::{Mcts, MctsConfig, Rollout, Simulation};
use crate::search::{NoObserver, Observer};
use crate::sprites::{Ending, Event, Position, SpriteGame};
use evolution::{draw, softmax, Evolution};
use features::FeatureMeter;
use knowledge::{curiosity, experience, reward, KnowledgeBase, WIN_VALUE};
use recording::{
    root_features, Branch, EsDecision, Finished, KbRecording, RewardBreakdown, RootFeatures,
    TypeTerms,
};

/// How rollouts choose their moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify))]
pub enum Rollouts {
    /// Uniformly random legal moves (sampleMCTS).
    Uniform,
    /// The softmax over `W·f`, W evolved by the (1+1)-ES (Fast-Evo).
    Evolved,
}

/// How a playout is valued.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify))]
pub enum Value {
    /// The score, ±1e7 for a win or a loss (sampleMCTS).
    Score,
    /// Eq. 6 with the knowledge base (KB).
    Knowledge,
}

/// Which sprite types are features (and count in eqs. 4 and 5).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify))]
pub enum FeatureTypes {
    /// The paper's categories: NPC, resource, movable (non-static), portal, avatar spawns.
    Paper,
    /// Every type but walls and avatars (static ones too).
    All,
}

/// How the distance to a sprite is measured.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify))]
pub enum Distance {
    /// Straight line, through walls (the paper).
    Euclidean,
    /// Fewest steps around walls (breadth-first over the grid).
    Walking,
}

/// The unit of the features.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify))]
pub enum FeatureScale {
    /// Cells divided by the grid's `width + height` (features in [0, 1]: soft rollouts).
    Grid,
    /// Cells (nearly greedy rollouts once W has signal).
    Cells,
}

/// Names for a setting: `ALL` (in the order help lists them), `name()` (the command line's and
/// links' word) and `parse(word)` (an error on `field` listing the names).
macro_rules! named_setting {
    ($setting:ident, $field:literal, [$($variant:ident => $word:literal),+]) => {
        impl $setting {
            /// Every value, in the order help lists them.
            pub const ALL: [$setting; [$($word),+].len()] = [$($setting::$variant),+];

            /// The word on the command line and in links.
            pub fn name(self) -> &'static str {
                match self {
                    $($setting::$variant => $word),+
                }
            }

            /// The value called `word`; the error names the field and every word.
            pub fn parse(word: &str) -> Result<Self, FieldError> {
                match word {
                    $($word => Ok($setting::$variant),)+
                    _ => Err(FieldError::new(
                        $field,
                        format!(
                            "unknown {} '{}' (expected {})",
                            $field,
                            quoted(word),
                            [$($word),+].join(" or ")
                        ),
                    )),
                }
            }
        }
    };
}

named_setting!(Rollouts, "rollouts", [Evolved => "evolved", Uniform => "uniform"]);
named_setting!(Value, "value", [Knowledge => "knowledge", Score => "score"]);
named_setting!(FeatureTypes, "features", [Paper => "paper", All => "all"]);
named_setting!(Distance, "distance", [Euclidean => "euclidean", Walking => "walking"]);
named_setting!(FeatureScale, "feature-scale", [Grid => "grid", Cells => "cells"]);

/// Parameters of KB Fast-Evo MCTS.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct KbConfig {
    /// The tree's parameters (sampleMCTS's by default; the rollout depth is L).
    pub mcts: MctsConfig,
    /// Uniform or evolved rollouts.
    pub rollouts: Rollouts,
    /// Score or knowledge value.
    pub value: Value,
    /// Eq. 6's weight of curiosity ΔZ (finite; default 0.66).
    pub alpha: f64,
    /// Eq. 6's weight of experience ΔD (finite; default 0.33).
    pub beta: f64,
    /// Which types are features.
    pub features: FeatureTypes,
    /// Straight-line or walking distances.
    pub distance: Distance,
    /// The features' unit.
    pub scale: FeatureScale,
    /// Keep W and the ES across acts instead of starting afresh each act.
    pub keep_weights: bool,
}

impl KbConfig {
    /// The paper's agent (evolved rollouts, knowledge value, α = 0.66, β = 0.33, paper
    /// categories, straight lines) with rollout depth `depth`.
    pub fn paper(depth: u32) -> Self {
        KbConfig {
            mcts: MctsConfig {
                max_tree_depth: Some(depth),
                rollout: Rollout::UntilDepth(depth),
                ..MctsConfig::gvgai_sample_mcts()
            },
            rollouts: Rollouts::Evolved,
            value: Value::Knowledge,
            alpha: 0.66,
            beta: 0.33,
            features: FeatureTypes::Paper,
            distance: Distance::Euclidean,
            scale: FeatureScale::Grid,
            keep_weights: false,
        }
    }

    fn validate(&self) -> Result<(), InvalidConfig> {
        for (field, weight) in [("alpha", self.alpha), ("beta", self.beta)] {
            if !weight.is_finite() {
                return Err(InvalidConfig {
                    field,
                    reason: "must be a finite number",
                });
            }
        }
        Ok(())
    }
}

impl Default for KbConfig {
    fn default() -> Self {
        KbConfig::paper(10)
    }
}

/// What the agent keeps for a whole game: the knowledge base, and W with its ES (used afresh
/// each act unless [`KbConfig::keep_weights`]).
#[derive(Clone, Debug, PartialEq)]
pub struct GameMemory {
    /// The knowledge base.
    pub knowledge: KnowledgeBase,
    /// W and the (1+1)-ES.
    pub evolution: Evolution,
    /// Where the searches record their iterations for the page's timeline, when set (nothing
    /// the agent reads).
    pub recording: Option<KbRecording>,
}

impl GameMemory {
    /// An empty memory for a game `G`.
    pub fn new<G: Game>() -> Self {
        GameMemory {
            knowledge: KnowledgeBase::new(),
            evolution: Evolution::new(G::NUM_DISTINCT_ACTIONS as usize),
            recording: None,
        }
    }
}

/// A game's memory shared by the searches of its acts.
pub type SharedMemory = Rc<RefCell<GameMemory>>;

/// A fresh [`SharedMemory`] for a game `G`.
pub fn new_memory<G: Game>() -> SharedMemory {
    Rc::new(RefCell::new(GameMemory::new::<G>()))
}

/// The last playout's value and its parts (eq. 6).
#[derive(Clone, Copy, Debug, Default, PartialEq, Serialize)]
pub struct RewardParts {
    /// `ΔR`: the score change from the root.
    pub delta_score: f64,
    /// `ΔZ` (eq. 4), 0 unless the knowledge branch fired.
    pub curiosity: f64,
    /// `ΔD` (eq. 5), 0 unless the knowledge branch fired.
    pub experience: f64,
    /// The value backed up.
    pub value: f64,
}

/// KB Fast-Evo MCTS: sampleMCTS's tree with [`KbSimulation`].
pub type KbFastEvo<G, O = NoObserver> = Mcts<G, KbSimulation<G>, O>;

/// The search for one act from `root`, every random choice drawn from `Rng::new(seed)`, the
/// knowledge base (and a kept W) in `memory`, reporting to `observer` as MCTS does.
pub fn kb_fast_evo<G: SpriteGame, O: Observer<G>>(
    root: G,
    config: KbConfig,
    seed: u64,
    memory: SharedMemory,
    observer: O,
) -> Result<KbFastEvo<G, O>, InvalidConfig> {
    config.validate()?;
    if !config.keep_weights {
        memory.borrow_mut().evolution = Evolution::new(G::NUM_DISTINCT_ACTIONS as usize);
    }
    let simulation = KbSimulation {
        config,
        memory,
        meter: FeatureMeter::default(),
        start_counts: Vec::new(),
        start_distances: Vec::new(),
        start_score: 0.0,
        seen: Vec::new(),
        features: Vec::new(),
        events: Vec::new(),
        indices: Vec::new(),
        strengths: Vec::new(),
        probabilities: Vec::new(),
        last: RewardParts::default(),
        recording: None,
        root: None,
        nearest: Vec::new(),
        rollout_cells: Vec::new(),
        breakdown: None,
        terms: Vec::new(),
        _game: std::marker::PhantomData,
    };
    Mcts::with_observer(root, config.mcts, seed, simulation, observer)
}

/// The rollout policy, the forward-model steps that feed the knowledge base and the value of
/// KB Fast-Evo MCTS (see the module doc).
pub struct KbSimulation<G> {
    config: KbConfig,
    memory: SharedMemory,
    meter: FeatureMeter,
    /// `Z_i0` by type, at the start of the iteration.
    start_counts: Vec<u64>,
    /// `D_i0` by type, at the root.
    start_distances: Vec<Option<f64>>,
    start_score: f64,
    /// Feature types met in this iteration's rollout, by type.
    seen: Vec<bool>,
    // Scratch.
    features: Vec<Option<f64>>,
    events: Vec<Event>,
    indices: Vec<u32>,
    strengths: Vec<f64>,
    probabilities: Vec<f64>,
    last: RewardParts,
    // Recording (see `recording.rs`), while the memory has a recording.
    recording: Option<KbRecording>,
    /// The root's features, measured at the first recorded iteration.
    root: Option<RootFeatures>,
    nearest: Vec<Option<(f64, Position)>>,
    /// The cells of this iteration's rollout states.
    rollout_cells: Vec<u32>,
    breakdown: Option<RewardBreakdown>,
    terms: Vec<TypeTerms>,
    _game: std::marker::PhantomData<fn(&G)>,
}

impl<G> KbSimulation<G> {
    /// The configuration.
    pub fn config(&self) -> &KbConfig {
        &self.config
    }

    /// The game's memory (knowledge base, W and the ES).
    pub fn memory(&self) -> &SharedMemory {
        &self.memory
    }

    /// The last playout's value and its parts.
    pub fn last_reward(&self) -> RewardParts {
        self.last
    }
}

impl<G: SpriteGame> KbSimulation<G> {
    fn measure(&mut self, state: &G) {
        let c = self.config;
        self.meter
            .measure(state, c.features, c.distance, c.scale, &mut self.features);
    }

    /// Eq. 4 summed over the feature types, from this iteration's start counts.
    fn curiosity_sum(&self, state: &G) -> f64 {
        let memory = self.memory.borrow();
        let items = memory.knowledge.items();
        (0..items.len())
            .filter(|&t| self.config.features.includes(state.category(t as u16)))
            .map(|t| {
                curiosity(
                    self.start_counts.get(t).copied().unwrap_or(0),
                    items[t].count,
                )
            })
            .sum()
    }

    /// Eq. 5 summed over the feature types with a sprite at the root; `self.features` holds
    /// the end state's distances.
    fn experience_sum(&self) -> f64 {
        let memory = self.memory.borrow();
        let knowledge = &memory.knowledge;
        self.start_distances
            .iter()
            .enumerate()
            .filter_map(|(t, d0)| d0.map(|d0| (t, d0)))
            .map(|(t, d0)| {
                let item = knowledge.item(t as u16);
                let z0 = self.start_counts.get(t).copied().unwrap_or(0);
                let d_end = self.features.get(t).copied().flatten().unwrap_or(0.0);
                experience(z0, item.mean, d0, d_end)
            })
            .sum()
    }
}

impl<G: SpriteGame> KbSimulation<G> {
    /// Recording: the root's features (once per search) and a fresh rollout.
    fn begin_recording(&mut self, root: &G) {
        self.rollout_cells.clear();
        self.breakdown = None;
        if self.root.is_some() {
            return;
        }
        let c = self.config;
        self.meter
            .nearest(root, c.features, c.distance, c.scale, &mut self.nearest);
        let mut legal = Vec::new();
        root.legal_actions(&mut legal);
        self.root = Some(root_features(
            root.avatar().map(|a| a.at),
            root.grid_size(),
            legal.into_iter().map(G::action_index).collect(),
            &self.nearest,
        ));
    }

    /// Recording: the avatar's cell in a rollout state.
    fn record_cell(&mut self, state: &G) {
        if let Some(avatar) = state.avatar() {
            let (width, _) = state.grid_size();
            self.rollout_cells.push(avatar.at.y * width + avatar.at.x);
        }
    }

    /// Recording: the value's terms and each feature type's ΔK_i and ΔD_i at the end `state`
    /// (`self.last` holds the value and, when the knowledge branch fired, ΔZ and ΔD).
    fn record_value(&mut self, state: &G) {
        let measured = !self.start_distances.is_empty();
        let knowledge_fired = self.config.value == Value::Knowledge
            && state.ending().is_none()
            && self.last.delta_score == 0.0;
        if !knowledge_fired && measured {
            self.measure(state);
        }
        let (delta_z, delta_d) = if knowledge_fired {
            (self.last.curiosity, self.last.experience)
        } else {
            (
                self.curiosity_sum(state),
                if measured { self.experience_sum() } else { 0.0 },
            )
        };
        let terminal = match state.ending() {
            Some(Ending::Won) => WIN_VALUE,
            Some(Ending::Lost) => -WIN_VALUE,
            None => 0.0,
        };
        let c = self.config;
        let (branch, score, curiosity_part, experience_part) = if terminal != 0.0 {
            let won = terminal > 0.0;
            let branch = if won { Branch::Won } else { Branch::Lost };
            // The score value adds the end's score to ±1e7.
            let score = if c.value == Value::Score {
                state.score()
            } else {
                0.0
            };
            (branch, score, 0.0, 0.0)
        } else if c.value == Value::Score {
            (Branch::Score, state.score(), 0.0, 0.0)
        } else if knowledge_fired {
            (Branch::Knowledge, 0.0, c.alpha * delta_z, c.beta * delta_d)
        } else {
            (Branch::Score, self.last.delta_score, 0.0, 0.0)
        };
        self.breakdown = Some(RewardBreakdown {
            branch,
            terminal,
            score,
            curiosity: curiosity_part,
            experience: experience_part,
            delta_score: self.last.delta_score,
            delta_z,
            delta_d,
            value: self.last.value,
            alpha: c.alpha,
            beta: c.beta,
        });
        if !self.rollout_cells.is_empty() {
            self.record_cell(state);
        }
        let memory = self.memory.borrow();
        let knowledge = &memory.knowledge;
        let types = knowledge.items().len().max(self.start_distances.len());
        self.terms.clear();
        for t in 0..types {
            let kind = t as u16;
            let d0 = self.start_distances.get(t).copied().flatten();
            let item = knowledge.item(kind);
            let feature = t < state.type_count() && c.features.includes(state.category(kind));
            if !feature || (item.count == 0 && d0.is_none()) {
                continue;
            }
            let z0 = self.start_counts.get(t).copied().unwrap_or(0);
            let delta_d = d0.map_or(0.0, |d0| {
                let d_end = self.features.get(t).copied().flatten().unwrap_or(0.0);
                experience(z0, item.mean, d0, d_end)
            });
            self.terms.push(TypeTerms {
                kind,
                delta_k: curiosity(z0, item.count),
                delta_d: if measured { delta_d } else { 0.0 },
                discovered: z0 == 0 && item.count > 0,
            });
        }
    }

    /// Recording: hands the iteration over once the ES has decided (`decisions_before`: its
    /// accepts and rejects before).
    fn finish_recording(&mut self, fitness: f64, decisions_before: (u64, u64)) {
        let (Some(recording), Some(root), Some(reward)) =
            (self.recording.clone(), self.root.as_ref(), self.breakdown)
        else {
            return;
        };
        let memory = self.memory.borrow();
        let es = (self.config.rollouts == Rollouts::Evolved).then(|| {
            let evolution = &memory.evolution;
            let (accepted, rejected) = evolution.decisions();
            EsDecision {
                fitness,
                accepted: accepted > decisions_before.0,
                best_fitness: evolution.best_fitness(),
                sigma: evolution.sigma(),
                accepted_total: accepted,
                rejected_total: rejected,
            }
        });
        recording.push(Finished {
            reward,
            terms: std::mem::take(&mut self.terms),
            es,
            root,
            rollout_cells: std::mem::take(&mut self.rollout_cells),
            memory: &memory,
        });
    }
}

impl<G: SpriteGame> Simulation<G> for KbSimulation<G> {
    /// Snapshots `Z_i0`, `D_i0` and the root's score; with evolved rollouts, grows W for the
    /// types at the root and draws the iteration's candidate (ES.getNext).
    fn begin(&mut self, root: &G, rng: &mut Rng) {
        {
            let memory = self.memory.borrow();
            self.start_counts.clear();
            self.start_counts
                .extend(memory.knowledge.items().iter().map(|item| item.count));
            self.recording.clone_from(&memory.recording);
        }
        self.start_score = root.score();
        self.seen.clear();
        self.seen.resize(root.type_count(), false);
        if self.recording.is_some() {
            self.begin_recording(root);
        }
        if self.config.value == Value::Knowledge
            || self.config.rollouts == Rollouts::Evolved
            || self.recording.is_some()
        {
            self.measure(root);
            self.start_distances.clone_from(&self.features);
        }
        if self.config.rollouts == Rollouts::Evolved {
            let mut memory = self.memory.borrow_mut();
            for (kind, d) in self.start_distances.iter().enumerate() {
                if d.is_some() {
                    memory.evolution.grow(kind as u16, rng);
                }
            }
            memory.evolution.next_candidate(rng);
        }
    }

    /// Applies `action`, recording the step's events and score change in the knowledge base.
    fn advance(&mut self, state: &mut G, action: G::Action) {
        let before = state.score();
        self.events.clear();
        state.apply_logging(action, &mut self.events);
        if !self.events.is_empty() {
            let ending = state.ending().map(|e| e == Ending::Won);
            let delta = state.score() - before;
            self.memory
                .borrow_mut()
                .knowledge
                .record(&self.events, delta, ending);
        }
    }

    /// Uniform, or drawn from the softmax over the candidate W's strengths.
    fn rollout_action(&mut self, state: &G, legal: &[G::Action], rng: &mut Rng) -> G::Action {
        if self.recording.is_some() {
            self.record_cell(state);
        }
        if self.config.rollouts == Rollouts::Uniform {
            return legal[rng.index(legal.len())];
        }
        self.measure(state);
        for (seen, f) in self.seen.iter_mut().zip(&self.features) {
            *seen |= f.is_some();
        }
        self.indices.clear();
        self.indices
            .extend(legal.iter().map(|&a| G::action_index(a)));
        {
            let memory = self.memory.borrow();
            let evolution = &memory.evolution;
            evolution.strengths(
                evolution.candidate(),
                &self.features,
                &self.indices,
                &mut self.strengths,
            );
        }
        softmax(&self.strengths, &mut self.probabilities);
        legal[draw(&self.probabilities, rng)]
    }

    fn value(&mut self, state: &G, _player: usize) -> f64 {
        let ending = state.ending();
        let delta_score = state.score() - self.start_score;
        self.last = RewardParts {
            delta_score,
            ..RewardParts::default()
        };
        let value = match self.config.value {
            Value::Score => {
                state.score()
                    + match ending {
                        Some(Ending::Won) => WIN_VALUE,
                        Some(Ending::Lost) => -WIN_VALUE,
                        None => 0.0,
                    }
            }
            Value::Knowledge => {
                let won = ending.map(|e| e == Ending::Won);
                if won.is_none() && delta_score == 0.0 {
                    self.measure(state);
                    self.last.curiosity = self.curiosity_sum(state);
                    self.last.experience = self.experience_sum();
                }
                let c = self.config;
                reward(
                    won,
                    delta_score,
                    self.last.curiosity,
                    self.last.experience,
                    c.alpha,
                    c.beta,
                )
            }
        };
        self.last.value = value;
        if self.recording.is_some() {
            self.record_value(state);
        }
        value
    }

    /// ES.setFitness with the iteration's value, then W grows a column for each type first met.
    fn end(&mut self, rewards: &[f64], rng: &mut Rng) {
        let decisions_before = self.memory.borrow().evolution.decisions();
        if self.config.rollouts == Rollouts::Evolved {
            let mut memory = self.memory.borrow_mut();
            memory.evolution.set_fitness(rewards[0]);
            for (kind, &seen) in self.seen.iter().enumerate() {
                if seen {
                    memory.evolution.grow(kind as u16, rng);
                }
            }
        }
        if self.recording.is_some() {
            self.finish_recording(rewards[0], decisions_before);
        }
    }
}
