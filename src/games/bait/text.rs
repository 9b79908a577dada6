//! A Bait state as text (`Display`, read back by `FromStr`): the level as it started, then one
//! line with the status and, where they changed, the boxes and the items still present.
//!
//! ```text
//! wwwwwww
//! wA.1.gw
//! wk.0..w
//! wwwwwww
//! tick 3 of 2000, score 1, avatar 2,2 withkey alive, running
//! boxes 4,1
//! gone 1,2
//! ```
//!
//! The status line gives the tick and the tick limit, the score, the avatar's cell (x,y,
//! 0-based), `withkey` or `nokey`, `alive` or `dead`, and `running`, `won` or `lost`. `boxes`
//! lists every box's cell when the boxes are not where the level put them (an empty list when
//! none is left); `gone` lists the cells whose item (key, hole, mushroom or goal) is no longer
//! there. Both lines are left out when nothing changed. The worker receives states this way, so
//! it rebuilds a position in one parse however long the game so far.

use std::fmt;
use std::rc::Rc;
use std::str::FromStr;

use super::bits::Bits256;
use super::level::{Cell, Level, LevelError};
use super::state::{BaitState, Outcome};
use super::status::Status;

/// What was wrong with a text state. Lines count from 1.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum StateTextError {
    /// The level part does not parse.
    Level(LevelError),
    /// No `tick ...` status line after the level.
    NoStatus,
    /// A line after the level is not what it should be.
    Line {
        /// The line.
        line: usize,
        /// What was expected or what is wrong.
        message: String,
    },
}

impl fmt::Display for StateTextError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            StateTextError::Level(error) => error.fmt(f),
            StateTextError::NoStatus => f.write_str(
                "no status line ('tick T of L, score S, avatar X,Y ...') after the level",
            ),
            StateTextError::Line { line, message } => write!(f, "line {line}: {message}"),
        }
    }
}

impl std::error::Error for StateTextError {}

impl fmt::Display for BaitState {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let level = self.level();
        let start = BaitState::new(Rc::clone(level));
        let (x, y) = self.avatar_position();
        let outcome = match self.outcome() {
            Outcome::Running => "running",
            Outcome::Won => "won",
            Outcome::Lost => "lost",
        };
        writeln!(f, "{}", start.to_level_text())?;
        write!(
            f,
            "tick {} of {}, score {}, avatar {x},{y} {} {}, {outcome}",
            self.tick(),
            level.tick_limit(),
            self.score(),
            if self.has_key() { "withkey" } else { "nokey" },
            if self.is_alive() { "alive" } else { "dead" },
        )?;
        let cells = |bits: Bits256, offset: usize| -> Vec<String> {
            bits.iter()
                .map(|bit| {
                    let (x, y) = level.position(bit - offset as u8);
                    format!("{x},{y}")
                })
                .collect()
        };
        if self.boxes() != level.start_boxes() {
            write!(f, "\nboxes {}", cells(self.boxes(), 0).join(" "))?;
        }
        let gone = start
            .layout
            .and_not(&self.layout)
            .shifted_down(level.open_cells());
        if !gone.is_empty() {
            let gone: Vec<String> = gone
                .iter()
                .map(|id| {
                    let (x, y) = level.position(level.item_cell(id));
                    format!("{x},{y}")
                })
                .collect();
            write!(f, "\ngone {}", gone.join(" "))?;
        }
        Ok(())
    }
}

impl FromStr for BaitState {
    type Err = StateTextError;

