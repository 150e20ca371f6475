//! Events (issue 56) in the database: the rows an event is rebuilt from, and its changes,
//! each one transaction behind one conditional statement on the event's revision.

mod read;
mod write;

use super::challenges::epoch;
use super::db::{query, query_each};
use super::games::NewGame;
use super::{Store, StoreError, parse, to_json};
use crate::ids::{GameId, PlayerId, SecretHash};
use crate::wire::{EndNote, Side};
use shatar_protocol::events::{
    ByeRequest, EventId, EventSettings, PenaltyKind, ResultSource, ResultWire,
};
use shatar_rules::Outcome;
use write::apply;

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

impl Store {
    pub async fn create_event(
        &self,
        id: EventId,
        director: SecretHash,
        settings: &EventSettings,
        now_ms: u64,
    ) -> Result<(), StoreError> {
        query(
            "INSERT INTO events (id, director_sha256, settings, online, created_ms) \
             VALUES ($1, $2, $3, $4, $5)",
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
        let bumped = query(
            "UPDATE events SET revision = revision + 1 \
             WHERE id = $1 AND revision = $2 AND (ended_ms IS NULL OR $3 = 1)",
        )
        .bind(&key)
        .bind(epoch(revision))
        .bind(after_end)
        .execute(&mut tx)
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
        // SQLite is told which index to start from (its planner took the boards' scan);
        // PostgreSQL's statistics choose.
        macro_rules! due {
            ($dialect:tt) => {
                concat!(
                    "SELECT b.event FROM events e ",
                    index_hint!($dialect),
                    "JOIN event_boards b ON b.event = e.id \
                       JOIN event_rounds r ON r.event = b.event AND r.round = b.round \
                     WHERE e.online = 1 AND e.ended_ms IS NULL AND b.game IS NULL \
                       AND b.black IS NOT NULL AND r.starts_ms <= $1 \
                       AND NOT EXISTS (SELECT 1 FROM event_results x WHERE x.event = b.event \
                                       AND x.round = b.round AND x.board = b.board) \
                       AND NOT EXISTS (SELECT 1 FROM event_players p WHERE p.event = b.event \
                                       AND p.number IN (b.white, b.black) \
                                       AND p.withdrawn_from <= b.round) \
                     UNION \
                     SELECT b.event FROM event_boards b JOIN games g ON g.id = b.game \
                     WHERE (g.outcome IS NOT NULL OR g.note IS NOT NULL) \
                       AND NOT EXISTS (SELECT 1 FROM event_results x WHERE x.event = b.event \
                                       AND x.round = b.round AND x.board = b.board)"
                )
            };
        }
        macro_rules! index_hint {
            (sqlite) => {
                "INDEXED BY events_running "
            };
            (postgres) => {
                ""
            };
        }
        let rows = query_each(due!(sqlite), due!(postgres))
            .bind(epoch(now_ms))
            .fetch_all(&self.pool)
            .await?;
        rows.iter()
            .map(|row| parse(TABLE, row.try_get::<&str>(0)?))
            .collect()
    }
}
