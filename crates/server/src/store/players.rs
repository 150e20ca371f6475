use super::db::query;
use super::{Store, StoreError};
use crate::ids::{PlayerId, SecretHash};

impl Store {
    pub async fn add_player(&self, id: PlayerId, secret: SecretHash) -> Result<(), StoreError> {
        query("INSERT INTO players (id, secret_sha256) VALUES ($1, $2)")
            .bind(id.to_string())
            .bind(secret.0.as_slice())
            .execute(&self.pool)
            .await?;
        Ok(())
    }

    pub async fn set_name(&self, id: PlayerId, name: Option<&str>) -> Result<(), StoreError> {
        query("UPDATE players SET name = $1 WHERE id = $2")
            .bind(name)
            .bind(id.to_string())
            .execute(&self.pool)
            .await?;
        Ok(())
    }

    pub async fn name(&self, id: PlayerId) -> Result<Option<String>, StoreError> {
        let row = query("SELECT name FROM players WHERE id = $1")
            .bind(id.to_string())
            .fetch_optional(&self.pool)
            .await?;
        Ok(match row {
            Some(row) => row.try_get(0)?,
            None => None,
        })
    }

    /// The hash of `id`'s secret; `None` for no such player.
    pub async fn player_secret(&self, id: PlayerId) -> Result<Option<SecretHash>, StoreError> {
        let row = query("SELECT secret_sha256 FROM players WHERE id = $1")
            .bind(id.to_string())
            .fetch_optional(&self.pool)
            .await?;
        let Some(row) = row else { return Ok(None) };
        let bytes: Vec<u8> = row.try_get(0)?;
        let hash = bytes.try_into().map_err(|_| StoreError::Corrupt {
            table: "players",
            why: "a secret's hash is not 32 bytes".into(),
        })?;
        Ok(Some(SecretHash(hash)))
    }
}
