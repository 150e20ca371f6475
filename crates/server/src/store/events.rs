//! Events (issue 56) in the database: the rows an event is rebuilt from, and its changes,
//! each one transaction behind one conditional statement on the event's revision.

use shatar_protocol::events::{
    ByeRequest, EventId, EventSettings, PenaltyKind, ResultSource, ResultWire,
};
use shatar_rules::Outcome;
use sqlx::Row;
use sqlx::sqlite::SqliteRow;

use super::challenges::epoch;
use super::games::{NewGame, insert_new_game};
use super::{Store, StoreError, parse, parse_json, to_json};
use crate::ids::{GameId, PlayerId, SecretHash};
use crate::wire::{EndNote, OutcomeWire, Side};

const TABLE: &str = "events";

#[derive(Clone)]
pub struct EventRow {
    pub id: EventId,
    pub director: SecretHash,
    pub settings: EventSettings,
    pub revision: u64,
    pub created_ms: u64,
    pub ended_ms: Option<u64>,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlayerRow {
    pub number: u32,
    pub name: String,
    pub rating: u16,
    pub club: String,
    pub player: Option<PlayerId>,
    pub entered_round: u32,
    pub withdrawn_from: Option<u32>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ByeRow {
    pub number: u32,
    pub round: u32,
    pub bye: ByeRequest,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RoundRow {
    pub round: u32,
    pub starts_ms: Option<u64>,
}

/// How a board's game on the server ended, if it has.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GameEnd {
    pub outcome: Option<Outcome>,
    pub note: Option<EndNote>,
    pub plies: u32,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BoardRow {
    pub round: u32,
    pub board: u32,
    pub white: u32,
    pub black: Option<u32>,
    pub game: Option<GameId>,
    /// `None` while the game is being played (or there is none).
    pub game_end: Option<GameEnd>,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ResultRow {
    pub seq: u64,
    pub round: u32,
    pub board: u32,
    pub result: ResultWire,
    pub reason: Option<String>,
    pub source: ResultSource,
    pub tie_break_winner: Option<Side>,
    pub entered_ms: u64,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PenaltyRow {
    pub seq: u64,
    pub number: u32,
    pub round: u32,
    pub penalty: PenaltyKind,
    pub reason: String,
    pub entered_ms: u64,
}

/// Everything kept of an event.
#[derive(Clone)]
pub struct EventRecord {
    pub event: EventRow,
    pub players: Vec<PlayerRow>,
    pub byes: Vec<ByeRow>,
    pub rounds: Vec<RoundRow>,
    pub boards: Vec<BoardRow>,
    pub results: Vec<ResultRow>,
    pub penalties: Vec<PenaltyRow>,
}

/// One part of a change; a change's parts are committed together or not at all.
pub enum Write {
    Settings(EventSettings),
    AddPlayer(PlayerRow),
    Withdraw {
        number: u32,
        from_round: u32,
    },
    PutBye(ByeRow),
    DropBye {
        number: u32,
        round: u32,
    },
    AddRound(RoundRow),
    /// A round's boards as `(board, white, black)`; `replace` drops its boards first (a
    /// round with no result and no game: the caller checked).
    Boards {
        round: u32,
        boards: Vec<(u32, u32, Option<u32>)>,
        replace: bool,
    },
    /// Appended to the results' log (`seq` is the database's).
    Result(ResultRow),
    Penalty(PenaltyRow),
    End,
    /// A round's game starts on the server: the game's row, and the board's link to it.
    StartGame {
        round: u32,
        board: u32,
        game: NewGame,
    },
}

/// What became of a change.
#[derive(Debug, PartialEq, Eq)]
pub enum Committed {
    /// Done: the event's revision now.
    Yes { revision: u64 },
    /// The event changed since it was read (or ended): nothing was done.
    Stale,
}

fn int(row: &SqliteRow, index: usize) -> Result<u32, StoreError> {
    let value: i64 = row.try_get(index)?;
    u32::try_from(value).map_err(|_| StoreError::Corrupt {
        table: TABLE,
        why: format!("{value} is no count"),
    })
}

fn opt_int(row: &SqliteRow, index: usize) -> Result<Option<u32>, StoreError> {
    let value: Option<i64> = row.try_get(index)?;
    value
        .map(|v| {
            u32::try_from(v).map_err(|_| StoreError::Corrupt {
                table: TABLE,
                why: format!("{v} is no count"),
            })
        })
        .transpose()
}

fn ms(row: &SqliteRow, index: usize) -> Result<u64, StoreError> {
    let value: i64 = row.try_get(index)?;
    Ok(u64::try_from(value).unwrap_or(0))
}

fn opt_ms(row: &SqliteRow, index: usize) -> Result<Option<u64>, StoreError> {
    let value: Option<i64> = row.try_get(index)?;
    Ok(value.map(|v| u64::try_from(v).unwrap_or(0)))
}

impl Store {
    pub async fn create_event(
        &self,
        id: EventId,
        director: SecretHash,
        settings: &EventSettings,
        now_ms: u64,
    ) -> Result<(), StoreError> {
        sqlx::query(
            "INSERT INTO events (id, director_sha256, settings, online, created_ms) \
             VALUES (?, ?, ?, ?, ?)",
        )
        .bind(id.to_string())
        .bind(director.0.as_slice())
        .bind(to_json(settings))
        .bind(settings.online)
        .bind(epoch(now_ms))
        .execute(&self.pool)
        .await?;
        Ok(())
    }

    /// The event as it stands, read in one transaction so that its parts agree.
    pub async fn event(&self, id: EventId) -> Result<Option<EventRecord>, StoreError> {
        let key = id.to_string();
        let mut tx = self.pool.begin().await?;
        let Some(row) = sqlx::query(
            "SELECT director_sha256, settings, revision, created_ms, ended_ms \
             FROM events WHERE id = ?",
        )
        .bind(&key)
        .fetch_optional(&mut *tx)
        .await?
        else {
            return Ok(None);
        };
        let hash: Vec<u8> = row.try_get(0)?;
        let event = EventRow {
            id,
            director: SecretHash(hash.try_into().map_err(|_| StoreError::Corrupt {
                table: TABLE,
                why: "a token's hash is not 32 bytes".into(),
            })?),
            settings: parse_json(TABLE, row.try_get(1)?)?,
            revision: ms(&row, 2)?,
            created_ms: ms(&row, 3)?,
            ended_ms: opt_ms(&row, 4)?,
        };
        let players = sqlx::query(
            "SELECT number, name, rating, club, player, entered_round, withdrawn_from \
             FROM event_players WHERE event = ? ORDER BY number",
        )
        .bind(&key)
        .fetch_all(&mut *tx)
        .await?
        .iter()
        .map(|row| {
            let player: Option<&str> = row.try_get(4)?;
            Ok(PlayerRow {
                number: int(row, 0)?,
                name: row.try_get(1)?,
                rating: u16::try_from(int(row, 2)?).unwrap_or(u16::MAX),
                club: row.try_get(3)?,
                player: player.map(|p| parse("event_players", p)).transpose()?,
                entered_round: int(row, 5)?,
                withdrawn_from: opt_int(row, 6)?,
            })
        })
        .collect::<Result<Vec<_>, StoreError>>()?;
        let byes = sqlx::query(
            "SELECT number, round, bye FROM event_byes WHERE event = ? ORDER BY round, number",
        )
        .bind(&key)
        .fetch_all(&mut *tx)
        .await?
        .iter()
        .map(|row| {
            Ok(ByeRow {
                number: int(row, 0)?,
                round: int(row, 1)?,
                bye: parse_json("event_byes", row.try_get(2)?)?,
            })
        })
        .collect::<Result<Vec<_>, StoreError>>()?;
        let rounds =
            sqlx::query("SELECT round, starts_ms FROM event_rounds WHERE event = ? ORDER BY round")
                .bind(&key)
                .fetch_all(&mut *tx)
                .await?
                .iter()
                .map(|row| {
                    Ok(RoundRow {
                        round: int(row, 0)?,
                        starts_ms: opt_ms(row, 1)?,
                    })
                })
                .collect::<Result<Vec<_>, StoreError>>()?;
        let boards = sqlx::query(
            "SELECT b.round, b.board, b.white, b.black, b.game, g.outcome, g.note, \
               (SELECT COUNT(*) FROM moves m WHERE m.game = b.game) \
             FROM event_boards b LEFT JOIN games g ON g.id = b.game \
             WHERE b.event = ? ORDER BY b.round, b.board",
        )
        .bind(&key)
        .fetch_all(&mut *tx)
        .await?
        .iter()
        .map(board_row)
        .collect::<Result<Vec<_>, StoreError>>()?;
        let results = sqlx::query(
            "SELECT seq, round, board, result, reason, source, tie_break_winner, entered_ms \
             FROM event_results WHERE event = ? ORDER BY seq",
        )
        .bind(&key)
        .fetch_all(&mut *tx)
        .await?
        .iter()
        .map(|row| {
            let winner: Option<&str> = row.try_get(6)?;
            Ok(ResultRow {
                seq: ms(row, 0)?,
                round: int(row, 1)?,
                board: int(row, 2)?,
                result: parse_json("event_results", row.try_get(3)?)?,
                reason: row.try_get(4)?,
                source: parse_json("event_results", row.try_get(5)?)?,
                tie_break_winner: winner.map(|w| parse_json("event_results", w)).transpose()?,
                entered_ms: ms(row, 7)?,
            })
        })
        .collect::<Result<Vec<_>, StoreError>>()?;
        let penalties = sqlx::query(
            "SELECT seq, number, round, penalty, reason, entered_ms \
             FROM event_penalties WHERE event = ? ORDER BY seq",
        )
        .bind(&key)
        .fetch_all(&mut *tx)
        .await?
        .iter()
        .map(|row| {
            Ok(PenaltyRow {
                seq: ms(row, 0)?,
                number: int(row, 1)?,
                round: int(row, 2)?,
                penalty: parse_json("event_penalties", row.try_get(3)?)?,
                reason: row.try_get(4)?,
                entered_ms: ms(row, 5)?,
            })
        })
        .collect::<Result<Vec<_>, StoreError>>()?;
        tx.commit().await?;
        Ok(Some(EventRecord {
            event,
            players,
            byes,
            rounds,
            boards,
            results,
            penalties,
        }))
    }

    /// Commits `writes` as the change from `revision`, in one transaction: the first
    /// statement bumps the revision only if it is still `revision` (and the event has not
    /// ended, unless `after_end`), so that of two changes worked out from the same state
    /// exactly one is made.
    pub async fn commit_event(
        &self,
        id: EventId,
        revision: u64,
        after_end: bool,
        writes: &[Write],
        now_ms: u64,
    ) -> Result<Committed, StoreError> {
        let key = id.to_string();
        let mut tx = self.pool.begin().await?;
        let bumped = sqlx::query(
            "UPDATE events SET revision = revision + 1 \
             WHERE id = ? AND revision = ? AND (ended_ms IS NULL OR ?)",
        )
        .bind(&key)
        .bind(epoch(revision))
        .bind(after_end)
        .execute(&mut *tx)
        .await?;
        if bumped.rows_affected() != 1 {
            tx.rollback().await?;
            return Ok(Committed::Stale);
        }
        for write in writes {
            apply(&mut tx, &key, write, now_ms).await?;
        }
        tx.commit().await?;
        Ok(Committed::Yes {
            revision: revision + 1,
        })
    }

    /// The events with something for the server to do by `now_ms`: an online round's
    /// games to start, or an event's game that has ended without a result yet.
    pub async fn events_due(&self, now_ms: u64) -> Result<Vec<EventId>, StoreError> {
        let rows = sqlx::query(
            "SELECT b.event FROM event_boards b \
               JOIN event_rounds r ON r.event = b.event AND r.round = b.round \
               JOIN events e ON e.id = b.event \
             WHERE e.online = 1 AND e.ended_ms IS NULL AND b.game IS NULL \
               AND b.black IS NOT NULL AND r.starts_ms <= ?1 \
               AND NOT EXISTS (SELECT 1 FROM event_results x WHERE x.event = b.event \
                               AND x.round = b.round AND x.board = b.board) \
               AND NOT EXISTS (SELECT 1 FROM event_players p WHERE p.event = b.event \
                               AND p.number IN (b.white, b.black) \
                               AND p.withdrawn_from <= b.round) \
             UNION \
             SELECT b.event FROM event_boards b JOIN games g ON g.id = b.game \
             WHERE (g.outcome IS NOT NULL OR g.note IS NOT NULL) \
               AND NOT EXISTS (SELECT 1 FROM event_results x WHERE x.event = b.event \
                               AND x.round = b.round AND x.board = b.board)",
        )
        .bind(epoch(now_ms))
        .fetch_all(&self.pool)
        .await?;
        rows.iter()
            .map(|row| parse(TABLE, row.try_get::<&str, _>(0)?))
            .collect()
    }
}

fn board_row(row: &SqliteRow) -> Result<BoardRow, StoreError> {
    let game: Option<&str> = row.try_get(4)?;
    let outcome: Option<&str> = row.try_get(5)?;
    let note: Option<&str> = row.try_get(6)?;
    let outcome = outcome
        .map(|o| parse_json::<OutcomeWire>("games", o))
        .transpose()?
        .map(|o| o.0);
    let note: Option<EndNote> = note.map(|n| parse_json("games", n)).transpose()?;
    Ok(BoardRow {
        round: int(row, 0)?,
        board: int(row, 1)?,
        white: int(row, 2)?,
        black: opt_int(row, 3)?,
        game: game.map(|g| parse("event_boards", g)).transpose()?,
        game_end: (outcome.is_some() || note.is_some()).then(|| GameEnd {
            outcome,
            note,
            plies: int(row, 7).unwrap_or(0),
        }),
    })
}

async fn apply(
    tx: &mut sqlx::SqliteConnection,
    event: &str,
    write: &Write,
    now_ms: u64,
) -> Result<(), StoreError> {
    match write {
        Write::Settings(settings) => {
            sqlx::query("UPDATE events SET settings = ? WHERE id = ?")
                .bind(to_json(settings))
                .bind(event)
                .execute(&mut *tx)
                .await?;
        }
        Write::AddPlayer(p) => {
            sqlx::query(
                "INSERT INTO event_players \
                 (event, number, name, rating, club, player, entered_round) \
                 VALUES (?, ?, ?, ?, ?, ?, ?)",
            )
            .bind(event)
            .bind(p.number)
            .bind(&p.name)
            .bind(p.rating)
            .bind(&p.club)
            .bind(p.player.map(|p| p.to_string()))
            .bind(p.entered_round)
            .execute(&mut *tx)
            .await?;
        }
        Write::Withdraw { number, from_round } => {
            sqlx::query(
                "UPDATE event_players SET withdrawn_from = ? WHERE event = ? AND number = ?",
            )
            .bind(from_round)
            .bind(event)
            .bind(number)
            .execute(&mut *tx)
            .await?;
        }
        Write::PutBye(bye) => {
            sqlx::query(
                "INSERT INTO event_byes (event, number, round, bye) VALUES (?, ?, ?, ?) \
                 ON CONFLICT (event, number, round) DO UPDATE SET bye = excluded.bye",
            )
            .bind(event)
            .bind(bye.number)
            .bind(bye.round)
            .bind(to_json(&bye.bye))
            .execute(&mut *tx)
            .await?;
        }
        Write::DropBye { number, round } => {
            sqlx::query("DELETE FROM event_byes WHERE event = ? AND number = ? AND round = ?")
                .bind(event)
                .bind(number)
                .bind(round)
                .execute(&mut *tx)
                .await?;
        }
        Write::AddRound(round) => {
            sqlx::query("INSERT INTO event_rounds (event, round, starts_ms) VALUES (?, ?, ?)")
                .bind(event)
                .bind(round.round)
                .bind(round.starts_ms.map(epoch))
                .execute(&mut *tx)
                .await?;
        }
        Write::Boards {
            round,
            boards,
            replace,
        } => {
            if *replace {
                sqlx::query(
                    "DELETE FROM event_boards WHERE event = ? AND round = ? AND game IS NULL",
                )
                .bind(event)
                .bind(round)
                .execute(&mut *tx)
                .await?;
            }
            for (board, white, black) in boards {
                sqlx::query(
                    "INSERT INTO event_boards (event, round, board, white, black) \
                     VALUES (?, ?, ?, ?, ?)",
                )
                .bind(event)
                .bind(round)
                .bind(board)
                .bind(white)
                .bind(black)
                .execute(&mut *tx)
                .await?;
            }
        }
        Write::Result(r) => {
            sqlx::query(
                "INSERT INTO event_results \
                 (event, round, board, result, reason, source, tie_break_winner, entered_ms) \
                 VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
            )
            .bind(event)
            .bind(r.round)
            .bind(r.board)
            .bind(to_json(&r.result))
            .bind(r.reason.as_deref())
            .bind(to_json(&r.source))
            .bind(r.tie_break_winner.map(|w| to_json(&w)))
            .bind(epoch(now_ms))
            .execute(&mut *tx)
            .await?;
        }
        Write::Penalty(p) => {
            sqlx::query(
                "INSERT INTO event_penalties \
                 (event, number, round, penalty, reason, entered_ms) VALUES (?, ?, ?, ?, ?, ?)",
            )
            .bind(event)
            .bind(p.number)
            .bind(p.round)
            .bind(to_json(&p.penalty))
            .bind(&p.reason)
            .bind(epoch(now_ms))
            .execute(&mut *tx)
            .await?;
        }
        Write::End => {
            sqlx::query("UPDATE events SET ended_ms = ? WHERE id = ? AND ended_ms IS NULL")
                .bind(epoch(now_ms))
                .bind(event)
                .execute(&mut *tx)
                .await?;
        }
        Write::StartGame { round, board, game } => {
            insert_new_game(&mut *tx, game, now_ms).await?;
            sqlx::query(
                "UPDATE event_boards SET game = ? \
                 WHERE event = ? AND round = ? AND board = ? AND game IS NULL",
            )
            .bind(game.id.to_string())
            .bind(event)
            .bind(round)
            .bind(board)
            .execute(&mut *tx)
            .await?;
        }
    }
    Ok(())
}
