//! A scripted load on a CSA server (issue 16's benchmark): `--pairs` pairs of clients, each pair
//! playing the same fixed 60-move game and then `%TORYO`, game after game, for `--seconds`; and
//! `--idle` connections held open meanwhile. The same load runs against shinpan and the Ruby
//! shogi-server (`make bench-csa`, mk/bench-csa.mk).
//!
//! The clients are ordinary: they leave Nagle's algorithm on, as most engines' CSA clients do.
//! A move's delivery time is from the mover's write to the line arriving at the opponent.
//!
//! ```text
//! cargo run --release -p shinpan-server --example csa_load -- --addr 127.0.0.1:4081 --pairs 50 --seconds 20
//! ```

use clap::Parser;
use shogi::Position;
use std::net::SocketAddr;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::{Duration, Instant};
use tokio::io::{AsyncBufReadExt, AsyncWriteExt, BufReader};
use tokio::net::TcpStream;
use tokio::net::tcp::{OwnedReadHalf, OwnedWriteHalf};

#[derive(Parser)]
struct Args {
    /// The CSA server.
    #[arg(long, default_value = "127.0.0.1:4081")]
    addr: SocketAddr,
    /// Pairs of clients playing at once.
    #[arg(long, default_value_t = 50)]
    pairs: usize,
    /// How long new games are started; games under way are finished.
    #[arg(long, default_value_t = 20)]
    seconds: u64,
    /// Connections opened first and held, silent, through the run.
    #[arg(long, default_value_t = 0)]
    idle: usize,
    /// Moves of the fixed game before the side to move resigns.
    #[arg(long, default_value_t = 60)]
    moves: usize,
    /// Prefix of the players' names (distinct per run keeps servers' accounts apart).
    #[arg(long, default_value = "bench")]
    prefix: String,
    /// Print the figures as one JSON object.
    #[arg(long)]
    json: bool,
}

/// A fixed game of `n` moves that ends in none of the ways a game ends: a seeded walk through
/// legal moves that never mates and never repeats a position.
fn fixed_game(n: usize) -> Vec<String> {
    let mut seed: u64 = 0x9E37_79B9_7F4A_7C15;
    'attempt: loop {
        let mut pos = Position::startpos();
        let mut seen = std::collections::HashSet::new();
        let mut out = Vec::with_capacity(n);
        seen.insert(pos.to_sfen());
        for _ in 0..n {
            let moves = pos.legal_moves();
            let mut tries = 0;
            loop {
                seed ^= seed << 13;
                seed ^= seed >> 7;
                seed ^= seed << 17;
                let m = moves[(seed % moves.len() as u64) as usize];
                let mut after = pos.clone();
                after.play_unchecked(m);
                let key = after.to_sfen().rsplit_once(' ').map(|(k, _)| k.to_string()).unwrap_or_default();
                if !after.legal_moves().is_empty() && seen.insert(key) {
                    out.push(shogi::formats::csa::move_to_csa(&pos, m));
                    pos = after;
                    break;
                }
                tries += 1;
                if tries > 50 {
                    continue 'attempt;
                }
            }
        }
        return out;
    }
}

struct Client {
    lines: tokio::io::Lines<BufReader<OwnedReadHalf>>,
    out: OwnedWriteHalf,
}

impl Client {
    async fn login(addr: SocketAddr, name: &str, password: &str) -> std::io::Result<Client> {
        let s = TcpStream::connect(addr).await?;
        let (r, w) = s.into_split();
        let mut c = Client { lines: BufReader::new(r).lines(), out: w };
        c.send(&format!("LOGIN {name} {password}")).await?;
        let l = c.line().await?;
        if !l.starts_with("LOGIN:") || !l.ends_with(" OK") {
            return Err(std::io::Error::other(format!("{name}: {l}")));
        }
        Ok(c)
    }

    async fn send(&mut self, line: &str) -> std::io::Result<()> {
        self.out.write_all(format!("{line}\n").as_bytes()).await
    }

    async fn line(&mut self) -> std::io::Result<String> {
        self.lines.next_line().await?.ok_or_else(|| std::io::Error::other("the server closed the connection"))
    }

    /// Reads up to and including the first line that starts with `prefix`.
    async fn until(&mut self, prefix: &str) -> std::io::Result<String> {
        loop {
            let l = self.line().await?;
            if l.starts_with(prefix) {
                return Ok(l);
            }
        }
    }

    /// Reads the next line that is not empty (keep-alive).
    async fn next(&mut self) -> std::io::Result<String> {
        loop {
            let l = self.line().await?;
            if !l.is_empty() {
                return Ok(l);
            }
        }
    }
}

#[derive(Default)]
struct Totals {
    games: AtomicU64,
    moves: AtomicU64,
    errors: AtomicU64,
}

