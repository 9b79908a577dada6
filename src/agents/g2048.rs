//! 2048 agents: the course's MCTS, expectimax, greedy and random, with their parameters in one
//! place, and [`Episode`], a whole game played by one agent. The CLI (`searchlab 2048 play`) and
//! the page (hints, auto-play, batches) share them, so a page batch and a `searchlab 2048 play
//! --iterations N` run with the same settings and seed play exactly the same games.
//!
//! One move's thinking is a resumable [`Search`] ([`Agent::build`]): MCTS and expectimax run
//! under a budget of work units (MCTS iterations, expectimax expansions); greedy and random
//! answer at once. Every agent reports a value per root move (`root_action_stats`): MCTS the
//! mean score gained in its playouts, expectimax the expected heuristic value of its deepest
//! completed iteration, greedy the score gained plus the heuristic one move ahead.

pub mod checkpoint;

use serde::{Deserialize, Serialize};

use super::params::G2048 as G2048_PARAMS;
use super::{by_name, check_limits, Agent};
use crate::field_error::check_range;
use crate::field_error::FieldError;
use crate::game::{Game, Turn};
use crate::games::g2048::board::{Board, MAX_EXPONENT};
use crate::games::g2048::eval::{adaptive_depth, Evaluator};
use crate::games::g2048::expectimax::{Decision, PlainExpectimax, Settings};
use crate::games::g2048::reachable;
use crate::games::g2048::{Action, Direction, G2048};
use crate::rng::Rng;

/// Expectimax's chance-probability cutoff: a probability.
pub const CUTOFF: std::ops::RangeInclusive<f64> = 0.0..=1.0;
use crate::search::anytime::{returns_value, RootActionStat};
use crate::search::baseline::{greedy_action, greedy_values, random_action};
use crate::search::expectimax::{Config, Expectimax};
use crate::search::mcts::{Mcts, MctsConfig};
use crate::search::{Limits, NoObserver, Observer, Progress, Search, Stats, Visit};
use std::any::TypeId;

/// The algorithms a 2048 agent can run.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
#[cfg_attr(
    target_arch = "wasm32",
    derive(tsify::Tsify),
    tsify(rename = "Algorithm2048")
)]
pub enum Algorithm {
    /// The course's MCTS: UCT, random rollouts to the end, reward = score gained, best mean.
    Mcts,
    /// Expectimax with the heuristic of `games::g2048::eval`, iterative deepening, a cache.
    Expectimax,
    /// The move with the best score gained plus heuristic, one move ahead.
    Greedy,
    /// A uniformly random legal move.
    Random,
}

impl Algorithm {
    /// Every algorithm, in the order the page lists them.
    pub const ALL: [Algorithm; 4] = [
        Algorithm::Mcts,
        Algorithm::Expectimax,
        Algorithm::Greedy,
        Algorithm::Random,
    ];

    /// The name used in share links and on the command line.
    pub fn name(self) -> &'static str {
        match self {
            Algorithm::Mcts => "mcts",
            Algorithm::Expectimax => "expectimax",
            Algorithm::Greedy => "greedy",
            Algorithm::Random => "random",
        }
    }

    /// The algorithm called `name`.
    pub fn parse(name: &str) -> Result<Algorithm, FieldError> {
        by_name(&Algorithm::ALL, Algorithm::name, name, "algo", "algorithm")
    }

    /// Whether the agent searches under a budget (MCTS and expectimax) rather than answering at
    /// once.
    pub fn searches(self) -> bool {
        matches!(self, Algorithm::Mcts | Algorithm::Expectimax)
    }
}

/// How MCTS's tree treats the spawn after each move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify))]
pub enum Spawns {
    /// The course's open loop: the tree is over moves only, each node's statistics averaging
    /// over the spawns drawn afresh in every playout.
    Averaged,
    /// Closed loop: every spawn drawn gets its own tree node, so the moves below it are chosen
    /// knowing where the tile appeared.
    Branched,
}

impl Spawns {
    /// Both settings, the course's first.
    pub const ALL: [Spawns; 2] = [Spawns::Averaged, Spawns::Branched];

    /// The name used in share links and on the command line.
    pub fn name(self) -> &'static str {
        match self {
            Spawns::Averaged => "averaged",
            Spawns::Branched => "branched",
        }
    }

    /// The setting called `name`.
    pub fn parse(name: &str) -> Result<Spawns, FieldError> {
        by_name(&Spawns::ALL, Spawns::name, name, "spawns", "setting")
    }
}

