//! `bait ablation --results FILE`: every finished game appended to FILE as one JSON line, and
//! the games FILE already holds taken from it instead of played again, so a long ablation can be
//! stopped and carried on (the same command again) and its seeds grown later.
//!
//! A line is `{"settings", "level", "agent", "seed", "won", "died", "score", "iterations"}`, the
//! level named by the path given to `--level`. `settings` names what makes games comparable (the
//! act budget, the feature types and MCTS's tie rule, `TieOrder::RULE`: games recorded before ties
//! were broken at random lack it); a file holds one setting, and a run with another is refused
//! rather than mixed in. A last line without its newline (a run stopped while writing it) is
//! dropped; any other line that does not read is an error naming the file and line.

use std::collections::HashMap;
use std::fs::{self, File, OpenOptions};
use std::io::{ErrorKind, Write};

use serde_json::{json, Value};

use crate::args::{flag_error, CliError, CliResult};

/// One game's end.
pub struct GameEnd {
    pub won: bool,
    pub died: bool,
    pub score: i32,
    /// Iterations of each act, in order (one act a move).
    pub iterations: Vec<u64>,
}

/// A game's place in the ablation: its level (as given), agent and seed.
type GameKey = (String, String, u64);

/// An open results file: the games it held when opened, not yet taken, and the file to append to.
pub struct ResultsFile {
    path: String,
    settings: String,
    recorded: HashMap<GameKey, GameEnd>,
    file: File,
}

impl ResultsFile {
    /// Reads the games at `path` (none if it does not exist) recorded under `settings`, and opens it
    /// for appending.
    pub fn open(path: &str, settings: &str) -> CliResult<Self> {
        let text = match fs::read_to_string(path) {
            Ok(text) => text,
            Err(error) if error.kind() == ErrorKind::NotFound => String::new(),
            Err(error) => return Err(file_error(path, format!("cannot be read: {error}"))),
        };
        let complete = &text[..text.rfind('\n').map_or(0, |end| end + 1)];
        let mut recorded = HashMap::new();
        let mut first_line_of = HashMap::new();
        for (index, line) in complete.lines().enumerate() {
            let number = index + 1;
            let at_line = |message: String| file_error(path, format!("line {number}: {message}"));
            let (key, game) = parse_line(line, settings).map_err(at_line)?;
            if let Some(first) = first_line_of.insert(key.clone(), number) {
                return Err(at_line(format!("repeats the game of line {first}")));
            }
            recorded.insert(key, game);
        }
        if complete.len() < text.len() {
            fs::write(path, complete)
                .map_err(|error| file_error(path, format!("cannot be written: {error}")))?;
        }
        let file = OpenOptions::new()
            .create(true)
            .append(true)
            .open(path)
            .map_err(|error| file_error(path, format!("cannot be written: {error}")))?;
        Ok(ResultsFile {
            path: path.to_owned(),
            settings: settings.to_owned(),
            recorded,
            file,
        })
    }

    /// The recorded game of `agent` on `level` for `seed`, if the file holds it.
    pub fn take(&mut self, level: &str, agent: &str, seed: u64) -> Option<GameEnd> {
        self.recorded
            .remove(&(level.to_owned(), agent.to_owned(), seed))
    }

    /// Appends a finished game as one line, written whole and flushed.
    pub fn append(&mut self, level: &str, agent: &str, seed: u64, game: &GameEnd) -> CliResult<()> {
        let line = json!({
            "settings": self.settings, "level": level, "agent": agent, "seed": seed,
            "won": game.won, "died": game.died, "score": game.score,
            "iterations": game.iterations,
        });
        self.file
            .write_all(format!("{line}\n").as_bytes())
            .and_then(|()| self.file.flush())
            .map_err(|error| file_error(&self.path, format!("cannot be written: {error}")))
    }
}

/// An error about the results file, as an error about the flag that names it.
fn file_error(path: &str, message: String) -> CliError {
    flag_error("results", format!("{path}: {message}"))
}

/// A line's game, or what is wrong with it.
fn parse_line(line: &str, settings: &str) -> Result<(GameKey, GameEnd), String> {
    let value: Value =
        serde_json::from_str(line).map_err(|error| format!("not a JSON line ({error})"))?;
    let field = |name: &str| {
        value
            .get(name)
            .ok_or_else(|| format!("the field '{name}' is missing"))
    };
    let text = |name: &str| {
        field(name)?
            .as_str()
            .ok_or_else(|| format!("'{name}' is not a string"))
    };
    let flag = |name: &str| {
        field(name)?
            .as_bool()
            .ok_or_else(|| format!("'{name}' is not true or false"))
    };
    let recorded_settings = text("settings")?;
    if recorded_settings != settings {
        return Err(format!(
            "recorded with {recorded_settings}, but this run plays {settings} (use another file)"
        ));
    }
    let (level, agent) = (text("level")?, text("agent")?);
    let seed = field("seed")?
        .as_u64()
        .ok_or("'seed' is not a whole number")?;
    let score = field("score")?
        .as_i64()
        .and_then(|score| i32::try_from(score).ok())
        .ok_or("'score' is not a whole number")?;
    let iterations = field("iterations")?
        .as_array()
        .and_then(|acts| acts.iter().map(Value::as_u64).collect::<Option<Vec<u64>>>())
        .ok_or("'iterations' is not a list of whole numbers")?;
    let key = (level.to_owned(), agent.to_owned(), seed);
    let game = GameEnd {
        won: flag("won")?,
        died: flag("died")?,
        score,
        iterations,
    };
    Ok((key, game))
}
