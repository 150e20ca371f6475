//! The statements of each part of a change, run inside the change's transaction.

use super::Write;
use crate::store::StoreError;
use crate::store::challenges::epoch;
use crate::store::db::{Tx, query};
use crate::store::games::insert_new_game;
use crate::store::to_json;

pub(super) async fn apply(
    tx: &mut Tx,
    event: &str,
    write: &Write,
    now_ms: u64,
) -> Result<(), StoreError> {
    match write {
        Write::Settings(settings) => {
            query("UPDATE events SET settings = $1 WHERE id = $2")
                .bind(to_json(settings))
                .bind(event)
                .execute(&mut *tx)
                .await?;
        }
        Write::AddPlayer(p) => {
            query(
                "INSERT INTO event_players \
                 (event, number, name, rating, club, player, entered_round) \
                 VALUES ($1, $2, $3, $4, $5, $6, $7)",
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
            query("UPDATE event_players SET withdrawn_from = $1 WHERE event = $2 AND number = $3")
                .bind(from_round)
                .bind(event)
                .bind(number)
                .execute(&mut *tx)
                .await?;
        }
        Write::PutBye(bye) => {
            query(
                "INSERT INTO event_byes (event, number, round, bye) VALUES ($1, $2, $3, $4) \
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
            query("DELETE FROM event_byes WHERE event = $1 AND number = $2 AND round = $3")
                .bind(event)
                .bind(number)
                .bind(round)
                .execute(&mut *tx)
                .await?;
        }
        Write::AddRound(round) => {
            query("INSERT INTO event_rounds (event, round, starts_ms) VALUES ($1, $2, $3)")
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
                query("DELETE FROM event_boards WHERE event = $1 AND round = $2 AND game IS NULL")
                    .bind(event)
                    .bind(round)
                    .execute(&mut *tx)
                    .await?;
            }
            for (board, white, black) in boards {
                query(
                    "INSERT INTO event_boards (event, round, board, white, black) \
                     VALUES ($1, $2, $3, $4, $5)",
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
            query(
                "INSERT INTO event_results \
                 (event, round, board, result, reason, source, tie_break_winner, entered_ms) \
                 VALUES ($1, $2, $3, $4, $5, $6, $7, $8)",
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
            query(
                "INSERT INTO event_penalties \
                 (event, number, round, penalty, reason, entered_ms) VALUES ($1, $2, $3, $4, $5, $6)",
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
            query("UPDATE events SET ended_ms = $1 WHERE id = $2 AND ended_ms IS NULL")
                .bind(epoch(now_ms))
                .bind(event)
                .execute(&mut *tx)
                .await?;
        }
        Write::StartGame { round, board, game } => {
            insert_new_game(&mut *tx, game, now_ms).await?;
            query(
                "UPDATE event_boards SET game = $1 \
                 WHERE event = $2 AND round = $3 AND board = $4 AND game IS NULL",
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
