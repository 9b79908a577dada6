//! Share links: the whole playground view in a URL fragment, versioned and readable.
//!
//! A link looks like
//! `#v=1&game=bait&level=wwwww/wA.gw/wk..w/wwwww&algo=astar&heuristic=walls&mode=plan&nodes=2000000&seed=42`:
//! `key=value` pairs joined by `&`, values percent-encoded, the level's rows joined by `/`. A teacher
//! can write one by hand: every key but `v` is optional and takes its default. Parsing is strict
//! (unknown or repeated keys, out-of-range numbers and oversized links are errors that name the
//! field), so a typo never silently changes what a class sees. The level's tiles are checked by the
//! game's own parser, not here.

use serde::{Deserialize, Serialize};
use std::fmt;

/// The link format's version, written as `v=1`.
pub const VERSION: u32 = 1;
/// Longest fragment accepted, in bytes (after the `#`, before decoding).
pub const MAX_LINK_BYTES: usize = 8192;
/// Most rows in a shared level.
pub const MAX_LEVEL_ROWS: usize = 64;
/// Most characters in one row of a shared level.
pub const MAX_LEVEL_COLUMNS: usize = 64;
/// Largest seed: seeds stay exact as JavaScript numbers (2^53 - 1).
pub const MAX_SEED: u64 = (1 << 53) - 1;

/// The games a link may name.
pub const GAMES: &[&str] = &["bait"];

/// A search algorithm the playground can run.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Algorithm {
    /// Depth-first search.
    Dfs,
    /// Depth-limited depth-first search.
    Dls,
    /// Breadth-first search.
    Bfs,
    /// A* with an admissible heuristic.
    Astar,
    /// Weighted A*: f = g + w·h.
    Wastar,
    /// Monte Carlo tree search (UCT).
    Mcts,
    /// Rolling horizon evolutionary algorithm.
    Rhea,
}

impl Algorithm {
    /// Every algorithm, in the order the page lists them.
    pub const ALL: [Algorithm; 7] = [
        Algorithm::Dfs,
        Algorithm::Dls,
        Algorithm::Bfs,
        Algorithm::Astar,
        Algorithm::Wastar,
        Algorithm::Mcts,
        Algorithm::Rhea,
    ];

    /// The name used in links and in the JS API.
    pub fn name(self) -> &'static str {
        match self {
            Algorithm::Dfs => "dfs",
            Algorithm::Dls => "dls",
            Algorithm::Bfs => "bfs",
            Algorithm::Astar => "astar",
            Algorithm::Wastar => "wastar",
            Algorithm::Mcts => "mcts",
            Algorithm::Rhea => "rhea",
        }
    }

    /// The algorithm called `name`, if any.
    pub fn from_name(name: &str) -> Option<Algorithm> {
        Algorithm::ALL.into_iter().find(|a| a.name() == name)
    }

    /// Whether the algorithm plans to the goal (a puzzle search) rather than acting under a budget.
    pub fn is_planner(self) -> bool {
        !matches!(self, Algorithm::Mcts | Algorithm::Rhea)
    }

    /// The run mode the page starts in: planners plan, anytime searches act.
    pub fn default_mode(self) -> Mode {
        if self.is_planner() {
            Mode::Plan
        } else {
            Mode::Act
        }
    }

    /// The parameter keys this algorithm reads (written to links in this order).
    pub fn parameter_keys(self) -> &'static [&'static str] {
        match self {
            Algorithm::Dfs | Algorithm::Bfs => &[],
            Algorithm::Dls => &["depth", "heuristic"],
            Algorithm::Astar => &["heuristic"],
            Algorithm::Wastar => &["heuristic", "weight"],
            Algorithm::Mcts => &["c", "rollout"],
            Algorithm::Rhea => &["population", "horizon"],
        }
    }
}

/// How the agent plays.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Mode {
    /// Search to the end, then play the plan.
    Plan,
    /// The GVGAI loop: think for the budget before every action, then act.
    Act,
}

impl Mode {
    fn name(self) -> &'static str {
        match self {
            Mode::Plan => "plan",
            Mode::Act => "act",
        }
    }
}

