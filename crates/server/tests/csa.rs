//! The CSA server protocol over real sockets (docs/csa.md): logins, proposals that are never
//! agreed or are rejected, malformed and over-long lines, moves sent out of turn, the move
//! limit, a player who disconnects mid-game or between his AGREE and START, a WebSocket spectator of a CSA game, Floodgate's
//! rounds, buoy games, and games resumed on a new connection or after a restart.
//! python-shogi's own client plays the endings in `make test-csa` (scripts/csa_clients.py).

mod common;

use common::{Csa, TestServer, started, x1};
use serde_json::json;
use server::csa::CsaConfig;
use std::time::Duration;
use tokio::io::AsyncWriteExt;

fn config(max_moves: u32, agree_ms: u64) -> CsaConfig {
    CsaConfig {
        max_moves,
        agree_timeout: Duration::from_millis(agree_ms),
        ..CsaConfig::new(([127, 0, 0, 1], 0).into())
    }
}

#[tokio::test]
async fn logins_refused_with_the_reason() {
    let s = TestServer::with_csa(Duration::from_secs(60), config(256, 1000)).await;
    let addr = s.csa.unwrap();
    let refused = |line: &str| {
        let line = line.to_string();
        async move {
            let mut c = Csa::connect(addr).await;
            c.send(&line).await;
            let got = (c.line().await, c.line().await, c.line().await);
            assert_eq!(got.0.as_deref(), Some("LOGIN:incorrect"), "{line}");
            assert!(got.1.as_deref().is_some_and(|l| l.starts_with("##[ERROR] ")), "{line}: {got:?}");
            assert_eq!(got.2, None, "{line}: the connection is closed");
            got.1.unwrap()
        }
    };
    assert!(refused("HELLO").await.contains("LOGIN <name>"));
    assert!(refused("LOGIN a b c d").await.contains("LOGIN <name>"));
    assert!(refused("LOGIN bad/name game-600-10,password-1").await.contains("a name is"));
    assert!(refused("LOGIN alice nogame,password-1").await.contains("not a game name"));
    assert!(refused("LOGIN alice game-600-10").await.contains("a password is needed"));
    // fesa-2017 8.2 allows byo-yomi and Fischer, not sudden death.
    assert!(refused("LOGIN alice game-600-0,password-1").await.contains("fesa-2017 8.2"));
    assert!(refused("LOGIN alice game-600-10,short").await.contains("at least 8"));

    // An account of the web site logs in with its password or one of its API tokens, not with
    // another secret.
    let web = s.user("webby").await;
    assert!(refused("LOGIN webby game-600-10,password-2").await.contains("wrong password"));
    let (_, t) = web.post("/api/tokens", json!({"name": "engine"})).await;
    let token = t["token"].as_str().unwrap();
    drop(Csa::login(addr, "webby", &format!("game-600-10,{token}")).await);
    drop(Csa::login(addr, "webby", "game-600-10,password-1").await);

    // Over-long and non-ASCII lines close the connection with the reason.
    let mut c = Csa::connect(addr).await;
    c.send(&"x".repeat(5000)).await;
    assert_eq!(c.line().await.as_deref(), Some("##[ERROR] a line is at most 1024 bytes"));
    assert_eq!(c.line().await, None);
    let mut c = Csa::connect(addr).await;
    c.w.write_all(b"LOGIN \xff\xfe x\n").await.unwrap();
    assert_eq!(c.line().await.as_deref(), Some("##[ERROR] a line is not ASCII text"));
    // A keep-alive before LOGIN is answered in kind.
    let mut c = Csa::connect(addr).await;
    c.send("").await;
    assert_eq!(c.line().await.as_deref(), Some(""));
    s.stop().await;
}

