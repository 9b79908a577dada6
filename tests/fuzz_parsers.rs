//! Mutational fuzzing of every parser a person's text reaches: level text, each game's state text
//! (what the worker receives), Othello moves and agent strings, share links of every game, and
//! the 2048 batch's checkpoint file.
//! Each target starts from a corpus of valid inputs and runs seeded mutations of them; no input
//! may panic, and whatever a parser accepts must read back to itself after being written out.
//! `cargo test` runs a bounded number of cases per target; `./dev.sh fuzz [minutes]` runs a
//! longer campaign (`FUZZ_SECONDS`), optimised with overflow checks on, and prints the cases per
//! target.

#[path = "fuzz/mutate.rs"]
mod mutate;

use mutate::{campaign, Budget};
use searchlab::agents::g2048::checkpoint::{checked, Saved, Series};
use searchlab::agents::g2048::game_seed;
use searchlab::agents::othello::AgentSpec as OthelloAgent;
use searchlab::game::Game;
use searchlab::games::bait::{BaitState, Level};
use searchlab::games::g2048::G2048;
use searchlab::games::othello::{Move, Othello};
use searchlab::games::sumzero::SumZero;
use searchlab::games::vgdl::{Action as VgdlAction, Description, VgdlState, World};
use searchlab::rng::Rng;
use searchlab::search::Limits;
use searchlab::share::{self, Fields, LinkView};
use std::fmt::Debug;
use std::rc::Rc;
use std::str::FromStr;

/// Cases per target under `cargo test`.
const CASES: u64 = 3_000;
/// Targets in this file (the campaign's time is split between them).
const TARGETS: u32 = 10;

fn budget() -> Budget {
    Budget::from_env(CASES, TARGETS)
}

/// What a parser accepts reads back to itself once written out.
fn round_trip<T: FromStr + ToString + PartialEq + Debug>(text: &str)
where
    T::Err: Debug,
{
    if let Ok(value) = text.parse::<T>() {
        let written = value.to_string();
        let again = written.parse::<T>().unwrap_or_else(|e| {
            panic!("{written:?} (written from {text:?}) does not read back: {e:?}")
        });
        assert_eq!(again, value, "{text:?} does not survive a round trip");
    }
}

/// The page's and GVGAI's Bait levels.
fn levels() -> Vec<String> {
    let mut texts = Vec::new();
    for dir in [
        concat!(env!("CARGO_MANIFEST_DIR"), "/www/levels"),
        concat!(env!("CARGO_MANIFEST_DIR"), "/../shared/bait/levels"),
    ] {
        let entries = std::fs::read_dir(dir).unwrap_or_else(|e| panic!("{dir}: {e}"));
        for path in entries.map(|entry| entry.unwrap().path()) {
            let name = path.file_name().unwrap().to_string_lossy().into_owned();
            if name.ends_with(".txt") && name != "README.md" && !name.contains("vgdl") {
                texts.push(std::fs::read_to_string(&path).unwrap());
            }
        }
    }
    assert!(texts.len() >= 11, "the six page levels and GVGAI's five");
    texts
}

/// States along seeded random walks from `start`, as text.
fn walk_texts<G: Game + ToString>(start: &G, walks: u64) -> Vec<String> {
    let mut texts = vec![start.to_string()];
    let mut actions = Vec::new();
    for seed in 0..walks {
        let mut rng = Rng::new(seed);
        let mut state = start.clone();
        for _ in 0..40 {
            if state.is_terminal() {
                break;
            }
            let mut outcomes = Vec::new();
            state.chance_outcomes(&mut outcomes);
            match outcomes.first() {
                Some(_) => state.apply(outcomes[rng.index(outcomes.len())].0),
                None => {
                    state.legal_actions(&mut actions);
                    state.apply(actions[rng.index(actions.len())]);
                }
            }
            texts.push(state.to_string());
        }
    }
    texts
}

fn refs(texts: &[String]) -> Vec<&str> {
    texts.iter().map(String::as_str).collect()
}