/// A state-value heuristic for the informed searches.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Heuristic {
    /// Walls-only distance avatar → key → goal (admissible, consistent).
    Walls,
    /// The same distance through the cells the current state leaves open (admissible,
    /// consistent, stronger and slower).
    Aware,
    /// The course assignment's weighted value (not a distance: depth-limited DFS only).
    Course,
}

impl Heuristic {
    const ALL: [Heuristic; 3] = [Heuristic::Walls, Heuristic::Aware, Heuristic::Course];

    fn name(self) -> &'static str {
        match self {
            Heuristic::Walls => "walls",
            Heuristic::Aware => "aware",
            Heuristic::Course => "course",
        }
    }

    /// Whether A* can use it: a distance estimate rather than a value.
    pub fn is_distance(self) -> bool {
        !matches!(self, Heuristic::Course)
    }
}

/// Every setting of the playground view. Field names are the JS names (camelCase).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct View {
    /// The game (one of [`GAMES`]).
    pub game: String,
    /// The level's text, rows separated by `\n`; `None` for the page's default level.
    pub level: Option<String>,
    /// The search algorithm.
    pub algo: Algorithm,
    /// Plan or act.
    pub mode: Mode,
    /// Depth limit of depth-limited DFS.
    pub depth: u32,
    /// Heuristic of DLS, A* and weighted A*.
    pub heuristic: Heuristic,
    /// Weights of the course heuristic: per point of score, per step of distance still to
    /// walk, per cell between a box and its nearest hole.
    pub weights: [f64; 3],
    /// Weight w of weighted A* (f = g + w·h), at least 1.
    pub weight: f64,
    /// UCT exploration constant of MCTS.
    pub c: f64,
    /// MCTS rollout depth (also its tree depth limit, as in GVGAI).
    pub rollout: u32,
    /// RHEA population size.
    pub population: u32,
    /// RHEA horizon (individual length).
    pub horizon: u32,
    /// Most expansions (iterations for MCTS and RHEA) in plan mode.
    pub nodes: u64,
    /// Think time per action in act mode, in milliseconds.
    pub budget: u32,
    /// The search seed; `None` until the page draws a fresh one.
    pub seed: Option<u64>,
}

impl Default for View {
    /// A* on the page's default level, GVGAI's sample-agent defaults elsewhere.
    fn default() -> Self {
        View {
            game: "bait".into(),
            level: None,
            algo: Algorithm::Astar,
            mode: Mode::Plan,
            depth: 12,
            heuristic: Heuristic::Walls,
            weights: [10.0, 1.0, 0.1],
            weight: 2.0,
            c: std::f64::consts::SQRT_2,
            rollout: 10,
            population: 10,
            horizon: 10,
            nodes: 2_000_000,
            budget: 40,
            seed: None,
        }
    }
}

/// A link that could not be read: which field, and what is wrong with it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ShareError {
    /// The key at fault (`link` for the fragment as a whole).
    pub field: String,
    /// What is wrong, in words a person can act on.
    pub message: String,
}

impl fmt::Display for ShareError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "share link, field '{}': {}", self.field, self.message)
    }
}

impl std::error::Error for ShareError {}

fn error(field: &str, message: impl Into<String>) -> ShareError {
    ShareError {
        field: field.into(),
        message: message.into(),
    }
}

/// Inclusive ranges of the numeric fields.
const DEPTH_RANGE: (u32, u32) = (1, 1000);
const WEIGHT_RANGE: (f64, f64) = (1.0, 100.0);
const WEIGHTS_RANGE: (f64, f64) = (-1e6, 1e6);
const C_RANGE: (f64, f64) = (0.0, 100.0);
const ROLLOUT_RANGE: (u32, u32) = (1, 1000);
const POPULATION_RANGE: (u32, u32) = (2, 1000);
const HORIZON_RANGE: (u32, u32) = (1, 1000);
const NODES_RANGE: (u64, u64) = (1, 50_000_000);
const BUDGET_RANGE: (u32, u32) = (1, 60_000);

