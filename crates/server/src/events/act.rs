//! A director's action worked out against the event as it stands: refused with what and
//! why, or the writes that make it. Pure: the caller commits the writes in one
//! transaction behind the event's revision, and works the action out again if another
//! change came first.

use shatar_protocol::events::{
    DirectorAction, EventError, MAX_CLUB_CHARS, MAX_LOG_ENTRIES, MAX_PLAYERS, MAX_REASON_CHARS,
    MAX_ROUNDS, PenaltyKind, ResultSource, ResultWire, SystemWire,
};

use super::plan::{Plan, ended};
use super::record::{self, RecordExt};
use super::settings::text;
use crate::store::events::{ByeRow, EventRecord, PenaltyRow, PlayerRow, ResultRow, Write};
use crate::wire::MAX_NAME_CHARS;

/// The most points a penalty gives or takes, in hundredths, and the most seconds.
const MAX_PENALTY_HUNDREDTHS: u32 = 1_000;
const MAX_PENALTY_SECONDS: u32 = 3_600;

fn player(record: &EventRecord, number: u32) -> Result<&PlayerRow, EventError> {
    number
        .checked_sub(1)
        .and_then(|i| record.players.get(i as usize))
        .ok_or(EventError::UnknownPlayer { player: number })
}

fn log_room(record: &EventRecord) -> Result<(), EventError> {
    if record.results.len() + record.penalties.len() >= MAX_LOG_ENTRIES {
        return Err(EventError::TooManyEntries {
            max: MAX_LOG_ENTRIES as u32,
        });
    }
    Ok(())
}

/// A new player's row, or why not: the caps, late entries, the text.
pub fn new_player(
    record: &EventRecord,
    name: &str,
    rating: u16,
    club: Option<&str>,
) -> Result<PlayerRow, EventError> {
    ended(record)?;
    let name = text("name", name, MAX_NAME_CHARS)?
        .ok_or_else(|| EventError::setting("name", "a player needs a name"))?;
    let club = text("club", club.unwrap_or(""), MAX_CLUB_CHARS)?.unwrap_or_default();
    if record.players.len() >= MAX_PLAYERS {
        return Err(EventError::TooManyPlayers {
            max: MAX_PLAYERS as u32,
        });
    }
    let paired = record.paired_rounds();
    let until = record.event.settings.late_entry_until;
    if paired >= until {
        return Err(EventError::LateEntryClosed { round: until });
    }
    Ok(PlayerRow {
        number: record.players.len() as u32 + 1,
        name,
        rating,
        club,
        player: None,
        entered_round: paired + 1,
        withdrawn_from: None,
    })
}

