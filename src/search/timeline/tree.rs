//! MCTS's tree rebuilt from the recorded walks: every node's visits, total and bounds exactly
//! as the search's own backup made them.

use super::log::WalkRecord;
use super::replay::{IterationNode, TreeNode};
use crate::search::mcts::{uct, ChildStats, TieOrder};

const NONE: u32 = u32::MAX;

#[derive(Clone, Debug)]
struct Node {
    parent: u32,
    action: u32,
    first_child: u32,
    next_sibling: u32,
    depth: u32,
    visits: u64,
    total: f64,
    min: f64,
    max: f64,
}

impl Node {
    /// A root: no parent, no children, no visits, empty bounds.
    fn fresh() -> Node {
        Node {
            parent: NONE,
            action: NONE,
            first_child: NONE,
            next_sibling: NONE,
            depth: 0,
            visits: 0,
            total: 0.0,
            min: f64::INFINITY,
            max: f64::NEG_INFINITY,
        }
    }

    /// What the live search's final choice ranks it by.
    fn stats(&self) -> ChildStats {
        ChildStats {
            visits: self.visits,
            total: self.total,
            action: self.action,
        }
    }

    fn mean(&self) -> f64 {
        self.stats().mean()
    }
}

/// The tree, nodes in creation order (the search's own slot order).
pub(super) struct RebuiltTree {
    nodes: Vec<Node>,
    path: Vec<u32>,
}

impl RebuiltTree {
    /// A root alone.
    pub(super) fn new() -> Self {
        RebuiltTree {
            nodes: vec![Node::fresh()],
            path: Vec::new(),
        }
    }

    fn children(&self, node: u32) -> impl Iterator<Item = u32> + '_ {
        let mut next = self.nodes[node as usize].first_child;
        std::iter::from_fn(move || {
            let slot = next;
            let node = self.nodes.get(slot as usize)?;
            next = node.next_sibling;
            Some(slot)
        })
    }

    /// Walks `walk`'s path from the root (adding the nodes it reaches first) and backs up its
    /// rewards as the search did.
    pub(super) fn apply(&mut self, walk: &WalkRecord) {
        self.path.clear();
        let mut node = 0u32;
        self.path.push(node);
        for &action in &walk.actions {
            let found = self
                .children(node)
                .find(|&child| self.nodes[child as usize].action == action);
            node = match found {
                Some(child) => child,
                None => {
                    let parent = &self.nodes[node as usize];
                    self.nodes.push(Node {
                        parent: node,
                        action,
                        next_sibling: parent.first_child,
                        depth: parent.depth + 1,
                        ..Node::fresh()
                    });
                    let child = (self.nodes.len() - 1) as u32;
                    self.nodes[node as usize].first_child = child;
                    child
                }
            };
            self.path.push(node);
        }
        for (i, &slot) in self.path.iter().enumerate() {
            let node = &mut self.nodes[slot as usize];
            node.visits += 1;
            node.total += walk.credited.get(i).copied().unwrap_or(0.0);
            if let Some(Some(own)) = walk.own.get(i) {
                node.min = node.min.min(*own);
                node.max = node.max.max(*own);
            }
        }
    }

    /// [`RebuiltTree::apply`], returning each node on the walk's path (root first) with its
    /// visits and mean before and after the backup, and the reward credited to it.
    pub(super) fn apply_traced(&mut self, walk: &WalkRecord) -> Vec<IterationNode> {
        let mut before = Vec::with_capacity(walk.actions.len() + 1);
        let mut node = Some(0u32);
        before.push(node);
        for &action in &walk.actions {
            node = node.and_then(|n| {
                self.children(n)
                    .find(|&child| self.nodes[child as usize].action == action)
            });
            before.push(node);
        }
        let before: Vec<(u64, f64)> = before
            .iter()
            .map(|slot| {
                slot.map_or((0, 0.0), |s| {
                    let node = &self.nodes[s as usize];
                    (node.visits, node.mean())
                })
            })
            .collect();
        self.apply(walk);
        self.path
            .iter()
            .zip(before)
            .enumerate()
            .map(|(i, (&slot, (visits_before, mean_before)))| {
                let node = &self.nodes[slot as usize];
                IterationNode {
                    id: slot,
                    action: (i > 0).then_some(node.action),
                    depth: node.depth,
                    visits_before,
                    mean_before,
                    visits_after: node.visits,
                    mean_after: node.mean(),
                    credited: walk.credited.get(i).copied().unwrap_or(0.0),
                }
            })
            .collect()
    }

    /// The child of `node` most visited (ties: higher mean, then the higher rank in `ties`), as
    /// the live search chooses it.
    fn most_visited(&self, node: u32, ties: TieOrder) -> Option<u32> {
        let stats = |slot: u32| self.nodes[slot as usize].stats();
        self.children(node)
            .max_by(|&a, &b| ties.most_visited(stats(a), stats(b)))
    }

    /// The nodes a view shows: breadth first, children by visits (most first), at most
    /// `max_depth` below the root and `max_nodes` in all. The best line starts with the root
    /// child of action `best` (else the most visited) and goes on by most visits.
    pub(super) fn nodes_for_view(
        &self,
        best: Option<u32>,
        (exploration, normalise): (f64, bool),
        ties: TieOrder,
        max_depth: u32,
        max_nodes: usize,
    ) -> Vec<TreeNode> {
        let mut on_line = vec![false; self.nodes.len()];
        on_line[0] = true;
        let mut node = best
            .and_then(|b| {
                self.children(0)
                    .find(|&c| self.nodes[c as usize].action == b)
            })
            .or_else(|| self.most_visited(0, ties));
        while let Some(slot) = node {
            on_line[slot as usize] = true;
            node = self.most_visited(slot, ties);
        }
        let mut shown = Vec::new();
        let mut queue = std::collections::VecDeque::from([0u32]);
        while let Some(slot) = queue.pop_front() {
            if shown.len() >= max_nodes {
                break;
            }
            let node = &self.nodes[slot as usize];
            let parent = self.nodes.get(node.parent as usize);
            shown.push(TreeNode {
                id: slot,
                parent: parent.map(|_| node.parent),
                action: parent.map(|_| node.action),
                depth: node.depth,
                visits: node.visits,
                mean: node.mean(),
                uct: parent.map(|p| {
                    uct(
                        (node.total, node.visits),
                        (p.visits, p.min, p.max),
                        exploration,
                        normalise,
                    )
                }),
                on_best_line: on_line[slot as usize],
            });
            if node.depth < max_depth {
                let mut children: Vec<u32> = self.children(slot).collect();
                children.sort_by(|&a, &b| {
                    let (a, b) = (&self.nodes[a as usize], &self.nodes[b as usize]);
                    b.visits.cmp(&a.visits).then(a.action.cmp(&b.action))
                });
                queue.extend(children);
            }
        }
        shown
    }
}
