//! The `searchlab 2048` commands, run as a built binary: `speed` measures exactly the
//! library's workload (the checksum the wasm side is compared with), `bench --only mcts` still
//! runs on the shared positions, `play --uct`, `--spawns` and `--tree-depth` set MCTS's
//! exploration constant and tree, `decisions` judges MCTS's moves by expectimax, bad input
//! gives a one-line error with exit status 2, and output piped into a reader that stops early
//! ends the run quietly.

mod cli_common;

use cli_common::{assert_quiet_into_a_closed_pipe, json_lines, searchlab};

#[test]
fn play_into_a_closed_pipe_ends_the_run_quietly() {
    assert_quiet_into_a_closed_pipe(&[
        "2048", "play", "--algo", "random", "--games", "3", "--seed", "1",
    ]);
}

#[test]
fn speed_prints_the_library_workload_checksum() {
    let lines = json_lines(&searchlab(&[
        "2048",
        "speed",
        "--seed",
        "3",
        "--playouts",
        "20",
    ]));
    assert_eq!(lines.len(), 1);
    let line = &lines[0];
    let run = searchlab::speed::g2048_course_mcts(3, 20);
    assert_eq!(line["checksum"], run.checksum.to_string());
    assert_eq!(line["playouts"], run.playouts);
    assert_eq!(line["searches"], run.searches);
    assert!(line["ms"].as_f64().unwrap() >= 0.0);
}

#[test]
fn bench_mcts_runs_on_the_middle_game_positions() {
    let lines = json_lines(&searchlab(&[
        "2048", "bench", "--only", "mcts", "--millis", "1",
    ]));
    assert_eq!(lines.len(), 1);
    assert_eq!(lines[0]["bench"], "mcts");
    assert_eq!(lines[0]["positions"], 56);
    let playouts = lines[0]["playouts"].as_u64().unwrap();
    assert!(playouts > 0 && playouts % (56 * 1000) == 0, "{playouts}");
}

#[test]
fn bad_speed_and_decisions_input_gives_a_one_line_error_and_exit_status_2() {
    for (args, expected) in [
        (
            &["speed", "--playouts", "0"][..],
            "--playouts: must be between 1 and",
        ),
        (&["speed", "--playouts", "many"][..], "--playouts"),
        (&["speed", "--steps", "5"][..], "--steps"),
        (
            &["decisions", "--iterations", "5,x"][..],
            "--iterations: cannot read 'x'",
        ),
        (
            &["decisions", "--iterations", "0"][..],
            "--iterations: must be between 1 and",
        ),
        (&["decisions", "--uct", "-1"][..], "--uct"),
        (&["decisions", "--seeds", "1,,2"][..], "--seeds"),
        (
            &["decisions", "--positions", "early"][..],
            "--positions: unknown source 'early'",
        ),
        (
            &["decisions", "--late-playouts", "0"][..],
            "--late-playouts: must be between 1 and",
        ),
    ] {
        let output = searchlab(&[&["2048"][..], args].concat());
        assert_eq!(output.status.code(), Some(2), "{args:?}");
        let stderr = String::from_utf8(output.stderr).unwrap();
        assert_eq!(stderr.lines().count(), 1, "{stderr}");
        assert!(stderr.contains(expected), "{args:?}: {stderr}");
    }
}

#[test]
fn bench_checks_expectimax_settings_as_play_does() {
    // The cutoff was once taken unchecked: -1 searched every spawn, NaN cut nothing.
    for (args, expected) in [
        (
            &["--cutoff", "-1"][..],
            "--cutoff: must be between 0 and 1, got -1",
        ),
        (
            &["--cutoff", "NaN"][..],
            "--cutoff: must be between 0 and 1, got NaN",
        ),
        (
            &["--cutoff", "inf"][..],
            "--cutoff: must be between 0 and 1, got inf",
        ),
        (
            &["--depth", "0"][..],
            "--depth: must be between 1 and 32, got 0",
        ),
        (
            &["--depth", "33"][..],
            "--depth: must be between 1 and 32, got 33",
        ),
    ] {
        let output = searchlab(&[&["2048", "bench", "--only", "expectimax"][..], args].concat());
        assert_eq!(output.status.code(), Some(2), "{args:?}");
        assert!(output.stdout.is_empty(), "{args:?}: nothing runs first");
        let stderr = String::from_utf8(output.stderr).unwrap();
        assert_eq!(stderr.lines().count(), 1, "{stderr}");
        assert!(stderr.contains(expected), "{args:?}: {stderr}");
    }
}

