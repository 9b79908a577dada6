//! SearchLab: game engines and search algorithms to watch them think.
//!
//! Layout (see `README.md`): [`game`] holds the traits, `games::*` the rules of each game,
//! [`search`] the algorithms, generic over the traits, and [`conformance`] the checks every game
//! must pass. `wasm` is the only module that talks to JavaScript.

pub mod agents;
pub mod conformance;
pub mod field_error;
pub mod game;
pub mod games;
mod hash;
pub mod rng;
pub mod search;
pub mod share;
pub mod speed;
pub mod sprites;
#[cfg(target_arch = "wasm32")]
pub mod wasm;
