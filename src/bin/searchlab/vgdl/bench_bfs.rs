//! `searchlab vgdl bench-bfs [FOLDER] --algo bfs|astar --win-weight W --max-nodes N
//! --max-memory-mb MB`: a shortest-plan search (BFS, or A* with the interpreter's lower bound)
//! over the four moves on every level (`<game>_lvl{0..}.txt`) of every game folder at or under
//! FOLDER (default ../shared/vgdl), one JSON line per level (states, time, plan length, proved
//! shortest or not), then a total. With `--win-weight`, a level the exact search leaves unsolved
//! is searched again by weighted A* for any win (`win_search`, not a shortest plan).

use std::path::PathBuf;

use clap::Args;

use searchlab::search::astar::Weight;

use super::solve::{solve, LimitFlags, Planner};
use super::{game_folders, Game, SHARED_GAMES};
use crate::args::{flag_error, print_line, CliResult};
use crate::flag_ranges::WEIGHT;

/// The flags of `vgdl bench-bfs`.
#[derive(Args)]
pub struct BenchBfsFlags {
    /// A game folder, or a folder of game folders
    #[arg(value_name = "FOLDER", default_value = SHARED_GAMES)]
    folder: PathBuf,
    /// The shortest-plan search: bfs or astar
    #[arg(long, value_enum, default_value = "bfs")]
    algo: Planner,
    #[arg(long, value_name = "W", value_parser = WEIGHT,
          help = WEIGHT.help("When the shortest-plan search stops at a limit, weighted A* with this weight searches for any win under the same limits"))]
    win_weight: Option<f64>,
    #[command(flatten)]
    limits: LimitFlags,
}

impl BenchBfsFlags {
    /// Runs BFS on every level and prints one line each.
    pub fn run(self) -> CliResult<()> {
        let limits = self.limits.limits();
        if !matches!(self.algo, Planner::Bfs | Planner::Astar) {
            return Err(flag_error("algo", "bench-bfs runs bfs or astar"));
        }
        let win_weight = self
            .win_weight
            .map(Weight::from_f64)
            .transpose()
            .map_err(|e| flag_error("win-weight", e.reason))?;
        let (mut levels, mut won, mut proved) = (0, 0, 0);
        for folder in game_folders(&self.folder)? {
            let game = Game::load(&folder.to_string_lossy())?;
            for level in 0.. {
                let path = game.level_path(&level.to_string())?;
                if !path.is_file() {
                    break;
                }
                let start = game.start(&path)?;
                let report = solve(&start, self.algo, limits, Weight::ONE);
                let win_search = match win_weight {
                    Some(weight) if !report.solved && report.status == "limit_reached" => {
                        Some(solve(&start, Planner::Wastar, limits, weight))
                    }
                    _ => None,
                };
                levels += 1;
                won += usize::from(report.solved || win_search.as_ref().is_some_and(|r| r.solved));
                proved += usize::from(report.shortest);
                print_line(format_args!(
                    "{{\"game\":{},\"level\":{level},\"report\":{},\"win_search\":{}}}",
                    serde_json::to_string(&game.name)?,
                    serde_json::to_string(&report)?,
                    serde_json::to_string(&win_search)?
                ))?;
            }
        }
        print_line(format_args!(
            "{{\"levels\":{levels},\"won\":{won},\"shortest_proved\":{proved},\"algo\":{},\"win_weight\":{},\"max_nodes\":{},\"max_memory_mb\":{}}}",
            serde_json::to_string(&self.algo.name())?,
            serde_json::to_string(&self.win_weight)?,
            self.limits.max_nodes, self.limits.max_memory_mb
        ))?;
        Ok(())
    }
}
