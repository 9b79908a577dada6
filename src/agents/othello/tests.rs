//! The unit tests of Othello's agents: the one-line form, and one move's thinking.

use super::*;
use crate::game::Game;
use crate::games::othello::endgame::Solver;
use crate::rng::Rng;
use crate::search::{run_to_end, Limit, NoObserver, Progress};

const LIMITS: Limits = Limits {
    max_nodes: u64::MAX,
    max_memory_bytes: 4 << 20,
};

fn parse(text: &str) -> Result<AgentSpec, FieldError> {
    AgentSpec::parse(text, 1000, LIMITS)
}

#[test]
fn specs_parse_with_defaults() {
    let course = parse("alphabeta:depth=6:eval=course").unwrap();
    assert_eq!(course.algo, Algorithm::AlphaBeta);
    assert_eq!(
        (course.budget, course.eval, course.solve),
        (Budget::Depth(6), EvalKind::Course, 0)
    );
    let strong = parse("mtdf:ms=1000").unwrap();
    assert_eq!(
        (strong.budget, strong.eval, strong.solve),
        (Budget::Millis(1000), EvalKind::Strong, 16)
    );
    let solver_off = parse("mtdf:nodes=5000:solve=0").unwrap();
    assert_eq!(
        (solver_off.budget, solver_off.solve),
        (Budget::Nodes(5000), 0)
    );
    assert_eq!(parse("random").unwrap().algo, Algorithm::Random);
    assert_eq!(
        parse("alphabeta:tt=on").unwrap().algo,
        Algorithm::AlphaBetaTt
    );
    assert_eq!(parse("minimax").unwrap().budget, Budget::Depth(3));
    let mcts = AgentSpec::parse("mcts:uct=0.5", 250, LIMITS).unwrap();
    assert_eq!((mcts.budget, mcts.uct), (Budget::Millis(250), 0.5));
    assert_eq!(parse("solver").unwrap().algo, Algorithm::Solver);
}

#[test]
fn text_round_trips() {
    for text in [
        "minimax:depth=3:eval=strong:solve=0",
        "alphabeta:depth=6:eval=course:solve=0",
        "alphabeta_tt:ms=500:eval=strong:solve=12",
        "mtdf:nodes=5000:eval=course:solve=16",
        "mcts:ms=1000:uct=1.4142135623730951:solve=0",
        "solver",
        "random",
    ] {
        assert_eq!(parse(text).unwrap().to_text(), text);
    }
    assert_eq!(
        parse("mtdf").unwrap().to_text(),
        "mtdf:ms=1000:eval=strong:solve=16"
    );
}

#[test]
fn bad_specs_name_the_field() {
    for (text, field, needle) in [
        ("foo", "algo", "unknown algorithm 'foo'"),
        ("minimax:depth=x", "depth", "'x' is not a whole number"),
        ("minimax:depth=0", "depth", "between 1 and 60"),
        ("mtdf:eval=best", "eval", "unknown evaluation 'best'"),
        ("alphabeta:speed=3", "speed", "unknown key"),
        ("alphabeta:depth", "depth", "expected key=value"),
        ("mtdf:depth=3:ms=10", "ms", "only one budget"),
        ("random:depth=2", "depth", "random takes no budget"),
        ("solver:ms=2", "ms", "solver takes no budget"),
        ("mcts:depth=4", "depth", "not a depth"),
        ("mcts:eval=course", "eval", "mcts uses no evaluation"),
        ("alphabeta:uct=1", "uct", "only mcts"),
        ("mcts:uct=NaN", "uct", "finite"),
        ("mtdf:tt=on", "tt", "only alphabeta"),
        ("mtdf:solve=31", "solve", "between 0 and 30"),
        ("solver:solve=3", "solve", "no endgame switch"),
        ("mtdf:ms=0", "ms", "between 1 and 3600000"),
        ("mtdf:eval=course:eval=strong", "eval", "more than once"),
    ] {
        let error = parse(text).unwrap_err();
        assert_eq!(error.field, field, "{text}: {error}");
        assert!(error.message.contains(needle), "{text}: {error}");
    }
}

