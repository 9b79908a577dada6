//! Othello (Reversi) on an 8x8 bitboard, with an explicit pass action.
//!
//! - Player 0 is Black (`X` in the FFO notation), player 1 is White (`O`); Black moves first.
//! - Actions are squares `0..64` (index `i` = file `i % 8`, rank `i / 8 + 1`, so 0 = a1) and
//!   [`Move::PASS`] = 64, legal only when the side to move has no move but the opponent has.
//! - The game is over when neither side can move; the final score is the disc difference with
//!   the empty squares going to the winner (as in the FFO data), and [`Game::returns`] gives it
//!   from each player's view at the end (0 before).

pub mod board;
pub mod endgame;
pub mod eval;
mod line_flips;
pub mod perft;
#[cfg(all(target_arch = "wasm32", target_feature = "simd128"))]
mod simd128;
pub mod stability;
pub mod text;

use crate::game::{Game, Turn, ZeroSum};
pub use board::Board;

/// A move: a square `0..64` or the pass (64).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Move(u8);

impl Move {
    /// The pass, legal only when the side to move has no square to play but the opponent has.
    pub const PASS: Move = Move(64);

    /// The move on `square` (0..64), if it is a square.
    pub fn square(square: u32) -> Option<Move> {
        (square < 64).then_some(Move(square as u8))
    }

    /// The square played, or `None` for the pass.
    pub fn to_square(self) -> Option<u32> {
        (self.0 < 64).then_some(self.0 as u32)
    }

    /// The dense index: the square, or 64 for the pass.
    pub fn index(self) -> u32 {
        self.0 as u32
    }
}

/// A side.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Color {
    /// Moves first; player 0; `X`.
    Black,
    /// Player 1; `O`.
    White,
}

impl Color {
    /// The other side.
    pub fn opposite(self) -> Color {
        match self {
            Color::Black => Color::White,
            Color::White => Color::Black,
        }
    }

    /// The player id used by [`Game`]: 0 for Black, 1 for White.
    pub fn player(self) -> usize {
        self as usize
    }
}

/// An Othello position: the board seen from the side to move, and which side that is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Othello {
    board: Board,
    side: Color,
}

impl Default for Othello {
    fn default() -> Self {
        Othello::start()
    }
}

impl Othello {
    /// The standard start position, Black to move.
    pub fn start() -> Othello {
        Othello {
            board: Board::start(),
            side: Color::Black,
        }
    }

    /// A position from the board of the side to move and that side.
    pub fn from_board(board: Board, side: Color) -> Othello {
        Othello { board, side }
    }

    /// A position from Black's and White's discs (they must not overlap: White wins a shared
    /// square) and the side to move.
    pub fn from_discs(black: u64, white: u64, side: Color) -> Othello {
        let black = black & !white;
        let board = match side {
            Color::Black => Board {
                player: black,
                opponent: white,
            },
            Color::White => Board {
                player: white,
                opponent: black,
            },
        };
        Othello { board, side }
    }

    /// The board from the view of the side to move.
    pub fn board(&self) -> Board {
        self.board
    }

    /// The side to move.
    pub fn side(&self) -> Color {
        self.side
    }

    /// Black's discs.
    pub fn black(&self) -> u64 {
        match self.side {
            Color::Black => self.board.player,
            Color::White => self.board.opponent,
        }
    }

    /// White's discs.
    pub fn white(&self) -> u64 {
        match self.side {
            Color::Black => self.board.opponent,
            Color::White => self.board.player,
        }
    }

    /// Number of empty squares.
    pub fn empty_count(&self) -> u32 {
        self.board.empty_count()
    }

    /// Final disc difference (empties to the winner) from Black's view; meaningful at the end.
    pub fn black_score(&self) -> i32 {
        match self.side {
            Color::Black => self.board.final_score(),
            Color::White => -self.board.final_score(),
        }
    }

    /// Whether `mv` is legal here.
    pub fn is_legal(&self, mv: Move) -> bool {
        match mv.to_square() {
            Some(square) => self.board.moves() & (1 << square) != 0,
            None => self.board.moves() == 0 && self.board.opponent_can_move(),
        }
    }
}

impl Game for Othello {
    type Action = Move;
    const NUM_PLAYERS: usize = 2;
    const NUM_DISTINCT_ACTIONS: u32 = 65;

    fn turn(&self) -> Turn {
        if self.board.moves() != 0 || self.board.opponent_can_move() {
            Turn::Player(self.side.player())
        } else {
            Turn::Terminal
        }
    }

    fn legal_actions(&self, out: &mut Vec<Move>) {
        out.clear();
        let mut moves = self.board.moves();
        if moves == 0 {
            if self.board.opponent_can_move() {
                out.push(Move::PASS);
            }
            return;
        }
        while moves != 0 {
            out.push(Move(moves.trailing_zeros() as u8));
            moves &= moves - 1;
        }
    }

    fn apply(&mut self, action: Move) {
        self.board = match action.to_square() {
            Some(square) => self.board.play(square),
            None => self.board.pass(),
        };
        self.side = self.side.opposite();
    }

    fn returns(&self, player: usize) -> f64 {
        if !self.board.is_game_over() {
            return 0.0;
        }
        let black = self.black_score() as f64;
        if player == 0 {
            black
        } else {
            -black
        }
    }

    fn action_index(action: Move) -> u32 {
        action.index()
    }

    fn action_from_index(index: u32) -> Option<Move> {
        (index <= 64).then_some(Move(index as u8))
    }
}

impl ZeroSum for Othello {}
