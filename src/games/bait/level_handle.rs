//! [`LevelHandle`]: the `Rc<Level>` a Bait state holds, with a drop that keeps the state out of
//! memory.
//!
//! Dropping an `Rc` calls its out-of-line slow path with the address of the `Rc` itself. Inside
//! a state, that is an address inside the state, so a loop that replaces states (`state =
//! state.child(a)`, as every search does) has to keep the whole state in memory, not in
//! registers: in wasm that was a store of every field on every step (the forward model took
//! 66 ms per 10 M steps under node with it, 51 ms without; `BENCHMARKS.md`, the page's figures).
//! This handle moves the `Rc` out into a local before dropping it, so only that local's address
//! is taken.

use std::mem::ManuallyDrop;
use std::ops::Deref;
use std::rc::Rc;

use super::level::Level;

/// A shared, immutable [`Level`]: an `Rc<Level>` whose drop does not take its own address.
#[derive(Debug)]
pub struct LevelHandle(ManuallyDrop<Rc<Level>>);

impl LevelHandle {
    /// Shares `level`.
    pub fn new(level: Rc<Level>) -> LevelHandle {
        LevelHandle(ManuallyDrop::new(level))
    }
}

impl Deref for LevelHandle {
    type Target = Rc<Level>;

    #[inline(always)]
    fn deref(&self) -> &Rc<Level> {
        &self.0
    }
}

impl Clone for LevelHandle {
    #[inline(always)]
    fn clone(&self) -> LevelHandle {
        LevelHandle::new(Rc::clone(&self.0))
    }
}

impl Drop for LevelHandle {
    #[inline(always)]
    fn drop(&mut self) {
        // SAFETY: `self.0` is initialised (only `new` makes a handle) and, as this is `drop`,
        // never used again.
        let level = unsafe { ManuallyDrop::take(&mut self.0) };
        drop(level);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_level_is_freed_with_its_last_handle() {
        let level = Rc::new(Level::parse("wwwwww\nwA.kgw\nwwwwww").unwrap());
        let weak = Rc::downgrade(&level);
        let first = LevelHandle::new(level);
        let second = first.clone();
        assert!(Rc::ptr_eq(&first, &second));
        assert_eq!(Rc::strong_count(&first), 2);
        drop(first);
        assert_eq!(weak.strong_count(), 1);
        drop(second);
        assert!(weak.upgrade().is_none());
    }
}
