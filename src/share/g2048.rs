//! 2048 share links: the seed of the game, the agent and its settings, and the batch.
//!
//! `#v=1&game=2048&algo=expectimax&depth=3&budget-ms=1000&games=20&batch-nodes=100&seed=42`:
//! `algo` is `mcts` (the course's agent: exploration constant `uct`; `spawns` is `averaged`, as
//! in the course, or `branched`; `tree-depth` limits the tree, in moves from the root, written
//! only when set: 0 or left out is no limit, as the course's, and 1 is flat Monte Carlo),
//! `expectimax` (deepest iteration `depth`), `greedy` or `random`; `budget-ms` is the think time
//! per move of hints and auto-play; a batch plays `games` games with at most `batch-nodes` work
//! units per move (MCTS iterations, expectimax expansions), so that every batch game replays from
//! its seed, exactly as
//! `searchlab 2048 play --algo A [--depth D] --iterations N --games G --seed S` plays it. The
//! spawns of the game on the board come from `seed`. `compare` puts two to four agents side by
//! side on the board shown (see [`compare`](super::compare): `compare=expectimax:depth=3;mcts:uct=1`).
//! Every key but `v` and `game` may be left out.
//!
//! `moves=URDL` (added with issue 18) holds the moves played ([`played`]: up, right, down,
//! left): the spawns come from the seed, drawn as the page's game session draws them, so the
//! link reopens the very board; the moves are replayed and checked here, and need a seed.
//!
//! `hint-nodes=N` (added with issue 18) gives hints and auto-play N work units per move (as a
//! batch's `batch-nodes`) instead of `budget-ms`, so they replay exactly from a link; written only
//! when set, 0 or left out is the think time.

use super::compare::{self, Comparable};
use super::played;
use super::{check_seed_and_agent, check_view_game, error, FieldError, Fields, LinkView, VERSION};
use crate::agents::g2048::{AgentSpec, Algorithm, Spawns};
use crate::agents::params::G2048;
use crate::game::{Game, Turn};
use crate::games::g2048::{Direction, G2048};
use crate::rng::Rng;
use crate::search::Limits;
use serde::{Deserialize, Serialize};

/// Every key a 2048 link may hold.
pub const KEYS: &[&str] = &[
    "v",
    "game",
    "algo",
    "depth",
    "uct",
    "spawns",
    "tree-depth",
    "budget-ms",
    "hint-nodes",
    "games",
    "batch-nodes",
    "seed",
    compare::KEY,
    played::KEY,
];

/// The letters of the moves, in direction order (0 up, 1 right, 2 down, 3 left).
const MOVE_LETTERS: [char; 4] = ['U', 'R', 'D', 'L'];

/// Every setting of the 2048 view. Field names are the JS names (camelCase).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
#[cfg_attr(
    target_arch = "wasm32",
    derive(tsify::Tsify),
    tsify(rename = "View2048", missing_as_null)
)]
pub struct View {
    /// Always `2048`.
    #[cfg_attr(target_arch = "wasm32", tsify(type = "\"2048\""))]
    pub game: String,
    /// The agent.
    #[cfg_attr(target_arch = "wasm32", tsify(type = "Algorithm2048"))]
    pub algo: Algorithm,
    /// Expectimax: the deepest iteration, in player moves.
    pub depth: u32,
    /// MCTS: UCT's exploration constant K.
    pub uct: f64,
    /// MCTS: whether the tree averages over spawns (the course) or branches on them.
    pub spawns: Spawns,
    /// MCTS: the deepest tree node, in moves from the root; 0 for no limit.
    pub tree_depth: u32,
    /// Think time per move of a hint or of auto-play, in milliseconds.
    pub budget_ms: u32,
    /// Work units per move of a hint or of auto-play instead of `budget_ms`; 0: the think time.
    #[serde(default)]
    #[cfg_attr(target_arch = "wasm32", tsify(optional))]
    pub hint_nodes: u64,
    /// Games in a batch.
    pub games: u32,
    /// Work units per move in a batch (MCTS iterations, expectimax expansions).
    pub batch_nodes: u64,
    /// The seed of the game's spawns (and of the batch); `None` until the page draws one.
    pub seed: Option<u64>,
    /// Side by side: two to four panes on this position, each this view with its own agent and
    /// parameters (the link's `compare` key); empty for the single view.
    #[serde(default)]
    #[cfg_attr(target_arch = "wasm32", tsify(optional, type = "View2048[]"))]
    pub compare: Vec<View>,
    /// The moves played from the start, as direction indices (0 up, 1 right, 2 down, 3 left).
    #[serde(default)]
    #[cfg_attr(target_arch = "wasm32", tsify(optional))]
    pub moves: Vec<u32>,
}

