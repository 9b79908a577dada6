//! The search timeline: for every algorithm of every game, built through the game's
//! `AgentSpec::build`, the recorded run's view at step k equals a fresh live run stepped to k
//! in random slices (counters, progress, best action, plan, root action statistics, and for
//! Bait the heat map and frontier per cell, counted here by an independent observer); MCTS's
//! tree replayed at k has the visits and mean of the live tree after k iterations; and the cap
//! ends recording cleanly while the search ends as an unrecorded one does.

mod bait_common;

use bait_common::official_level;
use searchlab::agents::{bait, g2048, othello, sumzero, Agent};
use searchlab::game::Game;
use searchlab::games::bait::BaitState;
use searchlab::games::g2048::G2048;
use searchlab::games::othello::Othello;
use searchlab::games::sumzero::SumZero;
use searchlab::rng::Rng;
use searchlab::search::mcts::{Mcts, MctsConfig, Rollout};
use searchlab::search::timeline::{
    EventKind, LastEvent, MarkerKind, Noted, Recorded, Recorder, StepView, Timeline, TimelineCaps,
    TimelineOptions, CHECKPOINT_EVERY,
};
use searchlab::search::{Limits, Line, NoObserver, Observer, Progress, Search, Visit, Window};
use std::cell::RefCell;
use std::rc::Rc;

/// Per cell and in all, states expanded and generated, and the last one.
#[derive(Default)]
struct Counts {
    expanded: Vec<u32>,
    generated: Vec<u32>,
    expanded_total: u64,
    generated_total: u64,
    last: Option<LastEvent>,
}

/// Counts expanded and generated states per cell, as the page's heat map does, without the
/// timeline's code.
#[derive(Clone)]
struct Counting<G> {
    counts: Rc<RefCell<Counts>>,
    locate: Option<fn(&G) -> usize>,
}

impl<G> Counting<G> {
    fn new(cells: usize, locate: Option<fn(&G) -> usize>) -> Self {
        let counts = Counts {
            expanded: vec![0; cells],
            generated: vec![0; cells],
            ..Counts::default()
        };
        Counting {
            counts: Rc::new(RefCell::new(counts)),
            locate,
        }
    }

    /// Counts one reported state, per cell and in all, and makes it the last.
    fn count(&self, kind: EventKind, state: &G, visit: Visit) {
        let cell = self.locate.map(|l| l(state));
        let mut guard = self.counts.borrow_mut();
        let counts = &mut *guard;
        let (total, per_cell) = match kind {
            EventKind::Expanded => (&mut counts.expanded_total, &mut counts.expanded),
            EventKind::Generated => (&mut counts.generated_total, &mut counts.generated),
        };
        *total += 1;
        if let Some(cell) = cell {
            per_cell[cell] += 1;
        }
        counts.last = Some(LastEvent {
            kind,
            cell: cell.map(|c| c as u32),
            depth: visit.depth,
            value: visit.value as f32,
        });
    }
}

impl<G> Observer<G> for Counting<G> {
    fn expanded(&mut self, state: &G, visit: Visit) {
        self.count(EventKind::Expanded, state, visit);
    }
    fn generated(&mut self, state: &G, visit: Visit) {
        self.count(EventKind::Generated, state, visit);
    }
}

/// Steps `search` in random slices (from `rng`) until `steps` units are done or it finishes;
/// returns the last progress (`Running` for 0 steps).
fn step_in_slices<G: Game>(search: &mut dyn Search<G>, steps: u64, rng: &mut Rng) -> Progress {
    let mut done = 0;
    let mut progress = Progress::Running;
    while done < steps {
        let slice = 1 + rng.below((steps - done).min(700));
        progress = search.step(slice);
        done += slice;
        if progress.is_finished() {
            break;
        }
    }
    progress
}

/// Records the search `build` makes with a fresh recorder (`options`, `locate`), `unit` units of
/// its work per step, running it with `run`; returns the timeline.
fn record<G: Game, S: Search<G>>(
    options: TimelineOptions,
    locate: Option<fn(&G) -> usize>,
    unit: u64,
    build: impl FnOnce(Recorder<G>) -> S,
    run: impl FnOnce(&mut Recorded<G, S>),
) -> Timeline {
    let recorder = Recorder::new(options, locate);
    let mut recorded = Recorded::with_unit(build(recorder.clone()), &recorder, unit);
    run(&mut recorded);
    recorder.timeline()
}

/// A game with what the timeline needs of it.
struct Setup<G> {
    locate: Option<fn(&G) -> usize>,
    cells: usize,
}

/// Checks that `view` shows what the live search `live`, stopped at its step, reports: its
/// counters, best action, plan and root action statistics.
fn assert_shows_live<G: Game, S: Search<G> + ?Sized>(view: &StepView, live: &S, at: &str) {
    assert_eq!(view.stats, live.stats(), "{at}: stats");
    let best = live.best_action().map(G::action_index);
    assert_eq!(view.best_action, best, "{at}: best action");
    let plan: Vec<u32> = live
        .principal_variation()
        .into_iter()
        .map(G::action_index)
        .collect();
    assert_eq!(view.plan, plan, "{at}: plan");
    assert_eq!(view.root_actions, live.root_action_stats(), "{at}: root");
}