fn after(moves: &[&str]) -> Othello {
    let mut state = Othello::start();
    for text in moves {
        state.try_apply(text.parse().unwrap()).unwrap();
    }
    state
}

#[test]
fn a_fixed_depth_search_reports_its_depth_value_and_counters() {
    let state = after(&["f5", "d6", "c3"]);
    let spec = parse("alphabeta:depth=4:eval=course").unwrap();
    let mut thinking = spec.think(&state, 1).unwrap();
    assert_eq!(thinking.report().value, None);
    assert_eq!(run_to_end(&mut thinking, 50), Progress::Solved);
    let report = thinking.report();
    assert_eq!(report.depth, 4);
    assert!(report.tree.cutoffs > 0 && report.tree.nodes > 0);
    assert_eq!(thinking.principal_variation().len(), 4);
    let best = thinking.best_action().unwrap();
    assert_eq!(thinking.principal_variation()[0], best);
    assert!(state.is_legal(best));
    // The same seed gives the same move and counts; minimax finds the same value.
    let mut again = spec.think(&state, 1).unwrap();
    run_to_end(&mut again, 1 << 20);
    assert_eq!(again.report(), report);
    let minimax = AgentSpec {
        algo: Algorithm::Minimax,
        ..spec
    };
    let mut full = minimax.think(&state, 1).unwrap();
    run_to_end(&mut full, 1 << 20);
    assert_eq!(full.report().value, report.value);
    assert_eq!(full.report().tree.cutoffs, 0);
    assert!(full.report().tree.nodes > report.tree.nodes);
}

#[test]
fn the_endgame_switch_answers_exactly() {
    let state = random_game_to(4, 12);
    if state.is_terminal() {
        return;
    }
    let spec = parse("mtdf:nodes=100:solve=14").unwrap();
    assert!(spec.solves(&state));
    let mut thinking = spec.think(&state, 3).unwrap();
    let progress = run_to_end(&mut thinking, 1);
    let report = thinking.report();
    if report.only_move {
        return;
    }
    assert_eq!(progress, Progress::Solved);
    assert!(report.exact);
    let mut solver = Solver::new(1 << 20, u64::MAX);
    let solution = solver.solve(state.board()).unwrap();
    assert_eq!(report.value, Some(f64::from(solution.score)));
    assert_eq!(report.depth, 12);
    assert_eq!(thinking.best_action(), solution.best_move);
}

/// The position after a seeded random game down to `empties` empty squares.
fn random_game_to(seed: u64, empties: u32) -> Othello {
    let mut state = Othello::start();
    let mut rng = Rng::new(seed);
    let mut moves = Vec::new();
    while state.empty_count() > empties && !state.is_terminal() {
        state.legal_actions(&mut moves);
        state.apply(moves[rng.index(moves.len())]);
    }
    state
}

#[test]
fn a_solver_that_gives_up_hands_over_to_the_search() {
    let state = (0..20)
        .map(|seed| random_game_to(seed, 20))
        .find(|state| {
            let mut moves = Vec::new();
            state.legal_actions(&mut moves);
            moves.len() > 1
        })
        .unwrap();
    let limits = Limits {
        max_nodes: 50,
        ..LIMITS
    };
    let spec = AgentSpec::parse("alphabeta:depth=2:solve=20", 1000, limits).unwrap();
    let mut thinking = spec.think(&state, 0).unwrap();
    for _ in 0..10 {
        assert_eq!(thinking.step(10), Progress::Running);
        if thinking.solver_gave_up() {
            break;
        }
        assert!(thinking.solving() && thinking.report().solving);
    }
    assert!(thinking.solver_gave_up());
    assert!(!thinking.solving());
    assert_eq!(run_to_end(&mut thinking, 10), Progress::Solved);
    assert_eq!(thinking.report().depth, 2);
    assert!(!thinking.report().exact);
    let solver = AgentSpec::parse("solver", 1000, limits).unwrap();
    let mut thinking = solver.think(&state, 0).unwrap();
    assert_eq!(
        run_to_end(&mut thinking, 10),
        Progress::LimitReached(Limit::Nodes)
    );
    assert!(
        state.is_legal(thinking.best_action().unwrap()),
        "a legal move still"
    );
}

