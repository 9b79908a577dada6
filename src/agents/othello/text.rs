//! An Othello agent as one line of text, `NAME[:key=value]...` (the grammar is in the module
//! doc of [`super`]): what `searchlab othello match` and the page's share links read and write.

use super::{AgentSpec, Algorithm, Budget, EvalKind};
use crate::agents::params::OTHELLO;
use crate::field_error::quoted;
use crate::field_error::FieldError;
use crate::search::Limits;

impl AgentSpec {
    /// Reads `NAME[:key=value]...` (see the module), with `limits` for its searches. Time
    /// budgets default to `default_ms` (for `mtdf` and `mcts` without a budget).
    pub fn parse(text: &str, default_ms: u64, limits: Limits) -> Result<AgentSpec, FieldError> {
        let mut parts = text.split(':');
        let mut algo = Algorithm::parse(parts.next().unwrap_or_default())?;
        let mut spec = AgentSpec::new(algo, limits);
        if let Budget::Millis(_) = spec.budget {
            spec.budget = Budget::Millis(default_ms);
        }
        let mut budget: Option<(&str, Budget)> = None;
        let mut solve = None;
        let mut given = Vec::new();
        for part in parts {
            let (key, value) = part.split_once('=').ok_or_else(|| {
                FieldError::new(
                    &quoted(part),
                    "expected key=value (keys: depth, ms, nodes, eval, solve, uct, tt)",
                )
            })?;
            let number = || -> Result<u64, FieldError> {
                value.parse::<u64>().map_err(|_| {
                    FieldError::new(key, format!("'{}' is not a whole number", quoted(value)))
                })
            };
            if given.contains(&key) {
                return Err(FieldError::new(key, "given more than once"));
            }
            given.push(key);
            let next_budget = match key {
                "depth" => Some(Budget::Depth(OTHELLO.int("depth", number()?)? as u32)),
                "ms" => Some(Budget::Millis(OTHELLO.int("ms", number()?)?)),
                "nodes" => Some(Budget::Nodes(OTHELLO.int("nodes", number()?)?)),
                "eval" => {
                    spec.eval = EvalKind::parse(value)?;
                    None
                }
                "solve" => {
                    solve = Some(OTHELLO.int("solve", number()?)? as u32);
                    None
                }
                "uct" => {
                    let uct: f64 = value.parse().map_err(|_| {
                        FieldError::new("uct", format!("'{}' is not a number", quoted(value)))
                    })?;
                    spec.uct = OTHELLO.float("uct", uct)?;
                    None
                }
                "tt" => {
                    let on = match value {
                        "on" => true,
                        "off" => false,
                        _ => return Err(FieldError::new("tt", "expected tt=on or tt=off")),
                    };
                    algo = match (algo, on) {
                        (Algorithm::AlphaBeta | Algorithm::AlphaBetaTt, true) => {
                            Algorithm::AlphaBetaTt
                        }
                        (Algorithm::AlphaBeta | Algorithm::AlphaBetaTt, false) => {
                            Algorithm::AlphaBeta
                        }
                        _ => return Err(FieldError::new("tt", "only alphabeta takes tt")),
                    };
                    spec.algo = algo;
                    None
                }
                _ => {
                    return Err(FieldError::new(
                        &quoted(key),
                        "unknown key (expected depth, ms, nodes, eval, solve, uct or tt)",
                    ))
                }
            };
            if let Some(next) = next_budget {
                if let Some((first, _)) = budget {
                    return Err(FieldError::new(
                        key,
                        format!("give only one budget: {first} or {key}"),
                    ));
                }
                budget = Some((key, next));
            }
        }
        spec.solve = solve.unwrap_or(algo.default_solve());
        if let Some((key, chosen)) = budget {
            spec.budget = chosen;
            if !algo.has_budget() {
                return Err(FieldError::new(
                    key,
                    format!("{} takes no budget", algo.name()),
                ));
            }
            if algo == Algorithm::Mcts && matches!(chosen, Budget::Depth(_)) {
                return Err(FieldError::new(
                    "depth",
                    "mcts takes ms or nodes (playouts), not a depth",
                ));
            }
        }
        if given.contains(&"eval") && !algo.evaluates() {
            return Err(FieldError::new(
                "eval",
                format!("{} uses no evaluation", algo.name()),
            ));
        }
        if given.contains(&"uct") && algo != Algorithm::Mcts {
            return Err(FieldError::new("uct", "only mcts takes uct"));
        }
        if given.contains(&"solve") && matches!(algo, Algorithm::Random | Algorithm::Solver) {
            return Err(FieldError::new(
                "solve",
                format!("{} takes no endgame switch", algo.name()),
            ));
        }
        spec.validate()?;
        Ok(spec)
    }

    /// The settings as the line [`AgentSpec::parse`] reads: the algorithm and every key it
    /// uses (`parse(to_text())` gives these settings back).
    pub fn to_text(&self) -> String {
        let mut text = self.algo.name().to_string();
        if self.algo.has_budget() {
            text.push_str(&match self.budget {
                Budget::Depth(depth) => format!(":depth={depth}"),
                Budget::Millis(ms) => format!(":ms={ms}"),
                Budget::Nodes(nodes) => format!(":nodes={nodes}"),
            });
        }
        if self.algo.evaluates() {
            text.push_str(&format!(":eval={}", self.eval.name()));
        }
        if self.algo == Algorithm::Mcts {
            text.push_str(&format!(":uct={}", self.uct));
        }
        if !matches!(self.algo, Algorithm::Random | Algorithm::Solver) {
            text.push_str(&format!(":solve={}", self.solve));
        }
        text
    }
}
