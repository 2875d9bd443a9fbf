//! Storage: SQLite (the default, one file, WAL, `synchronous = FULL`) or PostgreSQL, through one
//! schema and one set of queries (sqlx's `Any` driver; placeholders `$n` read by both).
//!
//! A game is its referee event log: `events` rows are appended, never changed, and a game's
//! state is the fold of its rows (`crate::live`). Appends go through one writer (a thread
//! straight to SQLite's file, a task on PostgreSQL) that commits whatever is waiting in one
//! transaction (group commit) and answers each append only
//! after its commit: the server acknowledges a move, claim or decision once its event is durable.

mod buoys;
mod migrations;
mod sqlite_log;
mod tournaments;
mod writer;

use serde::{Deserialize, Serialize};
use sqlx::any::{AnyConnectOptions, AnyPoolOptions};
use sqlx::{AnyPool, Row};
use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::str::FromStr;
use std::time::Duration;

pub use buoys::BuoyRow;
pub use tournaments::{Audit, AuditRow, BoardGame, Draft, Report, TournamentId, TournamentRow, TournamentWrite};
pub use writer::Appender;
use writer::GameWrite;

pub type UserId = i64;
pub type GameId = i64;

#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    #[error("database: {0}")]
    Db(#[from] sqlx::Error),
    #[error("the database URL must start with sqlite:// or postgres:// (got `{0}`)")]
    Url(String),
    #[error("stored data does not read: {0}")]
    Corrupt(String),
    #[error("the event writer has stopped")]
    WriterGone,
    #[error("{0} is already taken")]
    Taken(String),
}

pub type Result<T> = std::result::Result<T, StoreError>;

/// Which database the store talks to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Backend {
    Sqlite,
    Postgres,
}

/// What a user may do beyond playing (docs/protocol.md "Roles").
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Role {
    Player,
    Arbiter,
    Admin,
}

impl Role {
    pub fn as_str(self) -> &'static str {
        match self {
            Role::Player => "player",
            Role::Arbiter => "arbiter",
            Role::Admin => "admin",
        }
    }
}

impl FromStr for Role {
    type Err = StoreError;
    fn from_str(s: &str) -> Result<Role> {
        match s {
            "player" => Ok(Role::Player),
            "arbiter" => Ok(Role::Arbiter),
            "admin" => Ok(Role::Admin),
            x => Err(StoreError::Corrupt(format!("unknown role `{x}`"))),
        }
    }
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct User {
    pub id: UserId,
    pub name: String,
    pub role: Role,
}

/// Where a game is in its life.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum GameStatus {
    /// A challenge waiting for an opponent.
    Open,
    /// Both seats taken, the referee running.
    Live,
    /// The referee gave an outcome.
    Finished,
    /// Withdrawn before it started.
    Cancelled,
}

impl GameStatus {
    pub fn as_str(self) -> &'static str {
        match self {
            GameStatus::Open => "open",
            GameStatus::Live => "live",
            GameStatus::Finished => "finished",
            GameStatus::Cancelled => "cancelled",
        }
    }
}

impl FromStr for GameStatus {
    type Err = StoreError;
    fn from_str(s: &str) -> Result<GameStatus> {
        match s {
            "open" => Ok(GameStatus::Open),
            "live" => Ok(GameStatus::Live),
            "finished" => Ok(GameStatus::Finished),
            "cancelled" => Ok(GameStatus::Cancelled),
            x => Err(StoreError::Corrupt(format!("unknown game status `{x}`"))),
        }
    }
}

/// A game's row: its setup (JSON of `crate::game::GameSetup`), seats and status.
#[derive(Debug, Clone, PartialEq)]
pub struct GameRow {
    pub id: GameId,
    pub setup: String,
    pub status: GameStatus,
    pub black: Option<UserId>,
    pub white: Option<UserId>,
    pub arbiter: Option<UserId>,
    pub created_by: UserId,
    pub created_ms: i64,
    /// The outcome as JSON, once finished.
    pub outcome: Option<String>,
    /// The draw of the first move as JSON (`arbiter::live::Draw`), when there was one.
    pub draw: Option<String>,
}

/// One event of a game's log as stored: its place, its instant, who caused it (none for the
/// server's own flag ticks and restarts), the referee event and the referee's answer, as JSON.
#[derive(Debug, Clone, PartialEq)]
pub struct EventRow {
    pub game: GameId,
    pub seq: i64,
    pub t_ms: i64,
    pub actor: Option<UserId>,
    pub event: String,
    pub answer: String,
}

#[derive(Clone)]
pub struct Store {
    pool: AnyPool,
    backend: Backend,
    /// The SQLite database's file, read and appended straight.
    file: Option<PathBuf>,
    appender: Appender,
}

