//! The CSA server protocol 1.2.1 (`shinpan serve --csa-listen`), for shogi engines and the
//! clients that play on shogi-server and Floodgate. A CSA game is an ordinary game of the
//! server: stored, refereed under its ruleset and clock, watchable over the WebSocket, its
//! record at `/api/games/{Game_ID}.csa`. docs/csa.md describes the conventions and where they
//! differ from shogi-server.
//!
//! One task per connection: LOGIN, then the lobby (players who name the same game meet), the
//! proposal (`Game_Summary`, AGREE/REJECT), then the game, where lines become acts of the live
//! game and its events become lines.

mod buoy;
mod floodgate;
mod name;
mod resume;
mod summary;
mod x1;

pub use name::{GameName, Wish};

use crate::api::AccountLimits;
use crate::auth;
use crate::follow::{Followed, Following};
use crate::live::{Hub, PresenceGuard, now_ms};
use crate::store::{BuoyRow, GameId, GameStatus, Role, Store, User, UserId};
use arbiter::live::{Action, Actor, GameSetup, GameView, PositionView};
use arbiter::ruleset::RulesetId;
use arbiter::{Answer, Decision, GameResult, Reason, Refusal, ShogiRuleset, Side};
use futures_util::StreamExt;
use std::collections::{BTreeMap, HashMap};
use std::net::SocketAddr;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;
use summary::{CHUDAN_ARTICLE, ILLEGAL_MOVE_LOSES, Proposal, result_lines};
use tokio::io::AsyncWriteExt;
use tokio::net::tcp::OwnedWriteHalf;
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::{mpsc, oneshot, watch};
use tokio_util::codec::{FramedRead, LinesCodec, LinesCodecError};

/// How the CSA server runs.
#[derive(Debug, Clone)]
pub struct CsaConfig {
    pub listen: SocketAddr,
    /// The ruleset of every CSA game: it judges `%KACHI`, sennichite and the time controls a
    /// game name may ask for.
    pub ruleset: RulesetId,
    /// The move after which a game is drawn (`#MAX_MOVES`), as the summary announces; 0: none.
    pub max_moves: u32,
    /// How long a proposed game waits for both AGREEs before the server rejects it.
    pub agree_timeout: Duration,
    /// The time between two rounds of Floodgate games (`floodgate-600-10F` and the like): the
    /// players waiting under such a name are paired together at every multiple of it (UTC).
    pub floodgate_every: Duration,
}

impl CsaConfig {
    pub fn new(listen: SocketAddr) -> CsaConfig {
        CsaConfig {
            listen,
            ruleset: RulesetId::Fesa2017,
            max_moves: 256,
            agree_timeout: Duration::from_secs(120),
            floodgate_every: Duration::from_secs(1800),
        }
    }
}

/// The longest line a client may send (a move is 7 bytes; a comment may follow it).
const MAX_LINE: usize = 1024;

/// The CSA server's shared state.
#[derive(Clone)]
pub struct Csa {
    store: Store,
    hub: Hub,
    config: Arc<CsaConfig>,
    accounts: Arc<AccountLimits>,
    engines: crate::seat::Engines,
    lobby: Arc<Mutex<HashMap<String, Vec<Seeker>>>>,
    /// Each player's opponent in his last Floodgate pairing, which the next round avoids.
    floodgate_last: Arc<Mutex<HashMap<UserId, UserId>>>,
    /// The buoy games set (`%%SETBUOY`), as stored.
    buoys: Arc<Mutex<HashMap<String, BuoyRow>>>,
    /// Who is logged in, by connection (`%%WHO`, `%%CHAT`).
    online: Arc<Mutex<BTreeMap<u64, x1::Online>>>,
    /// The games proposed here and started (`%%LIST`, `%%SHOW`, `%%MONITOR2ON`).
    games: Arc<Mutex<BTreeMap<GameId, x1::Listed>>>,
    /// Secrets already checked, by name: the account and the SHA-256 of its last good secret,
    /// so a password costs one argon2 hash per server run and a login no query (names never
    /// change and secrets are never revoked; the CSA front reads no role).
    checked: Arc<Mutex<HashMap<String, (User, String)>>>,
    next_conn: Arc<AtomicU64>,
}

/// A player waiting for an opponent under a game name.
struct Seeker {
    conn: u64,
    user: User,
    wish: Wish,
    paired: oneshot::Sender<Pairing>,
}

/// A game proposed to one of its two players.
struct Pairing {
    id: GameId,
    you: Side,
    names: [String; 2],
    setup: GameSetup,
    agree: mpsc::Sender<(Side, bool)>,
    verdict: oneshot::Receiver<Verdict>,
}

