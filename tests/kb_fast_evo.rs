//! KB Fast-Evo MCTS (`src/search/kb_fast_evo/`): the exact checks of eqs. 4-6, the softmax, the
//! (1+1)-ES and genome growth; with both switches off it is sampleMCTS move for move; a seeded
//! game replays to a pinned hash; and the properties of `shared/agents/kb-fast-evo.md` §4
//! (experience beyond the horizon, the knowledge base learns Bait, curiosity decays like 1/Z).

mod bait_common;

use bait_common::{official_level, picture};
use searchlab::game::Game;
use searchlab::games::bait::eval::mcts_value;
use searchlab::games::bait::sprites::{BOX, GOAL, HOLE, KEY, MUSHROOM};
use searchlab::games::bait::{Action, BaitState};
use searchlab::rng::Rng;
use searchlab::search::kb_fast_evo::evolution::{softmax, Evolution, INITIAL_SIGMA};
use searchlab::search::kb_fast_evo::knowledge::{
    curiosity, experience, reward, Item, KnowledgeBase,
};
use searchlab::search::kb_fast_evo::{
    kb_fast_evo, new_memory, FeatureTypes, KbConfig, KbFastEvo, Rollouts, SharedMemory, Value,
};
use searchlab::search::mcts::{Mcts, MctsConfig};
use searchlab::search::{NoObserver, Search};
use searchlab::sprites::Event;

fn close(a: f64, b: f64) -> bool {
    (a - b).abs() < 1e-12
}

#[test]
fn eq4_curiosity() {
    assert_eq!(curiosity(0, 2), 2.0);
    assert_eq!(curiosity(4, 6), 0.5);
    assert_eq!(curiosity(5, 5), 0.0);
    assert_eq!(curiosity(0, 0), 0.0);
}

#[test]
fn eq5_experience() {
    assert_eq!(experience(0, 0.0, 4.0, 2.0), 0.5);
    assert_eq!(experience(3, 0.0, 4.0, 2.0), 0.0, "known and not paying");
    assert_eq!(experience(3, -1.0, 4.0, 2.0), 0.0);
    assert_eq!(
        experience(3, 0.5, 4.0, 6.0),
        -0.5,
        "known to pay, moved away"
    );
    assert_eq!(experience(0, 0.0, 4.0, 0.0), 1.0, "consumed");
    assert_eq!(experience(0, 0.0, 0.0, 0.0), 0.0, "D0 = 0 never divides");
    assert_eq!(experience(2, 1.0, 0.0, 3.0), 0.0);
}

#[test]
fn eq6_wins_and_losses_then_score_then_knowledge() {
    assert_eq!(reward(Some(true), 0.0, 5.0, 5.0, 0.66, 0.33), 1e7);
    assert_eq!(reward(Some(false), 3.0, 5.0, 5.0, 0.66, 0.33), -1e7);
    assert_eq!(reward(None, 1.0, 5.0, 5.0, 0.66, 0.33), 1.0);
    assert_eq!(reward(None, -2.0, 5.0, 5.0, 0.66, 0.33), -2.0);
    assert!(close(reward(None, 0.0, 2.0, 0.0, 0.66, 0.33), 1.32));
    assert!(close(reward(None, 0.0, 2.0, 1.0, 0.66, 0.33), 1.65));
}

#[test]
fn softmax_is_uniform_at_zero_exact_and_never_overflows() {
    let mut p = Vec::new();
    softmax(&[0.0; 4], &mut p);
    assert_eq!(p, [0.25; 4]);
    // w = (0, 0, 0, 1) on one feature f: a = (0, 0, 0, f).
    let f = 0.7;
    softmax(&[0.0, 0.0, 0.0, f], &mut p);
    assert!(close(p[3], (-f).exp() / (3.0 + (-f).exp())));
    softmax(&[1e300, -1e300, 5e3, -5e3], &mut p);
    assert!(p.iter().all(|x| x.is_finite()));
    assert!(close(p.iter().sum(), 1.0));
    assert_eq!(p[1], 1.0);
}

