//! Engine knowledge about Bait, kept out of the rules: lower bounds on the actions left to win
//! (A*, IDA*), provably unwinnable states (pruning), and the state values GVGAI's sample agents
//! and the NJU course's depth-limited search use.
//!
//! # Facts the proofs rely on (all follow from `RULES.md` section 3)
//!
//! 1. Each action moves the avatar by at most one cell, to an open cell.
//! 2. The avatar enters a box's cell only by pushing that box out of it.
//! 3. A push of the box on `c` in direction `d` needs the avatar on `c - d` and no wall or box on
//!    `c + d` (nor a mushroom, but mushrooms can be eaten, so the proofs ignore them).
//! 4. A `nokey` avatar never enters a present goal; the game is won only when every goal has been
//!    entered by a `withkey` avatar; it turns `withkey` only by entering a key, and keys are
//!    removed only by an avatar entering them (so a `nokey` avatar sees every key still there).
//! 5. An avatar entering a present hole dies, and the game is lost.
//!
//! # Frozen boxes
//!
//! [`frozen_boxes`] is the largest set `S` of boxes such that each box of `S` has, on each axis,
//! a wall or another box of `S` next to it. No box of `S` can ever move: at the first push of one,
//! all the others would still be in place, and fact 3 needs both cells of the push's axis free
//! of walls and boxes. So `S` only grows as the game goes on, and its cells are walls for good.
//!
//! # Lower bounds
//!
//! [`BaitEval::walls_only_lower_bound`] is the heuristic used to prove the optima in
//! `optimal.json`: `d(avatar, key) + d(key, goal)` without the key, `d(avatar, goal)` with it,
//! distances through every open cell. With several keys and goals it is
//! `max over present goals g of min over keys k (d(avatar, k) + d(k, g))`. Admissible by facts 1
//! and 4, and consistent: one action changes the avatar's distances by at most one, taking a
//! key at `k` turns the `k` term into `d(k, g)` exactly, and removing a goal drops a term that
//! was 0.
//!
//! [`BaitEval::state_aware_lower_bound`] uses the same formula, with distances through the open
//! cells minus the *blocked* cells of the current state: frozen boxes, holes no box can ever
//! reach, and (for the leg to the key) the goals. A hole is reachable by a box if some movable box
//! can get there by pushes that fact 3 allows when only walls and frozen boxes count; that
//! relaxation over-approximates every real box path, and a box of any later state sits on a cell
//! this relaxation reaches, so unreachable holes stay holes. Proof sketch: the blocked set only
//! grows along any play (frozen boxes stay frozen, relaxed box reach only shrinks, a hole no box
//! can reach is never filled); a winning walk never stands on a blocked cell (fact 2 for frozen
//! boxes, fact 5 for holes, fact 4 for goals); so every winning walk from here is a walk in
//! today's unblocked graph, and the bound is admissible. Consistency: since later graphs are
//! subgraphs of today's, one action lowers each distance by at most one, and the key and goal
//! steps go as above. It never exceeds the true distance and is never below the walls-only bound.
//! Measured with a plain A* (ties to the deeper node): level 4 expands 121k states instead of
//! 212k, level 3 finds its 46-move optimum after 4.7M expansions (`optimal.json` reports 42.8M
//! with the walls-only bound). One evaluation costs a few breadth-first searches (about 2 µs on
//! level 3), but all of it except the last lookup is the same for every avatar cell:
//! [`BaitEval::state_aware_bounds`] gives the bound from every cell at once, and
//! [`super::bound_cache::StateBoundCache`] keeps those tables, so A* mostly pays a lookup.
//!
//! # Dead states
//!
//! [`BaitEval::is_dead`] says a state cannot be won: the game is lost, a frozen box sits on a
//! present goal, a `nokey` avatar faces only keys under frozen boxes (or none), or the walls-only
//! bound is infinite. Each of these is a proof; nothing merely unlikely is pruned.

use std::rc::Rc;

use super::action::Action;
use super::bits::Bits256;
use super::distance::DistanceMap;
use super::level::{Cell, Item, Level, BLOCKED};
use super::state::{BaitState, Outcome};