enum Verdict {
    /// The game started; the player watches it from its first event, so nothing that happens
    /// before his connection reads on is missed. He is present from the start: a connection
    /// gone before it hears START drops the guard, and his absence is counted from then.
    Start(Following, Option<PresenceGuard>),
    Rejected {
        by: String,
    },
}

impl Csa {
    pub fn new(
        store: Store,
        hub: Hub,
        accounts: Arc<AccountLimits>,
        engines: crate::seat::Engines,
        config: CsaConfig,
    ) -> Csa {
        Csa {
            store,
            hub,
            config: Arc::new(config),
            accounts,
            engines,
            lobby: Arc::default(),
            floodgate_last: Arc::default(),
            buoys: Arc::default(),
            online: Arc::default(),
            games: Arc::default(),
            checked: Arc::default(),
            next_conn: Arc::new(AtomicU64::new(1)),
        }
    }

    /// Accepts connections until `stop` fires. Every connection gets TCP_NODELAY (a move is a
    /// small write that must not wait for Nagle's algorithm) and a task of its own; there is no
    /// connection cap below the process's file limit.
    pub async fn serve(self, listener: TcpListener, mut stop: watch::Receiver<bool>) {
        self.load_buoys().await;
        let rounds = tokio::spawn(self.clone().floodgate_rounds());
        loop {
            tokio::select! {
                accepted = listener.accept() => match accepted {
                    Ok((stream, peer)) => {
                        let _ = stream.set_nodelay(true);
                        let csa = self.clone();
                        let stop = stop.clone();
                        tokio::spawn(async move {
                            tokio::select! {
                                _ = csa.connection(stream, peer) => {}
                                _ = stopped(stop) => {}
                            }
                        });
                    }
                    Err(e) => {
                        // Out of descriptors and the like: wait, then accept again.
                        tracing::warn!(error = %e, "CSA accept failed");
                        tokio::time::sleep(Duration::from_millis(20)).await;
                    }
                },
                _ = stop.changed() => break,
            }
        }
        rounds.abort();
    }

    /// Floodgate's rounds, one at every multiple of `floodgate_every`.
    async fn floodgate_rounds(self) {
        loop {
            let now = now_ms();
            let at = floodgate::next_round(now, self.config.floodgate_every);
            tokio::time::sleep(Duration::from_millis(at - now)).await;
            self.floodgate_round();
        }
    }

    /// Pairs everyone waiting under a Floodgate game name (docs/csa.md, `floodgate.rs`).
    fn floodgate_round(&self) {
        let mut rng = fastrand::Rng::new();
        let mut lobby = self.lobby.lock().expect("lobby lock");
        let mut last = self.floodgate_last.lock().expect("floodgate lock");
        let names: Vec<String> = lobby.keys().filter(|n| floodgate::is_floodgate(n)).cloned().collect();
        for name in names {
            let Some(game) = name::parse(&name).map(|(g, _)| g) else { continue };
            // Who left while waiting is gone from the lobby already; a closed waiter too. An
            // account waiting on several connections plays with one of them; the others wait.
            let mut accounts = std::collections::HashSet::new();
            let (waiting, mut out): (Vec<Seeker>, Vec<Seeker>) = lobby
                .remove(&name)
                .unwrap_or_default()
                .into_iter()
                .filter(|s| !s.paired.is_closed())
                .partition(|s| accounts.insert(s.user.id));
            let (pairs, odd) = floodgate::pair(waiting, |s| (s.user.id, s.user.name.as_str()), &last, &mut rng);
            out.extend(odd);
            tracing::info!(game = %name, pairs = pairs.len(), sitting_out = out.len(), "Floodgate round");
            if !out.is_empty() {
                lobby.insert(name.clone(), out);
            }
            for (a, b) in pairs {
                last.insert(a.user.id, b.user.id);
                last.insert(b.user.id, a.user.id);
                let csa = self.clone();
                let (game, second) = (game.clone(), (b.user, b.wish, b.paired));
                tokio::spawn(async move { csa.propose(a, second, game).await });
            }
        }
    }

    async fn connection(&self, stream: TcpStream, peer: SocketAddr) {
        let conn = self.next_conn.fetch_add(1, Ordering::Relaxed);
        let (read, write) = stream.into_split();
        let mut c = Conn {
            csa: self.clone(),
            conn,
            lines: FramedRead::new(read, LinesCodec::new_with_max_length(MAX_LINE)),
            out: write,
            user: None,
            x1: false,
        };
        match c.run().await {
            Ok(()) => {}
            Err(Closed::Peer) => tracing::debug!(%peer, "CSA connection closed"),
            Err(Closed::Protocol(why)) => {
                tracing::info!(%peer, %why, "CSA connection dropped");
                let _ = c.write(&format!("##[ERROR] {why}\n")).await;
            }
        }
        self.leave_lobby(conn);
        self.online.lock().expect("online lock").remove(&conn);
    }

