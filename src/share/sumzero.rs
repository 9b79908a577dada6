//! Sum to zero share links: the agent, its budget, the moves played and the seed.
//!
//! `#v=1&game=sumzero&algo=mcts&uct=1.41&iterations=1000&moves=%2B20%20-18&seed=42`: the keys are
//! the flags of `searchlab sumzero play` (`--algo`, `--uct`, `--iterations`, `--moves`, `--seed`),
//! so a link and a command with the same settings play the same game. `algo` is `mcts` (UCT with
//! exploration constant `uct`, `iterations` playouts a move) or `exhaustive` (the exact optimum);
//! `moves` is the game's text form, the amounts added so far (`+20 -18`, percent-encoded when
//! written: `+` as `%2B`, so that a reader decoding `+` as a space cannot misread it; a
//! hand-written `+` reads as a plus sign), and opens the game at that position. `compare` puts two
//! to four agents side by side on that position (see [`compare`](super::compare):
//! `compare=mcts:uct=0.5;mcts:uct=2`). Every key but `v` and `game` may be left out.

use super::compare::{self, Comparable};
use super::numbers::{self, number_fields};
use super::{check_seed_and_agent, check_view_game, encode, error, Fields, LinkView, VERSION};
use crate::agents::params::SUMZERO;
use crate::agents::sumzero::{AgentSpec, Algorithm};
use crate::field_error::FieldError;
use crate::games::sumzero::text::ParseError;
use crate::games::sumzero::SumZero;
use crate::search::Limits;
use serde::{Deserialize, Serialize};

/// Every key a Sum to zero link may hold.
pub const KEYS: &[&str] = &[
    "v",
    "game",
    "algo",
    "uct",
    "iterations",
    "moves",
    "seed",
    compare::KEY,
];

/// Every setting of the Sum to zero view. Field names are the JS names (camelCase).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
#[cfg_attr(
    target_arch = "wasm32",
    derive(tsify::Tsify),
    tsify(rename = "ViewSumZero", missing_as_null)
)]
pub struct View {
    /// Always `sumzero`.
    #[cfg_attr(target_arch = "wasm32", tsify(type = "\"sumzero\""))]
    pub game: String,
    /// The agent.
    #[cfg_attr(target_arch = "wasm32", tsify(type = "AlgorithmSumZero"))]
    pub algo: Algorithm,
    /// MCTS: UCT's exploration constant K.
    pub uct: f64,
    /// MCTS: playouts per move (the command line's `--iterations`).
    pub iterations: u64,
    /// The moves played, in the game's text form (`+20 -18`); empty at the start.
    pub moves: String,
    /// The seed of the agent's random choices; `None` until the page draws one.
    pub seed: Option<u64>,
    /// Side by side: two to four panes on this position, each this view with its own agent and
    /// parameters (the link's `compare` key); empty for the single view.
    #[serde(default)]
    #[cfg_attr(target_arch = "wasm32", tsify(optional, type = "ViewSumZero[]"))]
    pub compare: Vec<View>,
}

impl Default for View {
    /// UCT with K = √2 and the parameter table's playouts a move (the command line's 1,000),
    /// from the start.
    fn default() -> Self {
        let spec = AgentSpec::default();
        View {
            game: "sumzero".into(),
            algo: spec.algo,
            uct: spec.uct,
            iterations: SUMZERO.int_default("iterations"),
            moves: String::new(),
            seed: None,
            compare: Vec::new(),
        }
    }
}

impl View {
    /// The agent these settings describe, with these limits on each move's search.
    pub fn agent_spec(&self, limits: Limits) -> AgentSpec {
        AgentSpec {
            algo: self.algo,
            uct: self.uct,
            limits,
        }
    }

    /// The position the moves lead to; the error names `moves` and the column at fault.
    pub fn position(&self) -> Result<SumZero, FieldError> {
        read_moves(&self.moves)
    }
}

impl LinkView for View {
    const GAME: &'static str = "sumzero";

    /// Checks every field against the ranges a link accepts, and the moves against the rules.
    fn validate(&self) -> Result<(), FieldError> {
        check_view_game(&self.game, "sumzero", "Sum to zero")?;
        numbers::check(self, SUMZERO)?;
        self.position()?;
        // The agent's own checks agree with the ranges above.
        check_seed_and_agent(self.seed, self.agent_spec(Limits::default()).validate())?;
        compare::validate_panes(&self.compare)
    }

    /// Reads a Sum to zero link's fields; the moves are kept in the game's own spelling.
    fn from_fields(fields: &Fields) -> Result<View, FieldError> {
        fields.expect_game("sumzero", "a Sum to zero", KEYS)?;
        let mut view = View::default();
        if let Some(algo) = fields.get("algo") {
            view.algo = Algorithm::parse(algo).map_err(|e| error("algo", e.message))?;
        }
        numbers::read(fields, &mut view)?;
        if let Some(moves) = fields.get("moves") {
            view.moves = read_moves(moves)?.to_string();
        }
        view.seed = fields.seed()?;
        view.compare = compare::read_panes(fields)?;
        view.validate()?;
        Ok(view)
    }