/// The largest set of boxes that can never move (see the module notes), by open cell.
///
/// Passes over the set, removing at the end of each pass every box with a free axis (both
/// cells of the axis neither wall nor in the set), until a pass removes nothing. Branch-free
/// per box: cell 255 is never open (a level has at most 245 open cells, see [`Level`]'s
/// capacity), so it is the neighbour tables' wall (`BLOCKED`), and with its bit set "wall or
/// box" is one bit test.
pub fn frozen_boxes(level: &Level, boxes: &Bits256) -> Bits256 {
    const WALL: u64 = 1 << 63; // cell 255, BLOCKED, in word 3
    let mut solid = boxes.words();
    solid[3] |= WALL;
    let held = |solid: &[u64; 4], cell: Cell| (solid[usize::from(cell >> 6)] >> (cell & 63)) & 1;
    loop {
        let mut removed = [0u64; 4];
        for (w, mut word) in solid.into_iter().enumerate() {
            if w == 3 {
                word &= !WALL;
            }
            let mut free = 0;
            while word != 0 {
                let bit = word.trailing_zeros();
                word &= word - 1;
                // w < 4 and bit < 64: below 256.
                let step = level.info((w as u32 * 64 + bit) as Cell).step;
                let across = held(&solid, step[Action::Left as usize])
                    | held(&solid, step[Action::Right as usize]);
                let along = held(&solid, step[Action::Up as usize])
                    | held(&solid, step[Action::Down as usize]);
                free |= (1 ^ (across & along)) << bit;
            }
            removed[w] = free;
        }
        if removed == [0; 4] {
            break;
        }
        for (word, free) in solid.iter_mut().zip(removed) {
            *word &= !free;
        }
    }
    solid[3] &= !WALL;
    let mut frozen = Bits256::EMPTY;
    for (w, mut word) in solid.into_iter().enumerate() {
        while word != 0 {
            // w < 4 and a bit index < 64: below 256.
            frozen.insert((w as u32 * 64 + word.trailing_zeros()) as Cell);
            word &= word - 1;
        }
    }
    frozen
}

/// Every cell a box could ever occupy, pushing the non-frozen `boxes` with only walls and
/// `frozen` in the way (fact 3, other boxes, holes and mushrooms ignored).
pub fn box_reach(level: &Level, boxes: &Bits256, frozen: &Bits256) -> Bits256 {
    const PUSHES: [(Action, Action); 4] = [
        (Action::Left, Action::Right),
        (Action::Right, Action::Left),
        (Action::Up, Action::Down),
        (Action::Down, Action::Up),
    ];
    let open = |c: Cell| c != BLOCKED && !frozen.contains(c);
    let mut reach = boxes.and_not(frozen);
    let mut stack = [0 as Cell; 256];
    let mut len = 0;
    for cell in reach.iter() {
        stack[len] = cell;
        len += 1;
    }
    while len > 0 {
        len -= 1;
        let step = level.info(stack[len]).step;
        for (ahead, behind) in PUSHES {
            let (to, from) = (step[ahead as usize], step[behind as usize]);
            if open(to) && open(from) && !reach.contains(to) {
                // Each cell enters the stack at most once, and there are at most 256.
                reach.insert(to);
                stack[len] = to;
                len += 1;
            }
        }
    }
    reach
}

/// The stored distance of an unreachable cell in [`seeded_distances`].
const UNREACHABLE: u16 = u16::MAX;

