//! The `searchlab othello` commands, run as a built binary: `perft` and `solve` print their counts
//! and exact scores, `match` plays games and lets an agent's exact solver finish past its time
//! budget, bad input gives an error naming the flag with exit status 2, and output piped into
//! a reader that stops early ends the run quietly.

mod cli_common;

use cli_common::{assert_quiet_into_a_closed_pipe, json_lines, searchlab};

#[test]
fn perft_and_solve_print_counts_and_exact_scores() {
    let perft = json_lines(&searchlab(&["othello", "perft", "--depth", "5"]));
    assert_eq!(perft[0]["leaves"], 1396);
    // White to move has no move: it passes, Black fills g8 and wins 64 to 0 (empties to the
    // winner), so White's score is -64.
    let board = format!("{}O--", "X".repeat(61));
    let solve = json_lines(&searchlab(&[
        "othello", "solve", "--board", &board, "--side", "O",
    ]));
    assert_eq!(solve[0]["score"], -64);
    assert_eq!(solve[0]["pv"], serde_json::json!(["pass", "g8"]));
}

#[test]
fn in_a_match_the_exact_solver_outlasts_the_time_budget() {
    let args = [
        "othello",
        "match",
        "--black",
        "mtdf:ms=1:solve=18",
        "--white",
        "random",
        "--games",
        "2",
        "--seed",
        "3",
    ];
    let lines = json_lines(&searchlab(&args));
    assert_eq!(lines.len(), 3, "two games and the summary");
    // Game 0: mtdf plays Black. An exact solve from 16 or more empties takes far longer than
    // 1 ms, and the solver still answers from the first position with at most 18 empties that
    // Black meets (17 or 18 unless passes intervene): the time budget does not cut it short.
    let solved_from = lines[0]["black_solved_from"].as_u64();
    assert!(
        solved_from.is_some_and(|empties| (16..=18).contains(&empties)),
        "{}",
        lines[0]
    );
    let agents = lines[2]["summary"]["agents"].as_array().unwrap();
    for agent in agents {
        let games = ["wins", "losses", "draws"].map(|key| agent[key].as_u64().unwrap());
        assert_eq!(games.iter().sum::<u64>(), 2, "{agent}");
    }
}

#[test]
fn bad_input_names_the_flag_with_exit_status_2() {
    for (args, expected) in [
        (
            &["othello", "bench", "--step-nodes", "0"][..],
            "--step-nodes: must be between 1 and",
        ),
        (
            &["othello", "bench", "--step-nodes", "x"][..],
            "--step-nodes: cannot read 'x'",
        ),
        (
            &["othello", "solve", "--board", "XO", "--side", "X"][..],
            "board: expected 64 characters, found 2",
        ),
        (
            &[
                "othello", "match", "--black", "bogus", "--white", "random", "--games", "1",
                "--seed", "1",
            ][..],
            "--black: 'bogus': algo: unknown algorithm 'bogus'",
        ),
    ] {
        let output = searchlab(args);
        assert_eq!(output.status.code(), Some(2), "{args:?}");
        assert!(
            output.stdout.is_empty(),
            "{args:?}: nothing is printed first"
        );
        let message = String::from_utf8_lossy(&output.stderr);
        assert_eq!(message.lines().count(), 1, "{args:?}: {message}");
        assert!(message.contains(expected), "{args:?}: {message}");
    }
}

#[test]
fn table_sizes_and_times_out_of_range_name_the_flag_instead_of_aborting() {
    // `--table-mb 18446744073709551615` once overflowed the table's capacity and aborted.
    let board = format!("{}O--", "X".repeat(61));
    for table_mb in ["18446744073709551615", "16385", "0"] {
        for args in [
            &[
                "othello",
                "solve",
                "--board",
                &board,
                "--side",
                "O",
                "--table-mb",
                table_mb,
            ][..],
            &[
                "othello",
                "bench",
                "--perft-max",
                "0",
                "--table-mb",
                table_mb,
            ][..],
        ] {
            let output = searchlab(args);
            assert_eq!(output.status.code(), Some(2), "{args:?}");
            let message = String::from_utf8_lossy(&output.stderr);
            let expected = format!("--table-mb: must be between 1 and 16384, got {table_mb}");
            assert!(message.contains(&expected), "{args:?}: {message}");
        }
    }
    let output = searchlab(&[
        "othello",
        "match",
        "--black",
        "mtdf",
        "--white",
        "random",
        "--games",
        "1",
        "--seed",
        "1",
        "--ms-per-move",
        "0",
    ]);
    assert_eq!(output.status.code(), Some(2));
    let message = String::from_utf8_lossy(&output.stderr);
    assert!(
        message.contains("--ms-per-move: must be between 1 and"),
        "{message}"
    );
}

#[test]
fn output_into_a_closed_pipe_ends_the_run_quietly() {
    assert_quiet_into_a_closed_pipe(&[
        "othello",
        "match",
        "--black",
        "alphabeta:depth=3",
        "--white",
        "random",
        "--games",
        "4",
        "--seed",
        "1",
    ]);
}
