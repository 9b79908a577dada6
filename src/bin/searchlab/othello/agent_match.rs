//! `searchlab othello match --black AGENT --white AGENT --games N --seed S [--ms-per-move 1000]
//! [--random-plies 4]`: games between two agents (AGENT: `agent_flags::agent_grammar`), one JSON
//! line each, then a summary per agent.
//!
//! Game `i` plays a random opening of K plies drawn from game `i / 2`'s seed (so each opening
//! is played once with each colour assignment); the agents swap colours when `i` is odd.

use std::time::{Duration, Instant};

use clap::Args;
use searchlab::agents::othello::{AgentSpec, Budget};
use searchlab::game::Game;
use searchlab::games::othello::{Move, Othello};
use searchlab::rng::Rng;
use searchlab::search::{run_to_end, Search};
use serde_json::json;

use super::agent_flags::OthelloAgentFlags;
use crate::args::{print_line, CliError, CliResult};
use crate::flag_ranges::{OTHELLO_GAMES, RANDOM_PLIES, SEED};

/// The flags of `othello match`.
#[derive(Args)]
pub struct MatchFlags {
    #[command(flatten)]
    agents: OthelloAgentFlags,
    #[arg(long, value_name = "N", value_parser = OTHELLO_GAMES,
          help = OTHELLO_GAMES.help("Games to play; the agents swap colours after each"))]
    games: u32,
    #[arg(long, value_name = "S", value_parser = SEED,
          help = SEED.help("Seed of the openings and of the agents' moves"))]
    seed: u64,
    #[arg(long, value_name = "K", default_value_t = 4, value_parser = RANDOM_PLIES,
          help = RANDOM_PLIES.help("Random plies that open each game (each opening is played with both colour assignments)"))]
    random_plies: u32,
}

/// What an agent reports about one move.
#[derive(Default)]
struct MoveReport {
    nodes: u64,
    depth: u32,
    solved: bool,
}

/// An agent during a match: its settings and the RNG its moves' seeds come from.
struct Agent {
    spec: AgentSpec,
    rng: Rng,
}

/// Nodes per slice of a search under a time budget.
const SLICE_NODES: u64 = 1 << 14;

impl Agent {
    fn new(spec: AgentSpec, seed: u64) -> Agent {
        Agent {
            spec,
            rng: Rng::new(seed),
        }
    }

    /// Thinks about `state` under the agent's budget and returns its move.
    fn choose(&mut self, state: &Othello) -> CliResult<(Move, MoveReport)> {
        let mut thinking = self
            .spec
            .think(state, self.rng.next_u64())
            .map_err(|error| CliError(format!("agent '{}': {error}", self.spec.to_text())))?;
        match self.spec.budget {
            // A node budget ends the thinking by itself.
            Budget::Depth(_) | Budget::Nodes(_) => {
                run_to_end(&mut thinking, u64::MAX);
            }
            Budget::Millis(ms) => {
                let budget = Duration::from_millis(ms);
                let start = Instant::now();
                while !thinking.step(SLICE_NODES).is_finished()
                    && (thinking.solving() || start.elapsed() < budget)
                {}
            }
        }
        let report = thinking.report();
        let mv = thinking
            .best_action()
            .ok_or_else(|| CliError("an agent was asked to move in a finished game".into()))?;
        Ok((
            mv,
            MoveReport {
                nodes: report.tree.nodes,
                depth: report.depth,
                solved: report.exact,
            },
        ))
    }
}

/// Per-agent tallies over a match.
#[derive(Default)]
struct Tally {
    wins: u32,
    losses: u32,
    draws: u32,
    disc_difference: i64,
    nodes: u64,
    moves: u64,
}
impl MatchFlags {
    /// Plays the games and prints one line each, then the summary.
    pub fn run(self) -> CliResult<()> {
        let MatchFlags {
            agents,
            games,
            seed,
            random_plies,
        } = self;
        let specs = agents.specs()?;
        let mut tallies = [Tally::default(), Tally::default()];
        for game in 0..games {
            let swapped = game % 2 == 1;
            // Index into `specs` of the agent playing Black and White.
            let (black, white) = if swapped { (1, 0) } else { (0, 1) };
            let mut agents = [
                Agent::new(specs[black], Rng::derive(seed, u64::from(game) * 2)),
                Agent::new(specs[white], Rng::derive(seed, u64::from(game) * 2 + 1)),
            ];
            let mut opening_rng = Rng::new(Rng::derive(seed, 1 << 32 | u64::from(game / 2)));
            let mut state = Othello::start();
            let mut played = Vec::new();
            let mut moves = Vec::new();
            let mut time_ms = [0.0f64; 2];
            let mut nodes = [0u64; 2];
            let mut solved_from = [None::<u32>; 2];
            while !state.is_terminal() {
                let side = state.side().player();
                let mv = if (played.len() as u32) < random_plies {
                    state.legal_actions(&mut moves);
                    moves[opening_rng.index(moves.len())]
                } else {
                    let start = Instant::now();
                    let (mv, report) = agents[side].choose(&state)?;
                    time_ms[side] += start.elapsed().as_secs_f64() * 1000.0;
                    nodes[side] += report.nodes;
                    if report.solved && solved_from[side].is_none() {
                        solved_from[side] = Some(report.depth);
                    }
                    tallies[if side == 0 { black } else { white }].moves += 1;
                    mv
                };
                state.try_apply(mv).map_err(|error| {
                    CliError(format!("game {game}: agent played {mv}: {error}"))
                })?;
                played.push(mv.to_string());
            }
            let score = state.black_score();
            let winner = match score.signum() {
                1 => "black",
                -1 => "white",
                _ => "draw",
            };
            for (agent, sign) in [(black, 1), (white, -1)] {
                let tally = &mut tallies[agent];
                let own = score * sign;
                match own.signum() {
                    1 => tally.wins += 1,
                    -1 => tally.losses += 1,
                    _ => tally.draws += 1,
                }
                tally.disc_difference += i64::from(own);
                tally.nodes += nodes[if sign == 1 { 0 } else { 1 }];
            }
            print_line(json!({
                "game": game,
                "black": specs[black].to_text(),
                "white": specs[white].to_text(),
                "black_score": score,
                "winner": winner,
                "moves": played,
                "black_ms": time_ms[0] as u64,
                "white_ms": time_ms[1] as u64,
                "black_nodes": nodes[0],
                "white_nodes": nodes[1],
                "black_solved_from": solved_from[0],
                "white_solved_from": solved_from[1],
            }))?;
        }
        let summary: Vec<_> = specs
            .iter()
            .zip(&tallies)
            .zip([
                "first (--black in even games)",
                "second (--white in even games)",
            ])
            .map(|((spec, tally), role)| {
                json!({
                    "agent": spec.to_text(),
                    "role": role,
                    "wins": tally.wins,
                    "losses": tally.losses,
                    "draws": tally.draws,
                    "disc_difference": tally.disc_difference,
                    "nodes_per_move": tally.nodes / tally.moves.max(1),
                })
            })
            .collect();
        print_line(json!({"summary": {"games": games, "agents": summary}}))?;
        Ok(())
    }
}
