//! Othello evaluations: the course's heuristic, reproduced exactly, and a stronger one of ours.
//!
//! Both are offered to searches as `fn(&Othello, player) -> i32` (the value of a state from
//! `player`'s view), which the generic searches accept as an evaluator.
//!
//! - [`course_heuristic`]: the seed course's `OthelloState.heuristic()` (see
//!   `shared/othello/COURSE.md`): `piece + 8*mobility + 300*corner + stability + win`, from
//!   Black's view, including its diagonal "stability" quirk (off-board diagonal slots read as
//!   empty, so a run at the short end of a diagonal counts as exposed).
//! - [`strong_value`]: mobility, potential mobility, corners, X/C squares, edges, stable
//!   discs, discs and parity; hand-set weights that move with the game phase, replaced from
//!   24 empties on by weights fitted to exact endgame scores.

use super::board::{moves, neighbours};
use super::stability::stable_discs_of_both;
use super::{Board, Color, Othello};

/// The terms of the course heuristic, each from Black's (the course's player 1's) view.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CourseTerms {
    /// Black discs minus White discs.
    pub piece: i32,
    /// Black's legal moves minus White's, both on the current board whoever is to move.
    pub mobility: i32,
    /// Corners held by Black minus corners held by White.
    pub corner: i32,
    /// The course's "stabilityDifferential" (really a count of exposed runs; see the module).
    pub stability: i32,
    /// +5000 if neither side can move and Black has more discs, -5000 if White has, else 0.
    pub win: i32,
}

impl CourseTerms {
    /// `piece + 8*mobility + 300*corner + stability + win`.
    pub fn heuristic(&self) -> i32 {
        self.piece + 8 * self.mobility + 300 * self.corner + self.stability + self.win
    }
}

const CORNERS: u64 = (1 << 0) | (1 << 7) | (1 << 56) | (1 << 63);

/// The course heuristic's terms for a position (independent of the side to move).
pub fn course_terms(state: &Othello) -> CourseTerms {
    let (black, white) = (state.black(), state.white());
    let piece = black.count_ones() as i32 - white.count_ones() as i32;
    let black_moves = moves(black, white).count_ones() as i32;
    let white_moves = moves(white, black).count_ones() as i32;
    let corner = (black & CORNERS).count_ones() as i32 - (white & CORNERS).count_ones() as i32;
    let win = if black_moves == 0 && white_moves == 0 {
        5000 * piece.signum()
    } else {
        0
    };
    CourseTerms {
        piece,
        mobility: black_moves - white_moves,
        corner,
        stability: course_stability(black, white),
        win,
    }
}

/// The course heuristic from Black's view.
pub fn course_heuristic(state: &Othello) -> i32 {
    course_terms(state).heuristic()
}

/// The course heuristic from `player`'s view (player 0 = Black), as a search evaluator.
pub fn course_value(state: &Othello, player: usize) -> i32 {
    let value = course_heuristic(state);
    if player == Color::Black.player() {
        value
    } else {
        -value
    }
}

/// A slot of one of the course's 8-slot line arrays.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Slot {
    Empty,
    Wall,
    Black,
    White,
}

/// The course's exposure count over the 8 rows, 8 columns and 30 diagonals, from Black's view.
fn course_stability(black: u64, white: u64) -> i32 {
    let cell = |x: i32, y: i32| -> Slot {
        if !(0..8).contains(&x) || !(0..8).contains(&y) {
            // Off-board diagonal slots are 00 in the course's arrays: empty, not wall.
            return Slot::Empty;
        }
        let bit = 1u64 << (x * 8 + y);
        if black & bit != 0 {
            Slot::Black
        } else if white & bit != 0 {
            Slot::White
        } else {
            Slot::Empty
        }
    };
    let mut total = 0;
    for line in 0..8 {
        // hBoard[x] (rows, indexed by the file y) and vBoard[y] (columns, indexed by x).
        total += line_exposure(|i| cell(line, i));
        total += line_exposure(|i| cell(i, line));
    }
    for line in 0..15 {
        // dBoard1[x + y] and dBoard2[x - y + 7], both indexed by x.
        total += line_exposure(|x| cell(x, line - x));
        total += line_exposure(|x| cell(x, x - line + 7));
    }
    total
}

