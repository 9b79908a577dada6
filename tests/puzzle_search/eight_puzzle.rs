//! The 8-puzzle: tiles 1-8 and a blank on a 3x3 board; an action slides the blank up, down,
//! left or right (listed in that order, when on the board). Solved: `1 2 3 / 4 5 6 / 7 8 _`.

use searchlab::game::{Game, Puzzle, Turn};
use searchlab::rng::Rng;

/// A board, row by row; 0 is the blank.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Eight {
    tiles: [u8; 9],
    blank: u8,
}

/// Where the blank goes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Slide {
    Up,
    Down,
    Left,
    Right,
}

const SLIDES: [Slide; 4] = [Slide::Up, Slide::Down, Slide::Left, Slide::Right];

const SOLVED: [u8; 9] = [1, 2, 3, 4, 5, 6, 7, 8, 0];

/// One of the two boards that need 31 moves, the most of any (Reinefeld, 1993).
pub const HARDEST: &str = "8 6 7 2 5 4 3 0 1";

/// The other board that needs 31 moves.
pub const HARDEST_TOO: &str = "6 4 7 8 5 0 3 2 1";

/// Two tiles of the solved board swapped: odd permutation parity, so it cannot be solved.
pub const UNSOLVABLE: &str = "1 2 3 4 5 6 8 7 0";

impl Eight {
    /// Parses nine numbers 0-8, row by row. Panics on anything else (tests only).
    pub fn parse(text: &str) -> Eight {
        let numbers: Vec<u8> = text
            .split_whitespace()
            .map(|n| n.parse().unwrap())
            .collect();
        let tiles: [u8; 9] = numbers.try_into().unwrap();
        let blank = tiles.iter().position(|&t| t == 0).unwrap() as u8;
        Eight { tiles, blank }
    }

    pub fn solved() -> Eight {
        Eight {
            tiles: SOLVED,
            blank: 8,
        }
    }

    /// The solved board after `moves` random slides (each undoing the previous one at most by
    /// chance), so always solvable in at most `moves` moves.
    pub fn scrambled(rng: &mut Rng, moves: usize) -> Eight {
        let mut board = Eight::solved();
        let mut actions = Vec::new();
        for _ in 0..moves {
            board.legal_slides(&mut actions);
            board.slide(actions[rng.index(actions.len())]);
        }
        board
    }

    /// Sum over tiles of the Manhattan distance to their home: admissible and consistent.
    pub fn manhattan(&self) -> u32 {
        let mut total = 0;
        for (at, &tile) in self.tiles.iter().enumerate() {
            if tile != 0 {
                let home = tile as usize - 1;
                total += (at / 3).abs_diff(home / 3) + (at % 3).abs_diff(home % 3);
            }
        }
        total as u32
    }

    fn legal_slides(&self, out: &mut Vec<Slide>) {
        out.clear();
        let (row, column) = (self.blank / 3, self.blank % 3);
        for slide in SLIDES {
            let fits = match slide {
                Slide::Up => row > 0,
                Slide::Down => row < 2,
                Slide::Left => column > 0,
                Slide::Right => column < 2,
            };
            if fits {
                out.push(slide);
            }
        }
    }

    fn slide(&mut self, slide: Slide) {
        let target = match slide {
            Slide::Up => self.blank.wrapping_sub(3),
            Slide::Down => self.blank + 3,
            Slide::Left => self.blank.wrapping_sub(1),
            Slide::Right => self.blank + 1,
        };
        if let Some(&tile) = self.tiles.get(target as usize) {
            self.tiles[self.blank as usize] = tile;
            self.tiles[target as usize] = 0;
            self.blank = target;
        }
    }
}

impl Game for Eight {
    type Action = Slide;
    const NUM_PLAYERS: usize = 1;
    const NUM_DISTINCT_ACTIONS: u32 = 4;

    fn turn(&self) -> Turn {
        if self.is_solved() {
            Turn::Terminal
        } else {
            Turn::Player(0)
        }
    }

    fn legal_actions(&self, out: &mut Vec<Slide>) {
        if self.is_solved() {
            out.clear();
        } else {
            self.legal_slides(out);
        }
    }

    fn apply(&mut self, action: Slide) {
        self.slide(action);
    }

    fn returns(&self, _player: usize) -> f64 {
        if self.is_solved() {
            1.0
        } else {
            0.0
        }
    }

    fn action_index(action: Slide) -> u32 {
        action as u32
    }

    fn action_from_index(index: u32) -> Option<Slide> {
        SLIDES.get(index as usize).copied()
    }
}

impl Puzzle for Eight {
    type Key = [u8; 9];

    fn key(&self) -> [u8; 9] {
        self.tiles
    }

    fn is_solved(&self) -> bool {
        self.tiles == SOLVED
    }
}
