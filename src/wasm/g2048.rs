//! 2048's side of the JavaScript API: its board view, a start whose spawns come from the
//! session's seeded generator (as `agents::g2048::Episode` and `searchlab 2048 play` draw them),
//! each move's slides and spawn for the animation, search jobs for hints and auto-play, and
//! whole games for the batch mode.

use super::batch::{Batch, BatchReport};
use super::boundary::{to_js, GridView};
use super::page_game::{Capabilities, PageGame};
use super::search_job::{Indexed, Job, Timed, WorkCap};
use super::timeline::{options_for, recorded, recorder};
use crate::agents::g2048::Algorithm;
use crate::agents::g2048::{game_seed, Episode, SEARCH_LIMITS};
use crate::agents::params::{self, Table};
use crate::agents::Agent;
use crate::game::Game;
use crate::games::g2048::board::CELLS;
use crate::games::g2048::motion::{slide_motions, TileMotion};
use crate::games::g2048::{Action, Direction, G2048};
use crate::rng::Rng;
use crate::search::timeline::TimelineOptions;
use crate::search::{NoObserver, Search};
use crate::share::g2048::View;
use serde::Serialize;
use tsify::Tsify;
use wasm_bindgen::prelude::*;

impl PageGame for G2048 {
    const NAME: &'static str = "2048";
    const ACTIONS_HELP: &'static str = "moves are 0 up, 1 right, 2 down, 3 left";
    const CAPABILITIES: Capabilities<Self> = Capabilities {
        seeded: Some(G2048::start),
        last_move: Some(move_trace),
        batch: Some(batch_game),
        ..Capabilities::NONE
    };
    type View = View;
    const PARAMETERS: Table = params::G2048;

    fn action_name(action: Action) -> String {
        match action {
            Action::Move(direction) => direction.name().to_lowercase(),
            Action::Spawn { cell, four } => {
                format!("a {} on cell {cell}", if four { 4 } else { 2 })
            }
        }
    }

    /// Four by four cells holding tile exponents (0 empty, `e` the tile `2^e`); `alive` until
    /// no move changes the board.
    fn board_view(&self) -> Result<JsValue, JsError> {
        let board = self.board();
        to_js(&GridView {
            width: 4,
            height: 4,
            cells: (0..CELLS).map(|cell| board.exponent(cell)).collect(),
            alive: !self.is_terminal(),
        })
    }

    fn cell_count(&self) -> usize {
        CELLS
    }

    fn outcome_word(&self) -> &'static str {
        if self.is_terminal() {
            "over"
        } else {
            "playing"
        }
    }

    fn score(&self) -> f64 {
        self.score() as f64
    }

    /// The original game's draw (`addRandomTile`): the tile's value first, then its cell.
    fn draw_chance(&mut self, nature: &mut Rng) {
        self.spawn_random(nature);
    }

    /// One move's thinking for a hint or for auto-play.
    /// The view's agent; with `hint-nodes` set, capped at that much work (a hint or an
    /// auto-played move that replays exactly), else run until the caller's deadline.
    fn job(&self, view: &View, seed: u64, record: bool) -> Result<Box<dyn Job>, JsError> {
        let spec = view.agent_spec(SEARCH_LIMITS);
        let error = |e: crate::field_error::FieldError| {
            JsError::new(&format!("parameter '{}': {}", e.field, e.message))
        };
        let capped = |search: Box<dyn Search<G2048>>| -> Box<dyn Search<G2048>> {
            match view.hint_nodes {
                0 => search,
                work_left => Box::new(WorkCap { search, work_left }),
            }
        };
        if !record {
            let search = capped(spec.build(self, seed, NoObserver).map_err(error)?);
            return Ok(Box::new(Indexed::<G2048, _>::new(search)));
        }
        let recorder = recorder::<G2048>(TimelineOptions {
            iterations_are_depths: spec.algo == Algorithm::Expectimax && spec.iterative,
            tree: spec.algo == Algorithm::Mcts,
            ..options_for(self)
        });
        let search = capped(spec.build(self, seed, recorder.clone()).map_err(error)?);
        Ok(Box::new(Timed {
            job: Box::new(Indexed::<G2048, _>::new(recorded(search, &recorder))),
            timeline: recorder.timeline(),
        }))
    }
}

/// Game `index` of the batch `view` describes.
fn batch_game(view: &View, index: u32) -> Result<Box<dyn Batch>, JsError> {
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

/// One tile's slide: from and to which cell, its exponent before the move, whether it merged.
#[derive(Clone, Serialize, Tsify)]
pub(super) struct Slide {
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

/// The tile that spawned after a move: its cell and exponent.
#[derive(Clone, Serialize, Tsify)]
pub(super) struct Spawn {
    cell: u8,
    exponent: u8,
}

/// How the last 2048 move went: every tile's slide (exponents before the move), the score it
/// gained and the spawn.
#[derive(Clone, Serialize, Tsify)]
#[tsify(missing_as_null)]
pub(super) struct MoveTrace {
    action: u32,
    gain: u64,
    slides: Vec<Slide>,
    spawn: Option<Spawn>,
}

/// How a move went: every tile's slide on the board `before` it, the score it gained and the
/// tile that spawned after it.
fn move_trace(before: &G2048, index: u32, after: &G2048) -> Result<JsValue, JsError> {
    let Some(direction) = Direction::from_index(index) else {
        return Ok(JsValue::UNDEFINED);
    };
    let (moved, gain) = before.board().slide(direction);
    let spawn = (0..CELLS)
        .find(|&cell| moved.exponent(cell) == 0 && after.board().exponent(cell) != 0)
        .map(|cell| Spawn {
            cell: cell as u8,
            exponent: after.board().exponent(cell),
        });
    to_js(&MoveTrace {
        action: index,
        gain,
        slides: slide_motions(before.board(), direction)
            .into_iter()
            .map(Slide::from)
            .collect(),
        spawn,
    })
}

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
