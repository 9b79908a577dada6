//! Link fields every single-agent puzzle's link reads alike (Bait's and the VGDL games'): the run
//! mode (`mode=plan|act`), KB Fast-Evo's settings (`rollouts`, `value`, `alpha`, `beta`,
//! `features`, `distance`, `feature-scale`, `keep-weights`) and the replay of the moves played.

use super::{error, played, FieldError, Fields};
use crate::agents::params::Table;
pub use crate::agents::puzzle::KbSettings as KbView;
use crate::field_error::quoted;
use crate::game::Game;
use crate::games::bait::Action;
use crate::search::kb_fast_evo::{Distance, FeatureScale, FeatureTypes, Rollouts, Value};
use serde::{Deserialize, Serialize};

/// How the agent plays.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify))]
pub enum Mode {
    /// Search to the end, then play the plan.
    Plan,
    /// The GVGAI loop: think for the budget before every action, then act.
    Act,
}

impl Mode {
    /// The mode a page starts in: planners plan, anytime searches act.
    pub fn natural(anytime: bool) -> Mode {
        if anytime {
            Mode::Act
        } else {
            Mode::Plan
        }
    }

    /// The name in links.
    pub fn name(self) -> &'static str {
        match self {
            Mode::Plan => "plan",
            Mode::Act => "act",
        }
    }

    /// The mode called `word`; the error is on `mode`.
    pub fn parse(word: &str) -> Result<Mode, FieldError> {
        match word {
            "plan" => Ok(Mode::Plan),
            "act" => Ok(Mode::Act),
            other => Err(error(
                "mode",
                format!("unknown mode '{}' (expected plan or act)", quoted(other)),
            )),
        }
    }
}

/// The keys of `algo`'s own parameters in `table` that a link writes in `mode`: all of them, but
/// `plan-iterations`, which an anytime agent reads only when it plans.
pub fn written_keys(table: Table, algo: &str, mode: Mode) -> Vec<&'static str> {
    table
        .algorithm_keys(algo)
        .into_iter()
        .filter(|&key| key != "plan-iterations" || mode == Mode::Plan)
        .collect()
}

/// `keep-weights`' words, off first.
const ON_OFF: [&str; 2] = ["off", "on"];

/// Reads KB Fast-Evo's word keys into `kb` (the words of `keep-weights` from the game's
/// `table`); each error names its key. Its numbers, `alpha` and `beta`, are the view's number
/// fields ([`numbers`](super::numbers)).
pub fn read_kb_fields(fields: &Fields, kb: &mut KbView, table: Table) -> Result<(), FieldError> {
    let named = |key: &str, e: FieldError| error(key, e.message);
    if let Some(word) = fields.get("rollouts") {
        kb.rollouts = Rollouts::parse(word).map_err(|e| named("rollouts", e))?;
    }
    if let Some(word) = fields.get("value") {
        kb.value = Value::parse(word).map_err(|e| named("value", e))?;
    }
    if let Some(word) = fields.get("features") {
        kb.features = FeatureTypes::parse(word).map_err(|e| named("features", e))?;
    }
    if let Some(word) = fields.get("distance") {
        kb.distance = Distance::parse(word).map_err(|e| named("distance", e))?;
    }
    if let Some(word) = fields.get("feature-scale") {
        kb.feature_scale = FeatureScale::parse(word).map_err(|e| named("feature-scale", e))?;
    }
    if let Some(word) = fields.get("keep-weights") {
        kb.keep_weights = table.choice("keep-weights", word)? == ON_OFF[1];
    }
    Ok(())
}

/// The link's word for KB Fast-Evo's word key `key` in `kb`; `None` for a key that is not one
/// of them (its numbers, `alpha` and `beta`, included).
pub fn kb_word(kb: &KbView, key: &str) -> Option<String> {
    Some(match key {
        "rollouts" => kb.rollouts.name().to_string(),
        "value" => kb.value.name().to_string(),
        "features" => kb.features.name().to_string(),
        "distance" => kb.distance.name().to_string(),
        "feature-scale" => kb.feature_scale.name().to_string(),
        "keep-weights" => ON_OFF[usize::from(kb.keep_weights)].to_string(),
        _ => return None,
    })
}

/// KB Fast-Evo's keys, as a link's list of the keys it may hold names them.
pub const KB_KEYS: [&str; 8] = [
    "rollouts",
    "value",
    "alpha",
    "beta",
    "features",
    "distance",
    "feature-scale",
    "keep-weights",
];

/// The letters of the moves in a link, in action order (Bait's and the VGDL games' plan letters).
const MOVE_LETTERS: [char; 5] = ['L', 'R', 'D', 'U', 'N'];

/// The moves of a link's `moves` field, as action indices.
pub fn read_moves(raw: &str) -> Result<Vec<u32>, FieldError> {
    played::read(raw, &MOVE_LETTERS, "L, R, D, U or N")
}

/// The `moves` field of a link, written from action indices.
pub fn format_moves(moves: &[u32]) -> Result<String, FieldError> {
    played::format(moves, &MOVE_LETTERS)
}

/// Replays `moves` (action indices) from `state`; the error names the first move that cannot be
/// played (no such action, or the rules refuse it: the game was over).
pub fn replay<G: Game<Action = Action>>(mut state: G, moves: &[u32]) -> Result<(), FieldError> {
    for (i, &index) in moves.iter().enumerate() {
        let action = Action::from_index(index)
            .ok_or_else(|| played::illegal(i + 1, '?', "no such action"))?;
        state
            .try_apply(action)
            .map_err(|e| played::illegal(i + 1, action.letter(), &e.reason))?;
    }
    Ok(())
}
