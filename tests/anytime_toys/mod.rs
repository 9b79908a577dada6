//! Small games with known answers for the MCTS and RHEA tests: a one-player corridor with a goal,
//! coins and traps; Nim and tic-tac-toe (two-player zero-sum); a dice game and a coin guess with
//! chance.

use searchlab::game::{Game, Turn};

// ---------------------------------------------------------------------------------------------
// Corridor: one player walks left or right along a row of cells.

/// A corridor move. `Wait` is the no-op (GVGAI's NIL), not among the legal actions.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Step {
    Left,
    Right,
    Wait,
}

/// One row of cells: `#` wall, `.` floor, `S` start, `G` goal (+10, won), `T` trap (lost),
/// `C` coin (+1, taken). Walking into a wall stays put. The game ends after `max_ticks` ticks.
#[derive(Clone, Copy, Debug)]
pub struct Corridor {
    cells: [u8; 32],
    position: usize,
    score: i32,
    ticks: u32,
    max_ticks: u32,
    won: bool,
    lost: bool,
}

impl Corridor {
    /// The corridor drawn by `row` (at most 32 cells, one `S`, walls at both ends).
    pub fn parse(row: &str, max_ticks: u32) -> Corridor {
        assert!(row.len() <= 32 && row.starts_with('#') && row.ends_with('#'));
        let mut cells = [b'#'; 32];
        cells[..row.len()].copy_from_slice(row.as_bytes());
        let position = row.find('S').expect("a start cell");
        cells[position] = b'.';
        Corridor {
            cells,
            position,
            score: 0,
            ticks: 0,
            max_ticks,
            won: false,
            lost: false,
        }
    }

    pub fn won(&self) -> bool {
        self.won
    }

    pub fn lost(&self) -> bool {
        self.lost
    }

    pub fn position(&self) -> usize {
        self.position
    }

    pub fn score(&self) -> i32 {
        self.score
    }
}

/// GVGAI sampleMCTS's value: the score, ±1e7 when won or lost.
pub fn gvgai_mcts_value(state: &Corridor, _player: usize) -> f64 {
    let bonus = if state.won {
        1e7
    } else if state.lost {
        -1e7
    } else {
        0.0
    };
    f64::from(state.score) + bonus
}

/// GVGAI's WinScoreHeuristic (sampleRHEA): +1000 won, −1000 lost, else the score.
pub fn win_score_value(state: &Corridor, _player: usize) -> f64 {
    if state.won {
        1000.0
    } else if state.lost {
        -1000.0
    } else {
        f64::from(state.score)
    }
}

impl Game for Corridor {
    type Action = Step;
    const NUM_PLAYERS: usize = 1;
    const NUM_DISTINCT_ACTIONS: u32 = 3;

    fn turn(&self) -> Turn {
        if self.won || self.lost || self.ticks >= self.max_ticks {
            Turn::Terminal
        } else {
            Turn::Player(0)
        }
    }

    fn legal_actions(&self, out: &mut Vec<Step>) {
        out.clear();
        if !self.is_terminal() {
            out.extend([Step::Left, Step::Right]);
        }
    }

    fn apply(&mut self, action: Step) {
        if self.is_terminal() {
            return;
        }
        self.ticks += 1;
        let target = match action {
            Step::Left => self.position - 1,
            Step::Right => self.position + 1,
            Step::Wait => self.position,
        };
        match self.cells[target] {
            b'#' => {}
            cell => {
                self.position = target;
                match cell {
                    b'G' => {
                        self.score += 10;
                        self.won = true;
                    }
                    b'T' => self.lost = true,
                    b'C' => {
                        self.score += 1;
                        self.cells[target] = b'.';
                    }
                    _ => {}
                }
            }
        }
    }

    fn returns(&self, _player: usize) -> f64 {
        f64::from(self.score)
    }

    fn action_index(action: Step) -> u32 {
        action as u32
    }

    fn action_from_index(index: u32) -> Option<Step> {
        [Step::Left, Step::Right, Step::Wait]
            .get(index as usize)
            .copied()
    }

    fn noop_action() -> Option<Step> {
        Some(Step::Wait)
    }
}

// ---------------------------------------------------------------------------------------------
// Nim: one pile, take 1 to 3 stones, whoever takes the last stone wins.

#[derive(Clone, Copy, Debug)]
pub struct Nim {
    pub pile: u32,
    pub to_move: usize,
}