    /// What `%%WHO` says of connection `conn`.
    fn set_status(&self, conn: u64, status: x1::Status, game: Option<(String, char)>) {
        if let Some(o) = self.online.lock().expect("online lock").get_mut(&conn) {
            o.status = status;
            if game.is_some() || status == x1::Status::Connected {
                o.game = game;
            }
        }
    }

    fn leave_lobby(&self, conn: u64) {
        let mut lobby = self.lobby.lock().expect("lobby lock");
        for seekers in lobby.values_mut() {
            seekers.retain(|s| s.conn != conn);
        }
        lobby.retain(|_, s| !s.is_empty());
    }

    /// The user `name` proved by `secret`: his password, or one of his API tokens. A name not
    /// yet known is registered with `secret` as its password, as shogi-server takes a new
    /// player's trip.
    async fn authenticate(&self, name: &str, secret: &str) -> Result<User, String> {
        let digest = auth::token_hash(secret);
        if let Some((user, good)) = self.checked.lock().expect("checked lock").get(name)
            && *good == digest
        {
            return Ok(user.clone());
        }
        let store_err = |e: crate::store::StoreError| e.to_string();
        let remember = |user: &User, digest: String| {
            self.checked.lock().expect("checked lock").insert(user.name.clone(), (user.clone(), digest));
        };
        match self.store.user_by_name(name).await.map_err(store_err)? {
            Some((user, hash)) => {
                if let Some(u) = self.store.user_by_token(&digest).await.map_err(store_err)?
                    && u.id == user.id
                {
                    remember(&user, digest);
                    return Ok(user);
                }
                self.accounts
                    .login(name)
                    .map_err(|_| "too many login attempts for this name; wait a minute".to_string())?;
                let secret = secret.to_string();
                let good =
                    tokio::task::spawn_blocking(move || auth::verify_password(&secret, &hash)).await.unwrap_or(false);
                if !good {
                    return Err("wrong password".into());
                }
                remember(&user, digest);
                Ok(user)
            }
            None => {
                if secret.chars().count() < 8 {
                    return Err("a new player's password is at least 8 characters".into());
                }
                self.accounts
                    .login(name)
                    .map_err(|_| "too many login attempts for this name; wait a minute".to_string())?;
                let secret = secret.to_string();
                let hash = tokio::task::spawn_blocking(move || auth::hash_password(&secret))
                    .await
                    .map_err(|e| e.to_string())?;
                let user =
                    self.store.create_user(name, &hash, Role::Player, now_ms() as i64).await.map_err(store_err)?;
                remember(&user, digest);
                Ok(user)
            }
        }
    }

    /// Waits under `game` for an opponent; the second player to arrive makes the pairing.
    fn seek(&self, conn: u64, user: &User, game: GameName, wish: Wish) -> Option<oneshot::Receiver<Pairing>> {
        // `<id>@<engine>`: the engine is seated at once and agrees.
        if let Some((_, engine)) = game.id.split_once('@')
            && let Some((c, engine_user)) = self.engines.get(engine)
            && c.game == arbiter::GameKind::Shogi
        {
            let (tx, rx) = oneshot::channel();
            let engine_wish = match wish {
                Wish::Black => Wish::White,
                Wish::White => Wish::Black,
                Wish::Either => Wish::Either,
            };
            let engine_user = User { id: engine_user, name: c.name.clone(), role: Role::Player };
            let (etx, _) = oneshot::channel();
            let seat = Seeker { conn: 0, user: engine_user, wish: engine_wish, paired: etx };
            let csa = self.clone();
            let me = (user.clone(), wish, tx);
            tokio::spawn(async move { csa.propose(seat, me, game).await });
            return Some(rx);
        }
        let (tx, rx) = oneshot::channel();
        let me = Seeker { conn, user: user.clone(), wish, paired: tx };
        let mut lobby = self.lobby.lock().expect("lobby lock");
        let seekers = lobby.entry(game.name.clone()).or_default();
        // A Floodgate game waits for its round; a buoy game until it is set (`%%SETBUOY`).
        let buoy = buoy::is_buoy(&game.name);
        let waits = floodgate::is_floodgate(&game.name)
            || (buoy && !self.buoys.lock().expect("buoys lock").contains_key(&game.name));
        let found = if waits { None } else { seekers.iter().position(|s| s.user.id != user.id && s.wish.fits(wish)) };
        let Some(i) = found else {
            seekers.push(me);
            return Some(rx);
        };
        if buoy {
            // Each game uses one up; one deleted meanwhile is waited for until set again.
            let Some((opening, left)) = self.take_buoy_game(&game.name) else {
                seekers.push(me);
                return Some(rx);
            };
            let other = seekers.remove(i);
            drop(lobby);
            self.start_buoy_game(other, me, GameName { opening, ..game }, left);
            return Some(rx);
        }
        let other = seekers.remove(i);
        drop(lobby);
        let csa = self.clone();
        tokio::spawn(async move { csa.propose(other, (me.user, me.wish, me.paired), game).await });
        Some(rx)
    }

