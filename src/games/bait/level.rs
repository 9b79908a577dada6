//! A parsed Bait level: the static board (walls, size, open-cell numbering, neighbour tables,
//! where each fixed item starts) and the starting layout, or a [`LevelError`] naming the place.
//!
//! Level characters (`shared/bait/levels/README.md`): `w` wall, `A` avatar, `0` hole, `1` box,
//! `k` key, `g` goal, `m` mushroom, `.` floor, and the course variant's space for floor.
//! Line ends may be `\n` or `\r\n`; a missing final newline and one trailing empty line are fine.
//!
//! Numbering. Every non-wall cell gets an *open-cell index* ([`Cell`]) in reading order. Every
//! hole, mushroom, key and goal of the level gets an *item id* in reading order; a state keeps the
//! set of items still present. A level may have any number of keys and goals, including none:
//! taking any key makes the avatar `withkey`, and the game is won once no goal is left (GVGAI's
//! `SpriteCounter stype=goal limit=0`), so a level without a goal is won by the first action.
//!
//! Edges. GVGAI levels are closed by walls. This parser also accepts open edges: moving off the
//! board is a wall bump, and a box cannot be pushed off the board, exactly as if the board were
//! surrounded by walls. Nothing ever leaves the board.
//!
//! Capacity. A state's [`super::BaitKey`] packs into 256 bits: 11 bits for the avatar (cell, key,
//! alive, over), one bit per open cell (boxes) and one per item. A level needing more bits is
//! refused with [`LevelError::TooManyOpenCells`] naming the first cell that does not fit. Any
//! level with at most 123 open cells fits; official level 3 (the largest) uses 11 + 99 + 41 bits.

use super::action::Action;
use super::bits::Bits256;

/// An open (non-wall) cell's index, below [`Level::open_cells`].
pub type Cell = u8;

/// Marks a wall or the edge of the board in the neighbour tables.
pub(crate) const BLOCKED: Cell = u8::MAX;

/// The largest width and height accepted.
pub const MAX_SIDE: usize = 64;

/// Bits available for a state's key (see the module notes).
pub const KEY_BITS: usize = 256;

/// Key bits used by the avatar: 8 for its cell, then `withkey`, `alive`, game over.
pub(crate) const AVATAR_KEY_BITS: usize = 11;

/// The largest tick limit: a game's tick, which ends one past the limit, then fits in a `u32`.
pub const MAX_TICK_LIMIT: u32 = u32::MAX - 1;

/// GVGAI's `CompetitionParameters.MAX_TIMESTEPS`.
pub const GVGAI_TICK_LIMIT: u32 = 2000;

/// The NJU course fork's tick limit.
pub const COURSE_TICK_LIMIT: u32 = 1000;

/// The fixed item a cell starts with (at most one per cell).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[repr(u8)]
pub enum Item {
    /// Plain floor (possibly with a box or the avatar at the start).
    #[default]
    None,
    /// `0`: kills the avatar; a box pushed in fills it.
    Hole,
    /// `m`: +1 when eaten; blocks boxes.
    Mushroom,
    /// `k`: makes the avatar `withkey`.
    Key,
    /// `g`: blocks `nokey`; `withkey` entering it scores 5 and removes it.
    Goal,
}

/// What the rules need about one open cell, packed together for the hot path.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct CellInfo {
    /// The cell reached by each action (indexed by [`Action`]), [`BLOCKED`] for a wall or the
    /// edge; entry 4 (NIL) is the cell itself.
    pub(crate) step: [Cell; 5],
    /// The item id of the cell's fixed item (meaningless when `kind` is [`Item::None`]).
    pub(crate) item: u8,
    /// The item's bit in a state's layout: [`Level::open_cells`] + `item` (meaningless when
    /// `kind` is [`Item::None`]).
    pub(crate) item_bit: u8,
    /// The cell's fixed item.
    pub(crate) kind: Item,
}

/// A parsed level. Immutable; states share it behind an `Rc`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Level {
    width: usize,
    height: usize,
    /// Row-major, one entry per board cell: the open-cell index, or [`BLOCKED`] for a wall.
    grid: Vec<Cell>,
    /// The (x, y) of each open cell.
    positions: Vec<(u8, u8)>,
    /// Indexed by open cell; entries past [`Level::open_cells`] are unused.
    cells: [CellInfo; 256],
    /// The cell of each item id.
    item_cells: Vec<Cell>,
    holes: Bits256,
    mushrooms: Bits256,
    keys: Bits256,
    goals: Bits256,
    /// `goals` moved to their bits in a state's layout (read on every tick).
    goal_layout_bits: Bits256,
    start_avatar: Cell,
    start_boxes: Bits256,
    tick_limit: u32,
}