/// Records `spec`'s search from `root` for up to `steps` steps, then checks the view at several
/// steps against fresh live runs. Returns the timeline.
fn check_agent<G: Game + 'static, A: Agent<G>>(
    name: &str,
    spec: &A,
    root: &G,
    setup: &Setup<G>,
    options: TimelineOptions,
    steps: u64,
    seed: u64,
) -> Timeline {
    check_agent_in_units(name, spec, root, setup, options, steps, seed, 1)
}

/// [`check_agent`] with `unit` units of work per step; with `unit` above 1 (searches whose
/// work depends on the slicing) the live runs are stepped `unit` units at a time.
#[allow(clippy::too_many_arguments)]
fn check_agent_in_units<G: Game + 'static, A: Agent<G>>(
    name: &str,
    spec: &A,
    root: &G,
    setup: &Setup<G>,
    options: TimelineOptions,
    steps: u64,
    seed: u64,
    unit: u64,
) -> Timeline {
    let mut rng = Rng::new(seed ^ 0x7157);
    let timeline = record(
        options,
        setup.locate,
        unit,
        |recorder| spec.build(root, seed, recorder).unwrap(),
        |recorded| {
            step_in_slices(recorded, steps, &mut rng);
        },
    );
    let len = timeline.len();
    assert!(len > 0, "{name}: nothing recorded");
    let mut ks = vec![0, 1, len, len / 2];
    for _ in 0..4 {
        ks.push(rng.below(len + 1));
    }
    if len > CHECKPOINT_EVERY {
        ks.extend([CHECKPOINT_EVERY - 1, CHECKPOINT_EVERY, CHECKPOINT_EVERY + 1]);
    }
    for k in ks {
        let counting = Counting::new(setup.cells, setup.locate);
        let mut live = spec.build(root, seed, counting.clone()).unwrap();
        let progress = if unit == 1 {
            step_in_slices(&mut *live, k, &mut rng)
        } else {
            let mut progress = Progress::Running;
            for _ in 0..k {
                progress = live.step(unit);
                if progress.is_finished() {
                    break;
                }
            }
            progress
        };
        let view = timeline.view_at(k);
        let at = format!("{name} (seed {seed}) at step {k} of {len}");
        assert_eq!(view.step, k, "{at}");
        assert_eq!(view.progress, progress, "{at}: progress");
        assert_shows_live(&view, &*live, &at);
        let counts = counting.counts.borrow();
        assert_eq!(view.last, counts.last, "{at}: last state");
        if setup.locate.is_some() {
            assert_eq!(view.heat, counts.expanded, "{at}: heat");
            let frontier: Vec<u32> = if options.has_frontier {
                let pairs = counts.generated.iter().zip(&counts.expanded);
                pairs.map(|(g, e)| g - e).collect()
            } else {
                vec![0; setup.cells]
            };
            assert_eq!(view.frontier, frontier, "{at}: frontier");
        }
        let frontier_size = options
            .has_frontier
            .then(|| counts.generated_total - counts.expanded_total);
        assert_eq!(view.frontier_size, frontier_size, "{at}: frontier size");
    }
    timeline
}

fn bait_setup(level: usize) -> (BaitState, Setup<BaitState>) {
    let level = official_level(level);
    let cells = level.width() * level.height();
    let root = BaitState::new(level);
    let locate: fn(&BaitState) -> usize = |state| {
        let (x, y) = state.avatar_position();
        y * state.level().width() + x
    };
    (
        root,
        Setup {
            locate: Some(locate),
            cells,
        },
    )
}

/// GVGAI's sample MCTS for Bait with its tree and rollouts 10 deep, and the state's score as
/// its value.
fn bait_mcts() -> (MctsConfig, fn(&BaitState, usize) -> f64) {
    let config = MctsConfig {
        max_tree_depth: Some(10),
        rollout: Rollout::UntilDepth(10),
        ..MctsConfig::gvgai_sample_mcts()
    };
    (config, |state, _| state.returns(0))
}

#[test]
fn every_bait_algorithm_replays_to_any_step_as_a_live_run() {
    for (level, seed) in [(0, 1), (1, 2), (2, 3)] {
        let (root, setup) = bait_setup(level);
        for algo in bait::Algorithm::ALL {
            let spec = bait::AgentSpec {
                algo,
                ..bait::AgentSpec::default()
            };
            let options = TimelineOptions {
                has_frontier: !algo.is_anytime(),
                tree: algo == bait::Algorithm::Mcts,
                ..TimelineOptions::new(setup.cells)
            };
            let steps = if algo.is_anytime() { 600 } else { 5_000 };
            let name = format!("bait level {level} {}", algo.name());
            check_agent(&name, &spec, &root, &setup, options, steps, seed);
        }
    }
}

#[test]
fn every_2048_agent_replays_to_any_step_as_a_live_run() {
    let setup = Setup::<G2048> {
        locate: None,
        cells: 0,
    };
    for seed in [5, 6] {
        let root = G2048::new_game(&mut Rng::new(seed));
        let mut specs = Vec::new();
        for algo in g2048::Algorithm::ALL {
            specs.push(g2048::AgentSpec {
                algo,
                depth: Some(3),
                ..g2048::AgentSpec::default()
            });
        }
        specs.push(g2048::AgentSpec {
            spawns: g2048::Spawns::Branched,
            ..g2048::AgentSpec::default()
        });
        specs.push(g2048::AgentSpec {
            algo: g2048::Algorithm::Expectimax,
            depth: Some(2),
            iterative: false,
            ..g2048::AgentSpec::default()
        });
        for spec in specs {
            let options = TimelineOptions {
                iterations_are_depths: spec.algo == g2048::Algorithm::Expectimax,
                tree: spec.algo == g2048::Algorithm::Mcts,
                ..TimelineOptions::new(0)
            };
            let name = format!("2048 {:?}", spec);
            check_agent(&name, &spec, &root, &setup, options, 1_500, seed);
        }
    }
}

