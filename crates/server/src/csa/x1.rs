//! The extended mode's commands between games (`LOGIN <name> <password> x1`), answered as
//! shogi-server answers them (its `shogi_server/command.rb`): `%%WHO`, `%%LIST`, `%%CHAT`,
//! `%%SHOW`, `%%MONITORON`/`%%MONITOROFF`, `%%MONITOR2ON`/`%%MONITOR2OFF`, `%%VERSION`,
//! `%%HELP`. docs/csa.md lists where shinpan differs.

use super::summary::{Shown, monitor_result};
use super::{Board, Conn, Csa};
use crate::follow::{Followed, Following};
use crate::live::{Hub, now_ms};
use crate::store::GameId;
use arbiter::live::{GameSetup, LiveGame, Names, PositionView, ViewDetail};
use arbiter::{Mode, RecordFormat};
use std::collections::HashMap;
use tokio::sync::mpsc;

/// What an x1 player may be sent between his own lines (chat, the games he monitors): at most
/// this many batches wait while he plays a game of his own; more are dropped.
pub(super) const NOTICES: usize = 1024;

/// A connection logged in on the CSA port, for `%%WHO` and `%%CHAT`.
pub(super) struct Online {
    pub name: String,
    pub x1: bool,
    pub status: Status,
    /// The game name sought or played, with the side asked for (`+`, `-`, `*`).
    pub game: Option<(String, char)>,
    /// An x1 player's notices: chat and monitored games.
    pub notices: Option<mpsc::Sender<String>>,
}

/// A player's status, as shogi-server names it in `%%WHO`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Status {
    Connected,
    GameWaiting,
    AgreeWaiting,
    StartWaiting,
    Game,
}

impl Status {
    fn as_str(self) -> &'static str {
        match self {
            Status::Connected => "connected",
            Status::GameWaiting => "game_waiting",
            Status::AgreeWaiting => "agree_waiting",
            Status::StartWaiting => "start_waiting",
            Status::Game => "game",
        }
    }
}

/// A game proposed on the CSA port, for `%%LIST`, `%%SHOW` and the monitors.
#[derive(Clone)]
pub(super) struct Listed {
    pub names: [String; 2],
    pub setup: GameSetup,
}

/// The two kinds of monitor (shogi-server's `MonitorHandler1` and `MonitorHandler2`): the
/// whole game as `%%SHOW` gives it after each move, or the record and then each move.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
enum Monitor {
    Show,
    Record,
}

impl Monitor {
    fn tag(self) -> &'static str {
        match self {
            Monitor::Show => "MONITOR",
            Monitor::Record => "MONITOR2",
        }
    }
}

/// The games an x1 connection monitors, by kind (one of each per game), stopped with it.
#[derive(Default)]
pub(super) struct Monitors(HashMap<(GameId, Monitor), tokio::task::AbortHandle>);

impl Drop for Monitors {
    fn drop(&mut self) {
        for (_, h) in self.0.drain() {
            h.abort();
        }
    }
}

impl Csa {
    /// `%%WHO`: each player logged in, `<name> <CSA|x1> <status>` and, while he seeks or plays a
    /// game, its name and his side (shogi-server's `Player#to_s`).
    fn who(&self) -> String {
        let online = self.online.lock().expect("online lock");
        let mut out = String::new();
        for o in online.values() {
            let protocol = if o.x1 { "x1" } else { "CSA" };
            match &o.game {
                Some((g, side)) if o.status != Status::Connected => {
                    out.push_str(&format!("##[WHO] {} {protocol} {} {g} {side}\n", o.name, o.status.as_str()))
                }
                _ => out.push_str(&format!("##[WHO] {} {protocol} {}\n", o.name, o.status.as_str())),
            }
        }
        out.push_str("##[WHO] +OK\n");
        out
    }