/// Writes into `out` the distance from the nearest seed to every open cell not in `blocked`,
/// each seed `(start, cell)` counting from its own `start` (`UNREACHABLE` elsewhere); blocked
/// seeds are skipped and `seeds` is sorted. Unit steps, so the sorted seeds merge into the FIFO
/// queue of a breadth-first search (a multi-source Dijkstra): cells are settled in order of
/// distance, ties to the seed, and a seed improves a cell only before it is settled. Starts must
/// stay below 65000 (the level's distances do: at most 256 cells).
fn seeded_distances(
    level: &Level,
    seeds: &mut [(u16, Cell)],
    blocked: &Bits256,
    out: &mut [u16; 256],
) {
    seeds.sort_unstable();
    *out = [UNREACHABLE; 256];
    let mut settled = Bits256::EMPTY;
    let mut queue = [0 as Cell; 256];
    let (mut head, mut tail, mut next_seed) = (0usize, 0usize, 0usize);
    loop {
        let seed_first = next_seed < seeds.len()
            && (head == tail || seeds[next_seed].0 <= out[usize::from(queue[head])]);
        let cell = if seed_first {
            let (start, cell) = seeds[next_seed];
            next_seed += 1;
            if blocked.contains(cell) || settled.contains(cell) {
                continue;
            }
            // Not settled, so any label it has is a queued one no smaller than `start`.
            out[usize::from(cell)] = start;
            cell
        } else if head < tail {
            head += 1;
            queue[head - 1]
        } else {
            return;
        };
        if settled.contains(cell) {
            continue;
        }
        settled.insert(cell);
        let next_distance = out[usize::from(cell)] + 1;
        for action in Action::MOVES {
            let next = level.info(cell).step[action as usize];
            if next != BLOCKED && !blocked.contains(next) && out[usize::from(next)] == UNREACHABLE {
                out[usize::from(next)] = next_distance;
                // Each cell is labelled, and queued, at most once by a step: at most 256.
                queue[tail] = next;
                tail += 1;
            }
        }
    }
}

/// Per-level distance tables and the evaluations built on them. Build it once per level; use it
/// only with states of that level.
#[derive(Clone, Debug)]
pub struct BaitEval {
    level: Rc<Level>,
    /// Walls-only distance to the nearest key.
    to_key: DistanceMap,
    /// Item id of each goal, and per goal: walls-only distance to it, and the walls-only length
    /// of the shortest walk through some key to it.
    goals: Vec<(u8, DistanceMap, DistanceMap)>,
}

impl BaitEval {
    /// Precomputes the walls-only distance maps of `level`.
    pub fn new(level: &Rc<Level>) -> BaitEval {
        let none = Bits256::EMPTY;
        let key_maps: Vec<DistanceMap> = level
            .cells_of(Item::Key)
            .map(|k| DistanceMap::bfs(level, [k], &none))
            .collect();
        let goals = level
            .items_of(Item::Goal)
            .iter()
            .map(|id| {
                let goal = level.item_cell(id);
                let to_goal = DistanceMap::bfs(level, [goal], &none);
                let mut via_key = DistanceMap::unreachable();
                for cell in 0..level.open_cells() as Cell {
                    let best = key_maps
                        .iter()
                        .filter_map(|map| Some(map.get(cell)? + map.get(goal)?))
                        .min();
                    via_key.set(cell, best);
                }
                (id, to_goal, via_key)
            })
            .collect();
        BaitEval {
            level: Rc::clone(level),
            to_key: DistanceMap::bfs(level, level.cells_of(Item::Key), &none),
            goals,
        }
    }

    /// The level this evaluator was built for.
    pub fn level(&self) -> &Rc<Level> {
        &self.level
    }

    /// Walls-only distance from `cell` to the nearest key.
    pub fn distance_to_key(&self, cell: Cell) -> Option<u32> {
        self.to_key.get(cell)
    }

    /// The walls-only lower bound on the actions left to win (module notes): 0 once won, `None`
    /// when the game is lost or the goals cannot be reached.
    pub fn walls_only_lower_bound(&self, state: &BaitState) -> Option<u32> {
        match state.outcome() {
            Outcome::Won => return Some(0),
            Outcome::Lost => return None,
            Outcome::Running => {}
        }
        let avatar = state.avatar_cell();
        let mut bound = 0;
        for (id, to_goal, via_key) in &self.goals {
            if state.items().contains(*id) {
                let map = if state.has_key() { to_goal } else { via_key };
                bound = bound.max(map.get(avatar)?);
            }
        }
        Some(bound)
    }

