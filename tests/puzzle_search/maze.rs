//! A grid maze drawn as text: `#` wall, `.` floor, `S` start, `G` goal, `k` key, `D` door
//! (passable once the key is held), `O` pit (the game is lost). Every move is legal; moving
//! into a wall or a locked door leaves the state unchanged, as in GVGAI games.

use std::rc::Rc;

use searchlab::game::{Game, Puzzle, Turn};
use searchlab::rng::Rng;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Cell {
    Wall,
    Floor,
    Key,
    Door,
    Goal,
    Pit,
}

#[derive(Debug)]
struct Layout {
    width: usize,
    cells: Vec<Cell>,
}

/// A position in a maze, and whether the key is held.
#[derive(Clone, Debug)]
pub struct Maze {
    layout: Rc<Layout>,
    position: usize,
    has_key: bool,
}

/// A move, listed in this order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Move {
    Up,
    Down,
    Left,
    Right,
}

pub use Move::{Down, Left, Right, Up};

const MOVES: [Move; 4] = [Up, Down, Left, Right];

impl Maze {
    /// Parses a maze; rows may be indented. Panics on a malformed picture (tests only).
    pub fn parse(picture: &str) -> Maze {
        let rows: Vec<&str> = picture
            .lines()
            .map(str::trim)
            .filter(|row| !row.is_empty())
            .collect();
        let width = rows[0].len();
        let mut cells = Vec::new();
        let mut start = None;
        for row in &rows {
            assert_eq!(row.len(), width, "ragged maze row {row:?}");
            for symbol in row.chars() {
                if symbol == 'S' {
                    start = Some(cells.len());
                }
                cells.push(match symbol {
                    '#' => Cell::Wall,
                    '.' | 'S' => Cell::Floor,
                    'k' => Cell::Key,
                    'D' => Cell::Door,
                    'G' => Cell::Goal,
                    'O' => Cell::Pit,
                    other => panic!("unknown maze symbol {other:?}"),
                });
            }
        }
        Maze {
            layout: Rc::new(Layout { width, cells }),
            position: start.expect("maze without S"),
            has_key: false,
        }
    }

    /// A random maze of `width` x `height` inner cells (walls with probability 1/4 and a
    /// border), with the start at the top left, the goal at the bottom right and, when
    /// `with_door` holds, a key and a door at random floor cells. Possibly unsolvable.
    pub fn random(rng: &mut Rng, width: usize, height: usize, with_door: bool) -> Maze {
        let mut rows = vec![vec!['#'; width + 2]; height + 2];
        for row in rows.iter_mut().take(height + 1).skip(1) {
            for cell in row.iter_mut().take(width + 1).skip(1) {
                *cell = if rng.below(4) == 0 { '#' } else { '.' };
            }
        }
        rows[1][1] = 'S';
        rows[height][width] = 'G';
        if with_door {
            for symbol in ['k', 'D'] {
                let row = 1 + rng.index(height);
                let column = 1 + rng.index(width);
                if rows[row][column] == '.' || rows[row][column] == '#' {
                    rows[row][column] = symbol;
                }
            }
        }
        let picture: Vec<String> = rows.into_iter().map(String::from_iter).collect();
        Maze::parse(&picture.join("\n"))
    }

    /// (row, column) of the current position.
    pub fn position(&self) -> (usize, usize) {
        (
            self.position / self.layout.width,
            self.position % self.layout.width,
        )
    }

    fn cell(&self) -> Cell {
        self.layout.cells[self.position]
    }

    /// Manhattan distance to the nearest goal: admissible and consistent, since a move changes
    /// the position by at most one step.
    pub fn distance_to_goal(&self) -> u32 {
        let (row, column) = self.position();
        let width = self.layout.width;
        self.layout
            .cells
            .iter()
            .enumerate()
            .filter(|(_, &cell)| cell == Cell::Goal)
            .map(|(index, _)| (row.abs_diff(index / width) + column.abs_diff(index % width)) as u32)
            .min()
            .unwrap_or(0)
    }
}

impl Game for Maze {
    type Action = Move;
    const NUM_PLAYERS: usize = 1;
    const NUM_DISTINCT_ACTIONS: u32 = 4;

    fn turn(&self) -> Turn {
        match self.cell() {
            Cell::Goal | Cell::Pit => Turn::Terminal,
            _ => Turn::Player(0),
        }
    }

    fn legal_actions(&self, out: &mut Vec<Move>) {
        out.clear();
        if !self.is_terminal() {
            out.extend(MOVES);
        }
    }

    fn apply(&mut self, action: Move) {
        let width = self.layout.width as isize;
        let offset = match action {
            Up => -width,
            Down => width,
            Left => -1,
            Right => 1,
        };
        let Some(target) = self.position.checked_add_signed(offset) else {
            return;
        };
        let passable = match self.layout.cells.get(target) {
            None | Some(Cell::Wall) => false,
            Some(Cell::Door) => self.has_key,
            Some(_) => true,
        };
        if passable {
            self.position = target;
            if self.cell() == Cell::Key {
                self.has_key = true;
            }
        }
    }

    fn returns(&self, _player: usize) -> f64 {
        match self.cell() {
            Cell::Goal => 1.0,
            Cell::Pit => -1.0,
            _ => 0.0,
        }
    }

    fn action_index(action: Move) -> u32 {
        action as u32
    }

    fn action_from_index(index: u32) -> Option<Move> {
        MOVES.get(index as usize).copied()
    }
}

impl Puzzle for Maze {
    type Key = (usize, bool);

    fn key(&self) -> (usize, bool) {
        (self.position, self.has_key)
    }

    fn is_solved(&self) -> bool {
        self.cell() == Cell::Goal
    }
}

/// Two corridors from the start to the goal: right along the top (4 moves) or down and round
/// the bottom (8 moves), which depth-first search takes since `Down` comes before `Right`.
pub const TWO_ROUTES: &str = "
    #######
    #S...G#
    #.###.#
    #.....#
    #######";

/// The goal is behind a door whose key lies in a dead end below the start:
/// down twice for the key, back up, right to the door, down and left to the goal (16 moves).
pub const KEY_AND_DOOR: &str = "
    #########
    #S.....D#
    #.#####.#
    #k#G....#
    #########";

/// A dead end ending in a pit below the start; the one route winds right, down, up and down.
pub const DEAD_ENDS: &str = "
    #########
    #S..#...#
    #.#.#.#.#
    #.#...#G#
    #O#######
    #########";

/// The goal is walled off.
pub const WALLED_OFF: &str = "
    #####
    #S#G#
    #####";

/// A door with no key anywhere.
pub const LOCKED: &str = "
    #######
    #S.D.G#
    #######";

/// The goal is up and right, behind a wall: greedy moves lead into a bay at the top and
/// the route goes down and round (6 moves).
pub const BAY: &str = "
    ######
    #..#G#
    #S.#.#
    #....#
    ######";
