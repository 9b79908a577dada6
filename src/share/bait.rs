//! Bait share links: the level, the agent and its parameters, the run mode, the budget and the
//! seed.
//!
//! `#v=1&game=bait&level=wwwww/wA.gw/wk..w/wwwww&algo=astar&heuristic=walls&mode=plan&max-nodes=2000000&seed=42`:
//! the level's rows joined by `/`; its tiles are checked by the game's own parser, not here.
//!
//! The agent's parameters are those of [`AgentSpec`] under the command line's names (`depth`,
//! `heuristic`, `weight`, `uct`, `rollout-depth`, `population`, `horizon`, `plan-iterations`,
//! `max-nodes`, `seed`; added with issue 20 for `algo=kbfe`: `rollouts`, `value`, `alpha`,
//! `beta`, `features`, `distance`, `feature-scale`, `keep-weights`), so
//! a link and a `searchlab bait solve` command with the same settings run the same search; the
//! link adds the run mode, the think time per action (`budget-ms`), the pace at which a plan is
//! searched so a class can watch it (`pace`, steps a second) and the course heuristic's weights
//! (`weights=score,distance,boxes`).
//!
//! Added with issue 18 (links without them read as before): `level=bridge` (or `lvl=bridge`, the
//! form links are written in) names one of the page's shipped levels ([`SHIPPED_LEVELS`])
//! instead of spelling its rows (a link holds `level` or `lvl`, not both). No shipped name is a
//! valid level, so reading a name in `level` changes no valid link's meaning. And `moves=RRDL` holds the moves played from the start ([`played`]),
//! replayed and checked here so that the link reopens at that point.

use super::compare::{self, Comparable};
use super::numbers::{self, number_fields};
use super::played;
use super::puzzle;
pub use super::puzzle::{KbView, Mode};
use super::shipped_levels::{shipped_level, shipped_names, SHIPPED_LEVELS};
use super::{
    check_seed_and_agent, check_view_game, encode, error, FieldError, Fields, LinkView,
    MAX_LEVEL_COLUMNS, MAX_LEVEL_ROWS, VERSION,
};
use crate::agents::bait::{AgentSpec, Algorithm, Bound};
use crate::agents::params::BAIT;
use crate::field_error::quoted;
use crate::games::bait::eval::CourseWeights;
use crate::games::bait::BaitState;
use crate::search::Limits;
use serde::{Deserialize, Serialize};

/// Whether an algorithm plans to the goal (a puzzle search) rather than acting under a budget.
pub fn is_planner(algo: Algorithm) -> bool {
    !algo.is_anytime()
}

/// The run mode the page starts in: planners plan, anytime searches act.
pub fn default_mode(algo: Algorithm) -> Mode {
    Mode::natural(algo.is_anytime())
}

