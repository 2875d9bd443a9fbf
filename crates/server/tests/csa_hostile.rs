//! Hostile CSA peers (issue 16: malformed lines, disconnects and clients that never agree are
//! answered per the protocol, never with a panic). Seeded random lines — CSA commands and
//! moves, their fragments, bytes that are no UTF-8, control characters, lines past the
//! protocol's limit — are sent before LOGIN, in the lobby, while a game is proposed and during
//! it, and connections are dropped at random points. After each seed the server must still
//! log in, pair and play a game to its end for well-behaved clients, and no task of the server
//! may have panicked (a panic in a connection's task would only close that connection, so the
//! test counts them with a panic hook).

mod common;

use common::{Csa, TestServer, started};
use server::csa::CsaConfig;
use std::net::SocketAddr;
use std::time::Duration;
use testkit::Rng;
use tokio::io::{AsyncReadExt, AsyncWriteExt};

/// One of the space-separated words of `from`.
fn pick<'a>(r: &mut Rng, from: &'a str) -> &'a str {
    let n = from.split(' ').count();
    from.split(' ').nth(r.index(n)).unwrap_or_default()
}

/// Words a CSA client sends, right and wrong (shogi-server's commands, x1's, moves, results),
/// separated by spaces.
const WORDS: &str = "\
LOGIN LOGOUT AGREE REJECT %TORYO %KACHI %CHUDAN %%WHO %%LIST %%SHOW %%MONITOR2ON %%MONITOR2OFF \
%%MONITORON %%MONITOROFF %%CHAT %%GAME %%SETBUOY %%DELETEBUOY %%GETBUOYCOUNT %%FORK %%VERSION %%HELP \
%%RATING %%ACCEPT %%DECLINE +7776FU -3334FU +2726FU -8384FU +7776FU,T3 +0055KA -0055KA +9999OU +5958OU \
+8822UM + - % %% x1 hostile-600-10 hostile-600-10-B hostile-600-10-W,password-1 floodgate-600-10F \
buoy_x-600-10 , ' '* T +OK #WIN END Game_Summary BEGIN -1 99999999999999999999";

/// One random line, without its line feed (a line feed inside splits it, as a peer would).
fn line(r: &mut Rng) -> Vec<u8> {
    let mut out = Vec::new();
    // The server closes the connection at a line past the limit or with bytes that are no
    // ASCII text, so those are rarer than the rest: the peers' other lines reach the games.
    match r.index(40) {
        // Past the protocol's 1,024-byte limit.
        0 => out.resize(1024 + r.index(4096), b'A' + r.index(26) as u8),
        // Raw bytes: no UTF-8, NUL, CR, tabs, escapes.
        1 => {
            for _ in 0..r.index(40) {
                out.push(r.next_u64() as u8);
            }
        }
        // Fragments of commands glued together.
        2..=5 => {
            let w = pick(r, WORDS).as_bytes();
            out.extend_from_slice(&w[..r.index(w.len() + 1)]);
            out.extend_from_slice(pick(r, WORDS).as_bytes());
        }
        // A few words separated by spaces, tabs or commas.
        _ => {
            for i in 0..1 + r.index(4) {
                if i > 0 {
                    out.push(*[b' ', b' ', b'\t', b','].get(r.index(4)).unwrap());
                }
                out.extend_from_slice(pick(r, WORDS).as_bytes());
            }
        }
    }
    out.retain(|&b| b != b'\n');
    out
}

