//! Othello share links: the position, the moves played from it, and who plays each side.
//!
//! `#v=1&game=othello&board=<64 chars>&side=X&moves=f5,d6,c3&at=2&black=human&white=mtdf:ms=1000:eval=strong:solve=16&seed=42`
//! - `board` and `side`: the position the game starts from, in the FFO notation (64 characters
//!   `X`, `O` or `-` from a1 to h8, and the side to move `X` or `O`); left out, the standard
//!   start with Black to move.
//! - `moves`: the moves played from there, comma-separated (`a1`..`h8`, `pass`), each checked to
//!   be legal; `at`: how many of them the board shows (step-through; default all).
//! - `black`, `white`: `human`, or an agent in the command line's grammar
//!   (`agents::othello`, e.g. `alphabeta:depth=6:eval=course`); the page keeps its own limits:
//!   at most [`MAX_MS`] ms and [`MAX_SOLVE`] empties for the exact solver.
//! - `seed`: the agents' random choices (ties, MCTS playouts).
//! - `compare`: side by side (see [`compare`](super::compare)), two to four agents for the side
//!   to move at the position shown, each in the grammar of `black` and `white`
//!   (`compare=minimax:depth=4;alphabeta:depth=4`).
//!
//! Every key but `v` and `game` may be left out. Errors name the key; for an agent the message
//! names its own key too (`field 'white': solve: ...`).

use super::compare::{self, Comparable};
use super::{check_view_game, error, FieldError, Fields, LinkView, MAX_SEED, VERSION};
use crate::agents::othello::{AgentSpec, Algorithm, Budget, EvalKind};
use crate::agents::params::{Table, OTHELLO};
use crate::field_error::check_range;
use crate::field_error::quoted;
use crate::game::Game;
use crate::games::othello::text::TextError;
use crate::games::othello::{Color, Move, Othello};
use crate::search::Limits;
use serde::{Deserialize, Serialize};

/// Every key an Othello link may hold.
pub const KEYS: &[&str] = &[
    "v",
    "game",
    "board",
    "side",
    "moves",
    "at",
    "black",
    "white",
    "seed",
    compare::KEY,
];

/// Longest think time per move a link may give, in milliseconds.
pub const MAX_MS: u64 = 60_000;
/// Most empty squares at which a page agent may call the exact solver: its solve runs in
/// steps and can be stopped, but one beyond this (the FFO suite's hardest are 24) can take
/// hours in a browser.
pub const MAX_SOLVE: u32 = 24;
/// Most nodes per move a link may give.
pub const MAX_NODES: u64 = 1_000_000_000;
/// Most moves a link may hold (a game has at most 60 moves and some passes).
pub const MAX_MOVES: usize = 128;

/// How a side's agent is limited, as the page's controls choose it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify))]
pub enum BudgetKind {
    /// A fixed depth.
    Depth,
    /// Milliseconds per move.
    Time,
    /// Nodes (MCTS: playouts) per move.
    Nodes,
}

/// Who plays one side, with every agent setting (kept while a person plays the side).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
#[cfg_attr(
    target_arch = "wasm32",
    derive(tsify::Tsify),
    tsify(rename = "SideOthello")
)]
pub struct Side {
    /// A person plays this side.
    pub human: bool,
    /// The agent's algorithm.
    #[cfg_attr(target_arch = "wasm32", tsify(type = "AlgorithmOthello"))]
    pub algo: Algorithm,
    /// Its evaluation.
    pub eval: EvalKind,
    /// Which of `depth`, `ms` and `nodes` limits it.
    pub budget: BudgetKind,
    /// Plies of a fixed-depth search.
    pub depth: u32,
    /// Milliseconds per move.
    pub ms: u64,
    /// Nodes (MCTS: playouts) per move.
    pub nodes: u64,
    /// The exact solver from this many empties on (0: never).
    pub solve: u32,
    /// MCTS: UCT's exploration constant.
    pub uct: f64,
}

impl Side {
    /// A person, with the default agent's settings kept for when the side goes to an agent.
    pub fn human() -> Side {
        Side {
            human: true,
            ..Side::agent(AgentSpec::new(Algorithm::Mtdf, Limits::default()))
        }
    }

