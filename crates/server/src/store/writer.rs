//! Group commit: one task owns a connection and appends every game's events. Each append waits
//! in a queue; the task takes all that are waiting, writes them in one transaction and answers
//! each only after the commit, so many games share one fsync and no acknowledged event is lost.

use super::{EventRow, StoreError};
use sqlx::{AnyConnection, Connection};
use tokio::sync::{mpsc, oneshot};

/// At most this many events in one transaction; more wait for the next.
const BATCH: usize = 1024;

pub(super) struct Append {
    pub(super) rows: Vec<EventRow>,
    pub(super) done: oneshot::Sender<Result<(), String>>,
}

/// The handle games append through.
#[derive(Clone)]
pub struct Appender {
    tx: mpsc::Sender<Append>,
}

impl Appender {
    /// Appends `rows` (one game's events, in order) and returns once they are committed.
    pub async fn append(&self, rows: Vec<EventRow>) -> Result<(), StoreError> {
        let (done, wait) = oneshot::channel();
        self.tx.send(Append { rows, done }).await.map_err(|_| StoreError::WriterGone)?;
        match wait.await {
            Ok(Ok(())) => Ok(()),
            Ok(Err(e)) => Err(StoreError::Corrupt(format!("append failed: {e}"))),
            Err(_) => Err(StoreError::WriterGone),
        }
    }
}

/// The writer as a task on a connection of the pool (PostgreSQL).
pub(super) fn start(conn: AnyConnection) -> Appender {
    let (tx, rx) = mpsc::channel(4 * BATCH);
    tokio::spawn(run(conn, rx));
    Appender { tx }
}

/// The writer on a thread of its own, straight to the SQLite file at `path`.
pub(super) fn start_sqlite(path: std::path::PathBuf) -> Result<Appender, StoreError> {
    let (tx, rx) = mpsc::channel(4 * BATCH);
    super::sqlite_log::start(path, rx)?;
    Ok(Appender { tx })
}

async fn run(mut conn: AnyConnection, mut rx: mpsc::Receiver<Append>) {
    let mut batch: Vec<Append> = Vec::new();
    while let Some(first) = rx.recv().await {
        let n = fill(first, &mut rx, &mut batch);
        let result = commit(&mut conn, &batch).await.map_err(|e| e.to_string());
        answer(&mut batch, n, result);
    }
}

/// `first` and whatever else is waiting, up to BATCH events, into `batch`: how many events.
pub(super) fn fill(first: Append, rx: &mut mpsc::Receiver<Append>, batch: &mut Vec<Append>) -> usize {
    let mut n = first.rows.len();
    batch.push(first);
    while n < BATCH {
        match rx.try_recv() {
            Ok(a) => {
                n += a.rows.len();
                batch.push(a);
            }
            Err(_) => break,
        }
    }
    n
}

/// Tells every append of the batch how its commit went.
pub(super) fn answer(batch: &mut Vec<Append>, events: usize, result: Result<(), String>) {
    if let Err(e) = &result {
        tracing::error!(error = %e, events, "event append failed");
    }
    for a in batch.drain(..) {
        let _ = a.done.send(result.clone());
    }
}

/// Rows per INSERT statement: one statement's overhead shared by many rows (6 parameters each,
/// well inside SQLite's and PostgreSQL's limits).
const ROWS_PER_INSERT: usize = 64;

async fn commit(conn: &mut AnyConnection, batch: &[Append]) -> Result<(), sqlx::Error> {
    let rows: Vec<&EventRow> = batch.iter().flat_map(|a| &a.rows).collect();
    let mut tx = conn.begin().await?;
    for chunk in rows.chunks(ROWS_PER_INSERT) {
        let sql = insert_sql(chunk.len());
        let mut q = sqlx::query(&sql);
        for row in chunk {
            q = q.bind(row.game).bind(row.seq).bind(row.t_ms).bind(row.actor).bind(&row.event).bind(&row.answer);
        }
        q.execute(&mut *tx).await?;
    }
    tx.commit().await
}

fn insert_sql(rows: usize) -> String {
    let mut sql = String::from("INSERT INTO events (game_id, seq, t_ms, actor, event, answer) VALUES ");
    for r in 0..rows {
        let p = 6 * r;
        if r > 0 {
            sql.push_str(", ");
        }
        sql.push_str(&format!("(${}, ${}, ${}, ${}, ${}, ${})", p + 1, p + 2, p + 3, p + 4, p + 5, p + 6));
    }
    sql
}
