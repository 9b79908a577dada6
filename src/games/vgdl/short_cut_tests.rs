//! The tick's short cuts (quiet ticks, bumps, pushes) against the general tick: along random
//! walks on every level of the fifteen GVGAI games and Bait, and on a small game whose cells
//! may hold two named moving sprites, each step is also applied to a copy marked unsettled,
//! which runs the general tick from a full index; both must give the same state, collision
//! events and settled flag, and a settled state's occupied cells must be its sprites'.

use std::path::PathBuf;

use super::description::TypeId;
use super::occupied_cells::OccupiedCells;
use super::state::{Outcome, VgdlState};
use super::Action;
use crate::rng::Rng;

fn shared(path: &str) -> String {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../shared")
        .join(path);
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// Every level's start: the fifteen games of `shared/vgdl` and Bait.
fn starts() -> Vec<(String, VgdlState)> {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../shared/vgdl");
    let mut games: Vec<String> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .filter_map(|entry| {
            let entry = entry.ok()?;
            entry
                .path()
                .is_dir()
                .then(|| entry.file_name().to_string_lossy().into_owned())
        })
        .collect();
    games.sort();
    assert_eq!(games.len(), 15, "{games:?}");
    let mut starts = Vec::new();
    for level in 0..5 {
        for game in &games {
            let text = shared(&format!("vgdl/{game}/{game}.vgdl.txt"));
            let map = shared(&format!("vgdl/{game}/{game}_lvl{level}.txt"));
            let start = VgdlState::parse(&text, &map).unwrap_or_else(|e| panic!("{game}: {e:?}"));
            starts.push((format!("{game} {level}"), start));
        }
        let text = shared("bait/levels/bait.vgdl.txt");
        let map = shared(&format!("bait/levels/bait_lvl{level}.txt"));
        let start = VgdlState::parse(&text, &map).unwrap_or_else(|e| panic!("bait: {e:?}"));
        starts.push((format!("bait {level}"), start));
    }
    starts
}

/// Runs 20 random walks of 150 steps from each start, checking every step's short cut against
/// the general tick; the steps taken from a settled state, and those from a settled state
/// with a cell holding two named moving sprites.
fn check_walks(starts: Vec<(String, VgdlState)>) -> (usize, usize) {
    let (mut settled_steps, mut crowded_steps) = (0, 0);
    for (name, start) in starts {
        for seed in 0..20u64 {
            let mut rng = Rng::new(seed);
            let mut state = start.clone();
            for t in 0..150 {
                if state.is_over() {
                    break;
                }
                let action = Action::ALL[rng.index(5)];
                let mut general = state.clone();
                general.settled = false;
                settled_steps += usize::from(state.settled);
                crowded_steps += usize::from(state.settled && !state.occupied.one_per_cell());
                let mut events: Vec<(TypeId, TypeId)> = Vec::new();
                let mut general_events: Vec<(TypeId, TypeId)> = Vec::new();
                state.advance_with(action, &mut events);
                general.advance_with(action, &mut general_events);
                let at = format!("{name} seed {seed} step {t}");
                let sprites = (state.moving_sprites(), general.moving_sprites());
                assert!(state == general, "{at}: {sprites:?}");
                assert_eq!(events, general_events, "{at}");
                if state.outcome == Outcome::Running {
                    assert_eq!(state.settled, general.settled, "{at}");
                }
                if state.settled {
                    let avatar = state.avatar as usize;
                    let occupied = OccupiedCells::of(&state.world, &state.sprites, avatar);
                    assert_eq!(state.occupied, occupied, "{at}: occupied cells");
                }
            }
        }
    }
    (settled_steps, crowded_steps)
}

#[test]
fn short_cuts_give_the_general_ticks_result() {
    let (settled_steps, _) = check_walks(starts());
    assert!(
        settled_steps > 10_000,
        "{settled_steps} steps from a settled state"
    );
}

/// A box and a crate, which no rule relates, may share a cell (two on each `x`), so a scan for
/// the sprite the avatar steps onto, or for those beyond a pushed one, may not stop at the
/// first (crates come first in the sprite list; a box pushed onto an `x` meets its box).
const CROWDED_GAME: &str = "BasicGame
    SpriteSet
        floor > Immovable
        avatar > MovingAvatar
        crate > Passive
        box > Passive
        wall > Immovable
    LevelMapping
        A > avatar floor
        b > box floor
        c > crate floor
        x > box crate floor
        . > floor
    InteractionSet
        avatar wall > stepBack
        box avatar > bounceForward
        crate avatar > bounceForward
        box wall box > undoAll
        crate wall crate > undoAll
    TerminationSet
        Timeout limit=1000 win=False
";

const CROWDED_LEVEL: &str = "wwwwwww
wAbx..w
w..x.bw
w.cxb.w
w.bx..w
wwwwwww
";

#[test]
fn short_cuts_on_a_board_with_a_crowded_cell_give_the_general_ticks_result() {
    let start = VgdlState::parse(CROWDED_GAME, CROWDED_LEVEL).expect("the crowded game loads");
    assert!(!start.occupied.one_per_cell());
    let (settled_steps, crowded_steps) = check_walks(vec![("crowded".to_string(), start)]);
    assert!(crowded_steps > 1_000, "{crowded_steps} of {settled_steps}");
}

/// Quiet ticks (the avatar standing still) check the timeouts only from the first tick one can
/// hold at (`World::timeouts_from`): the first timeout in file order that holds ends the game,
/// and GVGAI's 2000-tick limit when none does.
#[test]
fn quiet_ticks_end_the_game_at_the_first_timeout_that_holds() {
    let cases = [
        (
            "Timeout limit=5 win=True\n        Timeout limit=3 win=False",
            4,
            Outcome::Lost,
        ),
        (
            "Timeout limit=3 win=True\n        Timeout limit=5 win=False",
            4,
            Outcome::Won,
        ),
        (
            "SpriteCounter stype=box limit=0 win=True",
            2001,
            Outcome::Lost,
        ),
    ];
    for (terminations, ticks, outcome) in cases {
        let game = CROWDED_GAME.replace("Timeout limit=1000 win=False", terminations);
        let mut state = VgdlState::parse(&game, CROWDED_LEVEL).expect("the game loads");
        for tick in 0..ticks {
            assert_eq!(
                state.outcome(),
                Outcome::Running,
                "{terminations}: tick {tick}"
            );
            state.advance(Action::Nil);
        }
        assert_eq!(state.outcome(), outcome, "{terminations}");
    }
}
