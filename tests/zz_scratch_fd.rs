use searchlab::game::Game;
use searchlab::games::bait::sprites::KEY;
use searchlab::games::bait::BaitState;
use searchlab::rng::Rng;
use searchlab::search::kb_fast_evo::{kb_fast_evo, new_memory, KbConfig, Rollouts};
use searchlab::search::{NoObserver, Search};

#[test]
fn scratch() {
    let text = std::fs::read_to_string("www/levels/far-door.txt").unwrap();
    for seed in [0u64, 2] {
        let memory = new_memory::<BaitState>();
        let mut state = BaitState::parse(&text).unwrap();
        let config = KbConfig {
            rollouts: Rollouts::Uniform,
            ..KbConfig::default()
        };
        for moves in 0..45u64 {
            let mut search = kb_fast_evo(
                state.clone(),
                config,
                Rng::derive(seed, moves),
                memory.clone(),
                NoObserver,
            )
            .unwrap();
            search.step(2000);
            let stats: Vec<String> = search
                .root_action_stats()
                .iter()
                .map(|s| format!("{}:{:.4}/{}", s.index, s.value, s.visits))
                .collect();
            let action = search.best_action().unwrap();
            state.apply(action);
            let kb = memory.borrow().knowledge.clone();
            eprintln!(
                "seed {seed} move {moves} at {:?} keyZ {} keymean {} stats {:?} -> {:?}",
                state.avatar_position(),
                kb.item(KEY).count,
                kb.item(KEY).mean,
                stats,
                action
            );
        }
    }
}