impl View {
    /// Checks every field against the ranges a link accepts (the page calls this for its own
    /// settings too, so a view it writes can always be read back).
    pub fn validate(&self) -> Result<(), ShareError> {
        if !GAMES.contains(&self.game.as_str()) {
            return Err(error(
                "game",
                format!(
                    "unknown game '{}' (expected {})",
                    self.game,
                    GAMES.join(", ")
                ),
            ));
        }
        if let Some(level) = &self.level {
            check_level_size(level)?;
        }
        check_range("depth", self.depth, DEPTH_RANGE)?;
        if !self.heuristic.is_distance()
            && matches!(self.algo, Algorithm::Astar | Algorithm::Wastar)
        {
            return Err(error(
                "heuristic",
                format!(
                    "'{}' is a value, not a distance: A* takes walls or aware",
                    self.heuristic.name()
                ),
            ));
        }
        for weight in self.weights {
            check_float("weights", weight, WEIGHTS_RANGE)?;
        }
        check_float("weight", self.weight, WEIGHT_RANGE)?;
        check_float("c", self.c, C_RANGE)?;
        check_range("rollout", self.rollout, ROLLOUT_RANGE)?;
        check_range("population", self.population, POPULATION_RANGE)?;
        check_range("horizon", self.horizon, HORIZON_RANGE)?;
        check_range("nodes", self.nodes, NODES_RANGE)?;
        check_range("budget", self.budget, BUDGET_RANGE)?;
        if let Some(seed) = self.seed {
            check_range("seed", seed, (0, MAX_SEED))?;
        }
        Ok(())
    }

    /// Reads a fragment (with or without the leading `#`).
    pub fn parse(fragment: &str) -> Result<View, ShareError> {
        let fragment = fragment.strip_prefix('#').unwrap_or(fragment);
        if fragment.len() > MAX_LINK_BYTES {
            return Err(error(
                "link",
                format!(
                    "the link is {} bytes long; at most {MAX_LINK_BYTES} are accepted",
                    fragment.len()
                ),
            ));
        }
        let mut pairs: Vec<(&str, String)> = Vec::new();
        for part in fragment.split('&').filter(|part| !part.is_empty()) {
            let (key, raw) = part.split_once('=').ok_or_else(|| {
                error(
                    &field_name(part),
                    "expected key=value (for example algo=astar)",
                )
            })?;
            if !KEYS.contains(&key) {
                return Err(error(
                    &field_name(key),
                    format!("unknown field (known fields: {})", KEYS.join(", ")),
                ));
            }
            if pairs.iter().any(|(k, _)| *k == key) {
                return Err(error(key, "given more than once"));
            }
            pairs.push((key, percent_decode(key, raw)?));
        }
        let get = |key: &str| {
            pairs
                .iter()
                .find(|(k, _)| *k == key)
                .map(|(_, v)| v.as_str())
        };

        match get("v") {
            None => return Err(error("v", "missing: a share link starts with v=1")),
            Some(v) if v == VERSION.to_string() => {}
            Some(v) => {
                return Err(error(
                    "v",
                    format!("version '{v}' is not supported (this page reads v={VERSION})"),
                ))
            }
        }
        let mut view = View::default();
        if let Some(game) = get("game") {
            view.game = game.to_string();
        }
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
            view.level = Some(level.split('/').collect::<Vec<_>>().join("\n"));
        }
        if let Some(algo) = get("algo") {
            view.algo = Algorithm::from_name(algo).ok_or_else(|| {
                let names: Vec<_> = Algorithm::ALL.iter().map(|a| a.name()).collect();
                error(
                    "algo",
                    format!("unknown algorithm '{algo}' (expected {})", names.join(", ")),
                )
            })?;
        }
        view.mode = match get("mode") {
            None => view.algo.default_mode(),
            Some("plan") => Mode::Plan,
            Some("act") => Mode::Act,
            Some(other) => {
                return Err(error(
                    "mode",
                    format!("unknown mode '{other}' (expected plan or act)"),
                ))
            }
        };
        if let Some(h) = get("heuristic") {
            view.heuristic = Heuristic::ALL
                .into_iter()
                .find(|x| x.name() == h)
                .ok_or_else(|| {
                    error(
                        "heuristic",
                        format!("unknown heuristic '{h}' (expected walls, aware or course)"),
                    )
                })?;
        }
        read_number(&get, "depth", &mut view.depth)?;
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
                    .map_err(|_| error("weights", format!("'{}' is not a number", clean(part))))?;
            }
        }
        read_number(&get, "weight", &mut view.weight)?;
        read_number(&get, "c", &mut view.c)?;
        read_number(&get, "rollout", &mut view.rollout)?;
        read_number(&get, "population", &mut view.population)?;
        read_number(&get, "horizon", &mut view.horizon)?;
        read_number(&get, "nodes", &mut view.nodes)?;
        read_number(&get, "budget", &mut view.budget)?;
        if get("seed").is_some() {
            let mut seed = 0u64;
            read_number(&get, "seed", &mut seed)?;
            view.seed = Some(seed);
        }
        view.validate()?;
        Ok(view)
    }

    /// Writes the fragment (without `#`): the fields the algorithm reads, the budget, the seed.
    pub fn format(&self) -> Result<String, ShareError> {
        self.validate()?;
        let mut out = format!("v={VERSION}&game={}", encode(&self.game));
        if let Some(level) = &self.level {
            let rows: Vec<String> = level.lines().map(encode).collect();
            out.push_str("&level=");
            out.push_str(&rows.join("/"));
        }
        out.push_str("&algo=");
        out.push_str(self.algo.name());
        for key in self.algo.parameter_keys() {
            let value = match *key {
                "depth" => self.depth.to_string(),
                "heuristic" => {
                    let mut text = self.heuristic.name().to_string();
                    if self.heuristic == Heuristic::Course {
                        let [a, b, c] = self.weights;
                        text.push_str(&format!("&weights={a},{b},{c}"));
                    }
                    text
                }
                "weight" => self.weight.to_string(),
                "c" => self.c.to_string(),
                "rollout" => self.rollout.to_string(),
                "population" => self.population.to_string(),
                "horizon" => self.horizon.to_string(),
                _ => unreachable!("parameter_keys lists only these keys"),
            };
            out.push_str(&format!("&{key}={value}"));
        }
        out.push_str(&format!("&mode={}", self.mode.name()));
        match self.mode {
            Mode::Plan => out.push_str(&format!("&nodes={}", self.nodes)),
            Mode::Act => out.push_str(&format!("&budget={}", self.budget)),
        }
        if let Some(seed) = self.seed {
            out.push_str(&format!("&seed={seed}"));
        }
        Ok(out)
    }
}

