//! `searchlab 2048 play --checkpoint FILE`, run as a built binary: a run killed in the middle of
//! a game and started again prints exactly the games an uninterrupted run prints, and a file of
//! other settings, of no checkpoint at all, or of lines and positions no run could have written
//! (a score past what its largest tile allows, a board no game reaches, a game twice or out of
//! the range, a negative time) is refused with a one-line error naming the file, the line and
//! the field.

use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

use serde_json::{json, Value};

/// Two MCTS games to 512, about three seconds each in a test build (the file is saved at most once
/// a second, so a game must outlast a save or two).
const RUN: [&str; 12] = [
    "2048",
    "play",
    "--algo",
    "mcts",
    "--iterations",
    "4000",
    "--games",
    "2",
    "--seed",
    "7",
    "--until-tile",
    "512",
];

fn searchlab(args: &[&str]) -> Command {
    let mut command = Command::new(env!("CARGO_BIN_EXE_searchlab"));
    command.args(args);
    command
}

fn with_checkpoint(path: &Path) -> Vec<String> {
    let mut args: Vec<String> = RUN.iter().map(|s| s.to_string()).collect();
    args.extend(["--checkpoint".into(), path.display().to_string()]);
    args
}

fn run(args: &[String]) -> Output {
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    searchlab(&args)
        .output()
        .expect("the searchlab binary runs")
}

/// The JSON lines of `stdout`, without the fields that time the run.
fn lines(stdout: &[u8]) -> Vec<Value> {
    String::from_utf8_lossy(stdout)
        .lines()
        .map(|line| {
            let mut value: Value = serde_json::from_str(line).unwrap();
            if let Some(map) = value.as_object_mut() {
                map.remove("seconds");
                map.remove("ms_per_move");
            }
            if let Some(summary) = value.get_mut("summary").and_then(Value::as_object_mut) {
                summary.remove("seconds");
            }
            value
        })
        .collect()
}

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("searchlab-{name}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir.join("run.checkpoint")
}

/// Starts the checkpointed run and kills it once the file holds what `stop` waits for; returns
/// the file's contents then and what the run printed.
fn run_until(path: &Path, stop: impl Fn(&Value) -> bool) -> (Value, Vec<Value>) {
    let args = with_checkpoint(path);
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    let mut child = searchlab(&args)
        .stdout(Stdio::piped())
        .spawn()
        .expect("the searchlab binary runs");
    let deadline = Instant::now() + Duration::from_secs(120);
    let saved = loop {
        let saved: Option<Value> = std::fs::read_to_string(path)
            .ok()
            .and_then(|text| serde_json::from_str(&text).ok());
        if let Some(saved) = saved.filter(&stop) {
            break saved;
        }
        assert!(
            child.try_wait().unwrap().is_none(),
            "the run ended before it could be stopped"
        );
        assert!(Instant::now() < deadline, "no such checkpoint");
        std::thread::sleep(Duration::from_millis(10));
    };
    child.kill().unwrap();
    let output = child.wait_with_output().unwrap();
    (saved, lines(&output.stdout))
}

/// Runs until the file shows game 0 finished and game 1 a few moves in; returns what it printed.
fn start_and_kill(path: &Path) -> Vec<Value> {
    run_until(path, |saved| {
        let moves = saved["current"]["episode"]["moves"].as_u64();
        saved["finished"].as_array().map(Vec::len) == Some(1) && moves.is_some_and(|m| m >= 2)
    })
    .1
}

#[test]
fn a_run_stopped_mid_game_carries_on_where_it_stopped() {
    let whole = run(&RUN.iter().map(|s| s.to_string()).collect::<Vec<_>>());
    assert!(whole.status.success());
    let whole = lines(&whole.stdout);
    assert_eq!(whole.len(), 3, "two games and the summary");

    let path = scratch("checkpoint-resume");
    let _ = std::fs::remove_file(&path);
    let first = start_and_kill(&path);
    assert_eq!(first, whole[..1], "the stopped run printed game 0");

    let mut other = with_checkpoint(&path);
    other[5] = "3000".into();
    let refused = run(&other);
    assert_eq!(refused.status.code(), Some(2));
    let message = String::from_utf8_lossy(&refused.stderr);
    assert!(message.contains("budget"), "{message}");
    assert!(path.exists(), "a refused run leaves the file alone");

    let rest = run(&with_checkpoint(&path));
    assert!(
        rest.status.success(),
        "{}",
        String::from_utf8_lossy(&rest.stderr)
    );
    assert_eq!(
        lines(&rest.stdout),
        whole[1..],
        "game 1 and the summary of both"
    );
    assert!(!path.exists(), "a completed run removes its checkpoint");
}

#[test]
fn a_file_that_is_not_a_checkpoint_is_refused_with_its_line_and_column() {
    let path = scratch("checkpoint-garbage");
    std::fs::write(&path, "{\"settings\": {},\n  oops").unwrap();
    let output = run(&with_checkpoint(&path));
    assert_eq!(output.status.code(), Some(2));
    let message = String::from_utf8_lossy(&output.stderr);
    assert!(message.contains("run.checkpoint:2:3"), "{message}");
    assert!(message.contains("not a checkpoint file"), "{message}");
    assert_eq!(message.trim().lines().count(), 1, "{message}");
    assert!(path.exists(), "nothing the user made is removed");
}

/// A checkpoint of `RUN` written by the binary itself (the run is stopped after its first
/// save), for the crafted files below to start from.
fn written_checkpoint(name: &str) -> (PathBuf, Value) {
    let path = scratch(name);
    let _ = std::fs::remove_file(&path);
    let (saved, _) = run_until(&path, |_| true);
    (path, saved)
}

