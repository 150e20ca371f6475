use super::db::{json_texts, query, query_each};
use super::{Store, StoreError, parse, parse_json, to_json};
use crate::ids::{ChallengeId, PlayerId};
use crate::wire::{ColorChoice, LobbyChallenge, LobbyFilter, Speed, TimeControlWire};
use shatar_rules::GameKind;

const TABLE: &str = "challenges";

/// The most open challenges a lobby lists at once: the oldest first, of those that pass
/// the watcher's filter.
pub const LOBBY_MAX: i64 = 200;

/// The most challenges a player may have waiting at once, by link and in the lobby: a
/// club's director who sends a link to each player of a round needs tens at most, and more
/// is a flood (issue 55 found 230 made in 4 s).
pub const WAITING_MAX: u32 = 20;

/// The most of a player's challenges listed in the lobby at once: with the lobby's limit
/// of `LOBBY_MAX` it takes 67 players, not one, to fill it. Lichess keeps a few seeks a
/// player too.
pub const LISTED_MAX: u32 = 3;

/// How long a live challenge may wait to be taken: a day (a link sent to a friend is
/// opened the same day or not at all). A lobby challenge leaves with its player sooner.
pub const LIVE_LIFE_MS: u64 = 24 * 3_600_000;

/// How long a correspondence challenge may wait: two weeks, the longest two moves take.
pub const CORRESPONDENCE_LIFE_MS: u64 = 14 * 24 * 3_600_000;

/// Why a challenge was not added.
#[derive(Debug)]
pub enum AddError {
    /// The challenger has `max` challenges waiting (or listed, for a lobby challenge).
    TooMany {
        max: u32,
    },
    Store(StoreError),
}

impl From<sqlx::Error> for AddError {
    fn from(e: sqlx::Error) -> Self {
        AddError::Store(e.into())
    }
}

/// How long a challenge of `time_control` may wait to be taken.
pub fn life_ms(time_control: &TimeControlWire) -> u64 {
    match time_control.is_correspondence() {
        true => CORRESPONDENCE_LIFE_MS,
        false => LIVE_LIFE_MS,
    }
}

/// A speed as the `speed` column keeps it: the wire's name.
fn speed_name(speed: Speed) -> &'static str {
    match speed {
        Speed::Bullet => "Bullet",
        Speed::Blitz => "Blitz",
        Speed::Rapid => "Rapid",
        Speed::Classical => "Classical",
        Speed::Correspondence => "Correspondence",
    }
}

