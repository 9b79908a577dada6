//! `searchlab 2048 play --checkpoint FILE`: a batch that can stop and carry on.
//!
//! While the run plays, `FILE` holds its settings, the lines of the games finished so far and the
//! game under way as an [`EpisodeSnapshot`], rewritten after each game and after a move at most
//! once a second (written to `FILE.tmp`, then renamed, so a run stopped at any moment leaves a
//! whole file). Run the same command again and it skips the finished games (their lines were
//! printed by the run that played them), carries the unfinished one on from its last saved move
//! exactly as it would have gone (with a work budget), and prints the summary of the whole range.
//! The file is removed when the run completes. A file written with other settings is refused,
//! naming the first setting that differs, and so is a file no run could have written: a game
//! out of the range or finished twice, a seed not the series', a score, tile or board no game
//! can make, a negative time (`searchlab::agents::g2048::checkpoint`); the error names the file, the line and the
//! field. (A run stopped in the instant between printing a game's
//! line and saving the file plays that game's last moves again and prints its line twice.)

use crate::args::{CliError, CliResult};
use searchlab::agents::g2048::checkpoint::{checked, FinishedGame, GameUnderWay, Saved, Series};
use serde_json::{Map, Value};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

/// Least time between two saves during a game.
const SAVE_INTERVAL: Duration = Duration::from_secs(1);

/// A run's checkpoint file and what it holds.
pub struct Checkpoint {
    path: PathBuf,
    saved: Saved,
    /// The results of the games finished, by index (checked as the file was read).
    finished: BTreeMap<u64, FinishedGame>,
    last_save: Option<Instant>,
}

impl Checkpoint {
    /// The checkpoint at `path` for a run with `settings`: the saved one if the file exists and
    /// was written with the same settings, else an empty one. A file that cannot be read, is not
    /// a checkpoint, or belongs to other settings is an error naming the file (and the line and
    /// column, or the setting).
    pub fn open(
        path: &Path,
        settings: Map<String, Value>,
        series: &Series,
    ) -> CliResult<Checkpoint> {
        let shown = path.display();
        let saved = match std::fs::read_to_string(path) {
            Ok(text) => {
                let saved: Saved = serde_json::from_str(&text).map_err(|e| {
                    CliError(format!(
                        "--checkpoint: {shown}:{}:{}: not a checkpoint file ({e})",
                        e.line(),
                        e.column()
                    ))
                })?;
                if let Some(key) = first_difference(&saved.settings, &settings) {
                    let theirs = saved.settings.get(key).unwrap_or(&Value::Null);
                    let ours = settings.get(key).unwrap_or(&Value::Null);
                    return Err(CliError(format!(
                        "--checkpoint: {shown} belongs to a run with {key} = {theirs}, this one \
                         has {key} = {ours}; run that command again to finish it, or remove the file"
                    )));
                }
                saved
            }
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => Saved {
                settings,
                ..Saved::default()
            },
            Err(e) => return Err(CliError(format!("--checkpoint: {shown}: {e}"))),
        };
        let finished = checked(&saved, series).map_err(|(place, error)| {
            CliError(format!("--checkpoint: {shown}: {place}: {error}"))
        })?;
        Ok(Checkpoint {
            path: path.to_path_buf(),
            saved,
            finished,
            last_save: None,
        })
    }

    /// Game `game`'s result if an earlier run finished it.
    pub fn finished_game(&self, game: u64) -> Option<FinishedGame> {
        self.finished.get(&game).copied()
    }

    /// Game `game` as an earlier run left it, if it stopped during that game.
    pub fn under_way(&self, game: u64) -> Option<GameUnderWay> {
        self.saved.current.filter(|current| current.game == game)
    }

    /// Records a move of the game under way; saves when the last save is a second old.
    pub fn moved(&mut self, game: GameUnderWay) -> CliResult<()> {
        self.saved.current = Some(game);
        if self
            .last_save
            .is_some_and(|last| last.elapsed() < SAVE_INTERVAL)
        {
            return Ok(());
        }
        self.save()
    }

    /// Records a finished game's printed line, and saves.
    pub fn finished(&mut self, game: u64, result: FinishedGame, line: Value) -> CliResult<()> {
        self.saved.current = None;
        self.finished.insert(game, result);
        self.saved.finished.push(line);
        self.save()
    }

    /// The run is complete: removes the file.
    pub fn complete(self) -> CliResult<()> {
        std::fs::remove_file(&self.path)
            .map_err(|e| CliError(format!("--checkpoint: {}: {e}", self.path.display())))
    }

    fn save(&mut self) -> CliResult<()> {
        let mut temporary = self.path.clone().into_os_string();
        temporary.push(".tmp");
        let text = serde_json::to_string(&self.saved)?;
        std::fs::write(&temporary, text)
            .and_then(|()| std::fs::rename(&temporary, &self.path))
            .map_err(|e| CliError(format!("--checkpoint: {}: {e}", self.path.display())))?;
        self.last_save = Some(Instant::now());
        Ok(())
    }
}

/// The first key, in order, whose value differs between `a` and `b` (missing counts as null).
fn first_difference<'a>(a: &'a Map<String, Value>, b: &'a Map<String, Value>) -> Option<&'a str> {
    a.keys()
        .chain(b.keys())
        .find(|key| a.get(*key) != b.get(*key))
        .map(String::as_str)
}