    /// The agent `spec`.
    pub fn agent(spec: AgentSpec) -> Side {
        let mut side = Side {
            human: false,
            algo: spec.algo,
            eval: spec.eval,
            budget: BudgetKind::Time,
            depth: 4,
            ms: 1000,
            nodes: 100_000,
            solve: spec.solve,
            uct: spec.uct,
        };
        match spec.budget {
            Budget::Depth(depth) => {
                side.budget = BudgetKind::Depth;
                side.depth = depth;
            }
            Budget::Millis(ms) => side.ms = ms,
            Budget::Nodes(nodes) => {
                side.budget = BudgetKind::Nodes;
                side.nodes = nodes;
            }
        }
        side
    }

    /// The agent these settings describe, with `limits` on each move's search.
    pub fn agent_spec(&self, limits: Limits) -> AgentSpec {
        AgentSpec {
            algo: self.algo,
            eval: self.eval,
            budget: match self.budget {
                BudgetKind::Depth => Budget::Depth(self.depth),
                BudgetKind::Time => Budget::Millis(self.ms),
                BudgetKind::Nodes => Budget::Nodes(self.nodes),
            },
            solve: self.solve,
            uct: self.uct,
            limits,
        }
    }

    /// Reads `human` or an agent line for the side named `field`.
    fn parse(field: &str, text: &str) -> Result<Side, FieldError> {
        if text == "human" {
            return Ok(Side::human());
        }
        let spec = AgentSpec::parse(text, 1000, Limits::default())
            .map_err(|e| error(field, format!("{}: {}", e.field, e.message)))?;
        let side = Side::agent(spec);
        side.validate(field)?;
        Ok(side)
    }

    /// `human` or the agent's line.
    fn text(&self) -> String {
        if self.human {
            "human".into()
        } else {
            self.agent_spec(Limits::default()).to_text()
        }
    }

    /// Checks the agent's settings against the page's ranges; errors name `field`.
    pub fn validate(&self, field: &str) -> Result<(), FieldError> {
        let spec = self.agent_spec(Limits::default());
        spec.validate()
            .map_err(|e| error(field, format!("{}: {}", e.field, e.message)))?;
        let within = |key: &str, ok: bool, limit: String| {
            if ok {
                Ok(())
            } else {
                Err(error(field, format!("{key}: {limit} on the page")))
            }
        };
        within("ms", self.ms <= MAX_MS, format!("at most {MAX_MS}"))?;
        within(
            "nodes",
            self.nodes <= MAX_NODES,
            format!("at most {MAX_NODES}"),
        )?;
        within(
            "solve",
            self.solve <= MAX_SOLVE,
            format!("at most {MAX_SOLVE} (a solve from more empty squares can take hours)"),
        )
    }
}

/// Every setting of the Othello view. Field names are the JS names (camelCase).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
#[cfg_attr(
    target_arch = "wasm32",
    derive(tsify::Tsify),
    tsify(rename = "ViewOthello", missing_as_null)
)]
pub struct View {
    /// Always `othello`.
    #[cfg_attr(target_arch = "wasm32", tsify(type = "\"othello\""))]
    pub game: String,
    /// The start position's 64-character board; `None` for the standard start.
    pub board: Option<String>,
    /// The side to move at the start position: `X` (Black) or `O` (White).
    #[cfg_attr(target_arch = "wasm32", tsify(type = "\"X\" | \"O\""))]
    pub side: String,
    /// The moves played from the start position (square indices 0..64, 64 = pass).
    pub moves: Vec<u32>,
    /// How many of the moves the board shows; `None` for all.
    pub at: Option<u32>,
    /// Who plays Black.
    #[cfg_attr(target_arch = "wasm32", tsify(type = "SideOthello"))]
    pub black: Side,
    /// Who plays White.
    #[cfg_attr(target_arch = "wasm32", tsify(type = "SideOthello"))]
    pub white: Side,
    /// The agents' seed; `None` until the page draws one.
    pub seed: Option<u64>,
    /// Side by side: two to four panes on the position shown, each this view with its own agent
    /// for the side to move (the link's `compare` key); empty for the single view.
    #[serde(default)]
    #[cfg_attr(target_arch = "wasm32", tsify(optional, type = "ViewOthello[]"))]
    pub compare: Vec<View>,
}

