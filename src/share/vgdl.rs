//! VGDL share links (added with issue 21): the game, the level, the moves played, the agent and
//! its parameters, the seed.
//!
//! `#v=1&game=vgdl&vgdl=crates&lvl=1&algo=bfs&max-nodes=2000000`: a shipped game by name
//! ([`SHIPPED_GAMES`]; none: the first) and its level by number from 0. Or the game's own text,
//! `rules-z=<the VGDL file, packed>` ([`packed`](super::packed): deflated, in base64url) with
//! `level=<the level, percent-encoded>` (kept readable, to be written by hand), within the link's
//! size limit ([`MAX_LINK_BYTES`], each text at most as long unpacked). Links written before
//! packing, `rules=<the VGDL file, percent-encoded>`, read as before. A link holds
//! `vgdl` or the rules (`rules` or `rules-z`), not both, and a link with rules holds its level. `level` may also replace a shipped game's level. The game file and
//! the level are parsed here, so a link with a mistake in either names the field, the line and
//! the column. `moves=RRDL` holds the moves played from the start (letters `L R D U N`),
//! replayed here so that the link reopens at that point. The agent's keys are Bait's: `algo`,
//! its parameters, `mode=plan|act` (MCTS, RHEA and KB Fast-Evo plan with `plan-iterations` a
//! move, or act under `budget-ms`), KB Fast-Evo's own keys ([`puzzle`](super::puzzle)), and
//! `compare`, side by side ([`compare`](super::compare)).

use super::compare::{self, Comparable};
use super::numbers::{self, number_fields};
use super::packed::{pack, unpack};
use super::puzzle::{self, KbView, Mode};
use super::shipped_vgdl::{shipped_game, shipped_game_names, ShippedGame, SHIPPED_GAMES};
use super::{
    check_seed_and_agent, check_view_game, encode, error, played, FieldError, Fields, LinkView,
    MAX_LINK_BYTES, VERSION,
};
use crate::agents::params::VGDL;
use crate::agents::vgdl::{AgentSpec, Algorithm};
use crate::field_error::quoted;
use crate::games::vgdl::LoadError;
use crate::games::vgdl_play::VgdlPlay;
use crate::search::Limits;
use serde::{Deserialize, Serialize};

/// Every setting of a VGDL game's page. Field names are the JS names (camelCase).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
#[cfg_attr(
    target_arch = "wasm32",
    derive(tsify::Tsify),
    tsify(rename = "ViewVgdl", missing_as_null)
)]
pub struct View {
    #[cfg_attr(target_arch = "wasm32", tsify(type = "\"vgdl\""))]
    pub game: String,
    /// A shipped game's name (the link's `vgdl`); `None` with `rules` `None`: the first.
    pub vgdl: Option<String>,
    /// The game file's text (the link's `rules`), for a game that is not shipped.
    pub rules: Option<String>,
    /// The shipped game's level, from 0 (the link's `lvl`); ignored when `level` is given.
    pub lvl: u32,
    /// The level's text (the link's `level`); required with `rules`.
    pub level: Option<String>,
    /// The moves played from the level's start, as action indices (0 left, 1 right, 2 down,
    /// 3 up, 4 wait).
    #[serde(default)]
    #[cfg_attr(target_arch = "wasm32", tsify(optional))]
    pub moves: Vec<u32>,
    #[cfg_attr(target_arch = "wasm32", tsify(type = "AlgorithmVgdl"))]
    pub algo: Algorithm,
    /// Plan or act (links written before modes: planners plan, the others act).
    #[serde(default = "default_mode")]
    #[cfg_attr(target_arch = "wasm32", tsify(optional))]
    pub mode: Mode,
    /// Depth limit of depth-limited DFS.
    pub depth: u32,
    /// UCT exploration constant K of MCTS.
    pub uct: f64,
    /// MCTS rollout depth (also its tree depth limit).
    pub rollout_depth: u32,
    /// RHEA population size.
    pub population: u32,
    /// RHEA horizon.
    pub horizon: u32,
    /// MCTS, RHEA and KB Fast-Evo in plan mode: iterations searched before each committed move.
    #[serde(default = "default_plan_iterations")]
    #[cfg_attr(target_arch = "wasm32", tsify(optional))]
    pub plan_iterations: u64,
    /// KB Fast-Evo's settings.
    #[serde(default)]
    #[cfg_attr(target_arch = "wasm32", tsify(optional))]
    pub kbfe: KbView,
    /// Most expansions (iterations for MCTS and RHEA) of one search.
    pub max_nodes: u64,
    /// MCTS and RHEA: think time per action, in milliseconds.
    pub budget_ms: u32,
    /// The search seed; `None` until the page draws a fresh one.
    pub seed: Option<u64>,
    /// Side by side: two to four panes on this level, each this view with its own algorithm and
    /// parameters (the link's `compare` key); empty for the single view.
    #[serde(default)]
    #[cfg_attr(target_arch = "wasm32", tsify(optional, type = "ViewVgdl[]"))]
    pub compare: Vec<View>,
}

