//! KB Fast-Evo's recording for the page's timeline (`src/search/kb_fast_evo/recording.rs`): each
//! iteration's value broken into the terms of eq. 6 sums to the value backed up; the state
//! rebuilt at any step equals the agent's memory after that many iterations, across acts; the
//! rays, policy, ES strip and rollout heat map hold what they say; recording changes nothing.

mod bait_common;

use bait_common::{official_level, picture};
use searchlab::game::Game;
use searchlab::games::bait::sprites::{BOX, KEY};
use searchlab::games::bait::{Action, BaitState};
use searchlab::rng::Rng;
use searchlab::search::kb_fast_evo::knowledge::reward;
use searchlab::search::kb_fast_evo::recording::{Branch, KbRecording, STRIP_LENGTH};
use searchlab::search::kb_fast_evo::{
    kb_fast_evo, new_memory, KbConfig, Rollouts, SharedMemory, Value,
};
use searchlab::search::{NoObserver, Search};

fn config(rollouts: Rollouts, value: Value) -> KbConfig {
    KbConfig {
        rollouts,
        value,
        ..KbConfig::default()
    }
}

/// A fresh memory recording its iterations (numbered 1, 2, …).
fn recorded_memory() -> (SharedMemory, KbRecording) {
    let memory = new_memory::<BaitState>();
    let recording = KbRecording::new(&memory.borrow(), None);
    memory.borrow_mut().recording = Some(recording.clone());
    (memory, recording)
}

/// Plays `moves` acts of `iterations`, one search each; calls `after(iteration, memory)` after
/// every iteration. The actions.
fn play(
    config: KbConfig,
    seed: u64,
    iterations: u64,
    moves: usize,
    memory: &SharedMemory,
    mut after: impl FnMut(u64, &SharedMemory),
) -> Vec<Action> {
    let mut state = BaitState::new(official_level(0));
    let mut actions = Vec::new();
    let mut done = 0;
    while !state.is_over() && actions.len() < moves {
        let decision = Rng::derive(seed, actions.len() as u64);
        let mut search =
            kb_fast_evo(state.clone(), config, decision, memory.clone(), NoObserver).unwrap();
        for _ in 0..iterations {
            search.step(1);
            done += 1;
            after(done, memory);
        }
        let action = search.best_action().unwrap_or(Action::Nil);
        state.apply(action);
        actions.push(action);
    }
    actions
}

#[test]
fn each_iterations_terms_sum_to_its_eq6_value_in_every_setting() {
    for rollouts in [Rollouts::Uniform, Rollouts::Evolved] {
        for value in [Value::Score, Value::Knowledge] {
            let (memory, recording) = recorded_memory();
            let c = config(rollouts, value);
            play(c, 5, 200, 3, &memory, |_, _| {});
            let mut branches = [0; 4];
            for step in 1..=recording.len() as u64 {
                let last = recording
                    .state_at(step)
                    .last
                    .expect("a record per iteration");
                let r = last.reward;
                assert_eq!(last.step, step);
                assert_eq!(
                    r.terminal + r.score + r.curiosity + r.experience,
                    r.value,
                    "{rollouts:?} {value:?} step {step}: {r:?}"
                );
                branches[r.branch as usize] += 1;
                if value == Value::Knowledge {
                    let ending = match r.branch {
                        Branch::Won => Some(true),
                        Branch::Lost => Some(false),
                        _ => None,
                    };
                    let eq6 = reward(ending, r.delta_score, r.delta_z, r.delta_d, 0.66, 0.33);
                    assert_eq!(eq6, r.value, "step {step}: {r:?}");
                    assert_eq!(
                        r.branch == Branch::Knowledge,
                        ending.is_none() && r.delta_score == 0.0
                    );
                    // ΔZ and ΔD are each type's terms summed (in type order, as the agent does).
                    let terms = &last.terms;
                    let dz: f64 = terms.iter().map(|t| t.delta_k).sum();
                    let dd: f64 = terms.iter().map(|t| t.delta_d).sum();
                    assert!((dz - r.delta_z).abs() < 1e-9 && (dd - r.delta_d).abs() < 1e-9);
                }
                assert_eq!(last.es.is_some(), rollouts == Rollouts::Evolved);
                if let Some(es) = last.es {
                    assert_eq!(es.fitness, r.value);
                }
            }
            assert_eq!(recording.len(), 600, "{rollouts:?} {value:?}");
            if value == Value::Knowledge {
                assert!(branches[Branch::Knowledge as usize] > 0, "{branches:?}");
            }
        }
    }
}