impl Default for View {
    /// A person (Black) against MTD(f) with our evaluation, one second per move, exact from
    /// 16 empties.
    fn default() -> Self {
        View {
            game: "othello".into(),
            board: None,
            side: "X".into(),
            moves: Vec::new(),
            at: None,
            black: Side::human(),
            white: Side::agent(AgentSpec::new(Algorithm::Mtdf, Limits::default())),
            seed: None,
            compare: Vec::new(),
        }
    }
}

impl View {
    /// The start position (the standard one, or `board` with `side` to move).
    pub fn start(&self) -> Result<Othello, FieldError> {
        match &self.board {
            None if self.side == "X" => Ok(Othello::start()),
            None => Err(error(
                "side",
                "the standard start has Black (X) to move; give a board to start with White",
            )),
            Some(board) => Othello::parse(board, &self.side).map_err(text_error),
        }
    }

    /// The position after the first `count` moves; an error names the first illegal move.
    pub fn position_after(&self, count: usize) -> Result<Othello, FieldError> {
        let mut state = self.start()?;
        for (i, &index) in self.moves.iter().take(count).enumerate() {
            let legal = Othello::action_from_index(index)
                .filter(|&mv| state.turn() != crate::game::Turn::Terminal && state.is_legal(mv));
            match legal {
                Some(mv) => state.apply(mv),
                None => {
                    let name = Othello::action_from_index(index)
                        .map_or_else(|| index.to_string(), |mv| mv.to_string());
                    let message = if state.is_terminal() {
                        format!("move {} ({name}) comes after the end of the game", i + 1)
                    } else {
                        format!("move {} ({name}) is not legal there", i + 1)
                    };
                    return Err(error("moves", message));
                }
            }
        }
        Ok(state)
    }

    /// The position the board shows (after `at` moves, or all of them).
    pub fn shown_position(&self) -> Result<Othello, FieldError> {
        self.position_after(self.at.map_or(self.moves.len(), |at| at as usize))
    }

    /// The link's name of the side to move at the position shown, and its settings; an error
    /// when the game is over there.
    fn side_to_move(&self) -> Result<(&'static str, &Side), String> {
        let position = self.shown_position().map_err(|e| e.to_string())?;
        if position.is_terminal() {
            return Err("the game is over at the position shown: no side is to move".into());
        }
        Ok(match position.side() {
            Color::Black => ("black", &self.black),
            Color::White => ("white", &self.white),
        })
    }
}

impl Comparable for View {
    const TABLE: Table = OTHELLO;

    fn panes(&self) -> &[View] {
        &self.compare
    }

    /// A pane is an agent for the side to move at the position shown, in the grammar of
    /// `black` and `white` (`alphabeta:depth=5:eval=course`).
    fn read_pane(fields: &Fields, text: &str) -> Result<View, String> {
        let mut view = View::from_fields(&compare::fields_without_panes(fields))
            .map_err(|e| format!("{}: {}", e.field, e.message))?;
        let (field, _) = view.side_to_move()?;
        if text == "human" {
            return Err("a pane is an agent (for example alphabeta:depth=4), not a person".into());
        }
        let side = Side::parse(field, text).map_err(|e| e.message)?;
        match field {
            "black" => view.black = side,
            _ => view.white = side,
        }
        Ok(view)
    }

    fn pane_text(&self) -> Result<String, FieldError> {
        self.validate()?;
        let (_, side) = self.side_to_move().map_err(|m| error(compare::KEY, m))?;
        if side.human {
            return Err(error(
                compare::KEY,
                "a person plays the side to move: a pane is an agent",
            ));
        }
        Ok(side.text())
    }
}

impl LinkView for View {
    const GAME: &'static str = "othello";

    /// Checks every field (the position, every move's legality, both sides, the seed).
    fn validate(&self) -> Result<(), FieldError> {
        check_view_game(&self.game, "othello", "Othello")?;
        if self.moves.len() > MAX_MOVES {
            return Err(error(
                "moves",
                format!(
                    "{} moves; at most {MAX_MOVES} are accepted",
                    self.moves.len()
                ),
            ));
        }
        self.position_after(self.moves.len())?;
        if let Some(at) = self.at {
            check_range("at", at as usize, 0..=self.moves.len())?;
        }
        self.black.validate("black")?;
        self.white.validate("white")?;
        if let Some(seed) = self.seed {
            check_range("seed", seed, 0..=MAX_SEED)?;
        }
        compare::validate_panes(&self.compare)
    }

