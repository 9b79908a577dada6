//! The command line as a whole, run as a built binary: `searchlab` alone prints the usage of
//! every command with every flag (generated from the parser) and exits with status 2; every
//! game and command answers `--help` with all of it; the README's command lines parse; and a
//! bad flag, however it is bad, is one line on stderr naming it, with exit status 2.

mod cli_common;

use cli_common::{json_lines, searchlab};

/// One command of the usage that `searchlab` alone prints: game, command and flags.
struct Usage {
    game: String,
    command: String,
    flags: Vec<String>,
}

/// The usage `searchlab` prints alone, which must fail with status 2 and print nothing on stdout.
fn usage() -> Vec<Usage> {
    let output = searchlab(&[]);
    assert_eq!(output.status.code(), Some(2));
    assert!(output.stdout.is_empty());
    let text = String::from_utf8(output.stderr).unwrap();
    assert!(
        text.starts_with("searchlab: usage: searchlab GAME COMMAND"),
        "{text}"
    );
    let mut commands: Vec<Usage> = Vec::new();
    for line in text.lines().skip(2) {
        let words: Vec<&str> = line.split_whitespace().collect();
        let flags = words
            .iter()
            .map(|word| word.trim_start_matches('['))
            .filter(|word| word.starts_with("--"))
            .map(String::from);
        match commands.last_mut() {
            // A continuation line is indented past the game's name.
            Some(last) if line.starts_with("   ") => last.flags.extend(flags),
            _ => commands.push(Usage {
                game: words[0].to_string(),
                command: words[1].to_string(),
                flags: flags.collect(),
            }),
        }
    }
    commands
}

fn stdout_of(args: &[&str]) -> String {
    let output = searchlab(args);
    assert_eq!(output.status.code(), Some(0), "{args:?}: {output:?}");
    String::from_utf8(output.stdout).unwrap()
}

#[test]
fn alone_it_lists_every_game_command_and_flag() {
    let usage = usage();
    let names: Vec<String> = usage
        .iter()
        .map(|u| format!("{} {}", u.game, u.command))
        .collect();
    assert_eq!(
        names,
        [
            "bait trace",
            "bait solve",
            "bait ablation",
            "bait bench",
            "bait bench-search",
            "bait speed",
            "bait timeline-bench",
            "2048 play",
            "2048 bench",
            "2048 decide",
            "2048 speed",
            "2048 decisions",
            "othello perft",
            "othello solve",
            "othello match",
            "othello bench",
            "othello fit",
            "sumzero play",
            "sumzero solve",
            "vgdl trace",
            "vgdl check",
            "vgdl solve",
            "vgdl bench",
            "vgdl bench-bfs",
            "vgdl speed",
        ]
    );
    // Othello's flags were once missing from the hand-kept list.
    let othello: Vec<&String> = usage
        .iter()
        .filter(|u| u.game == "othello")
        .flat_map(|u| &u.flags)
        .collect();
    for flag in [
        "--table-mb",
        "--ms-per-move",
        "--from",
        "--to",
        "--step-nodes",
        "--perft-max",
        "--ffo",
        "--random-plies",
        "--max-nodes",
        "--min-empties",
    ] {
        assert!(othello.iter().any(|f| *f == flag), "{flag}: {othello:?}");
    }
}

#[test]
fn help_at_every_level_lists_every_game_command_and_flag() {
    let usage = usage();
    let top = stdout_of(&["--help"]);
    for command in &usage {
        assert!(top.contains(&format!("\n  {} ", command.game)), "{top}");
        let game = stdout_of(&[&command.game, "--help"]);
        assert!(
            game.contains(&format!("\n  {} ", command.command)),
            "{game}"
        );
        let help = stdout_of(&[&command.game, &command.command, "--help"]);
        assert!(
            help.contains(&format!("searchlab {} {}", command.game, command.command)),
            "{help}"
        );
        for flag in &command.flags {
            assert!(help.contains(&format!("{flag} <")), "{flag}: {help}");
        }
    }
    let othello_match = stdout_of(&["othello", "match", "--help"]);
    assert!(othello_match.contains("AGENT = NAME"), "the agent grammar");
}

