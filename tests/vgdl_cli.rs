//! `searchlab vgdl`: a trace diffs clean against GVGAI's, `check` reports exact traces and the
//! first mismatching field, `solve` prints the plan or "limit reached".

mod cli_common;

use cli_common::searchlab;
use serde_json::Value;

const SHARED: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../shared/vgdl");

fn stdout_ok(args: &[&str]) -> String {
    let output = searchlab(args);
    assert_eq!(output.status.code(), Some(0), "{args:?}: {output:?}");
    String::from_utf8(output.stdout).unwrap()
}

#[test]
fn trace_prints_gvgai_s_trace_byte_for_byte() {
    let index: Value = serde_json::from_str(
        &std::fs::read_to_string(format!("{SHARED}/chipschallenge/index.json")).unwrap(),
    )
    .unwrap();
    let entry = index["traces"]
        .as_array()
        .unwrap()
        .iter()
        .find(|t| t["file"] == "lvl1_seq05.jsonl")
        .unwrap();
    let game = format!("{SHARED}/chipschallenge");
    let printed = stdout_ok(&[
        "vgdl",
        "trace",
        "--game",
        &game,
        "--level",
        "1",
        "--actions",
        entry["actions"].as_str().unwrap(),
    ]);
    let recorded =
        std::fs::read_to_string(format!("{SHARED}/chipschallenge/lvl1_seq05.jsonl")).unwrap();
    assert_eq!(printed, recorded);
}

#[test]
fn check_reports_every_trace_and_the_first_mismatching_field() {
    let folder = format!("{SHARED}/watergame");
    let printed = stdout_ok(&["vgdl", "check", &folder]);
    assert!(
        printed.ends_with("{\"traces\":15,\"exact\":15}\n"),
        "{printed}"
    );

    let copy = std::env::temp_dir().join(format!("searchlab_vgdl_check_{}", std::process::id()));
    std::fs::create_dir_all(&copy).unwrap();
    for file in [
        "watergame.vgdl.txt",
        "watergame_lvl0.txt",
        "lvl0_seq00.jsonl",
    ] {
        std::fs::copy(format!("{folder}/{file}"), copy.join(file)).unwrap();
    }
    let trace = std::fs::read_to_string(copy.join("lvl0_seq00.jsonl")).unwrap();
    let tampered = trace.replacen("\"tick\":2,", "\"tick\":9,", 1);
    assert_ne!(trace, tampered);
    std::fs::write(copy.join("lvl0_seq00.jsonl"), tampered).unwrap();
    let output = searchlab(&["vgdl", "check", &copy.to_string_lossy()]);
    std::fs::remove_dir_all(&copy).unwrap();
    assert_eq!(output.status.code(), Some(2));
    let printed = String::from_utf8(output.stdout).unwrap();
    assert!(
        printed.contains("line 2: tick: expected 9, got 2"),
        "{printed}"
    );
    let stderr = String::from_utf8(output.stderr).unwrap();
    assert_eq!(stderr.trim_end(), "searchlab: 1 of 1 traces differ");
}

#[test]
fn solve_prints_a_shortest_plan_or_the_limit_it_reached() {
    let solved: Value = serde_json::from_str(&stdout_ok(&[
        "vgdl",
        "solve",
        "--game",
        &format!("{SHARED}/tercio"),
        "--level",
        "0",
        "--algo",
        "bfs",
    ]))
    .unwrap();
    assert_eq!(solved["solved"], true);
    assert_eq!(solved["shortest"], true);
    assert_eq!(
        solved["length"], 18,
        "GAMES.md: tercio level 0 takes 18 moves"
    );
    assert_eq!(solved["plan"].as_str().unwrap().len(), 18);

    let astar: Value = serde_json::from_str(&stdout_ok(&[
        "vgdl",
        "solve",
        "--game",
        &format!("{SHARED}/tercio"),
        "--level",
        "0",
        "--algo",
        "astar",
    ]))
    .unwrap();
    assert_eq!(astar["length"], 18);

    let limited: Value = serde_json::from_str(&stdout_ok(&[
        "vgdl",
        "solve",
        "--game",
        &format!("{SHARED}/sokoban"),
        "--level",
        "0",
        "--algo",
        "bfs",
        "--max-nodes",
        "50",
    ]))
    .unwrap();
    assert_eq!(limited["status"], "limit_reached");
    assert_eq!(limited["limit"], "nodes");
    assert_eq!(limited["solved"], false);
}

#[test]
fn a_game_with_an_error_is_one_line_naming_the_file_line_and_column() {
    let dir = std::env::temp_dir().join(format!("searchlab_vgdl_bad_{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let game = dir.join("bad.vgdl.txt");
    std::fs::write(&game, "BasicGame\n  SpriteSet\n    avatar > ShootAvatar\n").unwrap();
    let output = searchlab(&[
        "vgdl",
        "solve",
        "--game",
        &game.to_string_lossy(),
        "--level",
        "0",
        "--algo",
        "bfs",
    ]);
    std::fs::remove_dir_all(&dir).unwrap();
    assert_eq!(output.status.code(), Some(2));
    let stderr = String::from_utf8(output.stderr).unwrap();
    assert!(
        stderr.trim_end().ends_with(
            "bad.vgdl.txt: line 3, column 14: ShootAvatar is not supported; supported avatars: MovingAvatar"
        ),
        "{stderr}"
    );
}
