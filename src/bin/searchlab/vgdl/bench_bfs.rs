//! `searchlab vgdl bench-bfs [FOLDER] --max-nodes N --max-memory-mb MB`: BFS over the four
//! moves on every level (`<game>_lvl{0..}.txt`) of every game folder at or under FOLDER (default
//! ../shared/vgdl), one JSON line per level (states, time, plan length, proved shortest or not),
//! then a total.

use std::path::PathBuf;

use clap::Args;

use super::solve::{solve, LimitFlags, Planner};
use super::{game_folders, Game, SHARED_GAMES};
use crate::args::{print_line, CliResult};

/// The flags of `vgdl bench-bfs`.
#[derive(Args)]
pub struct BenchBfsFlags {
    /// A game folder, or a folder of game folders
    #[arg(value_name = "FOLDER", default_value = SHARED_GAMES)]
    folder: PathBuf,
    #[command(flatten)]
    limits: LimitFlags,
}

impl BenchBfsFlags {
    /// Runs BFS on every level and prints one line each.
    pub fn run(self) -> CliResult<()> {
        let limits = self.limits.limits();
        let (mut levels, mut won, mut proved) = (0, 0, 0);
        for folder in game_folders(&self.folder)? {
            let game = Game::load(&folder.to_string_lossy())?;
            for level in 0.. {
                let path = game.level_path(&level.to_string())?;
                if !path.is_file() {
                    break;
                }
                let start = game.start(&path)?;
                let report = solve(&start, Planner::Bfs, limits);
                levels += 1;
                won += usize::from(report.solved);
                proved += usize::from(report.shortest);
                print_line(format_args!(
                    "{{\"game\":{},\"level\":{level},\"report\":{}}}",
                    serde_json::to_string(&game.name)?,
                    serde_json::to_string(&report)?
                ))?;
            }
        }
        print_line(format_args!(
            "{{\"levels\":{levels},\"won\":{won},\"shortest_proved\":{proved},\"max_nodes\":{},\"max_memory_mb\":{}}}",
            self.limits.max_nodes, self.limits.max_memory_mb
        ))?;
        Ok(())
    }
}
