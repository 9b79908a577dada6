//! What an MCTS iteration tells its observer ([`Walk`]), enough to rebuild every node's visits,
//! mean and bounds, and the tree's nodes as lines from the root ([`NodeStat`]), to check a
//! rebuilt tree against.

use super::ties::TieOrder;
use super::tree::{Node, Tree, ROOT};
use crate::search::anytime::RootActionStat;

/// One finished iteration: the path it walked from the root (selection, then the node it
/// added, if any), the rollout's length and the rewards backed up along the path.
pub struct Walk<'a> {
    pub(super) nodes: &'a [Node],
    pub(super) path: &'a [u32],
    pub(super) movers: &'a [Option<usize>],
    pub(super) rewards: &'a [f64],
    pub(super) credited: &'a [f64],
    pub(super) added_node: bool,
    pub(super) rollout_moves: u32,
    pub(super) exploration: f64,
    pub(super) normalise: bool,
    pub(super) ties: TieOrder,
}

impl Walk<'_> {
    /// Nodes on the path, the root included (at least 1).
    pub fn len(&self) -> usize {
        self.path.len()
    }

    /// Always false: a walk holds at least the root.
    pub fn is_empty(&self) -> bool {
        self.path.is_empty()
    }

    /// The reward added to path node `i`'s total (that of the player who chose it).
    pub fn credited(&self, i: usize) -> f64 {
        self.credited[i]
    }

    /// The reward of the player to move at path node `i`, which widens its bounds; `None` at
    /// chance and terminal nodes.
    pub fn own_reward(&self, i: usize) -> Option<f64> {
        self.movers[i].map(|player| self.rewards[player])
    }

    /// The action (or, with chance nodes, outcome) indices of the edges into path nodes 1 to
    /// `len() - 1`, in order.
    pub fn actions(&self) -> impl Iterator<Item = u32> + '_ {
        self.path[1..]
            .iter()
            .map(|&node| self.nodes[node as usize].action)
    }

    /// A walk with one reward (one player's): when every node is credited the same reward and
    /// owns it too, but for a last node that may own none (`own_reward(i) == Some(credited(i))`
    /// for every `i < len() - 1`; compared bit for bit), that reward and whether the last node
    /// owns it; `None` otherwise.
    pub fn uniform_reward(&self) -> Option<(f64, bool)> {
        let reward = *self.credited.first()?;
        let bits = reward.to_bits();
        let same = |value: f64| value.to_bits() == bits;
        let last = self.path.len() - 1;
        let own_is = |i: usize| self.movers[i].map(|player| same(self.rewards[player]));
        let uniform = if self.rewards.iter().all(|&r| same(r)) {
            // Every player's reward is this one: a node owns it whenever a player moves there.
            self.credited.iter().all(|&c| same(c))
                && self.movers[..last].iter().all(Option::is_some)
        } else {
            (0..=last).all(|i| same(self.credited[i]) && own_is(i).unwrap_or(i == last))
        };
        uniform.then(|| (reward, self.movers[last].is_some()))
    }

    /// Whether the last node of the path was added by this iteration (expansion).
    pub fn added_node(&self) -> bool {
        self.added_node
    }

    /// Player actions the rollout played after the path.
    pub fn rollout_moves(&self) -> u32 {
        self.rollout_moves
    }

    /// The root's child this walk went through, after its backup: its action index, visits and
    /// mean, the row [`crate::search::Search::root_action_stats`] gives for it; `None` for a
    /// walk that ended at the root.
    pub fn root_child(&self) -> Option<RootActionStat> {
        let node = &self.nodes[*self.path.get(1)? as usize];
        Some(RootActionStat {
            index: node.action,
            visits: node.visits,
            value: node.mean(),
        })
    }

    /// UCT's exploration constant and whether means are normalised by the parent's bounds
    /// (see [`super::uct`]).
    pub fn uct_settings(&self) -> (f64, bool) {
        (self.exploration, self.normalise)
    }

    /// The order that settles the search's ties between siblings (its move and line).
    pub fn tie_order(&self) -> TieOrder {
        self.ties
    }
}

/// One node of the tree, for checks: the action indices from the root, its visits and mean.
#[derive(Clone, Debug, PartialEq)]
pub struct NodeStat {
    /// The action indices from the root (empty for the root).
    pub line: Vec<u32>,
    /// Visits of the node.
    pub visits: u64,
    /// Mean reward of the player who chose it.
    pub mean: f64,
}

/// Every node of `tree` in slot order.
pub(super) fn node_stats(tree: &Tree) -> Vec<NodeStat> {
    let mut lines: Vec<Vec<u32>> = vec![Vec::new(); tree.len()];
    let mut stack = vec![ROOT];
    while let Some(node) = stack.pop() {
        for (slot, child) in tree.children(node) {
            let mut line = lines[node as usize].clone();
            line.push(child.action);
            lines[slot as usize] = line;
            stack.push(slot);
        }
    }
    tree.nodes
        .iter()
        .zip(lines)
        .map(|(node, line)| NodeStat {
            line,
            visits: node.visits,
            mean: node.mean(),
        })
        .collect()
}
