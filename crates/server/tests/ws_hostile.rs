//! Hostile WebSocket clients (docs/protocol.md): seeded random messages — every message type
//! with fields missing, of the wrong type, out of range (negative, past `u64`, `after` at
//! `u64::MAX`), random actions and moves for a shogi and a Go game, text that is no JSON,
//! nesting past the parser's limit, binary and ping frames, messages past the size limit — from
//! anonymous clients, both players of the two games and a user who sits in neither, dropped at
//! random points. Every answer must be a message of the protocol's schema (checked on each),
//! no task of the server may panic (a panic in a connection's task would only end that
//! connection, so a panic hook counts them), and afterwards both games are still played to
//! their end by their players.

mod common;

use common::{Client, TestServer, Ws, mate_moves, seated, shogi};
use serde_json::json;
use std::time::Duration;
use testkit::Rng;
use tokio_tungstenite::tungstenite::Message;

fn pick<'a>(r: &mut Rng, from: &[&'a str]) -> &'a str {
    from[r.index(from.len())]
}

/// A JSON value for a numeric field: right ones (the games' ids), and every kind of wrong one.
fn number(r: &mut Rng, games: [i64; 2]) -> String {
    match r.index(6) {
        0 | 1 => games[0].to_string(),
        2 | 3 => games[1].to_string(),
        _ => pick(
            r,
            &[
                "0",
                "1",
                "-1",
                "1.5",
                "1e400",
                "18446744073709551615",
                "18446744073709551616",
                "9007199254740993",
                "\"1\"",
                "null",
                "[]",
                "{}",
                "true",
                "99999",
            ],
        )
        .to_string(),
    }
}

/// A move for either game, right or wrong.
fn a_move(r: &mut Rng) -> String {
    match r.index(20) {
        0 => "x".repeat(5000),
        _ => pick(
            r,
            &[
                "7g7f",
                "3c3d",
                "2g2f",
                "8c8d",
                "P*5e",
                "7g7f+",
                "1a1a",
                "9i9a+",
                "zz",
                "",
                "C3",
                "D4",
                "pass",
                "T19",
                "Z99",
                "A0",
                "tt",
                "７六歩",
                "\\u0000",
                "resign",
                "5e5e",
            ],
        )
        .to_string(),
    }
}

/// An action object (as text) with a random kind and random fields.
fn action(r: &mut Rng) -> String {
    let kinds = [
        "move",
        "resign",
        "claim",
        "declare",
        "propose_impasse",
        "accept_impasse",
        "mark_dead",
        "agree",
        "dispute",
        "rule_dead",
        "arrive",
        "pause",
        "resume",
        "decide",
        "bogus",
    ];
    let kind = if r.index(2) == 0 { "move" } else { pick(r, &kinds) };
    let mut fields = vec![format!("\"kind\": \"{kind}\"")];
    if kind == "move" && r.index(6) != 0 || r.index(4) == 0 {
        fields.push(format!("\"move\": \"{}\"", a_move(r)));
    }
    if r.index(4) == 0 {
        fields.push(format!("\"claim\": \"{}\"", pick(r, &["flag", "illegal_move", "bogus"])));
    }
    if r.index(4) == 0 {
        let stones: Vec<String> = (0..r.index(5)).map(|_| format!("\"{}\"", a_move(r))).collect();
        fields.push(format!("\"stones\": [{}]", stones.join(",")));
    }
    if r.index(6) == 0 {
        let d = pick(
            r,
            &[
                r#"{"kind": "result", "result": "black_win", "reason": "arbiter_decision", "article": "x"}"#,
                r#"{"kind": "bogus"}"#,
                "null",
                "[]",
            ],
        );
        fields.push(format!("\"decision\": {d}"));
    }
    format!("{{{}}}", fields.join(", "))
}