/// Limits of one move's search on the command line and in the page: no node cap (budgets count
/// work units or time; expectimax stops at its depth) and 256 MiB, so that a page batch plays
/// exactly the games `searchlab 2048 play` plays (each page worker has its own wasm memory).
pub const SEARCH_LIMITS: Limits = Limits {
    max_nodes: u64::MAX,
    max_memory_bytes: 256 << 20,
};

/// The adaptive depth's bounds (4 is nneonneo's floor `max(3, distinct - 2)` in our counting).
pub const ADAPTIVE_MIN_DEPTH: u32 = 4;
/// See [`ADAPTIVE_MIN_DEPTH`].
pub const ADAPTIVE_MAX_DEPTH: u32 = 16;
/// The default chance-probability cutoff: the setting whose strength BENCHMARKS.md measured
/// (nneonneo uses 1e-4, about 5.5 times the work a move).
pub const DEFAULT_MIN_PROBABILITY: f64 = 1e-3;

/// An agent's settings. Fields that do not apply to the chosen algorithm are ignored.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct AgentSpec {
    /// The algorithm.
    pub algo: Algorithm,
    /// Expectimax: the deepest iteration in player moves; `None` adapts it to the board
    /// (`eval::adaptive_depth` from [`ADAPTIVE_MIN_DEPTH`] to [`ADAPTIVE_MAX_DEPTH`]).
    pub depth: Option<u32>,
    /// Expectimax: chance branches less likely than this are evaluated, not searched.
    pub min_probability: f64,
    /// Expectimax: deepen from depth 1 (an answer at every depth, for time budgets) rather than
    /// search once straight to the full depth (a quarter less work when only the end counts).
    pub iterative: bool,
    /// MCTS: UCT's exploration constant K (the course's √2 by default).
    pub uct: f64,
    /// MCTS: whether spawns are averaged over (the course) or branched on in the tree.
    pub spawns: Spawns,
    /// MCTS: the deepest tree node, in moves from the root (`None`: no limit, the course's;
    /// 1: flat Monte Carlo, UCT over the root's moves and random playouts after each).
    pub tree_depth: Option<u32>,
    /// Node and memory limits of one move's search.
    pub limits: Limits,
}

impl Default for AgentSpec {
    /// The course's MCTS agent.
    fn default() -> Self {
        AgentSpec {
            algo: Algorithm::Mcts,
            depth: None,
            min_probability: DEFAULT_MIN_PROBABILITY,
            iterative: true,
            uct: MctsConfig::course_2048().exploration,
            spawns: Spawns::Averaged,
            tree_depth: None,
            limits: Limits::default(),
        }
    }
}

/// Expectimax's evaluation: the shared heuristic with its default weights.
fn evaluate(game: &G2048) -> f64 {
    Evaluator::shared().value(game)
}

impl AgentSpec {
    /// Checks every parameter the algorithm uses, naming the first bad one.
    pub fn validate(&self) -> Result<(), FieldError> {
        match self.algo {
            Algorithm::Expectimax => {
                if let Some(depth) = self.depth {
                    G2048_PARAMS.int("depth", depth)?;
                }
                check_range("cutoff", self.min_probability, CUTOFF)?;
            }
            Algorithm::Mcts => {
                G2048_PARAMS.float("uct", self.uct)?;
                if let Some(depth) = self.tree_depth {
                    // A spec says "no limit" with `None`, where links and the page say 0.
                    let (_, max) = G2048_PARAMS.int_range("tree-depth");
                    check_range("tree-depth", u64::from(depth), 1..=max)?;
                }
            }
            Algorithm::Greedy | Algorithm::Random => {}
        }
        check_limits(&self.limits)
    }
}

