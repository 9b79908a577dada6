//! What every command shares: its error (one line on stderr, exit status 2), the error of a flag
//! (which names it), and its output on stdout (which ends quietly when stdout is closed).

use std::fmt;

use searchlab::field_error::FieldError;

/// A command-line error: printed as one line on stderr, exit status 2.
#[derive(Debug)]
pub struct CliError(pub String);

impl fmt::Display for CliError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl<E: std::error::Error> From<E> for CliError {
    fn from(error: E) -> Self {
        CliError(error.to_string())
    }
}

/// Shorthand for a result whose error is reported to the user.
pub type CliResult<T> = Result<T, CliError>;

/// An error about `--flag`: "--flag: message".
pub fn flag_error(flag: &str, message: impl fmt::Display) -> CliError {
    CliError(format!("--{flag}: {message}"))
}

/// An agent's parameter out of range, as an error about the flag that sets it (a spec's field
/// `rollout_depth` is the flag `--rollout-depth`).
pub fn spec_error(error: FieldError) -> CliError {
    flag_error(&error.field.replace('_', "-"), error.message)
}

/// The result of writing to stdout. Output piped into a reader that stops early (`searchlab
/// ... | head -1`) ends the run at once and quietly, with status 0, as other command-line
/// tools do; any other write error is reported.
pub fn written(result: std::io::Result<()>) -> CliResult<()> {
    match result {
        Err(error) if error.kind() == std::io::ErrorKind::BrokenPipe => std::process::exit(0),
        other => Ok(other?),
    }
}

/// Prints `line` and a newline on stdout (see [`written`] for a closed stdout).
pub fn print_line(line: impl fmt::Display) -> CliResult<()> {
    use std::io::Write;
    written(writeln!(std::io::stdout().lock(), "{line}"))
}