/// How a hostile peer opens before its random lines.
enum Opening {
    /// Random lines from the first (the server answers the first that is no LOGIN and closes).
    Nothing,
    /// An x1 login (shogi-server's extended mode): the `%%` commands are taken in the lobby.
    X1(String),
    /// A login under a game name; once paired (if within 5 s) the proposal is answered
    /// with `answer` (AGREE, REJECT, or nothing: a client that never agrees), and the random
    /// lines then go to the game; with `started`, only after START (or REJECT) came.
    Game { login: String, answer: Option<&'static str>, started: bool },
}

/// A hostile connection: its opening, then `lines` random lines, with everything the server
/// answers read and thrown away, and at a random point either dropped or closed for writing
/// (the server then sees the end of its input). Returns what the server sent it.
async fn hostile(addr: SocketAddr, seed: u64, opening: Opening, lines: usize) -> Vec<u8> {
    let mut r = Rng::new(seed);
    let mut c = Csa::connect(addr).await;
    let mut got = Vec::new();
    match opening {
        Opening::Nothing => {}
        Opening::X1(login) => {
            c.send(&login).await;
            got.extend(c.line().await.unwrap_or_default().bytes().chain([b'\n']));
        }
        Opening::Game { login, answer, started } => {
            c.send(&login).await;
            let paired = tokio::time::timeout(Duration::from_secs(5), async {
                while let Some(l) = c.lines.next_line().await.ok().flatten() {
                    got.extend(l.bytes().chain([b'\n']));
                    if l == "END Game_Summary" {
                        return true;
                    }
                }
                false
            })
            .await
            .unwrap_or(false);
            // The server may have closed the connection by now (the proposal cancelled under
            // load): a failed write is this peer's end, not the test's.
            if paired && let Some(a) = answer {
                let _ = c.w.write_all(format!("{a}\n").as_bytes()).await;
                if started
                    && let Ok(Ok(Some(l))) = tokio::time::timeout(Duration::from_secs(5), c.lines.next_line()).await
                {
                    got.extend(l.bytes().chain([b'\n']));
                }
            }
        }
    }
    let Csa { lines: rd, mut w } = c;
    let mut rd = rd.into_inner();
    let reader = tokio::spawn(async move {
        let mut buf = [0u8; 4096];
        let mut got = Vec::new();
        while let Ok(Ok(n)) = tokio::time::timeout(Duration::from_secs(10), rd.read(&mut buf)).await {
            if n == 0 {
                break;
            }
            got.extend_from_slice(&buf[..n]);
        }
        got
    });
    for _ in 0..lines {
        let mut l = line(&mut r);
        // Now and then a line that never ends (no line feed) or ends with CR LF.
        match r.index(12) {
            0 => {}
            1 => l.extend_from_slice(b"\r\n"),
            _ => l.push(b'\n'),
        }
        if w.write_all(&l).await.is_err() {
            break;
        }
        if r.index(4) == 0 {
            tokio::time::sleep(Duration::from_millis(r.index(20) as u64)).await;
        }
    }
    if r.index(2) == 0 {
        drop(w);
        reader.abort();
    } else {
        let _ = w.shutdown().await;
        got.extend(reader.await.unwrap_or_default());
    }
    got
}

/// A well-behaved White against a hostile Black: he agrees, and resigns as soon as it is his
/// turn, so the game must end — by Black's illegal line, resignation, declaration or absence
/// (his countdown runs from the start if he is gone before START), or by White's resignation —
/// or never start (the proposal rejected). Returns what he heard, up to the end.
async fn calm_white(addr: SocketAddr, login: String) -> Vec<String> {
    let mut c = Csa::connect(addr).await;
    c.send(&login).await;
    let mut heard = Vec::new();
    loop {
        let l = c.line().await.unwrap_or_else(|| panic!("the server closed before the game ended: {heard:?}"));
        match l.as_str() {
            "END Game_Summary" => c.send("AGREE").await,
            _ if l.starts_with('+') => c.send("%TORYO").await,
            _ => {}
        }
        let end = ["#WIN", "#LOSE", "#DRAW", "#CENSORED", "#CHUDAN"].contains(&l.as_str()) || l.starts_with("REJECT:");
        heard.push(l);
        if end {
            return heard;
        }
    }
}

/// Every live game with no player connected shows the countdown against the side to move (a
/// seat whose connection was lost at any point — before START included — is counted absent).
async fn every_live_game_counts_its_absent_player(s: &TestServer) {
    let (_, games) = s.anonymous().get("/api/games?status=live").await;
    for g in games["games"].as_array().cloned().unwrap_or_default() {
        let id = g["id"].as_i64().unwrap();
        // The server notices a closed connection a moment later.
        let mut tries = 0;
        loop {
            let mut ws = s.anonymous().ws().await;
            ws.watch(id, None).await;
            let state = ws.until(|m| m["type"] == "state").await;
            if !state["countdown"].is_null() || !state["view"]["outcome"].is_null() {
                break;
            }
            tries += 1;
            assert!(tries < 30, "game {id}: its players are gone and no countdown runs: {state}");
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
    }
}

/// Two well-behaved players pair, agree, play two moves and one resigns: the server still works.
async fn a_game_is_still_played(addr: SocketAddr, tag: &str) {
    let (mut b, mut w, _) =
        started(addr, &format!("calm{tag}-600-10"), (&format!("calmb{tag}"), &format!("calmw{tag}"))).await;
    b.send("+7776FU").await;
    w.send("-3334FU").await;
    for c in [&mut b, &mut w] {
        assert!(c.line().await.unwrap().starts_with("+7776FU,T"));
        assert!(c.line().await.unwrap().starts_with("-3334FU,T"));
    }
    b.send("%TORYO").await;
    assert_eq!(b.until(|l| l == "#LOSE").await, ["%TORYO", "#RESIGN", "#LOSE"]);
    assert_eq!(w.until(|l| l == "#WIN").await, ["%TORYO", "#RESIGN", "#WIN"]);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn random_lines_and_drops_never_stop_the_server() {
    common::count_panics();
    let config = CsaConfig { agree_timeout: Duration::from_millis(300), ..CsaConfig::new(([127, 0, 0, 1], 0).into()) };
    let s = TestServer::with_csa(Duration::from_millis(300), config).await;
    let addr = s.csa.unwrap();
    let mut all = String::new();
    let mut calmly = Vec::new();
    for seed in common::hostile_seeds() {
        let mut peers = Vec::new();
        // Before LOGIN: anything at all.
        for k in 0..24 {
            peers.push(tokio::spawn(hostile(addr, seed * 1000 + k, Opening::Nothing, 1 + k as usize % 6)));
        }
        // Logged in with x1: the lobby's commands with random arguments.
        for k in 0..4u64 {
            let login = format!("LOGIN x{seed}x{k} password-1 x1");
            peers.push(tokio::spawn(hostile(addr, seed * 1000 + 50 + k, Opening::X1(login), 30)));
        }
        // Four pairs, each under a game name of its own (Black, White): two agree, in one White
        // rejects, in one White never answers; the random lines (moves among them) then go to
        // the game or the lobby. A fifth pair: a hostile Black against a calm White.
        for k in 0..8u64 {
            let side = if k % 2 == 0 { "B" } else { "W" };
            let login = format!("LOGIN h{seed}x{k} hostile{seed}{}-600-10-{side},password-1", k / 2);
            let answer = if k == 5 {
                Some("REJECT")
            } else if k == 7 {
                None
            } else {
                Some("AGREE")
            };
            peers.push(tokio::spawn(hostile(
                addr,
                seed * 1000 + 100 + k,
                Opening::Game { login, answer, started: false },
                30,
            )));
        }
        let login = format!("LOGIN h{seed}x8 hostile{seed}4-600-10-B,password-1");
        let answer = Some("AGREE");
        peers.push(tokio::spawn(hostile(addr, seed * 1000 + 108, Opening::Game { login, answer, started: true }, 30)));
        let calm = tokio::spawn(calm_white(addr, format!("LOGIN h{seed}x9 hostile{seed}4-600-10-W,password-1")));
        let mut heard = String::new();
        for p in peers {
            heard.push_str(&String::from_utf8_lossy(&p.await.expect("a hostile peer's task")));
        }
        if std::env::var_os("SHINPAN_HOSTILE_LOG").is_some() {
            eprintln!("{heard}");
        }
        all.push_str(&heard);
        let calm = calm.await.expect("the calm White's game ends");
        calmly.push(calm.last().cloned().unwrap_or_default());
        every_live_game_counts_its_absent_player(&s).await;
        a_game_is_still_played(addr, &seed.to_string()).await;
        assert_eq!(common::panics(), 0, "a task of the server panicked (seed {seed})");
    }
    // What the peers reached: refusals, x1's lobby, games proposed, started and ended.
    for seen in ["LOGIN:incorrect", "##[ERROR] a line is", "##[LOGIN] +OK x1", "END Game_Summary", "START:"] {
        assert!(all.contains(seen), "no hostile peer got `{seen}`");
    }
    // The calm White's games ended (a proposal may be cancelled by its timeout under load, not
    // all three).
    assert!(calmly.iter().any(|l| l.starts_with('#')), "the calm White's games: {calmly:?}");
    // The web side is up too.
    let (status, _) = s.anonymous().get("/api/games").await;
    assert_eq!(status, 200);
    s.stop().await;
    assert_eq!(common::panics(), 0, "a task of the server panicked");
}
