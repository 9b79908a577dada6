//! `searchlab 2048 bench [--millis M] [--seed S] [--depth N] [--cutoff P] [--only
//! slides|rollouts|expectimax|mcts]`: times table slides, random rollouts, and expectimax and the
//! course's MCTS as `play` runs them on middle-game positions, per second of wall time and of
//! CPU time.

use std::time::Instant;

use clap::{Args, ValueEnum};
use searchlab::agents::g2048::{
    AgentSpec, Algorithm, ExpectimaxDecider, ADAPTIVE_MAX_DEPTH, ADAPTIVE_MIN_DEPTH, SEARCH_LIMITS,
};
use searchlab::game::Game;
use searchlab::games::g2048::board::Board;
use searchlab::games::g2048::eval::adaptive_depth;
use searchlab::games::g2048::expectimax::Settings;
use searchlab::games::g2048::{Direction, G2048};
use searchlab::rng::Rng;
use searchlab::search::expectimax::Config;
use searchlab::speed::g2048::{course_mcts_on, middle_game_positions};
use serde_json::json;

use searchlab::agents::params::G2048 as G2048_PARAMS;

use crate::args::{print_line, spec_error, CliResult};
use crate::cpu_time::{cpu_seconds_since, thread_cpu_seconds};
use crate::flag_ranges::{table_int, CUTOFF, MILLIS, SEED};
use crate::flag_values::number;

/// The flags of `2048 bench`.
#[derive(Args)]
pub struct BenchFlags {
    #[arg(long, value_name = "M", default_value_t = 2000, value_parser = MILLIS,
          help = MILLIS.help("Milliseconds each part runs (whole rounds: at least one)"))]
    millis: u64,
    #[arg(long, value_name = "S", default_value_t = 1, value_parser = SEED,
          help = SEED.help("Seed of the boards and positions"))]
    seed: u64,
    #[arg(long, value_name = "N", value_parser = number::<u32>,
          help = table_int(&G2048_PARAMS, "depth").help("expectimax: the deepest iteration in moves (default: adapts to the board)"))]
    depth: Option<u32>,
    #[arg(long, value_name = "P", value_parser = CUTOFF,
          help = CUTOFF.help("expectimax: the chance-probability cutoff (the search's own default, nneonneo's)"),
          default_value_t = Config::default().min_probability)]
    cutoff: f64,
    /// Time only this part
    #[arg(long, value_name = "PART", value_enum)]
    only: Option<Part>,
}

/// What `bench` times.
#[derive(Clone, Copy, PartialEq, Eq, ValueEnum)]
enum Part {
    Slides,
    Rollouts,
    Expectimax,
    Mcts,
}

impl BenchFlags {
    /// Times the parts asked for and prints one line each.
    pub fn run(self) -> CliResult<()> {
        let BenchFlags {
            millis,
            seed,
            depth,
            cutoff: min_probability,
            only,
        } = self;
        // The expectimax `play` would run with these settings: the spec checks them.
        AgentSpec {
            algo: Algorithm::Expectimax,
            depth,
            min_probability,
            limits: SEARCH_LIMITS,
            ..AgentSpec::default()
        }
        .validate()
        .map_err(spec_error)?;
        let wanted = |part: Part| only.map_or(true, |o| o == part);
        let mut rng = Rng::new(seed);
        if wanted(Part::Slides) {
            bench_slides(&mut rng, millis)?;
        }
        if wanted(Part::Rollouts) {
            bench_rollouts(&mut rng, millis)?;
        }
        if wanted(Part::Expectimax) {
            bench_expectimax(seed, depth, min_probability, millis)?;
        }
        if wanted(Part::Mcts) {
            bench_mcts(seed, millis)?;
        }
        Ok(())
    }
}

/// Table-driven slides on random boards (tiles up to 2048, a quarter of the cells empty).
fn bench_slides(rng: &mut Rng, millis: u64) -> CliResult<()> {
    let boards: Vec<Board> = (0..4096)
        .map(|_| {
            let cells = std::array::from_fn(|_| match rng.below(4) {
                0 => 0,
                _ => 1 + rng.below(11) as u8,
            });
            Board::from_exponents(cells).unwrap_or_default()
        })
        .collect();
    let start = Instant::now();
    let mut moves = 0u64;
    let mut checksum = 0u64;
    while start.elapsed().as_millis() < u128::from(millis) {
        for _ in 0..64 {
            for board in &boards {
                for direction in Direction::ALL {
                    let (next, gain) = std::hint::black_box(*board).slide(direction);
                    checksum = checksum.wrapping_add(next.low() ^ gain);
                }
            }
        }
        moves += 64 * 4 * boards.len() as u64;
    }
    let seconds = start.elapsed().as_secs_f64();
    print_line(
        json!({"bench": "slides", "moves": moves, "seconds": seconds,
               "moves_per_second": moves as f64 / seconds, "checksum": checksum}),
    )
}