/// Every setting of the playground view. Field names are the JS names (camelCase).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify), tsify(missing_as_null))]
pub struct View {
    /// The game (one of [`GAMES`](super::GAMES)).
    #[cfg_attr(target_arch = "wasm32", tsify(type = "\"bait\""))]
    pub game: String,
    /// The level's text, rows separated by `\n`; `None` for a shipped level (`lvl`).
    pub level: Option<String>,
    /// The name of one of the page's shipped levels (the link's `lvl`); with `level`, `None`
    /// for the page's default level, the first shipped one.
    #[serde(default)]
    pub lvl: Option<String>,
    /// The moves played from the level's start, as action indices (0 left, 1 right, 2 down,
    /// 3 up, 4 wait).
    #[serde(default)]
    #[cfg_attr(target_arch = "wasm32", tsify(optional))]
    pub moves: Vec<u32>,
    /// The search algorithm.
    #[cfg_attr(target_arch = "wasm32", tsify(type = "AlgorithmBait"))]
    pub algo: Algorithm,
    /// Plan or act.
    pub mode: Mode,
    /// Depth limit of depth-limited DFS.
    pub depth: u32,
    /// Lower bound of A* and weighted A*.
    pub heuristic: Bound,
    /// Weights of depth-limited DFS's course heuristic: per point of score, per step of
    /// distance still to walk, per cell between a box and its nearest hole.
    pub weights: [f64; 3],
    /// Weight w of weighted A* (f = g + w·h), at least 1.
    pub weight: f64,
    /// UCT exploration constant K of MCTS.
    pub uct: f64,
    /// MCTS rollout depth (also its tree depth limit, as in GVGAI).
    pub rollout_depth: u32,
    /// RHEA population size.
    pub population: u32,
    /// RHEA horizon (individual length).
    pub horizon: u32,
    /// MCTS and RHEA in plan mode: iterations searched before each committed move.
    pub plan_iterations: u64,
    /// KB Fast-Evo's settings (links written before it read as its defaults).
    #[serde(default)]
    #[cfg_attr(target_arch = "wasm32", tsify(optional))]
    pub kbfe: KbView,
    /// Most expansions (iterations for MCTS and RHEA) of one search.
    pub max_nodes: u64,
    /// Think time per action in act mode, in milliseconds.
    pub budget_ms: u32,
    /// Steps a second at which plan mode searches, so that it can be watched (one of [`PACES`];
    /// 0: full speed).
    pub pace: u32,
    /// The search seed; `None` until the page draws a fresh one.
    pub seed: Option<u64>,
    /// Side by side: two to four panes on this level, each this view with its own algorithm and
    /// parameters (the link's `compare` key, see [`compare`](super::compare)); empty for the
    /// single view.
    #[serde(default)]
    #[cfg_attr(target_arch = "wasm32", tsify(optional, type = "View[]"))]
    pub compare: Vec<View>,
}

impl Default for View {
    /// [`AgentSpec`]'s defaults (A* with the state-aware bound, GVGAI's sample agents), plan
    /// mode, the parameter table's node limit and time per action, no level and no seed yet.
    fn default() -> Self {
        let spec = AgentSpec::default();
        let course = CourseWeights::default();
        View {
            game: "bait".into(),
            level: None,
            lvl: None,
            moves: Vec::new(),
            algo: spec.algo,
            mode: default_mode(spec.algo),
            depth: spec.dls_depth(),
            heuristic: spec.heuristic,
            weights: [course.score, course.distance, course.box_to_hole],
            weight: spec.weight,
            uct: spec.uct,
            rollout_depth: spec.rollout_depth,
            population: spec.population as u32,
            horizon: spec.horizon as u32,
            plan_iterations: spec.plan_iterations,
            kbfe: KbView::default(),
            max_nodes: BAIT.int_default("max-nodes"),
            budget_ms: BAIT.int_default("budget-ms") as u32,
            pace: 0,
            seed: None,
            compare: Vec::new(),
        }
    }
}

/// The paces a plan may be searched at, in steps a second (0: full speed): the page's choices.
pub const PACES: [u32; 5] = [0, 1, 10, 100, 1000];

impl View {
    /// The level's text: its rows, else the shipped level it names, else the default level.
    pub fn level_text(&self) -> Result<&str, FieldError> {
        match (&self.level, &self.lvl) {
            (Some(_), Some(_)) => Err(error(
                "lvl",
                "a link names its level by rows (level) or by name (lvl), not both",
            )),
            (Some(rows), None) => Ok(rows),
            (None, Some(name)) => shipped_level(name).ok_or_else(|| {
                error(
                    "lvl",
                    format!(
                        "unknown level '{}' (expected {})",
                        quoted(name),
                        shipped_names()
                    ),
                )
            }),
            (None, None) => Ok(SHIPPED_LEVELS[0].1),
        }
    }

    /// Replays the moves on the level: the error names the first move that cannot be played
    /// (the game was over) or the level's problem.
    fn check_moves(&self) -> Result<(), FieldError> {
        let text = self.level_text()?;
        if self.moves.is_empty() {
            return Ok(());
        }
        let field = if self.lvl.is_some() { "lvl" } else { "level" };
        let state = BaitState::parse(text).map_err(|e| error(field, format!("{e}")))?;
        puzzle::replay(state, &self.moves)
    }

