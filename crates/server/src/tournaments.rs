//! Tournaments on the server: the tournament director's use cases (`tournament::director`) over
//! a tournament kept as TRF, each change made under the tournament's lock, stored with its audit
//! entry in one transaction; the online games of a round started with the tournament's ruleset
//! and clock, and their results entered on their boards as the referee ends them.
//!
//! Knows nothing of HTTP: `crate::api::tournaments` is its adapter.

use crate::live::{Hub, now_ms};
use crate::store::{
    Audit, BoardGame, Draft, GameId, GameStatus, Role, Store, StoreError, TournamentId, TournamentRow, TournamentWrite,
    User, UserId,
};
use arbiter::TimeControl;
use arbiter::live::{Action, Actor, BoardSetup, GameSetup, SideTimes};
use arbiter::{Decision, Followup, GameResult, Outcome, Reason, RulesetId};
use serde::{Deserialize, Serialize};
use std::collections::{HashMap, HashSet};
use std::sync::{Arc, Mutex};
use tokio::sync::broadcast;
use tournament::director::{
    self, AnnouncedBye, DirectorError, Joined, NewPlayer, NewTournament, PairRequest, PlayerChanges,
};
use tournament::formats::fesa;
use tournament::{BoardRef, BoardResult, BoardView, GameKind, ResultEntry, Status, System, Tournament};

/// Why a board's game that the board could not be made to name ends without a result.
const UNLINKED_GAME: &str = "shinpan: the tournament could not record the board's game (docs/protocol.md)";

/// What the server keeps of a tournament beside its TRF: how its online games are played.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Settings {
    /// The ruleset of its games (TRF `SXT` says the same).
    pub rules: RulesetId,
    /// Each player's time control in its online games; `None`: untimed.
    #[serde(default)]
    pub time: Option<TimeControl>,
    /// Its games count for the rating (fesa-2017 15.4: the time control must reach the
    /// ruleset's minimum), and its results go to the FESA rating list.
    #[serde(default)]
    pub rated: bool,
    /// Go: the board's size.
    #[serde(default = "nineteen")]
    pub size: u8,
}

fn nineteen() -> u8 {
    19
}

#[derive(Debug, thiserror::Error)]
pub enum TournamentError {
    /// A rule of the tournament director's stands in the way.
    #[error(transparent)]
    Director(#[from] DirectorError),
    #[error(transparent)]
    Store(#[from] StoreError),
    #[error("no such tournament")]
    NotFound,
    #[error("{0}")]
    Forbidden(String),
    #[error("{0}")]
    Conflict(String),
    #[error("{0}")]
    BadRequest(String),
}

type Result<T> = std::result::Result<T, TournamentError>;

/// A player registering: who he is, and the account he plays online with (its name).
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct Registration {
    /// Default: the account's name.
    pub name: Option<String>,
    pub rating: u32,
    pub grade: Option<tournament::Grade>,
    pub club: String,
    pub federation: String,
    pub account: Option<String>,
}

/// A round as published: its boards in order, with the handicap each was paired with.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Published {
    pub round: u32,
    pub boards: Vec<PublishedBoard>,
    /// Pairing numbers of the players given the pairing-allocated bye.
    pub byes: Vec<u32>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct PublishedBoard {
    pub number: u32,
    /// Pairing number of the first mover.
    pub first: u32,
    pub second: u32,
    /// The handicap as paired (McMahon): a shogi handicap's name, `even`, or `N stones`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub handicap: Option<String>,
}

/// A tournament as read: its row, the tournament itself and its settings.
pub struct Loaded {
    pub row: TournamentRow,
    pub t: Tournament,
    pub settings: Settings,
}

#[derive(Clone)]
pub struct Tournaments {
    store: Store,
    hub: Hub,
    /// One change at a time per tournament (the version check in the store catches another
    /// server node's).
    locks: Arc<Mutex<HashMap<TournamentId, Arc<tokio::sync::Mutex<()>>>>>,
    /// Tournaments changed (stored), with the games the change linked to their boards: what
    /// their followers hear, without each asking the store which games are the tournament's.
    changed: broadcast::Sender<Changed>,
    /// Set when the server stops: followers end (an open stream would hold the shutdown).
    closing: Arc<tokio::sync::watch::Sender<bool>>,
    /// Every game a tournament created for a board, read at the start and added to as games are
    /// created: a game that ends live and is none of them (most of a server's) is passed over
    /// without asking the store for its board.
    board_games: Arc<Mutex<HashSet<GameId>>>,
}

/// What a tournament's follower hears.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum News {
    /// The tournament changed: a result, a pairing, a player, a game started …
    Changed,
    /// One of its boards' games took an event (a move, a ruling).
    Game(GameId),
}

/// A stored change of a tournament, as its followers hear it.
struct ChangedTournament {
    id: TournamentId,
    /// The games the change linked to the tournament's boards (a round's games started).
    games: Vec<GameId>,
}

type Changed = Arc<ChangedTournament>;

/// A tournament followed as it changes ([`Tournaments::follow`]).
pub struct Follow {
    id: TournamentId,
    store: Store,
    changed: broadcast::Receiver<Changed>,
    acted: broadcast::Receiver<GameId>,
    games: HashSet<GameId>,
    closing: tokio::sync::watch::Receiver<bool>,
}

impl Follow {
    /// The next news of the tournament; `None` once the server stops.
    pub async fn next(&mut self) -> Option<News> {
        use broadcast::error::RecvError;
        loop {
            if *self.closing.borrow() {
                return None;
            }
            tokio::select! {
                _ = self.closing.changed() => return None,
                r = self.changed.recv() => match r {
                    Ok(c) if c.id != self.id => continue,
                    Ok(c) => {
                        self.games.extend(c.games.iter());
                        return Some(News::Changed);
                    }
                    // A lagging follower may have missed its tournament's change and a game
                    // started: it asks the store, and says it changed.
                    Err(RecvError::Lagged(_)) => {
                        self.games = Self::games(&self.store, self.id).await;
                        return Some(News::Changed);
                    }
                    Err(RecvError::Closed) => return None,
                },
                r = self.acted.recv() => match r {
                    Ok(g) if self.games.contains(&g) => return Some(News::Game(g)),
                    Ok(_) => continue,
                    Err(RecvError::Lagged(_)) => return Some(News::Changed),
                    Err(RecvError::Closed) => return None,
                },
            }
        }
    }

