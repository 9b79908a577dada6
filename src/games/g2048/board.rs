//! The 2048 board: sixteen cells, each holding the exponent `e` of its tile `2^e` (0 = empty).
//!
//! Layout: cell `row * 4 + col` (row 0 at the top, column 0 at the left) keeps the low four
//! bits of its exponent in bits `4 * cell .. 4 * cell + 4` of [`Board::low`], so each row is one
//! `u16` whose lowest nibble is the leftmost cell. A fifth bit per cell lives in bit `cell` of
//! [`Board::high`]: exponents 16 and up (tiles 65536 and larger) are kept exactly, never
//! saturated. Boards without such tiles (`high == 0`, every real game until it reaches 65536)
//! move through 65,536-entry row tables built once on first use; a move that would merge two
//! 32768s, or any move on a board with a fifth bit set, takes the slower per-cell path, which
//! follows the same rules on full exponents.

use std::sync::OnceLock;

/// Side length of the board.
pub const SIZE: usize = 4;
/// Number of cells.
pub const CELLS: usize = SIZE * SIZE;
/// Largest exponent a cell can hold (`2^31`); real games stay far below it (about 2^18).
pub const MAX_EXPONENT: u8 = 31;

/// A direction to slide the tiles. The discriminants are the original game's own numbering
/// (`js/game_manager.js`: 0 = up, 1 = right, 2 = down, 3 = left), which is also the dense
/// action index of the move in [`crate::games::g2048::G2048`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Direction {
    /// Towards row 0.
    Up = 0,
    /// Towards column 3.
    Right = 1,
    /// Towards row 3.
    Down = 2,
    /// Towards column 0.
    Left = 3,
}

impl Direction {
    /// All four, in index order.
    pub const ALL: [Direction; 4] = [
        Direction::Up,
        Direction::Right,
        Direction::Down,
        Direction::Left,
    ];

    /// The direction with this index (0 = up, 1 = right, 2 = down, 3 = left).
    pub fn from_index(index: u32) -> Option<Direction> {
        Direction::ALL.get(index as usize).copied()
    }

    /// The lower-case English name ("up", "right", "down", "left").
    pub fn name(self) -> &'static str {
        match self {
            Direction::Up => "up",
            Direction::Right => "right",
            Direction::Down => "down",
            Direction::Left => "left",
        }
    }
}

/// A 4x4 board of tile exponents. Cheap to copy; equality is cell-by-cell equality.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Board {
    /// Low four bits of each cell's exponent (see the module docs for the layout).
    low: u64,
    /// Fifth bit of each cell's exponent, bit `cell`.
    high: u16,
}

/// Bit 31 of a row's score entry: the row holds two 32768s that would merge.
const OVERFLOW: u32 = 1 << 31;

/// One entry per row (`u16`), boxed at its exact size so that indexing by a `u16` needs no
/// bounds check.
pub(super) type RowTable<T> = Box<[T; 1 << 16]>;

/// The row table holding `entries` (65,536 of them).
pub(super) fn row_table<T>(entries: Vec<T>) -> RowTable<T> {
    match entries.into_boxed_slice().try_into() {
        Ok(table) => table,
        Err(_) => unreachable!("a row table has 65,536 entries"),
    }
}

/// Row tables indexed by a row's `u16` (four low nibbles, lowest = leftmost).
struct Tables {
    /// The row after sliding left.
    left: RowTable<u16>,
    /// The row after sliding right.
    right: RowTable<u16>,
    /// Score gained by sliding the row (the same either way), with [`OVERFLOW`] set when the
    /// result needs a fifth bit.
    score: RowTable<u32>,
    /// Which slides change the row: bit 0 sliding left, bit 1 sliding right.
    changes: RowTable<u8>,
    /// A column (read as a row of the transposed board) after sliding up, its cells already in
    /// column 0 of a board (bits 0, 16, 32, 48): shifted by `4 * col` it is the column in place.
    up: RowTable<u64>,
    /// The same after sliding down.
    down: RowTable<u64>,
}