    /// Seats the two players, stores the game, proposes it to both and starts it once both
    /// agree (or cancels it on a REJECT, a player leaving, or the timeout).
    async fn propose(&self, first: Seeker, second: (User, Wish, oneshot::Sender<Pairing>), game: GameName) {
        let (user2, wish2, tx2) = second;
        let first_black = match (first.wish, wish2) {
            (Wish::Black, _) | (_, Wish::White) => true,
            (Wish::White, _) | (_, Wish::Black) => false,
            // Neither asked: the pieces are thrown (a coin from the OS, not a seeded furigoma).
            _ => {
                let mut b = [0u8; 1];
                getrandom::fill(&mut b).expect("the OS random source works");
                b[0] & 1 == 0
            }
        };
        let (black, white, black_tx, white_tx) =
            if first_black { (first.user, user2, first.paired, tx2) } else { (user2, first.user, tx2, first.paired) };
        let setup =
            GameSetup { max_moves: Some(self.config.max_moves).filter(|&n| n > 0), ..game.setup(self.config.ruleset) };
        let json = serde_json::to_string(&setup).expect("setups serialize");
        let id = match self
            .store
            .create_game(&json, black.id, [Some(black.id), Some(white.id)], now_ms() as i64, None)
            .await
        {
            Ok(id) => id,
            Err(e) => {
                tracing::error!(error = %e, "CSA game could not be stored");
                return;
            }
        };
        let (agree, mut answers) = mpsc::channel(4);
        let names = [black.name.clone(), white.name.clone()];
        let mut verdicts = Vec::with_capacity(2);
        for (side, tx) in [(Side::Black, black_tx), (Side::White, white_tx)] {
            let (verdict_tx, verdict) = oneshot::channel();
            verdicts.push(verdict_tx);
            let _ = tx.send(Pairing {
                id,
                you: side,
                names: names.clone(),
                setup: setup.clone(),
                agree: agree.clone(),
                verdict,
            });
        }
        drop(agree);
        let mut agreed = [false, false];
        // An engine's seat agrees once the engine is started and ready.
        let mut prepared = Vec::new();
        for (i, u) in [black.id, white.id].into_iter().enumerate() {
            if let Some(c) = self.engines.get(&names[i]).filter(|(_, id)| *id == u).map(|(c, _)| c.clone()) {
                match crate::seat::Engines::prepare(&c, &setup).await {
                    Ok(p) => {
                        agreed[i] = true;
                        prepared.push((if i == 0 { Side::Black } else { Side::White }, u, p));
                    }
                    Err(e) => tracing::warn!(engine = %c.name, error = %e, "engine did not start"),
                }
            }
        }
        let timeout = tokio::time::sleep(self.config.agree_timeout);
        tokio::pin!(timeout);
        let agreed_both = loop {
            tokio::select! {
                a = answers.recv() => match a {
                    Some((side, true)) => {
                        agreed[side.index()] = true;
                        if agreed == [true, true] {
                            break Ok(());
                        }
                    }
                    Some((side, false)) => break Err(names[side.index()].clone()),
                    None => break Err("the Server (a player left)".to_string()),
                },
                _ = &mut timeout => break Err("the Server (timed out)".to_string()),
            }
        };
        let started = match agreed_both {
            Ok(()) => {
                let started = async {
                    if !self.hub.start_stored(id, black.id, white.id, None, &setup).await.map_err(|e| e.to_string())? {
                        return Err("the game was no longer waiting".to_string());
                    }
                    // Both watch from the start event, before either hears START.
                    let b = self.hub.follow(id, None).await.ok_or("the game ended at once")?;
                    let w = self.hub.follow(id, None).await.ok_or("the game ended at once")?;
                    // A CSA player is at the board from the start; an engine's seat says so itself.
                    let present = |side: Side| {
                        let engine = prepared.iter().any(|(s, _, _)| *s == side);
                        if engine { None } else { self.hub.present(id, side) }
                    };
                    Ok::<_, String>([(b, present(Side::Black)), (w, present(Side::White))])
                };
                started.await.map_err(|e| {
                    tracing::error!(game = id, error = %e, "CSA game could not start");
                    "the Server (could not start the game)".to_string()
                })
            }
            Err(by) => {
                let _ = self.store.set_status(id, GameStatus::Cancelled, None).await;
                Err(by)
            }
        };
        if started.is_ok() {
            for (side, u, p) in prepared {
                self.engines.seat(&self.hub, id, side, u, p, crate::seat::SeatOptions::default());
            }
        }
        if started.is_ok() {
            self.games
                .lock()
                .expect("games lock")
                .insert(id, x1::Listed { names: names.clone(), setup: setup.clone() });
        }
        match started {
            Ok(watching) => {
                for (tx, (w, present)) in verdicts.into_iter().zip(watching) {
                    let _ = tx.send(Verdict::Start(w, present));
                }
            }
            Err(by) => {
                for tx in verdicts {
                    let _ = tx.send(Verdict::Rejected { by: by.clone() });
                }
            }
        }
    }