#[test]
fn a_game_alone_prints_its_usage_and_exits_2() {
    let output = searchlab(&["othello"]);
    assert_eq!(output.status.code(), Some(2));
    let text = String::from_utf8(output.stderr).unwrap();
    assert!(text.contains("othello perft --depth D"), "{text}");
    assert!(!text.contains("bait"), "{text}");
}

#[test]
fn the_readme_command_lines_parse() {
    let readme = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/README.md"))
        .expect("README.md");
    let lines: Vec<&str> = readme
        .lines()
        .filter_map(|line| line.strip_prefix("searchlab "))
        .map(|line| line.split('#').next().unwrap_or_default())
        .collect();
    assert!(lines.len() >= 10, "{lines:?}");
    for line in lines {
        let mut args: Vec<&str> = line.split_whitespace().collect();
        args.push("--help"); // parses every flag and value, runs nothing
        stdout_of(&args);
    }
}

#[test]
fn both_flag_forms_read_the_same() {
    let spaced = json_lines(&searchlab(&["othello", "perft", "--depth", "3"]));
    let joined = json_lines(&searchlab(&["othello", "perft", "--depth=3"]));
    assert_eq!(spaced[0]["leaves"], joined[0]["leaves"]);
}

#[test]
fn a_bad_flag_is_one_line_that_names_it() {
    for (args, expected) in [
        (
            &["bait", "bench", "--runz", "3"][..],
            "--runz: unknown flag for this command (did you mean --runs?)",
        ),
        (
            &["bait", "bench", "--runs", "3", "--runs", "4"][..],
            "--runs: given more than once",
        ),
        (&["bait", "bench", "--runs"][..], "--runs: missing value"),
        (
            &["bait", "bench", "--runs=x"][..],
            "--runs: cannot read 'x' as a whole number (from 1 to 100)",
        ),
        (
            &["bait", "bench", "--runs", "1\n2"][..],
            "--runs: cannot read '1\\u{a}2' as a whole number (from 1 to 100)",
        ),
        (
            &["bait", "bench", "3"][..],
            "unexpected argument '3': flags look like --name value",
        ),
        (
            &["chess", "play"][..],
            "unknown game 'chess' (expected bait, 2048, othello, sumzero or vgdl)",
        ),
        (
            &["othello", "fly"][..],
            "othello: unknown command 'fly' (expected perft, solve, match, bench or fit)",
        ),
        (&["othello", "perft"][..], "--depth is required"),
        (&["bait", "trace"][..], "--level and --actions are required"),
        (
            &["othello", "perft", "--depth", "-1"][..],
            "--depth: must be between 0 and 64, got -1",
        ),
        (
            &["othello", "perft", "--depth", "4294967296"][..],
            "--depth: must be between 0 and 64, got 4294967296",
        ),
        (
            &[
                "2048", "play", "--games", "1", "--seed", "1", "--algo", "best",
            ][..],
            "--algo: unknown algorithm 'best' (expected mcts, expectimax, greedy or random)",
        ),
        (
            &["2048", "bench", "--only", "fast"][..],
            "--only: unknown part 'fast' (expected slides, rollouts, expectimax or mcts)",
        ),
        (
            &[
                "2048",
                "play",
                "--games",
                "1",
                "--seed",
                "1",
                "--iterations",
                "5",
                "--budget-ms",
                "5",
            ][..],
            "--iterations and --budget-ms: give one or the other",
        ),
    ] {
        let output = searchlab(args);
        assert_eq!(output.status.code(), Some(2), "{args:?}");
        assert!(output.stdout.is_empty(), "{args:?}");
        let stderr = String::from_utf8(output.stderr).unwrap();
        assert_eq!(stderr.lines().count(), 1, "{args:?}: {stderr}");
        assert_eq!(
            stderr.trim_end(),
            format!("searchlab: {expected}"),
            "{args:?}"
        );
    }
}
