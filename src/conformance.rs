//! Checks every game must pass, in the spirit of OpenSpiel's `RandomSimTest`: seeded random walks
//! from a start state, checking the contracts of [`Game`] at every state visited.
//!
//! [`check_game`] runs the checks any game supports; [`check_game_with`] adds one of the game's
//! own per state, such as [`text_round_trip`] for a game whose whole state has a text form or
//! [`zero_sum_returns`] for a [`ZeroSum`] game. Once per call, independent of the state:
//! - every index below [`Game::NUM_DISTINCT_ACTIONS`] that names an action names one whose index
//!   is that index, and the indices `NUM_DISTINCT_ACTIONS`, `NUM_DISTINCT_ACTIONS + 1` and
//!   `u32::MAX` name none.
//!
//! At every state of every walk:
//! - a player's turn names a player below [`Game::NUM_PLAYERS`] and lists legal actions, no
//!   two alike and no chance outcomes; a chance node lists outcomes and no legal actions, with
//!   probabilities positive and summing to 1 (within 1e-9), and [`Game::sample_chance`] at the
//!   middle of each outcome's slice of `[0, 1)` draws that outcome; a terminal state lists
//!   neither, and [`Game::is_terminal`] agrees with [`Game::turn`];
//! - every listed action's index round-trips through [`Game::action_from_index`];
//! - [`Game::returns`] is finite for every player;
//! - [`Game::try_apply`] with every action index in range either accepts, giving the state
//!   [`Game::apply`] gives, or refuses naming that index and leaving the state unchanged; it
//!   accepts every listed action and refuses everything at a terminal state.
//!
//! A walk picks uniformly among the legal actions and draws chance outcomes by probability, with
//! `Rng::new(seed)` for seeds `0..walks`, until the game ends or `max_steps` actions. The checks
//! return what they found rather than panicking, so tests and the command line can both run them.

use std::fmt::{self, Debug, Display};
use std::str::FromStr;

use crate::game::{Game, Turn, ZeroSum};
use crate::rng::Rng;

/// How far two sums of probabilities, or two zero-sum returns, may differ from exact.
const TOLERANCE: f64 = 1e-9;

/// Which walks to run.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Walks {
    /// Walks, seeded `0..seeds`.
    pub seeds: u64,
    /// Most actions (moves and chance outcomes) in one walk.
    pub max_steps: usize,
}

/// What the walks covered.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Report {
    /// Walks run.
    pub walks: u64,
    /// Walks that reached the end of the game (the others stopped at `max_steps`).
    pub finished: u64,
    /// States checked, counting a state once per visit.
    pub states: u64,
    /// Actions in the longest walk.
    pub longest: usize,
}

/// A broken contract: where it was found and what is wrong.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Violation {
    /// The walk's seed (`None` for the checks run once per call).
    pub seed: Option<u64>,
    /// Actions from the start state to the state at fault.
    pub step: usize,
    /// The state at fault, as `Debug` prints it.
    pub state: String,
    /// What is wrong.
    pub problem: String,
}

impl Display for Violation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.seed {
            Some(seed) => write!(f, "walk {seed}, step {}: ", self.step)?,
            None => f.write_str("action indices: ")?,
        }
        write!(f, "{}\nstate: {}", self.problem, self.state)
    }
}

impl std::error::Error for Violation {}

/// Runs the checks every game supports (see the module doc) on `walks` from `start`.
pub fn check_game<G: Game + PartialEq + Debug>(
    start: &G,
    walks: Walks,
) -> Result<Report, Violation> {
    check_game_with(start, walks, |_| Ok(()))
}