    fn declaration(&self) -> bool {
        ShogiRuleset::by_id(self.config.ruleset).is_ok_and(|r| r.game.declaration.is_some())
    }
}

async fn stopped(mut stop: watch::Receiver<bool>) {
    while !*stop.borrow() {
        if stop.changed().await.is_err() {
            return std::future::pending().await;
        }
    }
}

/// The client's next line, without its CR.
async fn read_line(lines: &mut Lines) -> Result<String, Closed> {
    match lines.next().await {
        None => Err(Closed::Peer),
        Some(Ok(l)) => Ok(l.strip_suffix('\r').unwrap_or(&l).to_string()),
        Some(Err(LinesCodecError::MaxLineLengthExceeded)) => {
            Err(Closed::Protocol(format!("a line is at most {MAX_LINE} bytes")))
        }
        Some(Err(LinesCodecError::Io(e))) if e.kind() == std::io::ErrorKind::InvalidData => {
            Err(Closed::Protocol("a line is not ASCII text".into()))
        }
        Some(Err(_)) => Err(Closed::Peer),
    }
}

/// Why a connection ended early.
enum Closed {
    /// The client went away.
    Peer,
    /// The client broke the protocol: told why, then disconnected.
    Protocol(String),
}

type Lines = FramedRead<tokio::net::tcp::OwnedReadHalf, LinesCodec>;

struct Conn {
    csa: Csa,
    conn: u64,
    lines: Lines,
    out: OwnedWriteHalf,
    user: Option<User>,
    /// Logged in with the extended mode: several games on one connection, `%%` commands.
    x1: bool,
}

impl Conn {
    async fn write(&mut self, s: &str) -> Result<(), Closed> {
        self.out.write_all(s.as_bytes()).await.map_err(|_| Closed::Peer)
    }

    async fn line(&mut self) -> Result<String, Closed> {
        read_line(&mut self.lines).await
    }

    async fn run(&mut self) -> Result<(), Closed> {
        let Some(first) = self.login().await? else { return Ok(()) };
        // Boxed: a game's state is most of a connection's future, and an idle connection (or
        // the task spawned for each) should not carry or copy it.
        match first {
            Some((game, wish)) => Box::pin(self.seek_and_play(game, wish)).await,
            None => Box::pin(self.x1_loop()).await,
        }
    }

    /// LOGIN: `Ok(None)` when refused (answered, to be closed); `Some(Some(game))` in CSA mode,
    /// `Some(None)` in x1 mode.
    #[allow(clippy::type_complexity)]
    async fn login(&mut self) -> Result<Option<Option<(GameName, Wish)>>, Closed> {
        let line = loop {
            let l = self.line().await?;
            if l.is_empty() {
                self.write("\n").await?;
                continue;
            }
            break l;
        };
        let tokens: Vec<&str> = line.split(' ').collect();
        let (name, password, x1) = match tokens.as_slice() {
            ["LOGIN", name, password] => (*name, *password, false),
            ["LOGIN", name, password, "x1"] => (*name, *password, true),
            _ => return self.refuse("expected LOGIN <name> <password> [x1]").await,
        };
        if !name::good_identifier(name) || name.contains(['@', '.']) {
            return self.refuse("a name is 1 to 32 letters, digits, `_` or `-`").await;
        }
        // CSA mode: `<game name>,<secret>`; x1: the secret alone (or with a game name too).
        let (game, secret) = match password.split_once(',') {
            Some((g, s)) => (Some(g), s),
            None if x1 => (None, password),
            None => (Some(password), ""),
        };
        let game = match game {
            Some(g) => match name::parse(g) {
                Some(gw) => Some(gw),
                None if x1 => None,
                None => {
                    return self
                        .refuse(&format!("`{g}` is not a game name: <id>-<total s>-<byo-yomi s>[F], e.g. test-600-10"))
                        .await;
                }
            },
            None => None,
        };
        if secret.is_empty() {
            return self.refuse("a password is needed: LOGIN <name> <game name>,<password>").await;
        }
        if let Some((g, _)) = &game
            && let Err(e) = g.setup(self.csa.config.ruleset).validate()
        {
            return self.refuse(&format!("{}: {e}", g.name)).await;
        }
        let user = match self.csa.authenticate(name, secret).await {
            Ok(u) => u,
            Err(why) => return self.refuse(&why).await,
        };
        self.write(&format!("LOGIN:{name} OK\n")).await?;
        let online =
            x1::Online { name: user.name.clone(), x1, status: x1::Status::Connected, game: None, notices: None };
        self.csa.online.lock().expect("online lock").insert(self.conn, online);
        self.user = Some(user);
        self.x1 = x1;
        if x1 {
            self.write("##[LOGIN] +OK x1\n").await?;
            return Ok(Some(None));
        }
        Ok(Some(game))
    }

