//! [`TouchTree`]: the touch bound of [`heuristic`](super::heuristic) made stronger for games in
//! which touching a counted sprite always leaves the avatar on its cell (zenpuzzle's tiles):
//! the avatar's walk must then pass through every cell holding a counted sprite, so its length
//! is at least the weight of a minimum spanning tree over those cells.
//!
//! Bound: with `p` the avatar's cell, `C` the cells holding counted sprites (`p` included) and
//! `d` walking distances over the cells the avatar may end a tick on,
//! `h = d(p, C) + MST_d(C)`, or `None` when some cell of `C` cannot be reached.
//!
//! Admissible: a counted sprite never moves and only the avatar's touch removes it, so the
//! avatar ends a tick on every cell of `C` before a win (no rule sends it back from such a cell:
//! see [`TouchTree::new`]). Its end-of-tick cells form a walk of one cell a tick from `p` that
//! visits all of `C`; the walk's length is at least `d(p, C)` to the first cell of `C` it
//! reaches plus the length of a path through the rest, which is at least `MST_d(C)`.
//!
//! Consistent (`h` drops by at most 1 a tick): counted sprites are never created, and the cells
//! the avatar can never end a tick on only grow (see `walls`), so `C` only shrinks and `d` only
//! grows. A tick that leaves `C` unchanged moves the avatar one cell: `d(p, C)` drops by at
//! most 1. A tick that clears a cell `c` of `C` ends with the avatar on `c`: before it,
//! `h <= 1 + MST(C)`; after it, `d(c, C - c) + MST(C - c) >= MST(C)` (the tree over `C - c` and
//! the edge from `c` to its nearest cell span `C`). A tick that clears the avatar's own cell
//! leaves the avatar there: `MST(C - p) + d(p, C - p) >= MST(C) = h`.
//!
//! Distances: a breadth-first search from all of `C` at once labels each cell with its nearest
//! cell of `C`; every board edge between cells of different labels gives a candidate edge of
//! weight `d(a, u) + 1 + d(v, b)`, and a minimum spanning tree of the candidates is one of the
//! complete distance graph on `C` (Mehlhorn, *A faster approximation algorithm for the Steiner
//! problem in graphs*, 1988).

use super::description::{EffectKind, TypeId};
use super::heuristic::{effects_between, eos_effects, is_undo, removes_second, Counted};
use super::level::World;
use super::ontology::SpriteClass;
use super::state::VgdlState;

/// The data of the tree bound for one counted group.
#[derive(Debug)]
pub(super) struct TouchTree {
    width: usize,
    height: usize,
    /// Cells whose static sprites send every avatar back.
    blocked: Vec<bool>,
    /// `walls[t]`: a sprite of leaf type `t`, once on a cell, stays there for good and sends
    /// every avatar back from it.
    walls: Vec<bool>,
}

/// Whether `kind`, run with a sprite of type `t` as its first sprite, removes or moves it.
fn changes_first(kind: EffectKind) -> bool {
    matches!(
        kind,
        EffectKind::KillSprite
            | EffectKind::KillBoth
            | EffectKind::CollectResource
            | EffectKind::KillIfHasLess { .. }
            | EffectKind::KillIfOtherHasMore { .. }
            | EffectKind::TransformTo { .. }
            | EffectKind::BounceForward
    )
}

impl TouchTree {
    /// The tree bound for `counted`, a group that fits the touch pattern, when no rule can send
    /// the avatar back from a cell holding a counted sprite: the game has no `undoAll`, and each
    /// sprite an avatar steps back from is either static on no cell that starts with a counted
    /// sprite, or a wall (see `walls`) made only by turning a counted sprite into it. `blocked`
    /// flags the cells whose static sprites send every avatar back; the avatar must be kept on
    /// the board.
    pub(super) fn new(
        world: &World,
        counted: &Counted,
        leaves: &[bool],
        avatars: &[TypeId],
        blocked: Vec<bool>,
    ) -> Option<TouchTree> {
        let d = &world.description;
        let n = d.types.len();
        if d.effects.iter().any(|e| e.kind == EffectKind::UndoAll) {
            return None;
        }
        let leaf_types = || (0..n).filter(|&t| leaves[t]).map(|t| t as TypeId);
        let stops_avatars = |o: TypeId| {
            avatars.iter().all(|&a| {
                effects_between(world, a, o).any(|k| k == EffectKind::StepBack)
                    && effects_between(world, a, o).all(is_undo)
            })
        };
        let stays = |o: TypeId| {
            matches!(
                d.types[o as usize].class,
                Some(SpriteClass::Immovable | SpriteClass::Door)
            ) && eos_effects(world, o).next().is_none()
                && leaf_types().all(|x| {
                    !effects_between(world, o, x).any(changes_first)
                        && !effects_between(world, x, o).any(removes_second)
                })
                && !d
                    .effects
                    .iter()
                    .any(|e| matches!(e.kind, EffectKind::KillAll(t) if world.is_member(t, o)))
        };
        // Made only by turning a counted sprite into it (so on a cell no counted sprite holds).
        let made_from_counted = |o: TypeId| {
            d.pairs.iter().all(|p| {
                p.effects.iter().all(|&e| match d.effects[e as usize].kind {
                    EffectKind::TransformTo { stype, .. } if stype == o => {
                        leaf_types().all(|t| !world.is_member(p.first, t) || counted.has(t))
                    }
                    EffectKind::Spawn(stype) => stype != o,
                    _ => true,
                })
            })
        };
        let counted_cells: Vec<(i16, i16)> = world
            .initial
            .iter()
            .filter(|s| counted.has(s.kind))
            .map(|s| (s.x, s.y))
            .collect();
        let mut distinct = counted_cells.clone();
        distinct.sort_unstable();
        distinct.dedup();
        if distinct.len() != counted_cells.len() {
            return None;
        }
        let mut walls = vec![false; n];
        for o in leaf_types() {
            let sends_back = avatars
                .iter()
                .any(|&a| effects_between(world, a, o).any(is_undo));
            if !sends_back {
                continue;
            }
            if d.types[o as usize].dynamic {
                let on_counted_cell = world
                    .initial
                    .iter()
                    .any(|s| s.kind == o && counted_cells.contains(&(s.x, s.y)));
                if !(stops_avatars(o) && stays(o) && made_from_counted(o)) || on_counted_cell {
                    return None;
                }
                walls[o as usize] = true;
            } else if world.static_cells[o as usize].iter().any(|&c| {
                let c = c as usize;
                let at = ((c % world.width) as i16, (c / world.width) as i16);
                counted_cells.contains(&at)
            }) {
                return None;
            }
        }
        Some(TouchTree {
            width: world.width,
            height: world.height,
            blocked,
            walls,
        })
    }