/// Every key a link may hold.
const KEYS: &[&str] = &[
    "v",
    "game",
    "level",
    "algo",
    "mode",
    "depth",
    "heuristic",
    "weights",
    "weight",
    "c",
    "rollout",
    "population",
    "horizon",
    "nodes",
    "budget",
    "seed",
];

/// A key as it may be quoted in an error: shortened and stripped of control characters.
fn field_name(key: &str) -> String {
    let clean: String = key.chars().filter(|c| !c.is_control()).take(24).collect();
    if clean.chars().count() < key.chars().count() {
        format!("{clean}…")
    } else {
        clean
    }
}

fn check_level_size(level: &str) -> Result<(), ShareError> {
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

fn check_range<T: PartialOrd + fmt::Display>(
    field: &str,
    value: T,
    (low, high): (T, T),
) -> Result<(), ShareError> {
    if value < low || value > high {
        return Err(error(
            field,
            format!("{value} is out of range ({low} to {high})"),
        ));
    }
    Ok(())
}

fn check_float(field: &str, value: f64, range: (f64, f64)) -> Result<(), ShareError> {
    if !value.is_finite() {
        return Err(error(field, "must be a finite number"));
    }
    check_range(field, value, range)
}

/// Reads `key` into `slot` if present; the error names the key and quotes the bad value.
fn read_number<'a, T: std::str::FromStr>(
    get: &impl Fn(&str) -> Option<&'a str>,
    key: &str,
    slot: &mut T,
) -> Result<(), ShareError> {
    if let Some(raw) = get(key) {
        *slot = raw
            .parse()
            .map_err(|_| error(key, format!("'{}' is not a number", clean(raw))))?;
    }
    Ok(())
}

/// A value as it may be quoted in an error: at most 24 characters, no control characters.
fn clean(raw: &str) -> String {
    raw.chars().filter(|c| !c.is_control()).take(24).collect()
}

