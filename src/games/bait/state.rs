//! A Bait state: what changes during a game, over a shared [`Level`].
//!
//! The moving parts are one [`Bits256`] layout (boxes by open cell, then the fixed items still
//! present by item id) and one status word (the avatar's cell, type and life, the outcome, the
//! score and the tick): 48 bytes with the shared level, cloned without touching the heap. The
//! rules live in `rules.rs`.

use std::rc::Rc;

use super::bits::Bits256;
use super::level::{Cell, Item, Level, LevelError, AVATAR_KEY_BITS};
use super::level_handle::LevelHandle;
use super::status::Status;

/// How a game stands (GVGAI's `Types.WINNER`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Outcome {
    /// `NO_WINNER`: the game goes on.
    Running,
    /// `PLAYER_WINS`: no goal is left.
    Won,
    /// `PLAYER_LOSES`: the avatar died, or the tick limit ran out.
    Lost,
}

impl Outcome {
    /// GVGAI's name: `"NO_WINNER"`, `"PLAYER_WINS"` or `"PLAYER_LOSES"`.
    pub fn name(self) -> &'static str {
        match self {
            Outcome::Running => "NO_WINNER",
            Outcome::Won => "PLAYER_WINS",
            Outcome::Lost => "PLAYER_LOSES",
        }
    }
}

/// One Bait state. Create it with [`BaitState::new`] or [`BaitState::parse`]; change it only
/// through the rules (`Game::apply`).
#[derive(Clone)]
pub struct BaitState {
    pub(crate) level: LevelHandle,
    /// Boxes and the items still present, in one set: bit `c` for a box on open cell `c`, bit
    /// `open_cells + id` for item `id` (hole, mushroom, key or goal). One set keeps the state
    /// small (copies above 64 bytes become calls in wasm32) and makes its key
    /// nearly a copy. The level's capacity check leaves the top 11 bits free.
    pub(crate) layout: Bits256,
    /// The avatar, the outcome, the score and the tick.
    pub(crate) status: Status,
}

/// A state's identity for duplicate detection ([`crate::game::Puzzle::Key`]): 32 bytes.
///
/// The state's layout (one bit per open cell with a box, then one per item still present) with
/// the avatar in the top 11 bits: its cell in bits 245-252, then `withkey`, alive and game over.
/// The score and the tick are left out: the score follows from the items, and the tick only
/// matters at the tick limit. Keys of states from different levels are not comparable.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct BaitKey(pub [u64; 4]);

/// The sprites in one board cell, as the golden traces draw them.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Contents {
    /// A wall (nothing else shares its cell).
    pub wall: bool,
    /// The living avatar. A dead avatar is not drawn.
    pub avatar: bool,
    /// A box.
    pub box_: bool,
    /// The key, still present.
    pub key: bool,
    /// The goal, still present.
    pub goal: bool,
    /// A mushroom, still present.
    pub mushroom: bool,
    /// A hole, still open.
    pub hole: bool,
}

impl Contents {
    /// The level characters present, in the trace priority order `A 1 k g m 0 w`.
    pub fn chars(&self) -> impl Iterator<Item = char> {
        let flags = [
            (self.avatar, 'A'),
            (self.box_, '1'),
            (self.key, 'k'),
            (self.goal, 'g'),
            (self.mushroom, 'm'),
            (self.hole, '0'),
            (self.wall, 'w'),
        ];
        flags.into_iter().filter(|&(on, _)| on).map(|(_, c)| c)
    }

    /// The character drawn for the cell: the first of [`Contents::chars`], or `.` when empty.
    pub fn top_char(&self) -> char {
        self.chars().next().unwrap_or('.')
    }
}

impl BaitState {
    /// The level's starting state: tick 0, score 0, `nokey`, alive, running.
    pub fn new(level: Rc<Level>) -> BaitState {
        BaitState {
            layout: level.start_layout(),
            status: Status::start(level.start_avatar()),
            level: LevelHandle::new(level),
        }
    }

    /// Parses a level text into its starting state (GVGAI tick limit).
    pub fn parse(text: &str) -> Result<BaitState, LevelError> {
        Ok(BaitState::new(Rc::new(Level::parse(text)?)))
    }

    /// The level this state plays on.
    pub fn level(&self) -> &Rc<Level> {
        &self.level
    }

    /// The avatar's cell. A dead avatar stays in the hole it fell into.
    pub fn avatar_cell(&self) -> Cell {
        self.status.avatar()
    }

    /// The avatar's (x, y), kept after the game ends (GVGAI would report (-1, -1) then).
    pub fn avatar_position(&self) -> (usize, usize) {
        self.level.position(self.status.avatar())
    }

    /// Whether the avatar is `withkey`.
    pub fn has_key(&self) -> bool {
        self.status.has_key()
    }