/// Why a level text was refused. Lines and columns are 1-based; columns count characters.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LevelError {
    /// The text has no cells at all.
    Empty,
    /// A row with no cells between other rows.
    EmptyRow {
        /// The row's line.
        line: usize,
    },
    /// A row whose width differs from the first row's.
    RaggedRow {
        /// The row's line.
        line: usize,
        /// Where the row departs from the expected width: the first extra character, or just
        /// past the row's last character when it is short.
        column: usize,
        /// The row's width.
        width: usize,
        /// The first row's width.
        expected: usize,
    },
    /// A character that is not a level character.
    UnknownChar {
        /// Its line.
        line: usize,
        /// Its column.
        column: usize,
        /// The character.
        found: char,
    },
    /// No `A` in the level.
    NoAvatar,
    /// A second `A`.
    SecondAvatar {
        /// Its line.
        line: usize,
        /// Its column.
        column: usize,
    },
    /// The level is wider or taller than [`MAX_SIDE`].
    TooLarge {
        /// The line of the first cell past the limit.
        line: usize,
        /// Its column.
        column: usize,
    },
    /// The level needs more than [`KEY_BITS`] state bits (see the module notes).
    TooManyOpenCells {
        /// The line of the first cell that does not fit.
        line: usize,
        /// Its column.
        column: usize,
    },
}

impl LevelError {
    /// The (line, column) the error points at, if it has one.
    pub fn position(&self) -> Option<(usize, usize)> {
        match *self {
            LevelError::Empty | LevelError::NoAvatar => None,
            LevelError::EmptyRow { line } => Some((line, 1)),
            LevelError::RaggedRow { line, column, .. }
            | LevelError::UnknownChar { line, column, .. }
            | LevelError::SecondAvatar { line, column }
            | LevelError::TooLarge { line, column }
            | LevelError::TooManyOpenCells { line, column } => Some((line, column)),
        }
    }
}

impl std::fmt::Display for LevelError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        if let Some((line, column)) = self.position() {
            write!(f, "line {line}, column {column}: ")?;
        }
        match *self {
            LevelError::Empty => write!(f, "empty level: no rows"),
            LevelError::EmptyRow { .. } => write!(f, "empty row"),
            LevelError::RaggedRow {
                width, expected, ..
            } => write!(
                f,
                "row is {width} cells wide but the first row is {expected} (rows must all have the same width)"
            ),
            LevelError::UnknownChar { found, .. } => write!(
                f,
                "unknown level character {found:?} (expected one of w A 0 1 k g m . or space)"
            ),
            LevelError::NoAvatar => write!(f, "the level has no avatar 'A'"),
            LevelError::SecondAvatar { .. } => {
                write!(f, "second avatar 'A' (a level has exactly one)")
            }
            LevelError::TooLarge { .. } => {
                write!(f, "level larger than {MAX_SIDE} x {MAX_SIDE} cells")
            }
            LevelError::TooManyOpenCells { .. } => write!(
                f,
                "too many open cells and items for the state's {KEY_BITS}-bit capacity (11 + one per open cell + one per hole, mushroom, key and goal)"
            ),
        }
    }
}

impl std::error::Error for LevelError {}

/// One character of the level text.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Tile {
    Wall,
    Floor,
    Avatar,
    Box,
    Fixed(Item),
}

impl Tile {
    fn from_char(c: char) -> Option<Tile> {
        Some(match c {
            'w' => Tile::Wall,
            '.' | ' ' => Tile::Floor,
            'A' => Tile::Avatar,
            '1' => Tile::Box,
            '0' => Tile::Fixed(Item::Hole),
            'm' => Tile::Fixed(Item::Mushroom),
            'k' => Tile::Fixed(Item::Key),
            'g' => Tile::Fixed(Item::Goal),
            _ => return None,
        })
    }
}

/// The rows of a level text: `\r\n` or `\n` line ends; the final newline and then one trailing
/// empty line are dropped.
fn rows(text: &str) -> Vec<&str> {
    let mut rows: Vec<&str> = text
        .split('\n')
        .map(|line| line.strip_suffix('\r').unwrap_or(line))
        .collect();
    for _ in 0..2 {
        if rows.last() == Some(&"") {
            rows.pop();
        }
    }
    rows
}