/// A position `empties` empty squares from the end, reached by random moves from the start.
fn othello_endgame(empties: u32, seed: u64) -> Othello {
    let mut rng = Rng::new(seed);
    let mut state = Othello::start();
    let mut moves = Vec::new();
    while state.empty_count() > empties && !state.is_terminal() {
        state.legal_actions(&mut moves);
        state.apply(moves[rng.index(moves.len())]);
    }
    state
}

#[test]
fn every_othello_agent_replays_to_any_step_as_a_live_run() {
    let setup = Setup::<Othello> {
        locate: None,
        cells: 0,
    };
    let limits = Limits::default();
    let agents = [
        ("minimax:depth=3", Othello::start()),
        ("alphabeta:depth=4", othello_endgame(40, 1)),
        ("alphabeta:nodes=3000", othello_endgame(40, 2)),
        ("alphabeta_tt:depth=5", othello_endgame(36, 3)),
        ("mtdf:nodes=4000:solve=0", othello_endgame(36, 4)),
        ("mcts:nodes=400", othello_endgame(30, 5)),
        ("solver", othello_endgame(12, 6)),
        ("mtdf:depth=4:solve=12", othello_endgame(12, 7)),
        ("random", Othello::start()),
    ];
    for (text, root) in agents {
        let spec = othello::AgentSpec::parse(text, 1000, limits).unwrap();
        let options = TimelineOptions {
            iterations_are_depths: true,
            tree: spec.algo == othello::Algorithm::Mcts,
            ..TimelineOptions::new(0)
        };
        let unit = spec.timeline_unit();
        let timeline = check_agent_in_units(text, &spec, &root, &setup, options, 6_000, 11, unit);
        let tree = timeline.tree_at(timeline.len(), 1, 100);
        if spec.algo == othello::Algorithm::Mcts {
            let tree = tree.expect("MCTS records its tree");
            assert_eq!(
                tree[0].visits,
                timeline.view_at(timeline.len()).stats.iterations
            );
        } else {
            assert_eq!(tree, None, "{text} has no tree");
        }
    }
}

#[test]
fn othello_thinking_noted_at_each_step_is_the_live_report() {
    let limits = Limits::default();
    let agents = [
        ("alphabeta:depth=5", othello_endgame(40, 1)),
        ("alphabeta:nodes=3000", othello_endgame(40, 2)),
        ("alphabeta_tt:depth=6", othello_endgame(36, 3)),
        ("mtdf:nodes=20000:solve=0", othello_endgame(36, 4)),
        ("minimax:depth=3", Othello::start()),
        ("mcts:nodes=300", othello_endgame(30, 5)),
    ];
    for (text, root) in agents {
        let spec = othello::AgentSpec::parse(text, 1000, limits).unwrap();
        let unit = spec.timeline_unit();
        let mut notes = None;
        let build = |recorder: Recorder<Othello>| {
            let thinking = spec.think(&root, 11).unwrap();
            let noted = Noted::new(thinking, |t| t.report().note(), recorder.timeline());
            notes = Some(noted.notes());
            noted
        };
        let timeline = record(TimelineOptions::new(0), None, unit, build, |recorded| {
            while !recorded.step(500).is_finished() {}
        });
        let notes = notes.unwrap();
        let length = timeline.len();
        assert!(length > 3, "{text}: {length} steps");
        let mut live = spec.think(&root, 11).unwrap();
        let mut at = 0;
        let mut cutoffs_seen = false;
        for k in [0, 1, 2, length / 3, length / 2, length - 1, length] {
            while at < k {
                live.step(unit);
                at += 1;
            }
            let mut expected = live.report();
            expected.tree.leaves_at_horizon = 0;
            let noted = othello::Report::from_note(notes.at(k));
            assert_eq!(noted, expected, "{text} at step {k} of {length}");
            assert_eq!(noted.note(), notes.at(k), "{text}: the note reads back");
            cutoffs_seen |= noted.tree.cutoffs > 0;
        }
        if spec.algo == othello::Algorithm::AlphaBeta {
            assert!(cutoffs_seen, "{text}: alpha-beta cuts off");
        }
        assert!(notes.memory_bytes() > 0);
    }
}

/// The window of the last node an alpha-beta search visited, kept without the timeline's code.
#[derive(Clone, Default)]
struct LastWindow(Rc<RefCell<Option<Window>>>);

impl<G> Observer<G> for LastWindow {
    fn window(&mut self, window: Window) {
        *self.0.borrow_mut() = Some(window);
    }
}

