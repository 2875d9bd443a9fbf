//! The one error type of the command line and its exit codes (docs/architecture.md):
//! every subcommand returns [`Error`], and `main` prints it and exits with [`Error::exit_code`].
//!
//! Exit codes: 0 success; 1 the request was understood but its answer is "no" (no legal pairing
//! exists; a check found differences, which subcommands return as `Ok(ExitCode::from(1))`);
//! 2 the input or the request is wrong (unreadable file, malformed record, unknown value).

use std::path::PathBuf;

/// A library error, whatever its crate, as the source of an [`Error`].
pub type Source = Box<dyn std::error::Error + Send + Sync>;

#[derive(Debug, thiserror::Error)]
pub enum Error {
    /// A file could not be read.
    #[error("{}: {source}", path.display())]
    Read { path: PathBuf, source: std::io::Error },
    /// An input longer than [`crate::files::MAX_INPUT`].
    #[error("{}: larger than {} MiB, the most an input may be", path.display(), limit >> 20)]
    TooLarge { path: PathBuf, limit: u64 },
    /// A file could not be written.
    #[error("{}: {source}", path.display())]
    Write { path: PathBuf, source: std::io::Error },
    /// Standard output could not be written.
    #[error("cannot write the output: {0}")]
    Stdout(std::io::Error),
    /// A file was read but is not what the subcommand needs: the source says where and why
    /// (line, column, article).
    #[error("{}: {source}", path.display())]
    Input { path: PathBuf, source: Source },
    /// An argument's value is wrong (`what` names the argument).
    #[error("{what}: {source}")]
    Request { what: &'static str, source: Source },
    /// The input is right and the request too, but no answer exists (no legal pairing).
    #[error("{}: {source}", path.display())]
    NoAnswer { path: PathBuf, source: Source },
}

impl Error {
    pub fn input(path: impl Into<PathBuf>, source: impl Into<Source>) -> Error {
        Error::Input { path: path.into(), source: source.into() }
    }

    pub fn request(what: &'static str, source: impl Into<Source>) -> Error {
        Error::Request { what, source: source.into() }
    }

    pub fn exit_code(&self) -> u8 {
        match self {
            Error::NoAnswer { .. } => 1,
            _ => 2,
        }
    }
}

pub type Result<T> = std::result::Result<T, Error>;

/// Writes `bytes` to `path`, or to standard output when `path` is `None` or `-`.
pub fn write_out(path: Option<&std::path::Path>, bytes: &[u8]) -> Result<()> {
    match path {
        Some(p) if !crate::files::is_stdin(p) => {
            std::fs::write(p, bytes).map_err(|source| Error::Write { path: p.to_path_buf(), source })
        }
        _ => print(bytes),
    }
}

/// Writes `bytes` to standard output and flushes it.
pub fn print(bytes: &[u8]) -> Result<()> {
    use std::io::Write;
    let mut out = std::io::stdout().lock();
    out.write_all(bytes).and_then(|()| out.flush()).map_err(Error::Stdout)
}