fn default_mode() -> Mode {
    Mode::natural(View::default().algo.is_anytime())
}

fn default_plan_iterations() -> u64 {
    VGDL.int_default("plan-iterations")
}

impl Default for View {
    /// The first shipped game's first level, BFS, the parameter table's defaults, no seed yet.
    fn default() -> Self {
        View {
            game: "vgdl".into(),
            vgdl: None,
            rules: None,
            lvl: 0,
            level: None,
            moves: Vec::new(),
            algo: Algorithm::Bfs,
            mode: Mode::Plan,
            depth: VGDL.int_default("depth") as u32,
            uct: VGDL.float_default("uct"),
            rollout_depth: VGDL.int_default("rollout-depth") as u32,
            population: VGDL.int_default("population") as u32,
            horizon: VGDL.int_default("horizon") as u32,
            plan_iterations: VGDL.int_default("plan-iterations"),
            kbfe: KbView::default(),
            max_nodes: VGDL.int_default("max-nodes"),
            budget_ms: VGDL.int_default("budget-ms") as u32,
            seed: None,
            compare: Vec::new(),
        }
    }
}

number_fields!(View {
    "depth" => depth,
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
    "vgdl",
    "rules",
    "rules-z",
    "lvl",
    "level",
    played::KEY,
    "algo",
    "mode",
    "depth",
    "uct",
    "rollout-depth",
    "population",
    "horizon",
    "plan-iterations",
    puzzle::KB_KEYS[0],
    puzzle::KB_KEYS[1],
    puzzle::KB_KEYS[2],
    puzzle::KB_KEYS[3],
    puzzle::KB_KEYS[4],
    puzzle::KB_KEYS[5],
    puzzle::KB_KEYS[6],
    puzzle::KB_KEYS[7],
    "max-nodes",
    "budget-ms",
    "seed",
    compare::KEY,
];

impl View {
    /// The shipped game the view names, if it names one by name (or by default).
    fn shipped(&self) -> Result<Option<&'static ShippedGame>, FieldError> {
        match (&self.vgdl, &self.rules) {
            (Some(_), Some(_)) => Err(error(
                "rules",
                "a link names its game by name (vgdl) or by its text (rules), not both",
            )),
            (None, Some(_)) => Ok(None),
            (Some(name), None) => shipped_game(name).map(Some).ok_or_else(|| {
                error(
                    "vgdl",
                    format!(
                        "unknown game '{}' (expected {})",
                        quoted(name),
                        shipped_game_names()
                    ),
                )
            }),
            (None, None) => Ok(Some(&SHIPPED_GAMES[0])),
        }
    }

    /// The game file's text and the level's text, and which fields they came from.
    pub fn texts(&self) -> Result<(&str, &str, &'static str), FieldError> {
        let shipped = self.shipped()?;
        let rules = match (shipped, &self.rules) {
            (Some(game), _) => game.rules,
            (None, Some(rules)) => rules.as_str(),
            (None, None) => unreachable!("shipped() names a game when rules is None"),
        };
        let level = match (&self.level, shipped) {
            (Some(level), _) => level.as_str(),
            (None, Some(game)) => {
                let count = game.levels.len();
                game.levels.get(self.lvl as usize).copied().ok_or_else(|| {
                    error(
                        "lvl",
                        format!(
                            "{} has levels 0 to {}, not {}",
                            game.name,
                            count - 1,
                            self.lvl
                        ),
                    )
                })?
            }
            (None, None) => {
                return Err(error(
                    "level",
                    "a link that carries its game's rules carries its level too",
                ))
            }
        };
        let rules_field = if self.rules.is_some() {
            "rules"
        } else {
            "vgdl"
        };
        Ok((rules, level, rules_field))
    }

    /// The start of the view's level; the error names the field, line and column at fault.
    pub fn start(&self) -> Result<VgdlPlay, FieldError> {
        let (rules, level, rules_field) = self.texts()?;
        VgdlPlay::parse(rules, level).map_err(|e| match e {
            LoadError::Game(e) => error(rules_field, format!("game file: {e}")),
            LoadError::Level(e) => {
                let field = if self.level.is_some() { "level" } else { "lvl" };
                error(field, format!("level: {e}"))
            }
        })
    }

    /// The agent these settings describe, with at most `max_memory_bytes` of search memory.
    pub fn agent_spec(&self, max_memory_bytes: u64) -> AgentSpec {
        AgentSpec {
            algo: self.algo,
            depth: self.depth,
            uct: self.uct,
            rollout_depth: self.rollout_depth,
            population: self.population as usize,
            horizon: self.horizon as usize,
            kb: self.kbfe,
            plan_iterations: self.plan_iterations,
            limits: Limits {
                max_nodes: self.max_nodes,
                max_memory_bytes,
            },
        }
    }
}

