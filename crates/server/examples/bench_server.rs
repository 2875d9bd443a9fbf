//! `make bench-server`: the live server under load on loopback, beside a baseline measured in the
//! same run on the same disk.
//!
//! 1. The baseline: single-event transactions (`INSERT` + `COMMIT`, SQLite WAL, synchronous FULL)
//!    as fast as one connection commits them — what a server without group commit could
//!    acknowledge at most.
//! 2. `shinpan serve` (target/release/shinpan, or `SHINPAN_BIN`) on a fresh SQLite database;
//!    GAMES live shogi games between bot accounts (API tokens), created over HTTP.
//! 3. Throughput: the bots play every game at once over CONNECTIONS WebSockets (each connection
//!    plays its games, one act in flight per game), each act timed from send to acknowledgement
//!    (durable): moves per second, and the latency's median and 99th percentile.
//! 4. Memory: the server's resident set before and after the games are live, per game.
//! 5. Restart: the server killed and started again on the database: time until it answers with
//!    every game live again.
//!
//! Usage: `cargo run --release -p shinpan-server --example bench_server -- [GAMES] [SECONDS]`
//! (defaults 10000 and 10).

use futures_util::{SinkExt, StreamExt};
use serde_json::{Value, json};
use sqlx::Connection;
use std::collections::{HashMap, VecDeque};
use std::process::Stdio;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};
use tokio::io::{AsyncBufReadExt, BufReader};
use tokio::process::{Child, Command};
use tokio::sync::Mutex;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::tungstenite::client::IntoClientRequest;

const CONNECTIONS: usize = 64;
/// The load at which latency is measured: the issue's throughput goal (or 80 % of the measured
/// maximum when that is lower).
const OFFERED: f64 = 5000.0;

fn shinpan_bin() -> String {
    std::env::var("SHINPAN_BIN")
        .unwrap_or_else(|_| concat!(env!("CARGO_MANIFEST_DIR"), "/../../target/release/shinpan").into())
}

async fn serve(db: &str) -> (Child, String, Instant) {
    let started = Instant::now();
    let mut child = Command::new(shinpan_bin())
        .args(["serve", "--listen", "127.0.0.1:0", "--database", db])
        .env("RUST_LOG", "warn,server=info")
        .stderr(Stdio::piped())
        .kill_on_drop(true)
        .spawn()
        .expect("target/release/shinpan (make build) or SHINPAN_BIN");
    let mut lines = BufReader::new(child.stderr.take().unwrap()).lines();
    let addr = loop {
        let line = lines.next_line().await.unwrap().expect("the server logs where it listens");
        if line.contains("live games restored") {
            println!("  server: {}", line.split("INFO").last().unwrap_or(&line).trim());
        }
        if let Some(rest) = line.split("addr=").nth(1) {
            break rest.split_whitespace().next().unwrap().to_string();
        }
    };
    tokio::spawn(async move {
        while let Ok(Some(line)) = lines.next_line().await {
            if line.contains("live games restored") {
                println!("  server: {}", line.split("INFO").last().unwrap_or(&line).trim());
            }
        }
    });
    (child, addr, started)
}

/// The process's CPU time (user and system) in milliseconds.
fn cpu_ms(pid: u32) -> u64 {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).unwrap_or_default();
    // The fields after the command's closing parenthesis; utime and stime are the 12th and 13th.
    let rest = stat.rsplit(')').next().unwrap_or("");
    let f: Vec<u64> = rest.split_whitespace().filter_map(|x| x.parse().ok()).collect();
    f.get(10).zip(f.get(11)).map_or(0, |(u, s)| (u + s) * 10)
}

fn rss_kib(pid: u32) -> u64 {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap_or_default();
    status
        .lines()
        .find_map(|l| l.strip_prefix("VmRSS:"))
        .and_then(|v| v.split_whitespace().next()?.parse().ok())
        .unwrap_or(0)
}