    /// The tournament's games (a store that fails leaves the follower hearing its changes only).
    async fn games(store: &Store, id: TournamentId) -> HashSet<GameId> {
        match store.tournament_games(id).await {
            Ok(games) => games.into_iter().map(|g| g.game).collect(),
            Err(e) => {
                tracing::warn!(tournament = id, error = %e, "a follower does not hear the games");
                HashSet::new()
            }
        }
    }
}

impl Tournaments {
    pub fn new(store: Store, hub: Hub) -> Tournaments {
        let closing = Arc::new(tokio::sync::watch::channel(false).0);
        Tournaments {
            store,
            hub,
            locks: Arc::default(),
            changed: broadcast::channel(1024).0,
            closing,
            board_games: Arc::default(),
        }
    }

    /// Ends every follower: the server stops.
    pub fn close(&self) {
        self.closing.send_replace(true);
    }

    /// Follows tournament `id` from now on: its changes and its games' events.
    pub async fn follow(&self, id: TournamentId) -> Result<Follow> {
        self.store.tournament(id).await?.ok_or(TournamentError::NotFound)?;
        let (changed, acted) = (self.changed.subscribe(), self.hub.acted());
        let games = Follow::games(&self.store, id).await;
        Ok(Follow { id, store: self.store.clone(), changed, acted, games, closing: self.closing.subscribe() })
    }

    /// Enters the results of games that ended while the server was down, then follows every
    /// game's end for as long as the server runs.
    pub async fn start(&self) -> std::result::Result<(), StoreError> {
        let mut ended = self.hub.ended();
        let games = self.store.board_game_ids().await?;
        self.board_games.lock().expect("board games lock").extend(games);
        self.catch_up().await?;
        let this = self.clone();
        tokio::spawn(async move {
            use tokio::sync::broadcast::error::RecvError;
            loop {
                let done = match ended.recv().await {
                    // A game that ended here and no board's: nothing to enter, and no need to ask
                    // the store (most games). An amendment may come from any node: it asks.
                    Ok(e) if !e.amended && !this.board_games.lock().expect("board games lock").contains(&e.game) => {
                        Ok(())
                    }
                    Ok(e) => this.game_ended(e.game, true).await,
                    Err(RecvError::Lagged(_)) => this.catch_up().await.map_err(TournamentError::from),
                    Err(RecvError::Closed) => return,
                };
                if let Err(e) = done {
                    tracing::error!(error = %e, "a tournament game's result was not entered");
                }
            }
        });
        Ok(())
    }

    /// Every ended tournament game whose board has no result yet gets it.
    async fn catch_up(&self) -> std::result::Result<(), StoreError> {
        for g in self.store.finished_board_games().await? {
            if let Err(e) = self.game_ended(g.game, false).await {
                tracing::error!(game = g.game, error = %e, "a tournament game's result was not entered");
            }
        }
        Ok(())
    }

    async fn lock(&self, id: TournamentId) -> tokio::sync::OwnedMutexGuard<()> {
        let m = self.locks.lock().expect("tournament locks").entry(id).or_default().clone();
        m.lock_owned().await
    }

    pub async fn load(&self, id: TournamentId) -> Result<Loaded> {
        let row = self.store.tournament(id).await?.ok_or(TournamentError::NotFound)?;
        let corrupt = |e: String| StoreError::Corrupt(format!("tournament {id}: {e}"));
        let t = director::read_trf(&row.trf).map_err(|e| corrupt(e.to_string()))?;
        let settings = serde_json::from_str(&row.settings).map_err(|e| corrupt(e.to_string()))?;
        Ok(Loaded { row, t, settings })
    }

    /// Stores a change of the tournament with its rows and its audit entry.
    async fn commit(&self, l: &mut Loaded, writes: &[TournamentWrite], audit: Audit) -> Result<()> {
        let trf = director::write_trf(&l.t)?;
        self.store_change(l, Some(&trf), writes, audit).await
    }

    /// Stores rows and an audit entry that leave the tournament itself as it is.
    async fn commit_rows(&self, l: &mut Loaded, writes: &[TournamentWrite], audit: Audit) -> Result<()> {
        self.store_change(l, None, writes, audit).await
    }

    async fn store_change(
        &self,
        l: &mut Loaded,
        trf: Option<&str>,
        writes: &[TournamentWrite],
        audit: Audit,
    ) -> Result<()> {
        let (id, version) = (l.row.id, l.row.version);
        if !self.store.change_tournament(id, version, trf, writes, &audit, now_ms() as i64).await? {
            return Err(TournamentError::Conflict("the tournament changed meanwhile; try again".into()));
        }
        // What is loaded is what is stored now: a next change under the same lock builds on it.
        l.row.version += 1;
        let games = writes
            .iter()
            .filter_map(|w| match w {
                TournamentWrite::Game { game, .. } => Some(*game),
                _ => None,
            })
            .collect();
        let _ = self.changed.send(Arc::new(ChangedTournament { id, games }));
        Ok(())
    }

    /// Who may run the tournament: its arbiters, and the server's admins.
    pub async fn is_arbiter(&self, id: TournamentId, user: &User) -> Result<bool> {
        Ok(user.role == Role::Admin || self.store.is_tournament_arbiter(id, user.id).await?)
    }

    /// Whether `user`'s account is player `player` of the tournament.
    async fn plays_as(&self, id: TournamentId, user: &User, player: u32) -> Result<bool> {
        Ok(self.store.tournament_accounts(id).await?.into_iter().any(|(n, u)| n == player && u.id == user.id))
    }

    async fn require_arbiter(&self, id: TournamentId, user: &User) -> Result<()> {
        if self.is_arbiter(id, user).await? {
            Ok(())
        } else {
            Err(TournamentError::Forbidden("only the tournament's arbiters do that".into()))
        }
    }