    fn cell(&self, x: i16, y: i16) -> Option<usize> {
        (x >= 0 && y >= 0 && (x as usize) < self.width && (y as usize) < self.height)
            .then(|| y as usize * self.width + x as usize)
    }

    /// The bound at `state` (see the module doc).
    pub(super) fn estimate(&self, state: &VgdlState, counted: &Counted) -> Option<u32> {
        let cells = self.width * self.height;
        let avatar = state.avatar();
        let p = self.cell(avatar.x, avatar.y)?;
        let mut open = self.blocked.clone();
        for b in open.iter_mut() {
            *b = !*b;
        }
        let mut owner = vec![u32::MAX; cells];
        let mut dist = vec![u32::MAX; cells];
        let mut queue = std::collections::VecDeque::new();
        let mut terminals = 0u32;
        for s in state.sprites() {
            if self.walls[s.kind as usize] {
                if let Some(c) = self.cell(s.x, s.y) {
                    open[c] = false;
                }
            }
        }
        for s in state.sprites().filter(|s| counted.has(s.kind)) {
            let c = self.cell(s.x, s.y)?;
            if owner[c] == u32::MAX {
                owner[c] = terminals;
                dist[c] = 0;
                open[c] = true;
                terminals += 1;
                queue.push_back(c);
            }
        }
        if terminals == 0 {
            return Some(0);
        }
        open[p] = true;
        while let Some(c) = queue.pop_front() {
            for n in self.neighbours(c).into_iter().flatten() {
                if open[n] && owner[n] == u32::MAX {
                    owner[n] = owner[c];
                    dist[n] = dist[c] + 1;
                    queue.push_back(n);
                }
            }
        }
        if owner[p] == u32::MAX {
            return None;
        }
        let mut edges = Vec::new();
        for c in 0..cells {
            if owner[c] == u32::MAX {
                continue;
            }
            let (x, y) = (c % self.width, c / self.width);
            let right = (x + 1 < self.width).then(|| c + 1);
            let down = (y + 1 < self.height).then(|| c + self.width);
            for n in [right, down].into_iter().flatten() {
                if owner[n] != u32::MAX && owner[n] != owner[c] {
                    edges.push((dist[c] + 1 + dist[n], owner[c], owner[n]));
                }
            }
        }
        edges.sort_unstable();
        let mut parent: Vec<u32> = (0..terminals).collect();
        let find = |parent: &mut Vec<u32>, mut x: u32| {
            while parent[x as usize] != x {
                parent[x as usize] = parent[parent[x as usize] as usize];
                x = parent[x as usize];
            }
            x
        };
        let (mut tree, mut joined) = (0u32, 1u32);
        for (w, a, b) in edges {
            let (ra, rb) = (find(&mut parent, a), find(&mut parent, b));
            if ra != rb {
                parent[ra as usize] = rb;
                tree += w;
                joined += 1;
            }
        }
        (joined == terminals).then_some(dist[p] + tree)
    }

    fn neighbours(&self, c: usize) -> [Option<usize>; 4] {
        let (x, y) = (c % self.width, c / self.width);
        [
            (x > 0).then(|| c - 1),
            (x + 1 < self.width).then(|| c + 1),
            (y > 0).then(|| c - self.width),
            (y + 1 < self.height).then(|| c + self.width),
        ]
    }
}