fn tables() -> &'static Tables {
    static TABLES: OnceLock<Tables> = OnceLock::new();
    TABLES.get_or_init(|| {
        let mut left = vec![0u16; 1 << 16];
        let mut right = vec![0u16; 1 << 16];
        let mut score = vec![0u32; 1 << 16];
        let mut changes = vec![0u8; 1 << 16];
        let mut up = vec![0u64; 1 << 16];
        let mut down = vec![0u64; 1 << 16];
        for row in 0..=u16::MAX {
            let line = unpack_row(row);
            let (moved_left, gain) = slide_line(line);
            let mut reversed = line;
            reversed.reverse();
            let (mut moved_right, _) = slide_line(reversed);
            moved_right.reverse();
            let overflow = moved_left.iter().any(|&e| e > 15);
            left[row as usize] = pack_row(moved_left);
            right[row as usize] = pack_row(moved_right);
            score[row as usize] = gain as u32 | if overflow { OVERFLOW } else { 0 };
            changes[row as usize] =
                u8::from(moved_left != line) | u8::from(moved_right != line) << 1;
            up[row as usize] = unpack_column(left[row as usize]);
            down[row as usize] = unpack_column(right[row as usize]);
        }
        Tables {
            left: row_table(left),
            right: row_table(right),
            score: row_table(score),
            changes: row_table(changes),
            up: row_table(up),
            down: row_table(down),
        }
    })
}

fn unpack_row(row: u16) -> [u8; 4] {
    [0, 4, 8, 12].map(|shift| ((row >> shift) & 0xF) as u8)
}

/// Packs four exponents below 16 (larger ones are cut to their low nibble).
fn pack_row(line: [u8; 4]) -> u16 {
    line.iter()
        .enumerate()
        .fold(0, |row, (i, &e)| row | (u16::from(e & 0xF) << (4 * i)))
}

/// Slides one line of exponents towards index 0 by the original rules: tiles are visited from
/// the wall outwards, each travels as far as it can, and merges with an equal tile that was not
/// itself made by a merge during this move. Returns the line and the score gained (the value of
/// every merged tile).
pub fn slide_line(line: [u8; 4]) -> ([u8; 4], u64) {
    let mut out = [0u8; 4];
    let mut len = 0;
    let mut last_merged = false;
    let mut gain = 0u64;
    for &e in line.iter().filter(|&&e| e != 0) {
        if len > 0 && out[len - 1] == e && !last_merged {
            out[len - 1] = e + 1;
            gain += 1u64 << (e + 1);
            last_merged = true;
        } else {
            out[len] = e;
            len += 1;
            last_merged = false;
        }
    }
    (out, gain)
}

/// A row's four nibbles as column 0 of a board (nibble `i` to bits `16 * i ..`).
fn unpack_column(row: u16) -> u64 {
    let r = u64::from(row);
    (r | r << 12 | r << 24 | r << 36) & 0x000F_000F_000F_000F
}

/// The four slides of a board's low nibbles, `[up, right, down, left]` (indexed by
/// [`Direction`]), for boards with no tile of 65536 or more: exact unless a line holds two
/// 32768s that merge (then the merged cell is wrong), which a caller rules out. Eight row-table
/// lookups and one transpose, no score: the hot path of a search that needs only the boards.
#[inline]
pub fn plain_slides(low: u64) -> [u64; 4] {
    let t = tables();
    let cols = transpose(low);
    let (mut up, mut right, mut down, mut left) = (0, 0, 0, 0);
    for i in 0..4 {
        let row = ((low >> (16 * i)) & 0xFFFF) as usize;
        let col = ((cols >> (16 * i)) & 0xFFFF) as usize;
        left |= u64::from(t.left[row]) << (16 * i);
        right |= u64::from(t.right[row]) << (16 * i);
        up |= t.up[col] << (4 * i);
        down |= t.down[col] << (4 * i);
    }
    [up, right, down, left]
}

/// Swaps rows and columns of sixteen packed nibbles.
#[inline]
pub fn transpose(x: u64) -> u64 {
    let a1 = x & 0xF0F0_0F0F_F0F0_0F0F;
    let a2 = x & 0x0000_F0F0_0000_F0F0;
    let a3 = x & 0x0F0F_0000_0F0F_0000;
    let a = a1 | (a2 << 12) | (a3 >> 12);
    let b1 = a & 0xFF00_FF00_00FF_00FF;
    let b2 = a & 0x00FF_00FF_0000_0000;
    let b3 = a & 0x0000_0000_FF00_FF00;
    b1 | (b2 >> 24) | (b3 << 24)
}

/// Bit 0 of each nibble of `x` that is zero.
#[inline]
fn zero_nibbles(x: u64) -> u64 {
    let mut t = x | (x >> 1);
    t |= t >> 2;
    !t & 0x1111_1111_1111_1111
}

/// Moves each row of `low` with `table`; returns the rows and the summed score entries.
#[inline]
fn rows_through(low: u64, table: &[u16; 1 << 16], score: &[u32; 1 << 16]) -> (u64, u64) {
    let mut out = 0u64;
    let mut gain = 0u64;
    for shift in [0, 16, 32, 48] {
        let row = ((low >> shift) & 0xFFFF) as usize;
        out |= u64::from(table[row]) << shift;
        gain += u64::from(score[row]);
    }
    (out, gain)
}

