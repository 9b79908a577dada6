//! What `sumzero play` and `sumzero solve` work out and print, from options the flags filled
//! ([`PlayOptions`], [`SolveOptions`]).

use serde::Serialize;

use searchlab::agents::sumzero::{play_game, AgentSpec, Algorithm, Decision};
use searchlab::game::Game;
use searchlab::games::sumzero::solve::Optimum;
use searchlab::games::sumzero::SumZero;

use crate::args::CliResult;

/// What `play` needs.
#[derive(Clone, Debug)]
pub struct PlayOptions {
    /// The agent.
    pub spec: AgentSpec,
    /// Work per move (MCTS iterations; the exhaustive agent needs none).
    pub iterations: u64,
    /// The game's seed.
    pub seed: u64,
    /// The state the game starts from.
    pub from: SumZero,
}

/// What `solve` needs.
#[derive(Clone, Debug)]
pub struct SolveOptions {
    /// The state to solve.
    pub from: SumZero,
}

/// What `play` prints.
#[derive(Serialize)]
pub struct PlayReport {
    algo: &'static str,
    /// UCT's constant (MCTS only).
    uct: Option<f64>,
    /// Work per move (MCTS only).
    iterations: Option<u64>,
    seed: u64,
    /// The amounts played, as the game's text form (from the start, `--moves` included).
    moves: String,
    final_sum: i32,
    /// The reward at the end (0 if the game stopped early).
    reward: f64,
    /// The best reward reachable from where play began.
    optimal_value: f64,
    /// `optimal_value − reward`, the sum of the moves' regrets.
    regret: f64,
    decisions: Vec<Decision>,
}

/// One action's optimal value.
#[derive(Serialize)]
pub struct ActionValue {
    action: u32,
    amount: i32,
    value: f64,
}

/// What `solve` prints.
#[derive(Serialize)]
pub struct SolveReport {
    /// The state solved, as the game's text form.
    from: String,
    /// The best reward reachable.
    value: f64,
    /// The smallest `|final sum|` reachable.
    closest_final_sum: u32,
    /// An optimal line from the state, as amounts (the lowest-index optimal action at each
    /// turn; empty at the end).
    optimal_line: String,
    /// Lines of play from the state that reach the best reward.
    optimal_lines: u64,
    /// Lines of play from the state in all: 4^(turns left).
    lines: u64,
    /// (Turns left, sum) entries the exhaustive search solved.
    solved_entries: u64,
    action_values: Vec<ActionValue>,
}

/// Plays one game as `options` say.
pub fn play(options: &PlayOptions) -> CliResult<PlayReport> {
    let spec = &options.spec;
    let game = play_game(spec, &options.from, options.seed, options.iterations)?;
    let optimal_value = Optimum::solve().value(&options.from);
    let reward = game.end.returns(0);
    let is_mcts = spec.algo == Algorithm::Mcts;
    Ok(PlayReport {
        algo: spec.algo.name(),
        uct: is_mcts.then_some(spec.uct),
        iterations: is_mcts.then_some(options.iterations),
        seed: options.seed,
        moves: game.end.to_string(),
        final_sum: game.end.sum(),
        reward,
        optimal_value,
        regret: optimal_value - reward,
        decisions: game.decisions,
    })
}

/// The optimum from `options.from`.
pub fn solve(options: &SolveOptions) -> SolveReport {
    let optimum = Optimum::solve();
    let from = options.from;
    let played = from.moves().count();
    let end = optimum
        .optimal_line(&from)
        .into_iter()
        .fold(from, |state, action| state.child(action));
    let line: Vec<String> = end.amounts()[played..]
        .iter()
        .map(|amount| format!("{amount:+}"))
        .collect();
    let turn = from.turns_left();
    SolveReport {
        from: from.to_string(),
        value: optimum.value(&from),
        closest_final_sum: optimum.closest_final_sum(&from),
        optimal_line: line.join(" "),
        optimal_lines: optimum.optimal_line_count(&from),
        lines: 4u64.pow(u32::from(turn)),
        solved_entries: optimum.solved_entries(),
        action_values: optimum
            .action_values(&from)
            .into_iter()
            .map(|(action, value)| ActionValue {
                action: action.index(),
                amount: action.amount(turn),
                value,
            })
            .collect(),
    }
}