async fn account(http: &reqwest::Client, base: &str, name: &str) -> String {
    let creds = json!({"name": name, "password": "password-1"});
    http.post(format!("{base}/api/accounts")).json(&creds).send().await.unwrap();
    let login = http.post(format!("{base}/api/session")).json(&creds).send().await.unwrap();
    let cookie = login.headers()["set-cookie"].to_str().unwrap().split(';').next().unwrap().to_string();
    let csrf = login.json::<Value>().await.unwrap()["csrf"].as_str().unwrap().to_string();
    let t: Value = http
        .post(format!("{base}/api/tokens"))
        .header("cookie", cookie)
        .header("x-csrf-token", csrf)
        .json(&json!({"name": "bench"}))
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    t["token"].as_str().unwrap().to_string()
}

/// Single-event transactions on one connection for `secs`: commits per second.
async fn baseline(dir: &std::path::Path, secs: f64) -> f64 {
    sqlx::any::install_default_drivers();
    let url = format!("sqlite://{}?mode=rwc", dir.join("baseline.db").display());
    let mut c = sqlx::AnyConnection::connect(&url).await.unwrap();
    for p in ["PRAGMA journal_mode = WAL", "PRAGMA synchronous = FULL"] {
        sqlx::query(p).execute(&mut c).await.unwrap();
    }
    sqlx::query(
        "CREATE TABLE events (game_id BIGINT, seq BIGINT, t_ms BIGINT, event TEXT, PRIMARY KEY (game_id, seq))",
    )
    .execute(&mut c)
    .await
    .unwrap();
    let start = Instant::now();
    let mut n = 0i64;
    while start.elapsed().as_secs_f64() < secs {
        let mut tx = c.begin().await.unwrap();
        sqlx::query("INSERT INTO events VALUES ($1, $2, $3, $4)")
            .bind(1i64)
            .bind(n)
            .bind(n)
            .bind(r#"{"type":"move","t":1,"move":"7g7f","side":"black"}"#)
            .execute(&mut *tx)
            .await
            .unwrap();
        tx.commit().await.unwrap();
        n += 1;
    }
    n as f64 / start.elapsed().as_secs_f64()
}

fn moves() -> Vec<String> {
    // A real 400-move game that ended by declaration (no mate, no repetition): every game stays
    // live through the whole run.
    let path =
        concat!(env!("CARGO_MANIFEST_DIR"), "/../arbiter/tests/data/real-world/shogi/kfjs-aobazero-viper-kachi.csa");
    let csa = std::fs::read(path).unwrap();
    shogi::formats::read(&csa).unwrap()[0].moves.iter().map(|m| m.mv.to_usi()).collect()
}

type Socket = tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>>;

async fn ws(addr: &str, token: &str) -> Socket {
    let mut req = format!("ws://{addr}/api/ws").into_client_request().unwrap();
    req.headers_mut().insert("authorization", format!("Bearer {token}").parse().unwrap());
    tokio_tungstenite::connect_async(req).await.unwrap().0
}

#[tokio::main(flavor = "multi_thread", worker_threads = 2)]
async fn main() {
    let args: Vec<String> = std::env::args().collect();
    let games: usize = args.get(1).and_then(|a| a.parse().ok()).unwrap_or(10_000);
    let secs: f64 = args.get(2).and_then(|a| a.parse().ok()).unwrap_or(10.0);
    let tmp = tempfile::tempdir().unwrap();
    let dir = match std::env::var("BENCH_KEEP") {
        // Keep the databases for a look afterwards.
        Ok(d) => tempfile::TempDir::with_prefix_in("bench-", d).unwrap().keep(),
        Err(_) => tmp.path().to_path_buf(),
    };

    let base_rate = baseline(dir.as_path(), 3.0).await;
    println!("baseline: single-event transactions (SQLite WAL, synchronous FULL): {base_rate:.0} commits/s");

    let db = format!("sqlite://{}", dir.as_path().join("shinpan.db").display());
    let (mut server, addr, _) = serve(&db).await;
    let pid = server.id().unwrap();
    let base = format!("http://{addr}");
    let http = reqwest::Client::new();
    let black = account(&http, &base, "black-bot").await;
    let white = account(&http, &base, "white-bot").await;
    let rss_empty = rss_kib(pid);
    let setup = json!({"ruleset": "fesa-2017", "time": {
        "black": {"main_ms": 36_000_000, "overtime": {"kind": "byo_yomi", "period_ms": 60_000, "periods": 1}},
        "white": {"main_ms": 36_000_000, "overtime": {"kind": "byo_yomi", "period_ms": 60_000, "periods": 1}}},
        "board": {"game": "shogi"}});
    let t = Instant::now();
    let ids = Arc::new(Mutex::new(Vec::new()));
    let mut creators = Vec::new();
    for k in 0..16 {
        let (http, base, black, white, setup, ids) =
            (http.clone(), base.clone(), black.clone(), white.clone(), setup.clone(), ids.clone());
        creators.push(tokio::spawn(async move {
            for _ in (k..games).step_by(16) {
                let v: Value = http
                    .post(format!("{base}/api/games"))
                    .bearer_auth(&black)
                    .json(&json!({"setup": setup, "color": "black"}))
                    .send()
                    .await
                    .unwrap()
                    .json()
                    .await
                    .unwrap();
                let id = v["id"].as_i64().unwrap();
                let r = http.post(format!("{base}/api/games/{id}/accept")).bearer_auth(&white).send().await.unwrap();
                assert_eq!(r.status(), 200);
                ids.lock().await.push(id);
            }
        }));
    }
    for c in creators {
        c.await.unwrap();
    }
    let ids: Vec<i64> = ids.lock().await.clone();
    let rss_live = rss_kib(pid);
    println!(
        "{games} live games created in {:.1} s; server RSS {} MiB empty, {} MiB with the games: {:.1} KiB per live game",
        t.elapsed().as_secs_f64(),
        rss_empty / 1024,
        rss_live / 1024,
        (rss_live - rss_empty) as f64 / games as f64
    );

    // Latency under an offered load in the steady state, throughput as fast as the server
    // acknowledges, then latency again while the checkpoint catches up with that burst.
    let moves = Arc::new(moves());
    let mut next: HashMap<i64, usize> = ids.iter().map(|&g| (g, 0)).collect();
    let tokens = (black.as_str(), white.as_str());
    let offered = std::env::var("BENCH_OFFERED").ok().and_then(|v| v.parse().ok()).unwrap_or(OFFERED);
    let pace = Duration::from_secs_f64(CONNECTIONS as f64 / offered);
    let Load { rate, p50, p99, .. } = load(&addr, tokens, &mut next, &moves, Some(pace), secs).await;
    println!("latency at {offered:.0} moves/s offered ({rate:.0}/s acknowledged): p50 {p50:.2} ms, p99 {p99:.2} ms");
    let cpu = cpu_ms(pid);
    let Load { acked, rate, p50, p99 } = load(&addr, tokens, &mut next, &moves, None, secs).await;
    let per_move = (cpu_ms(pid) - cpu) as f64 * 1000.0 / acked as f64;
    println!(
        "throughput: {rate:.0} acknowledged (durable) moves/s over {secs:.0} s in {games} live games, {} connections, \
         one act in flight per game (p50 {p50:.1} ms, p99 {p99:.1} ms, queueing); ratio to the single-commit baseline {:.1}; \
         server CPU {per_move:.0} µs per move",
        2 * CONNECTIONS,
        rate / base_rate
    );
    let Load { rate, p50, p99, .. } = load(&addr, tokens, &mut next, &moves, Some(pace), secs).await;
    println!(
        "latency at {offered:.0} moves/s offered right after the burst ({rate:.0}/s acknowledged): \
         p50 {p50:.2} ms, p99 {p99:.2} ms"
    );

    // Restart.
    server.start_kill().unwrap();
    server.wait().await.unwrap();
    let (server, addr, started) = serve(&db).await;
    let listening = started.elapsed().as_secs_f64();
    let h: Value = http.get(format!("http://{addr}/health")).send().await.unwrap().json().await.unwrap();
    println!(
        "restart: {} live games restored and listening {listening:.2} s after the process started",
        h["live_games"]
    );
    drop(server);
}

/// Plays its games with one connection per side, one act in flight per game: as fast as the
/// acknowledgements come (`pace` None), or one act every `pace` (an offered load), the next
/// game whose last act was acknowledged. `next` holds each game's next move; returned with the
/// acts in flight acknowledged when `stop` is set, with the latencies in microseconds.
async fn play(
    (black, white): Pair,
    mut next: HashMap<i64, usize>,
    moves: Arc<Vec<String>>,
    pace: Option<Duration>,
    stop: Arc<AtomicBool>,
) -> (HashMap<i64, usize>, Vec<u32>) {
    let (mut bs, mut br) = black.split();
    let (mut wsink, mut wr) = white.split();
    let mut sent: HashMap<i64, Instant> = HashMap::new();
    let mut ready: VecDeque<i64> = next.iter().filter(|&(_, &i)| i < moves.len()).map(|(&g, _)| g).collect();
    let mut ticks = tokio::time::interval(pace.unwrap_or(Duration::from_secs(3600)));
    ticks.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Burst);
    let act = |game: i64, mv: &str| {
        let text = json!({"type": "act", "game": game, "id": game, "action": {"kind": "move", "move": mv}});
        Message::Text(text.to_string().into())
    };
    let mut latencies = Vec::new();
    let mut due = 0usize;
    loop {
        let stopping = stop.load(Ordering::Relaxed);
        if stopping && sent.is_empty() {
            break;
        }
        while !stopping && (pace.is_none() || due > 0) {
            let Some(g) = ready.pop_front() else { break };
            due = due.saturating_sub(1);
            let i = next[&g];
            sent.insert(g, Instant::now());
            let sink = if i.is_multiple_of(2) { &mut bs } else { &mut wsink };
            sink.send(act(g, &moves[i])).await.unwrap();
        }
        let msg = tokio::select! {
            m = br.next() => m,
            m = wr.next() => m,
            _ = ticks.tick(), if pace.is_some() && !stopping => { due += 1; continue }
            _ = tokio::time::sleep(Duration::from_millis(50)) => continue,
        };
        let Some(Ok(Message::Text(text))) = msg else { continue };
        let v: Value = serde_json::from_str(&text).unwrap();
        if v["type"] != "ack" {
            continue;
        }
        let g = v["id"].as_i64().unwrap();
        assert_eq!(v["answer"]["verdict"], "accepted", "{v}");
        if let Some(s) = sent.remove(&g) {
            latencies.push(s.elapsed().as_micros() as u32);
        }
        let i = next.get_mut(&g).unwrap();
        *i += 1;
        if *i < moves.len() {
            ready.push_back(g);
        }
    }
    (next, latencies)
}

