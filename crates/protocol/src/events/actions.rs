//! What a director does to an event, and how a player joins one.

use alloc::string::String;
use alloc::vec::Vec;

use serde::{Deserialize, Serialize};

use crate::online::{Credentials, Side};

/// A game's result as the director enters it (or the server, when an online game ends).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum ResultWire {
    /// Played: 1-0, 0-1, ½-½ (2/0, 0/2, 1/1 under AXF).
    WhiteWins,
    BlackWins,
    Draw,
    /// Not played: Black did not come (`+`/`-`; 2017 art. 6.7.1, AXF ch. 2 §6 一).
    WhiteForfeitWin,
    BlackForfeitWin,
    /// Neither came, or the arbiter declared both lost (2017 art. 11.8): a forfeit loss
    /// for both.
    DoubleForfeit,
}

impl ResultWire {
    /// Whether the game was played over the board.
    pub fn played(self) -> bool {
        matches!(
            self,
            ResultWire::WhiteWins | ResultWire::BlackWins | ResultWire::Draw
        )
    }

    /// The usual short form: `1-0`, `0-1`, `½-½`, `+-`, `-+`, `--`.
    pub fn text(self) -> &'static str {
        match self {
            ResultWire::WhiteWins => "1-0",
            ResultWire::BlackWins => "0-1",
            ResultWire::Draw => "½-½",
            ResultWire::WhiteForfeitWin => "+-",
            ResultWire::BlackForfeitWin => "-+",
            ResultWire::DoubleForfeit => "--",
        }
    }
}

/// A round a player does not play, asked for before it is paired.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum ByeRequest {
    /// A requested half-point bye (TRF `H`).
    HalfPoint,
    /// A requested zero-point bye (TRF `Z`).
    ZeroPoint,
    /// A full-point bye, where the regulations give one (TRF `F`).
    FullPoint,
    /// A temporary withdrawal: absent, nothing scored (TRF `-`).
    Absent,
}

/// The arbiter's penalties: 2017 art. 12.9 and AXF's technical fouls. Each is entered
/// with its reason and kept; those that change a score change the standings.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum PenaltyKind {
    /// 12.9 (1): a warning.
    Warning,
    /// 12.9 (2), (3): time added or taken off a clock at the board (recorded; the
    /// director's clock is the real one).
    TimeAdded {
        seconds: u32,
    },
    TimeDeducted {
        seconds: u32,
    },
    /// 12.9 (4), (5): points given or taken, in hundredths (50 = ½).
    PointsAwarded {
        hundredths: u32,
    },
    PointsDeducted {
        hundredths: u32,
    },
    /// AXF 2008 ch. 2 §7: a technical foul (技术犯规), a tie-break (fewer first); two in
    /// one game lose it (ch. 3 §3 五), which the director enters as the result.
    TechnicalFoul,
    /// 12.9 (8): expelled: withdrawn from the next round on.
    Expelled,
}

/// One board of a manual pairing: `black` `None` is the pairing-allocated bye.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct PairWire {
    pub white: u32,
    #[serde(default)]
    pub black: Option<u32>,
}

/// What the director does. Players are named by their number in the event (the order of
/// entry); rounds and boards from 1.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum DirectorAction {
    /// A player at the board, or a late entry: name, rating (0 unrated), club.
    AddPlayer {
        name: String,
        #[serde(default)]
        rating: u16,
        #[serde(default)]
        club: Option<String>,
    },
    /// The tie-break order after the points; refused once round one is paired.
    SetTieBreaks { tie_breaks: Vec<String> },
    /// A permanent withdrawal: not paired from `from_round` on; games already paired in
    /// it and after are lost by forfeit (or struck out, AXF ch. 2 §6 三).
    Withdraw { player: u32, from_round: u32 },
    /// A requested bye or a temporary withdrawal for a round not yet paired.
    RequestBye {
        player: u32,
        round: u32,
        bye: ByeRequest,
    },
    /// Takes back a requested bye for a round not yet paired.
    CancelBye { player: u32, round: u32 },
    /// Pairs the next round with the event's system. Online, its games start at
    /// `starts_at_ms` (epoch milliseconds; now when left out).
    PairRound {
        round: u32,
        #[serde(default)]
        starts_at_ms: Option<u64>,
    },
    /// Replaces a paired round that has no result yet with the director's own pairing,
    /// checked (everyone present once, no rematch in a Swiss, one bye at most) and
    /// explained when refused.
    SetPairing { round: u32, boards: Vec<PairWire> },
    /// A result at a board. `replaces` names the result it corrects (its `seq`), `None`
    /// for a board without one: of two directors entering at once, one wins and the other
    /// hears `ResultChanged`. Forfeits need a reason. In a knockout, a drawn game names
    /// the winner of its tie-break games.
    EnterResult {
        round: u32,
        board: u32,
        result: ResultWire,
        #[serde(default)]
        reason: Option<String>,
        #[serde(default)]
        replaces: Option<u64>,
        #[serde(default)]
        tie_break_winner: Option<Side>,
    },
    /// An arbiter's penalty, with its reason.
    Penalty {
        player: u32,
        round: u32,
        penalty: PenaltyKind,
        reason: String,
    },
    /// Ends the event: nothing more is paired; the results entered stand, and games still
    /// being played may still end and count.
    EndEvent,
}

/// A player joining an online event by its public link, as the online identity it has.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Join {
    pub credentials: Credentials,
    /// The name in the event (the player's display name when left out).
    #[serde(default)]
    pub name: Option<String>,
    #[serde(default)]
    pub rating: u16,
    #[serde(default)]
    pub club: Option<String>,
}