impl Level {
    /// Parses a level text (GVGAI tick limit, [`GVGAI_TICK_LIMIT`]).
    pub fn parse(text: &str) -> Result<Level, LevelError> {
        let rows = rows(text);
        if rows.iter().all(|row| row.is_empty()) {
            return Err(LevelError::Empty);
        }
        let mut tiles = Vec::new();
        let mut width = 0;
        let mut avatar_seen = false;
        let mut key_bits = AVATAR_KEY_BITS;
        for (y, row) in rows.iter().enumerate() {
            let line = y + 1;
            if line > MAX_SIDE {
                return Err(LevelError::TooLarge { line, column: 1 });
            }
            if row.is_empty() {
                return Err(LevelError::EmptyRow { line });
            }
            let row_width = row.chars().count();
            for (x, c) in row.chars().enumerate() {
                let column = x + 1;
                if column > MAX_SIDE {
                    return Err(LevelError::TooLarge { line, column });
                }
                if y > 0 && column > width {
                    return Err(LevelError::RaggedRow {
                        line,
                        column,
                        width: row_width,
                        expected: width,
                    });
                }
                let tile = Tile::from_char(c).ok_or(LevelError::UnknownChar {
                    line,
                    column,
                    found: c,
                })?;
                if tile == Tile::Avatar {
                    if avatar_seen {
                        return Err(LevelError::SecondAvatar { line, column });
                    }
                    avatar_seen = true;
                }
                key_bits += match tile {
                    Tile::Wall => 0,
                    Tile::Fixed(_) => 2,
                    _ => 1,
                };
                if key_bits > KEY_BITS {
                    return Err(LevelError::TooManyOpenCells { line, column });
                }
                tiles.push(tile);
            }
            if y == 0 {
                width = row_width;
            } else if row_width < width {
                return Err(LevelError::RaggedRow {
                    line,
                    column: row_width + 1,
                    width: row_width,
                    expected: width,
                });
            }
        }
        if !avatar_seen {
            return Err(LevelError::NoAvatar);
        }
        Ok(Level::build(width, rows.len(), &tiles))
    }

    /// Numbers the open cells and items and fills the neighbour tables. `tiles` is valid: one
    /// avatar, and few enough open cells and items to fit the key.
    fn build(width: usize, height: usize, tiles: &[Tile]) -> Level {
        let mut level = Level {
            width,
            height,
            grid: vec![BLOCKED; width * height],
            positions: Vec::new(),
            cells: [CellInfo::default(); 256],
            item_cells: Vec::new(),
            holes: Bits256::EMPTY,
            mushrooms: Bits256::EMPTY,
            keys: Bits256::EMPTY,
            goals: Bits256::EMPTY,
            goal_layout_bits: Bits256::EMPTY,
            start_avatar: 0,
            start_boxes: Bits256::EMPTY,
            tick_limit: GVGAI_TICK_LIMIT,
        };
        for (i, &tile) in tiles.iter().enumerate() {
            if tile == Tile::Wall {
                continue;
            }
            // The capacity check in `parse` keeps both counts below 245.
            let cell = level.positions.len() as Cell;
            level.grid[i] = cell;
            level.positions.push(((i % width) as u8, (i / width) as u8));
            match tile {
                Tile::Avatar => level.start_avatar = cell,
                Tile::Box => level.start_boxes.insert(cell),
                Tile::Fixed(kind) => {
                    let id = level.item_cells.len() as u8;
                    level.item_cells.push(cell);
                    level.cells[usize::from(cell)].item = id;
                    level.cells[usize::from(cell)].kind = kind;
                    match kind {
                        Item::Hole => level.holes.insert(id),
                        Item::Mushroom => level.mushrooms.insert(id),
                        Item::Key => level.keys.insert(id),
                        Item::Goal => level.goals.insert(id),
                        Item::None => {}
                    }
                }
                Tile::Wall | Tile::Floor => {}
            }
        }
        for cell in 0..level.positions.len() {
            let (x, y) = level.positions[cell];
            let mut step = [BLOCKED; 5];
            for action in Action::ALL {
                let (dx, dy) = action.delta();
                let (nx, ny) = (i64::from(x) + i64::from(dx), i64::from(y) + i64::from(dy));
                step[action as usize] = level.cell_at_signed(nx, ny).unwrap_or(BLOCKED);
            }
            level.cells[cell].step = step;
        }
        // The capacity check keeps open cells + items below 245, so every bit fits in a u8.
        let offset = level.open_cells();
        for info in &mut level.cells[..offset] {
            info.item_bit = (offset + usize::from(info.item)) as u8;
        }
        level.goal_layout_bits = level.goals.shifted_up(offset);
        level
    }