    /// Whether the avatar is alive.
    pub fn is_alive(&self) -> bool {
        self.status.is_alive()
    }

    /// The game score.
    pub fn score(&self) -> i32 {
        self.status.score()
    }

    /// The forward model's tick: the number of actions applied before the game ended.
    pub fn tick(&self) -> u32 {
        self.status.tick()
    }

    /// How the game stands.
    pub fn outcome(&self) -> Outcome {
        self.status.outcome()
    }

    /// Whether the game is over (won or lost).
    pub fn is_over(&self) -> bool {
        self.status.is_over()
    }

    /// Whether the game is won.
    pub fn is_won(&self) -> bool {
        self.status.outcome() == Outcome::Won
    }

    /// The boxes, by open cell.
    pub fn boxes(&self) -> Bits256 {
        self.layout.below(self.level.open_cells())
    }

    /// The items still present, by item id (see [`Level::items_of`]).
    pub fn items(&self) -> Bits256 {
        self.layout.shifted_down(self.level.open_cells())
    }

    /// Whether a box is on `cell`.
    pub fn has_box(&self, cell: Cell) -> bool {
        cell < self.level.open_cells() as u8 && self.layout.contains(cell)
    }

    /// The fixed item on `cell` if it is still present ([`Item::None`] otherwise).
    pub fn item_at(&self, cell: Cell) -> Item {
        let info = self.level.info(cell);
        if info.kind != Item::None && self.layout.contains(info.item_bit) {
            info.kind
        } else {
            Item::None
        }
    }

    /// What the cell at column `x`, row `y` holds. Cells off the board read as walls.
    pub fn contents(&self, x: usize, y: usize) -> Contents {
        let Some(cell) = self.level.cell_at(x, y) else {
            return Contents {
                wall: true,
                ..Contents::default()
            };
        };
        let item = self.item_at(cell);
        Contents {
            wall: false,
            avatar: self.status.is_alive() && cell == self.status.avatar(),
            box_: self.has_box(cell),
            key: item == Item::Key,
            goal: item == Item::Goal,
            mushroom: item == Item::Mushroom,
            hole: item == Item::Hole,
        }
    }

    /// The board as level text: one row per line, `\n` between rows, no final newline, each cell
    /// drawn as [`Contents::top_char`]. Parsing it back gives this state's board when no cell is
    /// stacked and the avatar is alive; the avatar's type, the score and the tick are not part
    /// of the text.
    pub fn to_level_text(&self) -> String {
        let mut text = String::with_capacity((self.level.width() + 1) * self.level.height());
        for y in 0..self.level.height() {
            if y > 0 {
                text.push('\n');
            }
            text.extend((0..self.level.width()).map(|x| self.contents(x, y).top_char()));
        }
        text
    }

    /// This state's identity (see [`BaitKey`]).
    #[inline]
    pub fn key(&self) -> BaitKey {
        let mut words = self.layout.words();
        words[3] |= self.status.key_bits() << (64 - AVATAR_KEY_BITS);
        BaitKey(words)
    }
}

impl PartialEq for BaitState {
    /// Same level (by identity or content) and same dynamic state, score and tick included.
    fn eq(&self, other: &BaitState) -> bool {
        (Rc::ptr_eq(&self.level, &other.level) || *self.level == *other.level)
            && self.layout == other.layout
            && self.status == other.status
    }
}

impl Eq for BaitState {}

impl std::fmt::Debug for BaitState {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let (x, y) = self.avatar_position();
        writeln!(
            f,
            "BaitState {{ tick: {}, score: {}, avatar: ({x}, {y}) {} {}, {} }}",
            self.tick(),
            self.score(),
            if self.has_key() { "withkey" } else { "nokey" },
            if self.is_alive() { "alive" } else { "dead" },
            self.outcome().name(),
        )?;
        f.write_str(&self.to_level_text())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_state_fits_in_64_bytes() {
        // Copies up to 64 bytes are inline loads and stores in wasm32; larger ones become
        // `memory.copy` calls, which made the page's forward model 2.5 times slower than native.
        assert!(std::mem::size_of::<BaitState>() <= 64);
    }

    #[test]
    fn boxes_and_items_read_back_from_the_layout() {
        let state = BaitState::parse("wwwwww\nwA1.0w\nwk.g.w\nwwwwww").unwrap();
        let level = state.level().clone();
        assert_eq!(state.boxes(), level.start_boxes());
        let all: Bits256 = (0..level.item_count()).map(|id| id as u8).collect();
        assert_eq!(state.items(), all);
        let key = state.key().0;
        assert_eq!(
            key[3] >> (64 - AVATAR_KEY_BITS),
            u64::from(state.avatar_cell()) | 1 << 9
        );
    }
}