#[test]
fn the_es_accepts_ties_with_sigma_up_and_rejects_with_sigma_down() {
    let mut rng = Rng::new(1);
    let mut es = Evolution::new(5);
    es.grow(KEY, &mut rng);
    es.next_candidate(&mut rng);
    let candidate = es.candidate().to_vec();
    es.set_fitness(0.5);
    assert_eq!(
        (es.best(), es.sigma()),
        (&candidate[..], INITIAL_SIGMA * 1.02)
    );
    es.next_candidate(&mut rng);
    let tie = es.candidate().to_vec();
    es.set_fitness(0.5);
    assert_eq!(es.best(), &tie[..], "a tie is accepted");
    assert_eq!(es.sigma(), INITIAL_SIGMA * 1.02 * 1.02);
    es.next_candidate(&mut rng);
    es.set_fitness(0.4);
    assert_eq!(es.best(), &tie[..], "a worse candidate is dropped");
    assert_eq!(es.sigma(), INITIAL_SIGMA * 1.02 * 1.02 / 1.02);
    assert_eq!(es.decisions(), (2, 1));
}

#[test]
fn a_new_type_appends_a_column_and_keeps_old_genes_in_place() {
    let mut rng = Rng::new(2);
    let mut es = Evolution::new(5);
    es.grow(BOX, &mut rng);
    es.grow(BOX, &mut rng);
    let old = es.best().to_vec();
    assert_eq!(old.len(), 5);
    es.grow(KEY, &mut rng);
    assert_eq!(es.best().len(), 10);
    assert_eq!(&es.best()[..5], &old[..], "bit-identical at column·A + a");
    assert_eq!(
        (es.column(BOX), es.column(KEY), es.column(GOAL)),
        (Some(0), Some(1), None)
    );
    assert_eq!(es.types(), [BOX, KEY]);
}

#[test]
fn the_knowledge_base_credits_a_step_to_each_of_its_events() {
    let mut kb = KnowledgeBase::new();
    let key = Event {
        active: 2,
        passive: KEY,
    };
    kb.record(&[key, key], 0.0, None);
    kb.record(
        &[Event {
            active: 3,
            passive: GOAL,
        }],
        5.0,
        Some(true),
    );
    kb.record(
        &[Event {
            active: 2,
            passive: HOLE,
        }],
        0.0,
        Some(false),
    );
    assert_eq!(
        kb.item(KEY),
        Item {
            count: 2,
            mean: 0.0,
            wins: 0,
            losses: 0
        }
    );
    assert_eq!(
        kb.item(GOAL),
        Item {
            count: 1,
            mean: 5.0,
            wins: 1,
            losses: 0
        }
    );
    assert_eq!(kb.item(HOLE).losses, 1);
}

#[test]
fn curiosity_decays_like_one_over_z() {
    // Each repeat of a known event is worth 1/Z0: the k-th bump of the same door earns 1/k.
    let mut kb = KnowledgeBase::new();
    let bump = Event {
        active: 2,
        passive: GOAL,
    };
    kb.record(&[bump], 0.0, None);
    for _ in 0..1000 {
        let z0 = kb.item(GOAL).count;
        kb.record(&[bump], 0.0, None);
        let dk = curiosity(z0, kb.item(GOAL).count);
        assert!(close(dk * z0 as f64, 1.0), "Z0 = {z0}: ΔK = {dk}");
    }
}

fn paper(rollouts: Rollouts, value: Value) -> KbConfig {
    KbConfig {
        rollouts,
        value,
        ..KbConfig::default()
    }
}

#[test]
fn a_first_key_pickup_is_worth_curiosity_2_plus_its_consumed_distance() {
    // One step deep: the root's four children, each visited once.
    let root = picture(
        "wwwwww
         wkAgmw
         wwwwww",
    );
    let mut config = paper(Rollouts::Uniform, Value::Knowledge);
    config.mcts.max_tree_depth = Some(1);
    config.mcts.rollout = searchlab::search::mcts::Rollout::UntilDepth(1);
    let mut search = kb_fast_evo(root, config, 3, new_memory::<BaitState>(), NoObserver).unwrap();
    search.step(4);
    let values: Vec<(u32, f64)> = search
        .root_action_stats()
        .iter()
        .map(|s| (s.index, s.value))
        .collect();
    // L takes the key: 2 key events, ΔZ = 2 (0.66·2 = 1.32), and the key is gone: ΔD = 1
    // (0.33). R bumps the locked door: goal is static, not a paper feature, so 0. U and D bump
    // walls: 0.
    assert_eq!(values.len(), 4);
    for (index, value) in values {
        let expected = if index == Action::Left.index() {
            1.65
        } else {
            0.0
        };
        assert!(close(value, expected), "action {index}: {value}");
    }
}

/// sampleMCTS as the Bait agent builds it.
type SampleMcts = Mcts<BaitState, fn(&BaitState, usize) -> f64>;

