//! `searchlab bait solve`, run as a built binary: planners return optimal winning plans, seeded
//! players replay exactly, and bad flags give a one-line error naming the flag.

mod bait_common;
mod cli_common;

use bait_common::{read, SHARED};
use cli_common::searchlab;
use serde_json::Value;

fn level_path(n: usize) -> String {
    read(&format!("levels/bait_lvl{n}.txt")); // fails loudly when the data is missing
    format!("{SHARED}/levels/bait_lvl{n}.txt")
}

/// Runs `solve` and parses its one JSON line.
fn solve(args: &[&str]) -> Value {
    let output = searchlab(&[&["bait", "solve"], args].concat());
    assert!(
        output.status.success(),
        "solve {args:?} failed: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    let text = String::from_utf8(output.stdout).unwrap();
    assert_eq!(text.lines().count(), 1, "one JSON line: {text}");
    serde_json::from_str(&text).unwrap()
}

fn optimal_length(level: usize) -> u64 {
    let optimal: Value = serde_json::from_str(&read("goldens/optimal.json")).unwrap();
    optimal["levels"][level]["optimal_length"].as_u64().unwrap()
}

#[test]
fn planners_print_optimal_winning_plans() {
    for level in [0, 1] {
        let path = level_path(level);
        for algo in ["bfs", "astar"] {
            let report = solve(&["--level", &path, "--algo", algo]);
            assert_eq!(report["solved"], true, "{algo} level {level}: {report}");
            assert_eq!(report["outcome"], "won");
            assert_eq!(report["status"], "solved");
            assert_eq!(report["length"].as_u64(), Some(optimal_length(level)));
            let plan = report["plan"].as_str().unwrap();
            assert_eq!(plan.len() as u64, optimal_length(level));
            assert!(report["expanded"].as_u64().unwrap() > 0);
            assert!(report["elapsed_ms"].is_number());
        }
    }
}

#[test]
fn a_node_limit_is_reported_as_limit_reached() {
    let report = solve(&[
        "--level",
        &level_path(1),
        "--algo",
        "bfs",
        "--max-nodes",
        "10",
    ]);
    assert_eq!(report["solved"], false);
    assert_eq!(report["status"], "limit_reached");
    assert_eq!(report["limit"], "nodes");
    assert_eq!(report["plan"], "");
}

#[test]
fn seeded_players_replay_exactly_and_win_level_0() {
    for algo in ["mcts", "rhea", "kbfe"] {
        let args = [
            "--level",
            &level_path(0),
            "--algo",
            algo,
            "--iterations",
            "300",
            "--seed",
            "7",
        ];
        let mut first = solve(&args);
        let mut second = solve(&args);
        assert_eq!(first["solved"], true, "{algo}: {first}");
        first["elapsed_ms"] = Value::Null;
        second["elapsed_ms"] = Value::Null;
        first["peak_rss_mib"] = Value::Null;
        second["peak_rss_mib"] = Value::Null;
        assert_eq!(first, second, "{algo} replays from its seed");
    }
}

#[test]
fn kbfe_with_both_switches_off_plays_mcts_game_and_plans_as_it_acts() {
    let path = level_path(0);
    let act = |algo: &str, extra: &[&str]| {
        let base = [
            "--level",
            &path,
            "--algo",
            algo,
            "--iterations",
            "100",
            "--seed",
            "4",
        ];
        solve(&[&base[..], extra].concat())
    };
    let off = act("kbfe", &["--rollouts", "uniform", "--value", "score"]);
    assert_eq!(off["plan"], act("mcts", &[])["plan"], "{off}");
    let paper = act("kbfe", &[]);
    assert_eq!(paper["solved"], true, "{paper}");
    let planned = solve(&[
        "--level",
        &path,
        "--algo",
        "kbfe",
        "--plan",
        "--plan-iterations",
        "100",
        "--seed",
        "4",
    ]);
    assert_eq!(
        planned["plan"], paper["plan"],
        "one knowledge base per game in both modes"
    );
}

#[test]
fn mcts_plans_level_0_by_committing_and_stops_at_its_node_limit() {
    let path = level_path(0);
    // Seed 1 pushes a box onto the key (ties broken at random, as GVGAI's): seed 2 wins.
    let base = ["--level", &path, "--algo", "mcts", "--plan", "--seed", "2"];
    let report = solve(&base);
    assert_eq!(report["status"], "solved", "{report}");
    assert_eq!(report["solved"], true, "the plan replays to a win");
    let limited = solve(
        &[
            &base[..],
            &["--plan-iterations", "100", "--max-nodes", "5000"],
        ]
        .concat(),
    );
    assert_eq!(limited["status"], "limit_reached", "{limited}");
    assert_eq!(limited["limit"], "nodes");
    assert_eq!(
        limited["outcome"], "running",
        "the plan so far has not ended the game"
    );
    let expanded = limited["expanded"].as_u64().unwrap();
    assert!((5000..5010).contains(&expanded), "{limited}");
    assert!(limited["length"].as_u64().unwrap() >= 1);
}

#[test]
fn depth_limited_agent_plays_level_0_to_a_win() {
    let report = solve(&["--level", &level_path(0), "--algo", "dls", "--depth", "4"]);
    assert_eq!(report["solved"], true, "{report}");
    assert!(report["searches"].as_u64().unwrap() >= 2, "it re-plans");
}

#[test]
fn bad_flags_give_one_line_errors_naming_the_flag() {
    let path = level_path(0);
    let cases: [(&[&str], &str); 9] = [
        (&["--level", &path, "--algo", "best"], "--algo"),
        (
            &["--level", &path, "--algo", "dls", "--depth", "0"],
            "--depth",
        ),
        (
            &["--level", &path, "--algo", "wastar", "--weight", "0.5"],
            "--weight",
        ),
        (
            &[
                "--level",
                &path,
                "--algo",
                "mcts",
                "--budget-ms",
                "5",
                "--iterations",
                "3",
            ],
            "--budget-ms",
        ),
        (
            &["--level", &path, "--algo", "astar", "--heuristic", "magic"],
            "--heuristic",
        ),
        (&["--level", &path, "--algo", "bfs", "--sed", "1"], "--sed"),
        (&["--level", &path, "--algo", "astar", "--plan"], "--plan"),
        (
            &["--level", &path, "--algo", "rhea", "--plan-iterations", "0"],
            "--plan-iterations",
        ),
        (
            &["--level", "/nonexistent/level.txt", "--algo", "bfs"],
            "/nonexistent/level.txt",
        ),
    ];
    for (args, named) in cases {
        let output = searchlab(&[&["bait", "solve"], args].concat());
        assert_eq!(output.status.code(), Some(2), "{args:?}");
        let stderr = String::from_utf8(output.stderr).unwrap();
        assert_eq!(stderr.lines().count(), 1, "{stderr}");
        assert!(stderr.contains(named), "{args:?}: {stderr}");
        assert!(!stderr.contains("panicked"), "{stderr}");
    }
}