#[test]
fn a_first_key_pickup_records_curiosity_1_32_and_experience_0_33() {
    let root = picture(
        "wwwwww
         wkAgmw
         wwwwww",
    );
    let mut c = config(Rollouts::Uniform, Value::Knowledge);
    c.mcts.max_tree_depth = Some(1);
    c.mcts.rollout = searchlab::search::mcts::Rollout::UntilDepth(1);
    let (memory, recording) = recorded_memory();
    let mut search = kb_fast_evo(root, c, 3, memory, NoObserver).unwrap();
    search.step(4);
    let key_pickups: Vec<_> = (1..=4)
        .filter_map(|step| recording.state_at(step).last)
        .filter(|r| r.terms.iter().any(|t| t.kind == KEY && t.discovered))
        .collect();
    assert_eq!(key_pickups.len(), 1);
    let r = key_pickups[0].reward;
    assert_eq!(r.branch, Branch::Knowledge);
    assert!((r.curiosity - 1.32).abs() < 1e-12 && (r.experience - 0.33).abs() < 1e-12);
    let key = key_pickups[0].terms.iter().find(|t| t.kind == KEY).unwrap();
    assert_eq!((key.delta_k, key.delta_d), (2.0, 1.0));
}

#[test]
fn the_state_at_each_step_is_the_memory_after_that_many_iterations_across_acts() {
    for rollouts in [Rollouts::Evolved, Rollouts::Uniform] {
        let (memory, recording) = recorded_memory();
        let mut seen = Vec::new();
        play(
            config(rollouts, Value::Knowledge),
            7,
            150,
            4,
            &memory,
            |n, memory| {
                let m = memory.borrow();
                seen.push((
                    n,
                    m.knowledge.clone(),
                    m.evolution.best().to_vec(),
                    m.evolution.sigma(),
                ));
            },
        );
        for (n, knowledge, best, sigma) in seen {
            let state = recording.state_at(n);
            assert_eq!(state.iterations, n);
            assert_eq!(state.knowledge, knowledge, "step {n}");
            assert_eq!(state.best, best, "step {n}");
            if rollouts == Rollouts::Evolved {
                assert_eq!(state.sigma, sigma, "step {n}");
            }
        }
    }
}

#[test]
fn rays_policy_strip_and_rollout_heat_hold_what_they_show() {
    let (memory, recording) = recorded_memory();
    play(
        config(Rollouts::Evolved, Value::Knowledge),
        3,
        300,
        1,
        &memory,
        |_, _| {},
    );
    let level = BaitState::new(official_level(0));
    let early = recording.state_at(10);
    let state = recording.state_at(300);
    let root = state.root.as_ref().expect("the root's features");
    let avatar = searchlab::sprites::SpriteGame::avatar(&level).unwrap().at;
    assert_eq!((root.x, root.y), (avatar.x, avatar.y));
    // Paper categories on Bait: rays to the nearest key and box only.
    let kinds: Vec<u16> = root.rays.iter().map(|r| r.kind).collect();
    assert_eq!(kinds, vec![KEY, BOX]);
    assert_eq!(state.policy.len(), root.legal.len());
    assert!((state.policy.iter().sum::<f64>() - 1.0).abs() < 1e-12);
    assert_eq!(state.strip.len(), STRIP_LENGTH);
    assert_eq!(state.strip.last().unwrap().step, 300);
    assert_eq!(early.strip.len(), 10);
    assert_eq!(state.accepted + state.rejected, 300);
    assert_eq!(early.accepted + early.rejected, 10);
    let heat: u32 = state.rollout_heat.iter().sum();
    let early_heat: u32 = early.rollout_heat.iter().sum();
    assert!(early_heat > 0 && heat > early_heat, "{early_heat} {heat}");
    assert_eq!(
        state.rollout_heat.len(),
        (root.width * root.height) as usize
    );
}

#[test]
fn recording_changes_nothing_the_agent_does() {
    let c = KbConfig::default();
    let plain = new_memory::<BaitState>();
    let (memory, _recording) = recorded_memory();
    let a = play(c, 11, 300, 12, &plain, |_, _| {});
    let b = play(c, 11, 300, 12, &memory, |_, _| {});
    assert_eq!(a, b);
    let (plain, memory) = (plain.borrow(), memory.borrow());
    assert_eq!(plain.knowledge, memory.knowledge);
    assert_eq!(plain.evolution, memory.evolution);
}
