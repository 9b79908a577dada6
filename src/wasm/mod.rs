//! The JavaScript API: opaque handles with small results. This module is the only code that
//! mentions wasm-bindgen.
//!
//! - [`GameSession`] (`session.rs`): a game in progress for the page, one implementation for
//!   every game.
//! - [`SearchJob`] (`search_job.rs`): one search for the worker, run in slices.
//! - [`BatchGame`] (`batch.rs`): one whole game of a batch, for a worker of the page's pool.
//! - `Timeline` ([`JsTimeline`], `timeline.rs`): a recorded search run
//!   (`new SearchJob(..., record = true)`, `job.timeline()`), read at any step.
//! - Share links (`parseShareLink`, `formatShareLink`, `defaultView`, `defaultViewFor`,
//!   `shareLinkGame`, `pageSettings`, `formatPageSettings`), `validateLevel`, `gameCapabilities` and `freshSeed` (here).
//! - The page's limits on outside text and Othello's links (`limits`, `limits.rs`).
//! - VGDL games' editors and starts (`vgdlCheck`, `vgdlGameInfo`, `vgdlShippedGames`,
//!   `vgdlStart`, `vgdl.rs`).
//! - Speed comparisons (`bench.rs`), for `tests/e2e/bench*.mjs`.
//! - The TypeScript types of the objects that cross, generated from the Rust types by tsify
//!   (`typescript.rs` lists them).
//!
//! Every game declares what the page needs of it once, in its own module, by implementing
//! [`page_game::PageGame`]; the one `match` on a game's name is the registry [`game_kind`].
//! Errors reach JS as exceptions (`JsError`) whose message a person can act on. The panic hook
//! is installed once, when the module starts.

mod bait;
mod batch;
mod bench;
mod boundary;
mod encoded_state;
mod g2048;
mod heat;
mod kb_memory;
mod limits;
mod othello;
mod page_game;
mod puzzle_job;
mod search_job;
mod session;
mod sumzero;
mod timeline;
pub mod typescript;
mod vgdl;

pub use batch::BatchGame;
pub use bench::*;
pub use limits::limits;
pub use search_job::SearchJob;
pub use session::GameSession;
pub use timeline::JsTimeline;
pub use vgdl::{vgdl_check, vgdl_game_info, vgdl_shipped_games, vgdl_start};

use crate::share::page::PageSettings;
use crate::share::{Fields, MAX_SEED};
use boundary::{game_of_view, link_error, string_from_js, to_js};
use page_game::{GameKind, Kind};
use wasm_bindgen::prelude::*;

/// Installs the panic hook, so a bug shows as a readable console message rather than
/// "unreachable executed".
#[wasm_bindgen(start)]
pub fn start() {
    console_error_panic_hook::set_once();
}

/// The game called `name`: the registry, one line per game.
fn game_kind(name: &str) -> Result<&'static dyn GameKind, JsError> {
    const GAMES: &[&dyn GameKind] = &[
        &Kind::<crate::games::bait::BaitState>::ENTRY,
        &Kind::<crate::games::g2048::G2048>::ENTRY,
        &Kind::<crate::games::othello::Othello>::ENTRY,
        &Kind::<crate::games::sumzero::SumZero>::ENTRY,
        &Kind::<crate::games::vgdl_play::VgdlPlay>::ENTRY,
    ];
    GAMES
        .iter()
        .copied()
        .find(|kind| kind.name() == name)
        .ok_or_else(|| {
            JsError::new(&format!(
                "unknown game '{}' (expected one of: {})",
                crate::field_error::quoted(name),
                crate::share::GAMES.join(", ")
            ))
        })
}

/// The default Bait view: A*, GVGAI's sample-agent parameters, no level (the page's first) and
/// no seed yet.
#[wasm_bindgen(js_name = defaultView, unchecked_return_type = "View")]
pub fn default_view() -> Result<JsValue, JsError> {
    game_kind("bait")?.default_view()
}

/// The default view of `game` (2048: the course's MCTS agent; Othello: a person against
/// MTD(f); no seed yet).
#[wasm_bindgen(js_name = defaultViewFor, unchecked_return_type = "View | View2048 | ViewOthello | ViewSumZero | ViewVgdl")]
pub fn default_view_for(
    #[wasm_bindgen(unchecked_param_type = "string")] game: JsValue,
) -> Result<JsValue, JsError> {
    game_kind(&string_from_js("game", &game)?)?.default_view()
}

/// Reads a share-link fragment (`#v=1&...`) into the view of the game it names. Throws an error
/// naming the bad field. A level's tiles are checked separately, by [`validate_level`].
#[wasm_bindgen(js_name = parseShareLink, unchecked_return_type = "View | View2048 | ViewOthello | ViewSumZero | ViewVgdl")]
pub fn parse_share_link(
    #[wasm_bindgen(unchecked_param_type = "string")] fragment: JsValue,
) -> Result<JsValue, JsError> {
    let fields = Fields::read(&string_from_js("fragment", &fragment)?).map_err(link_error)?;
    let game = fields.game().map_err(link_error)?;
    game_kind(game)?.parse_link(&fields)
}

