//! Engine knowledge: the lower bounds are admissible and consistent and dead states are truly
//! unwinnable, checked against exact distances over whole reachable state spaces; the
//! state-aware bound's per-configuration tables and its cache give exactly the per-state
//! bound; plus the state values.

mod bait_common;
mod bait_random_levels;

use std::collections::{HashMap, VecDeque};
use std::rc::Rc;

use bait_common::{official_level, picture, probe_levels, read};
use bait_random_levels::random_levels;
use searchlab::agents::bait::bound_cache_budget;
use searchlab::game::Game;
use searchlab::games::bait::bound_cache::StateBoundCache;
use searchlab::games::bait::eval::{frozen_boxes, mcts_value, rhea_value, BaitEval, CourseWeights};
use searchlab::games::bait::{parse_plan, Action, BaitState, Item, Level};
use searchlab::rng::Rng;

/// The states reachable from `start` by moves in breadth-first order, at most `cap` of them,
/// their successors within that set, and their number of actions to a win inside the set
/// (`None`: no win inside). When `complete`, the set is closed and the distances are exact;
/// otherwise they are upper bounds.
struct Space {
    states: Vec<BaitState>,
    successors: Vec<Vec<usize>>,
    to_win: Vec<Option<u32>>,
    complete: bool,
}

fn explore(start: BaitState, cap: usize) -> Space {
    let mut index = HashMap::new();
    let mut states = vec![start.clone()];
    let mut successors = Vec::new();
    let mut complete = true;
    index.insert(start.key(), 0);
    while successors.len() < states.len() {
        let state = states[successors.len()].clone();
        let mut out = Vec::new();
        if !state.is_over() {
            for action in Action::MOVES {
                let child = state.child(action);
                if let Some(&id) = index.get(&child.key()) {
                    out.push(id);
                } else if states.len() < cap {
                    index.insert(child.key(), states.len());
                    out.push(states.len());
                    states.push(child);
                } else {
                    complete = false;
                }
            }
        }
        successors.push(out);
    }
    let mut predecessors = vec![Vec::new(); states.len()];
    for (from, outs) in successors.iter().enumerate() {
        for &to in outs {
            predecessors[to].push(from);
        }
    }
    let mut to_win = vec![None; states.len()];
    let mut queue = VecDeque::new();
    for (i, s) in states.iter().enumerate() {
        if s.is_won() {
            to_win[i] = Some(0);
            queue.push_back(i);
        }
    }
    while let Some(i) = queue.pop_front() {
        let d = to_win[i].unwrap() + 1;
        for &p in &predecessors[i] {
            if to_win[p].is_none() {
                to_win[p] = Some(d);
                queue.push_back(p);
            }
        }
    }
    Space {
        states,
        successors,
        to_win,
        complete,
    }
}

/// `a <= 1 + b`, with `None` as infinity.
fn consistent(a: Option<u32>, b: Option<u32>) -> bool {
    match (a, b) {
        (_, None) => true,
        (None, Some(_)) => false,
        (Some(a), Some(b)) => a <= b + 1,
    }
}

/// Counts from [`check_space`].
#[derive(Debug)]
struct Checked {
    states: usize,
    complete: bool,
    /// States where the state-aware bound is above the walls-only bound.
    stronger: usize,
    dead: usize,
}

