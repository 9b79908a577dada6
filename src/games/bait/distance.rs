//! Shortest avatar distances on a level's open cells, by breadth-first search.
//!
//! No heap allocation: the map and the queue are fixed arrays over the 256 possible open cells.

use super::action::Action;
use super::bits::Bits256;
use super::level::{Cell, Level, BLOCKED};

/// Distance (in moves) from a set of source cells to every open cell, or unreachable.
#[derive(Clone, PartialEq, Eq)]
pub struct DistanceMap([u16; 256]);

/// The stored value of an unreachable cell.
const UNREACHABLE: u16 = u16::MAX;

impl DistanceMap {
    /// Breadth-first distances from `sources` over the open cells not in `blocked`, one move per
    /// step (L, R, D, U). Blocked sources are skipped.
    pub fn bfs(level: &Level, sources: impl IntoIterator<Item = Cell>, blocked: &Bits256) -> Self {
        Self::bfs_until(level, sources, blocked, &Bits256::EMPTY)
    }

    /// Like [`DistanceMap::bfs`], but may stop as soon as every cell of `targets` has its
    /// distance; other cells may then read as unreachable. An empty `targets` searches it all.
    pub fn bfs_until(
        level: &Level,
        sources: impl IntoIterator<Item = Cell>,
        blocked: &Bits256,
        targets: &Bits256,
    ) -> Self {
        let mut missing = targets.len();
        let stop_early = missing > 0;
        let mut dist = [UNREACHABLE; 256];
        let mut queue = [0 as Cell; 256];
        let (mut head, mut tail) = (0usize, 0usize);
        for source in sources {
            if !blocked.contains(source) && dist[usize::from(source)] == UNREACHABLE {
                dist[usize::from(source)] = 0;
                queue[tail] = source;
                tail += 1;
                missing -= u32::from(targets.contains(source));
            }
        }
        while head < tail && !(stop_early && missing == 0) {
            let cell = queue[head];
            head += 1;
            let next_dist = dist[usize::from(cell)] + 1;
            for action in Action::MOVES {
                let next = level.info(cell).step[action as usize];
                if next != BLOCKED
                    && !blocked.contains(next)
                    && dist[usize::from(next)] == UNREACHABLE
                {
                    dist[usize::from(next)] = next_dist;
                    // Each cell enters the queue at most once, and there are at most 256.
                    queue[tail] = next;
                    tail += 1;
                    missing -= u32::from(targets.contains(next));
                }
            }
        }
        DistanceMap(dist)
    }

    /// A map where every cell is unreachable.
    pub fn unreachable() -> Self {
        DistanceMap([UNREACHABLE; 256])
    }

    /// The distance to `cell`, if it is reachable.
    #[inline]
    pub fn get(&self, cell: Cell) -> Option<u32> {
        let d = self.0[usize::from(cell)];
        (d != UNREACHABLE).then_some(u32::from(d))
    }

    /// Sets the distance of `cell` (`None`: unreachable). Distances are below 65535.
    pub fn set(&mut self, cell: Cell, distance: Option<u32>) {
        self.0[usize::from(cell)] = distance.map_or(UNREACHABLE, |d| d.min(65534) as u16);
    }
}

impl std::fmt::Debug for DistanceMap {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let reachable: Vec<(usize, u16)> = self
            .0
            .iter()
            .enumerate()
            .filter(|&(_, &d)| d != UNREACHABLE)
            .map(|(c, &d)| (c, d))
            .collect();
        f.debug_map().entries(reachable).finish()
    }
}