    /// The stronger lower bound through the current state's unblocked cells (module notes):
    /// admissible, consistent, and at least [`BaitEval::walls_only_lower_bound`]. Costs a few
    /// breadth-first searches (one per goal, plus one).
    pub fn state_aware_lower_bound(&self, state: &BaitState) -> Option<u32> {
        match state.outcome() {
            Outcome::Won => return Some(0),
            Outcome::Lost => return None,
            Outcome::Running => {}
        }
        let level = &*self.level;
        let blocked = self.blocked_cells(state);
        let goal_cells: Bits256 = self
            .goals
            .iter()
            .filter(|(id, ..)| state.items().contains(*id))
            .map(|&(id, ..)| level.item_cell(id))
            .collect();
        let avatar = state.avatar_cell();
        if state.has_key() {
            let from_avatar = DistanceMap::bfs_until(level, [avatar], &blocked, &goal_cells);
            return goal_cells
                .iter()
                .try_fold(0, |bound, goal| Some(bound.max(from_avatar.get(goal)?)));
        }
        let key_cells: Bits256 = level
            .cells_of(Item::Key)
            .filter(|&k| state.item_at(k) == Item::Key)
            .collect();
        let from_avatar =
            DistanceMap::bfs_until(level, [avatar], &blocked.or(&goal_cells), &key_cells);
        goal_cells.iter().try_fold(0, |bound, goal| {
            let from_goal = DistanceMap::bfs_until(level, [goal], &blocked, &key_cells);
            let best = key_cells
                .iter()
                .filter_map(|k| Some(from_avatar.get(k)? + from_goal.get(k)?))
                .min()?;
            Some(bound.max(best))
        })
    }

    /// [`BaitEval::state_aware_lower_bound`] for every avatar cell at once: the bound of a running
    /// state whose [`BaitEval::blocked_cells`] are `blocked`, with these present `items` and key
    /// flag, by the avatar's cell. The blocked cells and the present keys and goals do not
    /// depend on the avatar, so one table serves every running state that shares them.
    ///
    /// Same values, by the symmetry of distances (`B` the blocked cells, `BG` the blocked cells
    /// and present goals, `d_X` distances through the open cells not in `X`): `withkey`, the
    /// bound at `a` is `max over goals g of d_B(g, a)`, one search from each goal; `nokey`, it
    /// is `max over goals g of min over keys k (d_B(g, k) + d_BG(k, a))`, one more search per
    /// goal, from every key at once, each key starting at its `d_B(g, k)` (a multi-source
    /// Dijkstra with unit steps). With no goal left the bound is 0 everywhere, as there.
    pub fn state_aware_bounds(
        &self,
        blocked: &Bits256,
        items: &Bits256,
        has_key: bool,
    ) -> DistanceMap {
        let level = &*self.level;
        let present = |kind: Item| {
            items
                .and(&level.items_of(kind))
                .iter()
                .map(|id| level.item_cell(id))
        };
        let goal_cells: Bits256 = present(Item::Goal).collect();
        let mut bounds = [0u16; 256];
        let mut from_goal = [UNREACHABLE; 256];
        let mut via_key = [UNREACHABLE; 256];
        let mut seeds = [(0u16, 0 as Cell); 256];
        for goal in goal_cells.iter() {
            seeds[0] = (0, goal);
            seeded_distances(level, &mut seeds[..1], blocked, &mut from_goal);
            let to_goal = if has_key {
                &from_goal
            } else {
                let mut len = 0;
                for key in present(Item::Key) {
                    let distance = from_goal[usize::from(key)];
                    if distance != UNREACHABLE {
                        seeds[len] = (distance, key);
                        len += 1;
                    }
                }
                seeded_distances(
                    level,
                    &mut seeds[..len],
                    &blocked.or(&goal_cells),
                    &mut via_key,
                );
                &via_key
            };
            for (bound, &distance) in bounds.iter_mut().zip(to_goal) {
                *bound = (*bound).max(distance);
            }
        }
        let mut map = DistanceMap::unreachable();
        for cell in 0..level.open_cells() as Cell {
            let bound = bounds[usize::from(cell)];
            map.set(cell, (bound != UNREACHABLE).then_some(u32::from(bound)));
        }
        map
    }

