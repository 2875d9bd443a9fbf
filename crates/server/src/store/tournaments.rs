//! Tournaments as stored: the TRF (the tournament director's state) with a version that every
//! change checks and bumps, and beside it what only the server knows — arbiters, players'
//! accounts, the published pairing of each round, each board's online games — and the audit
//! log. A change is one transaction: the new TRF, its rows, and its audit entry, or nothing.

use super::{GameId, GameStatus, Result, Store, User, UserId, user};
use sqlx::Row;

pub type TournamentId = i64;

#[derive(Debug, Clone, PartialEq)]
pub struct TournamentRow {
    pub id: TournamentId,
    pub name: String,
    pub trf: String,
    /// JSON of `crate::tournaments::Settings`.
    pub settings: String,
    pub version: i64,
    pub created_by: UserId,
    pub created_ms: i64,
}

/// A row written with a change of the tournament.
#[derive(Debug, Clone, PartialEq)]
pub enum TournamentWrite {
    Arbiter(UserId),
    /// The account a player (pairing number) plays with online.
    Account {
        player: u32,
        user: UserId,
    },
    /// A round's pairing as published (JSON), replacing any published before.
    Round {
        round: u32,
        pairing: String,
    },
    /// A player's report of his board's result (replacing his earlier one).
    Report {
        round: u32,
        board: u32,
        player: u32,
        result: String,
        t_ms: i64,
    },
    /// A round paired as a draft (not published): the tournament's TRF with it, and its
    /// pairing (JSON); it replaces any draft before and is valid for the version written.
    Draft {
        round: u32,
        trf: String,
        pairing: String,
    },
    /// The draft published or discarded.
    DropDraft,
    /// The rating list the tournament's results give, published in place of `before` (the
    /// list in force when it was computed): nothing is written if another came meanwhile.
    RatingList {
        before: Option<String>,
        list: String,
    },
    /// The online game of a board; `black` is the pairing number on the Black seat; `replay`
    /// counts the replays of a drawn game (fesa-2017 12.2), 0 for the first game.
    Game {
        round: u32,
        board: u32,
        game: GameId,
        black: u32,
        replay: u32,
    },
}

/// What the audit log says of a change.
#[derive(Debug, Clone, PartialEq)]
pub struct Audit {
    /// Who made it; `None` for the server's own (a game's result entered as it ended).
    pub actor: Option<UserId>,
    pub action: &'static str,
    pub detail: String,
    pub reason: Option<String>,
}

#[derive(Debug, Clone, PartialEq, serde::Serialize)]
pub struct AuditRow {
    pub seq: i64,
    pub t_ms: i64,
    /// The account's name; `None` for the server's own (a game's result entered as it ended).
    pub actor: Option<String>,
    pub action: String,
    pub detail: String,
    pub reason: Option<String>,
}

/// A round paired but not published: the tournament with it (TRF), its pairing (JSON), and the
/// tournament's version it stays valid for (a change since makes it stale).
#[derive(Debug, Clone, PartialEq)]
pub struct Draft {
    pub round: u32,
    pub trf: String,
    pub pairing: String,
    pub base_version: i64,
}

/// An online game of a board, with its state.
#[derive(Debug, Clone, PartialEq)]
pub struct BoardGame {
    pub tournament: TournamentId,
    pub round: u32,
    pub board: u32,
    pub game: GameId,
    pub black: u32,
    pub replay: u32,
    pub status: GameStatus,
    pub outcome: Option<String>,
}

const COLUMNS: &str = "id, name, trf, settings, version, created_by, created_ms";
const GAME_COLUMNS: &str = "tg.tournament_id, tg.round, tg.board, tg.game_id, tg.black, tg.replay, g.status, g.outcome";

impl Store {
    /// A new tournament, `by` its first arbiter.
    pub async fn create_tournament(
        &self,
        name: &str,
        trf: &str,
        settings: &str,
        by: UserId,
        now_ms: i64,
    ) -> Result<TournamentId> {
        let mut tx = self.pool.begin().await?;
        let id: TournamentId = sqlx::query(
            "INSERT INTO tournaments (name, trf, settings, version, created_by, created_ms) \
             VALUES ($1, $2, $3, 0, $4, $5) RETURNING id",
        )
        .bind(name)
        .bind(trf)
        .bind(settings)
        .bind(by)
        .bind(now_ms)
        .fetch_one(&mut *tx)
        .await?
        .try_get(0)?;
        sqlx::query("INSERT INTO tournament_arbiters (tournament_id, user_id) VALUES ($1, $2)")
            .bind(id)
            .bind(by)
            .execute(&mut *tx)
            .await?;
        sqlx::query(
            "INSERT INTO tournament_audit (tournament_id, seq, t_ms, actor, action, detail) \
             VALUES ($1, 0, $2, $3, 'create', $4)",
        )
        .bind(id)
        .bind(now_ms)
        .bind(by)
        .bind(name)
        .execute(&mut *tx)
        .await?;
        tx.commit().await?;
        Ok(id)
    }

