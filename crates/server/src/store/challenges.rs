use shatar_rules::GameKind;
use sqlx::Row;

use super::{Store, StoreError, parse, parse_json, to_json};
use crate::ids::{ChallengeId, PlayerId};
use crate::wire::{ColorChoice, TimeControlWire};

/// A game offered by its link.
#[derive(Clone, Debug, PartialEq)]
pub struct Challenge {
    pub id: ChallengeId,
    pub challenger: PlayerId,
    pub kind: GameKind,
    pub time_control: TimeControlWire,
    pub color: ColorChoice,
}

impl Store {
    pub async fn add_challenge(&self, challenge: &Challenge) -> Result<(), StoreError> {
        sqlx::query(
            "INSERT INTO challenges (id, challenger, kind, time_control, color) VALUES (?, ?, ?, ?, ?)",
        )
        .bind(challenge.id.to_string())
        .bind(challenge.challenger.to_string())
        .bind(challenge.kind.to_string())
        .bind(to_json(&challenge.time_control))
        .bind(to_json(&challenge.color))
        .execute(&self.pool)
        .await?;
        Ok(())
    }

    /// The challenge `id` while it is open; `None` once it is taken or if it never was.
    pub async fn open_challenge(&self, id: ChallengeId) -> Result<Option<Challenge>, StoreError> {
        let row = sqlx::query(
            "SELECT challenger, kind, time_control, color FROM challenges WHERE id = ? AND game IS NULL",
        )
        .bind(id.to_string())
        .fetch_optional(&self.pool)
        .await?;
        let Some(row) = row else { return Ok(None) };
        const TABLE: &str = "challenges";
        Ok(Some(Challenge {
            id,
            challenger: parse(TABLE, row.try_get(0)?)?,
            kind: parse(TABLE, row.try_get(1)?)?,
            time_control: parse_json(TABLE, row.try_get(2)?)?,
            color: parse_json(TABLE, row.try_get(3)?)?,
        }))
    }
}