impl LinkView for View {
    const GAME: &'static str = "vgdl";

    fn validate(&self) -> Result<(), FieldError> {
        check_view_game(&self.game, "vgdl", "a VGDL game")?;
        for (field, text) in [("rules", &self.rules), ("level", &self.level)] {
            if let Some(text) = text {
                if text.len() > MAX_LINK_BYTES {
                    return Err(error(
                        field,
                        format!(
                            "is {} bytes long; a link holds at most {MAX_LINK_BYTES}",
                            text.len()
                        ),
                    ));
                }
            }
        }
        puzzle::replay(self.start()?, &self.moves)?;
        numbers::check(self, VGDL)?;
        check_seed_and_agent(self.seed, self.agent_spec(u64::MAX).validate())?;
        compare::validate_panes(&self.compare)
    }

    fn from_fields(fields: &Fields) -> Result<View, FieldError> {
        fields.expect_game("vgdl", "a VGDL", KEYS)?;
        let get = |key: &str| fields.get(key);
        let mut view = View {
            vgdl: get("vgdl").map(String::from),
            rules: read_rules(fields)?,
            level: get("level").map(String::from),
            ..View::default()
        };
        if view.level.as_deref() == Some("") {
            return Err(error("level", "is empty"));
        }
        fields.number("lvl", &mut view.lvl)?;
        if let Some(moves) = get(played::KEY) {
            view.moves = puzzle::read_moves(moves)?;
        }
        if let Some(algo) = get("algo") {
            view.algo = Algorithm::parse(algo)?;
        }
        view.mode = match get("mode") {
            None => Mode::natural(view.algo.is_anytime()),
            Some(word) => Mode::parse(word)?,
        };
        numbers::read(fields, &mut view)?;
        puzzle::read_kb_fields(fields, &mut view.kbfe, VGDL)?;
        view.seed = fields.seed()?;
        view.compare = compare::read_panes(fields)?;
        view.validate()?;
        Ok(view)
    }