    /// A new tournament; `by` (an arbiter or admin) is its first arbiter.
    pub async fn create(
        &self,
        by: &User,
        new: &NewTournament,
        mcmahon: Option<&director::McMahonSettings>,
        settings: &Settings,
    ) -> Result<TournamentId> {
        if by.role == Role::Player {
            return Err(TournamentError::Forbidden("only arbiters and admins create tournaments".into()));
        }
        let new = NewTournament { rules: Some(settings.rules), arbiter: Some(by.name.clone()), ..new.clone() };
        let mut t = director::new_tournament(&new)?;
        if let Some(m) = mcmahon {
            t.mcmahon = m.over(&t.mcmahon);
        }
        // The setup of its games is checked now, not when the first round starts.
        let probe = game_setup(&t, settings, None).map_err(TournamentError::BadRequest)?;
        probe.validate().map_err(|e| TournamentError::BadRequest(e.to_string()))?;
        let trf = director::write_trf(&t)?;
        let json = serde_json::to_string(settings).expect("settings serialize");
        Ok(self.store.create_tournament(&t.name, &trf, &json, by.id, now_ms() as i64).await?)
    }

    pub async fn add_arbiter(&self, id: TournamentId, by: &User, name: &str) -> Result<()> {
        let _one = self.lock(id).await;
        let mut l = self.load(id).await?;
        self.require_arbiter(id, by).await?;
        let (u, _) = self
            .store
            .user_by_name(name)
            .await?
            .ok_or_else(|| TournamentError::BadRequest(format!("no user {name}")))?;
        if u.role == Role::Player {
            return Err(TournamentError::BadRequest(format!("{name} is not an arbiter")));
        }
        if self.store.is_tournament_arbiter(id, u.id).await? {
            return Err(TournamentError::Conflict(format!("{name} is already an arbiter of it")));
        }
        let audit = Audit { actor: Some(by.id), action: "add_arbiter", detail: name.to_string(), reason: None };
        self.commit_rows(&mut l, &[TournamentWrite::Arbiter(u.id)], audit).await
    }

    /// A player registers: by an arbiter (anyone, with an account or not; after the first round
    /// a late entry), or by himself with his own account before the first round is paired.
    pub async fn register(&self, id: TournamentId, by: &User, r: &Registration) -> Result<Joined> {
        let _one = self.lock(id).await;
        let mut l = self.load(id).await?;
        let arbiter = self.is_arbiter(id, by).await?;
        let account = match &r.account {
            Some(name) if name == &by.name => Some(by.clone()),
            Some(name) if arbiter => Some(
                self.store
                    .user_by_name(name)
                    .await?
                    .ok_or_else(|| TournamentError::BadRequest(format!("no user {name}")))?
                    .0,
            ),
            Some(_) => return Err(TournamentError::Forbidden("a player registers himself only".into())),
            None if arbiter => None,
            None => Some(by.clone()),
        };
        if !arbiter && l.t.next_round() > 1 {
            return Err(TournamentError::Forbidden(
                "the first round is paired: a late entry is the arbiters' to make".into(),
            ));
        }
        if let Some(u) = &account
            && let Some((n, _)) = self.store.tournament_accounts(id).await?.into_iter().find(|(_, a)| a.id == u.id)
        {
            return Err(TournamentError::Conflict(format!("{} is already player {n}", u.name)));
        }
        let name = r.name.clone().or_else(|| account.as_ref().map(|u| u.name.clone())).unwrap_or_default();
        let new = NewPlayer {
            name,
            rating: r.rating,
            grade: r.grade,
            club: r.club.clone(),
            federation: r.federation.clone(),
        };
        let joined = director::add_player(&mut l.t, &new)?;
        let writes: Vec<_> =
            account.iter().map(|u| TournamentWrite::Account { player: joined.player, user: u.id }).collect();
        let late = if joined.round > 1 { format!(", a late entry from round {}", joined.round) } else { String::new() };
        let detail = format!("player {} {}{}{late}", joined.player, new.name.trim(), account_note(&account));
        let audit = Audit { actor: Some(by.id), action: "register", detail, reason: None };
        self.commit(&mut l, &writes, audit).await?;
        Ok(joined)
    }

    /// A player withdraws (himself, or by an arbiter) from `from_round` on (default: the next
    /// round to pair).
    pub async fn withdraw(
        &self,
        id: TournamentId,
        by: &User,
        player: u32,
        from_round: Option<u32>,
        reason: Option<String>,
    ) -> Result<()> {
        let _one = self.lock(id).await;
        let mut l = self.load(id).await?;
        let next = l.t.next_round();
        if !self.is_arbiter(id, by).await? {
            if !self.plays_as(id, by, player).await? {
                return Err(TournamentError::Forbidden("a player withdraws himself only".into()));
            }
            if from_round.is_some_and(|r| r != next) {
                return Err(TournamentError::Forbidden(format!(
                    "a player withdraws from the next round ({next}); another round is the arbiters' to set"
                )));
            }
        }
        let from = from_round.unwrap_or(next);
        director::withdraw(&mut l.t, player, from)?;
        let audit = Audit {
            actor: Some(by.id),
            action: "withdraw",
            detail: format!("player {player} from round {from}"),
            reason,
        };
        self.commit(&mut l, &[], audit).await
    }

