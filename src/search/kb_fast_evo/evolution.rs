//! The rollout policy of KB Fast-Evo MCTS and the (1+1)-ES that tunes it ([P] §IV-B, §V-A).
//!
//! The genome is W flattened: one column of `A` genes (one per dense action index,
//! `A = Game::NUM_DISTINCT_ACTIONS`) per sprite type, in the order the types were first seen;
//! gene `column·A + action`. A type seen for the first time appends a column of N(0, 1) genes;
//! old genes never move. Genes of actions never legal are carried but never read.
//!
//! The (1+1)-ES: the candidate is `best + N(0, σ)` on every gene; a candidate whose fitness is at
//! least the best's (ties accepted) becomes the best and σ grows by 1.02, otherwise σ shrinks by
//! 1.02. Starting point: best ~ N(0, 1), best fitness −∞, σ = 0.1.

use crate::rng::Rng;
use crate::sprites::SpriteType;

/// σ's growth on success (its inverse on failure).
pub const SIGMA_FACTOR: f64 = 1.02;

/// σ at the start.
pub const INITIAL_SIGMA: f64 = 0.1;

/// A standard normal draw (Box–Muller, two uniforms).
pub fn gaussian(rng: &mut Rng) -> f64 {
    let u = 1.0 - rng.next_f64(); // (0, 1]
    let v = rng.next_f64();
    (-2.0 * libm::log(u)).sqrt() * libm::cos(std::f64::consts::TAU * v)
}

/// W and the (1+1)-ES over it.
#[derive(Clone, Debug, PartialEq)]
pub struct Evolution {
    actions: usize,
    /// The column of each sprite type, by [`SpriteType`] (`None`: not seen yet).
    columns: Vec<Option<usize>>,
    /// The types in column order.
    types: Vec<SpriteType>,
    best: Vec<f64>,
    best_fitness: f64,
    candidate: Vec<f64>,
    sigma: f64,
    accepted: u64,
    rejected: u64,
}

impl Evolution {
    /// An empty genome over `actions` action indices.
    pub fn new(actions: usize) -> Self {
        Evolution {
            actions,
            columns: Vec::new(),
            types: Vec::new(),
            best: Vec::new(),
            best_fitness: f64::NEG_INFINITY,
            candidate: Vec::new(),
            sigma: INITIAL_SIGMA,
            accepted: 0,
            rejected: 0,
        }
    }

    /// The number of action indices (the genes of a column).
    pub fn action_count(&self) -> usize {
        self.actions
    }

    /// The column of `kind`, if it has one.
    pub fn column(&self, kind: SpriteType) -> Option<usize> {
        self.columns.get(usize::from(kind)).copied().flatten()
    }

    /// The types with a column, in column order.
    pub fn types(&self) -> &[SpriteType] {
        &self.types
    }

    /// Appends a column of N(0, 1) genes for `kind` unless it has one (to the best and the
    /// candidate alike).
    pub fn grow(&mut self, kind: SpriteType, rng: &mut Rng) {
        if self.column(kind).is_some() {
            return;
        }
        let index = usize::from(kind);
        if self.columns.len() <= index {
            self.columns.resize(index + 1, None);
        }
        self.columns[index] = Some(self.types.len());
        self.types.push(kind);
        for _ in 0..self.actions {
            let gene = gaussian(rng);
            self.best.push(gene);
            self.candidate.push(gene);
        }
    }

    /// ES.getNext: draws the candidate `best + N(0, σ)`.
    pub fn next_candidate(&mut self, rng: &mut Rng) {
        for (candidate, best) in self.candidate.iter_mut().zip(&self.best) {
            *candidate = best + self.sigma * gaussian(rng);
        }
    }

    /// ES.setFitness: the (1+1) rule with σ ×1.02 on success (ties included), ÷1.02 otherwise.
    pub fn set_fitness(&mut self, fitness: f64) {
        if fitness >= self.best_fitness {
            self.best.copy_from_slice(&self.candidate);
            self.best_fitness = fitness;
            self.sigma *= SIGMA_FACTOR;
            self.accepted += 1;
        } else {
            self.sigma /= SIGMA_FACTOR;
            self.rejected += 1;
        }
    }

    /// The candidate's genes (the W rollouts use now).
    pub fn candidate(&self) -> &[f64] {
        &self.candidate
    }

    /// The best genes so far.
    pub fn best(&self) -> &[f64] {
        &self.best
    }

    /// The best fitness so far (−∞ before the first).
    pub fn best_fitness(&self) -> f64 {
        self.best_fitness
    }

    /// σ now.
    pub fn sigma(&self) -> f64 {
        self.sigma
    }

    /// Candidates accepted and rejected so far.
    pub fn decisions(&self) -> (u64, u64) {
        (self.accepted, self.rejected)
    }

    /// Action strengths `a_i = Σ_j w_ij f_j` under `genes` for the action indices `actions`,
    /// over the types with a feature (`features[type]`, `None` when absent) and a column; into
    /// `out`.
    pub fn strengths(
        &self,
        genes: &[f64],
        features: &[Option<f64>],
        actions: &[u32],
        out: &mut Vec<f64>,
    ) {
        strengths(&self.types, self.actions, genes, features, actions, out);
    }
}

/// Action strengths `a_i = Σ_j w_ij f_j` for the action indices `actions` under `genes`, a
/// genome whose columns (of `action_count` genes) weigh the types `types` in order, over the
/// types with a feature (`features[type]`, `None` when absent); into `out`.
pub fn strengths(
    types: &[SpriteType],
    action_count: usize,
    genes: &[f64],
    features: &[Option<f64>],
    actions: &[u32],
    out: &mut Vec<f64>,
) {
    out.clear();
    for &action in actions {
        let mut strength = 0.0;
        for (column, &kind) in types.iter().enumerate() {
            if let Some(Some(f)) = features.get(usize::from(kind)) {
                strength += genes[column * action_count + action as usize] * f;
            }
        }
        out.push(strength);
    }
}

/// Eq. 3 made stable: `P(a_i) = e^{−(a_i − min a)} / Σ_k e^{−(a_k − min a)}` into `out`; the
/// smallest strength gets weight 1, so nothing overflows and the sum is at least 1.
pub fn softmax(strengths: &[f64], out: &mut Vec<f64>) {
    out.clear();
    let low = strengths.iter().copied().fold(f64::INFINITY, f64::min);
    out.extend(strengths.iter().map(|&a| libm::exp(-(a - low))));
    let total: f64 = out.iter().sum();
    for p in out.iter_mut() {
        *p /= total;
    }
}

/// An index drawn with the probabilities `p` (summing to 1) from one uniform draw of `rng`;
/// the last index if rounding leaves the draw past the end.
pub fn draw(p: &[f64], rng: &mut Rng) -> usize {
    let mut rest = rng.next_f64();
    for (i, &pi) in p.iter().enumerate() {
        if rest < pi {
            return i;
        }
        rest -= pi;
    }
    p.len() - 1
}