/// A finished line of game `game` of `RUN` as a run prints it, with `score` and `max_tile`.
fn finished_line(game: u64, score: u64, max_tile: u64, moves: u64) -> Value {
    json!({
        "game": game, "seed": searchlab::rng::Rng::derive(7, game), "score": score,
        "max_tile": max_tile, "over": true, "moves": moves, "nodes": 4000 * moves,
        "seconds": 2.5, "ms_per_move": 1.5,
    })
}

#[test]
fn crafted_checkpoints_no_run_could_write_are_refused_naming_the_line_and_the_field() {
    let (path, written) = written_checkpoint("checkpoint-crafted");
    let current = written["current"].clone();
    assert_eq!(current["game"], 0);
    let refused = |finished: Vec<Value>, current: Value, expected: &str| {
        let mut crafted = written.clone();
        crafted["finished"] = Value::Array(finished);
        crafted["current"] = current;
        let text = crafted.to_string();
        std::fs::write(&path, &text).unwrap();
        let output = run(&with_checkpoint(&path));
        let message = String::from_utf8_lossy(&output.stderr);
        assert_eq!(output.status.code(), Some(2), "{expected}: {message}");
        assert_eq!(message.trim().lines().count(), 1, "{message}");
        let file = format!("--checkpoint: {}: ", path.display());
        assert!(
            message.contains(&(file + expected)),
            "{expected}: {message}"
        );
        assert!(
            output.stdout.is_empty(),
            "nothing is printed before the check"
        );
        let left = std::fs::read_to_string(&path).unwrap();
        assert_eq!(left, text, "the file is left alone");
    };

    // One field of game 0's finished line.
    for (field, value, expected) in [
        (
            "score",
            json!(20_000),
            "score: 20000 is not a score of a game whose largest tile is 256",
        ),
        ("score", json!(100), "score: 100 is not"),
        (
            "score",
            json!("lots"),
            "score: \"lots\" is not a whole number",
        ),
        (
            "max_tile",
            json!(u64::MAX),
            "max_tile: 18446744073709551615 is not a tile",
        ),
        (
            "max_tile",
            json!(1u64 << 18),
            "max_tile: 262144 is not a tile",
        ),
        ("max_tile", json!(0), "max_tile: 0 is not a tile"),
        ("max_tile", json!(96), "max_tile: 96 is not a tile"),
        (
            "moves",
            json!(10),
            "moves: 10 moves cannot make a tile of 256",
        ),
        ("seconds", json!(-1.0), "seconds: -1 is not a time"),
        (
            "ms_per_move",
            json!(-0.5),
            "ms_per_move: -0.5 is not a time",
        ),
        (
            "seed",
            json!(8),
            "seed: 8, but the series gives game 0 the seed",
        ),
    ] {
        let mut line = finished_line(0, 3_000, 256, 200);
        line[field] = value;
        let expected = format!("finished line 1 (game 0): {expected}");
        refused(vec![line], Value::Null, &expected);
    }

    // One field of the game under way, or of its position.
    for (field, value, expected) in [
        (
            "board",
            json!(vec![0; 16]),
            "(game 0): episode.board: [0,0,",
        ),
        (
            "board",
            json!(vec![17; 16]),
            "(game 0): episode.board: [17,17,",
        ),
        (
            "score",
            json!(u64::MAX - 5),
            "(game 0): episode.score: 18446744073709551610 is not",
        ),
        (
            "moves",
            json!(1_000_000),
            "(game 0): episode.moves: 1000000 moves spawn",
        ),
        (
            "seconds",
            json!(-3.0),
            "(game 0): seconds: -3 is not a time",
        ),
        (
            "game",
            json!(9),
            "(game 9): game: 9 is not one of this run's games (0 to 1)",
        ),
        ("seed", json!(1), "(game 0): seed: 1, but the series"),
    ] {
        let mut current = current.clone();
        match field {
            "seconds" | "game" | "seed" => current[field] = value,
            _ => current["episode"][field] = value,
        }
        refused(vec![], current, &format!("the game under way {expected}"));
    }

    // Lines that do not fit together.
    let huge = |game| finished_line(game, u64::MAX, 131_072, 1_000_000);
    let normal = finished_line(0, 3_000, 256, 200);
    let mut outside = normal.clone();
    outside["game"] = json!(2);
    refused(
        vec![huge(0), huge(1)],
        Value::Null,
        "finished line 1 (game 0): score: 18446744073709551615 is not",
    );
    refused(
        vec![normal.clone(), normal.clone()],
        Value::Null,
        "finished line 2: game: 0 is finished on an earlier line",
    );
    refused(
        vec![outside],
        Value::Null,
        "finished line 1: game: 2 is not one of this run's games",
    );
    refused(
        vec![normal],
        current,
        "the game under way (game 0): game: 0 has a finished line already",
    );
    std::fs::remove_file(&path).unwrap();
}

#[test]
fn finished_lines_a_game_could_print_make_the_summary() {
    let (path, written) = written_checkpoint("checkpoint-plausible");
    let mut crafted = written.clone();
    crafted["finished"] = json!([
        finished_line(0, 3_932_164, 131_072, 65_534),
        finished_line(1, 2_000, 256, 150),
    ]);
    crafted["current"] = Value::Null;
    std::fs::write(&path, crafted.to_string()).unwrap();
    let output = run(&with_checkpoint(&path));
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let printed = lines(&output.stdout);
    assert_eq!(
        printed.len(),
        1,
        "only the summary: both games were finished"
    );
    let summary = &printed[0]["summary"];
    assert_eq!(summary["games"], 2);
    assert_eq!(summary["mean_score"], 1_967_082.0);
    assert_eq!(summary["reached"]["32768"], 0.5);
    assert_eq!(summary["max_tile_counts"]["131072"], 1);
    assert!(!path.exists());
}