/// One game of pair `pair`: both log in, agree, play the fixed moves; the side to move resigns.
async fn game(args: &Args, pair: usize, moves: &[String], latencies: &mut Vec<u32>) -> std::io::Result<()> {
    let game = format!("{}{pair}-600-10", args.prefix);
    let pass = format!("{}-secret-{pair}", args.prefix);
    let (bn, wn) = (format!("{}{pair}b", args.prefix), format!("{}{pair}w", args.prefix));
    let (bp, wp) = (format!("{game}-B,{pass}"), format!("{game}-W,{pass}"));
    let (b, w) = tokio::join!(Client::login(args.addr, &bn, &bp), Client::login(args.addr, &wn, &wp));
    let mut sides = [b?, w?];
    for c in &mut sides {
        c.until("END Game_Summary").await?;
        c.send("AGREE").await?;
    }
    for c in &mut sides {
        c.until("START:").await?;
    }
    for (ply, mv) in moves.iter().enumerate() {
        let (me, them) = (ply % 2, 1 - ply % 2);
        let sent = Instant::now();
        sides[me].send(mv).await?;
        let seen = sides[them].next().await?;
        latencies.push(sent.elapsed().as_micros().min(u32::MAX as u128) as u32);
        let echo = sides[me].next().await?;
        if !seen.starts_with(mv.as_str()) || !echo.starts_with(mv.as_str()) {
            return Err(std::io::Error::other(format!("{mv}: the opponent saw {seen:?}, the mover {echo:?}")));
        }
    }
    let loser = moves.len() % 2;
    sides[loser].send("%TORYO").await?;
    for (i, c) in sides.iter_mut().enumerate() {
        let want = if i == loser { "#LOSE" } else { "#WIN" };
        let result = loop {
            let l = c.next().await?;
            if matches!(l.as_str(), "#WIN" | "#LOSE" | "#DRAW" | "#CENSORED") {
                break l;
            }
        };
        if result != want {
            return Err(std::io::Error::other(format!("{want} expected, {result} came")));
        }
    }
    for c in &mut sides {
        let _ = c.send("LOGOUT").await;
    }
    // Until the server closes, so that the names are free for the next game.
    for c in &mut sides {
        while let Ok(Some(_)) = c.lines.next_line().await {}
    }
    Ok(())
}

fn percentile(sorted: &[u32], p: f64) -> f64 {
    if sorted.is_empty() {
        return 0.0;
    }
    let i = ((sorted.len() as f64 - 1.0) * p).round() as usize;
    sorted[i] as f64 / 1000.0
}

// One thread: the load shares the machine's two cores with the server it measures, and a
// single-threaded client spends about a third less CPU a move than a work-stealing one (no
// wake-ups across threads), which leaves that CPU to the server.
#[tokio::main(flavor = "current_thread")]
async fn main() {
    let args = Arc::new(Args::parse());
    if let Err(e) = rlimit::increase_nofile_limit(u64::MAX) {
        eprintln!("could not raise the file limit: {e}");
    }
    let moves = Arc::new(fixed_game(args.moves));
    // The idle connections: opened first, silent, checked at the end.
    let mut idle = Vec::with_capacity(args.idle);
    for i in 0..args.idle {
        match TcpStream::connect(args.addr).await {
            Ok(s) => idle.push(s),
            Err(e) => {
                eprintln!("idle connection {i}: {e}");
                break;
            }
        }
    }
    let totals = Arc::new(Totals::default());
    let stop = Arc::new(AtomicBool::new(false));
    let start = Instant::now();
    let mut tasks = Vec::new();
    for pair in 0..args.pairs {
        let (args, moves, totals, stop) = (args.clone(), moves.clone(), totals.clone(), stop.clone());
        tasks.push(tokio::spawn(async move {
            let mut lat = Vec::new();
            while !stop.load(Ordering::Relaxed) {
                let before = lat.len();
                match game(&args, pair, &moves, &mut lat).await {
                    Ok(()) => {
                        totals.games.fetch_add(1, Ordering::Relaxed);
                    }
                    Err(e) => {
                        if totals.errors.fetch_add(1, Ordering::Relaxed) < 5 {
                            eprintln!("pair {pair}: {e}");
                        }
                        tokio::time::sleep(Duration::from_millis(100)).await;
                    }
                }
                totals.moves.fetch_add((lat.len() - before) as u64, Ordering::Relaxed);
            }
            lat
        }));
    }
    tokio::time::sleep(Duration::from_secs(args.seconds)).await;
    stop.store(true, Ordering::Relaxed);
    let mut lat = Vec::new();
    for t in tasks {
        lat.extend(t.await.unwrap_or_default());
    }
    let elapsed = start.elapsed().as_secs_f64();
    lat.sort_unstable();
    // An idle connection the server closed reads end-of-file at once.
    let mut held = 0;
    for s in &idle {
        let mut b = [0u8; 1];
        match s.try_read(&mut b) {
            Err(e) if e.kind() == std::io::ErrorKind::WouldBlock => held += 1,
            _ => {}
        }
    }
    let games = totals.games.load(Ordering::Relaxed);
    let moves_played = totals.moves.load(Ordering::Relaxed);
    let errors = totals.errors.load(Ordering::Relaxed);
    let (p50, p99, max) = (percentile(&lat, 0.5), percentile(&lat, 0.99), percentile(&lat, 1.0));
    if args.json {
        println!(
            "{}",
            serde_json::json!({
                "pairs": args.pairs, "seconds": elapsed, "games": games, "games_per_s": games as f64 / elapsed,
                "moves": moves_played, "moves_per_s": moves_played as f64 / elapsed, "errors": errors,
                "delivery_ms": {"p50": p50, "p99": p99, "max": max}, "idle": {"opened": idle.len(), "held": held},
            })
        );
    } else {
        println!(
            "{} pairs, {elapsed:.1} s: {games} games ({:.1}/s), {moves_played} moves ({:.0}/s), {errors} errors; \
             delivery p50 {p50:.2} ms, p99 {p99:.2} ms, max {max:.2} ms; idle connections held {held} of {}",
            args.pairs,
            games as f64 / elapsed,
            moves_played as f64 / elapsed,
            idle.len()
        );
    }
}