/// Checks both bounds (never above the distance to a win, walls-only <= state-aware, consistent
/// on every edge) and, on a complete space, that dead states cannot be won.
fn check_space(name: &str, start: BaitState, cap: usize) -> Checked {
    let eval = BaitEval::new(start.level());
    let space = explore(start, cap);
    let walls: Vec<Option<u32>> = space
        .states
        .iter()
        .map(|s| eval.walls_only_lower_bound(s))
        .collect();
    let aware: Vec<Option<u32>> = space
        .states
        .iter()
        .map(|s| eval.state_aware_lower_bound(s))
        .collect();
    let (mut stronger, mut dead) = (0, 0);
    for (i, s) in space.states.iter().enumerate() {
        if let Some(d) = space.to_win[i] {
            assert!(
                walls[i].unwrap() <= d,
                "{name}: walls-only bound too high: {s:?}"
            );
            assert!(
                aware[i].unwrap() <= d,
                "{name}: state-aware bound too high: {s:?}"
            );
        }
        if eval.is_dead(s) {
            dead += 1;
            if space.complete {
                assert_eq!(
                    space.to_win[i], None,
                    "{name}: a winnable state was called dead: {s:?}"
                );
            }
        }
        match (walls[i], aware[i]) {
            (Some(w), Some(a)) => {
                assert!(w <= a, "{name}: {s:?}");
                stronger += usize::from(a > w);
            }
            (None, Some(_)) => panic!("{name}: the state-aware bound is below walls-only: {s:?}"),
            (Some(_), None) => stronger += 1,
            (None, None) => {}
        }
        for &j in &space.successors[i] {
            let t = &space.states[j];
            assert!(consistent(walls[i], walls[j]), "{name}: {s:?} -> {t:?}");
            assert!(consistent(aware[i], aware[j]), "{name}: {s:?} -> {t:?}");
        }
    }
    Checked {
        states: space.states.len(),
        complete: space.complete,
        stronger,
        dead,
    }
}

#[test]
fn bounds_are_admissible_and_consistent_and_dead_states_are_lost_on_levels_0_and_1() {
    // Reachable states by moves, deduplicated by key (lost states included).
    for (n, reachable) in [(0, 30), (1, 2350)] {
        let checked = check_space(
            &format!("level {n}"),
            BaitState::new(official_level(n)),
            100_000,
        );
        println!("level {n}: {checked:?}");
        assert_eq!(checked.states, reachable, "level {n}");
        assert!(
            checked.complete && checked.dead > 0 && checked.stronger > 0,
            "level {n}"
        );
    }
}

#[test]
fn bounds_are_admissible_and_consistent_on_the_first_states_of_levels_2_3_4() {
    for n in [2, 3, 4] {
        let checked = check_space(
            &format!("level {n}"),
            BaitState::new(official_level(n)),
            150_000,
        );
        println!("level {n}: {checked:?}");
        assert!(!checked.complete && checked.dead > 0, "level {n}");
    }
}

#[test]
fn bounds_hold_on_the_probe_levels() {
    for (probe, level) in probe_levels() {
        let checked = check_space(probe, BaitState::new(Rc::new(level)), 10_000);
        assert!(checked.complete, "{probe}");
    }
}

#[test]
fn bounds_on_multi_key_multi_goal_levels_are_admissible() {
    let rows = "
        wwwwwwww
        wk..1.gw
        w.0..0.w
        wA.m1..w
        w...0.kw
        wg.1...w
        wwwwwwww";
    let checked = check_space("two keys, two goals", picture(rows), 1_000_000);
    println!("{checked:?}");
    assert!(checked.complete && checked.dead > 0);
}

#[test]
fn walls_only_bound_at_the_start_of_each_level() {
    let optimal: serde_json::Value = serde_json::from_str(&read("goldens/optimal.json")).unwrap();
    for n in 0..5 {
        let level = official_level(n);
        let eval = BaitEval::new(&level);
        let start = BaitState::new(Rc::clone(&level));
        let bound = eval.walls_only_lower_bound(&start).unwrap();
        let optimum = optimal["levels"][n]["optimal_length"].as_u64().unwrap() as u32;
        assert!(bound <= optimum);
        assert!(eval.state_aware_lower_bound(&start).unwrap() <= optimum);
        // Along the optimal plan the bound never rises by more than what is left to play.
        let plan = parse_plan(optimal["levels"][n]["optimal_plan"].as_str().unwrap()).unwrap();
        let mut state = start;
        for (i, &action) in plan.iter().enumerate() {
            let left = (plan.len() - i) as u32;
            assert!(eval.walls_only_lower_bound(&state).unwrap() <= left);
            assert!(eval.state_aware_lower_bound(&state).unwrap() <= left);
            assert!(!eval.is_dead(&state));
            state.apply(action);
        }
        assert_eq!(eval.walls_only_lower_bound(&state), Some(0));
    }
    // Level 0: avatar (2,1) to key (2,4) is 3 moves, key to goal (1,1) is 4.
    let level = official_level(0);
    let eval = BaitEval::new(&level);
    assert_eq!(eval.distance_to_key(level.start_avatar()), Some(3));
    assert_eq!(
        eval.walls_only_lower_bound(&BaitState::new(Rc::clone(&level))),
        Some(7)
    );
}

