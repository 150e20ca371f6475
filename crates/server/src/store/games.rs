use shatar_rules::{GameKind, Outcome};
use sqlx::Row;
use sqlx::sqlite::SqliteRow;

use super::{Store, StoreError, parse, parse_json, to_json};
use crate::arbiter::{Step, StoredClock};
use crate::ids::{ChallengeId, GameId, PlayerId};
use crate::wire::OutcomeWire;

const TABLE: &str = "games";

/// A game as it starts.
pub struct NewGame {
    pub id: GameId,
    pub kind: GameKind,
    pub white: PlayerId,
    pub black: PlayerId,
    pub clock: StoredClock,
}

/// A game as the database holds it.
pub struct GameRow {
    pub id: GameId,
    pub kind: GameKind,
    pub white: PlayerId,
    pub black: PlayerId,
    pub clock: StoredClock,
    pub outcome: Option<Outcome>,
    pub moves: Vec<String>,
}

impl Store {
    /// Starts `game` for the open challenge `challenge`, both or neither: `false` when the
    /// challenge was no longer open (someone else took it first).
    pub async fn start_game(
        &self,
        challenge: ChallengeId,
        game: &NewGame,
    ) -> Result<bool, StoreError> {
        let mut tx = self.pool.begin().await?;
        sqlx::query("INSERT INTO games (id, kind, white, black, clock) VALUES (?, ?, ?, ?, ?)")
            .bind(game.id.to_string())
            .bind(game.kind.to_string())
            .bind(game.white.to_string())
            .bind(game.black.to_string())
            .bind(to_json(&game.clock))
            .execute(&mut *tx)
            .await?;
        let taken = sqlx::query("UPDATE challenges SET game = ? WHERE id = ? AND game IS NULL")
            .bind(game.id.to_string())
            .bind(challenge.to_string())
            .execute(&mut *tx)
            .await?;
        if taken.rows_affected() != 1 {
            tx.rollback().await?;
            return Ok(false);
        }
        tx.commit().await?;
        Ok(true)
    }

    /// Commits what a change did to `game`: its move, its clocks, its end.
    pub async fn commit(
        &self,
        game: GameId,
        step: &Step,
        clock: &StoredClock,
    ) -> Result<(), StoreError> {
        let mut tx = self.pool.begin().await?;
        let outcome = match step {
            Step::Moved { ply, text, outcome } => {
                sqlx::query("INSERT INTO moves (game, ply, text) VALUES (?, ?, ?)")
                    .bind(game.to_string())
                    .bind(i64::from(*ply))
                    .bind(text.as_str())
                    .execute(&mut *tx)
                    .await?;
                *outcome
            }
            Step::Ended { outcome } => Some(*outcome),
        };
        sqlx::query(
            "UPDATE games SET clock = ?, outcome = ?, \
             ended_at = CASE WHEN ? IS NULL THEN NULL ELSE CURRENT_TIMESTAMP END WHERE id = ?",
        )
        .bind(to_json(clock))
        .bind(outcome.map(|o| to_json(&OutcomeWire(o))))
        .bind(outcome.map(|_| 1))
        .bind(game.to_string())
        .execute(&mut *tx)
        .await?;
        tx.commit().await?;
        Ok(())
    }

    pub async fn game(&self, id: GameId) -> Result<Option<GameRow>, StoreError> {
        let row =
            sqlx::query("SELECT id, kind, white, black, clock, outcome FROM games WHERE id = ?")
                .bind(id.to_string())
                .fetch_optional(&self.pool)
                .await?;
        match row {
            Some(row) => Ok(Some(self.game_row(&row).await?)),
            None => Ok(None),
        }
    }

    /// The games still being played: what a restarted server picks up again.
    pub async fn unfinished_games(&self) -> Result<Vec<GameRow>, StoreError> {
        let rows = sqlx::query(
            "SELECT id, kind, white, black, clock, outcome FROM games WHERE outcome IS NULL",
        )
        .fetch_all(&self.pool)
        .await?;
        let mut games = Vec::with_capacity(rows.len());
        for row in &rows {
            games.push(self.game_row(row).await?);
        }
        Ok(games)
    }

    async fn game_row(&self, row: &SqliteRow) -> Result<GameRow, StoreError> {
        let id: GameId = parse(TABLE, row.try_get(0)?)?;
        let outcome: Option<&str> = row.try_get(5)?;
        Ok(GameRow {
            id,
            kind: parse(TABLE, row.try_get(1)?)?,
            white: parse(TABLE, row.try_get(2)?)?,
            black: parse(TABLE, row.try_get(3)?)?,
            clock: parse_json(TABLE, row.try_get(4)?)?,
            outcome: outcome
                .map(|text| parse_json::<OutcomeWire>(TABLE, text))
                .transpose()?
                .map(|o| o.0),
            moves: self.moves(id).await?,
        })
    }

    async fn moves(&self, game: GameId) -> Result<Vec<String>, StoreError> {
        let rows = sqlx::query("SELECT ply, text FROM moves WHERE game = ? ORDER BY ply")
            .bind(game.to_string())
            .fetch_all(&self.pool)
            .await?;
        let mut moves = Vec::with_capacity(rows.len());
        for (index, row) in rows.iter().enumerate() {
            let ply: i64 = row.try_get(0)?;
            if usize::try_from(ply).ok() != Some(index) {
                return Err(StoreError::Corrupt {
                    table: "moves",
                    why: format!("game {game} skips from ply {} to {ply}", index),
                });
            }
            moves.push(row.try_get(1)?);
        }
        Ok(moves)
    }
}