impl Agent<G2048> for AgentSpec {
    /// The thinking for one move from `game`. MCTS seeds its search with `seed`, the random
    /// agent draws its move with one `index` of `Rng::new(seed)`; the others draw nothing.
    /// MCTS reports its tree walks to `observer`, expectimax its expansions and evaluations;
    /// greedy and random report nothing.
    fn build<O: Observer<G2048> + 'static>(
        &self,
        game: &G2048,
        seed: u64,
        observer: O,
    ) -> Result<Box<dyn Search<G2048>>, FieldError> {
        self.validate()?;
        Ok(match self.algo {
            Algorithm::Random => Box::new(Answered {
                action: random_action(game, &mut Rng::new(seed)),
                values: Vec::new(),
            }),
            Algorithm::Greedy => Box::new(Answered {
                action: greedy_action(game, evaluate),
                values: greedy_values(game, evaluate)
                    .into_iter()
                    .map(|(action, value)| RootActionStat {
                        index: G2048::action_index(action),
                        visits: 0,
                        value,
                    })
                    .collect(),
            }),
            Algorithm::Expectimax => {
                let max_depth = self.depth.unwrap_or_else(|| {
                    adaptive_depth(game, ADAPTIVE_MIN_DEPTH, ADAPTIVE_MAX_DEPTH)
                });
                let config = Config {
                    max_depth,
                    first_depth: if self.iterative { 1 } else { max_depth },
                    min_probability: self.min_probability,
                    limits: self.limits,
                    ..Config::default()
                };
                let eval: fn(&G2048) -> f64 = evaluate;
                let search = Expectimax::with_observer(*game, eval, config, observer);
                let observed = TypeId::of::<O>() != TypeId::of::<NoObserver>();
                Box::new(ExpectimaxAgent {
                    root: *game,
                    search: search.with_key(G2048::key),
                    plain: (!observed).then_some(Settings {
                        max_depth: config.max_depth,
                        first_depth: config.first_depth,
                        min_probability: config.min_probability,
                        max_memory_bytes: config.limits.max_memory_bytes,
                    }),
                    max_nodes: config.limits.max_nodes,
                    decided: None,
                })
            }
            Algorithm::Mcts => {
                let config = MctsConfig {
                    exploration: self.uct,
                    limits: self.limits,
                    chance_nodes: self.spawns == Spawns::Branched,
                    max_tree_depth: self.tree_depth,
                    ..MctsConfig::course_2048()
                };
                let search = Mcts::with_observer(*game, config, seed, returns_value, observer)
                    .map_err(|e| FieldError::new(e.field, e.reason))?;
                Box::new(search)
            }
        })
    }
}

/// Work units a move's search has spent: MCTS iterations or expectimax expansions (0 for the
/// agents that do not search).
pub fn work_done(algo: Algorithm, stats: &Stats) -> u64 {
    match algo {
        Algorithm::Mcts => stats.iterations,
        Algorithm::Expectimax => stats.expanded,
        Algorithm::Greedy | Algorithm::Random => 0,
    }
}

/// Greedy and random: the answer is known at once.
struct Answered {
    action: Option<Action>,
    values: Vec<RootActionStat>,
}

impl Search<G2048> for Answered {
    fn step(&mut self, _budget: u64) -> Progress {
        Progress::Solved
    }
    fn best_action(&self) -> Option<Action> {
        self.action
    }
    fn principal_variation(&self) -> Vec<Action> {
        self.action.into_iter().collect()
    }
    fn stats(&self) -> Stats {
        Stats::default()
    }
    /// Greedy: each move's score gained plus heuristic (visits 0). Random: nothing.
    fn root_action_stats(&self) -> Vec<RootActionStat> {
        self.values.clone()
    }
}

/// Expectimax with a fallback: until depth 1 completes, the greedy move. A search that nothing
/// observes and that is asked to run to its end in one step (`play` without a budget) is made
/// by [`PlainExpectimax`] where it applies: the same tree, values and counters as the generic
/// search, at a fraction of its cost per node.
struct ExpectimaxAgent<O> {
    root: G2048,
    search: Expectimax<G2048, fn(&G2048) -> f64, O>,
    /// The specialised search's settings, when it may stand in (no observer).
    plain: Option<Settings>,
    /// The generic search's cap on expansions: a decision that needs more is left to it (it
    /// stops at the cap where the specialised search would not).
    max_nodes: u64,
    /// Its decision, once made.
    decided: Option<Decision>,
}

thread_local! {
    /// The specialised search of the agents on this thread, kept so its table is allocated once.
    static PLAIN: std::cell::RefCell<PlainExpectimax<'static>> =
        std::cell::RefCell::new(PlainExpectimax::new(Evaluator::shared()));
}

impl<O: Observer<G2048>> ExpectimaxAgent<O> {
    /// The specialised search's decision if it may make this one: nothing observes, the step
    /// runs the whole search, nothing of it has run yet, and the whole search keeps within the
    /// cap on expansions (below it the generic search never meets the cap, so it would have
    /// made the same decision).
    fn decide_at_once(&self, budget: u64) -> Option<Decision> {
        let settings = self.plain?;
        if budget != u64::MAX || self.search.stats().expanded > 0 {
            return None;
        }
        PLAIN
            .with(|plain| plain.borrow_mut().decide(self.root.board(), settings))
            .filter(|decision| decision.expanded <= self.max_nodes)
    }
}