/// The VGDL games of `shared/vgdl` and Bait's, as (game text, level texts).
fn vgdl_games() -> Vec<(String, Vec<String>)> {
    let root = concat!(env!("CARGO_MANIFEST_DIR"), "/../shared/vgdl");
    let mut folders: Vec<std::path::PathBuf> = std::fs::read_dir(root)
        .unwrap_or_else(|e| panic!("{root}: {e}"))
        .map(|entry| entry.unwrap().path())
        .filter(|path| path.is_dir())
        .collect();
    folders.sort();
    folders.push(concat!(env!("CARGO_MANIFEST_DIR"), "/../shared/bait/levels").into());
    let games: Vec<(String, Vec<String>)> = folders
        .iter()
        .map(|folder| {
            let mut game = String::new();
            let mut levels = Vec::new();
            let mut names: Vec<String> = std::fs::read_dir(folder)
                .unwrap()
                .map(|entry| entry.unwrap().file_name().to_string_lossy().into_owned())
                .collect();
            names.sort();
            for name in names {
                let text = std::fs::read_to_string(folder.join(&name)).unwrap();
                if name.ends_with(".vgdl.txt") {
                    game = text;
                } else if name.contains("_lvl") && name.ends_with(".txt") {
                    levels.push(text);
                }
            }
            (game, levels)
        })
        .collect();
    assert_eq!(games.len(), 16, "fifteen GVGAI games and Bait");
    games
}

/// A short seeded random walk (NIL included) through a parsed VGDL level.
fn vgdl_walk(description: &Rc<Description>, level: &str) {
    if let Ok(world) = World::parse(description.clone(), level) {
        let mut state = VgdlState::new(Rc::new(world));
        let mut rng = Rng::new(level.len() as u64);
        for _ in 0..30 {
            state.apply(VgdlAction::ALL[rng.index(5)]);
            let _ = state.key();
        }
    }
}

#[test]
fn vgdl_game_text_never_panics() {
    let games = vgdl_games();
    let texts: Vec<&str> = games.iter().map(|(game, _)| game.as_str()).collect();
    campaign("vgdl game", &texts, &budget(), |text| {
        if let Ok(description) = Description::parse(text) {
            let description = Rc::new(description);
            for (_, levels) in &games {
                vgdl_walk(&description, &levels[0]);
            }
        }
    });
}

#[test]
fn vgdl_level_text_never_panics() {
    let games = vgdl_games();
    let descriptions: Vec<Rc<Description>> = games
        .iter()
        .map(|(game, _)| Rc::new(Description::parse(game).unwrap()))
        .collect();
    let levels: Vec<&str> = games
        .iter()
        .flat_map(|(_, levels)| levels.iter().map(String::as_str))
        .collect();
    campaign("vgdl level", &levels, &budget(), |text| {
        for description in &descriptions {
            vgdl_walk(description, text);
        }
    });
}

#[test]
fn level_text_never_panics() {
    let levels = levels();
    campaign("bait level", &refs(&levels), &budget(), |text| {
        let _ = Level::parse(text);
    });
}

#[test]
fn bait_state_text_reads_back_what_it_accepts() {
    let texts: Vec<String> = levels()
        .iter()
        .flat_map(|level| walk_texts(&BaitState::parse(level).unwrap(), 3))
        .collect();
    campaign(
        "bait state",
        &refs(&texts),
        &budget(),
        round_trip::<BaitState>,
    );
}

#[test]
fn g2048_state_text_reads_back_what_it_accepts() {
    let texts = walk_texts(&G2048::start(), 8);
    campaign("2048 state", &refs(&texts), &budget(), round_trip::<G2048>);
}

#[test]
fn othello_positions_and_moves_read_back_what_they_accept() {
    let mut texts = walk_texts(&Othello::start(), 8);
    texts.extend(["d3", "pass", "a1", "h8", "f5"].map(String::from));
    campaign(
        "othello position and move",
        &refs(&texts),
        &budget(),
        |text| {
            round_trip::<Othello>(text);
            round_trip::<Move>(text);
        },
    );
}

#[test]
fn othello_agent_strings_read_back_what_they_accept() {
    let corpus = [
        "alphabeta:depth=5:eval=course",
        "alphabeta:depth=6:tt=on",
        "mtdf:ms=1000:eval=strong:solve=16",
        "mcts:nodes=1000:uct=1.4",
        "minimax:depth=3",
        "random",
        "solver",
    ];
    campaign("othello agent", &corpus, &budget(), |text| {
        if let Ok(spec) = OthelloAgent::parse(text, 1000, Limits::default()) {
            let written = spec.to_text();
            let again = OthelloAgent::parse(&written, 1000, Limits::default())
                .unwrap_or_else(|e| panic!("{written:?} does not read back: {e}"));
            assert_eq!(again.to_text(), written, "{text:?}");
        }
    });
}

