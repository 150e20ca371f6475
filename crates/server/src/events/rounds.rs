//! Pairing the next round, with the event's system or by the director's hand: when it
//! may be paired, how many rounds there are, and the writes that add it.

use shatar_pairing::{Entry, GameResult};
use shatar_protocol::events::{EventError, MAX_PLAYERS, MAX_ROUNDS, PairWire, SystemWire};

use super::pair::{self, knockout_rounds, round_robin_rounds};
use super::plan::{Plan, ended};
use super::record::{self, RecordExt, Scope};
use crate::store::events::{EventRecord, RoundRow, Write};

/// The boards of round `round` that have no result yet (byes and games settled by a
/// withdrawal aside).
pub fn unfinished(record: &EventRecord, round: u32) -> Vec<u32> {
    if round == 0 {
        return Vec::new();
    }
    let built = record::build(record, Scope::Through(round));
    record
        .boards_of(round)
        .iter()
        .filter(|b| {
            b.black.is_some()
                && matches!(
                    built.t.player(built.id(b.white)).entry(round),
                    Some(Entry::Game {
                        result: GameResult::Pending,
                        ..
                    })
                )
        })
        .map(|b| b.board)
        .collect()
}

/// The next round may be paired: in order, after the last one is finished, within the
/// planned rounds.
fn next_round(record: &EventRecord, round: u32) -> Result<(), EventError> {
    ended(record)?;
    let paired = record.paired_rounds();
    if round != paired + 1 {
        return Err(EventError::NotNextRound {
            expected: paired + 1,
        });
    }
    if record.players.len() < 2 {
        return Err(EventError::CannotPair {
            why: "an event needs two players".into(),
        });
    }
    let boards = unfinished(record, paired);
    if !boards.is_empty() {
        return Err(EventError::RoundNotFinished {
            round: paired,
            boards,
        });
    }
    let planned = planned_rounds(record);
    if round > planned {
        return Err(EventError::NoMoreRounds { rounds: planned });
    }
    Ok(())
}

/// The event's rounds: the Swiss's as set; a round robin's and a knockout's from its
/// players (fixed once round one is paired).
pub fn planned_rounds(record: &EventRecord) -> u32 {
    let settings = &record.event.settings;
    if record.paired_rounds() > 0 || settings.system.is_swiss() {
        return settings.rounds;
    }
    let players = record.player_count();
    match settings.system {
        SystemWire::RoundRobin => round_robin_rounds(players, false),
        SystemWire::DoubleRoundRobin => round_robin_rounds(players, true),
        _ => knockout_rounds(players),
    }
    .min(MAX_ROUNDS)
}

/// The writes that add round `round` with these boards.
fn round_writes(
    record: &EventRecord,
    round: u32,
    boards: Vec<(u32, Option<u32>)>,
    starts_at_ms: Option<u64>,
    now_ms: u64,
) -> Vec<Write> {
    let settings = &record.event.settings;
    let mut writes = Vec::new();
    if round == 1 && !settings.system.is_swiss() {
        let mut fixed = settings.clone();
        fixed.rounds = planned_rounds(record);
        writes.push(Write::Settings(fixed));
    }
    writes.push(Write::AddRound(RoundRow {
        round,
        starts_ms: settings.online.then(|| starts_at_ms.unwrap_or(now_ms)),
    }));
    writes.push(Write::Boards {
        round,
        boards: boards
            .into_iter()
            .enumerate()
            .map(|(i, (white, black))| (i as u32 + 1, white, black))
            .collect(),
        replace: false,
    });
    writes
}

pub fn pair_round(
    record: &EventRecord,
    round: u32,
    starts_at_ms: Option<u64>,
    now_ms: u64,
) -> Result<Plan, EventError> {
    next_round(record, round)?;
    if record.event.settings.system.is_round_robin() && record.player_count() > MAX_ROUNDS + 1 {
        return Err(EventError::TooManyRounds { max: MAX_ROUNDS });
    }
    let built = record::build(record, Scope::ToPair);
    let boards = pair::pair(record, &built, round)?;
    if boards.iter().all(|(_, black)| black.is_none()) {
        return Err(EventError::CannotPair {
            why: format!("nobody to pair in round {round}"),
        });
    }
    Ok(Plan::new(round_writes(
        record,
        round,
        boards,
        starts_at_ms,
        now_ms,
    )))
}

pub fn set_pairing(
    record: &EventRecord,
    round: u32,
    boards: &[PairWire],
    now_ms: u64,
) -> Result<Plan, EventError> {
    ended(record)?;
    let paired = record.paired_rounds();
    if boards.len() > MAX_PLAYERS {
        return Err(EventError::TooManyPlayers {
            max: MAX_PLAYERS as u32,
        });
    }
    let pairs: Vec<(u32, Option<u32>)> = boards.iter().map(|p| (p.white, p.black)).collect();
    if round == paired + 1 {
        next_round(record, round)?;
        let built = record::build(record, Scope::ToPair);
        pair::check_manual(record, &built, round, boards)?;
        return Ok(Plan::new(round_writes(record, round, pairs, None, now_ms)));
    }
    if round != paired || round == 0 {
        return Err(EventError::NotNextRound {
            expected: paired + 1,
        });
    }
    let started = record.results.iter().any(|r| r.round == round)
        || record.boards_of(round).iter().any(|b| b.game.is_some());
    if started {
        return Err(EventError::RoundStarted { round });
    }
    let before = record.without_last_round();
    let built = record::build(&before, Scope::ToPair);
    pair::check_manual(&before, &built, round, boards)?;
    Ok(Plan::new(vec![Write::Boards {
        round,
        boards: pairs
            .into_iter()
            .enumerate()
            .map(|(i, (white, black))| (i as u32 + 1, white, black))
            .collect(),
        replace: true,
    }]))
}
