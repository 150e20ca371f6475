//! Why an event's request did nothing: every refusal is one of these, with what and
//! where.

use alloc::string::String;
use alloc::vec::Vec;
use core::fmt;

use serde::{Deserialize, Serialize};

use crate::online::BadName;

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum EventError {
    /// Not an envelope, or a body that is no known request (serde's words).
    Malformed {
        detail: String,
    },
    TooLarge {
        max_bytes: usize,
    },
    VersionMismatch {
        expected: u32,
        got: u32,
    },
    UnknownEvent,
    /// The director's token is missing or wrong.
    NotDirector,
    /// No online player has this id and secret.
    BadCredentials,
    /// A text field (`name`, `club`, `reason`) that is no plain text of its length.
    BadText {
        field: String,
        why: BadName,
    },
    /// A setting out of its range, or one the event cannot have: which, and why.
    BadSetting {
        field: String,
        why: String,
    },
    /// A tie-break the pairing crate does not know (its message lists the known ones).
    BadTieBreak {
        why: String,
    },
    TooManyPlayers {
        max: u32,
    },
    TooManyRounds {
        max: u32,
    },
    /// The event's log holds `max` results and penalties.
    TooManyEntries {
        max: u32,
    },
    /// Too many events made from this address lately: nothing was done.
    RateLimited {
        retry_after_ms: u64,
    },
    UnknownPlayer {
        player: u32,
    },
    UnknownRound {
        round: u32,
    },
    UnknownBoard {
        round: u32,
        board: u32,
    },
    /// Rounds are paired in order: the next is `expected`.
    NotNextRound {
        expected: u32,
    },
    /// The round before has boards without a result.
    RoundNotFinished {
        round: u32,
        boards: Vec<u32>,
    },
    /// Every planned round is paired.
    NoMoreRounds {
        rounds: u32,
    },
    /// The pairing system cannot pair this round, and says why.
    CannotPair {
        why: String,
    },
    /// A manual pairing refused, and why (who is missing, who meets again…).
    BadPairing {
        why: String,
    },
    /// The round has results (or its games have started): its pairing stays.
    RoundStarted {
        round: u32,
    },
    /// The tie-break order is locked once round one is paired.
    OrderLocked,
    /// Late entries closed when round `round` was paired.
    LateEntryClosed {
        round: u32,
    },
    /// This online player is in the event already, as `number`.
    AlreadyJoined {
        number: u32,
    },
    /// Joining by link is for online events; at the board the director enters players.
    NotOnline,
    /// A round already paired cannot take a bye or lose a player to it.
    RoundPaired {
        round: u32,
    },
    /// The board's standing result is not the one the correction names (another result
    /// was entered meanwhile): `current` is its `seq`.
    ResultChanged {
        current: Option<u64>,
    },
    /// Forfeits and penalties are entered with their reason.
    ReasonRequired,
    /// A knockout's drawn game needs the winner of its tie-break games; a decided one
    /// takes none.
    TieBreakWinner,
    /// The event has ended: nothing more is paired or entered but results.
    Ended,
    /// The player has withdrawn (from `round`).
    Withdrawn {
        round: u32,
    },
    /// Another change was made at the same moment, again and again: send it again.
    Busy,
    /// The server could not do it now; nothing was changed.
    Unavailable,
}

impl EventError {
    pub fn malformed(why: impl fmt::Display) -> EventError {
        EventError::Malformed {
            detail: alloc::format!("{why}"),
        }
    }

    pub fn setting(field: &str, why: impl fmt::Display) -> EventError {
        EventError::BadSetting {
            field: field.into(),
            why: alloc::format!("{why}"),
        }
    }
}

impl fmt::Display for EventError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            EventError::Malformed { detail } => write!(f, "malformed request ({detail})"),
            EventError::TooLarge { max_bytes } => write!(f, "a request over {max_bytes} bytes"),
            EventError::VersionMismatch { expected, got } => {
                write!(f, "protocol {got}, the server speaks {expected}")
            }
            EventError::UnknownEvent => f.write_str("no event has this id"),
            EventError::NotDirector => f.write_str("the director's token is missing or wrong"),
            EventError::BadCredentials => f.write_str("no player has this id and secret"),
            EventError::BadText { field, why } => write!(f, "{field}: {why}"),
            EventError::BadSetting { field, why } => write!(f, "{field}: {why}"),
            EventError::BadTieBreak { why } => f.write_str(why),
            EventError::TooManyPlayers { max } => write!(f, "an event takes {max} players"),
            EventError::TooManyRounds { max } => write!(f, "an event has at most {max} rounds"),
            EventError::TooManyEntries { max } => {
                write!(f, "the event's log is full ({max} results and penalties)")
            }
            EventError::RateLimited { retry_after_ms } => {
                write!(f, "too many events made; try again in {retry_after_ms} ms")
            }
            EventError::UnknownPlayer { player } => write!(f, "no player {player} in the event"),
            EventError::UnknownRound { round } => write!(f, "round {round} is not paired"),
            EventError::UnknownBoard { round, board } => {
                write!(f, "round {round} has no board {board}")
            }
            EventError::NotNextRound { expected } => {
                write!(
                    f,
                    "rounds are paired in order: the next is round {expected}"
                )
            }
            EventError::RoundNotFinished { round, boards } => {
                write!(f, "round {round} has boards without a result: {boards:?}")
            }
            EventError::NoMoreRounds { rounds } => {
                write!(f, "all {rounds} rounds are paired")
            }
            EventError::CannotPair { why } => write!(f, "cannot pair: {why}"),
            EventError::BadPairing { why } => write!(f, "pairing refused: {why}"),
            EventError::RoundStarted { round } => {
                write!(f, "round {round} has started: its pairing stays")
            }
            EventError::OrderLocked => {
                f.write_str("the tie-break order is locked: round one has been paired")
            }
            EventError::LateEntryClosed { round } => {
                write!(f, "late entries closed with round {round}")
            }
            EventError::AlreadyJoined { number } => {
                write!(f, "you are in the event already, as number {number}")
            }
            EventError::NotOnline => {
                f.write_str("this event is played at the board: the director enters players")
            }
            EventError::RoundPaired { round } => write!(f, "round {round} is paired already"),
            EventError::ResultChanged { current } => match current {
                Some(seq) => write!(f, "another result was entered meanwhile (#{seq})"),
                None => f.write_str("the board has no result to correct"),
            },
            EventError::ReasonRequired => {
                f.write_str("say why: forfeits and penalties need a reason")
            }
            EventError::TieBreakWinner => f.write_str(
                "a knockout's drawn game needs the winner of its tie-break games (and only it)",
            ),
            EventError::Ended => f.write_str("the event has ended"),
            EventError::Withdrawn { round } => write!(f, "the player withdrew from round {round}"),
            EventError::Busy => f.write_str("the event was changing; send it again"),
            EventError::Unavailable => f.write_str("the server cannot do this now; try again"),
        }
    }
}

impl core::error::Error for EventError {}