impl<O: Observer<G2048>> Search<G2048> for ExpectimaxAgent<O> {
    fn step(&mut self, budget: u64) -> Progress {
        if self.decided.is_some() {
            return Progress::Solved;
        }
        if self.root.player_to_move() {
            if let Some(decision) = self.decide_at_once(budget) {
                self.decided = Some(decision);
                return Progress::Solved;
            }
        }
        self.search.step(budget)
    }
    fn best_action(&self) -> Option<Action> {
        match &self.decided {
            Some(decision) => decision.best.map(Action::Move),
            None => self.search.best_action(),
        }
        .or_else(|| greedy_action(&self.root, evaluate))
    }
    fn principal_variation(&self) -> Vec<Action> {
        match &self.decided {
            Some(decision) => decision.best.map(Action::Move).into_iter().collect(),
            None => self.search.principal_variation(),
        }
    }
    fn stats(&self) -> Stats {
        match &self.decided {
            Some(decision) => Stats {
                expanded: decision.expanded,
                generated: decision.generated,
                max_frontier: decision.max_frontier,
                max_depth: decision.max_depth,
                stored: decision.stored,
                iterations: decision.iterations,
            },
            None => self.search.stats(),
        }
    }
    /// Each move's value in the deepest completed iteration (visits 0).
    fn root_action_stats(&self) -> Vec<RootActionStat> {
        let stat = |action: Action, value: f64| RootActionStat {
            index: G2048::action_index(action),
            visits: 0,
            value,
        };
        match &self.decided {
            Some(decision) => Direction::ALL
                .iter()
                .filter_map(|&d| decision.values[d as usize].map(|v| stat(Action::Move(d), v)))
                .collect(),
            None => self
                .search
                .root_values()
                .iter()
                .map(|&(action, value)| stat(action, value))
                .collect(),
        }
    }
}

/// Counts the players' nodes the generic search expands (for [`Decision::expanded_players`]).
#[derive(Default)]
struct PlayersExpanded(u64);

impl Observer<G2048> for PlayersExpanded {
    fn expanded(&mut self, state: &G2048, _visit: Visit) {
        if matches!(state.turn(), Turn::Player(_)) {
            self.0 += 1;
        }
    }
}

/// One whole expectimax decision at a time with the shared evaluation, as `play`'s expectimax
/// agent would make it: by [`PlainExpectimax`] where it applies, else by the generic search with
/// the same settings (the same tree and values, at a higher cost per node). Keeps the
/// specialised search's table from one decision to the next.
pub struct ExpectimaxDecider {
    plain: PlainExpectimax<'static>,
}

impl Default for ExpectimaxDecider {
    fn default() -> Self {
        ExpectimaxDecider {
            plain: PlainExpectimax::new(Evaluator::shared()),
        }
    }
}

impl ExpectimaxDecider {
    /// The decision from `board` (the player to move) with `settings`.
    pub fn decide(&mut self, board: Board, settings: Settings) -> Decision {
        self.plain
            .decide(board, settings)
            .unwrap_or_else(|| generic_decision(board, settings))
    }
}

/// The settings of one decision as `play`'s expectimax agent makes it by default: nneonneo's depth
/// rule (`max(3, distinct tiles - 2)` moves after the root's, the adaptive depth from
/// [`ADAPTIVE_MIN_DEPTH`] to [`ADAPTIVE_MAX_DEPTH`]), chance branches less likely than `cutoff`
/// evaluated, the agents' memory cap.
pub fn nneonneo_settings(board: Board, cutoff: f64) -> Settings {
    let depth = adaptive_depth(
        &G2048::from_board(board, 0),
        ADAPTIVE_MIN_DEPTH,
        ADAPTIVE_MAX_DEPTH,
    );
    Settings {
        max_depth: depth,
        first_depth: depth,
        min_probability: cutoff,
        max_memory_bytes: SEARCH_LIMITS.max_memory_bytes,
    }
}

