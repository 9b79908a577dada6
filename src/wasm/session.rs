//! [`GameSession`]: a game in progress for the page, one implementation for every game.
//!
//! A session keeps its history for undo: the start, then the state after every move, each
//! with nature's generator as it was, so that a move after an undo brings the same chance
//! outcome (2048's spawn). The person plays the player's actions; the session draws nature's
//! at once ([`PageGame::draw_chance`]), so the page never sees a chance node.

use super::boundary::{actions_from_js, index_from_js, seed_from_js, string_from_js, ClassTag};
use super::encoded_state;
use super::page_game::{lacks, PageGame};
use crate::game::Turn;
use crate::rng::Rng;
use wasm_bindgen::prelude::*;

/// A game in progress, whatever the game (object-safe, for [`GameSession`]).
pub(super) trait Playable {
    fn capabilities(&self) -> Vec<&'static str>;
    fn legal_actions(&self) -> Vec<u32>;
    fn apply(&mut self, action: u32) -> Result<(), JsError>;
    fn undo(&mut self) -> bool;
    fn reset(&mut self);
    fn outcome(&self) -> &'static str;
    fn cannot_win(&self) -> Result<bool, JsError>;
    fn score(&self) -> f64;
    fn moves(&self) -> &[u32];
    fn view(&self) -> Result<JsValue, JsError>;
    fn path_of(&self, actions: &[u32]) -> Result<Vec<u32>, JsError>;
    fn last_move(&self) -> Result<JsValue, JsError>;
    fn player_to_move(&self) -> Option<u32>;
    fn encode(&self) -> String;
}

/// The session of a game `G`.
pub(super) struct Session<G> {
    /// The start, then the state after every move, each with nature's generator after it.
    states: Vec<(G, Rng)>,
    /// The action index of every move.
    moves: Vec<u32>,
}

impl<G: PageGame> Session<G> {
    /// A session from `start`, whose chance events (those of the start included) `nature`
    /// draws.
    pub(super) fn new(mut start: G, mut nature: Rng) -> Self {
        settle(&mut start, &mut nature);
        Session {
            states: vec![(start, nature)],
            moves: Vec::new(),
        }
    }

    fn current(&self) -> &G {
        &self
            .states
            .last()
            .expect("a session always holds its start")
            .0
    }
}

/// Draws nature's moves until a player is to move or the game is over.
fn settle<G: PageGame>(state: &mut G, nature: &mut Rng) {
    while state.turn() == Turn::Chance {
        state.draw_chance(nature);
    }
}

impl<G: PageGame> Playable for Session<G> {
    fn capabilities(&self) -> Vec<&'static str> {
        G::CAPABILITIES.names()
    }

    fn legal_actions(&self) -> Vec<u32> {
        let mut actions = Vec::new();
        self.current().legal_actions(&mut actions);
        actions.into_iter().map(G::action_index).collect()
    }

    fn apply(&mut self, index: u32) -> Result<(), JsError> {
        let action = G::action_from_index(index).ok_or_else(|| {
            JsError::new(&format!(
                "action {index} does not exist ({})",
                G::ACTIONS_HELP
            ))
        })?;
        let (mut next, mut nature) = self.states.last().expect("a start").clone();
        next.try_apply(action)
            .map_err(|e| JsError::new(&format!("{}: {}", G::action_name(action), e.reason)))?;
        settle(&mut next, &mut nature);
        self.states.push((next, nature));
        self.moves.push(index);
        Ok(())
    }

    fn undo(&mut self) -> bool {
        if self.moves.pop().is_some() {
            self.states.pop();
            true
        } else {
            false
        }
    }

    fn reset(&mut self) {
        self.states.truncate(1);
        self.moves.clear();
    }

    fn outcome(&self) -> &'static str {
        self.current().outcome_word()
    }

    fn cannot_win(&self) -> Result<bool, JsError> {
        let dead_end = G::CAPABILITIES
            .dead_ends
            .ok_or_else(|| lacks::<G>("dead ends to detect"))?;
        Ok(!self.current().is_terminal() && dead_end(self.current()))
    }

    fn score(&self) -> f64 {
        self.current().score()
    }

    fn moves(&self) -> &[u32] {
        &self.moves
    }

    fn view(&self) -> Result<JsValue, JsError> {
        self.current().board_view()
    }

    fn path_of(&self, actions: &[u32]) -> Result<Vec<u32>, JsError> {
        let cell_of = G::CAPABILITIES
            .agent_cell
            .ok_or_else(|| lacks::<G>("agent on the board"))?;
        let mut state = self.current().clone();
        let mut path = vec![cell_of(&state) as u32];
        for action in actions.iter().filter_map(|&i| G::action_from_index(i)) {
            if state.is_terminal() {
                break;
            }
            state.apply(action);
            path.push(cell_of(&state) as u32);
        }
        Ok(path)
    }

    fn last_move(&self) -> Result<JsValue, JsError> {
        let describe = G::CAPABILITIES
            .last_move
            .ok_or_else(|| lacks::<G>("move animation"))?;
        match (self.moves.last(), self.states.as_slice()) {
            (Some(&action), [.., (before, _), (after, _)]) => describe(before, action, after),
            _ => Ok(JsValue::UNDEFINED),
        }
    }

    fn player_to_move(&self) -> Option<u32> {
        match self.current().turn() {
            Turn::Player(player) if G::NUM_PLAYERS > 1 => Some(player as u32),
            _ => None,
        }
    }

    fn encode(&self) -> String {
        encoded_state::encode(G::NAME, &self.current().to_string())
    }
}

