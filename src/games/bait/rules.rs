//! Bait's rules: one GVGAI tick (`ForwardModel.advance`), exactly the plain procedure of
//! `shared/bait/RULES.md` section 3, and the GVGAI game traits ([`GvgaiGame`]).
//!
//! ```text
//! if over: return
//! a = P + d                                   (P: avatar cell, d: the action's direction)
//! if wall(a): a = P                           R1 (the board's edge counts as a wall)
//! if hole(a): alive = false                   R2 (the avatar stays at a)
//! if box(a) and a != P:                       R3
//!     b = a + d
//!     if wall(b) or box(b) or mushroom(b): a = P        R4-R6 (nothing moves)
//!     else: move box a -> b; if hole(b): remove both, score += 1   R7
//! if key(a): (if alive and nokey: withkey); remove key             R8, R9
//! if nokey and goal(a): a = P                 R10 (a box pushed above stays pushed)
//! if withkey and goal(a): remove goal; score += 5                  R11
//! if mushroom(a): remove mushroom; score += 1                      R12
//! avatar = a
//! if no goal left: won  elif not alive: lost  elif tick >= limit: lost
//! tick += 1
//! ```

use super::action::Action;
use super::level::{Cell, Item, BLOCKED};
use super::sprites::{EventLog, BOX, GOAL, HOLE, KEY, MUSHROOM, NOKEY, WALL, WITHKEY};
use super::state::{BaitKey, BaitState};
use crate::games::gvgai::GvgaiGame;

impl BaitState {
    /// Advances one tick. Does nothing once the game is over. Never panics.
    #[inline(always)]
    pub fn advance(&mut self, action: Action) {
        self.advance_logging(action, &mut ());
    }

    /// [`BaitState::advance`], telling `log` each collision event GVGAI's `Game.addEvent` records
    /// (see `sprites.rs`): R1, R2, R3 (even when R4-R6 undo the push), R8 and R9 (two events),
    /// R10 or R11, R12. R7 (box into hole) involves no avatar and logs nothing.
    #[inline(always)]
    pub(crate) fn advance_logging<L: EventLog>(&mut self, action: Action, log: &mut L) {
        if self.status.is_over() {
            return;
        }
        let level = &*self.level;
        let start = self.status.avatar();
        let dir = action as usize;
        let mut at = level.info(start).step[dir];
        let avatar = |has_key: bool| if has_key { WITHKEY } else { NOKEY };
        if at == BLOCKED {
            at = start; // R1
            log.record(avatar(self.status.has_key()), WALL);
        }
        let target = level.info(at);
        if target.kind == Item::Hole && self.layout.contains(target.item_bit) {
            self.status.kill(); // R2
            log.record(avatar(self.status.has_key()), HOLE);
        }
        if at != start && self.layout.contains(at) {
            log.record(avatar(self.status.has_key()), BOX);
            // R3: the box moves the way the avatar moved.
            let beyond = target.step[dir];
            let blocked = beyond == BLOCKED
                || self.layout.contains(beyond)
                || self.present(beyond, Item::Mushroom);
            if blocked {
                at = start; // R4-R6: undoAll
            } else {
                self.layout.remove(at);
                let landing = level.info(beyond);
                if landing.kind == Item::Hole && self.layout.contains(landing.item_bit) {
                    self.layout.remove(landing.item_bit); // R7: killBoth
                    self.status.add_score(1);
                } else {
                    self.layout.insert(beyond);
                }
            }
        }
        let here = level.info(at);
        if here.kind == Item::Key && self.layout.contains(here.item_bit) {
            // R9 meets the avatar sprite of the tick's start: GVGAI keeps a transformed
            // avatar in its group until the tick ends, ahead of `withkey` in file order, and
            // the key dies at that first collision.
            let had_key = self.status.has_key();
            if !had_key {
                log.record(NOKEY, KEY);
            }
            if self.status.is_alive() {
                self.status.take_key(); // R8
            }
            self.layout.remove(here.item_bit); // R9
            log.record(avatar(had_key), KEY);
        }
        if here.kind == Item::Goal && self.layout.contains(here.item_bit) {
            if self.status.has_key() {
                self.layout.remove(here.item_bit); // R11
                self.status.add_score(5);
                log.record(WITHKEY, GOAL);
            } else {
                at = start; // R10
                log.record(NOKEY, GOAL);
            }
        }
        let here = level.info(at);
        if here.kind == Item::Mushroom && self.layout.contains(here.item_bit) {
            log.record(avatar(self.status.has_key()), MUSHROOM);
            self.layout.remove(here.item_bit); // R12
            self.status.add_score(1);
        }
        self.status.set_avatar(at);
        if !self.layout.intersects(level.goal_layout_bits()) {
            self.status.end(true);
        } else if !self.status.is_alive() || self.status.tick() >= level.tick_limit() {
            self.status.end(false);
        }
        self.status.next_tick();
    }

    /// Whether `cell` holds a present item of `kind`.
    #[inline(always)]
    fn present(&self, cell: Cell, kind: Item) -> bool {
        let info = self.level.info(cell);
        info.kind == kind && self.layout.contains(info.item_bit)
    }
}

/// Bait is a GVGAI game: its [`Game`](crate::game::Game) and [`Puzzle`](crate::game::Puzzle)
/// are [`GvgaiGame`]'s.
impl GvgaiGame for BaitState {
    type Key = BaitKey;

    fn is_over(&self) -> bool {
        BaitState::is_over(self)
    }

    fn is_won(&self) -> bool {
        BaitState::is_won(self)
    }

    fn score(&self) -> i32 {
        BaitState::score(self)
    }

    #[inline(always)]
    fn advance(&mut self, action: Action) {
        BaitState::advance(self, action);
    }

    fn key(&self) -> BaitKey {
        BaitState::key(self)
    }
}