    /// Pairs the next round and publishes it, or keeps it as the arbiters' draft (`draft`):
    /// published later as it is or changed by hand, unless the tournament changes meanwhile.
    /// Publishing a round replaces a draft.
    pub async fn pair(&self, id: TournamentId, by: &User, req: &PairRequest, draft: bool) -> Result<Published> {
        let _one = self.lock(id).await;
        let mut l = self.load(id).await?;
        self.require_arbiter(id, by).await?;
        let next = l.t.next_round();
        if l.t.planned_rounds > 0 && next > l.t.planned_rounds {
            return Err(TournamentError::Conflict(format!("the tournament has {} rounds", l.t.planned_rounds)));
        }
        let (t, req) = (l.t.clone(), *req);
        // A Dutch round of a large field takes a while: off the request threads.
        let pairing = tokio::task::spawn_blocking(move || director::pair(&t, &req))
            .await
            .map_err(|e| TournamentError::Conflict(format!("the pairing stopped: {e}")))??;
        let mut t = l.t.clone();
        director::record_round(&mut t, &pairing);
        let round = pairing.round.number;
        let handicaps: HashMap<u32, Option<String>> = pairing
            .round
            .boards
            .iter()
            .map(|b| (t.players[b.white].number, b.handicap.clone().filter(|h| h != "even")))
            .collect();
        let published = published(&t, &pairing.round, |first| handicaps.get(&first).cloned().flatten())?;
        let json = serde_json::to_string(&published).expect("pairings serialize");
        let detail = format!("round {round}: {} boards, {} byes", published.boards.len(), published.byes.len());
        if draft {
            let writes = [TournamentWrite::Draft { round, trf: director::write_trf(&t)?, pairing: json }];
            let audit = Audit { actor: Some(by.id), action: "draft", detail, reason: None };
            self.commit_rows(&mut l, &writes, audit).await?;
        } else {
            l.t = t;
            let writes = [TournamentWrite::Round { round, pairing: json }, TournamentWrite::DropDraft];
            self.commit(&mut l, &writes, Audit { actor: Some(by.id), action: "pair", detail, reason: None }).await?;
        }
        Ok(published)
    }

    /// The round paired but not published: its pairing, and whether the tournament changed since
    /// (a stale draft is paired again, not published).
    pub async fn draft(&self, l: &Loaded) -> Result<Option<(Published, bool)>> {
        let Some(d) = self.store.tournament_draft(l.row.id).await? else { return Ok(None) };
        let published = serde_json::from_str(&d.pairing)
            .map_err(|e| StoreError::Corrupt(format!("tournament {}'s draft: {e}", l.row.id)))?;
        Ok(Some((published, d.base_version != l.row.version)))
    }

    /// The draft of round `round`, if it has one: refused once the tournament changed after it.
    async fn draft_of(&self, l: &Loaded, round: u32) -> Result<Option<Draft>> {
        let d = self.store.tournament_draft(l.row.id).await?;
        let Some(d) = d.filter(|d| d.round == round) else { return Ok(None) };
        if d.base_version != l.row.version {
            return Err(TournamentError::Conflict(format!(
                "the tournament changed after round {round} was drafted: pair it again"
            )));
        }
        Ok(Some(d))
    }

    /// Publishes the draft of round `round` as it stands.
    pub async fn publish(&self, id: TournamentId, by: &User, round: u32) -> Result<Published> {
        let _one = self.lock(id).await;
        let mut l = self.load(id).await?;
        self.require_arbiter(id, by).await?;
        let d = self.draft_of(&l, round).await?;
        let d = d.ok_or_else(|| TournamentError::Conflict(format!("round {round} has no draft")))?;
        l.t = drafted(id, &d)?;
        let published: Published = serde_json::from_str(&d.pairing)
            .map_err(|e| StoreError::Corrupt(format!("tournament {id}'s draft: {e}")))?;
        let detail = format!("round {round}: {} boards, {} byes", published.boards.len(), published.byes.len());
        let writes = [TournamentWrite::Round { round, pairing: d.pairing }, TournamentWrite::DropDraft];
        self.commit(&mut l, &writes, Audit { actor: Some(by.id), action: "publish", detail, reason: None }).await?;
        Ok(published)
    }

    /// Discards the draft of round `round`.
    pub async fn discard_draft(&self, id: TournamentId, by: &User, round: u32) -> Result<()> {
        let _one = self.lock(id).await;
        let mut l = self.load(id).await?;
        self.require_arbiter(id, by).await?;
        match self.store.tournament_draft(id).await? {
            Some(d) if d.round == round => {}
            _ => return Err(TournamentError::Conflict(format!("round {round} has no draft"))),
        }
        let audit =
            Audit { actor: Some(by.id), action: "discard_draft", detail: format!("round {round}"), reason: None };
        self.commit_rows(&mut l, &[TournamentWrite::DropDraft], audit).await
    }

    /// A player's details corrected; the audit log keeps what changed.
    pub async fn edit_player(
        &self,
        id: TournamentId,
        by: &User,
        player: u32,
        changes: &PlayerChanges,
        reason: Option<String>,
    ) -> Result<()> {
        let _one = self.lock(id).await;
        let mut l = self.load(id).await?;
        self.require_arbiter(id, by).await?;
        let before = director::edit_player(&mut l.t, player, changes)?;
        let after = &l.t.players[player as usize - 1];
        let grade = |g: Option<tournament::Grade>| g.map_or("-".to_string(), |g| g.to_string());
        let mut what = Vec::new();
        for (field, old, new) in [
            ("name", before.name.clone(), after.name.clone()),
            ("rating", before.rating.to_string(), after.rating.to_string()),
            ("grade", grade(before.grade), grade(after.grade)),
            ("club", before.club.clone(), after.club.clone()),
            ("federation", before.federation.clone(), after.federation.clone()),
        ] {
            if old != new {
                what.push(format!("{field} {old:?} → {new:?}"));
            }
        }
        if what.is_empty() {
            return Ok(());
        }
        let audit = Audit {
            actor: Some(by.id),
            action: "edit_player",
            detail: format!("player {player}: {}", what.join(", ")),
            reason,
        };
        self.commit(&mut l, &[], audit).await
    }

    /// A bye announced for the next round to pair (or taken back, `None`): by the player himself
    /// (a half- or zero-point bye) or by an arbiter (any).
    pub async fn announce_bye(
        &self,
        id: TournamentId,
        by: &User,
        player: u32,
        bye: Option<AnnouncedBye>,
        reason: Option<String>,
    ) -> Result<u32> {
        let _one = self.lock(id).await;
        let mut l = self.load(id).await?;
        if !self.is_arbiter(id, by).await? {
            if !self.plays_as(id, by, player).await? {
                return Err(TournamentError::Forbidden("a player announces his own bye only".into()));
            }
            // A full-point bye is the arbiters' to give, and to change or take back.
            let next = l.t.next_round() as usize;
            let given = l.t.players.iter().find(|p| p.number == player).and_then(|p| p.rounds.get(next - 1));
            if bye == Some(AnnouncedBye::Full)
                || given.is_some_and(|e| e.opponent.is_none() && e.outcome == tournament::Outcome::FullBye)
            {
                return Err(TournamentError::Forbidden("a full-point bye is the arbiters' to give or change".into()));
            }
        }
        let round = director::announce_bye(&mut l.t, player, bye)?;
        let what = match bye {
            Some(AnnouncedBye::Half) => "a half-point bye",
            Some(AnnouncedBye::Zero) => "a zero-point bye",
            Some(AnnouncedBye::Full) => "a full-point bye",
            None => "no bye after all",
        };
        let audit = Audit {
            actor: Some(by.id),
            action: "bye",
            detail: format!("player {player}: {what} in round {round}"),
            reason,
        };
        self.commit(&mut l, &[], audit).await?;
        Ok(round)
    }