/// One random frame.
fn frame(r: &mut Rng, games: [i64; 2]) -> Message {
    match r.index(100) {
        0 => return Message::Binary(vec![0xff; r.index(64)].into()),
        1 => return Message::Ping(vec![1, 2, 3].into()),
        // Past the server's 16 KiB message limit: the server ends the connection.
        2 => return Message::Text("[".repeat(17 * 1024).into()),
        // Nesting past serde_json's recursion limit.
        3 => return Message::Text(format!("{}{}", "[".repeat(1000), "]".repeat(1000)).into()),
        4 => {
            return Message::Text(
                (0..r.index(40)).map(|_| (r.next_u64() % 128) as u8 as char).collect::<String>().into(),
            );
        }
        _ => {}
    }
    if r.index(5) == 0 {
        // Well formed: a move (right or wrong) in one of the games.
        let g = games[r.index(2)];
        let id = r.index(1000);
        return Message::Text(
            json!({"type": "act", "game": g, "id": id, "action": {"kind": "move", "move": a_move(r)}})
                .to_string()
                .into(),
        );
    }
    let kind = match r.index(3) {
        0 => "act",
        _ => pick(r, &["hello", "watch", "unwatch", "act", "claim_absent", "bogus", "", "Act"]),
    };
    let mut fields = Vec::new();
    if r.index(12) != 0 {
        fields.push(format!("\"type\": \"{kind}\""));
    }
    let wanted: &[&str] = match kind {
        "act" => &["game", "id", "action"],
        "watch" => &["game", "after"],
        "claim_absent" => &["game", "id"],
        "hello" => &["version"],
        _ => &["game"],
    };
    for name in ["game", "after", "id", "version"] {
        // Each field the type takes, mostly; now and then one it does not take.
        let p = if wanted.contains(&name) { 7 } else { 1 };
        if r.index(8) < p {
            let v = if name == "id" && r.index(2) == 0 { r.index(1000).to_string() } else { number(r, games) };
            fields.push(format!("\"{name}\": {v}"));
        }
    }
    if wanted.contains(&"action") && r.index(8) != 0 || r.index(8) == 0 {
        fields.push(format!("\"action\": {}", action(r)));
    }
    if r.index(10) == 0 {
        fields.push("\"extra\": 1".to_string());
    }
    Message::Text(format!("{{{}}}", fields.join(", ")).into())
}

/// A message's type, with an error's code.
fn kind_of(m: &serde_json::Value) -> String {
    match m["type"].as_str().unwrap_or_default() {
        "error" => format!("error:{}", m["code"].as_str().unwrap_or_default()),
        t => t.to_string(),
    }
}

