//! `searchlab 2048 play --games N --seed S [agent flags] [--start-game K] [--until-tile T]
//! [--checkpoint FILE]`: a batch of games by one agent (its flags: `agent_flags.rs`), one JSON
//! line per game, then a summary line.
//!
//! Game `i` (from 0) plays with seed `S` itself when `--games 1`, and with `Rng::derive(S, i)`
//! otherwise; each line prints that seed, so `--games 1 --seed <printed seed>` (same other
//! flags) replays game `i` exactly. Within a game, spawns draw from `Rng::new(seed)` (see
//! `G2048::sample_spawn`) and the agent from `Rng::new(Rng::derive(seed, 1))`
//! (`searchlab::agents::g2048::Episode`, which the page's batch mode plays too).
//!
//! `--until-tile T` ends a game once a tile of `T` appears (`\"over\": false` in its line);
//! `--start-game K` plays games `K..K+N` of the series `S` (seeds `Rng::derive(S, i)`), so one
//! series can be split over processes. `--checkpoint FILE` lets a long run stop (killed, or the
//! machine turned off) and carry on: the same command again skips the games finished, resumes
//! the one under way from its last saved move and prints the summary of the whole range (see
//! `checkpoint.rs`). A game's `nodes` are its searches' work units: expectimax's expanded nodes
//! (each generates about 3.8 states; `2048 bench` and `2048 decide` count both), MCTS's playouts.

use std::time::Instant;

use clap::Args;
use searchlab::agents::g2048::{game_seed, AgentSpec, Algorithm, Episode};
use searchlab::rng::Rng;
use serde_json::json;

use super::agent_flags::{Budget, G2048AgentFlags};
use super::checkpoint::Checkpoint;
use crate::args::{print_line, spec_error, CliError, CliResult};
use crate::flag_ranges::{G2048_GAMES, SEED, START_GAME, UNTIL_TILE};
use searchlab::agents::g2048::checkpoint::{FinishedGame, GameUnderWay, Series};

/// The flags of `2048 play`.
#[derive(Args)]
pub struct PlayFlags {
    #[command(flatten)]
    agent: G2048AgentFlags,
    #[arg(long, value_name = "N", value_parser = G2048_GAMES,
          help = G2048_GAMES.help("Games to play"))]
    games: u64,
    #[arg(long, value_name = "S", value_parser = SEED,
          help = SEED.help("The series' seed (with --games 1, the game's own seed)"))]
    seed: u64,
    #[arg(long, value_name = "K", default_value_t = 0, value_parser = START_GAME,
          help = START_GAME.help("Play games K..K+N of the series, so that one series can be split over processes"))]
    start_game: u64,
    #[arg(long, value_name = "T", value_parser = UNTIL_TILE,
          help = UNTIL_TILE.help("End a game once a tile of T appears"))]
    until_tile: Option<u64>,
    /// Save the run here as it plays; the same command again carries it on from there
    #[arg(long, value_name = "FILE")]
    checkpoint: Option<String>,
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
                episode.think(budget.per_move());
            }
        }
        episode.play();
        moved(&episode)?;
    }
    Ok(episode)
}

/// The seed of game `i` of the series `seed` played as games `start_game..start_game + games`:
/// as a batch from 0 ([`game_seed`]), else `Rng::derive(seed, i)`.
fn series_seed(seed: u64, games: u64, start_game: u64, i: u64) -> u64 {
    if start_game == 0 {
        game_seed(seed, games, i)
    } else {
        Rng::derive(seed, i)
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

impl PlayFlags {
    /// Plays the games and prints their lines and the summary.
    pub fn run(self) -> CliResult<()> {
        let (spec, budget) = self.agent.policy()?;
        let PlayFlags {
            games,
            seed,
            start_game,
            until_tile,
            checkpoint: checkpoint_path,
            ..
        } = self;
        let seed_of = |i: u64| series_seed(seed, games, start_game, i);
        let range = start_game..start_game.saturating_add(games);
        let mut checkpoint = match &checkpoint_path {
            Some(path) => {
                let settings = run_settings(spec, budget, seed, games, start_game, until_tile);
                let series = Series {
                    games: range.clone(),
                    seed_of: &seed_of,
                };
                Some(Checkpoint::open(
                    std::path::Path::new(path),
                    settings,
                    &series,
                )?)
            }
            None => None,
        };
        let mut scores = Vec::new();
        let mut max_tiles = Vec::new();
        let started = Instant::now();
        for i in range {
            if let Some(done) = checkpoint.as_ref().and_then(|c| c.finished_game(i)) {
                scores.push(done.score);
                max_tiles.push(done.max_tile);
                continue;
            }
            let game_seed = seed_of(i);
            let under_way = checkpoint.as_ref().and_then(|c| c.under_way(i));
            let episode = match under_way {
                // `Checkpoint::open` checked its seed and position.
                Some(saved) => Episode::resume(spec, budget.per_move(), &saved.episode)
                    .map_err(|e| CliError(format!("--checkpoint: game {i}: {e}")))?,
                None => Episode::new(spec, game_seed, budget.per_move()).map_err(spec_error)?,
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
                let result = FinishedGame {
                    score: game.score(),
                    max_tile,
                };
                checkpoint.finished(i, result, line)?;
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
}

fn summary(scores: &[u64], max_tiles: &[u64], seconds: f64) -> serde_json::Value {
    let n = scores.len();
    let mean = if n == 0 {
        0.0
    } else {
        // In u128: a sum of u64 scores cannot wrap there.
        scores.iter().map(|&s| u128::from(s)).sum::<u128>() as f64 / n as f64
    };
    let mut sorted = scores.to_vec();
    sorted.sort_unstable();
    let median = match n {
        0 => 0.0,
        _ if n % 2 == 1 => sorted[n / 2] as f64,
        _ => (u128::from(sorted[n / 2 - 1]) + u128::from(sorted[n / 2])) as f64 / 2.0,
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