#[test]
fn sumzero_text_reads_back_what_it_accepts() {
    let texts = walk_texts(&SumZero::start(), 8);
    campaign(
        "sumzero state",
        &refs(&texts),
        &budget(),
        round_trip::<SumZero>,
    );
}

/// A link that reads formats, and what it formats to reads back to the same link (a link
/// writes only what its settings use, so the first read may drop a field; the written form is
/// the fixed point).
fn link_round_trip<V: LinkView + Debug>(link: &str) {
    if let Ok(view) = V::parse(link) {
        let written = view
            .format()
            .unwrap_or_else(|e| panic!("{link:?} parsed but does not format: {e}"));
        let again = V::parse(&written)
            .unwrap_or_else(|e| panic!("{written:?} (from {link:?}) does not read back: {e}"));
        assert_eq!(again.format().as_ref(), Ok(&written), "{link:?}");
    }
}

#[test]
fn share_links_read_back_what_they_accept() {
    let corpus = [
        "#v=1&game=bait&level=wwwww/wA.gw/wk0.w/wwwww&algo=astar&heuristic=walls&mode=plan&max-nodes=2000000&seed=42",
        "v=1&game=bait&algo=dls&depth=3&weights=5,2,0.5&mode=act&budget-ms=40",
        "v=1&algo=mcts&uct=1.41&rollout-depth=10&pace=10",
        "v=1&game=2048&algo=expectimax&depth=3&budget-ms=1000&games=20&batch-nodes=100&seed=42",
        "v=1&game=2048&algo=mcts&uct=1.41&spawns=branched&tree-depth=1",
        "v=1&game=othello&moves=f5,d6&black=alphabeta:depth=5:eval=course&white=human&seed=4",
        "v=1&game=sumzero&algo=mcts&uct=1.41&iterations=500&moves=%2B20%20-18&seed=42",
        "v=1&game=othello&moves=f5&black=human&seed=4&compare=minimax:depth=3;alphabeta:depth=3:eval=course",
        "v=1&game=2048&algo=mcts&tree-depth=2&compare=expectimax:depth=2;mcts:uct=0.5:tree-depth=0",
        "v=1&game=sumzero&algo=exhaustive&compare=mcts:uct=0.1;mcts:uct=2:iterations=50;exhaustive",
    ];
    campaign("share link", &corpus, &budget(), |link| {
        let Ok(fields) = Fields::read(link) else {
            return;
        };
        match fields.game() {
            Ok("bait") => link_round_trip::<share::bait::View>(link),
            Ok("2048") => link_round_trip::<share::g2048::View>(link),
            Ok("othello") => link_round_trip::<share::othello::View>(link),
            Ok("sumzero") => link_round_trip::<share::sumzero::View>(link),
            _ => {}
        }
    });
}

/// A real checkpoint: `searchlab 2048 play --algo mcts --iterations 300 --games 3 --seed 2048
/// --until-tile 1024 --checkpoint FILE`, stopped during game 1.
const CHECKPOINT: &str = include_str!("fuzz/g2048_checkpoint.json");

/// The real checkpoint, the same between two games (no game under way), and before the first
/// game finished (only the game under way).
fn checkpoint_corpus() -> Vec<String> {
    let mut between: serde_json::Value = serde_json::from_str(CHECKPOINT).unwrap();
    let mut under_way = between.clone();
    between["current"] = serde_json::Value::Null;
    under_way["finished"] = serde_json::json!([]);
    vec![
        CHECKPOINT.to_string(),
        between.to_string(),
        under_way.to_string(),
    ]
}

#[test]
fn g2048_checkpoints_are_checked_and_read_back_what_they_accept() {
    let seed_of = |i| game_seed(2048, 3, i);
    let series = Series {
        games: 0..3,
        seed_of: &seed_of,
    };
    let corpus = checkpoint_corpus();
    for text in &corpus {
        let saved: Saved = serde_json::from_str(text).unwrap();
        assert!(
            checked(&saved, &series).is_ok(),
            "the corpus passes: {text}"
        );
    }
    campaign("2048 checkpoint", &refs(&corpus), &budget(), |text| {
        let Ok(saved) = serde_json::from_str::<Saved>(text) else {
            return;
        };
        if let Ok(finished) = checked(&saved, &series) {
            let written = serde_json::to_string(&saved).unwrap();
            let again: Saved = serde_json::from_str(&written)
                .unwrap_or_else(|e| panic!("{written:?} (from {text:?}) does not read back: {e}"));
            assert_eq!(checked(&again, &series), Ok(finished), "{text:?}");
        }
    });
}
