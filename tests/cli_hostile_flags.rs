//! Hostile values for every number flag of every command, run as a built binary: negative
//! numbers, 0, 2^32, 2^64 and its neighbours, NaN, infinities, 1e308, the empty string, unicode
//! digits and invisible characters, a 10 KB string, a leading '+', hex. No value may abort the
//! program (a Rust panic exits with 101, an abort with 134, a signal with none); a value the
//! command refuses gets exit status 2 and one line on stderr naming the flag and its range.
//!
//! The commands and their flags come from the program itself (`searchlab` alone lists every
//! command and flag; each command's `--help` states a number flag's range, which the binary's own
//! test requires of every number-typed flag), so a new flag is swept without editing this file.
//! Each command runs on a tiny workload ([`base`]), so values it accepts finish quickly; a run
//! still going after [`DEADLINE`] is ended and counted (the value was accepted: a refusal is
//! immediate).

mod cli_common;

use std::io::Read;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use cli_common::searchlab;

/// The longest a run may take before it is ended.
const DEADLINE: Duration = Duration::from_secs(2);

/// The values every number flag is given.
fn hostile_values() -> Vec<String> {
    let mut values: Vec<String> = [
        "-1",
        "0",
        "-0",
        "4294967295",
        "4294967296",
        "18446744073709551615",
        "18446744073709551616",
        "-9223372036854775809",
        "99999999999999999999999999999999",
        "NaN",
        "nan",
        "inf",
        "-inf",
        "infinity",
        "1e308",
        "-1e308",
        "1e-308",
        "",
        " ",
        "+1",
        "0x10",
        "1_000",
        "1.5",
        "１２",
        "٣",
        "7\u{200b}",
        "\u{202e}5",
        "1,2",
    ]
    .iter()
    .map(|v| v.to_string())
    .collect();
    values.push("9".repeat(10 * 1024));
    values
}

/// A tiny workload for `game command` (every required flag, and small budgets), to which one
/// flag at a time is given a hostile value (replacing its value here, if any).
fn base(game: &str, command: &str) -> Vec<String> {
    let level = format!(
        "{}/../shared/bait/levels/bait_lvl0.txt",
        env!("CARGO_MANIFEST_DIR")
    );
    let boards = format!(
        "{}/tests/bench/g2048_boards.txt",
        env!("CARGO_MANIFEST_DIR")
    );
    let levels = format!("{}/../shared/bait/levels", env!("CARGO_MANIFEST_DIR"));
    let ffo = format!("{}/../shared/othello/ffo.txt", env!("CARGO_MANIFEST_DIR"));
    let board = format!("{}O--", "X".repeat(61));
    let vgdl = format!("{}/../shared/vgdl", env!("CARGO_MANIFEST_DIR"));
    let modality = format!("{vgdl}/modality");
    let args: Vec<&str> = match (game, command) {
        ("bait", "trace") => vec!["--level", &level, "--actions", "NNNN"],
        ("bait", "solve") => vec![
            "--level",
            &level,
            "--algo",
            "mcts",
            "--iterations",
            "5",
            "--max-moves",
            "20",
        ],
        ("bait", "bench") => vec!["--seconds", "0.001", "--runs", "1", "--levels", &levels],
        // A benchmark of whole searches: no workload is tiny, values it accepts run to the deadline.
        ("bait", "bench-search") => vec![
            "--runs",
            "1",
            "--levels",
            &levels,
            "--bfs-level3-nodes",
            "10",
        ],
        ("bait", "timeline-bench") => vec![
            "--runs",
            "1",
            "--levels",
            &levels,
            "--max-nodes",
            "50",
            "--mcts-iterations",
            "5",
            "--min-ms",
            "1",
        ],
        ("bait", "ablation") => vec!["--level", &level, "--seeds", "1", "--iterations", "2"],
        ("bait", "speed") => vec![
            "--walk-level",
            &level,
            "--astar-level",
            &level,
            "--steps",
            "100",
            "--astar-runs",
            "1",
        ],
        ("2048", "play") => vec![
            "--algo",
            "expectimax",
            "--depth",
            "1",
            "--games",
            "1",
            "--seed",
            "1",
            "--until-tile",
            "16",
        ],
        ("2048", "bench") => vec!["--millis", "1", "--only", "slides"],
        ("2048", "decide") => vec!["--boards", &boards],
        ("2048", "speed") => vec!["--playouts", "1"],
        ("2048", "decisions") => vec!["--iterations", "2", "--seeds", "1", "--late-playouts", "1"],
        ("othello", "perft") => vec!["--depth", "1"],
        ("othello", "solve") => vec!["--board", &board, "--side", "O", "--table-mb", "1"],
        ("othello", "match") => vec![
            "--black", "random", "--white", "random", "--games", "1", "--seed", "1",
        ],
        ("othello", "bench") => vec![
            "--perft-max",
            "0",
            "--ffo",
            &ffo,
            "--from",
            "1",
            "--to",
            "1",
            "--table-mb",
            "1",
        ],
        ("othello", "fit") => vec![
            "--positions",
            "1",
            "--seed",
            "1",
            "--min-empties",
            "2",
            "--max-empties",
            "2",
        ],
        ("sumzero", "play") => vec!["--algo", "mcts", "--iterations", "2"],
        ("sumzero", "solve") => vec![],
        ("vgdl", "trace") => vec!["--game", &modality, "--level", "0", "--actions", "NNNN"],
        ("vgdl", "check") => vec![&modality],
        ("vgdl", "solve") => vec!["--game", &modality, "--level", "0", "--algo", "bfs"],
        ("vgdl", "bench") => vec![
            "--seconds",
            "0.001",
            "--runs",
            "1",
            "--bait-levels",
            &levels,
            "--games",
            &vgdl,
        ],
        ("vgdl", "bench-bfs") => vec![&modality, "--max-nodes", "10"],
        ("vgdl", "speed") => vec!["--game", &modality, "--level", "0", "--steps", "10"],
        _ => panic!("{game} {command}: give it a tiny workload in base()"),
    };
    args.into_iter().map(String::from).collect()
}

