//! The one error type of the command line and its exit codes (docs/architecture.md):
//! every subcommand returns [`Error`], and `main` prints it in one format and exits with
//! [`Error::exit_code`].
//!
//! Exit codes: 0 success; 1 the request was understood but its answer is "no" (no legal pairing
//! exists; a check found differences, which subcommands return as `Ok(ExitCode::from(1))`);
//! 2 the input or the request is wrong (unreadable file, malformed record, unknown value).
//!
//! The format: `shinpan: FILE:LINE:COLUMN: message` when the error is at a place in a file
//! (`FILE:LINE: message` without a column, `FILE: message` without a line, `--option: message`
//! for an argument), or under `--json` one object
//! `{"error":{"file","line","column","option","message","exit_code"}}` on standard output.

use std::path::{Path, PathBuf};

/// A library error, whatever its crate, as the source of an [`Error`].
pub type Source = Box<dyn std::error::Error + Send + Sync>;

#[derive(Debug, thiserror::Error)]
pub enum Error {
    /// A file could not be read.
    #[error("{source}")]
    Read { path: PathBuf, source: std::io::Error },
    /// An input longer than [`crate::files::MAX_INPUT`].
    #[error("larger than {} MiB, the most an input may be", limit >> 20)]
    TooLarge { path: PathBuf, limit: u64 },
    /// A file could not be written.
    #[error("{source}")]
    Write { path: PathBuf, source: std::io::Error },
    /// A file to create exists already.
    #[error("exists already; nothing was written")]
    Exists { path: PathBuf },
    /// Standard output could not be written (other than closed by its reader, which is
    /// [`Error::Closed`]).
    #[error("cannot write the output: {0}")]
    Stdout(std::io::Error),
    /// The reader of standard output closed it (`| head -1`): nothing more to say, a quiet exit.
    #[error("standard output closed")]
    Closed,
    /// A file was read but is not what the subcommand needs: the source says where and why
    /// (line, column, article).
    #[error("{source}")]
    Input { path: PathBuf, source: Source },
    /// An argument's value is wrong (`what` names the argument).
    #[error("{source}")]
    Request { what: &'static str, source: Source },
    /// The input is right and the request too, but no answer exists (no legal pairing).
    #[error("{source}")]
    NoAnswer { path: PathBuf, source: Source },
}

impl Error {
    pub fn input(path: impl Into<PathBuf>, source: impl Into<Source>) -> Error {
        Error::Input { path: path.into(), source: source.into() }
    }

    pub fn request(what: &'static str, source: impl Into<Source>) -> Error {
        Error::Request { what, source: source.into() }
    }

    /// Standard output failed: closed by its reader, or another error.
    pub fn stdout(e: std::io::Error) -> Error {
        if e.kind() == std::io::ErrorKind::BrokenPipe { Error::Closed } else { Error::Stdout(e) }
    }

    pub fn exit_code(&self) -> u8 {
        match self {
            Error::NoAnswer { .. } => 1,
            Error::Closed => 0,
            _ => 2,
        }
    }

    /// Where and what, for either format.
    pub fn report(&self) -> Report {
        let mut r = Report { message: self.to_string(), exit_code: self.exit_code(), ..Report::default() };
        match self {
            Error::Read { path, .. }
            | Error::TooLarge { path, .. }
            | Error::Write { path, .. }
            | Error::Exists { path } => {
                r.file = Some(shown(path));
            }
            Error::Input { path, source } | Error::NoAnswer { path, source } => {
                r.file = Some(shown(path));
                if let Some((line, column)) = position(source.as_ref()) {
                    r.message = strip_position(&r.message, line, column);
                    (r.line, r.column) = (Some(line), column);
                }
            }
            Error::Request { what, .. } => r.option = Some(what),
            Error::Stdout(_) | Error::Closed => {}
        }
        r
    }
}

fn shown(path: &Path) -> String {
    if crate::files::is_stdin(path) { "<stdin>".into() } else { path.display().to_string() }
}

/// An error as reported: `shinpan: FILE:LINE:COLUMN: message`, or as JSON.
#[derive(Debug, Default, serde::Serialize)]
pub struct Report {
    pub file: Option<String>,
    pub line: Option<usize>,
    pub column: Option<usize>,
    pub option: Option<&'static str>,
    pub message: String,
    pub exit_code: u8,
}

impl Report {
    pub fn human(&self) -> String {
        let mut place = String::new();
        if let Some(f) = &self.file {
            place += f;
            if let Some(l) = self.line {
                place += &format!(":{l}");
                if let Some(c) = self.column {
                    place += &format!(":{c}");
                }
            }
        } else if let Some(o) = self.option {
            place += o;
        }
        if place.is_empty() {
            format!("shinpan: {}", self.message)
        } else {
            format!("shinpan: {place}: {}", self.message)
        }
    }