#[test]
fn othello_tree_searches_record_each_window_and_cutoff() {
    let agents = [
        "alphabeta:depth=5",
        "alphabeta:nodes=3000",
        "alphabeta_tt:depth=5",
        "alphabeta_tt:nodes=20000",
        "mtdf:nodes=20000:solve=0",
    ];
    for text in agents {
        let spec = othello::AgentSpec::parse(text, 1000, Limits::default()).unwrap();
        let root = othello_endgame(40, 1);
        let unit = spec.timeline_unit();
        // As the page records them: the table's searches always deepen, alpha-beta without a
        // depth budget.
        let deepened = matches!(
            spec.algo,
            othello::Algorithm::AlphaBetaTt | othello::Algorithm::Mtdf
        ) || !matches!(spec.budget, othello::Budget::Depth(_));
        let options = TimelineOptions {
            iterations_are_depths: deepened,
            ..TimelineOptions::new(0)
        };
        let timeline = record(
            options,
            None,
            unit,
            |recorder| {
                spec.think_observed(&root, 11, Some(Box::new(recorder)))
                    .unwrap()
            },
            |recorded| while !recorded.step(500).is_finished() {},
        );
        let length = timeline.len();
        let last = LastWindow::default();
        let mut live = spec
            .think_observed(&root, 11, Some(Box::new(last.clone())))
            .unwrap();
        let mut at = 0;
        let mut ks = [0, 1, 2, 3, length / 3, length / 2, length - 1, length];
        ks.sort_unstable();
        for k in ks {
            while at < k {
                live.step(unit);
                at += 1;
            }
            let view = timeline.view_at(k);
            let report = live.report();
            assert_eq!(view.cutoffs, report.tree.cutoffs, "{text}: cutoffs at {k}");
            assert_eq!(view.window, *last.0.borrow(), "{text}: window at {k}");
        }
        let end = timeline.view_at(length);
        assert!(
            end.cutoffs > 0 && end.window.is_some(),
            "{text}: alpha-beta cuts off"
        );
        let markers = timeline.markers();
        let cuts: Vec<_> = markers
            .iter()
            .filter(|m| m.kind == MarkerKind::Cutoff)
            .collect();
        assert!(!cuts.is_empty(), "{text}: cutoffs are marked");
        let mut depths = Vec::new();
        for marker in &cuts {
            let depth: u32 = marker
                .label
                .strip_prefix("first cutoff at depth ")
                .and_then(|d| d.parse().ok())
                .unwrap_or_else(|| panic!("{text}: label {:?}", marker.label));
            assert!(
                !depths.contains(&depth),
                "{text}: depth {depth} marked twice"
            );
            depths.push(depth);
            let before = timeline.view_at(marker.step - 1).cutoffs;
            let after = timeline.view_at(marker.step).cutoffs;
            assert!(after > before, "{text}: the marked step cuts off");
        }
        let done: Vec<_> = markers
            .iter()
            .filter(|m| m.kind == MarkerKind::DepthDone)
            .collect();
        assert_eq!(!done.is_empty(), deepened, "{text}: depth markers");
        for (i, marker) in done.iter().enumerate() {
            assert_eq!(marker.label, format!("depth {} done", i + 1), "{text}");
            let completed = |k: u64| timeline.view_at(k).stats.iterations;
            assert!(
                completed(marker.step - 1) <= i as u64 && completed(marker.step) > i as u64,
                "{text}: depth {} completes at step {}",
                i + 1,
                marker.step
            );
        }
    }
}

#[test]
fn an_othello_search_marks_its_best_line_not_a_plan() {
    let setup = Setup::<Othello> {
        locate: None,
        cells: 0,
    };
    let spec = othello::AgentSpec::parse("alphabeta:depth=4", 1000, Limits::default()).unwrap();
    let options = TimelineOptions {
        plan_is_line: true,
        ..TimelineOptions::new(0)
    };
    let unit = spec.timeline_unit();
    let root = othello_endgame(40, 1);
    let timeline =
        check_agent_in_units("alphabeta", &spec, &root, &setup, options, 6_000, 11, unit);
    let markers = timeline.markers();
    let found = markers
        .iter()
        .find(|m| m.kind == MarkerKind::PlanFound)
        .expect("a finished search marks its line");
    let line = timeline.view_at(found.step).plan;
    assert!(!line.is_empty());
    assert_eq!(found.label, format!("best line ({} moves)", line.len()));
}

#[test]
fn sum_to_zero_agents_replay_to_any_step_as_a_live_run() {
    let setup = Setup::<SumZero> {
        locate: None,
        cells: 0,
    };
    for algo in sumzero::Algorithm::ALL {
        let spec = sumzero::AgentSpec::new(algo);
        let options = TimelineOptions {
            tree: algo == sumzero::Algorithm::Mcts,
            ..TimelineOptions::new(0)
        };
        for seed in [1, 2] {
            check_agent(
                algo.name(),
                &spec,
                &SumZero::start(),
                &setup,
                options,
                2_000,
                seed,
            );
        }
    }
}

