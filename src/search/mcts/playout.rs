//! One MCTS iteration: selection by UCT and expansion, the rollout, and the backup (the four
//! phases of the module doc of [`super`]).

use super::config::Rollout;
use super::simulation::Simulation;
use super::tree::{Node, NONE, ROOT};
use super::walk::Walk;
use super::{Mcts, TERMINAL_ROLLOUT_CAP};
use crate::game::{Game, Turn};
use crate::search::anytime::{mover, resolve_chance};
use crate::search::{Observer, Visit};

/// GVGAI's tie-break and divide-by-zero guard.
const EPSILON: f64 = 1e-6;

/// UCT's score of a child before tie-break noise, given its parent's [`log_visits`].
fn uct_score(
    child: &Node,
    parent: &Node,
    parent_log_visits: f64,
    exploration: f64,
    normalise: bool,
) -> f64 {
    uct_from_log(
        (child.total, child.visits),
        (parent_log_visits, parent.min, parent.max),
        exploration,
        normalise,
    )
}

/// UCT's score (the formula of the module doc of [`super`], before tie-break noise) of a child
/// with `(total, visits)` below a parent with `(visits, min, max)`: the score selection
/// compares, for views that rebuild the tree.
pub fn uct(
    (total, visits): (f64, u64),
    (parent_visits, min, max): (u64, f64, f64),
    exploration: f64,
    normalise: bool,
) -> f64 {
    uct_from_log(
        (total, visits),
        (log_visits(parent_visits), min, max),
        exploration,
        normalise,
    )
}

/// The logarithm in UCT's exploration term for a parent with `visits`: ln(visits + 1). A
/// selection computes it once for all the children it scores (it was a quarter of an MCTS
/// iteration's instructions when computed per child).
fn log_visits(visits: u64) -> f64 {
    // `libm::log`, not `f64::ln`: the same code natively and in wasm, so a seeded tree is the same.
    libm::log(visits as f64 + 1.0)
}

/// [`uct`] with the parent's visits given as [`log_visits`].
#[inline]
fn uct_from_log(
    (total, visits): (f64, u64),
    (parent_log_visits, min, max): (f64, f64, f64),
    exploration: f64,
    normalise: bool,
) -> f64 {
    let q = total / (visits as f64 + EPSILON);
    let q = if normalise && min < max {
        (q - min) / (max - min)
    } else {
        q
    };
    q + exploration * (parent_log_visits / (visits as f64 + EPSILON)).sqrt()
}

impl<G: Game, V: Simulation<G>, O: Observer<G>> Mcts<G, V, O> {
    /// One playout: selection and expansion, rollout, backup. Reports to the observer each
    /// tree node the walk leaves (`expanded`, with the node's mean) and each node it adds
    /// (`generated`, value 0).
    pub(super) fn iterate(&mut self) {
        let mut state = self.root.clone();
        self.value.begin(&self.root, &mut self.rng);
        self.path.clear();
        self.movers.clear();
        let mut node = ROOT;
        let mut depth = 0u32;
        let mut grew = false;
        loop {
            let player = mover(state.turn());
            self.path.push(node);
            self.movers.push(player);
            let at_depth_limit = self.config.max_tree_depth.is_some_and(|d| depth >= d);
            if grew || at_depth_limit {
                break;
            }
            if player.is_none() {
                if !(self.config.chance_nodes && state.turn() == Turn::Chance) {
                    break;
                }
                let Some(drawn) = state.sample_chance(self.rng.next_f64(), &mut self.outcomes)
                else {
                    break;
                };
                state.apply(drawn);
                self.stats.generated += 1;
                (node, grew) = self.outcome_child(node, G::action_index(drawn));
                if grew {
                    self.observer.generated(&state, Visit { depth, value: 0.0 });
                }
                continue;
            }
            state.legal_actions(&mut self.legal);
            if self.legal.is_empty() {
                break;
            }
            let visit = Visit {
                depth,
                value: self.tree.nodes[node as usize].mean(),
            };
            self.observer.expanded(&state, visit);
            let (child, action, created) = self.select_or_expand(node);
            self.value.advance(&mut state, action);
            self.stats.expanded += 1;
            self.stats.generated += 1;
            if !self.config.chance_nodes {
                self.stats.generated +=
                    resolve_chance(&mut state, &mut self.rng, &mut self.outcomes);
            }
            depth += 1;
            node = child;
            grew = created;
            if created {
                self.observer.generated(&state, Visit { depth, value: 0.0 });
            }
        }
        self.stats.max_depth = self.stats.max_depth.max(depth);
        let rollout_moves = self.roll_out(&mut state, depth);
        for player in 0..G::NUM_PLAYERS {
            self.rewards[player] = self.value.value(&state, player) - self.baseline[player];
        }
        self.back_up();
        self.value.end(&self.rewards, &mut self.rng);
        self.stats.iterations += 1;
        self.stats.stored = self.tree.len() as u64;
        self.observer.iteration(&Walk {
            nodes: &self.tree.nodes,
            path: &self.path,
            movers: &self.movers,
            rewards: &self.rewards,
            credited: &self.credited,
            added_node: grew,
            rollout_moves,
            exploration: self.config.exploration,
            normalise: self.config.normalise,
            ties: self.tree.ties(),
        });
    }

