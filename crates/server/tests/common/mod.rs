#![allow(dead_code)]
//! A server on a loopback port for the tests, on SQLite in a temporary directory or on a
//! PostgreSQL database of its own (`SHINPAN_TEST_POSTGRES`: the URL of a throwaway cluster that
//! `make test-server` starts, `scripts/pg_cluster.sh`), and clients that talk to it: HTTP with a
//! session cookie and its CSRF token, WebSocket with the same cookie, and the CSA protocol.

use futures_util::{SinkExt, StreamExt};
use serde_json::{Value, json};
use std::net::SocketAddr;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;
use tokio::io::{AsyncBufReadExt, AsyncWriteExt, BufReader, Lines};
use tokio::net::TcpStream;
use tokio::net::tcp::{OwnedReadHalf, OwnedWriteHalf};
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::tungstenite::client::IntoClientRequest;

/// Runs each scenario once per database: `sqlite::name` in every test run, `postgres::name`
/// under `make test-server` (ignored otherwise).
#[allow(unused_macros)]
macro_rules! on_both {
    ($($name:ident),* $(,)?) => {
        mod sqlite {
            $(#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
            async fn $name() { super::$name(super::Db::Sqlite).await })*
        }
        mod postgres {
            $(#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
            #[ignore = "needs SHINPAN_TEST_POSTGRES; run by make test-server"]
            async fn $name() { super::$name(super::Db::Postgres).await })*
        }
    };
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Db {
    Sqlite,
    Postgres,
}

pub struct TestServer {
    pub addr: SocketAddr,
    /// The CSA server's address, when it listens.
    pub csa: Option<SocketAddr>,
    pub database: String,
    running: Option<server::Running>,
    _dir: Option<tempfile::TempDir>,
}

/// Panics anywhere in the test's process from the first call on: a panic in a server task only
/// ends that task (a connection), so the hostile-peer tests count them instead.
pub fn count_panics() {
    static HOOK: std::sync::Once = std::sync::Once::new();
    HOOK.call_once(|| {
        let hook = std::panic::take_hook();
        std::panic::set_hook(Box::new(move |info| {
            PANICS.fetch_add(1, Ordering::SeqCst);
            hook(info);
        }));
    });
}

static PANICS: AtomicUsize = AtomicUsize::new(0);

/// Panics counted since `count_panics`.
pub fn panics() -> usize {
    PANICS.load(Ordering::SeqCst)
}

/// The hostile-peer tests' three seeds: 1–3, or the `N`th set of three with
/// `SHINPAN_HOSTILE_SEED=N` (a longer hunt runs it in a loop).
pub fn hostile_seeds() -> std::ops::RangeInclusive<u64> {
    let base: u64 = std::env::var("SHINPAN_HOSTILE_SEED").ok().and_then(|s| s.parse().ok()).unwrap_or(0);
    base * 3 + 1..=base * 3 + 3
}

static NEXT: AtomicUsize = AtomicUsize::new(0);

/// A fresh, empty database of the kind asked for.
pub async fn database(db: Db) -> (String, Option<tempfile::TempDir>) {
    match db {
        Db::Sqlite => {
            let dir = tempfile::tempdir().unwrap();
            (format!("sqlite://{}", dir.path().join("shinpan.db").display()), Some(dir))
        }
        Db::Postgres => {
            let base = std::env::var("SHINPAN_TEST_POSTGRES")
                .expect("SHINPAN_TEST_POSTGRES: the URL of a PostgreSQL cluster for the tests (make test-server)");
            let name = format!("t{}_{}", std::process::id(), NEXT.fetch_add(1, Ordering::Relaxed));
            sqlx::any::install_default_drivers();
            let mut admin = <sqlx::AnyConnection as sqlx::Connection>::connect(&base).await.unwrap();
            sqlx::query(&format!("CREATE DATABASE {name}")).execute(&mut admin).await.unwrap();
            // The cluster URL names a database (`…/postgres?host=…`): the test's instead.
            let (head, query) = base.split_once('?').map_or((base.as_str(), ""), |(h, q)| (h, q));
            let head = head.rsplit_once('/').map_or(head, |(h, _)| h);
            let url = if query.is_empty() { format!("{head}/{name}") } else { format!("{head}/{name}?{query}") };
            (url, None)
        }
    }
}

impl TestServer {
    pub async fn start(db: Db) -> TestServer {
        let (database, dir) = database(db).await;
        TestServer::on(database, dir).await
    }

    /// A server whose disconnected players may be claimed against after `grace`.
    pub async fn with_grace(db: Db, grace: Duration) -> TestServer {
        let (database, dir) = database(db).await;
        TestServer::configured(database, dir, grace).await
    }

    /// A server on an existing database (a restart).
    pub async fn on(database: String, dir: Option<tempfile::TempDir>) -> TestServer {
        TestServer::configured(database, dir, server::Config::default().disconnect_grace).await
    }

    async fn configured(database: String, dir: Option<tempfile::TempDir>, grace: Duration) -> TestServer {
        TestServer::with_config(database, dir, grace, None, Vec::new()).await
    }

    /// A server on SQLite that may seat `engines`.
    pub async fn with_engines(engines: Vec<server::seat::EngineConfig>) -> TestServer {
        let (database, dir) = database(Db::Sqlite).await;
        TestServer::with_config(database, dir, server::Config::default().disconnect_grace, None, engines).await
    }

    /// A server on SQLite that also speaks the CSA protocol.
    pub async fn with_csa(grace: Duration, csa: server::csa::CsaConfig) -> TestServer {
        let (database, dir) = database(Db::Sqlite).await;
        TestServer::with_config(database, dir, grace, Some(csa), Vec::new()).await
    }

    /// A server on `db` that also speaks the CSA protocol (on any free port).
    pub async fn start_with_csa(db: Db) -> TestServer {
        let (database, dir) = database(db).await;
        let csa = server::csa::CsaConfig::new(SocketAddr::from(([127, 0, 0, 1], 0)));
        TestServer::with_config(database, dir, server::Config::default().disconnect_grace, Some(csa), Vec::new()).await
    }

    /// A CSA server on a database already used (a restart).
    pub async fn with_csa_on(
        database: String,
        dir: Option<tempfile::TempDir>,
        grace: Duration,
        csa: server::csa::CsaConfig,
    ) -> TestServer {
        TestServer::with_config(database, dir, grace, Some(csa), Vec::new()).await
    }

    async fn with_config(
        database: String,
        dir: Option<tempfile::TempDir>,
        grace: Duration,
        csa: Option<server::csa::CsaConfig>,
        engines: Vec<server::seat::EngineConfig>,
    ) -> TestServer {
        let config = server::Config {
            listen: SocketAddr::from(([127, 0, 0, 1], 0)),
            database: database.clone(),
            disconnect_grace: grace,
            csa,
            engines,
            ..server::Config::default()
        };
        let running = server::start(config).await.unwrap();
        TestServer { addr: running.addr, csa: running.csa_addr, database, running: Some(running), _dir: dir }
    }

    pub fn url(&self, path: &str) -> String {
        format!("http://{}{path}", self.addr)
    }

    /// Stops the server and hands back its database (and the directory that holds it).
    pub async fn stop(mut self) -> (String, Option<tempfile::TempDir>) {
        self.running.take().unwrap().stop().await.unwrap();
        (self.database.clone(), self._dir.take())
    }

    /// A new account, logged in.
    pub async fn user(&self, name: &str) -> Client {
        let c = Client {
            base: format!("http://{}", self.addr),
            http: reqwest::Client::new(),
            cookie: None,
            csrf: None,
            bearer: None,
        };
        let r = c.post("/api/accounts", json!({"name": name, "password": "password-1"})).await;
        assert_eq!(r.0, 201, "{:?}", r.1);
        c.login(name).await
    }

    pub fn anonymous(&self) -> Client {
        Client {
            base: format!("http://{}", self.addr),
            http: reqwest::Client::new(),
            cookie: None,
            csrf: None,
            bearer: None,
        }
    }
}

#[derive(Clone)]
pub struct Client {
    pub base: String,
    pub http: reqwest::Client,
    pub cookie: Option<String>,
    pub csrf: Option<String>,
    pub bearer: Option<String>,
}

impl Client {
    pub async fn login(mut self, name: &str) -> Client {
        let r = self
            .http
            .post(format!("{}/api/session", self.base))
            .json(&json!({"name": name, "password": "password-1"}))
            .send()
            .await
            .unwrap();
        assert_eq!(r.status(), 200);
        let set = r.headers().get("set-cookie").unwrap().to_str().unwrap().to_string();
        self.cookie = Some(set.split(';').next().unwrap().to_string());
        let body: Value = r.json().await.unwrap();
        self.csrf = Some(body["csrf"].as_str().unwrap().to_string());
        self
    }

    fn req(&self, method: reqwest::Method, path: &str) -> reqwest::RequestBuilder {
        let mut r = self.http.request(method, format!("{}{path}", self.base));
        if let Some(c) = &self.cookie {
            r = r.header("cookie", c);
        }
        if let Some(t) = &self.csrf {
            r = r.header("x-csrf-token", t);
        }
        if let Some(b) = &self.bearer {
            r = r.header("authorization", format!("Bearer {b}"));
        }
        r
    }

    async fn answer(r: reqwest::RequestBuilder) -> (u16, Value) {
        let r = r.send().await.unwrap();
        let status = r.status().as_u16();
        let text = r.text().await.unwrap();
        (status, serde_json::from_str(&text).unwrap_or(Value::String(text)))
    }

    pub async fn post(&self, path: &str, body: Value) -> (u16, Value) {
        Client::answer(self.req(reqwest::Method::POST, path).json(&body)).await
    }

    pub async fn put(&self, path: &str, body: Value) -> (u16, Value) {
        Client::answer(self.req(reqwest::Method::PUT, path).json(&body)).await
    }

    pub async fn delete(&self, path: &str) -> (u16, Value) {
        Client::answer(self.req(reqwest::Method::DELETE, path)).await
    }

    pub async fn get(&self, path: &str) -> (u16, Value) {
        Client::answer(self.req(reqwest::Method::GET, path)).await
    }

    pub async fn text(&self, path: &str) -> (u16, String) {
        let r = self.req(reqwest::Method::GET, path).send().await.unwrap();
        (r.status().as_u16(), r.text().await.unwrap())
    }

    /// This client without its CSRF token (a forged cross-site request).
    pub fn without_csrf(&self) -> Client {
        Client { csrf: None, ..self.clone() }
    }

    pub async fn ws(&self) -> Ws {
        let url = self.base.replace("http://", "ws://") + "/api/ws";
        let mut req = url.into_client_request().unwrap();
        if let Some(c) = &self.cookie {
            req.headers_mut().insert("cookie", c.parse().unwrap());
        }
        if let Some(b) = &self.bearer {
            req.headers_mut().insert("authorization", format!("Bearer {b}").parse().unwrap());
        }
        let (socket, _) = tokio_tungstenite::connect_async(req).await.unwrap();
        let mut ws = Ws { socket, next_id: 1 };
        let hello = ws.next().await;
        assert_eq!(hello["type"], "hello", "{hello}");
        ws
    }

    /// A challenge with this setup and colour; returns its id.
    pub async fn challenge(&self, setup: Value, color: &str, opponent: Option<&str>) -> i64 {
        let mut body = json!({"setup": setup, "color": color});
        if let Some(o) = opponent {
            body["opponent"] = json!(o);
        }
        let (status, v) = self.post("/api/games", body).await;
        assert_eq!(status, 201, "{v}");
        v["id"].as_i64().unwrap()
    }
}

pub struct Ws {
    socket: tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>>,
    next_id: u64,
}

impl Ws {
    pub async fn send(&mut self, v: Value) {
        self.socket.send(Message::Text(v.to_string().into())).await.unwrap();
    }

    /// The next message, within 10 s.
    pub async fn next(&mut self) -> Value {
        loop {
            let m = tokio::time::timeout(Duration::from_secs(10), self.socket.next())
                .await
                .expect("a message within 10 s")
                .expect("the connection is open")
                .unwrap();
            if let Message::Text(t) = m {
                let v: Value = serde_json::from_str(&t).unwrap();
                // Every message the server sends is what docs/schemas/server.json says.
                if let Err(e) = server_schema().validate(&v) {
                    panic!("a server message outside its schema: {e}\n{v}");
                }
                return v;
            }
        }
    }

    /// Sends any frame, as a hostile client would: an error (the server closed) is returned.
    pub async fn send_frame(&mut self, m: Message) -> Result<(), tokio_tungstenite::tungstenite::Error> {
        self.socket.send(m).await
    }

    /// The next text message within `within`, checked against the schema as `next` does;
    /// `None` when the connection ended or nothing came.
    pub async fn try_next(&mut self, within: Duration) -> Option<Value> {
        loop {
            let m = tokio::time::timeout(within, self.socket.next()).await.ok()??.ok()?;
            if let Message::Text(t) = m {
                let v: Value = serde_json::from_str(&t).unwrap();
                if let Err(e) = server_schema().validate(&v) {
                    panic!("a server message outside its schema: {e}\n{v}");
                }
                return Some(v);
            }
        }
    }

    /// Messages until one satisfies `f` (which is returned).
    pub async fn until(&mut self, f: impl Fn(&Value) -> bool) -> Value {
        loop {
            let m = self.next().await;
            if f(&m) {
                return m;
            }
        }
    }

    pub async fn watch(&mut self, game: i64, after: Option<u64>) {
        let mut m = json!({"type": "watch", "game": game});
        if let Some(a) = after {
            m["after"] = json!(a);
        }
        self.send(m).await;
    }

    /// Acts and returns the server's answer to it (`ack` or `error`).
    pub async fn act(&mut self, game: i64, action: Value) -> Value {
        let id = self.next_id;
        self.next_id += 1;
        self.send(json!({"type": "act", "game": game, "id": id, "action": action})).await;
        self.until(|m| (m["type"] == "ack" || m["type"] == "error") && m["id"] == id).await
    }

    pub async fn mv(&mut self, game: i64, mv: &str) -> Value {
        self.act(game, json!({"kind": "move", "move": mv})).await
    }
}

/// A shogi setup.
pub fn shogi(ruleset: &str, time: Option<Value>) -> Value {
    json!({"ruleset": ruleset, "time": time, "board": {"game": "shogi"}})
}

/// The same time control for both sides.
pub fn both(tc: Value) -> Value {
    json!({"black": tc, "white": tc})
}

pub fn byoyomi(main_ms: u64, period_ms: u64, periods: u32) -> Value {
    json!({"main_ms": main_ms, "overtime": {"kind": "byo_yomi", "period_ms": period_ms, "periods": periods}})
}

/// Two players in a started game: (black's client, white's client, game id).
pub async fn seated(s: &TestServer, setup: Value, names: (&str, &str)) -> (Client, Client, i64) {
    let black = s.user(names.0).await;
    let white = s.user(names.1).await;
    let id = black.challenge(setup, "black", None).await;
    let (status, v) = white.post(&format!("/api/games/{id}/accept"), json!({})).await;
    assert_eq!(status, 200, "{v}");
    (black, white, id)
}

/// The moves of examples/shogi_mate.kif (cshogi self-play; White mates at ply 48).
pub fn mate_moves() -> Vec<String> {
    let kif = std::fs::read(concat!(env!("CARGO_MANIFEST_DIR"), "/../../examples/shogi_mate.kif")).unwrap();
    shogi::formats::read(&kif).unwrap()[0].moves.iter().map(|m| m.mv.to_usi()).collect()
}

fn server_schema() -> &'static jsonschema::Validator {
    static SCHEMA: std::sync::OnceLock<jsonschema::Validator> = std::sync::OnceLock::new();
    SCHEMA.get_or_init(|| {
        let [_, (_, server)] = server::protocol::schemas();
        jsonschema::validator_for(&server).expect("the server schema compiles")
    })
}