impl Default for View {
    /// The course's MCTS agent, with the parameter table's depth, think time and batch.
    fn default() -> Self {
        let spec = AgentSpec::default();
        View {
            game: "2048".into(),
            algo: spec.algo,
            depth: G2048.int_default("depth") as u32,
            uct: spec.uct,
            spawns: spec.spawns,
            tree_depth: spec.tree_depth.unwrap_or(0),
            budget_ms: G2048.int_default("budget-ms") as u32,
            hint_nodes: G2048.int_default("hint-nodes"),
            games: G2048.int_default("games") as u32,
            batch_nodes: G2048.int_default("batch-nodes"),
            seed: None,
            compare: Vec::new(),
            moves: Vec::new(),
        }
    }
}

/// The game after `moves` from the start whose spawns `seed` draws, exactly as the page's game
/// session plays it (a generator seeded with `seed` draws every spawn, the two first ones
/// included); the error names the first move that changes nothing or comes after the end.
pub fn replay(seed: u64, moves: &[u32]) -> Result<G2048, FieldError> {
    let mut nature = Rng::new(seed);
    let mut game = G2048::start();
    let settle = |game: &mut G2048, nature: &mut Rng| {
        while game.turn() == Turn::Chance && game.spawn_random(nature).is_some() {}
    };
    settle(&mut game, &mut nature);
    for (i, &index) in moves.iter().enumerate() {
        let direction = Direction::from_index(index)
            .ok_or_else(|| played::illegal(i + 1, '?', "no such direction"))?;
        game.try_move(direction)
            .map_err(|e| played::illegal(i + 1, MOVE_LETTERS[index as usize], &e.reason))?;
        settle(&mut game, &mut nature);
    }
    Ok(game)
}

impl View {
    /// The agent these settings describe, with these limits on each move's search.
    pub fn agent_spec(&self, limits: Limits) -> AgentSpec {
        AgentSpec {
            algo: self.algo,
            depth: Some(self.depth),
            uct: self.uct,
            spawns: self.spawns,
            tree_depth: (self.tree_depth > 0).then_some(self.tree_depth),
            limits,
            ..AgentSpec::default()
        }
    }
}

impl LinkView for View {
    const GAME: &'static str = "2048";

    /// Checks every field against the ranges a link accepts.
    fn validate(&self) -> Result<(), FieldError> {
        check_view_game(&self.game, "2048", "2048")?;
        G2048.int("depth", self.depth)?;
        G2048.float("uct", self.uct)?;
        G2048.int("tree-depth", self.tree_depth)?;
        G2048.int("budget-ms", self.budget_ms)?;
        G2048.int("hint-nodes", self.hint_nodes)?;
        G2048.int("games", self.games)?;
        G2048.int("batch-nodes", self.batch_nodes)?;
        if !self.moves.is_empty() {
            let seed = self.seed.ok_or_else(|| {
                error(
                    played::KEY,
                    "the spawns come from the seed: a link with moves needs seed too",
                )
            })?;
            replay(seed, &self.moves)?;
        }
        // The agent's own checks agree with the ranges above.
        check_seed_and_agent(self.seed, self.agent_spec(Limits::default()).validate())?;
        compare::validate_panes(&self.compare)
    }

    /// Reads a 2048 link's fields.
    fn from_fields(fields: &Fields) -> Result<View, FieldError> {
        fields.expect_game("2048", "a 2048", KEYS)?;
        let mut view = View::default();
        if let Some(algo) = fields.get("algo") {
            view.algo = Algorithm::parse(algo).map_err(|e| error("algo", e.message))?;
        }
        fields.number("depth", &mut view.depth)?;
        fields.number("uct", &mut view.uct)?;
        if let Some(spawns) = fields.get("spawns") {
            view.spawns = Spawns::parse(spawns).map_err(|e| error("spawns", e.message))?;
        }
        fields.number("tree-depth", &mut view.tree_depth)?;
        fields.number("budget-ms", &mut view.budget_ms)?;
        fields.number("hint-nodes", &mut view.hint_nodes)?;
        fields.number("games", &mut view.games)?;
        fields.number("batch-nodes", &mut view.batch_nodes)?;
        view.seed = fields.seed()?;
        view.compare = compare::read_panes(fields)?;
        if let Some(moves) = fields.get(played::KEY) {
            view.moves = played::read(moves, &MOVE_LETTERS, "U, R, D or L")?;
        }
        view.validate()?;
        Ok(view)
    }

