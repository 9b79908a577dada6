//! Rolling horizon evolutionary algorithm (RHEA) for any [`Game`], as GVGAI's sampleRHEA plays
//! single-player games (Bait); it also runs on chance games (2048), and on two-player games, where
//! the genes play for whoever is to move and the value is the root player's.
//!
//! An individual is a plan of `horizon` genes. Its value: copy the root, apply its actions until
//! the game ends or the genes run out (chance outcomes in between are drawn with the search's
//! RNG and use no gene), and score the final state with the value function for the root player
//! (for Bait, GVGAI's `WinScoreHeuristic`: +1000 won, −1000 lost, else the score).
//!
//! **Genes.** A gene is an action index in `0..G::NUM_DISTINCT_ACTIONS`. At a state, the *choices*
//! are the legal actions followed by [`Game::noop_action`] when the game has one (GVGAI's NIL:
//! 5 choices in Bait). A gene whose action is among the choices plays that action; any other
//! gene plays `choices[gene % choices.len()]`. With a fixed action set whose indices fill
//! `0..NUM_DISTINCT_ACTIONS` (Bait: 4 moves and NIL) every gene is a choice, so genes are
//! uniform over GVGAI's actions; where legal actions depend on the state (2048, Othello) the
//! modulo rule keeps every gene playable.
//!
//! **Evolution** (GVGAI defaults): a random population of 10 is evaluated and sorted best
//! first. Each generation keeps the `elitism` best and refills every other slot with a child:
//! draw 2 different individuals at random from the population, take each gene from the better
//! one if `r ≥ 0.5` (`r` uniform in [0, 1)) else from the other (uniform crossover), then set
//! `mutations` random genes to random values (possibly the same; skipped when there is a single
//! gene value), and evaluate it. The new population is sorted best first (stable). The move is
//! the first action of the best individual. By default each decision starts from a new random
//! population; with `shift_buffer`, [`Rhea::advance_root`] drops every plan's first gene,
//! appends a random one, and re-evaluates the shifted plans.
//!
//! References: Perez-Liebana, Samothrakis, Lucas & Rohlfshagen, *Rolling horizon evolution
//! versus tree search for navigation in single-player real-time games*, GECCO 2013; GVGAI's
//! `tracks.singlePlayer.advanced.sampleRHEA` (see `shared/bait/RULES.md` §6).

use super::anytime::{
    mover, resolve_chance, returns_value, InvalidConfig, RootActionStat, ValueFn,
};
use super::{Limit, Limits, NoObserver, Observer, Progress, Search, Stats, Visit};
use crate::game::Game;
use crate::rng::Rng;
use serde::Serialize;

/// Parameters of [`Rhea`]. The default is GVGAI's sampleRHEA.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct RheaConfig {
    /// Individuals in the population (10; at least 1).
    pub population_size: usize,
    /// Genes per individual, the planning horizon (10; at least 1).
    pub horizon: usize,
    /// Genes mutated per child (1).
    pub mutations: usize,
    /// Best individuals kept unchanged each generation (1; below `population_size`).
    pub elitism: usize,
    /// Keep the population across [`Rhea::advance_root`], shifted by one gene (false).
    pub shift_buffer: bool,
    /// `max_nodes` caps individual evaluations; `max_memory_bytes` the populations' bytes.
    pub limits: Limits,
}

impl Default for RheaConfig {
    fn default() -> Self {
        RheaConfig {
            population_size: 10,
            horizon: 10,
            mutations: 1,
            elitism: 1,
            shift_buffer: false,
            limits: Limits::default(),
        }
    }
}

impl RheaConfig {
    fn validate(&self) -> Result<(), InvalidConfig> {
        if self.population_size == 0 {
            return Err(InvalidConfig {
                field: "population_size",
                reason: "must be at least 1",
            });
        }
        if self.horizon == 0 {
            return Err(InvalidConfig {
                field: "horizon",
                reason: "must be at least 1",
            });
        }
        if self.elitism >= self.population_size {
            return Err(InvalidConfig {
                field: "elitism",
                reason: "must be below population_size, so that each generation makes a child",
            });
        }
        Ok(())
    }

    /// Bytes held by the two populations.
    fn memory_bytes(&self) -> u64 {
        let per_individual = std::mem::size_of::<Individual>() as u64 + 8 * self.horizon as u64;
        2 * (self.population_size as u64).saturating_mul(per_individual)
    }
}

