//! 2048's side of the JavaScript API: a session whose spawns come from its own seeded generator,
//! search jobs for hints and auto-play, and whole games for the batch mode.
//!
//! A session is a function of its seed and its moves: the start draws both tiles from
//! `Rng::new(seed)`, every move draws its spawn from the same generator (as
//! `agents::g2048::Episode` and `searchlab 2048 play` do), and undo restores the generator, so the
//! worker rebuilds the position from the seed and the moves.

use super::{
    js_error, parameter_error, read_view_as, to_js, Batch, BatchReport, BoardView, EncodedState,
    GameKind, History, Indexed, Job, LevelProblem, Playable,
};
use crate::agents::g2048::{game_seed, Episode, SEARCH_LIMITS};
use crate::game::Game;
use crate::games::g2048::board::CELLS;
use crate::games::g2048::motion::{slide_motions, TileMotion};
use crate::games::g2048::{Action, Direction, G2048};
use crate::rng::Rng;
use crate::share::g2048::View;
use crate::share::Fields;
use serde::Serialize;
use wasm_bindgen::prelude::*;

const MOVES_HELP: &str = "moves are 0 up, 1 right, 2 down, 3 left";

pub(super) struct G2048Kind;

/// Reads a 2048 view object from JS and checks every field; errors name the field.
fn view_from_js(view: JsValue) -> Result<View, JsError> {
    let view: View = read_view_as(view)?;
    view.validate().map_err(parameter_error)?;
    Ok(view)
}

impl GameKind for G2048Kind {
    fn name(&self) -> &'static str {
        "2048"
    }

    fn validate(&self, _level: &str) -> Result<(), LevelProblem> {
        Err(LevelProblem {
            line: 0,
            column: 0,
            message: "2048 has no levels: a game starts from a seed".into(),
        })
    }

    fn session(&self, _level: &str) -> Result<Box<dyn Playable>, JsError> {
        Err(JsError::new(
            "2048 has no levels: use GameSession.fromSeed('2048', seed)",
        ))
    }

    fn seeded_session(&self, seed: u64) -> Result<Box<dyn Playable>, JsError> {
        Ok(Box::new(Session::new(seed)))
    }

    fn job(&self, state: &EncodedState, view: JsValue, seed: u64) -> Result<Box<dyn Job>, JsError> {
        let view = view_from_js(view)?;
        let game_seed = state
            .seed
            .ok_or_else(|| JsError::new("encoded state: a 2048 state needs its seed"))?;
        let root = replay(game_seed, &state.moves)?;
        if !root.player_to_move() {
            return Err(JsError::new(
                "the game is over: there is no move to think about",
            ));
        }
        let spec = view.agent_spec(SEARCH_LIMITS);
        let search = spec
            .decide(&root, &mut Rng::new(seed))
            .map_err(|e| JsError::new(&format!("parameter '{}': {}", e.field, e.message)))?;
        // One move's thinking for a hint or for auto-play.
        Ok(Box::new(Indexed::<G2048, _>::new(search)))
    }

    fn parse_link(&self, fields: &Fields) -> Result<JsValue, JsError> {
        to_js(&View::from_fields(fields).map_err(js_error)?)
    }

    fn format_link(&self, view: JsValue) -> Result<String, JsError> {
        read_view_as::<View>(view)?.format().map_err(js_error)
    }

    fn default_view(&self) -> Result<JsValue, JsError> {
        to_js(&View::default())
    }

    fn batch_game(&self, view: JsValue, index: u32) -> Result<Box<dyn Batch>, JsError> {
        let view = view_from_js(view)?;
        let seed = view
            .seed
            .ok_or_else(|| JsError::new("parameter 'seed': a batch needs a seed"))?;
        if index >= view.games {
            return Err(JsError::new(&format!(
                "game {index} is not in a batch of {} games (indices start at 0)",
                view.games
            )));
        }
        let seed = game_seed(seed, u64::from(view.games), u64::from(index));
        let episode = Episode::new(view.agent_spec(SEARCH_LIMITS), seed, view.batch_nodes)
            .map_err(|e| JsError::new(&format!("parameter '{}': {}", e.field, e.message)))?;
        Ok(Box::new(BatchRun {
            index,
            seed,
            episode,
        }))
    }
}

/// The position after `moves` from the start drawn by `seed`; an error names the first move that
/// does not apply.
fn replay(seed: u64, moves: &[u32]) -> Result<G2048, JsError> {
    let mut spawns = Rng::new(seed);
    let mut game = G2048::new_game(&mut spawns);
    for (i, &index) in moves.iter().enumerate() {
        let direction = Direction::from_index(index).ok_or_else(|| {
            JsError::new(&format!(
                "encoded state: move {i} ({index}) is not a move ({MOVES_HELP})"
            ))
        })?;
        game.try_move(direction)
            .map_err(|e| JsError::new(&format!("encoded state: move {i}: {e}")))?;
        game.spawn_random(&mut spawns);
    }
    Ok(game)
}