/// The generic search's decision, for boards the specialised one does not take (tiles near
/// 65536).
fn generic_decision(board: Board, settings: Settings) -> Decision {
    let evaluator = Evaluator::shared();
    let config = Config {
        max_depth: settings.max_depth,
        first_depth: settings.first_depth,
        min_probability: settings.min_probability,
        limits: Limits {
            max_memory_bytes: settings.max_memory_bytes,
            ..SEARCH_LIMITS
        },
        ..Config::default()
    };
    let root = G2048::from_board(board, 0);
    let mut search = Expectimax::with_observer(
        root,
        |g: &G2048| evaluator.value(g),
        config,
        PlayersExpanded::default(),
    )
    .with_key(G2048::key);
    while !search.step(u64::MAX).is_finished() {}
    let mut values = [None; 4];
    for &(action, value) in search.root_values() {
        if let Action::Move(direction) = action {
            values[direction as usize] = Some(value);
        }
    }
    let stats = search.stats();
    Decision {
        values,
        best: match search.best_action() {
            Some(Action::Move(direction)) => Some(direction),
            _ => None,
        },
        expanded: stats.expanded,
        expanded_players: search.observer().0.saturating_sub(stats.iterations),
        generated: stats.generated,
        cache_hits: search.cache_hits(),
        stored: stats.stored,
        iterations: stats.iterations,
        max_depth: stats.max_depth,
        max_frontier: stats.max_frontier,
    }
}

/// The seed of game `index` of a batch of `games` started from `seed`: the seed itself for a
/// single game, else `Rng::derive(seed, index)`.
pub fn game_seed(seed: u64, games: u64, index: u64) -> u64 {
    if games == 1 {
        seed
    } else {
        Rng::derive(seed, index)
    }
}

/// An [`Episode`] between two moves: all it needs to carry on exactly as it would have
/// ([`Episode::snapshot`], [`Episode::resume`]), so a long run can stop and pick up again.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct EpisodeSnapshot {
    /// The sixteen cells' exponents in cell order (0 = empty).
    pub board: [u8; 16],
    /// The running score.
    pub score: u64,
    /// Moves played.
    pub moves: u64,
    /// Work units spent so far.
    pub work: u64,
    /// The spawn generator's state ([`Rng::state`]).
    pub spawn_rng: u64,
    /// The agent's generator's state.
    pub agent_rng: u64,
}

impl EpisodeSnapshot {
    /// The board, if a game could have come to this snapshot: a board it can reach
    /// ([`reachable::board_flaw`]), a score its tiles can have made, and a tile sum its moves can
    /// have spawned. Errors name the field.
    pub fn reachable_board(&self) -> Result<Board, FieldError> {
        let exponents = self
            .board
            .iter()
            .map(|e| format!("{e}"))
            .collect::<Vec<_>>();
        let shown = format!("[{}]", exponents.join(","));
        let board = Board::from_exponents(self.board).ok_or_else(|| {
            FieldError::new(
                "board",
                format!("{shown}: exponents must be at most {MAX_EXPONENT}"),
            )
        })?;
        if let Some(flaw) = reachable::board_flaw(board) {
            return Err(FieldError::new("board", format!("{shown} {flaw}")));
        }
        let scores = reachable::score_range(board);
        if !scores.contains(&self.score) {
            return Err(FieldError::new(
                "score",
                format!(
                    "{} is not what the tiles of {shown} score (from {} to {})",
                    self.score,
                    scores.start(),
                    scores.end()
                ),
            ));
        }
        let sums = reachable::tile_sum_range(self.moves);
        if !sums.contains(&u128::from(board.tile_sum())) {
            return Err(FieldError::new(
                "moves",
                format!(
                    "{} moves spawn tiles adding up to {} to {}, the board's add up to {}",
                    self.moves,
                    sums.start(),
                    sums.end(),
                    board.tile_sum()
                ),
            ));
        }
        Ok(board)
    }
}

/// A whole game played by one agent. Spawns draw from `Rng::new(seed)` (see
/// [`G2048::sample_spawn`]); each move's search is built with the next `next_u64` of
/// `Rng::new(Rng::derive(seed, 1))` as its seed. So a game replays exactly from its seed
/// whenever each move's budget counts work, not time.
pub struct Episode {
    spec: AgentSpec,
    per_move: u64,
    game: G2048,
    spawns: Rng,
    agent: Rng,
    /// The current move's search and the work it has spent.
    thinking: Option<(Box<dyn Search<G2048>>, u64)>,
    moves: u64,
    work: u64,
    /// The agent had no move to offer (a search given no work at all); the game stops there.
    stuck: bool,
}