    pub async fn tournament(&self, id: TournamentId) -> Result<Option<TournamentRow>> {
        let row = sqlx::query(&format!("SELECT {COLUMNS} FROM tournaments WHERE id = $1"))
            .bind(id)
            .fetch_optional(&self.pool)
            .await?;
        row.map(|r| tournament_row(&r)).transpose()
    }

    /// Tournaments, newest first, at most `limit`.
    pub async fn tournaments(&self, limit: i64) -> Result<Vec<TournamentRow>> {
        let rows = sqlx::query(&format!("SELECT {COLUMNS} FROM tournaments ORDER BY id DESC LIMIT $1"))
            .bind(limit)
            .fetch_all(&self.pool)
            .await?;
        rows.iter().map(tournament_row).collect()
    }

    /// A change of tournament `id` made from its `version`: the new TRF (if it changed), the
    /// rows, the audit entry, in one transaction. `false` (nothing written) when another change
    /// came first.
    pub async fn change_tournament(
        &self,
        id: TournamentId,
        version: i64,
        trf: Option<&str>,
        writes: &[TournamentWrite],
        audit: &Audit,
        now_ms: i64,
    ) -> Result<bool> {
        let mut tx = self.pool.begin().await?;
        let done = sqlx::query(
            "UPDATE tournaments SET trf = COALESCE($1, trf), version = version + 1 WHERE id = $2 AND version = $3",
        )
        .bind(trf)
        .bind(id)
        .bind(version)
        .execute(&mut *tx)
        .await?;
        if done.rows_affected() != 1 {
            return Ok(false);
        }
        for w in writes {
            let q = match w {
                TournamentWrite::Arbiter(u) => {
                    sqlx::query("INSERT INTO tournament_arbiters (tournament_id, user_id) VALUES ($1, $2)")
                        .bind(id)
                        .bind(*u)
                }
                TournamentWrite::Account { player, user } => {
                    sqlx::query("INSERT INTO tournament_accounts (tournament_id, player, user_id) VALUES ($1, $2, $3)")
                        .bind(id)
                        .bind(*player as i64)
                        .bind(*user)
                }
                TournamentWrite::Round { round, pairing } => {
                    // A round paired again by hand replaces what was published.
                    sqlx::query("DELETE FROM tournament_rounds WHERE tournament_id = $1 AND round = $2")
                        .bind(id)
                        .bind(*round as i64)
                        .execute(&mut *tx)
                        .await?;
                    sqlx::query("INSERT INTO tournament_rounds (tournament_id, round, pairing) VALUES ($1, $2, $3)")
                        .bind(id)
                        .bind(*round as i64)
                        .bind(pairing.clone())
                }
                TournamentWrite::Report { round, board, player, result, t_ms } => {
                    sqlx::query(
                        "DELETE FROM tournament_reports WHERE tournament_id = $1 AND round = $2 AND board = $3 \
                         AND player = $4",
                    )
                    .bind(id)
                    .bind(*round as i64)
                    .bind(*board as i64)
                    .bind(*player as i64)
                    .execute(&mut *tx)
                    .await?;
                    sqlx::query(
                        "INSERT INTO tournament_reports (tournament_id, round, board, player, result, t_ms) \
                         VALUES ($1, $2, $3, $4, $5, $6)",
                    )
                    .bind(id)
                    .bind(*round as i64)
                    .bind(*board as i64)
                    .bind(*player as i64)
                    .bind(result.clone())
                    .bind(*t_ms)
                }
                TournamentWrite::Draft { round, trf, pairing } => {
                    sqlx::query("DELETE FROM tournament_drafts WHERE tournament_id = $1")
                        .bind(id)
                        .execute(&mut *tx)
                        .await?;
                    sqlx::query(
                        "INSERT INTO tournament_drafts (tournament_id, round, trf, pairing, base_version) \
                         VALUES ($1, $2, $3, $4, $5)",
                    )
                    .bind(id)
                    .bind(*round as i64)
                    .bind(trf.clone())
                    .bind(pairing.clone())
                    .bind(version + 1)
                }
                TournamentWrite::RatingList { before, list } => {
                    let now: Option<String> = sqlx::query("SELECT list FROM rating_lists ORDER BY id DESC LIMIT 1")
                        .fetch_optional(&mut *tx)
                        .await?
                        .map(|r| r.try_get(0))
                        .transpose()?;
                    if now != *before {
                        // Computed over a list no longer in force: the change is not made.
                        return Ok(false);
                    }
                    sqlx::query("INSERT INTO rating_lists (tournament_id, created_ms, list) VALUES ($1, $2, $3)")
                        .bind(id)
                        .bind(now_ms)
                        .bind(list.clone())
                }
                TournamentWrite::DropDraft => {
                    sqlx::query("DELETE FROM tournament_drafts WHERE tournament_id = $1").bind(id)
                }
                TournamentWrite::Game { round, board, game, black, replay } => sqlx::query(
                    "INSERT INTO tournament_games (tournament_id, round, board, game_id, black, replay) \
                     VALUES ($1, $2, $3, $4, $5, $6)",
                )
                .bind(id)
                .bind(*round as i64)
                .bind(*board as i64)
                .bind(*game)
                .bind(*black as i64)
                .bind(*replay as i64),
            };
            let what = || match w {
                TournamentWrite::RatingList { .. } => format!("the rating of tournament {id}"),
                w => format!("{w:?}"),
            };
            q.execute(&mut *tx).await.map_err(|e| super::unique_violation(e, &what()))?;
        }
        sqlx::query(
            "INSERT INTO tournament_audit (tournament_id, seq, t_ms, actor, action, detail, reason) \
             SELECT $1, COALESCE(MAX(seq), -1) + 1, $2, $3, $4, $5, $6 FROM tournament_audit WHERE tournament_id = $7",
        )
        .bind(id)
        .bind(now_ms)
        .bind(audit.actor)
        .bind(audit.action)
        .bind(audit.detail.clone())
        .bind(audit.reason.clone())
        .bind(id)
        .execute(&mut *tx)
        .await?;
        tx.commit().await?;
        Ok(true)
    }

