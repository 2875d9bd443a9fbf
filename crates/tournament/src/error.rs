//! Errors of the tournament crate: input errors carry line, column and reason. The director's
//! refusals are [`crate::director::DirectorError`].

use thiserror::Error;

#[derive(Debug, Error, Clone, PartialEq)]
pub enum Error {
    /// A malformed input line (1-based line and column).
    #[error("line {line}, column {column}: {reason}")]
    Parse { line: usize, column: usize, reason: String },
    /// The file parses but its data contradict each other.
    #[error("{0}")]
    Inconsistent(String),
    /// No pairing satisfies the absolute criteria.
    #[error("no valid pairing exists: {0}")]
    NoPairing(String),
    #[error("{0}")]
    Unsupported(String),
}

pub type Result<T> = std::result::Result<T, Error>;

pub(crate) fn parse_err<T>(line: usize, column: usize, reason: impl Into<String>) -> Result<T> {
    Err(Error::Parse { line, column, reason: reason.into() })
}

/// A name outside one of the closed sets (a pairing system, a tie-break, a format …): what it
/// was to name, the name given, and the names known.
#[derive(Debug, Error, Clone, PartialEq, Eq)]
#[error("unknown {what} {given:?} ({})", known.join(", "))]
pub struct UnknownName {
    pub what: &'static str,
    pub given: String,
    pub known: &'static [&'static str],
}