#[test]
fn play_takes_mcts_exploration_constant_and_spawns() {
    let game = |settings: &[&str]| {
        let mut args = vec![
            "2048",
            "play",
            "--algo",
            "mcts",
            "--iterations",
            "30",
            "--games",
            "1",
            "--seed",
            "5",
            "--until-tile",
            "128",
        ];
        args.extend(settings);
        let line = json_lines(&searchlab(&args))[0].clone();
        (line["moves"].clone(), line["score"].clone())
    };
    // The defaults are the page's √2 and averaged spawns: saying them changes nothing; another
    // constant, or a tree that branches on spawns, plays another game.
    let default = game(&[]);
    assert_eq!(default, game(&["--uct", "1.4142135623730951"]));
    assert_eq!(default, game(&["--spawns", "averaged"]));
    assert_ne!(default, game(&["--uct", "0.05"]));
    assert_ne!(default, game(&["--spawns", "branched"]));
    assert_eq!(default, game(&["--tree-depth", "100"]));
    assert_ne!(default, game(&["--tree-depth", "1"]));
    for (args, expected) in [
        (vec!["--algo", "mcts", "--uct", "-1"], "--uct"),
        (vec!["--algo", "greedy", "--uct", "1"], "only MCTS"),
        (
            vec!["--algo", "mcts", "--spawns", "closed"],
            "--spawns: unknown setting 'closed'",
        ),
        (
            vec!["--algo", "expectimax", "--spawns", "branched"],
            "only MCTS",
        ),
        (
            vec!["--algo", "mcts", "--tree-depth", "0"],
            "--tree-depth: must be between 1 and 100",
        ),
        (vec!["--algo", "random", "--tree-depth", "1"], "only MCTS"),
    ] {
        let mut all = vec!["2048", "play", "--games", "1", "--seed", "1"];
        all.extend(args);
        let output = searchlab(&all);
        assert_eq!(output.status.code(), Some(2));
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert!(stderr.contains(expected), "{stderr}");
    }
}

#[test]
fn decisions_judges_mcts_moves_by_expectimax_per_budget_and_constant() {
    let lines = json_lines(&searchlab(&[
        "2048",
        "decisions",
        "--iterations",
        "5,40",
        "--uct",
        "1,0.25",
        "--seeds",
        "1",
    ]));
    let settings: Vec<(f64, u64)> = lines
        .iter()
        .map(|l| {
            (
                l["uct"].as_f64().unwrap(),
                l["iterations"].as_u64().unwrap(),
            )
        })
        .collect();
    assert_eq!(settings, vec![(1.0, 5), (1.0, 40), (0.25, 5), (0.25, 40)]);
    for line in &lines {
        assert_eq!(line["positions"], 56);
        assert!(line["agree"].as_u64().unwrap() <= 56);
        let regret = line["mean_regret"].as_f64().unwrap();
        assert!((0.0..=1.0).contains(&regret), "{regret}");
    }
    // Each line replays from the positions' seeds.
    let again = json_lines(&searchlab(&[
        "2048",
        "decisions",
        "--iterations",
        "5",
        "--uct",
        "1",
    ]));
    assert_eq!(again[0]["agree"], lines[0]["agree"]);
    assert_eq!(again[0]["mean_regret"], lines[0]["mean_regret"]);
}

#[test]
fn decisions_on_late_positions_takes_the_end_of_an_mcts_game() {
    let args = [
        "2048",
        "decisions",
        "--positions",
        "late",
        "--late-playouts",
        "20",
        "--iterations",
        "10",
        "--uct",
        "1",
        "--seeds",
        "3",
    ];
    let lines = json_lines(&searchlab(&args));
    assert_eq!(lines.len(), 1);
    assert_eq!(lines[0]["source"], "late");
    assert_eq!(lines[0]["positions"], 60);
    let again = json_lines(&searchlab(&args));
    assert_eq!(again[0]["agree"], lines[0]["agree"]);
    assert_eq!(again[0]["mean_regret"], lines[0]["mean_regret"]);
}
