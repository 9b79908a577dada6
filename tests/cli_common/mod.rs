//! Helpers shared by the tests that run the built `searchlab` binary.
// Each test file uses its own share of these.
#![allow(dead_code)]

use std::process::{Command, Output};

use serde_json::Value;

/// Runs `searchlab` with `args` to its end.
pub fn searchlab(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_searchlab"))
        .args(args)
        .output()
        .expect("the searchlab binary runs")
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
