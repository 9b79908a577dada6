//! Plans the native CLI found (`searchlab vgdl solve --algo astar`, or `--algo wastar --weight
//! 3`) on a few GVGAI levels, and the search that finds them, shared by the native test and the
//! wasm one so that both builds are held to the same plans and expansion counts.

use std::rc::Rc;

use searchlab::games::vgdl::heuristic::{Guidance, LowerBound};
use searchlab::games::vgdl::{Description, VgdlState, World};
use searchlab::search::astar::{AStar, AStarOptions, FrontierStates, Weight};
use searchlab::search::node_store::KeyMode;
use searchlab::search::{run_to_end, Limits, Progress, Search};

/// A level, the planner and what the native CLI printed for it.
pub struct KnownPlan {
    pub name: &'static str,
    pub rules: &'static str,
    pub level: &'static str,
    /// `true`: A* with the lower bound (a proved shortest plan); `false`: weighted A* (w = 3)
    /// with the guidance.
    pub exact: bool,
    pub plan: &'static str,
    pub expanded: u64,
}

macro_rules! level {
    ($game:literal, $level:literal) => {
        (
            include_str!(concat!(
                "../../../shared/vgdl/",
                $game,
                "/",
                $game,
                ".vgdl.txt"
            )),
            include_str!(concat!(
                "../../../shared/vgdl/",
                $game,
                "/",
                $game,
                "_lvl",
                $level,
                ".txt"
            )),
        )
    };
}

pub fn known_plans() -> Vec<KnownPlan> {
    let entry = |name, (rules, level), exact, plan, expanded| KnownPlan {
        name,
        rules,
        level,
        exact,
        plan,
        expanded,
    };
    vec![
        entry(
            "sokoban 2",
            level!("sokoban", "2"),
            true,
            "UUULLLLULLDRURDRRRUURDDDDD",
            478,
        ),
        entry(
            "realsokoban 3",
            level!("realsokoban", "3"),
            true,
            "URRDULLDRDRLUURDRDDLURULDLURUL",
            152,
        ),
        entry(
            "zenpuzzle 3",
            level!("zenpuzzle", "3"),
            true,
            "RUURRURRRDRRDDLLULLLDLLDDRRURRRDRDLL",
            6_871,
        ),
        entry(
            "cookmepasta 0",
            level!("cookmepasta", "0"),
            false,
            "DDRRDRDRUUUUURULLLLLLLDDDDDLLDLUUUUULURR",
            151,
        ),
        entry(
            "colourescape 2",
            level!("colourescape", "2"),
            false,
            "RRRUUURRRRLLLLDDDLLLULLULRDDRRRRRUUURRRRUUURURURRDR",
            573,
        ),
    ]
}

/// Runs the known plan's planner: its plan as letters and the states it expanded.
pub fn find_plan(known: &KnownPlan) -> (String, u64) {
    let description = Rc::new(Description::parse(known.rules).unwrap());
    let start = VgdlState::new(Rc::new(World::parse(description, known.level).unwrap()));
    let options = AStarOptions {
        limits: Limits {
            max_nodes: 2_000_000,
            max_memory_bytes: 1 << 30,
        },
        weight: if known.exact {
            Weight::ONE
        } else {
            Weight::new(3, 1).unwrap()
        },
        // As `vgdl solve`'s weighted A* (`speed::vgdl`): fingerprints and rebuilt states.
        keys: if known.exact {
            KeyMode::Exact
        } else {
            KeyMode::Fingerprint
        },
        frontier: if known.exact {
            FrontierStates::Held
        } else {
            FrontierStates::Rebuilt
        },
    };
    let mut search: Box<dyn Search<VgdlState>> = if known.exact {
        let bound = LowerBound::new(start.world()).unwrap();
        Box::new(AStar::new(
            start,
            move |s: &VgdlState| bound.estimate(s),
            options,
        ))
    } else {
        let guidance = Guidance::new(start.world());
        Box::new(AStar::new(
            start,
            move |s: &VgdlState| guidance.estimate(s),
            options,
        ))
    };
    assert_eq!(
        run_to_end(search.as_mut(), 1 << 14),
        Progress::Solved,
        "{}",
        known.name
    );
    let plan = search
        .principal_variation()
        .iter()
        .map(|a| a.letter())
        .collect();
    (plan, search.stats().expanded)
}
