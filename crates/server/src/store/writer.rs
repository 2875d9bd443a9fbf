//! Group commit: one task owns a connection and appends every game's events. Each append waits
//! in a queue; the task takes all that are waiting, writes them in one transaction and answers
//! each only after the commit, so many games share one fsync and no acknowledged event is lost.

use super::{EventRow, StoreError};
use sqlx::{AnyConnection, Connection};
use tokio::sync::{mpsc, oneshot};

/// At most this many events in one transaction; more wait for the next.
const BATCH: usize = 1024;

struct Append {
    rows: Vec<EventRow>,
    done: oneshot::Sender<Result<(), String>>,
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

pub(super) fn start(conn: AnyConnection) -> Appender {
    let (tx, rx) = mpsc::channel(4 * BATCH);
    tokio::spawn(run(conn, rx));
    Appender { tx }
}

async fn run(mut conn: AnyConnection, mut rx: mpsc::Receiver<Append>) {
    let mut batch: Vec<Append> = Vec::new();
    while let Some(first) = rx.recv().await {
        batch.push(first);
        let mut n = batch[0].rows.len();
        while n < BATCH {
            match rx.try_recv() {
                Ok(a) => {
                    n += a.rows.len();
                    batch.push(a);
                }
                Err(_) => break,
            }
        }
        let result = commit(&mut conn, &batch).await.map_err(|e| e.to_string());
        if let Err(e) = &result {
            tracing::error!(error = %e, events = n, "event append failed");
        }
        for a in batch.drain(..) {
            let _ = a.done.send(result.clone());
        }
    }
}

async fn commit(conn: &mut AnyConnection, batch: &[Append]) -> Result<(), sqlx::Error> {
    let mut tx = conn.begin().await?;
    for row in batch.iter().flat_map(|a| &a.rows) {
        sqlx::query("INSERT INTO events (game_id, seq, t_ms, actor, event, answer) VALUES ($1, $2, $3, $4, $5, $6)")
            .bind(row.game)
            .bind(row.seq)
            .bind(row.t_ms)
            .bind(row.actor)
            .bind(&row.event)
            .bind(&row.answer)
            .execute(&mut *tx)
            .await?;
    }
    tx.commit().await
}
