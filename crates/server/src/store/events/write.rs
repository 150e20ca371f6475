//! The statements of each part of a change, run inside the change's transaction.

use super::Write;
use crate::store::StoreError;
use crate::store::challenges::epoch;
use crate::store::games::insert_new_game;
use crate::store::to_json;

pub(super) async fn apply(
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
