//! The one error type of the VGDL parser and level loader: a message with the line and column
//! (both from 1) it is about.

use std::fmt;

/// A VGDL game file or level that cannot be run, with where the problem is.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct VgdlError {
    /// Line, from 1.
    pub line: usize,
    /// Column, from 1 (characters, not bytes).
    pub column: usize,
    /// What is wrong, in words a person can act on.
    pub message: String,
}

impl VgdlError {
    /// An error at `line`:`column` (both from 1).
    pub fn at(line: usize, column: usize, message: impl Into<String>) -> VgdlError {
        VgdlError {
            line,
            column,
            message: message.into(),
        }
    }
}

impl fmt::Display for VgdlError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "line {}, column {}: {}",
            self.line, self.column, self.message
        )
    }
}

impl std::error::Error for VgdlError {}
