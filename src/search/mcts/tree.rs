//! MCTS's tree: a flat arena of nodes linked by `u32` first-child / next-sibling indices, each
//! holding the dense index of the action that leads to it and the statistics below it. Memory
//! is counted from the arena's capacity, which never grows past what the [`Limits`] allow.

use super::config::FinalChoice;
use super::ties::{ChildStats, TieOrder};
use crate::search::anytime::RootActionStat;
use crate::search::{Limit, Limits};

/// "No node" in the arena's links.
pub(super) const NONE: u32 = u32::MAX;

/// The root's slot in the arena.
pub(super) const ROOT: u32 = 0;

/// One tree node: the edge from its parent (the action) and the statistics below it.
#[derive(Clone, Copy, Debug)]
pub(super) struct Node {
    pub(super) first_child: u32,
    pub(super) next_sibling: u32,
    /// Dense index of the action that leads here from the parent.
    pub(super) action: u32,
    pub(super) visits: u64,
    /// Sum of rewards of the player to move at the parent.
    pub(super) total: f64,
    /// Smallest and largest reward of the player to move here.
    pub(super) min: f64,
    pub(super) max: f64,
}

impl Node {
    pub(super) fn new(action: u32, next_sibling: u32) -> Self {
        Node {
            first_child: NONE,
            next_sibling,
            action,
            visits: 0,
            total: 0.0,
            min: f64::INFINITY,
            max: f64::NEG_INFINITY,
        }
    }

    /// What the final choice ranks it by.
    pub(super) fn stats(&self) -> ChildStats {
        ChildStats {
            visits: self.visits,
            total: self.total,
            action: self.action,
        }
    }

    pub(super) fn mean(&self) -> f64 {
        self.stats().mean()
    }
}

/// The arena of nodes, capped by the search's limits.
pub(super) struct Tree {
    pub(super) nodes: Vec<Node>,
    /// Most nodes the limits allow, and which limit that is.
    capacity: usize,
    binding_limit: Limit,
    /// Settles ties between siblings the final-choice rule ranks equal.
    ties: TieOrder,
}

impl Tree {
    /// An empty arena that will hold at most as many nodes as `limits` allow, its ties settled
    /// by `ties`.
    pub(super) fn new(limits: &Limits, ties: TieOrder) -> Tree {
        let node_size = std::mem::size_of::<Node>() as u64;
        let by_memory = limits.max_memory_bytes / node_size;
        let (cap, binding_limit) = if limits.max_nodes <= by_memory {
            (limits.max_nodes, Limit::Nodes)
        } else {
            (by_memory, Limit::Memory)
        };
        Tree {
            nodes: Vec::new(),
            capacity: cap.min(u64::from(NONE)).try_into().unwrap_or(usize::MAX),
            binding_limit,
            ties,
        }
    }

    /// Nodes held.
    pub(super) fn len(&self) -> usize {
        self.nodes.len()
    }

    /// The limit that stops the search once the arena is full, if it is.
    pub(super) fn full(&self) -> Option<Limit> {
        (self.nodes.len() >= self.capacity).then_some(self.binding_limit)
    }

    /// Empties the arena.
    pub(super) fn clear(&mut self) {
        self.nodes.clear();
    }

    /// Adds a root node to the empty arena; `Err` with the binding limit if there is no room
    /// for one.
    pub(super) fn plant_root(&mut self) -> Result<(), Limit> {
        if self.capacity == 0 {
            return Err(self.binding_limit);
        }
        self.push(Node::new(NONE, NONE));
        Ok(())
    }

    /// Appends a node, growing the arena no further than the limits allow. The caller has
    /// checked that there is room.
    fn push(&mut self, node: Node) -> u32 {
        if self.nodes.len() == self.nodes.capacity() {
            let grow = self
                .nodes
                .capacity()
                .max(64)
                .min(self.capacity - self.nodes.len());
            self.nodes.reserve_exact(grow);
        }
        self.nodes.push(node);
        (self.nodes.len() - 1) as u32
    }

    /// Adds a child of `parent` reached by the action with dense index `action` (first among
    /// its siblings) and returns it. The caller has checked that there is room.
    pub(super) fn add_child(&mut self, parent: u32, action: u32) -> u32 {
        let sibling = self.nodes[parent as usize].first_child;
        let child = self.push(Node::new(action, sibling));
        self.nodes[parent as usize].first_child = child;
        child
    }

