//! `searchlab 2048 play|bench|speed`: batches of games by one policy, and engine/search speed
//! (`decisions` is in `g2048_decisions.rs`).
//!
//! `play --algo expectimax|greedy|random|mcts [--depth N] [--budget-ms N | --iterations N]
//! --games N --seed S` prints one JSON line per game, then a summary line. Game `i` (from 0)
//! plays with seed `S` itself when `--games 1`, and with `Rng::derive(S, i)` otherwise; each line
//! prints that seed, so `--games 1 --seed <printed seed>` (same other flags) replays game `i`
//! exactly. Within a game, spawns draw from `Rng::new(seed)` (see `G2048::sample_spawn`) and the
//! agent from `Rng::new(Rng::derive(seed, 1))` (`searchlab::agents::g2048::Episode`, which the
//! page's batch mode plays too).
//!
//! Expectimax: `--depth N` fixes the deepest iteration (player moves); without it the depth
//! adapts to the board (`eval::adaptive_depth` from 4 to 16: nneonneo's rule). `--cutoff P` is
//! the chance-probability cutoff (default 1e-3, the setting measured in BENCHMARKS.md; nneonneo
//! uses 1e-4). `--until-tile T` ends a game once a tile of `T` appears (`\"over\": false` in its
//! line); `--start-game K` plays games `K..K+N` of the series `S` (seeds `Rng::derive(S, i)`),
//! so one series can be split over processes. `--iterations N` caps expansions
//! per move and `--budget-ms N` the time per move (iterative deepening to depth 32 unless
//! `--depth` says otherwise); without either the search runs once, straight to its depth.
//! `--budget-ms` makes games depend on the machine's speed, so only the node budgets replay
//! exactly. `--checkpoint FILE` lets a long run stop (killed, or the machine turned off) and
//! carry on: the same command again skips the games finished, resumes the one under way from its
//! last saved move and prints the summary of the whole range (see `g2048_checkpoint.rs`). MCTS
//! takes `--uct C`, the exploration constant (default √2, as the page's),
//! `--spawns averaged|branched`: the course's open-loop tree, or one that branches on each
//! spawn (closed loop; see `searchlab::search::mcts`), and `--tree-depth N`: the deepest tree
//! node in moves from the root (default no limit, as the course's; 1 is flat Monte Carlo). A
//! game's `nodes` are the states its searches generated (MCTS: playouts).
//!
//! `bench [--millis M] [--seed S] [--depth N] [--cutoff P] [--only slides|rollouts|expectimax|
//! mcts]` times table slides, random rollouts, and expectimax and the course's MCTS as `play`
//! runs them on middle-game positions, per second of wall time and of CPU time.
//!
//! `speed [--seed S] [--playouts N]` (defaults 1 and 10,000) runs the course MCTS `N` playouts
//! from each middle-game position of seed `S` once and prints one JSON line (`ms`, `searches`,
//! `playouts`, `checksum`): the native side of `tests/e2e/bench-2048.mjs`.

use crate::args::{print_line, CliError, CliResult, Flags};
use crate::g2048_checkpoint::{Checkpoint, GameUnderWay};
use searchlab::agents::g2048::{
    game_seed, AgentSpec, Algorithm, Episode, Spawns, ADAPTIVE_MAX_DEPTH, ADAPTIVE_MIN_DEPTH,
    SEARCH_LIMITS,
};
use searchlab::game::Game;
use searchlab::games::g2048::board::Board;
use searchlab::games::g2048::eval::{adaptive_depth, Evaluator};
use searchlab::games::g2048::{Direction, G2048};
use searchlab::rng::Rng;
use searchlab::search::expectimax::{Config, Expectimax};
use searchlab::search::Search;
use searchlab::speed::g2048::{course_mcts_on, middle_game_positions};
use searchlab::speed::g2048_course_mcts;
use serde_json::json;
use std::time::Instant;

/// Runs `searchlab 2048 COMMAND`.
pub fn run(command: &str, flags: &Flags) -> CliResult<()> {
    match command {
        "play" => play(flags),
        "bench" => bench(flags),
        "speed" => speed(flags),
        "decisions" => crate::g2048_decisions::decisions(flags),
        _ => Err(CliError(format!(
            "2048: unknown command '{command}' (expected play, bench, speed or decisions)"
        ))),
    }
}