/// A game in progress: create it from a level text (or, for games without levels, a seed);
/// apply, undo, draw.
#[wasm_bindgen]
#[repr(C)]
pub struct GameSession {
    /// First, so a method can tell a session from another class's object ([`ClassTag`]).
    tag: ClassTag,
    inner: Box<dyn Playable>,
}

impl GameSession {
    fn from_game(inner: Box<dyn Playable>) -> GameSession {
        GameSession {
            tag: ClassTag::GAME_SESSION,
            inner,
        }
    }

    /// The game, once the tag says that this is a session; `method` names the call.
    fn game(&self, method: &str) -> Result<&dyn Playable, JsError> {
        self.tag
            .check(ClassTag::GAME_SESSION, "GameSession", method)?;
        Ok(&*self.inner)
    }

    fn game_mut(&mut self, method: &str) -> Result<&mut dyn Playable, JsError> {
        self.tag
            .check(ClassTag::GAME_SESSION, "GameSession", method)?;
        Ok(&mut *self.inner)
    }
}

#[wasm_bindgen]
impl GameSession {
    /// Starts `game` on `level` (Bait: GVGAI text, the course variant with spaces works too;
    /// Othello: a position, `BOARD SIDE` in FFO notation, or `start`). Throws the parser's
    /// error, which names the line and column.
    #[wasm_bindgen(constructor)]
    pub fn new(
        #[wasm_bindgen(unchecked_param_type = "string")] game: JsValue,
        #[wasm_bindgen(unchecked_param_type = "string")] level: JsValue,
    ) -> Result<GameSession, JsError> {
        let kind = super::game_kind(&string_from_js("game", &game)?)?;
        let level = string_from_js("level", &level)?;
        Ok(GameSession::from_game(kind.session(&level)?))
    }

    /// Starts a game without levels (2048) whose chance events come from `seed` (a whole
    /// number below 2^53), so the game replays from its seed and its moves. Undo restores the
    /// generator too: the same move after an undo brings the same spawn.
    #[wasm_bindgen(js_name = fromSeed)]
    pub fn from_seed(
        #[wasm_bindgen(unchecked_param_type = "string")] game: JsValue,
        #[wasm_bindgen(unchecked_param_type = "number")] seed: JsValue,
    ) -> Result<GameSession, JsError> {
        let kind = super::game_kind(&string_from_js("game", &game)?)?;
        let seed = seed_from_js("seed", &seed)?;
        Ok(GameSession::from_game(kind.seeded_session(seed)?))
    }

    /// The names of the optional features this game has (see `gameCapabilities`).
    pub fn capabilities(&self) -> Result<Vec<String>, JsError> {
        Ok(self
            .game("capabilities")?
            .capabilities()
            .into_iter()
            .map(String::from)
            .collect())
    }