type Pair = (Socket, Socket);

struct Load {
    acked: usize,
    rate: f64,
    p50: f64,
    p99: f64,
}

/// Plays every game for `secs` over CONNECTIONS pairs of new connections: moves per second,
/// the latency's p50 and p99 in ms.
async fn load(
    addr: &str,
    tokens: (&str, &str),
    next: &mut HashMap<i64, usize>,
    moves: &Arc<Vec<String>>,
    pace: Option<Duration>,
    secs: f64,
) -> Load {
    let stop = Arc::new(AtomicBool::new(false));
    let ids: Vec<i64> = next.keys().copied().collect();
    let before: usize = next.values().sum();
    let mut pairs = Vec::new();
    for _ in 0..CONNECTIONS {
        pairs.push((ws(addr, tokens.0).await, ws(addr, tokens.1).await));
    }
    let t = Instant::now();
    let mut tasks = Vec::new();
    for (c, pair) in pairs.into_iter().enumerate() {
        let mine = ids.iter().skip(c).step_by(CONNECTIONS).map(|g| (*g, next[g])).collect();
        tasks.push(tokio::spawn(play(pair, mine, moves.clone(), pace, stop.clone())));
    }
    tokio::time::sleep(Duration::from_secs_f64(secs)).await;
    stop.store(true, Ordering::Relaxed);
    let mut l = Vec::new();
    for task in tasks {
        let (n, lat) = task.await.unwrap();
        next.extend(n);
        l.extend(lat);
    }
    let elapsed = t.elapsed().as_secs_f64();
    let acked = next.values().sum::<usize>() - before;
    l.sort_unstable();
    let pct = |p: f64| l.get(((l.len() as f64 - 1.0) * p) as usize).copied().unwrap_or(0) as f64 / 1000.0;
    Load { acked, rate: acked as f64 / elapsed, p50: pct(0.5), p99: pct(0.99) }
}