/// A hostile connection as `who`: `n` random frames at a random pace, answers read as they come
/// (each checked against the schema), then dropped or closed. Returns the answers' types.
async fn hostile(who: Client, seed: u64, games: [i64; 2], n: usize) -> Vec<String> {
    let mut r = Rng::new(seed);
    let mut ws: Ws = who.ws().await;
    let mut seen = Vec::new();
    for _ in 0..n {
        if ws.send_frame(frame(&mut r, games)).await.is_err() {
            break;
        }
        if r.index(3) == 0 {
            while let Some(m) = ws.try_next(Duration::from_millis(r.index(20) as u64)).await {
                seen.push(kind_of(&m));
            }
        }
    }
    if r.index(2) == 0 {
        let _ = ws.send_frame(Message::Close(None)).await;
    }
    while let Some(m) = ws.try_next(Duration::from_millis(200)).await {
        seen.push(kind_of(&m));
    }
    seen
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn random_messages_and_drops_never_stop_the_server() {
    common::count_panics();
    let s = TestServer::with_grace(common::Db::Sqlite, Duration::from_secs(60)).await;
    let (black, white, game) = seated(&s, shogi("fesa-2017", None), ("hb", "hw")).await;
    let go = json!({"ruleset": "rfg", "board": {"game": "go", "size": 5, "komi": 0.5}});
    let id = black.challenge(go, "black", None).await;
    let (status, v) = white.post(&format!("/api/games/{id}/accept"), json!({})).await;
    assert_eq!(status, 200, "{v}");
    let games = [game, id];
    // `after` at the top of its range: nothing yet (`after + 1` overflowed).
    let mut ws = s.anonymous().ws().await;
    ws.send(json!({"type": "watch", "game": game, "after": u64::MAX})).await;
    let first = ws.next().await;
    assert_eq!(first["type"], "state", "{first}");
    let third = s.user("hx").await;
    let mut seen = Vec::new();
    for seed in common::hostile_seeds() {
        let mut peers = Vec::new();
        for (k, who) in
            [s.anonymous(), s.anonymous(), black.clone(), white.clone(), third.clone()].into_iter().enumerate()
        {
            peers.push(tokio::spawn(hostile(who, seed * 100 + k as u64, games, 40)));
        }
        for p in peers {
            seen.extend(p.await.expect("a hostile peer's task"));
        }
        assert_eq!(common::panics(), 0, "a task of the server panicked (seed {seed})");
    }
    let mut count = std::collections::BTreeMap::new();
    for t in &seen {
        *count.entry(t.as_str()).or_insert(0) += 1;
    }
    if std::env::var_os("SHINPAN_HOSTILE_LOG").is_some() {
        eprintln!("{count:?}");
    }
    for t in ["error:bad_request", "state", "ack"] {
        assert!(count.contains_key(t), "no hostile peer got a `{t}`: {count:?}");
    }
    // Both games still go on for their players: whatever the random acts did (a move, a
    // resignation, a pass), each is played or finished, and a finished one stays so.
    let (mut b, mut w) = (black.ws().await, white.ws().await);
    let (_, g) = s.anonymous().get(&format!("/api/games/{game}")).await;
    if g["status"] == "live" {
        let ply = g["view"]["ply"].as_u64().unwrap_or(0);
        assert!(ply <= 4, "random moves are rarely legal: {g}");
        let a = if ply % 2 == 0 {
            b.act(game, json!({"kind": "resign"})).await
        } else {
            w.act(game, json!({"kind": "resign"})).await
        };
        assert_eq!(a["type"], "ack", "{a}");
    }
    let (_, g) = s.anonymous().get(&format!("/api/games/{game}")).await;
    assert_eq!(g["status"], "finished", "{g}");
    let (_, g) = s.anonymous().get(&format!("/api/games/{id}")).await;
    if g["status"] == "live" {
        // The Go game to its end: resignation by the side to move.
        let to_move = g["view"]["to_move"].as_str().unwrap_or("black").to_string();
        let ws = if to_move == "white" { &mut w } else { &mut b };
        let a = ws.act(id, json!({"kind": "resign"})).await;
        assert_eq!(a["type"], "ack", "{a}");
    }
    let (_, g) = s.anonymous().get(&format!("/api/games/{id}")).await;
    assert_eq!(g["status"], "finished", "{g}");
    // A new game is played to mate.
    let (black2, white2, next) = seated(&s, shogi("fesa-2017", None), ("calmb", "calmw")).await;
    let (mut b, mut w) = (black2.ws().await, white2.ws().await);
    for (i, m) in mate_moves().iter().enumerate() {
        let ws = if i % 2 == 0 { &mut b } else { &mut w };
        assert_eq!(ws.mv(next, m).await["answer"]["verdict"], "accepted", "{m}");
    }
    let (_, g) = s.anonymous().get(&format!("/api/games/{next}")).await;
    assert_eq!(g["status"], "finished", "{g}");
    // The same of a finished game, read from the store.
    let mut ws = s.anonymous().ws().await;
    ws.send(json!({"type": "watch", "game": next, "after": u64::MAX})).await;
    let first = ws.next().await;
    assert_eq!(first["type"], "state", "{first}");
    s.stop().await;
    assert_eq!(common::panics(), 0, "a task of the server panicked");
}