    pub fn json(&self) -> String {
        serde_json::json!({ "error": self }).to_string()
    }
}

/// The line and column (when known) a library error is at: the structured fields of the
/// errors that have them.
fn position(e: &(dyn std::error::Error + 'static)) -> Option<(usize, Option<usize>)> {
    use tournament::{DirectorError, Error as TrfError};
    let trf = |e: &TrfError| match e {
        TrfError::Parse { line, column, .. } => Some((*line, Some(*column))),
        _ => None,
    };
    if let Some(e) = e.downcast_ref::<DirectorError>() {
        return match e {
            DirectorError::Trf(e) => trf(e),
            DirectorError::Unencodable(e) => Some((e.line, None)),
            _ => None,
        };
    }
    if let Some(e) = e.downcast_ref::<TrfError>() {
        return trf(e);
    }
    if let Some(e) = e.downcast_ref::<arbiter::records::RecordError>() {
        return match e {
            arbiter::records::RecordError::Shogi { source } => Some((source.line, Some(source.column))),
            arbiter::records::RecordError::Sgf { source } => Some((source.line, Some(source.column))),
        };
    }
    if let Some(e) = e.downcast_ref::<rating::fesa::FesaError>() {
        use rating::fesa::FesaError::*;
        return match e {
            Syntax { line, col, .. } => Some((*line, Some(*col))),
            UnknownPlayer { line, .. } | Input { line, .. } if *line > 0 => Some((*line, None)),
            _ => None,
        };
    }
    None
}

/// The message without the `line L, column C: ` it starts with (or holds after a prefix such as
/// `as kif: `), now that the place is given before it.
fn strip_position(message: &str, line: usize, column: Option<usize>) -> String {
    let mut forms = vec![format!("line {line}: ")];
    if let Some(c) = column {
        forms.insert(0, format!("line {line}, column {c}: "));
        forms.insert(1, format!("line {line}, col {c}: "));
    }
    for f in forms {
        if let Some(i) = message.find(&f) {
            return format!("{}{}", &message[..i], &message[i + f.len()..]);
        }
    }
    message.to_string()
}

pub type Result<T> = std::result::Result<T, Error>;

/// Writes `bytes` to `path`, or to standard output when `path` is `None` or `-`.
pub fn write_out(path: Option<&Path>, bytes: &[u8]) -> Result<()> {
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
    out.write_all(bytes).and_then(|()| out.flush()).map_err(Error::stdout)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_format_with_the_place_first() {
        let parse = tournament::Error::Parse { line: 3, column: 7, reason: "bad colour 'x'".into() };
        let e = Error::input("t.trf", tournament::DirectorError::Trf(parse));
        assert_eq!(e.report().human(), "shinpan: t.trf:3:7: bad colour 'x'");
        let json: serde_json::Value = serde_json::from_str(&e.report().json()).unwrap();
        assert_eq!(json["error"]["line"], 3);
        assert_eq!(json["error"]["column"], 7);
        assert_eq!(json["error"]["exit_code"], 2);
        let e = Error::request("--sfen", "bad sfen");
        assert_eq!(e.report().human(), "shinpan: --sfen: bad sfen");
        assert_eq!(
            strip_position("as kif: line 2, column 1: no moves (0 moves read)", 2, Some(1)),
            "as kif: no moves (0 moves read)"
        );
    }
}
