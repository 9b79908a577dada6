//! [`Noted`]: a search whose per-step note (a few numbers it reports besides its [`Stats`],
//! such as a two-player search's completed depth, value and cutoffs) is recorded on change, so
//! a timeline's view at step `k` can show the note the live run had after `k` steps.
//!
//! The notes are their own compact log (varints: the steps since the last change, a mask of
//! the fields that changed and their zigzag deltas), with the full note every
//! [`NOTE_CHECKPOINT_EVERY`] changes so that reading one replays at most that many.

use super::log::{put_varint, Reader};
use super::Timeline;
use crate::game::Game;
use crate::search::anytime::RootActionStat;
use crate::search::{Line, Progress, Search, Stats};
use std::cell::RefCell;
use std::marker::PhantomData;
use std::rc::Rc;

/// Changes between two full notes: [`StepNotes::at`] replays at most this many.
pub const NOTE_CHECKPOINT_EVERY: usize = 4096;

struct NotesLog<const W: usize> {
    bytes: Vec<u8>,
    /// The step, the offset of the next change and the note, every
    /// [`NOTE_CHECKPOINT_EVERY`] changes (the first: step 0).
    checkpoints: Vec<(u64, usize, [u64; W])>,
    changes: usize,
    last_step: u64,
    last: [u64; W],
}

/// The notes of a run, a step's note being `W` numbers (`W` at most 64): a cheap clone of one
/// shared handle, which stays readable after the search is gone.
#[derive(Clone)]
pub struct StepNotes<const W: usize>(Rc<RefCell<NotesLog<W>>>);

impl<const W: usize> StepNotes<W> {
    /// Notes whose step 0 is `first`.
    fn new(first: [u64; W]) -> Self {
        StepNotes(Rc::new(RefCell::new(NotesLog {
            bytes: Vec::new(),
            checkpoints: vec![(0, 0, first)],
            changes: 0,
            last_step: 0,
            last: first,
        })))
    }

    /// Notes `note` at `step` (not before the last step noted) if it changed.
    fn note(&self, step: u64, note: [u64; W]) {
        let mut log = self.0.borrow_mut();
        if note == log.last {
            return;
        }
        let step = step.max(log.last_step);
        let mask = (0..W)
            .filter(|&i| note[i] != log.last[i])
            .fold(0u64, |mask, i| mask | 1 << i);
        let mut bytes = std::mem::take(&mut log.bytes);
        put_varint(&mut bytes, step - log.last_step);
        put_varint(&mut bytes, mask);
        for i in (0..W).filter(|&i| mask & 1 << i != 0) {
            let delta = note[i].wrapping_sub(log.last[i]) as i64;
            put_varint(&mut bytes, ((delta << 1) ^ (delta >> 63)) as u64);
        }
        log.bytes = bytes;
        log.last_step = step;
        log.last = note;
        log.changes += 1;
        if log.changes % NOTE_CHECKPOINT_EVERY == 0 {
            let offset = log.bytes.len();
            log.checkpoints.push((step, offset, note));
        }
    }

    /// The note after `step` steps: the last one noted at or before it.
    pub fn at(&self, step: u64) -> [u64; W] {
        let log = self.0.borrow();
        let index = log.checkpoints.partition_point(|&(at, _, _)| at <= step);
        let (mut at, offset, mut note) = log.checkpoints[index.saturating_sub(1)];
        let mut reader = Reader::new(&log.bytes, offset);
        while !reader.at_end() {
            let next = at + reader.varint();
            if next > step {
                break;
            }
            at = next;
            let mask = reader.varint();
            for (i, field) in note.iter_mut().enumerate() {
                if mask & 1 << i != 0 {
                    let raw = reader.varint();
                    let delta = (raw >> 1) as i64 ^ -((raw & 1) as i64);
                    *field = field.wrapping_add(delta as u64);
                }
            }
        }
        note
    }

    /// Bytes the notes hold.
    pub fn memory_bytes(&self) -> u64 {
        let log = self.0.borrow();
        (log.bytes.capacity() + log.checkpoints.capacity() * (16 + 8 * W)) as u64
    }
}

/// Runs `inner`, noting after each call of `step` what `note` reads from it, as the note of
/// the step the timeline records next. Meant to run inside [`super::Recorded`] (which steps
/// it one step at a time and then closes the step); every other method is the inner
/// search's.
pub struct Noted<G, S, const W: usize> {
    inner: S,
    note: fn(&S) -> [u64; W],
    notes: StepNotes<W>,
    timeline: Timeline,
    game: PhantomData<fn() -> G>,
}

impl<G, S, const W: usize> Noted<G, S, W> {
    /// Notes `inner` (fresh) into notes of its own, by the steps of `timeline` (the one it is
    /// recorded into); step 0's note is `note(&inner)`.
    pub fn new(inner: S, note: fn(&S) -> [u64; W], timeline: Timeline) -> Self {
        const { assert!(W <= 64, "a note has at most 64 numbers") };
        let notes = StepNotes::new(note(&inner));
        Noted {
            inner,
            note,
            notes,
            timeline,
            game: PhantomData,
        }
    }

    /// The search noted.
    pub fn inner(&self) -> &S {
        &self.inner
    }

    /// The notes (they keep growing while the run goes on).
    pub fn notes(&self) -> StepNotes<W> {
        self.notes.clone()
    }
}

impl<G: Game, S: Search<G>, const W: usize> Search<G> for Noted<G, S, W> {
    fn step(&mut self, budget: u64) -> Progress {
        let progress = self.inner.step(budget);
        self.notes
            .note(self.timeline.len() + 1, (self.note)(&self.inner));
        progress
    }

    fn best_action(&self) -> Option<G::Action> {
        self.inner.best_action()
    }

    fn principal_variation(&self) -> Vec<G::Action> {
        self.inner.principal_variation()
    }

    fn stats(&self) -> Stats {
        self.inner.stats()
    }

    fn best_and_line(&self, line: &mut Line<G::Action>) -> Option<G::Action> {
        self.inner.best_and_line(line)
    }

    fn root_action_stats(&self) -> Vec<RootActionStat> {
        self.inner.root_action_stats()
    }

    fn root_action_stats_into(&self, stats: &mut Vec<RootActionStat>) {
        self.inner.root_action_stats_into(stats);
    }

    fn root_stats_follow_walks(&self) -> bool {
        self.inner.root_stats_follow_walks()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_note_reads_back_at_every_step_across_checkpoints() {
        let notes = StepNotes::new([7, 0]);
        // Field 0 changes every other step and field 1 every third: 2.5 checkpoints' worth.
        let note_at = |step: u64| [7 + step / 2, (step / 3).wrapping_neg()];
        for step in 1..=3 * NOTE_CHECKPOINT_EVERY as u64 {
            notes.note(step, note_at(step));
        }
        assert!(notes.0.borrow().checkpoints.len() > 2);
        for step in (0..=3 * NOTE_CHECKPOINT_EVERY as u64)
            .step_by(97)
            .chain([1, 2, 12288])
        {
            assert_eq!(notes.at(step), note_at(step), "step {step}");
        }
        assert_eq!(
            notes.at(u64::MAX),
            note_at(3 * NOTE_CHECKPOINT_EVERY as u64)
        );
    }
}
