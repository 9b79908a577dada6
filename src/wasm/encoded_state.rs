//! A session's state as the worker receives it (`GameSession.encode()`, then `new SearchJob`):
//! the game, its seed (2048 draws its spawns from it), the moves played, and the level or
//! position text. One string, opaque to the page:
//!
//! ```text
//! searchlab-state/1
//! <game>
//! <seed, or - for none>
//! <moves: action indices joined by ','>
//! <level text, to the end>
//! ```
//!
//! Written by hand rather than as JSON, which would bring a JSON library into the wasm. Plain
//! Rust: errors are messages, which `wasm.rs` turns into exceptions.

use crate::game::Game;

/// The first line of every encoded state.
const HEADER: &str = "searchlab-state/1";

/// A decoded state: replay `moves` from the game's start on `level` (or from `seed`).
pub(crate) struct EncodedState {
    pub(crate) game: String,
    pub(crate) level: String,
    pub(crate) moves: Vec<u32>,
    pub(crate) seed: Option<u64>,
}

impl EncodedState {
    /// The text form (see the module doc).
    pub(crate) fn encode(&self) -> String {
        let seed = self.seed.map_or_else(|| "-".to_string(), |s| s.to_string());
        let moves: Vec<String> = self.moves.iter().map(u32::to_string).collect();
        format!(
            "{HEADER}\n{}\n{seed}\n{}\n{}",
            self.game,
            moves.join(","),
            self.level
        )
    }

    /// Reads the text form; the error names the line that is wrong.
    pub(crate) fn decode(text: &str) -> Result<EncodedState, String> {
        let bad = |what: &str| format!("not an encoded state (use GameSession.encode()): {what}");
        let mut lines = text.splitn(5, '\n');
        if lines.next() != Some(HEADER) {
            return Err(bad(&format!("line 1 is not '{HEADER}'")));
        }
        let (Some(game), Some(seed), Some(moves)) = (lines.next(), lines.next(), lines.next())
        else {
            return Err(bad("fewer than four lines"));
        };
        let seed = match seed {
            "-" => None,
            digits => Some(
                digits
                    .parse()
                    .map_err(|_| bad(&format!("line 3: seed '{digits}' is not a number")))?,
            ),
        };
        let moves = if moves.is_empty() {
            Vec::new()
        } else {
            moves
                .split(',')
                .enumerate()
                .map(|(i, m)| {
                    m.parse()
                        .map_err(|_| bad(&format!("line 4: move {i} ('{m}') is not a number")))
                })
                .collect::<Result<_, _>>()?
        };
        Ok(EncodedState {
            game: game.to_string(),
            level: lines.next().unwrap_or("").to_string(),
            moves,
            seed,
        })
    }

    /// The state after `moves` from `start`; an error names the first move that does not apply.
    pub(crate) fn replay<G: Game>(&self, mut state: G) -> Result<G, String> {
        for (i, &index) in self.moves.iter().enumerate() {
            let action = G::action_from_index(index)
                .ok_or_else(|| format!("encoded state: move {i} ({index}) does not exist"))?;
            state
                .try_apply(action)
                .map_err(|e| format!("encoded state: move {i}: {e}"))?;
        }
        Ok(state)
    }
}