/// Checks the tree replayed at several steps against `make()`'s live MCTS stepped there.
fn check_tree<G: Game + 'static, V: Fn(&G, usize) -> f64>(
    name: &str,
    make: impl Fn(Recorder<G>) -> Mcts<G, V, Recorder<G>>,
    live: impl Fn() -> Mcts<G, V>,
    steps: u64,
) {
    let options = TimelineOptions {
        tree: true,
        ..TimelineOptions::new(0)
    };
    let timeline = record(options, None, 1, make, |recorded| {
        recorded.step(steps);
    });
    let mut rng = Rng::new(99);
    for k in [0, 1, 2, 17, steps / 3, steps] {
        let mut search = live();
        step_in_slices(&mut search, k, &mut rng);
        let live_nodes = search.node_stats();
        let tree = timeline.tree_at(k, u32::MAX, usize::MAX).unwrap();
        assert_eq!(tree.len(), live_nodes.len(), "{name} at {k}: nodes");
        for node in &tree {
            let live = &live_nodes[node.id as usize];
            assert_eq!(node.visits, live.visits, "{name} at {k}: node {}", node.id);
            assert_eq!(node.mean, live.mean, "{name} at {k}: node {}", node.id);
            assert_eq!(node.depth as usize, live.line.len(), "{name} at {k}");
            assert_eq!(node.action, live.line.last().copied(), "{name} at {k}");
            if let Some(parent) = node.parent {
                assert_eq!(
                    live_nodes[parent as usize].line,
                    live.line[..live.line.len() - 1],
                    "{name} at {k}: node {}'s parent",
                    node.id
                );
            }
        }
        let root_children: u64 = tree
            .iter()
            .filter(|n| n.parent == Some(0))
            .map(|n| n.visits)
            .sum();
        let root_stats: u64 = search.root_action_stats().iter().map(|r| r.visits).sum();
        assert_eq!(root_children, root_stats, "{name} at {k}: root children");
        let best_line = tree.iter().filter(|n| n.on_best_line && n.depth == 1);
        let best: Vec<Option<u32>> = best_line.map(|n| n.action).collect();
        if k > 0 {
            let expected = search.best_action().map(G::action_index);
            assert_eq!(best, vec![expected], "{name} at {k}: best line");
        }
    }
}

#[test]
fn the_mcts_tree_replays_with_the_live_visits_and_means() {
    let (root, _) = bait_setup(1);
    let (bait_config, bait_value) = bait_mcts();
    check_tree(
        "bait",
        |r| Mcts::with_observer(root.clone(), bait_config, 3, bait_value, r).unwrap(),
        || Mcts::new(root.clone(), bait_config, 3, bait_value).unwrap(),
        800,
    );
    let game = G2048::new_game(&mut Rng::new(4));
    for chance_nodes in [false, true] {
        let config = MctsConfig {
            chance_nodes,
            ..MctsConfig::course_2048()
        };
        let value = |s: &G2048, p: usize| s.returns(p);
        check_tree(
            &format!("2048 chance nodes {chance_nodes}"),
            |r| Mcts::with_observer(game, config, 5, value, r).unwrap(),
            || Mcts::new(game, config, 5, value).unwrap(),
            600,
        );
    }
    let othello = Othello::start();
    let value = |s: &Othello, p: usize| s.returns(p);
    check_tree(
        "othello",
        |r| Mcts::with_observer(othello, MctsConfig::zero_sum(), 6, value, r).unwrap(),
        || Mcts::new(othello, MctsConfig::zero_sum(), 6, value).unwrap(),
        500,
    );
    let value = |s: &SumZero, p: usize| s.returns(p);
    check_tree(
        "sumzero",
        |r| Mcts::with_observer(SumZero::start(), MctsConfig::default(), 7, value, r).unwrap(),
        || Mcts::new(SumZero::start(), MctsConfig::default(), 7, value).unwrap(),
        700,
    );
}

/// One live MCTS iteration as its observer saw it.
#[derive(Debug, PartialEq)]
struct LiveWalk {
    actions: Vec<u32>,
    credited: Vec<f64>,
    added_node: bool,
    rollout_moves: u32,
}

/// Keeps every walk a live MCTS reports.
#[derive(Clone, Default)]
struct Walks(Rc<RefCell<Vec<LiveWalk>>>);

impl<G> Observer<G> for Walks {
    fn iteration(&mut self, walk: &searchlab::search::mcts::Walk<'_>) {
        self.0.borrow_mut().push(LiveWalk {
            actions: walk.actions().collect(),
            credited: (0..walk.len()).map(|i| walk.credited(i)).collect(),
            added_node: walk.added_node(),
            rollout_moves: walk.rollout_moves(),
        });
    }
}

#[test]
fn an_mcts_iteration_replays_phase_by_phase_as_the_live_walk() {
    let othello = Othello::start();
    let value = |s: &Othello, p: usize| s.returns(p);
    let config = MctsConfig::zero_sum();
    let options = TimelineOptions {
        tree: true,
        ..TimelineOptions::new(0)
    };
    let make = |recorder| Mcts::with_observer(othello, config, 6, value, recorder).unwrap();
    let timeline = record(options, None, 1, make, |recorded| {
        recorded.step(300);
    });
    let walks = Walks::default();
    let mut live = Mcts::with_observer(othello, config, 6, value, walks.clone()).unwrap();
    live.step(300);
    assert_eq!(timeline.iteration_at(0), None, "no iteration before step 1");
    // Visited out of order: the tree cache goes back to the start and forward again.
    for k in [1u64, 2, 40, 7, 299, 300, 150] {
        let view = timeline.iteration_at(k).unwrap();
        let walk = &walks.0.borrow()[k as usize - 1];
        assert_eq!(view.step, k);
        let actions: Vec<u32> = view
            .path
            .iter()
            .skip(1)
            .map(|n| n.action.unwrap())
            .collect();
        assert_eq!(actions, walk.actions, "step {k}: the selection path");
        let credited: Vec<f64> = view.path.iter().map(|n| n.credited).collect();
        assert_eq!(credited, walk.credited, "step {k}: the backup");
        assert_eq!(view.expanded, walk.added_node, "step {k}: the expansion");
        assert_eq!(
            view.rollout_moves, walk.rollout_moves,
            "step {k}: the rollout"
        );
        assert_eq!(view.reward, walk.credited[0], "step {k}: the reward");
        let before = timeline.tree_at(k - 1, u32::MAX, usize::MAX).unwrap();
        let after = timeline.tree_at(k, u32::MAX, usize::MAX).unwrap();
        let node = |tree: &[searchlab::search::timeline::TreeNode], id: u32| {
            tree.iter().find(|n| n.id == id).map(|n| (n.visits, n.mean))
        };
        for (i, step) in view.path.iter().enumerate() {
            let was = node(&before, step.id).unwrap_or((0, 0.0));
            assert_eq!(
                (step.visits_before, step.mean_before),
                was,
                "step {k} node {i}"
            );
            let now = node(&after, step.id).unwrap();
            assert_eq!(
                (step.visits_after, step.mean_after),
                now,
                "step {k} node {i}"
            );
            assert_eq!(
                step.visits_after,
                step.visits_before + 1,
                "step {k} node {i}"
            );
            assert_eq!(step.depth as usize, i, "step {k} node {i}");
        }
        assert_eq!(
            view.path[0].visits_before,
            k - 1,
            "step {k}: the root's visits"
        );
        let last = view.path.last().unwrap();
        assert_eq!(view.rollout_depth, last.depth + view.rollout_moves);
        assert_eq!(view.expanded, node(&before, last.id).is_none(), "step {k}");
    }
    assert_eq!(timeline.iteration_at(10_000).unwrap().step, 300, "clamped");
}

