//! The `searchlab bait` command line, run as a built binary: traces equal the goldens byte for
//! byte, bad input gives a one-line error with exit status 2, and output piped into a reader that
//! stops early ends the run quietly.

mod bait_common;
mod cli_common;

use bait_common::{read, SHARED};
use cli_common::{assert_quiet_into_a_closed_pipe, searchlab};
use serde_json::Value;

/// The actions of a golden trace as plan letters.
fn letters_of(trace: &str) -> String {
    trace
        .lines()
        .skip(1)
        .map(|line| {
            let record: Value = serde_json::from_str(line).unwrap();
            match record["action"].as_str().unwrap() {
                "LEFT" => 'L',
                "RIGHT" => 'R',
                "DOWN" => 'D',
                "UP" => 'U',
                _ => 'N',
            }
        })
        .collect()
}

/// Every golden trace and probe, with the level it was recorded on.
fn golden_cases() -> Vec<(String, String)> {
    let mut cases = Vec::new();
    for dir in ["goldens", "goldens/probes"] {
        let entries = std::fs::read_dir(format!("{SHARED}/{dir}"))
            .unwrap_or_else(|e| panic!("reference data missing: {SHARED}/{dir}: {e}"));
        for entry in entries {
            let name = entry.unwrap().file_name().into_string().unwrap();
            let Some(stem) = name.strip_suffix(".jsonl") else {
                continue;
            };
            let level = if dir == "goldens" {
                // lvlL_seqNN.jsonl was recorded on level L.
                format!("levels/bait_lvl{}.txt", &stem[3..4])
            } else {
                format!("{dir}/{stem}.txt")
            };
            cases.push((format!("{dir}/{name}"), level));
        }
    }
    cases.sort();
    cases
}

#[test]
fn trace_output_equals_every_golden_byte_for_byte() {
    let cases = golden_cases();
    assert_eq!(cases.len(), 27, "20 random traces and 7 probes");
    for (golden, level) in cases {
        let expected = read(&golden);
        let level_path = format!("{SHARED}/{level}");
        let output = searchlab(&[
            "bait",
            "trace",
            "--level",
            &level_path,
            "--actions",
            &letters_of(&expected),
        ]);
        assert!(output.status.success(), "{golden}: {output:?}");
        assert_eq!(
            String::from_utf8(output.stdout).unwrap(),
            expected,
            "{golden}"
        );
    }
}

#[test]
fn trace_into_a_closed_pipe_ends_the_run_quietly() {
    let level = concat!(env!("CARGO_MANIFEST_DIR"), "/www/levels/first-steps.txt");
    assert_quiet_into_a_closed_pipe(&["bait", "trace", "--level", level, "--actions", "NNNN"]);
}

#[test]
fn trace_stops_at_game_over_and_honours_the_tick_limit() {
    let level = format!("{SHARED}/goldens/probes/timeout.txt");
    let output = searchlab(&[
        "bait",
        "trace",
        "--level",
        &level,
        "--actions",
        "NNNNNN",
        "--tick-limit",
        "3",
    ]);
    assert!(output.status.success());
    let stdout = String::from_utf8(output.stdout).unwrap();
    let lines: Vec<&str> = stdout.lines().collect();
    assert_eq!(
        lines.len(),
        5,
        "line 0 and four actions, the fourth ends the game"
    );
    assert!(lines[4].contains("\"tick\":4") && lines[4].contains("\"winner\":\"PLAYER_LOSES\""));
}

/// Runs a command that must fail; returns its single stderr line.
fn failure(args: &[&str]) -> String {
    let output = searchlab(args);
    assert_eq!(output.status.code(), Some(2), "{args:?}: {output:?}");
    let stderr = String::from_utf8(output.stderr).unwrap();
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
    assert!(!stderr.contains("panicked"), "{stderr}");
    stderr
}

