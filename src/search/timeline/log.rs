//! The compact byte log of a recorded run: one record per step, varint-coded, and a full
//! checkpoint every [`CHECKPOINT_EVERY`] steps.
//!
//! A step's record is its events, written as the search reports them (per event a tag
//! `(cell + 1) << 3 | same_value << 2 | kind` and the depth; for an expanded (kind 0) or
//! generated (1) state then, unless the same as the previous event's (0 for the first), the
//! value as `f32`; for an alpha-beta node's window (2) or a cutoff (3), alpha and beta
//! zigzag-coded; or an MCTS walk: the tag [`WALK_TAG`], then its nodes, edge actions, whether a
//! node was added, rollout moves, then its rewards: a mode byte, then per node a flags byte and
//! the `f64` rewards that are not repeats, or the one `f64` reward credited to every node and
//! owned by every node or all but the last), the byte [`EVENTS_END`] (a tag no event has), a flags byte, then one section
//! per flag, in this order: counters (a mask byte and the zigzag deltas of the fields that changed), progress (a code
//! byte), best action (0 for none, else index + 1), plan (1 + the length of the prefix kept
//! from the previous plan, then the new tail; or 0: the plan of an earlier step and one
//! action, held in the [`PlanRef`] table), root action statistics (new length, the number of
//! rows written, then each changed row: position, index, visits, exact `f64` value) and an
//! RHEA generation (individuals, each its actions and `f64` value). "Previous" resets at each
//! record, so replay can start at any checkpoint.

use super::cells::CellCounts;
use super::line_ends::{LineEnds, Reuse};
use super::marks::{Mark, Note};
use super::replay::{EventKind, LastEvent};
use crate::search::anytime::RootActionStat;
use crate::search::mcts::TieOrder;
use crate::search::{Limit, Progress, Stats, StepDone, Window};

/// Steps between two checkpoints: a view replays at most `CHECKPOINT_EVERY - 1` records.
pub const CHECKPOINT_EVERY: u64 = 4096;

/// Most markers kept (MCTS can change its best move often early on).
const MAX_MARKERS: usize = 10_000;

/// Caps on a recording: once a step would pass one, recording stops ("timeline full at step
/// N") and the search goes on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TimelineCaps {
    /// Most steps recorded.
    pub max_steps: u64,
    /// Most bytes held by the log and its checkpoints.
    pub max_bytes: u64,
}

impl Default for TimelineCaps {
    /// 4,000,000 steps and 96 MiB: room for 1,000,000 steps of A* or BFS on Bait's levels.
    fn default() -> Self {
        TimelineCaps {
            max_steps: 4_000_000,
            max_bytes: 96 << 20,
        }
    }
}

/// How a timeline records and shows a run.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TimelineOptions {
    /// The caps.
    pub caps: TimelineCaps,
    /// Board cells of the heat map (0 for games without an agent cell).
    pub cells: usize,
    /// Whether the search has a frontier (states generated and not yet expanded) to show.
    pub has_frontier: bool,
    /// Whether the search's `iterations` counter counts completed depths (iterative deepening),
    /// which then mark "depth N done".
    pub iterations_are_depths: bool,
    /// Whether the search is MCTS, whose tree [`super::Timeline::tree_at`] shows (a root
    /// alone before the first iteration).
    pub tree: bool,
    /// Whether the search's plan is a line of play between two players (the principal
    /// variation), which marks "best line (N moves)" where a one-player plan marks
    /// "plan found (N actions)".
    pub plan_is_line: bool,
}

impl TimelineOptions {
    /// Default caps, `cells` cells, no frontier, iterations not depths, no tree, a plan (not
    /// a line of play).
    pub fn new(cells: usize) -> Self {
        TimelineOptions {
            caps: TimelineCaps::default(),
            cells,
            has_frontier: false,
            iterations_are_depths: false,
            tree: false,
            plan_is_line: false,
        }
    }
}

// Record flags.
const STATS: u8 = 1;
const PROGRESS: u8 = 2;
const BEST: u8 = 4;
const PLAN: u8 = 8;
const ROOT: u8 = 16;
const GENERATION: u8 = 128;

// How a walk's rewards are written: per node (a flags byte and the rewards that are not
// repeats), or one reward credited to every node and owned by every node (or by all but the
// last).
const PER_NODE: u8 = 0;
const UNIFORM_OWNED: u8 = 1;
const UNIFORM_LAST_UNOWNED: u8 = 2;

// Walk node flags.
const SAME_CREDIT: u8 = 1;
const NO_OWN: u8 = 2;
const OWN_IS_CREDIT: u8 = 4;

/// Event kinds in a tag's low two bits.
const KIND_EXPANDED: u64 = 0;
const KIND_GENERATED: u64 = 1;
const KIND_WINDOW: u64 = 2;
const KIND_CUTOFF: u64 = 3;

/// Ends a record's events: the tag of a window event with the same-value bit, which none has.
const EVENTS_END: u8 = 6;

/// Starts an MCTS walk among a record's events: the tag of a cutoff with the same-value bit,
/// which none has.
const WALK_TAG: u8 = 7;

pub(super) fn put_varint(out: &mut Vec<u8>, mut value: u64) {
    while value >= 0x80 {
        out.push(value as u8 | 0x80);
        value >>= 7;
    }
    out.push(value as u8);
}

/// A varint written into `buf` at `at` (which must leave room for it); returns where it ends.
/// Events and a record's fixed part are encoded this way into a small array, then appended at
/// once.
#[inline(always)]
fn put_varint_at(buf: &mut [u8], mut at: usize, mut value: u64) -> usize {
    if value < 0x80 {
        buf[at] = value as u8;
        return at + 1;
    }
    if value < 0x4000 {
        buf[at] = value as u8 | 0x80;
        buf[at + 1] = (value >> 7) as u8;
        return at + 2;
    }
    while value >= 0x80 {
        buf[at] = value as u8 | 0x80;
        value >>= 7;
        at += 1;
    }
    buf[at] = value as u8;
    at + 1
}

/// The longest event: a tag of at most 36 bits and a depth (varints of at most 6 and 5 bytes)
/// and an `f32`, or a window's kind, depth, alpha and beta (1, 5, 5 and 5 bytes).
const EVENT_MAX: usize = 16;

/// The longest fixed part of a record: [`EVENTS_END`], flags, the counters' mask and six
/// deltas, progress, best action and the plan's kept length and tail length.
const HEADER_MAX: usize = 96;

/// The longest plan tail a step closed by [`Log::close_walked`] may write.
const WALKED_TAIL: usize = 16;

/// The longest record of a step closed by [`Log::close_walked`]: [`EVENTS_END`], flags, the
/// counters' mask and six one-byte deltas, the best action, the plan's kept and tail lengths
/// and tail, the root statistics' length, the rows' count, one row's position and index (one
/// byte each), its visits (at most 3) and value.
const WALKED_MAX: usize = 9 + 1 + 2 + WALKED_TAIL + 4 + 3 + 8;

/// The longest record of a step closed by [`Log::close_walked`] that keeps the plan and best
/// action: [`EVENTS_END`], flags, the counters' mask and six one-byte deltas, the root
/// statistics' length, the rows' count, one row's position and index (one byte each), its visits
/// (at most 3) and value; rounded up to a copy of 32 bytes.
const WALKED_SAME_MAX: usize = 32;