/// Uniformly random games from the start to game over.
fn bench_rollouts(rng: &mut Rng, millis: u64) -> CliResult<()> {
    let start = Instant::now();
    let (mut games, mut moves) = (0u64, 0u64);
    let mut actions = Vec::new();
    while start.elapsed().as_millis() < u128::from(millis) {
        let mut game = G2048::new_game(rng);
        while !game.is_terminal() {
            game.legal_actions(&mut actions);
            game.apply(actions[rng.index(actions.len())]);
            game.spawn_random(rng);
            moves += 1;
        }
        games += 1;
    }
    let seconds = start.elapsed().as_secs_f64();
    print_line(
        json!({"bench": "random_rollouts", "games": games, "moves": moves, "seconds": seconds,
               "rollouts_per_second": games as f64 / seconds,
               "moves_per_second": moves as f64 / seconds}),
    )
}

/// Expectimax as `play` runs it (cache on, adaptive depth unless `depth`, one search straight to
/// the full depth) over the positions of [`middle_game_positions`], whole rounds until `millis`
/// pass (`--millis 0`: one round), by [`ExpectimaxDecider`] (the specialised search, the same
/// tree as the generic one). Reports nodes (generated states: every child valued, found in the
/// cache or expanded) per second of wall time and per second of this thread's CPU time (Linux
/// `/proc/thread-self/schedstat`; null elsewhere).
fn bench_expectimax(
    seed: u64,
    depth: Option<u32>,
    min_probability: f64,
    millis: u64,
) -> CliResult<()> {
    let positions = middle_game_positions(seed);
    let mut search = ExpectimaxDecider::default();
    let cpu_start = thread_cpu_seconds();
    let start = Instant::now();
    let (mut searches, mut expanded, mut generated, mut hits) = (0u64, 0u64, 0u64, 0u64);
    loop {
        for position in &positions {
            let max_depth = depth.unwrap_or_else(|| {
                adaptive_depth(position, ADAPTIVE_MIN_DEPTH, ADAPTIVE_MAX_DEPTH)
            });
            let decision = search.decide(
                position.board(),
                Settings {
                    max_depth,
                    first_depth: max_depth,
                    min_probability,
                    max_memory_bytes: SEARCH_LIMITS.max_memory_bytes,
                },
            );
            searches += 1;
            expanded += decision.expanded;
            generated += decision.generated;
            hits += decision.cache_hits;
        }
        if start.elapsed().as_millis() >= u128::from(millis) {
            break;
        }
    }
    let seconds = start.elapsed().as_secs_f64();
    let cpu = cpu_seconds_since(cpu_start);
    print_line(json!({"bench": "expectimax",
        "depth": depth.map_or_else(|| json!("adaptive"), |d| json!(d)),
        "cutoff": min_probability, "positions": positions.len(), "searches": searches,
        "expanded": expanded, "generated": generated, "cache_hits": hits,
        "generated_per_search": generated as f64 / searches.max(1) as f64,
        "seconds": seconds, "cpu_seconds": cpu,
        "generated_per_second": generated as f64 / seconds,
        "generated_per_cpu_second": cpu.map(|c| generated as f64 / c),
        "expanded_per_second": expanded as f64 / seconds}))
}

/// The course's MCTS (as `play --algo mcts` runs it) on the positions of
/// [`middle_game_positions`], 1000 playouts each, whole rounds until `millis` pass: playouts
/// per second of wall and CPU time, the figure that converts a time budget into an iteration
/// budget. `speed` runs the same agent on the same positions for the comparison with wasm.
fn bench_mcts(seed: u64, millis: u64) -> CliResult<()> {
    const PLAYOUTS: u64 = 1000;
    let positions = middle_game_positions(seed);
    let mut rng = Rng::new(seed);
    let cpu_start = thread_cpu_seconds();
    let start = Instant::now();
    let mut playouts = 0u64;
    loop {
        playouts += course_mcts_on(&positions, &mut rng, PLAYOUTS).playouts;
        if start.elapsed().as_millis() >= u128::from(millis) {
            break;
        }
    }
    let seconds = start.elapsed().as_secs_f64();
    let cpu = cpu_seconds_since(cpu_start);
    print_line(json!({"bench": "mcts", "positions": positions.len(),
        "playouts_per_search": PLAYOUTS, "playouts": playouts,
        "seconds": seconds, "cpu_seconds": cpu,
        "playouts_per_second": playouts as f64 / seconds,
        "playouts_per_cpu_second": cpu.map(|c| playouts as f64 / c)}))
}