    /// Writes the fragment (without `#`): the fields the agent reads, the batch, the seed.
    fn format(&self) -> Result<String, FieldError> {
        self.validate()?;
        let mut out = format!("v={VERSION}&game=2048&algo={}", self.algo.name());
        for key in G2048.algorithm_keys(self.algo.name()) {
            let value = match key {
                "depth" => self.depth.to_string(),
                "spawns" => self.spawns.name().to_string(),
                "tree-depth" if self.tree_depth == 0 => continue,
                "tree-depth" => self.tree_depth.to_string(),
                _ => self.uct.to_string(),
            };
            out.push_str(&format!("&{key}={value}"));
        }
        if self.algo.searches() {
            out.push_str(&format!("&budget-ms={}", self.budget_ms));
            if self.hint_nodes > 0 {
                out.push_str(&format!("&hint-nodes={}", self.hint_nodes));
            }
        }
        out.push_str(&format!("&games={}", self.games));
        if self.algo.searches() {
            out.push_str(&format!("&batch-nodes={}", self.batch_nodes));
        }
        if let Some(seed) = self.seed {
            out.push_str(&format!("&seed={seed}"));
        }
        out.push_str(&compare::format_panes(&self.compare)?);
        out.push_str(&played::format(&self.moves, &MOVE_LETTERS)?);
        Ok(out)
    }
}

impl Comparable for View {
    const TABLE: crate::agents::params::Table = G2048;

    fn panes(&self) -> &[View] {
        &self.compare
    }