    /// The agent these settings describe, with at most `max_memory_bytes` of search memory.
    pub fn agent_spec(&self, max_memory_bytes: u64) -> AgentSpec {
        let [score, distance, box_to_hole] = self.weights;
        AgentSpec {
            algo: self.algo,
            depth: (self.algo == Algorithm::Dls).then_some(self.depth),
            heuristic: self.heuristic,
            weight: self.weight,
            course: CourseWeights {
                score,
                distance,
                box_to_hole,
                ..CourseWeights::default()
            },
            uct: self.uct,
            rollout_depth: self.rollout_depth,
            population: self.population as usize,
            horizon: self.horizon as usize,
            plan_iterations: self.plan_iterations,
            rollouts: self.kbfe.rollouts,
            value: self.kbfe.value,
            alpha: self.kbfe.alpha,
            beta: self.kbfe.beta,
            features: self.kbfe.features,
            distance: self.kbfe.distance,
            feature_scale: self.kbfe.feature_scale,
            keep_weights: self.kbfe.keep_weights,
            limits: Limits {
                max_nodes: self.max_nodes,
                max_memory_bytes,
            },
            ..AgentSpec::default()
        }
    }
}

impl LinkView for View {
    const GAME: &'static str = "bait";

    /// Checks every field against the ranges a link accepts (the page calls this for its own
    /// settings too, so a view it writes can always be read back).
    fn validate(&self) -> Result<(), FieldError> {
        check_view_game(&self.game, "bait", "Bait")?;
        if let Some(level) = &self.level {
            check_level_size(level)?;
        }
        self.check_moves()?;
        numbers::check(self, BAIT)?;
        for weight in self.weights {
            BAIT.float("weights", weight)?;
        }
        if !PACES.contains(&self.pace) {
            let offered: Vec<String> = PACES[1..].iter().map(u32::to_string).collect();
            let (last, rest) = offered.split_last().expect("PACES offers slowed paces");
            return Err(error(
                "pace",
                format!(
                    "{} steps a second is not offered: {} or {last} (or 0 for full speed)",
                    self.pace,
                    rest.join(", ")
                ),
            ));
        }
        // The agent's own checks agree with the ranges above.
        check_seed_and_agent(self.seed, self.agent_spec(u64::MAX).validate())?;
        compare::validate_panes(&self.compare)
    }

    /// Reads a Bait link's fields.
    fn from_fields(fields: &Fields) -> Result<View, FieldError> {
        fields.expect_game("bait", "a Bait", KEYS)?;
        let get = |key: &str| fields.get(key);
        let mut view = View::default();
        if let Some(level) = get("level") {
            if level.is_empty() {
                return Err(error("level", "empty: give the level's rows joined by '/'"));
            }
            if let Some(c) = level.chars().find(|c| c.is_control()) {
                return Err(error(
                    "level",
                    format!("holds the control character {c:?}; rows are joined by '/'"),
                ));
            }
            if shipped_level(level).is_some() {
                // `level=bridge`: a shipped level's name, never rows (see the module's doc).
                if get("lvl").is_some() {
                    return Err(error(
                        "lvl",
                        "a link names its level by rows (level) or by name (lvl), not both",
                    ));
                }
                view.lvl = Some(level.to_string());
            } else {
                view.level = Some(level.split('/').collect::<Vec<_>>().join("\n"));
            }
        }
        if let Some(name) = get("lvl") {
            view.lvl = Some(name.to_string());
        }
        if let Some(moves) = get(played::KEY) {
            view.moves = puzzle::read_moves(moves)?;
        }
        if let Some(algo) = get("algo") {
            view.algo = Algorithm::parse(algo).map_err(|e| error("algo", e.message))?;
        }
        view.mode = match get("mode") {
            None => default_mode(view.algo),
            Some(word) => Mode::parse(word)?,
        };
        if let Some(h) = get("heuristic") {
            view.heuristic = Bound::parse(h).map_err(|e| error("heuristic", e.message))?;
        }
        numbers::read(fields, &mut view)?;
        if let Some(raw) = get("weights") {
            let parts: Vec<&str> = raw.split(',').collect();
            if parts.len() != 3 {
                return Err(error(
                    "weights",
                    "expected three numbers separated by commas: score,distance,boxes",
                ));
            }
            for (slot, part) in view.weights.iter_mut().zip(parts) {
                *slot = part
                    .parse()
                    .map_err(|_| error("weights", format!("'{}' is not a number", quoted(part))))?;
            }
        }
        puzzle::read_kb_fields(fields, &mut view.kbfe, BAIT)?;
        fields.number("pace", &mut view.pace)?;
        view.seed = fields.seed()?;
        view.compare = compare::read_panes(fields)?;
        view.validate()?;
        Ok(view)
    }

