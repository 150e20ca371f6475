//! How players end a game between themselves, beyond the moves: proposals the opponent
//! answers, and the endings the server decides that the rules have no reason for.

use core::fmt;

use serde::{Deserialize, Serialize};

use super::seat::Side;

/// How long a live game's player must have had no connection to the server before its
/// opponent may claim the game (win or draw): long enough for a reload or a network's
/// hiccup, short enough that nobody waits out a player who has left.
pub const ABSENCE_CLAIM_MS: u64 = 30_000;

/// What a player may propose and its opponent accept or decline.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Proposal {
    /// 2017 art. 9.1.2: a draw. It lapses when the opponent moves (9.1.2.a: declining by
    /// moving). A wrong draw claim counts as one (9.1.2.c).
    Draw,
    /// Take back the proposer's last move (and the opponent's reply, if it has come):
    /// the proposer is then to move again. Lapses when the opponent moves.
    Takeback,
    /// Once the game is over: a new game of the same kind and control, colours swapped.
    Rematch,
}

impl fmt::Display for Proposal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Proposal::Draw => "draw",
            Proposal::Takeback => "takeback",
            Proposal::Rematch => "rematch",
        })
    }
}

/// An ending the server decides, as lichess does, which the rules' outcomes cannot say.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum EndNote {
    /// No result: the game ended before both sides had moved.
    Aborted,
    /// `by` left the game (no connection for a while) and its opponent claimed the win or
    /// called it a draw; the outcome says which.
    Abandoned { by: Side },
}