/// The OR of `table`'s entries for the four rows of `low`.
#[inline]
fn rows_changes(low: u64, table: &[u8; 1 << 16]) -> u8 {
    [0, 16, 32, 48].iter().fold(0, |mask, shift| {
        mask | table[((low >> shift) & 0xFFFF) as usize]
    })
}

/// `SELECT[byte][k]`: the position of the `k`-th set bit (from 0) of `byte`, or 8 if it has
/// no more.
const SELECT: [[u8; 8]; 256] = {
    let mut table = [[8u8; 8]; 256];
    let mut byte = 0;
    while byte < 256 {
        let (mut bit, mut k) = (0, 0);
        while bit < 8 {
            if byte >> bit & 1 == 1 {
                table[byte][k] = bit as u8;
                k += 1;
            }
            bit += 1;
        }
        byte += 1;
    }
    table
};

/// The position of the `rank`-th set bit (from 0, lowest first) of `mask`, or `None` if it
/// has no more than `rank` set bits. Two table lookups instead of a loop over the bits.
#[inline]
pub fn nth_set_bit(mask: u16, rank: u32) -> Option<u8> {
    if rank >= mask.count_ones() {
        return None;
    }
    let low = mask as u8;
    let low_count = low.count_ones();
    let (byte, offset, k) = if rank < low_count {
        (low, 0, rank)
    } else {
        ((mask >> 8) as u8, 8, rank - low_count)
    };
    Some(offset + SELECT[usize::from(byte)][k as usize])
}

impl Board {
    /// The empty board.
    pub const EMPTY: Board = Board { low: 0, high: 0 };

    /// A board from sixteen exponents in cell order (0 = empty, `e` = tile `2^e`).
    /// Returns `None` if an exponent exceeds [`MAX_EXPONENT`].
    pub fn from_exponents(exponents: [u8; CELLS]) -> Option<Board> {
        let mut board = Board::EMPTY;
        for (cell, &e) in exponents.iter().enumerate() {
            if e > MAX_EXPONENT {
                return None;
            }
            board.set_exponent(cell, e);
        }
        Some(board)
    }

    /// The board whose low nibbles are `low` ([`Board::low`]) and which has no tile of 65536
    /// or more: nneonneo's `board_t`.
    pub fn from_low(low: u64) -> Board {
        Board { low, high: 0 }
    }

    /// The sixteen exponents in cell order.
    pub fn exponents(self) -> [u8; CELLS] {
        std::array::from_fn(|cell| self.exponent(cell))
    }

    /// The low nibbles of all cells (the whole board when [`Board::high`] is 0).
    pub fn low(self) -> u64 {
        self.low
    }

    /// The fifth exponent bit of each cell, bit `cell`; 0 until a tile reaches 65536.
    pub fn high(self) -> u16 {
        self.high
    }

    /// The exponent at `cell` (0 = empty). `cell` must be below 16.
    #[inline]
    pub fn exponent(self, cell: usize) -> u8 {
        let low = ((self.low >> (4 * cell)) & 0xF) as u8;
        let high = ((self.high >> cell) & 1) as u8;
        low | (high << 4)
    }

    /// The tile value at `cell` (0 = empty).
    pub fn tile(self, cell: usize) -> u64 {
        match self.exponent(cell) {
            0 => 0,
            e => 1u64 << e,
        }
    }

    /// Sets the exponent at `cell` (below 16) to `exponent` (at most [`MAX_EXPONENT`]).
    #[inline]
    pub fn set_exponent(&mut self, cell: usize, exponent: u8) {
        let shift = 4 * cell;
        self.low = (self.low & !(0xF << shift)) | (u64::from(exponent & 0xF) << shift);
        self.high = (self.high & !(1 << cell)) | (u16::from((exponent >> 4) & 1) << cell);
    }

    /// Bit `cell` set for every empty cell.
    #[inline]
    pub fn empty_mask(self) -> u16 {
        // Gather bit 0 of each nibble into a 16-bit mask, halving the gaps at each step.
        let mut x = zero_nibbles(self.low);
        x = (x | x >> 3) & 0x0303_0303_0303_0303;
        x = (x | x >> 6) & 0x000F_000F_000F_000F;
        x = (x | x >> 12) & 0x0000_00FF_0000_00FF;
        x = (x | x >> 24) & 0xFFFF;
        x as u16 & !self.high
    }