/// The most nodes of a walk encoded at once by [`Log::walk`] (its length then one byte).
const SHORT_WALK: usize = 16;

/// The longest such walk: the tag, the length, 15 actions, whether a node was added, the
/// rollout's moves, the rewards' mode and the reward (1, 1, 75, 1, 5, 1 and 8 bytes).
const SHORT_WALK_MAX: usize = 92;

/// The longest row of root action statistics: position, index, visits and the `f64` value.
const ROOT_ROW_MAX: usize = 32;

/// The longest record of a step closed by [`Log::close_reported`]: [`EVENTS_END`], flags, the
/// counters' mask and six deltas (varints of at most 10 bytes), the best action (at most 5) and
/// the plan's byte; any counters' change fits, so none is checked before it is written.
const REPORTED_MAX: usize = 3 + 6 * 10 + 5 + 1;

/// Appends the first `len` bytes of an encoded array: the whole array at once (a fixed-size
/// copy, no call), then the unused end dropped.
#[inline(always)]
fn push_encoded<const N: usize>(out: &mut Vec<u8>, buf: &[u8; N], len: usize) {
    out.extend_from_slice(buf);
    out.truncate(out.len() - (N - len));
}

fn zigzag(value: i64) -> u64 {
    ((value << 1) ^ (value >> 63)) as u64
}

fn put_f64(out: &mut Vec<u8>, value: f64) {
    out.extend_from_slice(&value.to_le_bytes());
}

/// Bytes the byte log is first made with: a short run's whole log, so that it grows once (a
/// short BFS or A* run would otherwise spend on its log's doublings about as much as on its
/// records).
const FIRST_BYTES: usize = 4096;

/// Bytes of a segment of the byte log past its first (which grows to it by doubling).
const SEGMENT_BYTES: usize = 1 << 20;

/// Bytes the other vectors held in the byte cap are first made with.
const FIRST_OTHER: usize = 256;

/// Bytes the plan extensions are first made with when the search reports its steps (85 of
/// them: a short BFS or A* run's, so that they grow once).
const FIRST_REFS: usize = 1024;

/// Makes `vec`'s capacity hold `additional` more items, growing it (when it must) to twice its
/// capacity and at least `first` bytes, or less when that would pass `room` more bytes; false
/// when they do not fit in `room`.
fn grow_within<T>(vec: &mut Vec<T>, additional: usize, room: u64, first: usize) -> bool {
    let need = vec.len() + additional;
    if need <= vec.capacity() {
        return true;
    }
    let size = std::mem::size_of::<T>().max(1);
    let most = vec.capacity() as u64 + room / size as u64;
    if need as u64 > most {
        return false;
    }
    let target = (2 * vec.capacity()).max(need).max(first / size);
    vec.reserve_exact(target.min(most as usize) - vec.len());
    true
}

/// Reads what the writers above wrote, across the log's segments; past the end it reads zeros
/// (the log is ours, so that does not happen, and a view never panics).
pub(super) struct Reader<'a> {
    /// The segment being read, and its offset in the whole log.
    bytes: &'a [u8],
    start: usize,
    /// Where the next byte is read, in `bytes`.
    at: usize,
    /// The sealed segments after it.
    sealed: &'a [Vec<u8>],
    /// The last segment, until it is the one being read.
    last: Option<&'a [u8]>,
}

impl<'a> Reader<'a> {
    /// Reads `bytes` from `pos`.
    pub(super) fn new(bytes: &'a [u8], pos: usize) -> Self {
        Reader::over(&[], bytes, pos)
    }

    /// Reads the segments `sealed` then `last`, as one log, from its offset `pos`.
    pub(super) fn over(sealed: &'a [Vec<u8>], last: &'a [u8], pos: usize) -> Self {
        let mut start = 0;
        for (i, segment) in sealed.iter().enumerate() {
            if pos < start + segment.len() {
                return Reader {
                    bytes: segment,
                    start,
                    at: pos - start,
                    sealed: &sealed[i + 1..],
                    last: Some(last),
                };
            }
            start += segment.len();
        }
        Reader {
            bytes: last,
            start,
            at: pos.saturating_sub(start),
            sealed: &[],
            last: None,
        }
    }

    /// The offset in the whole log of the next byte read.
    pub(super) fn offset(&self) -> usize {
        self.start + self.at
    }

    #[inline]
    pub(super) fn byte(&mut self) -> u8 {
        match self.bytes.get(self.at) {
            Some(&byte) => {
                self.at += 1;
                byte
            }
            None => self.next_segment_byte(),
        }
    }

    /// [`Reader::byte`] at the end of a segment: the next segment's first byte, or 0 past the
    /// log's end.
    #[cold]
    fn next_segment_byte(&mut self) -> u8 {
        let next = match self.sealed.split_first() {
            Some((next, rest)) => {
                self.sealed = rest;
                next.as_slice()
            }
            None => match self.last.take() {
                Some(last) => last,
                None => {
                    self.at += 1;
                    return 0;
                }
            },
        };
        self.start += self.bytes.len();
        self.bytes = next;
        self.at = 0;
        self.byte()
    }

    pub(super) fn varint(&mut self) -> u64 {
        let mut value = 0u64;
        for shift in (0..64).step_by(7) {
            let byte = self.byte();
            value |= u64::from(byte & 0x7f) << shift;
            if byte < 0x80 {
                break;
            }
        }
        value
    }

    fn signed(&mut self) -> i64 {
        let raw = self.varint();
        (raw >> 1) as i64 ^ -((raw & 1) as i64)
    }

    fn f32(&mut self) -> f32 {
        let mut bytes = [0; 4];
        for byte in &mut bytes {
            *byte = self.byte();
        }
        f32::from_le_bytes(bytes)
    }

    pub(super) fn f64(&mut self) -> f64 {
        let mut bytes = [0; 8];
        for byte in &mut bytes {
            *byte = self.byte();
        }
        f64::from_le_bytes(bytes)
    }

    pub(super) fn at_end(&self) -> bool {
        self.at >= self.bytes.len()
            && self.sealed.is_empty()
            && self.last.map_or(true, |last| last.is_empty())
    }
}

fn progress_code(progress: Progress) -> u8 {
    match progress {
        Progress::Running => 0,
        Progress::Solved => 1,
        Progress::Exhausted => 2,
        Progress::LimitReached(Limit::Nodes) => 3,
        Progress::LimitReached(Limit::Memory) => 4,
    }
}

fn progress_of(code: u8) -> Progress {
    match code {
        1 => Progress::Solved,
        2 => Progress::Exhausted,
        3 => Progress::LimitReached(Limit::Nodes),
        4 => Progress::LimitReached(Limit::Memory),
        _ => Progress::Running,
    }
}

fn stats_fields(stats: &Stats) -> [u64; 6] {
    [
        stats.expanded,
        stats.generated,
        stats.max_frontier,
        u64::from(stats.max_depth),
        stats.stored,
        stats.iterations,
    ]
}

fn stats_of(fields: [u64; 6]) -> Stats {
    Stats {
        expanded: fields[0],
        generated: fields[1],
        max_frontier: fields[2],
        max_depth: fields[3] as u32,
        stored: fields[4],
        iterations: fields[5],
    }
}