    /// Reads an Othello link's fields.
    fn from_fields(fields: &Fields) -> Result<View, FieldError> {
        fields.expect_game("othello", "an Othello", KEYS)?;
        let mut view = View::default();
        match (fields.get("board"), fields.get("side")) {
            (Some(board), side) => {
                // The board's own errors first, whatever the side.
                Othello::parse(board, "X").map_err(text_error)?;
                view.board = Some(board.to_string());
                view.side = side
                    .ok_or_else(|| {
                        error("side", "missing: a board needs the side to move (X or O)")
                    })?
                    .to_string();
            }
            (None, Some(_)) => {
                return Err(error(
                    "side",
                    "given without a board (the standard start has Black to move)",
                ))
            }
            (None, None) => {}
        }
        view.start()?;
        if let Some(list) = fields.get("moves").filter(|list| !list.is_empty()) {
            let names: Vec<&str> = list.split(',').collect();
            if names.len() > MAX_MOVES {
                return Err(error(
                    "moves",
                    format!("{} moves; at most {MAX_MOVES} are accepted", names.len()),
                ));
            }
            for (i, name) in names.iter().enumerate() {
                let mv: Move = name.parse().map_err(|_| {
                    error(
                        "moves",
                        format!(
                            "move {} ('{}') is not a square a1..h8 or 'pass'",
                            i + 1,
                            quoted(name)
                        ),
                    )
                })?;
                view.moves.push(mv.index());
            }
        }
        if fields.get("at").is_some() {
            let mut at = 0u32;
            fields.number("at", &mut at)?;
            view.at = Some(at);
        }
        if let Some(text) = fields.get("black") {
            view.black = Side::parse("black", text)?;
        }
        if let Some(text) = fields.get("white") {
            view.white = Side::parse("white", text)?;
        }
        view.seed = fields.seed()?;
        // The position and the sides first, so that their errors name their own fields.
        view.validate()?;
        view.compare = compare::read_panes(fields)?;
        compare::validate_panes(&view.compare)?;
        Ok(view)
    }

    /// Writes the fragment (without `#`).
    fn format(&self) -> Result<String, FieldError> {
        self.validate()?;
        let mut out = format!("v={VERSION}&game=othello");
        if let Some(board) = &self.board {
            out.push_str(&format!("&board={board}&side={}", self.side));
        }
        if !self.moves.is_empty() {
            let names: Vec<String> = self
                .moves
                .iter()
                .filter_map(|&index| Othello::action_from_index(index))
                .map(|mv| mv.to_string())
                .collect();
            out.push_str(&format!("&moves={}", names.join(",")));
        }
        if let Some(at) = self.at.filter(|&at| at as usize != self.moves.len()) {
            out.push_str(&format!("&at={at}"));
        }
        out.push_str(&format!(
            "&black={}&white={}",
            self.black.text(),
            self.white.text()
        ));
        if let Some(seed) = self.seed {
            out.push_str(&format!("&seed={seed}"));
        }
        out.push_str(&compare::format_panes(&self.compare)?);
        Ok(out)
    }
}