/// How long each move may search.
#[derive(Clone, Copy)]
enum Budget {
    /// Expectimax runs to its depth (greedy and random answer at once).
    ToDepth,
    /// At most this many work units (MCTS iterations, expectimax expansions).
    Expansions(u64),
    /// This many milliseconds of wall-clock time.
    Millis(u64),
}

/// MCTS's time per move when no budget is given: the course's one second.
const MCTS_DEFAULT_MS: u64 = 1000;
/// Deepest iteration when only a time budget bounds the search.
const TIME_MODE_MAX_DEPTH: u32 = 32;

fn policy_from(flags: &Flags) -> CliResult<(AgentSpec, Budget)> {
    let algo = flags.text("algo").unwrap_or("expectimax").to_string();
    let depth: Option<u32> = flags.get("depth")?;
    let iterations: Option<u64> = flags.get("iterations")?;
    let budget_ms: Option<u64> = flags.get("budget-ms")?;
    let uct: Option<f64> = flags.get("uct")?;
    let spawns = flags.text("spawns").map(Spawns::parse).transpose();
    let spawns = spawns.map_err(|e| CliError(format!("--{e}")))?;
    let tree_depth: Option<u32> = flags.get("tree-depth")?;
    if depth == Some(0) {
        return Err(CliError("--depth: must be at least 1".into()));
    }
    let budget = match (iterations, budget_ms) {
        (Some(_), Some(_)) => {
            return Err(CliError(
                "--iterations and --budget-ms: give at most one of them".into(),
            ))
        }
        (Some(0), None) => return Err(CliError("--iterations: must be at least 1".into())),
        (Some(n), None) => Budget::Expansions(n),
        (None, Some(ms)) => Budget::Millis(ms),
        (None, None) => Budget::ToDepth,
    };
    let algo = Algorithm::parse(&algo).map_err(|e| CliError(format!("--{e}")))?;
    let searchless = depth.is_some() || !matches!(budget, Budget::ToDepth);
    if uct.is_some() && algo != Algorithm::Mcts {
        return Err(CliError(format!(
            "--uct: only MCTS has an exploration constant, not --algo {}",
            algo.name()
        )));
    }
    if spawns.is_some() && algo != Algorithm::Mcts {
        return Err(CliError(format!(
            "--spawns: only MCTS has a tree over spawns, not --algo {}",
            algo.name()
        )));
    }
    if tree_depth.is_some() && algo != Algorithm::Mcts {
        return Err(CliError(format!(
            "--tree-depth: only MCTS has a tree depth, not --algo {}",
            algo.name()
        )));
    }
    let spec = AgentSpec {
        algo,
        depth,
        limits: SEARCH_LIMITS,
        ..AgentSpec::default()
    };
    match algo {
        Algorithm::Random | Algorithm::Greedy if searchless => Err(CliError(format!(
            "--algo {}: takes no --depth, --iterations or --budget-ms",
            algo.name()
        ))),
        Algorithm::Random | Algorithm::Greedy => Ok((spec, budget)),
        Algorithm::Mcts if depth.is_some() => Err(CliError(
            "--depth: MCTS takes no depth (its rollouts run to the end of the game)".into(),
        )),
        Algorithm::Mcts => {
            let spec = AgentSpec {
                uct: uct.unwrap_or(spec.uct),
                spawns: spawns.unwrap_or(spec.spawns),
                tree_depth,
                ..spec
            };
            spec.validate().map_err(|e| CliError(format!("--{e}")))?;
            let budget = match budget {
                Budget::ToDepth => Budget::Millis(MCTS_DEFAULT_MS),
                other => other,
            };
            Ok((spec, budget))
        }
        Algorithm::Expectimax => {
            let depth = match (depth, budget) {
                (None, Budget::Millis(_)) => Some(TIME_MODE_MAX_DEPTH),
                _ => depth,
            };
            // Searching to its depth, only the final iteration counts.
            let iterative = !matches!(budget, Budget::ToDepth);
            let spec = AgentSpec {
                depth,
                iterative,
                ..spec
            };
            spec.validate().map_err(|e| CliError(format!("--{e}")))?;
            Ok((spec, budget))
        }
    }
}