/// A CSA protocol client over a real socket.
pub struct Csa {
    pub lines: Lines<BufReader<OwnedReadHalf>>,
    pub w: OwnedWriteHalf,
}

impl Csa {
    pub async fn connect(addr: SocketAddr) -> Csa {
        let (r, w) = TcpStream::connect(addr).await.unwrap().into_split();
        Csa { lines: BufReader::new(r).lines(), w }
    }

    pub async fn send(&mut self, s: &str) {
        self.w.write_all(s.as_bytes()).await.unwrap();
        self.w.write_all(b"\n").await.unwrap();
    }

    /// The next line, or `None` once the server closed the connection.
    pub async fn line(&mut self) -> Option<String> {
        tokio::time::timeout(Duration::from_secs(10), self.lines.next_line()).await.expect("a line within 10 s").ok()?
    }

    /// Lines up to and including the first that `f` accepts.
    pub async fn until(&mut self, f: impl Fn(&str) -> bool) -> Vec<String> {
        let mut seen = Vec::new();
        loop {
            let l = self.line().await.unwrap_or_else(|| panic!("closed; saw {seen:?}"));
            let done = f(&l);
            seen.push(l);
            if done {
                return seen;
            }
        }
    }

    pub async fn login(addr: SocketAddr, name: &str, password: &str) -> Csa {
        let mut c = Csa::connect(addr).await;
        c.send(&format!("LOGIN {name} {password}")).await;
        assert_eq!(c.line().await.as_deref(), Some(format!("LOGIN:{name} OK").as_str()));
        c
    }