    async fn refuse<T>(&mut self, why: &str) -> Result<Option<T>, Closed> {
        self.write(&format!("LOGIN:incorrect\n##[ERROR] {why}\n")).await?;
        Ok(None)
    }

    async fn seek_and_play(&mut self, game: GameName, wish: Wish) -> Result<(), Closed> {
        let user = self.user.clone().expect("logged in");
        if floodgate::is_floodgate(&game.name) && wish != Wish::Either {
            // shogi-server's words: Floodgate draws the colours.
            let why = format!("You are not allowed to specify TEBAN for the game {}", game.name);
            return self.write(&format!("##[ERROR] {why}\n")).await;
        }
        let side = match wish {
            Wish::Black => '+',
            Wish::White => '-',
            Wish::Either => '*',
        };
        if let Some(r) = self.csa.resumable(&user, &game, wish).await {
            return self.resume_and_play(r, user).await;
        }
        self.csa.set_status(self.conn, x1::Status::GameWaiting, Some((game.name.clone(), side)));
        let Some(mut paired) = self.csa.seek(self.conn, &user, game, wish) else { return Ok(()) };
        // Waiting: keep-alives and LOGOUT.
        let pairing = loop {
            tokio::select! {
                p = &mut paired => match p {
                    Ok(p) => break p,
                    Err(_) => return Err(Closed::Protocol("the game could not be set up".into())),
                },
                l = self.lines.next() => match l {
                    None | Some(Err(_)) => return Err(Closed::Peer),
                    Some(Ok(l)) => match l.trim_end_matches('\r') {
                        "" => self.write("\n").await?,
                        "LOGOUT" => {
                            self.csa.leave_lobby(self.conn);
                            return self.write("LOGOUT:completed\n").await;
                        }
                        other => self.write(&format!("##[ERROR] waiting for an opponent; `{other}` is not taken now\n")).await?,
                    },
                },
            }
        };
        self.agree_and_play(pairing, user).await
    }

    async fn agree_and_play(&mut self, mut p: Pairing, user: User) -> Result<(), Closed> {
        // A CSA game's setup is a shogi setup that validated, so it reads.
        let (start, opening) = p.setup.shogi_opening().unwrap_or_else(|_| (shogi::Position::startpos(), Vec::new()));
        let summary = Proposal {
            id: p.id,
            black: &p.names[0],
            white: &p.names[1],
            you: p.you,
            setup: &p.setup,
            declaration: self.csa.declaration(),
            start: &start,
            moves: &opening.iter().map(|&mv| (mv, 0)).collect::<Vec<_>>(),
        }
        .game_summary();
        let mut start = start;
        for &mv in &opening {
            start.play_unchecked(mv);
        }
        self.csa.set_status(self.conn, x1::Status::AgreeWaiting, None);
        self.write(&summary).await?;
        // A player who leaves before the start rejects the game.
        let agree = p.agree.clone();
        let you = p.you;
        let leaving = scopeguard(move || {
            let _ = agree.try_send((you, false));
        });
        let mut answered = false;
        let (watching, present) = loop {
            tokio::select! {
                v = &mut p.verdict => match v {
                    Ok(Verdict::Start(w, present)) => {
                        self.csa.set_status(self.conn, x1::Status::Game, None);
                        self.write(&format!("START:{}\n", p.id)).await?;
                        break (w, present);
                    }
                    Ok(Verdict::Rejected { by }) => {
                        self.write(&format!("REJECT:{} by {by}\n", p.id)).await?;
                        return if self.x1 { Ok(()) } else { Err(Closed::Peer) };
                    }
                    Err(_) => return Err(Closed::Protocol("the game could not be set up".into())),
                },
                l = self.line() => {
                    let l = l?;
                    let mut words = l.split(' ');
                    match (words.next(), words.next()) {
                        (Some(""), None) => self.write("\n").await?,
                        (Some(w @ ("AGREE" | "REJECT")), id) if !answered => {
                            if id.is_some_and(|id| id != p.id.to_string()) {
                                self.write(&format!("##[ERROR] the game proposed is {}\n", p.id)).await?;
                                continue;
                            }
                            answered = true;
                            if w == "AGREE" {
                                self.csa.set_status(self.conn, x1::Status::StartWaiting, None);
                            }
                            let _ = p.agree.send((p.you, w == "AGREE")).await;
                        }
                        _ => self.write(&format!("##[ERROR] AGREE or REJECT game {}, not `{l}`\n", p.id)).await?,
                    }
                }
            }
        };
        leaving.disarm();
        let result = self.play(p.id, p.you, user, Board::new(start, opening.len()), watching, present).await;
        if self.x1 {
            result
        } else {
            // CSA mode: one game a connection, as shogi-server does.
            result.and(Err(Closed::Peer))
        }
    }

