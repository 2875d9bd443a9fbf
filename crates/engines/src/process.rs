//! An engine process: its input, and its output read by a thread into a channel so that every
//! read can have a deadline.

use std::io::{BufRead, BufReader, Read, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{Receiver, RecvTimeoutError, channel};
use std::time::Instant;

#[derive(Debug, thiserror::Error)]
pub enum EngineError {
    #[error("cannot start `{cmd}`: {source}")]
    Start { cmd: String, source: std::io::Error },
    #[error("{name} closed its output")]
    Closed { name: String },
    #[error("{name} did not answer `{what}` in time")]
    Timeout { name: String, what: String },
    #[error("{name}: {detail}")]
    Protocol { name: String, detail: String },
}

pub(crate) struct Process {
    pub name: String,
    child: Child,
    stdin: ChildStdin,
    lines: Receiver<String>,
}

impl Process {
    /// Starts `cmd` through `sh -c` (so it may carry arguments); stderr is discarded.
    pub fn start(name: &str, cmd: &str) -> Result<Process, EngineError> {
        let mut child = Command::new("sh")
            .arg("-c")
            .arg(format!("exec {cmd}"))
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .map_err(|source| EngineError::Start { cmd: cmd.to_string(), source })?;
        let stdin = child.stdin.take().expect("piped");
        let stdout = child.stdout.take().expect("piped");
        let (tx, lines) = channel();
        std::thread::spawn(move || {
            let mut out = BufReader::new(stdout);
            while let Some(line) = read_line(&mut out) {
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        Ok(Process { name: name.to_string(), child, stdin, lines })
    }

    pub fn send(&mut self, line: &str) -> Result<(), EngineError> {
        writeln!(self.stdin, "{line}")
            .and_then(|_| self.stdin.flush())
            .map_err(|_| EngineError::Closed { name: self.name.clone() })
    }

    /// The next line, by `deadline` (`None`: no deadline).
    pub fn line(&mut self, deadline: Option<Instant>, what: &str) -> Result<String, EngineError> {
        let got = match deadline {
            None => self.lines.recv().map_err(|_| RecvTimeoutError::Disconnected),
            Some(d) => self.lines.recv_timeout(d.saturating_duration_since(Instant::now())),
        };
        match got {
            Ok(l) => Ok(l.trim_end_matches('\r').to_string()),
            Err(RecvTimeoutError::Timeout) => {
                Err(EngineError::Timeout { name: self.name.clone(), what: what.to_string() })
            }
            Err(RecvTimeoutError::Disconnected) => Err(EngineError::Closed { name: self.name.clone() }),
        }
    }

    /// Lines until one for which `f` is true, by `deadline`.
    pub fn until(
        &mut self,
        deadline: Option<Instant>,
        what: &str,
        f: impl Fn(&str) -> bool,
    ) -> Result<String, EngineError> {
        loop {
            let l = self.line(deadline, what)?;
            if f(&l) {
                return Ok(l);
            }
        }
    }

    pub fn protocol(&self, detail: impl Into<String>) -> EngineError {
        EngineError::Protocol { name: self.name.clone(), detail: detail.into() }
    }
}

/// An engine's line is cut here (the rest up to its line feed is skipped): an engine is a
/// program of someone else's, and one that prints without end must not take the memory.
const MAX_LINE: u64 = 64 * 1024;

/// The next line of an engine's output, without its line feed; `None` at the end of it. Bytes
/// that are no UTF-8 become U+FFFD: many shogi engines print their `id name` and `info string`
/// in Shift_JIS, and the words that matter (`usiok`, `bestmove 7g7f`, `= C3`) are ASCII.
fn read_line(out: &mut impl BufRead) -> Option<String> {
    let mut buf = Vec::new();
    let n = out.by_ref().take(MAX_LINE).read_until(b'\n', &mut buf).ok()?;
    if n == 0 {
        return None;
    }
    if buf.last() == Some(&b'\n') {
        buf.pop();
    } else if n as u64 == MAX_LINE {
        // The rest of an over-long line, consumed without being kept.
        out.skip_until(b'\n').ok()?;
    }
    Some(String::from_utf8_lossy(&buf).into_owned())
}

impl Drop for Process {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_that_are_no_utf8_or_too_long_are_read_on() {
        let mut input = Vec::new();
        input.extend_from_slice(b"id name \x93\xfa\x96\x7b\r\n");
        input.extend(std::iter::repeat_n(b'x', 3 * MAX_LINE as usize + 5));
        input.extend_from_slice(b"\nbestmove 7g7f\nlast");
        let mut r = &input[..];
        assert_eq!(read_line(&mut r).as_deref(), Some("id name \u{fffd}\u{fffd}\u{fffd}{\r"));
        assert_eq!(read_line(&mut r).map(|l| l.len()), Some(MAX_LINE as usize));
        assert_eq!(read_line(&mut r).as_deref(), Some("bestmove 7g7f"));
        assert_eq!(read_line(&mut r).as_deref(), Some("last"));
        assert_eq!(read_line(&mut r), None);
    }
}
