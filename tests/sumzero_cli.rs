//! The `searchlab sumzero` command line, run as a built binary: `solve` prints the library's
//! optimum, `play` plays the game the agent plays with every move beside the optimum, and bad
//! input gives a one-line error with exit status 2.

mod cli_common;

use cli_common::{assert_quiet_into_a_closed_pipe, json_lines, searchlab};
use searchlab::agents::sumzero::{play_game, AgentSpec};
use searchlab::game::Game;
use searchlab::games::sumzero::solve::Optimum;
use searchlab::games::sumzero::SumZero;
use serde_json::Value;

/// The single JSON line a successful run prints.
fn run(args: &[&str]) -> Value {
    let mut lines = json_lines(&searchlab(args));
    assert_eq!(lines.len(), 1, "{args:?}");
    lines.remove(0)
}

/// The state after the amounts in a JSON string field.
fn state_of(text: &Value) -> SumZero {
    text.as_str().unwrap().parse().unwrap()
}

#[test]
fn solve_prints_the_optimum_from_the_start() {
    let report = run(&["sumzero", "solve"]);
    let optimum = Optimum::solve();
    let start = SumZero::start();
    assert_eq!(report["value"], optimum.value(&start));
    assert_eq!(report["closest_final_sum"], 0);
    assert_eq!(report["optimal_lines"], optimum.optimal_line_count(&start));
    assert_eq!(report["lines"], 1 << 20);
    let end = state_of(&report["optimal_line"]);
    assert_eq!((end.is_terminal(), end.sum()), (true, 0), "{end}");
}

#[test]
fn solve_from_a_position_gives_the_line_that_follows_it() {
    let report = run(&["sumzero", "solve", "--moves", "+30 +27 +24"]);
    let line = report["optimal_line"].as_str().unwrap();
    let end: SumZero = format!("+30 +27 +24 {line}").parse().unwrap();
    let from: SumZero = "+30 +27 +24".parse().unwrap();
    assert_eq!(end.returns(0), Optimum::solve().value(&from));
    assert_eq!(report["action_values"].as_array().unwrap().len(), 4);
}

#[test]
fn play_prints_the_game_the_agent_plays() {
    let report = run(&[
        "sumzero",
        "play",
        "--algo",
        "mcts",
        "--iterations",
        "300",
        "--seed",
        "5",
    ]);
    let game = play_game(&AgentSpec::default(), &SumZero::start(), 5, 300).unwrap();
    assert_eq!(state_of(&report["moves"]), game.end);
    assert_eq!(report["final_sum"], game.end.sum());
    assert_eq!(report["reward"], game.end.returns(0));
    let regrets: Vec<f64> = report["decisions"]
        .as_array()
        .unwrap()
        .iter()
        .map(|decision| decision["regret"].as_f64().unwrap())
        .collect();
    let expected: Vec<f64> = game.decisions.iter().map(|d| d.regret).collect();
    assert_eq!(regrets, expected);
}

#[test]
fn mcts_on_the_command_line_finds_a_line_ending_on_zero() {
    let report = run(&["sumzero", "play", "--algo", "mcts", "--seed", "7"]);
    assert_eq!(
        (&report["final_sum"], &report["reward"], &report["regret"]),
        (&Value::from(0), &Value::from(1.0), &Value::from(0.0)),
        "{report}"
    );
}

#[test]
fn play_from_a_position_plays_only_the_turns_left() {
    let report = run(&[
        "sumzero",
        "play",
        "--algo",
        "exhaustive",
        "--moves",
        "+30 +27 +24 +21 +18",
    ]);
    assert_eq!(report["decisions"].as_array().unwrap().len(), 5);
    assert!(report["moves"]
        .as_str()
        .unwrap()
        .starts_with("+30 +27 +24 +21 +18 "));
    assert_eq!(report["regret"], 0.0);
}

#[test]
fn bad_input_gives_a_one_line_error_and_exit_status_2() {
    let cases: [(&[&str], &str); 8] = [
        (&["play"], "--algo is required"),
        (
            &["play", "--algo", "bfs"],
            "--algo: unknown algorithm 'bfs'",
        ),
        (&["play", "--algo", "mcts", "--uct", "-1"], "--uct"),
        (
            &["play", "--algo", "mcts", "--iterations", "0"],
            "--iterations",
        ),
        (&["play", "--algo", "mcts", "--seed", "x"], "--seed"),
        (&["solve", "--moves", "+20 -19"], "--moves: column 5"),
        (&["solve", "--depth", "3"], "--depth"),
        (&["fly"], "unknown command 'fly'"),
    ];
    for (args, named) in cases {
        let output = searchlab(&[&["sumzero"], args].concat());
        assert_eq!(output.status.code(), Some(2), "{args:?}");
        assert!(output.stdout.is_empty(), "{args:?}: nothing is printed");
        let stderr = String::from_utf8(output.stderr).unwrap();
        assert_eq!(stderr.lines().count(), 1, "{stderr}");
        assert!(stderr.contains(named), "{args:?}: {stderr}");
    }
}

#[test]
fn output_into_a_closed_pipe_ends_the_run_quietly() {
    assert_quiet_into_a_closed_pipe(&["sumzero", "play", "--algo", "exhaustive"]);
}
