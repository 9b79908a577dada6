//! Configured agents: an algorithm name and its parameters, validated once, built into a
//! resumable [`crate::search::Search`]. The CLI and the page share these, so a share link and a
//! command line with the same settings and seed run exactly the same search.

pub mod bait;
pub mod g2048;
pub mod othello;

/// A parameter was out of range or unknown; `field` names it as the user wrote it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SpecError {
    /// The parameter's name (`depth`, `weight`, ...).
    pub field: String,
    /// What is wrong with it, in words a person can act on.
    pub message: String,
}

impl SpecError {
    /// An error about `field`.
    pub fn new(field: &str, message: impl Into<String>) -> Self {
        SpecError {
            field: field.to_string(),
            message: message.into(),
        }
    }
}

impl std::fmt::Display for SpecError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}: {}", self.field, self.message)
    }
}

impl std::error::Error for SpecError {}

/// Checks that `value` lies in `range`, naming `field` otherwise.
pub(crate) fn check_range<T: PartialOrd + std::fmt::Display + Copy>(
    field: &str,
    value: T,
    range: std::ops::RangeInclusive<T>,
) -> Result<T, SpecError> {
    if range.contains(&value) {
        Ok(value)
    } else {
        Err(SpecError::new(
            field,
            format!(
                "must be between {} and {}, got {value}",
                range.start(),
                range.end()
            ),
        ))
    }
}

/// Checks a spec's search limits: at least one node, and at least 64 KiB of memory.
pub(crate) fn check_limits(limits: &crate::search::Limits) -> Result<(), SpecError> {
    check_range("max_nodes", limits.max_nodes, 1..=u64::MAX)?;
    check_range("max_memory", limits.max_memory_bytes, 1 << 16..=u64::MAX)?;
    Ok(())
}