    /// Writes the fragment (without `#`); a game's text that does not fit in a link is an error
    /// naming `rules` (or `level`) and the sizes.
    fn format(&self) -> Result<String, FieldError> {
        self.validate()?;
        let mut out = format!("v={VERSION}&game=vgdl");
        if let Some(name) = &self.vgdl {
            out.push_str(&format!("&vgdl={}", encode(name)));
        }
        if let Some(rules) = &self.rules {
            out.push_str(&format!("&rules-z={}", pack(rules)));
        }
        match &self.level {
            Some(level) => out.push_str(&format!("&level={}", encode(level))),
            None => out.push_str(&format!("&lvl={}", self.lvl)),
        }
        out.push_str(&puzzle::format_moves(&self.moves)?);
        out.push_str(&format!("&algo={}", self.algo.name()));
        let keys = puzzle::written_keys(VGDL, self.algo.name(), self.mode);
        numbers::write_keys(&mut out, keys, |key| {
            puzzle::kb_word(&self.kbfe, key).or_else(|| numbers::text(self, key))
        })?;
        // A link gives the mode only where it is not the algorithm's natural one, so links
        // written before modes are written again as they were.
        if self.mode != Mode::natural(self.algo.is_anytime()) {
            out.push_str(&format!("&mode={}", self.mode.name()));
        }
        out.push_str(&format!("&max-nodes={}", self.max_nodes));
        if self.algo.is_anytime() && self.mode == Mode::Act {
            out.push_str(&format!("&budget-ms={}", self.budget_ms));
        }
        if let Some(seed) = self.seed {
            out.push_str(&format!("&seed={seed}"));
        }
        out.push_str(&compare::format_panes(&self.compare)?);
        if out.len() > MAX_LINK_BYTES {
            let field = if self.rules.is_some() {
                "rules"
            } else {
                "level"
            };
            return Err(error(
                field,
                format!(
                    "the game does not fit in a link: packed, it would be {} bytes long, at most {MAX_LINK_BYTES} are accepted (share a shipped game by name, or a shorter file)",
                    out.len()
                ),
            ));
        }
        Ok(out)
    }
}

impl Comparable for View {
    const TABLE: crate::agents::params::Table = VGDL;

    fn panes(&self) -> &[View] {
        &self.compare
    }

    /// The generic pane, in plan mode whatever the link's mode: side by side compares plans
    /// (MCTS, RHEA and KB Fast-Evo commit to a move after `plan-iterations` each).
    fn read_pane(fields: &Fields, text: &str) -> Result<View, String> {
        let mut pairs: Vec<(String, String)> = fields
            .pairs
            .iter()
            .filter(|(key, _)| key != "mode")
            .cloned()
            .collect();
        pairs.push(("mode".into(), Mode::Plan.name().into()));
        compare::read_algorithm_pane(&Fields { pairs }, text)
    }
}

