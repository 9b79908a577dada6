//! Parameter tables: every agent parameter of a game written once (its name, label, kind,
//! range, default, help text and which algorithms read it). Validation (of specs, share links,
//! command-line flags and wasm arguments), the keys a link writes for an algorithm, and the
//! page's controls (`parameterTable` in the wasm API) all read the same row, so they cannot
//! disagree.

mod bait;
mod g2048;
mod othello;
mod puzzle;
mod sumzero;
mod vgdl;

pub use bait::BAIT;
pub use g2048::G2048;
pub use othello::OTHELLO;
pub use sumzero::SUMZERO;
pub use vgdl::VGDL;

use crate::field_error::quoted;
use crate::field_error::{check_range, FieldError};
use serde::Serialize;

/// What a parameter takes, with its range and default.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
#[serde(tag = "kind", rename_all = "camelCase")]
#[cfg_attr(
    target_arch = "wasm32",
    derive(tsify::Tsify),
    tsify(rename = "ParameterKind")
)]
pub enum Kind {
    /// A whole number from `min` to `max`.
    Int {
        /// The smallest value accepted.
        min: u64,
        /// The largest value accepted.
        max: u64,
        /// The value when none is given.
        default: u64,
    },
    /// A finite number from `min` to `max`.
    Float {
        /// The smallest value accepted.
        min: f64,
        /// The largest value accepted.
        max: f64,
        /// The value when none is given.
        default: f64,
    },
    /// One of `options`, by name.
    Choice {
        /// Every name accepted, in the order the page lists them.
        options: &'static [&'static str],
        /// The name when none is given.
        default: &'static str,
    },
    /// `default.len()` finite numbers from `min` to `max`, separated by commas.
    Floats {
        /// The smallest value accepted.
        min: f64,
        /// The largest value accepted.
        max: f64,
        /// The values when none are given.
        default: &'static [f64],
    },
}

/// One parameter.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
#[cfg_attr(
    target_arch = "wasm32",
    derive(tsify::Tsify),
    tsify(rename = "Parameter")
)]
pub struct Param {
    /// Its name in share links and on the command line (`--rollout-depth`).
    pub key: &'static str,
    /// Its name on the page ("Rollout depth").
    pub label: &'static str,
    /// What it takes.
    #[serde(flatten)]
    #[cfg_attr(target_arch = "wasm32", tsify(type = "ParameterKind"))]
    pub kind: Kind,
    /// One sentence on what it does, for the page and `--help`.
    pub help: &'static str,
    /// The algorithms whose own parameter it is; empty for a setting of every run (a budget,
    /// a node limit).
    pub algos: &'static [&'static str],
}

/// UCT's exploration constant K: the same parameter in every game whose agents include MCTS.
const UCT: Param = Param {
    key: "uct",
    label: "UCT constant K",
    kind: Kind::Float {
        min: 0.0,
        max: 100.0,
        default: std::f64::consts::SQRT_2,
    },
    help: "How much MCTS explores: larger tries rarely visited moves more often.",
    algos: &["mcts"],
};