/// sampleMCTS as the Bait agent builds it, and KB Fast-Evo with both switches off.
fn twins(root: &BaitState, seed: u64) -> (SampleMcts, KbFastEvo<BaitState>) {
    let value: fn(&BaitState, usize) -> f64 = |s, _| mcts_value(s);
    let vanilla = Mcts::new(root.clone(), MctsConfig::gvgai_sample_mcts(), seed, value).unwrap();
    let off = paper(Rollouts::Uniform, Value::Score);
    let kb = kb_fast_evo(
        root.clone(),
        off,
        seed,
        new_memory::<BaitState>(),
        NoObserver,
    )
    .unwrap();
    (vanilla, kb)
}

#[test]
fn with_both_switches_off_it_plays_exactly_as_sample_mcts() {
    for level in [0, 3] {
        let mut state = BaitState::new(official_level(level));
        for decision in 0..25u64 {
            let (mut vanilla, mut kb) = twins(&state, Rng::derive(7, decision));
            vanilla.step(200);
            kb.step(200);
            assert_eq!(
                vanilla.node_stats(),
                kb.node_stats(),
                "level {level} move {decision}"
            );
            let action = vanilla.best_action().unwrap();
            assert_eq!(Some(action), kb.best_action());
            state.apply(action);
            if state.is_over() {
                break;
            }
        }
    }
}

/// FNV-1a over bytes.
fn fnv(bytes: &[u8], mut hash: u64) -> u64 {
    for &b in bytes {
        hash = (hash ^ u64::from(b)).wrapping_mul(0x100_0000_01b3);
    }
    hash
}

/// Plays up to `moves` acts of `iterations` each, one memory for the game; the actions.
fn play(
    level: usize,
    config: KbConfig,
    seed: u64,
    iterations: u64,
    moves: usize,
    memory: &SharedMemory,
) -> (Vec<Action>, BaitState) {
    let mut state = BaitState::new(official_level(level));
    let mut actions = Vec::new();
    while !state.is_over() && actions.len() < moves {
        let decision = Rng::derive(seed, actions.len() as u64);
        let mut search =
            kb_fast_evo(state.clone(), config, decision, memory.clone(), NoObserver).unwrap();
        search.step(iterations);
        let action = search.best_action().unwrap_or(Action::Nil);
        state.apply(action);
        actions.push(action);
    }
    (actions, state)
}

#[test]
fn a_seeded_game_replays_to_a_pinned_hash_of_actions_knowledge_and_weights() {
    let memory = new_memory::<BaitState>();
    let (actions, state) = play(0, KbConfig::default(), 11, 300, 60, &memory);
    let memory = memory.borrow();
    let mut hash = 0xcbf2_9ce4_8422_2325;
    let letters: String = actions.iter().map(|a| a.letter()).collect();
    hash = fnv(letters.as_bytes(), hash);
    for item in memory.knowledge.items() {
        hash = fnv(&item.count.to_le_bytes(), hash);
        hash = fnv(&item.mean.to_bits().to_le_bytes(), hash);
        hash = fnv(&[item.wins as u8, item.losses as u8], hash);
    }
    for gene in memory.evolution.best() {
        hash = fnv(&gene.to_bits().to_le_bytes(), hash);
    }
    hash = fnv(&memory.evolution.sigma().to_bits().to_le_bytes(), hash);
    assert_eq!((letters.as_str(), state.is_won()), ("LDRDLDUUUL", true));
    assert_eq!(format!("{hash:016x}"), "aa7864bce7857d44");
}

/// An open room, the mushroom 23 cells right of the avatar, key and door sealed away.
fn far_mushroom() -> BaitState {
    picture(
        "wwwwwwwwwwwwwwwwwwwwwwwwwwwww
         w...........................w
         wA.......................m..w
         w...........................w
         wwwwwwwwwwwwwwwwwwwwwwwwwwwww
         wkwgwwwwwwwwwwwwwwwwwwwwwwwww
         wwwwwwwwwwwwwwwwwwwwwwwwwwwww",
    )
}