    /// Writes the fragment (without `#`): the fields the agent reads, the moves, the seed.
    fn format(&self) -> Result<String, FieldError> {
        self.validate()?;
        let moves = self.position()?.to_string();
        let mut out = format!("v={VERSION}&game=sumzero&algo={}", self.algo.name());
        let keys = SUMZERO.algorithm_keys(self.algo.name());
        numbers::write_keys(&mut out, keys, |key| numbers::text(self, key))?;
        if !moves.is_empty() {
            out.push_str(&format!("&moves={}", encode(&moves)));
        }
        if let Some(seed) = self.seed {
            out.push_str(&format!("&seed={seed}"));
        }
        out.push_str(&compare::format_panes(&self.compare)?);
        Ok(out)
    }
}

number_fields!(View {
    "uct" => uct,
    "iterations" => iterations,
});

impl Comparable for View {
    const TABLE: crate::agents::params::Table = SUMZERO;

    fn panes(&self) -> &[View] {
        &self.compare
    }
}

/// The position a moves text leads to; the error names `moves` and the column at fault.
fn read_moves(text: &str) -> Result<SumZero, FieldError> {
    text.parse()
        .map_err(|e: ParseError| error("moves", e.to_string()))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::share::{link_message, MAX_SEED};

    fn field_of(link: &str) -> String {
        View::parse(link).unwrap_err().field
    }

    #[test]
    fn only_v_and_game_are_required() {
        let view = View::parse("v=1&game=sumzero").unwrap();
        assert_eq!(view, View::default());
        assert_eq!(view.algo, Algorithm::Mcts);
        assert_eq!(view.iterations, 1000, "the command line's default");
        assert_eq!(view.position().unwrap(), SumZero::start());
        assert_eq!(
            view.format().unwrap(),
            "v=1&game=sumzero&algo=mcts&uct=1.4142135623730951&iterations=1000"
        );
    }

    #[test]
    fn a_hand_written_link_reads_back() {
        let view = View::parse(
            "#v=1&game=sumzero&algo=mcts&uct=1.41&iterations=500&moves=+20 -18&seed=42",
        )
        .unwrap();
        assert_eq!((view.uct, view.iterations), (1.41, 500));
        assert_eq!(view.moves, "+20 -18");
        assert_eq!(view.position().unwrap().sum(), 2);
        assert_eq!(view.seed, Some(42));
        let written = view.format().unwrap();
        assert_eq!(
            written,
            "v=1&game=sumzero&algo=mcts&uct=1.41&iterations=500&moves=%2B20%20-18&seed=42"
        );
        assert_eq!(View::parse(&written).unwrap(), view);
    }

    #[test]
    fn moves_are_kept_in_the_games_own_spelling() {
        let view = View::parse("v=1&game=sumzero&moves=%20%2B20%0A%0A-18%20").unwrap();
        assert_eq!(view.moves, "+20 -18");
        let empty = View::parse("v=1&game=sumzero&moves=").unwrap();
        assert_eq!(empty, View::default());
    }

    #[test]
    fn format_then_parse_is_the_identity() {
        let ended = "+20 -18 -24 +14 -18 +10 -8 +6 +4 -2";
        for algo in Algorithm::ALL {
            for moves in ["", "+30", ended] {
                let view = View {
                    algo,
                    moves: moves.into(),
                    seed: Some(MAX_SEED),
                    ..View::default()
                };
                let link = view.format().unwrap();
                assert_eq!(View::parse(&link).unwrap(), view, "{link}");
            }
        }
    }

    #[test]
    fn the_link_writes_only_what_the_agent_reads() {
        let view = View {
            algo: Algorithm::Exhaustive,
            seed: Some(9),
            ..View::default()
        };
        assert_eq!(
            view.format().unwrap(),
            "v=1&game=sumzero&algo=exhaustive&seed=9"
        );
    }

    #[test]
    fn the_defaults_are_the_parameter_tables() {
        let view = View::default();
        assert_eq!(view.uct, SUMZERO.float_default("uct"));
        assert_eq!(view.iterations, SUMZERO.int_default("iterations"));
        assert_eq!(SUMZERO.algorithm_keys("exhaustive"), Vec::<&str>::new());
    }

    #[test]
    fn the_agent_spec_carries_the_settings() {
        let view = View::parse("v=1&game=sumzero&algo=mcts&uct=0.5").unwrap();
        let spec = view.agent_spec(Limits::default());
        assert_eq!((spec.algo, spec.uct), (Algorithm::Mcts, 0.5));
    }

    #[test]
    fn errors_name_the_bad_field() {
        assert_eq!(field_of("v=1&game=sumzero&algo=minimax"), "algo");
        assert_eq!(field_of("v=1&game=sumzero&uct=-1"), "uct");
        assert_eq!(field_of("v=1&game=sumzero&uct=NaN"), "uct");
        assert_eq!(field_of("v=1&game=sumzero&uct=101"), "uct");
        assert_eq!(field_of("v=1&game=sumzero&iterations=0"), "iterations");
        assert_eq!(
            field_of("v=1&game=sumzero&iterations=1000001"),
            "iterations"
        );
        assert_eq!(field_of("v=1&game=sumzero&iterations=many"), "iterations");
        assert_eq!(field_of("v=1&game=sumzero&moves=+20 +7"), "moves");
        assert_eq!(field_of("v=1&game=sumzero&moves=20"), "moves");
        assert_eq!(field_of("v=1&game=sumzero&moves=%ZZ"), "moves");
        assert_eq!(field_of("v=1&game=sumzero&seed=-1"), "seed");
        assert_eq!(field_of("v=1&game=sumzero&seed=9007199254740992"), "seed");
        assert_eq!(field_of("v=1&game=sumzero&depth=3"), "depth");
        assert_eq!(field_of("v=1&game=sumzero&uct=1&uct=2"), "uct");
        assert_eq!(field_of("v=1&game=2048"), "game");
        assert_eq!(field_of("game=sumzero"), "v");
    }

    #[test]
    fn messages_say_what_is_wrong() {
        let err = View::parse("v=1&game=sumzero&moves=+20 +7").unwrap_err();
        assert_eq!(
            link_message(&err),
            "share link, field 'moves': column 5: +7 is not a move at turn 9 \
             (expected +18, -18, +27 or -27)"
        );
        let eleven = "+20 -18 -24 +14 -18 +10 -8 +6 +4 -2 +2";
        let err = View::parse(&format!("v=1&game=sumzero&moves={eleven}")).unwrap_err();
        assert!(
            err.message.contains("the game is over after 10 moves"),
            "{err}"
        );
        let err = View::parse("v=1&game=sumzero&algo=bfs").unwrap_err();
        assert!(err.message.contains("expected mcts or exhaustive"), "{err}");
        let err = View::parse("v=1&game=sumzero&level=x").unwrap_err();
        assert!(err.message.contains("known fields: v, game, algo"), "{err}");
    }

    #[test]
    fn format_refuses_an_out_of_range_view() {
        let bad = [
            View {
                uct: f64::INFINITY,
                ..View::default()
            },
            View {
                iterations: 0,
                ..View::default()
            },
            View {
                moves: "+21".into(),
                ..View::default()
            },
            View {
                game: "2048".into(),
                ..View::default()
            },
        ];
        let fields: Vec<String> = bad.iter().map(|v| v.format().unwrap_err().field).collect();
        assert_eq!(fields, ["uct", "iterations", "moves", "game"]);
    }

    #[test]
    fn side_by_side_panes_round_trip() {
        let link = "v=1&game=sumzero&algo=mcts&iterations=300&moves=%2B20&seed=5\
                    &compare=mcts:uct=0.5;mcts:uct=2:iterations=50;exhaustive";
        let view = View::parse(link).unwrap();
        let panes: Vec<(Algorithm, f64, u64)> = view
            .compare
            .iter()
            .map(|p| (p.algo, p.uct, p.iterations))
            .collect();
        let k = View::default().uct;
        assert_eq!(
            panes,
            [
                (Algorithm::Mcts, 0.5, 300),
                (Algorithm::Mcts, 2.0, 50),
                (Algorithm::Exhaustive, k, 300)
            ]
        );
        for pane in &view.compare {
            assert_eq!((pane.moves.as_str(), pane.seed), ("+20", Some(5)));
        }
        let written = view.format().unwrap();
        assert!(
            written.ends_with(
                "&compare=mcts:uct=0.5:iterations=300;mcts:uct=2:iterations=50;exhaustive"
            ),
            "{written}"
        );
        assert_eq!(View::parse(&written).unwrap(), view);
    }

    #[test]
    fn side_by_side_errors_name_the_field_and_the_pane() {
        for (rest, expected) in [
            ("compare=mcts;mcts;mcts;mcts;mcts", "5 panes given"),
            ("compare=mcts:uct=0.5;", "pane 2: names no algorithm"),
            (
                "compare=mcts:iterations=0;mcts",
                "pane 1: iterations: must be between",
            ),
            (
                "compare=mcts;exhaustive:uct=1",
                "pane 2: 'uct' is not a parameter of exhaustive (its parameters: none)",
            ),
        ] {
            let err = View::parse(&format!("v=1&game=sumzero&{rest}")).unwrap_err();
            assert_eq!(err.field, "compare", "{rest}: {err}");
            assert!(err.message.starts_with(expected), "{rest}: {}", err.message);
        }
    }
}