pub fn plan(
    record: &EventRecord,
    action: &DirectorAction,
    now_ms: u64,
) -> Result<Plan, EventError> {
    let settings = &record.event.settings;
    let paired = record.paired_rounds();
    match action {
        DirectorAction::AddPlayer { name, rating, club } => {
            if settings.online {
                return Err(EventError::setting(
                    "player",
                    "an online event's players join by its link",
                ));
            }
            let row = new_player(record, name, *rating, club.as_deref())?;
            Ok(Plan::new(vec![Write::AddPlayer(row)]))
        }
        DirectorAction::SetTieBreaks { tie_breaks } => {
            ended(record)?;
            if paired > 0 {
                return Err(EventError::OrderLocked);
            }
            let mut settings = settings.clone();
            settings.tie_breaks = tie_breaks.clone();
            if settings.tie_breaks.len() > 12 {
                return Err(EventError::setting("tie_breaks", "at most 12"));
            }
            record::order(&settings)?;
            Ok(Plan::new(vec![Write::Settings(settings)]))
        }
        DirectorAction::Withdraw {
            player: number,
            from_round,
        } => {
            ended(record)?;
            let row = player(record, *number)?;
            if !(1..=MAX_ROUNDS).contains(from_round) {
                return Err(EventError::UnknownRound { round: *from_round });
            }
            if let Some(w) = row.withdrawn_from
                && w <= *from_round
            {
                return Err(EventError::Withdrawn { round: w });
            }
            Ok(Plan::new(vec![Write::Withdraw {
                number: *number,
                from_round: *from_round,
            }]))
        }
        DirectorAction::RequestBye {
            player: number,
            round,
            bye,
        } => {
            ended(record)?;
            let row = player(record, *number)?;
            if !settings.system.is_swiss() {
                return Err(EventError::setting(
                    "bye",
                    "a round robin's and a knockout's games are fixed: enter a forfeit",
                ));
            }
            if *round <= paired {
                return Err(EventError::RoundPaired { round: *round });
            }
            if *round > settings.rounds {
                return Err(EventError::UnknownRound { round: *round });
            }
            if let Some(w) = row.withdrawn_from
                && w <= *round
            {
                return Err(EventError::Withdrawn { round: w });
            }
            Ok(Plan::new(vec![Write::PutBye(ByeRow {
                number: *number,
                round: *round,
                bye: *bye,
            })]))
        }
        DirectorAction::CancelBye {
            player: number,
            round,
        } => {
            ended(record)?;
            player(record, *number)?;
            if *round <= paired {
                return Err(EventError::RoundPaired { round: *round });
            }
            Ok(Plan::new(vec![Write::DropBye {
                number: *number,
                round: *round,
            }]))
        }
        DirectorAction::PairRound {
            round,
            starts_at_ms,
        } => super::rounds::pair_round(record, *round, *starts_at_ms, now_ms),
        DirectorAction::SetPairing { round, boards } => {
            super::rounds::set_pairing(record, *round, boards, now_ms)
        }
        DirectorAction::EnterResult {
            round,
            board,
            result,
            reason,
            replaces,
            tie_break_winner,
        } => {
            if !record
                .boards
                .iter()
                .any(|b| b.round == *round && b.board == *board && b.black.is_some())
            {
                return Err(EventError::UnknownBoard {
                    round: *round,
                    board: *board,
                });
            }
            let reason = text("reason", reason.as_deref().unwrap_or(""), MAX_REASON_CHARS)?;
            let current = record.standing(*round, *board).map(|r| r.seq);
            if *replaces != current {
                return Err(EventError::ResultChanged { current });
            }
            if (!result.played() || current.is_some()) && reason.is_none() {
                return Err(EventError::ReasonRequired);
            }
            let knockout = settings.system == SystemWire::Knockout;
            let drawn = *result == ResultWire::Draw;
            if tie_break_winner.is_some() != (knockout && drawn) {
                return Err(EventError::TieBreakWinner);
            }
            if knockout && *round < paired {
                // Who went through is paired already.
                return Err(EventError::RoundStarted { round: *round + 1 });
            }
            log_room(record)?;
            Ok(Plan {
                writes: vec![Write::Result(ResultRow {
                    seq: 0,
                    round: *round,
                    board: *board,
                    result: *result,
                    reason,
                    source: ResultSource::Director,
                    tie_break_winner: *tie_break_winner,
                    entered_ms: now_ms,
                })],
                after_end: true,
            })
        }
        DirectorAction::Penalty {
            player: number,
            round,
            penalty,
            reason,
        } => {
            let row = player(record, *number)?;
            if *round == 0 || *round > paired.max(1) {
                return Err(EventError::UnknownRound { round: *round });
            }
            let reason =
                text("reason", reason, MAX_REASON_CHARS)?.ok_or(EventError::ReasonRequired)?;
            match *penalty {
                PenaltyKind::PointsAwarded { hundredths }
                | PenaltyKind::PointsDeducted { hundredths }
                    if hundredths == 0 || hundredths > MAX_PENALTY_HUNDREDTHS =>
                {
                    return Err(EventError::setting(
                        "penalty",
                        format!("points from 0.01 to {}", MAX_PENALTY_HUNDREDTHS / 100),
                    ));
                }
                PenaltyKind::TimeAdded { seconds } | PenaltyKind::TimeDeducted { seconds }
                    if seconds == 0 || seconds > MAX_PENALTY_SECONDS =>
                {
                    return Err(EventError::setting(
                        "penalty",
                        format!("seconds from 1 to {MAX_PENALTY_SECONDS}"),
                    ));
                }
                _ => {}
            }
            log_room(record)?;
            let mut writes = vec![Write::Penalty(PenaltyRow {
                seq: 0,
                number: *number,
                round: *round,
                penalty: *penalty,
                reason,
                entered_ms: now_ms,
            })];
            // 2017 art. 12.9 (8): out of the event from the next round on.
            if *penalty == PenaltyKind::Expelled && row.withdrawn_from.is_none() {
                writes.push(Write::Withdraw {
                    number: *number,
                    from_round: round + 1,
                });
            }
            Ok(Plan {
                writes,
                after_end: true,
            })
        }
        DirectorAction::EndEvent => {
            ended(record)?;
            Ok(Plan::new(vec![Write::End]))
        }
    }
}