    /// Reads what [`fmt::Display`] writes: the level's lines up to the first that starts with
    /// `tick `, then the status line and the optional `boxes` and `gone` lines.
    fn from_str(text: &str) -> Result<BaitState, StateTextError> {
        let lines: Vec<&str> = text.lines().collect();
        let status_at = lines
            .iter()
            .position(|line| line.starts_with("tick "))
            .ok_or(StateTextError::NoStatus)?;
        let level = Level::parse(&lines[..status_at].join("\n")).map_err(StateTextError::Level)?;
        let mut reader = Reader {
            level,
            line: status_at + 1,
        };
        let (status, tick_limit) = reader.status(lines[status_at])?;
        let mut layout = reader.level.start_layout();
        for (i, &line) in lines.iter().enumerate().skip(status_at + 1) {
            reader.line = i + 1;
            if let Some(list) = line.strip_prefix("boxes") {
                layout = layout.and_not(&reader.level.start_boxes());
                for cell in reader.cells(list)? {
                    layout.insert(cell);
                }
            } else if let Some(list) = line.strip_prefix("gone") {
                for cell in reader.cells(list)? {
                    let id = reader.level.item_id(cell).ok_or_else(|| {
                        reader.error(format!("{} has no item", reader.name(cell)))
                    })?;
                    layout.remove((reader.level.open_cells() + usize::from(id)) as u8);
                }
            } else if !line.trim().is_empty() {
                return Err(reader.error("expected a 'boxes' or 'gone' line".into()));
            }
        }
        let mut state = BaitState::new(Rc::new(reader.level.with_tick_limit(tick_limit)));
        state.layout = layout;
        state.status = status;
        Ok(state)
    }
}

/// Reads the lines after the level, knowing which line it is on.
struct Reader {
    level: Level,
    line: usize,
}

impl Reader {
    fn error(&self, message: String) -> StateTextError {
        StateTextError::Line {
            line: self.line,
            message,
        }
    }

    fn name(&self, cell: Cell) -> String {
        let (x, y) = self.level.position(cell);
        format!("{x},{y}")
    }

    /// The open cell at `x,y`.
    fn cell(&self, text: &str) -> Result<Cell, StateTextError> {
        let parsed = text
            .split_once(',')
            .and_then(|(x, y)| Some((x.parse().ok()?, y.parse().ok()?)));
        let (x, y) = parsed.ok_or_else(|| self.error(format!("'{text}' is not a cell x,y")))?;
        self.level
            .cell_at(x, y)
            .ok_or_else(|| self.error(format!("{x},{y} is a wall or off the board")))
    }

    /// The cells of a space-separated list.
    fn cells(&self, list: &str) -> Result<Vec<Cell>, StateTextError> {
        list.split_whitespace()
            .map(|cell| self.cell(cell))
            .collect()
    }

    /// The status and the tick limit, from `tick T of L, score S, avatar X,Y KEY LIFE, OUTCOME`.
    fn status(&self, line: &str) -> Result<(Status, u32), StateTextError> {
        let expected = || {
            self.error(
                "expected 'tick T of L, score S, avatar X,Y withkey|nokey alive|dead, \
                 running|won|lost'"
                    .into(),
            )
        };
        let words: Vec<&str> = line.split_whitespace().collect();
        let ["tick", tick, "of", limit, "score", score, "avatar", cell, key, life, outcome] =
            words.as_slice()
        else {
            return Err(expected());
        };
        let number = |text: &str| {
            text.trim_end_matches(',')
                .parse::<u32>()
                .map_err(|_| expected())
        };
        let score = number(score)?;
        if score > Status::MAX_SCORE {
            return Err(self.error(format!("score {score} is above {}", Status::MAX_SCORE)));
        }
        let outcome = match *outcome {
            "running" => Outcome::Running,
            "won" => Outcome::Won,
            "lost" => Outcome::Lost,
            _ => return Err(expected()),
        };
        let has_key = match *key {
            "withkey" => true,
            "nokey" => false,
            _ => return Err(expected()),
        };
        let alive = match life.trim_end_matches(',') {
            "alive" => true,
            "dead" => false,
            _ => return Err(expected()),
        };
        let avatar = self.cell(cell)?;
        let status = Status::from_parts(avatar, has_key, alive, outcome, score, number(tick)?);
        Ok((status, number(limit)?))
    }
}