/// Plays one game to its end, or until a tile of `until_tile` appears, from `episode`; calls
/// `moved` after every move. For a time budget, each move thinks in slices until the time is
/// up (so such games depend on the machine's speed).
fn play_game(
    mut episode: Episode,
    spec: AgentSpec,
    budget: Budget,
    until_tile: Option<u64>,
    mut moved: impl FnMut(&Episode) -> CliResult<()>,
) -> CliResult<Episode> {
    let reached = |e: &Episode| until_tile.is_some_and(|t| e.game().board().max_tile() >= t);
    while !episode.is_over() && !reached(&episode) {
        match budget {
            Budget::Millis(ms) => {
                let slice = if spec.algo == Algorithm::Mcts {
                    64
                } else {
                    2_000
                };
                let start = Instant::now();
                while !episode.think(slice).is_finished()
                    && start.elapsed().as_millis() < u128::from(ms)
                {}
            }
            // The same thinking as `Episode::step`, one move at a time.
            Budget::ToDepth | Budget::Expansions(_) => {
                episode.think(per_move(budget));
            }
        }
        episode.play();
        moved(&episode)?;
    }
    Ok(episode)
}

/// The work units one move may spend (`u64::MAX`: until its search finishes or time is up).
fn per_move(budget: Budget) -> u64 {
    match budget {
        Budget::Expansions(n) => n,
        Budget::ToDepth | Budget::Millis(_) => u64::MAX,
    }
}

/// What identifies a run for `--checkpoint`: the agent, the budget, the series and the range.
fn run_settings(
    spec: AgentSpec,
    budget: Budget,
    seed: u64,
    games: u64,
    start_game: u64,
    until_tile: Option<u64>,
) -> serde_json::Map<String, serde_json::Value> {
    let mut settings = serde_json::Map::new();
    settings.insert("algo".into(), json!(spec.algo.name()));
    settings.insert("depth".into(), json!(spec.depth));
    settings.insert("cutoff".into(), json!(spec.min_probability));
    settings.insert("iterative".into(), json!(spec.iterative));
    settings.insert("uct".into(), json!(spec.uct));
    settings.insert("spawns".into(), json!(spec.spawns.name()));
    // Only when set, so that checkpoints written before the setting existed still match.
    if let Some(depth) = spec.tree_depth {
        settings.insert("tree_depth".into(), json!(depth));
    }
    let budget = match budget {
        Budget::ToDepth => json!("to depth"),
        Budget::Expansions(n) => json!({ "iterations": n }),
        Budget::Millis(ms) => json!({ "budget_ms": ms }),
    };
    settings.insert("budget".into(), budget);
    settings.insert("seed".into(), json!(seed));
    settings.insert("games".into(), json!(games));
    settings.insert("start_game".into(), json!(start_game));
    settings.insert("until_tile".into(), json!(until_tile));
    settings
}