/// Everything a view shows at one step.
#[derive(Clone, Debug)]
pub(super) struct State {
    pub(super) progress: Progress,
    pub(super) stats: Stats,
    pub(super) best: Option<u32>,
    /// The plan, unless `plan_ref` is set.
    pub(super) plan: Vec<u32>,
    /// The step whose record extended an earlier step's plan to make the plan
    /// ([`Log::resolve_plan`] reads it then).
    pub(super) plan_ref: Option<u64>,
    pub(super) root: Vec<RootActionStat>,
    pub(super) cells: CellCounts,
    pub(super) last: Option<LastEvent>,
    /// Alpha-beta: the window of the last node visited.
    pub(super) window: Option<Window>,
    /// Alpha-beta: cutoffs reported so far.
    pub(super) cutoffs: u64,
}

impl State {
    fn memory_bytes(&self) -> u64 {
        (std::mem::size_of::<State>()
            + 4 * self.plan.len()
            + std::mem::size_of::<RootActionStat>() * self.root.len()) as u64
            + self.cells.memory_bytes()
    }

    /// Counts one event and makes it the last.
    pub(super) fn count_event(&mut self, event: LastEvent) {
        let cell = event.cell.map(|c| c as usize);
        match event.kind {
            EventKind::Expanded => self.cells.count_expanded(cell),
            EventKind::Generated => self.cells.count_generated(cell),
        }
        self.last = Some(event);
    }

    /// Counts an alpha-beta node's window (`cutoff` false) or a cutoff.
    pub(super) fn count_window(&mut self, window: Window, cutoff: bool) {
        if cutoff {
            self.cutoffs += 1;
        } else {
            self.window = Some(window);
        }
    }
}

/// The state after step `step`, and where the next step's record starts.
pub(super) struct Checkpoint {
    pub(super) state: State,
    pub(super) offset: usize,
}

/// One MCTS walk as read back: the edge actions and, per node, the credited reward and the
/// reward of the player to move there.
#[derive(Default)]
pub(super) struct WalkRecord {
    pub(super) actions: Vec<u32>,
    pub(super) credited: Vec<f64>,
    pub(super) own: Vec<Option<f64>>,
    pub(super) added_node: bool,
    pub(super) rollout_moves: u32,
}

/// How a step changed the plan.
#[derive(Clone, Copy)]
pub(super) enum PlanChange<'a> {
    /// Unchanged.
    Same,
    /// The first `kept` actions stay (0 after an `Extend`), the rest are `tail`.
    Edit { kept: usize, tail: &'a [u32] },
    /// The plan at step `from` (earlier, recorded) and `action`.
    Extend { from: u64, action: u32 },
}

/// How a step's root action statistics are known.
#[derive(Clone, Copy)]
pub(super) enum RootChange<'a> {
    /// Read from the search after the step: these.
    Read(&'a [RootActionStat]),
    /// Taken from the step's walks as they were reported (the search's statistics follow its
    /// walks).
    Walked,
}

/// A plan recorded as an earlier step's plan and one action: at step `step`, the plan at step
/// `from` and `action` (steps below `u32::MAX`).
#[derive(Clone, Copy)]
pub(super) struct PlanRef {
    step: u32,
    from: u32,
    action: u32,
}

/// What the recorder buffered during the step under way (its events go straight into the
/// log).
#[derive(Default)]
struct Pending {
    /// The value of the record's last event with one, 0 before the first (as a replay starts).
    last_value: f32,
    /// The rows of the root action statistics this step's walks changed (from, to), when
    /// they follow the walks ([`Log::start`]).
    root_rows: Option<(usize, usize)>,
    generation: Vec<u8>,
    /// The depth of this step's first cutoff at a depth not cut before (its marker).
    first_cut: Option<u32>,
}

/// A recording: the byte log, checkpoints, markers and the live state of the step under way.
pub(super) struct Log {
    pub(super) options: TimelineOptions,
    /// The byte log's last segment, where records are written.
    pub(super) bytes: Vec<u8>,
    /// Its earlier segments, each ending at a record's end: past [`SEGMENT_BYTES`] the log
    /// grows by a new segment, not by a copy of the whole (which wasm's allocator would make).
    sealed: Vec<Vec<u8>>,
    /// Bytes in `sealed` (the offset of `bytes` in the whole log), and the memory they hold.
    sealed_len: usize,
    sealed_memory: u64,
    /// Steps recorded.
    pub(super) steps: u64,
    pub(super) full_at: Option<u64>,
    /// Whether steps are being recorded: started and not full.
    recording: bool,
    pub(super) checkpoints: Vec<Checkpoint>,
    checkpoint_bytes: u64,
    /// The state after the last step recorded (its cell counts and last event go on live,
    /// also after the log is full).
    pub(super) current: State,
    pending: Pending,
    /// The markers, their labels written when read.
    pub(super) markers: Vec<Mark>,
    /// Depths (below 64) at which a cutoff has been marked.
    cut_depths: u64,
    /// The plans recorded as [`PlanChange::Extend`], by step.
    refs: Vec<PlanRef>,
    /// UCT's settings and the search's tie order, from the first MCTS walk.
    pub(super) uct: Option<((f64, bool), TieOrder)>,
    /// The step and offset of every recorded RHEA generation.
    pub(super) generations: Vec<(u64, usize)>,
    /// Whether any MCTS walk was recorded.
    pub(super) has_walks: bool,
    /// Whether the root action statistics follow the search's walks
    /// ([`crate::search::Search::root_stats_follow_walks`]), so that each walk updates them.
    root_follows_walks: bool,
    /// Where the record of the step under way starts (its events are written from there).
    record_start: usize,
    /// The ends of the recorded steps' lines.
    pub(super) line_ends: LineEnds,
    /// Whether the search has reported a step's end ([`Log::step_done`]): it then closes its
    /// own steps when [`Log::closing`].
    pub(super) reports_steps: bool,
    /// Whether steps the search reports are closed here (set by [`super::Recorded`] around a
    /// slice).
    pub(super) closing: bool,
    /// Steps the search reported and this log took (closed, or run on once full).
    pub(super) steps_taken: u64,
}

impl Log {
    pub(super) fn new(options: TimelineOptions) -> Self {
        Log {
            options,
            bytes: Vec::new(),
            sealed: Vec::new(),
            sealed_len: 0,
            sealed_memory: 0,
            steps: 0,
            full_at: None,
            recording: false,
            checkpoints: Vec::new(),
            checkpoint_bytes: 0,
            current: State {
                progress: Progress::Running,
                stats: Stats::default(),
                best: None,
                plan: Vec::new(),
                plan_ref: None,
                root: Vec::new(),
                cells: CellCounts::new(options.cells),
                last: None,
                window: None,
                cutoffs: 0,
            },
            pending: Pending::default(),
            markers: Vec::new(),
            cut_depths: 0,
            refs: Vec::new(),
            uct: None,
            generations: Vec::new(),
            has_walks: false,
            root_follows_walks: false,
            record_start: 0,
            line_ends: LineEnds::default(),
            reports_steps: false,
            closing: false,
            steps_taken: 0,
        }
    }

    /// Whether steps are being recorded.
    pub(super) fn recording(&self) -> bool {
        self.recording
    }

    /// Bytes held by the log, its checkpoints and markers.
    pub(super) fn memory_bytes(&self) -> u64 {
        self.bytes.capacity() as u64
            + self.sealed_memory
            + self.checkpoint_bytes
            + (self.markers.len() * std::mem::size_of::<Mark>()) as u64
            + (self.generations.len() * 16) as u64
            + (self.refs.capacity() * std::mem::size_of::<PlanRef>()) as u64
    }