/// [`check_game`], plus `per_state` at every state visited: `Err` says what is wrong.
pub fn check_game_with<G, F>(start: &G, walks: Walks, mut per_state: F) -> Result<Report, Violation>
where
    G: Game + PartialEq + Debug,
    F: FnMut(&G) -> Result<(), String>,
{
    check_indices::<G>().map_err(|problem| Violation {
        seed: None,
        step: 0,
        state: format!("{start:?}"),
        problem,
    })?;
    let mut report = Report {
        walks: walks.seeds,
        ..Report::default()
    };
    let mut lists = Lists::default();
    for seed in 0..walks.seeds {
        let mut rng = Rng::new(seed);
        let mut state = start.clone();
        let mut step = 0;
        loop {
            check_state(&state, &mut lists)
                .and_then(|()| per_state(&state))
                .map_err(|problem| Violation {
                    seed: Some(seed),
                    step,
                    state: format!("{state:?}"),
                    problem,
                })?;
            report.states += 1;
            if state.is_terminal() {
                report.finished += 1;
                break;
            }
            if step == walks.max_steps {
                break;
            }
            let next = match state.turn() {
                Turn::Chance => lists.outcomes[sample(&lists.outcomes, rng.next_f64())].0,
                _ => lists.legal[rng.index(lists.legal.len())],
            };
            state.apply(next);
            step += 1;
        }
        report.longest = report.longest.max(step);
    }
    Ok(report)
}

/// Per-state check for games whose whole state has a text form: `Display` then `FromStr`
/// gives an equal state.
pub fn text_round_trip<G>(state: &G) -> Result<(), String>
where
    G: Display + FromStr + PartialEq + Debug,
    G::Err: Display,
{
    let text = state.to_string();
    match text.parse::<G>() {
        Ok(read) if read == *state => Ok(()),
        Ok(read) => Err(format!(
            "text '{text}' reads back as another state: {read:?}"
        )),
        Err(error) => Err(format!("text '{text}' does not read back: {error}")),
    }
}

/// Per-state check for [`ZeroSum`] games: at a terminal state, `returns(0) == −returns(1)`.
pub fn zero_sum_returns<G: ZeroSum>(state: &G) -> Result<(), String> {
    let (first, second) = (state.returns(0), state.returns(1));
    if state.is_terminal() && (first + second).abs() > TOLERANCE {
        return Err(format!("returns {first} and {second} do not sum to zero"));
    }
    Ok(())
}

/// The state's lists, reused from state to state.
struct Lists<G: Game> {
    legal: Vec<G::Action>,
    outcomes: Vec<(G::Action, f64)>,
    scratch: Vec<(G::Action, f64)>,
}

impl<G: Game> Default for Lists<G> {
    fn default() -> Self {
        Lists {
            legal: Vec::new(),
            outcomes: Vec::new(),
            scratch: Vec::new(),
        }
    }
}

/// `Ok` when `holds`, else the problem `why` describes.
fn ensure(holds: bool, why: impl FnOnce() -> String) -> Result<(), String> {
    if holds {
        Ok(())
    } else {
        Err(why())
    }
}

/// The index round trip below `NUM_DISTINCT_ACTIONS`, and no action past it.
fn check_indices<G: Game>() -> Result<(), String> {
    for index in 0..G::NUM_DISTINCT_ACTIONS {
        if let Some(action) = G::action_from_index(index) {
            let back = G::action_index(action);
            ensure(back == index, || {
                format!("index {index} names {action:?}, whose index is {back}")
            })?;
        }
    }
    let past = G::NUM_DISTINCT_ACTIONS;
    for index in [past, past.saturating_add(1), u32::MAX] {
        ensure(G::action_from_index(index).is_none(), || {
            format!("index {index} is not below NUM_DISTINCT_ACTIONS = {past} but names an action")
        })?;
    }
    Ok(())
}

