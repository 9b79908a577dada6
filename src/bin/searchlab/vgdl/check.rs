//! `searchlab vgdl check [FOLDER]`: replays every trace (`lvl{L}_seq*.jsonl`) of every game
//! folder at or under FOLDER (default ../shared/vgdl) and prints one JSON line per trace (exact,
//! or its first mismatching field), then one line per game and a total. Exit status 2 when any
//! trace differs.

use std::path::PathBuf;

use clap::Args;
use searchlab::games::vgdl::trace;
use serde::Serialize;

use super::{game_folders, Game, SHARED_GAMES};
use crate::args::{print_line, CliError, CliResult};

/// The flags of `vgdl check`.
#[derive(Args)]
pub struct CheckFlags {
    /// A game folder, or a folder of game folders
    #[arg(value_name = "FOLDER", default_value = SHARED_GAMES)]
    folder: PathBuf,
}

#[derive(Serialize)]
struct TraceReport<'a> {
    game: &'a str,
    trace: &'a str,
    exact: bool,
    lines: usize,
    #[serde(skip_serializing_if = "Option::is_none")]
    mismatch: Option<String>,
}

#[derive(Serialize)]
struct GameReport<'a> {
    game: &'a str,
    traces: usize,
    exact: usize,
}

impl CheckFlags {
    /// Checks every trace and prints the reports.
    pub fn run(self) -> CliResult<()> {
        let (mut total, mut exact_total) = (0, 0);
        for folder in game_folders(&self.folder)? {
            let game = Game::load(&folder.to_string_lossy())?;
            let mut files: Vec<String> = std::fs::read_dir(&folder)?
                .filter_map(Result::ok)
                .map(|e| e.file_name().to_string_lossy().into_owned())
                .filter(|n| n.starts_with("lvl") && n.ends_with(".jsonl"))
                .collect();
            files.sort();
            let mut exact = 0;
            for file in &files {
                let level: String = file[3..].chars().take_while(char::is_ascii_digit).collect();
                let start = game.start(&game.level_path(&level)?)?;
                let text = std::fs::read_to_string(folder.join(file))?;
                let recorded: Vec<&str> = text.lines().collect();
                let result = trace::replay(&start, &recorded);
                exact += usize::from(result.is_ok());
                print_line(serde_json::to_string(&TraceReport {
                    game: &game.name,
                    trace: file,
                    exact: result.is_ok(),
                    lines: recorded.len(),
                    mismatch: result.err().map(|m| m.to_string()),
                })?)?;
            }
            print_line(serde_json::to_string(&GameReport {
                game: &game.name,
                traces: files.len(),
                exact,
            })?)?;
            total += files.len();
            exact_total += exact;
        }
        print_line(format_args!(
            "{{\"traces\":{total},\"exact\":{exact_total}}}"
        ))?;
        if exact_total < total {
            return Err(CliError(format!(
                "{} of {total} traces differ",
                total - exact_total
            )));
        }
        Ok(())
    }
}