impl Store {
    /// Opens (creating if needed) the database at `url` and brings its schema up to date.
    pub async fn open(url: &str) -> Result<Store> {
        sqlx::any::install_default_drivers();
        let backend = if url.starts_with("sqlite:") {
            Backend::Sqlite
        } else if url.starts_with("postgres:") || url.starts_with("postgresql:") {
            Backend::Postgres
        } else {
            return Err(StoreError::Url(url.to_string()));
        };
        let url = match backend {
            // Created if missing (sqlx's `mode=rwc`).
            Backend::Sqlite if !url.contains("mode=") => {
                format!("{url}{}mode=rwc", if url.contains('?') { '&' } else { '?' })
            }
            _ => url.to_string(),
        };
        // SQLite's log goes to the file straight (sqlite_log); an in-memory database is one
        // connection's alone, so it keeps the pool's.
        let file = match backend {
            Backend::Sqlite => Some(sqlx::sqlite::SqliteConnectOptions::from_str(&url)?.get_filename().to_path_buf())
                .filter(|f| !url.contains(":memory:") && !url.contains("mode=memory") && f != Path::new(":memory:")),
            Backend::Postgres => None,
        };
        let options = AnyConnectOptions::from_str(&url)?;
        let pool = AnyPoolOptions::new()
            .max_connections(match backend {
                Backend::Sqlite => 4,
                Backend::Postgres => 8,
            })
            .acquire_timeout(Duration::from_secs(10))
            .after_connect(move |conn, _| {
                Box::pin(async move {
                    if backend == Backend::Sqlite {
                        // WAL: readers do not wait for the writer; FULL: a commit survives power loss.
                        sqlx::query("PRAGMA journal_mode = WAL").execute(&mut *conn).await?;
                        sqlx::query("PRAGMA synchronous = FULL").execute(&mut *conn).await?;
                        sqlx::query("PRAGMA foreign_keys = ON").execute(&mut *conn).await?;
                        sqlx::query("PRAGMA busy_timeout = 10000").execute(&mut *conn).await?;
                        // Reads through the memory map and a 64 MiB page cache: a restart reads
                        // every live log at once.
                        sqlx::query("PRAGMA mmap_size = 1073741824").execute(&mut *conn).await?;
                        sqlx::query("PRAGMA cache_size = -65536").execute(&mut *conn).await?;
                        // The checkpoint thread of the event log does them all: none in a
                        // request's commit.
                        sqlx::query("PRAGMA wal_autocheckpoint = 0").execute(&mut *conn).await?;
                    }
                    Ok(())
                })
            })
            .connect_with(options)
            .await?;
        migrations::run(&pool, backend).await?;
        let appender = match &file {
            Some(f) => writer::start_sqlite(f.clone())?,
            None => writer::start(pool.acquire().await?.detach()),
        };
        Ok(Store { pool, backend, appender, file })
    }

    pub fn backend(&self) -> Backend {
        self.backend
    }

    /// The group-commit appender of game events.
    pub fn appender(&self) -> &Appender {
        &self.appender
    }

    // --- users, sessions, tokens ---------------------------------------------------------

    pub async fn create_user(&self, name: &str, password_hash: &str, role: Role, now_ms: i64) -> Result<User> {
        let row = sqlx::query(
            "INSERT INTO users (name, password_hash, role, created_ms) VALUES ($1, $2, $3, $4) RETURNING id",
        )
        .bind(name)
        .bind(password_hash)
        .bind(role.as_str())
        .bind(now_ms)
        .fetch_one(&self.pool)
        .await
        .map_err(|e| unique_violation(e, name))?;
        Ok(User { id: row.try_get(0)?, name: name.to_string(), role })
    }

    /// Accounts with `role` (the first person to register on a new server is its admin, though
    /// the engines' accounts were made before him).
    pub async fn role_count(&self, role: Role) -> Result<i64> {
        Ok(sqlx::query("SELECT COUNT(*) FROM users WHERE role = $1")
            .bind(role.as_str())
            .fetch_one(&self.pool)
            .await?
            .try_get(0)?)
    }

    /// The user named `name` and the hash of his password.
    pub async fn user_by_name(&self, name: &str) -> Result<Option<(User, String)>> {
        let row = sqlx::query("SELECT id, name, role, password_hash FROM users WHERE name = $1")
            .bind(name)
            .fetch_optional(&self.pool)
            .await?;
        row.map(|r| Ok((user(&r)?, r.try_get::<String, _>(3)?))).transpose()
    }

    pub async fn user(&self, id: UserId) -> Result<Option<User>> {
        let row =
            sqlx::query("SELECT id, name, role FROM users WHERE id = $1").bind(id).fetch_optional(&self.pool).await?;
        row.map(|r| user(&r)).transpose()
    }