fn play(flags: &Flags) -> CliResult<()> {
    let (mut spec, budget) = policy_from(flags)?;
    let games: u64 = flags.require("games")?;
    let seed: u64 = flags.require("seed")?;
    let until_tile: Option<u64> = flags.get("until-tile")?;
    let start_game: u64 = flags.get_or("start-game", 0)?;
    let checkpoint_path: Option<String> = flags.get("checkpoint")?;
    if let Some(cutoff) = flags.get::<f64>("cutoff")? {
        if spec.algo != Algorithm::Expectimax {
            return Err(CliError("--cutoff: only expectimax takes it".into()));
        }
        spec.min_probability = cutoff;
        spec.validate().map_err(|e| CliError(format!("--{e}")))?;
    }
    flags.finish()?;
    let mut checkpoint = match &checkpoint_path {
        Some(path) => {
            let settings = run_settings(spec, budget, seed, games, start_game, until_tile);
            Some(Checkpoint::open(std::path::Path::new(path), settings)?)
        }
        None => None,
    };
    let mut scores = Vec::new();
    let mut max_tiles = Vec::new();
    let started = Instant::now();
    for i in start_game..start_game.saturating_add(games) {
        if let Some(line) = checkpoint.as_ref().and_then(|c| c.finished_line(i)) {
            let field = |name: &str| {
                line.get(name)
                    .and_then(serde_json::Value::as_u64)
                    .ok_or_else(|| CliError(format!("--checkpoint: game {i}'s line has no {name}")))
            };
            scores.push(field("score")?);
            max_tiles.push(field("max_tile")?);
            continue;
        }
        let game_seed = if start_game == 0 {
            game_seed(seed, games, i)
        } else {
            Rng::derive(seed, i)
        };
        let under_way = checkpoint.as_ref().and_then(|c| c.under_way(i));
        let episode = match under_way {
            Some(saved) if saved.seed != game_seed => {
                return Err(CliError(format!(
                    "--checkpoint: its game {i} has seed {}, the series gives {game_seed}",
                    saved.seed
                )))
            }
            Some(saved) => Episode::resume(spec, per_move(budget), &saved.episode)
                .map_err(|e| CliError(format!("--checkpoint: game {i}: {e}")))?,
            None => Episode::new(spec, game_seed, per_move(budget))
                .map_err(|e| CliError(format!("--{e}")))?,
        };
        let earlier_seconds = under_way.map_or(0.0, |saved| saved.seconds);
        let start = Instant::now();
        let episode = play_game(episode, spec, budget, until_tile, |episode| {
            match (&mut checkpoint, episode.snapshot()) {
                (Some(checkpoint), Some(snapshot)) => checkpoint.moved(GameUnderWay {
                    game: i,
                    seed: game_seed,
                    seconds: earlier_seconds + start.elapsed().as_secs_f64(),
                    episode: snapshot,
                }),
                _ => Ok(()),
            }
        })?;
        let game = episode.game();
        let max_tile = game.board().max_tile();
        let seconds = earlier_seconds + start.elapsed().as_secs_f64();
        let line = json!({
            "game": i,
            "seed": game_seed,
            "score": game.score(),
            "max_tile": max_tile,
            "over": episode.is_over(),
            "moves": episode.moves(),
            "nodes": episode.work(),
            "seconds": seconds,
            "ms_per_move": 1000.0 * seconds / episode.moves().max(1) as f64,
        });
        print_line(&line)?;
        if let Some(checkpoint) = &mut checkpoint {
            checkpoint.finished(line)?;
        }
        scores.push(game.score());
        max_tiles.push(max_tile);
    }
    print_line(summary(
        &scores,
        &max_tiles,
        started.elapsed().as_secs_f64(),
    ))?;
    checkpoint.map_or(Ok(()), Checkpoint::complete)
}

fn summary(scores: &[u64], max_tiles: &[u64], seconds: f64) -> serde_json::Value {
    let n = scores.len();
    let mean = if n == 0 {
        0.0
    } else {
        scores.iter().sum::<u64>() as f64 / n as f64
    };
    let mut sorted = scores.to_vec();
    sorted.sort_unstable();
    let median = match n {
        0 => 0.0,
        _ if n % 2 == 1 => sorted[n / 2] as f64,
        _ => (sorted[n / 2 - 1] + sorted[n / 2]) as f64 / 2.0,
    };
    let share = |tile: u64| {
        let reached = max_tiles.iter().filter(|&&t| t >= tile).count();
        if n == 0 {
            0.0
        } else {
            reached as f64 / n as f64
        }
    };
    let mut counts = std::collections::BTreeMap::new();
    for &t in max_tiles {
        *counts.entry(t.to_string()).or_insert(0u64) += 1;
    }
    json!({"summary": {
        "games": n,
        "mean_score": mean,
        "median_score": median,
        "reached": {
            "1024": share(1024), "2048": share(2048), "4096": share(4096),
            "8192": share(8192), "16384": share(16384), "32768": share(32768),
        },
        "max_tile_counts": counts,
        "seconds": seconds,
    }})
}

