//! 2048, by the original game's rules (`shared/2048/RULES.md`): 4x4 board, two starting tiles,
//! one spawn after every move that changes the board (a 2 with probability 0.9, a 4 with 0.1,
//! on a uniformly chosen empty cell), merges nearest the wall first and at most once per tile,
//! score += every merged tile, game over when no move changes the board.
//!
//! Spawns are explicit chance outcomes: after a move, [`Game::turn`] is [`Turn::Chance`] and
//! [`Game::chance_outcomes`] lists every (cell, tile) with probability `0.9 / n` or `0.1 / n`
//! over the `n` empty cells. The start position ([`G2048::start`]) is the empty board with two
//! spawns pending, so both starting tiles are chance outcomes as well; [`G2048::new_game`]
//! draws them from a seeded [`Rng`].
//!
//! Dense action indices ([`Game::action_index`]), fixed once for every caller:
//! - `0` up, `1` right, `2` down, `3` left (the original game's numbering, [`Direction`]);
//! - `4 + 2 * cell + k` a spawn on `cell` (`row * 4 + col`, row 0 at the top) of a 2 (`k = 0`)
//!   or a 4 (`k = 1`), so 36 indices in all.
//!
//! Randomness ([`G2048::sample_spawn`]) follows the original `addRandomTile`: the first draw
//! picks the value (`next_f64() < 0.9` gives a 2), the second the cell, `index(n)` into the empty
//! cells listed column by column (x, then y, as `grid.js` scans them). One game seed therefore
//! fixes every spawn of a game played with the same moves.
//!
//! An illegal move is rejected by [`Game::try_apply`] (and [`G2048::try_move`]) and leaves the
//! state unchanged: the original game's "ignored" move, reported as an error.

pub mod board;
pub mod eval;
pub mod expectimax;
pub mod motion;
pub mod reachable;
pub mod text;

pub use board::{Board, Direction, CELLS};

use crate::game::{Game, IllegalAction, Turn};
use crate::rng::Rng;

/// A move of the player or a spawn by nature.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Action {
    /// The player slides every tile this way.
    Move(Direction),
    /// A tile appears on an empty `cell` (`row * 4 + col`): a 4 if `four`, else a 2.
    Spawn {
        /// The cell, below 16.
        cell: u8,
        /// Whether the new tile is a 4 (else a 2).
        four: bool,
    },
}

/// Probability that a spawned tile is a 2.
pub const P_TWO: f64 = 0.9;
/// Probability that a spawned tile is a 4.
pub const P_FOUR: f64 = 0.1;

/// A 2048 position: the board, the running score and how many spawns are due.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct G2048 {
    board: Board,
    score: u64,
    /// Spawns due before the player moves: 2 at the start, 1 after a move, else 0.
    pending_spawns: u8,
    /// No move changes the board (set once the pending spawns are in).
    over: bool,
}

impl G2048 {
    /// The start: an empty board, score 0, two spawns pending.
    pub fn start() -> G2048 {
        G2048 {
            board: Board::EMPTY,
            score: 0,
            pending_spawns: 2,
            over: false,
        }
    }

    /// A new game with both starting tiles drawn from `rng` (see the module docs for the order).
    pub fn new_game(rng: &mut Rng) -> G2048 {
        let mut game = G2048::start();
        game.spawn_random(rng);
        game.spawn_random(rng);
        game
    }

    /// The position with `board`, `score` so far and `due` spawns (at most 2) before the
    /// player moves; over if none is due and no move changes the board.
    pub fn with_spawns_due(board: Board, score: u64, due: u8) -> G2048 {
        debug_assert!(due <= 2);
        G2048 {
            board,
            score,
            pending_spawns: due,
            over: due == 0 && !board.can_move(),
        }
    }

    /// The player to move on `board` with `score` so far (over if no move changes the board).
    pub fn from_board(board: Board, score: u64) -> G2048 {
        G2048::with_spawns_due(board, score, 0)
    }

    /// The board.
    pub fn board(&self) -> Board {
        self.board
    }

    /// The running score: the sum of every tile made by a merge.
    pub fn score(&self) -> u64 {
        self.score
    }

    /// Spawns due before the player moves (2 at the start, 1 after a move, else 0).
    pub fn pending_spawns(&self) -> u8 {
        self.pending_spawns
    }

    /// Whether the player can move now.
    pub fn player_to_move(&self) -> bool {
        self.pending_spawns == 0 && !self.over
    }

    /// Plays `direction` if it is legal and returns the score it gained; otherwise returns why
    /// not and changes nothing.
    pub fn try_move(&mut self, direction: Direction) -> Result<u64, IllegalAction> {
        let index = direction as u32;
        if let Some(reason) = self.why_not_move() {
            return Err(IllegalAction { index, reason });
        }
        let (board, gain) = self.board.slide(direction);
        if board == self.board {
            return Err(IllegalAction {
                index,
                reason: format!("moving {} does not change the board", direction.name()),
            });
        }
        self.board = board;
        self.score += gain;
        self.pending_spawns = 1;
        Ok(gain)
    }

    fn why_not_move(&self) -> Option<String> {
        if self.over {
            Some("the game is over".into())
        } else if self.pending_spawns > 0 {
            Some("a tile must spawn before the next move".into())
        } else {
            None
        }
    }

