//! Reading an event back: its rows, in one transaction so that they agree.

use crate::store::db::{Row, query};
use shatar_protocol::events::EventId;

use super::{
    BoardRow, ByeRow, EventRecord, EventRow, GameEnd, PenaltyRow, PlayerRow, ResultRow, RoundRow,
    TABLE,
};
use crate::ids::SecretHash;
use crate::store::{Store, StoreError, parse, parse_json};
use crate::wire::{EndNote, OutcomeWire};

fn int(row: &Row, index: usize) -> Result<u32, StoreError> {
    let value: i64 = row.try_get(index)?;
    u32::try_from(value).map_err(|_| StoreError::Corrupt {
        table: TABLE,
        why: format!("{value} is no count"),
    })
}

fn opt_int(row: &Row, index: usize) -> Result<Option<u32>, StoreError> {
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

fn ms(row: &Row, index: usize) -> Result<u64, StoreError> {
    let value: i64 = row.try_get(index)?;
    Ok(u64::try_from(value).unwrap_or(0))
}

fn opt_ms(row: &Row, index: usize) -> Result<Option<u64>, StoreError> {
    let value: Option<i64> = row.try_get(index)?;
    Ok(value.map(|v| u64::try_from(v).unwrap_or(0)))
}

impl Store {
    /// The event as it stands, read in one transaction so that its parts agree.
    pub async fn event(&self, id: EventId) -> Result<Option<EventRecord>, StoreError> {
        let key = id.to_string();
        let mut tx = self.pool.begin().await?;
        tx.one_snapshot().await?;
        let Some(row) = query(
            "SELECT director_sha256, settings, revision, created_ms, ended_ms \
             FROM events WHERE id = $1",
        )
        .bind(&key)
        .fetch_optional(&mut tx)
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
        let players = query(
            "SELECT number, name, rating, club, player, entered_round, withdrawn_from \
             FROM event_players WHERE event = $1 ORDER BY number",
        )
        .bind(&key)
        .fetch_all(&mut tx)
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
        let byes = query(
            "SELECT number, round, bye FROM event_byes WHERE event = $1 ORDER BY round, number",
        )
        .bind(&key)
        .fetch_all(&mut tx)
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
            query("SELECT round, starts_ms FROM event_rounds WHERE event = $1 ORDER BY round")
                .bind(&key)
                .fetch_all(&mut tx)
                .await?
                .iter()
                .map(|row| {
                    Ok(RoundRow {
                        round: int(row, 0)?,
                        starts_ms: opt_ms(row, 1)?,
                    })
                })
                .collect::<Result<Vec<_>, StoreError>>()?;
        let boards = query(
            "SELECT b.round, b.board, b.white, b.black, b.game, g.outcome, g.note, \
               (SELECT COUNT(*) FROM moves m WHERE m.game = b.game) \
             FROM event_boards b LEFT JOIN games g ON g.id = b.game \
             WHERE b.event = $1 ORDER BY b.round, b.board",
        )
        .bind(&key)
        .fetch_all(&mut tx)
        .await?
        .iter()
        .map(board_row)
        .collect::<Result<Vec<_>, StoreError>>()?;
        let results = query(
            "SELECT seq, round, board, result, reason, source, tie_break_winner, entered_ms \
             FROM event_results WHERE event = $1 ORDER BY seq",
        )
        .bind(&key)
        .fetch_all(&mut tx)
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
        let penalties = query(
            "SELECT seq, number, round, penalty, reason, entered_ms \
             FROM event_penalties WHERE event = $1 ORDER BY seq",
        )
        .bind(&key)
        .fetch_all(&mut tx)
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
}

fn board_row(row: &Row) -> Result<BoardRow, StoreError> {
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
