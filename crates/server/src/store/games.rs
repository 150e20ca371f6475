use shatar_rules::{GameKind, Outcome};
use sqlx::Row;
use sqlx::sqlite::SqliteRow;

use super::{Store, StoreError, parse, parse_json, to_json};
use crate::arbiter::{Change, MoveMeta, Step, StoredClock, Table};
use crate::ids::{ChallengeId, GameId, PlayerId};
use crate::wire::{EndNote, OutcomeWire, Proposal, Side};

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
    pub note: Option<EndNote>,
    /// When `clock` was stored (epoch milliseconds); `None` before it was kept.
    pub clock_at_ms: Option<u64>,
    pub proposals: Vec<(Side, Proposal)>,
    pub moves: Vec<StoredMove>,
}

pub struct StoredMove {
    pub text: String,
    pub meta: MoveMeta,
}

/// The columns `game_row` reads, in its order.
macro_rules! game_columns {
    () => {
        "id, kind, white, black, clock, outcome, note, clock_at_ms, proposals"
    };
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
        insert_new_game(&mut tx, game).await?;
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

    /// Commits what `change` did, in one transaction: its moves, takebacks and marks,
    /// the game it starts, and the game's clocks and end.
    pub async fn commit(&self, change: &Change, wall_ms: u64) -> Result<(), StoreError> {
        let table = &change.table;
        let game = table.id.to_string();
        let mut tx = self.pool.begin().await?;
        for step in &change.steps {
            match step {
                Step::Moved { ply, text, .. } => {
                    let meta = usize::try_from(*ply)
                        .ok()
                        .and_then(|ply| table.history().get(ply));
                    sqlx::query(
                        "INSERT INTO moves (game, ply, text, clock, draw_offer) VALUES (?, ?, ?, ?, ?)",
                    )
                    .bind(&game)
                    .bind(i64::from(*ply))
                    .bind(text.as_str())
                    .bind(meta.and_then(|m| m.clock.as_ref()).map(to_json))
                    .bind(meta.is_some_and(|m| m.draw_offer))
                    .execute(&mut *tx)
                    .await?;
                }
                Step::Proposed {
                    mark: Some(ply), ..
                } => {
                    sqlx::query("UPDATE moves SET draw_offer = 1 WHERE game = ? AND ply = ?")
                        .bind(&game)
                        .bind(i64::from(*ply))
                        .execute(&mut *tx)
                        .await?;
                }
                Step::TookBack { ply } => {
                    sqlx::query("DELETE FROM moves WHERE game = ? AND ply >= ?")
                        .bind(&game)
                        .bind(i64::from(*ply))
                        .execute(&mut *tx)
                        .await?;
                }
                Step::Rematched { .. } => {
                    if let Some(new) = &change.spawned {
                        insert_game(&mut tx, new).await?;
                    }
                }
                Step::Ended { .. }
                | Step::Aborted
                | Step::Proposed { mark: None, .. }
                | Step::Declined { .. }
                | Step::ClaimRefused { .. } => {}
            }
        }
        let outcome = table.outcome();
        let over = table.is_over();
        sqlx::query(
            "UPDATE games SET clock = ?, outcome = ?, note = ?, clock_at_ms = ?, proposals = ?, \
             ended_at = CASE WHEN ? THEN COALESCE(ended_at, CURRENT_TIMESTAMP) END WHERE id = ?",
        )
        .bind(to_json(&table.stored_clock()))
        .bind(outcome.map(|o| to_json(&OutcomeWire(o))))
        .bind(table.note().map(|n| to_json(&n)))
        .bind(i64::try_from(wall_ms).unwrap_or(i64::MAX))
        .bind(to_json(&table.proposals()))
        .bind(over)
        .bind(&game)
        .execute(&mut *tx)
        .await?;
        tx.commit().await?;
        Ok(())
    }

    pub async fn game(&self, id: GameId) -> Result<Option<GameRow>, StoreError> {
        let row = sqlx::query(concat!(
            "SELECT ",
            game_columns!(),
            " FROM games WHERE id = ?"
        ))
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
        let rows = sqlx::query(concat!(
            "SELECT ",
            game_columns!(),
            " FROM games WHERE outcome IS NULL AND note IS NULL"
        ))
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
        let note: Option<&str> = row.try_get(6)?;
        let clock_at_ms: Option<i64> = row.try_get(7)?;
        let proposals: Option<&str> = row.try_get(8)?;
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
            note: note.map(|text| parse_json(TABLE, text)).transpose()?,
            clock_at_ms: clock_at_ms.and_then(|ms| u64::try_from(ms).ok()),
            proposals: proposals
                .map(|text| parse_json(TABLE, text))
                .transpose()?
                .unwrap_or_default(),
            moves: self.moves(id).await?,
        })
    }

    async fn moves(&self, game: GameId) -> Result<Vec<StoredMove>, StoreError> {
        let rows = sqlx::query(
            "SELECT ply, text, clock, draw_offer FROM moves WHERE game = ? ORDER BY ply",
        )
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
            let clock: Option<&str> = row.try_get(2)?;
            moves.push(StoredMove {
                text: row.try_get(1)?,
                meta: MoveMeta {
                    clock: clock.map(|c| parse_json("moves", c)).transpose()?,
                    draw_offer: row.try_get(3)?,
                },
            });
        }
        Ok(moves)
    }
}

async fn insert_new_game(
    tx: &mut sqlx::SqliteConnection,
    game: &NewGame,
) -> Result<(), StoreError> {
    sqlx::query("INSERT INTO games (id, kind, white, black, clock) VALUES (?, ?, ?, ?, ?)")
        .bind(game.id.to_string())
        .bind(game.kind.to_string())
        .bind(game.white.to_string())
        .bind(game.black.to_string())
        .bind(to_json(&game.clock))
        .execute(&mut *tx)
        .await?;
    Ok(())
}

async fn insert_game(tx: &mut sqlx::SqliteConnection, table: &Table) -> Result<(), StoreError> {
    insert_new_game(tx, &NewGame::of(table)).await
}

impl NewGame {
    pub fn of(table: &Table) -> NewGame {
        NewGame {
            id: table.id,
            kind: table.kind(),
            white: table.seats.white,
            black: table.seats.black,
            clock: table.stored_clock(),
        }
    }
}
