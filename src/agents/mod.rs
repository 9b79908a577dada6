//! Configured agents: an algorithm name and its parameters, validated once, built into a
//! resumable [`Search`]. The CLI and the page share these, so a share link and a command line
//! with the same settings and seed run exactly the same search.
//!
//! Every game's `AgentSpec` is an [`Agent`]: `spec.build(&root, seed, observer)` validates the
//! settings (naming the first bad field), draws every random choice of the decision from
//! `Rng::new(seed)`, attaches `observer` when the search is made (the search is generic over it,
//! so [`NoObserver`](crate::search::NoObserver) costs nothing), and returns the decision's
//! search boxed, to be stepped under a budget and asked for its [`Search::best_action`]. A
//! caller that needs more than [`Search`] uses the game's typed constructor that `build` wraps
//! (Othello's `AgentSpec::think`, whose `Thinking` has a `report()` for the page). Parameter
//! ranges live in the tables of [`params`].

pub mod bait;
pub mod g2048;
pub mod othello;
pub mod params;
pub mod puzzle;
pub mod sumzero;
pub mod vgdl;

use crate::field_error::{check_range, quoted, FieldError};
use crate::game::Game;
use crate::search::{Observer, Search};

/// An agent's settings, which build the search for one decision of a game `G`.
pub trait Agent<G: Game> {
    /// The search for one decision from `root`, with every random choice drawn from
    /// `Rng::new(seed)`, reporting the states it visits to `observer` (agents that answer at
    /// once, and Othello's, whose page shows `Thinking::report` instead, report nothing). The
    /// error names the first bad setting.
    fn build<O: Observer<G> + 'static>(
        &self,
        root: &G,
        seed: u64,
        observer: O,
    ) -> Result<Box<dyn Search<G>>, FieldError>;
}

/// The one of `all` called `wanted` (by `name_of`), else an error on `field` that names `what`
/// was asked for and lists every name: "unknown algorithm 'x' (expected a, b or c)". The echoed
/// name is [`quoted`].
pub(crate) fn by_name<T: Copy>(
    all: &[T],
    name_of: fn(T) -> &'static str,
    wanted: &str,
    field: &str,
    what: &str,
) -> Result<T, FieldError> {
    if let Some(&found) = all.iter().find(|&&item| name_of(item) == wanted) {
        return Ok(found);
    }
    let names: Vec<&str> = all.iter().map(|&item| name_of(item)).collect();
    let expected = match names.split_last() {
        Some((last, [])) => last.to_string(),
        Some((last, rest)) => format!("{} or {last}", rest.join(", ")),
        None => String::new(),
    };
    Err(FieldError::new(
        field,
        format!("unknown {what} '{}' (expected {expected})", quoted(wanted)),
    ))
}

/// Checks a spec's search limits: at least one node, and at least 64 KiB of memory.
pub(crate) fn check_limits(limits: &crate::search::Limits) -> Result<(), FieldError> {
    check_range("max_nodes", limits.max_nodes, 1..=u64::MAX)?;
    check_range("max_memory", limits.max_memory_bytes, 1 << 16..=u64::MAX)?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn by_name_finds_a_name_or_lists_them_all() {
        let name_of = |n: u8| ["one", "two", "three"][n as usize];
        assert_eq!(by_name(&[0, 1, 2], name_of, "two", "f", "thing"), Ok(1));
        let err = by_name(&[0, 1, 2], name_of, "fo\nur", "f", "thing").unwrap_err();
        assert_eq!(err.field, "f");
        assert_eq!(
            err.message,
            "unknown thing 'fo\\u{a}ur' (expected one, two or three)"
        );
        let err = by_name(&[0], name_of, &"x".repeat(40), "f", "thing").unwrap_err();
        assert_eq!(
            err.message,
            format!("unknown thing '{}…' (expected one)", "x".repeat(24))
        );
    }
}
