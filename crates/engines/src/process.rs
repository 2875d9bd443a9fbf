//! An engine process: its input, and its output read by a thread into a channel so that every
//! read can have a deadline.

use std::io::{BufRead, BufReader, Write};
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
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
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

impl Drop for Process {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}