    /// Players who must never meet (the same club, a family).
    pub async fn forbid(&self, id: TournamentId, by: &User, players: &[u32], reason: Option<String>) -> Result<()> {
        let _one = self.lock(id).await;
        let mut l = self.load(id).await?;
        self.require_arbiter(id, by).await?;
        director::forbid(&mut l.t, players)?;
        let list: Vec<String> = players.iter().map(u32::to_string).collect();
        let audit = Audit {
            actor: Some(by.id),
            action: "forbid",
            detail: format!("players {} never meet", list.join(", ")),
            reason,
        };
        self.commit(&mut l, &[], audit).await
    }

    /// The last round's pairing changed by hand, with the reason, before any result or game of
    /// it. Returns the round as now published, and the pairs the system would have given
    /// instead (none when the change keeps to it).
    pub async fn replace_round(
        &self,
        id: TournamentId,
        by: &User,
        round: u32,
        boards: &[(u32, u32)],
        byes: &[u32],
        reason: Option<String>,
    ) -> Result<(Published, Vec<(u32, u32)>)> {
        let _one = self.lock(id).await;
        let mut l = self.load(id).await?;
        self.require_arbiter(id, by).await?;
        let Some(reason) = reason.filter(|r| !r.trim().is_empty()) else {
            return Err(TournamentError::BadRequest("a pairing changed by hand needs a reason".into()));
        };
        // A draft of the next round is changed as a draft; else the last round published.
        let draft = self.draft_of(&l, round).await?;
        let mut t = match &draft {
            Some(d) => drafted(id, d)?,
            None => l.t.clone(),
        };
        let last = t.next_round() - 1;
        if round != last {
            return Err(TournamentError::Conflict(format!("only the last round paired ({last}) is changed")));
        }
        if self.store.tournament_games(id).await?.iter().any(|g| g.round == round) {
            return Err(TournamentError::Conflict(format!("round {round} has online games started")));
        }
        let new = director::replace_round(&mut t, boards, byes)?;
        let published = published(&t, &new, |_| None)?;
        // What the system would have paired (a McMahon check gives no alternative pairs).
        let (tc, check) = (t.clone(), director::CheckRequest::default());
        let checks = tokio::task::spawn_blocking(move || director::check_pairings(&tc, &check))
            .await
            .map_err(|e| TournamentError::Conflict(format!("the check stopped: {e}")))?
            .unwrap_or_default();
        let missing = checks.into_iter().find(|c| c.round == round).map(|c| c.missing).unwrap_or_default();
        let json = serde_json::to_string(&published).expect("pairings serialize");
        let pairs: Vec<String> = published.boards.iter().map(|b| format!("{}-{}", b.first, b.second)).collect();
        let what = if draft.is_some() { "the draft of round" } else { "round" };
        let mut detail = format!("{what} {round} paired by hand: {}", pairs.join(" "));
        if !missing.is_empty() {
            let sys: Vec<String> = missing.iter().map(|(a, b)| format!("{a}-{b}")).collect();
            detail += &format!(" (the {} system pairs {})", t.system, sys.join(" "));
        }
        let audit = Audit { actor: Some(by.id), action: "pair_by_hand", detail, reason: Some(reason) };
        if draft.is_some() {
            let writes = [TournamentWrite::Draft { round, trf: director::write_trf(&t)?, pairing: json }];
            self.commit_rows(&mut l, &writes, audit).await?;
        } else {
            l.t = t;
            self.commit(&mut l, &[TournamentWrite::Round { round, pairing: json }], audit).await?;
        }
        Ok((published, missing))
    }

    /// Starts the online games of round `round`: every board without a result and without a
    /// game yet whose two players play online. Returns (board, game) of each started.
    pub async fn start_games(&self, id: TournamentId, by: &User, round: u32) -> Result<Vec<(u32, GameId)>> {
        let _one = self.lock(id).await;
        let mut l = self.load(id).await?;
        self.require_arbiter(id, by).await?;
        let views = director::boards(&l.t, round)?;
        let published = self.published_rounds(id).await?.remove(&round);
        let accounts: HashMap<u32, UserId> =
            self.store.tournament_accounts(id).await?.into_iter().map(|(n, u)| (n, u.id)).collect();
        let games = self.store.tournament_games(id).await?;
        let mut started = Vec::new();
        for b in views.iter().filter(|b| b.result.is_none()) {
            let number = b.number as u32;
            if games.iter().any(|g| g.round == round && g.board == number) {
                continue;
            }
            let (Some(&a), Some(&z)) = (accounts.get(&b.first), accounts.get(&b.second)) else { continue };
            let handicap = published.as_ref().and_then(|p| p.boards.get(b.number - 1)).and_then(|p| p.handicap.clone());
            let setup = game_setup(&l.t, &l.settings, handicap.as_deref()).map_err(TournamentError::BadRequest)?;
            // The first mover is Black, but in a shogi handicap game the giver moves first from
            // the White seat (ufs-2016 5.9).
            let giver_first = l.t.game == GameKind::Shogi && handicap.is_some();
            let (black, white, black_number) = if giver_first { (z, a, b.second) } else { (a, z, b.first) };
            let game = self.open_game(&mut l, by, &setup, black, white, round, number, black_number, 0).await?;
            started.push((number, game));
        }
        Ok(started)
    }