    /// `%%RATING`: the server's rated players, highest first, as shogi-server lists its own
    /// (`RatingCommand`): `<name> \t <rating> @<date>`. The server's ratings are the FESA list
    /// in force (fesa-2017 15, published after each rated tournament): the name is the list's,
    /// its spaces as `_` (a CSA name has none), the date the player's last rated game.
    async fn rating(&self) -> String {
        let players = match self.store.rating_list().await {
            Ok(Some(text)) => match rating::fesa::read_list(&text) {
                Ok(players) => players,
                Err(e) => {
                    tracing::error!(error = %e, "the stored rating list");
                    return "##[ERROR] the rating list cannot be read\n".into();
                }
            },
            Ok(None) => Vec::new(),
            Err(e) => return format!("##[ERROR] {e}\n"),
        };
        let mut rated: Vec<_> = players.iter().map(|p| (p.elo, p.display_name().replace(' ', "_"), p)).collect();
        rated.sort_by(|a, b| b.0.cmp(&a.0).then_with(|| a.1.cmp(&b.1)));
        let today = crate::tournaments::today(now_ms());
        let mut out: String = rated
            .iter()
            .map(|(elo, name, p)| {
                format!("##[RATING] {name} \t {elo:4} @{}\n", p.last_played.as_deref().unwrap_or(&today))
            })
            .collect();
        out.push_str("##[RATING] +OK\n");
        out
    }

    /// `%%LIST`: the ids of the CSA games being played.
    fn list(&self) -> String {
        let mut games = self.games.lock().expect("games lock");
        games.retain(|id, _| self.hub.is_live(*id));
        let mut out: String = games.keys().map(|id| format!("##[LIST] {id}\n")).collect();
        out.push_str("##[LIST] +OK\n");
        out
    }

    /// `%%CHAT <message>`: to every x1 player, the sender included (shogi-server's ChatCommand).
    fn chat(&self, from: &str, message: &str) {
        let line = format!("##[CHAT][{from}] {message}\n");
        for o in self.online.lock().expect("online lock").values() {
            if let Some(n) = &o.notices {
                let _ = n.try_send(line.clone());
            }
        }
    }

    /// `%%SHOW <id>`: the game as it stands, each line prefixed `##[SHOW] `; for a game that is
    /// not being played, `##[SHOW] +OK` alone.
    async fn show(&self, id: GameId) -> String {
        let mut out = String::new();
        for line in self.shown(id).await.unwrap_or_default().lines() {
            out.push_str("##[SHOW] ");
            out.push_str(line);
            out.push('\n');
        }
        out.push_str("##[SHOW] +OK\n");
        out
    }

    /// Game `id` as it stands, as shogi-server's `Game#show` gives it: its summary with the
    /// time left, the last move and the position; none for a game not being played here.
    async fn shown(&self, id: GameId) -> Option<String> {
        let listed = self.games.lock().expect("games lock").get(&id).cloned();
        if let Some(l) = listed
            && let Some(game) = self.hub.read(id).await
        {
            // Only the position, the clocks and the ply are shown: no legal moves to build.
            let view = game.view_of(now_ms(), ViewDetail::Brief);
            let last_move = game.moves_from(view.ply.saturating_sub(1)).pop().and_then(|m| {
                let pos = shogi::Position::from_sfen(m.sfen.as_deref()?).ok()?;
                let mv = shogi::Move::from_usi(&m.mv)?;
                Some(format!("{},T{}", shogi::formats::csa::move_to_csa(&pos, mv), m.ms / 1000))
            });
            if let PositionView::Shogi { sfen, .. } = &view.position
                && let Ok(position) = shogi::Position::from_sfen(sfen)
            {
                let shown = Shown {
                    id,
                    black: &l.names[0],
                    white: &l.names[1],
                    setup: &l.setup,
                    declaration: self.declaration(),
                    position: &position,
                    remaining: view.clock.as_ref().map(|c| [c.black.main_ms / 1000, c.white.main_ms / 1000]),
                    last_move: last_move.as_deref(),
                    ply: view.ply,
                };
                return Some(shown.text());
            }
        }
        None
    }
}