#[test]
fn the_solver_refuses_positions_with_too_many_empties() {
    let error = parse("solver")
        .unwrap()
        .think(&Othello::start(), 0)
        .err()
        .unwrap();
    assert_eq!(error.field, "algo");
    assert!(
        error.message.contains("at most 30 empty squares"),
        "{error}"
    );
}

#[test]
fn a_node_budget_ends_the_thinking_with_its_last_answer() {
    let state = after(&["f5", "d6"]);
    for text in [
        "alphabeta:nodes=3000",
        "mtdf:nodes=3000:solve=0",
        "mcts:nodes=300",
    ] {
        let spec = parse(text).unwrap();
        let mut thinking = spec.think(&state, 2).unwrap();
        let progress = run_to_end(&mut thinking, 64);
        assert_eq!(progress, Progress::LimitReached(Limit::Nodes), "{text}");
        let allowed = if text.starts_with("mcts") { 300 } else { 3000 };
        // Iterative deepening with a table counts the node at which its slice ends.
        let work = thinking.work();
        assert!(
            (allowed..=allowed + 1).contains(&work),
            "{text}: {work} nodes"
        );
        assert!(state.is_legal(thinking.best_action().unwrap()), "{text}");
        assert!(thinking.report().value.is_some(), "{text}");
    }
}

#[test]
fn mcts_and_random_answer_with_legal_moves() {
    let state = after(&["f5"]);
    let mut mcts = parse("mcts:nodes=200").unwrap().think(&state, 5).unwrap();
    mcts.step(200);
    let report = mcts.report();
    assert_eq!(report.tree.nodes, 200);
    assert!(report.value.is_some());
    assert_eq!(mcts.root_action_stats().len(), 3);
    assert!(state.is_legal(mcts.best_action().unwrap()));
    let mut random = parse("random").unwrap().think(&state, 5).unwrap();
    assert_eq!(random.step(1), Progress::Solved);
    assert!(state.is_legal(random.best_action().unwrap()));
}

#[test]
fn a_single_legal_move_is_played_without_thinking() {
    // White to move with only a pass: Black's discs fill the board but for two squares.
    let state = Othello::parse(
        "XXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXO--",
        "O",
    )
    .unwrap();
    let spec = parse("mtdf:ms=50").unwrap();
    let mut thinking = spec.think(&state, 0).unwrap();
    assert!(thinking.report().only_move);
    assert_eq!(thinking.step(1), Progress::Solved);
    let mut legal = Vec::new();
    state.legal_actions(&mut legal);
    assert_eq!(legal.len(), 1);
    assert_eq!(thinking.best_action(), Some(legal[0]));
}

#[test]
fn the_boxed_agent_runs_the_same_thinking() {
    let state = after(&["f5", "d6", "c3"]);
    for text in ["alphabeta:depth=3", "mcts:nodes=300", "random"] {
        let spec = parse(text).unwrap();
        let mut boxed = spec.build(&state, 7, NoObserver).unwrap();
        let mut thinking = spec.think(&state, 7).unwrap();
        assert_eq!(run_to_end(&mut *boxed, 64), run_to_end(&mut thinking, 64));
        assert_eq!(boxed.best_action(), thinking.best_action(), "{text}");
        assert_eq!(boxed.stats(), thinking.stats(), "{text}");
    }
}