/// A position text's error under its field (`board` or `side`), without the field's prefix.
fn text_error(e: TextError) -> FieldError {
    let field = match e {
        TextError::Side { .. } => "side",
        _ => "board",
    };
    let text = e.to_string();
    let message = text.split_once(": ").map_or(text.as_str(), |(_, m)| m);
    error(field, message)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::share::link_message;

    /// A board of our own: the start after f5, d6, c3, d3, c4 (White to move).
    fn board() -> String {
        let mut state = Othello::start();
        for name in ["f5", "d6", "c3", "d3", "c4"] {
            state.apply(name.parse().unwrap());
        }
        assert_eq!(state.side(), crate::games::othello::Color::White);
        state.board_text()
    }

    fn field_of(link: &str) -> String {
        View::parse(link).unwrap_err().field
    }

    #[test]
    fn only_v_and_game_are_required() {
        let view = View::parse("v=1&game=othello").unwrap();
        assert_eq!(view, View::default());
        assert!(view.black.human && !view.white.human);
        assert_eq!(
            view.format().unwrap(),
            "v=1&game=othello&black=human&white=mtdf:ms=1000:eval=strong:solve=16"
        );
    }

    #[test]
    fn a_hand_written_link_reads_back() {
        let board = board();
        let link = format!(
            "#v=1&game=othello&board={board}&side=O&moves=f4,pass&at=1\
             &black=alphabeta:depth=4:eval=course&white=mcts:nodes=500&seed=9"
        );
        let error = View::parse(&link).unwrap_err();
        // Black has moves after White's f4: no pass.
        assert_eq!(error.field, "moves");
        assert!(
            error.message.contains("move 2 (pass) is not legal"),
            "{error}"
        );
        let link = link.replace(",pass", ",e3");
        let view = View::parse(&link).unwrap();
        assert_eq!(view.board.as_deref(), Some(board.as_str()));
        assert_eq!(view.side, "O");
        assert_eq!(view.moves, vec![29, 20]);
        assert_eq!(view.at, Some(1));
        assert_eq!(view.black.algo, Algorithm::AlphaBeta);
        assert_eq!(
            (view.black.budget, view.black.depth),
            (BudgetKind::Depth, 4)
        );
        assert_eq!(view.black.eval, EvalKind::Course);
        assert_eq!(
            (view.white.budget, view.white.nodes),
            (BudgetKind::Nodes, 500)
        );
        assert_eq!(view.seed, Some(9));
        assert_eq!(view.position_after(2).unwrap().empty_count(), 53);
        let written = view.format().unwrap();
        assert_eq!(
            written,
            format!(
                "v=1&game=othello&board={board}&side=O&moves=f4,e3&at=1\
                 &black=alphabeta:depth=4:eval=course:solve=0\
                 &white=mcts:nodes=500:uct=1.4142135623730951:solve=0&seed=9"
            )
        );
        assert_eq!(View::parse(&written).unwrap(), view);
    }

    #[test]
    fn the_agent_spec_carries_the_side() {
        let view =
            View::parse("v=1&game=othello&black=minimax:ms=300:eval=course:solve=8").unwrap();
        let spec = view.black.agent_spec(Limits::default());
        assert_eq!(spec.algo, Algorithm::Minimax);
        assert_eq!(spec.budget, Budget::Millis(300));
        assert_eq!((spec.eval, spec.solve), (EvalKind::Course, 8));
        let side = Side::agent(spec);
        assert_eq!(side, view.black);
    }

    #[test]
    fn errors_name_the_bad_field() {
        let board = board();
        assert_eq!(field_of("v=1&game=othello&board=XO"), "board");
        assert_eq!(field_of(&format!("v=1&game=othello&board={board}")), "side");
        assert_eq!(
            field_of(&format!("v=1&game=othello&board={board}&side=B")),
            "side"
        );
        assert_eq!(field_of("v=1&game=othello&side=O"), "side");
        let bad_char = board.replacen('-', "x", 1);
        assert_eq!(
            field_of(&format!("v=1&game=othello&board={bad_char}&side=X")),
            "board"
        );
        assert_eq!(field_of("v=1&game=othello&moves=f5,z9"), "moves");
        assert_eq!(field_of("v=1&game=othello&moves=a1"), "moves");
        assert_eq!(field_of("v=1&game=othello&moves=f5&at=2"), "at");
        assert_eq!(field_of("v=1&game=othello&black=robot"), "black");
        assert_eq!(
            field_of("v=1&game=othello&white=alphabeta:depth=0"),
            "white"
        );
        assert_eq!(field_of("v=1&game=othello&white=mtdf:ms=60001"), "white");
        assert_eq!(field_of("v=1&game=othello&white=mtdf:solve=25"), "white");
        assert_eq!(field_of("v=1&game=othello&white=mcts:depth=3"), "white");
        assert_eq!(field_of("v=1&game=othello&seed=-1"), "seed");
        assert_eq!(field_of("v=1&game=othello&level=www"), "level");
        assert_eq!(field_of("v=1&game=othello&at=x"), "at");
        let long = vec!["f5"; MAX_MOVES + 1].join(",");
        assert_eq!(field_of(&format!("v=1&game=othello&moves={long}")), "moves");
    }

    #[test]
    fn messages_say_what_is_wrong() {
        let err = View::parse("v=1&game=othello&white=alphabeta:depth=0").unwrap_err();
        assert_eq!(
            link_message(&err),
            "share link, field 'white': depth: must be between 1 and 60, got 0"
        );
        let err = View::parse("v=1&game=othello&white=mtdf:solve=25").unwrap_err();
        assert!(err.message.contains("solve: at most 24"), "{err}");
        let err = View::parse("v=1&game=othello&moves=f5,f5").unwrap_err();
        assert_eq!(err.message, "move 2 (f5) is not legal there");
        let err = View::parse("v=1&game=othello&board=XO&side=X").unwrap_err();
        assert_eq!(err.message, "expected 64 characters, found 2");
    }

    #[test]
    fn a_finished_game_takes_no_more_moves() {
        let full = "X".repeat(64);
        let view = View::parse(&format!("v=1&game=othello&board={full}&side=O")).unwrap();
        assert!(view.start().unwrap().is_terminal());
        let err =
            View::parse(&format!("v=1&game=othello&board={full}&side=O&moves=pass")).unwrap_err();
        assert_eq!(err.message, "move 1 (pass) comes after the end of the game");
    }

    #[test]
    fn side_by_side_panes_are_agents_for_the_side_to_move() {
        // After f5 White is to move: the panes are White's agents, Black stays a person.
        let link =
            "v=1&game=othello&moves=f5&black=human&white=mtdf:ms=1000:eval=strong:solve=0&seed=4\
                    &compare=minimax:depth=3:eval=course;alphabeta:depth=3:eval=course";
        let view = View::parse(link).unwrap();
        let algos: Vec<Algorithm> = view.compare.iter().map(|pane| pane.white.algo).collect();
        assert_eq!(algos, [Algorithm::Minimax, Algorithm::AlphaBeta]);
        for pane in &view.compare {
            assert!(pane.black.human);
            assert_eq!(pane.white.budget, BudgetKind::Depth);
            assert_eq!((pane.white.depth, pane.white.eval), (3, EvalKind::Course));
            assert_eq!((&pane.moves, pane.seed), (&view.moves, Some(4)));
            assert!(pane.compare.is_empty());
        }
        let written = view.format().unwrap();
        assert!(
            written.contains("&compare=minimax:depth=3:eval=course"),
            "{written}"
        );
        let back = View::parse(&written).unwrap();
        assert_eq!(back, view);
        assert_eq!(back.format().unwrap(), written);
        // At the start Black is to move (`at` steps back to it).
        let view =
            View::parse("v=1&game=othello&moves=f5&at=0&compare=mcts:nodes=500;mtdf:depth=4")
                .unwrap();
        assert_eq!(view.compare[0].black.algo, Algorithm::Mcts);
        assert!(!view.compare[0].white.human && view.compare[0].white == View::default().white);
        assert_eq!(View::parse(&view.format().unwrap()).unwrap(), view);
    }

    #[test]
    fn side_by_side_errors_name_the_field_and_the_pane() {
        let full = "X".repeat(64);
        let cases = [
            (
                "compare=minimax:depth=3".to_string(),
                "1 pane given; side by side shows 2 to 4",
            ),
            ("compare=minimax;best".into(), "pane 2: algo: unknown"),
            (
                "compare=minimax:depth=0;alphabeta".into(),
                "pane 1: depth: must be between 1 and 60, got 0",
            ),
            ("compare=minimax;human".into(), "pane 2: a pane is an agent"),
            ("compare=mtdf:solve=30;minimax".into(), "pane 1: solve:"),
            (
                format!("board={full}&side=O&compare=minimax;alphabeta"),
                "pane 1: the game is over at the position shown",
            ),
        ];
        for (rest, expected) in cases {
            let err = View::parse(&format!("v=1&game=othello&{rest}")).unwrap_err();
            assert_eq!(err.field, "compare", "{rest}: {err}");
            assert!(err.message.starts_with(expected), "{rest}: {}", err.message);
        }
        // The position's own errors name their own field, not the panes'.
        let err =
            View::parse("v=1&game=othello&moves=f5,f5&compare=minimax;alphabeta").unwrap_err();
        assert_eq!(err.field, "moves");
    }
}