/// A plan and what it was worth when last evaluated.
#[derive(Clone, Debug, Default)]
struct Individual {
    genes: Vec<u32>,
    /// Dense indices of the actions the genes played in the evaluation (shorter than the genes
    /// when the game ended first).
    line: Vec<u32>,
    value: f64,
}

/// A population as RHEA shows it to its observer, best first.
pub struct Population<'a>(&'a [Individual]);

impl Population<'_> {
    /// Each individual's actions played in its evaluation (dense indices) and its value.
    pub fn individuals(&self) -> impl Iterator<Item = (&[u32], f64)> + '_ {
        self.0
            .iter()
            .map(|individual| (individual.line.as_slice(), individual.value))
    }
}

/// Where the search is within its cycle.
#[derive(Clone, Copy, Debug)]
enum Phase {
    /// Evaluating the initial population; `fresh` draws new genes, else the genes are kept.
    Seeding { next: usize, fresh: bool },
    /// Making the child for slot `next` of the generation under way.
    Evolving { next: usize },
}

/// An anytime, resumable RHEA over `G`, scoring plans with `V` (`value(state, player)`) and
/// reporting the states its plans reach to `O`.
pub struct Rhea<G: Game, V = ValueFn<G>, O = NoObserver> {
    config: RheaConfig,
    root: G,
    value: V,
    observer: O,
    rng: Rng,
    /// The player to move at the root, whose value the plans maximise.
    root_player: usize,
    population: Vec<Individual>,
    offspring: Vec<Individual>,
    phase: Phase,
    /// Per action index: evaluations starting with it and the best value among them.
    first_actions: Vec<(u64, f64)>,
    finished: Option<Progress>,
    stats: Stats,
    // Scratch reused by every evaluation.
    choices: Vec<G::Action>,
    outcomes: Vec<(G::Action, f64)>,
}

impl<G: Game> Rhea<G> {
    /// A search from `root` whose value function is [`returns_value`].
    pub fn with_returns(root: G, config: RheaConfig, seed: u64) -> Result<Self, InvalidConfig> {
        Rhea::new(root, config, seed, returns_value::<G>)
    }
}

impl<G: Game, V: Fn(&G, usize) -> f64> Rhea<G, V> {
    /// A search from `root`, with every random choice drawn from `Rng::new(seed)`.
    /// `value(state, player)` scores the state where a plan ends, for the root's player.
    /// A root that is not a player's turn gives [`Progress::Exhausted`] and no action.
    pub fn new(root: G, config: RheaConfig, seed: u64, value: V) -> Result<Self, InvalidConfig> {
        Rhea::with_observer(root, config, seed, value, NoObserver)
    }
}

impl<G: Game, V: Fn(&G, usize) -> f64, O: Observer<G>> Rhea<G, V, O> {
    /// [`Rhea::new`] reporting to `observer` each state an evaluated plan reaches (`generated`,
    /// value 0) and each plan's final state (`expanded`, with the plan's value).
    pub fn with_observer(
        root: G,
        config: RheaConfig,
        seed: u64,
        value: V,
        observer: O,
    ) -> Result<Self, InvalidConfig> {
        config.validate()?;
        let mut search = Rhea {
            config,
            root,
            value,
            observer,
            rng: Rng::new(seed),
            root_player: 0,
            population: vec![Individual::default(); config.population_size],
            offspring: vec![Individual::default(); config.population_size],
            phase: Phase::Seeding {
                next: 0,
                fresh: true,
            },
            first_actions: vec![(0, f64::NEG_INFINITY); G::NUM_DISTINCT_ACTIONS as usize],
            finished: None,
            stats: Stats::default(),
            choices: Vec::new(),
            outcomes: Vec::new(),
        };
        search.restart(true);
        Ok(search)
    }

    /// Resets counters and per-action values for the current root and starts seeding.
    fn restart(&mut self, fresh: bool) {
        self.stats = Stats {
            stored: self.config.population_size as u64,
            ..Stats::default()
        };
        self.first_actions.fill((0, f64::NEG_INFINITY));
        self.phase = Phase::Seeding { next: 0, fresh };
        self.finished = None;
        match mover(self.root.turn()) {
            None => self.finished = Some(Progress::Exhausted),
            Some(player) => self.root_player = player,
        }
        if self.finished.is_none()
            && self.config.memory_bytes() > self.config.limits.max_memory_bytes
        {
            self.finished = Some(Progress::LimitReached(Limit::Memory));
        }
    }

    /// The observer.
    pub fn observer(&self) -> &O {
        &self.observer
    }