    /// Draws a spawn for this state from `rng`: first the value (a 2 when `next_f64() < 0.9`),
    /// then the cell, `index(n)` into the `n` empty cells listed column by column. `None` if no
    /// spawn is due or no cell is empty.
    pub fn sample_spawn(&self, rng: &mut Rng) -> Option<Action> {
        if self.pending_spawns == 0 {
            return None;
        }
        let empty = self.board.empty_mask();
        let n = empty.count_ones() as usize;
        if n == 0 {
            return None;
        }
        let four = rng.next_f64() >= P_TWO;
        let mut k = rng.index(n);
        for x in 0..board::SIZE {
            for y in 0..board::SIZE {
                let cell = y * board::SIZE + x;
                if empty >> cell & 1 == 1 {
                    if k == 0 {
                        return Some(Action::Spawn {
                            cell: cell as u8,
                            four,
                        });
                    }
                    k -= 1;
                }
            }
        }
        None
    }

    /// Draws a spawn with [`G2048::sample_spawn`] and applies it; returns it.
    pub fn spawn_random(&mut self, rng: &mut Rng) -> Option<Action> {
        let spawn = self.sample_spawn(rng)?;
        self.apply(spawn);
        Some(spawn)
    }

    /// An identity of the state for transposition caches: the board, the pending spawns and
    /// the game-over flag, without the score (which the board and the spawn count fix).
    pub fn key(&self) -> u128 {
        u128::from(self.board.low())
            | u128::from(self.board.high()) << 64
            | u128::from(self.pending_spawns) << 80
            | u128::from(self.over) << 88
    }
}

impl Game for G2048 {
    type Action = Action;
    const NUM_PLAYERS: usize = 1;
    const NUM_DISTINCT_ACTIONS: u32 = 4 + 2 * CELLS as u32;

    fn turn(&self) -> Turn {
        if self.pending_spawns > 0 {
            Turn::Chance
        } else if self.over {
            Turn::Terminal
        } else {
            Turn::Player(0)
        }
    }

    fn legal_actions(&self, out: &mut Vec<Action>) {
        out.clear();
        if !self.player_to_move() {
            return;
        }
        let moving = self.board.moving_directions();
        for direction in Direction::ALL {
            if moving >> direction as u8 & 1 == 1 {
                out.push(Action::Move(direction));
            }
        }
    }

    fn chance_outcomes(&self, out: &mut Vec<(Action, f64)>) {
        out.clear();
        if self.pending_spawns == 0 {
            return;
        }
        let empty = self.board.empty_mask();
        let n = f64::from(empty.count_ones());
        for cell in 0..CELLS as u8 {
            if empty >> cell & 1 == 1 {
                out.push((Action::Spawn { cell, four: false }, P_TWO / n));
                out.push((Action::Spawn { cell, four: true }, P_FOUR / n));
            }
        }
    }

    /// The same outcome as the default walk over [`Game::chance_outcomes`] (cells in order, a 2
    /// then a 4 in each), found by arithmetic instead of a list.
    #[inline]
    fn sample_chance(&self, r: f64, _scratch: &mut Vec<(Action, f64)>) -> Option<Action> {
        if self.pending_spawns == 0 {
            return None;
        }
        let empty = self.board.empty_mask();
        let n = empty.count_ones();
        if n == 0 {
            return None;
        }
        let scaled = r * f64::from(n);
        let rank = (scaled as u32).min(n - 1);
        Some(Action::Spawn {
            cell: board::nth_set_bit(empty, rank)?,
            four: scaled - f64::from(rank) >= P_TWO,
        })
    }

    #[inline]
    fn apply(&mut self, action: Action) {
        match action {
            Action::Move(direction) => {
                let (board, gain) = self.board.slide(direction);
                self.board = board;
                self.score += gain;
                self.pending_spawns = 1;
            }
            Action::Spawn { cell, four } => {
                self.board
                    .set_exponent(usize::from(cell) % CELLS, 1 + u8::from(four));
                self.pending_spawns = self.pending_spawns.saturating_sub(1);
                if self.pending_spawns == 0 {
                    self.over = !self.board.can_move();
                }
            }
        }
    }

    fn returns(&self, _player: usize) -> f64 {
        self.score as f64
    }

    fn action_index(action: Action) -> u32 {
        match action {
            Action::Move(direction) => direction as u32,
            Action::Spawn { cell, four } => 4 + 2 * u32::from(cell) + u32::from(four),
        }
    }

    fn action_from_index(index: u32) -> Option<Action> {
        match index {
            0..=3 => Direction::from_index(index).map(Action::Move),
            4..=35 => Some(Action::Spawn {
                cell: ((index - 4) / 2) as u8,
                four: (index - 4) % 2 == 1,
            }),
            _ => None,
        }
    }

    fn try_apply(&mut self, action: Action) -> Result<(), IllegalAction> {
        match action {
            Action::Move(direction) => self.try_move(direction).map(|_| ()),
            Action::Spawn { cell, .. } => {
                let index = Self::action_index(action);
                let reason = if self.pending_spawns == 0 {
                    Some("no tile is due to spawn now; the player moves".to_string())
                } else if usize::from(cell) >= CELLS {
                    Some(format!("cell {cell} is off the board (cells are 0..16)"))
                } else if self.board.exponent(usize::from(cell)) != 0 {
                    Some(format!("cell {cell} is not empty"))
                } else {
                    None
                };
                match reason {
                    Some(reason) => Err(IllegalAction { index, reason }),
                    None => {
                        self.apply(action);
                        Ok(())
                    }
                }
            }
        }
    }
}