    /// The game itself, from START to its result lines.
    async fn play(
        &mut self,
        id: GameId,
        you: Side,
        user: User,
        mut g: Board,
        following: Following,
        _present: Option<PresenceGuard>,
    ) -> Result<(), Closed> {
        let hub = self.csa.hub.clone();
        let mut updates = following.updates;
        if self.on_message(&mut g, &following.now, you).await? {
            return Ok(());
        }
        loop {
            let claim = g.claim_at;
            let claim_sleep = async move {
                match claim {
                    Some(at) => tokio::time::sleep(Duration::from_millis(at.saturating_sub(now_ms()))).await,
                    None => std::future::pending().await,
                }
            };
            tokio::select! {
                m = updates.recv() => match m {
                    Ok(m) => {
                        if self.on_message(&mut g, &m, you).await? {
                            return Ok(());
                        }
                        // Moves sent before the turn came, now in turn.
                        while g.pos.turn() == color(you) && !g.deferred.is_empty() {
                            let l = g.deferred.remove(0);
                            self.on_line(&mut g, &l, id, you, &user).await?;
                        }
                    }
                    Err(tokio::sync::broadcast::error::RecvError::Lagged(_)) => {
                        return Err(Closed::Protocol("too slow to read the game".into()));
                    }
                    Err(_) => return Err(Closed::Protocol("the game stopped".into())),
                },
                l = self.line() => {
                    let l = l?;
                    if l == "LOGOUT" {
                        self.write("LOGOUT:completed\n").await?;
                        return Err(Closed::Peer);
                    }
                    self.on_line(&mut g, &l, id, you, &user).await?;
                }
                _ = claim_sleep => {
                    g.claim_at = None;
                    // The opponent has been away past the countdown: the game is claimed for us.
                    let _ = hub.claim_absent(id, you, user.id).await;
                }
            }
        }
    }

    /// A state of the game: a move's echo, or the end. `Ok(true)` once the game is over.
    async fn on_message(&mut self, g: &mut Board, f: &Followed, you: Side) -> Result<bool, Closed> {
        let mut out = String::new();
        if let Some((mv, t)) = g.advance(f.moved.as_deref(), &f.view) {
            // Without `fmt`: two echoes a move.
            out.push_str(&mv);
            out.push_str(",T");
            out.push_str(itoa::Buffer::new().format(t));
            out.push('\n');
        }
        g.claim_at = f.countdown.filter(|c| c.side != you).map(|c| c.claimable_at);
        let over = match &f.view.outcome {
            Some(o) => {
                for l in result_lines(o, you, f.view.to_move) {
                    out.push_str(l);
                    out.push('\n');
                }
                true
            }
            None => false,
        };
        if !out.is_empty() {
            self.write(&out).await?;
        }
        Ok(over)
    }