    /// The children of `node` with their slots, the last added first.
    pub(super) fn children(&self, node: u32) -> Children<'_> {
        Children {
            nodes: &self.nodes,
            next: self
                .nodes
                .get(node as usize)
                .map_or(NONE, |n| n.first_child),
        }
    }

    /// The child of `node` reached by the action with dense index `index`, or `NONE`.
    pub(super) fn child_with_action(&self, node: u32, index: u32) -> u32 {
        self.children(node)
            .find(|(_, child)| child.action == index)
            .map_or(NONE, |(slot, _)| slot)
    }

    /// The child of `node` preferred by `rule`, if it has children.
    pub(super) fn preferred_child(&self, node: u32, rule: FinalChoice) -> Option<u32> {
        let mut best: Option<(u32, &Node)> = None;
        for (slot, candidate) in self.children(node) {
            if best.map_or(true, |(_, top)| preferred(candidate, top, rule, self.ties)) {
                best = Some((slot, candidate));
            }
        }
        best.map(|(slot, _)| slot)
    }

    /// Whether sibling `candidate` is preferred by `rule` over sibling `top`, as
    /// [`Tree::preferred_child`] ranks them.
    pub(super) fn prefers(&self, candidate: u32, top: u32, rule: FinalChoice) -> bool {
        let nodes = &self.nodes;
        preferred(
            &nodes[candidate as usize],
            &nodes[top as usize],
            rule,
            self.ties,
        )
    }

    /// The order that settles its ties.
    pub(super) fn ties(&self) -> TieOrder {
        self.ties
    }

    /// For each root action tried so far, in action-index order: its index, visits and mean
    /// reward for the root player.
    pub(super) fn root_action_stats_into(&self, stats: &mut Vec<RootActionStat>) {
        stats.clear();
        stats.extend(self.children(ROOT).map(|(_, node)| RootActionStat {
            index: node.action,
            visits: node.visits,
            value: node.mean(),
        }));
        stats.sort_by_key(|stat| stat.index);
    }

    /// Bytes held by the arena (its capacity times the node size).
    pub(super) fn memory_bytes(&self) -> u64 {
        (self.nodes.capacity() * std::mem::size_of::<Node>()) as u64
    }

    /// Replaces the arena by the subtree below `kept` (which becomes the root), compacted into a
    /// fresh arena with its statistics. While copying, old and new arenas coexist.
    pub(super) fn keep_subtree(&mut self, kept: u32) {
        let mut arena: Vec<Node> = Vec::new();
        let mut old_of_new = vec![kept];
        arena.push(Node {
            first_child: NONE,
            next_sibling: NONE,
            ..self.nodes[kept as usize]
        });
        let mut next = 0;
        while next < arena.len() {
            let mut previous = NONE;
            for (old, node) in self.children(old_of_new[next]) {
                let copied = arena.len() as u32;
                arena.push(Node {
                    first_child: NONE,
                    next_sibling: NONE,
                    ..*node
                });
                old_of_new.push(old);
                if previous == NONE {
                    arena[next].first_child = copied;
                } else {
                    arena[previous as usize].next_sibling = copied;
                }
                previous = copied;
            }
            next += 1;
        }
        arena.shrink_to_fit();
        self.nodes = arena;
    }
}

/// The children of one node (see [`Tree::children`]).
pub(super) struct Children<'a> {
    nodes: &'a [Node],
    next: u32,
}

impl<'a> Iterator for Children<'a> {
    type Item = (u32, &'a Node);

    fn next(&mut self) -> Option<Self::Item> {
        let slot = self.next;
        let node = self.nodes.get(slot as usize)?;
        self.next = node.next_sibling;
        Some((slot, node))
    }
}

/// Whether `candidate` ranks above its sibling `top` by `rule` (ties: the higher rank in `ties`).
fn preferred(candidate: &Node, top: &Node, rule: FinalChoice, ties: TieOrder) -> bool {
    match rule {
        FinalChoice::MostVisited => ties.most_visited(candidate.stats(), top.stats()).is_gt(),
        FinalChoice::BestMean => candidate
            .mean()
            .total_cmp(&top.mean())
            .then(candidate.visits.cmp(&top.visits))
            .then_with(|| ties.rank(candidate.action).cmp(&ties.rank(top.action)))
            .is_gt(),
    }
}
