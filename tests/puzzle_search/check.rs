//! Helpers shared by the tests: replaying plans and running searches to the end.

use searchlab::game::{Game, Puzzle};
use searchlab::search::{Progress, Search, Stats};

/// The state after playing `plan` from `start`, checking every action is legal.
pub fn replay<P: Puzzle>(start: &P, plan: &[P::Action]) -> P {
    let mut state = start.clone();
    for (at, &action) in plan.iter().enumerate() {
        if let Err(error) = state.try_apply(action) {
            panic!("plan action {at} ({action:?}): {error}");
        }
    }
    state
}

/// Asserts that `plan` is legal from `start` and ends in a solved state.
pub fn assert_solves<P: Puzzle>(start: &P, plan: &[P::Action]) {
    assert!(
        replay(start, plan).is_solved(),
        "plan {plan:?} does not solve"
    );
}

/// What a finished search reports.
#[derive(Debug, PartialEq)]
pub struct Outcome<A> {
    pub progress: Progress,
    pub plan: Vec<A>,
    pub stats: Stats,
}

/// Runs `search` in slices of `slice` expansions until it finishes.
pub fn run<G: Game, S: Search<G> + ?Sized>(search: &mut S, slice: u64) -> Outcome<G::Action> {
    let progress = loop {
        let progress = search.step(slice);
        if progress.is_finished() {
            break progress;
        }
    };
    assert_eq!(
        search.step(slice),
        progress,
        "a finished search stays finished"
    );
    Outcome {
        progress,
        plan: search.principal_variation(),
        stats: search.stats(),
    }
}

/// Runs `search` to the end in one step.
pub fn finish<G: Game, S: Search<G> + ?Sized>(search: &mut S) -> Outcome<G::Action> {
    run(search, u64::MAX)
}