    /// Creates a board's game, links it to the board, and starts it.
    #[allow(clippy::too_many_arguments)]
    async fn open_game(
        &self,
        l: &mut Loaded,
        by: &User,
        setup: &GameSetup,
        black: UserId,
        white: UserId,
        round: u32,
        board: u32,
        black_number: u32,
        replay: u32,
    ) -> Result<GameId> {
        let text = serde_json::to_string(setup).expect("setups serialize");
        let game = self.store.create_game(&text, by.id, [Some(black), Some(white)], now_ms() as i64, None).await?;
        // Known for a board's game before it starts, so its end is never passed over.
        self.board_games.lock().expect("board games lock").insert(game);
        let writes = [TournamentWrite::Game { round, board, game, black: black_number, replay }];
        let what = match (replay, l.t.system) {
            (0, _) => "game",
            (_, System::Knockout) => "the tie-break game of a drawn knockout match (pl 8.1, 5.5)",
            _ => "the replay of a drawn game (fesa-2017 12.2)",
        };
        let audit = Audit {
            actor: Some(by.id),
            action: "start_game",
            detail: format!("round {round} board {board}: {what} {game}"),
            reason: None,
        };
        // Started before the board names it: whoever reads the game off the board finds it
        // live, and can act on it at once.
        self.hub
            .start_stored(game, black, white, Some(by.id), setup)
            .await
            .map_err(|e| TournamentError::Conflict(format!("game {game} did not start: {e}")))?;
        if let Err(e) = self.commit_rows(l, &writes, audit).await {
            // No board names it, so nobody plays it: it ends at once without a result.
            let decision = Decision::Result {
                result: GameResult::NoResult,
                reason: Reason::ArbiterDecision,
                article: UNLINKED_GAME.into(),
            };
            if let Err(stop) = self.hub.act(game, Actor::Host, Some(by.id), Action::Decide { decision }).await {
                tracing::error!(game, error = %stop, "a game no board names could not be stopped");
            }
            return Err(e);
        }
        Ok(game)
    }

    /// Each paired round as it was published, by round.
    pub async fn published_rounds(&self, id: TournamentId) -> Result<HashMap<u32, Published>> {
        let corrupt = |e: serde_json::Error| StoreError::Corrupt(format!("tournament {id}: {e}"));
        let rounds = self.store.tournament_rounds(id).await?;
        rounds.into_iter().map(|(r, json)| Ok((r, serde_json::from_str(&json).map_err(corrupt)?))).collect()
    }

    /// Enters or corrects a board's result (a correction needs a reason, kept in the audit log).
    #[allow(clippy::too_many_arguments)]
    pub async fn enter_result(
        &self,
        id: TournamentId,
        by: &User,
        round: u32,
        board: usize,
        result: BoardResult,
        replayed: bool,
        reason: Option<String>,
    ) -> Result<BoardView> {
        let _one = self.lock(id).await;
        let mut l = self.load(id).await?;
        self.require_arbiter(id, by).await?;
        let before = board_view(&l.t, round, board)?;
        let correct = before.result.is_some_and(|r| (r, before.replayed) != (result, replayed));
        let reason = reason.filter(|r| !r.trim().is_empty());
        if correct && reason.is_none() {
            return Err(TournamentError::BadRequest(format!(
                "board {board} of round {round} has the result {}: a correction needs a reason",
                before.result.expect("a result").describe(before.replayed)
            )));
        }
        let entry = ResultEntry { round, board: BoardRef::Number(board), result, replayed, correct };
        let now = director::enter_result(&mut l.t, &entry)?;
        if now == before {
            return Ok(now);
        }
        let action = if correct { "correct_result" } else { "result" };
        let detail = format!("round {round} board {board} {}-{}: {}", now.first, now.second, result.describe(replayed));
        self.commit(&mut l, &[], Audit { actor: Some(by.id), action, detail, reason }).await?;
        Ok(now)
    }

    /// A player reports the result of his over-the-board game; once both players have reported
    /// the same, it is entered (two reports that differ wait for the arbiters). Returns the
    /// result entered, if it was.
    pub async fn report_result(
        &self,
        id: TournamentId,
        by: &User,
        round: u32,
        board: usize,
        result: BoardResult,
    ) -> Result<Option<BoardResult>> {
        let _one = self.lock(id).await;
        let mut l = self.load(id).await?;
        let view = board_view(&l.t, round, board)?;
        let accounts = self.store.tournament_accounts(id).await?;
        let me = accounts.iter().find(|(_, u)| u.id == by.id).map(|(n, _)| *n);
        let Some(me) = me.filter(|&n| n == view.first || n == view.second) else {
            return Err(TournamentError::Forbidden("only the board's players report its result".into()));
        };
        if let Some(r) = view.result {
            return Err(TournamentError::Conflict(format!(
                "board {board} has its result: {}",
                r.describe(view.replayed)
            )));
        }
        if self.store.tournament_games(id).await?.iter().any(|g| g.round == round && g.board as usize == board) {
            return Err(TournamentError::Conflict("the board is played online: its game gives the result".into()));
        }
        if !matches!(result, BoardResult::FirstWins | BoardResult::SecondWins | BoardResult::Draw) {
            return Err(TournamentError::BadRequest("players report games played; forfeits are the arbiters'".into()));
        }
        let other = if me == view.first { view.second } else { view.first };
        let reports = self.store.tournament_reports(id).await?;
        let theirs = reports
            .iter()
            .find(|r| (r.round, r.board as usize, r.player) == (round, board, other))
            .map(|r| r.result.clone());
        let write = TournamentWrite::Report {
            round,
            board: board as u32,
            player: me,
            result: result.to_string(),
            t_ms: now_ms() as i64,
        };
        let at = format!("round {round} board {board} {}-{}", view.first, view.second);
        if theirs.as_deref() == Some(result.as_str()) {
            let entry = ResultEntry { round, board: BoardRef::Number(board), result, replayed: false, correct: false };
            director::enter_result(&mut l.t, &entry)?;
            let detail = format!("{at}: {result}, reported by both players");
            let audit = Audit { actor: Some(by.id), action: "result", detail, reason: None };
            self.commit(&mut l, &[write], audit).await?;
            return Ok(Some(result));
        }
        let detail = match theirs {
            Some(t) => format!("{at}: player {me} reports {result}, player {other} reported {t}; the arbiters decide"),
            None => format!("{at}: player {me} reports {result}"),
        };
        let audit = Audit { actor: Some(by.id), action: "report", detail, reason: None };
        self.commit_rows(&mut l, &[write], audit).await?;
        Ok(None)
    }