    /// At `node`, whose state's legal actions are in `self.legal`: adds a child for a random
    /// untried action, or picks a child by UCT. Returns the child, its action, and whether it
    /// is new.
    fn select_or_expand(&mut self, node: u32) -> (u32, G::Action, bool) {
        for (child, linked) in self.tree.children(node) {
            self.child_of_action[linked.action as usize] = child;
        }
        self.untried.clear();
        for &action in &self.legal {
            if self.child_of_action[G::action_index(action) as usize] == NONE {
                self.untried.push(action);
            }
        }
        let chosen = if self.untried.is_empty() {
            let nodes = &self.tree.nodes;
            let parent = nodes[node as usize];
            let parent_log_visits = log_visits(parent.visits);
            let mut best: Option<(u32, G::Action, f64)> = None;
            for &action in &self.legal {
                let child = self.child_of_action[G::action_index(action) as usize];
                let score = uct_score(
                    &nodes[child as usize],
                    &parent,
                    parent_log_visits,
                    self.config.exploration,
                    self.config.normalise,
                );
                let noisy = (score + EPSILON) * (1.0 + EPSILON * (self.rng.next_f64() - 0.5));
                if best.map_or(true, |(_, _, top)| noisy > top) {
                    best = Some((child, action, noisy));
                }
            }
            best.map(|(child, action, _)| (child, action, false))
        } else {
            None
        };
        let chosen = chosen.unwrap_or_else(|| {
            let action = self.untried[self.rng.index(self.untried.len())];
            let child = self.tree.add_child(node, G::action_index(action));
            (child, action, true)
        });
        for (_, linked) in self.tree.children(node) {
            self.child_of_action[linked.action as usize] = NONE;
        }
        chosen
    }

    /// The child of chance node `node` for the outcome with dense index `outcome`, added if
    /// missing; and whether it is new.
    fn outcome_child(&mut self, node: u32, outcome: u32) -> (u32, bool) {
        let child = self.tree.child_with_action(node, outcome);
        if child != NONE {
            return (child, false);
        }
        (self.tree.add_child(node, outcome), true)
    }

    /// Plays the simulation's rollout moves (uniformly random legal actions by default) from `state`, `depth` player actions below the root
    /// (first drawing any chance outcome pending there). Returns the player actions played.
    fn roll_out(&mut self, state: &mut G, mut depth: u32) -> u32 {
        self.stats.generated += resolve_chance(state, &mut self.rng, &mut self.outcomes);
        let mut moves = 0u32;
        while mover(state.turn()).is_some() {
            let done = match self.config.rollout {
                Rollout::ToTerminal => moves >= TERMINAL_ROLLOUT_CAP,
                Rollout::UntilDepth(horizon) => depth >= horizon,
                Rollout::Moves(count) => moves >= count,
            };
            if done {
                break;
            }
            state.legal_actions(&mut self.legal);
            if self.legal.is_empty() {
                break;
            }
            let action = self.value.rollout_action(state, &self.legal, &mut self.rng);
            self.value.advance(state, action);
            self.stats.generated += 1 + resolve_chance(state, &mut self.rng, &mut self.outcomes);
            depth += 1;
            moves += 1;
        }
        moves
    }

    /// Adds this iteration's rewards along the path (see the module doc).
    fn back_up(&mut self) {
        let mut chooser = self.movers[0];
        self.credited.clear();
        for (i, &index) in self.path.iter().enumerate() {
            if i > 0 {
                chooser = self.movers[i - 1].or(chooser);
            }
            let node = &mut self.tree.nodes[index as usize];
            let credited = self.rewards[chooser.unwrap_or(0)];
            self.credited.push(credited);
            node.visits += 1;
            node.total += credited;
            if let Some(player) = self.movers[i] {
                let reward = self.rewards[player];
                node.min = node.min.min(reward);
                node.max = node.max.max(reward);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn node(total: f64, visits: u64, min: f64, max: f64) -> Node {
        Node {
            total,
            visits,
            min,
            max,
            ..Node::new(0, NONE)
        }
    }

    #[test]
    fn uct_normalises_the_mean_by_the_parent_bounds() {
        let parent = node(0.0, 5, 0.0, 4.0);
        let child = node(3.0, 2, 100.0, 100.0);
        // Q = 3/2 = 1.5, normalised 0.375; sqrt(2)·sqrt(ln 6 / 2) = 1.338566.
        let score = uct_score(
            &child,
            &parent,
            log_visits(5),
            std::f64::consts::SQRT_2,
            true,
        );
        assert!((score - 1.713566).abs() < 1e-5, "{score}");
    }

    #[test]
    fn uct_keeps_the_raw_mean_when_bounds_are_empty_or_off() {
        let parent = node(0.0, 5, 2.0, 2.0);
        let child = node(3.0, 2, 0.0, 0.0);
        let score = uct_score(&child, &parent, log_visits(5), 0.0, true);
        assert!((score - 1.5).abs() < 1e-5, "{score}");
        let parent = node(0.0, 5, 0.0, 4.0);
        let score = uct_score(&child, &parent, log_visits(5), 0.0, false);
        assert!((score - 1.5).abs() < 1e-5, "{score}");
    }
}
