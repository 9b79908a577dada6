//! `searchlab 2048 play --checkpoint FILE`, run as a built binary: a run killed in the middle of
//! a game and started again prints exactly the games an uninterrupted run prints, and a file of
//! other settings or of no checkpoint at all is refused with a one-line error.

use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

use serde_json::Value;

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

/// Starts the checkpointed run and kills it once the file shows game 0 finished and game 1 a
/// few moves in; returns what it printed.
fn start_and_kill(path: &Path) -> Vec<Value> {
    let args = with_checkpoint(path);
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    let mut child = searchlab(&args)
        .stdout(Stdio::piped())
        .spawn()
        .expect("the searchlab binary runs");
    let deadline = Instant::now() + Duration::from_secs(120);
    loop {
        let saved: Option<Value> = std::fs::read_to_string(path)
            .ok()
            .and_then(|text| serde_json::from_str(&text).ok());
        let moves = saved
            .as_ref()
            .and_then(|s| s["current"]["episode"]["moves"].as_u64());
        let finished = saved
            .as_ref()
            .and_then(|s| s["finished"].as_array().map(Vec::len));
        if finished == Some(1) && moves.is_some_and(|m| m >= 2) {
            break;
        }
        assert!(
            child.try_wait().unwrap().is_none(),
            "the run ended before it could be stopped in its second game"
        );
        assert!(
            Instant::now() < deadline,
            "no checkpoint of the second game"
        );
        std::thread::sleep(Duration::from_millis(10));
    }
    child.kill().unwrap();
    let output = child.wait_with_output().unwrap();
    lines(&output.stdout)
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
