//! A minimal GTP client for GNU Go (the oracle of the Go differential tests and benchmark).
//! Commands can be pipelined: `send_all` writes a batch before reading the answers, which keeps
//! the test fast without changing what is compared.

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};

pub const GNUGO: &str = "/usr/games/gnugo";

pub struct Gtp {
    child: Child,
    stdin: ChildStdin,
    stdout: BufReader<ChildStdout>,
}

impl Gtp {
    /// Start GNU Go in GTP mode with extra arguments (e.g. `--level 1`).
    pub fn start(args: &[&str]) -> Gtp {
        let mut child = Command::new(GNUGO)
            .args(["--mode", "gtp"])
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .unwrap_or_else(|e| panic!("cannot start {GNUGO} (apt-get install gnugo): {e}"));
        let stdin = child.stdin.take().unwrap();
        let stdout = BufReader::new(child.stdout.take().unwrap());
        Gtp { child, stdin, stdout }
    }

    fn read_answer(&mut self) -> Result<String, String> {
        let mut text = String::new();
        loop {
            let mut line = String::new();
            let n = self.stdout.read_line(&mut line).expect("GTP read");
            assert!(n > 0, "GNU Go closed the GTP stream");
            if line.trim().is_empty() {
                if text.is_empty() {
                    continue;
                }
                break;
            }
            text.push_str(&line);
        }
        let ok = text.starts_with('=');
        let body = text[1..].trim().to_string();
        if ok { Ok(body) } else { Err(body) }
    }

    pub fn send(&mut self, cmd: &str) -> Result<String, String> {
        writeln!(self.stdin, "{cmd}").unwrap();
        self.stdin.flush().unwrap();
        self.read_answer()
    }

    /// Send a command that must succeed.
    pub fn ok(&mut self, cmd: &str) -> String {
        self.send(cmd).unwrap_or_else(|e| panic!("GTP `{cmd}` failed: {e}"))
    }

    pub fn send_all(&mut self, cmds: &[String]) -> Vec<Result<String, String>> {
        let mut batch = String::new();
        for c in cmds {
            batch.push_str(c);
            batch.push('\n');
        }
        self.stdin.write_all(batch.as_bytes()).unwrap();
        self.stdin.flush().unwrap();
        cmds.iter().map(|_| self.read_answer()).collect()
    }
}

impl Drop for Gtp {
    fn drop(&mut self) {
        let _ = writeln!(self.stdin, "quit");
        let _ = self.stdin.flush();
        let _ = self.child.wait();
    }
}

pub fn have_gnugo() -> bool {
    std::path::Path::new(GNUGO).exists()
}