/// The game a share-link fragment names (`bait` if none), as far as the link can be read; throws
/// if even the version or the game is wrong. The page opens this game's default view when the
/// rest of the link is malformed.
#[wasm_bindgen(js_name = shareLinkGame)]
pub fn share_link_game(
    #[wasm_bindgen(unchecked_param_type = "string")] fragment: JsValue,
) -> Result<String, JsError> {
    let fields = Fields::read(&string_from_js("fragment", &fragment)?).map_err(link_error)?;
    Ok(fields.game().map_err(link_error)?.to_string())
}

/// The page's own settings in a share-link fragment (class mode), whatever its game; throws an
/// error naming the bad field. The game's view is read separately, by [`parse_share_link`].
#[wasm_bindgen(js_name = pageSettings, unchecked_return_type = "PageSettings")]
pub fn page_settings(
    #[wasm_bindgen(unchecked_param_type = "string")] fragment: JsValue,
) -> Result<JsValue, JsError> {
    let fields = Fields::read(&string_from_js("fragment", &fragment)?).map_err(link_error)?;
    to_js(&PageSettings::from_fields(&fields).map_err(link_error)?)
}

/// The keys that carry the page's own settings, to append to a game's fragment (`&class=1`,
/// `&lesson=bfs-vs-dfs&step=2`, or an empty string for the defaults). Throws an error naming a
/// lesson key out of range.
#[wasm_bindgen(js_name = formatPageSettings)]
pub fn format_page_settings(
    #[wasm_bindgen(unchecked_param_type = "PageSettings")] settings: JsValue,
) -> Result<String, JsError> {
    let settings: PageSettings = serde_wasm_bindgen::from_value(settings)
        .map_err(|e| JsError::new(&format!("page settings: {e}")))?;
    settings.format().map_err(link_error)
}

/// Writes a view as a share-link fragment (without `#`). Throws an error naming a field out of
/// range.
#[wasm_bindgen(js_name = formatShareLink)]
pub fn format_share_link(
    #[wasm_bindgen(
        unchecked_param_type = "View | View2048 | ViewOthello | ViewSumZero | ViewVgdl"
    )]
    view: JsValue,
) -> Result<String, JsError> {
    let game = game_of_view(&view)?;
    game_kind(&game)?.format_link(view)
}

/// The names of the optional features `game` has: `levels` (levels or positions, checked by
/// `validateLevel`), `seeded` (a start from a seed, `GameSession.fromSeed`), `agentCell` (a
/// plan's path and a search's heat map), `deadEnds` (`cannotWin`), `lastMove` (move
/// animation) and `batch` (`BatchGame`).
#[wasm_bindgen(js_name = gameCapabilities)]
pub fn game_capabilities(
    #[wasm_bindgen(unchecked_param_type = "string")] game: JsValue,
) -> Result<Vec<String>, JsError> {
    let names = game_kind(&string_from_js("game", &game)?)?.capabilities();
    Ok(names.into_iter().map(String::from).collect())
}

/// The agent parameters of `game`, in the order the page shows them: each with its `key` (the
/// share link's and the command line's name), `label`, `kind` (`int`, `float`, `choice` or
/// `floats`) with its range or options and its `default`, a one-sentence `help`, and the
/// `algos` whose own parameter it is (empty for a setting of every run).
#[wasm_bindgen(js_name = parameterTable, unchecked_return_type = "Parameter[]")]
pub fn parameter_table(
    #[wasm_bindgen(unchecked_param_type = "string")] game: JsValue,
) -> Result<JsValue, JsError> {
    game_kind(&string_from_js("game", &game)?)?.parameters()
}

/// Checks a level text: `undefined` when it is valid, else where and why it is not. Throws for
/// games without levels.
#[wasm_bindgen(js_name = validateLevel, unchecked_return_type = "LevelProblem | undefined")]
pub fn validate_level(
    #[wasm_bindgen(unchecked_param_type = "string")] game: JsValue,
    #[wasm_bindgen(unchecked_param_type = "string")] level: JsValue,
) -> Result<JsValue, JsError> {
    let kind = game_kind(&string_from_js("game", &game)?)?;
    match kind.validate(&string_from_js("level", &level)?)? {
        None => Ok(JsValue::UNDEFINED),
        Some(problem) => to_js(&problem),
    }
}

/// A fresh random seed from the browser's (or Node's) cryptographic generator, below 2^53 so it
/// stays exact as a JS number.
#[wasm_bindgen(js_name = freshSeed)]
pub fn fresh_seed() -> Result<f64, JsError> {
    let mut bytes = [0u8; 8];
    getrandom::getrandom(&mut bytes)
        .map_err(|e| JsError::new(&format!("no random source: {e}")))?;
    Ok((u64::from_le_bytes(bytes) & MAX_SEED) as f64)
}
