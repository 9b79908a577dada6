//! `searchlab vgdl`: GVGAI games run from their VGDL text. One file per command (`trace.rs`,
//! `check.rs`, `solve.rs`, `bench.rs`, `bench_bfs.rs`, `speed.rs`); the game and level flags every command
//! that plays one level takes, here.

mod bench;
mod bench_bfs;
mod check;
mod solve;
mod speed;
mod trace;

use std::path::{Path, PathBuf};
use std::rc::Rc;

use clap::{Args, Subcommand};
use searchlab::games::vgdl::{Description, VgdlState, World};

use crate::args::{CliError, CliResult};
use crate::GameCli;

/// Where the fifteen traced GVGAI games live, relative to the working directory.
pub const SHARED_GAMES: &str = "../shared/vgdl";

/// The `vgdl` commands.
#[derive(Subcommand)]
pub enum VgdlCommand {
    /// Replay actions, printing every state in the trace format of shared/vgdl (JSON Lines)
    Trace(trace::TraceFlags),
    /// Replay every trace under a folder and report the first mismatching field of each
    Check(check::CheckFlags),
    /// Solve a level with a planner (one JSON line)
    Solve(solve::SolveFlags),
    /// Forward-model copy+step speed: the interpreter against the hand-written Bait, and on
    /// sokoban and chipschallenge
    Bench(bench::BenchFlags),
    /// BFS on every level of every game under a folder, one JSON line per level
    BenchBfs(bench_bfs::BenchBfsFlags),
    /// A fixed random walk of copy+step calls on one level, the native side of the wasm
    /// export benchVgdlRandomWalk (one JSON line)
    Speed(speed::SpeedFlags),
}

impl GameCli for VgdlCommand {
    const NAME: &'static str = "vgdl";
    const ABOUT: &'static str =
        "GVGAI games from their VGDL text: traces, conformance checks, planners, benchmarks";

    fn run(self) -> CliResult<()> {
        match self {
            VgdlCommand::Trace(flags) => flags.run(),
            VgdlCommand::Check(flags) => flags.run(),
            VgdlCommand::Solve(flags) => flags.run(),
            VgdlCommand::Bench(flags) => flags.run(),
            VgdlCommand::BenchBfs(flags) => flags.run(),
            VgdlCommand::Speed(flags) => flags.run(),
        }
    }
}

/// The game and level a command plays.
#[derive(Args)]
pub struct LevelFlags {
    /// The game: a VGDL file, a folder holding one `*.vgdl.txt`, or the name of a folder
    /// under ../shared/vgdl (sokoban, chipschallenge, ...)
    #[arg(long, value_name = "GAME")]
    game: String,
    /// The level: a level file, or a number N for the game folder's `<game>_lvlN.txt`
    #[arg(long, value_name = "LEVEL")]
    level: String,
}

impl LevelFlags {
    /// The level's starting state; errors name the file and the line and column.
    pub fn load(&self) -> CliResult<VgdlState> {
        let game = Game::load(&self.game)?;
        let path = game.level_path(&self.level)?;
        game.start(&path)
    }
}

/// A parsed game file and the folder it came from.
pub struct Game {
    pub description: Rc<Description>,
    pub folder: PathBuf,
    /// The file name without `.vgdl.txt` (or `.txt`).
    pub name: String,
}

impl Game {
    /// Reads `spec`: a game file, a folder with one `*.vgdl.txt`, or a folder name under
    /// ../shared/vgdl.
    pub fn load(spec: &str) -> CliResult<Game> {
        let path = Path::new(spec);
        let file = if path.is_file() {
            path.to_path_buf()
        } else if path.is_dir() {
            game_file_in(path)?
        } else {
            let shared = Path::new(SHARED_GAMES).join(spec);
            if !shared.is_dir() {
                return Err(CliError(format!(
                    "--game: {spec} is neither a file, a folder, nor a game under {SHARED_GAMES}"
                )));
            }
            game_file_in(&shared)?
        };
        let text = std::fs::read_to_string(&file)
            .map_err(|e| CliError(format!("{}: cannot read the game: {e}", file.display())))?;
        let description =
            Description::parse(&text).map_err(|e| CliError(format!("{}: {e}", file.display())))?;
        let file_name = file
            .file_name()
            .map_or(String::new(), |n| n.to_string_lossy().into_owned());
        let name = file_name
            .strip_suffix(".vgdl.txt")
            .or_else(|| file_name.strip_suffix(".txt"))
            .unwrap_or(&file_name)
            .to_string();
        Ok(Game {
            description: Rc::new(description),
            folder: file.parent().map_or(PathBuf::from("."), Path::to_path_buf),
            name,
        })
    }

    /// `level` as a path: a number N is the folder's `<game>_lvlN.txt`.
    pub fn level_path(&self, level: &str) -> CliResult<PathBuf> {
        if !level.is_empty() && level.bytes().all(|b| b.is_ascii_digit()) && level.len() < 6 {
            Ok(self.folder.join(format!("{}_lvl{level}.txt", self.name)))
        } else {
            Ok(PathBuf::from(level))
        }
    }

    /// The starting state of the level file at `path`.
    pub fn start(&self, path: &Path) -> CliResult<VgdlState> {
        let text = std::fs::read_to_string(path)
            .map_err(|e| CliError(format!("{}: cannot read the level: {e}", path.display())))?;
        let world = World::parse(self.description.clone(), &text)
            .map_err(|e| CliError(format!("{}: {e}", path.display())))?;
        Ok(VgdlState::new(Rc::new(world)))
    }
}

/// The one `*.vgdl.txt` file in `folder`.
fn game_file_in(folder: &Path) -> CliResult<PathBuf> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(folder)
        .map_err(|e| CliError(format!("{}: {e}", folder.display())))?
        .filter_map(Result::ok)
        .map(|entry| entry.path())
        .filter(|p| p.to_string_lossy().ends_with(".vgdl.txt"))
        .collect();
    match files.len() {
        1 => Ok(files.remove(0)),
        0 => Err(CliError(format!(
            "{}: no *.vgdl.txt game file",
            folder.display()
        ))),
        n => Err(CliError(format!(
            "{}: {n} *.vgdl.txt game files; name one",
            folder.display()
        ))),
    }
}

/// The game folders at or under `root`: `root` itself if it holds a game file, else its
/// subfolders that do, sorted.
pub fn game_folders(root: &Path) -> CliResult<Vec<PathBuf>> {
    if game_file_in(root).is_ok() {
        return Ok(vec![root.to_path_buf()]);
    }
    let mut folders: Vec<PathBuf> = std::fs::read_dir(root)
        .map_err(|e| CliError(format!("{}: {e}", root.display())))?
        .filter_map(Result::ok)
        .map(|entry| entry.path())
        .filter(|p| p.is_dir() && game_file_in(p).is_ok())
        .collect();
    folders.sort();
    if folders.is_empty() {
        return Err(CliError(format!("{}: no game folders", root.display())));
    }
    Ok(folders)
}