impl Nim {
    pub fn new(pile: u32) -> Nim {
        Nim { pile, to_move: 0 }
    }
}

/// Take this many stones (1 to 3); index = count − 1.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Take(pub u32);

impl Game for Nim {
    type Action = Take;
    const NUM_PLAYERS: usize = 2;
    const NUM_DISTINCT_ACTIONS: u32 = 3;

    fn turn(&self) -> Turn {
        if self.pile == 0 {
            Turn::Terminal
        } else {
            Turn::Player(self.to_move)
        }
    }

    fn legal_actions(&self, out: &mut Vec<Take>) {
        out.clear();
        out.extend((1..=self.pile.min(3)).map(Take));
    }

    fn apply(&mut self, action: Take) {
        self.pile -= action.0.min(self.pile);
        self.to_move = 1 - self.to_move;
    }

    /// +1 for whoever took the last stone (the player not to move at the end), −1 for the other.
    fn returns(&self, player: usize) -> f64 {
        match self.turn() {
            Turn::Terminal if player == self.to_move => -1.0,
            Turn::Terminal => 1.0,
            _ => 0.0,
        }
    }

    fn action_index(action: Take) -> u32 {
        action.0 - 1
    }

    fn action_from_index(index: u32) -> Option<Take> {
        (index < 3).then_some(Take(index + 1))
    }
}

// ---------------------------------------------------------------------------------------------
// Tic-tac-toe.

#[derive(Clone, Copy, Debug)]
pub struct TicTacToe {
    /// 0 empty, 1 X (player 0), 2 O (player 1); cells 0..9 row by row.
    cells: [u8; 9],
    to_move: usize,
}

const LINES: [[usize; 3]; 8] = [
    [0, 1, 2],
    [3, 4, 5],
    [6, 7, 8],
    [0, 3, 6],
    [1, 4, 7],
    [2, 5, 8],
    [0, 4, 8],
    [2, 4, 6],
];

impl TicTacToe {
    /// A board drawn as 9 characters `X`, `O`, `.`, row by row; X moves when the counts are equal.
    pub fn parse(board: &str) -> TicTacToe {
        let mut cells = [0; 9];
        for (cell, c) in cells
            .iter_mut()
            .zip(board.chars().filter(|c| !c.is_whitespace()))
        {
            *cell = match c {
                'X' => 1,
                'O' => 2,
                _ => 0,
            };
        }
        let xs = cells.iter().filter(|&&c| c == 1).count();
        let os = cells.iter().filter(|&&c| c == 2).count();
        TicTacToe {
            cells,
            to_move: usize::from(xs > os),
        }
    }

    fn winner(&self) -> Option<usize> {
        LINES.iter().find_map(|line| {
            let first = self.cells[line[0]];
            (first != 0 && line.iter().all(|&i| self.cells[i] == first))
                .then(|| usize::from(first) - 1)
        })
    }
}

impl Game for TicTacToe {
    type Action = u8;
    const NUM_PLAYERS: usize = 2;
    const NUM_DISTINCT_ACTIONS: u32 = 9;

    fn turn(&self) -> Turn {
        if self.winner().is_some() || self.cells.iter().all(|&c| c != 0) {
            Turn::Terminal
        } else {
            Turn::Player(self.to_move)
        }
    }

    fn legal_actions(&self, out: &mut Vec<u8>) {
        out.clear();
        if !self.is_terminal() {
            out.extend((0..9u8).filter(|&i| self.cells[usize::from(i)] == 0));
        }
    }

    fn apply(&mut self, action: u8) {
        self.cells[usize::from(action)] = self.to_move as u8 + 1;
        self.to_move = 1 - self.to_move;
    }

    fn returns(&self, player: usize) -> f64 {
        match self.winner() {
            Some(winner) if winner == player => 1.0,
            Some(_) => -1.0,
            None => 0.0,
        }
    }

    fn action_index(action: u8) -> u32 {
        u32::from(action)
    }

    fn action_from_index(index: u32) -> Option<u8> {
        (index < 9).then_some(index as u8)
    }
}

// ---------------------------------------------------------------------------------------------
// Dice: two rounds; each round take a sure 4 points, or gamble on a die: a six pays 12, anything
// else pays 1. Expected value per round: sure 4, gamble 12/6 + 5/6 = 2.83, so the best play is
// sure, sure (expected total 8), although the gamble has the highest possible payoff.

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Dice {
    Sure,
    Gamble,
    Six,
    NotSix,
}

