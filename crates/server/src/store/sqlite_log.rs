//! SQLite's event log straight through the C library (rusqlite) on threads of its own: the
//! group-commit writer and a restart's bulk read of every live log. Through the async pool each
//! statement is a round trip to sqlx's worker thread; with both cores busy that was 2 ms for a
//! `BEGIN` alone against 1 ms for the commit's fsync (measured with `make bench-server`).

use super::writer::{self, Append, GameWrite, Write};
use super::{GameId, LiveLog, Result, StoreError, UserId};
use rusqlite::{Connection, OpenFlags};
use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;
use tokio::sync::mpsc;

/// WAL frames (pages) past which the checkpoint stops the writer to catch up: 4 GiB. The WAL
/// starts over (and its file is written again in place) once the writer has caught the
/// checkpoint up (see `start`), so only a checkpoint that cannot keep up at all grows it this far,
/// and then the disk space matters more than one slow commit.
const WAL_LIMIT: i64 = 1 << 20;

/// How often the checkpoint copies the WAL into the database: often, so that each copy and its
/// fsync are small (a commit's fsync waits behind the database file's on this file system).
const CHECKPOINT_EVERY: Duration = Duration::from_millis(50);

fn open(path: &Path) -> rusqlite::Result<Connection> {
    let c = Connection::open_with_flags(path, OpenFlags::SQLITE_OPEN_READ_WRITE | OpenFlags::SQLITE_OPEN_NO_MUTEX)?;
    // Waits for the lock in short steps: SQLite's own handler sleeps up to 100 ms a try, and the
    // pool's rare writes (accounts, sessions) hold the lock for far less.
    c.busy_handler(Some(|tries| {
        std::thread::sleep(Duration::from_micros(200));
        tries < 50_000
    }))?;
    // The file is in WAL mode already (the pool set it); a commit survives power loss.
    c.execute_batch("PRAGMA synchronous = FULL; PRAGMA foreign_keys = ON; PRAGMA cache_size = -65536")?;
    Ok(c)
}

fn db(e: rusqlite::Error) -> StoreError {
    StoreError::Corrupt(format!("sqlite: {e}"))
}

/// Starts the writer thread on the database file `path`.
pub(super) fn start(path: PathBuf, mut rx: mpsc::Receiver<Append>) -> Result<()> {
    let mut conn = open(&path).map_err(db)?;
    // Checkpoints run on a thread of their own, so no commit waits for one.
    conn.execute_batch("PRAGMA wal_autocheckpoint = 0").map_err(db)?;
    let checkpointer = open(&path).map_err(db)?;
    // Set by the checkpoint thread when it has copied frames: the writer then copies the few
    // written meanwhile, between two commits (see below).
    let catch_up = Arc::new(AtomicBool::new(false));
    let ask = catch_up.clone();
    std::thread::Builder::new()
        .name("shinpan-checkpoint".into())
        .spawn(move || {
            loop {
                std::thread::sleep(CHECKPOINT_EVERY);
                // PASSIVE: copies what it can without waiting for (or stopping) the writer. The
                // WAL starts over once a checkpoint has caught up with it, and its file is then
                // written again in place, never cut back: a TRUNCATE checkpoint at 256 MiB, or
                // a `journal_size_limit`, stopped the writer for about 0.4 s here (p99 416 and
                // 465 ms in `make bench-server`; this disk is mounted with `discard`). TRUNCATE
                // is kept for a WAL past WAL_LIMIT only.
                let frames = checkpointer.query_row("PRAGMA wal_checkpoint(PASSIVE)", [], |r| r.get::<_, i64>(1));
                let done = match frames {
                    Ok(f) if f > WAL_LIMIT => checkpointer.query_row("PRAGMA wal_checkpoint(TRUNCATE)", [], |_| Ok(())),
                    Ok(f) => {
                        ask.store(f > 0, Ordering::Relaxed);
                        Ok(())
                    }
                    Err(e) => Err(e),
                };
                if let Err(e) = done {
                    tracing::warn!(error = %e, "WAL checkpoint failed");
                }
            }
        })
        .map_err(|e| StoreError::Corrupt(format!("checkpoint thread: {e}")))?;
    std::thread::Builder::new()
        .name("shinpan-writer".into())
        .spawn(move || {
            let mut batch: Vec<Append> = Vec::new();
            while let Some(first) = rx.blocking_recv() {
                let n = writer::fill(first, &mut rx, &mut batch);
                let result = commit(&mut conn, &batch).map_err(|e| e.to_string());
                writer::answer(&mut batch, n, result);
                // The WAL starts over only at a transaction that finds it wholly copied, and a
                // checkpoint beside a writer that never pauses never finishes: the frames
                // written during its copy are left, so under a steady load the WAL grew without
                // end (260 MB in 8 s of `csa_load`), and each commit's fdatasync also wrote the
                // grown file's inode. Once per checkpoint the writer copies what is left itself,
                // after its answers are out; the WAL then starts over and is written in place,
                // and a commit took half as long (~360 µs against ~700 µs under that load).
                if catch_up.swap(false, Ordering::Relaxed)
                    && let Err(e) = conn.query_row("PRAGMA wal_checkpoint(PASSIVE)", [], |_| Ok(()))
                {
                    tracing::warn!(error = %e, "WAL checkpoint failed");
                }
            }
        })
        .map_err(|e| StoreError::Corrupt(format!("writer thread: {e}")))?;
    Ok(())
}

