//! `searchlab 2048 decide --boards FILE [--cutoff P] [--depth-rule nneonneo]`: one expectimax
//! decision on each board of FILE, as nneonneo's `find_best_move` makes one, so the two programs
//! can be timed on the same work. FILE holds one board a line in nneonneo's `board_t`: 16 hex
//! digits, the exponent of row r, column c in bits 4(4r+c) to 4(4r+c)+3 (the lowest nibble is
//! the top-left cell); blank lines and lines starting with `#` are skipped.
//!
//! Prints one JSON line per board (its move, each move's value, the depth and the counts) and a
//! summary: the moves chosen, the totals and this thread's CPU time over all the decisions
//! (Linux's `/proc/thread-self/schedstat`, which the kernel brings up to date at scheduler
//! ticks: good to a few milliseconds, too coarse for one decision, so only the total). Counts:
//! `expanded` (nodes expanded), `generated` (states generated: every child valued, found in the
//! cache or expanded) and `moves_evaluated`, nneonneo's own unit (four slides tried at each
//! expanded players' node below the root).

use clap::{Args, ValueEnum};
use searchlab::agents::g2048::{nneonneo_settings, AgentSpec, Algorithm, ExpectimaxDecider};
use searchlab::games::g2048::board::Board;
use searchlab::games::g2048::Direction;
use searchlab::search::expectimax::Config;
use serde_json::json;

use crate::args::{print_line, spec_error, CliError, CliResult};
use crate::cpu_time::{cpu_seconds_since, thread_cpu_seconds};
use crate::flag_ranges::CUTOFF;

/// The flags of `2048 decide`.
#[derive(Args)]
pub struct DecideFlags {
    /// The boards: one nneonneo board_t a line, 16 hex digits (lowest nibble = top-left cell)
    #[arg(long, value_name = "FILE")]
    boards: String,
    #[arg(long, value_name = "P", value_parser = CUTOFF,
          default_value_t = Config::default().min_probability,
          help = CUTOFF.help("Chance branches less likely than P are evaluated, not searched (nneonneo's 1e-4)"))]
    cutoff: f64,
    /// How deep each decision searches
    #[arg(long, value_name = "RULE", value_enum, default_value_t = DepthRule::Nneonneo)]
    depth_rule: DepthRule,
}

/// How deep a decision searches.
#[derive(Clone, Copy, PartialEq, Eq, ValueEnum)]
enum DepthRule {
    /// nneonneo's `max(3, distinct tiles - 2)` moves after the root's: `play`'s adaptive depth
    Nneonneo,
}

/// One board of the file, with the line it came from.
struct Line {
    number: usize,
    board: Board,
}

/// The boards of `path` (see the module docs); errors name the file and the line.
fn read_boards(path: &str) -> CliResult<Vec<Line>> {
    let text = std::fs::read_to_string(path)
        .map_err(|error| CliError(format!("--boards: cannot read '{path}': {error}")))?;
    let mut boards = Vec::new();
    for (index, line) in text.lines().enumerate() {
        let word = line.trim();
        if word.is_empty() || word.starts_with('#') {
            continue;
        }
        let number = index + 1;
        if word.len() != 16 || !word.bytes().all(|b| b.is_ascii_hexdigit()) {
            let shown: String = word.chars().take(40).collect();
            return Err(CliError(format!(
                "{path}:{number}: expected a board of 16 hex digits, got '{shown}'"
            )));
        }
        let low = u64::from_str_radix(word, 16)
            .map_err(|error| CliError(format!("{path}:{number}: {error}")))?;
        boards.push(Line {
            number,
            board: Board::from_low(low),
        });
    }
    if boards.is_empty() {
        return Err(CliError(format!("{path}: no board in the file")));
    }
    Ok(boards)
}

impl DecideFlags {
    /// Decides on every board and prints a line each and the summary.
    pub fn run(self) -> CliResult<()> {
        let DecideFlags {
            boards: path,
            cutoff,
            depth_rule: DepthRule::Nneonneo,
        } = self;
        AgentSpec {
            algo: Algorithm::Expectimax,
            min_probability: cutoff,
            ..AgentSpec::default()
        }
        .validate()
        .map_err(spec_error)?;
        let boards = read_boards(&path)?;
        let mut search = ExpectimaxDecider::default();
        let (mut expanded, mut generated, mut players, mut hits) = (0, 0, 0, 0);
        let mut moves = Vec::new();
        let start = thread_cpu_seconds();
        for Line { number, board } in &boards {
            let settings = nneonneo_settings(*board, cutoff);
            let depth = settings.max_depth;
            let decision = search.decide(*board, settings);
            let chosen = decision.best.map(Direction::name);
            let values: serde_json::Map<String, serde_json::Value> = Direction::ALL
                .iter()
                .filter_map(|&d| decision.values[d as usize].map(|v| (d.name().into(), json!(v))))
                .collect();
            print_line(
                json!({"line": number, "board": format!("{:016x}", board.low()),
                "depth": depth, "move": chosen, "values": values,
                "expanded": decision.expanded, "generated": decision.generated,
                "moves_evaluated": 4 * decision.expanded_players,
                "cache_hits": decision.cache_hits}),
            )?;
            moves.push(chosen);
            expanded += decision.expanded;
            generated += decision.generated;
            players += decision.expanded_players;
            hits += decision.cache_hits;
        }
        let cpu = cpu_seconds_since(start);
        let per_cpu_second = |count: u64| cpu.map(|c| count as f64 / c);
        print_line(
            json!({"boards": boards.len(), "cutoff": cutoff, "depth_rule": "nneonneo",
            "moves": moves, "expanded": expanded, "generated": generated,
            "moves_evaluated": 4 * players, "cache_hits": hits, "cpu_seconds": cpu,
            "cpu_seconds_per_decision": cpu.map(|c| c / boards.len() as f64),
            "generated_per_cpu_second": per_cpu_second(generated),
            "moves_evaluated_per_cpu_second": per_cpu_second(4 * players)}),
        )
    }
}