    pub async fn set_role(&self, id: UserId, role: Role) -> Result<()> {
        sqlx::query("UPDATE users SET role = $1 WHERE id = $2")
            .bind(role.as_str())
            .bind(id)
            .execute(&self.pool)
            .await?;
        Ok(())
    }

    pub async fn create_session(&self, token_hash: &str, user: UserId, csrf: &str, expires_ms: i64) -> Result<()> {
        sqlx::query("INSERT INTO sessions (token_hash, user_id, csrf, expires_ms) VALUES ($1, $2, $3, $4)")
            .bind(token_hash)
            .bind(user)
            .bind(csrf)
            .bind(expires_ms)
            .execute(&self.pool)
            .await?;
        Ok(())
    }

    /// The user of a live session and its CSRF token.
    pub async fn session(&self, token_hash: &str, now_ms: i64) -> Result<Option<(User, String)>> {
        let row = sqlx::query(
            "SELECT u.id, u.name, u.role, s.csrf FROM sessions s JOIN users u ON u.id = s.user_id \
             WHERE s.token_hash = $1 AND s.expires_ms > $2",
        )
        .bind(token_hash)
        .bind(now_ms)
        .fetch_optional(&self.pool)
        .await?;
        row.map(|r| Ok((user(&r)?, r.try_get::<String, _>(3)?))).transpose()
    }

    pub async fn delete_session(&self, token_hash: &str) -> Result<()> {
        sqlx::query("DELETE FROM sessions WHERE token_hash = $1").bind(token_hash).execute(&self.pool).await?;
        Ok(())
    }

    pub async fn create_token(&self, token_hash: &str, user: UserId, name: &str, now_ms: i64) -> Result<()> {
        sqlx::query("INSERT INTO api_tokens (token_hash, user_id, name, created_ms) VALUES ($1, $2, $3, $4)")
            .bind(token_hash)
            .bind(user)
            .bind(name)
            .bind(now_ms)
            .execute(&self.pool)
            .await?;
        Ok(())
    }

    pub async fn user_by_token(&self, token_hash: &str) -> Result<Option<User>> {
        let row = sqlx::query(
            "SELECT u.id, u.name, u.role FROM api_tokens t JOIN users u ON u.id = t.user_id WHERE t.token_hash = $1",
        )
        .bind(token_hash)
        .fetch_optional(&self.pool)
        .await?;
        row.map(|r| user(&r)).transpose()
    }

    // --- games -----------------------------------------------------------------------------

    pub async fn create_game(
        &self,
        setup: &str,
        by: UserId,
        seats: [Option<UserId>; 2],
        now_ms: i64,
        draw: Option<&str>,
    ) -> Result<GameId> {
        if self.file.is_some() {
            let w = GameWrite::Create {
                setup: setup.to_string(),
                status: GameStatus::Open.as_str(),
                seats,
                by,
                now_ms,
                draw: draw.map(str::to_string),
            };
            return self.appender.game(w).await;
        }
        let row = sqlx::query(
            "INSERT INTO games (setup, status, black, white, created_by, created_ms, draw) \
             VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id",
        )
        .bind(setup)
        .bind(GameStatus::Open.as_str())
        .bind(seats[0])
        .bind(seats[1])
        .bind(by)
        .bind(now_ms)
        .bind(draw)
        .fetch_one(&self.pool)
        .await?;
        Ok(row.try_get(0)?)
    }

    pub async fn game(&self, id: GameId) -> Result<Option<GameRow>> {
        let row = sqlx::query(&format!("SELECT {GAME_COLUMNS} FROM games WHERE id = $1"))
            .bind(id)
            .fetch_optional(&self.pool)
            .await?;
        row.map(|r| game_row(&r)).transpose()
    }

    /// Games with `status`, newest first, at most `limit`.
    pub async fn games(&self, status: GameStatus, limit: i64) -> Result<Vec<GameRow>> {
        let rows =
            sqlx::query(&format!("SELECT {GAME_COLUMNS} FROM games WHERE status = $1 ORDER BY id DESC LIMIT $2"))
                .bind(status.as_str())
                .bind(limit)
                .fetch_all(&self.pool)
                .await?;
        rows.iter().map(game_row).collect()
    }

    /// Seats the players and makes the game live, if it is still open.
    pub async fn start_game(&self, id: GameId, black: UserId, white: UserId) -> Result<bool> {
        if self.file.is_some() {
            return Ok(self.appender.game(GameWrite::Start { id, black, white }).await? == 1);
        }
        let done = sqlx::query("UPDATE games SET black = $1, white = $2, status = $3 WHERE id = $4 AND status = $5")
            .bind(black)
            .bind(white)
            .bind(GameStatus::Live.as_str())
            .bind(id)
            .bind(GameStatus::Open.as_str())
            .execute(&self.pool)
            .await?;
        Ok(done.rows_affected() == 1)
    }