/// Every command, as `searchlab` alone lists them: (game, command).
fn commands() -> Vec<(String, String)> {
    let output = searchlab(&[]);
    let text = String::from_utf8(output.stderr).unwrap();
    text.lines()
        .skip(2)
        .filter(|line| !line.starts_with("   "))
        .map(|line| {
            let words: Vec<&str> = line.split_whitespace().collect();
            (words[0].to_string(), words[1].to_string())
        })
        .collect()
}

/// The number flags of `game command`: each flag whose entry in `--help` states a range
/// "(A to B" (the binary's own test requires one of every number-typed flag).
fn number_flags(game: &str, command: &str) -> Vec<String> {
    let output = searchlab(&[game, command, "--help"]);
    assert_eq!(output.status.code(), Some(0), "{game} {command} --help");
    let help = String::from_utf8(output.stdout).unwrap();
    // Each entry starts with its flag; the lines after it, until the next flag, are its help.
    let mut entries: Vec<(String, String)> = Vec::new();
    for line in help.lines() {
        let trimmed = line.trim_start();
        if trimmed.starts_with("--") && line.starts_with("  ") {
            let flag = trimmed.split([' ', '=']).next().unwrap().to_string();
            entries.push((flag, trimmed.to_string()));
        } else if let Some((_, text)) = entries.last_mut() {
            if trimmed.is_empty() || !line.starts_with(' ') {
                entries.push((String::new(), String::new()));
            } else {
                text.push(' ');
                text.push_str(trimmed);
            }
        }
    }
    entries
        .into_iter()
        .filter(|(flag, text)| !flag.is_empty() && flag != "--help" && states_a_range(text))
        .map(|(flag, _)| flag)
        .collect()
}

/// Whether `text` holds "(A to B)" or "(A to B;" with A and B numbers.
fn states_a_range(text: &str) -> bool {
    text.split('(').skip(1).any(|part| {
        let words: Vec<&str> = part.split([')', ';']).next().unwrap().split(' ').collect();
        words.len() == 3
            && words[1] == "to"
            && words[0].parse::<f64>().is_ok()
            && words[2].parse::<f64>().is_ok()
    })
}

/// How one run ended.
enum Ended {
    /// The exit status (None: a signal) and stderr.
    Exited(Option<i32>, String),
    /// Still running at the deadline: ended by the test.
    CutAtDeadline,
}

fn run(args: &[String]) -> Ended {
    let mut child = Command::new(env!("CARGO_BIN_EXE_searchlab"))
        .args(args)
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let start = Instant::now();
    loop {
        if let Some(status) = child.try_wait().unwrap() {
            let mut stderr = String::new();
            child
                .stderr
                .take()
                .unwrap()
                .read_to_string(&mut stderr)
                .unwrap();
            return Ended::Exited(status.code(), stderr);
        }
        if start.elapsed() > DEADLINE {
            child.kill().unwrap();
            child.wait().unwrap();
            return Ended::CutAtDeadline;
        }
        std::thread::sleep(Duration::from_millis(5));
    }
}

