//! `searchlab bait trace --level FILE --actions LETTERS [--tick-limit N]`: JSON Lines in the
//! golden format (`shared/bait/goldens/README.md`): line 0 the starting state, then one line per
//! action, stopping at game over. A diff against a golden `.jsonl` is empty.

use std::io::Write;
use std::rc::Rc;

use clap::Args;
use searchlab::game::Game;
use searchlab::games::bait::{parse_plan, trace, BaitState};

use super::LevelFlags;
use crate::args::{flag_error, written, CliResult};

/// The flags of `bait trace`.
#[derive(Args)]
pub struct TraceFlags {
    #[command(flatten)]
    level: LevelFlags,
    /// The actions, one letter each: L, R, U, D, or N for none
    #[arg(long, value_name = "LETTERS")]
    actions: String,
}

impl TraceFlags {
    /// Prints the trace.
    pub fn run(self) -> CliResult<()> {
        let plan = parse_plan(&self.actions).map_err(|e| flag_error("actions", e))?;
        let mut state = BaitState::new(Rc::new(self.level.load()?));
        let stdout = std::io::stdout();
        let mut out = std::io::BufWriter::new(stdout.lock());
        written((|| {
            writeln!(out, "{}", trace::record(&state, 0, None))?;
            for (i, &action) in plan.iter().enumerate() {
                if state.is_over() {
                    break;
                }
                state.apply(action);
                writeln!(out, "{}", trace::record(&state, i + 1, Some(action)))?;
            }
            out.flush()
        })())
    }
}
