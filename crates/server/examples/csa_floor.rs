//! The floor of issue 16's CSA benchmark: a stand-in server that does only what the load
//! (`csa_load`) needs and nothing a referee must do. It accepts any LOGIN, pairs the two sides
//! of a game name, sends a bare summary, and echoes each move to both players once the line is
//! durable (one append file, group commit, `fdatasync`), without reading the move, running a
//! clock, storing a game or serving watchers. The games per second it reaches on a machine is
//! the most a server that makes moves durable before their echo can reach there under this
//! load: the unavoidable part is the loopback TCP of the three lines a move costs and the
//! disk's flush. Never a server to play on.
//!
//! ```text
//! cargo run --release -p shinpan-server --example csa_floor -- 127.0.0.1:4091 /tmp/floor.log
//! ```

use std::collections::HashMap;
use std::io::Write as _;
use std::sync::{Arc, Mutex};
use tokio::io::{AsyncBufReadExt, AsyncWriteExt, BufReader};
use tokio::net::tcp::{OwnedReadHalf, OwnedWriteHalf};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::oneshot;

/// A line to make durable, and who waits for it.
type Append = (Vec<u8>, oneshot::Sender<()>);

/// The group commit: takes every line waiting, writes them with one `write`, one `fdatasync`,
/// then answers each.
fn writer(path: &str, rx: std::sync::mpsc::Receiver<Append>) {
    let mut file = std::fs::OpenOptions::new().create(true).append(true).open(path).expect("the log file opens");
    let mut buf = Vec::new();
    let mut waiting = Vec::new();
    while let Ok((line, done)) = rx.recv() {
        buf.extend_from_slice(&line);
        waiting.push(done);
        while let Ok((line, done)) = rx.try_recv() {
            buf.extend_from_slice(&line);
            waiting.push(done);
        }
        file.write_all(&buf).expect("the log is written");
        file.sync_data().expect("the log is flushed");
        buf.clear();
        for done in waiting.drain(..) {
            let _ = done.send(());
        }
    }
}

/// Both players' write halves, Black's first.
type Seats = Arc<[tokio::sync::Mutex<OwnedWriteHalf>; 2]>;

struct Waiting {
    out: OwnedWriteHalf,
    seated: oneshot::Sender<Seats>,
}

#[derive(Clone)]
struct Floor {
    log: std::sync::mpsc::Sender<Append>,
    lobby: Arc<Mutex<HashMap<String, Waiting>>>,
}

impl Floor {
    async fn durable(&self, line: String) {
        let (done, wait) = oneshot::channel();
        if self.log.send((line.into_bytes(), done)).is_ok() {
            let _ = wait.await;
        }
    }

    async fn connection(self, stream: TcpStream) -> std::io::Result<()> {
        stream.set_nodelay(true)?;
        let (r, mut w) = stream.into_split();
        let mut lines = BufReader::new(r).lines();
        let Some(login) = lines.next_line().await? else { return Ok(()) };
        // LOGIN <name> <game>-<B|W>,<secret>
        let mut words = login.split_whitespace().skip(1);
        let (name, pass) = (words.next().unwrap_or("").to_string(), words.next().unwrap_or(""));
        let game = pass.split(',').next().unwrap_or("");
        let (game, side) = match game.rsplit_once('-') {
            Some((g, "B")) => (g.to_string(), 0),
            Some((g, _)) => (g.to_string(), 1),
            None => return Ok(()),
        };
        w.write_all(format!("LOGIN:{name} OK\n").as_bytes()).await?;
        // Taken and, if empty, filled under one lock: the two sides log in at once.
        let seated = {
            let mut lobby = self.lobby.lock().expect("lobby");
            match lobby.remove(&game) {
                Some(o) => Ok((o, w)),
                None => {
                    let (seated, wait) = oneshot::channel();
                    lobby.insert(game.clone(), Waiting { out: w, seated });
                    Err(wait)
                }
            }
        };
        let seats = match seated {
            Ok((o, w)) => {
                let outs = if side == 0 { [w, o.out] } else { [o.out, w] };
                let seats: Seats = Arc::new(outs.map(tokio::sync::Mutex::new));
                let _ = o.seated.send(seats.clone());
                seats
            }
            Err(wait) => match wait.await {
                Ok(s) => s,
                Err(_) => return Ok(()),
            },
        };
        let summary = format!(
            "BEGIN Game_Summary\nGame_ID:{game}\nYour_Turn:{}\nTo_Move:+\nEND Game_Summary\n",
            ["+", "-"][side]
        );
        seats[side].lock().await.write_all(summary.as_bytes()).await?;
        self.play(&mut lines, &seats, side, &game).await
    }

    async fn play(
        &self,
        lines: &mut tokio::io::Lines<BufReader<OwnedReadHalf>>,
        seats: &Seats,
        side: usize,
        game: &str,
    ) -> std::io::Result<()> {
        while let Some(l) = lines.next_line().await? {
            match l.as_str() {
                "AGREE" => seats[side].lock().await.write_all(format!("START:{game}\n").as_bytes()).await?,
                "%TORYO" => {
                    self.durable(format!("{game} {l}\n")).await;
                    seats[side].lock().await.write_all(b"%TORYO\n#RESIGN\n#LOSE\n").await?;
                    seats[1 - side].lock().await.write_all(b"%TORYO\n#RESIGN\n#WIN\n").await?;
                }
                "LOGOUT" => {
                    seats[side].lock().await.write_all(b"LOGOUT:completed\n").await?;
                    seats[side].lock().await.shutdown().await?;
                    return Ok(());
                }
                "" => {}
                mv => {
                    self.durable(format!("{game} {mv}\n")).await;
                    let echo = format!("{mv},T0\n");
                    seats[side].lock().await.write_all(echo.as_bytes()).await?;
                    seats[1 - side].lock().await.write_all(echo.as_bytes()).await?;
                }
            }
        }
        Ok(())
    }
}

#[tokio::main]
async fn main() -> std::io::Result<()> {
    let mut args = std::env::args().skip(1);
    let addr = args.next().unwrap_or_else(|| "127.0.0.1:4091".into());
    let path = args.next().unwrap_or_else(|| "csa_floor.log".into());
    // As `shinpan serve` does: the benchmark holds 10,000 idle connections.
    let _ = rlimit::increase_nofile_limit(u64::MAX);
    let (log, rx) = std::sync::mpsc::channel();
    std::thread::spawn(move || writer(&path, rx));
    let floor = Floor { log, lobby: Arc::default() };
    let listener = TcpListener::bind(&addr).await?;
    loop {
        let Ok((stream, _)) = listener.accept().await else { continue };
        let f = floor.clone();
        tokio::spawn(async move {
            let _ = f.connection(stream).await;
        });
    }
}