#[test]
fn rhea_populations_replay_per_generation() {
    let (root, setup) = bait_setup(1);
    let spec = bait::AgentSpec {
        algo: bait::Algorithm::Rhea,
        ..bait::AgentSpec::default()
    };
    let options = TimelineOptions::new(setup.cells);
    let timeline = check_agent("rhea", &spec, &root, &setup, options, 95, 4);
    // Population 10, elitism 1: the first population after 10 evaluations, then one
    // generation every 9.
    assert_eq!(timeline.population_at(9), None);
    let first = timeline.population_at(10).unwrap();
    assert_eq!((first.step, first.generation), (10, 0));
    assert_eq!(first.individuals.len(), 10);
    let values: Vec<f64> = first.individuals.iter().map(|i| i.value).collect();
    assert!(
        values.windows(2).all(|w| w[0] >= w[1]),
        "best first: {values:?}"
    );
    let later = timeline.population_at(95).unwrap();
    assert_eq!((later.step, later.generation), (91, 9));
    let best = timeline.view_at(95).plan;
    assert_eq!(
        later.individuals[0].actions, best,
        "the best individual's line is the plan"
    );
}

#[test]
fn a_full_timeline_stops_recording_and_the_search_ends_as_unrecorded() {
    let (root, setup) = bait_setup(2);
    let spec = bait::AgentSpec {
        algo: bait::Algorithm::Bfs,
        ..bait::AgentSpec::default()
    };
    let mut plain = spec.build(&root, 0, NoObserver).unwrap();
    let plain_end = searchlab::search::run_to_end(&mut *plain, 1000);
    for caps in [
        TimelineCaps {
            max_steps: 500,
            max_bytes: u64::MAX,
        },
        TimelineCaps {
            max_steps: u64::MAX,
            max_bytes: 8_000,
        },
    ] {
        let options = TimelineOptions {
            caps,
            has_frontier: true,
            ..TimelineOptions::new(setup.cells)
        };
        let timeline = check_agent("bfs capped", &spec, &root, &setup, options, 700, 0);
        let full = timeline.full_at().expect("the cap is reached");
        assert_eq!(timeline.len(), full);
        assert!(full <= 500);
        assert!(timeline.memory_bytes() <= caps.max_bytes);
        let markers = timeline.markers();
        let last = markers.last().unwrap();
        assert_eq!(last.kind, MarkerKind::Full);
        assert_eq!(last.label, format!("timeline full at step {full}"));
        assert_eq!(timeline.view_at(full + 100).step, full);

        let recorder = Recorder::new(options, setup.locate);
        let search = spec.build(&root, 0, recorder.clone()).unwrap();
        let mut recorded = Recorded::new(search, &recorder);
        let end = searchlab::search::run_to_end(&mut recorded, 300);
        assert_eq!(end, plain_end);
        assert_eq!(recorded.stats(), plain.stats());
        assert_eq!(recorded.principal_variation(), plain.principal_variation());
        assert!(recorder.timeline().full_at().is_some());
        let expanded: u32 = recorder
            .timeline()
            .with_live_cells(|c| c.heat().iter().sum());
        assert_eq!(
            u64::from(expanded),
            plain.stats().expanded,
            "live heat goes on after the log is full"
        );
    }
}