    /// The same level with another tick limit (the game is lost on the advance that begins
    /// at tick `limit` unless that advance wins; see `RULES.md` step 6). Limits above
    /// [`MAX_TICK_LIMIT`] are taken as it.
    pub fn with_tick_limit(mut self, limit: u32) -> Level {
        self.tick_limit = limit.min(MAX_TICK_LIMIT);
        self
    }

    /// The tick limit.
    pub fn tick_limit(&self) -> u32 {
        self.tick_limit
    }

    /// Number of columns.
    pub fn width(&self) -> usize {
        self.width
    }

    /// Number of rows.
    pub fn height(&self) -> usize {
        self.height
    }

    /// Number of open (non-wall) cells.
    pub fn open_cells(&self) -> usize {
        self.positions.len()
    }

    /// The open cell at column `x`, row `y`; `None` for a wall or off the board.
    pub fn cell_at(&self, x: usize, y: usize) -> Option<Cell> {
        if x >= self.width || y >= self.height {
            return None;
        }
        Some(self.grid[y * self.width + x]).filter(|&c| c != BLOCKED)
    }

    fn cell_at_signed(&self, x: i64, y: i64) -> Option<Cell> {
        self.cell_at(usize::try_from(x).ok()?, usize::try_from(y).ok()?)
    }

    /// Whether (x, y) is a wall. Cells off the board count as walls.
    pub fn is_wall(&self, x: usize, y: usize) -> bool {
        self.cell_at(x, y).is_none()
    }

    /// The (x, y) of an open cell. Panics if `cell` is not below [`Level::open_cells`].
    pub fn position(&self, cell: Cell) -> (usize, usize) {
        let (x, y) = self.positions[usize::from(cell)];
        (usize::from(x), usize::from(y))
    }

    /// The cell an action leads to from `cell`, or `None` for a wall or the edge of the board.
    /// NIL leads to `cell` itself.
    pub fn neighbour(&self, cell: Cell, action: Action) -> Option<Cell> {
        Some(self.cells[usize::from(cell)].step[action as usize]).filter(|&c| c != BLOCKED)
    }

    /// The fixed item a cell starts with.
    pub fn item(&self, cell: Cell) -> Item {
        self.cells[usize::from(cell)].kind
    }

    /// The item id of the cell's fixed item, if it has one.
    pub fn item_id(&self, cell: Cell) -> Option<u8> {
        let info = self.cells[usize::from(cell)];
        (info.kind != Item::None).then_some(info.item)
    }

    /// Number of items (holes, mushrooms, keys, goals) in the level.
    pub fn item_count(&self) -> usize {
        self.item_cells.len()
    }

    /// The cell of an item. Panics if `id` is not below [`Level::item_count`].
    pub fn item_cell(&self, id: u8) -> Cell {
        self.item_cells[usize::from(id)]
    }

    /// The item ids of one kind ([`Item::None`] gives the empty set).
    pub fn items_of(&self, kind: Item) -> Bits256 {
        match kind {
            Item::None => Bits256::EMPTY,
            Item::Hole => self.holes,
            Item::Mushroom => self.mushrooms,
            Item::Key => self.keys,
            Item::Goal => self.goals,
        }
    }

    /// The cells of the items of one kind, in reading order.
    pub fn cells_of(&self, kind: Item) -> impl Iterator<Item = Cell> + '_ {
        self.items_of(kind).iter().map(|id| self.item_cell(id))
    }

    /// The avatar's starting cell.
    pub fn start_avatar(&self) -> Cell {
        self.start_avatar
    }

    /// The boxes' starting cells.
    pub fn start_boxes(&self) -> Bits256 {
        self.start_boxes
    }

    /// A state's starting layout: the start boxes by open cell, then every item present (see
    /// [`super::BaitState`]).
    pub(crate) fn start_layout(&self) -> Bits256 {
        let all_items: Bits256 = (0..self.item_count()).map(|id| id as u8).collect();
        self.start_boxes
            .or(&all_items.shifted_up(self.open_cells()))
    }

    /// The goals' bits in a state's layout.
    #[inline]
    pub(crate) fn goal_layout_bits(&self) -> &Bits256 {
        &self.goal_layout_bits
    }

    /// The rules' view of a cell (hot path).
    #[inline]
    pub(crate) fn info(&self, cell: Cell) -> &CellInfo {
        &self.cells[usize::from(cell)]
    }
}
