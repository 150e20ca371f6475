use super::challenges::epoch;
use super::db::{Row, Tx, query};
use super::{Store, StoreError, parse, parse_json, to_json};
use crate::arbiter::{Change, GameRow, MoveMeta, Pairing, Step, StoredClock, StoredMove, Table};
use crate::ids::{ChallengeId, GameId, PlayerId};
use crate::wire::OutcomeWire;
use shatar_rules::GameKind;

const TABLE: &str = "games";

/// The most unfinished games a player may have: lichess's cap on games being played. Each
/// is held in memory and loaded again at a restart; 600 were made in 8 s before (issue 55).
pub const UNFINISHED_MAX: u32 = 200;

/// A game as it starts.
pub struct NewGame {
    pub id: GameId,
    pub kind: GameKind,
    pub white: PlayerId,
    pub black: PlayerId,
    pub clock: StoredClock,
    pub pairing: Pairing,
}

/// What became of an attempt to start a game from a challenge.
#[derive(Debug, PartialEq, Eq)]
pub enum Started {
    Yes,
    /// The challenge no longer waits: taken, cancelled or lapsed since it was read.
    ChallengeGone,
    /// One of the players already has [`UNFINISHED_MAX`] unfinished games.
    TooManyGames,
}

/// The columns `game_row` reads, in its order.
macro_rules! game_columns {
    () => {
        "id, kind, white, black, clock, outcome, note, clock_at_ms, proposals, pairing"
    };
}

impl Store {
    /// Starts `game` for the waiting `challenge` at `now_ms` (epoch), both or neither.
    /// Taking the challenge is one conditional statement, which a cancel (or another
    /// accept) racing it cannot also pass: it holds only while the challenge is neither
    /// taken, cancelled nor lapsed, and neither player has too many unfinished games.
    pub async fn start_game(
        &self,
        challenge: ChallengeId,
        game: &NewGame,
        now_ms: u64,
    ) -> Result<Started, StoreError> {
        let mut tx = self.pool.begin().await?;
        tx.lock_players(&[game.white.to_string(), game.black.to_string()])
            .await?;
        insert_new_game(&mut tx, game, now_ms).await?;
        // The new game is in the counts: each player may have it as its UNFINISHED_MAX-th.
        let taken = query(
            "UPDATE challenges SET game = $1 \
             WHERE id = $2 AND game IS NULL AND cancelled = 0 AND expires_ms > $3 \
               AND (SELECT COUNT(*) FROM games WHERE (white = $4 OR black = $4) \
                    AND outcome IS NULL AND note IS NULL) <= $6 \
               AND (SELECT COUNT(*) FROM games WHERE (white = $5 OR black = $5) \
                    AND outcome IS NULL AND note IS NULL) <= $6",
        )
        .bind(game.id.to_string())
        .bind(challenge.to_string())
        .bind(epoch(now_ms))
        .bind(game.white.to_string())
        .bind(game.black.to_string())
        .bind(UNFINISHED_MAX)
        .execute(&mut tx)
        .await?;
        if taken.rows_affected() == 1 {
            tx.commit().await?;
            return Ok(Started::Yes);
        }
        tx.rollback().await?;
        Ok(match self.open_challenge(challenge, now_ms).await? {
            Some(_) => Started::TooManyGames,
            None => Started::ChallengeGone,
        })
    }