    /// How the last move of the history went, for animating it (2048: a `MoveTrace`; Othello:
    /// an `OthelloMove`); `undefined` at the start. Throws for games without the `lastMove`
    /// capability.
    #[wasm_bindgen(js_name = lastMove, unchecked_return_type = "MoveTrace | OthelloMove | undefined")]
    pub fn last_move(&self) -> Result<JsValue, JsError> {
        self.game("lastMove")?.last_move()
    }

    /// The legal actions' indices, in the game's order (empty once the game is over).
    #[wasm_bindgen(js_name = legalActions)]
    pub fn legal_actions(&self) -> Result<Vec<u32>, JsError> {
        Ok(self.game("legalActions")?.legal_actions())
    }

    /// Plays the action with this index (a whole number). Throws if it is not legal here.
    pub fn apply(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "number")] action: JsValue,
    ) -> Result<(), JsError> {
        self.game_mut("apply")?
            .apply(index_from_js("action", &action)?)
    }

    /// Takes back the last move; false when there is none.
    pub fn undo(&mut self) -> Result<bool, JsError> {
        Ok(self.game_mut("undo")?.undo())
    }

    /// Back to the start.
    pub fn reset(&mut self) -> Result<(), JsError> {
        self.game_mut("reset")?.reset();
        Ok(())
    }

    /// The player to move in a game of several players (Othello: 0 Black, 1 White);
    /// `undefined` once the game is over and in one-player games.
    #[wasm_bindgen(js_name = playerToMove)]
    pub fn player_to_move(&self) -> Result<Option<u32>, JsError> {
        Ok(self.game("playerToMove")?.player_to_move())
    }

    /// Whether the game is over.
    #[wasm_bindgen(js_name = isTerminal)]
    pub fn is_terminal(&self) -> Result<bool, JsError> {
        Ok(self.game("isTerminal")?.outcome() != "playing")
    }

    /// "playing" while the game goes on; then Bait: "won" or "lost"; 2048: "over"; Othello:
    /// the winner ("black", "white") or "draw".
    pub fn outcome(&self) -> Result<String, JsError> {
        Ok(self.game("outcome")?.outcome().into())
    }

    /// Whether the game goes on but provably can no longer be won (Bait: a box sealed the key
    /// or the door, or the way to them is cut). Throws for games without the `deadEnds`
    /// capability.
    #[wasm_bindgen(js_name = cannotWin)]
    pub fn cannot_win(&self) -> Result<bool, JsError> {
        self.game("cannotWin")?.cannot_win()
    }

    /// The score so far.
    pub fn score(&self) -> Result<f64, JsError> {
        Ok(self.game("score")?.score())
    }

    /// Moves played since the start.
    pub fn moves(&self) -> Result<u32, JsError> {
        Ok(self.game("moves")?.moves().len() as u32)
    }

    /// The moves played, as action indices.
    pub fn history(&self) -> Result<Vec<u32>, JsError> {
        Ok(self.game("history")?.moves().to_vec())
    }

    /// The board to draw (the game's board-view type).
    #[wasm_bindgen(
        unchecked_return_type = "BaitBoardView | GridView | SumZeroBoardView | VgdlBoardView"
    )]
    pub fn view(&self) -> Result<JsValue, JsError> {
        self.game("view")?.view()
    }

    /// The cells (row-major indices) the agent walks through if it plays `actions` from here,
    /// starting with its cell now. Throws for games without the `agentCell` capability.
    #[wasm_bindgen(js_name = pathOf)]
    pub fn path_of(
        &self,
        #[wasm_bindgen(unchecked_param_type = "Uint32Array | number[]")] actions: JsValue,
    ) -> Result<Vec<u32>, JsError> {
        self.game("pathOf")?
            .path_of(&actions_from_js("actions", &actions)?)
    }

    /// The state as a string for `new SearchJob` (the game and the state's text form).
    pub fn encode(&self) -> Result<String, JsError> {
        Ok(self.game("encode")?.encode())
    }
}
