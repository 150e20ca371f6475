//! Why a request did nothing: every refusal is one of these, sent as the request's answer.

use alloc::string::String;
use core::fmt;

use serde::{Deserialize, Serialize};

use super::endings::Proposal;
use super::names::BadName;
use super::outcome::OutcomeWire;
use super::time_control::BadTimeControl;

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum ErrorKind {
    /// Not an envelope, or a body that is no known request.
    Malformed {
        detail: String,
    },
    TooLarge {
        max_bytes: usize,
    },
    /// A binary frame: the protocol is JSON text.
    NotText,
    VersionMismatch {
        expected: u32,
        got: u32,
    },
    /// A request before `Hello`.
    NotIntroduced,
    /// A second `Hello` on one connection.
    AlreadyIntroduced,
    /// No player has this id and secret.
    BadCredentials,
    BadTimeControl {
        why: BadTimeControl,
    },
    /// No open challenge has this id (never made, taken, or cancelled).
    UnknownChallenge,
    /// A challenger cannot take the other seat of its own challenge.
    OwnChallenge,
    UnknownGame,
    /// The player holds no seat in this game, or not the one asked of it.
    NotYourSeat,
    NotYourTurn,
    /// The move was made on another ply than the game's: `expected` moves have been
    /// played (a resent or stale move).
    StalePly {
        expected: u32,
    },
    /// No legal move here, in the wire's notation (2017 art. 3; for Xiangqi, AXF ch. 3).
    IllegalMove {
        text: String,
        reason: String,
    },
    GameOver {
        outcome: OutcomeWire,
    },
    /// The server could not do it now (its database or random source failed); nothing
    /// was changed, so the request may be sent again.
    Unavailable,
    /// The opponent has made no such proposal, or it has lapsed.
    NoProposal {
        proposal: Proposal,
    },
    /// A rematch is for a game that is over; the others for one that is not.
    NotNow {
        proposal: Proposal,
    },
    /// No move of the player's to take back.
    NothingToTakeBack,
    /// This game's draws are not claimed: they come by themselves (the folk rules,
    /// Xiangqi).
    NoClaims,
    /// 2017 art. 9.5.2: the claimed draw is not there; `added_ms` went to the opponent.
    WrongClaim {
        added_ms: u64,
    },
    /// The player has moved already: the game can only be resigned now.
    TooLateToAbort,
    /// The opponent is connected, or has been gone less than `wait_ms` more; `None` when
    /// the game takes no such claim (correspondence, where the days a move decide).
    OpponentPresent {
        wait_ms: Option<u64>,
    },
    /// The challenge is someone else's.
    NotYourChallenge,
    BadName {
        why: BadName,
    },
    /// The game was aborted: it has no result and takes no more moves.
    GameAborted,
    /// Too many messages or new connections: nothing was done; the same request may be
    /// sent again after `retry_after_ms`. A connection that keeps sending is closed.
    RateLimited {
        retry_after_ms: u64,
    },
    /// This address already holds `max` connections: the new one is closed.
    TooManyConnections {
        max: u32,
    },
    /// The connection did not read the games it watches as fast as they were sent: it is
    /// closed, and a new one gets each game as it stands by `Watch`.
    FellBehind,
    /// The player already has `max` challenges waiting (or, for one in the lobby, `max`
    /// listed there): one must be taken, cancelled or lapse first.
    TooManyChallenges {
        max: u32,
    },
    /// The player, or the challenger whose challenge it takes, already has `max`
    /// unfinished games.
    TooManyGames {
        max: u32,
    },
    /// An event's game (issue 56) is not aborted: resign it, or a side that does not come
    /// loses it after the event's no-show time.
    EventGame,
}

impl ErrorKind {
    pub fn malformed(why: impl fmt::Display) -> ErrorKind {
        ErrorKind::Malformed {
            detail: alloc::format!("{why}"),
        }
    }
}

impl fmt::Display for ErrorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ErrorKind::Malformed { detail } => write!(f, "malformed message ({detail})"),
            ErrorKind::TooLarge { max_bytes } => write!(f, "a message over {max_bytes} bytes"),
            ErrorKind::NotText => f.write_str("a binary message: the protocol is JSON text"),
            ErrorKind::VersionMismatch { expected, got } => {
                write!(f, "protocol {got}, the server speaks {expected}")
            }
            ErrorKind::NotIntroduced => f.write_str("say Hello first"),
            ErrorKind::AlreadyIntroduced => f.write_str("Hello was already said"),
            ErrorKind::BadCredentials => f.write_str("no player has this id and secret"),
            ErrorKind::BadTimeControl { why } => write!(f, "bad time control: {why}"),
            ErrorKind::UnknownChallenge => f.write_str("no open challenge has this id"),
            ErrorKind::OwnChallenge => f.write_str("this is your own challenge"),
            ErrorKind::UnknownGame => f.write_str("no game has this id"),
            ErrorKind::NotYourSeat => f.write_str("you hold no seat in this game"),
            ErrorKind::NotYourTurn => f.write_str("it is not your turn"),
            ErrorKind::StalePly { expected } => {
                write!(f, "the game has {expected} moves: your move is stale")
            }
            ErrorKind::IllegalMove { text, reason } => write!(f, "{text} is illegal: {reason}"),
            ErrorKind::GameOver { outcome } => write!(f, "the game is over: {}", outcome.0),
            ErrorKind::Unavailable => f.write_str("the server cannot do this now; try again"),
            ErrorKind::NoProposal { proposal } => {
                write!(f, "your opponent has proposed no {proposal} (or it lapsed)")
            }
            ErrorKind::NotNow { proposal } => write!(f, "no {proposal} can be proposed now"),
            ErrorKind::NothingToTakeBack => f.write_str("you have no move to take back"),
            ErrorKind::NoClaims => {
                f.write_str("this game's draws come by themselves: nothing is claimed")
            }
            ErrorKind::WrongClaim { added_ms } => write!(
                f,
                "no draw can be claimed here; your opponent gets {} s more",
                added_ms / 1000
            ),
            ErrorKind::TooLateToAbort => f.write_str("you have moved: resign instead"),
            ErrorKind::OpponentPresent { wait_ms: Some(ms) } => write!(
                f,
                "your opponent has not been gone long enough ({} s more)",
                ms.div_ceil(1000)
            ),
            ErrorKind::OpponentPresent { wait_ms: None } => {
                f.write_str("this game takes no claim of an absent opponent")
            }
            ErrorKind::NotYourChallenge => f.write_str("this challenge is not yours"),
            ErrorKind::BadName { why } => write!(f, "bad name: {why}"),
            ErrorKind::GameAborted => f.write_str("the game was aborted"),
            ErrorKind::RateLimited { retry_after_ms } => {
                write!(f, "too many messages; try again in {retry_after_ms} ms")
            }
            ErrorKind::TooManyConnections { max } => {
                write!(f, "this address already holds {max} connections")
            }
            ErrorKind::FellBehind => {
                f.write_str("the connection fell behind the games it watches; reconnect")
            }
            ErrorKind::TooManyChallenges { max } => {
                write!(f, "you have {max} challenges waiting already")
            }
            ErrorKind::TooManyGames { max } => {
                write!(
                    f,
                    "a player of this game has {max} unfinished games already"
                )
            }
            ErrorKind::EventGame => f.write_str(
                "an event's game is not aborted: resign it, or an absent side forfeits it",
            ),
        }
    }
}

impl core::error::Error for ErrorKind {}