    /// The generic text, with MCTS's `tree-depth=0` (no limit) written too, which the view's
    /// own link leaves out: a pane without it would take the link's `tree-depth`.
    fn pane_text(&self) -> Result<String, FieldError> {
        let mut text = compare::algorithm_pane_text(self)?;
        if self.algo == Algorithm::Mcts && self.tree_depth == 0 {
            text.push_str(":tree-depth=0");
        }
        Ok(text)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::share::link_message;
    use crate::share::MAX_SEED;

    fn field_of(link: &str) -> String {
        View::parse(link).unwrap_err().field
    }

    #[test]
    fn a_hand_written_link_reads_back() {
        let view = View::parse("#v=1&game=2048&algo=expectimax&depth=4&seed=42").unwrap();
        assert_eq!(view.algo, Algorithm::Expectimax);
        assert_eq!(view.depth, 4);
        assert_eq!(view.seed, Some(42));
        assert_eq!(view.budget_ms, 1000, "the course's one second by default");
        let view = View::parse("v=1&game=2048").unwrap();
        assert_eq!(view, View::default());
    }

    #[test]
    fn format_then_parse_is_the_identity() {
        for algo in Algorithm::ALL {
            let view = View {
                algo,
                seed: Some(MAX_SEED),
                games: 7,
                batch_nodes: 250,
                ..View::default()
            };
            let link = view.format().unwrap();
            let back = View::parse(&link).unwrap();
            assert_eq!(back.algo, algo, "{link}");
            assert_eq!(back.format().unwrap(), link);
        }
    }

    #[test]
    fn hint_nodes_are_written_when_set_and_read_back() {
        let view = View::parse("v=1&game=2048&algo=mcts&hint-nodes=300&seed=5").unwrap();
        assert_eq!(view.hint_nodes, 300);
        let link = view.format().unwrap();
        assert!(link.contains("&budget-ms=1000&hint-nodes=300&"), "{link}");
        assert_eq!(View::parse(&link).unwrap(), view);
        let timed = View::parse("v=1&game=2048&algo=mcts&seed=5").unwrap();
        assert_eq!(timed.hint_nodes, 0, "the think time by default");
        assert!(!timed.format().unwrap().contains("hint-nodes"));
        assert_eq!(field_of("v=1&game=2048&hint-nodes=10000001"), "hint-nodes");
    }

    #[test]
    fn the_link_writes_only_what_the_agent_reads() {
        let view = View {
            algo: Algorithm::Expectimax,
            depth: 2,
            seed: Some(9),
            ..View::default()
        };
        assert_eq!(
            view.format().unwrap(),
            "v=1&game=2048&algo=expectimax&depth=2&budget-ms=1000&games=20&batch-nodes=100&seed=9"
        );
        let view = View {
            algo: Algorithm::Random,
            ..View::default()
        };
        assert_eq!(view.format().unwrap(), "v=1&game=2048&algo=random&games=20");
    }

    #[test]
    fn errors_name_the_bad_field() {
        assert_eq!(field_of("v=1&game=2048&algo=minimax"), "algo");
        assert_eq!(field_of("v=1&game=2048&depth=0"), "depth");
        assert_eq!(field_of("v=1&game=2048&depth=33"), "depth");
        assert_eq!(field_of("v=1&game=2048&depth=deep"), "depth");
        assert_eq!(field_of("v=1&game=2048&uct=-1"), "uct");
        assert_eq!(field_of("v=1&game=2048&uct=NaN"), "uct");
        assert_eq!(field_of("v=1&game=2048&spawns=closed"), "spawns");
        assert_eq!(field_of("v=1&game=2048&tree-depth=101"), "tree-depth");
        assert_eq!(field_of("v=1&game=2048&tree-depth=flat"), "tree-depth");
        assert_eq!(field_of("v=1&game=2048&budget-ms=0"), "budget-ms");
        assert_eq!(field_of("v=1&game=2048&games=0"), "games");
        assert_eq!(field_of("v=1&game=2048&games=1001"), "games");
        assert_eq!(field_of("v=1&game=2048&batch-nodes=0"), "batch-nodes");
        assert_eq!(field_of("v=1&game=2048&seed=-1"), "seed");
        assert_eq!(field_of("v=1&game=2048&seed=9007199254740992"), "seed");
        assert_eq!(field_of("v=1&game=2048&level=www"), "level");
        assert_eq!(field_of("v=1&game=2048&seed=1&seed=2"), "seed");
        assert_eq!(field_of("v=1&game=bait"), "game");
        assert_eq!(field_of("game=2048"), "v");
    }

    #[test]
    fn messages_say_what_is_accepted() {
        let err = View::parse("v=1&game=2048&algo=minimax").unwrap_err();
        assert_eq!(
            link_message(&err),
            "share link, field 'algo': unknown algorithm 'minimax' \
             (expected mcts, expectimax, greedy or random)"
        );
        let err = View::parse("v=1&game=2048&mode=plan").unwrap_err();
        assert!(err.message.contains("known fields: v, game, algo"), "{err}");
    }

    #[test]
    fn the_agent_spec_carries_the_settings() {
        let view = View::parse("v=1&game=2048&algo=mcts&uct=0.5&spawns=branched").unwrap();
        let spec = view.agent_spec(Limits::default());
        assert_eq!(spec.algo, Algorithm::Mcts);
        assert_eq!(spec.uct, 0.5);
        assert_eq!(spec.spawns, Spawns::Branched);
        assert_eq!(
            view.format().unwrap(),
            "v=1&game=2048&algo=mcts&uct=0.5&spawns=branched&budget-ms=1000&games=20&batch-nodes=100"
        );
        assert_eq!(spec.depth, Some(3));
        assert_eq!(spec.tree_depth, None);
    }

    /// Moves from `seed`, each the first direction that changes the board, and the number
    /// (from 1) and letter of a move that would not: (moves, bad move appended).
    fn a_game_and_a_refused_move(seed: u64) -> (Vec<u32>, Vec<u32>) {
        let mut moves = Vec::new();
        loop {
            let game = replay(seed, &moves).unwrap();
            let mut refused = None;
            let mut legal = None;
            for direction in 0..4 {
                let mut next = moves.clone();
                next.push(direction);
                match replay(seed, &next) {
                    Ok(_) if legal.is_none() => legal = Some(direction),
                    Ok(_) => {}
                    Err(_) => refused = refused.or(Some(next)),
                }
            }
            if let (Some(bad), false) = (refused, moves.is_empty()) {
                return (moves, bad);
            }
            assert!(
                !game.is_terminal(),
                "seed {seed}: over before a refused move"
            );
            moves.push(legal.expect("a legal move while the game goes on"));
        }
    }

    #[test]
    fn moves_round_trip_and_a_refused_move_is_named() {
        let (moves, bad) = a_game_and_a_refused_move(42);
        let view = View {
            seed: Some(42),
            moves: moves.clone(),
            ..View::default()
        };
        let link = view.format().unwrap();
        assert!(
            link.ends_with(&format!("&seed=42&moves={}", letters(&moves))),
            "{link}"
        );
        let back = View::parse(&link).unwrap();
        assert_eq!(back.moves, moves);
        assert_eq!(back.format().unwrap(), link);
        let err =
            View::parse(&format!("v=1&game=2048&seed=42&moves={}", letters(&bad))).unwrap_err();
        assert_eq!(err.field, "moves");
        let last = MOVE_LETTERS[*bad.last().unwrap() as usize];
        assert!(
            err.message.starts_with(&format!(
                "move {} ('{last}') cannot be played: moving",
                bad.len()
            )),
            "{err}"
        );
    }

    #[test]
    fn moves_need_a_seed_and_known_letters() {
        assert_eq!(field_of("v=1&game=2048&moves=U"), "moves");
        let err = View::parse("v=1&game=2048&seed=1&moves=UX").unwrap_err();
        assert_eq!(
            err.message,
            "move 2: 'X' is not a move (expected U, R, D or L)"
        );
    }

    #[test]
    fn the_replay_draws_the_spawns_from_the_seed() {
        let (moves, _) = a_game_and_a_refused_move(7);
        let a = replay(7, &moves).unwrap();
        assert_eq!(a, replay(7, &moves).unwrap());
        // Two starting tiles, then one spawn after each move.
        let tiles_made = moves.len() + 2;
        assert!(a.board().empty_mask().count_ones() as usize >= 16 - tiles_made);
        assert_ne!(replay(7, &[]).unwrap(), replay(8, &[]).unwrap());
    }

    fn letters(moves: &[u32]) -> String {
        moves.iter().map(|&m| MOVE_LETTERS[m as usize]).collect()
    }

    #[test]
    fn a_tree_depth_is_written_only_when_set() {
        let view = View::parse("v=1&game=2048&algo=mcts&tree-depth=1").unwrap();
        assert_eq!(view.agent_spec(Limits::default()).tree_depth, Some(1));
        assert_eq!(
            view.format().unwrap(),
            "v=1&game=2048&algo=mcts&uct=1.4142135623730951&spawns=averaged&tree-depth=1\
             &budget-ms=1000&games=20&batch-nodes=100"
        );
        let unlimited = View::parse("v=1&game=2048&algo=mcts&tree-depth=0").unwrap();
        assert_eq!(unlimited.agent_spec(Limits::default()).tree_depth, None);
        assert_eq!(unlimited, View::default());
    }

    #[test]
    fn side_by_side_panes_round_trip() {
        let link = "v=1&game=2048&algo=mcts&tree-depth=3&budget-ms=200&seed=9\
                    &compare=expectimax:depth=2;mcts:uct=0.5:tree-depth=0;mcts";
        let view = View::parse(link).unwrap();
        let panes: Vec<(Algorithm, u32)> = view
            .compare
            .iter()
            .map(|p| (p.algo, p.tree_depth))
            .collect();
        assert_eq!(
            panes,
            [
                (Algorithm::Expectimax, 3),
                (Algorithm::Mcts, 0),
                (Algorithm::Mcts, 3)
            ]
        );
        assert_eq!(view.compare[0].depth, 2);
        assert_eq!(view.compare[1].uct, 0.5);
        for pane in &view.compare {
            assert_eq!((pane.budget_ms, pane.seed), (200, Some(9)));
        }
        let written = view.format().unwrap();
        assert_eq!(View::parse(&written).unwrap(), view, "{written}");
        assert!(
            written.contains(";mcts:uct=0.5:spawns=averaged:tree-depth=0;"),
            "{written}"
        );
    }

    #[test]
    fn side_by_side_errors_name_the_field_and_the_pane() {
        for (rest, expected) in [
            ("compare=mcts", "1 pane given"),
            ("compare=mcts;minimax", "pane 2: algo:"),
            (
                "compare=expectimax:depth=0;mcts",
                "pane 1: depth: must be between",
            ),
            (
                "compare=expectimax:uct=2;mcts",
                "pane 1: 'uct' is not a parameter of expectimax (its parameters: depth)",
            ),
            ("compare=mcts;mcts:uct=-1", "pane 2: uct:"),
        ] {
            let err = View::parse(&format!("v=1&game=2048&{rest}")).unwrap_err();
            assert_eq!(err.field, "compare", "{rest}: {err}");
            assert!(err.message.starts_with(expected), "{rest}: {}", err.message);
        }
    }
}