/// Root choices L/R/D/U over 100 seeds, one act of 300 iterations each, with the knowledge
/// pre-seeded: key and door known (x̄ = 0), the mushroom known with x̄ = `mushroom_mean`.
fn root_choices(config: KbConfig, mushroom_mean: f64) -> [u32; 4] {
    let mut counts = [0; 4];
    for seed in 0..100 {
        let memory = new_memory::<BaitState>();
        {
            let kb = &mut memory.borrow_mut().knowledge;
            let known = |mean| Item {
                count: 1,
                mean,
                wins: 0,
                losses: 0,
            };
            kb.set(KEY, known(0.0));
            kb.set(GOAL, known(0.0));
            kb.set(MUSHROOM, known(mushroom_mean));
        }
        let mut search = kb_fast_evo(far_mushroom(), config, seed, memory, NoObserver).unwrap();
        search.step(300);
        counts[search.best_action().unwrap().index() as usize] += 1;
    }
    counts
}

#[test]
fn p1_known_experience_pulls_the_root_beyond_the_horizon() {
    let config = KbConfig {
        features: FeatureTypes::All,
        ..KbConfig::default()
    };
    let right = Action::Right.index() as usize;
    let paying = root_choices(config, 1.0);
    assert!(paying[right] >= 90, "x̄ = +1: {paying:?}");
    let neutral = root_choices(config, 0.0);
    assert!(neutral[right] <= 45, "x̄ = 0: {neutral:?}");
}

#[test]
fn p2_the_knowledge_base_learns_bait_in_one_game() {
    // Level 4, 500 moves at 100 iterations: the mushroom is eaten, boxes fill holes, the
    // avatar falls in holes in rollouts and bumps the door (its key, behind holes, is never
    // reached).
    let memory = new_memory::<BaitState>();
    play(4, KbConfig::default(), 0, 100, 500, &memory);
    let kb = &memory.borrow().knowledge;
    assert_eq!(kb.item(MUSHROOM).mean, 1.0);
    let boxes = kb.item(BOX);
    assert!(
        boxes.count > 0 && (0.0..=1.0).contains(&boxes.mean),
        "{boxes:?}"
    );
    let hole = kb.item(HOLE);
    assert!(
        hole.count > 0 && hole.mean == 0.0 && hole.losses == hole.count,
        "{hole:?}"
    );
    assert!(
        kb.item(GOAL).count > 0 && kb.item(GOAL).mean == 0.0,
        "the door is locked"
    );
}

#[test]
fn features_are_nearest_distances_straight_or_walking_in_cells_or_grid_units() {
    use searchlab::search::kb_fast_evo::features::FeatureMeter;
    use searchlab::search::kb_fast_evo::{Distance, FeatureScale};
    // The key is 2 cells right of the avatar through a wall, 6 steps around it.
    let state = picture(
        "wwwww
         wAwkw
         w...w
         w1g.w
         wwwww",
    );
    let mut meter = FeatureMeter::default();
    let mut f = Vec::new();
    let mut measure = |types, distance, scale| {
        meter.measure(&state, types, distance, scale, &mut f);
        f.clone()
    };
    let straight = measure(
        FeatureTypes::Paper,
        Distance::Euclidean,
        FeatureScale::Cells,
    );
    assert_eq!(
        (straight[KEY as usize], straight[BOX as usize]),
        (Some(2.0), Some(2.0))
    );
    assert_eq!(
        straight[GOAL as usize], None,
        "goal is static: not a paper feature"
    );
    let walking = measure(FeatureTypes::Paper, Distance::Walking, FeatureScale::Cells);
    assert_eq!(
        (walking[KEY as usize], walking[BOX as usize]),
        (Some(4.0), Some(2.0))
    );
    let all = measure(FeatureTypes::All, Distance::Walking, FeatureScale::Grid);
    assert_eq!(
        all[GOAL as usize],
        Some(3.0 / 10.0),
        "cells / (width + height)"
    );
}

#[test]
fn kept_weights_carry_over_to_the_next_act_and_fresh_ones_do_not() {
    let state = BaitState::new(official_level(0));
    for keep in [false, true] {
        let config = KbConfig {
            keep_weights: keep,
            ..KbConfig::default()
        };
        let memory = new_memory::<BaitState>();
        let mut first = kb_fast_evo(state.clone(), config, 1, memory.clone(), NoObserver).unwrap();
        first.step(50);
        let evolved = memory.borrow().evolution.clone();
        assert!(!evolved.types().is_empty());
        kb_fast_evo(state.clone(), config, 2, memory.clone(), NoObserver).unwrap();
        assert_eq!(memory.borrow().evolution == evolved, keep, "keep = {keep}");
        assert!(memory
            .borrow()
            .knowledge
            .items()
            .iter()
            .any(|i| i.count > 0));
    }
}
