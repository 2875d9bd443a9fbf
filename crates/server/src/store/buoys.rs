//! The CSA server's buoy games (docs/csa.md): named openings that a number of games start from.

use super::{Result, Store, UserId};
use sqlx::Row;

/// A buoy game as stored.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BuoyRow {
    pub name: String,
    /// USI moves.
    pub opening: Vec<String>,
    pub owner: UserId,
    pub games_left: u32,
}

impl Store {
    pub async fn buoys(&self) -> Result<Vec<BuoyRow>> {
        let rows = sqlx::query("SELECT name, opening, owner, games_left FROM csa_buoys").fetch_all(&self.pool).await?;
        rows.iter()
            .map(|r| {
                let opening: String = r.try_get(1)?;
                Ok(BuoyRow {
                    name: r.try_get(0)?,
                    opening: opening.split_whitespace().map(str::to_string).collect(),
                    owner: r.try_get(2)?,
                    games_left: r.try_get::<i64, _>(3)?.clamp(0, u32::MAX as i64) as u32,
                })
            })
            .collect()
    }

    /// Stores a new buoy; `false` when the name is taken.
    pub async fn add_buoy(&self, b: &BuoyRow) -> Result<bool> {
        let done = sqlx::query(
            "INSERT INTO csa_buoys (name, opening, owner, games_left) VALUES ($1, $2, $3, $4) ON CONFLICT (name) DO NOTHING",
        )
        .bind(&b.name)
        .bind(b.opening.join(" "))
        .bind(b.owner)
        .bind(b.games_left as i64)
        .execute(&self.pool)
        .await?;
        Ok(done.rows_affected() == 1)
    }

    /// Sets how many games are left to start from buoy `name`; none left deletes it.
    pub async fn set_buoy_games_left(&self, name: &str, games_left: u32) -> Result<()> {
        let q = if games_left == 0 {
            sqlx::query("DELETE FROM csa_buoys WHERE name = $1").bind(name)
        } else {
            sqlx::query("UPDATE csa_buoys SET games_left = $2 WHERE name = $1").bind(name).bind(games_left as i64)
        };
        q.execute(&self.pool).await?;
        Ok(())
    }
}
