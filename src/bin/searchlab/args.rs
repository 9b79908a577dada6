//! Command-line flags: `--name value` or `--name=value`, read by name, with errors that name the
//! flag. Unknown or repeated flags are errors, so a typo never silently changes a run.

use std::collections::BTreeMap;
use std::fmt;
use std::str::FromStr;

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

/// The flags of one subcommand.
#[derive(Debug, Default)]
pub struct Flags {
    values: BTreeMap<String, String>,
    read: std::cell::RefCell<std::collections::BTreeSet<String>>,
}

impl Flags {
    /// Parses `--name value` and `--name=value` pairs. Every flag takes a value.
    pub fn parse(words: &[String]) -> CliResult<Flags> {
        let mut values = BTreeMap::new();
        let mut i = 0;
        while i < words.len() {
            let word = &words[i];
            let Some(body) = word.strip_prefix("--") else {
                return Err(CliError(format!(
                    "unexpected argument '{word}': flags look like --name value"
                )));
            };
            let (name, value) = match body.split_once('=') {
                Some((name, value)) => (name.to_string(), value.to_string()),
                None => {
                    i += 1;
                    let value = words
                        .get(i)
                        .ok_or_else(|| CliError(format!("--{body}: missing value")))?;
                    (body.to_string(), value.clone())
                }
            };
            if values.insert(name.clone(), value).is_some() {
                return Err(CliError(format!("--{name}: given more than once")));
            }
            i += 1;
        }
        Ok(Flags {
            values,
            read: Default::default(),
        })
    }

    /// The raw text of `--name`, if given.
    pub fn text(&self, name: &str) -> Option<&str> {
        self.read.borrow_mut().insert(name.to_string());
        self.values.get(name).map(String::as_str)
    }

    /// `--name` parsed as `T`, if given; an error names the flag and the bad value.
    pub fn get<T: FromStr>(&self, name: &str) -> CliResult<Option<T>> {
        match self.text(name) {
            None => Ok(None),
            Some(raw) => raw.parse().map(Some).map_err(|_| {
                CliError(format!(
                    "--{name}: cannot read '{raw}' as {}",
                    type_words::<T>()
                ))
            }),
        }
    }

    /// `--name` as a comma-separated list of `T` (at least one), or `default` when absent; an
    /// error names the flag and the bad item.
    pub fn list<T: FromStr + Clone>(&self, name: &str, default: &[T]) -> CliResult<Vec<T>> {
        let Some(raw) = self.text(name) else {
            return Ok(default.to_vec());
        };
        raw.split(',')
            .map(|item| {
                item.trim().parse().map_err(|_| {
                    CliError(format!(
                        "--{name}: cannot read '{item}' as {} (give a comma-separated list)",
                        type_words::<T>()
                    ))
                })
            })
            .collect()
    }

    /// `--name` parsed as `T`, or `default` when absent.
    pub fn get_or<T: FromStr>(&self, name: &str, default: T) -> CliResult<T> {
        Ok(self.get(name)?.unwrap_or(default))
    }

    /// `--name` parsed as `T`; an error if it is absent.
    pub fn require<T: FromStr>(&self, name: &str) -> CliResult<T> {
        self.get(name)?
            .ok_or_else(|| CliError(format!("--{name} is required")))
    }

    /// Errors on any flag that the subcommand never asked for.
    pub fn finish(&self) -> CliResult<()> {
        let read = self.read.borrow();
        match self.values.keys().find(|name| !read.contains(*name)) {
            Some(name) => Err(CliError(format!("--{name}: unknown flag for this command"))),
            None => Ok(()),
        }
    }
}

/// How a flag's expected type reads in an error message.
fn type_words<T>() -> &'static str {
    let name = std::any::type_name::<T>();
    match name {
        "u8" | "u16" | "u32" | "u64" | "usize" => "a whole number",
        "i8" | "i16" | "i32" | "i64" | "isize" => "an integer",
        "f32" | "f64" => "a number",
        _ => "the expected value",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn words(text: &str) -> Vec<String> {
        text.split_whitespace().map(String::from).collect()
    }

    #[test]
    fn reads_both_flag_forms() {
        let flags = Flags::parse(&words("--depth 3 --seed=9")).unwrap();
        assert_eq!(flags.require::<u32>("depth").unwrap(), 3);
        assert_eq!(flags.get_or::<u64>("seed", 0).unwrap(), 9);
        flags.finish().unwrap();
    }

    #[test]
    fn errors_name_the_flag() {
        let flags = Flags::parse(&words("--depth x")).unwrap();
        let error = flags.get::<u32>("depth").unwrap_err().0;
        assert!(
            error.contains("--depth") && error.contains("'x'"),
            "{error}"
        );
        assert!(Flags::parse(&words("--seed"))
            .unwrap_err()
            .0
            .contains("--seed"));
        let flags = Flags::parse(&words("--sede 1")).unwrap();
        assert!(flags.finish().unwrap_err().0.contains("--sede"));
        assert!(Flags::parse(&words("--a 1 --a 2")).is_err());
    }
}