    /// The state at step `step` (clamped to the steps recorded; its plan may be a
    /// `plan_ref`) and where step `step + 1`'s record starts.
    pub(super) fn state_at(
        &self,
        step: u64,
        walks: &mut dyn FnMut(&WalkRecord),
    ) -> (u64, State, usize) {
        let step = step.min(self.steps);
        let Some(checkpoint) = self
            .checkpoints
            .get((step / CHECKPOINT_EVERY) as usize)
            .or(self.checkpoints.last())
        else {
            return (0, self.current.clone(), 0);
        };
        let first = (step / CHECKPOINT_EVERY) * CHECKPOINT_EVERY;
        let mut state = checkpoint.state.clone();
        let mut reader = self.reader(checkpoint.offset);
        let mut walk = WalkRecord::default();
        for at in first..step {
            apply_record(&mut reader, at + 1, &mut state, &mut walk, walks);
        }
        (step, state, reader.offset())
    }

    /// Reads the byte log from its offset `pos`.
    pub(super) fn reader(&self, pos: usize) -> Reader<'_> {
        Reader::over(&self.sealed, &self.bytes, pos)
    }

    /// The offset in the whole byte log of the next byte written.
    fn offset(&self) -> usize {
        self.sealed_len + self.bytes.len()
    }

    /// Gives `state` its plan when it is a `plan_ref`.
    pub(super) fn resolve_plan(&self, state: &mut State) {
        if let Some(step) = state.plan_ref.take() {
            state.plan = self.plan_at_ref(step);
        }
    }

    /// The plan recorded at step `step` as [`PlanChange::Extend`]: following the steps it
    /// extends back to one recorded in full, whose plan a replay gives.
    fn plan_at_ref(&self, step: u64) -> Vec<u32> {
        let mut tail = Vec::new();
        let mut at = step;
        let mut plan = loop {
            match self.refs.binary_search_by_key(&at, |r| u64::from(r.step)) {
                Ok(i) => {
                    tail.push(self.refs[i].action);
                    at = u64::from(self.refs[i].from);
                }
                Err(_) => match self.state_at(at, &mut |_| {}).1 {
                    State {
                        plan_ref: Some(earlier),
                        ..
                    } if earlier < at => at = earlier,
                    state => break state.plan,
                },
            }
        };
        plan.extend(tail.iter().rev());
        plan
    }

    /// How many markers [`Log::mark`] will add for this step (at least); `has_root`: the
    /// search has root action statistics.
    fn markers_due(
        &self,
        progress: Progress,
        stats: &Stats,
        best: Option<u32>,
        has_root: bool,
    ) -> u64 {
        let mut due = 0;
        if self.options.iterations_are_depths {
            due += stats
                .iterations
                .saturating_sub(self.current.stats.iterations)
                .min(65);
        }
        if best != self.current.best && best.is_some() && has_root {
            due += 1;
        }
        if progress != self.current.progress && progress != Progress::Running {
            due += 1;
        }
        due + u64::from(self.pending.first_cut.is_some())
    }

    /// Grows the byte log for a record of at most `most` bytes, and the plans recorded as
    /// extensions for one more if `plan` is one, within the byte cap, also counting the
    /// checkpoint the step makes if `checkpoint`, its `markers` and room kept for the `full`
    /// marker; false when they do not fit.
    fn make_room(
        &mut self,
        plan: PlanChange<'_>,
        most: usize,
        checkpoint: bool,
        markers: u64,
    ) -> bool {
        let checkpoint_cost = if checkpoint {
            let plan_len = match plan {
                PlanChange::Edit { kept, tail } => kept + tail.len(),
                _ => self.current.plan.len(),
            };
            self.current.memory_bytes() + 8 + 4 * plan_len as u64
                - 4 * self.current.plan.len() as u64
        } else {
            0
        };
        let markers_cost = (markers + 1) * std::mem::size_of::<Mark>() as u64;
        let max_bytes = self.options.caps.max_bytes;
        if self.memory_bytes() + checkpoint_cost + markers_cost > max_bytes {
            return false;
        }
        let room = |log: &Log| {
            max_bytes.saturating_sub(log.memory_bytes() + checkpoint_cost + markers_cost)
        };
        if matches!(plan, PlanChange::Extend { .. }) {
            let room = room(self);
            if !grow_within(&mut self.refs, 1, room, FIRST_OTHER) {
                return false;
            }
        }
        let room = room(self);
        self.grow_bytes(most, room)
    }

    /// Makes room in the byte log's last segment for `additional` more bytes, holding at most
    /// `room` more: doubling it up to [`SEGMENT_BYTES`], then starting a new segment, into which
    /// the record under way moves; false when that does not fit.
    fn grow_bytes(&mut self, additional: usize, room: u64) -> bool {
        if self.bytes.capacity() < SEGMENT_BYTES || self.record_start == 0 {
            return grow_within(&mut self.bytes, additional, room, FIRST_BYTES);
        }
        if self.bytes.len() + additional <= self.bytes.capacity() {
            return true;
        }
        let need = self.bytes.len() - self.record_start + additional;
        // A sealed segment also holds its vector's header in the list of segments.
        let header = std::mem::size_of::<Vec<u8>>() as u64;
        let Some(room) = room.checked_sub(header).filter(|&room| need as u64 <= room) else {
            return false;
        };
        let mut next = Vec::with_capacity((SEGMENT_BYTES.max(need) as u64).min(room) as usize);
        next.extend_from_slice(&self.bytes[self.record_start..]);
        self.bytes.truncate(self.record_start);
        let sealed = std::mem::replace(&mut self.bytes, next);
        self.sealed_len += sealed.len();
        self.sealed_memory += sealed.capacity() as u64 + header;
        self.sealed.push(sealed);
        self.record_start = 0;
        true
    }

    /// Step 0: what the search reports before any work (events reported while it was made
    /// are already counted); `root_follows_walks`: its root action statistics follow its
    /// walks, which then update them (and its steps are closed with [`RootChange::Walked`]).
    pub(super) fn start(
        &mut self,
        stats: Stats,
        best: Option<u32>,
        plan: &[u32],
        root: &[RootActionStat],
        root_follows_walks: bool,
    ) {
        self.root_follows_walks = root_follows_walks;
        self.current.stats = stats;
        self.current.best = best;
        self.current.plan = plan.to_vec();
        self.current.root = root.to_vec();
        self.pending = Pending::default();
        self.record_start = self.bytes.len();
        self.recording = true;
        self.push_checkpoint();
    }

    fn push_checkpoint(&mut self) {
        let state = self.current.clone();
        self.checkpoint_bytes += state.memory_bytes() + 8;
        let offset = self.offset();
        self.checkpoints.push(Checkpoint { state, offset });
    }

    /// An expanded or generated state, counted live and written into the step's record.
    /// Inlined, with [`super::Recorder`]'s event, into each search that reports states.
    #[inline(always)]
    pub(super) fn event(&mut self, event: LastEvent) {
        self.current.count_event(event);
        if !self.recording() {
            return;
        }
        let pending = &mut self.pending;
        let same = pending.last_value.to_bits() == event.value.to_bits()
            || (pending.last_value.is_nan() && event.value.is_nan());
        let cell = event.cell.map_or(0, |c| u64::from(c) + 1);
        let kind = match event.kind {
            EventKind::Expanded => KIND_EXPANDED,
            EventKind::Generated => KIND_GENERATED,
        };
        let mut buf = [0u8; EVENT_MAX];
        let mut end = put_varint_at(&mut buf, 0, cell << 3 | u64::from(same) << 2 | kind);
        end = put_varint_at(&mut buf, end, u64::from(event.depth));
        if !same {
            buf[end..end + 4].copy_from_slice(&event.value.to_le_bytes());
            end += 4;
        }
        if self.room_for(EVENT_MAX) {
            self.pending.last_value = event.value;
            push_encoded(&mut self.bytes, &buf, end);
        }
    }

    /// Whether the log has room for `len` more bytes of events, growing it within the byte cap
    /// (keeping room for the `full` marker) when it must; when it cannot, recording stops.
    #[inline(always)]
    fn room_for(&mut self, len: usize) -> bool {
        self.bytes.len() + len <= self.bytes.capacity() || self.grow_for(len)
    }

    /// [`Log::room_for`] when the log must grow. Its first growth, for a search that reports
    /// its steps, also makes the plan extensions' first room ([`FIRST_REFS`]).
    #[cold]
    #[inline(never)]
    fn grow_for(&mut self, len: usize) -> bool {
        let held = self.memory_bytes() + std::mem::size_of::<Mark>() as u64;
        let room = self.options.caps.max_bytes.saturating_sub(held);
        if self.grow_bytes(len, room) {
            if self.reports_steps && self.refs.capacity() == 0 {
                // Most of its steps extend an earlier step's plan: with room made here, in the
                // same slice, the first of them is written by `close_reported` rather than by
                // the general close (a distinct path on a short run's first slice). If the
                // cap leaves no room, `make_room` tries again at that step.
                let held = self.memory_bytes() + std::mem::size_of::<Mark>() as u64;
                let room = self.options.caps.max_bytes.saturating_sub(held);
                grow_within(&mut self.refs, 1, room, FIRST_REFS);
            }
            return true;
        }
        self.stop_full();
        false
    }

    /// Stops recording: the step under way is not recorded (its events are dropped).
    fn stop_full(&mut self) {
        self.bytes.truncate(self.record_start);
        self.full_at = Some(self.steps);
        self.recording = false;
        self.push_marker(Note::Full);
    }

    /// An alpha-beta node's window (`cutoff` false) or a cutoff, counted live and buffered for
    /// the step's record; the first cutoff at each depth is marked.
    pub(super) fn window(&mut self, window: Window, cutoff: bool) {
        self.current.count_window(window, cutoff);
        if !self.recording() {
            return;
        }
        let kind = if cutoff { KIND_CUTOFF } else { KIND_WINDOW };
        let mut buf = [0u8; EVENT_MAX];
        let mut end = put_varint_at(&mut buf, 0, kind);
        end = put_varint_at(&mut buf, end, u64::from(window.depth));
        end = put_varint_at(&mut buf, end, zigzag(window.alpha.into()));
        end = put_varint_at(&mut buf, end, zigzag(window.beta.into()));
        if !self.room_for(EVENT_MAX) {
            return;
        }
        push_encoded(&mut self.bytes, &buf, end);
        let pending = &mut self.pending;
        let bit = 1u64.checked_shl(window.depth).unwrap_or(0);
        if cutoff && pending.first_cut.is_none() && self.cut_depths & bit == 0 && bit != 0 {
            pending.first_cut = Some(window.depth);
        }
    }

    /// An MCTS walk, written into the step's record; when the root action statistics follow
    /// the walks, its root child's row is updated.
    pub(super) fn walk(&mut self, walk: &crate::search::mcts::Walk<'_>) {
        if !self.recording() {
            return;
        }
        self.uct
            .get_or_insert_with(|| (walk.uct_settings(), walk.tie_order()));
        if self.root_follows_walks {
            if let Some(row) = walk.root_child() {
                self.update_root_row(row);
            }
        }
        // The tag, the length, the actions, the rollout, the rewards' mode and per node a flags
        // byte and two rewards (or a short walk's whole array).
        let most = (1 + 10 + 5 * walk.len() + 1 + 5 + 1 + 17 * walk.len()).max(SHORT_WALK_MAX);
        if !self.room_for(most) {
            return;
        }
        self.has_walks = true;
        // One player's walk: one reward credited to every node and owned by each but a last
        // terminal one, written once.
        let uniform = walk.uniform_reward();
        if let Some((reward, last_owns)) = uniform.filter(|_| walk.len() <= SHORT_WALK) {
            // Encoded into an array and appended at once (no capacity check per byte).
            let mut buf = [0u8; SHORT_WALK_MAX];
            buf[0] = WALK_TAG;
            buf[1] = walk.len() as u8;
            let mut at = 2;
            for action in walk.actions() {
                at = put_varint_at(&mut buf, at, u64::from(action));
            }
            buf[at] = u8::from(walk.added_node());
            at = put_varint_at(&mut buf, at + 1, u64::from(walk.rollout_moves()));
            buf[at] = if last_owns {
                UNIFORM_OWNED
            } else {
                UNIFORM_LAST_UNOWNED
            };
            buf[at + 1..at + 9].copy_from_slice(&reward.to_le_bytes());
            push_encoded(&mut self.bytes, &buf, at + 9);
            return;
        }
        let out = &mut self.bytes;
        out.push(WALK_TAG);
        put_varint(out, walk.len() as u64);
        for action in walk.actions() {
            put_varint(out, u64::from(action));
        }
        out.push(u8::from(walk.added_node()));
        put_varint(out, u64::from(walk.rollout_moves()));
        if let Some((reward, last_owns)) = uniform {
            out.push(if last_owns {
                UNIFORM_OWNED
            } else {
                UNIFORM_LAST_UNOWNED
            });
            put_f64(out, reward);
            return;
        }
        out.push(PER_NODE);
        let mut previous: Option<f64> = None;
        for i in 0..walk.len() {
            let credited = walk.credited(i);
            let own = walk.own_reward(i);
            let same = previous.is_some_and(|p| p.to_bits() == credited.to_bits());
            let mut flags = if same { SAME_CREDIT } else { 0 };
            match own {
                None => flags |= NO_OWN,
                Some(own) if own.to_bits() == credited.to_bits() => flags |= OWN_IS_CREDIT,
                Some(_) => {}
            }
            out.push(flags);
            if !same {
                put_f64(out, credited);
            }
            if let Some(own) = own.filter(|_| flags & (NO_OWN | OWN_IS_CREDIT) == 0) {
                put_f64(out, own);
            }
            previous = Some(credited);
        }
    }

    /// Puts `row` in the root action statistics (rows in action-index order), noting the rows
    /// it changed for the step's record.
    fn update_root_row(&mut self, row: RootActionStat) {
        let rows = &mut self.current.root;
        let (from, to) = match rows.binary_search_by_key(&row.index, |r| r.index) {
            Ok(at) => {
                rows[at] = row;
                (at, at + 1)
            }
            Err(at) => {
                // The rows after it move up one.
                rows.insert(at, row);
                (at, rows.len())
            }
        };
        let changed = &mut self.pending.root_rows;
        *changed = Some(changed.map_or((from, to), |(f, t)| (f.min(from), t.max(to))));
    }

    /// An RHEA generation, buffered for the step's record.
    pub(super) fn generation(&mut self, population: &crate::search::rhea::Population<'_>) {
        if !self.recording() {
            return;
        }
        let out = &mut self.pending.generation;
        out.clear();
        let individuals: Vec<(&[u32], f64)> = population.individuals().collect();
        put_varint(out, individuals.len() as u64);
        for (line, value) in individuals {
            put_varint(out, line.len() as u64);
            for &action in line {
                put_varint(out, u64::from(action));
            }
            put_f64(out, value);
        }
    }

    /// A step the search closed itself ([`crate::search::Observer::step_done`]), running: closed
    /// here when [`Log::closing`] and its line reuses an earlier one (or is the root's, empty,
    /// while the plan recorded is empty); false when it must be closed by its caller, who reads
    /// the search. Inlined into each search that reports its steps (BFS and A*), which calls it
    /// once per expansion, with [`Log::close_reported`].
    #[inline(always)]
    pub(super) fn step_done(&mut self, done: &StepDone) -> bool {
        self.reports_steps = true;
        if !self.closing {
            return true;
        }
        if !self.recording() {
            self.steps_taken += 1;
            return true;
        }
        let step = self.steps + 1;
        let (plan, best) = match self.line_ends.reuse(done.end, step) {
            Some(Reuse::Same) => (PlanChange::Same, self.current.best),
            Some(Reuse::Extend { from, action, best }) => {
                (PlanChange::Extend { from, action }, Some(best))
            }
            // A line ending at the root is empty: unchanged when the plan recorded is empty.
            None if done.end.is_some_and(|end| end.action.is_none())
                && self.current.best.is_none()
                && self.current.plan_ref.is_none()
                && self.current.plan.is_empty() =>
            {
                (PlanChange::Same, None)
            }
            None => return false,
        };
        self.steps_taken += 1;
        self.close_reported(&done.stats, best, plan);
        self.line_ends
            .note(done.end.map(|end| end.node), step, best);
        if matches!(plan, PlanChange::Extend { .. }) {
            self.line_ends.written = false;
        }
        true
    }

    /// [`Log::close_step`] for a running step whose plan is unchanged or extends an earlier one,
    /// of a search without root statistics: written here at once when nothing else is due (no
    /// checkpoint, marker, walk or generation, room held), otherwise by
    /// [`Log::close_step`]. The record is the same either way.
    #[inline(always)]
    fn close_reported(&mut self, stats: &Stats, best: Option<u32>, plan: PlanChange<'_>) {
        let old = &self.current.stats;
        let deltas = [
            stats.expanded.wrapping_sub(old.expanded),
            stats.generated.wrapping_sub(old.generated),
            stats.max_frontier.wrapping_sub(old.max_frontier),
            u64::from(stats.max_depth).wrapping_sub(u64::from(old.max_depth)),
            stats.stored.wrapping_sub(old.stored),
            stats.iterations.wrapping_sub(old.iterations),
        ];
        let extend = matches!(plan, PlanChange::Extend { .. });
        let plain = self.current.progress == Progress::Running
            && self.current.root.is_empty()
            && self.pending.root_rows.is_none()
            && self.pending.generation.is_empty()
            && self.pending.first_cut.is_none()
            && !(self.options.iterations_are_depths && deltas[5] != 0)
            && (self.steps + 1) % CHECKPOINT_EVERY != 0
            && self.steps < self.options.caps.max_steps
            && self.bytes.len() + REPORTED_MAX <= self.bytes.capacity()
            && (!extend || self.refs.len() < self.refs.capacity())
            && !matches!(plan, PlanChange::Edit { .. });
        if !plain {
            self.close_step(Progress::Running, *stats, best, plan, RootChange::Read(&[]));
            return;
        }
        let mut head = [0u8; REPORTED_MAX];
        head[0] = EVENTS_END;
        // The mask at 2, then the changed counters' zigzag deltas (the mask dropped if none).
        let mut mask = 0u8;
        let mut at = 3;
        for (i, &delta) in deltas.iter().enumerate() {
            if delta != 0 {
                mask |= 1 << i;
                at = put_varint_at(&mut head, at, zigzag(delta as i64));
            }
        }
        let mut flags = 0u8;
        if mask != 0 {
            flags |= STATS;
            head[2] = mask;
        } else {
            at = 2;
        }
        if best != self.current.best {
            flags |= BEST;
            at = put_varint_at(&mut head, at, best.map_or(0, |b| u64::from(b) + 1));
        }
        if extend {
            flags |= PLAN;
            head[at] = 0;
            at += 1;
        }
        head[1] = flags;
        push_encoded(&mut self.bytes, &head, at);
        self.pending.last_value = 0.0;
        self.record_start = self.bytes.len();
        self.steps += 1;
        if let PlanChange::Extend { from, action } = plan {
            self.refs.push(PlanRef {
                step: self.steps as u32,
                from: from as u32,
                action,
            });
            self.current.plan_ref = Some(self.steps);
        }
        self.current.stats = *stats;
        self.current.best = best;
    }

    /// Closes the step under way with the search's state after it (`plan`: how its plan
    /// changed; `root`: its root action statistics); stops recording (a `full` marker) if the
    /// record would pass a cap.
    pub(super) fn close_step(
        &mut self,
        progress: Progress,
        stats: Stats,
        best: Option<u32>,
        plan: PlanChange<'_>,
        root: RootChange<'_>,
    ) {
        if !self.recording() {
            return;
        }
        if matches!(root, RootChange::Walked) && self.close_walked(progress, &stats, best, plan) {
            return;
        }
        // The root rows to write (`None`: unchanged) and whether there are any.
        let (root_rows, has_root) = match root {
            RootChange::Read(rows) => {
                let changed = rows != self.current.root.as_slice();
                (changed.then_some((0, rows.len())), !rows.is_empty())
            }
            RootChange::Walked => (self.pending.root_rows, !self.current.root.is_empty()),
        };
        // The cap bounds the memory held (capacities), so the log grows only within it: room
        // for the longest record this step can make is made first.
        let tail_len = match plan {
            PlanChange::Edit { tail, .. } => tail.len(),
            _ => 0,
        };
        let most = HEADER_MAX
            + 5 * tail_len
            + 10
            + ROOT_ROW_MAX * root_rows.map_or(0, |(from, to)| to - from)
            + self.pending.generation.len();
        let extend = matches!(plan, PlanChange::Extend { .. });
        let checkpoint = (self.steps + 1) % CHECKPOINT_EVERY == 0;
        // Only a change of progress, best action (with root statistics), completed depth or a
        // first cutoff marks a step.
        let may_mark = progress != self.current.progress
            || has_root && best != self.current.best
            || (self.options.iterations_are_depths
                && stats.iterations != self.current.stats.iterations)
            || self.pending.first_cut.is_some();
        let markers = if may_mark {
            self.markers_due(progress, &stats, best, has_root)
        } else {
            0
        };
        let roomy = self.bytes.len() + most <= self.bytes.capacity()
            && (!extend || self.refs.len() < self.refs.capacity());
        let fits = self.steps < self.options.caps.max_steps
            && ((roomy && !checkpoint && markers == 0)
                || self.make_room(plan, most, checkpoint, markers));
        if !fits {
            self.stop_full();
            return;
        }

        let record = &mut self.bytes;
        record.push(EVENTS_END);
        let flags_at = record.len();
        record.push(0);
        let mut flags = 0u8;
        let (old, new) = (stats_fields(&self.current.stats), stats_fields(&stats));
        let mut mask = 0u8;
        for i in 0..6 {
            mask |= u8::from(old[i] != new[i]) << i;
        }
        if mask != 0 {
            flags |= STATS;
            record.push(mask);
            for i in 0..6 {
                if mask & 1 << i != 0 {
                    put_varint(record, zigzag(new[i].wrapping_sub(old[i]) as i64));
                }
            }
        }
        if progress != self.current.progress {
            flags |= PROGRESS;
            record.push(progress_code(progress));
        }
        if best != self.current.best {
            flags |= BEST;
            put_varint(record, best.map_or(0, |b| u64::from(b) + 1));
        }
        match plan {
            PlanChange::Same => {}
            PlanChange::Edit { kept, tail } => {
                flags |= PLAN;
                put_varint(record, kept as u64 + 1);
                put_varint(record, tail.len() as u64);
            }
            PlanChange::Extend { .. } => {
                flags |= PLAN;
                record.push(0);
            }
        }
        if root_rows.is_some() {
            flags |= ROOT;
        }
        if !self.pending.generation.is_empty() {
            flags |= GENERATION;
        }
        record[flags_at] = flags;
        if let PlanChange::Edit { tail, .. } = plan {
            for &action in tail {
                put_varint(record, u64::from(action));
            }
        }
        if let Some((from, to)) = root_rows {
            let rows = match root {
                RootChange::Read(rows) => rows,
                RootChange::Walked => self.current.root.as_slice(),
            };
            let old = &self.current.root;
            let walked = matches!(root, RootChange::Walked);
            put_varint(record, rows.len() as u64);
            // Rows read are written when they differ from the step before's; fewer than 128:
            // their count is one byte, written once they are.
            let count_at = record.len();
            if walked || rows.len() >= 0x80 {
                let changed = (from..to).filter(|&i| walked || old.get(i) != Some(&rows[i]));
                put_varint(record, changed.count() as u64);
            } else {
                record.push(0);
            }
            let mut count = 0u8;
            for (i, row) in rows.iter().enumerate().take(to).skip(from) {
                if !walked && old.get(i) == Some(row) {
                    continue;
                }
                count = count.wrapping_add(1);
                let mut buf = [0u8; ROOT_ROW_MAX];
                let mut at = put_varint_at(&mut buf, 0, i as u64);
                at = put_varint_at(&mut buf, at, u64::from(row.index));
                at = put_varint_at(&mut buf, at, row.visits);
                buf[at..at + 8].copy_from_slice(&row.value.to_le_bytes());
                push_encoded(record, &buf, at + 8);
            }
            if !walked && rows.len() < 0x80 {
                record[count_at] = count;
            }
            if let RootChange::Read(rows) = root {
                self.current.root.clear();
                self.current.root.extend_from_slice(rows);
            }
        }
        let pending = &mut self.pending;
        pending.root_rows = None;
        if flags & GENERATION != 0 {
            self.generations
                .push((self.steps + 1, self.sealed_len + record.len()));
            record.extend_from_slice(&pending.generation);
            pending.generation.clear();
        }
        pending.last_value = 0.0;
        self.record_start = record.len();

        self.steps += 1;
        match plan {
            PlanChange::Same => {}
            PlanChange::Edit { kept, tail } => {
                self.current.plan.truncate(kept);
                self.current.plan.extend_from_slice(tail);
                self.current.plan_ref = None;
            }
            PlanChange::Extend { from, action } => {
                self.refs.push(PlanRef {
                    step: self.steps as u32,
                    from: from as u32,
                    action,
                });
                self.current.plan_ref = Some(self.steps);
            }
        }
        if may_mark {
            self.mark(progress, &stats, best, has_root);
        }
        self.current.progress = progress;
        self.current.stats = stats;
        self.current.best = best;
        if checkpoint {
            self.push_checkpoint();
        }
    }

    /// [`Log::close_step`] for the common step of a search whose root statistics follow its
    /// walks (MCTS): progress unchanged, one root row walked, the plan unchanged or rewritten
    /// by a short tail, the best action perhaps changed (its marker then added). Writes the
    /// same record and marker as [`Log::close_step`] would, at once, when nothing else is due
    /// (no checkpoint, generation or other marker, room held); false, having written nothing,
    /// otherwise.
    fn close_walked(
        &mut self,
        progress: Progress,
        stats: &Stats,
        best: Option<u32>,
        plan: PlanChange<'_>,
    ) -> bool {
        let Some((row_at, row_end)) = self.pending.root_rows else {
            return false;
        };
        let (kept, tail) = match plan {
            PlanChange::Same => (None, &[][..]),
            PlanChange::Edit { kept, tail } => (Some(kept), tail),
            PlanChange::Extend { .. } => return false,
        };
        let rows = &self.current.root;
        let row = &rows[row_at];
        let (old, new) = (stats_fields(&self.current.stats), stats_fields(stats));
        let deltas =
            std::array::from_fn::<u64, 6, _>(|i| zigzag(new[i].wrapping_sub(old[i]) as i64));
        let best_changed = best != self.current.best;
        let switched = best_changed || kept.is_some();
        let marks = best_changed && best.is_some();
        // Every varint one byte but the visits' (at most 3), so that a record that keeps the
        // plan and best action fits WALKED_SAME_MAX bytes, and one that changes them
        // WALKED_MAX.
        let plain = row_end == row_at + 1
            && progress == self.current.progress
            && self.pending.generation.is_empty()
            && self.pending.first_cut.is_none()
            && !(self.options.iterations_are_depths && deltas[5] != 0)
            && (self.steps + 1) % CHECKPOINT_EVERY != 0
            && self.steps < self.options.caps.max_steps
            && deltas.iter().all(|&delta| delta < 0x80)
            && rows.len() < 0x80
            && row.index < 0x80
            && row.visits < 1 << 21;
        let fits = if switched {
            best.map_or(true, |b| b < 0x7f)
                && kept.map_or(true, |kept| kept < 0x7f)
                && tail.len() <= WALKED_TAIL
                && tail.iter().all(|&action| action < 0x80)
                && self.bytes.len() + WALKED_MAX <= self.bytes.capacity()
                && (!marks
                    || self.memory_bytes() + 2 * std::mem::size_of::<Mark>() as u64
                        <= self.options.caps.max_bytes)
        } else {
            self.bytes.len() + WALKED_SAME_MAX <= self.bytes.capacity()
        };
        if !(plain && fits) {
            return false;
        }
        let mut head = [0u8; WALKED_MAX];
        head[0] = EVENTS_END;
        // The mask at 2, then the changed counters' zigzag deltas (the mask dropped if none).
        let mut mask = 0u8;
        let mut at = 3;
        for (i, &delta) in deltas.iter().enumerate() {
            if delta != 0 {
                mask |= 1 << i;
                head[at] = delta as u8;
                at += 1;
            }
        }
        let mut flags = ROOT;
        if mask != 0 {
            flags |= STATS;
            head[2] = mask;
        } else {
            at = 2;
        }
        if best_changed {
            flags |= BEST;
            head[at] = best.map_or(0, |b| b as u8 + 1);
            at += 1;
        }
        if let Some(kept) = kept {
            flags |= PLAN;
            head[at] = kept as u8 + 1;
            head[at + 1] = tail.len() as u8;
            at += 2;
            for &action in tail {
                head[at] = action as u8;
                at += 1;
            }
        }
        head[1] = flags;
        // The root statistics' length, one row written: its position, index, visits, value.
        head[at] = rows.len() as u8;
        head[at + 1] = 1;
        head[at + 2] = row_at as u8;
        head[at + 3] = row.index as u8;
        at = put_varint_at(&mut head, at + 4, row.visits);
        head[at..at + 8].copy_from_slice(&row.value.to_le_bytes());
        at += 8;
        match head.first_chunk::<WALKED_SAME_MAX>() {
            Some(short) if !switched => push_encoded(&mut self.bytes, short, at),
            _ => self.bytes.extend_from_slice(&head[..at]),
        }
        self.pending.root_rows = None;
        self.pending.last_value = 0.0;
        self.record_start = self.bytes.len();
        self.steps += 1;
        self.current.stats = *stats;
        if let Some(kept) = kept {
            self.current.plan.truncate(kept);
            self.current.plan.extend_from_slice(tail);
            self.current.plan_ref = None;
        }
        self.current.best = best;
        if marks {
            self.push_marker(Note::BestMove);
        }
        true
    }

    fn push_marker(&mut self, note: Note) {
        if self.markers.len() < MAX_MARKERS || note == Note::Full {
            self.markers.push(Mark {
                step: self.steps,
                note,
            });
        }
    }

    /// The markers of the step just recorded (`self.current` still holds the step before,
    /// but for its plan and root action statistics); `has_root`: the search has root action
    /// statistics.
    fn mark(&mut self, progress: Progress, stats: &Stats, best: Option<u32>, has_root: bool) {
        if self.options.iterations_are_depths {
            // A step can complete several shallow depths; each gets its marker.
            let first = self.current.stats.iterations + 1;
            for depth in first.max(stats.iterations.saturating_sub(64))..=stats.iterations {
                self.push_marker(Note::DepthDone(depth));
            }
        }
        if best != self.current.best && best.is_some() && has_root {
            self.push_marker(Note::BestMove);
        }
        if let Some(depth) = self.pending.first_cut.take() {
            self.cut_depths |= 1 << depth;
            self.push_marker(Note::Cutoff(depth));
        }
        if progress != self.current.progress {
            match progress {
                Progress::Solved => {
                    let plan_len = match self.current.plan_ref {
                        Some(step) => self.plan_at_ref(step).len(),
                        None => self.current.plan.len(),
                    };
                    self.push_marker(match plan_len {
                        0 => Note::Solved,
                        len => Note::PlanFound {
                            len,
                            line: self.options.plan_is_line,
                        },
                    })
                }
                Progress::Exhausted => self.push_marker(Note::Exhausted),
                Progress::LimitReached(limit) => self.push_marker(Note::Limit(limit)),
                Progress::Running => {}
            }
        }
    }
}