    pub async fn set_arbiter(&self, id: GameId, arbiter: Option<UserId>) -> Result<()> {
        sqlx::query("UPDATE games SET arbiter = $1 WHERE id = $2").bind(arbiter).bind(id).execute(&self.pool).await?;
        Ok(())
    }

    pub async fn set_status(&self, id: GameId, status: GameStatus, outcome: Option<&str>) -> Result<()> {
        if self.file.is_some() {
            let w = GameWrite::Status { id, status: status.as_str(), outcome: outcome.map(str::to_string) };
            return self.appender.game(w).await.map(|_| ());
        }
        sqlx::query("UPDATE games SET status = $1, outcome = $2 WHERE id = $3")
            .bind(status.as_str())
            .bind(outcome)
            .bind(id)
            .execute(&self.pool)
            .await?;
        Ok(())
    }

    /// A game's event log, in order.
    pub async fn events(&self, game: GameId) -> Result<Vec<EventRow>> {
        let rows =
            sqlx::query("SELECT game_id, seq, t_ms, actor, event, answer FROM events WHERE game_id = $1 ORDER BY seq")
                .bind(game)
                .fetch_all(&self.pool)
                .await?;
        rows.iter()
            .map(|r| {
                Ok(EventRow {
                    game: r.try_get(0)?,
                    seq: r.try_get(1)?,
                    t_ms: r.try_get(2)?,
                    actor: r.try_get(3)?,
                    event: r.try_get(4)?,
                    answer: r.try_get(5)?,
                })
            })
            .collect()
    }
}

/// A game's log as a restart needs it: who caused each event, and the event.
pub type LiveLog = Vec<(Option<UserId>, String)>;

impl Store {
    /// The logs of every live game in one read (a restart). The events are read in the order
    /// they were written and put in order per game here (SQLite: one pass over the table, not a
    /// seek per event through the key's index).
    pub async fn live_logs(&self) -> Result<Vec<(GameId, LiveLog)>> {
        use futures_util::TryStreamExt;
        if let Some(file) = self.file.clone() {
            return tokio::task::spawn_blocking(move || sqlite_log::live_logs(&file))
                .await
                .map_err(|e| StoreError::Corrupt(format!("reading the logs: {e}")))?;
        }
        let mut rows = sqlx::query(
            "SELECT game_id, seq, actor, event FROM events WHERE game_id IN (SELECT id FROM games WHERE status = $1)",
        )
        .bind(GameStatus::Live.as_str())
        .fetch(&self.pool);
        let mut logs: HashMap<GameId, Vec<(i64, Option<UserId>, String)>> = HashMap::new();
        while let Some(r) = rows.try_next().await? {
            logs.entry(r.try_get(0)?).or_default().push((r.try_get(1)?, r.try_get(2)?, r.try_get(3)?));
        }
        in_order(logs)
    }
}

/// Each game's events by number, checked to run 0, 1, 2 … without a gap.
fn in_order(logs: HashMap<GameId, Vec<(i64, Option<UserId>, String)>>) -> Result<Vec<(GameId, LiveLog)>> {
    let mut out = Vec::with_capacity(logs.len());
    for (game, mut events) in logs {
        events.sort_unstable_by_key(|e| e.0);
        if events.iter().enumerate().any(|(i, e)| e.0 != i as i64) {
            return Err(StoreError::Corrupt(format!("game {game}: its log has a gap")));
        }
        out.push((game, events.into_iter().map(|(_, a, e)| (a, e)).collect()));
    }
    Ok(out)
}

const GAME_COLUMNS: &str = "id, setup, status, black, white, arbiter, created_by, created_ms, outcome, draw";

fn user(r: &sqlx::any::AnyRow) -> Result<User> {
    Ok(User { id: r.try_get(0)?, name: r.try_get(1)?, role: r.try_get::<String, _>(2)?.parse()? })
}

fn game_row(r: &sqlx::any::AnyRow) -> Result<GameRow> {
    Ok(GameRow {
        id: r.try_get(0)?,
        setup: r.try_get(1)?,
        status: r.try_get::<String, _>(2)?.parse()?,
        black: r.try_get(3)?,
        white: r.try_get(4)?,
        arbiter: r.try_get(5)?,
        created_by: r.try_get(6)?,
        created_ms: r.try_get(7)?,
        outcome: r.try_get(8)?,
        draw: r.try_get(9)?,
    })
}

/// A unique constraint broken by `value` (a user name taken) as its own error.
fn unique_violation(e: sqlx::Error, value: &str) -> StoreError {
    match &e {
        sqlx::Error::Database(d) if d.is_unique_violation() => StoreError::Taken(value.to_string()),
        _ => StoreError::Db(e),
    }
}