// ---------------------------------------------------------------------------------------------
// Sessions

/// One tile's slide, for JS.
#[derive(Clone, Serialize)]
struct Slide {
    from: u8,
    to: u8,
    exponent: u8,
    merged: bool,
}

impl From<TileMotion> for Slide {
    fn from(m: TileMotion) -> Self {
        Slide {
            from: m.from,
            to: m.to,
            exponent: m.exponent,
            merged: m.merged,
        }
    }
}

/// A spawned tile, for JS.
#[derive(Clone, Serialize)]
struct Spawn {
    cell: u8,
    exponent: u8,
}

/// How a move went (see the `MoveTrace` TypeScript type).
#[derive(Clone, Serialize)]
struct MoveTrace {
    action: u32,
    gain: u64,
    slides: Vec<Slide>,
    spawn: Option<Spawn>,
}

/// A 2048 game in progress, with its history for undo.
struct Session {
    seed: u64,
    /// The start, then the position after every move, each with the spawn generator as it was.
    history: History<(G2048, Rng)>,
    last: Option<MoveTrace>,
}

impl Session {
    fn new(seed: u64) -> Self {
        let mut spawns = Rng::new(seed);
        let start = G2048::new_game(&mut spawns);
        Session {
            seed,
            history: History::new((start, spawns)),
            last: None,
        }
    }

    fn current(&self) -> &G2048 {
        &self.history.current().0
    }
}

impl Playable for Session {
    fn game(&self) -> &'static str {
        "2048"
    }

    fn level(&self) -> &str {
        ""
    }

    fn legal_actions(&self) -> Vec<u32> {
        let mut actions = Vec::new();
        self.current().legal_actions(&mut actions);
        actions.into_iter().map(G2048::action_index).collect()
    }

    fn apply(&mut self, index: u32) -> Result<(), JsError> {
        let direction = Direction::from_index(index).ok_or_else(|| {
            let what = if index < G2048::NUM_DISTINCT_ACTIONS {
                "is a spawn, and the session spawns tiles itself"
            } else {
                "does not exist"
            };
            JsError::new(&format!("action {index} {what} ({MOVES_HELP})"))
        })?;
        let (mut game, mut spawns) = self.history.current().clone();
        let slides = slide_motions(game.board(), direction);
        let gain = game.try_move(direction).map_err(js_error)?;
        let spawn = game
            .spawn_random(&mut spawns)
            .and_then(|spawn| match spawn {
                Action::Spawn { cell, four } => Some(Spawn {
                    cell,
                    exponent: 1 + u8::from(four),
                }),
                Action::Move(_) => None,
            });
        self.history.push((game, spawns), index);
        self.last = Some(MoveTrace {
            action: index,
            gain,
            slides: slides.into_iter().map(Slide::from).collect(),
            spawn,
        });
        Ok(())
    }

    fn undo(&mut self) -> bool {
        self.last = None;
        self.history.undo()
    }

    fn reset(&mut self) {
        self.history.reset();
        self.last = None;
    }

    fn outcome(&self) -> &'static str {
        if self.current().is_terminal() {
            "over"
        } else {
            "playing"
        }
    }

    fn cannot_win(&self) -> bool {
        false
    }

    fn score(&self) -> f64 {
        self.current().score() as f64
    }

    fn moves(&self) -> &[u32] {
        self.history.moves()
    }

    /// Four by four cells holding tile exponents (0 empty, `e` the tile `2^e`).
    fn view(&self) -> BoardView {
        let board = self.current().board();
        BoardView {
            width: 4,
            height: 4,
            cells: (0..CELLS).map(|cell| board.exponent(cell)).collect(),
            avatar: None,
            has_key: false,
            alive: !self.current().is_terminal(),
        }
    }

    fn path_of(&self, _actions: &[u32]) -> Vec<u32> {
        Vec::new()
    }

    fn seed(&self) -> Option<u64> {
        Some(self.seed)
    }

    fn last_move(&self) -> Result<JsValue, JsError> {
        match &self.last {
            Some(trace) => to_js(trace),
            None => Ok(JsValue::UNDEFINED),
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Search jobs and batches

/// A batch game: the episode and where it sits in the batch.
struct BatchRun {
    index: u32,
    seed: u64,
    episode: Episode,
}

impl Batch for BatchRun {
    fn step(&mut self, budget: u64) -> BatchReport {
        if budget > 0 {
            self.episode.step(budget);
        }
        let game = self.episode.game();
        BatchReport {
            index: self.index,
            seed: self.seed.to_string(),
            moves: self.episode.moves(),
            score: game.score(),
            max_tile: game.board().max_tile(),
            work: self.episode.work(),
            over: self.episode.is_over(),
        }
    }
}