impl Conn {
    /// The extended mode's commands between games, and the notices (chat, monitors) as they
    /// come.
    pub(super) async fn x1_loop(&mut self) -> Result<(), Closed> {
        let (tx, mut notices) = mpsc::channel(NOTICES);
        if let Some(o) = self.csa.online.lock().expect("online lock").get_mut(&self.conn) {
            o.notices = Some(tx.clone());
        }
        let mut monitors = Monitors::default();
        loop {
            let line = tokio::select! {
                l = super::read_line(&mut self.lines) => l?,
                n = notices.recv() => {
                    if let Some(n) = n {
                        self.write(&n).await?;
                    }
                    continue;
                }
            };
            let words: Vec<&str> = line.split_whitespace().collect();
            match words.as_slice() {
                [] => self.write("\n").await?,
                ["LOGOUT"] => return self.write("LOGOUT:completed\n").await,
                ["%%VERSION"] => {
                    self.write(&format!("##[VERSION] shinpan {}\n##[VERSION] +OK\n", env!("CARGO_PKG_VERSION"))).await?
                }
                ["%%HELP", ..] => {
                    self.write(
                        "##[HELP] available commands: %%GAME <game name> <+|-|*>, %%CHALLENGE, %%WHO, %%LIST, %%RATING, \
                         %%CHAT <message>, %%SHOW <game id>, %%MONITORON <game id>, %%MONITOROFF <game id>, \
                         %%MONITOR2ON <game id>, %%MONITOR2OFF <game id>, %%SETBUOY <buoy game> <moves> [count], \
                         %%DELETEBUOY <buoy game>, %%GETBUOYCOUNT <buoy game>, %%FORK <game id> [<buoy game>] [n], \
                         %%VERSION, LOGOUT\n",
                    )
                    .await?
                }
                ["%%GAME" | "%%CHALLENGE", game, rest @ ..] => {
                    let wish = match rest {
                        [] | ["*"] => Wish::Either,
                        ["+"] => Wish::Black,
                        ["-"] => Wish::White,
                        _ => {
                            self.write("##[ERROR] %%GAME <game name> [+|-|*]\n").await?;
                            continue;
                        }
                    };
                    match super::name::parse(game) {
                        Some((g, _)) => match g.setup(self.csa.config.ruleset).validate() {
                            Ok(()) => {
                                self.seek_and_play(g, wish).await?;
                                self.csa.set_status(self.conn, Status::Connected, None);
                            }
                            Err(e) => self.write(&format!("##[ERROR] {}: {e}\n", g.name)).await?,
                        },
                        None => self.write(&format!("##[ERROR] bad game name: {game}\n")).await?,
                    }
                }
                ["%%WHO"] => {
                    let who = self.csa.who();
                    self.write(&who).await?
                }
                ["%%RATING"] => {
                    let rating = self.csa.rating().await;
                    self.write(&rating).await?
                }
                ["%%LIST"] => {
                    let list = self.csa.list();
                    self.write(&list).await?
                }
                ["%%CHAT", ..] => match line.trim_start().strip_prefix("%%CHAT").map(str::trim) {
                    Some(message) if !message.is_empty() => {
                        let name = self.user.as_ref().map_or("", |u| u.name.as_str()).to_string();
                        self.csa.chat(&name, message);
                    }
                    _ => self.write("##[ERROR] %%CHAT <message>\n").await?,
                },
                ["%%SHOW", id] => {
                    let shown = match id.parse() {
                        Ok(id) => self.csa.show(id).await,
                        Err(_) => "##[SHOW] +OK\n".to_string(),
                    };
                    self.write(&shown).await?
                }
                [on @ ("%%MONITORON" | "%%MONITOR2ON"), id] => {
                    let kind = if *on == "%%MONITORON" { Monitor::Show } else { Monitor::Record };
                    let listed = id.parse().ok().and_then(|id: GameId| {
                        let l = self.csa.games.lock().expect("games lock").get(&id).cloned();
                        l.filter(|_| self.csa.hub.is_live(id)).map(|l| (id, l))
                    });
                    match listed {
                        Some((id, l)) => {
                            let task = match kind {
                                Monitor::Show => tokio::spawn(monitor1(self.csa.clone(), id, tx.clone())),
                                Monitor::Record => tokio::spawn(monitor2(self.csa.hub.clone(), id, l, tx.clone())),
                            };
                            if let Some(old) = monitors.0.insert((id, kind), task.abort_handle()) {
                                old.abort();
                            }
                        }
                        None => self.write(&format!("##[ERROR] no game is being played as {id}\n")).await?,
                    }
                }
                ["%%SETBUOY", game, moves, rest @ ..] if rest.len() <= 1 => {
                    let user = self.user.clone().expect("logged in");
                    let answer = self.csa.set_buoy(&user, game, moves, rest.first().copied()).await;
                    self.write(&answer).await?
                }
                ["%%DELETEBUOY", game] => {
                    let user = self.user.clone().expect("logged in");
                    let answer = self.csa.delete_buoy(&user, game).await;
                    self.write(&answer).await?
                }
                ["%%GETBUOYCOUNT", game] => {
                    let answer = self.csa.buoy_count(game);
                    self.write(&answer).await?
                }
                ["%%FORK", source, rest @ ..] if rest.len() <= 2 => {
                    // shogi-server: `%%FORK <source> [<new buoy name> [<n>]]`.
                    let (name, nth) = match rest {
                        [] => (None, None),
                        [name] => (Some(*name), None),
                        [name, n] => (Some(*name), n.parse().ok()),
                        _ => unreachable!("at most two words"),
                    };
                    let user = self.user.clone().expect("logged in");
                    let answer = self.csa.fork(&user, source, name, nth).await;
                    self.write(&answer).await?
                }
                [off @ ("%%MONITOROFF" | "%%MONITOR2OFF"), id] => {
                    let kind = if *off == "%%MONITOROFF" { Monitor::Show } else { Monitor::Record };
                    if let Some(h) = id.parse().ok().and_then(|id: GameId| monitors.0.remove(&(id, kind))) {
                        h.abort();
                    }
                }
                _ => self.write(&format!("##[ERROR] unknown command {line}\n")).await?,
            }
        }
    }
}

