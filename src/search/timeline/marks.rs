//! [`Mark`]: a marker as the log keeps it, a kind and its numbers; its label is written only
//! when the markers are read ([`Mark::marker`]), so that a run that marks often (MCTS changing
//! its best move every other iteration) allocates no text while it is recorded.

use super::replay::{Marker, MarkerKind};
use crate::search::Limit;

/// What a marker says, without its text.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(super) enum Note {
    /// "depth N done".
    DepthDone(u64),
    /// "new best move".
    BestMove,
    /// "first cutoff at depth N".
    Cutoff(u32),
    /// "solved": solved with an empty plan.
    Solved,
    /// "plan found (N actions)", or for a line of play "best line (N moves)".
    PlanFound { len: usize, line: bool },
    /// "searched every state".
    Exhausted,
    /// "limit reached: ...".
    Limit(Limit),
    /// "timeline full at step N" (the marker's step).
    Full,
}

/// A marker at `step`.
#[derive(Clone, Copy, Debug)]
pub(super) struct Mark {
    pub(super) step: u64,
    pub(super) note: Note,
}

impl Mark {
    /// The marker's kind.
    pub(super) fn kind(&self) -> MarkerKind {
        match self.note {
            Note::DepthDone(_) => MarkerKind::DepthDone,
            Note::BestMove => MarkerKind::BestMove,
            Note::Cutoff(_) => MarkerKind::Cutoff,
            Note::Solved | Note::PlanFound { .. } => MarkerKind::PlanFound,
            Note::Exhausted | Note::Limit(_) => MarkerKind::Limit,
            Note::Full => MarkerKind::Full,
        }
    }

    /// The marker as a view shows it, its label written.
    pub(super) fn marker(&self) -> Marker {
        let label = match self.note {
            Note::DepthDone(depth) => format!("depth {depth} done"),
            Note::BestMove => "new best move".into(),
            Note::Cutoff(depth) => format!("first cutoff at depth {depth}"),
            Note::Solved => "solved".into(),
            Note::PlanFound { len, line: true } => format!("best line ({len} moves)"),
            Note::PlanFound { len, line: false } => format!("plan found ({len} actions)"),
            Note::Exhausted => "searched every state".into(),
            Note::Limit(limit) => limit.to_string(),
            Note::Full => format!("timeline full at step {}", self.step),
        };
        Marker {
            step: self.step,
            kind: self.kind(),
            label,
        }
    }
}
