//! The schema, versioned: each migration runs once, in order, in its own transaction, and is
//! recorded in `schema_version`. The same SQL serves SQLite and PostgreSQL except for the
//! auto-numbered key, written `{id}`.

use super::{Backend, Result};
use sqlx::{AnyPool, Row};

const MIGRATIONS: &[&str] = &[
    // 1: accounts, games and their event logs.
    "CREATE TABLE users (
        id {id},
        name TEXT NOT NULL UNIQUE,
        password_hash TEXT NOT NULL,
        role TEXT NOT NULL,
        created_ms BIGINT NOT NULL
    );
    CREATE TABLE sessions (
        token_hash TEXT PRIMARY KEY,
        user_id BIGINT NOT NULL REFERENCES users(id),
        csrf TEXT NOT NULL,
        expires_ms BIGINT NOT NULL
    );
    CREATE TABLE api_tokens (
        token_hash TEXT PRIMARY KEY,
        user_id BIGINT NOT NULL REFERENCES users(id),
        name TEXT NOT NULL,
        created_ms BIGINT NOT NULL
    );
    CREATE TABLE games (
        id {id},
        setup TEXT NOT NULL,
        status TEXT NOT NULL,
        black BIGINT REFERENCES users(id),
        white BIGINT REFERENCES users(id),
        arbiter BIGINT REFERENCES users(id),
        created_by BIGINT NOT NULL REFERENCES users(id),
        created_ms BIGINT NOT NULL,
        outcome TEXT
    );
    CREATE INDEX games_status ON games (status, id);
    CREATE TABLE events (
        game_id BIGINT NOT NULL REFERENCES games(id),
        seq BIGINT NOT NULL,
        t_ms BIGINT NOT NULL,
        actor BIGINT REFERENCES users(id),
        event TEXT NOT NULL,
        answer TEXT NOT NULL,
        PRIMARY KEY (game_id, seq)
    )",
    // 2: the seeded draw of the first move (furigoma / nigiri), kept so that it can be checked.
    "ALTER TABLE games ADD COLUMN draw TEXT",
    // 3: tournaments. The tournament itself is its TRF (the director's state); beside it what
    // only the server knows: arbiters, players' accounts, each board's online game, the audit.
    "CREATE TABLE tournaments (
        id {id},
        name TEXT NOT NULL,
        trf TEXT NOT NULL,
        settings TEXT NOT NULL,
        version BIGINT NOT NULL,
        created_by BIGINT NOT NULL REFERENCES users(id),
        created_ms BIGINT NOT NULL
    );
    CREATE TABLE tournament_arbiters (
        tournament_id BIGINT NOT NULL REFERENCES tournaments(id),
        user_id BIGINT NOT NULL REFERENCES users(id),
        PRIMARY KEY (tournament_id, user_id)
    );
    CREATE TABLE tournament_accounts (
        tournament_id BIGINT NOT NULL REFERENCES tournaments(id),
        player BIGINT NOT NULL,
        user_id BIGINT NOT NULL REFERENCES users(id),
        PRIMARY KEY (tournament_id, player),
        UNIQUE (tournament_id, user_id)
    );
    CREATE TABLE tournament_games (
        tournament_id BIGINT NOT NULL REFERENCES tournaments(id),
        round BIGINT NOT NULL,
        board BIGINT NOT NULL,
        game_id BIGINT NOT NULL REFERENCES games(id),
        black BIGINT NOT NULL,
        replay BIGINT NOT NULL,
        PRIMARY KEY (tournament_id, round, board, replay)
    );
    CREATE TABLE tournament_rounds (
        tournament_id BIGINT NOT NULL REFERENCES tournaments(id),
        round BIGINT NOT NULL,
        pairing TEXT NOT NULL,
        PRIMARY KEY (tournament_id, round)
    );
    CREATE INDEX tournament_games_game ON tournament_games (game_id);
    CREATE TABLE tournament_audit (
        tournament_id BIGINT NOT NULL REFERENCES tournaments(id),
        seq BIGINT NOT NULL,
        t_ms BIGINT NOT NULL,
        actor BIGINT REFERENCES users(id),
        action TEXT NOT NULL,
        detail TEXT NOT NULL,
        reason TEXT,
        PRIMARY KEY (tournament_id, seq)
    )",
    // 4: the FESA rating list (fesa-2017 15), one row per list published; the newest is in force.
    "CREATE TABLE rating_lists (
        id {id},
        tournament_id BIGINT UNIQUE REFERENCES tournaments(id),
        created_ms BIGINT NOT NULL,
        list TEXT NOT NULL
    )",
    // 5: results of over-the-board games reported by their players, entered once both agree.
    "CREATE TABLE tournament_reports (
        tournament_id BIGINT NOT NULL REFERENCES tournaments(id),
        round BIGINT NOT NULL,
        board BIGINT NOT NULL,
        player BIGINT NOT NULL,
        result TEXT NOT NULL,
        t_ms BIGINT NOT NULL,
        PRIMARY KEY (tournament_id, round, board, player)
    )",
    // 6: a round paired but not yet published (the arbiters' draft): the tournament as it
    // would be with it, and the version of the tournament it was paired from.
    "CREATE TABLE tournament_drafts (
        tournament_id BIGINT PRIMARY KEY REFERENCES tournaments(id),
        round BIGINT NOT NULL,
        trf TEXT NOT NULL,
        pairing TEXT NOT NULL,
        base_version BIGINT NOT NULL
    )",
    // 7: the CSA server's buoy games (`%%SETBUOY`): a game name, the opening its games start
    // after (USI, space-separated), who set it, and how many games are left to start from it.
    "CREATE TABLE csa_buoys (
        name TEXT PRIMARY KEY,
        opening TEXT NOT NULL,
        owner BIGINT NOT NULL REFERENCES users(id),
        games_left BIGINT NOT NULL
    )",
];

pub(super) async fn run(pool: &AnyPool, backend: Backend) -> Result<()> {
    let id = match backend {
        Backend::Sqlite => "INTEGER PRIMARY KEY AUTOINCREMENT",
        Backend::Postgres => "BIGINT GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY",
    };
    sqlx::query("CREATE TABLE IF NOT EXISTS schema_version (version BIGINT NOT NULL)").execute(pool).await?;
    let done: i64 =
        sqlx::query("SELECT COALESCE(MAX(version), 0) FROM schema_version").fetch_one(pool).await?.try_get(0)?;
    for (i, sql) in MIGRATIONS.iter().enumerate().skip(done as usize) {
        let mut tx = pool.begin().await?;
        for statement in sql.replace("{id}", id).split(';').filter(|s| !s.trim().is_empty()) {
            sqlx::query(statement).execute(&mut *tx).await?;
        }
        sqlx::query("INSERT INTO schema_version (version) VALUES ($1)").bind(i as i64 + 1).execute(&mut *tx).await?;
        tx.commit().await?;
        tracing::info!(version = i + 1, "schema migrated");
    }
    Ok(())
}
