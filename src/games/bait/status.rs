//! [`Status`]: everything in a Bait state besides the layout, packed in one word.
//!
//! The avatar's cell, `withkey`, alive, the outcome, the score and the tick change on every
//! tick and are read on every tick. Held as six fields, they are six values a search loop
//! keeps live; in wasm, whose compiled loops have about eleven registers to spare, that pushed
//! the layout's words out to the stack. One word keeps them in one register.
//!
//! Bits, low to high: the avatar's cell (8), `withkey` (1), alive (1), game over (1), won (1),
//! the score (20), the tick (32). The low 11 are the avatar's part of a state's key
//! ([`super::level::AVATAR_KEY_BITS`]). The score cannot outgrow its 20 bits: it only rises, by
//! at most 5 for each of at most 245 items.

use super::level::{Cell, AVATAR_KEY_BITS};
use super::state::Outcome;

const HAS_KEY: u64 = 1 << 8;
const ALIVE: u64 = 1 << 9;
const OVER: u64 = 1 << 10;
const WON: u64 = 1 << 11;
const SCORE_SHIFT: u32 = 12;
const SCORE_MASK: u64 = (1 << 20) - 1;
const TICK_SHIFT: u32 = 32;

/// The avatar, outcome, score and tick of a Bait state, in one word.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Status(u64);

impl Status {
    /// Tick 0, score 0, the avatar on `avatar`, `nokey`, alive, the game running.
    #[inline]
    pub fn start(avatar: Cell) -> Status {
        Status(u64::from(avatar) | ALIVE)
    }

    /// The status with every part given (a state read from its text form). `score` must fit
    /// its 20 bits.
    pub fn from_parts(
        avatar: Cell,
        has_key: bool,
        alive: bool,
        outcome: Outcome,
        score: u32,
        tick: u32,
    ) -> Status {
        debug_assert!(u64::from(score) <= SCORE_MASK);
        let flag = |on: bool, bit: u64| if on { bit } else { 0 };
        let (over, won) = match outcome {
            Outcome::Running => (false, false),
            Outcome::Won => (true, true),
            Outcome::Lost => (true, false),
        };
        Status(
            u64::from(avatar)
                | flag(has_key, HAS_KEY)
                | flag(alive, ALIVE)
                | flag(over, OVER)
                | flag(won, WON)
                | (u64::from(score) & SCORE_MASK) << SCORE_SHIFT
                | u64::from(tick) << TICK_SHIFT,
        )
    }

    /// The largest score the status holds.
    pub const MAX_SCORE: u32 = SCORE_MASK as u32;

    /// The avatar's cell.
    #[inline(always)]
    pub fn avatar(self) -> Cell {
        self.0 as Cell
    }

    /// Moves the avatar to `cell`.
    #[inline(always)]
    pub fn set_avatar(&mut self, cell: Cell) {
        self.0 = (self.0 & !0xff) | u64::from(cell);
    }

    /// Whether the avatar is `withkey`.
    #[inline(always)]
    pub fn has_key(self) -> bool {
        self.0 & HAS_KEY != 0
    }

    /// Makes the avatar `withkey`.
    #[inline(always)]
    pub fn take_key(&mut self) {
        self.0 |= HAS_KEY;
    }

    /// Whether the avatar is alive.
    #[inline(always)]
    pub fn is_alive(self) -> bool {
        self.0 & ALIVE != 0
    }

    /// Kills the avatar.
    #[inline(always)]
    pub fn kill(&mut self) {
        self.0 &= !ALIVE;
    }

    /// Whether the game is over.
    #[inline(always)]
    pub fn is_over(self) -> bool {
        self.0 & OVER != 0
    }

    /// How the game stands.
    #[inline(always)]
    pub fn outcome(self) -> Outcome {
        match (self.is_over(), self.0 & WON != 0) {
            (false, _) => Outcome::Running,
            (true, true) => Outcome::Won,
            (true, false) => Outcome::Lost,
        }
    }

    /// Ends the game, won or lost.
    #[inline(always)]
    pub fn end(&mut self, won: bool) {
        self.0 |= OVER | if won { WON } else { 0 };
    }

    /// The score.
    #[inline(always)]
    pub fn score(self) -> i32 {
        ((self.0 >> SCORE_SHIFT) & SCORE_MASK) as i32
    }

    /// Adds `points` to the score.
    #[inline(always)]
    pub fn add_score(&mut self, points: u8) {
        self.0 += u64::from(points) << SCORE_SHIFT;
    }

    /// The tick.
    #[inline(always)]
    pub fn tick(self) -> u32 {
        (self.0 >> TICK_SHIFT) as u32
    }

    /// Counts one tick. The tick stops one past the level's limit, which is below `u32::MAX`
    /// ([`super::Level::with_tick_limit`]), so it cannot overflow.
    #[inline(always)]
    pub fn next_tick(&mut self) {
        self.0 += 1 << TICK_SHIFT;
    }

    /// The avatar's part of a state's key: its cell, `withkey`, alive and game over.
    #[inline(always)]
    pub fn key_bits(self) -> u64 {
        self.0 & ((1 << AVATAR_KEY_BITS) - 1)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_part_changes_alone() {
        let mut status = Status::start(7);
        assert_eq!(
            (status.avatar(), status.has_key(), status.is_alive()),
            (7, false, true)
        );
        assert_eq!(
            (status.outcome(), status.score(), status.tick()),
            (Outcome::Running, 0, 0)
        );
        status.set_avatar(200);
        status.take_key();
        status.add_score(5);
        status.add_score(1);
        status.next_tick();
        assert_eq!(
            (status.avatar(), status.has_key(), status.is_alive()),
            (200, true, true)
        );
        assert_eq!((status.score(), status.tick()), (6, 1));
        status.kill();
        status.end(false);
        assert_eq!(
            (status.is_alive(), status.outcome()),
            (false, Outcome::Lost)
        );
        assert_eq!(
            (status.avatar(), status.score(), status.tick()),
            (200, 6, 1)
        );
        let mut won = Status::start(0);
        won.end(true);
        assert_eq!(won.outcome(), Outcome::Won);
    }

    #[test]
    fn the_largest_score_and_tick_fit() {
        let mut status = Status::start(255);
        for _ in 0..245 {
            status.add_score(5);
        }
        assert_eq!(status.score(), 1225);
        status.0 |= u64::from(u32::MAX - 1) << TICK_SHIFT;
        status.next_tick();
        assert_eq!(status.tick(), u32::MAX);
        assert_eq!((status.avatar(), status.score()), (255, 1225));
    }

    #[test]
    fn key_bits_are_cell_key_alive_and_over() {
        let mut status = Status::start(3);
        assert_eq!(status.key_bits(), 3 | 1 << 9);
        status.take_key();
        status.kill();
        status.end(true);
        status.add_score(9);
        assert_eq!(status.key_bits(), 3 | 1 << 8 | 1 << 10);
    }
}