/// A game's parameters, in the order links write them and the page shows them.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
#[serde(transparent)]
pub struct Table(pub &'static [Param]);

impl Table {
    /// The parameter called `key`. Panics for a key outside the table: a programming error.
    pub fn param(&self, key: &str) -> &'static Param {
        self.0
            .iter()
            .find(|param| param.key == key)
            .unwrap_or_else(|| panic!("no parameter '{key}' in the table"))
    }

    /// The keys of `algo`'s own parameters, in the table's order (what a link writes for it).
    pub fn algorithm_keys(&self, algo: &str) -> Vec<&'static str> {
        self.0
            .iter()
            .filter(|param| param.algos.contains(&algo))
            .map(|param| param.key)
            .collect()
    }

    /// `value` if it is a whole number in the range of the integer parameter `key`, else an
    /// error on `key` that names the range.
    pub fn int<T: Copy + Into<u64>>(&self, key: &str, value: T) -> Result<T, FieldError> {
        let Kind::Int { min, max, .. } = self.param(key).kind else {
            panic!("parameter '{key}' is not an integer");
        };
        check_range(key, value.into(), min..=max).map(|_| value)
    }

    /// `value` if it is a finite number in the range of the number parameter `key` (or of each
    /// number of a list parameter).
    pub fn float(&self, key: &str, value: f64) -> Result<f64, FieldError> {
        let (Kind::Float { min, max, .. } | Kind::Floats { min, max, .. }) = self.param(key).kind
        else {
            panic!("parameter '{key}' is not a number");
        };
        if !value.is_finite() {
            return Err(FieldError::new(key, "must be a finite number"));
        }
        check_range(key, value, min..=max)
    }

    /// The option of the choice parameter `key` called `name`, else an error that lists them.
    pub fn choice(&self, key: &str, name: &str) -> Result<&'static str, FieldError> {
        let Kind::Choice { options, .. } = self.param(key).kind else {
            panic!("parameter '{key}' is not a choice");
        };
        options.iter().copied().find(|&o| o == name).ok_or_else(|| {
            FieldError::new(
                key,
                format!(
                    "unknown value '{}' (expected {})",
                    quoted(name),
                    options.join(", ")
                ),
            )
        })
    }

    /// The integer parameter `key`'s smallest and largest values.
    pub fn int_range(&self, key: &str) -> (u64, u64) {
        match self.param(key).kind {
            Kind::Int { min, max, .. } => (min, max),
            _ => panic!("parameter '{key}' is not an integer"),
        }
    }

    /// The integer parameter `key`'s default.
    pub fn int_default(&self, key: &str) -> u64 {
        match self.param(key).kind {
            Kind::Int { default, .. } => default,
            _ => panic!("parameter '{key}' is not an integer"),
        }
    }

    /// The number parameter `key`'s default.
    pub fn float_default(&self, key: &str) -> f64 {
        match self.param(key).kind {
            Kind::Float { default, .. } => default,
            _ => panic!("parameter '{key}' is not a number"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_default_lies_in_its_range_and_keys_are_unique() {
        for table in [BAIT, G2048, OTHELLO, SUMZERO] {
            for (i, param) in table.0.iter().enumerate() {
                assert!(
                    table.0[..i].iter().all(|p| p.key != param.key),
                    "{} twice",
                    param.key
                );
                match param.kind {
                    Kind::Int { min, max, default } => assert!((min..=max).contains(&default)),
                    Kind::Float { min, max, default } => assert!((min..=max).contains(&default)),
                    Kind::Choice { options, default } => assert!(options.contains(&default)),
                    Kind::Floats { min, max, default } => {
                        assert!(default.iter().all(|d| (min..=max).contains(d)))
                    }
                }
            }
        }
    }

    #[test]
    fn the_specs_defaults_are_the_tables() {
        let bait = crate::agents::bait::AgentSpec::default();
        let course = crate::games::bait::eval::CourseWeights::default();
        let Kind::Floats { default, .. } = BAIT.param("weights").kind else {
            panic!("the course weights are a list");
        };
        assert_eq!(default, [course.score, course.distance, course.box_to_hole]);
        assert_eq!(bait.dls_depth() as u64, BAIT.int_default("depth"));
        let g2048 = crate::agents::g2048::AgentSpec::default();
        assert_eq!(g2048.uct, G2048.float_default("uct"));
        assert_eq!(g2048.spawns.name(), "averaged");
        let othello = crate::agents::othello::AgentSpec::new(
            crate::agents::othello::Algorithm::Mcts,
            crate::search::Limits::default(),
        );
        assert_eq!(othello.uct, OTHELLO.float_default("uct"));
    }

    #[test]
    fn checks_name_the_parameter_and_its_range() {
        assert_eq!(BAIT.int("depth", 5u32), Ok(5));
        let error = BAIT.int("depth", 0u32).unwrap_err();
        assert_eq!(error.to_string(), "depth: must be between 1 and 64, got 0");
        let error = BAIT.float("uct", f64::NAN).unwrap_err();
        assert_eq!(error.to_string(), "uct: must be a finite number");
        let error = BAIT.choice("heuristic", "course").unwrap_err();
        assert_eq!(
            error.to_string(),
            "heuristic: unknown value 'course' (expected walls, state)"
        );
        assert_eq!(BAIT.algorithm_keys("wastar"), ["heuristic", "weight"]);
    }
}