#[derive(Clone, Copy, Debug, Default)]
pub struct DiceGame {
    round: u32,
    score: u32,
    rolling: bool,
}

pub const DICE_ROUNDS: u32 = 2;

impl Game for DiceGame {
    type Action = Dice;
    const NUM_PLAYERS: usize = 1;
    const NUM_DISTINCT_ACTIONS: u32 = 4;

    fn turn(&self) -> Turn {
        if self.rolling {
            Turn::Chance
        } else if self.round >= DICE_ROUNDS {
            Turn::Terminal
        } else {
            Turn::Player(0)
        }
    }

    fn legal_actions(&self, out: &mut Vec<Dice>) {
        out.clear();
        if self.turn() == Turn::Player(0) {
            out.extend([Dice::Sure, Dice::Gamble]);
        }
    }

    fn chance_outcomes(&self, out: &mut Vec<(Dice, f64)>) {
        out.clear();
        if self.rolling {
            out.extend([(Dice::Six, 1.0 / 6.0), (Dice::NotSix, 5.0 / 6.0)]);
        }
    }

    fn apply(&mut self, action: Dice) {
        match action {
            Dice::Sure => {
                self.score += 4;
                self.round += 1;
            }
            Dice::Gamble => self.rolling = true,
            Dice::Six | Dice::NotSix => {
                self.score += if action == Dice::Six { 12 } else { 1 };
                self.rolling = false;
                self.round += 1;
            }
        }
    }

    fn returns(&self, _player: usize) -> f64 {
        f64::from(self.score)
    }

    fn action_index(action: Dice) -> u32 {
        action as u32
    }

    fn action_from_index(index: u32) -> Option<Dice> {
        [Dice::Sure, Dice::Gamble, Dice::Six, Dice::NotSix]
            .get(index as usize)
            .copied()
    }
}

// ---------------------------------------------------------------------------------------------
// Coin guess: take a sure 7 points, or toss a coin and then, having seen it, name its side for
// 10 points (a wrong guess pays 0). Tossing is worth 10 to a player who looks at the coin, but a
// plan fixed before the toss guesses right half the time and is worth only 5.

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Coin {
    Sure,
    Toss,
    Heads,
    Tails,
}

#[derive(Clone, Copy, Debug, Default)]
pub struct CoinGuess {
    tossing: bool,
    shown: Option<Coin>,
    score: u32,
    over: bool,
}

impl Game for CoinGuess {
    type Action = Coin;
    const NUM_PLAYERS: usize = 1;
    const NUM_DISTINCT_ACTIONS: u32 = 4;

    fn turn(&self) -> Turn {
        if self.over {
            Turn::Terminal
        } else if self.tossing {
            Turn::Chance
        } else {
            Turn::Player(0)
        }
    }

    fn legal_actions(&self, out: &mut Vec<Coin>) {
        out.clear();
        if self.turn() == Turn::Player(0) {
            match self.shown {
                None => out.extend([Coin::Sure, Coin::Toss]),
                Some(_) => out.extend([Coin::Heads, Coin::Tails]),
            }
        }
    }

    fn chance_outcomes(&self, out: &mut Vec<(Coin, f64)>) {
        out.clear();
        if self.tossing {
            out.extend([(Coin::Heads, 0.5), (Coin::Tails, 0.5)]);
        }
    }

    fn apply(&mut self, action: Coin) {
        match (action, self.tossing, self.shown) {
            (Coin::Sure, ..) => {
                self.score = 7;
                self.over = true;
            }
            (Coin::Toss, ..) => self.tossing = true,
            (side, true, _) => {
                self.shown = Some(side);
                self.tossing = false;
            }
            (guess, false, shown) => {
                self.score = if shown == Some(guess) { 10 } else { 0 };
                self.over = true;
            }
        }
    }

    fn returns(&self, _player: usize) -> f64 {
        f64::from(self.score)
    }

    fn action_index(action: Coin) -> u32 {
        action as u32
    }

    fn action_from_index(index: u32) -> Option<Coin> {
        [Coin::Sure, Coin::Toss, Coin::Heads, Coin::Tails]
            .get(index as usize)
            .copied()
    }
}
