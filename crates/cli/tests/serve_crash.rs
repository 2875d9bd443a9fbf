//! The crash test of `shinpan serve`: a server process killed with SIGKILL while many games are
//! being played, restarted on the same database — every acknowledged move is there, the games
//! go on, and nobody's clock ran while it was down.

use serde_json::{Value, json};
use std::process::Stdio;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::time::Duration;
use tokio::io::{AsyncBufReadExt, BufReader};
use tokio::process::{Child, Command};

const GAMES: usize = 24;

/// Starts `shinpan serve` on `db` on a free port; returns the process and its base URL.
async fn serve(db: &str) -> (Child, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_shinpan"))
        .args(["serve", "--listen", "127.0.0.1:0", "--database", db])
        .env("RUST_LOG", "info")
        .stderr(Stdio::piped())
        .kill_on_drop(true)
        .spawn()
        .unwrap();
    let mut lines = BufReader::new(child.stderr.take().unwrap()).lines();
    let addr = loop {
        let line = tokio::time::timeout(Duration::from_secs(30), lines.next_line()).await.unwrap().unwrap().unwrap();
        if let Some(rest) = line.split("addr=").nth(1) {
            break rest.split_whitespace().next().unwrap().to_string();
        }
    };
    // Keep reading its log so that it never blocks on a full pipe.
    tokio::spawn(async move { while let Ok(Some(_)) = lines.next_line().await {} });
    (child, format!("http://{addr}"))
}

struct Api {
    http: reqwest::Client,
    base: String,
    token: String,
}

impl Api {
    async fn call(
        &self,
        method: reqwest::Method,
        path: &str,
        body: Option<Value>,
    ) -> Result<(u16, Value), reqwest::Error> {
        let mut r = self.http.request(method, format!("{}{path}", self.base)).bearer_auth(&self.token);
        if let Some(b) = body {
            r = r.json(&b);
        }
        let r = r.send().await?;
        let status = r.status().as_u16();
        Ok((status, r.json().await.unwrap_or(Value::Null)))
    }
}

async fn account(http: &reqwest::Client, base: &str, name: &str) -> Api {
    let creds = json!({"name": name, "password": "password-1"});
    http.post(format!("{base}/api/accounts")).json(&creds).send().await.unwrap();
    let login = http.post(format!("{base}/api/session")).json(&creds).send().await.unwrap();
    let cookie = login.headers()["set-cookie"].to_str().unwrap().split(';').next().unwrap().to_string();
    let csrf = login.json::<Value>().await.unwrap()["csrf"].as_str().unwrap().to_string();
    let token: Value = http
        .post(format!("{base}/api/tokens"))
        .header("cookie", cookie)
        .header("x-csrf-token", csrf)
        .json(&json!({"name": "crash test"}))
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    Api { http: http.clone(), base: base.to_string(), token: token["token"].as_str().unwrap().to_string() }
}