#[tokio::test]
async fn proposals_never_agreed_or_rejected_are_cancelled() {
    let s = TestServer::with_csa(Duration::from_secs(60), config(256, 300)).await;
    let addr = s.csa.unwrap();
    // Nobody agrees: the server rejects after its timeout.
    let mut b = Csa::login(addr, "slowb", "slow-600-10-B,password-1").await;
    let mut w = Csa::login(addr, "sloww", "slow-600-10-W,password-1").await;
    let id = b.summary().await;
    w.summary().await;
    b.send("AGREE").await;
    assert_eq!(b.line().await, Some(format!("REJECT:{id} by the Server (timed out)")));
    assert_eq!(w.line().await, Some(format!("REJECT:{id} by the Server (timed out)")));
    assert_eq!(b.line().await, None, "CSA mode: one game a connection");
    let (_, g) = s.anonymous().get(&format!("/api/games/{id}")).await;
    assert_eq!(g["status"], "cancelled");

    // A REJECT names who rejected.
    let mut b = Csa::login(addr, "rejb", "rej-600-10-B,password-1").await;
    let mut w = Csa::login(addr, "rejw", "rej-600-10-W,password-1").await;
    let id = b.summary().await;
    w.summary().await;
    w.send("REJECT").await;
    assert_eq!(b.line().await, Some(format!("REJECT:{id} by rejw")));
    assert_eq!(w.line().await, Some(format!("REJECT:{id} by rejw")));

    // A player who leaves before agreeing rejects the game.
    let mut b = Csa::login(addr, "gob", "go-600-10-B,password-1").await;
    let w = Csa::login(addr, "gow", "go-600-10-W,password-1").await;
    let id = b.summary().await;
    drop(w);
    assert_eq!(b.line().await, Some(format!("REJECT:{id} by gow")));

    // Same side asked twice: no pairing; the first waits, and LOGOUT leaves the lobby.
    let mut b1 = Csa::login(addr, "twob1", "two-600-10-B,password-1").await;
    let mut b2 = Csa::login(addr, "twob2", "two-600-10-B,password-1").await;
    b1.send("").await;
    assert_eq!(b1.line().await.as_deref(), Some(""));
    b2.send("LOGOUT").await;
    assert_eq!(b2.line().await.as_deref(), Some("LOGOUT:completed"));
    s.stop().await;
}

#[tokio::test]
async fn moves_out_of_turn_malformed_moves_and_the_move_limit() {
    let s = TestServer::with_csa(Duration::from_secs(60), config(4, 5000)).await;
    let addr = s.csa.unwrap();
    // White sends his move before Black's: kept until his turn, then played.
    let (mut b, mut w, id) = started(addr, "early-600-10", ("earlyb", "earlyw")).await;
    w.send("-3334FU").await;
    b.send("+7776FU").await;
    for c in [&mut b, &mut w] {
        assert!(c.line().await.unwrap().starts_with("+7776FU,T"));
        assert!(c.line().await.unwrap().starts_with("-3334FU,T"));
    }
    // Keep-alive during the game.
    b.send("").await;
    assert_eq!(b.line().await.as_deref(), Some(""));
    b.send("+2726FU").await;
    w.send("-8384FU").await;
    // The fourth move reaches the limit of 4: a draw, as shogi-server writes it.
    let end = ["#MAX_MOVES", "#CENSORED"];
    for c in [&mut b, &mut w] {
        let seen = c.until(|l| l == "#CENSORED").await;
        assert_eq!(seen[seen.len() - 2..], end, "{seen:?}");
    }
    // The referee drew it (the setup's max_moves), and the record says so.
    let (_, g) = s.anonymous().get(&format!("/api/games/{id}")).await;
    assert_eq!(g["view"]["outcome"]["reason"], "max_moves", "{g}");
    assert_eq!(g["view"]["outcome"]["result"], "draw", "{g}");
    let (status, csa) = s.anonymous().text(&format!("/api/games/{id}.csa")).await;
    assert_eq!(status, 200);
    assert!(csa.trim_end().ends_with("%MAX_MOVES"), "{csa}");

    // A move that is no CSA move loses like an illegal one.
    let (mut b, mut w, id) = started(addr, "garbage-600-10", ("garbb", "garbw")).await;
    b.send("+77").await;
    assert_eq!(b.until(|l| l.starts_with("#L") || l.starts_with("#W")).await, ["#ILLEGAL_MOVE", "#LOSE"]);
    assert_eq!(w.until(|l| l.starts_with("#L") || l.starts_with("#W")).await, ["#ILLEGAL_MOVE", "#WIN"]);
    let (_, g) = s.anonymous().get(&format!("/api/games/{id}")).await;
    assert_eq!(g["status"], "finished");
    let article = g["view"]["outcome"]["article"].as_str().unwrap_or_default().to_string();
    assert!(article.contains("an illegal move loses"), "{g}");
    s.stop().await;
}