/// Scores the maximal one-colour runs of an 8-slot line whose ends (slot -1 and slot 8) are
/// walls: a White run bounded by a Black disc and an empty slot counts +length, a Black run
/// bounded by a White disc and an empty slot counts -length.
fn line_exposure(slot: impl Fn(i32) -> Slot) -> i32 {
    let at = |i: i32| {
        if (0..8).contains(&i) {
            slot(i)
        } else {
            Slot::Wall
        }
    };
    let mut total = 0;
    let mut start = 0;
    while start < 8 {
        let colour = at(start);
        let mut end = start;
        while end + 1 < 8 && at(end + 1) == colour {
            end += 1;
        }
        if colour == Slot::Black || colour == Slot::White {
            let enemy = if colour == Slot::Black {
                Slot::White
            } else {
                Slot::Black
            };
            let (before, after) = (at(start - 1), at(end + 1));
            let exposed = (before == enemy && after == Slot::Empty)
                || (before == Slot::Empty && after == enemy);
            if exposed {
                let length = end - start + 1;
                total += if colour == Slot::White {
                    length
                } else {
                    -length
                };
            }
        }
        start = end + 1;
    }
    total
}

/// X-squares (b2, g2, b7, g7) with the corner each one touches diagonally.
const X_SQUARES: [(u32, u32); 4] = [(9, 0), (14, 7), (49, 56), (54, 63)];
/// C-squares (next to a corner on an edge) with their corner.
const C_SQUARES: [(u32, u32); 8] = [
    (1, 0),
    (8, 0),
    (6, 7),
    (15, 7),
    (48, 56),
    (57, 56),
    (55, 63),
    (62, 63),
];

/// The value of a finished game for the side to move: far beyond any heuristic value, and
/// larger for larger margins.
pub fn terminal_value(score: i32) -> i32 {
    match score.signum() {
        1 => WIN + 100 * score,
        -1 => -WIN + 100 * score,
        _ => 0,
    }
}

/// Base of [`terminal_value`]; every heuristic value of [`strong_value`] is smaller.
const WIN: i32 = 100_000;

/// Our evaluation from the side to move's view, in hundredths of a disc (roughly).
///
/// Terms ([`StrongTerms`], player minus opponent): mobility (corner moves count double),
/// potential mobility, corners, X- and C-squares next to an empty corner, plain edge squares,
/// stable discs, discs and the parity of the empty squares. Up to 24 empties the weights are
/// fitted to exact scores ([`board_eval`]); before, hand-set weights move with the game
/// phase (edges unweighted there). Finished games get [`terminal_value`].
pub fn strong_eval(state: &Othello) -> i32 {
    board_eval(state.board())
}

/// The terms of [`strong_eval`], each as (player to move) minus (opponent).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct StrongTerms {
    /// Legal moves, corner moves counted twice.
    pub mobility: i32,
    /// Empty squares next to the other side's discs.
    pub potential: i32,
    /// Corners held.
    pub corners: i32,
    /// X-squares (b2, g2, b7, g7) held next to an empty corner.
    pub x_squares: i32,
    /// C-squares (edge squares next to a corner) held next to an empty corner.
    pub c_squares: i32,
    /// Other edge squares held.
    pub edges: i32,
    /// Stable discs ([`super::stability::stable_discs`]).
    pub stable: i32,
    /// Discs.
    pub discs: i32,
    /// +1 if the number of empty squares is odd (the side to move expects the last move),
    /// -1 if even.
    pub parity: i32,
    /// Empty squares (not a difference).
    pub empties: i32,
}

impl StrongTerms {
    /// The nine weighted terms, in the order of the late-game weights: mobility, potential,
    /// corners, X-squares, C-squares, edges, stable discs, discs, parity.
    pub fn weighted(&self) -> [i32; 9] {
        [
            self.mobility,
            self.potential,
            self.corners,
            self.x_squares,
            self.c_squares,
            self.edges,
            self.stable,
            self.discs,
            self.parity,
        ]
    }
}

/// Edge squares that are neither corners nor C-squares.
const PLAIN_EDGES: u64 = 0x3C00_8181_8181_003C;

/// The terms of a board for its player to move; `None` when the game is over.
pub fn strong_terms(board: Board) -> Option<StrongTerms> {
    strong_terms_with_moves(board, board.moves())
}

