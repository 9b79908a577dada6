//! `searchlab vgdl trace --game G --level L --actions LETTERS`: JSON Lines in the trace format
//! of `shared/vgdl/README.md`: line 0 the whole board, then what each action removed and added,
//! stopping at game over. A diff against a recorded `.jsonl` of the same actions is empty.

use std::io::Write;

use clap::Args;
use searchlab::games::vgdl::{parse_plan, trace};

use super::LevelFlags;
use crate::args::{flag_error, written, CliResult};

/// The flags of `vgdl trace`.
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
        let start = self.level.load()?;
        let stdout = std::io::stdout();
        let mut out = std::io::BufWriter::new(stdout.lock());
        written((|| {
            for line in trace::trace(&start, &plan) {
                writeln!(out, "{line}")?;
            }
            out.flush()
        })())
    }
}
