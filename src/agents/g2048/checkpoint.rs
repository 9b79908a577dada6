//! What a `searchlab 2048 play --checkpoint FILE` file holds ([`Saved`]; the CLI's
//! `g2048/checkpoint.rs` reads and writes it), and the checks a file read back passes before a
//! run trusts it ([`checked`]), in the library so that the parsers' fuzzing reaches them
//! (`tests/fuzz_parsers.rs`). A checkpoint read back is checked because the summary it helps
//! print is a result people quote. Each finished line names a game of the run's range, once, with that
//! game's seed in the series, a largest tile a game can make (a power of two from 2 to 131072)
//! and a score that tile allows (`searchlab::games::g2048::reachable`), a move count that can
//! have spawned that tile, and non-negative times; the game under way is in the range, not
//! finished, has its seed, non-negative seconds, and a position a game can reach
//! (`EpisodeSnapshot::reachable_board`). The first fault is the error, naming the line and the
//! field.

use std::collections::BTreeMap;
use std::ops::Range;

use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};

use super::EpisodeSnapshot;
use crate::field_error::FieldError;
use crate::games::g2048::reachable::{
    score_range_for_max_tile, tile_sum_range, MAX_REACHABLE_EXPONENT,
};

/// What the file holds.
#[derive(Serialize, Deserialize, Debug, Default)]
#[serde(deny_unknown_fields)]
pub struct Saved {
    /// The run's settings: agent, budget, series and range.
    pub settings: Map<String, Value>,
    /// The printed line of every game finished, in order.
    pub finished: Vec<Value>,
    /// The game under way, if it has saved a move.
    pub current: Option<GameUnderWay>,
}

/// A game stopped between two moves.
#[derive(Serialize, Deserialize, Debug, Clone, Copy)]
#[serde(deny_unknown_fields)]
pub struct GameUnderWay {
    /// Its index in the series.
    pub game: u64,
    /// Its seed.
    pub seed: u64,
    /// Seconds it has played so far, over every run.
    pub seconds: f64,
    /// Where it stands.
    pub episode: EpisodeSnapshot,
}

/// The games a run plays and the seed of each.
pub struct Series<'a> {
    /// The indices of its games.
    pub games: Range<u64>,
    /// The seed of game `i`.
    pub seed_of: &'a dyn Fn(u64) -> u64,
}

/// What the summary takes from a finished game's line.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FinishedGame {
    /// Its score.
    pub score: u64,
    /// Its largest tile.
    pub max_tile: u64,
}

/// The finished games of `saved`, by index, if every line and the game under way belong to
/// `series` and could have been played; else where the first fault is ("finished line 2 (game
/// 5)", "the game under way (game 3)") and what it is.
pub fn checked(
    saved: &Saved,
    series: &Series,
) -> Result<BTreeMap<u64, FinishedGame>, (String, FieldError)> {
    let mut finished = BTreeMap::new();
    for (n, line) in saved.finished.iter().enumerate() {
        let place = |game: Option<u64>| match game {
            Some(game) => format!("finished line {} (game {game})", n + 1),
            None => format!("finished line {}", n + 1),
        };
        let game = whole(line, "game")
            .and_then(|game| in_series(game, series))
            .map_err(|e| (place(None), e))?;
        if finished.contains_key(&game) {
            let error = FieldError::new("game", format!("{game} is finished on an earlier line"));
            return Err((place(None), error));
        }
        let result = finished_game(line, game, series).map_err(|e| (place(Some(game)), e))?;
        finished.insert(game, result);
    }
    if let Some(current) = &saved.current {
        let place = || format!("the game under way (game {})", current.game);
        let game = in_series(current.game, series).map_err(|e| (place(), e))?;
        if finished.contains_key(&game) {
            let error = FieldError::new("game", format!("{game} has a finished line already"));
            return Err((place(), error));
        }
        seed_matches(current.seed, game, series).map_err(|e| (place(), e))?;
        time(Some(current.seconds), "seconds").map_err(|e| (place(), e))?;
        current.episode.reachable_board().map_err(|e| {
            (
                place(),
                FieldError::new(&format!("episode.{}", e.field), e.message),
            )
        })?;
    }
    Ok(finished)
}

/// A finished line's fields, checked.
fn finished_game(line: &Value, game: u64, series: &Series) -> Result<FinishedGame, FieldError> {
    seed_matches(whole(line, "seed")?, game, series)?;
    let max_tile = whole(line, "max_tile")?;
    let exponent = max_tile.trailing_zeros();
    if !max_tile.is_power_of_two() || !(1..=u32::from(MAX_REACHABLE_EXPONENT)).contains(&exponent) {
        return Err(FieldError::new(
            "max_tile",
            format!(
                "{max_tile} is not a tile a game can make (a power of two from 2 to {})",
                1u64 << MAX_REACHABLE_EXPONENT
            ),
        ));
    }
    let score = whole(line, "score")?;
    let scores = score_range_for_max_tile(exponent as u8);
    if !scores.contains(&score) {
        return Err(FieldError::new(
            "score",
            format!(
                "{score} is not a score of a game whose largest tile is {max_tile} (from {} to {})",
                scores.start(),
                scores.end()
            ),
        ));
    }
    let moves = whole(line, "moves")?;
    if *tile_sum_range(moves).end() < u128::from(max_tile) {
        return Err(FieldError::new(
            "moves",
            format!("{moves} moves cannot make a tile of {max_tile}"),
        ));
    }
    whole(line, "nodes")?;
    if !line.get("over").is_some_and(Value::is_boolean) {
        return Err(FieldError::new("over", "must be true or false"));
    }
    time(line.get("seconds").and_then(Value::as_f64), "seconds")?;
    time(
        line.get("ms_per_move").and_then(Value::as_f64),
        "ms_per_move",
    )?;
    Ok(FinishedGame { score, max_tile })
}

/// The whole number in `line`'s field `name`.
fn whole(line: &Value, name: &str) -> Result<u64, FieldError> {
    line.get(name)
        .and_then(Value::as_u64)
        .ok_or_else(|| match line.get(name) {
            None => FieldError::new(name, "missing"),
            Some(value) => FieldError::new(name, format!("{value} is not a whole number")),
        })
}

fn in_series(game: u64, series: &Series) -> Result<u64, FieldError> {
    if series.games.contains(&game) {
        return Ok(game);
    }
    let (start, end) = (series.games.start, series.games.end);
    Err(FieldError::new(
        "game",
        format!(
            "{game} is not one of this run's games ({start} to {})",
            end.saturating_sub(1)
        ),
    ))
}

fn seed_matches(seed: u64, game: u64, series: &Series) -> Result<(), FieldError> {
    let expected = (series.seed_of)(game);
    if seed == expected {
        return Ok(());
    }
    Err(FieldError::new(
        "seed",
        format!("{seed}, but the series gives game {game} the seed {expected}"),
    ))
}

/// A time in `name`: a number, finite and not negative.
fn time(value: Option<f64>, name: &str) -> Result<(), FieldError> {
    match value {
        Some(t) if t.is_finite() && t >= 0.0 => Ok(()),
        Some(t) => Err(FieldError::new(
            name,
            format!("{t} is not a time (0 or more)"),
        )),
        None => Err(FieldError::new(name, "missing, or not a number")),
    }
}
