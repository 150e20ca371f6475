//! What is read about games for lists and records: a player's unfinished games, the live
//! games being played, and the header of a game's PGN.

use super::db::{json_texts, query, query_each};
use super::{Store, StoreError, parse, parse_json};
use crate::arbiter::{PgnHeader, StoredClock};
use crate::ids::{GameId, PlayerId};
use crate::wire::{LiveGame, MyGame, Side};

const TABLE: &str = "games";

/// The most games "my games" lists.
pub const MY_GAMES_MAX: i64 = 500;

impl Store {
    /// `player`'s unfinished games, the longest waiting for a move first.
    pub async fn my_games(&self, player: PlayerId) -> Result<Vec<MyGame>, StoreError> {
        let rows = query(
            "SELECT g.id, g.kind, g.white, g.black, g.clock, \
                    (SELECT COUNT(*) FROM moves m WHERE m.game = g.id), \
                    (SELECT p.name FROM players p \
                     WHERE p.id = CASE WHEN g.white = $1 THEN g.black ELSE g.white END) \
             FROM games g \
             WHERE (g.white = $1 OR g.black = $1) AND g.outcome IS NULL AND g.note IS NULL \
             ORDER BY g.created_at, g.rowid LIMIT $2",
        )
        .bind(player.to_string())
        .bind(MY_GAMES_MAX)
        .fetch_all(&self.pool)
        .await?;
        let mut games = Vec::with_capacity(rows.len());
        for row in &rows {
            let white: PlayerId = parse(TABLE, row.try_get(2)?)?;
            let black: PlayerId = parse(TABLE, row.try_get(3)?)?;
            let clock: StoredClock = parse_json(TABLE, row.try_get(4)?)?;
            let plies: i64 = row.try_get(5)?;
            let plies = u32::try_from(plies).unwrap_or(u32::MAX);
            let side = if white == player {
                Side::White
            } else {
                Side::Black
            };
            let to_move = if plies.is_multiple_of(2) {
                Side::White
            } else {
                Side::Black
            };
            games.push(MyGame {
                game: parse(TABLE, row.try_get(0)?)?,
                kind: parse(TABLE, row.try_get(1)?)?,
                time_control: clock.control,
                side,
                opponent: if side == Side::White { black } else { white },
                opponent_name: row.try_get(6)?,
                plies,
                your_move: to_move == side,
            });
        }
        Ok(games)
    }

    /// The live games not yet over, newest first: of `players` when it names some.
    pub async fn live_games(
        &self,
        players: &[PlayerId],
        limit: usize,
    ) -> Result<Vec<LiveGame>, StoreError> {
        // The players go as one JSON array, read by SQLite's json_each (PostgreSQL's
        // jsonb_array_elements_text): the statement stays the same whatever their number.
        // A correspondence game (days a move) is no live game.
        let players: Vec<String> = players.iter().map(ToString::to_string).collect();
        let players = serde_json::to_string(&players).expect("strings make JSON");
        macro_rules! live {
            ($dialect:tt) => {
                concat!(
                    "SELECT g.id, g.kind, g.white, g.black, g.clock, \
                            (SELECT COUNT(*) FROM moves m WHERE m.game = g.id), \
                            (SELECT name FROM players WHERE id = g.white), \
                            (SELECT name FROM players WHERE id = g.black) \
                     FROM games g \
                     WHERE g.outcome IS NULL AND g.note IS NULL AND ",
                    days_per_move!($dialect),
                    " IS NULL AND ($1 = '[]' OR g.white IN (",
                    json_texts!($dialect, "$1"),
                    ") OR g.black IN (",
                    json_texts!($dialect, "$1"),
                    ")) ORDER BY g.created_at DESC, g.rowid DESC LIMIT $2"
                )
            };
        }
        macro_rules! days_per_move {
            (sqlite) => {
                "json_extract(g.clock, '$.control.days_per_move')"
            };
            (postgres) => {
                "g.clock::jsonb #>> '{control,days_per_move}'"
            };
        }
        let rows = query_each(live!(sqlite), live!(postgres))
            .bind(players)
            .bind(i64::try_from(limit).unwrap_or(i64::MAX))
            .fetch_all(&self.pool)
            .await?;
        let mut games = Vec::with_capacity(rows.len());
        for row in &rows {
            let clock: StoredClock = parse_json(TABLE, row.try_get(4)?)?;
            let plies: i64 = row.try_get(5)?;
            games.push(LiveGame {
                game: parse(TABLE, row.try_get(0)?)?,
                kind: parse(TABLE, row.try_get(1)?)?,
                time_control: clock.control,
                white: parse(TABLE, row.try_get(2)?)?,
                black: parse(TABLE, row.try_get(3)?)?,
                white_name: row.try_get(6)?,
                black_name: row.try_get(7)?,
                plies: u32::try_from(plies).unwrap_or(u32::MAX),
            });
        }
        Ok(games)
    }

    /// The names and the date a game's PGN is headed with; `None` for no such game.
    pub async fn pgn_header(&self, game: GameId) -> Result<Option<PgnHeader>, StoreError> {
        macro_rules! header {
            ($dialect:tt) => {
                concat!(
                    "SELECT (SELECT name FROM players WHERE id = g.white), \
                            (SELECT name FROM players WHERE id = g.black), ",
                    date!($dialect),
                    " FROM games g WHERE g.id = $1"
                )
            };
        }
        macro_rules! date {
            (sqlite) => {
                "strftime('%Y.%m.%d', g.created_at)"
            };
            (postgres) => {
                "to_char(g.created_at AT TIME ZONE 'UTC', 'YYYY.MM.DD')"
            };
        }
        let row = query_each(header!(sqlite), header!(postgres))
            .bind(game.to_string())
            .fetch_optional(&self.pool)
            .await?;
        let Some(row) = row else { return Ok(None) };
        Ok(Some(PgnHeader {
            white: row.try_get(0)?,
            black: row.try_get(1)?,
            date: row.try_get(2)?,
        }))
    }
}