#[test]
fn markers_name_the_plan_the_limit_and_completed_depths() {
    let (root, setup) = bait_setup(1);
    let options = TimelineOptions {
        has_frontier: true,
        ..TimelineOptions::new(setup.cells)
    };
    let astar = bait::AgentSpec::default();
    let timeline = check_agent("astar", &astar, &root, &setup, options, 1_000_000, 0);
    let markers = timeline.markers();
    let found = markers
        .iter()
        .find(|m| m.kind == MarkerKind::PlanFound)
        .unwrap();
    assert_eq!(found.step, timeline.len());
    let plan = timeline.view_at(found.step).plan;
    assert_eq!(found.label, format!("plan found ({} actions)", plan.len()));

    let limited = bait::AgentSpec {
        algo: bait::Algorithm::Bfs,
        limits: Limits {
            max_nodes: 50,
            ..Limits::default()
        },
        ..bait::AgentSpec::default()
    };
    let timeline = check_agent("bfs limited", &limited, &root, &setup, options, 1000, 0);
    let limit = timeline.markers().pop().unwrap();
    assert_eq!(limit.kind, MarkerKind::Limit);
    assert_eq!(limit.label, "limit reached: node limit");

    let spec = othello::AgentSpec::parse("alphabeta_tt:depth=4", 1000, Limits::default()).unwrap();
    let options = TimelineOptions {
        iterations_are_depths: true,
        ..TimelineOptions::new(0)
    };
    let setup = Setup::<Othello> {
        locate: None,
        cells: 0,
    };
    let unit = spec.timeline_unit();
    let root = Othello::start();
    let timeline = check_agent_in_units("tt", &spec, &root, &setup, options, 1000, 0, unit);
    let depths: Vec<String> = timeline
        .markers()
        .into_iter()
        .filter(|m| m.kind == MarkerKind::DepthDone)
        .map(|m| m.label)
        .collect();
    assert_eq!(
        depths,
        [
            "depth 1 done",
            "depth 2 done",
            "depth 3 done",
            "depth 4 done"
        ]
    );
}

/// Checks, after each of `steps` single iterations, that the line `best_and_line` keeps up to
/// date equals the principal variation computed afresh; returns how often the best action
/// changed.
fn check_kept_line<G: Game, S: Search<G>>(name: &str, mut search: S, steps: u64) -> u64 {
    let mut line = Line::default();
    let mut changes = 0;
    let mut last = None;
    for step in 0..steps {
        let best = search.best_and_line(&mut line);
        assert_eq!(
            line.actions(),
            search.principal_variation(),
            "{name} at {step}"
        );
        assert_eq!(best, search.best_action(), "{name} at {step}");
        changes += u64::from(best != last);
        last = best;
        if search.step(1).is_finished() {
            break;
        }
    }
    changes
}

#[test]
fn a_kept_line_follows_a_best_move_that_changes_every_other_iteration() {
    // The page's "Sealed door": MCTS's two best root moves trade the lead nearly every other
    // iteration, so the line is put aside and taken back (`Line`'s branches) again and again.
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/www/levels/sealed-door.txt");
    let text = std::fs::read_to_string(path).unwrap();
    let level = searchlab::games::bait::Level::parse(&text).unwrap();
    let root = BaitState::new(Rc::new(level));
    let spec = bait::AgentSpec {
        algo: bait::Algorithm::Mcts,
        ..bait::AgentSpec::default()
    };
    let search = spec.build(&root, 0, NoObserver).unwrap();
    let changes = check_kept_line("sealed-door mcts", search, 3000);
    assert!(changes > 500, "the best move changed {changes} times");
}

#[test]
fn a_kept_line_stays_the_principal_variation_after_every_step() {
    let (root, _) = bait_setup(2);
    let (config, value) = bait_mcts();
    check_kept_line(
        "bait mcts",
        Mcts::new(root.clone(), config, 8, value).unwrap(),
        3000,
    );
    let value = |s: &Othello, p: usize| s.returns(p);
    let othello = Mcts::new(Othello::start(), MctsConfig::zero_sum(), 9, value).unwrap();
    check_kept_line("othello mcts", othello, 2000);
    for algo in [bait::Algorithm::Bfs, bait::Algorithm::Astar] {
        let spec = bait::AgentSpec {
            algo,
            ..bait::AgentSpec::default()
        };
        check_kept_line(
            algo.name(),
            spec.build(&root, 0, NoObserver).unwrap(),
            20_000,
        );
    }
}

#[test]
fn the_byte_cap_bounds_the_memory_held() {
    let (root, setup) = bait_setup(2);
    let spec = bait::AgentSpec {
        algo: bait::Algorithm::Bfs,
        ..bait::AgentSpec::default()
    };
    for max_bytes in [20_000, 100_000, 400_000, 1_500_000] {
        let options = TimelineOptions {
            caps: TimelineCaps {
                max_steps: u64::MAX,
                max_bytes,
            },
            has_frontier: true,
            ..TimelineOptions::new(setup.cells)
        };
        let recorder = Recorder::new(options, setup.locate);
        let search = spec.build(&root, 0, recorder.clone()).unwrap();
        let mut recorded = Recorded::new(search, &recorder);
        let mut memory = Vec::new();
        while !recorded.step(97).is_finished() {
            memory.push(recorder.timeline().memory_bytes());
        }
        let timeline = recorder.timeline();
        let at = format!("max_bytes {max_bytes}");
        assert!(timeline.full_at().is_some(), "{at}: the cap is reached");
        let most = memory.iter().copied().max().unwrap_or(0);
        assert!(most <= max_bytes, "{at}: {most} bytes held at most");
        assert!(
            timeline.memory_bytes() > max_bytes / 2,
            "{at}: full at {} bytes",
            timeline.memory_bytes()
        );
    }
}