    pub async fn tournament_arbiters(&self, id: TournamentId) -> Result<Vec<User>> {
        let rows = sqlx::query(
            "SELECT u.id, u.name, u.role FROM tournament_arbiters a JOIN users u ON u.id = a.user_id \
             WHERE a.tournament_id = $1 ORDER BY u.name",
        )
        .bind(id)
        .fetch_all(&self.pool)
        .await?;
        rows.iter().map(user).collect()
    }

    /// The players who play online, by pairing number.
    pub async fn tournament_accounts(&self, id: TournamentId) -> Result<Vec<(u32, User)>> {
        let rows = sqlx::query(
            "SELECT u.id, u.name, u.role, a.player FROM tournament_accounts a JOIN users u ON u.id = a.user_id \
             WHERE a.tournament_id = $1 ORDER BY a.player",
        )
        .bind(id)
        .fetch_all(&self.pool)
        .await?;
        rows.iter().map(|r| Ok((r.try_get::<i64, _>(3)? as u32, user(r)?))).collect()
    }

    /// Each round's published pairing (JSON), by round.
    pub async fn tournament_rounds(&self, id: TournamentId) -> Result<Vec<(u32, String)>> {
        let rows = sqlx::query("SELECT round, pairing FROM tournament_rounds WHERE tournament_id = $1 ORDER BY round")
            .bind(id)
            .fetch_all(&self.pool)
            .await?;
        rows.iter().map(|r| Ok((r.try_get::<i64, _>(0)? as u32, r.try_get(1)?))).collect()
    }

    /// The round paired but not published, if any.
    pub async fn tournament_draft(&self, id: TournamentId) -> Result<Option<Draft>> {
        let row =
            sqlx::query("SELECT round, trf, pairing, base_version FROM tournament_drafts WHERE tournament_id = $1")
                .bind(id)
                .fetch_optional(&self.pool)
                .await?;
        row.map(|r| {
            Ok(Draft {
                round: r.try_get::<i64, _>(0)? as u32,
                trf: r.try_get(1)?,
                pairing: r.try_get(2)?,
                base_version: r.try_get(3)?,
            })
        })
        .transpose()
    }

    /// The online games of the tournament's boards, by round, board and replay.
    pub async fn tournament_games(&self, id: TournamentId) -> Result<Vec<BoardGame>> {
        let rows = sqlx::query(&format!(
            "SELECT {GAME_COLUMNS} FROM tournament_games tg JOIN games g ON g.id = tg.game_id \
             WHERE tg.tournament_id = $1 ORDER BY tg.round, tg.board, tg.replay"
        ))
        .bind(id)
        .fetch_all(&self.pool)
        .await?;
        rows.iter().map(board_game).collect()
    }

    /// Every game linked to a tournament's board.
    pub async fn board_game_ids(&self) -> Result<Vec<GameId>> {
        let rows = sqlx::query("SELECT game_id FROM tournament_games").fetch_all(&self.pool).await?;
        rows.iter().map(|r| r.try_get::<GameId, _>(0).map_err(Into::into)).collect()
    }