#[test]
fn a_box_on_the_key_against_walls_is_dead_but_a_free_one_is_not() {
    let level = official_level(0);
    let eval = BaitEval::new(&level);
    let mut state = BaitState::new(Rc::clone(&level));
    state.apply(Action::Down);
    assert!(!eval.is_dead(&state));
    state.apply(Action::Down); // pushes the box at (2,3) onto the key at (2,4), a wall corner
    assert!(state.contents(2, 4).box_ && state.contents(2, 4).key);
    assert!(eval.is_dead(&state));
    assert_eq!(eval.state_aware_lower_bound(&state), None);

    let free = picture(
        "
        wwwww
        wA..w
        w.1.w
        w.k.w
        w...w
        wwwgw",
    );
    let mut state = free;
    let eval = BaitEval::new(state.level());
    state.apply(Action::Right);
    state.apply(Action::Down); // box onto the key; it can still be pushed on down
    assert!(state.contents(2, 3).box_ && state.contents(2, 3).key);
    assert!(!eval.is_dead(&state));
}

#[test]
fn frozen_boxes_hold_each_other_in_place() {
    let state = picture(
        "
        wwwwww
        w11..w
        w.1.Aw
        w....w
        wg...w
        wwwwww",
    );
    let level = state.level();
    let frozen = frozen_boxes(level, &state.boxes());
    // The top two hold each other against the walls; the lower one can still go left or right
    // (not up or down: the cell above it is a frozen box).
    let cells: Vec<(usize, usize)> = frozen.iter().map(|c| level.position(c)).collect();
    assert_eq!(cells, vec![(1, 1), (2, 1)]);
}

#[test]
fn a_dead_or_timed_out_avatar_is_dead_and_a_win_is_not() {
    let eval_of = |s: &BaitState| BaitEval::new(s.level());
    let mut fallen = picture("wA0.wg");
    fallen.apply(Action::Right);
    assert!(eval_of(&fallen).is_dead(&fallen));
    assert_eq!(eval_of(&fallen).walls_only_lower_bound(&fallen), None);
    let mut won = picture("wgkAw");
    won.apply(Action::Left);
    won.apply(Action::Left);
    assert!(won.is_won() && !eval_of(&won).is_dead(&won));
    assert_eq!(eval_of(&won).state_aware_lower_bound(&won), Some(0));
    let no_key = picture("wA.gw");
    assert!(eval_of(&no_key).is_dead(&no_key));
}

#[test]
fn state_values_follow_gvgai() {
    let mut state = picture("wgkAm.w");
    state.apply(Action::Right);
    assert_eq!((mcts_value(&state), rhea_value(&state)), (1.0, 1.0));
    let mut won = state.clone();
    for _ in 0..3 {
        won.apply(Action::Left);
    }
    assert!(won.is_won());
    assert_eq!((mcts_value(&won), rhea_value(&won)), (6.0 + 1e7, 1000.0));
    let mut lost = picture("wA0.wg");
    lost.apply(Action::Right);
    assert_eq!((mcts_value(&lost), rhea_value(&lost)), (-1e7, -1000.0));
}

#[test]
fn course_value_prefers_wins_then_points_then_progress() {
    let start = picture("wgk.A.m0w");
    let eval = BaitEval::new(start.level());
    let weights = CourseWeights::default();
    let value = |plan: &str| {
        let mut s = start.clone();
        for action in parse_plan(plan).unwrap() {
            s.apply(action);
        }
        eval.course_value(&s, &weights)
    };
    assert!(value("L") > value("R"), "closer to the key is better");
    assert!(
        value("RR") > value(""),
        "a mushroom is worth more than a step"
    );
    assert!(value("LLL") > value("RR"), "a win beats everything");
    assert!(value("RRR") < value(""), "a loss is worst");
}