    /// Reads the summary; returns the Game_ID.
    pub async fn summary(&mut self) -> i64 {
        let s = self.until(|l| l == "END Game_Summary").await;
        s.iter().find_map(|l| l.strip_prefix("Game_ID:")).expect("a Game_ID").parse().unwrap()
    }
}

/// Two players paired under `game` and started; returns them and the game's id.
pub async fn started(addr: SocketAddr, game: &str, names: (&str, &str)) -> (Csa, Csa, i64) {
    let mut b = Csa::login(addr, names.0, &format!("{game}-B,password-1")).await;
    let mut w = Csa::login(addr, names.1, &format!("{game}-W,password-1")).await;
    let id = b.summary().await;
    assert_eq!(w.summary().await, id);
    b.send("AGREE").await;
    w.send(&format!("AGREE {id}")).await;
    assert_eq!(b.line().await, Some(format!("START:{id}")));
    assert_eq!(w.line().await, Some(format!("START:{id}")));
    (b, w, id)
}

/// An x1 login: `LOGIN:<name> OK` then `##[LOGIN] +OK x1`.
pub async fn x1(addr: SocketAddr, name: &str) -> Csa {
    let mut c = Csa::login(addr, name, "password-1 x1").await;
    assert_eq!(c.line().await.as_deref(), Some("##[LOGIN] +OK x1"));
    c
}