    /// The tournament board a game is played on, if any.
    pub async fn board_of_game(&self, game: GameId) -> Result<Option<BoardGame>> {
        let row = sqlx::query(&format!(
            "SELECT {GAME_COLUMNS} FROM tournament_games tg JOIN games g ON g.id = tg.game_id WHERE tg.game_id = $1"
        ))
        .bind(game)
        .fetch_optional(&self.pool)
        .await?;
        row.map(|r| board_game(&r)).transpose()
    }

    /// Tournament games that ended, every tournament's: what a restart checks have their result.
    pub async fn finished_board_games(&self) -> Result<Vec<BoardGame>> {
        let rows = sqlx::query(&format!(
            "SELECT {GAME_COLUMNS} FROM tournament_games tg JOIN games g ON g.id = tg.game_id WHERE g.status = $1"
        ))
        .bind(GameStatus::Finished.as_str())
        .fetch_all(&self.pool)
        .await?;
        rows.iter().map(board_game).collect()
    }

    pub async fn is_tournament_arbiter(&self, id: TournamentId, user: UserId) -> Result<bool> {
        let n: i64 = sqlx::query("SELECT COUNT(*) FROM tournament_arbiters WHERE tournament_id = $1 AND user_id = $2")
            .bind(id)
            .bind(user)
            .fetch_one(&self.pool)
            .await?
            .try_get(0)?;
        Ok(n > 0)
    }

    pub async fn tournament_audit(&self, id: TournamentId) -> Result<Vec<AuditRow>> {
        let rows = sqlx::query(
            "SELECT a.seq, a.t_ms, u.name, a.action, a.detail, a.reason FROM tournament_audit a \
             LEFT JOIN users u ON u.id = a.actor WHERE a.tournament_id = $1 ORDER BY a.seq",
        )
        .bind(id)
        .fetch_all(&self.pool)
        .await?;
        rows.iter()
            .map(|r| {
                Ok(AuditRow {
                    seq: r.try_get(0)?,
                    t_ms: r.try_get(1)?,
                    actor: r.try_get(2)?,
                    action: r.try_get(3)?,
                    detail: r.try_get(4)?,
                    reason: r.try_get(5)?,
                })
            })
            .collect()
    }
}

/// A player's report of an over-the-board result.
#[derive(Debug, Clone, PartialEq, serde::Serialize)]
pub struct Report {
    pub round: u32,
    pub board: u32,
    pub player: u32,
    /// As the director writes results (`1-0`, first mover first).
    pub result: String,
}

impl Store {
    /// The players' reports of results, by round and board.
    pub async fn tournament_reports(&self, id: TournamentId) -> Result<Vec<Report>> {
        let rows = sqlx::query(
            "SELECT round, board, player, result FROM tournament_reports WHERE tournament_id = $1 \
             ORDER BY round, board, t_ms",
        )
        .bind(id)
        .fetch_all(&self.pool)
        .await?;
        rows.iter()
            .map(|r| {
                Ok(Report {
                    round: r.try_get::<i64, _>(0)? as u32,
                    board: r.try_get::<i64, _>(1)? as u32,
                    player: r.try_get::<i64, _>(2)? as u32,
                    result: r.try_get(3)?,
                })
            })
            .collect()
    }

    /// The FESA rating list in force (the rating program's list file), if one was published.
    pub async fn rating_list(&self) -> Result<Option<String>> {
        let row =
            sqlx::query("SELECT list FROM rating_lists ORDER BY id DESC LIMIT 1").fetch_optional(&self.pool).await?;
        row.map(|r| Ok(r.try_get(0)?)).transpose()
    }

    /// Whether tournament `id`'s results are in the rating list.
    pub async fn is_rated(&self, id: TournamentId) -> Result<bool> {
        let n: i64 = sqlx::query("SELECT COUNT(*) FROM rating_lists WHERE tournament_id = $1")
            .bind(id)
            .fetch_one(&self.pool)
            .await?
            .try_get(0)?;
        Ok(n > 0)
    }
}

fn tournament_row(r: &sqlx::any::AnyRow) -> Result<TournamentRow> {
    Ok(TournamentRow {
        id: r.try_get(0)?,
        name: r.try_get(1)?,
        trf: r.try_get(2)?,
        settings: r.try_get(3)?,
        version: r.try_get(4)?,
        created_by: r.try_get(5)?,
        created_ms: r.try_get(6)?,
    })
}

fn board_game(r: &sqlx::any::AnyRow) -> Result<BoardGame> {
    Ok(BoardGame {
        tournament: r.try_get(0)?,
        round: r.try_get::<i64, _>(1)? as u32,
        board: r.try_get::<i64, _>(2)? as u32,
        game: r.try_get(3)?,
        black: r.try_get::<i64, _>(4)? as u32,
        replay: r.try_get::<i64, _>(5)? as u32,
        status: r.try_get::<String, _>(6)?.parse()?,
        outcome: r.try_get(7)?,
    })
}
