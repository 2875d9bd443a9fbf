//! Taking a game up again on a new connection (docs/csa.md, "Resuming a game"). A player whose
//! connection was lost logs in again as before, naming the game's name: the server proposes
//! the game as it stands, a `Game_Summary` whose Position block holds the moves played so far
//! with their times (the CSA protocol 1.2.1 way to continue a game from its moves), and after
//! AGREE the game goes on. shogi-server has no such thing: the player to move who goes loses.

use super::name::{GameName, Wish};
use super::summary::Proposal;
use super::{Board, Closed, Conn, Csa, x1};
use crate::live::now_ms;
use crate::store::{GameId, User};
use arbiter::Side;
use arbiter::live::{BoardSetup, GameSetup, LiveGame, ViewDetail};

/// A live game a player may take up again, as it stood when he logged in.
pub(super) struct Resume {
    id: GameId,
    you: Side,
    game: LiveGame,
}

impl Csa {
    /// A live game of `user`'s to take up under `game`: he sits at it (on the side he asks
    /// for, if he asks), no connection of his watches it, and it is a game of that name (the
    /// ruleset, time control and handicap the name gives). After a restart every live game is
    /// such a game for its players.
    pub(super) async fn resumable(&self, user: &User, game: &GameName, wish: Wish) -> Option<Resume> {
        let named = game.setup(self.config.ruleset);
        for (id, you) in self.hub.seated(user.id) {
            if matches!((wish, you), (Wish::Black, Side::White) | (Wish::White, Side::Black)) {
                continue;
            }
            if self.hub.presence(id, you).await != Some(0) {
                continue;
            }
            let Some(live) = self.hub.read(id).await else { continue };
            if live.outcome().is_none() && same_name(live.setup(), &named) {
                return Some(Resume { id, you, game: live });
            }
        }
        None
    }

    /// The players' names of live game `id`: as proposed here, or (after a restart) as stored.
    async fn names(&self, id: GameId) -> Option<[String; 2]> {
        if let Some(l) = self.games.lock().expect("games lock").get(&id) {
            return Some(l.names.clone());
        }
        let seats = self.hub.seats(id)?;
        let mut names = [String::new(), String::new()];
        for (name, seat) in names.iter_mut().zip([seats.black, seats.white]) {
            *name = self.store.user(seat?).await.ok()??.name;
        }
        Some(names)
    }
}

/// Whether a live game's setup is the one a game name gives (its opening aside: a buoy game's
/// name does not say it).
fn same_name(live: &GameSetup, named: &GameSetup) -> bool {
    let handicap = |s: &GameSetup| match &s.board {
        BoardSetup::Shogi { handicap, .. } => Some(handicap.clone()),
        _ => None,
    };
    live.ruleset == named.ruleset
        && live.time == named.time
        && handicap(live).is_some_and(|h| Some(h) == handicap(named))
}

impl Conn {
    /// Proposes game `r` as it stands and, once agreed, plays it on from there.
    pub(super) async fn resume_and_play(&mut self, r: Resume, user: User) -> Result<(), Closed> {
        let Resume { id, you, game } = r;
        let Some(names) = self.csa.names(id).await else {
            return Err(Closed::Protocol("the game to resume could not be read".into()));
        };
        let setup = game.setup().clone();
        let (start, _) = setup.shogi_opening().unwrap_or_else(|_| (shogi::Position::startpos(), Vec::new()));
        let mut now = start.clone();
        let mut moves = Vec::new();
        for m in game.moves_from(0) {
            let Some(mv) = shogi::Move::from_usi(&m.mv) else { break };
            moves.push((mv, m.ms / 1000));
            now.play_unchecked(mv);
        }
        let summary = Proposal {
            id,
            black: &names[0],
            white: &names[1],
            you,
            setup: &setup,
            declaration: self.csa.declaration(),
            start: &start,
            moves: &moves,
        }
        .game_summary();
        // Everything after the state summarised is followed from here on, so a move the
        // opponent makes before START is echoed after it.
        let after = game.log_len().checked_sub(1).map(|s| s as u64);
        let Some(watching) = self.csa.hub.follow(id, after).await else {
            return Err(Closed::Protocol("the game to resume ended".into()));
        };
        let mut board = Board::new(now, moves.len());
        if let Some(c) = game.view_of(now_ms(), ViewDetail::Brief).clock {
            board.spent = [c.black.spent_ms, c.white.spent_ms];
        }
        self.csa.set_status(self.conn, x1::Status::AgreeWaiting, None);
        self.write(&summary).await?;
        let timeout = tokio::time::sleep(self.csa.config.agree_timeout);
        tokio::pin!(timeout);
        let agreed = loop {
            tokio::select! {
                _ = &mut timeout => break Err("the Server (timed out)".to_string()),
                l = self.line() => {
                    let l = l?;
                    let mut words = l.split(' ');
                    match (words.next(), words.next()) {
                        (Some(""), None) => self.write("\n").await?,
                        (Some(w @ ("AGREE" | "REJECT")), g) if g.is_none_or(|g| g == id.to_string()) => {
                            break if w == "AGREE" { Ok(()) } else { Err(user.name.clone()) };
                        }
                        (Some("LOGOUT"), None) => {
                            self.write("LOGOUT:completed\n").await?;
                            return Err(Closed::Peer);
                        }
                        _ => self.write(&format!("##[ERROR] AGREE or REJECT game {id}, not `{l}`\n")).await?,
                    }
                }
            }
        };
        if let Err(by) = agreed {
            // The game goes on without him: his clock runs, and so does the countdown.
            self.write(&format!("REJECT:{id} by {by}\n")).await?;
            return if self.x1 { Ok(()) } else { Err(Closed::Peer) };
        }
        self.csa
            .games
            .lock()
            .expect("games lock")
            .entry(id)
            .or_insert_with(|| x1::Listed { names: names.clone(), setup: setup.clone() });
        self.csa.set_status(self.conn, x1::Status::Game, None);
        self.write(&format!("START:{id}\n")).await?;
        tracing::info!(game = id, player = %user.name, "CSA game resumed");
        let present = self.csa.hub.present(id, you);
        let result = self.play(id, you, user, board, watching, present).await;
        if self.x1 { result } else { result.and(Err(Closed::Peer)) }
    }
}