#[test]
fn bad_input_gives_a_one_line_error_and_exit_status_2() {
    let level = format!("{SHARED}/levels/bait_lvl0.txt");
    let error = failure(&["bait", "trace", "--level", &level, "--actions", "LRxU"]);
    assert!(
        error.contains("'x'") && error.contains("position 3"),
        "{error}"
    );
    let error = failure(&[
        "bait",
        "trace",
        "--level",
        "/no/such/level.txt",
        "--actions",
        "L",
    ]);
    assert!(error.contains("/no/such/level.txt"), "{error}");

    let dir = std::env::temp_dir().join(format!("searchlab-bait-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let bad = dir.join("bad.txt");
    std::fs::write(&bad, "wwww\nwA?w\nwwww\n").unwrap();
    let bad = bad.to_str().unwrap();
    let error = failure(&["bait", "trace", "--level", bad, "--actions", "L"]);
    assert!(
        error.contains(bad) && error.contains("line 2, column 3"),
        "{error}"
    );
    let error = failure(&["bait", "bench", "--levels", dir.to_str().unwrap()]);
    assert!(error.contains("bait_lvl0.txt"), "{error}");
    std::fs::remove_dir_all(&dir).unwrap();

    let error = failure(&["bait", "trace", "--level", &level]);
    assert!(error.contains("--actions"), "{error}");
    let error = failure(&[
        "bait",
        "trace",
        "--level",
        &level,
        "--actions",
        "L",
        "--tick",
        "3",
    ]);
    assert!(error.contains("--tick"), "{error}");
    let error = failure(&["bait", "fly"]);
    assert!(error.contains("fly"), "{error}");
    let error = failure(&["bait", "bench", "--seconds", "0"]);
    assert!(error.contains("--seconds"), "{error}");
}

#[test]
fn run_counts_out_of_range_are_refused_before_any_work() {
    // `--runs 4294967296` once allocated 32 GiB of measurements and aborted.
    for runs in ["4294967296", "0", "101"] {
        let error = failure(&["bait", "bench", "--runs", runs]);
        assert!(
            error.contains(&format!("--runs: must be between 1 and 100, got {runs}")),
            "{error}"
        );
        let error = failure(&["bait", "bench-search", "--runs", runs]);
        assert!(
            error.contains("--runs: must be between 1 and 100"),
            "{error}"
        );
    }
    let error = failure(&["bait", "bench-search", "--bfs-level3-nodes", "0"]);
    assert!(
        error.contains("--bfs-level3-nodes: must be between 1 and 1000000000000, got 0"),
        "{error}"
    );
}

#[test]
fn bench_prints_one_json_line_per_level() {
    let levels = format!("{SHARED}/levels");
    let output = searchlab(&[
        "bait",
        "bench",
        "--seconds",
        "0.01",
        "--runs",
        "1",
        "--levels",
        &levels,
    ]);
    assert!(output.status.success(), "{output:?}");
    let stdout = String::from_utf8(output.stdout).unwrap();
    let lines: Vec<Value> = stdout
        .lines()
        .map(|line| serde_json::from_str(line).unwrap())
        .collect();
    assert_eq!(lines.len(), 5);
    for (n, line) in lines.iter().enumerate() {
        assert_eq!(line["level"], n);
        for metric in [
            "copy_step_from_start_per_s",
            "copy_step_random_walk_per_s",
            "step_in_rollouts_per_s",
        ] {
            assert!(line[metric].as_f64().unwrap() > 0.0, "{line}");
        }
    }
}

#[test]
fn ablation_results_file_carries_a_stopped_run_on() {
    let level = format!("{SHARED}/levels/bait_lvl0.txt");
    let dir = std::env::temp_dir().join(format!("searchlab-ablation-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let results = dir.join("results.jsonl").to_string_lossy().into_owned();
    let run = |seeds: &str, results: Option<&str>| {
        let mut args = vec!["bait", "ablation", "--level", &level, "--seeds", seeds];
        args.extend(["--iterations", "40"]);
        if let Some(file) = results {
            args.extend(["--results", file]);
        }
        let output = searchlab(&args);
        assert!(output.status.success(), "{output:?}");
        String::from_utf8(output.stdout).unwrap()
    };
    let lines = |path: &str| std::fs::read_to_string(path).unwrap().lines().count();

    let whole = run("2", None);
    // A run stopped after one seed, its last line cut short while being written.
    run("1", Some(&results));
    assert_eq!(lines(&results), 4);
    let mut text = std::fs::read_to_string(&results).unwrap();
    text.push_str("{\"settings\":\"40 iter");
    std::fs::write(&results, text).unwrap();
    assert_eq!(run("2", Some(&results)), whole);
    assert_eq!(
        lines(&results),
        8,
        "only the second seed's games were played"
    );
    // Everything recorded: the table comes from the file alone, the same again.
    assert_eq!(run("2", Some(&results)), whole);
    assert_eq!(lines(&results), 8);

    let other_budget = failure(&[
        "bait",
        "ablation",
        "--level",
        &level,
        "--seeds",
        "2",
        "--iterations",
        "41",
        "--results",
        &results,
    ]);
    assert!(
        other_budget.contains("--results")
            && other_budget.contains("line 1")
            && other_budget.contains("40 iterations per act")
            && other_budget.contains("41 iterations per act"),
        "{other_budget}"
    );
    let rerun = || {
        failure(&[
            "bait",
            "ablation",
            "--level",
            &level,
            "--seeds",
            "1",
            "--iterations",
            "40",
            "--results",
            &results,
        ])
    };
    // Games recorded before ties were broken at random name no tie rule: refused.
    std::fs::write(
        &results,
        "{\"settings\":\"40 iterations per act, features paper\"}\n",
    )
    .unwrap();
    let old_rule = rerun();
    assert!(
        old_rule.contains("line 1") && old_rule.contains("features paper, ties at random"),
        "{old_rule}"
    );
    std::fs::write(
        &results,
        "{\"settings\":\"40 iterations per act, features paper, ties at random\"}\n",
    )
    .unwrap();
    let broken = rerun();
    assert!(
        broken.contains("line 1") && broken.contains("'level'"),
        "{broken}"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}