    /// A line from the player during the game.
    async fn on_line(&mut self, g: &mut Board, l: &str, id: GameId, you: Side, user: &User) -> Result<(), Closed> {
        let player = Actor::Player { side: you };
        let word = l.split(',').next().unwrap_or("");
        let action = match word {
            "" => return self.write("\n").await,
            "%TORYO" => Action::Resign,
            "%KACHI" => Action::Declare,
            "%CHUDAN" => {
                let decision = Decision::Result {
                    result: GameResult::NoResult,
                    reason: Reason::ArbiterDecision,
                    article: CHUDAN_ARTICLE.into(),
                };
                let _ = self.csa.hub.act(id, Actor::Host, Some(user.id), Action::Decide { decision }).await;
                return Ok(());
            }
            w if w.starts_with(['+', '-']) => {
                if g.pos.turn() != color(you) {
                    // Not his turn yet: kept until it is, as shogi-server defers it.
                    if g.deferred.len() >= 8 {
                        return Err(Closed::Protocol("too many moves out of turn".into()));
                    }
                    g.deferred.push(l.to_string());
                    return Ok(());
                }
                match shogi::formats::csa::parse_move(&g.pos, w) {
                    Ok(mv) => Action::Move { mv: mv.to_usi() },
                    Err(why) => {
                        return self
                            .lose(id, you, Reason::IllegalMove, format!("{w}: {why}; {ILLEGAL_MOVE_LOSES}"))
                            .await;
                    }
                }
            }
            _ => return self.write(&format!("##[ERROR] not a move or a command: {l}\n")).await,
        };
        let declare = matches!(action, Action::Declare);
        match self.csa.hub.act(id, player, Some(user.id), action).await {
            Ok(acked) => match acked.answer {
                Answer::Accepted => Ok(()),
                Answer::Refused { reason } => match reason {
                    Refusal::GameOver | Refusal::FlagFell { .. } => Ok(()),
                    Refusal::IllegalMove { detail, article } => {
                        self.lose(
                            id,
                            you,
                            Reason::IllegalMove,
                            format!("{word}: {detail} ({article}); {ILLEGAL_MOVE_LOSES}"),
                        )
                        .await
                    }
                    other if declare => {
                        self.lose(
                            id,
                            you,
                            Reason::Declaration,
                            format!("%KACHI refused: {other}; {ILLEGAL_MOVE_LOSES}"),
                        )
                        .await
                    }
                    other => {
                        self.lose(id, you, Reason::IllegalMove, format!("{word}: {other}; {ILLEGAL_MOVE_LOSES}")).await
                    }
                },
            },
            Err(crate::live::ActError::NotLive) => Ok(()),
            Err(e) => self.write(&format!("##[ERROR] {e}\n")).await,
        }
    }

    /// `you` loses at once (an illegal move or declaration): the host rules it, as the CSA
    /// protocol has the server do.
    async fn lose(&mut self, id: GameId, you: Side, reason: Reason, article: String) -> Result<(), Closed> {
        let decision = Decision::Result { result: GameResult::win(you.flip()), reason, article };
        let _ = self.csa.hub.act(id, Actor::Host, None, Action::Decide { decision }).await;
        Ok(())
    }
}

/// The connection's copy of the game: the position (to read and write CSA moves), each side's
/// time used so far (for `,T<sec>`), and what waits.
struct Board {
    pos: shogi::Position,
    /// The moves `pos` follows (the view's `ply`).
    ply: usize,
    spent: [u64; 2],
    deferred: Vec<String>,
    /// When the absent opponent's game may be claimed.
    claim_at: Option<u64>,
}

impl Board {
    /// The board at `pos`, `ply` moves into the game (a buoy game's opening).
    fn new(pos: shogi::Position, ply: usize) -> Board {
        Board { pos, ply, spent: [0, 0], deferred: Vec::new(), claim_at: None }
    }

    /// Brings the board to `view`, which `moved` (USI) led to: the move in CSA and the whole
    /// seconds it took (`,T<sec>`), if a move did. By the move when the view is the next ply
    /// (the referee accepted it), else from the view's SFEN (a restore, a take-back, the first
    /// view).
    fn advance(&mut self, moved: Option<&str>, view: &GameView) -> Option<(String, u64)> {
        let mut echo = None;
        match moved.and_then(shogi::Move::from_usi) {
            Some(mv) if view.ply == self.ply + 1 => {
                let mover = view.to_move.flip();
                let spent = view.clock.as_ref().map_or(0, |c| side_clock(c, mover).spent_ms);
                let t = spent.saturating_sub(self.spent[mover.index()]) / 1000;
                echo = Some((shogi::formats::csa::move_to_csa(&self.pos, mv), t));
                self.pos.play_unchecked(mv);
            }
            _ => {
                if let PositionView::Shogi { sfen, .. } = &view.position
                    && let Ok(p) = shogi::Position::from_sfen(sfen)
                {
                    self.pos = p;
                }
            }
        }
        self.ply = view.ply;
        if let Some(c) = &view.clock {
            self.spent = [c.black.spent_ms, c.white.spent_ms];
        }
        echo
    }
}

fn side_clock(c: &arbiter::live::ClockView, side: Side) -> &arbiter::clock::SideClock {
    match side {
        Side::Black => &c.black,
        Side::White => &c.white,
    }
}

fn color(side: Side) -> shogi::Color {
    match side {
        Side::Black => shogi::Color::Black,
        Side::White => shogi::Color::White,
    }
}

/// Runs `f` when dropped, unless disarmed.
struct Guard<F: FnOnce()>(Option<F>);

fn scopeguard<F: FnOnce()>(f: F) -> Guard<F> {
    Guard(Some(f))
}

impl<F: FnOnce()> Guard<F> {
    fn disarm(mut self) {
        self.0 = None;
    }
}

impl<F: FnOnce()> Drop for Guard<F> {
    fn drop(&mut self) {
        if let Some(f) = self.0.take() {
            f();
        }
    }
}