/// The challenges still waiting at a time (epoch ms), as SQL: neither taken, cancelled nor
/// lapsed. `$2` is the time. A macro, so that each statement stays a literal.
macro_rules! waiting {
    () => {
        "game IS NULL AND cancelled = 0 AND expires_ms > $2"
    };
}

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
    /// Adds `challenge`, made at `now_ms` (epoch), unless its challenger already has
    /// [`WAITING_MAX`] waiting or, for a lobby challenge, [`LISTED_MAX`] listed: the count
    /// and the insert are one statement, so that a burst of requests cannot pass it
    /// together (on PostgreSQL with the challenger's row taken first: see
    /// `Tx::lock_players`).
    pub async fn add_challenge(&self, challenge: &Challenge, now_ms: u64) -> Result<(), AddError> {
        let now = epoch(now_ms);
        let expires = epoch(now_ms.saturating_add(life_ms(&challenge.time_control)));
        let mut tx = self.pool.begin().await?;
        tx.lock_players(&[challenge.challenger.to_string()]).await?;
        let added = query(
            "INSERT INTO challenges \
               (id, challenger, kind, time_control, color, open, speed, expires_ms) \
             SELECT $1, $2, $3, $4, $5, $6, $7, $8 \
             WHERE (SELECT COUNT(*) FROM challenges \
                    WHERE challenger = $2 AND game IS NULL AND cancelled = 0 \
                      AND expires_ms > $9) < $10 \
               AND ($6 = 0 OR (SELECT COUNT(*) FROM challenges \
                    WHERE challenger = $2 AND open = 1 AND game IS NULL AND cancelled = 0 \
                      AND expires_ms > $9) < $11)",
        )
        .bind(challenge.id.to_string())
        .bind(challenge.challenger.to_string())
        .bind(challenge.kind.to_string())
        .bind(to_json(&challenge.time_control))
        .bind(to_json(&challenge.color))
        .bind(challenge.open)
        .bind(speed_name(Speed::of(&challenge.time_control)))
        .bind(expires)
        .bind(now)
        .bind(WAITING_MAX)
        .bind(LISTED_MAX)
        .execute(&mut tx)
        .await?;
        tx.commit().await?;
        if added.rows_affected() == 1 {
            return Ok(());
        }
        let waiting = self
            .waiting_of(challenge.challenger, now_ms)
            .await
            .map_err(AddError::Store)?;
        Err(AddError::TooMany {
            max: match waiting.len() >= WAITING_MAX as usize {
                true => WAITING_MAX,
                false => LISTED_MAX,
            },
        })
    }

    /// `player`'s challenges still waiting at `now_ms`, and whether each is listed.
    async fn waiting_of(
        &self,
        player: PlayerId,
        now_ms: u64,
    ) -> Result<Vec<(ChallengeId, bool)>, StoreError> {
        let rows = query(concat!(
            "SELECT id, open FROM challenges WHERE challenger = $1 AND ",
            waiting!()
        ))
        .bind(player.to_string())
        .bind(epoch(now_ms))
        .fetch_all(&self.pool)
        .await?;
        rows.iter()
            .map(|row| Ok((parse(TABLE, row.try_get(0)?)?, row.flag(1)?)))
            .collect()
    }

    /// Marks the challenges that have lapsed by `now_ms` (epoch) as such (`cancelled` 2)
    /// and returns those that were listed, for the lobby to forget.
    pub async fn expire_challenges(&self, now_ms: u64) -> Result<Vec<ChallengeId>, StoreError> {
        let rows = query(
            "UPDATE challenges SET cancelled = 2 \
             WHERE game IS NULL AND cancelled = 0 AND expires_ms <= $1 RETURNING id, open",
        )
        .bind(epoch(now_ms))
        .fetch_all(&self.pool)
        .await?;
        let mut listed = Vec::new();
        for row in &rows {
            if row.flag(1)? {
                listed.push(parse(TABLE, row.try_get(0)?)?);
            }
        }
        Ok(listed)
    }

    /// The challenge `id` while it waits at `now_ms` (epoch); `None` once it is taken,
    /// cancelled or lapsed, or if it never was.
    pub async fn open_challenge(
        &self,
        id: ChallengeId,
        now_ms: u64,
    ) -> Result<Option<Challenge>, StoreError> {
        let row = query(concat!(
            "SELECT challenger, kind, time_control, color, open FROM challenges \
             WHERE id = $1 AND ",
            waiting!()
        ))
        .bind(id.to_string())
        .bind(epoch(now_ms))
        .fetch_optional(&self.pool)
        .await?;
        let Some(row) = row else { return Ok(None) };
        Ok(Some(Challenge {
            id,
            challenger: parse(TABLE, row.try_get(0)?)?,
            kind: parse(TABLE, row.try_get(1)?)?,
            time_control: parse_json(TABLE, row.try_get(2)?)?,
            color: parse_json(TABLE, row.try_get(3)?)?,
            open: row.flag(4)?,
        }))
    }

    /// Withdraws `id` if it is `challenger`'s and still open: `false` when it was not. The
    /// one statement that can race [`Store::start_game`]'s: whichever SQLite runs first
    /// wins, and the other finds the challenge no longer waiting.
    pub async fn cancel_challenge(
        &self,
        id: ChallengeId,
        challenger: PlayerId,
    ) -> Result<bool, StoreError> {
        let done = query(
            "UPDATE challenges SET cancelled = 1 \
             WHERE id = $1 AND challenger = $2 AND game IS NULL AND cancelled = 0",
        )
        .bind(id.to_string())
        .bind(challenger.to_string())
        .execute(&self.pool)
        .await?;
        Ok(done.rows_affected() == 1)
    }

    /// `player`'s challenges listed in the lobby at `now_ms`, and their time controls.
    pub async fn listed_challenges_of(
        &self,
        player: PlayerId,
        now_ms: u64,
    ) -> Result<Vec<(ChallengeId, TimeControlWire)>, StoreError> {
        let rows = query(concat!(
            "SELECT id, time_control FROM challenges \
             WHERE challenger = $1 AND open = 1 AND ",
            waiting!()
        ))
        .bind(player.to_string())
        .bind(epoch(now_ms))
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

    /// The challenges listed in the lobby at `now_ms` that pass `filter`, oldest first,
    /// with their challengers' names: filtered before the limit, so that a crowd of one
    /// game or speed cannot hide the others.
    pub async fn lobby(
        &self,
        filter: &LobbyFilter,
        now_ms: u64,
    ) -> Result<Vec<LobbyChallenge>, StoreError> {
        // Each list goes as one JSON array, read by json_each (SQLite) or
        // jsonb_array_elements_text (PostgreSQL): the statement stays the same whatever
        // the filter.
        let games: Vec<String> = filter.kinds.iter().map(|k| k.0.to_string()).collect();
        let speeds: Vec<&str> = filter.speeds.iter().map(|&s| speed_name(s)).collect();
        macro_rules! lobby {
            ($dialect:tt) => {
                concat!(
                    "SELECT c.id, c.challenger, c.kind, c.time_control, c.color, p.name \
                     FROM challenges c JOIN players p ON p.id = c.challenger \
                     WHERE c.open = 1 AND c.cancelled = 0 AND c.game IS NULL \
                       AND c.expires_ms > $1 \
                       AND ($2 = '[]' OR c.kind IN (",
                    json_texts!($dialect, "$2"),
                    ")) AND ($3 = '[]' OR c.speed IN (",
                    json_texts!($dialect, "$3"),
                    ")) ORDER BY c.created_at, c.rowid LIMIT $4"
                )
            };
        }
        let rows = query_each(lobby!(sqlite), lobby!(postgres))
            .bind(epoch(now_ms))
            .bind(serde_json::to_string(&games).expect("strings make JSON"))
            .bind(serde_json::to_string(&speeds).expect("strings make JSON"))
            .bind(LOBBY_MAX)
            .fetch_all(&self.pool)
            .await?;
        let mut listed = Vec::with_capacity(rows.len());
        for row in &rows {
            let time_control: TimeControlWire = parse_json(TABLE, row.try_get(3)?)?;
            listed.push(LobbyChallenge {
                challenge: parse(TABLE, row.try_get(0)?)?,
                challenger: parse(TABLE, row.try_get(1)?)?,
                kind: parse(TABLE, row.try_get(2)?)?,
                speed: Speed::of(&time_control),
                time_control,
                color: parse_json(TABLE, row.try_get(4)?)?,
                name: row.try_get(5)?,
            });
        }
        Ok(listed)
    }
}

/// Epoch milliseconds as the databases' integer.
pub(super) fn epoch(ms: u64) -> i64 {
    i64::try_from(ms).unwrap_or(i64::MAX)
}