/// Every per-state contract of the module doc but the game's own; fills `lists` for the walk.
fn check_state<G: Game + PartialEq + Debug>(state: &G, lists: &mut Lists<G>) -> Result<(), String> {
    state.legal_actions(&mut lists.legal);
    state.chance_outcomes(&mut lists.outcomes);
    let turn = state.turn();
    ensure(state.is_terminal() == (turn == Turn::Terminal), || {
        format!(
            "is_terminal() is {} but turn() is {turn:?}",
            state.is_terminal()
        )
    })?;
    for player in 0..G::NUM_PLAYERS {
        let value = state.returns(player);
        ensure(value.is_finite(), || {
            format!("returns({player}) is {value}")
        })?;
    }
    let (legal, outcomes) = (&lists.legal, &lists.outcomes);
    match turn {
        Turn::Player(player) => {
            ensure(player < G::NUM_PLAYERS, || {
                format!(
                    "player {player} is to move in a game of {} players",
                    G::NUM_PLAYERS
                )
            })?;
            ensure(!legal.is_empty(), || {
                "a player is to move but has no legal action".into()
            })?;
            ensure(outcomes.is_empty(), || {
                "a player's turn lists chance outcomes".into()
            })?;
        }
        Turn::Chance => {
            ensure(legal.is_empty(), || {
                "a chance node lists legal actions".into()
            })?;
            ensure(!outcomes.is_empty(), || {
                "a chance node has no outcomes".into()
            })?;
            check_probabilities(outcomes)?;
            check_sampling(state, outcomes, &mut lists.scratch)?;
        }
        Turn::Terminal => {
            ensure(legal.is_empty() && outcomes.is_empty(), || {
                "a terminal state lists actions or outcomes".into()
            })?;
        }
    }
    let listed: Vec<G::Action> = legal
        .iter()
        .copied()
        .chain(outcomes.iter().map(|&(outcome, _)| outcome))
        .collect();
    for (i, &action) in listed.iter().enumerate() {
        let index = G::action_index(action);
        ensure(G::action_from_index(index) == Some(action), || {
            format!(
                "{action:?} has index {index}, which names {:?}",
                G::action_from_index(index)
            )
        })?;
        ensure(!listed[..i].contains(&action), || {
            format!("{action:?} is listed twice")
        })?;
    }
    check_try_apply(state, &listed)
}

/// Probabilities positive and summing to 1.
fn check_probabilities<A: Debug>(outcomes: &[(A, f64)]) -> Result<(), String> {
    for (outcome, probability) in outcomes {
        ensure(*probability > 0.0 && probability.is_finite(), || {
            format!("{outcome:?} has probability {probability}")
        })?;
    }
    let total: f64 = outcomes.iter().map(|&(_, p)| p).sum();
    ensure((total - 1.0).abs() <= TOLERANCE, || {
        format!("chance probabilities sum to {total}, not 1")
    })
}

/// The index of the outcome whose slice of `[0, 1)` holds `r` (the last if rounding leaves `r`
/// past the end): the rule [`Game::sample_chance`] documents.
fn sample<A>(outcomes: &[(A, f64)], r: f64) -> usize {
    let mut end = 0.0;
    for (i, (_, probability)) in outcomes.iter().enumerate() {
        end += probability;
        if r < end {
            return i;
        }
    }
    outcomes.len() - 1
}

/// `sample_chance` at the middle of each outcome's slice draws that outcome.
fn check_sampling<G: Game>(
    state: &G,
    outcomes: &[(G::Action, f64)],
    scratch: &mut Vec<(G::Action, f64)>,
) -> Result<(), String> {
    let mut start = 0.0;
    for &(outcome, probability) in outcomes {
        let middle = start + probability / 2.0;
        let drawn = state.sample_chance(middle, scratch);
        ensure(drawn == Some(outcome), || {
            format!("sample_chance({middle}) draws {drawn:?}, not {outcome:?} whose slice holds it")
        })?;
        start += probability;
    }
    Ok(())
}

/// `try_apply` with every index in range: accepts as `apply` does, or refuses and changes
/// nothing; accepts what is listed, refuses everything at the end.
fn check_try_apply<G: Game + PartialEq + Debug>(
    state: &G,
    listed: &[G::Action],
) -> Result<(), String> {
    for index in 0..G::NUM_DISTINCT_ACTIONS {
        let Some(action) = G::action_from_index(index) else {
            continue;
        };
        let mut tried = state.clone();
        match tried.try_apply(action) {
            Ok(()) => {
                ensure(!state.is_terminal(), || {
                    format!("try_apply accepted index {index} after the end")
                })?;
                ensure(tried == state.child(action), || {
                    format!("try_apply and apply of index {index} give different states")
                })?;
            }
            Err(refused) => {
                ensure(tried == *state, || {
                    format!("try_apply refused index {index} but changed the state to {tried:?}")
                })?;
                ensure(refused.index == index, || {
                    format!(
                        "try_apply refused index {index} naming index {}",
                        refused.index
                    )
                })?;
                ensure(!listed.contains(&action), || {
                    format!("try_apply refused index {index}, which is listed: {refused}")
                })?;
            }
        }
    }
    Ok(())
}
