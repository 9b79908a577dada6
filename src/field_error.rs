//! [`FieldError`]: one error type for a value a person gave, wherever it came in: a share-link
//! field, an agent parameter, a command-line flag, a checkpoint field. Each boundary words it
//! its own way (a link says "share link, field 'depth': ...", the CLI "--depth: ..."), from the
//! same two parts.

use std::fmt;

/// A value that is unknown, malformed or out of range: which field, and what is wrong with it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FieldError {
    /// The field as the person wrote it (`depth`, `max-nodes`, `link` for a whole link).
    pub field: String,
    /// What is wrong, in words a person can act on.
    pub message: String,
}

impl FieldError {
    /// An error about `field`.
    pub fn new(field: &str, message: impl Into<String>) -> Self {
        FieldError {
            field: field.to_string(),
            message: message.into(),
        }
    }
}

impl fmt::Display for FieldError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.field, self.message)
    }
}

impl std::error::Error for FieldError {}