    /// A tournament game's result stored: entered on its board. `amend` is an end heard as it
    /// happened, which may correct a result (the game's arbiter amended it); on start, only
    /// boards without a result get one.
    async fn game_ended(&self, game: GameId, amend: bool) -> Result<()> {
        let Some(g) = self.store.board_of_game(game).await? else { return Ok(()) };
        let _one = self.lock(g.tournament).await;
        let mut l = self.load(g.tournament).await?;
        // The board's latest game decides it: an earlier one was drawn and replayed.
        let games = self.store.tournament_games(g.tournament).await?;
        if games.iter().any(|x| (x.round, x.board) == (g.round, g.board) && x.replay > g.replay) {
            return Ok(());
        }
        let g = games.into_iter().find(|x| x.game == game).unwrap_or(g);
        let Some(outcome) = outcome_of(&g)? else { return Ok(()) };
        // The board a stored game is linked to is there, or the store is damaged.
        let view = board_view(&l.t, g.round, g.board as usize)
            .map_err(|e| StoreError::Corrupt(format!("game {game}'s board: {e}")))?;
        if view.result.is_some() && !amend {
            return Ok(());
        }
        let replayed = g.replay > 0;
        let result = match outcome.result {
            GameResult::BlackWin | GameResult::WhiteWin => {
                let black_won = outcome.result == GameResult::BlackWin;
                if (g.black == view.first) == black_won { BoardResult::FirstWins } else { BoardResult::SecondWins }
            }
            GameResult::Draw => {
                let prescribed = match &outcome.followup {
                    Some(Followup::Replay { colours_reversed: true, time, .. }) => Some(time.as_ref()),
                    _ => None,
                };
                // The ruleset replays a draw at once (fesa-2017 12.2, pl 5.5); a knockout match
                // needs a winner (pl 8.1), so there every draw, a drawn replay too, is played
                // again the same way, on the ruleset's time or else the tournament's.
                let knockout = l.t.system == System::Knockout;
                if view.result.is_none() && ((prescribed.is_some() && !replayed) || knockout) {
                    return self.replay(&mut l, &g, prescribed.flatten(), &view).await;
                }
                if replayed {
                    // A replay ends decisively (fesa-2017 12.2); a drawn one is the arbiters'.
                    return Ok(());
                }
                BoardResult::Draw
            }
            // No result, or not over: the board waits for the arbiters.
            GameResult::NoResult | GameResult::Unfinished => return Ok(()),
        };
        if view.result == Some(result) && view.replayed == replayed {
            return Ok(());
        }
        let correct = view.result.is_some();
        let entry = ResultEntry { round: g.round, board: BoardRef::Number(view.number), result, replayed, correct };
        director::enter_result(&mut l.t, &entry)?;
        let detail = format!(
            "round {} board {} {}-{}: {} (game {game}, {})",
            g.round,
            g.board,
            view.first,
            view.second,
            result.describe(replayed),
            outcome.reason.as_str()
        );
        let reason = correct.then(|| format!("game {game}'s result was amended by its arbiter"));
        let action = if correct { "correct_result" } else { "result" };
        self.commit(&mut l, &[], Audit { actor: None, action, detail, reason }).await
    }

    /// The FESA rating program's files for the tournament (fesa-2017 15): the list in force, the
    /// results, and the players the list does not have yet.
    pub async fn fesa_files(&self, id: TournamentId) -> Result<FesaFiles> {
        let l = self.load(id).await?;
        self.fesa_files_of(&l).await
    }

    async fn fesa_files_of(&self, l: &Loaded) -> Result<FesaFiles> {
        let list = self.store.rating_list().await?;
        let known: Vec<(String, String)> = match &list {
            Some(text) => rating::fesa::read_list(text)
                .map_err(|e| StoreError::Corrupt(format!("the rating list: {e}")))?
                .into_iter()
                .map(|p| (p.last_name, p.first_name))
                .collect(),
            None => Vec::new(),
        };
        let date =
            l.t.header
                .iter()
                .find_map(|h| h.strip_prefix("042 "))
                .map(|d| d.trim().replace('/', "-"))
                .unwrap_or_else(|| today(now_ms()));
        let tournament = fesa::tournament_file(&l.t, &date);
        let new_players = fesa::new_players_file(&l.t, |a, b| known.iter().any(|(x, y)| x == a && y == b));
        Ok(FesaFiles { list, tournament, new_players })
    }

    /// Rates the tournament after its last round: the FESA rating program's computation over
    /// the list in force, whose result is published as the new list (fesa-2017 15).
    pub async fn rate(&self, id: TournamentId, by: &User) -> Result<rating::fesa::Rated> {
        let _one = self.lock(id).await;
        let mut l = self.load(id).await?;
        self.require_arbiter(id, by).await?;
        if !l.settings.rated || l.t.game != GameKind::Shogi {
            return Err(TournamentError::Conflict("the tournament is not rated (FESA rates shogi)".into()));
        }
        let played = l.t.next_round() - 1;
        if played == 0 || (l.t.planned_rounds > 0 && played < l.t.planned_rounds) {
            return Err(TournamentError::Conflict(format!(
                "{played} of {} rounds are paired: rating comes after the last",
                l.t.planned_rounds
            )));
        }
        let open = director::open_boards(&l.t);
        if !open.is_empty() {
            return Err(DirectorError::OpenBoards { round: played, boards: open }.into());
        }
        if self.store.is_rated(id).await? {
            return Err(TournamentError::Conflict("the tournament is rated already".into()));
        }
        let files = self.fesa_files_of(&l).await?;
        let rated = rating::fesa::rate_files(rating::fesa::RatingFiles {
            list: files.list.as_deref().map(str::as_bytes),
            new_players: Some(files.new_players.as_bytes()),
            tournament: files.tournament.as_bytes(),
        })
        .map_err(|e| TournamentError::BadRequest(format!("the rating program refuses the files: {e}")))?;
        let list = String::from_utf8(rated.write(rating::fesa::Output::List))
            .map_err(|e| StoreError::Corrupt(format!("the new rating list: {e}")))?;
        let audit = Audit {
            actor: Some(by.id),
            action: "rate",
            detail: format!("FESA rating list published with {} players", rated.outcome.list.len()),
            reason: None,
        };
        // The list and the audit entry in one transaction; refused if another list came first.
        let write = TournamentWrite::RatingList { before: files.list, list };
        self.commit_rows(&mut l, &[write], audit).await.map_err(|e| match e {
            TournamentError::Conflict(_) => {
                TournamentError::Conflict("the tournament or the rating list changed meanwhile; try again".into())
            }
            e => e,
        })?;
        Ok(rated)
    }