    /// Writes the fragment (without `#`): the fields the algorithm reads, the budget, the seed.
    fn format(&self) -> Result<String, FieldError> {
        self.validate()?;
        let mut out = format!("v={VERSION}&game={}", encode(&self.game));
        if let Some(level) = &self.level {
            // The inverse of reading: every row, empty ones included (`lines()` would drop a
            // trailing empty row, so a link read and written again would change).
            let rows: Vec<String> = level
                .split('\n')
                .map(|row| encode(row.strip_suffix('\r').unwrap_or(row)))
                .collect();
            out.push_str("&level=");
            out.push_str(&rows.join("/"));
        }
        if let Some(name) = &self.lvl {
            out.push_str(&format!("&lvl={}", encode(name)));
        }
        out.push_str("&algo=");
        out.push_str(self.algo.name());
        let keys = puzzle::written_keys(BAIT, self.algo.name(), self.mode);
        numbers::write_keys(&mut out, keys, |key| match key {
            "weights" => {
                let [score, distance, boxes] = self.weights;
                Some(format!("{score},{distance},{boxes}"))
            }
            "heuristic" => Some(Bound::name(self.heuristic).to_string()),
            key => puzzle::kb_word(&self.kbfe, key).or_else(|| numbers::text(self, key)),
        })?;
        out.push_str(&format!("&mode={}", self.mode.name()));
        out.push_str(&format!("&max-nodes={}", self.max_nodes));
        match self.mode {
            Mode::Act => out.push_str(&format!("&budget-ms={}", self.budget_ms)),
            Mode::Plan if self.pace > 0 => out.push_str(&format!("&pace={}", self.pace)),
            Mode::Plan => {}
        }
        if let Some(seed) = self.seed {
            out.push_str(&format!("&seed={seed}"));
        }
        out.push_str(&puzzle::format_moves(&self.moves)?);
        out.push_str(&compare::format_panes(&self.compare)?);
        Ok(out)
    }
}

impl Comparable for View {
    const TABLE: crate::agents::params::Table = BAIT;

    fn panes(&self) -> &[View] {
        &self.compare
    }
}

number_fields!(View {
    "depth" => depth,
    "weight" => weight,
    "uct" => uct,
    "rollout-depth" => rollout_depth,
    "population" => population,
    "horizon" => horizon,
    "plan-iterations" => plan_iterations,
    "alpha" => kbfe.alpha,
    "beta" => kbfe.beta,
    "max-nodes" => max_nodes,
    "budget-ms" => budget_ms,
});

/// Every key a link may hold.
const KEYS: &[&str] = &[
    "v",
    "game",
    "level",
    "lvl",
    played::KEY,
    "algo",
    "mode",
    "depth",
    "heuristic",
    "weights",
    "weight",
    "uct",
    "rollout-depth",
    "population",
    "horizon",
    "plan-iterations",
    "rollouts",
    "value",
    "alpha",
    "beta",
    "features",
    "distance",
    "feature-scale",
    "keep-weights",
    "max-nodes",
    "budget-ms",
    "pace",
    "seed",
    compare::KEY,
];