/// Reads step `step`'s record at `reader`, applying it to `state`; hands a walk to `on_walk`
/// (reading it into `walk`) when there is one.
pub(super) fn apply_record(
    reader: &mut Reader<'_>,
    step: u64,
    state: &mut State,
    walk: &mut WalkRecord,
    on_walk: &mut dyn FnMut(&WalkRecord),
) {
    let mut value = 0.0f32;
    loop {
        if reader.at_end() {
            break;
        }
        let tag = reader.varint();
        if tag == u64::from(EVENTS_END) {
            break;
        }
        if tag == u64::from(WALK_TAG) {
            read_walk(reader, walk);
            on_walk(walk);
            continue;
        }
        let depth = reader.varint() as u32;
        let kind = tag & 3;
        if kind == KIND_WINDOW || kind == KIND_CUTOFF {
            let window = Window {
                depth,
                alpha: reader.signed() as i32,
                beta: reader.signed() as i32,
            };
            state.count_window(window, kind == KIND_CUTOFF);
            continue;
        }
        if tag & 4 == 0 {
            value = reader.f32();
        }
        state.count_event(LastEvent {
            kind: if kind == KIND_EXPANDED {
                EventKind::Expanded
            } else {
                EventKind::Generated
            },
            cell: (tag >> 3).checked_sub(1).map(|c| c as u32),
            depth,
            value,
        });
    }
    let flags = reader.byte();
    if flags & STATS != 0 {
        let mask = reader.byte();
        let mut fields = stats_fields(&state.stats);
        for (i, field) in fields.iter_mut().enumerate() {
            if mask & 1 << i != 0 {
                *field = field.wrapping_add(reader.signed() as u64);
            }
        }
        state.stats = stats_of(fields);
    }
    if flags & PROGRESS != 0 {
        state.progress = progress_of(reader.byte());
    }
    if flags & BEST != 0 {
        state.best = reader.varint().checked_sub(1).map(|b| b as u32);
    }
    if flags & PLAN != 0 {
        match reader.varint().checked_sub(1) {
            None => state.plan_ref = Some(step),
            Some(kept) => {
                state.plan_ref = None;
                state.plan.truncate(kept as usize);
                let added = reader.varint();
                for _ in 0..added {
                    if reader.at_end() {
                        break;
                    }
                    state.plan.push(reader.varint() as u32);
                }
            }
        }
    }
    if flags & ROOT != 0 {
        let len = reader.varint() as usize;
        let changed = reader.varint();
        state.root.resize(
            len,
            RootActionStat {
                index: 0,
                visits: 0,
                value: 0.0,
            },
        );
        for _ in 0..changed {
            let at = reader.varint() as usize;
            let row = RootActionStat {
                index: reader.varint() as u32,
                visits: reader.varint(),
                value: reader.f64(),
            };
            if let Some(slot) = state.root.get_mut(at) {
                *slot = row;
            }
        }
    }
    if flags & GENERATION != 0 {
        read_generation(reader);
    }
}