use super::{Closed, Wish};

/// One monitor of game `id` (shogi-server's `MonitorHandler1`): the game as `%%SHOW` gives it,
/// now and after each move, and the end as the result's token. Each batch is a line per line of
/// text, `##[MONITOR][<id>] <line>`, then `##[MONITOR][<id>] +OK`.
async fn monitor1(csa: Csa, id: GameId, out: mpsc::Sender<String>) {
    let Some(Following { now, mut updates, .. }) = csa.hub.follow(id, None).await else { return };
    if now.view.outcome.is_some() {
        return;
    }
    if let Some(text) = csa.shown(id).await {
        send(&out, Monitor::Show, id, &text);
    }
    while let Some(f) = next(&mut updates).await {
        // A game that ends by its move (a mate) shows the move, then the end.
        if f.moved.is_some()
            && let Some(text) = csa.shown(id).await
        {
            send(&out, Monitor::Show, id, &text);
        }
        if let Some(o) = &f.view.outcome {
            send(&out, Monitor::Show, id, monitor_result(o, f.view.to_move));
            return;
        }
    }
}

/// One monitor of game `id` (shogi-server's `MonitorHandler2`): the record so far, then each
/// move as its CSA line and its `T<sec>` line, and the end as the result's token (`%TORYO`,
/// `#SENNICHITE`, …). Each batch is a line per line of text, `##[MONITOR2][<id>] <line>`, then
/// `##[MONITOR2][<id>] +OK`.
async fn monitor2(hub: Hub, id: GameId, listed: Listed, out: mpsc::Sender<String>) {
    let Some(Following { events, now, mut updates }) = hub.follow(id, None).await else { return };
    let Ok(game) = LiveGame::replay(&listed.setup, Mode::Enforced, events.iter().map(String::as_str)) else { return };
    let [black, white] = listed.names;
    let names = Names { black: Some(black), white: Some(white) };
    let Ok(record) = game.record(RecordFormat::Csa, &names) else { return };
    send(&out, Monitor::Record, id, &record);
    let mut board = Board::new(shogi::Position::startpos(), 0);
    // The record has the moves so far: the board only takes the position.
    board.advance(None, &now.view);
    if now.view.outcome.is_some() {
        return;
    }
    while let Some(f) = next(&mut updates).await {
        let mut text = String::new();
        if let Some((mv, t)) = board.advance(f.moved.as_deref(), &f.view) {
            text.push_str(&format!("{mv}\nT{t}\n"));
        }
        if let Some(o) = &f.view.outcome {
            text.push_str(monitor_result(o, f.view.to_move));
        }
        if !text.is_empty() {
            send(&out, Monitor::Record, id, &text);
        }
        if f.view.outcome.is_some() {
            return;
        }
    }
}

/// The next message of a watched game, none once its task is gone; a monitor that fell behind
/// goes on from what is there.
async fn next(
    updates: &mut tokio::sync::broadcast::Receiver<std::sync::Arc<Followed>>,
) -> Option<std::sync::Arc<Followed>> {
    loop {
        match updates.recv().await {
            Ok(m) => return Some(m),
            Err(tokio::sync::broadcast::error::RecvError::Lagged(_)) => continue,
            Err(_) => return None,
        }
    }
}

fn send(out: &mpsc::Sender<String>, kind: Monitor, id: GameId, text: &str) {
    let tag = kind.tag();
    let mut s = String::with_capacity(text.len() + 64);
    for l in text.lines() {
        s.push_str(&format!("##[{tag}][{id}] {l}\n"));
    }
    s.push_str(&format!("##[{tag}][{id}] +OK\n"));
    let _ = out.try_send(s);
}