    /// Cells no winning walk from `state` can ever stand on, apart from the goals: frozen boxes
    /// and holes no box can reach.
    pub fn blocked_cells(&self, state: &BaitState) -> Bits256 {
        let level = &*self.level;
        let frozen = frozen_boxes(level, &state.boxes());
        let reach = box_reach(level, &state.boxes(), &frozen);
        let dead_holes: Bits256 = level
            .cells_of(Item::Hole)
            .filter(|&h| state.item_at(h) == Item::Hole && !reach.contains(h))
            .collect();
        frozen.or(&dead_holes)
    }

    /// Whether `state` provably cannot be won (module notes). Cheap: no search.
    pub fn is_dead(&self, state: &BaitState) -> bool {
        match state.outcome() {
            Outcome::Won => return false,
            Outcome::Lost => return true,
            Outcome::Running => {}
        }
        let level = &*self.level;
        if !state.items().intersects(&level.items_of(Item::Goal)) {
            return false; // the next action wins
        }
        if self.walls_only_lower_bound(state).is_none() {
            return true;
        }
        let frozen = frozen_boxes(level, &state.boxes());
        let covered = |cell: Cell| frozen.contains(cell);
        let present = |kind: Item| {
            level
                .cells_of(kind)
                .filter(move |&c| state.item_at(c) == kind)
        };
        if present(Item::Goal).any(covered) {
            return true;
        }
        !state.has_key() && present(Item::Key).all(covered)
    }

    /// The course-style weighted value for depth-limited search, higher is better:
    ///
    /// ```text
    /// won:     win  + score_weight * score
    /// lost:    loss + score_weight * score      (also when no goal can be reached)
    /// running: score_weight * score
    ///          - distance * walls_only_lower_bound
    ///          - box_to_hole * (sum over boxes of the Manhattan distance to the nearest open hole)
    /// ```
    pub fn course_value(&self, state: &BaitState, weights: &CourseWeights) -> f64 {
        let score = weights.score * f64::from(state.score());
        let Some(bound) = self.walls_only_lower_bound(state) else {
            return weights.loss + score;
        };
        if state.is_won() {
            return weights.win + score;
        }
        let level = &*self.level;
        let holes: Vec<(usize, usize)> = level
            .cells_of(Item::Hole)
            .filter(|&h| state.item_at(h) == Item::Hole)
            .map(|h| level.position(h))
            .collect();
        let box_to_hole: usize = state
            .boxes()
            .iter()
            .filter_map(|b| {
                let (x, y) = level.position(b);
                holes
                    .iter()
                    .map(|&(hx, hy)| x.abs_diff(hx) + y.abs_diff(hy))
                    .min()
            })
            .sum();
        score - weights.distance * f64::from(bound) - weights.box_to_hole * box_to_hole as f64
    }
}

/// Weights of [`BaitEval::course_value`].
#[derive(Clone, Copy, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct CourseWeights {
    /// Per point of game score.
    pub score: f64,
    /// Per action of the walls-only lower bound (the distance still to walk, via the key).
    pub distance: f64,
    /// Per cell between a box and its nearest open hole.
    pub box_to_hole: f64,
    /// Added for a won state.
    pub win: f64,
    /// Added for a lost or unwinnable state.
    pub loss: f64,
}

impl Default for CourseWeights {
    /// Score 10, distance 1, box-to-hole 0.1, win 1e6, loss -1e6: winning dominates, then
    /// points, then progress towards key and goal, then boxes near holes as a tie-breaker.
    fn default() -> Self {
        CourseWeights {
            score: 10.0,
            distance: 1.0,
            box_to_hole: 0.1,
            win: 1e6,
            loss: -1e6,
        }
    }
}

/// GVGAI sampleMCTS's rollout value: score + 1e7 if won, score - 1e7 if lost, else the score.
pub fn mcts_value(state: &BaitState) -> f64 {
    let score = f64::from(state.score());
    match state.outcome() {
        Outcome::Won => score + 1e7,
        Outcome::Lost => score - 1e7,
        Outcome::Running => score,
    }
}

/// GVGAI sampleRHEA's `WinScoreHeuristic`: 1000 if won, -1000 if lost, else the score.
pub fn rhea_value(state: &BaitState) -> f64 {
    match state.outcome() {
        Outcome::Won => 1000.0,
        Outcome::Lost => -1000.0,
        Outcome::Running => f64::from(state.score()),
    }
}