#[tokio::test]
async fn a_player_gone_mid_game_loses_after_the_countdown() {
    let s = TestServer::with_csa(Duration::from_millis(300), config(256, 5000)).await;
    let addr = s.csa.unwrap();
    let (mut b, mut w, id) = started(addr, "gone-600-10", ("goneb", "gonew")).await;
    // A spectator on the WebSocket sees the CSA game's moves live.
    let mut ws = s.anonymous().ws().await;
    ws.watch(id, None).await;
    b.send("+7776FU").await;
    assert!(w.line().await.unwrap().starts_with("+7776FU,T"));
    let seen = ws.until(|m| m["type"] == "event" && m["event"]["type"] == "move").await;
    assert_eq!(seen["event"]["move"], "7g7f");
    // The CSA players follow with brief views; the WebSocket watcher still gets the full one.
    let state = ws.until(|m| m["type"] == "state" && m["view"]["ply"] == 1).await;
    let legal = state["view"]["legal_moves"].as_array().map(Vec::len);
    assert_eq!(legal, Some(30), "White's 30 legal moves after 1. P-7f: {state}");
    // White leaves on his turn: after the countdown Black's connection claims the game.
    drop(w);
    let end = b.until(|l| l.starts_with("#W") || l.starts_with("#L")).await;
    assert_eq!(end[end.len() - 2..], ["#ABNORMAL", "#WIN"], "{end:?}");
    let (_, g) = s.anonymous().get(&format!("/api/games/{id}")).await;
    assert_eq!(g["view"]["outcome"]["result"], "black_win", "{g}");
    s.stop().await;
}

#[tokio::test]
async fn a_player_who_agrees_and_leaves_before_the_start_loses_after_the_countdown() {
    let s = TestServer::with_csa(Duration::from_millis(300), config(256, 5000)).await;
    let addr = s.csa.unwrap();
    let mut b = Csa::login(addr, "earlyb", "early-600-10-B,password-1").await;
    let mut w = Csa::login(addr, "earlyw", "early-600-10-W,password-1").await;
    let id = b.summary().await;
    w.summary().await;
    w.send("AGREE").await;
    tokio::time::sleep(Duration::from_millis(200)).await;
    // Black's AGREE completes the game, and his connection is gone before he hears START: he
    // is absent from the first move, on his own turn.
    b.send("AGREE").await;
    drop(b);
    assert_eq!(w.line().await, Some(format!("START:{id}")));
    let end = w.until(|l| l.starts_with("#W") || l.starts_with("#L")).await;
    assert_eq!(end[end.len() - 2..], ["#ABNORMAL", "#WIN"], "{end:?}");
    let (_, g) = s.anonymous().get(&format!("/api/games/{id}")).await;
    assert_eq!(g["view"]["outcome"]["result"], "white_win", "{g}");
    s.stop().await;
}

