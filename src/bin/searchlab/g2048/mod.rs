//! `searchlab 2048`: batches of games, benchmarks and the study of MCTS's decisions. One file
//! per command (`play.rs` with `checkpoint.rs`, whose format and checks are
//! `searchlab::agents::g2048::checkpoint`, `bench.rs`, `speed.rs`, `decisions.rs`,
//! `decide.rs`); the agent's flags in `agent_flags.rs`.

mod agent_flags;
mod bench;
mod checkpoint;
mod decide;
mod decisions;
mod play;
mod speed;

use clap::Subcommand;

use crate::args::CliResult;
use crate::GameCli;

/// The `2048` commands.
#[derive(Subcommand)]
pub enum G2048Command {
    /// Play a batch of seeded games with one agent: one JSON line per game, then a summary
    Play(play::PlayFlags),
    /// Time table slides, random rollouts, expectimax and the course's MCTS
    Bench(bench::BenchFlags),
    /// One expectimax decision on each board of a file (nneonneo's board_t), timed in CPU
    Decide(decide::DecideFlags),
    /// The native side of the wasm-versus-native comparison: the course MCTS's playouts
    Speed(speed::SpeedFlags),
    /// How good the course MCTS's single moves are, judged by expectimax, per budget and UCT
    /// constant
    Decisions(decisions::DecisionsFlags),
}

impl GameCli for G2048Command {
    const NAME: &'static str = "2048";
    const ABOUT: &'static str = "2048: batches of games by MCTS, expectimax and baselines";

    fn run(self) -> CliResult<()> {
        match self {
            G2048Command::Play(flags) => flags.run(),
            G2048Command::Bench(flags) => flags.run(),
            G2048Command::Decide(flags) => flags.run(),
            G2048Command::Speed(flags) => flags.run(),
            G2048Command::Decisions(flags) => flags.run(),
        }
    }
}