fn read_walk(reader: &mut Reader<'_>, walk: &mut WalkRecord) {
    let len = reader.varint() as usize;
    walk.actions.clear();
    walk.credited.clear();
    walk.own.clear();
    for _ in 1..len {
        walk.actions.push(reader.varint() as u32);
    }
    walk.added_node = reader.byte() != 0;
    walk.rollout_moves = reader.varint() as u32;
    let mode = reader.byte();
    if mode != PER_NODE {
        let reward = reader.f64();
        for i in 0..len {
            let owned = mode == UNIFORM_OWNED || i + 1 < len;
            walk.credited.push(reward);
            walk.own.push(owned.then_some(reward));
        }
        return;
    }
    let mut previous = 0.0;
    for _ in 0..len {
        if reader.at_end() {
            break;
        }
        let flags = reader.byte();
        let credited = if flags & SAME_CREDIT != 0 {
            previous
        } else {
            reader.f64()
        };
        let own = if flags & NO_OWN != 0 {
            None
        } else if flags & OWN_IS_CREDIT != 0 {
            Some(credited)
        } else {
            Some(reader.f64())
        };
        walk.credited.push(credited);
        walk.own.push(own);
        previous = credited;
    }
}

/// Reads an RHEA generation: each individual's actions and value.
pub(super) fn read_generation(reader: &mut Reader<'_>) -> Vec<(Vec<u32>, f64)> {
    let count = reader.varint();
    let mut individuals = Vec::new();
    for _ in 0..count {
        if reader.at_end() {
            break;
        }
        let len = reader.varint();
        let line = (0..len).map(|_| reader.varint() as u32).collect();
        individuals.push((line, reader.f64()));
    }
    individuals
}
