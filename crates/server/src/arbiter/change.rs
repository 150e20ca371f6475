//! What a change does to a table: worked out on a copy, committed, then taken.

use shatar_rules::Outcome;
use shatar_rules::any_game::WireGameError;

use super::{BadStoredControl, Table};
use crate::ids::GameId;
use crate::wire::{ErrorKind, Proposal, Side};

/// What a change did, for the database and the watchers, in order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Step {
    /// Move `ply` (from 0) was played; `outcome` if it ended the game on the board.
    Moved {
        ply: u32,
        text: String,
        outcome: Option<Outcome>,
    },
    /// The game ended off the board: a flag, a resignation, a draw agreed or claimed, an
    /// abandoned game.
    Ended {
        outcome: Outcome,
    },
    /// The game ended with no result.
    Aborted,
    /// `by` proposed something; a draw offer marks the proposer's last move `mark`.
    Proposed {
        by: Side,
        proposal: Proposal,
        mark: Option<u32>,
    },
    Declined {
        by: Side,
        proposal: Proposal,
    },
    /// The moves from `ply` on were taken back.
    TookBack {
        ply: u32,
    },
    /// 2017 art. 9.5.2: `by`'s claim was wrong; its opponent got `added_ms`.
    ClaimRefused {
        by: Side,
        added_ms: u64,
    },
    /// A rematch was agreed: the new game is the change's `spawned` table.
    Rematched {
        rematch: GameId,
    },
}

/// A table as it will be once the change is committed.
#[derive(Debug)]
pub struct Change {
    pub table: Table,
    pub steps: Vec<Step>,
    /// A game the change starts (a rematch), committed with it.
    pub spawned: Option<Table>,
    /// The refusal to answer the request with once the change is committed: a wrong claim
    /// changes the clocks and is still refused.
    pub refusal: Option<ErrorKind>,
}

impl Change {
    pub(super) fn new(table: Table, step: Step) -> Change {
        Change {
            table,
            steps: vec![step],
            spawned: None,
            refusal: None,
        }
    }

    /// Nothing to commit or announce.
    pub(super) fn unchanged(table: Table) -> Change {
        Change {
            steps: Vec::new(),
            ..Change::new(table, Step::Aborted)
        }
    }
}

/// Why a table could not be rebuilt from what the database holds.
#[derive(Debug)]
pub enum RestoreError {
    Moves(WireGameError),
    Clock(BadStoredControl),
}

impl core::fmt::Display for RestoreError {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        match self {
            RestoreError::Moves(e) => write!(f, "the stored moves do not replay: {e}"),
            RestoreError::Clock(e) => write!(f, "the stored clock's control is unsound: {:?}", e.0),
        }
    }
}

impl std::error::Error for RestoreError {}