    /// Evaluates individual `slot` of the initial population.
    fn seed(&mut self, slot: usize, fresh: bool) {
        let mut individual = std::mem::take(&mut self.population[slot]);
        if fresh || individual.genes.len() != self.config.horizon {
            individual.genes.clear();
            for _ in 0..self.config.horizon {
                individual.genes.push(self.random_gene());
            }
        }
        self.evaluate(&mut individual);
        self.population[slot] = individual;
        if slot + 1 < self.config.population_size {
            self.phase = Phase::Seeding {
                next: slot + 1,
                fresh,
            };
        } else {
            sort_best_first(&mut self.population);
            self.offspring.clone_from(&self.population);
            self.observer.generation(&Population(&self.population));
            self.phase = Phase::Evolving {
                next: self.config.elitism,
            };
        }
    }

    /// Makes, evaluates and stores the child for `slot` of the generation under way.
    fn breed(&mut self, slot: usize) {
        let mut child = std::mem::take(&mut self.offspring[slot]);
        child.genes.clear();
        let size = self.population.len();
        if size >= 2 {
            let first = self.rng.index(size);
            let mut second = self.rng.index(size - 1);
            if second >= first {
                second += 1;
            }
            // The population is sorted best first, so the lower index is the better parent.
            let better = &self.population[first.min(second)].genes;
            let other = &self.population[first.max(second)].genes;
            for (&good, &bad) in better.iter().zip(other) {
                let gene = if self.rng.next_f64() >= 0.5 {
                    good
                } else {
                    bad
                };
                child.genes.push(gene);
            }
        } else {
            child.genes.extend_from_slice(&self.population[0].genes);
        }
        if G::NUM_DISTINCT_ACTIONS > 1 {
            for _ in 0..self.config.mutations {
                let at = self.rng.index(child.genes.len());
                child.genes[at] = self.random_gene();
            }
        }
        self.evaluate(&mut child);
        self.offspring[slot] = child;
        if slot + 1 < self.config.population_size {
            self.phase = Phase::Evolving { next: slot + 1 };
        } else {
            sort_best_first(&mut self.offspring);
            self.population.clone_from(&self.offspring);
            self.stats.iterations += 1;
            self.observer.generation(&Population(&self.population));
            self.phase = Phase::Evolving {
                next: self.config.elitism,
            };
        }
    }

    fn random_gene(&mut self) -> u32 {
        self.rng.below(u64::from(G::NUM_DISTINCT_ACTIONS.max(1))) as u32
    }

    /// Plays `individual`'s genes from the root, records the actions played and the value.
    fn evaluate(&mut self, individual: &mut Individual) {
        let mut state = self.root.clone();
        individual.line.clear();
        for &gene in &individual.genes {
            self.stats.generated += resolve_chance(&mut state, &mut self.rng, &mut self.outcomes);
            if mover(state.turn()).is_none() {
                break;
            }
            state.legal_actions(&mut self.choices);
            if let Some(noop) = G::noop_action() {
                if !self.choices.contains(&noop) {
                    self.choices.push(noop);
                }
            }
            let Some(action) = decode_gene(gene, &self.choices, G::action_index) else {
                break;
            };
            state.apply(action);
            self.stats.generated += 1;
            individual.line.push(G::action_index(action));
            let depth = individual.line.len() as u32;
            self.observer.generated(&state, Visit { depth, value: 0.0 });
        }
        self.stats.generated += resolve_chance(&mut state, &mut self.rng, &mut self.outcomes);
        individual.value = (self.value)(&state, self.root_player);
        let depth = individual.line.len() as u32;
        self.observer.expanded(
            &state,
            Visit {
                depth,
                value: individual.value,
            },
        );
        self.stats.expanded += 1;
        self.stats.max_depth = self.stats.max_depth.max(depth);
        if let Some(&first) = individual.line.first() {
            let (count, best) = &mut self.first_actions[first as usize];
            *count += 1;
            *best = best.max(individual.value);
        }
    }

    /// The best individual evaluated for the current root: in the population, or among the
    /// children of the generation under way. Ties go to the earlier one.
    fn best(&self) -> Option<&Individual> {
        let candidates: &[Individual] = match self.phase {
            Phase::Seeding { next, .. } => &self.population[..next],
            Phase::Evolving { .. } => &self.population[..1],
        };
        let children: &[Individual] = match self.phase {
            Phase::Seeding { .. } => &[],
            Phase::Evolving { next } => &self.offspring[self.config.elitism..next],
        };
        candidates
            .iter()
            .chain(children)
            .fold(None, |best: Option<&Individual>, individual| match best {
                Some(top) if top.value >= individual.value => Some(top),
                _ => Some(individual),
            })
    }