#[tokio::test]
async fn the_extended_mode_commands_as_shogi_server_answers_them() {
    let s = TestServer::with_csa(Duration::from_millis(300), config(256, 5000)).await;
    let addr = s.csa.unwrap();
    let mut a = x1(addr, "xa").await;
    let mut b = x1(addr, "xb").await;
    let mut m = x1(addr, "xm").await;
    let mut n = x1(addr, "xn").await;
    let mut o = x1(addr, "xo").await;
    // A CSA-mode player waiting for an opponent.
    let mut c = Csa::login(addr, "xc", "lone-600-10-B,password-1").await;
    m.send("%%WHO").await;
    let who = m.until(|l| l == "##[WHO] +OK").await;
    for l in
        ["##[WHO] xa x1 connected", "##[WHO] xb x1 connected", "##[WHO] xm x1 connected", "##[WHO] xn x1 connected"]
    {
        assert!(who.iter().any(|w| w == l), "{l} not in {who:?}");
    }
    assert!(who.iter().any(|w| w == "##[WHO] xc CSA game_waiting lone-600-10 +"), "{who:?}");
    // Chat reaches every x1 player, the sender too, and no CSA-mode player.
    a.send("%%CHAT hello, all").await;
    for p in [&mut a, &mut b, &mut m, &mut n, &mut o] {
        assert_eq!(p.line().await.as_deref(), Some("##[CHAT][xa] hello, all"));
    }
    c.send("").await;
    assert_eq!(c.line().await.as_deref(), Some(""), "the keep-alive's answer, and no chat");
    // No game yet.
    m.send("%%LIST").await;
    assert_eq!(m.line().await.as_deref(), Some("##[LIST] +OK"));
    m.send("%%SHOW 999999").await;
    assert_eq!(m.line().await.as_deref(), Some("##[SHOW] +OK"));
    // xa and xb play; xm lists, shows and monitors their game.
    a.send("%%GAME xgame-600-10 +").await;
    b.send("%%GAME xgame-600-10 -").await;
    let id = a.summary().await;
    assert_eq!(b.summary().await, id);
    m.send("%%WHO").await;
    let who = m.until(|l| l == "##[WHO] +OK").await;
    assert!(who.iter().any(|w| w == "##[WHO] xa x1 agree_waiting xgame-600-10 +"), "{who:?}");
    a.send("AGREE").await;
    b.send("AGREE").await;
    assert_eq!(a.line().await, Some(format!("START:{id}")));
    assert_eq!(b.line().await, Some(format!("START:{id}")));
    m.send("%%LIST").await;
    assert_eq!(m.until(|l| l == "##[LIST] +OK").await, [format!("##[LIST] {id}"), "##[LIST] +OK".into()]);
    a.send("+7776FU").await;
    for p in [&mut a, &mut b] {
        assert!(p.line().await.unwrap().starts_with("+7776FU,T"));
    }
    // xn and xo monitor it whole (%%MONITORON): the game as %%SHOW gives it, now and after each
    // move; xo to the end.
    let whole = format!("##[MONITOR][{id}] ");
    o.send(&format!("%%MONITORON {id}")).await;
    n.send(&format!("%%MONITORON {id}")).await;
    let now = n.until(|l| l == format!("{whole}+OK")).await;
    assert!(now.iter().all(|l| l.starts_with(&whole)), "{now:?}");
    for l in ["BEGIN Game_Summary", "Current_Turn:1", "P7+FU+FU * +FU+FU+FU+FU+FU+FU", "END Game_Summary"] {
        assert!(now.contains(&format!("{whole}{l}")), "{l} not in {now:?}");
    }
    let tag = format!("##[MONITOR2][{id}] ");
    m.send(&format!("%%MONITOR2ON {id}")).await;
    let record = m.until(|l| l == format!("{tag}+OK")).await;
    assert!(record.iter().all(|l| l.starts_with(&tag)), "{record:?}");
    let record: Vec<&str> = record.iter().map(|l| &l[tag.len()..]).collect();
    for l in ["N+xa", "N-xb", "+7776FU"] {
        assert!(record.contains(&l), "{l} not in {record:?}");
    }
    b.send("-3334FU").await;
    for p in [&mut a, &mut b] {
        assert!(p.line().await.unwrap().starts_with("-3334FU,T"));
    }
    let moved = m.until(|l| l == format!("{tag}+OK")).await;
    assert_eq!(moved.len(), 3, "{moved:?}");
    let after = n.until(|l| l == format!("{whole}+OK")).await;
    for l in ["Current_Turn:2", "P3-FU-FU-FU-FU-FU-FU * -FU-FU"] {
        assert!(after.contains(&format!("{whole}{l}")), "{l} not in {after:?}");
    }
    assert!(after.iter().any(|l| l.starts_with(&format!("{whole}Last_Move:-3334FU,T"))), "{after:?}");
    // %%MONITOROFF: nothing more of this game reaches xn.
    n.send(&format!("%%MONITOROFF {id}")).await;
    n.send("%%VERSION").await;
    assert!(n.line().await.unwrap().starts_with("##[VERSION] shinpan "), "the monitor stopped");
    assert_eq!(n.line().await.as_deref(), Some("##[VERSION] +OK"));
    assert_eq!(moved[0], format!("{tag}-3334FU"));
    assert!(moved[1].starts_with(&format!("{tag}T")), "{moved:?}");
    m.send(&format!("%%SHOW {id}")).await;
    let shown = m.until(|l| l == "##[SHOW] +OK").await;
    for l in [
        "##[SHOW] BEGIN Game_Summary".to_string(),
        format!("##[SHOW] Game_ID:{id}"),
        "##[SHOW] Name+:xa".into(),
        "##[SHOW] Name-:xb".into(),
        "##[SHOW] To_Move:+".into(),
        "##[SHOW] Max_Moves:256".into(),
        "##[SHOW] Current_Turn:2".into(),
        "##[SHOW] P3-FU-FU-FU-FU-FU-FU * -FU-FU".into(),
        "##[SHOW] P7+FU+FU * +FU+FU+FU+FU+FU+FU".into(),
        "##[SHOW] END Game_Summary".into(),
    ] {
        assert!(shown.contains(&l), "{l} not in {shown:?}");
    }
    assert!(shown.iter().any(|l| l.starts_with("##[SHOW] Last_Move:-3334FU,T")), "{shown:?}");
    for side in ['+', '-'] {
        let key = format!("##[SHOW] Remaining_Time{side}:");
        let left: u64 = shown.iter().find_map(|l| l.strip_prefix(&key)).unwrap().parse().unwrap();
        assert!((590..=600).contains(&left), "{shown:?}");
    }
    // The end, as the monitor hears it; then xa is free again.
    a.send("%TORYO").await;
    assert_eq!(a.until(|l| l == "#LOSE").await, ["%TORYO", "#RESIGN", "#LOSE"]);
    assert_eq!(m.until(|l| l == format!("{tag}+OK")).await, [format!("{tag}%TORYO"), format!("{tag}+OK")]);
    n.send("%%VERSION").await;
    assert!(n.line().await.unwrap().starts_with("##[VERSION] shinpan "), "no monitor line after %%MONITOROFF");
    let seen: Vec<Vec<String>> = vec![
        o.until(|l| l == format!("{whole}+OK")).await,
        o.until(|l| l == format!("{whole}+OK")).await,
        o.until(|l| l == format!("{whole}+OK")).await,
    ];
    assert!(seen[0].contains(&format!("{whole}Current_Turn:1")), "{seen:?}");
    assert!(seen[1].contains(&format!("{whole}Current_Turn:2")), "{seen:?}");
    assert_eq!(seen[2], [format!("{whole}%TORYO"), format!("{whole}+OK")]);
    a.send("%%WHO").await;
    let who = a.until(|l| l == "##[WHO] +OK").await;
    assert!(who.iter().any(|w| w == "##[WHO] xa x1 connected"), "{who:?}");
    // The game leaves the list once its result is stored.
    let mut listed = Vec::new();
    for _ in 0..50 {
        m.send("%%LIST").await;
        listed = m.until(|l| l == "##[LIST] +OK").await;
        if listed.len() == 1 {
            break;
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    assert_eq!(listed, ["##[LIST] +OK"]);
    m.send("%%MONITOR2ON 999999").await;
    assert!(m.line().await.unwrap().starts_with("##[ERROR]"));
    m.send("%%VERSION").await;
    assert!(m.line().await.unwrap().starts_with("##[VERSION] shinpan "));
    assert_eq!(m.line().await.as_deref(), Some("##[VERSION] +OK"));
    m.send("LOGOUT").await;
    assert_eq!(m.line().await.as_deref(), Some("LOGOUT:completed"));
    s.stop().await;
}

/// Milliseconds since the Unix epoch, the clock the server's rounds are counted on.
fn epoch_ms() -> u64 {
    std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).unwrap().as_millis() as u64
}

/// Floodgate (docs/csa.md): players under a `floodgate-…` name wait for the next round, which
/// pairs them all at once with colours drawn; a side may not be asked for; the next round
/// avoids last round's opponents.
#[tokio::test]
async fn floodgate_games_are_paired_at_the_round_and_avoid_last_opponents() {
    let every = 2000;
    let s = TestServer::with_csa(
        Duration::from_secs(60),
        CsaConfig { floodgate_every: Duration::from_millis(every), ..config(256, 10_000) },
    )
    .await;
    let addr = s.csa.unwrap();
    let game = "floodgate-600-10F";
    let names = ["alice", "bob", "carol", "dave"];

    // A side wished for is refused, in shogi-server's words.
    let mut c = Csa::login(addr, "alice", &format!("{game}-B,password-1")).await;
    let l = c.line().await.unwrap();
    assert!(l.starts_with("##[ERROR] You are not allowed to specify TEBAN"), "{l}");

    let mut opponents = std::collections::HashMap::new();
    for round in 0..2 {
        // Just after one round, so that all four wait for the same next one.
        let now = epoch_ms();
        tokio::time::sleep(Duration::from_millis((now / every + 1) * every + 100 - now)).await;
        let mut players = Vec::new();
        for n in names {
            players.push(Csa::login(addr, n, &format!("{game},password-1")).await);
        }
        let due = (epoch_ms() / every + 1) * every;
        let mut games: std::collections::HashMap<i64, Vec<String>> = std::collections::HashMap::new();
        for p in &mut players {
            let summary = p.until(|l| l == "END Game_Summary").await;
            // The server's clock and ours are the same: nobody was paired on arrival.
            assert!(epoch_ms() >= due, "round {round}: a summary before the round at {due}");
            let field = |k: &str| summary.iter().find_map(|l| l.strip_prefix(k)).unwrap().to_string();
            let id: i64 = field("Game_ID:").parse().unwrap();
            let (black, white) = (field("Name+:"), field("Name-:"));
            let seen = games.entry(id).or_default();
            if seen.is_empty() {
                seen.extend([black, white]);
            } else {
                assert_eq!(*seen, [black, white], "both players of game {id} see the same summary");
            }
        }
        assert_eq!(games.len(), 2, "round {round}: two games of two: {games:?}");
        for pair in games.values() {
            let (a, b) = (pair[0].clone(), pair[1].clone());
            if round == 1 {
                assert_ne!(opponents.get(&a), Some(&b), "round 1 pairs {a} with {b} again");
            }
            opponents.insert(a.clone(), b.clone());
            opponents.insert(b, a);
        }
        // Every game is agreed, started and resigned, so that the players may wait again.
        for p in &mut players {
            p.send("AGREE").await;
        }
        for p in &mut players {
            p.until(|l| l.starts_with("START:")).await;
        }
        for (id, pair) in &games {
            let black = names.iter().position(|n| *n == pair[0]).unwrap();
            players[black].send("%TORYO").await;
            players[black].until(|l| l == "#LOSE").await;
            let white = names.iter().position(|n| *n == pair[1]).unwrap();
            players[white].until(|l| l == "#WIN").await;
            assert!(*id > 0);
        }
        // The server may have closed already; then it is done with the player.
        for p in &mut players {
            let _ = p.w.write_all(b"LOGOUT\n").await;
            while p.line().await.is_some() {}
        }
    }
    s.stop().await;
}

/// Buoy games (docs/csa.md): set, waited for, started after their opening, used up, forked
/// from a game, deleted by their owner only, and kept over a restart; each answer in
/// shogi-server's words.
#[tokio::test]
async fn buoy_games_start_after_their_opening_and_are_used_up() {
    let s = TestServer::with_csa(Duration::from_secs(60), config(256, 10_000)).await;
    let addr = s.csa.unwrap();
    let mut owner = x1(addr, "owner").await;
    let mut other = x1(addr, "other").await;
    let buoy = "buoy_t-600-10";
    for (command, answer) in [
        ("%%SETBUOY t-600-10 +7776FU", "##[ERROR] wrong buoy game name: t-600-10"),
        ("%%SETBUOY buoy_t-600-10 +7776FU 0", "##[ERROR] invalid count: 0"),
        ("%%SETBUOY buoy_t-600-10 +7776FU+3334FU", "##[ERROR] wrong moves: +7776FU+3334FU"),
        ("%%GETBUOYCOUNT buoy_t-600-10", "##[GETBUOYCOUNT] -1"),
    ] {
        owner.send(command).await;
        assert_eq!(owner.line().await.as_deref(), Some(answer), "{command}");
    }
    assert_eq!(owner.line().await.as_deref(), Some("##[GETBUOYCOUNT] +OK"));

    // One player waits under the buoy before it is set; the second one makes the game.
    let mut b = Csa::login(addr, "bplayer", &format!("{buoy}-B,password-1")).await;
    owner.send(&format!("%%SETBUOY {buoy} +7776FU-3334FU 2")).await;
    assert_eq!(owner.line().await.as_deref(), Some("##[SETBUOY] +OK"));
    owner.send(&format!("%%SETBUOY {buoy} +7776FU")).await;
    assert_eq!(owner.line().await, Some(format!("##[ERROR] duplicated buoy game name: {buoy}")));
    let mut w = Csa::login(addr, "wplayer", &format!("{buoy}-W,password-1")).await;
    let summary = b.until(|l| l == "END Game_Summary").await;
    assert_eq!(w.until(|l| l == "END Game_Summary").await.len(), summary.len());
    assert!(summary.contains(&"To_Move:+".to_string()), "{summary:?}");
    let position = summary.iter().position(|l| l == "BEGIN Position").unwrap();
    assert_eq!(summary[position + 10..], ["+", "+7776FU,T0", "-3334FU,T0", "END Position", "END Game_Summary"]);
    let id: i64 = summary.iter().find_map(|l| l.strip_prefix("Game_ID:")).unwrap().parse().unwrap();
    b.send("AGREE").await;
    w.send("AGREE").await;
    b.until(|l| l.starts_with("START:")).await;
    w.until(|l| l.starts_with("START:")).await;
    b.send("+2726FU").await;
    assert!(w.until(|l| l.starts_with('+')).await.last().unwrap().starts_with("+2726FU,T"));
    owner.send(&format!("%%GETBUOYCOUNT {buoy}")).await;
    assert_eq!(owner.line().await.as_deref(), Some("##[GETBUOYCOUNT] 1"));
    assert_eq!(owner.line().await.as_deref(), Some("##[GETBUOYCOUNT] +OK"));
    w.send("%TORYO").await;
    w.until(|l| l == "#LOSE").await;
    b.until(|l| l == "#WIN").await;
    // The record holds the opening as the game's first moves, then the moves played.
    let (status, csa) = s.anonymous().text(&format!("/api/games/{id}.csa")).await;
    assert_eq!(status, 200);
    let rec = &shogi::formats::read(csa.as_bytes()).unwrap()[0];
    let usi: Vec<String> = rec.moves.iter().map(|m| m.mv.to_usi()).collect();
    assert_eq!(usi, ["7g7f", "3c3d", "2g2f"], "{csa}");

    // Only the owner deletes; anyone forks a game: by default all but its last move.
    other.send(&format!("%%DELETEBUOY {buoy}")).await;
    assert_eq!(
        other.line().await,
        Some(format!("##[ERROR] you are not allowed to delete a buoy game that you did not set: {buoy}"))
    );
    let forked = format!("buoy_{id}_2-600-10");
    other.send(&format!("%%FORK {id}")).await;
    for want in [format!("##[FORK]: new buoy game name: {forked}"), "##[FORK] +OK".into(), "##[SETBUOY] +OK".into()] {
        assert_eq!(other.line().await, Some(want));
    }
    other.send("%%FORK 999999").await;
    assert_eq!(other.line().await.as_deref(), Some("##[ERROR] wrong source game name: 999999"));
    owner.send(&format!("%%DELETEBUOY {buoy}")).await;
    assert_eq!(owner.line().await.as_deref(), Some("##[DELETEBUOY] +OK"));
    owner.send(&format!("%%GETBUOYCOUNT {buoy}")).await;
    assert_eq!(owner.line().await.as_deref(), Some("##[GETBUOYCOUNT] -1"));
    drop((owner, other, b, w));

    // The forked buoy outlives a restart, and its game starts after 7g7f 3c3d.
    let (database, dir) = s.stop().await;
    let s = TestServer::with_csa_on(database, dir, Duration::from_secs(60), config(256, 10_000)).await;
    let addr = s.csa.unwrap();
    let mut c = x1(addr, "owner").await;
    c.send(&format!("%%GETBUOYCOUNT {forked}")).await;
    assert_eq!(c.line().await.as_deref(), Some("##[GETBUOYCOUNT] 1"));
    let mut b = Csa::login(addr, "bplayer", &format!("{forked},password-1")).await;
    let mut w = Csa::login(addr, "wplayer", &format!("{forked},password-1")).await;
    for p in [&mut b, &mut w] {
        let summary = p.until(|l| l == "END Game_Summary").await;
        assert!(summary.contains(&"-3334FU,T0".to_string()), "{summary:?}");
    }
    s.stop().await;
}

/// The summary's lines from `BEGIN Position` to `END Position`.
fn position_block(summary: &[String]) -> Vec<String> {
    let from = summary.iter().position(|l| l == "BEGIN Position").expect("a Position block");
    let to = summary.iter().position(|l| l == "END Position").expect("the Position block's end");
    summary[from..=to].to_vec()
}

/// A player whose connection was lost logs in again under the game's name and takes his game
/// up where it stands (docs/csa.md, "Resuming a game"); one who refuses leaves it running; a
/// player still connected to his game who logs in again seeks a new one.
#[tokio::test]
async fn a_player_who_lost_his_connection_takes_his_game_up_again() {
    let s = TestServer::with_csa(Duration::from_secs(60), config(256, 5000)).await;
    let addr = s.csa.unwrap();
    let (mut b, mut w, id) = started(addr, "back-600-10", ("backb", "backw")).await;
    b.send("+7776FU").await;
    for c in [&mut b, &mut w] {
        assert!(c.line().await.unwrap().starts_with("+7776FU,T"));
    }
    // White thinks a second: the resumed summary carries it (`,T1`).
    tokio::time::sleep(Duration::from_millis(1100)).await;
    w.send("-3334FU").await;
    for c in [&mut w, &mut b] {
        assert!(c.line().await.unwrap().starts_with("-3334FU,T"));
    }
    let mut ws = s.anonymous().ws().await;
    ws.watch(id, None).await;
    // Black's connection goes on his turn: the countdown against him starts.
    drop(b);
    ws.until(|m| m["type"] == "state" && m["countdown"]["side"] == "black").await;

    // White, still connected, logging in again under the name seeks a new game.
    let mut w2 = Csa::login(addr, "backw", "back-600-10-W,password-1").await;
    let mut c = Csa::login(addr, "backc", "back-600-10-B,password-1").await;
    let other = c.summary().await;
    assert_eq!(w2.summary().await, other);
    assert_ne!(other, id, "a new game, not the one White still plays");
    drop((w2, c));

    // Black is proposed his game as it stands; refused, it goes on without him.
    let mut b2 = Csa::login(addr, "backb", "back-600-10-B,password-1").await;
    let summary = b2.until(|l| l == "END Game_Summary").await;
    assert!(summary.contains(&format!("Game_ID:{id}")), "{summary:?}");
    b2.send("REJECT").await;
    assert_eq!(b2.line().await, Some(format!("REJECT:{id} by backb")));
    assert_eq!(b2.line().await, None, "a CSA-mode connection closes after a rejection");
    let (_, g) = s.anonymous().get(&format!("/api/games/{id}")).await;
    assert_eq!(g["status"], "live", "{g}");

    // Agreed, it goes on from the third move.
    let mut b3 = Csa::login(addr, "backb", "back-600-10,password-1").await;
    let summary = b3.until(|l| l == "END Game_Summary").await;
    for l in
        [format!("Game_ID:{id}"), "Name+:backb".into(), "Name-:backw".into(), "Your_Turn:+".into(), "To_Move:+".into()]
    {
        assert!(summary.contains(&l), "{l} in {summary:?}");
    }
    let block = position_block(&summary);
    assert_eq!(block[block.len() - 4..], ["+", "+7776FU,T0", "-3334FU,T1", "END Position"], "{block:?}");
    b3.send(&format!("AGREE {id}")).await;
    assert_eq!(b3.line().await, Some(format!("START:{id}")));
    b3.send("+8822UM").await;
    assert!(b3.line().await.unwrap().starts_with("+8822UM,T"));
    assert!(w.line().await.unwrap().starts_with("+8822UM,T"));
    w.send("%TORYO").await;
    assert_eq!(b3.until(|l| l.starts_with('#')).await, ["%TORYO", "#RESIGN"].map(String::from));
    assert_eq!(b3.line().await.as_deref(), Some("#WIN"));
    let (_, record) = s.anonymous().text(&format!("/api/games/{id}.csa")).await;
    let moves: Vec<&str> = record.lines().filter(|l| l.starts_with(['+', '-']) && l.len() == 7).collect();
    assert_eq!(moves, ["+7776FU", "-3334FU", "+8822UM"], "{record}");
    s.stop().await;
}

/// After a restart nobody is connected to the live CSA games: both players log in again (one
/// in x1 mode) and play on from the moves stored.
#[tokio::test]
async fn csa_games_go_on_after_a_restart() {
    let s = TestServer::with_csa(Duration::from_secs(60), config(256, 5000)).await;
    let addr = s.csa.unwrap();
    let (mut b, mut w, id) = started(addr, "again-600-10", ("againb", "againw")).await;
    b.send("+2726FU").await;
    assert!(w.line().await.unwrap().starts_with("+2726FU,T"));
    drop((b, w));
    let (database, dir) = s.stop().await;
    let s = TestServer::with_csa_on(database, dir, Duration::from_secs(60), config(256, 5000)).await;
    let addr = s.csa.unwrap();
    // White comes back in the extended mode, Black in CSA mode.
    let mut w = x1(addr, "againw").await;
    w.send("%%GAME again-600-10 -").await;
    let mut b = Csa::login(addr, "againb", "again-600-10,password-1").await;
    for (c, you) in [(&mut w, "-"), (&mut b, "+")] {
        let summary = c.until(|l| l == "END Game_Summary").await;
        assert!(summary.contains(&format!("Game_ID:{id}")), "{summary:?}");
        assert!(summary.contains(&format!("Your_Turn:{you}")), "{summary:?}");
        assert!(summary.contains(&"To_Move:-".to_string()), "{summary:?}");
        assert_eq!(position_block(&summary).iter().rev().nth(1).map(String::as_str), Some("+2726FU,T0"));
        c.send("AGREE").await;
        assert_eq!(c.line().await, Some(format!("START:{id}")));
    }
    w.send("-8384FU").await;
    assert!(b.line().await.unwrap().starts_with("-8384FU,T"));
    b.send("%TORYO").await;
    assert_eq!(w.until(|l| l.starts_with("#W") || l.starts_with("#L")).await.last().map(String::as_str), Some("#WIN"));
    let (_, g) = s.anonymous().get(&format!("/api/games/{id}")).await;
    assert_eq!(g["view"]["outcome"]["result"], "white_win", "{g}");
    assert_eq!(g["view"]["ply"], 2, "{g}");
    s.stop().await;
}