/// `base` with `flag` set to `value` (replacing the base's value, or added).
fn with_value(game: &str, command: &str, flag: &str, value: &str) -> Vec<String> {
    let mut args = vec![game.to_string(), command.to_string()];
    let base = base(game, command);
    let mut i = 0;
    while i < base.len() {
        if base[i] == flag {
            i += 2;
        } else {
            args.push(base[i].clone());
            i += 1;
        }
    }
    args.push(flag.to_string());
    args.push(value.to_string());
    args
}

/// What a run showed, if anything is wrong with it.
enum Verdict {
    Fine,
    Refused,
    Cut(String),
    /// A panic (101), an abort (134) or a signal.
    Aborted(String),
    /// Exit 2 without one line naming the flag, or another status.
    Unnamed(String),
}

fn judge(shown: &str, flag: &str, args: &[String]) -> Verdict {
    match run(args) {
        Ended::CutAtDeadline => Verdict::Cut(shown.to_string()),
        Ended::Exited(Some(0), _) => Verdict::Fine,
        Ended::Exited(Some(2), stderr) => {
            let lines: Vec<&str> = stderr.lines().collect();
            if lines.len() == 1 && lines[0].contains(flag) {
                Verdict::Refused
            } else {
                Verdict::Unnamed(format!("{shown}: not one line naming the flag: {stderr:?}"))
            }
        }
        Ended::Exited(code @ (Some(101) | Some(134) | None), stderr) => {
            Verdict::Aborted(format!("{shown}: exit {code:?}: {stderr}"))
        }
        Ended::Exited(code, stderr) => {
            Verdict::Unnamed(format!("{shown}: exit {code:?}: {stderr}"))
        }
    }
}

#[test]
fn no_hostile_value_of_a_number_flag_aborts_and_each_refusal_names_the_flag() {
    let values = hostile_values();
    let mut cases: Vec<(String, String, Vec<String>)> = Vec::new();
    let mut flags = 0;
    for (game, command) in commands() {
        for flag in number_flags(&game, &command) {
            flags += 1;
            for value in &values {
                let shown = format!(
                    "{game} {command} {flag} {:?}",
                    value.chars().take(30).collect::<String>()
                );
                cases.push((
                    shown,
                    flag.clone(),
                    with_value(&game, &command, &flag, value),
                ));
            }
        }
    }
    // Two at a time: most runs are refusals that end at once.
    let (first, second) = cases.split_at(cases.len() / 2);
    let verdicts: Vec<Verdict> = std::thread::scope(|scope| {
        let a = scope.spawn(|| {
            first
                .iter()
                .map(|(s, f, a)| judge(s, f, a))
                .collect::<Vec<_>>()
        });
        let b = scope.spawn(|| {
            second
                .iter()
                .map(|(s, f, a)| judge(s, f, a))
                .collect::<Vec<_>>()
        });
        let mut all = a.join().unwrap();
        all.extend(b.join().unwrap());
        all
    });
    let count = |f: fn(&Verdict) -> bool| verdicts.iter().filter(|v| f(v)).count();
    let refused = count(|v| matches!(v, Verdict::Refused));
    let aborts: Vec<&String> = verdicts
        .iter()
        .filter_map(|v| match v {
            Verdict::Aborted(s) => Some(s),
            _ => None,
        })
        .collect();
    let unnamed: Vec<&String> = verdicts
        .iter()
        .filter_map(|v| match v {
            Verdict::Unnamed(s) => Some(s),
            _ => None,
        })
        .collect();
    let cut: Vec<&String> = verdicts
        .iter()
        .filter_map(|v| match v {
            Verdict::Cut(s) => Some(s),
            _ => None,
        })
        .collect();
    println!(
        "hostile CLI flag values: {} over {flags} number flags of every command; refused {refused} \
         (each one line naming the flag), aborts {}, accepted and cut at the {}-second deadline {}: {cut:?}",
        cases.len(),
        aborts.len(),
        DEADLINE.as_secs(),
        cut.len()
    );
    assert!(aborts.is_empty(), "{} aborts:\n{aborts:#?}", aborts.len());
    assert!(
        unnamed.is_empty(),
        "{} refusals not naming the flag:\n{unnamed:#?}",
        unnamed.len()
    );
    assert!(flags >= 40, "only {flags} number flags found");
}