/// One transaction for the batch: the events, and each game write in a savepoint of its own so
/// that one refused write (a foreign key, say) fails alone.
fn commit(conn: &mut Connection, batch: &[Append]) -> rusqlite::Result<Vec<std::result::Result<i64, String>>> {
    let mut tx = conn.transaction_with_behavior(rusqlite::TransactionBehavior::Immediate)?;
    let mut answers = Vec::with_capacity(batch.len());
    let mut writes = batch.iter().peekable();
    while let Some(a) = writes.next() {
        match &a.write {
            Write::Events(rows) => {
                // One statement for the run of appends that starts here: taking it from the
                // cache and giving it back cost about 1,500 instructions an append (callgrind).
                let mut insert = tx.prepare_cached(
                    "INSERT INTO events (game_id, seq, t_ms, actor, event, answer) VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
                )?;
                let mut rows = rows;
                loop {
                    for row in rows {
                        insert.execute(rusqlite::params![
                            row.game, row.seq, row.t_ms, row.actor, row.event, row.answer
                        ])?;
                    }
                    answers.push(Ok(0));
                    match writes.peek().map(|a| &a.write) {
                        Some(Write::Events(next)) => {
                            rows = next;
                            writes.next();
                        }
                        _ => break,
                    }
                }
            }
            Write::Game(w) => {
                let sp = tx.savepoint()?;
                answers.push(match game_write(&sp, w) {
                    Ok(n) => {
                        sp.commit()?;
                        Ok(n)
                    }
                    // Dropping the savepoint rolls it back.
                    Err(e) => Err(e.to_string()),
                });
            }
        }
    }
    tx.commit()?;
    Ok(answers)
}

fn game_write(c: &Connection, w: &GameWrite) -> rusqlite::Result<i64> {
    // Cached: every game writes its row three times, and parsing a statement costs more than
    // inserting an event (callgrind, scripts/csa_instructions.sh).
    match w {
        GameWrite::Create { setup, status, seats, by, now_ms, draw } => c
            .prepare_cached(
                "INSERT INTO games (setup, status, black, white, created_by, created_ms, draw) \
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7) RETURNING id",
            )?
            .query_row(rusqlite::params![setup, status, seats[0], seats[1], by, now_ms, draw], |r| r.get(0)),
        GameWrite::Start { id, black, white } => c
            .prepare_cached(
                "UPDATE games SET black = ?1, white = ?2, status = 'live' WHERE id = ?3 AND status = 'open'",
            )?
            .execute(rusqlite::params![black, white, id])
            .map(|n| n as i64),
        GameWrite::Status { id, status, outcome } => c
            .prepare_cached("UPDATE games SET status = ?1, outcome = ?2 WHERE id = ?3")?
            .execute(rusqlite::params![status, outcome, id])
            .map(|n| n as i64),
    }
}

/// Every live game's log, read in the order the events were written (one pass over the table,
/// not a seek per event through the key's index) and put in order per game.
pub(super) fn live_logs(path: &Path) -> Result<Vec<(GameId, LiveLog)>> {
    let conn = open(path).map_err(db)?;
    let mut q = conn
        .prepare(
            "SELECT game_id, seq, actor, event FROM events NOT INDEXED \
             WHERE game_id IN (SELECT id FROM games WHERE status = 'live')",
        )
        .map_err(db)?;
    let mut logs: HashMap<GameId, Vec<(i64, Option<UserId>, String)>> = HashMap::new();
    let mut rows = q.query([]).map_err(db)?;
    while let Some(r) = rows.next().map_err(db)? {
        logs.entry(r.get(0).map_err(db)?).or_default().push((
            r.get(1).map_err(db)?,
            r.get(2).map_err(db)?,
            r.get(3).map_err(db)?,
        ));
    }
    super::in_order(logs)
}
