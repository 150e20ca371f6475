//! A game as the database gives it back: what [`Table::restore`](super::Table::restore)
//! takes. The arbiter's type, which the store fills, so that the store depends on the
//! arbiter and not the reverse.

use shatar_rules::{GameKind, Outcome};

use super::{MoveMeta, Pairing, StoredClock};
use crate::ids::{GameId, PlayerId};
use crate::wire::{EndNote, Proposal, Side};

/// A game as the database holds it.
pub struct GameRow {
    pub id: GameId,
    pub kind: GameKind,
    pub white: PlayerId,
    pub black: PlayerId,
    pub clock: StoredClock,
    pub outcome: Option<Outcome>,
    pub note: Option<EndNote>,
    /// Since when the side to move has been on turn (epoch milliseconds;
    /// `Table::turn_since_wall_ms`); `None` where it was never kept.
    pub turn_since_wall_ms: Option<u64>,
    pub pairing: Pairing,
    pub proposals: Vec<(Side, Proposal)>,
    pub moves: Vec<StoredMove>,
}

pub struct StoredMove {
    pub text: String,
    pub meta: MoveMeta,
}
