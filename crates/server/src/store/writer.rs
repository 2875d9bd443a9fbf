//! Group commit: one task owns a connection and appends every game's events. Each append waits
//! in a queue; the task takes all that are waiting, writes them in one transaction and answers
//! each only after the commit, so many games share one fsync and no acknowledged event is lost.
//! On SQLite the games' own rows are written by the same task ([`GameWrite`]): a second writer
//! would wait for the file's lock in SQLite's busy handler, which sleeps up to 100 ms a try
//! (under the CSA benchmark's 50 pairs that was most of a game's time).

use super::{EventRow, GameId, StoreError, UserId};
use sqlx::{AnyConnection, Connection};
use tokio::sync::{mpsc, oneshot};

/// At most this many events in one transaction; more wait for the next.
const BATCH: usize = 1024;

pub(super) struct Append {
    pub(super) write: Write,
    /// The write's answer: a new game's id, or the rows a change touched (0 for events).
    pub(super) done: oneshot::Sender<Result<i64, String>>,
}

pub(super) enum Write {
    /// One game's events, in order.
    Events(Vec<EventRow>),
    /// A game's row (SQLite only; PostgreSQL writes them through the pool).
    Game(GameWrite),
}

impl Write {
    fn events(&self) -> usize {
        match self {
            Write::Events(rows) => rows.len(),
            Write::Game(_) => 1,
        }
    }
}

/// The changes to a game's row that games make while they are played.
#[derive(Debug, Clone)]
pub(super) enum GameWrite {
    Create {
        setup: String,
        status: &'static str,
        seats: [Option<UserId>; 2],
        by: UserId,
        now_ms: i64,
        draw: Option<String>,
    },
    Start {
        id: GameId,
        black: UserId,
        white: UserId,
    },
    Status {
        id: GameId,
        status: &'static str,
        outcome: Option<String>,
    },
}

/// The handle games append through.
#[derive(Clone)]
pub struct Appender {
    tx: mpsc::Sender<Append>,
}

impl Appender {
    /// Appends `rows` (one game's events, in order) and returns once they are committed.
    pub async fn append(&self, rows: Vec<EventRow>) -> Result<(), StoreError> {
        self.write(Write::Events(rows)).await.map(|_| ())
    }

    /// Writes a game's row with the next commit.
    pub(super) async fn game(&self, w: GameWrite) -> Result<i64, StoreError> {
        self.write(Write::Game(w)).await
    }

    async fn write(&self, write: Write) -> Result<i64, StoreError> {
        let (done, wait) = oneshot::channel();
        self.tx.send(Append { write, done }).await.map_err(|_| StoreError::WriterGone)?;
        match wait.await {
            Ok(Ok(n)) => Ok(n),
            Ok(Err(e)) => Err(StoreError::Corrupt(format!("write failed: {e}"))),
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
        let answers: Vec<Result<i64, String>> = batch
            .iter()
            .map(|a| if matches!(a.write, Write::Events(_)) { Ok(0) } else { Err(PG_GAME_WRITE.into()) })
            .collect();
        answer(&mut batch, n, result.map(|()| answers));
    }
}

const PG_GAME_WRITE: &str = "a game's row is written through the pool on PostgreSQL";

/// `first` and whatever else is waiting, up to BATCH events, into `batch`: how many events.
pub(super) fn fill(first: Append, rx: &mut mpsc::Receiver<Append>, batch: &mut Vec<Append>) -> usize {
    let mut n = first.write.events();
    batch.push(first);
    while n < BATCH {
        match rx.try_recv() {
            Ok(a) => {
                n += a.write.events();
                batch.push(a);
            }
            Err(_) => break,
        }
    }
    n
}

/// Tells every write of the batch how its commit went: each its own answer, or the commit's
/// error to all.
pub(super) fn answer(batch: &mut Vec<Append>, events: usize, result: Result<Vec<Result<i64, String>>, String>) {
    match result {
        Ok(answers) => {
            for (a, r) in batch.drain(..).zip(answers) {
                let _ = a.done.send(r);
            }
        }
        Err(e) => {
            tracing::error!(error = %e, events, "event append failed");
            for a in batch.drain(..) {
                let _ = a.done.send(Err(e.clone()));
            }
        }
    }
}

/// Rows per INSERT statement: one statement's overhead shared by many rows (6 parameters each,
/// well inside SQLite's and PostgreSQL's limits).
const ROWS_PER_INSERT: usize = 64;

async fn commit(conn: &mut AnyConnection, batch: &[Append]) -> Result<(), sqlx::Error> {
    let rows: Vec<&EventRow> = batch
        .iter()
        .flat_map(|a| match &a.write {
            Write::Events(rows) => rows.as_slice(),
            Write::Game(_) => &[],
        })
        .collect();
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
