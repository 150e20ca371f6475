use shatar_rules::GameKind;
use sqlx::Row;

use super::{Store, StoreError, parse, parse_json, to_json};
use crate::ids::{ChallengeId, PlayerId};
use crate::wire::{ColorChoice, LobbyChallenge, Speed, TimeControlWire};

const TABLE: &str = "challenges";

/// The most open challenges a lobby lists at once: the oldest first.
pub const LOBBY_MAX: i64 = 200;

/// A game offered by its link, and in the lobby when `open`.
#[derive(Clone, Debug, PartialEq)]
pub struct Challenge {
    pub id: ChallengeId,
    pub challenger: PlayerId,
    pub kind: GameKind,
    pub time_control: TimeControlWire,
    pub color: ColorChoice,
    pub open: bool,
}

impl Store {
    pub async fn add_challenge(&self, challenge: &Challenge) -> Result<(), StoreError> {
        sqlx::query(
            "INSERT INTO challenges (id, challenger, kind, time_control, color, open) VALUES (?, ?, ?, ?, ?, ?)",
        )
        .bind(challenge.id.to_string())
        .bind(challenge.challenger.to_string())
        .bind(challenge.kind.to_string())
        .bind(to_json(&challenge.time_control))
        .bind(to_json(&challenge.color))
        .bind(challenge.open)
        .execute(&self.pool)
        .await?;
        Ok(())
    }

    /// The challenge `id` while it is open; `None` once it is taken or if it never was.
    pub async fn open_challenge(&self, id: ChallengeId) -> Result<Option<Challenge>, StoreError> {
        let row = sqlx::query(
            "SELECT challenger, kind, time_control, color, open FROM challenges \
             WHERE id = ? AND game IS NULL AND cancelled = 0",
        )
        .bind(id.to_string())
        .fetch_optional(&self.pool)
        .await?;
        let Some(row) = row else { return Ok(None) };
        Ok(Some(Challenge {
            id,
            challenger: parse(TABLE, row.try_get(0)?)?,
            kind: parse(TABLE, row.try_get(1)?)?,
            time_control: parse_json(TABLE, row.try_get(2)?)?,
            color: parse_json(TABLE, row.try_get(3)?)?,
            open: row.try_get(4)?,
        }))
    }

    /// Withdraws `id` if it is `challenger`'s and still open: `false` when it was not.
    pub async fn cancel_challenge(
        &self,
        id: ChallengeId,
        challenger: PlayerId,
    ) -> Result<bool, StoreError> {
        let done = sqlx::query(
            "UPDATE challenges SET cancelled = 1 \
             WHERE id = ? AND challenger = ? AND game IS NULL AND cancelled = 0",
        )
        .bind(id.to_string())
        .bind(challenger.to_string())
        .execute(&self.pool)
        .await?;
        Ok(done.rows_affected() == 1)
    }

    /// `player`'s challenges listed in the lobby now, and their time controls.
    pub async fn listed_challenges_of(
        &self,
        player: PlayerId,
    ) -> Result<Vec<(ChallengeId, TimeControlWire)>, StoreError> {
        let rows = sqlx::query(
            "SELECT id, time_control FROM challenges \
             WHERE challenger = ? AND open = 1 AND cancelled = 0 AND game IS NULL",
        )
        .bind(player.to_string())
        .fetch_all(&self.pool)
        .await?;
        rows.iter()
            .map(|row| {
                Ok((
                    parse(TABLE, row.try_get(0)?)?,
                    parse_json(TABLE, row.try_get(1)?)?,
                ))
            })
            .collect()
    }

    /// The open challenges listed in the lobby, oldest first, with their challengers'
    /// names.
    pub async fn lobby(&self) -> Result<Vec<LobbyChallenge>, StoreError> {
        let rows = sqlx::query(
            "SELECT c.id, c.challenger, c.kind, c.time_control, c.color, p.name \
             FROM challenges c JOIN players p ON p.id = c.challenger \
             WHERE c.open = 1 AND c.cancelled = 0 AND c.game IS NULL \
             ORDER BY c.created_at, c.rowid LIMIT ?",
        )
        .bind(LOBBY_MAX)
        .fetch_all(&self.pool)
        .await?;
        let mut listed = Vec::with_capacity(rows.len());
        for row in &rows {
            let time_control: TimeControlWire = parse_json(TABLE, row.try_get(3)?)?;
            listed.push(LobbyChallenge {
                challenge: parse(TABLE, row.try_get(0)?)?,
                challenger: parse(TABLE, row.try_get(1)?)?,
                game: parse(TABLE, row.try_get(2)?)?,
                speed: Speed::of(&time_control),
                time_control,
                color: parse_json(TABLE, row.try_get(4)?)?,
                name: row.try_get(5)?,
            });
        }
        Ok(listed)
    }
}
