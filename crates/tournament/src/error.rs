//! Errors of the tournament crate: input errors carry line, column and reason.

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