    /// Number of empty cells.
    #[inline]
    pub fn empty_count(self) -> u32 {
        if self.high == 0 {
            zero_nibbles(self.low).count_ones()
        } else {
            self.empty_mask().count_ones()
        }
    }

    /// The largest exponent on the board (0 for the empty board).
    pub fn max_exponent(self) -> u8 {
        (0..CELLS).map(|c| self.exponent(c)).max().unwrap_or(0)
    }

    /// The largest tile on the board (0 for the empty board).
    pub fn max_tile(self) -> u64 {
        match self.max_exponent() {
            0 => 0,
            e => 1u64 << e,
        }
    }

    /// The sum of all tile values.
    pub fn tile_sum(self) -> u64 {
        (0..CELLS).map(|c| self.tile(c)).sum()
    }

    /// The board with rows and columns swapped.
    pub fn transposed(self) -> Board {
        let mut high = 0u16;
        for cell in 0..CELLS {
            if self.high >> cell & 1 == 1 {
                high |= 1 << ((cell % SIZE) * SIZE + cell / SIZE);
            }
        }
        Board {
            low: transpose(self.low),
            high,
        }
    }

    /// Slides the tiles towards `direction`. Returns the new board and the score gained (the sum
    /// of the merged tiles). The move is legal exactly when the board changes.
    #[inline]
    pub fn slide(self, direction: Direction) -> (Board, u64) {
        if self.high == 0 {
            let t = tables();
            let (low, gain) = match direction {
                Direction::Left => rows_through(self.low, &t.left, &t.score),
                Direction::Right => rows_through(self.low, &t.right, &t.score),
                Direction::Up => {
                    let (cols, gain) = rows_through(transpose(self.low), &t.left, &t.score);
                    (transpose(cols), gain)
                }
                Direction::Down => {
                    let (cols, gain) = rows_through(transpose(self.low), &t.right, &t.score);
                    (transpose(cols), gain)
                }
            };
            // Each row adds at most 65536 below bit 31, so any overflow flag shows up here.
            if gain < u64::from(OVERFLOW) {
                return (Board { low, high: 0 }, gain);
            }
        }
        self.slide_by_cells(direction)
    }

    /// The directions whose slide changes the board: bit `direction as u8` is set for each.
    /// Agrees with comparing [`Board::slide`]'s result to the board, at the cost of one
    /// transpose and eight table lookups instead of four slides.
    pub fn moving_directions(self) -> u8 {
        if self.high != 0 {
            return Direction::ALL
                .iter()
                .filter(|&&d| self.slide_by_cells(d).0 != self)
                .fold(0, |mask, &d| mask | 1 << d as u8);
        }
        let t = tables();
        let rows = rows_changes(self.low, &t.changes);
        let cols = rows_changes(transpose(self.low), &t.changes);
        (rows & 1) << Direction::Left as u8
            | (rows >> 1) << Direction::Right as u8
            | (cols & 1) << Direction::Up as u8
            | (cols >> 1) << Direction::Down as u8
    }

    /// [`Board::slide`] cell by cell on full exponents: the path for tiles of 65536 and up, and
    /// the reference the tables are checked against.
    pub fn slide_by_cells(self, direction: Direction) -> (Board, u64) {
        let mut out = Board::EMPTY;
        let mut gain = 0;
        for line in 0..SIZE {
            // The cells of this line, starting from the wall the tiles move towards.
            let cells: [usize; 4] = std::array::from_fn(|i| match direction {
                Direction::Left => line * SIZE + i,
                Direction::Right => line * SIZE + (SIZE - 1 - i),
                Direction::Up => i * SIZE + line,
                Direction::Down => (SIZE - 1 - i) * SIZE + line,
            });
            let (moved, line_gain) = slide_line(cells.map(|c| self.exponent(c)));
            gain += line_gain;
            for (&cell, &e) in cells.iter().zip(moved.iter()) {
                out.set_exponent(cell, e);
            }
        }
        (out, gain)
    }

    /// Whether some move changes the board (false means the game is over).
    #[inline]
    pub fn can_move(self) -> bool {
        if self.high != 0 {
            return self.moving_directions() != 0;
        }
        if zero_nibbles(self.low) != 0 {
            return true;
        }
        // A full board can move iff two neighbours are equal.
        let horizontal = zero_nibbles(self.low ^ (self.low >> 4)) & 0x0111_0111_0111_0111;
        let vertical = zero_nibbles(self.low ^ (self.low >> 16)) & 0x0000_1111_1111_1111;
        horizontal | vertical != 0
    }
}