fn check_level_size(level: &str) -> Result<(), FieldError> {
    let rows: Vec<&str> = level.lines().collect();
    if rows.len() > MAX_LEVEL_ROWS {
        return Err(error(
            "level",
            format!("{} rows; at most {MAX_LEVEL_ROWS} are accepted", rows.len()),
        ));
    }
    for (i, row) in rows.iter().enumerate() {
        let width = row.chars().count();
        if width > MAX_LEVEL_COLUMNS {
            return Err(error(
                "level",
                format!(
                    "row {} has {width} characters; at most {MAX_LEVEL_COLUMNS} are accepted",
                    i + 1
                ),
            ));
        }
        if let Some(c) = row.chars().find(|c| c.is_control()) {
            return Err(error(
                "level",
                format!("row {} holds the control character {:?}", i + 1, c),
            ));
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::kb_fast_evo::{Distance, FeatureScale, FeatureTypes, Rollouts, Value};
    use crate::share::link_message;
    use crate::share::{MAX_LINK_BYTES, MAX_SEED};

    const LEVEL: &str = "wwwww\nwA.gw\nwk0.w\nwwwww";

    #[test]
    fn a_hand_written_link_reads_back() {
        let view = View::parse(
            "#v=1&game=bait&level=wwwww/wA.gw/wk0.w/wwwww&algo=wastar&weight=1.5&seed=7",
        )
        .unwrap();
        assert_eq!(view.level.as_deref(), Some(LEVEL));
        assert_eq!(view.algo, Algorithm::Wastar);
        assert_eq!(view.weight, 1.5);
        assert_eq!(view.mode, Mode::Plan);
        assert_eq!(view.seed, Some(7));
    }

    #[test]
    fn only_v_is_required_and_defaults_fill_the_rest() {
        let view = View::parse("v=1").unwrap();
        assert_eq!(view, View::default());
        assert_eq!(View::parse("v=1&algo=mcts").unwrap().mode, Mode::Act);
        let spec = View::default().agent_spec(1 << 20);
        assert_eq!(spec.algo, AgentSpec::default().algo);
        assert_eq!(spec.heuristic, AgentSpec::default().heuristic);
    }

    #[test]
    fn format_then_parse_is_the_identity() {
        for algo in Algorithm::ALL {
            let view = View {
                level: Some("www\nwA w\n".trim_end().into()),
                algo,
                mode: default_mode(algo),
                seed: Some(MAX_SEED),
                ..View::default()
            };
            let link = view.format().unwrap();
            let back = View::parse(&link).unwrap();
            assert_eq!(back.level, view.level, "{link}");
            assert_eq!(back.algo, algo);
            assert_eq!(back.format().unwrap(), link);
        }
    }

    #[test]
    fn the_link_writes_only_what_the_algorithm_reads() {
        let view = View {
            level: Some(LEVEL.into()),
            algo: Algorithm::Mcts,
            mode: Mode::Act,
            uct: 1.5,
            seed: Some(42),
            ..View::default()
        };
        assert_eq!(
            view.format().unwrap(),
            "v=1&game=bait&level=wwwww/wA.gw/wk0.w/wwwww&algo=mcts&uct=1.5\
             &rollout-depth=10&mode=act&max-nodes=2000000&budget-ms=40&seed=42"
        );
        // Planning, MCTS reads its iterations per move.
        let planning = View {
            mode: Mode::Plan,
            plan_iterations: 300,
            ..view
        };
        let link = planning.format().unwrap();
        assert!(
            link.ends_with(
                "&rollout-depth=10&plan-iterations=300&mode=plan&max-nodes=2000000&seed=42"
            ),
            "{link}"
        );
        assert_eq!(View::parse(&link).unwrap(), planning);
    }

    #[test]
    fn a_paced_plan_keeps_its_pace_and_act_mode_drops_it() {
        let view = View::parse("v=1&algo=bfs&mode=plan&pace=10").unwrap();
        assert_eq!(view.pace, 10);
        let link = view.format().unwrap();
        assert!(
            link.ends_with("&mode=plan&max-nodes=2000000&pace=10"),
            "{link}"
        );
        assert_eq!(View::parse(&link).unwrap(), view);
        let acting = View {
            mode: Mode::Act,
            ..view
        };
        assert!(!acting.format().unwrap().contains("pace"));
        let err = View::parse("v=1&pace=50").unwrap_err();
        assert_eq!(err.field, "pace");
        assert_eq!(
            err.message,
            "50 steps a second is not offered: 1, 10, 100 or 1000 (or 0 for full speed)"
        );
    }

    #[test]
    fn course_weights_travel_with_depth_limited_search() {
        let view = View::parse("v=1&algo=dls&depth=3&weights=5,2,0.5").unwrap();
        assert_eq!(view.weights, [5.0, 2.0, 0.5]);
        let link = view.format().unwrap();
        assert!(link.contains("&depth=3&weights=5,2,0.5&"), "{link}");
        assert_eq!(View::parse(&link).unwrap(), view);
        let spec = view.agent_spec(1 << 20);
        assert_eq!(spec.depth, Some(3));
        assert_eq!(spec.course.score, 5.0);
        assert_eq!(spec.course.box_to_hole, 0.5);
    }

    #[test]
    fn a_level_with_empty_rows_writes_back_the_link_it_was_read_from() {
        // Found by tests/fuzz_parsers.rs: trailing empty rows were dropped one at a time.
        let link = "v=1&game=bait&level=wwwww/wA.gw/wk0.w//&algo=astar&heuristic=state&mode=plan&max-nodes=2000000";
        let view = View::parse(link).unwrap();
        assert_eq!(view.format().unwrap(), link);
    }

    #[test]
    fn spaces_in_course_levels_are_escaped_and_restored() {
        let view = View {
            level: Some("www\nwA w\nwww".into()),
            ..View::default()
        };
        let link = view.format().unwrap();
        assert!(link.contains("level=www/wA%20w/www"), "{link}");
        assert_eq!(View::parse(&link).unwrap().level, view.level);
    }

    fn field_of(link: &str) -> String {
        View::parse(link).unwrap_err().field
    }

    #[test]
    fn errors_name_the_bad_field() {
        assert_eq!(field_of("algo=astar"), "v");
        assert_eq!(field_of("v=2"), "v");
        assert_eq!(field_of("v=1&algo=dijkstra"), "algo");
        assert_eq!(field_of("v=1&game=chess"), "game");
        assert_eq!(field_of("v=1&game=2048"), "game");
        assert_eq!(field_of("v=1&mode=fast"), "mode");
        assert_eq!(field_of("v=1&heuristic=magic"), "heuristic");
        assert_eq!(field_of("v=1&heuristic=course"), "heuristic");
        assert_eq!(field_of("v=1&algo=dls&weights=1,2"), "weights");
        assert_eq!(field_of("v=1&algo=dls&weights=1,x,2"), "weights");
        assert_eq!(field_of("v=1&depth=abc"), "depth");
        assert_eq!(field_of("v=1&depth=0"), "depth");
        assert_eq!(field_of("v=1&weight=0.5"), "weight");
        assert_eq!(field_of("v=1&weight=NaN"), "weight");
        assert_eq!(field_of("v=1&uct=inf"), "uct");
        assert_eq!(field_of("v=1&depth=65"), "depth");
        assert_eq!(field_of("v=1&population=1"), "population");
        assert_eq!(field_of("v=1&budget-ms=-3"), "budget-ms");
        assert_eq!(field_of("v=1&pace=-1"), "pace");
        assert_eq!(field_of("v=1&max-nodes=99999999999"), "max-nodes");
        assert_eq!(field_of("v=1&seed=9007199254740992"), "seed");
        assert_eq!(field_of("v=1&level="), "level");
        assert_eq!(field_of("v=1&level=ab%zz"), "level");
        assert_eq!(field_of("v=1&level=%FF"), "level");
        assert_eq!(field_of("v=1&level=ab%0Acd"), "level");
        assert_eq!(field_of("v=1&colour=red"), "colour");
        assert_eq!(field_of("v=1&algo"), "algo");
        assert_eq!(field_of("v=1&algo=bfs&algo=dfs"), "algo");
        assert_eq!(field_of("v=1&algo=kbfe&rollouts=greedy"), "rollouts");
        assert_eq!(field_of("v=1&algo=kbfe&value=win"), "value");
        assert_eq!(field_of("v=1&algo=kbfe&alpha=nan"), "alpha");
        assert_eq!(field_of("v=1&algo=kbfe&beta=1e9"), "beta");
        assert_eq!(field_of("v=1&algo=kbfe&features=some"), "features");
        assert_eq!(field_of("v=1&algo=kbfe&distance=manhattan"), "distance");
        assert_eq!(field_of("v=1&algo=kbfe&feature-scale=px"), "feature-scale");
        assert_eq!(field_of("v=1&algo=kbfe&keep-weights=yes"), "keep-weights");
    }

    #[test]
    fn kb_fast_evo_links_carry_the_ablation_switches() {
        let link =
            "v=1&game=bait&lvl=bridge&algo=kbfe&rollouts=uniform&value=score&alpha=1&beta=0.5\
                    &features=all&distance=walking&feature-scale=cells&keep-weights=on&seed=3";
        let view = View::parse(link).unwrap();
        assert_eq!(view.mode, Mode::Act);
        let spec = view.agent_spec(1 << 20);
        assert_eq!(
            (spec.algo, spec.rollouts, spec.value),
            (Algorithm::Kbfe, Rollouts::Uniform, Value::Score)
        );
        assert_eq!((spec.alpha, spec.beta, spec.keep_weights), (1.0, 0.5, true));
        assert_eq!(
            (spec.features, spec.distance, spec.feature_scale),
            (FeatureTypes::All, Distance::Walking, FeatureScale::Cells)
        );
        let written = view.format().unwrap();
        assert!(
            written.contains("&algo=kbfe&uct=1.4142135623730951&rollout-depth=10&rollouts=uniform&value=score\
                              &alpha=1&beta=0.5&features=all&distance=walking&feature-scale=cells&keep-weights=on&mode=act"),
            "{written}"
        );
        assert_eq!(View::parse(&written).unwrap(), view);
        let defaults = View::parse("v=1&algo=kbfe").unwrap().agent_spec(1 << 20);
        assert_eq!(
            (defaults.rollouts, defaults.value),
            (Rollouts::Evolved, Value::Knowledge)
        );
        assert!(!View::parse("v=1&algo=mcts")
            .unwrap()
            .format()
            .unwrap()
            .contains("rollouts"));
    }

    #[test]
    fn messages_say_what_is_accepted() {
        let err = View::parse("v=1&algo=dijkstra").unwrap_err();
        assert_eq!(
            link_message(&err),
            "share link, field 'algo': unknown algorithm 'dijkstra' \
             (expected dfs, dls, bfs, astar, wastar, mcts, rhea or kbfe)"
        );
        let err = View::parse("v=1&depth=0").unwrap_err();
        assert_eq!(err.message, "must be between 1 and 64, got 0");
    }

    #[test]
    fn oversized_links_and_levels_are_refused() {
        let long = format!("v=1&level={}", "w".repeat(MAX_LINK_BYTES));
        assert_eq!(field_of(&long), "link");
        let wide = format!("v=1&level={}", "w".repeat(MAX_LEVEL_COLUMNS + 1));
        assert_eq!(field_of(&wide), "level");
        let tall = format!("v=1&level={}", vec!["w"; MAX_LEVEL_ROWS + 1].join("/"));
        assert_eq!(field_of(&tall), "level");
    }

    #[test]
    fn quoted_keys_are_shortened_and_cleaned() {
        let key = format!("{}\u{7}", "x".repeat(40));
        let err = View::parse(&format!("v=1&{key}=1")).unwrap_err();
        assert_eq!(err.field, format!("{}…", "x".repeat(24)));
    }

    #[test]
    fn lvl_names_a_shipped_level_and_round_trips() {
        let view = View::parse("v=1&game=bait&lvl=bridge&algo=bfs").unwrap();
        assert_eq!(view.lvl.as_deref(), Some("bridge"));
        assert_eq!(view.level, None);
        assert_eq!(view.level_text().unwrap(), shipped_level("bridge").unwrap());
        let link = view.format().unwrap();
        assert!(
            link.starts_with("v=1&game=bait&lvl=bridge&algo=bfs&"),
            "{link}"
        );
        assert_eq!(View::parse(&link).unwrap(), view);
        // The default level is the first shipped one.
        assert_eq!(View::default().level_text().unwrap(), SHIPPED_LEVELS[0].1);
    }

    #[test]
    fn an_unknown_lvl_lists_the_shipped_names() {
        let err = View::parse("v=1&lvl=bridges").unwrap_err();
        assert_eq!(err.field, "lvl");
        assert_eq!(
            err.message,
            "unknown level 'bridges' (expected first-steps, open-field, bridge, sealed-door, \
             far-door or warehouse)"
        );
        let err = View::parse("v=1&lvl=bridge&level=www/wAw/www").unwrap_err();
        assert_eq!(err.field, "lvl");
        assert!(err.message.contains("not both"), "{err}");
        // A name that is not shipped is still read as rows, and refused as such.
        assert_eq!(field_of("v=1&level=bridges&moves=R"), "level");
    }

    #[test]
    fn level_accepts_a_shipped_name_as_lvl_does() {
        for &(name, text) in SHIPPED_LEVELS {
            // No shipped name is a valid level, so reading it as a name changes no valid link.
            assert!(BaitState::parse(name).is_err(), "{name} parses as a level");
            let by_level = View::parse(&format!("v=1&game=bait&level={name}&moves=N")).unwrap();
            let by_lvl = View::parse(&format!("v=1&game=bait&lvl={name}&moves=N")).unwrap();
            assert_eq!(by_level, by_lvl, "{name}");
            assert_eq!(by_level.level_text().unwrap(), text);
            // Written back in the `lvl` form, which reads the same.
            assert!(by_level
                .format()
                .unwrap()
                .contains(&format!("&lvl={name}&")));
        }
        let err = View::parse("v=1&level=bridge&lvl=bridge").unwrap_err();
        assert_eq!(err.field, "lvl");
        assert!(err.message.contains("not both"), "{err}");
    }

    #[test]
    fn moves_round_trip_and_are_replayed() {
        let link = "v=1&game=bait&level=wwwww/wAkgw/wwwww&algo=bfs&mode=plan&max-nodes=2000000&seed=5&moves=LNRR";
        let view = View::parse(link).unwrap();
        assert_eq!(view.moves, vec![0, 4, 1, 1]);
        assert_eq!(view.format().unwrap(), link);
        let on_bridge = View::parse("v=1&lvl=bridge&moves=UDLRN").unwrap();
        assert_eq!(on_bridge.moves.len(), 5);
    }

    #[test]
    fn a_move_after_the_end_or_a_wrong_letter_is_named() {
        // Key, door: won after two moves; the third cannot be played.
        let err = View::parse("v=1&level=wwwww/wAkgw/wwwww&moves=RRL").unwrap_err();
        assert_eq!(err.field, "moves");
        assert_eq!(
            err.message,
            "move 3 ('L') cannot be played: the game is over"
        );
        let err = View::parse("v=1&moves=RRx").unwrap_err();
        assert_eq!(
            err.message,
            "move 3: 'x' is not a move (expected L, R, D, U or N)"
        );
        assert_eq!(field_of("v=1&level=www/wxw/www&moves=R"), "level");
    }

    #[test]
    fn format_refuses_an_out_of_range_view() {
        let view = View {
            budget_ms: 0,
            ..View::default()
        };
        assert_eq!(view.format().unwrap_err().field, "budget-ms");
    }
}