    /// The state the search is rooted at.
    pub fn root(&self) -> &G {
        &self.root
    }

    /// Re-roots the search at `new_root` (the state reached after playing the move, and any
    /// chance outcomes or opponent moves). Counters restart from zero. Without `shift_buffer`
    /// the next steps evaluate a new random population (GVGAI); with it, each plan loses its
    /// first gene and gains a random last one, and the shifted plans are re-evaluated first.
    pub fn advance_root(&mut self, new_root: G) {
        self.root = new_root;
        let shift = self.config.shift_buffer;
        if shift {
            for slot in 0..self.population.len() {
                if self.population[slot].genes.len() == self.config.horizon {
                    let gene = self.random_gene();
                    let genes = &mut self.population[slot].genes;
                    genes.rotate_left(1);
                    genes.pop();
                    genes.push(gene);
                }
            }
        }
        self.restart(!shift);
    }
}

/// The action `gene` plays among `choices`: the choice whose index is `gene`, else
/// `choices[gene % choices.len()]`; `None` when there is no choice.
fn decode_gene<A: Copy>(gene: u32, choices: &[A], index: impl Fn(A) -> u32) -> Option<A> {
    let own = choices
        .iter()
        .copied()
        .find(|&choice| index(choice) == gene);
    own.or_else(|| {
        let len = choices.len();
        (len > 0).then(|| choices[gene as usize % len])
    })
}

/// Sorts by value, best first, keeping the order of equal values.
fn sort_best_first(population: &mut [Individual]) {
    population.sort_by(|a, b| b.value.total_cmp(&a.value));
}

impl<G: Game, V: Fn(&G, usize) -> f64, O: Observer<G>> Search<G> for Rhea<G, V, O> {
    /// Runs at most `budget` individual evaluations. Returns [`Progress::LimitReached`] once
    /// `max_nodes` evaluations are done (or at once if the populations exceed the memory
    /// limit), [`Progress::Exhausted`] if the root is not a player's turn, else
    /// [`Progress::Running`].
    fn step(&mut self, budget: u64) -> Progress {
        if let Some(progress) = self.finished {
            return progress;
        }
        for _ in 0..budget {
            if self.stats.expanded >= self.config.limits.max_nodes {
                let progress = Progress::LimitReached(Limit::Nodes);
                self.finished = Some(progress);
                return progress;
            }
            match self.phase {
                Phase::Seeding { next, fresh } => self.seed(next, fresh),
                Phase::Evolving { next } => self.breed(next),
            }
        }
        Progress::Running
    }

    fn best_action(&self) -> Option<G::Action> {
        G::action_from_index(*self.best()?.line.first()?)
    }

    /// The actions the best individual's genes played in its evaluation.
    fn principal_variation(&self) -> Vec<G::Action> {
        self.best()
            .map(|best| {
                best.line
                    .iter()
                    .map_while(|&index| G::action_from_index(index))
                    .collect()
            })
            .unwrap_or_default()
    }

    /// `iterations`: generations completed; `expanded`: individuals evaluated; `generated`:
    /// forward-model calls; `max_depth`: longest plan played; `stored`: population size.
    /// `max_frontier` is unused (0).
    fn stats(&self) -> Stats {
        self.stats
    }

    /// For each first action of an evaluated plan, in action-index order: its index, how many
    /// evaluated plans started with it, and the best value among them.
    fn root_action_stats(&self) -> Vec<RootActionStat> {
        self.first_actions
            .iter()
            .enumerate()
            .filter(|(_, &(count, _))| count > 0)
            .map(|(index, &(visits, value))| RootActionStat {
                index: index as u32,
                visits,
                value,
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::decode_gene;

    #[test]
    fn a_gene_plays_its_own_action_when_it_is_a_choice_else_wraps() {
        let choices = [1u32, 2, 5, 7];
        let decode = |gene| decode_gene(gene, &choices, |action| action);
        assert_eq!(decode(5), Some(5));
        assert_eq!(decode(7), Some(7));
        assert_eq!(decode(3), Some(7), "3 % 4 = 3");
        assert_eq!(decode(4), Some(1), "4 % 4 = 0");
        assert_eq!(decode_gene(0, &[] as &[u32], |action| action), None);
    }
}