    /// Commits what `change` did, in one transaction: its moves, takebacks and marks,
    /// the game it starts, and the game's clocks and end. `now_ms` is the server's time
    /// and `wall_ms` the epoch time of the change.
    pub async fn commit(
        &self,
        change: &Change,
        now_ms: u64,
        wall_ms: u64,
    ) -> Result<(), StoreError> {
        let table = &change.table;
        let game = table.id.to_string();
        let mut tx = self.pool.begin().await?;
        for step in &change.steps {
            match step {
                Step::Moved { ply, text, .. } => {
                    let meta = usize::try_from(*ply)
                        .ok()
                        .and_then(|ply| table.history().get(ply));
                    query(
                        "INSERT INTO moves (game, ply, text, clock, draw_offer) \
                         VALUES ($1, $2, $3, $4, $5)",
                    )
                    .bind(&game)
                    .bind(i64::from(*ply))
                    .bind(text.as_str())
                    .bind(meta.and_then(|m| m.clock.as_ref()).map(to_json))
                    .bind(meta.is_some_and(|m| m.draw_offer))
                    .execute(&mut tx)
                    .await?;
                }
                Step::Proposed {
                    mark: Some(ply), ..
                } => {
                    query("UPDATE moves SET draw_offer = 1 WHERE game = $1 AND ply = $2")
                        .bind(&game)
                        .bind(i64::from(*ply))
                        .execute(&mut tx)
                        .await?;
                }
                Step::TookBack { ply } => {
                    query("DELETE FROM moves WHERE game = $1 AND ply >= $2")
                        .bind(&game)
                        .bind(i64::from(*ply))
                        .execute(&mut tx)
                        .await?;
                }
                Step::Rematched { .. } => {
                    if let Some(new) = &change.spawned {
                        insert_new_game(&mut tx, &NewGame::of(new), wall_ms).await?;
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
        query(
            "UPDATE games SET clock = $1, outcome = $2, note = $3, clock_at_ms = $4, \
             proposals = $5, \
             ended_at = CASE WHEN $6 = 1 THEN COALESCE(ended_at, CURRENT_TIMESTAMP) END \
             WHERE id = $7",
        )
        .bind(to_json(&table.stored_clock()))
        .bind(outcome.map(|o| to_json(&OutcomeWire(o))))
        .bind(table.note().map(|n| to_json(&n)))
        .bind(epoch(table.turn_since_wall_ms(now_ms, wall_ms)))
        .bind(to_json(&table.proposals()))
        .bind(over)
        .bind(&game)
        .execute(&mut tx)
        .await?;
        tx.commit().await?;
        Ok(())
    }

    pub async fn game(&self, id: GameId) -> Result<Option<GameRow>, StoreError> {
        let row = query(concat!(
            "SELECT ",
            game_columns!(),
            " FROM games WHERE id = $1"
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
        let rows = query(concat!(
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

    async fn game_row(&self, row: &Row) -> Result<GameRow, StoreError> {
        let id: GameId = parse(TABLE, row.try_get(0)?)?;
        let outcome: Option<&str> = row.try_get(5)?;
        let note: Option<&str> = row.try_get(6)?;
        let clock_at_ms: Option<i64> = row.try_get(7)?;
        let proposals: Option<&str> = row.try_get(8)?;
        let pairing: &str = row.try_get(9)?;
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
            turn_since_wall_ms: clock_at_ms.and_then(|ms| u64::try_from(ms).ok()),
            pairing: parse(TABLE, pairing)?,
            proposals: proposals
                .map(|text| parse_json(TABLE, text))
                .transpose()?
                .unwrap_or_default(),
            moves: self.moves(id).await?,
        })
    }

    async fn moves(&self, game: GameId) -> Result<Vec<StoredMove>, StoreError> {
        let rows =
            query("SELECT ply, text, clock, draw_offer FROM moves WHERE game = $1 ORDER BY ply")
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
                    draw_offer: row.flag(3)?,
                },
            });
        }
        Ok(moves)
    }
}

/// Inserts `game`, its first turn (White's first move owed) from `wall_ms` on.
pub(super) async fn insert_new_game(
    tx: &mut Tx,
    game: &NewGame,
    wall_ms: u64,
) -> Result<(), StoreError> {
    query(
        "INSERT INTO games (id, kind, white, black, clock, pairing, clock_at_ms) \
         VALUES ($1, $2, $3, $4, $5, $6, $7)",
    )
    .bind(game.id.to_string())
    .bind(game.kind.to_string())
    .bind(game.white.to_string())
    .bind(game.black.to_string())
    .bind(to_json(&game.clock))
    .bind(game.pairing.to_string())
    .bind(epoch(wall_ms))
    .execute(&mut *tx)
    .await?;
    Ok(())
}

impl NewGame {
    pub fn of(table: &Table) -> NewGame {
        NewGame {
            id: table.id,
            kind: table.kind(),
            white: table.seats.white,
            black: table.seats.black,
            clock: table.stored_clock(),
            pairing: table.pairing,
        }
    }
}

impl Store {
    /// Notes that the server is alive at `wall_ms` (epoch).
    pub async fn beat(&self, wall_ms: u64) -> Result<(), StoreError> {
        query(
            "INSERT INTO heartbeat (id, alive_ms) VALUES (1, $1) \
             ON CONFLICT (id) DO UPDATE SET alive_ms = $1",
        )
        .bind(epoch(wall_ms))
        .execute(&self.pool)
        .await?;
        Ok(())
    }

    /// The last time a server on this database was known alive (epoch ms).
    pub async fn last_alive(&self) -> Result<Option<u64>, StoreError> {
        let alive: Option<i64> = query("SELECT alive_ms FROM heartbeat WHERE id = 1")
            .fetch_optional(&self.pool)
            .await?
            .map(|row| row.try_get(0))
            .transpose()?;
        Ok(alive.and_then(|ms| u64::try_from(ms).ok()))
    }
}
