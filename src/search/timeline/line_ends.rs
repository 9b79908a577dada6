//! Where each recorded step's line led, so that a step whose line leads to the same node, or
//! to a child of a node an earlier step's line led to, is recorded without reading the line
//! (see [`crate::search::Search::line_end`]).

use crate::search::PathEnd;

/// How a step's line relates to the lines recorded before, when that is known without reading
/// it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Reuse {
    /// It leads to the node the last step's line led to: unchanged.
    Same,
    /// It is the line of step `from` and `action`; its first action is `best`.
    Extend { from: u64, action: u32, best: u32 },
}

/// Node ids the ends are first made for (2 KiB), so that a short run grows them once.
const FIRST_ENDS: usize = 256;

/// The ends of the recorded steps' lines: 8 bytes per node id of the search (outside the
/// timeline's byte count).
#[derive(Default)]
pub(super) struct LineEnds {
    /// The node the last step's line led to, when it was a path.
    last: Option<u32>,
    /// Per node id, the last step whose line led to it and that line's first action (each
    /// plus 1; 0 for none: the step unknown, the line empty).
    ends: Vec<(u32, u32)>,
    /// Whether the plan recorded last was written in full (not as an [`Reuse::Extend`]), so
    /// that a line kept by the recording wrapper is that plan.
    pub(super) written: bool,
}

impl LineEnds {
    /// How the line of step `step` ending at `end` reuses an earlier one (`None`: it must be
    /// read).
    pub(super) fn reuse(&self, end: Option<PathEnd<u32>>, step: u64) -> Option<Reuse> {
        let end = end?;
        if self.last == Some(end.node) {
            return Some(Reuse::Same);
        }
        if step >= u64::from(u32::MAX) {
            return None;
        }
        // The root's line (empty) is read; a child of a node whose line was empty has a line
        // of one action, its best.
        let action = end.action?;
        let (from, first) = *self.ends.get(end.parent as usize)?;
        Some(Reuse::Extend {
            from: u64::from(from.checked_sub(1)?),
            action,
            best: first.checked_sub(1).unwrap_or(action),
        })
    }

    /// Notes that the line of step `step`, whose first action is `best`, led to `node`
    /// (`None`: not a path).
    pub(super) fn note(&mut self, node: Option<u32>, step: u64, best: Option<u32>) {
        self.last = node;
        let Some(node) = node.map(|n| n as usize) else {
            return;
        };
        if step >= u64::from(u32::MAX) {
            return;
        }
        if node >= self.ends.len() {
            let len = (node + 1).max(2 * self.ends.len()).max(FIRST_ENDS);
            self.ends.resize(len, (0, 0));
        }
        self.ends[node] = (step as u32 + 1, best.map_or(0, |b| b + 1));
    }
}