impl Episode {
    /// A new game from `seed`, each move searched for up to `per_move` work units (`u64::MAX`:
    /// until the search finishes, as expectimax does at its depth).
    pub fn new(spec: AgentSpec, seed: u64, per_move: u64) -> Result<Episode, FieldError> {
        spec.validate()?;
        check_range("per_move", per_move, 1..=u64::MAX)?;
        let mut spawns = Rng::new(seed);
        let game = G2048::new_game(&mut spawns);
        Ok(Episode {
            spec,
            per_move,
            game,
            spawns,
            agent: Rng::new(Rng::derive(seed, 1)),
            thinking: None,
            moves: 0,
            work: 0,
            stuck: false,
        })
    }

    /// Carries on a game from `snapshot` (taken with the same `spec` and `per_move` for an
    /// exact continuation). Errors name the snapshot's bad field.
    pub fn resume(
        spec: AgentSpec,
        per_move: u64,
        snapshot: &EpisodeSnapshot,
    ) -> Result<Episode, FieldError> {
        spec.validate()?;
        check_range("per_move", per_move, 1..=u64::MAX)?;
        let board = snapshot.reachable_board()?;
        Ok(Episode {
            spec,
            per_move,
            game: G2048::from_board(board, snapshot.score),
            spawns: Rng::new(snapshot.spawn_rng),
            agent: Rng::new(snapshot.agent_rng),
            thinking: None,
            moves: snapshot.moves,
            work: snapshot.work,
            stuck: false,
        })
    }

    /// The game between moves, to [`Episode::resume`] later; `None` while a move's search is
    /// under way (its partial work is not kept) or once the game is over.
    pub fn snapshot(&self) -> Option<EpisodeSnapshot> {
        if self.thinking.is_some() || self.is_over() {
            return None;
        }
        Some(EpisodeSnapshot {
            board: self.game.board().exponents(),
            score: self.game.score(),
            moves: self.moves,
            work: self.work,
            spawn_rng: self.spawns.state(),
            agent_rng: self.agent.state(),
        })
    }

    /// The position now.
    pub fn game(&self) -> &G2048 {
        &self.game
    }

    /// Moves played.
    pub fn moves(&self) -> u64 {
        self.moves
    }

    /// Work units spent by every move's search so far.
    pub fn work(&self) -> u64 {
        self.work
    }

    /// Whether the game has ended (no move changes the board, or the agent had no move).
    pub fn is_over(&self) -> bool {
        self.stuck || self.game.is_terminal()
    }

    /// Thinks about the current move for at most `budget` work units; returns the search's
    /// progress ([`Progress::Exhausted`] once the game is over).
    pub fn think(&mut self, budget: u64) -> Progress {
        if self.is_over() {
            return Progress::Exhausted;
        }
        let (search, spent) = match &mut self.thinking {
            Some(thinking) => thinking,
            None => match self
                .spec
                .build(&self.game, self.agent.next_u64(), NoObserver)
            {
                Ok(search) => self.thinking.insert((search, 0)),
                // `new` validated the spec, so this does not happen; stop rather than panic.
                Err(_) => {
                    self.stuck = true;
                    return Progress::Exhausted;
                }
            },
        };
        let before = work_done(self.spec.algo, &search.stats());
        let progress = search.step(budget);
        let used = work_done(self.spec.algo, &search.stats()) - before;
        *spent += used;
        self.work += used;
        progress
    }

    /// Plays the current move's best action (thinking first if it has not started) and the
    /// spawn after it; returns whether the game goes on.
    pub fn play(&mut self) -> bool {
        if self.thinking.is_none() {
            self.think(0);
        }
        let action = self.thinking.take().and_then(|(s, _)| s.best_action());
        match action {
            Some(action) if self.game.try_apply(action).is_ok() => {
                self.game.spawn_random(&mut self.spawns);
                self.moves += 1;
            }
            _ => self.stuck = true,
        }
        !self.is_over()
    }

    /// Plays on for about `budget` work units (a move of greedy or random counts as one unit),
    /// each move thinking until its search finishes or has spent the per-move budget; returns
    /// whether the game goes on.
    pub fn step(&mut self, budget: u64) -> bool {
        let mut left = budget.max(1);
        while left > 0 && !self.is_over() {
            let spent = self.thinking.as_ref().map_or(0, |(_, spent)| *spent);
            let allowance = left.min(self.per_move.saturating_sub(spent));
            let before = self.work;
            let progress = self.think(allowance);
            let used = self.work - before;
            left = left.saturating_sub(used.max(1));
            let spent = self.thinking.as_ref().map_or(0, |(_, spent)| *spent);
            // A search that spent nothing without finishing would never finish: play its move.
            if progress.is_finished() || spent >= self.per_move || used == 0 {
                self.play();
            }
        }
        !self.is_over()
    }
}