fn bench(flags: &Flags) -> CliResult<()> {
    let millis: u64 = flags.get_or("millis", 2000)?;
    let seed: u64 = flags.get_or("seed", 1)?;
    let depth: Option<u32> = flags.get("depth")?;
    let min_probability: f64 = flags.get_or("cutoff", Config::default().min_probability)?;
    let only = flags.text("only").map(str::to_string);
    flags.finish()?;
    if depth == Some(0) {
        return Err(CliError("--depth: must be at least 1".into()));
    }
    let wanted = |part: &str| only.as_deref().map_or(true, |o| o == part);
    if let Some(o) = only.as_deref() {
        if !["slides", "rollouts", "expectimax", "mcts"].contains(&o) {
            return Err(CliError(format!(
                "--only: unknown part '{o}' (expected slides, rollouts, expectimax or mcts)"
            )));
        }
    }
    let mut rng = Rng::new(seed);
    if wanted("slides") {
        bench_slides(&mut rng, millis)?;
    }
    if wanted("rollouts") {
        bench_rollouts(&mut rng, millis)?;
    }
    if wanted("expectimax") {
        bench_expectimax(seed, depth, min_probability, millis)?;
    }
    if wanted("mcts") {
        bench_mcts(seed, millis)?;
    }
    Ok(())
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

/// Expectimax as `play` runs it (cache on, adaptive depth unless `depth`) over the positions of
/// [`middle_game_positions`], whole rounds until `millis` pass. Reports nodes (generated states:
/// every child valued, found in the cache or expanded) per second of wall time and per second
/// of this thread's CPU time (Linux `/proc/thread-self/schedstat`; null elsewhere).
fn bench_expectimax(
    seed: u64,
    depth: Option<u32>,
    min_probability: f64,
    millis: u64,
) -> CliResult<()> {
    let evaluator = Evaluator::shared();
    let positions = middle_game_positions(seed);
    let mut search = Expectimax::new(
        G2048::start(),
        |g: &G2048| evaluator.value(g),
        Config::default(),
    )
    .with_key(G2048::key);
    let cpu_start = thread_cpu_seconds();
    let start = Instant::now();
    let (mut searches, mut expanded, mut generated, mut hits) = (0u64, 0u64, 0u64, 0u64);
    loop {
        for position in &positions {
            let max_depth = depth.unwrap_or_else(|| {
                adaptive_depth(position, ADAPTIVE_MIN_DEPTH, ADAPTIVE_MAX_DEPTH)
            });
            let config = Config {
                max_depth,
                first_depth: max_depth,
                min_probability,
                limits: SEARCH_LIMITS,
                ..Config::default()
            };
            search.restart(*position, config);
            while !search.step(u64::MAX).is_finished() {}
            let stats = search.stats();
            searches += 1;
            expanded += stats.expanded;
            generated += stats.generated;
            hits += search.cache_hits();
        }
        if start.elapsed().as_millis() >= u128::from(millis) {
            break;
        }
    }
    let seconds = start.elapsed().as_secs_f64();
    let cpu = match (cpu_start, thread_cpu_seconds()) {
        (Some(a), Some(b)) if b > a => Some(b - a),
        _ => None,
    };
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
    let cpu = match (cpu_start, thread_cpu_seconds()) {
        (Some(a), Some(b)) if b > a => Some(b - a),
        _ => None,
    };
    print_line(json!({"bench": "mcts", "positions": positions.len(),
        "playouts_per_search": PLAYOUTS, "playouts": playouts,
        "seconds": seconds, "cpu_seconds": cpu,
        "playouts_per_second": playouts as f64 / seconds,
        "playouts_per_cpu_second": cpu.map(|c| playouts as f64 / c)}))
}

/// `speed --seed S --playouts N`: the native side of the wasm-versus-native comparison
/// (`tests/e2e/bench-2048.mjs` runs `bench2048Mcts` in Chromium with the same arguments). One
/// measurement of `speed::g2048_course_mcts(S, N)`, the making of its positions included.
fn speed(flags: &Flags) -> CliResult<()> {
    let seed: u64 = flags.get_or("seed", 1)?;
    let playouts: u64 = flags.get_or("playouts", 10_000)?;
    flags.finish()?;
    if playouts == 0 {
        return Err(CliError("--playouts: must be at least 1".into()));
    }
    let began = Instant::now();
    let run = g2048_course_mcts(seed, playouts);
    let ms = began.elapsed().as_secs_f64() * 1e3;
    print_line(
        json!({"ms": ms, "searches": run.searches, "playouts": run.playouts,
        "checksum": run.checksum.to_string()}),
    )
}

/// This thread's CPU time in seconds, from Linux's `/proc/thread-self/schedstat`.
fn thread_cpu_seconds() -> Option<f64> {
    let text = std::fs::read_to_string("/proc/thread-self/schedstat").ok()?;
    let nanos: u64 = text.split_whitespace().next()?.parse().ok()?;
    Some(nanos as f64 * 1e-9)
}