/// `count` states along a seeded random walk from `start` (moves and NIL), restarting when the
/// game ends (lost and won states included) and now and then at random.
fn random_walk(start: &BaitState, seed: u64, count: usize) -> Vec<BaitState> {
    let mut rng = Rng::new(seed);
    let mut state = start.clone();
    let mut states = Vec::with_capacity(count);
    while states.len() < count {
        if state.is_over() || rng.below(150) == 0 {
            state = start.clone();
        }
        state.apply(Action::ALL[rng.index(5)]);
        states.push(state.clone());
    }
    states
}

/// The starting states of the official levels, the probes and 40 random levels with one to
/// three keys and goals.
fn every_kind_of_start() -> Vec<(String, BaitState)> {
    let mut starts: Vec<(String, BaitState)> = (0..5)
        .map(|n| (format!("level {n}"), BaitState::new(official_level(n))))
        .collect();
    for (probe, level) in probe_levels() {
        starts.push((probe.to_string(), BaitState::new(Rc::new(level))));
    }
    let timeout = Level::parse(&read("goldens/probes/timeout.txt")).unwrap();
    starts.push(("timeout".to_string(), BaitState::new(Rc::new(timeout))));
    for (i, start) in random_levels(7, 40).into_iter().enumerate() {
        starts.push((format!("random level {i}"), start));
    }
    starts
}

#[test]
fn cached_and_tabled_state_bounds_equal_the_per_state_bound_on_random_walks() {
    let (mut running, mut with_key, mut infinite, mut positive) = (0, 0, 0, 0);
    // Running nokey states with a finite bound and several keys and goals left (the
    // multi-source search).
    let mut several = 0;
    for (i, (name, start)) in every_kind_of_start().into_iter().enumerate() {
        let eval = BaitEval::new(start.level());
        let budget = bound_cache_budget(1 << 30);
        let mut roomy = StateBoundCache::new(eval.clone(), budget);
        // No budget: one table at a time, so every new table empties the cache.
        let mut starved = StateBoundCache::new(eval.clone(), 0);
        for state in random_walk(&start, i as u64, 4000) {
            let expected = eval.state_aware_lower_bound(&state);
            assert_eq!(roomy.lower_bound(&state), expected, "{name}: {state:?}");
            assert_eq!(starved.lower_bound(&state), expected, "{name}: {state:?}");
            if !state.is_over() {
                let table = eval.state_aware_bounds(
                    &eval.blocked_cells(&state),
                    &state.items(),
                    state.has_key(),
                );
                assert_eq!(
                    table.get(state.avatar_cell()),
                    expected,
                    "{name}: {state:?}"
                );
                running += 1;
                with_key += usize::from(state.has_key());
                infinite += usize::from(expected.is_none());
                positive += usize::from(expected > Some(0));
                let left = |kind: Item| state.items().and(&state.level().items_of(kind)).len();
                several += usize::from(
                    !state.has_key()
                        && expected.is_some()
                        && left(Item::Key) > 1
                        && left(Item::Goal) > 1,
                );
            }
        }
        assert!(roomy.memory_bytes() <= budget, "{name}");
    }
    println!(
        "{running} running states: {with_key} withkey, {infinite} dead, {positive} > 0, \
         {several} nokey with several keys and goals"
    );
    assert!(with_key > 1000 && infinite > 1000 && positive > 10_000 && several > 1000);
}

#[test]
fn the_bound_cache_stays_within_its_budget() {
    let start = BaitState::new(official_level(3));
    let eval = BaitEval::new(start.level());
    for budget in [100_000, 150_000, 400_000] {
        let mut cache = StateBoundCache::new(eval.clone(), budget);
        for (i, state) in random_walk(&start, budget, 30_000).iter().enumerate() {
            assert_eq!(
                cache.lower_bound(state),
                eval.state_aware_lower_bound(state)
            );
            assert!(
                cache.memory_bytes() <= budget,
                "budget {budget}, after {i} states: {} bytes",
                cache.memory_bytes()
            );
        }
    }
}
