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

/// A boards file for `2048 decide` in the test's own temporary directory.
fn boards_file(name: &str, text: &str) -> String {
    let path = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join(name);
    std::fs::write(&path, text).unwrap();
    path.to_str().unwrap().to_string()
}

#[test]
fn decide_makes_the_recorded_decisions_and_counts_in_both_units() {
    // Three boards of the fixture (nneonneo's settings), then one with two 32768s side by side,
    // which the specialised search leaves to the generic one.
    let fixture = include_str!("fixtures/g2048_expectimax.txt");
    let recorded: Vec<Vec<&str>> = fixture
        .lines()
        .filter(|l| l.starts_with("nneonneo-1e-4"))
        .skip(40)
        .take(3)
        .map(|l| l.split(' ').collect())
        .collect();
    let text = format!(
        "# three bench boards\n{}\n\n{}\n{}\n00000000000000ff\n",
        recorded[0][1], recorded[1][1], recorded[2][1]
    );
    let path = boards_file("decide-boards.txt", &text);
    let lines = json_lines(&searchlab(&["2048", "decide", "--boards", &path]));
    assert_eq!(lines.len(), 5);
    for (line, want) in lines.iter().zip(&recorded) {
        assert_eq!(line["board"], want[1]);
        assert_eq!(line["depth"].to_string(), want[2]);
        assert_eq!(line["move"], want[3]);
        assert_eq!(line["expanded"].to_string(), want[8]);
        assert_eq!(line["generated"].to_string(), want[9]);
        assert_eq!(line["cache_hits"].to_string(), want[10]);
        let best = line["values"][want[3]].as_f64().unwrap();
        assert_eq!(
            format!("{:016x}", best.to_bits()),
            want[4 + direction(want[3])]
        );
    }
    let numbers: Vec<u64> = lines[..4]
        .iter()
        .map(|l| l["line"].as_u64().unwrap())
        .collect();
    assert_eq!(numbers, [2, 4, 5, 6]);
    let merged = &lines[3];
    // Left and right make a 65536: valued by the generic search.
    assert!(merged["values"]["left"].is_f64(), "{merged}");
    assert!(merged["values"]["right"].is_f64(), "{merged}");
    assert!(merged["move"].is_string(), "{merged}");
    let summary = &lines[4];
    assert_eq!(summary["boards"], 4);
    assert_eq!(summary["cutoff"], 1e-4);
    assert!(summary["cpu_seconds"].as_f64().unwrap() >= 0.0);
    let moves: Vec<&str> = summary["moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m.as_str().unwrap())
        .collect();
    assert_eq!(moves[..3], [recorded[0][3], recorded[1][3], recorded[2][3]]);
    let generated: u64 = lines[..4]
        .iter()
        .map(|l| l["generated"].as_u64().unwrap())
        .sum();
    assert_eq!(summary["generated"], generated);
    let evaluated = summary["moves_evaluated"].as_u64().unwrap();
    assert!(evaluated % 4 == 0 && evaluated > 0, "{summary}");
}

fn direction(name: &str) -> usize {
    ["up", "right", "down", "left"]
        .iter()
        .position(|&d| d == name)
        .unwrap()
}

#[test]
fn bad_decide_input_names_the_flag_or_the_file_and_line() {
    let bad_line = boards_file("decide-bad.txt", "# boards\n0123456789abcdef\n12345\n");
    let empty = boards_file("decide-empty.txt", "# nothing\n\n");
    let good = boards_file("decide-good.txt", "0000000000000011\n");
    for (args, expected) in [
        (
            vec!["--boards", &bad_line],
            format!("{bad_line}:3: expected a board of 16 hex digits, got '12345'"),
        ),
        (
            vec!["--boards", &empty],
            format!("{empty}: no board in the file"),
        ),
        (
            vec!["--boards", "/nonexistent/boards.txt"],
            "--boards: cannot read '/nonexistent/boards.txt'".to_string(),
        ),
        (
            vec!["--boards", &good, "--cutoff", "2"],
            "--cutoff: must be between 0 and 1, got 2".to_string(),
        ),
        (
            vec!["--boards", &good, "--depth-rule", "deep"],
            "--depth-rule: unknown".to_string(),
        ),
        (vec![], "--boards is required".to_string()),
    ] {
        let output = searchlab(&[&["2048", "decide"][..], &args].concat());
        assert_eq!(output.status.code(), Some(2), "{args:?}");
        assert!(output.stdout.is_empty(), "{args:?}");
        let stderr = String::from_utf8(output.stderr).unwrap();
        assert_eq!(stderr.lines().count(), 1, "{stderr}");
        assert!(stderr.contains(&expected), "{args:?}: {stderr}");
    }
}
