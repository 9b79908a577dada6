//! Helpers shared by the tests that run the built `searchlab` binary.
// Each test file uses its own share of these.
#![allow(dead_code)]

use std::process::{Command, Output, Stdio};

use serde_json::Value;

/// Runs `searchlab` with `args` to its end.
pub fn searchlab(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_searchlab"))
        .args(args)
        .output()
        .expect("the searchlab binary runs")
}

/// Runs `searchlab` with `args` whose stdout is closed before it writes: it must end at once
/// with status 0 and nothing on stderr, as when piped into `head`.
pub fn assert_quiet_into_a_closed_pipe(args: &[&str]) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_searchlab"))
        .args(args)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the searchlab binary runs");
    child.stdout = None; // closes the pipe: the command sees a closed stdout
    let output = child.wait_with_output().unwrap();
    assert_eq!(output.status.code(), Some(0), "{args:?}");
    assert!(
        output.stderr.is_empty(),
        "{args:?}: {}",
        String::from_utf8_lossy(&output.stderr)
    );
}

/// The JSON lines of a run that succeeded (its error output otherwise).
pub fn json_lines(output: &Output) -> Vec<Value> {
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    String::from_utf8(output.stdout.clone())
        .unwrap()
        .lines()
        .map(|line| serde_json::from_str(line).unwrap())
        .collect()
}