#[test]
fn a_log_of_several_segments_replays_as_one() {
    // Past 1 MiB the byte log grows by a new segment (a record under way moves into it); an
    // MCTS iteration takes about 80 bytes, so 50,000 of them fill a few segments.
    let (root, _) = bait_setup(1);
    let (config, value) = bait_mcts();
    let steps = 50_000;
    let options = TimelineOptions {
        tree: true,
        ..TimelineOptions::new(0)
    };
    let make = |r| Mcts::with_observer(root.clone(), config, 3, value, r).unwrap();
    let timeline = record(options, None, 1, make, |recorded| {
        recorded.step(steps);
    });
    assert_eq!(timeline.len(), steps);
    let held = timeline.memory_bytes();
    assert!(
        held > 3 << 20,
        "{held} bytes held: fewer than three segments"
    );
    let mut live = Mcts::new(root.clone(), config, 3, value).unwrap();
    // Every 97th step: replays from each checkpoint, some across a segment's end.
    let mut at = 0;
    for k in (97..=steps).step_by(97).chain([steps]) {
        live.step(k - at);
        at = k;
        assert_shows_live(&timeline.view_at(k), &live, &format!("at step {k}"));
    }
    // The tree, rebuilt through every segment: to the middle, then on from where it stopped.
    timeline.tree_at(steps / 2, 1, 1).unwrap();
    let tree = timeline.tree_at(steps, u32::MAX, usize::MAX).unwrap();
    let live_nodes = live.node_stats();
    assert_eq!(tree.len(), live_nodes.len(), "nodes");
    for node in &tree {
        let live = &live_nodes[node.id as usize];
        assert_eq!(node.visits, live.visits, "node {}", node.id);
        assert_eq!(node.mean, live.mean, "node {}", node.id);
    }
}

/// Records `spec` from `root` for `steps` steps and checks what the view shows (counters, best
/// action, plan, root statistics) at every `every`-th step against one live run stepped once at
/// a time.
fn check_plans_at_every_step<G: Game + 'static, A: Agent<G>>(
    name: &str,
    spec: &A,
    root: &G,
    setup: &Setup<G>,
    steps: u64,
    every: u64,
) {
    let options = TimelineOptions {
        has_frontier: true,
        ..TimelineOptions::new(setup.cells)
    };
    let mut rng = Rng::new(17);
    let build = |recorder| spec.build(root, 0, recorder).unwrap();
    let timeline = record(options, setup.locate, 1, build, |recorded| {
        step_in_slices(recorded, steps, &mut rng);
    });
    let mut live = spec.build(root, 0, NoObserver).unwrap();
    for k in 0..=timeline.len() {
        if k % every == 0 || k % CHECKPOINT_EVERY < 2 || k == timeline.len() {
            assert_shows_live(&timeline.view_at(k), &*live, &format!("{name} at step {k}"));
        }
        if live.step(1).is_finished() && k >= timeline.len() {
            break;
        }
    }
}

#[test]
fn plans_recorded_as_an_earlier_plan_and_one_action_replay_at_every_step() {
    for (level, algo, steps) in [
        (2, bait::Algorithm::Bfs, 9_000),
        (1, bait::Algorithm::Bfs, 3_000),
        (2, bait::Algorithm::Astar, 9_000),
    ] {
        let (root, setup) = bait_setup(level);
        let spec = bait::AgentSpec {
            algo,
            ..bait::AgentSpec::default()
        };
        let name = format!("{} on level {level}", algo.name());
        check_plans_at_every_step(&name, &spec, &root, &setup, steps, 13);
    }
}

/// Passes on what a search visits but not the ends of its steps, so that [`Recorded`] steps
/// the search one unit at a time and closes every step itself.
#[derive(Clone)]
struct EventsOnly<G>(Recorder<G>);

impl<G> Observer<G> for EventsOnly<G> {
    fn expanded(&mut self, state: &G, visit: Visit) {
        self.0.expanded(state, visit);
    }
    fn generated(&mut self, state: &G, visit: Visit) {
        self.0.generated(state, visit);
    }
}

#[test]
fn a_search_that_closes_its_own_steps_records_what_stepping_it_unit_by_unit_records() {
    // Level 1: BFS solves it within the steps; level 2: it is still running.
    for level in [1, 2] {
        let (root, setup) = bait_setup(level);
        let spec = bait::AgentSpec {
            algo: bait::Algorithm::Bfs,
            ..bait::AgentSpec::default()
        };
        let options = TimelineOptions {
            has_frontier: true,
            ..TimelineOptions::new(setup.cells)
        };
        let steps = 6_000;
        let build = |observer| spec.build(&root, 1, observer).expect("BFS builds");
        let in_one_slice = record(options, setup.locate, 1, build, |search| {
            search.step(steps);
        });
        let build = |recorder| {
            spec.build(&root, 1, EventsOnly(recorder))
                .expect("BFS builds")
        };
        let unit_by_unit = record(options, setup.locate, 1, build, |search| {
            for _ in 0..steps {
                if search.step(1).is_finished() {
                    break;
                }
            }
        });
        let name = format!("BFS on level {level}");
        assert_eq!(in_one_slice.len(), unit_by_unit.len(), "{name}: steps");
        assert_eq!(
            in_one_slice.markers(),
            unit_by_unit.markers(),
            "{name}: markers"
        );
        for at in (0..=unit_by_unit.len())
            .step_by(97)
            .chain([unit_by_unit.len()])
        {
            assert_eq!(
                in_one_slice.view_at(at),
                unit_by_unit.view_at(at),
                "{name}: step {at}"
            );
        }
    }
}