/// [`strong_terms`] given the legal moves of the player to move, `my_moves`.
#[inline]
fn strong_terms_with_moves(board: Board, my_moves: u64) -> Option<StrongTerms> {
    let (me, them) = (board.player, board.opponent);
    let their_moves = moves(them, me);
    if my_moves == 0 && their_moves == 0 {
        return None;
    }
    let empty = board.empties();
    let empties = empty.count_ones() as i32;
    let count = |bits: u64| bits.count_ones() as i32;
    let mut x_squares = 0;
    for (square, corner) in X_SQUARES {
        if empty & (1 << corner) != 0 {
            x_squares += owner(me, them, square);
        }
    }
    let mut c_squares = 0;
    for (square, corner) in C_SQUARES {
        if empty & (1 << corner) != 0 {
            c_squares += owner(me, them, square);
        }
    }
    Some(StrongTerms {
        mobility: count(my_moves) + count(my_moves & CORNERS)
            - count(their_moves)
            - count(their_moves & CORNERS),
        potential: count(neighbours(them) & empty) - count(neighbours(me) & empty),
        corners: count(me & CORNERS) - count(them & CORNERS),
        x_squares,
        c_squares,
        edges: count(me & PLAIN_EDGES) - count(them & PLAIN_EDGES),
        stable: {
            let [mine, theirs] = stable_discs_of_both(me, them);
            count(mine) - count(theirs)
        },
        discs: count(me) - count(them),
        parity: if empties % 2 == 1 { 1 } else { -1 },
        empties,
    })
}

/// Weights (hundredths of a disc) for the late game, fitted by ridge least squares to the
/// exact final scores of 5000 positions with 12 to 20 empties (`searchlab othello fit
/// --positions 5000 --seed 1`; about 11 discs of error against 13 to 14 for the hand-set
/// weights): (most empties of the bucket, [mobility, potential, corners, x_squares,
/// c_squares, edges, stable, discs, parity]). The last bucket also serves 21 to 24 empties.
const LATE_WEIGHTS: [(i32, [i32; 9]); 3] = [
    (14, [237, -70, 294, -218, -262, -75, 161, -28, 43]),
    (17, [212, -36, 349, -458, -274, -88, 184, -31, 153]),
    (LATE_EMPTIES, [206, -23, 491, -408, -258, -76, 196, -45, 44]),
];

/// Empties up to which [`LATE_WEIGHTS`] are used.
const LATE_EMPTIES: i32 = 24;

/// [`strong_eval`] of a bare board, from the view of its player to move.
pub fn board_eval(board: Board) -> i32 {
    board_eval_with_moves(board, board.moves())
}

/// [`board_eval`] given the legal moves of the player to move, `my_moves` (callers that have
/// them spare a move generation).
pub fn board_eval_with_moves(board: Board, my_moves: u64) -> i32 {
    let Some(terms) = strong_terms_with_moves(board, my_moves) else {
        return terminal_value(board.final_score());
    };
    if terms.empties <= LATE_EMPTIES {
        let weights = LATE_WEIGHTS
            .iter()
            .find(|(most, _)| terms.empties <= *most)
            .map_or(LATE_WEIGHTS[2].1, |&(_, weights)| weights);
        return weights
            .iter()
            .zip(terms.weighted())
            .map(|(w, v)| w * v)
            .sum();
    }
    // Phase: 0 at the start (60 empties) to 60 at the end.
    let phase = 60 - terms.empties.min(60);
    let mobility_weight = 120 - phase; // 120 early, 60 at the end
    let potential_weight = 40 - phase / 2;
    let late = (phase - 46).max(0); // the last 14 empties
    mobility_weight * terms.mobility + potential_weight * terms.potential + 800 * terms.corners
        - 250 * terms.x_squares
        - 80 * terms.c_squares
        + 120 * terms.stable
        + 6 * late * terms.discs
        + if terms.empties < 20 {
            60 * terms.parity
        } else {
            0
        }
}

/// +1 if `square` is the player's, -1 if the opponent's, 0 if empty.
fn owner(me: u64, them: u64, square: u32) -> i32 {
    let bit = 1u64 << square;
    (me & bit != 0) as i32 - (them & bit != 0) as i32
}

/// [`strong_eval`] from `player`'s view, as a search evaluator.
pub fn strong_value(state: &Othello, player: usize) -> i32 {
    let value = strong_eval(state);
    if player == state.side().player() {
        value
    } else {
        -value
    }
}