fn mate_moves() -> Vec<String> {
    let kif = std::fs::read(concat!(env!("CARGO_MANIFEST_DIR"), "/../../examples/shogi_mate.kif")).unwrap();
    shogi::formats::read(&kif).unwrap()[0].moves.iter().map(|m| m.mv.to_usi()).collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sigkill_mid_game_loses_no_acknowledged_move() {
    let dir = std::env::temp_dir().join(format!("shinpan-crash-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let db = format!("sqlite://{}", dir.join("shinpan.db").display());
    let (mut server, base) = serve(&db).await;
    let http = reqwest::Client::new();
    let alice = Arc::new(account(&http, &base, "alice").await);
    let bob = Arc::new(account(&http, &base, "bob").await);
    let setup = json!({"ruleset": "fesa-2017", "time": {
        "black": {"main_ms": 3_600_000, "overtime": {"kind": "byo_yomi", "period_ms": 60_000, "periods": 1}},
        "white": {"main_ms": 3_600_000, "overtime": {"kind": "byo_yomi", "period_ms": 60_000, "periods": 1}}},
        "board": {"game": "shogi"}});
    let mut ids = Vec::new();
    for _ in 0..GAMES {
        let (status, v) = alice
            .call(reqwest::Method::POST, "/api/games", Some(json!({"setup": setup, "color": "black"})))
            .await
            .unwrap();
        assert_eq!(status, 201, "{v}");
        let id = v["id"].as_i64().unwrap();
        assert_eq!(bob.call(reqwest::Method::POST, &format!("/api/games/{id}/accept"), None).await.unwrap().0, 200);
        ids.push(id);
    }
    // Every game is played as fast as the server acknowledges; each player records the moves
    // acknowledged to him.
    let moves = Arc::new(mate_moves());
    let stop = Arc::new(AtomicBool::new(false));
    let progress = Arc::new(AtomicUsize::new(0));
    let mut players = Vec::new();
    for &id in &ids {
        let (alice, bob, moves, stop, progress) =
            (alice.clone(), bob.clone(), moves.clone(), stop.clone(), progress.clone());
        players.push(tokio::spawn(async move {
            let mut acked = 0;
            for (i, m) in moves.iter().enumerate().take(moves.len() - 1) {
                if stop.load(Ordering::Relaxed) {
                    break;
                }
                let who = if i.is_multiple_of(2) { &alice } else { &bob };
                let body = json!({"action": {"kind": "move", "move": m}});
                match who.call(reqwest::Method::POST, &format!("/api/games/{id}/actions"), Some(body)).await {
                    Ok((200, v)) => {
                        assert_eq!(v["answer"]["verdict"], "accepted", "{v}");
                        acked = i + 1;
                        progress.fetch_add(1, Ordering::Relaxed);
                    }
                    // The server died under the request: not acknowledged.
                    _ => break,
                }
            }
            (id, acked)
        }));
    }
    // Killed once about a third of the moves are in: every game is mid-way.
    while progress.load(Ordering::Relaxed) < GAMES * moves.len() / 3 {
        tokio::time::sleep(Duration::from_millis(2)).await;
    }
    server.start_kill().unwrap(); // SIGKILL
    server.wait().await.unwrap();
    stop.store(true, Ordering::Relaxed);
    let mut acked = Vec::new();
    for p in players {
        acked.push(p.await.unwrap());
    }
    let total: usize = acked.iter().map(|a| a.1).sum();
    assert!(total > 0, "moves were acknowledged before the kill");
    assert!(acked.iter().any(|a| a.1 < moves.len() - 1), "the kill came mid-game");
    // Two seconds down, then a restart on the same database.
    tokio::time::sleep(Duration::from_secs(2)).await;
    let (_server, base) = serve(&db).await;
    let alice =
        Api { base: base.clone(), ..Api { http: http.clone(), base: String::new(), token: alice.token.clone() } };
    let bob = Api { base: base.clone(), ..Api { http: http.clone(), base: String::new(), token: bob.token.clone() } };
    for (id, n) in acked {
        let (status, g) = alice.call(reqwest::Method::GET, &format!("/api/games/{id}"), None).await.unwrap();
        assert_eq!(status, 200);
        let stored: Vec<String> =
            g["moves"].as_array().unwrap().iter().map(|m| m["move"].as_str().unwrap().to_string()).collect();
        assert!(stored.len() >= n, "game {id}: {} stored, {n} acknowledged", stored.len());
        assert_eq!(stored[..], moves[..stored.len()], "game {id}: the stored moves are the ones played");
        assert_eq!(g["status"], "live", "game {id}");
        // The side to move lost none of the two seconds the server was down (the moves before
        // took milliseconds each).
        let side = stored.len() % 2;
        let left = g["view"]["clock"]["remaining"][side].as_u64().unwrap();
        assert!(left > 3_600_000 - 1_500, "game {id}: {left} ms left");
        // The game goes on from where the log stands.
        let k = stored.len();
        let who = if k.is_multiple_of(2) { &alice } else { &bob };
        let body = json!({"action": {"kind": "move", "move": moves[k]}});
        let (status, v) =
            who.call(reqwest::Method::POST, &format!("/api/games/{id}/actions"), Some(body)).await.unwrap();
        assert_eq!((status, v["answer"]["verdict"].as_str()), (200, Some("accepted")), "game {id}: {v}");
    }
    eprintln!("crash test: {total} moves acknowledged in {GAMES} games before SIGKILL, all found after the restart");
    let _ = std::fs::remove_dir_all(&dir);
}