/// Decodes `%XX` escapes; the result must be UTF-8. `+` stays a plus sign.
fn percent_decode(field: &str, raw: &str) -> Result<String, ShareError> {
    let bytes = raw.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == b'%' {
            let hex = bytes
                .get(i + 1..i + 3)
                .and_then(|h| std::str::from_utf8(h).ok())
                .and_then(|h| u8::from_str_radix(h, 16).ok())
                .ok_or_else(|| {
                    error(field, format!("bad percent escape at character {}", i + 1))
                })?;
            out.push(hex);
            i += 3;
        } else {
            out.push(bytes[i]);
            i += 1;
        }
    }
    String::from_utf8(out).map_err(|_| error(field, "the decoded text is not valid UTF-8"))
}

/// Percent-encodes everything but unreserved characters.
fn encode(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for byte in text.bytes() {
        let plain = byte.is_ascii_alphanumeric() || matches!(byte, b'-' | b'.' | b'_' | b'~');
        if plain {
            out.push(byte as char);
        } else {
            out.push_str(&format!("%{byte:02X}"));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

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
    }

    #[test]
    fn format_then_parse_is_the_identity() {
        for algo in Algorithm::ALL {
            let view = View {
                level: Some("www\nwA w\n".trim_end().into()),
                algo,
                mode: algo.default_mode(),
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
            seed: Some(42),
            ..View::default()
        };
        assert_eq!(
            view.format().unwrap(),
            "v=1&game=bait&level=wwwww/wA.gw/wk0.w/wwwww&algo=mcts&c=1.4142135623730951\
             &rollout=10&mode=act&budget=40&seed=42"
        );
    }

    #[test]
    fn course_weights_travel_with_the_course_heuristic() {
        let view = View::parse("v=1&algo=dls&depth=3&heuristic=course&weights=5,2,0.5").unwrap();
        assert_eq!(view.weights, [5.0, 2.0, 0.5]);
        let link = view.format().unwrap();
        assert!(
            link.contains("&depth=3&heuristic=course&weights=5,2,0.5&"),
            "{link}"
        );
        assert_eq!(View::parse(&link).unwrap(), view);
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
        assert_eq!(field_of("v=1&mode=fast"), "mode");
        assert_eq!(field_of("v=1&heuristic=magic"), "heuristic");
        assert_eq!(field_of("v=1&algo=astar&heuristic=course"), "heuristic");
        assert_eq!(
            field_of("v=1&algo=dls&heuristic=course&weights=1,2"),
            "weights"
        );
        assert_eq!(
            field_of("v=1&algo=dls&heuristic=course&weights=1,x,2"),
            "weights"
        );
        assert_eq!(field_of("v=1&depth=abc"), "depth");
        assert_eq!(field_of("v=1&depth=0"), "depth");
        assert_eq!(field_of("v=1&weight=0.5"), "weight");
        assert_eq!(field_of("v=1&weight=NaN"), "weight");
        assert_eq!(field_of("v=1&c=inf"), "c");
        assert_eq!(field_of("v=1&population=1"), "population");
        assert_eq!(field_of("v=1&budget=-3"), "budget");
        assert_eq!(field_of("v=1&nodes=99999999999"), "nodes");
        assert_eq!(field_of("v=1&seed=9007199254740992"), "seed");
        assert_eq!(field_of("v=1&level="), "level");
        assert_eq!(field_of("v=1&level=ab%zz"), "level");
        assert_eq!(field_of("v=1&level=%FF"), "level");
        assert_eq!(field_of("v=1&level=ab%0Acd"), "level");
        assert_eq!(field_of("v=1&colour=red"), "colour");
        assert_eq!(field_of("v=1&algo"), "algo");
        assert_eq!(field_of("v=1&algo=bfs&algo=dfs"), "algo");
    }

    #[test]
    fn messages_say_what_is_accepted() {
        let err = View::parse("v=1&algo=dijkstra").unwrap_err();
        assert_eq!(
            err.to_string(),
            "share link, field 'algo': unknown algorithm 'dijkstra' \
             (expected dfs, dls, bfs, astar, wastar, mcts, rhea)"
        );
        let err = View::parse("v=1&depth=0").unwrap_err();
        assert_eq!(err.message, "0 is out of range (1 to 1000)");
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
    fn format_refuses_an_out_of_range_view() {
        let view = View {
            budget: 0,
            ..View::default()
        };
        assert_eq!(view.format().unwrap_err().field, "budget");
    }
}