/// The game file's text: given as it is (`rules`, percent-encoded, as links written before
/// packing) or packed (`rules-z`), not both; at most [`MAX_LINK_BYTES`] long unpacked, not empty.
/// The errors name the key given.
fn read_rules(fields: &Fields) -> Result<Option<String>, FieldError> {
    let (field, rules) = match (fields.get("rules"), fields.get("rules-z")) {
        (Some(_), Some(_)) => {
            return Err(error("rules-z", "a link gives rules or rules-z, not both"))
        }
        (Some(rules), None) => ("rules", rules.to_string()),
        (None, Some(packed)) => ("rules-z", unpack("rules-z", packed, MAX_LINK_BYTES)?),
        (None, None) => return Ok(None),
    };
    if rules.is_empty() {
        return Err(error(field, "is empty"));
    }
    Ok(Some(rules))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_shipped_game_by_name_round_trips() {
        let view = View::parse("v=1&game=vgdl&vgdl=keys&lvl=2&algo=bfs&moves=RR").unwrap();
        assert_eq!(view.vgdl.as_deref(), Some("keys"));
        assert_eq!((view.lvl, view.moves.clone()), (2, vec![1, 1]));
        assert_eq!(View::parse(&view.format().unwrap()).unwrap(), view);
    }

    #[test]
    fn a_game_by_its_text_round_trips_packed() {
        let game = &SHIPPED_GAMES[3];
        let view = View {
            rules: Some(game.rules.to_string()),
            level: Some(game.levels[0].to_string()),
            ..View::default()
        };
        let link = view.format().unwrap();
        assert!(
            link.contains(&format!("&rules-z={}&", pack(game.rules))),
            "{link}"
        );
        assert!(!link.contains("&rules="), "{link}");
        assert_eq!(View::parse(&link).unwrap(), view);
    }

    #[test]
    fn percent_encoded_rules_links_still_open() {
        let game = &SHIPPED_GAMES[1];
        let link = format!(
            "v=1&game=vgdl&rules={}&level={}&algo=bfs",
            encode(game.rules),
            encode(game.levels[2])
        );
        let view = View::parse(&link).unwrap();
        assert_eq!(view.rules.as_deref(), Some(game.rules));
        assert_eq!(view.level.as_deref(), Some(game.levels[2]));
        // Written again, packed; read again, the same view.
        assert_eq!(View::parse(&view.format().unwrap()).unwrap(), view);
    }

    #[test]
    fn a_gvgai_game_packs_to_under_half_its_percent_encoding() {
        let shared = concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../shared/vgdl/chipschallenge/"
        );
        let read = |file: &str| {
            std::fs::read_to_string(format!("{shared}{file}"))
                .unwrap_or_else(|e| panic!("reference data {shared}{file}: {e}"))
        };
        let (rules, level) = (
            read("chipschallenge.vgdl.txt"),
            read("chipschallenge_lvl4.txt"),
        );
        let plain = encode(&rules).len() + encode(&level).len();
        let view = View {
            rules: Some(rules),
            level: Some(level),
            ..View::default()
        };
        let link = view.format().unwrap();
        assert!(link.len() < plain / 2, "{} of {plain}", link.len());
        assert_eq!(View::parse(&link).unwrap(), view);
    }

    #[test]
    fn packed_fields_name_themselves_when_wrong() {
        let field_of = |link: &str| View::parse(link).unwrap_err().field;
        let packed = pack(SHIPPED_GAMES[0].rules);
        let both = format!("v=1&game=vgdl&rules=x&rules-z={packed}&level=A");
        assert_eq!(field_of(&both), "rules-z");
        assert_eq!(field_of("v=1&game=vgdl&rules-z=%21%21&level=A"), "rules-z");
        assert_eq!(field_of("v=1&game=vgdl&rules-z=&level=A"), "rules-z");
        assert_eq!(
            field_of(&format!("v=1&game=vgdl&rules-z={packed}&level=")),
            "level"
        );
        let huge = pack(&"#".repeat(MAX_LINK_BYTES + 1));
        let err = View::parse(&format!("v=1&game=vgdl&rules-z={huge}&level=A")).unwrap_err();
        assert_eq!(err.field, "rules-z");
        assert!(
            err.message.contains("more than 8192 bytes"),
            "{}",
            err.message
        );
    }

    #[test]
    fn errors_name_the_field_and_the_line() {
        let err = View::parse("v=1&game=vgdl&rules=BasicGame%0A%20%20SpriteSet%0A%20%20%20%20a%20%3E%20Nonsense&level=A").unwrap_err();
        assert_eq!(err.field, "rules");
        assert!(err.message.contains("line 3"), "{}", err.message);
        let err = View::parse("v=1&game=vgdl&vgdl=crates&lvl=9").unwrap_err();
        assert_eq!(err.field, "lvl");
        let err = View::parse("v=1&game=vgdl&vgdl=nope").unwrap_err();
        assert_eq!(err.field, "vgdl");
        let err = View::parse("v=1&game=vgdl&vgdl=crates&rules=x").unwrap_err();
        assert_eq!(err.field, "rules");
    }

    #[test]
    fn a_game_too_long_for_a_link_names_rules() {
        let game = &SHIPPED_GAMES[0];
        // Comments of random printable characters, which deflate and base64 make longer than 8,192.
        let mut state = 1u64;
        let noise: String = (0..7300)
            .map(|i| {
                state = state.wrapping_mul(6364136223846793005).wrapping_add(1);
                if i % 60 == 0 {
                    '\n'
                } else {
                    char::from(b'!' + ((state >> 33) % 94) as u8)
                }
            })
            .collect();
        let commented = noise.replace('\n', "\n# ");
        let view = View {
            rules: Some(format!("{}{commented}\n", game.rules.trim_end())),
            level: Some(game.levels[0].to_string()),
            ..View::default()
        };
        view.start().unwrap();
        let err = view.format().unwrap_err();
        assert_eq!(err.field, "rules", "{}", err.message);
        assert!(
            err.message.contains("packed, it would be"),
            "{}",
            err.message
        );
    }

    #[test]
    fn kb_fast_evo_and_its_settings_round_trip() {
        let link = "v=1&game=vgdl&vgdl=keys&lvl=1&algo=kbfe&rollouts=uniform&alpha=0.5&keep-weights=on&seed=4";
        let view = View::parse(link).unwrap();
        assert_eq!((view.algo, view.mode), (Algorithm::Kbfe, Mode::Act));
        assert_eq!(view.kbfe.alpha, 0.5);
        assert!(view.kbfe.keep_weights);
        let written = view.format().unwrap();
        assert!(written.contains("&algo=kbfe&uct="), "{written}");
        assert!(
            written.contains("&rollouts=uniform&value=knowledge&alpha=0.5"),
            "{written}"
        );
        assert!(written.contains("&budget-ms=40"), "{written}");
        assert_eq!(View::parse(&written).unwrap(), view);
        let err = View::parse("v=1&game=vgdl&algo=kbfe&keep-weights=maybe").unwrap_err();
        assert_eq!(err.field, "keep-weights");
    }

    #[test]
    fn plan_mode_is_written_only_where_it_is_not_the_natural_one() {
        let view = View::parse("v=1&game=vgdl&algo=mcts&mode=plan&plan-iterations=50").unwrap();
        assert_eq!((view.mode, view.plan_iterations), (Mode::Plan, 50));
        let written = view.format().unwrap();
        assert!(
            written.contains("&plan-iterations=50&mode=plan&"),
            "{written}"
        );
        assert!(!written.contains("budget-ms"), "{written}");
        assert_eq!(View::parse(&written).unwrap(), view);
        // Links written before modes read as before: planners plan, MCTS acts.
        assert_eq!(
            View::parse("v=1&game=vgdl&algo=bfs").unwrap().mode,
            Mode::Plan
        );
        let acts = View::parse("v=1&game=vgdl&algo=rhea&budget-ms=40").unwrap();
        assert_eq!(acts.mode, Mode::Act);
        assert!(!acts.format().unwrap().contains("mode="));
        assert_eq!(
            View::parse("v=1&game=vgdl&mode=think").unwrap_err().field,
            "mode"
        );
    }

    #[test]
    fn side_by_side_panes_plan_and_round_trip() {
        let link =
            "v=1&game=vgdl&vgdl=crates&lvl=1&algo=mcts&seed=2&compare=bfs;kbfe:alpha=1;mcts:uct=2";
        let view = View::parse(link).unwrap();
        let algos: Vec<_> = view.compare.iter().map(|p| p.algo).collect();
        assert_eq!(algos, [Algorithm::Bfs, Algorithm::Kbfe, Algorithm::Mcts]);
        // Every pane plans (the link's own view acts), on the link's game, level and seed.
        assert!(view.compare.iter().all(|p| p.mode == Mode::Plan));
        assert_eq!(view.mode, Mode::Act);
        assert_eq!(
            (view.compare[1].kbfe.alpha, view.compare[2].uct),
            (1.0, 2.0)
        );
        assert!(view
            .compare
            .iter()
            .all(|p| p.vgdl.as_deref() == Some("crates") && p.lvl == 1 && p.seed == Some(2)));
        let written = view.format().unwrap();
        assert_eq!(View::parse(&written).unwrap(), view);
        // A game's own rules reach every pane.
        let own = View {
            rules: Some(SHIPPED_GAMES[3].rules.into()),
            level: Some(SHIPPED_GAMES[3].levels[1].into()),
            compare: vec![
                View::default(),
                View {
                    algo: Algorithm::Astar,
                    ..View::default()
                },
            ],
            ..View::default()
        };
        let read = View::parse(&own.format().unwrap()).unwrap();
        assert!(read
            .compare
            .iter()
            .all(|p| p.rules == own.rules && p.level == own.level));
        let err = View::parse("v=1&game=vgdl&compare=bfs;wastar").unwrap_err();
        assert_eq!(err.field, "compare");
        assert!(err.message.starts_with("pane 2: algo:"), "{}", err.message);
    }
}