    /// A drawn game replayed at once with colours reversed (fesa-2017 12.2): a new game on the
    /// same board, its time as the referee prescribed.
    async fn replay(
        &self,
        l: &mut Loaded,
        g: &BoardGame,
        time: Option<&[TimeControl; 2]>,
        view: &BoardView,
    ) -> Result<()> {
        let row = self.store.game(g.game).await?.ok_or_else(|| StoreError::Corrupt(format!("no game {}", g.game)))?;
        let (Some(black), Some(white)) = (row.black, row.white) else { return Ok(()) };
        let mut setup: GameSetup =
            serde_json::from_str(&row.setup).map_err(|e| StoreError::Corrupt(format!("game {}: {e}", g.game)))?;
        setup.time = time.map(|&[b, w]| SideTimes { black: b, white: w }).or(setup.time);
        let black_number = if g.black == view.first { view.second } else { view.first };
        let by = self.store.user(row.created_by).await?.ok_or_else(|| StoreError::Corrupt("no creator".into()))?;
        self.open_game(l, &by, &setup, white, black, g.round, g.board, black_number, g.replay + 1).await?;
        Ok(())
    }
}

/// The tournament as drafted with its next round.
fn drafted(id: TournamentId, d: &Draft) -> Result<Tournament> {
    Ok(director::read_trf(&d.trf).map_err(|e| StoreError::Corrupt(format!("tournament {id}'s draft: {e}")))?)
}

/// Board `board` (from 1) of round `round`, as the director lists it.
fn board_view(t: &Tournament, round: u32, board: usize) -> std::result::Result<BoardView, DirectorError> {
    let views = director::boards(t, round)?;
    let boards = views.len();
    views.into_iter().nth(board.wrapping_sub(1)).ok_or(DirectorError::NoSuchBoard { round, board, boards })
}

/// A recorded round as published: its boards in the director's order, each with the handicap
/// `handicap` gives for its first mover, and its byes.
fn published(
    t: &Tournament,
    round: &tournament::Round,
    handicap: impl Fn(u32) -> Option<String>,
) -> std::result::Result<Published, DirectorError> {
    let boards = director::boards(t, round.number)?
        .into_iter()
        .map(|b| PublishedBoard {
            number: b.number as u32,
            first: b.first,
            second: b.second,
            handicap: handicap(b.first),
        })
        .collect();
    let byes = round.byes.iter().map(|&p| t.players[p].number).collect();
    Ok(Published { round: round.number, boards, byes })
}

fn account_note(account: &Option<User>) -> String {
    account.as_ref().map(|u| format!(" (account {})", u.name)).unwrap_or_default()
}

/// A board game's outcome, once it has one.
fn outcome_of(g: &BoardGame) -> std::result::Result<Option<Outcome>, StoreError> {
    if g.status != GameStatus::Finished {
        return Ok(None);
    }
    let Some(json) = &g.outcome else { return Ok(None) };
    serde_json::from_str(json).map_err(|e| StoreError::Corrupt(format!("game {}: outcome: {e}", g.game)))
}

/// The setup of a tournament game: the tournament's ruleset and clock, the board with the
/// handicap the pairing gave (shogi: a handicap's name; Go: `N stones`).
pub fn game_setup(t: &Tournament, s: &Settings, handicap: Option<&str>) -> std::result::Result<GameSetup, String> {
    let board = match t.game {
        GameKind::Shogi => BoardSetup::Shogi { handicap: handicap.map(str::to_string), opening: Vec::new() },
        GameKind::Go => {
            let stones = match handicap {
                None => 0,
                Some(h) => h
                    .strip_suffix(" stones")
                    .and_then(|n| n.parse().ok())
                    .ok_or_else(|| format!("a Go handicap reads `N stones`, not `{h}`"))?,
            };
            BoardSetup::Go { size: s.size, handicap: stones, komi: None }
        }
    };
    Ok(GameSetup {
        ruleset: s.rules,
        overrides: None,
        time: s.time.map(SideTimes::same),
        board,
        rated: s.rated,
        arrival: true,
        max_moves: None,
    })
}

/// The FESA rating program's input files for a tournament.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct FesaFiles {
    /// The list in force (`ratingliste.pre`); `None` before the first is published.
    pub list: Option<String>,
    /// `turnering.txt`.
    pub tournament: String,
    /// `nye-spillere`.
    pub new_players: String,
}

/// The UTC date of `ms` as `YYYY-MM-DD` (the civil calendar from days since 1970).
pub(crate) fn today(ms: u64) -> String {
    let z = (ms / 86_400_000) as i64 + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = doy - (153 * mp + 2) / 5 + 1;
    let m = if mp < 10 { mp + 3 } else { mp - 9 };
    let y = yoe + era * 400 + i64::from(m <= 2);
    format!("{y:04}-{m:02}-{d:02}")
}

/// What a tournament shows of each player's standing in it.
pub fn status_name(s: Status) -> (&'static str, Option<u32>) {
    match s {
        Status::Active => ("active", None),
        Status::Withdrawn(r) => ("withdrawn", Some(r)),
        Status::Excluded(r) => ("excluded", Some(r)),
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn today_is_the_civil_date() {
        assert_eq!(super::today(0), "1970-01-01");
        // 2026-11-26 00:00 UTC and the last millisecond of 2024-02-29.
        assert_eq!(super::today(1_795_651_200_000), "2026-11-26");
        assert_eq!(super::today(1_709_251_199_999), "2024-02-29");
    }
}
